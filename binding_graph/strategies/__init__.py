"""Hypothesis strategies that build valid binding-graph values, invalid documents, arithmetic texts, and graphs of one set-up.

Requires the ``hypothesis`` extra (``pip install binding-graph[hypothesis]``).
Every strategy builds valid values by construction, never by filtering at
random: identifiers are drawn first and every reference is sampled from them.
Each field is drawn as its kind draws it, so a new field needs nothing here.
Each strategy is built once, when it is asked for, never inside a draw.

>>> from hypothesis import given
>>> from binding_graph import strategies as bgst
>>> @given(bgst.graphs(max_symbols=4))
... def test_round_trip(graph): ...

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph.errors import DOCUMENT_CODES
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.strategies import _arithmetic, _broken, _invalid, _profile, _valid
from binding_graph.strategies._setups import same_setups

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from hypothesis.strategies import SearchStrategy

__all__ = [
    "INVALID_DOCUMENT_CODES",
    "STRATEGIES",
    "arithmetic_graphs",
    "bound_constraints",
    "bound_equations",
    "bound_facts",
    "bound_unknowns",
    "broken_graph_documents",
    "expressions",
    "graph_documents",
    "graphs",
    "identifiers",
    "invalid_graph_documents",
    "number_texts",
    "predicates",
    "same_setups",
    "source_spans",
    "symbol_bindings",
    "texts",
]


def identifiers() -> SearchStrategy[str]:
    """Build symbol ids: NFKC-normal Python identifiers that are not keywords.

    Mostly ASCII, sometimes with letters from other scripts.
    """
    return _valid.identifier_strategy()


def texts(*, min_size: int = 1, max_size: int = 24) -> SearchStrategy[str]:
    """Build required text: not blank, UTF-8 encodable, often hostile to encoders."""
    return _valid.text_strategy(min_size, max_size)


def source_spans(*, source_id: str | None = None) -> SearchStrategy[SourceSpanLink]:
    """Build a valid :class:`~binding_graph.SourceSpanLink`.

    Args:
        source_id: Use this source id instead of drawing one.
    """
    given = {} if source_id is None else {"source_id": source_id}
    return _valid.elements(SourceSpanLink, None, given=given)


def symbol_bindings(*, symbol_id: str | None = None) -> SearchStrategy[SymbolBinding]:
    """Build a valid :class:`~binding_graph.SymbolBinding`.

    Args:
        symbol_id: Use this id instead of drawing one.
    """
    given = {} if symbol_id is None else {"symbol_id": symbol_id}
    return _valid.elements(SymbolBinding, None, given=given)


def bound_facts(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundFact]:
    """Build a valid :class:`~binding_graph.BoundFact`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _valid.elements(BoundFact, symbol_ids)


def bound_equations(
    *, symbol_ids: Sequence[str] | None = None, max_dependencies: int = 4
) -> SearchStrategy[BoundEquation]:
    """Build a valid :class:`~binding_graph.BoundEquation`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
        max_dependencies: The most dependencies to draw.
    """
    return _valid.elements(BoundEquation, symbol_ids, st.integers(0, max_dependencies))


def bound_unknowns(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundUnknown]:
    """Build a valid :class:`~binding_graph.BoundUnknown`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _valid.elements(BoundUnknown, symbol_ids)


def bound_constraints(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundConstraint]:
    """Build a valid :class:`~binding_graph.BoundConstraint`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _valid.elements(BoundConstraint, symbol_ids)


