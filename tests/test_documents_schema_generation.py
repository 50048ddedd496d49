"""The generation profile of the JSON Schema: the subset that constrained decoders and strict structured outputs take, held to real engines.

The engines are llguidance's matcher and outlines-core's index, each driven
with a byte-level vocabulary (one token a byte, no model weights), so that
a document is accepted exactly when the engine would let a model write it
byte for byte.
"""

from __future__ import annotations

import importlib
import importlib.resources
import json
import re
from typing import Any

import pytest
from hypothesis import given
from jsonschema import Draft202012Validator

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    json_schema,
    loads,
    refusals,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.serialization import GENERATION_KEYWORDS, WRITING_ORDER
from tests._engines import (
    llguidance_grammar,
    llguidance_takes,
    llguidance_warnings,
    outlines_index,
    outlines_takes,
)
from tests._helpers import ROOT, untyped

GENERATION = json_schema("generation")


def _corpus() -> list[SemanticSymbolicBindingGraph]:
    lines = (ROOT / "examples" / "corpus.jsonl").read_bytes().splitlines()
    return [loads(line) for line in lines if not refusals(line)]


CORPUS = _corpus()
"""The bundled corpus' graphs that the loader accepts."""


def _schemas(node: dict[str, Any]) -> list[dict[str, Any]]:
    """Return *node* and every schema inside it."""
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


