"""Refusal records: the line a producer writes where it refused a problem, so that its output pairs one to one with its input.

A refusal record is one canonical JSON line (keys sorted, no spaces),
``{"refused": [{"code": ..., "message": ..., "path": [...]}, ...],
"source_id": ...}``: the problem's source id (``null`` where the input had
none that could be read) and the producer's refusals, in order. It is
written by :func:`refusal_line`, and read, by every reader of graphs, as
the producer's first refusal (:func:`producer_refusal`): never a graph.
A line is a refusal record when it is a JSON object with a ``refused`` key
and neither a graph document's ``format`` nor a case's ``graph``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Final, cast

from binding_graph._checks import MAX_OFFSET, guarded
from binding_graph._show import short_repr
from binding_graph.documents._text import strict_tree
from binding_graph.errors import (
    REFUSAL_CODES,
    BindingGraphError,
    refuse,
    refuse_type,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from binding_graph.errors import ErrorPath, RefusalCode

__all__ = [
    "REFUSAL_START",
    "producer_refusal",
    "refusal_line",
    "refusal_of_tree",
]

REFUSAL_KEYS: Final = ("refused", "source_id")
"""The keys of a refusal record, in the order its canonical line holds them."""

ENTRY_KEYS: Final = ("code", "message", "path")
"""The keys of each refusal a refusal record lists."""

REFUSAL_START: Final = b'{"refused":'
"""How every canonical refusal record starts: such a line is read as one first."""

_OWNER: Final = "refusal_line"
_RECORD: Final = "refusal_record"
_ERRORS: Final = "a non-empty iterable of BindingGraphError"


def refusal_line(source_id: str | None, errors: Iterable[BindingGraphError]) -> bytes:
    r"""Return the refusal record of a problem a producer refused: one canonical JSON line, with its ``\n``.

    Where a producer writes a graph a line, it writes this line for a
    problem it refused, so that its output keeps one line per problem:
    :func:`load_lines`, ``binding-graph score`` and every command that reads
    graphs take the line as the producer's refusal, by its first refusal's
    code, path and message, never as a graph.

    Args:
        source_id: The problem's source id, or ``None`` where it has none
            that can be read.
        errors: The producer's refusals, in order; at least one.

    Returns:
        ``{"refused":[{"code":...,"message":...,"path":[...]},...],"source_id":...}``
        in UTF-8, keys sorted, no spaces, ending in ``\n``.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("source_id",)`` unless
            *source_id* is a ``str`` or ``None``; at ``("errors",)`` unless
            *errors* is an iterable of at least one
            :class:`~binding_graph.BindingGraphError`, or at
            ``("errors", INDEX)`` for an item of another class;
            ``not_in_vocabulary`` at ``("errors", INDEX, "code")`` for a code
            that is none of the library's; ``wrong_type`` at
            ``("errors", INDEX, "path")`` for a path that is not a tuple of
            ``str`` and ``int`` from 0 to 2**53 - 1; ``invalid_text`` at
            ``("source_id",)`` or ``("errors", INDEX, "message")`` for a text
            that UTF-8 cannot hold (a lone surrogate).

    >>> from binding_graph import BindingGraphError, load_line, refusal_line
    >>> line = refusal_line("p1", [BindingGraphError("not_arithmetic", "no", ("draft",))])
    >>> line
    b'{"refused":[{"code":"not_arithmetic","message":"no","path":["draft"]}],"source_id":"p1"}\n'
    >>> error = load_line(line).error
    >>> error.code, error.path, error.message
    ('not_arithmetic', ('draft',), "the producer refused 'p1': no")

    .. versionadded:: 0.1.0
    """
    if source_id is not None and type(source_id) is not str:
        refuse_type(_OWNER, "source_id", "a str or None", source_id, ("source_id",))
    refused: list[dict[str, object]] = []
    for index, error in enumerate(guarded(errors, _OWNER, "errors", _ERRORS)):
        if type(error) is not BindingGraphError:
            refuse_type(_OWNER, "errors", _ERRORS, error, ("errors", index))
        where = ("errors", index)
        refused.append(
            {
                "code": _code(
                    _OWNER, f"errors[{index}].code", error.code, (*where, "code")
                ),
                "message": _utf8(
                    error.message, f"errors[{index}].message", (*where, "message")
                ),
                "path": list(
                    _path(
                        _OWNER,
                        f"errors[{index}].path",
                        error.path,
                        (*where, "path"),
                        tuple,
                    )
                ),
            }
        )
    if not refused:
        refuse_type(_OWNER, "errors", _ERRORS, errors, ("errors",))
    shown = None if source_id is None else _utf8(source_id, "source_id", ("source_id",))
    data = {"refused": refused, "source_id": shown}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode() + b"\n"


def _utf8(text: str, field: str, path: ErrorPath, owner: str = _OWNER) -> str:
    """Return *text* if UTF-8 can hold it; refuse a lone surrogate."""
    try:
        text.encode()
    except UnicodeEncodeError as exc:
        rule = f"must be text UTF-8 can hold (a lone surrogate at {exc.start})"
        refuse("invalid_text", owner, field, rule, text, path)
    return text


def _code(owner: str, field: str, value: object, path: ErrorPath) -> RefusalCode:
    if type(value) is not str:
        refuse_type(owner, field, "a refusal code, a str", value, path)
    if value not in REFUSAL_CODES:
        rule = "must be one of the library's refusal codes"
        refuse("not_in_vocabulary", owner, field, rule, value, path)
    return cast("RefusalCode", value)


def _path(
    owner: str, field: str, value: object, path: ErrorPath, container: type
) -> ErrorPath:
    """Return *value*, a path (a *container* of ``str`` and ``int`` of at least 0), as a tuple; refuse anything else."""
    expected = f"a path: a {container.__name__} of str and int from 0 to 2**53 - 1"
    if type(value) is not container:
        refuse_type(owner, field, expected, value, path)
    steps = cast("tuple[object, ...] | list[object]", value)
    for index, step in enumerate(steps):
        if type(step) is str:
            _utf8(step, f"{field}[{index}]", (*path, index), owner)
        # A document holds no larger int: the line must read back.
        elif type(step) is not int or not 0 <= step <= MAX_OFFSET:
            refuse_type(owner, f"{field}[{index}]", expected, step, (*path, index))
    return tuple(cast("ErrorPath", tuple(steps)))


def is_refusal_record(keys: dict[str, object]) -> bool:
    """Tell whether a line's JSON object is meant as a refusal record: it has ``refused``, and no ``format`` and no ``graph``."""
    return "refused" in keys and "format" not in keys and "graph" not in keys


