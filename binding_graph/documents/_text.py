"""Reading JSON text that nobody vouches for: limits, encoding, strict numbers."""

from __future__ import annotations

import json
from json.scanner import make_scanner
from typing import Any, Final, NoReturn, TypeGuard, TypeVar, cast, overload

from binding_graph._checks import MAX_OFFSET
from binding_graph._gc_pause import call_paused
from binding_graph._json_objects import Pairs, json_decoder, repeated_key
from binding_graph._refuse import malformed, too_large
from binding_graph._show import short_repr
from binding_graph.documents import _paths
from binding_graph.documents._keys import no_repeated_key
from binding_graph.documents._reading import read
from binding_graph.documents._trees import decoder
from binding_graph.documents._writing import canonical_bytes
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.model import Model, SemanticSymbolicBindingGraph

# At run time too: the documentation reads the signatures of loads().
_M = TypeVar("_M", bound=Model)

DEFAULT_MAX_BYTES: Final = 64 * 1024 * 1024
"""The largest document :func:`~binding_graph.loads` reads by default: 64 MiB of UTF-8.

A word problem's graph takes a few kilobytes.

.. versionadded:: 0.1.0
"""


def _repeated(pairs: Pairs) -> NoReturn:
    msg = (
        "a JSON object must not repeat a key"
        f" (got {short_repr(repeated_key(pairs))} again)"
    )
    raise malformed(msg)


def _integer(text: str) -> int:
    # Bounded before int(): a long run of digits costs quadratic time, and
    # past sys.get_int_max_str_digits() int() raises its own ValueError.
    if len(text) <= len("-9007199254740991"):
        value = int(text)
        if -MAX_OFFSET <= value <= MAX_OFFSET:
            return value
    msg = (
        "integers in a document must lie within -(2**53 - 1) and 2**53 - 1,"
        f" as every JSON implementation holds them exactly (got {short_repr(text)})"
    )
    raise malformed(msg)


def _no_fraction(text: str) -> NoReturn:
    msg = (
        "numbers in a document must be integers, written without a fraction or"
        f" an exponent (got {short_repr(text)})"
    )
    raise malformed(msg)


def _no_constant(text: str) -> NoReturn:
    raise malformed(f"a document must not hold {text}: it is not JSON")


_DECODE: Final = json_decoder(
    _repeated,
    parse_int=_integer,
    parse_float=_no_fraction,
    parse_constant=_no_constant,
).decode

# The same parser without a Python call per object and per integer: it
# neither refuses a repeated key nor bounds integers (see _read_text). Its C
# scanner is called directly, without JSONDecoder.decode's two regular
# expressions around it.
_PLAIN_SCAN: Final = make_scanner(
    # The scanner reads its settings from any decoder, as JSONDecoder does.
    cast("Any", json.JSONDecoder(parse_float=_no_fraction, parse_constant=_no_constant))
)
_JSON_WHITESPACE: Final = " \t\n\r"


def _plain(text: str) -> object:
    """Parse *text* with the plain scanner; ``ValueError`` for anything it cannot."""
    start = 0
    if text[:1] in _JSON_WHITESPACE:  # also the empty text
        start = len(text) - len(text.lstrip(_JSON_WHITESPACE))
    try:
        value, end = _PLAIN_SCAN(text, start)
    except StopIteration:  # no JSON value where one must begin
        raise ValueError(text) from None
    if end != len(text) and text[end:].strip(_JSON_WHITESPACE):
        raise ValueError(text)  # something after the document
    return value


def _utf8_size(text: str) -> int:
    # "surrogatepass": a lone surrogate is refused later, as invalid_text.
    encoded = text.encode(errors="surrogatepass")  # as UTF-8, the default
    return len(encoded)


def is_text(value: object) -> TypeGuard[str | bytes | bytearray]:
    """Tell whether *value* is exactly a ``str``, ``bytes`` or ``bytearray``.

    Exactly: a subclass may override what is asked of the text below (its
    length, its decoding, its comparison with bytes).
    """
    cls = type(value)
    return cls is str or cls is bytes or cls is bytearray


def _too_large(text: str | bytes | bytearray, max_bytes: int) -> bool:
    size = len(text)
    if size > max_bytes or not isinstance(text, str) or text.isascii():
        return size > max_bytes
    # A character takes at most 4 bytes: encoding a copy of the text, only
    # to count its bytes, is needed only where they could exceed the limit.
    return size * 4 > max_bytes and _utf8_size(text) > max_bytes


def _strict(text: str) -> object:
    """Parse *text* as JSON, refusing what a document must not hold."""
    try:
        return _DECODE(text)
    except json.JSONDecodeError as exc:
        msg = (
            f"a document must be JSON ({exc.msg}: line {exc.lineno} column {exc.colno})"
        )
        raise malformed(msg) from None
    except RecursionError:
        msg = "a document must not nest arrays and objects this deep"
        raise BindingGraphError("limit_exceeded", msg) from None


def strict_tree(text: str | bytes | bytearray, max_bytes: int) -> object:
    """Return the JSON value of *text*, refused as :func:`loads` refuses a document.

    The text's limits, encoding and JSON are checked as ``loads`` checks a
    document's, in the same words, with the strict parser alone: the value
    is any JSON value, not yet read as a model. The caller checks that
    *text* is exactly a ``str``, ``bytes`` or ``bytearray``.
    """
    if _too_large(text, max_bytes):
        raise too_large(max_bytes)
    return _strict(_decoded(text))


