"""binding_graph.datasets.score: answers, refusals and facts of predicted graphs against gold cases."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    LineRecord,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    load_lines,
    refusal_line,
)
from binding_graph import strategies as bgst
from binding_graph.arithmetic import answers
from binding_graph.datasets import (
    BenchmarkCase,
    CheckRow,
    Score,
    WrongCase,
    case_line,
    load_cases,
    score,
)
from tests._cases import CASE, imported
from tests._helpers import refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Iterator

NOT_ARITHMETIC: Final = BindingGraphError("not_arithmetic", "the parser gave up")
NO_FACTS: Final = attrs.evolve(CASE.graph, facts=())
PLUS: Final = attrs.evolve(
    CASE.graph,
    equations=(
        attrs.evolve(
            CASE.graph.equations[0],
            rhs_canonical="sym_3_000 + sym_4_001",
            operation_kind="add",
        ),
    ),
)


@pytest.fixture(scope="module")
def gold() -> list[BenchmarkCase]:
    """Gold cases of the first records of the GSM8K and SVAMP samples."""
    return imported()


def _perfect(result: Score, total: int) -> None:
    assert (result.total, result.correct, result.wrong_total) == (total, total, 0)
    assert result.accuracy == result.fact_precision == result.fact_recall == 1
    assert result.wrong == ()
    assert dict(result.refused) == dict(result.unsolvable) == {}


class TestGold:
    """Gold scored against itself is perfect; a perturbed copy falls exactly as it should."""

    def test_gold_against_gold_is_perfect(self, gold: list[BenchmarkCase]) -> None:
        """Accuracy, fact precision and fact recall are all 1."""
        result = score((case.graph for case in gold), iter(gold))
        _perfect(result, len(gold))
        assert result.facts_matched == result.facts_gold == result.facts_predicted
        assert result.facts_gold == sum(len(case.graph.facts) for case in gold)

    def test_dropping_a_fact(self, gold: list[BenchmarkCase]) -> None:
        """Recall falls by exactly 1/facts_gold; precision stays 1."""
        perfect = score([case.graph for case in gold], gold)
        target = next(i for i, case in enumerate(gold) if case.graph.facts)
        graph = gold[target].graph
        dropped = attrs.evolve(graph, facts=graph.facts[1:])
        predicted = [case.graph for case in gold]
        predicted[target] = dropped
        result = score(predicted, gold)
        assert result.fact_recall == perfect.fact_recall - Fraction(
            1, perfect.facts_gold
        )
        assert result.fact_precision == 1
        assert result.facts_predicted == perfect.facts_predicted - 1

    def test_changing_an_operator(self, gold: list[BenchmarkCase]) -> None:
        """The case's answer changes: correct falls by exactly 1, and it is wrong for its answer."""
        target = next(
            i
            for i, case in enumerate(gold)
            if " * " in case.graph.equations[0].rhs_canonical
        )
        graph = gold[target].graph
        first = graph.equations[0]
        changed = attrs.evolve(
            graph,
            equations=(
                attrs.evolve(
                    first, rhs_canonical=first.rhs_canonical.replace(" * ", " + ", 1)
                ),
                *graph.equations[1:],
            ),
        )
        got = answers(changed)
        assert got != (gold[target].answer,)
        predicted = [case.graph for case in gold]
        predicted[target] = changed
        result = score(predicted, gold)
        assert result.correct == len(gold) - 1
        assert result.wrong == (
            WrongCase(
                index=target,
                source_id=gold[target].source_id,
                why="wrong_answer",
                code=None,
                expected=gold[target].answer,
                got=got,
                step=0,
                step_equation=f"{first.lhs_symbol_id} := {first.rhs_canonical}",
                predicted_step=0,
                predicted_equation=(
                    f"{first.lhs_symbol_id} := {changed.equations[0].rhs_canonical}"
                ),
            ),
        )
        assert result.fact_precision == result.fact_recall == 1
        # One step miswritten: it alone is unmatched, and the question still
        # asks for the quantity the gold asks for.
        assert result.equations_matched == result.equations_gold - 1
        assert result.questions_matched == result.questions_gold
        assert result.setups_right == len(gold) - 1

    def test_score_is_deterministic(self, gold: list[BenchmarkCase]) -> None:
        """Two runs give equal scores and equal data."""
        predicted = [NOT_ARITHMETIC, NO_FACTS, *(case.graph for case in gold[2:])]
        first, second = score(predicted, gold), score(predicted, gold)
        assert first == second
        assert hash(first) == hash(second)
        assert first.to_data() == second.to_data()


