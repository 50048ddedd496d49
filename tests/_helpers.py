"""What the tests share: builders of valid objects, the refusal helpers, the tables of fields.

Every builder takes keyword overrides for any field; a deliberately wrong
value goes through :func:`untyped`, so that the type checkers see the test's
intent instead of a ``# type: ignore``. A refusal is caught with
:func:`refusal`, which returns the :class:`~binding_graph.BindingGraphError`
itself, so that a test compares its code, its path and its message.

The tests of each rule sit in one class, whose ``test_refusal_message_is_exact``
pins one refusal of each kind. A message is built from data, in the shape
``Owner.field rule (got value)``: pinning it keeps the rule's wording, its
owner, its field and the value it shows from drifting unnoticed.

A test of a wing may import that wing's private modules, to reach what
its public names do not show; a test of another wing uses the public names,
as the package's own modules do, or the private names that many tests share,
which are imported here: the tables of fields, the validators, the readers
the tests observe, the schema's patterns, the Hypothesis hook and
:func:`show`. The few tests that still import another wing's private
module, to test a table it holds or to flip a switch it keeps, are listed
with their reasons in ``tests/test_project_layout.py``, which holds the
tests to that list as it holds the package to its layout.
"""

from __future__ import annotations

import contextlib
import gc
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import strategies as st

import binding_graph
from binding_graph import (
    BindingGraphError,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    _checks,
    _hypothesis_plugin,
    _kinds,
    model,
)
from binding_graph import strategies as bgst
from binding_graph._declarations import declared_fields
from binding_graph._show import short_repr as show
from binding_graph._show import type_name
from binding_graph.documents import _reading, _text
from binding_graph.documents._schema import (
    _IDENTIFIER,  # pyright: ignore[reportPrivateUsage]
    _NOT_BLANK,  # pyright: ignore[reportPrivateUsage]
)
from binding_graph.errors import ErrorPath
from binding_graph.strategies import _invalid

if TYPE_CHECKING:
    from collections.abc import Callable, Generator
    from types import ModuleType

__all__ = [
    "ANY_MODEL",
    "BREAK_ONE_RULE",
    "BUILDERS",
    "CLASSES",
    "CLASS_NAMES",
    "DECLARATIONS",
    "HYPOTHESIS_HOOK",
    "IDENTIFIER_FIELDS",
    "IDENTIFIER_PATTERN",
    "JSON_TREES",
    "MAX_OFFSET",
    "MODEL_CLASSES",
    "NOT_BLANK_PATTERN",
    "OPTIONAL_FIELDS",
    "PACKAGE_ROOT",
    "READS",
    "REQUIRED_STRING_FIELDS",
    "ROOT",
    "SLOW_PATHS",
    "SPAN_FIELDS",
    "TEXT_FIELDS",
    "UTF8_SIZE",
    "VALIDATORS",
    "VALID_STRINGS",
    "VOCABULARY_FIELDS",
    "ErrorPath",
    "Offset",
    "Text",
    "assert_refusal",
    "child_environment",
    "code_and_path",
    "collector_set",
    "constraint",
    "equation",
    "fact",
    "graph",
    "installed_distribution",
    "load_script",
    "refusal",
    "run_child",
    "run_python",
    "show",
    "span",
    "symbol",
    "type_name",
    "unknown",
    "untyped",
]

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: the README, the docs, the examples, the fuzz harness and the tools."""

MAX_OFFSET = 2**53 - 1
"""The largest offset of a span: every JSON implementation holds it exactly."""


# -- private names of binding_graph ---------------------------------------------
# Gathered here, so that a rename inside the package is a change of this block.

VALIDATORS = _checks
"""The module of the fields' slow checks, which a test forbids on the common valid value."""

DECLARATIONS = _kinds
"""The module of the kinds of field and the declarations of the model's fields."""

SLOW_PATHS = (
    "text",
    "optional_text",
    "identifier",
    "identifiers",
    "member",
    "start",
    "end",
    "span_text",
    "refusal_reason",
    "optional_member",
    "state_index",
    "one",
    "many",
    "check_text",
    "check_identifier",
    "check_member",
    "_offset",
)
"""The slow paths of the checks, names of functions in :data:`VALIDATORS`.

A valid value the fast path is meant to take must never reach one of these.
They cost several times the fast path, and the performance targets of
docs/performance.md rest on that.
"""

