"""What a record of a corpus holds, as the commands read it: a graph document, a case, or neither.

Every command that reads graphs reads a line (or a ``.json`` file) as
:func:`~binding_graph.loads` reads a graph document, and a case as
``binding-graph import`` writes it, ``{"answer": ..., "graph": ...,
"source_id": ...}``, as :func:`~binding_graph.datasets.load_cases` reads
it: its graph, named by its source id. A line is judged by its keys: an
object with a ``graph`` but no ``format``, or with keys that are all a
case's, is a case; an object with keys, none of them a graph document's or
a case's, is neither, and refused as :func:`~binding_graph.loads` refuses
it (``missing_key`` at ``format``), with a message that names its keys; an
object with ``refused`` and neither ``format`` nor ``graph`` is a refusal
record (:func:`~binding_graph.refusal_line`), read as the producer's
refusal; any other line is a graph document.

A graph is read first, so that a corpus of graphs pays for cases no more
than a look at each line's first bytes: only a line that starts as
``import`` writes a case, or that a graph's reading refuses before it
reaches the graph's fields, is looked at again. :mod:`binding_graph.datasets` is imported only when a line is a case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, cast

import attrs

from binding_graph._show import short_repr
from binding_graph.documents import (
    REFUSAL_START,
    is_refusal_record,
    listing,
    producer_refusal,
    refusal_of_tree,
    strict_tree,
)
from binding_graph.errors import BindingGraphError
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.serialization import FORMAT, FORMAT_VERSION, canonical_bytes, loads

if TYPE_CHECKING:
    from binding_graph.datasets import BenchmarkCase, CaseRecord
    from binding_graph.errors import ErrorPath


CASE_KEYS: Final = ("answer", "graph", "source_id")
"""The keys of a case line, as ``import`` writes them."""

GRAPH_KEYS: Final = frozenset(
    (
        "format",
        "version",
        *(field.name for field in attrs.fields(SemanticSymbolicBindingGraph)),
    )
)
"""The keys of a graph document: its header and its fields."""

CASE_START: Final = b'{"answer":'
"""How every line that ``import`` writes starts: such a line is read as a case first."""

GRAPH_PATH: Final = ("graph",)
"""Where a case line holds its graph: the paths into a case's graph start here."""

_SHOWN_KEYS: Final = 5  # a line's keys that a message names, at most


class Line(NamedTuple):
    """What one record holds: its graph, and its case if it is one; or why it holds none.

    *source_id* is the case's, where the line is a case whose source id can
    be shown, even when the rest of it is refused; *listed* is what
    ``validate --all`` lists the refusals of: the record's text, a case's
    graph (their paths then start with ``graph``), or ``None`` for the one
    refusal of a line that is no document.
    """

    graph: SemanticSymbolicBindingGraph | None
    case: BenchmarkCase | None = None
    error: BindingGraphError | None = None
    source_id: str | None = None
    listed: object = None
    prefix: ErrorPath = ()


def read_line(text: bytes, max_bytes: int) -> Line:
    """Return what *text*, one record of a corpus, holds: a graph, a case, or its refusal."""
    if text.startswith(REFUSAL_START):
        found = producer_refusal(text, max_bytes)
        if found is not None:
            return Line(None, error=found)
    if text.startswith(CASE_START):
        case = _case(text, max_bytes)
        if case.case is not None:
            return _of_case(case.case)
        return _refused(text, max_bytes, None, case)
    try:
        return Line(loads(text, max_bytes=max_bytes))
    except BindingGraphError as error:
        if _of_a_graph(error):
            return Line(None, error=error, listed=text)
        return _refused(text, max_bytes, error, None)


def _of_a_graph(error: BindingGraphError) -> bool:
    """Tell whether a refusal of a line read as a graph shows the line to be meant as one, or no document at all.

    A graph document's header and keys are checked before its values: a
    refusal inside one of its fields (but a nesting too deep, which a
    case's graph is) was made of a line with a graph's keys. A refusal at
    the root is of a line that no reading takes (not JSON, too large, not
    an object). Only the others need the line looked at again: the one
    case lines get (nested too deep), and those of a line without a graph's
    keys.
    """
    path = error.path
    if not path:
        return True
    if error.code == "limit_exceeded":
        return False
    return path[0] in GRAPH_KEYS and path != ("format",)


