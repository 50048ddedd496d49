"""Find the files of a corpus, read them in bounded memory, and judge their records.

The engine under :mod:`binding_graph.cli`: it finds the files a command is
given, reads them a batch of lines at a time, and turns each batch into the
outcomes of its records (:func:`outcomes`), the work that
:func:`binding_graph.cli._pool.scan` shares among processes with ``--jobs``.

The command line reaches the package's private reader of lines from here
alone.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from binding_graph._refuse import too_large
from binding_graph.cli._reading import every_refusal, read_line
from binding_graph.cli._sources import Source, os_message
from binding_graph.documents import (
    fast_path_unloaded,
    is_blank,
    reset_fast_path,
    split_lines,
    use_fast_path,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import BinaryIO

    from binding_graph.cli._reading import Line
    from binding_graph.datasets import BenchmarkCase
    from binding_graph.errors import BindingGraphError
    from binding_graph.model import SemanticSymbolicBindingGraph

    # Types only, so nothing but the type checkers reads them.
    Refusal = tuple[str, tuple[str | int, ...], str]
    """A refusal as it crosses processes: code, path and message."""
    Outcome = tuple[int, Refusal | None, Any, str | None]
    """A record's line number, its refusal or ``None``, what the command made of its graph, and its case's source id.

    With every refusal asked for, a refused record's third member is the
    tuple of the refusals listed, the first among them, and how many
    refusals the last entry counts, when the list was cut (else 0). The
    fourth is ``None`` for a graph document, and for a case whose source id
    cannot be shown.
    """
    Handler = Callable[[SemanticSymbolicBindingGraph, BenchmarkCase | None], Any]
    """What a command makes of a record's graph, given its case too when the record is one."""


BATCH_LINES: Final = 256
"""At most this many lines go to a worker at a time."""
BATCH_BYTES: Final = 1 << 20
"""A batch is cut once it holds this many bytes: 1 MiB."""

PURE_FIRST: Final = BATCH_LINES
"""How many records a process reads on the pure path before it loads the fast one.

Importing msgspec, where the ``fast`` extra installs it, takes longer than
reading a few records without it: a run over a few records never loads it,
and a longer one does from its second batch on. Both paths give the same
answers.
"""

_READ: Final = [0]  # records this process has read, up to PURE_FIRST


# Named tuples, not attrs classes: the events are made in every run, and
# their classes are made in every start of the command.
class Started(NamedTuple):
    """A source was opened: *opened* is what ``os.fstat`` said of it then (``None`` for standard input)."""

    source: Source
    opened: os.stat_result | None = None


class Batch(NamedTuple):
    """Lines of a source, yet to be read."""

    source: Source
    lines: tuple[tuple[int, bytes | None], ...]
    size: int  # bytes of the source read for them


class Records(NamedTuple):
    """The outcomes of a batch's lines, in order."""

    source: Source
    outcomes: list[Outcome]
    size: int


class Ended(NamedTuple):
    """A source was read to its end; *digest* is the SHA-256 of its bytes, if asked for."""

    source: Source
    digest: str


class Failed(NamedTuple):
    """A source could not be read; *message* says why, in one line."""

    source: Source
    message: str


Event = Started | Records | Ended | Failed
"""What :func:`binding_graph.cli._pool.scan` yields, in input order."""


# -- reading them ----------------------------------------------------------------


class Tally:
    """Count, and on demand hash, the bytes read from a file."""

    def __init__(self, file: BinaryIO, *, digest: bool) -> None:
        self.file = file
        self.count = 0
        self.hash = hashlib.sha256() if digest else None

    def read(self, size: int) -> bytes:
        data = self.file.read(size)
        self.count += len(data)
        if self.hash is not None:
            self.hash.update(data)
        return data

    def take(self) -> int:
        """Return the bytes read since the last call."""
        count, self.count = self.count, 0
        return count


def read_whole(file: Tally | BinaryIO, max_bytes: int) -> bytes | None:
    """Return all of *file*, or ``None`` once it holds more than *max_bytes*."""
    pieces: list[bytes] = []
    size = 0
    while size <= max_bytes and (data := file.read(1 << 20)):
        pieces.append(data)
        size += len(data)
    return b"".join(pieces) if size <= max_bytes else None


def _batches(source: Source, tally: Tally, max_bytes: int) -> Iterator[Batch]:
    if source.whole:
        yield Batch(source, ((1, read_whole(tally, max_bytes)),), tally.take())
        return
    lines: list[tuple[int, bytes | None]] = []
    for number, line in split_lines(tally, max_bytes):
        lines.append((number, line))
        if len(lines) >= BATCH_LINES or tally.count >= BATCH_BYTES:
            yield Batch(source, tuple(lines), tally.take())
            lines.clear()
    if lines or tally.count:
        yield Batch(source, tuple(lines), tally.take())


def open_source(source: Source) -> tuple[BinaryIO, os.stat_result | None]:
    """Open *source*; return it, and what ``os.fstat`` says of it (``None`` for standard input)."""
    if source.path is None:
        if sys.stdin is None:  # its descriptor was closed before the command started
            raise OSError(errno.EBADF, "standard input is closed")
        return sys.stdin.buffer, None
    file = open(source.path, "rb")  # noqa: PTH123, SIM115 -- as _size; its reader closes it
    return file, os.fstat(file.fileno())


