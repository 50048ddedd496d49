"""``score``: a parser's graphs against the gold cases of a benchmark, as a table or one JSON object.

PREDICTED's graphs (or cases, read for their graphs) and GOLD's cases are
read in step, a record at a time (:mod:`binding_graph.cli._pairs`), and
scored by :func:`binding_graph.datasets.score`: answers, refusals, set-ups,
and the first wrong cases, each with the first gold step its graph lacks
or gets wrong, and that step in the graph's own names.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from typing import TYPE_CHECKING, cast

from binding_graph.cli._options import add_shared, count
from binding_graph.cli._pairs import Reading, both_opened, unpaired
from binding_graph.cli._report import Report, RunError, counted, write
from binding_graph.cli._solve_command import fraction_text
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from fractions import Fraction
    from typing import BinaryIO

    from binding_graph.datasets import Score, WrongCase
    from binding_graph.model import SemanticSymbolicBindingGraph as Graph


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
    parser.add_argument(
        "--trust",
        action="store_true",
        help=(
            "also score with the checks of the profile for model output applied"
            " one after another (binding_graph.trust.CHECKS), a row each"
        ),
    )
    add_shared(parser, ("format", "max_bytes"))


def _trust_checks() -> tuple[
    tuple[str, Callable[[Graph], Sequence[BindingGraphError]]], ...
]:
    """Return the profile's checks, each by its name, as :func:`~binding_graph.datasets.score` takes them."""
    from binding_graph.trust import CHECKS, trust_refusals  # noqa: PLC0415

    return tuple(
        (name, functools.partial(trust_refusals, checks=(name,))) for name in CHECKS
    )


def _check_rows(score: Score) -> list[str]:
    """Return the rows of the checks applied one after another: each with those before it."""
    rows = ["by check:"] if score.by_check else []
    for row in score.by_check:
        cost = f", {row.refused_right:,} of them right" if row.refused_right else ""
        rows.append(
            f"  + {row.name}: coverage {_short(row.coverage, row.accepted, row.total)},"
            f" precision {_short(row.precision, row.answered_right, row.accepted)},"
            f" accuracy {_short(row.accuracy, row.correct, row.total)};"
            f" refused {_by_code(dict(row.by_code))}{cost}"
        )
    return rows


def _short(value: Fraction, part: int, whole: int) -> str:
    """Return a share as its percentage, rounded to two places, then the counts it is made of, in parentheses."""
    return f"{_percentage(value)} ({part:,} of {whole:,})"


def _percentage(value: Fraction) -> str:
    """Return a share as its percentage, rounded to two places."""
    hundredths = round(value * 10000)
    return f"{hundredths // 100}.{hundredths % 100:02}%"


def _percent(value: Fraction, part: int, whole: int, what: str) -> str:
    """Return a share as its percentage, rounded to two places, then the counts it is made of."""
    return f"{_percentage(value)}: {part:,} of {whole:,} {what}"