class TestOutcomes:
    """Refusals, line records and unsolvable graphs are counted by code."""

    def test_every_kind_of_item(self) -> None:
        """A graph, a refusal, and line records of each; the score and its data are exact."""
        predicted = [
            CASE.graph,
            NOT_ARITHMETIC,
            LineRecord(3, error=BindingGraphError("missing_key", "m", ("symbols",))),
            LineRecord(4, graph=CASE.graph),
            NO_FACTS,
            PLUS,
            BindingGraphError("not_arithmetic", "again"),
        ]
        result = score(predicted, [CASE] * 7)
        assert result.to_data() == {
            "total": 7,
            "correct": 2,
            "accuracy": 2 / 7,
            "accepted": 3,
            "coverage": 3 / 7,
            "precision": 2 / 3,
            "refused": {"missing_key": 1, "not_arithmetic": 2},
            "unsolvable": {"unbound_unknown": 1},
            "facts_matched": 6,
            "facts_predicted": 6,
            "facts_gold": 14,
            "facts_recalled": 6,
            "fact_precision": 1.0,
            "fact_recall": 3 / 7,
            "equations_matched": 2,
            "equations_predicted": 4,
            "equations_gold": 7,
            "equation_precision": 0.5,
            "equation_recall": 2 / 7,
            "questions_matched": 3,
            "questions_predicted": 4,
            "questions_gold": 7,
            "question_precision": 0.75,
            "question_recall": 3 / 7,
            "setups_right": 2,
            "unanswerable": 0,
            "refusals_right": 0,
            "refusal_precision": 0.0,
            "refusal_recall": 1.0,
            "by_perturbation": {},
            "by_check": [],
            "wrong_total": 5,
            "wrong": [
                {
                    "case": 2,
                    "source_id": "p1",
                    "why": "refused",
                    "code": "not_arithmetic",
                    "expected": "12",
                    "got": None,
                    "step": None,
                    "step_equation": None,
                    "predicted_step": None,
                    "predicted_equation": None,
                },
                {
                    "case": 3,
                    "source_id": "p1",
                    "why": "refused",
                    "code": "missing_key",
                    "expected": "12",
                    "got": None,
                    "step": None,
                    "step_equation": None,
                    "predicted_step": None,
                    "predicted_equation": None,
                },
                {
                    "case": 5,
                    "source_id": "p1",
                    "why": "unsolvable",
                    "code": "unbound_unknown",
                    "expected": "12",
                    "got": None,
                    "step": 0,
                    "step_equation": "sym_step_1_002 := sym_3_000 * sym_4_001",
                    # Without facts nothing pairs: the gold's own names.
                    "predicted_step": None,
                    "predicted_equation": "sym_step_1_002 := sym_3_000 * sym_4_001",
                },
                {
                    "case": 6,
                    "source_id": "p1",
                    "why": "wrong_answer",
                    "code": None,
                    "expected": "12",
                    "got": ["7"],
                    "step": 0,
                    "step_equation": "sym_step_1_002 := sym_3_000 * sym_4_001",
                    "predicted_step": 0,
                    "predicted_equation": "sym_step_1_002 := sym_3_000 + sym_4_001",
                },
                {
                    "case": 7,
                    "source_id": "p1",
                    "why": "refused",
                    "code": "not_arithmetic",
                    "expected": "12",
                    "got": None,
                    "step": None,
                    "step_equation": None,
                    "predicted_step": None,
                    "predicted_equation": None,
                },
            ],
        }
        assert list(result.refused) == ["missing_key", "not_arithmetic"]
        assert result.accuracy == Fraction(2, 7)

    def test_keep_caps_the_wrong_cases_kept(self) -> None:
        """Keep caps wrong; wrong_total counts them all."""
        result = score([NOT_ARITHMETIC, PLUS, NO_FACTS], [CASE] * 3, keep=1)
        assert [case.index for case in result.wrong] == [0]
        assert result.wrong_total == 3
        assert score([PLUS], [CASE], keep=0).wrong == ()

    def test_nothing_to_score(self) -> None:
        """No cases: accuracy 0, precision and recall 1."""
        result = score([], [])
        assert (result.total, result.accuracy) == (0, Fraction(0))
        assert result.fact_precision == result.fact_recall == 1

    def test_a_fact_matches_by_span_and_value(self) -> None:
        """Another source, another value or an unreadable value matches nothing; 4.0 and 8/2 match 4, each gold fact recalled once."""
        fact = CASE.graph.facts[1]
        span = attrs.evolve(fact.source_span)
        variants = [
            attrs.evolve(fact, value="4.0"),
            attrs.evolve(fact, value="5"),
            attrs.evolve(fact, value="four"),
            attrs.evolve(fact, source_span=attrs.evolve(span, source_id="p2")),
            attrs.evolve(fact, value="8/2"),
        ]
        graph = attrs.evolve(CASE.graph, facts=(CASE.graph.facts[0], *variants))
        result = score([graph], [CASE])
        assert (
            result.facts_matched,
            result.facts_recalled,
            result.facts_predicted,
            result.facts_gold,
        ) == (3, 2, 6, 2)
        assert (result.fact_precision, result.fact_recall) == (
            Fraction(1, 2),
            Fraction(1),
        )
        unreadable = attrs.evolve(CASE.graph, facts=(attrs.evolve(fact, value="four"),))
        gold = BenchmarkCase("p1", unreadable, Fraction(12))
        assert score([unreadable], [gold]).facts_matched == 0


