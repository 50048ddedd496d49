"""Drawing graphs in the arithmetic profile: evaluable by construction, their spans quoting their sources.

Symbols are drawn first, in order; each is then given by facts, defined by
an admitted equation over symbols determined before it, or left
undetermined. Every right-hand side is drawn canonical, with exactly the
dependencies it mentions and only non-zero numbers as divisors; every fact's
value is in ``parse_number``'s form; every constraint's predicate mentions
its own symbol and no other. Each source with provenance has one provenance
span, holding the problem text, and every span that lies inside it quotes
it exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    Model,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.strategies._arithmetic import (
    canonical,
    constraint_predicate,
    draw_operation_kind,
    draw_tree,
    symbols_of,
)
from binding_graph.strategies._numbers import NumberText, draw_number_text, respelt
from binding_graph.strategies._valid import (
    PICK,
    SOURCE_CHARACTERS,
    SYMBOL_IDS,
    TEXTS,
    Drawing,
    Sizes,
    draw_element,
)

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

_E = TypeVar("_E", bound=Model)
_T = TypeVar("_T")

# The longest problem text, and how far a span may reach past it (so that
# a span that does not lie inside it is at most 16 characters wide).
_LONGEST: Final = 48
_BEYOND: Final = 8
_PROBLEMS: Final = st.text(SOURCE_CHARACTERS, min_size=1, max_size=_LONGEST)
_STARTS: Final = st.integers(0, 10_000)
# How a symbol is determined, the simplest first.
_HOW: Final = st.sampled_from(["none", "fact", "equation"])
# Where a span lies: in a source without provenance, inside the provenance
# of its source (quoting it), or in that source but not inside it.
_WHERE: Final = st.sampled_from(["free", "inside", "outside"])
_NOT_ADMITTED: Final = st.sampled_from(["pending", "refused"])
_CHANCE: Final = st.booleans()
# The leaves of a right-hand side or of a predicate's side: few, so that
# values stay far below the profile's limit in all but the longest chains
# of products.
_LEAVES: Final = st.integers(1, 4)


class _Sources(NamedTuple):
    """The graph's provenance, one span per source, and a source without any."""

    provenance: tuple[SourceSpanLink, ...]
    free: str


def _sources(draw: DrawFn, source_ids: list[str]) -> _Sources:
    *quoted, free = source_ids
    provenance: list[SourceSpanLink] = []
    for source_id in quoted:
        start, problem = draw(_STARTS), draw(_PROBLEMS)
        provenance.append(
            SourceSpanLink(source_id, start, start + len(problem), problem)
        )
    return _Sources(tuple(provenance), free)


def _span(draw: DrawFn, sources: _Sources) -> SourceSpanLink:
    """Draw a span: in the free source, inside a provenance span, or beside one."""
    where = draw(_WHERE)
    if not sources.provenance or where == "free":
        span = draw_element(Drawing(draw), SourceSpanLink, {})
        return SourceSpanLink(sources.free, span.start, span.end, span.text)
    quoted = sources.provenance[draw(PICK) % len(sources.provenance)]
    text, source_id = quoted.text, quoted.source_id
    if where == "inside":
        first = draw(PICK) % len(text)
        last = first + 1 + draw(PICK) % (len(text) - first)
        return SourceSpanLink(
            source_id, quoted.start + first, quoted.start + last, text[first:last]
        )
    if quoted.start and draw(_CHANCE):
        # Starting before the provenance: never compared with it.
        start = quoted.start - 1 - draw(PICK) % min(quoted.start, _BEYOND)
        end = start + 1 + draw(PICK) % _BEYOND
    else:
        # Starting in it and reaching past its end: never compared either.
        start = quoted.end - 1 - draw(PICK) % min(len(text), _BEYOND)
        end = quoted.end + 1 + draw(PICK) % _BEYOND
    return SourceSpanLink(source_id, start, end, Drawing(draw).verbatim(end - start))


