"""The algebra of units: dimensions as integer exponents over base dimensions, units as exact scales.

A :class:`Dimension` is a product of base dimensions raised to non-zero
integer powers, kept sorted so that equal dimensions are equal values. A
:class:`Unit` is a scale (exact, relative to the coherent unit of its
dimension) and a dimension, and remembers the names it was spelled with, so
that ``kilometer/hour`` reads back as it was written rather than as
``5/18 * meter/second``. Two units are equal when their scales, dimensions
and offsets are; the spelling takes no part in equality.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NoReturn

import attrs

from binding_graph._checks import is_str, is_tuple
from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError, refuse, refuse_type
from binding_graph.expressions import (
    MAX_BITS,
    MAX_DIGITS,
    too_large,
    within_digits,
)
from binding_graph.units._undefined import refusing as _refusing

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["COHERENT", "Dimension", "Unit"]

BASES: Final = frozenset(
    {"[length]", "[mass]", "[time]", "[temperature]", "[money]"}
    | {"[EUR]", "[GBP]", "[JPY]", "[INR]"}
)
"""The base dimensions in brackets: the physical ones, the dollar's, and each other currency's."""
MAX_POWER: Final = 99
"""The largest power, in magnitude, of a base or a name in any unit: two digits, as a text writes it."""
_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_INSIDE_WORDS: Final = frozenset("-'\u2019")  # a hyphen, or an apostrophe


def word_end(text: str, start: int) -> int:
    """Return where the word of letters that starts at *start* ends.

    Letters of any script; a hyphen or an apostrophe only between letters.
    """
    index, length = start, len(text)
    while index < length:
        char = text[index]
        if char.isalpha() or (
            char in _INSIDE_WORDS
            and index > start
            and index + 1 < length
            and text[index + 1].isalpha()
        ):
            index += 1
        else:
            break
    return index


def is_phrase(text: str) -> bool:
    """Tell whether *text* is words of letters joined by single spaces: a count noun's name."""
    return all(word and word_end(word, 0) == len(word) for word in text.split(" "))


def _base(name: str) -> bool:
    """Tell whether *name* names a base: ``[length]``, ``[EUR]``, or a count noun."""
    return name in BASES or is_phrase(name)


def _named(name: str) -> bool:
    """Tell whether a unit may be spelled with *name*: a phrase or a number."""
    return bool(_NUMBER.fullmatch(name)) or is_phrase(name)


COHERENT: Final = {
    "[length]": "meter",
    "[mass]": "kilogram",
    "[time]": "second",
    "[temperature]": "kelvin",
    "[money]": "dollar",
    "[EUR]": "EUR",
    "[GBP]": "GBP",
    "[JPY]": "JPY",
    "[INR]": "INR",
}
"""The spelling of the coherent unit of each base dimension in brackets."""

Exponents = tuple[tuple[str, int], ...]


def _combine(left: Exponents, right: Exponents, sign: int) -> Exponents:
    """Return the exponents of ``left * right**sign``, sorted, without zeros."""
    merged = dict(left)
    for name, exponent in right:
        merged[name] = merged.get(name, 0) + sign * exponent
    return tuple(sorted((name, power) for name, power in merged.items() if power))


def _raise(exponents: Exponents, power: int) -> Exponents:
    return (
        tuple((name, exponent * power) for name, exponent in exponents) if power else ()
    )


def spell(exponents: Exponents) -> str:
    """Spell a product of named factors: ``a*b/(c*d^2)``, ``1/c``, ``1`` for none."""
    above = [_power(name, power) for name, power in exponents if power > 0]
    below = [_power(name, -power) for name, power in exponents if power < 0]
    top = "*".join(above) or "1"
    if not below:
        return top
    bottom = below[0] if len(below) == 1 else f"({'*'.join(below)})"
    return f"{top}/{bottom}"


def _power(name: str, power: int) -> str:
    return name if power == 1 else f"{name}^{power}"


