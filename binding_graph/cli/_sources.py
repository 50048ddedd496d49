"""Find the files of a corpus, as the command line names them: paths, directories and standard input."""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, Final, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["DOCUMENTS", "STDIN_LABEL", "Source", "find_sources", "os_message"]

STDIN_LABEL: Final = "<stdin>"
"""How standard input is named in reports."""

DOCUMENTS: Final = (".json", ".jsonl", ".ndjson")
"""The suffixes of the files read below a directory: a document, or JSON Lines under either name."""


# A named tuple, not an attrs class: it is made in every run, and its class
# in every start of the command.
class Source(NamedTuple):
    """A file to read, as the command line names it."""

    label: str  # as reported: the path as given or found, or <stdin>
    path: str | None  # None for standard input
    whole: bool = False  # a .json file: one document in any layout
    size: int = 0  # its size in bytes, for progress, when known


def os_message(label: str, error: OSError) -> str:
    """Return how an error of the system about a file is told: ``LABEL: REASON``."""
    return f"{label}: {error.strerror or error}"


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size  # noqa: PTH116 -- pathlib costs the command its start-up
    except OSError:
        return 0  # opening it will say what is wrong


def _source(path: str, label: str) -> Source:
    whole = os.path.splitext(path)[1] == ".json"  # noqa: PTH122 -- as _size
    return Source(label, path, whole=whole, size=_size(path))


def _below(directory: str, fail: Callable[[str], None]) -> list[Source] | None:
    """Return the documents below *directory*; ``None`` if it cannot be read."""
    found: list[tuple[tuple[str, ...], str]] = []
    failures: list[OSError] = []

    def unreadable(error: OSError) -> None:
        failures.append(error)
        fail(os_message(str(error.filename), error))

    # os.path, not pathlib: importing pathlib costs more than a small corpus
    # takes to check.
    for root, directories, files in os.walk(directory, onerror=unreadable):
        # Walked in sorted order, so that errors come in the order files are read.
        directories.sort()
        for name in sorted(files):
            path = os.path.join(root, name)  # noqa: PTH118
            if os.path.splitext(name)[1] not in DOCUMENTS:  # noqa: PTH122
                continue
            try:
                mode = os.stat(path).st_mode  # noqa: PTH116
            except OSError as error:  # a dangling symbolic link, or a loop of them
                unreadable(error)
                continue
            if stat.S_ISREG(mode):
                parts = os.path.relpath(path, directory).split(os.sep)  # noqa: PTH206
                found.append((tuple(parts), path))
    if not found and failures:
        return None  # already said why
    # Sorted by path components, so that a directory's files stay together.
    return [_source(path, path) for _, path in sorted(found)]


def find_sources(
    paths: Sequence[str],
    fail: Callable[[str], None],
    empty: Callable[[str, str], None],
) -> list[Source]:
    """Return the sources *paths* name, in order; call *fail* for each that cannot be used.

    ``-`` is standard input (JSON Lines); a directory stands for every
    ``*.json``, ``*.jsonl`` and ``*.ndjson`` file below it, in sorted order;
    a ``.json`` file holds one document, any other file JSON Lines.
    A path that does not exist, or cannot be read, is left to fail when it
    is opened. A directory with no such file holds no record, as an empty
    file holds none: *empty* is given its path and why.
    """
    sources: list[Source] = []
    for path in paths:
        if path == "-":
            sources.append(Source(STDIN_LABEL, None))
        # False, rather than an error, for a path that cannot be looked at.
        elif os.path.isdir(path):  # noqa: PTH112
            found = _below(path, fail)
            if found == []:
                empty(path, "no *.json, *.jsonl or *.ndjson file in this directory")
            sources.extend(found or ())
        else:
            sources.append(_source(path, path))
    return sources
