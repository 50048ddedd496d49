"""The rule of texts: required and optional strings, their types, blanks and encodings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests._helpers import (
    BUILDERS,
    OPTIONAL_FIELDS,
    REQUIRED_STRING_FIELDS,
    TEXT_FIELDS,
    assert_refusal,
    refusal,
    span,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable


# A wrong type, a blank text or a lone surrogate, and the code each earns.
STRING_REFUSALS: list[tuple[object, str]] = [
    (None, "wrong_type"),
    (3, "wrong_type"),
    (b"x", "wrong_type"),
    (["x"], "wrong_type"),
    (("x",), "wrong_type"),
    ("", "empty_text"),
    (" ", "empty_text"),
    ("\t\n ", "empty_text"),
    ("\u3000\u00a0", "empty_text"),
    ("\ud800", "invalid_text"),
    ("ok\udfff", "invalid_text"),
]


# One refusal of each kind, with its exact code, path and message.
TEXT_MESSAGES: list[Any] = [
    pytest.param(
        lambda: symbol(name=3),
        "wrong_type",
        ("name",),
        "SymbolBinding.name must be a str, not int (got 3)",
        id="wrong_type",
    ),
    pytest.param(
        lambda: span(source_id=""),
        "empty_text",
        ("source_id",),
        "SourceSpanLink.source_id must not be empty or blank (got '')",
        id="empty_text",
    ),
    pytest.param(
        lambda: symbol(name="\u3000"),
        "empty_text",
        ("name",),
        "SymbolBinding.name must not be empty or blank (got '\\u3000')",
        id="empty_text-unicode-blank",
    ),
    pytest.param(
        lambda: symbol(name="a\ud800"),
        "invalid_text",
        ("name",),
        "SymbolBinding.name must be encodable as UTF-8 (it holds a lone surrogate)"
        " (got 'a\\ud800')",
        id="invalid_text",
    ),
]


class TestText:
    """Required strings are non-blank UTF-8 str; optional ones are None or the same."""

    @pytest.mark.parametrize(("owner", "field"), REQUIRED_STRING_FIELDS)
    @pytest.mark.parametrize(("value", "code"), STRING_REFUSALS)
    def test_required_string_refuses(
        self, owner: str, field: str, value: object, code: str
    ) -> None:
        """A required string refuses a non-str, a blank text and a lone surrogate."""
        error = refusal(BUILDERS[owner], **{field: value})
        assert_refusal(error, code, (field,), owner)

    @pytest.mark.parametrize(("owner", "field"), OPTIONAL_FIELDS)
    @pytest.mark.parametrize(
        ("value", "code"),
        [(value, code) for value, code in STRING_REFUSALS if value is not None],
    )
    def test_optional_string_refuses(
        self, owner: str, field: str, value: object, code: str
    ) -> None:
        """An optional string is None or follows the rules of a required one."""
        error = refusal(BUILDERS[owner], **{field: value})
        assert_refusal(error, code, (field,), owner)

    @pytest.mark.parametrize(("owner", "field"), OPTIONAL_FIELDS)
    @pytest.mark.parametrize("value", [None, "kg", "m/s²", " kg "])
    def test_optional_string_accepts_none_and_text(
        self, owner: str, field: str, value: str | None
    ) -> None:
        """An optional string may be None or any non-blank text, kept verbatim."""
        assert getattr(BUILDERS[owner](**{field: value}), field) == value

    @pytest.mark.parametrize(("owner", "field"), TEXT_FIELDS)
    @pytest.mark.parametrize("value", ["Café", "3 € ", "日本", " padded ", "a\nb"])
    def test_text_keeps_any_non_blank_unicode(
        self, owner: str, field: str, value: str
    ) -> None:
        """A required text may hold any non-blank Unicode, kept verbatim."""
        assert getattr(BUILDERS[owner](**{field: value}), field) == value

    @pytest.mark.parametrize(("build", "code", "path", "message"), TEXT_MESSAGES)
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
