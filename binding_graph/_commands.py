"""The subcommands of ``binding-graph``: one entry each in :data:`COMMANDS`.

A corpus command that looks at each record on its own (``validate``,
``hash``) is a function of a graph, run by :func:`each_record`, which reports
refusals, prints the summary and sets the exit status; a command with other
needs (``canonicalize``) follows the events of
:func:`binding_graph._pool.scan` itself, with the same
:class:`~binding_graph._report.Report`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

import attrs

from binding_graph._corpus import (
    STDIN_LABEL,
    Failed,
    Records,
    Source,
    Started,
    find_sources,
    outcomes,
    read_record,
)
from binding_graph._pool import scan
from binding_graph._report import PROGRAM, Progress, Report, write, write_bytes
from binding_graph._rewrite import Canonicalize, Mode
from binding_graph.errors import render_path
from binding_graph.serialization import (
    DEFAULT_MAX_BYTES,
    canonical_bytes,
    content_hash,
    json_schema,
)

if TYPE_CHECKING:
    from binding_graph._corpus import Outcome
    from binding_graph.analysis import Finding
    from binding_graph.model import SemanticSymbolicBindingGraph


@attrs.frozen
class Command:
    """A subcommand of ``binding-graph``: one entry of :data:`COMMANDS`.

    Args:
        name: What follows ``binding-graph`` on the command line.
        summary: One line, in the list of commands.
        description: A paragraph, atop the command's ``--help``.
        examples: ``(command line, what it does)`` pairs, shown in ``--help``.
        run: Do the job, given the parsed arguments; return the exit status.
        options: Add the command's own arguments to its parser.
        corpus: Whether it takes ``PATH...`` and the options of every corpus
            command: ``--format``, ``--max-bytes`` and ``--jobs``.
    """

    name: str
    summary: str
    description: str
    examples: tuple[tuple[str, str], ...]
    run: Callable[[argparse.Namespace], int]
    options: Callable[[argparse.ArgumentParser], None] | None = None
    corpus: bool = True


# -- what the corpus commands share -----------------------------------------------


def count(text: str) -> int:
    """Read a count of the command line (``--jobs``, ``--max-bytes``): a whole number above 0.

    Raises:
        argparse.ArgumentTypeError: if *text* is not one.
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        msg = f"must be a whole number above 0 (got {text!r})"
        raise argparse.ArgumentTypeError(msg)
    return value


def _start(
    args: argparse.Namespace, out: TextIO | None = None
) -> tuple[Report, Progress, list[Source]]:
    """Make the run's report and progress bar, and find its sources."""
    err = sys.stderr
    report = Report(out or sys.stdout, err, as_json=args.format == "json")
    sources = find_sources(args.paths, report.error)
    known = [source.size for source in sources if source.path is not None]
    total = sum(known) if len(known) == len(sources) else None
    report.progress = Progress(err, total)
    return report, report.progress, sources


def each_record(
    args: argparse.Namespace,
    handler: Callable[[SemanticSymbolicBindingGraph], object],
    accepted: Callable[[Report, str, int, Any], None] | None = None,
    summary: Callable[[], tuple[dict[str, Any], str]] | None = None,
) -> int:
    """Run a command that looks at each record on its own; return its exit status.

    Every refused record is reported (``FILE:LINE: CODE at WHERE: MESSAGE``)
    and counted, errors about the run go to standard error, the summary is
    printed, and the exit status follows (:meth:`Report.status`).

    Args:
        args: The parsed corpus options: ``paths``, ``format``,
            ``max_bytes``, ``jobs``.
        handler: Applied to each accepted graph, in a worker process with
            ``--jobs``: a module-level function, so that it can be sent
            there, whose result can be pickled.
        accepted: Given the report, the file's label, the line and what
            *handler* returned, in input order: prints it with
            :meth:`Report.emit`, and calls :meth:`Report.flag` for what
            should make the exit status 1.
        summary: Returns the command's own figures for the summary: a
            ``dict`` for ``--format json`` and a text to append.
    """
    report, progress, sources = _start(args)
    events = scan(sources, handler, max_bytes=args.max_bytes, jobs=args.jobs)
    with contextlib.closing(events):  # the workers end with the run, however it ends
        for event in events:
            if isinstance(event, Records):
                label = event.source.label
                for number, refusal, value in event.outcomes:
                    if refusal is not None:
                        report.refusal(label, number, refusal)
                        continue
                    report.accepted()
                    if accepted is not None:
                        accepted(report, label, number, value)
                progress.advance(event.size, len(event.outcomes))
            elif isinstance(event, Failed):
                report.error(event.message)
    extra, text = summary() if summary is not None else ({}, "")
    report.summary(extra, text)
    return report.status()


# -- validate, hash --------------------------------------------------------------------


def _nothing(graph: SemanticSymbolicBindingGraph) -> None:
    """Keep nothing of an accepted graph: validate only counts it."""


def _validate(args: argparse.Namespace) -> int:
    return each_record(args, _nothing)


