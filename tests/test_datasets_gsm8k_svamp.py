"""binding_graph.datasets: GSM8K and SVAMP records as gold graphs, and every refusal with its code and path."""

from __future__ import annotations

import json
import tracemalloc
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import pytest

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph.arithmetic import answers
from binding_graph.datasets import (
    BENCHMARKS,
    Benchmark,
    BenchmarkCase,
    _gsm8k,
    from_gsm8k,
    from_svamp,
)
from binding_graph.errors import DATASET_CODES, DOCUMENT_CODES, REFUSAL_CODES
from binding_graph.serialization import canonical_bytes
from tests._helpers import ROOT, refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Callable

DATA: Final = ROOT / "tests" / "data"
GSM8K: Final = [
    json.loads(line)
    for line in (DATA / "gsm8k" / "train-200.jsonl").read_text("utf-8").splitlines()
]
SVAMP: Final = json.loads((DATA / "svamp" / "SVAMP-200.json").read_text("utf-8"))

ADAPTER_CODES: Final = frozenset(
    {
        "wrong_type",
        "missing_key",
        "empty_text",
        "invalid_text",
        "no_annotation",
        "not_arithmetic",
        "division_by_zero",
        "untraceable_number",
        "answer_mismatch",
        "limit_exceeded",
    }
)
"""The closed set of codes the adapters refuse with, as binding_graph.datasets documents it."""


def gsm8k(index: int) -> BenchmarkCase:
    """Import the sample's record at *index* (from 0), as ``gsm8k/train/N``."""
    return from_gsm8k(GSM8K[index], source_id=f"gsm8k/train/{index + 1}")


def svamp(index: int) -> BenchmarkCase:
    """Import the SVAMP sample's record at *index* (from 0), by its ID."""
    return from_svamp(SVAMP[index], source_id=SVAMP[index]["ID"])


def facts(case: BenchmarkCase) -> list[tuple[str, str, int, str]]:
    """Return each fact's symbol, value, and span's start and text."""
    return [
        (f.symbol_id, f.value, f.source_span.start, f.source_span.text)
        for f in case.graph.facts
    ]


def steps(case: BenchmarkCase) -> list[tuple[str, str, frozenset[str], str]]:
    """Return each equation's symbol, right-hand side, dependencies and operation."""
    return [
        (e.lhs_symbol_id, e.rhs_canonical, e.dependencies, e.operation_kind)
        for e in case.graph.equations
    ]


def record(question: str, solution: str, answer: str) -> dict[str, Any]:
    """Return a GSM8K-shaped record."""
    return {"question": question, "answer": f"{solution}\n#### {answer}"}


def svamp_record(body: str, question: str, equation: str, answer: object) -> Any:
    """Return a SVAMP-shaped record."""
    return {"Body": body, "Question": question, "Equation": equation, "Answer": answer}


