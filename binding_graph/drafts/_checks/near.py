"""What a refusal shows beside what was written, so that a model can correct it: the text's passage nearest a quote the text does not hold, and the names nearest a name nothing defines.

**The nearest passage.** A quote the text does not hold is put beside
the passages of the text that start where the longest start of the quote
that the text holds first starts, or end where its longest end first
ends: the passage as long as the quote from that start, and the one to
that end, each of which agrees with the quote in the places where the
two hold the same character (so that a straight apostrophe and a curly
one differ, and one space and two); and the passage from that start to
that end, if the end lies after the start and the passage is at most
twice as long as the quote (words put in or left out between them),
which agrees with it in the characters of the start and the end. The
nearest is the one that agrees in the most places, the first of those
on a tie, and it is shown if that is at least half of the quote's
length. A passage that cuts a word at either end is widened to the
word's end there, by at most :data:`WIDEN` characters. The longest start
and end are found by halving, each probe one :meth:`str.find` of the
text: the search for one quote reads the text about ``2 * log2`` of the
quote's length times. So that a draft of many misquotes costs time
linear in it and the text, the searches of one text may read
:data:`READS` times the text, and :data:`FLOOR` characters besides;
a quote refused past that is refused without its nearest passage.

**The nearest names.** A name nothing defines is put beside each name
defined, which is nearer the more characters it shares with the name at
their starts and their ends (at most the shorter's length); the names
are listed nearest first, the first defined first on a tie, at most
:data:`SHOWN` of them, and the others counted. The comparisons of one
draft may come to :data:`READS` times the names defined, and
:data:`FLOOR` characters besides; past that, names are listed in the
order they are defined.
"""

from __future__ import annotations

import heapq
from itertools import islice
from operator import eq
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import cut_around, short_repr

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

__all__ = ["FLOOR", "READS", "SHOWN", "WIDEN", "Names", "Near", "Passages", "agreeing"]

READS: Final = 64
"""How many times over the searches of one draft may read the text, or compare with the names defined."""
FLOOR: Final = 1 << 16
"""How many characters those searches and comparisons may read besides, however short the text."""
WIDEN: Final = 20
"""The most characters a nearest passage is widened by at each end, to the end of a word it cuts."""
SHOWN: Final = 5
"""The most names a refusal lists."""


def agreeing(name: str, other: str) -> int:
    """Return how many characters *name* and *other* share at their starts and their ends, at most the shorter's length.

    >>> agreeing("egg", "eggs"), agreeing("totl", "total"), agreeing("a", "b")
    (3, 4, 0)
    """
    shorter = min(len(name), len(other))
    start = 0
    while start < shorter and name[start] == other[start]:
        start += 1
    end = 0
    while end < shorter - start and name[-1 - end] == other[-1 - end]:
        end += 1
    return start + end


class Near(NamedTuple):
    """The text's passage nearest a quote: where it starts and ends, and where it and the quote first differ, in each."""

    start: int
    end: int
    in_passage: int
    in_quote: int


