"""The command line in a child process: killed workers, signals, closed and full standard streams.

Each test starts the command in a session of its own, bounds every wait, and
in the end kills what is left of that session only: the command and its
workers, never another process.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING

import pytest

from binding_graph import canonical_bytes, to_data
from tests._helpers import child_environment, graph

if TYPE_CHECKING:
    from collections.abc import Callable, Generator

LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()
TIMEOUT = 60
"""Seconds any child may take: far more than any needs, on a loaded machine too."""

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"),
    reason="signals, /proc, /dev/full and the shell's redirections of Linux",
)
# Where CI is set, a kernel without the list fails these tests rather than
# skipping them: CI must run them.
needs_children = pytest.mark.skipif(
    not Path(f"/proc/self/task/{os.getpid()}/children").exists()
    and not os.environ.get("CI"),
    reason="this kernel does not list a process's children in /proc",
)

# The command line, with each batch held until the test has done its part:
# in this process with --jobs 1, in the workers with --jobs 2. Workers start
# whatever the CPUs of the machine.
STALLING = """
import sys, time
from binding_graph.cli import _pool, _scan
from binding_graph.cli import main

def stall(*_, **__):
    time.sleep(60)
    raise AssertionError("the test did not end the run")

_scan.read_line = stall
_pool.usable_cpus = lambda: 2
sys.exit(main(sys.argv[1:]))
"""


def until(found: Callable[[], object]) -> None:
    """Poll *found* until it is true; fail the test after :data:`TIMEOUT` seconds."""
    deadline = time.monotonic() + TIMEOUT
    while not found():
        assert time.monotonic() < deadline, "the child never got there"
        time.sleep(0.01)


def children(pid: int) -> list[int]:
    """Return the processes that *pid* started and that still run."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # a thread that just ended
            found += [int(n) for n in (task / "children").read_text().split()]
    return found


def temporary_files(directory: Path) -> list[str]:
    """Return the names of canonicalize's temporary files in *directory*."""
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def python(*arguments: str) -> list[str]:
    """Return the command that runs ``python ARGUMENTS`` with this interpreter."""
    return [sys.executable, *arguments]


def shell(redirection: str, *arguments: str) -> list[str]:
    """Return the command that runs ``binding-graph ARGUMENTS REDIRECTION`` in a shell."""
    run = f'exec "$@" {redirection}'
    return ["/bin/sh", "-c", run, "sh", *python("-m", "binding_graph", *arguments)]


@contextlib.contextmanager
def started(
    command: list[str],
    directory: Path,
    *,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | int = subprocess.PIPE,
    preexec_fn: Callable[[], object] | None = None,
) -> Generator[subprocess.Popen[bytes], None, None]:
    """Run *command* in *directory*, in a session of its own, whose processes end in any case."""
    child = subprocess.Popen(
        command,
        cwd=directory,
        env=child_environment(),
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=preexec_fn,  # noqa: PLW1509 -- only to limit the child's memory
    )
    try:
        yield child
    finally:
        # The session holds the child and its workers, and nothing else.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        if child.returncode is None:
            child.communicate(timeout=TIMEOUT)


def loose_files(directory: Path) -> dict[Path, bytes]:
    """Write two files that canonicalize would rewrite; return their paths and bytes."""
    files = {directory / "a.jsonl": LOOSE + b"\n", directory / "b.jsonl": LOOSE + b"\n"}
    for path, data in files.items():
        path.write_bytes(data)
    return files


def ended(child: subprocess.Popen[bytes]) -> tuple[int, bytes | None, bytes]:
    """Wait for *child* to end; return its exit status, standard output and error."""
    out, err = child.communicate(timeout=TIMEOUT)
    return child.returncode, out, err


@needs_children
class TestWorkerDeath:
    """A worker killed outright ends the run at once, in one line, with no file changed."""

    @pytest.mark.parametrize("command", ["hash", "canonicalize"])
    def test_a_killed_worker_ends_the_run_with_one_line_and_exit_2(
        self, tmp_path: Path, command: str
    ) -> None:
        """SIGKILL to one of two workers: exit 2, one line, files as they were, no worker left."""
        files = loose_files(tmp_path)
        argv = python("-c", STALLING, command, "--jobs", "2", "a.jsonl", "b.jsonl")
        with started(argv, tmp_path) as child:
            # One worker holds a.jsonl's batch; the other, started for
            # b.jsonl's while the first is busy, holds that.
            until(lambda: len(children(child.pid)) == 2)
            if command == "canonicalize":
                until(lambda: temporary_files(tmp_path))
            killed, other = children(child.pid)
            os.kill(killed, signal.SIGKILL)
            status, out, err = ended(child)
        assert (status, out, err) == (
            2,
            b"",
            (
                b"binding-graph: a worker process ended abruptly (killed by SIGKILL);"
                b" run again with --jobs 1\n"
            ),
        )
        assert {path: path.read_bytes() for path in files} == files
        assert temporary_files(tmp_path) == []
        assert not Path(f"/proc/{other}").exists()


