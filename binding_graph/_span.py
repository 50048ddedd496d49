"""A half-open span of a source text, and its text: the one part every element of a graph cites.

:class:`SourceSpanLink` is a model class like those of :mod:`binding_graph.model`,
which re-exports it; it sits in a module of its own so that the model stays
one sitting's reading.
"""

from __future__ import annotations

import attrs

from binding_graph import _kinds as _k
from binding_graph._model_class import model_class
from binding_graph._quotes import offset_of
from binding_graph._spelling import span_string

__all__ = ["SourceSpanLink"]


@model_class(kw_only=False)
class SourceSpanLink:
    """A half-open span ``[start, end)`` of a source text, and its text.

    Args:
        source_id: Which source text the span is in (a problem id, a file).
        start: Offset of the first character, at least 0.
        end: Offset one past the last character; ``start < end <= 2**53 - 1``,
            so that every JSON implementation holds it exactly.
        text: The spanned text, verbatim: exactly ``end - start``
            characters, which may be whitespace.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``
            or ``invalid_span``.

    >>> from binding_graph import SourceSpanLink
    >>> SourceSpanLink("p1", 0, 5, "Alice")
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """

    source_id: str = attrs.field(validator=_k.text)
    start: int = attrs.field(validator=_k.span_start)
    end: int = attrs.field(validator=_k.span_end)
    text: str = attrs.field(validator=_k.span_text)

    @classmethod
    def of(
        cls, text: str, phrase: str, *, source_id: str, occurrence: int = 0
    ) -> SourceSpanLink:
        """Return the span of *source_id* that quotes *phrase* where it occurs in *text*.

        *text* is the whole source; the span is the *occurrence*-th
        occurrence of *phrase* in it, from 0 (occurrences may overlap).

        Raises:
            BindingGraphError: ``invalid_span`` if *phrase* does not occur
                in *text* (path ``("phrase",)``), or occurs fewer times than
                *occurrence* asks (``("occurrence",)``); ``wrong_type`` or
                ``empty_text`` for an argument of the wrong type, or empty.

        >>> from binding_graph import SourceSpanLink
        >>> SourceSpanLink.of("Alice has 3 apples.", "3 apples", source_id="p1")
        SourceSpanLink(source_id='p1', start=10, end=18, text='3 apples')

        .. versionadded:: 0.1.0
        """
        start = offset_of(text, phrase, occurrence, "SourceSpanLink.of")
        return cls(source_id, start, start + len(phrase), phrase)

    def find(self, phrase: str, *, occurrence: int = 0) -> SourceSpanLink:
        """Return the span that quotes *phrase* where it occurs in this span's text.

        It is a span of the same source, with offsets counted from the
        source's start: a span of a fact, found in the span of its problem.

        Raises:
            BindingGraphError: as :meth:`of`, with the owner
                ``SourceSpanLink.find``.

        >>> from binding_graph import SourceSpanLink
        >>> problem = SourceSpanLink("p1", 100, 119, "Alice has 3 apples.")
        >>> problem.find("apples")
        SourceSpanLink(source_id='p1', start=112, end=118, text='apples')

        .. versionadded:: 0.1.0
        """
        start = self.start + offset_of(
            self.text, phrase, occurrence, "SourceSpanLink.find"
        )
        return SourceSpanLink(self.source_id, start, start + len(phrase), phrase)

    def to_canonical_string(self) -> str:
        """Return ``source_id[start:end]``: the seed's spelling of a span, for interchange and logs.

        It is the spelling of the Phase-1 model of the system this library
        comes from, not the span's identity: a ``source_id`` may itself hold
        ``[0:5]``, so two spans may share it. The span's identity is its
        canonical bytes (:func:`~binding_graph.canonical_bytes`).

        >>> from binding_graph import SourceSpanLink
        >>> SourceSpanLink("doc", 3, 8, "Alice").to_canonical_string()
        'doc[3:8]'

        .. versionadded:: 0.1.0
        """
        return span_string(self)
