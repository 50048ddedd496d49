"""The draft of a graph: :func:`to_draft`, the inverse of compiling, and the canonical form of a draft.

A graph has a draft when it has one provenance span, the whole of its text
from offset 0; one unknown; each symbol defined by exactly one fact (a
quantity) or one admitted equation (a step), the quantities' symbols first,
facts and equations in their symbols' order; each fact a quote of the text
that states its value, in its symbol's unit; and when the draft written for
it compiles back to it. Anything a draft's defaults do not give (a
symbol's name, role, entity, span or introducer, an equation's operation or
unit proof, the unknown's expected unit) is written in an optional key.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.arithmetic import operation_kind
from binding_graph.drafts._checks.text import Source
from binding_graph.drafts._draft_functions import compile_draft
from binding_graph.errors import BindingGraphError, refuse_type, render_path
from binding_graph.model import SemanticSymbolicBindingGraph, SourceSpanLink

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath
    from binding_graph.model import SymbolBinding

__all__ = ["canonical_draft", "to_draft"]

# Where each element of a draft sits in its graph: a refusal of the draft of
# a graph is told at the graph's element.
_IN_GRAPH: Final = {
    "quantities": "facts",
    "steps": "equations",
    "question": "unknowns",
    "constraints": "constraints",
}
_COLLECTIONS: Final = (
    "symbols",
    "facts",
    "equations",
    "unknowns",
    "constraints",
    "provenance",
)


def _refuse(path: ErrorPath, rule: str) -> BindingGraphError:
    where = f".{render_path(path)}" if path else ""
    return BindingGraphError(
        "not_draftable", f"SemanticSymbolicBindingGraph{where} {rule}", path
    )


class _Writer:
    """The draft of one graph, element by element."""

    def __init__(self, graph: SemanticSymbolicBindingGraph, introduced_by: str) -> None:
        provenance = graph.provenance
        if len(provenance) != 1:
            raise _refuse(
                ("provenance",),
                "must hold exactly one span, the problem's text: a draft is compiled"
                f" against one text (got {len(provenance)})",
            )
        (self.whole,) = provenance
        if self.whole.start != 0:
            raise _refuse(
                ("provenance", 0, "start"),
                "must be 0: a draft's text is a whole text, from its start"
                f" (got {self.whole.start})",
            )
        self.graph = graph
        self.introduced_by = introduced_by
        self.source = Source(self.whole.text)

    def quote(self, span: SourceSpanLink, path: ErrorPath) -> dict[str, Any]:
        """Return the ``quote`` (and ``occurrence``, where it is needed) of *span*, which must quote the text."""
        whole = self.whole
        if span.source_id != whole.source_id or span.end > whole.end:
            raise _refuse(
                path,
                f"must quote the problem's text, {short_repr(whole.source_id)} from 0"
                f" to {whole.end}: a draft quotes its one text",
            )
        found = self.source.occurrences
        written: dict[str, Any] = {"quote": span.text}
        if found.nth(span.text, 1) >= 0:
            written["occurrence"] = found.before(span.text, span.start)
        return written

    def symbol(
        self, symbol: SymbolBinding, index: int, span: SourceSpanLink
    ) -> dict[str, Any]:
        """Return the optional keys that *symbol* needs, where a draft's defaults would differ."""
        written: dict[str, Any] = {}
        if symbol.name != symbol.symbol_id:
            written["label"] = symbol.name
        if symbol.semantic_role != "quantity":
            written["role"] = symbol.semantic_role
        if symbol.entity is not None:
            written["entity"] = symbol.entity
        if symbol.introduced_by != self.introduced_by:
            written["introduced_by"] = symbol.introduced_by
        own = symbol.source_span
        if own != span:
            self.quote(own, ("symbols", index, "source_span"))
            written["symbol_start"] = own.start
            written["symbol_end"] = own.end
        return written

    def spans(self, span: SourceSpanLink, path: ErrorPath) -> dict[str, Any]:
        """Return the quote of *span*, or nothing where it is the whole text."""
        return {} if span == self.whole else self.quote(span, path)


