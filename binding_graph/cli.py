"""The ``binding-graph`` command: validate, hash and canonicalize graph documents from a shell.

``binding-graph`` and ``python -m binding_graph`` both run :func:`main`, so
that a test or another program can run it in-process.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from binding_graph._commands import COMMANDS, count
from binding_graph._report import PROGRAM, OutputError, RunError, flush
from binding_graph.serialization import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from collections.abc import Generator, Sequence
    from types import FrameType

__all__ = ["main"]


# -- the parser -------------------------------------------------------------------------------


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


class _Formatter(argparse.HelpFormatter):
    """Wrap descriptions, but keep the lines of the examples as they are."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def _epilog(examples: Sequence[tuple[str, str]]) -> str:
    width = max(len(line) for line, _ in examples)
    rows = [f"  {line.ljust(width)}  # {what}" for line, what in examples]
    return "examples:\n" + "\n".join(rows)


def _add_corpus_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=(
            "a .jsonl file (one document a line), a .json file (one document),"
            " a directory (every *.json and *.jsonl below it) or - (standard input)"
        ),
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (default), or one JSON object a line",
    )
    parser.add_argument(
        "--max-bytes",
        type=count,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help=f"refuse a record above N bytes as limit_exceeded (default {DEFAULT_MAX_BYTES:,})",
    )
    parser.add_argument(
        "--jobs",
        type=count,
        default=1,
        metavar="N",
        help=(
            "read with N processes, at most one per CPU and per batch of lines;"
            " the output is the same (default 1)"
        ),
    )


def _build_parser() -> argparse.ArgumentParser:
    """Return the parser of the ``binding-graph`` command line, built from :data:`COMMANDS`."""
    top = argparse.ArgumentParser(
        prog=PROGRAM,
        description=(
            "Validate, hash, canonicalize, analyze and draw binding-graph"
            " documents: JSON Lines corpora, .json files, directories of them,"
            " or standard input."
        ),
        epilog=_epilog([command.examples[0] for command in COMMANDS]),
        formatter_class=_Formatter,
    )
    top.add_argument("--version", action=_Version)
    commands = top.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            description=command.description,
            epilog=_epilog(command.examples),
            formatter_class=_Formatter,
        )
        if command.corpus:
            _add_corpus_options(sub)
        if command.options is not None:
            command.options(sub)
        sub.set_defaults(run=command.run)
    return top


def _silence_stdout() -> None:
    # Standard output cannot be written (its reader has gone, `binding-graph
    # hash ... | head`; its disk is full): point it at /dev/null, so that
    # flushing it at exit raises nothing more.
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _say(message: str) -> None:
    """Write ``binding-graph: MESSAGE`` on standard error, if it can be written at all."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stderr.write(f"{PROGRAM}: {message}\n")
        sys.stderr.flush()


class _Terminated(BaseException):
    """SIGTERM came: raised where the run is, so that it ends as Ctrl-C ends it."""


def _terminate(number: int, frame: FrameType | None) -> None:  # noqa: ARG001 -- a handler's signature
    # Once: a second SIGTERM must not break off the cleanup the first began.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise _Terminated


@contextlib.contextmanager
def _sigterm_ends_the_run() -> Generator[None, None, None]:
    """Turn SIGTERM into :class:`_Terminated` while the run lasts, in the main thread."""
    # Only the main thread may set a handler, and only it runs them.
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        # None: a handler set outside Python, which cannot be set again.
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


@contextlib.contextmanager
def _stderr_somewhere() -> Generator[None, None, None]:
    """Give the run a standard error to write to, if its descriptor was closed before it started.

    What would be said there is lost, but the run goes on, and its exit
    status says what it would have said.
    """
    if sys.stderr is not None:
        yield
        return
    with Path(os.devnull).open("w", encoding="utf-8") as devnull:
        sys.stderr = devnull
        try:
            yield
        finally:
            sys.stderr = None


def _arguments(argv: object) -> list[str] | None:
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


def _run(argv: Sequence[str] | None) -> int:
    if sys.stdout is None:  # its descriptor was closed before the command started
        _say("standard output is closed")
        return 2
    arguments = _arguments(argv)
    if arguments is None:
        _say("the arguments must be a list of str")
        return 2
    try:
        args = _build_parser().parse_args(arguments)
    except SystemExit as exit_:
        # --help and --version exit 0, and usage errors 2, from inside argparse.
        status = exit_.code if isinstance(exit_.code, int) else 2
    else:
        status = args.run(args)
    # Flushed here, so that a failure is told in one line, not at exit.
    flush(sys.stdout)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``binding-graph`` command line with *argv*, and return its exit status.

    Ctrl-C and SIGTERM end the run cleanly: the worker processes end, no
    temporary file is left, and the exit status says which came.

    Args:
        argv: The arguments after the program's name, a list (or tuple)
            of ``str``; ``sys.argv[1:]`` by default. Anything else is a
            usage error: one line, and exit status 2.

    Returns:
        0 when every record was accepted (and, for ``canonicalize --check``,
        every file was canonical); 1 when any was refused (or would be
        rewritten); 2 for a usage error, a path that could not be read or
        written, or a run that could not go on; 130 after Ctrl-C (SIGINT);
        143 after SIGTERM.

    .. versionadded:: 0.1.0
    """
    with _sigterm_ends_the_run(), _stderr_somewhere():
        try:
            status = _run(argv)
        except KeyboardInterrupt:
            _say("interrupted")
            return 130
        except _Terminated:
            _say("terminated")
            return 143
        except BrokenPipeError:
            _silence_stdout()
            return 2
        except OutputError as error:
            _silence_stdout()
            _say(str(error))
            return 2
        except RunError as error:
            _say(str(error))
            return 2
        return status
