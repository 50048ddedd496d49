"""An input with no record at all: said to be empty, in one line naming it, and exit status 5, for every command that reads records."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from binding_graph import canonical_bytes
from binding_graph.datasets import case_line, from_gsm8k
from tests._helpers import ROOT, Result, console_runs, graph

if TYPE_CHECKING:
    from collections.abc import Callable

GSM8K = ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl"
LINE = canonical_bytes(graph()) + b"\n"


def empty(label: str) -> str:
    """Return the line that says the input *label* holds no record."""
    return f"binding-graph: {label}: no record: the input is empty\n"


def gold_case() -> bytes:
    """Return the case line of GSM8K's first sample record."""
    record = json.loads(GSM8K.read_bytes().splitlines()[0])
    return case_line(from_gsm8k(record, source_id="gsm8k-1"))


@pytest.fixture
def files(cli: Callable[..., Result]) -> None:
    """Write an empty file, one of blank lines, and one of one graph, in the directory *cli* runs in."""
    del cli  # asked for its directory
    Path("empty.jsonl").write_bytes(b"")
    Path("blank.jsonl").write_bytes(b"\n  \r\n\t\n")
    Path("one.jsonl").write_bytes(LINE)


@pytest.mark.usefixtures("files")
class TestCorpusCommands:
    """validate, hash, canonicalize, analyze, solve and admit: 5 when no input holds a record."""

    @pytest.mark.parametrize(
        ("command", "summary"),
        [
            (["validate"], "0 records: 0 accepted, 0 refused\n"),
            (["hash"], "0 records: 0 accepted, 0 refused\n"),
            (
                ["canonicalize", "--check"],
                (
                    "0 records: 0 accepted, 0 refused; files: 1 would be rewritten,"
                    " 1 already canonical\n"
                ),
            ),
            (
                ["analyze"],
                "0 records: 0 accepted, 0 refused; 0 findings in 0 records\n",
            ),
            (["solve"], "0 records: 0 accepted, 0 refused; 0 solved, 0 unsolved\n"),
        ],
    )
    def test_every_input_empty(
        self, cli: Callable[..., Result], command: list[str], summary: str
    ) -> None:
        """An empty file and one of blank lines: each named on stderr, the summary as ever, exit 5."""
        out = "would rewrite blank.jsonl\n" if "--check" in command else ""
        assert cli(*command, "empty.jsonl", "blank.jsonl") == Result(
            5, out + summary, empty("empty.jsonl") + empty("blank.jsonl")
        )

    def test_admit_writes_nothing(self, cli: Callable[..., Result]) -> None:
        """With admit, its report on stderr: the empty file named before the summary, exit 5."""
        assert cli("admit", "empty.jsonl") == Result(
            5,
            "",
            empty("empty.jsonl")
            + "0 records: 0 accepted, 0 refused; 0 equations decided:"
            " 0 admitted, 0 refused\n",
        )

    def test_admit_in_place(self, cli: Callable[..., Result]) -> None:
        """With admit --in-place, the file is left as it was, and said to be empty, exit 5."""
        assert cli("admit", "--in-place", "empty.jsonl") == Result(
            5,
            "0 records: 0 accepted, 0 refused; 0 equations decided: 0 admitted,"
            " 0 refused; files: 1 unchanged\n",
            empty("empty.jsonl"),
        )

    def test_canonicalize_standard_input(self, cli: Callable[..., Result]) -> None:
        """With canonicalize -, blank lines write nothing, and <stdin> is said to be empty, exit 5."""
        assert cli("canonicalize", "-", stdin=b"\n\n") == Result(
            5, "", empty("<stdin>")
        )

    def test_an_empty_file_among_others_is_told(
        self, cli: Callable[..., Result]
    ) -> None:
        """One input with a record: the empty ones are named, and the status is the records' own."""
        assert cli("validate", "empty.jsonl", "one.jsonl", "blank.jsonl") == Result(
            0,
            "1 record: 1 accepted, 0 refused\n",
            empty("empty.jsonl") + empty("blank.jsonl"),
        )

    def test_a_directory_without_documents_among_others(
        self, cli: Callable[..., Result]
    ) -> None:
        """A directory with no document is told as an empty file is: the status is the records' own."""
        Path("d").mkdir()
        assert cli("hash", "d", "one.jsonl").status == 0
        assert cli("hash", "d", "one.jsonl").err == (
            "binding-graph: d: no record: no *.json, *.jsonl or *.ndjson file"
            " in this directory\n"
        )

    def test_an_error_outranks_empty(self, cli: Callable[..., Result]) -> None:
        """A path that cannot be read: exit 2, though no input held a record."""
        assert cli("validate", "empty.jsonl", "nope.jsonl") == Result(
            2,
            "0 records: 0 accepted, 0 refused\n",
            empty("empty.jsonl")
            + "binding-graph: nope.jsonl: No such file or directory\n",
        )

    def test_with_two_processes_and_as_json(self, cli: Callable[..., Result]) -> None:
        """--jobs 2 and --format json: the same line on stderr, exit 5."""
        result = cli("validate", "--jobs", "2", "--format", "json", "empty.jsonl")
        assert result.status == 5
        assert result.err == empty("empty.jsonl")
        assert json.loads(result.out)["summary"]["records"] == 0

    def test_a_json_file_is_one_document(self, cli: Callable[..., Result]) -> None:
        """An empty .json file is not empty but a document that is no JSON: refused, exit 1."""
        Path("g.json").write_bytes(b"")
        result = cli("validate", "g.json")
        assert (result.status, result.err) == (1, "")
        assert result.out.startswith("g.json:1: malformed_document at <root>: ")


