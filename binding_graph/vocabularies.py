"""The closed vocabularies of ADR-0132, as types and as sets.

Each vocabulary is written once, as a :data:`~typing.Literal`, so that type
checkers catch a misspelt role; the runtime set is derived from it.
Extending either is a deliberate change to the design record.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

__all__ = [
    "ADMISSIBILITY_STATUSES",
    "SEMANTIC_ROLES",
    "AdmissibilityStatus",
    "SemanticRole",
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

SEMANTIC_ROLES: Final[frozenset[str]] = frozenset(get_args(SemanticRole))
"""Every allowed ``SymbolBinding.semantic_role``.

.. versionadded:: 0.1.0
"""

ADMISSIBILITY_STATUSES: Final[frozenset[str]] = frozenset(get_args(AdmissibilityStatus))
"""Every allowed ``BoundEquation.admissibility_status``.

.. versionadded:: 0.1.0
"""
