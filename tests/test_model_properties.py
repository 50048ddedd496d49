"""Property tests: valid values always construct, invalid ones always refuse."""

from __future__ import annotations

import copy
import keyword
import pickle
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundEquation,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst
from binding_graph._declarations import declared_fields
from binding_graph.errors import DOCUMENT_CODES
from tests._helpers import MAX_OFFSET, untyped

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn


ANY_OBJECT: st.SearchStrategy[Any] = st.one_of(
    st.builds(SourceSpanLink, st.just("p"), st.just(0), st.just(1), st.just("x")),
    bgst.symbol_bindings(),
    bgst.bound_facts(),
    bgst.bound_equations(),
    bgst.bound_unknowns(),
    bgst.bound_constraints(),
    bgst.graphs(),
)


def rebuilt(obj: Any) -> Any:
    """Build *obj* again from its fields."""
    return type(obj)(**attrs.asdict(obj, recurse=False))


class TestValidObjects:
    """A valid object of any class survives every way of copying it."""

    @given(ANY_OBJECT)
    def test_valid_objects_survive_every_copy(self, obj: Any) -> None:
        """A valid object equals itself rebuilt, evolved, pickled and deep-copied."""
        for other in (
            rebuilt(obj),
            attrs.evolve(obj),
            pickle.loads(pickle.dumps(obj)),  # noqa: S301 -- our own bytes
            copy.deepcopy(obj),
            copy.copy(obj),
        ):
            assert other == obj
            assert hash(other) == hash(obj)
            assert type(other) is type(obj)


Mutation = tuple["Callable[[], object]", str, tuple[Any, ...]]


# The collections whose elements name symbols, and what their fields hold, as
# the fields declare it.
_ELEMENTS: dict[str, type[Any]] = {
    name: declared.item
    for name, declared in declared_fields(SemanticSymbolicBindingGraph)
    if declared.item is not None and declared.item is not SourceSpanLink
}
_COLLECTIONS = tuple(_ELEMENTS)


def _of_kind(cls: type[Any], kind: str) -> tuple[str, ...]:
    return tuple(
        name for name, declared in declared_fields(cls) if declared.kind.name == kind
    )


_REQUIRED_TEXT = {cls: _of_kind(cls, "text") for cls in _ELEMENTS.values()}
_OPTIONAL_TEXT = {cls: _of_kind(cls, "optional_text") for cls in _ELEMENTS.values()}
_SPAN_FIELD = {cls: _of_kind(cls, "object")[0] for cls in _ELEMENTS.values()}
_ID_FIELD = {cls: _of_kind(cls, "identifier")[0] for cls in _ELEMENTS.values()}


_BAD_IDENTIFIERS = st.one_of(
    st.sampled_from(sorted(keyword.kwlist)),
    bgst.identifiers().map(lambda i: "1" + i),
    bgst.identifiers().map(lambda i: i + "-x"),
    bgst.identifiers().map(lambda i: "\ufb01" + i),  # the "fi" ligature: not NFKC
    bgst.identifiers().map(lambda i: i + "\uff58"),  # fullwidth x: not NFKC
)


_BLANKS = st.sampled_from(["", " ", "\t\n", "\u3000", "\u2029 "])


def _replace(
    graph: SemanticSymbolicBindingGraph, name: str, index: int, new: Any
) -> Any:
    items = list(getattr(graph, name))
    items[index] = new
    return attrs.evolve(graph, **{name: tuple(items)})


_BROKEN_RULES: Final = sorted(
    DOCUMENT_CODES
    # A document's own, of its text, size, header and keys: a graph built in
    # Python has none.
    - {
        "malformed_document",
        "limit_exceeded",
        "unsupported_version",
        "unknown_key",
        "missing_key",
    }
    # Spans against their provenance, and an unknown's state against the
    # equations: each broken by its own tests (test_model_quotes.py,
    # test_model_question_targets.py).
    - {"span_text_mismatch", "unknown_equation"}
)
"""The graph's rules that :func:`broken` breaks: a code added to the documents' is broken here too, or the test fails."""


