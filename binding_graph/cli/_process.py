"""What the run asks of its process: SIGTERM as an orderly end, and standard streams that may be closed or full.

A standard stream may have been closed before the command started (its
``sys`` attribute is then ``None``), or fail as it is written (a reader
that went away, a full disk); SIGTERM may come at any time. Each ends the
run in one line on standard error, if that can be written, and an exit
status that says which came.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from typing import TYPE_CHECKING

from binding_graph.cli._progress import erase_progress
from binding_graph.cli._report import PROGRAM, RunError

if TYPE_CHECKING:
    from collections.abc import Generator
    from types import FrameType


def silence_stdout() -> None:
    """Point standard output's descriptor at the null device, if it has one."""
    # Standard output cannot be written (its reader has gone, `binding-graph
    # hash ... | head`; its disk is full): pointed at /dev/null, flushing it
    # at exit raises nothing more.
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def say(message: str) -> None:
    """Write ``binding-graph: MESSAGE`` on standard error, if it can be written at all.

    A progress bar still on the terminal is erased first, so that the
    message has the line to itself.
    """
    with contextlib.suppress(AttributeError, OSError, ValueError, RunError):
        erase_progress()
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stderr.write(f"{PROGRAM}: {message}\n")
        sys.stderr.flush()


class Terminated(BaseException):
    """SIGTERM came: raised where the run is, so that it ends as Ctrl-C ends it."""


def _terminate(number: int, frame: FrameType | None) -> None:  # noqa: ARG001 -- a handler's signature
    # Once: a second SIGTERM must not break off the cleanup the first began.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Terminated


@contextlib.contextmanager
def sigterm_ends_the_run() -> Generator[None, None, None]:
    """Turn SIGTERM into :class:`Terminated` while the run lasts, in the main thread."""
    # Only the main thread may set a handler, and only it runs them.
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        # None: a handler set outside Python, which cannot be set again.
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


@contextlib.contextmanager
def stderr_somewhere() -> Generator[None, None, None]:
    """Give the run a standard error to write to, if its descriptor was closed before it started.

    What would be said there is lost, but the run goes on, and its exit
    status says what it would have said.
    """
    if sys.stderr is not None:
        yield
        return
    with open(os.devnull, "w", encoding="utf-8") as devnull:  # noqa: PTH123 -- pathlib costs the command its start-up
        sys.stderr = devnull
        try:
            yield
        finally:
            sys.stderr = None
