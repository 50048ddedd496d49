"""The binding-graph data model of ADR-0132: frozen, validated value objects.

Every class is an :func:`attrs.frozen` class with slots and a check on every
field, and an ``__init__`` compiled from those checks
(:mod:`binding_graph._init`), which runs them whatever attrs' global switch
says.
Construction either yields a sound object or raises
:class:`~binding_graph.BindingGraphError`; :func:`attrs.evolve` builds anew
and so re-runs every check.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import Any, Final, NamedTuple, cast, final

import attrs

from binding_graph import _validators as _v
from binding_graph._init import compiled_init
from binding_graph.errors import BindingGraphError, ErrorPath, short_repr
from binding_graph.vocabularies import (
    ADMISSIBILITY_STATUSES,
    SEMANTIC_ROLES,
    AdmissibilityStatus,
    SemanticRole,
)

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


class _Checked:
    """Base of every model class, which refuses to be subclassed twice.

    The model classes are final: a subclass could hold fields that the
    document format cannot, and would compare unequal to the equal object
    that a document reads back. So defining one is refused.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        # attrs rebuilds each class with slots from the same bases, so only
        # a class below a model class is refused, not the model classes.
        for base in cls.__mro__[1:]:
            if base is not _Checked and issubclass(base, _Checked):
                msg = (
                    f"{base.__qualname__} is final: the document format holds"
                    " exactly its fields, so it cannot be subclassed"
                )
                raise TypeError(msg)
        super().__init_subclass__(**kwargs)


@final
@compiled_init
@attrs.frozen(weakref_slot=False)
class SourceSpanLink(_Checked):
    """A half-open span ``[start, end)`` of a source text, and its text.

    Args:
        source_id: Which source text the span is in (a problem id, a file).
        start: Offset of the first character, at least 0.
        end: Offset one past the last character; ``start < end <= 2**53 - 1``,
            so that every JSON implementation holds it exactly.
        text: The spanned text, verbatim: exactly ``end - start``
            characters, which may be whitespace.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``
            or ``invalid_span``.

    >>> SourceSpanLink("p1", 0, 5, "Alice")
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """

    source_id: str = attrs.field(validator=_v.text)
    start: int = attrs.field(validator=_v.span_start)
    end: int = attrs.field(validator=_v.span_end)
    text: str = attrs.field(validator=_v.span_text)


_span: Final = _v.instance_of(SourceSpanLink)


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class SymbolBinding(_Checked):
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

    symbol_id: str = attrs.field(validator=_v.identifier)
    name: str = attrs.field(validator=_v.text)
    semantic_role: SemanticRole = attrs.field(validator=_v.member_of(SEMANTIC_ROLES))
    source_span: SourceSpanLink = attrs.field(validator=_span)
    introduced_by: str = attrs.field(validator=_v.text)
    entity: str | None = attrs.field(default=None, validator=_v.optional_text)
    unit: str | None = attrs.field(default=None, validator=_v.optional_text)


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class BoundFact(_Checked):
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

    symbol_id: str = attrs.field(validator=_v.identifier)
    value: str = attrs.field(validator=_v.text)
    source_span: SourceSpanLink = attrs.field(validator=_span)
    unit: str | None = attrs.field(default=None, validator=_v.optional_text)


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class BoundEquation(_Checked):
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

    lhs_symbol_id: str = attrs.field(validator=_v.identifier)
    rhs_canonical: str = attrs.field(validator=_v.text)
    dependencies: frozenset[str] = attrs.field(validator=_v.identifier_set)
    operation_kind: str = attrs.field(validator=_v.text)
    unit_proof: str = attrs.field(validator=_v.text)
    admissibility_status: AdmissibilityStatus = attrs.field(
        validator=_v.member_of(ADMISSIBILITY_STATUSES)
    )
    source_span: SourceSpanLink = attrs.field(validator=_span)
    refusal_reason: str | None = attrs.field(default=None, validator=_v.refusal_reason)


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class BoundUnknown(_Checked):
    """A question target: the symbol the problem asks for.

    Args:
        symbol_id: The symbol asked for.
        question_span: Where the question is asked.
        expected_unit: The unit the answer should carry, if any.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text`` or
            ``invalid_identifier``.

    .. versionadded:: 0.1.0
    """

    symbol_id: str = attrs.field(validator=_v.identifier)
    question_span: SourceSpanLink = attrs.field(validator=_span)
    expected_unit: str | None = attrs.field(default=None, validator=_v.optional_text)


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class BoundConstraint(_Checked):
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

    symbol_id: str = attrs.field(validator=_v.identifier)
    predicate: str = attrs.field(validator=_v.text)
    source_span: SourceSpanLink = attrs.field(validator=_span)


_symbol_id: Final = attrgetter("symbol_id")
_lhs_symbol_id: Final = attrgetter("lhs_symbol_id")
_dependencies: Final = attrgetter("dependencies")


