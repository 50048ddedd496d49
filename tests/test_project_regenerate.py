"""tools/regenerate.py: every generated artefact is up to date, and one that is not is found."""

from __future__ import annotations

import re
import shutil
from typing import TYPE_CHECKING

import pytest

from tests._helpers import ROOT, run_child

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


TOOL = ROOT / "tools" / "regenerate.py"

# What the tool reads and writes, copied into a scratch checkout.
COPIED = (
    "README.md",
    "binding_graph/schema",
    "docs/cli.md",
    "docs/design.md",
    "docs/format.md",
    "docs/index.md",
    "docs/units-lexicon.md",
    "examples",
    "tests/_golden.py",
    "tests/data/gsm8k/train-200.jsonl",
    "tests/fuzz_corpus",
    "tests/golden",
)


def regenerate(*arguments: str) -> tuple[int, str, str]:
    """Run ``python tools/regenerate.py *arguments*``; return its status, output and errors."""
    result = run_child(str(TOOL), *arguments)
    return result.returncode, result.stdout, result.stderr


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """Return a scratch checkout that holds a copy of everything the tool reads and writes."""
    for path in COPIED:
        source, copy = ROOT / path, tmp_path / path
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(source, copy)
    return tmp_path


def _append(text: str) -> Callable[[Path], None]:
    """Return a change that appends *text* to a file."""

    def change(path: Path) -> None:
        path.write_bytes(path.read_bytes() + text.encode())

    return change


def _replace(old: str, new: str) -> Callable[[Path], None]:
    """Return a change that replaces the first *old* of a file by *new*."""

    def change(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return change


def _replace_hash(path: Path) -> None:
    """Replace the first content hash of a file by one of zeros."""
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r"sha256:[0-9a-f]{64}", "sha256:" + "0" * 64, text, count=1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")


# One change per kind of artefact, each leaving every other artefact as it is,
# in the order the tool lists them.
STALE: list[tuple[str, Callable[[Path], None]]] = [
    ("binding_graph/schema/binding-graph-v1.schema.json", _append("\n")),
    ("tests/golden/word_problem.json", _append("\n")),
    ("tests/golden/hashes.json", _replace("sha256:", "sha1:")),
    ("tests/fuzz_corpus/symbol.json", _replace(": ", ":")),
    ("examples/corpus.jsonl", _replace("\n", "\r\n")),
    ("examples/gsm8k_drafts.jsonl", _replace('"value": 30', '"value": 2')),
    ("docs/cli.md", _replace_hash),
    ("docs/format.md", _replace('"p1"', '"p2"')),
    ("docs/index.md", _replace("unknown_symbol (", "unknown_symbol [")),
    ("docs/design.md", _replace("`source_id`, `start`", "`start`, `source_id`")),
    ("README.md", _replace("flowchart LR", "flowchart TB")),
    ("docs/units-lexicon.md", _replace("| `1397/3125` |", "| `0.44704` |")),
]


class TestRegenerate:
    """The tool finds every artefact up to date in the checkout, and lists and rewrites stale ones."""

    def test_the_checkout_is_up_to_date(self) -> None:
        """--check on the checkout prints nothing and exits 0."""
        assert regenerate("--check") == (0, "", "")

    def test_check_lists_each_stale_artefact_and_changes_nothing(
        self, scratch: Path
    ) -> None:
        """--check lists a stale artefact of each kind in a copy, exits 1, and leaves them stale."""
        for path, change in STALE:
            change(scratch / path)
        stale = {path: (scratch / path).read_bytes() for path, _ in STALE}
        assert regenerate("--check", "--root", str(scratch)) == (
            1,
            "".join(f"would rewrite {path}\n" for path, _ in STALE),
            "",
        )
        assert {path: (scratch / path).read_bytes() for path in stale} == stale

    def test_stale_artefacts_are_rewritten_as_the_checkout_holds_them(
        self, scratch: Path
    ) -> None:
        """Without --check, each stale artefact is rewritten to the checkout's bytes, and the copy is up to date."""
        for path, change in STALE:
            change(scratch / path)
        assert regenerate("--root", str(scratch)) == (
            0,
            "".join(f"rewrote {path}\n" for path, _ in STALE),
            "",
        )
        for path, _ in STALE:
            assert (scratch / path).read_bytes() == (ROOT / path).read_bytes()
        assert regenerate("--check", "--root", str(scratch)) == (0, "", "")

    def test_a_file_nobody_makes_and_a_missing_seed_are_reported(
        self, scratch: Path
    ) -> None:
        """A seed neither made nor kept, and a hand-made seed gone, exit 1 even without --check."""
        (scratch / "tests" / "fuzz_corpus" / "mine.json").write_text("[]\n")
        (scratch / "tests" / "fuzz_corpus" / "deep.json").unlink()
        reported = (
            "tests/fuzz_corpus/mine.json: neither made by tools/regenerate.py"
            " nor kept as hand-made\n"
            "tests/fuzz_corpus/deep.json: a hand-made seed is missing\n"
        )
        assert regenerate("--root", str(scratch)) == (1, reported, "")

    def test_a_page_without_its_block_stops_the_run(self, scratch: Path) -> None:
        """A page whose block is gone is an error of the run: exit 2, nothing written."""
        _replace("```mermaid\n", "```text\n")(scratch / "README.md")
        status, output, errors = regenerate("--root", str(scratch))
        assert (status, output) == (2, "")
        assert errors.startswith("regenerate: README.md: 0 blocks match ")
