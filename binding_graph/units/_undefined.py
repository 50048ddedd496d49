"""The operators that no unit or dimension has, refused rather than left to Python's ``TypeError``.

A unit is multiplied and divided by units and raised to int powers; it is
not added, negated, ordered, or the right operand of a number. Python
raises its own ``TypeError`` for an operator a class does not define; these
methods refuse instead, with a :class:`~binding_graph.BindingGraphError`
that says what the class does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NoReturn, TypeVar

from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["refusing"]

_T = TypeVar("_T", bound=type)


def _undefined(owner: str, operator: str, kind: str) -> Callable[..., NoReturn]:
    """Return the method of *operator* for *owner*, which has none: it refuses its operands.

    Python would raise its own ``TypeError`` for an operator that a class
    does not define; a refusal says what the class does instead.
    """
    plural = f"{owner.lower()}s"
    if kind == "order":
        why = f"{plural} have no order"
    else:
        why = (
            f"{plural} are only multiplied and divided by {plural}, and raised"
            " to int powers"
        )
    what = {"binary": "", "reflected": "reflected ", "unary": "unary "}.get(kind, "")

    def method(*_: object) -> NoReturn:
        raise BindingGraphError(
            "wrong_type", f"{owner} has no {what}{operator!r}: {why}", (operator,)
        )

    return method


# The operators that no unit or dimension has: each method's name, the
# operator it is, and its kind.
_UNDEFINED: Final = (
    *(
        (name, operator, "binary")
        for name, operator in (
            ("add", "+"),
            ("sub", "-"),
            ("floordiv", "//"),
            ("mod", "%"),
            ("matmul", "@"),
        )
    ),
    *(
        (f"r{name}", operator, "reflected")
        for name, operator in (
            ("add", "+"),
            ("sub", "-"),
            ("mul", "*"),
            ("truediv", "/"),
            ("floordiv", "//"),
            ("mod", "%"),
            ("pow", "**"),
            ("matmul", "@"),
        )
    ),
    ("lt", "<", "order"),
    ("le", "<=", "order"),
    ("gt", ">", "order"),
    ("ge", ">=", "order"),
    ("neg", "-", "unary"),
    ("pos", "+", "unary"),
    ("abs", "abs", "unary"),
)


def refusing(cls: _T) -> _T:
    """Give *cls* a refusing method for every operator of :data:`_UNDEFINED`."""
    for name, operator, kind in _UNDEFINED:
        setattr(cls, f"__{name}__", _undefined(cls.__name__, operator, kind))
    return cls
