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

Each validator declares its fast test as a Python expression, a template in
which ``{value}`` stands for the value, ``{vocabulary}``, ``{item}`` and
``{items}`` for the vocabulary, the class and the set of that one class the
declaration names, and any other name in braces for the field of that name,
which comes earlier in the class and has passed its own test already.
The compiled ``__init__`` of each model class (:mod:`binding_graph._init`)
inlines these tests, one after the other, and calls the validators only
when one fails; the tests of the checks built by :func:`field_check` are
compiled from the same templates, so each is written once.
"""

from __future__ import annotations

import unicodedata
from itertools import repeat
from keyword import iskeyword
from operator import is_
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeGuard

from binding_graph._codegen import compile_function
from binding_graph._fields import FieldKind, declare
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
    RefusalCode,
    short_repr,
    type_name,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

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


# The built-in types a field or an argument may hold, and how a caller
# converts an instance of a subclass to one.
_EXACT: Final = (str, int, bytes, bytearray, tuple, frozenset, list, dict)


def refuse_type(
    owner: str, field: str, expected: str, value: object, path: ErrorPath
) -> NoReturn:
    """Raise the ``wrong_type`` refusal for *value*.

    Values are taken only as exactly the built-in type a field holds: a
    subclass may override any method (its length, its iteration, its
    arithmetic) and so make an object that its own checks took for sound.
    The refusal of a subclass says how to convert it.
    """
    cls = type(value)
    name = type_name(value)
    rule = f"must be {expected}, not {name}"
    for base in _EXACT:
        # A subclass check on the class runs no code of the class's own.
        if cls is not base and cls is not bool and issubclass(cls, base):
            rule += (
                f", a subclass of {base.__name__}: convert it with"
                f" {base.__name__}(value)"
            )
            break
    refuse("wrong_type", owner, field, rule, value, path)


def foreign_failure(
    owner: str, field: str, expected: str, value: object, error: Exception
) -> BindingGraphError:
    """Return the refusal of *value*, whose own code raised *error* when it was used.

    Only what the caller hands over as a file or an iterable is ever used,
    read or iterated; whatever else its code raises than an ``OSError`` is
    a refusal of the argument.
    """
    return BindingGraphError(
        "wrong_type",
        f"{owner}.{field} must be {expected}, but the {type_name(value)} given"
        f" raised {type_name(error)} when it was used",
        (field,),
    )


def guarded(
    items: Iterable[object], owner: str, field: str, expected: str
) -> Iterator[object]:
    """Yield the items of *items*, refusing any failure of its own code to give them.

    ``OSError`` and :class:`~binding_graph.BindingGraphError` pass as they
    are; anything else that ``iter()`` or ``next()`` raises is refused, by
    :func:`foreign_failure`, at *field*.
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


def fast_test(
    fast: str, name: str, vocabulary: frozenset[str] = frozenset()
) -> Callable[[object], bool]:
    """Compile the template *fast* into a predicate of one value, named *name*.

    The template may name the *vocabulary* and :data:`TEMPLATE_NAMES`, but
    no other field.
    """
    expression = fast.format(value="value", vocabulary="vocabulary")
    source = f"def accepts(value):\n    return bool({expression})"
    namespace = {**TEMPLATE_NAMES, "vocabulary": vocabulary}
    return compile_function("accepts", source, namespace, qualname=name)


def field_check(
    kind: FieldKind,
    name: str,
    fast: str,
    check: SlowCheck,
    *,
    vocabulary: frozenset[str] = frozenset(),
) -> Validator:
    """Build the validator of a field from a fast test and a slow check.

    The validator returns at once when the template *fast* accepts the
    value; otherwise it runs *check*, which raises the refusal, located at
    the field.
    """
    accepts = fast_test(fast, f"{name}.accepts", vocabulary)

    def validate(
        instance: object, attribute: attrs.Attribute[Any], value: object
    ) -> None:
        if not accepts(value):
            field = attribute.name
            check(value, type(instance).__name__, field, (field,))

    validate.__qualname__ = validate.__name__ = name
    return declare(validate, kind, vocabulary=vocabulary, fast=fast)


