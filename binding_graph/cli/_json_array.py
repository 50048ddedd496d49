"""A file that is one JSON array, cut into its records a record at a time, in memory bounded by the largest record.

:func:`array_records` reads the file a chunk at a time and finds where each
record of the array starts and ends with a small scanner that knows JSON's
strings (and their escapes) and its brackets, and nothing else: it builds
no value. Each record's bytes are handed over whole, to be decoded alone,
with where the record starts; a record of more than ``max_bytes`` bytes is
scanned to its end without being held, and handed over as ``None``. What
holds the records is checked as it is read: a ``[``, records each followed
by ``,`` or ``]``, and nothing after the ``]``; a file that is not that
stops the run where it breaks, a
:class:`~binding_graph.cli._report.RunError`, after the records before the
break were handed over.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph.cli._report import RunError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from binding_graph.cli._scan import Tally

__all__ = ["Position", "array_records"]

_SPACE: Final = re.compile(rb"[ \t\n\r]*")
# In a record, outside its strings: where a string opens, or a bracket.
_MARK: Final = re.compile(rb'["\[\]{}]')
# A string's body, from where it is read: plain bytes and escapes. It stops
# at the closing quote, at a backslash that ends what has been read, or at
# the end of what has been read.
_BODY: Final = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
# A record that is no string, object or array (a number, a word, or bytes
# that are no JSON): up to the next space, comma, bracket or quote.
_SCALAR: Final = re.compile(rb'[^ \t\n\r,\[\]{}"]*')
# UTF-8's continuation bytes: a character is each other byte.
_CONTINUATION: Final = bytes(range(0x80, 0xC0))
_QUOTE, _OPEN, _CLOSE = ord('"'), frozenset(b"[{"), frozenset(b"]}")


class Position(NamedTuple):
    """Where a record starts in its file: its line (from 1), its column in characters (from 0) and its byte (from 0)."""

    line: int
    column: int
    byte: int


class _Unended(Exception):  # noqa: N818 -- a signal within this module, never shown
    """The file ended inside a record."""


class _Scanner:
    """The bytes of a file read so far and not yet let go, and where the scan stands in them."""

    def __init__(self, file: Tally | BinaryIO, chunk: int, max_bytes: int) -> None:
        self.file = file
        self.chunk = chunk
        self.max_bytes = max_bytes
        self.data = bytearray()
        self.base = 0  # the file's byte at data[0]
        self.at = 0  # where the scan stands, in data
        self.held: int | None = None  # where the record held starts, in data
        self.start = 0  # the file's byte where the record being scanned starts
        # Lines and columns, counted up to data[counted].
        self.counted = 0
        self.line = 1
        self.column = 0

    def more(self) -> bool:
        """Read a chunk onto what is held, letting go of what no longer is; return whether the file had more.

        A record is let go of once more than ``max_bytes`` of it were scanned.
        """
        if self.held is not None and self.base + self.at - self.start > self.max_bytes:
            self.held = None
        keep = self.at if self.held is None else self.held
        self.count(keep)
        del self.data[:keep]  # CPython lets go of a bytearray's front in place
        self.base += keep
        self.at -= keep
        self.counted -= keep
        if self.held is not None:
            self.held -= keep
        piece = self.file.read(self.chunk)
        self.data += piece
        return bool(piece)

    def count(self, end: int) -> None:
        """Count the lines and columns of data up to *end*."""
        data, start = self.data, self.counted
        newline = data.rfind(b"\n", start, end)
        if newline < 0:
            self.column += len(data[start:end].translate(None, _CONTINUATION))
        else:
            self.line += data.count(b"\n", start, end)
            self.column = len(data[newline + 1 : end].translate(None, _CONTINUATION))
        self.counted = end

    def position(self) -> Position:
        """Return where the scan stands."""
        self.count(self.at)
        return Position(self.line, self.column, self.base + self.at)

    def next_byte(self) -> int | None:
        """Skip JSON's white space; return the byte the scan stands on then, or ``None`` at the end of the file."""
        while True:
            self.at = _SPACE.match(self.data, self.at).end()  # type: ignore[union-attr]  # it always matches
            if self.at < len(self.data):
                return self.data[self.at]
            if not self.more():
                return None

    def record(self) -> bytes | None:
        """Scan the record the scan stands on, to its end; return its bytes, or ``None`` if they are more than ``max_bytes``.

        Raises:
            _Unended: if the file ends inside it.
        """
        self.held = self.at
        self.start = self.base + self.at
        first = self.data[self.at]
        if first == _QUOTE or first in _OPEN:
            self._nested()
        else:
            while True:
                self.at = _SCALAR.match(self.data, self.at).end()  # type: ignore[union-attr]  # it always matches
                if self.at < len(self.data) or not self.more():
                    break
        held, self.held = self.held, None
        # more() lets go of a record only once it is above max_bytes.
        if self.base + self.at - self.start > self.max_bytes:
            return None
        return bytes(self.data[held : self.at])

    def _nested(self) -> None:
        """Scan a string, an object or an array to its end: strings skipped whole, brackets counted."""
        data = self.data  # the same bytearray throughout: more() changes it in place
        depth = 0
        while True:
            found = _MARK.search(data, self.at)
            if found is None:
                self.at = len(data)
                if not self.more():
                    raise _Unended
                continue
            self.at = found.end()
            mark = data[found.start()]
            if mark == _QUOTE:
                self._string()
            elif mark in _OPEN:
                depth += 1
            else:
                depth -= 1
            if not depth:
                return

    def _string(self) -> None:
        """Scan the rest of a string, past its closing quote."""
        data = self.data
        while True:
            self.at = _BODY.match(data, self.at).end()  # type: ignore[union-attr]  # it always matches
            if self.at < len(data) and data[self.at] == _QUOTE:
                self.at += 1
                return
            # At the end of what was read, or at a backslash there.
            if not self.more():
                raise _Unended


