"""The closed vocabularies of the design records, as types and as sets.

Each vocabulary is written once, as a :data:`~typing.Literal`, so that type
checkers catch a misspelt role; the runtime set is derived from it.
The roles and statuses are ADR-0132's; the question forms and the named
states of a question target are ADR-0135's; the operation kinds are those
its system's problem graphs share (ADR-0133), which the strict profile
(:mod:`binding_graph.strict`) and admission by kind
(:func:`binding_graph.units.admit`) read.
Extending any of them is a deliberate change to the design record.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

__all__ = [
    "ADMISSIBILITY_STATUSES",
    "OPERATION_KINDS",
    "QUESTION_FORMS",
    "SEMANTIC_ROLES",
    "STATE_NAMES",
    "AdmissibilityStatus",
    "OperationKind",
    "QuestionForm",
    "SemanticRole",
    "StateIndex",
    "StateName",
]

SemanticRole = Literal[
    "entity",
    "quantity",
    "rate",
    "duration",
    "count",
    "total",
    "difference",
    "ratio",
    "unknown",
]
"""The role a symbol plays in a problem; one of :data:`SEMANTIC_ROLES`."""

AdmissibilityStatus = Literal["admitted", "pending", "refused"]
"""Whether an equation is admitted; one of :data:`ADMISSIBILITY_STATUSES`."""

QuestionForm = Literal["count", "rate", "total", "difference", "ratio", "identity"]
"""The shape of the answer a question asks for; one of :data:`QUESTION_FORMS`."""

StateName = Literal["initial", "terminal"]
"""A state of a problem named by a word; one of :data:`STATE_NAMES`."""

StateIndex = StateName | int
"""The state a question asks about, ``"initial"``, ``"terminal"``, or the index of the equation after which."""

OperationKind = Literal[
    "add",
    "subtract",
    "multiply",
    "divide",
    "transfer",
    "compare_additive",
    "compare_multiplicative",
    "apply_rate",
]
"""The kind of operation an equation encodes, in the seed's system; one of :data:`OPERATION_KINDS`."""

SEMANTIC_ROLES: Final[frozenset[str]] = frozenset(get_args(SemanticRole))
"""Every allowed ``SymbolBinding.semantic_role``.

.. versionadded:: 0.1.0
"""

ADMISSIBILITY_STATUSES: Final[frozenset[str]] = frozenset(get_args(AdmissibilityStatus))
"""Every allowed ``BoundEquation.admissibility_status``.

.. versionadded:: 0.1.0
"""

QUESTION_FORMS: Final[frozenset[str]] = frozenset(get_args(QuestionForm))
"""Every allowed ``BoundUnknown.question_form``, the six of ADR-0135.

.. versionadded:: 0.1.0
"""

STATE_NAMES: Final[frozenset[str]] = frozenset(get_args(StateName))
"""The states a ``BoundUnknown.state_index`` may name by a word; any other is an equation's index.

.. versionadded:: 0.1.0
"""

OPERATION_KINDS: Final[frozenset[str]] = frozenset(get_args(OperationKind))
"""The eight operation kinds of the seed's system (ADR-0133, ADR-0134).

``BoundEquation.operation_kind`` stays free text in the model: only the
strict profile and admission by kind hold it to these.

.. versionadded:: 0.1.0
"""
