"""The unit of a right-hand side and its proof, in one pass over its lexemes, or ``None``.

Admission reads most right-hand sides as their producers write them: short
ASCII texts of symbols, numbers and the four operators. :func:`quick_unit`
computes their unit and the proof's left side without a tree, and answers
``None`` for anything the full reading must decide (a fault of grammar, a
symbol it does not know, a limit), so the quick reading only answers sooner
what the full reading answers, as the tests check. The combination of units,
and the spelling of a proof, are here for both readings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import PRECEDENCE, quick_read
from binding_graph.units._algebra import Unit, describe

__all__ = ["ONE", "combine", "join", "negated", "quick_unit", "spelled"]

ONE: Final = Unit(Fraction(1))
"""A pure number: what a literal is."""

_TIGHTEST: Final = 3

# An operand of a proof: its text, and how tightly it binds.
Spelled = tuple[str, int]


def negated(unit: Unit, name: str) -> Unit:
    """Return the unit of a negation of *unit*: itself, unless it has an offset."""
    if unit.offset:
        raise BindingGraphError(
            "unit_mismatch",
            f"{name}: {describe(unit)} has an offset (its zero is not zero"
            " kelvin), so it cannot be negated",
        )
    return unit


def combine(operator: str, left: Unit, right: Unit, name: str) -> Unit:
    """Return the unit of ``left OPERATOR right``; refuse units that do not combine."""
    if operator in {"*", "/"}:
        try:
            return left * right if operator == "*" else left / right
        except BindingGraphError as error:
            raise BindingGraphError(error.code, f"{name}: {error.message}") from None
    if left.offset:
        raise BindingGraphError(
            "unit_mismatch",
            f"{name}: {describe(left)} has an offset (its zero is not zero"
            " kelvin), so it cannot be added or subtracted",
        )
    if left == right:
        return left
    verb = "adds" if operator == "+" else "subtracts"
    why = (
        f"of one dimension but different scales (1 {left} ="
        f" {left.scale / right.scale}*{right}), so the numbers would be combined"
        " wrongly"
        if left.dimension == right.dimension
        else "of different dimensions"
    )
    raise BindingGraphError(
        "unit_mismatch", f"{name} {verb} {describe(left)} and {describe(right)}, {why}"
    )


def spelled(unit: Unit) -> Spelled:
    """Return how a symbol of *unit* is spelled in a proof."""
    text = str(unit)
    return text, 2 if "/" in text or "*" in text else _TIGHTEST


LITERAL: Final = ("1", _TIGHTEST)
"""How a literal is spelled in a proof."""


def join(operator: str, left: Spelled, right: Spelled) -> Spelled:
    """Spell ``left OPERATOR right`` in a proof, with parentheses where arithmetic needs them."""
    binds = PRECEDENCE[operator]
    left_text = f"({left[0]})" if left[1] < binds else left[0]
    right_text = f"({right[0]})" if right[1] <= binds else right[0]
    return f"{left_text} {operator} {right_text}", binds


class _Pass:
    """The operands of a quick reading of a unit: units and their proofs, and the first refusal.

    A refusal is kept, and the reading goes on with pure numbers, so that
    the text's grammar is read to its end before it is decided.
    """

    __slots__ = ("failed", "known", "name", "proofs", "units")

    def __init__(self, name: str, known: dict[str, Unit]) -> None:
        self.name = name
        self.known = known
        self.units: list[Unit] = []
        self.proofs: list[Spelled] = []
        self.failed: BindingGraphError | None = None

    def number(self, lexeme: str) -> bool:  # noqa: ARG002 -- a literal is a pure number, whatever it says
        self.units.append(ONE)
        self.proofs.append(LITERAL)
        return True

    def symbol(self, name: str) -> bool:
        unit = self.known.get(name)
        if unit is None:
            return False
        self.units.append(unit)
        self.proofs.append(spelled(unit))
        return True

    def apply(self, operator: str) -> bool:
        proofs = self.proofs
        if operator == "neg":
            self.units[-1] = self.unit(negated, self.units[-1], self.name)
            return True
        right, left = self.units.pop(), self.units[-1]
        self.units[-1] = self.unit(combine, operator, left, right, self.name)
        right_proof = proofs.pop()
        proofs[-1] = join(operator, proofs[-1], right_proof)
        return True

    def unit(self, function: object, *args: object) -> Unit:
        """Return what *function* gives; after a refusal, keep the first and go on."""
        if self.failed is None:
            try:
                return function(*args)  # type: ignore[operator,no-any-return]
            except BindingGraphError as error:
                self.failed = error
        return ONE


def quick_unit(
    text: str, units: dict[str, Unit], name: str
) -> tuple[Unit | BindingGraphError, str, frozenset[str]] | None:
    """Return the unit of *text*, its proof's left side and the symbols it mentions, or ``None``.

    ``None`` for anything the quick reading does not take: a text that is not
    ASCII or is long, a fault of grammar, a symbol *units* does not hold. For
    a text of the grammar whose units do not combine, the unit is the
    refusal that :func:`~binding_graph.units._admission.unit_of` raises, for
    the same operation.
    """
    state = _Pass(name, units)
    mentioned = quick_read(text, state)
    if mentioned is None:
        return None
    result: Unit | BindingGraphError = (
        state.units[0] if state.failed is None else state.failed
    )
    return result, state.proofs[0][0], mentioned
