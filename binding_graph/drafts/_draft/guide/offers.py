"""What a problem's text offers a guided draft: its number places, each quoted as the compiler will find it, and its question.

Each rule is the compiler's own: a place is one that
:func:`~binding_graph.expressions.places` reads and the drafts' reading
of a quote (:class:`Source`) reads too, its value the one it states, its
occurrence the one :class:`~binding_graph._occurrences.Occurrences`
counts. The layout
of a guided draft, its literals and the keys of each element, lives here
too, so that the grammars and the reader of a prefix write and read the
same text.
"""

from __future__ import annotations

import json
import re
from keyword import kwlist
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph.drafts._checks.text import Source, asked_span
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import places, spelled

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "DEPTH",
    "KEYWORDS",
    "NAME",
    "NAME_LENGTH",
    "NAME_OPEN",
    "OPEN",
    "QUESTION",
    "SHAPE",
    "STEPS",
    "Offer",
    "Place",
    "expression",
    "offer",
    "too_many_operands",
]

NAME_LENGTH: Final = 32
"""The most characters of a name that a guided draft writes."""
NAME: Final = f"[A-Za-z_][A-Za-z0-9_]{{0,{NAME_LENGTH - 1}}}"
"""A name: an ASCII identifier of at most :data:`NAME_LENGTH` characters (a keyword aside)."""
KEYWORDS: Final = tuple(kwlist)
"""The words no name may be: Python's keywords."""

OPEN: Final = '{"quantities": ['
STEPS: Final = '], "steps": ['
QUESTION: Final = '], "question": '
NAME_OPEN: Final = '{"name": "'

# A number of an expression: no leading zero; a fraction of one to four
# digits, trailing zeros allowed, since a model writes prices as 2.50.
_NUMBER: Final = r"(?:0|[1-9][0-9]{0,5})(?:\.[0-9]{1,4})?"
_OPERATOR: Final = r" ?[-+*\/] ?"
DEPTH: Final = 2
"""How deep a guided expression may nest parentheses."""


def _shape(atom: str) -> tuple[list[str], str]:
    """Return the terminals of an expression over *atom*, the operands' pattern, in llguidance's Lark syntax, and the same language as one Python pattern."""
    terminals = [f"ATOM: /(?:{atom})/", f"OPERATOR: /{_OPERATOR}/"]
    operand = f"-?(?:{atom})"
    terminals.append('OPERAND0: "-"? ATOM')
    pattern = f"{operand}(?:{_OPERATOR}{operand})*"
    for depth in range(1, DEPTH + 1):
        terminals += [
            f"SUM{depth - 1}: OPERAND{depth - 1} (OPERATOR OPERAND{depth - 1})*",
            f'OPERAND{depth}: "-"? (ATOM | "(" SUM{depth - 1} ")")',
        ]
        operand = f"-?(?:{atom}|\\({pattern}\\))"
        pattern = f"{operand}(?:{_OPERATOR}{operand})*"
    terminals.append(f"SUM{DEPTH}: OPERAND{DEPTH} (OPERATOR OPERAND{DEPTH})*")
    return terminals, pattern


def expression(names: list[str]) -> list[str]:
    """Return the terminals of a guided step's expression over *names*, in llguidance's Lark syntax; ``SUM2`` is the whole.

    An operand is a name, or a number of at most six digits and four
    decimals, or an expression in parentheses, at most :data:`DEPTH`
    deep; each may be negated once; operators are ``+ - * /``, a space
    on either side or not.
    """
    return _shape("|".join([*names, _NUMBER]))[0]


SHAPE: Final = re.compile(_shape(f"{NAME}|{_NUMBER}")[1])
"""The same expressions as :func:`expression`'s, over any name: the reader checks the names apart, and compiles this once."""


def too_many_operands(most: int) -> str:
    """Return the regular expression of a text of more than *most* runs of name or number characters."""
    run, gap = "[A-Za-z0-9_.]+", "[^A-Za-z0-9_.]+"
    return f"[^A-Za-z0-9_.]*(?:{run}{gap}){{{most}}}{run}.*"


class Place(NamedTuple):
    """A place of the text that a quantity may quote: its quote, its occurrence where the quote is not unique, and its keys as a guided draft writes them."""

    quote: str
    occurrence: int | None
    value: Fraction
    keys: str


class Offer(NamedTuple):
    """What the text offers: its places, in the order of the text, each by its keys; and the question's keys."""

    places: tuple[Place, ...]
    by_keys: dict[str, int]
    by_quote: dict[tuple[str, int | None], int]
    question: str


def _value(value: Fraction) -> str:
    """Return *value* as a draft's value writes it: a JSON number, or a string of a fraction that no decimal spells."""
    text = spelled(value)
    return json.dumps(text) if "/" in text else text


def _occurrence(source: Source, quote: str, start: int) -> int | None:
    occurrences = source.occurrences
    return occurrences.before(quote, start) if occurrences.count(quote) > 1 else None


def offer(text: str) -> Offer:
    """Return what *text*, checked, offers a guided draft.

    A place is left out where the compiler could not read it: where a
    number too long to read lies beside it, between the same blanks.
    """
    source = Source(text)
    found: list[Place] = []
    for place in places(text)[0]:
        try:
            source.stated(place.start, place.end, ("quantities",))
        except BindingGraphError:
            continue
        quote = text[place.start : place.end]
        occurrence = _occurrence(source, quote, place.start)
        keys = f'"quote": {json.dumps(quote)}, "value": {_value(place.value)}'
        if occurrence is not None:
            keys += f', "occurrence": {occurrence}'
        found.append(Place(quote, occurrence, place.value, keys))
    start, end = asked_span(text)
    quote = text[start:end]
    question = f'"quote": {json.dumps(quote, ensure_ascii=False)}'
    occurrence = _occurrence(source, quote, start)
    if occurrence is not None:
        question += f', "occurrence": {occurrence}'
    return Offer(
        tuple(found),
        {place.keys: index for index, place in enumerate(found)},
        {(place.quote, place.occurrence): index for index, place in enumerate(found)},
        question,
    )
