"""The engine behind :mod:`binding_graph.analysis`: its algorithms, one linear pass each.

Everything here reads a graph by symbol ids and never parses a right-hand
side or a predicate.
Iteration order never comes from a set: sets are only looked up, and every
loop runs over the graph's own tuples (or over sorted values), so that results
are the same under every hash seed.
Nothing recurses, so a chain of any length fits in the interpreter's stack.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Final

from binding_graph._show import short_repr

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph._finding import FindingCode
    from binding_graph.errors import ErrorPath
    from binding_graph.model import SemanticSymbolicBindingGraph

    RawFinding = tuple[FindingCode, ErrorPath, str]
    """A finding before it is wrapped: its code, its path and its message (a type only)."""


# How many symbol ids a message lists before it says how many more there are.
_LISTED: Final = 5
# The longest repr that short_repr() leaves as it is.
_SHORT: Final = 60


def quote(text: str) -> str:
    """Return ``short_repr(text)``, quickly for the common short text."""
    shown = repr(text)
    return shown if len(shown) <= _SHORT else short_repr(text)


def solve(graph: SemanticSymbolicBindingGraph) -> tuple[list[int], set[str]]:
    """Return the solve order (indices into ``graph.equations``) and what is determined.

    A symbol with a fact is determined; repeatedly, among the admitted
    equations whose dependencies are all determined and whose left-hand side
    is not yet, the one earliest in the graph determines its left-hand side.
    A heap of the ready equations keeps this O(n log n); an equation whose
    left-hand side was determined meanwhile is dropped when it comes off it.
    """
    equations = graph.equations
    determined = {fact.symbol_id for fact in graph.facts}
    waiting = [0] * len(equations)
    readers: dict[str, list[int]] = {}
    ready: list[int] = []
    for index, equation in enumerate(equations):
        if equation.admissibility_status != "admitted":
            continue
        missing = equation.dependencies.difference(determined)
        if missing:
            waiting[index] = len(missing)
            # Appended in the order of the equations: each list is sorted,
            # whatever order the set yields its members in.
            for symbol_id in missing:
                readers.setdefault(symbol_id, []).append(index)
        else:
            ready.append(index)
    order: list[int] = []
    while ready:
        index = heapq.heappop(ready)
        lhs = equations[index].lhs_symbol_id
        if lhs in determined:
            continue
        determined.add(lhs)
        order.append(index)
        for reader in readers.pop(lhs, ()):
            waiting[reader] -= 1
            if not waiting[reader]:
                heapq.heappush(ready, reader)
    return order, determined


def cycles(graph: SemanticSymbolicBindingGraph) -> list[tuple[str, ...]]:
    """Return the cyclic components of the admitted definitions, sorted.

    The strongly connected components of the edges dependency -> left-hand
    side of every admitted equation that have two symbols or more, or one
    that depends on itself.
    """
    successors: dict[str, list[str]] = {}
    looped: set[str] = set()
    for equation in graph.equations:
        if equation.admissibility_status != "admitted":
            continue
        lhs = equation.lhs_symbol_id
        if lhs in equation.dependencies:
            looped.add(lhs)
        for symbol_id in equation.dependencies:
            successors.setdefault(symbol_id, []).append(lhs)
    tarjan = _Tarjan(successors, looped)
    for symbol in graph.symbols:
        if symbol.symbol_id in successors and symbol.symbol_id not in tarjan.number:
            tarjan.visit(symbol.symbol_id)
    return sorted(tarjan.cyclic)


class _Tarjan:
    """Tarjan's strongly connected components, with a stack of its own.

    Each frame of the explicit stack holds a node and the iterator over its
    remaining edges, so a chain of any length costs heap, not recursion.
    Only the cyclic components are kept, each sorted.
    """

    __slots__ = (
        "at",
        "cyclic",
        "looped",
        "low",
        "number",
        "on_stack",
        "stack",
        "successors",
    )

    def __init__(self, successors: dict[str, list[str]], looped: set[str]) -> None:
        self.successors = successors
        self.looped = looped
        # Each node's number in the order of the search, and the lowest
        # number it reaches through nodes still on the stack.
        self.number: dict[str, int] = {}
        self.low: dict[str, int] = {}
        # The nodes whose component is not complete yet, and where each is.
        self.stack: list[str] = []
        self.on_stack: set[str] = set()
        self.at: dict[str, int] = {}
        self.cyclic: list[tuple[str, ...]] = []

    def _enter(self, node: str) -> tuple[str, Iterator[str]]:
        self.number[node] = self.low[node] = len(self.number)
        self.at[node] = len(self.stack)
        self.stack.append(node)
        self.on_stack.add(node)
        return node, iter(self.successors.get(node, ()))

    def visit(self, root: str) -> None:
        """Find every component reachable from *root*, not yet numbered."""
        number, low, on_stack = self.number, self.low, self.on_stack
        work = [self._enter(root)]
        while work:
            node, edges = work[-1]
            for successor in edges:
                if successor not in number:
                    work.append(self._enter(successor))
                    break
                if successor in on_stack and number[successor] < low[node]:
                    low[node] = number[successor]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == number[node]:
                    self._pop(self.at[node])

    def _pop(self, start: int) -> None:
        """Take the component that starts at *start* off the stack."""
        component = self.stack[start:]
        del self.stack[start:]
        self.on_stack.difference_update(component)
        if len(component) > 1 or component[0] in self.looped:
            self.cyclic.append(tuple(sorted(component)))


class Analysis:
    """What the findings need to know about a graph, gathered in linear passes."""

    __slots__ = (
        "admitted",
        "cyclic",
        "determined",
        "determiner",
        "first_fact",
        "found",
        "graph",
        "order",
        "reasons",
        "unadmitted",
        "units",
    )

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.graph = graph
        self.order, self.determined = solve(graph)
        equations = graph.equations
        # The equation of the solve order that determines each symbol.
        self.determiner = {equations[i].lhs_symbol_id: i for i in self.order}
        self.first_fact: dict[str, int] = {}
        for index, fact in enumerate(graph.facts):
            self.first_fact.setdefault(fact.symbol_id, index)
        # The equations that define each symbol, in order: the admitted
        # ones, and those that are pending or refused.
        self.admitted: dict[str, list[int]] = {}
        self.unadmitted: dict[str, list[int]] = {}
        for index, equation in enumerate(equations):
            defined = (
                self.admitted
                if equation.admissibility_status == "admitted"
                else self.unadmitted
            )
            defined.setdefault(equation.lhs_symbol_id, []).append(index)
        self.units = {symbol.symbol_id: symbol.unit for symbol in graph.symbols}
        self.cyclic: list[tuple[str, ...]] = []
        self.found: list[RawFinding] = []
        # Each reason once: many unknowns may ask for one symbol whose
        # definition reads many others.
        self.reasons: dict[str, str] = {}

    def why_undetermined(self, symbol_id: str) -> str:
        """Say why *symbol_id*, which is not determined, is not."""
        reason = self.reasons.get(symbol_id)
        if reason is None:
            reason = self.reasons[symbol_id] = self._why_undetermined(symbol_id)
        return reason

    def _why_undetermined(self, symbol_id: str) -> str:
        equations = self.graph.equations
        if symbol_id in self.admitted:
            # The first admitted definition would have determined the symbol
            # if all its dependencies were: one is not.
            index = self.admitted[symbol_id][0]
            first = min(equations[index].dependencies.difference(self.determined))
            if first == symbol_id:
                return f"equations[{index}] defines it from itself"
            return (
                f"equations[{index}] defines it from {quote(first)},"
                " which is not determined"
            )
        if symbol_id in self.unadmitted:
            index = self.unadmitted[symbol_id][0]
            return (
                "only equations that are not admitted define it, such as"
                f" equations[{index}] ({equations[index].admissibility_status})"
            )
        return "no fact gives it and no equation defines it"

    def findings(self) -> list[RawFinding]:
        """Return every finding, in no particular order."""
        self.cyclic = cycles(self.graph)
        self._symbols()
        self._facts()
        self._equations()
        self._cycles()
        self._unknowns()
        return self.found

    def _report(self, code: FindingCode, path: ErrorPath, message: str) -> None:
        self.found.append((code, path, message))

    def _symbols(self) -> None:
        graph = self.graph
        used = {fact.symbol_id for fact in graph.facts}
        used.update(unknown.symbol_id for unknown in graph.unknowns)
        used.update(constraint.symbol_id for constraint in graph.constraints)
        used.update(self.admitted, self.unadmitted)
        for equation in graph.equations:
            used.update(equation.dependencies)
        for index, symbol in enumerate(graph.symbols):
            if symbol.symbol_id not in used:
                self._report(
                    "unused_symbol",
                    ("symbols", index, "symbol_id"),
                    f"{quote(symbol.symbol_id)} is not referred to by any fact,"
                    " equation, unknown or constraint",
                )

    def _facts(self) -> None:
        facts = self.graph.facts
        for index, fact in enumerate(facts):
            symbol_id = fact.symbol_id
            first = self.first_fact[symbol_id]
            if fact.value != facts[first].value:
                self._report(
                    "conflicting_facts",
                    ("facts", index, "value"),
                    f"facts[{index}] gives {quote(symbol_id)} the value"
                    f" {quote(fact.value)}, but facts[{first}] gives it"
                    f" {quote(facts[first].value)}",
                )
            unit = self.units[symbol_id]
            if fact.unit is not None and unit is not None and fact.unit != unit:
                self._report(
                    "fact_unit_mismatch",
                    ("facts", index, "unit"),
                    f"facts[{index}] is in {quote(fact.unit)}, but its symbol"
                    f" {quote(symbol_id)} is in {quote(unit)}",
                )

    def _definition(self, symbol_id: str) -> tuple[int | None, str]:
        """Return the equation that defines *symbol_id*, if not a fact, and say which."""
        if symbol_id in self.first_fact:
            return None, f"facts[{self.first_fact[symbol_id]}] already gives"
        if symbol_id in self.determiner:
            index = self.determiner[symbol_id]
            return index, f"equations[{index}] already determines"
        index = self.admitted[symbol_id][0]
        return index, f"equations[{index}] already defines"

    def _equations(self) -> None:
        given = set(self.first_fact)
        given.update(self.admitted)
        for index, equation in enumerate(self.graph.equations):
            if equation.admissibility_status != "admitted":
                continue
            lhs = equation.lhs_symbol_id
            definition, which = self._definition(lhs)
            if definition != index:
                self._report(
                    "multiply_defined",
                    ("equations", index, "lhs_symbol_id"),
                    f"equations[{index}] defines {quote(lhs)}, which {which}",
                )
            if given.issuperset(equation.dependencies):
                continue
            for position, symbol_id in enumerate(sorted(equation.dependencies)):
                if symbol_id not in given:
                    self._ungiven(index, position, symbol_id)

    def _ungiven(self, index: int, position: int, symbol_id: str) -> None:
        path: ErrorPath = ("equations", index, "dependencies", position)
        reads = f"equations[{index}] reads {quote(symbol_id)}, which"
        if symbol_id in self.unadmitted:
            other = self.unadmitted[symbol_id][0]
            status = self.graph.equations[other].admissibility_status
            self._report(
                "unadmitted_dependency",
                path,
                f"{reads} only equations that are not admitted define, such as"
                f" equations[{other}] ({status})",
            )
        else:
            self._report(
                "undefined_dependency",
                path,
                f"{reads} no fact gives and no equation defines",
            )

    def _cycles(self) -> None:
        component_of: dict[str, int] = {}
        for rank, component in enumerate(self.cyclic):
            for symbol_id in component:
                component_of[symbol_id] = rank
        reported: set[int] = set()
        for index, equation in enumerate(self.graph.equations):
            number = component_of.get(equation.lhs_symbol_id)
            # Only admitted equations make edges, so only they can close a
            # cycle.
            if (
                number is None
                or number in reported
                or equation.admissibility_status != "admitted"
            ):
                continue
            inside = [
                position
                for position, symbol_id in enumerate(sorted(equation.dependencies))
                if component_of.get(symbol_id) == number
            ]
            if inside:
                reported.add(number)
                self._cycle(index, self.cyclic[number], inside[0])

    def _cycle(self, index: int, component: tuple[str, ...], position: int) -> None:
        lhs = self.graph.equations[index].lhs_symbol_id
        if len(component) == 1:
            how = "from itself"
        else:
            shown = ", ".join(map(quote, component[:_LISTED]))
            more = len(component) - _LISTED
            how = (
                f"in a cycle of {len(component)} symbols defined from one another:"
                f" {shown}{f' and {more} more' if more > 0 else ''}"
            )
        self._report(
            "cyclic_definition",
            ("equations", index, "dependencies", position),
            f"equations[{index}] defines {quote(lhs)} {how}",
        )

    def _unknowns(self) -> None:
        for index, unknown in enumerate(self.graph.unknowns):
            symbol_id = unknown.symbol_id
            if symbol_id not in self.determined:
                self._report(
                    "undetermined_unknown",
                    ("unknowns", index, "symbol_id"),
                    f"unknowns[{index}] asks for {quote(symbol_id)}, which the facts"
                    " and admitted equations do not determine:"
                    f" {self.why_undetermined(symbol_id)}",
                )
            unit = self.units[symbol_id]
            expected = unknown.expected_unit
            if expected is not None and unit is not None and expected != unit:
                self._report(
                    "unknown_unit_mismatch",
                    ("unknowns", index, "expected_unit"),
                    f"unknowns[{index}] expects {quote(expected)}, but its symbol"
                    f" {quote(symbol_id)} is in {quote(unit)}",
                )
