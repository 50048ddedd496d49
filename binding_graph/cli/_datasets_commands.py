"""The commands over :mod:`binding_graph.datasets`: ``import`` a benchmark as gold cases, ``score`` a parser's graphs.

``import`` reads GSM8K (JSON Lines, streamed a line at a time) or SVAMP (one
JSON array, read whole within ``--max-bytes``), turns each record into a
:class:`~binding_graph.datasets.BenchmarkCase` with the adapter of its
benchmark, and writes the cases to standard output as case lines; the
report goes to standard error. ``score`` pairs a corpus of predicted graphs
with a file of gold cases, streaming both, and prints
:func:`binding_graph.datasets.score`'s figures. :mod:`binding_graph.datasets`
is imported only when one of them runs, so that ``validate`` never pays for
it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from functools import partial
from typing import TYPE_CHECKING, cast

from binding_graph.cli._benchmarks import NOT_RECORDS, WHOLE, line_case
from binding_graph.cli._options import add_shared, count
from binding_graph.cli._report import (
    PROGRAM,
    Progress,
    Report,
    RunError,
    counted,
    write,
    write_bytes,
)
from binding_graph.cli._scan import STDIN_LABEL, Source, open_source, read_whole
from binding_graph.cli._solve_command import fraction_text
from binding_graph.documents import is_blank, split_lines
from binding_graph.errors import BindingGraphError, render_path, too_large
from binding_graph.jsonl import LineRecord, load_line

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterator
    from fractions import Fraction
    from typing import BinaryIO

    from binding_graph.datasets import Benchmark, BenchmarkCase, Score, WrongCase


def _source(path: str) -> Source:
    return Source(STDIN_LABEL, None) if path == "-" else Source(path, path)


def _opened(source: Source) -> BinaryIO:
    try:
        file, _ = open_source(source)
    except OSError as error:
        raise RunError(f"{source.label}: {error.strerror or error}") from None
    return file


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
        self.report = report
        self.progress = progress
        self.label = label
        self.max_bytes = max_bytes
        self.imported = 0
        self.unreadable = 0  # records that are not the benchmark's at all

    def record(self, line: int, build: Callable[[], BenchmarkCase]) -> None:
        """Write the case that *build* returns, or report its refusal, as the record on *line*."""
        from binding_graph.datasets import case_line  # noqa: PLC0415

        try:
            case = build()
        except BindingGraphError as error:
            # A line above --max-bytes, or nested too deep, is refused at ().
            if error.code in NOT_RECORDS or not error.path:
                self.unreadable += 1
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
        self.imported += 1
        self.progress.clear()  # standard output may be its terminal too
        write_bytes(data)

    def lines(self, benchmark: Benchmark, file: BinaryIO) -> None:
        """Import each line of a file of JSON Lines, in bounded memory; blank lines are skipped."""
        max_bytes = self.max_bytes
        for number, line in split_lines(file, max_bytes):
            if line is None or not is_blank(line, max_bytes):
                case = partial(line_case, benchmark, line, number, max_bytes)
                self.record(number, case)
                self.progress.advance(0, 1)

    def whole(self, benchmark: Benchmark, file: BinaryIO) -> None:
        """Import each record of a file read whole within ``--max-bytes``: one JSON array, or one XML document."""
        what, records = WHOLE[benchmark.layout]
        data = read_whole(file, self.max_bytes)
        if data is None:
            msg = (
                f"{self.label}: {benchmark.title} is {what}, and it takes"
                f" more than {self.max_bytes:,} bytes (--max-bytes)"
            )
            raise RunError(msg)
        for line, record in records(self.label, benchmark.title, data):
            self.record(line, partial(benchmark.case, record, line))
            self.progress.advance(0, 1)

    def summary(self) -> None:
        """Print the summary: records, imported, refused, and refused by code."""
        report = self.report
        by_code, codes = counted(report.by_code)
        text = (
            f"{report.records:,} {'record' if report.records == 1 else 'records'}:"
            f" {self.imported:,} imported, {report.refused:,} refused"
            + (f" ({codes})" if codes else "")
        )
        data = {
            "records": report.records,
            "imported": self.imported,
            "refused": report.refused,
            "by_code": by_code,
        }
        report.emit(text, {"summary": data})


def import_cases(args: argparse.Namespace) -> int:
    """Run ``import``: each record's gold case on standard output, the report on standard error."""
    from binding_graph.datasets import BENCHMARKS  # noqa: PLC0415

    benchmark = BENCHMARKS[args.benchmark]
    source = _source(args.file)
    err = sys.stderr
    report = Report(err, err, as_json=args.format == "json")
    report.progress = progress = Progress(err, None)
    run = _Import(report, progress, source.label, args.max_bytes)
    try:
        file = _opened(source)
        try:
            read = run.lines if benchmark.layout == "lines" else run.whole
            read(benchmark, file)
        except OSError as error:
            raise RunError(f"{source.label}: {error.strerror or error}") from None
        finally:
            if source.path is not None:
                file.close()
    except RunError as stop:
        report.error(str(stop))
    progress.clear()
    run.summary()
    if report.errors:
        return 2
    return 1 if run.unreadable else 0


