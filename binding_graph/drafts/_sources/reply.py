"""A draft as a model replies with it: the one JSON object of its text, alone, among prose, or in one fenced block, found as the text comes.

A text whose first character past its blanks is ``[`` is JSON, read whole
(and refused: a draft is an object). Otherwise the draft is the first of
these the text holds: a ``{``, which opens the draft's object, read to the
``}`` that closes it; or a fence (:mod:`~binding_graph.drafts._checks.fences`)
of JSON or of no language, whose block, up to the fence that closes it, is
the draft's JSON. Prose before the draft holds neither; prose after it is
not read, but that it holds no ``{`` and no fence, since a second draft
would make the reply ambiguous. Each character is read once, and a refusal
tells its place as a character of the whole reply; however the text is cut
into chunks, the same refusals come, in the same order.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph._refuse import malformed
from binding_graph._show import short_repr
from binding_graph.drafts._checks.fences import FENCE, closes, language

if TYPE_CHECKING:
    from binding_graph.drafts._sources.tokens import Tokens

__all__ = ["Reply"]

# Where the reader is: before anything but blanks; in prose before the
# draft; in its object; in its fenced block; past it; or in a text that is JSON.
_START, _BEFORE, _OBJECT, _BLOCK, _AFTER, _JSON = range(6)
_LINE_ENDS: Final = "\r\n"
_LINE_END: Final = re.compile(r"[\r\n]")
_JSON_LANGUAGES: Final = frozenset({"", "json"})
_NO_DRAFT: Final = (
    "a draft must be JSON: the reply holds no JSON object, alone, among prose"
    " or in a fenced block"
)


def _line_end(chunk: str, at: int) -> int:
    """Return where the line that goes on at *at* ends in *chunk*: its first line end, or the chunk's end."""
    found = _LINE_END.search(chunk, at)
    return len(chunk) if found is None else found.start()


