"""A repair loop for a pipeline, over any producer: ask a model for a reply, compile it, and ask again with its refusals.

:func:`repair` is given the user's model call, ``ask(prompt) -> str``, where
the prompt is a completion prompt (a ``str``) or, with ``chat=True``, chat
messages. The prompts are the producer's (for drafts, :func:`draft_prompt`
or :func:`draft_messages`), then, for each round after the first, the
reply that was refused and its refusals as
:func:`~binding_graph.format_refusals` tells them under the producer's
header; or the user's own, a prompt given, or a function of each
:class:`Round`.
"""

from __future__ import annotations

import hashlib
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, cast, overload

import attrs

from binding_graph._gc_pause import call_paused
from binding_graph.drafts._checks.build import build
from binding_graph.drafts._producer import Message, Producer
from binding_graph.drafts._prompts import (
    again,
    asked,
    checked_prompt,
    copied,
    is_prompt,
    user_messages,
)
from binding_graph.drafts._registry import producer_of
from binding_graph.drafts._replies import (
    DEFAULT_LIMIT,
    arguments,
    defaults,
    listed,
    read_reply,
)
from binding_graph.drafts._streamed import check_stream, checker_of, read_answer
from binding_graph.errors import BindingGraphError, format_refusals, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.trust import trust_refusals

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

__all__ = ["Attempt", "Repair", "Round", "repair"]


def _hash(reply: str) -> str:
    digest = hashlib.sha256(reply.encode(errors="surrogatepass")).hexdigest()
    return f"sha256:{digest}"


