"""The problem's text as the profile reads it: which text a graph holds, the numbers it states, and what its question asks for."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import places
from binding_graph.units import parse_unit

if TYPE_CHECKING:
    from binding_graph.expressions import Quote
    from binding_graph.model import BoundUnknown, SemanticSymbolicBindingGraph
    from binding_graph.units import Unit

__all__ = [
    "Place",
    "asked_noun",
    "counts",
    "is_count",
    "problem_places",
    "read_unit",
]

# "How many" and the words that may stand between it and what is counted:
# "how many more apples", "how many total pages".
_HOW_MANY: Final = re.compile(
    r"\bhow\s+many\s+(?:(?:more|fewer|less|total|extra|additional|other|in\s+total)\s+)*"
    r"([A-Za-z][A-Za-z'-]*)(?:\s+([A-Za-z][A-Za-z'-]*))?",
    re.IGNORECASE | re.ASCII,
)
# "How many times" asks for a ratio, never a count of things.
_NOT_COUNTED: Final = frozenset({"times", "time", "percent", "percentage"})


class Place:
    """A place of the problem's text that states a number: where, in which provenance span, and the value."""

    __slots__ = ("end", "provenance", "start", "text", "value")

    def __init__(self, provenance: int, quote: Quote, text: str) -> None:
        self.provenance = provenance
        self.start = quote.start
        self.end = quote.end
        self.value = quote.value
        self.text = text


def _sources(graph: SemanticSymbolicBindingGraph) -> frozenset[str]:
    """Return the sources of the problem's text: those the questions quote, or, for a graph that asks nothing, those its facts quote."""
    asked = frozenset(unknown.question_span.source_id for unknown in graph.unknowns)
    if asked:
        return asked
    return frozenset(fact.source_span.source_id for fact in graph.facts)


def problem_places(graph: SemanticSymbolicBindingGraph) -> list[Place]:
    """Return every place that states a number in the provenance of the problem's text, span by span, in order."""
    sources = _sources(graph)
    found: list[Place] = []
    for index, span in enumerate(graph.provenance):
        if span.source_id in sources:
            text = span.text
            quoted, _ = places(text)
            found.extend(Place(index, quote, text) for quote in quoted)
    return found


def read_unit(text: str | None) -> Unit | None:
    """Return the unit *text* names, or ``None`` for no unit or one the lexicon cannot read."""
    if text is None:
        return None
    try:
        return parse_unit(text)
    except BindingGraphError:
        return None


def counts(unit: Unit | None) -> bool | None:
    """Tell whether *unit* is a count noun's (``True``), a measure's, money's or a pure number's (``False``); ``None`` if there is no unit."""
    if unit is None:
        return None
    exponents = unit.dimension.exponents
    return (
        len(exponents) == 1
        and exponents[0][1] == 1
        and not exponents[0][0].startswith("[")
        and exponents[0][0] not in _NOT_COUNTED
    )


def asked_noun(question: str) -> tuple[str, Unit] | None:
    """Return the words a "How many" question counts and their unit, or ``None`` if it asks no "How many" or its words name no unit.

    The unit of the first word after ``how many`` (and ``more``, ``fewer``,
    ``total``, ...), or of it and the next word where the two name a unit
    that is not a count noun (``square feet``).
    """
    match = _HOW_MANY.search(question)
    if match is None:
        return None
    first, second = match.groups()
    if second is not None:
        both = f"{first} {second}"
        unit = read_unit(both)
        if unit is not None and counts(unit) is False:
            return both, unit
    unit = read_unit(first)
    return None if unit is None else (first, unit)


def is_count(unknown: BoundUnknown, symbol_unit: str | None) -> str | None:
    """Return why *unknown* asks for a count, as the words a message shows; ``None`` if it does not.

    A count is asked by a ``question_form`` of ``count``; by a unit
    (``expected_unit``, else its symbol's) that is a count noun's; or, where
    neither says, by a "How many" question over a count noun; *symbol_unit*
    is the unit of the unknown's symbol.
    """
    if unknown.question_form == "count":
        return "asks for a count"
    unit_text = unknown.expected_unit
    if unit_text is None:
        unit_text = symbol_unit
    counted = counts(read_unit(unit_text))
    if counted is not None:
        return f"asks for a number of {unit_text}" if counted else None
    asked = asked_noun(unknown.question_span.text)
    if asked is not None and counts(asked[1]):
        return f"asks how many {asked[0]}"
    return None
