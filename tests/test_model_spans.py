"""The rule of spans: half-open, non-empty offsets within 2**53 - 1, and text as long as the span."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import SourceSpanLink, SymbolBinding
from tests._helpers import (
    BUILDERS,
    MAX_OFFSET,
    SPAN_FIELDS,
    assert_refusal,
    refusal,
    span,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable


# One refusal of each kind, with its exact code, path and message.
SPAN_MESSAGES: list[Any] = [
    pytest.param(
        lambda: span(start=0, end=1, text=""),
        "empty_text",
        ("text",),
        "SourceSpanLink.text must not be empty (got '')",
        id="empty_text-verbatim",
    ),
    pytest.param(
        lambda: span(start=True),
        "wrong_type",
        ("start",),
        "SourceSpanLink.start must be an int, not bool (got True)",
        id="wrong_type-offset",
    ),
    pytest.param(
        lambda: span(start=-1),
        "invalid_span",
        ("start",),
        "SourceSpanLink.start must be at least 0 and at most 2**53 - 1"
        " (9007199254740991) (got -1)",
        id="invalid_span-start",
    ),
    pytest.param(
        lambda: span(start=3, end=3),
        "invalid_span",
        ("end",),
        "SourceSpanLink.end must be greater than start (3): spans are half-open"
        " and non-empty (got 3)",
        id="invalid_span-empty",
    ),
    pytest.param(
        lambda: span(start=0, end=MAX_OFFSET + 1),
        "invalid_span",
        ("end",),
        "SourceSpanLink.end must be at most 2**53 - 1 (9007199254740991)"
        " (got 9007199254740992)",
        id="invalid_span-end",
    ),
    pytest.param(
        lambda: span(text="Ali"),
        "invalid_span",
        ("text",),
        "SourceSpanLink.text must be exactly end - start (5) characters long,"
        " not 3 (got 'Ali')",
        id="invalid_span-text",
    ),
]


class TestSpans:
    """A span is 0 <= start < end <= 2**53 - 1, with verbatim text end - start long."""

    @pytest.mark.parametrize(
        ("fields", "code", "path"),
        [
            ({"start": None}, "wrong_type", ("start",)),
            ({"start": "0"}, "wrong_type", ("start",)),
            ({"start": 0.0}, "wrong_type", ("start",)),
            ({"start": True}, "wrong_type", ("start",)),
            ({"start": False}, "wrong_type", ("start",)),
            ({"start": -1}, "invalid_span", ("start",)),
            ({"start": -(10**5000)}, "invalid_span", ("start",)),
            (
                {"start": MAX_OFFSET + 1, "end": MAX_OFFSET + 6},
                "invalid_span",
                ("start",),
            ),
            ({"start": 10**5000}, "invalid_span", ("start",)),
            ({"end": None}, "wrong_type", ("end",)),
            ({"end": "5"}, "wrong_type", ("end",)),
            ({"end": 5.0}, "wrong_type", ("end",)),
            ({"end": True, "text": "A"}, "wrong_type", ("end",)),
            ({"start": 1, "end": False}, "wrong_type", ("end",)),
            ({"end": 0}, "invalid_span", ("end",)),
            ({"start": 3, "end": 3}, "invalid_span", ("end",)),
            ({"start": 4, "end": 2}, "invalid_span", ("end",)),
            ({"end": -5}, "invalid_span", ("end",)),
            (
                {"start": MAX_OFFSET - 4, "end": MAX_OFFSET + 1},
                "invalid_span",
                ("end",),
            ),
            ({"end": 2**60}, "invalid_span", ("end",)),
            ({"text": "Alic"}, "invalid_span", ("text",)),
            ({"text": "Alice!"}, "invalid_span", ("text",)),
            ({"start": 2, "end": 4, "text": "ice"}, "invalid_span", ("text",)),
            ({"text": None}, "wrong_type", ("text",)),
            ({"text": 5}, "wrong_type", ("text",)),
            ({"text": b"Alice"}, "wrong_type", ("text",)),
            ({"text": ""}, "empty_text", ("text",)),
            ({"end": 1, "text": "\ud800"}, "invalid_text", ("text",)),
            ({"text": "Al\udc80ce"}, "invalid_text", ("text",)),
            ({"source_id": None}, "wrong_type", ("source_id",)),
            ({"source_id": ""}, "empty_text", ("source_id",)),
        ],
    )
    def test_span_refuses(
        self, fields: dict[str, object], code: str, path: tuple[str | int, ...]
    ) -> None:
        """A span is 0 <= start < end <= 2**53 - 1 with len(text) == end - start."""
        error = refusal(span, **fields)
        assert_refusal(error, code, path, "SourceSpanLink")

    @pytest.mark.parametrize(
        ("start", "end", "text"),
        [
            (0, 1, "A"),
            (0, 5, "     "),
            (7, 12, "\t\n \r "),
            (MAX_OFFSET - 5, MAX_OFFSET, "Alice"),
            (MAX_OFFSET - 1, MAX_OFFSET, "x"),
            (10, 12, "日本"),
        ],
    )
    def test_span_accepts(self, start: int, end: int, text: str) -> None:
        """Spans up to 2**53 - 1 build, and verbatim text may be whitespace."""
        link = SourceSpanLink("p1", start, end, text)
        assert (link.start, link.end, link.text) == (start, end, text)

    @pytest.mark.parametrize("text", ["\u3000", "\u00a0\u2003"])
    def test_verbatim_text_may_be_unicode_whitespace(self, text: str) -> None:
        """A span's text may be non-ASCII whitespace, as it may be ASCII whitespace."""
        link = span(start=0, end=len(text), text=text)
        assert link.text == text

    def test_span_end_message_names_start(self) -> None:
        """An inverted span says what start the end had to exceed."""
        error = refusal(span, start=4, end=2)
        assert error.message == (
            "SourceSpanLink.end must be greater than start (4): spans are half-open"
            " and non-empty (got 2)"
        )

    def test_span_text_message_names_both_lengths(self) -> None:
        """A text of the wrong length says the expected and the actual length."""
        error = refusal(span, text="Alic")
        assert "(5)" in error.message
        assert "not 4" in error.message

    def test_span_with_a_huge_offset_does_not_crash_the_message(self) -> None:
        """An offset too long for repr() is still refused with a message."""
        error = refusal(span, start=-(10**5000))
        assert error.code == "invalid_span"
        assert len(error.message) < 200

    @pytest.mark.parametrize(("build", "code", "path", "message"), SPAN_MESSAGES)
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


