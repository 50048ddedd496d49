"""Spans and the text they quote: where a phrase occurs, and the rule that spans agree with their provenance."""

from __future__ import annotations

from bisect import bisect_right
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, Protocol

from binding_graph._checks import check_text
from binding_graph._occurrences import Occurrences
from binding_graph._show import short_repr
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
    refuse,
    refuse_type,
    render_path,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from binding_graph._span_fields import Span


def offset_of(text: object, phrase: object, occurrence: object, owner: str) -> int:
    """Return where the *occurrence*-th occurrence (from 0) of *phrase* starts in *text*.

    Occurrences may overlap: ``"aa"`` occurs twice in ``"aaa"``.
    Offsets count characters (code points), as spans do. Linear in *text*
    and *phrase*, however many occurrences overlap.

    Raises:
        BindingGraphError: ``wrong_type`` or ``empty_text`` for a *text* or
            *phrase* that is not a non-empty ``str``, or an *occurrence*
            that is not an ``int``; ``invalid_span`` if *phrase* does not
            occur in *text*, or occurs fewer times than *occurrence* asks.
    """
    source = check_text(text, owner, "text", ("text",), blank_ok=True)
    quoted = check_text(phrase, owner, "phrase", ("phrase",), blank_ok=True)
    if type(occurrence) is not int:
        refuse_type(owner, "occurrence", "an int", occurrence, ("occurrence",))
    if occurrence < 0:
        refuse(
            "invalid_span",
            owner,
            "occurrence",
            "must be at least 0: the first occurrence is 0",
            occurrence,
            ("occurrence",),
        )
    found = Occurrences(source)
    start = found.nth(quoted, occurrence)
    if start < 0:
        count = found.count(quoted)
        if not count:
            refuse(
                "invalid_span",
                owner,
                "phrase",
                "must occur in the text",
                phrase,
                ("phrase",),
            )
        rule = f"must be less than the times the phrase occurs in the text ({count})"
        refuse("invalid_span", owner, "occurrence", rule, occurrence, ("occurrence",))
    return start


# -- spans agree with the provenance they lie in --------------------------------

SPAN_FIELDS: Final = (
    ("symbols", "source_span"),
    ("facts", "source_span"),
    ("equations", "source_span"),
    ("unknowns", "question_span"),
    ("constraints", "source_span"),
)
"""Where each element of a graph holds its span, in the model's field order."""


class _Quoting(Protocol):
    @property
    def provenance(self) -> tuple[Span, ...]: ...


# One source's provenance spans, by start, and for each prefix of them the
# index (in provenance) of the span that reaches furthest.
_Source = tuple[list[int], list[int]]


def check_quotes(
    graph: _Quoting, checked_from: Mapping[str, int] | None = None
) -> None:
    """Refuse a span that lies inside a provenance span of its source and quotes something else.

    Provenance spans of one source that overlap must agree where they
    overlap; then every span lying inside one of them is compared with one
    text only, whichever covers it. Linear in the graph and its text, but
    for sorting the spans of a source with several provenance spans.
    With *checked_from* (the length of each collection before an
    extension added to it, whose provenance was not extended), only the
    elements from there on are checked: the rest were, against the same
    provenance.
    """
    provenance = graph.provenance
    if not provenance or (checked_from is None and _all_quote(graph, provenance)):
        return
    sources = _sources(provenance, check=checked_from is None)
    for field, attribute in SPAN_FIELDS:
        items: tuple[Any, ...] = getattr(graph, field)
        first = 0 if checked_from is None else checked_from[field]
        for index in range(first, len(items)):
            span: Span = getattr(items[index], attribute)
            source = sources.get(span.source_id)
            if source is None:
                continue
            start = span.start
            starts, reach = source
            before = bisect_right(starts, start) - 1
            if before < 0:
                continue
            quoted = provenance[reach[before]]
            if span.end <= quoted.end and not quoted.text.startswith(
                span.text, start - quoted.start
            ):
                raise _mismatch(
                    (field, index, attribute, "text"), span, reach[before], quoted
                )


def _all_quote(graph: _Quoting, provenance: tuple[Span, ...]) -> bool:
    """Tell, in one plain loop, that every span lying in its source's one provenance span quotes it.

    ``False`` says only that the full check must look: a source with several
    provenance spans, or a span that misquotes.
    """
    spans = chain(
        map(_source_span, graph.symbols),  # type: ignore[attr-defined]
        map(_source_span, graph.facts),  # type: ignore[attr-defined]
        map(_source_span, graph.equations),  # type: ignore[attr-defined]
        map(_question_span, graph.unknowns),  # type: ignore[attr-defined]
        map(_source_span, graph.constraints),  # type: ignore[attr-defined]
    )
    if len(provenance) == 1:  # a word problem and its text
        (quoted,) = provenance
        source_id, first, last, text = (
            quoted.source_id,
            quoted.start,
            quoted.end,
            quoted.text,
        )
        for span in spans:
            if span.source_id == source_id:
                start = span.start
                if (
                    first <= start
                    and span.end <= last
                    and not text.startswith(span.text, start - first)
                ):
                    return False
        return True
    by_source = {span.source_id: span for span in provenance}
    if len(by_source) != len(provenance):
        return False
    for span in spans:
        found = by_source.get(span.source_id)
        if found is not None:
            start, first = span.start, found.start
            if (
                first <= start
                and span.end <= found.end
                and not found.text.startswith(span.text, start - first)
            ):
                return False
    return True


