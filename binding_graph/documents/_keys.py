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

from itertools import chain, repeat
from operator import attrgetter, is_, is_not
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._model_class import header
from binding_graph.model import MODEL_CLASSES

if TYPE_CHECKING:
    from collections.abc import Callable

_What = Literal["keys", "required", "strings", "colons"]


class _Term(NamedTuple):
    """What a field adds to a count beyond a constant, at a dotted *path* from the object.

    Either templates over one value and over an iterable of values, or, for
    a tuple of model objects, that class.
    """

    path: str
    value: str = ""
    values: str = ""
    each: type | None = None
    present: bool = False  # the key of a field a document may leave out


def _tally(cls: type, what: _What, prefix: str = "") -> tuple[int, list[_Term]]:
    """Count the keys, the strings or the colons of the strings of a *cls* document: a constant, and terms.

    Strings count the keys too, and the header's string values; colons are
    those of the values (no key, and no value of a header, holds one).
    """
    entries = header(cls)
    fields = declared_fields(cls)
    # A key a document may leave out is counted where the value is there:
    # by its kind's strings, and among the keys, by a term of its own.
    kept = sum(not declared.kind.omitted for _, declared in fields)
    constant = 0 if what == "colons" else kept + len(entries)
    if what == "strings":
        constant += sum(type(entry.value) is str for entry in entries)
    terms: list[_Term] = []
    for field, declared in fields:
        kind, path = declared.kind, prefix + field
        if what == "required" and kind.omitted:
            continue
        if what == "keys" and kind.omitted:
            terms.append(_Term(path, "({value} is not None)", present=True))
        elif kind.nested == "one":
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
        elif what == "colons" and kind.colons is not None:
            terms.append(_Term(path, *kind.colons))
    return constant, terms


def _count_source(cls: type, what: _What, namespace: dict[str, Any]) -> str:
    """Return the source of ``<what>_<cls>(obj)``, filling *namespace* with its globals.

    Over a collection, each term is one C-level pass, not a call per item;
    but the keys a document may leave out, which only a question target's
    few unknowns hold, are counted in one comprehension over the items,
    which costs less than a pass each for a few of them.
    """
    constant, terms = _tally(cls, what)
    # The colons: the texts' iterables, joined once and counted in C.
    expressions = [] if what == "colons" else [str(constant)]
    for term in terms:
        value = f"obj.{term.path}"
        if term.each is None:
            expressions.append(term.value.format(value=value))
            continue
        per_item, item_terms = _tally(term.each, what)
        if what != "colons":
            expressions.append(f"{per_item} * len({value})")
        held = [
            f"(item.{inner.path} is not None)" for inner in item_terms if inner.present
        ]
        if held:
            expressions.append(f"sum([{' + '.join(held)} for item in {value}])")
        for inner in item_terms:
            if (
                inner.each is not None
            ):  # pragma: no cover -- no model class nests collections twice
                msg = f"{cls.__name__}.{term.path} nests collections twice"
                raise TypeError(msg)
            if inner.present:
                continue
            getter = f"get_{inner.path.replace('.', '_')}"
            namespace[getter] = attrgetter(inner.path)
            expressions.append(inner.values.format(values=f"map({getter}, {value})"))
    total = " + ".join(expressions)
    if what == "colons":
        total = f"join(chain({', '.join(expressions)})).count(':')"
    return f"def {what}_{cls.__name__}(obj):\n    return {total}"


def _counts(what: _What) -> dict[type, Callable[[Any], int]]:
    namespace: dict[str, Any] = {
        "chain": chain,
        "is_": is_,
        "is_not": is_not,
        "join": "".join,
        "repeat": repeat,
    }
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

REQUIRED_KEY_COUNTS: Final = _counts("required")
"""How many keys the document of a model object holds at least: those it may not leave out, by its class.

It costs nothing for the keys a document may leave out: where the text
holds no more colons than these, it holds none of them, and repeats none.
"""

STRING_COUNTS: Final = _counts("strings")
"""How many strings the document of a model object holds, keys included, by its class."""

COLON_COUNTS: Final = _counts("colons")
"""How many colons the strings of a model object's document hold, by its class.

A text that repeats no key, and writes no colon as an escape, holds as many
colons as its keys and these together.
"""


def no_repeated_key(text: str | bytes, obj: object) -> bool:
    r"""Tell whether *text*, which a parser read as the model object *obj*, repeats no key.

    A reader that checked every object against its class (exactly its
    fields, each of its kind) knows from *obj* how many keys, strings and
    colons in strings the tree held. Each key of a JSON text is a string
    followed by a colon of its own, so the text holds at least as many
    colons as keys, and at least as many keys as the tree: exactly as many
    only if no key repeats. A colon elsewhere is in a string, written as
    itself unless escaped (``\u003a``): without an escape, the text holds
    every colon of the tree's strings besides. Without a backslash, no
    string holds an escaped quote, so the text holds two quotes per string,
    and at least as many strings as the tree. So any of these counts equal
    to the text's proves that no key repeats; a string of a repeated key
    that was dropped, or a colon or a backslash where the count cannot
    allow for it, only makes this say False.
    """
    cls = type(obj)
    # Counted in the text's own type, str or bytes, each with its marks.
    counted: Any = text
    marks: Any = _STR_MARKS if isinstance(text, str) else _BYTES_MARKS
    colon, quote, backslash, escape = marks
    found = counted.count(colon)
    # The keys a document may not leave out are as many as the tree holds
    # at least, and the proof holds as well of them; most documents hold
    # none of the others, and so are not counted again.
    if found == REQUIRED_KEY_COUNTS[cls](obj):
        return True
    keys = KEY_COUNTS[cls](obj)
    if found == keys:
        return True
    # The quotes before the colons of the strings: counting those joins every
    # text of the object.
    if backslash not in counted and counted.count(quote) == 2 * STRING_COUNTS[cls](obj):
        return True
    return bool(found == keys + COLON_COUNTS[cls](obj) and escape not in counted)


_STR_MARKS: Final = (":", '"', "\\", "\\u")
_BYTES_MARKS: Final = (b":", b'"', b"\\", b"\\u")
