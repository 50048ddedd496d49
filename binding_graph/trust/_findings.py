"""What right set-ups rarely do: a number the text states that the set-up never uses, and an answer whose unit is not the question's."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph._finding import Finding
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    Number,
    parse_expression,
    parse_number,
    postorder,
    spelled,
)
from binding_graph.trust._text import asked_noun, counts, problem_places, read_unit

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.model import SemanticSymbolicBindingGraph
    from binding_graph.trust._text import Place

__all__ = ["trust_findings"]

# A year (1066, 2019), an ordinal (1st, 3rd) and the word "one" ("one of
# them", "one day") name no quantity a set-up computes with.
_YEAR: Final = re.compile(r"1[0-9]{3}|20[0-9]{2}")
_ORDINAL: Final = re.compile(r"st|nd|rd|th", re.IGNORECASE)
_SKIPPED_WORDS: Final = frozenset({"one"})


def _used(graph: SemanticSymbolicBindingGraph) -> set[Fraction]:
    """Return every number the graph computes with: its facts' values and its equations' literals, each with its sign dropped."""
    used: set[Fraction] = set()
    for fact in graph.facts:
        try:
            used.add(abs(parse_number(fact.value)))
        except BindingGraphError:  # noqa: PERF203 -- one try an element: a bad one uses nothing
            continue
    for equation in graph.equations:
        try:
            tree = parse_expression(equation.rhs_canonical)
        except BindingGraphError:
            continue
        used.update(node.value for node in postorder(tree) if type(node) is Number)
    return used


def _skipped(place: Place) -> bool:
    lexeme = place.text[place.start : place.end]
    return (
        _YEAR.fullmatch(lexeme) is not None
        or _ORDINAL.match(place.text, place.end) is not None
        or lexeme.lower() in _SKIPPED_WORDS
    )


def _groups(places: list[Place]) -> list[list[Place]]:
    """Return the places in groups that overlap: ``25%`` (25 and 1/4), ``twenty-five`` (20, 5 and 25)."""
    groups: list[list[Place]] = []
    end = -1
    provenance = -1
    for place in places:
        if groups and place.provenance == provenance and place.start < end:
            groups[-1].append(place)
            end = max(end, place.end)
        else:
            groups.append([place])
            end, provenance = place.end, place.provenance
    return groups


def _unused(graph: SemanticSymbolicBindingGraph) -> list[Finding]:
    used = _used(graph)
    found: list[Finding] = []
    for group in _groups(problem_places(graph)):
        if any(_skipped(place) for place in group):
            continue
        values = {place.value for place in group}
        # A number is used as written, or as its share or its inverse:
        # 25% may be 25 / 100 or 0.25, half may be 1/2 or a division by 2.
        near = (
            values
            | {1 / value for value in values if value}
            | {value * 100 for value in values}
        )
        if used.isdisjoint(near):
            first = group[0]
            quote = first.text[first.start : max(place.end for place in group)]
            found.append(
                Finding(
                    "unused_number",
                    ("provenance", first.provenance),
                    f"the text states {spelled(first.value)} ({quote!r}, at"
                    f" character {first.start}), which the set-up never uses",
                )
            )
    return found


def _units(graph: SemanticSymbolicBindingGraph) -> list[Finding]:
    units = {symbol.symbol_id: symbol.unit for symbol in graph.symbols}
    found: list[Finding] = []
    for index, unknown in enumerate(graph.unknowns):
        asked = asked_noun(unknown.question_span.text)
        answer = unknown.expected_unit or units[unknown.symbol_id]
        given = read_unit(answer)
        if asked is None or given is None:
            continue
        words, unit = asked
        # Two count nouns (children, kids) name things the lexicon cannot
        # tell apart: only a count against a measure, or two measures, differ.
        if unit.dimension != given.dimension and not (counts(unit) and counts(given)):
            found.append(
                Finding(
                    "question_unit_mismatch",
                    ("unknowns", index),
                    f"the question asks how many {words} ({unit.dimension}), and"
                    f" the answer {unknown.symbol_id!r} is in {answer}"
                    f" ({given.dimension})",
                )
            )
    return found


def trust_findings(graph: SemanticSymbolicBindingGraph) -> list[Finding]:
    """Return the profile's findings of *graph*: its unused numbers, in the order of the text, then its answers' units."""
    return _unused(graph) + _units(graph)
