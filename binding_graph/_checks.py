"""The slow checks: each re-examines a value that a fast test did not take, and refuses it for the first rule it breaks.

A value is checked in the documented order: its type, then emptiness and
encoding, then the field's own rule.
Each check of a field takes the value and its :class:`Site`: where it sits
(the owner's name, the field's name, a path) and the object being built,
whose earlier fields a check may read; the kinds of :mod:`binding_graph._kinds`
pair each with its fast test.
The checks of single values (:func:`check_text`, :func:`check_identifier`,
:func:`check_member`) serve the readers and the allocator too.

Every value is looked at by its class's identity, never by what it says its
class is, and a method of a value is called only once the value is known to
be exactly the built-in type: nothing here runs a caller's code.
"""

from __future__ import annotations

import unicodedata
from keyword import iskeyword
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeGuard, cast

from binding_graph._refuse import foreign_failure
from binding_graph._show import short_repr
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
    refusal,
    refuse,
    refuse_type,
)
from binding_graph.vocabularies import STATE_NAMES

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

MAX_OFFSET: Final = 2**53 - 1
"""The largest span offset: every JSON implementation holds it exactly."""


class Site(NamedTuple):
    """Where a value is checked: the owner and field named in a refusal, its path, and the object built."""

    owner: str
    field: str
    path: ErrorPath
    instance: Any = None
    vocabulary: frozenset[str] = frozenset()
    item: type | None = None


# -- what a value is ----------------------------------------------------------
# Each test is the check that the code runs, and tells the type checkers what
# the value is once it passes, so no cast can drift from its check.


def is_str(value: object) -> TypeGuard[str]:
    """Tell whether *value* is exactly a ``str``."""
    # ``type(value)``, not ``isinstance``: an object can lie about its
    # ``__class__``, and ``isinstance`` would ask it.
    return type(value) is str


def is_dict(value: object) -> TypeGuard[dict[object, object]]:
    """Tell whether *value* is exactly a ``dict``, as JSON objects are read."""
    return type(value) is dict


def mapping_items(
    value: object, owner: str, field: str, expected: str
) -> list[tuple[object, object]]:
    """Return the entries of *value*, exactly a ``dict`` or a read-only view of one; refuse anything else.

    A view may hide a subclass of ``dict`` whose methods run code of their
    own: whatever that code raises is refused as ``wrong_type``, at *field*.
    """
    cls = type(value)
    if cls is dict:
        return list(cast("dict[object, object]", value).items())
    if cls is not MappingProxyType:
        refuse_type(owner, field, expected, value, (field,))
    try:
        return list(cast("MappingProxyType[object, object]", value).items())
    except Exception as exc:
        raise foreign_failure(owner, field, expected, value, exc) from exc


def is_list(value: object) -> TypeGuard[list[object]]:
    """Tell whether *value* is exactly a ``list``, as JSON arrays are read."""
    return type(value) is list


def is_frozenset(value: object) -> TypeGuard[frozenset[object]]:
    """Tell whether *value* is exactly a ``frozenset``."""
    return type(value) is frozenset


def is_tuple(value: object) -> TypeGuard[tuple[object, ...]]:
    """Tell whether *value* is exactly a ``tuple``."""
    return type(value) is tuple


def guarded(
    items: Iterable[object], owner: str, field: str, expected: str
) -> Iterator[object]:
    """Yield the items of *items*, refusing any failure of its own code to give them.

    ``OSError`` and :class:`~binding_graph.BindingGraphError` pass as they
    are; anything else that ``iter()`` or ``next()`` raises is refused, by
    :func:`~binding_graph.errors.foreign_failure`, at *field*.
    """
    try:
        iterator = iter(items)
    except Exception as exc:
        raise foreign_failure(owner, field, expected, items, exc) from exc
    while True:
        try:
            item = next(iterator)
        except StopIteration:
            return
        except (OSError, BindingGraphError):
            raise
        except Exception as exc:
            raise foreign_failure(owner, field, expected, items, exc) from exc
        yield item


# -- text -------------------------------------------------------------------------


