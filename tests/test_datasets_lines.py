"""binding_graph.datasets as JSON Lines: case_line, dump_cases, load_cases and CaseRecord."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import pytest

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    to_data,
)
from binding_graph.datasets import (
    BenchmarkCase,
    CaseRecord,
    case_line,
    dump_cases,
    load_cases,
)
from tests._cases import CASE, imported
from tests._helpers import refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator


@pytest.fixture(scope="module")
def cases() -> list[BenchmarkCase]:
    """Gold cases of the first records of both samples."""
    return imported()


LINE: Final = case_line(CASE)
DATA_LINE: Final[dict[str, Any]] = json.loads(LINE)


def line(**changes: object) -> str:
    """Return CASE's line with *changes* to its keys (None drops a key)."""
    data = dict(DATA_LINE)
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def outcomes(records: Iterable[CaseRecord]) -> list[tuple[int, object]]:
    """Return each record's line and its case, or its refusal's code, path and message."""
    result: list[tuple[int, object]] = []
    for record in records:
        error = record.error
        result.append(
            (
                record.line,
                record.case
                if error is None
                else (error.code, error.path, error.message),
            )
        )
    return result


class TestCaseLine:
    """A case is one canonical line."""

    def test_the_line_is_the_canonical_json_of_the_case(
        self, cases: list[BenchmarkCase]
    ) -> None:
        """The line is RFC 8785 of {answer, graph, source_id}, as the library writes documents."""
        for case in [CASE, *cases]:
            tree = {
                "source_id": case.source_id,
                "answer": DATA_LINE["answer"]
                if case is CASE
                else json.loads(case_line(case))["answer"],
                "graph": to_data(case.graph),
            }
            expected = json.dumps(
                tree, sort_keys=True, separators=(",", ":"), ensure_ascii=False
            )
            assert case_line(case) == expected.encode() + b"\n"

    def test_the_answer_is_spelled_as_a_fact_value(self) -> None:
        """A terminating decimal as such; any other fraction as N/D; a sign in front."""
        graph = SemanticSymbolicBindingGraph()
        spelled = [
            json.loads(case_line(BenchmarkCase("p", graph, value)))["answer"]
            for value in (Fraction(72), Fraction(1, 2), Fraction(-3), Fraction(2, 6))
        ]
        assert spelled == ["72", "0.5", "-3", "1/3"]

    def test_a_source_id_is_escaped_as_rfc_8785_escapes_it(self) -> None:
        """Quotes, backslashes and control characters are escaped; other characters stay."""
        case = BenchmarkCase(
            'a"\\\x01é\u2028', SemanticSymbolicBindingGraph(), Fraction(1)
        )
        assert case_line(case).endswith(
            b'"source_id":"a\\"\\\\\\u0001\xc3\xa9\xe2\x80\xa8"}\n'
        )

    def test_a_non_case_is_refused(self) -> None:
        """Only a BenchmarkCase has a line."""
        error = refusal(case_line, untyped({"source_id": "p"}))
        assert (error.code, error.path) == ("wrong_type", ("case",))
        assert error.message == (
            "case_line.case must be a BenchmarkCase, not dict (got {'source_id': 'p'})"
        )


class TestRoundTrip:
    """dump_cases then load_cases gives the cases back, and the same bytes every time."""

    def test_round_trip(self, cases: list[BenchmarkCase]) -> None:
        """Every case comes back equal, on its line."""
        out = io.BytesIO()
        assert dump_cases(iter(cases), out) == len(cases)
        records = list(load_cases(io.BytesIO(out.getvalue())))
        assert [record.case for record in records] == cases
        assert [record.line for record in records] == list(range(1, len(cases) + 1))
        assert all(record.error is None for record in records)

    def test_two_runs_give_byte_equal_lines(self, cases: list[BenchmarkCase]) -> None:
        """Writing again, from freshly imported cases, gives the same bytes."""
        first, second = io.BytesIO(), io.BytesIO()
        dump_cases(cases, first)
        dump_cases(imported(), second)
        assert first.getvalue() == second.getvalue()
        assert first.getvalue() == b"".join(case_line(case) for case in cases)

    def test_a_reader_of_lines_reads_as_a_file_does(
        self, cases: list[BenchmarkCase]
    ) -> None:
        """An iterable of str or bytes lines, with or without line ends, reads the same cases."""
        data = b"".join(case_line(case) for case in cases[:3])
        as_bytes = list(load_cases(data.splitlines(keepends=True)))
        as_text = list(load_cases(data.decode().splitlines()))
        from_file = list(load_cases(io.BytesIO(data.replace(b"\n", b"\r\n"))))
        assert as_bytes == as_text == from_file
        assert [record.case for record in as_bytes] == cases[:3]


