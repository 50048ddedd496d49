"""Reading a benchmark's file for ``import``, by its layout: records a line, one array of them, or one XML document, each made a case.

Each :class:`~binding_graph.datasets.Benchmark` says how its file holds its
records (its :data:`~binding_graph.datasets.Layout`); this module reads each
layout. A record is parsed as JSON (a key repeated is refused), or read from
its XML element as a ``dict`` of ``str`` (its attributes, and the text of
each child, by name), and handed to its benchmark, which names its case and
makes it with its adapter. A record that is not one refuses as the adapter
refuses: :class:`~binding_graph.BindingGraphError`, with a path into it. A
file that is not one JSON array, or not XML, where the layout says it is,
stops the run, a :class:`~binding_graph.cli._report.RunError`.

XML is read by :mod:`xml.etree.ElementTree`, which expands the entities a
document type declares (a few hundred bytes of nested entities, the
"billion laughs", expand to gigabytes): a document that holds
``<!DOCTYPE`` or ``<!ENTITY`` anywhere is refused before it is parsed, so
that no entity is ever declared, and an entity it uses without declaring
it is an error of the parse.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any, Final

from binding_graph._refuse import too_large
from binding_graph.cli._report import RunError
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from binding_graph.datasets import Benchmark, BenchmarkCase


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        msg = "a record must not repeat a key"
        raise BindingGraphError("malformed_document", msg)
    return result


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_unique_keys)
_WHITESPACE: Final = re.compile(r"[ \t\n\r]*").match


def _skip(text: str, at: int) -> int:
    """Return the index of the first character of *text* from *at* that is not JSON's whitespace."""
    return _WHITESPACE(text, at).end()  # type: ignore[union-attr]  # it always matches


def _decoded(text: str, at: int) -> tuple[object, int]:
    """Return the JSON value that starts at *at* in *text*, and where it ends; refuse it as a record."""
    try:
        return _DECODER.raw_decode(text, at)
    except BindingGraphError:
        raise  # a repeated key
    except json.JSONDecodeError as error:
        msg = f"a record must be JSON ({error.msg}: line {error.lineno} column {error.colno})"
        raise BindingGraphError("malformed_document", msg) from None
    except ValueError as error:  # an integer of more digits than Python reads
        msg = f"a record must be JSON that Python reads ({error})"
        raise BindingGraphError("malformed_document", msg) from None
    except RecursionError:
        msg = "a record must not nest arrays and objects this deep"
        raise BindingGraphError("limit_exceeded", msg) from None


def line_record(line: bytes) -> object:
    """Return the record of one line of JSON Lines (a benchmark's, or bind's): one JSON value, nothing after it."""
    try:
        text = line.decode()
    except UnicodeDecodeError as error:
        msg = f"a record must be UTF-8 ({error.reason} at byte {error.start})"
        raise BindingGraphError("malformed_document", msg) from None
    record, end = _decoded(text, _skip(text, 0))
    if _skip(text, end) != len(text):
        msg = f"a line must hold one record, and nothing after it (column {end + 1})"
        raise BindingGraphError("malformed_document", msg)
    return record


def _decoded_file(label: str, title: str, data: bytes) -> str:
    """Return a whole file's text (*title*'s); stop the run unless it is UTF-8."""
    try:
        return data.decode()
    except UnicodeDecodeError as error:
        msg = f"{label}: {title} must be UTF-8 ({error.reason} at byte {error.start})"
        raise RunError(msg) from None


