"""Reading a tree: the compiled decoder for a valid one, and the first refusal in document order for any other.

:func:`read` is what :func:`from_data` and :func:`~binding_graph.loads`
share: its refusal is the first that the walk of
:mod:`binding_graph.documents._walk` finds, as :func:`~binding_graph.refusals`
lists them all.
"""

from __future__ import annotations

from typing import TypeVar, overload

from binding_graph._gc_pause import call_paused
from binding_graph.documents._found import Found
from binding_graph.documents._trees import Invalid, decoder
from binding_graph.documents._walk import walk
from binding_graph.errors import BindingGraphError
from binding_graph.model import Model, SemanticSymbolicBindingGraph

# At run time too: the documentation reads the signatures of from_data().
_M = TypeVar("_M", bound=Model)


def read(data: object, cls: object, *, check_keys: bool = False) -> Model:
    """Build a *cls* from the tree *data*, or refuse it for its first broken rule in document order; see :func:`from_data`.

    With *check_keys*, every key is checked to be exactly a ``str``: a tree
    built in Python may hold others, one that a JSON parser built does not.
    """
    decode, _, model = decoder(cls, check_keys=check_keys)
    try:
        return decode(data)
    except (BindingGraphError, Invalid):
        # Only a refused tree is walked: the decoder says only that it is
        # refused, the walk says why.
        pass
    found = walk(data, model, check_keys=check_keys, found=Found(1, stop=True))
    raise found.kept[0]


@overload
def from_data(data: object) -> SemanticSymbolicBindingGraph: ...
@overload
def from_data(data: object, cls: type[_M]) -> _M: ...
def from_data(data: object, cls: object = SemanticSymbolicBindingGraph) -> Model:
    """Build a *cls* from a tree such as :func:`~binding_graph.to_data` returns.

    The reading is strict: an object must hold exactly the class's fields,
    with keys of type ``str``, a graph document must carry
    ``"format": "binding-graph"`` and ``"version": 1``, arrays must be
    ``list`` and objects ``dict``, and nothing may nest deeper than the
    format does.
    Every value, key and container must be exactly of its built-in type,
    as :func:`json.loads` makes them: a subclass is refused, whatever it
    does.
    ``dependencies`` may come in any order, but must not repeat an entry.
    Then every rule of the model applies.
    Of several broken rules, the first in document order is refused (see
    :func:`~binding_graph.refusals`, which lists them all).

    Args:
        data: The tree, as :func:`json.loads` returns it.
        cls: The model class to build; a graph by default.

    Returns:
        The object, equal to the one the tree was made from.

    Raises:
        BindingGraphError: for the first broken rule, with a
            :attr:`~binding_graph.BindingGraphError.path` from the tree's
            root, such as ``("equations", 2, "dependencies", 0)``:
            ``wrong_type``, ``unknown_key``, ``missing_key``,
            ``unsupported_version``, ``malformed_document`` (not a
            binding-graph document, a repeated dependency),
            ``limit_exceeded`` (nested deeper than the format)
            or any code of the model.

    >>> from binding_graph import SourceSpanLink, from_data
    >>> from_data({"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}, SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    # Reading allocates many objects and frees none, so the cyclic collector
    # would run again and again over a heap that only grows, for nothing: the
    # objects built hold no reference cycles.
    return call_paused(read, data, cls, check_keys=True)
