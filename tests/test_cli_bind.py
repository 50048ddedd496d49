"""Tests of ``binding-graph bind`` (drafts compiled against their texts) and of ``binding-graph schema --draft``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from binding_graph import BindingGraphError, canonical_bytes, refusal_line
from binding_graph.arithmetic import answers
from binding_graph.cli import _bind_command, main
from binding_graph.datasets import BenchmarkCase, case_line
from binding_graph.drafts import (
    compile_draft,
    compile_reply,
    draft_schema,
    from_program,
    register,
    unregister,
)
from binding_graph.serialization import json_schema
from tests._drafts import TEXT, draft, written
from tests._formats import LINES
from tests._helpers import ROOT, Result

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    import pytest


def record(
    source_id: str = "p1", the_draft: object = None, **more: object
) -> dict[str, Any]:
    """Return a record of bind: the problem's id, its text and a draft, the draft of the tests by default."""
    return {
        "source_id": source_id,
        "text": TEXT,
        "draft": draft() if the_draft is None else the_draft,
        **more,
    }


def jsonl(*records: object) -> bytes:
    """Return *records* as JSON Lines."""
    return b"".join(json.dumps(each).encode() + b"\n" for each in records)


def broken() -> dict[str, Any]:
    """Return the draft of the tests with a value not stated and a name undefined."""
    changed = draft()
    changed["quantities"][0]["value"] = 61
    changed["steps"][1]["expression"] = "left * prize"
    return changed


def refused_lines(out: str) -> list[tuple[str | None, list[tuple[str, list[Any]]]]]:
    """Return the source id and refusals (code, path) of each line of *out*, each a canonical refusal record with the message the report gave."""
    found: list[tuple[str | None, list[tuple[str, list[Any]]]]] = []
    for line in out.splitlines():
        data = json.loads(line)
        errors = [
            BindingGraphError(each["code"], each["message"], tuple(each["path"]))
            for each in data["refused"]
        ]
        assert refusal_line(data["source_id"], errors) == line.encode() + b"\n"
        refusals = [(each["code"], each["path"]) for each in data["refused"]]
        found.append((data["source_id"], refusals))
    return found