READS: tuple[tuple[ModuleType, str], ...] = ((_reading, "read"), (_text, "read"))
"""Where ``from_data`` and ``loads`` look up the reader they share, to observe it."""

UTF8_SIZE: tuple[ModuleType, str] = (_text, "_utf8_size")
"""Where ``loads`` looks up how it counts the UTF-8 bytes of a text."""

NOT_BLANK_PATTERN: str = _NOT_BLANK
"""The schema's pattern of a text that is not blank."""

IDENTIFIER_PATTERN: str = _IDENTIFIER
"""The schema's pattern of an identifier."""

HYPOTHESIS_HOOK = _hypothesis_plugin.setup_hook
"""The function that the package's ``hypothesis`` entry point names."""

BREAK_ONE_RULE = _invalid.break_rule
"""How ``invalid_graph_documents()`` breaks a rule of a code in a valid document, given what to draw with."""


# -- refusals -------------------------------------------------------------------


def untyped(value: object) -> Any:
    """Return *value* typed ``Any``: the way a test passes a deliberately wrong type."""
    return value


def refusal(
    build: Callable[..., object], /, *args: object, **fields: object
) -> BindingGraphError:
    """Call *build* with *args* and *fields*; return the refusal it must raise."""
    with pytest.raises(BindingGraphError) as info:
        build(*args, **fields)
    return info.value


def code_and_path(
    build: Callable[..., object], /, *args: object, **fields: object
) -> tuple[str, ErrorPath]:
    """Call *build* with *args* and *fields*; return the code and path of its refusal."""
    error = refusal(build, *args, **fields)
    return error.code, error.path


def assert_refusal(
    error: BindingGraphError, code: str, path: tuple[str | int, ...], owner: str
) -> None:
    """Check the code, the exact path, and that the message names the field."""
    assert (error.code, error.path) == (code, path)
    assert f"{owner}.{path[0]}" in error.message
    assert error.message in str(error)


# -- builders of valid objects --------------------------------------------------


