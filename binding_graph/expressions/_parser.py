"""Reading the profile's texts: expressions, predicates and numbers, in one pass with stacks of their own.

The reader scans tokens and builds the tree with an operand stack and an
operator stack (the shunting-yard way), so that no input, however deep or
long, recurses; a text is refused at the first character that the grammar
does not allow there, with its offset and what was expected.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from keyword import iskeyword
from typing import TYPE_CHECKING, Final, NoReturn, cast

from binding_graph._checks import is_str
from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError, ErrorPath, refuse_type
from binding_graph.expressions._tree import (
    COMPARISONS,
    MAX_DEPTH,
    MAX_DIGITS,
    PRECEDENCE,
    BinaryOperation,
    Comparison,
    Expression,
    Negation,
    Number,
    Operator,
    Predicate,
    Symbol,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_EXPRESSION_LENGTH: Final = 10_000
"""The most characters an expression, a predicate or a number may have."""

_SPACE: Final = re.compile(r"[ \t\n\r]*")
_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_ASCII_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASCII_CONTINUE: Final = re.compile(r"[A-Za-z0-9_]+")
_SIGNS: Final = re.compile(r"<=|>=|==|!=|[-+*/()<>]")
_FRACTION: Final = re.compile(r"(-?)([0-9]+(?:\.[0-9]+)?)(?:/([0-9]+(?:\.[0-9]+)?))?")

# A token: its kind ("number", "symbol", "sign" or "end"), its text, its offset.
_Token = tuple[str, str, int]


class Where:
    """Whose text is read, for a refusal's message and path."""

    __slots__ = ("name", "path")

    def __init__(self, name: str, path: ErrorPath) -> None:
        self.name = name
        self.path = path

    def refuse(self, offset: int, expected: str, found: str) -> NoReturn:
        """Refuse the text as ``not_arithmetic``: at *offset*, *expected* was not *found*."""
        raise BindingGraphError(
            "not_arithmetic",
            f"{self.name} is not arithmetic: at offset {offset}, expected"
            f" {expected}, but found {found}",
            self.path,
        )

    def too_large(self, rule: str) -> NoReturn:
        """Refuse the text as ``limit_exceeded``."""
        raise BindingGraphError(
            "limit_exceeded", f"{self.name} is too large: {rule}", self.path
        )


TEXT: Final = Where("the text", ())
"""The place of a text given on its own: named ``the text``, refused at ``()``."""


def checked(text: object, where: Where, function: str) -> str:
    """Return *text* if it is a ``str`` no longer than the limit; refuse it otherwise."""
    if not is_str(text):
        refuse_type(function, "text", "a str", text, ("text",))
    if len(text) > MAX_EXPRESSION_LENGTH:
        where.too_large(f"it may have at most {MAX_EXPRESSION_LENGTH} characters")
    return text


def _number(digits: str, offset: int, where: Where) -> Fraction:
    whole, _, fraction = digits.partition(".")
    if len(whole) + len(fraction) > MAX_DIGITS:
        where.too_large(
            f"the number at offset {offset} has more than {MAX_DIGITS} digits"
        )
    return Fraction(int(whole + fraction), 10 ** len(fraction))


def _name_end(text: str, start: int) -> int:
    """Return where the identifier that starts at *start* ends."""
    match = _ASCII_NAME.match(text, start)
    position = match.end() if match else start + 1
    while position < len(text):
        match = _ASCII_CONTINUE.match(text, position)
        if match:
            position = match.end()
        # Past ASCII, a character continues an identifier exactly when Python says so.
        elif ("a" + text[position]).isidentifier():
            position += 1
        else:
            break
    return position


def _tokens(text: str, where: Where) -> Iterator[_Token]:
    position, length = 0, len(text)
    while True:
        position = cast("re.Match[str]", _SPACE.match(text, position)).end()
        if position == length:
            break
        character = text[position]
        if "0" <= character <= "9":
            match = cast("re.Match[str]", _NUMBER.match(text, position))
            yield ("number", match.group(), position)
            position = match.end()
        elif character.isidentifier():
            end = _name_end(text, position)
            name = text[position:end]
            if iskeyword(name):
                where.refuse(
                    position, "a symbol id that is not a keyword", short_repr(name)
                )
            if not unicodedata.is_normalized("NFKC", name):
                expected = "a symbol id in NFKC normal form, as the model's are"
                where.refuse(position, expected, short_repr(name))
            yield ("symbol", name, position)
            position = end
        else:
            sign = _SIGNS.match(text, position)
            if sign is None:
                expected = "a number, a symbol, an operator or a parenthesis"
                where.refuse(position, expected, short_repr(character))
            yield ("sign", sign.group(), position)
            position = sign.end()
    yield ("end", "", position)


_OPERAND: Final = "a number, a symbol, '-' or '('"


