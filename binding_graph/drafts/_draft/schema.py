"""The JSON Schema of a draft, for generating one: properties in writing order, bounded where an engine can bound them.

A model writes left to right: what it has declared, it can use. So the
schema lists ``quantities``, then ``steps``, then ``question``, and in each
element its name before its quote. Lists and strings are bounded
(``maxItems``, ``maxLength``), which keeps a small model from writing one
list forever under an engine that honours them (llguidance does); the
``strict`` variant leaves the bounds out, for strict structured outputs,
which refuse them. Given the problem's text, every quote can be held to
the text's own phrases.
"""

from __future__ import annotations

import re
from typing import Any, Final

from binding_graph._checks import check_text
from binding_graph._occurrences import Occurrences
from binding_graph.drafts._checks.format import CORE, DRAFT_VERSION
from binding_graph.drafts._checks.text import sentences
from binding_graph.errors import refuse_type

__all__ = ["MAX_ITEMS", "MAX_WORDS", "draft_schema", "phrases", "sentences"]

MAX_ITEMS: Final = 10
"""How many quantities, and how many steps, the bounded schema allows by default.

.. versionadded:: 0.1.0
"""

MAX_WORDS: Final = 6
"""The most words of a phrase that :func:`phrases` lists, by default.

.. versionadded:: 0.1.0
"""

_NAME_LENGTH: Final = 32
_QUOTE_LENGTH: Final = 200
_EXPRESSION_LENGTH: Final = 200
_UNIT_LENGTH: Final = 40

# A word of a problem: letters and digits, joined by what joins them inside
# a number or a word (1,000; 2.5; 3/4; don't; twenty-five), with a currency
# sign before it or a percent sign after it.
_WORD: Final = re.compile("[$\u20ac\u00a3\u00a5\u20b9]?\\w+(?:[.,/'\u2019-]\\w+)*%?")


# A sentence: a run of characters that end none (a line's end does, and a
# ".", "!" or "?" before whitespace or the text's end), holding one that is
# neither whitespace nor such a mark, then the marks that end it. Read a
# run at a time: one pattern for all of it would try each start of a run
# of whitespace again, and take time quadratic in it.
def phrases(text: str, *, max_words: int = MAX_WORDS) -> list[str]:
    """Return the phrases of *text* that a draft may quote: its runs of up to *max_words* words, and its sentences, each if it occurs once.

    A phrase runs from the start of a word to the end of a later one of its
    sentence, with what lies between as the text writes it; a sentence ends
    at ``.``, ``!`` or ``?`` before whitespace, or at a line's end. Only phrases that
    occur exactly once in the text are listed, so that each quotes one
    place. In the order of the text, the shorter first where two start
    together. Time is linear in the text and the phrases.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``
            for *text* that is not a non-blank ``str``; ``wrong_type`` for
            *max_words* that is not an ``int`` of at least 1.

    >>> from binding_graph.drafts import phrases
    >>> phrases("Ann has 3 cats. Ann has 2 dogs?", max_words=2)
    ['Ann has 3 cats.', 'has 3', '3', '3 cats', 'cats', 'Ann has 2 dogs?', 'has 2', '2', '2 dogs', 'dogs']

    .. versionadded:: 0.1.0
    """
    checked = check_text(text, "phrases", "text", ("text",))
    if type(max_words) is not int or max_words < 1:
        expected = "an int of at least 1"
        refuse_type("phrases", "max_words", expected, max_words, ("max_words",))
    spans: set[tuple[int, int]] = set()
    for first, last in sentences(checked):
        words = [word.span() for word in _WORD.finditer(checked, first, last)]
        for index, (start, _) in enumerate(words):
            spans.update((start, end) for _, end in words[index : index + max_words])
        start = first
        while checked[start].isspace():  # a sentence holds a character that is not
            start += 1
        spans.add((start, last))
    found = Occurrences(checked)
    listed: list[str] = []
    for start, end in sorted(spans):
        phrase = checked[start:end]
        # Once: not again, even overlapping itself.
        if found.nth(phrase, 1) < 0:
            listed.append(phrase)
    return listed


def _bounded(
    schema: dict[str, Any], key: str, bound: int, *, strict: bool
) -> dict[str, Any]:
    return schema if strict else {**schema, key: bound}


