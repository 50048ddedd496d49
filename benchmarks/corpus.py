"""The corpus workload: reading many small documents as JSON Lines, in one process or two.

A corpus of N small graph documents (3 to 6 symbols each, as a word problem
has), one canonical document a line, is read

- by ``binding_graph.load_lines`` streaming from a file, against a bare loop
  of ``binding_graph.loads`` over the same lines, already split in memory:
  graphs per second and peak memory;
- by ``binding-graph validate`` in-process, with ``--jobs 1`` and
  ``--jobs 2``: records per second, and the ratio between the two.

Timings are never asserted: this reports what a machine did.
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING

import competitors as comp
import workload

import binding_graph
from binding_graph.cli import main as cli_main

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["corpus_lines", "run_corpus"]


def corpus_lines(records: int) -> list[bytes]:
    """Return *records* distinct small graph documents, canonical, one a line."""
    lines = []
    for index in range(records):
        data = workload.primitive_graph(3 + index % 4, seed=index)
        graph = comp.build_graph(binding_graph, data)
        lines.append(binding_graph.canonical_bytes(graph))
    return lines


def _cpu() -> float:
    """Return the CPU seconds of this process and of its children that have ended."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _interleaved(
    calls: dict[str, Callable[[], object]], repeats: int
) -> dict[str, tuple[float, float]]:
    """Return the median wall and CPU seconds of each call, run in turn, after a warm-up."""
    names = list(calls)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for name in names:
        calls[name]()
    for r in range(repeats):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            gc.collect()
            start, start_cpu = time.perf_counter(), _cpu()
            calls[name]()
            seconds[name].append(time.perf_counter() - start)
            cpu[name].append(_cpu() - start_cpu)
    return {
        name: (statistics.median(seconds[name]), statistics.median(cpu[name]))
        for name in names
    }


def _peak(call: Callable[[], object]) -> float:
    """Return the peak memory *call* allocates, in MiB, as tracemalloc sees it."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def _validate(path: str, jobs: int) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        status = cli_main(["validate", "--jobs", str(jobs), path])
    assert status == 0, status  # noqa: S101 -- a benchmark of a valid corpus


def run_corpus(records: int, repeats: int) -> str:
    """Run the corpus workload on *records* documents; return its report as markdown."""
    lines = corpus_lines(records)
    data = b"".join(line + b"\n" for line in lines)
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory, "corpus.jsonl"))
        Path(path).write_bytes(data)

        def bare() -> None:
            for line in lines:
                binding_graph.loads(line)

        def streaming() -> None:
            with Path(path).open("rb") as corpus:
                for _ in binding_graph.load_lines(corpus):
                    pass

        def bare_from_file() -> None:
            with Path(path).open("rb") as corpus:
                for line in corpus.read().split(b"\n"):
                    if line:
                        binding_graph.loads(line)

        reading = _interleaved({"bare": bare, "streaming": streaming}, repeats)
        jobs = _interleaved(
            {
                "validate --jobs 1": lambda: _validate(path, 1),
                "validate --jobs 2": lambda: _validate(path, 2),
            },
            repeats,
        )
        peaks = {"streaming": _peak(streaming), "bare": _peak(bare_from_file)}
    return _report(records, len(data), reading, jobs, peaks)


def _rate(records: int, seconds: float) -> str:
    return f"{records / seconds:,.0f}"


def _report(
    records: int,
    size: int,
    reading: dict[str, tuple[float, float]],
    jobs: dict[str, tuple[float, float]],
    peaks: dict[str, float],
) -> str:
    bare = reading["bare"][0]
    rows = [
        ("bare loop of `loads` over the lines, split in memory", reading["bare"]),
        ("`load_lines` streaming from the file", reading["streaming"]),
        ("`binding-graph validate --jobs 1` (in-process)", jobs["validate --jobs 1"]),
        ("`binding-graph validate --jobs 2` (in-process)", jobs["validate --jobs 2"]),
    ]
    table = [
        "| reader | time | CPU time | graphs per second | over the bare loop |",
        "| --- | --- | --- | --- | --- |",
        *(
            f"| {label} | {wall * 1e3:.0f} ms | {cpu * 1e3:.0f} ms"
            f" | {_rate(records, wall)} | {bare / wall:.2f}x |"
            for label, (wall, cpu) in rows
        ),
    ]
    one, two = jobs["validate --jobs 1"][0], jobs["validate --jobs 2"][0]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return "\n".join(
        [
            (
                f"{records:,} documents of 3 to 6 symbols, {size / 2**20:.1f} MiB of"
                f" JSON Lines ({size / records:,.0f} bytes a line on average)."
                " Medians; calls interleaved; CPU time counts the worker processes too."
            ),
            "",
            *table,
            "",
            (
                f"`--jobs 2` over `--jobs 1`: {one / two:.2f}x the records per second"
                f" ({os.cpu_count()} CPUs; load average {load[0]:.2f} after the run)."
            ),
            "",
            (
                f"Peak memory (tracemalloc): streaming {peaks['streaming']:.1f} MiB;"
                f" reading the file whole, then a bare loop: {peaks['bare']:.1f} MiB."
            ),
        ]
    )


if __name__ == "__main__":
    print(run_corpus(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000, 5))
