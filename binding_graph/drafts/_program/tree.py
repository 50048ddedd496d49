"""A program's syntax tree read through a whitelist: one function of assignments and a return, each right-hand side a tape of operations.

The whitelist:

- the module: a docstring, ``import math``, then one function,
  ``def NAME():``, without decorators, parameters or annotations;
- the function: a docstring, ``import math``, then assignments ``NAME = EXPRESSION`` and
  ``NAME OP= EXPRESSION`` (``OP`` an operator of the profile), then
  ``return EXPRESSION``, the last statement;
- an expression: as :mod:`~binding_graph.drafts._program.tape` reads one.

Each assignment of a name makes a version of it, a symbol of its own: the
first is the name itself, the k-th ``NAME_k``, with one more underscore
before ``k`` while that is a name the program binds, or a version made
already. A use of a name reads its latest version; ``NAME OP= EXPRESSION``
is ``NAME = NAME OP (EXPRESSION)``, as Python computes it of numbers. A
return of anything but a name is the answer's own step, a version of
``answer``, as though the program assigned ``answer = EXPRESSION`` and
returned it.

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
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import short_repr
from binding_graph.drafts._checks.near import Names
from binding_graph.drafts._program.tape import Op, Tapes
from binding_graph.drafts._program.text import Position, refusal
from binding_graph.drafts._program.words import (
    CONSTANT,
    FUNCTION,
    OPERATORS,
    augmented_rule,
    constant_rule,
    import_rule,
    imports_math,
    shadowing,
    words,
)

if TYPE_CHECKING:
    from binding_graph.drafts._program.text import Lines
    from binding_graph.errors import BindingGraphError, RefusalCode

__all__ = ["ANSWER", "Program", "Statement", "read"]

ANSWER: Final = "answer"
"""The name whose version a returned expression's step is."""

_Placed = ast.expr | ast.stmt | ast.arg | ast.keyword


class Statement(NamedTuple):
    """An assignment read whole: its symbol (the name's version), where the name and the value stand, and the value's tape."""

    name: str
    target: Position
    at: Position
    tape: tuple[Op, ...]


class Program(NamedTuple):
    """What a program's tree holds: its sound assignments in order, its returned symbol, and every refusal found."""

    statements: list[Statement]
    returned: tuple[str, Position] | None
    found: list[BindingGraphError]


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


