"""Quotes, located and read: the same refusals however the text is searched or read, and work linear in the text and the draft."""

from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, Any, Final
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph.drafts import draft_refusals, program_refusals
from binding_graph.drafts._checks import text as _quoted

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn


def every_start(text: str, phrase: str) -> list[int]:
    """Return where each occurrence of *phrase* starts in *text*: a search from one past each, the plain way."""
    found: list[int] = []
    at = text.find(phrase)
    while at >= 0:
        found.append(at)
        at = text.find(phrase, at + 1)
    return found


# The class the text's quotes are located with, as the drafts' source makes it.
SEARCHED: Final = type(_quoted.Source("").occurrences)


class Plain:
    """Where phrases occur, answered from every start listed the plain way: the reference."""

    def __init__(self, text: str) -> None:
        self.text = text

    def nth(self, phrase: str, k: int) -> int:
        """Return the start of the *k*-th occurrence, or -1."""
        starts = every_start(self.text, phrase)
        return starts[k] if k < len(starts) else -1

    def count(self, phrase: str) -> int:
        """Return how many occurrences there are."""
        return len(every_start(self.text, phrase))

    def before(self, phrase: str, start: int) -> int:
        """Return how many occurrences start before *start*."""
        return sum(at < start for at in every_start(self.text, phrase))


# Numbers in every form a text states them, words, whitespace of each
# kind, and numbers too long to read, so that quotes and the places around
# them meet every case.
_PIECES: Final = (
    "3",
    "12",
    "1,200",
    "2.5",
    ".5",
    "40%",
    " percent",
    "3/4",
    "6/0",
    "twenty-five",
    "half",
    "a",
    "ab",
    " ",
    "\u00a0",
    "\n",
    "x",
    "-",
    "9" * 301,
    "/" + "9" * 301,
)
_VALUES: Final = ("3", "12", "1200", "2.5", "0.5", "0.4", "0.75", "25", "20", "5")


@st.composite
def texts_and_drafts(draw: DrawFn) -> tuple[str, dict[str, Any]]:
    """Draw a text and a draft whose quotes are parts of it (often repeated) or not, with occurrences or not."""
    text = "".join(draw(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=16)))

    def quote() -> str:
        if draw(st.booleans()):
            start = draw(st.integers(0, len(text) - 1))
            return text[start : start + draw(st.integers(1, 12))]
        return draw(st.sampled_from((*_PIECES, "zz")))

    quantities: list[dict[str, Any]] = []
    for index in range(draw(st.integers(0, 6))):
        quantity: dict[str, Any] = {"name": f"q{index}", "quote": quote()}
        quantity["value"] = draw(st.sampled_from(_VALUES))
        if draw(st.booleans()):
            quantity["occurrence"] = draw(st.integers(0, 4))
        quantities.append(quantity)
    question = {"name": "q0", "quote": quote()}
    return text, {"quantities": quantities, "steps": [], "question": question}


def _shown(char: str) -> str:
    """Return how a message shows a long run of *char*: its ends, around an ellipsis."""
    return f"'{char * 27}...{char * 28}'"


def _refusals(
    draft: dict[str, Any],
    text: str,
    occurrences: Callable[[str], object],
    around: int,
) -> list[tuple[object, ...]]:
    with (
        mock.patch.object(_quoted, "Occurrences", occurrences),
        mock.patch.object(_quoted, "AROUND", around),
    ):
        return [
            (refusal.code, refusal.path, refusal.message)
            for refusal in draft_refusals(draft, text, limit=10**6)
        ]


