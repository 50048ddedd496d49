"""The value of a text read quickly: exact fractions as the operands of the expressions' one-pass reading.

:func:`quick_value` answers the value of the common right-hand side at once,
or ``None`` for anything the full reading must decide: a symbol without a
value, a division by zero, a value beyond the limits (see
:mod:`binding_graph.expressions`, whose loop reads the text).
"""

from __future__ import annotations

from fractions import Fraction

from binding_graph.expressions import quick_read, too_large

__all__ = ["quick_value"]


class _Values:
    """The operands of a quick reading of a value: a stack of fractions, each within the limits."""

    __slots__ = ("known", "stack")

    def __init__(self, known: dict[str, Fraction]) -> None:
        self.known = known
        self.stack: list[Fraction] = []

    def number(self, lexeme: str) -> bool:
        whole, _, fraction = lexeme.partition(".")
        self.stack.append(Fraction(int(whole + fraction), 10 ** len(fraction)))
        return True

    def symbol(self, name: str) -> bool:
        # Only symbol ids have values: never a keyword.
        value = self.known.get(name)
        if value is None:
            return False
        self.stack.append(value)
        return True

    def apply(self, operator: str) -> bool:
        values = self.stack
        if operator == "neg":
            values[-1] = -values[-1]
            return True
        right = values.pop()
        left = values[-1]
        if operator == "+":
            result = left + right
        elif operator == "-":
            result = left - right
        elif operator == "*":
            result = left * right
        elif right:
            result = left / right
        else:
            return False
        values[-1] = result
        return not too_large(result)


def quick_value(
    text: str, known: dict[str, Fraction]
) -> tuple[Fraction, frozenset[str]] | None:
    """Return the value of the expression *text* and the symbols it mentions, or ``None``.

    ``None`` for anything the quick reading does not take: a text that is
    not ASCII or is long, a fault of grammar, a symbol without a value in
    *known*, a division by zero, a value beyond the limits.
    """
    values = _Values(known)
    mentioned = quick_read(text, values)
    return None if mentioned is None else (values.stack[0], mentioned)
