"""The quick reading of the common text: its value at once, without a tree, or ``None``.

Most right-hand sides and values are short ASCII texts that read without
fault. These functions compute their value in one pass over their lexemes,
and answer ``None`` for anything else (a fault, a limit, a division by zero,
a text they do not take), which the full reader then reads and, if need be,
refuses. So the quick reading never decides a refusal: it only answers
sooner what the full reading would answer, as the tests check.
"""

from __future__ import annotations

import re
from fractions import Fraction
from keyword import iskeyword
from typing import Final

from binding_graph.arithmetic._parser import MAX_DIGITS
from binding_graph.arithmetic._tree import MAX_DEPTH, PRECEDENCE, decimal, too_large

# A lexeme, or any other character, which no lexeme starts with; the
# separators between lexemes are skipped.
_LEXEMES: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?|[A-Za-z_][A-Za-z0-9_]*|[^ \t\n\r]")
# Fewer lexemes than the deepest tree: no limit of depth can be reached.
_MOST_LEXEMES: Final = MAX_DEPTH
_LONGEST: Final = 4 * MAX_DEPTH
# The binding of each operator waiting on the stack; "(" waits for ")".
BINDING: Final = {**PRECEDENCE, "neg": 3, "(": 0}


def quick_lexemes(text: str) -> list[str] | None:
    """Return the lexemes of a short ASCII text, with any other character as one of its own, or ``None``.

    ``None`` for a text that is long or not ASCII, or has so many lexemes
    that a tree of them could reach the limit of depth: the full reader's.
    """
    if len(text) > _LONGEST or not text.isascii():
        return None
    lexemes: list[str] = _LEXEMES.findall(text)
    return lexemes if len(lexemes) < _MOST_LEXEMES else None


def quick_number(text: str) -> Fraction | None:
    """Return the value of a whole number written in ASCII digits, or ``None``."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return Fraction(int(text))
    return None


def _number(lexeme: str) -> Fraction | None:
    if len(lexeme) > MAX_DIGITS:
        return None
    whole, _, fraction = lexeme.partition(".")
    return Fraction(int(whole + fraction), 10 ** len(fraction))


def _apply(operator: str, values: list[Fraction]) -> bool:
    """Apply *operator* to the top of *values*; tell whether it gave a value within the limits."""
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


def quick_value(  # noqa: C901, PLR0911, PLR0912 -- one pass, one loop, on purpose
    text: str, known: dict[str, Fraction]
) -> tuple[Fraction, frozenset[str]] | None:
    """Return the value of the expression *text* and the symbols it mentions, or ``None``.

    ``None`` for anything the quick reading does not take: a text that is
    not ASCII or is long, a fault of grammar, a symbol without a value in
    *known*, a division by zero, a value beyond the limits.
    """
    lexemes = quick_lexemes(text)
    if lexemes is None:
        return None
    values: list[Fraction] = []
    waiting: list[str] = []
    mentioned: set[str] = set()
    operand_expected = True
    for lexeme in lexemes:
        first = lexeme[0]
        if operand_expected:
            if "0" <= first <= "9":
                number = _number(lexeme)
                if number is None:
                    return None
                values.append(number)
                operand_expected = False
            elif first.isalpha() or first == "_":
                # Only symbol ids have values: never a keyword.
                value = known.get(lexeme)
                if value is None:
                    return None
                mentioned.add(lexeme)
                values.append(value)
                operand_expected = False
            elif lexeme in {"-", "("}:
                waiting.append("neg" if lexeme == "-" else "(")
            else:
                return None
        elif lexeme in PRECEDENCE:
            binding = PRECEDENCE[lexeme]
            while waiting and BINDING[waiting[-1]] >= binding:
                if not _apply(waiting.pop(), values):
                    return None
            waiting.append(lexeme)
            operand_expected = True
        elif lexeme == ")":
            while waiting and waiting[-1] != "(":
                if not _apply(waiting.pop(), values):
                    return None
            if not waiting:
                return None
            waiting.pop()
        else:
            return None
    if operand_expected:
        return None
    while waiting:
        operator = waiting.pop()
        if operator == "(" or not _apply(operator, values):
            return None
    return values[0], frozenset(mentioned)


_KINDS: Final = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
_TIGHTEST: Final = 3

# An operand of a spelling: its text, how tightly it binds, its operation.
_Spelled = tuple[str, int, str]


def _spell(operator: str, operands: list[_Spelled]) -> None:
    """Spell *operator* over the top of *operands*, as :func:`~binding_graph.arithmetic._tree.spell` spells its node."""
    if operator == "neg":
        text, binding, _ = operands[-1]
        operands[-1] = (
            f"-({text})" if binding < _TIGHTEST else f"-{text}",
            _TIGHTEST,
            "negate",
        )
        return
    right, right_binding, _ = operands.pop()
    left, left_binding, _ = operands[-1]
    binding = PRECEDENCE[operator]
    if left_binding < binding:
        left = f"({left})"
    if right_binding <= binding:
        right = f"({right})"
    operands[-1] = (f"{left} {operator} {right}", binding, _KINDS[operator])


def quick_spelling(  # noqa: C901, PLR0911, PLR0912 -- one pass, one loop, on purpose
    text: str,
) -> tuple[str, list[str], str] | None:
    """Return the canonical spelling of the expression *text*, the symbols it mentions in order, and its top operation; or ``None``.

    The symbols come in the order they are written, each once; the
    operation is :func:`~binding_graph.arithmetic.operation_kind`'s.
    ``None`` for anything the quick reading does not take: a text that is
    not ASCII or is long, a fault of grammar, a keyword, a number of more
    digits than the profile's.
    """
    lexemes = quick_lexemes(text)
    if lexemes is None:
        return None
    operands: list[_Spelled] = []
    waiting: list[str] = []
    mentioned: dict[str, None] = {}
    operand_expected = True
    for lexeme in lexemes:
        first = lexeme[0]
        if operand_expected:
            if "0" <= first <= "9":
                number = _number(lexeme)
                if number is None:
                    return None
                operands.append((decimal(number), _TIGHTEST, "identity"))
                operand_expected = False
            elif first.isalpha() or first == "_":
                if iskeyword(lexeme):
                    return None
                mentioned[lexeme] = None
                operands.append((lexeme, _TIGHTEST, "identity"))
                operand_expected = False
            elif lexeme in {"-", "("}:
                waiting.append("neg" if lexeme == "-" else "(")
            else:
                return None
        elif lexeme in PRECEDENCE:
            binding = PRECEDENCE[lexeme]
            while waiting and BINDING[waiting[-1]] >= binding:
                _spell(waiting.pop(), operands)
            waiting.append(lexeme)
            operand_expected = True
        elif lexeme == ")":
            while waiting and waiting[-1] != "(":
                _spell(waiting.pop(), operands)
            if not waiting:
                return None
            waiting.pop()
        else:
            return None
    if operand_expected:
        return None
    while waiting:
        operator = waiting.pop()
        if operator == "(":
            return None
        _spell(operator, operands)
    spelled, _, operation = operands[0]
    return spelled, list(mentioned), operation