class TestProfile:
    """The generation profile holds only the keywords of strict structured outputs, and never refuses what the loader reads."""

    def test_only_the_subset_of_keywords(self) -> None:
        """Every schema in it holds keywords of GENERATION_KEYWORDS only, none of not, if, then, else, uniqueItems, minLength."""
        used = {key for schema in _schemas(GENERATION) for key in schema}
        assert used <= GENERATION_KEYWORDS
        assert GENERATION_KEYWORDS.isdisjoint(
            {"not", "if", "then", "else", "uniqueItems", "minLength", "const"}
        )

    def test_every_object_requires_every_property_in_sorted_order(self) -> None:
        """Each object requires all its properties, admits no other, and lists them sorted."""
        objects = [s for s in _schemas(GENERATION) if s.get("type") == "object"]
        # The document, its six classes, and three more unknowns: one for
        # each set of the two fields it may leave out.
        assert len(objects) == 10
        for schema in objects:
            names = list(schema["properties"])
            assert names == sorted(names)
            assert schema["required"] == names
            assert schema["additionalProperties"] is False

    def test_every_pattern_is_anchored_at_both_ends(self) -> None:
        """A pattern reads the same to an engine that anchors it and to one that does not."""
        patterns = [s["pattern"] for s in _schemas(GENERATION) if "pattern" in s]
        assert patterns
        assert all(p.startswith("^") and p.endswith("$") for p in patterns)

    def test_it_is_a_valid_schema_whose_description_says_what_it_leaves_out(
        self,
    ) -> None:
        """A valid draft 2020-12 schema, whose description names what only the loader checks."""
        Draft202012Validator.check_schema(GENERATION)
        for rule in ("not empty or blank", "not keywords", "do not repeat", "NFKC"):
            assert rule in GENERATION["description"]

    def test_the_shipped_file_is_in_sync(self) -> None:
        """The package ships the profile beside the default schema, identical to json_schema("generation")."""
        resource = (
            importlib.resources.files("binding_graph")
            / "schema"
            / "binding-graph-v1.generation.schema.json"
        )
        expected = json.dumps(GENERATION, indent=2, ensure_ascii=False) + "\n"
        assert resource.read_text(encoding="utf-8") == expected

    def test_the_default_profile_is_the_default(self) -> None:
        """json_schema() is json_schema("default"), and new on every call."""
        assert json_schema() == json_schema("default")
        assert json_schema("generation") is not json_schema("generation")

    @pytest.mark.parametrize(
        ("profile", "code"),
        [("strict", "not_in_vocabulary"), ("", "empty_text"), (None, "wrong_type")],
    )
    def test_another_profile_is_refused(self, profile: object, code: str) -> None:
        """A profile other than default and generation is refused, at its argument."""
        with pytest.raises(BindingGraphError) as info:
            json_schema(untyped(profile))
        assert (info.value.code, info.value.path) == (code, ("profile",))

    @given(bgst.graphs())
    def test_never_stricter_than_the_loader(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Every graph's document, canonical or as a tree, is valid under the profile."""
        validator: Any = Draft202012Validator(GENERATION)
        assert list(validator.iter_errors(to_data(graph))) == []
        assert list(validator.iter_errors(json.loads(canonical_bytes(graph)))) == []


# -- the engines -------------------------------------------------------------------

_GRAMMAR: str = llguidance_grammar(GENERATION)


def llguidance_accepts(text: bytes) -> bool:
    """Tell whether llguidance's matcher lets a model write *text*, byte by byte, and end there."""
    return llguidance_takes(_GRAMMAR, text)


_INDEX: object = outlines_index(GENERATION)


def outlines_accepts(text: bytes) -> bool:
    """Tell whether outlines-core's guide lets a model write *text*, byte by byte, and end there."""
    return outlines_takes(_INDEX, text)


# outlines-core writes a JSON string as characters other than '"', '\' and
# U+0000..U+001F and U+007F..U+009F, or a two-character escape: it has no
# \uXXXX escape, which canonical JSON writes for the other controls, and
# no U+007F..U+009F, which canonical JSON writes as they are.
_OUTLINES_STRING: re.Pattern[str] = re.compile(r"[\x00-\x1f\x7f-\x9f]|\\u")


def _broken(document: dict[str, Any], how: str) -> bytes:
    """Return *document*, canonical, with one thing the schema forbids."""
    if how == "missing key":
        del document["symbols"][0]["name"]
    elif how == "extra key":
        document["symbols"][0]["note"] = "x"
    elif how == "wrong enum value":
        document["symbols"][0]["semantic_role"] = "apples"
    else:
        document["version"] = 2
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()


_BREAKS = ["missing key", "extra key", "wrong enum value", "wrong version"]


class TestLLGuidance:
    """llguidance compiles the profile, and its matcher takes canonical documents and nothing they forbid."""

    def test_the_profile_compiles(self) -> None:
        """The generation profile compiles in llguidance, with no error and no warning."""
        assert llguidance_warnings(_GRAMMAR) == (False, [])

    @pytest.mark.parametrize("index", range(len(CORPUS)))
    def test_every_graph_of_the_corpus_is_taken(self, index: int) -> None:
        """Every graph of the bundled corpus, in canonical form, is taken byte for byte."""
        assert llguidance_accepts(canonical_bytes(CORPUS[index]))

    @pytest.mark.parametrize("how", _BREAKS)
    def test_what_the_schema_forbids_is_not_taken(self, how: str) -> None:
        """A missing key, an extra key, a wrong enum value or a wrong version is not taken."""
        document = json.loads(canonical_bytes(CORPUS[0]))
        assert not llguidance_accepts(_broken(document, how))

    def test_a_document_out_of_key_order_is_not_taken(self) -> None:
        """Keys out of sorted order are not taken: what the matcher lets through is canonical in its order."""
        document = json.loads(canonical_bytes(CORPUS[0]))
        text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
        reordered = json.dumps(dict(reversed(document.items())), separators=(",", ":"))
        assert llguidance_accepts(text.encode())
        assert not llguidance_accepts(reordered.encode())

    @given(bgst.graphs())
    def test_canonical_documents_of_any_graph_are_taken(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """The canonical document of any graph the strategies draw is taken, unless a text holds U+007F.

        llguidance writes every character of a string as it is but DEL,
        U+007F, which JSON allows there and canonical JSON writes as it is.
        """
        text = canonical_bytes(graph)
        assert llguidance_accepts(text) is (b"\x7f" not in text)


class TestOutlinesCore:
    """outlines-core builds its regex of the profile, and its guide takes canonical documents and nothing they forbid."""

    @pytest.mark.parametrize("index", range(len(CORPUS)))
    def test_every_graph_of_the_corpus_is_taken(self, index: int) -> None:
        """Every graph of the bundled corpus, in canonical form, is taken byte for byte."""
        assert outlines_accepts(canonical_bytes(CORPUS[index]))

    @pytest.mark.parametrize("how", _BREAKS)
    def test_what_the_schema_forbids_is_not_taken(self, how: str) -> None:
        """A missing key, an extra key, a wrong enum value or a wrong version is not taken."""
        document = json.loads(canonical_bytes(CORPUS[0]))
        assert not outlines_accepts(_broken(document, how))

    @given(bgst.arithmetic_graphs())
    def test_canonical_documents_of_word_problems_are_taken(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """The canonical document of a word problem is taken, unless it holds what outlines-core cannot write."""
        text = canonical_bytes(graph)
        writable = _OUTLINES_STRING.search(text.decode()) is None
        assert outlines_accepts(text) is writable


# -- the writing profile ---------------------------------------------------------------

WRITING = json_schema("writing")
_WRITING_GRAMMAR = llguidance_grammar(WRITING)
_WRITING_INDEX = outlines_index(WRITING)
# The object each collection of a graph holds, by its name in $defs.
_HELD = {
    "symbols": "symbol",
    "facts": "fact",
    "equations": "equation",
    "unknowns": "unknown",
    "constraints": "constraint",
    "provenance": "source_span",
}


def _ordered(node: dict[str, Any], name: str) -> dict[str, Any]:
    """Return the object *node*, of the kind *name* in $defs, with its keys in writing order, and each it holds."""
    ordered: dict[str, Any] = {}
    for key in WRITING_ORDER[name]:
        if key not in node:  # an optional field, left out
            continue
        value = node[key]
        if key in _HELD:
            value = [_ordered(item, _HELD[key]) for item in value]
        elif key in {"source_span", "question_span"}:
            value = _ordered(value, "source_span")
        ordered[key] = value
    return ordered


def in_writing_order(graph: SemanticSymbolicBindingGraph) -> bytes:
    """Return the document of *graph* as a model writes it under the writing profile: compact, keys in writing order."""
    document = json.loads(canonical_bytes(graph))
    return json.dumps(
        _ordered(document, ""), separators=(",", ":"), ensure_ascii=False
    ).encode()


class TestWritingProfile:
    """The writing profile is the generation profile in the order a model can write, held to the same engines."""

    def test_it_is_the_generation_profile_reordered(self) -> None:
        """The same schemas, each object's properties and required keys in WRITING_ORDER, the header first."""
        objects = [s for s in _schemas(WRITING) if s.get("type") == "object"]
        # An unknown is one of four objects, with or without its two
        # optional fields.
        assert len(objects) == 10
        for schema in objects:
            assert schema["required"] == list(schema["properties"])
            assert list(schema["properties"]) in [
                [key for key in order if key in schema["properties"]]
                for order in WRITING_ORDER.values()
            ]
        assert list(WRITING["properties"])[:3] == ["format", "version", "provenance"]
        assert list(WRITING["$defs"]["source_span"]["properties"]) == [
            "source_id",
            "text",
            "start",
            "end",
        ]
        unordered, generation = _unordered(WRITING), _unordered(GENERATION)
        for schema in (unordered, generation):
            schema.pop("description")
        assert unordered == generation
        assert "canonical_bytes(binding_graph.loads(text))" in WRITING["description"]

    def test_the_shipped_file_is_in_sync(self) -> None:
        """The package ships the writing profile, identical to json_schema("writing")."""
        resource = (
            importlib.resources.files("binding_graph")
            / "schema"
            / "binding-graph-v1.writing.schema.json"
        )
        expected = json.dumps(WRITING, indent=2, ensure_ascii=False) + "\n"
        assert resource.read_text(encoding="utf-8") == expected

    def test_it_compiles_in_llguidance(self) -> None:
        """Llguidance compiles it with no error and no warning."""
        assert llguidance_warnings(_WRITING_GRAMMAR) == (False, [])

    @pytest.mark.parametrize("index", range(len(CORPUS)))
    def test_every_graph_of_the_corpus_in_writing_order_is_taken(
        self, index: int
    ) -> None:
        """Each corpus graph, written in writing order, is taken by both engines, and loads back to itself; sorted, by neither."""
        text = in_writing_order(CORPUS[index])
        assert llguidance_takes(_WRITING_GRAMMAR, text)
        assert outlines_takes(_WRITING_INDEX, text)
        assert loads(text) == CORPUS[index]
        assert not llguidance_takes(_WRITING_GRAMMAR, canonical_bytes(CORPUS[index]))

    @pytest.mark.parametrize("how", _BREAKS)
    def test_what_the_schema_forbids_is_not_taken(self, how: str) -> None:
        """A missing key, an extra key, a wrong enum value or a wrong version is not taken."""
        document = json.loads(in_writing_order(CORPUS[0]))
        broken = json.loads(_broken(document, how))
        text = json.dumps(_reordered_as(broken, document), separators=(",", ":"))
        assert not llguidance_takes(_WRITING_GRAMMAR, text.encode())
        assert not outlines_takes(_WRITING_INDEX, text.encode())

    @given(bgst.graphs())
    def test_never_stricter_than_the_loader(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Every graph's document is valid under the profile."""
        validator: Any = Draft202012Validator(WRITING)
        assert list(validator.iter_errors(to_data(graph))) == []


def _unordered(schema: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of *schema* in which no order counts: keys and required lists sorted."""
    copied: dict[str, Any] = json.loads(json.dumps(schema, sort_keys=True))
    for each in _schemas(copied):
        if "required" in each:
            each["required"].sort()
    return copied


def _reordered_as(broken: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    """Return *broken* with its top keys in *document*'s order, any new one last."""
    keys = [key for key in document if key in broken] + [
        key for key in broken if key not in document
    ]
    return {key: broken[key] for key in keys}
