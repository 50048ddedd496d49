"""Judge the mutants that mutmut cannot judge, and those it never makes.

``mutmut run`` mutates the bodies of functions and methods, and switches a
mutant on for each call of its function, in worker processes that imported
binding_graph before any mutant was chosen. That leaves two gaps, which this
script fills.

- **Code that runs at import.** A function that runs only while the package
  is imported (the declarations of the fields, the functions the package
  compiles from them) never sees its mutants there, and
  mutmut reports them all as surviving. This script finds which functions of
  the mutated copy in ``mutants/`` run while ``binding_graph`` is imported,
  and judges every mutant of theirs that mutmut did not kill (with
  ``--all``, every mutant that mutmut did not kill): it runs pytest in
  ``mutants/``, in a fresh interpreter whose ``MUTANT_UNDER_TEST`` names the
  mutant from the start, so that import-time code, every test and every
  child interpreter that imports binding_graph from ``mutants/`` see it.
- **Declarations.** What a module or a class declares (the check on each
  field, its default, the class's options, the constants, the refusal codes,
  the tables of readers and writers, the defaults of parameters, the
  decorators) holds as many rules as the functions do, and mutmut mutates
  none of it. This script makes those mutants itself, with a few operators:
  an integer plus one, a boolean negated, a string wrapped in ``XX``, one
  element left out of a tuple, list, set or dict, one keyword argument left
  out of a call, a decorator replaced by the identity. It judges each by the
  whole suite, in a copy of the checkout (in a temporary directory) whose one
  module holds the mutant.

A mutant that fails a test is killed. The script then prints the score per
module, and fails if a mutant survives that ``docs/mutation.md`` does not
list, or if the page lists one that no longer survives; it prints the table
rows of the page for the first kind, with the reason left to write.

``tox run -e mutation`` runs it after ``mutmut run``; by hand, in that
environment and from the checkout: ``python tools/mutation.py [--all]``, or
``python tools/mutation.py --declared-only`` to judge the declarations
alone (``mutmut run`` need not have run).

Every complete run writes its verdicts to ``mutants/verdicts.json``, with a
fingerprint of the mutated modules. ``python tools/mutation.py --again``
then judges again only the mutants that the tests let live, by the tests
as they are now: tests added since can kill a survivor, and none can revive a
killed mutant, for the suite only grew. It refuses to run if a mutated
module changed since the record, because then the mutants themselves did.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import hashlib
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache, partial
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Iterator


ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
DOCS = ROOT / "docs" / "mutation.md"
MUTMUT = Path(sys.executable).with_name("mutmut")
RECORD = MUTANTS / "verdicts.json"
HEADER = (
    f"{'module':<36} {'mutants':>8} {'tests':>6} {'types':>6} {'survived':>9}"
    f"  {'score':>6} {'tests alone':>12}"
)

# These tests look at the package's surface, which mutmut's copy changes for
# every mutant alike: it adds each mutant as a function or method, public
# names outside __all__ and an import of mutmut itself.
SURFACE_TESTS = (
    "tests/test_project_public_api.py::TestAll::test_every_public_name_is_in_all",
    "tests/test_project_public_api.py::TestDocstrings::test_public_classes_document_themselves_and_their_methods",
    "tests/test_project_public_api.py::TestImport::test_import_pulls_in_only_attrs_and_the_stdlib",
    "tests/test_analysis_engine.py::test_import_pulls_in_only_attrs_and_the_stdlib",
)
# This test holds docs/mutation.md to the code: a mutant of that very code
# would fail it, and so "kill" every survivor the page lists.
PAGE_TESTS = (
    "tests/test_project_docs.py::TestMutationPage::test_mutation_page_rows_match_the_code",
)
PYTEST = ("-m", "pytest", "-x", "-q", "-p", "no:cacheprovider")
# The quick tests of the surface and of each rule first, the slow property
# tests last: most mutants fail a test early, and -x stops there. Any other
# test module runs after these, in name order.
FIRST_TESTS = (
    "test_project_public_api.py",
    "test_model_errors.py",
    "test_model_vocabularies.py",
    "test_model_text.py",
    "test_model_identifiers.py",
    "test_model_spans.py",
    "test_model_refusal_reason.py",
    "test_model_graph.py",
    "test_model_classes.py",
    "test_model_validators.py",
    "test_model_types.py",
    "test_model_allocation.py",
    "test_documents_canonical.py",
    "test_documents_loads.py",
    "test_documents_from_data.py",
    "test_documents_schema.py",
    "test_model_extend.py",
    "test_project_docs.py",
)
# Far longer than a run of the suite: a mutant that loops is killed.
TIMEOUT = 600
TIMED_OUT = -1
NO_TESTS = 5  # pytest's exit status when it collected no test
# What mutmut counts as killed: a test failed, or the suite ran out of time.
KILLED = frozenset({"killed", "timeout"})
# What mutmut says of a mutant it ran no test against.
UNTESTED = frozenset({"no tests", "not checked"})
KILLED_HERE = "killed again"
TYPE_CAUGHT = "caught by type check"
TYPE_ERRORS = 1  # what mypy and pyright exit with when they found errors
BROKEN = "broken package"  # the name of the check that the copies see a mutant
BIN = Path(sys.executable).parent
# `tox run -e type`'s checkers, each reading its settings from pyproject.toml.
TYPE_CHECKS = (
    (str(BIN / "mypy"),),
    (str(BIN / "pyright"), "--pythonpath", sys.executable),
)
# mutmut names a mutant {module}.x_{function}__mutmut_{n}, or
# {module}.xǁ{class}ǁ{method}__mutmut_{n}; the original, which runs when no
# mutant is on, is the function {mangled name}__mutmut_orig of the module.
MUTANT = re.compile(r"^(?P<function>(?P<module>.+?)\.x[_\u01c1].*)__mutmut_\d+$")
# This script names a mutant of a declaration {module}:{line}.{n}.
DECLARED = re.compile(r"^(?P<module>binding_graph[\w.]*):(?P<line>\d+)\.\d+$")
# A row of the page's table of survivors:
# | `name` | `original code` | `mutant's code` | reason |
SURVIVOR_ROW = re.compile(
    r"^\| `(?P<name>[^`]+)` \| `(?P<original>[^`]*)` \|"
    r" `(?P<mutated>[^`]*)` \| (?P<reason>[^|]+?) \|$",
    flags=re.MULTILINE,
)
RESULT = re.compile(r"^\s+(?P<name>\S+): (?P<status>.+)$")
FILES = frozenset({"---", "+++"})  # a diff's file headers
# Run in mutants/: print each mutated function that runs once in a process,
# before any test could choose a mutant: while binding_graph and each of its
# modules are imported, and when the first document is written and read
# (which loads the fast path, and compiles its encoders).
IMPORT_PROBE = """
import importlib, pkgutil, sys
ran = set()
def probe(frame, event, arg):
    name = frame.f_code.co_name
    if event == "call" and name.endswith("__mutmut_orig"):
        ran.add(frame.f_globals["__name__"] + "." + name[: -len("__mutmut_orig")])
