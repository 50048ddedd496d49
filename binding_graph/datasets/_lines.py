r"""Benchmark cases as JSON Lines: one canonical line a case, and a streaming reader of them.

A line is the JSON object ``{"answer": ..., "graph": ..., "source_id": ...}``
in canonical form (RFC 8785, as :func:`~binding_graph.canonical_bytes` writes
a graph), then ``\n``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, BinaryIO, Final, cast

import attrs

from binding_graph._show import short_repr, type_name
from binding_graph.arithmetic import parse_number
from binding_graph.datasets._benchmark import BenchmarkCase
from binding_graph.documents import (
    check_record,
    read_records,
    refusal_key,
    strict_tree,
    write_lines,
    wrong_type,
)
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.expressions import spelled
from binding_graph.serialization import DEFAULT_MAX_BYTES, canonical_bytes, from_data

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from fractions import Fraction

__all__ = ["CaseRecord", "case_line", "dump_cases", "load_cases"]

_KEYS: Final = ("source_id", "answer", "graph")
_OPTIONAL: Final = ("reason", "perturbation")
_A_GRAPH: Final = (
    "the line is a graph document, not a case: a case line is"
    ' {"answer", "graph", "source_id"}, as binding-graph import writes one for'
    " each record of a benchmark, and binding_graph.datasets.case_line() for a"
    " BenchmarkCase of a graph and its answer"
)
"""What the refusal of a graph document read as a case says: what a case is, and what makes one."""
_NONE: Final = "none"
"""The answer of a case that expects a refusal, as its line spells it."""
_OWNER: Final = "load_cases"

# The writer of canonical JSON strings, as documents._writing writes them.
_STRING: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


@attrs.frozen(weakref_slot=False)
class CaseRecord:
    """One line of a file of cases: its line number, and its case or its refusal.

    Exactly one of *case* and *error* is set. Two records are equal when
    they are on the same line and hold equal cases, or refusals with the
    same code, path and message.

    Args:
        line: The line's number, from 1 (blank lines count).
        case: The case the line holds, if it reads as one.
        error: Otherwise, why it does not.

    Raises:
        BindingGraphError: ``wrong_type`` if *line* is not a positive
            ``int``, *case* not a
            :class:`~binding_graph.datasets.BenchmarkCase` or *error* not a
            :class:`~binding_graph.BindingGraphError`, or unless exactly one
            of *case* and *error* is given.

    .. versionadded:: 0.1.0
    """

    line: int
    case: BenchmarkCase | None = None
    error: BindingGraphError | None = attrs.field(default=None, eq=refusal_key)

    def __attrs_post_init__(self) -> None:
        check_record(
            "CaseRecord",
            self.line,
            "case",
            self.case,
            BenchmarkCase,
            "a BenchmarkCase or None",
            self.error,
        )


# -- writing ----------------------------------------------------------------------


def case_line(case: BenchmarkCase) -> bytes:
    r"""Return the canonical line of *case*, with its ``\n``.

    The line is the RFC 8785 form of ``{"answer": ANSWER, "graph": GRAPH,
    "source_id": SOURCE_ID}``: *ANSWER* the answer as a fact's value spells
    it (a terminating decimal, ``"72"`` or ``"0.5"``, else ``"N/D"`` in
    lowest terms), or ``"none"`` for a case that expects a refusal, *GRAPH*
    the graph as :func:`~binding_graph.to_data` writes it. A case's
    ``reason`` and ``perturbation``, where it has them, are keys of the line
    too; where it has none, the line has no such key. Equal cases give
    equal bytes, in every run.

    Args:
        case: The case; exactly a :class:`BenchmarkCase`.

    Returns:
        The line, in UTF-8, ending in ``\n``.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("case",)`` if *case* is not
            a :class:`BenchmarkCase`.

    >>> from fractions import Fraction
    >>> from binding_graph import SemanticSymbolicBindingGraph
    >>> from binding_graph.datasets import BenchmarkCase, case_line
    >>> line = case_line(BenchmarkCase("p1", SemanticSymbolicBindingGraph(), Fraction(1, 2)))
    >>> line[:44]
    b'{"answer":"0.5","graph":{"constraints":[],"e'
    >>> line[-19:]
    b',"source_id":"p1"}\n'

    .. versionadded:: 0.1.0
    """
    if type(case) is not BenchmarkCase:
        wrong_type("case_line", "case", "a BenchmarkCase", case)
    spelling = _NONE if case.answer is None else spelled(case.answer)
    head = b'{"answer":%b,"graph":%b' % (
        _STRING(spelling).encode(),
        canonical_bytes(case.graph),
    )
    # In code-point order, as RFC 8785 sorts keys: perturbation, reason.
    for key, text in (("perturbation", case.perturbation), ("reason", case.reason)):
        if text is not None:
            head += b',"%b":%b' % (key.encode(), _STRING(text).encode())
    return head + b',"source_id":%b}\n' % _STRING(case.source_id).encode()


def dump_cases(cases: Iterable[BenchmarkCase], file: BinaryIO) -> int:
    """Write *cases* to a binary *file*, each as its :func:`case_line`.

    Args:
        cases: The cases to write, in order.
        file: A binary file (anything with ``write(bytes)``).

    Returns:
        How many cases were written.

    Raises:
        BindingGraphError: ``wrong_type`` if *file* is a text file, or at
            the first item of *cases* that is not a :class:`BenchmarkCase`
            (those before it are written); if iterating *cases*, or writing
            to *file*, raises anything but an ``OSError``, which passes as
            it is.

    .. versionadded:: 0.1.0
    """
    return write_lines(
        "dump_cases",
        cases,
        file,
        "cases",
        BenchmarkCase,
        "an iterable of BenchmarkCase",
        _case_line,
    )


def _case_line(case: object) -> bytes:
    return case_line(cast("BenchmarkCase", case))


# -- reading cases ----------------------------------------------------------------


def _tree(line: object, max_bytes: int) -> object:
    """Return the JSON value of *line*; its size, UTF-8 and JSON refused as ``loads`` refuses them."""
    cls = type(line)
    if cls is not str and cls is not bytes and cls is not bytearray:
        refuse_type(_OWNER, "line", "a str or bytes", line, ())
    return strict_tree(cast("str | bytes | bytearray", line), max_bytes)


def _fields(data: object) -> dict[str, object]:
    """Return the fields of a case line's object: each key one of a case's, every required key there."""
    if type(data) is not dict:
        msg = f"a case line must be a JSON object, not {type_name(data)}"
        raise BindingGraphError("wrong_type", f"{msg} (got {short_repr(data)})")
    fields = cast("dict[str, object]", data)
    for key in fields:  # the order of the line: the first stray key is reported
        if key not in _KEYS and key not in _OPTIONAL:
            msg = f"a case has no field {short_repr(key)}; " + (
                _A_GRAPH
                if "format" in fields and "graph" not in fields
                else f"its fields are {', '.join(_KEYS + _OPTIONAL)}"
            )
            raise BindingGraphError("unknown_key", msg, (key,))
    for key in _KEYS:
        if key not in fields:
            msg = f"a case line has no key {key!r}"
            raise BindingGraphError("missing_key", msg, (key,))
    return fields


def _read_case(line: object, max_bytes: int) -> BenchmarkCase:
    """Return the case of one line; refuse a line that does not hold one."""
    fields = _fields(_tree(line, max_bytes))
    source_id, answer = fields["source_id"], fields["answer"]
    if type(source_id) is not str:
        refuse_type("BenchmarkCase", "source_id", "a str", source_id, ("source_id",))
    if type(answer) is not str:
        refuse_type("BenchmarkCase", "answer", "a str", answer, ("answer",))
    value = None if answer == _NONE else _number(answer)
    optional = {key: fields.get(key) for key in _OPTIONAL}
    for key, text in optional.items():
        if text is not None and type(text) is not str:
            refuse_type("BenchmarkCase", key, "a str", text, (key,))
    try:
        graph = from_data(fields["graph"])
    except BindingGraphError as error:
        raise error.with_prefix(("graph",)) from None
    return BenchmarkCase(
        source_id,
        graph,
        value,
        reason=cast("str | None", optional["reason"]),
        perturbation=cast("str | None", optional["perturbation"]),
    )


def _number(answer: str) -> Fraction:
    try:
        return parse_number(answer)
    except BindingGraphError as error:
        msg = f"a case's answer must be a number, or 'none': {error.message}"
        raise BindingGraphError(error.code, msg, ("answer",)) from None


def _make(
    number: int, case: BenchmarkCase | None, error: BindingGraphError | None
) -> CaseRecord:
    return CaseRecord(number, case=case, error=error)


def load_cases(
    source: BinaryIO | Iterable[str | bytes | bytearray],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Iterator[CaseRecord]:
    r"""Read a file of cases, as :func:`case_line` writes them: a :class:`CaseRecord` per line.

    It takes what :func:`~binding_graph.load_lines` takes, splits lines
    as it does (``\n`` or ``\r\n``; blank lines skipped but counted) and,
    like it, never stops at a bad line. A line must be a JSON object with
    exactly the keys ``source_id`` (a ``str``), ``answer`` (a ``str`` that
    :func:`~binding_graph.arithmetic.parse_number` reads) and ``graph`` (a
    tree that :func:`~binding_graph.from_data` reads), in any order and
    spacing. A line's refusal is, with its path into the line:
    ``malformed_document`` (not UTF-8, a byte order mark, not JSON, a
    repeated key, a number with a fraction or an exponent, an integer
    beyond ``2**53 - 1``), ``limit_exceeded`` (above *max_bytes*, or
    nested too deep), ``wrong_type`` (not an object; a ``source_id`` or
    an ``answer`` that is not a string, at ``("source_id",)`` or
    ``("answer",)``), ``unknown_key`` or ``missing_key`` at the key,
    ``empty_text`` or ``invalid_text`` at ``("source_id",)``, what
    :func:`~binding_graph.arithmetic.parse_number` refuses at
    ``("answer",)`` (``not_arithmetic``, ``limit_exceeded``), and what
    :func:`~binding_graph.from_data` refuses under ``("graph",)``, such as
    ``("graph", "symbols", 0, "symbol_id")``.

    Args:
        source: A binary file (anything with ``read(size) -> bytes``), read
            64 KiB at a time; or an iterable of lines, ``bytes`` or ``str``,
            each with or without its line end.
        max_bytes: The longest line to read, in bytes of UTF-8. From a file,
            a longer one is refused without ever being held whole.

    Returns:
        An iterator of records, in the order of their lines; it reads
        *source* as it is advanced.

    Raises:
        BindingGraphError: ``wrong_type`` as
            :func:`~binding_graph.load_lines` raises it: *max_bytes* not an
            ``int``, *source* neither a file nor an iterable of lines; while
            iterating, a file that reads anything but ``bytes``, or a source
            whose reading raises anything but an ``OSError``, which passes
            as it is.

    >>> from binding_graph.datasets import load_cases
    >>> records = load_cases([b'{"source_id": "p1"}', b"", b"[]"])
    >>> [(record.line, record.error.code, record.error.path) for record in records]
    [(1, 'missing_key', ('answer',)), (3, 'wrong_type', ())]

    .. versionadded:: 0.1.0
    """
    return read_records(_OWNER, source, max_bytes, _read_case, _make)
