"""The README, the design page and the bundled example say what the code does."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import binding_graph

if TYPE_CHECKING:
    import pytest

ROOT = Path(__file__).resolve().parent.parent


def python_blocks(markdown: str) -> list[str]:
    """Return the fenced ``python`` code blocks of *markdown*."""
    return re.findall(r"```python\n(.*?)```", markdown, flags=re.DOTALL)


def test_readme_example_runs_and_refuses_as_it_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The README's example builds its graph and prints the refusal it shows."""
    blocks = python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) == 1
    namespace: dict[str, object] = {}
    exec(blocks[0], namespace)  # noqa: S102 -- our own README
    graph = namespace["graph"]
    assert isinstance(graph, binding_graph.SemanticSymbolicBindingGraph)
    assert [s.symbol_id for s in graph.symbols] == [
        "sym_apples_alice_has_000",
        "sym_apples_bob_gives_001",
        "sym_apples_alice_has_now_002",
    ]
    assert capsys.readouterr().out == "invalid_identifier ('symbol_id',)\n"


def test_design_page_lists_exactly_the_refusal_codes() -> None:
    """The refusal-code table in docs/design.md names every code, once."""
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    table = design.split("## Refusal codes", 1)[1].split("\n## ", 1)[0]
    codes = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert sorted(codes) == sorted(binding_graph.REFUSAL_CODES)
    assert len(codes) == len(set(codes))


def test_bundled_example_binds_and_refuses() -> None:
    """examples/word_problem.py prints the graph and a typed refusal."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "word_problem.py")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "equation sym_apples_alice_has_now_002 := " in result.stdout
    assert "refused: unknown_symbol at ('facts', 2, 'symbol_id')" in result.stdout
