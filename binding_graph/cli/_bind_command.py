"""bind: each record's reply, of one producer format, compiled against its problem's text, with :mod:`binding_graph.drafts`.

A record is one line of JSON Lines, an object of three keys: ``source_id``,
the id of the problem's text; ``text``, the text itself; and the reply,
under the name of its format in :data:`binding_graph.drafts.PRODUCERS`
(``--producer NAME``, ``draft`` by default; ``--program`` is ``--producer
program``): a draft, as the text a model wrote (a JSON string, whatever it
holds) or as a JSON object; a program, a JSON string. Standard output gets
one line per record, in order: a compiled graph's canonical document, or a
refused record's refusal record (:func:`~binding_graph.refusal_line`), so
that it pairs one to one with the problems; each refusal, with its path
into the record (the reply's own under its key), and a summary go to
standard error. :mod:`binding_graph.drafts` is imported only when the
command runs, or its formats are listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast, overload

from binding_graph._checks import check_text
from binding_graph._refusal_limit import cut_refusals
from binding_graph._refuse import too_large
from binding_graph.cli._benchmarks import line_record
from binding_graph.cli._options import add_shared
from binding_graph.cli._pairs import reading, source_of
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import Report, RunError, write_bytes
from binding_graph.documents import is_blank, split_lines
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.jsonl import refusal_line
from binding_graph.serialization import canonical_bytes

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator
    from typing import BinaryIO

    from binding_graph.cli._scan import Refusal
    from binding_graph.drafts import Producer
    from binding_graph.errors import RefusalCode
    from binding_graph.model import SemanticSymbolicBindingGraph

KEYS: Final = ("source_id", "text")
"""The keys of a record of ``bind`` besides its reply's, which is its format's name."""

_EVERY: Final = 2**62  # every refusal of a draft is found: the report cuts the list
_LISTED: Final = 100
"""The most refusals of a record that ``--all`` lists, as ``validate --all`` does."""


class _Formats(Sequence[str]):
    """The names in :data:`binding_graph.drafts.PRODUCERS`, read when argparse asks: a command other than bind never imports the drafts."""

    def _names(self) -> list[str]:
        from binding_graph.drafts import PRODUCERS  # noqa: PLC0415

        return list(PRODUCERS)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()


def bind_options(parser: argparse.ArgumentParser) -> None:
    """Add bind's ``FILE``, ``--producer``, ``--program``, ``--all``, ``--no-trust``, ``--format`` and ``--max-bytes`` to *parser*."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help=(
            'JSON Lines, one record a line: {"source_id", "text", NAME}, NAME the'
            " format's name (draft by default); or - (standard input)"
        ),
    )
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument(
        "--producer",
        metavar="NAME",
        choices=_Formats(),
        # None, not "draft": argparse sees a value that is its default as no
        # value at all, and would take --program --producer draft.
        help=(
            "read replies of the format NAME, one of binding_graph.drafts.PRODUCERS:"
            " %(choices)s (default: draft); each record holds its reply"
            " under the key NAME"
        ),
    )
    formats.add_argument(
        "--program",
        dest="producer",
        action="store_const",
        const="program",
        help=(
            'read programs, as --producer program: each record is {"source_id",'
            ' "text", "program"}, the program a JSON string, read with'
            " binding_graph.drafts.from_program() and never run"
        ),
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=(
            "report every refusal of each refused reply, in the order"
            " binding_graph.drafts.reply_refusals() lists them (at most 100 a"
            " record), not only its first"
        ),
    )
    parser.add_argument(
        "--no-trust",
        dest="trust",
        action="store_false",
        help=(
            "accept what compiles, without the profile for model output"
            " (binding_graph.trust: a count's answer a whole, nonnegative number;"
            " every number grounded: stated by the text, a constant of its table,"
            " computed by the set-up, or one operation from those),"
            " which bind applies by default"
        ),
    )
    add_shared(parser, ("format", "max_bytes"))


def _option(name: str) -> str:
    """Return how bind is told to read the replies of the format *name*."""
    if name == "draft":
        return "by default (or with --producer draft)"
    if name == "program":
        return "with --program (or --producer program)"
    return f"with --producer {name}"