def _decoded(text: str | bytes | bytearray) -> str:
    """Return *text* as a ``str``: UTF-8 without a byte order mark, else refused."""
    # isinstance, once the type is known exact: it asks no subclass then.
    if not isinstance(text, str):
        try:
            text = text.decode()
        except UnicodeDecodeError as exc:
            msg = f"a document must be UTF-8 ({exc.reason} at byte {exc.start})"
            raise malformed(msg) from None
    if text.startswith("\ufeff"):
        msg = "a document must not start with a byte order mark (U+FEFF)"
        raise malformed(msg)
    return text


def _read_text(text: str, cls: type) -> Model:
    """Read a *cls* from JSON *text*, as the strict parser and :func:`read` would.

    The plain parser is tried first: it differs from the strict one only in
    that it neither refuses a repeated key nor bounds integers. What it
    reads goes to :func:`read`, which bounds every integer a document may
    hold (an offset, the version), and checks that every object has exactly
    its fields, so the object built tells how many keys and strings the
    tree holds; the text holds no repeated key when it has no more than
    that (see :func:`~binding_graph.documents._keys.no_repeated_key`).
    Anything else goes to the strict parser, which refuses it with the
    refusal of the strict reading alone; where it accepts, the two parsers
    built the same tree.
    """
    try:
        data = _plain(text)
    except (ValueError, RecursionError):
        return read(_strict(text), cls)
    try:
        obj = read(data, cls)
    except BindingGraphError:
        _strict(text)
        raise
    if not no_repeated_key(text, obj):
        _strict(text)
    return obj


def _loads(text: object, cls: object, max_bytes: object) -> Model:
    model = decoder(cls)[2]
    if type(max_bytes) is not int:
        refuse_type("loads", "max_bytes", "an int", max_bytes, ("max_bytes",))
    if not is_text(text):
        refuse_type("loads", "text", "a str or bytes", text, ("text",))
    if _too_large(text, max_bytes):
        raise too_large(max_bytes)
    fast = _paths.fast
    if fast is not None:
        obj = fast.loads(text, model)
        if obj is not None:
            return obj
    return _read_text(_decoded(text), model)


@overload
def loads(
    text: str | bytes | bytearray, *, max_bytes: int = ...
) -> SemanticSymbolicBindingGraph: ...
@overload
def loads(
    text: str | bytes | bytearray, cls: type[_M], *, max_bytes: int = ...
) -> _M: ...
def loads(
    text: str | bytes | bytearray,
    cls: object = SemanticSymbolicBindingGraph,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Model:
    """Read a *cls* from JSON *text* that nobody vouches for.

    The text must be a JSON document, as :func:`~binding_graph.dumps` writes
    it (though not necessarily canonical: any key order and whitespace will
    do), within the limits below; it is then read by
    :func:`~binding_graph.from_data`.
    Nothing but :class:`~binding_graph.BindingGraphError` ever escapes.

    Args:
        text: The document: ``str``, or ``bytes`` (or ``bytearray``) in
            UTF-8, without a byte order mark; exactly those types, not a
            subclass.
        cls: The model class to build; a graph by default.
        max_bytes: The largest document to read, in bytes of UTF-8;
            :data:`~binding_graph.serialization.DEFAULT_MAX_BYTES` (64 MiB)
            by default.

    Returns:
        The object the document describes.

    Raises:
        BindingGraphError: ``limit_exceeded`` above *max_bytes*, or for
            arrays and objects nested deeper than the format;
            ``malformed_document`` for text that is not UTF-8 or not JSON,
            starts with a byte order mark, repeats a key in an object, holds
            ``NaN``, ``Infinity``, a number with a fraction or an exponent,
            or an integer beyond ``2**53 - 1`` in magnitude; ``wrong_type``
            for *text*, *cls* or *max_bytes* of the wrong type; then
            whatever :func:`~binding_graph.from_data` refuses.

    >>> from binding_graph import SourceSpanLink, loads
    >>> loads('{"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}', SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    # The collector paused, as from_data pauses it, and for the same reason.
    return call_paused(_loads, text, cls, max_bytes)


def is_canonical(
    text: str | bytes | bytearray,
    cls: type[Model] = SemanticSymbolicBindingGraph,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> bool:
    """Tell whether *text* is a valid document, written in canonical form.

    That is, whether ``canonical_bytes(loads(text, cls))`` is *text* itself
    (in UTF-8): a document a producer can hash, compare or store as it is.

    Args:
        text: The document, as for :func:`loads`.
        cls: The model class it describes; a graph by default.
        max_bytes: As for :func:`loads`.

    Returns:
        ``False`` for any text :func:`loads` refuses, and for a valid
        document written in another form.

    Raises:
        BindingGraphError: ``wrong_type`` if *cls* is not a model class.

    >>> from binding_graph import SourceSpanLink, is_canonical
    >>> is_canonical('{"end":5,"source_id":"p1","start":0,"text":"Alice"}', SourceSpanLink)
    True
    >>> is_canonical('{"source_id":"p1","start":0,"end":5,"text":"Alice"}', SourceSpanLink)
    False

    .. versionadded:: 0.1.0
    """
    decoder(cls)
    try:
        obj = _loads(text, cls, max_bytes)
    except BindingGraphError:
        return False
    # The text loaded, so it is UTF-8 or a str without a lone surrogate.
    # The text loaded, so it is exactly a str, bytes or bytearray.
    raw = text.encode() if isinstance(text, str) else bytes(text)
    return canonical_bytes(obj) == raw
