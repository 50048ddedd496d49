"""Reading a graph in the profile: each element's strings, the values they give, and what disagrees.

:class:`Reading` reads one element at a time and refuses what it cannot
read; :func:`values` stops at the first refusal, :func:`found` turns every
refusal and every disagreement into a finding and goes on.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Final, cast, get_args

from binding_graph._finding import ArithmeticFindingCode, Finding
from binding_graph._show import short_repr
from binding_graph.analysis import solve_order
from binding_graph.arithmetic._quick import quick_value
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    BinaryOperation,
    Undefined,
    Where,
    element,
    equation_tree,
    listed,
    operation_kind,
    parse_number_at,
    parse_predicate_at,
    quick_number,
    read_operation_kind,
    symbols,
    value,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from fractions import Fraction

    from binding_graph.expressions import Expression, Predicate
    from binding_graph.model import BoundEquation, SemanticSymbolicBindingGraph

_CODE_RANK: Final = {
    code: rank for rank, code in enumerate(get_args(ArithmeticFindingCode))
}
_COLLECTION_RANK: Final = {"facts": 0, "equations": 1, "constraints": 2}
# How a message shows a tree's top operation.
_SHOWN: Final = {
    "add": "'+'",
    "subtract": "'-'",
    "multiply": "'*'",
    "divide": "'/'",
    "floor_divide": "'//'",
    "modulo": "'%'",
    "power": "'**'",
    "negate": "a leading '-'",
    "identity": "a number or a symbol alone",
    "abs": "abs()",
    "min": "min()",
    "max": "max()",
    "round": "round()",
    "floor": "floor()",
    "ceil": "ceil()",
}


class Reading:
    """The values a graph's facts and equations give, read one element at a time."""

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.graph = graph
        self.values: dict[str, Fraction] = {}
        # Which fact gave each symbol its value, for a conflict's message.
        self.given_by: dict[str, int] = {}

    def fact(self, index: int) -> None:
        """Read a fact's value; refuse it if another fact gives its symbol another."""
        fact = self.graph.facts[index]
        number = quick_number(fact.value)
        if number is None:
            number = parse_number_at(fact.value, element("facts", index, "value"))
        symbol_id = fact.symbol_id
        known = self.values.get(symbol_id)
        if known is None:
            self.values[symbol_id] = number
            self.given_by[symbol_id] = index
        elif known != number:
            where = element("facts", index, "value")
            raise BindingGraphError(
                "conflicting_values",
                f"{where.name} gives {short_repr(symbol_id)} the value {number},"
                f" but facts[{self.given_by[symbol_id]}].value gives it {known}",
                where.path,
            )

    def equation(self, index: int) -> Expression:
        """Read an equation's right-hand side; refuse it if it does not mention exactly its dependencies."""
        return equation_tree(self.graph, index)

    def compute(self, where: Where, tree: Expression) -> Fraction | None:
        """Return the value of *tree*, or ``None`` if a symbol it mentions has none."""
        try:
            return value(tree, self.values)
        except Undefined as undefined:
            node = undefined.node
            if type(node) is not BinaryOperation:  # a symbol without a value
                return None
            what = (
                f"raises 0 to the negative power {node.right}"
                if node.operator == "**"
                else f"the divisor {node.right} is 0"
            )
            raise BindingGraphError(
                "division_by_zero", f"{where.name} divides by zero: {what}", where.path
            ) from None
        except BindingGraphError as error:
            raise BindingGraphError(
                error.code, f"{where.name}: {error.message}", where.path
            ) from None

    def predicate(self, index: int) -> Predicate:
        """Read a constraint's predicate."""
        return parse_predicate_at(
            self.graph.constraints[index].predicate,
            element("constraints", index, "predicate"),
        )


def _indices(graph: SemanticSymbolicBindingGraph) -> list[int]:
    """Return the index in the graph of each equation of the solve order."""
    first: dict[int, int] = {}
    for index, equation in enumerate(graph.equations):
        first.setdefault(id(equation), index)
    return [first[id(equation)] for equation in solve_order(graph)]


def values(graph: SemanticSymbolicBindingGraph) -> dict[str, Fraction]:
    """Return the value of every determined symbol; refuse at the first element that cannot give one."""
    reading = Reading(graph)
    for index in range(len(graph.facts)):
        reading.fact(index)
    values = reading.values
    equations = graph.equations
    for index in _indices(graph):
        equation = equations[index]
        quick = quick_value(equation.rhs_canonical, values)
        if quick is not None and quick[1] == equation.dependencies:
            values[equation.lhs_symbol_id] = quick[0]
            continue
        tree = reading.equation(index)
        where = element("equations", index, "rhs_canonical")
        computed = reading.compute(where, tree)
        # The solve order computes every dependency before it is used.
        assert computed is not None  # noqa: S101
        values[equation.lhs_symbol_id] = computed
    return values


