"""The problem's text, as a draft's quotes ask of it: where a quote occurs, and which numbers a place of it states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._occurrences import Occurrences
from binding_graph.drafts._fields import owner
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import quotes

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.errors import ErrorPath

__all__ = ["Source"]

_SPACE: Final = frozenset(" \t\n\r\f\v\u00a0\u2028\u2029")


class Source:
    """The text a draft quotes, and what has been found in it, each found once.

    Args:
        text: The problem's whole text.

    Attributes:
        occurrences: Where each quote occurs: its k-th occurrence, how
            many there are, in time linear in the text and the quotes.
    """

    __slots__ = ("occurrences", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.occurrences = Occurrences(text)

    def starts(self, quote: str) -> list[int]:
        """Return where each occurrence of *quote* starts, in order; occurrences may overlap.

        Each occurrence is found once, however many elements quote it.
        """
        found = self.occurrences
        return [found.nth(quote, k) for k in range(found.count(quote))]

    def stated(self, start: int, end: int, path: ErrorPath) -> list[Fraction]:
        """Return the values the places of the text that lie in ``[start, end)`` state, in order.

        A place is read in its context (the ``5`` of ``25`` states nothing):
        the text is read from the whitespace before *start* to the
        whitespace after *end*, since no place holds whitespace but the one
        before ``percent``, which lies inside the place.

        Raises:
            BindingGraphError: ``limit_exceeded`` at *path* for a number of
                more than :data:`~binding_graph.arithmetic.MAX_DIGITS`
                digits there.
        """
        text = self.text
        first = start
        while first > 0 and text[first - 1] not in _SPACE:
            first -= 1
        last = end
        while last < len(text) and text[last] not in _SPACE:
            last += 1
        try:
            found = quotes(text[first:last], path, "the quote")
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
