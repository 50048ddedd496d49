"""binding_graph.datasets.from_asdiv: ASDiv problems as gold cases with units, their formulas as steps, and every refusal."""

from __future__ import annotations

import tracemalloc
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers, parse_number
from binding_graph.datasets import BENCHMARKS, BenchmarkCase, from_asdiv
from binding_graph.serialization import canonical_bytes
from binding_graph.units import parse_unit
from tests._helpers import ROOT, refusal

SAMPLE: Final = ROOT / "tests" / "data" / "asdiv" / "ASDiv-sample.xml"
PROBLEMS: Final = [
    {**problem.attrib, **{child.tag: "".join(child.itertext()) for child in problem}}
    for problem in ET.parse(SAMPLE).getroot().iter("Problem")  # noqa: S314 -- the tests' own file
]


def problem(body: str, question: str, answer: str, formula: str) -> dict[str, Any]:
    """Return an ASDiv-shaped problem, as the command line reads it from its XML."""
    return {
        "ID": "sample-99",
        "Grade": "1",
        "Source": "written for the tests",
        "Body": body,
        "Question": question,
        "Solution-Type": "Addition",
        "Answer": answer,
        "Formula": formula,
    }


def sample(index: int) -> BenchmarkCase:
    """Import the sample's problem at *index* (from 0), by its ID."""
    return from_asdiv(PROBLEMS[index], source_id=PROBLEMS[index]["ID"])


def facts(case: BenchmarkCase) -> list[tuple[str, str, int, str]]:
    """Return each fact's symbol, value, and span's start and text."""
    return [
        (f.symbol_id, f.value, f.source_span.start, f.source_span.text)
        for f in case.graph.facts
    ]


def steps(case: BenchmarkCase) -> list[tuple[str, str, str]]:
    """Return each equation's right-hand side, operation, and span's text."""
    return [
        (e.rhs_canonical, e.operation_kind, e.source_span.text)
        for e in case.graph.equations
    ]


