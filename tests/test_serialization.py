"""Tests of documents: round trips, canonical bytes, hashes, the schema, the loader."""

from __future__ import annotations

import contextlib
import gc
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundEquation,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    canonical_bytes,
    dumps,
    from_data,
    is_canonical,
    loads,
    to_data,
)
from binding_graph.serialization import (
    DEFAULT_MAX_BYTES,
)
from tests._helpers import (
    ANY_MODEL,
    CLASS_NAMES,
    JSON_TREES,
    READ,
    UTF8_SIZE,
    ErrorPath,
    code_and_path,
    constraint,
    equation,
    fact,
    graph,
    span,
    symbol,
    unknown,
    untyped,
)

if TYPE_CHECKING:
    from collections.abc import Callable

ROOT = Path(__file__).resolve().parent.parent


def document(**overrides: Any) -> dict[str, Any]:
    """Return the document of the builders' graph, with top-level *overrides*."""
    data = to_data(graph())
    data.update(overrides)
    return data


# -- to_data ----------------------------------------------------------------


# -- canonical bytes, text and hash -----------------------------------------


# -- from_data and loads: valid input ---------------------------------------


def test_dependencies_may_come_in_any_order() -> None:
    """A dependencies list in any order reads as the same set."""
    data = document()
    data["equations"][0]["dependencies"] = ["y", "x"]
    assert from_data(data) == graph()
    assert not is_canonical(json.dumps(data))


def test_loads_takes_str_bytes_and_bytearray_with_any_whitespace() -> None:
    """A document reads from str, bytes or bytearray, with any whitespace and key order."""
    g = graph()
    pretty = json.dumps(to_data(g), indent=4, ensure_ascii=True)
    for text in (pretty, pretty.encode(), bytearray(pretty.encode())):
        assert loads(text) == g
    assert not is_canonical(pretty)


@pytest.mark.parametrize(
    "obj", [span(), symbol(), fact(), equation(), graph().unknowns[0]]
)
def test_fragments_read_back_with_their_class(obj: Any) -> None:
    """A fragment reads back with cls naming its class."""
    cls: Any = obj.__class__
    assert from_data(to_data(obj), cls) == obj
    assert loads(dumps(obj), cls) == obj
    assert is_canonical(canonical_bytes(obj), cls)


def test_fragment_is_not_a_graph_document() -> None:
    """A fragment read as a graph lacks the header."""
    assert code_and_path(loads, dumps(span())) == ("missing_key", ("format",))


# -- from_data and loads: refusals, code and path ---------------------------


def _malformed(text: str | bytes) -> tuple[str, ErrorPath]:
    return code_and_path(loads, text)


_DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("text", "path"),
    [
        pytest.param(b"\xff{}", (), id="invalid-utf8"),
        pytest.param(b'{"a": "\xed\xa0\x80"}', (), id="utf8-encoded-surrogate"),
        pytest.param(b"\xef\xbb\xbf{}", (), id="bom-bytes"),
        pytest.param("\ufeff{}", (), id="bom-str"),
        pytest.param("", (), id="empty"),
        pytest.param("{", (), id="truncated"),
        pytest.param("{} {}", (), id="extra-data"),
        pytest.param("{'a': 1}", (), id="single-quotes"),
        pytest.param('{"a": 1, "a": 1}', (), id="duplicate-key"),
        pytest.param('{"format": {"a": 1, "a": 2}}', (), id="nested-duplicate"),
        pytest.param('{"format": NaN}', (), id="nan"),
        pytest.param('{"format": Infinity}', (), id="infinity"),
        pytest.param('{"format": -Infinity}', (), id="minus-infinity"),
        pytest.param('{"version": 1.0}', (), id="fraction"),
        pytest.param('{"version": 1e0}', (), id="exponent"),
        pytest.param('{"version": 9007199254740992}', (), id="int-above-2**53-1"),
        pytest.param('{"version": -9007199254740992}', (), id="int-below"),
        pytest.param('{"version": ' + "9" * 5000 + "}", (), id="int-5000-digits"),
        pytest.param('{"format": "binding-graf", "version": 1}', ("format",), id="fmt"),
        pytest.param('{"format": 1, "version": 1}', ("format",), id="fmt-type"),
    ],
)
def test_malformed_documents_refuse(text: str | bytes, path: ErrorPath) -> None:
    """Every class of malformed text refuses as malformed_document, located."""
    assert _malformed(text) == ("malformed_document", path)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        pytest.param(_DEEP, (), id="nesting-beyond-the-parser"),
        pytest.param(
            '{"format": "binding-graph", "version": 1, "symbols": [[[[]]]]}',
            ("symbols", 0, 0, 0),
            id="nesting-beyond-the-format",
        ),
    ],
)
def test_nesting_too_deep_exceeds_a_limit(text: str, path: ErrorPath) -> None:
    """Nesting deeper than the format refuses as limit_exceeded, located."""
    assert _malformed(text) == ("limit_exceeded", path)