def _irregular(path: str) -> bool:
    """Tell whether *path* names something other than a regular file, without opening it."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)  # noqa: PTH116
    except OSError:
        return False  # opening it will say what is wrong


def read_batches(
    sources: Iterable[Source],
    max_bytes: int,
    *,
    digest: bool = False,
    rewrite: bool = False,
) -> Iterator[Started | Batch | Ended | Failed]:
    """Read *sources* one after the other, a batch of lines at a time.

    With *rewrite*, a source that is not a regular file fails unopened: a
    FIFO would block, and could never be replaced by a file.
    """
    for source in sources:
        if rewrite and source.path is not None and _irregular(source.path):
            yield Failed(
                source, f"{source.label}: cannot rewrite it: not a regular file"
            )
            continue
        try:
            file, opened = open_source(source)
        except OSError as error:
            yield Failed(source, os_message(source.label, error))
            continue
        tally = Tally(file, digest=digest)
        try:
            # Within the try: a run that ends as the source starts closes it.
            yield Started(source, opened)
            yield from _batches(source, tally, max_bytes)
        except OSError as error:
            yield Failed(source, os_message(source.label, error))
            continue
        finally:
            if source.path is not None:
                file.close()
        yield Ended(source, "" if tally.hash is None else tally.hash.hexdigest())


# -- reading the records -----------------------------------------------------------


class RecordRefused(Exception):  # noqa: N818 -- a signal from a handler, never shown
    """Raised by a command's handler, with the refusals (a tuple) of a record the loader accepted."""


def _refusal(error: BindingGraphError) -> Refusal:
    return (error.code, error.path, error.message)


def _refused(number: int, read: Line, max_bytes: int, *, every: bool) -> Outcome:
    first = _refusal(cast("BindingGraphError", read.error))
    if not every:
        return (number, first, None, read.source_id)
    listed, unlisted = every_refusal(read, max_bytes)
    return (number, first, (tuple(map(_refusal, listed)), unlisted), read.source_id)


def outcomes(
    handler: Handler,
    max_bytes: int,
    every: bool,  # noqa: FBT001
    whole: bool,  # noqa: FBT001
    lines: Sequence[tuple[int, bytes | None]],
) -> list[Outcome]:
    """Read *lines* and apply *handler* to each graph, and its case: the work of a batch.

    A line is read as :func:`~binding_graph.cli._reading.read_line` reads
    it: a graph document, or a case. With *every*, a refused record comes
    with all its refusals (:func:`~binding_graph.refusals`). A handler
    refuses a graph the loader accepted by raising :class:`RecordRefused`.
    A pure function of its arguments, run in a worker process with
    ``--jobs``; its first records are read on the pure path (see
    :data:`PURE_FIRST`).
    """
    if _READ[0] >= PURE_FIRST or not fast_path_unloaded():
        return _outcomes(handler, max_bytes, every, whole, lines)
    _READ[0] += len(lines)
    use_fast_path(None)
    try:
        return _outcomes(handler, max_bytes, every, whole, lines)
    finally:
        reset_fast_path()


def _outcomes(
    handler: Handler,
    max_bytes: int,
    every: bool,  # noqa: FBT001
    whole: bool,  # noqa: FBT001
    lines: Sequence[tuple[int, bytes | None]],
) -> list[Outcome]:
    result: list[Outcome] = []
    for number, line in lines:
        if line is None:
            refused = _refusal(too_large(max_bytes))
            result.append((number, refused, ((refused,), 0) if every else None, None))
            continue
        # A .json file is one document in any layout, blank or not.
        if not whole and is_blank(line, max_bytes):
            continue
        read = read_line(line, max_bytes)
        if read.graph is None:  # so it holds an error
            result.append(_refused(number, read, max_bytes, every=every))
            continue
        try:
            value = handler(read.graph, read.case)
        except RecordRefused as refused:
            made = tuple(map(_refusal, refused.args[0]))
            every_made = (made, 0) if every else None
            result.append((number, made[0], every_made, read.source_id))
            continue
        result.append((number, None, value, read.source_id))
    return result


class Missing(NamedTuple):
    """A source has no line of the number asked for: how many lines it has, and how many of them are not blank."""

    lines: int
    records: int


def read_record(
    source: Source, max_bytes: int, line: int | None
) -> tuple[int, bytes | None] | Missing:
    """Read the record on line *line* of *source*, or the whole source if *line* is ``None``.

    Lines are numbered as :func:`read_batches` numbers them, and memory stays within
    *max_bytes* and a chunk, as there.

    Returns:
        The line's number and its bytes (``None`` above *max_bytes*); or, if
        *source* has no line *line*, how many lines, and records, it has.

    Raises:
        OSError: if *source* cannot be read.
    """
    file, _ = open_source(source)
    try:
        if line is None:
            return 1, read_whole(file, max_bytes)
        count = records = 0
        for count, text in split_lines(file, max_bytes):
            if count == line:
                return count, text
            records += text is None or not is_blank(text, max_bytes)
        return Missing(count, records)
    finally:
        if source.path is not None:
            file.close()
