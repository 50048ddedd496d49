"""An element of a draft as far as it has been read: what each of its keys reads as, and where its quote lies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath

__all__ = ["REFUSED", "Element"]


class _Refused:
    """A value that was refused: nothing else is concluded from it."""

    __slots__ = ()


REFUSED: Final = _Refused()
"""What an element holds for a key whose value was refused."""


class Element:
    """One quantity, step, question or constraint, as far as it has been read.

    Attributes:
        kind: Where it sits: ``quantities``, ``steps``, ``question`` or ``constraints``.
        path: Its path in the draft: ``("steps", 2)``, or ``("question",)``.
        values: What each key given reads as (:data:`REFUSED` if refused).
        span: Where its quote lies in the text, once found.
        sound: Whether every check of it passed: a graph holds only sound elements.
        resolved: Whether every name it uses is defined, by no circle of steps.
    """

    __slots__ = ("kind", "path", "resolved", "sound", "span", "values")

    def __init__(self, kind: str, path: ErrorPath) -> None:
        self.kind = kind
        self.path = path
        self.values: dict[str, Any] = {}
        self.span: tuple[int, int] | None = None
        self.sound = True
        self.resolved = True

    def get(self, key: str) -> Any:  # noqa: ANN401 -- each key reads as its own type
        """Return what *key* reads as: ``None`` if absent, null or refused."""
        value = self.values.get(key)
        return None if value is REFUSED else value

    def refused(self, key: str) -> bool:
        """Tell whether the value of *key* was refused."""
        return self.values.get(key) is REFUSED

    @property
    def name(self) -> str | None:
        """The element's name, if it was given and taken."""
        name: str | None = self.get("name")
        return name
