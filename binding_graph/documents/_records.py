"""Records of a JSON Lines file, whatever a line holds: reading them, checking them, writing lines.

:mod:`binding_graph.jsonl` reads graphs, one a line, and
:mod:`binding_graph.datasets` reads benchmark cases: both take the same
sources, split and number lines the same way, keep a refusal in the record
of its line, and write a file the same way. This is that one way; each
caller says what its records are.
"""

from __future__ import annotations

import io
from functools import partial
from typing import TYPE_CHECKING, BinaryIO, Final, TypeVar, cast

from binding_graph._checks import guarded
from binding_graph._refuse import foreign_failure, too_large
from binding_graph.documents._lines import (
    check_max_bytes,
    is_blank,
    number_lines,
    reader,
    split_lines,
    wrong_type,
)
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from binding_graph.documents._lines import Reader

__all__ = ["check_record", "read_records", "record_of", "refusal_key", "write_lines"]

SOURCE: Final = "a binary file or an iterable of lines"
"""What a reader of records takes as its source."""

R = TypeVar("R")
T = TypeVar("T")


def refusal_key(error: BindingGraphError | None) -> object:
    """Return what makes two refusals the same refusal: their code, path and message.

    Exceptions compare by identity; a record's refusal compares by this.
    """
    return None if error is None else (error.code, error.path, error.message)


def check_record(  # noqa: PLR0917 -- one check for every kind of record
    owner: str,
    line: object,
    field: str,
    value: object,
    cls: type,
    expected: str,
    error: object,
) -> None:
    """Refuse a record unless its *line* is a positive ``int`` and it holds exactly one of *value* and *error*.

    *value*, the record's *field*, must be exactly a *cls* (*expected* says
    so in a refusal); *error* exactly a :class:`~binding_graph.BindingGraphError`.
    """
    if type(line) is not int or line < 1:
        wrong_type(owner, "line", "a positive int", line)
    if value is not None and type(value) is not cls:
        wrong_type(owner, field, expected, value)
    if error is not None and type(error) is not BindingGraphError:
        wrong_type(owner, "error", "a BindingGraphError or None", error)
    if (value is None) is (error is None):
        msg = f"{owner} holds a {field} or an error: exactly one of them"
        raise BindingGraphError("wrong_type", msg, ("error",))


def record_of(
    read: Callable[[object, int], T],
    make: Callable[[int, T | None, BindingGraphError | None], R],
    line: object,
    number: int,
    max_bytes: int,
) -> R:
    """Return the record of the line *number*: ``make(number, value, None)`` of what ``read(line, max_bytes)`` reads, or ``make(number, None, error)`` of its refusal."""
    try:
        value = read(line, max_bytes)
    except BindingGraphError as error:
        return make(number, None, error)
    return make(number, value, None)


def read_records(
    owner: str,
    source: object,
    max_bytes: object,
    read: Callable[[object, int], T],
    make: Callable[[int, T | None, BindingGraphError | None], R],
) -> Iterator[R]:
    """Return the records of *source*'s lines, read as *owner* reads them.

    *source* is a binary file or an iterable of lines, checked now; its
    lines are read as the iterator is advanced. Blank lines are skipped but
    counted; each other line is read by ``read(line, max_bytes)`` into its
    record, as :func:`record_of` makes it, and a line of a file longer than
    *max_bytes*, which is never held whole, is refused as ``limit_exceeded``.
    """
    record = partial(record_of, read, make)

    def refused(number: int, error: BindingGraphError) -> R:
        return make(number, None, error)

    check_max_bytes(owner, max_bytes)
    limit = cast("int", max_bytes)
    # A check of the class itself: it runs no code of the source's own.
    if issubclass(type(source), (str, bytes, bytearray)):
        wrong_type(owner, "source", SOURCE, source)
    file = reader(source, owner, SOURCE)
    if file is not None:
        return _file_records(file, limit, owner, record, refused)
    try:
        lines = iter(cast("Iterable[object]", source))
    except TypeError:
        wrong_type(owner, "source", SOURCE, source)
    except Exception as exc:
        raise foreign_failure(owner, "source", SOURCE, source, exc) from exc
    return _line_records(number_lines(lines, owner, SOURCE), limit, record)


def _file_records(
    file: Reader,
    max_bytes: int,
    owner: str,
    record: Callable[[object, int, int], R],
    refused: Callable[[int, BindingGraphError], R],
) -> Iterator[R]:
    for number, line in split_lines(file, max_bytes, owner=owner):
        if line is None:  # longer than max_bytes, and never held whole
            yield refused(number, too_large(max_bytes))
        elif not is_blank(line, max_bytes):
            yield record(line, number, max_bytes)


def _line_records(
    lines: Iterator[tuple[int, object]],
    max_bytes: int,
    record: Callable[[object, int, int], R],
) -> Iterator[R]:
    for number, line in lines:
        if not is_blank(line, max_bytes):
            yield record(line, number, max_bytes)


def write_lines(  # noqa: PLR0917 -- one writer for every kind of record
    owner: str,
    items: Iterable[object],
    file: BinaryIO,
    field: str,
    cls: type,
    expected: str,
    encode: Callable[[object], bytes],
) -> int:
    """Write each of *items*, exactly a *cls* (*expected* says so), to a binary *file* as ``encode`` spells it; return how many.

    A text file, or an item of another class, is refused; what iterating
    *items* or writing *file* raises, but an ``OSError``, is a refusal of
    them.
    """
    binary = "a binary file"
    try:
        text = isinstance(file, io.TextIOBase)  # may ask the file its class
    except Exception as exc:
        raise foreign_failure(owner, "file", binary, file, exc) from exc
    if text:
        wrong_type(owner, "file", binary, file)
    count = 0
    for item in guarded(items, owner, field, expected):
        if type(item) is not cls:
            wrong_type(owner, field, expected, item)
        data = encode(item)
        try:
            file.write(data)
        except OSError:
            raise
        except Exception as exc:
            raise foreign_failure(owner, "file", binary, file, exc) from exc
        count += 1
    return count
