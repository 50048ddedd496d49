"""``vote``: the set-up most of a model's samples share, problem by problem, over several files of one problem set.

Each FILE holds one sample of each problem, a record a line, as ``diff``
reads them (:mod:`binding_graph.cli._pairs`); the files are read in step,
and the records of one place, one from each file, are the samples of one
problem, voted on by :func:`binding_graph.datasets.vote`. Standard output
gets a line a problem: the winning graph, in canonical form, or a refusal
record where no sample answers; standard error, what kept a problem from a
winner and a summary.
"""

from __future__ import annotations

import contextlib
import sys
from collections import Counter
from typing import TYPE_CHECKING

from binding_graph.cli._options import add_shared
from binding_graph.cli._pairs import Reading, all_opened, tell_end
from binding_graph.cli._report import (
    PROGRAM,
    Report,
    counted,
    write,
    write_bytes,
)
from binding_graph.errors import BindingGraphError
from binding_graph.jsonl import refusal_line
from binding_graph.serialization import canonical_bytes

if TYPE_CHECKING:
    import argparse
    from typing import BinaryIO

    from binding_graph.datasets import Vote
    from binding_graph.jsonl import LineRecord


def vote_options(parser: argparse.ArgumentParser) -> None:
    """Add vote's ``FILE FILE...``, ``--format`` and ``--max-bytes`` to *parser*."""
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=(
            "one sample of each problem: JSON Lines, one document, refusal record"
            " or case a line, in the order of the problems; one of them may be -"
            " (standard input)"
        ),
    )
    add_shared(parser, ("format", "max_bytes"))


class _Votes:
    """Vote on each problem, write its line, and count what the votes were."""

    def __init__(self, report: Report, labels: list[str]) -> None:
        self.report = report
        self.labels = labels
        self.problems = self.unanimous = self.split = self.tied = 0
        self.refused = self.mixed = 0
        self.shares: Counter[int] = Counter()

    def problem(self, records: tuple[LineRecord, ...]) -> None:
        """Vote on the samples of one problem, and write the winner, or the refusals."""
        from binding_graph.datasets import vote  # noqa: PLC0415

        self.problems += 1
        try:
            found = vote(records)
        except BindingGraphError as error:  # samples of different problems
            self.mixed += 1
            index = error.path[1]
            assert type(index) is int  # noqa: S101 -- vote's path names the sample
            self.report.tell(
                self.labels[index],
                records[index].line,
                (error.code, error.path[2:], error.message),
            )
            write_bytes(refusal_line(None, [error]))
            return
        self._count(found)
        winner = found.winner
        if winner is None:
            self._refused(found, records)
            return
        write_bytes(canonical_bytes(winner.graph) + b"\n")

    def _count(self, found: Vote) -> None:
        self.shares[0 if found.winner is None else found.winner.votes] += 1
        if found.unanimous:
            self.unanimous += 1
        elif found.winner is not None:
            self.split += 1
            self.tied += found.tied

    def _refused(self, found: Vote, records: tuple[LineRecord, ...]) -> None:
        """Tell a problem every sample of which is refused, and write their refusals, in the order of the files."""
        self.refused += 1
        errors = [error for _, error in found.refused]
        by_code, codes = counted(Counter(error.code for error in errors))
        label, line = self.labels[0], records[0].line
        self.report.emit(
            f"{label}:{line}: every sample refused: {codes}",
            {"file": label, "line": line, "refused": by_code},
        )
        write_bytes(refusal_line(None, errors))

    def summary(self, samples: int) -> None:
        """Tell the summary: problems, unanimous, split (and tied), refused, of different problems, and the winners' votes."""
        noun = "problem" if self.problems == 1 else "problems"
        each = "sample" if samples == 1 else "samples"
        mixed = f", {self.mixed:,} of different problems" if self.mixed else ""
        votes = ", ".join(
            f"{votes} of {samples}: {count:,}"
            for votes, count in sorted(self.shares.items(), reverse=True)
        )
        text = (
            f"{self.problems:,} {noun} of {samples} {each}: {self.unanimous:,}"
            f" unanimous, {self.split:,} split ({self.tied:,} tied),"
            f" {self.refused:,} refused{mixed}"
            + (f"; by the winner's votes: {votes}" if votes else "")
        )
        data = {
            "problems": self.problems,
            "samples": samples,
            "unanimous": self.unanimous,
            "split": self.split,
            "tied": self.tied,
            "refused": self.refused,
            "mixed": self.mixed,
            "votes": {
                str(votes): count
                for votes, count in sorted(self.shares.items(), reverse=True)
            },
        }
        self.report.emit(text, {"summary": data})


def _opened(paths: list[str], files: contextlib.ExitStack) -> list[BinaryIO] | None:
    """Return the files *paths* name, opened, closed with *files*; ``None``, once each is told of, if any cannot be."""
    if paths.count("-") > 1:
        say = "vote reads standard input once: only one FILE may be '-'"
        write(sys.stderr, f"{PROGRAM}: {say}\n")
        return None
    return all_opened(paths, files)


def _unpaired(readings: list[Reading]) -> str:
    """Return why files read in step do not pair: how many records each holds."""
    first, *rest = readings
    records = "record" if first.count == 1 else "records"
    others = [f"{reading.label} {reading.count:,}" for reading in rest]
    listed = (
        f"{', '.join(others[:-1])} and {others[-1]}" if len(others) > 1 else others[0]
    )
    return (
        f"{first.label} holds {first.count:,} {records}"
        f"{',' if len(others) > 1 else ' and'} {listed}: the files must pair one to"
        " one"
    )


def _read(run: _Votes, readings: list[Reading], files: list[BinaryIO]) -> str | None:
    """Vote on the records of the files, read in step; return why the run could not finish, if it could not."""
    records = [r.graphs(f) for r, f in zip(readings, files, strict=True)]
    for samples in zip(*records, strict=False):
        run.problem(samples)
    # Whichever ended first, the records left of each are counted.
    for reading, left in zip(readings, records, strict=True):
        reading.count_rest(left)
    for reading in readings:
        if reading.why is not None:
            return reading.why
    if len({reading.count for reading in readings}) > 1:
        return _unpaired(readings)
    return None


def vote_command(args: argparse.Namespace) -> int:
    """Run ``vote``: the winning set-up of each problem on standard output, the report on standard error."""
    err = sys.stderr
    report = Report(err, err, as_json=args.format == "json")
    paths: list[str] = args.files
    readings = [Reading(path, args.max_bytes) for path in paths]
    run = _Votes(report, [reading.label for reading in readings])
    with contextlib.ExitStack() as stack:
        files = _opened(paths, stack)
        if files is None:
            return 2
        why = _read(run, readings, files)
    tell_end(report, readings, why)
    run.summary(len(paths))
    report.records = run.problems
    if run.refused or run.mixed:
        report.flag()
    return report.status()
