"""The kinds of field: one object per kind, holding everything the package derives for a field of that kind.

Each :class:`~binding_graph._declarations.Kind` holds:

- the fast test, a Python expression that takes the common valid value
  (the compiled ``__init__`` of each class inlines it), and the slow check,
  which refuses what the test did not take (:mod:`binding_graph._checks`);
- the document's forms: the expression that writes the value into a tree
  (:func:`~binding_graph.to_data`) and into canonical text, the lines that
  read it from a tree, the strings it adds to a document (the proof that no
  key repeats), how deep it nests, and its JSON Schema;
- how a strategy draws a valid value (:mod:`binding_graph.strategies`).

Adding a field of an existing kind is one line in :mod:`binding_graph.model`;
adding a kind is one :class:`~binding_graph._declarations.Kind` here.
The model's fields are declared with the declarations at the end of this
module.
"""

from __future__ import annotations

from typing import Any, Final

from binding_graph import _checks
from binding_graph._checks import MAX_OFFSET
from binding_graph._codegen import compile_function
from binding_graph._declarations import TEMPLATE_NAMES, Declaration, Kind
from binding_graph.vocabularies import STATE_NAMES

# -- the kinds -------------------------------------------------------------------------

# Printable text holds no lone surrogate (a surrogate is not printable), so it
# encodes as UTF-8: accents and letters of any script take the fast test;
# other text outside ASCII (a line break beside an accent, say) takes the
# slow check, which says the same of it.
_UTF8: Final = "({value}.isascii() or {value}.isprintable())"
_TEXT: Final = (
    f'type({{value}}) is str and {{value}} != "" and not {{value}}.isspace()'
    f" and {_UTF8}"
)


# The texts whose colons are counted, of a value and of an iterable of
# values; None holds none. Identifiers and the members of the vocabularies
# never hold a colon.
_COLONS: Final = ("({value},)", "{values}")
_COLONS_OR_NONE: Final = ("filter(None, ({value},))", "filter(None, {values})")


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _refusal_reason_schema(_: Declaration, __: object) -> dict[str, Any]:
    # What the check of refusal_reason checks against the status.
    return {
        "if": {"properties": {"admissibility_status": {"const": "refused"}}},
        "then": {"properties": {"refusal_reason": _ref("text")}},
        "else": {"properties": {"refusal_reason": {"type": "null"}}},
    }


_PRESENT: Final = (
    0,
    "({value} is not None)",
    "sum(map(is_not, {values}, repeat(None)))",
)

TEXT: Final = Kind(
    "text",
    _TEXT,
    _checks.text,
    lambda _, __: _ref("text"),
    lambda drawing, _, __: drawing.text(),
    colons=_COLONS,
)
"""A required text: not empty or blank, UTF-8 encodable."""

OPTIONAL_TEXT: Final = Kind(
    "optional_text",
    f"{{value}} is None or ({_TEXT})",
    _checks.optional_text,
    lambda _, __: {"anyOf": [_ref("text"), {"type": "null"}]},
    lambda drawing, _, __: drawing.text() if drawing.chance() else None,
    text=("", '("null" if {value} is None else escape({value}))', ""),
    strings=_PRESENT,
    colons=_COLONS_OR_NONE,
)
"""``None``, or a text."""

# An identifier holds no surrogate; an ASCII one is always NFKC-normal, and
# any other is asked, in C.
_IDENTIFIER: Final = (
    "type({value}) is str and {value}.isidentifier() and not iskeyword({value})"
    ' and ({value}.isascii() or is_normalized("NFKC", {value}))'
)

IDENTIFIER: Final = Kind(
    "identifier",
    _IDENTIFIER,
    _checks.identifier,
    lambda _, __: _ref("identifier"),
    lambda drawing, _, __: drawing.identifier(),
)
"""A symbol id: an NFKC-normal Python identifier, not a keyword."""

