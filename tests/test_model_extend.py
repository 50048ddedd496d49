"""SemanticSymbolicBindingGraph.extend: the same result as building anew."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph import strategies as bgst
from tests._helpers import (
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
    from hypothesis.strategies import DrawFn


FIELDS = ("symbols", "facts", "equations", "unknowns", "constraints", "provenance")


def outcome(build: Any) -> object:
    """Return what *build* gives: a graph, or the code and path it refuses with."""
    try:
        return build()
    except BindingGraphError as exc:
        return (exc.code, exc.path)


@st.composite
def base_and_additions(
    draw: DrawFn,
) -> tuple[SemanticSymbolicBindingGraph, dict[str, Any]]:
    """Draw a valid graph, and additions that may or may not be valid."""
    base = draw(bgst.graphs(max_symbols=4))
    known = [s.symbol_id for s in base.symbols]
    fresh = draw(st.lists(bgst.identifiers(), max_size=3, unique=True))
    pool = known + fresh + ["zz_never_bound"]
    new_ids = draw(st.lists(st.sampled_from(pool), max_size=3))
    additions: dict[str, Any] = {
        "symbols": tuple(draw(bgst.symbol_bindings(symbol_id=i)) for i in new_ids),
        "facts": tuple(draw(st.lists(bgst.bound_facts(symbol_ids=pool), max_size=2))),
        "equations": tuple(
            draw(st.lists(bgst.bound_equations(symbol_ids=pool), max_size=2))
        ),
        "unknowns": tuple(
            draw(st.lists(bgst.bound_unknowns(symbol_ids=pool), max_size=2))
        ),
        "constraints": tuple(
            draw(st.lists(bgst.bound_constraints(symbol_ids=pool), max_size=2))
        ),
        "provenance": tuple(draw(st.lists(bgst.source_spans(), max_size=2))),
    }
    if draw(st.booleans()):  # sometimes, a value of the wrong type
        field = draw(st.sampled_from(FIELDS))
        junk: Any = draw(st.sampled_from([[], None, (None,), ("x",)]))
        additions[field] = (
            junk
            if not isinstance(junk, tuple)
            else (
                *additions[field],
                *junk,
            )
        )
    return base, additions


ADDITIONS: dict[str, tuple[Any, ...]] = {
    "symbols": (symbol(symbol_id="w"),),
    "facts": (fact(symbol_id="w"),),
    "equations": (equation(lhs_symbol_id="w", dependencies=frozenset({"w"})),),
    "unknowns": (unknown(symbol_id="w"),),
    "constraints": (constraint(symbol_id="w"),),
    "provenance": (span(source_id="p2"),),
}


class TestExtend:
    """extend() gives the graph that building it whole again gives."""

    @given(base_and_additions())
    def test_extend_equals_building_the_whole_graph_again(
        self,
        case: tuple[SemanticSymbolicBindingGraph, dict[str, Any]],
    ) -> None:
        """extend() gives the graph evolve() gives, or the same code and path."""
        base, additions = case

        def rebuilt() -> object:
            combined: dict[str, Any] = {}
            for name, items in additions.items():
                old: tuple[Any, ...] = getattr(base, name)
                combined[name] = old + items if isinstance(items, tuple) else items
            return attrs.evolve(base, **combined)

        expected = outcome(rebuilt)
        assert outcome(lambda: base.extend(**additions)) == expected
        if isinstance(expected, SemanticSymbolicBindingGraph):
            assert type(base.extend(**additions)) is SemanticSymbolicBindingGraph

    def test_extend_appends_to_every_field(self) -> None:
        """extend() appends what it is given to each of the six fields."""
        base = graph()
        extended = base.extend(**ADDITIONS)
        assert type(extended) is SemanticSymbolicBindingGraph
        assert extended == attrs.evolve(
            base, **{name: getattr(base, name) + ADDITIONS[name] for name in ADDITIONS}
        )

    def test_extend_leaves_the_graph_unchanged_and_binds_new_references(self) -> None:
        """Added facts may name added symbols; the original graph is untouched."""
        base = graph()
        newcomer = symbol(symbol_id="newcomer")
        extended = base.extend(symbols=(newcomer,), facts=(fact(symbol_id="newcomer"),))
        assert extended.symbols == (*base.symbols, newcomer)
        assert extended.facts[-1].symbol_id == "newcomer"
        assert base == graph()
        assert extended == SemanticSymbolicBindingGraph(
            **{
                name: getattr(base, name)
                + getattr(extended, name)[len(getattr(base, name)) :]
                for name in FIELDS
            }
        )


class TestExtendRefusals:
    """extend() refuses what building the whole graph again refuses, where it does."""

    def test_extend_refuses_a_fact_about_an_unbound_symbol_at_its_full_index(
        self,
    ) -> None:
        """A refused addition is located in the whole collection, not the added part."""
        base = graph()
        stray = fact(symbol_id="nobody")
        with pytest.raises(BindingGraphError) as info:
            base.extend(facts=(stray,))
        assert (info.value.code, info.value.path) == (
            "unknown_symbol",
            ("facts", len(base.facts), "symbol_id"),
        )

    def test_extend_refuses_a_repeated_symbol_id(self) -> None:
        """A symbol whose id the graph already has is a duplicate_symbol_id."""
        base = graph()
        twin = symbol(symbol_id=base.symbols[0].symbol_id)
        with pytest.raises(BindingGraphError) as info:
            base.extend(symbols=(twin,))
        assert (info.value.code, info.value.path) == (
            "duplicate_symbol_id",
            ("symbols", len(base.symbols), "symbol_id"),
        )

    @pytest.mark.parametrize(
        ("additions", "path", "message"),
        [
            pytest.param(
                {"facts": []},
                ("facts",),
                "SemanticSymbolicBindingGraph.facts must be a tuple of BoundFact,"
                " not list (got [])",
                id="collection",
            ),
            pytest.param(
                {"provenance": (span(), "p1")},
                ("provenance", 2),
                "SemanticSymbolicBindingGraph.provenance must be a SourceSpanLink,"
                " not str (got 'p1')",
                id="item",
            ),
        ],
    )
    def test_extend_refusal_message_is_exact(
        self, additions: dict[str, object], path: tuple[str | int, ...], message: str
    ) -> None:
        """extend() refuses a wrong type as the constructor would: code, path, message."""
        error = refusal(graph().extend, **additions)
        assert (error.code, error.path, error.message) == ("wrong_type", path, message)
