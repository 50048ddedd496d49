"""Reading a benchmark's file for ``import``, by its layout: records a line, one array of them, or one XML document, each made a case, a record at a time.

Each :class:`~binding_graph.datasets.Benchmark` says how its file holds its
records (its :data:`~binding_graph.datasets.Layout`); :data:`READERS` reads
each layout, in memory bounded by the largest record, whatever the size of
the file: JSON Lines a line at a time; one JSON array cut into its records
by :func:`~binding_graph.cli._json_array.array_records`; one XML document
read by :func:`~binding_graph.cli._xml_records.xml_records`. A record is
parsed as JSON alone (a key repeated is refused), or read from its XML
element as a ``dict`` of ``str`` (its attributes, and the text of each
child, by name), and handed to its benchmark, which names its case and
makes it with its adapter. A record that cannot be read, or is not one of
the benchmark's, refuses as the adapter refuses:
:class:`~binding_graph.BindingGraphError`, with a path into it; the records
after it are read. A file that is not one JSON array, or not XML, where the
layout says it is, stops the run where it breaks, a
:class:`~binding_graph.cli._report.RunError`, after the records before the
break.
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import TYPE_CHECKING, Final, NoReturn, cast

from binding_graph._json_objects import json_decoder
from binding_graph._refuse import too_large
from binding_graph.cli._json_array import Position, array_records
from binding_graph.cli._xml_records import xml_records
from binding_graph.documents import is_blank, split_lines
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import BinaryIO

    from binding_graph._json_objects import Pairs
    from binding_graph.cli._scan import Tally
    from binding_graph.cli._xml_records import Record
    from binding_graph.datasets import Benchmark, BenchmarkCase

    Cases = Iterator[tuple[int, Callable[[], BenchmarkCase]]]
    """Each record of a file: the line it starts on, and what makes its case, or raises its refusal."""


def _repeated(pairs: Pairs) -> NoReturn:
    del pairs  # a record's refusal names no key
    msg = "a record must not repeat a key"
    raise BindingGraphError("malformed_document", msg)


_DECODER: Final = json_decoder(_repeated)
_WHITESPACE: Final = re.compile(r"[ \t\n\r]*").match
_START: Final = Position(1, 0, 0)

CHUNK: Final = 1 << 16
"""How many bytes the reader of one JSON array, or of one XML document, reads at a time: 64 KiB, as a file of lines is read."""


def _skip(text: str, at: int) -> int:
    """Return the index of the first character of *text* from *at* that is not JSON's whitespace."""
    return _WHITESPACE(text, at).end()  # type: ignore[union-attr]  # it always matches


def _not_json(error: json.JSONDecodeError, origin: Position) -> BindingGraphError:
    """Return the refusal of a record that is no JSON, where *error* says, in the file of a record that starts at *origin*."""
    line = origin.line + error.lineno - 1
    column = error.colno + (origin.column if error.lineno == 1 else 0)
    msg = f"a record must be JSON ({error.msg}: line {line} column {column})"
    return BindingGraphError("malformed_document", msg)


def _decoded(data: bytes, origin: Position) -> tuple[str, object, int]:
    """Return the text of a record's bytes, the JSON value it starts with, and where that ends; refuse it as a record.

    The record starts at *origin* in its file: where a refusal says the
    record breaks is where it breaks in the file.
    """
    try:
        text = data.decode()
    except UnicodeDecodeError as error:
        at = origin.byte + error.start
        msg = f"a record must be UTF-8 ({error.reason} at byte {at})"
        raise BindingGraphError("malformed_document", msg) from None
    try:
        record, end = _DECODER.raw_decode(text, _skip(text, 0))
    except BindingGraphError:
        raise  # a repeated key
    except json.JSONDecodeError as error:
        raise _not_json(error, origin) from None
    except ValueError as error:  # an integer of more digits than Python reads
        msg = f"a record must be JSON that Python reads ({error})"
        raise BindingGraphError("malformed_document", msg) from None
    except RecursionError:
        msg = "a record must not nest arrays and objects this deep"
        raise BindingGraphError("limit_exceeded", msg) from None
    return text, record, end


def line_record(line: bytes) -> object:
    """Return the record of one line of JSON Lines (a benchmark's, or bind's): one JSON value, nothing after it."""
    text, record, end = _decoded(line, _START)
    if _skip(text, end) != len(text):
        msg = f"a line must hold one record, and nothing after it (column {end + 1})"
        raise BindingGraphError("malformed_document", msg)
    return record


def array_record(data: bytes, origin: Position) -> object:
    """Return the record of an element of a JSON array, which starts at *origin* in its file: one JSON value, nothing after it."""
    text, record, end = _decoded(data, origin)
    if end != len(text):
        raise _not_json(json.JSONDecodeError("Extra data", text, end), origin)
    return record


