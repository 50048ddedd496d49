"""Pausing Python's cyclic garbage collector while much is built and little freed."""

from __future__ import annotations

import contextlib
import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Generator


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
