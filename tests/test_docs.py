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


# A row of the table of surviving mutants in docs/mutation.md:
# | `name` | `original code` | `mutant's code` | reason |
_SURVIVOR = re.compile(
    r"^\| `(?P<name>[^`]+)` \| `(?P<original>(?:[^`]|``)*)` \|"
    r" `(?:[^`]|``)*` \| (?P<reason>[^|]+?) \|$",
    flags=re.MULTILINE,
)
_REASON = re.compile(r"^- \*\*(?P<reason>[^*]+)\.\*\*", flags=re.MULTILINE)
_MODULE = re.compile(r"^(?P<module>binding_graph[\w.]*?)(?:\.x[_\u01c1]|:\d)")


def _module_source(name: str) -> str:
    """Return, whitespace collapsed, the source of the module a mutant is in."""
    match = _MODULE.match(name)
    assert match, name
    path = ROOT.joinpath(*match["module"].split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return " ".join(path.read_text(encoding="utf-8").split())


def test_mutation_page_explains_each_survivor_by_a_stated_reason() -> None:
    """Each surviving mutant on docs/mutation.md has one of the reasons the page states."""
    page = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
    survivors = list(_SURVIVOR.finditer(page))
    reasons = set(_REASON.findall(page.split("## Surviving mutants", 1)[1]))
    assert survivors
    assert {row["reason"] for row in survivors} <= reasons
    assert len({row["name"] for row in survivors}) == len(survivors)


def test_mutation_page_shows_code_that_is_still_there() -> None:
    """The code each survivor on docs/mutation.md changes is in its module still."""
    page = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
    stale = [
        row["name"]
        for row in _SURVIVOR.finditer(page)
        if row["original"].replace("\\|", "|") not in _module_source(row["name"])
    ]
    assert stale == []
