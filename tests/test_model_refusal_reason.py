"""The rule of refusal reasons: required if and only if an equation is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests._helpers import Text, assert_refusal, equation, refusal

if TYPE_CHECKING:
    from collections.abc import Callable


# One refusal of each kind, with its exact code, path and message.
REFUSAL_REASON_MESSAGES: list[Any] = [
    pytest.param(
        lambda: equation(admissibility_status="refused"),
        "refusal_reason_required",
        ("refusal_reason",),
        "BoundEquation.refusal_reason is required when admissibility_status is"
        " 'refused' (got None)",
        id="refusal_reason_required",
    ),
    pytest.param(
        lambda: equation(admissibility_status="refused", refusal_reason="  "),
        "refusal_reason_required",
        ("refusal_reason",),
        "BoundEquation.refusal_reason must not be empty or blank when"
        " admissibility_status is 'refused' (got '  ')",
        id="refusal_reason_required-blank",
    ),
    pytest.param(
        lambda: equation(refusal_reason=3),
        "wrong_type",
        ("refusal_reason",),
        "BoundEquation.refusal_reason must be a str or None, not int (got 3)",
        id="wrong_type-refusal_reason",
    ),
]


class TestRefusalReason:
    """A refused equation needs a non-blank reason; any other must have none."""

    @pytest.mark.parametrize(
        ("status", "reason", "code"),
        [
            ("refused", None, "refusal_reason_required"),
            ("refused", "", "refusal_reason_required"),
            ("refused", "  ", "refusal_reason_required"),
            ("refused", "\t\n", "refusal_reason_required"),
            ("refused", "\u3000", "refusal_reason_required"),
            ("refused", "\ud800", "invalid_text"),
            ("refused", 3, "wrong_type"),
            ("refused", b"why", "wrong_type"),
            ("refused", ["why"], "wrong_type"),
            ("admitted", "x", "refusal_reason_forbidden"),
            ("admitted", "", "refusal_reason_forbidden"),
            ("admitted", " ", "refusal_reason_forbidden"),
            ("admitted", Text("x"), "wrong_type"),
            ("pending", "x", "refusal_reason_forbidden"),
            ("pending", "", "refusal_reason_forbidden"),
            ("pending", " ", "refusal_reason_forbidden"),
            ("admitted", "\ud800", "invalid_text"),
            ("pending", " \udfff", "invalid_text"),
            ("admitted", 3, "wrong_type"),
            ("pending", b"", "wrong_type"),
        ],
    )
    def test_refusal_reason_refuses(
        self, status: str, reason: object, code: str
    ) -> None:
        """A reason is required iff the status is refused, and is a UTF-8 str."""
        error = refusal(equation, admissibility_status=status, refusal_reason=reason)
        assert_refusal(error, code, ("refusal_reason",), "BoundEquation")

    @pytest.mark.parametrize(
        ("status", "reason"),
        [
            ("admitted", None),
            ("pending", None),
            ("refused", "units disagree"),
            ("refused", " padded reason "),
            ("refused", "unités incompatibles"),
        ],
    )
    def test_refusal_reason_accepts(self, status: str, reason: str | None) -> None:
        """No reason unless refused; a refused equation keeps its reason verbatim."""
        built = equation(admissibility_status=status, refusal_reason=reason)
        assert built.refusal_reason == reason

    def test_bad_status_is_reported_before_the_reason(self) -> None:
        """A bad status is refused on its own, whatever the reason."""
        error = refusal(equation, admissibility_status="rejected", refusal_reason="why")
        assert_refusal(
            error, "not_in_vocabulary", ("admissibility_status",), "BoundEquation"
        )

    def test_forbidden_reason_message_names_the_status(self) -> None:
        """A spurious reason's message names the status it contradicts."""
        error = refusal(equation, admissibility_status="pending", refusal_reason="why")
        assert error.message == (
            "BoundEquation.refusal_reason must be None unless admissibility_status"
            " is 'refused' (it is 'pending') (got 'why')"
        )

    @pytest.mark.parametrize(
        ("build", "code", "path", "message"), REFUSAL_REASON_MESSAGES
    )
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