def array_records(label: str, title: str, data: bytes) -> list[tuple[int, object]]:
    """Return the records of a file that is one JSON array (*title*'s), each with the line it starts on; stop the run unless it is one."""
    text = _decoded_file(label, title, data)
    at = _skip(text, 0)
    if text[at : at + 1] != "[":
        raise RunError(f"{label}: {title} must be one JSON array of records")
    records: list[tuple[int, object]] = []
    line, counted = 1, 0
    at = _skip(text, at + 1)
    following = text[at : at + 1]
    while following != "]":
        line += text.count("\n", counted, at)
        counted = at
        try:
            record, at = _decoded(text, at)
        except BindingGraphError as error:
            msg = f"{label}: {title} must be one JSON array of records: {error.message}"
            raise RunError(msg) from None
        records.append((line, record))
        at = _skip(text, at)
        following = text[at : at + 1]
        if following not in {",", "]"}:
            line += text.count("\n", counted, at)
            msg = f"{label}:{line}: {title} must be one JSON array: a record must be followed by ',' or ']'"
            raise RunError(msg)
        if following == ",":
            at = _skip(text, at + 1)
    if _skip(text, at + 1) != len(text):
        raise RunError(f"{label}: {title} must be one JSON array, and nothing after it")
    return records


_RECORD_DEPTH: Final = 2
"""How deep a record's element is: under an element under the root."""
_DECLARATION: Final = re.compile(r"<!(?:DOCTYPE|ENTITY)")
# The markup of a well-formed document without a document type: what holds
# text that is no tag (a comment, a CDATA section, a processing
# instruction), an end tag, or a start tag, whose attributes may hold '>'.
_MARKUP: Final = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|(</)|<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.DOTALL,
)


def _record_lines(text: str) -> list[int]:
    """Return the line each record of a well-formed document starts on: each element under an element under the root, in order."""
    lines: list[int] = []
    depth, line, counted = 0, 1, 0
    for match in _MARKUP.finditer(text):
        tag = match.group()
        if match.group(1):
            depth -= 1
        elif tag[1] not in "!?":
            if depth == _RECORD_DEPTH:
                line += text.count("\n", counted, match.start())
                counted = match.start()
                lines.append(line)
            depth += not tag.endswith("/>")
    return lines


def _fields(element: ET.Element, at: str, title: str) -> dict[str, str]:
    """Return a record's fields: its element's attributes, and the text of each child, by name."""
    fields = dict(element.attrib)
    for child in element:
        if child.tag in fields:
            msg = f"{at}: {title} must name each field of a record once: {child.tag!r} repeats"
            raise RunError(msg)
        fields[child.tag] = "".join(child.itertext())
    return fields


def xml_records(label: str, title: str, data: bytes) -> list[tuple[int, object]]:
    """Return the records of a file that is one XML document (*title*'s), each with the line it starts on; stop the run unless it is one, or if it declares a document type or an entity."""
    text = _decoded_file(label, title, data)
    declared = _DECLARATION.search(text)
    if declared is not None:
        line = text.count("\n", 0, declared.start()) + 1
        msg = (
            f"{label}:{line}: {title} must not declare a document type or an entity"
            f" ({declared.group()!r}): they are refused before the document is parsed"
        )
        raise RunError(msg)
    try:
        # A str is parsed as UTF-8, whatever encoding its declaration names.
        root = ET.fromstring(text)  # noqa: S314 -- no entity: refused above
    except ET.ParseError as error:
        line, column = error.position
        reason = str(error).rpartition(": line ")[0]
        msg = f"{label}:{line}: {title} must be well-formed XML ({reason} at column {column + 1})"
        raise RunError(msg) from None
    elements = [record for group in root for record in group]
    return [
        (line, _fields(element, f"{label}:{line}", title))
        for line, element in zip(_record_lines(text), elements, strict=False)
    ]


WHOLE: Final = {
    "array": ("one JSON array", array_records),
    "xml": ("one XML document", xml_records),
}
"""The layouts of a file read whole, within ``--max-bytes``: what such a file is, and the reader of its records."""


NOT_RECORDS: Final = frozenset({"malformed_document", "missing_key", "wrong_type"})
"""The codes that say a record is not one of the benchmark's at all: the input is wrong, exit status 1."""


def line_case(
    benchmark: Benchmark, line: bytes | None, number: int, max_bytes: int
) -> BenchmarkCase:
    """Return the case of the record on line *number* of a file of JSON Lines."""
    if line is None:
        raise too_large(max_bytes)
    return benchmark.case(line_record(line), number)