def _print_hash(report: Report, label: str, line: int, value: str) -> None:
    report.emit(f"{value} {label}:{line}", {"file": label, "line": line, "hash": value})


def _hash(args: argparse.Namespace) -> int:
    return each_record(args, content_hash, _print_hash)


# -- canonicalize ------------------------------------------------------------------------


def _check_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing: list the files that would change, and exit 1 if any would",
    )


def _canonicalize(args: argparse.Namespace) -> int:
    if "-" in args.paths and len(args.paths) > 1:
        sys.stderr.write(
            f"{PROGRAM}: canonicalize takes '-' alone, without other paths\n"
        )
        return 2
    to_stdout = args.paths == ["-"] and not args.check
    # With '-', standard output carries the canonical form: refusals and
    # errors go to standard error.
    report, progress, sources = _start(args, sys.stderr if to_stdout else None)
    mode: Mode = "stdout" if to_stdout else "check" if args.check else "file"
    run = Canonicalize(report, mode)
    events = scan(
        sources,
        canonical_bytes,
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


# -- schema -------------------------------------------------------------------------------


def _schema(args: argparse.Namespace) -> int:  # noqa: ARG001
    write(sys.stdout, json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n")
    return 0


# -- analyze, render ----------------------------------------------------------------------


def _strict_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when any record has a finding, as when one is refused",
    )


def _findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    # Imported here: a run of validate or hash never needs the analysis.
    from binding_graph.analysis import findings  # noqa: PLC0415

    return findings(graph)


class _Analyze:
    """Print each record's findings, and count them for the summary."""

    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.by_code: Counter[str] = Counter()
        self.records = 0

    def accepted(
        self, report: Report, label: str, line: int, found: tuple[Finding, ...]
    ) -> None:
        if found:
            self.records += 1
            if self.strict:
                report.flag()
        for finding in found:
            self.by_code[finding.code] += 1
            report.emit(
                f"{label}:{line}: {finding}",
                {
                    "file": label,
                    "line": line,
                    "code": finding.code,
                    "path": list(finding.path),
                    "message": finding.message,
                    "finding": True,
                },
            )

    def summary(self) -> tuple[dict[str, Any], str]:
        by_code = dict(sorted(self.by_code.items()))
        total = sum(by_code.values())
        codes = ", ".join(f"{code} {count:,}" for code, count in by_code.items())
        text = (
            f"; {total:,} {'finding' if total == 1 else 'findings'}"
            f" in {self.records:,} {'record' if self.records == 1 else 'records'}"
            + (f" ({codes})" if codes else "")
        )
        extra = {
            "findings": total,
            "records_with_findings": self.records,
            "findings_by_code": by_code,
        }
        return extra, text


def _analyze(args: argparse.Namespace) -> int:
    run = _Analyze(strict=args.strict)
    return each_record(args, _findings, run.accepted, run.summary)


def _render_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a .json document, a .jsonl corpus with --line, or '-' for standard input",
    )
    parser.add_argument(
        "--to",
        choices=("dot", "mermaid", "svg"),
        required=True,
        help="Graphviz DOT, Mermaid, or SVG drawn by Graphviz' dot",
    )
    parser.add_argument(
        "--line",
        type=int,
        metavar="N",
        help="the record of a .jsonl file to draw: its line number, from 1",
    )
    parser.add_argument(
        "--max-bytes",
        type=count,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help=f"refuse a record above N bytes as limit_exceeded (default {DEFAULT_MAX_BYTES:,})",
    )


