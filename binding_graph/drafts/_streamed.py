"""A reply that ``ask`` gives as chunks, as a model writes it: read through its format's streaming checker, and stopped at the first certain refusal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple, cast

from binding_graph.drafts._checker import Checker
from binding_graph.drafts._program_functions import ProgramChecker, is_program
from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from binding_graph.drafts._producer import Producer

__all__ = [
    "Read",
    "check_stream",
    "checker_of",
    "chunks_of",
    "read_answer",
    "read_chunks",
]

_EXPECTED = "a callable that returns a str, or an iterable of str chunks"


class Read(NamedTuple):
    """What was read of a reply given as chunks: its text so far, the refusals that stopped it, and whether it was stopped."""

    reply: str
    refusals: tuple[BindingGraphError, ...]
    stopped: bool


def checker_of(  # noqa: PLR0917 -- internal; repair names them
    producer: Producer,
    text: str,
    source_id: str,
    introduced_by: object,
    max_bytes: object,
    options: Mapping[str, object] | None,
) -> Checker | ProgramChecker | None:
    """Return the streaming checker of *producer*'s replies, or ``None`` for a format that has none."""
    if is_program(producer):
        question = (options or {}).get("question")
        return ProgramChecker(
            text,
            source_id=source_id,
            introduced_by=cast("str", introduced_by),
            question=cast("str | None", question),
            max_bytes=cast("int", max_bytes),
        )
    if producer.streams:
        return Checker(
            text,
            producer=producer,
            source_id=source_id,
            introduced_by=cast("str | None", introduced_by),
            max_bytes=cast("int | None", max_bytes),
        )
    return None


def check_stream(stream: object) -> None:
    """Refuse a *stream* that is neither a ``bool`` nor ``None``."""
    if stream is not None and type(stream) is not bool:
        refuse_type("repair", "stream", "a bool or None", stream, ("stream",))


def chunks_of(reply: object, *, stream: bool | None) -> Iterator[object] | None:
    """Return the chunks of *reply*, or ``None`` for a reply that is a whole ``str``; as *stream* (``None``: by the reply's type) asks.

    Raises:
        BindingGraphError: ``wrong_type`` for a reply that is neither a
            ``str`` nor iterable, or not the form *stream* asks for.
    """
    whole = type(reply) is str
    chunks: Iterator[object] | None = None
    # Text of another kind, or a tree, is no stream of chunks.
    other = isinstance(reply, (bytes, bytearray, memoryview, Mapping))
    if not (whole or other) and stream is not False:
        try:
            chunks = iter(cast("Iterable[object]", reply))
        except TypeError:
            chunks = None
    if (whole and stream is not True) or chunks is not None:
        return chunks
    expected = {
        True: "a callable that returns an iterable of str chunks (stream=True)",
        False: "a callable that returns a str (stream=False)",
        None: _EXPECTED,
    }[stream]
    return refuse_type("repair", "ask", expected, reply, ("ask",))


def read_chunks(
    chunks: Iterator[object], checker: Checker | ProgramChecker | None
) -> Read:
    """Read *chunks* through *checker* until they end or it tells a refusal; then close them, if they close, so that a generator stops the model's generation.

    Raises:
        BindingGraphError: ``wrong_type`` for a chunk that is not a ``str``.
    """
    read: list[str] = []
    told: tuple[BindingGraphError, ...] = ()
    try:
        for chunk in chunks:
            if type(chunk) is not str:
                refuse_type("repair", "ask", _EXPECTED, chunk, ("ask",))
            read.append(chunk)
            if checker is not None:
                told = checker.feed(chunk)
                if told:
                    break
    finally:
        close = getattr(chunks, "close", None)
        if callable(close):
            close()
    return Read("".join(read), told, stopped=bool(told))


def read_answer(
    answer: object,
    *,
    stream: bool | None,
    checker: Callable[[], Checker | ProgramChecker | None],
) -> Read:
    """Return what is read of *answer*, what ``ask`` returned: a whole ``str`` as it is; chunks through the checker that *checker* makes.

    Raises:
        BindingGraphError: ``wrong_type`` for an answer of neither form, or
            not of the form *stream* asks for, or a chunk that is not a
            ``str``.
    """
    chunks = chunks_of(answer, stream=stream)
    if chunks is None:
        return Read(cast("str", answer), (), stopped=False)
    return read_chunks(chunks, checker())
