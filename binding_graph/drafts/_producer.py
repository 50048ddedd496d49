"""A producer format as a value: :class:`Producer`, what it is given (:class:`Request`) and what it makes of a reply (:class:`Translation`).

Every format a producer writes is read into one language, the draft, whose
checks and graph are shared (``drafts._checks``). A format's
:class:`Producer` says how a reply of it becomes a draft, what it accepts
besides, how its refusals are told at places of the reply, and how a model
is asked for one and told its refusals. The draft format itself is the
producer whose reply needs no translation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, Literal, TypedDict, cast

import attrs

from binding_graph.errors import BindingGraphError, refuse_type

__all__ = [
    "EXAMPLE_NOTE",
    "Message",
    "Option",
    "Producer",
    "Request",
    "Translation",
    "first_messages",
    "told_as_is",
]

_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,31}")

Option = Callable[[str, object], object]
"""The check of one option of a format: given the public function's name and the value, the value to use, or a refusal raised."""


class Message(TypedDict):
    """One chat message, as OpenAI-compatible servers and llama-cpp-python's ``create_chat_completion`` take it.

    .. versionadded:: 0.1.0
    """

    role: Literal["system", "user", "assistant"]
    content: str


EXAMPLE_NOTE: Final = "A made-up example; its words are its own:"
"""The line before a format's worked example, which says that its quotes are its own."""


def first_messages(rules: str, text: str) -> list[Message]:
    """Return the first chat messages of a format whose *rules* are the system message: the rules, then the problem's *text*, alone, as the user's."""
    return [
        {"role": "system", "content": rules},
        {"role": "user", "content": text},
    ]


def told_as_is(error: BindingGraphError) -> BindingGraphError | None:
    """Return *error* itself: a draft's refusal told at its path into the draft, as the draft format tells it.

    .. versionadded:: 0.1.0
    """
    return error


@attrs.frozen(kw_only=True, weakref_slot=False)
class Request:
    """What a producer's ``translate`` is given: the reply and the problem, every argument checked.

    Args:
        function: The public function reading the reply, to name in the
            refusals of its arguments.
        reply: The reply, exactly as it was given: untrusted.
        text: The problem's whole text.
        max_bytes: The most bytes of UTF-8 of the reply to read.
        options: The format's options, each checked by its
            ``options`` check; an option not given is absent.

    .. versionadded:: 0.1.0
    """

    function: str
    reply: object
    text: str
    max_bytes: int
    options: Mapping[str, object]


@attrs.frozen(kw_only=True, weakref_slot=False)
class Translation:
    """What a producer makes of a reply: the draft it states, the refusals of the reply itself, and where a refusal of the draft lies in the reply.

    Args:
        draft: The draft, as :func:`~binding_graph.drafts.compile_draft`
            takes one (JSON text, or a tree of ``dict``, ``list``, ``str``,
            ``int`` and ``None``), or ``None`` where nothing of the reply
            could be read as one.
        refusals: The refusals of the reply that its draft cannot tell (its
            syntax, say), each at a place of the reply.
        place: Given a refusal of the draft, the same refusal told at its
            place in the reply; or ``None`` where ``refusals`` already
            tell it.

    .. versionadded:: 0.1.0
    """

    draft: object
    refusals: tuple[BindingGraphError, ...] = ()
    place: Callable[[BindingGraphError], BindingGraphError | None] = told_as_is


