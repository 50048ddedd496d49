"""A file that is one XML document, its records handed over a record at a time, in memory bounded by the largest record.

:func:`xml_records` feeds the file, a piece at a time, to expat
(:mod:`xml.parsers.expat`, the parser under :mod:`xml.etree.ElementTree`,
set up as ElementTree sets it up), whose handlers keep only the record
being read: a record is an element under an element under the root, and
its fields are its attributes and the text of each child (all the text
within it, as ``"".join(child.itertext())`` gives it), by name; a name in a
namespace is ``{URI}local``, as ElementTree names it. Nothing else of the
document is held: no tree is built.

The text is read as UTF-8, whatever the document's declaration says. Expat
expands the entities a document type declares (a few hundred bytes of
nested entities, the "billion laughs", expand to gigabytes): each piece of
the text is searched for ``<!DOCTYPE`` and ``<!ENTITY`` before expat reads
it, so that no entity is ever declared, and an entity used without a
declaration is an error of the parse.

A record that names a field twice, or that takes more than ``max_bytes``
bytes of the file before its end tag, is handed over as its refusal; its
text is let go of as soon as that is known. A file that is not UTF-8, not
well-formed, or declares a document type or an entity stops the run where
it breaks, a :class:`~binding_graph.cli._report.RunError`, after the records
before that were handed over.
"""

from __future__ import annotations

import codecs
import contextlib
import re
from typing import TYPE_CHECKING, Final
from xml.parsers import expat

from binding_graph._refuse import too_large
from binding_graph.cli._report import RunError
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from binding_graph.cli._scan import Tally

__all__ = ["Record", "xml_records"]

Record = dict[str, str] | BindingGraphError
"""A record as :func:`xml_records` hands it over: its fields, or why it cannot be read."""

_RECORD: Final = 3
"""How many elements are open within a record's: the root, one under it, and the record's own."""
_DECLARATION: Final = re.compile(r"<!(?:DOCTYPE|ENTITY)")
# What of a slice is searched again with the next: a declaration cut in two.
_OVERLAP: Final = len("<!DOCTYPE") - 1
_SLICE: Final = 1 << 12
"""How many characters expat is fed at a time, at least: the records of a slice wait for it to be parsed."""


def _name(name: str) -> str:
    """Return a name as ElementTree gives it: expat's ``URI}local`` as ``{URI}local``."""
    return "{" + name if "}" in name else name


class _Handlers:
    """Expat's handlers: the record being read, and the records read since they were last handed over."""

    def __init__(self, parser: expat.XMLParserType, max_bytes: int) -> None:
        self.parser = parser
        self.max_bytes = max_bytes
        self.depth = 0  # elements open
        self.done: list[tuple[int, Record]] = []
        # The record being read: its line, its first byte, its fields, the
        # characters held of it, and why it cannot be read, if it cannot.
        self.line = self.start = self.held = 0
        self.fields: dict[str, str] = {}
        self.refusal: BindingGraphError | None = None
        self.field = ""  # the field being read, and its text
        self.parts: list[str] = []
        self.events = 0  # what expat has told, so far

    def start_element(self, name: str, attributes: dict[str, str]) -> None:
        """Start a record, or a field of one."""
        self.events += 1
        self.depth += 1
        if self.depth == _RECORD:
            parser = self.parser
            self.line = parser.CurrentLineNumber
            self.start = parser.CurrentByteIndex
            self.fields = {_name(key): value for key, value in attributes.items()}
            self.refusal = None
            self.held = 0
            self._hold(sum(map(len, self.fields.values())))
        elif self.depth == _RECORD + 1 and self.refusal is None:
            self.field = _name(name)
            self.parts = []
            if self.field in self.fields:
                msg = f"a record must name each field once: {self.field!r} repeats"
                self.refusal = BindingGraphError("malformed_document", msg)

    def end_element(self, _: str) -> None:
        """End a field, or a record, which is then done."""
        self.events += 1
        self.depth -= 1
        if self.depth == _RECORD and self.refusal is None:
            self.fields[self.field] = "".join(self.parts)
            self.parts = []
        elif self.depth == _RECORD - 1:
            if self.parser.CurrentByteIndex - self.start > self.max_bytes:
                self.refusal = too_large(self.max_bytes)
            self.done.append((self.line, self.refusal or self.fields))
            self.fields = {}

    def character_data(self, text: str) -> None:
        """Hold *text*, if it is in a field of a record that can be read."""
        self.events += 1
        if self.depth > _RECORD and self.refusal is None and self._hold(len(text)):
            self.parts.append(text)

    def _hold(self, size: int) -> bool:
        """Count *size* more characters held of the record; let go of them all once they are more than ``max_bytes``, and return whether they are not.

        A character takes one byte of the file at least: the record takes more too.
        """
        self.held += size
        if self.held > self.max_bytes:
            self.refusal = too_large(self.max_bytes)
            self.fields, self.parts = {}, []
            return False
        return True

    def records(self) -> list[tuple[int, Record]]:
        """Return the records done since this was last called."""
        done, self.done = self.done, []
        return done


