"""Tests of the compiled writers and readers of the pure path, against their definitions.

The writers are held to the json encoder over ``to_data`` (``reference_bytes``),
and the reader of text to the strict parser followed by ``read``: the plain
parser it tries first must never change an answer, only its cost.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, cast

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    loads,
    to_data,
)
from binding_graph.documents import _keys, _reading, _text, _writing
from binding_graph.model import MODEL_CLASSES
from tests._documents import hostile_texts
from tests._helpers import graph, span, unknown

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.model import Model

Outcome = object


_EVERY_OBJECT = st.one_of([st.from_type(cls) for cls in MODEL_CLASSES])


def _unknowns(obj: Model) -> tuple[BoundUnknown, ...]:
    """Return the unknowns *obj* holds: itself, a graph's, or none."""
    if type(obj) is BoundUnknown:
        return (obj,)
    if type(obj) is SemanticSymbolicBindingGraph:
        return obj.unknowns
    return ()


class TestWriters:
    """The compiled writers write exactly the json encoder's bytes."""

    @given(_EVERY_OBJECT)
    def test_bytes_equal_the_definition(self, obj: Model) -> None:
        """Any object of any class: its written text is reference_bytes, decoded."""
        assert _writing.pure_text(obj).encode() == _writing.reference_bytes(obj)

    def test_every_character_is_escaped_as_the_json_encoder_does(self) -> None:
        """Each character but the lone surrogates, in a span's text, writes as json writes it."""
        characters = "".join(
            chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF
        )
        obj = span(start=0, end=len(characters), text=characters)
        assert _writing.pure_text(obj).encode() == _writing.reference_bytes(obj)

    def test_what_is_not_a_model_object_is_refused(self) -> None:
        """The pure writer refuses what is not a model object, as to_data does."""
        with pytest.raises(BindingGraphError) as info:
            _writing.pure_text(json)  # type: ignore[arg-type]
        assert (info.value.code, info.value.path) == ("wrong_type", ())
        assert info.value.message.startswith("to_data.obj must be one of ")
        assert ", not module (got <module 'json' from" in info.value.message


class TestCounts:
    """The counts of keys and strings equal those of the tree the object writes."""

    @given(_EVERY_OBJECT)
    def test_counts_equal_the_trees(self, obj: Model) -> None:
        """KEY_COUNTS, STRING_COUNTS and COLON_COUNTS give the keys, strings and colons in strings of to_data(obj)."""
        keys = strings = colons = 0
        stack: list[object] = [to_data(obj)]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                members = cast("dict[str, object]", value)
                keys += len(members)
                strings += len(members)
                stack.extend(members.values())
            elif isinstance(value, list):
                stack.extend(cast("list[object]", value))
            elif isinstance(value, str):
                strings += 1
                colons += value.count(":")
        assert _keys.KEY_COUNTS[type(obj)](obj) == keys
        assert _keys.STRING_COUNTS[type(obj)](obj) == strings
        assert _keys.COLON_COUNTS[type(obj)](obj) == colons
        # The keys no document leaves out: all of them, but a question
        # target's form and state where an unknown holds them.
        held = sum(
            (u.question_form is not None) + (u.state_index is not None)
            for u in _unknowns(obj)
        )
        assert _keys.REQUIRED_KEY_COUNTS[type(obj)](obj) == keys - held

    def test_the_keys_a_document_may_leave_out_are_counted_apart(self) -> None:
        """A text that holds a form is proved by the count of every key, past that of the required ones."""
        asked = unknown(question_form="count", state_index=0)
        text = _writing.pure_text(asked)
        assert text.count(":") == _keys.KEY_COUNTS[BoundUnknown](asked)
        assert text.count(":") > _keys.REQUIRED_KEY_COUNTS[BoundUnknown](asked)
        assert _keys.no_repeated_key(text, asked)

    def test_each_count_proves_that_no_key_repeats(self) -> None:
        """The colons prove it where a backslash spoils the quotes, the colons of the strings where they hold some, the quotes where an escape spoils those."""
        proves = _keys.no_repeated_key
        escaped = span(start=0, end=3, text='a\\"')  # a backslash: quotes spoilt
        text = _writing.pure_text(escaped)
        assert "\\" in text
        assert proves(text, escaped)
        assert proves(text.encode(), escaped)
        colon = span(start=0, end=3, text="a:b")  # a colon in a string
        assert proves(_writing.pure_text(colon), colon)
        assert proves(_writing.pure_text(colon).encode(), colon)
        both = span(start=0, end=3, text=':\\"')  # a colon and an escaped quote
        assert proves(_writing.pure_text(both), both)
        spoilt = span(start=0, end=3, text=":\x01\x02")  # a colon and \u escapes
        assert not proves(_writing.pure_text(spoilt), spoilt)
        assert not proves(_writing.pure_text(spoilt).encode(), spoilt)
        quoted = span(start=0, end=3, text="\x01\x02a")  # \u escapes, no colon
        assert proves(_writing.pure_text(quoted), quoted)

    @pytest.mark.parametrize(
        "text",
        [
            '{"source_id":"p","start":0,"end":1,"end":1,"text":"x"}',
            '{"source_id":"a:b","start":0,"end":1,"text":"x","source_id":"a:b"}',
            '{"source_id":"p","start":0,"end":1,"text":":","text":":"}',
            '{"source_id":"p\\u003a","start":0,"end":1,"text":"x","end":1}',
        ],
    )
    def test_no_count_proves_a_repeated_key_absent(self, text: str) -> None:
        """A text that repeats a key is never proved to repeat none, whatever its strings hold."""
        obj = loads(json.dumps(json.loads(text)), SourceSpanLink)
        assert not _keys.no_repeated_key(text, obj)
        assert not _keys.no_repeated_key(text.encode(), obj)


