"""bind: each record's draft, or program, compiled against its problem's text, with :mod:`binding_graph.drafts`.

A record is one line of JSON Lines, an object of three keys: ``source_id``,
the id of the problem's text; ``text``, the text itself; ``draft``, the
draft, as the text a model wrote (a JSON string, whatever it holds) or as
a JSON object; or, with ``--program``, ``program``, the program a model
wrote, a JSON string. Each compiled graph goes to standard output, one
canonical document a line; each refusal, with its path into the record (a
draft's under ``draft``, a program's under ``program``), and a summary go
to standard error. :mod:`binding_graph.drafts` is imported only when the
command runs.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Final, cast

from binding_graph._checks import check_text
from binding_graph._refuse import too_large
from binding_graph.cli._benchmarks import line_record
from binding_graph.cli._options import add_shared
from binding_graph.cli._pairs import reading, source_of
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import Report, RunError, write_bytes
from binding_graph.documents import is_blank, split_lines
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.serialization import canonical_bytes

if TYPE_CHECKING:
    import argparse
    from typing import BinaryIO

    from binding_graph.cli._scan import Refusal
    from binding_graph.model import SemanticSymbolicBindingGraph

KEYS: Final = ("source_id", "text", "draft")
"""The keys of a record of ``bind``."""

PROGRAM_KEYS: Final = ("source_id", "text", "program")
"""The keys of a record of ``bind --program``."""

_EVERY: Final = 2**62  # every refusal of a draft is found: the report cuts the list
_LISTED: Final = 100
"""The most refusals of a record that ``--all`` lists, as ``validate --all`` does."""


def bind_options(parser: argparse.ArgumentParser) -> None:
    """Add bind's ``FILE``, ``--all``, ``--format`` and ``--max-bytes`` to *parser*."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help=(
            'JSON Lines, one record a line: {"source_id", "text", "draft"}, or'
            ' {"source_id", "text", "program"} with --program; or - (standard'
            " input)"
        ),
    )
    parser.add_argument(
        "--program",
        action="store_true",
        help=(
            'read programs: each record is {"source_id", "text", "program"},'
            " the program a JSON string, read with"
            " binding_graph.drafts.from_program() and never run"
        ),
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=(
            "report every refusal of each refused draft or program, in the order"
            " binding_graph.drafts.draft_refusals() or program_refusals() lists"
            " them (at most 100 a record), not only its first"
        ),
    )
    add_shared(parser, ("format", "max_bytes"))


def _fields(record: object, keys: tuple[str, ...]) -> tuple[str, str, object]:
    """Return a record's source id, text and draft or program; refuse a record that is not one."""
    if type(record) is not dict:
        refuse_type("bind", "record", "a JSON object", record, ())
    fields = cast("dict[str, object]", record)
    for key in fields:
        if key not in keys:
            raise BindingGraphError(
                "unknown_key",
                f"bind.record has no key {key!r}: its keys are {', '.join(keys)}",
                (key,),
            )
    for key in keys:
        if key not in fields:
            raise BindingGraphError(
                "missing_key", f"bind.record has no key {key!r}", (key,)
            )
    source_id = check_text(
        fields["source_id"], "bind", "record['source_id']", ("source_id",)
    )
    text = check_text(
        fields["text"], "bind", "record['text']", ("text",), blank_ok=True
    )
    return source_id, text, fields[keys[2]]


def _cut(
    found: tuple[BindingGraphError, ...], key: str
) -> tuple[tuple[Refusal, ...], int]:
    """Return a draft's or a program's refusals as the report lists them, under *key*, at most 100, and how many the list leaves out."""
    listed = tuple((error.code, (key, *error.path), error.message) for error in found)
    if len(listed) <= _LISTED:
        return listed, 0
    unlisted = len(listed) - _LISTED + 1
    last: Refusal = (
        "limit_exceeded",
        (),
        (
            f"{unlisted:,} more refusals of this record are not listed: at most"
            f" {_LISTED} entries are, this one included"
        ),
    )
    return (*listed[: _LISTED - 1], last), unlisted


def _outcome(
    line: bytes | None, max_bytes: int, *, every: bool, program: bool
) -> tuple[tuple[Refusal, ...], int, SemanticSymbolicBindingGraph | None]:
    """Return the refusals of a record (and how many a cut list leaves out), or its graph."""
    from binding_graph import drafts  # noqa: PLC0415

    keys = PROGRAM_KEYS if program else KEYS
    try:
        if line is None:
            raise too_large(max_bytes)
        source_id, text, written = _fields(line_record(line), keys)
        source = (
            check_text(written, "bind", "record['program']", ("program",))
            if program
            else ""
        )
    except BindingGraphError as error:
        return ((error.code, error.path, error.message),), 0, None
    key = keys[2]
    if every:
        found = (
            drafts.program_refusals(source, text, source_id=source_id, limit=_EVERY)
            if program
            else drafts.draft_refusals(
                written, text, source_id=source_id, limit=_EVERY, max_bytes=max_bytes
            )
        )
        if found:
            return (*_cut(found, key), None)
    try:
        graph = (
            drafts.from_program(source, text, source_id=source_id)
            if program
            else drafts.compile_draft(
                written, text, source_id=source_id, max_bytes=max_bytes
            )
        )
    except BindingGraphError as error:
        return _cut((error,), key)[0], 0, None
    return (), 0, graph


def bind(args: argparse.Namespace) -> int:
    """Run ``bind``: each record's graph on standard output, the report on standard error."""
    source = source_of(args.file)
    err = sys.stderr
    report = Report(err, err, as_json=args.format == "json")
    report.every = args.all
    report.progress = progress = Progress(err, None)
    try:
        with reading(source) as (file, _):
            _records(report, progress, source.label, file, args)
    except RunError as stop:
        report.error(str(stop))
    progress.clear()
    report.summary()
    return report.status()


def _records(
    report: Report,
    progress: Progress,
    label: str,
    file: BinaryIO,
    args: argparse.Namespace,
) -> None:
    max_bytes: int = args.max_bytes
    for number, line in split_lines(file, max_bytes):
        if line is not None and is_blank(line, max_bytes):
            continue
        refusals, unlisted, graph = _outcome(
            line, max_bytes, every=args.all, program=args.program
        )
        if graph is None:
            report.refused_with(label, number, refusals, unlisted)
        else:
            report.accepted()
            progress.clear()  # standard output may be its terminal too
            write_bytes(canonical_bytes(graph) + b"\n")
        progress.advance(0, 1)