class Passages:
    """The text's passages nearest the quotes it does not hold, each looked for within the text's budget.

    Args:
        text: The problem's whole text.
    """

    __slots__ = ("budget", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.budget = READS * len(text) + FLOOR

    def rule(self, quote: str) -> str:
        """Return the rule *quote* breaks, what was given, and the text's nearest passage: a ``quote_not_found`` message past its owner."""
        rule = "must occur in the text, exactly as it is written there"
        near = self.nearest(quote)
        if near is None:
            return f"{rule} (got {cut_around(quote, 0)})"
        if not near:
            return (
                f"{rule} (got {cut_around(quote, 0)}): the text holds no passage"
                " near it"
            )
        passage = self.text[near.start : near.end]
        return (
            f"{rule} (got {cut_around(quote, near.in_quote)}): the text's nearest"
            f" passage is {cut_around(passage, near.in_passage)}, at character"
            f" {near.start}"
        )

    def nearest(self, quote: str) -> Near | tuple[()] | None:
        """Return the passage of the text nearest *quote*, ``()`` if none is near, ``None`` past the budget."""
        starts = self._longest(quote, from_start=True)
        ends = self._longest(quote, from_start=False)
        if starts is None or ends is None:
            return None
        length = len(quote)
        # Each candidate: how many places agree, its first and last place,
        # and where it first differs from the quote, in the text and in it.
        candidates: list[tuple[int, int, int, int, int]] = []
        held, before = starts
        if held:
            candidates.append(self._aligned(quote, before))
        held_end, after = ends
        if held_end:
            candidates.append(self._aligned(quote, after - length))
        # The quote with words put in, or left out, between its start and its end.
        if before + held <= after - held_end and after - before <= 2 * length:
            agree = min(length, held + held_end)
            candidates.append((agree, before, after, before + held, held))
        agree, first, last, differs, in_quote = max(
            candidates, key=lambda candidate: candidate[0], default=(0, 0, 0, 0, 0)
        )
        if 2 * agree < length:
            return ()
        start = self._widened(first, -1)
        return Near(start, self._widened(last, 1), differs - start, in_quote)

    def _aligned(self, quote: str, at: int) -> tuple[int, int, int, int, int]:
        """Return the candidate passage as long as *quote*, whose first character would lie at place *at* of the text (perhaps before it)."""
        text, length = self.text, len(quote)
        agree = sum(map(eq, quote[max(0, -at) :], text[max(0, at) : at + length]))
        first, last = max(0, at), min(len(text), at + length)
        # A quote that starts before the text differs from it at its start.
        differs = first
        if at >= 0:
            while differs < last and text[differs] == quote[differs - at]:
                differs += 1
        return agree, first, last, differs, differs - first

    def _widened(self, at: int, step: int) -> int:
        """Return *at*, moved by *step* to the end of the word a passage's start (-1) or end (1) there cuts, within :data:`WIDEN` characters."""
        text = self.text
        for _ in range(WIDEN):
            if not (
                0 < at < len(text) and text[at - 1].isalnum() and text[at].isalnum()
            ):
                break
            at += step
        return at

    def _longest(self, quote: str, *, from_start: bool) -> tuple[int, int] | None:
        """Return the length of the longest start of *quote* that the text holds, and where it first starts; or of its longest end, and where it first ends.

        ``None`` past the budget.
        """
        text = self.text
        low, high, place = 0, len(quote), 0
        while low < high:
            middle = (low + high + 1) // 2
            cost = len(text) + middle
            if cost > self.budget:
                self.budget = 0
                return None
            self.budget -= cost
            found = text.find(quote[:middle] if from_start else quote[-middle:])
            if found < 0:
                high = middle - 1
            else:
                low, place = middle, found + (0 if from_start else middle)
        return low, place


class Names:
    """The names nearest each name that nothing defines, listed within one draft's budget."""

    __slots__ = ("budget", "counted")

    def __init__(self) -> None:
        self.budget = FLOOR
        self.counted = 0  # the most names defined so far, which the budget grows with

    def listed(
        self, missing: Sequence[str], defined: Collection[str], what: str
    ) -> str:
        """Return the names *defined* (those *what*), the nearest to any of *missing* first, as a message says them.

        Nearest first while the budget lasts, in the order defined past it.

        >>> Names().listed(["egg"], ["baked", "eaten", "eggs"], "defined")
        "the names defined, nearest first, are 'eggs', 'eaten', 'baked'"
        """
        count = len(defined)
        if not count:
            return f"no name is {what}"
        if count == 1:
            (name,) = defined
            return f"the name {what} is {short_repr(name)}"
        # Names are only ever defined, never taken back: the most seen is how many.
        self.budget += READS * max(0, count - self.counted)
        self.counted = max(count, self.counted)
        cost = count * (1 + 2 * sum(map(len, missing)))
        if cost <= self.budget:
            self.budget -= cost
            shown = heapq.nsmallest(
                SHOWN,
                enumerate(defined),
                key=lambda item: (
                    -max(agreeing(name, item[1]) for name in missing),
                    item[0],
                ),
            )
            names = [name for _, name in shown]
            order = ", nearest first,"
        else:
            names = list(islice(defined, SHOWN))
            order = ""
        more = f", and {count - len(names)} more" if count > len(names) else ""
        return f"the names {what}{order} are {', '.join(map(short_repr, names))}{more}"
