"""Tests of ``binding-graph import gsm-plus`` and ``binding-graph import asdiv``: JSON Lines and hardened XML, their records as gold cases."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.datasets import case_line, from_asdiv, from_gsm_plus, load_cases
from binding_graph.errors import render_path
from tests._helpers import Result

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.datasets import BenchmarkCase

DATA: Final = Path(__file__).parent / "data"
GSM_PLUS: Final = DATA / "gsm-plus" / "gsm-plus-sample.jsonl"
ASDIV: Final = DATA / "asdiv" / "ASDiv-sample.xml"
PROBLEM: Final = (
    '<Problem ID="p-{n}" Grade="1" Source="tests"><Body>Ann has 3 pens and {n} bags.</Body>'
    "<Question>How many?</Question><Solution-Type>Multiplication</Solution-Type>"
    "<Answer>{a} (pens)</Answer><Formula>3*{n}={a}</Formula></Problem>"
)


def problems(*numbers: int) -> str:
    """Return an ASDiv-shaped document of one problem a line, for each of *numbers*."""
    lines = [PROBLEM.format(n=n, a=3 * n) for n in numbers]
    return "<File>\n<ProblemSet>\n" + "\n".join(lines) + "\n</ProblemSet>\n</File>\n"


def asdiv_case(n: int) -> BenchmarkCase:
    """Return the case of the problem *n* of :func:`problems`."""
    text = problems(n)
    element = ET.fromstring(text)[0][0]  # noqa: S314 -- the tests' own text
    record = {**element.attrib, **{c.tag: c.text or "" for c in element}}
    return from_asdiv(record, source_id=f"p-{n}")


def outcome(
    adapter: Callable[..., BenchmarkCase], record: object, source_id: str
) -> BenchmarkCase | BindingGraphError:
    """Return what *adapter* makes of *record*: its case, or its refusal."""
    try:
        return adapter(record, source_id=source_id)
    except BindingGraphError as error:
        return error


def expected(
    label: str,
    made: list[tuple[int, BenchmarkCase | BindingGraphError]],
) -> tuple[str, str]:
    """Return what import writes of records made at their lines: the case lines, and the refusals."""
    out, err = b"", ""
    for line, case in made:
        if isinstance(case, BindingGraphError):
            where = render_path(case.path)
            err += f"{label}:{line}: {case.code} at {where}: {case.message}\n"
        else:
            out += case_line(case)
    return out.decode(), err


class TestImportGsmPlus:
    """Import gsm-plus reads JSON Lines, a case named by its line."""

    def test_the_sample(self, cli: Callable[..., Result]) -> None:
        """The 13 records of the sample: their cases, those that expect a refusal too, each refusal, and the summary; exit 0."""
        records = [json.loads(line) for line in GSM_PLUS.read_bytes().splitlines()]
        made = [
            (n, outcome(from_gsm_plus, record, f"gsm-plus-{n}"))
            for n, record in enumerate(records, 1)
        ]
        out, err = expected(str(GSM_PLUS), made)
        result = cli("import", "gsm-plus", str(GSM_PLUS))
        assert result == Result(
            0,
            out,
            err + "13 records: 9 imported, 4 refused"
            " (answer_mismatch 2, no_annotation 1, not_arithmetic 1)\n",
        )
        assert err.splitlines()[0] == (
            f"{GSM_PLUS}:5: no_annotation at solution: from_gsm_plus:"
            " record['solution'] must hold a step annotated '<<EXPRESSION=RESULT>>'"
            " (got 'He sold 30/5 = 6 boxes.\\nSo he made 6*4 = 24 muffins.')"
        )
        lines = [json.loads(line) for line in result.out.splitlines()]
        assert [line["answer"] for line in lines] == [
            "45",
            "900",
            "33",
            "23",
            "15",
            "30",
            "none",
            "7/3",
            "none",
        ]
        assert lines[6]["perturbation"] == "critical thinking"
        assert lines[6]["reason"].startswith("GSM-Plus answers 'None'")

    def test_the_cases_read_back_and_score(self, cli: Callable[..., Result]) -> None:
        """What import writes reads back as the same cases; refusing those that expect it scores every case right."""
        result = cli("import", "gsm-plus", str(GSM_PLUS))
        Path("gold.jsonl").write_text(result.out, encoding="utf-8")
        with Path("gold.jsonl").open("rb") as file:
            cases = [record.case for record in load_cases(file)]
        assert [case.answer is None for case in cases if case] == [
            False, False, False, False, False, False, True, False, True
        ]  # fmt: skip


class TestImportAsdiv:
    """Import asdiv reads one XML document, each problem a record named by its ID, at the line its element starts on."""

    def test_the_sample(self, cli: Callable[..., Result]) -> None:
        """The 14 problems of the sample: their cases, each refusal at its problem's line, and the summary; exit 0."""
        text = ASDIV.read_text(encoding="utf-8")
        starts = [
            n for n, line in enumerate(text.splitlines(), 1) if "<Problem " in line
        ]
        records = [
            {**element.attrib, **{c.tag: "".join(c.itertext()) for c in element}}
            for element in ET.fromstring(text).iter("Problem")  # noqa: S314 -- the tests' own file
        ]
        made = [
            (line, outcome(from_asdiv, record, record["ID"]))
            for line, record in zip(starts, records, strict=True)
        ]
        out, err = expected(str(ASDIV), made)
        result = cli("import", "asdiv", str(ASDIV))
        assert result == Result(
            0,
            out,
            err + "14 records: 10 imported, 4 refused"
            " (answer_mismatch 1, not_arithmetic 2, unknown_unit 1)\n",
        )
        assert err.splitlines()[3] == (
            f"{ASDIV}:96: unknown_unit at Answer: from_asdiv: record['Answer'] states"
            " its unit as 'mL/', which the units do not read: the text is not a"
            " unit: at offset 3, expected a unit, but found the end"
        )
        assert json.loads(result.out.splitlines()[0])["source_id"] == "sample-01"
        assert cli("import", "asdiv", str(ASDIV)) == result

    def test_standard_input(self, cli: Callable[..., Result]) -> None:
        """- reads standard input; a problem's fields are its attributes and its children's texts."""
        result = cli("import", "asdiv", "-", stdin=problems(4).encode())
        record = {
            "ID": "p-4",
            "Grade": "1",
            "Source": "tests",
            "Body": "Ann has 3 pens and 4 bags.",
            "Question": "How many?",
            "Solution-Type": "Multiplication",
            "Answer": "12 (pens)",
            "Formula": "3*4=12",
        }
        case = from_asdiv(record, source_id="p-4")
        assert result == Result(
            0, case_line(case).decode(), "1 record: 1 imported, 0 refused\n"
        )

    def test_records_that_are_not_asdivs_exit_1(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record without an ID or a field, or an empty element: refused at its line, and exit 1."""
        text = (
            "<File><Set>\n"
            '<Problem ID="a"/>\n'
            "<Problem><Body>x</Body></Problem>\n"
            '<Problem ID=""/>\n'
            "</Set></File>"
        )
        Path("t.xml").write_text(text, encoding="utf-8")
        assert cli("import", "asdiv", "t.xml") == Result(
            1,
            "",
            "t.xml:2: missing_key at Body: from_asdiv.record has no key 'Body'\n"
            "t.xml:3: missing_key at ID: asdiv.record has no key 'ID'\n"
            "t.xml:4: empty_text at ID: asdiv.record['ID'] must not be empty or"
            " blank (got '')\n"
            "3 records: 0 imported, 3 refused (empty_text 1, missing_key 2)\n",
        )

    def test_the_lines_of_records_among_other_markup(
        self, cli: Callable[..., Result]
    ) -> None:
        """Comments, CDATA, processing instructions and attributes holding '<' or '>' do not move a record's line; records are two levels under the root."""
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            "<File>\n"
            '<!-- <Problem ID="x"> -->\n'
            '<Set note="a > b"><![CDATA[<Problem ID="y">]]><?pi <Problem?>\n'
            "<Problem ID=\"p-1\" note='&lt;&gt;'/>\n"
            "<Problem\n"
            '  ID="p-2"><Deeper><Problem ID="z"/></Deeper></Problem>\n'
            "</Set>\n"
            "<Set/><Other>text</Other>\n"
            '<Set><Problem ID="p-3"/></Set>\n'
            "</File>\n"
        )
        Path("t.xml").write_text(text, encoding="utf-8")
        result = cli("import", "asdiv", "t.xml")
        assert [line.split(": ")[0] for line in result.err.splitlines()[:-1]] == [
            "t.xml:5",
            "t.xml:6",
            "t.xml:10",
        ]
        assert result.status == 1

    def test_an_encoding_declared_other_than_utf_8(
        self, cli: Callable[..., Result]
    ) -> None:
        """The file is read as UTF-8, whatever its declaration names: a record of it reads as written."""
        text = '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + problems(2)
        Path("t.xml").write_text(text.replace("Ann", "Ann\u00e9"), encoding="utf-8")
        result = cli("import", "asdiv", "t.xml")
        assert result.status == 0
        assert (
            "Ann\u00e9 has 3 pens"
            in json.loads(result.out)["graph"]["provenance"][0]["text"]
        )


