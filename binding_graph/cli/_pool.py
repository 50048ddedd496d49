"""Map a command's function over the records of a corpus, in order: in this process, or several.

With ``--jobs``, batches go to worker processes of a :class:`Pool`. Each
worker has a pipe of its own, and is given a batch only when it has answered
the last one, so that neither side can block on a full pipe. The parent
waits on the pipes of the busy workers and on every worker's process at
once: a worker that dies, even killed outright, is seen at once, and ends
the run with a :class:`~binding_graph.cli._report.RunError` rather than a hang.
Workers start as batches need them, and none outlives the run:
:meth:`Pool.close` ends them all, whatever ended it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections import deque
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from binding_graph.cli._report import RunError
from binding_graph.cli._scan import Batch, Records, outcomes, read_batches

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Iterator
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext
    from multiprocessing.process import BaseProcess

    from binding_graph.cli._scan import Ended, Event, Failed, Handler, Outcome, Started
    from binding_graph.cli._sources import Source


Key = TypeVar("Key")
"""What the caller knows a job by: it comes back with the job's result."""

GRACE: float = 5.0
"""Seconds a worker is given to end, when asked to, before it is killed."""

_STOP: Final = None  # the job that tells a worker to end

_ENDINGS: Final = {signal.SIGINT, signal.SIGTERM}  # the signals that end a run


def worker_context() -> ForkContext | SpawnContext:
    """Return how worker processes start: fork where it is safe, spawn elsewhere."""
    # fork starts a worker in a few milliseconds, where spawn starts an
    # interpreter that imports the package; but fork is safe only in a
    # process with one thread, and on Linux (macOS' system libraries are not
    # fork-safe). The command line has one thread; a threaded caller gets spawn.
    # Imported here, as the wait in Pool.collect: a run with one process
    # should not pay for importing multiprocessing.
    import multiprocessing  # noqa: PLC0415

    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def serve(
    connection: Connection, function: Callable[..., Any], fixed: tuple[Any, ...]
) -> None:
    """Answer each job that comes through *connection*, until told to stop: a worker's life.

    A job is a tuple of arguments; its answer is ``(True, function(*fixed,
    *job))``, or ``(False, exception)`` if the function raised one, for the
    parent to raise again.
    """
    # The parent handles Ctrl-C and SIGTERM, and ends its workers itself: a
    # Ctrl-C at a terminal, which reaches every process of the group, must
    # not print a traceback per worker. A forked worker inherits the
    # parent's handler of SIGTERM, which only the parent may run.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform != "win32":  # pragma: no branch -- Windows masks no signal
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _ENDINGS)
    try:
        while (job := connection.recv()) is not _STOP:
            try:
                answer: tuple[bool, Any] = (True, function(*fixed, *job))
            except Exception as error:  # noqa: BLE001 -- raised again in the parent
                answer = (False, error)
            connection.send(answer)
    except (EOFError, OSError):
        return  # the parent has gone: no one is left to answer


@contextlib.contextmanager
def _endings_held() -> Generator[None, None, None]:
    """Hold Ctrl-C and SIGTERM back from this thread while a worker starts.

    A worker that met one before setting its own handlers would print a
    traceback; a parent that met one after starting a worker, but before
    keeping it, would leave it running. A worker lets them through once
    its handlers are set (:func:`serve`); the parent, once it keeps it.
    """
    if sys.platform == "win32":  # pragma: no cover -- Windows masks no signal
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _ENDINGS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


