"""Tests of ``binding-graph solve``: each unknown's exact value, or why a record has none."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import BindingGraphError, canonical_bytes, dumps
from binding_graph.arithmetic import answers
from binding_graph.cli import _solve_command
from binding_graph.errors import render_path
from tests._helpers import Result, equation, fact, graph, run_python, unknown

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph

XY = frozenset({"x", "y"})


def problem(
    rhs: str = "x + y",
    *,
    x: str = "3",
    y: str = "5",
    dependencies: frozenset[str] = XY,
    **overrides: Any,
) -> SemanticSymbolicBindingGraph:
    """Build the graph of ``z := RHS`` over the facts ``x = X`` and ``y = Y``, asking for z."""
    fields: dict[str, Any] = {
        "facts": (fact(symbol_id="x", value=x), fact(symbol_id="y", value=y)),
        "equations": (equation(rhs_canonical=rhs, dependencies=dependencies),),
        "constraints": (),
    }
    fields.update(overrides)
    return graph(**fields)


EIGHT = problem()
QUARTERS = problem("x / y", x="19", y="4")
THIRD = problem("x / y", x="1", y="3")


def lines(*graphs: SemanticSymbolicBindingGraph | bytes) -> bytes:
    """Return *graphs* as JSON Lines: canonical documents, or bytes as they are."""
    return b"".join(
        (g if isinstance(g, bytes) else canonical_bytes(g)) + b"\n" for g in graphs
    )


def json_lines(text: str) -> list[dict[str, Any]]:
    """Parse standard output of ``--format json``: one object a line."""
    return [json.loads(line) for line in text.splitlines()]


def why_not(solvable: SemanticSymbolicBindingGraph) -> BindingGraphError:
    """Return the refusal ``answers`` gives *solvable*."""
    with pytest.raises(BindingGraphError) as info:
        answers(solvable)
    return info.value


class TestValues:
    """A value is a fraction in lowest terms, and its decimal when that terminates."""

    @pytest.mark.parametrize(
        ("value", "fraction", "decimal"),
        [
            (Fraction(8), "8", "8"),
            (Fraction(0), "0", "0"),
            (Fraction(-2), "-2", "-2"),
            (Fraction(19, 4), "19/4", "4.75"),
            (Fraction(-19, 4), "-19/4", "-4.75"),
            (Fraction(3, 10), "3/10", "0.3"),
            (Fraction(-1, 8), "-1/8", "-0.125"),
            (Fraction(1, 125), "1/125", "0.008"),
            (Fraction(1, 40), "1/40", "0.025"),
            (Fraction(1, 1024), "1/1024", "0.0009765625"),
            (Fraction(1, 3), "1/3", None),
            (Fraction(-7, 6), "-7/6", None),
            (Fraction(1, 7), "1/7", None),
        ],
    )
    def test_fraction_and_decimal(
        self, value: Fraction, fraction: str, decimal: str | None
    ) -> None:
        """Each value is spelt as a fraction, and as a decimal or None."""
        assert _solve_command.fraction_text(value) == fraction
        assert _solve_command.decimal_text(value) == decimal

    def test_every_digit_of_a_long_value_even_under_a_low_digit_limit(self) -> None:
        """A value of thousands of digits is spelt whole, whatever str() would refuse."""
        value = Fraction(3**2000 + 2, 2**4000)
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(640)
        try:
            fraction = _solve_command.fraction_text(value)
            decimal = _solve_command.decimal_text(value)
        finally:
            sys.set_int_max_str_digits(limit)
        assert fraction == f"{3**2000 + 2}/{2**4000}"
        assert decimal is not None
        whole, _, part = decimal.partition(".")
        assert len(part) == 4000
        assert Fraction(int(whole + part), 10**4000) == value

    @pytest.mark.parametrize(
        ("answer", "line"),
        [
            (("z", "8", "8", ()), "c.jsonl:2: z = 8"),
            (("z", "19/4", "4.75", ()), "c.jsonl:2: z = 19/4 (4.75)"),
            (("z", "1/3", None, ()), "c.jsonl:2: z = 1/3"),
            (
                ("z", "8", "8", (("question_form", "total"),)),
                "c.jsonl:2: z = 8 [question_form=total]",
            ),
            (
                ("z", "1/3", None, (("question_form", "ratio"), ("state_index", 0))),
                "c.jsonl:2: z = 1/3 [question_form=ratio, state_index=0]",
            ),
        ],
    )
    def test_answer_lines(self, answer: _solve_command.Answer, line: str) -> None:
        """The decimal follows in parentheses, unless it repeats or is the fraction itself; then what the question says of the answer."""
        assert _solve_command.answer_line("c.jsonl", 2, answer) == line

    def test_what_the_question_says_is_reported(
        self, cli: Callable[..., Result]
    ) -> None:
        """An unknown's form and state follow its value, in text and as JSON keys; an unknown without them has none."""
        asked = problem(unknowns=(unknown(question_form="total", state_index=0),))
        Path("c.jsonl").write_bytes(lines(asked, EIGHT))
        assert cli("solve", "c.jsonl").out.splitlines()[:2] == [
            "c.jsonl:1: z = 8 [question_form=total, state_index=0]",
            "c.jsonl:2: z = 8",
        ]
        records = json_lines(cli("solve", "--format", "json", "c.jsonl").out)
        assert [record["answers"] for record in records[:2]] == [
            [
                {
                    "symbol_id": "z",
                    "value": "8",
                    "decimal": "8",
                    "question_form": "total",
                    "state_index": 0,
                }
            ],
            [{"symbol_id": "z", "value": "8", "decimal": "8"}],
        ]


