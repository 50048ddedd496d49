"""canonicalize never loses a user's file: full disks, and what it leaves behind."""

from __future__ import annotations

import errno
import io
import json
import os
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pytest

from binding_graph import _corpus, _rewrite, canonical_bytes, to_data
from tests._helpers import Result, graph

if TYPE_CHECKING:
    from collections.abc import Callable


LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()

needs_dev_full = pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="/dev/full makes every write fail"
)


def listing() -> list[str]:
    """Return the names in the working directory, sorted: no temporary file among them."""
    return sorted(path.name for path in Path().iterdir())


def _full_temporary_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every temporary file canonicalize makes fail to write, as on a full disk."""
    make = tempfile.mkstemp

    def mkstemp(*, prefix: str, suffix: str, dir: str) -> tuple[int, str]:  # noqa: A002 -- mkstemp's
        fd, path = make(prefix=prefix, suffix=suffix, dir=dir)
        full = os.open("/dev/full", os.O_WRONLY)
        os.dup2(full, fd)
        os.close(full)
        return fd, path

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


@needs_dev_full
class TestFullDisk:
    """A temporary file that cannot be written: one line, the original intact, nothing left."""

    @pytest.mark.parametrize("lines", [1, 10])
    def test_a_full_disk_leaves_the_file_and_no_temporary_file(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch, lines: int
    ) -> None:
        """Full as the new form is written (10 lines) or flushed (1 line); the run goes on."""
        Path("a.jsonl").write_bytes((LOOSE + b"\n") * lines)
        Path("b.jsonl").write_bytes(LINE + b"\n")
        _full_temporary_files(monkeypatch)
        assert cli("canonicalize", "a.jsonl", "b.jsonl") == Result(
            2,
            f"{lines + 1} records: {lines + 1} accepted, 0 refused;"
            " files: 1 already canonical\n",
            "binding-graph: a.jsonl: cannot write: No space left on device\n",
        )
        assert Path("a.jsonl").read_bytes() == (LOOSE + b"\n") * lines
        assert listing() == ["a.jsonl", "b.jsonl"]

    def test_a_full_disk_while_standard_input_is_spooled(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Standard input's canonical form cannot be spooled to disk: one line, exit 2, no output."""

        def full(**_: Any) -> IO[bytes]:
            return Path("/dev/full").open("w+b")

        monkeypatch.setattr(_rewrite, "_SPOOL", 1)
        monkeypatch.setattr(tempfile, "TemporaryFile", full)
        assert cli("canonicalize", "-", stdin=LOOSE + b"\n") == Result(
            2, "", "binding-graph: <stdin>: cannot write: No space left on device\n"
        )


class TestSpool:
    """Standard input's canonical form goes to standard output only whole."""

    def test_a_spool_that_cannot_be_read_back(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The spooled form fails to read: one line, exit 2, nothing on standard output."""

        class Failing(tempfile.SpooledTemporaryFile[bytes]):
            def read(self, *_: Any) -> bytes:
                raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(tempfile, "SpooledTemporaryFile", Failing)
        assert cli("canonicalize", "-", stdin=LOOSE + b"\n") == Result(
            2, "", "binding-graph: <stdin>: cannot read it back: Input/output error\n"
        )


class TestDiscard:
    """Output.discard removes the temporary file, whatever closing it says."""

    def test_a_close_that_fails_still_removes_the_file(self) -> None:
        """close() raises: the file is removed, and discard raises nothing."""
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory, "a.jsonl")
            path.write_bytes(LOOSE)
            source = _corpus.Source(str(path), str(path))
            output = _rewrite.Output(source, "file")

            class Unclosable(io.BytesIO):
                def close(self) -> None:
                    raise OSError(errno.ENOSPC, "No space left on device")

            assert output.temp is not None
            output.temp.close()
            output.temp = Unclosable()
            output.discard()
            output.discard()  # a second time: nothing left to do
            assert sorted(p.name for p in Path(directory).iterdir()) == ["a.jsonl"]
