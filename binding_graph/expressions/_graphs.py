"""A graph's strings read in the profile: each element's text with its place, an equation's tree held to its dependencies, and its operation.

An equation's ``operation_kind`` is the producer's own label, free text in
the model; the profile reads the labels of :data:`OPERATION_LABELS`, which
name the top operation of a tree (:func:`operation_kind`), and leaves every
other label alone.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal, cast, get_args

from binding_graph._show import short_repr
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.expressions._parser import TEXT, Where, checked, parse
from binding_graph.expressions._tree import (
    NODES,
    BinaryOperation,
    Call,
    Negation,
    symbols,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.expressions._tree import Expression
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = [
    "OPERATION_LABELS",
    "TOP_OPERATIONS",
    "TopOperation",
    "element",
    "equation_tree",
    "listed",
    "operation_kind",
    "read_operation_kind",
]

TopOperation = Literal[
    "add",
    "subtract",
    "multiply",
    "divide",
    "floor_divide",
    "modulo",
    "power",
    "negate",
    "identity",
    "abs",
    "min",
    "max",
    "round",
    "floor",
    "ceil",
]
"""The kind of an expression's top operation, as :func:`~binding_graph.arithmetic.operation_kind` names it.

A binary operator's own kind (``//`` is ``floor_divide``, ``%`` ``modulo``,
``**`` ``power``), a negation's, a lone number's or symbol's
(``identity``), or a call's: its function's name.

.. versionadded:: 0.1.0
"""

TOP_OPERATIONS: Final[frozenset[TopOperation]] = frozenset(get_args(TopOperation))
"""Every operation :func:`operation_kind` names: the top of an expression.

Not the seed's operation kinds (:data:`binding_graph.vocabularies.OPERATION_KINDS`),
which name what a step does in a problem (``transfer``, ``apply_rate``):
an expression's top names how it computes.

.. versionadded:: 0.1.0
"""

_BY_OPERATOR: Final[Mapping[str, TopOperation]] = MappingProxyType(
    {
        "+": "add",
        "-": "subtract",
        "*": "multiply",
        "/": "divide",
        "//": "floor_divide",
        "%": "modulo",
        "**": "power",
    }
)

_SPELLINGS: Final[tuple[tuple[TopOperation, tuple[str, ...]], ...]] = (
    ("add", ("add", "addition", "plus")),
    ("subtract", ("subtract", "subtraction")),
    ("multiply", ("multiply", "multiplication", "times")),
    ("divide", ("divide", "division")),
    ("negate", ("negate", "negation")),
    ("identity", ("identity", "copy")),
    ("floor_divide", ("floor_divide", "floor_division")),
    ("modulo", ("modulo",)),
    ("power", ("power", "exponentiation")),
    ("abs", ("abs",)),
    ("min", ("min",)),
    ("max", ("max",)),
    ("round", ("round", "rounding")),
    ("floor", ("floor",)),
    ("ceil", ("ceil", "ceiling")),
)

OPERATION_LABELS: Final[Mapping[str, TopOperation]] = MappingProxyType(
    {spelling: kind for kind, spellings in _SPELLINGS for spelling in spellings}
)
"""Each ``operation_kind`` label the profile reads, and the kind it names.

The kinds are those the library's own writers give
(:func:`~binding_graph.datasets.from_gsm8k` labels each step with
:func:`~binding_graph.arithmetic.operation_kind` of its tree); each reads as itself, and so do its noun
(``addition``), and the word ``plus``, ``times`` or ``copy`` that says one
operation only. A label is looked up without its surrounding spaces, in
lower case (:func:`~binding_graph.expressions.read_operation_kind`). Any other label is a producer's
own (``rate_times_time``), or a word that names a result or a role rather
than one operation (``sum``, ``difference``, ``ratio``, ``minus``, which
also negates): it names no kind, and nothing is said of it.

.. versionadded:: 0.1.0
"""


def operation_kind(expression: Expression | str) -> TopOperation:
    """Return the operation the top of *expression* makes, as an equation's ``operation_kind`` says it.

    ``add``, ``subtract``, ``multiply``, ``divide``, ``floor_divide``,
    ``modulo`` or ``power`` for a binary operation, by its operator
    (``a * b / 2`` is a division of ``a * b``); ``negate`` for a negation;
    the function's name for a call (``round``); ``identity`` for a lone
    number or symbol. One of :data:`TOP_OPERATIONS`.

    Args:
        expression: A tree of :func:`~binding_graph.arithmetic.parse_expression`,
            or a text it reads.

    Raises:
        BindingGraphError: as :func:`~binding_graph.arithmetic.parse_expression`,
            for a text; ``wrong_type`` for anything but a ``str`` or a tree.

    >>> from binding_graph.expressions import operation_kind
    >>> operation_kind("a * (b + c)"), operation_kind("-(a - b)"), operation_kind("7")
    ('multiply', 'negate', 'identity')

    .. versionadded:: 0.1.0
    """
    tree: Expression
    if type(expression) is str:
        tree = parse(checked(expression, TEXT, "parse_expression"), TEXT)
    elif type(expression) in NODES:
        tree = cast("Expression", expression)
    else:
        expected = "an Expression or a str"
        refuse_type(
            "operation_kind", "expression", expected, expression, ("expression",)
        )
    if type(tree) is BinaryOperation:
        return _BY_OPERATOR[tree.operator]
    if type(tree) is Call:
        return tree.function
    return "negate" if type(tree) is Negation else "identity"


def read_operation_kind(label: str) -> TopOperation | None:
    """Return the kind an equation's ``operation_kind`` *label* names, or ``None`` for a label the profile does not read.

    >>> from binding_graph.expressions import read_operation_kind
    >>> read_operation_kind(" Division"), read_operation_kind("rate_times_time")
    ('divide', None)

    Raises:
        BindingGraphError: ``wrong_type`` if *label* is not a ``str``.

    .. versionadded:: 0.1.0
    """
    if type(label) is not str:
        refuse_type("read_operation_kind", "label", "a str", label, ("label",))
    return OPERATION_LABELS.get(label.strip().lower())


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
