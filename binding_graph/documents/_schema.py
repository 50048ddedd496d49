"""The JSON Schema of a graph document, derived from the fields' kinds."""

from __future__ import annotations

import keyword
from typing import Any, Final, Literal, get_args

from binding_graph._checks import MAX_OFFSET, check_member
from binding_graph._declarations import declared_fields
from binding_graph._format import FORMAT_VERSION
from binding_graph._model_class import header
from binding_graph.documents._writing_order import in_writing_order
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)

# JSON Schema patterns are ECMA-262, where \s, \S, \w and "." differ from
# Python's re (\s there holds U+FEFF, which str.isspace() does not, and lacks
# U+001C..U+001F, which it does). So the patterns name their characters.
# Not blank: some character that str.isspace() rejects.
_NOT_BLANK: Final = (
    r"[^\u0009-\u000d\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a"
    r"\u2028\u2029\u202f\u205f\u3000]"
)
# The ASCII part of a Python identifier; any non-ASCII character is let
# through (the loader checks it, and NFKC), so no identifier is refused.
_IDENTIFIER: Final = (
    r"^(?:[A-Za-z_]|[^\u0000-\u007f])(?:[A-Za-z0-9_]|[^\u0000-\u007f])*$"
)

_UNEXPRESSED: Final = (
    "Rules the loader also enforces, which this schema cannot express:"
    " identifiers (symbol_id, lhs_symbol_id, dependencies) are Python"
    " identifiers (str.isidentifier) equal to their NFKC normal form;"
    " in every span, start < end and text is exactly end - start code points"
    " long; symbol ids are unique within the graph; every fact, equation"
    " (lhs_symbol_id and each dependency), unknown and constraint names a"
    " symbol of the graph; an unknown's state_index that is an integer is"
    " below the graph's count of equations; no string holds a lone surrogate (such as the"
    " escape \\ud800); numbers are written as integers, without a fraction"
    " or an exponent; no object repeats a key."
)

# Each class's name in "$defs", and what the schema says of it.
_DEFINITIONS: Final[dict[type, tuple[str, str]]] = {
    SourceSpanLink: (
        "source_span",
        (
            "A half-open span [start, end) of a source text, and that text,"
            " verbatim (it may be whitespace). start < end, and text is"
            " exactly end - start code points long."
        ),
    ),
    SymbolBinding: ("symbol", "A symbol; its symbol_id is unique in the graph."),
    BoundFact: ("fact", "A fact symbol_id = value [unit]."),
    BoundEquation: (
        "equation",
        (
            "An equation lhs_symbol_id := rhs_canonical. refusal_reason"
            " is a string exactly when admissibility_status is"
            " 'refused', and null otherwise."
        ),
    ),
    BoundUnknown: (
        "unknown",
        (
            "A question target. question_form and state_index are left out"
            " where the question does not say (null reads as left out);"
            " state_index is 'initial', 'terminal' or the index of an"
            " equation of the graph."
        ),
    ),
    BoundConstraint: ("constraint", "A predicate over one symbol."),
}


def _ref(cls: type) -> dict[str, Any]:
    """Return the reference to the definition of the model class *cls*."""
    return {"$ref": f"#/$defs/{_DEFINITIONS[cls][0]}"}


def _properties(cls: type) -> dict[str, Any]:
    return {
        **{entry.name: {"const": entry.value} for entry in header(cls)},
        **{
            name: declared.kind.schema(declared, _ref)
            for name, declared in declared_fields(cls)
        },
    }


def _required(cls: type) -> list[str]:
    return [
        *(entry.name for entry in header(cls)),
        *(name for name, declared in declared_fields(cls) if not declared.kind.omitted),
    ]


def _object(cls: type, description: str) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "description": description,
        "type": "object",
        "properties": _properties(cls),
        "required": _required(cls),
        "additionalProperties": False,
    }
    for _, declared in declared_fields(cls):
        extra = declared.kind.object_schema
        if extra is not None:
            schema.update(extra(declared, _ref))
    return schema


Profile = Literal["default", "generation", "writing"]
"""The profiles of :func:`json_schema`."""

PROFILES: Final = frozenset(get_args(Profile))
"""Every profile :func:`~binding_graph.json_schema` writes.

.. versionadded:: 0.1.0
"""