class _Feed:
    """The text of a document, fed to expat a piece at a time, each searched for a declaration first.

    A piece is a slice (:data:`_SLICE`) while expat tells something of
    each; while it tells nothing (a start tag, its attributes, longer than
    a slice), each piece is twice the last. Expat reads a token from its
    start at each piece until it ends, as those before 2.6 do: pieces that
    double read a long one a few times over, not once a slice.
    """

    def __init__(self, label: str, title: str, handlers: _Handlers) -> None:
        self.label = label
        self.title = title
        self.handlers = handlers
        self.tail = ""  # the last characters fed
        self.newlines = 0  # before the tail
        self.waiting: list[str] = []  # read, and not yet fed
        self.size = 0  # their characters
        self.piece = _SLICE  # the characters of the next piece

    def feed(self, text: str) -> Iterator[tuple[int, Record]]:
        """Feed *text* to expat a piece at a time; yield the records each completes.

        Raises:
            RunError: at a declaration, which expat is never fed, or where
                the text is not well-formed, after the records before it.
        """
        for start in range(0, len(text), _SLICE):
            piece = text[start : start + _SLICE]
            self.waiting.append(piece)
            self.size += len(piece)
            if self.size >= self.piece:
                yield from self._parse(self._taken(), final=False)

    def end(self) -> Iterator[tuple[int, Record]]:
        """Tell expat the document ends; yield the records that completes (none, in a well-formed document).

        Raises:
            RunError: if the document is not whole.
        """
        yield from self._parse(self._taken(), final=True)

    def stop(self) -> Iterator[tuple[int, Record]]:
        """Yield the records whole in what was read, before the run stops there: what waits to be fed, and what expat holds of a token it may yet end."""
        yield from self._parse(self._taken(), final=False)
        yield from self._flushed()

    def _taken(self) -> str:
        text = "".join(self.waiting)
        self.waiting, self.size = [], 0
        return text

    def _flushed(self) -> list[tuple[int, Record]]:
        """Return the records expat completes when told that what it holds is all: an error past them is no concern of a run that stops."""
        with contextlib.suppress(expat.ExpatError):
            self.handlers.parser.Parse("", True)  # noqa: FBT003 -- expat takes it by place
        return self.handlers.records()

    def _parse(self, text: str, *, final: bool) -> Iterator[tuple[int, Record]]:
        window = self.tail + text
        found = _DECLARATION.search(window)
        if found is not None:
            # What comes before it is read, and no more: the document does not end there.
            text = window[len(self.tail) : max(found.start(), len(self.tail))]
            final = False
        error = None
        events = self.handlers.events
        try:
            self.handlers.parser.Parse(text, final)
        except expat.ExpatError as parse:
            reason = expat.ErrorString(parse.code)
            where = f"{self.label}:{parse.lineno}: {self.title}"
            error = RunError(
                f"{where} must be well-formed XML ({reason} at column {parse.offset + 1})"
            )
        self.piece = _SLICE if self.handlers.events != events else 2 * self.piece
        yield from self.handlers.records()
        if error is not None:
            raise error
        if found is not None:
            yield from self._flushed()
            line = self.newlines + window.count("\n", 0, found.start()) + 1
            msg = (
                f"{self.label}:{line}: {self.title} must not declare a document type or"
                f" an entity ({found.group()!r}): they are refused before they are parsed"
            )
            raise RunError(msg)
        keep = max(len(window) - _OVERLAP, 0)
        self.newlines += window.count("\n", 0, keep)
        self.tail = window[keep:]


def _deferring_nothing(_: bool) -> None:  # noqa: FBT001 -- as expat's own
    """Defer nothing: what an expat before 2.6, which never defers, is told."""


def xml_records(
    label: str,
    title: str,
    file: Tally | BinaryIO,
    max_bytes: int,
    *,
    chunk: int,
) -> Iterator[tuple[int, Record]]:
    """Yield each record of a file that is one XML document (*title*'s), read *chunk* bytes at a time, with the line its element starts on: its fields, or its refusal.

    A record's refusal is ``malformed_document`` for a field named twice
    (by two children, or a child and an attribute), ``limit_exceeded`` for
    a record that takes more than *max_bytes* bytes before its end tag.

    Raises:
        RunError: where the file is not UTF-8, not well-formed, or declares
            a document type or an entity, after the records before that were
            yielded.
    """
    # As ElementTree sets expat up: names in a namespace as URI}local.
    parser = expat.ParserCreate("utf-8", "}")
    # Expat 2.6 and later defer a token cut short until enough follows it;
    # the pieces that double (see _Feed) do that here, on every expat alike.
    getattr(parser, "SetReparseDeferralEnabled", _deferring_nothing)(False)  # noqa: FBT003
    handlers = _Handlers(parser, max_bytes)
    parser.StartElementHandler = handlers.start_element
    parser.EndElementHandler = handlers.end_element
    parser.CharacterDataHandler = handlers.character_data
    fed = _Feed(label, title, handlers)
    decoder = codecs.getincrementaldecoder("utf-8")()
    read = 0  # bytes read before the piece
    while True:
        piece = file.read(chunk)
        pending = decoder.getstate()[0]
        try:
            text = decoder.decode(piece, final=not piece)
        except UnicodeDecodeError as error:
            # What comes before the error is read; then the run stops.
            yield from fed.feed((pending + piece)[: error.start].decode())
            yield from fed.stop()
            at = read - len(pending) + error.start
            msg = f"{label}: {title} must be UTF-8 ({error.reason} at byte {at})"
            raise RunError(msg) from None
        read += len(piece)
        yield from fed.feed(text)
        if not piece:
            yield from fed.end()
            return
