"""Tests of binding_graph.jsonl: reading and writing corpora as JSON Lines."""

from __future__ import annotations

import io
import tracemalloc
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    LineRecord,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    dump_lines,
    load_line,
    load_lines,
    loads,
)
from binding_graph import strategies as bgst
from binding_graph.documents._lines import CHUNK_SIZE, split_lines
from binding_graph.serialization import DEFAULT_MAX_BYTES
from tests._corpora import SMALL, corpora, oracle, reference_lines
from tests._helpers import graph, untyped

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from tests._corpora import Outcome

GRAPH = graph()
LINE = canonical_bytes(GRAPH)


def refusal(text: object, max_bytes: int = DEFAULT_MAX_BYTES) -> BindingGraphError:
    """Return the refusal loads gives *text*."""
    with pytest.raises(BindingGraphError) as info:
        loads(untyped(text), max_bytes=max_bytes)
    return info.value


def seen(records: Iterable[LineRecord]) -> list[Outcome]:
    """Return records as the oracle writes them."""
    result: list[Outcome] = []
    for record in records:
        if record.graph is not None:
            result.append((record.line, record.graph))
        else:
            assert record.error is not None
            error = record.error
            result.append((record.line, (error.code, error.path, error.message)))
    return result


class Trickle(io.BytesIO):
    """A binary file that reads at most *step* bytes at a time, as a pipe may."""

    def __init__(self, data: bytes, step: int) -> None:
        super().__init__(data)
        self.step = step

    def read(self, size: int | None = -1) -> bytes:
        """Return at most *step* bytes."""
        return super().read(
            self.step if size is None or size < 0 else min(size, self.step)
        )


class Endless:
    """A file of *size* bytes of ``x`` and then *tail*, made as it is read."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left = size
        self.tail = tail

    def read(self, size: int) -> bytes:
        """Return the next at most *size* bytes."""
        if self.left:
            step = min(size, self.left)
            self.left -= step
            return b"x" * step
        tail, self.tail = self.tail[:size], self.tail[size:]
        return tail


class TestLineRecord:
    """A record holds a line number and exactly one of a graph and a refusal."""

    def test_holds_a_graph(self) -> None:
        """A record of an accepted line keeps its number and graph."""
        record = LineRecord(3, graph=GRAPH)
        assert (record.line, record.graph, record.error) == (3, GRAPH, None)

    def test_equal_refusals_make_equal_records(self) -> None:
        """Records compare and hash by the refusal's code, path and message."""
        first = LineRecord(2, error=BindingGraphError("wrong_type", "no", ("a",)))
        second = LineRecord(2, error=BindingGraphError("wrong_type", "no", ("a",)))
        other = LineRecord(2, error=BindingGraphError("wrong_type", "no", ("b",)))
        assert first == second
        assert hash(first) == hash(second)
        assert first != other

    @pytest.mark.parametrize(
        ("arguments", "path", "message"),
        [
            (
                {"line": 0, "graph": GRAPH},
                ("line",),
                "LineRecord.line must be a positive int, not int (got 0)",
            ),
            (
                {"line": True, "graph": GRAPH},
                ("line",),
                "LineRecord.line must be a positive int, not bool (got True)",
            ),
            (
                {"line": 1, "graph": "{}"},
                ("graph",),
                "LineRecord.graph must be a graph or None, not str (got '{}')",
            ),
            (
                {"line": 1, "error": ValueError("x")},
                ("error",),
                (
                    "LineRecord.error must be a BindingGraphError or None,"
                    " not ValueError (got ValueError('x'))"
                ),
            ),
            (
                {"line": 1},
                ("error",),
                "LineRecord holds a graph or an error: exactly one of them",
            ),
            (
                {
                    "line": 1,
                    "graph": GRAPH,
                    "error": BindingGraphError("wrong_type", ""),
                },
                ("error",),
                "LineRecord holds a graph or an error: exactly one of them",
            ),
        ],
    )
    def test_refuses_what_is_not_a_record(
        self, arguments: dict[str, object], path: tuple[str], message: str
    ) -> None:
        """A wrong line, graph or error, or not exactly one of them, is wrong_type."""
        with pytest.raises(BindingGraphError) as info:
            LineRecord(**untyped(arguments))
        assert (info.value.code, info.value.path, info.value.message) == (
            "wrong_type",
            path,
            message,
        )


