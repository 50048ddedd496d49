"""The commands over :mod:`binding_graph.analysis`: ``analyze`` a corpus, ``render`` one graph.

``analyze`` is a corpus command like ``validate``, run by
:func:`binding_graph.cli._records.each_record`, which with ``--arithmetic``
adds the findings of :mod:`binding_graph.arithmetic`, and with ``--units``
those of :mod:`binding_graph.units`; ``render`` reads one record, as
``validate`` reads it, and draws it for Graphviz, for Mermaid, or as SVG
through Graphviz' ``dot``. The analysis, the arithmetic and the units are
imported only when one of them runs.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from binding_graph.cli._options import add_shared
from binding_graph.cli._records import each_record
from binding_graph.cli._report import (
    PROGRAM,
    Report,
    counted,
    in_record,
    refusal_line,
    write,
    write_bytes,
)
from binding_graph.cli._scan import Missing, outcomes, read_record
from binding_graph.cli._sources import STDIN_LABEL, Source, os_message

if TYPE_CHECKING:
    import argparse

    from binding_graph.analysis import Finding
    from binding_graph.cli._scan import Handler, Outcome
    from binding_graph.datasets import BenchmarkCase
    from binding_graph.model import SemanticSymbolicBindingGraph


# -- analyze ------------------------------------------------------------------------------


def analyze_options(parser: argparse.ArgumentParser) -> None:
    """Add analyze's ``--strict``, ``--arithmetic`` and ``--units`` to *parser*."""
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when any record has a finding, as when one is refused",
    )
    parser.add_argument(
        "--arithmetic",
        action="store_true",
        help=(
            "also report the findings of binding_graph.arithmetic: what is not"
            " arithmetic, a division by zero, values that conflict, a violated"
            " constraint, ..."
        ),
    )
    parser.add_argument(
        "--units",
        action="store_true",
        help=(
            "also report, after them, the findings of binding_graph.units: a unit"
            " that does not read, a fact or an unknown in another unit than its"
            " symbol, an admitted equation that admission would refuse, ..."
        ),
    )


def _findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    # Imported here: a run of validate or hash never needs the analysis.
    from binding_graph.analysis import findings  # noqa: PLC0415

    return findings(graph)


