"""Scoring a parser's graphs against gold cases: answers, refusals, and set-ups."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final, cast

from binding_graph._checks import guarded
from binding_graph.arithmetic import answers
from binding_graph.datasets._benchmark import BenchmarkCase
from binding_graph.datasets._checked import CheckTally, checks_of
from binding_graph.datasets._diff import equation_text, renamed_equation
from binding_graph.datasets._lines import CaseRecord
from binding_graph.datasets._results import PREDICTED, Score
from binding_graph.datasets._setups import Setup, match_setups
from binding_graph.datasets._wrong import WrongCase, check_code
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.jsonl import LineRecord
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from fractions import Fraction

    from binding_graph.datasets._wrong import Why

__all__ = ["outcome", "score"]

_END: Final = object()
_GOLD: Final = "an iterable of BenchmarkCase or CaseRecord"


def outcome(
    item: object, index: int, owner: str = "score", field: str = "predicted"
) -> SemanticSymbolicBindingGraph | BindingGraphError:
    """Return the graph or the refusal that a predicted item holds; refuse an item of another class at ``(FIELD, INDEX)``."""
    cls = type(item)
    if cls is LineRecord:
        record = cast("LineRecord", item)
        outcome: object = record.graph if record.error is None else record.error
    elif cls is SemanticSymbolicBindingGraph or cls is BindingGraphError:
        outcome = item
    else:
        refuse_type(owner, field, PREDICTED, item, (field, index))
    if type(outcome) is BindingGraphError:
        check_code(owner, f"{field}[{index}].code", outcome.code, (field, index))
    return cast("SemanticSymbolicBindingGraph | BindingGraphError", outcome)


def score(
    predicted: Iterable[object],
    gold: Iterable[BenchmarkCase | CaseRecord],
    *,
    keep: int = 100,
    checks: Sequence[
        tuple[
            str,
            Callable[[SemanticSymbolicBindingGraph], Sequence[BindingGraphError]],
        ]
    ] = (),
) -> Score:
    r"""Score *predicted* graphs against *gold* cases, paired in order.

    A predicted graph is *correct* when
    ``binding_graph.arithmetic.answers(graph) == (case.answer,)``; when
    :func:`~binding_graph.arithmetic.answers` refuses it, the case is
    *unsolvable* by the refusal's code; a predicted refusal is *refused* by
    its code. A case that expects a refusal (its ``answer`` is ``None``) is
    correct when the producer refused it, whatever the code, and wrong when
    it gave a graph (*answered*, or *unsolvable*).

    Each predicted graph's set-up is matched against its gold graph's, as
    :func:`~binding_graph.datasets.diff` matches them: facts by their
    value and the place of the text that states it, whatever the width of
    their quotes, equations by their right-hand sides under a pairing of
    symbols, questions by their target and unit. The
    counts of each are summed over the cases; a case is *set up right*
    when every gold and every predicted element matched (a case that
    expects a refusal, when it was refused). A refusal predicts no element.
    Each wrong case kept names the first gold step its graph lacks or gets
    wrong, and spells it in the graph's own names: the graph's step taken
    for its miswriting, or the gold step under the pairing of symbols. The cases of a perturbation (GSM-Plus) are counted apart too.

    A predicted graph that answers is *accepted*: the score's ``coverage``
    is the share of cases accepted, its ``precision`` the share of those
    answered right. Each of *checks* is then applied, in order, to each
    graph accepted that the checks before it passed; a graph it refuses is
    a refusal from then on, right where its case expects one. The score's
    ``by_check`` holds a :class:`CheckRow` a check: the figures with it
    and those before it applied, and what it refused, by code.
    Both iterables are read once, in step; memory is bounded by *keep*.

    Args:
        predicted: An iterable of a
            :class:`~binding_graph.SemanticSymbolicBindingGraph`, a
            :class:`~binding_graph.BindingGraphError` (the producer's
            refusal) or a :class:`~binding_graph.LineRecord` (its graph or
            its error, as :func:`~binding_graph.load_lines` yields them: a
            refusal record is the producer's refusal) per case; exactly
            those classes.
        gold: An iterable of :class:`BenchmarkCase`, or of
            :class:`CaseRecord` as :func:`load_cases` yields them, as many.
        keep: The most wrong cases to keep in the ``wrong`` of the score; all are
            counted in its ``wrong_total``.
        checks: ``(name, function)`` pairs, a ``tuple`` or ``list``, of
            distinct non-blank names: each function takes a graph and
            returns a ``list`` (or ``tuple``) of the
            :class:`~binding_graph.BindingGraphError` it refuses the graph
            for, none when it passes.

    Returns:
        The score.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("keep",)`` unless *keep* is
            an ``int`` of at least 0; at ``("predicted", INDEX)`` or
            ``("gold", INDEX)`` for an item of another class, a refusal
            whose code is not a ``str`` (or ``not_in_vocabulary`` if it is
            none of the library's codes); a :class:`CaseRecord` that holds a
            refusal, by its code, at ``("gold", INDEX, *PATH)``, its message
            naming its line; at ``("predicted",)`` or
            ``("gold",)`` for an iterable whose own code raises anything but
            an ``OSError``, which passes as it is; ``malformed_document`` at
            ``("predicted",)`` or ``("gold",)``, whichever ends first, when
            the two are not of one length; ``wrong_type`` at ``("checks",)``
            or ``("checks", INDEX)`` for *checks* not as above, a check that
            raises (chained), or returns anything but refusals of the
            library's codes.

    >>> from fractions import Fraction
    >>> from binding_graph import BindingGraphError
    >>> from binding_graph.datasets import BenchmarkCase, from_gsm8k, score
    >>> case = from_gsm8k(
    ...     {"question": "Ann has 3 bags of 4 apples. How many apples?",
    ...      "answer": "<<3*4=12>>12\n#### 12"}, source_id="p1")
    >>> result = score([case.graph, BindingGraphError("not_arithmetic", "no")], [case, case])
    >>> result.accuracy, dict(result.refused), result.fact_recall, result.setups_right
    (Fraction(1, 2), {'not_arithmetic': 1}, Fraction(1, 2), 1)
    >>> result.coverage, result.precision
    (Fraction(1, 2), Fraction(1, 1))

    .. versionadded:: 0.1.0
    """
    if type(keep) is not int or keep < 0:
        refuse_type("score", "keep", "an int of at least 0", keep, ("keep",))
    predictions = guarded(
        predicted, "score", "predicted", f"an iterable of {PREDICTED}"
    )
    cases = guarded(gold, "score", "gold", _GOLD)
    tally = _Tally(keep, CheckTally(checks_of(checks)))
    for index, (item, case) in enumerate(_pairs(predictions, cases)):
        tally.add(index, outcome(item, index), case)
    return tally.score()


class _Tally:
    """The figures of a scoring, case by case."""

    def __init__(self, keep: int, checked: CheckTally) -> None:
        self.keep = keep
        self.checked = checked
        self.counts: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        self.unsolvable: Counter[str] = Counter()
        self.perturbations: dict[str, list[int]] = {}
        self.wrong: list[WrongCase] = []

    def add(
        self,
        index: int,
        outcome: SemanticSymbolicBindingGraph | BindingGraphError,
        case: BenchmarkCase,
    ) -> None:
        """Count one case: its set-up, then its answer or refusal."""
        counts = self.counts
        counts["total"] += 1
        gold = case.graph
        counts["facts_gold"] += len(gold.facts)
        counts["equations_gold"] += len(gold.equations)
        counts["questions_gold"] += len(gold.unknowns)
        counts["unanswerable"] += case.answer is None
        setup = None
        if type(outcome) is SemanticSymbolicBindingGraph:
            setup = self._setup(outcome, gold)
        elif case.answer is None:
            counts["setups_right"] += 1
        why, code, got = _judge(outcome, case.answer)
        right = why is None
        accepted = None if got is None else outcome
        self.checked.add(
            index,
            cast("SemanticSymbolicBindingGraph | None", accepted),
            right=right,
            unanswerable=case.answer is None,
        )
        counts["correct"] += right
        counts["refusals_right"] += right and case.answer is None
        if case.perturbation is not None:
            cases = self.perturbations.setdefault(case.perturbation, [0, 0])
            cases[0] += 1
            cases[1] += right
        if why is None:
            return
        if why == "refused":
            self.refused[cast("str", code)] += 1
        elif why == "unsolvable":
            self.unsolvable[cast("str", code)] += 1
        counts["wrong_total"] += 1
        if len(self.wrong) < self.keep:
            step = _first_wrong(gold, setup)
            predicted_step, predicted_equation = _predicted_step(
                outcome, gold, setup, step
            )
            self.wrong.append(
                WrongCase(
                    index=index,
                    source_id=case.source_id,
                    why=why,
                    code=code,
                    expected=case.answer,
                    got=got,
                    step=step,
                    step_equation=None if step is None else equation_text(gold, step),
                    predicted_step=predicted_step,
                    predicted_equation=predicted_equation,
                )
            )

    def _setup(
        self, graph: SemanticSymbolicBindingGraph, gold: SemanticSymbolicBindingGraph
    ) -> Setup:
        counts = self.counts
        setup = match_setups(graph, gold)
        matched_gold, matched_predicted = setup.facts
        counts["facts_matched"] += len(matched_predicted)
        counts["facts_recalled"] += len(matched_gold)
        counts["facts_predicted"] += len(graph.facts)
        counts["equations_matched"] += len(setup.equations)
        counts["equations_predicted"] += len(graph.equations)
        counts["questions_matched"] += len(setup.unknowns)
        counts["questions_predicted"] += len(graph.unknowns)
        counts["setups_right"] += (
            len(matched_gold) == len(gold.facts)
            and len(matched_predicted) == len(graph.facts)
            and len(setup.equations) == len(gold.equations) == len(graph.equations)
            and len(setup.unknowns) == len(gold.unknowns) == len(graph.unknowns)
        )
        return setup

    def score(self) -> Score:
        """Return the score of the cases counted."""
        counts = self.counts
        return Score(
            total=counts["total"],
            correct=counts["correct"],
            refused=dict(self.refused),
            unsolvable=dict(self.unsolvable),
            wrong=tuple(self.wrong),
            wrong_total=counts["wrong_total"],
            facts_matched=counts["facts_matched"],
            facts_predicted=counts["facts_predicted"],
            facts_gold=counts["facts_gold"],
            facts_recalled=counts["facts_recalled"],
            equations_matched=counts["equations_matched"],
            equations_predicted=counts["equations_predicted"],
            equations_gold=counts["equations_gold"],
            questions_matched=counts["questions_matched"],
            questions_predicted=counts["questions_predicted"],
            questions_gold=counts["questions_gold"],
            setups_right=counts["setups_right"],
            unanswerable=counts["unanswerable"],
            refusals_right=counts["refusals_right"],
            by_perturbation={
                name: (cases, right)
                for name, (cases, right) in self.perturbations.items()
            },
            by_check=self.checked.rows(counts["total"]),
        )


def _first_wrong(gold: SemanticSymbolicBindingGraph, setup: Setup | None) -> int | None:
    """Return the index of the first gold equation that *setup* does not match; ``None`` if it matches every one, or there is none."""
    if setup is None:
        return None
    for index in range(len(gold.equations)):
        if index not in setup.equations:
            return index
    return None


def _predicted_step(
    outcome: SemanticSymbolicBindingGraph | BindingGraphError,
    gold: SemanticSymbolicBindingGraph,
    setup: Setup | None,
    step: int | None,
) -> tuple[int | None, str | None]:
    """Return the first wrong step in the predicted graph's names, and its index there: its miswriting, where one is, else the gold step under the pairing."""
    if setup is None or step is None:
        return None, None
    if step in setup.miswritten:
        found = setup.miswritten[step]
        graph = cast("SemanticSymbolicBindingGraph", outcome)
        return found, equation_text(graph, found)
    return None, renamed_equation(gold, step, setup.pairing)


def _pairs(
    predictions: Iterator[object], cases: Iterator[object]
) -> Iterator[tuple[object, BenchmarkCase]]:
    """Yield each predicted item with its gold case (see :func:`_case`); refuse iterables of two lengths."""
    index = 0
    while True:
        item = next(predictions, _END)
        case = next(cases, _END)
        if item is _END or case is _END:
            if item is case:
                return
            side, other = (
                ("predicted", "gold") if item is _END else ("gold", "predicted")
            )
            msg = (
                f"score.{side} ended after {index} items, before score.{other}:"
                " the two must pair one to one"
            )
            raise BindingGraphError("malformed_document", msg, (side,))
        yield item, _case(case, index)
        index += 1


def _case(item: object, index: int) -> BenchmarkCase:
    """Return the case a gold item is or holds; refuse an item of another class, and a record that holds no case."""
    if type(item) is CaseRecord:
        record = item
        error = record.error
        if error is None:
            return cast("BenchmarkCase", record.case)
        msg = (
            f"score.gold[{index}] is line {record.line:,} of the gold cases, which"
            f" holds no case: {error.message}"
        )
        raise BindingGraphError(error.code, msg, ("gold", index, *error.path))
    if type(item) is not BenchmarkCase:
        refuse_type("score", "gold", _GOLD, item, ("gold", index))
    return item


def _judge(
    outcome: SemanticSymbolicBindingGraph | BindingGraphError, answer: Fraction | None
) -> tuple[Why | None, str | None, tuple[Fraction, ...] | None]:
    """Return why *outcome* is not right for a case of *answer* (``None``: a refusal is expected), the refusal's code, and the answers got; ``why`` is ``None`` if it is right."""
    if type(outcome) is BindingGraphError:
        return (None if answer is None else "refused"), outcome.code, None
    try:
        got = answers(cast("SemanticSymbolicBindingGraph", outcome))
    except BindingGraphError as error:
        # The boundary's refusal of a graph that answers nothing.
        return (None if answer is None else "unsolvable"), error.code, None
    if answer is None:
        return "answered", None, got
    return (None if got == (answer,) else "wrong_answer"), None, got
