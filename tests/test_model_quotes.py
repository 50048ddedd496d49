"""Spans agree with the text they quote: the graph's ``span_text_mismatch`` rule, on every way in."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    dumps,
    from_data,
    loads,
    to_data,
)
from binding_graph._quotes import SPAN_FIELDS
from binding_graph.strategies import arithmetic_graphs, graphs
from tests._helpers import (
    constraint,
    equation,
    fact,
    graph,
    refusal,
    symbol,
    unknown,
)

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath

PROBLEM: Final = "A train travels at 80 km/h for 3 hours. How far does it go?"
WHOLE: Final = SourceSpanLink("train-1", 0, len(PROBLEM), PROBLEM)


def quoting(phrase: str, *, occurrence: int = 0) -> SourceSpanLink:
    """Return the span of the problem that quotes *phrase*."""
    return WHOLE.find(phrase, occurrence=occurrence)


def lying(start: int, text: str) -> SourceSpanLink:
    """Return a span of the problem at *start* that says *text*, whatever the problem reads."""
    return SourceSpanLink("train-1", start, start + len(text), text)


def quoted_graph(**overrides: Any) -> SemanticSymbolicBindingGraph:
    """Build the helpers' graph with every span inside the problem, quoting it."""
    whole = quoting("80 km/h")
    fields: dict[str, Any] = {
        "symbols": tuple(
            symbol(symbol_id=i, source_span=whole) for i in ("x", "y", "z")
        ),
        "facts": (fact(source_span=quoting("80")),),
        "equations": (equation(source_span=quoting("3 hours")),),
        "unknowns": (unknown(question_span=quoting("How far does it go?")),),
        "constraints": (constraint(source_span=quoting("for")),),
        "provenance": (WHOLE,),
    }
    fields.update(overrides)
    return SemanticSymbolicBindingGraph(**fields)


class TestTheRule:
    """A span inside a provenance span of its source quotes it exactly."""

    def test_the_issue_s_example_is_refused_with_both_texts(self) -> None:
        """The hallucinated span of the issue, 'banana' at [16, 22)."""
        banana = SourceSpanLink("train-1", 16, 22, "banana")
        error = refusal(quoted_graph, facts=(fact(source_span=banana),))
        assert (error.code, error.path) == (
            "span_text_mismatch",
            ("facts", 0, "source_span", "text"),
        )
        assert error.message == (
            "SemanticSymbolicBindingGraph.facts[0].source_span.text must quote its"
            " source as provenance[0] does: at [16, 22) of 'train-1' it reads"
            " 'at 80 ', but the span says 'banana'"
        )

    def test_every_graph_that_quotes_its_provenance_builds(self) -> None:
        """Every span of every kind of element inside the problem, quoting it."""
        built = quoted_graph()
        assert built.provenance == (WHOLE,)

    @pytest.mark.parametrize(
        ("field", "overrides", "path"),
        [
            (
                "symbols",
                {"source_span": lying(19, "90")},
                ("symbols", 1, "source_span", "text"),
            ),
            (
                "facts",
                {"source_span": lying(19, "90")},
                ("facts", 0, "source_span", "text"),
            ),
            (
                "equations",
                {"source_span": lying(31, "4 hours")},
                ("equations", 0, "source_span", "text"),
            ),
            (
                "unknowns",
                {"question_span": lying(40, "How near")},
                ("unknowns", 0, "question_span", "text"),
            ),
            (
                "constraints",
                {"source_span": lying(27, "For")},
                ("constraints", 0, "source_span", "text"),
            ),
        ],
    )
    def test_each_kind_of_span_is_checked_at_its_path(
        self, field: str, overrides: dict[str, Any], path: ErrorPath
    ) -> None:
        """Symbols, facts, equations, unknowns and constraints: the path of the span's text."""
        good = quoted_graph()
        elements = list(getattr(good, field))
        index = int(path[1])
        elements[index] = attrs.evolve(elements[index], **overrides)
        error = refusal(quoted_graph, **{field: tuple(elements)})
        assert (error.code, error.path) == ("span_text_mismatch", path)

    def test_the_first_offending_span_in_field_order_is_refused(self) -> None:
        """Two wrong spans: the symbol's comes before the constraint's."""
        symbols = quoted_graph().symbols
        error = refusal(
            quoted_graph,
            symbols=(
                symbols[0],
                symbols[1],
                attrs.evolve(symbols[2], source_span=lying(0, "B")),
            ),
            constraints=(constraint(source_span=lying(27, "For")),),
        )
        assert error.path == ("symbols", 2, "source_span", "text")

    @pytest.mark.parametrize(
        "span",
        [
            # Another source, however close its offsets.
            SourceSpanLink("train-2", 19, 21, "90"),
            # Past the end of the provenance span, or across it.
            SourceSpanLink("train-1", len(PROBLEM), len(PROBLEM) + 3, "abc"),
            SourceSpanLink("train-1", len(PROBLEM) - 1, len(PROBLEM) + 1, "!!"),
        ],
    )
    def test_spans_outside_every_provenance_span_are_unchanged(
        self, span: SourceSpanLink
    ) -> None:
        """The rule binds only spans that lie inside a provenance span of their source."""
        assert (
            quoted_graph(facts=(fact(source_span=span),)).facts[0].source_span == span
        )

    def test_spans_before_a_provenance_span_are_unchanged(self) -> None:
        """A provenance span that starts late binds nothing before it."""
        late = SourceSpanLink("train-1", 40, len(PROBLEM), PROBLEM[40:])
        built = quoted_graph(
            facts=(fact(source_span=lying(0, "B")),), provenance=(late,)
        )
        assert built.provenance == (late,)

    def test_a_graph_without_provenance_is_unchanged(self) -> None:
        """Without provenance there is nothing to quote."""
        built = quoted_graph(
            facts=(fact(source_span=lying(16, "banana")),), provenance=()
        )
        assert built.facts[0].source_span.text == "banana"

    def test_a_long_quote_is_shown_short(self) -> None:
        """The message shows both texts bounded, as other messages do."""
        text = "x" * 10_000
        source = SourceSpanLink("s", 0, 10_000, text)
        error = refusal(
            quoted_graph,
            provenance=(source,),
            facts=(fact(source_span=SourceSpanLink("s", 0, 10_000, "y" * 10_000)),),
        )
        assert error.code == "span_text_mismatch"
        assert len(error.message) < 400


