"""The package's layout: a kernel and its wings, imports that point down and never in a circle, modules of one sitting; and the tests named after them."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

import pytest

from tests._helpers import ROOT

if TYPE_CHECKING:
    from pathlib import Path

PACKAGE = ROOT / "binding_graph"
WINGS = frozenset(
    {
        "documents",
        "analysis",
        "expressions",
        "arithmetic",
        "units",
        "strict",
        "trust",
        "datasets",
        "drafts",
        "cli",
        "strategies",
    }
)
"""The subpackages, each a wing over the kernel."""
FACES = frozenset({"serialization", "jsonl"})
"""The public faces of the documents wing, which sit beside the kernel."""
LONGEST = 410
"""The most lines a module may have: one sitting's reading, about 400."""
TESTS = ROOT / "tests"
TESTED = frozenset({"model", *WINGS, "project"})
"""What a test module's name starts with: the kernel (``model``), a wing, or the repository itself."""
TEST_REACHES = frozenset(
    {
        # The documents' tables, compiled from the declarations, held to them.
        ("test_model_declarations.py", "binding_graph.documents._schema"),
        ("test_model_declarations.py", "binding_graph.documents._trees"),
        ("test_model_declarations.py", "binding_graph.documents._writing"),
        # The table of commands, which the page's exit statuses are held to.
        ("test_project_corpus.py", "binding_graph.cli._commands"),
        # The switch between the paths, which the fuzz harness flips, and the
        # pure writer, which leaves it as it is.
        ("test_project_fuzz_paths.py", "binding_graph.documents._paths"),
        ("test_project_fuzz_paths.py", "binding_graph.documents._writing"),
    }
)
"""Each test module that imports a private module of another wing than its own, and that module: no public name serves."""


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _private(name: str) -> bool:
    """Tell whether the module *name* is private: a part of its name, past the package's, starts with ``_`` (a dunder aside)."""
    return any(
        part.startswith("_") and not part.endswith("__") for part in name.split(".")[1:]
    )


def _target(name: str) -> str:
    """Return the module of the package that *name* (a module or a name in one) is."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _imports(name: str) -> set[str]:
    """Return the package's modules that *name* imports anywhere: at its top, in a function, for type checkers."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {
                _target(alias.name)
                for alias in node.names
                if alias.name.startswith("binding_graph")
            }
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            if not base.startswith("binding_graph"):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in MODULES else _target(base))
    return found - {name}


GRAPH: dict[str, set[str]] = {name: _imports(name) for name in MODULES}