@pytest.mark.usefixtures("files")
class TestRender:
    """render --line N of a file that holds no record: said to be empty, exit 5."""

    @pytest.mark.parametrize("name", ["empty.jsonl", "blank.jsonl"])
    def test_no_record(self, cli: Callable[..., Result], name: str) -> None:
        """No line N, and no record at all: the file is empty."""
        assert cli("render", "--line", "9", name) == Result(5, "", empty(name))

    def test_no_such_line_of_a_file_with_records(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file with a record but no line N: as before, exit 2."""
        assert cli("render", "--line", "9", "one.jsonl") == Result(
            2, "", "binding-graph: one.jsonl: there is no line 9 (it has 1)\n"
        )


class TestImport:
    """import of a benchmark's file with no record, whatever its layout: exit 5."""

    @pytest.mark.parametrize(
        ("benchmark", "data"),
        [
            ("gsm8k", b""),
            ("gsm-hard", b"\n\n"),
            ("gsm-plus", b" \n"),
            ("svamp", b"[]\n"),
            (
                "asdiv",
                (
                    b"<Machine-Reading-Corpus-File><ProblemSet>"
                    b"</ProblemSet></Machine-Reading-Corpus-File>\n"
                ),
            ),
        ],
    )
    def test_no_record(
        self, cli: Callable[..., Result], benchmark: str, data: bytes
    ) -> None:
        """Named on stderr before the summary; nothing written; exit 5."""
        Path("bench").write_bytes(data)
        assert cli("import", benchmark, "bench") == Result(
            5, "", empty("bench") + "0 records: 0 imported, 0 refused\n"
        )

    def test_a_file_that_breaks_is_an_error(self, cli: Callable[..., Result]) -> None:
        """An empty SVAMP file is not one JSON array: exit 2, not 5."""
        Path("bench").write_bytes(b"")
        assert cli("import", "svamp", "bench") == Result(
            2,
            "",
            "binding-graph: bench: SVAMP must be one JSON array of records\n"
            "0 records: 0 imported, 0 refused\n",
        )


class TestBind:
    """bind of a file with no record: exit 5."""

    def test_no_record(self, cli: Callable[..., Result]) -> None:
        """Standard input of blank lines: named, then the summary, exit 5."""
        assert cli("bind", "-", stdin=b"\n \n") == Result(
            5, "", empty("<stdin>") + "0 records: 0 accepted, 0 refused\n"
        )


@pytest.mark.usefixtures("files")
class TestPairs:
    """score and diff: either file without a record is named, and the status is 5, not 'files that do not pair'."""

    def test_score_predicted_empty(self, cli: Callable[..., Result]) -> None:
        """PREDICTED empty, GOLD a case: no score, exit 5."""
        Path("gold.jsonl").write_bytes(gold_case())
        assert cli("score", "empty.jsonl", "gold.jsonl") == Result(
            5, "", empty("empty.jsonl")
        )

    def test_score_gold_empty(self, cli: Callable[..., Result]) -> None:
        """GOLD of blank lines, PREDICTED a graph: no score, exit 5."""
        assert cli("score", "one.jsonl", "blank.jsonl") == Result(
            5, "", empty("blank.jsonl")
        )

    def test_score_an_error_outranks_empty(self, cli: Callable[..., Result]) -> None:
        """GOLD holding a line that is no case: exit 2, though PREDICTED is empty."""
        result = cli("score", "empty.jsonl", "one.jsonl")
        assert result.status == 2
        assert result.err.startswith("binding-graph: one.jsonl:1: ")

    @pytest.mark.parametrize(
        ("first", "second", "named"),
        [
            ("empty.jsonl", "one.jsonl", ["empty.jsonl"]),
            ("one.jsonl", "blank.jsonl", ["blank.jsonl"]),
            ("empty.jsonl", "blank.jsonl", ["empty.jsonl", "blank.jsonl"]),
        ],
    )
    def test_diff(
        self, cli: Callable[..., Result], first: str, second: str, named: list[str]
    ) -> None:
        """Either file, or both, without a record: each named, the summary, exit 5."""
        assert cli("diff", first, second) == Result(
            5,
            "0 pairs: 0 the same, 0 differ (0 differences), 0 refused\n",
            "".join(map(empty, named)),
        )

    def test_diff_an_error_outranks_empty(self, cli: Callable[..., Result]) -> None:
        """A file that cannot be read beside an empty one: exit 2."""
        assert cli("diff", "empty.jsonl", "nope.jsonl") == Result(
            2, "", "binding-graph: nope.jsonl: No such file or directory\n"
        )


class TestThePage:
    """docs/cli.md's section on exit statuses shows what an empty file gives."""

    def test_the_example_runs_as_shown(self, cli: Callable[..., Result]) -> None:
        """The lines shown, standard error's first, and the status echoed."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        section = page.split("\n## Exit status\n", 1)[1].split("\n## ", 1)[0]
        runs = console_runs(section)
        at = next(i for i, (command, _) in enumerate(runs) if "empty.jsonl" in command)
        (command, shown), echoed = runs[at], runs[at + 1]
        Path("empty.jsonl").write_bytes(b"")
        result = cli(*shlex.split(command)[1:])
        assert shown == (result.err + result.out).splitlines()
        assert echoed == ("echo $?", [str(result.status)])
        assert result.status == 5
