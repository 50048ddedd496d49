"""The fuzz harness reads every input on both paths, and fails when they disagree."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import SourceSpanLink
from binding_graph.documents import _paths, _writing
from tests._helpers import span

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph.model import Model

HARNESS = Path(__file__).resolve().parent.parent / "fuzz" / "fuzz_documents.py"


def load_harness() -> Any:
    """Import fuzz/fuzz_documents.py, which is a script, not a module."""
    spec = importlib.util.spec_from_file_location("fuzz_documents_paths", HARNESS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Liar:
    """A fast path that reads every text as the same span, and writes nothing."""

    def canonical_bytes(self, obj: object, /) -> bytes | None:
        """Leave writing to the pure path."""
        del obj
        return None

    def loads(self, text: str | bytes | bytearray, cls: type, /) -> Model | None:
        """Answer a span, whatever the text says."""
        del text, cls
        return span(text="Lies!")


@pytest.fixture
def harness() -> Iterator[Any]:
    """The harness, with the switch put back as the test found it."""
    before = _paths.fast
    try:
        yield load_harness()
    finally:
        _paths.use(before)


class TestBothPaths:
    """The harness compares the pure and the fast path on every input."""

    def test_a_disagreement_fails_the_run(self, harness: Any) -> None:
        """A fast path that answers otherwise than the pure one raises PathsDisagreeError."""
        harness.FAST_PATH = Liar()
        data = _writing.reference_bytes(span())
        with pytest.raises(harness.PathsDisagreeError, match=r"^pure path: "):
            harness.target(data)

    def test_agreement_passes_and_restores_the_switch(self, harness: Any) -> None:
        """Paths that agree pass, and the switch is left as it was."""
        before = _paths.fast
        harness.FAST_PATH = None
        harness.target(_writing.reference_bytes(span()))
        assert _paths.fast is before

    def test_each_answer_holds_the_object_and_its_bytes(self, harness: Any) -> None:
        """An answer is the object with its canonical bytes and text, or the refusal, and what refusals lists."""
        text = _writing.reference_bytes(span())
        assert harness._answer(text, SourceSpanLink, None) == (  # noqa: SLF001
            span(),
            text,
            text.decode(),
            [],
        )
        refused, listed = harness._answer(b"{}", SourceSpanLink, None)  # noqa: SLF001
        assert refused[:2] == ("missing_key", ("source_id",))
        assert [entry[:2] for entry in listed] == [
            ("missing_key", ("source_id",)),
            ("missing_key", ("start",)),
            ("missing_key", ("end",)),
            ("missing_key", ("text",)),
        ]
