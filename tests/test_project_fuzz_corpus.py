"""The fuzz harness's target and seed corpus: replayed on every test run."""

from __future__ import annotations

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


class TestHarness:
    """The harness runs as a script, with the fallback engine."""

    def test_the_harness_runs_a_bounded_hypothesis_campaign(self) -> None:
        """The fallback engine runs its budget and reports no foreign exception."""
        output = run_python(str(HARNESS), "--engine", "hypothesis", "--runs", "50")
        assert "runs in" in output
        assert "no foreign exception" in output
