"""The program format as a producer: :data:`PROGRAM`, and the prompt that asks a model for a program."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph.drafts._producer import EXAMPLE_NOTE, Producer, first_messages
from binding_graph.drafts._program.text import DEFAULT_PROGRAM_BYTES
from binding_graph.drafts._program.translate import order, question, translate

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Message

__all__ = [
    "PROGRAM",
    "PROGRAM_EXAMPLE",
    "PROGRAM_REPAIR_HEADER",
    "program_messages",
    "program_prompt",
]

PROGRAM_REPAIR_HEADER: Final = (
    "The program was refused. Correct each problem below (WHERE: WHAT [CODE])"
    " and send the whole program again."
)
"""The first line of :func:`~binding_graph.format_refusals` for a program's refusals.

.. versionadded:: 0.1.0
"""

_INSTRUCTIONS: Final = (
    "Write a Python program that solves the word problem, and nothing"
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

# The made-up problem of the draft's worked example, so that a model has
# no words of it to carry into another problem (see the draft's EXAMPLE).
PROGRAM_EXAMPLE: Final = (
    (
        "Zorvak fills 7 glimpots with 13 quibfruit each. A zib eats nine."
        " How many quibfruit are left?"
    ),
    (
        "def solution():\n"
        "    pots = 7\n"
        "    each = 13\n"
        "    eaten = 9\n"
        "    held = pots * each\n"
        "    left = held - eaten\n"
        "    return left"
    ),
)
"""The worked example of :func:`program_prompt` and :func:`program_messages`: the made-up problem of :data:`EXAMPLE` and its program.

.. versionadded:: 0.1.0
"""


def _rules() -> str:
    """Return what asks for a program before the problem: the instructions and the worked example."""
    example_text, example = PROGRAM_EXAMPLE
    return (
        f"{_INSTRUCTIONS}\n\n{EXAMPLE_NOTE}\n"
        f"Problem: {example_text}\nProgram:\n{example}"
    )


def program_prompt(text: str) -> str:
    """Return the first prompt that asks a model for a program of the problem *text*.

    Instructions, one worked example (:data:`PROGRAM_EXAMPLE`), then the
    problem, and ``Program:`` for the model to go on from: a completion
    prompt. :func:`program_messages` asks a chat model the same.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "program_prompt", "text", ("text",))
    return f"{_rules()}\n\nProblem: {checked}\nProgram:"


def program_messages(text: str) -> list[Message]:
    """Return the first chat messages that ask a model for a program of the problem *text*.

    A system message of what :func:`program_prompt` holds before the
    problem (the instructions, the worked example), then the problem's
    text, alone, as the user's.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for a *text* that is not a non-blank ``str``.

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "program_messages", "text", ("text",))
    return first_messages(_rules(), checked)


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
    messages=program_messages,
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
