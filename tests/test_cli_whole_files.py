"""Whole files: a .json file is read whole, up to the size limit and one chunk past it, never further; a benchmark's JSON array or XML document is read a record at a time."""

from __future__ import annotations

import io
import json
import os
import sys
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from xml.parsers import expat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph.cli import _benchmarks, _scan, main
from binding_graph.cli._benchmarks import array_record
from binding_graph.cli._json_array import Position, array_records
from binding_graph.cli._report import RunError
from binding_graph.cli._xml_records import xml_records
from tests._helpers import JSON_TREES

if TYPE_CHECKING:
    from collections.abc import Callable

CHUNK = 1 << 20  # the reader's chunk: 1 MiB


def _read(data: bytes, max_bytes: int) -> tuple[bytes | None, int]:
    """Read *data* as a whole file; return what came of it and the bytes read."""
    tally = _scan.Tally(io.BytesIO(data), digest=False)
    whole = _scan.read_whole(tally, max_bytes)
    return whole, tally.count


class TestWhole:
    """The reader of whole files gives the file, or None once it is past the limit."""

    @pytest.mark.parametrize("size", [1, 10, CHUNK, CHUNK + 5, 2 * CHUNK + 1])
    def test_a_file_of_exactly_the_limit_is_read_whole(self, size: int) -> None:
        """A file as large as the limit, in one chunk or several, comes back whole."""
        data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
        assert _read(data, size) == (data, size)

    @pytest.mark.parametrize("max_bytes", [0, 10, CHUNK - 1, CHUNK, 2 * CHUNK])
    def test_one_byte_past_the_limit_is_none(self, max_bytes: int) -> None:
        """A file one byte larger than the limit gives None, whatever the chunks."""
        assert _read(b"x" * (max_bytes + 1), max_bytes)[0] is None

    def test_reading_stops_at_the_first_chunk_past_the_limit(self) -> None:
        """A file far larger than the limit is not read to its end."""
        assert _read(b"x" * (3 * CHUNK), 10) == (None, CHUNK)


PENS: Final = {
    "Body": "Dan had 7 pens and gave away 3.",
    "Question": "How many are left?",
    "Equation": "( 7.0 - 3.0 )",
    "Answer": 4.0,
}
PROBLEM: Final = (
    '<Problem ID="p-{n}" Source="{pad}"><Body>Ann has 3 pens and {n} bags.</Body>'
    "<Question>How many?</Question><Answer>{a} (pens)</Answer>"
    "<Formula>3*{n}={a}</Formula></Problem>"
)
PAD: Final = 20_000
"""How many bytes pad each record, in a field the import ignores."""
LARGE: Final = 100_000
"""How many bytes pad the large record."""


def svamp(count: int, large: int = PAD) -> bytes:
    """Return a SVAMP array of *count* records, each padded to PAD bytes, the second to *large*."""
    records = [
        {"ID": f"chal-{n}", **PENS, "Type": "t" * (large if n == 2 else PAD)}
        for n in range(1, count + 1)
    ]
    return json.dumps(records, indent=4).encode()


def asdiv(count: int, large: int = PAD) -> bytes:
    """Return an ASDiv document of *count* problems, each padded to PAD bytes, the second to *large*."""
    problems = "\n".join(
        PROBLEM.format(n=n, a=3 * n, pad="t" * (large if n == 2 else PAD))
        for n in range(1, count + 1)
    )
    return f"<File>\n<ProblemSet>\n{problems}\n</ProblemSet>\n</File>\n".encode()


