"""Drafts of gold graphs as a user writes them: names of their own, quotes wider than the gold's.

:func:`widened_draft` rewrites a gold graph as the draft of a right
parser that quotes each number with a word beside it; :data:`SPRINTS` is
a GSM8K problem that states one number twice, which the gold binds to one
symbol, and :func:`sprints_draft` a draft that reads each place apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from binding_graph.datasets import BenchmarkCase, from_gsm8k

if TYPE_CHECKING:
    from binding_graph import SemanticSymbolicBindingGraph

__all__ = ["SPRINTS", "sprints_draft", "widened", "widened_draft"]

SPRINTS: Final[BenchmarkCase] = from_gsm8k(
    # A record of GSM8K's test split (github.com/openai/grade-school-math,
    # MIT License, as tests/data/gsm8k/LICENSE), byte for byte.
    {
        "question": (
            "James decides to run 3 sprints 3 times a week.  He runs 60 meters"
            " each sprint.  How many total meters does he run a week?"
        ),
        "answer": (
            "He sprints 3*3=<<3*3=9>>9 times\nSo he runs 9*60=<<9*60=540>>540"
            " meters\n#### 540"
        ),
    },
    source_id="sprints",
)
"""The gold case of the sprints problem: both 3s are one fact, ``sym_3_000 * sym_3_000``."""

_SENTENCE_END: Final = re.compile(r"[^\w\s]*[.?!][^\w\s]*")


def sprints_draft(weekly: str = "sprints * times") -> dict[str, Any]:
    """Return a draft of the sprints problem with a quantity for each 3, its first step *weekly*."""
    return {
        "quantities": [
            {"name": "sprints", "quote": "3 sprints", "value": 3, "unit": None},
            {"name": "times", "quote": "3 times", "value": 3, "unit": None},
            {"name": "meters", "quote": "60 meters", "value": 60, "unit": None},
        ],
        "steps": [
            {"name": "weekly", "expression": weekly, "unit": None},
            {"name": "total", "expression": "weekly * meters", "unit": None},
        ],
        "question": {
            "name": "total",
            "quote": "How many total meters does he run a week?",
        },
    }


def _word_end(text: str, index: int) -> int:
    while index < len(text) and not text[index].isspace():
        index += 1
    return index


def _word_start(text: str, index: int) -> int:
    while index > 0 and not text[index - 1].isspace():
        index -= 1
    return index


def widened(text: str, start: int, end: int) -> tuple[int, int]:
    """Return *start* and *end* widened by one word: the next, or the previous one where the quote ends a sentence or the text."""
    rest = _word_end(text, end)
    if rest < len(text) and not _SENTENCE_END.fullmatch(text, end, rest):
        following = rest
        while text[following].isspace():
            following += 1
        return start, _word_end(text, following)
    before = _word_start(text, start)
    while before and text[before - 1].isspace():
        before -= 1
    return _word_start(text, before), end


def _occurrence(text: str, phrase: str, start: int) -> int | None:
    """Return which occurrence of *phrase* in *text* starts at *start*, counting overlaps; ``None`` where it occurs once."""
    found = [
        index
        for index in range(len(text) - len(phrase) + 1)
        if text.startswith(phrase, index)
    ]
    return None if len(found) == 1 else found.index(start)


def widened_draft(graph: SemanticSymbolicBindingGraph) -> dict[str, Any]:
    """Return the draft of a right parser for *graph*, a gold graph of one unknown: its own names, each quote one word wider than the gold's."""
    text = graph.provenance[0].text
    names = {fact.symbol_id: f"given_{index}" for index, fact in enumerate(graph.facts)}
    names |= {
        equation.lhs_symbol_id: f"step_{index}"
        for index, equation in enumerate(graph.equations)
    }
    quantities: list[dict[str, Any]] = []
    for fact in graph.facts:
        start, end = widened(text, fact.source_span.start, fact.source_span.end)
        quantity: dict[str, Any] = {
            "name": names[fact.symbol_id],
            "quote": text[start:end],
            "value": fact.value,
            "unit": fact.unit,
        }
        occurrence = _occurrence(text, text[start:end], start)
        if occurrence is not None:
            quantity["occurrence"] = occurrence
        quantities.append(quantity)
    steps = [
        {
            "name": names[equation.lhs_symbol_id],
            "expression": re.sub(
                r"[^\W\d]\w*",
                lambda match: names[match.group()],
                equation.rhs_canonical,
            ),
            "unit": None,
        }
        for equation in graph.equations
    ]
    (unknown,) = graph.unknowns
    question = {"name": names[unknown.symbol_id], "quote": unknown.question_span.text}
    return {"quantities": quantities, "steps": steps, "question": question}
