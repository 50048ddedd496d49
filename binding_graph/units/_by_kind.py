"""Admission by operation kind: the rules of ADR-0134, which read an equation's kind and its dependencies' units, not its right-hand side.

The seed's system decides an equation by its ``operation_kind``, one of
eight, and the units of the symbols it depends on:

- ``add``, ``subtract``, ``compare_additive`` and ``transfer``: every
  dependency in one unit, and the left-hand side in it too;
- ``compare_multiplicative``: the dependencies' units cancel (none, or two
  of one unit), and the left-hand side has no dimension;
- ``multiply``: the left-hand side in the product of the dependencies' units;
- ``divide``: one dependency (divided by a pure number: the left-hand side
  in its unit), or a dividend and a divisor (the left-hand side in their
  quotient);
- ``apply_rate``: two dependencies, one of role ``rate`` in a unit ``X/Y``
  and the other in ``Y``; the left-hand side in ``X``.

Units are equal when their dimensions, scales and zeros are: a value in
kilometers is not added to one in meters. A refusal's reason is one of
:data:`KIND_REASONS`, the record's own.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import BinaryOperation, equation_tree, symbols
from binding_graph.units._admission import Admission, Refused
from binding_graph.units._algebra import Dimension, Unit, describe
from binding_graph.units._quick import ONE
from binding_graph.vocabularies import OPERATION_KINDS

__all__ = ["KIND_REASONS", "KindAdmission", "KindReason"]

KindReason = Literal[
    "unit_mismatch",
    "unknown_unit",
    "unit_unbound",
    "unknown_symbol",
    "unknown_operation",
    "operand_arity",
    "rate_form_invalid",
]
"""Why admission by kind refuses an equation: one of :data:`KIND_REASONS`."""

KIND_REASONS: Final[frozenset[str]] = frozenset(get_args(KindReason))
"""Every reason :func:`~binding_graph.units.admit` gives with ``by_kind=True``: ADR-0134's seven.

``unknown_symbol`` never comes from a graph, whose references resolve.

.. versionadded:: 0.1.0
"""

_ADDITIVE: Final = frozenset({"add", "subtract", "compare_additive", "transfer"})
_ARITY: Final = {
    "divide": "one or two",
    "compare_multiplicative": "none or two",
    "apply_rate": "two",
}
"""How many dependencies a kind takes, where it is not one or more."""


def _takes(kind: str, count: int) -> bool:
    """Tell whether *kind* takes *count* dependencies."""
    if kind == "divide":
        return count in {1, 2}
    if kind == "compare_multiplicative":
        return count in {0, 2}
    if kind == "apply_rate":
        return count == 2  # noqa: PLR2004 -- a rate, and what it applies to
    return count >= 1


_DIVISOR: Final = "__divisor"
"""The suffix of the seed's divisor symbols (ADR-0134): ``op003__divisor``."""