class TestSeveralProvenanceSpans:
    """Provenance spans of one source agree where they overlap, and bind what lies in any of them."""

    def test_a_nested_provenance_span_that_misquotes_is_refused(self) -> None:
        """A question span inside the problem span must read as the problem does."""
        error = refusal(quoted_graph, provenance=(WHOLE, lying(40, "How near")))
        assert (error.code, error.path) == (
            "span_text_mismatch",
            ("provenance", 1, "text"),
        )
        assert "provenance[0]" in error.message

    def test_the_later_of_two_disagreeing_spans_is_refused(self) -> None:
        """Overlapping spans that disagree: the one later in provenance is at fault."""
        first = SourceSpanLink("train-1", 29, 50, PROBLEM[29:50])
        second = SourceSpanLink("train-1", 0, 34, "A train travels at 80 km/h fox 3 h")
        error = refusal(quoted_graph, provenance=(first, second))
        assert error.path == ("provenance", 1, "text")
        assert error.message.endswith("it reads 'r 3 h', but the span says 'x 3 h'")

    def test_overlapping_spans_that_agree_build(self) -> None:
        """Two windows on one text, overlapping, each quoting it."""
        first, second = quoting("A train travels at 80"), quoting("80 km/h for 3")
        built = quoted_graph(provenance=(second, first, first))
        assert built.provenance == (second, first, first)

    def test_a_span_inside_a_later_window_is_checked_against_it(self) -> None:
        """Of several windows, the one that holds the span is the one that counts."""
        windows = (quoting("A train"), quoting("3 hours. How far"))
        error = refusal(
            quoted_graph,
            provenance=windows,
            facts=(fact(source_span=lying(33, "Hours")),),
        )
        assert error.path == ("facts", 0, "source_span", "text")
        assert "provenance[1]" in error.message

    def test_a_span_across_two_windows_but_inside_neither_is_unchanged(self) -> None:
        """The rule binds a span inside one provenance span, not one that straddles two."""
        windows = (quoting("A train travels"), quoting("travels at 80"))
        across = lying(2, "TRAIN TRAVELS AT")
        built = quoted_graph(provenance=windows, facts=(fact(source_span=across),))
        assert built.facts[0].source_span == across


class TestEveryWayIn:
    """The constructor, attrs.evolve, extend, from_data and loads refuse alike."""

    BAD: Final = fact(source_span=lying(16, "banana"))
    PATH: Final = ("facts", 0, "source_span", "text")

    def test_evolve(self) -> None:
        """attrs.evolve builds anew, and so checks again."""
        error = refusal(attrs.evolve, quoted_graph(), facts=(self.BAD,))
        assert (error.code, error.path) == ("span_text_mismatch", self.PATH)

    def test_from_data_and_loads(self) -> None:
        """A document with the span is refused with the same code and path."""
        document = to_data(quoted_graph(facts=(self.BAD,), provenance=()))
        document["provenance"] = [to_data(WHOLE)]
        for error in (
            refusal(from_data, document),
            refusal(loads, json.dumps(document)),
        ):
            assert (error.code, error.path) == ("span_text_mismatch", self.PATH)

    def test_extend_checks_what_it_adds(self) -> None:
        """A new fact that misquotes the existing provenance."""
        built = quoted_graph(facts=())
        error = refusal(built.extend, facts=(self.BAD,))
        assert (error.code, error.path) == ("span_text_mismatch", self.PATH)

    def test_extend_counts_from_the_start_of_the_collection(self) -> None:
        """The index of an added element counts what was already there."""
        error = refusal(quoted_graph().extend, facts=(self.BAD,))
        assert error.path == ("facts", 1, "source_span", "text")

    def test_new_provenance_binds_the_spans_already_there(self) -> None:
        """Provenance added by extend is checked against every span of the graph."""
        built = quoted_graph(facts=(self.BAD,), provenance=())
        error = refusal(built.extend, provenance=(WHOLE,))
        assert (error.code, error.path) == ("span_text_mismatch", self.PATH)
        with pytest.raises(type(error)) as evolved:
            attrs.evolve(built, provenance=(WHOLE,))
        assert (evolved.value.code, evolved.value.path) == (error.code, error.path)

    def test_extend_with_provenance_that_agrees_equals_evolve(self) -> None:
        """What extend builds is what attrs.evolve builds."""
        built = quoted_graph(provenance=())
        assert built.extend(provenance=(WHOLE,)) == attrs.evolve(
            built, provenance=(WHOLE,)
        )


