"""canonicalize never loses a user's file: changed files, links, owners, full disks."""

from __future__ import annotations

import errno
import io
import json
import os
import secrets
import stat
import tempfile
import types
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pytest

from binding_graph import canonical_bytes, to_data
from binding_graph.cli import _canonicalize_command, _rewrite, _sources
from binding_graph.cli._reading import canonical_record
from tests._helpers import Result, graph

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph
    from binding_graph.datasets import BenchmarkCase

LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()
UPDATE = LINE + b"\n" + LINE + b"\n"  # what another program writes meanwhile

needs_dev_full = pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="/dev/full makes every write fail"
)


def listing() -> list[str]:
    """Return the names in the working directory, sorted: no temporary file among them."""
    return sorted(path.name for path in Path().iterdir())


def meanwhile(monkeypatch: pytest.MonkeyPatch, change: Callable[[Path], None]) -> None:
    """Make canonicalize, as it reads its first record, see *change* done to a.jsonl."""
    done: list[bool] = []

    def handler(
        graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
    ) -> bytes:
        if not done:
            done.append(True)
            change(Path("a.jsonl"))
        return canonical_record(graph, case)

    monkeypatch.setattr(_canonicalize_command, "canonical_record", handler)


def replaced(path: Path) -> None:
    """Replace *path* with a new file, as an editor or a download does."""
    new = path.with_name("new")
    new.write_bytes(UPDATE)
    new.replace(path)


def appended(path: Path) -> None:
    """Write to *path* in place."""
    with path.open("ab") as file:
        file.write(LINE + b"\n")


SAME_SIZE = LOOSE.replace(b"x >= 0", b"x >= 1") + b"\n"  # another program's edit


def restored(path: Path) -> None:
    """Write *path* in place with as many bytes, and set its times back, as ``cp -p`` or ``touch -r`` do."""
    before = path.stat()
    path.write_bytes(SAME_SIZE)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


