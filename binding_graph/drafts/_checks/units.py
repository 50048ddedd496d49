"""The units of a draft's steps, decided by the units wing: a proof for each step that has units, or its refusal.

A step's units are checked where they are given: when the step, or a name
its expression uses, has a unit (a name without one is a pure number).
:func:`binding_graph.units.unit_proof` proves each such step as
:func:`binding_graph.units.admit` proves an equation, or refuses it, which
refuses the draft at the step's ``unit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from binding_graph.drafts._checks.fields import owner
from binding_graph.errors import BindingGraphError
from binding_graph.units import parse_unit, unit_proof

if TYPE_CHECKING:
    from binding_graph.drafts._checks.element import Element
    from binding_graph.drafts._checks.fields import Read, UnitText
    from binding_graph.units import Unit

__all__ = ["decide"]

# What a name without a unit, and a number, is.
_ONE: Final = parse_unit(None)


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
    decided: dict[int, str | BindingGraphError] = {}
    for index, step in enumerate(steps):
        used = _used(step, defined)
        if used is None:
            continue
        own: UnitText | None = step.get("unit")
        given: dict[str, Unit] = {}
        for element in used:
            unit: UnitText | None = element.get("unit")
            if unit is not None:
                given[cast("str", element.name)] = unit.unit
        if own is None and not given:
            continue
        read: Read = step.get("expression")
        units = {name: given.get(name, _ONE) for name in read.names}
        try:
            decided[index] = unit_proof(
                read.canonical, units, _ONE if own is None else own.unit
            )
        except BindingGraphError as error:
            path = ("steps", index, "unit")
            decided[index] = BindingGraphError(
                error.code,
                f"{owner(path)} is refused by the units: {error.message}",
                path,
            )
    return decided
