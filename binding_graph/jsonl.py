"""Read and write graph documents as JSON Lines, one document a line, at corpus scale.

:func:`load_lines` reads a corpus from a binary file (or any iterable of
lines) and yields a :class:`LineRecord` per record: its line number and
either its graph or its refusal.
It never stops at a bad record, and its memory is bounded by the size limit,
not by the corpus.
:func:`load_line` is the pure function of one line that it applies, so that
any parallel engine can map it over a corpus and get the same records;
:func:`dump_lines` writes graphs as canonical JSON Lines, and
:func:`refusal_line` the line a producer writes where it refused a problem,
which the readers take as its refusal.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO, cast

import attrs

from binding_graph.documents._lines import check_max_bytes, is_blank, wrong_type
from binding_graph.documents._records import (
    check_record,
    read_records,
    record_of,
    refusal_key,
    write_lines,
)
from binding_graph.documents._refusal_records import (
    REFUSAL_START,
    producer_refusal,
    refusal_line,
)
from binding_graph.errors import BindingGraphError
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.serialization import DEFAULT_MAX_BYTES, canonical_bytes, loads

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

__all__ = ["LineRecord", "dump_lines", "load_line", "load_lines", "refusal_line"]


@attrs.frozen
class LineRecord:
    """One record of a JSON Lines corpus: its line number, and its graph or its refusal.

    Exactly one of *graph* and *error* is set.
    Two records are equal when they are on the same line and hold equal
    graphs, or refusals with the same code, path and message.

    Args:
        line: The record's line number, from 1 (blank lines count).
        graph: The graph the line holds, if :func:`~binding_graph.loads`
            accepts the line.
        error: Otherwise, the refusal :func:`~binding_graph.loads` gives
            for it.

    Raises:
        BindingGraphError: ``wrong_type`` if *line* is not a positive
            ``int``, *graph* not a graph or *error* not a
            :class:`~binding_graph.BindingGraphError`, or unless exactly one
            of *graph* and *error* is given.

    >>> from binding_graph import load_line
    >>> record = load_line(b'{"format": "binding-graph"}', 7)
    >>> record.line, record.graph, record.error.code
    (7, None, 'missing_key')

    .. versionadded:: 0.1.0
    """

    line: int
    graph: SemanticSymbolicBindingGraph | None = None
    error: BindingGraphError | None = attrs.field(default=None, eq=refusal_key)

    def __attrs_post_init__(self) -> None:
        check_record(
            "LineRecord",
            self.line,
            "graph",
            self.graph,
            SemanticSymbolicBindingGraph,
            "a graph or None",
            self.error,
        )


def _read(line: object, max_bytes: int) -> SemanticSymbolicBindingGraph:
    """Return the graph *line* holds; raise its refusal, or the producer's where it is a refusal record."""
    text = cast("str | bytes | bytearray", line)
    if type(line) is bytes and line.startswith(REFUSAL_START):
        _refused(text, max_bytes)
    try:
        return loads(line, max_bytes=max_bytes)  # type: ignore[call-overload, no-any-return]
    except BindingGraphError as error:
        # A refusal record has no header: only such a refusal needs a second look.
        if error.path == ("format",) and error.code == "missing_key":
            _refused(text, max_bytes)
        raise


def _refused(text: str | bytes | bytearray, max_bytes: int) -> None:
    """Raise the producer's refusal, where *text* is a refusal record; return otherwise."""
    found = producer_refusal(text, max_bytes)
    if found is not None:
        raise found


def _make(
    number: int,
    graph: SemanticSymbolicBindingGraph | None,
    error: BindingGraphError | None,
) -> LineRecord:
    return LineRecord(number, graph=graph, error=error)


