"""The one exception every refusal raises, the closed set of its codes, and the words of its messages.

Every refusal of a field's rule, or of a value of the wrong type, is built
here, from data: the owner and the field, the rule broken, and the offending
value, shown without trusting it (:func:`short_repr`, :func:`type_name`);
the refusals of what a caller hands over are built in ``_refuse``.
"""

from __future__ import annotations

from typing import Final, Literal, NoReturn, cast, get_args

from binding_graph._show import render_path, short_repr, type_name, untrusted

__all__ = [
    "ALLOCATION_CODES",
    "ANALYSIS_CODES",
    "ARITHMETIC_CODES",
    "DATASET_CODES",
    "DOCUMENT_CODES",
    "DRAFT_CODES",
    "REFUSAL_CODES",
    "REPAIR_HEADER",
    "STRICT_CODES",
    "TRUST_CODES",
    "UNIT_CODES",
    "BindingGraphError",
    "ErrorPath",
    "RefusalCode",
    "format_refusals",
    "render_path",
]

RefusalCode = Literal[
    "wrong_type",
    "empty_text",
    "invalid_text",
    "invalid_identifier",
    "not_in_vocabulary",
    "invalid_span",
    "refusal_reason_required",
    "refusal_reason_forbidden",
    "duplicate_symbol_id",
    "unknown_symbol",
    "unknown_equation",
    "span_text_mismatch",
    "empty_allocation",
    "unslugifiable_phrase",
    "malformed_document",
    "limit_exceeded",
    "unsupported_version",
    "unknown_key",
    "missing_key",
    "unbound_unknown",
    "not_arithmetic",
    "division_by_zero",
    "dependency_mismatch",
    "conflicting_values",
    "unknown_unit",
    "unit_mismatch",
    "no_annotation",
    "answer_mismatch",
    "untraceable_number",
    "quote_not_found",
    "ambiguous_quote",
    "value_not_stated",
    "not_draftable",
    "circular_dependency",
    "unknown_operation",
    "operation_mismatch",
    "unit_unbound",
    "operand_arity",
    "rate_form_invalid",
    "unsupported_syntax",
    "non_integer_solution",
    "negative_solution",
    "unstated_number",
]
"""The type of :attr:`BindingGraphError.code`: one of :data:`REFUSAL_CODES`."""

REFUSAL_CODES: Final[frozenset[str]] = frozenset(get_args(RefusalCode))
"""Every code a :class:`BindingGraphError` can carry.

The set is closed: a new code is a deliberate, documented change.

.. versionadded:: 0.1.0
"""

ALLOCATION_CODES: Final[frozenset[str]] = frozenset(
    {"empty_allocation", "unslugifiable_phrase"}
)
"""The codes only :func:`~binding_graph.allocate_symbols` raises; never a document's.

.. versionadded:: 0.1.0
"""

ANALYSIS_CODES: Final[frozenset[str]] = frozenset({"unbound_unknown"})
"""The codes only :mod:`binding_graph.analysis` raises, when asked; never a document's.

A document that loads is valid, whether or not it determines its unknowns.

.. versionadded:: 0.1.0
"""

ARITHMETIC_CODES: Final[frozenset[str]] = frozenset(
    {"not_arithmetic", "division_by_zero", "dependency_mismatch", "conflicting_values"}
)
"""The codes only :mod:`binding_graph.arithmetic` raises, when asked; never a document's.

The model never reads a right-hand side, a predicate or a value; a document
that loads is valid, whether or not they are arithmetic. The arithmetic also
refuses with ``limit_exceeded`` (a text or a value too large) and
``unbound_unknown``, codes it shares.

.. versionadded:: 0.1.0
"""

UNIT_CODES: Final[frozenset[str]] = frozenset({"unknown_unit", "unit_mismatch"})
"""The codes only :mod:`binding_graph.units` raises, when asked; never a document's.

A unit is a string to the model; a document that loads is valid, whatever
its units say. The units also refuse with ``limit_exceeded``,
``unknown_symbol`` and ``wrong_type``, codes they share.

.. versionadded:: 0.1.0
"""

DATASET_CODES: Final[frozenset[str]] = frozenset(
    {"no_annotation", "answer_mismatch", "untraceable_number"}
)
"""The codes only :mod:`binding_graph.datasets` raises; never a document's.

An adapter refuses a benchmark's record that it cannot turn into a sound
gold graph. It also refuses with ``wrong_type``, ``missing_key``,
``empty_text``, ``invalid_text``, ``not_arithmetic``, ``division_by_zero``,
``limit_exceeded`` and (ASDiv's, for an answer's unit) ``unknown_unit``,
codes it shares.

.. versionadded:: 0.1.0
"""