def test_a_fact_quoting_other_words_at_the_same_offsets_matches_nothing() -> None:
    """Without the gold's provenance, a span may quote anything at the gold's offsets: it matches only if it quotes the same words."""
    facts = tuple(
        attrs.evolve(
            fact,
            source_span=attrs.evolve(
                fact.source_span, text="Z" * len(fact.source_span.text)
            ),
        )
        for fact in CASE.graph.facts
    )
    graph = attrs.evolve(CASE.graph, facts=facts, provenance=())
    result = score([graph], [CASE])
    assert (result.facts_matched, result.facts_predicted, result.facts_gold) == (
        0,
        2,
        2,
    )
    assert result.fact_precision == result.fact_recall == 0
    honest = attrs.evolve(CASE.graph, provenance=())
    assert score([honest], [CASE]).facts_matched == 2


class _Raising:
    """An iterable whose iteration raises."""

    def __iter__(self) -> Iterator[object]:
        raise RuntimeError("iter")


class TestRefusals:
    """score refuses what it cannot pair or read, with code, path and message."""

    @pytest.mark.parametrize(
        ("predicted", "gold", "expected"),
        [
            (
                [CASE.graph],
                [CASE, CASE],
                (
                    "malformed_document",
                    ("predicted",),
                    (
                        "score.predicted ended after 1 items, before score.gold: the two"
                        " must pair one to one"
                    ),
                ),
            ),
            (
                [CASE.graph, CASE.graph],
                [CASE],
                (
                    "malformed_document",
                    ("gold",),
                    (
                        "score.gold ended after 1 items, before score.predicted: the two"
                        " must pair one to one"
                    ),
                ),
            ),
            (
                ["graph"],
                [CASE],
                (
                    "wrong_type",
                    ("predicted", 0),
                    (
                        "score.predicted must be a graph, a BindingGraphError or a"
                        " LineRecord, not str (got 'graph')"
                    ),
                ),
            ),
            (
                [CASE.graph],
                [CASE.graph],
                (
                    "wrong_type",
                    ("gold", 0),
                    (
                        "score.gold must be an iterable of BenchmarkCase or"
                        " CaseRecord, not SemanticSymbolicBindingGraph (got"
                        " SemanticSymbolicBindingGraph..."
                    ),
                ),
            ),
            (
                [BindingGraphError(untyped(7), "m")],
                [CASE],
                (
                    "wrong_type",
                    ("predicted", 0),
                    (
                        "score.predicted[0].code must be a refusal code, a str, not int"
                        " (got 7)"
                    ),
                ),
            ),
            (
                [BindingGraphError(untyped("gave_up"), "m")],
                [CASE],
                (
                    "not_in_vocabulary",
                    ("predicted", 0),
                    (
                        "score.predicted[0].code must be one of the library's refusal"
                        " codes (got 'gave_up')"
                    ),
                ),
            ),
            (
                _Raising(),
                [CASE],
                (
                    "wrong_type",
                    ("predicted",),
                    (
                        "score.predicted must be an iterable of a graph, a"
                        " BindingGraphError or a LineRecord, but the _Raising given"
                        " raised RuntimeError when it was used"
                    ),
                ),
            ),
        ],
    )
    def test_refusals(self, predicted: object, gold: object, expected: object) -> None:
        """Each refusal, exactly."""
        error = refusal(score, untyped(predicted), untyped(gold))
        code, path, message = untyped(expected)
        assert (error.code, error.path) == (code, path)
        assert error.message.startswith(message.removesuffix("..."))

    @pytest.mark.parametrize("keep", [-1, True, 1.0])
    def test_keep_must_be_a_count(self, keep: object) -> None:
        """Keep is an int of at least 0."""
        error = refusal(score, [], [], keep=untyped(keep))
        assert (error.code, error.path) == ("wrong_type", ("keep",))
        assert error.message.startswith("score.keep must be an int of at least 0, not")


