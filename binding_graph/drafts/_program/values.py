"""What a program's tapes compute: the arithmetic profile's tree, the exact value, and the value Python's own arithmetic gives.

A tape is a right-hand side in the order a stack computes it (see
:class:`~binding_graph.drafts._program.tape.Op`). Its tree is the
profile's: ``float()`` and ``int()`` leave their operand as it is, which
they do of every value the reader takes; the other calls are the profile's
functions (``math.floor`` is ``floor``). Exactly, ``int()`` is read only of
a whole number; in Python's arithmetic (ints exact, floats IEEE doubles,
each operation as Python does it), only of a whole number too: where
floats miss a whole number the exact value makes, Python would truncate it
otherwise, and the program is refused.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from binding_graph.drafts._program.text import refusal
from binding_graph.drafts._program.words import OPERATORS
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    MAX_BITS,
    BinaryOperation,
    Call,
    Negation,
    Number,
    Symbol,
    Undefined,
    spelled,
    value,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from fractions import Fraction

    from binding_graph.drafts._program.tape import Op
    from binding_graph.expressions import Expression

__all__ = ["exact", "python", "tree"]

_OPERATORS: Final = frozenset(OPERATORS.values())
# The calls that are the profile's functions, by the name of the profile's.
_FUNCTIONS: Final = {
    "abs": "abs",
    "min": "min",
    "max": "max",
    "round": "round",
    "floor": "floor",
    "ceil": "ceil",
}
# Each call as Python computes it, of Python's numbers.
_PYTHON: Final[dict[str, Callable[..., Any]]] = {
    "abs": abs,
    "min": min,
    "max": max,
    "round": round,
    "floor": math.floor,
    "ceil": math.ceil,
}
_ARITHMETIC: Final[dict[str, Callable[[Any, Any], Any]]] = {
    "+": lambda left, right: left + right,
    "-": lambda left, right: left - right,
    "*": lambda left, right: left * right,
    "/": lambda left, right: left / right,
    "//": lambda left, right: left // right,
    "%": lambda left, right: left % right,
    "**": lambda left, right: left**right,
}


def _apply(kind: str, left: Any, right: Any) -> Any:  # noqa: ANN401 -- Fractions, or Python's numbers
    """Return ``left KIND right``, as the operands' own arithmetic computes it."""
    return _ARITHMETIC[kind](left, right)


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
            stack.append(BinaryOperation(kind, stack.pop(), right))  # type: ignore[arg-type]  # one of the profile's
        elif kind in _FUNCTIONS:
            count = int(op.text)
            arguments = tuple(stack[-count:])
            del stack[-count:]
            stack.append(Call(_FUNCTIONS[kind], arguments))  # type: ignore[arg-type]  # one of the profile's
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
        elif kind in _OPERATORS or kind in _FUNCTIONS:
            count = 2 if kind in _OPERATORS else int(op.text)
            operands = stack[-count:]
            del stack[-count:]
            result = _exactly(kind, operands)
            if type(result) is BindingGraphError:
                return None, refusal(result.code, op.at, result.message)
            stack.append(result)  # type: ignore[arg-type]  # a Fraction or None
        elif kind == "int":
            operand = stack[-1]
            if operand is None:
                why = "this one divides by zero or passes the arithmetic's limits"
                return None, _whole(kind, op, "a value that cannot be computed", why)
            if operand.denominator != 1:
                why = "the arithmetic profile rounds with round(), math.floor() and math.ceil()"
                return None, _whole(kind, op, spelled(operand), why)
    return stack[0], None