def _field(
    expected: str, accepts: Callable[[object], bool]
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """Return the validator of a field whose values *accepts* takes, refusing any other as not *expected*."""

    def validate(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not accepts(value):
            refuse_type("Producer", attribute.name, expected, value, (attribute.name,))

    return validate


def _named(value: object) -> bool:
    """Tell whether *value* is a name of a format or of an option: a lowercase identifier of at most 32 characters."""
    return type(value) is str and _NAME.fullmatch(value) is not None


def _checks(value: object) -> bool:
    """Tell whether *value* is a read-only mapping of option names to callables."""
    if type(value) is not MappingProxyType:
        return False
    items = cast("MappingProxyType[object, object]", value).items()
    return all(_named(key) and callable(check) for key, check in items)


_NAMED: Final = _field(
    "a lowercase identifier of at most 32 characters, such as 'draft'", _named
)
_TEXT: Final = _field(
    "a non-blank str", lambda value: type(value) is str and bool(value.strip())
)
_CALLABLE: Final = _field("a callable", callable)
_CALLABLE_OR_NONE: Final = _field(
    "a callable or None", lambda value: value is None or callable(value)
)
_BYTES: Final = _field(
    "an int of at least 1", lambda value: type(value) is int and value >= 1
)
_FLAG: Final = _field("a bool", lambda value: type(value) is bool)
_OPTIONS: Final = _field("a dict of option names to their checks", _checks)


def _frozen(value: object) -> Mapping[str, Option]:
    # A copy the caller cannot reach, read-only: a producer never changes.
    if type(value) is dict:
        return MappingProxyType(dict(cast("dict[str, Option]", value)))
    return cast("Mapping[str, Option]", value)  # refused by _options


# Compared and hashed by identity: its fields hold functions and a mapping.
@attrs.frozen(kw_only=True, weakref_slot=False, eq=False)
class Producer:
    """A format a producer writes: how a reply of it is read as a draft, and how a model is asked for one.

    :data:`~binding_graph.drafts.PRODUCERS` maps each format's name to its
    producer; :func:`~binding_graph.drafts.register` adds one. Every function
    over replies (:func:`~binding_graph.drafts.compile_reply`,
    :func:`~binding_graph.drafts.reply_refusals`,
    :class:`~binding_graph.drafts.Checker`,
    :func:`~binding_graph.drafts.repair`) and ``binding-graph bind`` read a
    format through its producer alone. See ``docs/producers.md``, "A format
    of your own".

    Args:
        name: The format's name: a lowercase identifier, the key of its
            replies in a record of ``binding-graph bind``.
        summary: What a reply of the format is, in a few words, for
            ``bind --help``.
        translate: Given a :class:`Request`, the :class:`Translation` of its
            reply; ``None`` for a format whose reply is a draft itself, read
            as JSON text or its tree, and checked as it streams.
        text_only: Whether a reply is text alone (``True``), or may also be
            a JSON value, such as a draft's tree.
        header: The first line of
            :func:`~binding_graph.format_refusals` for the format's
            refusals, asking for the whole reply again.
        prompt: Given a problem's text, the first prompt that asks a model
            for a reply of the format.
        messages: Given a problem's text, the first chat messages that ask
            a model for a reply of the format; ``None`` for a format whose
            first message is its first prompt, as the user's.
        cue: The words a prompt ends with, after which the model writes its
            reply, such as ``"Draft:"``.
        max_bytes: The largest reply read by default, in bytes of UTF-8.
        introduced_by: What introduced each symbol, by default.
        options: The format's options, each name mapped to its
            :data:`Option` check.
        order: The order of its refusals, as a key of ``sorted()``;
            ``None`` for the order in which they were found.

    Raises:
        BindingGraphError: ``wrong_type`` for a field of the wrong type.

    .. versionadded:: 0.1.0
    """

    name: str = attrs.field(validator=_NAMED)
    summary: str = attrs.field(validator=_TEXT)
    translate: Callable[[Request], Translation] | None = attrs.field(
        validator=_CALLABLE_OR_NONE
    )
    text_only: bool = attrs.field(validator=_FLAG)
    header: str = attrs.field(validator=_TEXT)
    prompt: Callable[[str], str] = attrs.field(validator=_CALLABLE)
    messages: Callable[[str], list[Message]] | None = attrs.field(
        default=None, validator=_CALLABLE_OR_NONE
    )
    cue: str = attrs.field(validator=_TEXT)
    max_bytes: int = attrs.field(validator=_BYTES)
    introduced_by: str = attrs.field(validator=_TEXT)
    options: Mapping[str, Option] = attrs.field(
        factory=dict,
        converter=_frozen,
        validator=_OPTIONS,
    )
    order: Callable[[BindingGraphError], Any] | None = attrs.field(
        default=None, validator=_CALLABLE_OR_NONE
    )

    @property
    def streams(self) -> bool:
        """Tell whether a reply can be checked as it is generated, as a reply that is a draft itself can."""
        return self.translate is None
