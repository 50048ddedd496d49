"""Where phrases occur in one text, asked one phrase at a time: in time linear in the text and the phrases, however they overlap.

Occurrences may overlap: ``"aa"`` occurs twice in ``"aaa"``. Offsets
count characters (code points), as spans do.

A phrase is looked for with :meth:`str.find`, each search from one past
the last occurrence found. Where two occurrences overlap, their distance
is a period of the phrase: from then on, the run of occurrences its
smallest period apart is followed a period's comparison at a time, until
it breaks; past it, the next occurrence starts after the last one's end
less the period (a nearer one would lie on the run). So one phrase costs
time linear in the text and itself, however its occurrences overlap.

Many phrases would cost the text once each. So every search is counted
in :attr:`Occurrences.work`, by the characters it may have read; once the
searches come to :data:`TIMES` times the text and the phrases (about
what indexing the text and reading each phrase through the index would
cost, a character read in Python being worth hundreds that
:meth:`str.find` reads), the text is indexed
(:class:`~binding_graph._suffixes.Suffixes`, in time linear in it), and
every phrase from then on is found in time linear in itself. A word
problem and its handful of quotes never come near it.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from binding_graph._suffixes import Suffixes

__all__ = ["TIMES", "Occurrences", "period"]

TIMES: Final = 256
"""How many times over the searches may read the text and the phrases before it is indexed."""


def period(phrase: str) -> int:
    """Return the smallest period of *phrase*: the least ``p > 0`` such that ``phrase[p:]`` starts *phrase*.

    Linear in *phrase* (its borders, as Knuth, Morris and Pratt find them).

    >>> period("abcab"), period("aaaa"), period("abc")
    (3, 1, 3)
    """
    border = [0] * len(phrase)
    matched = 0
    for at in range(1, len(phrase)):
        char = phrase[at]
        while matched and char != phrase[matched]:
            matched = border[matched - 1]
        if char == phrase[matched]:
            matched += 1
        border[at] = matched
    return len(phrase) - border[-1]


class _Scan:
    """The occurrences of one phrase found so far, and how to find the next."""

    __slots__ = ("done", "found", "period", "tail")

    def __init__(self) -> None:
        self.found: list[int] = []
        self.done = False  # every occurrence is found
        self.period = 0  # the phrase's period, once two occurrences overlap
        self.tail = ""  # its last period of characters


class Occurrences:
    """Where each phrase asked of it occurs in one text, each found once, however many ask.

    Args:
        text: The text.
        times: How many times over the searches may read the text and the
            phrases before it is indexed.
    """

    __slots__ = (
        "_budget",
        "_index",
        "_ranges",
        "_scans",
        "_searched",
        "_times",
        "text",
    )

    def __init__(self, text: str, *, times: int = TIMES) -> None:
        self.text = text
        self._scans: dict[str, _Scan] = {}
        self._searched = 0
        self._times = times
        self._budget = times * (len(text) + 1)
        self._index: Suffixes | None = None
        self._ranges: dict[str, tuple[int, int, int] | None] = {}

    @property
    def work(self) -> int:
        """The cost so far: the characters the searches may have read, one more a search, and the index's steps."""
        return self._searched + (0 if self._index is None else self._index.work)

    def nth(self, phrase: str, k: int) -> int:
        """Return where the *k*-th occurrence (from 0) of *phrase*, not empty, starts; -1 if it occurs *k* times or fewer."""
        scan = self._scan(phrase)
        found = scan.found
        while len(found) <= k and not scan.done:
            if not self._step(phrase, scan):
                return self._nth(phrase, k)
        return found[k] if k < len(found) else -1

    def count(self, phrase: str) -> int:
        """Return how many times *phrase*, not empty, occurs."""
        scan = self._scan(phrase)
        while not scan.done:
            if not self._step(phrase, scan):
                found = self._range(phrase)
                return 0 if found is None else found[1] - found[0]
        return len(scan.found)

    def before(self, phrase: str, start: int) -> int:
        """Return how many occurrences of *phrase*, not empty, start before *start*: the occurrence number of one that starts there."""
        scan = self._scan(phrase)
        found = scan.found
        while not scan.done and (not found or found[-1] < start):
            if not self._step(phrase, scan):
                at = self._range(phrase)
                if at is None:
                    return 0
                low, high, _ = at
                assert self._index is not None  # noqa: S101 -- a range is the index's
                return self._index.ends_before(low, high, start + len(phrase) - 1)
        return bisect_left(found, start)

    # -- searching the text ---------------------------------------------------------------

    def _scan(self, phrase: str) -> _Scan:
        scan = self._scans.get(phrase)
        if scan is None:
            scan = self._scans[phrase] = _Scan()
            self._budget += self._times * len(phrase)
        return scan

    def _step(self, phrase: str, scan: _Scan) -> bool:
        """Find the next occurrence of *phrase*, or that there is none; ``False`` once the text is to be indexed instead."""
        if self._index is not None or self._searched > self._budget:
            return False
        text = self.text
        size = len(phrase)
        found = scan.found
        if scan.period:
            last = found[-1]
            self._searched += scan.period
            if text.startswith(scan.tail, last + size):
                found.append(last + scan.period)
                return True
            at = last + size - scan.period + 1
        else:
            at = found[-1] + 1 if found else 0
        hit = text.find(phrase, at)
        self._searched += (len(text) if hit < 0 else hit + size) - at + 1
        if hit < 0:
            scan.done = True
            return True
        if found and hit < found[-1] + size:
            # Two occurrences overlap: from now on, follow their run.
            scan.period = period(phrase)
            scan.tail = phrase[size - scan.period :]
            self._searched += size
        found.append(hit)
        return True

    # -- asking the index ----------------------------------------------------------------

    def _range(self, phrase: str) -> tuple[int, int, int] | None:
        if phrase in self._ranges:
            return self._ranges[phrase]
        if self._index is None:
            self._index = Suffixes(self.text)
        found = self._ranges[phrase] = self._index.find(phrase)
        return found

    def _nth(self, phrase: str, k: int) -> int:
        found = self._range(phrase)
        if found is None or k >= found[1] - found[0]:
            return -1
        low, high, first = found
        assert self._index is not None  # noqa: S101 -- a range is the index's
        end = first if k == 0 else self._index.end(low, high, k)
        return end - len(phrase) + 1