# How deep a document of each class nests, its own object counted as 1: a
# graph holds symbols, a symbol holds its span.
FORMAT_DEPTHS: list[tuple[Any, str, int]] = [
    (span(), "source_id", 1),
    (symbol(), "symbol_id", 2),
    (fact(), "symbol_id", 2),
    (equation(), "lhs_symbol_id", 2),
    (unknown(), "symbol_id", 2),
    (constraint(), "symbol_id", 2),
    (graph(), "provenance", 4),
]


def _lists(depth: int) -> Any:
    """Return empty lists nested *depth* deep: ``[]`` for 1, ``[[]]`` for 2."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("sample", "field", "depth"),
    FORMAT_DEPTHS,
    ids=[type(sample).__name__ for sample, _, _ in FORMAT_DEPTHS],
)
def test_each_class_nests_as_deep_as_its_format_and_no_deeper(
    sample: Any, field: str, depth: int
) -> None:
    """A document nested one level deeper than its class's format exceeds the limit."""
    cls: Any = sample.__class__
    deeper = to_data(sample)
    deeper[field] = _lists(depth)  # the innermost list sits at depth + 1
    path = (field, *(0,) * (depth - 1))
    assert code_and_path(from_data, deeper, cls) == ("limit_exceeded", path)
    assert code_and_path(loads, json.dumps(deeper), cls) == ("limit_exceeded", path)
    if depth > 1:
        as_deep = to_data(sample)
        as_deep[field] = _lists(depth - 1)
        assert code_and_path(from_data, as_deep, cls)[0] == "wrong_type"


def test_integers_at_the_limits_are_read() -> None:
    """Integers of magnitude up to 2**53 - 1 parse, and the model judges them."""
    assert loads(
        '{"source_id": "p", "start": 9007199254740990, "end": 9007199254740991,'
        ' "text": "x"}',
        SourceSpanLink,
    ) == SourceSpanLink("p", 2**53 - 2, 2**53 - 1, "x")
    text = '{"source_id": "p", "start": -9007199254740991, "end": 1, "text": "x"}'
    assert code_and_path(loads, text, SourceSpanLink) == ("invalid_span", ("start",))


def test_documents_above_the_limit_refuse() -> None:
    """Text above max_bytes refuses as limit_exceeded, counted in UTF-8."""
    text = dumps(graph())
    size = len(text.encode())
    assert loads(text, max_bytes=size) == graph()
    assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
    raw = text.encode()
    assert code_and_path(loads, raw, max_bytes=size - 1) == ("limit_exceeded", ())
    assert DEFAULT_MAX_BYTES == 64 * 1024 * 1024


def test_size_limit_counts_utf8_bytes_not_characters() -> None:
    """A non-ASCII document near the limit is measured in bytes of UTF-8."""
    g = graph(symbols=(*graph().symbols, symbol(symbol_id="w", name="\u00e9" * 40)))
    text = dumps(g)
    size = len(text.encode())
    assert len(text) < size
    assert loads(text, max_bytes=size) == g
    assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
    assert code_and_path(loads, text, max_bytes=len(text) - 1) == ("limit_exceeded", ())
    assert loads(text, max_bytes=size * 4) == g