class TestLoadCases:
    """Every line that does not hold a case is refused, with its code, path and message, and reading goes on."""

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            (
                line(source_id=""),
                (
                    "empty_text",
                    ("source_id",),
                    "BenchmarkCase.source_id must not be empty or blank (got '')",
                ),
            ),
            (
                line(source_id=3),
                (
                    "wrong_type",
                    ("source_id",),
                    "BenchmarkCase.source_id must be a str, not int (got 3)",
                ),
            ),
            (
                line(answer=3),
                (
                    "wrong_type",
                    ("answer",),
                    "BenchmarkCase.answer must be a str, not int (got 3)",
                ),
            ),
            (
                line(reason=["no"]),
                (
                    "wrong_type",
                    ("reason",),
                    "BenchmarkCase.reason must be a str, not list (got ['no'])",
                ),
            ),
            (
                line(perturbation=1),
                (
                    "wrong_type",
                    ("perturbation",),
                    "BenchmarkCase.perturbation must be a str, not int (got 1)",
                ),
            ),
            (
                line(answer="1e9"),
                (
                    "not_arithmetic",
                    ("answer",),
                    (
                        "a case's answer must be a number, or 'none': the text is not a"
                        " number of the profile: an optional '-', then a NUMBER such as"
                        " 12 or 2.5, or a fraction such as 3/4, with nothing around it"
                        " (got '1e9')"
                    ),
                ),
            ),
            (
                canonical_bytes(CASE.graph).decode(),
                (
                    "unknown_key",
                    ("constraints",),
                    (
                        "a case has no field 'constraints'; the line is a graph"
                        ' document, not a case: a case line is {"answer", "graph",'
                        ' "source_id"}, as binding-graph import writes one for each'
                        " record of a benchmark, and binding_graph.datasets.case_line()"
                        " for a BenchmarkCase of a graph and its answer"
                    ),
                ),
            ),
            (
                line(format="binding-graph"),
                (
                    "unknown_key",
                    ("format",),
                    (
                        "a case has no field 'format'; its fields are source_id,"
                        " answer, graph, reason, perturbation"
                    ),
                ),
            ),
            (
                line(extra=1),
                (
                    "unknown_key",
                    ("extra",),
                    (
                        "a case has no field 'extra'; its fields are source_id, answer,"
                        " graph, reason, perturbation"
                    ),
                ),
            ),
            (
                line(graph=None),
                ("missing_key", ("graph",), "a case line has no key 'graph'"),
            ),
            (
                line(graph=1),
                (
                    "wrong_type",
                    ("graph",),
                    (
                        "a SemanticSymbolicBindingGraph must be a JSON object, not int"
                        " (got 1)"
                    ),
                ),
            ),
            (
                line(
                    graph={
                        **DATA_LINE["graph"],
                        "symbols": [
                            {**DATA_LINE["graph"]["symbols"][0], "symbol_id": "1x"},
                            *DATA_LINE["graph"]["symbols"][1:],
                        ],
                    }
                ),
                (
                    "invalid_identifier",
                    ("graph", "symbols", 0, "symbol_id"),
                    "SymbolBinding.symbol_id must be a Python identifier (got '1x')",
                ),
            ),
            (
                b'{"a":1,"a":2}',
                (
                    "malformed_document",
                    (),
                    "a JSON object must not repeat a key (got 'a' again)",
                ),
            ),
            (
                b"1.5",
                (
                    "malformed_document",
                    (),
                    (
                        "numbers in a document must be integers, written without a"
                        " fraction or an exponent (got '1.5')"
                    ),
                ),
            ),
            (
                b"NaN",
                (
                    "malformed_document",
                    (),
                    "a document must not hold NaN: it is not JSON",
                ),
            ),
            (
                b"12345678901234567890",
                (
                    "malformed_document",
                    (),
                    (
                        "integers in a document must lie within -(2**53 - 1) and"
                        " 2**53 - 1, as every JSON implementation holds them exactly"
                        " (got '12345678901234567890')"
                    ),
                ),
            ),
            (
                b"9007199254740992",
                (
                    "malformed_document",
                    (),
                    (
                        "integers in a document must lie within -(2**53 - 1) and"
                        " 2**53 - 1, as every JSON implementation holds them exactly"
                        " (got '9007199254740992')"
                    ),
                ),
            ),
            (
                b"\xff",
                (
                    "malformed_document",
                    (),
                    "a document must be UTF-8 (invalid start byte at byte 0)",
                ),
            ),
            (
                "\ufeff{}",
                (
                    "malformed_document",
                    (),
                    "a document must not start with a byte order mark (U+FEFF)",
                ),
            ),
            (
                "{",
                (
                    "malformed_document",
                    (),
                    (
                        "a document must be JSON (Expecting property name enclosed in"
                        " double quotes: line 1 column 2)"
                    ),
                ),
            ),
            (
                "[" * 100_000,
                (
                    "limit_exceeded",
                    (),
                    "a document must not nest arrays and objects this deep",
                ),
            ),
            (
                b"[]",
                (
                    "wrong_type",
                    (),
                    "a case line must be a JSON object, not list (got [])",
                ),
            ),
            (
                5,
                (
                    "wrong_type",
                    (),
                    "load_cases.line must be a str or bytes, not int (got 5)",
                ),
            ),
        ],
    )
    def test_a_bad_line_is_refused(self, text: object, expected: object) -> None:
        """The line's record holds the refusal, and the next line is still read."""
        records = outcomes(load_cases(untyped([text, LINE])))
        assert records == [(1, expected), (2, CASE)]

    def test_a_line_above_max_bytes_is_refused(self) -> None:
        """A line longer than max_bytes is limit_exceeded, from a file or a list; é counts as 2 bytes."""
        too_large = (
            "limit_exceeded",
            (),
            "a document may take at most 4 bytes of UTF-8; this one takes more",
        )
        assert outcomes(load_cases(["[éé]", b"[12]", "[1]"], max_bytes=4)) == [
            (1, too_large),
            (
                2,
                (
                    "wrong_type",
                    (),
                    "a case line must be a JSON object, not list (got [12])",
                ),
            ),
            (
                3,
                (
                    "wrong_type",
                    (),
                    "a case line must be a JSON object, not list (got [1])",
                ),
            ),
        ]
        file = io.BytesIO(b"[123]\n" + b"[" * 100 + b"\n[1]")
        assert [record.line for record in load_cases(file, max_bytes=4)] == [1, 2, 3]

    def test_blank_lines_are_skipped_but_counted(self) -> None:
        """Blank lines (spaces, tabs, carriage returns) hold no case, in a file or a list."""
        data = b"\n \t\r\n" + LINE + b"\r\n\n"
        assert outcomes(load_cases(io.BytesIO(data))) == [(3, CASE)]
        assert outcomes(load_cases(data.decode().split("\n"))) == [(3, CASE)]
        assert outcomes(load_cases([" ", bytearray(LINE)])) == [(2, CASE)]

    @pytest.mark.parametrize(
        ("source", "message"),
        [
            (
                "lines",
                (
                    "load_cases.source must be a binary file or an iterable of lines,"
                    " not str (got 'lines')"
                ),
            ),
            (
                5,
                (
                    "load_cases.source must be a binary file or an iterable of lines,"
                    " not int (got 5)"
                ),
            ),
        ],
    )
    def test_a_source_of_the_wrong_type_is_refused(
        self, source: object, message: str
    ) -> None:
        """A str, bytes or non-iterable is no source."""
        error = refusal(load_cases, untyped(source))
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("source",),
            message,
        )

    def test_max_bytes_must_be_an_int(self) -> None:
        """max_bytes is an int, exactly."""
        error = refusal(load_cases, [], max_bytes=untyped(True))  # noqa: FBT003 -- the wrong type is the point
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("max_bytes",),
            "load_cases.max_bytes must be an int, not bool (got True)",
        )


