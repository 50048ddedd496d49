"""The inverse of compiling: the draft of a graph, compiled back into it; and the canonical form of a draft."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings

from binding_graph import (
    BindingGraphError,
    BoundFact,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    loads,
    refusals,
)
from binding_graph import strategies as bgst
from binding_graph.datasets import from_gsm8k, from_svamp
from binding_graph.drafts import canonical_draft, compile_draft, to_draft
from tests._drafts import TEXT, Problem, draft, problems, written
from tests._helpers import ROOT, untyped

if TYPE_CHECKING:
    from binding_graph.datasets import BenchmarkCase


def round_trip(
    graph: SemanticSymbolicBindingGraph, introduced_by: str = "draft"
) -> BindingGraphError | None:
    """Assert that the draft of *graph* compiles back to it; return to_draft's refusal of it instead, if it has no draft."""
    try:
        drafted = to_draft(graph, introduced_by=introduced_by)
    except BindingGraphError as error:
        return error
    whole = graph.provenance[0]
    compiled = compile_draft(
        drafted, whole.text, source_id=whole.source_id, introduced_by=introduced_by
    )
    assert compiled == graph
    return None


def refusal(graph: object) -> tuple[str, tuple[object, ...], str]:
    """Return the code, path and message of to_draft's refusal of *graph*."""
    with pytest.raises(BindingGraphError) as info:
        to_draft(untyped(graph))
    return info.value.code, info.value.path, info.value.message


GRAPH = compile_draft(draft(), TEXT, source_id="p1")


def _corpus() -> list[SemanticSymbolicBindingGraph]:
    lines = (ROOT / "examples" / "corpus.jsonl").read_bytes().splitlines()
    return [loads(line) for line in lines if not refusals(line)]


def _imported(adapter: Any, record: object, source_id: str) -> BenchmarkCase | None:
    try:
        case: BenchmarkCase = adapter(record, source_id=source_id)
    except BindingGraphError:
        return None
    return case


def _gsm8k() -> list[BenchmarkCase]:
    path = ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [
        _imported(from_gsm8k, json.loads(line), f"gsm8k-{number}")
        for number, line in enumerate(lines, 1)
    ]
    return [case for case in found if case is not None]


def _svamp() -> list[BenchmarkCase]:
    path = ROOT / "tests" / "data" / "svamp" / "SVAMP-200.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    found = [_imported(from_svamp, record, record["ID"]) for record in records]
    return [case for case in found if case is not None]


