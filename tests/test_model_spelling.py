"""The seed's spelling of a span and a graph (its Phase-1 canonical strings): exact, deterministic, and no identity."""

from __future__ import annotations

from hypothesis import given

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    canonical_bytes,
)
from binding_graph import strategies as bgst
from tests._helpers import graph, span, symbol, unknown

DOC = "Alice has 3 apples."


def _span(phrase: str) -> SourceSpanLink:
    return SourceSpanLink.of(DOC, phrase, source_id="doc")


class TestSpan:
    """A span is spelt ``source_id[start:end]``."""

    def test_the_record_s_example(self) -> None:
        """doc[3:8], as the seed's model spells a span."""
        assert SourceSpanLink("doc", 3, 8, "ce ha").to_canonical_string() == "doc[3:8]"

    def test_the_text_is_not_spelt(self) -> None:
        """Two spans that differ only in their text share a spelling."""
        assert (
            span(text="Alice").to_canonical_string()
            == span(text="Bobby").to_canonical_string()
        )


class TestGraph:
    """A graph is one line per element, in collection order, as the seed's Phase-1 model spells it."""

    def test_every_line_as_the_issue_spells_it(self) -> None:
        """S, F, E, U, C and P lines, in collection order, None as None, dependencies sorted."""
        alice = SymbolBinding(
            symbol_id="apples",
            name="apples Alice has",
            semantic_role="quantity",
            source_span=_span("3 apples"),
            introduced_by="parser",
            entity="Alice",
            unit="apple",
        )
        more = SymbolBinding(
            symbol_id="more",
            name="more",
            semantic_role="total",
            source_span=_span("Alice"),
            introduced_by="parser",
        )
        g = SemanticSymbolicBindingGraph(
            symbols=(alice, more),
            facts=(
                BoundFact(
                    symbol_id="apples", value="3", source_span=_span("3"), unit="apple"
                ),
            ),
            equations=(
                BoundEquation(
                    lhs_symbol_id="more",
                    rhs_canonical="more + apples",
                    dependencies=frozenset({"more", "apples"}),
                    operation_kind="add",
                    unit_proof="apple + apple = apple",
                    admissibility_status="refused",
                    refusal_reason="circular",
                    source_span=_span("has"),
                ),
            ),
            unknowns=(
                BoundUnknown(
                    symbol_id="more",
                    question_span=_span("apples."),
                    question_form="total",
                    state_index="terminal",
                ),
            ),
            constraints=(
                BoundConstraint(
                    symbol_id="apples", predicate="apples >= 0", source_span=_span("3")
                ),
            ),
            provenance=(_span(DOC),),
        )
        assert g.to_canonical_string().split("\n") == [
            (
                "S apples apples Alice has quantity entity=Alice unit=apple"
                " span=doc[10:18] by=parser"
            ),
            "S more more total entity=None unit=None span=doc[0:5] by=parser",
            "F apples = 3 unit=apple span=doc[10:11]",
            (
                "E more := more + apples op=add deps=[apples,more]"
                " unit_proof=apple + apple = apple status=refused refusal=circular"
                " span=doc[6:9]"
            ),
            "U more expected_unit=None qspan=doc[12:19]",
            "C apples pred=apples >= 0 span=doc[10:11]",
            "P doc[0:19] text=Alice has 3 apples.",
        ]

    def test_an_empty_graph_is_the_empty_string(self) -> None:
        """No element, no line."""
        assert SemanticSymbolicBindingGraph().to_canonical_string() == ""

    def test_it_is_not_injective(self) -> None:
        """A unit spelt "None" and no unit, or a line break in a text, make different graphs spell alike: the spelling is no identity."""
        unit_none = graph(
            symbols=(symbol(symbol_id="x", unit="None"),),
            facts=(),
            equations=(),
            unknowns=(),
            constraints=(),
            provenance=(),
        )
        no_unit = graph(
            symbols=(symbol(symbol_id="x"),),
            facts=(),
            equations=(),
            unknowns=(),
            constraints=(),
            provenance=(),
        )
        assert unit_none != no_unit
        assert unit_none.to_canonical_string() == no_unit.to_canonical_string()
        assert canonical_bytes(unit_none) != canonical_bytes(no_unit)
        two = SemanticSymbolicBindingGraph(provenance=(span(text="A\nP p"),))
        # ...and a provenance text holding a line break reads as two lines.
        assert two.to_canonical_string() == "P p1[0:5] text=A\nP p"

    def test_question_targets_are_not_spelt(self) -> None:
        """An unknown's form and state have no place in the Phase-1 lines."""
        asked = graph(unknowns=(unknown(question_form="difference", state_index=0),))
        assert asked.to_canonical_string() == graph().to_canonical_string()

    @given(bgst.graphs(max_symbols=3))
    def test_it_is_the_same_for_equal_graphs(
        self, g: SemanticSymbolicBindingGraph
    ) -> None:
        """Equal graphs (a copy rebuilt field by field) spell alike, a line at least for each element."""
        copy = SemanticSymbolicBindingGraph(
            symbols=g.symbols,
            facts=g.facts,
            equations=g.equations,
            unknowns=g.unknowns,
            constraints=g.constraints,
            provenance=g.provenance,
        )
        spelt = g.to_canonical_string()
        assert spelt == copy.to_canonical_string()
        elements = sum(
            map(
                len,
                (
                    g.symbols,
                    g.facts,
                    g.equations,
                    g.unknowns,
                    g.constraints,
                    g.provenance,
                ),
            )
        )
        # A text may hold line breaks of its own: at least a line an element.
        assert spelt.count("\n") + 1 >= elements
        assert spelt.startswith("S " if g.symbols else "")
