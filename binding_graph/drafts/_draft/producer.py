"""The draft format as a producer: :data:`DRAFT`, whose reply is a draft itself, and the prompt that asks a model for one."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from binding_graph._checks import check_text
from binding_graph.drafts._draft.schema import draft_schema
from binding_graph.drafts._producer import EXAMPLE_NOTE, Producer, first_messages

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Message

__all__ = [
    "DEFAULT_DRAFT_BYTES",
    "DRAFT",
    "DRAFT_REPAIR_HEADER",
    "EXAMPLE",
    "draft_messages",
    "draft_prompt",
]

DEFAULT_DRAFT_BYTES: Final = 1024 * 1024
"""The largest draft read by default: 1 MiB of UTF-8; a word problem's draft takes a few hundred bytes.

:data:`~binding_graph.serialization.DEFAULT_MAX_BYTES` is another limit,
the largest graph document read.

.. versionadded:: 0.1.0
"""

DRAFT_REPAIR_HEADER: Final = (
    "The draft was refused. Correct each problem below (WHERE: WHAT [CODE])"
    " and send the whole draft again."
)
"""The first line of :func:`~binding_graph.format_refusals` for a draft's refusals.

.. versionadded:: 0.1.0
"""

INSTRUCTIONS: Final = (
    "Write a draft of the word problem: one JSON object under the JSON Schema"
    " below, nothing else.\n"
    "- quantities: each number the problem states: a name (a Python"
    " identifier); its quote, the problem's exact words that state it,"
    " copied character for character; its value; its unit, or null.\n"
    "- steps: each quantity to compute, in order: a new name; an expression"
    " over names and numbers with + - * / and parentheses; its unit, or null.\n"
    "- question: the name asked for, and the exact words of its question.\n"
    "Define each name once; use only names you define."
)
"""What the first prompt asks for, before the schema and the example."""

# A small model copies the worked example's quotes into the problem it is
# given ("3 apples" into a problem of eggs). Each quote of this example
# holds a made-up word (Zorvak, glimpots, quibfruit, zib), which no other
# problem's text holds, and the prompt says so before it; it multiplies,
# then subtracts, and states a number in words, so that its shape is not
# one sum to imitate.
EXAMPLE: Final = (
    (
        "Zorvak fills 7 glimpots with 13 quibfruit each. A zib eats nine."
        " How many quibfruit are left?"
    ),
    {
        "quantities": [
            {"name": "pots", "quote": "7 glimpots", "value": 7, "unit": "glimpots"},
            {
                "name": "each",
                "quote": "13 quibfruit each",
                "value": 13,
                "unit": "quibfruit per glimpot",
            },
            {
                "name": "eaten",
                "quote": "zib eats nine",
                "value": 9,
                "unit": "quibfruit",
            },
        ],
        "steps": [
            {"name": "held", "expression": "pots * each", "unit": "quibfruit"},
            {"name": "left", "expression": "held - eaten", "unit": "quibfruit"},
        ],
        "question": {"name": "left", "quote": "How many quibfruit are left?"},
    },
)
"""The worked example of :func:`draft_prompt` and :func:`draft_messages`: a made-up problem's text and its draft.

Its words are made up, so that no quote of it is in another problem's text.

.. versionadded:: 0.1.0
"""


def _written(draft: dict[str, Any]) -> str:
    return json.dumps(draft, ensure_ascii=False)


def _rules() -> str:
    """Return what asks for a draft before the problem: the instructions, the bounded schema and the worked example."""
    example_text, example = EXAMPLE
    schema = json.dumps(draft_schema(), ensure_ascii=False)
    return (
        f"{INSTRUCTIONS}\n\nThe JSON Schema of a draft:\n{schema}\n\n"
        f"{EXAMPLE_NOTE}\nProblem: {example_text}\nDraft: {_written(example)}"
    )


def draft_prompt(text: str) -> str:
    """Return the first prompt that asks a model for a draft of the problem *text*.

    Instructions, the draft schema (:func:`draft_schema`, bounded), one
    worked example (:data:`EXAMPLE`), then the problem, and ``Draft:`` for
    the model to go on from: a completion prompt. :func:`draft_messages`
    asks a chat model the same.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "draft_prompt", "text", ("text",))
    return f"{_rules()}\n\nProblem: {checked}\nDraft:"


def draft_messages(text: str) -> list[Message]:
    """Return the first chat messages that ask a model for a draft of the problem *text*.

    A system message of what :func:`draft_prompt` holds before the problem
    (the instructions, the bounded draft schema, the worked example), then
    the problem's text, alone, as the user's.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    >>> from binding_graph.drafts import draft_messages
    >>> [message["role"] for message in draft_messages("How many?")]
    ['system', 'user']

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "draft_messages", "text", ("text",))
    return first_messages(_rules(), checked)


DRAFT: Final = Producer(
    name="draft",
    summary="a draft, as JSON text or a JSON object (docs/drafts.md)",
    translate=None,
    text_only=False,
    header=DRAFT_REPAIR_HEADER,
    prompt=draft_prompt,
    messages=draft_messages,
    cue="Draft:",
    max_bytes=DEFAULT_DRAFT_BYTES,
    introduced_by="draft",
)
"""The draft format: a reply that is a draft itself, read as JSON text or its tree, checked as it streams.

.. versionadded:: 0.1.0
"""
