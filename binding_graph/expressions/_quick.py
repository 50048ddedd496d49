"""The quick reading of the common text: one pass over its lexemes, without a tree, or ``None``.

Most right-hand sides and values are short ASCII texts that read without
fault. :func:`quick_read` reads one in a single pass with an operator
stack, handing each operand and each operation to an :class:`Operands`,
which computes what its reader wants of the text: the arithmetic its value,
the units its unit and proof. It answers ``None`` for anything else (a
fault of grammar, a limit, a text it does not take, an operand or an
operation the operands refuse), which the full reader then reads and, if
need be, refuses. So the quick reading never decides a refusal: it only
answers sooner what the full reading would answer, as the tests check.
"""

from __future__ import annotations

import re
from fractions import Fraction
from keyword import iskeyword
from typing import Final, Protocol

from binding_graph.expressions._digits import MAX_DIGITS, decimal
from binding_graph.expressions._tree import MAX_DEPTH

__all__ = ["Operands", "quick_lexemes", "quick_number", "quick_read", "quick_spelling"]

# A lexeme, or any other character, which no lexeme starts with; the
# separators between lexemes are skipped.
_LEXEMES: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?|[A-Za-z_][A-Za-z0-9_]*|[^ \t\n\r]")
# Fewer lexemes than the deepest tree: no limit of depth can be reached.
_MOST_LEXEMES: Final = MAX_DEPTH
_LONGEST: Final = 4 * MAX_DEPTH
# The operators the quick reading takes, by how tightly each binds: the
# others ("//", "%", "**") and calls go to the full reader.
PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2}
# The binding of each operator waiting on the stack; "(" waits for ")".
_BINDING: Final = {**PRECEDENCE, "neg": 3, "(": 0}


class Operands(Protocol):
    """What a quick reading computes: it takes each operand and each operation of the text, in order.

    Each method tells whether the reading goes on: ``False`` gives the
    text up to the full reader.

    .. versionadded:: 0.1.0
    """

    def number(self, lexeme: str) -> bool:
        """Take a ``NUMBER`` of at most :data:`~binding_graph.arithmetic.MAX_DIGITS` digits."""
        ...

    def symbol(self, name: str) -> bool:
        """Take a symbol, by its id: an ASCII identifier (it may be a keyword)."""
        ...

    def apply(self, operator: str) -> bool:
        """Apply *operator* (``+``, ``-``, ``*``, ``/``, or ``neg`` for a unary minus) to the operands on top."""
        ...


def quick_lexemes(text: str) -> list[str] | None:
    """Return the lexemes of a short ASCII text, with any other character as one of its own, or ``None``.

    ``None`` for a text that is long or not ASCII, or has so many lexemes
    that a tree of them could reach the limit of depth: the full reader's.

    .. versionadded:: 0.1.0
    """
    if len(text) > _LONGEST or not text.isascii():
        return None
    lexemes: list[str] = _LEXEMES.findall(text)
    return lexemes if len(lexemes) < _MOST_LEXEMES else None


def quick_number(text: str) -> Fraction | None:
    """Return the value of a whole number written in ASCII digits, or ``None``.

    .. versionadded:: 0.1.0
    """
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return Fraction(int(text))
    return None


def _unwind(waiting: list[str], operands: Operands, binding: int) -> bool:
    """Apply the operators waiting that bind at least as tightly as *binding*."""
    while waiting and _BINDING[waiting[-1]] >= binding:
        if not operands.apply(waiting.pop()):
            return False
    return True


def quick_read(text: str, operands: Operands) -> frozenset[str] | None:  # noqa: C901, PLR0911, PLR0912 -- one pass, one loop, on purpose
    """Read the expression *text* into *operands*, in one pass; return the symbols it mentions, or ``None``.

    ``None`` for anything the quick reading does not take: a text that is
    not ASCII or is long, a fault of grammar, a number of too many digits,
    an operand or an operation that *operands* gives up.

    .. versionadded:: 0.1.0
    """
    lexemes = quick_lexemes(text)
    if lexemes is None:
        return None
    waiting: list[str] = []
    mentioned: set[str] = set()
    operand_expected = True
    for lexeme in lexemes:
        first = lexeme[0]
        if operand_expected:
            if "0" <= first <= "9":
                if len(lexeme) > MAX_DIGITS or not operands.number(lexeme):
                    return None
                operand_expected = False
            elif first.isalpha() or first == "_":
                if not operands.symbol(lexeme):
                    return None
                mentioned.add(lexeme)
                operand_expected = False
            elif lexeme in {"-", "("}:
                waiting.append("neg" if lexeme == "-" else "(")
            else:
                return None
        elif lexeme in PRECEDENCE:
            if not _unwind(waiting, operands, PRECEDENCE[lexeme]):
                return None
            waiting.append(lexeme)
            operand_expected = True
        elif lexeme == ")":
            if not _unwind(waiting, operands, 1) or not waiting:
                return None
            waiting.pop()
        else:
            return None
    if operand_expected or not _unwind(waiting, operands, 1) or waiting:
        return None
    return frozenset(mentioned)


_KINDS: Final = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
_TIGHTEST: Final = 3


class _Spellings:
    """The operands of a quick reading of a spelling: each operand's text, how tightly it binds, and its operation; the symbols in the order they are written."""

    __slots__ = ("mentioned", "stack")

    def __init__(self) -> None:
        self.stack: list[tuple[str, int, str]] = []
        self.mentioned: dict[str, None] = {}

    def number(self, lexeme: str) -> bool:
        whole, _, fraction = lexeme.partition(".")
        value = Fraction(int(whole + fraction), 10 ** len(fraction))
        self.stack.append((decimal(value), _TIGHTEST, "identity"))
        return True

    def symbol(self, name: str) -> bool:
        if iskeyword(name):
            return False
        self.mentioned[name] = None
        self.stack.append((name, _TIGHTEST, "identity"))
        return True

    def apply(self, operator: str) -> bool:
        """Spell *operator* over the top of the stack, as :func:`~binding_graph.expressions.spell` spells its node."""
        stack = self.stack
        if operator == "neg":
            text, binding, _ = stack[-1]
            wrapped = f"-({text})" if binding < _TIGHTEST else f"-{text}"
            stack[-1] = (wrapped, _TIGHTEST, "negate")
            return True
        right, right_binding, _ = stack.pop()
        left, left_binding, _ = stack[-1]
        binding = PRECEDENCE[operator]
        if left_binding < binding:
            left = f"({left})"
        if right_binding <= binding:
            right = f"({right})"
        stack[-1] = (f"{left} {operator} {right}", binding, _KINDS[operator])
        return True


def quick_spelling(text: str) -> tuple[str, list[str], str] | None:
    """Return the canonical spelling of the expression *text*, the symbols it mentions in order, and its top operation; or ``None``.

    The symbols come in the order they are written, each once; the
    operation is :func:`~binding_graph.arithmetic.operation_kind`'s.
    ``None`` for anything the quick reading does not take: a text that is
    not ASCII or is long, a fault of grammar, a keyword, a number of more
    digits than the profile's.

    .. versionadded:: 0.1.0
    """
    spellings = _Spellings()
    if quick_read(text, spellings) is None:
        return None
    spelled, _, operation = spellings.stack[0]
    return spelled, list(spellings.mentioned), operation
