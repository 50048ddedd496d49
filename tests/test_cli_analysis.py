"""Tests of ``binding-graph analyze`` and ``binding-graph render``, in-process and in a child."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

import attrs
import pytest

from binding_graph import canonical_bytes, dumps, load_lines, loads
from binding_graph.analysis import findings, to_dot, to_mermaid
from binding_graph.arithmetic import findings as arithmetic_findings
from binding_graph.units import unit_findings
from tests._graphs import unit_graph
from tests._helpers import (
    Result,
    equation,
    fact,
    graph,
    run_python,
    symbol,
    unknown,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph
    from binding_graph.analysis import Finding

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus.jsonl"
SOUND = graph()
# The builders' graph asks for z, which an admitted equation over x (a fact)
# and y (no fact) defines: z is not determined.
UNDETERMINED = findings(SOUND)
PENDING = graph(equations=(equation(admissibility_status="pending"),))
# z := x / y with y = 0: nothing for the structure to find, a division by
# zero for the arithmetic.
BY_ZERO = graph(
    facts=(fact(symbol_id="x", value="3"), fact(symbol_id="y", value="0")),
    equations=(equation(rhs_canonical="x / y"),),
    constraints=(),
)
# The same, with a symbol w that nothing uses: a structural finding too.
UNUSED_BY_ZERO = graph(
    symbols=(*BY_ZERO.symbols, symbol(symbol_id="w")),
    facts=BY_ZERO.facts,
    equations=BY_ZERO.equations,
    constraints=(),
)


def _lines(*graphs: object) -> bytes:
    return b"".join(
        (g if isinstance(g, bytes) else canonical_bytes(g)) + b"\n"  # type: ignore[arg-type]
        for g in graphs
    )


class TestAnalyze:
    """analyze reports each accepted record's findings, besides validate's refusals."""

    def test_findings_are_reported_as_linters_do(
        self, cli: Callable[..., Result]
    ) -> None:
        """Each finding is FILE:LINE: CODE at WHERE: MESSAGE; findings alone exit 0."""
        Path("c.jsonl").write_bytes(_lines(SOUND, SOUND))
        result = cli("analyze", "c.jsonl")
        assert UNDETERMINED
        expected = [
            f"c.jsonl:{line}: {finding}" for line in (1, 2) for finding in UNDETERMINED
        ]
        assert result.out.splitlines()[:-1] == expected
        count = len(UNDETERMINED) * 2
        codes = sorted({f.code for f in UNDETERMINED})
        assert result.out.splitlines()[-1].startswith(
            f"2 records: 2 accepted, 0 refused; {count} findings in 2 records ("
        )
        assert all(code in result.out.splitlines()[-1] for code in codes)
        assert result.out.splitlines()[-1] == (
            "2 records: 2 accepted, 0 refused; 4 findings in 2 records"
            " (undefined_dependency 2, undetermined_unknown 2)"
        )
        assert (result.status, result.err) == (0, "")

    def test_one_finding_in_one_record_is_said_in_the_singular(
        self, cli: Callable[..., Result]
    ) -> None:
        """The summary counts one finding in one record as such."""
        clean = loads(
            (ROOT / "tests" / "golden" / "word_problem.json").read_bytes().strip()
        )
        assert len(findings(PENDING)) == 1
        Path("c.jsonl").write_bytes(_lines(PENDING, clean))
        result = cli("analyze", "c.jsonl")
        assert result.out.splitlines()[-1] == (
            "2 records: 2 accepted, 0 refused; 1 finding in 1 record"
            " (undetermined_unknown 1)"
        )

    def test_strict_makes_any_finding_exit_1(self, cli: Callable[..., Result]) -> None:
        """With --strict, a record with a finding makes the exit status 1."""
        Path("c.jsonl").write_bytes(_lines(SOUND))
        assert cli("analyze", "--strict", "c.jsonl").status == 1

    def test_a_record_without_findings_passes_strict(
        self, cli: Callable[..., Result]
    ) -> None:
        """A graph with nothing to report gives only the summary, and exit 0 even --strict."""
        clean = loads(
            (ROOT / "tests" / "golden" / "word_problem.json").read_bytes().strip()
        )
        assert findings(clean) == ()
        Path("c.jsonl").write_bytes(_lines(clean))
        result = cli("analyze", "--strict", "c.jsonl")
        assert result.out == (
            "1 record: 1 accepted, 0 refused; 0 findings in 0 records\n"
        )
        assert result.status == 0

    def test_refusals_are_reported_as_validate_does(
        self, cli: Callable[..., Result]
    ) -> None:
        """A refused record is reported and exits 1, as with validate."""
        Path("c.jsonl").write_bytes(_lines(b"{}", SOUND))
        result = cli("analyze", "c.jsonl")
        validated = cli("validate", "c.jsonl")
        assert result.out.splitlines()[0] == validated.out.splitlines()[0]
        assert result.status == validated.status == 1

    def test_json_format_gives_the_same_content(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json prints one object a finding, then the summary with the counts."""
        Path("c.jsonl").write_bytes(_lines(PENDING))
        result = cli("analyze", "--format", "json", "c.jsonl")
        objects = [json.loads(line) for line in result.out.splitlines()]
        found = findings(PENDING)
        assert objects[:-1] == [
            {
                "file": "c.jsonl",
                "line": 1,
                "code": f.code,
                "path": list(f.path),
                "message": f.message,
                "finding": True,
            }
            for f in found
        ]
        summary = objects[-1]["summary"]
        assert summary["findings"] == len(found)
        assert summary["records_with_findings"] == 1
        assert sum(summary["findings_by_code"].values()) == len(found)

    def test_the_bundled_corpus_shows_refusals_and_findings(
        self, cli: Callable[..., Result]
    ) -> None:
        """Analyze on examples/corpus.jsonl reports its refusals and its findings."""
        with CORPUS.open("rb") as corpus:
            records = list(load_lines(corpus))
        accepted = sum(record.graph is not None for record in records)
        result = cli("analyze", str(CORPUS))
        assert result.status == 1
        assert "undetermined_unknown at unknowns[0].symbol_id" in result.out
        assert result.out.splitlines()[-1].startswith(
            f"{len(records)} records: {accepted} accepted"
        )


