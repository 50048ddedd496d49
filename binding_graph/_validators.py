"""Small, named checks that the model attaches to its fields.

Every check has two parts.
A fast path accepts the common valid value with a few C-level calls and
returns; anything else falls to a slow path that re-examines the value and
raises :class:`~binding_graph.BindingGraphError` for the first rule it breaks,
in the documented order: type, then emptiness and encoding, then the field's
own rule.
The fast path only ever accepts values the slow path would accept too, so the
two never disagree on what is valid; they differ only in cost.

The slow paths (``check_*``) take the value and where it sits (the owner's
name, the field's name and a path), so that the readers of documents can run
them on values that are not yet in any object.
"""

from __future__ import annotations

import unicodedata
from keyword import iskeyword
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

from binding_graph._fields import FieldKind, declare
from binding_graph.errors import BindingGraphError, ErrorPath, RefusalCode, short_repr

if TYPE_CHECKING:
    from collections.abc import Callable

    import attrs

    from binding_graph.model import BoundEquation, SourceSpanLink

    Validator = Callable[[Any, attrs.Attribute[Any], Any], None]
    SlowCheck = Callable[[object, str, str, ErrorPath], object]

MAX_OFFSET: Final = 2**53 - 1
"""The largest span offset: every JSON implementation holds it exactly."""


def refuse(  # noqa: PLR0917 -- internal; every call site reads as a sentence
    code: RefusalCode,
    owner: str,
    field: str,
    rule: str,
    value: object,
    path: ErrorPath,
) -> NoReturn:
    """Raise the refusal for *value* in ``owner.field``; *rule* says what it broke."""
    raise BindingGraphError(
        code, f"{owner}.{field} {rule} (got {short_repr(value)})", path
    )


def refuse_type(
    owner: str, field: str, expected: str, value: object, path: ErrorPath
) -> NoReturn:
    """Raise the ``wrong_type`` refusal for *value*."""
    refuse(
        "wrong_type",
        owner,
        field,
        f"must be {expected}, not {type(value).__qualname__}",
        value,
        path,
    )


def field_check(
    kind: FieldKind,
    name: str,
    accepts: Callable[[object], bool],
    check: SlowCheck,
    *,
    vocabulary: frozenset[str] = frozenset(),
) -> Validator:
    """Build the validator of a field from a fast test and a slow check.

    The validator returns at once when *accepts* the value; otherwise it
    runs *check*, which raises the refusal, located at the field.
    """

    def validate(
        instance: object, attribute: attrs.Attribute[Any], value: object
    ) -> None:
        if not accepts(value):
            field = attribute.name
            check(value, type(instance).__name__, field, (field,))

    validate.__qualname__ = validate.__name__ = name
    return declare(validate, kind, vocabulary=vocabulary)


def declare_as(kind: FieldKind) -> Callable[[Validator], Validator]:
    """Declare the validator it decorates as checking a field of *kind*."""

    def decorate(validator: Validator) -> Validator:
        return declare(validator, kind)

    return decorate


# -- strings ----------------------------------------------------------------


def _behaves_as(cls: type, base: type) -> bool:
    # A subclass is taken for its base only if it keeps the base's equality,
    # hashing and ordering: ids go into sets and offsets are compared, and an
    # override could raise there or make two distinct values collide.
    return issubclass(cls, base) and all(
        getattr(cls, method) is getattr(base, method) for method in _KEPT
    )


_KEPT: Final = ("__eq__", "__ne__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__")


def is_str(value: object) -> bool:
    """Tell whether *value* is a ``str``, or a subclass that keeps its equality."""
    # ``type(value)``, not ``isinstance``: an object can lie about its
    # ``__class__`` and would then crash the ``str`` methods below.
    cls = type(value)
    return cls is str or _behaves_as(cls, str)


_A_STR: Final = "a str (a subclass must keep str's equality and hashing)"


def check_text(
    value: object, owner: str, field: str, path: ErrorPath, *, blank_ok: bool = False
) -> str:
    """Refuse *value* unless it is a non-blank ``str`` that encodes as UTF-8.

    With *blank_ok*, only the empty string counts as empty (verbatim source
    text may be whitespace).
    Returns *value*, typed, for the caller's own rule.
    """
    if not is_str(value):
        refuse_type(owner, field, _A_STR, value, path)
    string: str = value  # type: ignore[assignment]  # checked just above
    if not string or (not blank_ok and str.isspace(string)):
        rule = "must not be empty" if blank_ok else "must not be empty or blank"
        refuse("empty_text", owner, field, rule, value, path)
    if not str.isascii(string):
        try:
            str.encode(string)  # as UTF-8, the default
        except UnicodeEncodeError:
            refuse(
                "invalid_text",
                owner,
                field,
                "must be encodable as UTF-8 (it holds a lone surrogate)",
                value,
                path,
            )
    return string


