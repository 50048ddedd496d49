"""Tests of ``binding-graph import`` and ``binding-graph score``: benchmarks as gold cases, graphs scored against them."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from binding_graph import BindingGraphError, canonical_bytes, load_lines
from binding_graph.cli import _benchmarks, _pairs, main
from binding_graph.cli._progress import Progress
from binding_graph.datasets import case_line, from_gsm8k, from_svamp, load_cases, score
from binding_graph.errors import render_path
from tests._helpers import ROOT, Result, run_python

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from binding_graph.datasets import BenchmarkCase

DATA = Path(__file__).parent / "data"
GSM8K = DATA / "gsm8k" / "train-200.jsonl"
SVAMP = DATA / "svamp" / "SVAMP-200.json"

APPLES = {
    "question": "Ann has 3 bags of 4 apples. How many apples?",
    "answer": "3*4 = <<3*4=12>>12 apples.\n#### 12",
}
PENS = {
    "ID": "chal-9",
    "Body": "Dan had 7 pens and gave away 3.",
    "Question": "How many are left?",
    "Equation": "( 7.0 - 3.0 )",
    "Answer": 4.0,
}
TOYS = {
    "ID": "chal-8",
    "Body": "Amy has 5 toys and buys 6 more.",
    "Question": "How many toys does she have?",
    "Equation": "( 5.0 + 6.0 )",
    "Answer": 11.0,
}


NOT_UTF_8 = b"\xff"


def dumps(record: object) -> bytes:
    """Return *record* as JSON."""
    return json.dumps(record).encode()


def jsonl(*records: object) -> bytes:
    """Return *records* as JSON Lines."""
    return b"".join(json.dumps(record).encode() + b"\n" for record in records)


def expected_gsm8k(path: Path, label: str) -> tuple[str, str]:
    """Return what import gsm8k writes of *path*: its case lines, and its refusals on standard error."""
    out, err = b"", ""
    lines = path.read_bytes().splitlines()
    for number, line in enumerate(lines, 1):
        case = refusal_or_case(from_gsm8k, json.loads(line), f"gsm8k-{number}")
        if isinstance(case, BindingGraphError):
            where = render_path(case.path)
            err += f"{label}:{number}: {case.code} at {where}: {case.message}\n"
        else:
            out += case_line(case)
    return out.decode(), err


def refusal_or_case(
    adapter: Callable[..., BenchmarkCase], record: object, source_id: str
) -> BenchmarkCase | BindingGraphError:
    """Return what *adapter* makes of *record*: its case, or its refusal."""
    try:
        return adapter(record, source_id=source_id)
    except BindingGraphError as error:
        return error


def gold(path: Path) -> list[BenchmarkCase]:
    """Return the cases of a file of case lines."""
    with path.open("rb") as file:
        return [record.case for record in load_cases(file) if record.case]


@pytest.fixture
def imported(cli: Callable[..., Result]) -> Path:
    """Import the GSM8K sample to gold.jsonl, in the test's directory."""
    result = cli("import", "gsm8k", str(GSM8K))
    Path("gold.jsonl").write_text(result.out, encoding="utf-8")
    return Path("gold.jsonl")


