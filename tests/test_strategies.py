"""The public strategies build valid values, and from_type finds them."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst

MODEL_CLASSES = (
    SourceSpanLink,
    SymbolBinding,
    BoundFact,
    BoundEquation,
    BoundUnknown,
    BoundConstraint,
    SemanticSymbolicBindingGraph,
)


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
@given(data=st.data())
def test_from_type_builds_valid_instances(cls: type[Any], data: st.DataObject) -> None:
    """st.from_type() of every model class gives instances that rebuild equal."""
    value = data.draw(st.from_type(cls))
    assert type(value) is cls
    assert type(value)(**attrs.asdict(value, recurse=False)) == value


@given(
    bgst.graphs(
        min_symbols=2,
        max_symbols=3,
        max_facts=2,
        max_equations=2,
        max_unknowns=1,
        max_constraints=1,
        max_provenance=1,
    )
)
def test_graph_sizes_follow_the_bounds(graph: SemanticSymbolicBindingGraph) -> None:
    """graphs() keeps every collection within the bounds it was given."""
    assert 2 <= len(graph.symbols) <= 3
    assert len(graph.facts) <= 2
    assert len(graph.equations) <= 2
    assert len(graph.unknowns) <= 1
    assert len(graph.constraints) <= 1
    assert len(graph.provenance) <= 1


@given(bgst.graphs(max_symbols=0))
def test_a_graph_without_symbols_refers_to_nothing(
    graph: SemanticSymbolicBindingGraph,
) -> None:
    """With no symbols, graphs() draws no element that would need one."""
    assert not graph.symbols
    assert not graph.facts
    assert not graph.equations
    assert not graph.unknowns
    assert not graph.constraints


@given(bgst.identifiers())
def test_identifiers_are_valid_symbol_ids(symbol_id: str) -> None:
    """identifiers() only draws ids that SymbolBinding accepts."""
    span = SourceSpanLink("p", 0, 1, "x")
    symbol = SymbolBinding(
        symbol_id=symbol_id,
        name="x",
        semantic_role="entity",
        source_span=span,
        introduced_by="t",
    )
    assert symbol.symbol_id == symbol_id
