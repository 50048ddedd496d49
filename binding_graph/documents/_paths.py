"""Which path writes and reads JSON documents: the pure one, or the fast one.

The fast path (:mod:`binding_graph.documents._fast`) runs msgspec's C encoder and
parser, and needs the ``fast`` extra (``pip install binding-graph[fast]``).
It is loaded on first use, not on import, so that ``import binding_graph``
imports attrs and the standard library only; it is not loaded at all where
msgspec is missing, or where the environment variable ``BINDING_GRAPH_PURE``
is set to anything but the empty string.

The fast path decides nothing on its own: it answers ``None`` for anything
it does not take, and the pure path, which stays the reference, then
answers instead (see :mod:`binding_graph.documents._fast` for why both always agree).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    from binding_graph.model import Model


PURE_VARIABLE: Final = "BINDING_GRAPH_PURE"
"""The environment variable that, set, keeps the fast path from loading."""


class FastPath(Protocol):
    """What the pure path hands over: each answer, or ``None`` to answer itself."""

    def canonical_bytes(self, obj: object, /) -> bytes | None:
        """Return the canonical bytes of *obj*, or ``None``."""

    def loads(self, text: str | bytes | bytearray, cls: type, /) -> Model | None:
        """Return the *cls* that *text* holds, or ``None``.

        *text* and *cls* are already checked, and *text* is within the size
        limit.
        """


def load() -> FastPath | None:
    """Return the fast path, or ``None`` where it cannot or must not run."""
    if os.environ.get(PURE_VARIABLE):
        return None
    try:
        # Imported on first use: it imports msgspec, an optional dependency.
        from binding_graph.documents import _fast  # noqa: PLC0415
    except ImportError:  # the extra is not installed
        return None
    return _fast.FAST_PATH


class _FirstUse:
    """Stands in for the fast path until it is first asked, then loads it."""

    def canonical_bytes(self, obj: object, /) -> bytes | None:
        chosen = _install()
        return None if chosen is None else chosen.canonical_bytes(obj)

    def loads(self, text: str | bytes | bytearray, cls: type, /) -> Model | None:
        chosen = _install()
        return None if chosen is None else chosen.loads(text, cls)


fast: FastPath | None = _FirstUse()
"""The fast path in use, or ``None`` for the pure path alone.

The readers and writers read it on every call; until the first, it is a
stand-in that loads the fast path.
"""


def _install() -> FastPath | None:
    global fast  # noqa: PLW0603 -- the one switch, set once on first use
    fast = load()
    return fast


def unloaded() -> bool:
    """Tell whether the fast path is still to be loaded, on first use."""
    return isinstance(fast, _FirstUse)


def use(chosen: FastPath | None) -> None:
    """Make *chosen* the fast path, or ``None`` to run the pure path alone.

    For tests and benchmarks, which run both paths in one process.
    """
    global fast  # noqa: PLW0603 -- see _install
    fast = chosen


def reset() -> None:
    """Go back to loading the fast path on first use, as on import."""
    use(_FirstUse())
