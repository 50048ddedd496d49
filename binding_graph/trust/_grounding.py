"""Grounding: every number a graph computes with is one its text states, a constant of a closed table, a value its set-up computes, or one operation from them."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph.analysis import solve_order
from binding_graph.arithmetic import evaluate
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    Number,
    Symbol,
    parse_expression_at,
    parse_number_at,
    postorder,
    spelled,
)
from binding_graph.expressions import element as where_of
from binding_graph.trust._text import problem_places

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from binding_graph.expressions import Expression
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

The table is closed: a number outside it, the text and what the set-up
computes, and more than one operation from them, is refused as
``unstated_number``. A constant is allowed anywhere, whatever the text
says. A number's sign is no part of it.

.. versionadded:: 0.1.0
"""

# How many numbers the text states or the set-up computes (the first ones,
# in the order of the text, then of the graph) a number may be one operation
# from: a few set lookups each, so that the check stays linear in the graph.
_TRIED: Final = 256


class _Grounded:
    """The numbers stated or computed so far, and the test of one number against them."""

    def __init__(self, stated: Iterable[Fraction]) -> None:
        self.known: set[Fraction] = set()
        self.tried: list[Fraction] = []
        for value in stated:
            self.add(value)

    def add(self, value: Fraction) -> None:
        """Hold *value*, without its sign, as stated or computed."""
        value = abs(value)
        if value in self.known:
            return
        self.known.add(value)
        # Zero grounds nothing by one operation (v + 0 is v) and divides nothing.
        if value and len(self.tried) < _TRIED:
            self.tried.append(value)

    def rests_on_text(self, value: Fraction) -> bool:
        """Tell whether *value*, grounded, is held or one operation from a held number: not a constant alone."""
        return value in self.known or value not in CONSTANTS

    def _held(self, value: Fraction) -> bool:
        return value in self.known or value in CONSTANTS

    def grounds(self, value: Fraction) -> bool:
        """Tell whether *value* (not negative) is held, a constant, or one operation from a held number and a held number or constant."""
        if self._held(value):
            return True
        held = self._held
        for known in self.tried:
            # value = known + b, |known - b|, known * b, b / known; or known / b,
            # which needs value nonzero: known - 0 is known, held, and tested first.
            if (
                held(value - known)
                or held(known - value)
                or held(value + known)
                or held(value * known)
                or held(value / known)
                or held(known / value)
            ):
                return True
        return False


class _Symbols:
    """What is known of each symbol so far: which rest on a number not grounded (or on nothing read), and which the text states or the set-up computes from a number it states."""

    __slots__ = ("anchored", "ungrounded")

    def __init__(self) -> None:
        self.ungrounded: set[str] = set()
        self.anchored: set[str] = set()


def _refusal(
    value: Fraction, path: tuple[str | int, ...], what: str
) -> BindingGraphError:
    shown = spelled(value)
    return BindingGraphError(
        "unstated_number",
        f"{what} computes with {shown}, which the problem's text does not state,"
        " which is no constant of the profile's table, and which is not one"
        " operation from the numbers the text states or the set-up computes:"
        " quote the number from the text, or compute it from numbers the text"
        " states",
        path,
    )


def _values(graph: SemanticSymbolicBindingGraph) -> Mapping[str, Fraction]:
    """Return the value of each determined symbol; none where the arithmetic refuses the graph, since that refusal is the answers check's."""
    try:
        return evaluate(graph)
    except BindingGraphError:
        return {}


def _order(graph: SemanticSymbolicBindingGraph) -> list[int]:
    """Return the index of each admitted equation: those of the solve order in it, then the others in the graph's order."""
    first: dict[int, int] = {}
    for index, equation in enumerate(graph.equations):
        first.setdefault(id(equation), index)
    ordered = [first[id(equation)] for equation in solve_order(graph)]
    placed = set(ordered)
    ordered.extend(
        index
        for index, equation in enumerate(graph.equations)
        if equation.admissibility_status == "admitted" and index not in placed
    )
    return ordered