# One refusal of each kind, with its exact code, path and message.
SPAN_FIELD_MESSAGES: list[Any] = [
    pytest.param(
        lambda: symbol(source_span="p1"),
        "wrong_type",
        ("source_span",),
        "SymbolBinding.source_span must be a SourceSpanLink, not str (got 'p1')",
        id="wrong_type-span",
    ),
]


class TestSpanFields:
    """A field that holds a span holds a SourceSpanLink."""

    @pytest.mark.parametrize(("owner", "field"), SPAN_FIELDS)
    @pytest.mark.parametrize(
        "value",
        [
            None,
            ("p1", 0, 5, "Alice"),
            {"source_id": "p1", "start": 0, "end": 5, "text": "Alice"},
            "p1",
            SymbolBinding,
        ],
    )
    def test_span_field_refuses_non_span(
        self, owner: str, field: str, value: object
    ) -> None:
        """A span field holds a SourceSpanLink, nothing that looks like one."""
        error = refusal(BUILDERS[owner], **{field: value})
        assert_refusal(error, "wrong_type", (field,), owner)
        assert "SourceSpanLink" in error.message

    @pytest.mark.parametrize(("build", "code", "path", "message"), SPAN_FIELD_MESSAGES)
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


_PROBLEM = "Alice has 3 apples. Bob gives her 5 more apples."


