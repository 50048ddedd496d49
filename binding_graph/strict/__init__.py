"""The strict profile: refuse what the seed's system refuses and this library only reports.

A graph is sound by construction here; the system this library comes from
refuses more (its ADR-0203 and ADR-0134), and a graph meant for it must
pass these rules too. :func:`check_strict` refuses, in this order:

- a cycle of definitions (ADR-0203), ``circular_dependency``: the
  equations' left-hand sides and dependencies, those of equations sharing
  a left-hand side merged, searched depth first from each left-hand side in
  code-point order (:func:`find_cycle`); every equation counts, whatever
  its status. The message spells the cycle, and the path is the first
  equation on it, at the dependency that closes it;
- then, equation by equation: an ``operation_kind`` that is not one of the
  eight (``unknown_operation``); a right-hand side that is not arithmetic
  (``not_arithmetic``, ``limit_exceeded``), read by
  :mod:`binding_graph.arithmetic`; a kind that the right-hand side's top
  operator does not carry out (``operation_mismatch``, see
  :data:`KIND_OPERATORS`); a ``pending`` equation that admission by kind
  (:func:`binding_graph.units.admit` with ``by_kind=True``) would refuse,
  with the reason of ADR-0134 as the code.

Referential integrity comes first, as in the seed's system: a graph that
exists has it. The model never parses a right-hand side; this module is an
opt-in reading of them, which nothing in the model or the documents calls.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final, cast

from binding_graph.arithmetic import BinaryOperation, parse_expression
from binding_graph.errors import BindingGraphError, refusal, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.strict._cycles import find_cycle
from binding_graph.units import DEFAULT, UnitLexicon, admit
from binding_graph.vocabularies import OPERATION_KINDS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.errors import ErrorPath, RefusalCode
    from binding_graph.model import BoundEquation

__all__ = ["KIND_OPERATORS", "check_strict", "find_cycle", "strict_refusals"]

KIND_OPERATORS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "add": frozenset("+"),
        "subtract": frozenset("-"),
        "multiply": frozenset("*"),
        "divide": frozenset("/"),
        # What one gives, another gets: a sum or a difference.
        "transfer": frozenset("+-"),
        # "3 more than" or "how many more": a sum or a difference.
        "compare_additive": frozenset("+-"),
        # "3 times as many" or "how many times": a product or a quotient.
        "compare_multiplicative": frozenset("*/"),
        # A rate times what it applies to.
        "apply_rate": frozenset("*"),
    }
)
"""The operators at the top of a right-hand side that carry out each of the eight operation kinds.

.. versionadded:: 0.1.0
"""

_OWNER: Final = "SemanticSymbolicBindingGraph"
_SPELT: Final = 10
"""The most symbols of a cycle its refusal spells before it says how many more."""


def _checked(
    function: str, graph: object, lexicon: object
) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    if type(lexicon) is not UnitLexicon:
        refuse_type(function, "lexicon", "a UnitLexicon", lexicon, ("lexicon",))
    return graph


def _spelt(cycle: tuple[str, ...]) -> str:
    """Spell *cycle* as its edges run, back to its first symbol: ``x -> y -> x``."""
    shown = list(cycle[:_SPELT])
    if len(cycle) > _SPELT:
        shown.append(f"... ({len(cycle) - _SPELT} more)")
    return " -> ".join([*shown, cycle[0]])


def _circular(graph: SemanticSymbolicBindingGraph) -> BindingGraphError | None:
    """Return the refusal of the first cycle of *graph*'s definitions, or ``None``."""
    adjacency: dict[str, set[str]] = {}
    for equation in graph.equations:
        adjacency.setdefault(equation.lhs_symbol_id, set()).update(
            equation.dependencies
        )
    cycle = find_cycle(adjacency)
    if cycle is None:
        return None
    edges = {(node, cycle[(k + 1) % len(cycle)]) for k, node in enumerate(cycle)}
    for index, equation in enumerate(
        graph.equations
    ):  # pragma: no branch -- one closes it
        lhs = equation.lhs_symbol_id
        for position, symbol_id in enumerate(sorted(equation.dependencies)):
            if (lhs, symbol_id) in edges:
                path: ErrorPath = ("equations", index, "dependencies", position)
                return BindingGraphError(
                    "circular_dependency",
                    f"{_OWNER}.equations[{index}] is on an equation dependency cycle,"
                    f" {_spelt(cycle)}: a symbol defined from itself is circular",
                    path,
                )
    return None  # pragma: no cover -- every edge of the cycle is an equation's


