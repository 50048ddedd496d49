"""The problem's text, as a draft's quotes ask of it: where a quote occurs, and which numbers a place of it states."""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from binding_graph._occurrences import Occurrences
from binding_graph.drafts._checks.fields import owner
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import places, question_span, quotes, too_many_digits

if TYPE_CHECKING:
    from collections.abc import Iterator
    from fractions import Fraction

    from binding_graph.errors import ErrorPath
    from binding_graph.expressions import Quote

__all__ = ["AROUND", "Source", "asked_span", "sentences"]

AROUND: Final = 2
"""How many times the text the reads around quotes may come to before the whole text is read instead."""
_SPACES: Final = " \t\n\r\f\v\u00a0\u2028\u2029"
_SPACE: Final = re.compile(f"[{_SPACES}]")


class _Numbers:
    """The numbers the whole text states, read once: each place, and each number too long to read."""

    __slots__ = ("places", "refused", "refused_at", "spaces", "starts")

    def __init__(self, text: str) -> None:
        self.places, self.refused = places(text)
        self.starts = [place.start for place in self.places]
        self.refused_at = [start for start, _ in self.refused]
        self.spaces = [space.start() for space in _SPACE.finditer(text)]


class Source:
    """The text a draft quotes, and what has been found in it, each found once.

    Args:
        text: The problem's whole text.

    Attributes:
        occurrences: Where each quote occurs: its k-th occurrence, how
            many there are, in time linear in the text and the quotes.
    """

    __slots__ = ("_numbers", "_read", "occurrences", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.occurrences = Occurrences(text)
        self._numbers: _Numbers | None = None
        self._read = 0  # the characters read around quotes so far

    def stated(self, start: int, end: int, path: ErrorPath) -> list[Fraction]:
        """Return the values the places of the text that lie in ``[start, end)`` state, in order.

        A place is read in its context (the ``5`` of ``25`` states nothing):
        the text is read from the whitespace before *start* to the
        whitespace after *end*, since no place holds whitespace but the one
        before ``percent``, which lies inside the place. Once those reads
        come to twice the text, the whole text is read, once, and every
        later quote is looked up in it: the places of a part of the text
        that whitespace bounds are those of the whole text that lie in it.

        Raises:
            BindingGraphError: ``limit_exceeded`` at *path* for a number of
                more than :data:`~binding_graph.arithmetic.MAX_DIGITS`
                digits there.
        """
        if self._numbers is None:
            text = self.text
            first = start
            while first > 0 and text[first - 1] not in _SPACES:
                first -= 1
            last = end
            while last < len(text) and text[last] not in _SPACES:
                last += 1
            self._read += last - first
            if self._read <= AROUND * len(text):
                return self._stated_around(first, last, start, end, path)
            self._numbers = _Numbers(text)
        return self._stated_in_whole(self._numbers, start, end, path)

    def _stated_around(
        self, first: int, last: int, start: int, end: int, path: ErrorPath
    ) -> list[Fraction]:
        """Return what :meth:`stated` returns, reading the text from *first* to *last*."""
        try:
            found = quotes(self.text[first:last], path, "the quote")
        except BindingGraphError as error:
            # Named only when refused: a name is not made on the way that succeeds.
            raise BindingGraphError(
                error.code, owner(path) + error.message.removeprefix("the quote"), path
            ) from None
        return [
            place.value
            for place in found
            if start <= first + place.start and first + place.end <= end
        ]

    def _stated_in_whole(
        self, numbers: _Numbers, start: int, end: int, path: ErrorPath
    ) -> list[Fraction]:
        """Return what :meth:`stated` returns, from the reading of the whole text."""
        spaces = numbers.spaces
        before = bisect_left(spaces, start)
        first = spaces[before - 1] + 1 if before else 0
        after = bisect_left(spaces, end)
        last = spaces[after] if after < len(spaces) else len(self.text)
        refused = bisect_left(numbers.refused_at, first)
        if refused < len(numbers.refused) and numbers.refused_at[refused] < last:
            raise too_many_digits(numbers.refused[refused][1], path, owner(path))
        found = numbers.places
        stated: list[Fraction] = []
        for index in range(bisect_left(numbers.starts, start), len(found)):
            place: Quote = found[index]
            if place.start >= end:
                break
            if place.end <= end:
                stated.append(place.value)
        return stated


_RUN: Final = re.compile(r"(?:[^.!?\n]|[.!?](?=\S))*")
_WORDY: Final = re.compile(r"[^\s.!?]")
_MARKS: Final = re.compile(r"[.!?]*")


def sentences(text: str) -> Iterator[tuple[int, int]]:
    """Yield where each sentence of *text* starts and ends, in order, each character read a bounded number of times."""
    at = 0
    while at < len(text):
        run = _RUN.match(text, at)
        end = at if run is None else run.end()
        if _WORDY.search(text, at, end) is None:
            at = end + 1
            continue
        marks = _MARKS.match(text, end)
        last = end if marks is None else marks.end()
        yield at, last
        at = last


def asked_span(text: str) -> tuple[int, int]:
    """Return where the words of *text*'s question start and end: its last sentence that ends in ``?``, else its last sentence, else the whole text past its blanks.

    A problem that asks nothing ("calculate the total amount") states in
    its last sentence what is asked for.
    """
    span = question_span(text)
    if span is not None:
        return span
    whole = (len(text) - len(text.lstrip()), len(text.rstrip()))
    start, end = [whole, *sentences(text)][-1]
    words = text[start:end]
    return start + len(words) - len(words.lstrip()), start + len(words.rstrip())
