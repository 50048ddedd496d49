"""A draft's values, one at a time: each key's check, and what it reads a value as.

Each check takes the value as a reader hands it over (a ``str``, an
``int``, ``None``, or a :class:`~binding_graph.drafts._checks.format.Shape` or a
:class:`~binding_graph.drafts._checks.format.JsonNumber` in place of what it could
not take) and the path it sits at, and returns what it reads, or raises the
value's refusal. Values are taken by their exact class, never by what they
say they are.
"""

from __future__ import annotations

import re
from fractions import Fraction
from keyword import iskeyword
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from binding_graph._checks import (
    MAX_OFFSET,
    check_identifier,
    check_member,
    check_text,
)
from binding_graph._show import short_repr
from binding_graph.arithmetic import (
    BinaryOperation,
    Call,
    Negation,
    Symbol,
    operation_kind,
    parse_expression,
    parse_number,
    parse_predicate,
)
from binding_graph.drafts._checks.format import DRAFT_VERSION, JsonNumber, Shape
from binding_graph.errors import BindingGraphError, refuse, render_path, type_refusal
from binding_graph.expressions import (
    MAX_DIGITS,
    decimal,
    quick_spelling,
    too_many_digits,
)
from binding_graph.units import Unit, parse_unit
from binding_graph.vocabularies import SEMANTIC_ROLES

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.arithmetic import Expression
    from binding_graph.errors import ErrorPath

__all__ = ["CHECKS", "Number", "Read", "UnitText", "named", "owner", "wrong_type"]

OWNER: Final = "Draft"


def owner(path: ErrorPath) -> str:
    """Return how a message names the value at *path*: ``Draft.quantities[0].quote``."""
    return f"{OWNER}.{render_path(path)}" if path else OWNER


def wrong_type(path: ErrorPath, expected: str, value: object) -> BindingGraphError:
    """Return the ``wrong_type`` refusal of *value* at *path*, where *expected* belongs."""
    if type(value) is Shape:
        return BindingGraphError(
            "wrong_type", f"{owner(path)} must be {expected}, not {value.name}", path
        )
    if type(value) is JsonNumber:
        return BindingGraphError(
            "wrong_type",
            f"{owner(path)} must be {expected}, not a JSON number with a fraction"
            f" or an exponent, or beyond 2**53 - 1 (got {short_repr(value)})",
            path,
        )
    # Its words, and how to convert a subclass, as every refusal of a type says them.
    made = type_refusal(OWNER, "x", expected, value, path)
    return BindingGraphError(
        "wrong_type", owner(path) + made.message[len("Draft.x") :], path
    )


def _plain(value: object, path: ErrorPath, expected: str) -> None:
    """Refuse what a reader could not take (an object, an array, a JSON number that no int is)."""
    cls = type(value)
    if cls is Shape or cls is JsonNumber:
        raise wrong_type(path, expected, value)


def _text(value: object, path: ErrorPath) -> str:
    # The common text first: what it passes, the full check passes too.
    if type(value) is str and value.isascii() and not value.isspace() and value:
        return value
    _plain(value, path, "a str")
    return check_text(value, OWNER, render_path(path), path)


def _optional_text(value: object, path: ErrorPath) -> str | None:
    return None if value is None else _text(value, path)


def _name(value: object, path: ErrorPath) -> str:
    # An ASCII identifier that is no keyword is NFKC-normal: the full check passes it.
    if (
        type(value) is str
        and value.isascii()
        and value.isidentifier()
        and not iskeyword(value)
    ):
        return value
    _plain(value, path, "a str")
    return check_identifier(value, OWNER, render_path(path), path)


def _occurrence(value: object, path: ErrorPath) -> int:
    if type(value) is not int:
        raise wrong_type(path, "an int", value)
    if value < 0:
        refuse(
            "invalid_span",
            OWNER,
            render_path(path),
            "must be at least 0: the first occurrence is 0",
            value,
            path,
        )
    return value


def _offset(value: object, path: ErrorPath) -> int:
    if type(value) is not int:
        raise wrong_type(path, "an int", value)
    if not 0 <= value <= MAX_OFFSET:
        rule = "must lie within 0 and 2**53 - 1"
        refuse("invalid_span", OWNER, render_path(path), rule, value, path)
    return value


def _role(value: object, path: ErrorPath) -> str:
    _plain(value, path, "a str")
    return check_member(value, SEMANTIC_ROLES, OWNER, render_path(path), path)


def _version(value: object, path: ErrorPath) -> int:
    if type(value) is not int:
        raise wrong_type(path, "an int", value)
    if value != DRAFT_VERSION:
        raise BindingGraphError(
            "unsupported_version",
            f"{owner(path)} must be {DRAFT_VERSION}, the one version of drafts"
            f" this library reads (got {short_repr(value)})",
            path,
        )
    return value


def _reworded(error: BindingGraphError, path: ErrorPath) -> BindingGraphError:
    """Return *error*, a refusal of "the text" by another wing, as the refusal of the value at *path*."""
    return BindingGraphError(
        error.code, owner(path) + error.message.removeprefix("the text"), path
    )


class Number(NamedTuple):
    """A value: as the fact will spell it, and what it is."""

    text: str
    value: Fraction


_VALUE: Final = 'a JSON number, or a str that parse_number reads, such as "3/4"'
_JSON_NUMBER: Final = re.compile(r"(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?)([0-9]+))?")
# Past this exponent, no number of MAX_DIGITS digits is written out in MAX_DIGITS.
_MAX_EXPONENT: Final = 2 * MAX_DIGITS


