"""Compile each model class's ``__init__`` from its fields' declarations.

attrs writes an ``__init__`` that sets every field and then calls every
field's validator, one Python call each, behind attrs' global switch.
This module writes, per class, the same ``__init__`` (the same parameters,
defaults and keyword-only markers, read from :func:`attrs.fields`) whose
checks are the validators' fast tests inlined into one condition, in field
order; only when that condition fails does it call the validators, in
order, and the first that refuses raises.
So a valid object costs no call per field, every refusal still comes from
the field's own validator, and the checks run whatever attrs' switch says
(:func:`attrs.validators.set_disabled`).

The validators stay on the fields (``attrs.fields(C).f.validator``):
:func:`attrs.validate` and any other reader of attrs' metadata sees them.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from binding_graph._codegen import compile_function
from binding_graph._fields import declaration
from binding_graph._validators import TEMPLATE_NAMES

if TYPE_CHECKING:
    from collections.abc import Callable

    _C = TypeVar("_C", bound=type)  # for the type checkers alone


def _names(template: str) -> set[str]:
    """Return the names in braces in *template*."""
    return {
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    }


def build_lines(cls: type, namespace: dict[str, Any], target: str) -> list[str]:
    """Return the lines that set and check every field of *target*, a new *cls*.

    Each field's value is in the local of its name. The lines set every
    field, run the fast tests, the validators only if a test fails, and the
    class's ``__attrs_post_init__`` if it has one: what ``__init__`` does,
    so that a reader can build an object without calling it. *namespace*
    receives the globals the lines read.
    """
    fields = attrs.fields(cls)
    namespace.update(TEMPLATE_NAMES)
    tests: list[str] = []
    seen: set[str] = set()
    for attribute in fields:
        name = attribute.name
        declared = declaration(attribute)
        # The slot's own setter: what object.__setattr__ would find, found
        # once (a frozen class's __setattr__ refuses).
        namespace[f"set_{name}"] = vars(cls)[name].__set__
        namespace[f"attribute_{name}"] = attribute
        namespace[f"validate_{name}"] = attribute.validator
        namespace[f"vocabulary_{name}"] = declared.vocabulary
        namespace[f"item_{name}"] = declared.item
        namespace[f"items_{name}"] = frozenset({declared.item})
        siblings = _names(declared.fast) - {"value", "vocabulary", "item", "items"}
        # A test may read only fields that come before its own.
        if not siblings <= seen:
            msg = f"{cls.__name__}.{name}'s fast test reads a later field"
            raise ValueError(msg)
        replacements = {
            "value": name,
            "vocabulary": f"vocabulary_{name}",
            "item": f"item_{name}",
            "items": f"items_{name}",
            **{sibling: sibling for sibling in siblings},
        }
        tests.append(f"({declared.fast.format_map(replacements)})")
        seen.add(name)
    lines = [
        *(f"set_{a.name}({target}, {a.name})" for a in fields),
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
        *(
            f"    validate_{a.name}({target}, attribute_{a.name}, {a.name})"
            for a in fields
        ),
    ]
    if hasattr(cls, "__attrs_post_init__"):
        lines.append(f"{target}.__attrs_post_init__()")
    return lines


def init_source(cls: type, namespace: dict[str, Any]) -> str:
    """Return the source of *cls*'s ``__init__``, filling *namespace* with its globals."""
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
    body = build_lines(cls, namespace, "self")
    return "\n".join(
        [
            f"def __init__(self, {', '.join(parameters)}):",
            *(f"    {line}" for line in body),
        ]
    )


def compiled_init(cls: _C) -> _C:
    """Give the attrs class *cls* the ``__init__`` compiled from its declarations.

    Apply it above :func:`attrs.frozen`, which it needs to have run.
    """
    namespace: dict[str, Any] = {}
    source = init_source(cls, namespace)
    init: Callable[..., None] = compile_function(
        "__init__", source, namespace, qualname=f"{cls.__qualname__}.__init__"
    )
    init.__annotations__ = {a.name: a.type for a in attrs.fields(cls)} | {
        "return": None
    }
    init.__doc__ = f"Build and check a {cls.__name__}; see the class."
    cls.__init__ = init  # type: ignore[misc]  # replacing attrs' own, as attrs sets it
    return cls
