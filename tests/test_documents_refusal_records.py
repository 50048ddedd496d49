"""Tests of refusal records: refusal_line writes the line a producer writes where it refused, and load_line reads it as the producer's refusal."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    REFUSAL_CODES,
    BindingGraphError,
    LineRecord,
    load_line,
    load_lines,
    refusal_line,
)
from tests._helpers import graph

QUOTE = BindingGraphError(
    "quote_not_found", "the quote is not in the text", ("draft", "quantities", 0)
)
LINE = (
    b'{"refused":[{"code":"quote_not_found","message":"the quote is not in the'
    b' text","path":["draft","quantities",0]}],"source_id":"gsm8k-test-0"}\n'
)


def refused(record: LineRecord | None) -> tuple[str, tuple[str | int, ...], str]:
    """Return the code, path and message of a record's refusal."""
    assert record is not None
    assert record.graph is None
    error = record.error
    assert error is not None
    return error.code, error.path, error.message


def entry(**changes: object) -> dict[str, Any]:
    """Return a refusal a record lists, with *changes*."""
    return {"code": "not_arithmetic", "message": "m", "path": ["draft"], **changes}


class TestRefusalLine:
    """refusal_line writes one canonical line: keys sorted, no spaces, the refusals in order."""

    def test_the_line(self) -> None:
        """Keys sorted, no spaces, a line end; the path as an array."""
        assert refusal_line("gsm8k-test-0", [QUOTE]) == LINE

    def test_no_source_id_and_several_refusals(self) -> None:
        """A record too broken to have a source id is null; every refusal is kept, in order, as UTF-8."""
        other = BindingGraphError("wrong_type", "caf\u00e9 \u2019", ())
        line = refusal_line(None, iter([QUOTE, other]))
        assert json.loads(line) == {
            "refused": [
                {
                    "code": "quote_not_found",
                    "message": "the quote is not in the text",
                    "path": ["draft", "quantities", 0],
                },
                {"code": "wrong_type", "message": "caf\u00e9 \u2019", "path": []},
            ],
            "source_id": None,
        }
        assert "\u2019".encode() in line

    @given(
        source_id=st.none() | st.text(st.characters(exclude_categories=["Cs"])),
        code=st.sampled_from(sorted(REFUSAL_CODES)),
        message=st.text(st.characters(exclude_categories=["Cs"])),
        path=st.lists(
            st.text(st.characters(exclude_categories=["Cs"]))
            | st.integers(0, 2**53 - 1)
        ).map(tuple),
    )
    def test_what_is_written_reads_back(
        self,
        source_id: str | None,
        code: Any,
        message: str,
        path: tuple[str | int, ...],
    ) -> None:
        """Any refusal written is read back as the producer's, its code and path as they were."""
        line = refusal_line(source_id, [BindingGraphError(code, message, path)])
        got = refused(load_line(line[:-1]))
        assert got[:2] == (code, path)
        assert got[2].endswith(": " + message)
        assert got[2].startswith("the producer refused ")

    @pytest.mark.parametrize(
        ("source_id", "errors", "code", "path"),
        [
            (b"p1", [QUOTE], "wrong_type", ("source_id",)),
            ("p1", [], "wrong_type", ("errors",)),
            ("p1", 3, "wrong_type", ("errors",)),
            ("p1", [QUOTE, "no"], "wrong_type", ("errors", 1)),
            (
                "p1",
                [BindingGraphError("nope", "m")],  # type: ignore[arg-type]
                "not_in_vocabulary",
                ("errors", 0, "code"),
            ),
            (
                "p1",
                [BindingGraphError(7, "m")],  # type: ignore[arg-type]
                "wrong_type",
                ("errors", 0, "code"),
            ),
            (
                "p1",
                [BindingGraphError("wrong_type", "m", ["a"])],  # type: ignore[arg-type]
                "wrong_type",
                ("errors", 0, "path"),
            ),
            (
                "p1",
                [BindingGraphError("wrong_type", "m", ("a", -1))],
                "wrong_type",
                ("errors", 0, "path", 1),
            ),
            (
                "p1",
                [BindingGraphError("wrong_type", "m", ("a", 2**53))],
                "wrong_type",
                ("errors", 0, "path", 1),
            ),
            (
                "p1",
                [BindingGraphError("wrong_type", "m", (True,))],
                "wrong_type",
                ("errors", 0, "path", 0),
            ),
            (
                "p1",
                [BindingGraphError("wrong_type", "\ud800")],
                "invalid_text",
                ("errors", 0, "message"),
            ),
            ("\udfff", [QUOTE], "invalid_text", ("source_id",)),
            (
                "p1",
                [BindingGraphError("wrong_type", "m", ("a", "b\udfff"))],
                "invalid_text",
                ("errors", 0, "path", 1),
            ),
        ],
    )
    def test_what_cannot_be_written_is_refused(
        self, source_id: object, errors: object, code: str, path: tuple[object, ...]
    ) -> None:
        """A source id, a list of refusals or a refusal that no record can hold is refused at its place."""
        with pytest.raises(BindingGraphError) as info:
            refusal_line(source_id, errors)  # type: ignore[arg-type]
        assert (info.value.code, info.value.path) == (code, path)


