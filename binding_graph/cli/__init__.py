"""The ``binding-graph`` command: validate, hash, canonicalize, analyze, solve, admit, units, import, score, render and schema, from a shell.

``validate`` reports each refused record of a corpus, ``hash`` prints each
accepted record's content hash, ``canonicalize`` rewrites files in canonical
form, ``analyze`` reports what a solver should know of each graph, ``solve``
prints the exact value of each graph's unknowns, ``admit`` decides the
pending equations of each graph by their units, ``units`` tells how a unit's
text is read, ``import`` writes a benchmark's records as gold cases, ``score``
scores a parser's graphs against them, ``vote`` writes the set-up most of
a model's samples share, ``render`` draws one graph, and
``schema`` prints the JSON Schema of a document. ``binding-graph`` and
``python -m binding_graph`` both run :func:`main`, so that a test or another
program can run it in-process.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from binding_graph.cli._parser import arguments, parse
from binding_graph.cli._process import (
    Terminated,
    say,
    sigterm_ends_the_run,
    silence_stdout,
    stderr_somewhere,
)
from binding_graph.cli._report import OutputError, RunError, flush

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["main"]


def _run(argv: Sequence[str] | None) -> int:
    if sys.stdout is None:  # its descriptor was closed before the command started
        say("standard output is closed")
        return 2
    words = arguments(argv)
    if words is None:
        say("the arguments must be a list of str")
        return 2
    try:
        args = parse(words)
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
        0 when the command did its job for every record, whatever it found;
        1 when the input kept it from its job for a record: a record
        refused, or, as the command's job decides, a record ``solve``
        cannot answer, a finding under ``analyze --strict``, a file that
        ``canonicalize --check`` would rewrite, a text that ``units`` does
        not read, a record ``import`` finds not of its benchmark at all; 2
        for a usage error, a path that could not be read or written, or a
        run that could not go on; 5 when the run read no record at all,
        every input empty (each is named on standard error); 130 after
        Ctrl-C (SIGINT); 143 after SIGTERM. ``docs/cli.md`` gives the table
        of every command.

    .. versionadded:: 0.1.0
    """
    with sigterm_ends_the_run(), stderr_somewhere():
        try:
            status = _run(argv)
        except KeyboardInterrupt:
            say("interrupted")
            return 130
        except Terminated:
            say("terminated")
            return 143
        except BrokenPipeError:
            silence_stdout()
            return 2
        except OutputError as error:
            silence_stdout()
            say(str(error))
            return 2
        except RunError as error:
            say(str(error))
            return 2
        return status
