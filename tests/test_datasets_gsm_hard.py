"""GSM-Hard: each record's program read as a gold graph, its exact value the answer, imported where Python's value is the target."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers
from binding_graph.datasets import BENCHMARKS, case_line, from_gsm_hard, load_cases
from binding_graph.drafts import from_program, python_value
from binding_graph.errors import render_path
from tests._helpers import ROOT, Result, refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Callable

SAMPLE: Final = ROOT / "tests" / "data" / "gsm-hard" / "gsmhardv2-30.jsonl"
RECORDS: Final = [json.loads(line) for line in SAMPLE.read_text("utf-8").splitlines()]

APPLES: Final = {
    "input": "Ann has 3 bags of 4 apples. How many apples?",
    "code": (
        "def solution():\n"
        '    """Ann has 3 bags of 4 apples."""\n'
        "    bags = 3\n"
        "    apples = 4\n"
        "    total = bags * apples\n"
        "    return total\n"
    ),
    "target": 12.0,
}


def hard(**changes: object) -> dict[str, Any]:
    """Return the APPLES record with *changes*."""
    return {**APPLES, **changes}


def program(*lines: str) -> str:
    """Return a program of one function whose body is *lines*."""
    return "def solution():\n" + "".join(f"    {line}\n" for line in lines)


class TestTheSample:
    """The sample of 30 records: 28 imported, each agreeing with its target."""

    def test_the_sample_imports_as_its_programs_say(self) -> None:
        """Every case is the program's graph, with its exact value (a floor division's too); two programs leave the whitelist."""
        refused: dict[int, tuple[str, tuple[object, ...]]] = {}
        for number, record in enumerate(RECORDS, 1):
            try:
                case = from_gsm_hard(record, source_id=f"gsm-hard-{number}")
            except BindingGraphError as error:
                refused[number] = (error.code, error.path)
                continue
            assert case.graph == from_program(
                record["code"],
                record["input"],
                source_id=f"gsm-hard-{number}",
                introduced_by="from_gsm_hard",
                question=None if "?" in record["input"] else record["input"],
            )
            assert answers(case.graph) == (case.answer,)
            value = python_value(record["code"])
            assert record["target"] in {float(value), round(value, 10)}
        assert refused == {
            10: ("unsupported_syntax", ("code", "line", 9, "column", 5)),
            11: ("unsupported_syntax", ("code", "line", 14, "column", 5)),
        }

    def test_the_first_record(self) -> None:
        """Janet's ducks: four numbers the text states, three steps, the question."""
        case = from_gsm_hard(RECORDS[0], source_id="gsm-hard-1")
        graph = case.graph
        assert [
            (fact.symbol_id, fact.value, fact.source_span.text) for fact in graph.facts
        ] == [
            ("eggs_per_day", "16", "16"),
            ("eggs_eaten", "3", "three"),
            ("eggs_baked", "4933828", "4933828"),
            ("price_per_egg", "2", "2"),
        ]
        assert [(e.lhs_symbol_id, e.rhs_canonical) for e in graph.equations] == [
            ("eggs_sold", "eggs_per_day - eggs_eaten - eggs_baked"),
            ("money_made", "eggs_sold * price_per_egg"),
            ("result", "money_made"),
        ]
        assert graph.unknowns[0].question_span.text == (
            "How much in dollars does she make every day at the farmers' market?"
        )
        assert case.answer == Fraction(-9867630)

    def test_a_target_that_is_python_s_float_not_the_exact_value(self) -> None:
        """Record 8: Python's float arithmetic misses the exact answer; the target is Python's."""
        case = from_gsm_hard(RECORDS[7], source_id="gsm-hard-8")
        answer = case.answer
        assert answer is not None
        assert answer == Fraction(32440471, 10)
        assert RECORDS[7]["target"] == 3244047.0999999996 != float(answer)

    def test_a_target_rounded_to_ten_places(self) -> None:
        """Record 30: the target is Python's value rounded to ten decimal places."""
        case = from_gsm_hard(RECORDS[29], source_id="gsm-hard-30")
        assert case.answer == Fraction(1200, 714641)
        assert python_value(RECORDS[29]["code"]) == 0.0016791647834367186
        assert RECORDS[29]["target"] == 0.0016791648

    def test_the_sample_is_as_its_readme_says(self) -> None:
        """30 records, each of the three keys."""
        assert len(RECORDS) == 30
        assert all(sorted(record) == ["code", "input", "target"] for record in RECORDS)