def span(**overrides: Any) -> SourceSpanLink:
    """Build a valid span, ``SourceSpanLink("p1", 0, 5, "Alice")``, with *overrides*."""
    fields: dict[str, Any] = {"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}
    fields.update(overrides)
    return SourceSpanLink(**fields)


def symbol(**overrides: Any) -> SymbolBinding:
    """Build a valid symbol ``x``, with *overrides*."""
    fields: dict[str, Any] = {
        "symbol_id": "x",
        "name": "apples",
        "semantic_role": "quantity",
        "source_span": span(),
        "introduced_by": "test",
    }
    fields.update(overrides)
    return SymbolBinding(**fields)


def fact(**overrides: Any) -> BoundFact:
    """Build a valid fact ``x = 3``, with *overrides*."""
    fields: dict[str, Any] = {"symbol_id": "x", "value": "3", "source_span": span()}
    fields.update(overrides)
    return BoundFact(**fields)


def equation(**overrides: Any) -> BoundEquation:
    """Build a valid admitted equation ``z := x + y``, with *overrides*."""
    fields: dict[str, Any] = {
        "lhs_symbol_id": "z",
        "rhs_canonical": "x + y",
        "dependencies": frozenset({"x", "y"}),
        "operation_kind": "sum",
        "unit_proof": "same unit",
        "admissibility_status": "admitted",
        "source_span": span(),
    }
    fields.update(overrides)
    return BoundEquation(**fields)


def unknown(**overrides: Any) -> BoundUnknown:
    """Build a valid unknown asking for ``z``, with *overrides*."""
    fields: dict[str, Any] = {"symbol_id": "z", "question_span": span()}
    fields.update(overrides)
    return BoundUnknown(**fields)


def constraint(**overrides: Any) -> BoundConstraint:
    """Build a valid constraint ``x >= 0``, with *overrides*."""
    fields: dict[str, Any] = {
        "symbol_id": "x",
        "predicate": "x >= 0",
        "source_span": span(),
    }
    fields.update(overrides)
    return BoundConstraint(**fields)


def graph(**overrides: Any) -> SemanticSymbolicBindingGraph:
    """Build a valid graph over symbols ``x``, ``y``, ``z``, with *overrides*.

    It holds one element of every kind: the fact ``x = 3``, the equation
    ``z := x + y``, the unknown ``z``, the constraint ``x >= 0`` and one span
    of provenance.
    """
    fields: dict[str, Any] = {
        "symbols": (
            symbol(symbol_id="x"),
            symbol(symbol_id="y"),
            symbol(symbol_id="z"),
        ),
        "facts": (fact(),),
        "equations": (equation(),),
        "unknowns": (unknown(),),
        "constraints": (constraint(),),
        "provenance": (span(),),
    }
    fields.update(overrides)
    return SemanticSymbolicBindingGraph(**fields)


# -- the model's classes and fields ---------------------------------------------

MODEL_CLASSES: tuple[type[Any], ...] = model.MODEL_CLASSES
"""Every class of the model, the graph last."""

CLASSES: dict[str, type] = {cls.__name__: cls for cls in MODEL_CLASSES}
"""Every class of the model, by name."""

BUILDERS: dict[str, Callable[..., Any]] = {
    "SourceSpanLink": span,
    "SymbolBinding": symbol,
    "BoundFact": fact,
    "BoundEquation": equation,
    "BoundUnknown": unknown,
    "BoundConstraint": constraint,
    "SemanticSymbolicBindingGraph": graph,
}
"""The builder of a valid object of every class, by the class's name."""


def fields_of_kind(*kinds: str) -> list[tuple[str, str]]:
    """Return (class, field) for every field declared of one of *kinds*."""
    return [
        (cls.__name__, name)
        for cls in MODEL_CLASSES
        for name, declared in declared_fields(cls)
        if declared.kind.name in kinds
    ]


TEXT_FIELDS = fields_of_kind("text")
"""The required texts: (class, field)."""

IDENTIFIER_FIELDS = fields_of_kind("identifier")
"""The ids: (class, field)."""

VOCABULARY_FIELDS = fields_of_kind("member")
"""The members of a vocabulary: (class, field)."""

OPTIONAL_FIELDS = fields_of_kind("optional_text")
"""The optional texts: (class, field)."""

SPAN_FIELDS = [
    (owner, name)
    for owner, name in fields_of_kind("object")
    if CLASSES[owner] is not SemanticSymbolicBindingGraph
]
"""The spans: (class, field)."""

REQUIRED_STRING_FIELDS = TEXT_FIELDS + IDENTIFIER_FIELDS + VOCABULARY_FIELDS
"""Every string that may not be None: (class, field)."""

VALID_STRINGS: dict[tuple[str, str], str] = {
    **dict.fromkeys(TEXT_FIELDS, "some text"),
    **dict.fromkeys(IDENTIFIER_FIELDS, "x"),
    **dict.fromkeys(OPTIONAL_FIELDS, "kg"),
    # The first member of each vocabulary, in code-point order.
    **{
        (owner, name): min(declared.vocabulary)
        for owner, name in VOCABULARY_FIELDS
        for field, declared in declared_fields(CLASSES[owner])
        if field == name
    },
}
"""A valid value of every string field, to wrap in a str subclass."""


class Text(str):
    """A str subclass that changes nothing: still refused wherever a str belongs."""

    __slots__ = ()


class Offset(int):
    """An int subclass that is not bool, and changes nothing: still refused as an offset."""

    __slots__ = ()


ANY_MODEL: st.SearchStrategy[Any] = st.one_of(
    bgst.source_spans(),
    bgst.symbol_bindings(),
    bgst.bound_facts(),
    bgst.bound_equations(),
    bgst.bound_unknowns(),
    bgst.bound_constraints(),
    bgst.graphs(),
)
"""A valid object of any class of the model."""

CLASS_NAMES = (
    "SourceSpanLink, SymbolBinding, BoundFact, BoundEquation, BoundUnknown,"
    " BoundConstraint, SemanticSymbolicBindingGraph"
)
"""The model's classes, as a refusal of a class that is not one lists them."""


# -- JSON -----------------------------------------------------------------------


def _json_containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Return small lists and objects of *inner*'s values."""
    # A function, not a lambda: Hypothesis reads the extension's source to
    # see that it uses its argument, and a lambda's source is not always found.
    return st.lists(inner, max_size=3) | st.dictionaries(
        st.text(max_size=8), inner, max_size=3
    )


JSON_TREES: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    _json_containers,
    max_leaves=8,
)
"""Any small tree of JSON values, as json.loads returns them: finite floats too."""