_COMPARE: Final[dict[str, Callable[[Fraction, Fraction], bool]]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


class _Findings:
    """Every refusal of a graph's elements, and every disagreement, as findings."""

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.graph = graph
        self.reading = Reading(graph)
        self.found: list[Finding] = []
        # Where each value comes from, for a conflict's message.
        self.origin: dict[str, str] = {}

    def note(self, error: BindingGraphError) -> None:
        code = cast("ArithmeticFindingCode", error.code)
        self.found.append(Finding(code, error.path, error.message))

    def facts(self) -> None:
        for index in range(len(self.graph.facts)):
            try:
                self.reading.fact(index)
            except BindingGraphError as error:  # noqa: PERF203 -- one per element
                self.note(error)
        self.origin = {
            symbol_id: f"facts[{index}].value"
            for symbol_id, index in self.reading.given_by.items()
        }

    def equations(self) -> None:
        equations = self.graph.equations
        trees: dict[int, Expression] = {}
        for index, equation in enumerate(equations):
            if equation.admissibility_status == "admitted":
                try:
                    trees[index] = self.reading.equation(index)
                except BindingGraphError as error:
                    self.note(error)
                else:
                    self._operation(index, equation, trees[index])
        ordered = _indices(self.graph)
        values = self.reading.values
        for index in ordered:
            computed = self._compute(index, trees)
            if computed is not None:
                symbol_id = equations[index].lhs_symbol_id
                values[symbol_id] = computed
                self.origin[symbol_id] = f"equations[{index}].rhs_canonical"
        for index in sorted(trees.keys() - set(ordered)):
            self._compare(index, equations[index], self._compute(index, trees))

    def _operation(self, index: int, equation: BoundEquation, tree: Expression) -> None:
        """Note an equation whose operation_kind names a kind other than its tree's top operation."""
        label = equation.operation_kind
        said = read_operation_kind(label)
        done = operation_kind(tree)
        if said is None or said == done:
            return  # a producer's own label, or the right one
        where = element("equations", index, "operation_kind")
        read = "," if label == said else f", read as {said},"
        self.found.append(
            Finding(
                "operation_mismatch",
                where.path,
                f"{where.name} is {short_repr(label)}{read} but the top operation of"
                f" its rhs_canonical is {done} ({_SHOWN[done]})",
            )
        )

    def _compute(self, index: int, trees: dict[int, Expression]) -> Fraction | None:
        tree = trees.get(index)
        if tree is None:
            return None
        try:
            return self.reading.compute(
                element("equations", index, "rhs_canonical"), tree
            )
        except BindingGraphError as error:
            self.note(error)
            return None

    def _compare(
        self, index: int, equation: BoundEquation, computed: Fraction | None
    ) -> None:
        symbol_id = equation.lhs_symbol_id
        known = self.reading.values.get(symbol_id)
        if computed is not None and known is not None and computed != known:
            where = element("equations", index, "rhs_canonical")
            self.found.append(
                Finding(
                    "value_conflict",
                    where.path,
                    f"{where.name} gives {short_repr(symbol_id)} the value {computed},"
                    f" but {self.origin[symbol_id]} gives it {known}",
                )
            )

    def constraints(self) -> None:
        for index, constraint in enumerate(self.graph.constraints):
            where = element("constraints", index, "predicate")
            try:
                predicate = self.reading.predicate(index)
                sides = [
                    self.reading.compute(where, side)
                    for side in (predicate.left, predicate.right)
                ]
            except BindingGraphError as error:
                self.note(error)
                continue
            mentioned = symbols(predicate.left) | symbols(predicate.right)
            own = constraint.symbol_id
            if mentioned != frozenset({own}):
                self.found.append(
                    Finding(
                        "constraint_symbols",
                        where.path,
                        f"{where.name} must mention its own symbol {short_repr(own)}"
                        f" and no other (it mentions {listed(mentioned) or 'none'})",
                    )
                )
            left, right = sides
            if (
                left is not None
                and right is not None
                and not _COMPARE[predicate.comparison](left, right)
            ):
                self.found.append(
                    Finding(
                        "constraint_violated",
                        where.path,
                        f"{where.name} is false: {predicate} is {left}"
                        f" {predicate.comparison} {right}",
                    )
                )

    def sorted(self) -> tuple[Finding, ...]:
        def order(finding: Finding) -> tuple[int, int, int]:
            collection, index = finding.path[0], finding.path[1]
            return (
                _COLLECTION_RANK[str(collection)],
                int(index),
                _CODE_RANK[finding.code],
            )

        return tuple(sorted(self.found, key=order))


def found(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return every finding of the arithmetic of *graph*."""
    findings = _Findings(graph)
    findings.facts()
    findings.equations()
    findings.constraints()
    return findings.sorted()