# x and y in km, z in kg, and z := x + y admitted by hand: no structural
# finding, and a unit one, since admission would refuse the equation.
KG_OF_KM = unit_graph(units=("km", "km", "kg"), status="admitted")
# The same, with a fact in kg for x, a symbol in km, and z asked for in kg:
# a structural finding too.
MISREAD = unit_graph(
    units=("km", "km", "kg"),
    status="admitted",
    facts=(
        fact(symbol_id="x", value="3", unit="kg"),
        fact(symbol_id="y", value="5", unit="km"),
    ),
    unknowns=(unknown(symbol_id="z", expected_unit="kg"),),
)
# km + km = km, pending: no unit finding, and nothing determines z.
IN_KM = unit_graph()
# km/h * h read as kg, pending; km + kg admitted by hand as km.
MISMATCH = unit_graph("x * y", ("km/h", "h", "kg"))
WRONG = unit_graph(units=("km", "kg", "km"), status="admitted")
REFUSED_KG = (
    "admission would refuse equations[0]: dimension_mismatch:"
    " equations[0].rhs_canonical is in 'kilometer' ([length]), but its left-hand"
    " side 'z' is in 'kilogram' ([mass])"
)
BY_ZERO_MESSAGE = (
    "SemanticSymbolicBindingGraph.equations[0].rhs_canonical divides by zero:"
    " the divisor y is 0"
)


class Option(NamedTuple):
    """An option of analyze that adds the findings of a wing, and graphs that show them."""

    flag: str
    find: Callable[[SemanticSymbolicBindingGraph], tuple[Finding, ...]]
    mixed: tuple[SemanticSymbolicBindingGraph, ...]
    """Graphs whose first has a structural finding and the option's."""
    structural: list[str]
    """The codes of the first mixed graph's structural findings."""
    added: list[tuple[str, tuple[str | int, ...]]]
    """The codes and paths of the first mixed graph's findings of the option."""
    reported: str
    """What analyze with the option prints of the mixed graphs."""
    plain: str
    """What analyze without it prints of them."""
    alone: SemanticSymbolicBindingGraph
    """A graph whose only finding is the option's."""
    alone_found: dict[str, object]
    """That finding, as --format json writes it."""
    jobs: tuple[tuple[SemanticSymbolicBindingGraph, ...], ...]
    """Two files of graphs, for --jobs."""


