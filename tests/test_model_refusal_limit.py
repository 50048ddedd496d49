"""Lists of refusals cut at a limit, the last entry counting those left out: the one home every list of refusals uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from binding_graph import BindingGraphError
from binding_graph._refusal_limit import check_limit, cut_refusals, unlisted_refusal
from tests._helpers import refusal

if TYPE_CHECKING:
    from binding_graph.errors import ErrorPath


def _found(count: int) -> tuple[BindingGraphError, ...]:
    """Return *count* refusals, each at its own index."""
    return tuple(
        BindingGraphError("empty_text", f"refusal {index}", ("items", index))
        for index in range(count)
    )


def _shown(
    errors: tuple[BindingGraphError, ...],
) -> list[tuple[str, ErrorPath, str]]:
    return [(error.code, error.path, error.message) for error in errors]


class TestCheckLimit:
    """A limit is an int of at least 2: one refusal, and the entry that counts the rest."""

    @pytest.mark.parametrize("limit", [2, 3, 100, 10**9])
    def test_an_int_of_at_least_2_is_the_limit(self, limit: int) -> None:
        """check_limit returns the limit it takes."""
        assert check_limit("refusals", limit) == limit

    @pytest.mark.parametrize(
        ("limit", "shown"),
        [
            (1, "int (got 1)"),
            (0, "int (got 0)"),
            (-5, "int (got -5)"),
            (True, "bool (got True)"),
            ("3", "str (got '3')"),
            (2.0, "float (got 2.0)"),
            (None, "NoneType (got None)"),
        ],
    )
    def test_anything_else_is_refused_as_the_argument(
        self, limit: object, shown: str
    ) -> None:
        """A limit below 2, or of another type (a bool too), is wrong_type at ("limit",), in the owner's name."""
        error = refusal(check_limit, "draft_refusals", limit)
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("limit",),
            f"draft_refusals.limit must be an int of at least 2, not {shown}",
        )


class TestUnlistedRefusal:
    """The last entry of a cut list says how many refusals of what are left out, and the limit."""

    def test_one_left_out_is_said_in_the_singular(self) -> None:
        """One refusal left out: 'refusal' and 'is'."""
        error = unlisted_refusal(1, 2, "draft")
        assert (error.code, error.path, error.message) == (
            "limit_exceeded",
            (),
            (
                "1 more refusal of this draft is not listed: at most 2 entries are,"
                " this one included"
            ),
        )

    def test_several_left_out_are_said_in_the_plural_with_grouped_digits(
        self,
    ) -> None:
        """Several left out: 'refusals' and 'are'; the count and the limit grouped by thousands."""
        error = unlisted_refusal(1_234_567, 1_000, "record")
        assert (error.code, error.path, error.message) == (
            "limit_exceeded",
            (),
            (
                "1,234,567 more refusals of this record are not listed: at most 1,000"
                " entries are, this one included"
            ),
        )


class TestCutRefusals:
    """A list of at most *limit* refusals is whole; a longer one keeps limit - 1 and counts the rest."""

    @pytest.mark.parametrize("limit", [2, 3, 7])
    def test_a_list_at_the_limit_is_whole(self, limit: int) -> None:
        """Exactly *limit* refusals: all listed, none counted."""
        found = _found(limit)
        assert cut_refusals(found, limit, "document") == (found, 0)

    def test_a_shorter_list_is_whole(self) -> None:
        """Fewer refusals than the limit, none at all included: all listed, none counted."""
        assert cut_refusals(_found(0), 2, "document") == ((), 0)
        found = _found(1)
        assert cut_refusals(found, 5, "document") == (found, 0)

    @pytest.mark.parametrize("limit", [2, 3, 7])
    def test_one_past_the_limit_cuts_two(self, limit: int) -> None:
        """One refusal past the limit: the last entry takes the place of one, so it counts two."""
        listed, count = cut_refusals(_found(limit + 1), limit, "program")
        assert count == 2
        assert _shown(listed) == [
            *_shown(_found(limit - 1)),
            (
                "limit_exceeded",
                (),
                (
                    f"2 more refusals of this program are not listed: at most {limit}"
                    " entries are, this one included"
                ),
            ),
        ]

    def test_refusals_counted_and_not_kept_are_counted_in_the_last_entry(
        self,
    ) -> None:
        """*more* refusals after those found count as found ones do, at the boundary too."""
        found = _found(3)
        assert cut_refusals(found[:2], 3, "document", more=1) == (found[:2], 0)
        listed, count = cut_refusals(found, 3, "document", more=1_500)
        assert count == 1_501
        assert _shown(listed) == [
            *_shown(found[:2]),
            (
                "limit_exceeded",
                (),
                (
                    "1,501 more refusals of this document are not listed: at most 3"
                    " entries are, this one included"
                ),
            ),
        ]

    def test_a_prefix_puts_the_listed_refusals_under_it_not_the_last_entry(
        self,
    ) -> None:
        """Each refusal listed is put under *prefix*; the entry that counts the rest stays at the root."""
        found = _found(4)
        listed, count = cut_refusals(found, 3, "record", prefix=("draft",))
        assert count == 2
        assert [error.path for error in listed] == [
            ("draft", "items", 0),
            ("draft", "items", 1),
            (),
        ]
        whole, none = cut_refusals(found[:1], 3, "record", prefix=("draft",))
        assert none == 0
        assert _shown(whole) == [("empty_text", ("draft", "items", 0), "refusal 0")]
