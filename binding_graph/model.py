"""The binding-graph data model of ADR-0132: frozen, validated value objects.

Every class is a model class (:func:`binding_graph._model_class.model_class`):
an :func:`attrs.frozen` class with slots, final, with a declared kind on
every field (:mod:`binding_graph._kinds`) and an ``__init__`` compiled from
those kinds, which runs their checks whatever attrs' global switch says.
Construction either yields a sound object or raises
:class:`~binding_graph.BindingGraphError`; :func:`attrs.evolve` builds anew
and so re-runs every check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from binding_graph import _kinds as _k
from binding_graph._format import GRAPH_HEADER
from binding_graph._integrity import check_references, check_unique_ids, extended
from binding_graph._model_class import model_class
from binding_graph._quotes import check_quotes
from binding_graph._span import SourceSpanLink
from binding_graph._spelling import graph_string
from binding_graph.vocabularies import (
    ADMISSIBILITY_STATUSES,
    QUESTION_FORMS,
    SEMANTIC_ROLES,
    AdmissibilityStatus,
    QuestionForm,
    SemanticRole,
    StateIndex,
)

if TYPE_CHECKING:
    from binding_graph._declarations import Header

__all__ = [
    "MODEL_CLASSES",
    "BoundConstraint",
    "BoundEquation",
    "BoundFact",
    "BoundUnknown",
    "Model",
    "SemanticSymbolicBindingGraph",
    "SourceSpanLink",
    "SymbolBinding",
]


_span: Final = _k.instance_of(SourceSpanLink)


@model_class()
class SymbolBinding:
    """A named symbol lifted from language, with its role and provenance.

    Args:
        symbol_id: Stable id: an NFKC-normal Python identifier, not a keyword.
        name: Human-readable name, usually the noun phrase.
        semantic_role: One of :data:`~binding_graph.SEMANTIC_ROLES`.
        source_span: Where the symbol was introduced.
        introduced_by: What introduced it (a parser rule, a model name).
        entity: The entity the quantity belongs to, if any.
        unit: The symbol's unit, if any.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``,
            ``invalid_identifier`` or ``not_in_vocabulary``.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_k.identifier)
    name: str = attrs.field(validator=_k.text)
    semantic_role: SemanticRole = attrs.field(validator=_k.member_of(SEMANTIC_ROLES))
    source_span: SourceSpanLink = attrs.field(validator=_span)
    introduced_by: str = attrs.field(validator=_k.text)
    entity: str | None = attrs.field(default=None, validator=_k.optional_text)
    unit: str | None = attrs.field(default=None, validator=_k.optional_text)


@model_class()
class BoundFact:
    """A fact ``symbol_id = value [unit]`` stated in the source.

    Args:
        symbol_id: The symbol the fact gives a value to.
        value: The value, as a canonical string (``"12"``, ``"3/4"``).
        source_span: Where the fact is stated.
        unit: The value's unit, if any.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text`` or
            ``invalid_identifier``.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_k.identifier)
    value: str = attrs.field(validator=_k.text)
    source_span: SourceSpanLink = attrs.field(validator=_span)
    unit: str | None = attrs.field(default=None, validator=_k.optional_text)


@model_class()
class BoundEquation:
    """An equation ``lhs_symbol_id := rhs_canonical`` and its standing.

    Args:
        lhs_symbol_id: The symbol the equation defines.
        rhs_canonical: The right-hand side as the solver's canonical string;
            this layer never parses it.
        dependencies: The ids of the symbols the right-hand side reads.
        operation_kind: What operation the equation encodes.
        unit_proof: Why the units agree.
        admissibility_status: One of
            :data:`~binding_graph.ADMISSIBILITY_STATUSES`.
        source_span: Where the equation comes from.
        refusal_reason: Why it was refused: required iff
            *admissibility_status* is ``"refused"``, ``None`` otherwise.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``,
            ``invalid_identifier``, ``not_in_vocabulary``,
            ``refusal_reason_required`` or ``refusal_reason_forbidden``.

    .. versionadded:: 0.1.0
    """

    lhs_symbol_id: str = attrs.field(validator=_k.identifier)
    rhs_canonical: str = attrs.field(validator=_k.text)
    dependencies: frozenset[str] = attrs.field(validator=_k.identifier_set)
    operation_kind: str = attrs.field(validator=_k.text)
    unit_proof: str = attrs.field(validator=_k.text)
    admissibility_status: AdmissibilityStatus = attrs.field(
        validator=_k.member_of(ADMISSIBILITY_STATUSES)
    )
    source_span: SourceSpanLink = attrs.field(validator=_span)
    refusal_reason: str | None = attrs.field(default=None, validator=_k.refusal_reason)


@model_class()
class BoundUnknown:
    """A question target: the symbol the problem asks for.

    Args:
        symbol_id: The symbol asked for.
        question_span: Where the question is asked.
        expected_unit: The unit the answer should carry, if any.
        question_form: The shape of the answer, one of
            :data:`~binding_graph.vocabularies.QUESTION_FORMS` (ADR-0135), if known.
        state_index: The state asked about, if known: ``"initial"``,
            ``"terminal"``, or the index of the equation after which; a
            graph holds an index only below its count of equations.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``,
            ``invalid_identifier`` or ``not_in_vocabulary``.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_k.identifier)
    question_span: SourceSpanLink = attrs.field(validator=_span)
    expected_unit: str | None = attrs.field(default=None, validator=_k.optional_text)
    question_form: QuestionForm | None = attrs.field(
        default=None, validator=_k.optional_member_of(QUESTION_FORMS)
    )
    state_index: StateIndex | None = attrs.field(default=None, validator=_k.state_index)


