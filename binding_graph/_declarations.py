"""How a field is declared: by a :class:`Kind` of field, and a :class:`Declaration` that attrs calls as the field's validator.

A field is declared once, on the model class, by its validator: a
:class:`Declaration` of its kind (and, for some kinds, a vocabulary or a
model class).
Its :class:`Kind` holds what each part of the package needs to know of a
field of that kind; the kinds themselves are in :mod:`binding_graph._kinds`.
A template names the value ``{value}``; ``{vocabulary}``, ``{item}`` and
``{items}`` stand for the declaration's vocabulary, model class, and the set
of that one class; any other name in braces is the field of that name, which
comes earlier in the class and has passed its own test already.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Callable
from keyword import iskeyword
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

import attrs

from binding_graph._checks import MAX_OFFSET, Site
from binding_graph._codegen import compile_function

if TYPE_CHECKING:
    SlowCheck = Callable[[object, Site], None]
    # A field's schema, given its declaration and the reference to a model
    # class's definition.
    Schema = Callable[["Declaration", Callable[[type], dict[str, Any]]], dict[str, Any]]


class Drawing(Protocol):
    """What a strategy offers a kind to draw a valid value with (see :mod:`binding_graph.strategies`)."""

    def text(self) -> str:
        """Draw a required text."""
        ...

    def identifier(self) -> str:
        """Draw a symbol id, among the graph's if it has drawn them."""
        ...

    def identifiers(self) -> frozenset[str]:
        """Draw a set of symbol ids, among the graph's if it has drawn them."""
        ...

    def member(self, vocabulary: frozenset[str]) -> str:
        """Draw a member of *vocabulary*."""
        ...

    def start(self) -> int:
        """Draw a span's start."""
        ...

    def width(self, start: int) -> int:
        """Draw a span's width, at least 1, that leaves its end within the largest offset."""
        ...

    def state_index(self) -> str | int:
        """Draw a question's state: a named one, or an index below the graph's count of equations."""
        ...

    def verbatim(self, width: int) -> str:
        """Draw verbatim source text of *width* characters."""
        ...

    def element(self, cls: type) -> object:
        """Draw a valid instance of the model class *cls*."""
        ...

    def elements(self, cls: type) -> tuple[object, ...]:
        """Draw a tuple of valid instances of the model class *cls*."""
        ...

    def chance(self) -> bool:
        """Draw whether an optional value is there."""
        ...


@attrs.frozen
class Kind:
    """A kind of field, and everything derived for a field of that kind.

    Args:
        name: The kind's name, as the design's table gives it.
        fast: The fast test: a template of a Python expression that is true
            for the common valid value, and only for values the slow check
            takes too.
        check: The slow check: refuses what the fast test did not take.
        schema: The field's JSON Schema, given its declaration and the
            reference to a model class's definition.
        draw: Draws a valid value, given a drawing, the declaration and the
            fields drawn before it.
        tree: The expression that writes the value into a tree.
        text: What writes the value into canonical text: the text before,
            the expression, the text after.
        read: The lines that read the field's value from a tree into the
            local that holds it (``{field}``), where it is more than the
            value itself; a nested object is read by its class's own lines.
        strings: How many strings a document holds for a value: a constant,
            and expressions of the value and of an iterable of values that
            add to it (``None``: nothing to add).
        nested: ``"one"`` or ``"many"`` if the field holds model objects.
        depth: How deep the value's arrays and objects nest, besides a
            nested class's own.
        object_schema: What the field adds to its object's schema, if any.
        colons: Where a value holds text, the texts whose colons the proof
            that no key repeats counts: an iterable of a value's, and of an
            iterable of values'.
        alone: For a kind whose check reads earlier fields, the check of
            what the value must be whatever they hold, for a document whose
            earlier field is missing or refused; the walk of a document
            that lists every refusal runs it then.
        omitted: Whether a document leaves the key out where the value is
            ``None``, and reads a key left out as ``None``: a field added to
            the format after documents were written without it, which keep
            their bytes. Its *strings* count its key too.
    """

    name: str
    fast: str
    check: SlowCheck
    schema: Schema
    draw: Callable[[Drawing, Declaration, dict[str, Any]], object]
    tree: str = "{value}"
    text: tuple[str, str, str] = ("", "escape({value})", "")
    read: tuple[str, ...] = ()
    strings: tuple[int, str | None, str | None] = (1, None, None)
    nested: Literal["", "one", "many"] = ""
    depth: int = 0
    object_schema: Schema | None = None
    colons: tuple[str, str] | None = None
    alone: SlowCheck | None = None
    omitted: bool = False

    def __repr__(self) -> str:
        return f"<kind {self.name}>"


# tuple.__new__, named through an alias whose type the checkers know in full.
_new_tuple: Final[Callable[[type[Site], tuple[object, ...]], Site]] = tuple[
    object, ...
].__new__

TEMPLATE_NAMES: Final[dict[str, object]] = {
    "MAX_OFFSET": MAX_OFFSET,
    "iskeyword": iskeyword,
    "is_normalized": unicodedata.is_normalized,
}
"""The globals every fast test may read, besides what its declaration names."""


