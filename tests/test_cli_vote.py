"""Tests of ``binding-graph vote``: the set-up most samples share, problem by problem, over several files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import BindingGraphError, canonical_bytes, loads, refusal_line
from binding_graph.datasets import from_gsm8k
from tests._cases import renamed
from tests._helpers import ROOT, Result

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


GSM8K = Path(__file__).parent / "data" / "gsm8k" / "train-200.jsonl"
QUOTE = BindingGraphError(
    "quote_not_found", "the quote is not in the text", ("draft", "quantities", 0)
)


@pytest.fixture
def gold() -> list[dict[str, Any]]:
    """The graphs of the first three GSM8K sample records, as JSON."""
    records = GSM8K.read_bytes().splitlines()[:3]
    return [
        json.loads(
            canonical_bytes(
                from_gsm8k(json.loads(record), source_id=f"gsm8k-{number}").graph
            )
        )
        for number, record in enumerate(records, 1)
    ]


def lines(*records: dict[str, Any] | bytes) -> bytes:
    """Return *records* as JSON Lines: a JSON object a line, or a line as it is."""
    return b"".join(
        record if type(record) is bytes else json.dumps(record).encode() + b"\n"
        for record in records
    )


def multiplied(graph: dict[str, Any]) -> dict[str, Any]:
    """Return the second problem's graph with its first step multiplied where it divides."""
    changed: dict[str, Any] = json.loads(json.dumps(graph))
    equation = changed["equations"][0]
    assert equation["rhs_canonical"] == "sym_12_000 / 60"
    equation["rhs_canonical"] = "sym_12_000 * 60"
    equation["operation_kind"] = "multiply"
    return changed


def samples(gold: list[dict[str, Any]]) -> None:
    """Write the three samples the page shows: s1.jsonl the gold; s2.jsonl the first named anew, the second multiplied, the third refused; s3.jsonl the gold but the second multiplied and the third refused."""
    first, second, third = gold
    anew = json.loads(canonical_bytes(renamed(loads(json.dumps(first)))))
    refused = refusal_line("gsm8k-3", [QUOTE])
    Path("s1.jsonl").write_bytes(lines(first, second, third))
    Path("s2.jsonl").write_bytes(lines(anew, multiplied(second), refused))
    Path("s3.jsonl").write_bytes(lines(first, multiplied(second), refused))


SUMMARY = (
    "3 problems of 3 samples: 1 unanimous, 2 split (0 tied), 0 refused;"
    " by the winner's votes: 3 of 3: 1, 2 of 3: 1, 1 of 3: 1\n"
)


def canonical(*graphs: dict[str, Any]) -> str:
    """Return *graphs* as canonical JSON Lines, as vote writes them."""
    return b"".join(
        canonical_bytes(loads(json.dumps(graph))) + b"\n" for graph in graphs
    ).decode()


