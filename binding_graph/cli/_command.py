"""A subcommand of ``binding-graph``, as the table of :mod:`binding_graph.cli._commands` holds it: its words, and where the code is that runs it."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

__all__ = ["Command"]


@attrs.frozen
class Command:
    """A subcommand of ``binding-graph``: one entry of :data:`COMMANDS`.

    Args:
        name: What follows ``binding-graph`` on the command line.
        summary: One line, in the list of commands.
        description: A paragraph, atop the command's ``--help``.
        examples: ``(command line, what it does)`` pairs, shown in ``--help``.
        run: Where the function is that does the job, given the parsed
            arguments, and returns the exit status: ``MODULE:NAME``, a
            module of this package imported only when the command runs.
        options: Where the function is that adds the command's own
            arguments to its parser, as *run* says where: imported only to
            parse that command's arguments.
        corpus: Whether it takes ``PATH...`` and the options of every corpus
            command: ``--format``, ``--max-bytes`` and ``--jobs``.
    """

    name: str
    summary: str
    description: str
    examples: tuple[tuple[str, str], ...]
    run: str
    options: str | None = None
    corpus: bool = True

    def runner(self) -> Callable[[argparse.Namespace], int]:
        """Import and return the function that runs the command."""
        found: Callable[[argparse.Namespace], int] = _imported(self.run)
        return found

    def adder(self) -> Callable[[argparse.ArgumentParser], None] | None:
        """Import and return the function that adds the command's own options, if it has any."""
        if self.options is None:
            return None
        found: Callable[[argparse.ArgumentParser], None] = _imported(self.options)
        return found


def _imported(where: str) -> Any:  # noqa: ANN401 -- a function, of the type its caller names
    """Import the function *where* names, ``MODULE:NAME``: each command's module only when it is used."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)
