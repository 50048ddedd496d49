"""Differential tests: the fast path and the pure path give equal objects, bytes and refusals.

Every test runs the same call twice, once with the fast path switched off
and once with it on, and compares the answers: the object (by equality),
the bytes, or the refusal's code, path and message.
These need msgspec, the ``fast`` extra; the rest of the suite runs both
ways too, with ``BINDING_GRAPH_PURE`` set or not (see tox.ini).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    canonical_bytes,
    content_hash,
    dumps,
    from_data,
    is_canonical,
    loads,
    refusals,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.documents import _paths, _writing
from binding_graph.model import MODEL_CLASSES
from tests._documents import hostile_texts
from tests._golden import word_problem
from tests._helpers import equation, graph, span, symbol, untyped

pytest.importorskip("msgspec", reason="the fast extra (msgspec) is not installed")

from binding_graph.documents import _fast

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from binding_graph.model import Model

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.json"))
SEEDS = sorted((ROOT / "tests" / "fuzz_corpus").iterdir())
FAST = _fast.FAST_PATH


@pytest.fixture(autouse=True)
def restore_switch() -> Iterator[None]:
    """Put the switch back as each test found it."""
    before = _paths.fast
    try:
        yield
    finally:
        _paths.use(before)


def _outcome(call: Callable[[], object]) -> object:
    try:
        return call()
    except BindingGraphError as exc:
        return ("refused", exc.code, exc.path, exc.message)


def both(call: Callable[[], object]) -> tuple[object, object]:
    """Return *call*'s answer on the pure path, then on the fast path."""
    _paths.use(None)
    pure = _outcome(call)
    _paths.use(FAST)
    fast = _outcome(call)
    return pure, fast


_EVERY_OBJECT = st.one_of([st.from_type(cls) for cls in MODEL_CLASSES])


class BytesEqualToEverything(bytes):
    """Bytes that compare equal to anything: a reflected comparison would believe them."""

    __slots__ = ()
    __hash__ = bytes.__hash__

    def __eq__(self, other: object) -> bool:
        return True


class LengthZero(str):
    """A str that says it is empty: a size limit that asked it would believe it."""

    __slots__ = ()

    def __len__(self) -> int:
        return 0


_REPEATED_KEY = b'{"end":1,"source_id":"a","source_id":"p","start":0,"text":"h"}'
# Texts of a subclass: each would read as a valid object if loads asked it.
_SUBCLASSED_TEXTS: dict[str, Callable[[], object]] = {
    "bytes equal to everything": lambda: BytesEqualToEverything(_REPEATED_KEY),
    "str of length zero": lambda: LengthZero(_writing.reference_bytes(span()).decode()),
}


class TestBytes:
    """canonical_bytes, dumps and content_hash write the same on both paths."""

    @given(_EVERY_OBJECT)
    def test_equal_bytes_for_every_object(self, obj: Any) -> None:
        """Any object of any class: the same bytes, text and hash, written fast."""
        reference = _writing.reference_bytes(obj)
        assert FAST.canonical_bytes(obj) == reference
        writers: list[Callable[[Any], object]] = [canonical_bytes, dumps, content_hash]
        for write in writers:
            pure, fast = both(partial(write, obj))
            assert pure == fast
        assert both(lambda: canonical_bytes(obj)) == (reference, reference)

    def test_every_character_is_written_the_same(self) -> None:
        """Each character but the lone surrogates, in a span's text, writes the same."""
        characters = "".join(
            chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF
        )
        obj = span(start=0, end=len(characters), text=characters)
        assert FAST.canonical_bytes(obj) == _writing.reference_bytes(obj)

    def test_every_character_alone_is_written_the_same(self) -> None:
        """Each character on its own, as the encoder meets it between others, writes the same."""
        characters = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
        fast = _fast._ENCODE(characters)  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        written = "[" + ",".join(map(json.encoder.encode_basestring, characters)) + "]"
        assert fast == written.encode()

    def test_sets_sort_by_code_point(self) -> None:
        """Dependencies from several planes sort as sorted() sorts them."""
        ids = frozenset({"a", "\u00e9t\u00e9", "\ufa0ex", "\U00020000x", "\u4e00", "_"})
        obj = equation(dependencies=ids)
        assert FAST.canonical_bytes(obj) == _writing.reference_bytes(obj)

    def test_what_is_not_a_model_object_is_refused_the_same(self) -> None:
        """A foreign object gets the pure path's refusal, on both paths."""
        assert FAST.canonical_bytes(untyped([1])) is None
        pure, fast = both(lambda: canonical_bytes(untyped([1])))
        assert pure == fast
        assert pure[:3] == ("refused", "wrong_type", ())  # type: ignore[index]


