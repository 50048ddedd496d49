"""The value a scoring returns: :class:`Score`, with the :class:`~binding_graph.datasets.WrongCase` values it keeps."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final, cast

import attrs

from binding_graph._checks import is_str, mapping_items
from binding_graph.datasets._checked import CheckRow, share
from binding_graph.datasets._wrong import WrongCase, check_code, count, tuple_of
from binding_graph.errors import refuse, refuse_type

__all__ = ["PREDICTED", "Score"]

PREDICTED: Final = "a graph, a BindingGraphError or a LineRecord"
"""What ``score`` takes as a predicted item."""


def _counts(name: str, value: object) -> Mapping[str, int]:
    """Return *value*, counts by refusal code, as a read-only mapping sorted by code."""
    counts: dict[str, int] = {}
    for code, number in mapping_items(value, "Score", name, "a dict of counts by code"):
        checked = check_code("Score", name, code, (name,))
        if type(number) is not int or number < 1:
            refuse_type("Score", name, "a positive int", number, (name, checked))
        counts[checked] = number
    return MappingProxyType(dict(sorted(counts.items())))


def _refused(value: object) -> Mapping[str, int]:
    return _counts("refused", value)


def _unsolvable(value: object) -> Mapping[str, int]:
    return _counts("unsolvable", value)


def _items(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(counts.items())


def _wrong(_: object, __: object, value: object) -> None:
    if not tuple_of(value, WrongCase):
        refuse_type("Score", "wrong", "a tuple of WrongCase", value, ("wrong",))


def _ratio(part: int, whole: int) -> Fraction:
    return share(part, whole, 1)


def _by_check(instance: Score, _: object, value: object) -> None:
    rows = cast("tuple[CheckRow, ...]", value)
    if not tuple_of(value, CheckRow) or any(
        row.total != instance.total for row in rows
    ):
        expected = "a tuple of CheckRow, each of the score's total"
        refuse_type("Score", "by_check", expected, value, ("by_check",))
    if len({row.name for row in rows}) != len(rows):
        rule = "must name each check once"
        refuse("wrong_type", "Score", "by_check", rule, value, ("by_check",))


def _by_perturbation(value: object) -> Mapping[str, tuple[int, int]]:
    """Return *value*, cases and cases right by perturbation, as a read-only mapping sorted by perturbation."""
    expected = "a dict of (cases, right) pairs by perturbation"
    counts: dict[str, tuple[int, int]] = {}
    for name, pair in mapping_items(value, "Score", "by_perturbation", expected):
        if not is_str(name) or not name.strip():
            refuse_type(
                "Score", "by_perturbation", expected, name, ("by_perturbation",)
            )
        numbers = cast("tuple[int, ...]", pair)
        if (
            not tuple_of(pair, int)
            or len(numbers) != 2  # noqa: PLR2004 -- a pair
            or not 0 <= numbers[1] <= numbers[0]
            or not numbers[0]
        ):
            path = ("by_perturbation", name)
            refuse_type("Score", "by_perturbation", expected, pair, path)
        counts[name] = (numbers[0], numbers[1])
    return MappingProxyType(dict(sorted(counts.items())))


_COUNT: Final = count("Score")


def _at_most(owner: str, name: str, value: int, rule: str) -> None:
    refuse("wrong_type", owner, name, rule, value, (name,))


@attrs.frozen(kw_only=True, weakref_slot=False)
class Score:
    """How predicted graphs answer a benchmark's gold cases, and how they set its problems up.

    Args:
        total: How many cases were scored.
        correct: How many were right: a predicted graph that answers
            exactly the gold answer, or a refusal of a case that expects one.
        refused: How many cases with an answer the producer refused, by code.
        unsolvable: How many predicted graphs
            :func:`~binding_graph.arithmetic.answers` refuses, by code.
        wrong: The first cases not right, at most as many as
            :func:`score` was told to keep.
        wrong_total: How many cases were not right: ``total - correct``.
        facts_matched: How many predicted facts matched a gold fact.
        facts_recalled: How many gold facts a predicted fact matched: at
            most ``facts_matched``, as several predicted facts match one
            gold fact where the gold binds equal values to one symbol;
            ``facts_matched`` when not given.
        facts_predicted: How many facts the predicted graphs hold.
        facts_gold: How many facts the gold graphs hold.
        equations_matched: How many gold equations a predicted equation
            matched, under the pairing of symbols (see
            :func:`~binding_graph.datasets.diff`).
        equations_predicted: How many equations the predicted graphs hold.
        equations_gold: How many equations the gold graphs hold.
        questions_matched: How many gold unknowns a predicted unknown
            matched: the same target, in the same unit.
        questions_predicted: How many unknowns the predicted graphs hold.
        questions_gold: How many unknowns the gold graphs hold.
        setups_right: How many cases were set up exactly as the gold: every
            gold and every predicted fact, equation and unknown matched (for
            a case that expects a refusal, a refusal).
        unanswerable: How many cases expect a refusal.
        refusals_right: How many of those the producer refused.
        by_perturbation: For the cases that a benchmark perturbed (GSM-Plus),
            how many there are of each perturbation, and how many were right.
        by_check: For each check :func:`score` was given, in order, the
            figures with it and the checks before it applied to the graphs
            accepted.

    A mapping of counts reads in the order of its keys, and holds no zero.

    Raises:
        BindingGraphError: ``wrong_type`` or ``not_in_vocabulary`` for a
            field of the wrong type; ``wrong_type`` at ``("wrong_total",)``
            unless ``correct + wrong_total == total``, more cases are kept
            than are wrong, and the refused and unsolvable count no more
            than the wrong cases; at a ``..._matched`` field if more matched
            than were predicted or (but for facts) are gold; at
            ``("facts_recalled",)`` beyond ``facts_gold`` or
            ``facts_matched``; at ``("setups_right",)``,
            ``("unanswerable",)`` or ``("refusals_right",)`` beyond the cases
            they count among; at ``("by_check",)`` for rows of another total,
            or two of one name.

    .. versionadded:: 0.1.0
    """

    total: int = attrs.field(validator=_COUNT)
    correct: int = attrs.field(validator=_COUNT)
    refused: Mapping[str, int] = attrs.field(converter=_refused, eq=_items)
    unsolvable: Mapping[str, int] = attrs.field(converter=_unsolvable, eq=_items)
    wrong: tuple[WrongCase, ...] = attrs.field(validator=_wrong)
    wrong_total: int = attrs.field(validator=_COUNT)
    facts_matched: int = attrs.field(validator=_COUNT)
    facts_predicted: int = attrs.field(validator=_COUNT)
    facts_gold: int = attrs.field(validator=_COUNT)
    facts_recalled: int = attrs.field(
        default=attrs.Factory(lambda self: self.facts_matched, takes_self=True),
        validator=_COUNT,
    )
    equations_matched: int = attrs.field(default=0, validator=_COUNT)
    equations_predicted: int = attrs.field(default=0, validator=_COUNT)
    equations_gold: int = attrs.field(default=0, validator=_COUNT)
    questions_matched: int = attrs.field(default=0, validator=_COUNT)
    questions_predicted: int = attrs.field(default=0, validator=_COUNT)
    questions_gold: int = attrs.field(default=0, validator=_COUNT)
    setups_right: int = attrs.field(default=0, validator=_COUNT)
    unanswerable: int = attrs.field(default=0, validator=_COUNT)
    refusals_right: int = attrs.field(default=0, validator=_COUNT)
    by_perturbation: Mapping[str, tuple[int, int]] = attrs.field(
        factory=dict[str, tuple[int, int]], converter=_by_perturbation, eq=_items
    )
    by_check: tuple[CheckRow, ...] = attrs.field(default=(), validator=_by_check)

    def __attrs_post_init__(self) -> None:
        failed = sum(self.refused.values()) + sum(self.unsolvable.values())
        if (
            self.correct + self.wrong_total != self.total
            or len(self.wrong) > self.wrong_total
            or failed > self.wrong_total
        ):
            rule = (
                "must be total - correct, at least the cases kept, refused and"
                " unsolvable"
            )
            _at_most("Score", "wrong_total", self.wrong_total, rule)
        if self.facts_matched > self.facts_predicted:
            rule = "must be at most facts_predicted"
            _at_most("Score", "facts_matched", self.facts_matched, rule)
        if self.facts_recalled > min(self.facts_gold, self.facts_matched):
            rule = "must be at most facts_gold and facts_matched"
            _at_most("Score", "facts_recalled", self.facts_recalled, rule)
        for kind in ("equations", "questions"):
            matched = getattr(self, f"{kind}_matched")
            if matched > min(
                getattr(self, f"{kind}_predicted"), getattr(self, f"{kind}_gold")
            ):
                rule = f"must be at most {kind}_predicted and {kind}_gold"
                _at_most("Score", f"{kind}_matched", matched, rule)
        for name, value, whole in (
            ("setups_right", self.setups_right, self.total),
            ("unanswerable", self.unanswerable, self.total),
            (
                "refusals_right",
                self.refusals_right,
                min(self.unanswerable, self.correct),
            ),
        ):
            if value > whole:
                _at_most("Score", name, value, "must count among the cases")

    @property
    def accuracy(self) -> Fraction:
        """The share of cases answered right, ``correct / total``, or 0 when there are none.

        .. versionadded:: 0.1.0
        """
        return Fraction(self.correct, self.total) if self.total else Fraction(0)

    @property
    def accepted(self) -> int:
        """How many predicted graphs answer, neither refused by the producer nor unsolvable.

        .. versionadded:: 0.1.0
        """
        refusals = self.refusals_right + sum(self.refused.values())
        return self.total - refusals - sum(self.unsolvable.values())

    @property
    def coverage(self) -> Fraction:
        """The share of cases answered, ``accepted / total``, or 0 when there are none.

        .. versionadded:: 0.1.0
        """
        return share(self.accepted, self.total, 0)

    @property
    def precision(self) -> Fraction:
        """The share of the answers that are right, ``(correct - refusals_right) / accepted``; 1 when none is accepted.

        Beside :attr:`coverage`, what a pipeline that acts on every answer it
        accepts can trust of them; :attr:`accuracy` is the share of all cases.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.correct - self.refusals_right, self.accepted)

    @property
    def fact_precision(self) -> Fraction:
        """The share of predicted facts that match a gold fact; 1 when none are predicted.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.facts_matched, self.facts_predicted)

    @property
    def fact_recall(self) -> Fraction:
        """The share of gold facts that a predicted fact matches; 1 when there are none.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.facts_recalled, self.facts_gold)

    @property
    def equation_precision(self) -> Fraction:
        """The share of predicted equations that match a gold equation; 1 when none are predicted.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.equations_matched, self.equations_predicted)

    @property
    def equation_recall(self) -> Fraction:
        """The share of gold equations that a predicted equation matches; 1 when there are none.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.equations_matched, self.equations_gold)

    @property
    def question_precision(self) -> Fraction:
        """The share of predicted unknowns that match a gold unknown; 1 when none are predicted.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.questions_matched, self.questions_predicted)

    @property
    def question_recall(self) -> Fraction:
        """The share of gold unknowns that a predicted unknown matches; 1 when there are none.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.questions_matched, self.questions_gold)

    @property
    def refusal_precision(self) -> Fraction:
        """The share of the producer's refusals that were of cases expecting one; 1 when it refused none.

        A refusal is a refused graph, or a graph that answers nothing (an
        unsolvable one).

        .. versionadded:: 0.1.0
        """
        refusals = self.refusals_right + sum(self.refused.values())
        refusals += sum(self.unsolvable.values())
        return _ratio(self.refusals_right, refusals)

    @property
    def refusal_recall(self) -> Fraction:
        """The share of cases expecting a refusal that the producer refused; 1 when none expect one.

        .. versionadded:: 0.1.0
        """
        return _ratio(self.refusals_right, self.unanswerable)

    def to_data(self) -> dict[str, object]:
        """Return the score as a JSON-ready ``dict``: counts, shares as numbers, and the wrong cases.

        Each share (``accuracy``, ``coverage``, the precisions and recalls)
        is a JSON number, the float nearest its exact value, for a dashboard
        to read as it is; its exact value is the ratio of the counts beside
        it: ``correct / total`` and ``accepted / total`` (0 when ``total``
        is 0), ``precision`` of the answers right over ``accepted`` (1 when
        none is), ``facts_matched /
        facts_predicted`` and ``facts_recalled / facts_gold`` (1 when the
        count below is 0), and so for equations and questions (of which
        ``..._matched`` counts both ways), and refusals; ``by_check`` holds
        each check's row, :meth:`CheckRow.to_data`.
        Answers are spelled as a fact's value (``"2/3"``, ``"0.5"``),
        exactly.

        >>> from binding_graph.datasets import Score
        >>> data = Score(total=3, correct=2, refused={}, unsolvable={}, wrong=(),
        ...              wrong_total=1, facts_matched=5, facts_predicted=6,
        ...              facts_gold=5).to_data()
        >>> data["accuracy"], data["fact_precision"], data["fact_recall"]
        (0.6666666666666666, 0.8333333333333334, 1.0)

        .. versionadded:: 0.1.0
        """
        return {
            "total": self.total,
            "correct": self.correct,
            "accuracy": float(self.accuracy),
            "accepted": self.accepted,
            "coverage": float(self.coverage),
            "precision": float(self.precision),
            "refused": dict(self.refused),
            "unsolvable": dict(self.unsolvable),
            "facts_matched": self.facts_matched,
            "facts_predicted": self.facts_predicted,
            "facts_gold": self.facts_gold,
            "facts_recalled": self.facts_recalled,
            "fact_precision": float(self.fact_precision),
            "fact_recall": float(self.fact_recall),
            "equations_matched": self.equations_matched,
            "equations_predicted": self.equations_predicted,
            "equations_gold": self.equations_gold,
            "equation_precision": float(self.equation_precision),
            "equation_recall": float(self.equation_recall),
            "questions_matched": self.questions_matched,
            "questions_predicted": self.questions_predicted,
            "questions_gold": self.questions_gold,
            "question_precision": float(self.question_precision),
            "question_recall": float(self.question_recall),
            "setups_right": self.setups_right,
            "unanswerable": self.unanswerable,
            "refusals_right": self.refusals_right,
            "refusal_precision": float(self.refusal_precision),
            "refusal_recall": float(self.refusal_recall),
            "by_perturbation": {
                name: {"total": cases, "correct": right}
                for name, (cases, right) in self.by_perturbation.items()
            },
            "by_check": [row.to_data() for row in self.by_check],
            "wrong_total": self.wrong_total,
            "wrong": [case.to_data() for case in self.wrong],
        }