class TestGSM8K:
    """Hand-picked records of the sample, and what their gold graphs hold."""

    def test_a_two_step_problem(self) -> None:
        """Natalia: a fact for 48, two steps, the second over the first; 2 of '48/2' stays a literal."""
        case = gsm8k(0)
        assert (case.source_id, case.answer) == ("gsm8k/train/1", Fraction(72))
        assert facts(case) == [("sym_48_000", "48", 22, "48")]
        assert steps(case) == [
            ("sym_step_1_001", "sym_48_000 / 2", frozenset({"sym_48_000"}), "divide"),
            (
                "sym_step_2_002",
                "sym_48_000 + sym_step_1_001",
                frozenset({"sym_48_000", "sym_step_1_001"}),
                "add",
            ),
        ]
        first, second = case.graph.equations
        assert first.source_span.source_id == "gsm8k/train/1/solution"
        assert first.source_span.text == (
            "Natalia sold 48/2 = <<48/2=24>>24 clips in May."
        )
        assert (first.admissibility_status, first.unit_proof) == (
            "admitted",
            "not checked: the adapter does not read units",
        )
        assert second.source_span.start == len(first.source_span.text) + 1
        (unknown,) = case.graph.unknowns
        assert unknown.symbol_id == "sym_step_2_002"
        assert unknown.question_span.text == (
            "How many clips did Natalia sell altogether in April and May?"
        )
        problem, solution = case.graph.provenance
        assert (problem.source_id, problem.start, problem.text) == (
            "gsm8k/train/1",
            0,
            GSM8K[0]["question"],
        )
        assert solution.text == GSM8K[0]["answer"].rpartition("\n#### ")[0]
        assert answers(case.graph) == (Fraction(72),)

    def test_a_constant_the_text_does_not_state_stays_a_literal(self) -> None:
        """Weng: 12/60 keeps 60 minutes an hour as a literal; $12 quotes 12, without its sign."""
        case = gsm8k(1)
        assert facts(case) == [
            ("sym_12_000", "12", 12, "12"),
            ("sym_50_001", "50", 64, "50"),
        ]
        assert [rhs for _, rhs, _, _ in steps(case)] == [
            "sym_12_000 / 60",
            "sym_step_1_002 * sym_50_001",
        ]
        assert case.graph.unknowns[0].question_span.text == "How much did she earn?"

    def test_a_thousands_separator(self) -> None:
        """Gary: '$6,000' quotes '6,000', whose value is 6000, used by two steps."""
        case = gsm8k(199)
        assert facts(case) == [
            ("sym_6_000_000", "6000", 36, "6,000"),
            ("sym_5_001", "5", 133, "5"),
            ("sym_2_002", "2", 201, "2"),
        ]
        assert [rhs for _, rhs, _, _ in steps(case)] == [
            "sym_2_002 * 12",
            "sym_6_000_000 / sym_step_1_003",
            "sym_5_001 * 12",
            "sym_6_000_000 / sym_step_3_005",
            "sym_step_2_004 - sym_step_4_006",
        ]
        assert case.answer == Fraction(150)

    def test_a_number_word(self) -> None:
        """Betty: 'twice' is the text's first 2, so every 2 of the steps is it, the 2 of '100 / 2' too."""
        case = gsm8k(2)
        assert facts(case) == [
            ("sym_100_000", "100", 52, "100"),
            ("sym_15_001", "15", 134, "15"),
            ("sym_twice_002", "2", 176, "twice"),
        ]
        assert [rhs for _, rhs, _, _ in steps(case)] == [
            "sym_100_000 / sym_twice_002",
            "sym_15_001 * sym_twice_002",
            "sym_100_000 - sym_step_1_003 - sym_step_2_004 - sym_15_001",
        ]

    def test_half(self) -> None:
        """A solution's 0.5 is the text's 'half', whose value is 0.5."""
        case = from_gsm8k(
            record(
                "Tom has 30 marbles. He gives half of them away. How many are left?",
                "He gives 30*.5 = <<30*.5=15>>15.\nSo 30-15=<<30-15=15>>15 are left.",
                "15",
            ),
            source_id="p",
        )
        assert facts(case) == [
            ("sym_30_000", "30", 8, "30"),
            ("sym_half_001", "0.5", 29, "half"),
        ]
        assert [rhs for _, rhs, _, _ in steps(case)] == [
            "sym_30_000 * sym_half_001",
            "sym_30_000 - sym_step_1_002",
        ]

    def test_steps_that_do_not_reach_the_answer(self) -> None:
        """Ann: the last annotated step gives 20, the answer is 5: answer_mismatch."""
        error = refusal(from_gsm8k, GSM8K[23], source_id="g")
        assert (error.code, error.path) == ("answer_mismatch", ("answer",))
        assert error.message == (
            "from_gsm8k: the steps reach 20, not the benchmark's answer 5"
        )

    def test_a_literal_is_the_latest_step_of_its_value(self) -> None:
        """Two steps give 12: a later 12 is the second; a stated, rounded result links too."""
        case = from_gsm8k(
            record(
                "Ann has 3 bags of 4 pears and 10 apples.",
                "<<3*4=12>> <<6+6=12>>\n<<12+10/3=15.33>>\n<<15.33*3=46>>",
                "46",
            ),
            source_id="p",
        )
        assert [rhs for _, rhs, _, _ in steps(case)] == [
            "sym_3_000 * sym_4_001",
            "6 + 6",
            "sym_step_2_004 + sym_10_002 / sym_3_000",
            "sym_step_3_005 * sym_3_000",
        ]
        # The whole text is the question when no sentence ends in '?'.
        assert case.graph.unknowns[0].question_span == case.graph.provenance[0]

    def test_operation_kinds(self) -> None:
        """The top operator names the operation; a negation and a bare number too."""
        case = from_gsm8k(
            record(
                "It is 5 now.  Then? Really?\nWhat is it?",
                "<<5=5>> <<-(5-7)=2>> <<2-5=-3>> <<-3=-3>>",
                "-3",
            ),
            source_id="p",
        )
        assert [(rhs, kind) for _, rhs, _, kind in steps(case)] == [
            ("sym_5_000", "identity"),
            ("-(sym_step_1_001 - 7)", "negate"),
            ("sym_step_2_002 - sym_step_1_001", "subtract"),
            ("-3", "negate"),
        ]
        assert case.graph.unknowns[0].question_span.text == "What is it?"

    def test_an_unreadable_stated_result_links_nothing(self) -> None:
        """A result that is not a number is not a value a later literal can be."""
        case = from_gsm8k(
            record("Sue has 10 hats.", "<<10/4=two>> <<2+1=3>>", "3"),
            source_id="p",
        )
        assert [rhs for _, rhs, _, _ in steps(case)] == ["sym_10_000 / 4", "2 + 1"]

    def test_two_runs_give_byte_equal_graphs(self) -> None:
        """Equal records give byte-equal graphs."""
        for index in (0, 2, 199):
            assert canonical_bytes(gsm8k(index).graph) == canonical_bytes(
                gsm8k(index).graph
            )
        assert canonical_bytes(svamp(0).graph) == canonical_bytes(svamp(0).graph)


