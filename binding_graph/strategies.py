"""Hypothesis strategies that build valid binding-graph values.

Requires the ``hypothesis`` extra (``pip install binding-graph[hypothesis]``).
Every strategy builds valid values by construction, never by filtering
at random: identifiers are drawn first and every reference is sampled from
them, so a generated graph always passes its integrity check.

>>> from hypothesis import given
>>> from binding_graph import strategies as bgst
>>> @given(bgst.graphs(max_symbols=4))
... def test_round_trip(graph): ...

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import keyword
import unicodedata
from typing import TYPE_CHECKING, Final, get_args

from hypothesis import strategies as st

from binding_graph._validators import MAX_OFFSET
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.vocabularies import AdmissibilityStatus, SemanticRole

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "bound_constraints",
    "bound_equations",
    "bound_facts",
    "bound_unknowns",
    "graphs",
    "identifiers",
    "source_spans",
    "symbol_bindings",
    "texts",
]

# Every character a string field may hold: anything but a lone surrogate.
_CHARACTERS: Final = st.characters(exclude_categories=["Cs"])
# Characters that stress encoders: quotes, escapes, separators, controls.
_NASTY: Final = st.sampled_from('"\\\n\r\t\x00\x1f\x7f =[]{}:,\u2028\u2029\ufeff')

_ROLES: Final[tuple[SemanticRole, ...]] = get_args(SemanticRole)
_STATUSES: Final[tuple[AdmissibilityStatus, ...]] = get_args(AdmissibilityStatus)

_ASCII_IDENTIFIERS: Final = st.from_regex(
    r"[A-Za-z_][A-Za-z0-9_]{0,15}", fullmatch=True
)


def _concat(head: str, tail: str) -> str:
    return head + tail


def _is_valid_identifier(text: str) -> bool:
    return (
        text.isidentifier()
        and not keyword.iskeyword(text)
        and unicodedata.is_normalized("NFKC", text)
    )


def identifiers() -> SearchStrategy[str]:
    """Build symbol ids: NFKC-normal Python identifiers that are not keywords.

    Mostly ASCII, sometimes with letters from other scripts.
    """
    ascii_ids = _ASCII_IDENTIFIERS.map(
        # A keyword is a valid identifier once suffixed: no filtering needed.
        lambda s: s + "_" if keyword.iskeyword(s) else s
    )
    letters = st.characters(categories=["Lu", "Ll", "Lo"]).filter(_is_valid_identifier)
    unicode_ids = st.builds(_concat, letters, _ASCII_IDENTIFIERS).filter(
        _is_valid_identifier
    )
    return st.one_of(ascii_ids, unicode_ids)


def texts(*, min_size: int = 1, max_size: int = 24) -> SearchStrategy[str]:
    """Build required text: not blank, UTF-8 encodable, often hostile to encoders."""
    return st.builds(
        _concat,
        # The anchor makes the text non-blank without rejecting anything.
        st.characters(exclude_categories=["Cs", "Zs", "Zl", "Zp", "Cc"]).filter(
            lambda c: not c.isspace()
        ),
        st.text(
            st.one_of(_CHARACTERS, _NASTY), min_size=min_size - 1, max_size=max_size - 1
        ),
    )


def _optional_texts() -> SearchStrategy[str | None]:
    return st.none() | texts()


@st.composite
def source_spans(draw: DrawFn, *, source_id: str | None = None) -> SourceSpanLink:
    """Build a valid :class:`~binding_graph.SourceSpanLink`.

    Args:
        source_id: Use this source id instead of drawing one.
    """
    text = draw(st.text(st.one_of(_CHARACTERS, _NASTY), min_size=1, max_size=24))
    start = draw(
        st.one_of(st.integers(0, 10_000), st.integers(0, MAX_OFFSET - len(text)))
    )
    return SourceSpanLink(
        source_id if source_id is not None else draw(texts(max_size=12)),
        start,
        start + len(text),
        text,
    )


@st.composite
def symbol_bindings(draw: DrawFn, *, symbol_id: str | None = None) -> SymbolBinding:
    """Build a valid :class:`~binding_graph.SymbolBinding`.

    Args:
        symbol_id: Use this id instead of drawing one.
    """
    return SymbolBinding(
        symbol_id=symbol_id if symbol_id is not None else draw(identifiers()),
        name=draw(texts()),
        semantic_role=draw(st.sampled_from(_ROLES)),
        source_span=draw(source_spans()),
        introduced_by=draw(texts(max_size=12)),
        entity=draw(_optional_texts()),
        unit=draw(_optional_texts()),
    )


def _ids(symbol_ids: Sequence[str] | None) -> SearchStrategy[str]:
    return identifiers() if symbol_ids is None else st.sampled_from(symbol_ids)


@st.composite
def bound_facts(draw: DrawFn, *, symbol_ids: Sequence[str] | None = None) -> BoundFact:
    """Build a valid :class:`~binding_graph.BoundFact`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundFact(
        symbol_id=draw(_ids(symbol_ids)),
        value=draw(texts()),
        source_span=draw(source_spans()),
        unit=draw(_optional_texts()),
    )


