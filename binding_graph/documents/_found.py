"""What a walk over a tree has found: the first refusals kept, the others counted.

A hostile document may break a rule in every one of millions of elements:
past the refusals it keeps, :class:`Found` counts them without making them
(the words of a refusal cost more than finding it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.errors import BindingGraphError, ErrorPath


class Enough(Exception):  # noqa: N818 -- a signal, never shown
    """The walk has found all it was asked for."""


class Found:
    """The refusals a walk has found: the first *room* kept, the others counted.

    Args:
        room: How many refusals to keep, at least 1.
        stop: End the walk once *room* refusals are kept, counting no more.
    """

    __slots__ = ("kept", "more", "room", "stop")

    def __init__(self, room: int, *, stop: bool = False) -> None:
        self.kept: list[BindingGraphError] = []
        self.more = 0
        self.room = room
        self.stop = stop

    def add_made(
        self, make: Callable[..., BindingGraphError], *args: object, prefix: ErrorPath
    ) -> None:
        """Keep the refusal ``make(*args)``, under *prefix*; once *room* are kept, count it without making it."""
        if len(self.kept) >= self.room:
            self.more += 1
            return
        made = make(*args)
        self.add(made.with_prefix(prefix) if prefix else made)

    def add_prefixed(self, error: BindingGraphError, prefix: ErrorPath) -> None:
        """Keep *error* under *prefix*; once *room* are kept, count it without copying it."""
        self.add_made(error.with_prefix, prefix, prefix=())

    @property
    def count(self) -> int:
        """How many refusals the walk has found so far."""
        return len(self.kept) + self.more

    def add(self, error: BindingGraphError) -> None:
        """Keep or count *error*, the next refusal in document order."""
        if len(self.kept) >= self.room:
            self.more += 1
            return
        self.kept.append(error)
        if self.stop and len(self.kept) == self.room:
            raise Enough