def _by_code(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    _, codes = counted(counts)
    return f"{total:,}" + (f" ({codes})" if codes else "")


def _values(values: tuple[Fraction, ...]) -> str:
    return ", ".join(fraction_text(value) for value in values) or "no answer"


def _shares(score: Score, kind: str, single: str) -> list[str]:
    """Return the rows of precision and recall of one kind of element of the set-ups: facts, equations, questions."""
    matched: int = getattr(score, f"{kind}_matched")
    # Several predicted facts may match one gold fact: recall counts the gold's.
    recalled = score.facts_recalled if kind == "facts" else matched
    predicted: int = getattr(score, f"{kind}_predicted")
    gold: int = getattr(score, f"{kind}_gold")
    precision: Fraction = getattr(score, f"{single}_precision")
    recall: Fraction = getattr(score, f"{single}_recall")
    return [
        _row(
            f"{single} precision",
            _percent(precision, matched, predicted, f"predicted {kind} match"),
        ),
        _row(
            f"{single} recall",
            _percent(recall, recalled, gold, f"gold {kind} matched"),
        ),
    ]


def _row(label: str, value: str) -> str:
    """Return one row of the table: *label* and its colon in a column wide enough for the longest."""
    return f"{label + ':':<20}{value}"


def _table(score: Score) -> str:
    refused = dict(score.refused)
    unsolvable = dict(score.unsolvable)
    wrong = (
        score.total - score.correct - sum(refused.values()) - sum(unsolvable.values())
    )
    rows = [
        _row("cases", f"{score.total:,}"),
        _row("correct", f"{score.correct:,}"),
        _row(
            "accuracy",
            _percent(
                score.accuracy, score.correct, score.total, "cases answered right"
            ),
        ),
        _row(
            "coverage",
            _percent(score.coverage, score.accepted, score.total, "cases answered"),
        ),
        _row(
            "precision",
            _percent(
                score.precision,
                score.correct - score.refusals_right,
                score.accepted,
                "answers right",
            ),
        ),
        _row("refused", _by_code(refused)),
        _row("unsolvable", _by_code(unsolvable)),
        _row("wrong answers", f"{wrong:,}"),
        *_shares(score, "facts", "fact"),
        *_shares(score, "equations", "equation"),
        *_shares(score, "questions", "question"),
        _row("set-ups right", f"{score.setups_right:,} of {score.total:,}"),
        *_check_rows(score),
    ]
    if score.unanswerable or score.refusals_right:
        refusals = score.refusals_right + sum(refused.values())
        refusals += sum(unsolvable.values())
        right = score.refusals_right
        rows += [
            _row("unanswerable", f"{score.unanswerable:,}"),
            _row(
                "refusal precision",
                _percent(score.refusal_precision, right, refusals, "refusals expected"),
            ),
            _row(
                "refusal recall",
                _percent(
                    score.refusal_recall, right, score.unanswerable, "expected refused"
                ),
            ),
        ]
    if score.by_perturbation:
        rows.append("by perturbation:")
    for name, (cases, right) in score.by_perturbation.items():
        rows.append(f"  {name}: {right:,} of {cases:,} right")
    if score.wrong_total:
        shown = len(score.wrong)
        rows.append(
            _row("wrong cases", f"{score.wrong_total:,}")
            + (f", the first {shown:,} listed" if shown < score.wrong_total else "")
        )
    rows += [_wrong_case(case) for case in score.wrong]
    return "\n".join(rows) + "\n"


def _wrong_case(case: WrongCase) -> str:
    """Return the row of one wrong case: why, and the first gold step its graph lacks or gets wrong, beside that step in the graph's own names."""
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
    # A predicted spelling is given only beside a gold step.
    if case.predicted_step is not None:
        told += (
            f" (predicted: equations[{case.predicted_step}] {case.predicted_equation})"
        )
    elif case.predicted_equation is not None:
        told += f" (predicted lacks: {case.predicted_equation})"
    return head + told


def _pair(
    args: argparse.Namespace, predicted: BinaryIO, gold: BinaryIO
) -> Score | list[str]:
    """Score the graphs of *predicted* against the cases of *gold*; a :class:`RunError` if they cannot be.

    A file that cannot be read, or a line of *gold* that is not a case, ends
    its records early: :func:`~binding_graph.datasets.score` then finds the
    two of different lengths, and what ended them is told instead. A file
    that holds no record is not scored: the labels of those that hold none
    are returned instead.
    """
    from binding_graph.datasets import score  # noqa: PLC0415

    graphs = Reading(args.predicted, args.max_bytes)
    cases = Reading(args.gold, args.max_bytes)
    records, gold_cases = graphs.graphs(predicted), cases.cases(gold)
    try:
        checks = _trust_checks() if args.trust else ()
        result = score(records, gold_cases, keep=args.keep, checks=checks)
    except BindingGraphError:  # they are not of one length
        result = None
        graphs.count_rest(records)  # so that the message counts every record
        cases.count_rest(gold_cases)
    for reading in (graphs, cases):
        if reading.why is not None:
            raise RunError(reading.why)
    if empty := [reading.label for reading in (graphs, cases) if not reading.count]:
        return empty
    if result is None:
        raise unpaired(graphs, cases)
    return result


def score_command(args: argparse.Namespace) -> int:
    """Run ``score``: PREDICTED's graphs against GOLD's cases, as a table or one JSON object."""
    report = Report(sys.stdout, sys.stderr)
    with contextlib.ExitStack() as files:
        opened = both_opened(
            "score", (args.predicted, args.gold), files, ("PREDICTED", "GOLD")
        )
        if opened is None:
            return 2
        result = _pair(args, *opened)  # a RunError is one line, and exit status 2
    if isinstance(result, list):
        for label in result:
            report.empty(label)
        return report.status()
    if args.format == "json":
        write(sys.stdout, json.dumps(result.to_data()) + "\n")
    else:
        write(sys.stdout, _table(result))
    return 0
