"""Question targets (ADR-0135): an unknown's question_form and state_index, checked as every field, left out of documents when None."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from jsonschema import Draft202012Validator

from binding_graph import (
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    canonical_bytes,
    content_hash,
    dumps,
    from_data,
    is_canonical,
    json_schema,
    loads,
    refusals,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.vocabularies import QUESTION_FORMS, STATE_NAMES
from tests._helpers import (
    MAX_OFFSET,
    ROOT,
    Text,
    code_and_path,
    equation,
    graph,
    refusal,
    unknown,
    untyped,
)

GOLDEN = sorted(
    path
    for path in (ROOT / "tests" / "golden").glob("*.json")
    if path.name != "hashes.json"
)


class TestQuestionForm:
    """question_form is None or one of ADR-0135's six forms."""

    def test_the_forms_are_those_of_adr_0135(self) -> None:
        """QUESTION_FORMS holds exactly count, rate, total, difference, ratio and identity."""
        assert (
            frozenset({"count", "rate", "total", "difference", "ratio", "identity"})
            == QUESTION_FORMS
        )

    def test_it_is_none_by_default(self) -> None:
        """An unknown built without a form has none."""
        assert unknown().question_form is None

    @pytest.mark.parametrize("form", sorted(QUESTION_FORMS))
    def test_every_form_is_taken(self, form: str) -> None:
        """Each of the six forms is a valid question_form."""
        assert unknown(question_form=form).question_form == form

    @pytest.mark.parametrize(
        ("value", "code"),
        [
            ("sum", "not_in_vocabulary"),
            ("Count", "not_in_vocabulary"),
            ("", "empty_text"),
            (" ", "empty_text"),
            ("a\ud800", "invalid_text"),
            (1, "wrong_type"),
            (Text("count"), "wrong_type"),
        ],
    )
    def test_anything_else_is_refused(self, value: object, code: str) -> None:
        """Another string, a blank, a lone surrogate or another type is refused at the field."""
        assert code_and_path(unknown, question_form=untyped(value)) == (
            code,
            ("question_form",),
        )

    def test_refusal_message_is_exact(self) -> None:
        """The refusal names the field, the forms and the value."""
        assert refusal(unknown, question_form="sum").message == (
            "BoundUnknown.question_form must be one of count, difference, identity,"
            " rate, ratio, total (got 'sum')"
        )
        assert refusal(unknown, question_form=untyped(2)).message == (
            "BoundUnknown.question_form must be a str or None, not int (got 2)"
        )


class TestStateIndex:
    """state_index is None, "initial", "terminal", or an equation's index from 0 to 2**53 - 1."""

    def test_the_named_states_are_initial_and_terminal(self) -> None:
        """STATE_NAMES holds exactly initial and terminal."""
        assert frozenset({"initial", "terminal"}) == STATE_NAMES

    @pytest.mark.parametrize("state", [None, "initial", "terminal", 0, 7, MAX_OFFSET])
    def test_a_state_is_taken(self, state: object) -> None:
        """None, a named state, and an index from 0 to 2**53 - 1 are valid on an unknown alone."""
        assert unknown(state_index=state).state_index == state

    @pytest.mark.parametrize(
        ("value", "code"),
        [
            (-1, "not_in_vocabulary"),
            (MAX_OFFSET + 1, "not_in_vocabulary"),
            ("final", "not_in_vocabulary"),
            ("0", "not_in_vocabulary"),
            ("", "empty_text"),
            (True, "wrong_type"),
            (1.0, "wrong_type"),
            (Text("initial"), "wrong_type"),
            ([0], "wrong_type"),
        ],
    )
    def test_anything_else_is_refused(self, value: object, code: str) -> None:
        """A negative or too large index, another word, a bool, a float or a subclass is refused at the field."""
        assert code_and_path(unknown, state_index=untyped(value)) == (
            code,
            ("state_index",),
        )

    def test_refusal_message_is_exact(self) -> None:
        """The refusal says what a state may be, and shows the value."""
        rule = (
            "BoundUnknown.state_index must be 'initial', 'terminal' or an equation's"
            " index, from 0 to 2**53 - 1"
        )
        assert refusal(unknown, state_index=-1).message == f"{rule} (got -1)"
        assert refusal(unknown, state_index="final").message == f"{rule} (got 'final')"
        assert refusal(unknown, state_index=untyped(value=True)).message == (
            "BoundUnknown.state_index must be a str, an int or None, not bool"
            " (got True)"
        )


