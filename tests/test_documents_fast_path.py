"""Tests of the switch between the pure path and the fast one, with or without msgspec.

A stand-in fast path records what it is asked and answers as told, so that
these tests hold wherever they run: the readers and writers hand each call
over, take its answer, and answer themselves when it answers ``None``.
"""

from __future__ import annotations

import hashlib
import sys
import types
from typing import TYPE_CHECKING, Any

import pytest

import binding_graph
import binding_graph.documents
from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    canonical_bytes,
    content_hash,
    dumps,
    is_canonical,
    loads,
)
from binding_graph.documents import _paths, _writing
from tests._helpers import graph, span, untyped

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph.model import Model


class StandIn:
    """A fast path that answers as told and records each question."""

    def __init__(
        self, encoded: bytes | None = None, loaded: Model | None = None
    ) -> None:
        self.encoded = encoded
        self.loaded = loaded
        self.asked: list[tuple[str, object]] = []

    def canonical_bytes(self, obj: object, /) -> bytes | None:
        """Record *obj*; answer as told."""
        self.asked.append(("canonical_bytes", obj))
        return self.encoded

    def loads(self, text: str | bytes | bytearray, cls: type, /) -> Model | None:
        """Record *text* and *cls*; answer as told."""
        self.asked.append(("loads", (text, cls)))
        return self.loaded


@pytest.fixture
def restore_switch() -> Iterator[None]:
    """Put the switch back as the test found it."""
    before = _paths.fast
    try:
        yield
    finally:
        _paths.use(before)


def refusal(call: Any, *args: Any, **kwargs: Any) -> tuple[str, tuple[str | int, ...]]:
    """Return the code and path of the refusal that *call* raises."""
    with pytest.raises(BindingGraphError) as info:
        call(*args, **kwargs)
    return info.value.code, info.value.path