class TestNumbers:
    """The numbers a text states: digits, groups, decimals, percentages, fractions, words."""

    @pytest.mark.parametrize(
        ("question", "expression", "quoted", "value"),
        [
            ("It costs $1,250.50 now.", "1250.5*2", "1,250.50", "1250.5"),
            ("It costs $.75 each.", "0.75*2", ".75", "0.75"),
            ("A 25% tip.", ".25*2", "25%", "0.25"),
            ("A 25 percent tip.", "0.25*2", "25 percent", "0.25"),
            ("A 25 percent tip.", "25*2", "25", "25"),
            ("Eat 3/4 of it.", "0.75*2", "3/4", "0.75"),
            ("Eat 3/0 of it.", "3*2", "3", "3"),
            ("Eat 1/3 of it.", "1*2", "1", "1"),
            ("He is Twenty-Five.", "25*2", "Twenty-Five", "25"),
            ("He is Twenty-Five.", "20*2", "Twenty", "20"),
            ("A dozen eggs.", "12*2", "dozen", "12"),
            ("A quarter of it.", "0.25*2", "quarter", "0.25"),
            ("Ten and 10.", "10*2", "Ten", "10"),
            ("A 10.5 or 10.50.", "10.50*2", "10.5", "10.5"),
        ],
    )
    def test_the_first_place_that_states_a_value_is_its_quote(
        self, question: str, expression: str, quoted: str, value: str
    ) -> None:
        """A literal of the step is the fact of the first quote of its value."""
        result = Fraction(value) * 2
        case = from_gsm8k(
            record(question, f"<<{expression}={result}>>", str(result)),
            source_id="p",
        )
        ((_, stated, start, text),) = facts(case)[:1]
        assert (text, stated) == (quoted, value)
        assert question[start : start + len(text)] == quoted

    def test_a_long_s_is_not_an_s(self) -> None:
        """A long s (U+017F) is no s: 'six' with one is no number word, as case folding is ASCII only."""
        case = from_gsm8k(
            record("He has \u017fix or six.", "<<6*2=12>>", "12"), source_id="p"
        )
        assert facts(case) == [("sym_six_000", "6", 14, "six")]

    @pytest.mark.parametrize(
        ("solution", "answer", "reached"),
        [
            ("<<10/4=2.5>> <<2.5-10=-7.5>>", "7.5", "-7.5"),
            ("<<10/3=3.33>>", "3", "10/3"),
        ],
    )
    def test_a_mismatch_names_both_values(
        self, solution: str, answer: str, reached: str
    ) -> None:
        """The values a mismatch names are spelled as facts' values are: -7.5, 10/3."""
        error = refusal(from_gsm8k, record("A 10.", solution, answer), source_id="p")
        assert error.message == (
            f"from_gsm8k: the steps reach {reached}, not the benchmark's answer {answer}"
        )