def check_text(
    value: object, owner: str, field: str, path: ErrorPath, *, blank_ok: bool = False
) -> str:
    """Refuse *value* unless it is a non-blank ``str`` that encodes as UTF-8.

    With *blank_ok*, only the empty string counts as empty (verbatim source
    text may be whitespace).
    Returns *value*, typed, for the caller's own rule.
    """
    if not is_str(value):
        refuse_type(owner, field, "a str", value, path)
    if not value or (not blank_ok and value.isspace()):
        rule = "must not be empty" if blank_ok else "must not be empty or blank"
        refuse("empty_text", owner, field, rule, value, path)
    if not value.isascii():
        try:
            value.encode()  # as UTF-8, the default
        except UnicodeEncodeError:
            refuse(
                "invalid_text",
                owner,
                field,
                "must be encodable as UTF-8 (it holds a lone surrogate)",
                value,
                path,
            )
    return value


def check_identifier(value: object, owner: str, field: str, path: ErrorPath) -> str:
    """Refuse *value* unless it is an NFKC-normal, non-keyword identifier."""
    string = check_text(value, owner, field, path)
    if not string.isidentifier():
        rule = "must be a Python identifier"
    elif iskeyword(string):
        rule = "must be a Python identifier that is not a keyword"
    elif not unicodedata.is_normalized("NFKC", string):
        normal = unicodedata.normalize("NFKC", string)
        rule = (
            "must equal its NFKC normal form, as Python reads identifiers"
            f" ({short_repr(normal)})"
        )
    else:
        return string
    raise refusal("invalid_identifier", owner, field, rule, value, path)


def check_member(
    value: object, vocabulary: frozenset[str], owner: str, field: str, path: ErrorPath
) -> str:
    """Refuse *value* unless it is a member of *vocabulary*."""
    string = check_text(value, owner, field, path)
    if string not in vocabulary:
        allowed = ", ".join(sorted(vocabulary))
        refuse(
            "not_in_vocabulary", owner, field, f"must be one of {allowed}", value, path
        )
    return string


# -- the checks of fields, by kind ------------------------------------------------


def text(value: object, site: Site) -> None:
    """Refuse anything but a non-blank ``str`` that encodes as UTF-8."""
    check_text(value, site.owner, site.field, site.path)


def optional_text(value: object, site: Site) -> None:
    """Refuse anything but ``None`` or text, as :func:`text`."""
    if value is not None:
        check_text(value, site.owner, site.field, site.path)


def identifier(value: object, site: Site) -> None:
    """Refuse anything but a symbol id: see :func:`check_identifier`."""
    check_identifier(value, site.owner, site.field, site.path)


def member(value: object, site: Site) -> None:
    """Refuse anything but a member of the field's vocabulary."""
    check_member(value, site.vocabulary, site.owner, site.field, site.path)


def optional_member(value: object, site: Site) -> None:
    """Refuse anything but ``None`` or a member of the field's vocabulary."""
    if value is not None:
        if not is_str(value):
            refuse_type(site.owner, site.field, "a str or None", value, site.path)
        check_member(value, site.vocabulary, site.owner, site.field, site.path)


def state_index(value: object, site: Site) -> None:
    """Refuse anything but ``None``, ``"initial"``, ``"terminal"`` or an ``int`` in ``[0, 2**53 - 1]``."""
    owner, field, path = site.owner, site.field, site.path
    if value is None or (type(value) is int and 0 <= value <= MAX_OFFSET):
        return
    if type(value) is not int:
        if not is_str(value):
            refuse_type(owner, field, "a str, an int or None", value, path)
        if check_text(value, owner, field, path) in STATE_NAMES:
            return
    rule = "must be 'initial', 'terminal' or an equation's index, from 0 to 2**53 - 1"
    refuse("not_in_vocabulary", owner, field, rule, value, path)


def _offset(value: object, site: Site) -> int:
    # Exactly an int: ``bool`` is an ``int`` to Python, but never an offset.
    if type(value) is not int:
        refuse_type(site.owner, site.field, "an int", value, site.path)
    return value


def start(value: object, site: Site) -> None:
    """Refuse anything but a span's start: an ``int`` in ``[0, 2**53 - 1]``."""
    offset = _offset(value, site)
    if not 0 <= offset <= MAX_OFFSET:
        refuse(
            "invalid_span",
            site.owner,
            site.field,
            f"must be at least 0 and at most 2**53 - 1 ({MAX_OFFSET})",
            offset,
            site.path,
        )


def end(value: object, site: Site) -> None:
    """Refuse anything but a span's end: an ``int`` with ``start < end <= 2**53 - 1``."""
    offset = _offset(value, site)
    first: int = site.instance.start
    if offset <= first:
        rule = (
            f"must be greater than start ({first}): spans are half-open and non-empty"
        )
    elif offset > MAX_OFFSET:
        rule = f"must be at most 2**53 - 1 ({MAX_OFFSET})"
    else:
        return
    refuse("invalid_span", site.owner, site.field, rule, offset, site.path)


