"""Drawing the profile's numbers: a ``NUMBER`` as it may be written and as the profile writes it, and a fact's value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from hypothesis import strategies as st

from binding_graph.strategies._valid import PICK

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

__all__ = ["CHANCE", "Leaf", "NumberText", "draw_number", "draw_number_text", "respelt"]

_DIGITS: Final = "0123456789"
_WHOLE: Final = st.text(_DIGITS, min_size=1, max_size=6)
# Digits after the point, drawn where a boolean says a number has them.
_FRACTION: Final = st.text(_DIGITS, min_size=1, max_size=4)
CHANCE: Final = st.booleans()


class Leaf(NamedTuple):
    """A number or a symbol, as drawn and as the profile writes it."""

    spelling: str
    canonical: str
    symbol: str | None = None


def _number(whole: str, fraction: str | None) -> Leaf:
    """Return the NUMBER *whole* [``.`` *fraction*], and its canonical spelling."""
    spelling = whole if fraction is None else f"{whole}.{fraction}"
    short_whole = whole.lstrip("0") or "0"
    short_fraction = (fraction or "").rstrip("0")
    canonical = f"{short_whole}.{short_fraction}" if short_fraction else short_whole
    return Leaf(spelling, canonical)


def draw_number(draw: DrawFn, *, nonzero: bool = False) -> Leaf:
    whole = draw(_WHOLE)
    fraction = draw(_FRACTION) if draw(CHANCE) else None
    if nonzero and not (whole + (fraction or "")).strip("0"):
        # All zeros: the last digit made 1 gives a number that is not zero.
        if fraction is None:
            whole = whole[:-1] + "1"
        else:
            fraction = fraction[:-1] + "1"
    return _number(whole, fraction)


def _padded(draw: DrawFn, number: str) -> str:
    """Spell the NUMBER *number* again, with more leading and trailing zeros."""
    whole, _, fraction = number.partition(".")
    zeros = "0" * (draw(PICK) % 3)
    if draw(CHANCE):
        fraction = (fraction or "0") + zeros
    return "0" * (draw(PICK) % 3) + whole + (f".{fraction}" if fraction else "")


class NumberText(NamedTuple):
    """A number in :func:`binding_graph.arithmetic.parse_number`'s form: ``[-]NUMBER[/NUMBER]``."""

    sign: str
    numerator: str
    denominator: str | None

    def __str__(self) -> str:
        """Return the text."""
        over = "" if self.denominator is None else f"/{self.denominator}"
        return f"{self.sign}{self.numerator}{over}"


def draw_number_text(draw: DrawFn) -> NumberText:
    """Draw a number in ``parse_number``'s form, whose denominator (if any) is not zero."""
    sign = "-" if draw(CHANCE) else ""
    numerator = draw_number(draw).spelling
    denominator = draw_number(draw, nonzero=True).spelling if draw(CHANCE) else None
    return NumberText(sign, numerator, denominator)


def respelt(draw: DrawFn, number: NumberText) -> NumberText:
    """Spell *number* again, with the same value: other leading and trailing zeros, perhaps ``/1``."""
    if number.denominator is not None:
        denominator: str | None = _padded(draw, number.denominator)
    else:
        denominator = _padded(draw, "1") if draw(CHANCE) else None
    return NumberText(number.sign, _padded(draw, number.numerator), denominator)
