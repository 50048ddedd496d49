"""The streaming checker: a draft fed a chunk at a time, each refusal told as soon as it is certain, the same as the whole draft's."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.drafts import DraftChecker, compile_draft, draft_refusals
from binding_graph.drafts._sources import tokens as _tokens
from tests._drafts import TEXT, broken, chunks, draft, problems, written
from tests._helpers import untyped

Told = tuple[str, tuple[object, ...], str]


def told(errors: tuple[BindingGraphError, ...]) -> list[Told]:
    """Return *errors* as codes, paths and messages."""
    return [(error.code, error.path, error.message) for error in errors]


def streamed(text: str, pieces: list[str] | list[bytes], **options: Any) -> list[Told]:
    """Return what a checker of *text* tells, fed *pieces*, then closed."""
    checker = DraftChecker(text, source_id="p1", **options)
    found: list[Told] = []
    for piece in pieces:
        found += told(checker.feed(piece))
    return found + told(checker.close())


def whole(text: str, the_draft: object, **options: Any) -> list[Told]:
    """Return what draft_refusals lists for the whole draft."""
    return told(draft_refusals(the_draft, text, limit=10**6, **options))


class TestChecker:
    """feed and close tell each refusal once, when it is certain; close builds the graph."""

    def test_a_quote_is_told_when_its_string_closes(self) -> None:
        """A quote not in the text is told at the chunk that closes it, before the element ends."""
        checker = DraftChecker(TEXT, source_id="p1")
        assert checker.feed('{"quantities": [{"name": "laid", "quote": "61 eg') == ()
        (refusal,) = checker.feed('gs", ')
        assert (refusal.code, refusal.path) == (
            "quote_not_found",
            ("quantities", 0, "quote"),
        )
        assert checker.refusals == (refusal,)
        assert checker.feed('"value": 61') == ()

    def test_a_name_defined_twice_is_told_at_once(self) -> None:
        """A duplicate name is told as soon as its string closes."""
        checker = DraftChecker(TEXT, source_id="p1")
        checker.feed('{"quantities": [{"name": "laid"}, {"name": "laid"')
        assert [error.code for error in checker.refusals] == [
            "missing_key",
            "missing_key",
            "duplicate_symbol_id",
        ]

    def test_names_are_told_undefined_once_every_definition_is_read(self) -> None:
        """A name used before its definition is no refusal until both lists are read."""
        checker = DraftChecker(TEXT, source_id="p1")
        start = '{"steps": [{"name": "a", "expression": "b + c"}], '
        assert checker.feed(start) == ()
        assert (
            checker.feed(
                '"quantities": [{"name": "b", "quote": "16 eggs", "value": 16}'
            )
            == ()
        )
        (refusal,) = checker.feed("]")
        assert refusal.message == (
            "Draft.steps[0].expression uses 'c', which no quantity or step defines:"
            " the names defined, nearest first, are 'a', 'b'"
        )

    def test_nearest_passages_and_names_are_told_as_the_whole_draft_tells_them(
        self,
    ) -> None:
        """A misquote's nearest passage and a misnamed step's nearest names, fed a chunk at a time: the messages draft_refusals gives."""
        text = TEXT.replace("Janet's", "Janet\u2019s")
        changed = draft()
        changed["quantities"][0]["quote"] = "Janet's ducks lay 16 eggs"
        changed["steps"][0]["expression"] = "laid-eatn-baked"
        pieces = [written(changed)[at : at + 5] for at in range(0, 2000, 5)]
        assert streamed(text, pieces) == whole(text, changed)
        assert [message for _, _, message in whole(text, changed)][:2] == [
            (
                "Draft.quantities[0].quote must occur in the text, exactly as it is"
                " written there (got \"Janet's ducks lay 16 eggs\"): the text's nearest"
                " passage is 'Janet\u2019s ducks lay 16 eggs', at character 0"
            ),
            (
                "Draft.steps[0].expression uses 'eatn', which no quantity or step"
                " defines: the names defined, nearest first, are 'eaten', 'laid',"
                " 'baked', 'price', 'left', and 1 more"
            ),
        ]

    def test_close_builds_the_graph_of_a_sound_draft(self) -> None:
        """A sound draft gives its graph at close, the one compile_draft gives; a refused one none."""
        checker = DraftChecker(TEXT, source_id="p1")
        assert [checker.graph] == [None]
        for piece in chunks_of(written(draft()), 7):
            assert checker.feed(piece) == ()
        assert checker.close() == ()
        assert checker.graph == compile_draft(draft(), TEXT, source_id="p1")
        assert checker.close() == ()

    def test_a_draft_cut_short_is_told_at_close(self) -> None:
        """A text that ends before the draft does is refused at close."""
        assert streamed(TEXT, ['{"quantities": [']) == [
            (
                "malformed_document",
                (),
                "a draft must be JSON: at character 16, the text ends before the draft does",
            )
        ]
        assert streamed(TEXT, [" \n"]) == [
            (
                "malformed_document",
                (),
                "a draft must be JSON: at character 2, the text is empty",
            )
        ]

    def test_nothing_is_fed_after_close(self) -> None:
        """Feeding a closed checker, or a chunk that is no str or bytes, is refused at the chunk."""
        checker = DraftChecker(TEXT, source_id="p1")
        with pytest.raises(BindingGraphError) as info:
            checker.feed(untyped(["{"]))
        assert (info.value.code, info.value.path) == ("wrong_type", ("chunk",))
        checker.close()
        with pytest.raises(BindingGraphError) as again:
            checker.feed("{")
        assert (again.value.code, again.value.path) == ("wrong_type", ("chunk",))

    def test_arguments_are_refused_at_once(self) -> None:
        """A checker refuses a text or a limit of the wrong kind when it is made."""
        with pytest.raises(BindingGraphError) as info:
            DraftChecker("", source_id="p1")
        assert (info.value.code, info.value.path) == ("empty_text", ("text",))
        with pytest.raises(BindingGraphError) as again:
            DraftChecker(TEXT, source_id="p1", max_bytes=untyped(None))
        assert (again.value.code, again.value.path) == ("wrong_type", ("max_bytes",))


def chunks_of(text: str, size: int) -> list[str]:
    """Return *text* cut every *size* characters."""
    return [text[at : at + size] for at in range(0, len(text), size)]


class TestJson:
    """The checker takes exactly the JSON json takes, refuses the rest where it stops being JSON, and never recurses."""

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ('{"a"}', "at character 4, expected ':'"),
            ("{,}", "at character 1, expected a key or '}'"),
            ('{"steps": [1,]}', "at character 13, expected a JSON value"),
            ('{"steps": [,]}', "at character 11, expected a JSON value or ']'"),
            ('{"a":1,}', "at character 7, expected a key"),
            ('{"a" 1}', "at character 5, expected ':'"),
            ("{1:2}", "at character 1, expected a key or '}'"),
            ('{"a":1 "b":2}', "at character 7, expected ',' or '}'"),
            ('{"steps": [1 2]}', "at character 13, expected ',' or ']'"),
            ('{"steps": [1}', "at character 12, expected ',' or ']'"),
            ('{"a":[}', "at character 6, expected a JSON value or ']'"),
            ('{"a":01}', "at character 5, expected a JSON number"),
            ('{"a":1.}', "at character 5, expected a JSON number"),
            ('{"a":tru}', "at character 5, expected a JSON value"),
            ('{"a":"\\x"}', "at character 6, a string holds an escape JSON has not"),
            ('{"a":"\x01"}', "at character 6, a string holds a control character"),
            (
                '{"a":"\\u12G4"}',
                "at character 6, a string holds an escape JSON has not",
            ),
            ("{@", "at character 1, expected a key or '}'"),
            ('{"a":@', "at character 5, expected a JSON value"),
        ],
    )
    def test_text_that_is_not_json(self, text: str, message: str) -> None:
        """Each text that json refuses is refused where it stops being JSON, after what came before, whole or a character at a time."""
        with pytest.raises(ValueError):  # noqa: PT011 -- json's own refusal
            json.loads(text)
        found = whole(TEXT, text)
        assert found[-1] == (
            "malformed_document",
            (),
            f"a draft must be JSON: {message}",
        )
        assert streamed(TEXT, list(text)) == found

    @pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
    def test_constants_that_json_takes_are_not_json(self, constant: str) -> None:
        """NaN and Infinity, which json takes but JSON has not, are refused where they are."""
        text = f'{{"a": {constant}}}'
        json.loads(text)
        expected = (
            "expected a JSON value" if constant[0] != "-" else "expected a JSON number"
        )
        assert whole(TEXT, text)[-1] == (
            "malformed_document",
            (),
            f"a draft must be JSON: at character 6, {expected}",
        )

    def test_refusals_before_the_text_stops_being_json_are_told_first(self) -> None:
        """What was found before the first character that is not JSON comes first."""
        text = '{"quantities": [{"name": "class"}] ~'
        assert [code for code, _, _ in whole(TEXT, text)] == [
            "invalid_identifier",
            "missing_key",
            "missing_key",
            "malformed_document",
        ]

    def test_strings_and_numbers_read_as_json_reads_them(self) -> None:
        """Escapes, surrogate pairs, a lone surrogate, numbers of every form: as json reads them, whole or in pieces."""
        text = (
            '{"quantities": [{"name": "n\\u00e9", "quote": "\\ud83d\\ude00 \\"a\\"",'
            ' "value": -0, "occurrence": 1.5, "symbol_start": 12345678901234567890,'
            ' "unit": "\\ud800", "label": true, "entity": false}]}'
        )
        expected = whole(TEXT, text)
        assert expected == whole(TEXT, json.loads(text))
        assert streamed(TEXT, list(text)) == expected
        assert [code for code, _, _ in expected] == [
            "quote_not_found",
            "wrong_type",
            "wrong_type",
            "invalid_text",
            "wrong_type",
            "wrong_type",
            "missing_key",
            "missing_key",
        ]

    def test_deep_nesting_is_read_without_recursion(self) -> None:
        """A hundred thousand open arrays are read as text, in bounded depth, and refused as the draft they are not."""
        deep = '{"steps": [{"unit": ' + "[" * 100_000 + "]" * 100_000 + "}]}"
        assert [code for code, _, _ in whole(TEXT, deep)] == [
            "wrong_type",
            "missing_key",
            "missing_key",
            "missing_key",
            "missing_key",
        ]

    def test_bytes_are_utf8_without_a_byte_order_mark(self) -> None:
        """Bytes are decoded as they come, cut anywhere; a byte that is not UTF-8, or a byte order mark, is refused where it is."""
        text = written(draft()).encode()
        assert streamed(TEXT, [text[at : at + 1] for at in range(len(text))]) == []
        assert streamed(
            TEXT, [b'{"quantities": [{"name": "\xc3', b"\xa9", b'\xff"']
        ) == [
            (
                "malformed_document",
                (),
                "a draft must be UTF-8 (invalid start byte at byte 28)",
            )
        ]
        assert whole(TEXT, b'{"quantities": [{"name": "\xc3\xa9\xff"') == [
            (
                "malformed_document",
                (),
                "a draft must be UTF-8 (invalid start byte at byte 28)",
            )
        ]
        assert streamed(TEXT, [b"{}\xe2\x82"]) == whole(TEXT, bytearray(b"{}\xe2\x82"))
        assert whole(TEXT, b"{}\xe2\x82")[-1][2] == (
            "a draft must be UTF-8 (unexpected end of data at byte 2)"
        )
        bom = [
            (
                "malformed_document",
                (),
                "a draft must not start with a byte order mark (U+FEFF)",
            )
        ]
        assert (
            streamed(TEXT, [b"\xef\xbb", b"\xbf{}"]) == bom == whole(TEXT, "\ufeff{}")
        )

    def test_a_draft_past_its_limit_is_refused_where_it_passes_it(self) -> None:
        """Past max_bytes, the draft is refused after what came before, however it is cut."""
        text = '{"quantities": [{"name": "class"}], "steps": []}'
        expected = [
            (
                "invalid_identifier",
                ("quantities", 0, "name"),
                (
                    "Draft.quantities[0].name must be a Python identifier that is not a"
                    " keyword (got 'class')"
                ),
            ),
            *whole(TEXT, '{"quantities": [{}]}')[1:3],
            (
                "limit_exceeded",
                (),
                "a draft may take at most 40 bytes of UTF-8; this one takes more",
            ),
        ]
        assert whole(TEXT, text, max_bytes=40) == expected
        assert streamed(TEXT, list(text), max_bytes=40) == expected
        assert whole(TEXT, text.replace("class", "cl\u00e9ss"), max_bytes=40)[-1][
            0
        ] == ("limit_exceeded")
        assert whole(TEXT, '{"' + "\u00e9" * 20 + '": 1}', max_bytes=39)[-1][0] == (
            "limit_exceeded"
        )
        assert whole(TEXT, b"{" + b" " * 40, max_bytes=40)[-1][0] == "limit_exceeded"


def ends(text: str) -> dict[tuple[object, ...], int]:
    """Return where each object and array of the JSON *text* ends, by its path: a scan that knows strings."""
    found: dict[tuple[object, ...], int] = {}
    stack: list[list[Any]] = []  # [path, is_array, next index or last key]
    at = 0
    key: object = None
    while at < len(text):
        char = text[at]
        if char == '"':
            end = json.JSONDecoder().raw_decode(text, at)[1]
            if stack and not stack[-1][1] and text[end:].lstrip().startswith(":"):
                key = json.loads(text[at:end])
            at = end
            continue
        if char in "{[":
            path = (
                ()
                if not stack
                else (*stack[-1][0], stack[-1][2] if stack[-1][1] else key)
            )
            if stack and stack[-1][1]:
                stack[-1][2] += 1
            stack.append([path, char == "[", 0])
        elif char in "}]":
            found[tuple(stack.pop()[0])] = at
        at += 1
    return found


_SETTLED = {"circular_dependency", "unit_mismatch"}


class TestProperties:
    """What the checker tells of any prefix is a prefix of draft_refusals of the whole; each refusal comes no later than the element it faults ends."""

    @settings(max_examples=60)
    @given(broken(), st.data())
    def test_a_prefix_is_told_a_prefix_of_the_whole(
        self, drawn: tuple[str, str], data: st.DataObject
    ) -> None:
        """However the draft is cut, each chunk's refusals continue the whole's, and all of them make it."""
        text, written_draft = drawn
        expected = whole(text, written_draft)
        checker = DraftChecker(text, source_id="p1")
        found: list[Told] = []
        for piece in chunks(data.draw, written_draft):
            found += told(checker.feed(piece))
            assert found == expected[: len(found)]
        assert found + told(checker.close()) == expected

    @settings(max_examples=40)
    @given(broken())
    def test_a_refusal_comes_no_later_than_its_element_ends(
        self, drawn: tuple[str, str]
    ) -> None:
        """Fed a character at a time, each refusal of an element is told by the character that ends it; what needs every definition, once the lists are read."""
        text, written_draft = drawn
        try:
            json.loads(written_draft)
        except ValueError:
            return  # where JSON stops, all stops
        closing = ends(written_draft)
        lists = [
            closing.get((key,), len(written_draft)) for key in ("quantities", "steps")
        ]
        settled = max(lists)
        checker = DraftChecker(text, source_id="p1")
        for at, char in enumerate(written_draft):
            for refusal in checker.feed(char):
                path = refusal.path
                due = closing.get(
                    path[:2] if path[:1] != ("question",) else path[:1], at
                )
                if refusal.code in _SETTLED or (refusal.code == "unknown_symbol"):
                    due = max(due, settled)
                assert at <= due, (refusal, at, due)

    @given(problems())
    def test_a_sound_draft_tells_nothing_and_builds_its_graph(
        self, problem: Any
    ) -> None:
        """A draft that compiles is told no refusal, fed a chunk of any size, and gives the same graph."""
        text, tree = problem
        checker = DraftChecker(text, source_id="p")
        for piece in chunks_of(written(tree), 5):
            assert checker.feed(piece.encode()) == ()
        assert checker.close() == ()
        assert checker.graph == compile_draft(tree, text, source_id="p")


class TestCornersOfText:
    """What the text of a draft meets rarely: each on purpose."""

    def test_a_draft_that_is_no_object_read_as_text(self) -> None:
        """An array read as text is the one refusal, whatever follows it."""
        expected = [("wrong_type", (), "Draft must be a JSON object, not a JSON array")]
        assert streamed(TEXT, ["[1, ", "}}"]) == expected == whole(TEXT, "[1, }}")

    def test_utf8_after_a_refusal(self) -> None:
        """A byte that is not UTF-8 after the text stopped being JSON is not told again."""
        assert [code for code, _, _ in whole(TEXT, b"{~\xff")] == ["malformed_document"]

    def test_the_limit_after_a_refusal(self) -> None:
        """Past max_bytes, after the text stopped being JSON, the limit is not told again."""
        assert whole(TEXT, "{~" + " " * 50, max_bytes=10) == [
            (
                "malformed_document",
                (),
                "a draft must be JSON: at character 1, expected a key or '}'",
            )
        ]

    def test_sixteen_digits_beyond_the_range(self) -> None:
        """An integer of sixteen digits beyond 2**53 - 1 is read as a number no int holds, whole or streamed."""
        text = '{"quantities": [{"value": 9999999999999999'
        assert streamed(TEXT, [text, "}]}"]) == whole(TEXT, text + "}]}")


class TestTokensAcrossChunks:
    """A token cut anywhere reads as the whole token: strings, escapes, numbers and words, sound or refused."""

    @pytest.mark.parametrize(
        "text",
        [
            '{"quantities": [{"name": "x", "quote": "3 cats", "value": 12345}]}',
            '{"version": true, "steps": null, "question": false}',
            '{"a\\u0041\\n": 1}',
            '{"a\\x": 1}',
            '{"ab\x01": 1}',
            '{"steps": 12x}',
            '{"steps": -}',
            '{"steps": nul}',
            '{"steps" 12}',
            '{"steps" true}',
            '{"steps": 12',
            '{"steps": "ab',
            '{"steps": "a\\u00',
        ],
    )
    def test_a_text_cut_anywhere_tells_what_the_whole_does(self, text: str) -> None:
        """Fed a character at a time, or in two chunks cut at any place, a text is told what draft_refusals lists of it."""
        expected = whole(TEXT, text)
        assert streamed(TEXT, list(text)) == expected
        for cut in range(1, len(text)):
            assert streamed(TEXT, [text[:cut], text[cut:]]) == expected


def _read(draft_text: str) -> tuple[int, int]:
    """Return the characters the scanner reads of *draft_text* fed a character at a time, and the sizes of the buffers it is handed."""
    read = handed = 0
    scan = _tokens._past  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]

    def counted(pattern: Any, text: str, at: int) -> int:
        nonlocal read, handed
        end = scan(pattern, text, at)
        read += end - at + 1
        handed += len(text)
        return end

    checker = DraftChecker(TEXT, source_id="p")
    with mock.patch.object(_tokens, "_past", counted):
        for char in draft_text:
            checker.feed(char)
        checker.close()
    return read, handed


class TestCost:
    """Each character is read once, however the text is cut: a long token fed a character at a time costs work linear in it."""

    @pytest.mark.parametrize("quoted", [False, True], ids=["number", "string"])
    def test_four_times_the_token_is_at_most_five_times_the_work(
        self, *, quoted: bool
    ) -> None:
        """A number or a string of 8,000 characters, fed one at a time, is read and handed over no more than 5 times as much as one of 2,000."""
        small, large = (
            _read(
                '{"quantities": [{"name": "x", "value": '
                + (json.dumps("a" * n) if quoted else "1" * n)
                + "}]}"
            )
            for n in (2000, 8000)
        )
        assert large[0] <= 5 * small[0]
        assert large[1] <= 5 * small[1]
