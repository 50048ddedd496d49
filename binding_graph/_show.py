"""Showing a value in a message without trusting it: its class's name, a short ``repr`` that runs none of its code, and a path.

The kernel's lowest module: :mod:`binding_graph.errors` builds every
refusal's message with these, and re-exports :func:`render_path`. Here
too is :func:`untrusted`, which every check of a caller's value starts from.
"""

from __future__ import annotations

import reprlib
from typing import Final, cast

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40

_SHORT_NAME: Final = 60


def untrusted(value: object) -> object:
    """Return *value* as an ``object``: what a caller passed, whatever its annotation says."""
    return value


# The C getter behind ``cls.__qualname__``: a metaclass can intercept the
# attribute's lookup, but not this call.
_QUALNAME: Final = vars(type)["__qualname__"]


def _base_value(value: object) -> object:
    """Return *value* as its built-in base holds it, if it is a subclass of one.

    Read by the base class's own method, never by one that the subclass may
    have overridden; a check of the class runs no code of the class's own.
    """
    cls = type(value)
    if cls is bool or cls is str or cls is int or cls is bytes or cls is bytearray:
        return value
    if issubclass(cls, str):
        return str.__str__(cast("str", value))
    if issubclass(cls, int):
        return int.__index__(cast("int", value))
    if issubclass(cls, bytes):
        return bytes.__getitem__(cast("bytes", value), slice(None))
    if issubclass(cls, bytearray):
        return bytearray.__getitem__(cast("bytearray", value), slice(None))
    return value


def type_name(value: object) -> str:
    """Return the qualified name of *value*'s class, for a message.

    Never runs code of *value* or of its class, and never raises: a class
    may come from hostile input whose metaclass lies about its name.

    >>> type_name(3)
    'int'
    """
    name: str = _QUALNAME.__get__(type(value), type)
    return name if len(name) <= _SHORT_NAME else name[: _SHORT_NAME - 3] + "..."


def short_repr(value: object) -> str:
    """Return a short, safe ``repr`` of *value* for a message.

    Never raises: an offending value may come from hostile input whose
    ``__repr__`` fails, or be an integer too long for ``repr``.
    A subclass of ``str``, ``int``, ``bytes`` or ``bytearray`` is shown as
    the value its base class holds, without calling any method of its own.

    >>> class Lies(str):
    ...     def __repr__(self) -> str:
    ...         return "anything"
    >>> short_repr(Lies("apple"))
    "'apple'"
    """
    try:
        return _REPR.repr(_base_value(value))
    except Exception:  # noqa: BLE001 -- any failure of foreign code, by design
        return f"<{type_name(value)} object>"


_CUT_WIDTH: Final = 60
"""The most characters :func:`cut_around` shows of a string."""
_CUT_BEFORE: Final = 20
"""How many of them it shows before the place it is cut around, where it can."""


def cut_around(value: str, at: int) -> str:
    """Return the ``repr`` of *value*, cut to the 60 characters around place *at*, for a message that compares two strings.

    Where :func:`short_repr` keeps a long string's two ends, this keeps
    the window around *at* (where the string differs from another): up
    to 20 characters before it, the rest after, and ``...`` outside the
    quotes on each side that is cut, so that what the quotes hold is the
    string's own characters, one for one.

    >>> cut_around("Her ducks lay 16 eggs per day.", 5)
    "'Her ducks lay 16 eggs per day.'"
    >>> cut_around("x" * 50 + "the place that differs" + "y" * 50, 50)
    "...'xxxxxxxxxxxxxxxxxxxxthe place that differsyyyyyyyyyyyyyyyyyy'..."
    """
    if len(value) <= _CUT_WIDTH:
        return repr(value)
    start = max(0, min(at - _CUT_BEFORE, len(value) - _CUT_WIDTH))
    end = start + _CUT_WIDTH
    before = "..." if start else ""
    after = "..." if end < len(value) else ""
    return f"{before}{value[start:end]!r}{after}"


_NAME_WIDTH: Final = 60
"""The longest key a rendered path shows as a name; a longer one is shortened."""


def render_path(path: tuple[str | int, ...]) -> str:
    r"""Render *path* the way it would be written in Python.

    >>> from binding_graph.errors import render_path
    >>> render_path(("equations", 2, "dependencies"))
    'equations[2].dependencies'
    >>> render_path(())
    '<root>'

    A key that is not a plain name of at most 60 characters (a stray key of
    a document may hold anything, a newline or brackets included) is shown
    as its short representation in brackets, so that a rendered path is one
    line of bounded length that no key can forge:

    >>> render_path(("symbols", 0, "x\n[0]"))
    "symbols[0]['x\\n[0]']"
    """
    parts: list[str] = []
    for segment in path:
        # Exact types only: a path may come from anyone, and rendering it
        # must run no code of a segment's own.
        if type(segment) is int:
            parts.append(f"[{int.__repr__(segment)}]")
        elif (
            type(segment) is str
            and len(segment) <= _NAME_WIDTH
            and segment.isascii()
            and segment.isidentifier()
        ):
            parts.append(f".{segment}" if parts else segment)
        else:
            parts.append(f"[{short_repr(segment)}]")
    return "".join(parts) or "<root>"
