"""A reply checked as it is generated, for a format whose replies stream: :class:`Checker`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.drafts._checks.build import build
from binding_graph.drafts._checks.shape import Reader
from binding_graph.drafts._registry import producer_of
from binding_graph.drafts._replies import arguments, defaults
from binding_graph.drafts._sources.stream import Stream
from binding_graph.errors import refuse_type

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Producer
    from binding_graph.errors import BindingGraphError
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["Checker"]


class Checker:
    """Check a reply as it is generated, a chunk at a time, for a format whose replies stream; tell each refusal as soon as it is certain.

    :class:`DraftChecker` is this checker of drafts: see it for what
    :meth:`feed` and :meth:`close` promise.

    Args:
        text: The problem's whole text.
        producer: The format's name in :data:`PRODUCERS`, or a
            :class:`Producer`, whose replies stream
            (its ``streams``).
        source_id: The id of the text, for the graph's spans.
        introduced_by: As for :func:`compile_reply`.
        max_bytes: As for :func:`compile_reply`.

    Raises:
        BindingGraphError: for an argument, at it.

    .. versionadded:: 0.1.0
    """

    _function = "Checker"

    def __init__(
        self,
        text: str,
        *,
        producer: str | Producer = "draft",
        source_id: str,
        introduced_by: str | None = None,
        max_bytes: int | None = None,
    ) -> None:
        chosen = producer_of(self._function, producer)
        if not chosen.streams:
            expected = "the name of a format whose replies stream, such as 'draft'"
            refuse_type(self._function, "producer", expected, producer, ("producer",))
        self._start(
            chosen, text, *defaults(chosen, source_id, introduced_by, max_bytes)
        )

    def _start(
        self,
        producer: Producer,
        text: object,
        source_id: object,
        introduced_by: object,
        max_bytes: object,
    ) -> None:
        """Check the arguments as every reading checks them, then ready the stream."""
        self._engine, _, limit = arguments(
            self._function, producer, text, source_id, introduced_by, max_bytes
        )
        self._stream = Stream(Reader(self._engine), limit)
        self._told = 0
        self._closed = False
        self._graph: SemanticSymbolicBindingGraph | None = None

    @property
    def refusals(self) -> tuple[BindingGraphError, ...]:
        """Every refusal told so far, in order."""
        return tuple(self._engine.found[: self._told])

    @property
    def graph(self) -> SemanticSymbolicBindingGraph | None:
        """The graph of the reply, once ``close()`` has found no refusal, else ``None``."""
        return self._graph

    def _new(self) -> tuple[BindingGraphError, ...]:
        found = self._engine.found
        new = tuple(found[self._told :])
        self._told = len(found)
        return new

    def feed(self, chunk: str | bytes) -> tuple[BindingGraphError, ...]:
        """Read *chunk*, the next part of the reply; return the refusals it made certain.

        Raises:
            BindingGraphError: ``wrong_type`` for a chunk that is not exactly
                a ``str`` or ``bytes``, or one fed after :meth:`close`.
        """
        function = self._function
        if type(chunk) is not str and type(chunk) is not bytes:
            refuse_type(function, "chunk", "a str or bytes", chunk, ("chunk",))
        if self._closed:
            refuse_type(
                function, "chunk", "fed before close(), not after", chunk, ("chunk",)
            )
        self._stream.feed(chunk)
        return self._new()

    def close(self) -> tuple[BindingGraphError, ...]:
        """End the reply; return the refusals its end made certain, and build the graph if there are none at all.

        Closing again returns nothing new.
        """
        if self._closed:
            return ()
        self._closed = True
        self._stream.close()
        new = self._new()
        if not self._engine.found:
            self._graph = build(self._engine)
        return new
