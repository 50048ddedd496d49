"""The tree of an arithmetic expression: numbers, symbols, negations and binary operations.

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

from binding_graph._checks import check_identifier, check_member
from binding_graph.errors import BindingGraphError, refuse, refuse_type

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = [
    "MAX_BITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "NODES",
    "BinaryOperation",
    "Comparison",
    "Expression",
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

MAX_DIGITS: Final = 300
"""The most digits one ``NUMBER`` may have."""

_BEYOND_DIGITS: Final = 10**MAX_DIGITS

MAX_BITS: Final = 4096
"""The most bits a computed value's numerator or denominator may take (about 1,233 digits)."""

Operator = Literal["+", "-", "*", "/"]
"""A binary operator of the profile."""

Comparison = Literal["<", "<=", ">", ">=", "==", "!="]
"""A comparison of the profile."""

OPERATORS: Final[frozenset[str]] = frozenset(get_args(Operator))
COMPARISONS: Final[frozenset[str]] = frozenset(get_args(Comparison))
# A leaf or a negation binds tighter than any operator.
PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2}
"""How tightly each binary operator binds: ``*`` and ``/`` above ``+`` and ``-``."""
_TIGHTEST: Final = 3


def _places(value: Fraction) -> int | None:
    """Return how many decimal places spell *value*, or ``None`` if no ``NUMBER`` does (negative, or not terminating)."""
    if value < 0:
        return None
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def within_digits(number: int) -> bool:
    """Tell whether the whole number *number* is spelled in at most :data:`~binding_graph.arithmetic.MAX_DIGITS` digits.

    Compared, never spelled: past the host's own limit on digits (never
    below 640), spelling an ``int`` raises ``ValueError``.
    """
    return -_BEYOND_DIGITS < number < _BEYOND_DIGITS


def _within_digits(value: Fraction, places: int) -> bool:
    """Tell whether the spelling of *value*, with *places* decimal places, has at most :data:`MAX_DIGITS` digits."""
    # A value below 1 is spelled with a whole part of one digit, "0".
    if places and places >= MAX_DIGITS:
        return False
    return within_digits(value.numerator * 10**places // value.denominator)


def _number_value(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Fraction:
        refuse_type("Number", attribute.name, "a Fraction", value, (attribute.name,))
    places = _places(value)
    if places is None:
        rule = (
            "must be what a NUMBER spells: not negative, with a terminating"
            " decimal expansion"
        )
        refuse("not_arithmetic", "Number", "value", rule, value, ("value",))
    if not _within_digits(value, places):
        # What the parser would refuse of its spelling.
        rule = f"must be spelled in at most {MAX_DIGITS} digits"
        refuse("limit_exceeded", "Number", "value", rule, value, ("value",))


def _symbol_id(_: object, __: attrs.Attribute[Any], value: object) -> None:
    check_identifier(value, "Symbol", "symbol_id", ("symbol_id",))


def _node(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) not in NODES:
        owner = type(instance).__name__
        expected = "a Number, Symbol, Negation or BinaryOperation"
        refuse_type(owner, attribute.name, expected, value, (attribute.name,))


def _member(
    vocabulary: frozenset[str],
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        owner, name = type(instance).__name__, attribute.name
        check_member(value, vocabulary, owner, name, (name,))

    return check


def too_large(value: Fraction) -> bool:
    """Tell whether *value*'s numerator or denominator takes more than :data:`~binding_graph.arithmetic.MAX_BITS` bits."""
    return (
        value.numerator.bit_length() > MAX_BITS
        or value.denominator.bit_length() > MAX_BITS
    )


def _nest(node: Negation | BinaryOperation, *children: Expression) -> None:
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


Expression: TypeAlias = Number | Symbol | Negation | BinaryOperation
"""Any node of a tree: the tree of an expression is its root."""

NODES: Final = frozenset({Number, Symbol, Negation, BinaryOperation})
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


def decimal(value: Fraction) -> str:
    """Spell a number that a ``NUMBER`` spells: no leading or trailing zeros."""
    denominator, places = value.denominator, 0
    while denominator != 1:
        # Each step takes a factor 2 or 5 out: a terminating decimal has no other.
        factor = 2 if denominator % 2 == 0 else 5
        denominator //= factor
        places += 1
    digits = str(value.numerator * 10**places // value.denominator)
    if not places:
        return digits
    whole, fraction = digits[:-places] or "0", digits[-places:].zfill(places)
    return f"{whole.lstrip('0') or '0'}.{fraction.rstrip('0')}"


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
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            stack.append((operation.right, False))
            stack.append((operation.left, False))


def _binding(node: Expression) -> int:
    return PRECEDENCE[node.operator] if type(node) is BinaryOperation else _TIGHTEST


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
            if type(node.operand) is BinaryOperation:
                operand = f"({operand})"
            spelled.append(f"-{operand}")
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            right, left = spelled.pop(), spelled.pop()
            binding = PRECEDENCE[operation.operator]
            if _binding(operation.left) < binding:
                left = f"({left})"
            if _binding(operation.right) <= binding:
                right = f"({right})"
            spelled.append(f"{left} {operation.operator} {right}")
    return spelled[0]


def symbols(root: Expression) -> frozenset[str]:
    """Return the ids of the symbols *root* mentions."""
    return frozenset(node.symbol_id for node in postorder(root) if type(node) is Symbol)


class Undefined(Exception):  # noqa: N818 -- a signal between two modules, never raised out
    """A symbol without a value, or a division by zero, met in :func:`value`."""

    def __init__(self, node: Expression) -> None:
        super().__init__(node)
        self.node = node


def value(root: Expression, values: dict[str, Fraction]) -> Fraction:
    """Return the exact value of *root* given the values of its symbols.

    Raises:
        Undefined: for a symbol not in *values* (its :class:`~binding_graph.arithmetic.Symbol`), or a
            division by zero (the :class:`~binding_graph.arithmetic.BinaryOperation`).
        BindingGraphError: ``limit_exceeded`` for a value above
            :data:`~binding_graph.arithmetic.MAX_BITS`.
    """
    stack: list[Fraction] = []
    for node in postorder(root):
        if type(node) is Number:
            stack.append(node.value)
        elif type(node) is Symbol:
            found = values.get(node.symbol_id)
            if found is None:
                raise Undefined(node)
            stack.append(found)
        elif type(node) is Negation:
            stack.append(-stack.pop())
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            right, left = stack.pop(), stack.pop()
            result = _apply(operation, left, right)
            if too_large(result):
                raise BindingGraphError(
                    "limit_exceeded",
                    "a value of an arithmetic expression may take at most"
                    f" {MAX_BITS} bits in its numerator and its denominator",
                )
            stack.append(result)
    return stack[0]


def _apply(operation: BinaryOperation, left: Fraction, right: Fraction) -> Fraction:
    operator = operation.operator
    if operator == "+":
        return left + right
    if operator == "-":
        return left - right
    if operator == "*":
        return left * right
    if not right:
        raise Undefined(operation)
    return left / right