def test_size_limit_encodes_only_text_that_could_exceed_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Text whose characters could not exceed max_bytes in UTF-8 is never encoded."""
    g = graph(symbols=(*graph().symbols, symbol(symbol_id="w", name="\u00e9" * 40)))
    text = dumps(g)
    encoded: list[int] = []

    def count(document: str) -> int:
        encoded.append(len(document))
        return len(document.encode())

    monkeypatch.setattr(*UTF8_SIZE, count)
    # Four bytes a character at most: at 4 * len(text) the text cannot exceed.
    assert loads(text, max_bytes=4 * len(text)) == g
    assert encoded == []
    assert loads(text, max_bytes=4 * len(text) - 1) == g
    assert encoded == [len(text)]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"text": 12}, ("wrong_type", ("text",))),
        ({"text": None}, ("wrong_type", ("text",))),
        ({"text": "{}", "cls": dict}, ("wrong_type", ("cls",))),
        ({"text": "{}", "cls": []}, ("wrong_type", ("cls",))),
        ({"text": "{}", "max_bytes": 1.5}, ("wrong_type", ("max_bytes",))),
        ({"text": "{}", "max_bytes": True}, ("wrong_type", ("max_bytes",))),
    ],
)
def test_loads_refuses_wrong_arguments(
    kwargs: dict[str, Any], expected: tuple[str, ErrorPath]
) -> None:
    """A wrong argument to loads refuses as wrong_type, naming the argument."""
    assert code_and_path(loads, **kwargs) == expected


def test_from_data_and_is_canonical_refuse_a_wrong_class() -> None:
    """from_data and is_canonical refuse a cls that is not a model class."""
    assert code_and_path(from_data, {}, untyped(int)) == ("wrong_type", ("cls",))
    assert code_and_path(is_canonical, "{}", untyped(int)) == ("wrong_type", ("cls",))


def test_is_canonical_is_false_for_refused_text() -> None:
    """Text that loads refuses is not canonical."""
    assert not is_canonical(b"\xff")
    assert not is_canonical("{}")


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> None:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _delete(data: dict[str, Any], path: tuple[str | int, ...]) -> None:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


_REFUSALS: list[Any] = [
    # (path to set, value, expected code, expected path)
    (("version",), 2, "unsupported_version", ("version",)),
    (("version",), 0, "unsupported_version", ("version",)),
    (("version",), "1", "wrong_type", ("version",)),
    (("version",), True, "wrong_type", ("version",)),
    (("extra",), 1, "unknown_key", ("extra",)),
    (("symbols",), {}, "wrong_type", ("symbols",)),
    (("symbols",), None, "wrong_type", ("symbols",)),
    (("provenance",), "p", "wrong_type", ("provenance",)),
    (("symbols", 1), [], "wrong_type", ("symbols", 1)),
    (("facts", 0), "x = 3", "wrong_type", ("facts", 0)),
    (("equations", 0), None, "wrong_type", ("equations", 0)),
    (("unknowns", 0), 1, "wrong_type", ("unknowns", 0)),
    (("constraints", 0), {}, "missing_key", ("constraints", 0, "symbol_id")),
    (("provenance", 0), "p1", "wrong_type", ("provenance", 0)),
    (("symbols", 1, "extra"), None, "unknown_key", ("symbols", 1, "extra")),
    (("symbols", 1, "source_span"), "p1", "wrong_type", ("symbols", 1, "source_span")),
    (
        ("symbols", 1, "source_span", "start"),
        True,
        "wrong_type",
        ("symbols", 1, "source_span", "start"),
    ),
    (
        ("symbols", 2, "source_span", "end"),
        0,
        "invalid_span",
        ("symbols", 2, "source_span", "end"),
    ),
    (
        ("facts", 0, "source_span", "text"),
        "Alic",
        "invalid_span",
        ("facts", 0, "source_span", "text"),
    ),
    (
        ("symbols", 0, "symbol_id"),
        "class",
        "invalid_identifier",
        ("symbols", 0, "symbol_id"),
    ),
    (("symbols", 0, "name"), " ", "empty_text", ("symbols", 0, "name")),
    (("symbols", 0, "name"), "\ud800", "invalid_text", ("symbols", 0, "name")),
    (("symbols", 0, "name"), ["a"], "wrong_type", ("symbols", 0, "name")),
    (
        ("symbols", 0, "semantic_role"),
        "role",
        "not_in_vocabulary",
        ("symbols", 0, "semantic_role"),
    ),
    (
        ("symbols", 1, "symbol_id"),
        "x",
        "duplicate_symbol_id",
        ("symbols", 1, "symbol_id"),
    ),
    (("facts", 0, "symbol_id"), "w", "unknown_symbol", ("facts", 0, "symbol_id")),
    (("facts", 0, "unit"), 3, "wrong_type", ("facts", 0, "unit")),
    (
        ("unknowns", 0, "question_span", "extra"),
        1,
        "unknown_key",
        ("unknowns", 0, "question_span", "extra"),
    ),
    (
        ("constraints", 0, "predicate"),
        "",
        "empty_text",
        ("constraints", 0, "predicate"),
    ),
    (("provenance", 0, "start"), -1, "invalid_span", ("provenance", 0, "start")),
    (
        ("equations", 0, "dependencies"),
        "x",
        "wrong_type",
        ("equations", 0, "dependencies"),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", "y", "x"],
        "malformed_document",
        ("equations", 0, "dependencies", 2),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", 1],
        "wrong_type",
        ("equations", 0, "dependencies", 1),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", True, 1],
        "wrong_type",
        ("equations", 0, "dependencies", 1),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", ["y"]],
        "limit_exceeded",
        ("equations", 0, "dependencies", 1),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", "y", "if"],
        "invalid_identifier",
        ("equations", 0, "dependencies", 2),
    ),
    (
        ("equations", 0, "dependencies"),
        ["x", "w", "y"],
        "unknown_symbol",
        ("equations", 0, "dependencies", 1),
    ),
    (
        ("equations", 0, "dependencies"),
        ["v", "x", "w"],
        "unknown_symbol",
        ("equations", 0, "dependencies", 0),
    ),
    (
        ("equations", 0, "refusal_reason"),
        "why",
        "refusal_reason_forbidden",
        ("equations", 0, "refusal_reason"),
    ),
    (
        ("equations", 0, "lhs_symbol_id"),
        "w",
        "unknown_symbol",
        ("equations", 0, "lhs_symbol_id"),
    ),
]


@pytest.mark.parametrize(("at", "value", "code", "path"), _REFUSALS)
def test_documents_refuse_with_code_and_path_from_the_root(
    at: tuple[str | int, ...], value: Any, code: str, path: ErrorPath
) -> None:
    """One broken value refuses with its code, located from the document root."""
    data = document()
    _set(data, at, value)
    assert code_and_path(from_data, data) == (code, path)
    assert code_and_path(loads, json.dumps(data)) == (code, path)


@pytest.mark.parametrize(
    ("at", "path"),
    [
        (("format",), ("format",)),
        (("version",), ("version",)),
        (("facts",), ("facts",)),
        (("symbols", 0, "entity"), ("symbols", 0, "entity")),
        (("equations", 0, "refusal_reason"), ("equations", 0, "refusal_reason")),
        (
            ("equations", 0, "source_span", "text"),
            ("equations", 0, "source_span", "text"),
        ),
        (("unknowns", 0, "question_span"), ("unknowns", 0, "question_span")),
    ],
)
def test_missing_keys_refuse(at: tuple[str | int, ...], path: ErrorPath) -> None:
    """A field left out refuses as missing_key, at where it belongs."""
    data = document()
    _delete(data, at)
    assert code_and_path(from_data, data) == ("missing_key", path)


def test_header_is_checked_before_keys() -> None:
    """A future version refuses as unsupported_version, whatever keys it has."""
    data: dict[str, Any] = {"format": "binding-graph", "version": 2, "nodes": []}
    assert code_and_path(from_data, data) == ("unsupported_version", ("version",))
    data = {"format": "other", "version": 1}
    assert code_and_path(from_data, data) == ("malformed_document", ("format",))


def test_unknown_key_is_reported_before_missing_ones() -> None:
    """A misspelt key is reported as unknown, where it stands."""
    data = document()
    data["symbols"][0]["nmae"] = data["symbols"][0].pop("name")
    assert code_and_path(from_data, data) == ("unknown_key", ("symbols", 0, "nmae"))


_TREES: list[tuple[Any, Any, Any]] = [
    ([], SemanticSymbolicBindingGraph, ("wrong_type", ())),
    ("{}", SourceSpanLink, ("wrong_type", ())),
    ({1: "p"}, SourceSpanLink, ("unknown_key", ())),
    ({(1, 2): [[]]}, SourceSpanLink, ("limit_exceeded", ("(1, 2)",))),
    ({"source_id": [[]]}, SourceSpanLink, ("limit_exceeded", ("source_id",))),
    (
        {"source_id": {"a": []}},
        SymbolBinding,
        ("limit_exceeded", ("source_id", "a")),
    ),
]


@pytest.mark.parametrize(("data", "cls", "expected"), _TREES)
def test_python_trees_refuse_too(data: Any, cls: Any, expected: Any) -> None:
    """A Python tree that is not a document refuses too."""
    assert code_and_path(from_data, data, cls) == expected


# -- properties -------------------------------------------------------------


@given(ANY_MODEL)
def test_round_trip_for_every_class(obj: Any) -> None:
    """from_data(to_data(x)) == x and loads(dumps(x)) == x, for every class."""
    cls: Any = obj.__class__
    assert from_data(to_data(obj), cls) == obj
    assert loads(dumps(obj), cls) == obj
    assert loads(canonical_bytes(obj), cls) == obj
    assert is_canonical(dumps(obj), cls)


@given(st.binary(max_size=200))
def test_arbitrary_bytes_raise_only_binding_graph_error(raw: bytes) -> None:
    """Arbitrary bytes load or refuse with BindingGraphError; nothing else escapes."""
    for cls in (SemanticSymbolicBindingGraph, SourceSpanLink):
        with contextlib.suppress(BindingGraphError):
            loads(raw, cls)


@given(JSON_TREES)
def test_arbitrary_json_raises_only_binding_graph_error(data: Any) -> None:
    """from_data and loads on arbitrary JSON refuse with BindingGraphError only."""
    for cls in (SemanticSymbolicBindingGraph, SymbolBinding, BoundEquation):
        with pytest.raises(BindingGraphError):
            from_data(data, cls)
        with pytest.raises(BindingGraphError):
            loads(json.dumps(data), cls)


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("refused", [True, False])
def test_reading_pauses_the_collector_and_restores_it(
    monkeypatch: pytest.MonkeyPatch,
    enabled: bool,  # noqa: FBT001 -- a parameter of the test
    refused: bool,  # noqa: FBT001 -- a parameter of the test
) -> None:
    """Reading pauses the collector, then restores its state, refused or not."""
    document = '{"source_id": "p", "start": 0, "end": 1, "text": "x"}'
    if refused:
        document = document.replace('"end": 1', '"end": 0')
    during: list[bool] = []
    read: Callable[[object, object], object] = getattr(*READ)

    def observed(data: object, cls: object) -> object:
        during.append(gc.isenabled())
        return read(data, cls)

    monkeypatch.setattr(*READ, observed)
    was = gc.isenabled()
    try:
        if enabled:
            gc.enable()
        else:
            gc.disable()
        calls: list[Callable[[], object]] = [
            lambda: loads(document, SourceSpanLink),
            lambda: from_data(json.loads(document), SourceSpanLink),
        ]
        for call in calls:
            if refused:
                with pytest.raises(BindingGraphError):
                    call()
            else:
                assert call() == SourceSpanLink("p", 0, 1, "x")
            assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
    assert during == [False, False]


# -- exact messages -------------------------------------------------------------
# One refusal of every kind that serialization raises itself, with its exact
# code, path and message: the message names the owner, the rule and the value.

_GRAPH = "SemanticSymbolicBindingGraph"


def _equation_document(dependencies: object) -> dict[str, Any]:
    """Return the builders' document with the first equation's *dependencies*."""
    data = document()
    data["equations"][0]["dependencies"] = dependencies
    return data


MESSAGES: list[Any] = [
    pytest.param(
        lambda: from_data({}, untyped(int)),
        "wrong_type",
        ("cls",),
        f"from_data.cls must be one of {CLASS_NAMES}, not type (got <class 'int'>)",
        id="cls",
    ),
    pytest.param(
        lambda: from_data([], SourceSpanLink),
        "wrong_type",
        (),
        "a SourceSpanLink must be a JSON object, not list (got [])",
        id="not-an-object",
    ),
    pytest.param(
        lambda: from_data([]),
        "wrong_type",
        (),
        f"a {_GRAPH} must be a JSON object, not list (got [])",
        id="graph-not-an-object",
    ),
    pytest.param(
        lambda: from_data({"format": "binding-graph"}),
        "missing_key",
        ("version",),
        f"{_GRAPH}.version is missing: a graph document holds"
        ' "format": "binding-graph" and "version": 1',
        id="header-missing",
    ),
    pytest.param(
        lambda: from_data(document(format="binding-graf")),
        "malformed_document",
        ("format",),
        f"{_GRAPH}.format must be 'binding-graph': this is not a binding-graph"
        " document (got 'binding-graf')",
        id="format",
    ),
    pytest.param(
        lambda: from_data(document(version="1")),
        "wrong_type",
        ("version",),
        f"{_GRAPH}.version must be an int, not str (got '1')",
        id="version-type",
    ),
    pytest.param(
        lambda: from_data(document(version=2)),
        "unsupported_version",
        ("version",),
        f"{_GRAPH}.version must be 1, the only version of the format this library"
        " reads (got 2)",
        id="version",
    ),
    pytest.param(
        lambda: from_data(document(nodes=[])),
        "unknown_key",
        ("nodes",),
        f"{_GRAPH} has no field 'nodes'; its fields are format, version, symbols,"
        " facts, equations, unknowns, constraints, provenance",
        id="graph-unknown-key",
    ),
    pytest.param(
        lambda: from_data(document(facts={})),
        "wrong_type",
        ("facts",),
        f"{_GRAPH}.facts must be a JSON array, not dict (got {{}})",
        id="collection-not-an-array",
    ),
    pytest.param(
        lambda: from_data(_equation_document("x")),
        "wrong_type",
        ("equations", 0, "dependencies"),
        "BoundEquation.dependencies must be a JSON array, not str (got 'x')",
        id="dependencies-not-an-array",
    ),
    pytest.param(
        lambda: from_data(_equation_document(["x", "y", "x"])),
        "malformed_document",
        ("equations", 0, "dependencies", 2),
        "BoundEquation.dependencies encodes a set and must not repeat an entry"
        " (got 'x' again)",
        id="dependencies-repeat",
    ),
    pytest.param(
        lambda: from_data(_equation_document(["x", "1y"])),
        "invalid_identifier",
        ("equations", 0, "dependencies", 1),
        "BoundEquation.dependencies must be a Python identifier (got '1y')",
        id="dependencies-member",
    ),
    pytest.param(
        lambda: from_data(_equation_document(["x", "w"])),
        "unknown_symbol",
        ("equations", 0, "dependencies", 1),
        f"{_GRAPH}.equations[0].dependencies must name symbols of the graph"
        " ('w' is not one)",
        id="dependencies-unknown",
    ),
    pytest.param(
        lambda: from_data(
            {"source_id": [], "start": 0, "end": 1, "text": "x"}, SourceSpanLink
        ),
        "limit_exceeded",
        ("source_id",),
        "a SourceSpanLink document nests at most 1 arrays and objects deep; this"
        " one nests deeper",
        id="nesting",
    ),
    pytest.param(
        lambda: loads('{"a": 1, "b": 1, "b": 2}'),
        "malformed_document",
        (),
        "a JSON object must not repeat a key (got 'b' again)",
        id="repeated-key",
    ),
    pytest.param(
        lambda: loads('{"a": 9007199254740992}'),
        "malformed_document",
        (),
        "integers in a document must lie within -(2**53 - 1) and 2**53 - 1, as"
        " every JSON implementation holds them exactly (got '9007199254740992')",
        id="integer",
    ),
    pytest.param(
        lambda: loads('{"a": 1.5}'),
        "malformed_document",
        (),
        "numbers in a document must be integers, written without a fraction or an"
        " exponent (got '1.5')",
        id="fraction",
    ),
    pytest.param(
        lambda: loads('{"a": NaN}'),
        "malformed_document",
        (),
        "a document must not hold NaN: it is not JSON",
        id="nan",
    ),
    pytest.param(
        lambda: loads("{}", max_bytes=untyped("1")),
        "wrong_type",
        ("max_bytes",),
        "loads.max_bytes must be an int, not str (got '1')",
        id="max_bytes-type",
    ),
    pytest.param(
        lambda: loads(untyped(3)),
        "wrong_type",
        ("text",),
        "loads.text must be a str or bytes, not int (got 3)",
        id="text-type",
    ),
    pytest.param(
        lambda: loads("{}", max_bytes=1),
        "limit_exceeded",
        (),
        "a document may take at most 1 bytes of UTF-8; this one takes more",
        id="size",
    ),
    pytest.param(
        lambda: loads(b"{\xff}"),
        "malformed_document",
        (),
        "a document must be UTF-8 (invalid start byte at byte 1)",
        id="utf8",
    ),
    pytest.param(
        lambda: loads("\ufeff{}"),
        "malformed_document",
        (),
        "a document must not start with a byte order mark (U+FEFF)",
        id="bom",
    ),
    pytest.param(
        lambda: loads("[1, 2"),
        "malformed_document",
        (),
        "a document must be JSON (Expecting ',' delimiter: line 1 column 6)",
        id="json",
    ),
    pytest.param(
        lambda: loads(_DEEP),
        "limit_exceeded",
        (),
        "a document must not nest arrays and objects this deep",
        id="nesting-beyond-the-parser",
    ),
]


@pytest.mark.parametrize(("call", "code", "path", "message"), MESSAGES)
def test_refusal_message_is_exact(
    call: Callable[[], object], code: str, path: ErrorPath, message: str
) -> None:
    """Each refusal of the reader and writer has its code, path and exact message."""
    with pytest.raises(BindingGraphError) as info:
        call()
    assert (info.value.code, info.value.path, info.value.message) == (
        code,
        path,
        message,
    )


@pytest.mark.parametrize(
    "obj",
    [span(), symbol(), fact(), equation(), unknown(), constraint()],
    ids=lambda obj: type(obj).__name__,
)
def test_key_refusals_name_the_class_and_its_fields(obj: Any) -> None:
    """A stray or a missing key names the class whose object it is in."""
    cls: type[Any] = obj.__class__
    name = cls.__name__
    fields = [a.name for a in attrs.fields(cls)]
    stray = {**to_data(obj), "extra": 1}
    with pytest.raises(BindingGraphError) as info:
        from_data(stray, cls)
    assert (info.value.code, info.value.path, info.value.message) == (
        "unknown_key",
        ("extra",),
        f"{name} has no field 'extra'; its fields are {', '.join(fields)}",
    )
    short = to_data(obj)
    last = fields[-1]
    del short[last]
    with pytest.raises(BindingGraphError) as info:
        from_data(short, cls)
    missing = f"{name}.{last} is missing: a document holds every field, null for None"
    assert (info.value.code, info.value.path, info.value.message) == (
        "missing_key",
        (last,),
        missing,
    )


def test_a_lone_surrogate_near_the_limit_is_measured_then_refused() -> None:
    """Text with a lone surrogate is measured without error, then refused as text."""
    name = "\u00e9\ud800"
    data = to_data(graph())
    data["symbols"][0]["name"] = name
    text = json.dumps(data, ensure_ascii=False)
    size = len(text.encode("utf-8", "surrogatepass"))
    assert size > len(text)
    assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
    assert code_and_path(loads, text, max_bytes=size) == (
        "invalid_text",
        ("symbols", 0, "name"),
    )


def test_non_ascii_bytes_at_the_limit_are_read() -> None:
    """UTF-8 bytes of exactly max_bytes are read, non-ASCII ones included."""
    obj = span(start=0, end=2, text="\u00e9t")
    raw = dumps(obj).encode()
    assert loads(raw, SourceSpanLink, max_bytes=len(raw)) == obj
    assert loads(bytearray(raw), SourceSpanLink, max_bytes=len(raw)) == obj


def test_non_ascii_text_as_long_as_the_limit_in_characters_refuses() -> None:
    """Text of max_bytes characters, some non-ASCII, takes more bytes: refused."""
    text = dumps(span(start=0, end=2, text="\u00e9t"))
    assert len(text.encode()) == len(text) + 1
    assert code_and_path(loads, text, SourceSpanLink, max_bytes=len(text)) == (
        "limit_exceeded",
        (),
    )
    assert loads(text, SourceSpanLink, max_bytes=len(text) + 1) == span(
        start=0, end=2, text="\u00e9t"
    )