class _Builder:
    """What one profile graph has drawn so far."""

    def __init__(self, draw: DrawFn, ids: list[str], sources: _Sources) -> None:
        self.draw = draw
        self.ids = ids
        self.sources = sources
        self.drawing = Drawing(draw, ids)
        # The determined symbols, in the order of the ids.
        self.determined: list[str] = []
        self.facts: list[BoundFact] = []
        self.values: list[tuple[str, NumberText]] = []
        self.equations: list[BoundEquation] = []

    def element(self, cls: type[_E], **given: object) -> _E:
        """Draw a *cls* with *given* fields and a span of the graph's sources."""
        span = "question_span" if cls is BoundUnknown else "source_span"
        given[span] = _span(self.draw, self.sources)
        return draw_element(self.drawing, cls, given)

    def insert(self, items: list[_T], item: _T) -> None:
        """Insert *item* anywhere in *items*: at the end, when shrunk."""
        items.insert(len(items) - self.draw(PICK) % (len(items) + 1), item)

    def fact(self, symbol_id: str, value: NumberText) -> None:
        """Add a fact giving *symbol_id* the *value*."""
        self.values.append((symbol_id, value))
        fact = self.element(BoundFact, symbol_id=symbol_id, value=str(value))
        self.insert(self.facts, fact)

    def equation(self, lhs: str, status: str) -> None:
        """Add an equation for *lhs* over the symbols determined before it."""
        position = self.ids.index(lhs)
        before = tuple(i for i in self.determined if self.ids.index(i) < position)
        tree = draw_tree(self.draw, self.draw(_LEAVES), before, literal_divisors=True)
        equation = self.element(
            BoundEquation,
            lhs_symbol_id=lhs,
            rhs_canonical=canonical(tree),
            dependencies=symbols_of(tree),
            operation_kind=draw_operation_kind(self.draw, tree),
            admissibility_status=status,
        )
        self.insert(self.equations, equation)

    def pick(self, items: list[str]) -> str:
        """Pick one of *items*."""
        return items[self.draw(PICK) % len(items)]

    def count(self, most: int) -> int:
        """Draw how many, from 0 to *most*."""
        return self.draw(PICK) % (most + 1)


def _graph(draw: DrawFn, sizes: Sizes, b: _Builder) -> SemanticSymbolicBindingGraph:
    """Draw the graph's elements, symbol by symbol, then those that define them again."""
    for symbol_id in b.ids:
        how = draw(_HOW)
        if how == "fact" and len(b.facts) < sizes.max_facts:
            b.fact(symbol_id, draw_number_text(draw))
        elif how == "equation" and len(b.equations) < sizes.max_equations:
            b.equation(symbol_id, "admitted")
        else:
            continue  # left undetermined
        b.determined.append(symbol_id)
    # More facts of a symbol that has one, with the same value spelt otherwise.
    for _ in range(b.count(sizes.max_facts - len(b.facts)) if b.values else 0):
        symbol_id, value = b.values[draw(PICK) % len(b.values)]
        b.fact(symbol_id, respelt(draw, value))
    # More equations: admitted ones that define a determined symbol again,
    # and ones not admitted, for any symbol. (A graph without symbols has
    # no element that names one.)
    for _ in range(b.count(sizes.max_equations - len(b.equations)) if b.ids else 0):
        if len(b.determined) > 0 and draw(_CHANCE):
            b.equation(b.pick(b.determined), "admitted")
        else:
            b.equation(b.pick(b.ids), draw(_NOT_ADMITTED))
    b.drawing.equations = len(b.equations)
    unknowns = [
        b.element(BoundUnknown, symbol_id=b.pick(b.determined))
        for _ in range(b.count(sizes.max_unknowns) if b.determined else 0)
    ]
    constraints: list[BoundConstraint] = []
    for _ in range(b.count(sizes.max_constraints) if b.ids else 0):
        symbol_id = b.pick(b.ids)
        predicate = constraint_predicate(draw, symbol_id, draw(_LEAVES))
        constraints.append(
            b.element(BoundConstraint, symbol_id=symbol_id, predicate=predicate)
        )
    symbols = [b.element(SymbolBinding, symbol_id=i) for i in b.ids]
    return SemanticSymbolicBindingGraph(
        symbols=tuple(symbols),
        facts=tuple(b.facts),
        equations=tuple(b.equations),
        unknowns=tuple(unknowns),
        constraints=tuple(constraints),
        provenance=b.sources.provenance,
    )


def profile_graph_strategy(
    sizes: Sizes,
) -> SearchStrategy[SemanticSymbolicBindingGraph]:
    """Build a strategy of graphs in the arithmetic profile, within *sizes*."""
    if min(sizes) < 0:
        msg = f"the bounds of a graph must not be negative (got {sizes})"
        raise InvalidArgument(msg)
    ids_strategy = st.lists(
        SYMBOL_IDS,
        min_size=sizes.min_symbols,
        max_size=sizes.max_symbols,
        unique=True,
    )
    # One source more than the provenance spans: the source without any.
    source_ids = st.lists(
        TEXTS, min_size=1, max_size=sizes.max_provenance + 1, unique=True
    )

    @st.composite
    def build(draw: DrawFn) -> SemanticSymbolicBindingGraph:
        ids = draw(ids_strategy)
        sources = _sources(draw, draw(source_ids))
        return _graph(draw, sizes, _Builder(draw, ids, sources))

    return build()
