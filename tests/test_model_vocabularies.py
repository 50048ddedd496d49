"""The rule of vocabularies: the closed sets of roles and statuses, and the fields that hold them."""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import (
    ADMISSIBILITY_STATUSES,
    SEMANTIC_ROLES,
    AdmissibilityStatus,
    SemanticRole,
)
from tests._helpers import (
    BUILDERS,
    VOCABULARY_FIELDS,
    assert_refusal,
    equation,
    refusal,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable


class TestVocabularies:
    """The vocabularies are exactly those of the spec, as sets and as Literal types."""

    def test_semantic_roles_are_exactly_those_of_the_spec(self) -> None:
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

    def test_admissibility_statuses_are_exactly_those_of_the_spec(self) -> None:
        """ADMISSIBILITY_STATUSES is the frozenset {admitted, pending, refused}."""
        assert isinstance(ADMISSIBILITY_STATUSES, frozenset)
        assert frozenset({"admitted", "pending", "refused"}) == ADMISSIBILITY_STATUSES

    def test_semantic_role_literal_matches_the_set(self) -> None:
        """The SemanticRole Literal names every role once, and nothing else."""
        args = typing.get_args(SemanticRole)
        assert len(args) == len(set(args))
        assert frozenset(args) == SEMANTIC_ROLES

    def test_admissibility_status_literal_matches_the_set(self) -> None:
        """The AdmissibilityStatus Literal names every status once, and nothing else."""
        args = typing.get_args(AdmissibilityStatus)
        assert len(args) == len(set(args))
        assert frozenset(args) == ADMISSIBILITY_STATUSES

    def test_literals_are_literals(self) -> None:
        """Both aliases are typing.Literal, so type checkers catch a misspelt value."""
        assert typing.get_origin(SemanticRole) is typing.Literal
        assert typing.get_origin(AdmissibilityStatus) is typing.Literal


# One refusal of each kind, with its exact code, path and message.
VOCABULARY_MESSAGES: list[Any] = [
    pytest.param(
        lambda: symbol(semantic_role="boss"),
        "not_in_vocabulary",
        ("semantic_role",),
        "SymbolBinding.semantic_role must be one of count, difference, duration,"
        " entity, quantity, rate, ratio, total, unknown (got 'boss')",
        id="not_in_vocabulary",
    ),
]


class TestVocabularyFields:
    """A role or a status is a member of its vocabulary, else not_in_vocabulary."""

    @pytest.mark.parametrize(
        "role",
        [
            "entity",
            "quantity",
            "rate",
            "duration",
            "count",
            "total",
            "difference",
            "ratio",
            "unknown",
        ],
    )
    def test_every_semantic_role_is_accepted(self, role: str) -> None:
        """Each role of the vocabulary builds."""
        assert symbol(semantic_role=role).semantic_role == role

    @pytest.mark.parametrize("status", ["admitted", "pending", "refused"])
    def test_every_admissibility_status_is_accepted(self, status: str) -> None:
        """Each status of the vocabulary builds (with a reason iff refused)."""
        reason = "units disagree" if status == "refused" else None
        built = equation(admissibility_status=status, refusal_reason=reason)
        assert (built.admissibility_status, built.refusal_reason) == (status, reason)

    @pytest.mark.parametrize(("owner", "field"), VOCABULARY_FIELDS)
    @pytest.mark.parametrize(
        "value", ["banana", "Quantity", "ADMITTED", " rate", "pending "]
    )
    def test_vocabulary_refuses_other_words(
        self, owner: str, field: str, value: str
    ) -> None:
        """A role or status outside its vocabulary is not_in_vocabulary."""
        error = refusal(BUILDERS[owner], **{field: value})
        assert_refusal(error, "not_in_vocabulary", (field,), owner)

    def test_blank_role_is_empty_text_not_vocabulary(self) -> None:
        """Emptiness is reported before the vocabulary rule (spec's own example)."""
        error = refusal(symbol, semantic_role="  ")
        assert_refusal(error, "empty_text", ("semantic_role",), "SymbolBinding")

    def test_role_of_wrong_type_is_wrong_type_not_vocabulary(self) -> None:
        """The type is reported before the vocabulary rule."""
        error = refusal(symbol, semantic_role=b"rate")
        assert_refusal(error, "wrong_type", ("semantic_role",), "SymbolBinding")

    def test_vocabulary_message_lists_the_allowed_words(self) -> None:
        """The message lists the vocabulary, so the fix is in sight."""
        error = refusal(equation, admissibility_status="rejected")
        assert error.message == (
            "BoundEquation.admissibility_status must be one of admitted, pending,"
            " refused (got 'rejected')"
        )

    @pytest.mark.parametrize(("build", "code", "path", "message"), VOCABULARY_MESSAGES)
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)