class TestBind:
    """bind writes each compiled graph, reports each refused record, and exits as the other commands do."""

    def test_every_draft_compiles(
        self, cli: Callable[..., Result], tmp_path: Path
    ) -> None:
        """Each record's graph goes to standard output, canonical, a line each; the summary to standard error; exit 0."""
        (tmp_path / "drafts.jsonl").write_bytes(
            jsonl(record("p1"), record("p2", written(draft()))) + b"\n"
        )
        result = cli("bind", "drafts.jsonl")
        graph = compile_draft(draft(), TEXT, source_id="p1")
        other = compile_draft(draft(), TEXT, source_id="p2")
        assert result.status == 0
        assert (
            result.out
            == (
                canonical_bytes(graph) + b"\n" + canonical_bytes(other) + b"\n"
            ).decode()
        )
        assert result.err == "2 records: 2 accepted, 0 refused\n"

    def test_refused_records(self, cli: Callable[..., Result]) -> None:
        """A draft's first refusal, under draft, and a record that is not one, at its key; exit 1."""
        stdin = jsonl(
            record("p1", broken()),
            {"source_id": "p2", "text": TEXT},
            record("p3", "the answer is 32"),
            [1],
            record("p4", extra=1),
            {"source_id": " ", "text": TEXT, "draft": {}},
        )
        result = cli("bind", "-", stdin=stdin)
        assert result.status == 1
        assert refused_lines(result.out) == [
            ("p1", [("value_not_stated", ["draft", "quantities", 0, "value"])]),
            ("p2", [("missing_key", ["draft"])]),
            ("p3", [("malformed_document", ["draft"])]),
            (None, [("wrong_type", [])]),
            ("p4", [("unknown_key", ["extra"])]),
            (None, [("empty_text", ["source_id"])]),
        ]
        assert result.err.splitlines() == [
            (
                "<stdin>:1: value_not_stated at draft.quantities[0].value:"
                " Draft.quantities[0].value must be a number its quote states: '16 eggs'"
                " states 16 (got '61')"
            ),
            "<stdin>:2: missing_key at draft: bind.record has no key 'draft'",
            (
                "<stdin>:3: malformed_document at draft: a draft must be JSON: the reply"
                " holds no JSON object, alone, among prose or in a fenced block"
            ),
            (
                "<stdin>:4: wrong_type at <root>: bind.record must be a JSON object, not"
                " list (got [1])"
            ),
            (
                "<stdin>:5: unknown_key at extra: bind.record has no key 'extra': its keys"
                " are source_id, text, draft"
            ),
            (
                "<stdin>:6: empty_text at source_id: bind.record['source_id'] must not be"
                " empty or blank (got ' ')"
            ),
            (
                "6 records: 0 accepted, 6 refused (empty_text 1, malformed_document 1,"
                " missing_key 1, unknown_key 1, value_not_stated 1, wrong_type 1)"
            ),
        ]

    def test_every_refusal_as_json(self, cli: Callable[..., Result]) -> None:
        """--all lists every refusal of a draft; --format json says each as an object."""
        result = cli(
            "bind",
            "--all",
            "--format",
            "json",
            "-",
            stdin=jsonl(record("p1", broken()), record()),
        )
        assert result.status == 1
        lines = [json.loads(line) for line in result.err.splitlines()]
        assert lines[:2] == [
            {
                "file": "<stdin>",
                "line": 1,
                "code": "value_not_stated",
                "path": ["draft", "quantities", 0, "value"],
                "message": "Draft.quantities[0].value must be a number its quote"
                " states: '16 eggs' states 16 (got '61')",
            },
            {
                "file": "<stdin>",
                "line": 1,
                "code": "unknown_symbol",
                "path": ["draft", "steps", 1, "expression"],
                "message": "Draft.steps[1].expression uses 'prize', which no quantity"
                " or step defines: the names defined, nearest first, are 'price',"
                " 'income', 'laid', 'eaten', 'baked', and 1 more",
            },
        ]
        assert lines[2] == {
            "summary": {
                "records": 2,
                "accepted": 1,
                "refused": 1,
                "refusals": 2,
                "unlisted": 0,
                "by_code": {"unknown_symbol": 1, "value_not_stated": 1},
            }
        }
        assert refused_lines(result.out.splitlines()[0])[0] == (
            "p1",
            [
                ("value_not_stated", ["draft", "quantities", 0, "value"]),
                ("unknown_symbol", ["draft", "steps", 1, "expression"]),
            ],
        )
        assert len(result.out.splitlines()) == 2

    def test_a_long_list_is_cut(self, cli: Callable[..., Result]) -> None:
        """--all lists at most 100 refusals of a record, the last counting the others."""
        many = {"quantities": [{"name": "class"}] * 60, "steps": [], "question": None}
        result = cli("bind", "--all", "-", stdin=jsonl(record("p1", many)))
        ((source_id, refusals),) = refused_lines(result.out)
        assert (source_id, len(refusals), refusals[99]) == (
            "p1",
            100,
            ("limit_exceeded", []),
        )
        lines = result.err.splitlines()
        assert len(lines) == 101
        assert lines[99] == (
            "<stdin>:1: limit_exceeded at <root>: 82 more refusals of this record are"
            " not listed: at most 100 entries are, this one included"
        )
        assert lines[100] == (
            "1 record: 0 accepted, 1 refused (181 refusals, 82 not listed:"
            " invalid_identifier 33, missing_key 66)"
        )

    def test_a_line_above_max_bytes(self, cli: Callable[..., Result]) -> None:
        """A line longer than --max-bytes is refused, never read whole."""
        result = cli("bind", "--max-bytes", "100", "-", stdin=jsonl(record()))
        assert result.status == 1
        assert result.err.splitlines()[0] == (
            "<stdin>:1: limit_exceeded at <root>: a document may take at most 100"
            " bytes of UTF-8; this one takes more"
        )

    def test_a_file_that_cannot_be_read(self, cli: Callable[..., Result]) -> None:
        """A missing file is one line on standard error, and exit 2."""
        result = cli("bind", "missing.jsonl")
        assert result.status == 2
        assert result.err.splitlines() == [
            "binding-graph: missing.jsonl: No such file or directory",
            "0 records: 0 accepted, 0 refused",
        ]

    def test_a_file_that_fails_while_read(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
    ) -> None:
        """An error while reading: one line, the summary of what was read, exit 2."""

        def failing(*_: object) -> Iterator[tuple[int, bytes | None]]:
            yield 1, jsonl(record())
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(_bind_command, "split_lines", failing)
        (tmp_path / "t.jsonl").write_bytes(b"")
        result = cli("bind", "t.jsonl")
        assert (result.status, result.err) == (
            2,
            "binding-graph: t.jsonl: Input/output error\n1 record: 1 accepted, 0 refused\n",
        )
        assert len(result.out.splitlines()) == 1