class TestRecordAtATime:
    """Import reads SVAMP's array and ASDiv's XML a record at a time, each case written as it is made: its peak memory follows the largest record, not the file."""

    @staticmethod
    def peak(monkeypatch: pytest.MonkeyPatch, benchmark: str, data: bytes) -> int:
        """Return the peak of memory traced while import reads *data*, a file of *benchmark*, its output thrown away."""
        Path("t").write_bytes(data)
        with (
            Path(os.devnull).open("w", encoding="utf-8") as devnull,
            monkeypatch.context() as patched,
        ):
            patched.setattr(sys, "stdout", devnull)
            patched.setattr(sys, "stderr", devnull)
            tracemalloc.start()
            try:
                status = main(["import", benchmark, "t"])
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
        assert status == 0
        return peak

    @pytest.mark.parametrize(
        ("benchmark", "make"), [("svamp", svamp), ("asdiv", asdiv)]
    )
    def test_peak_memory_follows_the_largest_record(
        self,
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
        benchmark: str,
        make: Callable[..., bytes],
    ) -> None:
        """Four times the records, about the same peak: it grows by under a tenth of what the file grows; one record five times larger, a peak higher by a small multiple of what it adds."""
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(_benchmarks, "CHUNK", 1024)
        few, many = make(10), make(40)
        self.peak(monkeypatch, benchmark, few)  # what a first run imports
        low, high = (
            self.peak(monkeypatch, benchmark, few),
            self.peak(monkeypatch, benchmark, many),
        )
        # Python's free lists keep a little more of a longer run: a few
        # dozen kB here, where the file grows by 600 kB.
        assert high - low <= (len(many) - len(few)) / 10
        large = self.peak(monkeypatch, benchmark, make(10, LARGE))
        assert LARGE - PAD <= large - low <= 6 * LARGE

    @pytest.mark.parametrize(
        ("benchmark", "data"),
        [
            ("svamp", svamp(3, 2_000_000)),
            # In a field's text: a start tag, its attributes with it, is one
            # token of expat's, read whole.
            ("asdiv", asdiv(3).replace(b"<Body>", b"<Body>" + b" " * 2_000_000, 1)),
        ],
        ids=["svamp", "asdiv"],
    )
    def test_a_record_above_max_bytes_is_never_held_whole(
        self,
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
        benchmark: str,
        data: bytes,
    ) -> None:
        """A record of 2 MB above --max-bytes: refused, the peak far below its size."""
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(_benchmarks, "CHUNK", 1024)
        make = svamp if benchmark == "svamp" else asdiv
        self.peak(monkeypatch, benchmark, make(3))  # what a first run imports
        Path("t").write_bytes(data)
        with Path(os.devnull).open("w", encoding="utf-8") as devnull:
            monkeypatch.setattr(sys, "stdout", devnull)
            monkeypatch.setattr(sys, "stderr", devnull)
            tracemalloc.start()
            try:
                status = main(["import", "--max-bytes", "40000", benchmark, "t"])
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
        assert status == 1
        assert peak < 500_000


def starts(text: str) -> list[tuple[Position, object]]:
    """Return each element of the JSON array *text*, with where it starts, found by decoding the text whole."""
    decoder = json.JSONDecoder()
    found: list[tuple[Position, object]] = []
    at = text.index("[") + 1
    while True:
        at = len(text) - len(text[at:].lstrip(" \t\n\r"))
        if text[at] == "]":
            return found
        line_start = text.rfind("\n", 0, at) + 1
        where = Position(
            text.count("\n", 0, at) + 1, at - line_start, len(text[:at].encode())
        )
        value, at = decoder.raw_decode(text, at)
        found.append((where, value))
        at = len(text) - len(text[at:].lstrip(" \t\n\r"))
        at += text[at] == ","


class TestArrayRecords:
    """The reader of one JSON array hands over each element's bytes as decoding the array whole finds them, however the file is cut."""

    @settings(max_examples=60)
    @given(
        st.lists(JSON_TREES, max_size=6),
        st.sampled_from([None, 0, 2, "\t"]),
        st.sampled_from([1, 2, 5, 64, 1 << 16]),
    )
    def test_each_element_where_it_starts(
        self, elements: list[object], indent: int | str | None, chunk: int
    ) -> None:
        """Each element, read alone, is the one json.loads reads, at its line, column and byte."""
        text = json.dumps(elements, indent=indent, ensure_ascii=False)
        file = io.BytesIO(text.encode())
        read = [
            (at, array_record(data, at))
            for at, data in array_records("t", "T", file, 1 << 16, chunk=chunk)
            if data is not None
        ]
        assert read == starts(text)

    @pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 16])
    def test_records_above_max_bytes_however_the_file_is_cut(self, chunk: int) -> None:
        """A string, an object and a number above the limit, escapes and brackets in strings: each handed over as None, and the others whole."""
        elements = [
            b'"' + b'\\"]}' * 20 + b'"',
            b'{"a": [' + b"1, " * 30 + b'"\\\\"]}',
            b"1" * 70,
            b'{"b": "]\\\\"}',
        ]
        data = b"[" + b",\n ".join(elements) + b"]"
        read = list(array_records("t", "T", io.BytesIO(data), 60, chunk=chunk))
        starts = [
            Position(n, 1, data.index(element)) for n, element in enumerate(elements, 1)
        ]
        assert read == [(at, None) for at in starts[:3]] + [(starts[3], elements[3])]