def _wrong(**changes: object) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "index": 0,
        "source_id": "p1",
        "why": "refused",
        "code": "not_arithmetic",
        "expected": Fraction(12),
        "got": None,
    }
    fields.update(changes)
    return fields


def _score(**changes: object) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "total": 2,
        "correct": 1,
        "refused": {"not_arithmetic": 1},
        "unsolvable": {},
        "wrong": (WrongCase(**_wrong()),),
        "wrong_total": 1,
        "facts_matched": 1,
        "facts_predicted": 2,
        "facts_gold": 1,
    }
    fields.update(changes)
    return fields


class TestValues:
    """Score and WrongCase refuse fields that do not make a score."""

    @pytest.mark.parametrize(
        ("changes", "expected"),
        [
            ({"index": -1}, ("wrong_type", ("index",))),
            ({"source_id": ""}, ("empty_text", ("source_id",))),
            ({"why": 3}, ("wrong_type", ("why",))),
            ({"why": "lost"}, ("not_in_vocabulary", ("why",))),
            ({"code": None}, ("wrong_type", ("code",))),
            ({"code": "gave_up"}, ("not_in_vocabulary", ("code",))),
            ({"code": 3}, ("wrong_type", ("code",))),
            ({"expected": 12}, ("wrong_type", ("expected",))),
            ({"got": (Fraction(1),)}, ("wrong_type", ("got",))),
            ({"why": "wrong_answer", "code": None}, ("wrong_type", ("got",))),
            (
                {"why": "wrong_answer", "code": None, "got": (1,)},
                ("wrong_type", ("got",)),
            ),
            (
                {"why": "wrong_answer", "code": None, "got": [Fraction(1)]},
                ("wrong_type", ("got",)),
            ),
            ({"step": -1, "step_equation": "a := b"}, ("wrong_type", ("step",))),
            ({"step": True, "step_equation": "a := b"}, ("wrong_type", ("step",))),
            ({"step": 0}, ("wrong_type", ("step_equation",))),
            ({"step_equation": "a := b"}, ("wrong_type", ("step_equation",))),
            (
                {"predicted_equation": "x := y"},
                ("wrong_type", ("predicted_equation",)),
            ),
            (
                {"step": 0, "step_equation": "a := b", "predicted_step": 0},
                ("wrong_type", ("predicted_equation",)),
            ),
            (
                {
                    "step": 0,
                    "step_equation": "a := b",
                    "predicted_step": -1,
                    "predicted_equation": "x := y",
                },
                ("wrong_type", ("predicted_step",)),
            ),
            (
                {"step": 0, "step_equation": "a := b", "predicted_equation": ""},
                ("empty_text", ("predicted_equation",)),
            ),
        ],
    )
    def test_a_bad_wrong_case(
        self, changes: dict[str, object], expected: tuple[str, tuple[str, ...]]
    ) -> None:
        """Each field, and code and got against why."""
        error = refusal(WrongCase, **_wrong(**changes))
        assert (error.code, error.path) == expected

    def test_a_wrong_case_message(self) -> None:
        """A message names the class, the field and the rule."""
        error = refusal(WrongCase, **_wrong(why="lost"))
        assert error.message == (
            "WrongCase.why must be one of refused, unsolvable, wrong_answer,"
            " answered (got 'lost')"
        )

    @pytest.mark.parametrize(
        ("changes", "expected"),
        [
            ({"total": -1}, ("wrong_type", ("total",))),
            ({"correct": "1"}, ("wrong_type", ("correct",))),
            ({"refused": [("not_arithmetic", 1)]}, ("wrong_type", ("refused",))),
            ({"refused": {3: 1}}, ("wrong_type", ("refused",))),
            ({"refused": {"gave_up": 1}}, ("not_in_vocabulary", ("refused",))),
            (
                {"refused": {"not_arithmetic": 0}},
                ("wrong_type", ("refused", "not_arithmetic")),
            ),
            (
                {"unsolvable": {"not_arithmetic": True}},
                ("wrong_type", ("unsolvable", "not_arithmetic")),
            ),
            ({"wrong": [WrongCase(**_wrong())]}, ("wrong_type", ("wrong",))),
            ({"wrong": ("case",)}, ("wrong_type", ("wrong",))),
            ({"wrong_total": 2}, ("wrong_type", ("wrong_total",))),
            (
                {"wrong": (), "wrong_total": 1, "refused": {"not_arithmetic": 2}},
                ("wrong_type", ("wrong_total",)),
            ),
            (
                {"total": 3, "wrong_total": 2, "wrong": (WrongCase(**_wrong()),) * 3},
                ("wrong_type", ("wrong_total",)),
            ),
            ({"facts_matched": 3}, ("wrong_type", ("facts_matched",))),
            ({"facts_matched": 2}, ("wrong_type", ("facts_recalled",))),
            ({"facts_recalled": 2}, ("wrong_type", ("facts_recalled",))),
            (
                {"facts_matched": 1, "facts_recalled": 2, "facts_gold": 3},
                ("wrong_type", ("facts_recalled",)),
            ),
            (
                {"facts_matched": 2, "facts_predicted": 1, "facts_gold": 3},
                ("wrong_type", ("facts_matched",)),
            ),
            ({"equations_matched": 1}, ("wrong_type", ("equations_matched",))),
            ({"setups_right": 3}, ("wrong_type", ("setups_right",))),
            ({"unanswerable": 3}, ("wrong_type", ("unanswerable",))),
            (
                {"unanswerable": 1, "refusals_right": 2},
                ("wrong_type", ("refusals_right",)),
            ),
            ({"by_perturbation": {"": (1, 1)}}, ("wrong_type", ("by_perturbation",))),
            ({"by_perturbation": {3: (1, 1)}}, ("wrong_type", ("by_perturbation",))),
            (
                {"by_perturbation": {"x": (1, 2)}},
                ("wrong_type", ("by_perturbation", "x")),
            ),
            (
                {"by_perturbation": {"x": (0, 0)}},
                ("wrong_type", ("by_perturbation", "x")),
            ),
            (
                {"by_perturbation": {"x": [1, 1]}},
                ("wrong_type", ("by_perturbation", "x")),
            ),
            (
                {"by_perturbation": {"x": (1, 1, 1)}},
                ("wrong_type", ("by_perturbation", "x")),
            ),
            (
                {"by_perturbation": [("x", (1, 1))]},
                ("wrong_type", ("by_perturbation",)),
            ),
        ],
    )
    def test_a_bad_score(
        self, changes: dict[str, object], expected: tuple[str, tuple[str, ...]]
    ) -> None:
        """Each field, and the counts against each other."""
        error = refusal(Score, **_score(**changes))
        assert (error.code, error.path) == expected

    def test_counts_read_in_code_order(self) -> None:
        """A mapping proxy is taken too; counts read sorted, and equal scores hash alike."""
        counts = MappingProxyType({"wrong_type": 1, "not_arithmetic": 1})
        first = Score(**_score(total=3, wrong_total=2, refused=counts))
        assert list(first.refused) == ["not_arithmetic", "wrong_type"]
        second = Score(**_score(total=3, wrong_total=2, refused=dict(counts)))
        assert first == second
        assert hash(first) == hash(second)


