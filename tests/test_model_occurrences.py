"""Where phrases occur in a text: every occurrence, overlapping or not, found in time linear in the text and the phrases."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError, SourceSpanLink, _quotes
from binding_graph._occurrences import Occurrences, period
from binding_graph._suffixes import Suffixes

if TYPE_CHECKING:
    from collections.abc import Callable


def every_start(text: str, phrase: str) -> list[int]:
    """Return where each occurrence of *phrase* starts in *text*: a search from one past each, the plain way."""
    found: list[int] = []
    at = text.find(phrase)
    while at >= 0:
        found.append(at)
        at = text.find(phrase, at + 1)
    return found


# Texts of few letters, so that phrases occur, and overlap, often.
_TEXTS: Final = st.text(alphabet="ab", max_size=300) | st.text(
    alphabet="abc ", max_size=60
)
_QUESTIONS: Final = st.lists(
    st.tuples(
        st.sampled_from(["nth", "count", "before"]),
        st.text(alphabet="abc", min_size=1, max_size=7),
        st.integers(0, 320),
    ),
    max_size=12,
)


class TestOccurrences:
    """Each question about a phrase is answered as searching from each occurrence answers it."""

    def test_occurrences_overlap(self) -> None:
        """``"aa"`` occurs three times in ``"aaaa"``; asked in any order, the answers agree."""
        found = Occurrences("aaaa")
        assert (found.nth("aa", 2), found.nth("aa", 3), found.count("aa")) == (2, -1, 3)
        assert (found.before("aa", 2), found.before("aa", 9)) == (2, 3)
        assert (found.count("b"), found.nth("b", 0), found.before("b", 1)) == (0, -1, 0)

    def test_a_run_of_occurrences_is_followed_a_period_at_a_time(self) -> None:
        """Runs of an overlapping phrase, broken and started again, are each found whole."""
        text = "abababa-ababab-aba"
        found = Occurrences(text)
        assert [found.nth("aba", k) for k in range(7)] == [0, 2, 4, 8, 10, 15, -1]
        assert found.count("abab") == len(every_start(text, "abab"))

    @pytest.mark.parametrize("times", [256, 1, 0])
    @settings(max_examples=60, deadline=None)
    @given(text=_TEXTS, questions=_QUESTIONS)
    def test_every_answer_is_the_plain_search_s(
        self, times: int, text: str, questions: list[tuple[str, str, int]]
    ) -> None:
        """nth, count and before agree with a search from one past each occurrence, searched or indexed."""
        found = Occurrences(text, times=times)
        for question, phrase, number in questions:
            starts = every_start(text, phrase)
            if question == "nth":
                expected = starts[number] if number < len(starts) else -1
                assert found.nth(phrase, number) == expected
            elif question == "count":
                assert found.count(phrase) == len(starts)
            else:
                expected = sum(start < number for start in starts)
                assert found.before(phrase, number) == expected

    @pytest.mark.parametrize(
        ("phrase", "expected"),
        [("a", 1), ("abcab", 3), ("aaaa", 1), ("abab", 2), ("aabaab", 3), ("abc", 3)],
    )
    def test_the_period_of_a_phrase(self, phrase: str, expected: int) -> None:
        """A phrase's period is the least shift that leaves it starting itself."""
        assert period(phrase) == expected


class TestIndex:
    """The text's index answers as the plain search does, wherever a phrase's ends lie in it."""

    @settings(max_examples=40, deadline=None)
    @given(
        text=st.text(alphabet="ab\u00e9\U0001f34e", min_size=1, max_size=700),
        data=st.data(),
    )
    def test_ranges_of_ends(self, text: str, data: st.DataObject) -> None:
        """Each phrase's count, first end, k-th end and ends before a bound are its occurrences'."""
        index = Suffixes(text)
        for _ in range(8):
            start = data.draw(st.integers(0, len(text) - 1))
            phrase = text[start : start + data.draw(st.integers(1, 6))]
            starts = every_start(text, phrase)
            found = index.find(phrase)
            assert found is not None
            low, high, first = found
            ends = [at + len(phrase) - 1 for at in starts]
            assert (high - low, first) == (len(ends), ends[0])
            k = data.draw(st.integers(0, len(ends) - 1))
            assert index.end(low, high, k) == ends[k]
            bound = data.draw(st.integers(0, len(text) + 1))
            assert index.ends_before(low, high, bound) == sum(
                end < bound for end in ends
            )
        assert index.find("z") is None

    def test_an_empty_text_holds_nothing(self) -> None:
        """The index of an empty text finds no phrase."""
        assert Suffixes("").find("a") is None


