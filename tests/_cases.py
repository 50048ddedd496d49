"""Gold cases that the tests of the datasets and of the command line share, and graphs named anew.

:data:`CASE` is one small gold case of GSM8K's shape; :func:`imported`
imports the first records of the shipped samples of GSM8K and SVAMP;
:func:`renamed` names every symbol of a graph anew, which no comparison of
set-ups may notice.
"""

from __future__ import annotations

import contextlib
import io
import json
import tokenize
from typing import Final

import attrs

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph.datasets import BenchmarkCase, from_gsm8k, from_svamp
from tests._helpers import ROOT

__all__ = ["CASE", "imported", "renamed"]

DATA: Final = ROOT / "tests" / "data"


def imported() -> list[BenchmarkCase]:
    """Import the first 25 records of each sample; keep the cases, drop the refusals."""
    lines = (DATA / "gsm8k" / "train-200.jsonl").read_text("utf-8").splitlines()
    records = json.loads((DATA / "svamp" / "SVAMP-200.json").read_text("utf-8"))
    imports = [
        (from_gsm8k, json.loads(text), f"gsm8k-{number}")
        for number, text in enumerate(lines[:25], 1)
    ] + [(from_svamp, item, item["ID"]) for item in records[:25]]
    cases: list[BenchmarkCase] = []
    for adapter, item, source_id in imports:
        with contextlib.suppress(BindingGraphError):
            cases.append(adapter(item, source_id=source_id))
    return cases


CASE: Final = from_gsm8k(
    {
        "question": "Ann has 3 bags of 4 apples. How many apples?",
        "answer": "3*4 = <<3*4=12>>12 apples.\n#### 12",
    },
    source_id="p1",
)


def _renamed_text(text: str, names: dict[str, str]) -> str:
    """Return *text* with each name in it renamed by *names*, which holds them all, and every other character as it was.

    A symbol is named by a Python identifier (the graph's rule), and the
    language has no other names, so each name is a ``NAME`` token of
    Python's own tokenizer: no text is read the way the package's parser
    reads it, so that a fault there cannot hide here too. In parentheses,
    a line break is only whitespace to the tokenizer; between two names
    stand only numbers, signs and whitespace, none of which a name can start
    in, so each name is where it is next found.
    """
    pieces: list[str] = []
    at = 0
    for token in tokenize.generate_tokens(io.StringIO(f"({text})").readline):
        if token.type == tokenize.NAME:
            start = text.index(token.string, at)
            pieces += [text[at:start], names[token.string]]
            at = start + len(token.string)
    return "".join(pieces) + text[at:]


def renamed(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    """Return *graph* with every symbol named anew, ``renamed_N`` in reverse order of its ids, and every right-hand side written with the new names."""
    ids = sorted((symbol.symbol_id for symbol in graph.symbols), reverse=True)
    names = {old: f"renamed_{index}" for index, old in enumerate(ids)}
    return attrs.evolve(
        graph,
        symbols=tuple(
            attrs.evolve(symbol, symbol_id=names[symbol.symbol_id])
            for symbol in graph.symbols
        ),
        facts=tuple(
            attrs.evolve(fact, symbol_id=names[fact.symbol_id]) for fact in graph.facts
        ),
        equations=tuple(
            attrs.evolve(
                equation,
                lhs_symbol_id=names[equation.lhs_symbol_id],
                rhs_canonical=_renamed_text(equation.rhs_canonical, names),
                dependencies=frozenset(names[d] for d in equation.dependencies),
            )
            for equation in graph.equations
        ),
        unknowns=tuple(
            attrs.evolve(unknown, symbol_id=names[unknown.symbol_id])
            for unknown in graph.unknowns
        ),
        constraints=(),
    )
