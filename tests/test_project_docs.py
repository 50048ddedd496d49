"""The README, the design page, the bundled example and the mutation page say what the code does."""

from __future__ import annotations

import ast
import code
import contextlib
import io
import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pytest

import binding_graph
from binding_graph.cli import main
from tests._helpers import ROOT, as_shown, console_runs, load_script, run_python

if TYPE_CHECKING:
    from collections.abc import Iterator

# The mutation judge is a tool, not a test: a script under tools/.
_mutation: Any = load_script(ROOT / "tools" / "mutation.py")


# A test's id as pytest prints it, from tests/ or not: test_x.py::Class::test.
TEST_ID = re.compile(r"(?:tests/)?(test_\w+\.py)((?:::\w+)+)")


def python_blocks(markdown: str) -> list[str]:
    """Return the fenced ``python`` code blocks of *markdown*."""
    return re.findall(r"```python\n(.*?)```", markdown, flags=re.DOTALL)


class TestReadme:
    """The README's example runs and prints what it says."""

    def test_readme_example_runs_and_refuses_as_it_says(
        self,
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


# A fenced block of a page: its kind ("python", "{doctest}", "{testcode}", ...)
# and its text, from the line after the fence.
FENCE = re.compile(r"^```(\S+)\n(.*?)^```$", flags=re.DOTALL | re.MULTILINE)


def prompt_statements(block: str) -> list[list[str]]:
    """Return the statements of a doctest *block*, each as the lines typed at the prompt.

    A statement is its ``>>>`` line and the ``...`` lines right after it, without
    the prompts; a bare ``...`` is the empty line that ends a compound statement.
    """
    statements: list[list[str]] = []
    continued = False
    for line in block.splitlines():
        if line.startswith(">>>"):
            statements.append([line[4:]])
            continued = True
        elif continued and line.startswith("..."):
            statements[-1].append(line[4:])
        else:
            continued = False
    return statements


def snippets() -> list[Any]:
    """Return a param per Python block of docs/*.md: the statements to paste, and what it shows.

    A doctest (or a ``python`` block with prompts) is pasted a statement at a
    time, with no output to compare: the doctest build compares it. A
    ``{testcode}`` block is pasted whole, and shows the ``{testoutput}`` block
    that follows it.
    """
    found: list[Any] = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        blocks = list(FENCE.finditer(text))
        for index, block in enumerate(blocks):
            kind, body = block[1], block[2]
            where = f"{page.name}:{text.count(chr(10), 0, block.start()) + 1}"
            if kind == "{doctest}" or (kind == "python" and ">>>" in body):
                found.append(pytest.param(prompt_statements(body), None, id=where))
            elif kind == "{testcode}":
                shown = blocks[index + 1]
                assert shown[1] == "{testoutput}", where
                statement = [*body.splitlines(), ""]
                found.append(pytest.param([statement], shown[2], id=where))
    return found


SNIPPETS = snippets()


class _Prompt(code.InteractiveConsole):
    """Python's interactive prompt in a fresh namespace, keeping the errors it would print."""

    def __init__(self) -> None:
        super().__init__(locals={"__name__": "__console__", "__doc__": None})
        self.errors: list[str] = []

    def write(self, data: str) -> None:
        """Keep a traceback or a syntax error instead of printing it."""
        self.errors.append(data)


def paste(statements: list[list[str]]) -> tuple[str, list[str]]:
    """Type *statements* line by line at a fresh prompt; return what it printed and its errors.

    Each statement must be complete at its last line, as the next prompt in the
    page claims: a compound statement ends with an empty line.
    """
    prompt = _Prompt()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for lines in statements:
            waiting = False
            for line in lines:
                waiting = prompt.push(line)
            if waiting:
                prompt.errors.append(f"still waiting for input after {lines[0]!r}")
    return printed.getvalue(), prompt.errors


@pytest.fixture(autouse=True)
def _formats_as_they_were() -> Iterator[None]:
    """Unregister the formats a page's example registers, so that no test after it sees them."""
    from binding_graph.drafts import PRODUCERS, unregister  # noqa: PLC0415

    before = set(PRODUCERS)
    yield
    for name in set(PRODUCERS) - before:
        unregister(name)


class TestSnippets:
    """Every Python snippet of docs/*.md works pasted, as it is, into a fresh Python prompt."""

    def test_snippets_are_found_on_the_pages_that_have_them(self) -> None:
        """The pages with Python snippets are those that show Python at a prompt."""
        pages = {param.id.split(":")[0] for param in SNIPPETS}
        assert pages == {
            "arithmetic.md",
            "benchmarks.md",
            "drafts.md",
            "format.md",
            "index.md",
            "interchange.md",
            "producers.md",
            "solvers.md",
            "units.md",
        }

    @pytest.mark.parametrize(("statements", "shown"), SNIPPETS)
    def test_each_snippet_runs_pasted_into_a_fresh_prompt(
        self, statements: list[list[str]], shown: str | None
    ) -> None:
        """Each snippet imports what it uses and runs line by line at a fresh prompt."""
        printed, errors = paste(statements)
        assert errors == []
        if shown is not None:
            assert printed == shown


def programs() -> list[Any]:
    """Return a param per ``python`` block of docs/*.md without prompts: a program, or a sketch that says so."""
    found: list[Any] = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            if block[1] == "python" and ">>>" not in block[2]:
                where = f"{page.name}:{text.count(chr(10), 0, block.start()) + 1}"
                found.append(pytest.param(block[2], id=where))
    return found


SKETCH: Final = "# A sketch: "
"""How a block that is not a program to paste starts, and says what it leaves to the reader."""


class TestPrograms:
    """Every Python block of docs/*.md without prompts runs, from a clone, or says first that it is a sketch."""

    def test_the_sketches_are_those_meant(self) -> None:
        """Only the calls of a model (and its tokenizer) and the reading of a benchmark that cannot be shipped are sketches: every other block runs."""
        sketches = [
            param.id for param in programs() if param.values[0].startswith(SKETCH)
        ]
        assert {where.split(":")[0] for where in sketches} == {
            "producers.md",
            "benchmarks.md",
        }

    @pytest.mark.parametrize("source", programs())
    def test_each_program_runs_as_it_is(
        self, source: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Run from the root of a clone, in a namespace of its own (its main guard left alone)."""
        if source.startswith(SKETCH):
            compile(source, "<sketch>", "exec")  # a sketch still parses
            return
        monkeypatch.chdir(ROOT)
        exec(compile(source, "<docs>", "exec"), {"__name__": "__docs__"})  # noqa: S102 -- our own docs


class TestTutorial:
    """docs/tutorial.md: each command, run in order where a clone's files are, prints what the page shows."""

    PAGE = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    READ = ("examples/corpus.jsonl", "tests/data/gsm8k/train-200.jsonl")

    def test_each_command_prints_what_the_page_shows(
        self,
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """Standard output as shown ('...' elides), or, where the page redirects it, into its file."""
        for name in self.READ:
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_bytes((ROOT / name).read_bytes())
        monkeypatch.chdir(tmp_path)
        runs = console_runs(self.PAGE)
        for command, shown in runs:
            argv = shlex.split(command)
            target = argv[argv.index(">") + 1] if ">" in argv else None
            words = argv[: argv.index(">")] if target else argv
            assert words[0] == "binding-graph", command
            main(words[1:])
            printed = capsys.readouterr().out
            if target is None:
                assert as_shown(printed.splitlines(), shown), command
            else:
                assert shown == [], command
                Path(target).write_text(printed, encoding="utf-8")
        assert len(runs) == 9


class TestDesignPage:
    """docs/design.md lists exactly the refusal codes."""

    def test_design_page_lists_exactly_the_refusal_codes(self) -> None:
        """The refusal-code table in docs/design.md names every code, once."""
        design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
        table = design.split("## Refusal codes", 1)[1].split("\n## ", 1)[0]
        codes = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
        assert sorted(codes) == sorted(binding_graph.REFUSAL_CODES)
        assert len(codes) == len(set(codes))


class TestFormatPage:
    """docs/format.md's example document is a valid document, of the graph its doctest builds."""

    def test_example_document_loads_as_the_graph_the_page_hashes(self) -> None:
        """The example document of "Layout" loads, and has the hash the page's doctest prints."""
        page = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
        layout = page.split("\n## Layout\n", 1)[1]
        document = re.findall(r"```json\n(.*?)```", layout, flags=re.DOTALL)[0]
        (printed,) = re.findall(r"^'(sha256:[0-9a-f]{64})'$", page, flags=re.MULTILINE)
        graph = binding_graph.loads(document)
        assert binding_graph.content_hash(graph) == printed


class TestBundledExample:
    """examples/word_problem.py binds a graph and refuses a broken one."""

    def test_bundled_example_binds_and_refuses(self) -> None:
        """examples/word_problem.py prints the graph and a typed refusal."""
        output = run_python(str(ROOT / "examples" / "word_problem.py"))
        assert "equation sym_apples_alice_has_now_002 := " in output
        assert "refused: unknown_symbol at ('facts', 2, 'symbol_id')" in output


def _collapsed(code: str) -> str:
    return " ".join(code.split())


def _survivors() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = _mutation.listed_survivors()
    assert rows, "docs/mutation.md lists no surviving mutant"
    return rows


def _function_source(name: str) -> str:
    """Return the source of the function or method that mutmut's mutant *name* is of."""
    match = _mutation.MUTANT.match(name)
    assert match, name
    module = match["module"]
    mangled = match["function"][len(module) + 2 :]  # past ".x"
    path = ROOT / _mutation.module_path(module)
    source = path.read_text(encoding="utf-8")
    scopes: list[ast.AST] = [ast.parse(source)]
    if mangled.startswith("\u01c1"):  # xǁClassǁmethod
        cls_name, function = mangled[1:].split("\u01c1")
        scopes = [
            node
            for node in ast.walk(scopes[0])
            if isinstance(node, ast.ClassDef) and node.name == cls_name
        ]
    else:
        function = mangled[1:]  # x_function
    found = [
        ast.get_source_segment(source, node) or ""
        for scope in scopes
        for node in ast.iter_child_nodes(scope)
        if isinstance(node, ast.FunctionDef) and node.name == function
    ]
    assert len(found) == 1, name
    return found[0]


def _defines(module: Path, names: list[str]) -> bool:
    """Tell whether *module* defines the class or function ``names[0]``, then each next in it."""
    scope: list[ast.stmt] = ast.parse(module.read_text(encoding="utf-8")).body
    for name in names:
        found = [
            node
            for node in scope
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == name
        ]
        if not found:
            return False
        scope = found[0].body if isinstance(found[0], ast.ClassDef) else []
    return True


def _test_ids(text: str) -> list[str]:
    """Return the ids of tests that *text* names, each from tests/."""
    return [f"tests/{file}{names}" for file, names in TEST_ID.findall(text)]


class TestMutationPage:
    """docs/mutation.md and the mutation settings agree with the code and the tests."""

    def test_mutation_page_explains_each_survivor_by_a_stated_reason(self) -> None:
        """Each survivor on docs/mutation.md has a stated reason, and each reason is used."""
        page = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
        stated = set(
            re.findall(
                r"^- \*\*([^*]+)\.\*\*", page.split("## Surviving", 1)[1], re.MULTILINE
            )
        )
        rows = _survivors()
        assert {row["reason"] for row in rows} == stated
        assert len({row["name"] for row in rows}) == len(rows)

    def test_mutation_page_counts_the_survivors_it_lists(self) -> None:
        """The survivors the result tables count are the rows the page lists."""
        page = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
        totals = re.findall(
            r"^\| all \| [\d,]+ \| [\d,]+ \| [\d,]+ \| (\d+) \|", page, re.MULTILINE
        )
        assert len(totals) == 2  # function bodies, declarations
        gone = re.findall(
            r"^\| `[^`]+` \| [^|]+ \|$",
            page.split("### Survivors of the run whose code is gone", 1)[1],
            re.MULTILINE,
        )
        assert sum(map(int, totals)) == len(_survivors()) + len(gone)

    def test_mutation_page_rows_match_the_code(self) -> None:
        """Each survivor's row on docs/mutation.md shows code that its mutant changes still.

        A declaration's mutant is made again from the module and must be the
        same change; for a function's, the code must be in that function.
        """
        stale: list[str] = []
        for row in _survivors():
            name, original = (
                row["name"],
                _collapsed(row["original"].replace("\\|", "|")),
            )
            declared = _mutation.DECLARED.match(name)
            if declared:
                path = ROOT / _mutation.module_path(declared["module"])
                made = {m.name: m for m in _mutation.declared_mutants(ROOT, [path])}
                mutant = made.get(name)
                if mutant is None or (
                    _collapsed(mutant.original),
                    _collapsed(mutant.mutated),
                ) != (
                    original,
                    _collapsed(row["mutated"].replace("\\|", "|")),
                ):
                    stale.append(name)
            elif original not in _collapsed(_function_source(name)):
                stale.append(name)
        assert stale == []

    def test_mutation_settings_name_tests_that_exist(self) -> None:
        """Every test that the mutation run leaves out or orders first exists, and the page names them."""
        mutmut = (
            (ROOT / "pyproject.toml")
            .read_text(encoding="utf-8")
            .split("[tool.mutmut]", 1)[1]
        )
        left_out = _test_ids(mutmut.split("\n[", 1)[0])
        judged_apart = [*_mutation.SURFACE_TESTS, *_mutation.PAGE_TESTS]
        listed = _test_ids((ROOT / "docs" / "mutation.md").read_text(encoding="utf-8"))
        assert len(left_out) == len(set(left_out)) == 14
        assert set(judged_apart) <= set(left_out)
        assert sorted(listed) == sorted(set(left_out) - set(_mutation.PAGE_TESTS))
        missing = [
            test
            for test in left_out
            if not _defines(ROOT / test.split("::")[0], test.split("::")[1:])
        ]
        assert missing == []
        assert [
            n for n in _mutation.FIRST_TESTS if not (ROOT / "tests" / n).is_file()
        ] == []