@given(
    st.lists(
        bgst.arithmetic_graphs(
            max_symbols=4, max_facts=3, max_equations=3, max_unknowns=1
        ),
        max_size=4,
    )
)
def test_a_graph_scored_against_itself_is_perfect(
    graphs: list[SemanticSymbolicBindingGraph],
) -> None:
    """Graphs of one unknown, as gold with their own answers, score perfectly, twice alike."""
    gold = [
        BenchmarkCase(f"case-{index}", graph, answers(graph)[0])
        for index, graph in enumerate(graphs)
        if graph.unknowns
    ]
    predicted = [case.graph for case in gold]
    result = score(predicted, gold)
    if gold:
        _perfect(result, len(gold))
    else:
        assert (result.total, result.accuracy, result.fact_recall) == (
            0,
            Fraction(0),
            Fraction(1),
        )
    assert result == score(predicted, gold)


class TestFromReaders:
    """score takes what load_lines and load_cases yield: a refusal record is the producer's refusal, a gold line that holds no case is refused."""

    def test_what_the_readers_yield(self) -> None:
        """A graph and a refusal record against two gold lines: one right, one refused by its code."""
        refused = BindingGraphError("quote_not_found", "m", ("draft",))
        predicted = [canonical_bytes(CASE.graph), refusal_line("p2", [refused])]
        gold = [case_line(CASE), case_line(attrs.evolve(CASE, source_id="p2"))]
        result = score(load_lines(predicted), load_cases(gold))
        assert (result.total, result.correct, dict(result.refused)) == (
            2,
            1,
            {"quote_not_found": 1},
        )
        assert result.wrong[0].source_id == "p2"

    def test_a_gold_line_that_holds_no_case(self) -> None:
        """Refused by its own code, at its place under gold, the message naming its line."""
        gold = load_cases([case_line(CASE), b"", b'{"answer": "1"}'])
        error = refusal(score, [CASE.graph, CASE.graph], gold)
        assert (error.code, error.path, error.message) == (
            "missing_key",
            ("gold", 1, "source_id"),
            (
                "score.gold[1] is line 3 of the gold cases, which holds no case: a"
                " case line has no key 'source_id'"
            ),
        )