def draft_schema(
    text: str | None = None, *, strict: bool = False, max_items: int = MAX_ITEMS
) -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) to generate a draft with, version 1.

    Its properties are in writing order, the order a model should write
    in: declarations before use (``quantities``, ``steps``, ``question``),
    and in each element its name before its quote. It holds the core of a
    draft only, each key required but ``unit`` (a string or ``null``, and
    absent as the compiler takes it; ``strict`` requires it too, as strict
    structured outputs require every key), and no other key: what a model
    writes; the optional keys of the format are for tools. Names are ASCII
    identifiers; a value a JSON number (``2.5`` is read exactly from its
    digits), or a string that :func:`~binding_graph.arithmetic.parse_number`
    reads; an expression the characters of the arithmetic profile.

    By default the lists are bounded by *max_items* (``maxItems``) and the
    strings by ``maxLength``, so that an engine that honours them
    (llguidance does) keeps a small model from writing one list, or one
    string, forever. ``strict`` leaves those two keywords out, for strict
    structured outputs, which refuse them: it holds only
    :data:`~binding_graph.serialization.GENERATION_KEYWORDS`.

    Given the problem's *text*, every quote is held to an ``enum`` of the
    text's :func:`phrases`, so that a model cannot misquote it at all, nor
    quote a phrase that occurs twice; the question's quote may also be one
    of its sentences.

    Like the document's generation profile, it is never stricter than the
    format but where it says so: :func:`compile_draft` reads every draft
    it allows, and refuses what it cannot check (a quote not in the text,
    names that nothing defines, ...).

    Raises:
        BindingGraphError: ``wrong_type`` for arguments of the wrong type (or
            *max_items* below 1); as :func:`phrases` for *text*.

    .. versionadded:: 0.1.0
    """
    if type(strict) is not bool:
        refuse_type("draft_schema", "strict", "a bool", strict, ("strict",))
    if type(max_items) is not int or max_items < 1:
        expected = "an int of at least 1"
        refuse_type("draft_schema", "max_items", expected, max_items, ("max_items",))
    quote: dict[str, Any] = _bounded(
        {"type": "string"}, "maxLength", _QUOTE_LENGTH, strict=strict
    )
    question_quote = quote
    if text is not None:
        listed = phrases(check_text(text, "draft_schema", "text", ("text",)))
        quote = {"type": "string", "enum": listed}
        question_quote = quote
    definitions: dict[str, Any] = {
        "name": {
            "description": "A name: an ASCII Python identifier, the symbol's id.",
            "type": "string",
            "pattern": f"^[A-Za-z_][A-Za-z0-9_]{{0,{_NAME_LENGTH - 1}}}$",
        },
        "quote": {
            "description": "The exact words of the problem's text that state it.",
            **quote,
        },
        "question_quote": {
            "description": "The exact words of the problem's question.",
            **question_quote,
        },
        "value": {
            "description": 'The number the quote states, such as 12, 2.5 or "3/4".',
            "anyOf": [
                {"type": "number"},
                {
                    "type": "string",
                    "pattern": r"^-?[0-9]+(\.[0-9]+)?(/[0-9]+(\.[0-9]+)?)?$",
                },
            ],
        },
        "unit": {
            "description": "Its unit, such as 'eggs' or 'dollars per hour', or null.",
            "anyOf": [
                _bounded({"type": "string"}, "maxLength", _UNIT_LENGTH, strict=strict),
                {"type": "null"},
            ],
        },
        "expression": {
            "description": (
                "Arithmetic over names and numbers: + - * / and parentheses."
            ),
            "type": "string",
            "pattern": f"^[A-Za-z0-9_ .()+*/-]{{1,{_EXPRESSION_LENGTH}}}$",
        },
        "quantity": _element(
            "quantities", "A quantity the text states.", strict=strict
        ),
        "step": _element("steps", "A quantity computed from others.", strict=strict),
        "question": _element(
            "question", "The name asked for, and the question's words.", strict=strict
        ),
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"binding-graph draft, version {DRAFT_VERSION}",
        "description": (
            "A draft of a word problem's binding graph: the quantities its text"
            " states, the steps that compute others, and the question."
            " binding_graph.drafts.compile_draft checks it against the text."
        ),
        "type": "object",
        "properties": {
            "quantities": _list("quantity", max_items, strict=strict),
            "steps": _list("step", max_items, strict=strict),
            "question": {"$ref": "#/$defs/question"},
        },
        "required": ["quantities", "steps", "question"],
        "additionalProperties": False,
        "$defs": definitions,
    }


def _list(item: str, max_items: int, *, strict: bool) -> dict[str, Any]:
    return _bounded(
        {"type": "array", "items": {"$ref": f"#/$defs/{item}"}},
        "maxItems",
        max_items,
        strict=strict,
    )


_REFERENCE: Final = {
    "name": "name",
    "quote": "quote",
    "value": "value",
    "unit": "unit",
    "expression": "expression",
}


def _element(kind: str, description: str, *, strict: bool) -> dict[str, Any]:
    keys = CORE[kind]
    # Strict structured outputs require every key; a unit absent reads as null.
    required = keys if strict else tuple(key for key in keys if key != "unit")
    return {
        "description": description,
        "type": "object",
        "properties": {
            key: {
                "$ref": "#/$defs/"
                + (
                    "question_quote"
                    if kind == "question" and key == "quote"
                    else _REFERENCE[key]
                )
            }
            for key in keys
        },
        "required": list(required),
        "additionalProperties": False,
    }