class TestTheSameRefusals:
    """Searched, indexed or listed the plain way, read around each quote or read whole, a text gives a draft the same refusals."""

    @settings(max_examples=80, deadline=None)
    @given(texts_and_drafts())
    def test_every_way_agrees_with_the_plain_one(
        self, drawn: tuple[str, dict[str, Any]]
    ) -> None:
        """Quotes located by search or by index, numbers read around each quote or from the whole text: the plain way's refusals."""
        text, draft = drawn
        expected = _refusals(draft, text, Plain, sys.maxsize)
        assert _refusals(draft, text, SEARCHED, _quoted.AROUND) == expected
        assert _refusals(draft, text, partial(SEARCHED, times=0), -1) == expected
        assert _refusals(draft, text, partial(SEARCHED, times=1), -1) == expected

    @pytest.mark.parametrize(
        ("text", "quote"), [("a" + "9" * 301, "a"), ("7/" + "9" * 301, "7")]
    )
    def test_a_number_too_long_around_a_quote_in_the_whole_text(
        self, text: str, quote: str
    ) -> None:
        """Read whole, the text refuses a quote whose surroundings hold a number (or a divisor) too long, as reading around it does."""
        text += " b c 3 d"
        draft = {
            "quantities": [
                {"name": "x", "quote": quote, "value": 7},
                {"name": "y", "quote": "3 d", "value": 3},
            ],
            "steps": [],
            "question": {"name": "x", "quote": "b"},
        }
        refused = _refusals(draft, text, SEARCHED, -1)
        assert refused == _refusals(draft, text, Plain, sys.maxsize)
        assert refused == [
            (
                "limit_exceeded",
                ("quantities", 0, "quote"),
                (
                    "Draft.quantities[0].quote holds a number of more than 300"
                    f" digits (got {_shown('9')})"
                ),
            )
        ]


def _working(draft: dict[str, Any], text: str) -> tuple[tuple[object, ...], int]:
    """Return the refusals of *draft* against *text*, and the work done to locate its quotes."""
    made: list[Any] = []

    def counted(text: str) -> object:
        """Return occurrences of *text*, kept to be counted."""
        made.append(SEARCHED(text))
        return made[-1]

    with mock.patch.object(_quoted, "Occurrences", counted):
        refused = tuple(
            (refusal.code, refusal.path, refusal.message)
            for refusal in draft_refusals(draft, text)
        )
    (occurrences,) = made
    return refused, occurrences.work


