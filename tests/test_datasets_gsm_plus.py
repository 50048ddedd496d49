"""binding_graph.datasets.from_gsm_plus: GSM-Plus records as gold cases, the problems that cannot be answered, rounded answers, and every refusal."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.analysis import require_solvable
from binding_graph.arithmetic import answers
from binding_graph.datasets import BENCHMARKS, BenchmarkCase, from_gsm8k, from_gsm_plus
from binding_graph.serialization import canonical_bytes
from tests._helpers import ROOT, refusal

SAMPLE: Final = ROOT / "tests" / "data" / "gsm-plus" / "gsm-plus-sample.jsonl"
RECORDS: Final = [json.loads(line) for line in SAMPLE.read_text("utf-8").splitlines()]
REASON: Final = (
    "GSM-Plus answers 'None' (critical thinking): the problem lacks what its"
    " question needs"
)


def record(
    question: str,
    solution: str,
    answer: str,
    perturbation: str = "numerical substitution",
) -> dict[str, Any]:
    """Return a GSM-Plus-shaped record, its solution ending in GSM-Plus's line '#### ANSWER'."""
    return {
        "question": question,
        "solution": f"{solution}\n#### {answer}",
        "answer": answer,
        "perturbation_type": perturbation,
        "seed_question": "Ann has 3 pens.",
        "seed_solution": "<<3=3>>3\n#### 3",
        "seed_answer": "3",
    }


def sample(index: int) -> BenchmarkCase:
    """Import the sample's record at *index* (from 0), as the command names it."""
    return from_gsm_plus(RECORDS[index], source_id=f"gsm-plus-{index + 1}")


class TestAnswerable:
    """A record whose solution annotates its steps is read as GSM8K's, with GSM-Plus's answer and perturbation."""

    def test_a_record_is_read_as_gsm8k_reads_it(self) -> None:
        """The graph is what from_gsm8k makes of the question and solution; the case keeps the perturbation."""
        case = sample(0)
        assert (case.answer, case.reason, case.perturbation) == (
            Fraction(45),
            None,
            "numerical substitution",
        )
        solution = RECORDS[0]["solution"]
        gsm8k = from_gsm8k(
            {"question": RECORDS[0]["question"], "answer": solution},
            source_id="gsm-plus-1",
        )
        for field in ("facts", "equations", "unknowns", "provenance"):
            assert getattr(case.graph, field) == getattr(gsm8k.graph, field)
        assert {symbol.introduced_by for symbol in case.graph.symbols} == {
            "from_gsm_plus"
        }
        problem, steps = case.graph.provenance
        assert (problem.source_id, steps.source_id) == (
            "gsm-plus-1",
            "gsm-plus-1/solution",
        )
        assert steps.text == solution.rpartition("\n#### ")[0]

    def test_a_solution_without_its_final_line(self) -> None:
        """A solution without a line '#### ANSWER' is read whole: GSM-Plus's answer field is the answer."""
        bare = {**record("Ann has 3 pens.", "<<3*2=6>>", "6"), "solution": "<<3*2=6>>"}
        case = from_gsm_plus(bare, source_id="p")
        assert (case.answer, case.graph.provenance[1].text) == (
            Fraction(6),
            "<<3*2=6>>",
        )

    @pytest.mark.parametrize(
        ("answer", "value"),
        [("900", Fraction(900)), ("900.0", Fraction(900)), (" 900 ", Fraction(900))],
    )
    def test_the_answer_is_gsm_pluss_own(self, answer: str, value: Fraction) -> None:
        """GSM-Plus's answer field is read, as a number; the solution's last line is not."""
        case = from_gsm_plus(
            {**RECORDS[1], "answer": answer, "solution": "<<2400/40*15=900>>\n#### 7"},
            source_id="p",
        )
        assert case.answer == value

    def test_grouped_digits_and_a_fraction(self) -> None:
        """An answer of digits grouped by thousands, or a fraction, is its number."""
        grouped = record(
            "A town has 2,400 people and 1,100 more.", "<<2400+1100=3500>>", "3,500"
        )
        half = record("Ann eats 4 of 8 slices.", "<<4/8=0.5>>", "1/2")
        assert from_gsm_plus(grouped, source_id="p").answer == Fraction(3500)
        assert from_gsm_plus(half, source_id="p").answer == Fraction(1, 2)