UNANSWERABLE: Final = BenchmarkCase(
    "p1", NO_FACTS, None, reason="nothing states how many apples a bag holds"
)


def _refuse_plus(graph: SemanticSymbolicBindingGraph) -> list[BindingGraphError]:
    """A test-local check: refuse a graph with a sum, at the sum's equation."""
    return [
        BindingGraphError("not_arithmetic", "no sums", ("equations", index))
        for index, equation in enumerate(graph.equations)
        if equation.operation_kind == "add"
    ]


def _refuse_all(graph: SemanticSymbolicBindingGraph) -> list[BindingGraphError]:
    """A test-local check that refuses every graph, twice."""
    del graph
    return [
        BindingGraphError("limit_exceeded", "too trusting", ()),
        BindingGraphError("not_arithmetic", "and more", ()),
    ]


def _passes(graph: SemanticSymbolicBindingGraph) -> tuple[BindingGraphError, ...]:
    """A test-local check that passes every graph, as a tuple."""
    del graph
    return ()


class TestSelective:
    """Coverage (accepted of all), accuracy (right of all) and precision (right of accepted)."""

    def test_the_figures_of_a_small_set(self) -> None:
        """Two right, one wrong, a refusal and an unsolvable graph: accepted 3, coverage 3/5, precision 2/3."""
        result = score(
            [CASE.graph, PLUS, NOT_ARITHMETIC, NO_FACTS, CASE.graph], [CASE] * 5
        )
        assert (
            result.accepted,
            result.coverage,
            result.accuracy,
            result.precision,
        ) == (
            3,
            Fraction(3, 5),
            Fraction(2, 5),
            Fraction(2, 3),
        )

    def test_a_right_refusal_is_not_accepted(self) -> None:
        """A refusal of a case that expects one is right, but answers nothing: it counts in accuracy, not in precision."""
        result = score([NOT_ARITHMETIC, PLUS], [UNANSWERABLE, CASE])
        assert (result.correct, result.refusals_right, result.accepted) == (1, 1, 1)
        assert (result.coverage, result.accuracy, result.precision) == (
            Fraction(1, 2),
            Fraction(1, 2),
            Fraction(0),
        )

    def test_nothing_accepted(self) -> None:
        """Every prediction refused: coverage 0, precision 1, as the other precisions of nothing; no case: coverage 0."""
        result = score([NOT_ARITHMETIC], [CASE])
        assert (result.accepted, result.coverage, result.precision) == (
            0,
            Fraction(0),
            Fraction(1),
        )
        empty = score([], [])
        assert empty.accepted == 0
        assert (empty.coverage, empty.precision) == (Fraction(0), Fraction(1))


