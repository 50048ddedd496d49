"""The numbers a problem's text states: where each is written, and its value.

A text states a number in digits (``48``, ``2.5``, ``.5``, ``1,000``), as a
percentage (``25%``, ``25 percent``), as a fraction (``3/4``) or in words
(``three``, ``twenty-five``, ``half``, ``twice``, ``dozen``). A currency sign
is never part of a quote: ``$12`` quotes ``12``. Each place is a
:class:`Quote`; where one value is written at several places, the first of
them in the text is its quote (:func:`first_quotes`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import MAX_DIGITS, decimal, parse_number

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath

__all__ = [
    "Quote",
    "answer_number",
    "decimal_places",
    "first_quotes",
    "read_decimal",
    "rounds_to",
    "spelled",
]

_DIGITS: Final = (
    # A decimal, its whole part grouped by thousands or not; or a bare
    # fraction part. Never the tail of a longer number.
    r"(?<![0-9])(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?![0-9])"
    r"|(?<![0-9.])\.[0-9]+(?![0-9])"
)
_NUMBER: Final = re.compile(_DIGITS)
_PERCENT: Final = re.compile(r"%| percent\b", re.ASCII)
_OVER: Final = re.compile(r"/(?:[0-9]+(?:\.[0-9]+)?)(?![0-9.])")

_UNITS: Final = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS: Final = [
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
]

WORDS: Final[dict[str, Fraction]] = {
    **{word: Fraction(index) for index, word in enumerate(_UNITS, 1)},
    **{word: Fraction(10 * index) for index, word in enumerate(_TENS, 2)},
    "hundred": Fraction(100),
    "thousand": Fraction(1000),
    "million": Fraction(1_000_000),
    "half": Fraction(1, 2),
    "quarter": Fraction(1, 4),
    "twice": Fraction(2),
    "double": Fraction(2),
    "doubled": Fraction(2),
    "triple": Fraction(3),
    "tripled": Fraction(3),
    "thrice": Fraction(3),
    "quadruple": Fraction(4),
    "dozen": Fraction(12),
}
"""The number words a text may state a number with, and their values."""

# ASCII only: Unicode case folding would match a long s (U+017F) as "s",
# and the word's lower case would not be in WORDS.
_TENS_WORD: Final = "|".join(_TENS)
_UNIT_WORD: Final = "|".join(_UNITS[:9])
_ANY_WORD: Final = "|".join(sorted(WORDS, key=len, reverse=True))
_WORD: Final = re.compile(
    rf"\b(?:({_TENS_WORD})-({_UNIT_WORD})|({_ANY_WORD}))\b",
    re.ASCII | re.IGNORECASE,
)


class Quote(NamedTuple):
    """A place of the text that states a number: ``text[start:end]`` states *value*."""

    start: int
    end: int
    value: Fraction


def read_decimal(lexeme: str, path: ErrorPath, name: str) -> Fraction:
    """Return the value of *lexeme*, digits grouped by thousands or not, as :data:`_NUMBER` reads them.

    Raises:
        BindingGraphError: ``limit_exceeded`` for more than
            :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, at *path*.
    """
    digits = lexeme.replace(",", "")
    if len(digits) - digits.count(".") > MAX_DIGITS:
        raise BindingGraphError(
            "limit_exceeded",
            f"{name} holds a number of more than {MAX_DIGITS} digits"
            f" (got {short_repr(lexeme)})",
            path,
        )
    return Fraction(digits)


def _digit_quotes(text: str, path: ErrorPath, name: str) -> list[Quote]:
    quotes: list[Quote] = []
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        value = read_decimal(match.group(), path, name)
        quotes.append(Quote(start, end, value))
        percent = _PERCENT.match(text, end)
        if percent is not None:
            quotes.append(Quote(start, percent.end(), value / 100))
        over = _OVER.match(text, end)
        if over is not None:
            divisor = read_decimal(over.group()[1:], path, name)
            if divisor:
                quotes.append(Quote(start, over.end(), value / divisor))
    return quotes


def _word_quotes(text: str) -> list[Quote]:
    quotes: list[Quote] = []
    for match in _WORD.finditer(text):
        start, end = match.span()
        tens, unit, word = match.groups()
        if word is None:
            # A compound, and each of its words.
            value = WORDS[tens.lower()] + WORDS[unit.lower()]
            quotes.append(Quote(start, match.end(1), WORDS[tens.lower()]))
            quotes.append(Quote(match.start(2), end, WORDS[unit.lower()]))
        else:
            value = WORDS[word.lower()]
        quotes.append(Quote(start, end, value))
    return quotes


def first_quotes(text: str, path: ErrorPath, name: str) -> dict[Fraction, Quote]:
    """Return, for each value that *text* states, the first place that states it.

    Places are ordered by where they start, and the longer first where two
    start together; a value's quote is the first place of that value.
    A compound such as ``twenty-five`` states 25, and its parts their own
    values; ``25%`` states 1/4 and ``25`` in it states 25; ``3/4`` states
    3/4, and its ``3`` and ``4`` their own.

    Raises:
        BindingGraphError: ``limit_exceeded`` for a number of more than
            :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, at *path*.
    """
    quotes = _digit_quotes(text, path, name) + _word_quotes(text)
    quotes.sort(key=lambda quote: (quote.start, quote.start - quote.end))
    first: dict[Fraction, Quote] = {}
    for quote in quotes:
        first.setdefault(quote.value, quote)
    return first


def spelled(value: Fraction) -> str:
    """Return *value* as a fact's value spells it, in the form ``parse_number`` reads.

    >>> spelled(Fraction(1, 2)), spelled(Fraction(1, 3)), spelled(Fraction(-12))
    ('0.5', '1/3', '-12')
    """
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    denominator = magnitude.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        return sign + decimal(magnitude)
    return f"{sign}{magnitude.numerator}/{magnitude.denominator}"


_GROUPED: Final = re.compile(r"-?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")


def answer_number(text: str) -> Fraction:
    """Return the value of a benchmark's answer: a number of :func:`~binding_graph.arithmetic.parse_number`, its digits grouped by thousands or not, spaces around it.

    Raises:
        BindingGraphError: as :func:`~binding_graph.arithmetic.parse_number`
            refuses the text.

    >>> answer_number(" -1,250.5 "), answer_number("1/2")
    (Fraction(-2501, 2), Fraction(1, 2))
    """
    text = text.strip(" \t\r\n")
    return parse_number(text.replace(",", "") if _GROUPED.fullmatch(text) else text)


def decimal_places(text: str) -> int:
    """Return how many decimals the number *text* is written with: the digits after its point; 0 for a fraction, or a number without one.

    >>> decimal_places("4.33"), decimal_places("1,000"), decimal_places("1.5/2")
    (2, 0, 0)
    """
    point = text.find(".")
    return 0 if point < 0 or "/" in text else len(text) - point - 1


def rounds_to(exact: Fraction, stated: Fraction, places: int) -> bool:
    """Return whether *exact*, rounded at *places* decimals, is *stated*: within half a unit of its last place.

    A value halfway between two roundings rounds to either, so that a
    benchmark that rounds halves up and one that rounds them to even are
    both read.

    >>> rounds_to(Fraction(13, 3), Fraction("4.33"), 2)
    True
    >>> rounds_to(Fraction(13, 3), Fraction("4.34"), 2), rounds_to(Fraction(13, 3), Fraction(4), 0)
    (False, True)
    """
    unit: int = 10**places
    return 2 * abs(exact - stated) * unit <= 1