class TestSpans:
    """A span found by its occurrence: the k-th, overlapping or not, or the refusal that counts them."""

    def test_the_k_th_of_overlapping_occurrences(self) -> None:
        """``SourceSpanLink.of`` finds the k-th of a run of overlapping occurrences, and counts them when there are fewer."""
        text = "x" + "a" * 10 + "x"
        span = SourceSpanLink.of(text, "aaa", source_id="p", occurrence=7)
        assert (span.start, span.end) == (8, 11)
        with pytest.raises(BindingGraphError) as raised:
            SourceSpanLink.of(text, "aaa", source_id="p", occurrence=8)
        assert (raised.value.code, raised.value.path, raised.value.message) == (
            "invalid_span",
            ("occurrence",),
            (
                "SourceSpanLink.of.occurrence must be less than the times the"
                " phrase occurs in the text (8) (got 8)"
            ),
        )


def _overlapping(n: int) -> int:
    """Return the work of asking everything of a phrase of ``n // 2`` letters in a text of ``n`` of them."""
    found = Occurrences("a" * n)
    phrase = "a" * (n // 2)
    assert [found.nth(phrase, k) for k in range(5)] == [0, 1, 2, 3, 4]
    assert (found.count(phrase), found.before(phrase, n // 4)) == (n // 2 + 1, n // 4)
    return found.work


def _distinct(n: int) -> int:
    """Return the work of asking whether each of *n* distinct words occurs once in a text of them."""
    words = [f"w{i:05d} " for i in range(n)]
    found = Occurrences("".join(words))
    for at, word in enumerate(words):
        assert (found.nth(word, 0), found.nth(word, 1)) == (7 * at, -1)
    return found.work


class TestCost:
    """The work grows as the text and the phrases do: at most about 5 times when they grow 4 times."""

    @pytest.mark.parametrize("work", [_overlapping, _distinct])
    def test_four_times_the_input_is_at_most_five_times_the_work(
        self, work: Callable[[int], int]
    ) -> None:
        """Overlapping occurrences of one phrase, and many phrases in one text, cost work linear in them."""
        assert work(4000) <= 5 * work(1000)

    def test_many_phrases_index_the_text(self) -> None:
        """Past the searches' budget, the text is indexed, and each phrase costs its own length."""
        found = Occurrences("".join(f"w{i:05d} " for i in range(1000)))
        for i in range(1000):
            found.nth(f"w{i:05d} ", 1)
        assert found._index is not None  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        before = found.work
        assert (found.nth("00999 ", 0), found.count("w005")) == (7 * 999 + 1, 100)
        assert found.work - before == len("00999 ") + len("w005")

    def test_a_span_of_overlapping_occurrences_costs_the_text_once(self) -> None:
        """offset_of searches a run of overlapping occurrences a period at a time: work linear in the text."""
        made: list[Occurrences] = []

        class Counted(Occurrences):
            """Occurrences that keep themselves, to be counted."""

            def __init__(self, text: str) -> None:
                super().__init__(text)
                made.append(self)

        def work(n: int) -> int:
            with mock.patch.object(_quotes, "Occurrences", Counted):
                span = SourceSpanLink.of(
                    "a" * n, "a" * (n // 2), source_id="p", occurrence=n // 4
                )
            assert span.start == n // 4
            return made[-1].work

        assert work(16_000) <= 5 * work(4000) <= 25 * 4000
