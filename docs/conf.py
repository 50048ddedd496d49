"""Sphinx configuration for the binding_graph documentation."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import shutil
import subprocess
import sys
from importlib.metadata import version as _version
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.errors import ExtensionError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

from binding_graph.analysis import to_dot, to_mermaid

if TYPE_CHECKING:
    from sphinx.application import Sphinx

_LOGGER = logging.getLogger(__name__)

project = "binding_graph"
author = "the binding_graph developers"
copyright = f"%Y, {author}"
# The installed package's version, as binding_graph.__version__ gives it.
release = _version("binding-graph")
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
]

# Every reference must resolve; tox also passes -n -W.
nitpicky = True
# The documentation builds offline, without intersphinx: references into the
# standard library and the dependencies cannot resolve, and are not errors.
_EXTERNAL = sorted({*sys.stdlib_module_names, "attr", "attrs", "hypothesis"})
nitpick_ignore_regex = [
    (r"py:.*", rf"({'|'.join(_EXTERNAL)})(\..*)?"),
    # Imported for type checkers only (under TYPE_CHECKING): autodoc sees the
    # bare name.
    (r"py:class", r"SearchStrategy|Fraction"),
    # The private type variable of the overloaded readers' signatures.
    (r"py:class", r"binding_graph\.documents\.(_reading|_text)\._M"),
]

# _generated holds the pictures that _draw_example makes at every build. The
# design record is plain text, kept byte for byte as it was accepted: its
# page, adr/ADR-0132.md, shows it as such.
exclude_patterns = ["_build", "_generated", "adr/ADR-0132-binding-graph-data-model.md"]

# Markdown sources, one sentence per line.
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
myst_heading_anchors = 3

# autodoc imports the installed package, the one the tests run against.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"

# Docstrings follow the Google style (Args:, Returns:, Raises:).
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = "binding_graph"
# Wraps the long lines of the design record (adr/ADR-0132.md) and of console
# blocks, which would otherwise scroll sideways.
html_static_path = ["_static"]
html_css_files = ["verbatim.css"]


def _module_source(module: str) -> Path:
    """The file that defines a module of the package."""
    return Path(str(importlib.import_module(module).__file__))


def _written_docstring(module: str, name: str) -> list[str] | None:
    """The docstring written below ``name`` where it is defined.

    A public module re-exports its constants from private ones: follow its
    ``from ... import name`` until a module assigns the name with a
    docstring below it.
    """
    seen: set[str] = set()
    while module not in seen:
        seen.add(module)
        source = _module_source(module)
        attr_docs = ModuleAnalyzer.for_file(str(source), module).find_attr_docs()
        if ("", name) in attr_docs:
            return list(attr_docs[("", name)])
        package = module if source.name == "__init__.py" else module.rpartition(".")[0]
        origin, imported = None, name
        for node in ast.walk(ast.parse(source.read_bytes())):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if (alias.asname or alias.name) == name:
                        relative = "." * node.level + (node.module or "")
                        origin = importlib.util.resolve_name(relative, package)
                        imported = alias.name
        if origin is None:
            return None
        module, name = origin, imported
    return None


def _constant_docstring(
    _app: Sphinx, what: str, name: str, obj: object, _options: object, lines: list[str]
) -> None:
    """Give a re-exported constant the docstring written where it is defined.

    autodoc looks for a value's docstring only in the module it documents,
    and would otherwise show the docstring of the value's class; a constant
    without a written docstring fails the build (``-W``).
    """
    if what != "data":
        return
    module, _, attribute = name.rpartition(".")
    written = _written_docstring(module, attribute)
    if written is not None:
        lines[:] = written
    elif lines and inspect.getdoc(type(obj)) == "\n".join(lines).strip():
        _LOGGER.warning("%s has no docstring of its own", name, type="autodoc")


_DOCS = Path(__file__).resolve().parent
_GENERATED = _DOCS / "_generated"


def _draw_example(_app: Sphinx) -> None:
    """Draw the bundled example for solvers.md: DOT, Mermaid, and dot's SVG.

    A build without Graphviz' dot fails: the page would lack its picture.
    """
    path = _DOCS.parent / "examples" / "word_problem.py"
    spec = importlib.util.spec_from_file_location("word_problem", path)
    if spec is None or spec.loader is None:
        msg = f"cannot load {path}"
        raise ExtensionError(msg)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    graph = example.build()
    _GENERATED.mkdir(exist_ok=True)
    source = _GENERATED / "word_problem.dot"
    source.write_text(to_dot(graph), encoding="utf-8")
    (_GENERATED / "word_problem.mmd").write_text(to_mermaid(graph), encoding="utf-8")
    dot = shutil.which("dot")
    if dot is None:
        msg = (
            "Graphviz' dot is needed to draw the picture of docs/solvers.md"
            " (Debian: apt-get install graphviz)"
        )
        raise ExtensionError(msg)
    subprocess.run(  # noqa: S603 -- dot, on our own file
        [dot, "-Tsvg", "-o", str(_GENERATED / "word_problem.svg"), str(source)],
        check=True,
    )


def setup(app: Sphinx) -> None:
    """Connect the hooks: re-exported constants' docstrings, the example's picture."""
    app.connect("autodoc-process-docstring", _constant_docstring)
    app.connect("builder-inited", _draw_example)