class _Raises:
    """An object whose every attribute lookup raises."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(name)


class _TextFile(io.StringIO):
    """A text file: it reads str."""


class _ByteArrayFile:
    """A file whose reads give bytearray."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)

    def read(self, size: int) -> bytearray:
        return bytearray(self.data.read(size))


class _FailingFile:
    """A file whose reads raise *error*."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def read(self, _: int) -> bytes:
        raise self.error


class TestHostileSources:
    """A source's own code that raises is refused as wrong_type; an OSError passes as it is."""

    def test_a_source_whose_read_lookup_raises(self) -> None:
        """Looking up read raises: the source is refused."""
        error = refusal(load_cases, untyped(_Raises()))
        assert (error.code, error.path) == ("wrong_type", ("source",))
        assert error.message == (
            "load_cases.source must be a binary file or an iterable of lines, but"
            " the _Raises given raised RuntimeError when it was used"
        )

    def test_an_iterable_whose_iteration_raises(self) -> None:
        """Iterating raises after the first line: the first record is given, then the refusal."""
        records = load_cases(untyped(_Iterable()))
        assert next(records) == CaseRecord(1, case=CASE)
        error = refusal(next, records)
        assert (error.code, error.path) == ("wrong_type", ("source",))

    def test_an_iterable_whose_iter_raises(self) -> None:
        """iter() of the source raises: it is refused at once."""
        error = refusal(load_cases, untyped(_BadIter()))
        assert (error.code, error.path) == ("wrong_type", ("source",))

    def test_a_text_file_is_refused(self) -> None:
        """A file that reads str is refused as it is read."""
        error = refusal(list, load_cases(untyped(_TextFile("{}"))))
        assert (error.code, error.path) == ("wrong_type", ("source",))
        assert error.message.startswith(
            "load_cases.source must be a binary file, not _TextFile (got <"
        )

    def test_a_file_that_reads_bytearray(self) -> None:
        """Bytearray chunks read as bytes."""
        assert outcomes(load_cases(untyped(_ByteArrayFile(LINE)))) == [(1, CASE)]

    def test_a_file_whose_read_raises(self) -> None:
        """An OSError passes as it is; anything else is a refusal of the source."""
        with pytest.raises(OSError, match="disk"):
            list(load_cases(untyped(_FailingFile(OSError("disk")))))
        error = refusal(list, load_cases(untyped(_FailingFile(KeyError("x")))))
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("source",),
            (
                "load_cases.source must be a binary file, but the _FailingFile given"
                " raised KeyError when it was used"
            ),
        )