# -- score ----------------------------------------------------------------------------------


def score_options(parser: argparse.ArgumentParser) -> None:
    """Add score's ``PREDICTED``, ``GOLD``, ``--keep``, ``--format`` and ``--max-bytes`` to *parser*."""
    parser.add_argument(
        "predicted",
        metavar="PREDICTED",
        help=(
            "a parser's graphs: JSON Lines, one document a line (or one case, as"
            " import writes it: its graph is scored), or - (standard input)"
        ),
    )
    parser.add_argument(
        "gold",
        metavar="GOLD",
        help="the gold cases, as import writes them, or - (standard input)",
    )
    parser.add_argument(
        "--keep",
        type=count,
        default=100,
        metavar="N",
        help="list at most the first N wrong cases (default 100)",
    )
    add_shared(parser, ("format", "max_bytes"))


class _Reading:
    """The records of one file, ended at the first that cannot be read; :attr:`why` says why."""

    def __init__(self, path: str, max_bytes: int) -> None:
        self.label = _source(path).label
        self.max_bytes = max_bytes
        self.count = 0
        self.why: str | None = None

    def _graph(self, number: int, line: bytes | None) -> LineRecord | None:
        """Return the record of a line of graphs, as validate reads it; a case line gives its graph."""
        from binding_graph.datasets import load_cases  # noqa: PLC0415

        if line is None:
            return LineRecord(number, error=too_large(self.max_bytes))
        record = load_line(line, number, max_bytes=self.max_bytes)
        if record is None or record.error is None:
            return record
        (read,) = load_cases([line], max_bytes=self.max_bytes)
        if read.case is not None:
            return LineRecord(number, read.case.graph)
        error = cast("BindingGraphError", read.error)
        # A case line whose graph is refused: the refusal of its graph.
        return (
            LineRecord(number, error=error) if error.path[:1] == ("graph",) else record
        )

    def graphs(self, file: BinaryIO) -> Iterator[LineRecord]:
        """Yield the record of each line of *file* that is not blank, until it cannot be read."""
        try:
            for number, line in split_lines(file, self.max_bytes):
                record = self._graph(number, line)
                if record is not None:
                    self.count += 1
                    yield record
        except OSError as error:
            self.why = f"{self.label}: {error.strerror or error}"

    def cases(self, file: BinaryIO) -> Iterator[BenchmarkCase]:
        """Yield the case of each line of *file*, until one is not a case or the file cannot be read."""
        from binding_graph.datasets import load_cases  # noqa: PLC0415

        try:
            for record in load_cases(file, max_bytes=self.max_bytes):
                error = record.error
                if error is not None:
                    where = f"{self.label}:{record.line}: {error.code} at"
                    self.why = f"{where} {render_path(error.path)}: {error.message}"
                    return
                self.count += 1
                yield cast("BenchmarkCase", record.case)
        except OSError as error:
            self.why = f"{self.label}: {error.strerror or error}"


def _percent(value: Fraction) -> str:
    hundredths = round(value * 10000)
    return f"{hundredths // 100}.{hundredths % 100:02}% ({fraction_text(value)})"


