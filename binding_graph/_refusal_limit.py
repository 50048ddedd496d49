"""Lists of refusals cut at a limit: the last entry, a ``limit_exceeded`` refusal, counts those left out.

Every function that lists all the refusals of what it reads (a document, a
draft, a program, a record of the command line) lists at most *limit*
entries, so that a hostile input with a refusal in each of a million places
gives a short list; the words of the entry that counts the rest are said
here once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from collections.abc import Sequence

    from binding_graph.errors import ErrorPath

__all__ = ["check_limit", "cut_refusals", "unlisted_refusal"]

_LEAST = 2
"""The smallest limit: one refusal, and the entry that counts the rest."""


def check_limit(owner: str, limit: object) -> int:
    """Return *limit*, the most entries a list of refusals may hold, or refuse it.

    Args:
        owner: The function whose argument *limit* is, as its refusal names it.
        limit: The argument.

    Returns:
        *limit*, an ``int`` of at least 2.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("limit",)`` for anything but
            an ``int`` of at least 2.
    """
    if type(limit) is not int or limit < _LEAST:
        refuse_type(owner, "limit", "an int of at least 2", limit, ("limit",))
    return limit


def unlisted_refusal(count: int, limit: int, noun: str) -> BindingGraphError:
    """Return the last entry of a list cut at *limit* entries: *count* refusals of the *noun* are not in it.

    Args:
        count: How many refusals the list leaves out, this entry's place included.
        limit: The most entries the list holds, this one included.
        noun: What the refusals are of: ``"document"``, ``"draft"``, ``"record"``...

    Returns:
        A ``limit_exceeded`` refusal at the root.
    """
    return BindingGraphError(
        "limit_exceeded",
        f"{count:,} more {'refusal' if count == 1 else 'refusals'} of this {noun}"
        f" {'is' if count == 1 else 'are'} not listed: at most {limit:,} entries are,"
        " this one included",
    )


def cut_refusals(
    found: Sequence[BindingGraphError],
    limit: int,
    noun: str,
    *,
    more: int = 0,
    prefix: ErrorPath = (),
) -> tuple[tuple[BindingGraphError, ...], int]:
    """Return the refusals *found* and *more*, cut at *limit* entries, and how many the last entry counts.

    A list of at most *limit* refusals is whole; a longer one keeps its first
    ``limit - 1``, then :func:`unlisted_refusal`, in place of the refusal
    that would have been its last entry, counts the rest.

    Args:
        found: The refusals, in order: all of them, or the first of them
            where *more* counts the others.
        limit: The most entries to return, at least 2 (see :func:`check_limit`).
        noun: What the refusals are of, as :func:`unlisted_refusal` says it.
        more: How many refusals follow *found* that were counted, not kept.
        prefix: Where the refusals listed are: each of *found* kept is put
            under it; the last entry that counts the rest stays at the root.

    Returns:
        The entries, and how many refusals the last one counts: 0 if the
        list is whole.
    """
    total = len(found) + more
    kept = found if total <= limit else found[: limit - 1]
    listed = (
        tuple(error.with_prefix(prefix) for error in kept) if prefix else tuple(kept)
    )
    if total <= limit:
        return listed, 0
    count = total - limit + 1
    return (*listed, unlisted_refusal(count, limit, noun)), count
