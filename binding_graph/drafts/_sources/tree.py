"""Reading a whole draft: its text, or the walk that hands its tree to the reader.

Text is parsed by :mod:`json` where it is plain JSON, which is almost
always; anything it does not take (text that is not JSON, a constant such
as ``NaN``, nesting too deep for it) is read by the streaming checker
instead, which says where it stops being JSON and what it found before.
Either way the reader meets the same keys and values in the same order, so
a draft's refusals do not depend on how it was read.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, cast

from binding_graph._checks import MAX_OFFSET
from binding_graph._json_objects import json_decoder
from binding_graph.drafts._checks.format import ARRAY, OBJECT, JsonNumber
from binding_graph.drafts._checks.shape import Reader
from binding_graph.drafts._sources.stream import Stream
from binding_graph.errors import type_refusal

if TYPE_CHECKING:
    from collections.abc import Iterable

    from binding_graph.drafts._checks.engine import Engine

__all__ = ["Pairs", "plain_tree", "read", "walk"]


# The widest int a refusal shows in digits; a wider one is told by its size.
_SHOWN_BITS: Final = 1000


class Pairs(list[tuple[str, Any]]):
    """A JSON object as :mod:`json` read it: its keys and values in order, a repeated key kept."""

    __slots__ = ()


class _NotPlain(Exception):  # noqa: N818 -- a signal within the module
    """The text holds what the plain parser does not take as a draft's JSON."""


def _integer(lexeme: str) -> int | JsonNumber:
    if len(lexeme) <= len("-9007199254740991"):
        value = int(lexeme)
        if -MAX_OFFSET <= value <= MAX_OFFSET:
            return value
    return JsonNumber(lexeme)


def _constant(lexeme: str) -> object:
    raise _NotPlain(lexeme)


# An object whose keys differ is a dict; one that repeats a key stays its
# pairs, which the reader refuses where it meets the key again.
_DECODE: Final = json_decoder(
    Pairs, parse_int=_integer, parse_float=JsonNumber, parse_constant=_constant
).decode


def plain_tree(text: str) -> object:
    """Return the tree of *text*, or raise :class:`_NotPlain` if :mod:`json` does not take it."""
    try:
        return _DECODE(text)
    except (ValueError, RecursionError, _NotPlain):
        raise _NotPlain(text) from None


def _plain(draft: str | bytes | bytearray, max_bytes: int) -> object:
    """Return the tree of *draft*, or raise :class:`_NotPlain` unless it is UTF-8 JSON within *max_bytes*, without a byte order mark."""
    if len(draft) > max_bytes:
        raise _NotPlain(draft)
    if isinstance(draft, str):  # exactly a str, bytes or bytearray: see check()
        text = draft
        if (
            len(text) * 4 > max_bytes
            and not text.isascii()
            and len(text.encode(errors="surrogatepass")) > max_bytes
        ):
            raise _NotPlain(draft)
    else:
        try:
            text = draft.decode()
        except UnicodeDecodeError:
            raise _NotPlain(draft) from None
    if text.startswith("\ufeff") or text.lstrip(" \t\n\r")[:1] not in {"{", "["}:
        # A byte order mark, or a reply that may hold its draft among prose.
        raise _NotPlain(draft)
    return plain_tree(text)


def _fraction(value: float | Decimal) -> object:
    """Return what the reader is handed for a number with a fraction of a tree."""
    if type(value) is float:
        # Its digits are the float's, not those of a text: never read as a value.
        return JsonNumber(repr(value), written=False)
    if cast("Decimal", value).is_finite():
        # As json reads a text with parse_float=Decimal: the digits written.
        return JsonNumber(str(value))
    return value


def _shape(value: object) -> object:
    """Return what the reader is handed for *value*: its shape if it is an object or an array."""
    cls = type(value)
    if cls is str or value is None:
        return value
    if cls is Pairs or cls is dict:
        return OBJECT
    if cls is list:
        return ARRAY
    if cls is float or cls is Decimal:
        return _fraction(cast("float | Decimal", value))
    number: int = value  # type: ignore[assignment]  # if it is an int
    if cls is int and not -MAX_OFFSET <= number <= MAX_OFFSET:
        shown = (
            str(number)
            if number.bit_length() < _SHOWN_BITS
            else f"an int of {number.bit_length()} bits"
        )
        return JsonNumber(shown)
    return value


def _items(value: object) -> Iterable[tuple[object, object]]:
    # An exact dict's items, or the pairs json read: no code of theirs runs.
    if type(value) is dict:
        return cast("dict[object, object]", value).items()
    pairs: Pairs = value  # type: ignore[assignment]  # the pairs json read
    return pairs


def walk(tree: object, reader: Reader) -> None:
    """Hand *tree* to *reader*, key by key and element by element, in its order."""
    if not reader.root(_shape(tree)):
        return
    for key, value in _items(tree):
        if not reader.top(key, _shape(value)):
            continue
        if type(value) is list:
            for item in cast("list[object]", value):
                if reader.item(_shape(item)):
                    for field, inner in _items(item):
                        reader.field(field, _shape(inner))
                    reader.end_element()
            reader.end_list()
        else:
            for field, inner in _items(value):
                reader.field(field, _shape(inner))
            reader.end_element()
    reader.end()


def read(
    owner: str, argument: str, draft: object, engine: Engine, max_bytes: int
) -> None:
    """Read the whole *draft*, text or tree, into *engine*, which finds every refusal; *owner* and *argument* name a draft of the wrong type."""
    reader = Reader(engine)
    cls = type(draft)
    if cls is str or cls is bytes or cls is bytearray:
        written = cast("str | bytes | bytearray", draft)
        try:
            tree = _plain(written, max_bytes)
        except _NotPlain:
            # Read as the streaming checker reads it: it says where and why.
            stream = Stream(reader, max_bytes)
            stream.feed(written if isinstance(written, str) else bytes(written))
            stream.close()
            return
        walk(tree, reader)
    elif issubclass(cls, (str, bytes, bytearray)):
        # Refused as loads() refuses a subclass: never read.
        expected = "a str, bytes or bytearray, or a parsed tree"
        engine.found.append(type_refusal(owner, argument, expected, draft, (argument,)))
    else:
        walk(draft, reader)
