"""Tests of the closed vocabularies: roles and admissibility statuses."""

from __future__ import annotations

import typing

from binding_graph import (
    ADMISSIBILITY_STATUSES,
    SEMANTIC_ROLES,
    AdmissibilityStatus,
    SemanticRole,
)


def test_semantic_roles_are_exactly_those_of_the_spec() -> None:
    """SEMANTIC_ROLES is the frozenset of the nine roles of ADR-0132."""
    assert isinstance(SEMANTIC_ROLES, frozenset)
    assert (
        frozenset(
            {
                "entity",
                "quantity",
                "rate",
                "duration",
                "count",
                "total",
                "difference",
                "ratio",
                "unknown",
            }
        )
        == SEMANTIC_ROLES
    )


def test_admissibility_statuses_are_exactly_those_of_the_spec() -> None:
    """ADMISSIBILITY_STATUSES is the frozenset {admitted, pending, refused}."""
    assert isinstance(ADMISSIBILITY_STATUSES, frozenset)
    assert frozenset({"admitted", "pending", "refused"}) == ADMISSIBILITY_STATUSES


def test_semantic_role_literal_matches_the_set() -> None:
    """The SemanticRole Literal names every role once, and nothing else."""
    args = typing.get_args(SemanticRole)
    assert len(args) == len(set(args))
    assert frozenset(args) == SEMANTIC_ROLES


def test_admissibility_status_literal_matches_the_set() -> None:
    """The AdmissibilityStatus Literal names every status once, and nothing else."""
    args = typing.get_args(AdmissibilityStatus)
    assert len(args) == len(set(args))
    assert frozenset(args) == ADMISSIBILITY_STATUSES


def test_literals_are_literals() -> None:
    """Both aliases are typing.Literal, so type checkers catch a misspelt value."""
    assert typing.get_origin(SemanticRole) is typing.Literal
    assert typing.get_origin(AdmissibilityStatus) is typing.Literal
