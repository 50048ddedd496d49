"""The constrained decoders the schemas are held to: llguidance's matcher and outlines-core's index, over bytes.

Each engine is driven with a byte-level vocabulary (one token a byte, no
model weights), so that a document is taken exactly when the engine would
let a model write it byte for byte.
"""

from __future__ import annotations

import importlib
import json
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "llguidance_grammar",
    "llguidance_takes",
    "llguidance_walk",
    "llguidance_warnings",
    "outlines_index",
    "outlines_takes",
]

EOS = 256
"""The byte-level vocabulary's end of text: one token past the bytes."""


class _Bytes:
    """A byte-level tokenizer for llguidance: token N is the byte N, and 256 ends the text."""

    eos_token_id = EOS
    bos_token_id = None
    tokens: ClassVar = (*(bytes([byte]) for byte in range(256)), b"<eos>")
    special_token_ids: ClassVar = (EOS,)

    def __call__(self, text: bytes) -> list[int]:
        return list(text)


class _Matcher(Protocol):
    """What the tests use of llguidance's LLMatcher."""

    def consume_tokens(self, tokens: list[int], /) -> bool: ...
    def consume_token(self, token: int, /) -> bool: ...
    def compute_bitmask(self) -> bytes: ...
    def compute_ff_bytes(self) -> bytes: ...
    def is_stopped(self) -> bool: ...
    def get_error(self) -> str: ...
    def is_error(self) -> bool: ...
    def is_accepting(self) -> bool: ...


# Neither engine's types reach the type checkers (llguidance's are in a
# stub of its compiled module, outlines-core ships none): each is used
# through the protocols above.
_LLGUIDANCE: Any = importlib.import_module("llguidance")
_TOKENIZER: object = _LLGUIDANCE.LLTokenizer(_LLGUIDANCE.TokenizerWrapper(_Bytes()))


def llguidance_grammar(schema: dict[str, Any]) -> str:
    """Return llguidance's grammar of the JSON Schema *schema*."""
    grammar: str = _LLGUIDANCE.LLMatcher.grammar_from_json_schema(json.dumps(schema))
    return grammar


def llguidance_warnings(grammar: str) -> tuple[bool, list[str]]:
    """Return whether llguidance finds *grammar* in error, and its warnings."""
    found: tuple[bool, list[str]] = (
        _LLGUIDANCE.LLMatcher.validate_grammar_with_warnings(grammar, _TOKENIZER)
    )
    return found


def llguidance_takes(grammar: str, text: bytes) -> bool:
    """Tell whether llguidance's matcher of *grammar* lets a model write *text*, byte by byte, and end there."""
    matcher = cast("_Matcher", _LLGUIDANCE.LLMatcher(_TOKENIZER, grammar, log_level=0))
    taken = matcher.consume_tokens(list(text))
    return taken and not matcher.is_error() and matcher.is_accepting()


def llguidance_walk(grammar: str, choose: Callable[[list[int]], int]) -> bytes:
    """Return what a model writes under *grammar*, byte by byte, each byte the one *choose* picks of those llguidance's mask allows, until the grammar ends.

    *choose* is given the bytes allowed (and :data:`EOS` where the grammar
    may end there), in order, wherever the grammar leaves a choice.
    """
    matcher = cast("_Matcher", _LLGUIDANCE.LLMatcher(_TOKENIZER, grammar, log_level=0))
    written = bytearray()
    while not matcher.is_stopped():
        # What the grammar forces is written at once: no choice to draw.
        forced = matcher.compute_ff_bytes()
        if forced:
            if not matcher.consume_tokens(list(forced)):
                raise AssertionError(matcher.get_error())
            written += forced
            continue
        mask = matcher.compute_bitmask()
        allowed = [
            token for token in range(EOS + 1) if mask[token // 8] >> (token % 8) & 1
        ]
        token = choose(allowed)
        if token == EOS:
            break
        if not matcher.consume_token(token):
            raise AssertionError(matcher.get_error())
        written.append(token)
    return bytes(written)


class _Guide(Protocol):
    """What the tests use of outlines-core's Guide, which ships no type hints."""

    def get_tokens(self) -> list[int]: ...
    def advance(self, token: int, /) -> list[int]: ...
    def is_finished(self) -> bool: ...


_OUTLINES: Any = importlib.import_module("outlines_core")


def outlines_index(schema: dict[str, Any]) -> object:
    """Return outlines-core's index of the JSON Schema *schema*, over bytes."""
    index: object = _OUTLINES.Index(
        importlib.import_module("outlines_core.json_schema").build_regex_from_schema(
            json.dumps(schema)
        ),
        _OUTLINES.Vocabulary(EOS, {bytes([byte]): [byte] for byte in range(256)}),
    )
    return index


def outlines_takes(index: object, text: bytes) -> bool:
    """Tell whether outlines-core's guide of *index* lets a model write *text*, byte by byte, and end there."""
    guide = cast("_Guide", _OUTLINES.Guide(index))
    for byte in text:
        if byte not in guide.get_tokens():
            return False
        guide.advance(byte)
    return guide.is_finished()