class TestImportGsm8k:
    """Import gsm8k writes each record's case to standard output, and the report to standard error."""

    def test_the_sample(self, cli: Callable[..., Result]) -> None:
        """The 200 records of the sample: their cases, each refusal, and the summary; exit 0."""
        out, refusals = expected_gsm8k(GSM8K, str(GSM8K))
        assert cli("import", "gsm8k", str(GSM8K)) == Result(
            0,
            out,
            refusals + "200 records: 183 imported, 17 refused"
            " (answer_mismatch 11, no_annotation 5, not_arithmetic 1)\n",
        )
        assert refusals.splitlines()[1] == (
            f"{GSM8K}:24: answer_mismatch at answer: from_gsm8k: the steps reach 20,"
            " not the benchmark's answer 5"
        )

    def test_two_runs_write_equal_bytes(self, cli: Callable[..., Result]) -> None:
        """Two runs of import give byte-equal output."""
        first = cli("import", "gsm8k", str(GSM8K))
        assert cli("import", "gsm8k", str(GSM8K)) == first

    def test_standard_input(self, cli: Callable[..., Result]) -> None:
        """- reads standard input, reported as <stdin>; a case is named by its line."""
        result = cli("import", "gsm8k", "-", stdin=b"\n" + jsonl(APPLES))
        case = from_gsm8k(APPLES, source_id="gsm8k-2")
        assert result == Result(
            0, case_line(case).decode(), "1 record: 1 imported, 0 refused\n"
        )

    def test_records_that_are_not_the_benchmarks_exit_1(
        self, cli: Callable[..., Result]
    ) -> None:
        """Not JSON, not an object, not UTF-8, too deep, too long: refused, and exit 1."""
        lines = [
            b"not json",
            b"[1]",
            b'{"question": "x"} 5',
            b'{"a": 1, "a": 2}',
            b"\xff",
            b"[" * 100_000,
            b"1" * 5000,
            b" " * 60,
        ]
        Path("t.jsonl").write_bytes(b"\n".join(lines) + b"\n" + jsonl(APPLES))
        result = cli("import", "gsm8k", "t.jsonl")
        apples = from_gsm8k(APPLES, source_id="gsm8k-9")
        assert (result.status, result.out) == (1, case_line(apples).decode())
        err = result.err.splitlines()
        assert err[6].startswith(
            "t.jsonl:7: malformed_document at <root>: a record must be JSON that"
            " Python reads (Exceeds the limit (4300"
        )
        assert err == [
            (
                "t.jsonl:1: malformed_document at <root>: a record must be JSON"
                " (Expecting value: line 1 column 1)"
            ),
            (
                "t.jsonl:2: wrong_type at <root>: from_gsm8k.record must be a dict, one"
                " parsed JSON object, not list (got [1])"
            ),
            (
                "t.jsonl:3: malformed_document at <root>: a line must hold one record,"
                " and nothing after it (column 18)"
            ),
            "t.jsonl:4: malformed_document at <root>: a record must not repeat a key",
            (
                "t.jsonl:5: malformed_document at <root>: a record must be UTF-8"
                " (invalid start byte at byte 0)"
            ),
            (
                "t.jsonl:6: limit_exceeded at <root>: a record must not nest arrays and"
                " objects this deep"
            ),
            # Python words its own reason differently from version to version.
            err[6],
            (
                "8 records: 1 imported, 7 refused"
                " (limit_exceeded 1, malformed_document 5, wrong_type 1)"
            ),
        ]

    def test_a_line_above_max_bytes(self, cli: Callable[..., Result]) -> None:
        """A line above --max-bytes is limit_exceeded, never held whole; the blank line is skipped."""
        Path("t.jsonl").write_bytes(b"[" * 100 + b"\n" + b" \t \r\n")
        assert cli("import", "--max-bytes", "50", "gsm8k", "t.jsonl") == Result(
            1,
            "",
            "t.jsonl:1: limit_exceeded at <root>: a document may take at most 50"
            " bytes of UTF-8; this one takes more\n"
            "1 record: 0 imported, 1 refused (limit_exceeded 1)\n",
        )

    def test_a_refusal_of_the_adapter_exits_0(self, cli: Callable[..., Result]) -> None:
        """A benchmark's record the adapter refuses is the benchmark's: exit 0."""
        Path("t.jsonl").write_bytes(jsonl({**APPLES, "answer": "No steps.\n#### 1"}))
        result = cli("import", "gsm8k", "t.jsonl")
        assert (result.status, result.out) == (0, "")
        assert result.err.endswith(
            "\n1 record: 0 imported, 1 refused (no_annotation 1)\n"
        )

    def test_a_number_past_pythons_digit_limit_is_one_refusal(
        self, cli: Callable[..., Result]
    ) -> None:
        """A step with a 5,000-digit number: one line on standard error, and the next record written."""
        hostile = {"question": "Q?", "answer": f"<<{'9' * 5000}*2=1>>1\n#### 1"}
        Path("t.jsonl").write_bytes(jsonl(hostile, APPLES))
        result = cli("import", "gsm8k", "t.jsonl")
        assert (result.status, result.out) == (
            0,
            case_line(from_gsm8k(APPLES, source_id="gsm8k-2")).decode(),
        )
        first, summary = result.err.splitlines()
        assert first.startswith(
            "t.jsonl:1: limit_exceeded at answer: from_gsm8k: record['answer'] step 1"
        )
        assert first.endswith(
            "holds a number of more than 300 digits (got '999999999999999999999999999"
            "...9999999999999999999999999999')"
        )
        assert summary == "2 records: 1 imported, 1 refused (limit_exceeded 1)"

    def test_a_case_that_no_reader_would_take_is_not_written(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record whose case line would pass --max-bytes is refused, not written, so that what import writes reads back."""
        steps = " and ".join(["<<3+1=4>>4"] * 40)
        many = {"question": "Ann has 3 pens. How many?", "answer": f"{steps}\n#### 4"}
        Path("t.jsonl").write_bytes(jsonl(many, APPLES))
        size = len(case_line(from_gsm8k(many, source_id="gsm8k-1"))) - 1
        result = cli("import", "--max-bytes", "20000", "gsm8k", "t.jsonl")
        assert size > 20000 > len(jsonl(many))
        assert result == Result(
            0,
            case_line(from_gsm8k(APPLES, source_id="gsm8k-2")).decode(),
            f"t.jsonl:1: limit_exceeded at <root>: its case would take {size:,} bytes"
            " of UTF-8, more than the 20,000 that a reader of cases takes"
            " (--max-bytes): it is not written\n"
            "2 records: 1 imported, 1 refused (limit_exceeded 1)\n",
        )
        Path("gold.jsonl").write_text(result.out, encoding="utf-8")
        with Path("gold.jsonl").open("rb") as file:
            assert [record.line for record in load_cases(file, max_bytes=20000)] == [1]

    def test_json(self, cli: Callable[..., Result]) -> None:
        """--format json: each refusal and the summary as one object a line, on standard error."""
        Path("t.jsonl").write_bytes(b"[1]\n" + jsonl(APPLES))
        result = cli("import", "--format", "json", "gsm8k", "t.jsonl")
        assert (result.status, result.out.count("\n")) == (1, 1)
        assert [json.loads(line) for line in result.err.splitlines()] == [
            {
                "file": "t.jsonl",
                "line": 1,
                "code": "wrong_type",
                "path": [],
                "message": "from_gsm8k.record must be a dict, one parsed JSON object,"
                " not list (got [1])",
            },
            {
                "summary": {
                    "records": 2,
                    "imported": 1,
                    "refused": 1,
                    "by_code": {"wrong_type": 1},
                }
            },
        ]

    def test_a_missing_file_exits_2(self, cli: Callable[..., Result]) -> None:
        """A file that does not exist: one line, the summary, exit 2."""
        assert cli("import", "gsm8k", "nope.jsonl") == Result(
            2,
            "",
            "binding-graph: nope.jsonl: No such file or directory\n"
            "0 records: 0 imported, 0 refused\n",
        )

    def test_a_file_that_fails_while_read_exits_2(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An error while reading: one line, the summary of what was read, exit 2."""

        def failing(*_: object) -> Iterator[tuple[int, bytes | None]]:
            yield 1, json.dumps(APPLES).encode()
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(_benchmarks, "split_lines", failing)
        Path("t.jsonl").write_bytes(b"")
        result = cli("import", "gsm8k", "t.jsonl")
        assert (result.status, result.err) == (
            2,
            (
                "binding-graph: t.jsonl: Input/output error\n"
                "1 record: 1 imported, 0 refused\n"
            ),
        )

    def test_a_closed_standard_input_exits_2(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """- with standard input closed: one line, exit 2."""
        monkeypatch.setattr(sys, "stdin", None)
        assert main(["import", "gsm8k", "-"]) == 2
        assert capsys.readouterr().err == (
            "binding-graph: <stdin>: standard input is closed\n"
            "0 records: 0 imported, 0 refused\n"
        )


class TestImportSvamp:
    """Import svamp reads one JSON array a record at a time, and names each case by its ID."""

    def test_the_sample(self, cli: Callable[..., Result]) -> None:
        """The 200 records of the sample: each case under its ID; a refusal at the line its record starts on."""
        records = json.loads(SVAMP.read_text(encoding="utf-8"))
        made = [refusal_or_case(from_svamp, r, r["ID"]) for r in records]
        cases = [case for case in made if not isinstance(case, BindingGraphError)]
        assert records[49]["ID"] == "chal-50"
        assert isinstance(made[49], BindingGraphError)
        result = cli("import", "svamp", str(SVAMP))
        assert result == Result(
            0,
            b"".join(map(case_line, cases)).decode(),
            f"{SVAMP}:394: untraceable_number at Equation: from_svamp:"
            " record['Equation'] uses 149, which the text does not state\n"
            "200 records: 199 imported, 1 refused (untraceable_number 1)\n",
        )
        assert SVAMP.read_text(encoding="utf-8").splitlines()[394] == (
            '        "ID": "chal-50",'
        )
        assert cli("import", "svamp", str(SVAMP)) == result

    def test_refused_records_and_their_lines(self, cli: Callable[..., Result]) -> None:
        """A record that is not one, or without a good ID, is refused at its line: exit 1."""
        text = (
            "[\n"
            + ",\n".join(
                json.dumps(record)
                for record in cast(
                    "list[object]", [PENS, [], {**PENS, "ID": 7}, {"Body": "x"}]
                )
            )
            + "\n]\n"
        )
        result = cli("import", "svamp", "-", stdin=text.encode())
        assert result == Result(
            1,
            case_line(from_svamp(PENS, source_id="chal-9")).decode(),
            "<stdin>:3: wrong_type at <root>: from_svamp.record must be a dict, one"
            " parsed JSON object, not list (got [])\n"
            "<stdin>:4: wrong_type at ID: svamp.record['ID'] must be a str, not int"
            " (got 7)\n"
            "<stdin>:5: missing_key at ID: svamp.record has no key 'ID'\n"
            "4 records: 1 imported, 3 refused (missing_key 1, wrong_type 2)\n",
        )

    def test_an_empty_array(self, cli: Callable[..., Result]) -> None:
        """An empty array: no record, said to be empty, exit 5."""
        assert cli("import", "svamp", "-", stdin=b" [ ] \n") == Result(
            5,
            "",
            "binding-graph: <stdin>: no record: the input is empty\n"
            "0 records: 0 imported, 0 refused\n",
        )

    def test_a_record_that_cannot_be_read_is_one_refusal(
        self, cli: Callable[..., Result]
    ) -> None:
        """A repeated key, a 5,000-digit integer, nesting 100,000 deep, bytes that are no UTF-8 or no JSON (where the file says): each one refusal at its line, the others written; exit 1."""
        hostile = [
            b'{"ID": "a", "ID": "b"}',
            b'{"ID": "x", "Answer": ' + b"1" * 5000 + b"}",
            b"[" * 100_000 + b"]" * 100_000,
            b'{"ID": "' + NOT_UTF_8 + b'"}',
            b'    {"ID" "x"}',
            b'{\n  "ID": "x",\n  "Body" 1}',
            b"12.5.1",
        ]
        data = b"[\n" + b",\n".join([dumps(PENS), *hostile, dumps(TOYS)]) + b"\n]\n"
        Path("s.json").write_bytes(data)
        result = cli("import", "svamp", "s.json")
        cases = [
            from_svamp(PENS, source_id="chal-9"),
            from_svamp(TOYS, source_id="chal-8"),
        ]
        assert (result.status, result.out) == (
            1,
            b"".join(map(case_line, cases)).decode(),
        )
        err = result.err.splitlines()
        assert err[1].startswith(
            "s.json:4: malformed_document at <root>: a record must be JSON that"
            " Python reads (Exceeds the limit (4300"
        )
        assert err == [
            "s.json:3: malformed_document at <root>: a record must not repeat a key",
            # Python words its own reason differently from version to version.
            err[1],
            (
                "s.json:5: limit_exceeded at <root>: a record must not nest arrays"
                " and objects this deep"
            ),
            (
                "s.json:6: malformed_document at <root>: a record must be UTF-8"
                f" (invalid start byte at byte {data.index(NOT_UTF_8)})"
            ),
            (
                "s.json:7: malformed_document at <root>: a record must be JSON"
                " (Expecting ':' delimiter: line 7 column 11)"
            ),
            (
                "s.json:8: malformed_document at <root>: a record must be JSON"
                " (Expecting ':' delimiter: line 10 column 10)"
            ),
            (
                "s.json:11: malformed_document at <root>: a record must be JSON"
                " (Extra data: line 11 column 5)"
            ),
            (
                "9 records: 2 imported, 7 refused"
                " (limit_exceeded 1, malformed_document 6)"
            ),
        ]

    def test_a_record_is_refused_as_the_same_line_of_json_lines_is(
        self, cli: Callable[..., Result]
    ) -> None:
        """A repeated key, a 5,000-digit integer or nesting too deep: the same code, path and message in an array as on a line."""
        hostile = [b'{"a": 1, "a": 2}', b"1" * 5000, b"[" * 100_000]
        Path("t.jsonl").write_bytes(b"\n".join(hostile) + b"\n")
        hostile[2] += b"]" * 100_000
        Path("s.json").write_bytes(b"[\n" + b",\n".join(hostile) + b"\n]\n")
        lines = cli("import", "gsm8k", "t.jsonl").err.splitlines()
        array = cli("import", "svamp", "s.json").err.splitlines()
        assert [line.split(": ", 1)[0] for line in lines[:3] + array[:3]] == [
            "t.jsonl:1", "t.jsonl:2", "t.jsonl:3", "s.json:2", "s.json:3", "s.json:4"
        ]  # fmt: skip
        assert [line.split(": ", 1)[1] for line in lines[:3]] == [
            line.split(": ", 1)[1] for line in array[:3]
        ]

    def test_a_record_above_max_bytes(self, cli: Callable[..., Result]) -> None:
        """--max-bytes bounds each record, not the file: a record above it is limit_exceeded, never held whole, and the next is read."""
        big = {**PENS, "Type": "x" * 3000}
        data = b"[" + b", ".join([dumps(PENS), dumps(big), dumps(TOYS)]) + b"]"
        Path("s.json").write_bytes(data)
        cases = [
            from_svamp(PENS, source_id="chal-9"),
            from_svamp(TOYS, source_id="chal-8"),
        ]
        assert len(dumps(big)) > 3000 > len(dumps(PENS))
        assert len(data) > 3000
        assert cli("import", "--max-bytes", "3000", "svamp", "s.json") == Result(
            1,
            b"".join(map(case_line, cases)).decode(),
            "s.json:1: limit_exceeded at <root>: a document may take at most 3000"
            " bytes of UTF-8; this one takes more\n"
            "3 records: 2 imported, 1 refused (limit_exceeded 1)\n",
        )

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (b"", "s.json: SVAMP must be one JSON array of records"),
            (b"\xff\xfe[]", "s.json: SVAMP must be one JSON array of records"),
            (b'{"ID": 1}', "s.json: SVAMP must be one JSON array of records"),
            (
                b"[\n,{}]",
                (
                    "s.json:2: SVAMP must be one JSON array: '[' must be followed by a"
                    " record or ']'"
                ),
            ),
            (b"[\n", "s.json:2: SVAMP must be one JSON array: it ends before its ']'"),
            (b"[] []", "s.json: SVAMP must be one JSON array, and nothing after it"),
            (
                b'[\n{"ID": "x]',
                (
                    "s.json:2: SVAMP must be one JSON array: the record that starts on"
                    " this line never ends"
                ),
            ),
            (
                b'[\n{"ID": [1, 2]',
                (
                    "s.json:2: SVAMP must be one JSON array: the record that starts on"
                    " this line never ends"
                ),
            ),
        ],
    )
    def test_a_file_that_is_not_one_array_exits_2(
        self, cli: Callable[..., Result], data: bytes, message: str
    ) -> None:
        """Not an array, an array that breaks before a record, or something after it: one line, exit 2."""
        Path("s.json").write_bytes(data)
        assert cli("import", "svamp", "s.json") == Result(
            2, "", f"binding-graph: {message}\n0 records: 0 imported, 0 refused\n"
        )

    @pytest.mark.parametrize(
        ("tail", "message"),
        [
            (b"", "s.json:3: SVAMP must be one JSON array: it ends before its ']'"),
            (
                b",\n]",
                (
                    "s.json:4: SVAMP must be one JSON array: ',' must be followed by a"
                    " record"
                ),
            ),
            (
                b'\n{"ID": "x"}]',
                (
                    "s.json:4: SVAMP must be one JSON array: a record must be followed"
                    " by ',' or ']'"
                ),
            ),
            (
                b',\n{"ID": [}, 2]',
                "s.json:4: SVAMP must be one JSON array: it ends before its ']'",
            ),
            (
                b',\n{"ID": "x}',
                (
                    "s.json:4: SVAMP must be one JSON array: the record that starts on"
                    " this line never ends"
                ),
            ),
            (b"\n] x", "s.json: SVAMP must be one JSON array, and nothing after it"),
        ],
    )
    def test_the_records_before_a_break_are_written(
        self, cli: Callable[..., Result], tail: bytes, message: str
    ) -> None:
        """An array that breaks after records: those before it written, as a file of lines would be; the break told at its line, exit 2."""
        Path("s.json").write_bytes(b"[\n" + dumps(PENS) + b",\n" + dumps(TOYS) + tail)
        result = cli("import", "svamp", "s.json")
        cases = [
            from_svamp(PENS, source_id="chal-9"),
            from_svamp(TOYS, source_id="chal-8"),
        ]
        assert (result.status, result.out) == (
            2,
            b"".join(map(case_line, cases)).decode(),
        )
        *refused, error, summary = result.err.splitlines()
        assert (error, summary) == (
            f"binding-graph: {message}",
            f"{2 + len(refused)} records: 2 imported, {len(refused)} refused"
            + (" (malformed_document 1)" if refused else ""),
        )
        # A record cut short by a bracket that does not close it is one.
        assert refused == (
            [
                (
                    "s.json:4: malformed_document at <root>: a record must be JSON"
                    " (Expecting value: line 4 column 9)"
                )
            ]
            if b"[}" in tail
            else []
        )


