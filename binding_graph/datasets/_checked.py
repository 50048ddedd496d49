"""Selective scoring: checks applied to the graphs a scoring accepts, one after another, each a row of the figures with it added."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from binding_graph._checks import is_str, mapping_items
from binding_graph.datasets._wrong import check_code, count
from binding_graph.errors import BindingGraphError, refuse, refuse_type

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["Check", "CheckRow", "CheckTally", "checks_of", "share"]

Check = tuple[
    str, "Callable[[SemanticSymbolicBindingGraph], Sequence[BindingGraphError]]"
]
"""A named check: its name, and a function of a graph that returns its refusals (none: it passes)."""

_CHECKS: Final = "a tuple or list of (name, function) pairs"
_COUNT: Final = count("CheckRow")


def share(part: int, whole: int, empty: int) -> Fraction:
    """Return ``part / whole``, or *empty* when *whole* is 0."""
    return Fraction(part, whole) if whole else Fraction(empty)


def _by_code(value: object) -> Mapping[str, int]:
    """Return *value*, counts by refusal code, as a read-only mapping sorted by code."""
    counts: dict[str, int] = {}
    expected = "a dict of counts by code"
    for code, number in mapping_items(value, "CheckRow", "by_code", expected):
        checked = check_code("CheckRow", "by_code", code, ("by_code",))
        if type(number) is not int or number < 1:
            refuse_type("CheckRow", "by_code", "a positive int", number, ("by_code",))
        counts[checked] = number
    return MappingProxyType(dict(sorted(counts.items())))


def _name(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if not is_str(value) or not value.strip():
        refuse_type("CheckRow", "name", "a non-blank str", value, ("name",))


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckRow:
    """The figures of a scoring with one more check applied to the graphs it accepts, a row of a score's ``by_check``.

    Args:
        name: The check's name.
        total: How many cases were scored.
        refused: How many graphs that answered, and that the checks before
            it passed, it refused.
        refused_right: How many of those answered right: the right answers
            it cost.
        by_code: Its refusals by the code of each graph's first refusal.
        accepted: How many graphs answer with it and the checks before it
            applied.
        answered_right: How many of those answer right.
        correct: How many cases are right with it applied: the graphs
            accepted that answer right, and the refusals (the producer's,
            the boundary's, the checks') of cases that expect one.

    Raises:
        BindingGraphError: ``wrong_type`` or ``not_in_vocabulary`` for a
            field of the wrong type; ``wrong_type`` at the field unless
            ``refused_right <= refused``, ``by_code`` sums to ``refused``,
            ``answered_right <= accepted <= total`` and
            ``answered_right <= correct <= total``.

    .. versionadded:: 0.1.0
    """

    name: str = attrs.field(validator=_name)
    total: int = attrs.field(validator=_COUNT)
    refused: int = attrs.field(validator=_COUNT)
    refused_right: int = attrs.field(validator=_COUNT)
    by_code: Mapping[str, int] = attrs.field(
        converter=_by_code, eq=lambda counts: tuple(counts.items())
    )
    accepted: int = attrs.field(validator=_COUNT)
    answered_right: int = attrs.field(validator=_COUNT)
    correct: int = attrs.field(validator=_COUNT)

    def __attrs_post_init__(self) -> None:
        for name, value, bound in (
            ("refused_right", self.refused_right, self.refused),
            ("by_code", sum(self.by_code.values()), self.refused),
            ("accepted", self.accepted, self.total),
            ("answered_right", self.answered_right, min(self.accepted, self.correct)),
            ("correct", self.correct, self.total),
        ):
            if value > bound or (name == "by_code" and value != bound):
                rule = "must count within refused, accepted, correct and total"
                refuse("wrong_type", "CheckRow", name, rule, value, (name,))

    @property
    def coverage(self) -> Fraction:
        """The share of cases answered with the check, ``accepted / total``, or 0 when there are none.

        .. versionadded:: 0.1.0
        """
        return share(self.accepted, self.total, 0)

    @property
    def accuracy(self) -> Fraction:
        """The share of cases right with the check, ``correct / total``, or 0 when there are none.

        .. versionadded:: 0.1.0
        """
        return share(self.correct, self.total, 0)

    @property
    def precision(self) -> Fraction:
        """The share of the answers accepted that are right, ``answered_right / accepted``, or 1 when none is accepted.

        .. versionadded:: 0.1.0
        """
        return share(self.answered_right, self.accepted, 1)

    def to_data(self) -> dict[str, object]:
        """Return the row as a JSON-ready ``dict``: its counts, and its shares as numbers.

        .. versionadded:: 0.1.0
        """
        return {
            "name": self.name,
            "refused": self.refused,
            "refused_right": self.refused_right,
            "by_code": dict(self.by_code),
            "accepted": self.accepted,
            "answered_right": self.answered_right,
            "correct": self.correct,
            "coverage": float(self.coverage),
            "accuracy": float(self.accuracy),
            "precision": float(self.precision),
        }


def checks_of(value: object) -> tuple[Check, ...]:
    """Return *value*, a ``tuple`` or ``list`` of ``(name, function)`` pairs of distinct non-blank names, as a tuple; refuse anything else at ``("checks", ...)``."""
    if type(value) is not tuple and type(value) is not list:
        refuse_type("score", "checks", _CHECKS, value, ("checks",))
    found: list[Check] = []
    names: set[str] = set()
    for index, pair in enumerate(cast("list[object]", value)):
        where = ("checks", index)
        items = cast("tuple[object, ...]", pair)
        if type(pair) is not tuple or len(items) != 2 or not callable(items[1]):  # noqa: PLR2004 -- a pair
            expected = "a (name, function) pair"
            refuse_type("score", f"checks[{index}]", expected, items, where)
        name = items[0]
        if not is_str(name) or not name.strip():
            refuse_type(
                "score", f"checks[{index}]", "a non-blank str name", name, where
            )
        if name in names:
            rule = "must be named apart from the checks before it"
            refuse("wrong_type", "score", f"checks[{index}]", rule, name, where)
        names.add(name)
        found.append(cast("Check", pair))
    return tuple(found)


def _refusals(
    check: Check, position: int, graph: SemanticSymbolicBindingGraph, case: int
) -> list[BindingGraphError]:
    """Return what *check* refuses of *graph*; refuse a check that raises, or returns anything but a list or tuple of refusals of the library's codes."""
    name, function = check
    where = ("checks", position)
    expected = "a function that returns a list of BindingGraphError"
    try:
        found: object = function(graph)
    except Exception as exc:
        msg = (
            f"score.checks[{position}] ({name!r}) must be {expected}, but it"
            f" raised {type(exc).__name__} on the graph of case {case + 1:,}"
        )
        raise BindingGraphError("wrong_type", msg, where) from exc
    errors = cast("list[object]", found)
    if (type(found) is not list and type(found) is not tuple) or any(
        type(error) is not BindingGraphError for error in errors
    ):
        refuse_type("score", f"checks[{position}]", expected, errors, where)
    for error in errors:
        check_code(
            "score", f"checks[{position}]", cast("BindingGraphError", error).code, where
        )
    return cast("list[BindingGraphError]", errors)