class TestXmlRecords:
    """The reader of one XML document hands over the same records, and stops at the same place for its own reasons, however the file is cut."""

    @pytest.mark.parametrize("chunk", range(1, 12))
    def test_a_declaration_cut_between_two_pieces(self, chunk: int) -> None:
        """<!ENTITY across two pieces: the records before it, then the line that names it."""
        file = io.BytesIO(
            b'<F><S><P a="1"/>\n<P a="2"/>\n<!--<!ENTITY x "y">--></S></F>'
        )
        read: list[object] = []
        with pytest.raises(RunError) as stopped:
            read.extend(xml_records("t", "T", file, 100, chunk=chunk))
        assert read == [(1, {"a": "1"}), (2, {"a": "2"})]
        assert str(stopped.value) == (
            "t:3: T must not declare a document type or an entity ('<!ENTITY'):"
            " they are refused before they are parsed"
        )

    @pytest.mark.parametrize("chunk", range(1, 6))
    def test_bytes_that_are_no_utf_8_where_a_piece_ends(self, chunk: int) -> None:
        """A character of two bytes, then a first byte whose next does not continue it: the records before it, then where it is in the file."""
        data = "<F><S><P a='\u00e9'/>".encode() + b"\xc3(</S></F>"
        file = io.BytesIO(data)
        read: list[object] = []
        with pytest.raises(RunError) as stopped:
            read.extend(xml_records("t", "T", file, 100, chunk=chunk))
        assert read == [(1, {"a": "\u00e9"})]
        at = data.index(b"\xc3(")
        assert str(stopped.value) == (
            f"t: T must be UTF-8 (invalid continuation byte at byte {at})"
        )


class _Counted:
    """Expat's parser, counting what it reads again: at each call, every character fed since it last told anything, as an expat that does not defer reads a token cut short from its start."""

    parser: Any
    since: int
    read: int

    def __init__(self, parser: Any) -> None:
        object.__setattr__(self, "parser", parser)
        object.__setattr__(self, "since", 0)
        object.__setattr__(self, "read", 0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.parser, name)

    def __setattr__(self, name: str, value: Any) -> None:
        def told(*arguments: Any) -> Any:
            object.__setattr__(self, "since", 0)
            return value(*arguments)

        setattr(self.parser, name, told if name.endswith("Handler") else value)

    def Parse(self, text: str, final: bool = False) -> Any:  # noqa: FBT001, FBT002, N802 -- expat's own
        object.__setattr__(self, "since", self.since + len(text))
        object.__setattr__(self, "read", self.read + self.since)
        return self.parser.Parse(text, final)


class TestXmlCost:
    """A start tag longer than many pieces is read a few times over, not once a piece, by every expat."""

    def read_again(self, monkeypatch: pytest.MonkeyPatch, size: int) -> int:
        """Return what expat reads of a record whose one attribute takes *size* characters."""
        made: list[_Counted] = []
        create = expat.ParserCreate

        def counted(*arguments: Any) -> _Counted:
            made.append(_Counted(create(*arguments)))
            return made[-1]

        monkeypatch.setattr(expat, "ParserCreate", counted)
        data = b'<F><S><P a="' + b"x" * size + b'"/></S></F>'
        read = list(xml_records("t", "T", io.BytesIO(data), 2 * size, chunk=1 << 16))
        assert read == [(1, {"a": "x" * size})]
        [parser] = made
        return parser.read

    def test_four_times_the_tag_is_at_most_five_times_the_reading(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An attribute of 1 MB against one of 256 kB: at most five times what expat reads."""
        small, large = (
            self.read_again(monkeypatch, size) for size in (1 << 18, 1 << 20)
        )
        assert large <= 5 * small