sys.setprofile(probe)
import binding_graph
for module in pkgutil.walk_packages(binding_graph.__path__, "binding_graph."):
    if module.name != "binding_graph.__main__":
        importlib.import_module(module.name)
graph = binding_graph.SemanticSymbolicBindingGraph()
binding_graph.loads(binding_graph.canonical_bytes(graph))
sys.setprofile(None)
print("\\n".join(sorted(ran)))
"""


@cache
def mutmut_settings() -> dict[str, Any]:
    """Return the ``[tool.mutmut]`` table of pyproject.toml."""
    # tomllib is new in Python 3.11, which the mutation environment runs; the
    # type checkers read this file as Python 3.10 code, and
    # tests/test_project_docs.py imports it on every Python.
    loads: Callable[[str], dict[str, Any]] = import_module("tomllib").loads
    settings = loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table: dict[str, Any] = settings["tool"]["mutmut"]
    return table


def _say(line: str = "") -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


# The test modules that --again runs, when it need not run them all.
SELECTED: list[str] = []


def ordered_tests(directory: Path, mutant: str = "") -> list[str]:
    """Return the test modules of *directory* in the order to run them for *mutant*.

    The modules that name the mutant's module come first, then the rest in
    the usual order: the verdict is the same, and a killed mutant, stopped
    at its first failure, is found sooner.
    """
    if SELECTED:
        return list(SELECTED)
    # The tests of the copy that runs them: the checkout's may be newer.
    names = sorted(path.name for path in (directory / "tests").glob("test_*.py"))
    first = [name for name in FIRST_TESTS if name in names]
    order = [*first, *(n for n in names if n not in first)]
    module = _mutant_module(mutant)
    if module and module != "binding_graph":
        word = re.compile(rf"\b{re.escape(module.rsplit('.', 1)[1])}\b")
        naming = [
            name
            for name in order
            if word.search((directory / "tests" / name).read_text(encoding="utf-8"))
        ]
        order = [*naming, *(name for name in order if name not in naming)]
    return [f"tests/{name}" for name in order]


def _mutant_module(mutant: str) -> str | None:
    match = MUTANT.match(mutant) or DECLARED.match(mutant)
    return match["module"] if match else None


def _pytest(directory: Path, environment: dict[str, str], mutant: str) -> int:
    """Run the suite in *directory*; return pytest's exit status."""
    tests = [
        *ordered_tests(directory, mutant),
        *(f"--deselect={test}" for test in PAGE_TESTS),
    ]
    if directory == MUTANTS:
        tests += (f"--deselect={test}" for test in SURFACE_TESTS)
    try:
        result = subprocess.run(
            [sys.executable, *PYTEST, *tests],
            cwd=directory,
            env=environment,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return TIMED_OUT
    if result.returncode and not mutant:
        _say(result.stdout[-3000:] + result.stderr[-3000:])
    if result.returncode == NO_TESTS:
        _say(result.stdout[-3000:] + result.stderr[-3000:])
        msg = f"pytest collected no test for {mutant or 'no mutant'}"
        raise SystemExit(msg)
    return result.returncode


def _verdict(mutant: str, returncode: int) -> str:
    # Any failure counts: a failed test, a module that no longer imports
    # (pytest then cannot collect the tests, or load conftest.py), a crash,
    # a time-out.
    verdict = "survived" if returncode == 0 else "killed"
    if mutant not in {"", "fail"}:
        _say(f"    {mutant}: {verdict}")
    return verdict


# -- mutmut's mutants ---------------------------------------------------------


def statuses() -> dict[str, str]:
    """Return mutmut's status of every mutant, by name."""
    listing = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = (RESULT.match(line) for line in listing.splitlines())
    return {match["name"]: match["status"] for match in found if match}


def run_at_import() -> frozenset[str]:
    """Return the mutated functions that run while binding_graph is imported."""
    environment = {**os.environ, "MUTANT_UNDER_TEST": ""}
    listing = subprocess.run(
        [sys.executable, "-c", IMPORT_PROBE],
        cwd=MUTANTS,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return frozenset(listing.split())


# Verdicts of an interrupted run of the same code, read from its output, by
# mutant: each is judged again only if it is not here (see --resume).
RESUMED: dict[str, str] = {}
VERDICT = re.compile(r"^    (?P<name>\S+): (?P<verdict>killed|survived)$", re.MULTILINE)


def judge(mutant: str) -> str:
    """Say whether the suite, run in mutants/ with *mutant* on, kills it."""
    if mutant in RESUMED:
        return RESUMED[mutant]
    environment = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    return _verdict(mutant, _pytest(MUTANTS, environment, mutant))


def _one_line(code: str) -> str:
    return "`" + " ".join(code.split()).replace("|", "\\|") + "`"


def table_row(name: str, declared: dict[str, Declared]) -> str:
    """Return a row of the page's table for *name*, its reason left to write."""
    if name in declared:
        mutant = declared[name]
        return f"| `{name}` | {_one_line(mutant.original)} | {_one_line(mutant.mutated)} | ? |"
    shown = subprocess.run(
        [str(MUTMUT), "show", name],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    changed = [
        line for line in shown if line[:1] in {"-", "+"} and line[:3] not in FILES
    ]

    def code(sign: str) -> str:
        # Code only: a comment starts after two spaces, by PEP 8.
        lines = (
            line[1:].split("  #", 1)[0].strip()
            for line in changed
            if line.startswith(sign)
        )
        return _one_line(" ".join(lines))

    return f"| `{name}` | {code('-')} | {code('+')} | ? |"


# -- mutants of declarations --------------------------------------------------

IDENTITY = "(lambda declared: declared)"  # what a dropped decorator becomes


@dataclass(frozen=True)
class Declared:
    """A mutant of declared code: a module's source with one change."""

    name: str
    path: Path
    source: bytes
    original: str
    mutated: str


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _is_type_checking(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.If) and ast.unparse(statement.test) in {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    }


def _declared_code(statements: list[ast.stmt]) -> Iterator[ast.expr]:
    """Yield the expressions of *statements* that run as they are declared."""
    for statement in statements:
        if (
            _is_docstring(statement)
            or _is_type_checking(statement)
            or isinstance(statement, (ast.Import, ast.ImportFrom))
        ):
            continue
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # The body is mutmut's; the decorators and defaults run here.
            yield from statement.decorator_list
            arguments = statement.args
            yield from arguments.defaults
            yield from (d for d in arguments.kw_defaults if d is not None)
        elif isinstance(statement, ast.ClassDef):
            yield from statement.decorator_list  # attrs.frozen(kw_only=True)
            yield from statement.bases
            yield from (keyword.value for keyword in statement.keywords)
            yield from _declared_code(statement.body)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            if statement.value is not None:
                yield statement.value
        elif isinstance(statement, (ast.If, ast.Try)):
            yield from _branches(statement)
        else:
            yield from (
                child
                for child in ast.iter_child_nodes(statement)
                if isinstance(child, ast.expr)
            )


def _branches(statement: ast.If | ast.Try) -> Iterator[ast.expr]:
    """Yield the declared code of an ``if`` or ``try`` at module or class level."""
    if isinstance(statement, ast.If):
        yield statement.test
        yield from _declared_code([*statement.body, *statement.orelse])
        return
    yield from _declared_code([*statement.body, *statement.orelse])
    for handler in statement.handlers:
        if handler.type is not None:
            yield handler.type
        yield from _declared_code(handler.body)
    yield from _declared_code(statement.finalbody)


def _decorators(statements: list[ast.stmt]) -> Iterator[ast.expr]:
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from statement.decorator_list
        if isinstance(statement, ast.ClassDef):
            yield from _decorators(statement.body)
        elif isinstance(statement, ast.If) and not _is_type_checking(statement):
            yield from _decorators([*statement.body, *statement.orelse])


def _without(node: ast.expr, index: int) -> str:
    """Return the code of the display or call *node* without its *index*-th part."""
    fewer = copy.deepcopy(node)
    if isinstance(fewer, ast.Dict):
        del fewer.keys[index], fewer.values[index]
    elif isinstance(fewer, ast.Call):
        del fewer.keywords[index]
    elif isinstance(fewer, (ast.Tuple, ast.List, ast.Set)):
        del fewer.elts[index]
        if isinstance(fewer, ast.Set) and not fewer.elts:
            return "set()"
    return ast.unparse(fewer)


def _changed_constant(node: ast.Constant) -> str | None:
    """Return the code an operator makes of constant *node*, if any."""
    value = node.value
    if isinstance(value, bool):
        return repr(not value)
    if isinstance(value, int):
        return repr(value + 1)
    if isinstance(value, str):
        return repr(f"XX{value}XX")
    return None


def _call_changes(
    node: ast.Call, skipped: set[int]
) -> Iterator[tuple[ast.expr | ast.keyword, str]]:
    """Yield the changes of a call: each keyword left out, each constant one changed.

    A constant argument is shown with its keyword (``check_circular=True``),
    and added to *skipped*, so that it is not changed again on its own.
    """
    yield from ((node, _without(node, i)) for i in range(len(node.keywords)))
    for keyword in node.keywords:
        value = keyword.value
        if keyword.arg and isinstance(value, ast.Constant):
            skipped.add(id(value))
            code = _changed_constant(value)
            if code is not None:
                yield keyword, f"{keyword.arg}={code}"


def _changes(root: ast.expr) -> Iterator[tuple[ast.expr | ast.keyword, str]]:
    """Yield each node under *root* that an operator changes, and its new code."""
    # The parts of an f-string are not expressions of their own.
    skipped = {
        id(node)
        for joined in ast.walk(root)
        if isinstance(joined, ast.JoinedStr)
        for node in ast.walk(joined)
    }
    for node in ast.walk(root):
        if id(node) in skipped or not isinstance(node, ast.expr):
            continue
        if isinstance(node, ast.Constant):
            code = _changed_constant(node)
            if code is not None:
                yield node, code
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            yield from ((node, _without(node, i)) for i in range(len(node.elts)))
        elif isinstance(node, ast.Dict):
            yield from ((node, _without(node, i)) for i in range(len(node.keys)))
        elif isinstance(node, ast.Call):
            yield from _call_changes(node, skipped)


def _offset(lines: list[bytes], line: int, column: int) -> int:
    # ast counts lines from 1, and columns in bytes of UTF-8.
    return sum(map(len, lines[: line - 1])) + column


def declared_mutants(root: Path, modules: Iterable[Path]) -> list[Declared]:
    """Return the mutants of the declarations of *modules*, files under *root*."""
    found: list[Declared] = []
    for path in modules:
        source = path.read_bytes()
        tree = ast.parse(source)
        lines = source.splitlines(keepends=True)
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        changes = [
            *(
                (node, code)
                for expression in _declared_code(tree.body)
                for node, code in _changes(expression)
            ),
            *((node, IDENTITY) for node in _decorators(tree.body)),
        ]
        # Named by line, and in the order of the code on that line.
        changes.sort(key=lambda change: (change[0].lineno, change[0].col_offset))
        per_line: Counter[int] = Counter()
        for node, code in changes:
            end_line, end_column = node.end_lineno, node.end_col_offset
            if end_line is None or end_column is None:
                continue  # ast.parse always sets them
            start = _offset(lines, node.lineno, node.col_offset)
            end = _offset(lines, end_line, end_column)
            per_line[node.lineno] += 1
            found.append(
                Declared(
                    name=f"{module}:{node.lineno}.{per_line[node.lineno]}",
                    path=path.relative_to(root),
                    source=source[:start] + code.encode() + source[end:],
                    original=source[start:end].decode(),
                    mutated=code,
                )
            )
    return found


def mutated_modules() -> list[Path]:
    """Return the modules that mutmut mutates, by the settings in pyproject.toml."""
    # mutmut reads its settings' paths as globs, relative to the checkout.
    skipped = {
        path
        for pattern in mutmut_settings()["do_not_mutate"]
        for path in ROOT.glob(pattern)
    }
    return sorted(
        path
        for directory in mutmut_settings()["source_paths"]
        for path in (ROOT / directory).rglob("*.py")
        if path not in skipped
    )


def _copy_checkout(target: Path) -> None:
    """Copy what the tests read, as mutmut does, into *target*."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "_build")
    for name in (
        "binding_graph",
        "tests",
        "pyproject.toml",
        *mutmut_settings()["also_copy"],
    ):
        source = ROOT / name.rstrip("/")
        if source.is_dir():
            shutil.copytree(source, target / source.name, ignore=ignore)
        else:
            shutil.copy2(source, target / source.name)


class Copies:
    """Copies of the checkout under *directory*, one for each run at once, lent in turn.

    Each links to ``mutants/``, where ``mutmut apply`` finds a mutant to write
    into the copy's module.
    """

    def __init__(self, directory: Path, count: int) -> None:
        self._free: queue.Queue[Path] = queue.Queue()
        for number in range(count):
            target = directory / f"copy-{number}"
            _copy_checkout(target)
            if MUTANTS.is_dir():
                (target / "mutants").symlink_to(MUTANTS, target_is_directory=True)
            self._free.put(target)

    @contextlib.contextmanager
    def holding(
        self, name: str, declared: dict[str, Declared]
    ) -> Generator[Path, None, None]:
        """Lend a copy whose module holds the mutant *name* alone; none for ``""``."""
        directory = self._free.get()
        try:
            if not name:
                yield directory
                return
            mutant = declared.get(name)
            module = directory / (mutant.path if mutant else _module_path(name))
            original = module.read_bytes()
            try:
                if mutant:
                    module.write_bytes(mutant.source)
                else:
                    applied = subprocess.run(
                        [str(MUTMUT), "apply", name],
                        cwd=directory,
                        capture_output=True,
                        text=True,
                        check=False,
                    )
                    if applied.returncode:
                        _say(applied.stdout + applied.stderr)
                        raise SystemExit(f"mutmut could not apply {name}")
                yield directory
            finally:
                module.write_bytes(original)
        finally:
            self._free.put(directory)

    def judge(self, name: str, declared: dict[str, Declared]) -> str:
        """Say whether the suite kills the mutant *name*, in a copy."""
        if name in RESUMED:
            return RESUMED[name]
        # No bytecode: a mutant may have the size and time of the module it
        # replaces, and Python would run the cached bytecode of the other.
        environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        environment.pop("MUTANT_UNDER_TEST", None)
        with self.holding(name, declared) as directory:
            return _verdict(name, _pytest(directory, environment, name))

    def type_check(self, name: str, declared: dict[str, Declared]) -> str:
        """Say whether mypy or pyright, run as ``tox run -e type`` does, reject *name*."""
        with self.holding(name, declared) as directory:
            for command in TYPE_CHECKS:
                checked = subprocess.run(
                    command, cwd=directory, capture_output=True, text=True, check=False
                )
                if checked.returncode == TYPE_ERRORS:
                    verdict = TYPE_CAUGHT
                    break
                if checked.returncode:
                    # A crash, or a setting it cannot read: no verdict at all.
                    _say(checked.stdout[-3000:] + checked.stderr[-3000:])
                    raise SystemExit(f"{command[0]} failed on {name or 'no mutant'}")
            else:
                verdict = "survived"
        if name:
            _say(f"    {name}: {verdict}")
        return verdict


def _module_path(name: str) -> Path:
    """Return the file of the module that mutmut's mutant *name* is in."""
    match = MUTANT.match(name)
    if not match:
        raise SystemExit(f"not a mutant of mutmut's: {name}")
    return module_path(match["module"])


def module_path(module: str) -> Path:
    """Return the file of *module* (``binding_graph.model``), from the checkout's root."""
    path = Path(*module.split("."))
    return path / "__init__.py" if (ROOT / path).is_dir() else path.with_suffix(".py")


# -- the score ----------------------------------------------------------------


# The modules of the command line and of the analysis, scored apart from
# the model and its documents, which they are built on: the two wings, and
# the corpora's face and lines.
COMMAND_LINE_AND_ANALYSIS = frozenset(
    {
        "binding_graph.__main__",
        "binding_graph.documents._lines",
        "binding_graph.jsonl",
    }
)
COMMAND_LINE_AND_ANALYSIS_WINGS = ("binding_graph.analysis", "binding_graph.cli")
MODEL_AND_DOCUMENTS = "the model and its documents"
COMMANDS_AND_ANALYSIS = "the command line and the analysis"


def _part(module: str) -> str:
    wing = module.split(".")[:2]
    if (
        module in COMMAND_LINE_AND_ANALYSIS
        or ".".join(wing) in COMMAND_LINE_AND_ANALYSIS_WINGS
    ):
        return COMMANDS_AND_ANALYSIS
    return MODEL_AND_DOCUMENTS


# The part of the package that a run judges; all of it if empty.
PART: list[str] = []


def in_part(name: str) -> bool:
    """Tell whether the mutant *name* is of the part of the package being judged."""
    module = _mutant_module(name)
    return not PART or (module is not None and _part(module) in PART)


def _score_row(label: str, counts: Counter[str]) -> str:
    total = counts.total()
    tests = counts["killed"] + counts["timeout"] + counts[KILLED_HERE]
    types = counts[TYPE_CAUGHT]
    left = total - tests - types
    return (
        f"{label:<36} {total:>8} {tests:>6} {types:>6} {left:>9}"
        f"  {100 * (tests + types) / total:>5.1f}% {100 * tests / total:>11.1f}%"
    )


def print_score(status: dict[str, str]) -> None:
    """Print the mutants per kind and module: killed by tests, by types, surviving.

    Then both kinds together, for each part of the package and in all.
    """
    parts: dict[str, Counter[str]] = {}
    for title, pattern in (
        ("function bodies: mutmut's mutants", MUTANT),
        ("declarations: this script's mutants", DECLARED),
    ):
        rows: dict[str, Counter[str]] = {}
        for name, state in status.items():
            match = pattern.match(name)
            if match:
                rows.setdefault(match["module"], Counter())[state] += 1
        if not rows:
            continue
        rows = dict(sorted(rows.items()))
        rows["all"] = sum(rows.values(), Counter[str]())
        _say()
        _say(title)
        _say(HEADER)
        for module, counts in rows.items():
            _say(_score_row(module, counts))
            if module != "all":
                parts.setdefault(_part(module), Counter())
                parts[_part(module)] += counts
    if parts:
        _say()
        _say("both kinds together")
        _say(HEADER)
        for label, counts in sorted(parts.items(), reverse=True):
            _say(_score_row(label, counts))
        _say(_score_row("all", sum(parts.values(), Counter[str]())))


def judge_mutmut(*, every: bool, jobs: int) -> dict[str, str]:
    """Return mutmut's verdicts, with those judged again here."""
    if judge("") != "survived":
        raise SystemExit("the suite fails in mutants/ with no mutant on")
    # mutmut's own check: with this name, every mutated function raises.
    if judge("fail") != "killed":
        raise SystemExit("the suite does not fail when every mutated function does")
    status = statuses()
    if not status:
        raise SystemExit("mutmut results lists no mutant: run mutmut run first")
    at_import = run_at_import()
    # A mutant that mutmut ran no test for ("no tests": its function is
    # new since mutmut learnt which tests call which function, or no test
    # calls it in mutmut's process) is judged here, by the whole suite.
    status = {name: state for name, state in status.items() if in_part(name)}
    judged = sorted(
        name
        for name, state in status.items()
        if state not in KILLED
        and (
            every
            or state in UNTESTED
            or ((match := MUTANT.match(name)) and match["function"] in at_import)
        )
    )
    _say(f"functions run at import: {', '.join(sorted(at_import))}")
    _say(f"judging {len(judged)} of mutmut's mutants again, {jobs} at a time")
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        verdicts = dict(zip(judged, pool.map(judge, judged), strict=True))
    for name, verdict in verdicts.items():
        status[name] = KILLED_HERE if verdict == "killed" else "survived"
    # mutmut may also say "no tests", "suspicious", "segfault", "skipped" or
    # "not checked": none of them is a kill, so each counts as a survivor.
    for name, state in status.items():
        if state not in KILLED | {KILLED_HERE, "survived"}:
            _say(f"    {name}: {state}, counted as surviving")
            status[name] = "survived"
    return status


def judge_declared(
    copies: Copies, declared: dict[str, Declared], *, jobs: int
) -> dict[str, str]:
    """Return the verdict of the suite on each mutant of a declaration."""
    if copies.judge("", declared) != "survived":
        raise SystemExit("the suite fails in a copy of the checkout with no mutant")
    # As mutmut's own check: the suite must fail if the package is broken,
    # so that the copies are seen to import their own package.
    broken = Declared(
        name=BROKEN,
        path=Path("binding_graph", "__init__.py"),
        source=b'raise RuntimeError("a broken package")\n',
        original="",
        mutated="",
    )
    if copies.judge(BROKEN, {BROKEN: broken}) != "killed":
        raise SystemExit("the suite passes in a copy whose package cannot import")
    _say(f"judging {len(declared)} mutants of declarations, {jobs} at a time")
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        verdicts = pool.map(partial(copies.judge, declared=declared), declared)
        return dict(zip(declared, verdicts, strict=True))


def judge_types(
    copies: Copies, status: dict[str, str], declared: dict[str, Declared], *, jobs: int
) -> None:
    """Judge by the type checkers, in *status*, every mutant the tests let live."""
    if copies.type_check("", declared) != "survived":
        raise SystemExit("mypy or pyright fails on a copy of the checkout")
    left = sorted(name for name, state in status.items() if state == "survived")
    _say(f"type-checking the {len(left)} mutants the tests let live, {jobs} at a time")
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        verdicts = pool.map(partial(copies.type_check, declared=declared), left)
        status.update(zip(left, verdicts, strict=True))


def listed_survivors() -> list[dict[str, str]]:
    """Return the rows of the table of survivors in docs/mutation.md."""
    page = DOCS.read_text(encoding="utf-8")
    return [row.groupdict() for row in SURVIVOR_ROW.finditer(page)]


def check_page(
    status: dict[str, str], declared: dict[str, Declared], *, mutmut_judged: bool
) -> bool:
    """Tell whether docs/mutation.md lists exactly the survivors among *status*."""
    left = {name for name, state in status.items() if state == "survived"}
    listed = {row["name"] for row in listed_survivors() if in_part(row["name"])}
    if not mutmut_judged:  # --declared-only
        listed = {name for name in listed if not MUTANT.match(name)}
    unlisted = sorted(left - listed)
    for name in unlisted:
        _say(f"survives, not listed in docs/mutation.md: {name}")
    if unlisted:
        _say("\nTheir rows for the table of docs/mutation.md, each to be explained:")
        for name in unlisted:
            _say(table_row(name, declared))
    for name in sorted(listed - left):
        _say(f"listed in docs/mutation.md, but does not survive: {name}")
    return left == listed


def fingerprint() -> str:
    """Return a digest of the mutated modules and of mutmut's version."""
    digest = hashlib.sha256(mutmut_settings_text().encode())
    for path in mutated_modules():
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def mutmut_settings_text() -> str:
    """Return the settings and the version of mutmut, which decide its mutants."""
    version = subprocess.run(
        [str(MUTMUT), "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    return f"{version}\n{json.dumps(mutmut_settings(), sort_keys=True)}"


def digests_of_tests(root: Path = ROOT) -> dict[str, str]:
    """Return a digest of each file under *root*/tests/, by its path from *root*."""
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted((root / "tests").rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def write_record(status: dict[str, str], tests: dict[str, str]) -> None:
    """Keep the verdicts of a complete run, and the code and tests they were reached on.

    mutmut's mutants were judged by its copy of the tests, in ``mutants/``;
    the declarations' by *tests*, those of the checkout as the run started.
    """
    record = {
        "fingerprint": fingerprint(),
        "tests": tests,
        "mutmut_tests": digests_of_tests(MUTANTS),
        "status": dict(sorted(status.items())),
    }
    RECORD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def judge_again(
    copies: Copies,
    declared: dict[str, Declared],
    *,
    jobs: int,
    modules: tuple[str, ...] = (),
) -> dict[str, str]:
    """Return the recorded verdicts, with the tests' own survivors judged again."""
    if not RECORD.is_file():
        raise SystemExit(f"no record of a complete run in {RECORD}")
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    if record["fingerprint"] != fingerprint():
        raise SystemExit(
            "the mutated modules, or mutmut's settings, changed since the recorded"
            " run: its mutants are not these; run `tox run -e mutation` again"
        )
    status: dict[str, str] = record["status"]
    # Every test that was there, unchanged, has run against each survivor and
    # passed; only new or changed test modules can kill one now. A change to
    # any other file under tests/ (a helper, conftest.py, a golden file) may
    # change any test, and then the whole suite runs.
    now = digests_of_tests()
    # mutmut's copy holds the tests as they were when it ran: refresh them.
    shutil.rmtree(MUTANTS / "tests")
    shutil.copytree(ROOT / "tests", MUTANTS / "tests")
    left = sorted(
        name
        for name, state in status.items()
        if state in {"survived", TYPE_CAUGHT}
        and (not modules or _mutant_module(name) in modules or name in modules)
    )
    for kind, then in (
        ("declared", record["tests"]),
        ("mutmut", record["mutmut_tests"]),
    ):
        changed = sorted(
            path for path, digest in now.items() if then.get(path) != digest
        )
        names = [name for name in left if (name in declared) == (kind == "declared")]
        if not changed or not names:
            continue
        # None: the whole suite, for a file that is not a test module changed.
        only = (
            changed if all(Path(p).name.startswith("test_") for p in changed) else None
        )
        _say(
            f"judging again the {len(names)} {kind} mutants that the tests let live,"
            f" by {', '.join(only) if only else 'the whole suite'}"
        )
        SELECTED[:] = only or []

        def again(name: str) -> str:
            return copies.judge(name, declared) if name in declared else judge(name)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for name, verdict in zip(names, pool.map(again, names), strict=True):
                if verdict == "killed":
                    status[name] = KILLED_HERE
    return status


def main() -> int:
    """Judge the mutants, print the score and check the explanations."""
    parser = argparse.ArgumentParser(
        description="Judge the mutants that mutmut cannot judge, and those it never makes."
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="judge every mutant that mutmut did not kill, not only import-time ones",
    )
    parser.add_argument(
        "--declared-only",
        action="store_true",
        help="judge the mutants of declarations alone",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="judge again, by the tests as they are now, only the mutants that the"
        " recorded run's tests let live",
    )
    parser.add_argument(
        "--module",
        action="append",
        default=[],
        help="with --again, judge again only the mutants of this module"
        " (binding_graph.documents._text), or this one mutant; may be given more than once",
    )
    parser.add_argument(
        "--part",
        choices=(MODEL_AND_DOCUMENTS, COMMANDS_AND_ANALYSIS),
        help="judge and score the mutants of this part of the package alone",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="OUTPUT",
        help="take the verdicts that the saved output of an interrupted run of"
        " the same code printed, and judge only the other mutants",
    )
    parser.add_argument("--jobs", type=int, default=2, help="runs at once")
    options = parser.parse_args()
    if options.part:
        PART.append(options.part)
    if options.resume:
        RESUMED.update(
            (match["name"], match["verdict"])
            for match in VERDICT.finditer(options.resume.read_text(encoding="utf-8"))
        )

    status: dict[str, str] = {}
    # The tests as the run starts: mutmut's copy of them may be older still,
    # which can only make a survivor of a mutant that newer tests kill.
    tests = digests_of_tests()
    declared = {
        m.name: m for m in declared_mutants(ROOT, mutated_modules()) if in_part(m.name)
    }
    with tempfile.TemporaryDirectory(prefix="binding-graph-mutation-") as scratch:
        copies = Copies(Path(scratch), options.jobs)
        if options.again:
            status = judge_again(
                copies, declared, jobs=options.jobs, modules=tuple(options.module)
            )
        else:
            if not options.declared_only:
                status = judge_mutmut(every=options.all, jobs=options.jobs)
            status |= judge_declared(copies, declared, jobs=options.jobs)
            judge_types(copies, status, declared, jobs=options.jobs)
            if not options.declared_only:
                write_record(status, tests)
    print_score(status)
    return (
        0
        if check_page(status, declared, mutmut_judged=not options.declared_only)
        else 1
    )


if __name__ == "__main__":
    sys.exit(main())
