"""A benchmark's answer, as its file writes it: a number, its digits grouped or not, and how many decimals it was rounded at."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph.arithmetic import parse_number

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["answer_number", "decimal_places", "rounds_to"]


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
