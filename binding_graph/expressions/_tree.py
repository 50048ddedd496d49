"""The tree of an arithmetic expression: numbers, symbols, negations, binary operations and calls.

Each node is a frozen attrs class, checked at construction like the model's
classes, so that a tree built by hand holds what a parsed one can: numbers
that a ``NUMBER`` spells, symbol ids the model accepts, and no more than
:data:`MAX_DEPTH` levels. Every walk over a tree (its spelling, its symbols,
its value) is a loop with a stack of its own, never a recursion.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, get_args

import attrs

from binding_graph._checks import check_identifier, check_member, is_tuple
from binding_graph.errors import BindingGraphError, refuse, refuse_type
from binding_graph.expressions._digits import (
    MAX_BITS,
    MAX_DIGITS,
    MAX_EXPONENT,
    decimal,
    places,
    within_digits,
    within_places,
)

if TYPE_CHECKING:
    from binding_graph.errors import RefusalCode

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = [
    "FUNCTIONS",
    "MAX_BITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "NODES",
    "BinaryOperation",
    "Call",
    "Comparison",
    "Expression",
    "Function",
    "Negation",
    "Number",
    "Operator",
    "Predicate",
    "Symbol",
    "within_digits",
]

MAX_DEPTH: Final = 200
"""The deepest a tree may be: each operator nests its operands one level deeper.

So are parentheses: a text nested more than this many parentheses deep is
refused too, before any tree is built.
"""

Operator = Literal["+", "-", "*", "/", "//", "%", "**"]
"""A binary operator of the profile."""

Function = Literal["abs", "min", "max", "round", "floor", "ceil"]
"""A function of the profile, called by its name: ``abs(x)``, ``min(a, b)``, ``round(x, 2)``."""

Comparison = Literal["<", "<=", ">", ">=", "==", "!="]
"""A comparison of the profile."""

OPERATORS: Final[frozenset[str]] = frozenset(get_args(Operator))
COMPARISONS: Final[frozenset[str]] = frozenset(get_args(Comparison))
FUNCTIONS: Final[frozenset[str]] = frozenset(get_args(Function))
"""The names of the profile's functions: what a :class:`Call` calls."""
PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "**": 4}
"""How tightly each binary operator binds, as in Python.

``*``, ``/``, ``//`` and ``%`` above ``+`` and ``-``; a unary minus
(:data:`NEGATION`) above them; ``**`` above a unary minus on its left
(``-x ** 2`` is ``-(x ** 2)``), and it alone groups to the right.
"""
NEGATION: Final = 3
"""How tightly a unary minus binds: between ``*`` and ``**``."""
# A leaf or a call binds tighter than any operator.
_TIGHTEST: Final = 5
# How many arguments each function takes: the fewest, and the most (None: any).
_ARITY: Final = {
    "abs": (1, 1),
    "floor": (1, 1),
    "ceil": (1, 1),
    "round": (1, 2),
    "min": (2, None),
    "max": (2, None),
}