class TestAgreement:
    """A record is imported where its target is Python's value of the program, or that rounded to ten places."""

    @pytest.mark.parametrize(
        ("lines", "target", "answer"),
        [
            (["a = 7", "b = a / 3", "result = b * 3"], 7.0, Fraction(7)),
            (["a = 1", "b = a / 3", "result = b"], 1 / 3, Fraction(1, 3)),
            (["a = 1", "b = a / 3", "result = b"], 0.3333333333, Fraction(1, 3)),
            (
                ["a = 0.1", "b = a * 3", "result = b"],
                0.30000000000000004,
                Fraction(3, 10),
            ),
            (["a = 0.1", "b = a * 3", "result = b"], 0.3, Fraction(3, 10)),
            (["a = 12", "result = a * 2"], 24, Fraction(24)),
        ],
    )
    def test_a_target_that_agrees(
        self, lines: list[str], target: float, answer: Fraction
    ) -> None:
        """The case's answer is exact; the target is Python's float of it, or that to ten places."""
        record = hard(code=program(*lines, "return result"), target=target)
        assert from_gsm_hard(record, source_id="h").answer == answer

    @pytest.mark.parametrize(
        ("lines", "target"),
        [
            (["a = 1", "b = a / 3", "result = b"], 0.333),
            (["a = 12", "result = a * 2"], 25.0),
            (["a = 0.1", "b = a * 3", "result = b"], 0.3000000000000001),
            (["a = " + "9" * 300, "result = a * a"], 1e308),
        ],
    )
    def test_a_target_that_does_not_agree(
        self, lines: list[str], target: float
    ) -> None:
        """Any other target is refused as answer_mismatch, at target."""
        record = hard(code=program(*lines, "return result"), target=target)
        error = refusal(from_gsm_hard, record, source_id="h")
        assert (error.code, error.path) == ("answer_mismatch", ("target",))

    @pytest.mark.parametrize(
        ("lines", "target", "answer"),
        [
            pytest.param(
                ["a = 9007199254740993", "result = a * 1"],
                9007199254740993,
                9007199254740993,
                id="2**53+1",
            ),
            pytest.param(
                ["a = 9007199254740993", "result = a * 1"],
                9007199254740992,
                None,
                id="2**53+1, one off",
            ),
            pytest.param(
                ["a = 9007199254740993", "result = a * 1"],
                9007199254740992.0,
                9007199254740993,
                id="2**53+1, as a float",
            ),
            pytest.param(
                ["a = " + "9" * 300, "result = a * a"],
                int("9" * 300) ** 2,
                int("9" * 300) ** 2,
                id="past floats",
            ),
            pytest.param(
                ["a = " + "9" * 300, "result = a * a"],
                int("9" * 300) ** 2 - 1,
                None,
                id="past floats, one off",
            ),
            pytest.param(
                ["a = 5", "b = a / 2", "result = b * 2"], 5, 5, id="a whole float"
            ),
            pytest.param(
                ["a = 1", "b = a / 3", "result = b"], 0, None, id="a float, not whole"
            ),
        ],
    )
    def test_an_int_target_is_compared_exactly(
        self, lines: list[str], target: float, answer: int | None
    ) -> None:
        """An int target is Python's value exactly, never through a float; a float target is the float of that value."""
        record = hard(code=program(*lines, "return result"), target=target)
        if answer is not None:
            assert from_gsm_hard(record, source_id="h").answer == answer
            return
        error = refusal(from_gsm_hard, record, source_id="h")
        assert (error.code, error.path) == ("answer_mismatch", ("target",))

    def test_an_int_target_one_off_is_told(self) -> None:
        """The refusal of an int target names the exact value, Python's, and the target, each whole."""
        record = hard(
            code=program("a = 9007199254740993", "b = a * 1", "return b"),
            target=9007199254740992,
        )
        assert refusal(from_gsm_hard, record, source_id="h").message == (
            "from_gsm_hard: the program's value is 9007199254740993, which Python"
            " computes as 9007199254740993, not the record's target 9007199254740992"
        )

    def test_the_mismatch_says_both_values_and_the_target(self) -> None:
        """The refusal names the exact value, Python's, and the target."""
        record = hard(code=program("a = 1", "b = a / 3", "return b"), target=0.5)
        assert refusal(from_gsm_hard, record, source_id="h").message == (
            "from_gsm_hard: the program's value is 1/3, which Python computes as"
            " 0.3333333333333333, not the record's target 0.5"
        )