def _itself(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    """Keep the graph of a record: render draws it."""
    return graph


def _render_record(
    args: argparse.Namespace,
) -> tuple[str, int, Outcome | None] | str:
    """Read the record to draw as validate reads it: return its label, line and outcome, or why not."""
    stdin = args.file == "-"
    if args.line is None and not stdin and Path(args.file).suffix == ".jsonl":
        return f"{args.file}: a .jsonl file holds many graphs: say which with --line N"
    source = Source(
        STDIN_LABEL if stdin else args.file,
        None if stdin else args.file,
        whole=args.line is None,
    )
    try:
        found = read_record(source, args.max_bytes, args.line)
    except OSError as error:
        return f"{source.label}: {error.strerror or error}"
    if isinstance(found, int):
        return f"{source.label}: there is no line {args.line} (it has {found:,})"
    done = outcomes(_itself, args.max_bytes, source.whole, [found])
    return source.label, found[0], done[0] if done else None


def _render(args: argparse.Namespace) -> int:
    from binding_graph.analysis import to_dot, to_mermaid  # noqa: PLC0415

    found = _render_record(args)
    if isinstance(found, str):
        sys.stderr.write(f"{PROGRAM}: {found}\n")
        return 2
    label, line, outcome = found
    if outcome is None:
        sys.stderr.write(
            f"{PROGRAM}: {label}: line {line} is blank: it holds no graph\n"
        )
        return 2
    _, refusal, graph = outcome
    if refusal is not None:
        code, path, message = refusal
        sys.stderr.write(f"{label}:{line}: {code} at {render_path(path)}: {message}\n")
        return 1
    if args.to == "svg":
        return _draw_svg(to_dot(graph))
    write(sys.stdout, to_mermaid(graph) if args.to == "mermaid" else to_dot(graph))
    return 0


def _draw_svg(dot_text: str) -> int:
    dot = shutil.which("dot")
    if dot is None:
        sys.stderr.write(
            f"{PROGRAM}: --to svg runs Graphviz' dot, which is not on PATH:"
            " install Graphviz, or take --to dot\n"
        )
        return 2
    try:
        drawn = subprocess.run(  # noqa: S603 -- dot found on PATH, with fixed arguments
            [dot, "-Tsvg"], input=dot_text.encode(), capture_output=True, check=False
        )
    except OSError as error:
        sys.stderr.write(f"{PROGRAM}: cannot run {dot}: {error.strerror or error}\n")
        return 2
    if drawn.returncode != 0:
        message = drawn.stderr.decode(errors="replace").strip()
        sys.stderr.write(f"{PROGRAM}: dot failed: {message}\n")
        return 2
    write_bytes(drawn.stdout)
    return 0


# -- the table ----------------------------------------------------------------------------

COMMANDS: Final[tuple[Command, ...]] = (
    Command(
        name="validate",
        summary="check every record; report each refusal and a summary",
        description=(
            "Read every record of each PATH and report each one that loads()"
            " refuses, as FILE:LINE: CODE at WHERE: MESSAGE, then a summary."
            " Exit 0 if every record was accepted, 1 if any was refused, 2 if a"
            " path could not be read."
        ),
        examples=(
            ("binding-graph validate examples/corpus.jsonl", "check a corpus"),
            (
                "binding-graph validate --format json data/",
                "every file below data/, as JSON",
            ),
            ("producer | binding-graph validate -", "check standard input"),
        ),
        run=_validate,
    ),
    Command(
        name="hash",
        summary="print the content hash of every accepted record",
        description=(
            "Print sha256:... FILE:LINE for each accepted record, and the"
            " refusals and summary of validate, with the same exit status."
        ),
        examples=(
            ("binding-graph hash examples/corpus.jsonl", "hash each graph of a corpus"),
            ("binding-graph hash --jobs 2 data/", "with two processes"),
        ),
        run=_hash,
    ),
    Command(
        name="canonicalize",
        summary="rewrite files in canonical form, or --check that they are",
        description=(
            "Rewrite each file in canonical form: one canonical document a line"
            " (a .json file: the document and a newline). A file with any refused"
            " record is left as it was, and the exit status is 1. Each file is"
            " replaced atomically. '-' writes the canonical form of standard"
            " input to standard output."
        ),
        examples=(
            ("binding-graph canonicalize data/", "rewrite every file below data/"),
            (
                "binding-graph canonicalize --check data/",
                "list the files that would change",
            ),
            ("binding-graph canonicalize - < in.jsonl > out.jsonl", "as a filter"),
        ),
        run=_canonicalize,
        options=_check_option,
    ),
    Command(
        name="analyze",
        summary="report what a solver should know of every accepted record",
        description=(
            "Report the findings of binding_graph.analysis for each accepted"
            " record (an unknown that nothing determines, a cyclic or repeated"
            " definition, conflicting facts, ...), as FILE:LINE: CODE at WHERE:"
            " MESSAGE, besides the refusals and summary of validate. Findings"
            " are not refusals: the exit status is that of validate, unless"
            " --strict makes any finding exit 1."
        ),
        examples=(
            ("binding-graph analyze examples/corpus.jsonl", "analyze a corpus"),
            (
                "binding-graph analyze --strict --format json data/",
                "fail on any finding, as JSON",
            ),
        ),
        run=_analyze,
        options=_strict_option,
    ),
    Command(
        name="render",
        summary="draw one graph for Graphviz or Mermaid, or as SVG",
        description=(
            "Draw the graph of FILE: one node per symbol and per equation,"
            " unknowns highlighted, pending and refused equations drawn apart,"
            " findings marked. --to svg runs Graphviz' dot. A refused document"
            " is reported on standard error, with exit status 1."
        ),
        examples=(
            (
                "binding-graph render --to svg examples/corpus.jsonl --line 1 > g.svg",
                "draw the first graph of a corpus",
            ),
            ("binding-graph render --to mermaid graph.json", "for a Markdown page"),
        ),
        run=_render,
        options=_render_options,
        corpus=False,
    ),
    Command(
        name="schema",
        summary="print the JSON Schema of a graph document",
        description="Print the JSON Schema (draft 2020-12) of a graph document.",
        examples=(("binding-graph schema > binding-graph.schema.json", "save it"),),
        run=_schema,
        corpus=False,
    ),
)
"""The subcommands of ``binding-graph``, in the order ``--help`` lists them."""