BILLION_LAUGHS: Final = (
    '<?xml version="1.0"?>\n'
    "<!DOCTYPE lolz [\n"
    ' <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{n} "{f"&lol{n - 1};" * 10 if n > 1 else "&lol;" * 10}">\n'
        for n in range(1, 10)
    )
    + "]>\n"
    "<lolz><set><Problem>&lol9;</Problem></set></lolz>\n"
)


class TestHardenedXml:
    """A file that is not an XML document the reader takes stops the run: one line, the summary, exit 2, never a traceback."""

    @pytest.mark.parametrize(
        ("data", "error"),
        [
            (
                BILLION_LAUGHS.encode(),
                (
                    "t.xml:2: ASDiv must not declare a document type or an entity"
                    " ('<!DOCTYPE'): they are refused before they are parsed"
                ),
            ),
            (
                b'<!DOCTYPE File SYSTEM "file:///etc/passwd">\n<File/>',
                (
                    "t.xml:1: ASDiv must not declare a document type or an entity"
                    " ('<!DOCTYPE'): they are refused before they are parsed"
                ),
            ),
            (
                b'<File>\n<Set>\n<!-- <!ENTITY x "y"> -->\n</Set></File>',
                (
                    "t.xml:3: ASDiv must not declare a document type or an entity"
                    " ('<!ENTITY'): they are refused before they are parsed"
                ),
            ),
            (
                b"<File><Set><Problem>&lol;</Problem></Set></File>",
                "t.xml:1: ASDiv must be well-formed XML (undefined entity at column 21)",
            ),
            (
                b'<File><Set>\n<Problem ID="a"><Body>x</Bdy></Problem></Set></File>',
                "t.xml:2: ASDiv must be well-formed XML (mismatched tag at column 26)",
            ),
            (
                b"",
                "t.xml:1: ASDiv must be well-formed XML (no element found at column 1)",
            ),
            (
                b"<File/><File/>",
                (
                    "t.xml:1: ASDiv must be well-formed XML (junk after document element"
                    " at column 8)"
                ),
            ),
            (
                b"<File>\xff</File>",
                "t.xml: ASDiv must be UTF-8 (invalid start byte at byte 6)",
            ),
        ],
    )
    def test_a_file_the_reader_refuses(
        self, cli: Callable[..., Result], data: bytes, error: str
    ) -> None:
        """Each such file: one line saying why, the summary of nothing read, exit 2."""
        Path("t.xml").write_bytes(data)
        assert cli("import", "asdiv", "t.xml") == Result(
            2, "", f"binding-graph: {error}\n0 records: 0 imported, 0 refused\n"
        )

    def test_a_record_that_names_a_field_twice_is_one_refusal(
        self, cli: Callable[..., Result]
    ) -> None:
        """A field named by two children, or by a child and an attribute: that record refused at its line, the others written; exit 1."""
        text = problems(1, 2, 3, 4)
        text = text.replace('ID="p-1"', 'ID="p-1" Body="x"')
        text = text.replace(
            "Ann has 3 pens and 3", "x</Body><Body>Ann has 3 pens and 3"
        )
        Path("t.xml").write_text(text, encoding="utf-8")
        assert cli("import", "asdiv", "t.xml") == Result(
            1,
            "".join(case_line(asdiv_case(n)).decode() for n in (2, 4)),
            "t.xml:3: malformed_document at <root>: a record must name each field"
            " once: 'Body' repeats\n"
            "t.xml:5: malformed_document at <root>: a record must name each field"
            " once: 'Body' repeats\n"
            "4 records: 2 imported, 2 refused (malformed_document 2)\n",
        )

    def test_a_record_above_max_bytes(self, cli: Callable[..., Result]) -> None:
        """--max-bytes bounds each record, not the file: one that takes more before its end tag is limit_exceeded; at the limit it is read."""
        padded = 'ID="p-2" Grade="1" Source="tests' + " " * 3000
        text = problems(1, 2, 3).replace('ID="p-2" Grade="1" Source="tests', padded)
        Path("t.xml").write_text(text, encoding="utf-8")
        # The second problem, from its start tag to its end tag.
        size = len(text.splitlines()[3]) - len("</Problem>")
        assert size > 3000
        assert len(text) > size
        assert cli("import", "--max-bytes", str(size - 1), "asdiv", "t.xml") == Result(
            1,
            "".join(case_line(asdiv_case(n)).decode() for n in (1, 3)),
            f"t.xml:4: limit_exceeded at <root>: a document may take at most {size - 1}"
            " bytes of UTF-8; this one takes more\n"
            "3 records: 2 imported, 1 refused (limit_exceeded 1)\n",
        )
        result = cli("import", "--max-bytes", str(size), "asdiv", "t.xml")
        assert (result.status, result.out.count("\n")) == (0, 3)

    @pytest.mark.parametrize(
        ("old", "new"),
        [
            ('Source="tests"', 'Source="' + "t" * 3000 + '"'),
            ("Ann has 3 pens", "Ann has 3 pens" + " " * 3000),
            ("<Body>", "<Body><b>" + "x" * 1500 + "</b>" + "y" * 1500),
        ],
    )
    def test_a_record_that_holds_more_than_max_bytes(
        self, cli: Callable[..., Result], old: str, new: str
    ) -> None:
        """An attribute, a field's text, or a field's text in pieces, of more than --max-bytes: the record is refused, the next one read."""
        text = problems(1, 2).replace(old, new, 1)
        Path("t.xml").write_text(text, encoding="utf-8")
        assert cli("import", "--max-bytes", "2500", "asdiv", "t.xml") == Result(
            1,
            case_line(asdiv_case(2)).decode(),
            "t.xml:3: limit_exceeded at <root>: a document may take at most 2500"
            " bytes of UTF-8; this one takes more\n"
            "2 records: 1 imported, 1 refused (limit_exceeded 1)\n",
        )

    @pytest.mark.parametrize(
        ("tail", "error"),
        [
            (
                "",
                "t.xml:5: ASDiv must be well-formed XML (no element found at column 1)",
            ),
            (
                "<Problem><Body>x</Bdy></Problem>",
                "t.xml:5: ASDiv must be well-formed XML (mismatched tag at column 19)",
            ),
            (
                "<!-- <!ENTITY x 'y'> -->",
                (
                    "t.xml:5: ASDiv must not declare a document type or an entity"
                    " ('<!ENTITY'): they are refused before they are parsed"
                ),
            ),
            ("\udcff", "t.xml: ASDiv must be UTF-8 (invalid start byte at byte {at})"),
        ],
    )
    def test_the_records_before_a_break_are_written(
        self, cli: Callable[..., Result], tail: str, error: str
    ) -> None:
        """A document that breaks after records: those before it written, the break told at its line, exit 2."""
        head = problems(1, 2).removesuffix("\n</ProblemSet>\n</File>\n") + "\n"
        data = (head + tail).encode("utf-8", "surrogateescape")
        Path("t.xml").write_bytes(data)
        assert cli("import", "asdiv", "t.xml") == Result(
            2,
            "".join(case_line(asdiv_case(n)).decode() for n in (1, 2)),
            f"binding-graph: {error.format(at=len(head.encode()))}\n"
            "2 records: 2 imported, 0 refused\n",
        )

    def test_deep_nesting(self, cli: Callable[..., Result]) -> None:
        """Elements nested 100,000 deep in a record are read without recursion: the record's field is their text."""
        deep = "<a>" * 100_000 + "x" + "</a>" * 100_000
        text = problems(2).replace("<Body>", f"<Body>{deep}", 1)
        Path("t.xml").write_text(text, encoding="utf-8")
        result = cli("import", "asdiv", "t.xml")
        assert result.status == 0
        assert (
            "xAnn has 3 pens"
            in json.loads(result.out)["graph"]["provenance"][0]["text"]
        )