def _str(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str:
        owner = type(instance).__name__
        refuse_type(owner, attribute.name, "a str", value, (attribute.name,))


def _tuple_of(value: object, cls: type, *, empty: bool) -> bool:
    """Tell whether *value* is exactly a tuple of exactly *cls* instances (and not empty, unless *empty*)."""
    if type(value) is not tuple:
        return False
    items = cast("tuple[object, ...]", value)
    return (empty or bool(items)) and all(type(item) is cls for item in items)


def _prompt(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not is_prompt(value):
        expected = "a str, or a tuple of messages of 'role' and 'content'"
        refuse_type("Attempt", attribute.name, expected, value, (attribute.name,))


def _refusals(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _tuple_of(value, BindingGraphError, empty=True):
        expected = "a tuple of BindingGraphError"
        refuse_type("Attempt", attribute.name, expected, value, (attribute.name,))


def _flag(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        refuse_type("Attempt", attribute.name, "a bool", value, (attribute.name,))


def _graph(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and type(value) is not SemanticSymbolicBindingGraph:
        expected = "a SemanticSymbolicBindingGraph or None"
        refuse_type("Repair", attribute.name, expected, value, (attribute.name,))


def _attempts(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _tuple_of(value, Attempt, empty=False):
        expected = "a tuple of at least one Attempt"
        refuse_type("Repair", attribute.name, expected, value, (attribute.name,))


@attrs.frozen(kw_only=True, weakref_slot=False)
class Attempt:
    """One round of :func:`repair`: the prompt sent, the reply, and what was refused of it.

    Args:
        prompt: The prompt given to ``ask``: a ``str``, or, with
            ``chat=True``, a tuple of the messages given, each a
            :class:`Message`.
        reply: What ``ask`` returned; of a reply given as chunks, what
            was read of it, those chunks joined.
        refusals: The reply's refusals, as
            :func:`~binding_graph.drafts.reply_refusals` lists them; empty
            for the reply that compiled. Of a reply stopped, the refusals
            that stopped it.
        content_hash: ``sha256:`` and the hex digest of the reply's UTF-8,
            by which a pipeline sees a model that writes the same reply again.
        stopped: Whether the reply, given as chunks, was stopped at its
            first certain refusal, before its end: ``reply`` is then what
            was read, and ``refusals`` what its format's streaming checker
            told of it.

    Raises:
        BindingGraphError: ``wrong_type`` for a field of the wrong type.

    .. versionadded:: 0.1.0
    """

    prompt: str | tuple[Message, ...] = attrs.field(validator=_prompt)
    reply: str = attrs.field(validator=_str)
    refusals: tuple[BindingGraphError, ...] = attrs.field(validator=_refusals)
    content_hash: str = attrs.field(validator=_str)
    stopped: bool = attrs.field(default=False, validator=_flag)


@attrs.frozen(kw_only=True, weakref_slot=False)
class Repair:
    """What :func:`repair` returns: the graph, if a reply compiled, and every attempt.

    Args:
        graph: The graph of the first reply that compiled, or ``None``.
        attempts: Every attempt, in order, at least one; the last is the one
            that compiled, if any did.

    Raises:
        BindingGraphError: ``wrong_type`` for a field of the wrong type.

    .. versionadded:: 0.1.0
    """

    graph: SemanticSymbolicBindingGraph | None = attrs.field(validator=_graph)
    attempts: tuple[Attempt, ...] = attrs.field(validator=_attempts)

    @property
    def refusals(self) -> tuple[BindingGraphError, ...]:
        """The last attempt's refusals, empty when a reply compiled."""
        return self.attempts[-1].refusals


@attrs.frozen(kw_only=True, weakref_slot=False)
class Round:
    """What a prompt function of :func:`repair` is given, each round: the problem, its format, and the attempts before.

    Args:
        text: The problem's text.
        producer: The format of the reply asked for.
        attempts: The attempts of the rounds before, in order: empty in the
            first round.

    .. versionadded:: 0.1.0
    """

    text: str
    producer: Producer
    attempts: tuple[Attempt, ...]

    @property
    def reply(self) -> str | None:
        """The reply of the round before, refused; ``None`` in the first round."""
        return self.attempts[-1].reply if self.attempts else None

    @property
    def refusals(self) -> tuple[BindingGraphError, ...]:
        """The refusals of the reply of the round before; empty in the first round."""
        return self.attempts[-1].refusals if self.attempts else ()

    @property
    def feedback(self) -> str | None:
        """The refusals of the round before as :func:`~binding_graph.format_refusals` tells them, under the format's header; ``None`` in the first round."""
        if not self.attempts:
            return None
        return format_refusals(self.refusals, header=self.producer.header)


def _prompts(
    producer: Producer, text: str, prompt: object, *, chat: bool
) -> Callable[[tuple[Attempt, ...]], str | list[Message]]:
    """Return the prompt of each round, given the attempts before it; a *prompt* given is checked now, before the model is asked."""
    if callable(prompt):
        made = cast("Callable[[Round], object]", prompt)

        def of_round(attempts: tuple[Attempt, ...]) -> str | list[Message]:
            now = Round(text=text, producer=producer, attempts=attempts)
            return checked_prompt("repair", asked("repair", made, now), text, chat=chat)

        return of_round
    if prompt is not None:
        first = checked_prompt("repair", prompt, text, chat=chat)
    elif chat:
        first = user_messages(producer, text)
    else:
        first = producer.prompt(text)

    def after(attempts: tuple[Attempt, ...]) -> str | list[Message]:
        if not attempts:
            return first
        return again(producer, first, attempts[-1].reply, attempts[-1].refusals)

    return after


@overload
def repair(
    ask: Callable[[str], str | Iterable[str]],
    text: str,
    *,
    source_id: str,
    producer: str | Producer = ...,
    prompt: str | Callable[[Round], str] | None = ...,
    chat: Literal[False] = ...,
    rounds: int = ...,
    introduced_by: str | None = ...,
    max_bytes: int | None = ...,
    options: Mapping[str, object] | None = ...,
    trust: bool = ...,
    stream: bool | None = ...,
) -> Repair: ...


@overload
def repair(
    ask: Callable[[list[Message]], str | Iterable[str]],
    text: str,
    *,
    source_id: str,
    producer: str | Producer = ...,
    prompt: list[Message] | Callable[[Round], list[Message]] | None = ...,
    chat: Literal[True],
    rounds: int = ...,
    introduced_by: str | None = ...,
    max_bytes: int | None = ...,
    options: Mapping[str, object] | None = ...,
    trust: bool = ...,
    stream: bool | None = ...,
) -> Repair: ...


def repair(
    ask: Callable[[Any], object],
    text: str,
    *,
    source_id: str | None = None,
    producer: str | Producer = "draft",
    prompt: object = None,
    chat: bool = False,
    rounds: int = 3,
    introduced_by: str | None = None,
    max_bytes: int | None = None,
    options: Mapping[str, object] | None = None,
    trust: bool = True,
    stream: bool | None = None,
) -> Repair:
    """Ask a model for a reply of the format *producer* to *text* until one compiles, at most *rounds* times, feeding each round's refusals back.

    ``ask`` is given a completion prompt, a ``str``; or, with
    ``chat=True``, chat messages, a new ``list`` of :class:`Message` each
    call, as OpenAI-compatible servers and llama-cpp-python's
    ``create_chat_completion`` take them. The first prompt is the
    producer's (:func:`draft_prompt` or :func:`draft_messages` for drafts,
    :func:`program_prompt` or :func:`program_messages` for programs), or
    *prompt*; each after it is that prompt with the reply refused and its
    refusals as :func:`~binding_graph.format_refusals` tells them (with the
    producer's ``header``): for a ``str``, appended with the producer's
    ``cue``, asking for the whole reply again; for messages, as an
    ``assistant`` message and a ``user`` message. A *prompt* that is a
    function is called each round with the :class:`Round`, and its prompt
    is sent as it is. It stops at the first reply that compiles and that
    the profile for model output accepts (unless ``trust=False``), or
    after *rounds* replies.

    ``ask`` may also return the reply as it is written, an iterable of
    ``str`` chunks (a generator over a model's stream, say): each chunk is
    fed to the format's streaming checker (:class:`Checker` for drafts,
    :class:`ProgramChecker` for programs), and at the first refusal it
    tells, certain whatever follows, the reply is read no further: the
    iterable is closed, if it has a ``close()`` (so a generator stops, and
    with it the model's generation), the :class:`Attempt` keeps what was
    read, marked ``stopped``, with that refusal, and the model is asked
    again with it. A reply that streams to its end (or of a format with
    no streaming checker) is read whole, as a ``str`` is.

    Args:
        ask: The model call: given a prompt, the model's reply, a ``str``.
            Whatever it raises propagates, untouched: a failing call is not
            a refusal.
        text: The problem's text.
        source_id: The id of the text, for every span of the graph: the id
            of its gold case (such as ``'gsm8k-test-0'``), by which a score
            pairs the graph with it.
        producer: The format's name in :data:`PRODUCERS`, or a
            :class:`Producer`.
        prompt: The first prompt, in place of the producer's: a ``str``,
            or messages with ``chat=True``; or a function of each
            :class:`Round` that returns the whole prompt of the round. It
            must state *text* exactly as it is given, since the model quotes
            it.
        chat: Whether ``ask`` is given chat messages rather than a ``str``.
        rounds: The most replies to ask for, at least 1.
        introduced_by: As for :func:`compile_reply`.
        max_bytes: As for :func:`compile_reply`.
        options: As for :func:`compile_reply`.
        trust: Whether a reply that compiles must also pass the profile
            for model output, :func:`binding_graph.trust.trust_refusals`,
            whose refusals (their paths into the compiled graph) are fed
            back as a reply's are; ``True`` by default.
        stream: Whether ``ask`` returns chunks (``True``) or a whole
            ``str`` (``False``); ``None``, by default, takes a ``str`` as
            whole and any other iterable as chunks.

    Returns:
        The graph (or ``None``) and every attempt.

    Raises:
        BindingGraphError: ``missing_key`` for no *source_id*;
            ``wrong_type`` for arguments of the wrong type, a *rounds*
            below 1, a reply that is neither a ``str`` nor an iterable of
            ``str`` (or not the form *stream* asks for), or a *prompt* of the
            other form than *chat* says, or a function that raises or
            returns one; ``missing_key``, ``unknown_key`` or
            ``not_in_vocabulary`` at ``('prompt', i, ...)`` for a malformed
            message; ``quote_not_found`` for a prompt that does not state
            *text*; as :func:`compile_reply` for the others. Each, but a
            prompt function's, is refused before the model is asked.

    >>> from binding_graph.drafts import repair
    >>> replies = iter(['{"quantities": []}', '{"quantities": [], "steps": [],'
    ...                 ' "question": {"name": "n", "quote": "How many?"}}'])
    >>> result = repair(lambda prompt: next(replies), "How many?", rounds=2,
    ...                 source_id="p1")
    >>> [len(attempt.refusals) for attempt in result.attempts], result.graph is None
    ([2, 1], True)

    .. versionadded:: 0.1.0
    """
    if not callable(ask):
        refuse_type("repair", "ask", "a callable", ask, ("ask",))
    if type(chat) is not bool:
        refuse_type("repair", "chat", "a bool", chat, ("chat",))
    if type(trust) is not bool:
        refuse_type("repair", "trust", "a bool", trust, ("trust",))
    check_stream(stream)
    if type(rounds) is not int or rounds < 1:
        refuse_type("repair", "rounds", "an int of at least 1", rounds, ("rounds",))
    if source_id is None:
        raise BindingGraphError(
            "missing_key",
            "repair.source_id is required: the id of the problem's text, such"
            " as its gold case's ('gsm8k-test-0'), by which a score pairs the"
            " graph with the case",
            ("source_id",),
        )
    chosen = producer_of("repair", producer)
    _, by, most = defaults(chosen, source_id, introduced_by, max_bytes)
    # A wrong argument is refused before the model is asked, not after.
    arguments("repair", chosen, text, source_id, by, most, options)
    prompt_of = _prompts(chosen, text, prompt, chat=chat)
    checker = partial(checker_of, chosen, text, source_id, by, most, options)
    attempts: list[Attempt] = []
    for _ in range(rounds):
        sent = prompt_of(tuple(attempts))
        answer = ask(sent if type(sent) is str else copied(sent))
        kept = sent if type(sent) is str else tuple(copied(sent))
        reply, told, stopped = read_answer(answer, stream=stream, checker=checker)
        found = listed(list(told), DEFAULT_LIMIT, "repair", chosen.name)
        graph = None
        if not stopped:
            engine, every = call_paused(
                read_reply,
                "repair",
                chosen,
                reply,
                text,
                source_id,
                by,
                most,
                options,
            )
            found = listed(every, DEFAULT_LIMIT, "repair", chosen.name)
            graph = None if found else build(engine)
            if graph is not None and trust:
                found = trust_refusals(graph)
        attempts.append(
            Attempt(
                prompt=kept,
                reply=reply,
                refusals=found,
                content_hash=_hash(reply),
                stopped=stopped,
            )
        )
        if not found:
            return Repair(graph=graph, attempts=tuple(attempts))
    return Repair(graph=None, attempts=tuple(attempts))