class TestSolve:
    """Solve prints each unknown's value, FILE:LINE: SYMBOL = VALUE, and a summary."""

    def test_a_solved_corpus_exits_0(self, cli: Callable[..., Result]) -> None:
        """An integer, a terminating fraction and a repeating one, in input order."""
        Path("c.jsonl").write_bytes(lines(EIGHT, QUARTERS, THIRD))
        assert cli("solve", "c.jsonl") == Result(
            0,
            "c.jsonl:1: z = 8\n"
            "c.jsonl:2: z = 19/4 (4.75)\n"
            "c.jsonl:3: z = 1/3\n"
            "3 records: 3 accepted, 0 refused; 3 solved, 0 unsolved\n",
            "",
        )

    @pytest.mark.parametrize(
        ("solvable", "shown"),
        [
            (problem("x - y"), "-2"),
            (problem("-x / y", x="19", y="4"), "-19/4 (-4.75)"),
            (problem(x="0.1", y="0.2"), "3/10 (0.3)"),
            (problem("x * y", y="1/3"), "1"),
            (problem("x / y", x="1", y="7"), "1/7"),
        ],
    )
    def test_values_as_the_arithmetic_computes_them(
        self,
        cli: Callable[..., Result],
        solvable: SemanticSymbolicBindingGraph,
        shown: str,
    ) -> None:
        """Negative values, decimal facts and fractional facts are exact."""
        Path("c.jsonl").write_bytes(lines(solvable))
        result = cli("solve", "c.jsonl")
        assert (result.status, result.out.splitlines()[0]) == (
            0,
            f"c.jsonl:1: z = {shown}",
        )

    def test_each_unknown_is_one_line_in_order(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record asking for several unknowns gives a line to each, named by its symbol id."""
        asking = problem(
            "x / y",
            x="1",
            y="6",
            unknowns=(unknown(symbol_id="z"), unknown(symbol_id="y")),
        )
        Path("c.jsonl").write_bytes(lines(asking))
        assert cli("solve", "c.jsonl").out == (
            "c.jsonl:1: z = 1/6\n"
            "c.jsonl:1: y = 6\n"
            "1 record: 1 accepted, 0 refused; 1 solved, 0 unsolved\n"
        )

    def test_a_record_asking_for_nothing_prints_no_line(
        self, cli: Callable[..., Result]
    ) -> None:
        """A graph without unknowns is solved, with nothing to print."""
        Path("c.jsonl").write_bytes(lines(problem(unknowns=()), EIGHT))
        assert cli("solve", "c.jsonl") == Result(
            0,
            "c.jsonl:2: z = 8\n"
            "2 records: 2 accepted, 0 refused; 2 solved, 0 unsolved\n",
            "",
        )

    def test_standard_input(self, cli: Callable[..., Result]) -> None:
        """'-' reads JSON Lines from standard input, named <stdin>."""
        result = cli("solve", "-", stdin=lines(QUARTERS))
        assert result == Result(
            0,
            "<stdin>:1: z = 19/4 (4.75)\n"
            "1 record: 1 accepted, 0 refused; 1 solved, 0 unsolved\n",
            "",
        )

    def test_several_files(self, cli: Callable[..., Result]) -> None:
        """Files are solved in the order given, a .json file as line 1."""
        Path("a.jsonl").write_bytes(lines(THIRD, EIGHT))
        Path("b.json").write_text(json.dumps(json.loads(dumps(QUARTERS)), indent=2))
        assert cli("solve", "b.json", "a.jsonl") == Result(
            0,
            "b.json:1: z = 19/4 (4.75)\n"
            "a.jsonl:1: z = 1/3\n"
            "a.jsonl:2: z = 8\n"
            "3 records: 3 accepted, 0 refused; 3 solved, 0 unsolved\n",
            "",
        )

    def test_a_refused_document_is_reported_as_validate_does(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record loads() refuses is validate's line, counted as refused; exit 1."""
        Path("c.jsonl").write_bytes(lines(b"{}", EIGHT))
        validated = cli("validate", "c.jsonl")
        result = cli("solve", "c.jsonl")
        refusal = validated.out.splitlines()[0]
        assert refusal.startswith("c.jsonl:1: missing_key at format: ")
        assert result == Result(
            1,
            f"{refusal}\n"
            "c.jsonl:2: z = 8\n"
            "2 records: 1 accepted, 1 refused (missing_key 1); 1 solved, 0 unsolved\n",
            "",
        )

    def test_a_path_that_cannot_be_read_exits_2(
        self, cli: Callable[..., Result]
    ) -> None:
        """A missing file is one line on standard error; the others are solved."""
        Path("c.jsonl").write_bytes(lines(EIGHT))
        assert cli("solve", "nope.jsonl", "c.jsonl") == Result(
            2,
            "c.jsonl:1: z = 8\n1 record: 1 accepted, 0 refused; 1 solved, 0 unsolved\n",
            "binding-graph: nope.jsonl: No such file or directory\n",
        )

    def test_jobs_give_the_same_output(self, cli: Callable[..., Result]) -> None:
        """With --jobs 2, the answers come from workers, in input order."""
        Path("a.jsonl").write_bytes(lines(EIGHT, problem("x / y", y="0")))
        Path("b.jsonl").write_bytes(lines(THIRD, QUARTERS))
        alone = cli("solve", "a.jsonl", "b.jsonl")
        shared = cli("solve", "--jobs", "2", "a.jsonl", "b.jsonl")
        assert shared == alone
        assert alone.status == 1


UNSOLVABLE: list[tuple[SemanticSymbolicBindingGraph, str, str]] = [
    (graph(), "unbound_unknown", "unknowns[0].symbol_id"),
    (problem("x / y", y="0"), "division_by_zero", "equations[0].rhs_canonical"),
    (problem("x ^ y"), "not_arithmetic", "equations[0].rhs_canonical"),
    (problem("x + 1"), "dependency_mismatch", "equations[0].dependencies"),
    (
        problem(facts=(fact(symbol_id="x", value="3"), fact(symbol_id="x", value="4"))),
        "conflicting_values",
        "facts[1].value",
    ),
    (problem(x="1" * 301), "limit_exceeded", "facts[0].value"),
]


class TestUnsolved:
    """A record that cannot be solved is a refusal, FILE:LINE: CODE at WHERE: MESSAGE."""

    @pytest.mark.parametrize(
        ("unsolvable", "code", "where"),
        UNSOLVABLE,
        ids=[code for _, code, _ in UNSOLVABLE],
    )
    def test_each_kind_of_refusal(
        self,
        cli: Callable[..., Result],
        unsolvable: SemanticSymbolicBindingGraph,
        code: str,
        where: str,
    ) -> None:
        """The refusal of answers() is printed with its code, path and message; exit 1."""
        error = why_not(unsolvable)
        assert (error.code, render_path(error.path)) == (code, where)
        Path("c.jsonl").write_bytes(lines(EIGHT, unsolvable))
        assert cli("solve", "c.jsonl") == Result(
            1,
            "c.jsonl:1: z = 8\n"
            f"c.jsonl:2: {code} at {where}: {error.message}\n"
            f"2 records: 2 accepted, 0 refused; 1 solved, 1 unsolved ({code} 1)\n",
            "",
        )

    def test_the_summary_counts_unsolved_records_by_code(
        self, cli: Callable[..., Result]
    ) -> None:
        """Every kind counted, in code order, apart from validate's refusals."""
        Path("c.jsonl").write_bytes(
            lines(*(g for g, _, _ in UNSOLVABLE), UNSOLVABLE[1][0], b"[")
        )
        result = cli("solve", "c.jsonl")
        assert result.status == 1
        assert result.out.splitlines()[-1] == (
            "8 records: 7 accepted, 1 refused (malformed_document 1); 0 solved,"
            " 7 unsolved (conflicting_values 1, dependency_mismatch 1,"
            " division_by_zero 2, limit_exceeded 1, not_arithmetic 1,"
            " unbound_unknown 1)"
        )


class TestJson:
    """--format json prints one object a record, then the summary."""

    def test_answers_refusals_and_summary(self, cli: Callable[..., Result]) -> None:
        """Values are strings, the decimal null when it repeats; refusals as validate's."""
        unsolvable = problem("x / y", y="0")
        error = why_not(unsolvable)
        Path("c.jsonl").write_bytes(
            lines(EIGHT, QUARTERS, THIRD, unsolvable, b"[", problem(unknowns=()))
        )
        result = cli("solve", "--format", "json", "c.jsonl")
        validated = json_lines(cli("validate", "--format", "json", "c.jsonl").out)
        assert result.status == 1
        assert json_lines(result.out) == [
            {
                "file": "c.jsonl",
                "line": 1,
                "answers": [{"symbol_id": "z", "value": "8", "decimal": "8"}],
            },
            {
                "file": "c.jsonl",
                "line": 2,
                "answers": [{"symbol_id": "z", "value": "19/4", "decimal": "4.75"}],
            },
            {
                "file": "c.jsonl",
                "line": 3,
                "answers": [{"symbol_id": "z", "value": "1/3", "decimal": None}],
            },
            {
                "file": "c.jsonl",
                "line": 4,
                "code": "division_by_zero",
                "path": ["equations", 0, "rhs_canonical"],
                "message": error.message,
            },
            validated[0],
            {"file": "c.jsonl", "line": 6, "answers": []},
            {
                "summary": {
                    "records": 6,
                    "accepted": 5,
                    "refused": 1,
                    "by_code": {"malformed_document": 1},
                    "solved": 4,
                    "unsolved": 1,
                    "unsolved_by_code": {"division_by_zero": 1},
                }
            },
        ]
        assert validated[0]["line"] == 5


class TestStartUp:
    """The arithmetic is imported only when a command needs it."""

    @pytest.mark.parametrize(
        ("argv", "imported"),
        [
            (["validate"], "False"),
            (["analyze"], "False"),
            (["analyze", "--arithmetic"], "True"),
            (["solve"], "True"),
        ],
    )
    def test_the_arithmetic_is_imported_when_needed(
        self, tmp_path: Path, argv: list[str], imported: str
    ) -> None:
        """Validate and analyze never import binding_graph.arithmetic; solve does."""
        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes(lines(EIGHT))
        out = run_python(
            "-c",
            "import sys\n"
            "from binding_graph.cli import main\n"
            f"main({[*argv, str(corpus)]!r})\n"
            "print('binding_graph.arithmetic' in sys.modules)\n",
        )
        assert out.splitlines()[-1] == imported


class TestInAChild:
    """Solve behaves the same run as a user runs it."""

    def test_solve_runs_as_a_module(self, tmp_path: Path) -> None:
        """Python -m binding_graph solve prints the answers of a corpus."""
        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes(lines(QUARTERS))
        out = run_python("-m", "binding_graph", "solve", str(corpus))
        assert out == (
            f"{corpus}:1: z = 19/4 (4.75)\n"
            "1 record: 1 accepted, 0 refused; 1 solved, 0 unsolved\n"
        )
