"""The commands that check records one by one, ``validate`` and ``hash``, and ``schema``.

``validate`` and ``hash`` look at each record on its own, through
:func:`binding_graph.cli._records.each_record`; ``schema`` reads nothing.
Their entries are in :data:`binding_graph.cli._commands.COMMANDS`.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from binding_graph.cli._records import each_record
from binding_graph.cli._report import PROGRAM, Report, RunError, record_data, write
from binding_graph.cli._scan import RecordRefused, read_whole
from binding_graph.cli._sources import os_message
from binding_graph.errors import BindingGraphError
from binding_graph.serialization import SCHEMA_PROFILES, content_hash, json_schema

if TYPE_CHECKING:
    import argparse

    from binding_graph.datasets import BenchmarkCase
    from binding_graph.model import SemanticSymbolicBindingGraph


# -- validate, hash --------------------------------------------------------------------


def _nothing(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,
) -> None:
    """Keep nothing of an accepted graph: validate only counts it."""


def _strict(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001 -- a case's graph is judged alone
) -> None:
    """Refuse an accepted graph that the strict profile refuses, with every refusal it gives."""
    # Imported here: only validate --strict reads right-hand sides and units.
    from binding_graph.strict import strict_refusals  # noqa: PLC0415

    found = strict_refusals(graph)
    if found:
        raise RecordRefused(found)


def validate(args: argparse.Namespace) -> int:
    """Run ``validate``: report each refused record (every refusal with ``--all``) and a summary."""
    return each_record(args, _strict if args.strict else _nothing, every=args.all)


def validate_options(parser: argparse.ArgumentParser) -> None:
    """Add validate's own options, ``--all`` and ``--strict``."""
    parser.add_argument(
        "--all",
        action="store_true",
        help=(
            "report every refusal of each refused record, in document order, not"
            " only its first (at most 100 a record)"
        ),
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help=(
            "also refuse what the seed's system refuses (binding_graph.strict):"
            " a cycle of definitions, an operation kind it does not know or the"
            " right-hand side does not carry out, a pending equation its units"
            " refuse"
        ),
    )


def _hash(
    graph: SemanticSymbolicBindingGraph,
    case: BenchmarkCase | None,  # noqa: ARG001 -- a case's hash is its graph's
) -> str:
    """Return the content hash of a record's graph, a case's too."""
    return content_hash(graph)


def _print_hash(
    report: Report, label: str, line: int, value: str, case: str | None
) -> None:
    named = "" if case is None else f" (case {case})"
    report.emit(
        f"{value} {label}:{line}{named}",
        {**record_data(label, line, case), "hash": value},
    )


def hash_records(args: argparse.Namespace) -> int:
    """Run ``hash``: print each accepted record's content hash, and validate's report."""
    return each_record(args, _hash, _print_hash)


# -- schema -------------------------------------------------------------------------------


def _problem(path: str) -> str:
    """Return the problem's text in the file at *path*, ``-`` for standard input, without a final line end.

    Read up to :data:`~binding_graph.drafts.DEFAULT_DRAFT_BYTES`, a draft's
    own limit, and no further: an endless input ends the run, not memory.
    """
    from binding_graph.drafts import DEFAULT_DRAFT_BYTES  # noqa: PLC0415

    try:
        if path == "-":
            data = read_whole(sys.stdin.buffer, DEFAULT_DRAFT_BYTES)
        else:
            with open(path, "rb") as file:  # noqa: PTH123 -- as the other commands open files
                data = read_whole(file, DEFAULT_DRAFT_BYTES)
        if data is None:
            msg = (
                f"{path}: a problem's text may take at most {DEFAULT_DRAFT_BYTES:,}"
                " bytes; this one takes more"
            )
            raise RunError(msg)
        text = data.decode()
    except OSError as error:
        raise RunError(os_message(path, error)) from None
    except UnicodeDecodeError as error:
        msg = f"{path}: a problem's text must be UTF-8 ({error.reason} at byte {error.start})"
        raise RunError(msg) from None
    return text.removesuffix("\n").removesuffix("\r")


def schema(args: argparse.Namespace) -> int:
    """Run ``schema``: print the JSON Schema of the profile asked for, or of a draft."""
    if not args.draft:
        if args.strict or args.text is not None:
            write(sys.stderr, f"{PROGRAM}: --strict and --text go with --draft\n")
            return 2
        schema = json_schema(args.profile)
    else:
        from binding_graph.drafts import draft_schema  # noqa: PLC0415

        if args.profile != "default":
            write(sys.stderr, f"{PROGRAM}: --profile is a document's, not --draft's\n")
            return 2
        try:
            text = None if args.text is None else _problem(args.text)
            schema = draft_schema(text, strict=args.strict)
        except (RunError, BindingGraphError) as error:
            write(sys.stderr, f"{PROGRAM}: {error}\n")
            return 2
    write(sys.stdout, json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return 0


def profile_option(parser: argparse.ArgumentParser) -> None:
    """Add schema's own option, ``--profile``."""
    parser.add_argument(
        "--profile",
        choices=sorted(SCHEMA_PROFILES),
        default="default",
        help=(
            "default: every rule a schema can state; generation: the subset that"
            " constrained decoders and strict structured outputs take, properties"
            " in canonical order; writing: the same, properties in the order a"
            " model can write them (default: %(default)s)"
        ),
    )
    parser.add_argument(
        "--draft",
        action="store_true",
        help="the schema of a draft (see binding_graph.drafts), not of a document",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help=(
            "with --draft: no maxItems or maxLength, for strict structured"
            " outputs, which refuse them"
        ),
    )
    parser.add_argument(
        "--text",
        metavar="FILE",
        help=(
            "with --draft: hold every quote to the phrases of the problem's text"
            " in FILE (- for standard input)"
        ),
    )
