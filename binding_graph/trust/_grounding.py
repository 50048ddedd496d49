"""Grounding: every number a graph computes with is one its text states, or a constant of a closed table."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    Number,
    parse_expression_at,
    parse_number_at,
    postorder,
    spelled,
)
from binding_graph.expressions import element as where_of
from binding_graph.trust._text import stated_values

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["CONSTANTS", "grounding_refusals"]

CONSTANTS: Final[Mapping[Fraction, str]] = MappingProxyType(
    {
        Fraction(1): "one more, one less, a whole",
        Fraction(2): "twice, double, half, a pair",
        Fraction(3): "a third, triple, feet in a yard",
        Fraction(4): "a quarter, a fourth, quarters in a dollar",
        Fraction(5): "a fifth, weekdays in a week",
        Fraction(7): "days in a week",
        Fraction(10): "a tenth, dimes in a dollar",
        Fraction(12): "a dozen, months in a year, inches in a foot",
        Fraction(16): "ounces in a pound",
        Fraction(24): "hours in a day",
        Fraction(30): "days in a month",
        Fraction(52): "weeks in a year",
        Fraction(60): "minutes in an hour, seconds in a minute",
        Fraction(100): "a percent's hundred, cents in a dollar",
        Fraction(365): "days in a year",
        Fraction(1000): "a thousand, grams in a kilogram",
        Fraction(1, 2): "a half",
        Fraction(1, 4): "a quarter",
        Fraction(1, 100): "a percent",
    }
)
"""The constants a graph may compute with though its text does not state them: each value, and what it stands for.

The table is closed: a number outside it and the text is refused as
``unstated_number``. A constant is allowed anywhere, whatever the text
says. A number's sign is no part of it.

.. versionadded:: 0.1.0
"""


def _refusal(
    value: Fraction, path: tuple[str | int, ...], what: str
) -> BindingGraphError:
    shown = spelled(value)
    return BindingGraphError(
        "unstated_number",
        f"{what} computes with {shown}, which the problem's text does not state"
        " and which is no constant of the profile's table: quote the number"
        " from the text, or compute it from numbers the text states",
        path,
    )


def grounding_refusals(
    graph: SemanticSymbolicBindingGraph,
) -> list[BindingGraphError]:
    """Return the refusal of each fact's value, and each number of an admitted equation's right-hand side, that is neither stated nor a constant.

    One refusal an element, at its first such number; a value or a
    right-hand side the arithmetic cannot read is refused as it refuses it.
    """
    stated = {abs(value) for value in stated_values(graph)}
    stated.update(CONSTANTS)
    found: list[BindingGraphError] = []
    for index, fact in enumerate(graph.facts):
        where = where_of("facts", index, "value")
        try:
            value = parse_number_at(fact.value, where)
        except BindingGraphError as error:
            found.append(error)
            continue
        if abs(value) not in stated:
            what = f"BoundFact of {fact.symbol_id!r}"
            found.append(_refusal(abs(value), ("facts", index, "value"), what))
    for index, equation in enumerate(graph.equations):
        if equation.admissibility_status != "admitted":
            continue
        where = where_of("equations", index, "rhs_canonical")
        try:
            tree = parse_expression_at(equation.rhs_canonical, where)
        except BindingGraphError as error:
            found.append(error)
            continue
        for node in postorder(tree):
            if type(node) is Number and node.value not in stated:
                what = f"BoundEquation of {equation.lhs_symbol_id!r}"
                path = ("equations", index, "rhs_canonical")
                found.append(_refusal(node.value, path, what))
                break
    return found
