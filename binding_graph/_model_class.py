"""How a model class is made: frozen and final, with an ``__init__`` and a canonical writer compiled from its fields' kinds.

:func:`model_class` is the one decorator of the model classes.
It makes the class an attrs frozen class with slots, refuses any subclass of
it (a document holds exactly the fields of its class), and gives it:

- an ``__init__`` with attrs' parameters, defaults and keyword-only
  markers, whose checks are the fields' fast tests inlined into one
  condition, in field order; only when that condition fails does it call
  the fields' validators (their :class:`~binding_graph._declarations.Declaration`),
  in order, and the first that refuses raises.
  So a valid object costs no call per field, every refusal comes from the
  field's own check, and the checks run whatever attrs' global switch says
  (:func:`attrs.validators.set_disabled`);
- a writer of its canonical text (RFC 8785 JSON), straight from the object,
  keys in order, which :func:`canonical_text` calls.

The validators stay on the fields (``attrs.fields(C).f.validator``), where
:func:`attrs.validate` and any other reader of attrs' metadata sees them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final, TypeVar, final

import attrs

from binding_graph._codegen import compile_function
from binding_graph._declarations import (
    TEMPLATE_NAMES,
    Header,
    declaration,
    declared_fields,
    fields_read,
)

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "HEADERS",
    "build_lines",
    "canonical_text",
    "header",
    "make_model_class",
    "model_class",
    "writes",
]

_C = TypeVar("_C", bound=type)

HEADERS: Final[dict[type, tuple[Header, ...]]] = {}
"""The constant entries each class's documents hold before its fields, by class: the one declaration of them."""

_WRITERS: Final[dict[int, Callable[[Any], str]]] = {}
# Each writer by its class's id (see canonical_text), and by name in the
# writers' shared namespace, where a class's writer calls its parts'.
_ESCAPE: Final = json.encoder.encode_basestring
_WRITING: Final[dict[str, Any]] = {"escape": _ESCAPE}


def header(cls: type) -> tuple[Header, ...]:
    """Return the constant entries of *cls*'s documents: none but for a document class."""
    return HEADERS.get(cls, ())


def _refuse_subclass(cls: type, /, **_: object) -> None:
    final_class = next(base for base in cls.__mro__[1:] if writes(base))
    msg = (
        f"{final_class.__qualname__} is final: the document format holds"
        " exactly its fields, so it cannot be subclassed"
    )
    raise TypeError(msg)


def _tests(cls: type, prefix: str) -> list[tuple[str, str]]:
    """Return each field's name and fast test, the value in the local of its name after *prefix*."""
    tests: list[tuple[str, str]] = []
    seen: set[str] = set()
    for attribute in attrs.fields(cls):
        name = attribute.name
        template = declaration(attribute).kind.fast
        siblings = fields_read(template)
        # A test may read only fields that come before its own.
        if not siblings <= seen:
            msg = f"{cls.__name__}.{name}'s fast test reads a later field"
            raise ValueError(msg)
        replacements = {
            "value": f"{prefix}{name}",
            "vocabulary": f"{prefix}vocabulary_{name}",
            "item": f"{prefix}item_{name}",
            "items": f"{prefix}items_{name}",
            **{sibling: f"{prefix}{sibling}" for sibling in siblings},
        }
        tests.append((name, f"({template.format_map(replacements)})"))
        seen.add(name)
    return tests


def _field_names(cls: type, namespace: dict[str, Any], prefix: str) -> None:
    """Put in *namespace* what the lines of *cls*'s fields read, each name after *prefix*."""
    namespace.update(TEMPLATE_NAMES)
    for attribute in attrs.fields(cls):
        name = attribute.name
        declared = declaration(attribute)
        # The slot's own setter: what object.__setattr__ would find, found
        # once (a frozen class's __setattr__ refuses).
        namespace[f"{prefix}set_{name}"] = vars(cls)[name].__set__
        namespace[f"{prefix}check_{name}"] = declared.check_of(cls.__name__, name)
        namespace[f"{prefix}vocabulary_{name}"] = declared.vocabulary
        namespace[f"{prefix}item_{name}"] = declared.item
        namespace[f"{prefix}items_{name}"] = frozenset({declared.item})