class CheckTally:
    """The rows of a scoring's checks, case by case: each row the figures with its check and those before it applied."""

    def __init__(self, checks: tuple[Check, ...]) -> None:
        self.checks = checks
        size = len(checks)
        self.refused = [0] * size
        self.refused_right = [0] * size
        self.by_code: list[Counter[str]] = [Counter() for _ in checks]
        self.accepted = [0] * size
        self.answered_right = [0] * size
        self.correct = [0] * size

    def add(
        self,
        case: int,
        graph: SemanticSymbolicBindingGraph | None,
        *,
        right: bool,
        unanswerable: bool,
    ) -> None:
        """Count one case: *graph* is the one it accepted (``None``: it accepted none), *right* whether the case is right without the checks."""
        if graph is None:
            for row in range(len(self.checks)):
                self.correct[row] += right
            return
        stop = len(self.checks)
        for position, check in enumerate(self.checks):
            found = _refusals(check, position, graph, case)
            if found:
                stop = position
                self.refused[position] += 1
                self.refused_right[position] += right
                self.by_code[position][found[0].code] += 1
                break
        for row in range(len(self.checks)):
            kept = row < stop
            self.accepted[row] += kept
            self.answered_right[row] += kept and right
            self.correct[row] += right if kept else unanswerable

    def rows(self, total: int) -> tuple[CheckRow, ...]:
        """Return the rows of the cases counted, *total* of them."""
        return tuple(
            CheckRow(
                name=name,
                total=total,
                refused=self.refused[row],
                refused_right=self.refused_right[row],
                by_code=dict(self.by_code[row]),
                accepted=self.accepted[row],
                answered_right=self.answered_right[row],
                correct=self.correct[row],
            )
            for row, (name, _) in enumerate(self.checks)
        )