def _private_modules(path: Path) -> set[str]:
    """Return the package's private modules that the test module *path* imports, or imports a name of."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {
            _target(name)
            for name in names
            if name.startswith("binding_graph.") and _private(_target(name))
        }
    return found


def _reaches(path: Path) -> set[tuple[str, str]]:
    """Return each private module of another wing than its own that the test module *path* imports."""
    wing = _tested(path.name)
    return {
        (path.name, module)
        for module in _private_modules(path)
        if _layer(module).replace("kernel", "model") != wing
    }


def _tested(filename: str) -> str | None:
    """Return what the test module *filename* tests, by its name ``test_<wing>_<topic>.py``, or None if it is not so named."""
    match = re.fullmatch(r"test_([a-z]+)_[a-z0-9_]+\.py", filename)
    return match[1] if match is not None and match[1] in TESTED else None


def _layer(name: str) -> str:
    """Return ``kernel``, ``face`` or the wing *name* belongs to."""
    part = name.split(".")[1] if "." in name else ""
    if part in WINGS:
        return part
    return "face" if part in FACES else "kernel"


class TestImports:
    """Imports point down, into the kernel, and never in a circle."""

    def test_no_module_imports_one_that_imports_it_back(self) -> None:
        """The import graph of the package, every import counted, has no cycle."""
        state: dict[str, int] = {}  # 1: on the path being walked, 2: done
        cycles: list[list[str]] = []
        for start in sorted(GRAPH):
            if start in state:
                continue
            path = [start]
            stack = [iter(sorted(GRAPH[start]))]
            state[start] = 1
            while stack:
                following = next(stack[-1], None)
                if following is None:
                    state[path.pop()] = 2
                    stack.pop()
                elif state.get(following) == 1:
                    cycles.append([*path[path.index(following) :], following])
                elif following not in state:
                    state[following] = 1
                    path.append(following)
                    stack.append(iter(sorted(GRAPH[following])))
        assert cycles == []

    def test_the_kernel_imports_no_wing_and_no_face(self) -> None:
        """No module of the kernel imports a wing, or a public face of one."""
        upward = {
            (name, imported)
            for name, imports in GRAPH.items()
            if _layer(name) == "kernel" and name != "binding_graph"
            for imported in imports
            if _layer(imported) != "kernel"
            # The hook imports the strategies when Hypothesis asks for them.
            and (name, imported)
            != ("binding_graph._hypothesis_plugin", "binding_graph.strategies")
            # python -m binding_graph runs the command line.
            and (name, imported) != ("binding_graph.__main__", "binding_graph.cli")
        }
        assert upward == set()

    @pytest.mark.parametrize(
        ("wing", "below"),
        [
            # The documents, the analysis and the language stand on the
            # kernel alone.
            ("documents", set[str]()),
            ("analysis", set[str]()),
            ("expressions", set[str]()),
            # The arithmetic computes with the language, in the order the
            # analysis gives.
            ("arithmetic", {"expressions", "analysis"}),
            # The units read the language's trees, with units for operands.
            ("units", {"expressions"}),
            # The adapters build graphs with the kernel and the language,
            # check them with the arithmetic and read their units with the
            # units, read lines as the documents wing does, and programs as
            # the drafts do; no command.
            (
                "datasets",
                {"expressions", "arithmetic", "units", "documents", "face", "drafts"},
            ),
            # A draft is compiled with the language, the arithmetic and the
            # units, into the kernel's graph, and repaired until the profile
            # for model output accepts it; no documents, no command.
            ("drafts", {"expressions", "arithmetic", "units", "trust"}),
            # The profile for model output computes answers with the
            # arithmetic, reads numbers with the language, units with the units,
            # and the set-up in the analysis's solve order.
            ("trust", {"expressions", "arithmetic", "units", "analysis"}),
            # The strict profile reads right-hand sides with the arithmetic,
            # and units with the units.
            ("strict", {"arithmetic", "units"}),
        ],
    )
    def test_each_wing_imports_only_what_it_stands_on(
        self, wing: str, below: set[str]
    ) -> None:
        """A wing imports its own modules, the kernel and the wings below it, nothing else."""
        allowed = {wing, "kernel", *below}
        reached = {
            imported
            for name, imports in GRAPH.items()
            if _layer(name) == wing
            for imported in imports
            if _layer(imported) not in allowed
        }
        assert reached == set()

    @pytest.mark.parametrize(
        ("wing", "above"),
        [("datasets", {"cli"}), ("drafts", {"datasets", "cli"}), ("strict", {"cli"})],
    )
    def test_only_the_command_line_imports_the_wings_at_the_top(
        self, wing: str, above: set[str]
    ) -> None:
        """The datasets, the drafts and the strict profile stand above the other wings, as the command line does; the datasets read programs with the drafts."""
        importers = {
            _layer(name)
            for name, imports in GRAPH.items()
            if any(_layer(imported) == wing for imported in imports)
        }
        assert importers == {wing, *above}


def _room(name: str) -> str:
    """Return the room of the drafts wing the module *name* is in: a subpackage's name, or the name of a module of the wing itself (``""`` for its front door)."""
    parts = name.split(".")[2:]
    return parts[0] if parts else ""


ROOMS: dict[str, set[str]] = {
    # The checks every producer's draft meets, and the graph: shared by all.
    "_checks": set(),
    # A draft's JSON as it comes, handed to the checks' shape reader.
    "_sources": {"_checks"},
    # The producers: each translates its replies for the checks and is a
    # Producer; none reaches into another, nor into what reads replies.
    "_draft": {"_checks", "_producer"},
    "_program": {"_checks", "_producer"},
}
"""Each room of the drafts wing, and the rooms its modules may import besides their own."""
PRODUCER_ROOMS = frozenset({"_draft", "_program"})
DRAFTS = frozenset(name for name in GRAPH if _layer(name) == "drafts")


