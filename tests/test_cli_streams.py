"""Standard streams that fail or are closed, and SIGTERM, in-process: one line, the right status."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import pytest

from binding_graph import canonical_bytes, to_data
from binding_graph.cli import _canonicalize_command, main
from binding_graph.cli._reading import canonical_record
from tests._helpers import Result, graph

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph
    from binding_graph.datasets import BenchmarkCase

LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()
FULL = "binding-graph: cannot write standard output: No space left on device\n"


def _full() -> OSError:
    return OSError(errno.ENOSPC, "No space left on device")


def _gone() -> OSError:
    return BrokenPipeError(errno.EPIPE, "Broken pipe")


class Failing(io.StringIO):
    """A text stream whose writes, flushes or bytes fail as *failure* says."""

    def __init__(self, failure: Callable[[], OSError], where: str) -> None:
        super().__init__()
        self.failure = failure
        self.where = where
        self.bytes = self.Bytes(self)

    @property
    def buffer(self) -> BinaryIO:  # pyright: ignore[reportIncompatibleMethodOverride]
        """The binary layer, as standard output has one."""
        return self.bytes

    class Bytes(io.BytesIO):
        """The stream's binary layer."""

        def __init__(self, text: Failing) -> None:
            super().__init__()
            self.text = text

        def write(self, data: object, /) -> int:
            """Fail if the bytes are to fail."""
            if self.text.where == "bytes":
                raise self.text.failure()
            return super().write(data)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]

    def write(self, s: str, /) -> int:
        """Fail if writes are to fail."""
        if self.where == "write":
            raise self.failure()
        return super().write(s)

    def flush(self) -> None:
        """Fail if flushes are to fail."""
        if self.where == "flush":
            raise self.failure()


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: bytes = b"") -> Result:
    """Run main with the standard streams the test has set, and what it wrote to stderr."""
    if sys.stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return Result(status, "", captured.err)


@pytest.mark.usefixtures("cli")
class TestStandardOutput:
    """Standard output that cannot be written ends the run with one line on standard error."""

    @pytest.mark.parametrize(
        ("argv", "where"),
        [
            (["validate", "a.jsonl"], "write"),  # lines of text
            (["schema"], "flush"),  # the last flush, in main
            (["canonicalize", "-"], "bytes"),  # bytes
        ],
    )
    def test_a_full_disk_is_one_line_and_exit_status_2(
        self,
        capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
        argv: list[str],
        where: str,
    ) -> None:
        """ENOSPC, wherever standard output is written: exit 2, and says so."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        monkeypatch.setattr(sys, "stdout", Failing(_full, where))
        assert run(capsys, *argv, stdin=LOOSE + b"\n") == Result(2, "", FULL)

    @pytest.mark.parametrize("where", ["flush", "bytes"])
    def test_a_reader_that_goes_away_is_exit_status_2_in_silence(
        self,
        capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
        where: str,
    ) -> None:
        """EPIPE at the last flush, or writing bytes: exit 2, nothing said."""
        monkeypatch.setattr(sys, "stdout", Failing(_gone, where))
        assert run(capsys, "canonicalize", "-", stdin=LOOSE + b"\n") == Result(
            2, "", ""
        )

    def test_a_closed_standard_output(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """No standard output at all (its descriptor closed): exit 2, and says so."""
        monkeypatch.setattr(sys, "stdout", None)
        assert run(capsys, "schema") == Result(
            2, "", "binding-graph: standard output is closed\n"
        )

    def test_a_closed_standard_error(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """No standard error at all: errors go unsaid, but the exit status is the same."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        monkeypatch.setattr(sys, "stderr", None)
        assert main(["validate", "a.jsonl"]) == 0
        assert main(["validate", "a.jsonl", "missing.jsonl"]) == 2
        assert sys.stderr is None
        assert capsys.readouterr().out == (
            "1 record: 1 accepted, 0 refused\n1 record: 1 accepted, 0 refused\n"
        )

    def test_a_standard_error_that_cannot_be_written(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Errors that cannot be told still give exit status 2, and no exception."""
        monkeypatch.setattr(sys, "stderr", Failing(_full, "write"))
        assert main(["validate", "missing.jsonl"]) == 2


@pytest.mark.usefixtures("cli")
class TestStandardInput:
    """A closed standard input is an error about the run, as a missing file is."""

    @pytest.mark.parametrize(
        ("argv", "out"),
        [
            (["validate", "-"], "0 records: 0 accepted, 0 refused\n"),
            (["render", "--to", "dot", "-"], ""),
        ],
    )
    def test_a_closed_standard_input(
        self,
        capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
        argv: list[str],
        out: str,
    ) -> None:
        """No standard input at all: one line, exit 2."""
        monkeypatch.setattr(sys, "stdin", None)
        assert main(argv) == 2
        assert capsys.readouterr() == (
            out,
            "binding-graph: <stdin>: standard input is closed\n",
        )


def terminate(graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None) -> bytes:
    """Act as a SIGTERM that comes while a record is read."""
    os.kill(os.getpid(), signal.SIGTERM)
    return canonical_record(graph, case)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM of POSIX")
class TestTerminate:
    """SIGTERM ends a run as Ctrl-C does: the cleanup runs, and the status is 143."""

    def test_sigterm_mid_rewrite_leaves_the_file_and_no_temporary_file(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """One line, exit 143, the file as it was; and the handler of SIGTERM is put back."""
        before = signal.getsignal(signal.SIGTERM)
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        monkeypatch.setattr(_canonicalize_command, "canonical_record", terminate)
        assert cli("canonicalize", "a.jsonl") == Result(
            143, "", "binding-graph: terminated\n"
        )
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n"
        assert sorted(path.name for path in Path().iterdir()) == ["a.jsonl"]
        assert signal.getsignal(signal.SIGTERM) is before

    @pytest.mark.usefixtures("cli")
    def test_main_in_another_thread_leaves_signals_alone(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Only the main thread may handle signals: elsewhere, main runs without."""
        before = signal.getsignal(signal.SIGTERM)
        statuses: list[int] = []
        thread = threading.Thread(target=lambda: statuses.append(main(["schema"])))
        thread.start()
        thread.join()
        assert statuses == [0]
        assert capsys.readouterr().out.startswith("{")
        assert signal.getsignal(signal.SIGTERM) is before
