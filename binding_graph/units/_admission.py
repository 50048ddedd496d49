"""Units over a graph: the unit of an expression, the admission of equations, and what disagrees.

An equation is admitted when its right-hand side reads in the arithmetic
profile, mentions exactly its dependencies, and has, by the algebra of units,
the dimension of its left-hand side's unit; the proof says how. Literals are
pure numbers: ``60 * hours`` is in hours, and when the left-hand side is in
minutes, the proof writes the ratio (``hour = 60*minute``) that the literal
must carry out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, cast, get_args

import attrs

from binding_graph._finding import Finding, UnitFindingCode
from binding_graph._show import short_repr
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
    render_path,
)
from binding_graph.expressions import (
    BinaryOperation,
    Call,
    Negation,
    Number,
    Symbol,
    equation_tree,
    postorder,
)
from binding_graph.units._algebra import Unit, describe
from binding_graph.units._quick import (
    LITERAL,
    ONE,
    Spelled,
    call_proof,
    called,
    combine,
    join,
    negated,
    powered,
    quick_unit,
    spelled,
    stated_power,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.expressions import Expression
    from binding_graph.model import BoundEquation, SemanticSymbolicBindingGraph
    from binding_graph.units._lexicon import UnitLexicon

__all__ = [
    "ADMISSION_REASONS",
    "Admission",
    "AdmissionReason",
    "conclusion",
    "findings",
    "proof",
    "unit_of",
]

AdmissionReason = Literal[
    "not_arithmetic",
    "limit_exceeded",
    "dependency_mismatch",
    "unknown_unit",
    "unit_mismatch",
    "dimension_mismatch",
]
"""Why admission refuses an equation: one of :data:`ADMISSION_REASONS`."""

ADMISSION_REASONS: Final[frozenset[str]] = frozenset(get_args(AdmissionReason))
"""Every reason :func:`~binding_graph.units.admit` gives for refusing an equation.

The set is closed: ``refusal_reason`` is ``REASON: detail`` with one of them.

.. versionadded:: 0.1.0
"""

_CODE_RANK: Final = {code: rank for rank, code in enumerate(get_args(UnitFindingCode))}
_COLLECTION_RANK: Final = {"symbols": 0, "facts": 1, "equations": 2, "unknowns": 3}


def unit_of(
    tree: Expression, units: Mapping[str, Unit], name: str = "the expression"
) -> Unit:
    """Return the unit of *tree*, given the unit of each symbol it mentions.

    Raises:
        BindingGraphError: ``unit_mismatch`` for a sum, a difference, a
            remainder, a ``min`` or a ``max`` of units that differ (in
            dimension or in scale), or a unit with an offset that is added,
            negated, multiplied or raised to a power; ``unknown_symbol``
            for a symbol *units* does not hold; ``limit_exceeded`` for a
            scale too large.
    """
    stack: list[Unit] = []
    for node in postorder(tree):
        if type(node) is Number:
            stack.append(ONE)
        elif type(node) is Symbol:
            unit = units.get(node.symbol_id)
            if unit is None:
                raise BindingGraphError(
                    "unknown_symbol",
                    f"{name} mentions {short_repr(node.symbol_id)}, whose unit is not given",
                )
            stack.append(unit)
        elif type(node) is Negation:
            negated(stack[-1], name)
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = stack[-count:]
            del stack[-count:]
            stack.append(called(node.function, arguments, name))
        else:
            operation = cast("BinaryOperation", node)
            right, left = stack.pop(), stack.pop()
            if operation.operator == "**":
                power = stated_power(operation.right)
                stack.append(powered(left, right, power, name))
            else:
                stack.append(combine(operation.operator, left, right, name))
    return stack[0]


def proof(tree: Expression, units: Mapping[str, Unit]) -> str:
    """Spell *tree* with each symbol's unit in its place and each literal as ``1``."""
    stack: list[Spelled] = []
    for node in postorder(tree):
        if type(node) is Number:
            stack.append(LITERAL)
        elif type(node) is Symbol:
            stack.append(spelled(units[node.symbol_id]))
        elif type(node) is BinaryOperation:
            right = stack.pop()
            if node.operator == "**" and stated_power(node.right) is not None:
                right = (str(node.right), right[1])
            stack[-1] = join(node.operator, stack[-1], right)
        elif type(node) is Call:
            count = len(node.arguments)
            stack[-count:] = [call_proof(node.function, stack[-count:])]
    return stack[0][0]