@st.composite
def bound_equations(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None, max_dependencies: int = 4
) -> BoundEquation:
    """Build a valid :class:`~binding_graph.BoundEquation`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
        max_dependencies: The most dependencies to draw.
    """
    status = draw(st.sampled_from(_STATUSES))
    return BoundEquation(
        lhs_symbol_id=draw(_ids(symbol_ids)),
        rhs_canonical=draw(texts()),
        dependencies=draw(st.frozensets(_ids(symbol_ids), max_size=max_dependencies)),
        operation_kind=draw(texts(max_size=12)),
        unit_proof=draw(texts()),
        admissibility_status=status,
        source_span=draw(source_spans()),
        refusal_reason=draw(texts()) if status == "refused" else None,
    )


@st.composite
def bound_unknowns(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None
) -> BoundUnknown:
    """Build a valid :class:`~binding_graph.BoundUnknown`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundUnknown(
        symbol_id=draw(_ids(symbol_ids)),
        question_span=draw(source_spans()),
        expected_unit=draw(_optional_texts()),
    )


@st.composite
def bound_constraints(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None
) -> BoundConstraint:
    """Build a valid :class:`~binding_graph.BoundConstraint`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundConstraint(
        symbol_id=draw(_ids(symbol_ids)),
        predicate=draw(texts()),
        source_span=draw(source_spans()),
    )


@st.composite
def graphs(
    draw: DrawFn,
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> SemanticSymbolicBindingGraph:
    """Build a valid :class:`~binding_graph.SemanticSymbolicBindingGraph`.

    Symbol ids are drawn first, unique; every other element refers only to
    them, so the graph is sound by construction.
    A graph without symbols has no facts, equations, unknowns or constraints.

    Args:
        min_symbols: The fewest symbols.
        max_symbols: The most symbols.
        max_facts: The most facts.
        max_equations: The most equations.
        max_unknowns: The most unknowns.
        max_constraints: The most constraints.
        max_provenance: The most provenance spans.
    """
    ids = draw(
        st.lists(identifiers(), min_size=min_symbols, max_size=max_symbols, unique=True)
    )
    symbols = tuple(draw(symbol_bindings(symbol_id=i)) for i in ids)
    provenance = tuple(draw(st.lists(source_spans(), max_size=max_provenance)))
    if not ids:
        return SemanticSymbolicBindingGraph(symbols=symbols, provenance=provenance)
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=tuple(draw(st.lists(bound_facts(symbol_ids=ids), max_size=max_facts))),
        equations=tuple(
            draw(st.lists(bound_equations(symbol_ids=ids), max_size=max_equations))
        ),
        unknowns=tuple(
            draw(st.lists(bound_unknowns(symbol_ids=ids), max_size=max_unknowns))
        ),
        constraints=tuple(
            draw(st.lists(bound_constraints(symbol_ids=ids), max_size=max_constraints))
        ),
        provenance=provenance,
    )