class TestStatesNameEquations:
    """In a graph, a state that is an index names one of its equations."""

    def test_an_index_below_the_count_of_equations_is_taken(self) -> None:
        """The graph's one equation is index 0."""
        g = graph(unknowns=(unknown(state_index=0),))
        assert g.unknowns[0].state_index == 0

    @pytest.mark.parametrize("state", [1, 5, MAX_OFFSET])
    def test_an_index_past_the_equations_is_refused(self, state: int) -> None:
        """An index not below the count of equations is unknown_equation, at the unknown's state_index."""
        error = refusal(graph, unknowns=(unknown(), unknown(state_index=state)))
        assert (error.code, error.path, error.message) == (
            "unknown_equation",
            ("unknowns", 1, "state_index"),
            (
                "SemanticSymbolicBindingGraph.unknowns[1].state_index must name an"
                f" equation of the graph, below its count of equations (1) (got {state})"
            ),
        )

    def test_a_graph_without_equations_takes_named_states_only(self) -> None:
        """With no equation, index 0 names none; initial and terminal are taken."""
        assert code_and_path(
            graph, equations=(), unknowns=(unknown(symbol_id="x", state_index=0),)
        ) == ("unknown_equation", ("unknowns", 0, "state_index"))
        for state in sorted(STATE_NAMES):
            graph(equations=(), unknowns=(unknown(symbol_id="x", state_index=state),))

    def test_references_are_checked_first(self) -> None:
        """An unknown that names no symbol is refused for that, before its state."""
        error = refusal(graph, unknowns=(unknown(symbol_id="w", state_index=9),))
        assert (error.code, error.path) == (
            "unknown_symbol",
            ("unknowns", 0, "symbol_id"),
        )

    def test_evolve_checks_it_again(self) -> None:
        """Taking the equations away from a graph whose unknown names one is refused."""
        g = graph(unknowns=(unknown(state_index=0),))
        assert code_and_path(attrs.evolve, g, equations=()) == (
            "unknown_equation",
            ("unknowns", 0, "state_index"),
        )

    def test_extend_checks_the_unknowns_it_adds_against_every_equation(self) -> None:
        """SemanticSymbolicBindingGraph.extend takes a state naming an equation it adds, and refuses one past them, at its whole index."""
        g = graph()
        grown = g.extend(
            equations=(equation(lhs_symbol_id="y", dependencies=frozenset({"x"})),),
            unknowns=(unknown(state_index=1),),
        )
        assert grown.unknowns[1].state_index == 1
        assert code_and_path(g.extend, unknowns=(unknown(state_index=1),)) == (
            "unknown_equation",
            ("unknowns", 1, "state_index"),
        )