class TestRounding:
    """An answer written with decimals is reached by steps whose exact value rounds to it there; the case holds that exact value."""

    def test_a_rounded_answer_holds_the_exact_value(self) -> None:
        """2.33 is reached by steps worth 7/3: the case's answer is 7/3, which its graph answers."""
        case = sample(8)
        assert case.answer == Fraction(7, 3)
        assert answers(case.graph) == (Fraction(7, 3),)
        assert [e.rhs_canonical for e in case.graph.equations] == [
            "sym_10_001 / sym_three_000",
            "sym_step_1_003 - sym_one_002",
        ]

    @pytest.mark.parametrize(
        ("expression", "answer", "value"),
        [
            ("13/3", "4.33", Fraction(13, 3)),
            ("13/3", "4.3", Fraction(13, 3)),
            ("13/3", "4.333", Fraction(13, 3)),
            # Halfway: either rounding is read.
            ("4.335*1", "4.33", Fraction("4.335")),
            ("4.335*1", "4.34", Fraction("4.335")),
            ("2/3", "0.67", Fraction(2, 3)),
            ("-2/3", "-0.67", Fraction(-2, 3)),
            # An exact answer is exact, whatever its decimals.
            ("5/2", "2.50", Fraction(5, 2)),
        ],
    )
    def test_what_rounds_to_the_answer(
        self, expression: str, answer: str, value: Fraction
    ) -> None:
        """The exact value is within half a unit of the answer's last decimal."""
        case = from_gsm_plus(
            record("Ann has 13 pens.", f"<<{expression}=1>>", answer), source_id="p"
        )
        assert case.answer == value

    @pytest.mark.parametrize(
        ("expression", "answer", "message"),
        [
            (
                "13/3",
                "4.34",
                (
                    "the steps reach 13/3, not the benchmark's answer 4.34, nor does it"
                    " round to it at 2 decimals"
                ),
            ),
            (
                "4.3351*1",
                "4.33",
                (
                    "the steps reach 4.3351, not the benchmark's answer 4.33, nor"
                    " does it round to it at 2 decimals"
                ),
            ),
            # A whole answer is never read as rounded: 'how many tickets' is
            # no rounding of 1.42.
            ("37/26", "1", "the steps reach 37/26, not the benchmark's answer 1"),
            ("3/2", "2", "the steps reach 1.5, not the benchmark's answer 2"),
            # Nor is a fraction.
            ("1/3", "0.66/2", "the steps reach 1/3, not the benchmark's answer 0.33"),
        ],
    )
    def test_what_does_not(self, expression: str, answer: str, message: str) -> None:
        """Farther than half a unit of the last decimal, or an answer without decimals: answer_mismatch, at answer."""
        error = refusal(
            from_gsm_plus,
            record("Ann has 13 pens.", f"<<{expression}=1>>", answer),
            source_id="p",
        )
        assert (error.code, error.path, error.message) == (
            "answer_mismatch",
            ("answer",),
            f"from_gsm_plus: {message}",
        )

    @given(
        st.fractions(min_value=-1000, max_value=1000, max_denominator=50),
        st.integers(1, 4),
    )
    def test_the_value_rounded_at_its_decimals_is_always_read(
        self, exact: Fraction, places: int
    ) -> None:
        """Any value, rounded half up at 1 to 4 decimals, is read back as that exact value."""
        scaled = exact * 10**places
        rounded = Fraction(
            (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator),
            10**places,
        )
        sign = "-" if rounded < 0 else ""
        magnitude = abs(rounded)
        whole, part = divmod(magnitude * 10**places, 10**places)
        answer = f"{sign}{int(whole)}.{int(part):0{places}d}"
        steps = f"<<{exact.numerator}/{exact.denominator}=1>>"
        if exact < 0:
            steps = f"<<-{-exact.numerator}/{exact.denominator}=1>>"
        case = from_gsm_plus(record("Ann has 3 pens.", steps, answer), source_id="p")
        assert case.answer == exact


