"""The draft schema: writing order, bounds an engine honours, quotes held to a text's phrases; held to llguidance and outlines-core."""

from __future__ import annotations

import importlib.resources
import json
import re
from typing import Any, Final
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from binding_graph import BindingGraphError
from binding_graph.drafts import MAX_ITEMS, compile_draft, draft_schema, phrases
from binding_graph.drafts._checks import text as _quoted
from binding_graph.drafts._checks import text as _text
from binding_graph.drafts._draft import schema as _schema
from binding_graph.serialization import GENERATION_KEYWORDS
from tests._drafts import TEXT, Problem, draft, problems
from tests._engines import (
    llguidance_grammar,
    llguidance_takes,
    llguidance_warnings,
    outlines_index,
    outlines_takes,
)
from tests._helpers import untyped

BOUNDED = draft_schema()
STRICT = draft_schema(strict=True)
HELD = draft_schema(TEXT)
GRAMMARS = {
    name: llguidance_grammar(schema)
    for name, schema in [("bounded", BOUNDED), ("strict", STRICT)]
}
INDEXES = {
    name: outlines_index(schema)
    for name, schema in [("bounded", BOUNDED), ("strict", STRICT)]
}


def core(tree: dict[str, Any]) -> dict[str, Any]:
    """Return the keys of *tree* that a model writes: the core of each element, in writing order."""
    keys = {
        "quantities": ("name", "quote", "value", "unit"),
        "steps": ("name", "expression", "unit"),
    }
    drafted: dict[str, Any] = {
        kind: [{key: element.get(key) for key in keys[kind]} for element in tree[kind]]
        for kind in ("quantities", "steps")
    }
    drafted["question"] = {key: tree["question"][key] for key in ("name", "quote")}
    return drafted


def compact(tree: object) -> bytes:
    """Return *tree* as an engine lets a model write it: compact JSON, keys in order."""
    return json.dumps(tree, separators=(",", ":"), ensure_ascii=False).encode()


