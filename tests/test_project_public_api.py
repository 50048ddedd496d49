"""Tests of the public surface: names, docs, version, and a side-effect-free import."""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import inspect
import json
import sys
import types
import typing

import pytest

import binding_graph
from binding_graph.model import Model
from tests._helpers import VALIDATORS, installed_distribution, run_python

EXPECTED_API = frozenset(
    {
        "ADMISSIBILITY_STATUSES",
        "AdmissibilityStatus",
        "BindingGraphError",
        "BoundConstraint",
        "BoundEquation",
        "BoundFact",
        "BoundUnknown",
        "LineRecord",
        "REFUSAL_CODES",
        "RefusalCode",
        "SEMANTIC_ROLES",
        "SemanticRole",
        "SemanticSymbolicBindingGraph",
        "SourceSpanLink",
        "SymbolBinding",
        "allocate_symbols",
        "canonical_bytes",
        "content_hash",
        "dump_lines",
        "dumps",
        "format_refusals",
        "from_data",
        "is_canonical",
        "json_schema",
        "load_line",
        "load_lines",
        "loads",
        "refusal_line",
        "refusals",
        "to_data",
    }
)


def _isort_key(name: str) -> tuple[int, str]:
    """Order as ruff's RUF022 does: CONSTANTS, then CamelCase, then the rest."""
    if name.isupper():
        return (0, name)
    if name[:1].isupper():
        return (1, name)
    return (2, name)


class TestAll:
    """__all__ is exactly the API the spec names, sorted, and every public name is in it."""

    def test_all_is_exactly_the_expected_api(self) -> None:
        """__all__ is the API the spec names, no more and no less, without repeats."""
        assert len(binding_graph.__all__) == len(set(binding_graph.__all__))
        assert set(binding_graph.__all__) == EXPECTED_API

    def test_every_name_in_all_exists(self) -> None:
        """Every name in __all__ is an attribute of the package."""
        missing = [
            name for name in binding_graph.__all__ if not hasattr(binding_graph, name)
        ]
        assert missing == []

    def test_all_is_sorted(self) -> None:
        """__all__ is sorted, constants first, then classes, then functions (RUF022)."""
        assert binding_graph.__all__ == sorted(binding_graph.__all__, key=_isort_key)

    def test_every_public_name_is_in_all(self) -> None:
        """Every public, non-module attribute of the package is listed in __all__."""
        public = {
            name
            for name, value in vars(binding_graph).items()
            if not name.startswith("_")
            and not isinstance(value, types.ModuleType)
            # ``from __future__ import annotations`` leaves this feature flag behind.
            and type(value).__module__ != "__future__"
        }
        assert public == set(binding_graph.__all__)

    def test_unknown_attribute_raises_attribute_error(self) -> None:
        """An unknown attribute of the package raises AttributeError, naming it."""
        with pytest.raises(AttributeError, match="no_such_name"):
            _ = getattr(binding_graph, "no_such_name")  # noqa: B009 -- the lookup under test


SUBMODULES = (
    "binding_graph.errors",
    "binding_graph.vocabularies",
    "binding_graph.model",
    "binding_graph.allocation",
    "binding_graph.serialization",
    "binding_graph.jsonl",
)


# What each submodule exports: the package's names, and the few that only
# the submodule offers (the path type and its renderer, the format's
# constants).
SUBMODULE_API: dict[str, frozenset[str]] = {
    "binding_graph.errors": frozenset(
        {
            "ALLOCATION_CODES",
            "ANALYSIS_CODES",
            "ARITHMETIC_CODES",
            "DATASET_CODES",
            "DOCUMENT_CODES",
            "DRAFT_CODES",
            "REFUSAL_CODES",
            "STRICT_CODES",
            "TRUST_CODES",
            "UNIT_CODES",
            "BindingGraphError",
            "ErrorPath",
            "REPAIR_HEADER",
            "RefusalCode",
            "format_refusals",
            "render_path",
        }
    ),
    "binding_graph.vocabularies": frozenset(
        {
            "ADMISSIBILITY_STATUSES",
            "OPERATION_KINDS",
            "QUESTION_FORMS",
            "SEMANTIC_ROLES",
            "STATE_NAMES",
            "AdmissibilityStatus",
            "OperationKind",
            "QuestionForm",
            "SemanticRole",
            "StateIndex",
            "StateName",
        }
    ),
    "binding_graph.model": frozenset(
        {
            "MODEL_CLASSES",
            "Model",
            "BoundConstraint",
            "BoundEquation",
            "BoundFact",
            "BoundUnknown",
            "SemanticSymbolicBindingGraph",
            "SourceSpanLink",
            "SymbolBinding",
        }
    ),
    "binding_graph.allocation": frozenset({"allocate_symbols"}),
    "binding_graph.serialization": frozenset(
        {
            "DEFAULT_LIMIT",
            "DEFAULT_MAX_BYTES",
            "FORMAT",
            "FORMAT_VERSION",
            "GENERATION_KEYWORDS",
            "SCHEMA_PROFILES",
            "WRITING_ORDER",
            "canonical_bytes",
            "content_hash",
            "dumps",
            "from_data",
            "is_canonical",
            "json_schema",
            "loads",
            "refusals",
            "to_data",
        }
    ),
    "binding_graph.jsonl": frozenset(
        {"LineRecord", "dump_lines", "load_line", "load_lines", "refusal_line"}
    ),
}