def refusal_of_tree(tree: dict[str, object]) -> BindingGraphError:
    """Return the producer's first refusal of a refusal record's JSON object, or the refusal of the record's shape."""
    try:
        error, source_id = _first(tree)
    except BindingGraphError as refusal:
        return refusal
    who = "this record" if source_id is None else short_repr(source_id)
    message = f"the producer refused {who}: {error.message}"
    return BindingGraphError(error.code, message, error.path)


def _first(tree: dict[str, object]) -> tuple[BindingGraphError, str | None]:
    """Return the first refusal a refusal record lists, each of them checked, and its source id; refuse a record of another shape."""
    _keys(tree, REFUSAL_KEYS, (), _RECORD)
    source_id = tree["source_id"]
    if source_id is not None and type(source_id) is not str:
        refuse_type(_RECORD, "source_id", "a str or null", source_id, ("source_id",))
    if source_id is not None:
        _utf8(source_id, "source_id", ("source_id",), _RECORD)
    entries = tree["refused"]
    if type(entries) is not list or not entries:
        expected = "a non-empty array of refusals"
        refuse_type(_RECORD, "refused", expected, tree["refused"], ("refused",))
    found: list[BindingGraphError] = []
    for index, entry in enumerate(cast("list[object]", entries)):
        where = ("refused", index)
        if type(entry) is not dict:
            refuse_type(_RECORD, f"refused[{index}]", "a JSON object", entry, where)
        fields = cast("dict[str, object]", entry)
        _keys(fields, ENTRY_KEYS, where, f"{_RECORD}.refused[{index}]")
        name = f"refused[{index}]"
        code = _code(_RECORD, f"{name}.code", fields["code"], (*where, "code"))
        message = fields["message"]
        if type(message) is not str:
            refuse_type(
                _RECORD, f"{name}.message", "a str", message, (*where, "message")
            )
        _utf8(message, f"{name}.message", (*where, "message"), _RECORD)
        steps = _path(_RECORD, f"{name}.path", fields["path"], (*where, "path"), list)
        found.append(BindingGraphError(code, message, steps))
    return found[0], source_id


def _keys(
    fields: dict[str, object], keys: tuple[str, ...], where: ErrorPath, what: str
) -> None:
    """Refuse an object whose keys are not exactly *keys*: an unknown key first, then a missing one."""
    for key in fields:
        if key not in keys:
            msg = f"{what} has no key {short_repr(key)}: its keys are {', '.join(keys)}"
            raise BindingGraphError("unknown_key", msg, (*where, key))
    for key in keys:
        if key not in fields:
            msg = f"{what} has no key {key!r}: its keys are {', '.join(keys)}"
            raise BindingGraphError("missing_key", msg, (*where, key))


def producer_refusal(
    text: str | bytes | bytearray, max_bytes: int
) -> BindingGraphError | None:
    """Return the refusal of *text* read as a refusal record (see :func:`refusal_of_tree`); ``None`` if it is not meant as one.

    A text that is no JSON value is not one: its refusal is the reading's
    own, as a graph document.
    """
    try:
        tree = strict_tree(text, max_bytes)
    except BindingGraphError:
        return None
    # Only a text that starts as an object, or that loads refused for the
    # header of one, is looked at: its value is an object.
    keys = cast("dict[str, object]", tree)
    if not is_refusal_record(keys):
        return None
    return refusal_of_tree(keys)