class _Iterable:
    """An iterable that gives one line, then raises."""

    def __iter__(self) -> Iterator[bytes]:
        yield LINE
        raise RuntimeError("next")


class _BadIter:
    """An iterable whose iter() raises."""

    def __iter__(self) -> Iterator[bytes]:
        raise RuntimeError("iter")


class _BadWriter(io.RawIOBase):
    """A binary file whose writes raise *error*."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def write(self, _: Any) -> int:
        raise self.error


class _LyingFile:
    """A file that raises when asked anything, its class included."""

    def __getattribute__(self, name: str) -> Any:
        raise RuntimeError(name)


class TestDumpCases:
    """dump_cases writes each case's line, and refuses what is not a case or not a binary file."""

    def test_it_counts_what_it_wrote(self) -> None:
        """It returns how many cases it wrote."""
        out = io.BytesIO()
        assert dump_cases([CASE, CASE], out) == 2
        assert out.getvalue() == LINE * 2

    def test_a_text_file_is_refused(self) -> None:
        """A text file is refused before anything is written."""
        error = refusal(dump_cases, [CASE], untyped(io.StringIO()))
        assert (error.code, error.path) == ("wrong_type", ("file",))
        assert error.message.startswith(
            "dump_cases.file must be a binary file, not StringIO"
        )

    def test_a_file_that_lies_about_its_class(self) -> None:
        """A file whose class lookup raises is refused."""
        error = refusal(dump_cases, [CASE], untyped(_LyingFile()))
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("file",),
            (
                "dump_cases.file must be a binary file, but the _LyingFile given raised"
                " RuntimeError when it was used"
            ),
        )

    def test_an_item_that_is_not_a_case(self) -> None:
        """The cases before it are written; it is refused."""
        out = io.BytesIO()
        error = refusal(dump_cases, untyped([CASE, "case"]), out)
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("cases",),
            (
                "dump_cases.cases must be an iterable of BenchmarkCase, not str (got"
                " 'case')"
            ),
        )
        assert out.getvalue() == LINE

    def test_writing_that_raises(self) -> None:
        """An OSError passes as it is; anything else is a refusal of the file."""
        with pytest.raises(OSError, match="full"):
            dump_cases([CASE], untyped(_BadWriter(OSError("full"))))
        error = refusal(dump_cases, [CASE], untyped(_BadWriter(KeyError("x"))))
        assert (error.code, error.path) == ("wrong_type", ("file",))

    def test_iterating_that_raises(self) -> None:
        """An iterable of cases whose iteration raises is refused."""
        error = refusal(dump_cases, untyped(_BadIter()), io.BytesIO())
        assert (error.code, error.path) == ("wrong_type", ("cases",))


