"""The program format as a producer: :data:`PROGRAM`, and the prompt that asks a model for a program."""

from __future__ import annotations

from typing import Final

from binding_graph._checks import check_text
from binding_graph.drafts._producer import Producer
from binding_graph.drafts._program.text import DEFAULT_PROGRAM_BYTES
from binding_graph.drafts._program.translate import order, question, translate

__all__ = ["PROGRAM", "PROGRAM_EXAMPLE", "PROGRAM_REPAIR_HEADER", "program_prompt"]

PROGRAM_REPAIR_HEADER: Final = (
    "The program was refused. Correct each problem below (WHERE: WHAT [CODE])"
    " and send the whole program again."
)
"""The first line of :func:`~binding_graph.format_refusals` for a program's refusals.

.. versionadded:: 0.1.0
"""

_INSTRUCTIONS: Final = (
    "Write a Python program that solves the word problem below, and nothing"
    " else: one function, solution(), of assignments NAME = EXPRESSION and a"
    " last return NAME.\n"
    "- Assign each number the problem states to a name of its own, written"
    " as the problem writes it.\n"
    "- Compute each quantity in its own assignment, with + - * / and"
    " parentheses over names and numbers.\n"
    "- Return the name of the quantity the problem asks for.\n"
    "No imports, loops, conditions, strings or other calls."
)
"""What the first prompt asks for, before the example."""

PROGRAM_EXAMPLE: Final = (
    (
        "Alice has 3 apples. Bob gives her 5 more apples."
        " How many apples does Alice have now?"
    ),
    (
        "def solution():\n"
        "    alice_apples = 3\n"
        "    bob_apples = 5\n"
        "    total = alice_apples + bob_apples\n"
        "    return total"
    ),
)
"""The worked example of :func:`program_prompt`: a problem's text and its program.

.. versionadded:: 0.1.0
"""


def program_prompt(text: str) -> str:
    """Return the first prompt that asks a model for a program of the problem *text*.

    Instructions, one worked example (:data:`PROGRAM_EXAMPLE`), then the
    problem, and ``Program:`` for the model to go on from.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "program_prompt", "text", ("text",))
    example_text, example = PROGRAM_EXAMPLE
    return (
        f"{_INSTRUCTIONS}\n\n"
        f"Problem: {example_text}\nProgram:\n{example}\n\n"
        f"Problem: {checked}\nProgram:"
    )


PROGRAM: Final = Producer(
    name="program",
    summary=(
        "a PAL or Program-of-Thoughts program, as a JSON string, read and never"
        " run (docs/drafts.md#programs)"
    ),
    translate=translate,
    text_only=True,
    header=PROGRAM_REPAIR_HEADER,
    prompt=program_prompt,
    cue="Program:",
    max_bytes=DEFAULT_PROGRAM_BYTES,
    introduced_by="program",
    options={"question": question},
    order=order,
)
"""The program format: a reply that is a program, translated into a draft, each refusal at a line and a column.

Its one option, ``question``, is the words of the text that ask the
question, where they are not the text's last sentence that ends in ``?``.

.. versionadded:: 0.1.0
"""
