"""Finding a cycle of definitions, as ADR-0203 finds it: a deterministic three-colour depth-first search.

The search reads an adjacency, each left-hand side and the symbols its
equations depend on, and knows nothing of graphs: it is tested on its own.
It starts from each node in code-point order and follows the edges of a
node in code-point order, so that the cycle it reports is the same in every
process and under every hash seed; a node that depends on itself is a cycle
of length 1. It keeps a stack of its own, so a chain of any length costs
memory, not recursion, and it takes time linear in the edges, besides
sorting them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping

__all__ = ["find_cycle"]

_ON_PATH: Final = 1
_DONE: Final = 2


def _following(adjacency: Mapping[str, Iterable[str]], node: str) -> Iterator[str]:
    return iter(sorted(adjacency.get(node, ())))


def find_cycle(adjacency: Mapping[str, Iterable[str]]) -> tuple[str, ...] | None:
    """Return the first cycle a depth-first search of *adjacency* meets, or ``None`` if it has none.

    The cycle is the nodes on it in the order of the edges, from the node
    the search reached first: ``("x", "y")`` for ``x -> y -> x``, ``("x",)``
    for ``x -> x``.

    >>> from binding_graph.strict import find_cycle
    >>> find_cycle({"x": ["y"], "y": ["z"], "z": ["x", "w"]})
    ('x', 'y', 'z')
    >>> find_cycle({"x": ["x"]}), find_cycle({"x": ["y"]})
    (('x',), None)

    .. versionadded:: 0.1.0
    """
    colour: dict[str, int] = {}
    for root in sorted(adjacency):
        if root in colour:
            continue
        colour[root] = _ON_PATH
        path = [root]
        edges = [_following(adjacency, root)]
        while edges:
            node = next(edges[-1], None)
            if node is None:
                colour[path.pop()] = _DONE
                edges.pop()
            elif colour.get(node) == _ON_PATH:
                return tuple(path[path.index(node) :])
            elif node not in colour:
                colour[node] = _ON_PATH
                path.append(node)
                edges.append(_following(adjacency, node))
    return None