def graphs(
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> SearchStrategy[SemanticSymbolicBindingGraph]:
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
    return _valid.graph_strategy(
        _valid.Sizes(
            min_symbols,
            max_symbols,
            max_facts,
            max_equations,
            max_unknowns,
            max_constraints,
            max_provenance,
        )
    )


def arithmetic_graphs(
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> SearchStrategy[SemanticSymbolicBindingGraph]:
    """Build a valid graph in the profile of :mod:`binding_graph.arithmetic`, evaluable by construction.

    As :func:`graphs` draws one, and besides:

    - every fact's value is in :func:`~binding_graph.arithmetic.parse_number`'s
      form (``"-007.50"``, ``"3/4"``), and facts of one symbol give it one
      value, however spelt;
    - every equation's ``rhs_canonical`` is a canonical expression over
      symbols determined before its left-hand side, its ``dependencies``
      exactly the symbols it mentions, and every divisor a number that is not
      zero: the admitted equations are acyclic, and no division is by zero;
    - every unknown asks for a determined symbol, and every constraint's
      predicate mentions its own symbol and no other;
    - each source with provenance has one provenance span, which holds a
      drawn problem text; some spans of that source are exact slices of it,
      others lie partly outside it, and the rest are in a source without
      provenance.

    Values stay small: only a long chain of products may pass
    :data:`~binding_graph.arithmetic.MAX_BITS`.

    >>> from hypothesis import given
    >>> from binding_graph import strategies as bgst
    >>> @given(bgst.arithmetic_graphs(max_symbols=4))
    ... def test_evaluates(graph): ...

    Args:
        min_symbols: The fewest symbols.
        max_symbols: The most symbols.
        max_facts: The most facts.
        max_equations: The most equations.
        max_unknowns: The most unknowns.
        max_constraints: The most constraints.
        max_provenance: The most provenance spans, each in a source of its own.

    Raises:
        hypothesis.errors.InvalidArgument: for a negative bound.

    .. versionadded:: 0.1.0
    """
    return _profile.profile_graph_strategy(
        _valid.Sizes(
            min_symbols,
            max_symbols,
            max_facts,
            max_equations,
            max_unknowns,
            max_constraints,
            max_provenance,
        )
    )


def expressions(
    *,
    symbol_ids: Sequence[str] | None = None,
    max_leaves: int = 8,
    canonical: bool = False,
    extended: bool = False,
) -> SearchStrategy[str]:
    """Build texts in the grammar of :func:`binding_graph.arithmetic.parse_expression`.

    A tree of numbers and symbols is drawn, with unary minus signs and the
    four operators (with *extended*, the whole profile), then spelt: with
    the parentheses it needs and sometimes more, whitespace (or nothing)
    between tokens, and numbers with leading and trailing zeros
    (``"007.50"``); or, with *canonical*, as
    :func:`~binding_graph.arithmetic.canonical_expression` spells it.

    >>> from binding_graph import strategies as bgst
    >>> texts = bgst.expressions(symbol_ids=["speed", "time"], max_leaves=4)

    Args:
        symbol_ids: Pick symbols from these ids; none (numbers only) if it is
            empty; any valid symbol id if ``None``.
        max_leaves: The most numbers and symbols, from 1 to 32: the tree
            stays far below :data:`~binding_graph.arithmetic.MAX_DEPTH`.
        canonical: Spell the tree canonically.
        extended: Draw ``//``, ``%``, ``**`` and calls of the functions too.

    Raises:
        hypothesis.errors.InvalidArgument: for a *max_leaves* out of range,
            or an id in *symbol_ids* that is not a valid symbol id.

    .. versionadded:: 0.1.0
    """
    return _arithmetic.expression_strategy(
        symbol_ids, max_leaves, canonical_only=canonical, extended=extended
    )


def predicates(
    *,
    symbol_ids: Sequence[str] | None = None,
    max_leaves: int = 8,
    canonical: bool = False,
) -> SearchStrategy[str]:
    """Build texts in the grammar of :func:`binding_graph.arithmetic.parse_predicate`.

    Two expressions, each drawn as :func:`expressions` draws one, and a
    comparison between them (``<``, ``<=``, ``>``, ``>=``, ``==``, ``!=``).

    Args:
        symbol_ids: As for :func:`expressions`.
        max_leaves: The most numbers and symbols on each side, from 1 to 32.
        canonical: Spell the predicate canonically.

    Raises:
        hypothesis.errors.InvalidArgument: as :func:`expressions`.

    .. versionadded:: 0.1.0
    """
    return _arithmetic.predicate_strategy(
        symbol_ids, max_leaves, canonical_only=canonical
    )


def number_texts() -> SearchStrategy[str]:
    """Build texts that :func:`binding_graph.arithmetic.parse_number` reads.

    An optional ``-``, then a ``NUMBER`` (digits, then perhaps ``.`` and
    digits, with leading and trailing zeros sometimes), perhaps over a
    second one that is not zero: ``"12"``, ``"-007.50"``, ``"3/4"``.

    .. versionadded:: 0.1.0
    """
    return _arithmetic.number_text_strategy()


def graph_documents(**sizes: int) -> SearchStrategy[dict[str, Any]]:
    """Build valid graph documents, as :func:`~binding_graph.to_data` writes them.

    Dependencies come in any order, as a producer may write them: a
    document need not be canonical to be valid.

    Args:
        sizes: The bounds of :func:`graphs` (``min_symbols``,
            ``max_symbols``, ``max_facts``, ...), passed on to it.

    .. versionadded:: 0.1.0
    """
    return _valid.documents(graphs(**sizes))


INVALID_DOCUMENT_CODES: Final[frozenset[str]] = DOCUMENT_CODES
"""Every refusal code a document can cause, which is :data:`binding_graph.errors.DOCUMENT_CODES`.

:func:`invalid_graph_documents` draws documents for each of them.

.. versionadded:: 0.1.0
"""

STRATEGIES: Final[dict[type, SearchStrategy[Any]]] = {
    SourceSpanLink: source_spans(),
    SymbolBinding: symbol_bindings(),
    BoundFact: bound_facts(),
    BoundEquation: bound_equations(),
    BoundUnknown: bound_unknowns(),
    BoundConstraint: bound_constraints(),
    SemanticSymbolicBindingGraph: graphs(),
}
"""The default strategy of every model class, as :func:`hypothesis.strategies.from_type` gives it.

.. versionadded:: 0.1.0
"""

# Breaking a rule on a small graph shows it as well as on a large one.
_BREAKABLE: Final = _valid.documents(
    graphs(min_symbols=1, max_symbols=3, max_facts=3, max_equations=3)
)


def invalid_graph_documents(
    *, codes: Iterable[str] | None = None
) -> SearchStrategy[tuple[dict[str, Any], str]]:
    """Build ``(document, code)``: a valid document with exactly one rule broken.

    :func:`~binding_graph.from_data` refuses *document* with exactly *code*.
    So does :func:`~binding_graph.loads` of the document as JSON text, but
    for an offset beyond ``2**53 - 1``: the parser refuses that integer
    first, as ``malformed_document``.

    Args:
        codes: Draw only these codes, a subset of
            :data:`INVALID_DOCUMENT_CODES`; all of them by default.

    Raises:
        hypothesis.errors.InvalidArgument: if *codes* is empty or names a
            code no document can cause.

    .. versionadded:: 0.1.0
    """
    wanted = INVALID_DOCUMENT_CODES if codes is None else frozenset(codes)
    if not wanted or not wanted <= INVALID_DOCUMENT_CODES:
        msg = (
            "codes must be a non-empty subset of INVALID_DOCUMENT_CODES"
            f" (got {sorted(wanted)})"
        )
        raise InvalidArgument(msg)
    return _invalid.invalid_documents(sorted(wanted), _BREAKABLE)


def broken_graph_documents(
    *, min_rules: int = 1, max_rules: int = 5
) -> SearchStrategy[
    tuple[dict[str, Any], tuple[tuple[str, tuple[str | int, ...]], ...]]
]:
    """Build ``(document, breaks)``: a valid document with several rules broken, each in an element of its own.

    Each break makes its element refused at one path and touches nothing
    else (no symbol id changes, no span moves), so :func:`~binding_graph.refusals`
    of *document* gives exactly *breaks*, each broken rule's code and path,
    in document order; elements are added where there are too few.

    Raises:
        hypothesis.errors.InvalidArgument: unless ``1 <= min_rules <= max_rules``.

    .. versionadded:: 0.1.0
    """
    return _broken.broken_documents(_BREAKABLE, min_rules, max_rules)