def load_line(
    line: str | bytes | bytearray,
    number: int = 1,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> LineRecord | None:
    """Read one line of a corpus: the pure function :func:`load_lines` applies.

    The line is read exactly as :func:`~binding_graph.loads` reads it, so a
    record's refusal is the one :func:`~binding_graph.loads` gives the line;
    but a refusal record (:func:`refusal_line`), the line a producer writes
    where it refused a problem, is read as the producer's refusal: its first
    refusal's code and path, with a message that says the producer refused
    (a refusal record of another shape is refused at the key that breaks it).
    A blank line (empty, or only spaces, tabs and carriage returns) holds no
    record.

    Args:
        line: The line, without its line end: ``bytes`` in UTF-8, or
            ``str``.
            A value of another type, a subclass included, is refused as
            :func:`~binding_graph.loads` refuses it.
        number: The line's number, from 1, kept in the record.
        max_bytes: The largest record to read, in bytes of UTF-8, as for
            :func:`~binding_graph.loads`.

    Returns:
        ``None`` for a blank line within *max_bytes* (a longer one is
        refused, as :func:`~binding_graph.loads` refuses it); otherwise the
        line's :class:`LineRecord`.

    Raises:
        BindingGraphError: ``wrong_type`` if *number* is not a positive
            ``int`` or *max_bytes* not an ``int``.
            A bad line is never raised: its record holds the refusal.

    >>> from binding_graph import load_line
    >>> load_line(b"  ") is None
    True
    >>> load_line(b"[]", 3).error.code
    'wrong_type'

    .. versionadded:: 0.1.0
    """
    check_max_bytes("load_line", max_bytes)
    if type(number) is not int or number < 1:
        wrong_type("load_line", "number", "a positive int", number)
    if is_blank(line, max_bytes):
        return None
    return record_of(_read, _make, line, number, max_bytes)


def load_lines(
    source: BinaryIO | Iterable[str | bytes | bytearray],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Iterator[LineRecord]:
    r"""Read a JSON Lines corpus of graph documents: a :class:`LineRecord` per record.

    Each line is read as :func:`load_line` reads it, so a record's refusal is
    exactly the one :func:`~binding_graph.loads` gives the line (or, for a
    refusal record, the producer's), and reading goes on at the next line.
    Blank lines are skipped, but counted in line numbers.
    A line ends at ``\n``, and a ``\r`` right before it belongs to the line
    end (CRLF); a last line without a line end is read like any other.
    A byte order mark, and bytes that are not UTF-8, are refused as
    :func:`~binding_graph.loads` refuses them: as ``malformed_document``.

    Args:
        source: A binary file (anything with ``read(size) -> bytes``), read
            64 KiB at a time; or an iterable of lines, ``bytes`` or ``str``
            (a list, a generator), each with or without its line end.
        max_bytes: The largest record to read, in bytes of UTF-8, as for
            :func:`~binding_graph.loads`.
            From a file, a longer line is refused as ``limit_exceeded``
            without ever being held whole, so memory stays within
            *max_bytes* and 64 KiB, however long the line.

    Returns:
        An iterator of records, in the order of their lines.
        It reads *source* as it is advanced.

    Raises:
        BindingGraphError: ``wrong_type`` if *max_bytes* is not an ``int``,
            or *source* neither a file nor an iterable of lines (a ``str`` or
            ``bytes`` is not); while iterating, if a file reads ``str``
            rather than ``bytes`` (open it with ``"rb"``), or if reading or
            iterating *source* raises anything but an ``OSError``, which
            passes as it is.

    >>> import io
    >>> from binding_graph import load_lines
    >>> corpus = io.BytesIO(b'{"format": "binding-graph"}\r\n\n[]')
    >>> [(record.line, record.error.code) for record in load_lines(corpus)]
    [(1, 'missing_key'), (3, 'wrong_type')]

    .. versionadded:: 0.1.0
    """
    return read_records("load_lines", source, max_bytes, _read, _make)


def dump_lines(graphs: Iterable[SemanticSymbolicBindingGraph], file: BinaryIO) -> int:
    r"""Write *graphs* to a binary *file* as canonical JSON Lines.

    Each graph is written as its :func:`~binding_graph.canonical_bytes` and
    one ``\n``: what :func:`load_lines` reads back as equal graphs.

    Args:
        graphs: The graphs to write, in order.
        file: A binary file (anything with ``write(bytes)``).

    Returns:
        How many graphs were written.

    Raises:
        BindingGraphError: ``wrong_type`` if *file* is a text file, or at
            the first item of *graphs* that is not a graph (those before it
            are written); if iterating *graphs*, or writing to *file*,
            raises anything but an ``OSError``, which passes as it is.

    >>> import io
    >>> from binding_graph import SemanticSymbolicBindingGraph, dump_lines
    >>> out = io.BytesIO()
    >>> dump_lines([SemanticSymbolicBindingGraph()], out)
    1
    >>> out.getvalue()
    b'{"constraints":[],"equations":[],"facts":[],"format":"binding-graph","provenance":[],"symbols":[],"unknowns":[],"version":1}\n'

    .. versionadded:: 0.1.0
    """
    return write_lines(
        "dump_lines",
        graphs,
        file,
        "graphs",
        SemanticSymbolicBindingGraph,
        "an iterable of graphs",
        _line,
    )


def _line(graph: object) -> bytes:
    return canonical_bytes(cast("SemanticSymbolicBindingGraph", graph)) + b"\n"