class TestQuotingAPhrase:
    """SourceSpanLink.of and .find make the span that quotes a phrase of a text, or refuse."""

    def test_of_quotes_the_first_occurrence(self) -> None:
        """The span of a phrase starts where it first occurs, and quotes it."""
        found = SourceSpanLink.of(_PROBLEM, "apples", source_id="p1")
        assert found == SourceSpanLink("p1", 12, 18, "apples")
        assert _PROBLEM[found.start : found.end] == found.text

    def test_of_quotes_a_later_occurrence(self) -> None:
        """Occurrence counts from 0, and occurrences may overlap."""
        assert SourceSpanLink.of(_PROBLEM, "apples", source_id="p1", occurrence=1) == (
            SourceSpanLink("p1", 41, 47, "apples")
        )
        assert SourceSpanLink.of("aaa", "aa", source_id="x", occurrence=1).start == 1

    def test_find_quotes_within_a_span_in_the_source_s_offsets(self) -> None:
        """A span's find gives a span of the same source, offsets counted from the source's start."""
        problem = SourceSpanLink("p1", 100, 100 + len(_PROBLEM), _PROBLEM)
        assert problem.find("3 apples") == SourceSpanLink("p1", 110, 118, "3 apples")
        assert problem.find("apples", occurrence=1).start == 141

    def test_offsets_count_characters(self) -> None:
        """Offsets are characters, not bytes, as every span's are."""
        assert SourceSpanLink.of("Zoë has 3 pears", "pears", source_id="p").start == 10

    @pytest.mark.parametrize(
        ("arguments", "code", "path", "message"),
        [
            (
                (_PROBLEM, "pears"),
                "invalid_span",
                ("phrase",),
                "SourceSpanLink.of.phrase must occur in the text (got 'pears')",
            ),
            (
                (_PROBLEM, "Bob", 1),
                "invalid_span",
                ("occurrence",),
                (
                    "SourceSpanLink.of.occurrence must be less than the times the phrase"
                    " occurs in the text (1) (got 1)"
                ),
            ),
            (
                (_PROBLEM, "Bob", -1),
                "invalid_span",
                ("occurrence",),
                (
                    "SourceSpanLink.of.occurrence must be at least 0: the first occurrence"
                    " is 0 (got -1)"
                ),
            ),
            (
                (_PROBLEM, "Bob", True),
                "wrong_type",
                ("occurrence",),
                "SourceSpanLink.of.occurrence must be an int, not bool (got True)",
            ),
            (
                (_PROBLEM, ""),
                "empty_text",
                ("phrase",),
                "SourceSpanLink.of.phrase must not be empty (got '')",
            ),
            (
                (b"Alice", "Alice"),
                "wrong_type",
                ("text",),
                "SourceSpanLink.of.text must be a str, not bytes (got b'Alice')",
            ),
        ],
    )
    def test_a_phrase_that_is_not_there_is_refused(
        self, arguments: tuple[Any, ...], code: str, path: tuple[str, ...], message: str
    ) -> None:
        """A phrase the text does not hold, as often as asked, is refused with the exact code, path and message."""
        text, phrase, *occurrence = arguments
        error = refusal(
            SourceSpanLink.of,
            text,
            phrase,
            source_id="p1",
            occurrence=occurrence[0] if occurrence else 0,
        )
        assert (error.code, error.path, error.message) == (code, path, message)

    def test_find_names_itself_in_its_refusals(self) -> None:
        """A span's find refuses as of does, in its own name."""
        error = refusal(span().find, "Bob")
        assert (
            error.message
            == "SourceSpanLink.find.phrase must occur in the text (got 'Bob')"
        )

    def test_the_source_id_is_checked_as_any_span_s(self) -> None:
        """A blank source id is refused as the span's own field."""
        error = refusal(SourceSpanLink.of, _PROBLEM, "Bob", source_id=" ")
        assert (error.code, error.path) == ("empty_text", ("source_id",))