class TestSchemaCommand:
    """schema --draft prints the draft schema, --strict without bounds, --text held to a problem's phrases; --profile writing the document's in writing order."""

    def test_the_draft_schema(self, cli: Callable[..., Result], tmp_path: Path) -> None:
        """Each variant, as draft_schema returns it, indented."""
        (tmp_path / "problem.txt").write_text(TEXT + "\n", encoding="utf-8")
        for arguments, expected in [
            ((), draft_schema()),
            (("--strict",), draft_schema(strict=True)),
            (("--text", "problem.txt"), draft_schema(TEXT)),
        ]:
            result = cli("schema", "--draft", *arguments)
            assert result.status == 0
            assert (
                result.out == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
            )
        from_stdin = cli("schema", "--draft", "--text", "-", stdin=TEXT.encode())
        assert json.loads(from_stdin.out) == draft_schema(TEXT)

    def test_the_writing_profile(self, cli: Callable[..., Result]) -> None:
        """--profile writing prints json_schema("writing")."""
        result = cli("schema", "--profile", "writing")
        assert json.loads(result.out) == json_schema("writing")

    def test_options_that_do_not_go_together(
        self, cli: Callable[..., Result], tmp_path: Path
    ) -> None:
        """--strict and --text need --draft; --draft takes no --profile; a text that cannot be read is said in a line; exit 2."""
        (tmp_path / "latin1.txt").write_bytes(b"caf\xe9")
        (tmp_path / "blank.txt").write_bytes(b" \n")
        (tmp_path / "long.txt").write_bytes(b"a" * (1024 * 1024 + 1))
        cases = [
            (("--strict",), "binding-graph: --strict and --text go with --draft"),
            (("--text", "x"), "binding-graph: --strict and --text go with --draft"),
            (
                ("--draft", "--profile", "generation"),
                "binding-graph: --profile is a document's, not --draft's",
            ),
            (
                ("--draft", "--text", "missing.txt"),
                "binding-graph: missing.txt: No such file or directory",
            ),
            (
                ("--draft", "--text", "latin1.txt"),
                (
                    "binding-graph: latin1.txt: a problem's text must be UTF-8 (unexpected"
                    " end of data at byte 3)"
                ),
            ),
            (
                ("--draft", "--text", "long.txt"),
                (
                    "binding-graph: long.txt: a problem's text may take at most"
                    " 1,048,576 bytes; this one takes more"
                ),
            ),
        ]
        for arguments, message in cases:
            result = cli("schema", *arguments)
            assert (result.status, result.out, result.err) == (2, "", message + "\n")
        blank = cli("schema", "--draft", "--text", "blank.txt")
        assert blank.status == 2
        assert blank.err.startswith(
            "binding-graph: draft_schema.text must not be empty or blank (got ' ')"
        )


PROGRAM = (
    "def solution():\n"
    "    laid = 16\n"
    "    eaten = 3\n"
    "    baked = 4\n"
    "    price = 2\n"
    "    left = laid - eaten - baked\n"
    "    income = left * price\n"
    "    return income\n"
)


def program_record(source_id: str = "p1", program: object = PROGRAM) -> dict[str, Any]:
    """Return a record of bind --program: the problem's id, its text and a program."""
    return {"source_id": source_id, "text": TEXT, "program": program}


