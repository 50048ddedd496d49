"""The guide of a draft: from a problem's text, the grammar of what a model may write next, so that the draft it completes cannot miss the text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph.drafts._draft.guide.grammar import Limits, lark, literal
from binding_graph.drafts._draft.guide.offers import offer
from binding_graph.drafts._draft.guide.prompt import guided_messages, guided_prompt
from binding_graph.drafts._draft.guide.reader import read
from binding_graph.drafts._draft.schema import MAX_ITEMS
from binding_graph.errors import refuse, refuse_type

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Message

__all__ = ["MAX_OPERANDS", "DraftGuide"]

MAX_OPERANDS: Final = 8
"""How many operands, names and numbers, a guided step's expression may have by default.

.. versionadded:: 0.1.0
"""


def _count(value: object, name: str) -> int:
    if type(value) is not int or value < 1:
        refuse_type("DraftGuide", name, "an int of at least 1", value, (name,))
    return value


class DraftGuide:
    r"""The guide of a draft of one problem: the grammar of each next piece, in llguidance's Lark syntax.

    A draft written under the guide's grammars cannot be refused as
    ``quote_not_found``, ``ambiguous_quote``, ``value_not_stated``,
    ``duplicate_symbol_id``, ``unknown_symbol`` or ``circular_dependency``:
    each quantity quotes one of the text's number places (each once), its
    occurrence written where the quote is not unique, with the value the
    place states; each name is new, an ASCII identifier of at most 32
    characters that is not a keyword; each step's expression is over the
    names already defined and numbers; the question asks for a name
    already defined, and quotes the text's question (its last sentence
    that ends in ``?``, else its last sentence). Units are left out. Every
    list, name and expression is bounded, so that every walk through the
    grammars ends. What it writes is an ordinary draft:
    :func:`compile_draft` compiles it.

    A static grammar cannot say that a name is new, so the guide gives
    the grammar of one piece at a time: :meth:`grammar` takes what has
    been written, a whole number of pieces, and returns the grammar of the
    next (the punctuation that leads to an element, and the element), or
    ``None`` once the draft is whole. A caller loops: grammar, the model
    writes under it until the grammar ends, append, grammar again.

    Args:
        text: The problem's whole text.
        max_items: How many quantities, and how many steps, at most.
        max_operands: How many operands a step's expression has at most.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for *text* that is not a non-blank ``str``; ``wrong_type`` for
            a bound that is not an ``int`` of at least 1.

    >>> from binding_graph.drafts import DraftGuide, compile_draft
    >>> text = "Ann has 3 cats. How many cats?"
    >>> guide = DraftGuide(text)
    >>> print(guide.grammar(""))  # doctest: +ELLIPSIS
    %llguidance {}
    start: "{\"quantities\": [], \"steps\": [" step | "{\"quantities\": [" quantity
    quantity: "{\"name\": \"" NEW "\", " place "}"
    place: "\"quote\": \"3\", \"value\": 3"
    ...
    >>> written = '{"quantities": [{"name": "cats", "quote": "3", "value": 3}'
    >>> print(guide.grammar(written).splitlines()[1])
    start: "], \"steps\": [], \"question\": " question | "], \"steps\": [" step
    >>> written += '], "steps": [], "question": {"name": "cats", "quote": "How many cats?"}}'
    >>> guide.grammar(written) is None
    True
    >>> compile_draft(written, text, source_id="p1").facts[0].value
    '3'

    .. versionadded:: 0.1.0
    """

    __slots__ = ("_limits", "_offer", "text")

    def __init__(
        self, text: str, *, max_items: int = MAX_ITEMS, max_operands: int = MAX_OPERANDS
    ) -> None:
        self.text: str = check_text(text, "DraftGuide", "text", ("text",))
        """The problem's whole text."""
        self._limits = Limits(
            _count(max_items, "max_items"), _count(max_operands, "max_operands")
        )
        self._offer = offer(self.text)

    def prompt(self) -> str:
        """Return the completion prompt that asks for a guided draft of the text, ending in ``Draft:``.

        Its worked example (:data:`GUIDED_EXAMPLE`) is written as the
        guide's grammars write a draft: each quote the number alone, no
        unit. A model given :func:`draft_prompt`'s example, whose quotes
        are phrases and whose elements have units, is pushed off what it
        means to write at each key the grammars leave out.
        """
        return guided_prompt(self.text)

    def messages(self) -> list[Message]:
        """Return the chat messages that ask for a guided draft of the text: the rules and the example as the system's, the text as the user's."""
        return guided_messages(self.text)

    def grammar(self, written: str = "", *, redo: int = 0) -> str | None:
        """Return the grammar of the piece that follows *written*, in llguidance's Lark syntax; ``None`` once the draft is whole.

        *written* is what the guide's grammars have let be written so far,
        a whole number of pieces (``""`` at the start). It is read again
        each time, so a caller keeps no state but the text; it is held to
        the guide's rules, never trusted. The grammar starts with
        ``%llguidance {}``, and ends where the next element ends.

        With *redo*, the grammar starts with the last *redo* characters of
        *written*, to be written again: a caller that takes back the last
        token of its context (whose text they are) lets the model write them
        merged with what follows, as its tokenizer would (``},`` where a
        piece ended at ``}``). Without it, a model whose tokens join a
        piece's last character to the next is held to tokens it rarely
        writes at that point, and its choices there suffer.

        Raises:
            BindingGraphError: ``wrong_type`` for *written* that is not a
                ``str``, or *redo* that is not an ``int`` from 0 to the
                length of *written*; ``malformed_document``, ``invalid_identifier``,
                ``duplicate_symbol_id``, ``quote_not_found``,
                ``value_not_stated`` or ``unknown_symbol``, at its path in
                the draft, for text that the guide's grammars do not allow.
        """
        if type(written) is not str:
            refuse_type("DraftGuide.grammar", "written", "a str", written, ("written",))
        if type(redo) is not int:
            refuse_type("DraftGuide.grammar", "redo", "an int", redo, ("redo",))
        if not 0 <= redo <= len(written):
            rule = f"must be from 0 to the length of written, {len(written)}"
            refuse("wrong_type", "DraftGuide.grammar", "redo", rule, redo, ("redo",))
        state = read(written, self._offer, self._limits)
        if state.section == "done":
            return None
        found = lark(state, self._offer, self._limits)
        if not redo:
            return found
        again = literal(written[len(written) - redo :])
        return found.replace("\nstart: ", f"\nstart: {again} piece\npiece: ", 1)
