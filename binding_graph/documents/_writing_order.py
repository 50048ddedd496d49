"""The ``writing`` profile of the JSON Schema: the ``generation`` profile, each object's properties in the order a model can write them."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["WRITING_ORDER", "in_writing_order"]

WRITING_ORDER: Final[dict[str, tuple[str, ...]]] = {
    "": (
        "format",
        "version",
        "provenance",
        "symbols",
        "facts",
        "equations",
        "unknowns",
        "constraints",
    ),
    "source_span": ("source_id", "text", "start", "end"),
    "symbol": (
        "symbol_id",
        "name",
        "semantic_role",
        "entity",
        "unit",
        "introduced_by",
        "source_span",
    ),
    "fact": ("symbol_id", "value", "unit", "source_span"),
    "equation": (
        "lhs_symbol_id",
        "rhs_canonical",
        "dependencies",
        "operation_kind",
        "unit_proof",
        "admissibility_status",
        "refusal_reason",
        "source_span",
    ),
    "unknown": (
        "symbol_id",
        "question_form",
        "state_index",
        "expected_unit",
        "question_span",
    ),
    "constraint": ("symbol_id", "predicate", "source_span"),
}
"""The fields of each object of a document, in the ``writing`` profile's order, by its name in ``$defs`` (``""``: the graph)."""


def _ordered(schema: dict[str, Any], name: str) -> dict[str, Any]:
    """Return *schema* with its properties in writing order; each alternative's, for an object that is one of several (an unknown, with or without its optional fields)."""
    if "anyOf" in schema:
        return {
            **schema,
            "anyOf": [_ordered(choice, name) for choice in schema["anyOf"]],
        }
    properties = schema["properties"]
    order = [key for key in WRITING_ORDER[name] if key in properties]
    return {
        **schema,
        "properties": {key: properties[key] for key in order},
        "required": order,
    }


def in_writing_order(generation: dict[str, Any]) -> dict[str, Any]:
    """Return the ``writing`` profile: the ``generation`` profile, each object's properties in :data:`WRITING_ORDER`."""
    written = _ordered(generation, "")
    written["$defs"] = {
        name: _ordered(schema, name) if name in WRITING_ORDER else schema
        for name, schema in generation["$defs"].items()
    }
    return written