class TestSubclassedText:
    """A text of a subclass of str or bytes is refused, the same on both paths."""

    @pytest.mark.parametrize(
        "make", list(_SUBCLASSED_TEXTS.values()), ids=list(_SUBCLASSED_TEXTS)
    )
    def test_a_subclassed_text_is_refused_the_same(
        self, make: Callable[[], object]
    ) -> None:
        """Loads refuses the text as wrong_type on both paths, asking it nothing."""
        pure, fast = both(lambda: loads(untyped(make()), SourceSpanLink, max_bytes=10))
        assert pure == fast
        assert pure[:3] == ("refused", "wrong_type", ("text",))  # type: ignore[index]

    def test_bytes_equal_to_everything_are_not_canonical(self) -> None:
        """is_canonical answers False for them on both paths."""
        text = untyped(BytesEqualToEverything(_REPEATED_KEY))
        assert both(lambda: is_canonical(text, SourceSpanLink)) == (False, False)


_NEAR_CANONICAL: dict[str, Callable[[bytes], bytes]] = {
    "repeated key": lambda t: t.replace(b'{"end":', b'{"end":5,"end":', 1),
    "repeated header": lambda t: t.replace(b'"version":1', b'"version":1,"version":1'),
    "byte order mark": lambda t: b"\xef\xbb\xbf" + t,
    "version 2": lambda t: t.replace(b'"version":1', b'"version":2'),
    "other format": lambda t: t.replace(
        b'"format":"binding-graph"', b'"format":"other"'
    ),
    "offset past 2**53 - 1": lambda t: t.replace(
        b'"end":5', b'"end":9007199254740992', 1
    ),
    "offset past 2**64": lambda t: t.replace(
        b'"end":5', b'"end":18446744073709551616', 1
    ),
    "fraction": lambda t: t.replace(b'"end":5', b'"end":5.0', 1),
    "exponent": lambda t: t.replace(b'"end":5', b'"end":5e0', 1),
    "lone surrogate": lambda t: t.replace(b'"Alice"', b'"\\ud800lice"', 1),
    "invalid UTF-8": lambda t: t.replace(b'"Alice"', b'"Al\xffce"', 1),
    "a raw control character": lambda t: t.replace(b'"Alice"', b'"Al\x01ce"', 1),
    "truncated": lambda t: t[:-1],
}
"""A canonical text with one thing changed that the pure path refuses."""

_NOT_CANONICAL: dict[str, Callable[[bytes], bytes]] = {
    "trailing space": lambda t: t + b" ",
    "leading space": lambda t: b" " + t,
    "spaced": lambda t: t.replace(b":", b" : ").replace(b",", b", "),
    "escaped letter": lambda t: t.replace(b'"Alice"', b'"Alic\\u0065"', 1),
    "escaped slash": lambda t: t.replace(b'"test"', b'"te\\/t"', 1),
    "keys reordered": lambda t: json.dumps(
        dict(reversed(json.loads(t).items()))
    ).encode(),
}
"""A canonical text written otherwise, as a valid document may be."""


