"""Reading JSON text: loads, its hardened parser and size limit, and is_canonical."""

from __future__ import annotations

import contextlib
import gc
import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    dumps,
    from_data,
    is_canonical,
    loads,
    to_data,
)
from binding_graph.documents import _paths
from binding_graph.serialization import DEFAULT_MAX_BYTES
from tests._helpers import (
    READS,
    UTF8_SIZE,
    ErrorPath,
    code_and_path,
    collector_set,
    graph,
    span,
    symbol,
    untyped,
)

if TYPE_CHECKING:
    from collections.abc import Callable


# One refusal of each kind, with its exact code, path and message.
LOADS_MESSAGES: list[Any] = [
    pytest.param(
        lambda: loads("{}", max_bytes=untyped("1")),
        "wrong_type",
        ("max_bytes",),
        "loads.max_bytes must be an int, not str (got '1')",
        id="max_bytes-type",
    ),
    pytest.param(
        lambda: loads(untyped(3)),
        "wrong_type",
        ("text",),
        "loads.text must be a str or bytes, not int (got 3)",
        id="text-type",
    ),
]


class TestLoads:
    """loads reads str, bytes or bytearray, checks its arguments, and raises nothing but refusals."""

    def test_loads_takes_str_bytes_and_bytearray_with_any_whitespace(self) -> None:
        """A document reads from str, bytes or bytearray, with any whitespace and key order."""
        g = graph()
        pretty = json.dumps(to_data(g), indent=4, ensure_ascii=True)
        for text in (pretty, pretty.encode(), bytearray(pretty.encode())):
            assert loads(text) == g
        assert not is_canonical(pretty)

    @pytest.mark.parametrize(
        ("kwargs", "expected"),
        [
            ({"text": 12}, ("wrong_type", ("text",))),
            ({"text": None}, ("wrong_type", ("text",))),
            ({"text": "{}", "cls": dict}, ("wrong_type", ("cls",))),
            ({"text": "{}", "cls": []}, ("wrong_type", ("cls",))),
            ({"text": "{}", "max_bytes": 1.5}, ("wrong_type", ("max_bytes",))),
            ({"text": "{}", "max_bytes": True}, ("wrong_type", ("max_bytes",))),
        ],
    )
    def test_loads_refuses_wrong_arguments(
        self, kwargs: dict[str, Any], expected: tuple[str, ErrorPath]
    ) -> None:
        """A wrong argument to loads refuses as wrong_type, naming the argument."""
        assert code_and_path(loads, **kwargs) == expected

    @given(st.binary(max_size=200))
    def test_arbitrary_bytes_raise_only_binding_graph_error(self, raw: bytes) -> None:
        """Arbitrary bytes load or refuse with BindingGraphError; nothing else escapes."""
        for cls in (SemanticSymbolicBindingGraph, SourceSpanLink):
            with contextlib.suppress(BindingGraphError):
                loads(raw, cls)

    @pytest.mark.parametrize("enabled", [True, False])
    @pytest.mark.parametrize("refused", [True, False])
    def test_reading_pauses_the_collector_and_restores_it(
        self,
        monkeypatch: pytest.MonkeyPatch,
        enabled: bool,  # noqa: FBT001 -- a parameter of the test
        refused: bool,  # noqa: FBT001 -- a parameter of the test
    ) -> None:
        """Reading pauses the collector, then restores its state, refused or not."""
        document = '{"source_id": "p", "start": 0, "end": 1, "text": "x"}'
        if refused:
            document = document.replace('"end": 1', '"end": 0')
        during: list[bool] = []
        read: Callable[..., object] = getattr(*READS[0])

        def observed(data: object, cls: object, **options: bool) -> object:
            during.append(gc.isenabled())
            return read(data, cls, **options)

        # from_data and loads each look the shared reader up in their module;
        # the pure path reads every text with it.
        for place in READS:
            monkeypatch.setattr(*place, observed)
        monkeypatch.setattr(_paths, "fast", None)
        with collector_set(enabled=enabled):
            calls: list[Callable[[], object]] = [
                lambda: loads(document, SourceSpanLink),
                lambda: from_data(json.loads(document), SourceSpanLink),
            ]
            for call in calls:
                if refused:
                    with pytest.raises(BindingGraphError):
                        call()
                else:
                    assert call() == SourceSpanLink("p", 0, 1, "x")
                assert gc.isenabled() is enabled
        assert during == [False, False]

    @pytest.mark.parametrize(("call", "code", "path", "message"), LOADS_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


_DEEP = "[" * 100_000 + "]" * 100_000


def _malformed(text: str | bytes) -> tuple[str, ErrorPath]:
    return code_and_path(loads, text)


# One refusal of each kind, with its exact code, path and message.
TEXT_MESSAGES: list[Any] = [
    pytest.param(
        lambda: loads('{"a": 1, "b": 1, "b": 2}'),
        "malformed_document",
        (),
        "a JSON object must not repeat a key (got 'b' again)",
        id="repeated-key",
    ),
    pytest.param(
        lambda: loads('{"a": 9007199254740992}'),
        "malformed_document",
        (),
        "integers in a document must lie within -(2**53 - 1) and 2**53 - 1, as"
        " every JSON implementation holds them exactly (got '9007199254740992')",
        id="integer",
    ),
    pytest.param(
        lambda: loads('{"a": 1.5}'),
        "malformed_document",
        (),
        "numbers in a document must be integers, written without a fraction or an"
        " exponent (got '1.5')",
        id="fraction",
    ),
    pytest.param(
        lambda: loads('{"a": NaN}'),
        "malformed_document",
        (),
        "a document must not hold NaN: it is not JSON",
        id="nan",
    ),
    pytest.param(
        lambda: loads(b"{\xff}"),
        "malformed_document",
        (),
        "a document must be UTF-8 (invalid start byte at byte 1)",
        id="utf8",
    ),
    pytest.param(
        lambda: loads("\ufeff{}"),
        "malformed_document",
        (),
        "a document must not start with a byte order mark (U+FEFF)",
        id="bom",
    ),
    pytest.param(
        lambda: loads("[1, 2"),
        "malformed_document",
        (),
        "a document must be JSON (Expecting ',' delimiter: line 1 column 6)",
        id="json",
    ),
    pytest.param(
        lambda: loads(_DEEP),
        "limit_exceeded",
        (),
        "a document must not nest arrays and objects this deep",
        id="nesting-beyond-the-parser",
    ),
]


class TestMalformedText:
    """Text that is not strict JSON in UTF-8, within the format's numbers and nesting, is refused."""

    @pytest.mark.parametrize(
        ("text", "path"),
        [
            pytest.param(b"\xff{}", (), id="invalid-utf8"),
            pytest.param(b'{"a": "\xed\xa0\x80"}', (), id="utf8-encoded-surrogate"),
            pytest.param(b"\xef\xbb\xbf{}", (), id="bom-bytes"),
            pytest.param("\ufeff{}", (), id="bom-str"),
            pytest.param("", (), id="empty"),
            pytest.param("{", (), id="truncated"),
            pytest.param("{} {}", (), id="extra-data"),
            pytest.param("{'a': 1}", (), id="single-quotes"),
            pytest.param('{"a": 1, "a": 1}', (), id="duplicate-key"),
            pytest.param('{"format": {"a": 1, "a": 2}}', (), id="nested-duplicate"),
            pytest.param('{"format": NaN}', (), id="nan"),
            pytest.param('{"format": Infinity}', (), id="infinity"),
            pytest.param('{"format": -Infinity}', (), id="minus-infinity"),
            pytest.param('{"version": 1.0}', (), id="fraction"),
            pytest.param('{"version": 1e0}', (), id="exponent"),
            pytest.param('{"version": 9007199254740992}', (), id="int-above-2**53-1"),
            pytest.param('{"version": -9007199254740992}', (), id="int-below"),
            pytest.param('{"version": ' + "9" * 5000 + "}", (), id="int-5000-digits"),
            pytest.param(
                '{"format": "binding-graf", "version": 1}', ("format",), id="fmt"
            ),
            pytest.param('{"format": 1, "version": 1}', ("format",), id="fmt-type"),
        ],
    )
    def test_malformed_documents_refuse(
        self, text: str | bytes, path: ErrorPath
    ) -> None:
        """Every class of malformed text refuses as malformed_document, located."""
        assert _malformed(text) == ("malformed_document", path)

    @pytest.mark.parametrize(
        ("text", "path"),
        [
            pytest.param(_DEEP, (), id="nesting-beyond-the-parser"),
            pytest.param(
                '{"format": "binding-graph", "version": 1, "symbols": [[[[]]]]}',
                ("symbols", 0, 0, 0),
                id="nesting-beyond-the-format",
            ),
        ],
    )
    def test_nesting_too_deep_exceeds_a_limit(self, text: str, path: ErrorPath) -> None:
        """Nesting deeper than the format refuses as limit_exceeded, located."""
        assert _malformed(text) == ("limit_exceeded", path)

    def test_integers_at_the_limits_are_read(self) -> None:
        """Integers of magnitude up to 2**53 - 1 parse, and the model judges them."""
        assert loads(
            '{"source_id": "p", "start": 9007199254740990, "end": 9007199254740991,'
            ' "text": "x"}',
            SourceSpanLink,
        ) == SourceSpanLink("p", 2**53 - 2, 2**53 - 1, "x")
        text = '{"source_id": "p", "start": -9007199254740991, "end": 1, "text": "x"}'
        assert code_and_path(loads, text, SourceSpanLink) == (
            "invalid_span",
            ("start",),
        )

    @pytest.mark.parametrize(("call", "code", "path", "message"), TEXT_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


# One refusal of each kind, with its exact code, path and message.
SIZE_MESSAGES: list[Any] = [
    pytest.param(
        lambda: loads("{}", max_bytes=1),
        "limit_exceeded",
        (),
        "a document may take at most 1 bytes of UTF-8; this one takes more",
        id="size",
    ),
]


class TestSizeLimit:
    """Text beyond max_bytes of UTF-8 is refused as limit_exceeded, and only such text."""

    def test_documents_above_the_limit_refuse(self) -> None:
        """Text above max_bytes refuses as limit_exceeded, counted in UTF-8."""
        text = dumps(graph())
        size = len(text.encode())
        assert loads(text, max_bytes=size) == graph()
        assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
        raw = text.encode()
        assert code_and_path(loads, raw, max_bytes=size - 1) == ("limit_exceeded", ())
        assert DEFAULT_MAX_BYTES == 64 * 1024 * 1024

    def test_size_limit_counts_utf8_bytes_not_characters(self) -> None:
        """A non-ASCII document near the limit is measured in bytes of UTF-8."""
        g = graph(symbols=(*graph().symbols, symbol(symbol_id="w", name="\u00e9" * 40)))
        text = dumps(g)
        size = len(text.encode())
        assert len(text) < size
        assert loads(text, max_bytes=size) == g
        assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
        assert code_and_path(loads, text, max_bytes=len(text) - 1) == (
            "limit_exceeded",
            (),
        )
        assert loads(text, max_bytes=size * 4) == g

    def test_size_limit_encodes_only_text_that_could_exceed_it(
        self,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """Text whose characters could not exceed max_bytes in UTF-8 is never encoded."""
        g = graph(symbols=(*graph().symbols, symbol(symbol_id="w", name="\u00e9" * 40)))
        text = dumps(g)
        encoded: list[int] = []

        def count(document: str) -> int:
            encoded.append(len(document))
            return len(document.encode())

        monkeypatch.setattr(*UTF8_SIZE, count)
        # Four bytes a character at most: at 4 * len(text) the text cannot exceed.
        assert loads(text, max_bytes=4 * len(text)) == g
        assert encoded == []
        assert loads(text, max_bytes=4 * len(text) - 1) == g
        assert encoded == [len(text)]

    def test_a_lone_surrogate_near_the_limit_is_measured_then_refused(self) -> None:
        """Text with a lone surrogate is measured without error, then refused as text."""
        name = "\u00e9\ud800"
        data = to_data(graph())
        data["symbols"][0]["name"] = name
        text = json.dumps(data, ensure_ascii=False)
        size = len(text.encode("utf-8", "surrogatepass"))
        assert size > len(text)
        assert code_and_path(loads, text, max_bytes=size - 1) == ("limit_exceeded", ())
        assert code_and_path(loads, text, max_bytes=size) == (
            "invalid_text",
            ("symbols", 0, "name"),
        )

    def test_non_ascii_bytes_at_the_limit_are_read(self) -> None:
        """UTF-8 bytes of exactly max_bytes are read, non-ASCII ones included."""
        obj = span(start=0, end=2, text="\u00e9t")
        raw = dumps(obj).encode()
        assert loads(raw, SourceSpanLink, max_bytes=len(raw)) == obj
        assert loads(bytearray(raw), SourceSpanLink, max_bytes=len(raw)) == obj

    def test_non_ascii_text_as_long_as_the_limit_in_characters_refuses(self) -> None:
        """Text of max_bytes characters, some non-ASCII, takes more bytes: refused."""
        text = dumps(span(start=0, end=2, text="\u00e9t"))
        assert len(text.encode()) == len(text) + 1
        assert code_and_path(loads, text, SourceSpanLink, max_bytes=len(text)) == (
            "limit_exceeded",
            (),
        )
        assert loads(text, SourceSpanLink, max_bytes=len(text) + 1) == span(
            start=0, end=2, text="\u00e9t"
        )

    @pytest.mark.parametrize(("call", "code", "path", "message"), SIZE_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


class TestIsCanonical:
    """is_canonical is false for text that loads refuses, and checks its class."""

    def test_is_canonical_is_false_for_refused_text(self) -> None:
        """Text that loads refuses is not canonical."""
        assert not is_canonical(b"\xff")
        assert not is_canonical("{}")

    def test_from_data_and_is_canonical_refuse_a_wrong_class(self) -> None:
        """from_data and is_canonical refuse a cls that is not a model class."""
        assert code_and_path(from_data, {}, untyped(int)) == ("wrong_type", ("cls",))
        assert code_and_path(is_canonical, "{}", untyped(int)) == (
            "wrong_type",
            ("cls",),
        )
