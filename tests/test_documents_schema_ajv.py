"""The JSON Schema compiles in ajv's strict mode, as JavaScript producers use it.

ajv (draft 2020-12, ``strict: true``) refuses a schema in which a keyword
that applies to one JSON type (``minimum`` to numbers, ``pattern`` to
strings, ``items`` to arrays, ``properties`` to objects) sits where no
``type`` names that type: in the same schema object, or in the schema whose
data it shares through ``allOf``, ``anyOf``, ``oneOf``, ``not``, ``if``,
``then`` or ``else``. These tests hold the schema to that rule.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from binding_graph import json_schema

# The keywords of draft 2020-12 that apply to one type only, by that type.
TYPED_KEYWORDS: dict[str, str] = {
    **dict.fromkeys(
        ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
        "number",
    ),
    **dict.fromkeys(("minLength", "maxLength", "pattern", "format"), "string"),
    **dict.fromkeys(
        ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"),
        "array",
    ),
    **dict.fromkeys(
        (
            "properties",
            "required",
            "additionalProperties",
            "patternProperties",
            "minProperties",
            "maxProperties",
            "propertyNames",
        ),
        "object",
    ),
}
# Subschemas that describe the same data as the schema that holds them.
IN_PLACE = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else")


def _types(schema: dict[str, Any]) -> set[str]:
    declared = schema.get("type", [])
    types = {declared} if isinstance(declared, str) else set(declared)
    # An integer is a number to the keywords of numbers.
    return types | ({"number"} if "integer" in types else set())


def untyped_keywords(schema: Any, where: str = "#") -> list[str]:
    """Return where a type-specific keyword stands without its type."""
    found: list[str] = []
    stack: list[tuple[Any, str, set[str]]] = [(schema, where, set())]
    while stack:
        popped, path, inherited = stack.pop()
        if not isinstance(popped, dict):
            continue
        node = cast("dict[str, Any]", popped)
        types = _types(node) | inherited
        found += [
            f"{path}/{keyword}"
            for keyword, needs in TYPED_KEYWORDS.items()
            if keyword in node and needs not in types
        ]
        for keyword in IN_PLACE:
            for index, child in enumerate(_children(node.get(keyword))):
                stack.append((child, f"{path}/{keyword}/{index}", types))
        # Every other subschema describes other data: it starts afresh.
        for keyword in ("properties", "$defs", "patternProperties"):
            named: dict[str, Any] = node.get(keyword, {})
            stack += [(c, f"{path}/{keyword}/{n}", set()) for n, c in named.items()]
        stack += [
            (node[keyword], f"{path}/{keyword}", set())
            for keyword in (
                "items",
                "contains",
                "additionalProperties",
                "propertyNames",
            )
            if isinstance(node.get(keyword), dict)
        ]
    return sorted(found)


def _children(value: object) -> list[object]:
    if value is None:
        return []
    return cast("list[object]", value) if isinstance(value, list) else [value]


class TestStrictTypes:
    """Every type-specific keyword of the schema sits beside its type."""

    def test_the_schema_keeps_the_strict_types_rule(self) -> None:
        """json_schema() has no type-specific keyword without its type."""
        assert untyped_keywords(json_schema()) == []

    @pytest.mark.parametrize(
        ("schema", "expected"),
        [
            pytest.param(
                {"allOf": [{"$ref": "#/$defs/offset"}], "minimum": 1},
                ["#/minimum"],
                id="the-span-end-that-ajv-refused",
            ),
            pytest.param(
                {"type": "object", "properties": {"a": {"pattern": "x"}}},
                ["#/properties/a/pattern"],
                id="a-property-starts-afresh",
            ),
            pytest.param(
                {"type": "object", "if": {"required": ["a"]}},
                [],
                id="if-shares-its-parent-type",
            ),
            pytest.param(
                {"type": ["string", "null"], "minLength": 1},
                [],
                id="one-of-several-types",
            ),
            pytest.param(
                {"type": "integer", "maximum": 3},
                [],
                id="an-integer-is-a-number",
            ),
        ],
    )
    def test_the_rule_finds_what_ajv_refuses(
        self, schema: dict[str, Any], expected: list[str]
    ) -> None:
        """The check flags what strict mode refuses, and only that."""
        assert untyped_keywords(schema) == expected