DRAFT_CODES: Final[frozenset[str]] = frozenset(
    {
        "quote_not_found",
        "ambiguous_quote",
        "value_not_stated",
        "not_draftable",
        "unsupported_syntax",
    }
)
"""The codes only :mod:`binding_graph.drafts` raises; never a document's.

The drafts also refuse with codes they share, such as ``duplicate_symbol_id``
(a name defined twice), ``unknown_symbol`` (one that nothing defines) and
``circular_dependency`` (steps that define each other, as the strict
profile refuses equations that do). ``unsupported_syntax`` is a program's:
a statement or an expression that :func:`~binding_graph.drafts.from_program`
does not read.

.. versionadded:: 0.1.0
"""

STRICT_CODES: Final[frozenset[str]] = frozenset(
    {
        "circular_dependency",
        "unknown_operation",
        "operation_mismatch",
        "unit_unbound",
        "operand_arity",
        "rate_form_invalid",
    }
)
"""The codes of the strict profile, :func:`binding_graph.strict.check_strict`, which refuses with them when asked; never a document's.

The strict profile refuses what the seed's system refuses and this library
only reports (a cycle of definitions, an operation kind outside its eight
or unlike its right-hand side, a pending equation its kind's rule of units
refuses). It also refuses with ``unit_mismatch``, ``unknown_unit``,
``not_arithmetic`` and ``limit_exceeded``, codes it shares; the drafts refuse
steps that define each other as ``circular_dependency`` too.

.. versionadded:: 0.1.0
"""

TRUST_CODES: Final = frozenset(get_args(RefusalCode)[-3:])
"""The codes of the profile for model output, :func:`binding_graph.trust.check_trust`, the last three of :data:`~binding_graph.RefusalCode`; never a document's."""

DOCUMENT_CODES: Final[frozenset[str]] = (
    REFUSAL_CODES
    - ALLOCATION_CODES
    - ANALYSIS_CODES
    - ARITHMETIC_CODES
    - UNIT_CODES
    - DATASET_CODES
    - DRAFT_CODES
    - STRICT_CODES
    - TRUST_CODES
)
"""Every code that reading a document can raise.

:func:`~binding_graph.from_data` and :func:`~binding_graph.loads` refuse with
these codes only, and :func:`binding_graph.strategies.invalid_graph_documents`
draws a document for each.

.. versionadded:: 0.1.0
"""

ErrorPath = tuple["str | int", ...]
"""Where an offending value sits: field names and sequence indices.

``("equations", 2, "dependencies")`` reads ``equations[2].dependencies``.
"""


class BindingGraphError(ValueError):
    """Refuse a value that would make a binding graph unsound.

    It is the only exception the public API raises on bad input.
    Catch it to turn a producer's proposal into a typed refusal.

    Args:
        code: What rule was broken; one of :data:`REFUSAL_CODES`.
        message: A sentence naming the class, the field, the rule and the
            offending value.
        path: Where the offending value sits, from the object that was being
            built (or, for documents, from the document's root).

    Attributes:
        code: What rule was broken; one of :data:`REFUSAL_CODES`.
        message: The sentence that explains the refusal.
        path: Where the offending value sits, e.g. ``("facts", 3, "symbol_id")``.

    .. versionadded:: 0.1.0
    """

    code: RefusalCode
    message: str
    path: ErrorPath

    def __init__(self, code: RefusalCode, message: str, path: ErrorPath = ()) -> None:
        super().__init__(code, message, path)
        self.code = code
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.message} [code={self.code}, path={render_path(self.path)}]"

    def __reduce__(self) -> tuple[type[BindingGraphError], tuple[str, str, ErrorPath]]:
        return (type(self), (self.code, self.message, self.path))

    def with_prefix(self, prefix: ErrorPath) -> BindingGraphError:
        """Return the same refusal, located under *prefix*.

        Used where an object is checked inside a larger one: a symbol's
        ``("symbol_id",)`` becomes ``("symbols", 3, "symbol_id")``.
        """
        return type(self)(self.code, self.message, prefix + self.path)


REPAIR_HEADER: Final = (
    "The binding-graph document was refused. Correct each problem below"
    " (WHERE: WHAT [CODE]) and send the whole document again."
)
"""The first line of :func:`~binding_graph.format_refusals`, the same for every document."""


def _shown(value: object) -> str:
    return value if type(value) is str else short_repr(value)


