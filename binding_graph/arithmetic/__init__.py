"""Exact arithmetic: read right-hand sides, predicates and values in one small profile, and solve.

The model never parses ``rhs_canonical``, ``predicate`` or a fact's
``value``: ADR-0132 keeps them strings, so that the data layer depends on no
symbolic engine. This module is an opt-in reading of those strings in one
documented profile, the arithmetic of word problems, whose grammar and
trees are those of :mod:`binding_graph.expressions` (re-exported here: the
numbers, the seven operators, the six functions, parentheses, symbol ids,
and the six comparisons of a predicate). It computes with them: values are
:class:`fractions.Fraction`, never floats, and a graph's facts and admitted
equations give each unknown its exact answer. Every function is pure, takes
time linear in its input, and never recurses.

>>> from binding_graph.arithmetic import canonical_expression, parse_number
>>> canonical_expression("(a-b)-c*(007.50)")
'a - b - c * 7.5'
>>> parse_number("3/4")
Fraction(3, 4)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from binding_graph._finding import (
    ARITHMETIC_FINDING_CODES,
    ArithmeticFindingCode,
)
from binding_graph.analysis import require_solvable
from binding_graph.arithmetic import _solving
from binding_graph.errors import refuse_type
from binding_graph.expressions import (
    MAX_BITS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_EXPONENT,
    MAX_EXPRESSION_LENGTH,
    TOP_OPERATIONS,
    BinaryOperation,
    Call,
    Comparison,
    Expression,
    Function,
    Negation,
    Number,
    Operator,
    Predicate,
    Symbol,
    canonical_expression,
    canonical_predicate,
    expression_symbols,
    operation_kind,
    parse_expression,
    parse_number,
    parse_predicate,
)
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Mapping
    from fractions import Fraction

    from binding_graph.analysis import Finding

__all__ = [
    "ARITHMETIC_FINDING_CODES",
    "MAX_BITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_EXPRESSION_LENGTH",
    "TOP_OPERATIONS",
    "ArithmeticFindingCode",
    "BinaryOperation",
    "Call",
    "Comparison",
    "Expression",
    "Function",
    "Negation",
    "Number",
    "Operator",
    "Predicate",
    "Symbol",
    "answers",
    "canonical_expression",
    "canonical_predicate",
    "evaluate",
    "expression_symbols",
    "findings",
    "operation_kind",
    "parse_expression",
    "parse_number",
    "parse_predicate",
]


def _graph(function: str, graph: object) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    return graph


def evaluate(graph: SemanticSymbolicBindingGraph) -> Mapping[str, Fraction]:
    """Return the exact value of every symbol that the facts and admitted equations determine.

    The facts' values first, then the admitted equations in
    :func:`~binding_graph.analysis.solve_order`; the keys are exactly
    :func:`~binding_graph.analysis.determined_symbols`, in that order.
    Only what gives a value is read: the facts, and the equations of the
    solve order; :func:`findings` reads every admitted equation.

    Raises:
        BindingGraphError: at the first element that cannot give a value,
            with its path: ``not_arithmetic`` for a fact's value or an
            equation's right-hand side outside the profile;
            ``conflicting_values`` when two facts give one symbol different
            numbers (``"3"`` and ``"3.0"`` agree); ``dependency_mismatch``
            when an admitted equation's right-hand side does not mention
            exactly its ``dependencies``; ``division_by_zero``;
            ``limit_exceeded``; ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    return MappingProxyType(_solving.values(_graph("evaluate", graph)))


def answers(graph: SemanticSymbolicBindingGraph) -> tuple[Fraction, ...]:
    """Return the value of each unknown's symbol, in the order of ``graph.unknowns``.

    Raises:
        BindingGraphError: as :func:`evaluate`; then ``unbound_unknown``, as
            :func:`~binding_graph.analysis.require_solvable` refuses it, for
            an unknown that is not determined.

    .. versionadded:: 0.1.0
    """
    values = _solving.values(_graph("answers", graph))
    unknowns = graph.unknowns
    if not all(unknown.symbol_id in values for unknown in unknowns):
        require_solvable(graph)
    return tuple(values[unknown.symbol_id] for unknown in unknowns)


def findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return what the arithmetic of *graph* shows, for every element at once.

    Every refusal of :func:`evaluate`, as a finding of the same code, path
    and message (for every admitted equation, in the solve order or not),
    and what is wrong though every string reads: ``operation_mismatch``
    (an admitted equation's ``operation_kind`` names a kind of
    :data:`~binding_graph.expressions.OPERATION_LABELS` other than the top
    operation of its right-hand side, :func:`~binding_graph.arithmetic.operation_kind`),
    ``value_conflict`` (an
    admitted equation gives a symbol another value than the one it has),
    ``constraint_symbols`` (a predicate that does not mention exactly its
    constraint's symbol) and ``constraint_violated`` (a predicate that is
    false for the values). The codes are :data:`ARITHMETIC_FINDING_CODES`;
    findings come in the order of the elements they point at (facts,
    equations, constraints, then by index), then of
    :data:`ArithmeticFindingCode`.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    return _solving.found(_graph("findings", graph))
