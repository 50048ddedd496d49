"""The digits and bits of the profile's numbers: how a value is spelled, and the limits on its size."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "MAX_BITS",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "decimal",
    "places",
    "too_large",
    "within_digits",
    "within_places",
]

MAX_DIGITS: Final = 300
"""The most digits one ``NUMBER`` may have."""

_BEYOND_DIGITS: Final = 10**MAX_DIGITS

MAX_BITS: Final = 4096
"""The most bits a computed value's numerator or denominator may take (about 1,233 digits)."""

MAX_EXPONENT: Final = MAX_BITS
"""The largest magnitude of the value of an exponent of ``**``, and of the places of ``round(x, n)``.

Past it, every power of a base other than 0, 1 and -1 takes more than
:data:`MAX_BITS` bits.
"""


def places(value: Fraction) -> int | None:
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


def within_places(value: Fraction, count: int) -> bool:
    """Tell whether the spelling of *value*, with *count* decimal places, has at most :data:`MAX_DIGITS` digits."""
    # A value below 1 is spelled with a whole part of one digit, "0".
    if count and count >= MAX_DIGITS:
        return False
    return within_digits(value.numerator * 10**count // value.denominator)


def too_large(value: Fraction) -> bool:
    """Tell whether *value*'s numerator or denominator takes more than :data:`~binding_graph.arithmetic.MAX_BITS` bits."""
    return (
        value.numerator.bit_length() > MAX_BITS
        or value.denominator.bit_length() > MAX_BITS
    )


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