class TestLoadLine:
    """load_line reads one line as loads does, and finds no record in a blank one."""

    def test_accepts_a_document(self) -> None:
        """A valid line gives its number and the graph loads reads."""
        assert load_line(LINE, 4) == LineRecord(4, graph=GRAPH)
        assert load_line(LINE.decode()) == LineRecord(1, graph=GRAPH)

    @pytest.mark.parametrize(
        "line",
        [b"[]", b"{", b"\xef\xbb\xbf" + LINE, b"\xff" + LINE, "{}", b"\x00\x01"],
    )
    def test_refuses_as_loads_does(self, line: str | bytes) -> None:
        """A bad line's record holds loads' refusal: code, path and message."""
        record = load_line(line, 9)
        assert record == LineRecord(9, error=refusal(line))

    def test_refuses_a_line_of_the_wrong_type_as_loads_does(self) -> None:
        """A line that is no str or bytes gives loads' wrong_type, as a record."""
        record = load_line(untyped(42), 2)
        assert record is not None
        assert record.error is not None
        assert (record.error.code, record.error.path) == ("wrong_type", ("text",))
        assert record == LineRecord(2, error=refusal(42))

    @pytest.mark.parametrize("line", [b"", b" ", b"\t \r", "", " \t", bytearray(b" ")])
    def test_a_blank_line_holds_no_record(self, line: str | bytes) -> None:
        """An empty line, or one of spaces, tabs and CRs, gives None."""
        assert load_line(line, 5) is None

    def test_a_blank_line_above_the_limit_is_refused_as_loads_does(self) -> None:
        """A blank line longer than max_bytes is limit_exceeded, as loads says."""
        record = load_line(b"     ", max_bytes=4)
        assert record == LineRecord(1, error=refusal(b"     ", 4))
        assert record is not None
        assert record.error is not None
        assert record.error.code == "limit_exceeded"

    def test_a_line_above_the_limit_is_refused_as_loads_does(self) -> None:
        """max_bytes applies to the line as loads applies it."""
        record = load_line(LINE, 3, max_bytes=len(LINE) - 1)
        assert record == LineRecord(3, error=refusal(LINE, len(LINE) - 1))
        assert load_line(LINE, 3, max_bytes=len(LINE)) == LineRecord(3, graph=GRAPH)

    @pytest.mark.parametrize(
        ("number", "message"),
        [
            (0, "load_line.number must be a positive int, not int (got 0)"),
            ("1", "load_line.number must be a positive int, not str (got '1')"),
        ],
    )
    def test_refuses_a_bad_line_number(self, number: object, message: str) -> None:
        """The line number is a positive int; otherwise wrong_type is raised."""
        with pytest.raises(BindingGraphError) as info:
            load_line(LINE, untyped(number))
        assert (info.value.code, info.value.path, info.value.message) == (
            "wrong_type",
            ("number",),
            message,
        )

    def test_refuses_a_max_bytes_that_is_not_an_int(self) -> None:
        """A max_bytes that is no int is raised, not recorded: it is the caller's."""
        with pytest.raises(BindingGraphError) as info:
            load_line(LINE, max_bytes=untyped(1.5))
        assert (info.value.code, info.value.path, info.value.message) == (
            "wrong_type",
            ("max_bytes",),
            "load_line.max_bytes must be an int, not float (got 1.5)",
        )