class TestSubmodules:
    """Each submodule exports exactly its own API."""

    def test_submodule_apis_cover_every_submodule(self) -> None:
        """Each submodule's expected API is stated, and together they hold the package's."""
        assert set(SUBMODULE_API) == set(SUBMODULES)
        assert frozenset().union(*SUBMODULE_API.values()) >= EXPECTED_API

    @pytest.mark.parametrize("module_name", SUBMODULES)
    def test_submodule_star_import_gives_exactly_its_api(
        self, module_name: str
    ) -> None:
        """``from <submodule> import *`` gives its API, no more and no less."""
        namespace: dict[str, object] = {}
        exec(f"from {module_name} import *", namespace)  # noqa: S102 -- our own module
        assert set(namespace) - {"__builtins__"} == SUBMODULE_API[module_name]

    @pytest.mark.parametrize("module_name", SUBMODULES)
    def test_submodule_all_names_exist(self, module_name: str) -> None:
        """Every submodule's __all__ names attributes it has, sorted."""
        module = importlib.import_module(module_name)
        exported: list[str] = module.__all__
        assert [name for name in exported if not hasattr(module, name)] == []
        assert exported == sorted(exported, key=_isort_key)


def _attribute_docstrings(module: types.ModuleType) -> dict[str, str]:
    """Map each module-level name to the string literal right after its assignment."""
    tree = ast.parse(inspect.getsource(module))
    docs: dict[str, str] = {}
    for node, following in zip(tree.body, tree.body[1:], strict=False):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            for target in targets:
                if isinstance(target, ast.Name):
                    docs[target.id] = following.value.value
    return docs