IDENTIFIERS: Final = Kind(
    "identifiers",
    "type({value}) is frozenset and all(map(is_identifier, {value}))",
    _checks.identifiers,
    lambda _, __: {
        "description": "A set of symbol ids, in any order.",
        "type": "array",
        "items": _ref("identifier"),
        "uniqueItems": True,
    },
    lambda drawing, _, __: drawing.identifiers(),
    # str order is code-point order: the same under every hash seed.
    tree="sorted({value})",
    text=("[", '",".join(map(escape, sorted({value})))', "]"),
    read=("{field} = identifiers({field})",),
    strings=(0, "len({value})", "sum(map(len, {values}))"),
    depth=1,
)
"""A ``frozenset`` of symbol ids, written as an array sorted by code point."""

MEMBER: Final = Kind(
    "member",
    "type({value}) is str and {value} in {vocabulary}",
    _checks.member,
    lambda declared, _: {"enum": sorted(declared.vocabulary)},
    lambda drawing, declared, _: drawing.member(declared.vocabulary),
)
"""A member of the declaration's vocabulary."""

# Of a value a document may leave out, its key is counted with its strings.
_PRESENT_KEY: Final = "({value} is not None)"
_PRESENT_KEYS: Final = "sum(map(is_not, {values}, repeat(None)))"

OPTIONAL_MEMBER: Final = Kind(
    "optional_member",
    "{value} is None or (type({value}) is str and {value} in {vocabulary})",
    _checks.optional_member,
    lambda declared, _: {
        "anyOf": [{"enum": sorted(declared.vocabulary)}, {"type": "null"}]
    },
    lambda drawing, declared, _: (
        drawing.member(declared.vocabulary) if drawing.chance() else None
    ),
    strings=(0, f"2 * {_PRESENT_KEY}", f"2 * {_PRESENT_KEYS}"),
    omitted=True,
)
"""``None``, or a member of the declaration's vocabulary; a document leaves ``None`` out."""