class TestBindPrograms:
    """bind --program reads each record's program as from_program does, never running it."""

    def test_every_program_compiles(self, cli: Callable[..., Result]) -> None:
        """Each record's graph goes to standard output, canonical, a line each; exit 0."""
        fenced = f"Here it is:\n```python\n{PROGRAM}```\nIt returns 18."
        result = cli(
            "bind",
            "--program",
            "-",
            stdin=jsonl(program_record("p1"), program_record("p2", fenced)),
        )
        graphs = [
            canonical_bytes(from_program(PROGRAM, TEXT, source_id=source_id))
            for source_id in ("p1", "p2")
        ]
        assert result == Result(
            0,
            b"".join(g + b"\n" for g in graphs).decode(),
            "2 records: 2 accepted, 0 refused\n",
        )

    def test_refused_programs_and_records(self, cli: Callable[..., Result]) -> None:
        """A program's first refusal, under program; a record that is not one, at its key; exit 1."""
        stdin = jsonl(
            program_record("p1", PROGRAM.replace("laid = 16", "import os")),
            program_record("p2", {"quantities": []}),
            record("p3"),
            program_record("p4", " "),
        )
        result = cli("bind", "--program", "-", stdin=stdin)
        assert result.status == 1
        assert result.err.splitlines() == [
            (
                "<stdin>:1: unsupported_syntax at program.line[2].column[5]: Program"
                " line 2, column 5: an import in the function is not read: the one"
                " import read is import math, for math.floor() and math.ceil()"
            ),
            (
                "<stdin>:2: wrong_type at program: bind.record['program'] must be a"
                " str, not dict (got {'quantities': []})"
            ),
            (
                "<stdin>:3: missing_key at program: bind.record has no key 'program':"
                " it holds 'draft', which bind reads by default (or with --producer"
                " draft)"
            ),
            (
                "<stdin>:4: empty_text at program: bind.record['program'] must not be"
                " empty or blank (got ' ')"
            ),
            (
                "4 records: 0 accepted, 4 refused (empty_text 1, missing_key 1,"
                " unsupported_syntax 1, wrong_type 1)"
            ),
        ]

    def test_programs_python_would_not_run(self, cli: Callable[..., Result]) -> None:
        """A function named int that calls int(), and an assignment of __debug__, are refused, never bound; exit 1, nothing written."""
        stdin = jsonl(
            program_record(
                "p1", "def int():\n    x = 3.0\n    y = int(x)\n    return y\n"
            ),
            program_record(
                "p2", "def solution():\n    __debug__ = 3\n    return __debug__\n"
            ),
        )
        result = cli("bind", "--program", "-", stdin=stdin)
        assert refused_lines(result.out) == [
            ("p1", [("unsupported_syntax", ["program", "line", 3, "column", 9])]),
            ("p2", [("malformed_document", ["program", "line", 2, "column", 5])]),
        ]
        assert result == Result(
            1,
            result.out,
            "<stdin>:1: unsupported_syntax at program.line[3].column[9]: Program line"
            " 3, column 9: a call of 'int' is not read: the function is named 'int',"
            " so int() would call the function itself, not Python's int()\n"
            "<stdin>:2: malformed_document at program.line[2].column[5]: Program line"
            " 2, column 5: is not Python: it assigns __debug__, which Python's"
            " compiler refuses to bind, a constant\n"
            "2 records: 0 accepted, 2 refused (malformed_document 1,"
            " unsupported_syntax 1)\n",
        )

    def test_a_docstring_s_fenced_example_is_not_the_program(
        self, cli: Callable[..., Result]
    ) -> None:
        """A program whose docstring quotes a fenced program is bound as Python reads it, its own graph; exit 0."""
        quoted = PROGRAM.replace(
            "def solution():\n",
            'def solution():\n    """\n```\ndef solution():\n    income = 1\n'
            '    return income\n```\n"""\n',
        )
        result = cli(
            "bind", "--program", "-", stdin=jsonl(program_record("p1", quoted))
        )
        graph = canonical_bytes(from_program(PROGRAM, TEXT, source_id="p1"))
        assert result == Result(
            0, graph.decode() + "\n", "1 record: 1 accepted, 0 refused\n"
        )

    def test_every_refusal_as_json(self, cli: Callable[..., Result]) -> None:
        """--all lists every refusal of a program, each at its line and column under program."""
        wrong = PROGRAM.replace("eaten = 3", "eaten = 3 ^ 1").replace(
            "price = 2", "price = cost"
        )
        result = cli(
            "bind",
            "--program",
            "--all",
            "--format",
            "json",
            "-",
            stdin=jsonl(program_record("p1", wrong)),
        )
        lines = [json.loads(line) for line in result.err.splitlines()]
        assert [(line["code"], line["path"]) for line in lines[:2]] == [
            ("not_arithmetic", ["program", "line", 3, "column", 13]),
            ("unknown_symbol", ["program", "line", 5, "column", 13]),
        ]
        assert lines[2]["summary"]["refusals"] == 2