class _Worker:
    """A worker process, and the parent's end of its pipe."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection

    def death(self) -> RunError:
        """Return the error that ends the run, now that this worker is found dead."""
        self.process.join(GRACE)
        code = self.process.exitcode
        how = (
            ""
            if code is None  # its pipe broke, but it lives on
            else f" (killed by {_signal_name(-code)})"
            if code < 0
            else f" (exit status {code})"
        )
        return RunError(
            f"a worker process ended abruptly{how}; run again with --jobs 1"
        )


class Pool(Generic[Key]):
    """Up to *jobs* worker processes that run ``function(*fixed, *job)`` for each job.

    Args:
        function: What a worker runs: a module-level function, so that it
            can be sent to a spawned worker.
        fixed: The arguments every job starts with, sent once to each worker.
        jobs: The most workers to start.
    """

    def __init__(
        self, function: Callable[..., Any], fixed: tuple[Any, ...], jobs: int
    ) -> None:
        self.function = function
        self.fixed = fixed
        self.jobs = jobs
        self.context = worker_context()
        self.workers: list[_Worker] = []
        self.busy: dict[Connection, tuple[_Worker, Key]] = {}

    def idle(self) -> _Worker | None:
        """Return a worker without a job, started if need be; ``None`` if all *jobs* are busy.

        Raises:
            RunError: if a worker process cannot be started.
        """
        for worker in self.workers:
            if worker.connection not in self.busy:
                return worker
        if len(self.workers) == self.jobs:
            return None
        try:
            with _endings_held():
                ours, theirs = self.context.Pipe()
                process = self.context.Process(
                    target=serve, args=(theirs, self.function, self.fixed), daemon=True
                )
                process.start()
                theirs.close()  # the worker's end, which only the worker should hold
                self.workers.append(_Worker(process, ours))
        except OSError as error:
            msg = f"cannot start a worker process: {error.strerror or error}"
            raise RunError(msg) from None
        return self.workers[-1]

    def give(self, worker: _Worker, key: Key, job: tuple[Any, ...]) -> None:
        """Send *job* to *worker*, an idle one; :meth:`collect` returns its result with *key*.

        Raises:
            RunError: if the worker has died.
        """
        try:
            worker.connection.send(job)
        except OSError:
            broken = True
        else:
            broken = False
        if broken:
            # Raised here, not in the handler: the failed send's frames, and
            # the buffer they export, go with its exception, now.
            raise worker.death()
        self.busy[worker.connection] = (worker, key)

    def collect(self) -> list[tuple[Key, Any]]:
        """Wait until a busy worker answers; return each answer with its job's key.

        Raises:
            RunError: if a worker has died.
            Exception: what a job raised, raised again.
        """
        from multiprocessing.connection import wait  # noqa: PLC0415 -- see worker_context

        ready = wait(
            [*self.busy, *(worker.process.sentinel for worker in self.workers)]
        )
        for worker in self.workers:
            if worker.process.sentinel in ready:
                raise worker.death()
        answers: list[tuple[Key, Any]] = []
        for connection in [
            connection for connection in self.busy if connection in ready
        ]:
            worker, key = self.busy.pop(connection)
            try:
                answer: tuple[bool, Any] | None = worker.connection.recv()
            except (EOFError, OSError):
                answer = None  # raised below, out of the handler, as in give
            if answer is None:
                raise worker.death()
            done, result = answer
            if not done:
                raise result
            answers.append((key, result))
        return answers

    def close(self, *, abort: bool) -> None:
        """End every worker and wait for it: ask each to stop, or with *abort* stop it."""
        for worker in self.workers:
            if abort:
                worker.process.terminate()
            else:
                with contextlib.suppress(OSError):
                    worker.connection.send(_STOP)
        for worker in self.workers:
            worker.process.join(GRACE)
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()
            worker.connection.close()
        self.workers.clear()
        self.busy.clear()


# -- in order ------------------------------------------------------------------


def usable_cpus() -> int:
    """Return how many CPUs this process may run on: the most workers worth starting."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


class _Slot:
    """A batch given to a worker, and its outcomes once known."""

    __slots__ = ("batch", "outcomes")

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.outcomes: list[Outcome] | None = None


class _Window:
    """Events in input order, each waiting for the batches before it to be read."""

    def __init__(self) -> None:
        self.entries: deque[Event | _Slot] = deque()
        self.waiting = 0  # batches among the entries

    def add(self, entry: Event | _Slot) -> None:
        self.entries.append(entry)
        self.waiting += isinstance(entry, _Slot)

    def fill(self, answers: list[tuple[_Slot, list[Outcome]]]) -> None:
        for slot, done in answers:
            slot.outcomes = done

    def ready(self) -> Iterator[Event]:
        """Yield, and let go of, the events at the front that wait for nothing."""
        while self.entries:
            head = self.entries[0]
            if isinstance(head, _Slot):
                if head.outcomes is None:
                    return
                self.waiting -= 1
                yield Records(head.batch.source, head.outcomes, head.batch.size)
            else:
                yield head
            self.entries.popleft()


def _in_workers(
    items: Iterator[Started | Batch | Ended | Failed],
    handler: Handler,
    max_bytes: int,
    every: bool,  # noqa: FBT001 -- as outcomes takes it
    jobs: int,
) -> Generator[Event, None, None]:
    pool: Pool[_Slot] = Pool(outcomes, (handler, max_bytes, every), jobs)
    # A few batches per worker in the window at most: enough to keep each
    # busy, few enough that memory stays bounded however long the corpus.
    window = _Window()
    try:
        for item in items:
            if isinstance(item, Batch):
                while window.waiting >= 4 * jobs or (worker := pool.idle()) is None:
                    window.fill(pool.collect())
                    yield from window.ready()
                slot = _Slot(item)
                pool.give(worker, slot, (item.source.whole, item.lines))
                window.add(slot)
            else:
                window.add(item)
            yield from window.ready()
        while window.entries:
            window.fill(pool.collect())
            yield from window.ready()
    except BaseException:
        # An error, Ctrl-C, SIGTERM, or a consumer that stopped early.
        pool.close(abort=True)
        raise
    pool.close(abort=False)


def scan(
    sources: Iterable[Source],
    handler: Handler,
    *,
    max_bytes: int,
    jobs: int = 1,
    digest: bool = False,
    rewrite: bool = False,
    every: bool = False,
) -> Generator[Event, None, None]:
    """Yield the events of reading *sources*, with *handler* applied to each graph and its case.

    Events come in input order, whatever *jobs* is: the output of a command
    is the same with one process or several. No more processes start than
    there are CPUs to run them (:func:`usable_cpus`), nor than there are
    batches to read at once. *digest* and *rewrite* are those of
    :func:`read_batches`; *every* that of :func:`outcomes`.
    """
    items = read_batches(sources, max_bytes, digest=digest, rewrite=rewrite)
    jobs = min(jobs, usable_cpus())
    if jobs > 1:
        yield from _in_workers(items, handler, max_bytes, every, jobs)
        return
    for item in items:
        if isinstance(item, Batch):
            done = outcomes(handler, max_bytes, every, item.source.whole, item.lines)
            yield Records(item.source, done, item.size)
        else:
            yield item