def _spelled(value: Fraction) -> str:
    """Return how a fact spells *value*, a decimal: as the profile's ``NUMBER``, after a ``-`` if negative."""
    return "-" + decimal(-value) if value < 0 else decimal(value)


def _json_number(number: JsonNumber, path: ErrorPath) -> Number:
    """Return the value a JSON number's digits spell, exactly: ``2.50`` is 5/2, ``1e3`` is 1000.

    Raises:
        BindingGraphError: ``wrong_type`` for a ``float`` of a parsed tree;
            ``limit_exceeded`` for a number that takes more than
            :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, as written or
            written out.
    """
    if not number.written:
        raise BindingGraphError(
            "wrong_type",
            f"{owner(path)} must be {_VALUE}, not a float, whose digits are not"
            " the ones written: hand over the draft's text, or a tree that"
            " json.loads read with parse_float=decimal.Decimal"
            f" (got {short_repr(number)})",
            path,
        )
    lexeme = number.lexeme
    found = _JSON_NUMBER.fullmatch(lexeme)
    # Else an int a tree holds, too wide to be shown in digits.
    if found is None or len(found[2]) + len(found[3] or "") > MAX_DIGITS:
        raise too_many_digits(lexeme, path, owner(path))
    sign, whole, fraction, minus, exponent = found.groups("")
    digits = int(whole + fraction)
    if not digits:
        return Number("0", Fraction(0))  # whatever its exponent
    shift = exponent.lstrip("0") or "0"
    if len(shift) > len(str(_MAX_EXPONENT)):
        raise too_many_digits(lexeme, path, owner(path))
    places = len(fraction) + (int(shift) if minus == "-" else -int(shift))
    if abs(places) > _MAX_EXPONENT:
        raise too_many_digits(lexeme, path, owner(path))
    value = (
        Fraction(digits, 10**places) if places > 0 else Fraction(digits * 10**-places)
    )
    if sign:
        value = -value
    text = _spelled(value)
    if len(text) - len(sign) - text.count(".") > MAX_DIGITS:
        raise too_many_digits(lexeme, path, owner(path))
    return Number(text, value)


def _value(value: object, path: ErrorPath) -> Number:
    if type(value) is int:
        # A reader hands over only ints within 2**53 - 1 of 0.
        return Number(str(value), Fraction(value))
    if type(value) is JsonNumber:
        return _json_number(value, path)
    if type(value) is not str:
        raise wrong_type(path, _VALUE, value)
    text = _text(value, path)
    try:
        return Number(text, parse_number(text))
    except BindingGraphError as error:
        raise _reworded(error, path) from None


class UnitText(NamedTuple):
    """A unit: its text, as the graph keeps it, and what the units wing reads it as."""

    text: str
    unit: Unit


def _unit(value: object, path: ErrorPath) -> UnitText | None:
    if value is None:
        return None
    text = _text(value, path)
    try:
        return UnitText(text, parse_unit(text))
    except BindingGraphError as error:
        raise _reworded(error, path) from None


def named(tree: Expression) -> list[str]:
    """Return the names *tree* mentions, each once, in the order they are written."""
    names: dict[str, None] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        if type(node) is Symbol:
            names[node.symbol_id] = None
        elif type(node) is Negation:
            stack.append(node.operand)
        elif type(node) is BinaryOperation:
            stack += (node.right, node.left)
        elif type(node) is Call:
            stack += reversed(node.arguments)
    return list(names)


class Read(NamedTuple):
    """An expression or a predicate, read: its canonical spelling, the names it uses in order, its operation, and its tree if it was made."""

    canonical: str
    names: list[str]
    operation: str
    tree: Expression | None = None


def _expression(value: object, path: ErrorPath) -> Read:
    text = _text(value, path)
    # The common text at once, without a tree: the units read one if they need it.
    quick = quick_spelling(text)
    if quick is not None:
        return Read(*quick)
    try:
        tree = parse_expression(text)
    except BindingGraphError as error:
        raise _reworded(error, path) from None
    return Read(str(tree), named(tree), operation_kind(tree), tree)


def _predicate(value: object, path: ErrorPath) -> Read:
    text = _text(value, path)
    try:
        predicate = parse_predicate(text)
    except BindingGraphError as error:
        raise _reworded(error, path) from None
    # Each name once, the left side's first: one dict, not a search of a list a name.
    names = list(dict.fromkeys([*named(predicate.left), *named(predicate.right)]))
    return Read(str(predicate), names, predicate.comparison)


def _nullable(check: Callable[[object, ErrorPath], Any]) -> Callable[..., Any]:
    def checked(value: object, path: ErrorPath) -> object:
        return None if value is None else check(value, path)

    return checked


# What each key holds, read; null is absent, and the reader says what must not be.
_COMMON: Final[dict[str, Callable[[object, ErrorPath], Any]]] = {
    "name": _nullable(_name),
    "quote": _nullable(_text),
    "occurrence": _nullable(_occurrence),
    "unit": _unit,
    "label": _optional_text,
    "role": _nullable(_role),
    "entity": _optional_text,
    "introduced_by": _optional_text,
    "symbol_start": _nullable(_offset),
    "symbol_end": _nullable(_offset),
}

CHECKS: Final[dict[str, dict[str, Callable[[object, ErrorPath], Any]]]] = {
    "quantities": {**_COMMON, "value": _nullable(_value)},
    "steps": {
        **_COMMON,
        "expression": _nullable(_expression),
        "operation": _optional_text,
        "unit_proof": _optional_text,
    },
    "question": _COMMON,
    "constraints": {**_COMMON, "predicate": _nullable(_predicate)},
    "": {"version": _nullable(_version)},
}
"""Each kind's check of each of its keys, ``""`` for the draft's own scalar keys."""