class TestSVAMP:
    """Hand-picked SVAMP records: subtraction and division."""

    def test_subtraction(self) -> None:
        """chal-1: 76 - 25 over the text's numbers; body and question joined by a space."""
        case = svamp(0)
        assert case.answer == Fraction(51)
        assert facts(case) == [
            ("sym_76_000", "76", 24, "76"),
            ("sym_25_001", "25", 62, "25"),
        ]
        assert steps(case) == [
            (
                "sym_step_1_002",
                "sym_76_000 - sym_25_001",
                frozenset({"sym_76_000", "sym_25_001"}),
                "subtract",
            )
        ]
        (problem,) = case.graph.provenance
        assert problem.text == f"{SVAMP[0]['Body']} {SVAMP[0]['Question']}"
        question = case.graph.unknowns[0].question_span
        assert (question.start, question.text) == (86, SVAMP[0]["Question"])
        assert case.graph.equations[0].source_span == question

    def test_division(self) -> None:
        """chal-23: 180 / 18."""
        case = svamp(22)
        assert case.answer == Fraction(10)
        assert steps(case)[0][1:] == (
            "sym_180_001 / sym_18_000",
            frozenset({"sym_180_001", "sym_18_000"}),
            "divide",
        )

    def test_a_number_of_the_question_counts(self) -> None:
        """A number the question states is a fact too; the body's come first."""
        case = from_svamp(
            svamp_record("Sam has 8 pens.", "If he buys 3 or 8?", "( 8.0 + 3.0 )", 11),
            source_id="s",
        )
        assert facts(case) == [
            ("sym_8_000", "8", 8, "8"),
            ("sym_3_001", "3", 27, "3"),
        ]

    def test_a_number_the_text_does_not_state(self) -> None:
        """chal-50: 149 is in the equation, not in the text: untraceable_number."""
        error = refusal(from_svamp, SVAMP[49], source_id="s")
        assert (error.code, error.path) == ("untraceable_number", ("Equation",))
        assert error.message == (
            "from_svamp: record['Equation'] uses 149, which the text does not state"
        )


_GOOD: Final = record("Ann has 3 pens.", "<<3*2=6>>", "6")
_SVAMP: Final = svamp_record(
    "Ann has 3 pens and 2 bags.", "How many?", "( 3.0 * 2.0 )", 6.0
)


class _Str(str):
    __slots__ = ()


class _Dict(dict[str, object]):
    pass


def _with(base: dict[str, Any], **changes: object) -> dict[str, object]:
    return {**base, **changes}


def _without(base: dict[str, Any], key: str) -> dict[str, object]:
    return {k: v for k, v in base.items() if k != key}


GSM8K_REFUSALS: Final[list[tuple[object, str, tuple[str, ...]]]] = [
    (["not", "a", "dict"], "wrong_type", ()),
    (_Dict(_GOOD), "wrong_type", ()),
    (_without(_GOOD, "question"), "missing_key", ("question",)),
    (_with(_GOOD, question=_Str("Ann has 3 pens.")), "wrong_type", ("question",)),
    (_with(_GOOD, answer=6), "wrong_type", ("answer",)),
    (_with(_GOOD, question="  "), "empty_text", ("question",)),
    (_with(_GOOD, question="Ann \ud800"), "invalid_text", ("question",)),
    (record("No steps.", "It is 6.", "6"), "no_annotation", ("answer",)),
    (record("A 3.", "<<3**0.5=9>>", "9"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3%2=1>>", "1"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<+3=3>>", "3"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3*2>>", "6"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3*2=6=6>>", "6"), "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3*2=6>>", "six"), "not_arithmetic", ("answer",)),
    ({"question": "A 3.", "answer": "<<3*2=6>>"}, "not_arithmetic", ("answer",)),
    (record("A 3.", "<<3/0=0>>", "0"), "division_by_zero", ("answer",)),
    (record("A 3.", "<<3*2=6>>", "7"), "answer_mismatch", ("answer",)),
    (record("A " + "9" * 301 + ".", "<<3=3>>", "3"), "limit_exceeded", ("question",)),
    (record("A 3.", "<<3=3>>", "9" * 301), "limit_exceeded", ("answer",)),
    (record("A 3.", "<<3=" + "9" * 301 + ">>", "3"), "limit_exceeded", ("answer",)),
    (record("A 3.", f"<<{'9' * 301}=3>>", "3"), "limit_exceeded", ("answer",)),
    # Past Python's own digit limit: refused before Fraction() could raise.
    (record("Q?", f"<<{'9' * 5000}*2=1>>1", "1"), "limit_exceeded", ("answer",)),
    (record("Q?", f"<<3*{'9' * 5000}.5=1>>1", "1"), "limit_exceeded", ("answer",)),
]

