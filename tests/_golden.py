"""Hand-written graphs whose canonical bytes and hashes are pinned in tests/golden/.

Run as a script, it prints each graph's name and content hash, one per line:
the hash-seed test runs it in fresh interpreters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    content_hash,
)

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["GOLDEN"]

PROBLEM = (
    "Alice has 3 apples. Bob gives her 5 more apples. "
    "How many apples does Alice have now?"
)


def _span(phrase: str, *, after: int = 0) -> SourceSpanLink:
    start = PROBLEM.index(phrase, after)
    return SourceSpanLink("apples-1", start, start + len(phrase), phrase)


def word_problem() -> SemanticSymbolicBindingGraph:
    """Return the graph of examples/word_problem.py, written out by hand."""
    whole = _span(PROBLEM)
    symbols = tuple(
        SymbolBinding(
            symbol_id=symbol_id,
            name=name,
            semantic_role="quantity",
            source_span=whole,
            introduced_by="example-parser",
        )
        for symbol_id, name in (
            ("sym_apples_alice_has_000", "apples Alice has"),
            ("sym_apples_bob_gives_001", "apples Bob gives"),
            ("sym_apples_alice_has_now_002", "apples Alice has now"),
        )
    )
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=(
            BoundFact(
                symbol_id="sym_apples_alice_has_000",
                value="3",
                unit="apple",
                source_span=_span("3 apples"),
            ),
            BoundFact(
                symbol_id="sym_apples_bob_gives_001",
                value="5",
                unit="apple",
                source_span=_span("5 more apples"),
            ),
        ),
        equations=(
            BoundEquation(
                lhs_symbol_id="sym_apples_alice_has_now_002",
                rhs_canonical="sym_apples_alice_has_000 + sym_apples_bob_gives_001",
                dependencies=frozenset(
                    {"sym_apples_bob_gives_001", "sym_apples_alice_has_000"}
                ),
                operation_kind="add",
                unit_proof="apple + apple = apple",
                admissibility_status="admitted",
                source_span=_span("Bob gives her 5 more apples"),
            ),
        ),
        unknowns=(
            BoundUnknown(
                symbol_id="sym_apples_alice_has_now_002",
                expected_unit="apple",
                question_span=_span("How many apples does Alice have now?"),
            ),
        ),
        provenance=(whole,),
    )


def hostile_text() -> SemanticSymbolicBindingGraph:
    """Return a graph whose strings stress an encoder, and non-ASCII ids."""
    nasty = 'q"uote\\back\nnew\r\t\x00\x1f\x7f =[]{}:,\u2028\u2029\ufeff'
    span = SourceSpanLink(
        "src \u00e9\U0001f34e", 2**53 - 8, 2**53 - 1, 'a\u0301\u00e1 \n\t"'
    )
    symbols = (
        SymbolBinding(
            symbol_id="\u00e4pfel",
            name=nasty,
            semantic_role="count",
            source_span=span,
            introduced_by="\u0645\u062d\u0644\u0644",
            entity="Zo\u00eb \U0001f600",
            unit="\u00b5m",
        ),
        SymbolBinding(
            symbol_id="Zeta",
            name="\\u0041 is not A",
            semantic_role="ratio",
            source_span=SourceSpanLink("p", 0, 1, " "),
            introduced_by="x",
        ),
        SymbolBinding(
            symbol_id="_\u03c9",
            name="omega",
            semantic_role="unknown",
            source_span=SourceSpanLink("p", 0, 2, "\U0001f34e\U0001f34e"),
            introduced_by="x",
        ),
    )
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        equations=(
            BoundEquation(
                lhs_symbol_id="_\u03c9",
                rhs_canonical="Zeta / \u00e4pfel",
                dependencies=frozenset({"\u00e4pfel", "Zeta", "_\u03c9"}),
                operation_kind="ratio",
                unit_proof="1",
                admissibility_status="refused",
                source_span=span,
                refusal_reason='divides by "zero"\n',
            ),
            BoundEquation(
                lhs_symbol_id="Zeta",
                rhs_canonical="2",
                dependencies=frozenset(),
                operation_kind="constant",
                unit_proof="none",
                admissibility_status="pending",
                source_span=span,
            ),
        ),
        constraints=(
            BoundConstraint(
                symbol_id="Zeta",
                predicate='Zeta >= 0 && Zeta != "\\"',
                source_span=span,
            ),
        ),
    )


GOLDEN: dict[str, Callable[[], SemanticSymbolicBindingGraph]] = {
    "empty": SemanticSymbolicBindingGraph,
    "word_problem": word_problem,
    "hostile_text": hostile_text,
}
"""Each golden graph by name; tests/golden/<name>.json holds its canonical bytes."""


if __name__ == "__main__":
    for name, build in GOLDEN.items():
        print(name, content_hash(build()))  # noqa: T201 -- the script's output
