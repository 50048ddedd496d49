"""What analysis finds: :class:`Finding` and the closed set of its codes."""

from __future__ import annotations

from typing import Any, Final, Literal, get_args

import attrs

from binding_graph import _kinds as _k
from binding_graph._checks import is_tuple
from binding_graph.errors import ErrorPath, refuse_type, render_path

__all__ = [
    "ARITHMETIC_FINDING_CODES",
    "FINDING_CODES",
    "TRUST_FINDING_CODES",
    "UNIT_FINDING_CODES",
    "ArithmeticFindingCode",
    "Finding",
    "FindingCode",
    "TrustFindingCode",
    "UnitFindingCode",
]

FindingCode = Literal[
    "undetermined_unknown",
    "cyclic_definition",
    "multiply_defined",
    "conflicting_facts",
    "undefined_dependency",
    "unadmitted_dependency",
    "fact_unit_mismatch",
    "unknown_unit_mismatch",
    "form_role_mismatch",
    "form_kind_mismatch",
    "unused_symbol",
]
"""The type of a :class:`Finding`'s ``code``: one of :data:`FINDING_CODES`.

Findings of one element come in this order.
"""

FINDING_CODES: Final[frozenset[str]] = frozenset(get_args(FindingCode))
"""Every code a :class:`Finding` can carry.

The set is closed: a new code is a deliberate, documented change.

.. versionadded:: 0.1.0
"""


ArithmeticFindingCode = Literal[
    "not_arithmetic",
    "limit_exceeded",
    "dependency_mismatch",
    "operation_mismatch",
    "division_by_zero",
    "conflicting_values",
    "value_conflict",
    "constraint_symbols",
    "constraint_violated",
]
"""The codes of :func:`binding_graph.arithmetic.findings`: one of :data:`~binding_graph.arithmetic.ARITHMETIC_FINDING_CODES`.

Findings of one element come in this order.
"""

ARITHMETIC_FINDING_CODES: Final[frozenset[str]] = frozenset(
    get_args(ArithmeticFindingCode)
)
"""Every code a finding of :func:`binding_graph.arithmetic.findings` can carry.

The set is closed, and apart from :data:`~binding_graph.analysis.FINDING_CODES`: the structure of a
graph and the arithmetic of its strings are told apart by code.

.. versionadded:: 0.1.0
"""


UnitFindingCode = Literal[
    "unknown_unit",
    "fact_dimension_mismatch",
    "fact_scale_mismatch",
    "fact_offset_mismatch",
    "inadmissible_equation",
    "unknown_dimension_mismatch",
    "unknown_scale_mismatch",
    "unknown_offset_mismatch",
]
"""The codes of :func:`binding_graph.units.unit_findings`: one of :data:`~binding_graph.units.UNIT_FINDING_CODES`.

Findings of one element come in this order.
"""

UNIT_FINDING_CODES: Final[frozenset[str]] = frozenset(get_args(UnitFindingCode))
"""Every code a finding of :func:`binding_graph.units.unit_findings` can carry.

The set is closed, and apart from the others.

.. versionadded:: 0.1.0
"""


TrustFindingCode = Literal["unused_number", "question_unit_mismatch"]
"""The codes of :func:`binding_graph.trust.trust_findings`: one of :data:`~binding_graph.trust.TRUST_FINDING_CODES`."""

TRUST_FINDING_CODES: Final[frozenset[str]] = frozenset(get_args(TrustFindingCode))
"""Every code a finding of :func:`binding_graph.trust.trust_findings` can carry.

The set is closed, and apart from the others.

.. versionadded:: 0.1.0
"""


def _path(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    owner, name = type(instance).__name__, attribute.name
    expected = "a tuple of str and int"
    if not is_tuple(value):
        refuse_type(owner, name, expected, value, (name,))
    for index, segment in enumerate(value):
        # By identity: hashing a segment's class could run its metaclass's code.
        cls = type(segment)
        if cls is not str and cls is not int:
            refuse_type(owner, name, expected, segment, (name, index))


@attrs.frozen(weakref_slot=False)
class Finding:
    """Something a solver or a reviewer should know about a valid graph.

    ``str(finding)`` is ``CODE at WHERE: MESSAGE``, the form a command prints
    after ``FILE:LINE:``.

    Args:
        code: What was found; one of :data:`FINDING_CODES`, or of
            :data:`~binding_graph.arithmetic.ARITHMETIC_FINDING_CODES` for what the arithmetic finds,
            or of :data:`~binding_graph.units.UNIT_FINDING_CODES` for what the units find,
            or of :data:`~binding_graph.trust.TRUST_FINDING_CODES` for what the
            profile for model output finds.
        path: Where, as a refusal's path: the collection and index of the
            element, and its field, such as ``("unknowns", 0, "symbol_id")``.
            A dependency is counted in code-point order, the order documents
            write them in: ``("equations", 2, "dependencies", 0)``.
        message: A sentence that says what was found, naming the elements.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text``, ``invalid_text``
            or ``not_in_vocabulary`` for a field that is not as above.

    >>> from binding_graph.analysis import Finding
    >>> str(Finding("unused_symbol", ("symbols", 1, "symbol_id"), "'y' is unused"))
    "unused_symbol at symbols[1].symbol_id: 'y' is unused"

    .. versionadded:: 0.1.0
    """

    code: FindingCode | ArithmeticFindingCode | UnitFindingCode | TrustFindingCode = (
        attrs.field(
            validator=_k.member_of(
                FINDING_CODES
                | ARITHMETIC_FINDING_CODES
                | UNIT_FINDING_CODES
                | TRUST_FINDING_CODES
            )
        )
    )
    path: ErrorPath = attrs.field(validator=_path)
    message: str = attrs.field(validator=_k.text)

    def __str__(self) -> str:
        return f"{self.code} at {render_path(self.path)}: {self.message}"
