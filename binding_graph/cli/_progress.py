"""The progress bar of a long run: one line on a terminal, redrawn in place, with the share done and the time left.

The line never reaches the terminal's last column: where it does not fit
whole, the bar narrows, then its least useful parts go, so that it never
wraps onto a second line. The bar on the terminal is known here, so that a
run that ends abruptly (Ctrl-C, SIGTERM, an error) erases it before it says
why (:func:`erase_progress`).
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Final, TextIO

from binding_graph.cli._report import PROGRAM, flush, write

if TYPE_CHECKING:
    from collections.abc import Callable


_SHOWN: Final[list[Progress]] = []  # the bar on the terminal now, if any


def erase_progress() -> None:
    """Erase the progress bar on the terminal, if one is shown: the run's last line goes in its place.

    For a run that ends where its command cannot clear its own bar: Ctrl-C,
    SIGTERM, an error that ends the run.
    """
    for bar in tuple(_SHOWN):
        bar.clear()


def _duration(seconds: float) -> str:
    """Return *seconds* as ``M:SS``, or ``H:MM:SS`` from an hour up."""
    minutes, whole = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{whole:02}" if hours else f"{minutes}:{whole:02}"


class Progress:
    """A progress bar on a terminal, drawn once a run has lasted :attr:`DELAY` seconds.

    Nothing is written unless *stream* is a terminal, so pipes and CI logs
    stay clean. With the *total* size of the input known, in what
    :meth:`advance` counts as done (the bytes of files, or the records of
    one read whole), the bar shows the share done, the records, the records
    per second and the time left; without it (standard input), the records.
    """

    WIDEST: Final = 24
    """The most characters between the bar's brackets."""
    NARROWEST: Final = 5
    """The fewest: below, the bar is left out."""
    DELAY: float = 0.5
    """Seconds a run lasts before the bar shows: a short run shows none."""
    INTERVAL: float = 0.1
    """Seconds between two redraws."""

    def __init__(
        self,
        stream: TextIO,
        total: int | None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.total = total
        self.clock = clock
        self.enabled = stream.isatty()
        self.started = clock()
        self.drawn_at: float | None = None  # when the bar was last drawn
        self.done = 0
        self.records = 0

    def advance(self, size: int, records: int) -> None:
        """Count *size* more bytes and *records* more records done; redraw if due."""
        self.done += size
        self.records += records
        if not self.enabled:
            return
        now = self.clock()
        due = now - self.started >= self.DELAY and (
            self.drawn_at is None or now - self.drawn_at >= self.INTERVAL
        )
        if due:
            if self.drawn_at is None:
                _SHOWN.append(self)
            self.drawn_at = now
            # Back to the line's start, the new line over the old, and the
            # rest of the old erased: never a line feed.
            write(self.stream, "\r" + self.render() + "\x1b[K")
            flush(self.stream)

    def columns(self) -> int:
        """Return the width of the terminal of the stream, measured now: it may have changed."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):  # not a terminal's descriptor
            columns = 0
        if columns:
            return columns
        # A terminal that does not know its size (a serial line): shutil
        # asks the environment, and is imported only then.
        import shutil  # noqa: PLC0415

        return shutil.get_terminal_size().columns

    def render(self, columns: int | None = None) -> str:
        """Return the bar's line for a terminal *columns* wide (by default, the stream's).

        The line takes at most ``columns - 1`` characters: one that fills the
        last column wraps on some terminals.
        """
        room = (self.columns() if columns is None else columns) - 1
        records = f"{self.records:,} records"
        if not self.total:
            return _first_that_fits(room, [f"{PROGRAM}: {records}", records])
        share = min(self.done / self.total, 1.0)
        elapsed = self.clock() - self.started
        rate = self.records / elapsed if elapsed > 0 else None
        left = (
            _duration(elapsed * max(self.total - self.done, 0) / self.done) + " left"
            if self.done and elapsed > 0
            else None
        )
        per_second = None if rate is None else f"{rate:,.0f}/s"
        spelt = None if rate is None else f"{rate:,.0f} records/s"
        # From the fullest to the barest: the first that fits is drawn.
        layouts: list[tuple[bool, tuple[str | None, ...]]] = [
            (True, (records, per_second, left)),
            (True, (spelt, left)),
            (True, (left,)),
            (False, (left,)),
            (False, ()),
        ]
        percent = f"{share:4.0%}"
        for with_bar, parts in layouts:
            shown = [part for part in parts if part is not None]
            tail = percent + (" " + ", ".join(shown) if shown else "")
            if not with_bar:
                line = f"{PROGRAM}: {tail}"
                if len(line) <= room:
                    return line
                continue
            width = min(self.WIDEST, room - len(f"{PROGRAM}: [] {tail}"))
            if width >= self.NARROWEST:
                filled = round(share * width)
                bar = "#" * filled + "-" * (width - filled)
                return f"{PROGRAM}: [{bar}] {tail}"
        return _first_that_fits(room, [percent.strip()])

    def clear(self) -> None:
        """Erase the bar, if it is shown, so that a line can be written in its place."""
        if self.drawn_at is not None:
            # Forgotten first: a stream that cannot be written is not tried twice.
            self.drawn_at = None
            _SHOWN.remove(self)
            write(self.stream, "\r\x1b[K")
            flush(self.stream)


def _first_that_fits(room: int, lines: list[str]) -> str:
    """Return the first of *lines* no longer than *room*, else the last cut to *room*."""
    for line in lines:
        if len(line) <= room:
            return line
    return lines[-1][: max(room, 0)]