class TestCriticalThinking:
    """A record whose answer is 'None' is a case that expects a refusal: its question asks for what nothing determines."""

    def test_a_problem_that_cannot_be_answered(self) -> None:
        """Its answer is None, its reason says why; its graph is the question's unknown, over the problem's text."""
        case = sample(7)
        assert (case.source_id, case.answer, case.reason, case.perturbation) == (
            "gsm-plus-8",
            None,
            REASON,
            "critical thinking",
        )
        graph = case.graph
        (problem,) = graph.provenance
        assert (problem.source_id, problem.start, problem.text) == (
            "gsm-plus-8",
            0,
            RECORDS[7]["question"],
        )
        (target,) = graph.symbols
        (unknown,) = graph.unknowns
        assert (target.symbol_id, target.name, target.semantic_role) == (
            "sym_answer_000",
            "answer",
            "unknown",
        )
        assert (unknown.symbol_id, unknown.question_span.text) == (
            "sym_answer_000",
            "How much money does he make?",
        )
        assert target.source_span == unknown.question_span
        assert (graph.facts, graph.equations, graph.constraints) == ((), (), ())

    def test_require_solvable_refuses_it(self) -> None:
        """Nothing determines the unknown: require_solvable refuses the graph as unbound_unknown."""
        for index in (7, 11):
            error = refusal(require_solvable, sample(index).graph)
            assert (error.code, error.path) == (
                "unbound_unknown",
                ("unknowns", 0, "symbol_id"),
            )

    def test_the_answer_decides_whatever_the_perturbation(self) -> None:
        """An answer 'None' expects a refusal under any perturbation, and its reason names it; the solution is not read."""
        bare = {
            **record(
                "Ann has some pens. How many?", "", "None", "problem understanding"
            ),
            "solution": "No steps.",
        }
        case = from_gsm_plus(bare, source_id="p")
        assert (case.answer, case.reason) == (
            None,
            (
                "GSM-Plus answers 'None' (problem understanding): the problem lacks what"
                " its question needs"
            ),
        )
        assert case.graph.unknowns[0].question_span.text == "How many?"

    def test_two_runs_give_byte_equal_graphs(self) -> None:
        """Equal records give byte-equal graphs, those that cannot be answered too."""
        for index in (0, 7, 8):
            assert canonical_bytes(sample(index).graph) == canonical_bytes(
                sample(index).graph
            )


_GOOD: Final = record("Ann has 3 pens.", "<<3*2=6>>", "6")

REFUSALS: Final[list[tuple[object, str, tuple[str, ...]]]] = [
    ("record", "wrong_type", ()),
    ({k: v for k, v in _GOOD.items() if k != "solution"}, "missing_key", ("solution",)),
    (
        {k: v for k, v in _GOOD.items() if k != "perturbation_type"},
        "missing_key",
        ("perturbation_type",),
    ),
    ({**_GOOD, "answer": 6}, "wrong_type", ("answer",)),
    ({**_GOOD, "perturbation_type": None}, "wrong_type", ("perturbation_type",)),
    ({**_GOOD, "question": " "}, "empty_text", ("question",)),
    ({**_GOOD, "answer": "\ud800"}, "invalid_text", ("answer",)),
    (record("Ann has 3 pens.", "She has 6.", "6"), "no_annotation", ("solution",)),
    (record("A 3.", "<<x*2=2x>>", "6"), "not_arithmetic", ("solution",)),
    (record("A 3.", "<<3*2>>", "6"), "not_arithmetic", ("solution",)),
    (record("A 3.", "<<3*2=6>>", "six"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3*2=6>>", "none"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3/0=1>>", "6"), "division_by_zero", ("solution",)),
    (record("A 3.", "<<3*2=6>>", "7"), "answer_mismatch", ("answer",)),
    (record("A 3.", "<<3*2=6>>", "9" * 301), "limit_exceeded", ("answer",)),
    (record("A 3.", "<<3*2=" + "9" * 301 + ">>", "6"), "limit_exceeded", ("solution",)),
    (record("A " + "9" * 301 + ".", "<<3=3>>", "3"), "limit_exceeded", ("question",)),
]


