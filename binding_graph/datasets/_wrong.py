"""A case that predicted graphs did not get right, and why: :class:`WrongCase`."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal, cast

import attrs

from binding_graph import _kinds as _k
from binding_graph.errors import REFUSAL_CODES, refuse, refuse_type
from binding_graph.expressions import spelled

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["Why", "WrongCase", "check_code", "count", "tuple_of"]

Why = Literal["refused", "unsolvable", "wrong_answer", "answered"]
"""Why a case is wrong: one of :data:`WHYS`."""
WHYS: Final = ("refused", "unsolvable", "wrong_answer", "answered")
_ANSWERED: Final = frozenset({"wrong_answer", "answered"})


def count(owner: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
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


def tuple_of(value: object, cls: type) -> bool:
    """Tell whether *value* is exactly a tuple of exactly *cls* instances."""
    if type(value) is not tuple:
        return False
    items = cast("tuple[object, ...]", value)
    return all(type(item) is cls for item in items)


def _step(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (type(value) is not int or value < 0):
        name = attribute.name
        refuse_type("WrongCase", name, "an int of at least 0, or None", value, (name,))


@attrs.frozen(kw_only=True, weakref_slot=False)
class WrongCase:
    """A case the predicted graph did not get right, and why.

    Args:
        index: The case's place in the gold cases, from 0.
        source_id: The gold case's ``source_id``.
        why: ``"refused"`` (the producer refused a case that has an
            answer), ``"unsolvable"``
            (:func:`~binding_graph.arithmetic.answers` refuses the predicted
            graph), ``"wrong_answer"``, or ``"answered"`` (the predicted graph
            answers a case that expects a refusal).
        code: The refusal's code, for ``"refused"`` and ``"unsolvable"``;
            else ``None``.
        expected: The gold answer; ``None`` for a case that expects a
            refusal.
        got: The predicted graph's answers, for ``"wrong_answer"`` and
            ``"answered"``; else ``None``.
        step: The first step of the gold graph (the index of its equation)
            that the predicted graph lacks or gets wrong, if the graph was
            predicted and one does; else ``None``.
        step_equation: That gold step, as ``SYMBOL := RHS``, given exactly
            with *step*.
        predicted_step: The predicted graph's equation taken for that gold
            step's miswriting (its index), where one is; else ``None``.
        predicted_equation: That step in the predicted graph's names, as
            ``SYMBOL := RHS``: the equation *predicted_step* names, or else
            the gold step with each gold symbol renamed to its predicted
            partner, where it has one. Given with *step* (``None`` only if
            not known), and with *predicted_step* always.

    Raises:
        BindingGraphError: ``wrong_type`` or ``not_in_vocabulary`` for a
            field of the wrong type or outside its set; ``wrong_type`` at
            ``("code",)``, ``("got",)`` or ``("step_equation",)`` when
            *code*, *got* or *step_equation* is given, or missing, against
            what *why* and *step* say; at ``("predicted_equation",)``
            when it is given without *step*, or missing with
            *predicted_step*.

    .. versionadded:: 0.1.0
    """

    index: int = attrs.field(validator=count("WrongCase"))
    source_id: str = attrs.field(validator=_k.text)
    why: Why
    code: str | None
    expected: Fraction | None
    got: tuple[Fraction, ...] | None
    step: int | None = attrs.field(default=None, validator=_step)
    step_equation: str | None = attrs.field(default=None, validator=_k.optional_text)
    predicted_step: int | None = attrs.field(default=None, validator=_step)
    predicted_equation: str | None = attrs.field(
        default=None, validator=_k.optional_text
    )

    def __attrs_post_init__(self) -> None:
        owner = "WrongCase"
        why: object = self.why  # the annotation is what is checked here
        if type(why) is not str:
            refuse_type(owner, "why", "a str", why, ("why",))
        if self.why not in WHYS:
            rule = f"must be one of {', '.join(WHYS)}"
            refuse("not_in_vocabulary", owner, "why", rule, self.why, ("why",))
        answered = self.why in _ANSWERED
        if answered is not (self.code is None):
            rule = "is given exactly when why is refused or unsolvable"
            refuse("wrong_type", owner, "code", rule, self.code, ("code",))
        if self.code is not None:
            check_code(owner, "code", self.code, ("code",))
        if self.expected is not None and type(self.expected) is not Fraction:
            expected = "a Fraction or None"
            refuse_type(owner, "expected", expected, self.expected, ("expected",))
        if answered is not (self.got is not None) or not (
            self.got is None or tuple_of(self.got, Fraction)
        ):
            rule = (
                "must be a tuple of Fractions when why is wrong_answer or"
                " answered, else None"
            )
            refuse("wrong_type", owner, "got", rule, self.got, ("got",))
        if (self.step is None) is not (self.step_equation is None):
            rule = "is given exactly when step is"
            path = ("step_equation",)
            refuse("wrong_type", owner, "step_equation", rule, self.step_equation, path)
        if (self.predicted_equation is not None and self.step is None) or (
            self.predicted_step is not None and self.predicted_equation is None
        ):
            rule = "is given only with step, and always with predicted_step"
            path = ("predicted_equation",)
            spelled_as = self.predicted_equation
            refuse("wrong_type", owner, "predicted_equation", rule, spelled_as, path)

    def to_data(self) -> dict[str, object]:
        """Return the case as a JSON-ready ``dict``, its numbers spelled as a fact's value.

        The case is numbered from 1, as ``binding-graph score`` names it
        (``case 2``): ``"case"`` is ``index + 1``.

        .. versionadded:: 0.1.0
        """
        got = None if self.got is None else [spelled(value) for value in self.got]
        expected = None if self.expected is None else spelled(self.expected)
        return {
            "case": self.index + 1,
            "source_id": self.source_id,
            "why": self.why,
            "code": self.code,
            "expected": expected,
            "got": got,
            "step": self.step,
            "step_equation": self.step_equation,
            "predicted_step": self.predicted_step,
            "predicted_equation": self.predicted_equation,
        }
