"""Why a tree is not a document: the refusals the readers raise once a generated decoder has given up.

The decoders of :mod:`binding_graph.documents._trees` take a valid tree in
one pass and call these only when something is wrong, to say what: a value
that is not an object, a stray or missing key, a wrong header, a member of
a set at its index, a tree nested deeper than the format, a key that is not
a ``str``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, cast

from binding_graph._checks import check_identifier, is_dict, is_list, is_str
from binding_graph._declarations import Header, declared_fields
from binding_graph._kinds import IDENTIFIERS
from binding_graph._model_class import header
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
    malformed,
    refuse,
    refuse_type,
    short_repr,
    type_name,
)

if TYPE_CHECKING:
    from collections.abc import Sequence


def fields_of(cls: type) -> tuple[str, ...]:
    """Return the keys a *cls* document holds: its header's, then its fields'."""
    names = tuple(name for name, _ in declared_fields(cls))
    return (*(entry.name for entry in header(cls)), *names)


def refuse_not_object(owner: str, value: object, *, document: bool = False) -> NoReturn:
    """Refuse *value* where an object of *owner* belongs; a whole *document* says more of a list."""
    hint = ""
    if document and is_list(value):
        hint = (
            ": a document holds one graph, and a file of several holds one a"
            " line, as JSON Lines (.jsonl)"
        )
    raise BindingGraphError(
        "wrong_type",
        f"a {owner} must be a JSON object, not {type_name(value)}{hint}"
        f" (got {short_repr(value)})",
    )


def refuse_object(value: object, owner: str, fields: tuple[str, ...]) -> NoReturn:
    """Refuse *value* where an object with exactly *fields* belongs."""
    if not is_dict(value):
        refuse_not_object(owner, value)
    for key in value:  # document order: the first stray key is reported
        # A key that is not exactly a str is never compared with the field
        # names: its equality may be its own.
        if not is_str(key) or key not in fields:
            raise BindingGraphError(
                "unknown_key",
                f"{owner} has no field {short_repr(key)}; its fields are"
                f" {', '.join(fields)}",
                (key,) if is_str(key) else (),
            )
    # Every key is a field, and the keys are not all the fields.
    missing = next(name for name in fields if name not in value)
    raise BindingGraphError(
        "missing_key",
        f"{owner}.{missing} is missing: a document holds every field, null for None",
        (missing,),
    )


def refuse_key(key: object, path: ErrorPath) -> NoReturn:
    """Refuse *key*, which is not a ``str``, in the object at *path*."""
    raise BindingGraphError(
        "unknown_key",
        f"an object of a document has a key of type {type_name(key)},"
        f" which is no field: keys are field names, of type str (got {short_repr(key)})",
        path,
    )


def _refuse_entry(owner: str, entry: Header, value: object) -> NoReturn:
    path: ErrorPath = (entry.name,)
    if entry.typed and type(value) is not type(entry.value):
        expected = "an int" if type(entry.value) is int else "a str"
        refuse_type(owner, entry.name, expected, value, path)
    refuse(entry.code, owner, entry.name, entry.rule, value, path)


def refuse_header(data: object, cls: type) -> NoReturn:
    """Refuse a *cls* document whose header or keys are wrong.

    The header comes first: a document of another format or version may
    well have other keys.
    """
    owner = cls.__name__
    if not is_dict(data):
        refuse_not_object(owner, data, document=True)
    entries = header(cls)
    for entry in entries:
        if entry.name not in data:
            held = " and ".join(f'"{e.name}": {json.dumps(e.value)}' for e in entries)
            raise BindingGraphError(
                "missing_key",
                f"{owner}.{entry.name} is missing: a graph document holds {held}",
                (entry.name,),
            )
    for entry in entries:
        value = data[entry.name]
        if type(value) is not type(entry.value) or value != entry.value:
            _refuse_entry(owner, entry, value)
    refuse_object(data, owner, fields_of(cls))


def refuse_member(members: list[object], owner: str, field: str) -> None:
    """Refuse the first bad member of *members*, a set's array, in list order, at its index."""
    seen: set[str] = set()
    for index, member in enumerate(members):  # pragma: no branch -- one is bad
        path: ErrorPath = (field, index)
        string = check_identifier(member, owner, field, path)
        if string in seen:
            msg = (
                f"{owner}.{field} encodes a set and must not repeat"
                f" an entry (got {short_repr(member)} again)"
            )
            raise malformed(msg, path)
        seen.add(string)


def _sets(cls: type) -> frozenset[str]:
    return frozenset(n for n, d in declared_fields(cls) if d.kind is IDENTIFIERS)


def locate(exc: BindingGraphError, data: object, cls: type) -> BindingGraphError:
    """Point a model's refusal of a *cls* at the member of the document it means.

    The model names no position in a set; the document has one. *data* is
    the tree the *cls* was read from, which held every field.
    """
    document: Any = data
    path = exc.path
    if len(path) == 1 and path[0] in _sets(cls):
        refuse_member(document[path[0]], cls.__name__, str(path[0]))
    if exc.code == "unknown_symbol" and len(path) == 3:  # noqa: PLR2004 -- (collection, index, field)
        collection, index, field = cast("tuple[str, int, str]", path)
        items = dict(declared_fields(cls))[collection].model
        if field in _sets(items):
            members: list[str] = document[collection][index][field]
            # Every symbol was read already: their ids are valid strings.
            known = {symbol["symbol_id"] for symbol in document["symbols"]}
            first = min(m for m in members if m not in known)
            return BindingGraphError(
                exc.code, exc.message, (*path, members.index(first))
            )
    return exc


def too_deep(data: object, limit: int) -> ErrorPath | None:
    """Return the path of the first array or object nested deeper than *limit*."""
    stack: list[tuple[ErrorPath, object, int]] = [((), data, 1)]
    while stack:
        path, value, depth = stack.pop()
        children: Sequence[tuple[object, object]]
        if is_dict(value):
            children = list(value.items())
        elif is_list(value):
            children = list(enumerate(value))
        else:
            continue
        if depth > limit:
            return path
        for key, child in reversed(children):
            step = key if type(key) is str or type(key) is int else short_repr(key)
            stack.append(((*path, step), child, depth + 1))
    return None


class _Step(NamedTuple):
    """Where a value of a tree sits: the step to it from its parent's place."""

    parent: _Step | None
    key: str | int

    def path(self) -> ErrorPath:
        """Return the path from the root, built once, when it is needed."""
        steps: list[str | int] = []
        step: _Step | None = self
        while step is not None:
            steps.append(step.key)
            step = step.parent
        return tuple(reversed(steps))


def refuse_foreign_key(data: object) -> None:
    """Refuse the first key, in document order, that is not a ``str``.

    Each value carries only the step to it from its parent, so a tree of
    any depth costs time in proportion to its size.
    """
    stack: list[tuple[_Step | None, object]] = [(None, data)]
    seen: set[int] = set()
    while stack:
        step, value = stack.pop()
        if id(value) in seen:  # a shared or self-referencing container
            continue
        seen.add(id(value))
        children: list[tuple[_Step | None, object]] = []
        if is_dict(value):
            for key, child in list(value.items()):
                if not is_str(key):
                    refuse_key(key, () if step is None else step.path())
                children.append((_Step(step, key), child))
        elif is_list(value):
            children = [(_Step(step, i), v) for i, v in enumerate(value)]
        else:
            continue
        stack.extend(reversed(children))