class Refused(Exception):  # noqa: N818 -- a signal within the module, never raised out
    """Why admission refuses an equation: a reason of :data:`ADMISSION_REASONS`, and a detail."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.reason}: {self.detail}"


class Admission:
    """The decisions of one graph's equations, in one lexicon."""

    def __init__(
        self, graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon
    ) -> None:
        self.graph = graph
        self.lexicon = lexicon
        self.index = {symbol.symbol_id: i for i, symbol in enumerate(graph.symbols)}
        self.units: dict[str, Unit | BindingGraphError] = {}

    def read(self, text: str | None, path: ErrorPath) -> Unit:
        """Return the unit *text* names; ``None`` is a pure number."""
        if text is None:
            return ONE
        try:
            return self.lexicon.parse(text)
        except BindingGraphError as error:
            # The reader names the text "the text"; a graph's names its field.
            message = render_path(path) + error.message.removeprefix("the text")
            raise BindingGraphError(error.code, message, path) from None

    def symbol(self, symbol_id: str) -> Unit:
        """Return the unit of *symbol_id*'s binding, or raise its refusal again."""
        known = self.units.get(symbol_id)
        if known is None:
            index = self.index[symbol_id]
            try:
                known = self.read(
                    self.graph.symbols[index].unit, ("symbols", index, "unit")
                )
            except BindingGraphError as error:
                known = error
            self.units[symbol_id] = known
        if type(known) is BindingGraphError:
            raise known
        return cast("Unit", known)

    def decide(self, index: int) -> BoundEquation:
        """Return equation *index*, admitted with its proof, or refused with the reason.

        An equation already so decided is returned itself, so that a graph
        with nothing new to decide is not built again.
        """
        equation = self.graph.equations[index]
        try:
            text = self.prove(index)
        except Refused as refused:
            reason = str(refused)
            if (
                equation.admissibility_status == "refused"
                and equation.refusal_reason == reason
            ):
                return equation
            return attrs.evolve(
                equation, admissibility_status="refused", refusal_reason=reason
            )
        if equation.admissibility_status == "admitted" and equation.unit_proof == text:
            return equation
        return attrs.evolve(
            equation,
            admissibility_status="admitted",
            unit_proof=text,
            refusal_reason=None,
        )

    def units_of(self, symbol_ids: frozenset[str]) -> dict[str, Unit]:
        """Return the unit of each of *symbol_ids*, or raise the first refusal.

        In code-point order: the first unit that does not read is the
        reason, whatever the hash seed.
        """
        return {symbol_id: self.symbol(symbol_id) for symbol_id in sorted(symbol_ids)}

    def quick(self, index: int) -> tuple[Unit, str] | None:
        """Return the unit and the proof of equation *index*'s right-hand side, read quickly, or ``None``."""
        equation = self.graph.equations[index]
        dependencies = equation.dependencies
        try:
            units = self.units_of(dependencies)
        except BindingGraphError:
            return None  # the full reading decides which refusal comes first
        name = f"equations[{index}].rhs_canonical"
        read = quick_unit(equation.rhs_canonical, units, name)
        if read is None or read[2] != dependencies:
            return None
        unit, left_side, _ = read
        if type(unit) is BindingGraphError:
            raise unit
        return cast("Unit", unit), left_side

    def full(self, index: int) -> tuple[Unit, str]:
        """Return the unit and the proof of equation *index*'s right-hand side, from its tree."""
        tree = equation_tree(self.graph, index)
        units = self.units_of(self.graph.equations[index].dependencies)
        name = f"equations[{index}].rhs_canonical"
        return unit_of(tree, units, name), proof(tree, units)

    def prove(self, index: int) -> str:
        """Return the proof that equation *index* is sound in its units.

        Raises:
            Refused: why admission refuses it.
        """
        equation = self.graph.equations[index]
        lhs_id = equation.lhs_symbol_id
        name = f"equations[{index}].rhs_canonical"
        try:
            read = self.quick(index) or self.full(index)
            lhs = self.symbol(lhs_id)
        except BindingGraphError as error:
            # The arithmetic names the graph's class; a reason names the element.
            detail = error.message.removeprefix("SemanticSymbolicBindingGraph.")
            raise Refused(error.code, detail) from None
        result, left_side = read
        return conclusion(
            result, left_side, lhs, name, f"its left-hand side {short_repr(lhs_id)}"
        )


