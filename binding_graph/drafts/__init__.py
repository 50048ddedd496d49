"""Drafts: what a language model can write, compiled into a sound graph.

A graph document asks its producer for character offsets, repeated spans,
dependencies that the right-hand side already states, an operation kind, a
unit proof: most of it derived, and all of it where models go wrong. A
*draft* asks only for names, the words of the text that state each
quantity, values, expressions over the names, and the question:

.. code-block:: json

    {"quantities": [{"name": "eggs", "quote": "16 eggs", "value": 16, "unit": "eggs"},
                    {"name": "eaten", "quote": "eats three", "value": 3, "unit": "eggs"}],
     "steps": [{"name": "left", "expression": "eggs - eaten", "unit": "eggs"}],
     "question": {"name": "left", "quote": "How many eggs are left?"}}

:func:`compile_draft` finds each quote in the problem's text, and derives
the rest: the spans, the canonical right-hand sides, the dependencies, the
operation kinds and the unit proofs. It refuses what it cannot derive, with
a path into the draft: a quote that is not in the text, a value its quote
does not state, a name used that nothing defines, steps in a circle, units
that do not agree. :func:`draft_refusals` lists every refusal at once, and
:class:`DraftChecker` each as soon as it is certain, while the draft is
generated. :class:`DraftGuide` gives, piece by piece, the grammar of a
draft that cannot miss the text. :func:`to_draft` is the inverse. :func:`draft_schema` is the
JSON Schema to generate drafts with, :func:`repair` a loop that asks a
model again with the refusals, by a completion prompt or chat messages. :func:`from_program` reads a PAL or
Program-of-Thoughts program as a draft, through a whitelist of its syntax,
never running it; :func:`program_refusals` lists its refusals, each at a
line and a column, :class:`ProgramChecker` each as soon as it is certain,
while the program is written, and :func:`python_value` computes what Python would
make of it. ``docs/drafts.md`` describes the format and programs.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Final

from binding_graph.drafts._checker import Checker
from binding_graph.drafts._checks.format import DRAFT_VERSION
from binding_graph.drafts._draft.guide.guide import MAX_OPERANDS, DraftGuide
from binding_graph.drafts._draft.guide.prompt import GUIDED_EXAMPLE
from binding_graph.drafts._draft.producer import (
    DEFAULT_DRAFT_BYTES,
    DRAFT_REPAIR_HEADER,
    EXAMPLE,
    draft_messages,
    draft_prompt,
)
from binding_graph.drafts._draft.schema import (
    MAX_ITEMS,
    MAX_WORDS,
    draft_schema,
    phrases,
)
from binding_graph.drafts._draft_functions import (
    DraftChecker,
    compile_draft,
    draft_refusals,
)
from binding_graph.drafts._inverse import canonical_draft, to_draft
from binding_graph.drafts._producer import (
    Message,
    Option,
    Producer,
    Request,
    Translation,
)
from binding_graph.drafts._program.producer import (
    PROGRAM_EXAMPLE,
    PROGRAM_REPAIR_HEADER,
    program_messages,
    program_prompt,
)
from binding_graph.drafts._program.text import DEFAULT_PROGRAM_BYTES, MAX_OPERATORS
from binding_graph.drafts._program.words import CALLS
from binding_graph.drafts._program_functions import (
    ProgramChecker,
    from_program,
    program_refusals,
    python_value,
)
from binding_graph.drafts._registry import PRODUCERS, register, unregister
from binding_graph.drafts._repair import Attempt, Repair, Round, repair
from binding_graph.drafts._replies import DEFAULT_LIMIT, compile_reply, reply_refusals

DEFAULT_MAX_BYTES: Final = DEFAULT_DRAFT_BYTES
"""The largest draft read by default: another name of :data:`DEFAULT_DRAFT_BYTES`.

.. versionadded:: 0.1.0
"""

__all__ = [
    "CALLS",
    "DEFAULT_DRAFT_BYTES",
    "DEFAULT_LIMIT",
    "DEFAULT_MAX_BYTES",
    "DEFAULT_PROGRAM_BYTES",
    "DRAFT_REPAIR_HEADER",
    "DRAFT_VERSION",
    "EXAMPLE",
    "GUIDED_EXAMPLE",
    "MAX_ITEMS",
    "MAX_OPERANDS",
    "MAX_OPERATORS",
    "MAX_WORDS",
    "PRODUCERS",
    "PROGRAM_EXAMPLE",
    "PROGRAM_REPAIR_HEADER",
    "Attempt",
    "Checker",
    "DraftChecker",
    "DraftGuide",
    "Message",
    "Option",
    "Producer",
    "ProgramChecker",
    "Repair",
    "Request",
    "Round",
    "Translation",
    "canonical_draft",
    "compile_draft",
    "compile_reply",
    "draft_messages",
    "draft_prompt",
    "draft_refusals",
    "draft_schema",
    "from_program",
    "phrases",
    "program_messages",
    "program_prompt",
    "program_refusals",
    "python_value",
    "register",
    "repair",
    "reply_refusals",
    "to_draft",
    "unregister",
]


def __dir__() -> list[str]:
    return sorted(__all__)
