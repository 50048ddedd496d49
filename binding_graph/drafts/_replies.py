"""A reply of any format, written once over its producer: :func:`compile_reply` and :func:`reply_refusals`.

A reply is translated into a draft by its producer (a draft needs none),
the draft is read by the shared checks, and each refusal of the draft is
told at its place in the reply; the graph is built once none is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from binding_graph._gc_pause import call_paused
from binding_graph._refusal_limit import check_limit, cut_refusals
from binding_graph._show import short_repr
from binding_graph.drafts._checks.build import build
from binding_graph.drafts._checks.engine import checked_engine
from binding_graph.drafts._producer import Request, Translation
from binding_graph.drafts._registry import producer_of
from binding_graph.drafts._sources.tree import read
from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.drafts._checks.engine import Engine
    from binding_graph.drafts._producer import Producer
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = [
    "DEFAULT_LIMIT",
    "arguments",
    "compile_reply",
    "compiled",
    "defaults",
    "listed",
    "read_reply",
    "refusals_of",
    "reply_refusals",
]

DEFAULT_LIMIT: Final = 100
"""How many refusals :func:`reply_refusals` and its kind list at most, by default.

.. versionadded:: 0.1.0
"""


def _options(function: str, producer: Producer, options: object) -> dict[str, object]:
    """Return *options*, each checked by the producer's check; refuse a name the format does not take."""
    if options is None:
        return {}
    if type(options) is not dict:
        refuse_type(function, "options", "a dict or None", options, ("options",))
    checked: dict[str, object] = {}
    for name, value in cast("dict[object, object]", options).items():
        check = producer.options.get(name) if type(name) is str else None
        if check is None:
            known = ", ".join(producer.options) or "none"
            raise BindingGraphError(
                "unknown_key",
                f"{function}.options has no option {short_repr(name)} for the"
                f" {producer.name} format: its options are {known}",
                ("options", name if type(name) is str else short_repr(name)),
            )
        checked[cast("str", name)] = check(function, value)
    return checked


def defaults(
    producer: Producer, source_id: object, introduced_by: object, max_bytes: object
) -> tuple[object, object, object]:
    """Return *source_id*, *introduced_by* and *max_bytes*, the producer's own for each left ``None``."""
    return (
        producer.name if source_id is None else source_id,
        producer.introduced_by if introduced_by is None else introduced_by,
        producer.max_bytes if max_bytes is None else max_bytes,
    )


def arguments(  # noqa: PLR0917 -- internal; the public functions name them
    function: str,
    producer: Producer,
    text: object,
    source_id: object,
    introduced_by: object,
    max_bytes: object,
    options: object = None,
) -> tuple[Engine, dict[str, object], int]:
    """Return the engine of the checked text, the checked options and the limit in bytes, in the order they are checked.

    Raises:
        BindingGraphError: for an argument other than the reply, at it.
    """
    engine = checked_engine(function, text, source_id, introduced_by)
    checked = _options(function, producer, options)
    if type(max_bytes) is not int:
        refuse_type(function, "max_bytes", "an int", max_bytes, ("max_bytes",))
    return engine, checked, max_bytes


def read_reply(  # noqa: PLR0917 -- internal; the public functions name them
    function: str,
    producer: Producer,
    reply: object,
    text: object,
    source_id: object,
    introduced_by: object,
    max_bytes: object,
    options: object = None,
    *,
    argument: str = "reply",
) -> tuple[Engine, list[BindingGraphError]]:
    """Read *reply* of *producer*'s format against *text*; return the engine and every refusal, told at the reply's places; *argument* names the reply, as its function calls it.

    Raises:
        BindingGraphError: for an argument other than the reply, at it.
    """
    engine, checked, limit = arguments(
        function, producer, text, source_id, introduced_by, max_bytes, options
    )
    translate = producer.translate
    if translate is None:
        read(function, argument, reply, engine, limit)
        return engine, engine.found
    request = Request(
        function=function,
        reply=reply,
        text=engine.source.text,
        max_bytes=limit,
        options=checked,
    )
    translation = translate(request)
    if type(translation) is not Translation:
        expected = f"a producer whose translate() returns a Translation (the {producer.name} format's returns another value)"
        refuse_type(function, "producer", expected, translation, ("producer",))
    if translation.draft is not None:
        read(function, "draft", translation.draft, engine, limit)
    told = list(translation.refusals)
    for error in engine.found:
        placed = translation.place(error)
        if placed is not None:
            told.append(placed)
    if producer.order is not None:
        told.sort(key=producer.order)
    return engine, told


def compiled(  # noqa: PLR0917 -- internal; the public functions name them
    function: str,
    producer: Producer,
    reply: object,
    text: object,
    source_id: object,
    introduced_by: object,
    max_bytes: object,
    options: object = None,
    *,
    argument: str = "reply",
) -> SemanticSymbolicBindingGraph:
    """Return the graph of *reply*, or raise its first refusal; *function* and *argument* name the public function and its reply."""
    engine, found = call_paused(
        read_reply,
        function,
        producer,
        reply,
        text,
        source_id,
        introduced_by,
        max_bytes,
        options,
        argument=argument,
    )
    if found:
        raise found[0]
    return build(engine)