def _value(text: str) -> int | str:
    """Return a fact's value as a draft writes it: an int where the text is an int's spelling."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text and len(text) <= 16 else text  # noqa: PLR2004 -- within 2**53


def _definitions(graph: SemanticSymbolicBindingGraph) -> tuple[list[int], list[int]]:
    """Return the index of each quantity's fact and each step's equation, by symbol, in symbol order."""
    facts: dict[str, list[int]] = {}
    for index, fact in enumerate(graph.facts):
        facts.setdefault(fact.symbol_id, []).append(index)
    equations: dict[str, list[int]] = {}
    for index, equation in enumerate(graph.equations):
        equations.setdefault(equation.lhs_symbol_id, []).append(index)
    quantities: list[int] = []
    steps: list[int] = []
    for index, symbol in enumerate(graph.symbols):
        given = facts.get(symbol.symbol_id, [])
        computed = equations.get(symbol.symbol_id, [])
        if len(given) + len(computed) != 1:
            raise _refuse(
                ("symbols", index),
                f"is defined by {len(given)} facts and {len(computed)} equations:"
                " each name of a draft is one quantity or one step",
            )
        if given:
            if steps:
                raise _refuse(
                    ("symbols", index),
                    "is a quantity's symbol after a step's: a draft's graph lists the"
                    " quantities' symbols first",
                )
            quantities.append(given[0])
        else:
            steps.append(computed[0])
    for collection, order in (("facts", quantities), ("equations", steps)):
        for position, index in enumerate(order):
            if index != position:
                raise _refuse(
                    (collection, position),
                    "is out of its symbols' order: a draft's graph lists facts and"
                    " equations in the order of their symbols",
                )
    return quantities, steps


def _draft(graph: SemanticSymbolicBindingGraph, introduced_by: str) -> dict[str, Any]:
    writer = _Writer(graph, introduced_by)
    if len(graph.unknowns) != 1:
        raise _refuse(
            ("unknowns",),
            f"must hold exactly one unknown, the question (got {len(graph.unknowns)})",
        )
    quantities, _ = _definitions(graph)
    symbols = graph.symbols
    drafted: list[dict[str, Any]] = []
    for index, fact in enumerate(graph.facts):
        symbol = symbols[index]
        if fact.unit != symbol.unit:
            raise _refuse(
                ("facts", index, "unit"),
                f"must be its symbol's unit, {short_repr(symbol.unit)}: a quantity has"
                f" one unit (got {short_repr(fact.unit)})",
            )
        quoted = writer.quote(fact.source_span, ("facts", index, "source_span"))
        drafted.append(
            {
                "name": fact.symbol_id,
                "quote": quoted["quote"],
                "value": _value(fact.value),
                "unit": fact.unit,
                **{key: value for key, value in quoted.items() if key != "quote"},
                **writer.symbol(symbol, index, fact.source_span),
            }
        )
    computed: list[dict[str, Any]] = []
    for index, equation in enumerate(graph.equations):
        symbol = symbols[len(quantities) + index]
        if equation.admissibility_status != "admitted":
            raise _refuse(
                ("equations", index, "admissibility_status"),
                "must be 'admitted': a step is an admitted equation"
                f" (got {short_repr(equation.admissibility_status)})",
            )
        step: dict[str, Any] = {
            "name": equation.lhs_symbol_id,
            "expression": equation.rhs_canonical,
            "unit": symbol.unit,
            **writer.spans(equation.source_span, ("equations", index, "source_span")),
            **writer.symbol(symbol, len(quantities) + index, equation.source_span),
        }
        try:
            derived = operation_kind(equation.rhs_canonical)
        except BindingGraphError:
            derived = None  # the compiling says why
        if equation.operation_kind != derived:
            step["operation"] = equation.operation_kind
        computed.append(step)
    (unknown,) = graph.unknowns
    question = {
        "name": unknown.symbol_id,
        **writer.quote(unknown.question_span, ("unknowns", 0, "question_span")),
    }
    if unknown.expected_unit is not None:
        question["unit"] = unknown.expected_unit
    draft: dict[str, Any] = {
        "quantities": drafted,
        "steps": computed,
        "question": question,
    }
    if graph.constraints:
        draft["constraints"] = [
            {
                "name": constraint.symbol_id,
                "predicate": constraint.predicate,
                **writer.quote(
                    constraint.source_span, ("constraints", index, "source_span")
                ),
            }
            for index, constraint in enumerate(graph.constraints)
        ]
    return draft


def _compiled(
    draft: dict[str, Any], whole: SourceSpanLink, introduced_by: str
) -> SemanticSymbolicBindingGraph:
    """Return the graph *draft* compiles to, or refuse the graph it was written for, at its element."""
    try:
        return compile_draft(
            draft, whole.text, source_id=whole.source_id, introduced_by=introduced_by
        )
    except BindingGraphError as refused:
        kind = str(refused.path[0]) if refused.path else ""
        at = (_IN_GRAPH[kind], *refused.path[1:2]) if kind in _IN_GRAPH else ()
        if kind == "question":
            at = ("unknowns", 0)
        raise _refuse(
            at, f"has no draft, since its draft is refused: {refused.message}"
        ) from None


def _difference(
    graph: SemanticSymbolicBindingGraph, other: SemanticSymbolicBindingGraph
) -> BindingGraphError:
    """Return the refusal of the first field where *graph* and the graph of its draft differ."""
    for collection in _COLLECTIONS:
        mine: tuple[object, ...] = getattr(graph, collection)
        theirs: tuple[object, ...] = getattr(other, collection)
        # Of one length each: the draft has an element for each of the graph's.
        for index, (element, written) in enumerate(zip(mine, theirs, strict=True)):
            model = cast("type[attrs.AttrsInstance]", type(element))
            for field in attrs.fields(model):
                held, made = getattr(element, field.name), getattr(written, field.name)
                if held != made:
                    return _refuse(
                        (collection, index, field.name),
                        f"would be {short_repr(made)} in the graph its draft compiles to,"
                        f" not {short_repr(held)}: a draft cannot say it",
                    )
    # Graphs that differ differ in a field: only a bug of the module gets here.
    raise AssertionError((graph, other))  # pragma: no cover


def to_draft(
    graph: SemanticSymbolicBindingGraph, *, introduced_by: str = "draft"
) -> dict[str, Any]:
    """Return the draft of *graph*: what :func:`compile_draft` turns back into it.

    ``compile_draft(to_draft(graph), text, source_id=source_id)`` is
    *graph*, where *text* and *source_id* are those of its provenance. The
    draft is a tree in writing order (``json.dumps`` of it is what a model
    would write), with the optional keys that the graph needs beyond a
    draft's defaults, and nothing else: no ``occurrence`` where a quote
    occurs once, a value as an ``int`` where the fact writes one.

    Args:
        graph: The graph.
        introduced_by: The *introduced_by* the draft is to be compiled with:
            a symbol introduced by another is given its own.

    Raises:
        BindingGraphError: ``not_draftable``, at the element of *graph* that
            no draft can give, saying why: a graph without exactly one
            provenance span from offset 0, or one unknown; a symbol defined
            by no fact or equation, or by several; a quantity's symbol after
            a step's; an equation that is not admitted; a span of a fact, a
            question or a constraint that does not quote the text; what the
            draft's compiling refuses (a value its quote does not state,
            units that do not agree, a right-hand side outside the
            arithmetic profile, ...), or gives otherwise (a right-hand side
            that is not canonical, dependencies other than the names it
            uses). ``wrong_type`` or ``empty_text`` for the arguments.

    >>> from binding_graph.drafts import compile_draft, to_draft
    >>> text = "Ann has 3 cats and 2 dogs. How many pets?"
    >>> draft = {"quantities": [{"name": "cats", "quote": "3 cats", "value": 3, "unit": None},
    ...                         {"name": "dogs", "quote": "2 dogs", "value": 2, "unit": None}],
    ...          "steps": [{"name": "pets", "expression": "cats + dogs", "unit": None}],
    ...          "question": {"name": "pets", "quote": "How many pets?"}}
    >>> to_draft(compile_draft(draft, text, source_id="p1")) == draft
    True

    .. versionadded:: 0.1.0
    """
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            "to_draft", "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    checked = check_text(introduced_by, "to_draft", "introduced_by", ("introduced_by",))
    draft = _draft(graph, checked)
    whole = graph.provenance[0]
    other = _compiled(draft, whole, checked)
    proofs = False
    for index, (mine, theirs) in enumerate(
        zip(graph.equations, other.equations, strict=True)
    ):
        if mine.unit_proof != theirs.unit_proof:
            draft["steps"][index]["unit_proof"] = mine.unit_proof
            proofs = True
    if proofs:
        other = _compiled(draft, whole, checked)
    if other != graph:
        raise _difference(graph, other)
    return draft


def canonical_draft(
    draft: object,
    text: str,
    *,
    source_id: str = "draft",
    introduced_by: str = "draft",
) -> bytes:
    """Return the canonical form of *draft*: one text for every draft that compiles to the same graph.

    It is the draft :func:`to_draft` writes of the graph *draft* compiles
    to, in canonical JSON (RFC 8785: keys sorted, no whitespace, UTF-8):
    two drafts of a text have the same canonical form exactly when they
    compile to the same graph. A model writes a draft in the schema's
    order, which is not this one: this is the form to store, compare and
    hash.

    Args:
        draft: As for :func:`compile_draft`.
        text: As for :func:`compile_draft`.
        source_id: As for :func:`compile_draft`.
        introduced_by: As for :func:`compile_draft`.

    Raises:
        BindingGraphError: as :func:`compile_draft`.

    >>> from binding_graph.drafts import canonical_draft
    >>> canonical_draft('{"quantities": [{"name": "n", "quote": "3", "value": "3", "unit": null}],'
    ...                 ' "steps": [], "question": {"quote": "3 cats?", "name": "n"}}', "3 cats?")
    b'{"quantities":[{"name":"n","quote":"3","unit":null,"value":3}],"question":{"name":"n","quote":"3 cats?"},"steps":[]}'

    .. versionadded:: 0.1.0
    """
    graph = compile_draft(draft, text, source_id=source_id, introduced_by=introduced_by)
    written = to_draft(graph, introduced_by=introduced_by)
    return json.dumps(
        written, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()
