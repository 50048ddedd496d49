"""The value a scoring returns: :class:`Score`, and the :class:`WrongCase` it keeps."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal, cast

import attrs

from binding_graph import _kinds as _k
from binding_graph._checks import mapping_items
from binding_graph.errors import REFUSAL_CODES, refuse, refuse_type
from binding_graph.expressions import spelled

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["PREDICTED", "Score", "Why", "WrongCase", "check_code"]

Why = Literal["refused", "unsolvable", "wrong_answer"]
_WHYS: Final = ("refused", "unsolvable", "wrong_answer")
PREDICTED: Final = "a graph, a BindingGraphError or a LineRecord"
"""What ``score`` takes as a predicted item."""


def _count(owner: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """Return the check of a field that holds a count: exactly an ``int``, at least 0."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value < 0:
            name = attribute.name
            refuse_type(owner, name, "an int of at least 0", value, (name,))

    return check


def check_code(
    owner: str, field: str, value: object, path: tuple[str | int, ...]
) -> str:
    """Return *value* if it is one of the library's refusal codes; else refuse it."""
    if type(value) is not str:
        refuse_type(owner, field, "a refusal code, a str", value, path)
    if value not in REFUSAL_CODES:
        rule = "must be one of the library's refusal codes"
        refuse("not_in_vocabulary", owner, field, rule, value, path)
    return value


def _tuple_of(value: object, cls: type) -> bool:
    """Tell whether *value* is exactly a tuple of exactly *cls* instances."""
    if type(value) is not tuple:
        return False
    items = cast("tuple[object, ...]", value)
    return all(type(item) is cls for item in items)


@attrs.frozen(kw_only=True, weakref_slot=False)
class WrongCase:
    """A case the predicted graph did not answer right, and why.

    Args:
        index: The case's place in the gold cases, from 0.
        source_id: The gold case's ``source_id``.
        why: ``"refused"`` (the producer refused the case), ``"unsolvable"``
            (:func:`~binding_graph.arithmetic.answers` refuses the predicted
            graph) or ``"wrong_answer"``.
        code: The refusal's code, for ``"refused"`` and ``"unsolvable"``;
            ``None`` for ``"wrong_answer"``.
        expected: The gold answer.
        got: The predicted graph's answers, for ``"wrong_answer"``; else
            ``None``.

    Raises:
        BindingGraphError: ``wrong_type`` or ``not_in_vocabulary`` for a
            field of the wrong type or outside its set; ``wrong_type`` at
            ``("code",)`` or ``("got",)`` when *code* or *got* is given,
            or missing, against what *why* says.

    .. versionadded:: 0.1.0
    """

    index: int = attrs.field(validator=_count("WrongCase"))
    source_id: str = attrs.field(validator=_k.text)
    why: Why
    code: str | None
    expected: Fraction
    got: tuple[Fraction, ...] | None

    def __attrs_post_init__(self) -> None:
        owner = "WrongCase"
        why: object = self.why  # the annotation is what is checked here
        if type(why) is not str:
            refuse_type(owner, "why", "a str", why, ("why",))
        if self.why not in _WHYS:
            rule = f"must be one of {', '.join(_WHYS)}"
            refuse("not_in_vocabulary", owner, "why", rule, self.why, ("why",))
        answered = self.why == "wrong_answer"
        if answered is not (self.code is None):
            rule = "is given exactly when why is refused or unsolvable"
            refuse("wrong_type", owner, "code", rule, self.code, ("code",))
        if self.code is not None:
            check_code(owner, "code", self.code, ("code",))
        if type(self.expected) is not Fraction:
            refuse_type(owner, "expected", "a Fraction", self.expected, ("expected",))
        if answered is not (self.got is not None) or not (
            self.got is None or _tuple_of(self.got, Fraction)
        ):
            rule = "must be a tuple of Fractions when why is wrong_answer, else None"
            refuse("wrong_type", owner, "got", rule, self.got, ("got",))

    def to_data(self) -> dict[str, object]:
        """Return the case as a JSON-ready ``dict``, its numbers spelled as a fact's value.

        .. versionadded:: 0.1.0
        """
        got = None if self.got is None else [spelled(value) for value in self.got]
        return {
            "index": self.index,
            "source_id": self.source_id,
            "why": self.why,
            "code": self.code,
            "expected": spelled(self.expected),
            "got": got,
        }


