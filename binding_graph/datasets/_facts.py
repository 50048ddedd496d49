"""What a fact is matched by: the place of the text that states its value, whatever the width of its quote; and the gold fact each predicted fact is read as.

A fact's *key* is its source, the offsets of the place of its span that
states its value (:func:`~binding_graph.expressions.places`, read in the
span's text), and that value: ``"16"`` and ``"16 eggs"`` quoting one 16
have one key. Where several places of the span state the value, the first
is the fact's (``"3 sprints 3 times"`` quoting 3 is the first 3). A span
that states no place of its value (a value converted from the words, a
number the reader does not read) keys the fact by the span's offsets and
words instead, so that such a fact matches only a quote of the same words.

A predicted fact whose key is no gold fact's, whose place is no gold
fact's place, and whose value a gold fact of its source has, is read as
that gold fact (:func:`read_as`): the gold binds equal values to one
symbol where the problem states a number twice ("3 sprints 3 times a
week"), and a set-up that reads each place is as right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.arithmetic import parse_number
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import places

if TYPE_CHECKING:
    from collections.abc import Sequence
    from fractions import Fraction

    from binding_graph.model import BoundFact

__all__ = ["FactKey", "fact_key", "read_as"]

FactKey = tuple[str, int, int, "str | None", "Fraction"]
"""A fact's source, start, end, words (``None`` for a place that states its value) and value."""


def fact_key(fact: BoundFact) -> FactKey | None:
    """Return what *fact* is matched by: the first place of its span that states its value, else its span's offsets and words; ``None`` if the value does not read."""
    span = fact.source_span
    try:
        number = parse_number(fact.value)
    except BindingGraphError:
        return None
    # Numbers too long to read are no place: such a span keeps its words.
    for quote in places(span.text)[0]:
        if quote.value == number:
            start = span.start + quote.start
            return (span.source_id, start, span.start + quote.end, None, number)
    # The words too: a graph without the gold's provenance may quote other
    # words at the same offsets.
    return (span.source_id, span.start, span.end, span.text, number)


def _order(key: FactKey) -> tuple[int, int, str]:
    """Return where a key's fact stands in its source, for an order that no listing of the facts changes."""
    return key[1], key[2], key[3] or ""


def read_as(
    gold: Sequence[FactKey | None], predicted: Sequence[FactKey | None]
) -> dict[int, int]:
    """Return each predicted fact read as a gold fact of its value, by index, and that gold fact.

    A predicted fact is read so when it quotes a place that states its
    value, its key is no gold fact's, no gold fact quotes its place, and a
    gold fact of its source has its value. Where several gold facts have
    that value, those whose key no predicted fact has are taken first, one
    each, in the order of their places in the text, by the places of the
    predicted facts in the order of theirs (facts of one place are read
    alike); any place left is read as the first of them in the text.
    """
    keys = {key for key in gold if key is not None}
    quoted = {key[:3] for key in keys if key[3] is None}
    found = {key for key in predicted if key is not None}
    by_value: dict[tuple[str, Fraction], list[tuple[FactKey, int]]] = {}
    for index, key in enumerate(gold):
        if key is not None:
            by_value.setdefault((key[0], key[4]), []).append((key, index))
    # The places read so, by value: facts of one place are read alike.
    waiting: dict[tuple[str, Fraction], dict[FactKey, list[int]]] = {}
    for index, key in enumerate(predicted):
        if (
            key is not None
            and key[3] is None
            and key not in keys
            and key[:3] not in quoted
            and (key[0], key[4]) in by_value
        ):
            waiting.setdefault((key[0], key[4]), {}).setdefault(key, []).append(index)
    read: dict[int, int] = {}
    for value, readers in waiting.items():
        candidates = sorted(by_value[value], key=lambda item: _order(item[0]))
        unquoted = [index for key, index in candidates if key not in found]
        first = candidates[0][1]
        for number, place in enumerate(sorted(readers, key=_order)):
            taken = unquoted[number] if number < len(unquoted) else first
            for index in readers[place]:
                read[index] = taken
    return read