SVAMP_REFUSALS: Final[list[tuple[object, str, tuple[str, ...]]]] = [
    ("record", "wrong_type", ()),
    (_without(_SVAMP, "Body"), "missing_key", ("Body",)),
    (_without(_SVAMP, "Answer"), "missing_key", ("Answer",)),
    (_with(_SVAMP, Equation=None), "wrong_type", ("Equation",)),
    (_with(_SVAMP, Answer=True), "wrong_type", ("Answer",)),
    (_with(_SVAMP, Answer="6"), "wrong_type", ("Answer",)),
    (_with(_SVAMP, Question=""), "empty_text", ("Question",)),
    (_with(_SVAMP, Equation="( x * 2.0 )"), "not_arithmetic", ("Equation",)),
    (_with(_SVAMP, Equation="( 3.0 * )"), "not_arithmetic", ("Equation",)),
    (_with(_SVAMP, Answer=float("nan")), "not_arithmetic", ("Answer",)),
    (_with(_SVAMP, Answer=1e300), "not_arithmetic", ("Answer",)),
    (
        _with(_SVAMP, Equation="( 3.0 / ( 3.0 - 3.0 ) )"),
        "division_by_zero",
        ("Equation",),
    ),
    (_with(_SVAMP, Equation="( 3.0 * 7.0 )"), "untraceable_number", ("Equation",)),
    (_with(_SVAMP, Answer=7.0), "answer_mismatch", ("Answer",)),
    (_with(_SVAMP, Answer=10**301), "limit_exceeded", ("Answer",)),
    (_with(_SVAMP, Answer=10**400), "limit_exceeded", ("Answer",)),
    (_with(_SVAMP, Question="Why " + "1" * 301 + "?"), "limit_exceeded", ("Question",)),
    (_with(_SVAMP, Body="Ann has " + "1" * 301), "limit_exceeded", ("Body",)),
    (_with(_SVAMP, Equation=f"( {'9' * 5000} )"), "limit_exceeded", ("Equation",)),
    (
        _with(_SVAMP, Equation=f"( 3.0 * .{'9' * 5000} )"),
        "limit_exceeded",
        ("Equation",),
    ),
]


def _annotated_line(steps: int) -> dict[str, Any]:
    """Return a GSM8K record whose solution is one line of *steps* annotations."""
    line = " and ".join(["<<3+1=4>>4"] * steps)
    return record("Ann has 3 pens. How many?", f"She counts.\nShe {line}.", "4")


class _Searched(str):
    """A text that counts the characters its searches for a line end may read."""

    __slots__ = ()
    searched = 0

    def find(self, sub: str, start: Any = 0, end: Any = None) -> int:
        _Searched.searched += (len(self) if end is None else end) - start
        return super().find(sub, start, end)

    def rfind(self, sub: str, start: Any = 0, end: Any = None) -> int:
        _Searched.searched += (len(self) if end is None else end) - start
        return super().rfind(sub, start, end)


def _searched(solution: str) -> int:
    """Return how many characters the spans of every step of *solution* search."""
    annotations = list(_gsm8k._ANNOTATION.finditer(solution))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
    text = _Searched(solution)
    _Searched.searched = 0
    for index in range(len(annotations)):
        _gsm8k._step_span(text, annotations, index)  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
    return _Searched.searched


