"""canonicalize: rewrite each file in canonical form, or --check that it is, or write standard input's to standard output.

It follows the events of :func:`binding_graph.cli._pool.scan` itself, with
the :class:`~binding_graph.cli._report.Report` every corpus command shares,
and puts each file's canonical form in place with
:mod:`binding_graph.cli._rewrite`.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

from binding_graph.cli._pool import scan
from binding_graph.cli._reading import canonical_record
from binding_graph.cli._records import start
from binding_graph.cli._report import PROGRAM
from binding_graph.cli._rewrite import Canonicalize, Mode
from binding_graph.cli._scan import Failed, Records, Started

if TYPE_CHECKING:
    import argparse


def check_option(parser: argparse.ArgumentParser) -> None:
    """Add canonicalize's own option, ``--check``."""
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing: list the files that would change, and exit 1 if any would",
    )


def canonicalize(args: argparse.Namespace) -> int:
    """Run ``canonicalize``; return its exit status."""
    if "-" in args.paths and len(args.paths) > 1:
        sys.stderr.write(
            f"{PROGRAM}: canonicalize takes '-' alone, without other paths\n"
        )
        return 2
    to_stdout = args.paths == ["-"] and not args.check
    # With '-', standard output carries the canonical form: refusals and
    # errors go to standard error.
    report, progress, sources = start(args, sys.stderr if to_stdout else None)
    mode: Mode = "stdout" if to_stdout else "check" if args.check else "file"
    run = Canonicalize(report, mode)
    events = scan(
        sources,
        canonical_record,
        max_bytes=args.max_bytes,
        jobs=args.jobs,
        digest=True,
        rewrite=mode == "file",
    )
    # However the run ends (an error, Ctrl-C, SIGTERM), the workers end and
    # no temporary file is left.
    with contextlib.closing(events):
        try:
            for event in events:
                if isinstance(event, Started):
                    run.started(event)
                elif isinstance(event, Records):
                    run.records(event)
                    progress.advance(event.size, len(event.outcomes))
                elif isinstance(event, Failed):
                    run.failed(event)
                else:
                    run.ended(event)
        finally:
            run.abandon()
    progress.clear()
    if not to_stdout:
        run.summary()
    return report.status()
