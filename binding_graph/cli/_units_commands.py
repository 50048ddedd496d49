"""The commands over :mod:`binding_graph.units`: ``admit`` the pending equations of a corpus, read a unit's text.

``admit`` is a corpus command that writes graphs: each accepted record goes
to :func:`binding_graph.units.admit`, in a worker process with ``--jobs``,
and comes back as the canonical bytes of the admitted graph and what became
of each equation it decided. The graphs go to standard output as JSON Lines,
the report to standard error; with ``--in-place``, each file is rewritten as
``canonicalize`` rewrites it, through :class:`~binding_graph.cli._rewrite.Canonicalize`,
and the report goes to standard output. ``units`` reads one text with
:func:`binding_graph.units.parse_unit`. :mod:`binding_graph.units` is imported
only when one of them runs, so that ``validate`` never pays for it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from binding_graph.cli._options import add_shared
from binding_graph.cli._pool import scan
from binding_graph.cli._reading import canonical_record
from binding_graph.cli._records import start
from binding_graph.cli._report import PROGRAM, counted, in_record, write, write_bytes
from binding_graph.cli._rewrite import Canonicalize
from binding_graph.cli._scan import Failed, Records, Started
from binding_graph.cli._solve_command import decimal_text, fraction_text, shown
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    import argparse
    from fractions import Fraction

    from binding_graph.cli._progress import Progress
    from binding_graph.cli._report import Report
    from binding_graph.cli._rewrite import Verdict
    from binding_graph.cli._scan import Ended, Outcome, Refusal
    from binding_graph.datasets import BenchmarkCase
    from binding_graph.model import SemanticSymbolicBindingGraph

    # Types only, so nothing but the type checkers reads them.
    Decision = tuple[int, str | None]
    """An equation decided: its index, and its ``refusal_reason``, or ``None`` if admitted."""
    Admitted = tuple[bytes, tuple[Decision, ...]]
    """What a worker makes of a graph: the admitted graph's canonical bytes, and its decisions."""


# -- admit --------------------------------------------------------------------------------


def admit_options(parser: argparse.ArgumentParser) -> None:
    """Add admit's ``--recheck`` and ``--in-place`` to *parser*."""
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="decide every equation again, the admitted and refused ones too",
    )
    parser.add_argument(
        "--in-place",
        action="store_true",
        help=(
            "rewrite each file, as canonicalize does, rather than write the graphs"
            " to standard output"
        ),
    )


def _decide(
    graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None, *, recheck: bool
) -> Admitted:
    # Imported here: a run of validate or hash never needs the units.
    from binding_graph.units import admit  # noqa: PLC0415

    admitted = admit(graph, recheck=recheck)
    decided = tuple(
        (index, new.refusal_reason if new.admissibility_status == "refused" else None)
        for index, (old, new) in enumerate(
            zip(graph.equations, admitted.equations, strict=True)
        )
        if recheck or old.admissibility_status == "pending"
    )
    # A case stays a case, its graph admitted.
    return canonical_record(admitted, case), decided


def admitted(
    graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
) -> Admitted:
    """Admit or refuse the pending equations of *graph*: the handler of ``admit``."""
    return _decide(graph, case, recheck=False)


def rechecked(
    graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
) -> Admitted:
    """Admit or refuse every equation of *graph*: the handler of ``admit --recheck``."""
    return _decide(graph, case, recheck=True)


_FILES: Final[dict[Verdict, str]] = {
    "rewrote": "rewritten",
    "unchanged": "unchanged",
    "refused": "left as they were (refused records)",
}


