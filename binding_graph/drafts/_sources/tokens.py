"""JSON text a chunk at a time: the tokens of a draft as they are written, handed to the reader as soon as each is whole.

:class:`Tokens` keeps only what it has not yet read whole (a string, a
number or a word that a chunk ends inside of, as far as it is read) and
a stack of the objects and arrays that are open, one entry each, so that
its memory is bounded by the longest token and the nesting. Each
character is read once: a token begun in one chunk is read on in the
next from where that one ended, and its parts are joined once, when it
is whole, so that time is linear in the text however it is cut into
chunks. It takes exactly the JSON that :mod:`json` takes, but for the
constants ``NaN`` and ``Infinity``, which are not JSON, and reads each
string as :mod:`json` reads it. At the first character that cannot
continue JSON it refuses the draft, saying where, and reads nothing more.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Final

from binding_graph._checks import MAX_OFFSET
from binding_graph._refuse import malformed
from binding_graph.drafts._checks.format import ARRAY, OBJECT, JsonNumber

if TYPE_CHECKING:
    from binding_graph.drafts._checks.shape import Reader

__all__ = ["Tokens"]

# Reads the JSON string that starts where it is told, exactly as json reads it.
_STRING: Final = json.JSONDecoder().raw_decode
_SPACE: Final = re.compile(r"[ \t\n\r]*")
# The characters of a string's body, each whole: a plain character or an escape.
_BODY: Final = re.compile(r'(?:[^"\\\x00-\x1f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*')
# What may still become an escape, at the end of what has been read.
_OPEN_ESCAPE: Final = re.compile(r"\\(?:u[0-9a-fA-F]{0,3})?")
_RUN: Final = re.compile(r"[-+0-9.eE]*")
_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_INTEGER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)")
_WORD: Final = re.compile(r"[A-Za-z]*")
_LITERALS: Final = {"true": True, "false": False, "null": None}


def _past(pattern: re.Pattern[str], text: str, at: int) -> int:
    """Return where the match at *at* of *pattern*, which matches nothing too, ends."""
    found = pattern.match(text, at)
    return at if found is None else found.end()


# What a frame of the stack is: the draft, one of its lists, an element or
# the question, or something refused, which is read only as JSON.
_TOP, _LIST, _ELEMENT, _SKIP = "top", "list", "element", "skip"


class _Frame:
    """An object or an array that is open: what it is to the draft, and what may come next in it."""

    __slots__ = ("array", "expect", "key", "role")

    def __init__(self, role: str, *, array: bool) -> None:
        self.role = role
        self.array = array
        # "first": a value (or key) or the end; "value"/"key" after a comma;
        # "colon" after a key; "next": a comma or the end.
        self.expect = "first"
        self.key: str = ""


def _expected(frame: _Frame | None, *, started: bool = False) -> str:
    """Return what may come next in *frame*, or outside the draft's value, *started* or not."""
    if frame is None:
        return "the fence that closes the block" if started else "a JSON value"
    if frame.expect == "first":
        return "a JSON value or ']'" if frame.array else "a key or '}'"
    closing = "']'" if frame.array else "'}'"
    return {
        "key": "a key",
        "value": "a JSON value",
        "colon": "':'",
        "next": f"',' or {closing}",
    }[frame.expect]