class TestRefusals:
    """Every refusal has a code of the documented set and a path into the record."""

    @pytest.mark.parametrize(("bad", "code", "path"), REFUSALS)
    def test_each_refusal(self, bad: object, code: str, path: tuple[str, ...]) -> None:
        """Each bad record is refused with its code, at its path."""
        error = refusal(from_gsm_plus, bad, source_id="p")
        assert (error.code, error.path) == (code, path)

    @pytest.mark.parametrize(
        ("source_id", "code"), [(3, "wrong_type"), (" ", "empty_text")]
    )
    def test_the_source_id_is_a_text(self, source_id: object, code: str) -> None:
        """source_id is checked as a span's, for a problem that cannot be answered too."""
        for good in (_GOOD, RECORDS[7]):
            error = refusal(from_gsm_plus, good, source_id=source_id)
            assert (error.code, error.path) == (code, ("source_id",))

    def test_messages_name_the_field(self) -> None:
        """A refusal's message names the adapter, and the field: the solution for its steps, the answer for the answer."""
        messages = [
            refusal(from_gsm_plus, bad, source_id="p").message
            for bad in (
                record("Ann has 3 pens.", "She has 6.", "6"),
                record("A 3.", "<<x*2=2x>>", "6"),
                record("A 3.", "<<3*2=6>>", "six"),
            )
        ]
        assert messages == [
            (
                "from_gsm_plus: record['solution'] must hold a step annotated"
                " '<<EXPRESSION=RESULT>>' (got 'She has 6.')"
            ),
            (
                "from_gsm_plus: record['solution'] step 1 must compute with numbers,"
                " + - * / and parentheses only: 'x' at offset 0 is not (got '<<x*2=2x>>')"
            ),
            (
                "from_gsm_plus: record['answer'] must be a number, or 'None' for a"
                " problem that cannot be answered: the text is not a number of the"
                " profile: an optional '-', then a NUMBER such as 12 or 2.5, or a"
                " fraction such as 3/4, with nothing around it (got 'six')"
            ),
        ]


class TestSample:
    """The sample imports as its README says."""

    def test_each_record_is_a_case_or_a_documented_refusal(self) -> None:
        """Nine cases, two of which expect a refusal; four refusals, each of the code its record was written for."""
        outcomes: list[str] = []
        for index in range(len(RECORDS)):
            try:
                case = sample(index)
            except BindingGraphError as error:
                outcomes.append(f"{error.code} at {error.path}")
                continue
            outcomes.append("refusal" if case.answer is None else str(case.answer))
            if case.answer is not None:
                assert answers(case.graph) == (case.answer,)
        assert outcomes == [
            "45",
            "900",
            "33",
            "23",
            "no_annotation at ('solution',)",
            "15",
            "30",
            "refusal",
            "7/3",
            "answer_mismatch at ('answer',)",
            "not_arithmetic at ('solution',)",
            "refusal",
            "answer_mismatch at ('answer',)",
        ]
        assert {r["perturbation_type"] for r in RECORDS} == {
            "numerical substitution",
            "digit expansion",
            "integer-decimal-fraction conversion",
            "adding operation",
            "reversing operation",
            "problem understanding",
            "distraction insertion",
            "critical thinking",
        }

    def test_the_registration(self) -> None:
        """The benchmark gsm-plus is JSON Lines; the record on line N is the case gsm-plus-N."""
        benchmark = BENCHMARKS["gsm-plus"]
        assert (benchmark.title, benchmark.layout, benchmark.adapter) == (
            "GSM-Plus",
            "lines",
            from_gsm_plus,
        )
        assert benchmark.case(RECORDS[0], 1) == sample(0)
        assert benchmark.source_id(None, 12) == "gsm-plus-12"