class TestChangedWhileRead:
    """A file another program changes during the run keeps that program's work."""

    @pytest.mark.parametrize(
        ("change", "after"),
        [
            (replaced, UPDATE),
            (appended, LOOSE + b"\n" + LINE + b"\n"),
            (restored, SAME_SIZE),
        ],
    )
    def test_a_changed_file_is_not_rewritten(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        change: Callable[[Path], None],
        after: bytes,
    ) -> None:
        """Replaced or written to while read: left as the other program made it, exit 2."""
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        meanwhile(monkeypatch, change)
        assert cli("canonicalize", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: a.jsonl: cannot rewrite it: it changed since it was read\n",
        )
        assert Path("a.jsonl").read_bytes() == after
        assert listing() == ["a.jsonl"]

    def test_a_change_the_times_do_not_show_is_found_by_its_bytes(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Within one tick of the clock, the times may not move: the bytes, read again, still tell."""
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        meanwhile(monkeypatch, restored)

        def timeless(_: os.stat_result) -> tuple[int, ...]:
            return ()

        monkeypatch.setattr(_rewrite, "identity", timeless)
        assert cli("canonicalize", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: a.jsonl: cannot rewrite it: it changed since it was read\n",
        )
        assert Path("a.jsonl").read_bytes() == SAME_SIZE
        assert listing() == ["a.jsonl"]

    def test_the_identity_holds_the_change_time(self) -> None:
        """Two states of one file that differ only in their change time are two identities."""
        status = Path(__file__).stat()
        fields = list(status)
        kept = {
            name: getattr(status, name)
            for name in ("st_mtime_ns", "st_atime_ns", "st_ctime_ns")
        }
        moved = os.stat_result(fields, {**kept, "st_ctime_ns": status.st_ctime_ns + 1})
        same = os.stat_result(fields, kept)
        assert _rewrite.identity(same) == _rewrite.identity(status)
        assert _rewrite.identity(moved) != _rewrite.identity(status)

    def test_a_file_that_cannot_be_read_again_is_not_rewritten(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """If its bytes cannot be read again before the rename, it is left as it was: exit 2."""

        def unreadable(_: str) -> str:
            raise PermissionError(errno.EACCES, "Permission denied")

        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        monkeypatch.setattr(_rewrite, "digest_of", unreadable)
        assert cli("canonicalize", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: a.jsonl: cannot read it again: Permission denied\n",
        )
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n"
        assert listing() == ["a.jsonl"]


class TestWhatIsRewritten:
    """Only a regular file with one name is rewritten; its mode, owner and group are kept."""

    def test_a_device_is_not_rewritten(self, cli: Callable[..., Result]) -> None:
        """A path to something other than a regular file: one line, exit 2; --check reads it (/dev/null: empty)."""
        Path("n.jsonl").symlink_to(os.devnull)
        assert cli("canonicalize", "n.jsonl") == Result(
            2,
            "0 records: 0 accepted, 0 refused\n",
            "binding-graph: n.jsonl: cannot rewrite it: not a regular file\n",
        )
        assert cli("canonicalize", "--check", "n.jsonl").status == 5  # read: empty
        assert Path("n.jsonl").resolve() == Path(os.devnull)

    def test_hard_links_are_not_split(self, cli: Callable[..., Result]) -> None:
        """A file with two names would become two files: it is left as it was, exit 2."""
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        os.link("a.jsonl", "b.jsonl")
        assert cli("canonicalize", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: a.jsonl: cannot rewrite it: it has 2 hard links,"
            " which a new file would split\n",
        )
        assert Path("a.jsonl").read_bytes() == LOOSE + b"\n"
        assert Path("a.jsonl").samefile("b.jsonl")
        assert listing() == ["a.jsonl", "b.jsonl"]

    def test_a_canonical_file_with_hard_links_is_fine(
        self, cli: Callable[..., Result]
    ) -> None:
        """Nothing to rewrite, nothing to split: exit 0."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        os.link("a.jsonl", "b.jsonl")
        assert cli("canonicalize", "a.jsonl").status == 0
        assert Path("a.jsonl").samefile("b.jsonl")

    @pytest.mark.skipif(
        not hasattr(os, "geteuid") or os.geteuid() != 0,
        reason="only root can give a file to another user",
    )
    def test_keeps_the_mode_owner_and_group(self, cli: Callable[..., Result]) -> None:
        """Run as root on another user's file: the new file is that user's, with its mode."""
        path = Path("a.jsonl")
        path.write_bytes(LOOSE + b"\n")
        os.chown(path, 4321, 8765)
        path.chmod(0o640)
        assert cli("canonicalize", "a.jsonl").status == 0
        after = path.stat()
        assert (after.st_uid, after.st_gid, stat.S_IMODE(after.st_mode)) == (
            4321,
            8765,
            0o640,
        )
        assert path.read_bytes() == LINE + b"\n"
        assert listing() == ["a.jsonl"]

    @pytest.mark.parametrize("permitted", [True, False])
    def test_an_owner_other_than_the_runner(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        permitted: bool,  # noqa: FBT001 -- a parameter of the test
    ) -> None:
        """The file seems another user's: given back to that user, or, if not permitted, left alone."""
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        target = os.path.realpath("a.jsonl")
        real_stat = os.stat
        given: list[tuple[str, int, int]] = []

        def stat_(path: Any, *args: Any, **kwargs: Any) -> Any:
            found = real_stat(path, *args, **kwargs)
            if os.fspath(path) != target:
                return found
            fields = {
                name: getattr(found, name)
                for name in dir(found)
                if name.startswith("st_")
            }
            return types.SimpleNamespace(**{**fields, "st_uid": found.st_uid + 1})

        def chown(path: str, uid: int, gid: int) -> None:
            if not permitted:
                raise PermissionError(errno.EPERM, "Operation not permitted")
            given.append((Path(path).name, uid, gid))

        monkeypatch.setattr(os, "stat", stat_)
        monkeypatch.setattr(os, "chown", chown)
        owner = real_stat(target)
        result = cli("canonicalize", "a.jsonl")
        if permitted:
            assert result.status == 0
            [(name, uid, gid)] = given
            assert name.startswith(".a.jsonl.")
            assert (uid, gid) == (owner.st_uid + 1, owner.st_gid)
            assert Path("a.jsonl").read_bytes() == LINE + b"\n"
        else:
            assert result == Result(
                2,
                "1 record: 1 accepted, 0 refused\n",
                "binding-graph: a.jsonl: cannot rewrite it: cannot keep its owner"
                " and group: Operation not permitted\n",
            )
            assert Path("a.jsonl").read_bytes() == LOOSE + b"\n"
        assert listing() == ["a.jsonl"]

    def test_a_target_that_vanished_is_not_made_again(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Deleted while read: not written back, exit 2."""
        Path("a.jsonl").write_bytes(LOOSE + b"\n")
        meanwhile(monkeypatch, Path.unlink)
        assert cli("canonicalize", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused\n",
            "binding-graph: a.jsonl: cannot replace it: No such file or directory\n",
        )
        assert listing() == []


def _full_temporary_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every temporary file canonicalize makes fail to write, as on a full disk."""
    made = os.open

    def full_open(path: str, flags: int, mode: int = 0o777) -> int:
        fd = made(path, flags, mode)
        if path.endswith(".tmp"):
            full = made("/dev/full", os.O_WRONLY)
            os.dup2(full, fd)
            os.close(full)
        return fd

    monkeypatch.setattr(os, "open", full_open)


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
            source = _sources.Source(str(path), str(path))
            output = _rewrite.Output(source, "file", path.stat())
            output.open()

            class Unclosable(io.BytesIO):
                """A file whose last flush fails: it closes, but says so once."""

                failed = False

                def close(self) -> None:
                    super().close()
                    if not self.failed:
                        self.failed = True
                        raise OSError(errno.ENOSPC, "No space left on device")

            assert output.temp is not None
            output.temp.close()
            output.temp = Unclosable()
            output.discard()
            output.discard()  # a second time: nothing left to do
            assert sorted(p.name for p in Path(directory).iterdir()) == ["a.jsonl"]


class TestEndedWhileMade:
    """A run that ends while a temporary file is being made leaves none."""

    def test_an_interrupt_as_the_file_is_made_leaves_no_file(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Ctrl-C once the temporary file exists, before it is open for writing: it is removed, and the file is as it was."""
        Path("a.jsonl").write_bytes(LOOSE)
        opened = os.fdopen

        def interrupted(fd: int, _mode: str) -> IO[bytes]:
            os.close(fd)
            raise KeyboardInterrupt

        monkeypatch.setattr(os, "fdopen", interrupted)
        result = cli("canonicalize", "a.jsonl")
        monkeypatch.setattr(os, "fdopen", opened)
        assert result == Result(130, "", "binding-graph: interrupted\n")
        assert sorted(p.name for p in Path().iterdir()) == ["a.jsonl"]
        assert Path("a.jsonl").read_bytes() == LOOSE

    def test_names_already_taken_are_passed_over(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """A temporary name another file holds is never opened: the next name is tried."""
        path = tmp_path / "a.jsonl"
        path.write_bytes(LOOSE)
        names = iter(["taken", "free"])

        def token_hex(_: int) -> str:
            return next(names)

        monkeypatch.setattr(secrets, "token_hex", token_hex)
        (tmp_path / ".a.jsonl.taken.tmp").write_bytes(b"another's")
        output = _rewrite.Output(
            _sources.Source(str(path), str(path)), "file", path.stat()
        )
        output.open()
        assert output.temp_path == str(tmp_path / ".a.jsonl.free.tmp")
        output.discard()
        assert (tmp_path / ".a.jsonl.taken.tmp").read_bytes() == b"another's"
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            ".a.jsonl.taken.tmp",
            "a.jsonl",
        ]