def format_refusals(refusals: object, *, header: str = REPAIR_HEADER) -> str:
    """Return *refusals* as a text that a person or a language model can act on.

    A fixed first line (:data:`~binding_graph.errors.REPAIR_HEADER`, or *header*), then one line per refusal,
    in the order given: where, what and the code, ``- WHERE: MESSAGE
    [CODE]``, with no refusal twice and no address to look up. Each line is
    bounded (an offending value, and a stray key in a path, are shown in at
    most about 60 characters: see :func:`~binding_graph.errors.render_path`),
    so the text is bounded by the number of refusals, which
    :func:`~binding_graph.refusals` bounds by its ``limit``. The same
    refusals give the same text. No refusals give the empty string: there
    is nothing to repair.

    Args:
        refusals: What :func:`~binding_graph.refusals` returns: a tuple (or
            a list) of :class:`BindingGraphError`.
        header: The first line: :data:`~binding_graph.errors.REPAIR_HEADER` for a document;
            :func:`~binding_graph.drafts.draft_refusals` are told with
            :data:`~binding_graph.drafts.DRAFT_REPAIR_HEADER`.

    Raises:
        BindingGraphError: ``wrong_type`` unless *refusals* is exactly a
            ``tuple`` or ``list`` of exactly :class:`BindingGraphError`;
            ``wrong_type`` or ``empty_text`` unless *header* is one
            non-blank line of text.

    >>> from binding_graph import format_refusals, refusals
    >>> print(format_refusals(refusals('{"format": "binding-graph", "version": 1}')))
    The binding-graph document was refused. Correct each problem below (WHERE: WHAT [CODE]) and send the whole document again.
    - symbols: SemanticSymbolicBindingGraph.symbols is missing: a document holds every field, null for None [missing_key]
    - facts: SemanticSymbolicBindingGraph.facts is missing: a document holds every field, null for None [missing_key]
    - equations: SemanticSymbolicBindingGraph.equations is missing: a document holds every field, null for None [missing_key]
    - unknowns: SemanticSymbolicBindingGraph.unknowns is missing: a document holds every field, null for None [missing_key]
    - constraints: SemanticSymbolicBindingGraph.constraints is missing: a document holds every field, null for None [missing_key]
    - provenance: SemanticSymbolicBindingGraph.provenance is missing: a document holds every field, null for None [missing_key]

    It is importable from :mod:`binding_graph` itself, beside
    :func:`~binding_graph.refusals`.

    .. versionadded:: 0.1.0
    """
    if type(header) is not str:
        refuse_type("format_refusals", "header", "a str", header, ("header",))
    if not header.strip() or "\n" in header or "\r" in header:
        rule = "must be one line of text, not empty or blank"
        refuse("empty_text", "format_refusals", "header", rule, header, ("header",))
    if type(refusals) is not tuple and type(refusals) is not list:
        refuse_type(
            "format_refusals",
            "refusals",
            "a tuple or list of BindingGraphError",
            refusals,
            ("refusals",),
        )
    lines: list[str] = []
    for index, item in enumerate(cast("list[object]", refusals)):
        if type(item) is not BindingGraphError:
            refuse_type(
                "format_refusals",
                "refusals",
                "a BindingGraphError",
                item,
                ("refusals", index),
            )
        refused = item
        # What a caller set on the refusal is shown, never trusted.
        path = untrusted(refused.path)
        where = (
            render_path(cast("ErrorPath", path))
            if type(path) is tuple
            else short_repr(path)
        )
        lines.append(f"- {where}: {_shown(refused.message)} [{_shown(refused.code)}]")
    return "\n".join([header, *lines]) if lines else ""


def refusal(  # noqa: PLR0917 -- internal; every call site reads as a sentence
    code: RefusalCode,
    owner: str,
    field: str,
    rule: str,
    value: object,
    path: ErrorPath,
) -> BindingGraphError:
    """Return the refusal of *value* in ``owner.field``; *rule* says what it broke.

    The message reads ``Owner.field RULE (got VALUE)``.
    """
    return BindingGraphError(
        code, f"{owner}.{field} {rule} (got {short_repr(value)})", path
    )


def refuse(  # noqa: PLR0917 -- as refusal
    code: RefusalCode,
    owner: str,
    field: str,
    rule: str,
    value: object,
    path: ErrorPath,
) -> NoReturn:
    """Raise the refusal :func:`refusal` returns."""
    raise refusal(code, owner, field, rule, value, path)


# The built-in types a field or an argument may hold, which a subclass
# instance converts to.
_EXACT: Final = (str, int, bytes, bytearray, tuple, frozenset, list, dict)


def type_refusal(
    owner: str, field: str, expected: str, value: object, path: ErrorPath
) -> BindingGraphError:
    """Return the ``wrong_type`` refusal of *value*, where *expected* belongs.

    Values are taken only as exactly the built-in type a field holds: a
    subclass may override any method (its length, its iteration, its
    arithmetic) and so make an object that its own checks took for sound.
    The refusal of a subclass says how to convert it.
    """
    cls = type(value)
    rule = f"must be {expected}, not {type_name(value)}"
    for base in _EXACT:
        # A subclass check on the class runs no code of the class's own.
        if cls is not base and cls is not bool and issubclass(cls, base):
            rule += (
                f", a subclass of {base.__name__}: convert it with"
                f" {base.__name__}(value)"
            )
            break
    return refusal("wrong_type", owner, field, rule, value, path)


def refuse_type(
    owner: str, field: str, expected: str, value: object, path: ErrorPath
) -> NoReturn:
    """Raise the ``wrong_type`` refusal :func:`type_refusal` returns."""
    raise type_refusal(owner, field, expected, value, path)
