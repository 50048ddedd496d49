"""The draft format as a producer: :data:`DRAFT`, whose reply is a draft itself, and the prompt that asks a model for one."""

from __future__ import annotations

import json
from typing import Any, Final

from binding_graph._checks import check_text
from binding_graph.drafts._draft.schema import draft_schema
from binding_graph.drafts._producer import Producer

__all__ = [
    "DEFAULT_DRAFT_BYTES",
    "DRAFT",
    "DRAFT_REPAIR_HEADER",
    "EXAMPLE",
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


DRAFT: Final = Producer(
    name="draft",
    summary="a draft, as JSON text or a JSON object (docs/drafts.md)",
    translate=None,
    text_only=False,
    header=DRAFT_REPAIR_HEADER,
    prompt=draft_prompt,
    cue="Draft:",
    max_bytes=DEFAULT_DRAFT_BYTES,
    introduced_by="draft",
)
"""The draft format: a reply that is a draft itself, read as JSON text or its tree, checked as it streams.

.. versionadded:: 0.1.0
"""