def _checks_of_fields(cls: type) -> Callable[[Any], None]:
    """Compile the slow path of *cls*'s fields: each field's validator, in order, where its own test fails.

    A test accepts only what its validator accepts, so the first refusal is
    the same as if every validator ran; text that fails the tests of text
    costs one validator, not one per field. It reads the fields from the
    object, so that every reader of *cls* shares it.
    """
    namespace: dict[str, Any] = {}
    _field_names(cls, namespace, "")
    lines = ["def check_fields(obj):"]
    lines += [f"    {a.name} = obj.{a.name}" for a in attrs.fields(cls)]
    for name, test in _tests(cls, ""):
        lines += [
            "    try:",
            f"        ok = {test}",
            "    except Exception:",
            "        ok = False",
            "    if not ok:",
            f"        check_{name}(obj, {name})",
        ]
    return compile_function(
        "check_fields",
        "\n".join(lines),
        namespace,
        qualname=f"{cls.__qualname__} fields' checks",
    )


_SLOW: Final[dict[type, Callable[[Any], None]]] = {}
"""Each model class's slow path, by class (see :func:`_checks_of_fields`)."""


def build_lines(
    cls: type, namespace: dict[str, Any], target: str, prefix: str = ""
) -> list[str]:
    """Return the lines that set and check every field of *target*, a new *cls*.

    Each field's value is in the local of its name, after *prefix*. The
    lines set every field, run the fast tests inlined in one condition, the
    fields' validators (the class's shared slow path) only if it fails, and
    the class's ``__attrs_post_init__`` if it has one: what ``__init__``
    does, so that a reader can build an object without calling it.
    *namespace* receives the globals the lines read, their names after
    *prefix* too, so that one function can build objects of several classes.
    """
    fields = attrs.fields(cls)
    _field_names(cls, namespace, prefix)
    slow = _SLOW.get(cls)
    if slow is None:
        slow = _SLOW[cls] = _checks_of_fields(cls)
    namespace[f"{prefix}check_fields"] = slow
    tests = [test for _, test in _tests(cls, prefix)]
    lines = [
        *(f"{prefix}set_{a.name}({target}, {prefix}{a.name})" for a in fields),
        # A test may hash a value's class, whose metaclass may raise: a test
        # that raises has failed, and the validators, which never run a
        # value's own code, judge the value.
        "try:",
        "    valid = (",
        f"        {tests[0]}",
        *(f"        and {test}" for test in tests[1:]),
        "    )",
        "except Exception:",
        "    valid = False",
        "if not valid:",
        f"    {prefix}check_fields({target})",
    ]
    if hasattr(cls, "__attrs_post_init__"):
        lines.append(f"{target}.__attrs_post_init__()")
    return lines


def _init(cls: type) -> Callable[..., None]:
    """Compile *cls*'s ``__init__``."""
    namespace: dict[str, Any] = {}
    parameters: list[str] = []
    keyword_only = False
    for attribute in attrs.fields(cls):
        name = attribute.name
        if attribute.kw_only and not keyword_only:
            parameters.append("*")
            keyword_only = True
        if attribute.default is attrs.NOTHING:
            parameters.append(name)
        else:
            namespace[f"default_{name}"] = attribute.default
            parameters.append(f"{name}=default_{name}")
    source = "\n".join(
        [
            f"def __init__(self, {', '.join(parameters)}):",
            *(f"    {line}" for line in build_lines(cls, namespace, "self")),
        ]
    )
    init = compile_function(
        "__init__", source, namespace, qualname=f"{cls.__qualname__}.__init__"
    )
    init.__annotations__ = {a.name: a.type for a in attrs.fields(cls)} | {
        "return": None
    }
    init.__doc__ = f"Build and check a {cls.__name__}; see the class."
    return init


