"""The prompts of :func:`~binding_graph.drafts.repair`: chat messages, their checks, and each round's prompt made from the first.

A prompt is a completion prompt, a ``str``, or chat messages, a ``list`` of
:class:`Message` as OpenAI-compatible servers and llama-cpp-python's
``create_chat_completion`` take them. A prompt of the caller's is checked
here before the model is given it: a model asked with a malformed message,
or with a prompt that never states the problem, costs a call and says
nothing of the problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, cast

from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError, format_refusals, refuse_type

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.drafts._producer import Message, Producer
    from binding_graph.errors import ErrorPath

__all__ = [
    "ROLES",
    "again",
    "asked",
    "checked_prompt",
    "copied",
    "is_prompt",
    "user_messages",
]

ROLES: Final = ("system", "user", "assistant")
"""The roles a message may have, as chat servers name them."""

_KEYS: Final = ("role", "content")
_ROLES: Final[dict[object, Literal["system", "user", "assistant"]]] = {
    "system": "system",
    "user": "user",
    "assistant": "assistant",
}


def _message(function: str, value: object, path: ErrorPath) -> Message:
    """Return a copy of the message *value*, or refuse it at *path*."""
    if type(value) is not dict:
        where = f"prompt{''.join(f'[{step}]' for step in path[1:])}"
        expected = "a message, a dict of 'role' and 'content'"
        refuse_type(function, where, expected, value, path)
    given = cast("dict[object, object]", value)
    for key in given:
        if key not in _KEYS:
            raise BindingGraphError(
                "unknown_key",
                f"{function}.prompt[{path[-1]}] has the key {short_repr(key)}:"
                " a message holds 'role' and 'content' only",
                (*path, key if type(key) is str else short_repr(key)),
            )
    for key in _KEYS:
        if key not in given:
            raise BindingGraphError(
                "missing_key",
                f"{function}.prompt[{path[-1]}] has no {key!r}: a message holds"
                " 'role' and 'content'",
                (*path, key),
            )
    given_role, content = given["role"], given["content"]
    role = _ROLES.get(given_role) if type(given_role) is str else None
    if role is None:
        raise BindingGraphError(
            "not_in_vocabulary",
            f"{function}.prompt[{path[-1]}].role must be one of"
            f" {', '.join(ROLES)} (got {short_repr(given_role)})",
            (*path, "role"),
        )
    if type(content) is not str:
        where = f"prompt[{path[-1]}].content"
        refuse_type(function, where, "a str", content, (*path, "content"))
    return {"role": role, "content": content}


def is_prompt(value: object) -> bool:
    """Tell whether *value* is a prompt as an :class:`~binding_graph.drafts.Attempt` keeps it: a ``str``, or a tuple of messages."""
    if type(value) is str:
        return True
    if type(value) is not tuple:
        return False
    for message in cast("tuple[object, ...]", value):
        if type(message) is not dict:
            return False
        fields = cast("dict[object, object]", message)
        if fields.keys() != set(_KEYS) or fields["role"] not in ROLES:
            return False
        if type(fields["content"]) is not str:
            return False
    return True


def _messages(function: str, value: list[object]) -> list[Message]:
    if not value:
        raise BindingGraphError(
            "empty_text",
            f"{function}.prompt must hold at least one message (got an empty list)",
            ("prompt",),
        )
    return [_message(function, each, ("prompt", i)) for i, each in enumerate(value)]


def checked_prompt(
    function: str, value: object, text: str, *, chat: bool
) -> str | list[Message]:
    """Return the prompt *value*, a copy where it is messages; or refuse it at ``prompt``.

    Raises:
        BindingGraphError: ``wrong_type`` for a prompt of the other form
            than *chat* asks, or of no form; as :func:`_message` for a
            malformed message; ``quote_not_found`` for a prompt that does
            not state the problem's *text* as it is, which the model quotes.
    """
    prompt: str | list[Message]
    if chat and type(value) is list:
        messages = _messages(function, cast("list[object]", value))
        stated = any(text in message["content"] for message in messages)
        prompt = messages
    elif not chat and type(value) is str:
        stated = text in value
        prompt = value
    else:
        expected = (
            "chat messages, a list of {'role': ..., 'content': ...} dicts, since chat is True"
            if chat
            else "a str, since chat is False (chat messages are a prompt of chat=True)"
        )
        refuse_type(function, "prompt", expected, value, ("prompt",))
    if not stated:
        raise BindingGraphError(
            "quote_not_found",
            f"{function}.prompt must hold the problem's whole text, character"
            " for character, since the model quotes it; a quote mark or a space"
            " written otherwise makes another text",
            ("prompt",),
        )
    return prompt


def copied(messages: str | list[Message]) -> list[Message]:
    """Return a copy of *messages* that no one else holds: the model call may change the list it is given, or a message of it."""
    return [
        {"role": message["role"], "content": message["content"]}
        for message in cast("list[Message]", messages)
    ]


def user_messages(producer: Producer, text: str) -> list[Message]:
    """Return the producer's own first messages of *text*, or, for a format without them, its first prompt as the one user message."""
    made = producer.messages
    if made is None:
        return [{"role": "user", "content": producer.prompt(text)}]
    return made(text)


def again(
    producer: Producer,
    first: str | list[Message],
    reply: str,
    refusals: tuple[BindingGraphError, ...],
) -> str | list[Message]:
    """Return the prompt after *first* was answered with the refused *reply*: the reply and its refusals under the format's header appended."""
    told = format_refusals(refusals, header=producer.header)
    if type(first) is str:
        return f"{first} {reply}\n\n{told}\n{producer.cue}"
    return [
        *cast("list[Message]", first),
        {"role": "assistant", "content": reply},
        {"role": "user", "content": told},
    ]


def asked(function: str, prompt: Callable[..., object], argument: object) -> object:
    """Return what the caller's *prompt* function returns for *argument*; refuse whatever it raises, at ``prompt``."""
    try:
        return prompt(argument)
    except Exception as exc:  # any failure of the caller's function is a refusal of it
        raise BindingGraphError(
            "wrong_type",
            f"{function}.prompt must be a function that returns a prompt; it"
            f" raised {type(exc).__name__}: {short_repr(str(exc))}",
            ("prompt",),
        ) from exc
