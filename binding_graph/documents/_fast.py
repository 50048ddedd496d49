r"""The fast path: msgspec's C encoder and parser, where the ``fast`` extra is installed.

It answers only where its answer is provably the pure path's, and answers
``None`` everywhere else, so that the pure path answers instead: it decides
no refusal, and no document it accepts is one the pure path refuses.

- **Canonical bytes.** msgspec's encoder, keys and sets sorted, writes what
  the compiled writers of :mod:`binding_graph._model_class` write, for the
  values a valid object holds: it escapes ``"``, ``\`` and the controls
  U+0000 to U+001F the same way (the tests hold the two to each other for
  every character), writes every other character as it is, in UTF-8, and
  sorts a set of strings by code point, as :func:`sorted` does.
  A model object holds exactly the built-in types (its checks take no
  subclass), so it is never asked about a subclass of one.
- **loads.** msgspec parses the text into a tree, the compiled readers of
  :mod:`binding_graph.documents._trees` build the object from it, with every
  check, and the object is kept only once the text is proved to repeat no
  key, which is all msgspec takes that the strict parser refuses: msgspec
  refuses, as that parser does, text that is not UTF-8, a byte order mark,
  ``NaN`` and ``Infinity``, a control character in a string, a lone
  surrogate and anything that is not JSON; a fraction, an exponent or an
  integer beyond the bounds it reads as a value the readers refuse, and
  where they do, the pure path answers. The proof is that of the pure path
  (:func:`~binding_graph.documents._keys.no_repeated_key`): the text holds
  no more colons than the object's keys and the colons of its strings, or
  no more quotes than its strings'. A text that proof cannot vouch for is
  kept only if it is the object's canonical bytes, which repeat no key; any
  other is the pure path's. Whatever msgspec makes of a text that repeats a key (it keeps the
  last) is thrown away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import msgspec

from binding_graph._codegen import compile_function
from binding_graph._declarations import Declaration, declared_fields
from binding_graph._model_class import header
from binding_graph.documents._keys import no_repeated_key
from binding_graph.documents._trees import decoder
from binding_graph.model import MODEL_CLASSES

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.model import Model


# Keys, fields and sets sorted: what RFC 8785 asks of the values documents hold.
_ENCODE: Final = msgspec.json.Encoder(order="sorted").encode
_PARSE: Final = msgspec.json.Decoder().decode


def _tree_source(cls: type) -> str:
    """Return the source of ``tree_<cls>(obj)``, the dict of a class whose documents may leave a field out.

    msgspec writes every field of an attrs class, ``None`` as ``null``: such
    a class is written as the dict of its fields, without those left out.
    """
    lines = [f"def tree_{cls.__name__}(obj):", "    tree = {"]
    lines += [f"        {entry.name!r}: {entry.value!r}," for entry in header(cls)]
    optional: list[str] = []
    for name, declared in declared_fields(cls):
        if declared.kind.omitted:
            optional.append(name)
        else:
            lines.append(f"        {name!r}: {_value(name, declared)},")
    lines.append("    }")
    for name in optional:
        lines += [
            f"    if obj.{name} is not None:",
            f"        tree[{name!r}] = obj.{name}",
        ]
    return "\n".join([*lines, "    return tree"])


def _written(cls: type) -> bool:
    """Tell whether msgspec writes a *cls* as the pure path does, straight from the object."""
    return not any(
        declared.kind.omitted or (declared.kind.nested and not _written(declared.model))
        for _, declared in declared_fields(cls)
    )


def _value(name: str, declared: Declaration) -> str:
    """Return the expression of the field *name*'s value, as msgspec is to write it."""
    if not declared.kind.nested or _written(declared.model):
        return f"obj.{name}"
    model = declared.model.__name__
    if declared.kind.nested == "one":  # pragma: no cover -- no such field yet
        return f"tree_{model}(obj.{name})"
    return f"list(map(tree_{model}, obj.{name}))"


def _encoder_source(cls: type) -> str:
    """Return the source of ``encode_<cls>(obj)`` for a class that msgspec cannot write straight from the object.

    It writes the dict of the header and the fields (or the class's own
    tree, where it may leave a field out), which msgspec writes as the pure
    path does.
    """
    fields = declared_fields(cls)
    if any(declared.kind.omitted for _, declared in fields):
        body = f"tree_{cls.__name__}(obj)"
    else:
        members = [
            *(f"{entry.name!r}: {entry.value!r}" for entry in header(cls)),
            *(f"{name!r}: {_value(name, declared)}" for name, declared in fields),
        ]
        body = f"{{{', '.join(members)}}}"
    return f"def encode_{cls.__name__}(obj):\n    return encode({body})"


def _encoders() -> dict[type, Callable[[Any], bytes]]:
    """Return each model class's encoder.

    A model object holds exactly ``str``, ``int``, ``tuple``, ``frozenset``,
    ``None`` and model objects (its checks take no subclass), which msgspec
    writes as the pure path does, but for a field a document leaves out
    when ``None``: msgspec's encoder itself, but for a class with a header
    or with such a field, in it or in its parts. Only those classes' are
    compiled.
    """
    namespace: dict[str, Any] = {"encode": _ENCODE}
    encoders: dict[type, Callable[[Any], bytes]] = {}
    for cls in MODEL_CLASSES:
        if any(declared.kind.omitted for _, declared in declared_fields(cls)):
            name = f"tree_{cls.__name__}"
            namespace[name] = compile_function(
                name, _tree_source(cls), namespace, qualname=f"fast {name}"
            )
        encoders[cls] = (
            compile_function(
                f"encode_{cls.__name__}",
                _encoder_source(cls),
                namespace,
                qualname=f"fast encode_{cls.__name__}",
            )
            if header(cls) or not _written(cls)
            else _ENCODE
        )
    return encoders


_ENCODERS: Final = _encoders()
# By the class's identity, as the pure path looks its writers up.
_ENCODERS_BY_ID: Final = {id(cls): encode for cls, encode in _ENCODERS.items()}


def _not_a_model_object(_obj: object) -> None:
    """Answer nothing for what is not a model object: the pure path refuses it."""


class _FastPath:
    """The fast path, as :class:`binding_graph.documents._paths.FastPath` asks."""

    __slots__ = ()

    def canonical_bytes(self, obj: object, /) -> bytes | None:
        """Return *obj*'s canonical bytes, or ``None`` for the pure path to answer."""
        return _ENCODERS_BY_ID.get(id(type(obj)), _not_a_model_object)(obj)

    def loads(self, text: str | bytes | bytearray, cls: type, /) -> Model | None:
        """Return the *cls* that *text* holds if it provably repeats no key, else ``None``."""
        decode, _, _ = decoder(cls)
        try:
            # loads passes exactly a str, bytes or bytearray: isinstance asks
            # no subclass. bytes() of bytes is the same object, not a copy.
            raw = str.encode(text) if isinstance(text, str) else bytes(text)
            obj = decode(_PARSE(raw))
        except Exception:  # noqa: BLE001 -- any failure: the pure path decides
            return None
        # raw is exactly bytes (loads takes no subclass), so counting and
        # comparing it run no code of the caller's.
        # The counts first, then the canonical bytes, which repeat no key.
        if no_repeated_key(raw, obj) or _ENCODERS[cls](obj) == raw:
            return obj
        return None


FAST_PATH: Final = _FastPath()
"""The fast path that :mod:`binding_graph.documents._paths` loads."""