class TestProblems:
    """Problems of the sample, and what their gold graphs hold."""

    def test_number_words_and_the_unit(self) -> None:
        """sample-01: 'eight' and 'five' are the facts; the answer's unit is the unknown's, as ASDiv writes it."""
        case = sample(0)
        assert (case.source_id, case.answer) == ("sample-01", Fraction(13))
        assert facts(case) == [
            ("sym_eight_000", "8", 11, "eight"),
            ("sym_five_001", "5", 38, "five"),
        ]
        assert steps(case) == [("sym_eight_000 + sym_five_001", "add", "8+5=13")]
        (unknown,) = case.graph.unknowns
        assert (unknown.symbol_id, unknown.expected_unit) == ("sym_step_1_002", "pears")
        assert unknown.question_span.text == "How many pears did they pick?"
        assert str(parse_unit(unknown.expected_unit)) == "pear"
        text, formula = case.graph.provenance
        assert (text.source_id, text.text) == (
            "sample-01",
            f"{PROBLEMS[0]['Body']} {PROBLEMS[0]['Question']}",
        )
        assert (formula.source_id, formula.text) == ("sample-01/formula", "8+5=13")
        assert case.graph.equations[0].source_span.source_id == "sample-01/formula"

    def test_a_remainder(self) -> None:
        """sample-04: '50/8=6 r2' is the remainder 50 - 8 * 6, ASDiv's quotient a literal the text does not state."""
        case = sample(3)
        assert case.answer == Fraction(2)
        assert steps(case) == [("sym_50_000 - sym_8_001 * 6", "subtract", "50/8=6 r2")]

    def test_units_in_the_formula_are_dropped(self) -> None:
        """sample-05: '3 (quarter)*25 (cent/quarter)' computes 3 * 25; its span quotes the formula as written."""
        case = sample(4)
        assert (case.answer, case.graph.unknowns[0].expected_unit) == (
            Fraction(95),
            "cents",
        )
        assert steps(case) == [
            (
                "sym_3_000 * 25 + sym_2_001 * 10",
                "add",
                PROBLEMS[4]["Formula"],
            )
        ]

    def test_statements_and_their_results(self) -> None:
        """sample-06: two statements; the second's 4.70 is the first's result; each quotes its statement."""
        case = sample(5)
        assert case.answer == Fraction("5.3")
        assert steps(case) == [
            ("sym_1_20_000 + sym_3_50_001", "add", "1.20+3.50=4.70"),
            ("sym_10_002 - sym_step_1_003", "subtract", "10-4.70=5.3"),
        ]
        spans = [e.source_span for e in case.graph.equations]
        assert [(span.start, span.end) for span in spans] == [(0, 14), (16, 27)]

    def test_a_rounded_answer(self) -> None:
        """sample-07: 3.33 (meters) is reached by 10 / 3: the case holds 10/3."""
        case = sample(6)
        assert case.answer == Fraction(10, 3) == answers(case.graph)[0]

    def test_an_answer_without_a_unit(self) -> None:
        """sample-10: an answer without parentheses asks for a pure number."""
        case = sample(9)
        assert (case.answer, case.graph.unknowns[0].expected_unit) == (
            Fraction(8),
            None,
        )

    def test_a_unit_of_words(self) -> None:
        """sample-12, sample-13: 'boxes per trip' and 'hot dogs' read as units."""
        assert sample(11).graph.unknowns[0].expected_unit == "boxes per trip"
        assert str(parse_unit("boxes per trip")) == "box/trip"
        assert sample(12).graph.unknowns[0].expected_unit == "hot dogs"

    @pytest.mark.parametrize(
        ("formula", "answer", "expected"),
        [
            # A result in words links, and so does its remainder.
            (
                "17/10=1 r7; 7/5=1 r2; 1+1+2=4",
                "4",
                ["17 - 10 * 1", "s1 - 5 * 1", "1 + 1 + s2"],
            ),
            ("6*3=18 cents; 18+2=20", "20", ["6 * 3", "s1 + 2"]),
            ("(6*3) (cent)=18; 18-2", "16", ["6 * 3", "s1 - 2"]),
            # A result that is not a number links nothing.
            ("6/4=two; 2+1", "3", ["6 / 4", "2 + 1"]),
            ("  ; 6 - 3 ;", "3", ["6 - 3"]),
            ("1.2*100/25=4 r20", "20", ["1.2 * 100 - 25 * 4"]),
        ],
    )
    def test_formulas(self, formula: str, answer: str, expected: list[str]) -> None:
        """Each statement is a step; a number is the latest step of its value, its result's or its remainder's."""
        case = from_asdiv(
            problem("No numbers here.", "How many?", answer, formula), source_id="p"
        )
        names = {
            e.lhs_symbol_id: f"s{index}"
            for index, e in enumerate(case.graph.equations, 1)
        }
        rendered = [e.rhs_canonical for e in case.graph.equations]
        for symbol, name in names.items():
            rendered = [rhs.replace(symbol, name) for rhs in rendered]
        assert rendered == expected

    def test_two_runs_give_byte_equal_graphs(self) -> None:
        """Equal problems give byte-equal graphs."""
        for index in (0, 3, 5):
            assert canonical_bytes(sample(index).graph) == canonical_bytes(
                sample(index).graph
            )


_GOOD: Final = problem("Ann has 3 pens and 2 bags.", "How many?", "6 (pens)", "3*2=6")