class TestChecks:
    """Checks applied to the graphs accepted, one after another, each a row of the figures with it added."""

    def test_each_row_adds_its_check(self) -> None:
        """The sum refused by the first check, the rest by the second; each row its exact figures."""
        predicted = [CASE.graph, PLUS, NOT_ARITHMETIC, CASE.graph]
        result = score(
            predicted,
            [CASE] * 4,
            checks=(("no sums", _refuse_plus), ("none", _refuse_all)),
        )
        assert (result.accepted, result.precision) == (3, Fraction(2, 3))
        assert [row.to_data() for row in result.by_check] == [
            {
                "name": "no sums",
                "refused": 1,
                "refused_right": 0,
                "by_code": {"not_arithmetic": 1},
                "accepted": 2,
                "answered_right": 2,
                "correct": 2,
                "coverage": 0.5,
                "accuracy": 0.5,
                "precision": 1.0,
            },
            {
                "name": "none",
                "refused": 2,
                "refused_right": 2,
                "by_code": {"limit_exceeded": 2},
                "accepted": 0,
                "answered_right": 0,
                "correct": 0,
                "coverage": 0.0,
                "accuracy": 0.0,
                "precision": 1.0,
            },
        ]
        assert result.to_data()["by_check"] == [
            row.to_data() for row in result.by_check
        ]
        first = result.by_check[0]
        assert (first.coverage, first.accuracy, first.precision) == (
            Fraction(1, 2),
            Fraction(1, 2),
            Fraction(1),
        )

    def test_a_check_that_refuses_an_answered_unanswerable_case_makes_it_right(
        self,
    ) -> None:
        """An answer to a case that expects a refusal is wrong; refused by a check, it is right."""
        result = score(
            [CASE.graph, CASE.graph],
            [UNANSWERABLE, CASE],
            checks=[("all", _refuse_all)],
        )
        assert result.correct == 1
        row = result.by_check[0]
        assert (row.refused, row.refused_right, row.correct, row.accepted) == (
            2,
            1,
            1,
            0,
        )

    def test_a_check_that_passes_changes_nothing(self) -> None:
        """A check that returns no refusal, as a tuple: its row is the score's own figures."""
        result = score([CASE.graph, PLUS], [CASE] * 2, checks=[("pass", _passes)])
        row = result.by_check[0]
        assert (row.refused, row.accepted, row.answered_right, row.correct) == (
            0,
            result.accepted,
            1,
            result.correct,
        )
        assert dict(row.by_code) == {}

    def test_a_check_never_sees_a_graph_not_accepted(self) -> None:
        """Refusals and unsolvable graphs are not handed to a check."""
        seen: list[SemanticSymbolicBindingGraph] = []

        def record(graph: SemanticSymbolicBindingGraph) -> list[BindingGraphError]:
            seen.append(graph)
            return []

        score([NOT_ARITHMETIC, NO_FACTS, PLUS], [CASE] * 3, checks=[("see", record)])
        assert seen == [PLUS]

    @pytest.mark.parametrize(
        ("checks", "path", "message"),
        [
            (
                {"a": _passes},
                ("checks",),
                (
                    "score.checks must be a tuple or list of (name, function)"
                    " pairs, not dict (got {'a': <function _passes"
                ),
            ),
            (
                [("a", _passes, 1)],
                ("checks", 0),
                "score.checks[0] must be a (name, function) pair, not tuple",
            ),
            (
                [["a", _passes]],
                ("checks", 0),
                "score.checks[0] must be a (name, function) pair, not list",
            ),
            (
                [("a", "not callable")],
                ("checks", 0),
                "score.checks[0] must be a (name, function) pair, not tuple",
            ),
            (
                [(" ", _passes)],
                ("checks", 0),
                "score.checks[0] must be a non-blank str name, not str (got ' ')",
            ),
            (
                [("a", _passes), ("a", _refuse_all)],
                ("checks", 1),
                (
                    "score.checks[1] must be named apart from the checks before"
                    " it (got 'a')"
                ),
            ),
        ],
    )
    def test_checks_not_as_documented_are_refused(
        self, checks: object, path: tuple[object, ...], message: str
    ) -> None:
        """Checks of another shape are refused before anything is read, at their place."""
        error = refusal(score, [CASE.graph], [CASE], checks=checks)
        assert (error.code, error.path) == ("wrong_type", path)
        assert error.message.startswith(message)

    def test_a_check_that_raises_is_refused(self) -> None:
        """A check that raises: wrong_type at its place, naming it and the case, chained."""

        def broken(graph: SemanticSymbolicBindingGraph) -> list[BindingGraphError]:
            raise ZeroDivisionError(len(graph.facts))

        error = refusal(
            score,
            [PLUS, CASE.graph],
            [CASE] * 2,
            checks=[("no sums", _refuse_plus), ("broken", broken)],
        )
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("checks", 1),
            (
                "score.checks[1] ('broken') must be a function that returns a list"
                " of BindingGraphError, but it raised ZeroDivisionError on the"
                " graph of case 2"
            ),
        )
        assert type(error.__cause__) is ZeroDivisionError

    @pytest.mark.parametrize(
        ("returned", "code"),
        [
            (None, "wrong_type"),
            ([ValueError("no")], "wrong_type"),
            ([BindingGraphError(untyped("not_a_code"), "no")], "not_in_vocabulary"),
        ],
    )
    def test_a_check_that_returns_anything_else_is_refused(
        self, returned: object, code: str
    ) -> None:
        """A check's result must be a list or tuple of refusals of the library's codes."""

        def odd(graph: SemanticSymbolicBindingGraph) -> Any:
            del graph
            return returned

        error = refusal(score, [CASE.graph], [CASE], checks=[("odd", odd)])
        assert (error.code, error.path) == (code, ("checks", 0))


