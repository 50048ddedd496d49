"""Test-wide configuration: Hypothesis profiles, and the fixture that runs the command line."""

from __future__ import annotations

import io
import os
import signal
import sys
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, Phase, settings

from binding_graph.cli import main
from tests._helpers import Result

# A run started in the background of a shell (nohup, &, setsid) inherits
# SIGINT ignored, and so would every command a test starts: the tests of
# Ctrl-C need it as Python sets it at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

# Quick by default; heavier wherever CI is set. Both print a reproduction
# blob for a failing example, so it can be replayed with @reproduce_failure.
# Timing is no part of correctness here: the machines are shared, coverage
# slows every line, so neither deadlines nor slow generation fail a test.
_BASE = settings(
    print_blob=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("default", _BASE, max_examples=100)
settings.register_profile("ci", _BASE, max_examples=150)
# Mutation runs (`tox run -e mutation`, docs/mutation.md) run the tests once per
# mutant: a few examples, the same ones every run (so the score is
# reproducible), no example database shared between mutants, and no shrinking
# (the first failing example is enough to kill a mutant).
# mutmut also runs the same tests again and again in one process, each time
# on a new instance of the test's class: Hypothesis would take that for a
# test called from several executors.
settings.register_profile(
    "mutation",
    _BASE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
    max_examples=10,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),
)
# HYPOTHESIS_PROFILE names a profile outright; otherwise CI picks `ci`.
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI") else "default")
)


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Callable[..., Result]:
    """Return a function that runs ``binding-graph ARGS`` in-process, in a temporary directory."""
    monkeypatch.chdir(tmp_path)

    def run(*argv: str, stdin: bytes = b"") -> Result:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run