class TestLoadLinesFromFiles:
    """load_lines reads a binary file line by line, and never stops at a bad one."""

    def test_reads_records_with_their_line_numbers(self) -> None:
        """Each line is a record; blank lines are skipped but counted."""
        data = LINE + b"\n\n   \n[]\n" + LINE + b"\n"
        assert seen(load_lines(io.BytesIO(data))) == [
            (1, GRAPH),
            (4, ("wrong_type", (), refusal(b"[]").message)),
            (5, GRAPH),
        ]

    def test_accepts_crlf_line_ends(self) -> None:
        """A CR before the LF belongs to the line end."""
        data = LINE + b"\r\n" + LINE + b"\r\n"
        assert seen(load_lines(io.BytesIO(data))) == [(1, GRAPH), (2, GRAPH)]

    def test_reads_a_last_line_without_a_line_end(self) -> None:
        """The last line needs no line end."""
        data = b"{\n" + LINE
        assert seen(load_lines(io.BytesIO(data))) == [
            (1, ("malformed_document", (), refusal(b"{").message)),
            (2, GRAPH),
        ]

    def test_an_empty_file_has_no_records(self) -> None:
        """An empty file, or one of blank lines, gives no record."""
        assert list(load_lines(io.BytesIO(b""))) == []
        assert list(load_lines(io.BytesIO(b"\n \r\n\t\n"))) == []

    def test_refuses_a_byte_order_mark_as_loads_does(self) -> None:
        """A UTF-8 BOM on the first line is malformed_document, as in loads."""
        data = b"\xef\xbb\xbf" + LINE + b"\n" + LINE
        error = refusal(b"\xef\xbb\xbf" + LINE)
        assert error.code == "malformed_document"
        assert seen(load_lines(io.BytesIO(data))) == [
            (1, ("malformed_document", (), error.message)),
            (2, GRAPH),
        ]

    def test_refuses_invalid_utf8_and_garbage_line_by_line(self) -> None:
        """Bytes that are not UTF-8, or not JSON, are refused per line."""
        garbage = bytes(range(256)).replace(b"\n", b"")
        data = b"\xc3\x28\n" + garbage + b"\n" + LINE
        assert seen(load_lines(io.BytesIO(data))) == [
            (1, ("malformed_document", (), refusal(b"\xc3\x28").message)),
            (2, ("malformed_document", (), refusal(garbage.rstrip(b"\r")).message)),
            (3, GRAPH),
        ]

    def test_a_line_above_max_bytes_is_refused_and_reading_goes_on(self) -> None:
        """A long line is limit_exceeded, exactly as loads says, and the next is read."""
        data = b"[" * 5000 + b"\n" + LINE + b"\n"
        records = list(load_lines(io.BytesIO(data), max_bytes=len(LINE)))
        assert records == [
            LineRecord(1, error=refusal(b"[" * 5000, len(LINE))),
            LineRecord(2, graph=GRAPH),
        ]

    def test_a_crlf_line_at_the_limit_is_read(self) -> None:
        """The CR of a CRLF line end does not count against max_bytes."""
        data = LINE + b"\r\n" + LINE + b"\r"
        records = list(load_lines(io.BytesIO(data), max_bytes=len(LINE)))
        assert records == [
            LineRecord(1, graph=GRAPH),
            # A last CR is no line end: it is in the line, which is too long.
            LineRecord(2, error=refusal(LINE + b"\r", len(LINE))),
        ]

    @pytest.mark.parametrize("tail", [b"\n" + LINE, b"", b"\r\n"])
    def test_a_huge_line_is_never_held_whole(self, tail: bytes) -> None:
        """A 64 MiB line is refused in memory bounded by max_bytes and a chunk."""
        size = 64 << 20
        tracemalloc.start()
        try:
            records = list(
                load_lines(untyped(Endless(size, tail)), max_bytes=len(LINE))
            )
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        expected = [LineRecord(1, error=refusal(b"x" * 2, 1))]
        expected[0] = LineRecord(1, error=refusal(LINE + b"x", len(LINE)))
        if tail.strip():
            expected.append(LineRecord(2, graph=GRAPH))
        assert records == expected
        assert peak < 8 * CHUNK_SIZE

    def test_a_file_that_reads_bytearray_is_read(self) -> None:
        """A binary file may read bytearray, as a raw stream may: the records are the same."""

        class Raw(io.BytesIO):
            def read(self, size: int | None = -1, /) -> bytes:
                return bytearray(super().read(size))  # type: ignore[return-value]

        records = list(load_lines(Raw(LINE + b"\n" + LINE)))
        assert [(r.line, r.graph) for r in records] == [(1, GRAPH), (2, GRAPH)]

    def test_a_text_file_is_refused(self) -> None:
        """A file that reads str is wrong_type: open it in binary mode."""
        with pytest.raises(BindingGraphError) as info:
            list(load_lines(untyped(io.StringIO("{}\n"))))
        assert (info.value.code, info.value.path) == ("wrong_type", ("source",))
        assert info.value.message.startswith(
            "load_lines.source must be a binary file, not StringIO"
        )

    @given(
        corpora(),
        st.sampled_from([1, 2, 3, 7, 64, 4096]),
        st.one_of(st.just(DEFAULT_MAX_BYTES), st.integers(0, 400)),
    )
    def test_reads_what_the_oracle_reads(
        self, data: bytes, step: int, max_bytes: int
    ) -> None:
        """However the file is cut into reads, and whatever max_bytes, each record is the oracle's."""
        records = load_lines(untyped(Trickle(data, step)), max_bytes=max_bytes)
        assert seen(records) == oracle(data, max_bytes)