class TestDocuments:
    """A document leaves question_form and state_index out when None, and reads them out or null as None."""

    @pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
    def test_golden_documents_keep_their_bytes(self, path: Any) -> None:
        """Every golden document, written before the fields, reads and writes back byte for byte, with its hash."""
        text = path.read_bytes().rstrip(b"\n")
        g = loads(text)
        assert canonical_bytes(g) == text
        hashes = json.loads((path.parent / "hashes.json").read_text())
        assert content_hash(g) == hashes[path.stem]

    def test_none_is_left_out(self) -> None:
        """An unknown without a form or a state has no key for either."""
        data = to_data(unknown())
        assert list(data) == ["symbol_id", "question_span", "expected_unit"]
        assert b"question_form" not in canonical_bytes(graph())
        assert b"state_index" not in canonical_bytes(graph())

    def test_values_are_written_in_canonical_order(self) -> None:
        """A form and a state are written among the keys, in code-point order."""
        assert dumps(unknown(question_form="difference", state_index=0)) == (
            '{"expected_unit":null,"question_form":"difference","question_span":'
            '{"end":5,"source_id":"p1","start":0,"text":"Alice"},"state_index":0,'
            '"symbol_id":"z"}'
        )
        assert dumps(unknown(state_index="terminal")).endswith(
            '"state_index":"terminal","symbol_id":"z"}'
        )

    @pytest.mark.parametrize(
        "fields",
        [
            {"question_form": "total"},
            {"state_index": "initial"},
            {"state_index": 0},
            {"question_form": "ratio", "state_index": 0},
        ],
    )
    def test_values_read_back(self, fields: dict[str, Any]) -> None:
        """A graph with forms and states reads back equal, from a tree and from text."""
        g = graph(unknowns=(unknown(**fields),))
        assert from_data(to_data(g)) == g
        assert loads(dumps(g)) == g
        assert is_canonical(dumps(g))

    def test_null_reads_as_left_out(self) -> None:
        """A null for either field reads as None; that text is valid, but not canonical."""
        data = to_data(graph())
        data["unknowns"][0].update(question_form=None, state_index=None)
        text = json.dumps(data)
        assert loads(text) == graph()
        assert from_data(data) == graph()
        assert not is_canonical(text)
        assert refusals(text) == ()

    def test_a_repeated_key_is_still_refused(self) -> None:
        """A text that writes question_form twice is malformed, however the counts fall."""
        text = dumps(graph(unknowns=(unknown(question_form="count"),))).replace(
            '"question_form":"count"', '"question_form":"count","question_form":"rate"'
        )
        assert code_and_path(loads, text) == ("malformed_document", ())

    def test_a_value_of_the_wrong_kind_is_refused_at_its_path(self) -> None:
        """A bad form, a bad state and a state past the equations are refused where they stand, all listed."""
        data = to_data(graph(unknowns=(unknown(), unknown(), unknown())))
        data["unknowns"][0]["question_form"] = "sum"
        data["unknowns"][1]["state_index"] = -1
        data["unknowns"][2]["state_index"] = 3
        assert [(e.code, e.path) for e in refusals(data)] == [
            ("not_in_vocabulary", ("unknowns", 0, "question_form")),
            ("not_in_vocabulary", ("unknowns", 1, "state_index")),
            ("unknown_equation", ("unknowns", 2, "state_index")),
        ]
        assert code_and_path(from_data, data) == (
            "not_in_vocabulary",
            ("unknowns", 0, "question_form"),
        )

    def test_a_state_past_equations_that_are_no_array_is_not_counted(self) -> None:
        """Where the equations are no array, only that is refused: an index names nothing to count."""
        data = to_data(graph(unknowns=(unknown(symbol_id="x", state_index=0),)))
        data["equations"] = {}
        assert [(e.code, e.path) for e in refusals(data)] == [
            ("wrong_type", ("equations",))
        ]

    def test_a_stray_key_names_the_fields_a_document_may_leave_out(self) -> None:
        """An unknown's stray key is refused with every field named, the two optional ones included."""
        data = to_data(unknown())
        data["form"] = "count"
        error = refusal(from_data, data, BoundUnknown)
        assert (error.code, error.message) == (
            "unknown_key",
            (
                "BoundUnknown has no field 'form'; its fields are symbol_id,"
                " question_span, expected_unit, question_form, state_index"
            ),
        )

    @given(bgst.graphs(max_symbols=3))
    def test_every_graph_reads_back_from_its_canonical_bytes(
        self, g: SemanticSymbolicBindingGraph
    ) -> None:
        """Graphs whose unknowns hold forms and states, or not, round-trip through their canonical bytes."""
        assert loads(canonical_bytes(g)) == g
        assert is_canonical(canonical_bytes(g))


class TestSchemas:
    """Both profiles describe the fields: optional in the default, one object a set in the generation profile."""

    def test_the_default_profile_takes_them_left_out_null_or_held(self) -> None:
        """A document without them, with null, and with values is valid; a wrong form is not."""
        validator: Any = Draft202012Validator(json_schema())
        data = to_data(graph(unknowns=(unknown(question_form="count", state_index=0),)))
        assert list(validator.iter_errors(data)) == []
        data["unknowns"][0].update(question_form=None, state_index=None)
        assert list(validator.iter_errors(data)) == []
        del data["unknowns"][0]["question_form"]
        assert list(validator.iter_errors(data)) == []
        data["unknowns"][0]["question_form"] = "sum"
        assert list(validator.iter_errors(data)) != []

    def test_the_generation_profile_takes_canonical_documents_only(self) -> None:
        """Canonical documents with or without the fields are valid; null, which canonical documents never write, is not."""
        validator: Any = Draft202012Validator(json_schema("generation"))
        for fields in ({}, {"question_form": "rate"}, {"state_index": "terminal"}):
            g = graph(unknowns=(unknown(**fields),))
            assert list(validator.iter_errors(json.loads(canonical_bytes(g)))) == []
        data = to_data(graph())
        data["unknowns"][0]["question_form"] = None
        assert list(validator.iter_errors(data)) != []

    def test_each_generation_object_of_an_unknown_requires_all_it_holds(self) -> None:
        """An unknown is the anyOf of four objects, each requiring exactly its properties, sorted."""
        branches = json_schema("generation")["$defs"]["unknown"]["anyOf"]
        assert [branch["required"] for branch in branches] == [
            ["expected_unit", "question_span", "symbol_id"],
            ["expected_unit", "question_form", "question_span", "symbol_id"],
            ["expected_unit", "question_span", "state_index", "symbol_id"],
            [
                "expected_unit",
                "question_form",
                "question_span",
                "state_index",
                "symbol_id",
            ],
        ]
