"""A program's syntax tree read through a whitelist: one function of assignments and a return, each right-hand side a tape of operations.

The whitelist:

- the module: a docstring, then one function, ``def NAME():``, without
  decorators, parameters or annotations;
- the function: a docstring, then assignments ``NAME = EXPRESSION``, then
  ``return NAME``, the last statement;
- an expression: a number written in decimal digits (``12``, ``2.5``,
  ``1_000``), a name that an earlier statement assigns, ``+ - * /``, a unary
  ``-``, parentheses, and ``float()``, ``int()`` or ``round()`` of one
  expression, where the program gives the name no meaning of its own.

A program is read only as Python would run it. A name the program itself
binds (assigns in the function, names the function with, or binds outside
it) is no longer Python's own function, and a call of it is refused, never
guessed; ``__debug__``, which Python's parser reads as a target but its
compiler refuses, is refused where the program assigns it or names the
function with it.

Whatever else the tree holds is refused where it stands, with its line and
column: a statement or an expression that the reader does not read as
``unsupported_syntax``, an operator, a comparison or a constant outside
the arithmetic profile as ``not_arithmetic``. What a refused node holds is
not read; a refused statement's names still count as assigned, so that
what uses them is not refused again. Every walk is a loop, never a recursion.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import short_repr
from binding_graph.drafts._checks.near import Names
from binding_graph.drafts._program.text import Position, refusal
from binding_graph.drafts._program.words import (
    CALLS,
    CONSTANT,
    FUNCTION,
    OPERATORS,
    constant_rule,
    shadowing,
    unread,
    words,
)
from binding_graph.expressions import MAX_DIGITS

if TYPE_CHECKING:
    from binding_graph.drafts._program.text import Lines
    from binding_graph.errors import BindingGraphError, RefusalCode

__all__ = ["Op", "Program", "Statement", "read"]

# A number in decimal digits, as Python writes one, its underscores taken out.
_DECIMAL: Final = re.compile(r"[0-9]+\.?[0-9]*|\.[0-9]+")
_Placed = ast.expr | ast.stmt | ast.arg | ast.keyword


class Op(NamedTuple):
    """One operation of a right-hand side's tape, in the order a stack computes it.

    Attributes:
        kind: ``number``, ``name``, ``negate``, an operator (``+ - * /``),
            or a call (``float``, ``int``, ``round``).
        at: Where its node starts.
        text: A number's spelling, in :func:`~binding_graph.arithmetic.parse_number`'s
            form; a name.
        value: A number's value.
        floating: Whether a number is written with a point, a ``float``.
    """

    kind: str
    at: Position
    text: str = ""
    value: Fraction = Fraction(0)
    floating: bool = False


class Statement(NamedTuple):
    """An assignment read whole: its name, where the name and the value stand, and the value's tape."""

    name: str
    target: Position
    at: Position
    tape: tuple[Op, ...]


class Program(NamedTuple):
    """What a program's tree holds: its sound assignments in order, its returned name, and every refusal found."""

    statements: list[Statement]
    returned: tuple[str, Position] | None
    found: list[BindingGraphError]


def _kind(node: ast.expr) -> str:
    """Return the kind of the operation *node*, a node the whitelist reads with operands."""
    if type(node) is ast.Call and type(node.func) is ast.Name:
        return node.func.id
    if type(node) is ast.BinOp:
        return OPERATORS[type(node.op)]
    return "negate"


