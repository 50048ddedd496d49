"""An index of one text: where any phrase occurs in it, found in time linear in the phrase, built in time linear in the text.

The index is the text's suffix automaton: a phrase is read along its
transitions, one a character, to the state that holds it, or to none if
the text does not hold it. The automaton's suffix links form a tree in
which the phrases of a state end exactly where the prefixes of the text
in its subtree end; laid out in preorder, those ends are one range of an
array, so that a phrase's count is the width of its range and its first
end is kept with its state. The k-th of its ends, and how many of them
lie before a place, are read from a wavelet matrix over that array, built
when first asked for, in time linear in the text times the bits of its
length.

Each step of building and of asking is counted in :attr:`Suffixes.work`,
the cost the tests hold to the text's and the phrases' lengths.
"""

from __future__ import annotations

from array import array
from itertools import accumulate, compress, repeat
from operator import itemgetter
from typing import Final

__all__ = ["Suffixes"]


_BLOCK: Final = 128
"""How many places of a level one count of its zeros covers; the rest are counted when asked."""
_FLIP: Final = bytes.maketrans(b"\0\1", b"\1\0")


def _zeros(zeros: bytes, counts: array[int], at: int) -> int:
    """Return how many places of a level before *at* hold a value whose bit is 0."""
    block = at // _BLOCK
    return counts[block] + zeros.count(1, block * _BLOCK, at)


