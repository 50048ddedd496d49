"""What each field of the model holds, as its validator declares it.

A field's rule is written once, as the validator on the field
(``attrs.fields(C).f.validator``).
Each validator is registered here with a :class:`Declaration` of what it
accepts, and everything else that must know what a field is (the encoders,
the decoders, the JSON Schema, the strategies and the tests' tables) reads
that declaration instead of keeping a table of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

import attrs

if TYPE_CHECKING:
    from collections.abc import Callable

    _V = TypeVar("_V", bound=Callable[..., None])  # for the type checkers alone


FieldKind = Literal[
    "text",  # a required str: not blank, UTF-8 encodable
    "optional_text",  # None, or as "text"
    "identifier",  # a symbol id
    "identifiers",  # a frozenset of symbol ids, written as a sorted array
    "member",  # one of a vocabulary
    "start",  # a span's first offset
    "end",  # a span's end offset, after start
    "span_text",  # verbatim text, exactly end - start characters
    "refusal_reason",  # a str iff the equation is refused, else None
    "object",  # an instance of a model class
    "objects",  # a tuple of instances of a model class
]
"""What a field holds; each kind has one validator, or one per vocabulary or class."""


@attrs.frozen
class Declaration:
    """What one field holds: its kind, and the vocabulary or class it names."""

    kind: FieldKind
    vocabulary: frozenset[str] = frozenset()
    item: type | None = None
    # How, not what: the expression that accepts the common valid value on
    # the fast path (see _validators), which the compiled __init__ of each
    # class inlines. Two declarations of one kind are the same declaration
    # whatever their fast test, so it takes no part in equality.
    fast: str = attrs.field(default="False", eq=False)

    @property
    def model(self) -> type:
        """The model class that an ``object`` or ``objects`` field holds."""
        if self.item is None:
            msg = f"a field of kind {self.kind!r} holds no model class"
            raise TypeError(msg)
        return self.item


_DECLARED: Final[dict[object, Declaration]] = {}


def declare(
    validator: _V,
    kind: FieldKind,
    *,
    vocabulary: frozenset[str] = frozenset(),
    item: type | None = None,
    fast: str = "False",
) -> _V:
    """Record what *validator* accepts, and its fast test; return it."""
    _DECLARED[validator] = Declaration(kind, vocabulary, item, fast)
    return validator


def declaration(attribute: attrs.Attribute[Any]) -> Declaration:
    """Return the declaration of *attribute*, read from its validator."""
    return _DECLARED[attribute.validator]


_READ: Final[dict[type, tuple[tuple[str, Declaration], ...]]] = {}


def declared_fields(cls: type) -> tuple[tuple[str, Declaration], ...]:
    """Return ``(name, declaration)`` for every field of the model class *cls*.

    Kept once read: the model classes are final and their fields fixed.
    """
    fields = _READ.get(cls)
    if fields is None:
        fields = _READ[cls] = tuple((a.name, declaration(a)) for a in attrs.fields(cls))
    return fields
