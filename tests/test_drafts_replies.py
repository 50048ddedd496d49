"""Drafts as models write them: values read exactly from a JSON number's digits, and a draft among a reply's prose or in its fenced block."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Final

import pytest

from binding_graph.drafts import DraftChecker, compile_draft, draft_refusals

NUMBERS: Final = (
    "A rope is 2.5 meters long, a sack holds 1000 grams and a jug 0.5 liters."
    " Ann has 12345678901234567890 coins. How much is there?"
)

Told = tuple[str, tuple[object, ...], str]


def one(value: str, quote: str = "2.5 meters") -> str:
    """Return the text of a draft of :data:`NUMBERS` whose one quantity, quoting *quote*, has the JSON *value*."""
    return (
        '{"quantities": [{"name": "a", "quote": "'
        + quote
        + '", "value": '
        + value
        + '}], "steps": [], "question": {"name": "a", "quote": "How much is there?"}}'
    )


def told(reply: object, text: str = NUMBERS) -> list[Told]:
    """Return every refusal of *reply*: code, path, message; the same as a checker fed it a character at a time tells."""
    listed: list[Told] = [
        (error.code, error.path, error.message)
        for error in draft_refusals(reply, text, limit=1000)
    ]
    if isinstance(reply, str):
        checker = DraftChecker(text, source_id="p1")
        streamed: list[Told] = []
        for character in reply:
            streamed += [(e.code, e.path, e.message) for e in checker.feed(character)]
        streamed += [(e.code, e.path, e.message) for e in checker.close()]
        assert streamed == listed
    return listed


class TestExactNumbers:
    """A JSON number with a fraction or an exponent is the value its digits spell, never a float's; the fact spells it canonically."""

    @pytest.mark.parametrize(
        ("value", "quote", "spelled"),
        [
            ("2.5", "2.5 meters", "2.5"),
            ("2.50", "2.5 meters", "2.5"),
            ("25e-1", "2.5 meters", "2.5"),
            ("1e3", "1000 grams", "1000"),
            ("1.000E+3", "1000 grams", "1000"),
            ("0.5", "0.5 liters", "0.5"),
            ("5E-1", "0.5 liters", "0.5"),
            (
                "12345678901234567890",
                "12345678901234567890 coins",
                "12345678901234567890",
            ),
            (
                "1.234567890123456789e19",
                "12345678901234567890 coins",
                "12345678901234567890",
            ),
        ],
    )
    def test_a_value_is_its_digits(self, value: str, quote: str, spelled: str) -> None:
        """The fact's value is the canonical spelling of the exact number, streamed or whole."""
        assert told(one(value, quote)) == []
        graph = compile_draft(one(value, quote), NUMBERS, source_id="p1")
        assert [fact.value for fact in graph.facts] == [spelled]

    @pytest.mark.parametrize(
        ("value", "got"),
        [
            ("-2.5", "-2.5"),
            ("-0.0", "0"),
            ("0e999999999999", "0"),
            ("2.4999999999999999999", "2.4999999999999999999"),
            ("1e5", "100000"),
        ],
    )
    def test_a_value_not_stated_is_told_as_read(self, value: str, got: str) -> None:
        """A value its quote does not state is told exactly as read: no float rounds 2.4999999999999999999 to 2.5."""
        assert told(one(value)) == [
            (
                "value_not_stated",
                ("quantities", 0, "value"),
                (
                    "Draft.quantities[0].value must be a number its quote states:"
                    f" '2.5 meters' states 2.5 (got {got!r})"
                ),
            )
        ]

    @pytest.mark.parametrize(
        "value",
        ["1e300", "1e-300", "1e99999999999", "1e-700", "1" * 301, "0." + "0" * 300],
    )
    def test_more_digits_than_a_number_may_take(self, value: str) -> None:
        """More than MAX_DIGITS digits, as written or written out, is refused at the value; no exponent is ever raised to."""
        ((code, path, message),) = told(one(value))
        assert (code, path) == ("limit_exceeded", ("quantities", 0, "value"))
        assert message.startswith(
            "Draft.quantities[0].value holds a number of more than 300 digits (got "
        )

    def test_a_tree_holds_a_decimal_not_a_float(self) -> None:
        """A tree json.loads read with parse_float=Decimal is read as its text; a float is refused, its digits lost."""
        exact = json.loads(one("2.50"), parse_float=Decimal)
        graph = compile_draft(exact, NUMBERS, source_id="p1")
        assert [fact.value for fact in graph.facts] == ["2.5"]
        assert told(json.loads(one("2.4999999999999999999"))) == [
            (
                "wrong_type",
                ("quantities", 0, "value"),
                (
                    "Draft.quantities[0].value must be a JSON number, or a str that"
                    ' parse_number reads, such as "3/4", not a float, whose digits are'
                    " not the ones written: hand over the draft's text, or a tree that"
                    " json.loads read with parse_float=decimal.Decimal (got 2.5)"
                ),
            )
        ]
        endless: Any = json.loads(one("1"))
        endless["quantities"][0]["value"] = Decimal("NaN")
        assert [(code, path) for code, path, _ in told(endless)] == [
            ("wrong_type", ("quantities", 0, "value"))
        ]