OPTIONS: Final = [
    Option(
        "--arithmetic",
        arithmetic_findings,
        (UNUSED_BY_ZERO, BY_ZERO),
        ["unused_symbol"],
        [("division_by_zero", ("equations", 0, "rhs_canonical"))],
        f"c.jsonl:1: {findings(UNUSED_BY_ZERO)[0]}\n"
        f"c.jsonl:1: division_by_zero at equations[0].rhs_canonical: {BY_ZERO_MESSAGE}\n"
        f"c.jsonl:2: division_by_zero at equations[0].rhs_canonical: {BY_ZERO_MESSAGE}\n"
        "2 records: 2 accepted, 0 refused; 3 findings in 2 records"
        " (division_by_zero 2, unused_symbol 1)\n",
        f"c.jsonl:1: {findings(UNUSED_BY_ZERO)[0]}\n"
        "2 records: 2 accepted, 0 refused; 1 finding in 1 record"
        " (unused_symbol 1)\n",
        BY_ZERO,
        {
            "code": "division_by_zero",
            "path": ["equations", 0, "rhs_canonical"],
            "message": BY_ZERO_MESSAGE,
        },
        ((UNUSED_BY_ZERO, SOUND), (BY_ZERO, PENDING)),
    ),
    Option(
        "--units",
        unit_findings,
        (MISREAD, IN_KM),
        ["fact_unit_mismatch"],
        [
            ("fact_dimension_mismatch", ("facts", 0, "unit")),
            ("inadmissible_equation", ("equations", 0, "admissibility_status")),
        ],
        f"c.jsonl:1: {findings(MISREAD)[0]}\n"
        "c.jsonl:1: fact_dimension_mismatch at facts[0].unit: facts[0] is in"
        " 'kilogram' ([mass]), but its symbol 'x' is in 'kilometer' ([length])\n"
        "c.jsonl:1: inadmissible_equation at equations[0].admissibility_status:"
        f" {REFUSED_KG}\n"
        f"c.jsonl:2: {findings(IN_KM)[0]}\n"
        "2 records: 2 accepted, 0 refused; 4 findings in 2 records"
        " (fact_dimension_mismatch 1, fact_unit_mismatch 1,"
        " inadmissible_equation 1, undetermined_unknown 1)\n",
        f"c.jsonl:1: {findings(MISREAD)[0]}\n"
        f"c.jsonl:2: {findings(IN_KM)[0]}\n"
        "2 records: 2 accepted, 0 refused; 2 findings in 2 records"
        " (fact_unit_mismatch 1, undetermined_unknown 1)\n",
        KG_OF_KM,
        {
            "code": "inadmissible_equation",
            "path": ["equations", 0, "admissibility_status"],
            "message": REFUSED_KG,
        },
        ((MISREAD, IN_KM), (WRONG, MISMATCH)),
    ),
]


