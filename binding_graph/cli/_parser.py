"""The parser of the ``binding-graph`` command line, built from the table of commands.

:func:`arguments` checks that what :func:`binding_graph.cli.main` is given is a
list of str before argparse sees it; :func:`parse` reads it with the parser
:func:`build_parser` makes, in which a command reports an argument it does
not know with its own usage line, and the shared options are taken before
the command as well as after it.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, TypeVar, overload

from binding_graph.cli._commands import COMMANDS
from binding_graph.cli._options import (
    SHARED,
    UNSET,
    add_corpus_options,
    add_shared,
    early,
)
from binding_graph.cli._report import PROGRAM

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

_N = TypeVar("_N")


def _version() -> str:
    # Imported when asked for: importlib.metadata takes longer to import than
    # a small corpus takes to check.
    import importlib.metadata  # noqa: PLC0415

    try:
        return importlib.metadata.version("binding-graph")
    except importlib.metadata.PackageNotFoundError:
        return "(version unknown: not installed)"


class _Version(argparse.Action):
    """Print the version and exit: read from the installed metadata only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str) -> None:
        super().__init__(
            option_strings, dest, nargs=0, help="show the version and exit"
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,  # noqa: ARG002 -- argparse's signature
        values: object,  # noqa: ARG002
        option_string: str | None = None,  # noqa: ARG002
    ) -> None:
        sys.stdout.write(f"{parser.prog} {_version()}\n")
        parser.exit()


def _terminal_width() -> int:
    """Return the terminal's width as :func:`shutil.get_terminal_size` does, without importing shutil.

    argparse's formatter imports shutil for it, and shutil, its compressors:
    more than a run over a few records costs.
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]  # None: refused below
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """Wrap descriptions, but keep the lines of the examples as they are."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        # The width argparse would take: the terminal's, less 2.
        width = _terminal_width() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class _CommandParser(argparse.ArgumentParser):
    """The parser of one command: an argument it does not know is its usage error, told with its usage.

    argparse hands what a command's parser leaves over to the top-level
    parser, which would show the top-level usage instead.
    """

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...
    @overload
    def parse_known_args(
        self, args: Iterable[str] | None, namespace: _N
    ) -> tuple[_N, list[str]]: ...
    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...

    def parse_known_args(
        self,
        args: Iterable[str] | None = None,
        namespace: Any = None,
    ) -> tuple[Any, list[str]]:
        """Parse *args* as :meth:`argparse.ArgumentParser.parse_args` does: anything left over is an error."""
        parsed, left = super().parse_known_args(args, namespace)
        if left:
            self.error(f"unrecognized arguments: {' '.join(left)}")
        return parsed, left


def _epilog(examples: Sequence[tuple[str, str]]) -> str:
    width = max(len(line) for line, _ in examples)
    rows = [f"  {line.ljust(width)}  # {what}" for line, what in examples]
    return "examples:\n" + "\n".join(rows)


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """Return the parser of the ``binding-graph`` command line, built from :data:`COMMANDS`.

    With *chosen*, the parser of that command alone; without, every
    command's (for the list of commands, or a word that names none): each
    command's module is imported only when its own arguments are parsed, so
    that a run pays for its own command alone.
    """
    top = argparse.ArgumentParser(
        prog=PROGRAM,
        description=(
            "Validate, hash, canonicalize, analyze, solve, admit and render"
            " binding-graph documents (JSON Lines corpora, .json files,"
            " directories of them, or standard input), read units, import"
            " benchmarks as gold cases and score graphs against them, vote over"
            " a model's samples by set-up, compile"
            " drafts into graphs, and print their JSON Schema."
        ),
        epilog=_epilog([command.examples[0] for command in COMMANDS]),
        formatter_class=_Formatter,
    )
    top.add_argument("--version", action=_Version)
    shared = top.add_argument_group(
        "options of the commands that read records",
        "also taken after COMMAND, which wins if both give one;"
        " render takes --max-bytes only, units --format only,"
        " import and score --format and --max-bytes",
    )
    add_shared(shared, tuple(SHARED), before=True)
    commands = top.add_subparsers(
        title="commands",
        metavar="COMMAND",
        dest="command",
        required=True,
        parser_class=_CommandParser,
    )
    for command in COMMANDS:
        if chosen is not None and command.name != chosen:
            continue
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            description=command.description,
            epilog=_epilog(command.examples),
            formatter_class=_Formatter,
        )
        if command.corpus:
            add_corpus_options(sub)
        options = command.adder()
        if options is not None:
            options(sub)
        sub.set_defaults(run=command.runner())
    return top


def _command(arguments: list[str]) -> str | None:
    """Return the command that *arguments* name, where argparse will read it: the first word that is no option, nor a shared option's value.

    ``None`` if that word names no command, so that the whole parser says
    which ones there are.
    """
    valued = {flag for flag, _, _ in SHARED.values()}
    value = False
    for word in arguments:
        if value:
            value = False
        elif word.startswith("-"):
            value = word in valued
        else:
            return word if word in {command.name for command in COMMANDS} else None
    return None


def parse(arguments: list[str]) -> argparse.Namespace:
    """Read *arguments*: a shared option given after the command wins over one given before it.

    Raises:
        SystemExit: after ``--help`` or ``--version`` (status 0), or a usage
            error (status 2), which argparse has printed.
    """
    parser = build_parser(_command(arguments))
    args = parser.parse_args(arguments)
    for name, (flag, default, _) in SHARED.items():
        before = getattr(args, early(name))
        delattr(args, early(name))
        if not hasattr(args, name):  # the command takes no such option
            if before is not None:
                parser.error(f"{args.command} takes no {flag}")
            continue
        if getattr(args, name) is UNSET:
            setattr(args, name, default if before is None else before)
    return args


def arguments(argv: object) -> list[str] | None:
    """Return *argv* as a list of str, or ``None`` if it is not one: a list or tuple of exactly str.

    Checked by class, as the library checks every value it is handed:
    argparse would run the code of anything else.
    """
    if argv is None:
        return sys.argv[1:]
    cls = type(argv)
    if cls is not list and cls is not tuple:
        return None
    items: list[object] = list(argv)  # type: ignore[call-overload]  # a list or tuple
    if not all(type(item) is str for item in items):
        return None
    return items  # type: ignore[return-value]  # every item is a str