def declare_as(kind: FieldKind, fast: str) -> Callable[[Validator], Validator]:
    """Declare the validator it decorates as checking a field of *kind*.

    *fast* is its fast test, as a template. It must accept only values
    that the validator accepts: the compiled ``__init__`` of each class
    calls the validator only when a fast test fails.
    """

    def decorate(validator: Validator) -> Validator:
        return declare(validator, kind, fast=fast)

    return decorate


# -- containers -------------------------------------------------------------
# Each test is the check that the code runs, and tells the type checkers what
# the value is once it passes, so no cast can drift from its check.


def is_dict(value: object) -> TypeGuard[dict[object, object]]:
    """Tell whether *value* is exactly a ``dict``, as JSON objects are read."""
    return type(value) is dict


def is_list(value: object) -> TypeGuard[list[object]]:
    """Tell whether *value* is exactly a ``list``, as JSON arrays are read."""
    return type(value) is list


def is_frozenset(value: object) -> TypeGuard[frozenset[object]]:
    """Tell whether *value* is exactly a ``frozenset``."""
    return type(value) is frozenset


def is_tuple(value: object) -> TypeGuard[tuple[object, ...]]:
    """Tell whether *value* is exactly a ``tuple``."""
    return type(value) is tuple


def untrusted(value: object) -> object:
    """Return *value* as an ``object``: what a caller passed, whatever its annotation says."""
    return value


# -- strings ----------------------------------------------------------------


def is_str(value: object) -> TypeGuard[str]:
    """Tell whether *value* is exactly a ``str``."""
    # ``type(value)``, not ``isinstance``: an object can lie about its
    # ``__class__``, and ``isinstance`` would ask it.
    return type(value) is str


_A_STR: Final = "a str"


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
    string: str = value
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


# The fast tests, as templates (see the module's docstring). ASCII text
# holds no lone surrogate, and ASCII identifiers are always NFKC-normal.
_TEXT: Final = (
    "type({value}) is str and {value}.isascii() and not {value}.isspace()"
    ' and {value} != ""'
)
_OPTIONAL_TEXT: Final = f"{{value}} is None or ({_TEXT})"
_IDENTIFIER: Final = (
    "type({value}) is str and {value}.isascii() and {value}.isidentifier()"
    " and not iskeyword({value})"
)

TEMPLATE_NAMES: Final[dict[str, object]] = {
    "MAX_OFFSET": MAX_OFFSET,
    "iskeyword": iskeyword,
}
"""The globals every fast test may read, besides what its declaration names."""

_fast_identifier: Final = fast_test(_IDENTIFIER, "is_identifier")
_fast_text: Final = fast_test(_TEXT, "is_text")
# A set of identifiers is tested member by member, with the test above.
TEMPLATE_NAMES["is_identifier"] = _fast_identifier


def _fast_verbatim_text(value: object) -> bool:
    return type(value) is str and value.isascii() and value != ""


text: Final = field_check("text", "text", _TEXT, check_text)
"""Check a required string: non-blank, UTF-8 encodable."""

optional_text: Final = field_check(
    "optional_text", "optional_text", _OPTIONAL_TEXT, check_optional_text
)
"""Check an optional string: ``None``, or as :data:`text`."""


identifier: Final = field_check(
    "identifier", "identifier", _IDENTIFIER, check_identifier
)
"""Check a symbol id: see :func:`check_identifier`."""


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


def member_of(vocabulary: frozenset[str]) -> Validator:
    """Build the check of a field whose value is one of *vocabulary*."""

    def check(value: object, owner: str, field: str, path: ErrorPath) -> str:
        return check_member(value, vocabulary, owner, field, path)

    name = f"member_of({', '.join(sorted(vocabulary))})"
    return field_check(
        "member",
        name,
        "type({value}) is str and {value} in {vocabulary}",
        check,
        vocabulary=vocabulary,
    )


@declare_as(
    "refusal_reason",
    f"({{value}} is None and {{admissibility_status}} != 'refused')"
    f" or ({{admissibility_status}} == 'refused' and {_TEXT})",
)
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
        if not value or str.isspace(value):
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
    # Exactly an int: ``bool`` is an ``int`` to Python, but never an offset.
    if type(value) is not int:
        refuse_type(owner, field, "an int", value, (field,))
    return value