def _schemas(node: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = [node]
    while stack:
        schema = stack.pop()
        found.append(schema)
        stack += list(schema.get("properties", {}).values())
        stack += list(schema.get("$defs", {}).values())
        stack += schema.get("anyOf", [])
        if "items" in schema:
            stack.append(schema["items"])
    return found


class TestSchema:
    """Properties in writing order, every one required, bounds in the bounded variant only."""

    def test_properties_are_in_writing_order(self) -> None:
        """Quantities, steps, question; in each element, its name before its quote."""
        assert list(BOUNDED["properties"]) == ["quantities", "steps", "question"]
        definitions = BOUNDED["$defs"]
        assert list(definitions["quantity"]["properties"]) == [
            "name",
            "quote",
            "value",
            "unit",
        ]
        assert list(definitions["step"]["properties"]) == ["name", "expression", "unit"]
        assert list(definitions["question"]["properties"]) == ["name", "quote"]
        for schema in _schemas(BOUNDED):
            if schema.get("type") == "object":
                keys = [key for key in schema["properties"] if key != "unit"]
                assert schema["required"] == keys
                assert schema["additionalProperties"] is False
        for schema in _schemas(STRICT):
            if schema.get("type") == "object":
                assert schema["required"] == list(schema["properties"])

    def test_a_unit_may_be_absent_and_a_value_a_decimal(self) -> None:
        """Bounded, a unit left out and a value of 2.50 or 1e3 are valid, and compile as the compiler reads them; strict requires the unit."""
        written = core(draft())
        for element in [*written["quantities"], *written["steps"]]:
            del element["unit"]
        written["quantities"][1]["value"] = 3.0
        bounded: Any = Draft202012Validator(BOUNDED)
        assert list(bounded.iter_errors(written)) == []
        strict: Any = Draft202012Validator(STRICT)
        assert {error.message for error in strict.iter_errors(written)} == {
            "'unit' is a required property"
        }
        text = compact(written).replace(b"3.0", b"3.00e0")
        assert llguidance_takes(GRAMMARS["bounded"], text)
        assert not llguidance_takes(GRAMMARS["strict"], text)
        graph = compile_draft(text, TEXT, source_id="p1")
        assert [fact.value for fact in graph.facts][:2] == ["16", "3"]
        assert graph.facts[0].unit is None

    def test_the_strict_variant_holds_the_keywords_of_strict_outputs(self) -> None:
        """Strict: only GENERATION_KEYWORDS; bounded: those and maxItems and maxLength, which it uses."""
        strict = {key for schema in _schemas(STRICT) for key in schema}
        bounded = {key for schema in _schemas(BOUNDED) for key in schema}
        assert strict - {"$schema", "title"} <= GENERATION_KEYWORDS
        assert bounded - strict == {"maxItems", "maxLength"}
        assert BOUNDED["properties"]["steps"]["maxItems"] == MAX_ITEMS
        assert draft_schema(max_items=3)["properties"]["quantities"]["maxItems"] == 3

    def test_it_is_a_valid_schema_of_every_core_draft(self) -> None:
        """A valid draft 2020-12 schema, under which the core of a draft is valid, and a draft with more is not."""
        for schema in (BOUNDED, STRICT, HELD):
            Draft202012Validator.check_schema(schema)
            validator: Any = Draft202012Validator(schema)
            assert list(validator.iter_errors(core(draft()))) == []
        bounded: Any = Draft202012Validator(BOUNDED)
        assert list(bounded.iter_errors(draft(version=1)))

    def test_quotes_held_to_the_texts_phrases(self) -> None:
        """Given the text, a quote is one of its phrases, and the question's too."""
        listed = phrases(TEXT)
        assert HELD["$defs"]["quote"]["enum"] == listed
        assert HELD["$defs"]["question_quote"]["enum"] == listed
        assert {
            "16 eggs",
            "eats three",
            "$2 per egg",
            "How much does she make?",
        } <= set(listed)

    def test_the_shipped_files_are_in_sync(self) -> None:
        """The package ships the bounded and the strict schema, as draft_schema() writes them."""
        folder = importlib.resources.files("binding_graph") / "schema"
        for name, schema in [("", BOUNDED), (".strict", STRICT)]:
            shipped = (folder / f"binding-graph-draft-v1{name}.schema.json").read_text(
                encoding="utf-8"
            )
            assert shipped == json.dumps(schema, indent=2, ensure_ascii=False) + "\n"

    @pytest.mark.parametrize(
        ("arguments", "path"),
        [
            ({"strict": 1}, ("strict",)),
            ({"max_items": 0}, ("max_items",)),
            ({"max_items": "9"}, ("max_items",)),
            ({"text": b"x"}, ("text",)),
        ],
    )
    def test_arguments_are_refused_at_them(
        self, arguments: dict[str, Any], path: tuple[str]
    ) -> None:
        """A strict that is no bool, a bound below 1 or no int, a text that is no str."""
        with pytest.raises(BindingGraphError) as info:
            draft_schema(**untyped(arguments))
        assert (info.value.code, info.value.path) == ("wrong_type", path)


class TestPhrases:
    """The phrases a quote may be: runs of words within a sentence, and sentences, each that occurs once."""

    def test_runs_of_words_and_sentences(self) -> None:
        """Up to max_words words, with what lies between, and whole sentences; a phrase that occurs twice is left out."""
        assert phrases("Ann has 3 cats. Ann has 2 dogs?", max_words=2) == [
            "Ann has 3 cats.",
            "has 3",
            "3",
            "3 cats",
            "cats",
            "Ann has 2 dogs?",
            "has 2",
            "2",
            "2 dogs",
            "dogs",
        ]

    def test_numbers_keep_what_joins_them(self) -> None:
        """$12.50, 1,000, 25%, 3/4 and twenty-five are each one word; a sentence does not end inside a number; "of", twice, is no phrase."""
        text = "It costs $12.50 for 1,000 pens, 25% of 3/4 of twenty-five boxes."
        listed = phrases(text, max_words=1)
        assert listed == [
            "It",
            text,
            "costs",
            "$12.50",
            "for",
            "1,000",
            "pens",
            "25%",
            "3/4",
            "twenty-five",
            "boxes",
        ]

    @pytest.mark.parametrize(
        ("arguments", "code", "path"),
        [
            ({"text": ""}, "empty_text", ("text",)),
            ({"text": None}, "wrong_type", ("text",)),
            ({"text": "a", "max_words": 0}, "wrong_type", ("max_words",)),
        ],
    )
    def test_arguments_are_refused_at_them(
        self, arguments: dict[str, Any], code: str, path: tuple[str]
    ) -> None:
        """An empty text, or a max_words below 1, is refused."""
        with pytest.raises(BindingGraphError) as info:
            phrases(**untyped(arguments))
        assert (info.value.code, info.value.path) == (code, path)


class TestEngines:
    """llguidance and outlines-core compile each variant, take every core draft, and hold the bounds."""

    @pytest.mark.parametrize("name", ["bounded", "strict"])
    def test_llguidance_compiles_it(self, name: str) -> None:
        """With no error and no warning."""
        assert llguidance_warnings(GRAMMARS[name]) == (False, [])

    @pytest.mark.parametrize("name", ["bounded", "strict"])
    def test_the_draft_of_the_tests_is_taken(self, name: str) -> None:
        """The core of the draft of the tests, compact, is taken by both engines; with a key more, by neither."""
        text = compact(core(draft()))
        assert llguidance_takes(GRAMMARS[name], text)
        assert outlines_takes(INDEXES[name], text)
        more = compact({**core(draft()), "version": 1})
        assert not llguidance_takes(GRAMMARS[name], more)
        assert not outlines_takes(INDEXES[name], more)

    @settings(max_examples=25)
    @given(problems())
    def test_every_drawn_draft_is_taken(self, problem: Problem) -> None:
        """The core of every drawn draft, compact, is taken by both engines, bounded and strict."""
        text = compact(core(problem.draft))
        for name in ("bounded", "strict"):
            assert llguidance_takes(GRAMMARS[name], text)
            assert outlines_takes(INDEXES[name], text)

    def test_the_bounds_hold(self) -> None:
        """More quantities than maxItems, or a longer name, is taken strictly but not bounded."""
        many = core(draft())
        many["quantities"] = many["quantities"] * 3
        long = core(draft())
        long["quantities"][0]["name"] = "n" * 40
        for text in (compact(many), compact(long)):
            assert not llguidance_takes(GRAMMARS["bounded"], text)
            assert not outlines_takes(INDEXES["bounded"], text)
        assert llguidance_takes(GRAMMARS["strict"], compact(many))

    def test_quotes_held_to_the_text(self) -> None:
        """Under the schema of the text, a quote of the text is taken, a misquote is not, and a draft taken compiles."""
        grammar = llguidance_grammar(HELD)
        index = outlines_index(HELD)
        text = compact(core(draft()))
        assert llguidance_takes(grammar, text)
        assert outlines_takes(index, text)
        compile_draft(json.loads(text), TEXT, source_id="p1")
        misquoted = core(draft())
        misquoted["quantities"][0]["quote"] = "16 egg"
        assert not llguidance_takes(grammar, compact(misquoted))
        assert not outlines_takes(index, compact(misquoted))


# A sentence as one pattern says it: what the phrases' reading of sentences
# is held to.
_ONE_PATTERN: Final = re.compile(
    r"(?:[^.!?\n]|[.!?](?=\S))*[^\s.!?](?:[^.!?\n]|[.!?](?=\S))*[.!?]*"
)


class _Counted:
    """A pattern that counts the characters each match or search of it may read."""

    def __init__(self, pattern: re.Pattern[str], read: list[int]) -> None:
        self.pattern = pattern
        self.read = read

    def match(self, text: str, at: int) -> re.Match[str] | None:
        """Match *pattern* at *at*, counting what the match spans and the character after."""
        found = self.pattern.match(text, at)
        self.read[0] += (at if found is None else found.end()) - at + 1
        return found

    def search(self, text: str, at: int, end: int) -> re.Match[str] | None:
        """Search ``text[at:end]``, counting all of it."""
        self.read[0] += end - at + 1
        return self.pattern.search(text, at, end)


def _sentences_read(text: str) -> int:
    """Return the characters the reading of the sentences of *text* reads."""
    read = [0]
    with (
        mock.patch.object(_text, "_RUN", _Counted(_text._RUN, read)),  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        mock.patch.object(_text, "_WORDY", _Counted(_text._WORDY, read)),  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        mock.patch.object(_text, "_MARKS", _Counted(_text._MARKS, read)),  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
    ):
        phrases(text)
    return read[0]


def _quotes_checked(words: int) -> int:
    """Return the work of finding which runs of a text of *words* distinct words occur once."""
    made: list[Any] = []
    occurrences = type(_quoted.Source("").occurrences)

    def counted(text: str) -> object:
        """Return occurrences of *text*, kept to be counted."""
        made.append(occurrences(text))
        return made[-1]

    with mock.patch.object(_schema, "Occurrences", counted):
        listed = phrases(" ".join(f"w{i:05d}" for i in range(words)))
    # Every run of up to 6 words occurs once, and so does the one sentence.
    assert len(listed) == 6 * words - 15 + 1
    (found,) = made
    return int(found.work)


class TestPhrasesCost:
    """Listing phrases takes work linear in the text and the phrases: at most about 5 times when the text grows 4 times."""

    @settings(max_examples=200, deadline=None)
    @given(st.text(alphabet="ab .!?\n\t\u00a0\u2028\x1c(", max_size=40))
    def test_sentences_are_the_one_pattern_s(self, text: str) -> None:
        """A run at a time, the sentences are those the one pattern finds."""
        assert list(_schema.sentences(text)) == [
            match.span() for match in _ONE_PATTERN.finditer(text)
        ]

    def test_a_run_of_whitespace_is_read_once(self) -> None:
        """A sentence followed by 4 times the whitespace is read at most 5 times as much, not 16."""
        assert _sentences_read("a." + " " * 8000) <= 5 * _sentences_read(
            "a." + " " * 2000
        )

    def test_many_phrases_are_each_checked_once_in_linear_work(self) -> None:
        """Whether each of 4 times the phrases occurs once costs at most 5 times the work."""
        assert _quotes_checked(4000) <= 5 * _quotes_checked(1000)