LINES_REPLY = (
    'laid = 16 "16 eggs"\neaten = 3 "eats three"\nbaked = 4 "four"\n'
    'price = 2 "$2 per egg"\nleft = laid - eaten - baked\nincome = left * price\n'
    '? income "How much does she make?"'
)
"""A right reply of the tests' format of lines."""


class TestBindAnyFormat:
    """bind reads the format --producer names, from the registry: a format registered in the process is bound with no edit of the library."""

    def test_producer_program_is_program(self, cli: Callable[..., Result]) -> None:
        """--producer program and --program read the same records alike."""
        stdin = jsonl(
            program_record("p1"),
            program_record("p2", PROGRAM.replace("laid = 16", "import os")),
        )
        assert cli("bind", "--producer", "program", "-", stdin=stdin) == cli(
            "bind", "--program", "-", stdin=stdin
        )

    def test_a_registered_format_is_bound(self, cli: Callable[..., Result]) -> None:
        """Each record holds its reply under the format's name; its refusals are told at its places, under that name."""
        register(LINES)
        try:
            stdin = jsonl(
                {"source_id": "p1", "text": TEXT, "lines": LINES_REPLY},
                {"source_id": "p2", "text": TEXT, "lines": "laid eggs\n" + LINES_REPLY},
                {"source_id": "p3", "text": TEXT, "lines": ["laid = 16"]},
                {"source_id": "p4", "text": TEXT, "draft": LINES_REPLY},
            )
            result = cli("bind", "--producer", "lines", "--all", "-", stdin=stdin)
            helped = cli("bind", "--help")
        finally:
            unregister("lines")
        graph = compile_reply(LINES_REPLY, TEXT, producer=LINES, source_id="p1")
        assert result.status == 1
        first, *refused = result.out.splitlines(keepends=True)
        assert first == canonical_bytes(graph).decode() + "\n"
        assert refused_lines("".join(refused)) == [
            ("p2", [("unsupported_syntax", ["lines", "line", 1])]),
            ("p3", [("wrong_type", ["lines"])]),
            ("p4", [("missing_key", ["lines"])]),
        ]
        assert result.err.splitlines() == [
            (
                "<stdin>:2: unsupported_syntax at lines.line[1]: line 1 is not NAME ="
                ' VALUE "QUOTE", NAME = EXPRESSION or ? NAME "QUOTE"'
            ),
            (
                "<stdin>:3: wrong_type at lines: bind.record['lines'] must be a str,"
                " not list (got ['laid = 16'])"
            ),
            (
                "<stdin>:4: missing_key at lines: bind.record has no key 'lines': it"
                " holds 'draft', which bind reads by default (or with --producer"
                " draft)"
            ),
            (
                "4 records: 1 accepted, 3 refused (3 refusals: missing_key 1,"
                " unsupported_syntax 1, wrong_type 1)"
            ),
        ]
        assert "binding_graph.drafts.PRODUCERS: draft, program, lines" in " ".join(
            helped.out.split()
        )
        assert "lines" not in cli("bind", "--help").out.replace("JSON Lines", "")

    def test_a_format_not_registered_is_a_usage_error(
        self, cli: Callable[..., Result]
    ) -> None:
        """An unknown format, or two formats at once, stop the run before any record is read: exit 2."""
        unknown = cli("bind", "--producer", "sympy", "-")
        assert unknown.status == 2
        assert unknown.err.splitlines()[-1] == (
            "binding-graph bind: error: argument --producer: invalid choice: 'sympy'"
            " (choose from 'draft', 'program')"
        )
        both = cli("bind", "--program", "--producer", "draft", "-")
        assert both.status == 2
        assert both.err.splitlines()[-1] == (
            "binding-graph bind: error: argument --producer: not allowed with"
            " argument --program"
        )

    def test_the_formats_are_a_sequence_of_the_registry_s_names(self) -> None:
        """The choices argparse is given read the registry each time it asks."""
        formats = _bind_command._Formats()  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        assert (len(formats), formats[0], list(formats[1:])) == (
            2,
            "draft",
            ["program"],
        )
        assert "program" in formats
        register(LINES)
        try:
            assert list(formats) == ["draft", "program", "lines"]
        finally:
            unregister("lines")

    def test_other_commands_never_import_the_drafts(self) -> None:
        """Building the parser, bind's help aside, leaves the drafts unread."""
        import subprocess  # noqa: PLC0415
        import sys  # noqa: PLC0415

        code = (
            "import sys\n"
            "from binding_graph.cli import main\n"
            "main(['units', 'eggs'])\n"
            "print('binding_graph.drafts' in sys.modules)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, check=True, text=True
        )
        assert done.stdout.splitlines()[-1] == "False"