class TestSize:
    """A gold graph grows with its record, however many steps share a line."""

    def test_a_step_quotes_its_line_between_its_neighbours(self) -> None:
        """Alone on its line, a step quotes the line; beside others, the text between its neighbours' annotations."""
        alone = from_gsm8k(record("A 3.", "It is <<3*2=6>>6 pens.", "6"), source_id="p")
        assert alone.graph.equations[0].source_span.text == "It is <<3*2=6>>6 pens."
        shared = from_gsm8k(
            record("A 3.", "So <<3*2=6>>6 then <<6+1=7>>7 and <<7-2=5>>5 pens.", "5"),
            source_id="p",
        )
        assert [e.source_span.text for e in shared.graph.equations] == [
            "So <<3*2=6>>6 then ",
            "6 then <<6+1=7>>7 and ",
            "7 and <<7-2=5>>5 pens.",
        ]
        assert [s.source_span.text for s in shared.graph.symbols[-3:]] == [
            e.source_span.text for e in shared.graph.equations
        ]

    def test_the_case_line_grows_linearly_with_the_steps_of_one_line(self) -> None:
        """Twice the steps on one line, at most a little over twice the bytes: no span quotes the whole line."""
        sizes = [
            len(canonical_bytes(from_gsm8k(_annotated_line(n), source_id="p").graph))
            for n in (500, 1000, 2000)
        ]
        assert sizes[1] <= 2.05 * sizes[0]
        assert sizes[2] <= 2.05 * sizes[1]
        solution = len(_annotated_line(2000)["answer"])
        quoted = sum(
            len(e.source_span.text)
            for e in from_gsm8k(_annotated_line(2000), source_id="p").graph.equations
        )
        assert quoted <= 2 * solution

    def test_each_step_searches_its_line_between_its_neighbours(self) -> None:
        """The searches for a step's line end stop at its neighbours: four times the steps of one line, at most five times the characters searched."""
        searched = [
            _searched(_annotated_line(steps)["answer"]) for steps in (500, 2000)
        ]
        assert searched[1] <= 5 * searched[0]

    def test_memory_grows_linearly_with_the_steps_of_one_line(self) -> None:
        """The peak memory of an import doubles, at most a little more, when its steps do."""
        peaks: list[int] = []
        for steps in (1000, 2000):
            tracemalloc.start()
            from_gsm8k(_annotated_line(steps), source_id="p")
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        assert peaks[1] <= 2.3 * peaks[0]


