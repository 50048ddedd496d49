"""A span as the kernel's modules read it, by its fields: for those that the model imports, and so cannot import its classes."""

from __future__ import annotations

from typing import Protocol

__all__ = ["Span"]


class Span(Protocol):
    """What is read of a span: its source, its offsets and its text, as :class:`~binding_graph.SourceSpanLink` holds them."""

    @property
    def source_id(self) -> str:
        """Which source text the span is in."""
        ...

    @property
    def start(self) -> int:
        """Offset of the first character."""
        ...

    @property
    def end(self) -> int:
        """Offset one past the last character."""
        ...

    @property
    def text(self) -> str:
        """The spanned text."""
        ...