class TestAnotherFormatsRecord:
    """A record that holds another format's reply says which option of bind reads it."""

    def test_programs_read_as_drafts(self, cli: Callable[..., Result]) -> None:
        """A program where a draft is read: missing_key at draft, naming --program."""
        result = cli("bind", "-", stdin=jsonl(program_record()))
        assert result.status == 1
        assert refused_lines(result.out) == [("p1", [("missing_key", ["draft"])])]
        assert result.err.splitlines()[0] == (
            "<stdin>:1: missing_key at draft: bind.record has no key 'draft': it"
            " holds 'program', which bind reads with --program (or --producer"
            " program)"
        )

    def test_a_registered_format_read_as_drafts(
        self, cli: Callable[..., Result]
    ) -> None:
        """A reply of a registered format where a draft is read: named, with its --producer."""
        register(LINES)
        try:
            stdin = jsonl({"source_id": "p1", "text": TEXT, "lines": LINES_REPLY})
            result = cli("bind", "-", stdin=stdin)
        finally:
            unregister("lines")
        assert result.err.splitlines()[0] == (
            "<stdin>:1: missing_key at draft: bind.record has no key 'draft': it"
            " holds 'lines', which bind reads with --producer lines"
        )

    def test_both_replies(self, cli: Callable[..., Result]) -> None:
        """A draft and a program in one record: the key not read is unknown, and its option named."""
        stdin = jsonl({**program_record(), "draft": "{}"})
        result = cli("bind", "-", stdin=stdin)
        assert result.err.splitlines()[0] == (
            "<stdin>:1: unknown_key at program: bind.record has no key 'program':"
            " its keys are source_id, text, draft; 'program' holds another format's"
            " reply, which bind reads with --program (or --producer program)"
        )