class TestRooms:
    """The drafts wing shows its parts: the producers apart from the checks they share, and the functions over replies, which find a producer by its name."""

    @pytest.mark.parametrize("room", sorted(ROOMS))
    def test_a_room_imports_only_what_it_stands_on(self, room: str) -> None:
        """The checks stand on nothing of the wing, the sources on the checks, each producer on the checks and the Producer value."""
        reached = {
            imported
            for name in DRAFTS
            if _room(name) == room
            for imported in GRAPH[name]
            if _layer(imported) == "drafts"
            and _room(imported) not in {room, *ROOMS[room]}
        }
        assert reached == set()

    def test_a_producer_s_room_is_imported_by_the_registry_and_its_own_functions(
        self,
    ) -> None:
        """The functions over replies find a producer in the registry; only a format's own functions, and the front door, name it besides."""
        importers = {
            _room(name)
            for name in DRAFTS
            if _room(name) not in ROOMS
            and any(_room(imported) in PRODUCER_ROOMS for imported in GRAPH[name])
        }
        assert importers == {"", "_registry", "_draft_functions", "_program_functions"}

    def test_the_rooms_are_the_wings_subpackages(self) -> None:
        """Every subpackage of the drafts wing is a room of the map."""
        packages = {
            _room(name)
            for name in DRAFTS
            if MODULES[name].name == "__init__.py" and name != "binding_graph.drafts"
        }
        assert packages == set(ROOMS)
        assert _room("binding_graph.drafts._checks.engine") == "_checks"
        assert _room("binding_graph.drafts._replies") == "_replies"
        assert _room("binding_graph.drafts") == ""


class TestFrontDoors:
    """A wing is entered by its front door: no module imports another wing's private module."""

    def test_no_module_imports_another_wings_private_module(self) -> None:
        """Only a wing's own modules import its private ones; the documents' faces, beside the kernel, may import theirs."""
        reaches = {
            (name, imported)
            for name, imports in GRAPH.items()
            for imported in imports
            if _private(imported)
            and _layer(imported) in WINGS
            and _layer(name) != _layer(imported)
            and not (_layer(name) == "face" and _layer(imported) == "documents")
        }
        assert reaches == set()

    def test_the_rule_sees_a_reach(self) -> None:
        """A private module of a wing, imported from another, is found as a reach."""
        assert _layer("binding_graph.expressions._tree") == "expressions"
        assert "binding_graph.expressions._tree" not in GRAPH["binding_graph.units"]
        assert "binding_graph.expressions" in GRAPH["binding_graph.units"]
        assert "binding_graph.documents._text" in GRAPH["binding_graph.serialization"]

    def test_the_walk_sees_every_kind_of_import(self) -> None:
        """The graph counts imports in functions and for type checkers too."""
        assert (
            "binding_graph.documents._fast" in GRAPH["binding_graph.documents._paths"]
        )
        assert "binding_graph._finding" in GRAPH["binding_graph.analysis._engine"]
        assert {_layer(name) for name in GRAPH["binding_graph.documents"]} == {
            "documents"
        }


class TestModules:
    """Each module is readable in one sitting, and says what it holds."""

    @pytest.mark.parametrize("name", sorted(MODULES))
    def test_a_module_is_at_most_about_400_lines(self, name: str) -> None:
        """No module passes about 400 lines."""
        lines = MODULES[name].read_text(encoding="utf-8").count("\n")
        assert lines <= LONGEST

    @pytest.mark.parametrize("name", sorted(MODULES))
    def test_a_module_starts_with_what_it_holds(self, name: str) -> None:
        """Every module has a docstring."""
        tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
        assert ast.get_docstring(tree)


class TestOneCodeForEveryPython:
    """The package runs the same lines on every Python it supports, so one measure of coverage holds for all."""

    @pytest.mark.parametrize("name", sorted(MODULES))
    def test_no_module_branches_on_the_version_of_python(self, name: str) -> None:
        """No module asks which Python runs it: sys.version_info, sys.version or sys.hexversion."""
        text = MODULES[name].read_text(encoding="utf-8")
        assert re.search(r"\bsys\.(version_info|version|hexversion)\b", text) is None