GENERATION_KEYWORDS: Final = frozenset(
    {
        "$defs",
        "$ref",
        "additionalProperties",
        "anyOf",
        "description",
        "enum",
        "items",
        "maximum",
        "minimum",
        "pattern",
        "properties",
        "required",
        "type",
    }
)
"""The keywords the ``generation`` profile holds: all in the subset that strict structured outputs document.

.. versionadded:: 0.1.0
"""

_SORTED: Final = (
    "every property is required and listed in sorted order,"
    " so that a document written in that order is in canonical key order;"
    " an unknown is one of four objects, with or without question_form and"
    " state_index, each present with a value, as canonical documents write them."
)
_WRITTEN: Final = (
    "every property is required and listed in the order a model can write it"
    " (the header, provenance, symbols, facts, equations, unknowns,"
    " constraints; in each object, what names before what it names, a span's"
    " text before its offsets): write the output again with"
    " binding_graph.canonical_bytes(binding_graph.loads(text)) for its"
    " canonical form; an unknown is one of four objects, with or without"
    " question_form and state_index, each present with a value."
)
_LEFT_TO_THE_LOADER: Final = (
    f"For generation: {_SORTED}"
    " Besides the rules above, binding_graph.loads also enforces, where this"
    " profile cannot: text that is not empty or blank; identifiers that are"
    " not keywords; dependencies that do not repeat an entry; refusal_reason"
    " a non-blank string exactly when admissibility_status is 'refused',"
    " null otherwise."
)


def _branches(schema: dict[str, Any]) -> dict[str, Any]:
    """Return an object's *schema*, whose properties are not all required, as one object a set of them.

    Strict structured outputs take no optional property: each branch of the
    ``anyOf`` requires its properties, and leaves the others out, as
    canonical documents write them. A property that is there holds a
    value (its ``null`` is taken out: a canonical document leaves ``None``
    out).
    """
    required = schema["required"]
    optional = [name for name in schema["properties"] if name not in required]
    branches: list[dict[str, Any]] = []
    for mask in range(1 << len(optional)):
        held = {name for bit, name in enumerate(optional) if mask >> bit & 1}
        properties = {
            name: _not_null(value) if name in held else value
            for name, value in schema["properties"].items()
            if name in required or name in held
        }
        branch = {**schema, "properties": properties, "required": sorted(properties)}
        del branch["description"]
        branches.append(branch)
    return {"description": schema["description"], "anyOf": branches}


def _not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """Return *schema*, an ``anyOf`` with ``null`` among its choices, without it."""
    choices = [choice for choice in schema["anyOf"] if choice != {"type": "null"}]
    return choices[0] if len(choices) == 1 else {"anyOf": choices}


def _generation(schema: dict[str, Any]) -> dict[str, Any]:
    """Return the ``generation`` profile of the default *schema*.

    Only :data:`~binding_graph.serialization.GENERATION_KEYWORDS` are kept (a ``const`` becomes a
    one-member ``enum``, and every ``enum`` stands beside its type); a ``pattern`` only where it is
    anchored at both ends, which every engine reads alike; properties,
    ``required`` and ``$defs`` in sorted order. An object with properties
    it does not require becomes the ``anyOf`` of one object per set of
    them (see :func:`_branches`). What is left out only loosens the schema.
    """
    if schema.get("type") == "object" and len(schema["required"]) < len(
        schema["properties"]
    ):
        schema = _branches(schema)
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "const":
            result["enum"] = [value]
        elif key in {"properties", "$defs"}:
            result[key] = {name: _generation(value[name]) for name in sorted(value)}
        elif key == "items":
            result[key] = _generation(value)
        elif key == "anyOf":
            result[key] = [_generation(each) for each in value]
        elif key in GENERATION_KEYWORDS and _kept(key, value):
            result[key] = sorted(value) if key == "required" else value
    if "enum" in result:
        # Beside its type, as strict structured outputs ask of an enum.
        result.setdefault("type", _type_of(result["enum"][0]))
    return dict(sorted(result.items()))


# The order a model can write each object's fields in: what a field names
# before what uses it, a span's words before their offsets, the format's
# header first, where an engine writes it unasked.
def _type_of(value: object) -> str:
    return "integer" if type(value) is int else "string"


