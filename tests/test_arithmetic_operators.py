"""Graphs whose equations use ``//``, ``%``, ``**`` and the profile's functions: their answers, their refusals, and the quick reading."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import pytest
from hypothesis import given

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph.arithmetic import evaluate, expression_symbols, parse_expression
from binding_graph.arithmetic._quick import quick_value
from binding_graph.expressions import Symbol, Undefined, postorder, value
from binding_graph.strategies import expressions
from tests._helpers import equation, fact, refusal, symbol, unknown

IDS: Final = ("a", "b", "x_1")
KNOWN: Final = {"a": Fraction(7), "b": Fraction(-5, 2), "x_1": Fraction(0)}


def _graph(rhs: str) -> SemanticSymbolicBindingGraph:
    """``a = 3``, ``b = 5``, ``c := rhs``, asking for ``c``."""
    return SemanticSymbolicBindingGraph(
        symbols=tuple(symbol(symbol_id=i) for i in "abc"),
        facts=(fact(symbol_id="a", value="3"), fact(symbol_id="b", value="5")),
        equations=(
            equation(
                lhs_symbol_id="c",
                rhs_canonical=rhs,
                dependencies=expression_symbols(rhs),
            ),
        ),
        unknowns=(unknown(symbol_id="c"),),
    )


class TestGraphs:
    """evaluate() over the whole profile."""

    def test_a_graph_refuses_them_at_its_element(self) -> None:
        """evaluate() names the element: a division, or a power of zero."""
        owner = "SemanticSymbolicBindingGraph.equations[0].rhs_canonical"
        for text, what in [
            ("a // (b - 5)", "the divisor b - 5 is 0"),
            ("a % (b - 5)", "the divisor b - 5 is 0"),
            ("(b - 5) ** -1", "raises 0 to the negative power -1"),
        ]:
            error = refusal(evaluate, _graph(text))
            assert (error.code, error.path, error.message) == (
                "division_by_zero",
                ("equations", 0, "rhs_canonical"),
                f"{owner} divides by zero: {what}",
            )

    def test_a_graph_computes_with_them(self) -> None:
        """The answer of a graph whose equation uses them."""
        assert evaluate(_graph("max(a // 2, b % 3) ** 2 + round(a / b, 1)"))["c"] == (
            Fraction(4) + Fraction(6, 10)
        )


def _full_value(text: str) -> tuple[Fraction, frozenset[str]] | None:
    try:
        tree = parse_expression(text)
        return value(tree, KNOWN), frozenset(
            node.symbol_id for node in postorder(tree) if type(node) is Symbol
        )
    except (BindingGraphError, Undefined):
        return None


@given(expressions(symbol_ids=IDS, max_leaves=8, extended=True))
def test_the_quick_value_agrees(text: str) -> None:
    """Where the quick reading answers a text of the whole profile, it answers as the full reader."""
    quick = quick_value(text, KNOWN)
    if quick is not None:
        assert quick == _full_value(text)


@pytest.mark.parametrize(
    "text",
    ["a // b", "a % b", "a ** 2", "abs(a)", "min(a, b)", "round(a, 2)", "a * -b ** 2"],
)
def test_the_quick_value_leaves_the_new_forms_to_the_full_one(text: str) -> None:
    """The one-pass reading takes the four operators only; the full one computes."""
    assert quick_value(text, KNOWN) is None
    assert _full_value(text) is not None