def _target(node: ast.stmt) -> ast.Name | None:
    """Return the name an assignment of one name, plain or augmented, assigns."""
    if type(node) is ast.Assign and type(node.targets[0]) is ast.Name:
        return node.targets[0]
    if type(node) is ast.AugAssign and type(node.target) is ast.Name:
        return node.target
    return None


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
        self.assigned: dict[str, str] = {}  # each name read so far: its latest symbol
        self.counts: dict[str, int] = {}  # each name: how many versions it has
        self.symbols: set[str] = set()  # every version made
        self.everywhere: dict[str, Position] = {}  # by any assignment of the function
        self.bound: set[str] = set()  # by a refused statement, or any of the function
        self.shadowed: dict[str, str] = {}  # a call's name: why it is not Python's
        self.tapes = Tapes(lines, self.refuse, self.known, self.shadowed)
        self.statements: list[Statement] = []
        self.returned: tuple[str, Position] | None = None
        self.names = Names()
        self.math = False  # whether the program imports math

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
            if imports_math(node):
                self.math = True
                continue
            outside |= _bound(node)
            what = (
                "a second function"
                if type(node) is ast.FunctionDef
                else f"{words(node)} outside the function"
            )
            rule = import_rule(node, "outside the function") or (
                f"{what} is not read: {FUNCTION}"
            )
            self.refuse("unsupported_syntax", node, rule)
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
        self.scan(body, local)
        self.bound |= local | ({"math"} if self.math else set())
        self.shadowed.update(shadowing(function.name, local, outside, math=self.math))
        returns = [index for index, node in enumerate(body) if type(node) is ast.Return]
        end = returns[0] if returns else len(body)
        for index, node in enumerate(body[:end]):
            if type(node) is ast.Assign:
                self.assignment(node)
            elif type(node) is ast.AugAssign:
                self.augmented(node)
            elif not (index == 0 and _docstring(node)) and not imports_math(node):
                rule = import_rule(node, "in the function") or (
                    f"{words(node)} is not read: {FUNCTION}"
                )
                self.refuse("unsupported_syntax", node, rule)
                for bound in sorted(_bound(node)):
                    # A version without a value: what uses it is not refused again.
                    self.version(bound)
        if not returns:
            rule = f"must end in a return: {FUNCTION}"
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

    def scan(self, body: list[ast.stmt], local: set[str]) -> None:
        """Note where each name is first assigned, whether math is imported, and add the names the rest binds to *local*."""
        for node in body:
            target = _target(node)
            if target is not None:
                self.everywhere.setdefault(target.id, self.lines.at(target))
            if imports_math(node):
                self.math = True
            else:
                local |= _bound(node)

    def version(self, name: str) -> str:
        """Return a new version of *name*, the symbol its uses read from now on.

        The first is the name itself; the k-th ``NAME_k``, with one more
        underscore before ``k`` while that is a name the program binds or
        a version made already.
        """
        count = self.counts.get(name, 0) + 1
        self.counts[name] = count
        symbol = name
        if count > 1:
            symbol = f"{name}_{count}"
            while symbol in self.bound or symbol in self.symbols:
                symbol = f"{symbol[: -len(str(count))]}_{count}"
        self.symbols.add(symbol)
        self.assigned[name] = symbol
        return symbol

    def returning(self, node: ast.Return) -> None:
        """Read the return: of a name, its latest version; of any other expression, the answer's own step."""
        value = node.value
        if value is None:
            rule = (
                "returns nothing: return the answer, return NAME or return EXPRESSION"
            )
            self.refuse("unsupported_syntax", node, rule)
            return
        at = self.lines.at(value)
        if type(value) is ast.Name:
            symbol = self.known(value)
            self.returned = None if symbol is None else (symbol, at)
            return
        tape = self.tapes.expression(value)
        symbol = self.version(ANSWER)
        if tape is not None:
            self.statements.append(
                Statement(symbol, self.lines.at(node), at, tuple(tape))
            )
            self.returned = (symbol, at)

    def assignment(self, node: ast.Assign) -> None:
        """Read ``NAME = EXPRESSION``: a new version of the name."""
        targets = node.targets
        tape = self.tapes.expression(node.value)
        named = targets[0]
        if len(targets) > 1 or type(named) is not ast.Name:
            what = "several targets" if len(targets) > 1 else words(named)
            rule = (
                f"an assignment to {what} is not read: an assignment assigns one"
                " name, NAME = EXPRESSION"
            )
            self.refuse("unsupported_syntax", named, rule)
            for bound in sorted(_bound(node)):
                # A version without a value: what uses it is not refused again.
                self.version(bound)
            return
        if self.constant(named):
            return
        symbol = self.version(named.id)
        if tape is not None:
            at = self.lines.at(node.value)
            self.statements.append(
                Statement(symbol, self.lines.at(named), at, tuple(tape))
            )

    def augmented(self, node: ast.AugAssign) -> None:
        """Read ``NAME OP= EXPRESSION`` as Python computes it of numbers: ``NAME = NAME OP (EXPRESSION)``."""
        named = node.target
        tape = self.tapes.expression(node.value)
        if type(named) is not ast.Name:
            rule = (
                f"an augmented assignment to {words(named)} is not read: an"
                f" assignment assigns one name: {FUNCTION}"
            )
            self.refuse("unsupported_syntax", named, rule)
            return
        if self.constant(named):
            return
        operator = OPERATORS.get(type(node.op))
        if operator is None:
            self.refuse("unsupported_syntax", node, augmented_rule(node.op))
            self.version(named.id)  # a version without a value, as above
            return
        target = self.lines.at(named)
        old = self.assigned.get(named.id)
        if old is None:
            rule = (
                f"augments {short_repr(named.id)}, which no statement before it"
                " assigns: Python would raise UnboundLocalError, and a name is used"
                " after its assignment"
            )
            self.found.append(refusal("unknown_symbol", target, rule))
        symbol = self.version(named.id)
        if old is not None and tape is not None:
            tape = [Op("name", target, old), *tape, Op(operator, target)]
            self.statements.append(Statement(symbol, target, target, tuple(tape)))

    def constant(self, named: ast.Name) -> bool:
        """Refuse an assignment to :data:`~binding_graph.drafts._program.words.CONSTANT`, and tell whether it was one."""
        if named.id != CONSTANT:
            return False
        rule = constant_rule("it assigns")
        self.found.append(refusal("malformed_document", self.lines.at(named), rule))
        self.version(named.id)  # a version without a value: its uses are not refused
        return True

    def known(self, node: ast.Name) -> str | None:
        """Return the latest version of *node*'s name; refuse it if no earlier statement assigns it."""
        name = node.id
        symbol = self.assigned.get(name)
        if symbol is not None:
            return symbol
        later = self.everywhere.get(name)
        if later is None and name in self.bound:
            return None  # what binds it is refused, and that is told
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
        return None


def read(tree: ast.Module, lines: Lines) -> Program:
    """Return what *tree*, the syntax tree of the program *lines* hold, says through the whitelist."""
    reader = _Reader(lines)
    reader.module(tree)
    return Program(reader.statements, reader.returned, reader.found)
