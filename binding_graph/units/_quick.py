"""The unit of a right-hand side and its proof, in one pass over its lexemes, or ``None``.

Admission reads most right-hand sides as their producers write them: short
ASCII texts of symbols, numbers and the four operators ``+ - * /``. :func:`quick_unit`
computes their unit and the proof's left side without a tree, and answers
``None`` for anything the full reading must decide (a fault of grammar, a
symbol it does not know, a limit), so the quick reading only answers sooner
what the full reading answers, as the tests check. The combination of units,
and the spelling of a proof, are here for both readings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    NEGATION,
    PRECEDENCE,
    Undefined,
    quick_read,
    symbols,
    value,
)
from binding_graph.units._algebra import Unit, describe

if TYPE_CHECKING:
    from binding_graph.expressions import Expression

__all__ = [
    "ONE",
    "call_proof",
    "called",
    "combine",
    "join",
    "negated",
    "powered",
    "quick_unit",
    "spelled",
    "stated_power",
]

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


# What an operation of operands of one unit does, for a message.
_VERBS: Final = {
    "+": "adds",
    "-": "subtracts",
    "%": "takes the remainder of",
    "min": "takes the least of",
    "max": "takes the greatest of",
}


def combine(operator: str, left: Unit, right: Unit, name: str) -> Unit:
    """Return the unit of ``left OPERATOR right``; refuse units that do not combine.

    ``*`` and ``/`` multiply and divide units, and so does ``//`` as ``/``;
    ``+``, ``-`` and ``%`` take operands of one unit (one dimension and one
    scale, without an offset) and give that unit; so do ``min`` and
    ``max``, pairwise, where an offset is allowed, since they only compare.
    """
    if operator in {"*", "/", "//"}:
        try:
            return left * right if operator == "*" else left / right
        except BindingGraphError as error:
            raise BindingGraphError(error.code, f"{name}: {error.message}") from None
    if left.offset and operator not in {"min", "max"}:
        raise BindingGraphError(
            "unit_mismatch",
            f"{name}: {describe(left)} has an offset (its zero is not zero"
            " kelvin), so it cannot be "
            + ("divided with remainder" if operator == "%" else "added or subtracted"),
        )
    if left == right:
        return left
    verb = _VERBS[operator]
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


def stated_power(exponent: Expression) -> int | None:
    """Return the whole number an exponent of numbers alone states, or ``None``."""
    try:
        stated = None if symbols(exponent) else value(exponent, {})
    except (Undefined, BindingGraphError):
        return None
    return None if stated is None or stated.denominator != 1 else int(stated)


def powered(base: Unit, exponent: Unit, power: int | None, name: str) -> Unit:
    """Return the unit of a power of a *base* by an *exponent* of these units.

    A *power* the text states (a whole number, from numbers alone) raises
    the base's unit to it; any other exponent (``None``: a symbol's, or
    not whole) needs a base and an exponent that are pure numbers.
    """
    if base == ONE and exponent == ONE:
        return ONE
    if power is not None:
        try:
            return base**power
        except BindingGraphError as error:
            raise BindingGraphError(error.code, f"{name}: {error.message}") from None
    raise BindingGraphError(
        "unit_mismatch",
        f"{name} raises {describe(base)} to a power of {describe(exponent)} that"
        " is not a whole number written in numbers, so its unit is unknown: such a"
        " power is of pure numbers only",
    )


def called(function: str, units: list[Unit], name: str) -> Unit:
    """Return the unit of a call of *function* over arguments of *units*.

    ``abs``, ``floor``, ``ceil`` and ``round`` keep their argument's unit
    (``round``'s places are a literal, a pure number); ``abs`` of a unit
    with an offset is refused, as a negation is. ``min`` and ``max`` take
    arguments of one unit.
    """
    if function in {"min", "max"}:
        result = units[0]
        for unit in units[1:]:
            result = combine(function, result, unit, name)
        return result
    return negated(units[0], name) if function == "abs" else units[0]


def call_proof(function: str, arguments: list[Spelled]) -> Spelled:
    """Spell a call in a proof: its function over its arguments' spellings (``round``'s places as ``1``)."""
    return f"{function}({', '.join(text for text, _ in arguments)})", _TIGHTEST


def spelled(unit: Unit) -> Spelled:
    """Return how a symbol of *unit* is spelled in a proof."""
    text = str(unit)
    return text, 2 if "/" in text or "*" in text else _TIGHTEST


LITERAL: Final = ("1", _TIGHTEST)
"""How a literal is spelled in a proof."""


def join(operator: str, left: Spelled, right: Spelled) -> Spelled:
    """Spell ``left OPERATOR right`` in a proof, with parentheses where arithmetic needs them.

    A power's exponent is its own number, *right*'s text.
    """
    if operator == "**":
        base = f"({left[0]})" if left[1] < _TIGHTEST else left[0]
        # Python reads a negation as an exponent without parentheses.
        exponent = f"({right[0]})" if right[1] < NEGATION else right[0]
        return f"{base} ** {exponent}", PRECEDENCE[operator]
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