class TestCheckRow:
    """A CheckRow holds counts that agree with one another."""

    FIELDS: Final[dict[str, Any]] = {
        "name": "c",
        "total": 4,
        "refused": 2,
        "refused_right": 1,
        "by_code": {"not_arithmetic": 2},
        "accepted": 2,
        "answered_right": 1,
        "correct": 2,
    }

    def test_a_sound_row(self) -> None:
        """Its by_code is read-only, sorted; its shares exact."""
        row = attrs.evolve(
            CheckRow(**self.FIELDS), by_code={"wrong_type": 1, "not_arithmetic": 1}
        )
        assert list(row.by_code) == ["not_arithmetic", "wrong_type"]
        assert type(row.by_code) is MappingProxyType
        assert (row.coverage, row.accuracy, row.precision) == (
            Fraction(1, 2),
            Fraction(1, 2),
            Fraction(1, 2),
        )

    @pytest.mark.parametrize(
        ("changes", "code", "path"),
        [
            ({"name": " "}, "wrong_type", ("name",)),
            ({"name": 1}, "wrong_type", ("name",)),
            ({"total": -1}, "wrong_type", ("total",)),
            ({"by_code": [("not_arithmetic", 2)]}, "wrong_type", ("by_code",)),
            ({"by_code": {"nope": 2}}, "not_in_vocabulary", ("by_code",)),
            ({"by_code": {"not_arithmetic": 0}}, "wrong_type", ("by_code",)),
            ({"by_code": {"not_arithmetic": 1}}, "wrong_type", ("by_code",)),
            ({"refused_right": 3}, "wrong_type", ("refused_right",)),
            ({"accepted": 5}, "wrong_type", ("accepted",)),
            ({"answered_right": 3}, "wrong_type", ("answered_right",)),
            ({"correct": 5}, "wrong_type", ("correct",)),
        ],
    )
    def test_a_field_out_of_its_bounds(
        self, changes: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """Each field of the wrong type, or beyond what it counts among, is refused at the field."""
        error = refusal(CheckRow, **{**self.FIELDS, **changes})
        assert (error.code, error.path) == (code, path)

    def test_a_score_holds_rows_of_its_total_each_named_once(self) -> None:
        """A row of another total, two of one name, or another class: refused at by_check."""
        base = score([CASE.graph], [CASE])
        row = attrs.evolve(
            CheckRow(**self.FIELDS),
            total=1,
            refused=0,
            refused_right=0,
            by_code={},
            accepted=1,
            answered_right=1,
            correct=1,
        )
        assert attrs.evolve(base, by_check=(row,)).by_check == (row,)
        other = attrs.evolve(row, name="d")
        for rows in (
            (attrs.evolve(row, total=2, accepted=1),),
            (row, row),
            [row],
            (other, 1),
        ):
            error = refusal(attrs.evolve, base, by_check=rows)
            assert (error.code, error.path) == ("wrong_type", ("by_check",))
