"""A repair loop for a pipeline, over any producer: ask a model for a reply, compile it, and ask again with its refusals.

:func:`repair` is given the user's model call, ``ask(prompt) -> str``; the
prompts are the producer's: its first prompt (for drafts,
:func:`draft_prompt`: instructions, the draft schema, one worked example,
the problem), then, for each round after the first, the same prompt, the
reply that was refused, and its refusals as
:func:`~binding_graph.format_refusals` tells them under the producer's
header.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, cast

import attrs

from binding_graph._gc_pause import call_paused
from binding_graph.drafts._checks.build import build
from binding_graph.drafts._registry import producer_of
from binding_graph.drafts._replies import (
    DEFAULT_LIMIT,
    arguments,
    defaults,
    listed,
    read_reply,
)
from binding_graph.errors import BindingGraphError, format_refusals, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from binding_graph.drafts._producer import Producer

__all__ = ["Attempt", "Repair", "repair"]


def _again(
    producer: Producer, first: str, reply: str, refusals: tuple[BindingGraphError, ...]
) -> str:
    told = format_refusals(refusals, header=producer.header)
    return f"{first} {reply}\n\n{told}\n{producer.cue}"


def _hash(reply: str) -> str:
    digest = hashlib.sha256(reply.encode(errors="surrogatepass")).hexdigest()
    return f"sha256:{digest}"


def _str(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str:
        owner = type(instance).__name__
        refuse_type(owner, attribute.name, "a str", value, (attribute.name,))


def _tuple_of(value: object, cls: type, *, empty: bool) -> bool:
    """Tell whether *value* is exactly a tuple of exactly *cls* instances (and not empty, unless *empty*)."""
    if type(value) is not tuple:
        return False
    items = cast("tuple[object, ...]", value)
    return (empty or bool(items)) and all(type(item) is cls for item in items)


def _refusals(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _tuple_of(value, BindingGraphError, empty=True):
        expected = "a tuple of BindingGraphError"
        refuse_type("Attempt", attribute.name, expected, value, (attribute.name,))


def _graph(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and type(value) is not SemanticSymbolicBindingGraph:
        expected = "a SemanticSymbolicBindingGraph or None"
        refuse_type("Repair", attribute.name, expected, value, (attribute.name,))


def _attempts(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _tuple_of(value, Attempt, empty=False):
        expected = "a tuple of at least one Attempt"
        refuse_type("Repair", attribute.name, expected, value, (attribute.name,))


@attrs.frozen(kw_only=True, weakref_slot=False)
class Attempt:
    """One round of :func:`repair`: the prompt sent, the reply, and what was refused of it.

    Args:
        prompt: The prompt given to ``ask``.
        reply: What ``ask`` returned.
        refusals: The reply's refusals, as
            :func:`~binding_graph.drafts.reply_refusals` lists them; empty
            for the reply that compiled.
        content_hash: ``sha256:`` and the hex digest of the reply's UTF-8,
            by which a pipeline sees a model that writes the same reply again.

    Raises:
        BindingGraphError: ``wrong_type`` for a field of the wrong type.

    .. versionadded:: 0.1.0
    """

    prompt: str = attrs.field(validator=_str)
    reply: str = attrs.field(validator=_str)
    refusals: tuple[BindingGraphError, ...] = attrs.field(validator=_refusals)
    content_hash: str = attrs.field(validator=_str)


@attrs.frozen(kw_only=True, weakref_slot=False)
class Repair:
    """What :func:`repair` returns: the graph, if a reply compiled, and every attempt.

    Args:
        graph: The graph of the first reply that compiled, or ``None``.
        attempts: Every attempt, in order, at least one; the last is the one
            that compiled, if any did.

    Raises:
        BindingGraphError: ``wrong_type`` for a field of the wrong type.

    .. versionadded:: 0.1.0
    """

    graph: SemanticSymbolicBindingGraph | None = attrs.field(validator=_graph)
    attempts: tuple[Attempt, ...] = attrs.field(validator=_attempts)

    @property
    def refusals(self) -> tuple[BindingGraphError, ...]:
        """The last attempt's refusals, empty when a reply compiled."""
        return self.attempts[-1].refusals


def repair(
    ask: Callable[[str], str],
    text: str,
    *,
    producer: str | Producer = "draft",
    rounds: int = 3,
    source_id: str = "problem",
    introduced_by: str | None = None,
    max_bytes: int | None = None,
    options: Mapping[str, object] | None = None,
) -> Repair:
    """Ask a model for a reply of the format *producer* to *text* until one compiles, at most *rounds* times, feeding each round's refusals back.

    The first prompt is the producer's (:func:`draft_prompt` for drafts,
    :func:`program_prompt` for programs); each after it is that prompt,
    the reply refused, and its refusals as
    :func:`~binding_graph.format_refusals` tells them (with the producer's
    ``header``), asking for the whole reply again. It stops
    at the first reply that compiles, or after *rounds* replies.

    Args:
        ask: The model call: given a prompt, the model's reply, a ``str``.
            Whatever it raises propagates, untouched: a failing call is not
            a refusal.
        text: The problem's text.
        producer: The format's name in :data:`PRODUCERS`, or a
            :class:`Producer`.
        rounds: The most replies to ask for, at least 1.
        source_id: As for :func:`compile_reply`.
        introduced_by: As for :func:`compile_reply`.
        max_bytes: As for :func:`compile_reply`.
        options: As for :func:`compile_reply`.

    Returns:
        The graph (or ``None``) and every attempt.

    Raises:
        BindingGraphError: ``wrong_type`` for arguments of the wrong type, a
            *rounds* below 1, or a reply that is not a ``str``; as
            :func:`compile_reply` for the others, before the model is asked.

    >>> from binding_graph.drafts import repair
    >>> replies = iter(['{"quantities": []}', '{"quantities": [], "steps": [],'
    ...                 ' "question": {"name": "n", "quote": "How many?"}}'])
    >>> result = repair(lambda prompt: next(replies), "How many?", rounds=2)
    >>> [len(attempt.refusals) for attempt in result.attempts], result.graph is None
    ([2, 1], True)

    .. versionadded:: 0.1.0
    """
    if not callable(ask):
        refuse_type("repair", "ask", "a callable", ask, ("ask",))
    if type(rounds) is not int or rounds < 1:
        refuse_type("repair", "rounds", "an int of at least 1", rounds, ("rounds",))
    chosen = producer_of("repair", producer)
    first = chosen.prompt(text)
    _, by, most = defaults(chosen, source_id, introduced_by, max_bytes)
    # A wrong argument is refused before the model is asked, not after.
    arguments("repair", chosen, text, source_id, by, most, options)
    attempts: list[Attempt] = []
    prompt = first
    for _ in range(rounds):
        reply = ask(prompt)
        if type(reply) is not str:
            refuse_type(
                "repair", "ask", "a callable that returns a str", reply, ("ask",)
            )
        engine, every = call_paused(
            read_reply,
            "repair",
            chosen,
            reply,
            text,
            source_id,
            by,
            most,
            options,
        )
        found = listed(every, DEFAULT_LIMIT, "repair", chosen.name)
        attempts.append(
            Attempt(
                prompt=prompt, reply=reply, refusals=found, content_hash=_hash(reply)
            )
        )
        if not found:
            return Repair(graph=build(engine), attempts=tuple(attempts))
        prompt = _again(chosen, first, reply, found)
    return Repair(graph=None, attempts=tuple(attempts))
