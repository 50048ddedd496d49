"""How many keys and strings the document of a model object holds.

A reader that checked every object of a tree against its class (exactly its
fields, each of the declared kind) knows from the object it built how many
keys and strings the tree held; :mod:`binding_graph._json` compares those
counts with the text's to prove that the text repeats no key.
The counting functions are compiled from the declarations, and count over a
collection with C-level passes, not a call per item.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, is_not
from typing import TYPE_CHECKING, Any, Final

from binding_graph._codegen import compile_function
from binding_graph._fields import declared_fields
from binding_graph.model import MODEL_CLASSES, SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable


_DOCUMENT: Final = SemanticSymbolicBindingGraph


def _tally(cls: type, what: str, prefix: str = "") -> tuple[int, list[tuple[str, str]]]:
    """Count the keys, or the strings, of a *cls* document: ``(constant, terms)``.

    *what* is ``keys`` or ``strings``; strings count the keys too, and the
    format marker. A term ``(how, path)`` adds, for the object at dotted
    *path*, one if it is not None (``present``), its length (``len``), or
    the count of the collection of objects there (``each``).
    """
    # A graph document also holds its header: format and version.
    constant = len(declared_fields(cls)) + (2 if cls is _DOCUMENT else 0)
    terms: list[tuple[str, str]] = []
    if what == "strings" and cls is _DOCUMENT:
        constant += 1  # the format marker
    for field, declared in declared_fields(cls):
        kind, path = declared.kind, prefix + field
        if kind == "object":
            inner, inner_terms = _tally(declared.model, what, f"{path}.")
            constant += inner
            terms += inner_terms
        elif kind == "objects":
            terms.append(("each", path))
        elif what == "keys" or kind in {"start", "end"}:
            continue
        elif kind in {"optional_text", "refusal_reason"}:
            terms.append(("present", path))
        elif kind == "identifiers":
            terms.append(("len", path))
        else:
            constant += 1
    return constant, terms


def _count_source(cls: type, what: str, namespace: dict[str, Any]) -> str:
    """Return the source of ``<what>_<cls>(obj)``, filling *namespace* with its globals.

    Over a collection, each term is one C-level pass, not a call per item.
    """
    constant, terms = _tally(cls, what)
    expressions = [str(constant)]
    for how, path in terms:
        value = f"obj.{path}"
        if how == "present":
            expressions.append(f"({value} is not None)")
        elif how == "len":
            expressions.append(f"len({value})")
        else:  # each: a tuple of objects, whose own terms hold no collection
            field, declared = path, dict(declared_fields(cls))[path]
            item = declared.model
            per_item, item_terms = _tally(item, what)
            expressions.append(f"{per_item} * len({value})")
            for inner_how, inner_path in item_terms:
                getter = f"get_{inner_path.replace('.', '_')}"
                namespace[getter] = attrgetter(inner_path)
                items = f"map({getter}, {value})"
                if inner_how == "present":
                    expressions.append(f"sum(map(is_not, {items}, repeat(None)))")
                elif inner_how == "len":
                    expressions.append(f"sum(map(len, {items}))")
                else:  # pragma: no cover -- no model class nests collections twice
                    msg = f"{cls.__name__}.{field} nests collections twice"
                    raise TypeError(msg)
    return f"def {what}_{cls.__name__}(obj):\n    return {' + '.join(expressions)}"


def _counts(what: str) -> dict[type, Callable[[Any], int]]:
    namespace: dict[str, Any] = {"is_not": is_not, "repeat": repeat}
    return {
        cls: compile_function(
            f"{what}_{cls.__name__}", _count_source(cls, what, namespace), namespace
        )
        for cls in MODEL_CLASSES
    }


KEY_COUNTS: Final = _counts("keys")
"""How many keys the document of a model object holds, by its class.

A reader that checked every object's keys against its fields knows from the
object it built how many keys the document held, repeats aside.
"""

STRING_COUNTS: Final = _counts("strings")
"""How many strings the document of a model object holds, keys included, by its class."""
