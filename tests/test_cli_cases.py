"""Every command that reads graphs reads case lines too, as ``import`` writes them: their graph, named by their source id."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import (
    BindingGraphError,
    canonical_bytes,
    content_hash,
    loads,
    refusals,
    to_data,
)
from binding_graph.analysis import findings, to_mermaid
from binding_graph.arithmetic import answers
from binding_graph.datasets import BenchmarkCase, case_line, from_gsm8k
from binding_graph.errors import render_path
from binding_graph.units import admit
from tests._helpers import Result, equation, graph, refusal

if TYPE_CHECKING:
    from collections.abc import Callable

DATA = Path(__file__).parent / "data"
GSM8K = [
    json.loads(line)
    for line in (DATA / "gsm8k" / "train-200.jsonl").read_bytes().splitlines()
]

FIRST = from_gsm8k(GSM8K[0], source_id="gsm8k-1")
SECOND = from_gsm8k(GSM8K[1], source_id="gsm8k-2")
# A case whose graph leaves its unknown undetermined: y has no value.
LOOSE_END = BenchmarkCase("p-3", graph(), Fraction(3))
PENDING = BenchmarkCase(
    "p-4", graph(equations=(equation(admissibility_status="pending"),)), Fraction(3)
)


def line(case: BenchmarkCase) -> bytes:
    """Return the case line of *case*, as import writes it."""
    return case_line(case)


def loose(case: BenchmarkCase, answer: str | None = None) -> bytes:
    """Return *case* as a producer may write it: keys in another order, spaces, its answer spelt otherwise."""
    data = {
        "source_id": case.source_id,
        "graph": to_data(case.graph),
        "answer": answer or str(case.answer),
    }
    return json.dumps(data).encode() + b"\n"


def objects(text: str) -> list[dict[str, Any]]:
    """Parse the output of ``--format json``: one object a line."""
    return [json.loads(item) for item in text.splitlines()]


def told(error: BindingGraphError) -> str:
    """Return how a refusal ends its line: ``CODE at WHERE: MESSAGE``."""
    return f"{error.code} at {render_path(error.path)}: {error.message}"


def under_graph(error: BindingGraphError) -> BindingGraphError:
    """Return *error* as a case line's refusal: its path under ``graph``."""
    return error.with_prefix(("graph",))


