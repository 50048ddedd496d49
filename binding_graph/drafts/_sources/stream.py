"""A draft's text as it comes: ``str`` or UTF-8 ``bytes`` cut anywhere, decoded, held to its size, its draft found by :class:`~binding_graph.drafts._sources.reply.Reply` and read by :class:`~binding_graph.drafts._sources.tokens.Tokens`."""

from __future__ import annotations

import codecs
from typing import TYPE_CHECKING

from binding_graph._refuse import malformed
from binding_graph.drafts._sources.reply import Reply
from binding_graph.drafts._sources.tokens import Tokens
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from binding_graph.drafts._checks.shape import Reader

__all__ = ["Stream"]


def _within(text: str, room: int) -> str:
    """Return the longest start of *text* that takes at most *room* bytes of UTF-8."""
    encoded = text.encode(errors="surrogatepass")[:room]
    # A character cut in two is left out.
    return codecs.getincrementaldecoder("utf-8")("surrogatepass").decode(encoded)


def _size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode(errors="surrogatepass"))


class Stream:
    """A draft's text, fed as ``str`` or UTF-8 ``bytes`` in chunks cut anywhere, checked as it comes.

    Bytes are decoded as they come, and the text is refused at the first
    byte that is not UTF-8, at a byte order mark, and past *max_bytes*, each
    after what was read before it: however the text is cut, the same
    refusals come, in the same order.
    """

    def __init__(self, reader: Reader, max_bytes: int) -> None:
        self.tokens = Reply(Tokens(reader))
        self.found = reader.found
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.max_bytes = max_bytes
        self.taken = 0  # bytes given to the decoder
        self.used = 0  # bytes of text read
        self.first = True

    @property
    def stopped(self) -> bool:
        """Whether the text was refused as text: nothing more is read."""
        return self.tokens.stopped

    def _stop(self, refusal: BindingGraphError) -> None:
        self.tokens.stopped = True
        self.found.append(refusal)

    def _not_utf8(self, error: UnicodeDecodeError) -> None:
        """Read what came before the byte *error* found, then refuse the text at that byte."""
        data: bytes = error.object  # what the decoder held, then the chunk
        self._text(data[: error.start].decode())
        if not self.stopped:
            at = self.taken - len(data) + error.start
            self._stop(
                malformed(f"a draft must be UTF-8 ({error.reason} at byte {at})")
            )

    def feed(self, chunk: str | bytes) -> None:
        """Read *chunk*, the next part of the draft: ``str``, or ``bytes`` of UTF-8."""
        if self.stopped:
            return
        if isinstance(chunk, str):  # exactly a str or bytes: the callers see to it
            self._text(chunk)
            return
        self.taken += len(chunk)
        try:
            text = self.decoder.decode(chunk)
        except UnicodeDecodeError as error:
            self._not_utf8(error)
            return
        self._text(text)

    def _text(self, text: str) -> None:
        if self.stopped or not text:
            return
        if self.first:
            self.first = False
            if text.startswith("\ufeff"):
                self._stop(
                    malformed("a draft must not start with a byte order mark (U+FEFF)")
                )
                return
        size = _size(text)
        if self.used + size > self.max_bytes:
            self.tokens.feed(_within(text, self.max_bytes - self.used))
            self.used = self.max_bytes
            if not self.stopped:
                self._stop(
                    BindingGraphError(
                        "limit_exceeded",
                        f"a draft may take at most {self.max_bytes:,} bytes of UTF-8;"
                        " this one takes more",
                    )
                )
            return
        self.used += size
        self.tokens.feed(text)

    def close(self) -> None:
        """End the draft."""
        if self.stopped:
            return
        try:
            self.decoder.decode(b"", final=True)
        except UnicodeDecodeError as error:
            self._not_utf8(error)
            return
        self.tokens.close()
