"""Graphs of one set-up, however written: elements in any order, symbols named anew, operands of sums and products in any order."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

import attrs
from hypothesis import strategies as st

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    BinaryOperation,
    Call,
    Negation,
    Symbol,
    parse_expression,
    parse_predicate,
    postorder,
)
from binding_graph.strategies._valid import identifier_strategy

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn, SearchStrategy

    from binding_graph.expressions import Expression
    from binding_graph.model import SemanticSymbolicBindingGraph
    from binding_graph.vocabularies import StateIndex

__all__ = ["same_setups"]

# A name in a text that does not parse: read as Python reads an identifier.
_NAME: Final = re.compile(r"[^\W\d]\w*")
_COMMUTATIVE: Final = frozenset({"+", "*"})


def _rewritten(
    tree: Expression, names: dict[str, str], swap: Callable[[], bool]
) -> Expression:
    """Return *tree* with its symbols renamed by *names*, the operands of each sum and product swapped where *swap* says."""
    stack: list[Expression] = []
    for node in postorder(tree):
        if type(node) is Symbol:
            stack.append(Symbol(names[node.symbol_id]))
        elif type(node) is Negation:
            stack[-1] = Negation(stack[-1])
        elif type(node) is BinaryOperation:
            right, left = stack.pop(), stack.pop()
            if node.operator in _COMMUTATIVE and swap():
                left, right = right, left
            stack.append(BinaryOperation(node.operator, left, right))
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = tuple(stack[-count:])
            del stack[-count:]
            stack.append(Call(node.function, arguments))
        else:
            stack.append(node)
    return stack[0]


def _renamed_text(text: str, names: dict[str, str]) -> str:
    """Return *text*, which does not parse, with each name of a symbol renamed."""
    return _NAME.sub(lambda found: names.get(found.group(), found.group()), text)


def _expression(text: str, names: dict[str, str], swap: Callable[[], bool]) -> str:
    try:
        tree = parse_expression(text)
    except BindingGraphError:
        return _renamed_text(text, names)
    return str(_rewritten(tree, names, swap))


def _predicate(text: str, names: dict[str, str], swap: Callable[[], bool]) -> str:
    try:
        predicate = parse_predicate(text)
    except BindingGraphError:
        return _renamed_text(text, names)
    left = _rewritten(predicate.left, names, swap)
    right = _rewritten(predicate.right, names, swap)
    return str(attrs.evolve(predicate, left=left, right=right))


def _state(state: StateIndex | None, place: dict[int, int]) -> StateIndex | None:
    """Return *state*, an index of an equation where it is one, as *place* moves it."""
    return place[state] if type(state) is int else state


@st.composite
def _same_setup(
    draw: DrawFn, graph: SemanticSymbolicBindingGraph
) -> SemanticSymbolicBindingGraph:
    ids = [symbol.symbol_id for symbol in graph.symbols]
    # One stem and a shuffled count: new names, in a new order, in two draws.
    stem = draw(identifier_strategy())
    numbers = draw(st.permutations(range(len(ids))))
    names = {old: f"{stem}_{number}" for old, number in zip(ids, numbers, strict=True)}

    def swap() -> bool:
        return draw(st.booleans())

    order = draw(st.permutations(range(len(graph.equations))))
    place = {old: new for new, old in enumerate(order)}
    equations = tuple(
        attrs.evolve(
            equation,
            lhs_symbol_id=names[equation.lhs_symbol_id],
            rhs_canonical=_expression(equation.rhs_canonical, names, swap),
            dependencies=frozenset(names[name] for name in equation.dependencies),
        )
        for equation in (graph.equations[index] for index in order)
    )
    return attrs.evolve(
        graph,
        symbols=tuple(
            attrs.evolve(symbol, symbol_id=names[symbol.symbol_id])
            for symbol in draw(st.permutations(graph.symbols))
        ),
        facts=tuple(
            attrs.evolve(fact, symbol_id=names[fact.symbol_id])
            for fact in draw(st.permutations(graph.facts))
        ),
        equations=equations,
        unknowns=tuple(
            attrs.evolve(
                unknown,
                symbol_id=names[unknown.symbol_id],
                state_index=_state(unknown.state_index, place),
            )
            for unknown in draw(st.permutations(graph.unknowns))
        ),
        constraints=tuple(
            attrs.evolve(
                constraint,
                symbol_id=names[constraint.symbol_id],
                predicate=_predicate(constraint.predicate, names, swap),
            )
            for constraint in draw(st.permutations(graph.constraints))
        ),
    )


def same_setups(
    graph: SemanticSymbolicBindingGraph,
) -> SearchStrategy[SemanticSymbolicBindingGraph]:
    """Build graphs of *graph*'s set-up, however written: its elements in any order, its symbols named anew, the operands of its sums and products in any order.

    :func:`~binding_graph.datasets.diff` finds no difference between
    *graph* and any of them, and :func:`~binding_graph.datasets.score`
    scores them as *graph*: use it to show that what reads a graph does not
    depend on how a producer happened to write it.

    >>> from hypothesis import given
    >>> from binding_graph import strategies as bgst
    >>> from binding_graph.datasets import diff
    >>> @given(bgst.arithmetic_graphs(max_symbols=4).flatmap(
    ...     lambda graph: bgst.same_setups(graph).map(lambda other: (graph, other))))
    ... def test_no_difference(pair):
    ...     assert diff(*pair) == ()
    >>> test_no_difference()

    .. versionadded:: 0.1.0
    """
    return _same_setup(graph)
