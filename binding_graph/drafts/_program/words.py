"""What a program's reader reads, and the words of each refusal of what it does not.

The whitelist is said here once: the operators of the arithmetic profile,
the calls a program may make, and, for every other node of Python's
syntax, what the refusal calls it, with its code: an operator, a
comparison or a conditional outside the profile is ``not_arithmetic``;
any other statement or expression is ``unsupported_syntax``. So are the
words of what Python would read otherwise: a call of a name the program
binds itself, and :data:`CONSTANT` bound.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Final

from binding_graph._show import short_repr

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.errors import RefusalCode

__all__ = [
    "CALLS",
    "CONSTANT",
    "EXPRESSION",
    "FUNCTION",
    "MATH",
    "OPERATORS",
    "augmented_rule",
    "call_rule",
    "constant_rule",
    "import_rule",
    "imports_math",
    "shadowing",
    "unread",
    "words",
]

CALLS: Final[frozenset[str]] = frozenset({"float", "int", "round", "abs", "min", "max"})
"""The builtins a program may call.

``float()`` and ``int()`` of one expression, each leaving its operand as it
is (``int()`` only of a whole number); ``abs()`` of one, ``min()`` and
``max()`` of two or more, ``round()`` of one, or of two whose second is a
whole number written as one, each as the arithmetic profile's function of
that name. Besides them, ``math.floor()`` and ``math.ceil()`` of one
expression after ``import math`` (see ``docs/drafts.md``).

.. versionadded:: 0.1.0
"""

MATH: Final[frozenset[str]] = frozenset({"floor", "ceil"})
"""The functions of :mod:`math` a program may call, as ``math.NAME()`` after ``import math``."""

CONSTANT: Final = "__debug__"
"""The name Python's parser reads as a target, and its compiler refuses to bind."""

OPERATORS: Final[dict[type[ast.AST], str]] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
}
"""The binary operators of the arithmetic profile, by their node."""

_AUGMENTED: Final = [f"{operator}=" for operator in OPERATORS.values()]
FUNCTION: Final = (
    "a program is one function, def NAME():, of assignments NAME = EXPRESSION"
    f" (or {', '.join(_AUGMENTED)}) and a last return EXPRESSION"
)
EXPRESSION: Final = (
    "an expression holds numbers, names assigned before, + - * / // % **, a"
    " unary -, parentheses, and calls of float(), int(), abs(), round(), min(),"
    " max(), math.floor() and math.ceil()"
)
_PROFILE: Final = (
    "an expression computes with + - * / // % **, a unary - and parentheses"
)
_CALLS: Final = (
    "a program calls only float(), int(), abs() and round() of one expression,"
    " round(x, n) of a whole number n written as one, min() and max() of two or"
    " more, and math.floor() and math.ceil() of one, after import math"
)

_OUTSIDE: Final[dict[type[ast.AST], str]] = {
    ast.MatMult: "'@'",
    ast.LShift: "'<<'",
    ast.RShift: "'>>'",
    ast.BitOr: "'|'",
    ast.BitXor: "'^'",
    ast.BitAnd: "'&'",
    ast.UAdd: "a unary '+'",
    ast.Not: "'not'",
    ast.Invert: "'~'",
}
_NOT_ARITHMETIC: Final = {
    "Compare": "a comparison",
    "BoolOp": "'and' or 'or'",
    "IfExp": "a conditional expression",
}
_WORDS: Final = {
    "Attribute": "an attribute",
    "Subscript": "a subscript",
    "Slice": "a slice",
    "Lambda": "a lambda",
    "ListComp": "a comprehension",
    "SetComp": "a comprehension",
    "DictComp": "a comprehension",
    "GeneratorExp": "a generator expression",
    "List": "a list",
    "Tuple": "a tuple",
    "Dict": "a dict",
    "Set": "a set",
    "JoinedStr": "an f-string",
    "NamedExpr": "an assignment expression",
    "Await": "'await'",
    "Yield": "'yield'",
    "YieldFrom": "'yield from'",
    "Starred": "a starred expression",
    "Call": "a call",
    "Name": "a name",
    "Import": "an import",
    "ImportFrom": "an import",
    "For": "a loop",
    "AsyncFor": "a loop",
    "While": "a loop",
    "If": "an if statement",
    "With": "a with statement",
    "AsyncWith": "a with statement",
    "Try": "a try statement",
    "FunctionDef": "a function definition",
    "AsyncFunctionDef": "an async function",
    "ClassDef": "a class definition",
    "Global": "a global declaration",
    "Nonlocal": "a nonlocal declaration",
    "AugAssign": "an augmented assignment",
    "AnnAssign": "an annotated assignment",
    "Assign": "an assignment",
    "Expr": "an expression statement",
    "Delete": "a del statement",
    "Pass": "a pass statement",
    "Raise": "a raise statement",
    "Assert": "an assert statement",
    "Return": "a return",
}


