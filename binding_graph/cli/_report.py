"""What a command prints: results, refusals, a summary, and its exit status.

Results go to standard output, one a line, as text or as JSON objects;
errors about the run itself and the progress bar
(:mod:`binding_graph.cli._progress`) go to standard error. A stream that
cannot be written (a full disk) ends the run with an :class:`OutputError`,
which the command line tells in one line.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import TYPE_CHECKING, Any, Final, Protocol, TextIO

from binding_graph.errors import render_path

if TYPE_CHECKING:
    from binding_graph.cli._scan import Refusal
    from binding_graph.errors import ErrorPath


PROGRAM: Final = "binding-graph"
"""The command's name, which starts each line it writes on standard error."""

EMPTY: Final = 5
"""The exit status of a run that read no record at all: its input is empty.

Five, as pytest exits 5 when it collected no test: a step of a pipeline
that made nothing is told apart from one whose records all passed (0),
some refused (1), or a run that could not do its job (2). It is clear of
those, of the shell's 126 and 127, and of 128 + N for a signal (130, 143).
"""


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


def at(label: str, line: int, case: str | None = None) -> str:
    """Return how a line of output starts for the record on *line*: ``FILE:LINE: ``, then ``case SOURCE_ID: `` for a case."""
    return f"{label}:{line}: " if case is None else f"{label}:{line}: case {case}: "


def record_data(label: str, line: int, case: str | None = None) -> dict[str, Any]:
    """Return how a JSON object of output starts for the record on *line*: its file, line and, for a case, source id."""
    if case is None:
        return {"file": label, "line": line}
    return {"file": label, "line": line, "source_id": case}


def in_record(path: ErrorPath, case: str | None) -> ErrorPath:
    """Return *path*, into a record's graph, as a path into the record: under ``graph`` for a case."""
    return path if case is None else ("graph", *path)


def refusal_line(
    label: str, line: int, refusal: Refusal, case: str | None = None
) -> str:
    """Return how a refusal, or a finding, of the record on *line* is told: ``FILE:LINE: CODE at WHERE: MESSAGE``.

    The record of a case is named by its source id: ``FILE:LINE: case
    SOURCE_ID: CODE at WHERE: MESSAGE``.
    """
    code, path, message = refusal
    return f"{at(label, line, case)}{code} at {render_path(path)}: {message}"


def counted(counts: Counter[str] | dict[str, int]) -> tuple[dict[str, int], str]:
    """Return *counts* by code, in code order, as JSON holds them and as a summary says them: ``code 2, other 1``."""
    by_code = dict(sorted(counts.items()))
    return by_code, ", ".join(f"{code} {count:,}" for code, count in by_code.items())


class Clearable(Protocol):
    """What a report clears before each line it prints: the progress bar (:class:`~binding_graph.cli._progress.Progress`)."""

    def clear(self) -> None:
        """Erase what is drawn, if anything is."""


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
        progress: Clearable | None = None,
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
        self.every = False  # every refusal of a record reported, counted apart
        self.listed = 0  # refusals found, with every
        self.unlisted = 0  # of which the records' lists left out
        self._before = 0  # records counted before the input being read

    def error(self, message: str) -> None:
        """Say on standard error, in one line, that the run could not do part of its job."""
        self.errors += 1
        self._say(message)

    def empty(self, label: str, why: str = "the input is empty") -> None:
        """Say on standard error, in one line, that the input *label* holds no record: ``LABEL: no record: WHY``.

        It is not an error: the exit status is :data:`EMPTY` when the run
        read no record at all, and is unchanged when other inputs held some.
        """
        self._say(f"{label}: no record: {why}")

    def opened(self) -> None:
        """Note that an input is being read: :meth:`closed` tells it empty if no record is counted in between."""
        self._before = self.records

    def closed(self, label: str) -> None:
        """Tell the input *label*, read to its end, empty if no record was counted since :meth:`opened`."""
        if self.records == self._before:
            self.empty(label)

    def _say(self, message: str) -> None:
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

    def tell(
        self,
        label: str,
        line: int,
        refusal: Refusal,
        case: str | None = None,
        **extra: bool,
    ) -> None:
        """Print one refusal (or finding) of the record on *line*: :func:`refusal_line`, or its JSON object with *extra* flags.

        *case* is the source id of the record, when it is a case.
        """
        code, path, message = refusal
        self.emit(
            refusal_line(label, line, refusal, case),
            {
                **record_data(label, line, case),
                "code": code,
                "path": list(path),
                "message": message,
                **extra,
            },
        )

    def accepted(self) -> None:
        """Count an accepted record."""
        self.records += 1

    def refusal(
        self, label: str, line: int, refusal: Refusal, case: str | None = None
    ) -> None:
        """Count and print a refused record as ``FILE:LINE: CODE at WHERE: MESSAGE``."""
        self.refused_with(label, line, (refusal,), case=case)

    def refused_with(
        self,
        label: str,
        line: int,
        refusals: tuple[Refusal, ...],
        unlisted: int = 0,
        case: str | None = None,
    ) -> None:
        """Count a refused record, and print each of its *refusals*, a line each, as :meth:`refusal` does.

        When the list was cut, its last entry counts the *unlisted*
        refusals: it is printed, and they are counted, by no code.
        """
        self.records += 1
        self.refused += 1
        counted = refusals[:-1] if unlisted else refusals
        self.by_code.update(code for code, _, _ in counted)
        self.listed += len(counted) + unlisted
        self.unlisted += unlisted
        for refusal in refusals:
            self.tell(label, line, refusal, case)

    def flag(self) -> None:
        """Count a problem other than a refusal that makes the exit status 1."""
        self.flagged += 1

    def summary(self, extra: dict[str, Any] | None = None, text: str = "") -> None:
        """Print the summary: records, accepted, refused, and the refusals by code.

        With :attr:`every`, the refusals are counted too: a record may have
        several.

        A command adds its own figures as *extra* (JSON) and *text*.
        """
        by_code, codes = counted(self.by_code)
        accepted = self.records - self.refused
        if self.every and codes:
            # By code, the refusals: a record may have several.
            noun = "refusal" if self.listed == 1 else "refusals"
            left = f", {self.unlisted:,} not listed" if self.unlisted else ""
            codes = f"{self.listed:,} {noun}{left}: {codes}"
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
            **(
                {"refusals": self.listed, "unlisted": self.unlisted}
                if self.every
                else {}
            ),
            "by_code": by_code,
            **(extra or {}),
        }
        self.emit(line, {"summary": data})

    def status(self, *, refusals: bool = True) -> int:
        """Return the exit status: 2 after any error; else :data:`EMPTY` if no record was read; else 1 after any refusal or flag; else 0.

        Args:
            refusals: Whether a refused record makes the status 1: not for
                ``import``, whose adapters refuse records of their
                benchmark as their job, and flag the records that are not.
        """
        if self.errors:
            return 2
        if not self.records:
            return EMPTY
        return 1 if (self.refused and refusals) or self.flagged else 0
