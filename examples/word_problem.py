"""Bind a math word problem to symbols, and watch a bad proposal be refused.

Run it with ``python examples/word_problem.py`` once the package is installed.
"""

from __future__ import annotations

import attrs

from binding_graph import (
    BindingGraphError,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    allocate_symbols,
)
from binding_graph.arithmetic import answers

PROBLEM = (
    "Alice has 3 apples. Bob gives her 5 more apples. "
    "How many apples does Alice have now?"
)


# The whole problem, as a span of its source; find() gives the span of a
# phrase within it.
WHOLE = SourceSpanLink("apples-1", 0, len(PROBLEM), PROBLEM)


def build() -> SemanticSymbolicBindingGraph:
    """Build the binding graph a parser would propose for PROBLEM."""
    start, given, total = allocate_symbols(
        ["apples Alice has", "apples Bob gives", "apples Alice has now"],
        source_span=WHOLE,
        introduced_by="example-parser",
    )
    return SemanticSymbolicBindingGraph(
        symbols=(start, given, total),
        facts=(
            BoundFact(
                symbol_id=start.symbol_id,
                value="3",
                unit="apple",
                source_span=WHOLE.find("3 apples"),
            ),
            BoundFact(
                symbol_id=given.symbol_id,
                value="5",
                unit="apple",
                source_span=WHOLE.find("5 more apples"),
            ),
        ),
        equations=(
            BoundEquation(
                lhs_symbol_id=total.symbol_id,
                rhs_canonical=f"{start.symbol_id} + {given.symbol_id}",
                dependencies=frozenset({start.symbol_id, given.symbol_id}),
                operation_kind="add",
                unit_proof="apple + apple = apple",
                admissibility_status="admitted",
                source_span=WHOLE.find("Bob gives her 5 more apples"),
            ),
        ),
        unknowns=(
            BoundUnknown(
                symbol_id=total.symbol_id,
                expected_unit="apple",
                question_span=WHOLE.find("How many apples does Alice have now?"),
            ),
        ),
        provenance=(WHOLE,),
    )


def main() -> None:
    """Build the graph, print it with its answer, then show a refusal."""
    graph = build()
    print(PROBLEM)
    for symbol in graph.symbols:
        print(f"  symbol   {symbol.symbol_id:28} {symbol.name!r}")
    for fact in graph.facts:
        print(f"  fact     {fact.symbol_id} = {fact.value} {fact.unit}")
    for equation in graph.equations:
        print(f"  equation {equation.lhs_symbol_id} := {equation.rhs_canonical}")
    for unknown, answer in zip(graph.unknowns, answers(graph), strict=True):
        print(f"  unknown  {unknown.symbol_id} = {answer} {unknown.expected_unit}")

    # A producer that refers to a symbol it never bound is refused, with the
    # rule broken (code) and where (path).
    stray = attrs.evolve(graph.facts[0], symbol_id="apples_carol_has")
    try:
        attrs.evolve(graph, facts=(*graph.facts, stray))
    except BindingGraphError as refusal:
        print(f"refused: {refusal.code} at {refusal.path}")
        print(f"  {refusal.message}")


if __name__ == "__main__":
    main()
