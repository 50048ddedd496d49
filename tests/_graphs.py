"""Graphs for the analysis and rendering tests: dense ones, and terse builders.

:func:`binding_graph.strategies.graphs` draws realistic graphs, whose few
equations seldom meet; :func:`dense_graphs` draws many equations, facts and
unknowns over a handful of symbols, so that cycles, repeated definitions,
conflicting facts and unit mismatches occur in most examples.
:func:`make_graph` builds a graph from a terse spelling of its elements, and
:func:`unit_graph` the graph of one equation over symbols in units, for the
tests of the units' commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, get_args

from hypothesis import strategies as st

from binding_graph import (
    AdmissibilityStatus,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst
from tests._helpers import equation, fact, graph, symbol

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["SPAN", "analysed_graphs", "dense_graphs", "make_graph", "unit_graph"]

SPAN: Final = SourceSpanLink("p1", 0, 5, "Alice")

# Few units and values, so that two facts or units often differ, and often
# agree.
_UNITS: Final = st.sampled_from([None, "kg", "g"])
_VALUES: Final = st.sampled_from(["1", "2"])
# Mostly admitted: pending and refused equations are there to be ignored.
_STATUSES: Final[SearchStrategy[AdmissibilityStatus]] = st.sampled_from(
    ["admitted", "admitted", "admitted", "pending", "refused"]
)
_IDS: Final = ("a", "b", "c", "d", "e", "\u03c3", "x_1")


@st.composite
def dense_graphs(draw: DrawFn, *, max_symbols: int = 5) -> SemanticSymbolicBindingGraph:
    """Build a valid graph with many elements over at most *max_symbols* symbols."""
    ids = draw(
        st.lists(st.sampled_from(_IDS), min_size=1, max_size=max_symbols, unique=True)
    )
    pick = st.sampled_from(ids)
    symbols = tuple(
        SymbolBinding(
            symbol_id=symbol_id,
            name=draw(bgst.texts(max_size=6)),
            semantic_role="quantity",
            source_span=SPAN,
            introduced_by="test",
            unit=draw(_UNITS),
        )
        for symbol_id in ids
    )
    facts = tuple(
        BoundFact(symbol_id=symbol_id, value=value, source_span=SPAN, unit=unit)
        for symbol_id, value, unit in draw(
            st.lists(st.tuples(pick, _VALUES, _UNITS), max_size=4)
        )
    )
    equations = tuple(
        BoundEquation(
            lhs_symbol_id=lhs,
            rhs_canonical="f",
            dependencies=dependencies,
            operation_kind=draw(bgst.texts(max_size=4)),
            unit_proof="p",
            admissibility_status=status,
            source_span=SPAN,
            refusal_reason="no" if status == "refused" else None,
        )
        for lhs, dependencies, status in draw(
            st.lists(
                st.tuples(pick, st.frozensets(pick, max_size=3), _STATUSES),
                max_size=9,
            )
        )
    )
    unknowns = tuple(
        BoundUnknown(symbol_id=symbol_id, question_span=SPAN, expected_unit=unit)
        for symbol_id, unit in draw(st.lists(st.tuples(pick, _UNITS), max_size=3))
    )
    constraints = tuple(
        BoundConstraint(symbol_id=symbol_id, predicate="p", source_span=SPAN)
        for symbol_id in draw(st.lists(pick, max_size=1))
    )
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=facts,
        equations=equations,
        unknowns=unknowns,
        constraints=constraints,
    )


def analysed_graphs() -> SearchStrategy[SemanticSymbolicBindingGraph]:
    """Build graphs of both kinds: dense, and realistic with hostile text.

    The realistic ones are small: their texts are slow to draw, and their few
    equations seldom meet.
    """
    return st.one_of(
        dense_graphs(),
        bgst.graphs(
            max_symbols=4,
            max_facts=4,
            max_equations=4,
            max_unknowns=2,
            max_constraints=2,
            max_provenance=1,
        ),
    )


_STATUS_NAMES: Final[tuple[AdmissibilityStatus, ...]] = get_args(AdmissibilityStatus)


def make_graph(
    symbols: str = "x y z",
    *,
    facts: Sequence[tuple[str, str] | tuple[str, str, str]] = (),
    equations: Sequence[str] = (),
    unknowns: Sequence[str | tuple[str, str]] = (),
    constraints: Sequence[str] = (),
    units: dict[str, str] | None = None,
) -> SemanticSymbolicBindingGraph:
    """Build a graph tersely.

    *symbols* are ids separated by spaces; a fact is ``(id, value)`` or
    ``(id, value, unit)``; an equation is ``"z := x y"``, admitted, or
    ``"z := x y pending"`` (or ``refused``): its left-hand side, its
    dependencies and maybe a status; an unknown is an id or
    ``(id, expected_unit)``; *units* gives symbols their units.
    """
    built_equations: list[BoundEquation] = []
    for text in equations:
        lhs, _, rest = text.partition(" := ")
        words = rest.split()
        status: AdmissibilityStatus = "admitted"
        if words and words[-1] in _STATUS_NAMES:
            last = words.pop()
            status = next(s for s in _STATUS_NAMES if s == last)
        built_equations.append(
            BoundEquation(
                lhs_symbol_id=lhs,
                rhs_canonical=" + ".join(words) or "1",
                dependencies=frozenset(words),
                operation_kind="add",
                unit_proof="same unit",
                admissibility_status=status,
                source_span=SPAN,
                refusal_reason="units differ" if status == "refused" else None,
            )
        )
    return SemanticSymbolicBindingGraph(
        symbols=tuple(
            SymbolBinding(
                symbol_id=symbol_id,
                name=f"the {symbol_id}",
                semantic_role="quantity",
                source_span=SPAN,
                introduced_by="test",
                unit=(units or {}).get(symbol_id),
            )
            for symbol_id in symbols.split()
        ),
        facts=tuple(
            BoundFact(
                symbol_id=fact[0],
                value=fact[1],
                source_span=SPAN,
                unit=fact[2] if len(fact) > 2 else None,
            )
            for fact in facts
        ),
        equations=tuple(built_equations),
        unknowns=tuple(
            BoundUnknown(symbol_id=u, question_span=SPAN)
            if isinstance(u, str)
            else BoundUnknown(symbol_id=u[0], question_span=SPAN, expected_unit=u[1])
            for u in unknowns
        ),
        constraints=tuple(
            BoundConstraint(symbol_id=c, predicate=f"{c} >= 0", source_span=SPAN)
            for c in constraints
        ),
    )


_XY: Final = frozenset({"x", "y"})


def unit_graph(
    rhs: str = "x + y",
    units: tuple[str, str, str] = ("km", "km", "km"),
    *,
    status: str = "pending",
    dependencies: frozenset[str] = _XY,
    **overrides: Any,
) -> SemanticSymbolicBindingGraph:
    """Build the graph of ``z := RHS`` over x, y and z in *units*, the equation *status*."""
    fields: dict[str, Any] = {
        "symbols": tuple(
            symbol(symbol_id=name, unit=unit)
            for name, unit in zip("xyz", units, strict=True)
        ),
        "facts": (fact(symbol_id="x", value="3"), fact(symbol_id="y", value="5")),
        "equations": (
            equation(
                rhs_canonical=rhs,
                dependencies=dependencies,
                admissibility_status=status,
            ),
        ),
        "constraints": (),
    }
    fields.update(overrides)
    return graph(**fields)