@model_class()
class BoundConstraint:
    """A predicate over one symbol, as the solver's canonical string.

    Args:
        symbol_id: The symbol constrained.
        predicate: The predicate (``"x >= 0"``); this layer never parses it.
        source_span: Where the constraint comes from.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text`` or
            ``invalid_identifier``.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_k.identifier)
    predicate: str = attrs.field(validator=_k.text)
    source_span: SourceSpanLink = attrs.field(validator=_span)


@model_class()
class SemanticSymbolicBindingGraph:
    """A sound binding graph: symbols and everything that refers to them.

    Besides each element's own checks, construction proves referential
    integrity in one linear pass: symbol ids are unique, and every fact,
    equation (left-hand side and each dependency), unknown and constraint
    names a symbol of the graph, and every unknown's ``state_index`` that is
    an index names an equation of it. A span that lies inside a provenance
    span of its source quotes it exactly, and provenance spans of one source
    agree where they overlap.

    Args:
        symbols: The symbols, each with a unique ``symbol_id``.
        facts: Facts about those symbols.
        equations: Equations over those symbols.
        unknowns: What the problem asks for.
        constraints: Predicates over those symbols.
        provenance: Source spans the graph as a whole was built from.

    Raises:
        BindingGraphError: ``wrong_type`` (a field that is not a tuple of the
            right class), ``duplicate_symbol_id``, ``unknown_symbol``,
            ``unknown_equation`` or ``span_text_mismatch``, with the path of
            the offending element.

    .. versionadded:: 0.1.0
    """

    # The constant entries its documents hold before its fields: format
    # and version (see _model_class).
    _document_header: ClassVar[tuple[Header, ...]] = GRAPH_HEADER

    symbols: tuple[SymbolBinding, ...] = attrs.field(
        default=(), validator=_k.tuple_of(SymbolBinding)
    )
    facts: tuple[BoundFact, ...] = attrs.field(
        default=(), validator=_k.tuple_of(BoundFact)
    )
    equations: tuple[BoundEquation, ...] = attrs.field(
        default=(), validator=_k.tuple_of(BoundEquation)
    )
    unknowns: tuple[BoundUnknown, ...] = attrs.field(
        default=(), validator=_k.tuple_of(BoundUnknown)
    )
    constraints: tuple[BoundConstraint, ...] = attrs.field(
        default=(), validator=_k.tuple_of(BoundConstraint)
    )
    provenance: tuple[SourceSpanLink, ...] = attrs.field(
        default=(), validator=_k.tuple_of(SourceSpanLink)
    )

    def __attrs_post_init__(self) -> None:
        # After every field's check, as attrs orders it: the compiled
        # __init__ calls it, and so does any reader that builds the graph
        # without __init__ and runs attrs' validators.
        check_references(check_unique_ids(self.symbols), self, self)
        check_quotes(self)

    def extend(
        self,
        *,
        symbols: tuple[SymbolBinding, ...] = (),
        facts: tuple[BoundFact, ...] = (),
        equations: tuple[BoundEquation, ...] = (),
        unknowns: tuple[BoundUnknown, ...] = (),
        constraints: tuple[BoundConstraint, ...] = (),
        provenance: tuple[SourceSpanLink, ...] = (),
    ) -> SemanticSymbolicBindingGraph:
        """Return this graph with elements appended, checking only what is new.

        The result equals ``attrs.evolve(graph, symbols=graph.symbols +
        symbols, ...)``, and a refusal has the same code and path (indices
        count from the start of the whole collection), but the elements
        already in this graph are not checked again: they were when it was
        built, and adding symbols cannot unbind them.
        Checking costs time in proportion to what is added; what remains in
        proportion to the graph is C-level copying of its tuples and of its
        set of symbol ids.

        Args:
            symbols: Symbols to append, with ids new to the graph.
            facts: Facts to append.
            equations: Equations to append.
            unknowns: Unknowns to append.
            constraints: Constraints to append.
            provenance: Source spans to append.

        Returns:
            A new graph; this one is unchanged.

        Raises:
            BindingGraphError: as the constructor would for the whole graph:
                ``wrong_type``, ``duplicate_symbol_id``, ``unknown_symbol`` or
                ``span_text_mismatch``.

        .. versionadded:: 0.1.0
        """
        added = {
            "symbols": symbols,
            "facts": facts,
            "equations": equations,
            "unknowns": unknowns,
            "constraints": constraints,
            "provenance": provenance,
        }
        return extended(self, added)

    def to_canonical_string(self) -> str:
        r"""Return the seed's spelling of the graph, a line per element: for interchange and logs.

        It is the canonical string of the Phase-1 model of the system this
        library comes from, element by element in collection order, joined
        by ``"\n"``:

        .. code-block:: text

            S {symbol_id} {name} {semantic_role} entity={entity} unit={unit} span={span} by={introduced_by}
            F {symbol_id} = {value} unit={unit} span={span}
            E {lhs_symbol_id} := {rhs_canonical} op={operation_kind} deps=[{dependencies, sorted, joined by ","}] unit_proof={unit_proof} status={admissibility_status} refusal={refusal_reason} span={span}
            U {symbol_id} expected_unit={expected_unit} qspan={question_span}
            C {symbol_id} pred={predicate} span={span}
            P {span} text={text}

        where a span is spelt as :meth:`SourceSpanLink.to_canonical_string`
        spells it and ``None`` is ``None``. Values are written as they are,
        unquoted: two graphs may share a spelling (a name may hold a space,
        a text a line break, a unit may be the text ``"None"``), so nothing
        reads it back, and it is not the graph's identity, which is its
        canonical bytes (:func:`~binding_graph.canonical_bytes`,
        :func:`~binding_graph.content_hash`). An unknown's ``question_form``
        and ``state_index`` have no place in those lines.

        >>> from binding_graph import SemanticSymbolicBindingGraph, SourceSpanLink
        >>> span = SourceSpanLink("doc", 0, 5, "Alice")
        >>> SemanticSymbolicBindingGraph(provenance=(span,)).to_canonical_string()
        'P doc[0:5] text=Alice'

        .. versionadded:: 0.1.0
        """
        return graph_string(self)


MODEL_CLASSES: Final = (
    SourceSpanLink,
    SymbolBinding,
    BoundFact,
    BoundEquation,
    BoundUnknown,
    BoundConstraint,
    SemanticSymbolicBindingGraph,
)
"""Every model class, in the order of the design's table, parts before wholes.

Whatever must know every class (the readers and writers of documents, the
schema, the Hypothesis hook) iterates this tuple.

.. versionadded:: 0.1.0
"""

CLASS_NAMES: Final = ", ".join(cls.__name__ for cls in MODEL_CLASSES)
"""The model classes, named for messages that ask for one of them."""

Model = (
    SourceSpanLink
    | SymbolBinding
    | BoundFact
    | BoundEquation
    | BoundUnknown
    | BoundConstraint
    | SemanticSymbolicBindingGraph
)
"""Any model object: the union of :data:`MODEL_CLASSES`, for type checkers."""