def _found(token: _Token) -> str:
    kind, text, _ = token
    return "the end of the text" if kind == "end" else short_repr(text)


class _Builder:
    """The two stacks of one expression: operands, and operators waiting for theirs."""

    __slots__ = ("before_comparison", "depth", "operands", "operators", "where")

    def __init__(self, where: Where, *, before_comparison: bool) -> None:
        self.where = where
        self.before_comparison = before_comparison
        self.operands: list[Expression] = []
        # An operator, "neg" for a unary minus, or "(".
        self.operators: list[str] = []
        self.depth = 0  # of open parentheses

    def operand(self, token: _Token) -> bool:
        """Take *token* where an operand is expected; tell whether one was read."""
        kind, text, offset = token
        if kind == "number":
            self.operands.append(Number(_number(text, offset, self.where)))
            return True
        if kind == "symbol":
            self.operands.append(Symbol(text))
            return True
        if text == "-":
            self.operators.append("neg")
        elif text == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self.where.too_large(
                    f"it may nest at most {MAX_DEPTH} parentheses deep"
                )
            self.operators.append("(")
        else:
            self.where.refuse(offset, _OPERAND, _found(token))
        return False

    def after_operand(self, token: _Token) -> bool:
        """Take *token* after an operand; tell whether it ends the expression."""
        kind, text, offset = token
        if text in PRECEDENCE:
            self._binary(text)
        elif text == ")" and self.depth:
            while self.operators[-1] != "(":
                self._reduce()
            self.operators.pop()
            self.depth -= 1
        elif (not self.depth and kind == "end" and not self.before_comparison) or (
            not self.depth and self.before_comparison and text in COMPARISONS
        ):
            return True
        else:
            closing = "')'" if self.depth else None
            ending = "a comparison" if self.before_comparison else "the end of the text"
            self.where.refuse(
                offset, f"an operator or {closing or ending}", _found(token)
            )
        return False

    def _reduce(self) -> None:
        operator = self.operators.pop()
        operands = self.operands
        try:
            if operator == "neg":
                operands.append(Negation(operands.pop()))
            else:
                right = operands.pop()
                operands.append(
                    BinaryOperation(cast("Operator", operator), operands.pop(), right)
                )
        except BindingGraphError:
            self.where.too_large(f"it may nest at most {MAX_DEPTH} levels deep")

    def _binary(self, operator: str) -> None:
        binding = PRECEDENCE[operator]
        operators = self.operators
        while (
            operators
            and operators[-1] != "("
            and (operators[-1] == "neg" or PRECEDENCE[operators[-1]] >= binding)
        ):
            self._reduce()
        operators.append(operator)

    def finish(self) -> Expression:
        """Return the expression, every operator applied."""
        while self.operators:
            self._reduce()
        return self.operands[0]


def _expression(
    tokens: Iterator[_Token], where: Where, *, before_comparison: bool
) -> tuple[Expression, _Token]:
    """Read one expression from *tokens*; return it and the token that ended it."""
    builder = _Builder(where, before_comparison=before_comparison)
    operand_expected = True
    for token in tokens:
        if operand_expected:
            operand_expected = not builder.operand(token)
        elif builder.after_operand(token):
            return builder.finish(), token
        else:
            operand_expected = token[1] in PRECEDENCE
    raise AssertionError  # pragma: no cover -- the tokens always end with "end"


def parse(text: str, where: Where = TEXT) -> Expression:
    """Return the tree of the expression *text*, or refuse it."""
    tree, _ = _expression(_tokens(text, where), where, before_comparison=False)
    return tree


def parse_predicate(text: str, where: Where = TEXT) -> Predicate:
    """Return the predicate *text* (``expression COMPARISON expression``), or refuse it."""
    tokens = _tokens(text, where)
    left, comparison = _expression(tokens, where, before_comparison=True)
    right, _ = _expression(tokens, where, before_comparison=False)
    return Predicate(left, cast("Comparison", comparison[1]), right)


def parse_number(text: str, where: Where = TEXT) -> Fraction:
    """Return the value of a fact's *text*: ``-``?, then ``NUMBER`` or ``NUMBER/NUMBER``."""
    match = _FRACTION.fullmatch(text)
    if match is None:
        raise BindingGraphError(
            "not_arithmetic",
            f"{where.name} is not a number of the profile: an optional '-', then"
            " a NUMBER such as 12 or 2.5, or a fraction such as 3/4, with nothing"
            f" around it (got {short_repr(text)})",
            where.path,
        )
    sign, numerator, denominator = match.groups()
    value = _number(numerator, len(sign), where)
    if denominator is not None:
        divisor = _number(denominator, match.start(3), where)
        if not divisor:
            raise BindingGraphError(
                "not_arithmetic",
                f"{where.name} is not a number of the profile: the denominator of"
                f" a fraction must not be zero (got {short_repr(text)})",
                where.path,
            )
        value /= divisor
    return -value if sign else value