class Tokens:
    """The tokens of one draft's text, fed a chunk at a time, handed to *reader* as each is whole."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.buffer = ""  # what is left to read: at most an escape begun
        self.offset = 0  # where the buffer starts in the text
        # The token that the buffer continues, as read so far, a part a
        # chunk; and where it starts in the text.
        self.held: list[str] = []
        self.start = 0
        self.stack: list[_Frame] = []
        self.started = False  # the draft's value has begun
        self.done = False  # the draft's value is whole
        self.stopped = False  # refused as text: nothing more is read
        # Among a reply's prose, the text ends with the draft's object: what
        # follows it in the last chunk is left in rest, unread.
        self.embedded = False
        self.rest = ""

    def feed(self, chunk: str) -> None:
        """Read *chunk*, the next part of the text; never after the text was refused."""
        self.buffer = self.buffer + chunk if self.buffer else chunk
        self._read(closing=False)

    def close(self, what: str = "the text") -> None:
        """End the text, never after it was refused: what is left must end the draft; *what* names the text in a refusal."""
        self._read(closing=True)
        if self.stopped or self.done:
            return
        where = "is empty" if not self.started else "ends before the draft does"
        self._refuse(f"{what} {where}", len(self.buffer))

    # -- tokens -------------------------------------------------------------------------

    def _read(self, *, closing: bool) -> None:
        buffer = self.buffer
        at = self._resume(buffer, closing=closing) if self.held else 0
        end = len(buffer)
        while at >= 0 and not self.stopped and not (self.done and self.embedded):
            at = _past(_SPACE, buffer, at)
            if at == end:
                break
            char = buffer[at]
            if char == '"':
                at = self._string(buffer, at, at + 1)
            elif char in "{[":
                self._open(at, array=char == "[")
                at += 1
            elif char in "}]":
                self._close(at, array=char == "]")
                at += 1
            elif char == ":":
                self._colon(at)
                at += 1
            elif char == ",":
                self._comma(at)
                at += 1
            else:
                at = self._scalar(buffer, at, at, closing=closing)
        if self.stopped:
            self.buffer = ""
            self.held = []
        elif at >= 0:
            self.rest = buffer[at:] if self.embedded else ""
            self.offset += end
            self.buffer = ""

    def _hold(self, buffer: str, at: int, read: int) -> int:
        """Keep the token that starts at *at* and goes on past *buffer*, read whole up to *read*; return -1."""
        if not self.held:
            self.start = self.offset + at
        self.held.append(buffer[at:read])
        self.offset += read
        self.buffer = buffer[read:]
        return -1

    def _resume(self, buffer: str, *, closing: bool) -> int:
        """Read on the token held from earlier chunks; return where it ends in *buffer*, -1 if it goes on or was refused."""
        first = self.held[0][0]
        if first == '"':
            return self._string(buffer, 0, 0)
        return self._scalar(buffer, 0, 0, closing=closing)

    def _string(self, buffer: str, at: int, inside: int) -> int:
        """Read the string that starts at *at* (or was held), its body from *inside*; return where it ends, -1 to wait or stop."""
        inside = _past(_BODY, buffer, inside)
        if inside < len(buffer) and buffer[inside] == '"':
            if self.held:
                token = "".join(self.held) + buffer[: inside + 1]
                self.held = []
                value, _ = _STRING(token, 0)
                self._value(value, self.start - self.offset, is_key=True)
            else:
                value, _ = _STRING(buffer, at)
                self._value(value, at, is_key=True)
            return inside + 1
        escape = _OPEN_ESCAPE.match(buffer, inside)
        if inside == len(buffer) or (
            escape is not None and escape.end() == len(buffer)
        ):
            # What may still become an escape is read again with what follows.
            return self._hold(buffer, at, inside)
        what = (
            "a control character"
            if buffer[inside] != "\\"
            else "an escape JSON has not"
        )
        self._refuse(f"a string holds {what}", inside)
        return -1

    def _scalar(self, buffer: str, at: int, run: int, *, closing: bool) -> int:
        """Read the number or the word that starts at *at* (or was held), its characters from *run*; return where it ends, -1 to wait or stop."""
        char = self.held[0][0] if self.held else buffer[at]
        pattern = _RUN if char == "-" or char.isdigit() else _WORD
        end = _past(pattern, buffer, run)
        if end == len(buffer) and not closing:
            return self._hold(buffer, at, end)
        if self.held:
            lexeme = "".join(self.held) + buffer[:end]
            self.held = []
            at = self.start - self.offset
        else:
            lexeme = buffer[at:end]
        frame = self.stack[-1] if self.stack else None
        if not self._wants_value(frame):
            self._at_value(frame, at)  # refused there, in the words of where it is
            return -1
        if pattern is _WORD:
            if lexeme not in _LITERALS:
                self._refuse("expected a JSON value", at)
                return -1
            self._value(_LITERALS[lexeme], at)
            return end
        if _NUMBER.fullmatch(lexeme) is None:
            self._refuse("expected a JSON number", at)
            return -1
        value: object = JsonNumber(lexeme)
        if _INTEGER.fullmatch(lexeme) and len(lexeme) <= len("-9007199254740991"):
            number = int(lexeme)
            if -MAX_OFFSET <= number <= MAX_OFFSET:
                value = number
        self._value(value, at)
        return end

    # -- structure ----------------------------------------------------------------------

    def _value(self, value: object, at: int, *, is_key: bool = False) -> None:
        """Take a string, a number or a literal: a key where one is expected, else a value."""
        frame = self.stack[-1] if self.stack else None
        if (
            is_key
            and frame is not None
            and not frame.array
            and frame.expect in {"first", "key"}
        ):
            frame.key = value  # type: ignore[assignment]  # a string
            frame.expect = "colon"
            return
        if not self._at_value(frame, at):
            return
        self._hand(frame, value, opened=False)

    def _wants_value(self, frame: _Frame | None) -> bool:
        """Tell whether a value may come next in *frame*, or at the start of the text."""
        if frame is None:
            return not self.started
        return frame.expect == "value" or (frame.array and frame.expect == "first")

    def _at_value(self, frame: _Frame | None, at: int) -> bool:
        if frame is None:
            if self.started:
                self._refuse("expected the fence that closes the block", at)
                return False
            self.started = True
            return True
        if frame.expect == "value" or (frame.array and frame.expect == "first"):
            frame.expect = "next"
            return True
        self._refuse(f"expected {_expected(frame)}", at)
        return False

    def _hand(self, frame: _Frame | None, value: object, *, opened: bool) -> None:
        """Hand *value* to the reader where *frame* holds it; push the frame of a container it opened."""
        reader = self.reader
        role = _SKIP if frame is None else frame.role
        if frame is None:
            go = reader.root(value)
            if not go:
                self.stopped = True  # a draft that is no object: the rest is noise
                return
            role = _TOP
        elif role == _TOP:
            go = reader.top(frame.key, value)
            role = _LIST if value is ARRAY else _ELEMENT
        elif role == _LIST:
            go = reader.item(value)
            role = _ELEMENT
        elif role == _ELEMENT:
            reader.field(frame.key, value)
            go = False
        else:
            go = False
        if opened:
            self.stack.append(_Frame(role if go else _SKIP, array=value is ARRAY))

    def _open(self, at: int, *, array: bool) -> None:
        frame = self.stack[-1] if self.stack else None
        if self._at_value(frame, at):
            self._hand(frame, ARRAY if array else OBJECT, opened=True)

    def _close(self, at: int, *, array: bool) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is None:
            self._refuse("expected the fence that closes the block", at)
            return
        if frame.array is not array or frame.expect not in {"first", "next"}:
            self._refuse(f"expected {_expected(frame)}", at)
            return
        self.stack.pop()
        reader = self.reader
        if frame.role == _ELEMENT:
            reader.end_element()
        elif frame.role == _LIST:
            reader.end_list()
        elif frame.role == _TOP:
            reader.end()
        if not self.stack:
            self.done = True

    def _colon(self, at: int) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is None or frame.expect != "colon":
            self._refuse(f"expected {_expected(frame, started=self.started)}", at)
            return
        frame.expect = "value"

    def _comma(self, at: int) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is None or frame.expect != "next":
            self._refuse(f"expected {_expected(frame, started=self.started)}", at)
            return
        frame.expect = "value" if frame.array else "key"

    def _refuse(self, what: str, at: int) -> None:
        self.stopped = True
        self.reader.found.append(
            malformed(f"a draft must be JSON: at character {self.offset + at}, {what}")
        )