GSM8K: Final = DATA / "gsm8k" / "train-200.jsonl"
GSM_HARD: Final = DATA / "gsm-hard" / "gsmhardv2-30.jsonl"


class TestAnotherBenchmarksFile:
    """A record whose keys are another benchmark's names that benchmark, and the import that reads it."""

    def test_a_whole_file_of_another_benchmark_stops_at_its_first_record(
        self, cli: Callable[..., Result]
    ) -> None:
        """GSM-Hard's file given as GSM8K's: one line, nothing written, exit 2."""
        assert cli("import", "gsm8k", str(GSM_HARD)) == Result(
            2,
            "",
            f"binding-graph: {GSM_HARD}:1: not a file of GSM8K: missing_key at"
            " question: from_gsm8k.record has no key 'question': its keys (input,"
            " code, target) are GSM-Hard's: import it with 'binding-graph import"
            " gsm-hard'\n"
            "0 records: 0 imported, 0 refused\n",
        )

    def test_a_mixed_file_names_the_benchmark_of_each_record(
        self, cli: Callable[..., Result]
    ) -> None:
        """After a record of the benchmark, another's is refused, named, and the rest read: exit 1."""
        mine = GSM8K.read_bytes().splitlines(keepends=True)[0]
        theirs = GSM_HARD.read_bytes().splitlines(keepends=True)[0]
        Path("mixed.jsonl").write_bytes(mine + theirs + b'{"question": "q"}\n')
        result = cli("import", "gsm8k", "mixed.jsonl")
        assert result.status == 1
        assert result.err.splitlines() == [
            (
                "mixed.jsonl:2: missing_key at question: from_gsm8k.record has no key"
                " 'question': its keys (input, code, target) are GSM-Hard's: import it"
                " with 'binding-graph import gsm-hard'"
            ),
            "mixed.jsonl:3: missing_key at answer: from_gsm8k.record has no key 'answer'",
            "3 records: 1 imported, 2 refused (missing_key 2)",
        ]

    def test_many_keys_are_cut(self, cli: Callable[..., Result]) -> None:
        """A GSM-Plus record of nine keys given as GSM-Hard's: its first eight keys are listed."""
        record = json.loads(GSM_PLUS.read_bytes().splitlines()[0])
        Path("plus.jsonl").write_text(json.dumps({**record, "x1": 1, "x2": 2}) + "\n")
        assert cli("import", "gsm-hard", "plus.jsonl").err.splitlines()[0] == (
            "binding-graph: plus.jsonl:1: not a file of GSM-Hard: missing_key at"
            " input: from_gsm_hard.record has no key 'input': its keys (question,"
            " solution, answer, perturbation_type, seed_question, seed_solution,"
            " seed_answer, x1, ...) are GSM-Plus's: import it with 'binding-graph"
            " import gsm-plus'"
        )

    @pytest.mark.parametrize(
        "record",
        [
            {"question": "q", "answer": "45"},
            {"question": "q", "solution": "s", "answer": "45"},
        ],
    )
    def test_keys_another_adapter_takes_though_it_refuses_the_record(
        self, cli: Callable[..., Result], record: dict[str, str]
    ) -> None:
        """No adapter makes a case of it: the first that refuses it for more than its keys is named."""
        Path("r.jsonl").write_text(json.dumps(record) + "\n")
        keys = ", ".join(record)
        assert cli("import", "gsm-hard", "r.jsonl").err.splitlines()[0] == (
            "binding-graph: r.jsonl:1: not a file of GSM-Hard: missing_key at"
            " input: from_gsm_hard.record has no key 'input': its keys"
            f" ({keys}) are GSM8K's: import it with 'binding-graph import gsm8k'"
        )
