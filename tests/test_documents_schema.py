"""The JSON Schema of documents: a valid draft 2020-12 schema, never stricter than the loader."""

from __future__ import annotations

import importlib.resources
import json
import sys
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    json_schema,
    loads,
    to_data,
)
from binding_graph import strategies as bgst
from tests._helpers import IDENTIFIER_PATTERN, JSON_TREES, NOT_BLANK_PATTERN

VALIDATOR: Any = Draft202012Validator(json_schema())


class TestSchema:
    """json_schema() is a valid schema, shipped as a file, whose patterns match the loader's rules."""

    def test_schema_is_a_valid_draft_2020_12_schema(self) -> None:
        """json_schema() is a valid draft 2020-12 schema, new on every call."""
        schema = json_schema()
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        schema["properties"].clear()
        assert json_schema()["properties"]

    def test_shipped_schema_file_is_in_sync(self) -> None:
        """The package ships the schema as a file, identical to json_schema()."""
        resource = (
            importlib.resources.files("binding_graph")
            / "schema"
            / "binding-graph-v1.schema.json"
        )
        text = resource.read_text(encoding="utf-8")
        # Regenerate with: json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
        assert text == json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"

    def test_schema_lists_what_it_cannot_express(self) -> None:
        """The schema's description names the rules only the loader enforces."""
        description = json_schema()["description"]
        for rule in ("NFKC", "end - start", "names a symbol of the graph", "unique"):
            assert rule in description

    def test_not_blank_pattern_excludes_exactly_python_whitespace(self) -> None:
        """The non-blank pattern's class is exactly the characters str.isspace() takes."""
        import re  # noqa: PLC0415 -- only here

        pattern = re.compile(NOT_BLANK_PATTERN)
        blank = [
            chr(c)
            for c in range(sys.maxunicode + 1)
            if pattern.fullmatch(chr(c)) is None
        ]
        assert blank == [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]

    @given(st.text())
    def test_patterns_never_refuse_what_the_loader_accepts(self, text: str) -> None:
        """Any text that is not blank matches; any valid identifier matches."""
        import re  # noqa: PLC0415 -- only here

        assert (re.search(NOT_BLANK_PATTERN, text) is not None) == (
            text != "" and not text.isspace()
        )
        if text.isidentifier():
            assert re.search(IDENTIFIER_PATTERN, text) is not None


def _children(node: dict[str, Any] | list[Any]) -> list[tuple[Any, Any]]:
    """Return the (key or index, value) pairs of *node*."""
    if isinstance(node, dict):
        return list(node.items())
    return list(enumerate(node))


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    """Draw a valid graph's document with one value replaced, added or removed."""
    data = to_data(draw(bgst.graphs(max_symbols=3)))
    containers: list[tuple[Any, Any]] = []  # (container, key or index)
    stack: list[dict[str, Any] | list[Any]] = [data]
    while stack:
        node = stack.pop()
        for key, value in _children(node):
            containers.append((node, key))
            if type(value) in {dict, list}:
                stack.append(value)
    node, key = draw(st.sampled_from(containers))
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "replace":
        node[key] = draw(
            JSON_TREES
            | st.sampled_from(
                [
                    "",
                    " ",
                    "\ufeff",
                    "class",
                    "x-y",
                    "1x",
                    "refused",
                    "\u00e4",
                    2**53,
                    -1,
                ]
            )
        )
    elif how == "delete":
        del node[key]
    elif isinstance(node, dict):
        node[draw(st.text(max_size=8))] = draw(JSON_TREES)
    else:
        node.append(draw(JSON_TREES))
    return data


class TestSchemaAgainstTheLoader:
    """The schema accepts every valid document, and rejects only what the loader refuses."""

    @given(bgst.graphs(max_symbols=4))
    def test_documents_validate_against_the_schema(
        self, g: SemanticSymbolicBindingGraph
    ) -> None:
        """Every valid graph's document is valid against json_schema()."""
        VALIDATOR.validate(to_data(g))
        VALIDATOR.validate(json.loads(canonical_bytes(g)))

    @given(mutated_documents())
    def test_documents_the_schema_rejects_are_refused(
        self, data: dict[str, Any]
    ) -> None:
        """If the schema rejects a document, loads refuses it; nothing else escapes."""
        try:
            text = json.dumps(data)
        except ValueError:  # pragma: no cover -- the floats drawn are finite
            return
        try:
            loads(text)
        except BindingGraphError:
            return
        VALIDATOR.validate(data)
