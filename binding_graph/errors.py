"""The one exception every refusal raises, and the closed set of its codes."""

from __future__ import annotations

import reprlib
from typing import Final, Literal, get_args

__all__ = [
    "ALLOCATION_CODES",
    "ANALYSIS_CODES",
    "DOCUMENT_CODES",
    "REFUSAL_CODES",
    "BindingGraphError",
    "ErrorPath",
    "RefusalCode",
    "render_path",
]

RefusalCode = Literal[
    "wrong_type",
    "empty_text",
    "invalid_text",
    "invalid_identifier",
    "not_in_vocabulary",
    "invalid_span",
    "refusal_reason_required",
    "refusal_reason_forbidden",
    "duplicate_symbol_id",
    "unknown_symbol",
    "empty_allocation",
    "unslugifiable_phrase",
    "malformed_document",
    "limit_exceeded",
    "unsupported_version",
    "unknown_key",
    "missing_key",
    "unbound_unknown",
]
"""The type of :attr:`BindingGraphError.code`: one of :data:`REFUSAL_CODES`."""

REFUSAL_CODES: Final[frozenset[str]] = frozenset(get_args(RefusalCode))
"""Every code a :class:`BindingGraphError` can carry.

The set is closed: a new code is a deliberate, documented change.

.. versionadded:: 0.1.0
"""

ALLOCATION_CODES: Final[frozenset[str]] = frozenset(
    {"empty_allocation", "unslugifiable_phrase"}
)
"""The codes only :func:`~binding_graph.allocate_symbols` raises: never a document's.

.. versionadded:: 0.1.0
"""

ANALYSIS_CODES: Final[frozenset[str]] = frozenset({"unbound_unknown"})
"""The codes only :mod:`binding_graph.analysis` raises, when asked: never a document's.

A document that loads is valid, whether or not it determines its unknowns.

.. versionadded:: 0.1.0
"""

DOCUMENT_CODES: Final[frozenset[str]] = (
    REFUSAL_CODES - ALLOCATION_CODES - ANALYSIS_CODES
)
"""Every code that reading a document can raise.

:func:`~binding_graph.from_data` and :func:`~binding_graph.loads` refuse with
these codes only, and :func:`binding_graph.strategies.invalid_graph_documents`
draws a document for each.

.. versionadded:: 0.1.0
"""

ErrorPath = tuple["str | int", ...]
"""Where an offending value sits: field names and sequence indices.

``("equations", 2, "dependencies")`` reads ``equations[2].dependencies``.
"""


def render_path(path: ErrorPath) -> str:
    """Render *path* the way it would be written in Python.

    >>> render_path(("equations", 2, "dependencies"))
    'equations[2].dependencies'
    >>> render_path(())
    '<root>'
    """
    parts: list[str] = []
    for segment in path:
        if isinstance(segment, int):
            parts.append(f"[{segment}]")
        elif parts:
            parts.append(f".{segment}")
        else:
            parts.append(segment)
    return "".join(parts) or "<root>"


class BindingGraphError(ValueError):
    """Refuse a value that would make a binding graph unsound.

    It is the only exception the public API raises on bad input.
    Catch it to turn a producer's proposal into a typed refusal.

    Args:
        code: What rule was broken; one of :data:`REFUSAL_CODES`.
        message: A sentence naming the class, the field, the rule and the
            offending value.
        path: Where the offending value sits, from the object that was being
            built (or, for documents, from the document's root).

    Attributes:
        code: What rule was broken; one of :data:`REFUSAL_CODES`.
        message: The sentence that explains the refusal.
        path: Where the offending value sits, e.g. ``("facts", 3, "symbol_id")``.

    .. versionadded:: 0.1.0
    """

    code: RefusalCode
    message: str
    path: ErrorPath

    def __init__(self, code: RefusalCode, message: str, path: ErrorPath = ()) -> None:
        super().__init__(code, message, path)
        self.code = code
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.message} [code={self.code}, path={render_path(self.path)}]"

    def __reduce__(self) -> tuple[type[BindingGraphError], tuple[str, str, ErrorPath]]:
        return (type(self), (self.code, self.message, self.path))

    def with_prefix(self, prefix: ErrorPath) -> BindingGraphError:
        """Return the same refusal, located under *prefix*.

        Used where an object is checked inside a larger one: a symbol's
        ``("symbol_id",)`` becomes ``("symbols", 3, "symbol_id")``.
        """
        return type(self)(self.code, self.message, prefix + self.path)


_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40


def short_repr(value: object) -> str:
    """Return a short, safe ``repr`` of *value* for a message.

    Never raises: an offending value may come from hostile input whose
    ``__repr__`` fails, or be an integer too long for ``repr``.
    """
    try:
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001 -- any failure of foreign code, by design
        return f"<{type(value).__qualname__} object>"
