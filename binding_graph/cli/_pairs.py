"""Two files read in step, record by record: graphs (or cases, read for their graphs) against cases or graphs, for ``score`` and ``diff``.

Each file is opened as the command line names it (``-`` is standard input,
once), and its records are read a line at a time, in bounded memory, until
one cannot be read: :class:`Reading` says why, and the command ends with a
:class:`~binding_graph.cli._report.RunError`, one line and exit status 2.
"""

from __future__ import annotations

import collections
import contextlib
import stat
import sys
from typing import TYPE_CHECKING, cast

from binding_graph._refuse import too_large
from binding_graph.cli._reading import read_line
from binding_graph.cli._report import PROGRAM, RunError, write
from binding_graph.cli._scan import open_source
from binding_graph.cli._sources import STDIN_LABEL, Source, os_message
from binding_graph.documents import is_blank, split_lines
from binding_graph.errors import render_path
from binding_graph.jsonl import LineRecord

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator, Sequence
    from typing import BinaryIO

    from binding_graph.cli._report import Report
    from binding_graph.datasets import BenchmarkCase

__all__ = [
    "Reading",
    "all_opened",
    "both_opened",
    "opened",
    "reading",
    "source_of",
    "tell_end",
    "unpaired",
]


def source_of(path: str) -> Source:
    """Return the source *path* names: a file, or standard input for ``-``."""
    return Source(STDIN_LABEL, None) if path == "-" else Source(path, path)


def opened(source: Source) -> tuple[BinaryIO, int | None]:
    """Return *source* opened for reading, and its size if it is a regular file (``None``: a pipe, standard input).

    Raises:
        RunError: if it cannot be opened, in one line.
    """
    try:
        file, found = open_source(source)
    except OSError as error:
        raise RunError(os_message(source.label, error)) from None
    size = found.st_size if found and stat.S_ISREG(found.st_mode) else None
    return file, size


@contextlib.contextmanager
def reading(source: Source) -> Generator[tuple[BinaryIO, int | None], None, None]:
    """Hold *source* open, as :func:`opened` opens it, for the block that reads it; close it after (standard input stays open).

    Raises:
        RunError: if it cannot be opened, or the block meets an error of the system, in one line.
    """
    file, size = opened(source)
    try:
        yield file, size
    except OSError as error:
        raise RunError(os_message(source.label, error)) from None
    finally:
        if source.path is not None:
            file.close()


def both_opened(
    command: str,
    paths: tuple[str, str],
    files: contextlib.ExitStack,
    names: tuple[str, str],
) -> list[BinaryIO] | None:
    """Return the two files *paths* name, opened, closed with *files*; ``None``, once both are told of, if either cannot be.

    Standard input is read once: both cannot be ``-``; the message calls the
    two arguments by their *names*.
    """
    if paths[0] == "-" and paths[1] == "-":
        msg = (
            f"{command} reads standard input once:"
            f" {names[0]} and {names[1]} cannot both be '-'"
        )
        write(sys.stderr, f"{PROGRAM}: {msg}\n")
        return None
    return all_opened(paths, files)


def all_opened(
    paths: Sequence[str], files: contextlib.ExitStack
) -> list[BinaryIO] | None:
    """Return the files *paths* name, opened, closed with *files*; ``None``, once each that cannot be is told of."""
    found: list[BinaryIO] = []
    failed = False
    for path in paths:
        source = source_of(path)
        try:
            file, _ = opened(source)
        except RunError as error:  # said now, so that every file is told of
            write(sys.stderr, f"{PROGRAM}: {error}\n")
            failed = True
            continue
        if source.path is not None:
            files.enter_context(file)
        found.append(file)
    return None if failed else found


def tell_end(report: Report, readings: Sequence[Reading], why: str | None) -> None:
    """Tell why files read in step ended early, or that those holding no record are empty (not that they ended first)."""
    failed = any(reading.why is not None for reading in readings)
    empty = [] if failed else [r.label for r in readings if not r.count]
    if why is not None and not empty:
        report.error(why)
    for label in empty:
        report.empty(label)


class Reading:
    """The records of one file, ended at the first that cannot be read; :attr:`why` says why."""

    def __init__(self, path: str, max_bytes: int) -> None:
        self.label = source_of(path).label
        self.max_bytes = max_bytes
        self.count = 0
        self.why: str | None = None
        # Once the other file has ended, the rest is only counted, not read.
        self.counting = False

    def count_rest(self, records: Iterator[object]) -> None:
        """Count the records left in *records*, this reading's, without reading them: the other file has ended."""
        self.counting = True
        collections.deque(records, maxlen=0)  # consumed, nothing kept

    def _graph(self, number: int, line: bytes | None) -> LineRecord | None:
        """Return the record of a line of graphs, as validate reads it: a case line gives its graph."""
        if line is None:
            return LineRecord(number, error=too_large(self.max_bytes))
        if is_blank(line, self.max_bytes):
            return None
        read = read_line(line, self.max_bytes)
        return LineRecord(number, read.graph, read.error)

    def graphs(self, file: BinaryIO) -> Iterator[LineRecord]:
        """Yield the record of each line of *file* that is not blank, until it cannot be read."""
        try:
            for number, line in split_lines(file, self.max_bytes):
                if self.counting:
                    self.count += line is None or not is_blank(line, self.max_bytes)
                    continue
                record = self._graph(number, line)
                if record is not None:
                    self.count += 1
                    yield record
        except OSError as error:
            self.why = os_message(self.label, error)

    def cases(self, file: BinaryIO) -> Iterator[BenchmarkCase]:
        """Yield the case of each line of *file*, until one is not a case or the file cannot be read."""
        from binding_graph.datasets import load_cases  # noqa: PLC0415

        try:
            for record in load_cases(file, max_bytes=self.max_bytes):
                error = record.error
                if error is not None and not self.counting:
                    where = f"{self.label}:{record.line}: {error.code} at"
                    self.why = f"{where} {render_path(error.path)}: {error.message}"
                    return
                self.count += 1
                if not self.counting:
                    yield cast("BenchmarkCase", record.case)
        except OSError as error:
            self.why = os_message(self.label, error)


def unpaired(first: Reading, second: Reading) -> RunError:
    """Return the error of two files read in step that do not pair one to one: how many records each holds."""
    records = "record" if first.count == 1 else "records"
    return RunError(
        f"{first.label} holds {first.count:,} {records} and {second.label}"
        f" {second.count:,}: the two must pair one to one"
    )