def end_alone(value: object, site: Site) -> None:
    """Refuse what no span's end can be, whatever its start: anything but an ``int`` of at most 2**53 - 1."""
    offset = _offset(value, site)
    if offset > MAX_OFFSET:
        rule = f"must be at most 2**53 - 1 ({MAX_OFFSET})"
        refuse("invalid_span", site.owner, site.field, rule, offset, site.path)


def span_text_alone(value: object, site: Site) -> None:
    """Refuse what no span's text can be, whatever its offsets: anything but a non-empty ``str`` that encodes as UTF-8."""
    check_text(value, site.owner, site.field, site.path, blank_ok=True)


def span_text(value: object, site: Site) -> None:
    """Refuse anything but verbatim source text (blank is fine) of ``end - start`` characters."""
    string = check_text(value, site.owner, site.field, site.path, blank_ok=True)
    width: int = site.instance.end - site.instance.start
    if len(string) != width:
        refuse(
            "invalid_span",
            site.owner,
            site.field,
            f"must be exactly end - start ({width}) characters long, not {len(string)}",
            value,
            site.path,
        )


def refusal_reason(value: object, site: Site) -> None:
    """Require a reason iff the equation's status is ``refused``.

    Its field comes after ``admissibility_status``, which is checked first,
    so the status it reads is already valid.
    """
    owner, field, path = site.owner, site.field, site.path
    status: str = site.instance.admissibility_status
    if value is None:
        if status != "refused":
            return
        rule = "is required when admissibility_status is 'refused'"
        refuse("refusal_reason_required", owner, field, rule, value, path)
    if not is_str(value):
        refuse_type(owner, field, "a str or None", value, path)
    if status == "refused":
        # Blank counts as missing: a refusal must say why.
        if not value or value.isspace():
            rule = "must not be empty or blank when admissibility_status is 'refused'"
            refuse("refusal_reason_required", owner, field, rule, value, path)
        check_text(value, owner, field, path)
        return
    if value:
        check_text(value, owner, field, path, blank_ok=True)
    rule = (
        "must be None unless admissibility_status is 'refused'"
        f" (it is {short_repr(status)})"
    )
    refuse("refusal_reason_forbidden", owner, field, rule, value, path)


def refusal_reason_alone(value: object, site: Site) -> None:
    """Refuse what no refusal reason can be, whatever the status: anything but ``None`` or a ``str`` that encodes as UTF-8."""
    if value is None:
        return
    if not is_str(value):
        refuse_type(site.owner, site.field, "a str or None", value, site.path)
    if value:
        check_text(value, site.owner, site.field, site.path, blank_ok=True)


# The order in which a member's rules are checked: of several bad members,
# the one that breaks the earliest rule is reported.
_RULE_ORDER: Final = ("wrong_type", "empty_text", "invalid_text", "invalid_identifier")


def identifiers(value: object, site: Site) -> None:
    """Refuse anything but a ``frozenset`` of symbol ids.

    A frozenset has no order, so when several members are invalid the one
    reported is chosen by rule, then by message: the same whatever the hash
    seed.
    """
    if not is_frozenset(value):
        refuse_type(site.owner, site.field, "a frozenset", value, site.path)
    refusals: list[BindingGraphError] = []
    for each in value:
        try:
            check_identifier(each, site.owner, site.field, site.path)
        except BindingGraphError as exc:  # noqa: PERF203 -- only on the slow path
            refusals.append(exc)
    if refusals:
        raise min(refusals, key=lambda e: (_RULE_ORDER.index(e.code), e.message))


def one(value: object, site: Site) -> None:
    """Refuse anything but exactly an instance of the field's model class."""
    cls: type = site.item  # type: ignore[assignment]  # an object field names its class
    if type(value) is not cls:
        refuse_type(site.owner, site.field, f"a {cls.__name__}", value, site.path)


def many(value: object, site: Site) -> None:
    """Refuse anything but exactly a ``tuple`` of exactly instances of the field's model class."""
    cls: type = site.item  # type: ignore[assignment]  # a tuple field names its class
    if not is_tuple(value):
        refuse_type(
            site.owner, site.field, f"a tuple of {cls.__name__}", value, site.path
        )
    for index, item in enumerate(value):
        if type(item) is not cls:
            path = (*site.path, index)
            refuse_type(site.owner, site.field, f"a {cls.__name__}", item, path)