def _overlapping(n: int) -> int:
    """Return the work of a draft whose quotes, of ``n // 2`` letters, occur ``n // 2 + 1`` times, overlapping, in ``n`` of them."""
    half = "a" * (n // 2)
    draft = {
        "quantities": [{"name": "x", "quote": half, "value": 1}],
        "steps": [],
        "question": {"name": "x", "quote": half, "occurrence": n // 4},
    }
    refused, work = _working(draft, "a" * n)
    assert refused == (
        (
            "ambiguous_quote",
            ("quantities", 0, "quote"),
            (
                f"Draft.quantities[0].quote occurs {n // 2 + 1} times in the text"
                " (at offsets 0, 1, 2, 3, 4, ...): quote more of the text, so that"
                " it occurs once, or give its occurrence, counting from 0"
                f" (got {_shown('a')})"
            ),
        ),
    )
    return work


def _distinct(n: int) -> int:
    """Return the work of a draft of *n* quantities, each quoting its own word of a text of them."""
    words = [f"w{i:05d} " for i in range(n)]
    draft = {
        "quantities": [
            {"name": f"v{i}", "quote": word, "value": i} for i, word in enumerate(words)
        ],
        "steps": [],
        "question": {"name": "v0", "quote": words[0]},
    }
    refused, work = _working(draft, "".join(words))
    assert refused == ()
    return work


def _calls(call: Callable[[], object]) -> int:
    """Return how many calls, Python's and C's, *call* makes: work, counted the same on every run."""
    count = 0

    def profile(_: object, event: str, __: object) -> None:
        nonlocal count
        if event in {"call", "c_call"}:
            count += 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return count


def _without_whitespace(n: int) -> int:
    """Return the calls made to check a draft of *n* quantities against a text without whitespace, each quoting its own number."""
    numbers = [f"{i:05d}x" for i in range(n)]
    draft = {
        "quantities": [
            {"name": f"v{i}", "quote": number, "value": i}
            for i, number in enumerate(numbers)
        ],
        "steps": [],
        "question": {"name": "v0", "quote": numbers[0]},
    }
    return _calls(partial(draft_refusals, draft, "".join(numbers)))


def _sharing(n: int) -> int:
    """Return the calls made to read a program of *n* assignments of one number, which a text of it states *n* times."""
    program = (
        "def solution():\n"
        + "".join(f"    x{i} = 3\n" for i in range(n))
        + "    return x0\n"
    )
    text = "3 " * n + "How many?"
    assert program_refusals(program, text, source_id="p") == ()
    return _calls(partial(program_refusals, program, text, source_id="p"))


class TestCost:
    """The work of locating and reading quotes grows as the text and the draft do: at most about 5 times when they grow 4 times."""

    @pytest.mark.parametrize("work", [_overlapping, _distinct])
    def test_four_times_the_quotes_is_at_most_five_times_the_work(
        self, work: Callable[[int], int]
    ) -> None:
        """A quote whose occurrences overlap, and many distinct quotes, cost work linear in the text and the draft."""
        assert work(4000) <= 5 * work(1000)

    def test_a_text_without_whitespace_is_read_once(self) -> None:
        """Quantities whose quotes lie in a text without whitespace make calls linear in their number, not in it times the text."""
        assert (
            draft_refusals(
                {
                    "quantities": [{"name": "v", "quote": "00001x", "value": 1}],
                    "steps": [],
                    "question": {"name": "v", "quote": "00000x"},
                },
                "00000x00001x",
            )
            == ()
        )
        assert _without_whitespace(400) <= 5 * _without_whitespace(100)

    def test_quantities_of_one_quote_list_its_occurrences_once(self) -> None:
        """A program's numbers that share their words list where those occur once, not once each."""
        assert _sharing(800) <= 5 * _sharing(200)


CURLY: Final = (
    "Janet\u2019s ducks lay 16 eggs per day. She eats three for breakfast and bakes"
    " with four. She sells the rest for $2 per egg. How much does she make?"
)
"""A text with a curly apostrophe, as 53 of GSM8K's 1,319 test problems hold one."""
_MUST: Final = "must occur in the text, exactly as it is written there"


def _misquoted(quote: str, text: str = CURLY) -> list[tuple[object, ...]]:
    """Return every refusal of a draft whose one quantity quotes *quote*: code, path, message."""
    draft = {
        "quantities": [{"name": "a", "quote": quote, "value": 16}],
        "steps": [],
        "question": {"name": "a", "quote": text[-9:]},
    }
    return [
        (refusal.code, refusal.path, refusal.message)
        for refusal in draft_refusals(draft, text, limit=10**6)
    ]


class TestNearestPassage:
    """A quote the text does not hold is refused with the text's nearest passage, where it starts, and each cut around where the two differ."""

    def test_a_straight_apostrophe_is_shown_the_curly_one(self) -> None:
        """The passage is the text's own characters, so that the model sees a straight apostrophe where the text has a curly one."""
        assert _misquoted("Janet's ducks") == [
            (
                "quote_not_found",
                ("quantities", 0, "quote"),
                (
                    f'Draft.quantities[0].quote {_MUST} (got "Janet\'s ducks"): the'
                    " text's nearest passage is 'Janet\u2019s ducks', at character 0"
                ),
            )
        ]

    def test_a_double_space_is_shown_the_single_one(self) -> None:
        """Two spaces where the text has one: the passage that ends as the quote does."""
        assert _misquoted("16  eggs") == [
            (
                "quote_not_found",
                ("quantities", 0, "quote"),
                (
                    f"Draft.quantities[0].quote {_MUST} (got '16  eggs'): the text's"
                    " nearest passage is ' 16 eggs', at character 17"
                ),
            )
        ]

    def test_a_passage_that_cuts_a_word_is_widened_to_it(self) -> None:
        """A passage as long as the quote that ends inside a word shows the whole word."""
        assert _misquoted("eats 3")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got 'eats 3'): the text's nearest"
            " passage is 'eats three', at character 39"
        )
        assert _misquoted("16 eggs a day")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got '16 eggs a day'): the text's"
            " nearest passage is '16 eggs per day', at character 18"
        )

    def test_a_word_too_long_to_widen_to_is_cut_within_reach(self) -> None:
        """A passage is widened at most WIDEN characters into a word: a longer word stays cut."""
        text = "Zorvak has supercalifragilisticexpialidocious 12 glimpots."
        assert _misquoted("Zorvak has supercalX", text)[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got 'Zorvak has supercalX'): the"
            " text's nearest passage is 'Zorvak has supercalifragilisticexpialido',"
            " at character 0"
        )

    def test_words_put_in_show_the_passage_between_the_start_and_the_end(
        self,
    ) -> None:
        """A quote with words the text has not, between its start and its end, is shown the text from that start to that end; the long quote is cut around where the two part."""
        quote = (
            "She sells the rest for $2 per egg at the farmers' market. How much"
            " does she make?"
        )
        assert _misquoted(quote)[0][2] == (
            f'Draft.quantities[0].quote {_MUST} (got ..." rest for $2 per egg at'
            " the farmers' market. How much does s\"...): the text's nearest passage"
            " is 'She sells the rest for $2 per egg. How much does she make?', at"
            " character 85"
        )

    def test_a_long_quote_and_passage_are_cut_around_where_they_differ(self) -> None:
        """Both are cut to the window around their first difference, with ... on each side cut: never in the middle, where the difference may be."""
        text = f"The farm sells {'x' * 80} and that is all, she said at the market."
        quote = text.replace("that is", "thus is")
        assert _misquoted(quote, text)[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got ...'{'x' * 19} and thus is"
            " all, she said at the market.'): the text's nearest passage is"
            f" ...'{'x' * 19} and that is all, she said at the market.', at"
            " character 0"
        )
        quote = "The farm sold" + text[14:]
        assert _misquoted(quote, text)[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got 'The farm sold"
            f" {'x' * 46}'...): the text's nearest passage is 'The farm sells"
            f" {'x' * 45}'..., at character 0"
        )

    def test_a_quote_near_nothing_is_told_so(self) -> None:
        """A quote of which the text holds less than half, in any passage, is shown no passage."""
        assert _misquoted("100 apples + 2*5 more apples = 150 apples")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got '100 apples + 2*5 more apples"
            " = 150 apples'): the text holds no passage near it"
        )
        assert _misquoted("\u00a7")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got '\u00a7'): the text holds no"
            " passage near it"
        )

    def test_a_quote_past_either_end_of_the_text(self) -> None:
        """A passage as long as the quote stops at the text's ends."""
        assert _misquoted("the Janet\u2019s", "Janet\u2019s ducks")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got 'the Janet\u2019s'): the text's"
            " nearest passage is 'Janet\u2019s', at character 0"
        )
        assert _misquoted("Janet\u2019s ducks lay", "Janet\u2019s ducks")[0][2] == (
            f"Draft.quantities[0].quote {_MUST} (got 'Janet\u2019s ducks lay'): the"
            " text's nearest passage is 'Janet\u2019s ducks', at character 0"
        )

    def test_a_program_s_question_is_shown_its_nearest_passage(self) -> None:
        """question= words the text does not hold are refused as a draft's quote is."""
        program = "def solution():\n    eggs = 16\n    return eggs\n"
        (refusal,) = program_refusals(
            program, CURLY, source_id="p", question="How much does she earn?"
        )
        assert (refusal.code, refusal.path, refusal.message) == (
            "quote_not_found",
            ("question",),
            (
                f"program_refusals.question {_MUST} (got 'How much does she earn?'):"
                " the text's nearest passage is 'How much does she make?', at"
                " character 120"
            ),
        )

    def test_the_searches_stop_at_their_budget(self) -> None:
        """Past READS times the text (and FLOOR), a misquote is refused without its passage: many misquotes of a long text cost time linear in them and it."""
        words = [f"w{i:05d} " for i in range(10_000)]
        text = "".join(words)
        draft = {
            "quantities": [
                {"name": f"v{i}", "quote": f"w{i:05d}x", "value": i}
                for i in range(1_000)
            ],
            "steps": [],
            "question": {"name": "v0", "quote": words[0]},
        }
        messages = [
            refusal.message for refusal in draft_refusals(draft, text, limit=10**6)
        ]
        assert len(messages) == 1_000
        assert messages[0] == (
            f"Draft.quantities[0].quote {_MUST} (got 'w00000x'): the text's nearest"
            " passage is 'w00000 ', at character 0"
        )
        assert messages[-1] == f"Draft.quantities[999].quote {_MUST} (got 'w00999x')"
        shown = sum("nearest passage" in message for message in messages)
        assert 1 < shown < 20
        assert all("nearest" not in message for message in messages[shown:])
