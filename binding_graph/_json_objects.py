"""Reading JSON whose objects must not repeat a key: each object a ``dict``, or what its reader makes of one that repeats a key.

:mod:`json` keeps the last value of a repeated key and says nothing; a
reader of text that nobody vouches for must not, since two readers of the
same text could then see two different values. Each reader says here what a
repeated key is to it: a refusal, in its own words, or (where the refusal
belongs to a later check that knows where it is) the object's pairs, kept
in order.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["Pairs", "json_decoder", "repeated_key", "unique_keys"]

Pairs = list[tuple[str, Any]]
"""A JSON object as :mod:`json` reads it: its keys and values, in order."""

_T = TypeVar("_T")


def repeated_key(pairs: Sequence[tuple[str, object]]) -> str:
    """Return the first key of *pairs* that an earlier pair holds.

    Args:
        pairs: The keys and values of an object that repeats a key.

    Returns:
        The key, where it is met again.
    """
    seen: set[str] = set()
    index = 0
    while pairs[index][0] not in seen:
        seen.add(pairs[index][0])
        index += 1
    return pairs[index][0]


def unique_keys(
    repeated: Callable[[Pairs], _T],
) -> Callable[[Pairs], dict[str, Any] | _T]:
    """Return a :mod:`json` ``object_pairs_hook``: each object a ``dict``, unless it repeats a key.

    Args:
        repeated: What to make of an object that repeats a key, given its
            pairs: a function that raises the reader's refusal, or one that
            keeps the pairs for a later check.

    Returns:
        The hook: an object's ``dict`` where its keys are all different,
        else what *repeated* returns.
    """

    def hook(pairs: Pairs) -> dict[str, Any] | _T:
        result = dict(pairs)
        if len(result) != len(pairs):
            return repeated(pairs)
        return result

    return hook


def json_decoder(
    repeated: Callable[[Pairs], object],
    *,
    parse_int: Callable[[str], object] | None = None,
    parse_float: Callable[[str], object] | None = None,
    parse_constant: Callable[[str], object] | None = None,
) -> json.JSONDecoder:
    """Return a :class:`json.JSONDecoder` whose objects are read by :func:`unique_keys`.

    Args:
        repeated: What to make of an object that repeats a key, as for
            :func:`unique_keys`.
        parse_int: As for :class:`json.JSONDecoder`: ``int`` if ``None``.
        parse_float: As for :class:`json.JSONDecoder`: ``float`` if ``None``.
        parse_constant: As for :class:`json.JSONDecoder`: ``NaN`` and the
            infinities as ``float`` if ``None``.

    Returns:
        The decoder.
    """
    return json.JSONDecoder(
        object_pairs_hook=unique_keys(repeated),
        parse_int=parse_int,
        parse_float=parse_float,
        parse_constant=parse_constant,
    )