@pytest.mark.parametrize("option", OPTIONS, ids=[o.flag[2:] for o in OPTIONS])
class TestAnalyzeOptions:
    """analyze --arithmetic and analyze --units add the findings of binding_graph.arithmetic and binding_graph.units, after the structural ones."""

    def test_they_follow_the_structural_findings(
        self, cli: Callable[..., Result], option: Option
    ) -> None:
        """Each record's structural findings come first, then the option's, each FILE:LINE: CODE at WHERE: MESSAGE."""
        first = option.mixed[0]
        assert [f.code for f in findings(first)] == option.structural
        assert [(f.code, f.path) for f in option.find(first)] == option.added
        Path("c.jsonl").write_bytes(_lines(*option.mixed))
        result = cli("analyze", option.flag, "c.jsonl")
        assert result == Result(0, option.reported, "")

    def test_without_the_option_there_are_none(
        self, cli: Callable[..., Result], option: Option
    ) -> None:
        """Plain analyze reports the structural findings alone."""
        Path("c.jsonl").write_bytes(_lines(*option.mixed))
        assert cli("analyze", "c.jsonl").out == option.plain

    def test_strict_counts_them(
        self, cli: Callable[..., Result], option: Option
    ) -> None:
        """With --strict, a finding of the option alone makes the exit status 1."""
        assert findings(option.alone) == ()
        Path("c.jsonl").write_bytes(_lines(option.alone))
        assert cli("analyze", "--strict", "c.jsonl").status == 0
        assert cli("analyze", "--strict", option.flag, "c.jsonl").status == 1
        assert cli("analyze", option.flag, "c.jsonl").status == 0

    def test_json_format_marks_them_as_findings(
        self, cli: Callable[..., Result], option: Option
    ) -> None:
        """Each finding of the option is an object like a structural one, counted in the summary."""
        Path("c.jsonl").write_bytes(_lines(option.alone))
        result = cli("analyze", option.flag, "--format", "json", "c.jsonl")
        assert [json.loads(line) for line in result.out.splitlines()] == [
            {"file": "c.jsonl", "line": 1, **option.alone_found, "finding": True},
            {
                "summary": {
                    "records": 1,
                    "accepted": 1,
                    "refused": 0,
                    "by_code": {},
                    "findings": 1,
                    "records_with_findings": 1,
                    "findings_by_code": {option.alone_found["code"]: 1},
                }
            },
        ]

    def test_jobs_give_the_same_output(
        self, cli: Callable[..., Result], option: Option
    ) -> None:
        """With --jobs 2, the findings come from workers, in input order, with the option alone or both."""
        for name, graphs in zip(("a.jsonl", "b.jsonl"), option.jobs, strict=True):
            Path(name).write_bytes(_lines(*graphs))
        for flags in ((option.flag,), ("--units", "--arithmetic")):
            argv = ("analyze", *flags, "a.jsonl", "b.jsonl")
            assert cli(*argv, "--jobs", "2") == cli(*argv)