def _fields(record: object, keys: tuple[str, ...]) -> tuple[str, str, object]:
    """Return a record's source id, text and reply; refuse a record that is not one.

    A record that holds another format's reply, under that format's name in
    :data:`~binding_graph.drafts.PRODUCERS`, is told which option reads it.
    """
    from binding_graph.drafts import PRODUCERS  # noqa: PLC0415

    if type(record) is not dict:
        refuse_type("bind", "record", "a JSON object", record, ())
    fields = cast("dict[str, object]", record)
    reply = keys[2]
    others = [name for name in PRODUCERS if name in fields and name != reply]
    if others and reply not in fields:
        other = others[0]
        raise BindingGraphError(
            "missing_key",
            f"bind.record has no key {reply!r}: it holds {other!r}, which bind"
            f" reads {_option(other)}",
            (reply,),
        )
    for key in fields:
        if key not in keys:
            told = (
                f"; {key!r} holds another format's reply, which bind reads"
                f" {_option(key)}"
                if key in others
                else ""
            )
            raise BindingGraphError(
                "unknown_key",
                f"bind.record has no key {key!r}: its keys are {', '.join(keys)}"
                + told,
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
    """Return a reply's refusals as the report lists them, under *key*, at most 100, and how many the list leaves out."""
    listed, unlisted = cut_refusals(found, _LISTED, "record", prefix=(key,))
    return tuple((error.code, error.path, error.message) for error in listed), unlisted


def _source_id(record: object) -> str | None:
    """Return a record's source id, where it has one that a refusal record can name, even if the rest of it is refused."""
    if type(record) is not dict:
        return None
    source_id = cast("dict[str, object]", record).get("source_id")
    try:
        return check_text(source_id, "bind", "record['source_id']", ("source_id",))
    except BindingGraphError:
        return None


def _outcome(
    line: bytes | None,
    max_bytes: int,
    *,
    every: bool,
    producer: Producer,
    trust: bool = True,
) -> tuple[tuple[Refusal, ...], int, SemanticSymbolicBindingGraph | str | None]:
    """Return the refusals of a record (and how many a cut list leaves out), and its graph, or its source id if it has one."""
    from binding_graph import drafts  # noqa: PLC0415

    key = producer.name
    known: str | None = None
    try:
        if line is None:
            raise too_large(max_bytes)
        record = line_record(line)
        known = _source_id(record)
        source_id, text, reply = _fields(record, (*KEYS, key))
        if producer.text_only:
            reply = check_text(reply, "bind", f"record[{key!r}]", (key,))
    except BindingGraphError as error:
        return ((error.code, error.path, error.message),), 0, known
    if every:
        found = drafts.reply_refusals(
            reply, text, producer=producer, source_id=source_id, limit=_EVERY
        )
        if found:
            return (*_cut(found, key), source_id)
    try:
        graph = drafts.compile_reply(
            reply, text, producer=producer, source_id=source_id
        )
    except BindingGraphError as error:
        return _cut((error,), key)[0], 0, source_id
    if trust:
        from binding_graph.trust import trust_refusals  # noqa: PLC0415

        refused = trust_refusals(graph)
        if refused:
            # The profile's refusals point into the compiled graph.
            kept, unlisted = (
                cut_refusals(refused, _LISTED, "graph") if every else (refused[:1], 0)
            )
            told = tuple((error.code, error.path, error.message) for error in kept)
            return told, unlisted, source_id
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
        report.closed(source.label)
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
    from binding_graph.drafts import PRODUCERS  # noqa: PLC0415

    max_bytes: int = args.max_bytes
    producer = PRODUCERS[args.producer or "draft"]
    for number, line in split_lines(file, max_bytes):
        if line is not None and is_blank(line, max_bytes):
            continue
        refusals, unlisted, made = _outcome(
            line, max_bytes, every=args.all, producer=producer, trust=args.trust
        )
        if refusals:
            report.refused_with(label, number, refusals, unlisted)
            errors = (
                BindingGraphError(cast("RefusalCode", code), msg, path)
                for code, path, msg in refusals
            )
            out = refusal_line(cast("str | None", made), errors)
        else:
            report.accepted()
            out = canonical_bytes(cast("SemanticSymbolicBindingGraph", made)) + b"\n"
        progress.clear()  # standard output may be its terminal too
        write_bytes(out)
        progress.advance(0, 1)