class Terminal(io.StringIO):
    """Standard error as a terminal: the progress bar is drawn there."""

    def isatty(self) -> bool:
        """Say yes."""
        return True


class TestImportProgress:
    """On a terminal, import's bar shows the share done and the time left, as validate's does."""

    @staticmethod
    def on_a_terminal(monkeypatch: pytest.MonkeyPatch, *argv: str) -> list[str]:
        """Run ``binding-graph ARGV`` with standard error a terminal, the bar drawn at every record; return each line it drew."""
        monkeypatch.setattr(Progress, "DELAY", 0.0)
        monkeypatch.setattr(Progress, "INTERVAL", 0.0)
        monkeypatch.setenv("COLUMNS", "200")  # a terminal of no known size
        terminal = Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO()))
        assert main(list(argv)) == 0
        # The bar is erased before each case is written.
        drawn = [
            part.removesuffix("\x1b[K") for part in terminal.getvalue().split("\r")
        ]
        return [line for line in drawn if line.startswith("binding-graph: ")]

    def test_a_file_of_lines_shows_the_share_of_its_bytes(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """GSM8K's file: each redraw shows the share of the file read, the records and the time left."""
        monkeypatch.chdir(tmp_path)
        long = APPLES | {"question": APPLES["question"] + " " * 100_000}
        Path("t.jsonl").write_bytes(jsonl(long, long, long, long))
        drawn = self.on_a_terminal(monkeypatch, "import", "gsm8k", "t.jsonl")
        pattern = r"\] +(\d+)% (\d) records, [\d,]+/s, \d+:\d\d left$"
        found = [re.search(pattern, line) for line in drawn]
        shares = [(int(m.group(1)), int(m.group(2))) for m in found if m]
        assert [records for _, records in shares] == [1, 2, 3, 4]
        percents = [percent for percent, _ in shares]
        assert percents == sorted(percents)
        assert percents[0] < percents[-1] == 100

    @pytest.mark.parametrize("benchmark", ["svamp", "asdiv"])
    def test_a_whole_file_shows_the_share_of_its_bytes(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, benchmark: str
    ) -> None:
        """SVAMP's array and ASDiv's XML, read a record at a time: each redraw shows the share of the file read, and the records."""
        monkeypatch.chdir(tmp_path)
        long = " " * 100_000  # each record is more than a read's chunk
        if benchmark == "svamp":
            data = json.dumps([PENS | {"Type": long}] * 4).encode()
        else:
            problem = (
                f'<P ID="p-1" Source="{long}"><Body>Ann has 3 bags of 4 pens.</Body>'
                "<Question>How many?</Question><Answer>12 (pens)</Answer>"
                "<Formula>3*4=12</Formula></P>"
            )
            data = f"<F><S>{problem * 4}</S></F>".encode()
        Path("t").write_bytes(data)
        drawn = self.on_a_terminal(monkeypatch, "import", benchmark, "t")
        found = [re.search(r"\] +(\d+)% (\d) records, ", line) for line in drawn]
        shares = [(int(m.group(1)), int(m.group(2))) for m in found if m]
        assert [records for _, records in shares] == [1, 2, 3, 4]
        percents = [percent for percent, _ in shares]
        assert percents == sorted(percents)
        assert percents[0] < percents[-1] == 100

    def test_standard_input_shows_the_records(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Standard input, of no known size: the records only."""
        stdin = io.TextIOWrapper(io.BytesIO(jsonl(APPLES, APPLES)))
        monkeypatch.setattr(sys, "stdin", stdin)
        assert self.on_a_terminal(monkeypatch, "import", "gsm8k", "-") == [
            "binding-graph: 1 records",
            "binding-graph: 2 records",
        ]


def graph_lines(cases: list[BenchmarkCase]) -> bytes:
    """Return the graphs of *cases* as a corpus of JSON Lines."""
    return b"".join(canonical_bytes(case.graph) + b"\n" for case in cases)


PERFECT = (
    "cases:              183\n"
    "correct:            183\n"
    "accuracy:           100.00%: 183 of 183 cases answered right\n"
    "coverage:           100.00%: 183 of 183 cases answered\n"
    "precision:          100.00%: 183 of 183 answers right\n"
    "refused:            0\n"
    "unsolvable:         0\n"
    "wrong answers:      0\n"
    "fact precision:     100.00%: 580 of 580 predicted facts match\n"
    "fact recall:        100.00%: 580 of 580 gold facts matched\n"
    "equation precision: 100.00%: 647 of 647 predicted equations match\n"
    "equation recall:    100.00%: 647 of 647 gold equations matched\n"
    "question precision: 100.00%: 183 of 183 predicted questions match\n"
    "question recall:    100.00%: 183 of 183 gold questions matched\n"
    "set-ups right:      183 of 183\n"
)


class TestScore:
    """Score pairs a corpus of graphs with the gold cases, and prints the score."""

    def test_the_gold_against_itself_is_perfect(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """The gold's case lines as the prediction: every case correct, every fact matched."""
        assert cli("score", str(imported), str(imported)) == Result(0, PERFECT, "")

    def test_the_gold_graphs_from_standard_input(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """The gold graphs as documents, from -: the same perfect score."""
        stdin = graph_lines(gold(imported))
        assert cli("score", "-", str(imported), stdin=stdin) == Result(0, PERFECT, "")

    def test_a_perturbed_prediction(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """A refusal, an unsolvable graph, a wrong answer, a dropped fact: each counted, the first listed."""
        cases = gold(imported)[:5]
        graphs = [case.graph for case in cases]
        data = [canonical_bytes(graph) for graph in graphs]
        data[1] = b"{not json"
        tree = json.loads(data[2])
        tree["unknowns"] = []  # solvable, but answers nothing: a wrong answer
        data[2] = json.dumps(tree).encode()
        tree = json.loads(data[3])
        tree["facts"] = tree["facts"][1:]  # a fact dropped: the steps cannot be solved
        data[3] = json.dumps(tree).encode()
        Path("p.jsonl").write_bytes(b"\n".join(data) + b"\n")
        five = b"".join(imported.read_bytes().splitlines(keepends=True)[:5])
        Path("g.jsonl").write_bytes(five)
        result = cli("score", "--keep", "2", "p.jsonl", "g.jsonl")
        with Path("p.jsonl").open("rb") as file:
            expected = score(load_lines(file), cases, keep=2)
        assert (expected.facts_predicted, expected.facts_gold) == (8, 11)
        assert result == Result(
            0,
            "cases:              5\n"
            "correct:            2\n"
            "accuracy:           40.00%: 2 of 5 cases answered right\n"
            "coverage:           60.00%: 3 of 5 cases answered\n"
            "precision:          66.67%: 2 of 3 answers right\n"
            "refused:            1 (malformed_document 1)\n"
            "unsolvable:         1 (unbound_unknown 1)\n"
            "wrong answers:      1\n"
            "fact precision:     100.00%: 8 of 8 predicted facts match\n"
            "fact recall:        72.73%: 8 of 11 gold facts matched\n"
            "equation precision: 83.33%: 10 of 12 predicted equations match\n"
            "equation recall:    71.43%: 10 of 14 gold equations matched\n"
            "question precision: 66.67%: 2 of 3 predicted questions match\n"
            "question recall:    40.00%: 2 of 5 gold questions matched\n"
            "set-ups right:      2 of 5\n"
            "wrong cases:        3, the first 2 listed\n"
            "  case 2 (gsm8k-2): refused: malformed_document\n"
            "  case 3 (gsm8k-3): wrong answer: expected 5, got no answer\n",
            "",
        )
        as_json = cli("score", "--format", "json", "--keep", "2", "p.jsonl", "g.jsonl")
        assert as_json == Result(0, json.dumps(expected.to_data()) + "\n", "")
        data = json.loads(as_json.out)
        # The cases as the text numbers them, the shares as numbers.
        assert [case["case"] for case in data["wrong"]] == [2, 3]
        assert (data["accuracy"], data["fact_precision"], data["fact_recall"]) == (
            0.4,
            1.0,
            8 / 11,
        )

    def test_every_wrong_case_is_listed(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """A wrong value, an unsolvable graph, a case line whose graph is refused, a line above --max-bytes."""
        lines = imported.read_bytes().splitlines(keepends=True)[:4]
        Path("g.jsonl").write_bytes(b"".join(lines))
        first, second, third, fourth = (json.loads(line) for line in lines)
        first["graph"]["facts"][0]["value"] = "50"  # 50/2 + 50 = 75, not 72
        second["graph"]["facts"] = []
        third["graph"]["format"] = "other"
        fourth = {"pad": "x" * 100_000}
        Path("p.jsonl").write_bytes(jsonl(first, second["graph"], third, fourth))
        result = cli(
            "score", "--max-bytes", "90000", "p.jsonl", "-", stdin=b"".join(lines)
        )
        assert result.status == 0
        assert result.out.splitlines()[-5:] == [
            "wrong cases:        4",
            # The fact of 48 is read as 50: the first step over it is wrong.
            (
                "  case 1 (gsm8k-1): wrong answer: expected 72, got 75;"
                " first wrong step: equations[0] sym_step_1_001 := sym_48_000 / 2"
                " (predicted lacks: sym_step_1_001 := sym_48_000 / 2)"
            ),
            (
                "  case 2 (gsm8k-2): unsolvable: unbound_unknown;"
                " first wrong step: equations[0] sym_step_1_002 := sym_12_000 / 60"
                " (predicted lacks: sym_step_1_002 := sym_12_000 / 60)"
            ),
            # The refusal of the case line's graph, not of the line as a graph.
            "  case 3 (gsm8k-3): refused: malformed_document",
            "  case 4 (gsm8k-4): refused: limit_exceeded",
        ]

    def test_cases_that_expect_a_refusal(self, cli: Callable[..., Result]) -> None:
        """GSM-Plus's gold against itself: its unanswerable cases refused, each perturbation counted."""
        imported = cli(
            "import", "gsm-plus", str(DATA / "gsm-plus" / "gsm-plus-sample.jsonl")
        )
        Path("gold.jsonl").write_text(imported.out, encoding="utf-8")
        result = cli("score", "gold.jsonl", "gold.jsonl")
        assert result.status == 0
        assert result.out.splitlines()[-12:] == [
            "set-ups right:      9 of 9",
            "unanswerable:       2",
            "refusal precision:  100.00%: 2 of 2 refusals expected",
            "refusal recall:     100.00%: 2 of 2 expected refused",
            "by perturbation:",
            "  adding operation: 1 of 1 right",
            "  critical thinking: 2 of 2 right",
            "  digit expansion: 1 of 1 right",
            "  distraction insertion: 1 of 1 right",
            "  integer-decimal-fraction conversion: 1 of 1 right",
            "  numerical substitution: 2 of 2 right",
            "  problem understanding: 1 of 1 right",
        ]
        cases = [json.loads(line) for line in imported.out.splitlines()]
        cases[6] = cases[0]  # the first case's answered graph for an unanswerable one
        Path("p.jsonl").write_bytes(jsonl(*cases))
        answered = cli("score", "p.jsonl", "gold.jsonl")
        assert answered.out.splitlines()[-2:] == [
            "wrong cases:        1",
            "  case 7 (gsm-plus-8): answered 45, where a refusal is expected",
        ]

    def test_graphs_given_as_gold(self, cli: Callable[..., Result]) -> None:
        """GOLD of graph documents: the line is said to be a graph, and what makes cases; exit 2."""
        corpus = str(Path(__file__).parent.parent / "examples" / "corpus.jsonl")
        assert cli("score", corpus, corpus) == Result(
            2,
            "",
            f"binding-graph: {corpus}:1: unknown_key at constraints: a case has no"
            " field 'constraints'; the line is a graph document, not a case: a case"
            ' line is {"answer", "graph", "source_id"}, as binding-graph import'
            " writes one for each record of a benchmark, and"
            " binding_graph.datasets.case_line() for a BenchmarkCase of a graph and"
            " its answer\n",
        )

    def test_no_cases(self, cli: Callable[..., Result]) -> None:
        """Two files of blank lines: no case to score, each said to be empty, exit 5."""
        Path("e.jsonl").write_bytes(b"\n")
        assert cli("score", "e.jsonl", "e.jsonl") == Result(
            5,
            "",
            "binding-graph: e.jsonl: no record: the input is empty\n" * 2,
        )

    def test_missing_files_exit_2(self, cli: Callable[..., Result]) -> None:
        """Each file that cannot be opened is told, in one line; exit 2."""
        assert cli("score", "p.jsonl", "g.jsonl") == Result(
            2,
            "",
            "binding-graph: p.jsonl: No such file or directory\n"
            "binding-graph: g.jsonl: No such file or directory\n",
        )

    def test_standard_input_once(self, cli: Callable[..., Result]) -> None:
        """PREDICTED and GOLD cannot both be -."""
        assert cli("score", "-", "-") == Result(
            2,
            "",
            "binding-graph: score reads standard input once: PREDICTED and GOLD"
            " cannot both be '-'\n",
        )

    def test_a_line_of_gold_that_is_not_a_case_exits_2(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """A bad gold line stops the run: FILE:LINE: CODE at WHERE: MESSAGE, exit 2."""
        lines = imported.read_bytes().splitlines(keepends=True)[:2]
        Path("g.jsonl").write_bytes(lines[0] + b'{"answer": "x"}\n')
        Path("p.jsonl").write_bytes(b"".join(lines))
        assert cli("score", "p.jsonl", "g.jsonl") == Result(
            2,
            "",
            "binding-graph: g.jsonl:2: missing_key at source_id: a case line has no"
            " key 'source_id'\n",
        )

    @pytest.mark.parametrize(
        ("predicted", "gold", "message"),
        [
            (2, 1, "p.jsonl holds 2 records and g.jsonl 1"),
            (4, 1, "p.jsonl holds 4 records and g.jsonl 1"),
            (1, 3, "p.jsonl holds 1 record and g.jsonl 3"),
        ],
    )
    def test_files_of_different_lengths_exit_2(
        self,
        cli: Callable[..., Result],
        imported: Path,
        predicted: int,
        gold: int,
        message: str,
    ) -> None:
        """The two files must pair one to one, in either direction: each one's count of records is told."""
        lines = imported.read_bytes().splitlines(keepends=True)
        Path("p.jsonl").write_bytes(b"".join(lines[:predicted]))
        Path("g.jsonl").write_bytes(b"".join(lines[:gold]))
        assert cli("score", "p.jsonl", "g.jsonl") == Result(
            2, "", f"binding-graph: {message}: the two must pair one to one\n"
        )

    @pytest.mark.parametrize("failing", ["predicted", "gold"])
    def test_a_file_that_fails_while_read_exits_2(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        imported: Path,
        failing: str,
    ) -> None:
        """An error while reading either file: one line naming it, exit 2."""
        line = imported.read_bytes().splitlines(keepends=True)[0]
        Path("p.jsonl").write_bytes(graph_lines(gold(imported)[:1]) * 2)
        Path("g.jsonl").write_bytes(line * 2)

        def broken(*_: object, **__: object) -> Any:
            raise OSError(5, "Input/output error")

        if failing == "predicted":
            monkeypatch.setattr(_pairs, "split_lines", broken)
        else:
            monkeypatch.setattr("binding_graph.datasets.load_cases", broken)
        label = "p.jsonl" if failing == "predicted" else "g.jsonl"
        assert cli("score", "p.jsonl", "g.jsonl") == Result(
            2, "", f"binding-graph: {label}: Input/output error\n"
        )


class TestTheScorePage:
    """docs/cli.md shows what score prints of the input it describes, as text and as JSON."""

    def test_the_page_shows_what_score_prints(
        self, cli: Callable[..., Result], imported: Path
    ) -> None:
        """The first five gold graphs, the second broken, the third asking for nothing, the fourth with a fact dropped: every line the page shows."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        lines = imported.read_bytes().splitlines(keepends=True)[:5]
        Path("gold.jsonl").write_bytes(b"".join(lines))
        graphs = [json.loads(line)["graph"] for line in lines]
        graphs[2]["unknowns"] = []
        graphs[3]["facts"] = graphs[3]["facts"][1:]
        data = [json.dumps(graph).encode() for graph in graphs]
        data[1] = b"{not json"
        Path("predicted.jsonl").write_bytes(b"\n".join(data) + b"\n")
        for argv in (
            ("score", "predicted.jsonl", "gold.jsonl"),
            ("score", "--format", "json", "predicted.jsonl", "gold.jsonl"),
        ):
            run = f"```console\n$ binding-graph {' '.join(argv)}\n"
            shown = page.split(run, 1)[1].split("```", 1)[0]
            assert cli(*argv) == Result(0, shown, "")


class TestInAChild:
    """The commands run as a user runs them, and import the datasets only when they run."""

    @pytest.mark.parametrize(
        ("argv", "imported"), [(["validate"], "False"), (["score"], "True")]
    )
    def test_the_datasets_are_imported_when_needed(
        self, tmp_path: Path, argv: list[str], imported: str
    ) -> None:
        """Validate never imports binding_graph.datasets; score does."""
        empty = tmp_path / "e.jsonl"
        empty.write_bytes(b"")
        paths = [str(empty)] * (2 if argv == ["score"] else 1)
        out = run_python(
            "-c",
            "import sys\n"
            "from binding_graph.cli import main\n"
            f"main({[*argv, *paths]!r})\n"
            "print('binding_graph.datasets' in sys.modules)\n",
        )
        assert out.splitlines()[-1] == imported

    def test_import_runs_as_a_module(self, tmp_path: Path) -> None:
        """Python -m binding_graph import svamp writes the cases."""
        path = tmp_path / "s.json"
        path.write_text(json.dumps([PENS]), encoding="utf-8")
        out = run_python("-m", "binding_graph", "import", "svamp", str(path))
        assert out == case_line(from_svamp(PENS, source_id="chal-9")).decode()