def _arithmetic(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    # Imported here: only analyze --arithmetic needs the arithmetic.
    from binding_graph.arithmetic import findings  # noqa: PLC0415

    return findings(graph)


def _units(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    # Imported here: only analyze --units needs the units.
    from binding_graph.units import unit_findings  # noqa: PLC0415

    return unit_findings(graph)


# The handlers take a record's case too, as every handler does: a case's
# graph is analysed alone.


def _structure(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001
) -> tuple[Finding, ...]:
    """Return the structural findings of *graph*."""
    return _findings(graph)


def _with_arithmetic(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001
) -> tuple[Finding, ...]:
    """Return the structural findings of *graph*, then those of its arithmetic."""
    return _findings(graph) + _arithmetic(graph)


def _with_units(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001
) -> tuple[Finding, ...]:
    """Return the structural findings of *graph*, then those of its units."""
    return _findings(graph) + _units(graph)


def _with_both(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001
) -> tuple[Finding, ...]:
    """Return the structural findings of *graph*, then those of its arithmetic, then of its units."""
    return _findings(graph) + _arithmetic(graph) + _units(graph)


_HANDLERS: Final[dict[tuple[bool, bool], Handler]] = {
    (False, False): _structure,
    (True, False): _with_arithmetic,
    (False, True): _with_units,
    (True, True): _with_both,
}
"""The handler of analyze, by ``(--arithmetic, --units)``: module-level functions, for the workers."""


class _Analyze:
    """Print each record's findings, and count them for the summary."""

    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.by_code: Counter[str] = Counter()
        self.records = 0

    def accepted(
        self,
        report: Report,
        label: str,
        line: int,
        found: tuple[Finding, ...],
        case: str | None,
    ) -> None:
        if found:
            self.records += 1
            if self.strict:
                report.flag()
        for finding in found:
            self.by_code[finding.code] += 1
            told = (finding.code, in_record(finding.path, case), finding.message)
            report.tell(label, line, told, case, finding=True)

    def summary(self) -> tuple[dict[str, Any], str]:
        by_code, codes = counted(self.by_code)
        total = sum(by_code.values())
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


def analyze(args: argparse.Namespace) -> int:
    """Run ``analyze``: each accepted record's findings, besides validate's refusals.

    With ``--arithmetic``, those of :func:`binding_graph.arithmetic.findings`
    follow those of :func:`binding_graph.analysis.findings`, record by record;
    with ``--units``, those of :func:`binding_graph.units.unit_findings`
    follow them all.
    """
    run = _Analyze(strict=args.strict)
    handler = _HANDLERS[args.arithmetic, args.units]
    return each_record(args, handler, run.accepted, run.summary)


# -- render -------------------------------------------------------------------------------


def render_options(parser: argparse.ArgumentParser) -> None:
    """Add render's ``FILE`` and options to *parser*."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help=(
            "a .json document, a .jsonl or .ndjson corpus with --line, or '-' for"
            " standard input"
        ),
    )
    parser.add_argument(
        "--to",
        choices=("dot", "mermaid", "svg"),
        default="mermaid",
        help=(
            "Graphviz DOT, Mermaid, or SVG drawn by Graphviz' dot (default: mermaid,"
            " text that Markdown pages on code hosts draw, with nothing to install)"
        ),
    )
    parser.add_argument(
        "--line",
        type=int,
        metavar="N",
        help="the record of a corpus to draw: its line number, from 1",
    )
    add_shared(parser, ("max_bytes",))


def _itself(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001 -- a case's graph is drawn alone
) -> SemanticSymbolicBindingGraph:
    """Keep the graph of a record: render draws it."""
    return graph


def _render_record(
    args: argparse.Namespace,
) -> tuple[str, int, Outcome | None] | str | Source:
    """Read the record to draw as validate reads it: return its label, line and outcome, or why not.

    A source with no line of the number asked for, and no record at all, is
    returned itself: it is empty.
    """
    stdin = args.file == "-"
    suffix = Path(args.file).suffix
    if args.line is None and not stdin and suffix in {".jsonl", ".ndjson"}:
        return (
            f"{args.file}: a {suffix} file holds many graphs: say which with --line N"
        )
    source = Source(
        STDIN_LABEL if stdin else args.file,
        None if stdin else args.file,
        whole=args.line is None,
    )
    try:
        found = read_record(source, args.max_bytes, args.line)
    except OSError as error:
        return os_message(source.label, error)
    if isinstance(found, Missing):
        if not found.records:
            return source
        return f"{source.label}: there is no line {args.line} (it has {found.lines:,})"
    done = outcomes(_itself, args.max_bytes, False, source.whole, [found])  # noqa: FBT003
    return source.label, found[0], done[0] if done else None


def _marked(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return what render marks: the graph's findings, and each equation whose label names another operation than its own.

    An equation is drawn labelled with its ``operation_kind``: where the
    arithmetic reads it as another operation than its right-hand side's
    top one, the picture says so (``operation_mismatch``) rather than show
    the label alone.
    """
    mislabelled = tuple(
        finding
        for finding in _arithmetic(graph)
        if finding.code == "operation_mismatch"
    )
    return _findings(graph) + mislabelled


def render(args: argparse.Namespace) -> int:
    """Run ``render``: draw the graph of one record, or say why it cannot be drawn."""
    from binding_graph.analysis import to_dot, to_mermaid  # noqa: PLC0415

    found = _render_record(args)
    if isinstance(found, Source):
        report = Report(sys.stdout, sys.stderr)
        report.empty(found.label)
        return report.status()
    if isinstance(found, str):
        sys.stderr.write(f"{PROGRAM}: {found}\n")
        return 2
    label, line, outcome = found
    if outcome is None:
        sys.stderr.write(
            f"{PROGRAM}: {label}: line {line} is blank: it holds no graph\n"
        )
        return 2
    _, refusal, graph, case = outcome
    if refusal is not None:
        sys.stderr.write(refusal_line(label, line, refusal, case) + "\n")
        return 1
    marked = _marked(graph)
    if args.to == "svg":
        return _draw_svg(to_dot(graph, findings=marked))
    draw = to_mermaid if args.to == "mermaid" else to_dot
    write(sys.stdout, draw(graph, findings=marked))
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