class KindAdmission(Admission):
    """The decisions of one graph's equations by their kinds, in one lexicon."""

    def bound(self, symbol_id: str, name: str) -> Unit:
        """Return the unit of *symbol_id*, which *name* needs; refuse a symbol without one, or one that does not read."""
        index = self.index[symbol_id]
        if self.graph.symbols[index].unit is None:
            raise Refused(
                "unit_unbound",
                f"{name} {short_repr(symbol_id)}, whose symbol has no unit, which"
                " its kind's rule needs",
            )
        try:
            return self.symbol(symbol_id)
        except BindingGraphError as error:
            # A text past the reader's limits is a unit it cannot read, too.
            raise Refused("unknown_unit", error.message) from None

    def prove(self, index: int) -> str:
        """Return the proof that equation *index* is sound by its kind's rule, such as ``apply_rate(dollar/hour, hour) = dollar``.

        Raises:
            Refused: why admission by kind refuses it.
        """
        equation = self.graph.equations[index]
        kind = equation.operation_kind
        where = f"equations[{index}]"
        if kind not in OPERATION_KINDS:
            raise Refused(
                "unknown_operation",
                f"{where}.operation_kind {short_repr(kind)} is not one of"
                f" {', '.join(sorted(OPERATION_KINDS))}",
            )
        dependencies = sorted(equation.dependencies)
        if not _takes(kind, len(dependencies)):
            raise Refused(
                "operand_arity",
                f"{where} is {kind} of {len(dependencies)} dependencies, which takes"
                f" {_ARITY.get(kind, 'one or more')}",
            )
        units = [self.bound(d, f"{where} depends on") for d in dependencies]
        lhs_id = equation.lhs_symbol_id
        if kind == "compare_multiplicative":
            lhs = self.dimensionless(lhs_id, where)
        else:
            lhs = self.bound(lhs_id, f"{where} defines")
        try:
            result, operands = self.result(index, dependencies, units)
        except BindingGraphError as error:
            raise Refused("unit_mismatch", f"{where}: {error.message}") from None
        # A ratio's left-hand side may be any pure number, a percent too.
        if result != lhs and kind != "compare_multiplicative":
            raise Refused(
                "unit_mismatch",
                f"{where} is {kind} of units that give {describe(result)}, but its"
                f" left-hand side {short_repr(lhs_id)} is in {describe(lhs)}",
            )
        return f"{kind}({', '.join(map(str, operands))}) = {lhs}"

    def dimensionless(self, symbol_id: str, where: str) -> Unit:
        """Return the unit of *symbol_id*, which must have no dimension: ``None`` is a pure number."""
        if self.graph.symbols[self.index[symbol_id]].unit is None:
            return ONE
        unit = self.bound(symbol_id, f"{where} defines")
        if unit.dimension.exponents:
            raise Refused(
                "unit_mismatch",
                f"{where} is compare_multiplicative, whose left-hand side"
                f" {short_repr(symbol_id)} has no dimension, but it is in {describe(unit)}",
            )
        return unit

    def result(
        self, index: int, dependencies: list[str], units: list[Unit]
    ) -> tuple[Unit, list[Unit]]:
        """Return the unit equation *index*'s kind makes of its dependencies' *units*, and the operands in the order the kind reads them.

        The dependencies' order, but for a ``divide``'s (dividend, divisor)
        and an ``apply_rate``'s (rate, quantity).

        Raises:
            Refused: for units the kind's rule refuses.
            BindingGraphError: for units the algebra cannot combine.
        """
        equation = self.graph.equations[index]
        kind, where = equation.operation_kind, f"equations[{index}]"
        first = units[0] if units else ONE
        if kind in _ADDITIVE or kind == "compare_multiplicative":
            for symbol_id, unit in zip(dependencies, units, strict=True):
                if unit != first:
                    raise Refused(
                        "unit_mismatch",
                        f"{where} is {kind} of units that differ: {short_repr(dependencies[0])}"
                        f" is in {describe(first)}, {short_repr(symbol_id)} in {describe(unit)}",
                    )
            return (first if kind in _ADDITIVE else ONE), units
        if kind == "multiply":
            product = first
            for unit in units[1:]:
                product *= unit
            return product, units
        if kind == "divide":
            if len(units) == 1:
                return first, units
            divisor = self.divisor(index, dependencies)
            dividend = units[1 - divisor]
            return dividend / units[divisor], [dividend, units[divisor]]
        return self.rate(index, dependencies, units)

    def divisor(self, index: int, dependencies: list[str]) -> int:
        """Return which of a ``divide``'s two *dependencies* is the divisor.

        The one named ``*__divisor``, as the seed names it; else the one the
        right-hand side divides by, when it reads as one dependency divided
        by the other.
        """
        named = [d.endswith(_DIVISOR) for d in dependencies]
        if named.count(True) == 1:
            return named.index(True)
        equation = self.graph.equations[index]
        try:
            tree = equation_tree(self.graph, index)
        except BindingGraphError:
            tree = None
        if type(tree) is BinaryOperation and tree.operator == "/":
            for position, symbol_id in enumerate(dependencies):
                other = frozenset({dependencies[1 - position]})
                right = symbols(tree.right)
                if right == frozenset({symbol_id}) and symbols(tree.left) == other:
                    return position
        raise Refused(
            "operand_arity",
            f"equations[{index}] is divide of two dependencies, but none is named"
            f" '*{_DIVISOR}', and its right-hand side"
            f" {short_repr(equation.rhs_canonical)} does not divide one by the other",
        )

    def rate(
        self, index: int, dependencies: list[str], units: list[Unit]
    ) -> tuple[Unit, list[Unit]]:
        """Return the unit ``X`` of an ``apply_rate`` of a rate in ``X/Y`` and a quantity in ``Y``."""
        where = f"equations[{index}]"
        roles = [self.graph.symbols[self.index[d]].semantic_role for d in dependencies]
        if roles.count("rate") != 1:
            raise Refused(
                "rate_form_invalid",
                f"{where} is apply_rate, which needs one dependency of role 'rate';"
                f" it has {roles.count('rate')}",
            )
        at = roles.index("rate")
        rate, other = units[at], units[1 - at]
        per = Dimension(tuple((b, -e) for b, e in rate.dimension.exponents if e < 0))
        if not per.exponents:
            raise Refused(
                "rate_form_invalid",
                f"{where} applies the rate {short_repr(dependencies[at])}, in"
                f" {describe(rate)}, which is per nothing",
            )
        if other.dimension != per:
            raise Refused(
                "unit_mismatch",
                f"{where} applies the rate {short_repr(dependencies[at])}, per {per},"
                f" to {short_repr(dependencies[1 - at])}, in {describe(other)}",
            )
        return rate * other, [rate, other]