def _counts(name: str, value: object) -> Mapping[str, int]:
    """Return *value*, counts by refusal code, as a read-only mapping sorted by code."""
    counts: dict[str, int] = {}
    for code, count in mapping_items(value, "Score", name, "a dict of counts by code"):
        checked = check_code("Score", name, code, (name,))
        if type(count) is not int or count < 1:
            refuse_type("Score", name, "a positive int", count, (name, checked))
        counts[checked] = count
    return MappingProxyType(dict(sorted(counts.items())))


def _refused(value: object) -> Mapping[str, int]:
    return _counts("refused", value)


def _unsolvable(value: object) -> Mapping[str, int]:
    return _counts("unsolvable", value)


def _items(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(counts.items())


def _wrong(_: object, __: object, value: object) -> None:
    if not _tuple_of(value, WrongCase):
        refuse_type("Score", "wrong", "a tuple of WrongCase", value, ("wrong",))


def _ratio(part: int, whole: int) -> Fraction:
    return Fraction(part, whole) if whole else Fraction(1)


@attrs.frozen(kw_only=True, weakref_slot=False)
class Score:
    """How predicted graphs answer a benchmark's gold cases, and how their facts match the gold facts.

    Args:
        total: How many cases were scored.
        correct: How many predicted graphs answered exactly the gold answer.
        refused: How many cases the producer refused, by code.
        unsolvable: How many predicted graphs
            :func:`~binding_graph.arithmetic.answers` refuses, by code.
        wrong: The first cases not answered right, at most as many as
            :func:`score` was told to keep.
        wrong_total: How many cases were not answered right:
            ``total - correct``.
        facts_matched: How many predicted facts matched a gold fact.
        facts_predicted: How many facts the predicted graphs hold.
        facts_gold: How many facts the gold graphs hold.

    A mapping of counts reads in the order of its codes, and holds no zero.

    Raises:
        BindingGraphError: ``wrong_type`` or ``not_in_vocabulary`` for a
            field of the wrong type; ``wrong_type`` at ``("wrong_total",)``
            unless ``correct + wrong_total == total``, more cases are kept
            than are wrong, and the refused and unsolvable count no more
            than the wrong cases; at ``("facts_matched",)`` if more facts
            matched than were predicted or are gold.

    .. versionadded:: 0.1.0
    """

    total: int = attrs.field(validator=_count("Score"))
    correct: int = attrs.field(validator=_count("Score"))
    refused: Mapping[str, int] = attrs.field(converter=_refused, eq=_items)
    unsolvable: Mapping[str, int] = attrs.field(converter=_unsolvable, eq=_items)
    wrong: tuple[WrongCase, ...] = attrs.field(validator=_wrong)
    wrong_total: int = attrs.field(validator=_count("Score"))
    facts_matched: int = attrs.field(validator=_count("Score"))
    facts_predicted: int = attrs.field(validator=_count("Score"))
    facts_gold: int = attrs.field(validator=_count("Score"))

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
            refuse(
                "wrong_type",
                "Score",
                "wrong_total",
                rule,
                self.wrong_total,
                ("wrong_total",),
            )
        if self.facts_matched > min(self.facts_predicted, self.facts_gold):
            rule = "must be at most facts_predicted and facts_gold"
            refuse(
                "wrong_type",
                "Score",
                "facts_matched",
                rule,
                self.facts_matched,
                ("facts_matched",),
            )

    @property
    def accuracy(self) -> Fraction:
        """The share of cases answered right, ``correct / total``, or 0 when there are none.

        .. versionadded:: 0.1.0
        """
        return Fraction(self.correct, self.total) if self.total else Fraction(0)

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
        return _ratio(self.facts_matched, self.facts_gold)

    def to_data(self) -> dict[str, object]:
        """Return the score as a JSON-ready ``dict``, every ratio spelled as a fact's value (``"2/3"``, ``"0.5"``).

        .. versionadded:: 0.1.0
        """
        return {
            "total": self.total,
            "correct": self.correct,
            "accuracy": spelled(self.accuracy),
            "refused": dict(self.refused),
            "unsolvable": dict(self.unsolvable),
            "facts_matched": self.facts_matched,
            "facts_predicted": self.facts_predicted,
            "facts_gold": self.facts_gold,
            "fact_precision": spelled(self.fact_precision),
            "fact_recall": spelled(self.fact_recall),
            "wrong_total": self.wrong_total,
            "wrong": [case.to_data() for case in self.wrong],
        }
