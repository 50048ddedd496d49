"""The bundled corpus, examples/corpus.jsonl: its generator, and what it shows."""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from binding_graph import load_lines
from binding_graph.cli import main

if TYPE_CHECKING:
    from types import ModuleType

    import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus.jsonl"


def make_corpus() -> ModuleType:
    """Import examples/make_corpus.py, a script outside any package."""
    spec = importlib.util.spec_from_file_location(
        "make_corpus", ROOT / "examples" / "make_corpus.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up in sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class TestBundledCorpus:
    """examples/corpus.jsonl holds realistic problems, a few of them broken."""

    def test_is_what_its_generator_writes(self) -> None:
        """The committed corpus is byte for byte examples/make_corpus.py's output."""
        assert CORPUS.read_bytes() == make_corpus().corpus()

    def test_holds_at_least_20_problems_and_refusals_of_two_codes(self) -> None:
        """At least 20 graphs are accepted; the broken lines break different rules."""
        with CORPUS.open("rb") as corpus:
            records = list(load_lines(corpus))
        accepted = [record.graph for record in records if record.graph is not None]
        codes = Counter(record.error.code for record in records if record.error)
        assert len(accepted) >= 20
        assert codes == {
            "unknown_symbol": 1,
            "malformed_document": 1,
            "invalid_span": 1,
            "not_in_vocabulary": 1,
        }
        assert [record.line for record in records if record.error] == [5, 11, 17, 24]

    def test_the_pages_count_it_as_it_is(self) -> None:
        """The README and docs/cli.md give the corpus's numbers of records, problems and broken lines."""
        with CORPUS.open("rb") as corpus:
            records = list(load_lines(corpus))
        problems = sum(record.graph is not None for record in records)
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        said = (
            f"the bundled corpus of {len(records)} records, one document a line,"
            f" which holds {problems} word problems' graphs and"
            f" {len(records) - problems} broken records"
        )
        assert said in " ".join(readme.split())
        assert f"`examples/corpus.jsonl`: {problems} word problems," in page
        assert f"- {problems} word problems (" in page

    def test_every_problem_is_its_own_source(self) -> None:
        """Each accepted graph asks one question about its own problem text."""
        with CORPUS.open("rb") as corpus:
            graphs = [r.graph for r in load_lines(corpus) if r.graph is not None]
        sources = [graph.provenance[0].source_id for graph in graphs]
        assert len(set(sources)) == len(sources)
        for graph in graphs:
            (unknown,) = graph.unknowns
            assert unknown.question_span.source_id == graph.provenance[0].source_id
            assert unknown.question_span.text.endswith("?")

    def test_writes_it_next_to_itself(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Running the generator writes examples/corpus.jsonl, with the same bytes."""
        module = make_corpus()
        written: dict[Path, bytes] = {}

        def capture(path: Path, data: bytes) -> int:
            written[path] = data
            return len(data)

        monkeypatch.setattr(Path, "write_bytes", capture)
        assert module.main() == 0
        assert written == {CORPUS: CORPUS.read_bytes()}
        assert capsys.readouterr().err == f"wrote {CORPUS}\n"


def console_runs(markdown: str) -> list[tuple[str, list[str]]]:
    """Return each ``$ command`` of the console blocks of *markdown*, with its output lines."""
    runs: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", markdown, flags=re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                runs.append((line[2:], []))
            else:
                runs[-1][1].append(line)
    return runs


class TestCommandLinePage:
    """docs/cli.md shows what the commands print, and its Python runs."""

    PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

    def test_the_exit_status_table_lists_every_status_main_returns(self) -> None:
        """Every status that main()'s docstring names is a row of the page's table, and no other."""
        table = self.PAGE.split("## Exit status", 1)[1].split("\n\n", 2)[1]
        rows = {int(line.split("|")[1]) for line in table.splitlines()[2:]}
        returns = (main.__doc__ or "").split("Returns:", 1)[1].split(".. version", 1)[0]
        named = {int(n) for n in re.findall(r"\b\d+\b", returns)}
        assert rows == named == {0, 1, 2, 130, 143}

    def test_shows_what_each_command_on_the_corpus_prints(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Each shown run on the bundled corpus prints what the page says ('...' elides)."""
        monkeypatch.chdir(ROOT)
        checked = 0
        for command, shown in console_runs(self.PAGE):
            argv = shlex.split(command)
            if argv[0] != "binding-graph" or "examples/corpus.jsonl" not in argv:
                continue
            if set("|<>&;$") & set(command):
                continue  # a shell pipeline: run by hand
            main(argv[1:])
            printed = capsys.readouterr().out.splitlines()
            if "..." in shown:
                cut = shown.index("...")
                head, tail = shown[:cut], shown[cut + 1 :]
                assert printed[: len(head)] == head
                assert printed[len(printed) - len(tail) :] == tail
            else:
                assert printed == shown
            checked += 1
        assert checked == 6

    def test_python_examples_run(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The reading loop and the parallel map print the corpus' refusals."""
        monkeypatch.chdir(ROOT)
        loop, parallel = re.findall(r"```python\n(.*?)```", self.PAGE, flags=re.DOTALL)
        exec(loop, {})  # noqa: S102 -- our own page
        assert capsys.readouterr().out.split() == [
            "5", "unknown_symbol", "11", "malformed_document",
            "17", "invalid_span", "24", "not_in_vocabulary",
        ]  # fmt: skip
        exec(parallel, {"__name__": "__main__"})  # noqa: S102 -- our own page
        assert capsys.readouterr().out == (
            "[(5, 'unknown_symbol'), (11, 'malformed_document'),"
            " (17, 'invalid_span'), (24, 'not_in_vocabulary')]\n"
        )
