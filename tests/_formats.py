"""A producer format that only the tests define, through the public API alone: replies of lines, one element a line.

A reply is lines of three forms::

    laid = 16 "16 eggs"        a quantity: its name, value and quote
    left = laid - eaten        a step: its name and expression
    ? income "How much ..."    the question: its name and quote

A line of no form is refused at ``("line", N)``; a refusal of the draft
the lines state is told at the line of its element.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph import BindingGraphError
from binding_graph.drafts import Producer, Translation

if TYPE_CHECKING:
    from binding_graph.drafts import Request

_QUANTITY: Final = re.compile(r'(\w+) = (\S+) "(.*)"')
_QUESTION: Final = re.compile(r'\? (\w+) "(.*)"')
_STEP: Final = re.compile(r"(\w+) = (.+)")

LINES_HEADER: Final = (
    "The lines were refused. Correct each line below, then send them all again."
)


def _translate(request: Request) -> Translation:
    """Return the draft that the lines of *request* state, and the lines of no form."""
    reply = request.reply
    if type(reply) is not str:
        error = BindingGraphError("wrong_type", "Lines must be a str", ())
        return Translation(draft=None, refusals=(error,))
    quantities: list[object] = []
    steps: list[object] = []
    draft: dict[str, object] = {"quantities": quantities, "steps": steps}
    lines: dict[tuple[str | int, ...], int] = {}
    refused: list[BindingGraphError] = []
    for number, line in enumerate(reply.splitlines(), start=1):
        if quantity := _QUANTITY.fullmatch(line):
            lines["quantities", len(quantities)] = number
            name, value, quote = quantity.groups()
            quantities.append({"name": name, "value": value, "quote": quote})
        elif question := _QUESTION.fullmatch(line):
            lines[("question",)] = number
            draft["question"] = dict(
                zip(("name", "quote"), question.groups(), strict=True)
            )
        elif step := _STEP.fullmatch(line):
            lines["steps", len(steps)] = number
            steps.append(dict(zip(("name", "expression"), step.groups(), strict=True)))
        elif line.strip():
            message = f'line {number} is not NAME = VALUE "QUOTE", NAME = EXPRESSION or ? NAME "QUOTE"'
            refused.append(
                BindingGraphError("unsupported_syntax", message, ("line", number))
            )

    def place(error: BindingGraphError) -> BindingGraphError:
        path = error.path
        number = lines.get(path[:2], lines.get(path[:1], 0))
        return BindingGraphError(error.code, error.message, ("line", number))

    return Translation(draft=draft, refusals=tuple(refused), place=place)


def _order(error: BindingGraphError) -> int:
    path = error.path
    return path[1] if path[:1] == ("line",) and type(path[1]) is int else 0


def _prompt(text: str) -> str:
    return f"Write the problem below as lines.\nProblem: {text}\nLines:"


LINES: Final = Producer(
    name="lines",
    summary='lines of NAME = VALUE "QUOTE", NAME = EXPRESSION and ? NAME "QUOTE"',
    translate=_translate,
    text_only=True,
    header=LINES_HEADER,
    prompt=_prompt,
    cue="Lines:",
    max_bytes=4096,
    introduced_by="lines",
    order=_order,
)
"""The format of lines, registered by the tests that read it."""