def words(node: ast.AST) -> str:
    """Return what a refusal calls *node*: ``a loop``, ``an attribute``; a kind of node Python adds is named by its class."""
    name = type(node).__name__
    return _WORDS.get(name, f"{name} syntax")


def unread(node: ast.expr, shadowed: Mapping[str, str]) -> tuple[RefusalCode, str]:
    """Return the code and the rule of the refusal of *node*, an expression the reader does not read.

    *shadowed* says, of each name of :data:`CALLS` that the program binds,
    why a call of it is no call of Python's own function.
    """
    if type(node) is ast.UnaryOp or type(node) is ast.BinOp:
        shown: str | None = _OUTSIDE[type(node.op)]
    else:
        shown = _NOT_ARITHMETIC.get(type(node).__name__)
    if shown is not None:
        return (
            "not_arithmetic",
            f"{shown} is outside the arithmetic profile: {_PROFILE}",
        )
    if type(node) is ast.Call:
        return "unsupported_syntax", call_rule(node, shadowed)
    return "unsupported_syntax", f"{words(node)} is not read: {EXPRESSION}"


def augmented_rule(operator: ast.operator) -> str:
    """Say why an augmented assignment with *operator*, one outside the arithmetic profile, is not read."""
    shown = _OUTSIDE[type(operator)]
    return (
        f"an augmented assignment with {shown[:-1]}=' is not read: {shown} is"
        " outside the arithmetic profile, and a name is augmented only with"
        f" {', '.join(_AUGMENTED[:-1])} or {_AUGMENTED[-1]}"
    )


def imports_math(node: ast.stmt) -> bool:
    """Tell whether *node* is ``import math``, the one import a program's reader reads."""
    return (
        type(node) is ast.Import
        and len(node.names) == 1
        and node.names[0].name == "math"
        and node.names[0].asname is None
    )


def import_rule(node: ast.stmt, where: str) -> str | None:
    """Say why the import *node* (*where*: ``in the function``, ``outside the function``) is not read; ``None`` if *node* is no import."""
    if not isinstance(node, (ast.Import, ast.ImportFrom)):
        return None
    return (
        f"{words(node)} {where} is not read: the one import read is import math,"
        " for math.floor() and math.ceil()"
    )


def constant_rule(what: str) -> str:
    """Say why a program that binds :data:`CONSTANT` (*what*: ``it assigns``, ``the function is named``) is not Python."""
    return (
        f"is not Python: {what} {CONSTANT}, which Python's compiler refuses to"
        " bind, a constant"
    )


def shadowing(
    function: str, local: set[str], outside: set[str], *, math: bool
) -> dict[str, str]:
    """Return why a call of each name of :data:`CALLS` that a program binds would not call Python's own function, nor ``math.NAME()`` :mod:`math`'s.

    As Python looks a name up: the function's own names (*local*) first,
    then the module's (the *function*'s name, and what its other
    statements bind, *outside*), then the builtins. ``math`` is
    :mod:`math` where ``import math`` (*math*) alone binds it.
    """
    shadowed: dict[str, str] = {}
    if not math:
        shadowed["math"] = "the program does not import math"
    elif "math" in local | outside | {function}:
        shadowed["math"] = "the program binds 'math' otherwise"
    for name in sorted(CALLS & (local | outside | {function})):
        if name in local:
            why = f"the program assigns {name!r}, so {name}() would call its value"
        elif name == function:
            why = f"the function is named {name!r}, so {name}() would call the function itself"
        else:
            why = (
                f"the program binds {name!r} outside the function, so {name}()"
                " would call what it binds there"
            )
        shadowed[name] = why
    return shadowed


def call_rule(node: ast.Call, shadowed: Mapping[str, str]) -> str:
    """Say why the call *node* is not read."""
    function = node.func
    if type(function) is ast.Attribute and _math(function):
        if function.attr not in MATH:
            return f"a call of math.{function.attr} is not read: {_CALLS}"
        unread = shadowed.get("math", "the program does not import math")
        return f"a call of math.{function.attr} is not read: {unread}: {_CALLS}"
    if type(function) is not ast.Name:
        return f"a call of {words(function)} is not read: {_CALLS}"
    name = function.id
    if name not in CALLS:
        return f"a call of {short_repr(name)} is not read: {_CALLS}"
    why = shadowed.get(name)
    if why is not None:
        return f"a call of {name!r} is not read: {why}, not Python's {name}()"
    return f"{name}() of these arguments is not read: {_CALLS}"


def _math(function: ast.Attribute) -> bool:
    return type(function.value) is ast.Name and function.value.id == "math"
