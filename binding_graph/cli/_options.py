"""The options that several commands share, each added by one helper: ``--format``, ``--max-bytes``, ``--jobs``.

Each is taken after the command, and before it too (``binding-graph
--format json validate PATH``), with the same help. Given in both places,
the one after the command wins, as the last of an option given twice wins
(:func:`binding_graph.cli._parser.parse` settles them).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Final, Protocol

from binding_graph._show import short_repr
from binding_graph.serialization import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from collections.abc import Callable


class Adder(Protocol):
    """A parser, or a group of its arguments: what an option is added to."""

    def add_argument(self, *name_or_flags: str, **kwargs: Any) -> argparse.Action:  # noqa: ANN401 -- argparse's keywords
        """Add an argument, as :meth:`argparse.ArgumentParser.add_argument` does."""
        ...


_COUNT_DIGITS: Final = 18


def count(text: str) -> int:
    """Read a count of the command line (``--jobs``, ``--max-bytes``): a whole number above 0.

    Raises:
        argparse.ArgumentTypeError: if *text* is not one.
    """
    # Bounded before int(): past Python's digit limit it raises, and a
    # count of more digits is no count this machine could reach anyway.
    digits = text.isascii() and text.isdigit() and len(text) <= _COUNT_DIGITS
    value = int(text) if digits else 0
    if value < 1:
        msg = (
            f"must be a whole number above 0, of at most {_COUNT_DIGITS} digits"
            f" (got {short_repr(text)})"
        )
        raise argparse.ArgumentTypeError(msg)
    return value


def _format(adder: Adder, dest: str, default: object) -> None:
    adder.add_argument(
        "--format",
        dest=dest,
        default=default,
        choices=("text", "json"),
        help="text (default), or one JSON object a line",
    )


def _max_bytes(adder: Adder, dest: str, default: object) -> None:
    adder.add_argument(
        "--max-bytes",
        dest=dest,
        default=default,
        type=count,
        metavar="N",
        help=f"refuse a record above N bytes as limit_exceeded (default {DEFAULT_MAX_BYTES:,})",
    )


def _jobs(adder: Adder, dest: str, default: object) -> None:
    adder.add_argument(
        "--jobs",
        dest=dest,
        default=default,
        type=count,
        metavar="N",
        help=(
            "read with N processes, at most one per CPU and per batch of lines;"
            " the output is the same (default 1)"
        ),
    )


SHARED: Final[dict[str, tuple[str, object, Callable[[Adder, str, object], None]]]] = {
    "format": ("--format", "text", _format),
    "max_bytes": ("--max-bytes", DEFAULT_MAX_BYTES, _max_bytes),
    "jobs": ("--jobs", 1, _jobs),
}
"""Each shared option by its attribute: its flag, its default, and the helper that adds it."""

CORPUS: Final = ("format", "max_bytes", "jobs")
"""The shared options of every command that reads a corpus, ``PATH...``."""

UNSET: Final = object()
"""An option of the command not given after it, until :func:`~binding_graph.cli._parser.parse` settles it."""


def early(name: str) -> str:
    """Return the attribute that holds the shared option *name* given before the command."""
    return f"early_{name}"


def add_shared(adder: Adder, names: tuple[str, ...], *, before: bool = False) -> None:
    """Add the shared options *names* to a command's parser, or *before*, to the top-level one.

    An option not given after the command is :data:`UNSET`; one not given
    before it is ``None``, under the attribute :func:`early` names.
    """
    for name in names:
        _, _, add = SHARED[name]
        if before:
            add(adder, early(name), None)
        else:
            add(adder, name, UNSET)


def add_corpus_options(parser: argparse.ArgumentParser) -> None:
    """Add ``PATH...`` and the shared options of every command that reads a corpus to *parser*."""
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=(
            "a .jsonl or .ndjson file (one record a line), a .json file (one"
            " record), a directory (every *.json, *.jsonl and *.ndjson below it)"
            " or - (standard input); a record is a graph document, or a case as"
            " import writes it, read as its graph"
        ),
    )
    add_shared(parser, CORPUS)
