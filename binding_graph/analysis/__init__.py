"""What a sound graph gives a solver: determined symbols, a solve order, findings, pictures.

A graph can be sound and still useless to a solver: an unknown that no
chain of facts and equations reaches, two equations that define one symbol,
a cycle of definitions, two facts that disagree.
This module answers those questions from the structure of the graph alone,
by symbol ids: it never parses a right-hand side, a predicate or a value, so
the data layer stays free of any solver.

Every function is pure and deterministic (the same result under every hash
seed), takes time linear in the size of the graph (:func:`solve_order` and
:func:`findings` O(n log n)), and never recurses, so chains of any length
are fine.
Findings are not refusals: a graph with findings is still valid.
:func:`require_solvable` is for callers who want a refusal instead.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast, get_args

from binding_graph._declarations import declared_fields
from binding_graph._finding import FINDING_CODES, Finding, FindingCode
from binding_graph._gc_pause import collector_paused as _paused
from binding_graph._show import short_repr
from binding_graph.analysis import _engine, _render
from binding_graph.analysis._engine import Analysis
from binding_graph.analysis._questions import KIND_FORMS, question_findings
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from binding_graph.analysis._engine import RawFinding
    from binding_graph.model import BoundEquation

__all__ = [
    "FINDING_CODES",
    "KIND_FORMS",
    "Finding",
    "FindingCode",
    "cycles",
    "determined_symbols",
    "findings",
    "require_solvable",
    "solve_order",
    "to_dot",
    "to_mermaid",
]

_CODE_RANK: Final = {code: rank for rank, code in enumerate(get_args(FindingCode))}
# The model's field order: findings follow the elements they point at.
_COLLECTION_RANK: Final = {
    name: rank
    for rank, (name, _) in enumerate(declared_fields(SemanticSymbolicBindingGraph))
}


def _check_graph(function: str, graph: object) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is: a graph-like object
    # whose __class__ lies is not a graph.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    return graph


def determined_symbols(graph: SemanticSymbolicBindingGraph) -> frozenset[str]:
    """Return the ids of the symbols that the facts and admitted equations determine.

    The least fixpoint: a symbol with a fact is determined, and an admitted
    equation whose dependencies are all determined determines its left-hand
    side (one without dependencies, at once).
    Pending and refused equations determine nothing.

    Args:
        graph: The graph.

    Returns:
        The determined symbol ids.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("determined_symbols", graph)
    with _paused():
        return frozenset(_engine.solve(graph)[1])


def solve_order(graph: SemanticSymbolicBindingGraph) -> tuple[BoundEquation, ...]:
    """Return the admitted equations that determine the symbols without a fact, in order.

    For each determined symbol that has no fact, the equation that first
    determines it, in an order where every dependency of each is given by a
    fact or determined by an earlier equation of the order.
    The order is fixed: repeatedly, among the admitted equations whose
    dependencies are all determined and whose left-hand side is not yet, the
    one earliest in ``graph.equations`` comes next.
    Other admitted equations that define an already determined symbol are not
    in the order; each is a ``multiply_defined`` finding.

    Args:
        graph: The graph.

    Returns:
        The equations, each once.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("solve_order", graph)
    equations = graph.equations
    with _paused():
        return tuple(equations[index] for index in _engine.solve(graph)[0])


def cycles(graph: SemanticSymbolicBindingGraph) -> tuple[tuple[str, ...], ...]:
    """Return the cyclic definitions among the admitted equations.

    Each admitted equation makes an edge from each of its dependencies to
    its left-hand side; each cycle is a strongly connected component of those
    edges, given as its symbol ids in code-point order.
    A component of one symbol is a cycle only if the symbol depends on
    itself.

    Args:
        graph: The graph.

    Returns:
        The cycles, in code-point order of their ids.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("cycles", graph)
    with _paused():
        return tuple(_engine.cycles(graph))


def _order(finding: RawFinding) -> tuple[int, int, int, int]:
    code, path, _ = finding
    collection, index, *field = path
    return (
        _COLLECTION_RANK[cast("str", collection)],
        cast("int", index),
        _CODE_RANK[code],
        # Then a dependency's position: ("dependencies", position).
        cast("int", field[1]) if len(field) > 1 else -1,
    )


def findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return what a solver or a reviewer should know about *graph*.

    The codes are those of :data:`FINDING_CODES`, each described with an
    example in the documentation's page for solver authors.
    Findings come in the order of the elements they point at: the
    collections in the graph's field order (symbols, facts, equations,
    unknowns), then by index; the findings of one element by code, in the
    order of :data:`FindingCode`, then by dependency.

    Args:
        graph: The graph.

    Returns:
        The findings; empty if there is nothing to say.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("findings", graph)
    with _paused():
        return _findings(graph)


def _findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    found = Analysis(graph).findings() + question_findings(graph)
    found.sort(key=_order)
    return tuple(Finding(code, path, message) for code, path, message in found)


