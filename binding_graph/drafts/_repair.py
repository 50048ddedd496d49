"""A repair loop for a pipeline: ask a model for a draft, compile it, and ask again with its refusals.

:func:`repair` is given the user's model call, ``ask(prompt) -> str``; the
prompts are the library's: :func:`draft_prompt` (instructions, the draft
schema, one worked example, the problem), then, for each round after the
first, the same prompt, the reply that was refused, and its refusals as
:func:`~binding_graph.format_refusals` tells them.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from binding_graph._checks import check_text
from binding_graph.drafts._compile import (
    DRAFT_REPAIR_HEADER,
    compile_draft,
    draft_refusals,
)
from binding_graph.drafts._schema import draft_schema
from binding_graph.errors import BindingGraphError, format_refusals, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["EXAMPLE", "Attempt", "Repair", "draft_prompt", "repair"]

INSTRUCTIONS: Final = (
    "Write a draft of the word problem below, as one JSON object that follows"
    " the JSON Schema below, and nothing else.\n"
    "- quantities: each number the problem states. name: a Python identifier"
    " you choose. quote: the exact words of the problem that state the"
    " number, copied character for character. value: that number. unit: its"
    ' unit, such as "eggs" or "dollars per hour", or null.\n'
    "- steps: each quantity to compute, in the order of the computation."
    " name: a new identifier. expression: arithmetic over names and numbers"
    " with + - * / and parentheses. unit: its unit, or null.\n"
    "- question: name: the name of the quantity the problem asks for. quote:"
    " the exact words of its question.\n"
    "Define each name once, and use only names you define."
)
"""What the first prompt asks for, before the schema and the example."""

EXAMPLE: Final = (
    (
        "Alice has 3 apples. Bob gives her 5 more apples."
        " How many apples does Alice have now?"
    ),
    {
        "quantities": [
            {"name": "alice_apples", "quote": "3 apples", "value": 3, "unit": "apples"},
            {
                "name": "bob_apples",
                "quote": "5 more apples",
                "value": 5,
                "unit": "apples",
            },
        ],
        "steps": [
            {
                "name": "total",
                "expression": "alice_apples + bob_apples",
                "unit": "apples",
            }
        ],
        "question": {"name": "total", "quote": "How many apples does Alice have now?"},
    },
)
"""The worked example of :func:`draft_prompt`: a problem's text and its draft.

.. versionadded:: 0.1.0
"""


def _written(draft: dict[str, Any]) -> str:
    return json.dumps(draft, ensure_ascii=False)


def draft_prompt(text: str) -> str:
    """Return the first prompt that asks a model for a draft of the problem *text*.

    Instructions, the draft schema (:func:`draft_schema`, bounded), one
    worked example (:data:`EXAMPLE`), then the problem, and ``Draft:`` for
    the model to go on from.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "draft_prompt", "text", ("text",))
    example_text, example = EXAMPLE
    schema = json.dumps(draft_schema(), ensure_ascii=False)
    return (
        f"{INSTRUCTIONS}\n\nThe JSON Schema of a draft:\n{schema}\n\n"
        f"Problem: {example_text}\nDraft: {_written(example)}\n\n"
        f"Problem: {checked}\nDraft:"
    )


def _again(first: str, reply: str, refusals: tuple[BindingGraphError, ...]) -> str:
    told = format_refusals(refusals, header=DRAFT_REPAIR_HEADER)
    return f"{first} {reply}\n\n{told}\nDraft:"


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
        refusals: :func:`draft_refusals` of the reply; empty for the reply
            that compiled.
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
    rounds: int = 3,
    source_id: str = "problem",
    introduced_by: str = "draft",
) -> Repair:
    """Ask a model for a draft of *text* until one compiles, at most *rounds* times, feeding each round's refusals back.

    The first prompt is :func:`draft_prompt`'s; each after it is that
    prompt, the reply refused, and its refusals as
    :func:`~binding_graph.format_refusals` tells them (with
    :data:`DRAFT_REPAIR_HEADER`), asking for the whole draft again. It stops
    at the first reply that compiles, or after *rounds* replies.

    Args:
        ask: The model call: given a prompt, the model's reply, a ``str``.
            Whatever it raises propagates, untouched: a failing call is not
            a refusal.
        text: The problem's text.
        rounds: The most replies to ask for, at least 1.
        source_id: As for :func:`compile_draft`.
        introduced_by: As for :func:`compile_draft`.

    Returns:
        The graph (or ``None``) and every attempt.

    Raises:
        BindingGraphError: ``wrong_type`` for arguments of the wrong type, a
            *rounds* below 1, or a reply that is not a ``str``; as
            :func:`compile_draft` for *text*, *source_id* and *introduced_by*.

    >>> from binding_graph.drafts import EXAMPLE, repair
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
    first = draft_prompt(text)
    attempts: list[Attempt] = []
    prompt = first
    for _ in range(rounds):
        reply = ask(prompt)
        if type(reply) is not str:
            refuse_type(
                "repair", "ask", "a callable that returns a str", reply, ("ask",)
            )
        found = draft_refusals(
            reply, text, source_id=source_id, introduced_by=introduced_by
        )
        attempts.append(
            Attempt(
                prompt=prompt, reply=reply, refusals=found, content_hash=_hash(reply)
            )
        )
        if not found:
            graph = compile_draft(
                reply, text, source_id=source_id, introduced_by=introduced_by
            )
            return Repair(graph=graph, attempts=tuple(attempts))
        prompt = _again(first, reply, found)
    return Repair(graph=None, attempts=tuple(attempts))
