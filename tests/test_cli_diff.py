"""Tests of ``binding-graph diff``: the set-up differences of two files of graphs or cases, pair by pair."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import canonical_bytes, loads
from binding_graph.cli import _pairs
from binding_graph.datasets import case_line, from_gsm8k
from binding_graph.drafts import compile_draft
from tests._cases import renamed
from tests._helpers import Result
from tests._setups import SPRINTS, sprints_draft

if TYPE_CHECKING:
    from collections.abc import Callable


GSM8K = Path(__file__).parent / "data" / "gsm8k" / "train-200.jsonl"


@pytest.fixture
def three() -> list[dict[str, Any]]:
    """The first three GSM8K sample records as case lines, read back as JSON."""
    records = GSM8K.read_bytes().splitlines()[:3]
    cases = [
        from_gsm8k(json.loads(record), source_id=f"gsm8k-{number}")
        for number, record in enumerate(records, 1)
    ]
    return [json.loads(case_line(case)) for case in cases]


def write(path: str, records: list[dict[str, Any]]) -> None:
    """Write *records* to *path* as JSON Lines."""
    Path(path).write_text(
        "".join(json.dumps(record) + "\n" for record in records), encoding="utf-8"
    )


def perturbed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return *records* with the second's first step multiplied where it divided, and the third's graph refused."""
    changed: list[dict[str, Any]] = json.loads(json.dumps(records))
    equation = changed[1]["graph"]["equations"][0]
    assert equation["rhs_canonical"] == "sym_12_000 / 60"
    equation["rhs_canonical"] = "sym_12_000 * 60"
    changed[2]["graph"]["format"] = "other"
    return changed


REFUSED = (
    "malformed_document at graph.format: SemanticSymbolicBindingGraph.format"
    " must be 'binding-graph': this is not a binding-graph document (got 'other')"
)