@st.composite
def broken(draw: DrawFn) -> Mutation:  # noqa: C901, PLR0911, PLR0912, PLR0915 -- a branch per rule
    """Draw a valid graph and a thunk that rebuilds it with one rule broken."""
    graph = draw(bgst.graphs(min_symbols=1, max_symbols=4))
    ids = [s.symbol_id for s in graph.symbols]
    name = draw(st.sampled_from([c for c in _COLLECTIONS if getattr(graph, c)]))
    index = draw(st.integers(0, len(getattr(graph, name)) - 1))
    element: Any = getattr(graph, name)[index]
    cls: Any = type(element)  # pyright: ignore[reportUnknownVariableType]
    rule = draw(st.sampled_from(_BROKEN_RULES))

    def change(**fields: Any) -> Callable[[], object]:
        return lambda: _replace(graph, name, index, attrs.evolve(element, **fields))

    if rule == "wrong_type":
        if draw(st.booleans()):
            as_list: Any = list(getattr(graph, name))
            return (lambda: attrs.evolve(graph, **{name: as_list})), rule, (name,)
        junk = draw(st.sampled_from([None, 1, 1.5, b"x", object(), []]))
        items = [*getattr(graph, name)]
        items.insert(index, junk)
        return (
            (lambda: attrs.evolve(graph, **{name: tuple(items)})),
            rule,
            (name, index),
        )
    if rule == "empty_text":
        field = draw(st.sampled_from(_REQUIRED_TEXT[cls] + (_ID_FIELD[cls],)))
        return change(**{field: draw(_BLANKS)}), rule, (field,)
    if rule == "invalid_text":
        fields = _REQUIRED_TEXT[cls] + _OPTIONAL_TEXT[cls] + (_ID_FIELD[cls],)
        field = draw(st.sampled_from(fields))
        old = getattr(element, field) or ""
        at = draw(st.integers(0, len(old)))
        return change(**{field: old[:at] + "\ud800" + old[at:]}), rule, (field,)
    if rule == "invalid_identifier":
        bad = draw(_BAD_IDENTIFIERS)
        if cls is BoundEquation and draw(st.booleans()):
            return (
                change(dependencies=element.dependencies | {bad}),
                rule,
                ("dependencies",),
            )
        return change(**{_ID_FIELD[cls]: bad}), rule, (_ID_FIELD[cls],)
    if rule == "not_in_vocabulary":
        bad = draw(bgst.texts(max_size=8).map(lambda t: "x" + t))
        if cls is BoundEquation:
            return change(admissibility_status=bad), rule, ("admissibility_status",)
        symbol = graph.symbols[0]
        return (
            (
                lambda: _replace(
                    graph,
                    "symbols",
                    0,
                    attrs.evolve(symbol, semantic_role=untyped(bad)),
                )
            ),
            rule,
            ("semantic_role",),
        )
    if rule == "invalid_span":
        field = _SPAN_FIELD[cls]
        span: SourceSpanLink = getattr(element, field)
        width = span.end - span.start
        breaks: list[tuple[dict[str, Any], str]] = [
            ({"start": -1}, "start"),
            ({"start": MAX_OFFSET + 1}, "start"),
            ({"end": span.start}, "end"),
            ({"start": MAX_OFFSET - width + 1, "end": MAX_OFFSET + 1}, "end"),
            ({"text": span.text + "x"}, "text"),
        ]
        if span.end < MAX_OFFSET:  # else a longer span breaks the end's rule first
            breaks.append(({"end": span.end + 1}, "text"))
        how, at = draw(st.sampled_from(breaks))
        return (
            (
                lambda: _replace(
                    graph,
                    name,
                    index,
                    attrs.evolve(element, **{field: attrs.evolve(span, **how)}),
                )
            ),
            rule,
            (at,),
        )
    if rule in {"refusal_reason_required", "refusal_reason_forbidden"}:
        equation = draw(bgst.bound_equations(symbol_ids=ids))
        if rule == "refusal_reason_required":
            reason = draw(st.none() | _BLANKS)
            equation_fields: dict[str, Any] = {
                "admissibility_status": "refused",
                "refusal_reason": reason,
            }
        else:
            equation_fields = {
                "admissibility_status": draw(st.sampled_from(["admitted", "pending"])),
                "refusal_reason": draw(bgst.texts() | _BLANKS),
            }
        return (
            (
                lambda: attrs.evolve(
                    graph,
                    equations=(
                        *graph.equations,
                        attrs.evolve(equation, **equation_fields),
                    ),
                )
            ),
            rule,
            ("refusal_reason",),
        )
    if rule == "duplicate_symbol_id":
        twin = attrs.evolve(
            draw(bgst.symbol_bindings()), symbol_id=draw(st.sampled_from(ids))
        )
        at = draw(st.integers(0, len(graph.symbols)))
        symbols = list(graph.symbols)
        symbols.insert(at, twin)
        first = next(i for i, s in enumerate(symbols) if s.symbol_id == twin.symbol_id)
        later = next(
            i
            for i, s in enumerate(symbols)
            if s.symbol_id == twin.symbol_id and i > first
        )
        return (
            (lambda: attrs.evolve(graph, symbols=tuple(symbols))),
            rule,
            ("symbols", later, "symbol_id"),
        )
    # unknown_symbol: name an id longer than every symbol's, so surely not one.
    missing = max(ids, key=len) + "_x"
    if cls is SymbolBinding:
        # Renaming a symbol orphans whatever named it; add a fact that did.
        fact = draw(bgst.bound_facts(symbol_ids=[element.symbol_id]))
        renamed = attrs.evolve(element, symbol_id=missing)
        symbols = list(graph.symbols)
        symbols[index] = renamed
        return (
            (
                lambda: attrs.evolve(
                    graph, symbols=tuple(symbols), facts=(fact, *graph.facts)
                )
            ),
            rule,
            ("facts", 0, "symbol_id"),
        )
    if cls is BoundEquation and draw(st.booleans()):
        return (
            change(dependencies=element.dependencies | {missing}),
            rule,
            (name, index, "dependencies"),
        )
    return change(**{_ID_FIELD[cls]: missing}), rule, (name, index, _ID_FIELD[cls])


class TestOneBrokenRule:
    """A valid graph with exactly one rule broken refuses with that rule's code and path."""

    @given(broken())
    def test_a_graph_with_one_rule_broken_refuses_with_that_rule(
        self, case: Mutation
    ) -> None:
        """Breaking exactly one rule of a valid graph refuses with that rule's code."""
        build, code, path = case
        with pytest.raises(BindingGraphError) as info:
            build()
        assert (info.value.code, info.value.path) == (code, path)
