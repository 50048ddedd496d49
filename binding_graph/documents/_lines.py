"""Lines of a JSON Lines corpus: splitting a file into them, in bounded memory.

The private half of :mod:`binding_graph.jsonl`, shared with the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NoReturn, Protocol

from binding_graph._checks import guarded
from binding_graph._refuse import foreign_failure
from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator


CHUNK_SIZE: Final = 1 << 16
"""How many bytes a file is read at a time: 64 KiB."""

# The whitespace of JSON (RFC 8259): a line of nothing else is blank.
_BLANK: Final = " \t\r"
_BLANK_BYTES: Final = b" \t\r"


class Reader(Protocol):
    """A binary file, as far as reading it goes."""

    # Any object: what a file reads is checked, for a text file reads str.
    def read(self, size: int, /) -> object:  # pragma: no cover
        """Return at most *size* bytes; none at the end of the file."""
        ...


def reader(source: object, owner: str, expected: str) -> Reader | None:
    """Return *source* as a file if it reads like one (it has ``read``), else ``None``.

    Looking the method up runs the source's own code: what that raises is
    a refusal of the source, as *expected*.
    """
    try:
        read: object = getattr(source, "read", None)
    except Exception as exc:
        raise foreign_failure(owner, "source", expected, source, exc) from exc
    return None if read is None else source  # type: ignore[return-value]  # it reads


def read_chunk(file: Reader, size: int, owner: str) -> bytes:
    """Return at most *size* bytes of *file*; refuse a file that reads anything else.

    An ``OSError`` passes as it is; anything else the file's own code
    raises is a refusal of the file.
    """
    try:
        chunk = file.read(size)
    except (OSError, BindingGraphError):
        raise
    except Exception as exc:
        raise foreign_failure(owner, "source", "a binary file", file, exc) from exc
    if type(chunk) is bytes:
        return chunk
    if type(chunk) is not bytearray:
        wrong_type(owner, "source", "a binary file", file)
    return bytes(chunk)


def wrong_type(owner: str, field: str, expected: str, value: object) -> NoReturn:
    """Raise the ``wrong_type`` refusal of an argument, in the words of ``loads``."""
    refuse_type(owner, field, expected, value, (field,))


def check_max_bytes(owner: str, max_bytes: object) -> None:
    """Refuse a *max_bytes* that is not an ``int``, as ``loads`` does."""
    if type(max_bytes) is not int:
        wrong_type(owner, "max_bytes", "an int", max_bytes)


def is_blank(line: object, max_bytes: int) -> bool:
    """Tell whether *line* holds no record: empty, or only JSON's whitespace.

    A blank line is ASCII, so its length is its size in bytes; one above
    *max_bytes* is not blank but refused, as ``loads`` refuses it, so that a
    reader that never held it whole gives the same record.
    Only a ``str``, ``bytes`` or ``bytearray`` can be blank: ``loads``
    refuses anything else, a subclass included, without calling it.
    """
    cls = type(line)
    if cls is str:
        return len(line) <= max_bytes and not line.strip(_BLANK)  # type: ignore[arg-type, attr-defined]
    if cls is bytes or cls is bytearray:
        return len(line) <= max_bytes and not line.strip(_BLANK_BYTES)  # type: ignore[arg-type, attr-defined]
    return False


def _strip_line_end(line: object) -> object:
    cls = type(line)
    if cls is str:
        text: str = line  # type: ignore[assignment]  # checked just above
        if text.endswith("\n"):
            return text[:-2] if text.endswith("\r\n") else text[:-1]
    elif cls is bytes or cls is bytearray:
        data: bytes = line  # type: ignore[assignment]  # checked just above
        if data.endswith(b"\n"):
            return data[:-2] if data.endswith(b"\r\n") else data[:-1]
    return line


def number_lines(
    lines: Iterable[object], owner: str, expected: str
) -> Iterator[tuple[int, object]]:
    """Yield ``(number, line)`` for each item of *lines*, its line end removed.

    What iterating *lines* raises, but an ``OSError``, is a refusal of
    them, as *expected*.
    """
    for number, line in enumerate(guarded(lines, owner, "source", expected), 1):
        yield number, _strip_line_end(line)


def split_lines(  # noqa: C901 -- one loop; helpers would cost a call a line
    file: Reader,
    max_bytes: int,
    chunk_size: int = CHUNK_SIZE,
    *,
    owner: str = "load_lines",
) -> Iterator[tuple[int, bytes | None]]:
    r"""Yield ``(number, line)`` for each line of a binary *file*, line end removed.

    A line ends at ``\n``, and a ``\r`` right before it belongs to the line
    end; the last line may have none.
    A line longer than *max_bytes* is yielded as ``None``: its bytes are
    dropped as they are read, so memory stays within *max_bytes* and a
    chunk, whatever the file holds.
    What :func:`read_chunk` refuses of the file, it refuses as *owner*'s.
    """
    # A line is known to be too long only above this: its last byte may yet
    # turn out to be the \r of a CRLF line end.
    limit = max_bytes + 1
    number = 0
    pieces: list[bytes] = []  # the start of a line that spans chunks
    size = 0  # the size of pieces
    skipping = False  # the current line is too long: its bytes are dropped
    while True:
        chunk = read_chunk(file, chunk_size, owner)
        if not chunk:
            break
        parts = chunk.split(b"\n")
        tail = parts.pop()
        for part in parts:
            number += 1
            if skipping:
                skipping = False
                yield number, None
                continue
            line = part
            if pieces:
                pieces.append(part)
                line = b"".join(pieces)
                pieces.clear()
                size = 0
            if line.endswith(b"\r"):
                line = line[:-1]
            yield number, (line if len(line) <= max_bytes else None)
        if tail and not skipping:
            size += len(tail)
            if size > limit:
                skipping = True
                pieces.clear()
                size = 0
            else:
                pieces.append(tail)
    if skipping:
        yield number + 1, None
    elif pieces:
        line = b"".join(pieces)
        yield number + 1, (line if len(line) <= max_bytes else None)
