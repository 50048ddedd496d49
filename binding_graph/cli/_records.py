"""Run a command over the records of a corpus: its report, its progress bar, its sources, its events.

A command that looks at each record on its own (``validate``, ``hash``,
``analyze``, ``solve``) is a function of a graph, which :func:`each_record` maps over
the corpus, reporting the refusals, printing the summary and returning the
exit status; a command with other needs (``canonicalize``) starts with
:func:`start` and follows the events of :func:`binding_graph.cli._pool.scan`
itself.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any, TextIO

from binding_graph.cli._pool import scan
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import Report
from binding_graph.cli._scan import Ended, Records, Started
from binding_graph.cli._sources import Source, find_sources

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from binding_graph.cli._scan import Handler, Refusal


def start(
    args: argparse.Namespace, out: TextIO | None = None
) -> tuple[Report, Progress, list[Source]]:
    """Make the run's report and progress bar, and find its sources.

    Args:
        args: The parsed corpus options: ``paths`` and ``format``.
        out: Where results go; standard output by default.
    """
    err = sys.stderr
    report = Report(out or sys.stdout, err, as_json=args.format == "json")
    sources = find_sources(args.paths, report.error, report.empty)
    known = [source.size for source in sources if source.path is not None]
    total = sum(known) if len(known) == len(sources) else None
    report.progress = Progress(err, total)
    return report, report.progress, sources


def each_record(
    args: argparse.Namespace,
    handler: Handler,
    accepted: Callable[[Report, str, int, Any, str | None], None] | None = None,
    summary: Callable[[], tuple[dict[str, Any], str]] | None = None,
    *,
    every: bool = False,
) -> int:
    """Run a command that looks at each record on its own; return its exit status.

    Every refused record is reported (``FILE:LINE: CODE at WHERE: MESSAGE``)
    and counted, errors about the run and each input that holds no record
    go to standard error, the summary is printed, and the exit status
    follows (:meth:`Report.status`).

    Args:
        args: The parsed corpus options: ``paths``, ``format``,
            ``max_bytes``, ``jobs``.
        handler: Applied to each accepted graph and its case (``None``
            for a graph document), in a worker process with ``--jobs``: a
            module-level function, so that it can be sent there, whose
            result can be pickled.
        accepted: Given the report, the file's label, the line, what
            *handler* returned and the source id of the record's case
            (``None`` for a graph document), in input order: prints it
            with :meth:`Report.emit`, and calls :meth:`Report.flag` for
            what should make the exit status 1.
        summary: Returns the command's own figures for the summary: a
            ``dict`` for ``--format json`` and a text to append.
        every: Report every refusal of a refused record, not only its first.
    """
    report, progress, sources = start(args)
    report.every = every
    events = scan(
        sources, handler, max_bytes=args.max_bytes, jobs=args.jobs, every=every
    )
    with contextlib.closing(events):  # the workers end with the run, however it ends
        for event in events:
            if isinstance(event, Records):
                label = event.source.label
                for number, refusal, value, case in event.outcomes:
                    if refusal is not None:
                        found: tuple[tuple[Refusal, ...], int] = (
                            value if every else ((refusal,), 0)
                        )
                        report.refused_with(label, number, *found, case=case)
                        continue
                    report.accepted()
                    if accepted is not None:
                        accepted(report, label, number, value, case)
                progress.advance(event.size, len(event.outcomes))
            elif isinstance(event, Started):
                report.opened()
            elif isinstance(event, Ended):
                report.closed(event.source.label)
            else:
                report.error(event.message)
    extra, text = summary() if summary is not None else ({}, "")
    report.summary(extra, text)
    return report.status()
