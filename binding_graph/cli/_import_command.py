"""``import``: a benchmark's file as gold cases, one case line a record.

It reads a benchmark's file as its :class:`~binding_graph.datasets.Benchmark`
says (JSON Lines, one JSON array, or one XML document), a record at a time,
in memory bounded by the largest record, turns each record into a
:class:`~binding_graph.datasets.BenchmarkCase` with the benchmark's adapter,
and writes each case to standard output as a case line as soon as it is
made; the report goes to standard error. :mod:`binding_graph.datasets` is imported only when it runs,
so that ``validate`` never pays for it.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from binding_graph.cli._benchmarks import NOT_RECORDS, READERS, OtherBenchmark
from binding_graph.cli._options import add_shared
from binding_graph.cli._pairs import reading, source_of
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import Report, RunError, counted, write_bytes
from binding_graph.cli._scan import Tally
from binding_graph.errors import BindingGraphError, render_path

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import BinaryIO

    from binding_graph.datasets import Benchmark, BenchmarkCase


# -- import ---------------------------------------------------------------------------------


def import_options(parser: argparse.ArgumentParser) -> None:
    """Add import's ``BENCHMARK``, ``FILE``, ``--format`` and ``--max-bytes`` to *parser*.

    The benchmarks, and what their files are, come from
    :data:`~binding_graph.datasets.BENCHMARKS`.
    """
    from binding_graph.datasets import BENCHMARKS  # noqa: PLC0415

    described = [
        f"{name} (FILE is {benchmark.summary})"
        for name, benchmark in BENCHMARKS.items()
    ]
    parser.add_argument(
        "benchmark",
        choices=tuple(BENCHMARKS),
        metavar="BENCHMARK",
        help=f"{', '.join(described[:-1])} or {described[-1]}",
    )
    parser.add_argument(
        "file", metavar="FILE", help="the benchmark's file, or - (standard input)"
    )
    add_shared(parser, ("format", "max_bytes"))


class _Import:
    """Write each record's case, report each refusal, and count them."""

    def __init__(
        self, report: Report, progress: Progress, label: str, max_bytes: int
    ) -> None:
        self.title = ""  # the benchmark's, once read() is given it
        self.report = report
        self.progress = progress
        self.label = label
        self.max_bytes = max_bytes

    def record(self, line: int, build: Callable[[], BenchmarkCase]) -> None:
        """Write the case that *build* returns, or report its refusal, as the record on *line*."""
        from binding_graph.datasets import case_line  # noqa: PLC0415

        try:
            case = build()
        except OtherBenchmark as wrong:
            error = wrong.args[0]
            if not self.report.records:
                # The first record is another benchmark's: the whole file is,
                # and would repeat the same line for every record.
                msg = (
                    f"{self.label}:{line}: not a file of {self.title}:"
                    f" {error.code} at {render_path(error.path)}: {error.message}"
                )
                raise RunError(msg) from None
            self.report.flag()
            self.report.refusal(
                self.label, line, (error.code, error.path, error.message)
            )
            return
        except BindingGraphError as error:
            # A line above --max-bytes, or nested too deep, is refused at ().
            if error.code in NOT_RECORDS or not error.path:
                self.report.flag()
            refusal = (error.code, error.path, error.message)
            self.report.refusal(self.label, line, refusal)
            return
        data = case_line(case)
        if len(data) - 1 > self.max_bytes:
            # What is written must read back: score and load_cases refuse a
            # line above --max-bytes.
            why = (
                f"its case would take {len(data) - 1:,} bytes of UTF-8, more than"
                f" the {self.max_bytes:,} that a reader of cases takes"
                " (--max-bytes): it is not written"
            )
            self.report.refusal(self.label, line, ("limit_exceeded", (), why))
            return
        self.report.accepted()
        self.progress.clear()  # standard output may be its terminal too
        write_bytes(data)

    def read(self, benchmark: Benchmark, file: BinaryIO) -> None:
        """Import each record of *file*, as its benchmark's layout says, a record at a time.

        The progress bar counts the bytes read, of the file's size when it
        is known.
        """
        self.title = benchmark.title
        tally = Tally(file, digest=False)
        read = READERS[benchmark.layout]
        for line, case in read(self.label, benchmark, tally, self.max_bytes):
            self.record(line, case)
            self.progress.advance(tally.take(), 1)

    def summary(self) -> None:
        """Print the summary: records, imported, refused, and refused by code."""
        report = self.report
        by_code, codes = counted(report.by_code)
        imported = report.records - report.refused
        text = (
            f"{report.records:,} {'record' if report.records == 1 else 'records'}:"
            f" {imported:,} imported, {report.refused:,} refused"
            + (f" ({codes})" if codes else "")
        )
        data = {
            "records": report.records,
            "imported": imported,
            "refused": report.refused,
            "by_code": by_code,
        }
        report.emit(text, {"summary": data})


def import_cases(args: argparse.Namespace) -> int:
    """Run ``import``: each record's gold case on standard output, the report on standard error."""
    from binding_graph.datasets import BENCHMARKS  # noqa: PLC0415

    benchmark = BENCHMARKS[args.benchmark]
    source = source_of(args.file)
    err = sys.stderr
    report = Report(err, err, as_json=args.format == "json")
    report.progress = progress = Progress(err, None)
    run = _Import(report, progress, source.label, args.max_bytes)
    try:
        with reading(source) as (file, progress.total):
            run.read(benchmark, file)
        report.closed(source.label)
    except RunError as stop:
        report.error(str(stop))
    progress.clear()
    run.summary()
    return report.status(refusals=False)
