"""A graph's strings read in the profile: each element's text with its place, and an equation's tree held to its dependencies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError
from binding_graph.expressions._parser import Where, parse
from binding_graph.expressions._tree import symbols

if TYPE_CHECKING:
    from binding_graph.expressions._tree import Expression
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["element", "equation_tree", "listed"]

_OWNER: Final = "SemanticSymbolicBindingGraph"


def element(collection: str, index: int, field: str) -> Where:
    """Return the place of a graph's string: ``SemanticSymbolicBindingGraph.equations[2].rhs_canonical``, at the path ``("equations", 2, "rhs_canonical")``.

    .. versionadded:: 0.1.0
    """
    return Where(f"{_OWNER}.{collection}[{index}].{field}", (collection, index, field))


def listed(ids: frozenset[str]) -> str:
    """Return symbol ids for a message: sorted, each shown short, joined by commas.

    .. versionadded:: 0.1.0
    """
    return ", ".join(short_repr(symbol_id) for symbol_id in sorted(ids))


def equation_tree(graph: SemanticSymbolicBindingGraph, index: int) -> Expression:
    """Return the tree of equation *index*'s right-hand side, which must mention exactly its dependencies.

    Raises:
        BindingGraphError: as :func:`~binding_graph.arithmetic.parse_expression`
            refuses the text, at ``("equations", index, "rhs_canonical")``;
            ``dependency_mismatch`` at ``("equations", index,
            "dependencies")`` for symbols mentioned but not declared, or
            declared but not mentioned.

    .. versionadded:: 0.1.0
    """
    equation = graph.equations[index]
    tree = parse(equation.rhs_canonical, element("equations", index, "rhs_canonical"))
    mentioned = symbols(tree)
    declared = equation.dependencies
    if mentioned != declared:
        missing = [
            f"{listed(ids)} {what}"
            for ids, what in (
                (mentioned - declared, "in rhs_canonical but not in dependencies"),
                (declared - mentioned, "in dependencies but not in rhs_canonical"),
            )
            if ids
        ]
        where = element("equations", index, "dependencies")
        raise BindingGraphError(
            "dependency_mismatch",
            f"{where.name} must be exactly the symbols rhs_canonical mentions"
            f" ({'; '.join(missing)})",
            where.path,
        )
    return tree