class _Admit:
    """Follow the events of an admit run: write each graph, or hand it to *rewrite*; count the decisions.

    Args:
        report: The run's report.
        progress: Its progress bar, erased before a graph is written.
        rewrite: What puts each file's new form in place, with ``--in-place``;
            ``None`` writes the graphs to standard output.
    """

    def __init__(
        self,
        report: Report,
        progress: Progress,
        rewrite: Canonicalize | None,
        max_bytes: int,
    ) -> None:
        self.report = report
        self.progress = progress
        self.rewrite = rewrite
        self.max_bytes = max_bytes
        self.admitted = 0
        self.refused: Counter[str] = Counter()

    def records(self, event: Records) -> None:
        """Report, write and count a batch's records, in input order."""
        label = event.source.label
        for number, given, value, case in event.outcomes:
            refusal = given
            data, decided = value if refusal is None else (b"", ())
            if len(data) > self.max_bytes:
                # What is written must read back: proofs may make a graph
                # larger than any reader with the same --max-bytes takes.
                refusal, data, decided = self._too_large(len(data)), b"", ()
            if self.rewrite is not None:
                # One record at a time, so that its lines keep their place.
                outcome: Outcome = (number, refusal, data, case)
                self.rewrite.records(Records(event.source, [outcome], event.size))
            elif refusal is not None:
                self.report.refusal(label, number, refusal, case)
            else:
                self.report.accepted()
                self.progress.clear()  # standard output may be its terminal too
                write_bytes(data + b"\n")
            for index, reason in decided:
                self._decided(label, number, index, reason, case)

    def _too_large(self, size: int) -> Refusal:
        why = (
            f"its admitted graph would take {size:,} bytes of UTF-8, more than the"
            f" {self.max_bytes:,} that a reader of documents takes (--max-bytes):"
            " it is not written"
        )
        return ("limit_exceeded", (), why)

    def _decided(
        self, label: str, line: int, index: int, reason: str | None, case: str | None
    ) -> None:
        if reason is None:
            self.admitted += 1
            return
        code, _, detail = reason.partition(": ")
        self.refused[code] += 1
        told = (code, in_record(("equations", index), case), detail)
        self.report.tell(label, line, told, case, equation_refused=True)

    def summary(self) -> None:
        """Print the summary: validate's, the equations decided, and what became of the files."""
        by_reason, reasons = counted(self.refused)
        refused = sum(by_reason.values())
        decided = self.admitted + refused
        text = (
            f"; {decided:,} {'equation' if decided == 1 else 'equations'} decided:"
            f" {self.admitted:,} admitted, {refused:,} refused"
            + (f" ({reasons})" if reasons else "")
        )
        extra: dict[str, Any] = {
            "equations": {
                "decided": decided,
                "admitted": self.admitted,
                "refused": refused,
                "refused_by_reason": by_reason,
            }
        }
        if self.rewrite is not None:
            files = self.rewrite.files
            counts: dict[Verdict, int] = {
                verdict: files[verdict] for verdict in _FILES if files[verdict]
            }
            done = ", ".join(f"{n:,} {_FILES[v]}" for v, n in counts.items())
            text += f"; files: {done}" if done else ""
            extra["files"] = counts
        self.report.summary(extra, text)


def _put_in_place(rewrite: Canonicalize, event: Started | Ended | Failed) -> None:
    """Follow a file's start, end or failure with ``--in-place``, as canonicalize does."""
    if isinstance(event, Started):
        rewrite.started(event)
    elif isinstance(event, Failed):
        rewrite.failed(event)
    else:
        rewrite.ended(event)


def admit(args: argparse.Namespace) -> int:
    """Run ``admit``: each accepted record's graph with its equations decided, and a report."""
    if args.in_place and "-" in args.paths:
        sys.stderr.write(
            f"{PROGRAM}: admit --in-place rewrites files: it cannot rewrite"
            " standard input ('-')\n"
        )
        return 2
    # Without --in-place, standard output carries the graphs: refusals,
    # decisions and the summary go to standard error.
    report, progress, sources = start(args, None if args.in_place else sys.stderr)
    rewrite = Canonicalize(report, "file") if args.in_place else None
    run = _Admit(report, progress, rewrite, args.max_bytes)
    events = scan(
        sources,
        rechecked if args.recheck else admitted,
        max_bytes=args.max_bytes,
        jobs=args.jobs,
        digest=rewrite is not None,
        rewrite=rewrite is not None,
    )
    # However the run ends (an error, Ctrl-C, SIGTERM), the workers end and
    # no temporary file is left.
    with contextlib.closing(events):
        try:
            for event in events:
                if isinstance(event, Records):
                    run.records(event)
                    progress.advance(event.size, len(event.outcomes))
                elif rewrite is not None:
                    _put_in_place(rewrite, event)
                elif isinstance(event, Failed):
                    report.error(event.message)
                # A file started or ended: nothing to put in place.
                elif isinstance(event, Started):
                    report.opened()
                else:
                    report.closed(event.source.label)
        finally:
            if rewrite is not None:
                rewrite.abandon()
    progress.clear()
    run.summary()
    return report.status()


