"""The bundled corpus, examples/corpus.jsonl: its generator, what it shows, and the answers it gives."""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

from binding_graph import SemanticSymbolicBindingGraph, load_lines
from binding_graph.arithmetic import (
    answers,
    canonical_expression,
    canonical_predicate,
    expression_symbols,
    findings,
    parse_number,
    parse_predicate,
)
from binding_graph.cli import main
from binding_graph.cli._commands import COMMANDS
from tests._helpers import as_shown, code_and_path, console_runs, load_script

if TYPE_CHECKING:
    from types import ModuleType

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

    def test_holds_at_least_20_problems_and_refusals_of_five_codes(self) -> None:
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
            "span_text_mismatch": 1,
        }
        assert [record.line for record in records if record.error] == [
            5,
            11,
            17,
            24,
            27,
        ]

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
        assert module.main([]) == 0
        assert written == {CORPUS: CORPUS.read_bytes()}
        assert capsys.readouterr().err == f"wrote {CORPUS}\n"

    def test_help_and_check_write_nothing(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """--help describes the script, and --check says whether the file is up to date: neither writes it."""
        module = make_corpus()
        written: list[Path] = []

        def capture(path: Path, data: bytes) -> int:
            written.append(path)
            return len(data)

        monkeypatch.setattr(Path, "write_bytes", capture)
        with pytest.raises(SystemExit) as exit_:
            module.main(["--help"])
        assert exit_.value.code == 0
        assert "Write examples/corpus.jsonl again" in capsys.readouterr().out
        assert module.main(["--check"]) == 0
        assert capsys.readouterr().out == f"{CORPUS} is up to date\n"
        monkeypatch.setattr(module, "corpus", lambda: b"other\n")
        assert module.main(["--check"]) == 1
        assert capsys.readouterr().out == f"would rewrite {CORPUS}\n"
        assert written == []


def accepted_graphs() -> dict[str, SemanticSymbolicBindingGraph]:
    """Return the accepted graphs of the bundled corpus, by their problem's source id."""
    with CORPUS.open("rb") as corpus:
        graphs = [r.graph for r in load_lines(corpus) if r.graph is not None]
    return {graph.provenance[0].source_id: graph for graph in graphs}


def readme_graph(capsys: pytest.CaptureFixture[str]) -> SemanticSymbolicBindingGraph:
    """Return the graph that the README's example builds (what it prints is dropped)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    namespace: dict[str, object] = {}
    exec(block, namespace)  # noqa: S102 -- our own README
    capsys.readouterr()
    graph = namespace["graph"]
    assert isinstance(graph, SemanticSymbolicBindingGraph)
    return graph


def assert_in_the_profile(graph: SemanticSymbolicBindingGraph) -> None:
    """Assert that *graph* is written in the arithmetic profile, spelt canonically."""
    for fact in graph.facts:
        parse_number(fact.value)
    for equation in graph.equations:
        if equation.admissibility_status == "admitted":
            rhs = equation.rhs_canonical
            assert rhs == canonical_expression(rhs)
            assert equation.dependencies == expression_symbols(rhs)
    for constraint in graph.constraints:
        predicate = parse_predicate(constraint.predicate)
        assert constraint.predicate == canonical_predicate(constraint.predicate)
        mentioned = expression_symbols(str(predicate.left)) | expression_symbols(
            str(predicate.right)
        )
        assert mentioned == {constraint.symbol_id}
    assert findings(graph) == ()


# The answer of each problem of the corpus, worked out by hand from its text.
ANSWERS = {
    "gsm-0001": "8",  # 3 + 5 apples
    "gsm-0002": "240",  # 80 km/h for 3 h
    "gsm-0003": "10",  # 20 € - 4 * 2.50 €
    "gsm-0004": "27",  # 12 boys + 15 girls
    "gsm-0005": "15",  # 360 pages / 24 pages a day
    "gsm-0006": "200",  # 40% of 500 litres
    "gsm-0007": "13",  # 9 + 4 years
    "gsm-0008": "84",  # 7 cm * 12 cm
    "gsm-0009": "85",  # (78 + 85 + 92) / 3
    "gsm-0010": "24",  # 1800 litres / (30 + 45) litres a minute
    "gsm-0011": "32",  # 50 - 18 stickers
    "gsm-0012": "15",  # 60 cookies * 3 eggs / 12 cookies
    "gsm-0013": "2520",  # 120 cups * 3 € * 7 days
    "gsm-0014": "24",  # 18 km in 3/4 h
    "gsm-0015": "30",  # 40 dollars less 25%
    "gsm-0016": "144",  # 6 boxes * 24 pencils
    "gsm-0017": "155",  # 2 * 60 + 35 minutes
    "gsm-0018": "42",  # 14 + 2 * 14 marbles
    "gsm-0019": "3",  # 15 laps * 200 m, in km
    "gsm-0022": "50",  # 5 * 48 - 190 pens
}


class TestArithmeticProfile:
    """The graphs of examples/ and the README are in the arithmetic profile, and give their problems' answers."""

    GRAPHS = accepted_graphs()

    def test_every_problem_of_the_corpus_is_spelt_canonically(self) -> None:
        """Each accepted graph's values, right-hand sides and predicates are the profile's, spelt canonically."""
        for graph in self.GRAPHS.values():
            assert_in_the_profile(graph)

    def test_every_problem_holds_its_text_as_provenance(self) -> None:
        """Each accepted graph's provenance is its problem's whole text, from offset 0."""
        texts = {problem.source_id: problem.text for problem in make_corpus().PROBLEMS}
        for source_id, graph in self.GRAPHS.items():
            (whole,) = graph.provenance
            assert (whole.start, whole.text) == (0, texts[source_id])

    def test_answers_are_those_of_the_problems(self) -> None:
        """answers() gives each answerable problem the answer worked out by hand."""
        given = {
            source_id: answers(graph)
            for source_id, graph in self.GRAPHS.items()
            if source_id in ANSWERS
        }
        assert given == {key: (Fraction(value),) for key, value in ANSWERS.items()}

    def test_the_open_problems_are_refused_until_a_step_is_admitted(self) -> None:
        """The refused and the pending step leave their unknowns unbound; the pending one, admitted, gives 3 €."""
        refused, pending = self.GRAPHS["gsm-0020"], self.GRAPHS["gsm-0021"]
        unbound = ("unbound_unknown", ("unknowns", 0, "symbol_id"))
        assert code_and_path(answers, refused) == unbound
        assert code_and_path(answers, pending) == unbound
        admitted = attrs.evolve(pending.equations[0], admissibility_status="admitted")
        assert answers(attrs.evolve(pending, equations=(admitted,))) == (Fraction(3),)
        assert set(self.GRAPHS) == {*ANSWERS, "gsm-0020", "gsm-0021"}

    def test_the_bundled_example_and_the_readme_give_8_apples(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """examples/word_problem.py and the README's example are in the profile, and answer 8."""
        example = load_script(ROOT / "examples" / "word_problem.py").build()
        for graph in (example, readme_graph(capsys)):
            assert_in_the_profile(graph)
            assert answers(graph) == (Fraction(8),)
            assert graph.provenance[0].text == example.provenance[0].text


class TestCommandLinePage:
    """docs/cli.md shows what the commands print, and its Python runs."""

    PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

    def test_the_exit_status_table_lists_every_status_main_returns(self) -> None:
        """Every status that main()'s docstring names is a row of the page's table, and no other."""
        table = self.PAGE.split("## Exit status", 1)[1].split("\n\n", 2)[1]
        rows = {int(line.split("|")[1]) for line in table.splitlines()[2:]}
        returns = (main.__doc__ or "").split("Returns:", 1)[1].split(".. version", 1)[0]
        named = {int(n) for n in re.findall(r"\b\d+\b", returns)}
        assert rows == named == {0, 1, 2, 5, 130, 143}

    def test_the_table_of_commands_names_every_command_once(self) -> None:
        """The exit status of every command of COMMANDS has its row, and no other command does."""
        table = self.PAGE.split("| command | 0 | 1 |", 1)[1].split("\n\n", 1)[0]
        named = [
            name.strip(" `")
            for line in table.splitlines()[2:]
            for name in line.split("|")[1].split(",")
        ]
        assert sorted(named) == sorted(command.name for command in COMMANDS)

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
        assert checked == 8

    def test_the_landing_page_shows_what_the_commands_print(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The runs on the bundled corpus atop docs/index.md print what it shows ('...' elides)."""
        monkeypatch.chdir(ROOT)
        page = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
        runs = console_runs(page.split("## Install", 1)[0])
        for command, shown in runs:
            main(shlex.split(command)[1:])
            assert as_shown(capsys.readouterr().out.splitlines(), shown), command
        assert [command.split()[1] for command, _ in runs] == ["validate", "solve"]

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
            "27", "span_text_mismatch",
        ]  # fmt: skip
        exec(parallel, {"__name__": "__main__"})  # noqa: S102 -- our own page
        assert capsys.readouterr().out == (
            "[(5, 'unknown_symbol'), (11, 'malformed_document'),"
            " (17, 'invalid_span'), (24, 'not_in_vocabulary'),"
            " (27, 'span_text_mismatch')]\n"
        )
