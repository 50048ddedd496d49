"""What a command prints: results, refusals, a summary, progress, and its exit status.

Results go to standard output, one a line, as text or as JSON objects;
errors about the run itself and the progress bar go to standard error. A
stream that cannot be written (a full disk) ends the run with an
:class:`OutputError`, which the command line tells in one line.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, Final, TextIO

from binding_graph.errors import render_path

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph._corpus import Refusal


PROGRAM: Final = "binding-graph"
"""The command's name, which starts each line it writes on standard error."""


class RunError(Exception):
    """The run itself cannot go on (a worker process died): one line, and exit status 2."""


class OutputError(RunError):
    """Standard output or standard error cannot be written: a full disk, a device error."""


def _cannot_write(stream: object, error: OSError) -> OutputError:
    name = "standard error" if stream is sys.stderr else "standard output"
    return OutputError(f"cannot write {name}: {error.strerror or error}")


def write(stream: TextIO, text: str) -> None:
    """Write *text* to *stream*, standard output or standard error.

    Raises:
        BrokenPipeError: if the reader of *stream* has gone away.
        OutputError: if *stream* cannot be written for another reason.
    """
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            # A terminal that cannot show a character (or a file name that is
            # not text) still gets the line, with that character escaped.
            encoding = stream.encoding or "ascii"
            stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _cannot_write(stream, error) from None


def write_bytes(data: bytes) -> None:
    """Write *data* to standard output, as :func:`write` writes text."""
    try:
        sys.stdout.buffer.write(data)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _cannot_write(sys.stdout, error) from None


def flush(stream: TextIO) -> None:
    """Flush *stream*, so that what it holds is written now; raise as :func:`write`."""
    try:
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _cannot_write(stream, error) from None


class Progress:
    """A progress bar on a terminal, drawn once a run has lasted :attr:`DELAY` seconds.

    Nothing is written unless *stream* is a terminal, so pipes and CI logs
    stay clean.
    """

    WIDTH: Final = 24
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
            self.drawn_at = now
            write(self.stream, "\r" + self.render() + "\x1b[K")
            flush(self.stream)

    def render(self) -> str:
        """Return the bar's line: a bar and a percentage when the total is known."""
        records = f"{self.records:,} records"
        if not self.total:
            return f"{PROGRAM}: {records}"
        share = min(self.done / self.total, 1.0)
        filled = round(share * self.WIDTH)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        return f"{PROGRAM}: [{bar}] {share:4.0%} {records}"

    def clear(self) -> None:
        """Erase the bar, if it is shown, so that a line can be written in its place."""
        if self.drawn_at is not None:
            write(self.stream, "\r\x1b[K")
            flush(self.stream)
            self.drawn_at = None


class Report:
    """Counts, prints and judges a run: what every corpus command shares.

    Args:
        out: Where results go (standard output).
        err: Where errors about the run go (standard error).
        as_json: Print one JSON object a line rather than text.
        progress: The progress bar, cleared before each line of output.
    """

    def __init__(
        self,
        out: TextIO,
        err: TextIO,
        *,
        as_json: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self.out = out
        self.err = err
        self.as_json = as_json
        self.progress = progress
        self.records = 0
        self.refused = 0
        self.by_code: Counter[str] = Counter()
        self.errors = 0  # usage and I/O errors: exit status 2
        self.flagged = 0  # other reasons for exit status 1

    def error(self, message: str) -> None:
        """Say on standard error, in one line, that the run could not do part of its job."""
        self.errors += 1
        if self.progress is not None:
            self.progress.clear()
        flush(self.out)
        write(self.err, f"{PROGRAM}: {message}\n")
        flush(self.err)

    def emit(self, text: str, data: dict[str, Any]) -> None:
        """Print one result: *text*, or *data* as one JSON object with ``--format json``."""
        if self.progress is not None:
            self.progress.clear()
        if self.as_json:
            write(self.out, json.dumps(data) + "\n")
        else:
            write(self.out, text + "\n")

    def accepted(self) -> None:
        """Count an accepted record."""
        self.records += 1

    def refusal(self, label: str, line: int, refusal: Refusal) -> None:
        """Count and print a refused record as ``FILE:LINE: CODE at WHERE: MESSAGE``."""
        code, path, message = refusal
        self.records += 1
        self.refused += 1
        self.by_code[code] += 1
        self.emit(
            f"{label}:{line}: {code} at {render_path(path)}: {message}",
            {
                "file": label,
                "line": line,
                "code": code,
                "path": list(path),
                "message": message,
            },
        )

    def flag(self) -> None:
        """Count a problem other than a refusal that makes the exit status 1."""
        self.flagged += 1

    def summary(self, extra: dict[str, Any] | None = None, text: str = "") -> None:
        """Print the summary: records, accepted, refused, and refused by code.

        A command adds its own figures as *extra* (JSON) and *text*.
        """
        by_code = dict(sorted(self.by_code.items()))
        accepted = self.records - self.refused
        codes = ", ".join(f"{code} {count:,}" for code, count in by_code.items())
        line = (
            f"{self.records:,} {'record' if self.records == 1 else 'records'}:"
            f" {accepted:,} accepted, {self.refused:,} refused"
            + (f" ({codes})" if codes else "")
            + text
        )
        data = {
            "records": self.records,
            "accepted": accepted,
            "refused": self.refused,
            "by_code": by_code,
            **(extra or {}),
        }
        self.emit(line, {"summary": data})

    def status(self) -> int:
        """Return the exit status: 2 after any error, else 1 after any refusal or flag, else 0."""
        if self.errors:
            return 2
        return 1 if self.refused or self.flagged else 0