def _exactly(
    kind: str, operands: list[Fraction | None]
) -> Fraction | BindingGraphError | None:
    """Return the exact value of the operation or call *kind* of *operands*, as the profile's tree of them computes it.

    ``None`` where it has none (a division by zero, a limit passed); the
    refusal of a power whose exponent is not whole.
    """
    if any(operand is None for operand in operands):
        return None
    names = [f"v{index}" for index in range(len(operands))]
    leaves: tuple[Expression, ...] = tuple(Symbol(name) for name in names)
    if kind == "round" and len(operands) > 1:
        # round()'s places are a whole number written as one, as the tape holds.
        places = operands[1]
        number: Expression = Number(abs(places))  # type: ignore[arg-type]  # not None
        leaves = (leaves[0], Negation(number) if places < 0 else number)  # type: ignore[operator]  # not None
    node: Expression = (
        BinaryOperation(kind, *leaves)  # type: ignore[arg-type]  # one of the profile's
        if kind in _OPERATORS
        else Call(_FUNCTIONS[kind], leaves)  # type: ignore[arg-type]  # one of the profile's
    )
    try:
        return value(node, dict(zip(names, operands, strict=True)))  # type: ignore[arg-type]  # no None left
    except Undefined:
        return None
    except BindingGraphError as error:
        return error if error.code == "not_arithmetic" else None


def _operate(op: Op, stack: list[int | float]) -> None:
    """Apply *op*, an operation or a call, to the top of *stack*, as Python does.

    Raises:
        ZeroDivisionError, OverflowError, ValueError: as Python raises them.
        BindingGraphError: ``not_arithmetic`` for ``int()`` of a float that
            is not whole, or a complex power; ``limit_exceeded`` for a whole
            power past :data:`~binding_graph.arithmetic.MAX_BITS` bits.
    """
    kind = op.kind
    if kind == "negate":
        stack.append(-stack.pop())
    elif kind in _OPERATORS:
        right, left = stack.pop(), stack.pop()
        stack.append(
            _power(op, left, right) if kind == "**" else _apply(kind, left, right)
        )
    elif kind == "float":
        stack.append(float(stack.pop()))
    elif kind in _PYTHON:
        count = int(op.text)
        operands = stack[-count:]
        del stack[-count:]
        stack.append(_PYTHON[kind](*operands))
    elif type(stack[-1]) is float:
        operand: float = stack[-1]
        if not operand.is_integer() and abs(operand) != math.inf:
            why = "Python computes this one as a float that is not whole"
            raise _whole(kind, op, repr(operand), why)
        # Of an infinity, which Python's float arithmetic makes where it
        # overflows, int() raises OverflowError, as Python's own.
        stack[-1] = int(operand)


def _power(op: Op, base: float, exponent: float) -> int | float:
    """Return ``base ** exponent`` as Python computes it, refusing a whole number past the limit before Python builds it, and a complex number."""
    # At least that many bits: refused before Python builds the number.
    if (
        type(base) is int
        and type(exponent) is int
        and (abs(base).bit_length() - 1) * exponent >= MAX_BITS
    ):
        rule = f"makes a whole number of more than {MAX_BITS} bits"
        raise refusal("limit_exceeded", op.at, rule)
    result = base**exponent
    if type(result) is complex:
        rule = (
            f"raises {base!r} to the power {exponent!r}, which Python computes as"
            " a complex number: the profile's powers stay in the fractions"
        )
        raise refusal("not_arithmetic", op.at, rule)
    return result  # type: ignore[no-any-return]


def python(tape: Sequence[Op], values: dict[str, int | float]) -> int | float:
    """Return the value Python's arithmetic gives *tape*, each operation as Python does it, without running anything.

    *values* holds what Python gives each name assigned before.

    Raises:
        BindingGraphError: ``division_by_zero`` where Python would raise
            ``ZeroDivisionError``; ``limit_exceeded`` where it would raise
            ``OverflowError``, or an ``int`` passes
            :data:`~binding_graph.arithmetic.MAX_BITS` bits;
            ``not_arithmetic`` for ``int()`` of a float that is not a whole
            number, a power Python computes as a complex number, and
            ``math.floor()`` or ``math.ceil()`` of a NaN.
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
            except BindingGraphError:
                raise
            except ValueError:  # of math.floor() and math.ceil() of a NaN
                rule = (
                    "makes no number of Python's float (not a number): Python would"
                    " raise ValueError"
                )
                raise refusal("not_arithmetic", op.at, rule) from None
            last = stack[-1]
            if type(last) is int and last.bit_length() > MAX_BITS:
                rule = f"makes a whole number of more than {MAX_BITS} bits"
                raise refusal("limit_exceeded", op.at, rule)
    return stack[0]
