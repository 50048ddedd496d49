"""The units of a draft's steps, decided by the units wing: a proof for each step that has units, or its refusal.

A step's units are checked where they are given: when the step, or a name
its expression uses, has a unit (a name without one is a pure number).
Each such step becomes a pending equation of a small graph of the names it
involves, which :func:`binding_graph.units.admit` decides: admitted with
its proof, or refused, which refuses the draft at the step's ``unit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from binding_graph.drafts._format import NOT_CHECKED
from binding_graph.errors import BindingGraphError, render_path
from binding_graph.model import (
    BoundEquation,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.units import admit

if TYPE_CHECKING:
    from binding_graph.drafts._element import Element
    from binding_graph.drafts._fields import Read, UnitText
    from binding_graph.errors import RefusalCode

__all__ = ["decide"]

# Where the small graph's elements say they come from: only units are read.
_NOWHERE: Final = SourceSpanLink("draft", 0, 1, "d")


def _used(step: Element, defined: dict[str, Element]) -> list[Element] | None:
    """Return the elements that define the names *step* uses, if its units can be checked.

    Not if its expression or its name was refused, if it uses a name that
    nothing defines or is in a circle of steps, or if a unit it involves
    was refused: their refusals say enough.
    """
    read: Read | None = step.get("expression")
    name = step.name
    if read is None or name is None or not step.resolved:
        return None
    if defined.get(name) is not step or step.refused("unit"):
        return None
    used = [defined[used] for used in read.names]
    if any(element.refused("unit") for element in used):
        return None
    return used


def decide(
    steps: list[Element], defined: dict[str, Element]
) -> dict[int, str | BindingGraphError]:
    """Return, for each of *steps* whose units are given and can be checked, its proof or its refusal, by index."""
    checked: list[tuple[int, Element]] = []
    involved: dict[str, UnitText | None] = {}
    for index, step in enumerate(steps):
        used = _used(step, defined)
        if used is None:
            continue
        units = [step.get("unit"), *(element.get("unit") for element in used)]
        if all(unit is None for unit in units):
            continue
        checked.append((index, step))
        for element in (step, *used):
            involved[cast("str", element.name)] = element.get("unit")
    if not checked:
        return {}
    graph = SemanticSymbolicBindingGraph(
        symbols=tuple(
            SymbolBinding(
                symbol_id=name,
                name=name,
                semantic_role="quantity",
                source_span=_NOWHERE,
                introduced_by="draft",
                unit=None if unit is None else unit.text,
            )
            for name, unit in involved.items()
        ),
        equations=tuple(
            BoundEquation(
                lhs_symbol_id=cast("str", step.name),
                rhs_canonical=step.get("expression").canonical,
                dependencies=frozenset(step.get("expression").names),
                operation_kind=step.get("expression").operation,
                unit_proof=NOT_CHECKED,
                admissibility_status="pending",
                source_span=_NOWHERE,
            )
            for _, step in checked
        ),
    )
    decided: dict[int, str | BindingGraphError] = {}
    for number, ((index, _), equation) in enumerate(
        zip(checked, admit(graph).equations, strict=True)
    ):
        if equation.admissibility_status == "admitted":
            decided[index] = equation.unit_proof
            continue
        reason, _, detail = cast("str", equation.refusal_reason).partition(": ")
        expression = render_path(("steps", index, "expression"))
        detail = detail.replace(f"equations[{number}].rhs_canonical", expression)
        code = "unit_mismatch" if reason == "dimension_mismatch" else reason
        path = ("steps", index, "unit")
        decided[index] = BindingGraphError(
            cast("RefusalCode", code),
            f"Draft.{render_path(path)} is refused by the units: {detail}",
            path,
        )
    return decided