@declare_as("start", "type({value}) is int and 0 <= {value} <= MAX_OFFSET")
def span_start(
    instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a span's start: an ``int`` in ``[0, 2**53 - 1]``."""
    if type(value) is int and 0 <= value <= MAX_OFFSET:
        return
    owner, name = type(instance).__name__, attribute.name
    # An int, so the test above failed on its range.
    start = _check_int(value, owner, name)
    refuse(
        "invalid_span",
        owner,
        name,
        f"must be at least 0 and at most 2**53 - 1 ({MAX_OFFSET})",
        start,
        (name,),
    )


@declare_as("end", "type({value}) is int and {start} < {value} <= MAX_OFFSET")
def span_end(
    instance: SourceSpanLink, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a span's end: an ``int`` with ``start < end <= 2**53 - 1``."""
    start: int = instance.start
    if type(value) is int and start < value <= MAX_OFFSET:
        return
    owner, name = type(instance).__name__, attribute.name
    # An int, so the test above failed on its range.
    end = _check_int(value, owner, name)
    if end <= start:
        rule = (
            f"must be greater than start ({start}): spans are half-open and non-empty"
        )
    else:
        rule = f"must be at most 2**53 - 1 ({MAX_OFFSET})"
    refuse("invalid_span", owner, name, rule, end, (name,))


@declare_as(
    # Width end - start is at least 1: a str that long is not empty.
    "span_text",
    "type({value}) is str and {value}.isascii() and len({value}) == {end} - {start}",
)
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


@declare_as(
    "identifiers",
    "type({value}) is frozenset and all(map(is_identifier, {value}))",
)
def identifier_set(
    instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Check a ``frozenset`` of symbol ids.

    A frozenset has no order, so when several members are invalid the one
    reported is chosen by rule, then by ``repr``: the same whatever the hash
    seed.
    """
    if is_frozenset(value) and all(map(_fast_identifier, value)):
        return
    owner, name = type(instance).__name__, attribute.name
    if not is_frozenset(value):
        refuse_type(owner, name, "a frozenset", value, (name,))
    refusals: list[BindingGraphError] = []
    for member in value:
        try:
            check_identifier(member, owner, name, (name,))
        except BindingGraphError as exc:  # noqa: PERF203 -- only on the slow path
            refusals.append(exc)
    if refusals:
        raise min(refusals, key=lambda e: (_RULE_ORDER.index(e.code), e.message))


def check_tuple(
    value: object, cls: type, owner: str, field: str, path: ErrorPath
) -> None:
    """Refuse *value* unless it is exactly a ``tuple`` of exactly *cls* instances."""
    if not is_tuple(value):
        refuse_type(owner, field, f"a tuple of {cls.__name__}", value, path)
    for index, item in enumerate(value):  # pragma: no branch -- called for a bad one
        if type(item) is not cls:
            refuse_type(owner, field, f"a {cls.__name__}", item, (*path, index))


def tuple_of(cls: type) -> Validator:
    """Build a check for a ``tuple`` whose every item is a *cls*."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        # The common case in one C-level pass, by identity: hashing an
        # item's class could run its metaclass's code.
        if type(value) is tuple and all(map(is_, map(type, value), repeat(cls))):  # pyright: ignore[reportUnknownArgumentType]
            return
        name = attribute.name
        check_tuple(value, cls, type(instance).__name__, name, (name,))  # pyright: ignore[reportUnknownArgumentType]

    check.__qualname__ = check.__name__ = f"tuple_of({cls.__name__})"
    # Faster than the check's own pass, but it hashes each item's class:
    # the compiled __init__ takes an exception of its tests for a failed test.
    fast = "type({value}) is tuple and {items}.issuperset(map(type, {value}))"
    return declare(check, "objects", item=cls, fast=fast)


def instance_of(cls: type) -> Validator:
    """Build a check that a field holds a *cls*."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not cls:
            name = attribute.name
            refuse_type(
                type(instance).__name__, name, f"a {cls.__name__}", value, (name,)
            )

    check.__qualname__ = check.__name__ = f"instance_of({cls.__name__})"
    # The model classes are final: being one is being exactly one.
    return declare(check, "object", item=cls, fast="type({value}) is {item}")
