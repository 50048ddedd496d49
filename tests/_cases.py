"""Gold cases that the tests of the datasets and of the command line share, and graphs named anew.

:data:`CASE` is one small gold case of GSM8K's shape; :func:`imported`
imports the first records of the shipped samples of GSM8K and SVAMP;
:func:`renamed` names every symbol of a graph anew, which no comparison of
set-ups may notice.
"""

from __future__ import annotations

import contextlib
import json
from typing import Final

import attrs

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph.datasets import BenchmarkCase, from_gsm8k, from_svamp
from binding_graph.expressions import (
    BinaryOperation,
    Expression,
    Negation,
    Symbol,
    parse_expression,
    postorder,
)
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


def _renamed_tree(tree: Expression, names: dict[str, str]) -> Expression:
    """Return *tree* with each symbol renamed by *names*, which holds them all."""
    stack: list[Expression] = []
    for node in postorder(tree):
        if type(node) is Symbol:
            stack.append(Symbol(names[node.symbol_id]))
        elif type(node) is Negation:
            stack[-1] = Negation(stack[-1])
        elif type(node) is BinaryOperation:
            right = stack.pop()
            stack[-1] = BinaryOperation(node.operator, stack[-1], right)
        else:
            stack.append(node)
    return stack[0]


def renamed(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    """Return *graph* with every symbol named anew, ``renamed_N`` in reverse order of its ids, and every right-hand side spelled with the new names."""
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
                rhs_canonical=str(
                    _renamed_tree(parse_expression(equation.rhs_canonical), names)
                ),
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