def _number_value(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Fraction:
        refuse_type("Number", attribute.name, "a Fraction", value, (attribute.name,))
    spelled_places = places(value)
    if spelled_places is None:
        rule = (
            "must be what a NUMBER spells: not negative, with a terminating"
            " decimal expansion"
        )
        refuse("not_arithmetic", "Number", "value", rule, value, ("value",))
    if not within_places(value, spelled_places):
        # What the parser would refuse of its spelling.
        rule = f"must be spelled in at most {MAX_DIGITS} digits"
        refuse("limit_exceeded", "Number", "value", rule, value, ("value",))


def _symbol_id(_: object, __: attrs.Attribute[Any], value: object) -> None:
    check_identifier(value, "Symbol", "symbol_id", ("symbol_id",))


_EXPECTED_NODE: Final = "a Number, Symbol, Negation, BinaryOperation or Call"


def _node(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) not in NODES:
        owner = type(instance).__name__
        refuse_type(owner, attribute.name, _EXPECTED_NODE, value, (attribute.name,))


def whole(node: Expression) -> int | None:
    """Return the whole number *node* writes, a ``NUMBER`` or its negation, or ``None`` for any other node.

    What the places of ``round(x, n)`` must be, and an exponent of ``**``
    must be for its base to have a unit.
    """
    negated = type(node) is Negation
    if negated:
        node = node.operand  # type: ignore[union-attr]
    if type(node) is not Number or node.value.denominator != 1:
        return None
    return -node.value.numerator if negated else node.value.numerator


def whole_fault(node: Expression, what: str) -> tuple[RefusalCode, str] | None:
    """Tell what is wrong with *node* as *what* (``the places of round()``): ``None``, or its refusal's code and rule."""
    number = whole(node)
    if number is None:
        return (
            "not_arithmetic",
            f"{what} must be a whole number, optionally negated, such as 2 or -1",
        )
    if abs(number) > MAX_EXPONENT:
        return ("limit_exceeded", f"{what} may be at most {MAX_EXPONENT} in magnitude")
    return None


def arity_fault(function: str, count: int) -> str | None:
    """Tell what is wrong with calling *function* with *count* arguments: ``None``, or the rule."""
    fewest, most = _ARITY[function]
    if fewest <= count and (most is None or count <= most):
        return None
    if most is None:
        return f"{function}() takes at least two arguments"
    if fewest == most:
        return f"{function}() takes exactly one argument"
    return f"{function}() takes one or two arguments"


def _member(
    vocabulary: frozenset[str],
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        owner, name = type(instance).__name__, attribute.name
        check_member(value, vocabulary, owner, name, (name,))

    return check


def _nest(node: Negation | BinaryOperation | Call, *children: Expression) -> None:
    # Frozen: the depth is set once, before anyone else can see the node.
    depth = 1 + max(child.depth for child in children)
    if depth > MAX_DEPTH:
        raise BindingGraphError(
            "limit_exceeded",
            f"an arithmetic expression may nest at most {MAX_DEPTH} levels deep",
        )
    object.__setattr__(node, "depth", depth)


@attrs.frozen(weakref_slot=False)
class Number:
    """A number: what a ``NUMBER`` spells, exactly.

    Args:
        value: A :class:`~fractions.Fraction`, not negative, whose decimal
            expansion terminates (``-3`` is a :class:`Negation` of ``3``).

    >>> from fractions import Fraction
    >>> from binding_graph.arithmetic import Number
    >>> str(Number(Fraction(15, 2)))
    '7.5'

    .. versionadded:: 0.1.0
    """

    value: Fraction = attrs.field(validator=_number_value)
    depth: int = attrs.field(default=0, init=False, eq=False, repr=False)
    """How deeply the node nests, 0 for a leaf; not part of its value."""

    def __str__(self) -> str:
        return spell(self)


@attrs.frozen(weakref_slot=False)
class Symbol:
    """A symbol, by its id: an identifier the model accepts, compared exactly.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_symbol_id)
    depth: int = attrs.field(default=0, init=False, eq=False, repr=False)
    """How deeply the node nests, 0 for a leaf; not part of its value."""

    def __str__(self) -> str:
        return spell(self)


@attrs.frozen(weakref_slot=False)
class Negation:
    """The negation of an expression: ``-operand``.

    .. versionadded:: 0.1.0
    """

    operand: Expression = attrs.field(validator=_node)
    depth: int = attrs.field(init=False, eq=False, repr=False)
    """How deeply the node nests, one more than its operand; not part of its value."""

    def __attrs_post_init__(self) -> None:
        _nest(self, self.operand)

    def __str__(self) -> str:
        return spell(self)


@attrs.frozen(weakref_slot=False)
class BinaryOperation:
    """A binary operation: ``left operator right``.

    .. versionadded:: 0.1.0
    """

    operator: Operator = attrs.field(validator=_member(OPERATORS))
    left: Expression = attrs.field(validator=_node)
    right: Expression = attrs.field(validator=_node)
    depth: int = attrs.field(init=False, eq=False, repr=False)
    """How deeply the node nests, one more than its deeper operand; not part of its value."""

    def __attrs_post_init__(self) -> None:
        _nest(self, self.left, self.right)

    def __str__(self) -> str:
        return spell(self)


def _arguments(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if not is_tuple(value):
        refuse_type("Call", "arguments", "a tuple", value, ("arguments",))
    for index, argument in enumerate(value):
        if type(argument) not in NODES:
            path = ("arguments", index)
            refuse_type("Call", "arguments", _EXPECTED_NODE, argument, path)


@attrs.frozen(weakref_slot=False)
class Call:
    """A call of one of the profile's functions, by its name: ``function(arguments)``.

    ``abs``, ``floor`` and ``ceil`` take one argument; ``min`` and ``max``
    two or more; ``round`` one, or two of which the second, its places, is
    a whole number (a ``NUMBER`` or its negation).

    >>> from fractions import Fraction
    >>> from binding_graph.arithmetic import Call, Number, Symbol
    >>> str(Call("round", (Symbol("x"), Number(Fraction(2)))))
    'round(x, 2)'

    .. versionadded:: 0.1.0
    """

    function: Function = attrs.field(validator=_member(FUNCTIONS))
    arguments: tuple[Expression, ...] = attrs.field(validator=_arguments)
    depth: int = attrs.field(init=False, eq=False, repr=False)
    """How deeply the node nests, one more than its deepest argument; not part of its value."""

    def __attrs_post_init__(self) -> None:
        rule = arity_fault(self.function, len(self.arguments))
        if rule is not None:
            refuse(
                "not_arithmetic",
                "Call",
                "arguments",
                rule,
                self.arguments,
                ("arguments",),
            )
        if self.function == "round" and len(self.arguments) > 1:
            fault = whole_fault(self.arguments[1], "the places of round()")
            if fault is not None:
                code, rule = fault
                path = ("arguments", 1)
                refuse(code, "Call", "arguments", rule, self.arguments[1], path)
        _nest(self, *self.arguments)

    def __str__(self) -> str:
        return spell(self)


Expression: TypeAlias = Number | Symbol | Negation | BinaryOperation | Call
"""Any node of a tree: the tree of an expression is its root."""

NODES: Final = frozenset({Number, Symbol, Negation, BinaryOperation, Call})
"""The classes of a tree's nodes: what an :data:`Expression` is, exactly."""


@attrs.frozen(weakref_slot=False)
class Predicate:
    """A predicate: ``left comparison right``.

    .. versionadded:: 0.1.0
    """

    left: Expression = attrs.field(validator=_node)
    comparison: Comparison = attrs.field(validator=_member(COMPARISONS))
    right: Expression = attrs.field(validator=_node)

    def __str__(self) -> str:
        return f"{spell(self.left)} {self.comparison} {spell(self.right)}"


def postorder(root: Expression) -> Iterator[Expression]:
    """Yield every node of *root*, children before their parent, left before right."""
    stack: list[tuple[Expression, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded or type(node) is Number or type(node) is Symbol:
            yield node
            continue
        stack.append((node, True))
        if type(node) is Negation:
            stack.append((node.operand, False))
        elif type(node) is Call:
            stack.extend((argument, False) for argument in reversed(node.arguments))
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            stack.append((operation.right, False))
            stack.append((operation.left, False))


def _binding(node: Expression) -> int:
    if type(node) is BinaryOperation:
        return PRECEDENCE[node.operator]
    return NEGATION if type(node) is Negation else _TIGHTEST


def spell(root: Expression) -> str:
    """Return the canonical spelling of *root*."""
    spelled: list[str] = []
    for node in postorder(root):
        if type(node) is Number:
            spelled.append(decimal(node.value))
        elif type(node) is Symbol:
            spelled.append(node.symbol_id)
        elif type(node) is Negation:
            operand = spelled.pop()
            if _binding(node.operand) < NEGATION:
                operand = f"({operand})"
            spelled.append(f"-{operand}")
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = ", ".join(spelled[-count:])
            del spelled[-count:]
            spelled.append(f"{node.function}({arguments})")
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            right, left = spelled.pop(), spelled.pop()
            binding = PRECEDENCE[operation.operator]
            # "**" groups to the right, and Python reads a negation as its
            # exponent without parentheses: 2 ** -x ** 2.
            power = operation.operator == "**"
            if _binding(operation.left) < binding + power:
                left = f"({left})"
            if _binding(operation.right) < (NEGATION if power else binding + 1):
                right = f"({right})"
            spelled.append(f"{left} {operation.operator} {right}")
    return spelled[0]


def symbols(root: Expression) -> frozenset[str]:
    """Return the ids of the symbols *root* mentions."""
    return frozenset(node.symbol_id for node in postorder(root) if type(node) is Symbol)