def fields_read(template: str) -> set[str]:
    """Return the names of the fields that the fast test *template* reads, besides its own value."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return names - {"value", "vocabulary", "item", "items"}


@attrs.frozen(eq=False)
class Declaration:
    """What a field holds: its kind, and the vocabulary or model class the kind needs.

    It is the field's validator: attrs calls it with the instance, the
    attribute and the value, and it refuses a value its kind does not take,
    with :class:`~binding_graph.BindingGraphError`.
    Two declarations are equal when they declare the same.
    """

    kind: Kind
    vocabulary: frozenset[str] = frozenset()
    item: type | None = None
    _accepts: Callable[[object, object], bool] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_accepts", self._compile())

    def _compile(self) -> Callable[[object, object], bool]:
        """Compile the fast test, reading earlier fields from the instance."""
        replacements = {
            "value": "value",
            "vocabulary": "vocabulary",
            "item": "item",
            "items": "items",
            **{name: f"instance.{name}" for name in fields_read(self.kind.fast)},
        }
        expression = self.kind.fast.format_map(replacements)
        source = "\n".join(
            [
                "def accepts(instance, value):",
                "    try:",
                f"        return bool({expression})",
                # A test may hash a value's class, whose metaclass may raise:
                # a test that raises has failed, and the slow check decides.
                "    except Exception:",
                "        return False",
            ]
        )
        namespace = {
            **TEMPLATE_NAMES,
            "vocabulary": self.vocabulary,
            "item": self.item,
            "items": frozenset({self.item}),
        }
        return compile_function(
            "accepts", source, namespace, qualname=f"{self.name}.accepts"
        )

    @property
    def name(self) -> str:
        """Name the check, for tracebacks and messages: ``text``, ``member_of(a, b)``, ``tuple_of(Fact)``."""
        if self.kind.nested == "one":
            return f"instance_of({self.model.__name__})"
        if self.kind.nested == "many":
            return f"tuple_of({self.model.__name__})"
        if self.vocabulary:
            return f"{self.kind.name}_of({', '.join(sorted(self.vocabulary))})"
        return self.kind.name

    @property
    def model(self) -> type:
        """The model class that a field of nested objects holds."""
        if self.item is None:
            msg = f"a field of kind {self.kind.name!r} holds no model class"
            raise TypeError(msg)
        return self.item

    def __call__(
        self, instance: object, attribute: attrs.Attribute[Any], value: object
    ) -> None:
        """Refuse *value* for the field *attribute* of *instance*, unless its kind takes it."""
        if not self._accepts(instance, value):
            field = attribute.name
            site = Site(
                type(instance).__name__,
                field,
                (field,),
                instance,
                self.vocabulary,
                self.item,
            )
            self.kind.check(value, site)

    def check_of(self, owner: str, field: str) -> Callable[[object, object], None]:
        """Return the slow check of the field *field* of the class named *owner*.

        It takes the instance and the value, and refuses as the declaration
        does; compiled code calls it once the field's fast test has failed.
        Where the kind reads no other field, the refusal's site is built
        once, here, not at every call.
        """
        check = self.kind.check
        path: tuple[str] = (field,)
        if fields_read(self.kind.fast):
            vocabulary, item = self.vocabulary, self.item

            def check_with_instance(instance: object, value: object) -> None:
                # tuple.__new__ builds the named tuple in C, without the
                # Python frame of Site's own __new__.
                site = _new_tuple(
                    Site, (owner, field, path, instance, vocabulary, item)
                )
                check(value, site)

            return check_with_instance
        site = Site(owner, field, path, None, self.vocabulary, self.item)

        def check_alone(instance: object, value: object) -> None:  # noqa: ARG001 -- the kind reads no other field
            check(value, site)

        return check_alone

    def __eq__(self, other: object) -> bool:
        if type(other) is not Declaration:
            return NotImplemented
        return (self.kind, self.vocabulary, self.item) == (
            other.kind,
            other.vocabulary,
            other.item,
        )

    def __hash__(self) -> int:
        return hash((self.kind.name, self.vocabulary, id(self.item)))

    def __repr__(self) -> str:
        return f"<declaration {self.name}>"


def declaration(attribute: attrs.Attribute[Any]) -> Declaration:
    """Return the declaration of *attribute*: its validator."""
    validator = attribute.validator
    if not isinstance(validator, Declaration):
        msg = f"the field {attribute.name!r} is not declared with a kind"
        raise TypeError(msg)
    return validator


_READ: Final[dict[type, tuple[tuple[str, Declaration], ...]]] = {}


def declared_fields(cls: type) -> tuple[tuple[str, Declaration], ...]:
    """Return ``(name, declaration)`` for every field of the model class *cls*.

    Kept once read: the model classes are final and their fields fixed.
    """
    fields = _READ.get(cls)
    if fields is None:
        fields = _READ[cls] = tuple((a.name, declaration(a)) for a in attrs.fields(cls))
    return fields


@attrs.frozen
class Header:
    """A constant entry every document of a class holds before its fields, such as ``"version": 1``.

    Args:
        name: The key.
        value: The one value this library writes and reads.
        code: The refusal of a document whose entry holds another value.
        rule: What the refusal's message says the entry must be.
        typed: Whether a value of another type than *value*'s is refused
            as ``wrong_type`` instead.
    """

    name: str
    value: str | int
    code: Literal["malformed_document", "unsupported_version"]
    rule: str
    typed: bool = False
