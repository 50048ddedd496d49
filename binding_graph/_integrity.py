"""The graph's own rules: symbol ids are unique, every reference names a symbol of the graph, and every state an equation of it.

Each check is one C-level pass over the graph's tuples and a set of its
symbol ids; only a failure walks the graph again in Python, to say where the
offending element is.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol, TypeVar

import attrs

from binding_graph._declarations import declaration
from binding_graph._quotes import check_quotes
from binding_graph._show import short_repr
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
)

if TYPE_CHECKING:
    from collections.abc import Mapping


# What the checks read of a graph's elements: the model's classes, seen by
# the fields they name symbols with (the model imports this module).
class _Named(Protocol):
    @property
    def symbol_id(self) -> str: ...


class _Asking(Protocol):
    @property
    def symbol_id(self) -> str: ...
    @property
    def state_index(self) -> str | int | None: ...


class _Defining(Protocol):
    @property
    def lhs_symbol_id(self) -> str: ...
    @property
    def dependencies(self) -> frozenset[str]: ...


class Referring(Protocol):
    """What refers to symbols: a graph, or what an extension adds to one."""

    @property
    def facts(self) -> tuple[_Named, ...]: ...
    @property
    def unknowns(self) -> tuple[_Asking, ...]: ...
    @property
    def constraints(self) -> tuple[_Named, ...]: ...
    @property
    def equations(self) -> tuple[_Defining, ...]: ...


_symbol_id: Final = attrgetter("symbol_id")
_lhs_symbol_id: Final = attrgetter("lhs_symbol_id")
_dependencies: Final = attrgetter("dependencies")
_state_index: Final = attrgetter("state_index")


class Added(NamedTuple):
    """The elements an extension adds, as :func:`check_references` reads them."""

    facts: tuple[_Named, ...]
    unknowns: tuple[_Asking, ...]
    constraints: tuple[_Named, ...]
    equations: tuple[_Defining, ...]


def check_unique_ids(symbols: tuple[_Named, ...]) -> frozenset[str]:
    """Refuse a symbol whose id an earlier symbol has; return the set of ids."""
    known = frozenset(map(_symbol_id, symbols))
    if len(known) != len(symbols):
        seen: set[str] = set()
        for index, symbol in enumerate(symbols):  # pragma: no branch -- a repeat exists
            if symbol.symbol_id in seen:
                raise duplicate_id(index, symbol.symbol_id)
            seen.add(symbol.symbol_id)
    return known


def duplicate_id(index: int, symbol_id: str) -> BindingGraphError:
    """Return the refusal of ``symbols[index]``, whose id *symbol_id* an earlier symbol has."""
    path: ErrorPath = ("symbols", index, "symbol_id")
    return BindingGraphError(
        "duplicate_symbol_id",
        "SemanticSymbolicBindingGraph.symbols must have unique"
        f" symbol_id values ({short_repr(symbol_id)} is repeated)",
        path,
    )


def unknown_reference(
    field: str, index: int, attribute: str, missing: str, path: ErrorPath
) -> BindingGraphError:
    """Return the refusal of ``field[index].attribute``, at *path*, which names *missing*, no symbol of the graph."""
    return BindingGraphError(
        "unknown_symbol",
        f"SemanticSymbolicBindingGraph.{field}[{index}].{attribute} must"
        f" name symbols of the graph ({short_repr(missing)} is not one)",
        path,
    )


def check_references(
    known: frozenset[str], checked: Referring, whole: Referring
) -> None:
    """Refuse an element of *checked* that names a symbol not in *known*, or an equation not in *whole*.

    Each check of a symbol is a C-level pass; only a failure walks *whole*
    again in Python, to find where the element is. An unknown's state that
    is an index must be below the count of *whole*'s equations: adding
    equations never unbinds one.
    """
    for field, items in (
        ("facts", checked.facts),
        ("unknowns", checked.unknowns),
        ("constraints", checked.constraints),
    ):
        if not known.issuperset(map(_symbol_id, items)):
            _refuse_unknown(field, "symbol_id", known, getattr(whole, field))
    equations = checked.equations
    if not known.issuperset(map(_lhs_symbol_id, equations)):
        _refuse_unknown("equations", "lhs_symbol_id", known, whole.equations)
    if not known.issuperset(chain.from_iterable(map(_dependencies, equations))):
        _refuse_unknown("equations", "dependencies", known, whole.equations)
    count = len(whole.equations)
    for state in map(_state_index, checked.unknowns):
        if type(state) is int and state >= count:
            _refuse_state(whole.unknowns, count)


def _refuse_state(unknowns: tuple[_Asking, ...], count: int) -> None:
    for index, unknown in enumerate(unknowns):  # pragma: no branch -- one is out
        state = unknown.state_index
        if type(state) is int and state >= count:
            raise unknown_equation(index, state, count)


def unknown_equation(index: int, state: int, count: int) -> BindingGraphError:
    """Return the refusal of ``unknowns[index].state_index``, *state*, which names no equation of a graph of *count*."""
    path: ErrorPath = ("unknowns", index, "state_index")
    return BindingGraphError(
        "unknown_equation",
        f"SemanticSymbolicBindingGraph.unknowns[{index}].state_index must name an"
        f" equation of the graph, below its count of equations ({count}) (got {state})",
        path,
    )


def _refuse_unknown(
    field: str, attribute: str, known: frozenset[str], items: tuple[Any, ...]
) -> None:
    for index, item in enumerate(items):  # pragma: no branch -- one is unknown
        value = getattr(item, attribute)
        missing = sorted(
            (value - known) if attribute == "dependencies" else {value} - known
        )
        if missing:
            path: ErrorPath = (field, index, attribute)
            raise unknown_reference(field, index, attribute, missing[0], path)


_G = TypeVar("_G", bound=Referring)


def extended(graph: _G, added: Mapping[str, Any]) -> _G:
    """Return *graph* with the elements of *added* appended to its collections, checking only them.

    The elements already in *graph* were checked when it was built, and
    adding symbols cannot unbind them. A refusal has the path it would have
    in the whole collection.
    """
    cls: Any = type(graph)
    grown: Any = object.__new__(cls)
    for attribute in attrs.fields(cls):
        name = attribute.name
        items: Any = added[name]
        old: tuple[Any, ...] = getattr(graph, name)
        try:
            declaration(attribute)(graph, attribute, items)
        except BindingGraphError as exc:
            if len(exc.path) == 1:
                raise
            # The index counts from the start of the whole collection.
            raise BindingGraphError(
                exc.code, exc.message, (name, len(old) + int(exc.path[1]))
            ) from None
        # Frozen: set once, before anyone else can see the new graph.
        object.__setattr__(grown, name, old + items)
    elements = Added(
        added["facts"], added["unknowns"], added["constraints"], added["equations"]
    )
    check_references(check_unique_ids(grown.symbols), elements, grown)
    # New provenance may govern old spans: then every span is checked.
    check_quotes(
        grown,
        None
        if added["provenance"]
        else {name: len(getattr(graph, name)) for name in added},
    )
    result: _G = grown
    return result
