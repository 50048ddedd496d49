"""Every refusal of a document at once: :func:`refusals`, for producers that repair what they propose."""

from __future__ import annotations

from typing import Final

from binding_graph._gc_pause import call_paused
from binding_graph._refusal_limit import check_limit, cut_refusals
from binding_graph.documents._found import Found
from binding_graph.documents._lines import check_max_bytes
from binding_graph.documents._reading import from_data
from binding_graph.documents._text import DEFAULT_MAX_BYTES, is_text, loads, strict_tree
from binding_graph.documents._trees import decoder
from binding_graph.documents._walk import walk
from binding_graph.errors import BindingGraphError
from binding_graph.model import Model, SemanticSymbolicBindingGraph

DEFAULT_LIMIT: Final = 100
"""How many refusals :func:`~binding_graph.refusals` lists at most, by default.

.. versionadded:: 0.1.0
"""


Listing = tuple[tuple[BindingGraphError, ...], int]
"""The entries :func:`refusals` lists, and how many refusals its last entry counts (0 if the list is whole)."""


def _listed(found: Found, limit: int) -> Listing:
    return cut_refusals(found.kept, limit, "document", more=found.more)


def _refusals(
    document: object, cls: object, limit: object, max_bytes: object
) -> Listing:
    model: type[Model] = decoder(cls, owner="refusals")[2]
    most = check_limit("refusals", limit)
    check_max_bytes("refusals", max_bytes)
    size: int = max_bytes  # type: ignore[assignment]  # checked
    found = Found(most)
    if issubclass(type(document), (str, bytes, bytearray)):
        text: str | bytes | bytearray = document  # type: ignore[assignment]  # or a subclass
        try:
            loads(text, model, max_bytes=size)
        except BindingGraphError as first:
            if not is_text(text):
                # A subclass: refused as loads refuses it, and never read.
                return (first,), 0
            try:
                tree = strict_tree(text, size)
            except BindingGraphError:
                # Not a document (not UTF-8, not JSON, too large, ...): what
                # follows would only be noise.
                return (first,), 0
            return _listed(walk(tree, model, check_keys=False, found=found), most)
        return (), 0
    try:
        from_data(document, model)
    except BindingGraphError:
        return _listed(walk(document, model, check_keys=True, found=found), most)
    return (), 0


def refusals(
    document: object,
    cls: type[Model] = SemanticSymbolicBindingGraph,
    *,
    limit: int = DEFAULT_LIMIT,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of *document*, in document order: empty exactly when it is valid.

    Where :func:`~binding_graph.loads` raises the first refusal of a
    document, this lists them all, so that a producer (a language model
    asked to repair its output, say) can correct every one in one round:
    the first is exactly the one :func:`~binding_graph.loads` (or, for a
    tree, :func:`~binding_graph.from_data`) raises, code, path and message.

    The walk goes on past a refusal wherever the rest can still be
    checked: the other fields of an element, the other elements, and the
    graph's own rules against the symbol ids and provenance spans that are
    valid (a fact that names a symbol whose role is refused is not refused
    itself). It stops where going on would only be noise: a text that is
    not a JSON document at all (too large, not UTF-8, not JSON, a repeated
    key, a number that is not an integer within bounds), a tree nested
    deeper than the format, a document that is no object, or one of
    another format or version; each of those is its one refusal.
    Document order is the format's: a graph's header, then its
    collections in field order, elements by index; in each object, first
    every key that is no field of it and every field it leaves out, then
    its fields in order.

    Args:
        document: JSON text (``str``, or UTF-8 ``bytes`` or ``bytearray``),
            as :func:`~binding_graph.loads` takes it (a subclass of one is
            refused as it refuses it); anything else is a tree, as
            :func:`~binding_graph.from_data` takes it.
        cls: The model class the document describes; a graph by default.
        limit: The most entries to return, at least 2. When the document
            breaks more rules, the last entry, in place of the refusal it
            would have been, is a ``limit_exceeded`` refusal at the root
            that says how many were left out.
        max_bytes: As for :func:`~binding_graph.loads`.

    Returns:
        The refusals, each a :class:`~binding_graph.BindingGraphError` with
        its code, path and message; an empty tuple for a valid document.

    Raises:
        BindingGraphError: ``wrong_type`` for a *cls* that is no model
            class, or a *limit* or *max_bytes* that is not an ``int`` (a
            *limit* below 2 too): the arguments, never the document.

    >>> from binding_graph import SourceSpanLink, refusals
    >>> for refusal in refusals('{"end": 0, "source_id": " ", "start": 0, "text": "a"}',
    ...                         SourceSpanLink):
    ...     print(refusal.code, refusal.path)
    empty_text ('source_id',)
    invalid_span ('end',)

    .. versionadded:: 0.1.0
    """
    # Time and memory grow with the document, not with the refusals: past
    # the limit, refusals are only counted.
    return call_paused(_refusals, document, cls, limit, max_bytes)[0]


def listing(document: object, *, max_bytes: int) -> Listing:
    """Return what :func:`refusals` lists for the graph document *document*, and how many refusals its last entry counts.

    *document* is JSON text, or a tree (a case's graph). For
    ``binding-graph validate --all``, which counts every refusal.
    """
    return call_paused(
        _refusals, document, SemanticSymbolicBindingGraph, DEFAULT_LIMIT, max_bytes
    )
