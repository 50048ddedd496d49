"""The formats producers write, by name: :data:`PRODUCERS`, :func:`register` and :func:`unregister`.

The functions over replies and ``binding-graph bind`` find a format here,
by the name a caller gives, and nowhere else: a format registered is read
by all of them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph._show import short_repr
from binding_graph.drafts._draft.producer import DRAFT
from binding_graph.drafts._producer import Producer
from binding_graph.drafts._program.producer import PROGRAM
from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["BUILT_IN", "PRODUCERS", "producer_of", "register", "unregister"]

BUILT_IN: Final = (DRAFT, PROGRAM)
"""The formats the library reads itself: they stay registered."""

_REGISTERED: Final[dict[str, Producer]] = {
    producer.name: producer for producer in BUILT_IN
}

PRODUCERS: Final[Mapping[str, Producer]] = MappingProxyType(_REGISTERED)
"""Each format a producer writes, by its name: ``draft`` and ``program``, and those :func:`register` adds; read-only.

.. versionadded:: 0.1.0
"""


def register(producer: Producer) -> Producer:
    """Add *producer* to :data:`PRODUCERS` under its name, and return it.

    From then on, every function over replies reads the format by its name,
    and ``binding-graph bind --producer NAME`` too, when run in the same
    process (:func:`binding_graph.cli.main`).

    Raises:
        BindingGraphError: ``wrong_type`` for a *producer* that is not a
            :class:`Producer`; ``conflicting_values`` for a name already
            registered to another producer (registering the same one again
            changes nothing).

    .. versionadded:: 0.1.0
    """
    if type(producer) is not Producer:
        refuse_type("register", "producer", "a Producer", producer, ("producer",))
    known = _REGISTERED.get(producer.name)
    if known is not None and known is not producer:
        raise BindingGraphError(
            "conflicting_values",
            f"register.producer is named {producer.name!r}, which PRODUCERS holds"
            " already for another producer: unregister it first, or choose"
            " another name",
            ("producer", "name"),
        )
    _REGISTERED[producer.name] = producer
    return producer


def unregister(name: str) -> Producer:
    """Remove the producer registered under *name* from :data:`PRODUCERS`, and return it.

    Raises:
        BindingGraphError: ``not_in_vocabulary`` for a name not registered,
            or the name of a format the library reads itself (``draft``,
            ``program``), which stays.

    .. versionadded:: 0.1.0
    """
    producer = _REGISTERED.get(name) if type(name) is str else None
    if producer is None or any(producer is built_in for built_in in BUILT_IN):
        raise BindingGraphError(
            "not_in_vocabulary",
            f"unregister.name must be the name of a format that register() added"
            f" (got {short_repr(name)})",
            ("name",),
        )
    del _REGISTERED[name]
    return producer


def producer_of(function: str, value: object) -> Producer:
    """Return the producer *value* names (a name in :data:`PRODUCERS`), or *value* itself if it is a :class:`Producer`.

    Raises:
        BindingGraphError: ``not_in_vocabulary`` for a name not registered,
            ``wrong_type`` for neither a ``str`` nor a :class:`Producer`.
    """
    if type(value) is Producer:
        return value
    if type(value) is not str:
        expected = "the name of a format in PRODUCERS, or a Producer"
        refuse_type(function, "producer", expected, value, ("producer",))
    producer = _REGISTERED.get(value)
    if producer is None:
        raise BindingGraphError(
            "not_in_vocabulary",
            f"{function}.producer must be the name of a format in PRODUCERS:"
            f" {', '.join(_REGISTERED)} (got {short_repr(value)})",
            ("producer",),
        )
    return producer