NOT_RECORDS: Final = frozenset({"malformed_document", "missing_key", "wrong_type"})
"""The codes that say a record is not one of the benchmark's at all: the input is wrong, exit status 1."""


_NOT_ITS_KEYS: Final = frozenset({"missing_key", "unknown_key"})
_SHOWN_KEYS: Final = 8  # the most keys of a record a message lists


class OtherBenchmark(Exception):  # noqa: N818 -- a signal to the import, never shown
    """Raised for a record whose keys are another benchmark's: its refusal, saying whose, and that benchmark."""


def _whose(benchmark: Benchmark, record: object, line: int) -> Benchmark | None:
    """Return the other benchmark whose keys *record* has, if any.

    The first, in :data:`~binding_graph.datasets.BENCHMARKS`' order, whose
    adapter makes a case of it; else the first that refuses it for more
    than its keys (GSM8K's adapter takes a GSM-Plus record's keys, and
    refuses its answer).
    """
    from binding_graph.datasets import BENCHMARKS  # noqa: PLC0415

    takes: Benchmark | None = None
    for other in BENCHMARKS.values():
        if other.name == benchmark.name:
            continue
        try:
            other.case(record, line)
        except BindingGraphError as error:
            if error.code not in _NOT_ITS_KEYS and takes is None:
                takes = other
            continue
        return other
    return takes


def _case(benchmark: Benchmark, record: object, line: int) -> BenchmarkCase:
    """Return the case of *record*; a record refused for its keys, whose keys are another benchmark's, raises :class:`OtherBenchmark`."""
    try:
        return benchmark.case(record, line)
    except BindingGraphError as error:
        if error.code not in _NOT_ITS_KEYS:
            raise
        other = _whose(benchmark, record, line)
        if other is None:
            raise
        keys = [str(key) for key in cast("dict[object, object]", record)]
        shown = ", ".join(keys[:_SHOWN_KEYS]) + (", ..." if keys[_SHOWN_KEYS:] else "")
        msg = (
            f"{error.message}: its keys ({shown}) are {other.title}'s: import it"
            f" with 'binding-graph import {other.name}'"
        )
        refusal = BindingGraphError(error.code, msg, error.path)
        raise OtherBenchmark(refusal, other) from None


def line_case(
    benchmark: Benchmark, line: bytes | None, number: int, max_bytes: int
) -> BenchmarkCase:
    """Return the case of the record on line *number* of a file of JSON Lines."""
    if line is None:
        raise too_large(max_bytes)
    return _case(benchmark, line_record(line), number)


def _array_case(
    benchmark: Benchmark, data: bytes | None, origin: Position, max_bytes: int
) -> BenchmarkCase:
    """Return the case of the element of a JSON array that starts at *origin*."""
    if data is None:
        raise too_large(max_bytes)
    return _case(benchmark, array_record(data, origin), origin.line)


def _xml_case(benchmark: Benchmark, record: Record, line: int) -> BenchmarkCase:
    """Return the case of the XML record on *line*."""
    if isinstance(record, BindingGraphError):
        raise record
    return _case(benchmark, record, line)


def _lines(
    label: str, benchmark: Benchmark, file: Tally | BinaryIO, max_bytes: int
) -> Cases:
    """Read a file of JSON Lines a line at a time; blank lines are skipped."""
    del label  # a file of lines never stops the run: no message names it
    for number, line in split_lines(file, max_bytes):
        if line is None or not is_blank(line, max_bytes):
            yield number, partial(line_case, benchmark, line, number, max_bytes)


def _array(
    label: str, benchmark: Benchmark, file: Tally | BinaryIO, max_bytes: int
) -> Cases:
    """Read a file that is one JSON array a record at a time."""
    records = array_records(label, benchmark.title, file, max_bytes, chunk=CHUNK)
    for origin, data in records:
        yield origin.line, partial(_array_case, benchmark, data, origin, max_bytes)


def _xml(
    label: str, benchmark: Benchmark, file: Tally | BinaryIO, max_bytes: int
) -> Cases:
    """Read a file that is one XML document a record at a time."""
    records = xml_records(label, benchmark.title, file, max_bytes, chunk=CHUNK)
    for line, record in records:
        yield line, partial(_xml_case, benchmark, record, line)


READERS: Final[dict[str, Callable[[str, Benchmark, Tally | BinaryIO, int], Cases]]] = {
    "lines": _lines,
    "array": _array,
    "xml": _xml,
}
"""The reader of each layout: given the file's label, its benchmark, the file and ``--max-bytes``, each record's line and what makes its case.

Raises:
    RunError: where a file that is one JSON array, or one XML document, stops being one.
"""