def _bound(statement: ast.stmt) -> set[str]:
    """Return the names *statement* binds, as Python makes them its scope's: assigned, imported, defined.

    Every name stored anywhere in it counts, an assignment expression's in
    an assignment's value too; what binds a name inside a nested scope
    counts as well, which is more than Python binds, and safe: each such
    statement is refused already, and its names count only so that what
    uses them is not refused again, nor read as Python's own.
    """
    names: set[str] = set()
    # ast.walk imports collections at each call: a walk of its own imports nothing.
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        stack += ast.iter_child_nodes(node)
        if type(node) is ast.Name and type(node.ctx) is ast.Store:
            names.add(node.id)
        elif type(node) is ast.alias:
            names.add(node.asname or node.name.partition(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _docstring(node: ast.stmt) -> bool:
    return (
        type(node) is ast.Expr
        and type(node.value) is ast.Constant
        and type(node.value.value) is str
    )


class _Reader:
    """The walk over one program's tree, and what it has found."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.found: list[BindingGraphError] = []
        self.assigned: dict[str, Position] = {}  # by the statements read so far
        self.everywhere: dict[str, Position] = {}  # by any assignment of the function
        self.bound: set[str] = set()  # by a refused statement, or any of the function
        self.shadowed: dict[str, str] = {}  # a call's name: why it is not Python's
        self.statements: list[Statement] = []
        self.returned: tuple[str, Position] | None = None
        self.names = Names()

    def refuse(self, code: RefusalCode, node: _Placed, rule: str) -> None:
        self.found.append(refusal(code, self.lines.at(node), rule))

    def module(self, tree: ast.Module) -> None:
        """Read the module: a docstring, then one function."""
        body = tree.body
        functions = [node for node in body if type(node) is ast.FunctionDef]
        if not functions:
            # A program of statements alone is one mistake, not one a statement.
            rule = f"defines no function: {FUNCTION}"
            self.found.append(refusal("unsupported_syntax", None, rule))
            return
        function = functions[0]
        outside: set[str] = set()
        for index, node in enumerate(body):
            if node is function or (index == 0 and _docstring(node)):
                continue
            outside |= _bound(node)
            what = (
                "a second function"
                if type(node) is ast.FunctionDef
                else f"{words(node)} outside the function"
            )
            self.refuse("unsupported_syntax", node, f"{what} is not read: {FUNCTION}")
        self.bound |= outside
        self.body(function, self.signature(function), outside)

    def signature(self, function: ast.FunctionDef) -> set[str]:
        """Refuse what the function's line holds beyond ``def NAME():``, or a name Python's compiler refuses; return its parameters' names."""
        if function.name == CONSTANT:
            rule = constant_rule("the function is named")
            self.found.append(
                refusal("malformed_document", self.lines.defined(function), rule)
            )
        arguments = function.args
        parameters = [
            *arguments.posonlyargs,
            *arguments.args,
            *([arguments.vararg] if arguments.vararg else []),
            *arguments.kwonlyargs,
            *([arguments.kwarg] if arguments.kwarg else []),
        ]
        extras: list[tuple[_Placed, str]] = [
            (node, "a decorator") for node in function.decorator_list
        ]
        # Type parameters (def f[T]()) are in the tree from Python 3.12 on.
        extras += [
            (node, "a type parameter") for node in getattr(function, "type_params", ())
        ]
        extras += [(node, "a parameter") for node in parameters[:1]]
        if function.returns is not None:
            extras.append((function.returns, "an annotation"))
        for node, what in extras:
            self.refuse("unsupported_syntax", node, f"{what} is not read: {FUNCTION}")
        return {parameter.arg for parameter in parameters}

    def body(
        self, function: ast.FunctionDef, local: set[str], outside: set[str]
    ) -> None:
        """Read the function's body: a docstring, assignments, and a last return.

        *local* holds the names its parameters bind, *outside* those the
        module's statements bind.
        """
        body = function.body
        for node in body:
            if type(node) is ast.Assign and type(node.targets[0]) is ast.Name:
                target = node.targets[0]
                self.everywhere.setdefault(target.id, self.lines.at(target))
            local |= _bound(node)
        self.bound |= local
        self.shadowed = shadowing(function.name, local, outside)
        returns = [index for index, node in enumerate(body) if type(node) is ast.Return]
        end = returns[0] if returns else len(body)
        for index, node in enumerate(body[:end]):
            if type(node) is ast.Assign:
                self.assignment(node)
            elif not (index == 0 and _docstring(node)):
                rule = f"{words(node)} is not read: {FUNCTION}"
                self.refuse("unsupported_syntax", node, rule)
        if not returns:
            rule = f"must end in return NAME: {FUNCTION}"
            self.refuse("unsupported_syntax", function, rule)
            return
        for node in body[end + 1 :]:
            rule = (
                f"{words(node)} after the return is never reached, and not read:"
                f" {FUNCTION}"
            )
            self.refuse("unsupported_syntax", node, rule)
        returned = body[end]
        assert type(returned) is ast.Return  # noqa: S101 -- found as one
        self.returning(returned)

    def returning(self, node: ast.Return) -> None:
        value = node.value
        if type(value) is not ast.Name:
            rule = "must return a name: assign the answer to a name, then return it"
            self.refuse("unsupported_syntax", value or node, rule)
            return
        if self.known(value):
            self.returned = (value.id, self.lines.at(value))

    def assignment(self, node: ast.Assign) -> None:
        targets = node.targets
        tape = self.expression(node.value)
        named = targets[0]
        if len(targets) > 1 or type(named) is not ast.Name:
            what = "several targets" if len(targets) > 1 else words(named)
            rule = (
                f"an assignment to {what} is not read: an assignment assigns one"
                " name, NAME = EXPRESSION"
            )
            self.refuse("unsupported_syntax", named, rule)
            for bound in _bound(node):
                # What uses them is not refused again.
                self.assigned.setdefault(bound, self.lines.at(named))
            return
        name, target = named.id, self.lines.at(named)
        if name == CONSTANT:
            rule = constant_rule("it assigns")
            self.found.append(refusal("malformed_document", target, rule))
            self.assigned.setdefault(name, target)  # what uses it is not refused again
            return
        first = self.assigned.get(name)
        if first is not None:
            rule = (
                f"assigns {short_repr(name)} again: line {first.line} assigned it"
                " first, and a name is assigned once"
            )
            self.found.append(refusal("duplicate_symbol_id", target, rule))
            return
        self.assigned[name] = target
        if tape is not None:
            self.statements.append(
                Statement(name, target, self.lines.at(node.value), tuple(tape))
            )

    def known(self, node: ast.Name) -> bool:
        """Tell whether an earlier statement assigns *node*'s name; refuse it if none does."""
        name = node.id
        if name in self.assigned:
            return True
        later = self.everywhere.get(name)
        if later is None and name in self.bound:
            return False  # what binds it is refused, and that is told
        rule = f"uses {short_repr(name)}, "
        if later is None:
            listed = self.names.listed([name], self.assigned, "assigned before it")
            rule += (
                "which no statement of the function assigns: a name is used after"
                f" its assignment, and {listed}"
            )
        else:
            rule += (
                f"which only line {later.line} assigns, later: a name is used after"
                " its assignment"
            )
        self.refuse("unknown_symbol", node, rule)
        return False

    def expression(self, root: ast.expr) -> list[Op] | None:
        """Return the tape of *root*, or ``None`` after refusing each node of it outside the whitelist."""
        tape: list[Op] = []
        sound = True
        stack: list[tuple[ast.expr, bool]] = [(root, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                tape.append(Op(_kind(node), self.lines.at(node)))
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
            return (
                Op("name", self.lines.at(node), node.id) if self.known(node) else None
            )
        code, rule = unread(node, self.shadowed)
        self.refuse(code, node, rule)
        return None

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
        """Tell whether *node* calls ``float``, ``int`` or ``round`` of one expression, as Python's own."""
        function = node.func
        return (
            type(function) is ast.Name
            and function.id in CALLS
            and function.id not in self.shadowed
            and len(node.args) == 1
            and not node.keywords
            and type(node.args[0]) is not ast.Starred
        )


def read(tree: ast.Module, lines: Lines) -> Program:
    """Return what *tree*, the syntax tree of the program *lines* hold, says through the whitelist."""
    reader = _Reader(lines)
    reader.module(tree)
    return Program(reader.statements, reader.returned, reader.found)
