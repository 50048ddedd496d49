"""The ``solve`` command: the exact value of each unknown of each accepted record.

``solve`` is a corpus command like ``analyze``, run by
:func:`binding_graph.cli._records.each_record`: each graph goes to
:func:`binding_graph.arithmetic.answers`, in a worker process with ``--jobs``,
and comes back as the spelling of its values, or as the refusal that says
why it cannot be solved. :mod:`binding_graph.arithmetic` is imported only when
``solve`` runs, so that ``validate`` never pays for it.

A value is printed exactly: as a fraction in lowest terms (an integer
without ``/1``), and, when its decimal expansion terminates, as that decimal
too, every digit of it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from binding_graph.cli._records import each_record
from binding_graph.cli._report import at, counted, in_record, record_data
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    import argparse
    from fractions import Fraction

    from binding_graph.cli._report import Report
    from binding_graph.cli._scan import Refusal
    from binding_graph.datasets import BenchmarkCase
    from binding_graph.model import BoundUnknown, SemanticSymbolicBindingGraph

    # Types only, so nothing but the type checkers reads them.
    Answer = tuple[str, str, str | None, tuple[tuple[str, str | int], ...]]
    """An unknown's symbol id, its value as a fraction, as a decimal if it terminates, and what its question says of it."""
    Solution = tuple[tuple[Answer, ...], Refusal | None]
    """What a worker makes of a graph: its answers, or why it has none."""


_CHUNK: Final = 500
"""Digits converted by one ``str()``, below the least limit Python lets one set (640)."""
_CHUNK_SIZE: Final = 10**_CHUNK


def _digits(number: int) -> str:
    """Return the decimal digits of *number*, a whole number ``>= 0``, however many.

    ``str()`` refuses an int of more digits than
    :func:`sys.get_int_max_str_digits` allows, which a user may set as low as
    640: a value is converted :data:`_CHUNK` digits at a time.
    """
    if number < _CHUNK_SIZE:
        return str(number)
    high, low = divmod(number, _CHUNK_SIZE)
    return _digits(high) + str(low).zfill(_CHUNK)


def fraction_text(value: Fraction) -> str:
    """Return *value* as ``N/D`` in lowest terms, or ``N`` for an integer: ``-19/4``, ``8``."""
    sign = "-" if value < 0 else ""
    numerator = _digits(abs(value.numerator))
    if value.denominator == 1:
        return sign + numerator
    return f"{sign}{numerator}/{_digits(value.denominator)}"


def decimal_text(value: Fraction) -> str | None:
    """Return *value* as a decimal, every digit of it, or ``None`` if its expansion repeats.

    It terminates when the denominator, in lowest terms, has no prime factor
    but 2 and 5; then it has as many decimal places as the larger of their
    exponents, and its last digit is never 0: ``4.75``, ``-0.125``, ``8``.
    """
    denominator = value.denominator
    twos = (denominator & -denominator).bit_length() - 1
    rest = denominator >> twos
    fives = 0
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        return None
    places = max(twos, fives)
    scale = 10**places
    whole, part = divmod(abs(value.numerator) * (scale // denominator), scale)
    sign = "-" if value < 0 else ""
    if not places:
        return sign + _digits(whole)
    return f"{sign}{_digits(whole)}.{_digits(part).zfill(places)}"


def solution(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001 -- a case's graph is solved alone
) -> Solution:
    """Solve *graph*: each unknown's symbol id and value, or the refusal that says why not.

    A module-level function of a graph with a result that pickles: the
    handler that :func:`~binding_graph.cli._records.each_record` sends to
    the workers.
    """
    # Imported here: a run of validate or hash never needs the arithmetic.
    from binding_graph.arithmetic import answers  # noqa: PLC0415

    try:
        values = answers(graph)
    except BindingGraphError as error:
        return (), (error.code, error.path, error.message)
    found = tuple(
        (unknown.symbol_id, fraction_text(value), decimal_text(value), _asked(unknown))
        for unknown, value in zip(graph.unknowns, values, strict=True)
    )
    return found, None


def _asked(unknown: BoundUnknown) -> tuple[tuple[str, str | int], ...]:
    """Return what *unknown*'s question says of its answer: its form and state, those it holds."""
    held = (
        ("question_form", unknown.question_form),
        ("state_index", unknown.state_index),
    )
    return tuple((name, value) for name, value in held if value is not None)


def shown(fraction: str, decimal: str | None) -> str:
    """Return a value as a line shows it: its *fraction*, then its *decimal* in parentheses.

    The decimal is left out when it repeats (``None``), and when it is the
    fraction itself (an integer): ``19/4 (4.75)``, ``1/3``, ``8``.
    """
    return fraction if decimal in {None, fraction} else f"{fraction} ({decimal})"


def answer_line(label: str, line: int, answer: Answer, case: str | None = None) -> str:
    """Return the line that gives *answer*: ``FILE:LINE: SYMBOL = 19/4 (4.75)``, as :func:`shown`.

    What the question says of the answer follows, where it says anything:
    ``[question_form=difference, state_index=terminal]``.
    """
    symbol_id, fraction, decimal, asked = answer
    said = ", ".join(f"{name}={value}" for name, value in asked)
    return f"{at(label, line, case)}{symbol_id} = {shown(fraction, decimal)}" + (
        f" [{said}]" if said else ""
    )


class _Solve:
    """Print each record's answers or why it has none, and count them for the summary."""

    def __init__(self) -> None:
        self.solved = 0
        self.unsolved: Counter[str] = Counter()

    def accepted(
        self, report: Report, label: str, line: int, solved: Solution, case: str | None
    ) -> None:
        answers, refusal = solved
        if refusal is not None:
            # Told as validate tells a refusal, and counted apart from them.
            code, path, message = refusal
            self.unsolved[code] += 1
            report.flag()
            report.tell(label, line, (code, in_record(path, case), message), case)
            return
        self.solved += 1
        lines = [answer_line(label, line, answer, case) for answer in answers]
        record = {
            **record_data(label, line, case),
            "answers": [
                {
                    "symbol_id": symbol_id,
                    "value": fraction,
                    "decimal": decimal,
                    **dict(asked),
                }
                for symbol_id, fraction, decimal, asked in answers
            ],
        }
        # A record that asks for nothing is no line of text, but one object.
        if lines or report.as_json:
            report.emit("\n".join(lines), record)

    def summary(self) -> tuple[dict[str, Any], str]:
        by_code, codes = counted(self.unsolved)
        unsolved = sum(by_code.values())
        text = f"; {self.solved:,} solved, {unsolved:,} unsolved" + (
            f" ({codes})" if codes else ""
        )
        extra = {
            "solved": self.solved,
            "unsolved": unsolved,
            "unsolved_by_code": by_code,
        }
        return extra, text


def solve(args: argparse.Namespace) -> int:
    """Run ``solve``: each accepted record's answers, or why it has none, besides validate's refusals."""
    run = _Solve()
    return each_record(args, solution, run.accepted, run.summary)