class TestSplitLines:
    """The splitter under load_lines cuts lines as the obvious split does."""

    @given(
        st.lists(st.sampled_from([b"a", b"\n", b"\r", b"\r\n", b"bb", b" "])).map(
            b"".join
        ),
        st.integers(1, 9),
        st.integers(0, 6),
    )
    def test_agrees_with_a_whole_split(
        self, data: bytes, step: int, max_bytes: int
    ) -> None:
        """Lines, numbers and too-long marks match splitting the whole file at once."""
        expected = [
            (number, line if len(line) <= max_bytes else None)
            for number, line in reference_lines(data)
            if data
        ]
        got = list(split_lines(untyped(io.BytesIO(data)), max_bytes, step))
        assert got == expected


class TestLoadLinesFromIterables:
    """load_lines reads any iterable of lines, as a list or a generator gives them."""

    def test_a_line_end_is_not_part_of_the_record(self) -> None:
        """LF or CRLF, on str or bytes lines, is cut off before the size limit applies."""
        text = LINE.decode()
        lines: list[str | bytes] = [
            text + "\n",
            text + "\r\n",
            LINE + b"\n",
            LINE + b"\r\n",
        ]
        records = list(load_lines(lines, max_bytes=len(LINE)))
        assert [(r.line, r.graph) for r in records] == [
            (n, GRAPH) for n in (1, 2, 3, 4)
        ]

    @pytest.mark.parametrize("blank", ["   ", b"   ", " \t\r", b"\t\t\r"])
    def test_a_blank_line_as_long_as_the_limit_holds_no_record(
        self, blank: str | bytes
    ) -> None:
        """A blank line no longer than the limit is skipped, not refused."""
        assert list(load_lines([blank], max_bytes=3)) == []

    @pytest.mark.parametrize("line", ["\x0c", b"\x0b", " \x1c "])
    def test_whitespace_that_json_does_not_allow_is_a_refused_record(
        self, line: str | bytes
    ) -> None:
        """Only JSON's whitespace makes a line blank; other whitespace is refused."""
        [record] = load_lines([line])
        assert record.error is not None
        assert (record.line, record.error.code) == (1, "malformed_document")

    def test_reads_bytes_and_str_lines_with_or_without_line_ends(self) -> None:
        """Each item is a line; a trailing LF or CRLF is removed."""
        text = LINE.decode()
        lines: list[str | bytes] = [LINE + b"\n", text + "\r\n", " \n", LINE, text]
        assert seen(load_lines(lines)) == [
            (1, GRAPH),
            (2, GRAPH),
            (4, GRAPH),
            (5, GRAPH),
        ]

    def test_reads_an_iterable_of_lines_as_the_oracle_does(self) -> None:
        """A file iterated by line gives the records of the file read in chunks."""
        data = LINE + b"\r\n\n[]\n" + LINE
        assert seen(load_lines(io.BytesIO(data).readlines())) == oracle(
            data, DEFAULT_MAX_BYTES
        )

    def test_an_item_of_the_wrong_type_is_a_refused_record(self) -> None:
        """An item that is no line is refused as loads refuses it, and reading goes on."""
        records = list(load_lines(untyped([None, LINE])))
        assert records == [
            LineRecord(1, error=refusal(None)),
            LineRecord(2, graph=GRAPH),
        ]

    @pytest.mark.parametrize(
        ("source", "name"), [(b"{}", "bytes"), ("{}", "str"), (3, "int")]
    )
    def test_refuses_what_is_neither_a_file_nor_lines(
        self, source: object, name: str
    ) -> None:
        """A str, bytes or non-iterable source is wrong_type, at the call."""
        with pytest.raises(BindingGraphError) as info:
            load_lines(untyped(source))
        assert (info.value.code, info.value.path) == ("wrong_type", ("source",))
        assert info.value.message.startswith(
            "load_lines.source must be a binary file or an iterable of lines,"
            f" not {name}"
        )

    def test_a_failure_to_give_a_line_is_a_refusal_of_the_source(self) -> None:
        """Lines whose iteration raises are wrong_type at source, after the records before."""

        def lines() -> Iterator[bytes]:
            yield LINE
            raise RuntimeError

        records = load_lines(lines())
        assert next(records).graph == GRAPH
        with pytest.raises(BindingGraphError) as info:
            next(records)
        assert (info.value.code, info.value.path) == ("wrong_type", ("source",))
        assert info.value.message == (
            "load_lines.source must be a binary file or an iterable of lines, but"
            " the generator given raised RuntimeError when it was used"
        )

    @pytest.mark.parametrize(
        "error",
        [OSError("disk"), BindingGraphError("empty_text", "disk")],
        ids=["OSError", "BindingGraphError"],
    )
    def test_an_os_error_or_a_refusal_passes_as_it_is(self, error: Exception) -> None:
        """What the lines raise passes unchanged if it is an OSError or a refusal."""

        def lines() -> Iterator[bytes]:
            yield from ()  # a generator, which raises when first asked
            raise error

        with pytest.raises(type(error)) as info:
            list(load_lines(lines()))
        assert info.value is error

    def test_refuses_a_max_bytes_that_is_not_an_int(self) -> None:
        """max_bytes is checked when load_lines is called, not per line."""
        with pytest.raises(BindingGraphError) as info:
            load_lines([LINE], max_bytes=untyped("64"))
        assert (info.value.code, info.value.path) == ("wrong_type", ("max_bytes",))
        assert info.value.message == (
            "load_lines.max_bytes must be an int, not str (got '64')"
        )


