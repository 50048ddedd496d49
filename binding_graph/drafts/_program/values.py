"""What a program's tapes compute: the arithmetic profile's tree, the exact value, and the value Python's own arithmetic gives.

A tape is a right-hand side in the order a stack computes it (see
:class:`~binding_graph.drafts._program.tape.Op`). Its tree is the
profile's: ``float()``, ``int()`` and ``round()`` leave their operand as it
is, which they do of every value the reader takes. Exactly, ``int()`` and
``round()`` are read only of a whole number; in Python's arithmetic (ints
exact, floats IEEE doubles, each operation as Python does it), only of a
whole number too: where floats miss a whole number the exact value makes,
Python would round it otherwise, and the program is refused.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from binding_graph.drafts._program.text import refusal
from binding_graph.drafts._program.words import OPERATORS
from binding_graph.expressions import (
    MAX_BITS,
    BinaryOperation,
    Negation,
    Number,
    Symbol,
    spelled,
    too_large,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from fractions import Fraction

    from binding_graph.drafts._program.tape import Op
    from binding_graph.errors import BindingGraphError
    from binding_graph.expressions import Expression

__all__ = ["exact", "python", "tree"]

_OPERATORS: Final = frozenset(OPERATORS.values())


def _apply(kind: str, left: Any, right: Any) -> Any:  # noqa: ANN401 -- Fractions, or Python's numbers
    """Return ``left KIND right``, as the operands' own arithmetic computes it."""
    if kind == "+":
        return left + right
    if kind == "-":
        return left - right
    if kind == "*":
        return left * right
    return left / right


def tree(tape: Sequence[Op]) -> Expression:
    """Return the arithmetic profile's tree of *tape*.

    Raises:
        BindingGraphError: ``limit_exceeded`` for a tree deeper than the
            profile's :data:`~binding_graph.arithmetic.MAX_DEPTH`.
    """
    stack: list[Expression] = []
    for op in tape:
        kind = op.kind
        if kind == "number":
            stack.append(Number(op.value))
        elif kind == "name":
            stack.append(Symbol(op.text))
        elif kind == "negate":
            stack.append(Negation(stack.pop()))
        elif kind in _OPERATORS:
            right = stack.pop()
            stack.append(BinaryOperation(kind, stack.pop(), right))  # type: ignore[arg-type]  # one of the four
    return stack[0]


def _whole(kind: str, op: Op, shown: str, why: str) -> BindingGraphError:
    return refusal(
        "not_arithmetic",
        op.at,
        f"{kind}() of {shown} is not read: {kind}() is read only of a whole"
        f" number, which it leaves as it is, and {why}",
    )


def exact(
    tape: Sequence[Op], values: dict[str, Fraction | None]
) -> tuple[Fraction | None, BindingGraphError | None]:
    """Return the exact value of *tape* (``None`` where it divides by zero or passes the profile's limits), or the refusal of a call of it.

    *values* holds the exact value of each name assigned before, or ``None``.
    """
    stack: list[Fraction | None] = []
    for op in tape:
        kind = op.kind
        if kind == "number":
            stack.append(op.value)
        elif kind == "name":
            stack.append(values[op.text])
        elif kind == "negate":
            operand = stack.pop()
            stack.append(None if operand is None else -operand)
        elif kind in _OPERATORS:
            right, left = stack.pop(), stack.pop()
            if left is None or right is None or (kind == "/" and not right):
                stack.append(None)
                continue
            result: Fraction = _apply(kind, left, right)
            stack.append(None if too_large(result) else result)
        elif kind != "float":
            operand = stack[-1]
            if operand is None:
                why = "this one divides by zero or passes the arithmetic's limits"
                return None, _whole(kind, op, "a value that cannot be computed", why)
            if operand.denominator != 1:
                why = "the arithmetic profile has no rounding"
                return None, _whole(kind, op, spelled(operand), why)
    return stack[0], None


def _operate(op: Op, stack: list[int | float]) -> None:
    """Apply *op*, an operation or a call, to the top of *stack*, as Python does.

    Raises:
        ZeroDivisionError, OverflowError: as Python raises them.
        BindingGraphError: ``not_arithmetic`` for ``int()`` or ``round()``
            of a float that is not whole.
    """
    kind = op.kind
    if kind == "negate":
        stack.append(-stack.pop())
    elif kind in _OPERATORS:
        right, left = stack.pop(), stack.pop()
        stack.append(_apply(kind, left, right))
    elif kind == "float":
        stack.append(float(stack.pop()))
    elif type(stack[-1]) is float:
        operand: float = stack[-1]
        if not operand.is_integer() and abs(operand) != math.inf:
            why = "Python computes this one as a float that is not whole"
            raise _whole(kind, op, repr(operand), why)
        # Of an infinity, which Python's float arithmetic makes where it
        # overflows, int() and round() raise OverflowError, as Python's own.
        stack[-1] = int(operand)


def python(tape: Sequence[Op], values: dict[str, int | float]) -> int | float:
    """Return the value Python's arithmetic gives *tape*, each operation as Python does it, without running anything.

    *values* holds what Python gives each name assigned before.

    Raises:
        BindingGraphError: ``division_by_zero`` where Python would raise
            ``ZeroDivisionError``; ``limit_exceeded`` where it would raise
            ``OverflowError``, or an ``int`` passes
            :data:`~binding_graph.arithmetic.MAX_BITS` bits;
            ``not_arithmetic`` for ``int()`` or ``round()`` of a float that
            is not a whole number.
    """
    stack: list[int | float] = []
    for op in tape:
        kind = op.kind
        if kind == "number":
            stack.append(float(op.text) if op.floating else int(op.text))
        elif kind == "name":
            stack.append(values[op.text])
        else:
            try:
                _operate(op, stack)
            except ZeroDivisionError:
                rule = "divides by zero: Python would raise ZeroDivisionError"
                raise refusal("division_by_zero", op.at, rule) from None
            except OverflowError:
                rule = (
                    "makes a number that Python's float cannot hold: Python would"
                    " raise OverflowError"
                )
                raise refusal("limit_exceeded", op.at, rule) from None
            last = stack[-1]
            if type(last) is int and last.bit_length() > MAX_BITS:
                rule = f"makes a whole number of more than {MAX_BITS} bits"
                raise refusal("limit_exceeded", op.at, rule)
    return stack[0]