def _by_code(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    _, codes = counted(counts)
    return f"{total:,}" + (f" ({codes})" if codes else "")


def _values(values: tuple[Fraction, ...]) -> str:
    return ", ".join(fraction_text(value) for value in values) or "no answer"


def _shares(score: Score, kind: str, single: str) -> list[str]:
    """Return the rows of precision and recall of one kind of element of the set-ups: facts, equations, questions."""
    matched: int = getattr(score, f"{kind}_matched")
    predicted: int = getattr(score, f"{kind}_predicted")
    gold: int = getattr(score, f"{kind}_gold")
    precision: Fraction = getattr(score, f"{single}_precision")
    recall: Fraction = getattr(score, f"{single}_recall")
    return [
        (
            f"{single + ' precision:':<19}{_percent(precision)}:"
            f" {matched:,} of {predicted:,} predicted {kind} match"
        ),
        (
            f"{single + ' recall:':<19}{_percent(recall)}:"
            f" {matched:,} of {gold:,} gold {kind} matched"
        ),
    ]


def _table(score: Score) -> str:
    refused = dict(score.refused)
    unsolvable = dict(score.unsolvable)
    wrong = (
        score.total - score.correct - sum(refused.values()) - sum(unsolvable.values())
    )
    rows = [
        f"cases:             {score.total:,}",
        f"correct:           {score.correct:,}",
        f"accuracy:          {_percent(score.accuracy)}",
        f"refused:           {_by_code(refused)}",
        f"unsolvable:        {_by_code(unsolvable)}",
        f"wrong answers:     {wrong:,}",
        *_shares(score, "facts", "fact"),
        *_shares(score, "equations", "equation"),
        *_shares(score, "questions", "question"),
        f"set-ups right:     {score.setups_right:,} of {score.total:,}",
    ]
    if score.unanswerable or score.refusals_right:
        rows += [
            f"unanswerable:      {score.unanswerable:,}, {score.refusals_right:,} refused",
            f"refusal precision: {_percent(score.refusal_precision)}",
            f"refusal recall:    {_percent(score.refusal_recall)}",
        ]
    for name, (cases, right) in score.by_perturbation.items():
        rows.append(f"  {name}: {right:,} of {cases:,} right")
    if score.wrong_total:
        shown = len(score.wrong)
        rows.append(
            f"wrong cases:       {score.wrong_total:,}"
            + (f", the first {shown:,} listed" if shown < score.wrong_total else "")
        )
    rows += [_wrong_case(case) for case in score.wrong]
    return "\n".join(rows) + "\n"


def _wrong_case(case: WrongCase) -> str:
    """Return the row of one wrong case: why, and the first gold step its graph lacks or gets wrong."""
    head = f"  case {case.index + 1:,} ({case.source_id}): "
    if case.why == "wrong_answer":
        expected = fraction_text(cast("Fraction", case.expected))
        told = f"wrong answer: expected {expected}, got {_values(case.got or ())}"
    elif case.why == "answered":
        told = f"answered {_values(case.got or ())}, where a refusal is expected"
    else:
        told = f"{case.why}: {case.code}"
    if case.step is not None:
        told += f"; first wrong step: equations[{case.step}] {case.step_equation}"
    return head + told


def _pair(args: argparse.Namespace, predicted: BinaryIO, gold: BinaryIO) -> Score:
    """Score the graphs of *predicted* against the cases of *gold*; a :class:`RunError` if they cannot be.

    A file that cannot be read, or a line of *gold* that is not a case, ends
    its records early: :func:`~binding_graph.datasets.score` then finds the
    two of different lengths, and what ended them is told instead.
    """
    from binding_graph.datasets import score  # noqa: PLC0415

    graphs = _Reading(args.predicted, args.max_bytes)
    cases = _Reading(args.gold, args.max_bytes)
    try:
        result = score(graphs.graphs(predicted), cases.cases(gold), keep=args.keep)
    except BindingGraphError:  # they are not of one length
        result = None
    for reading in (graphs, cases):
        if reading.why is not None:
            raise RunError(reading.why)
    if result is None:
        # Read in step: the shorter has one record fewer.
        short, other = (
            (graphs, cases) if graphs.count < cases.count else (cases, graphs)
        )
        records = "record" if short.count == 1 else "records"
        msg = (
            f"{short.label} ends after {short.count:,} {records}, before"
            f" {other.label} does: the two must pair one to one"
        )
        raise RunError(msg)
    return result


def score_command(args: argparse.Namespace) -> int:
    """Run ``score``: PREDICTED's graphs against GOLD's cases, as a table or one JSON object."""
    if args.predicted == "-" and args.gold == "-":
        msg = "score reads standard input once: PREDICTED and GOLD cannot both be '-'"
        write(sys.stderr, f"{PROGRAM}: {msg}\n")
        return 2
    with contextlib.ExitStack() as files:
        opened: list[BinaryIO] = []
        failed = False
        for path in (args.predicted, args.gold):
            source = _source(path)
            try:
                file = _opened(source)
            except RunError as error:  # said now, so that both files are told of
                write(sys.stderr, f"{PROGRAM}: {error}\n")
                failed = True
                continue
            if source.path is not None:
                files.enter_context(file)
            opened.append(file)
        if failed:
            return 2
        result = _pair(args, *opened)  # a RunError is one line, and exit status 2
    if args.format == "json":
        write(sys.stdout, json.dumps(result.to_data()) + "\n")
    else:
        write(sys.stdout, _table(result))
    return 0