class TestDiff:
    """Diff reads two files in step and tells each element of one set-up that the other lacks."""

    def test_the_same_set_ups_exit_0(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """A file against itself: every pair the same, nothing told but the summary."""
        write("a.jsonl", three)
        assert cli("diff", "a.jsonl", "a.jsonl") == Result(
            0,
            "3 pairs: 3 the same, 0 differ (0 differences), 0 refused\n",
            "",
        )

    def test_graphs_named_anew_against_their_cases(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """Documents whose symbols are named anew, against the case lines: the same set-ups."""
        write("a.jsonl", three)
        graphs = (loads(json.dumps(record["graph"])) for record in three)
        named_anew = (canonical_bytes(renamed(graph)) + b"\n" for graph in graphs)
        Path("b.jsonl").write_bytes(b"".join(named_anew))
        result = cli("diff", "b.jsonl", "a.jsonl")
        assert result == Result(
            0,
            "3 pairs: 3 the same, 0 differ (0 differences), 0 refused\n",
            "",
        )

    def test_a_changed_step_and_a_refused_graph_exit_1(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """Each side of a difference at its file and line; a refusal as validate tells it; exit 1."""
        write("a.jsonl", three)
        write("b.jsonl", perturbed(three))
        assert cli("diff", "a.jsonl", "b.jsonl") == Result(
            1,
            "a.jsonl:2: - equations[0]: sym_step_1_002 := sym_12_000 / 60\n"
            "b.jsonl:2: + equations[0]: sym_step_1_002 := sym_12_000 * 60\n"
            f"b.jsonl:3: {REFUSED}\n"
            "3 pairs: 1 the same, 1 differ (2 differences), 1 refused\n",
            "",
        )

    def test_json_lines(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """--format json: one object a difference or refusal, then the summary."""
        write("a.jsonl", three)
        write("b.jsonl", perturbed(three))
        result = cli("diff", "--format", "json", "a.jsonl", "b.jsonl")
        assert (result.status, result.err) == (1, "")
        assert [json.loads(line) for line in result.out.splitlines()] == [
            {
                "file": "a.jsonl",
                "line": 2,
                "side": "-",
                "path": ["equations", 0],
                "text": "sym_step_1_002 := sym_12_000 / 60",
            },
            {
                "file": "b.jsonl",
                "line": 2,
                "side": "+",
                "path": ["equations", 0],
                "text": "sym_step_1_002 := sym_12_000 * 60",
            },
            {
                "file": "b.jsonl",
                "line": 3,
                "code": "malformed_document",
                "path": ["graph", "format"],
                "message": REFUSED.split(": ", 1)[1],
            },
            {
                "summary": {
                    "pairs": 3,
                    "same": 1,
                    "differ": 1,
                    "differences": 2,
                    "refused": 1,
                }
            },
        ]

    def test_files_of_different_lengths_exit_2(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """Standard input ends first: the pairs before are told, then why the run ended; exit 2."""
        write("a.jsonl", three)
        stdin = "".join(json.dumps(record) + "\n" for record in three[:2]).encode()
        assert cli("diff", "-", "a.jsonl", stdin=stdin) == Result(
            2,
            "2 pairs: 2 the same, 0 differ (0 differences), 0 refused\n",
            "binding-graph: <stdin> holds 2 records and a.jsonl 3: the two must"
            " pair one to one\n",
        )

    @pytest.mark.parametrize(
        ("first", "second", "message"),
        [
            (4, 3, "a.jsonl holds 4 records and b.jsonl 3"),
            (3, 4, "a.jsonl holds 3 records and b.jsonl 4"),
            (3, 1, "a.jsonl holds 3 records and b.jsonl 1"),
            (1, 3, "a.jsonl holds 1 record and b.jsonl 3"),
        ],
    )
    def test_files_that_do_not_pair_one_to_one_exit_2(
        self,
        cli: Callable[..., Result],
        three: list[dict[str, Any]],
        first: int,
        second: int,
        message: str,
    ) -> None:
        """Either file longer, by one record or more (blank lines not counted): the pairs are told, then both counts; exit 2."""
        records = [*three, three[0]]
        write("a.jsonl", records[:first])
        Path("b.jsonl").write_bytes(
            b"\n\n".join(json.dumps(each).encode() for each in records[:second])
        )
        paired = min(first, second)
        assert cli("diff", "a.jsonl", "b.jsonl") == Result(
            2,
            f"{paired} {'pair' if paired == 1 else 'pairs'}: {paired} the same,"
            " 0 differ (0 differences), 0 refused\n",
            f"binding-graph: {message}: the two must pair one to one\n",
        )

    def test_standard_input_once(self, cli: Callable[..., Result]) -> None:
        """FIRST and SECOND cannot both be -."""
        assert cli("diff", "-", "-") == Result(
            2,
            "",
            "binding-graph: diff reads standard input once: FIRST and SECOND"
            " cannot both be '-'\n",
        )

    def test_missing_files_exit_2(self, cli: Callable[..., Result]) -> None:
        """Each file that cannot be opened is told, in one line; exit 2."""
        assert cli("diff", "a.jsonl", "b.jsonl") == Result(
            2,
            "",
            "binding-graph: a.jsonl: No such file or directory\n"
            "binding-graph: b.jsonl: No such file or directory\n",
        )

    def test_a_line_over_max_bytes_is_refused(
        self, cli: Callable[..., Result], three: list[dict[str, Any]]
    ) -> None:
        """A record longer than --max-bytes is a refusal of that pair, not the end of the run."""
        write("a.jsonl", three)
        write("b.jsonl", [*three[:2], {"pad": "x" * 9000}])
        result = cli("diff", "--max-bytes", "8000", "a.jsonl", "b.jsonl")
        assert (result.status, result.err) == (1, "")
        told, summary = result.out.splitlines()
        assert told.startswith("b.jsonl:3: limit_exceeded at <root>: ")
        assert summary == "3 pairs: 2 the same, 0 differ (0 differences), 1 refused"

    def test_a_file_that_fails_while_read_exits_2(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        three: list[dict[str, Any]],
    ) -> None:
        """An error while reading: the summary of the pairs read, and one line naming the file; exit 2."""
        write("a.jsonl", three)

        def broken(*_: object, **__: object) -> Any:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(_pairs, "split_lines", broken)
        assert cli("diff", "a.jsonl", "a.jsonl") == Result(
            2,
            "0 pairs: 0 the same, 0 differ (0 differences), 0 refused\n",
            "binding-graph: a.jsonl: Input/output error\n",
        )


class TestSprints:
    """Two quantities of 3 where the gold binds one: diff and score read them as the gold's."""

    def test_a_right_draft_has_no_difference_and_a_wrong_one_its_step(
        self, cli: Callable[..., Result]
    ) -> None:
        """The right draft's graph differs in nothing (exit 0); for the wrong one, exits 1 with its one wrong step; score names it in both graphs' names."""
        text = SPRINTS.graph.provenance[0].text
        write("gold.jsonl", [json.loads(case_line(SPRINTS))])
        for name, weekly in (
            ("right", "sprints * times"),
            ("wrong", "sprints + times"),
        ):
            graph = compile_draft(sprints_draft(weekly), text, source_id="sprints")
            Path(f"{name}.jsonl").write_bytes(canonical_bytes(graph) + b"\n")
        right = cli("diff", "gold.jsonl", "right.jsonl")
        assert (right.status, right.out) == (
            0,
            "1 pair: 1 the same, 0 differ (0 differences), 0 refused\n",
        )
        wrong = cli("diff", "gold.jsonl", "wrong.jsonl")
        assert wrong.status == 1
        assert wrong.out.splitlines() == [
            "gold.jsonl:1: - equations[0]: sym_step_1_002 := sym_3_000 * sym_3_000",
            "wrong.jsonl:1: + equations[0]: weekly := sprints + times",
            "1 pair: 0 the same, 1 differ (2 differences), 0 refused",
        ]
        scored = cli("score", "wrong.jsonl", "gold.jsonl")
        assert scored.status == 0
        assert scored.out.splitlines()[-1] == (
            "  case 1 (sprints): wrong answer: expected 540, got 360;"
            " first wrong step: equations[0] sym_step_1_002 := sym_3_000 * sym_3_000"
            " (predicted: equations[0] weekly := sprints + times)"
        )
