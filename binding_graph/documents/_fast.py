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
  :mod:`binding_graph.documents._trees` build the object from it, with every check,
  and the object is kept only if its canonical bytes are the text itself.
  The text is then the canonical document of a valid object, which the pure
  path reads back as an equal object (documents round-trip), with no
  repeated key, no number but an integer within the bounds, no byte order
  mark and nothing else it refuses: canonical bytes hold none of those.
  Whatever msgspec makes of a text that is not canonical (it keeps the last
  of repeated keys, say) is thrown away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import msgspec

from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._model_class import header
from binding_graph.documents._trees import decoder
from binding_graph.model import MODEL_CLASSES

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.model import Model


# Keys, fields and sets sorted: what RFC 8785 asks of the values documents hold.
_ENCODE: Final = msgspec.json.Encoder(order="sorted").encode
_PARSE: Final = msgspec.json.Decoder().decode


def _encoder_source(cls: type) -> str:
    """Return the source of ``encode_<cls>(obj)``: *obj*'s canonical bytes.

    A model object holds exactly ``str``, ``int``, ``tuple``, ``frozenset``,
    ``None`` and model objects (its checks take no subclass), which msgspec
    writes as the pure path does. A class with a header (a graph) is
    written as the dict of its header and its fields.
    """
    value = "obj"
    if header(cls):
        members = [
            *(f"{entry.name!r}: {entry.value!r}" for entry in header(cls)),
            *(f"{name!r}: obj.{name}" for name, _ in declared_fields(cls)),
        ]
        value = f"{{{', '.join(members)}}}"
    return f"def encode_{cls.__name__}(obj):\n    return encode({value})"


def _encoders() -> dict[type, Callable[[Any], bytes]]:
    namespace: dict[str, Any] = {"encode": _ENCODE}
    return {
        cls: compile_function(
            f"encode_{cls.__name__}",
            _encoder_source(cls),
            namespace,
            qualname=f"fast encode_{cls.__name__}",
        )
        for cls in MODEL_CLASSES
    }


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
        """Return the *cls* that *text* holds if *text* is canonical, else ``None``."""
        decode, _, _ = decoder(cls)
        try:
            # loads passes exactly a str, bytes or bytearray: isinstance asks
            # no subclass. bytes() of bytes is the same object, not a copy.
            raw = str.encode(text) if isinstance(text, str) else bytes(text)
            obj = decode(_PARSE(raw))
        except Exception:  # noqa: BLE001 -- any failure: the pure path decides
            return None
        # raw is exactly bytes (loads takes no subclass), so comparing it runs
        # no code of the caller's.
        return obj if _ENCODERS[cls](obj) == raw else None


FAST_PATH: Final = _FastPath()
"""The fast path that :mod:`binding_graph.documents._paths` loads."""
