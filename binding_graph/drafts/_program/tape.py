"""A right-hand side read through the whitelist into a tape: the operations a stack computes, each at its place.

An expression is a number written in decimal digits (``12``, ``2.5``,
``1_000``), a name that an earlier statement assigns, ``+ - * / // % **``,
a unary ``-``, parentheses, and calls of the builtins of
:data:`~binding_graph.drafts.CALLS` (``round(x, n)`` with ``n`` a whole
number written as one) and, after ``import math``, of ``math.floor()`` and
``math.ceil()``, where the program gives the name no meaning of its own.
Any other node is refused where it stands, and what it holds is not read.
The walk is a loop, never a recursion.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import short_repr
from binding_graph.drafts._program.words import CALLS, MATH, OPERATORS, unread
from binding_graph.expressions import MAX_DIGITS

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from binding_graph.drafts._program.text import Lines, Position
    from binding_graph.errors import RefusalCode

__all__ = ["Op", "Tapes"]

# A number in decimal digits, as Python writes one, its underscores taken out.
_DECIMAL: Final = re.compile(r"[0-9]+\.?[0-9]*|\.[0-9]+")


class Op(NamedTuple):
    """One operation of a right-hand side's tape, in the order a stack computes it.

    Attributes:
        kind: ``number``, ``name``, ``negate``, an operator (``+ - * / // %
            **``), or a call, by its function's name (``float``, ``round``,
            ``floor`` for ``math.floor``).
        at: Where its node starts.
        text: A number's spelling, in :func:`~binding_graph.arithmetic.parse_number`'s
            form; the symbol a name reads, the latest version of the name;
            how many arguments a call has.
        value: A number's value.
        floating: Whether a number is written with a point, a ``float``.
    """

    kind: str
    at: Position
    text: str = ""
    value: Fraction = Fraction(0)
    floating: bool = False


# How many arguments each builtin takes: the fewest, and the most (None: any).
_ARITY: Final = {
    "float": (1, 1),
    "int": (1, 1),
    "abs": (1, 1),
    "round": (1, 2),
    "min": (2, None),
    "max": (2, None),
}


def _kind(node: ast.expr) -> str:
    """Return the kind of the operation *node*, a node the whitelist reads with operands."""
    if type(node) is ast.Call:
        function = node.func
        return function.id if type(function) is ast.Name else function.attr  # type: ignore[attr-defined]  # math.NAME
    if type(node) is ast.BinOp:
        return OPERATORS[type(node.op)]
    return "negate"


def _whole(node: ast.expr) -> bool:
    """Tell whether *node* is a whole number written as one, perhaps negated: round()'s places."""
    if type(node) is ast.UnaryOp and type(node.op) is ast.USub:
        node = node.operand
    return type(node) is ast.Constant and type(node.value) is int


class Tapes:
    """The reader of a program's right-hand sides.

    Args:
        lines: The program's lines, for the place of each node.
        refuse: Refuses a node with a code and a rule.
        known: Returns the symbol a name reads, or ``None`` after refusing
            it (or where what binds it is refused).
        shadowed: Why a call of each name of
            :data:`~binding_graph.drafts._program.words.CALLS` the program
            binds is not Python's own.
    """

    def __init__(
        self,
        lines: Lines,
        refuse: Callable[[RefusalCode, ast.expr, str], None],
        known: Callable[[ast.Name], str | None],
        shadowed: Mapping[str, str],
    ) -> None:
        self.lines = lines
        self.refuse = refuse
        self.known = known
        self.shadowed = shadowed

    def expression(self, root: ast.expr) -> list[Op] | None:
        """Return the tape of *root*, or ``None`` after refusing each node of it outside the whitelist."""
        tape: list[Op] = []
        sound = True
        stack: list[tuple[ast.expr, bool]] = [(root, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                count = str(len(node.args)) if type(node) is ast.Call else ""
                tape.append(Op(_kind(node), self.lines.at(node), count))
                continue
            children = self.children(node)
            if children is None:
                operation = self.leaf(node)
                sound = sound and operation is not None
                tape += [operation] if operation is not None else []
            else:
                stack.append((node, True))
                stack += [(child, False) for child in reversed(children)]
        return tape if sound else None

    def children(self, node: ast.expr) -> list[ast.expr] | None:
        """Return the operands of an operation or a call the whitelist reads, or ``None`` for any other node."""
        if type(node) is ast.UnaryOp and type(node.op) is ast.USub:
            return [node.operand]
        if type(node) is ast.BinOp and type(node.op) in OPERATORS:
            return [node.left, node.right]
        if type(node) is ast.Call and self.callable(node):
            return list(node.args)
        return None

    def leaf(self, node: ast.expr) -> Op | None:
        """Return the operation of a number or a name; refuse any other node."""
        if type(node) is ast.Constant:
            return self.number(node)
        if type(node) is ast.Name:
            return self.name(node)
        code, rule = unread(node, self.shadowed)
        self.refuse(code, node, rule)
        return None

    def name(self, node: ast.Name) -> Op | None:
        """Return the operation of a name: the latest version of it; ``None`` if none is read."""
        symbol = self.known(node)
        return None if symbol is None else Op("name", self.lines.at(node), symbol)

    def number(self, node: ast.Constant) -> Op | None:
        """Return the operation of a number written in decimal digits; refuse any other constant."""
        value = node.value
        if type(value) is not int and type(value) is not float:
            rule = (
                f"{short_repr(value)} is not a number: a number is written in"
                " decimal digits, such as 12 or 2.5"
            )
            self.refuse("not_arithmetic", node, rule)
            return None
        written = self.lines.segment(node)
        digits = written.replace("_", "")
        if not _DECIMAL.fullmatch(digits):
            rule = (
                f"{short_repr(written)} is written with an exponent or in another base:"
                " a number is written in decimal digits, such as 12 or 2.5"
            )
            self.refuse("not_arithmetic", node, rule)
            return None
        if len(digits) - digits.count(".") > MAX_DIGITS:
            rule = f"holds a number of more than {MAX_DIGITS} digits"
            self.refuse("limit_exceeded", node, rule)
            return None
        whole, point, fraction = digits.partition(".")
        text = f"{whole or '0'}.{fraction or '0'}" if point else digits
        return Op("number", self.lines.at(node), text, Fraction(text), bool(point))

    def callable(self, node: ast.Call) -> bool:
        """Tell whether *node* calls a function the whitelist reads, as Python's own, with arguments it takes."""
        function = node.func
        arguments = node.args
        if node.keywords or any(
            type(argument) is ast.Starred for argument in arguments
        ):
            return False
        if type(function) is ast.Attribute:
            return (
                type(function.value) is ast.Name
                and function.value.id == "math"
                and function.attr in MATH
                and "math" not in self.shadowed
                and len(arguments) == 1
            )
        if type(function) is not ast.Name or function.id not in CALLS:
            return False
        fewest, most = _ARITY[function.id]
        return (
            function.id not in self.shadowed
            and fewest <= len(arguments) <= (most or len(arguments))
            and (len(arguments) < 2 or function.id != "round" or _whole(arguments[1]))  # noqa: PLR2004 -- round(x, n)
        )