def require_solvable(graph: SemanticSymbolicBindingGraph) -> None:
    """Refuse a graph with an unknown that its facts and admitted equations do not determine.

    A cycle that keeps an unknown from being determined is refused through
    that unknown; other cycles, and every other finding, are not refusals.

    Args:
        graph: The graph.

    Raises:
        BindingGraphError: ``unbound_unknown``, with the path
            ``("unknowns", i, "symbol_id")`` of the first such unknown;
            ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("require_solvable", graph)
    with _paused():
        analysis = Analysis(graph)
    for index, unknown in enumerate(graph.unknowns):
        symbol_id = unknown.symbol_id
        if symbol_id not in analysis.determined:
            raise BindingGraphError(
                "unbound_unknown",
                f"SemanticSymbolicBindingGraph.unknowns[{index}].symbol_id must name"
                " a symbol that the facts and admitted equations determine"
                f" ({short_repr(symbol_id)} is not: {analysis.why_undetermined(symbol_id)})",
                ("unknowns", index, "symbol_id"),
            )


# The collections whose elements a picture draws, on their own node or on
# their symbol's.
_DRAWN: Final = ("symbols", "facts", "equations", "unknowns", "constraints")


def _marked(
    function: str, graph: SemanticSymbolicBindingGraph, given: object
) -> tuple[Finding, ...] | list[Finding]:
    """Return the findings a picture marks: *given*, checked, or by default those of :func:`findings`."""
    if given is None:
        return _findings(graph)
    expected = "a tuple or list of Finding"
    if type(given) is not tuple and type(given) is not list:
        refuse_type(function, "findings", expected, given, ("findings",))
    marked = cast("tuple[object, ...] | list[object]", given)
    for index, item in enumerate(marked):
        if type(item) is not Finding:
            refuse_type(function, "findings", expected, item, ("findings", index))
        path = item.path
        collection = path[0] if path else None
        if (
            collection not in _DRAWN
            or len(path) < 2  # noqa: PLR2004 -- a collection and an index
            or type(path[1]) is not int
            or not 0 <= path[1] < len(getattr(graph, str(collection)))
        ):
            raise BindingGraphError(
                "wrong_type",
                f"{function}.findings[{index}] must point at a symbol, fact,"
                " equation, unknown or constraint of the graph, as its first two"
                f" segments (got the path {short_repr(path)})",
                ("findings", index, "path"),
            )
    return cast("tuple[Finding, ...] | list[Finding]", marked)


def to_dot(
    graph: SemanticSymbolicBindingGraph,
    *,
    findings: tuple[Finding, ...] | list[Finding] | None = None,
) -> str:
    """Draw *graph* in Graphviz' DOT language.

    One box per symbol, with its id, name, unit, the values its facts give
    and, for an unknown, what is asked; one small ellipse per equation,
    labelled with its ``operation_kind``, with an edge from each dependency
    and one to its left-hand side.
    Unknowns are filled and framed twice; pending equations are dashed and
    refused ones dotted and grey; the elements that findings point at are
    red and name the finding's code.
    Node ids are generated (``s0``, ``e0``); every text is escaped, so that
    no id, name, unit, value or operation kind can leave its label.

    An equation's label is its ``operation_kind`` as the producer wrote it,
    never read: :func:`binding_graph.arithmetic.findings` says where it
    does not name the top operation of the right-hand side
    (``operation_mismatch``), and marking those findings shows it on the
    picture, as ``binding-graph render`` does.

    Args:
        graph: The graph.
        findings: The findings to mark, each pointing at a symbol, fact,
            equation, unknown or constraint of *graph*; by default those of
            :func:`~binding_graph.analysis.findings`. Give them with others,
            such as those of :func:`binding_graph.arithmetic.findings`, to
            mark those too.

    Returns:
        The DOT source, ending with a newline; ``dot -Tsvg`` draws it.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph, or
            *findings* not a tuple or list of
            :class:`~binding_graph.analysis.Finding` that point at its
            elements.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("to_dot", graph)
    with _paused():
        return _render.dot(graph, _marked("to_dot", graph, findings))


def to_mermaid(
    graph: SemanticSymbolicBindingGraph,
    *,
    findings: tuple[Finding, ...] | list[Finding] | None = None,
) -> str:
    """Draw *graph* as a Mermaid flowchart, which code hosts render in Markdown.

    The same picture as :func:`to_dot`, in Mermaid's syntax: every text is
    encoded with Mermaid's entity codes (``#35;`` for ``#``), so that none can
    leave its label or be read as syntax.

    Args:
        graph: The graph.
        findings: The findings to mark, as for :func:`to_dot`.

    Returns:
        The flowchart source, ending with a newline.

    Raises:
        BindingGraphError: ``wrong_type`` as :func:`to_dot` raises it.

    .. versionadded:: 0.1.0
    """
    graph = _check_graph("to_mermaid", graph)
    with _paused():
        return _render.mermaid(graph, _marked("to_mermaid", graph, findings))