class TestCaseRecord:
    """A record holds its line, and its case or its refusal: exactly one."""

    def test_equal_refusals_make_equal_records(self) -> None:
        """Refusals compare by code, path and message."""
        first = CaseRecord(2, error=BindingGraphError("wrong_type", "m", ("a",)))
        second = CaseRecord(2, error=BindingGraphError("wrong_type", "m", ("a",)))
        assert first == second
        assert first != CaseRecord(2, error=BindingGraphError("wrong_type", "n"))

    @pytest.mark.parametrize(
        ("fields", "path", "message"),
        [
            (
                {"line": 0, "case": CASE},
                ("line",),
                "CaseRecord.line must be a positive int, not int (got 0)",
            ),
            (
                {"line": True, "case": CASE},
                ("line",),
                "CaseRecord.line must be a positive int, not bool (got True)",
            ),
            (
                {"line": 1, "case": "c"},
                ("case",),
                "CaseRecord.case must be a BenchmarkCase or None, not str (got 'c')",
            ),
            (
                {"line": 1, "error": ValueError("e")},
                ("error",),
                "CaseRecord.error must be a BindingGraphError or None, not ValueError (got ValueError('e'))",
            ),
            (
                {"line": 1},
                ("error",),
                "CaseRecord holds a case or an error: exactly one of them",
            ),
            (
                {
                    "line": 1,
                    "case": CASE,
                    "error": BindingGraphError("wrong_type", "m"),
                },
                ("error",),
                "CaseRecord holds a case or an error: exactly one of them",
            ),
        ],
    )
    def test_a_bad_record_is_refused(
        self, fields: dict[str, Any], path: tuple[str, ...], message: str
    ) -> None:
        """Each field is checked, and exactly one of case and error is set."""
        error = refusal(CaseRecord, **fields)
        assert (error.code, error.path, error.message) == ("wrong_type", path, message)
