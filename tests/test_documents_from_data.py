"""Reading documents: from_data, from a tree of JSON values to model objects, and loads after parsing."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given

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
from tests._helpers import (
    ANY_MODEL,
    CLASS_NAMES,
    JSON_TREES,
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


def document(**overrides: Any) -> dict[str, Any]:
    """Return the document of the builders' graph, with top-level *overrides*."""
    data = to_data(graph())
    data.update(overrides)
    return data


_GRAPH = "SemanticSymbolicBindingGraph"


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


# One refusal of each kind, with its exact code, path and message.
FROM_DATA_MESSAGES: list[Any] = [
    pytest.param(
        lambda: from_data({}, untyped(int)),
        "wrong_type",
        ("cls",),
        f"from_data.cls must be one of {CLASS_NAMES}, not type (got <class 'int'>)",
        id="cls",
    ),
]


class TestFromData:
    """from_data reads back what to_data writes, and refuses anything else with a refusal."""

    @pytest.mark.parametrize(
        "obj", [span(), symbol(), fact(), equation(), graph().unknowns[0]]
    )
    def test_fragments_read_back_with_their_class(self, obj: Any) -> None:
        """A fragment reads back with cls naming its class."""
        cls: Any = obj.__class__
        assert from_data(to_data(obj), cls) == obj
        assert loads(dumps(obj), cls) == obj
        assert is_canonical(canonical_bytes(obj), cls)

    def test_dependencies_may_come_in_any_order(self) -> None:
        """A dependencies list in any order reads as the same set."""
        data = document()
        data["equations"][0]["dependencies"] = ["y", "x"]
        assert from_data(data) == graph()
        assert not is_canonical(json.dumps(data))

    @given(ANY_MODEL)
    def test_round_trip_for_every_class(self, obj: Any) -> None:
        """from_data(to_data(x)) == x and loads(dumps(x)) == x, for every class."""
        cls: Any = obj.__class__
        assert from_data(to_data(obj), cls) == obj
        assert loads(dumps(obj), cls) == obj
        assert loads(canonical_bytes(obj), cls) == obj
        assert is_canonical(dumps(obj), cls)

    @pytest.mark.parametrize(("data", "cls", "expected"), _TREES)
    def test_python_trees_refuse_too(self, data: Any, cls: Any, expected: Any) -> None:
        """A Python tree that is not a document refuses too."""
        assert code_and_path(from_data, data, cls) == expected

    @given(JSON_TREES)
    def test_arbitrary_json_raises_only_binding_graph_error(self, data: Any) -> None:
        """from_data and loads on arbitrary JSON refuse with BindingGraphError only."""
        for cls in (SemanticSymbolicBindingGraph, SymbolBinding, BoundEquation):
            with pytest.raises(BindingGraphError):
                from_data(data, cls)
            with pytest.raises(BindingGraphError):
                loads(json.dumps(data), cls)

    @pytest.mark.parametrize(("call", "code", "path", "message"), FROM_DATA_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


# One refusal of each kind, with its exact code, path and message.
HEADER_MESSAGES: list[Any] = [
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
]


class TestHeader:
    """A graph document opens with its format and version, checked before anything else."""

    def test_fragment_is_not_a_graph_document(self) -> None:
        """A fragment read as a graph lacks the header."""
        assert code_and_path(loads, dumps(span())) == ("missing_key", ("format",))

    def test_header_is_checked_before_keys(self) -> None:
        """A future version refuses as unsupported_version, whatever keys it has."""
        data: dict[str, Any] = {"format": "binding-graph", "version": 2, "nodes": []}
        assert code_and_path(from_data, data) == ("unsupported_version", ("version",))
        data = {"format": "other", "version": 1}
        assert code_and_path(from_data, data) == ("malformed_document", ("format",))

    @pytest.mark.parametrize(("call", "code", "path", "message"), HEADER_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


def _delete(data: dict[str, Any], path: tuple[str | int, ...]) -> None:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


# One refusal of each kind, with its exact code, path and message.
KEY_MESSAGES: list[Any] = [
    pytest.param(
        lambda: from_data(document(nodes=[])),
        "unknown_key",
        ("nodes",),
        f"{_GRAPH} has no field 'nodes'; its fields are format, version, symbols,"
        " facts, equations, unknowns, constraints, provenance",
        id="graph-unknown-key",
    ),
]


class TestKeys:
    """An object holds exactly the fields of its class: no key more, none less."""

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
    def test_missing_keys_refuse(
        self, at: tuple[str | int, ...], path: ErrorPath
    ) -> None:
        """A field left out refuses as missing_key, at where it belongs."""
        data = document()
        _delete(data, at)
        assert code_and_path(from_data, data) == ("missing_key", path)

    def test_unknown_key_is_reported_before_missing_ones(self) -> None:
        """A misspelt key is reported as unknown, where it stands."""
        data = document()
        data["symbols"][0]["nmae"] = data["symbols"][0].pop("name")
        assert code_and_path(from_data, data) == ("unknown_key", ("symbols", 0, "nmae"))

    @pytest.mark.parametrize(
        "obj",
        [span(), symbol(), fact(), equation(), unknown(), constraint()],
        ids=lambda obj: type(obj).__name__,
    )
    def test_key_refusals_name_the_class_and_its_fields(self, obj: Any) -> None:
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
        # The last field a document may not leave out: the builders leave
        # every field a document may leave out at None, and so out of it.
        last = [name for name in fields if name in short][-1]
        del short[last]
        with pytest.raises(BindingGraphError) as info:
            from_data(short, cls)
        missing = (
            f"{name}.{last} is missing: a document holds every field, null for None"
        )
        assert (info.value.code, info.value.path, info.value.message) == (
            "missing_key",
            (last,),
            missing,
        )

    @pytest.mark.parametrize(("call", "code", "path", "message"), KEY_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> None:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


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


def _equation_document(dependencies: object) -> dict[str, Any]:
    """Return the builders' document with the first equation's *dependencies*."""
    data = document()
    data["equations"][0]["dependencies"] = dependencies
    return data


# One refusal of each kind, with its exact code, path and message.
LOCATED_MESSAGES: list[Any] = [
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
        f"a {_GRAPH} must be a JSON object, not list: a document holds one graph,"
        " and a file of several holds one a line, as JSON Lines (.jsonl) (got [])",
        id="graph-not-an-object",
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
        lambda: from_data(_equation_document(["x", 1])),
        "wrong_type",
        ("equations", 0, "dependencies", 1),
        "BoundEquation.dependencies must be a str, not int (got 1)",
        id="dependencies-member-not-a-str",
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
]


class TestLocatedRefusals:
    """A broken value refuses with its code, its path from the document's root and its message."""

    @pytest.mark.parametrize(("at", "value", "code", "path"), _REFUSALS)
    def test_documents_refuse_with_code_and_path_from_the_root(
        self, at: tuple[str | int, ...], value: Any, code: str, path: ErrorPath
    ) -> None:
        """One broken value refuses with its code, located from the document root."""
        data = document()
        _set(data, at, value)
        assert code_and_path(from_data, data) == (code, path)
        assert code_and_path(loads, json.dumps(data)) == (code, path)

    @pytest.mark.parametrize(("call", "code", "path", "message"), LOCATED_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


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


# One refusal of each kind, with its exact code, path and message.
NESTING_MESSAGES: list[Any] = [
    pytest.param(
        lambda: from_data(
            {"source_id": [], "start": 0, "end": 1, "text": "x"}, SourceSpanLink
        ),
        "limit_exceeded",
        ("source_id",),
        "a SourceSpanLink document nests arrays and objects at most 1 deep; this"
        " one nests deeper",
        id="nesting",
    ),
]


class TestNesting:
    """A document nests no deeper than its class's format: deeper is limit_exceeded."""

    @pytest.mark.parametrize(
        ("sample", "field", "depth"),
        FORMAT_DEPTHS,
        ids=[type(sample).__name__ for sample, _, _ in FORMAT_DEPTHS],
    )
    def test_each_class_nests_as_deep_as_its_format_and_no_deeper(
        self, sample: Any, field: str, depth: int
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

    @pytest.mark.parametrize(("call", "code", "path", "message"), NESTING_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )
