"""Drawing valid values, field by field, as each field's kind draws it.

Every value is valid by construction, never by filtering at random: a
graph's symbol ids are drawn first, and every reference is picked from them,
so a drawn graph always passes its integrity check.
Each strategy is built once, when it is asked for, never inside a draw:
Hypothesis validates a strategy the first time it draws from it, and a
strategy built anew in every draw was validated in every draw.
A value takes as few draws as it can: each draw costs Hypothesis far more
than the characters it gives, so text is drawn a string at a time, never a
character at a time.
"""

from __future__ import annotations

import itertools
import keyword
import string
import unicodedata
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph._checks import MAX_OFFSET
from binding_graph._declarations import declared_fields
from binding_graph._kinds import IDENTIFIER
from binding_graph._quotes import SPAN_FIELDS
from binding_graph.model import (
    BoundEquation,
    Model,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.serialization import to_data
from binding_graph.vocabularies import STATE_NAMES

if TYPE_CHECKING:
    from collections.abc import Container, Iterable, Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

_E = TypeVar("_E", bound=Model)

# Every character a string field may hold: anything but a lone surrogate.
_CHARACTERS: Final = st.characters(exclude_categories=["Cs"])
# Characters that stress encoders: quotes, escapes, separators, controls.
_NASTY_CHARACTERS: Final = '"\\\n\r\t\x00\x1f\x7f =[]{}:,\u2028\u2029\ufeff'
_NASTY: Final = st.sampled_from(_NASTY_CHARACTERS)
SOURCE_CHARACTERS: Final = st.one_of(_CHARACTERS, _NASTY)
"""Any character source text may hold, with those that stress encoders often."""
# The longest verbatim text a span is drawn with.
_WIDEST: Final = 24
# A required text of at most 24 characters, before it is made not blank.
_ANY_TEXTS: Final = st.text(SOURCE_CHARACTERS, min_size=1, max_size=_WIDEST)
# An ASCII identifier of at most 16 characters: its first, and the rest.
_ID_STARTS: Final = st.characters(
    categories=(), include_characters=string.ascii_letters + "_"
)
_ID_RESTS: Final = st.text(string.ascii_letters + string.digits + "_", max_size=15)


def _concat(head: str, tail: str) -> str:
    return head + tail


def _not_blank(text: str) -> str:
    """Return *text*, or, if it is empty or blank, it with an ``x`` for its first character."""
    # Mapped, not filtered: a blank text is valid once its first character
    # is not white space, and a text that needs one character keeps one.
    return "x" + text[1:] if not text or text.isspace() else text


def _not_keyword(head: str, tail: str) -> str:
    text = head + tail
    # A keyword is a valid identifier once suffixed: no filtering needed.
    return text + "_" if keyword.iskeyword(text) else text


def is_valid_identifier(text: str) -> bool:
    """Whether *text* is a valid symbol id: an NFKC-normal identifier, not a keyword."""
    return (
        text.isidentifier()
        and not keyword.iskeyword(text)
        and unicodedata.is_normalized("NFKC", text)
    )


def identifier_strategy() -> SearchStrategy[str]:
    """Build symbol ids: NFKC-normal Python identifiers that are not keywords; see ``identifiers()``."""
    # The ASCII part is drawn as two strings, not a character at a time as
    # a regular expression's strategy draws it: each draw costs Hypothesis
    # more than the characters it gives.
    ascii_ids = st.builds(_not_keyword, _ID_STARTS, _ID_RESTS)
    letters = st.characters(categories=["Lu", "Ll", "Lo"]).filter(is_valid_identifier)
    unicode_ids = st.builds(
        _concat, letters, st.builds(_concat, _ID_STARTS, _ID_RESTS)
    ).filter(is_valid_identifier)
    return st.one_of(ascii_ids, unicode_ids)


def text_strategy(min_size: int, max_size: int) -> SearchStrategy[str]:
    """Build required text; see ``texts()``."""
    return st.text(SOURCE_CHARACTERS, min_size=min_size, max_size=max_size).map(
        _not_blank
    )


SYMBOL_IDS: Final = identifier_strategy()
TEXTS: Final = _ANY_TEXTS.map(_not_blank)
# A span's text, in two draws whatever its width: a pattern whose
# characters are, each as often, characters that stress encoders and slots,
# repeated to the width; and a filler, any characters at all, which fill the
# slots in turn, repeated as needed. Either loses characters when shrunk, so
# that a text that needs one character comes down to it.
_SLOTS: Final = (string.digits + string.ascii_uppercase)[: len(_NASTY_CHARACTERS)]
_PATTERNS: Final = st.text(_SLOTS + _NASTY_CHARACTERS, min_size=1, max_size=_WIDEST)
_FILLERS: Final = st.text(_CHARACTERS, min_size=1, max_size=_WIDEST)
# A span's start, small or anywhere, each as often: chosen by a boolean,
# one draw fewer than st.one_of, which draws its choice as a strategy.
_SMALL_STARTS: Final = st.integers(0, 10_000)
_ANY_STARTS: Final = st.integers(0, MAX_OFFSET - 1)
_WIDTH: Final = st.integers(1, _WIDEST)
_CHANCE: Final = st.booleans()
_DEPENDENCY_COUNT: Final = st.integers(0, 4)
_STATE_NAMES: Final = st.sampled_from(sorted(STATE_NAMES))
_ANY_INDEX: Final = st.one_of(st.integers(0, 10), st.integers(0, MAX_OFFSET))
# An index into the symbol ids a graph has drawn: taken modulo their number,
# so one strategy serves every graph, and shrinks towards the first id.
PICK: Final = st.integers(0, 255)
_MEMBERS: dict[frozenset[str], SearchStrategy[str]] = {}


class Sizes(NamedTuple):
    """The bounds of a graph's collections, as ``graphs()`` takes them."""

    min_symbols: int = 0
    max_symbols: int = 6
    max_facts: int = 6
    max_equations: int = 6
    max_unknowns: int = 3
    max_constraints: int = 3
    max_provenance: int = 3


class Drawing:
    """What each kind draws a valid value with (:class:`binding_graph._declarations.Drawing`).

    *ids* are the symbol ids a graph has drawn, which every reference picks
    from; without them, references draw ids of their own. Once a graph has
    drawn its equations, :attr:`equations` counts them, and an unknown's
    state index picks one of them.
    """

    def __init__(
        self,
        draw: DrawFn,
        ids: Sequence[str] | None = None,
        dependency_count: SearchStrategy[int] = _DEPENDENCY_COUNT,
        counts: dict[type, SearchStrategy[int]] | None = None,
    ) -> None:
        self._draw = draw
        self.ids = ids
        self.dependency_count = dependency_count
        # How many elements of each collection a graph draws, but symbols:
        # one per id.
        self.counts = counts or {}
        self.equations: int | None = None

    def text(self) -> str:
        """Draw a required text, as ``TEXTS`` draws one."""
        return _not_blank(self._draw(_ANY_TEXTS))

    def identifier(self) -> str:
        """Draw a symbol id: one of the graph's, if it has drawn them."""
        if self.ids is None:
            return self._draw(SYMBOL_IDS)
        return self.ids[self._draw(PICK) % len(self.ids)]

    def identifiers(self) -> frozenset[str]:
        """Draw a set of symbol ids."""
        return frozenset(
            self.identifier() for _ in range(self._draw(self.dependency_count))
        )

    def member(self, vocabulary: frozenset[str]) -> str:
        """Draw a member of *vocabulary*."""
        strategy = _MEMBERS.get(vocabulary)
        if strategy is None:  # built once per vocabulary, never per draw
            strategy = _MEMBERS[vocabulary] = st.sampled_from(sorted(vocabulary))
        return self._draw(strategy)

    def state_index(self) -> str | int:
        """Draw a question's state: a named one, or an equation's index, of the graph's if it has drawn them."""
        if self.equations == 0 or self._draw(_CHANCE):
            return self._draw(_STATE_NAMES)
        if self.equations is None:
            return self._draw(_ANY_INDEX)
        return self._draw(PICK) % self.equations

    def start(self) -> int:
        """Draw a span's start, which leaves room for an end."""
        return self._draw(_ANY_STARTS if self._draw(_CHANCE) else _SMALL_STARTS)

    def width(self, start: int) -> int:
        """Draw a span's width, within the largest offset."""
        return min(self._draw(_WIDTH), MAX_OFFSET - start)

    def verbatim(self, width: int) -> str:
        """Draw verbatim source text of *width* characters."""
        pattern = itertools.islice(itertools.cycle(self._draw(_PATTERNS)), width)
        filler = itertools.cycle(self._draw(_FILLERS))
        return "".join(next(filler) if c in _SLOTS else c for c in pattern)

    def chance(self) -> bool:
        """Draw whether an optional value is there."""
        return self._draw(_CHANCE)

    def element(self, cls: type) -> object:
        """Draw a valid instance of *cls*, with no references to the graph's ids: a part."""
        model: type[Model] = cls
        return draw_element(Drawing(self._draw), model, {})

    def elements(self, cls: type) -> tuple[object, ...]:
        """Draw a graph's collection of *cls*: a symbol per id, or some elements naming them."""
        if cls is SymbolBinding:
            return tuple(
                draw_element(self, SymbolBinding, {"symbol_id": i})
                for i in self.ids or ()
            )
        # A graph without symbols has nothing that names one: only spans,
        # which name none, are drawn then.
        if not self.ids and any(d.kind is IDENTIFIER for _, d in declared_fields(cls)):
            return ()
        count = self._draw(self.counts[cls])
        model: type[Model] = cls
        drawn = tuple(draw_element(self, model, {}) for _ in range(count))
        if cls is BoundEquation:
            self.equations = count
        return drawn


def draw_element(drawing: Drawing, cls: type[_E], given: dict[str, Any]) -> _E:
    """Draw a valid *cls*, field by field, as each field's kind draws it.

    Fields in *given* take that value.
    """
    values: dict[str, Any] = {}
    for name, declared in declared_fields(cls):
        if name in given:
            values[name] = given[name]
        else:
            values[name] = declared.kind.draw(drawing, declared, values)
    return cls(**values)


def ids(symbol_ids: Sequence[str] | None) -> tuple[str, ...] | None:
    """Return *symbol_ids* as a tuple; refuse an empty one, which leaves nothing to refer to."""
    if symbol_ids is None:
        return None
    found = tuple(symbol_ids)
    if not found:
        msg = "symbol_ids must not be empty: there would be nothing to refer to"
        raise InvalidArgument(msg)
    return found


def elements(
    cls: type[_E],
    symbol_ids: Sequence[str] | None,
    dependency_count: SearchStrategy[int] = _DEPENDENCY_COUNT,
    given: dict[str, Any] | None = None,
) -> SearchStrategy[_E]:
    """Build a strategy of valid *cls* whose references pick from *symbol_ids*."""
    picked = ids(symbol_ids)
    fixed = given or {}

    @st.composite
    def build(draw: DrawFn) -> _E:
        return draw_element(Drawing(draw, picked, dependency_count), cls, fixed)

    return build()


def graph_strategy(sizes: Sizes) -> SearchStrategy[SemanticSymbolicBindingGraph]:
    """Build a strategy of valid graphs within *sizes*: ids first, then what names them."""
    ids_strategy = st.lists(
        SYMBOL_IDS,
        min_size=sizes.min_symbols,
        max_size=sizes.max_symbols,
        unique=True,
    )

    counts = {
        declared.model: st.integers(0, getattr(sizes, f"max_{name}"))
        for name, declared in declared_fields(SemanticSymbolicBindingGraph)
        if declared.model is not SymbolBinding
    }

    @st.composite
    def build(draw: DrawFn) -> SemanticSymbolicBindingGraph:
        drawing = Drawing(draw, draw(ids_strategy), counts=counts)
        values: dict[str, Any] = {}
        for name, declared in declared_fields(SemanticSymbolicBindingGraph):
            values[name] = declared.kind.draw(drawing, declared, values)
        values["provenance"] = apart(values)
        return SemanticSymbolicBindingGraph(**values)

    return build()


def apart(values: dict[str, Any]) -> tuple[SourceSpanLink, ...]:
    """Return the drawn provenance, each span in a source of its own.

    Spans are drawn independently, so a provenance span could lie over
    another span of its source and read otherwise; a source id that another
    span of the graph already uses gets a suffix that makes it new.
    """
    used = {
        getattr(element, attribute).source_id
        for field, attribute in SPAN_FIELDS
        for element in values[field]
    }
    spans: list[SourceSpanLink] = []
    for span in values["provenance"]:
        source_id = unused(span.source_id, used)
        used.add(source_id)
        spans.append(
            span
            if source_id == span.source_id
            else SourceSpanLink(source_id, span.start, span.end, span.text)
        )
    return tuple(spans)


def unused(source_id: str, used: Container[str]) -> str:
    """Return *source_id*, or it with the smallest suffix ``#n`` that makes it none of *used*."""
    fresh, suffix = source_id, 0
    while fresh in used:
        suffix += 1
        fresh = f"{source_id}#{suffix}"
    return fresh


def own_source(span: dict[str, Any], provenance: Iterable[dict[str, Any]]) -> None:
    """Move *span*, a span's data drawn apart from the document's *provenance*, to a source that no provenance span has.

    A span drawn on its own could lie inside a provenance span of its source
    and quote something else: an element added to a document to break one
    rule in would break a second, ``span_text_mismatch``.
    """
    span["source_id"] = unused(span["source_id"], {p["source_id"] for p in provenance})


def documents(
    graph_strategy: SearchStrategy[SemanticSymbolicBindingGraph],
) -> SearchStrategy[dict[str, Any]]:
    """Build the documents of the graphs *graph_strategy* draws, dependencies in any order, as a producer may write them."""

    @st.composite
    def build(draw: DrawFn) -> dict[str, Any]:
        document = to_data(draw(graph_strategy))
        for equation in document["equations"]:
            equation["dependencies"] = draw(st.permutations(equation["dependencies"]))
        return document

    return build()
