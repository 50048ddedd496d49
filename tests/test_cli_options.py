"""The command line's arguments: usage errors told by the command they concern, and the shared options."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from binding_graph import canonical_bytes
from binding_graph.cli import _commands
from binding_graph.serialization import DEFAULT_MAX_BYTES
from tests._helpers import Result, graph, show

if TYPE_CHECKING:
    from collections.abc import Callable

LINE = canonical_bytes(graph())


class TestUsageErrors:
    """A usage error is told with the usage of the parser it concerns, and exit status 2."""

    @pytest.mark.parametrize(
        ("argv", "error"),
        [
            (
                ["validate", "--bogus", "a.jsonl"],
                "binding-graph validate: error: unrecognized arguments: --bogus",
            ),
            (
                ["hash", "a.jsonl", "--jobs", "2", "-x"],
                "binding-graph hash: error: unrecognized arguments: -x",
            ),
            (
                ["render", "--to", "dot", "g.json", "extra"],
                "binding-graph render: error: unrecognized arguments: extra",
            ),
            (
                ["schema", "--bogus"],
                "binding-graph schema: error: unrecognized arguments: --bogus",
            ),
        ],
    )
    def test_an_unknown_argument_after_a_command_gives_its_usage(
        self, cli: Callable[..., Result], argv: list[str], error: str
    ) -> None:
        """An argument the command does not know: the command's usage and error, exit 2."""
        result = cli(*argv)
        lines = result.err.splitlines()
        assert (result.status, result.out) == (2, "")
        assert lines[0].startswith(f"usage: binding-graph {argv[0]} [-h]")
        assert lines[-1] == error

    def test_an_unknown_option_before_the_command_gives_the_top_level_usage(
        self, cli: Callable[..., Result]
    ) -> None:
        """An option before the command that no parser knows: the top-level usage, exit 2."""
        result = cli("--bogus", "validate", "a.jsonl")
        lines = result.err.splitlines()
        assert (result.status, result.out) == (2, "")
        assert lines[0].startswith("usage: binding-graph [-h] [--version]")
        assert lines[-1] == "binding-graph: error: unrecognized arguments: --bogus"

    @pytest.mark.parametrize(
        ("argv", "word"),
        [
            (["--profile", "generation", "schema"], "generation"),
            (["--all", "x", "validate", "a.jsonl"], "x"),
            (["--format", "json", "nope", "validate"], "nope"),
        ],
    )
    def test_a_word_before_the_command_is_read_as_the_command_and_every_one_is_listed(
        self, cli: Callable[..., Result], argv: list[str], word: str
    ) -> None:
        """A command's option given before it: its value is read as the command, and the error lists every command."""
        result = cli(*argv)
        names = ", ".join(repr(command.name) for command in _commands.COMMANDS)
        assert (result.status, result.out) == (2, "")
        assert result.err.splitlines()[-1] == (
            f"binding-graph: error: argument COMMAND: invalid choice: {word!r}"
            f" (choose from {names})"
        )

    def test_a_known_command_with_its_arguments_runs(
        self, cli: Callable[..., Result]
    ) -> None:
        """Arguments the command knows, in any order, are no error."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        assert cli("validate", "a.jsonl", "--jobs", "1") == Result(
            0, "1 record: 1 accepted, 0 refused\n", ""
        )


class TestMaxBytesHelp:
    """--max-bytes is described in the same words wherever it is taken."""

    def test_every_help_gives_its_default_with_thousands_separators(
        self, cli: Callable[..., Result]
    ) -> None:
        """Each --help that lists --max-bytes says the same, default 67,108,864."""
        expected = (
            "--max-bytes N refuse a record above N bytes as limit_exceeded"
            f" (default {DEFAULT_MAX_BYTES:,})"
        )
        taking = [
            command.name
            for command in _commands.COMMANDS
            if "--max-bytes" in cli(command.name, "--help").out
        ]
        assert taking == [
            "validate",
            "hash",
            "canonicalize",
            "analyze",
            "solve",
            "admit",
            "import",
            "score",
            "diff",
            "vote",
            "bind",
            "render",
        ]
        for name in taking:
            words = " ".join(cli(name, "--help").out.split())
            assert expected in words
            assert str(DEFAULT_MAX_BYTES) not in words


class TestSharedOptionsBeforeTheCommand:
    """--format, --max-bytes and --jobs mean the same before the command as after it."""

    @pytest.mark.parametrize(
        "options",
        [["--format", "json"], ["--max-bytes", "100"], ["--jobs", "2"]],
        ids=["format", "max-bytes", "jobs"],
    )
    def test_an_option_before_the_command_is_that_option_after_it(
        self, cli: Callable[..., Result], options: list[str]
    ) -> None:
        """binding-graph OPTION validate PATH prints what binding-graph validate OPTION PATH prints."""
        Path("a.jsonl").write_bytes(LINE + b"\n[]\n")
        after = cli("validate", *options, "a.jsonl")
        assert cli(*options, "validate", "a.jsonl") == after

    def test_json_before_the_command(self, cli: Callable[..., Result]) -> None:
        """--format json before validate: one JSON object a line."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        assert cli("--format", "json", "validate", "a.jsonl") == Result(
            0,
            '{"summary": {"records": 1, "accepted": 1, "refused": 0, "by_code": {}}}\n',
            "",
        )

    def test_the_option_after_the_command_wins(
        self, cli: Callable[..., Result]
    ) -> None:
        """Given before and after the command, an option takes the value given after it."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        text = Result(0, "1 record: 1 accepted, 0 refused\n", "")
        assert (
            cli("--format", "json", "validate", "--format", "text", "a.jsonl") == text
        )
        assert (
            cli("--max-bytes", "10", "validate", "--max-bytes", "100000", "a.jsonl")
            == text
        )

    def test_render_takes_max_bytes_before_it(self, cli: Callable[..., Result]) -> None:
        """--max-bytes before render bounds the document it draws."""
        Path("a.json").write_bytes(LINE)
        result = cli("--max-bytes", "10", "render", "--to", "dot", "a.json")
        assert (result.status, result.out) == (1, "")
        assert result.err.startswith("a.json:1: limit_exceeded at <root>: ")

    @pytest.mark.parametrize(
        ("argv", "error"),
        [
            (["--jobs", "2", "schema"], "schema takes no --jobs"),
            (
                ["--format", "json", "render", "--to", "dot", "a.json"],
                "render takes no --format",
            ),
            (
                ["--jobs", "0", "validate", "a.jsonl"],
                (
                    "argument --jobs: must be a whole number above 0, of at most 18 digits"
                    " (got '0')"
                ),
            ),
            (
                ["--max-bytes", "9" * 5000, "validate", "a.jsonl"],
                (
                    "argument --max-bytes: must be a whole number above 0, of at most 18"
                    f" digits (got {show('9' * 5000)})"
                ),
            ),
            (
                ["--jobs", "\u0662", "validate", "a.jsonl"],
                (
                    "argument --jobs: must be a whole number above 0, of at most 18 digits"
                    " (got '\u0662')"
                ),
            ),
        ],
    )
    def test_an_option_the_command_cannot_take_is_a_usage_error(
        self, cli: Callable[..., Result], argv: list[str], error: str
    ) -> None:
        """A shared option before a command that has no use for it, or a bad value: exit 2."""
        result = cli(*argv)
        assert (result.status, result.out) == (2, "")
        assert result.err.splitlines()[0].startswith("usage: binding-graph [-h]")
        assert result.err.splitlines()[-1] == f"binding-graph: error: {error}"