def _operation(index: int, equation: BoundEquation) -> BindingGraphError | None:
    """Return the refusal of equation *index*'s kind, or of its right-hand side, or ``None``."""
    kind = equation.operation_kind
    field = f"equations[{index}].operation_kind"
    at: ErrorPath = ("equations", index, "operation_kind")
    if kind not in OPERATION_KINDS:
        rule = f"must be one of {', '.join(sorted(OPERATION_KINDS))}"
        return refusal("unknown_operation", _OWNER, field, rule, kind, at)
    try:
        tree = parse_expression(equation.rhs_canonical)
    except BindingGraphError as error:
        # The arithmetic names the text "the text"; a graph's names its field.
        message = error.message.removeprefix("the text")
        where = f"{_OWNER}.equations[{index}].rhs_canonical"
        return BindingGraphError(
            error.code, where + message, ("equations", index, "rhs_canonical")
        )
    top = tree.operator if type(tree) is BinaryOperation else None
    if top in KIND_OPERATORS[kind]:
        return None
    if top is None:
        rule = "must be carried out by its right-hand side, which has no operator at its top"
    else:
        kinds = sorted(k for k, operators in KIND_OPERATORS.items() if top in operators)
        rule = (
            f"must be a kind that its right-hand side's top operator {top!r} carries"
            f" out: {', '.join(kinds)}"
        )
    return refusal("operation_mismatch", _OWNER, field, rule, kind, at)


def _units(
    index: int, pending: BoundEquation, decided: BoundEquation
) -> BindingGraphError | None:
    """Return the refusal of a pending equation that admission by kind refused, or ``None``."""
    if (
        pending.admissibility_status != "pending"
        or decided.admissibility_status != "refused"
    ):
        return None
    reason, _, detail = cast("str", decided.refusal_reason).partition(": ")
    return BindingGraphError(
        cast("RefusalCode", reason),
        f"{_OWNER}.equations[{index}] is pending, and admission by its kind"
        f" refuses it: {detail}",
        ("equations", index, "admissibility_status"),
    )


def strict_refusals(
    graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon = DEFAULT
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of the strict profile of *graph*, in the order :func:`check_strict` checks them.

    The first cycle, if any; then, for each equation in order, its first
    refusal. Empty exactly when :func:`check_strict` takes the graph.

    Raises:
        BindingGraphError: ``wrong_type`` for arguments that are not a graph
            and a :class:`~binding_graph.units.UnitLexicon`.

    .. versionadded:: 0.1.0
    """
    checked = _checked("strict_refusals", graph, lexicon)
    found: list[BindingGraphError] = []
    circular = _circular(checked)
    if circular is not None:
        found.append(circular)
    decided = admit(checked, lexicon, by_kind=True).equations
    for index, equation in enumerate(checked.equations):
        refused = _operation(index, equation) or _units(index, equation, decided[index])
        if refused is not None:
            found.append(refused)
    return tuple(found)


def check_strict(
    graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon = DEFAULT
) -> None:
    """Refuse *graph* if the seed's system would: a cycle of definitions, an operation kind it does not know or the right-hand side does not carry out, a pending equation its units refuse.

    See the module for the rules, in the order they are checked; the
    refusal is the first of :func:`strict_refusals`.

    >>> from binding_graph import BindingGraphError, BoundEquation, SemanticSymbolicBindingGraph, SourceSpanLink, SymbolBinding
    >>> from binding_graph.strict import check_strict
    >>> span = SourceSpanLink("doc", 0, 5, "Alice")
    >>> x = SymbolBinding(symbol_id="x", name="x", semantic_role="quantity", source_span=span, introduced_by="doc")
    >>> loop = BoundEquation(lhs_symbol_id="x", rhs_canonical="x + 1", dependencies=frozenset({"x"}), operation_kind="add",
    ...     unit_proof="none", admissibility_status="admitted", source_span=span)
    >>> try:
    ...     check_strict(SemanticSymbolicBindingGraph(symbols=(x,), equations=(loop,)))
    ... except BindingGraphError as error:
    ...     print(error.code, error.path)
    ...     print(error.message)
    circular_dependency ('equations', 0, 'dependencies', 0)
    SemanticSymbolicBindingGraph.equations[0] is on an equation dependency cycle, x -> x: a symbol defined from itself is circular

    Raises:
        BindingGraphError: ``circular_dependency``, ``unknown_operation``,
            ``not_arithmetic``, ``limit_exceeded``, ``operation_mismatch``,
            ``unit_unbound``, ``unknown_unit``, ``unit_mismatch``,
            ``operand_arity`` or ``rate_form_invalid``, with the path of the
            offending equation; ``wrong_type`` as :func:`strict_refusals`.

    .. versionadded:: 0.1.0
    """
    checked = _checked("check_strict", graph, lexicon)
    refused = strict_refusals(checked, lexicon)
    if refused:
        raise refused[0]