class TestRender:
    """render draws one graph, for Graphviz, Mermaid or as SVG."""

    @pytest.mark.parametrize(
        ("target", "draw"), [("dot", to_dot), ("mermaid", to_mermaid)]
    )
    def test_text_pictures_are_those_of_the_library(
        self,
        cli: Callable[..., Result],
        target: str,
        draw: Callable[..., str],
    ) -> None:
        """--to dot and --to mermaid print to_dot and to_mermaid of the document."""
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", target, "g.json")
        assert (result.status, result.out, result.err) == (0, draw(SOUND), "")

    def test_a_label_of_another_operation_is_marked(
        self, cli: Callable[..., Result]
    ) -> None:
        """An equation labelled divide over a product: drawn with operation_mismatch, as arithmetic.findings says."""
        (equation,) = SOUND.equations
        mislabelled = attrs.evolve(
            SOUND,
            equations=(attrs.evolve(equation, operation_kind="multiply"),),
        )
        Path("g.json").write_text(dumps(mislabelled))
        (found,) = arithmetic_findings(mislabelled)
        assert found.code == "operation_mismatch"
        marked = (*findings(mislabelled), found)
        assert cli("render", "g.json") == Result(
            0, to_mermaid(mislabelled, findings=marked), ""
        )
        assert "operation_mismatch" in to_mermaid(mislabelled, findings=marked)
        assert cli("render", "--to", "dot", "g.json").out == to_dot(
            mislabelled, findings=marked
        )

    def test_without_to_it_is_mermaid(self, cli: Callable[..., Result]) -> None:
        """--to is mermaid unless said otherwise."""
        Path("g.json").write_text(dumps(SOUND))
        assert cli("render", "g.json") == Result(0, to_mermaid(SOUND), "")

    def test_a_jsonl_record_is_chosen_by_line(self, cli: Callable[..., Result]) -> None:
        """--line N draws the record on line N of a .jsonl file."""
        Path("c.jsonl").write_bytes(_lines(SOUND, PENDING))
        result = cli("render", "--to", "dot", "c.jsonl", "--line", "2")
        assert (result.status, result.out) == (0, to_dot(PENDING))

    def test_standard_input_is_one_document(self, cli: Callable[..., Result]) -> None:
        """'-' reads one document from standard input."""
        result = cli("render", "--to", "mermaid", "-", stdin=dumps(SOUND).encode())
        assert (result.status, result.out) == (0, to_mermaid(SOUND))

    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (
                ("c.jsonl",),
                (
                    "binding-graph: c.jsonl: a .jsonl file holds many graphs: say"
                    " which with --line N\n"
                ),
            ),
            (
                ("c.ndjson",),
                (
                    "binding-graph: c.ndjson: a .ndjson file holds many graphs: say"
                    " which with --line N\n"
                ),
            ),
            (
                ("c.jsonl", "--line", "3"),
                "binding-graph: c.jsonl: there is no line 3 (it has 2)\n",
            ),
            (
                ("c.jsonl", "--line", "0"),
                "binding-graph: c.jsonl: there is no line 0 (it has 2)\n",
            ),
            (
                ("missing.json",),
                "binding-graph: missing.json: No such file or directory\n",
            ),
        ],
    )
    def test_what_cannot_be_drawn_is_a_usage_error(
        self, cli: Callable[..., Result], argv: tuple[str, ...], message: str
    ) -> None:
        """A missing record or file is one line on standard error, exit 2."""
        Path("c.jsonl").write_bytes(_lines(SOUND, PENDING))
        Path("c.ndjson").write_bytes(_lines(SOUND, PENDING))
        result = cli("render", "--to", "dot", *argv)
        assert (result.status, result.out, result.err) == (2, "", message)

    def test_a_refused_document_is_reported_with_its_place(
        self, cli: Callable[..., Result]
    ) -> None:
        """A document loads() refuses is reported as FILE:LINE: CODE at WHERE, exit 1."""
        Path("c.jsonl").write_bytes(b'{"format": "binding-graph"}\n')
        result = cli("render", "--to", "dot", "c.jsonl", "--line", "1")
        assert result.status == 1
        assert result.out == ""
        assert result.err == (
            "c.jsonl:1: missing_key at version: SemanticSymbolicBindingGraph.version"
            ' is missing: a graph document holds "format": "binding-graph" and'
            ' "version": 1\n'
        )

    def test_max_bytes_applies(self, cli: Callable[..., Result]) -> None:
        """--max-bytes refuses a larger document as limit_exceeded."""
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", "dot", "--max-bytes", "10", "g.json")
        assert result.status == 1
        assert result.err.startswith("g.json:1: limit_exceeded at <root>: ")

    @pytest.mark.parametrize("limit", ["0", "-5", "ten"])
    def test_max_bytes_is_a_count_as_for_validate(
        self, cli: Callable[..., Result], limit: str
    ) -> None:
        """--max-bytes 0, -5 or a word: a usage error, worded as validate words it."""
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", "dot", f"--max-bytes={limit}", "g.json")
        validate = cli("validate", f"--max-bytes={limit}", "g.json")
        assert (result.status, result.out) == (2, "")
        assert result.err.splitlines()[-1] == (
            "binding-graph render: error: argument --max-bytes: must be a whole"
            f" number above 0, of at most 18 digits (got {limit!r})"
        )
        assert (
            validate.err.splitlines()[-1].split(": ", 1)[1]
            == (result.err.splitlines()[-1].split(": ", 1)[1])
        )

    def test_lines_are_numbered_as_validate_numbers_them(
        self, cli: Callable[..., Result]
    ) -> None:
        """A lone CR ends no line: --line 2 is the record validate calls line 2."""
        Path("c.jsonl").write_bytes(b"[] \r [] \r\n" + _lines(PENDING))
        validate = cli("validate", "c.jsonl")
        assert validate.out.startswith("c.jsonl:1: malformed_document")
        assert "c.jsonl:2:" not in validate.out
        result = cli("render", "--to", "dot", "c.jsonl", "--line", "2")
        assert (result.status, result.out, result.err) == (0, to_dot(PENDING), "")

    def test_a_line_above_max_bytes_is_refused_as_validate_refuses_it(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record above --max-bytes is limit_exceeded, in validate's words, exit 1."""
        Path("c.jsonl").write_bytes(_lines(SOUND, PENDING))
        validate = cli("validate", "--max-bytes", "100", "c.jsonl")
        result = cli(
            "render", "--to", "dot", "--max-bytes", "100", "c.jsonl", "--line", "2"
        )
        assert (result.status, result.out) == (1, "")
        assert result.err == validate.out.splitlines()[1] + "\n"
        assert result.err.startswith("c.jsonl:2: limit_exceeded at <root>: ")

    def test_a_blank_line_holds_no_graph(self, cli: Callable[..., Result]) -> None:
        """--line N of a blank line: one line, exit 2."""
        Path("c.jsonl").write_bytes(_lines(SOUND) + b"  \n" + _lines(PENDING))
        result = cli("render", "--to", "dot", "c.jsonl", "--line", "2")
        assert result == Result(
            2, "", "binding-graph: c.jsonl: line 2 is blank: it holds no graph\n"
        )

    def test_a_line_of_standard_input(self, cli: Callable[..., Result]) -> None:
        """'-' with --line N draws line N of standard input."""
        result = cli(
            "render", "--to", "dot", "-", "--line", "2", stdin=_lines(SOUND, PENDING)
        )
        assert (result.status, result.out) == (0, to_dot(PENDING))

    def test_svg_is_drawn_by_graphviz(self, cli: Callable[..., Result]) -> None:
        """--to svg runs dot, which draws one node per symbol (needs Graphviz)."""
        if shutil.which("dot") is None:
            if os.environ.get("CI"):
                pytest.fail("Graphviz' dot is not on PATH, and CI must have it")
            pytest.skip("Graphviz' dot is not installed here")
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", "svg", "g.json")
        assert result.status == 0
        assert result.out.startswith("<?xml")
        assert result.out.count('class="node"') == len(SOUND.symbols) + len(
            SOUND.equations
        )

    def test_svg_without_graphviz_says_so(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Without dot on PATH, --to svg says what is missing, exit 2."""

        def nowhere(_name: str) -> None:
            return None

        monkeypatch.setattr(shutil, "which", nowhere)
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", "svg", "g.json")
        assert (result.status, result.out) == (2, "")
        assert result.err == (
            "binding-graph: --to svg runs Graphviz' dot, which is not on PATH:"
            " install Graphviz, or take --to dot\n"
        )

    def test_a_failing_dot_is_reported(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
    ) -> None:
        """A dot that fails is reported with what it said, exit 2."""
        fake = tmp_path / "dot"
        fake.write_text("#!/bin/sh\necho 'syntax error' >&2\nexit 1\n")
        fake.chmod(0o755)

        def here(_name: str) -> str:
            return str(fake)

        monkeypatch.setattr(shutil, "which", here)
        Path("g.json").write_text(dumps(SOUND))
        result = cli("render", "--to", "svg", "g.json")
        assert (result.status, result.out) == (2, "")
        assert result.err == "binding-graph: dot failed: syntax error\n"

    def test_a_dot_that_cannot_run_is_reported(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
    ) -> None:
        """A dot that is not a program: one line, exit 2."""
        fake = tmp_path / "dot"
        fake.write_text("not a program\n")
        fake.chmod(0o644)

        def here(_name: str) -> str:
            return str(fake)

        monkeypatch.setattr(shutil, "which", here)
        Path("g.json").write_text(dumps(SOUND))
        assert cli("render", "--to", "svg", "g.json") == Result(
            2, "", f"binding-graph: cannot run {fake}: Permission denied\n"
        )


class TestInAChild:
    """The commands behave the same run as a user runs them."""

    def test_analyze_runs_as_a_module(self, tmp_path: Path) -> None:
        """Python -m binding_graph analyze prints the findings of a corpus."""
        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes(_lines(SOUND))
        out = run_python("-m", "binding_graph", "analyze", str(corpus))
        assert out.splitlines()[0] == f"{corpus}:1: {UNDETERMINED[0]}"

    def test_render_runs_as_a_module(self, tmp_path: Path) -> None:
        """Python -m binding_graph render prints the picture."""
        document = tmp_path / "g.json"
        document.write_text(dumps(SOUND))
        out = run_python(
            "-m", "binding_graph", "render", "--to", "mermaid", str(document)
        )
        assert out == to_mermaid(SOUND)


class TestOneRuleOfExitStatus:
    """An unknown that nothing determines: each command's status follows its job, as docs/cli.md's table says."""

    @pytest.mark.parametrize(
        ("argv", "status"),
        [
            (["validate"], 0),
            (["analyze"], 0),
            (["admit"], 0),
            (["analyze", "--strict"], 1),
            (["solve"], 1),
        ],
    )
    def test_each_command_by_its_job(
        self, cli: Callable[..., Result], argv: list[str], status: int
    ) -> None:
        """Reported by analyze and left by admit: 0; not answered by solve, nor allowed by --strict: 1."""
        assert "undetermined_unknown" in [f.code for f in findings(SOUND)]
        Path("g.jsonl").write_bytes(_lines(SOUND))
        assert cli(*argv, "g.jsonl").status == status