def _exponents(
    allowed: Callable[[str], bool],
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        owner, field = type(instance).__name__, attribute.name
        expected = "a tuple of (str, int) pairs"
        if not is_tuple(value):
            refuse_type(owner, field, expected, value, (field,))
        previous = None
        for index, pair in enumerate(value):
            if not (is_tuple(pair) and len(pair) == 2):  # noqa: PLR2004 -- a pair
                refuse_type(owner, field, expected, pair, (field, index))
            name, exponent = pair
            if not is_str(name) or type(exponent) is not int:
                refuse_type(owner, field, expected, pair, (field, index))
            if not allowed(name) or not exponent:
                rule = (
                    "must pair a base's name (such as '[length]' or 'apple')"
                    " with a non-zero exponent"
                )
                refuse("invalid_text", owner, field, rule, pair, (field, index))
            if previous is not None and name <= previous:
                rule = "must be sorted by name, each name once"
                refuse("invalid_text", owner, field, rule, pair, (field, index))
            previous = name

    return check


@_refusing
@attrs.frozen(weakref_slot=False)
class Dimension:
    """A dimension: the product of base dimensions raised to integer powers.

    The bases are ``[length]``, ``[mass]``, ``[time]``, ``[temperature]``,
    ``[money]`` (the dollar), a currency by its code (``[EUR]``), and every
    count noun by its singular (``apple``). Equal dimensions are equal
    values: the exponents are sorted by name, and none is zero.

    Args:
        exponents: ``(base, exponent)`` pairs, sorted by base, none zero;
            ``()`` (the default) is no dimension at all.

    Raises:
        BindingGraphError: ``wrong_type`` or ``invalid_text`` for exponents
            that are not as above.

    >>> from binding_graph.units import Dimension
    >>> speed = Dimension((("[length]", 1), ("[time]", -1)))
    >>> str(speed), str(speed * Dimension((("[time]", 1),)))
    ('[length]/[time]', '[length]')

    .. versionadded:: 0.1.0
    """

    exponents: Exponents = attrs.field(default=(), validator=_exponents(_base))

    def __mul__(self, other: Dimension) -> Dimension:
        _operand(other, Dimension, "*")
        return Dimension(_combine(self.exponents, other.exponents, 1))

    def __truediv__(self, other: Dimension) -> Dimension:
        _operand(other, Dimension, "/")
        return Dimension(_combine(self.exponents, other.exponents, -1))

    def __pow__(self, power: int) -> Dimension:
        _exponent(power)
        return Dimension(_raise(self.exponents, power))

    def __str__(self) -> str:
        return spell(self.exponents)


def _scale(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    field = attribute.name
    if type(value) is not Fraction:
        refuse_type("Unit", field, "a Fraction", value, (field,))
    if field == "scale" and value <= 0:
        refuse("unknown_unit", "Unit", field, "must be positive", value, (field,))
    if too_large(value):
        rule = f"must take at most {MAX_BITS} bits in its numerator and denominator"
        refuse("limit_exceeded", "Unit", field, rule, value, (field,))


def _dimension(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Dimension:
        refuse_type("Unit", "dimension", "a Dimension", value, ("dimension",))


@_refusing
@attrs.frozen(weakref_slot=False)
class Unit:
    """A unit: an exact scale of the coherent unit of its dimension.

    ``str(unit)`` is its canonical spelling: the names it was built from,
    each once with its power, in code-point order, numerator then
    denominator (``meter/second^2``, ``dollar/apple``, ``1/hour``). A unit
    built by hand, without names, is spelled by its scale and the coherent
    units of its dimension (``5*meter/(18*second)``).

    Args:
        scale: How many coherent units one of this unit is, exactly: a
            positive :class:`~fractions.Fraction`.
        dimension: Its :class:`Dimension`; none (the default) for a pure
            number, such as ``percent`` (scale 1/100) or ``dozen`` (12).
        offset: Where the unit's zero lies, in coherent units: non-zero only
            for degrees Celsius and Fahrenheit, which the algebra never
            adds, negates or multiplies.
        names: The names it is spelled with, ``(name, power)`` pairs sorted
            by name; not part of its value.

    Raises:
        BindingGraphError: ``wrong_type``, ``invalid_text`` or
            ``limit_exceeded`` for a field that is not as above.

    >>> from binding_graph.units import parse_unit
    >>> speed = parse_unit("km/h")
    >>> str(speed), speed.scale, str(speed.dimension)
    ('kilometer/hour', Fraction(5, 18), '[length]/[time]')
    >>> parse_unit("kilometers per hour") == speed
    True

    .. versionadded:: 0.1.0
    """

    scale: Fraction = attrs.field(validator=_scale)
    dimension: Dimension = attrs.field(factory=Dimension, validator=_dimension)
    offset: Fraction = attrs.field(factory=Fraction, validator=_scale, kw_only=True)
    names: Exponents = attrs.field(
        default=(), validator=_exponents(_named), eq=False, kw_only=True
    )
    # The spelling, once asked for: a cache, not a value.
    _spelling: list[str] = attrs.field(
        factory=list[str], init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        # Built by hand: spelled by its scale where no names are given, which
        # must then be numbers that a unit's text may hold, as Number's are.
        if not self.names and not (
            within_digits(self.scale.numerator)
            and within_digits(self.scale.denominator)
        ):
            rule = (
                f"must be spelled by numbers of at most {MAX_DIGITS} digits,"
                " or have names"
            )
            refuse("limit_exceeded", "Unit", "scale", rule, self.scale, ("scale",))

    def __mul__(self, other: Unit) -> Unit:
        _operand(other, Unit, "*")
        return self._combine(other, 1)

    def __truediv__(self, other: Unit) -> Unit:
        _operand(other, Unit, "/")
        return self._combine(other, -1)

    def __pow__(self, power: int) -> Unit:
        _exponent(power)
        self._no_offset(self, "raised to a power")
        scale = self.scale
        bits = max(scale.numerator.bit_length(), scale.denominator.bit_length())
        if (bits - 1) * abs(power) >= MAX_BITS:
            _too_large()  # at least that many bits: refused before it is computed
        return self._checked(
            self.scale**power,
            _dimension_of(_raise(self.dimension.exponents, power)),
            _raise(self.spelled(), power),
        )

    def __str__(self) -> str:
        if not self._spelling:
            self._spelling.append(spell(self.spelled()))
        return self._spelling[0]

    def spelled(self) -> Exponents:
        """Return the names the unit is spelled with: its own, or its scale's and its coherent units'."""
        if self.names or (self.scale == 1 and not self.dimension.exponents):
            return self.names
        names = [
            (COHERENT.get(base, base.strip("[]")), power)
            for base, power in self.dimension.exponents
        ]
        # The scale as whole factors, so that the spelling reads back.
        numerator, denominator = self.scale.numerator, self.scale.denominator
        names += [(str(n), p) for n, p in ((numerator, 1), (denominator, -1)) if n != 1]
        return tuple(sorted(names))

    def _combine(self, other: Unit, sign: int) -> Unit:
        self._no_offset(self, "multiplied or divided")
        self._no_offset(other, "multiplied or divided")
        scale = self.scale * other.scale if sign > 0 else self.scale / other.scale
        return self._checked(
            scale,
            _dimension_of(
                _combine(self.dimension.exponents, other.dimension.exponents, sign)
            ),
            _combine(self.spelled(), other.spelled(), sign),
        )

    @staticmethod
    def _no_offset(unit: Unit, what: str) -> None:
        if unit.offset:
            raise BindingGraphError(
                "unit_mismatch",
                f"{describe(unit)} has an offset (its zero is not zero kelvin),"
                f" so it cannot be {what}",
            )

    @staticmethod
    def _checked(scale: Fraction, dimension: Dimension, names: Exponents) -> Unit:
        if too_large(scale):
            _too_large()
        for _, power in (*dimension.exponents, *names):
            if abs(power) > MAX_POWER:
                raise BindingGraphError(
                    "limit_exceeded",
                    f"a unit may raise a base or a name to a power of at most"
                    f" {MAX_POWER}, in magnitude",
                )
        # What the algebra computes is sound by construction: sorted, no zero
        # power, a positive scale checked above. Only the scale's size is.
        unit: Unit = object.__new__(Unit)
        for field, value in (
            ("scale", scale),
            ("dimension", dimension),
            ("offset", _ZERO),
            ("names", names),
            ("_spelling", list[str]()),
        ):
            object.__setattr__(unit, field, value)
        return unit


_ZERO: Final = Fraction(0)


def _too_large() -> NoReturn:
    raise BindingGraphError(
        "limit_exceeded",
        f"a unit's scale may take at most {MAX_BITS} bits in its numerator and"
        " its denominator",
    )


def _operand(value: object, cls: type, operator: str) -> None:
    """Refuse *value* as an operand of *operator* unless it is exactly a *cls*."""
    if type(value) is not cls:
        refuse_type(cls.__name__, operator, f"a {cls.__name__}", value, (operator,))


def _exponent(value: object) -> None:
    """Refuse *value* as a power unless it is exactly an ``int`` of at most :data:`MAX_POWER`."""
    if type(value) is not int:
        refuse_type("Unit", "**", "an int", value, ("**",))
    if abs(value) > MAX_POWER:
        rule = f"must be at most {MAX_POWER} in magnitude"
        refuse("limit_exceeded", "Unit", "**", rule, value, ("**",))


def _dimension_of(exponents: Exponents) -> Dimension:
    """Return the dimension of *exponents* that the algebra computed, sound by construction."""
    dimension: Dimension = object.__new__(Dimension)
    object.__setattr__(dimension, "exponents", exponents)
    return dimension


def describe(unit: Unit) -> str:
    """Return a unit's spelling and its dimension, for a message: ``'mile/hour' ([length]/[time])``."""
    dimension = unit.dimension
    return f"{short_repr(str(unit))} ({dimension if dimension.exponents else 'no dimension'})"
