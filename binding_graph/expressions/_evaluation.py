"""The exact value of a tree: every operator and function of the profile, in fractions.

Each operation means what Python's :class:`~fractions.Fraction` makes of it,
exactly: ``a // b`` is the floor of ``a / b``, ``a % b`` is
``a - b * (a // b)`` (the sign of ``b``), ``round`` rounds half to even at
its places, ``floor`` and ``ceil`` are :mod:`math`'s. Nothing goes through a
float. The walk is a loop over :func:`~binding_graph.expressions.postorder`,
never a recursion.
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions._digits import MAX_BITS, MAX_EXPONENT, too_large
from binding_graph.expressions._tree import (
    BinaryOperation,
    Call,
    Negation,
    Number,
    Symbol,
    postorder,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from binding_graph.expressions._tree import Expression

__all__ = ["Undefined", "value"]

_BEYOND: Final = (
    "a value of an arithmetic expression may take at most"
    f" {MAX_BITS} bits in its numerator and its denominator"
)


class Undefined(Exception):  # noqa: N818 -- a signal between two modules, never raised out
    """A symbol without a value, a division by zero, or zero raised to a negative power, met in :func:`value`."""

    def __init__(self, node: Expression) -> None:
        super().__init__(node)
        self.node = node


def value(root: Expression, values: dict[str, Fraction]) -> Fraction:
    """Return the exact value of *root* given the values of its symbols.

    Raises:
        Undefined: for a symbol not in *values* (its :class:`~binding_graph.arithmetic.Symbol`), or a
            division by zero by ``/``, ``//`` or ``%``, or 0 raised to a negative
            power (the :class:`~binding_graph.arithmetic.BinaryOperation`).
        BindingGraphError: ``not_arithmetic`` for an exponent whose value is
            not whole; ``limit_exceeded`` for a value above
            :data:`~binding_graph.arithmetic.MAX_BITS`, or an exponent above
            :data:`~binding_graph.arithmetic.MAX_EXPONENT`.
    """
    stack: list[Fraction] = []
    for node in postorder(root):
        if type(node) is Number:
            stack.append(node.value)
            continue
        if type(node) is Symbol:
            found = values.get(node.symbol_id)
            if found is None:
                raise Undefined(node)
            stack.append(found)
            continue
        if type(node) is Negation:
            result = -stack.pop()
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = stack[-count:]
            del stack[-count:]
            result = _call(node, arguments)
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            right, left = stack.pop(), stack.pop()
            result = _apply(operation, left, right)
        if too_large(result):
            raise BindingGraphError("limit_exceeded", _BEYOND)
        stack.append(result)
    return stack[0]


def _floor_divide(left: Fraction, right: Fraction) -> Fraction:
    return Fraction(left // right)


def _divide(left: Fraction, right: Fraction) -> Fraction:
    return left / right


def _floor(operand: Fraction) -> Fraction:
    return Fraction(math.floor(operand))


def _ceil(operand: Fraction) -> Fraction:
    return Fraction(math.ceil(operand))


_BINARY: Final[Mapping[str, Callable[[Fraction, Fraction], Fraction]]] = (
    MappingProxyType(
        {
            "+": operator.add,
            "-": operator.sub,
            "*": operator.mul,
            "/": _divide,
            "//": _floor_divide,
            "%": operator.mod,
        }
    )
)
_DIVIDING: Final = frozenset({"/", "//", "%"})
_UNARY: Final[Mapping[str, Callable[[Fraction], Fraction]]] = MappingProxyType(
    {"abs": abs, "floor": _floor, "ceil": _ceil}
)


def _apply(operation: BinaryOperation, left: Fraction, right: Fraction) -> Fraction:
    if operation.operator == "**":
        return _power(operation, left, right)
    if not right and operation.operator in _DIVIDING:
        raise Undefined(operation)
    return _BINARY[operation.operator](left, right)


def _power(operation: BinaryOperation, base: Fraction, exponent: Fraction) -> Fraction:
    """Return *base* to the whole *exponent*, refusing a result past the limit before computing it."""
    if exponent.denominator != 1:
        raise BindingGraphError(
            "not_arithmetic",
            f"the exponent of '**' is {exponent}, not a whole number: the"
            " profile's powers stay in the fractions",
        )
    power = exponent.numerator
    if abs(power) > MAX_EXPONENT:
        raise BindingGraphError(
            "limit_exceeded",
            f"the exponent of '**' is {power}, beyond {MAX_EXPONENT} in magnitude",
        )
    if not base and power < 0:
        raise Undefined(operation)
    # p ** n takes at least (bits(p) - 1) * n + 1 bits: past the limit, it is
    # refused unbuilt, so that no exponent makes a huge number.
    bits = max(abs(base.numerator).bit_length(), base.denominator.bit_length())
    if (bits - 1) * abs(power) >= MAX_BITS:
        raise BindingGraphError("limit_exceeded", _BEYOND)
    return base**power


def _call(call: Call, arguments: list[Fraction]) -> Fraction:
    function = call.function
    if function == "min":
        return min(arguments)
    if function == "max":
        return max(arguments)
    first = arguments[0]
    if function != "round":
        return _UNARY[function](first)
    if len(arguments) == 1:
        return Fraction(round(first))
    # The places are whole: a Call holds no other.
    return round(first, int(arguments[1]))
