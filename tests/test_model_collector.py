"""The kernel's pause of the cyclic collector: what it calls gets every argument, and the collector is back as it was."""

from __future__ import annotations

import gc

import pytest

from binding_graph import _gc_pause
from tests._helpers import collector_set


@pytest.mark.parametrize("enabled", [True, False], ids=["on", "off"])
class TestPause:
    """The readers' pause and the analysis' pause leave the collector as they found it."""

    def test_the_pause_passes_every_argument_through(
        self,
        enabled: bool,  # noqa: FBT001 -- a parameter of the test
    ) -> None:
        """The readers' pause calls with every positional and keyword argument."""
        with collector_set(enabled=enabled):
            assert _gc_pause.call_paused(dict, [("a", 1)], b=2) == {"a": 1, "b": 2}
            assert gc.isenabled() is enabled

    def test_the_collector_is_off_inside_and_back_after(
        self,
        enabled: bool,  # noqa: FBT001 -- a parameter of the test
    ) -> None:
        """Inside the pause the collector is off; after it, on a raise too, it is as it was."""
        inside: list[bool] = []

        def refused() -> None:
            with _gc_pause.collector_paused():
                inside.append(gc.isenabled())
                raise KeyError

        with collector_set(enabled=enabled):
            with _gc_pause.collector_paused():
                inside.append(gc.isenabled())
            assert gc.isenabled() is enabled
            with pytest.raises(KeyError):
                refused()
            assert gc.isenabled() is enabled
            inside.append(_gc_pause.call_paused(gc.isenabled))
            assert gc.isenabled() is enabled
        assert inside == [False, False, False]