def _kept(key: str, value: object) -> bool:
    """Tell whether the generation profile keeps the keyword *key* of the default schema, holding *value*."""
    if key != "pattern":
        return True
    pattern: str = value  # type: ignore[assignment]  # patterns are strings
    return pattern.startswith("^") and pattern.endswith("$")


def json_schema(profile: Profile = "default") -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of a graph document, version 1.

    The ``default`` profile states every rule of a single field that a
    schema can: required keys and no others, types, vocabularies,
    identifier and non-blank patterns, offset bounds, and
    ``refusal_reason`` a string exactly when ``admissibility_status`` is
    ``"refused"``.
    It compiles in ajv's strict mode, as JavaScript producers use it.

    The ``generation`` profile is the one to generate documents with, by
    constrained decoding or a strict structured-output API: it holds only
    :data:`~binding_graph.serialization.GENERATION_KEYWORDS` (no ``not``, ``if``/``then``/``else``,
    ``uniqueItems``, ``minLength`` or unanchored ``pattern``), every
    property is required (an unknown, which may leave two out, is the
    ``anyOf`` of an object for each set of them), no object takes another, and properties are
    listed in sorted order, so that a document generated in their order is
    already in canonical key order. It is the default profile with what
    those engines cannot read left out, so it only ever loosens it.

    The ``writing`` profile is the ``generation`` profile with each object's
    properties in the order a model can write them, left to right, never
    naming what it has not yet written
    (:data:`~binding_graph.serialization.WRITING_ORDER`): the format's
    header first, then ``provenance``, ``symbols``, ``facts``,
    ``equations``, ``unknowns`` and ``constraints``; in a symbol, its id and
    name before its span; in a span, its text before its offsets. What a
    model writes in that order is a document, not in canonical form:
    ``canonical_bytes(loads(text))`` writes it canonically.

    None is stricter than :func:`~binding_graph.loads`: every document
    :func:`~binding_graph.loads` reads is valid against each, in canonical
    form for the ``generation`` and ``writing`` profiles (which take an
    unknown's ``question_form`` and ``state_index`` holding a value, or left
    out, not ``null``). Rules a
    profile cannot express (referential integrity, span lengths, NFKC, and
    for generation the rules it leaves out) are listed in its
    ``description``; :func:`~binding_graph.loads` enforces them.
    The package ships all three, as ``binding_graph/schema/binding-graph-v1.schema.json``,
    ``binding_graph/schema/binding-graph-v1.generation.schema.json`` and
    ``binding_graph/schema/binding-graph-v1.writing.schema.json``.

    Args:
        profile: ``"default"``, ``"generation"`` or ``"writing"``.

    Returns:
        A new ``dict`` on every call.

    Raises:
        BindingGraphError: ``not_in_vocabulary`` for another *profile*, or
            ``wrong_type`` for one that is not a ``str``.

    .. versionadded:: 0.1.0
    """
    check_member(profile, PROFILES, "json_schema", "profile", ("profile",))
    schema = _default()
    if profile == "default":
        return schema
    generation = _generation(schema)
    generation["description"] += f" {_LEFT_TO_THE_LOADER}"
    if profile == "generation":
        return generation
    writing = in_writing_order(generation)
    writing["description"] = writing["description"].replace(_SORTED, _WRITTEN)
    return writing


def _default() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"binding-graph document, version {FORMAT_VERSION}",
        "description": (
            "A semantic-symbolic binding graph, as binding_graph writes it."
            f" {_UNEXPRESSED}"
        ),
        "type": "object",
        "properties": _properties(SemanticSymbolicBindingGraph),
        "required": _required(SemanticSymbolicBindingGraph),
        "additionalProperties": False,
        "$defs": {
            "text": {
                "description": (
                    "A string with at least one character that is not"
                    " whitespace to Python's str.isspace()."
                ),
                "type": "string",
                "pattern": _NOT_BLANK,
            },
            "identifier": {
                "description": (
                    "A symbol id: a Python identifier, NFKC-normal, not a"
                    " keyword. The pattern checks its ASCII characters only."
                ),
                "type": "string",
                "pattern": _IDENTIFIER,
                "not": {"enum": sorted(keyword.kwlist)},
            },
            "offset": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
            **{
                name: _object(cls, description)
                for cls, (name, description) in _DEFINITIONS.items()
            },
        },
    }