def _writer(cls: type) -> Callable[[Any], str]:
    """Compile the writer of *cls*'s canonical text.

    Strings go through the C function the json encoder itself escapes them
    with; keys come in code-point order, which RFC 8785's order is for ASCII
    keys, and constants are written as text, with nothing to compute. A
    field that documents leave out when ``None`` is written, its key and
    the comma before it, only when it holds a value; it is never the first
    key, so that the comma always has a key before it.
    """
    members: list[tuple[str, tuple[str, str, str], bool]] = []
    for name, declared in declared_fields(cls):
        item = "" if declared.item is None else declared.item.__name__
        before, expression, after = declared.kind.text
        written = expression.format(value=f"obj.{name}", item=item)
        members.append((name, (before, written, after), declared.kind.omitted))
    members += [
        (entry.name, (json.dumps(entry.value), "", ""), False) for entry in header(cls)
    ]
    parts: list[str] = []
    text = "{"
    for index, (name, (before, written, after), omitted) in enumerate(sorted(members)):
        if omitted:
            if not index:
                msg = f"{cls.__name__}.{name} may be left out, so it cannot come first"
                raise ValueError(msg)
            key = repr(f',"{name}":{before}')
            value = f"{written} + {after!r}" if after else written
            parts += [
                repr(text),
                f"({key} + {value} if obj.{name} is not None else '')",
            ]
            text = ""
            continue
        text += f'{"," if index else ""}"{name}":{before}'
        if written:
            parts += [repr(text), written]
            text = ""
        text += after
    parts.append(repr(text + "}"))
    name = f"write_{cls.__name__}"
    source = f"def {name}(obj):\n    return ''.join(({', '.join(parts)}))"
    return compile_function(name, source, _WRITING)


def make_model_class(*, kw_only: bool = True) -> Callable[[_C], _C]:
    """Make the class it decorates a model class: frozen, final, checked, written.

    Args:
        kw_only: Whether the fields are keyword-only arguments, as they are
            wherever several fields share a type.

    A class whose documents hold constant entries before its fields (a
    graph's ``format`` and ``version``) declares them as a class variable,
    ``_document_header: ClassVar[tuple[Header, ...]]``. The classes a model
    class's fields hold must be model classes defined before it, so that
    their writers exist.
    """

    def make(cls: _C) -> _C:
        entries: tuple[Header, ...] = vars(cls).get("_document_header", ())
        built = attrs.frozen(kw_only=kw_only, weakref_slot=False)(cls)
        if entries:
            HEADERS[built] = entries
        built.__init__ = _init(built)  # type: ignore[misc]  # replacing attrs' own, as attrs sets it
        # Called when a subclass is defined, for every subclass of this one.
        built.__init_subclass__ = classmethod(_refuse_subclass)  # type: ignore[assignment,method-assign]
        writer = _writer(built)
        _WRITING[writer.__name__] = writer
        _WRITERS[id(built)] = writer
        return final(built)

    return make


if TYPE_CHECKING:
    # To type checkers, a model class is the attrs frozen class it is, with
    # its fields, its __init__, attrs.evolve() and attrs.fields().
    from attrs import frozen as model_class
else:
    model_class = make_model_class


def writes(cls: type) -> bool:
    """Tell whether *cls* is a model class, whose canonical text :func:`canonical_text` writes."""
    return id(cls) in _WRITERS


def canonical_text(obj: object) -> str | None:
    """Return the canonical text of the model object *obj*, or ``None`` if it is no model object.

    The class is looked up by identity: *obj* may be of any class, and
    hashing a class could run its metaclass's code.
    """
    write = _WRITERS.get(id(type(obj)))
    return None if write is None else write(obj)