def _broken(
    label: str, title: str, scan: _Scanner, found: int | None, what: str
) -> RunError:
    """Return the error of an array that breaks where the scan stands: *what* is wrong there, unless the file ends."""
    if found is None:
        what = "it ends before its ']'"
    line = scan.position().line
    return RunError(f"{label}:{line}: {title} must be one JSON array: {what}")


def array_records(
    label: str,
    title: str,
    file: Tally | BinaryIO,
    max_bytes: int,
    *,
    chunk: int,
) -> Iterator[tuple[Position, bytes | None]]:
    """Yield each record of a file that is one JSON array (*title*'s), read *chunk* bytes at a time: where it starts, and its bytes, or ``None`` for a record above *max_bytes*.

    The records are not decoded: a record that is no JSON is handed over as
    its bytes, as far as its strings and brackets say it goes.

    Raises:
        RunError: where the file stops being one JSON array, after the
            records before that were yielded: it does not start with ``[``,
            ``[`` is not followed by a record or ``]``, a record by ``,`` or
            ``]``, or ``,`` by a record; it ends before its ``]``, or inside
            a record; or something follows its ``]``.
    """
    scan = _Scanner(file, chunk, max_bytes)
    if scan.next_byte() != ord("["):
        raise RunError(f"{label}: {title} must be one JSON array of records")
    scan.at += 1
    if scan.next_byte() != ord("]"):
        yield from _elements(label, title, scan)
    scan.at += 1
    if scan.next_byte() is not None:
        raise RunError(f"{label}: {title} must be one JSON array, and nothing after it")


def _elements(
    label: str, title: str, scan: _Scanner
) -> Iterator[tuple[Position, bytes | None]]:
    """Yield the records of an array that holds one or more, from the first; the scan ends on its ']'."""
    expected = "'[' must be followed by a record or ']'"
    while True:
        found = scan.next_byte()
        if found is None or found == ord(",") or found in _CLOSE:
            raise _broken(label, title, scan, found, expected)
        at = scan.position()
        try:
            record = scan.record()
        except _Unended:
            msg = (
                f"{label}:{at.line}: {title} must be one JSON array:"
                " the record that starts on this line never ends"
            )
            raise RunError(msg) from None
        yield at, record
        found = scan.next_byte()
        if found == ord("]"):
            return
        if found != ord(","):
            what = "a record must be followed by ',' or ']'"
            raise _broken(label, title, scan, found, what)
        scan.at += 1
        expected = "',' must be followed by a record"