def compile_reply(
    reply: object,
    text: str,
    *,
    producer: str | Producer = "draft",
    source_id: str,
    introduced_by: str | None = None,
    max_bytes: int | None = None,
    options: Mapping[str, object] | None = None,
) -> SemanticSymbolicBindingGraph:
    r"""Return the graph that *reply*, of the format *producer*, describes of the problem *text*; or refuse the reply.

    The reply is translated into a draft by its producer, and compiled as
    :func:`compile_draft` compiles a draft; ``compile_reply(reply, text,
    producer="draft", ...)`` is :func:`compile_draft`, and ``producer=
    "program"`` :func:`from_program`.

    Args:
        reply: What the model wrote, as its format takes it.
        text: The problem's whole text.
        producer: The format's name in :data:`PRODUCERS`, or a
            :class:`Producer`.
        source_id: The id of the text, for every span of the graph.
        introduced_by: What introduced each symbol; by default, the
            producer's own.
        max_bytes: The largest reply to read, in bytes of UTF-8; by default,
            the producer's own.
        options: The format's own options, by name, such as a program's
            ``question``.

    Raises:
        BindingGraphError: the first refusal :func:`reply_refusals` lists;
            for an argument other than the reply, at it.

    >>> from binding_graph.drafts import compile_reply
    >>> program = "def solution():\n    cats = 3\n    legs = cats * 4\n    return legs"
    >>> graph = compile_reply(program, "Ann has 3 cats. How many legs do they have?",
    ...                       producer="program", source_id="p1")
    >>> graph.equations[0].rhs_canonical
    'cats * 4'

    .. versionadded:: 0.1.0
    """
    chosen = producer_of("compile_reply", producer)
    return compiled(
        "compile_reply",
        chosen,
        reply,
        text,
        *defaults(chosen, source_id, introduced_by, max_bytes),
        options,
    )


def listed(
    found: list[BindingGraphError], limit: object, function: str, noun: str
) -> tuple[BindingGraphError, ...]:
    """Return *found*, cut at *limit* entries, the last then counting those left out; *function* and *noun* name what is listed."""
    return cut_refusals(found, check_limit(function, limit), noun)[0]


def refusals_of(  # noqa: PLR0917 -- internal; the public functions name them
    function: str,
    producer: Producer,
    reply: object,
    text: object,
    source_id: object,
    introduced_by: object,
    limit: object,
    max_bytes: object,
    options: object = None,
    *,
    argument: str = "reply",
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of *reply* as :func:`reply_refusals` lists them, *function* and *argument* naming the public function and its reply."""
    _, found = call_paused(
        read_reply,
        function,
        producer,
        reply,
        text,
        source_id,
        introduced_by,
        max_bytes,
        options,
        argument=argument,
    )
    return listed(found, limit, function, producer.name)


def reply_refusals(
    reply: object,
    text: str,
    *,
    producer: str | Producer = "draft",
    source_id: str | None = None,
    introduced_by: str | None = None,
    limit: int = DEFAULT_LIMIT,
    max_bytes: int | None = None,
    options: Mapping[str, object] | None = None,
) -> tuple[BindingGraphError, ...]:
    r"""Return every refusal of *reply*, of the format *producer*, against *text*: empty exactly when :func:`compile_reply` accepts it.

    Each is told at its place in the reply, in the producer's order; the
    first is the one :func:`compile_reply` raises. ``producer="draft"``
    lists them as :func:`draft_refusals` does, ``"program"`` as
    :func:`program_refusals` does. :func:`~binding_graph.format_refusals`,
    with the producer's ``header``, tells them to a model.

    Args:
        reply: As for :func:`compile_reply`.
        text: As for :func:`compile_reply`.
        producer: As for :func:`compile_reply`.
        source_id: As for :func:`compile_reply`; by default the format's
            name. No refusal depends on it.
        introduced_by: As for :func:`compile_reply`.
        limit: The most entries to return, at least 2; past it, the last
            entry is a ``limit_exceeded`` refusal that counts the others.
        max_bytes: As for :func:`compile_reply`.
        options: As for :func:`compile_reply`.

    Raises:
        BindingGraphError: for an argument other than the reply.

    >>> from binding_graph.drafts import reply_refusals
    >>> [(error.code, error.path) for error in reply_refusals(
    ...     "def solution():\n    import os\n    eggs = 16\n    return eggs",
    ...     "Ann has 16 eggs. How many?", producer="program")]
    [('unsupported_syntax', ('line', 2, 'column', 5))]

    .. versionadded:: 0.1.0
    """
    chosen = producer_of("reply_refusals", producer)
    given, by, most = defaults(chosen, source_id, introduced_by, max_bytes)
    return refusals_of(
        "reply_refusals", chosen, reply, text, given, by, limit, most, options
    )