class TestScale:
    """Many spans of one source, many provenance windows: still one pass each."""

    def test_many_spans_and_windows_of_one_source(self) -> None:
        """10,000 facts over 1,000 windows of one text build, and a bad last one is found."""
        text = "".join(chr(ord("a") + i % 26) for i in range(20_000))
        windows = tuple(
            SourceSpanLink("s", i * 20, i * 20 + 40, text[i * 20 : i * 20 + 40])
            for i in range(999)
        )
        facts = tuple(
            fact(source_span=SourceSpanLink("s", i, i + 3, text[i : i + 3]))
            for i in range(0, 19_000, 2)
        )
        built = quoted_graph(facts=facts, provenance=windows)
        assert len(built.facts) == len(facts)
        wrong = SourceSpanLink("s", 18_990, 18_993, "ZZZ")
        error = refusal(built.extend, facts=(fact(source_span=wrong),))
        assert error.path == ("facts", len(facts), "source_span", "text")

    def test_the_default_strategies_keep_provenance_apart(self) -> None:
        """graphs() gives a provenance span a source of its own when another span uses its id."""

        @settings(max_examples=50, database=None)
        @given(graphs(max_provenance=3))
        def check(drawn: SemanticSymbolicBindingGraph) -> None:
            used = {s.source_span.source_id for s in drawn.symbols}
            assert not used & {p.source_id for p in drawn.provenance}

        check()


def test_graph_helper_is_unchanged() -> None:
    """The helpers' graph has provenance equal to its spans, and builds."""
    assert graph().provenance[0] == graph().facts[0].source_span


def _inside(span: SourceSpanLink, provenance: tuple[SourceSpanLink, ...]) -> bool:
    """Tell whether *span* lies inside a provenance span of its source."""
    return any(
        quoted.source_id == span.source_id
        and quoted.start <= span.start
        and span.end <= quoted.end
        for quoted in provenance
    )


def _quoting(graph: SemanticSymbolicBindingGraph) -> list[tuple[str, int, str]]:
    """Return where each span that lies inside a provenance span of its source is."""
    return [
        (field, index, attribute)
        for field, attribute in SPAN_FIELDS
        for index, element in enumerate(getattr(graph, field))
        if _inside(getattr(element, attribute), graph.provenance)
    ]


class TestDrawnGraphs:
    """Drawn graphs build, and a span inside provenance that misquotes it is refused at its path."""

    @given(
        arithmetic_graphs(min_symbols=1, max_symbols=4, max_facts=4, max_equations=4),
        st.data(),
    )
    def test_a_misquote_inside_provenance_is_refused_at_its_path(
        self, graph: SemanticSymbolicBindingGraph, data: st.DataObject
    ) -> None:
        """One character of a quoting span changed: span_text_mismatch, at that span's text."""
        sites = _quoting(graph)
        if not sites:
            # No span quotes provenance: the first symbol's quotes a new one.
            event("a quote added")
            problem = SourceSpanLink("p" + "#" * 30, 5, 10, "a b c")
            first = attrs.evolve(graph.symbols[0], source_span=problem.find("b c"))
            graph = attrs.evolve(
                graph,
                symbols=(first, *graph.symbols[1:]),
                provenance=(*graph.provenance, problem),
            )
            sites = _quoting(graph)
        field, index, attribute = data.draw(st.sampled_from(sites))
        elements = list(getattr(graph, field))
        span: SourceSpanLink = getattr(elements[index], attribute)
        at = data.draw(st.integers(0, len(span.text) - 1))
        other = data.draw(
            st.characters(exclude_categories=["Cs"]).filter(
                lambda c: c != span.text[at]
            )
        )
        misquote = attrs.evolve(span, text=span.text[:at] + other + span.text[at + 1 :])
        elements[index] = attrs.evolve(elements[index], **{attribute: misquote})
        with pytest.raises(BindingGraphError) as info:
            attrs.evolve(graph, **{field: tuple(elements)})
        assert (info.value.code, info.value.path) == (
            "span_text_mismatch",
            (field, index, attribute, "text"),
        )

    @given(st.one_of(graphs(), arithmetic_graphs()))
    def test_every_drawn_graph_builds(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """A graph of either strategy builds again from its fields, and survives JSON."""
        fields = {a.name: getattr(graph, a.name) for a in attrs.fields(type(graph))}
        assert SemanticSymbolicBindingGraph(**fields) == graph
        assert loads(dumps(graph)) == graph