# -- units --------------------------------------------------------------------------------


def units_options(parser: argparse.ArgumentParser) -> None:
    """Add units' ``TEXT``, ``--known``, ``--noun`` and ``--format`` to *parser*."""
    parser.add_argument(
        "text",
        metavar="TEXT",
        help="a unit, as a word problem writes it: 'km/h', 'miles per hour', '$', ...",
    )
    parser.add_argument(
        "--known",
        action="store_true",
        help=(
            "read the lexicon's units only: a word it does not list is refused"
            " (unknown_unit, exit 1), where by default it is a count noun of its own"
        ),
    )
    parser.add_argument(
        "--noun",
        action="append",
        default=[],
        metavar="NOUN",
        help=(
            "read the lexicon's units and the count noun NOUN, by its singular"
            " (apple), and no other word: --known, with NOUN allowed; repeat it for"
            " more"
        ),
    )
    add_shared(parser, ("format",))


def _new_nouns(count: int, *, allowed: bool) -> str:
    """Return what the *count* count nouns of a text are, for the line that names them.

    *allowed* says that ``--noun`` allowed them; else ``--known`` would
    refuse them.
    """
    if count == 1:
        why = "allowed by --noun" if allowed else "--known refuses it"
        return (
            f"a count noun, no unit of the lexicon, is a dimension of its own ({why})"
        )
    why = "allowed by --noun" if allowed else "--known refuses them"
    return (
        "count nouns, no units of the lexicon, are each a dimension of their own"
        f" ({why})"
    )


def _value(value: Fraction) -> tuple[str, str | None]:
    return fraction_text(value), decimal_text(value)


def units(args: argparse.Namespace) -> int:
    """Run ``units``: how TEXT is read, or why it cannot be."""
    # Imported here: only admit, units and analyze --units read units.
    from binding_graph.units import DEFAULT, parse_unit  # noqa: PLC0415

    as_json = args.format == "json"
    # UnitLexicon.restrict: the data file's units, and the nouns listed.
    known = args.known or args.noun
    lexicon = DEFAULT.restrict(args.noun) if known else DEFAULT
    try:
        unit = parse_unit(args.text, lexicon)
    except BindingGraphError as error:
        if as_json:
            refusal = {"text": args.text, "code": error.code, "message": error.message}
            write(sys.stdout, json.dumps(refusal) + "\n")
        else:
            write(sys.stderr, f"{PROGRAM} units: {error.code}: {error.message}\n")
        return 1
    dimension = str(unit.dimension)
    scale, scale_decimal = _value(unit.scale)
    offset, offset_decimal = _value(unit.offset)
    # A count noun is a base of its own, named bare; the lexicon's are bracketed.
    nouns = [base for base, _ in unit.dimension.exponents if base[:1] != "["]
    if as_json:
        data = {
            "text": args.text,
            "unit": str(unit),
            "dimension": dimension,
            "scale": scale,
            "scale_decimal": scale_decimal,
            "offset": offset,
            "offset_decimal": offset_decimal,
            "count_nouns": nouns,
        }
        write(sys.stdout, json.dumps(data) + "\n")
        return 0
    lines = [
        f"unit:      {unit}",
        f"dimension: {dimension}"
        + ("" if unit.dimension.exponents else " (none: a pure number)"),
        f"scale:     {shown(scale, scale_decimal)}",
    ]
    if unit.offset:
        lines.append(f"offset:    {shown(offset, offset_decimal)}")
    if nouns:
        told = _new_nouns(len(nouns), allowed=bool(known))
        lines.append(f"nouns:     {', '.join(nouns)}: {told}")
    write(sys.stdout, "\n".join(lines) + "\n")
    return 0
