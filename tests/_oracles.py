"""Reference implementations of binding_graph.analysis: quadratic, written from the definitions.

The tests hold each function of the analysis to these: they apply the
documented rules as directly as they can be written, with no care for time,
so that a faster engine has something plain to agree with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph import BoundEquation, SemanticSymbolicBindingGraph
    from binding_graph.errors import ErrorPath


def admitted(
    graph: SemanticSymbolicBindingGraph,
) -> Iterator[tuple[int, BoundEquation]]:
    """Yield the admitted equations and their indices."""
    for index, equation in enumerate(graph.equations):
        if equation.admissibility_status == "admitted":
            yield index, equation


def oracle_determined(graph: SemanticSymbolicBindingGraph) -> set[str]:
    """Apply the rule until nothing changes: the least fixpoint."""
    determined = {fact.symbol_id for fact in graph.facts}
    changed = True
    while changed:
        changed = False
        for _, equation in admitted(graph):
            if (
                equation.lhs_symbol_id not in determined
                and equation.dependencies <= determined
            ):
                determined.add(equation.lhs_symbol_id)
                changed = True
    return determined


def oracle_order(graph: SemanticSymbolicBindingGraph) -> list[int]:
    """Follow the order's rule literally: take the earliest ready equation, again and again."""
    determined = {fact.symbol_id for fact in graph.facts}
    order: list[int] = []
    while True:
        for index, equation in admitted(graph):
            if (
                equation.lhs_symbol_id not in determined
                and equation.dependencies <= determined
            ):
                order.append(index)
                determined.add(equation.lhs_symbol_id)
                break
        else:
            return order


def oracle_reach(graph: SemanticSymbolicBindingGraph) -> dict[str, set[str]]:
    """Map each symbol to those reachable from it by one or more admitted edges."""
    reach: dict[str, set[str]] = {s.symbol_id: set() for s in graph.symbols}
    for _, equation in admitted(graph):
        for dependency in equation.dependencies:
            reach[dependency].add(equation.lhs_symbol_id)
    changed = True
    while changed:
        changed = False
        for symbol_id, targets in reach.items():
            extended = targets.union(*(reach[t] for t in targets))
            if extended != targets:
                reach[symbol_id] = extended
                changed = True
    return reach


def oracle_cycles(graph: SemanticSymbolicBindingGraph) -> list[tuple[str, ...]]:
    """Group the symbols on a cycle by mutual reachability."""
    reach = oracle_reach(graph)
    components = {
        tuple(sorted(t for t in reach if t in reach[s] and s in reach[t]))
        for s in reach
        if s in reach[s]
    }
    return sorted(components)


def oracle_element_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings about symbols, facts and unknowns, one element at a time."""
    found: set[tuple[str, ErrorPath]] = set()
    units = {s.symbol_id: s.unit for s in graph.symbols}
    used = {f.symbol_id for f in graph.facts}
    used |= {e.lhs_symbol_id for e in graph.equations}
    used |= {u.symbol_id for u in graph.unknowns}
    used |= {c.symbol_id for c in graph.constraints}
    used |= {d for e in graph.equations for d in e.dependencies}
    for i, symbol in enumerate(graph.symbols):
        if symbol.symbol_id not in used:
            found.add(("unused_symbol", ("symbols", i, "symbol_id")))
    for j, fact in enumerate(graph.facts):
        first = next(f for f in graph.facts if f.symbol_id == fact.symbol_id)
        if fact.value != first.value:
            found.add(("conflicting_facts", ("facts", j, "value")))
        unit = units[fact.symbol_id]
        if None not in (fact.unit, unit) and fact.unit != unit:
            found.add(("fact_unit_mismatch", ("facts", j, "unit")))
    determined = oracle_determined(graph)
    for i, unknown in enumerate(graph.unknowns):
        if unknown.symbol_id not in determined:
            found.add(("undetermined_unknown", ("unknowns", i, "symbol_id")))
        unit = units[unknown.symbol_id]
        if None not in (unknown.expected_unit, unit) and unknown.expected_unit != unit:
            found.add(("unknown_unit_mismatch", ("unknowns", i, "expected_unit")))
    return found


def oracle_definition(graph: SemanticSymbolicBindingGraph, symbol_id: str) -> int:
    """Return the equation that defines *symbol_id*, -1 for a fact."""
    if any(f.symbol_id == symbol_id for f in graph.facts):
        return -1
    if symbol_id in oracle_determined(graph):
        return next(
            i
            for i in oracle_order(graph)
            if graph.equations[i].lhs_symbol_id == symbol_id
        )
    return next(i for i, e in admitted(graph) if e.lhs_symbol_id == symbol_id)


def oracle_equation_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings about equations, one equation at a time."""
    found: set[tuple[str, ErrorPath]] = set()
    given_ids = {f.symbol_id for f in graph.facts} | {
        e.lhs_symbol_id for _, e in admitted(graph)
    }
    others = {e.lhs_symbol_id for e in graph.equations} - given_ids
    for j, equation in admitted(graph):
        if oracle_definition(graph, equation.lhs_symbol_id) != j:
            found.add(("multiply_defined", ("equations", j, "lhs_symbol_id")))
        for k, dependency in enumerate(sorted(equation.dependencies)):
            if dependency not in given_ids:
                code = (
                    "unadmitted_dependency"
                    if dependency in others
                    else "undefined_dependency"
                )
                found.add((code, ("equations", j, "dependencies", k)))
    for component in oracle_cycles(graph):
        j, equation = next(
            (j, e)
            for j, e in admitted(graph)
            if e.lhs_symbol_id in component and e.dependencies & set(component)
        )
        k = sorted(equation.dependencies).index(
            min(equation.dependencies & set(component))
        )
        found.add(("cyclic_definition", ("equations", j, "dependencies", k)))
    return found


def oracle_findings(graph: SemanticSymbolicBindingGraph) -> set[tuple[str, ErrorPath]]:
    """Return every (code, path) the documented rules call for."""
    return oracle_element_findings(graph) | oracle_equation_findings(graph)