def on_its_problem(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    """Return a GSM8K gold graph on its problem alone: no solution, each step read from the whole text."""
    problem = graph.provenance[0]
    steps = {equation.lhs_symbol_id for equation in graph.equations}
    return attrs.evolve(
        graph,
        provenance=(problem,),
        equations=tuple(
            attrs.evolve(equation, source_span=problem) for equation in graph.equations
        ),
        symbols=tuple(
            attrs.evolve(symbol, source_span=problem)
            if symbol.symbol_id in steps
            else symbol
            for symbol in graph.symbols
        ),
    )


class TestRoundTrip:
    """compile_draft(to_draft(graph), its text) is the graph, for every graph that has a draft."""

    @settings(max_examples=60)
    @given(problems())
    def test_the_graph_of_any_draft_round_trips(self, problem: Problem) -> None:
        """The draft of a draft's graph compiles back to that graph, and has the draft's canonical form."""
        text, tree = problem
        graph = compile_draft(tree, text, source_id="p")
        drafted = to_draft(graph)
        assert compile_draft(drafted, text, source_id="p") == graph
        assert canonical_draft(drafted, text) == canonical_draft(written(tree), text)
        assert to_draft(compile_draft(written(drafted), text, source_id="p")) == drafted

    @settings(max_examples=60)
    @given(bgst.arithmetic_graphs(max_provenance=1))
    def test_any_graph_round_trips_or_is_refused_saying_why(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """A drawn graph's draft compiles back to it, or to_draft refuses it as not_draftable, at a path into it."""
        error = round_trip(graph)
        if error is not None:
            assert error.code == "not_draftable"
            assert error.message.startswith("SemanticSymbolicBindingGraph")

    def test_the_bundled_corpus(self) -> None:
        """Each graph of the corpus round-trips, but those whose facts quote words that do not state their values, or whose equations are not admitted."""
        corpus = _corpus()
        found = [round_trip(graph, "corpus-parser-v2") for graph in corpus]
        refused = [(error.code, error.path) for error in found if error is not None]
        assert refused == [
            ("not_draftable", ("facts", 2)),
            ("not_draftable", ("facts", 1)),
            ("not_draftable", ("equations", 0, "admissibility_status")),
            ("not_draftable", ("equations", 0, "admissibility_status")),
        ]
        assert len(corpus) - len(refused) == 18

    def test_the_gsm8k_sample_on_its_problems(self) -> None:
        """Each GSM8K gold graph, read from its problem alone, round-trips; with its solution as a second text, it has no draft."""
        cases = _gsm8k()
        assert len(cases) == 183
        for case in cases:
            assert round_trip(on_its_problem(case.graph), "from_gsm8k") is None
        assert refusal(cases[0].graph) == (
            "not_draftable",
            ("provenance",),
            (
                "SemanticSymbolicBindingGraph.provenance must hold exactly one span, the"
                " problem's text: a draft is compiled against one text (got 2)"
            ),
        )

    def test_the_svamp_sample(self) -> None:
        """Each SVAMP gold graph round-trips."""
        cases = _svamp()
        assert len(cases) == 199
        for case in cases:
            assert round_trip(case.graph, "from_svamp") is None


class TestToDraft:
    """to_draft writes a draft in writing order with what the graph needs, and refuses what no draft gives."""

    def test_a_draft_is_in_writing_order_with_nothing_more(self) -> None:
        """The draft of a draft's graph is the draft, but for what it spelled otherwise: a value, an expression."""
        drafted = to_draft(GRAPH)
        expected = draft()
        expected["quantities"][2]["value"] = 4
        expected["steps"][0]["expression"] = "laid - eaten - baked"
        expected["steps"][1]["expression"] = "left * price"
        assert drafted == expected
        assert list(drafted["quantities"][0]) == ["name", "quote", "value", "unit"]

    def test_a_graph_is_a_graph(self) -> None:
        """A graph is refused unless it is exactly one; so is an introducer that is no text."""
        assert refusal({"symbols": []})[:2] == ("wrong_type", ("graph",))
        with pytest.raises(BindingGraphError) as info:
            to_draft(GRAPH, introduced_by=untyped(""))
        assert (info.value.code, info.value.path) == ("empty_text", ("introduced_by",))

    @pytest.mark.parametrize(
        ("change", "path", "message"),
        [
            (
                {"provenance": ()},
                ("provenance",),
                (
                    "must hold exactly one span, the problem's text: a draft is compiled"
                    " against one text (got 0)"
                ),
            ),
            (
                {"unknowns": ()},
                ("unknowns",),
                "must hold exactly one unknown, the question (got 0)",
            ),
        ],
    )
    def test_what_a_draft_cannot_hold(
        self, change: dict[str, Any], path: tuple[object, ...], message: str
    ) -> None:
        """A graph without one text, or without one question, has no draft."""
        assert refusal(attrs.evolve(GRAPH, **change)) == (
            "not_draftable",
            path,
            f"SemanticSymbolicBindingGraph.{path[0]} {message}",
        )

    def test_a_text_that_starts_later(self) -> None:
        """A provenance span from another offset than 0 is no whole text."""
        text = GRAPH.provenance[0].text
        later = SourceSpanLink("p1", 5, len(text), text[5:])
        moved = attrs.evolve(GRAPH, provenance=(later,))
        assert refusal(moved)[:2] == ("not_draftable", ("provenance", 0, "start"))

    def test_symbols_defined_otherwise_than_once(self) -> None:
        """A symbol defined by no fact and no equation, or by two, has no draft."""
        extra = attrs.evolve(GRAPH.facts[0], symbol_id="left")
        assert refusal(attrs.evolve(GRAPH, facts=(*GRAPH.facts, extra)))[1:] == (
            ("symbols", 4),
            (
                "SemanticSymbolicBindingGraph.symbols[4] is defined by 1 facts and 1"
                " equations: each name of a draft is one quantity or one step"
            ),
        )
        assert refusal(attrs.evolve(GRAPH, facts=GRAPH.facts[1:]))[1] == ("symbols", 0)

    def test_symbols_facts_and_equations_out_of_order(self) -> None:
        """Quantities' symbols come first, and facts and equations in their symbols' order."""
        symbols = GRAPH.symbols
        swapped = (*symbols[:3], symbols[4], symbols[3], symbols[5])
        assert refusal(attrs.evolve(GRAPH, symbols=swapped))[1] == ("symbols", 4)
        facts = (GRAPH.facts[1], GRAPH.facts[0], *GRAPH.facts[2:])
        assert refusal(attrs.evolve(GRAPH, facts=facts))[1:] == (
            ("facts", 0),
            (
                "SemanticSymbolicBindingGraph.facts[0] is out of its symbols' order: a"
                " draft's graph lists facts and equations in the order of their symbols"
            ),
        )

    def test_an_equation_not_admitted(self) -> None:
        """A pending equation is no step."""
        pending = attrs.evolve(GRAPH.equations[0], admissibility_status="pending")
        assert refusal(attrs.evolve(GRAPH, equations=(pending, GRAPH.equations[1])))[
            1:
        ] == (
            ("equations", 0, "admissibility_status"),
            (
                "SemanticSymbolicBindingGraph.equations[0].admissibility_status must be"
                " 'admitted': a step is an admitted equation (got 'pending')"
            ),
        )

    def test_a_fact_in_another_unit_or_another_text(self) -> None:
        """A fact in another unit than its symbol, or quoting another source, has no draft."""
        other_unit = attrs.evolve(GRAPH.facts[0], unit="dozens")
        assert refusal(attrs.evolve(GRAPH, facts=(other_unit, *GRAPH.facts[1:])))[
            1:
        ] == (
            ("facts", 0, "unit"),
            (
                "SemanticSymbolicBindingGraph.facts[0].unit must be its symbol's unit,"
                " 'eggs': a quantity has one unit (got 'dozens')"
            ),
        )
        elsewhere = BoundFact(
            symbol_id="laid",
            value="16",
            source_span=SourceSpanLink("p2", 0, 2, "16"),
            unit="eggs",
        )
        assert refusal(attrs.evolve(GRAPH, facts=(elsewhere, *GRAPH.facts[1:])))[
            1:
        ] == (
            ("facts", 0, "source_span"),
            (
                "SemanticSymbolicBindingGraph.facts[0].source_span must quote the problem's"
                " text, 'p1' from 0 to 143: a draft quotes its one text"
            ),
        )

    def test_what_its_draft_would_refuse(self) -> None:
        """A graph whose draft is refused has no draft, and says the draft's refusal, at its element."""
        wrong = attrs.evolve(GRAPH.facts[0], value="61")
        assert refusal(attrs.evolve(GRAPH, facts=(wrong, *GRAPH.facts[1:])))[1:] == (
            ("facts", 0),
            (
                "SemanticSymbolicBindingGraph.facts[0] has no draft, since its draft is"
                " refused: Draft.quantities[0].value must be a number its quote states:"
                " '16 eggs' states 16 (got '61')"
            ),
        )
        asked = attrs.evolve(GRAPH.unknowns[0], expected_unit="per per")
        assert refusal(attrs.evolve(GRAPH, unknowns=(asked,)))[:2] == (
            "not_draftable",
            ("unknowns", 0),
        )

    def test_what_its_draft_would_give_otherwise(self) -> None:
        """A right-hand side that is not canonical, or dependencies beyond its names, are not what a draft gives."""
        spelled = attrs.evolve(GRAPH.equations[0], rhs_canonical="laid-eaten-baked")
        assert refusal(attrs.evolve(GRAPH, equations=(spelled, GRAPH.equations[1])))[
            1:
        ] == (
            ("equations", 0, "rhs_canonical"),
            (
                "SemanticSymbolicBindingGraph.equations[0].rhs_canonical would be 'laid -"
                " eaten - baked' in the graph its draft compiles to, not 'laid-eaten-baked':"
                " a draft cannot say it"
            ),
        )
        more = attrs.evolve(
            GRAPH.equations[1], dependencies=frozenset({"left", "price", "laid"})
        )
        assert refusal(attrs.evolve(GRAPH, equations=(GRAPH.equations[0], more)))[
            1
        ] == (
            "equations",
            1,
            "dependencies",
        )

    def test_a_right_hand_side_outside_the_profile(self) -> None:
        """An equation that the arithmetic cannot read gives a draft its compiling refuses."""
        odd = attrs.evolve(GRAPH.equations[0], rhs_canonical="laid ^ 2")
        assert refusal(attrs.evolve(GRAPH, equations=(odd, GRAPH.equations[1])))[1] == (
            "equations",
            0,
        )


class TestCanonicalDraft:
    """The canonical form of a draft: one text for all the drafts that compile to one graph."""

    def test_drafts_of_one_graph_have_one_form(self) -> None:
        """Spacing, values as strings, an occurrence of 0 and key order do not change it."""
        other = draft()
        other["quantities"][0]["value"] = "16"
        other["quantities"][0]["occurrence"] = 0
        other["steps"][0]["expression"] = "laid - eaten - baked"
        other["question"] = {"quote": "How much does she make?", "name": "income"}
        form = canonical_draft(draft(), TEXT)
        assert canonical_draft(json.dumps(other), TEXT) == form
        assert json.loads(form) == json.loads(
            json.dumps(to_draft(GRAPH), sort_keys=True)
        )
        assert form.startswith(b'{"quantities":[{"name":"laid","quote":"16 eggs"')

    def test_a_refused_draft_has_none(self) -> None:
        """canonical_draft refuses what compile_draft refuses."""
        with pytest.raises(BindingGraphError) as info:
            canonical_draft({"quantities": []}, TEXT)
        assert (info.value.code, info.value.path) == ("missing_key", ("steps",))
