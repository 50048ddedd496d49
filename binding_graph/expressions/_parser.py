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
    FUNCTIONS,
    MAX_DEPTH,
    MAX_DIGITS,
    NEGATION,
    PRECEDENCE,
    BinaryOperation,
    Call,
    Comparison,
    Expression,
    Function,
    Negation,
    Number,
    Operator,
    Predicate,
    Symbol,
    arity_fault,
    spell,
    whole_fault,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_EXPRESSION_LENGTH: Final = 10_000
"""The most characters an expression, a predicate or a number may have."""

_SPACE: Final = re.compile(r"[ \t\n\r]*")
_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_ASCII_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASCII_CONTINUE: Final = re.compile(r"[A-Za-z0-9_]+")
_SIGNS: Final = re.compile(r"<=|>=|==|!=|\*\*|//|[-+*/%(),<>]")
_FRACTION: Final = re.compile(r"(-?)([0-9]+(?:\.[0-9]+)?)(?:/([0-9]+(?:\.[0-9]+)?))?")

# A token: its kind ("number", "symbol", "function", "sign" or "end"), its
# text, its offset. A function is a name of FUNCTIONS with its "(".
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
            after = cast("re.Match[str]", _SPACE.match(text, end)).end()
            if name in FUNCTIONS and text.startswith("(", after):
                yield ("function", name, position)
                position = after + 1
            else:
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
    """The stacks of one expression: operands and operators, each with the offset where its text starts."""

    __slots__ = (
        "before_comparison",
        "calls",
        "depth",
        "offsets",
        "operands",
        "operators",
        "starts",
        "where",
    )

    def __init__(self, where: Where, *, before_comparison: bool) -> None:
        self.where = where
        self.before_comparison = before_comparison
        self.operands: list[Expression] = []
        self.offsets: list[int] = []
        # An operator, "neg" for a unary minus, "(", or a function's name
        # for its open call; and where each starts.
        self.operators: list[str] = []
        self.starts: list[int] = []
        # For each open call, how many operands stood before its arguments.
        self.calls: list[int] = []
        self.depth = 0  # of open parentheses, a call's among them

    def _push(self, operand: Expression, offset: int) -> None:
        self.operands.append(operand)
        self.offsets.append(offset)

    def _wait(self, operator: str, offset: int) -> None:
        self.operators.append(operator)
        self.starts.append(offset)

    def operand(self, token: _Token) -> bool:
        """Take *token* where an operand is expected; tell whether one was read."""
        kind, text, offset = token
        if kind == "number":
            self._push(Number(_number(text, offset, self.where)), offset)
            return True
        if kind == "symbol":
            self._push(Symbol(text), offset)
            return True
        if text == "-":
            self._wait("neg", offset)
        elif text == "(" or kind == "function":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self.where.too_large(
                    f"it may nest at most {MAX_DEPTH} parentheses deep"
                )
            if kind == "function":
                self.calls.append(len(self.operands))
            self._wait(text, offset)
        else:
            self.where.refuse(offset, _OPERAND, _found(token))
        return False

    def after_operand(self, token: _Token) -> bool:
        """Take *token* after an operand; tell whether it ends the expression."""
        kind, text, offset = token
        in_call = bool(self.calls) and self._innermost() != "("
        if text in PRECEDENCE:
            self._binary(text)
        elif text == ")" and self.depth:
            self._close(offset)
        elif text == "," and in_call:
            self._unwind()
            function = self.operators[-1]
            if arity_fault(function, len(self.operands) - self.calls[-1] + 1):
                expected = f"')': {function}() takes no more arguments"
                self.where.refuse(offset, expected, _found(token))
        elif (not self.depth and kind == "end" and not self.before_comparison) or (
            not self.depth and self.before_comparison and text in COMPARISONS
        ):
            return True
        else:
            closing = ("',' or ')'" if in_call else "')'") if self.depth else None
            ending = "a comparison" if self.before_comparison else "the end of the text"
            self.where.refuse(
                offset, f"an operator or {closing or ending}", _found(token)
            )
        return False

    def _innermost(self) -> str:
        """Return the innermost open parenthesis: "(", or a call's function."""
        return next(
            operator
            for operator in reversed(self.operators)
            if operator == "(" or operator in FUNCTIONS
        )

    def _unwind(self) -> None:
        """Apply every operator inside the innermost open parenthesis."""
        while self.operators[-1] != "(" and self.operators[-1] not in FUNCTIONS:
            self._reduce()

    def _close(self, offset: int) -> None:
        """Close the innermost parenthesis or call, at the ')' at *offset*."""
        self._unwind()
        self.depth -= 1
        function = self.operators.pop()
        start = self.starts.pop()
        if function == "(":
            return
        first = self.calls.pop()
        count = len(self.operands) - first
        rule = arity_fault(function, count)
        if rule is not None:
            self.where.refuse(offset, f"',': {rule}", "')'")
        if function == "round" and count > 1:
            self._whole(first + 1, "the places of round()")
        arguments = tuple(self.operands[first:])
        del self.operands[first:]
        del self.offsets[first:]
        self._push(Call(cast("Function", function), arguments), start)

    def _whole(self, index: int, what: str) -> None:
        """Refuse the operand at *index* as *what* unless it is a whole number within the limit."""
        fault = whole_fault(self.operands[index], what)
        if fault is None:
            return
        code, rule = fault
        offset = self.offsets[index]
        if code == "limit_exceeded":
            self.where.too_large(f"at offset {offset}, {rule}")
        expected = f"a whole number, optionally negated, as {what}"
        self.where.refuse(offset, expected, short_repr(spell(self.operands[index])))

    def _reduce(self) -> None:
        operator = self.operators.pop()
        start = self.starts.pop()
        operands = self.operands
        try:
            if operator == "neg":
                operands.append(Negation(operands.pop()))
                self.offsets[-1] = start
            else:
                right = operands.pop()
                self.offsets.pop()
                operands.append(
                    BinaryOperation(cast("Operator", operator), operands.pop(), right)
                )
        except BindingGraphError:
            self.where.too_large(f"it may nest at most {MAX_DEPTH} levels deep")

    def _binary(self, operator: str) -> None:
        binding = PRECEDENCE[operator]
        operators = self.operators
        # "**" groups to the right: an operator of its own binding waits on.
        right = operator == "**"
        while operators and operators[-1] != "(" and operators[-1] not in FUNCTIONS:
            waiting = operators[-1]
            waiting_binding = NEGATION if waiting == "neg" else PRECEDENCE[waiting]
            if waiting_binding < binding or (right and waiting_binding == binding):
                break
            self._reduce()
        self._wait(operator, 0)

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
            operand_expected = token[1] in PRECEDENCE or token[1] == ","
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