class TestThePage:
    """docs/cli.md shows what bind prints of the bundled drafts."""

    def test_the_page_shows_what_bind_prints(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The run of bind --all on examples/drafts.jsonl prints, on standard error, what the page shows."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        block = page.split(
            "$ binding-graph bind --all examples/drafts.jsonl > graphs.jsonl\n", 1
        )[1]
        shown = block.split("```", 1)[0].splitlines()
        monkeypatch.chdir(ROOT)
        assert main(["bind", "--all", "examples/drafts.jsonl"]) == 1
        captured = capsys.readouterr()
        assert captured.err.splitlines() == shown
        assert len(captured.out.splitlines()) == 21

    def test_the_page_shows_what_bind_prints_of_programs(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The run of bind --program --all on examples/programs.jsonl prints, on standard error, what the page shows."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        block = page.split(
            "$ binding-graph bind --program --all examples/programs.jsonl > graphs.jsonl\n",
            1,
        )[1]
        shown = block.split("```", 1)[0].splitlines()
        monkeypatch.chdir(ROOT)
        assert main(["bind", "--program", "--all", "examples/programs.jsonl"]) == 1
        captured = capsys.readouterr()
        assert captured.err.splitlines() == shown
        assert len(captured.out.splitlines()) == 7

    def test_the_page_shows_the_pipeline_of_the_gsm8k_drafts(
        self, cli: Callable[..., Result], tmp_path: Path
    ) -> None:
        """Import, bind, score and diff of examples/gsm8k_drafts.jsonl print every line the page shows, and exit as it says."""
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        first = (
            "$ head -n 3 tests/data/gsm8k/train-200.jsonl"
            " | binding-graph import gsm8k - > gold.jsonl\n"
        )
        shown = first + page.split(first, 1)[1].split("```", 1)[0]
        sample = (ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl").read_bytes()
        head = b"".join(sample.splitlines(keepends=True)[:3])
        (tmp_path / "examples").mkdir()
        drafts = ROOT / "examples" / "gsm8k_drafts.jsonl"
        (tmp_path / "examples" / drafts.name).write_bytes(drafts.read_bytes())
        imported = cli("import", "gsm8k", "-", stdin=head)
        (tmp_path / "gold.jsonl").write_text(imported.out, encoding="utf-8")
        bound = cli("bind", "examples/gsm8k_drafts.jsonl")
        (tmp_path / "graphs.jsonl").write_text(bound.out, encoding="utf-8")
        scored = cli("score", "graphs.jsonl", "gold.jsonl")
        compared = cli("diff", "graphs.jsonl", "gold.jsonl")
        assert (imported.status, bound.status, scored.status, compared.status) == (
            0,
            1,
            0,
            1,
        )
        assert shown == (
            f"{first}{imported.err}"
            "$ binding-graph bind examples/gsm8k_drafts.jsonl > graphs.jsonl\n"
            f"{bound.err}"
            "$ binding-graph score graphs.jsonl gold.jsonl\n"
            f"{scored.out}{scored.err}"
            "$ binding-graph diff graphs.jsonl gold.jsonl\n"
            f"{compared.out}{compared.err}"
        )
        # A line each: the two graphs compiled and the refused draft's record.
        assert [
            json.loads(line).get("refused") is None for line in bound.out.splitlines()
        ] == [
            True,
            True,
            False,
        ]


class TestPipeline:
    """bind writes one line per record, so that its output pairs with the gold cases, a refused draft counted as refused."""

    def test_bind_then_score(self, cli: Callable[..., Result], tmp_path: Path) -> None:
        """Three drafts, the second refused: score pairs three records, and counts the refusal by its code."""
        graph = compile_draft(draft(), TEXT, source_id="p1")
        (answer,) = answers(graph)
        (tmp_path / "gold.jsonl").write_bytes(
            b"".join(
                case_line(BenchmarkCase(name, graph, answer))
                for name in ("p1", "p2", "p3")
            )
        )
        (tmp_path / "drafts.jsonl").write_bytes(
            jsonl(record("p1"), record("p2", broken()), record("p3"))
        )
        bound = cli("bind", "drafts.jsonl")
        assert bound.status == 1
        (tmp_path / "graphs.jsonl").write_text(bound.out, encoding="utf-8")
        result = cli("score", "--format", "json", "graphs.jsonl", "gold.jsonl")
        assert result.status == 0
        scored = json.loads(result.out)
        assert (scored["total"], scored["correct"], scored["refused"]) == (
            3,
            2,
            {"value_not_stated": 1},
        )
        assert scored["wrong"][0]["source_id"] == "p2"

    def test_every_reader_of_graphs_takes_a_refusal_record_as_refused(
        self, cli: Callable[..., Result], tmp_path: Path
    ) -> None:
        """A refusal record: validate reports the producer's refusal, exit 1; diff counts a refused side."""
        bound = cli("bind", "-", stdin=jsonl(record("p1", broken()), record("p2")))
        (tmp_path / "graphs.jsonl").write_text(bound.out, encoding="utf-8")
        told = (
            "graphs.jsonl:1: value_not_stated at draft.quantities[0].value: the"
            " producer refused 'p1': Draft.quantities[0].value must be a number its"
            " quote states: '16 eggs' states 16 (got '61')"
        )
        assert cli("validate", "graphs.jsonl") == Result(
            1,
            told + "\n2 records: 1 accepted, 1 refused (value_not_stated 1)\n",
            "",
        )
        assert cli("diff", "graphs.jsonl", "graphs.jsonl") == Result(
            1,
            f"{told}\n{told}\n"
            "2 pairs: 1 the same, 0 differ (0 differences), 1 refused\n",
            "",
        )

    def test_a_refusal_record_of_another_shape(
        self, cli: Callable[..., Result], tmp_path: Path
    ) -> None:
        """Refused where it breaks its shape, as any malformed line, keys in any order; one that is not JSON as a document is."""
        (tmp_path / "r.jsonl").write_text(
            '{"source_id": "p1", "refused": [{"code": "nope", "message": "m",'
            ' "path": []}]}\n{"refused": 1\n',
            encoding="utf-8",
        )
        assert cli("validate", "r.jsonl") == Result(
            1,
            "r.jsonl:1: not_in_vocabulary at refused[0].code:"
            " refusal_record.refused[0].code must be one of the library's refusal"
            " codes (got 'nope')\n"
            "r.jsonl:2: malformed_document at <root>: a document must be JSON"
            " (Expecting ',' delimiter: line 1 column 14)\n"
            "2 records: 0 accepted, 2 refused (malformed_document 1,"
            " not_in_vocabulary 1)\n",
            "",
        )