def _refused(
    text: bytes,
    max_bytes: int,
    first: BindingGraphError | None,
    case: CaseRecord | None,
) -> Line:
    """Return what a line that one reading refused holds: a case, or the refusal of what it is.

    *first* is the refusal of the line read as a graph document, *case* the
    line read as a case, whichever was read.
    """
    try:
        tree = strict_tree(text, max_bytes)
    except BindingGraphError as error:
        # Not JSON, not UTF-8, too large: the same refusal for either reading.
        return Line(None, error=first or error)
    # What is no object has no keys, and is read as a graph document.
    keys = cast("dict[str, object]", tree) if type(tree) is dict else {}
    if is_refusal_record(keys):
        return Line(None, error=refusal_of_tree(keys))
    if "format" not in keys and (
        "graph" in keys or (keys and all(key in CASE_KEYS for key in keys))
    ):
        return _as_case(text, max_bytes, keys, case)
    if keys and not any(key in GRAPH_KEYS for key in keys):
        return Line(None, error=_neither(keys))
    return _as_graph(text, max_bytes, first)


def _as_case(
    text: bytes, max_bytes: int, keys: dict[str, object], case: CaseRecord | None
) -> Line:
    """Return what a line whose keys are a case's holds: its case, or its refusal as a case."""
    read = case or _case(text, max_bytes)
    if read.case is not None:  # a case, its keys in another order or spacing
        return _of_case(read.case)
    source_id = _shown_id(keys.get("source_id"))
    error = cast("BindingGraphError", read.error)
    if error.path[:1] == GRAPH_PATH and "graph" in keys:
        # Every refusal of its graph can be listed, under "graph".
        return Line(None, None, error, source_id, keys["graph"], GRAPH_PATH)
    return Line(None, None, error, source_id)


def _case(text: bytes, max_bytes: int) -> CaseRecord:
    # Imported here: a corpus of graphs never needs the datasets.
    from binding_graph.datasets import load_cases  # noqa: PLC0415

    (record,) = load_cases([text], max_bytes=max_bytes)
    return record


def _of_case(case: BenchmarkCase) -> Line:
    return Line(case.graph, case, source_id=_shown_id(case.source_id))


def _as_graph(text: bytes, max_bytes: int, first: BindingGraphError | None) -> Line:
    """Return the refusal of *text* read as a graph document, as :func:`~binding_graph.loads` refuses it."""
    if first is None:
        try:
            # A line that starts as a case, but is a graph document: one
            # that the case's reading refused.
            loads(text, max_bytes=max_bytes)
        except BindingGraphError as error:
            first = error
    return Line(None, error=first, listed=text)


def _shown_id(source_id: object) -> str | None:
    """Return a case's *source_id* as a report may show it on one line, or ``None``."""
    if type(source_id) is not str or not source_id.strip():
        return None
    return source_id if source_id.isprintable() else short_repr(source_id)


def _neither(keys: dict[str, object]) -> BindingGraphError:
    """Return the refusal of an object with keys, none a graph document's nor a case's, saying what they are."""
    names = [short_repr(key) for key in list(keys)[:_SHOWN_KEYS]]
    more = len(keys) - len(names)
    holds = f"a JSON object with the keys {', '.join(names)}" + (
        f" and {more:,} more" if more else ""
    )
    message = (
        f"the record is neither a graph document nor a case: it is {holds};"
        f' a graph document holds "format": "{FORMAT}" and "version":'
        f" {FORMAT_VERSION} beside its fields, and a case, as binding-graph"
        f" import writes it from a benchmark's record, the keys"
        f" {', '.join(CASE_KEYS)}"
    )
    return BindingGraphError("missing_key", message, ("format",))


def every_refusal(
    line: Line, max_bytes: int
) -> tuple[tuple[BindingGraphError, ...], int]:
    """Return every refusal of a refused *line*, as ``validate --all`` lists them, and how many its last entry counts."""
    error = cast("BindingGraphError", line.error)
    if line.listed is None:
        return (error,), 0
    listed, unlisted = listing(line.listed, max_bytes=max_bytes)
    if not line.prefix:
        return listed, unlisted
    # The last entry of a cut list is about the whole list: it stays at the root.
    last = len(listed) - 1 if unlisted else len(listed)
    return tuple(
        refusal.with_prefix(line.prefix) if index < last else refusal
        for index, refusal in enumerate(listed)
    ), unlisted


def canonical_record(
    graph: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
) -> bytes:
    """Return the canonical form of a record, without its line end: *graph*'s document, or, for a case, the case line of *graph*.

    What a command writes back keeps a record as it was read: a case stays
    a case, with *graph* in place of its graph.
    """
    if case is None:
        return canonical_bytes(graph)
    from binding_graph.datasets import BenchmarkCase, case_line  # noqa: PLC0415

    return case_line(BenchmarkCase(case.source_id, graph, case.answer))[:-1]
