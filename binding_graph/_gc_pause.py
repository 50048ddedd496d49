"""Pausing Python's cyclic garbage collector while much is built and little freed."""

from __future__ import annotations

import contextlib
import gc
from typing import TYPE_CHECKING, ParamSpec, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable, Generator

    # For the type checkers alone.
    _P = ParamSpec("_P")
    _R = TypeVar("_R")


def call_paused(call: Callable[_P, _R], /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """Return ``call(*args, **kwargs)``, run with the cyclic collector paused.

    The readers' form of :func:`collector_paused`, for the same reason, as a
    plain call: a reader of a word problem's document is short enough that
    entering a context manager would show in its time.
    """
    if gc.isenabled():
        gc.disable()
        try:
            return call(*args, **kwargs)
        finally:
            gc.enable()
    return call(*args, **kwargs)


@contextlib.contextmanager
def collector_paused() -> Generator[None, None, None]:
    """Pause Python's cyclic garbage collector while a document is read or a graph analysed.

    Both allocate many objects, in proportion to the graph, and free none of
    them before they return, and none of them is in a reference cycle: the
    collector would run again and again over a heap that only grows, for
    nothing, which made the time per object grow with the graph. Its state
    is restored on the way out, refused or not; one that was already off
    stays off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