def grounding_refusals(
    graph: SemanticSymbolicBindingGraph,
) -> list[BindingGraphError]:
    """Return the refusal of each fact's value, and each number of an admitted equation's right-hand side, that is not grounded.

    A number is grounded when it is (a) a value the problem's text states;
    (b) a constant of :data:`CONSTANTS`; (c) the value of a symbol that the
    set-up gives before it (a fact, or an admitted equation) from grounded
    numbers and symbols, not from constants alone; or (d) one operation
    (``+``, ``-``, ``*``, ``/``) from two numbers of kinds (a) or (c), or
    from one of them and a constant: a step computed in the head. Never from
    two constants alone (61 is not 60 + 1), and never from a number itself
    grounded by (d): one step, not a chain. A number's sign is no part of
    it. The facts are read first, then the equations in the solve order,
    then the other admitted equations; the values of (c) are those
    :func:`~binding_graph.arithmetic.evaluate` gives, none where it refuses
    the graph. A number is tried by (d) against the first 256 numbers of
    kinds (a) and (c), in the order of the text, then of the graph, with six
    set lookups each: the check stays linear in the graph.

    One refusal an element, at its first number not grounded, the facts'
    in their order, then the equations' in theirs; a value or a right-hand
    side the arithmetic cannot read is refused as it refuses it.
    """
    grounded = _Grounded(place.value for place in problem_places(graph))
    values = _values(graph)
    symbols = _Symbols()
    found: list[BindingGraphError] = []
    for index, fact in enumerate(graph.facts):
        where = where_of("facts", index, "value")
        try:
            value = abs(parse_number_at(fact.value, where))
        except BindingGraphError as error:
            found.append(error)
            symbols.ungrounded.add(fact.symbol_id)
            continue
        if not grounded.grounds(value):
            what = f"BoundFact of {fact.symbol_id!r}"
            found.append(_refusal(value, ("facts", index, "value"), what))
            symbols.ungrounded.add(fact.symbol_id)
        elif grounded.rests_on_text(value):
            grounded.add(value)
            symbols.anchored.add(fact.symbol_id)
    refused: dict[int, BindingGraphError] = {}
    for index in _order(graph):
        equation = graph.equations[index]
        symbol_id = equation.lhs_symbol_id
        where = where_of("equations", index, "rhs_canonical")
        try:
            tree = parse_expression_at(equation.rhs_canonical, where)
        except BindingGraphError as error:
            refused[index] = error
            symbols.ungrounded.add(symbol_id)
            continue
        number, rests, anchored = _read(tree, grounded, symbols)
        if number is not None:
            what = f"BoundEquation of {symbol_id!r}"
            path = ("equations", index, "rhs_canonical")
            refused[index] = _refusal(number, path, what)
            symbols.ungrounded.add(symbol_id)
        elif rests:
            symbols.ungrounded.add(symbol_id)
        elif anchored and symbol_id in values:
            grounded.add(values[symbol_id])
            symbols.anchored.add(symbol_id)
    found.extend(refused[index] for index in sorted(refused))
    return found


def _read(
    tree: Expression, grounded: _Grounded, symbols: _Symbols
) -> tuple[Fraction | None, bool, bool]:
    """Return a right-hand side's first number not grounded, whether it mentions a symbol not grounded, and whether it mentions a number or a symbol that rests on the text (a constant alone does not)."""
    rests = anchored = False
    for node in postorder(tree):
        if type(node) is Number:
            if not grounded.grounds(node.value):
                return node.value, rests, anchored
            anchored = anchored or grounded.rests_on_text(node.value)
        elif type(node) is Symbol:
            rests = rests or node.symbol_id in symbols.ungrounded
            anchored = anchored or node.symbol_id in symbols.anchored
    return None, rests, anchored
