"""The words of two refusals of what a caller hands over: a file or an iterable whose own code raised, and a document too large; and of a malformed one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph._show import type_name
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath

__all__ = ["foreign_failure", "malformed", "too_large"]


def foreign_failure(
    owner: str, field: str, expected: str, value: object, error: Exception
) -> BindingGraphError:
    """Return the refusal of *value*, whose own code raised *error* when it was used.

    Only what the caller hands over as a file or an iterable is ever used,
    read or iterated; whatever else its code raises than an ``OSError`` is
    a refusal of the argument.
    """
    return BindingGraphError(
        "wrong_type",
        f"{owner}.{field} must be {expected}, but the {type_name(value)} given"
        f" raised {type_name(error)} when it was used",
        (field,),
    )


def malformed(message: str, path: ErrorPath = ()) -> BindingGraphError:
    """Return the ``malformed_document`` refusal of *message* at *path*."""
    return BindingGraphError("malformed_document", message, path)


def too_large(max_bytes: int) -> BindingGraphError:
    """Return the refusal of a document above *max_bytes* bytes of UTF-8."""
    return BindingGraphError(
        "limit_exceeded",
        f"a document may take at most {max_bytes} bytes of UTF-8; this one takes more",
    )
