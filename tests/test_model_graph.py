"""The rules of the graph: typed collections, unique symbol ids, and references to its own symbols."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import SymbolBinding
from tests._helpers import (
    assert_refusal,
    constraint,
    equation,
    fact,
    graph,
    refusal,
    span,
    symbol,
    unknown,
)

if TYPE_CHECKING:
    from collections.abc import Callable


GRAPH_FIELDS: dict[str, tuple[str, Callable[[], object]]] = {
    "symbols": ("SymbolBinding", symbol),
    "facts": ("BoundFact", fact),
    "equations": ("BoundEquation", equation),
    "unknowns": ("BoundUnknown", unknown),
    "constraints": ("BoundConstraint", constraint),
    "provenance": ("SourceSpanLink", span),
}


def _as_list(field: str) -> object:
    return [GRAPH_FIELDS[field][1]()]


def _as_generator(field: str) -> object:
    return (item for item in [GRAPH_FIELDS[field][1]()])


def _as_set(field: str) -> object:
    return {GRAPH_FIELDS[field][1]()}


def _as_bare_item(field: str) -> object:
    return GRAPH_FIELDS[field][1]()


def _as_none(_field: str) -> object:
    return None


# One refusal of each kind, with its exact code, path and message.
COLLECTION_MESSAGES: list[Any] = [
    pytest.param(
        lambda: graph(unknowns=[]),
        "wrong_type",
        ("unknowns",),
        "SemanticSymbolicBindingGraph.unknowns must be a tuple of BoundUnknown,"
        " not list (got [])",
        id="wrong_type-collection",
    ),
    pytest.param(
        lambda: graph(provenance=(span(), "p1")),
        "wrong_type",
        ("provenance", 1),
        "SemanticSymbolicBindingGraph.provenance must be a SourceSpanLink,"
        " not str (got 'p1')",
        id="wrong_type-collection-item",
    ),
]


class TestCollections:
    """Each collection of a graph is a tuple of its own model class."""

    @pytest.mark.parametrize("field", list(GRAPH_FIELDS))
    @pytest.mark.parametrize(
        "make", [_as_list, _as_generator, _as_set, _as_bare_item, _as_none]
    )
    def test_graph_collection_must_be_a_tuple(
        self, field: str, make: Callable[[str], object]
    ) -> None:
        """Every graph collection is a tuple: a list, a set or a bare item is refused."""
        error = refusal(graph, **{field: make(field)})
        assert_refusal(error, "wrong_type", (field,), "SemanticSymbolicBindingGraph")
        assert f"a tuple of {GRAPH_FIELDS[field][0]}" in error.message

    @pytest.mark.parametrize("field", list(GRAPH_FIELDS))
    @pytest.mark.parametrize("bad", [None, "x", ("x", 0, 1, "A"), 0])
    def test_graph_collection_item_must_have_its_class(
        self, field: str, bad: object
    ) -> None:
        """An item of the wrong class is refused at its index."""
        good = GRAPH_FIELDS[field][1]()
        error = refusal(graph, **{field: (good, good, bad)})
        assert_refusal(error, "wrong_type", (field, 2), "SemanticSymbolicBindingGraph")
        assert f"a {GRAPH_FIELDS[field][0]}" in error.message

    @pytest.mark.parametrize(
        ("field", "swapped"),
        [
            ("symbols", fact),
            ("facts", constraint),
            ("equations", fact),
            ("unknowns", fact),
            ("constraints", unknown),
            ("provenance", symbol),
        ],
    )
    def test_graph_collection_refuses_a_sibling_class(
        self, field: str, swapped: Callable[[], object]
    ) -> None:
        """An element of another model class is refused at its index."""
        good = GRAPH_FIELDS[field][1]()
        error = refusal(graph, **{field: (good, swapped())})
        assert_refusal(error, "wrong_type", (field, 1), "SemanticSymbolicBindingGraph")

    def test_graph_refuses_a_tuple_subclass(self) -> None:
        """A subclass of tuple is wrong_type: a collection is exactly a tuple."""

        class Symbols(tuple[SymbolBinding, ...]):
            __slots__ = ()

        symbols = Symbols((symbol(symbol_id="x"), symbol(symbol_id="w")))
        error = refusal(graph, symbols=symbols, facts=(), equations=(), unknowns=())
        assert (error.code, error.path) == ("wrong_type", ("symbols",))

    @pytest.mark.parametrize(("build", "code", "path", "message"), COLLECTION_MESSAGES)
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)


# One refusal of each kind, with its exact code, path and message.
DUPLICATE_MESSAGES: list[Any] = [
    pytest.param(
        lambda: graph(symbols=(symbol(symbol_id="x"), symbol(symbol_id="x"))),
        "duplicate_symbol_id",
        ("symbols", 1, "symbol_id"),
        "SemanticSymbolicBindingGraph.symbols must have unique symbol_id values"
        " ('x' is repeated)",
        id="duplicate_symbol_id",
    ),
]


class TestDuplicateSymbolIds:
    """Symbol ids are unique: a repeat is refused at the later occurrence."""

    @pytest.mark.parametrize(
        ("ids", "index"),
        [
            (["x", "y", "x"], 2),
            (["x", "x", "y", "y"], 1),
            (["x", "y", "z", "y"], 3),
            (["x", "y", "z", "w", "v", "z"], 5),
        ],
    )
    def test_duplicate_symbol_id_is_refused_at_the_later_occurrence(
        self, ids: list[str], index: int
    ) -> None:
        """A repeated symbol id is refused where it is repeated."""
        symbols = tuple(
            symbol(symbol_id=i, name=f"name {n}") for n, i in enumerate(ids)
        )
        error = refusal(graph, symbols=symbols)
        assert_refusal(
            error,
            "duplicate_symbol_id",
            ("symbols", index, "symbol_id"),
            "SemanticSymbolicBindingGraph",
        )
        assert f"{ids[index]!r} is repeated" in error.message

    def test_equal_symbols_twice_are_duplicates(self) -> None:
        """The same symbol listed twice is a duplicate too."""
        error = refusal(
            graph, symbols=(symbol(), symbol()), facts=(), equations=(), unknowns=()
        )
        assert (error.code, error.path) == (
            "duplicate_symbol_id",
            ("symbols", 1, "symbol_id"),
        )

    @pytest.mark.parametrize(("build", "code", "path", "message"), DUPLICATE_MESSAGES)
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)


# One refusal of each kind, with its exact code, path and message.
UNKNOWN_SYMBOL_MESSAGES: list[Any] = [
    pytest.param(
        lambda: graph(facts=(fact(), fact(symbol_id="q"))),
        "unknown_symbol",
        ("facts", 1, "symbol_id"),
        "SemanticSymbolicBindingGraph.facts[1].symbol_id must name symbols of the"
        " graph ('q' is not one)",
        id="unknown_symbol",
    ),
]


class TestUnknownSymbols:
    """Every reference names a symbol of the graph, or is refused at its element."""

    @pytest.mark.parametrize(
        ("fields", "path", "missing"),
        [
            (
                {
                    "facts": (
                        fact(),
                        fact(symbol_id="y"),
                        fact(symbol_id="z"),
                        fact(symbol_id="w"),
                    )
                },
                ("facts", 3, "symbol_id"),
                "w",
            ),
            (
                {"equations": (equation(), equation(lhs_symbol_id="w"))},
                ("equations", 1, "lhs_symbol_id"),
                "w",
            ),
            (
                {
                    "equations": (
                        equation(),
                        equation(),
                        equation(dependencies=frozenset({"x", "w", "v"})),
                    )
                },
                ("equations", 2, "dependencies"),
                "v",
            ),
            (
                {"unknowns": (unknown(symbol_id="w"),)},
                ("unknowns", 0, "symbol_id"),
                "w",
            ),
            (
                {"constraints": (constraint(), constraint(symbol_id="w"))},
                ("constraints", 1, "symbol_id"),
                "w",
            ),
            ({"symbols": ()}, ("facts", 0, "symbol_id"), "x"),
            (
                {
                    "facts": (),
                    "unknowns": (),
                    "constraints": (),
                    "symbols": (symbol(),),
                },
                ("equations", 0, "lhs_symbol_id"),
                "z",
            ),
            (
                {
                    "facts": (),
                    "unknowns": (),
                    "constraints": (),
                    "symbols": (symbol(symbol_id="z"), symbol(symbol_id="x")),
                },
                ("equations", 0, "dependencies"),
                "y",
            ),
        ],
    )
    def test_unknown_symbol_is_refused_at_the_exact_element(
        self, fields: dict[str, object], path: tuple[str | int, ...], missing: str
    ) -> None:
        """Every reference must name a symbol of the graph; the path is the element's."""
        error = refusal(graph, **fields)
        assert_refusal(error, "unknown_symbol", path, "SemanticSymbolicBindingGraph")
        assert f"({missing!r} is not one)" in error.message
        assert (
            f"SemanticSymbolicBindingGraph.{path[0]}[{path[1]}].{path[2]}"
            in error.message
        )

    def test_references_may_repeat_and_dependencies_may_be_empty(self) -> None:
        """Several elements may name the same symbol; an equation may read nothing."""
        built = graph(
            facts=(fact(), fact(value="4")),
            equations=(
                equation(),
                equation(dependencies=frozenset(), rhs_canonical="1"),
            ),
            unknowns=(unknown(), unknown(symbol_id="x")),
        )
        assert len(built.facts) == len(built.equations) == len(built.unknowns) == 2

    @pytest.mark.parametrize(
        ("build", "code", "path", "message"), UNKNOWN_SYMBOL_MESSAGES
    )
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)