_source_span: Final = attrgetter("source_span")
_question_span: Final = attrgetter("question_span")


def _sources(
    provenance: Sequence[Span],
    *,
    check: bool,
    disagree: Callable[[BindingGraphError], None] | None = None,
    numbers: Sequence[int] | None = None,
) -> dict[str, _Source]:
    """Group *provenance* by source; with *check*, refuse two spans of one source that disagree.

    With *disagree*, each disagreement is handed to it instead of raised,
    and the sweep goes on. *numbers* gives each span's index in the
    graph's provenance, where *provenance* holds only some of its spans.
    """
    grouped: dict[str, list[int]] = {}
    for index, span in enumerate(provenance):
        grouped.setdefault(span.source_id, []).append(index)
    sources: dict[str, _Source] = {}
    for source_id, indices in grouped.items():
        if len(indices) > 1:
            indices.sort(key=lambda i: (provenance[i].start, -provenance[i].end, i))
        starts: list[int] = []
        reach: list[int] = []
        furthest = indices[0]
        for index in indices:
            span = provenance[index]
            if check and index != furthest:
                refused = _agree(provenance, furthest, index, numbers)
                if refused is not None:
                    if disagree is None:
                        raise refused
                    disagree(refused)
            if span.end > provenance[furthest].end:
                furthest = index
            starts.append(span.start)
            reach.append(furthest)
        sources[source_id] = (starts, reach)
    return sources


def _agree(
    provenance: Sequence[Span],
    reaching: int,
    index: int,
    numbers: Sequence[int] | None,
) -> BindingGraphError | None:
    # Sorted by start, a span that agrees with the one reaching furthest
    # agrees with every earlier one: its overlap with each lies in that one.
    earlier, span = provenance[reaching], provenance[index]
    overlap = min(span.end, earlier.end) - span.start
    if overlap <= 0:
        return None
    offset = span.start - earlier.start
    if earlier.text[offset : offset + overlap] == span.text[:overlap]:
        return None
    later, other = max(index, reaching), min(index, reaching)
    # Their indices in the graph's provenance, where *provenance* is a part of it.
    number_later, number_other = (
        (later, other) if numbers is None else (numbers[later], numbers[other])
    )
    return _mismatch(
        ("provenance", number_later, "text"),
        provenance[later],
        number_other,
        provenance[other],
    )


class QuoteIndex:
    """The provenance spans of a graph, found valid, indexed to compare any span with: what the walk of a document asks.

    Args:
        spans: Each valid provenance span, with its index in the graph's
            provenance, in that order.

    Attributes:
        disagreements: The refusal of each provenance span that disagrees
            with an earlier one, by its index; one each, the first the
            sweep finds.
    """

    def __init__(self, spans: Sequence[tuple[int, Span]]) -> None:
        self.numbers = [number for number, _ in spans]
        self.provenance = [span for _, span in spans]
        self.disagreements: dict[int, BindingGraphError] = {}

        def disagree(refused: BindingGraphError) -> None:
            at: int = refused.path[1]  # type: ignore[assignment]  # ("provenance", INDEX, "text")
            self.disagreements.setdefault(at, refused)

        self.sources = _sources(
            self.provenance, check=True, disagree=disagree, numbers=self.numbers
        )

    def mismatch(self, span: Span, path: ErrorPath) -> BindingGraphError | None:
        """Return the refusal of *span*, at *path*, if it lies in a provenance span and quotes something else."""
        source = self.sources.get(span.source_id)
        if source is None:
            return None
        starts, reach = source
        before = bisect_right(starts, span.start) - 1
        if before < 0:
            return None
        quoted = self.provenance[reach[before]]
        if span.end <= quoted.end and not quoted.text.startswith(
            span.text, span.start - quoted.start
        ):
            return _mismatch(path, span, self.numbers[reach[before]], quoted)
        return None


def _mismatch(
    path: ErrorPath, span: Span, index: int, quoted: Span
) -> BindingGraphError:
    start = max(span.start, quoted.start)
    end = min(span.end, quoted.end)
    source = quoted.text[start - quoted.start : end - quoted.start]
    return BindingGraphError(
        "span_text_mismatch",
        f"SemanticSymbolicBindingGraph.{render_path(path)} must quote its source as"
        f" provenance[{index}] does: at [{start}, {end}) of"
        f" {short_repr(span.source_id)} it reads {short_repr(source)}, but the span"
        f" says {short_repr(span.text[start - span.start : end - span.start])}",
        path,
    )