class TestReading:
    """load_line and load_lines read a refusal record as the producer's first refusal, never a graph."""

    def test_the_producer_s_first_refusal(self) -> None:
        """Its code and path; its message says the producer refused, and which problem."""
        assert refused(load_line(LINE[:-1], 4)) == (
            "quote_not_found",
            ("draft", "quantities", 0),
            "the producer refused 'gsm8k-test-0': the quote is not in the text",
        )

    @pytest.mark.parametrize(
        "text",
        [
            (
                '{"source_id": null, "refused": [{"path": [], "code": "wrong_type",'
                ' "message": "m"}, {"code": "not_arithmetic", "message": "n",'
                ' "path": []}]}'
            ),
            (
                b'  {"refused":[{"code":"wrong_type","message":"m","path":[]}],'
                b'"source_id":null}'
            ),
        ],
    )
    def test_keys_in_another_order_or_spacing(self, text: str | bytes) -> None:
        """A record that is not canonical reads the same; without a source id, the record is said to be refused."""
        assert refused(load_line(text)) == (
            "wrong_type",
            (),
            "the producer refused this record: m",
        )

    def test_in_a_corpus(self) -> None:
        """load_lines keeps one record per line: graphs and refusals of the producer, in order."""
        corpus = io.BytesIO(LINE + b"\n" + refusal_line("p2", [QUOTE]))
        first, second = load_lines(corpus)
        assert (first.line, first.error and first.error.code) == (1, "quote_not_found")
        assert second.line == 3
        assert refused(second)[2].startswith("the producer refused 'p2': ")

    @pytest.mark.parametrize(
        ("data", "code", "path"),
        [
            ({"refused": [entry()]}, "missing_key", ("source_id",)),
            (
                {"refused": [entry()], "source_id": "p", "extra": 1},
                "unknown_key",
                ("extra",),
            ),
            ({"refused": [entry()], "source_id": 3}, "wrong_type", ("source_id",)),
            ({"refused": [], "source_id": "p"}, "wrong_type", ("refused",)),
            ({"refused": {}, "source_id": "p"}, "wrong_type", ("refused",)),
            ({"refused": ["x"], "source_id": "p"}, "wrong_type", ("refused", 0)),
            (
                {"refused": [entry(), {"code": "wrong_type"}], "source_id": "p"},
                "missing_key",
                ("refused", 1, "message"),
            ),
            (
                {"refused": [entry(why=1)], "source_id": "p"},
                "unknown_key",
                ("refused", 0, "why"),
            ),
            (
                {"refused": [entry(code="nope")], "source_id": "p"},
                "not_in_vocabulary",
                ("refused", 0, "code"),
            ),
            (
                {"refused": [entry(code=1)], "source_id": "p"},
                "wrong_type",
                ("refused", 0, "code"),
            ),
            (
                {"refused": [entry(message=None)], "source_id": "p"},
                "wrong_type",
                ("refused", 0, "message"),
            ),
            (
                {"refused": [entry(path="draft")], "source_id": "p"},
                "wrong_type",
                ("refused", 0, "path"),
            ),
            (
                {"refused": [entry(path=["a", -1])], "source_id": "p"},
                "wrong_type",
                ("refused", 0, "path", 1),
            ),
            (
                {"refused": [entry(message="\ud800")], "source_id": "p"},
                "invalid_text",
                ("refused", 0, "message"),
            ),
            (
                {"refused": [entry(path=["\ud800"])], "source_id": "p"},
                "invalid_text",
                ("refused", 0, "path", 0),
            ),
            (
                {"refused": [entry()], "source_id": "\ud800"},
                "invalid_text",
                ("source_id",),
            ),
            (
                {"refused": [entry(path=[None])], "source_id": "p"},
                "wrong_type",
                ("refused", 0, "path", 0),
            ),
        ],
    )
    def test_a_record_of_another_shape(
        self, data: dict[str, Any], code: str, path: tuple[object, ...]
    ) -> None:
        """A refusal record that breaks its shape is refused where it breaks it, canonical or not."""
        for text in (json.dumps(data), json.dumps(data, sort_keys=True)):
            assert refused(load_line(text))[:2] == (code, path)

    def test_the_message_of_a_record_of_another_shape(self) -> None:
        """The refusal names the record's keys, as any other object's does."""
        text = '{"refused": [{"code": "wrong_type", "message": "m"}], "source_id": "p"}'
        assert refused(load_line(text)) == (
            "missing_key",
            ("refused", 0, "path"),
            (
                "refusal_record.refused[0] has no key 'path': its keys are code,"
                " message, path"
            ),
        )

    @pytest.mark.parametrize(
        "text",
        [
            b'{"refused":[1.5],"source_id":"p"}',
            b'{"refused":[],"format":"binding-graph"}',
            b'{"format":"binding-graph"}',
            b'{"refused":',
        ],
    )
    def test_what_is_not_a_refusal_record_reads_as_a_document(
        self, text: bytes
    ) -> None:
        """Not JSON, or with a graph document's header: refused as loads refuses a document."""
        record = load_line(text)
        assert record is not None
        assert record.error is not None
        assert not record.error.message.startswith("the producer refused")
        assert not record.error.message.startswith("refusal_record")

    def test_a_graph_is_still_a_graph(self) -> None:
        """A graph document is read as before."""
        from binding_graph import canonical_bytes  # noqa: PLC0415

        record = load_line(canonical_bytes(graph()))
        assert record is not None
        assert record.graph == graph()