def check_optional_text(
    value: object, owner: str, field: str, path: ErrorPath
) -> str | None:
    """Refuse *value* unless it is ``None`` or text, as :func:`check_text`."""
    return None if value is None else check_text(value, owner, field, path)


def check_verbatim_text(value: object, owner: str, field: str, path: ErrorPath) -> str:
    """Refuse *value* unless it is non-empty text; blank is fine."""
    return check_text(value, owner, field, path, blank_ok=True)


def check_identifier(value: object, owner: str, field: str, path: ErrorPath) -> str:
    """Refuse *value* unless it is an NFKC-normal, non-keyword identifier."""
    string = check_text(value, owner, field, path)
    if not str.isidentifier(string):
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
    refuse("invalid_identifier", owner, field, rule, value, path)


def _fast_identifier(value: object) -> bool:
    # ASCII identifiers are always NFKC-normal and valid UTF-8.
    return (
        type(value) is str
        and value.isascii()
        and value.isidentifier()
        and not iskeyword(value)
    )


def _fast_text(value: object) -> bool:
    return (
        type(value) is str and value.isascii() and not value.isspace() and value != ""
    )


def _fast_optional_text(value: object) -> bool:
    return value is None or (
        type(value) is str and value.isascii() and not value.isspace() and value != ""
    )


def _fast_verbatim_text(value: object) -> bool:
    return type(value) is str and value.isascii() and value != ""


text: Final = field_check("text", "text", _fast_text, check_text)
"""Check a required string: non-blank, UTF-8 encodable."""

optional_text: Final = field_check(
    "optional_text", "optional_text", _fast_optional_text, check_optional_text
)
"""Check an optional string: ``None``, or as :data:`text`."""


identifier: Final = field_check(
    "identifier", "identifier", _fast_identifier, check_identifier
)
"""Check a symbol id: see :func:`check_identifier`."""


def check_member(
    value: object, vocabulary: frozenset[str], owner: str, field: str, path: ErrorPath
) -> str:
    """Refuse *value* unless it is a member of *vocabulary*."""
    string = check_text(value, owner, field, path)
    # Look up the plain string: a subclass could not change the answer, but
    # str.__str__ keeps the lookup on str's own hashing all the same.
    if str.__str__(string) not in vocabulary:
        allowed = ", ".join(sorted(vocabulary))
        refuse(
            "not_in_vocabulary", owner, field, f"must be one of {allowed}", value, path
        )
    return string


def member_of(vocabulary: frozenset[str]) -> Validator:
    """Build the check of a field whose value is one of *vocabulary*."""

    def accepts(value: object) -> bool:
        return type(value) is str and value in vocabulary

    def check(value: object, owner: str, field: str, path: ErrorPath) -> str:
        return check_member(value, vocabulary, owner, field, path)

    name = f"member_of({', '.join(sorted(vocabulary))})"
    return field_check("member", name, accepts, check, vocabulary=vocabulary)


