"""Tests of the binding-graph command line: every command and exit status, in-process."""

from __future__ import annotations

import errno
import importlib
import io
import json
import os
import runpy
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import binding_graph
from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    content_hash,
    json_schema,
    loads,
    refusals,
    to_data,
)
from binding_graph.cli import (
    _check_commands,
    _command,
    _commands,
    _parser,
    _pool,
    _records,
    _scan,
    _sources,
    main,
)
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import Report, at
from binding_graph.documents import fast_path_unloaded, reset_fast_path
from binding_graph.errors import render_path
from binding_graph.serialization import DEFAULT_MAX_BYTES
from tests._corpora import corpora, oracle
from tests._helpers import ROOT, Result, graph, load_script

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterator

    from binding_graph.datasets import BenchmarkCase

GRAPH = graph()
LINE = canonical_bytes(GRAPH)
HASH = content_hash(GRAPH)
# The same graph as a producer may write it: keys in field order, spaces.
LOOSE = json.dumps(to_data(GRAPH)).encode()
PRETTY = json.dumps(to_data(GRAPH), indent=2).encode()


def write(name: str, data: bytes) -> Path:
    """Write *data* to the file *name*, relative to the working directory."""
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def refused(text: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> BindingGraphError:
    """Return the refusal loads gives *text*."""
    with pytest.raises(BindingGraphError) as info:
        loads(text, max_bytes=max_bytes)
    return info.value


def line_of(
    label: str, number: int, text: bytes, max_bytes: int = DEFAULT_MAX_BYTES
) -> str:
    """Return the line validate prints for a record *text* that loads refuses."""
    error = refused(text, max_bytes)
    return (
        f"{label}:{number}: {error.code} at {render_path(error.path)}: {error.message}"
    )


def object_of(label: str, number: int, text: bytes) -> dict[str, Any]:
    """Return the JSON object validate prints for a record *text* that loads refuses."""
    error = refused(text)
    return {
        "file": label,
        "line": number,
        "code": error.code,
        "path": list(error.path),
        "message": error.message,
    }


def json_lines(text: str) -> list[dict[str, Any]]:
    """Parse standard output of ``--format json``: one object a line."""
    return [json.loads(line) for line in text.splitlines()]


def die(*_: object) -> None:
    """End the worker process that runs it, abruptly."""
    os._exit(1)


def interrupt(*_: object) -> None:
    """Act as the user pressing Ctrl-C."""
    raise KeyboardInterrupt


class Failing(io.BytesIO):
    """A file whose first read gives *first* bytes, and whose next read fails."""

    def __init__(self, data: bytes, first: int) -> None:
        super().__init__(data)
        self.first = first

    def read(self, size: int | None = -1, /) -> bytes:  # noqa: ARG002 -- BytesIO.read's
        """Return the first bytes, then raise an I/O error."""
        if self.tell():
            raise OSError(errno.EIO, "Input/output error")
        return super().read(self.first)


def failing_open(
    data: bytes, first: int
) -> Callable[[_sources.Source], tuple[Failing, None]]:
    """Return an opener of every source as a Failing file of *data*."""

    def opener(_: _sources.Source) -> tuple[Failing, None]:
        return Failing(data, first), None

    return opener


class Closed(io.StringIO):
    """A standard output whose reader has gone away."""

    def write(self, s: str, /) -> int:  # noqa: ARG002 -- StringIO.write's
        """Raise, as writing to a pipe without a reader does."""
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def _examples(helps: str) -> list[str]:
    """Return the lines of every examples block of the --help texts *helps*."""
    lines: list[str] = []
    inside = False
    for line in helps.splitlines():
        inside = line == "examples:" or (inside and line.startswith("  "))
        if inside:
            lines.append(line)
    return lines


def listing() -> list[str]:
    """Return the names in the working directory, sorted."""
    return sorted(path.name for path in Path().iterdir())


class TestValidate:
    """validate reports each refused record, a summary, and an exit status."""

    def test_accepts_a_valid_corpus(self, cli: Callable[..., Result]) -> None:
        """Every record accepted: the summary only, and exit status 0."""
        write("a.jsonl", LINE + b"\n" + LOOSE + b"\n")
        assert cli("validate", "a.jsonl") == Result(
            0, "2 records: 2 accepted, 0 refused\n", ""
        )

    def test_reports_each_refusal_as_file_line_code_where_message(
        self, cli: Callable[..., Result]
    ) -> None:
        """Each refused record is FILE:LINE: CODE at WHERE: MESSAGE; then the summary."""
        document = json.loads(LINE)
        document["facts"][0]["symbol_id"] = "nobody"
        stray = json.dumps(document).encode()
        write("a.jsonl", LINE + b"\n[]\n\n" + stray + b"\n{}\n")
        result = cli("validate", "a.jsonl")
        assert result.out.splitlines() == [
            line_of("a.jsonl", 2, b"[]"),
            line_of("a.jsonl", 4, stray),
            line_of("a.jsonl", 5, b"{}"),
            (
                "4 records: 1 accepted, 3 refused"
                " (missing_key 1, unknown_symbol 1, wrong_type 1)"
            ),
        ]
        assert result.out.splitlines()[1].startswith(
            "a.jsonl:4: unknown_symbol at facts[0].symbol_id: "
        )
        assert (result.status, result.err) == (1, "")

    def test_json_format_gives_the_same_content(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: one object per refusal, then the summary object."""
        write("a.jsonl", b"[]\n" + LINE + b"\n")
        result = cli("validate", "--format", "json", "a.jsonl")
        assert json_lines(result.out) == [
            object_of("a.jsonl", 1, b"[]"),
            {
                "summary": {
                    "records": 2,
                    "accepted": 1,
                    "refused": 1,
                    "by_code": {"wrong_type": 1},
                }
            },
        ]
        assert (result.status, result.err) == (1, "")

    def test_reads_a_json_file_as_one_document_at_line_1(
        self, cli: Callable[..., Result]
    ) -> None:
        """A .json file is one document in any layout; its record is line 1."""
        write("good.json", PRETTY)
        write("bad.json", PRETTY.replace(b'"version": 1', b'"version": 2'))
        result = cli("validate", "good.json", "bad.json")
        bad = PRETTY.replace(b'"version": 1', b'"version": 2')
        assert result.out.splitlines() == [
            line_of("bad.json", 1, bad),
            "2 records: 1 accepted, 1 refused (unsupported_version 1)",
        ]
        assert result.status == 1

    def test_an_empty_json_file_is_refused_as_loads_refuses_it(
        self, cli: Callable[..., Result]
    ) -> None:
        """An empty .json file holds no document: malformed_document at line 1."""
        write("empty.json", b"")
        result = cli("validate", "empty.json")
        assert result.out.splitlines()[0] == line_of("empty.json", 1, b"")
        assert result.status == 1

    def test_reads_every_document_below_a_directory_in_sorted_order(
        self, cli: Callable[..., Result]
    ) -> None:
        """A directory stands for its *.json and *.jsonl files, in sorted order."""
        for name in ("d/b.jsonl", "d/a/z.json", "d/a.jsonl", "d/sub/x.jsonl"):
            write(name, b"[]")
        write("d/notes.txt", b"[]")
        result = cli("validate", "d")
        labels = [line.split(":", 1)[0] for line in result.out.splitlines()[:-1]]
        assert labels == ["d/a/z.json", "d/a.jsonl", "d/b.jsonl", "d/sub/x.jsonl"]
        assert result.status == 1

    def test_reads_ndjson_files_below_a_directory_as_json_lines(
        self, cli: Callable[..., Result]
    ) -> None:
        """A directory's *.ndjson files are read too, as JSON Lines, in sorted order."""
        write("d/a.ndjson", LINE + b"\n[]\n")
        write("d/b.jsonl", b"{}\n")
        write("d/c.txt", b"[]\n")
        assert cli("validate", "d") == Result(
            1,
            line_of("d/a.ndjson", 2, b"[]")
            + "\n"
            + line_of("d/b.jsonl", 1, b"{}")
            + "\n3 records: 1 accepted, 2 refused (missing_key 1, wrong_type 1)\n",
            "",
        )

    def test_reads_standard_input_as_stdin(self, cli: Callable[..., Result]) -> None:
        """'-' reads JSON Lines from standard input, reported as <stdin>."""
        result = cli("validate", "-", stdin=LINE + b"\n[]\n")
        assert result.out.splitlines() == [
            line_of("<stdin>", 2, b"[]"),
            "2 records: 1 accepted, 1 refused (wrong_type 1)",
        ]

    def test_a_missing_path_is_an_error_and_the_others_are_still_checked(
        self, cli: Callable[..., Result]
    ) -> None:
        """A path that does not exist: one line on stderr, exit 2, the rest checked."""
        write("a.jsonl", b"[]\n")
        result = cli("validate", "nope.jsonl", "a.jsonl")
        assert result == Result(
            2,
            line_of("a.jsonl", 1, b"[]")
            + "\n1 record: 0 accepted, 1 refused (wrong_type 1)\n",
            "binding-graph: nope.jsonl: No such file or directory\n",
        )

    def test_a_directory_without_documents_is_empty(
        self, cli: Callable[..., Result]
    ) -> None:
        """A directory with no *.json or *.jsonl file holds no record, as an empty file: one line on stderr, exit 5."""
        Path("empty").mkdir()
        write("other/notes.txt", b"")
        result = cli("validate", "empty", "other")
        assert result == Result(
            5,
            "0 records: 0 accepted, 0 refused\n",
            "binding-graph: empty: no record: no *.json, *.jsonl or *.ndjson file in this directory\n"
            "binding-graph: other: no record: no *.json, *.jsonl or *.ndjson file in this directory\n",
        )

    def test_a_dangling_link_in_a_directory_is_a_missing_file(
        self, cli: Callable[..., Result]
    ) -> None:
        """A link to nothing, or a loop of links, is missing: exit 2; the other files are read."""
        write("d/a.jsonl", LINE + b"\n")
        Path("d/gone.jsonl").symlink_to("nowhere.jsonl")
        Path("d/loop.json").symlink_to("loop.json")
        Path("d/notes.txt").symlink_to("nowhere.txt")  # not a document: not looked at
        assert cli("validate", "d") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: d/gone.jsonl: No such file or directory\n"
            "binding-graph: d/loop.json: Too many levels of symbolic links\n",
        )

    def test_a_directory_of_dangling_links_says_only_that(
        self, cli: Callable[..., Result]
    ) -> None:
        """A directory whose one document is a dangling link: that link, exit 2."""
        Path("d").mkdir()
        Path("d/gone.jsonl").symlink_to("nowhere.jsonl")
        assert cli("validate", "d") == Result(
            2,
            "0 records: 0 accepted, 0 refused\n",
            "binding-graph: d/gone.jsonl: No such file or directory\n",
        )

    def test_a_fifo_in_a_directory_is_not_read(
        self, cli: Callable[..., Result]
    ) -> None:
        """Only regular files below a directory are read: a FIFO would block."""
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        write("d/a.jsonl", LINE + b"\n")
        os.mkfifo("d/p.jsonl")
        assert cli("validate", "d") == Result(
            0, "1 record: 1 accepted, 0 refused\n", ""
        )

    @pytest.mark.skipif(
        not hasattr(os, "geteuid") or os.geteuid() == 0,
        reason="root reads files whatever their permissions",
    )
    def test_a_file_without_read_permission_is_an_error(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file that cannot be read: one line on stderr, exit 2."""
        write("secret.jsonl", LINE).chmod(0)
        result = cli("validate", "secret.jsonl")
        assert result.err == "binding-graph: secret.jsonl: Permission denied\n"
        assert result.status == 2

    def test_a_file_that_cannot_be_opened_is_an_error(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An open that fails (as without permission, even as root): stderr, exit 2."""

        def forbidden(source: _sources.Source) -> object:
            raise PermissionError(errno.EACCES, "Permission denied", source.path)

        write("secret.jsonl", LINE)
        write("open.jsonl", LINE)
        monkeypatch.setattr(_scan, "open_source", forbidden)
        result = cli("validate", "secret.jsonl")
        assert result == Result(
            2,
            "0 records: 0 accepted, 0 refused\n",
            "binding-graph: secret.jsonl: Permission denied\n",
        )

    def test_a_directory_that_cannot_be_read_is_an_error(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A directory that cannot be listed: one line on stderr, exit 2, no more."""

        def walk(top: str, onerror: Callable[[OSError], None]) -> Iterator[object]:
            onerror(PermissionError(errno.EACCES, "Permission denied", top))
            return iter(())

        Path("locked").mkdir()
        monkeypatch.setattr(os, "walk", walk)
        result = cli("validate", "locked")
        assert result.err == "binding-graph: locked: Permission denied\n"
        assert result.status == 2

    def test_an_unreadable_subdirectory_is_an_error_but_the_rest_is_read(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Documents found beside a directory that cannot be listed are still read."""
        write("d/a.jsonl", LINE)
        real_walk = os.walk

        def walk(top: str, onerror: Callable[[OSError], None]) -> Iterator[Any]:
            onerror(PermissionError(errno.EACCES, "Permission denied", "d/locked"))
            return real_walk(top, onerror=onerror)

        monkeypatch.setattr(os, "walk", walk)
        result = cli("validate", "d")
        assert result == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: d/locked: Permission denied\n",
        )

    def test_a_read_error_in_a_file_is_an_error(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A file that fails mid-read: its records so far, one line on stderr, exit 2."""
        write("a.jsonl", LINE + b"\n" + LINE + b"\n")
        monkeypatch.setattr(
            _scan, "open_source", failing_open(LINE + b"\n" + LINE, len(LINE) + 1)
        )
        result = cli("validate", "a.jsonl")
        assert result.err == "binding-graph: a.jsonl: Input/output error\n"
        assert result.status == 2

    def test_an_empty_file_has_no_records(self, cli: Callable[..., Result]) -> None:
        """An empty .jsonl file holds no record: it is said to be empty, exit 5."""
        write("empty.jsonl", b"")
        assert cli("validate", "empty.jsonl") == Result(
            5,
            "0 records: 0 accepted, 0 refused\n",
            "binding-graph: empty.jsonl: no record: the input is empty\n",
        )

    def test_refuses_binary_garbage_line_by_line(
        self, cli: Callable[..., Result]
    ) -> None:
        """Bytes that are no document are refused per line, as loads refuses them."""
        garbage = bytes(range(256)) * 4
        write("garbage.jsonl", garbage)
        result = cli("validate", "garbage.jsonl")
        pieces = garbage.split(b"\n")
        expected = [
            line_of("garbage.jsonl", number, piece.removesuffix(b"\r"))
            for number, piece in enumerate(pieces, 1)
            if piece.strip(b" \t\r")
        ]
        assert result.out.splitlines()[:-1] == expected
        assert result.status == 1

    def test_a_line_far_beyond_max_bytes_is_refused_and_reading_goes_on(
        self, cli: Callable[..., Result]
    ) -> None:
        """A 4 MiB line with --max-bytes N is limit_exceeded; the next line is read."""
        write("long.jsonl", b"[" * (4 << 20) + b"\n" + LINE + b"\n")
        limit = str(len(LINE))
        result = cli("validate", "--max-bytes", limit, "long.jsonl")
        assert result.out.splitlines() == [
            line_of("long.jsonl", 1, b"[" * (len(LINE) + 1), len(LINE)),
            "2 records: 1 accepted, 1 refused (limit_exceeded 1)",
        ]

    @pytest.mark.parametrize(
        ("data", "line"),
        [
            (b"\xc3\x28\n", b"\xc3\x28"),
            (b"\xef\xbb\xbf" + LINE + b"\n", b"\xef\xbb\xbf" + LINE),
            (b"\xff\xfe{}", b"\xff\xfe{}"),
        ],
        ids=["invalid UTF-8", "UTF-8 BOM", "UTF-16 BOM"],
    )
    def test_refuses_encodings_as_loads_does(
        self, cli: Callable[..., Result], data: bytes, line: bytes
    ) -> None:
        """Invalid UTF-8 and byte order marks are malformed_document, as in loads."""
        write("a.jsonl", data)
        result = cli("validate", "a.jsonl")
        assert result.out.splitlines()[0] == line_of("a.jsonl", 1, line)
        assert result.out.splitlines()[0].startswith("a.jsonl:1: malformed_document at")

    def test_accepts_crlf_line_ends(self, cli: Callable[..., Result]) -> None:
        """CRLF line ends are line ends."""
        write("a.jsonl", LINE + b"\r\n" + LOOSE + b"\r\n")
        assert cli("validate", "a.jsonl").status == 0

    @pytest.mark.parametrize(
        "argv",
        [
            ["validate", "--jobs", "0", "a.jsonl"],
            ["validate", "--max-bytes", "many", "a.jsonl"],
            ["validate"],
            ["validate", "--format", "xml", "a.jsonl"],
            [],
            ["lint", "a.jsonl"],
        ],
    )
    def test_a_usage_error_is_exit_status_2(
        self, cli: Callable[..., Result], argv: list[str]
    ) -> None:
        """Bad options, a missing PATH or command: usage on stderr, exit 2."""
        result = cli(*argv)
        assert result.status == 2
        assert result.out == ""
        assert "error: " in result.err.splitlines()[-1]

    def test_a_bad_count_says_what_is_wrong(self, cli: Callable[..., Result]) -> None:
        """--jobs 0 is refused with its reason."""
        result = cli("validate", "--jobs", "0", "a.jsonl")
        assert result.err.splitlines()[-1] == (
            "binding-graph validate: error: argument --jobs:"
            " must be a whole number above 0, of at most 18 digits (got '0')"
        )


class TestHash:
    """hash prints the content hash of each accepted record, in input order."""

    def test_prints_hash_file_and_line_with_refusals_in_order(
        self, cli: Callable[..., Result]
    ) -> None:
        """sha256:... FILE:LINE per accepted record; refusals between, in order."""
        write("a.jsonl", LOOSE + b"\n[]\n" + LINE + b"\n")
        result = cli("hash", "a.jsonl")
        assert result == Result(
            1,
            f"{HASH} a.jsonl:1\n"
            + line_of("a.jsonl", 2, b"[]")
            + f"\n{HASH} a.jsonl:3\n"
            + "3 records: 2 accepted, 1 refused (wrong_type 1)\n",
            "",
        )

    def test_json_format_gives_file_line_and_hash(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: {"file", "line", "hash"} per accepted record."""
        write("a.json", PRETTY)
        result = cli("hash", "--format", "json", "a.json")
        assert json_lines(result.out) == [
            {"file": "a.json", "line": 1, "hash": HASH},
            {"summary": {"records": 1, "accepted": 1, "refused": 0, "by_code": {}}},
        ]
        assert result.status == 0


class TestCanonicalize:
    """canonicalize rewrites files in canonical form, atomically, never a refused one."""

    def test_rewrites_a_corpus_in_canonical_form(
        self, cli: Callable[..., Result]
    ) -> None:
        """Loose documents, blank lines and CRLF become canonical lines with LF."""
        write("a.jsonl", LOOSE + b"\r\n\n" + LINE)
        result = cli("canonicalize", "a.jsonl")
        assert result == Result(
            0,
            "rewrote a.jsonl\n2 records: 2 accepted, 0 refused; files: 1 rewritten\n",
            "",
        )
        assert Path("a.jsonl").read_bytes() == LINE + b"\n" + LINE + b"\n"
        assert listing() == ["a.jsonl"]

    def test_writes_through_a_hidden_temporary_file_beside_the_target(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The new form is written to .NAME.*.tmp in the file's own directory, then renamed."""
        write("d/a.jsonl", LOOSE)
        renamed: list[tuple[Path, Path]] = []
        replace = Path.replace

        def recording(self: Path, target: str | os.PathLike[str]) -> Path:
            renamed.append((self, Path(target)))
            return replace(self, target)

        monkeypatch.setattr(Path, "replace", recording)
        assert cli("canonicalize", "d/a.jsonl").status == 0
        [(temp, target)] = renamed
        assert target == Path("d/a.jsonl").resolve()
        assert temp.parent == target.parent
        assert temp.name.startswith(".a.jsonl.")
        assert temp.name.endswith(".tmp")
        assert sorted(p.name for p in Path("d").iterdir()) == ["a.jsonl"]

    def test_rewrites_a_json_file_as_one_document_and_a_newline(
        self, cli: Callable[..., Result]
    ) -> None:
        """A .json file becomes its canonical document and one LF."""
        write("a.json", PRETTY)
        assert cli("canonicalize", "a.json").status == 0
        assert Path("a.json").read_bytes() == LINE + b"\n"

    def test_leaves_a_canonical_file_untouched(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file already canonical is not written at all."""
        path = write("a.jsonl", LINE + b"\n")
        before = path.stat()
        result = cli("canonicalize", "a.jsonl")
        assert result == Result(
            0, "1 record: 1 accepted, 0 refused; files: 1 already canonical\n", ""
        )
        after = path.stat()
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)

    def test_check_lists_what_would_change_and_changes_nothing(
        self, cli: Callable[..., Result]
    ) -> None:
        """--check: 'would rewrite FILE' for each, exit 1, every file as it was."""
        write("a.jsonl", LOOSE + b"\n")
        write("b.jsonl", LINE + b"\n")
        result = cli("canonicalize", "--check", "a.jsonl", "b.jsonl")
        assert result == Result(
            1,
            "would rewrite a.jsonl\n2 records: 2 accepted, 0 refused;"
            " files: 1 would be rewritten, 1 already canonical\n",
            "",
        )
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n"

    def test_check_of_canonical_files_is_exit_status_0(
        self, cli: Callable[..., Result]
    ) -> None:
        """--check of canonical files: exit 0."""
        write("a.jsonl", LINE + b"\n")
        assert cli("canonicalize", "--check", "a.jsonl").status == 0

    def test_json_format_names_each_file_and_what_became_of_it(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: {"file", "action"} per changed file; files in the summary."""
        write("a.jsonl", LOOSE + b"\n")
        result = cli("canonicalize", "--format", "json", "a.jsonl")
        assert json_lines(result.out) == [
            {"file": "a.jsonl", "action": "rewrote"},
            {
                "summary": {
                    "records": 1,
                    "accepted": 1,
                    "refused": 0,
                    "by_code": {},
                    "files": {"rewrote": 1},
                }
            },
        ]

    def test_never_rewrites_a_file_with_a_refused_record(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file with any refused record stays byte for byte; exit 1; no file left over."""
        data = LOOSE + b"\n[]\n" + LOOSE + b"\r\n"
        write("a.jsonl", data)
        write("b.jsonl", LOOSE + b"\n")
        result = cli("canonicalize", "a.jsonl", "b.jsonl")
        assert result == Result(
            1,
            line_of("a.jsonl", 2, b"[]") + "\nrewrote b.jsonl\n4 records: 3 accepted,"
            " 1 refused (wrong_type 1); files: 1 rewritten,"
            " 1 left as they were (refused records)\n",
            "",
        )
        assert Path("a.jsonl").read_bytes() == data
        assert listing() == ["a.jsonl", "b.jsonl"]

    def test_keeps_the_permissions_of_the_file(
        self, cli: Callable[..., Result]
    ) -> None:
        """The rewritten file has the mode bits of the original."""
        write("a.jsonl", LOOSE).chmod(0o640)
        cli("canonicalize", "a.jsonl")
        assert Path("a.jsonl").stat().st_mode & 0o777 == 0o640

    def test_rewrites_the_target_of_a_symbolic_link(
        self, cli: Callable[..., Result]
    ) -> None:
        """A symbolic link stays a link; the file it points to is rewritten."""
        write("data/a.jsonl", LOOSE)
        Path("link.jsonl").symlink_to("data/a.jsonl")
        assert cli("canonicalize", "link.jsonl").status == 0
        assert Path("link.jsonl").is_symlink()
        assert Path("data/a.jsonl").read_bytes() == LINE + b"\n"

    def test_writes_the_canonical_form_of_stdin_to_stdout(
        self, cli: Callable[..., Result]
    ) -> None:
        """'-' is a filter: canonical JSON Lines on stdout, nothing else."""
        result = cli("canonicalize", "-", stdin=LOOSE + b"\r\n\n" + LINE)
        assert result == Result(0, (LINE + b"\n" + LINE + b"\n").decode(), "")

    def test_stdin_with_a_refused_record_writes_nothing_to_stdout(
        self, cli: Callable[..., Result]
    ) -> None:
        """'-' with a refused record: nothing on stdout, the refusal on stderr, exit 1."""
        result = cli("canonicalize", "-", stdin=LOOSE + b"\n[]\n")
        assert result == Result(1, "", line_of("<stdin>", 2, b"[]") + "\n")

    def test_check_of_stdin_says_whether_it_would_change(
        self, cli: Callable[..., Result]
    ) -> None:
        """'-' with --check compares only, and names <stdin>."""
        result = cli("canonicalize", "--check", "-", stdin=LOOSE)
        assert result.out.splitlines()[0] == "would rewrite <stdin>"
        assert result.status == 1

    def test_stdin_goes_alone(self, cli: Callable[..., Result]) -> None:
        """'-' with other paths is a usage error."""
        result = cli("canonicalize", "-", "a.jsonl")
        assert result == Result(
            2, "", "binding-graph: canonicalize takes '-' alone, without other paths\n"
        )

    def test_a_failed_replace_leaves_the_file_as_it_was(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """If the rename fails, the original is intact, the temporary file gone, exit 2."""

        def fail(*_: object) -> None:
            raise OSError(errno.EXDEV, "Invalid cross-device link")

        write("a.jsonl", LOOSE)
        monkeypatch.setattr(Path, "replace", fail)
        result = cli("canonicalize", "a.jsonl")
        assert result.err == (
            "binding-graph: a.jsonl: cannot replace it: Invalid cross-device link\n"
        )
        assert result.status == 2
        assert Path("a.jsonl").read_bytes() == LOOSE
        assert listing() == ["a.jsonl"]

    def test_a_directory_that_cannot_be_written_is_an_error(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """No temporary file can be made: one line on stderr, exit 2, file as it was."""
        made = os.open

        def forbidden(path: str, flags: int, mode: int = 0o777) -> int:
            if path.endswith(".tmp"):
                raise PermissionError(errno.EACCES, "Permission denied")
            return made(path, flags, mode)

        write("a.jsonl", LOOSE + b"\n[]\n")
        monkeypatch.setattr("binding_graph.cli._rewrite.os.open", forbidden)
        result = cli("canonicalize", "a.jsonl")
        assert result.err == "binding-graph: a.jsonl: cannot write: Permission denied\n"
        assert result.out.splitlines()[0] == line_of("a.jsonl", 2, b"[]")
        assert result.status == 2
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n[]\n"

    def test_a_read_error_leaves_the_file_as_it_was(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A file that fails mid-read is not rewritten, and no file is left over."""
        write("a.jsonl", LOOSE + b"\n" + LOOSE)
        monkeypatch.setattr(
            _scan, "open_source", failing_open(LOOSE + b"\n" + LOOSE, len(LOOSE) + 1)
        )
        result = cli("canonicalize", "a.jsonl")
        assert result.err == "binding-graph: a.jsonl: Input/output error\n"
        assert result.status == 2
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n" + LOOSE
        assert listing() == ["a.jsonl"]

    def test_a_file_that_cannot_be_opened_is_not_rewritten(
        self, cli: Callable[..., Result]
    ) -> None:
        """A missing file: stderr, exit 2, and the others still rewritten."""
        write("b.jsonl", LOOSE)
        result = cli("canonicalize", "a.jsonl", "b.jsonl")
        assert result.err == "binding-graph: a.jsonl: No such file or directory\n"
        assert result.status == 2
        assert Path("b.jsonl").read_bytes() == LINE + b"\n"


class TestSchema:
    """schema prints the JSON Schema that the package ships."""

    def test_prints_the_shipped_schema(self, cli: Callable[..., Result]) -> None:
        """The output is binding-graph-v1.schema.json, byte for byte."""
        shipped = Path(binding_graph.__file__).parent / "schema"
        text = (shipped / "binding-graph-v1.schema.json").read_text(encoding="utf-8")
        assert cli("schema") == Result(0, text, "")
        assert json.loads(text) == json_schema()

    def test_prints_the_shipped_generation_profile(
        self, cli: Callable[..., Result]
    ) -> None:
        """--profile generation prints binding-graph-v1.generation.schema.json, byte for byte."""
        shipped = Path(binding_graph.__file__).parent / "schema"
        name = "binding-graph-v1.generation.schema.json"
        text = (shipped / name).read_text(encoding="utf-8")
        assert cli("schema", "--profile", "generation") == Result(0, text, "")
        assert cli("schema", "--profile", "default") == cli("schema")

    def test_another_profile_is_a_usage_error(self, cli: Callable[..., Result]) -> None:
        """A profile the library has not is refused in one line, exit status 2."""
        result = cli("schema", "--profile", "strict")
        assert (result.status, result.out) == (2, "")
        assert result.err.splitlines()[-1] == (
            "binding-graph schema: error: argument --profile: invalid choice:"
            " 'strict' (choose from 'default', 'generation', 'writing')"
        )


def _three_broken() -> bytes:
    """Return the bundled corpus' first line with three rules broken, in three elements."""
    document = json.loads(
        (ROOT / "examples" / "corpus.jsonl").read_bytes().splitlines()[0]
    )
    document["symbols"][0]["semantic_role"] = "apples"
    document["facts"][1]["symbol_id"] = "sym_apples_bob_give_001"
    document["equations"][0]["admissibility_status"] = "yes"
    return json.dumps(document).encode()


class TestValidateAll:
    """validate --all reports every refusal of each refused record, each as validate reports one."""

    def test_every_refusal_of_a_record_a_line_each(
        self, cli: Callable[..., Result]
    ) -> None:
        """Three broken rules: three lines for the record, in document order, and the refusals counted."""
        write("a.jsonl", _three_broken() + b"\n" + LINE + b"\n")
        listed = refusals(_three_broken())
        assert len(listed) == 3
        expected = "".join(
            f"a.jsonl:1: {e.code} at {render_path(e.path)}: {e.message}\n"
            for e in listed
        )
        summary = (
            "2 records: 1 accepted, 1 refused (3 refusals: not_in_vocabulary 2,"
            " unknown_symbol 1)\n"
        )
        assert cli("validate", "--all", "a.jsonl") == Result(1, expected + summary, "")

    def test_without_all_the_first_refusal_only(
        self, cli: Callable[..., Result]
    ) -> None:
        """Without --all, the record's first refusal, which loads raises, and the records counted by it."""
        write("a.jsonl", _three_broken() + b"\n")
        first = refused(_three_broken())
        assert cli("validate", "a.jsonl") == Result(
            1,
            f"a.jsonl:1: {first.code} at {render_path(first.path)}: {first.message}\n"
            "1 record: 0 accepted, 1 refused (not_in_vocabulary 1)\n",
            "",
        )

    def test_as_json_one_object_a_refusal(self, cli: Callable[..., Result]) -> None:
        """With --format json, one object a refusal, and the summary counts them."""
        write("a.jsonl", _three_broken() + b"\n")
        result = cli("validate", "--all", "--format", "json", "a.jsonl")
        lines = [json.loads(line) for line in result.out.splitlines()]
        assert result.status == 1
        assert lines[:3] == [
            {
                "file": "a.jsonl",
                "line": 1,
                "code": e.code,
                "path": list(e.path),
                "message": e.message,
            }
            for e in refusals(_three_broken())
        ]
        assert lines[3] == {
            "summary": {
                "records": 1,
                "accepted": 0,
                "refused": 1,
                "refusals": 3,
                "unlisted": 0,
                "by_code": {"not_in_vocabulary": 2, "unknown_symbol": 1},
            }
        }

    def test_a_cut_list_is_counted_whole(self, cli: Callable[..., Result]) -> None:
        """Records with more refusals than a list holds: its last entry printed, every refusal counted, by code those listed."""
        broken = json.loads(LINE)
        broken["facts"] = [{}] * 50  # four fields missing in each
        text = json.dumps(broken).encode()
        write("a.jsonl", text + b"\n" + text + b"\n")
        listed = refusals(text)
        assert len(listed) == 100
        result = cli("validate", "--all", "a.jsonl")
        assert result.out.splitlines()[99] == (
            f"a.jsonl:1: limit_exceeded at <root>: {listed[-1].message}"
        )
        assert result.out.splitlines()[-1] == (
            "2 records: 0 accepted, 2 refused (400 refusals, 202 not listed:"
            " missing_key 198)"
        )
        summary = json.loads(
            cli("validate", "--all", "--format", "json", "a.jsonl").out.splitlines()[-1]
        )["summary"]
        assert (summary["refusals"], summary["unlisted"], summary["by_code"]) == (
            400,
            202,
            {"missing_key": 198},
        )

    def test_a_record_that_is_no_document_is_one_refusal(
        self, cli: Callable[..., Result]
    ) -> None:
        """A line that is not JSON, or too large, is one refusal with --all too."""
        write("a.jsonl", b"{not json\n" + LINE + b"\n")
        result = cli("validate", "--all", "--max-bytes", "40", "a.jsonl")
        assert result.status == 1
        assert [
            line.split(": ")[1].split(" ")[0] for line in result.out.splitlines()[:2]
        ] == [
            "malformed_document",
            "limit_exceeded",
        ]
        assert result.out.splitlines()[2] == (
            "2 records: 0 accepted, 2 refused (2 refusals: limit_exceeded 1,"
            " malformed_document 1)"
        )

    def test_a_whole_json_file_and_workers_give_the_same(
        self, cli: Callable[..., Result]
    ) -> None:
        """A .json file is read whole, and --jobs 2 prints what one process prints."""
        write("a.json", json.dumps(json.loads(_three_broken()), indent=2).encode())
        write("b.jsonl", (_three_broken() + b"\n") * 300)
        alone = cli("validate", "--all", "a.json", "b.jsonl")
        assert alone.out.count("a.json:1: ") == 3
        assert alone.out.count(": unknown_symbol at facts[1].symbol_id: ") == 301
        assert cli("validate", "--all", "--jobs", "2", "a.json", "b.jsonl") == alone


class TestJobs:
    """--jobs N reads with N processes, and prints exactly what one process prints."""

    @settings(max_examples=25)
    @given(
        st.lists(corpora(), min_size=1, max_size=3),
        st.one_of(st.just(DEFAULT_MAX_BYTES), st.integers(1, 400)),
    )
    def test_validate_refuses_as_loads_does_with_one_or_two_processes(
        self, corpus_files: list[bytes], max_bytes: int
    ) -> None:
        """For any mix of documents, the refusals are loads' per line, in order, with -j1 and -j2."""
        expected: list[dict[str, Any]] = []
        labels: list[str] = []
        records = 0
        with tempfile.TemporaryDirectory() as directory:
            for index, data in enumerate(corpus_files):
                label = str(Path(directory, f"c{index}.jsonl"))
                Path(label).write_bytes(data)
                labels.append(label)
                outcomes = oracle(data, max_bytes)
                records += len(outcomes)
                expected += [
                    {
                        "file": label,
                        "line": number,
                        "code": outcome[0],
                        "path": list(outcome[1]),
                        "message": outcome[2],
                    }
                    for number, outcome in outcomes
                    if isinstance(outcome, tuple)
                ]
            options = ["validate", "--format", "json", "--max-bytes", str(max_bytes)]
            one = _run([*options, "--jobs", "1", *labels])
            two = _run([*options, "--jobs", "2", *labels])
        assert one == two
        assert json_lines(one.out)[:-1] == expected
        assert one.status == (1 if expected else 0 if records else 5)

    def test_many_batches_in_two_processes_keep_their_order(
        self, cli: Callable[..., Result]
    ) -> None:
        """Hashes of a corpus of many batches, over files, come out in input order."""
        lines = [LINE if i % 7 else b"[]" for i in range(1500)]
        write("d/a.jsonl", b"\n".join(lines))
        write("d/b.json", PRETTY)
        write("d/c.jsonl", b"\n".join(lines[:300]))
        one = cli("hash", "--jobs", "1", "d")
        three = cli("hash", "--jobs", "3", "d")
        assert one == three
        assert one.out.count("\n") == 1801 + 1

    def test_a_threaded_caller_gets_spawned_workers_with_the_same_output(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With other threads running, workers are spawned, not forked; same output."""
        write("a.jsonl", LINE + b"\n[]\n")
        one = cli("validate", "a.jsonl")
        monkeypatch.setattr(_pool, "usable_cpus", lambda: 2)
        monkeypatch.setattr("threading.active_count", lambda: 2)
        assert _pool.worker_context().get_start_method() == "spawn"
        assert cli("validate", "--jobs", "2", "a.jsonl") == one

    def test_a_worker_that_dies_ends_the_run_with_one_line(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A worker process that ends abruptly: one line on stderr, exit 2."""
        write("a.jsonl", LINE)
        monkeypatch.setattr(_pool, "usable_cpus", lambda: 2)
        monkeypatch.setattr(_check_commands, "_nothing", die)
        result = cli("validate", "--jobs", "2", "a.jsonl")
        assert result == Result(
            2,
            "",
            "binding-graph: a worker process ended abruptly (exit status 1);"
            " run again with --jobs 1\n",
        )


def _run(argv: list[str]) -> Result:
    """Run the command line in-process, capturing its output (for use inside @given)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = main(argv)
    finally:
        sys.stdout, sys.stderr = saved
    return Result(status, out.getvalue(), err.getvalue())


def symbol_count(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001 -- a handler's signature
) -> int:
    """Return how many symbols *graph* has: the handler of the command below."""
    return len(graph.symbols)


def count_symbols(args: argparse.Namespace) -> int:
    """Run 'count': each record's symbols, flagged when there are none."""
    total = [0]

    def accepted(
        report: Report, label: str, line: int, symbols: int, case: str | None
    ) -> None:
        total[0] += symbols
        report.emit(f"{at(label, line, case)}{symbols} symbols", {"symbols": symbols})
        if not symbols:
            report.flag()

    def summary() -> tuple[dict[str, Any], str]:
        return {"symbols": total[0]}, f"; {total[0]} symbols"

    return _records.each_record(args, symbol_count, accepted, summary)


class TestAddingACommand:
    """A new subcommand is one entry of COMMANDS, and each_record does the rest."""

    COUNT = _command.Command(
        name="count",
        summary="count the symbols of each record",
        description="Print how many symbols each record has.",
        examples=(("binding-graph count a.jsonl", "count them"),),
        run=f"{__name__}:count_symbols",
    )

    def test_a_new_entry_is_a_new_command(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An entry gets its parser, the corpus options, refusals, summary and status."""
        monkeypatch.setattr(_parser, "COMMANDS", (*_commands.COMMANDS, self.COUNT))
        empty = canonical_bytes(SemanticSymbolicBindingGraph())
        write("a.jsonl", LINE + b"\n[]\n" + empty + b"\n")
        result = cli("count", "a.jsonl")
        assert result == Result(
            1,
            "a.jsonl:1: 3 symbols\n"
            + line_of("a.jsonl", 2, b"[]")
            + "\na.jsonl:3: 0 symbols\n"
            "3 records: 2 accepted, 1 refused (wrong_type 1); 3 symbols\n",
            "",
        )
        assert json_lines(cli("count", "--format", "json", "a.jsonl").out)[-1] == {
            "summary": {
                "records": 3,
                "accepted": 2,
                "refused": 1,
                "by_code": {"wrong_type": 1},
                "symbols": 3,
            }
        }
        assert "binding-graph count a.jsonl  # count them" in cli("count", "--help").out

    def test_a_flag_alone_makes_exit_status_1(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A record the command flags, with none refused, gives exit status 1."""
        monkeypatch.setattr(_parser, "COMMANDS", (self.COUNT,))
        write("a.jsonl", canonical_bytes(SemanticSymbolicBindingGraph()))
        assert cli("count", "a.jsonl").status == 1


class TestProgress:
    """The progress bar shows on a terminal, for runs that last, and never elsewhere."""

    class Terminal(io.StringIO):
        """A stream that says it is a terminal."""

        def isatty(self) -> bool:
            """Say yes."""
            return True

    def test_draws_after_the_delay_and_no_more_often_than_the_interval(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Nothing before DELAY; then a bar, redrawn at most every INTERVAL."""
        monkeypatch.setenv("COLUMNS", "80")
        now = [10.0]
        stream = self.Terminal()
        progress = Progress(stream, 1000, clock=lambda: now[0])
        progress.advance(100, 1)
        assert stream.getvalue() == ""
        now[0] = 10.0 + Progress.DELAY
        progress.advance(400, 2)
        bar = "#" * 12 + "-" * 12
        assert stream.getvalue() == (
            f"\rbinding-graph: [{bar}]  50% 3 records, 6/s, 0:00 left\x1b[K"
        )
        progress.advance(100, 1)
        assert stream.getvalue().count("\r") == 1
        now[0] += 2 * Progress.INTERVAL
        progress.advance(0, 0)
        assert stream.getvalue().count("\r") == 2
        progress.clear()
        assert stream.getvalue().endswith("\r\x1b[K")

    def test_without_a_total_counts_records(self) -> None:
        """Reading standard input, whose size is unknown, shows the records read."""
        progress = Progress(self.Terminal(), None, clock=lambda: 0.0)
        progress.records = 1234
        assert progress.render() == "binding-graph: 1,234 records"

    def test_nothing_is_written_where_there_is_no_terminal(self) -> None:
        """On a pipe or a file, neither the bar nor its clearing is written."""
        stream = io.StringIO()
        progress = Progress(stream, 10, clock=lambda: 100.0)
        progress.advance(5, 5)
        progress.clear()
        assert stream.getvalue() == ""

    def test_a_run_on_a_terminal_draws_and_clears_the_bar(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Through main, a bar goes to a terminal's stderr and is gone before the summary."""
        monkeypatch.setenv("COLUMNS", "80")
        write("a.jsonl", b"\n".join([LINE] * 600))
        terminal = self.Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.setattr(Progress, "DELAY", 0.0)
        monkeypatch.setattr(Progress, "INTERVAL", 0.0)
        result = cli("validate", "a.jsonl")
        assert result.out == "600 records: 600 accepted, 0 refused\n"
        drawn = terminal.getvalue()
        assert "binding-graph: [" in drawn
        assert "] 100% 600 records" in drawn
        assert drawn.endswith("\r\x1b[K")

    def test_canonicalize_clears_the_bar_too(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Canonicalizing stdin, which prints no summary, still clears the bar."""
        terminal = self.Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.setattr(Progress, "DELAY", 0.0)
        result = cli("canonicalize", "-", stdin=LOOSE)
        assert result.out == (LINE + b"\n").decode()
        assert terminal.getvalue().endswith("\r\x1b[K")


_HOSTILE: Any = load_script(ROOT / "fuzz" / "hostile.py")


def _hostile_arguments() -> list[tuple[str, Callable[[], object]]]:
    """Return arguments that are not a list of str, each made when a test asks."""
    return [
        ("an int", lambda: 5),
        ("a str", lambda: "validate"),
        ("a generator", lambda: (word for word in ["schema"])),
        ("a list subclass", lambda: type("Words", (list,), {})(["schema"])),
        ("a str subclass", lambda: [_HOSTILE.subclass(str, 3)("schema")]),
        ("a number among words", lambda: ["validate", 5]),
        *(
            (f"spiteful {variant}", lambda variant=variant: _HOSTILE.spiteful(variant))
            for variant in range(4)
        ),
        ("a spiteful word", lambda: ["validate", _HOSTILE.spiteful(0)]),
    ]


class TestMain:
    """main parses arguments, runs a command, and turns a failed run into one line."""

    @pytest.mark.parametrize(
        "make",
        [make for _, make in _hostile_arguments()],
        ids=[i for i, _ in _hostile_arguments()],
    )
    def test_arguments_that_are_not_a_list_of_str_are_a_usage_error(
        self, make: Callable[[], object], capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Arguments other than a list or tuple of exactly str are one line, exit status 2."""
        status = main(make())  # type: ignore[arg-type]
        assert (status, *capsys.readouterr()) == (
            2,
            "",
            "binding-graph: the arguments must be a list of str\n",
        )

    def test_a_tuple_of_str_is_arguments(self, cli: Callable[..., Result]) -> None:
        """A tuple of str is read as a list of them."""
        del cli  # for its temporary directory and standard input
        assert main(("schema",)) == 0

    def test_version(self, cli: Callable[..., Result]) -> None:
        """--version prints the installed version and exits 0."""
        version = binding_graph.__version__
        assert cli("--version") == Result(0, f"binding-graph {version}\n", "")

    def test_version_from_a_bare_checkout(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Without installed metadata, --version says so."""
        import importlib.metadata  # noqa: PLC0415 -- the module patched

        def missing(name: str) -> str:
            raise importlib.metadata.PackageNotFoundError(name)

        monkeypatch.setattr(importlib.metadata, "version", missing)
        assert cli("--version").out == (
            "binding-graph (version unknown: not installed)\n"
        )

    @pytest.mark.usefixtures("cli")
    def test_python_dash_m_runs_main(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """binding_graph/__main__.py exits with main's status."""
        monkeypatch.setattr(sys, "argv", ["binding-graph", "schema"])
        monkeypatch.delitem(sys.modules, "binding_graph.__main__", raising=False)
        with pytest.raises(SystemExit) as info:
            runpy.run_module("binding_graph", run_name="__main__")
        assert info.value.code == 0

    def test_importing_the_main_module_runs_nothing(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Importing binding_graph.__main__, rather than running it, runs no command."""
        try:
            module = importlib.import_module("binding_graph.__main__")
            assert module.main is main
            assert capsys.readouterr() == ("", "")
        finally:
            # runpy warns of a __main__ module imported before it is run.
            del sys.modules["binding_graph.__main__"]

    def test_help_gives_an_example_of_every_command(
        self, cli: Callable[..., Result]
    ) -> None:
        """--help lists each command with an example; each command's --help, all of its."""
        result = cli("--help")
        assert result.status == 0
        for command in _commands.COMMANDS:
            assert f"    {command.name}" in result.out
            assert command.examples[0][0] in result.out
            sub = cli(command.name, "--help")
            assert sub.status == 0
            for line, what in command.examples:
                assert line in sub.out
                assert f"# {what}" in sub.out

    def test_help_texts_are_those_of_the_golden_file(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Every --help says, word for word, what tests/cli_help.txt says.

        The help is the command line's own reference, so a change to it is a
        change of the product. Words are compared, not the layout, which
        argparse changes from one Python to the next. After a deliberate
        change, write the file again from the output of the commands it lists.
        """
        monkeypatch.setenv("COLUMNS", "100")
        titles = [(), *((command.name,) for command in _commands.COMMANDS)]
        found = ""
        for title in titles:
            result = cli(*title, "--help")
            assert (result.status, result.err) == (0, "")
            found += (
                f"$ {' '.join(('binding-graph', *title, '--help'))}\n{result.out}\n"
            )
        golden = (Path(__file__).parent / "cli_help.txt").read_text(encoding="utf-8")
        assert found.split() == golden.split()
        # The examples are laid out by the command, not by argparse: kept as
        # they are, line for line, on every Python.
        assert _examples(found) == _examples(golden)

    def test_ctrl_c_is_one_line_and_exit_status_130(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An interrupted run says so in one line, and exits 130."""
        write("a.jsonl", LINE)
        monkeypatch.setattr(_check_commands, "_nothing", interrupt)
        assert cli("validate", "a.jsonl") == Result(
            130, "", "binding-graph: interrupted\n"
        )

    @pytest.mark.usefixtures("cli")
    def test_a_closed_stdout_is_exit_status_2_without_a_traceback(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """When the reader of stdout goes away, stdout is pointed at /dev/null."""
        read_end, write_end = os.pipe()

        class Piped(Closed):
            def fileno(self) -> int:
                return write_end

        write("a.jsonl", LINE)
        monkeypatch.setattr(sys, "stdout", Piped())
        try:
            assert main(["hash", "a.jsonl"]) == 2
            os.write(write_end, b"gone")  # to /dev/null, not to the pipe
            assert os.read(read_end, 4) == b""  # the pipe has no writer left
        finally:
            os.close(read_end)
            os.close(write_end)

    @pytest.mark.usefixtures("cli")
    def test_a_closed_stdout_without_a_descriptor_is_exit_status_2(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A stdout with no file descriptor is left as it is."""
        write("a.jsonl", LINE)
        monkeypatch.setattr(sys, "stdout", Closed())
        assert main(["hash", "a.jsonl"]) == 2

    def test_text_a_terminal_cannot_show_is_escaped(self) -> None:
        """A character the output's encoding lacks is written as an escape."""
        raw = io.BytesIO()
        out = io.TextIOWrapper(raw, encoding="ascii")
        report = Report(out, io.StringIO())
        report.emit("Zoë", {})
        out.flush()
        assert raw.getvalue() == b"Zo\\xeb\n"


class TestPureFirst:
    """A run reads its first records without loading the fast path, and loads it for the rest."""

    def test_a_few_records_never_load_the_fast_path(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A short run reads on the pure path, and leaves the fast path to load on first use."""
        monkeypatch.setattr(_scan, "_READ", [0])
        reset_fast_path()
        write("a.jsonl", LINE + b"\n[]\n")
        assert cli("validate", "a.jsonl").status == 1
        assert fast_path_unloaded()
        assert _scan._READ == [2]  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]

    def test_past_the_first_records_the_fast_path_is_loaded(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Once a process has read PURE_FIRST records, it reads as loads does, with the fast path where installed."""
        monkeypatch.setattr(_scan, "_READ", [_scan.PURE_FIRST])
        reset_fast_path()
        write("a.jsonl", LINE + b"\n")
        assert cli("validate", "a.jsonl") == Result(
            0, "1 record: 1 accepted, 0 refused\n", ""
        )
        assert not fast_path_unloaded()