# -- texts the plain parser must never judge otherwise than the strict one -----------


def _outcome(call: Callable[[], Model]) -> Outcome:
    try:
        return call()
    except BindingGraphError as exc:
        return (exc.code, exc.path, exc.message)


def _strictly(text: str, cls: type) -> Outcome:
    """Read *text* by the strict parser alone, then read: the reference for loads."""
    return _outcome(lambda: _reading.read(_text._strict(text), cls))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]


def _as_loads_reads(text: str, cls: type) -> Outcome:
    return _outcome(lambda: _text._read_text(text, cls))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]


class TestPlainParsing:
    """Reading text with the plain parser first changes no answer."""

    @given(hostile_texts())
    def test_same_answer_as_the_strict_parser(self, text: str) -> None:
        """Any way of writing a document: the same object, or the same refusal."""
        cls = SemanticSymbolicBindingGraph
        assert _as_loads_reads(text, cls) == _strictly(text, cls)

    @pytest.mark.parametrize(
        "text",
        [
            '{"source_id":"p","start":0,"end":1,"text":"x","end":1}',
            '{"source_id":"p","start":0,"end":1,"text":"x","text":"x"}',
            '{"source_id":"p:q","start":0,"end":1,"text":"x","end":1}',
            '{"source_id":"p\\\\","start":0,"end":1,"text":"x","end":1}',
            '{"source_id" : "p","start":0,"end":1,"text":"x", "end" :1}',
            '{"source_id":"p","start":0,"end":1,"text":"x"} ',
            ' \t\r\n{"source_id":"p","start":0,"end":1,"text":"x"}\n',
            '{"source_id":"p","start":0,"end":1,"text":"x"}\x0b',
            '\x0b{"source_id":"p","start":0,"end":1,"text":"x"}',
            '{"source_id":"p","start":0,"end":1,"text":"x"} {}',
            "",
            " \n",
            '{"source_id":"p","start":0,"end":9007199254740992,"text":"x"}',
            '{"source_id":"p","start":0,"end":1' + "0" * 5000 + ',"text":"x"}',
            '{"source_id":"p","start":0,"end":1.0,"text":"x"}',
            '{"source_id":"p","start":0,"end":NaN,"text":"x"}',
            '{"source_id":"p","start":0,"end":1,"text":"x"',
            '{"source_id":"p","start":-0,"end":1,"text":"x"}',
            "[" * 100_000,
        ],
    )
    def test_same_answer_for_texts_at_the_edges(self, text: str) -> None:
        """Repeated keys, colons, escapes, numbers and nesting: as the strict parser says."""
        from binding_graph import SourceSpanLink  # noqa: PLC0415

        assert _as_loads_reads(text, SourceSpanLink) == _strictly(text, SourceSpanLink)

    def test_the_strict_parser_is_not_run_for_a_plain_document(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A valid document is parsed once, colons and backslashes in its strings too, but for a colon beside an escape."""
        calls: list[str] = []
        strict = _text._strict  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]

        def counted(text: str) -> object:
            calls.append(text)
            return strict(text)

        monkeypatch.setattr(_text, "_strict", counted)
        text = _writing.reference_bytes(graph()).decode()
        assert _text._read_text(text, SemanticSymbolicBindingGraph) == graph()  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        assert calls == []
        colons = text.replace('"test"', '"a:b"')
        read = _text._read_text  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        assert read(colons, SemanticSymbolicBindingGraph) == _with_producer("a:b")
        assert calls == []
        both = text.replace('"test"', '"a:\\\\b"')
        assert read(both, SemanticSymbolicBindingGraph) == _with_producer("a:\\b")
        assert calls == []
        escaped = text.replace('"test"', '"a:\\u0062"')
        assert read(escaped, SemanticSymbolicBindingGraph) == _with_producer("a:b")
        assert calls == [escaped]


def _with_producer(name: str) -> SemanticSymbolicBindingGraph:
    """Return the builders' graph with every symbol introduced by *name*."""
    return graph(symbols=tuple(evolve(s, introduced_by=name) for s in graph().symbols))


def text_around(obj: Model, before: str, after: str) -> str:
    """Return the canonical text of *obj* between *before* and *after*."""
    return before + _writing.pure_text(obj) + after


class TestPlainParser:
    """The plain parser reads every canonical document, whatever JSON whitespace surrounds it."""

    @pytest.mark.parametrize(
        ("before", "after"), [("", ""), ("  ", ""), ("", " \r\n"), ("\n\t ", "\t\n ")]
    )
    def test_whitespace_around_a_document_stays_on_the_plain_parser(
        self, monkeypatch: pytest.MonkeyPatch, before: str, after: str
    ) -> None:
        """Only what the plain parser cannot read goes to the strict one, and this it can."""

        def strict(text: str) -> object:
            msg = f"the strict parser ran on {text!r}"
            raise AssertionError(msg)

        monkeypatch.setattr(_text, "_strict", strict)
        expected = graph()
        read = _text._read_text  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        assert read(text_around(expected, before, after), type(expected)) == expected

    @pytest.mark.parametrize(("before", "after"), [("X", ""), ("", "X"), ("\x0c", "")])
    def test_what_is_not_json_whitespace_around_a_document_is_refused(
        self, before: str, after: str
    ) -> None:
        """Only JSON's four whitespace characters may surround a document."""
        expected = graph()
        with pytest.raises(BindingGraphError) as info:
            _text._read_text(text_around(expected, before, after), type(expected))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        assert info.value.code == "malformed_document"
