"""``diff``: the set-up differences of two graphs, or of two files of graphs or cases, record by record.

The records of FIRST and SECOND are read in step (:mod:`binding_graph.cli._pairs`),
graphs as ``validate`` reads them and case lines for their graphs, and each
pair's set-ups are compared by :func:`binding_graph.datasets.diff`: each
element of one that matches nothing of the other is a line,
``FILE:LINE: - equations[1]: total := a - b``, at the file and line where
it is (``-`` for FIRST's, ``+`` for SECOND's). A record that does not read
is told as ``validate`` tells it.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, cast

from binding_graph.cli._options import add_shared
from binding_graph.cli._pairs import Reading, both_opened, tell_end, unpaired
from binding_graph.cli._report import Report

if TYPE_CHECKING:
    import argparse
    from typing import BinaryIO

    from binding_graph.jsonl import LineRecord
    from binding_graph.model import SemanticSymbolicBindingGraph


def diff_options(parser: argparse.ArgumentParser) -> None:
    """Add diff's ``FIRST``, ``SECOND``, ``--format`` and ``--max-bytes`` to *parser*."""
    for name, what in (("first", "the first graphs"), ("second", "the second")):
        parser.add_argument(
            name,
            metavar=name.upper(),
            help=(
                f"{what}: JSON Lines, one document or one case (as import writes"
                " it) a line, or - (standard input)"
            ),
        )
    add_shared(parser, ("format", "max_bytes"))


class _Diff:
    """Tell and count the differences of each pair of records."""

    def __init__(self, report: Report, labels: tuple[str, str]) -> None:
        self.report = report
        self.labels = labels
        self.pairs = self.same = self.differ = self.refused = self.differences = 0

    def pair(self, first: LineRecord, second: LineRecord) -> None:
        """Compare one pair of records: tell each refusal, or each difference of their set-ups."""
        from binding_graph.datasets import diff  # noqa: PLC0415

        self.pairs += 1
        refused = False
        for label, record in zip(self.labels, (first, second), strict=True):
            if record.error is not None:
                error = record.error
                self.report.tell(
                    label, record.line, (error.code, error.path, error.message)
                )
                refused = True
        if refused:
            self.refused += 1
            return
        graphs = (first.graph, second.graph)
        found = diff(*cast("tuple[SemanticSymbolicBindingGraph, ...]", graphs))
        if not found:
            self.same += 1
            return
        self.differ += 1
        self.differences += len(found)
        for difference in found:
            side = 0 if difference.side == "-" else 1
            label, line = self.labels[side], (first, second)[side].line
            self.report.emit(
                f"{label}:{line}: {difference}",
                {"file": label, "line": line, **difference.to_data()},
            )

    def summary(self) -> None:
        """Print the summary: pairs, the same, differing (and by how many differences), refused."""
        noun = "pair" if self.pairs == 1 else "pairs"
        kinds = "difference" if self.differences == 1 else "differences"
        text = (
            f"{self.pairs:,} {noun}: {self.same:,} the same, {self.differ:,} differ"
            f" ({self.differences:,} {kinds}), {self.refused:,} refused"
        )
        data = {
            "pairs": self.pairs,
            "same": self.same,
            "differ": self.differ,
            "differences": self.differences,
            "refused": self.refused,
        }
        self.report.emit(text, {"summary": data})


def _compare(
    run: _Diff, readings: tuple[Reading, Reading], files: list[BinaryIO]
) -> str | None:
    """Compare the records of two files in step; return why the run could not finish, if it could not."""
    records = [r.graphs(f) for r, f in zip(readings, files, strict=True)]
    for pair in zip(*records, strict=False):
        run.pair(*pair)
    # Whichever ended first, the records left of either are counted.
    for reading, left in zip(readings, records, strict=True):
        reading.count_rest(left)
    for reading in readings:
        if reading.why is not None:
            return reading.why
    if readings[0].count != readings[1].count:
        return str(unpaired(*readings))
    return None


def diff_command(args: argparse.Namespace) -> int:
    """Run ``diff``: the differences of each pair of records' set-ups, then a summary; exit 0 when every pair is the same."""
    report = Report(sys.stdout, sys.stderr, as_json=args.format == "json")
    readings = (
        Reading(args.first, args.max_bytes),
        Reading(args.second, args.max_bytes),
    )
    run = _Diff(report, (readings[0].label, readings[1].label))
    with contextlib.ExitStack() as files:
        opened = both_opened(
            "diff", (args.first, args.second), files, ("FIRST", "SECOND")
        )
        if opened is None:
            return 2
        why = _compare(run, readings, opened)
    tell_end(report, readings, why)
    run.summary()
    report.records = run.pairs
    if run.differ or run.refused:
        report.flag()
    return report.status()