def _loaded(
    text: str | bytes, cls: type[Model] = SemanticSymbolicBindingGraph
) -> object:
    pure, fast = both(partial(loads, text, cls))
    assert pure == fast
    return pure


class TestLoads:
    """loads reads and refuses the same on both paths."""

    @given(bgst.graphs())
    def test_canonical_documents_are_read_fast(
        self, g: SemanticSymbolicBindingGraph
    ) -> None:
        """A canonical document is read by the fast path, as the equal graph."""
        text = _writing.reference_bytes(g)
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == g
        assert FAST.loads(text.decode(), SemanticSymbolicBindingGraph) == g
        assert FAST.loads(bytearray(text), SemanticSymbolicBindingGraph) == g
        assert _loaded(text) == g

    @given(_EVERY_OBJECT)
    def test_canonical_fragments_are_read_fast(self, obj: Model) -> None:
        """A canonical fragment of any class is read by the fast path too."""
        text = _writing.reference_bytes(obj)
        cls: type[Model] = type(obj)
        assert FAST.loads(text, cls) == obj
        assert _loaded(text, cls) == obj

    @given(hostile_texts())
    def test_any_text_reads_the_same(self, text: str) -> None:
        """Any way of writing a document: the same graph or refusal; a canonical one, fast."""
        answer = _loaded(text)
        fast = FAST.loads(text, SemanticSymbolicBindingGraph)
        if fast is not None:
            assert fast == answer
        if isinstance(answer, SemanticSymbolicBindingGraph) and (
            canonical_bytes(answer) == text.encode()
        ):
            assert fast == answer

    @given(bgst.invalid_graph_documents())
    def test_invalid_documents_are_refused_the_same(
        self, case: tuple[dict[str, Any], str]
    ) -> None:
        """A document with one rule broken is refused the same, written either way."""
        document, _ = case
        compact = json.dumps(document)
        ordered = json.dumps(
            document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        for text in (compact, ordered):
            answer = _loaded(text)
            assert isinstance(answer, tuple)
            assert FAST.loads(text, SemanticSymbolicBindingGraph) is None

    @pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
    def test_golden_files_read_the_same(self, path: Path) -> None:
        """Each golden file reads the same on both paths; a golden graph, fast."""
        data = path.read_bytes()
        answer = _loaded(data)
        if isinstance(answer, SemanticSymbolicBindingGraph):
            assert FAST.loads(data, SemanticSymbolicBindingGraph) == answer

    @pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name)
    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_fuzz_seeds_and_their_prefixes_read_the_same(
        self, seed: Path, cls: type
    ) -> None:
        """Each seed of the fuzz corpus, and each of its prefixes, as text and bytes."""
        data = seed.read_bytes()
        for end in range(0, len(data) + 1, max(1, len(data) // 64)):
            _loaded(data[:end], cls)
            _loaded(data[:end].decode("utf-8", "replace"), cls)

    @pytest.mark.parametrize(
        "change", list(_NEAR_CANONICAL.values()), ids=list(_NEAR_CANONICAL)
    )
    def test_near_canonical_texts_are_left_to_the_pure_path(
        self, change: Callable[[bytes], bytes]
    ) -> None:
        """A canonical text with one thing changed that the pure path refuses: never read fast, refused the same."""
        text = change(_writing.reference_bytes(graph()))
        assert text != _writing.reference_bytes(graph())
        assert FAST.loads(text, SemanticSymbolicBindingGraph) is None
        assert isinstance(_loaded(text), tuple)

    @pytest.mark.parametrize(
        "change", list(_NOT_CANONICAL.values()), ids=list(_NOT_CANONICAL)
    )
    def test_valid_texts_written_otherwise_are_read_fast(
        self, change: Callable[[bytes], bytes]
    ) -> None:
        """A valid document written otherwise than canonically: read fast, as the same graph."""
        text = change(_writing.reference_bytes(graph()))
        assert text != _writing.reference_bytes(graph())
        answer = _loaded(text)
        assert isinstance(answer, SemanticSymbolicBindingGraph)
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == answer

    def test_colons_in_strings_are_read_fast(self) -> None:
        """A text whose strings hold colons is read fast, canonical or not."""
        g = graph(
            symbols=(symbol(symbol_id="x", name="9:30 a.m."), *graph().symbols[1:])
        )
        text = _writing.reference_bytes(g)
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == g
        assert FAST.loads(b" " + text, SemanticSymbolicBindingGraph) == g

    def test_what_the_counts_cannot_vouch_for_is_read_fast_only_where_canonical(
        self,
    ) -> None:
        """Colons beside escaped characters: read fast where the text is canonical, and otherwise by the pure path, the same."""
        g = graph(
            symbols=(symbol(symbol_id="x", name="9:30\x01 a.m."), *graph().symbols[1:])
        )
        text = _writing.reference_bytes(g)
        assert b"\\u0001" in text
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == g
        spaced = b" " + text
        assert FAST.loads(spaced, SemanticSymbolicBindingGraph) is None
        assert _loaded(spaced) == g

    def test_a_lone_surrogate_in_a_str_is_left_to_the_pure_path(self) -> None:
        """A str that holds a lone surrogate cannot be UTF-8: the pure path refuses it."""
        text = _writing.reference_bytes(span()).decode().replace("Alice", "\ud800lice")
        assert FAST.loads(text, SourceSpanLink) is None
        answer = _loaded(text, SourceSpanLink)
        assert isinstance(answer, tuple)
        assert answer[1] == "invalid_text"

    def test_the_size_limit_holds_on_both_paths(self) -> None:
        """A canonical text one byte over max_bytes is refused on both paths."""
        text = _writing.reference_bytes(graph())
        pure, fast = both(lambda: loads(text, max_bytes=len(text) - 1))
        assert pure == fast
        assert pure[:3] == ("refused", "limit_exceeded", ())  # type: ignore[index]
        assert both(lambda: loads(text, max_bytes=len(text))) == (graph(), graph())

    @given(hostile_texts())
    def test_is_canonical_says_the_same(self, text: str) -> None:
        """is_canonical answers the same on both paths."""
        pure, fast = both(lambda: is_canonical(text))
        assert pure == fast

    def test_a_graph_of_every_kind_of_value_is_read_fast(self) -> None:
        """Non-ASCII text, controls, null and refused equations: read fast, and equal."""
        g = graph(
            symbols=(
                symbol(symbol_id="x", name="Zo\u00eb \u2028 \x00", entity="\U0001f34e"),
                *graph().symbols[1:],
            ),
            equations=(
                equation(
                    admissibility_status="refused", refusal_reason='a "quoted" \\ why'
                ),
            ),
        )
        text = _writing.reference_bytes(g)
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == g
        assert _loaded(text) == g


# The word problem's letters in other scripts, one code point for one, so
# that every length, offset and quote holds: accents, and letters of Greek,
# Cyrillic, Devanagari, Arabic and CJK (all of them identifier letters, and
# NFKC-normal).
_SCRIPTS = {
    "accented": str.maketrans(
        "aeiouAEIOU", "\u00e0\u00e9\u00ef\u00f6\u00fc\u00c0\u00c9\u00cf\u00d6\u00dc"
    ),
    **{
        name: str.maketrans(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "".join(chr(first + i % span) for i in range(52)),
        )
        for name, first, span in (
            ("Greek", 0x03B1, 24),
            ("Cyrillic", 0x0430, 32),
            ("Devanagari", 0x0905, 10),
            ("Arabic", 0x0627, 20),
            ("CJK", 0x4E00, 52),
        )
    },
}
# Texts, and the symbol ids with every field that refers to one.
_WRITTEN = frozenset(
    {
        "name",
        "entity",
        "introduced_by",
        "unit",
        "text",
        "symbol_id",
        "lhs_symbol_id",
        "rhs_canonical",
        "dependencies",
        "predicate",
    }
)


def _in_script(data: object, table: dict[int, int]) -> Any:
    """Return the tree *data* with its texts and symbol ids in another script."""
    if isinstance(data, dict):
        tree: dict[str, object] = {}
        for key, value in cast("dict[str, object]", data).items():
            if key == "dependencies":
                tree[key] = [
                    str(item).translate(table) for item in cast("list[object]", value)
                ]
            elif key in _WRITTEN and isinstance(value, str):
                tree[key] = value.translate(table)
            else:
                tree[key] = _in_script(value, table)
        return tree
    if isinstance(data, list):
        return [_in_script(item, table) for item in cast("list[object]", data)]
    return data


class TestScripts:
    """A word problem in any script is read the same on both paths, and on the fast path."""

    @pytest.mark.parametrize("script", sorted(_SCRIPTS))
    def test_the_word_problem_in_another_script(self, script: str) -> None:
        """The bundled example's texts and ids in another script: one graph on both paths, read fast."""
        tree = _in_script(to_data(word_problem()), _SCRIPTS[script])
        built = from_data(tree)
        assert not built.symbols[0].symbol_id.isascii()
        assert not built.symbols[0].name.isascii()
        text = _writing.reference_bytes(built)
        assert both(lambda: canonical_bytes(built)) == (text, text)
        assert FAST.loads(text, SemanticSymbolicBindingGraph) == built
        assert _loaded(text) == built
        assert _loaded(text.decode()) == built

    @pytest.mark.parametrize("script", sorted(_SCRIPTS))
    def test_the_word_problem_in_another_script_broken(self, script: str) -> None:
        """The same with a blank name and a misquoting span: the same refusals on both paths, at their paths."""
        tree = _in_script(to_data(word_problem()), _SCRIPTS[script])
        tree["symbols"][0]["name"] = "\u3000"
        text = tree["symbols"][1]["source_span"]["text"]
        tree["symbols"][1]["source_span"]["text"] = "x" + text[1:]
        document = json.dumps(tree, ensure_ascii=False).encode()
        pure, fast = both(lambda: _listed(document))
        assert pure == fast
        assert [entry[:2] for entry in cast("list[tuple[object, ...]]", pure)] == [
            ("empty_text", ("symbols", 0, "name")),
            ("span_text_mismatch", ("symbols", 1, "source_span", "text")),
        ]


def _listed(document: object) -> list[tuple[str, tuple[str | int, ...], str]]:
    return [(e.code, e.path, e.message) for e in refusals(document)]


class TestRefusals:
    """refusals lists the same on both paths."""

    @given(bgst.invalid_graph_documents())
    def test_a_document_with_one_rule_broken(
        self, case: tuple[dict[str, Any], str]
    ) -> None:
        """A document with one rule broken, compact or canonical: the same list on both paths."""
        document, _ = case
        for text in (
            json.dumps(document),
            json.dumps(
                document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
            ),
        ):
            pure, fast = both(partial(_listed, text))
            assert pure == fast

    @given(bgst.broken_graph_documents())
    def test_a_document_with_several_rules_broken(
        self, case: tuple[dict[str, Any], tuple[object, ...]]
    ) -> None:
        """Several rules broken: the same list on both paths."""
        document, breaks = case
        pure, fast = both(partial(_listed, json.dumps(document)))
        assert pure == fast
        assert len(pure) == len(breaks)  # type: ignore[arg-type]

    @given(hostile_texts())
    def test_any_text(self, text: str) -> None:
        """Any way of writing a document: the same list on both paths, empty on both or neither."""
        pure, fast = both(partial(_listed, text))
        assert pure == fast

    @given(bgst.graph_documents(max_symbols=3))
    def test_a_valid_canonical_document(self, document: dict[str, Any]) -> None:
        """A valid canonical document has no refusal on either path."""
        text = _writing.reference_bytes(from_data(document))
        assert both(partial(_listed, text)) == ([], [])