class Reply:
    """A reply's text, fed a chunk at a time; its draft's JSON handed to *tokens*, the rest read only for what would make it ambiguous."""

    def __init__(self, tokens: Tokens) -> None:
        self.tokens = tokens
        self.mode = _START
        self.offset = 0  # where the next character fed stands in the reply
        # The start of the line read so far, while it may still open a fence:
        # its blanks, then its backquotes; None past it.
        self.head: list[str] | None = []
        self.ticks = 0
        self.fence: list[str] | None = None  # a fence line, read to its end
        self.fence_at = 0

    @property
    def stopped(self) -> bool:
        """Whether the reply was refused as text: nothing more is read."""
        return self.tokens.stopped

    @stopped.setter
    def stopped(self, value: bool) -> None:
        self.tokens.stopped = value

    def _refuse(self, what: str) -> None:
        self.tokens.stopped = True
        self.tokens.reader.found.append(malformed(what))

    def feed(self, chunk: str) -> None:
        """Read *chunk*, the next part of the reply."""
        at = 0
        while at < len(chunk) and not self.stopped:
            if self.mode in {_OBJECT, _JSON}:
                at = self._json(chunk, at)
            elif self.fence is not None:
                at = self._fence_line(chunk, at)
            elif self.head is not None:
                at = self._head(chunk, at)
            else:
                at = self._body(chunk, at)
        self.offset += len(chunk)

    def _json(self, chunk: str, at: int) -> int:
        """Hand the JSON from *at* on to the tokens; past the object's end, read on as prose."""
        tokens = self.tokens
        tokens.feed(chunk[at:])
        if self.mode == _OBJECT and tokens.done and not self.stopped:
            self.mode = _AFTER
            self.head = None
            return len(chunk) - len(tokens.rest)
        return len(chunk)

    def _head(self, chunk: str, at: int) -> int:
        """Read the start of a line, which may open a fence; return where it is decided, or the chunk's end."""
        head = self.head
        assert head is not None  # noqa: S101 -- the caller sees to it
        character = chunk[at]
        while at < len(chunk):
            character = chunk[at]
            if character == "`" and self.ticks < len(FENCE):
                self.ticks += 1
            elif self.ticks or character in _LINE_ENDS or not character.isspace():
                break  # a fence, or a line that opens none
            head.append(character)
            at += 1
        else:
            if self.ticks < len(FENCE):
                return at  # undecided until the next chunk
        held = "".join(head)
        self.head = None
        start = self.offset + at - len(held)
        if self.ticks == len(FENCE):
            self.ticks = 0
            self.fence = [held]
            self.fence_at = start
            if self.mode == _AFTER:
                self._refuse(
                    f"a draft must be JSON: at character {start}, a fenced block"
                    " after the draft: a reply holds one draft"
                )
            return at
        self.ticks = 0
        if self.mode == _START and character == "[" and not held.strip():
            self.mode = _JSON
            self.tokens.offset = start
            self.tokens.feed(held)
            return at
        if self.mode == _BLOCK:
            self.tokens.feed(held)
        elif held.strip() and self.mode == _START:
            self.mode = _BEFORE
        return at

    def _body(self, chunk: str, at: int) -> int:
        """Read a line's body up to its end, each of its characters once."""
        line_end = _line_end(chunk, at)
        end = line_end + 1 if line_end < len(chunk) else line_end
        if self.mode == _BLOCK:
            self.tokens.feed(chunk[at:end])
        else:
            opening = chunk.find("{", at, end)
            if self.mode == _START and chunk[at:end].strip():
                self.mode = _BEFORE
            if opening >= 0:
                return self._object(opening)
        if end > line_end:
            self.head = []
        return end

    def _object(self, opening: int) -> int:
        """Open the draft's object at *opening* of the chunk; return where its JSON starts."""
        where = self.offset + opening
        if self.mode == _AFTER:
            self._refuse(
                f"a draft must be JSON: at character {where}, a second '{{' after"
                " the draft's object: a reply holds one JSON object"
            )
            return opening
        self.mode = _OBJECT
        self.tokens.embedded = True
        self.tokens.offset = where
        return opening

    def _fence_line(self, chunk: str, at: int) -> int:
        """Read a fence line to its end, then open or close the block it makes."""
        fence = self.fence
        assert fence is not None  # noqa: S101 -- the caller sees to it
        line_end = _line_end(chunk, at)
        fence.append(chunk[at:line_end])
        if line_end == len(chunk):
            return line_end
        self._fenced("".join(fence), line_end)
        return line_end

    def _fenced(self, line: str, line_end: int) -> None:
        """Open the block the fence *line* starts, or close the draft's block; *line_end* is where the line ends in the chunk."""
        self.fence = None
        self.head = []
        where = self.fence_at
        if self.mode == _BLOCK:
            if not closes(line):
                self._refuse(
                    f"a draft must be JSON: at character {where}, a fence that closes"
                    " a block must be backquotes alone"
                )
                return
            self.tokens.close("the fenced block")
            self.mode = _AFTER
            return
        named = language(line)
        if named.lower() not in _JSON_LANGUAGES:
            self._refuse(
                f"a draft must be JSON: at character {where}, a fenced block of"
                f" {short_repr(named)}: a draft is a block of JSON"
            )
            return
        self.mode = _BLOCK
        self.tokens.offset = self.offset + line_end

    def close(self) -> None:
        """End the reply, never after it was refused: it must have held its draft whole, and closed its block."""
        if self.mode == _START and self.ticks:
            self.mode = _BEFORE  # backquotes, too few to open a fence
        if self.fence is not None:
            self._fenced("".join(self.fence), 0)
            if self.stopped:
                return
        if self.mode == _BLOCK or self.fence is not None:
            self._refuse(
                f"a draft must be JSON: at character {self.fence_at}, a fenced block"
                " that no fence closes"
            )
        elif self.mode == _BEFORE:
            self._refuse(_NO_DRAFT)
        elif self.mode == _START:
            self.tokens.offset = self.offset
            self.tokens.close()
        elif self.mode != _AFTER:
            self.tokens.close()