class _Wavelet:
    """The order statistics of every range of an array of ints below ``2**bits``.

    Args:
        values: The array.
        bits: How many bits its values hold.
    """

    __slots__ = ("levels",)

    def __init__(self, values: list[int], bits: int) -> None:
        # Each level, from the highest bit: a byte a place, 1 where the
        # value there has that bit 0; how many such bytes come before each
        # block; their total; the bit. Below it, the values are laid out
        # zeros first, each side in its order.
        self.levels: list[tuple[bytes, array[int], int, int]] = []
        size = len(values)
        for bit in reversed(range(bits)):
            half = 1 << bit
            # The bit of each value, gathered in C: two places more, so that
            # the gatherer returns a tuple however few values there are.
            pattern = (bytes(half) + b"\1" * half) * (size // (2 * half) + 1)
            ones = bytes(itemgetter(*values, 0, 0)(pattern))[:size]
            zeros = ones.translate(_FLIP)
            counts = array(
                "q",
                accumulate(
                    map(
                        zeros.count,
                        repeat(1, -(-size // _BLOCK)),
                        range(0, size, _BLOCK),
                        range(_BLOCK, size + _BLOCK, _BLOCK),
                    ),
                    initial=0,
                ),
            )
            self.levels.append((zeros, counts, counts[-1], bit))
            values = [*compress(values, zeros), *compress(values, ones)]

    def smallest(self, low: int, high: int, k: int) -> int:
        """Return the *k*-th smallest value (from 0) of ``values[low:high]``, which holds more than *k*."""
        found = 0
        for zeros, counts, total, bit in self.levels:
            zeros_low = _zeros(zeros, counts, low)
            zeros_high = _zeros(zeros, counts, high)
            if k < zeros_high - zeros_low:
                low, high = zeros_low, zeros_high
            else:
                k -= zeros_high - zeros_low
                low, high = total + low - zeros_low, total + high - zeros_high
                found |= 1 << bit
        return found

    def below(self, low: int, high: int, bound: int) -> int:
        """Return how many values of ``values[low:high]`` are less than *bound*, itself below ``2**bits``."""
        count = 0
        for zeros, counts, total, bit in self.levels:
            zeros_low = _zeros(zeros, counts, low)
            zeros_high = _zeros(zeros, counts, high)
            if bound >> bit & 1:
                count += zeros_high - zeros_low
                low, high = total + low - zeros_low, total + high - zeros_high
            else:
                low, high = zeros_low, zeros_high
        return count


def _automaton(
    text: str,
) -> tuple[list[dict[str, int]], list[int], list[int], list[bool], int]:
    """Return the suffix automaton of *text*: each state's transitions and suffix link, where its phrases first end, whether it is a prefix's; and the steps taken.

    The construction of Blumer et al., one character at a time: linear in
    the text, as every transition it adds or copies is one the automaton
    keeps, and they are at most three a character.
    """
    edges: list[dict[str, int]] = [{}]
    link = [-1]
    length = [0]
    first = [-1]
    prefix = [False]
    work = 0
    last = 0
    for end, char in enumerate(text):
        state = len(length)
        edges.append({})
        link.append(0)
        length.append(length[last] + 1)
        first.append(end)
        prefix.append(True)
        back = last
        while back >= 0 and char not in edges[back]:
            edges[back][char] = state
            back = link[back]
            work += 1
        if back >= 0:
            following = edges[back][char]
            if length[back] + 1 == length[following]:
                link[state] = following
            else:
                clone = len(length)
                edges.append(edges[following].copy())
                link.append(link[following])
                length.append(length[back] + 1)
                first.append(first[following])
                prefix.append(False)
                work += len(edges[following])
                while back >= 0 and edges[back].get(char) == following:
                    edges[back][char] = clone
                    back = link[back]
                    work += 1
                link[following] = link[state] = clone
        last = state
        work += 1
    return edges, link, first, prefix, work


def _ranges(
    link: list[int], first: list[int], prefix: list[bool]
) -> tuple[list[int], list[int], list[int]]:
    """Return where each state's range of ends starts and ends, and the ends: the prefixes' ends in preorder of the tree of suffix links.

    The tree is walked with a stack of its own, never recursion.
    """
    states = len(link)
    child = [-1] * states
    sibling = [-1] * states
    for state in range(1, states):
        parent = link[state]
        sibling[state] = child[parent]
        child[parent] = state
    low = [0] * states
    ends: list[int] = []
    order: list[int] = []
    stack = [0]
    while stack:
        state = stack.pop()
        order.append(state)
        low[state] = len(ends)
        if prefix[state]:
            ends.append(first[state])
        below = child[state]
        while below >= 0:
            stack.append(below)
            below = sibling[below]
    high = low.copy()
    for state in reversed(order):
        # A subtree's range ends where that of the last state of it in
        # preorder does: in the subtree of its first child, walked last.
        below = child[state]
        high[state] = low[state] + prefix[state] if below < 0 else high[below]
    return low, high, ends


class Suffixes:
    """The suffix automaton of one text, and where the phrases of each of its states end.

    Args:
        text: The text.

    Attributes:
        work: The steps taken so far: one a character, a transition and a
            link followed in building; one a character of each phrase
            read; one a value and a bit in building the wavelet matrix,
            and one a bit in each question put to it.
    """

    __slots__ = ("_edges", "_ends", "_first", "_high", "_low", "_wavelet", "work")

    def __init__(self, text: str) -> None:
        edges, link, first, prefix, work = _automaton(text)
        low, high, ends = _ranges(link, first, prefix)
        self._edges = edges
        # Kept as machine ints: a list would hold an object for each.
        self._first = array("q", first)
        self._low = array("q", low)
        self._high = array("q", high)
        self._ends = array("q", ends)
        self._wavelet: _Wavelet | None = None
        self.work = work + 3 * len(link)

    def find(self, phrase: str) -> tuple[int, int, int] | None:
        """Return the range of the ends of *phrase*, non-empty, and where it first ends; ``None`` if the text does not hold it."""
        edges = self._edges
        state = 0
        self.work += len(phrase)
        for char in phrase:
            following = edges[state].get(char)
            if following is None:
                return None
            state = following
        return self._low[state], self._high[state], self._first[state]

    def _matrix(self) -> _Wavelet:
        if self._wavelet is None:
            bits = max(1, (len(self._ends) - 1).bit_length())
            self._wavelet = _Wavelet(self._ends.tolist(), bits)
            self.work += bits * len(self._ends)
        return self._wavelet

    def end(self, low: int, high: int, k: int) -> int:
        """Return the *k*-th end (from 0) of the range ``[low, high)`` that :meth:`find` returned, in the order of the text."""
        matrix = self._matrix()
        self.work += len(matrix.levels)
        return matrix.smallest(low, high, k)

    def ends_before(self, low: int, high: int, bound: int) -> int:
        """Return how many ends of the range ``[low, high)`` that :meth:`find` returned lie before *bound*."""
        if bound >= len(self._ends):
            return high - low
        matrix = self._matrix()
        self.work += len(matrix.levels)
        return matrix.below(low, high, bound)
