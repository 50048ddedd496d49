"""How many keys and strings the document of a model object holds: the proof that a text repeats no key.

A reader that checked every object of a tree against its class (exactly its
fields, each of its kind) knows from the object it built how many keys and
strings the tree held; :mod:`binding_graph.documents._text` compares those
counts with the text's to prove that the text repeats no key.
The counting functions are compiled from the fields' kinds (each says how
many strings a value of it adds), and count over a collection with C-level
passes, not a call per item.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, is_not
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._model_class import header
from binding_graph.model import MODEL_CLASSES

if TYPE_CHECKING:
    from collections.abc import Callable

_What = Literal["keys", "strings"]


class _Term(NamedTuple):
    """What a field adds to a count beyond a constant, at a dotted *path* from the object.

    Either templates over one value and over an iterable of values, or, for
    a tuple of model objects, that class.
    """

    path: str
    value: str = ""
    values: str = ""
    each: type | None = None


def _tally(cls: type, what: _What, prefix: str = "") -> tuple[int, list[_Term]]:
    """Count the keys, or the strings, of a *cls* document: a constant, and terms.

    Strings count the keys too, and the header's string values.
    """
    entries = header(cls)
    constant = len(declared_fields(cls)) + len(entries)
    if what == "strings":
        constant += sum(type(entry.value) is str for entry in entries)
    terms: list[_Term] = []
    for field, declared in declared_fields(cls):
        kind, path = declared.kind, prefix + field
        if kind.nested == "one":
            inner, inner_terms = _tally(declared.model, what, f"{path}.")
            constant += inner
            terms += inner_terms
        elif kind.nested == "many":
            terms.append(_Term(path, each=declared.model))
        elif what == "strings":
            count, value, values = kind.strings
            constant += count
            if value is not None and values is not None:
                terms.append(_Term(path, value, values))
    return constant, terms


def _count_source(cls: type, what: _What, namespace: dict[str, Any]) -> str:
    """Return the source of ``<what>_<cls>(obj)``, filling *namespace* with its globals.

    Over a collection, each term is one C-level pass, not a call per item.
    """
    constant, terms = _tally(cls, what)
    expressions = [str(constant)]
    for term in terms:
        value = f"obj.{term.path}"
        if term.each is None:
            expressions.append(term.value.format(value=value))
            continue
        per_item, item_terms = _tally(term.each, what)
        expressions.append(f"{per_item} * len({value})")
        for inner in item_terms:
            if (
                inner.each is not None
            ):  # pragma: no cover -- no model class nests collections twice
                msg = f"{cls.__name__}.{term.path} nests collections twice"
                raise TypeError(msg)
            getter = f"get_{inner.path.replace('.', '_')}"
            namespace[getter] = attrgetter(inner.path)
            expressions.append(inner.values.format(values=f"map({getter}, {value})"))
    return f"def {what}_{cls.__name__}(obj):\n    return {' + '.join(expressions)}"


def _counts(what: _What) -> dict[type, Callable[[Any], int]]:
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