class TestDumpLines:
    """dump_lines writes canonical JSON Lines that load_lines reads back."""

    def test_a_file_that_cannot_be_written_raises_its_os_error(self) -> None:
        """An OSError of the file's write passes as it is: the file is not refused."""

        class Full(io.BytesIO):
            def write(self, _data: Any, /) -> int:
                raise OSError(28, "No space left on device")

        with pytest.raises(OSError, match="No space left") as info:
            dump_lines([GRAPH], Full())
        assert info.value.errno == 28

    def test_a_file_whose_write_refuses_bytes_is_refused(self) -> None:
        """A file whose write raises anything else is wrong_type at file."""

        class Texts(io.BytesIO):
            def write(self, _data: Any, /) -> int:
                raise TypeError

        with pytest.raises(BindingGraphError) as info:
            dump_lines([GRAPH], Texts())
        assert (info.value.code, info.value.path) == ("wrong_type", ("file",))

    @given(st.lists(bgst.graphs(**SMALL), max_size=3))
    def test_round_trips(self, graphs: list[SemanticSymbolicBindingGraph]) -> None:
        """Each graph is its canonical bytes and a LF; reading gives the graphs back."""
        out = io.BytesIO()
        assert dump_lines(graphs, out) == len(graphs)
        assert out.getvalue() == b"".join(canonical_bytes(g) + b"\n" for g in graphs)
        assert [r.graph for r in load_lines(io.BytesIO(out.getvalue()))] == graphs

    def test_refuses_a_text_file(self) -> None:
        """A text file is wrong_type: documents are written as UTF-8 bytes."""
        with pytest.raises(BindingGraphError) as info:
            dump_lines([GRAPH], untyped(io.StringIO()))
        assert (info.value.code, info.value.path) == ("wrong_type", ("file",))
        assert info.value.message.startswith(
            "dump_lines.file must be a binary file, not StringIO (got <_io.StringIO"
        )

    def test_refuses_an_item_that_is_not_a_graph_after_writing_those_before(
        self,
    ) -> None:
        """Graphs before the bad item are written; the bad one is wrong_type."""
        out = io.BytesIO()
        with pytest.raises(BindingGraphError) as info:
            dump_lines(untyped([GRAPH, {"format": "binding-graph"}]), out)
        assert (info.value.code, info.value.path) == ("wrong_type", ("graphs",))
        assert info.value.message == (
            "dump_lines.graphs must be an iterable of graphs, not dict"
            " (got {'format': 'binding-graph'})"
        )
        assert out.getvalue() == LINE + b"\n"
