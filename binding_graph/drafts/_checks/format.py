"""The draft format: its version, its keys in writing order, and what a reader hands over for a value it did not take.

A draft is one JSON object: ``quantities``, ``steps`` and ``question``, and
the optional ``version`` and ``constraints``. Each element is an object of
the keys :data:`KEYS` lists for its kind, in the order a producer writes
them; the first ones are the core a model writes (:data:`CORE`), the others
optional keys that carry what a graph may hold beyond its defaults. A key
that is absent reads as ``null``.
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = [
    "ARRAY",
    "CORE",
    "DRAFT_VERSION",
    "KEYS",
    "LISTS",
    "NOT_CHECKED",
    "OBJECT",
    "REQUIRED",
    "TOP_KEYS",
    "JsonNumber",
    "Kind",
    "Shape",
]

DRAFT_VERSION: Final = 1
"""The version of the draft format this library reads and writes.

A draft may say it with ``"version": 1``; one that says nothing is of this
version.

.. versionadded:: 0.1.0
"""

Kind = Literal["quantities", "steps", "question", "constraints"]
"""What an element of a draft is: where it sits."""

TOP_KEYS: Final = ("version", "quantities", "steps", "question", "constraints")
"""The keys of a draft, in writing order."""

LISTS: Final[frozenset[str]] = frozenset({"quantities", "steps", "constraints"})
"""The keys of a draft whose value is a list of elements."""

KEYS: Final[dict[str, tuple[str, ...]]] = {
    "quantities": (
        "name",
        "quote",
        "value",
        "unit",
        "occurrence",
        "label",
        "role",
        "entity",
        "introduced_by",
        "symbol_start",
        "symbol_end",
    ),
    "steps": (
        "name",
        "expression",
        "unit",
        "quote",
        "occurrence",
        "label",
        "role",
        "entity",
        "introduced_by",
        "symbol_start",
        "symbol_end",
        "operation",
        "unit_proof",
    ),
    "question": ("name", "quote", "occurrence", "unit"),
    "constraints": ("name", "predicate", "quote", "occurrence"),
}
"""Every key of an element of each kind, in writing order: a name before its quote."""

CORE: Final[dict[str, tuple[str, ...]]] = {
    "quantities": ("name", "quote", "value", "unit"),
    "steps": ("name", "expression", "unit"),
    "question": ("name", "quote"),
    "constraints": ("name", "predicate", "quote"),
}
"""The keys a language model writes, each always: what the draft schema asks for."""

REQUIRED: Final[dict[str, tuple[str, ...]]] = {
    "quantities": ("name", "quote", "value"),
    "steps": ("name", "expression"),
    "question": ("name", "quote"),
    "constraints": ("name", "predicate", "quote"),
}
"""The keys of each kind that must hold something other than ``null``."""

NOT_CHECKED: Final = "not checked: the draft gives no unit"
"""The ``unit_proof`` of a step when neither it nor any name it uses has a unit."""


class Shape:
    """What a reader hands over in place of an object or an array: its shape, never its content."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


OBJECT: Final = Shape("a JSON object")
"""An object, where a reader has not yet read what it holds."""

ARRAY: Final = Shape("a JSON array")
"""An array, where a reader has not yet read what it holds."""


class JsonNumber:
    """A JSON number that is not an ``int`` a draft may hold: a fraction, an exponent, or too many digits.

    The reader keeps its text, never a ``float``, so that a value is read
    exactly from its digits and a refusal shows it as written. *written* is
    ``False`` for a ``float`` of a parsed tree, whose digits are not the
    ones the draft's text holds.
    """

    __slots__ = ("lexeme", "written")

    def __init__(self, lexeme: str, *, written: bool = True) -> None:
        self.lexeme = lexeme
        self.written = written

    def __repr__(self) -> str:
        return self.lexeme