class TestVote:
    """Vote writes each problem's winning graph, or its refusals, and tells a summary."""

    def test_three_samples(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """The first graph as the first file has it; the second as two of three have it; the third the one graph; exit 0."""
        samples(gold)
        first, second, third = gold
        assert cli("vote", "s1.jsonl", "s2.jsonl", "s3.jsonl") == Result(
            0, canonical(first, multiplied(second), third), SUMMARY
        )

    def test_a_tie_goes_to_the_first_file(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """Two files, two set-ups of the second problem: the first file's wins, and the summary counts it tied."""
        samples(gold)
        first, second, third = gold
        assert cli("vote", "s2.jsonl", "s1.jsonl") == Result(
            0,
            canonical(
                json.loads(canonical_bytes(renamed(loads(json.dumps(first))))),
                multiplied(second),
                third,
            ),
            "3 problems of 2 samples: 1 unanimous, 2 split (1 tied), 0 refused;"
            " by the winner's votes: 2 of 2: 1, 1 of 2: 2\n",
        )

    def test_every_sample_refused(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """A problem no sample answers: a refusal record of every sample's refusal, told with its codes; exit 1."""
        samples(gold)
        Path("broken.jsonl").write_bytes(
            lines(gold[0], b"{not json\n", refusal_line(None, [QUOTE]))
        )
        result = cli("vote", "s2.jsonl", "broken.jsonl")
        assert (result.status, result.err) == (
            1,
            (
                "s2.jsonl:3: every sample refused: quote_not_found 2\n"
                "3 problems of 2 samples: 1 unanimous, 1 split (0 tied), 1 refused;"
                " by the winner's votes: 2 of 2: 1, 1 of 2: 1, 0 of 2: 1\n"
            ),
        )
        last = json.loads(result.out.splitlines()[2])
        assert last["source_id"] is None
        assert [entry["code"] for entry in last["refused"]] == [
            "quote_not_found",
            "quote_not_found",
        ]
        assert last["refused"][0]["message"] == (
            "the producer refused 'gsm8k-3': the quote is not in the text"
        )

    def test_samples_of_different_problems(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """A file out of order: the sample of another problem told at its file and line, a refusal record written; exit 1."""
        Path("a.jsonl").write_bytes(lines(*gold))
        Path("b.jsonl").write_bytes(lines(gold[1], gold[0], gold[2]))
        result = cli("vote", "a.jsonl", "b.jsonl")
        message = (
            "vote.samples[1] is a graph of another problem than the first graph's:"
            " the sources and texts of their provenance differ"
        )
        assert (result.status, result.err) == (
            1,
            (
                f"b.jsonl:1: span_text_mismatch at provenance: {message}\n"
                f"b.jsonl:2: span_text_mismatch at provenance: {message}\n"
                "3 problems of 2 samples: 1 unanimous, 0 split (0 tied), 0 refused,"
                " 2 of different problems; by the winner's votes: 2 of 2: 1\n"
            ),
        )
        written = result.out.splitlines()
        assert json.loads(written[0])["refused"] == [
            {
                "code": "span_text_mismatch",
                "message": message,
                "path": ["samples", 1, "provenance"],
            }
        ]
        assert written[2] == canonical(gold[2]).rstrip("\n")

    def test_json(self, cli: Callable[..., Result], gold: list[dict[str, Any]]) -> None:
        """--format json: what is told, and the summary, one object a line on standard error."""
        samples(gold)
        Path("broken.jsonl").write_bytes(lines(gold[0], gold[1], b"{not json\n"))
        result = cli("vote", "--format", "json", "s2.jsonl", "broken.jsonl")
        assert result.status == 1
        assert [json.loads(line) for line in result.err.splitlines()] == [
            {
                "file": "s2.jsonl",
                "line": 3,
                "refused": {"malformed_document": 1, "quote_not_found": 1},
            },
            {
                "summary": {
                    "problems": 3,
                    "samples": 2,
                    "unanimous": 1,
                    "split": 1,
                    "tied": 1,
                    "refused": 1,
                    "mixed": 0,
                    "votes": {"2": 1, "1": 1, "0": 1},
                }
            },
        ]

    def test_one_file(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """A single file votes alone: each graph wins unanimously."""
        Path("a.jsonl").write_bytes(lines(gold[0]))
        assert cli("vote", "a.jsonl") == Result(
            0,
            canonical(gold[0]),
            "1 problem of 1 sample: 1 unanimous, 0 split (0 tied), 0 refused;"
            " by the winner's votes: 1 of 1: 1\n",
        )


class TestTheRun:
    """What keeps the run from its job: exit 2, or 5 for an empty file."""

    def test_files_of_different_lengths_exit_2(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """The problems before are voted on, then both counts are told; exit 2."""
        Path("a.jsonl").write_bytes(lines(*gold))
        stdin = lines(*gold[:2])
        result = cli("vote", "a.jsonl", "-", "a.jsonl", stdin=stdin)
        assert (result.status, result.out) == (2, canonical(*gold[:2]))
        assert result.err == (
            "binding-graph: a.jsonl holds 3 records, <stdin> 2 and a.jsonl 3:"
            " the files must pair one to one\n"
            "2 problems of 3 samples: 2 unanimous, 0 split (0 tied), 0 refused;"
            " by the winner's votes: 3 of 3: 2\n"
        )
        Path("b.jsonl").write_bytes(lines(gold[0]))
        two = cli("vote", "b.jsonl", "a.jsonl")
        assert two.status == 2
        assert two.err.splitlines()[0] == (
            "binding-graph: b.jsonl holds 1 record and a.jsonl 3:"
            " the files must pair one to one"
        )

    def test_an_empty_file_exits_5(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """An empty file is said to be empty, not to end first: nothing voted, exit 5."""
        Path("a.jsonl").write_bytes(lines(*gold))
        Path("e.jsonl").write_bytes(b"\n")
        assert cli("vote", "a.jsonl", "e.jsonl") == Result(
            5,
            "",
            "binding-graph: e.jsonl: no record: the input is empty\n"
            "0 problems of 2 samples: 0 unanimous, 0 split (0 tied), 0 refused\n",
        )

    def test_missing_files_and_standard_input_twice_exit_2(
        self, cli: Callable[..., Result]
    ) -> None:
        """Every missing file is told; standard input may be read once."""
        assert cli("vote", "nope.jsonl", "gone.jsonl") == Result(
            2,
            "",
            "binding-graph: nope.jsonl: No such file or directory\n"
            "binding-graph: gone.jsonl: No such file or directory\n",
        )
        assert cli("vote", "-", "-") == Result(
            2,
            "",
            "binding-graph: vote reads standard input once: only one FILE may be '-'\n",
        )

    def test_a_file_that_fails_while_read_exits_2(
        self,
        cli: Callable[..., Result],
        gold: list[dict[str, Any]],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """An error of the system while a file is read: told in one line; exit 2."""
        from binding_graph.cli import _pairs  # noqa: PLC0415

        Path("a.jsonl").write_bytes(lines(*gold))

        def broken(file: object, max_bytes: int) -> Iterator[tuple[int, bytes]]:
            del file, max_bytes
            yield from ()
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(_pairs, "split_lines", broken)
        result = cli("vote", "a.jsonl", "a.jsonl")
        assert (result.status, result.out) == (2, "")
        assert (
            result.err.splitlines()[0] == "binding-graph: a.jsonl: Input/output error"
        )


class TestThePage:
    """docs/cli.md shows what vote writes of the samples it describes."""

    def test_the_page_shows_what_vote_prints(
        self, cli: Callable[..., Result], gold: list[dict[str, Any]]
    ) -> None:
        """The summary of the vote, and the diff of the gold against the graphs voted."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        samples(gold)
        vote = "```console\n$ binding-graph vote s1.jsonl s2.jsonl s3.jsonl > voted.jsonl\n"
        shown = page.split(vote, 1)[1].split("$ ", 1)[0]
        voted = cli("vote", "s1.jsonl", "s2.jsonl", "s3.jsonl")
        assert (voted.status, voted.err) == (0, shown)
        Path("voted.jsonl").write_text(voted.out, encoding="utf-8")
        run = "$ binding-graph diff s1.jsonl voted.jsonl\n"
        shown = page.split(vote, 1)[1].split(run, 1)[1].split("```", 1)[0]
        assert cli("diff", "s1.jsonl", "voted.jsonl") == Result(1, shown, "")
