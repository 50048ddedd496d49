"""The numbers a problem's text states: where each is written, and its value; and where the text asks its question.

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
from binding_graph.expressions._digits import MAX_DIGITS, decimal

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath

__all__ = [
    "Quote",
    "first_quotes",
    "places",
    "question_span",
    "quotes",
    "read_decimal",
    "spelled",
    "too_many_digits",
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


def too_many_digits(lexeme: str, path: ErrorPath, name: str) -> BindingGraphError:
    """Return the refusal of *lexeme*, a number of more than :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, at *path*, in *name*."""
    return BindingGraphError(
        "limit_exceeded",
        f"{name} holds a number of more than {MAX_DIGITS} digits"
        f" (got {short_repr(lexeme)})",
        path,
    )


def _decimal(lexeme: str) -> Fraction | None:
    """Return the value of *lexeme*, digits grouped by thousands or not; ``None`` past the digits it may hold."""
    digits = lexeme.replace(",", "")
    if len(digits) - digits.count(".") > MAX_DIGITS:
        return None
    return Fraction(digits)


def read_decimal(lexeme: str, path: ErrorPath, name: str) -> Fraction:
    """Return the value of *lexeme*, digits grouped by thousands or not, as :data:`_NUMBER` reads them.

    Raises:
        BindingGraphError: ``limit_exceeded`` for more than
            :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, at *path*.
    """
    value = _decimal(lexeme)
    if value is None:
        raise too_many_digits(lexeme, path, name)
    return value


def _digit_quotes(text: str, refused: list[tuple[int, str]]) -> list[Quote]:
    """Return the places of *text* that state a number in digits; add each number too long to read to *refused*."""
    quotes: list[Quote] = []
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        value = _decimal(match.group())
        if value is None:
            refused.append((start, match.group()))
            continue
        quotes.append(Quote(start, end, value))
        percent = _PERCENT.match(text, end)
        if percent is not None:
            quotes.append(Quote(start, percent.end(), value / 100))
        over = _OVER.match(text, end)
        if over is not None:
            divisor = _decimal(over.group()[1:])
            if divisor is None:
                refused.append((over.start() + 1, over.group()[1:]))
            elif divisor:
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


def places(text: str) -> tuple[list[Quote], list[tuple[int, str]]]:
    """Return every place of *text* that states a number, as :func:`quotes` orders them, and each number too long to read.

    Where :func:`quotes` refuses the first number of more than
    :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, this reads on, and
    returns each such number (or divisor of a fraction) as where it starts
    and its digits, in the order read; none of them is a place. A place
    holds no whitespace but the one before ``percent``, so the places of a
    part of the text that whitespace bounds (or the text's ends) are those
    of the whole text that lie in it.
    """
    refused: list[tuple[int, str]] = []
    found = _digit_quotes(text, refused) + _word_quotes(text)
    found.sort(key=lambda quote: (quote.start, quote.start - quote.end))
    return found, refused


def quotes(text: str, path: ErrorPath, name: str) -> list[Quote]:
    """Return every place of *text* that states a number, in order.

    Places are ordered by where they start, and the longer first where two
    start together. A compound such as ``twenty-five`` states 25, and its
    parts their own values; ``25%`` states 1/4 and ``25`` in it states 25;
    ``3/4`` states 3/4, and its ``3`` and ``4`` their own. No place holds
    whitespace but the one before ``percent``.

    Raises:
        BindingGraphError: ``limit_exceeded`` for a number of more than
            :data:`~binding_graph.arithmetic.MAX_DIGITS` digits, at *path*.
    """
    found, refused = places(text)
    if refused:
        raise too_many_digits(refused[0][1], path, name)
    return found


def first_quotes(text: str, path: ErrorPath, name: str) -> dict[Fraction, Quote]:
    """Return, for each value that *text* states, the first place that states it, as :func:`quotes` orders them.

    Raises:
        BindingGraphError: as :func:`quotes`.
    """
    first: dict[Fraction, Quote] = {}
    for quote in quotes(text, path, name):
        first.setdefault(quote.value, quote)
    return first


_SENTENCE_END: Final = re.compile(r"[.!?](?=\s)|\n")


def question_span(text: str) -> tuple[int, int] | None:
    """Return where the last sentence of *text* that ends in ``?`` starts and ends; ``None`` if no sentence does.

    A sentence starts after a ``.``, ``!`` or ``?`` followed by whitespace,
    or after a line end, at its first character that is not whitespace.

    >>> from binding_graph.expressions import question_span
    >>> question_span("Ann has 3 cats. How many legs?")
    (16, 30)
    """
    mark = text.rfind("?")
    if mark < 0:
        return None
    start = 0
    for match in _SENTENCE_END.finditer(text, 0, mark):
        start = match.end()
    while text[start].isspace():
        start += 1
    return start, mark + 1


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
