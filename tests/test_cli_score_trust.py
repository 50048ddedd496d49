"""Tests of ``binding-graph score --trust``: the profile for model output's checks, applied one after another, a row each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from binding_graph import canonical_bytes
from binding_graph.datasets import case_line, from_gsm8k

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests._helpers import Result

GSM8K = Path(__file__).parent / "data" / "gsm8k" / "train-200.jsonl"


def write_files() -> None:
    """Write g.jsonl, the first three GSM8K sample cases, and p.jsonl, their graphs with the first problem's half made a fifth."""
    records = GSM8K.read_bytes().splitlines()[:3]
    cases = [
        from_gsm8k(json.loads(record), source_id=f"gsm8k-{number}")
        for number, record in enumerate(records, 1)
    ]
    Path("g.jsonl").write_bytes(b"".join(case_line(case) + b"\n" for case in cases))
    graphs: list[dict[str, Any]] = [
        json.loads(canonical_bytes(case.graph)) for case in cases
    ]
    step = graphs[0]["equations"][0]
    assert step["rhs_canonical"] == "sym_48_000 / 2"
    # 48 / 5 clips: 48 + 9.6 = 57.6 clips sold, which no count can be.
    step["rhs_canonical"] = "sym_48_000 / 5"
    Path("p.jsonl").write_bytes(
        b"".join(json.dumps(graph).encode() + b"\n" for graph in graphs)
    )


class TestTrust:
    """With --trust, each check of the profile is a row: its figures with it and those before it applied."""

    def test_rows_by_check(self, cli: Callable[..., Result]) -> None:
        """The fifth of the clips is a wrong answer as scored, and refused by the answers check; grounding refuses nothing more."""
        write_files()
        result = cli("score", "--trust", "p.jsonl", "g.jsonl")
        assert result.status == 0
        lines = result.out.splitlines()
        assert lines[2:5] == [
            "accuracy:           66.67%: 2 of 3 cases answered right",
            "coverage:           100.00%: 3 of 3 cases answered",
            "precision:          66.67%: 2 of 3 answers right",
        ]
        at = lines.index("by check:")
        assert lines[at + 1 : at + 3] == [
            (
                "  + answers: coverage 66.67% (2 of 3), precision 100.00% (2 of 2),"
                " accuracy 66.67% (2 of 3); refused 1 (non_integer_solution 1)"
            ),
            (
                "  + grounding: coverage 66.67% (2 of 3), precision 100.00% (2 of 2),"
                " accuracy 66.67% (2 of 3); refused 0"
            ),
        ]

    def test_without_trust_no_rows(self, cli: Callable[..., Result]) -> None:
        """Without --trust, the score has no row by check."""
        write_files()
        result = cli("score", "p.jsonl", "g.jsonl")
        assert (result.status, "by check:" in result.out) == (0, False)

    def test_the_rows_as_json(self, cli: Callable[..., Result]) -> None:
        """--format json holds the same rows under by_check."""
        write_files()
        result = cli("score", "--trust", "--format", "json", "p.jsonl", "g.jsonl")
        rows = json.loads(result.out)["by_check"]
        assert [(row["name"], row["refused"], row["by_code"]) for row in rows] == [
            ("answers", 1, {"non_integer_solution": 1}),
            ("grounding", 0, {}),
        ]

    def test_a_right_answer_refused_is_counted(
        self, cli: Callable[..., Result]
    ) -> None:
        """A check that refuses a right answer says how many of its refusals answered right."""
        write_files()
        graphs = [json.loads(line) for line in Path("p.jsonl").read_text().splitlines()]
        graphs[0]["equations"][0]["rhs_canonical"] = "sym_48_000 / 2"
        step = graphs[0]["equations"][1]
        # 48 + 13 + 11 is the 72 clips of the gold, with 13 stated nowhere, no
        # constant, and no one operation from what the text and set-up hold.
        step.update(rhs_canonical="sym_48_000 + 13 + 11", dependencies=["sym_48_000"])
        Path("p.jsonl").write_bytes(
            b"".join(json.dumps(graph).encode() + b"\n" for graph in graphs)
        )
        lines = cli("score", "--trust", "p.jsonl", "g.jsonl").out.splitlines()
        at = lines.index("by check:")
        assert lines[at + 1 : at + 3] == [
            (
                "  + answers: coverage 100.00% (3 of 3), precision 100.00% (3 of 3),"
                " accuracy 100.00% (3 of 3); refused 0"
            ),
            (
                "  + grounding: coverage 66.67% (2 of 3), precision 100.00% (2 of 2),"
                " accuracy 66.67% (2 of 3); refused 1 (unstated_number 1), 1 of them right"
            ),
        ]