STATE_INDEX: Final = Kind(
    "state_index",
    "{value} is None or (type({value}) is int and 0 <= {value} <= MAX_OFFSET)"
    " or (type({value}) is str and {value} in STATE_NAMES)",
    _checks.state_index,
    lambda _, __: {
        "anyOf": [
            {"enum": sorted(STATE_NAMES)},
            {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
            {"type": "null"},
        ]
    },
    lambda drawing, _, __: drawing.state_index() if drawing.chance() else None,
    text=("", '("%d" % {value} if type({value}) is int else escape({value}))', ""),
    strings=(
        0,
        f"{_PRESENT_KEY} + (type({{value}}) is str)",
        f"{_PRESENT_KEYS} + sum(map(is_, map(type, {{values}}), repeat(str)))",
    ),
    omitted=True,
)
"""``None``, ``"initial"``, ``"terminal"``, or the index of an equation; a document leaves ``None`` out.

That the index names an equation of the graph is the graph's rule
(:mod:`binding_graph._integrity`).
"""

START: Final = Kind(
    "start",
    "type({value}) is int and 0 <= {value} <= MAX_OFFSET",
    _checks.start,
    lambda _, __: _ref("offset"),
    lambda drawing, _, __: drawing.start(),
    text=("", '"%d" % {value}', ""),
    strings=(0, None, None),
)
"""A span's first offset, at least 0."""

END: Final = Kind(
    "end",
    "type({value}) is int and {start} < {value} <= MAX_OFFSET",
    _checks.end,
    # An offset after start, so at least 1. Every keyword that applies to
    # one type sits beside a "type" that names it, as ajv's strict mode
    # requires.
    lambda _, __: {"type": "integer", "minimum": 1, "maximum": MAX_OFFSET},
    lambda drawing, _, values: values["start"] + drawing.width(values["start"]),
    text=("", '"%d" % {value}', ""),
    strings=(0, None, None),
    alone=_checks.end_alone,
)
"""A span's end offset: after its start, at most 2**53 - 1."""

SPAN_TEXT: Final = Kind(
    "span_text",
    # Width end - start is at least 1: a str that long is not empty.
    f"type({{value}}) is str and len({{value}}) == {{end}} - {{start}} and {_UTF8}",
    _checks.span_text,
    lambda _, __: {"type": "string", "minLength": 1},
    lambda drawing, _, values: drawing.verbatim(values["end"] - values["start"]),
    colons=_COLONS,
    alone=_checks.span_text_alone,
)
"""A span's text, verbatim (it may be blank): exactly ``end - start`` characters."""

REFUSAL_REASON: Final = Kind(
    "refusal_reason",
    f"({{value}} is None and {{admissibility_status}} != 'refused')"
    f" or ({{admissibility_status}} == 'refused' and {_TEXT})",
    _checks.refusal_reason,
    lambda _, __: {"type": ["string", "null"]},
    lambda drawing, _, values: (
        drawing.text() if values["admissibility_status"] == "refused" else None
    ),
    text=("", '("null" if {value} is None else escape({value}))', ""),
    strings=_PRESENT,
    object_schema=_refusal_reason_schema,
    colons=_COLONS_OR_NONE,
    alone=_checks.refusal_reason_alone,
)
"""A text iff the equation's ``admissibility_status`` is ``refused``, else ``None``."""

OBJECT: Final = Kind(
    "object",
    # The model classes are final: being one is being exactly one.
    "type({value}) is {item}",
    _checks.one,
    lambda declared, ref: ref(declared.model),
    lambda drawing, declared, _: drawing.element(declared.model),
    tree="encode_{item}({value})",
    text=("", "write_{item}({value})", ""),
    strings=(0, None, None),
    nested="one",
)
"""An instance of the declaration's model class."""

OBJECTS: Final = Kind(
    "objects",
    "type({value}) is tuple and {items}.issuperset(map(type, {value}))",
    _checks.many,
    lambda declared, ref: {"type": "array", "items": ref(declared.model)},
    lambda drawing, declared, _: drawing.elements(declared.model),
    tree="list(map(encode_{item}, {value}))",
    text=("[", '",".join(map(write_{item}, {value}))', "]"),
    strings=(0, None, None),
    nested="many",
    depth=1,
)
"""A ``tuple`` of instances of the declaration's model class."""

KINDS: Final = (
    TEXT,
    OPTIONAL_TEXT,
    IDENTIFIER,
    IDENTIFIERS,
    MEMBER,
    OPTIONAL_MEMBER,
    STATE_INDEX,
    START,
    END,
    SPAN_TEXT,
    REFUSAL_REASON,
    OBJECT,
    OBJECTS,
)
"""Every kind of field."""

# The named states, which the test of a state index reads.
TEMPLATE_NAMES["STATE_NAMES"] = STATE_NAMES

# A set of identifiers is tested member by member, with the test above.
TEMPLATE_NAMES["is_identifier"] = compile_function(
    "is_identifier",
    f"def is_identifier(value):\n    return bool({_IDENTIFIER.format(value='value')})",
    dict(TEMPLATE_NAMES),
    qualname="identifier.accepts",
)

text: Final = Declaration(TEXT)
"""The declaration of a required text field."""
optional_text: Final = Declaration(OPTIONAL_TEXT)
"""The declaration of an optional text field."""
identifier: Final = Declaration(IDENTIFIER)
"""The declaration of a symbol id field."""
identifier_set: Final = Declaration(IDENTIFIERS)
"""The declaration of a field of a set of symbol ids."""
span_start: Final = Declaration(START)
"""The declaration of a span's start."""
span_end: Final = Declaration(END)
"""The declaration of a span's end."""
span_text: Final = Declaration(SPAN_TEXT)
"""The declaration of a span's text."""
refusal_reason: Final = Declaration(REFUSAL_REASON)
"""The declaration of an equation's refusal reason."""
state_index: Final = Declaration(STATE_INDEX)
"""The declaration of the state a question target asks about."""


def member_of(vocabulary: frozenset[str]) -> Declaration:
    """Declare a field whose value is one of *vocabulary*."""
    return Declaration(MEMBER, vocabulary)


def optional_member_of(vocabulary: frozenset[str]) -> Declaration:
    """Declare a field whose value is ``None`` or one of *vocabulary*, left out of documents when ``None``."""
    return Declaration(OPTIONAL_MEMBER, vocabulary)


def instance_of(cls: type) -> Declaration:
    """Declare a field that holds an instance of the model class *cls*."""
    return Declaration(OBJECT, item=cls)


def tuple_of(cls: type) -> Declaration:
    """Declare a field that holds a tuple of instances of the model class *cls*."""
    return Declaration(OBJECTS, item=cls)
