"""The fuzz harness's target and seed corpus: replayed on every test run."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests._helpers import ROOT, load_script, run_python

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


HARNESS = ROOT / "fuzz" / "fuzz_documents.py"


SEEDS = sorted((ROOT / "tests" / "fuzz_corpus").iterdir())


@pytest.fixture(scope="module")
def target() -> Callable[[bytes], None]:
    """The harness's target: reads its input every way, refusals only."""
    harness: Any = load_script(HARNESS)
    fuzz_target: Callable[[bytes], None] = harness.target
    return fuzz_target


class TestCorpus:
    """Every seed of the corpus passes through every reader, and the seeds span both sides."""

    @pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name)
    def test_every_seed_is_read_without_a_foreign_exception(
        self, target: Callable[[bytes], None], seed: Path
    ) -> None:
        """Each seed, whole and in prefixes, passes through every reader."""
        data = seed.read_bytes()
        for end in [*range(0, len(data), max(1, len(data) // 64)), len(data)]:
            target(data[:end])

    def test_the_corpus_holds_valid_and_refused_documents(self) -> None:
        """The seeds start the fuzzer on both sides of the boundary."""
        from binding_graph import BindingGraphError, loads  # noqa: PLC0415

        def accepted(seed: Path) -> bool:
            try:
                loads(seed.read_bytes())
            except BindingGraphError:
                return False
            return True

        verdicts = [accepted(seed) for seed in SEEDS]
        assert verdicts.count(True) >= 3
        assert verdicts.count(False) >= 3


def _quotes(seed: str) -> list[str]:
    """Return the quotes of the draft *seed* holds, its question's last."""
    draft = json.loads(seed)
    return [quantity["quote"] for quantity in draft["quantities"]] + [
        draft["question"]["quote"]
    ]


def _overlaps(seed: str) -> bool:
    quote = _quotes(seed)[0]
    at = seed.find(quote)
    following = seed.find(quote, at + 1)
    while following >= at + len(quote):
        at, following = following, seed.find(quote, following + 1)
    return following >= 0


def _unspaced(seed: str) -> bool:
    text = seed.rstrip("\n")
    return not any(char.isspace() for char in text) and len(_quotes(text)) >= 20


def _distinct(seed: str) -> bool:
    quotes = _quotes(seed)
    return len(set(quotes)) >= 20 and all(quote in seed for quote in quotes)


def _long_tokens(seed: str) -> bool:
    value = json.loads(seed, parse_int=str)["quantities"][0]
    return len(value["quote"]) >= 1000 and len(value["value"]) >= 1000


class TestSeedsOfCosts:
    """A draft that once cost time quadratic in it starts the fuzzer, one for each way it did."""

    @pytest.mark.parametrize(
        ("name", "holds"),
        [
            ("draft_overlapping_quote.json", _overlaps),
            ("draft_without_whitespace.json", _unspaced),
            ("draft_many_quotes.json", _distinct),
            ("draft_long_tokens.json", _long_tokens),
        ],
    )
    def test_each_cost_of_a_draft_has_its_seed(
        self, name: str, holds: Callable[[str], bool]
    ) -> None:
        """Overlapping occurrences, a text without whitespace, many distinct quotes and long tokens: each a seed, read as a draft against itself."""
        seed = (ROOT / "tests" / "fuzz_corpus" / name).read_text(encoding="utf-8")
        assert holds(seed)


class TestHarness:
    """The harness runs as a script, with the fallback engine."""

    def test_the_harness_runs_a_bounded_hypothesis_campaign(self) -> None:
        """The fallback engine runs its budget and reports no foreign exception."""
        output = run_python(str(HARNESS), "--engine", "hypothesis", "--runs", "50")
        assert "runs in" in output
        assert "no foreign exception" in output