@pytest.mark.usefixtures("restore_switch")
class TestLoading:
    """The fast path loads on first use, unless it cannot or must not."""

    def test_the_variable_keeps_it_from_loading(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With BINDING_GRAPH_PURE set, load() gives None, msgspec or not."""
        # By its documented name: users set it by that name, not the constant.
        monkeypatch.setenv("BINDING_GRAPH_PURE", "1")
        assert _paths.load() is None

    def test_an_empty_variable_does_not_count(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """BINDING_GRAPH_PURE set to the empty string is as good as unset."""
        monkeypatch.setenv(_paths.PURE_VARIABLE, "")
        stand_in = StandIn()
        module = types.ModuleType("binding_graph.documents._fast")
        module.FAST_PATH = stand_in  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "binding_graph.documents._fast", module)
        monkeypatch.setattr(binding_graph.documents, "_fast", module, raising=False)
        assert _paths.load() is stand_in

    def test_without_the_extra_it_gives_none(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Where the fast module cannot be imported (no msgspec), load() gives None."""
        monkeypatch.delenv(_paths.PURE_VARIABLE, raising=False)
        monkeypatch.delattr(binding_graph.documents, "_fast", raising=False)
        # None in sys.modules makes the import raise ImportError.
        monkeypatch.setitem(sys.modules, "binding_graph.documents._fast", None)
        assert _paths.load() is None

    def test_with_the_module_it_gives_its_fast_path(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Where the fast module imports, load() gives its FAST_PATH."""
        monkeypatch.delenv(_paths.PURE_VARIABLE, raising=False)
        stand_in = StandIn()
        module = types.ModuleType("binding_graph.documents._fast")
        module.FAST_PATH = stand_in  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "binding_graph.documents._fast", module)
        monkeypatch.setattr(binding_graph.documents, "_fast", module, raising=False)
        assert _paths.load() is stand_in

    @pytest.mark.parametrize("first", ["canonical_bytes", "loads"])
    def test_first_use_installs_what_loads(
        self, monkeypatch: pytest.MonkeyPatch, first: str
    ) -> None:
        """The first call, either way, loads the fast path, installs and asks it."""
        stand_in = StandIn(encoded=b"{}", loaded=span())
        monkeypatch.setattr(_paths, "load", lambda: stand_in)
        _paths.reset()
        if first == "canonical_bytes":
            assert canonical_bytes(span()) == b"{}"
            asked: object = span()
        else:
            assert loads(b"{}", SourceSpanLink) == span()
            asked = (b"{}", SourceSpanLink)
        assert _paths.fast is stand_in
        assert stand_in.asked == [(first, asked)]

    @pytest.mark.parametrize("first", ["canonical_bytes", "loads"])
    def test_first_use_without_a_fast_path_installs_none(
        self, monkeypatch: pytest.MonkeyPatch, first: str
    ) -> None:
        """Where nothing loads, the first call answers on the pure path and installs None."""
        monkeypatch.setattr(_paths, "load", lambda: None)
        _paths.reset()
        text = _writing.reference_bytes(span())
        if first == "canonical_bytes":
            assert canonical_bytes(span()) == text
        else:
            assert loads(text, SourceSpanLink) == span()
        assert _paths.fast is None


@pytest.mark.usefixtures("restore_switch")
class TestWriting:
    """The writers hand each object over, and answer themselves on None."""

    def test_the_fast_answer_is_taken(self) -> None:
        """canonical_bytes, dumps and content_hash return what the fast path wrote."""
        stand_in = StandIn(encoded=b'{"fast":1}')
        _paths.use(stand_in)
        obj = span()
        assert canonical_bytes(obj) == b'{"fast":1}'
        assert dumps(obj) == '{"fast":1}'
        assert content_hash(obj) == content_hash_of(b'{"fast":1}')
        assert stand_in.asked == [("canonical_bytes", obj)] * 3

    def test_none_leaves_the_answer_to_the_pure_path(self) -> None:
        """When the fast path answers None, the pure path writes the same bytes as ever."""
        _paths.use(StandIn(encoded=None))
        obj = graph()
        expected = _writing.reference_bytes(obj)
        assert canonical_bytes(obj) == expected
        assert dumps(obj) == expected.decode()
        assert content_hash(obj) == content_hash_of(expected)

    def test_a_refusal_is_the_pure_paths(self) -> None:
        """What is not a model object is refused as the pure path refuses it, whatever the fast path says."""
        _paths.use(StandIn(encoded=None))
        for call in (canonical_bytes, dumps, content_hash):
            assert refusal(call, untyped("not a model object")) == ("wrong_type", ())


def content_hash_of(data: bytes) -> str:
    """Return the content hash of canonical bytes *data*."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


@pytest.mark.usefixtures("restore_switch")
class TestReading:
    """loads hands a checked text over, and reads it itself on None."""

    def test_the_fast_answer_is_taken(self) -> None:
        """The fast answer is returned; the fast path is asked with the text and class."""
        stand_in = StandIn(loaded=span(text="fast!"))
        _paths.use(stand_in)
        assert loads(b"anything", SourceSpanLink) == span(text="fast!")
        assert stand_in.asked == [("loads", (b"anything", SourceSpanLink))]

    def test_none_leaves_the_answer_to_the_pure_path(self) -> None:
        """When the fast path answers None, the pure path reads and refuses as ever."""
        _paths.use(StandIn(loaded=None))
        text = _writing.reference_bytes(graph())
        assert loads(text) == graph()
        assert refusal(loads, b'{"format": "x", "version": 1}') == (
            "malformed_document",
            ("format",),
        )
        assert is_canonical(text)

    @pytest.mark.parametrize(
        ("arguments", "expected"),
        [
            ({"text": 12}, ("wrong_type", ("text",))),
            ({"text": b"{}", "cls": dict}, ("wrong_type", ("cls",))),
            ({"text": b"{}", "max_bytes": 1.5}, ("wrong_type", ("max_bytes",))),
            ({"text": b"{} ", "max_bytes": 2}, ("limit_exceeded", ())),
        ],
    )
    def test_arguments_are_checked_before_it_is_asked(
        self, arguments: dict[str, Any], expected: tuple[str, tuple[str, ...]]
    ) -> None:
        """Wrong arguments and oversized texts are refused before the fast path sees them."""
        stand_in = StandIn(loaded=SemanticSymbolicBindingGraph())
        _paths.use(stand_in)
        assert refusal(loads, **arguments) == expected
        assert stand_in.asked == []
