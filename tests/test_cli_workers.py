"""--jobs: worker processes started as needed, at most one per CPU, and never outliving a run."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import signal
import time
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import canonical_bytes, to_data
from binding_graph.cli import _check_commands, _pool
from binding_graph.cli._report import RunError
from tests._helpers import Result, graph

if TYPE_CHECKING:
    from collections.abc import Callable

LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()


def started_processes(monkeypatch: pytest.MonkeyPatch) -> list[BaseProcess]:
    """Return the list to which every process started from now on is appended."""
    found: list[BaseProcess] = []
    start = BaseProcess.start

    def recording(self: BaseProcess) -> None:
        found.append(self)
        start(self)

    monkeypatch.setattr(BaseProcess, "start", recording)
    return found


def fail(*_: object) -> None:
    """Raise, as a handler with a bug would."""
    raise ValueError("a bug in a handler")


def nap(*_: object) -> None:
    """Take longer than any test waits: a job a worker is stuck in."""
    time.sleep(60)


def die_by(number: int) -> None:
    """End the worker that runs it with the signal *number*."""
    os.kill(os.getpid(), number)


def twice(number: int, more: int) -> int:
    """Return *number* and *more*, twice: the function of a pool's jobs."""
    return 2 * (number + more)


class TestHowMany:
    """No more workers start than CPUs, nor than batches that wait for one."""

    @pytest.mark.parametrize(
        ("cpus", "jobs", "lines", "workers"),
        [
            (4, "4", 1, 1),  # one batch: one worker
            (2, "64", 2000, 2),  # many batches: as many workers as CPUs, at most
            (1, "8", 2000, 0),  # one CPU: no worker, the run is read here
        ],
    )
    def test_workers_are_capped(
        self,
        cli: Callable[..., Result],
        monkeypatch: pytest.MonkeyPatch,
        *,
        cpus: int,
        jobs: str,
        lines: int,
        workers: int,
    ) -> None:
        """--jobs N starts at most min(N, CPUs, batches) processes; the output is that of one."""
        Path("a.jsonl").write_bytes((LINE + b"\n") * lines)
        one = cli("hash", "a.jsonl")
        monkeypatch.setattr(_pool, "usable_cpus", lambda: cpus)
        processes = started_processes(monkeypatch)
        assert cli("hash", "--jobs", jobs, "a.jsonl") == one
        assert len(processes) <= workers
        if lines == 1:
            assert len(processes) == workers
        assert [p for p in processes if p.is_alive()] == []

    def test_usable_cpus_are_those_of_the_affinity_mask(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The CPUs this process may run on; else all of them; else one."""
        if hasattr(os, "sched_getaffinity"):
            assert _pool.usable_cpus() == len(os.sched_getaffinity(0))
            monkeypatch.delattr(os, "sched_getaffinity")
        monkeypatch.setattr(os, "cpu_count", lambda: 3)
        assert _pool.usable_cpus() == 3
        monkeypatch.setattr(os, "cpu_count", lambda: None)
        assert _pool.usable_cpus() == 1


class TestEndings:
    """However a run with workers ends, it ends them all."""

    def test_a_handler_that_raises_raises_in_the_parent(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An exception in a worker is raised again by main, as with one process; no worker is left."""
        Path("a.jsonl").write_bytes(LINE + b"\n")
        monkeypatch.setattr(_pool, "usable_cpus", lambda: 2)
        monkeypatch.setattr(_check_commands, "_nothing", fail)
        processes = started_processes(monkeypatch)
        with pytest.raises(ValueError, match="a bug in a handler"):
            cli("validate", "--jobs", "2", "a.jsonl")
        assert [p.exitcode for p in processes] == [-signal.SIGTERM]

    def test_a_worker_that_cannot_start_is_one_line(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A worker that cannot start (too many processes): one line, exit 2."""

        def refuse(self: BaseProcess) -> None:  # noqa: ARG001 -- start's signature
            raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

        Path("a.jsonl").write_bytes(LINE + b"\n")
        monkeypatch.setattr(_pool, "usable_cpus", lambda: 2)
        monkeypatch.setattr(BaseProcess, "start", refuse)
        assert cli("validate", "--jobs", "2", "a.jsonl") == Result(
            2,
            "",
            "binding-graph: cannot start a worker process:"
            " Resource temporarily unavailable\n",
        )


class TestPool:
    """The pool itself: jobs, answers, deaths and endings."""

    def test_answers_come_back_with_their_keys(self) -> None:
        """Each job's result comes back with the key it was given with."""
        pool: _pool.Pool[str] = _pool.Pool(twice, (1,), 2)
        try:
            first = pool.idle()
            assert first is not None
            pool.give(first, "a", (2,))
            second = pool.idle()
            assert second is not None
            assert second is not first
            pool.give(second, "b", (3,))
            assert pool.idle() is None  # both busy, and no third
            answers: list[tuple[str, int]] = []
            while len(answers) < 2:
                answers += pool.collect()
            assert sorted(answers) == [("a", 6), ("b", 8)]
            assert pool.idle() is first
        finally:
            pool.close(abort=False)
        assert [worker.process.exitcode for worker in (first, second)] == [0, 0]

    def test_a_worker_stuck_in_a_job_is_killed_in_the_end(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A worker that does not end when asked is killed, after GRACE seconds."""
        monkeypatch.setattr(_pool, "GRACE", 0.1)
        pool: _pool.Pool[None] = _pool.Pool(nap, (), 1)
        worker = pool.idle()
        assert worker is not None
        pool.give(worker, None, ())
        pool.close(abort=False)
        assert worker.process.exitcode == -signal.SIGKILL

    def test_a_dead_worker_cannot_be_given_a_job(self) -> None:
        """A job for a worker that was killed: the run ends, and says how the worker ended."""
        pool: _pool.Pool[None] = _pool.Pool(twice, (1,), 1)
        worker = pool.idle()
        assert worker is not None
        worker.process.kill()
        worker.process.join()

        def give() -> None:
            for _ in range(100):  # a socket may take a send or two before it breaks
                pool.give(worker, None, (b"x" * 65536,))
                pool.busy.clear()

        with pytest.raises(RunError) as info:
            give()
        pool.close(abort=True)
        assert str(info.value) == (
            "a worker process ended abruptly (killed by SIGKILL); run again with --jobs 1"
        )

    def test_a_broken_pipe_of_a_live_worker_ends_the_run(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An answer that cannot be read, from a worker still alive: the run ends all the same."""
        monkeypatch.setattr(_pool, "GRACE", 0.01)
        pool: _pool.Pool[None] = _pool.Pool(twice, (1,), 1)
        worker = pool.idle()
        assert worker is not None
        ours, theirs = multiprocessing.Pipe()
        theirs.close()
        real, worker.connection = worker.connection, ours
        pool.busy[ours] = (worker, None)
        with pytest.raises(RunError) as info:
            pool.collect()
        worker.connection = real
        pool.close(abort=True)
        ours.close()
        assert str(info.value) == (
            "a worker process ended abruptly; run again with --jobs 1"
        )

    def test_a_signal_without_a_name_is_given_by_number(self) -> None:
        """A worker killed by a signal Python has no name for: the line gives its number."""
        number = signal.SIGRTMIN + 1
        pool: _pool.Pool[None] = _pool.Pool(die_by, (), 1)
        worker = pool.idle()
        assert worker is not None
        pool.give(worker, None, (number,))
        with pytest.raises(RunError) as info:
            pool.collect()
        pool.close(abort=True)
        assert str(info.value) == (
            f"a worker process ended abruptly (killed by signal {number});"
            " run again with --jobs 1"
        )


class TestServe:
    """What a worker does, run here: answer each job, stop when told or when the parent goes."""

    def test_answers_each_job_and_stops_when_told(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A result, an exception to raise again, then the stop; SIGINT ignored, SIGTERM default."""
        handlers: dict[int, Any] = {}
        monkeypatch.setattr(signal, "signal", handlers.__setitem__)
        parent, child = multiprocessing.Pipe()
        parent.send((2,))
        parent.send(("two",))
        parent.send(None)
        _pool.serve(child, twice, (1,))
        assert parent.recv() == (True, 6)
        done, error = parent.recv()
        assert not done
        assert isinstance(error, TypeError)
        assert handlers == {
            signal.SIGINT: signal.SIG_IGN,
            signal.SIGTERM: signal.SIG_DFL,
        }

    def test_stops_when_the_parent_has_gone(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """No parent at the other end of the pipe: the worker returns."""
        handlers: dict[int, Any] = {}
        monkeypatch.setattr(signal, "signal", handlers.__setitem__)
        parent, child = multiprocessing.Pipe()
        parent.close()
        _pool.serve(child, twice, (1,))
        child.close()