class TestRefusals:
    """Every refusal has a code of the documented set and a path into the record."""

    @pytest.mark.parametrize(
        ("record", "code", "path"),
        [
            (["not", "a", "record"], "wrong_type", ()),
            ({"code": APPLES["code"], "target": 12.0}, "missing_key", ("input",)),
            (hard(code=None), "wrong_type", ("code",)),
            (hard(input=" "), "empty_text", ("input",)),
            (
                {"input": APPLES["input"], "code": APPLES["code"]},
                "missing_key",
                ("target",),
            ),
            (hard(target="12"), "wrong_type", ("target",)),
            (hard(target=True), "wrong_type", ("target",)),
            (
                hard(code=program("import os", "x = 1", "return x")),
                "unsupported_syntax",
                ("code", "line", 2, "column", 5),
            ),
            (
                hard(code=program("x = 7 ^ 2", "return x")),
                "not_arithmetic",
                ("code", "line", 2, "column", 9),
            ),
            (
                hard(code="def solution(:"),
                "malformed_document",
                ("code", "line", 1, "column", 14),
            ),
            (hard(code="x = 1"), "unsupported_syntax", ("code",)),
            (
                hard(code=program("a = 0", "b = 5 / a", "return b")),
                "division_by_zero",
                ("code", "line", 3, "column", 9),
            ),
            (
                hard(code=program("a = 0.1 + 0.2 - 0.3", "b = 1 / a", "return b")),
                "division_by_zero",
                ("code",),
            ),
        ],
    )
    def test_each_refusal_at_its_path(
        self, record: object, code: str, path: tuple[object, ...]
    ) -> None:
        """A record that is not GSM-Hard's, or whose program or value is refused, is refused at its field."""
        error = refusal(from_gsm_hard, record, source_id="h")
        assert (error.code, error.path) == (code, path)

    def test_a_program_s_refusal_names_the_record_s_code(self) -> None:
        """A refusal of the program reads as one of the record's code, line and column."""
        record = hard(code=program("x = 7 ^ 2", "return x"))
        assert refusal(from_gsm_hard, record, source_id="h").message == (
            "from_gsm_hard: record['code'] line 2, column 9: '^' is outside the"
            " arithmetic profile: an expression computes with + - * / // % **, a"
            " unary - and parentheses"
        )
        floats = hard(code=program("a = 0.1 + 0.2 - 0.3", "b = 1 / a", "return b"))
        assert refusal(from_gsm_hard, floats, source_id="h").message.startswith(
            "from_gsm_hard: record['code'] has no exact value: "
        )

    def test_a_text_without_a_question_mark_is_asked_whole(self) -> None:
        """A problem that asks without '?' is quoted whole as the question, as GSM8K's is."""
        text = "Ann has 3 bags of 4 apples. Find the apples."
        case = from_gsm_hard(hard(input=text), source_id="h")
        assert case.graph.unknowns[0].question_span.text == text

    def test_a_source_id_that_is_no_text(self) -> None:
        """The source id is checked as a span's."""
        error = refusal(from_gsm_hard, APPLES, source_id=untyped(3))
        assert (error.code, error.path) == ("wrong_type", ("source_id",))


class TestImportCommand:
    """binding-graph import gsm-hard reads the file as JSON Lines, its cases named by their lines."""

    def test_the_benchmark_is_registered(self) -> None:
        """GSM-Hard is JSON Lines; the record on line N is gsm-hard-N."""
        benchmark = BENCHMARKS["gsm-hard"]
        assert (benchmark.title, benchmark.layout, benchmark.adapter) == (
            "GSM-Hard",
            "lines",
            from_gsm_hard,
        )
        assert benchmark.case(APPLES, 4) == from_gsm_hard(
            APPLES, source_id="gsm-hard-4"
        )

    def test_the_sample(self, cli: Callable[..., Result]) -> None:
        """The 30 records: 28 cases on standard output, the 2 refusals and the summary on standard error."""
        out, err = b"", ""
        for number, record in enumerate(RECORDS, 1):
            try:
                case = from_gsm_hard(record, source_id=f"gsm-hard-{number}")
            except BindingGraphError as error:  # noqa: PERF203 -- a refusal is an outcome
                where = render_path(error.path)
                err += f"{SAMPLE}:{number}: {error.code} at {where}: {error.message}\n"
            else:
                out += case_line(case)
        result = cli("import", "gsm-hard", str(SAMPLE))
        assert result == Result(
            0,
            out.decode(),
            err + "30 records: 28 imported, 2 refused (unsupported_syntax 2)\n",
        )
        assert err.splitlines()[0] == (
            f"{SAMPLE}:10: unsupported_syntax at code.line[9].column[5]:"
            " from_gsm_hard: record['code'] line 9, column 5: a loop is not read: a"
            " program is one function, def NAME():, of assignments NAME = EXPRESSION"
            " (or +=, -=, *=, /=, //=, %=, **=) and a last return EXPRESSION"
        )
        cases = [read.case for read in load_cases(out.splitlines(keepends=True))]
        assert [case.source_id for case in cases if case] == [
            f"gsm-hard-{number}" for number in range(1, 31) if number not in {10, 11}
        ]