def conclusion(result: Unit, left_side: str, lhs: Unit, name: str, whose: str) -> str:
    """Return the proof that a right-hand side of unit *result*, spelt *left_side* in units, is in *lhs*.

    *name* names the right-hand side, and *whose* the unit *lhs* is of, in
    a refusal's words.

    Raises:
        Refused: ``dimension_mismatch`` or ``unit_mismatch`` (another zero).
    """
    if result.dimension != lhs.dimension:
        raise Refused(
            "dimension_mismatch",
            f"{name} is in {describe(result)}, but {whose} is in {describe(lhs)}",
        )
    if result.offset != lhs.offset:
        raise Refused(
            "unit_mismatch",
            f"{name} is in {describe(result)}, but {whose} is in {describe(lhs)},"
            " whose zero lies elsewhere",
        )
    text = f"{left_side} = {result}"
    ratio = result.scale / lhs.scale
    if ratio != 1:
        return f"{text} = {ratio}*{lhs}"
    return text if str(result) == str(lhs) else f"{text} = {lhs}"


class _Findings:
    """Every disagreement of a graph's units, as findings."""

    def __init__(
        self, graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon
    ) -> None:
        self.graph = graph
        self.admission = Admission(graph, lexicon)
        self.found: list[Finding] = []
        self.bound: dict[str, Unit | None] = {}

    def unit(self, text: str | None, path: ErrorPath) -> Unit | None:
        """Return the unit *text* names, ``None`` for none; note a text that does not read."""
        if text is None:
            return None
        try:
            return self.admission.read(text, path)
        except BindingGraphError as error:
            self.found.append(Finding("unknown_unit", path, error.message))
            return None

    def symbols(self) -> None:
        for index, symbol in enumerate(self.graph.symbols):
            path = ("symbols", index, "unit")
            self.bound[symbol.symbol_id] = self.unit(symbol.unit, path)

    def compare(
        self, collection: str, field: str, pairs: list[tuple[str, str | None]]
    ) -> None:
        """Compare the unit of each element of *collection* with its symbol's."""
        kind = collection[:-1]
        for index, (symbol_id, text) in enumerate(pairs):
            path = (collection, index, field)
            own, theirs = self.unit(text, path), self.bound[symbol_id]
            if own is None or theirs is None or own == theirs:
                continue
            if own.dimension != theirs.dimension:
                what, zero = "dimension", ""
            elif own.scale != theirs.scale:
                what, zero = "scale", ""
            else:
                what, zero = "offset", ", whose zero lies elsewhere"
            self.found.append(
                Finding(
                    cast("UnitFindingCode", f"{kind}_{what}_mismatch"),
                    path,
                    f"{collection}[{index}] is in {describe(own)}, but its symbol"
                    f" {short_repr(symbol_id)} is in {describe(theirs)}{zero}",
                )
            )

    def equations(self) -> None:
        for index, equation in enumerate(self.graph.equations):
            if equation.admissibility_status != "admitted":
                continue
            try:
                self.admission.prove(index)
            except Refused as refused:
                self.found.append(
                    Finding(
                        "inadmissible_equation",
                        ("equations", index, "admissibility_status"),
                        f"admission would refuse equations[{index}]: {refused}",
                    )
                )


def _order(finding: Finding) -> tuple[int, int, int]:
    return (
        _COLLECTION_RANK[str(finding.path[0])],
        int(finding.path[1]),
        _CODE_RANK[finding.code],
    )


def findings(
    graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon
) -> tuple[Finding, ...]:
    """Return every finding of the units of *graph*."""
    found = _Findings(graph, lexicon)
    found.symbols()
    found.compare("facts", "unit", [(f.symbol_id, f.unit) for f in graph.facts])
    found.equations()
    found.compare(
        "unknowns",
        "expected_unit",
        [(u.symbol_id, u.expected_unit) for u in graph.unknowns],
    )
    return tuple(sorted(found.found, key=_order))