@declare_as("refusal_reason")
def refusal_reason(
    instance: BoundEquation, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Require a reason iff the equation's status is ``refused``.

    It sits on the field after ``admissibility_status``, which is checked
    first, so the status it reads is already valid.
    """
    refused = instance.admissibility_status == "refused"
    if (value is None and not refused) or (refused and _fast_text(value)):
        return
    owner, name = type(instance).__name__, attribute.name
    if value is None:
        refuse(
            "refusal_reason_required",
            owner,
            name,
            "is required when admissibility_status is 'refused'",
            value,
            (name,),
        )
    if not is_str(value):
        refuse_type(owner, name, "a str or None", value, (name,))
    if refused:
        # Blank counts as missing: a refusal must say why.
        if not value or str.isspace(value):  # type: ignore[arg-type]
            refuse(
                "refusal_reason_required",
                owner,
                name,
                "must not be empty or blank when admissibility_status is 'refused'",
                value,
                (name,),
            )
        check_text(value, owner, name, (name,))
        return
    if value:
        check_verbatim_text(value, owner, name, (name,))
    refuse(
        "refusal_reason_forbidden",
        owner,
        name,
        "must be None unless admissibility_status is 'refused'"
        f" (it is {short_repr(instance.admissibility_status)})",
        value,
        (name,),
    )


# -- integers and spans -----------------------------------------------------


def _check_int(value: object, owner: str, field: str) -> int:
    # ``bool`` is an ``int`` to Python, but never an offset.
    cls = type(value)
    if not (cls is int or _behaves_as(cls, int)) or issubclass(cls, bool):
        refuse_type(
            owner,
            field,
            "an int, not a bool (a subclass must keep int's equality, hashing"
            " and ordering)",
            value,
            (field,),
        )
    return value  # type: ignore[return-value]  # checked just above


@declare_as("start")
def span_start(
    instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a span's start: an ``int`` in ``[0, 2**53 - 1]``."""
    if type(value) is int and 0 <= value <= MAX_OFFSET:
        return
    owner, name = type(instance).__name__, attribute.name
    start = _check_int(value, owner, name)
    if 0 <= start <= MAX_OFFSET:
        return
    refuse(
        "invalid_span",
        owner,
        name,
        f"must be at least 0 and at most 2**53 - 1 ({MAX_OFFSET})",
        start,
        (name,),
    )


@declare_as("end")
def span_end(
    instance: SourceSpanLink, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a span's end: an ``int`` with ``start < end <= 2**53 - 1``."""
    start: int = instance.start
    if type(value) is int and start < value <= MAX_OFFSET:
        return
    owner, name = type(instance).__name__, attribute.name
    end = _check_int(value, owner, name)
    if start < end <= MAX_OFFSET:
        return
    if end <= start:
        rule = (
            f"must be greater than start ({start}): spans are half-open and non-empty"
        )
    else:
        rule = f"must be at most 2**53 - 1 ({MAX_OFFSET})"
    refuse("invalid_span", owner, name, rule, end, (name,))


@declare_as("span_text")
def span_text(
    instance: SourceSpanLink, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a span's text: verbatim source whose length is ``end - start``."""
    if not _fast_verbatim_text(value):
        name = attribute.name
        check_verbatim_text(value, type(instance).__name__, name, (name,))
    width: int = instance.end - instance.start
    if len(value) != width:  # type: ignore[arg-type]  # a str, checked above
        name = attribute.name
        refuse(
            "invalid_span",
            type(instance).__name__,
            name,
            f"must be exactly end - start ({width}) characters long, not {len(value)}",  # type: ignore[arg-type]
            value,
            (name,),
        )


# -- containers -------------------------------------------------------------

# The order in which a member's rules are checked: of several bad members,
# the one that breaks the earliest rule is reported.
_RULE_ORDER: Final = ("wrong_type", "empty_text", "invalid_text", "invalid_identifier")


@declare_as("identifiers")
def identifier_set(
    instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a ``frozenset`` of symbol ids.

    A frozenset has no order, so when several members are invalid the one
    reported is chosen by rule, then by ``repr``: the same whatever the hash
    seed.
    """
    if type(value) is frozenset and all(
        map(_fast_identifier, cast("frozenset[object]", value))
    ):
        return
    owner, name = type(instance).__name__, attribute.name
    if not isinstance(value, frozenset):
        refuse_type(owner, name, "a frozenset", value, (name,))
    refusals: list[BindingGraphError] = []
    for member in cast("frozenset[object]", value):
        try:
            check_identifier(member, owner, name, (name,))
        except BindingGraphError as exc:  # noqa: PERF203 -- only on the slow path
            refusals.append(exc)
    if refusals:
        raise min(refusals, key=lambda e: (_RULE_ORDER.index(e.code), e.message))


def check_tuple(
    value: object, cls: type, owner: str, field: str, path: ErrorPath
) -> None:
    """Refuse *value* unless it is a ``tuple`` (or subclass) of *cls* instances."""
    if not isinstance(value, tuple):
        refuse_type(owner, field, f"a tuple of {cls.__name__}", value, path)
    for index, item in enumerate(cast("tuple[object, ...]", value)):
        if not isinstance(item, cls):
            refuse_type(owner, field, f"a {cls.__name__}", item, (*path, index))


def tuple_of(cls: type) -> Validator:
    """Build a check for a ``tuple`` whose every item is a *cls*."""
    only_cls = frozenset({cls})

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        # The common case in one C-level pass: a tuple of exactly cls.
        if type(value) is tuple and only_cls.issuperset(map(type, value)):  # pyright: ignore[reportUnknownArgumentType]
            return
        name = attribute.name
        check_tuple(value, cls, type(instance).__name__, name, (name,))  # pyright: ignore[reportUnknownArgumentType]

    check.__qualname__ = check.__name__ = f"tuple_of({cls.__name__})"
    return declare(check, "objects", item=cls)


def instance_of(cls: type) -> Validator:
    """Build a check that a field holds a *cls*."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, cls):
            name = attribute.name
            refuse_type(
                type(instance).__name__, name, f"a {cls.__name__}", value, (name,)
            )

    check.__qualname__ = check.__name__ = f"instance_of({cls.__name__})"
    return declare(check, "object", item=cls)