REFUSALS: Final[list[tuple[object, str, tuple[str, ...]]]] = [
    ("problem", "wrong_type", ()),
    ({k: v for k, v in _GOOD.items() if k != "Formula"}, "missing_key", ("Formula",)),
    ({**_GOOD, "Answer": 6}, "wrong_type", ("Answer",)),
    ({**_GOOD, "Body": ""}, "empty_text", ("Body",)),
    ({**_GOOD, "Question": "\ud800"}, "invalid_text", ("Question",)),
    ({**_GOOD, "Answer": "Ann"}, "not_arithmetic", ("Answer",)),
    ({**_GOOD, "Answer": "6 pens"}, "not_arithmetic", ("Answer",)),
    ({**_GOOD, "Answer": "(pens) 6"}, "not_arithmetic", ("Answer",)),
    ({**_GOOD, "Answer": "6 (pens) (bags)"}, "not_arithmetic", ("Answer",)),
    ({**_GOOD, "Answer": "6 (per pen)"}, "unknown_unit", ("Answer",)),
    ({**_GOOD, "Answer": "6 ()"}, "unknown_unit", ("Answer",)),
    ({**_GOOD, "Answer": "6 (" + "pen" * 400 + ")"}, "limit_exceeded", ("Answer",)),
    ({**_GOOD, "Answer": "9" * 301}, "limit_exceeded", ("Answer",)),
    ({**_GOOD, "Formula": "2, 4, 6"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "LCM[3,2]=6"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "3*2=6=6"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "3^2=9"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": " ; ;"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "(pens)=6"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "3*2=6 r0"}, "not_arithmetic", ("Formula",)),
    ({**_GOOD, "Formula": "3/(2-2)=6"}, "division_by_zero", ("Formula",)),
    ({**_GOOD, "Formula": "3*2=" + "9" * 301}, "limit_exceeded", ("Formula",)),
    ({**_GOOD, "Formula": "3/2=1 r" + "9" * 301}, "limit_exceeded", ("Formula",)),
    ({**_GOOD, "Formula": "3+2=5"}, "answer_mismatch", ("Answer",)),
    ({**_GOOD, "Body": "A " + "9" * 301}, "limit_exceeded", ("Body",)),
]


class TestRefusals:
    """Every refusal has a code of the documented set and a path into the problem."""

    @pytest.mark.parametrize(("bad", "code", "path"), REFUSALS)
    def test_each_refusal(self, bad: object, code: str, path: tuple[str, ...]) -> None:
        """Each bad problem is refused with its code, at its path."""
        error = refusal(from_asdiv, bad, source_id="p")
        assert (error.code, error.path) == (code, path)

    def test_the_source_id_is_a_text(self) -> None:
        """source_id is checked as a span's."""
        error = refusal(from_asdiv, _GOOD, source_id=" ")
        assert (error.code, error.path) == ("empty_text", ("source_id",))

    def test_messages(self) -> None:
        """A refusal's message names the adapter, the field, the statement and the rule."""
        messages = [
            refusal(from_asdiv, {**_GOOD, **change}, source_id="p").message
            for change in (
                {"Answer": "6 (per pen)"},
                {"Formula": "2, 4, 6"},
                {"Formula": "3*2=6 r0"},
                {"Formula": "3*2=6=6"},
                {"Formula": " ; ;"},
                {"Formula": "3+2=5"},
                {"Answer": "Ann"},
            )
        ]
        assert messages == [
            (
                "from_asdiv: record['Answer'] states its unit as 'per pen', which the"
                " units do not read: the text is not a unit: at offset 0, expected a"
                " unit, but found 'per'"
            ),
            (
                "from_asdiv: record['Formula'] step 1 '2, 4, 6' must compute with"
                " numbers, + - * / and parentheses only: ',' at offset 1 is not"
            ),
            (
                "from_asdiv: record['Formula'] step 1 '3*2=6 r0' must divide, as a"
                " remainder 'rR' says"
            ),
            (
                "from_asdiv: record['Formula'] step 1 '3*2=6=6' must be"
                " 'EXPRESSION=RESULT', with one '='"
            ),
            "from_asdiv: record['Formula'] must hold a calculation (got ' ; ;')",
            "from_asdiv: the steps reach 5, not the benchmark's answer 6",
            (
                "from_asdiv: record['Answer'] must be a number, with its unit in"
                " parentheses, such as '9 (apples)': the text is not a number of the"
                " profile: an optional '-', then a NUMBER such as 12 or 2.5, or a"
                " fraction such as 3/4, with nothing around it (got 'Ann')"
            ),
        ]


class TestSample:
    """The sample imports as its README says, and the registration reads it."""

    def test_each_problem_is_a_case_or_a_documented_refusal(self) -> None:
        """Ten cases, each answering ASDiv's answer with its unit read; four refusals."""
        outcomes: list[str] = []
        for index in range(len(PROBLEMS)):
            try:
                case = sample(index)
            except BindingGraphError as error:
                outcomes.append(f"{error.code} at {error.path}")
                continue
            assert answers(case.graph) == (case.answer,)
            unit = case.graph.unknowns[0].expected_unit
            parse_unit(unit)
            outcomes.append(f"{case.answer} ({unit})")
        assert outcomes == [
            "13 (pears)",
            "4 (birds)",
            "4 (cookies)",
            "2 (stickers)",
            "95 (cents)",
            "53/10 (dollars)",
            "10/3 (meters)",
            "not_arithmetic at ('Answer',)",
            "not_arithmetic at ('Formula',)",
            "8 (None)",
            "answer_mismatch at ('Answer',)",
            "3 (boxes per trip)",
            "83 (hot dogs)",
            "unknown_unit at ('Answer',)",
        ]

    def test_the_registration(self) -> None:
        """The benchmark asdiv is XML; a case is named by its problem's ID."""
        benchmark = BENCHMARKS["asdiv"]
        assert (benchmark.title, benchmark.layout, benchmark.adapter) == (
            "ASDiv",
            "xml",
            from_asdiv,
        )
        assert benchmark.case(PROBLEMS[0], 5) == sample(0)
        assert benchmark.source_id("not a problem", 5) == "asdiv-5"
        error = refusal(benchmark.case, {**PROBLEMS[0], "ID": ""}, 5)
        assert (error.code, error.path) == ("empty_text", ("ID",))


def _statements(count: int) -> dict[str, Any]:
    """Return a problem whose formula is *count* statements, each adding 1 to the last."""
    formula = "; ".join(f"{n}+1={n + 1} (pens)" for n in range(1, count + 1))
    return problem("Ann has 1 pen.", "How many pens?", f"{count + 1} (pens)", formula)


class TestSize:
    """A gold graph grows with its problem: each step quotes its own statement, never the whole formula or the question."""

    def test_the_case_grows_linearly_with_the_statements(self) -> None:
        """Twice the statements, at most a little over twice the bytes."""
        sizes = [
            len(canonical_bytes(from_asdiv(_statements(n), source_id="p").graph))
            for n in (250, 500, 1000)
        ]
        assert sizes[1] <= 2.05 * sizes[0]
        assert sizes[2] <= 2.05 * sizes[1]

    def test_memory_grows_linearly_with_the_statements(self) -> None:
        """The peak memory of an import doubles, at most a little more, when its statements do."""
        peaks: list[int] = []
        for count in (500, 1000):
            tracemalloc.start()
            from_asdiv(_statements(count), source_id="p")
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        assert peaks[1] <= 2.3 * peaks[0]


_FILLER: Final = st.sampled_from(["Ann", "has", "bags", "and", "then", "the", "shop"])
_UNITS: Final = st.sampled_from(["apples", "dollars", "hot dogs", "cm", "pages"])


@st.composite
def asdiv_problems(draw: st.DrawFn) -> tuple[dict[str, Any], Fraction, str]:
    """Draw an ASDiv-shaped problem: a formula of + - * / and parentheses over numbers its body states, units written after some; its value, and its unit."""
    numbers = draw(st.lists(st.integers(1, 5000), min_size=2, max_size=6, unique=True))
    words: list[str] = []
    for number in numbers:
        words += draw(st.lists(_FILLER, max_size=2))
        words.append(f"{number:,}" if draw(st.booleans()) else str(number))
    unit = draw(_UNITS)
    noted = [f"{n} ({unit})" if draw(st.booleans()) else str(n) for n in numbers]
    formula, total = noted[0], Fraction(numbers[0])
    for written, number in zip(noted[1:], numbers[1:], strict=True):
        operator = draw(st.sampled_from("+-*/"))
        formula = f"({formula}){operator}{written}"
        total = {
            "+": total + number,
            "-": total - number,
            "*": total * number,
            "/": total / number,
        }[operator]
    places = draw(st.integers(1, 3))
    scaled = total * 10**places
    rounded = Fraction(round(scaled), 10**places)
    answer = (
        f"{'-' if rounded < 0 else ''}{abs(rounded.numerator) // rounded.denominator}"
    )
    fraction = abs(rounded) - abs(rounded.numerator) // rounded.denominator
    answer += "." + str(int(fraction * 10**places)).zfill(places)
    record = problem(
        " ".join(words) + ".", "How many are there?", f"{answer} ({unit})", formula
    )
    return record, total, unit


@settings(max_examples=60)
@given(asdiv_problems())
def test_a_formula_over_the_texts_numbers_imports_with_its_value(
    drawn: tuple[dict[str, Any], Fraction, str],
) -> None:
    """A formula over numbers of the text, its answer rounded, imports as a graph that answers the formula's exact value, in the answer's unit."""
    record, total, unit = drawn
    case = from_asdiv(record, source_id="p")
    assert case.answer == total
    assert answers(case.graph) == (total,)
    assert case.graph.unknowns[0].expected_unit == unit
    text = case.graph.provenance[0].text
    for fact in case.graph.facts:
        span = fact.source_span
        assert text[span.start : span.end] == span.text
        assert parse_number(fact.value) == parse_number(span.text.replace(",", ""))