@final
@compiled_init
@attrs.frozen(kw_only=True, weakref_slot=False)
class SemanticSymbolicBindingGraph(_Checked):
    """A sound binding graph: symbols and everything that refers to them.

    Besides each element's own checks, construction proves referential
    integrity in one linear pass: symbol ids are unique, and every fact,
    equation (left-hand side and each dependency), unknown and constraint
    names a symbol of the graph.

    Args:
        symbols: The symbols, each with a unique ``symbol_id``.
        facts: Facts about those symbols.
        equations: Equations over those symbols.
        unknowns: What the problem asks for.
        constraints: Predicates over those symbols.
        provenance: Source spans the graph as a whole was built from.

    Raises:
        BindingGraphError: ``wrong_type`` (a field that is not a tuple of the
            right class), ``duplicate_symbol_id`` or ``unknown_symbol``, with
            the path of the offending element.

    .. versionadded:: 0.1.0
    """

    symbols: tuple[SymbolBinding, ...] = attrs.field(
        default=(), validator=_v.tuple_of(SymbolBinding)
    )
    facts: tuple[BoundFact, ...] = attrs.field(
        default=(), validator=_v.tuple_of(BoundFact)
    )
    equations: tuple[BoundEquation, ...] = attrs.field(
        default=(), validator=_v.tuple_of(BoundEquation)
    )
    unknowns: tuple[BoundUnknown, ...] = attrs.field(
        default=(), validator=_v.tuple_of(BoundUnknown)
    )
    constraints: tuple[BoundConstraint, ...] = attrs.field(
        default=(), validator=_v.tuple_of(BoundConstraint)
    )
    provenance: tuple[SourceSpanLink, ...] = attrs.field(
        default=(), validator=_v.tuple_of(SourceSpanLink)
    )

    def __attrs_post_init__(self) -> None:
        # After every field's check, as attrs orders it: the compiled
        # __init__ calls it, and so does any reader that builds the graph
        # without __init__ and runs attrs' validators.
        _check_references(_check_unique_ids(self.symbols), self, self)

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
                ``wrong_type``, ``duplicate_symbol_id`` or ``unknown_symbol``.

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
        extended = object.__new__(SemanticSymbolicBindingGraph)
        for attribute in attrs.fields(SemanticSymbolicBindingGraph):
            name = attribute.name
            items: object = added[name]
            old: tuple[Any, ...] = getattr(self, name)
            try:
                _check_field(attribute, self, items)
            except BindingGraphError as exc:
                if len(exc.path) == 1:
                    raise
                # The index counts from the start of the whole collection.
                raise BindingGraphError(
                    exc.code, exc.message, (name, len(old) + int(exc.path[1]))
                ) from None
            # Frozen: set once, before anyone else can see the new graph.
            object.__setattr__(extended, name, old + cast("tuple[Any, ...]", items))
        known = _check_unique_ids(extended.symbols)
        _check_references(
            known, _Added(facts, unknowns, constraints, equations), extended
        )
        return extended

    def to_canonical_string(self) -> str:
        """Return the graph's canonical document, as text.

        It is :func:`~binding_graph.canonical_bytes` decoded: RFC 8785 JSON,
        the same in every process and on every supported Python, so two
        graphs have the same string exactly when they are equal.

        >>> SemanticSymbolicBindingGraph().to_canonical_string()
        '{"constraints":[],"equations":[],"facts":[],"format":"binding-graph","provenance":[],"symbols":[],"unknowns":[],"version":1}'

        .. versionadded:: 0.1.0
        """
        # Imported here: serialization imports this module.
        from binding_graph._encoding import dumps  # noqa: PLC0415

        return dumps(self)


def _check_field(
    attribute: attrs.Attribute[Any], instance: object, value: object
) -> None:
    validator: Any = attribute.validator
    validator(instance, attribute, value)


class _Added(NamedTuple):
    """The elements an extension adds, as the reference check reads them."""

    facts: tuple[BoundFact, ...]
    unknowns: tuple[BoundUnknown, ...]
    constraints: tuple[BoundConstraint, ...]
    equations: tuple[BoundEquation, ...]


def _check_references(
    known: frozenset[str],
    checked: _Added | SemanticSymbolicBindingGraph,
    whole: SemanticSymbolicBindingGraph,
) -> None:
    """Refuse an element of *checked* that names a symbol not in *known*.

    Each check is a C-level pass; only a failure walks *whole* again in
    Python, to find where the element is.
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


def _check_unique_ids(symbols: tuple[SymbolBinding, ...]) -> frozenset[str]:
    known = frozenset(map(_symbol_id, symbols))
    if len(known) != len(symbols):
        seen: set[str] = set()
        for index, symbol in enumerate(symbols):  # pragma: no branch -- a repeat exists
            if symbol.symbol_id in seen:
                path: ErrorPath = ("symbols", index, "symbol_id")
                raise BindingGraphError(
                    "duplicate_symbol_id",
                    "SemanticSymbolicBindingGraph.symbols must have unique"
                    f" symbol_id values ({short_repr(symbol.symbol_id)} is repeated)",
                    path,
                )
            seen.add(symbol.symbol_id)
    return known


def _refuse_unknown(
    field: str, attribute: str, known: frozenset[str], items: tuple[Any, ...]
) -> None:
    for index, item in enumerate(items):  # pragma: no branch -- one is unknown
        value = getattr(item, attribute)
        missing = sorted(
            (value - known) if attribute == "dependencies" else {value} - known
        )
        if missing:
            raise BindingGraphError(
                "unknown_symbol",
                f"SemanticSymbolicBindingGraph.{field}[{index}].{attribute} must"
                f" name symbols of the graph ({short_repr(missing[0])} is not one)",
                (field, index, attribute),
            )


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