# -- the cyclic collector --------------------------------------------------------


@contextlib.contextmanager
def collector_set(*, enabled: bool) -> Generator[None, None, None]:
    """Switch the cyclic collector on or off for the block, then back as it was."""
    was = gc.isenabled()
    try:
        if enabled:
            gc.enable()
        else:
            gc.disable()
        yield
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


# -- child interpreters, scripts and the installed distribution -----------------

PACKAGE_ROOT = str(Path(binding_graph.__file__).resolve().parent.parent)
"""The directory that holds the ``binding_graph`` these tests imported."""


def child_environment(**variables: str) -> dict[str, str]:
    """Return the parent's environment, with *variables*, for a child that imports the package under test.

    A test that needs a fresh process (another hash seed, a clean import, a
    script run as a user runs it) must judge the code the rest of the suite
    judges: the installed wheel under tox, the checkout under a bare
    ``pytest``, a mutant's copy in a mutation run. So the directory that
    holds the imported package goes first on the child's ``PYTHONPATH``.
    """
    inherited = os.environ.get("PYTHONPATH")
    search_path = (
        PACKAGE_ROOT if not inherited else PACKAGE_ROOT + os.pathsep + inherited
    )
    return {**os.environ, **variables, "PYTHONPATH": search_path}


def run_child(
    *arguments: str,
    environment: dict[str, str] | None = None,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python *arguments*`` in a child interpreter; return how it ended, whatever its status.

    The child imports the package under test (see :func:`child_environment`);
    *environment* adds to the parent's variables.
    """
    return subprocess.run(
        [sys.executable, *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env=child_environment(**(environment or {})),
    )


def run_python(
    *arguments: str,
    environment: dict[str, str] | None = None,
    stdin: str | None = None,
) -> str:
    """Run ``python *arguments*`` as :func:`run_child` does, and return its standard output.

    The child fails the test (``CalledProcessError``) if it exits with a
    non-zero status.
    """
    result = run_child(*arguments, environment=environment, stdin=stdin)
    result.check_returncode()
    return result.stdout


def load_script(path: Path) -> Any:
    """Import the script at *path* (a tool or a harness, not a package's module).

    It is imported once, under its file's name, and kept in ``sys.modules``
    as a module imported by name would be.
    """
    name = path.stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def installed_distribution() -> importlib.metadata.Distribution:
    """Return the installed ``binding-graph`` distribution; fail the test without one.

    Its metadata holds the version and the ``hypothesis`` entry point, and a
    test of either has nothing to check without it. A missing installation
    fails such a test with this one line, rather than skipping it: a skip
    would let a run that never checked the entry point pass.
    """
    with contextlib.suppress(importlib.metadata.PackageNotFoundError):
        return importlib.metadata.distribution("binding-graph")
    pytest.fail(
        "binding-graph is not installed, so its metadata and its hypothesis"
        " entry point cannot be tested: install it (`python -m pip install"
        " -e .`) or run the tests with tox",
        pytrace=False,
    )


# -- the command line -------------------------------------------------------------


@attrs.frozen
class Result:
    """What a run of the command line gave: exit status, standard output and error."""

    status: int
    out: str
    err: str


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


def as_shown(printed: list[str], shown: list[str]) -> bool:
    """Tell whether *printed* lines are what a page *shows*, where one line ``...`` elides any lines."""
    if "..." not in shown:
        return printed == shown
    cut = shown.index("...")
    head, tail = shown[:cut], shown[cut + 1 :]
    return (
        len(printed) >= len(head) + len(tail)
        and printed[: len(head)] == head
        and printed[len(printed) - len(tail) :] == tail
    )