class TestRefusals:
    """Every refusal has a code of the documented set and a path into the record."""

    @pytest.mark.parametrize(("bad", "code", "path"), GSM8K_REFUSALS)
    def test_gsm8k_refusals(
        self, bad: object, code: str, path: tuple[str, ...]
    ) -> None:
        """Each bad GSM8K record is refused with its code, at its path."""
        error = refusal(from_gsm8k, bad, source_id="p")
        assert (error.code, error.path) == (code, path)

    @pytest.mark.parametrize(("bad", "code", "path"), SVAMP_REFUSALS)
    def test_svamp_refusals(
        self, bad: object, code: str, path: tuple[str, ...]
    ) -> None:
        """Each bad SVAMP record is refused with its code, at its path."""
        error = refusal(from_svamp, bad, source_id="s")
        assert (error.code, error.path) == (code, path)

    @pytest.mark.parametrize("adapter", [from_gsm8k, from_svamp])
    @pytest.mark.parametrize(
        ("source_id", "code"),
        [(_Str("p"), "wrong_type"), (3, "wrong_type"), (" ", "empty_text")],
    )
    def test_the_source_id_is_a_text(
        self, adapter: Callable[..., BenchmarkCase], source_id: object, code: str
    ) -> None:
        """source_id is checked as a span's: exactly a non-blank str."""
        good = _GOOD if adapter is from_gsm8k else _SVAMP
        error = refusal(adapter, good, source_id=source_id)
        assert (error.code, error.path) == (code, ("source_id",))

    def test_every_code_is_produced_and_documented(self) -> None:
        """The tables produce exactly the documented codes; the adapters' own are DATASET_CODES."""
        produced = {code for _, code, _ in GSM8K_REFUSALS + SVAMP_REFUSALS}
        assert produced == ADAPTER_CODES
        assert ADAPTER_CODES <= REFUSAL_CODES
        own = {"no_annotation", "answer_mismatch", "untraceable_number"}
        assert own == DATASET_CODES
        assert not DATASET_CODES & DOCUMENT_CODES

    def test_other_keys_are_ignored(self) -> None:
        """Keys other than the fields, of any type, are ignored."""
        other: dict[object, object] = {3: "x", "extra": None}
        other.update(_GOOD)
        case = from_gsm8k(other, source_id="p")
        assert case == from_gsm8k(_GOOD, source_id="p")

    def test_refusal_messages_are_exact(self) -> None:
        """A refusal's message names the adapter, the field, the step and the rule."""
        messages = [
            refusal(
                from_gsm8k, record("A 3.", "<<3**0.5=9>>", "9"), source_id="p"
            ).message,
            refusal(
                from_gsm8k, record("A 3.", "<<3///2=1>>", "1"), source_id="p"
            ).message,
            refusal(
                from_gsm8k, record("A 3.", "<<3/0=0>>", "0"), source_id="p"
            ).message,
            refusal(from_gsm8k, _without(_GOOD, "answer"), source_id="p").message,
            refusal(from_svamp, _with(_SVAMP, Answer=None), source_id="s").message,
        ]
        assert messages == [
            (
                "from_gsm8k: record['answer'] step 1 '<<3**0.5=9>>' the exponent of"
                " '**' is 1/2, not a whole number: the profile's powers stay in the"
                " fractions"
            ),
            (
                "from_gsm8k: record['answer'] step 1 '<<3///2=1>>' is outside the"
                " arithmetic profile, read as '3///2': the text is not arithmetic: at"
                " offset 3, expected a number, a symbol, '-' or '(', but found '/'"
            ),
            "from_gsm8k: record['answer'] step 1 '<<3/0=0>>' divides by zero",
            "from_gsm8k.record has no key 'answer'",
            (
                "from_svamp.record['Answer'] must be an int or a float, not NoneType"
                " (got None)"
            ),
        ]