@needs_children
class TestSignals:
    """Ctrl-C and SIGTERM end a run with one line and their status, and leave no temporary file."""

    @pytest.mark.parametrize("jobs", ["1", "2"])
    @pytest.mark.parametrize(
        ("number", "status", "line"),
        [
            (signal.SIGINT, 130, b"binding-graph: interrupted\n"),
            (signal.SIGTERM, 143, b"binding-graph: terminated\n"),
        ],
    )
    def test_a_signal_mid_rewrite_leaves_no_temporary_file(
        self,
        tmp_path: Path,
        jobs: str,
        number: signal.Signals,
        status: int,
        line: bytes,
    ) -> None:
        """Ctrl-C at a terminal (the whole group) or SIGTERM (the command) while a file is rewritten."""
        files = loose_files(tmp_path)
        argv = python(
            "-c", STALLING, "canonicalize", "--jobs", jobs, "a.jsonl", "b.jsonl"
        )
        with started(argv, tmp_path) as child:
            until(lambda: temporary_files(tmp_path))
            if jobs == "2":
                until(lambda: len(children(child.pid)) == 2)
            workers = children(child.pid)
            if number == signal.SIGINT:
                os.killpg(child.pid, number)  # as a terminal sends Ctrl-C
            else:
                os.kill(child.pid, number)
            assert ended(child) == (status, b"", line)
        assert {path: path.read_bytes() for path in files} == files
        assert temporary_files(tmp_path) == []
        assert [pid for pid in workers if Path(f"/proc/{pid}").exists()] == []


class TestStandardStreams:
    """Closed or full standard streams: one line on standard error, exit 2, never a traceback."""

    def test_a_closed_standard_output(self, tmp_path: Path) -> None:
        """Standard output closed (validate a.jsonl >&-): exit 2, and says so."""
        (tmp_path / "a.jsonl").write_bytes(LINE + b"\n")
        with started(shell(">&-", "validate", "a.jsonl"), tmp_path) as child:
            assert ended(child) == (
                2,
                b"",
                b"binding-graph: standard output is closed\n",
            )

    def test_a_closed_standard_input(self, tmp_path: Path) -> None:
        """Standard input closed (validate - <&-): exit 2, and says so, with the summary."""
        with started(shell("<&-", "validate", "-"), tmp_path) as child:
            assert ended(child) == (
                2,
                b"0 records: 0 accepted, 0 refused\n",
                b"binding-graph: <stdin>: standard input is closed\n",
            )

    @pytest.mark.parametrize(("path", "status"), [("a.jsonl", 0), ("nope.jsonl", 2)])
    def test_a_closed_standard_error(
        self, tmp_path: Path, path: str, status: int
    ) -> None:
        """Standard error closed (2>&-): errors go unsaid, but the exit status is the run's."""
        (tmp_path / "a.jsonl").write_bytes(LINE + b"\n")
        with started(shell("2>&-", "validate", path), tmp_path) as child:
            out, _ = child.communicate(timeout=TIMEOUT)
        summary = b"1 record: 1 accepted" if status == 0 else b"0 records: 0 accepted"
        assert (child.returncode, out) == (status, summary + b", 0 refused\n")

    @pytest.mark.parametrize(
        "argv",
        [
            ["validate", "a.jsonl"],  # the summary, flushed at the end
            ["hash", "big.jsonl"],  # lines, written while the run goes on
            ["canonicalize", "-"],  # bytes
            ["schema"],
        ],
    )
    def test_a_full_standard_output(self, tmp_path: Path, argv: list[str]) -> None:
        """> /dev/full: exit 2, and the error in one line."""
        (tmp_path / "a.jsonl").write_bytes(LINE + b"\n")
        (tmp_path / "big.jsonl").write_bytes((LINE + b"\n") * 500)
        with (
            Path("/dev/full").open("wb") as full,
            (tmp_path / "a.jsonl").open("rb") as stdin,
            started(
                python("-m", "binding_graph", *argv), tmp_path, stdout=full, stdin=stdin
            ) as child,
        ):
            assert ended(child) == (
                2,
                None,
                b"binding-graph: cannot write standard output: No space left on device\n",
            )


class TestNotRegularFiles:
    """canonicalize leaves alone what is not a regular file, without opening it."""

    def test_a_fifo_is_refused_unopened(self, tmp_path: Path) -> None:
        """A FIFO named like a corpus: one line, exit 2, and still a FIFO (opening it would block)."""
        os.mkfifo(tmp_path / "p.jsonl")
        (tmp_path / "b.jsonl").write_bytes(LOOSE + b"\n")
        argv = python("-m", "binding_graph", "canonicalize", "p.jsonl", "b.jsonl")
        with started(argv, tmp_path) as child:
            assert ended(child) == (
                2,
                b"rewrote b.jsonl\n1 record: 1 accepted, 0 refused; files: 1 rewritten\n",
                b"binding-graph: p.jsonl: cannot rewrite it: not a regular file\n",
            )
        assert stat.S_ISFIFO((tmp_path / "p.jsonl").stat().st_mode)
        assert (tmp_path / "b.jsonl").read_bytes() == LINE + b"\n"


def _limit_memory() -> None:
    """Allow the child 512 MiB of address space: what a bounded read needs, many times over."""
    import resource  # noqa: PLC0415 -- POSIX only

    resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))


class TestRenderMemory:
    """render reads no more than --max-bytes and a chunk, as validate does."""

    def test_an_endless_file_is_refused_in_bounded_memory(self, tmp_path: Path) -> None:
        """An endless .json file: refused as limit_exceeded, exit 1, within 512 MiB."""
        (tmp_path / "z.json").symlink_to("/dev/zero")
        argv = python("-m", "binding_graph", "render", "--to", "dot", "z.json")
        with started(argv, tmp_path, preexec_fn=_limit_memory) as child:
            assert ended(child) == (
                1,
                b"",
                (
                    b"z.json:1: limit_exceeded at <root>: a document may take at most"
                    b" 67108864 bytes of UTF-8; this one takes more\n"
                ),
            )
