"""What asks a model for a guided draft: instructions and a worked example written as the guide's grammars write a draft."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from binding_graph.drafts._draft.producer import EXAMPLE
from binding_graph.drafts._producer import EXAMPLE_NOTE, first_messages

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Message

__all__ = ["GUIDED_EXAMPLE", "GUIDED_INSTRUCTIONS", "guided_messages", "guided_prompt"]

GUIDED_INSTRUCTIONS: Final = (
    "Write a draft of the word problem: one JSON object, nothing else.\n"
    "- quantities: each number of the problem that the answer needs: a name"
    " (a Python identifier); its quote, the number exactly as the problem"
    " writes it; its value.\n"
    "- steps: each quantity to compute, in order: a new name; an expression"
    " over the names defined before it and numbers, with + - * / and"
    " parentheses.\n"
    "- question: the name of the answer, and the problem's question.\n"
    "Define each name once."
)
"""What the prompt of a guided draft asks for, before the worked example."""


def _guided(draft: dict[str, Any]) -> dict[str, Any]:
    """Return *draft* as a guide writes it: each quote the number alone, no unit."""
    words = {9: "nine"}
    return {
        "quantities": [
            {
                "name": each["name"],
                "quote": words.get(each["value"], str(each["value"])),
                "value": each["value"],
            }
            for each in draft["quantities"]
        ],
        "steps": [
            {"name": each["name"], "expression": each["expression"]}
            for each in draft["steps"]
        ],
        "question": draft["question"],
    }


GUIDED_EXAMPLE: Final = (EXAMPLE[0], _guided(EXAMPLE[1]))
"""The worked example of a guided draft: :data:`EXAMPLE`'s problem, its draft as the guide's grammars write it (each quote the number alone, as the text writes it; no unit).

.. versionadded:: 0.1.0
"""


def _rules() -> str:
    text, draft = GUIDED_EXAMPLE
    shown = json.dumps(draft, ensure_ascii=False)
    return f"{GUIDED_INSTRUCTIONS}\n\n{EXAMPLE_NOTE}\nProblem: {text}\nDraft: {shown}"


def guided_prompt(text: str) -> str:
    """Return the completion prompt of a guided draft of the problem *text*, checked by the caller."""
    return f"{_rules()}\n\nProblem: {text}\nDraft:"


def guided_messages(text: str) -> list[Message]:
    """Return the chat messages of a guided draft of the problem *text*, checked by the caller."""
    return first_messages(_rules(), text)
