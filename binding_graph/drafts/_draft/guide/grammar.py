"""The grammar of a guided draft's next piece, in llguidance's Lark syntax, from what the draft so far holds.

A piece runs from the end of one element (or the draft's start) to the end
of the next: the punctuation that leads to it, and the element. A state
says where the draft is, the names it defines and the places it has
quoted; :func:`openers` lists what may come next, and :func:`lark` writes
it down as a grammar. The reader of a prefix follows the same openers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from binding_graph.drafts._draft.guide.offers import (
    DEPTH,
    KEYWORDS,
    NAME,
    NAME_OPEN,
    OPEN,
    QUESTION,
    STEPS,
    expression,
    too_many_operands,
)

if TYPE_CHECKING:
    from binding_graph.drafts._draft.guide.offers import Offer

__all__ = ["Limits", "State", "lark", "openers"]

Element = Literal["quantities", "steps", "question"]


class Limits:
    """How many quantities, and how many steps, a guided draft may hold; and how many operands an expression."""

    __slots__ = ("items", "operands")

    def __init__(self, items: int, operands: int) -> None:
        self.items = items
        self.operands = operands


class State:
    """Where a guided draft is, after a whole number of pieces.

    Attributes:
        section: ``"start"`` before the first piece, then the list being
            written (``"quantities"`` or ``"steps"``), ``"done"`` after the
            question.
        names: The names defined, in order.
        quoted: The indices of the places quoted, each once.
        quantities: How many quantities are written; ``steps`` likewise.
    """

    __slots__ = ("names", "quantities", "quoted", "section", "steps")

    def __init__(self) -> None:
        self.section = "start"
        self.names: dict[str, None] = {}
        self.quoted: set[int] = set()
        self.quantities = 0
        self.steps = 0


_TO: Final = {
    # Where the draft is, and what leads from there to a quantity, a step, the question.
    "start": (OPEN, OPEN + STEPS, OPEN + STEPS + QUESTION),
    "quantities": (", ", STEPS, STEPS + QUESTION),
    "steps": (None, ", ", QUESTION),
    "done": (None, None, None),
}


def openers(state: State, offer: Offer, limits: Limits) -> list[tuple[str, Element]]:
    """Return what may lead to the next element, and that element's kind, longest first.

    A quantity while places are left to quote and the list is not full; a
    step while its list is not full; the question once a name is defined.
    Each leaves a way to the draft's end: the question needs a name, and a
    step, over numbers alone, can always define one.
    """
    to_quantity, to_step, to_question = _TO[state.section]
    found: list[tuple[str, Element]] = []
    if (
        to_quantity is not None
        and state.quantities < limits.items
        and len(state.quoted) < len(offer.places)
    ):
        found.append((to_quantity, "quantities"))
    if to_step is not None and state.steps < limits.items:
        found.append((to_step, "steps"))
    if to_question is not None and state.names:
        found.append((to_question, "question"))
    found.sort(key=lambda opener: -len(opener[0]))
    return found


def literal(text: str) -> str:
    """Return *text* as a string literal of a Lark grammar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_EXPRESSION: Final = literal('", "expression": "')
_END_STEP: Final = literal('"}')
_RULE: Final = {"quantities": "quantity", "steps": "step", "question": "question"}


def lark(state: State, offer: Offer, limits: Limits) -> str:
    """Return the grammar of the next piece after *state*, in llguidance's Lark syntax."""
    leads = openers(state, offer, limits)
    kinds = {kind for _, kind in leads}
    rules = [
        "%llguidance {}",
        "start: " + " | ".join(f"{literal(to)} {_RULE[kind]}" for to, kind in leads),
    ]
    name = literal(NAME_OPEN)
    after_name = literal('", ')
    if "quantities" in kinds:
        places = [
            literal(place.keys)
            for index, place in enumerate(offer.places)
            if index not in state.quoted
        ]
        rules += [
            f'quantity: {name} NEW {after_name} place "}}"',
            "place: " + " | ".join(places),
        ]
    if "steps" in kinds:
        terminals = expression(list(state.names))
        rules += [
            f"step: {name} NEW {_EXPRESSION} EXPRESSION {_END_STEP}",
            f"EXPRESSION: SUM{DEPTH} & ~/{too_many_operands(limits.operands)}/",
            *terminals,
        ]
    if kinds & {"quantities", "steps"}:
        taken = "|".join([*KEYWORDS, *state.names])
        rules.append(f"NEW: /{NAME}/ & ~/(?:{taken})/")
    if "question" in kinds:
        defined = " | ".join(literal(defined) for defined in state.names)
        question = '", ' + offer.question + "}}"
        rules += [
            f"question: {name} defined {literal(question)}",
            f"defined: {defined}",
        ]
    return "\n".join(rules) + "\n"