def _docstring(name: str) -> str | None:
    """Return the docstring of the public *name*, wherever it is defined."""
    obj = getattr(binding_graph, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        return obj.__doc__
    for module_name in SUBMODULES:
        module = importlib.import_module(module_name)
        if getattr(module, name, None) is obj:
            found = _attribute_docstrings(module).get(name)
            if found is not None:
                return found
    return None


class TestDocstrings:
    """Every public name, class, method and module has a docstring."""

    @pytest.mark.parametrize("name", sorted(EXPECTED_API))
    def test_every_public_name_is_documented(self, name: str) -> None:
        """Every public name has a docstring, attribute docstrings included."""
        doc = _docstring(name)
        assert doc is not None
        assert doc.strip()

    @pytest.mark.parametrize(
        "name",
        sorted(
            name
            for name in EXPECTED_API
            if inspect.isclass(getattr(binding_graph, name))
        ),
    )
    def test_public_classes_document_themselves_and_their_methods(
        self, name: str
    ) -> None:
        """A public class has its own docstring, and so has each of its public methods."""
        cls: type = getattr(binding_graph, name)
        assert "__doc__" in vars(cls)
        assert (cls.__doc__ or "").strip()
        undocumented = [
            attribute
            for attribute, value in vars(cls).items()
            if not attribute.startswith("_")
            and callable(value)
            and not (inspect.getdoc(value) or "").strip()
        ]
        assert undocumented == []

    def test_with_prefix_is_documented(self) -> None:
        """The one public method, BindingGraphError.with_prefix, has a docstring."""
        assert (binding_graph.BindingGraphError.with_prefix.__doc__ or "").strip()

    def test_package_and_modules_have_docstrings(self) -> None:
        """The package and each of its modules say what they hold."""
        for module_name in ("binding_graph", *SUBMODULES, VALIDATORS.__name__):
            assert (importlib.import_module(module_name).__doc__ or "").strip()


class TestVersion:
    """__version__ comes from the installed distribution's metadata, read when asked for."""

    def test_version_comes_from_installed_metadata(self) -> None:
        """__version__ is the installed distribution's version, as a str."""
        expected = installed_distribution().version
        version = binding_graph.__version__
        assert isinstance(version, str)
        assert version == expected

    def test_project_urls_come_with_a_release(self) -> None:
        """No placeholder URL while the package is unpublished; a release names its home, docs, changelog and issues."""
        distribution = installed_distribution()
        labels = {
            entry.split(",", 1)[0].strip()
            for entry in distribution.metadata.get_all("Project-URL") or []
        }
        released = ".dev" not in distribution.version
        urls = {"Documentation", "Changelog", "Source", "Issues"}
        expected = urls if released else set[str]()
        assert labels == expected

    def test_a_missing_installation_fails_the_tests_of_its_metadata(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Without an installed binding-graph, a test of its metadata fails, saying why."""

        def no_distribution(distribution: str) -> importlib.metadata.Distribution:
            raise importlib.metadata.PackageNotFoundError(distribution)

        monkeypatch.setattr(importlib.metadata, "distribution", no_distribution)
        with pytest.raises(
            pytest.fail.Exception, match=r"^binding-graph is not installed, so its"
        ):
            installed_distribution()

    def test_version_is_read_lazily_from_metadata(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """__version__ asks importlib.metadata for binding-graph on each access."""
        asked: list[str] = []

        def fake_version(distribution: str) -> str:
            asked.append(distribution)
            return "9.8.7"

        monkeypatch.setattr(importlib.metadata, "version", fake_version)
        assert binding_graph.__version__ == "9.8.7"
        assert asked == ["binding-graph"]

    def test_version_without_metadata_is_an_attribute_error(
        self,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """From a bare checkout, __version__ raises AttributeError and says why."""

        def no_distribution(distribution: str) -> str:
            raise importlib.metadata.PackageNotFoundError(distribution)

        monkeypatch.setattr(importlib.metadata, "version", no_distribution)
        with pytest.raises(AttributeError) as info:
            _ = binding_graph.__version__
        assert info.value.args == (
            "__version__ is only known for an installed binding-graph",
        )
        assert info.value.__suppress_context__
        assert not hasattr(binding_graph, "__version__")


class TestImport:
    """Importing the package pulls in attrs and the standard library, and nothing else."""

    def test_import_pulls_in_no_test_tools(self) -> None:
        """A fresh `import binding_graph` imports nothing from hypothesis or pytest."""
        output = run_python(
            "-c",
            "import json, sys\n"
            "import binding_graph\n"
            "print(json.dumps(sorted(m for m in sys.modules"
            " if m.split('.')[0] in {'hypothesis', 'pytest', '_pytest'})))\n",
        )
        assert json.loads(output) == []

    def test_import_pulls_in_only_attrs_and_the_stdlib(self) -> None:
        """A fresh import adds only binding_graph, attrs/attr and stdlib modules."""
        output = run_python(
            "-c",
            "import json, sys\n"
            "before = set(sys.modules)\n"
            "import binding_graph\n"
            "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))\n",
        )
        added = set(json.loads(output))
        allowed = {"binding_graph", "attr", "attrs"} | set(sys.stdlib_module_names)
        assert added - allowed == set()
        assert "binding_graph" in added


class TestReaderTypes:
    """The readers tell type checkers what they build: a graph by default, else the class asked for."""

    @pytest.mark.parametrize("reader", ["loads", "from_data"])
    def test_each_reader_has_two_forms(self, reader: str) -> None:
        """Each reader takes an optional cls; where Python keeps overloads, it has two."""
        function = getattr(binding_graph, reader)
        assert "cls" in inspect.signature(function).parameters
        get_overloads = getattr(typing, "get_overloads", None)
        if get_overloads is None:  # new in Python 3.11
            return
        forms = get_overloads(function)
        assert len(forms) == 2
        default, chosen = (typing.get_type_hints(form) for form in forms)
        assert default["return"] is binding_graph.SemanticSymbolicBindingGraph
        variable = chosen["return"]
        assert isinstance(variable, typing.TypeVar)
        assert variable.__bound__ is Model
        assert chosen["cls"] == type[variable]