class TestBenchmarkCase:
    """BenchmarkCase holds exactly a source id, a graph and a Fraction."""

    def test_a_case_holds_its_fields(self) -> None:
        """A case built by hand compares by value."""
        graph = SemanticSymbolicBindingGraph()
        case = BenchmarkCase("p", graph, Fraction(3))
        assert case == BenchmarkCase(source_id="p", graph=graph, answer=Fraction(3))

    @pytest.mark.parametrize(
        ("fields", "code", "path"),
        [
            ({"source_id": _Str("p")}, "wrong_type", ("source_id",)),
            ({"source_id": ""}, "empty_text", ("source_id",)),
            ({"graph": None}, "wrong_type", ("graph",)),
            ({"answer": 3}, "wrong_type", ("answer",)),
            ({"answer": 3.0}, "wrong_type", ("answer",)),
        ],
    )
    def test_a_field_of_the_wrong_type_is_refused(
        self, fields: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """Each field is refused for anything but its exact type."""
        good: dict[str, object] = {
            "source_id": "p",
            "graph": SemanticSymbolicBindingGraph(),
            "answer": Fraction(3),
        }
        error = refusal(BenchmarkCase, **{**good, **fields})
        assert (error.code, error.path) == (code, path)
        assert untyped(error).message.startswith("BenchmarkCase.")


@pytest.fixture(scope="module")
def imported() -> dict[str, list[BenchmarkCase | BindingGraphError]]:
    """Every record of both samples, imported once: its case or its refusal."""
    outcomes: dict[str, list[BenchmarkCase | BindingGraphError]] = {}
    for name, records, adapter in (
        ("gsm8k", GSM8K, from_gsm8k),
        ("svamp", SVAMP, from_svamp),
    ):
        outcomes[name] = []
        for index, item in enumerate(records):
            try:
                outcomes[name].append(adapter(item, source_id=f"{name}/{index}"))
            except BindingGraphError as error:  # noqa: PERF203 -- a refusal is an outcome
                outcomes[name].append(error)
    return outcomes


class TestSamples:
    """Every record of the samples imports to a gold graph, or is refused with a documented code."""

    @pytest.mark.parametrize(("name", "least"), [("gsm8k", 180), ("svamp", 199)])
    def test_each_record_is_a_gold_case_or_a_documented_refusal(
        self,
        imported: dict[str, list[BenchmarkCase | BindingGraphError]],
        name: str,
        least: int,
    ) -> None:
        """A case answers the benchmark and its facts quote its text; most records are cases."""
        cases = 0
        for outcome in imported[name]:
            if isinstance(outcome, BindingGraphError):
                assert outcome.code in ADAPTER_CODES
                assert outcome.path
                continue
            cases += 1
            assert answers(outcome.graph) == (outcome.answer,)
            text = outcome.graph.provenance[0].text
            for fact in outcome.graph.facts:
                span = fact.source_span
                assert text[span.start : span.end] == span.text
        # 91.5% of GSM8K's sample imports (183 of 200), 99.5% of SVAMP's (199).
        assert cases >= least

    def test_the_samples_are_as_their_readme_says(self) -> None:
        """200 records each, and the SVAMP file is the original's formatting."""
        assert len(GSM8K) == len(SVAMP) == 200
        text = (DATA / "svamp" / "SVAMP-200.json").read_text("utf-8")
        assert text == json.dumps(SVAMP, indent=4)


class TestRegistry:
    """BENCHMARKS registers each benchmark that binding-graph import reads, and what its file is."""

    def test_each_benchmark_by_its_name(self) -> None:
        """GSM8K is JSON Lines, SVAMP one array, then GSM-Plus, ASDiv and GSM-Hard; each makes its cases with its adapter, named as the command names them."""
        assert list(BENCHMARKS) == ["gsm8k", "svamp", "gsm-plus", "asdiv", "gsm-hard"]
        lines, array = BENCHMARKS["gsm8k"], BENCHMARKS["svamp"]
        assert (lines.title, lines.layout, lines.adapter) == (
            "GSM8K",
            "lines",
            from_gsm8k,
        )
        assert (array.title, array.layout, array.adapter) == (
            "SVAMP",
            "array",
            from_svamp,
        )
        assert lines.case(GSM8K[0], 7) == from_gsm8k(GSM8K[0], source_id="gsm8k-7")
        assert array.case(SVAMP[0], 3) == svamp(0)
        assert array.source_id(["not", "a", "record"], 3) == "svamp-3"

    @pytest.mark.parametrize(
        ("record", "code", "path"),
        [
            ({k: v for k, v in _SVAMP.items() if k != "ID"}, "missing_key", ("ID",)),
            ({**_SVAMP, "ID": 3}, "wrong_type", ("ID",)),
            ({**_SVAMP, "ID": " "}, "empty_text", ("ID",)),
        ],
    )
    def test_svamp_names_a_case_by_its_id(
        self, record: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """A SVAMP record without a text ID is refused before its adapter runs."""
        error = refusal(BENCHMARKS["svamp"].case, record, 1)
        assert (error.code, error.path) == (code, path)

    @pytest.mark.parametrize(
        ("fields", "code", "path"),
        [
            ({"name": "GSM8K"}, "invalid_text", ("name",)),
            ({"name": "gsm--hard"}, "invalid_text", ("name",)),
            ({"name": 8}, "wrong_type", ("name",)),
            ({"title": " "}, "empty_text", ("title",)),
            ({"layout": "csv"}, "not_in_vocabulary", ("layout",)),
            ({"summary": None}, "wrong_type", ("summary",)),
            ({"adapter": "from_gsm8k"}, "wrong_type", ("adapter",)),
            ({"source_id": None}, "wrong_type", ("source_id",)),
        ],
    )
    def test_a_benchmark_is_checked_field_by_field(
        self, fields: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """Each field of a Benchmark is refused with its code, at its path."""
        good: dict[str, Any] = {
            "name": "gsm-hard",
            "title": "GSM-Hard",
            "layout": "lines",
            "summary": "JSON Lines",
            "adapter": from_gsm8k,
            "source_id": str,
        }
        error = refusal(Benchmark, **{**good, **fields})
        assert (error.code, error.path) == (code, path)
        assert Benchmark(**good).name == "gsm-hard"