class TestDesignMap:
    """docs/design.md's map of the modules is the tree's."""

    def test_the_map_lists_every_module_once(self) -> None:
        """Each module of the package has one row on the map, and each row names a module."""
        design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
        table = design.split("## Modules", 1)[1].split("\n## ", 1)[0]
        rows = re.findall(r"^\| `([\w.]+)` \|", table, re.MULTILINE)
        mapped = [f"binding_graph.{row}" for row in rows]
        assert sorted(mapped) == sorted(
            name for name in MODULES if name != "binding_graph"
        )
        assert len(mapped) == len(set(mapped))


class TestTestModules:
    """Each test module is named after the wing it tests, and shares helpers through ``tests/_*.py`` only."""

    @pytest.mark.parametrize(
        "path", sorted(TESTS.glob("test_*.py")), ids=lambda path: path.name
    )
    def test_a_test_module_is_named_after_what_it_tests(self, path: Path) -> None:
        """A test module is ``test_<wing>_<topic>.py``: the kernel's are ``test_model_*``, the repository's ``test_project_*``."""
        assert _tested(path.name) is not None

    def test_the_rule_sees_a_name_of_another_scheme(self) -> None:
        """A name without a known wing, or without a topic after it, is refused."""
        assert _tested("test_units_admission.py") == "units"
        assert _tested("test_model_graph.py") == "model"
        assert _tested("test_project_layout.py") == "project"
        assert _tested("test_loads.py") is None
        assert _tested("test_units.py") is None
        assert _tested("test_serialization_loads.py") is None

    def test_every_wing_has_tests_named_after_it(self) -> None:
        """A reader finds every wing's tests, the kernel's and the repository's by name."""
        named = {_tested(path.name) for path in TESTS.glob("test_*.py")}
        assert named == TESTED

    def test_tests_holds_test_modules_and_their_helpers_only(self) -> None:
        """Every module of tests/ is a test module, a helper they share (``_*.py``), conftest.py or __init__.py."""
        others = {
            path.name
            for path in TESTS.glob("*.py")
            if not path.name.startswith(("test_", "_"))
        }
        assert others == {"conftest.py"}

    def test_a_test_reaches_into_another_wing_only_where_listed(self) -> None:
        """A test of a wing uses another wing's public names, or the private ones tests/_helpers.py gathers; the few reaches left are listed, each with its reason."""
        reaches = set[tuple[str, str]]().union(
            *(_reaches(path) for path in TESTS.glob("test_*.py"))
        )
        assert reaches == TEST_REACHES

    def test_the_rule_sees_a_reach_of_a_test(self) -> None:
        """A kernel's private module, imported or a name of it, is the model's; a wing's own private modules are no reach."""
        assert _private_modules(TESTS / "test_model_codegen.py") == {
            "binding_graph._codegen"
        }
        assert _reaches(TESTS / "test_model_codegen.py") == set()
        assert _reaches(TESTS / "test_cli_whole_files.py") == set()
        assert "binding_graph.cli._scan" in _private_modules(
            TESTS / "test_cli_whole_files.py"
        )
        assert _reaches(TESTS / "test_project_fuzz_paths.py") == {
            ("test_project_fuzz_paths.py", "binding_graph.documents._paths"),
            ("test_project_fuzz_paths.py", "binding_graph.documents._writing"),
        }

    @pytest.mark.parametrize(
        "path", sorted(TESTS.glob("test_*.py")), ids=lambda path: path.name
    )
    def test_no_test_module_imports_another(self, path: Path) -> None:
        """What several test modules share lives in ``tests/_*.py``, never in a test module another imports."""
        imported = {
            name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom | ast.Import)
            for name in (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
            )
        }
        assert {name for name in imported if name.startswith("tests.test_")} == set()


ROOT_FILES = frozenset(
    {
        ".git",  # a worktree's pointer to its repository
        ".gitattributes",
        ".gitignore",
        ".python-version",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "tox.ini",
    }
)
"""The files at the root of a checkout: what a test, a tool or a fuzzer leaves there is a stray."""


class TestRoot:
    """The root of a checkout holds the project's own files, and nothing a run left behind."""

    def test_the_root_holds_only_the_project_s_files(self) -> None:
        """A file a run writes in the working directory (a test's scratch file, a fuzzer's crash input) is never left at the root."""
        found = {
            path.name
            for path in ROOT.iterdir()
            if path.is_file() and not path.name.startswith(".coverage")
        }
        assert found - ROOT_FILES == set()
