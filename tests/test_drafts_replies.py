"""Drafts as models write them: values read exactly from a JSON number's digits, and a draft among a reply's prose or in its fenced block."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Final
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph.drafts import DraftChecker, compile_draft, draft_refusals
from binding_graph.drafts._sources import reply as _reply
from tests._drafts import Problem, chunks, problems, written

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


DRAFT: Final = one("2.5")
NO_DRAFT: Final = (
    "a draft must be JSON: the reply holds no JSON object, alone, among prose or in"
    " a fenced block"
)


def json_refusal(message: str) -> list[Told]:
    """Return the one refusal of a reply that is no draft's JSON, as *message* says why."""
    return [("malformed_document", (), f"a draft must be JSON: {message}")]


class TestReplies:
    """A reply's one JSON object, alone, among prose or in one fenced block, is its draft; its refusals keep their places in the reply."""

    @pytest.mark.parametrize(
        "reply",
        [
            f"Here is the draft:\n```json\n{DRAFT}\n```\nI hope it helps.",
            f"```\n{DRAFT}\n```",
            f"Sure! {DRAFT} That is all.",
            f"{DRAFT}\nIt quotes the text.",
            f"Here:\r\n  ```JSON\r\n{DRAFT}\r\n  ````\r\n",
            f"Use `value` and ``unit``:\n\n{DRAFT}",
        ],
    )
    def test_the_draft_in_a_reply_compiles(self, reply: str) -> None:
        """The draft read out of the reply gives the graph the draft alone gives, whole or streamed."""
        assert told(reply) == []
        assert compile_draft(reply, NUMBERS, source_id="p1") == compile_draft(
            DRAFT, NUMBERS, source_id="p1"
        )

    def test_a_reply_without_a_draft(self) -> None:
        """Prose, a text of no object, too few backquotes for a fence: no draft."""
        for reply in ("I cannot answer that.", "12", "\n``", '"a draft"'):
            assert told(reply) == [("malformed_document", (), NO_DRAFT)]

    def test_a_second_draft_is_refused_where_it_starts(self) -> None:
        """A second object, or a second block, after the draft makes the reply ambiguous."""
        reply = f"Either {DRAFT} or {{}}."
        assert told(reply) == json_refusal(
            f"at character {reply.rindex('{')}, a second '{{' after the draft's"
            " object: a reply holds one JSON object"
        )
        block = f"```json\n{DRAFT}\n```\n"
        assert told(block + block) == json_refusal(
            f"at character {len(block)}, a fenced block after the draft: a reply"
            " holds one draft"
        )

    @pytest.mark.parametrize(
        ("reply", "message"),
        [
            (
                f"```json\n{DRAFT}\n",
                "at character 0, a fenced block that no fence closes",
            ),
            ("Here:\n```json", "at character 6, a fenced block that no fence closes"),
            (
                "```python\nx = 1\n```",
                "at character 0, a fenced block of 'python': a draft is a block of JSON",
            ),
            (
                f"```json\n{DRAFT}\n``` done",
                (
                    f"at character {len(DRAFT) + 9}, a fence that closes a block must"
                    " be backquotes alone"
                ),
            ),
            ("```json\n```", "at character 8, the fenced block is empty"),
            (
                '```json\n{"steps": [\n```',
                "at character 20, the fenced block ends before the draft does",
            ),
            ('Sure: {"a" 1}', "at character 11, expected ':'"),
            (
                "```json\n{}}\n```",
                "at character 10, expected the fence that closes the block",
            ),
            (
                "```json\n{} 1\n```",
                "at character 11, expected the fence that closes the block",
            ),
            (
                "```json\n{}:\n```",
                "at character 10, expected the fence that closes the block",
            ),
            (
                "```json\n{},\n```",
                "at character 10, expected the fence that closes the block",
            ),
            ("```json\n:\n```", "at character 8, expected a JSON value"),
            (
                "```json\n{}[\n```",
                "at character 10, expected the fence that closes the block",
            ),
            ("``x\n{", "at character 5, the text ends before the draft does"),
            ("Note:\n```json\n{,}\n```", "at character 15, expected a key or '}'"),
            (
                f"A set {{x}}\n```json\n{DRAFT}\n```",
                "at character 7, expected a key or '}'",
            ),
        ],
    )
    def test_a_fence_or_json_refused_at_its_character(
        self, reply: str, message: str
    ) -> None:
        """Each refusal of the reply's text tells its character in the whole reply, after the draft's own refusals of what came before."""
        assert told(reply)[-1:] == json_refusal(message)

    def test_a_draft_s_refusals_keep_their_paths(self) -> None:
        """A refusal of the draft's content is at its path in the draft, as if it were alone."""
        reply = f"Here:\n```json\n{one('3')}\n```"
        assert (
            told(reply)
            == told(one("3"))
            == [
                (
                    "value_not_stated",
                    ("quantities", 0, "value"),
                    (
                        "Draft.quantities[0].value must be a number its quote states:"
                        " '2.5 meters' states 2.5 (got '3')"
                    ),
                )
            ]
        )

    @settings(max_examples=40)
    @given(problems(), st.sampled_from(["prose", "fence", "after"]), st.data())
    def test_a_sound_draft_in_any_reply_cut_anywhere(
        self, problem: Problem, form: str, data: st.DataObject
    ) -> None:
        """A drawn sound draft, in prose or a fence, fed in chunks cut anywhere, is told nothing and gives its graph."""
        text, tree = problem
        drafted = written(tree)
        reply = {
            "prose": f"The draft is {drafted}, as asked.",
            "fence": f"Here it is.\n```json\n{drafted}\n```\nDone.",
            "after": f"{drafted}\nEach quote is the text's.",
        }[form]
        checker = DraftChecker(text, source_id="p")
        for piece in chunks(data.draw, reply):
            assert checker.feed(piece) == ()
        assert checker.close() == ()
        assert checker.graph == compile_draft(reply, text, source_id="p")
        assert checker.graph == compile_draft(tree, text, source_id="p")


def _scanned(lines: int) -> int:
    """Return how many characters the reply reader scans for line ends in a reply of *lines* lines of prose before its draft."""
    scanned = 0
    search = _reply._LINE_END.search  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]

    class Counted:
        def search(self, text: str, at: int) -> Any:
            nonlocal scanned
            found = search(text, at)
            scanned += (len(text) if found is None else found.end()) - at
            return found

    with mock.patch.object(_reply, "_LINE_END", Counted()):
        assert told("A line of prose.\n" * lines + DRAFT) == []
    return scanned


class TestCost:
    """Each line of a reply is scanned once for its end: prose of many lines costs work linear in it."""

    def test_four_times_the_lines_is_at_most_five_times_the_work(self) -> None:
        """A reply of 8,000 lines before its draft is scanned no more than 5 times as much as one of 2,000."""
        assert _scanned(8000) <= 5 * _scanned(2000)