class TestValidate:
    """validate accepts case lines, and refuses them as load_cases does, named by their source id."""

    def test_the_cases_import_writes_are_accepted(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file of case lines, as import writes it: every record accepted, exit 0."""
        Path("g.jsonl").write_bytes(line(FIRST) + line(SECOND) + line(LOOSE_END))
        assert cli("validate", "g.jsonl") == Result(
            0, "3 records: 3 accepted, 0 refused\n", ""
        )

    def test_a_case_in_any_order_and_spacing_is_accepted(
        self, cli: Callable[..., Result]
    ) -> None:
        """Keys in another order, spaces, a .json file in any layout: still a case."""
        Path("g.jsonl").write_bytes(loose(FIRST, "72.0"))
        pretty = json.dumps(json.loads(line(SECOND)), indent=2).encode()
        Path("one.json").write_bytes(pretty)
        assert cli("validate", "g.jsonl", "one.json") == Result(
            0, "2 records: 2 accepted, 0 refused\n", ""
        )

    def test_a_case_whose_graph_is_refused(self, cli: Callable[..., Result]) -> None:
        """The refusal of its graph, under graph, with its source id; not the depth of a graph document."""
        broken = line(FIRST).replace(
            b'"lhs_symbol_id":"sym_step_1_', b'"lhs_symbol_id":"sym_stop_1_', 1
        )
        Path("g.jsonl").write_bytes(line(SECOND) + broken)
        graph_text = json.dumps(json.loads(broken)["graph"])
        error = under_graph(refusal(loads, graph_text))
        assert error.path == ("graph", "equations", 0, "lhs_symbol_id")
        assert cli("validate", "g.jsonl") == Result(
            1,
            f"g.jsonl:2: case gsm8k-1: {told(error)}\n"
            f"2 records: 1 accepted, 1 refused ({error.code} 1)\n",
            "",
        )
        assert objects(cli("validate", "--format", "json", "g.jsonl").out)[0] == {
            "file": "g.jsonl",
            "line": 2,
            "source_id": "gsm8k-1",
            "code": error.code,
            "path": list(error.path),
            "message": error.message,
        }

    def test_all_lists_every_refusal_of_a_cases_graph(
        self, cli: Callable[..., Result]
    ) -> None:
        """--all: every refusal of the case's graph, in document order, each under graph."""
        data = json.loads(line(LOOSE_END))
        data["graph"]["symbols"][0]["semantic_role"] = "speed"
        data["graph"]["facts"][0]["symbol_id"] = "w"
        Path("g.jsonl").write_bytes(json.dumps(data).encode() + b"\n")
        listed = [under_graph(error) for error in refusals(data["graph"])]
        assert [error.code for error in listed] == [
            "not_in_vocabulary",
            "unknown_symbol",
        ]
        assert cli("validate", "--all", "g.jsonl") == Result(
            1,
            "".join(f"g.jsonl:1: case p-3: {told(error)}\n" for error in listed)
            + "1 record: 0 accepted, 1 refused"
            " (2 refusals: not_in_vocabulary 1, unknown_symbol 1)\n",
            "",
        )

    def test_a_case_beyond_the_list_keeps_the_count_at_the_root(
        self, cli: Callable[..., Result]
    ) -> None:
        """--all: a graph of more than 100 refusals: the last entry, which counts the rest, stays at the root."""
        data = json.loads(line(LOOSE_END))
        data["graph"]["facts"] = [data["graph"]["facts"][0] | {"symbol_id": "w"}] * 150
        Path("g.jsonl").write_bytes(json.dumps(data).encode() + b"\n")
        out = cli("validate", "--all", "--format", "json", "g.jsonl").out
        found = objects(out)
        assert [item["path"] for item in found[:2]] == [
            ["graph", "facts", 0, "symbol_id"],
            ["graph", "facts", 1, "symbol_id"],
        ]
        assert found[99]["path"] == []
        assert found[99]["code"] == "limit_exceeded"
        assert found[100]["summary"]["unlisted"] == 51

    def test_a_case_whose_answer_is_not_a_number(
        self, cli: Callable[..., Result]
    ) -> None:
        """A case line refused outside its graph: at its own key, with its source id."""
        Path("g.jsonl").write_bytes(loose(FIRST, "seventy-two"))
        result = cli("validate", "g.jsonl")
        assert result.out.splitlines()[0] == (
            "g.jsonl:1: case gsm8k-1: not_arithmetic at answer: a case's answer must"
            " be a number, or 'none': the text is not a number of the profile: an"
            " optional '-',"
            " then a NUMBER such as 12 or 2.5, or a fraction such as 3/4, with"
            " nothing around it (got 'seventy-two')"
        )
        assert result.status == 1

    @pytest.mark.parametrize(
        ("source_id", "shown"),
        [
            ("a\nb", "case 'a\\nb': "),
            (" ", ""),
            (7, ""),
        ],
    )
    def test_a_source_id_is_shown_on_one_line_or_not_at_all(
        self, cli: Callable[..., Result], source_id: object, shown: str
    ) -> None:
        """A source id that is not printable is shown as its repr; a blank or non-str one is not shown."""
        broken = to_data(graph()) | {"version": 2}
        data = {"answer": "3", "graph": broken, "source_id": source_id}
        Path("g.jsonl").write_bytes(json.dumps(data).encode() + b"\n")
        first = cli("validate", "g.jsonl").out.splitlines()[0]
        assert first.startswith(f"g.jsonl:1: {shown}")
        assert first.count("case ") == (1 if shown else 0)

    def test_a_line_that_is_neither_says_what_it_is(
        self, cli: Callable[..., Result]
    ) -> None:
        """A benchmark's own record: missing_key at format, as loads says, with the keys it has."""
        Path("g.jsonl").write_bytes(json.dumps(GSM8K[0]).encode() + b"\n")
        many = {f"k{index}": index for index in range(7)}
        Path("h.jsonl").write_bytes(json.dumps(many).encode() + b"\n")
        assert loads_refusal(json.dumps(GSM8K[0])) == ("missing_key", ("format",))
        assert cli("validate", "g.jsonl", "h.jsonl") == Result(
            1,
            "g.jsonl:1: missing_key at format: the record is neither a graph"
            " document nor a case: it is a JSON object with the keys 'question',"
            ' \'answer\'; a graph document holds "format": "binding-graph" and'
            ' "version": 1 beside its fields, and a case, as binding-graph import'
            " writes it from a benchmark's record, the keys answer, graph, source_id\n"
            "h.jsonl:1: missing_key at format: the record is neither a graph"
            " document nor a case: it is a JSON object with the keys 'k0', 'k1',"
            " 'k2', 'k3', 'k4' and 2 more; a graph document holds \"format\":"
            ' "binding-graph" and "version": 1 beside its fields, and a case, as'
            " binding-graph import writes it from a benchmark's record, the keys"
            " answer, graph, source_id\n"
            "2 records: 0 accepted, 2 refused (missing_key 2)\n",
            "",
        )

    @pytest.mark.parametrize(
        "text",
        [
            b"{}",
            b"[1]",
            b"[[[[[[1]]]]]]",
            b'{"symbols": []}',
            b'{"format": "binding-graph", "graph": {}}',
            b'{"answer": 1} x',
            b'{"answer": "1", "format": "binding-graph"}',
        ],
    )
    def test_what_is_not_a_case_is_refused_as_loads_refuses_it(
        self, cli: Callable[..., Result], text: bytes
    ) -> None:
        """An empty object, no object (nested deep or not), a graph's keys, a format, no JSON: loads' refusal, as before."""
        Path("g.jsonl").write_bytes(text + b"\n")
        error = refusal(loads, text)
        assert cli("validate", "g.jsonl").out.splitlines()[0] == (
            f"g.jsonl:1: {told(error)}"
        )

    @pytest.mark.parametrize(
        ("text", "code", "path"),
        [
            (b'{"answer": "5", "source_id": "q"}', "missing_key", ("graph",)),
            (b'{"graph": {}, "source_id": "q"}', "missing_key", ("answer",)),
            (
                b'{"graph": {}, "answer": "1", "source_id": "q", "x": 1}',
                "unknown_key",
                ("x",),
            ),
        ],
    )
    def test_a_line_with_a_cases_keys_is_refused_as_a_case(
        self, cli: Callable[..., Result], text: bytes, code: str, path: tuple[str, ...]
    ) -> None:
        """A graph without a format, or only a case's keys: refused as load_cases refuses it."""
        Path("g.jsonl").write_bytes(text + b"\n")
        result = objects(cli("validate", "--all", "--format", "json", "g.jsonl").out)
        assert (result[0]["code"], tuple(result[0]["path"])) == (code, path)
        assert result[0]["source_id"] == "q"
        assert len(result) == 2


def loads_refusal(text: str) -> tuple[str, tuple[str | int, ...]]:
    """Return the code and path of loads' refusal of *text*."""
    error = refusal(loads, text)
    return error.code, error.path


class TestCommandsOverCases:
    """hash, solve, analyze, render: a case's graph, its lines named by its source id."""

    def test_hash_is_the_graphs(self, cli: Callable[..., Result]) -> None:
        """hash: the content hash of the case's graph, the case named after the place."""
        Path("g.jsonl").write_bytes(canonical_bytes(graph()) + b"\n" + line(FIRST))
        assert cli("hash", "g.jsonl") == Result(
            0,
            f"{content_hash(graph())} g.jsonl:1\n"
            f"{content_hash(FIRST.graph)} g.jsonl:2 (case gsm8k-1)\n"
            "2 records: 2 accepted, 0 refused\n",
            "",
        )
        assert objects(cli("hash", "--format", "json", "g.jsonl").out)[1] == {
            "file": "g.jsonl",
            "line": 2,
            "source_id": "gsm8k-1",
            "hash": content_hash(FIRST.graph),
        }

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_solve_gives_each_cases_answers(
        self, cli: Callable[..., Result], jobs: str
    ) -> None:
        """solve: each case's answer, its unknown named after the case; unsolvable under graph."""
        Path("g.jsonl").write_bytes(line(FIRST) + line(SECOND) + line(LOOSE_END))
        (first,), (second,) = answers(FIRST.graph), answers(SECOND.graph)
        first_id = FIRST.graph.unknowns[0].symbol_id
        second_id = SECOND.graph.unknowns[0].symbol_id
        unbound = under_graph(refusal(answers, LOOSE_END.graph))
        assert (first, second) == (FIRST.answer, SECOND.answer)
        assert cli("solve", "--jobs", jobs, "g.jsonl") == Result(
            1,
            f"g.jsonl:1: case gsm8k-1: {first_id} = 72\n"
            f"g.jsonl:2: case gsm8k-2: {second_id} = 10\n"
            f"g.jsonl:3: case p-3: {told(unbound)}\n"
            "3 records: 3 accepted, 0 refused; 2 solved, 1 unsolved"
            " (unbound_unknown 1)\n",
            "",
        )
        found = objects(cli("solve", "--format", "json", "g.jsonl").out)
        assert found[0] == {
            "file": "g.jsonl",
            "line": 1,
            "source_id": "gsm8k-1",
            "answers": [{"symbol_id": first_id, "value": "72", "decimal": "72"}],
        }
        assert found[2]["path"] == list(unbound.path)

    def test_analyze_tells_findings_under_graph(
        self, cli: Callable[..., Result]
    ) -> None:
        """analyze: a case's findings, their paths under graph, with its source id."""
        Path("g.jsonl").write_bytes(line(LOOSE_END))
        found = findings(LOOSE_END.graph)
        result = cli("analyze", "g.jsonl")
        assert result.out.splitlines()[:-1] == [
            f"g.jsonl:1: case p-3: {finding.code} at"
            f" {render_path(('graph', *finding.path))}: {finding.message}"
            for finding in found
        ]
        assert result.status == 0
        first = objects(cli("analyze", "--format", "json", "g.jsonl").out)[0]
        assert (first["source_id"], first["path"][0], first["finding"]) == (
            "p-3",
            "graph",
            True,
        )

    def test_render_draws_a_cases_graph(self, cli: Callable[..., Result]) -> None:
        """render: the graph of a case line, as of a graph document; a refused one with its source id."""
        broken = line(FIRST).replace(b'"version":1', b'"version":2')
        Path("g.jsonl").write_bytes(line(FIRST) + broken)
        assert cli("render", "--to", "mermaid", "g.jsonl", "--line", "1") == Result(
            0, to_mermaid(FIRST.graph), ""
        )
        result = cli("render", "--to", "mermaid", "g.jsonl", "--line", "2")
        assert result.status == 1
        assert result.err.startswith(
            "g.jsonl:2: case gsm8k-1: unsupported_version at graph.version: "
        )


class TestWritersKeepCases:
    """canonicalize and admit write a case back as a case: a file of cases never becomes a file of graphs."""

    def test_canonicalize_writes_each_record_in_its_own_form(
        self, cli: Callable[..., Result]
    ) -> None:
        """A case in any spelling becomes its case line; a graph its document; already canonical is left alone."""
        mixed = loose(FIRST, "72.00") + json.dumps(to_data(graph())).encode() + b"\n"
        Path("g.jsonl").write_bytes(mixed)
        assert cli("canonicalize", "--check", "g.jsonl").status == 1
        assert cli("canonicalize", "g.jsonl").out == (
            "rewrote g.jsonl\n2 records: 2 accepted, 0 refused; files: 1 rewritten\n"
        )
        canonical = line(FIRST) + canonical_bytes(graph()) + b"\n"
        assert Path("g.jsonl").read_bytes() == canonical
        assert cli("canonicalize", "--check", "g.jsonl") == Result(
            0, "2 records: 2 accepted, 0 refused; files: 1 already canonical\n", ""
        )
        assert cli("canonicalize", "-", stdin=mixed) == Result(
            0, canonical.decode(), ""
        )

    def test_admit_writes_a_case_with_its_graph_admitted(
        self, cli: Callable[..., Result]
    ) -> None:
        """admit: the case line of the admitted graph, on standard output or in place."""
        Path("g.jsonl").write_bytes(line(PENDING))
        admitted = BenchmarkCase("p-4", admit(PENDING.graph), Fraction(3))
        result = cli("admit", "g.jsonl")
        assert (result.status, result.out) == (0, line(admitted).decode())
        assert cli("admit", "--in-place", "g.jsonl").status == 0
        assert Path("g.jsonl").read_bytes() == line(admitted)

    def test_admit_tells_a_refused_equation_under_graph(
        self, cli: Callable[..., Result]
    ) -> None:
        """A case's equation that admission refuses: its path under graph, with the case's source id."""
        mismatch = graph(equations=(equation(admissibility_status="pending"),))
        symbols = tuple(
            symbol
            if symbol.symbol_id != "z"
            else symbol.__class__(
                symbol_id="z",
                name=symbol.name,
                semantic_role=symbol.semantic_role,
                source_span=symbol.source_span,
                introduced_by=symbol.introduced_by,
                unit="kilogram",
            )
            for symbol in mismatch.symbols
        )
        case = BenchmarkCase(
            "p-5", graph(symbols=symbols, equations=mismatch.equations), Fraction(3)
        )
        Path("g.jsonl").write_bytes(line(case))
        decided = admit(case.graph).equations[0]
        reason, _, detail = (decided.refusal_reason or "").partition(": ")
        result = cli("admit", "--format", "json", "g.jsonl")
        assert json.loads(result.err.splitlines()[0]) == {
            "file": "g.jsonl",
            "line": 1,
            "source_id": "p-5",
            "code": reason,
            "path": ["graph", "equations", 0],
            "message": detail,
            "equation_refused": True,
        }


class TestThePage:
    """docs/cli.md shows what the commands print of a benchmark's cases, and of its own file."""

    PAGE = (Path(__file__).parent.parent / "docs" / "cli.md").read_text(
        encoding="utf-8"
    )

    def shown(self, command: str) -> list[str]:
        """Return the lines the page shows *command* printing."""
        block = self.PAGE.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
        return block.split("\n$ ", 1)[0].splitlines()

    def test_solve_of_the_imported_cases(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
    ) -> None:
        """The cases import writes, solved, as the page shows them ('...' elides)."""
        root = Path(__file__).parent.parent
        monkeypatch.chdir(root)
        out = cli("import", "gsm8k", "tests/data/gsm8k/train-200.jsonl").out
        # The page's file is written where the test may write, never into
        # the checkout.
        monkeypatch.chdir(tmp_path)
        Path("gsm8k.jsonl").write_text(out, encoding="utf-8")
        printed = cli("solve", "gsm8k.jsonl").out.splitlines()
        shown = self.shown("binding-graph solve gsm8k.jsonl")
        assert [*printed[:3], "...", *printed[-1:]] == shown

    def test_validate_of_a_benchmarks_own_file(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """GSM8K's own file given to validate, as the page shows it ('...' elides)."""
        monkeypatch.chdir(Path(__file__).parent.parent)
        result = cli("validate", "tests/data/gsm8k/train-200.jsonl")
        printed = result.out.splitlines()
        shown = self.shown("binding-graph validate tests/data/gsm8k/train-200.jsonl")
        assert [*printed[:1], "...", *printed[-1:]] == shown
        assert result.status == 1
