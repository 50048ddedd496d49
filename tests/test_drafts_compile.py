"""Drafts compiled into graphs: what each element becomes, and every refusal, with its code, path and message."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from hypothesis import given

from binding_graph import (
    BindingGraphError,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SourceSpanLink,
    SymbolBinding,
    canonical_bytes,
)
from binding_graph.drafts import DRAFT_REPAIR_HEADER, compile_draft, draft_refusals
from binding_graph.drafts._checks import fields as _fields
from binding_graph.errors import format_refusals
from tests._drafts import TEXT, Problem, draft, problems, written
from tests._helpers import untyped

NOBODY = "which no quantity or step defines"
ASKED = {"name": "total", "quote": "How much does she make?"}


def refused(
    the_draft: object, text: str = TEXT
) -> list[tuple[str, tuple[object, ...], str]]:
    """Return every refusal of *the_draft*: code, path, message."""
    return [
        (error.code, error.path, error.message)
        for error in draft_refusals(the_draft, text, limit=1000)
    ]


def first(the_draft: object, text: str = TEXT) -> BindingGraphError:
    """Return the refusal compile_draft raises."""
    with pytest.raises(BindingGraphError) as info:
        compile_draft(the_draft, text, source_id="p1")
    return info.value


class TestCompiling:
    """A draft becomes the graph its elements say, every derived field derived."""

    def test_each_element_becomes_its_part_of_the_graph(self) -> None:
        """Quantities become symbols and facts, steps symbols and admitted equations, the question the unknown."""
        graph = compile_draft(draft(), TEXT, source_id="p1", introduced_by="model")
        whole = SourceSpanLink("p1", 0, len(TEXT), TEXT)
        eggs = SourceSpanLink("p1", 18, 25, "16 eggs")
        assert graph.provenance == (whole,)
        assert graph.symbols[0] == SymbolBinding(
            symbol_id="laid",
            name="laid",
            semantic_role="quantity",
            source_span=eggs,
            introduced_by="model",
            unit="eggs",
        )
        assert graph.facts[0] == BoundFact(
            symbol_id="laid", value="16", source_span=eggs, unit="eggs"
        )
        assert graph.facts[2].value == "4"
        assert graph.symbols[4].source_span == whole
        assert graph.equations == (
            BoundEquation(
                lhs_symbol_id="left",
                rhs_canonical="laid - eaten - baked",
                dependencies=frozenset({"laid", "eaten", "baked"}),
                operation_kind="subtract",
                unit_proof="egg - egg - egg = egg",
                admissibility_status="admitted",
                source_span=whole,
            ),
            BoundEquation(
                lhs_symbol_id="income",
                rhs_canonical="left * price",
                dependencies=frozenset({"left", "price"}),
                operation_kind="multiply",
                unit_proof="egg * (dollar/egg) = dollar",
                admissibility_status="admitted",
                source_span=whole,
            ),
        )
        assert graph.unknowns == (
            BoundUnknown(
                symbol_id="income",
                question_span=SourceSpanLink("p1", 120, 143, "How much does she make?"),
            ),
        )
        assert graph.constraints == ()

    def test_text_bytes_and_tree_give_the_same_graph(self) -> None:
        """A draft as a str, as UTF-8 bytes, as a bytearray or as a tree compiles to one graph, byte for byte."""
        tree = draft()
        graphs = [
            compile_draft(form, TEXT, source_id="p1")
            for form in (
                tree,
                written(tree),
                written(tree).encode(),
                bytearray(written(tree).encode()),
            )
        ]
        assert len({canonical_bytes(graph) for graph in graphs}) == 1

    def test_steps_without_units_say_so(self) -> None:
        """Where neither a step nor a name it uses has a unit, its proof says none was given, and nothing is checked."""
        changed = draft()
        for element in [*changed["quantities"], *changed["steps"]]:
            element["unit"] = None
        graph = compile_draft(changed, TEXT, source_id="p1")
        assert {equation.unit_proof for equation in graph.equations} == {
            "not checked: the draft gives no unit"
        }

    def test_a_step_may_use_a_later_step(self) -> None:
        """Steps may come in any order: a name is defined wherever the draft defines it."""
        changed = draft()
        changed["steps"].reverse()
        graph = compile_draft(changed, TEXT, source_id="p1")
        assert [equation.lhs_symbol_id for equation in graph.equations] == [
            "income",
            "left",
        ]

    def test_optional_keys_give_what_defaults_do_not(self) -> None:
        """Optional keys set a symbol's name, role, entity, introducer and span, an equation's operation, proof and span, the unknown's unit, constraints."""
        changed = draft(
            constraints=[{"name": "left", "predicate": "left>=0", "quote": "the rest"}],
            version=1,
        )
        changed["quantities"][0].update(
            label="eggs laid",
            role="count",
            entity="Janet",
            introduced_by="by hand",
            symbol_start=0,
            symbol_end=5,
        )
        changed["steps"][0].update(
            quote="bakes", operation="remove", unit_proof="by hand", occurrence=0
        )
        changed["question"]["unit"] = "dollars"
        graph = compile_draft(changed, TEXT, source_id="p1")
        assert graph.symbols[0] == SymbolBinding(
            symbol_id="laid",
            name="eggs laid",
            semantic_role="count",
            source_span=SourceSpanLink("p1", 0, 5, "Janet"),
            introduced_by="by hand",
            entity="Janet",
            unit="eggs",
        )
        bakes = SourceSpanLink("p1", 68, 73, "bakes")
        assert (graph.equations[0].operation_kind, graph.equations[0].unit_proof) == (
            "remove",
            "by hand",
        )
        assert graph.equations[0].source_span == bakes == graph.symbols[4].source_span
        assert graph.unknowns[0].expected_unit == "dollars"
        assert graph.constraints == (
            BoundConstraint(
                symbol_id="left",
                predicate="left >= 0",
                source_span=SourceSpanLink("p1", 95, 103, "the rest"),
            ),
        )

    def test_an_occurrence_chooses_among_repeated_quotes(self) -> None:
        """A quote that occurs twice is found at the occurrence given, counted from 0."""
        text = "Ann has 3 cats. Bob has 3 cats. How many cats?"
        two = {
            "quantities": [
                {
                    "name": "ann",
                    "quote": "3 cats",
                    "value": 3,
                    "unit": None,
                    "occurrence": 0,
                },
                {
                    "name": "bob",
                    "quote": "3 cats",
                    "value": 3,
                    "unit": None,
                    "occurrence": 1,
                },
            ],
            "steps": [{"name": "cats", "expression": "ann+bob", "unit": None}],
            "question": {"name": "cats", "quote": "How many cats?"},
        }
        graph = compile_draft(two, text, source_id="p")
        assert [fact.source_span.start for fact in graph.facts] == [8, 24]

    @pytest.mark.parametrize(
        ("quote", "value"),
        [
            ("16 eggs", "16.0"),
            ("eats three", 3),
            ("$2 per egg", "2"),
            ("half", "1/2"),
            ("25%", "0.25"),
            ("25%", 25),
            ("1,000", 1000),
            ("twenty-five", 25),
            ("twenty-five", 5),
            ("a dozen", 12),
        ],
    )
    def test_a_quote_states_numbers_as_the_datasets_read_them(
        self, quote: str, value: object
    ) -> None:
        """Digits, words, a fraction word, a percentage and grouped digits state their numbers."""
        text = f"We have {quote} here. How many?"
        one = {
            "quantities": [{"name": "n", "quote": quote, "value": value, "unit": None}],
            "steps": [],
            "question": {"name": "n", "quote": "How many?"},
        }
        assert compile_draft(one, text, source_id="p").facts[0].value == str(value)

    @given(problems())
    def test_every_drawn_draft_compiles_the_same_from_text_and_tree(
        self, problem: Problem
    ) -> None:
        """A draft compiles, and to the same graph as text or as a tree."""
        text, tree = problem
        graph = compile_draft(tree, text, source_id="p")
        assert compile_draft(written(tree), text, source_id="p") == graph
        assert draft_refusals(tree, text) == ()


class TestRefusals:
    """Each rule a draft breaks is one refusal, with its path into the draft and a message that says how to mend it."""

    def test_a_value_its_quote_does_not_state(self) -> None:
        """'16 eggs' does not state 61."""
        changed = draft()
        changed["quantities"][0]["value"] = 61
        assert refused(changed) == [
            (
                "value_not_stated",
                ("quantities", 0, "value"),
                (
                    "Draft.quantities[0].value must be a number its quote states: '16 eggs'"
                    " states 16 (got '61')"
                ),
            )
        ]

    def test_a_quote_that_states_no_number(self) -> None:
        """A quote without a number states none; nor does the 5 inside 25."""
        changed = draft()
        changed["quantities"][0]["quote"] = "ducks"
        assert refused(changed)[0][2] == (
            "Draft.quantities[0].value must be a number its quote states: 'ducks'"
            " states no number (got '16')"
        )
        changed["quantities"][0].update(quote="6 eggs", value=6)
        assert refused(changed)[0][0] == "value_not_stated"

    def test_a_quote_not_in_the_text(self) -> None:
        """A quote must be in the text exactly, capitals and spaces too."""
        changed = draft()
        changed["quantities"][1]["quote"] = "Eats three"
        assert refused(changed) == [
            (
                "quote_not_found",
                ("quantities", 1, "quote"),
                (
                    "Draft.quantities[1].quote must occur in the text, exactly as it is"
                    " written there (got 'Eats three'): the text's nearest passage is"
                    " 'eats three', at character 39"
                ),
            )
        ]

    def test_an_ambiguous_quote(self) -> None:
        """A quote that occurs twice needs its occurrence."""
        changed = draft()
        changed["quantities"][1].update(quote="e", value=3)
        assert refused(changed)[0] == (
            "ambiguous_quote",
            ("quantities", 1, "quote"),
            (
                "Draft.quantities[1].quote occurs 18 times in the text (at offsets 3, 21,"
                " 27, 37, 39, ...): quote more of the text, so that it occurs once, or give"
                " its occurrence, counting from 0 (got 'e')"
            ),
        )

    def test_an_occurrence_beyond_the_quote(self) -> None:
        """An occurrence must be less than the times the quote occurs."""
        changed = draft()
        changed["quantities"][0]["occurrence"] = 1
        changed["quantities"][1]["occurrence"] = -1
        assert refused(changed) == [
            (
                "quote_not_found",
                ("quantities", 0, "occurrence"),
                (
                    "Draft.quantities[0].occurrence must be less than the times its quote"
                    " occurs in the text (once), counting from 0 (got 1)"
                ),
            ),
            (
                "invalid_span",
                ("quantities", 1, "occurrence"),
                (
                    "Draft.quantities[1].occurrence must be at least 0: the first occurrence"
                    " is 0 (got -1)"
                ),
            ),
        ]

    def test_a_name_defined_twice(self) -> None:
        """A name is defined once, by one quantity or one step."""
        changed = draft()
        changed["steps"][1]["name"] = "laid"
        assert refused(changed)[0] == (
            "duplicate_symbol_id",
            ("steps", 1, "name"),
            (
                "Draft.steps[1].name defines 'laid' again: quantities[0].name defined it"
                " first, and a name is defined once"
            ),
        )

    def test_names_used_or_asked_for_that_nothing_defines(self) -> None:
        """Every name a step uses, and the name asked for, must be defined."""
        changed = draft()
        changed["steps"][1]["expression"] = "left*prize*tax"
        changed["question"]["name"] = "profit"
        assert refused(changed) == [
            (
                "unknown_symbol",
                ("steps", 1, "expression"),
                (
                    "Draft.steps[1].expression uses 'prize' and 'tax', which no quantity or"
                    " step defines: the names defined, nearest first, are 'price',"
                    " 'income', 'laid', 'eaten', 'baked', and 1 more"
                ),
            ),
            (
                "unknown_symbol",
                ("question", "name"),
                (
                    "Draft.question.name asks for 'profit', which no quantity or step"
                    " defines: the names defined, nearest first, are 'price', 'left',"
                    " 'laid', 'eaten', 'baked', and 1 more"
                ),
            ),
        ]

    def test_steps_in_a_circle(self) -> None:
        """Steps that use each other's results, or their own, are refused once a circle, at its first step."""
        changed = draft()
        changed["steps"][0]["expression"] = "income - eaten"
        changed["steps"].append({"name": "own", "expression": "own + 1", "unit": None})
        assert refused(changed) == [
            (
                "circular_dependency",
                ("steps", 0, "expression"),
                (
                    "Draft.steps[0].expression is one of steps that use each other's results"
                    " in a circle ('left', 'income'): a step may use only what can be"
                    " computed without it"
                ),
            ),
            (
                "circular_dependency",
                ("steps", 2, "expression"),
                (
                    "Draft.steps[2].expression is one of steps that use each other's results"
                    " in a circle ('own'): a step may use only what can be computed without"
                    " it"
                ),
            ),
        ]

    def test_units_that_do_not_agree(self) -> None:
        """A step's units are checked where they are given: a sum of other units, or another unit than its own, is refused."""
        changed = draft()
        changed["steps"][0]["expression"] = "laid - price"
        changed["steps"][1]["unit"] = "hours"
        assert refused(changed) == [
            (
                "unit_mismatch",
                ("steps", 0, "unit"),
                (
                    "Draft.steps[0].unit is refused by the units: the expression"
                    " subtracts 'egg' (egg) and 'dollar/egg' ([money]/egg), of different"
                    " dimensions"
                ),
            ),
            (
                "unit_mismatch",
                ("steps", 1, "unit"),
                (
                    "Draft.steps[1].unit is refused by the units: the expression is in"
                    " 'dollar' ([money]), but the unit given is in 'hour' ([time])"
                ),
            ),
        ]

    def test_profiles_refuse_expressions_values_and_units(self) -> None:
        """An expression, a value or a unit outside its profile is refused at its key, in the profile's words."""
        changed = draft()
        changed["quantities"][0]["value"] = "16 eggs"
        changed["quantities"][1]["unit"] = "eggs per per day"
        changed["steps"][0]["expression"] = "laid - eaten *** 2"
        assert refused(changed) == [
            (
                "not_arithmetic",
                ("quantities", 0, "value"),
                (
                    "Draft.quantities[0].value is not a number of the profile: an optional"
                    " '-', then a NUMBER such as 12 or 2.5, or a fraction such as 3/4, with"
                    " nothing around it (got '16 eggs')"
                ),
            ),
            (
                "unknown_unit",
                ("quantities", 1, "unit"),
                (
                    "Draft.quantities[1].unit is not a unit: at offset 9, expected a unit,"
                    " but found 'per'"
                ),
            ),
            (
                "not_arithmetic",
                ("steps", 0, "expression"),
                (
                    "Draft.steps[0].expression is not arithmetic: at offset 15, expected a"
                    " number, a symbol, '-' or '(', but found '*'"
                ),
            ),
        ]

    def test_the_shape_of_a_draft(self) -> None:
        """Keys it does not have, keys it lacks, values of the wrong type: each at its path."""
        changed: dict[str, Any] = {
            "quantities": [
                {"name": "class", "quote": "", "value": 2.5, "unit": 3, "extra": 1},
                "a quantity",
                {"name": None, "value": True},
            ],
            "steps": {"name": "x"},
            "answer": 42,
            "version": 2,
        }
        assert [(code, path) for code, path, _ in refused(changed)] == [
            ("invalid_identifier", ("quantities", 0, "name")),
            ("empty_text", ("quantities", 0, "quote")),
            ("wrong_type", ("quantities", 0, "value")),
            ("wrong_type", ("quantities", 0, "unit")),
            ("unknown_key", ("quantities", 0, "extra")),
            ("wrong_type", ("quantities", 1)),
            ("wrong_type", ("quantities", 2, "value")),
            ("missing_key", ("quantities", 2, "name")),
            ("missing_key", ("quantities", 2, "quote")),
            ("wrong_type", ("steps",)),
            ("unknown_key", ("answer",)),
            ("unsupported_version", ("version",)),
            ("missing_key", ("question",)),
        ]

    def test_messages_of_the_shape(self) -> None:
        """The words of a draft's shape refusals."""
        assert refused({"x": 1, "quantities": [], "steps": [], "question": {}})[0] == (
            "unknown_key",
            ("x",),
            (
                "Draft has no key 'x': its keys are version, quantities, steps, question,"
                " constraints"
            ),
        )
        assert refused({"quantities": [{"value": 2.5}]})[0][2] == (
            "Draft.quantities[0].value must be a JSON number, or a str that"
            ' parse_number reads, such as "3/4", not a float, whose digits are not'
            " the ones written: hand over the draft's text, or a tree that"
            " json.loads read with parse_float=decimal.Decimal (got 2.5)"
        )
        assert refused({"quantities": [{"occurrence": 1.0}]})[0][2] == (
            "Draft.quantities[0].occurrence must be an int, not a JSON number with a"
            " fraction or an exponent, or beyond 2**53 - 1 (got 1.0)"
        )
        nameless: list[object] = []
        assert refused({"steps": [{"name": nameless}]})[0][2] == (
            "Draft.steps[0].name must be a str, not a JSON array"
        )
        assert refused({"quantities": [], "steps": [], "question": None})[-1][2] == (
            "Draft.question must be given, not null or absent: a draft holds"
            " quantities, steps and question (an empty list where there are none)"
        )
        assert refused({"question": {"quote": "How much does she make?"}})[0][2] == (
            "Draft.question.name must be given, not null or absent: the question holds"
            " the name asked for and its quote"
        )

    def test_a_draft_that_is_no_object_is_one_refusal(self) -> None:
        """A list, a number or a string of JSON that is no object is refused whole; a text of no object holds no draft."""
        assert (
            refused([draft()])
            == refused("[{}]")
            == [("wrong_type", (), "Draft must be a JSON object, not a JSON array")]
        )
        assert (
            refused("a draft")
            == refused('"a draft"')
            == refused("12")
            == [
                (
                    "malformed_document",
                    (),
                    (
                        "a draft must be JSON: the reply holds no JSON object, alone,"
                        " among prose or in a fenced block"
                    ),
                )
            ]
        )

    def test_compile_draft_raises_the_first_refusal(self) -> None:
        """compile_draft raises exactly the first refusal draft_refusals lists."""
        changed = draft()
        changed["quantities"][0]["value"] = 61
        changed["question"]["name"] = "nothing"
        error = first(changed)
        listed = draft_refusals(changed, TEXT)
        assert (error.code, error.path, error.message) == (
            listed[0].code,
            listed[0].path,
            listed[0].message,
        )

    def test_format_refusals_tells_them_to_a_model(self) -> None:
        """format_refusals, with the draft's header, makes the text a model is sent."""
        changed = draft()
        changed["quantities"][0]["value"] = 61
        changed["quantities"][1]["quote"] = "eats 3"
        changed["steps"][1]["expression"] = "left*prize"
        assert format_refusals(
            draft_refusals(changed, TEXT), header=DRAFT_REPAIR_HEADER
        ) == (
            "The draft was refused. Correct each problem below (WHERE: WHAT [CODE]) and"
            " send the whole draft again.\n"
            "- quantities[0].value: Draft.quantities[0].value must be a number its quote"
            " states: '16 eggs' states 16 (got '61') [value_not_stated]\n"
            "- quantities[1].quote: Draft.quantities[1].quote must occur in the text,"
            " exactly as it is written there (got 'eats 3'): the text's nearest"
            " passage is 'eats three', at character 39 [quote_not_found]\n"
            "- steps[1].expression: Draft.steps[1].expression uses 'prize', which no"
            " quantity or step defines: the names defined, nearest first, are"
            " 'price', 'income', 'laid', 'eaten', 'baked', and 1 more [unknown_symbol]"
        )

    def test_the_list_is_cut_at_the_limit(self) -> None:
        """Past limit, the last entry counts the refusals left out."""
        many = draft(quantities=[{"name": "class"}] * 5)
        listed = draft_refusals(many, TEXT, limit=3)
        assert [error.code for error in listed] == [
            "invalid_identifier",
            "missing_key",
            "limit_exceeded",
        ]
        assert listed[-1].message == (
            "15 more refusals of this draft are not listed: at most 3 entries are,"
            " this one included"
        )
        one_more = draft_refusals(draft(quantities=[{"name": "class"}]), TEXT, limit=3)
        assert one_more[-1].message == (
            "3 more refusals of this draft are not listed: at most 3 entries are, this"
            " one included"
        )


class Lying(str):
    """A str that could lie about itself."""

    __slots__ = ()


class TestNearestNames:
    """A name nothing defines is refused with the names that are, the nearest first: those that share the most of its start and its end."""

    @staticmethod
    def using(expression: str, *names: str) -> str:
        """Return the message of the refusal of a step that uses *expression*, among steps defining *names*."""
        steps = [{"name": name, "expression": "1"} for name in names]
        steps.append({"name": "total", "expression": expression})
        changed = {"quantities": [], "steps": steps, "question": ASKED}
        ((code, path, message),) = refused(changed)
        assert (code, path) == ("unknown_symbol", ("steps", len(names), "expression"))
        return message

    def test_the_nearest_comes_first(self) -> None:
        """A typo's name comes first; a tie keeps the order of definition."""
        assert self.using("egg * 2", "baked", "eaten", "eggs") == (
            f"Draft.steps[3].expression uses 'egg', {NOBODY}: the names defined,"
            " nearest first, are 'eggs', 'eaten', 'baked', 'total'"
        )
        assert self.using("totl", "a", "b") == (
            f"Draft.steps[2].expression uses 'totl', {NOBODY}: the names defined,"
            " nearest first, are 'total', 'a', 'b'"
        )

    def test_at_most_five_are_listed_and_the_others_counted(self) -> None:
        """A long list stops at five, and says how many it leaves out."""
        assert self.using("x_count", "a", "b", "c", "d", "e", "count") == (
            f"Draft.steps[6].expression uses 'x_count', {NOBODY}: the names"
            " defined, nearest first, are 'count', 'a', 'b', 'c', 'd', and 2 more"
        )

    def test_one_name_or_none(self) -> None:
        """One name defined is said as one; none, as none."""
        assert self.using("gift") == (
            f"Draft.steps[0].expression uses 'gift', {NOBODY}: the name defined is"
            " 'total'"
        )
        asked: dict[str, object] = {"quantities": [], "steps": [], "question": ASKED}
        assert refused(asked) == [
            (
                "unknown_symbol",
                ("question", "name"),
                f"Draft.question.name asks for 'total', {NOBODY}: no name is defined",
            )
        ]

    def test_past_the_budget_names_come_in_the_order_defined(self) -> None:
        """Comparisons are bounded by READS times the names and FLOOR: past them, the names are listed as defined, so that many misnamed steps cost time linear in the draft."""
        steps = [
            {"name": f"name{index:04d}", "expression": "1"} for index in range(2_000)
        ]
        steps += [
            {"name": f"use{index}", "expression": f"zname{index:04d}"}
            for index in range(900)
        ]
        changed = {
            "quantities": [],
            "steps": steps,
            "question": {**ASKED, "name": "use0"},
        }
        messages = [message for _, _, message in refused(changed)]
        assert len(messages) == 900
        assert messages[0] == (
            f"Draft.steps[2000].expression uses 'zname0000', {NOBODY}: the names"
            " defined, nearest first, are 'name0000', 'name1000', 'name0100',"
            " 'name0200', 'name0300', and 2895 more"
        )
        assert messages[-1] == (
            f"Draft.steps[2899].expression uses 'zname0899', {NOBODY}: the names"
            " defined are 'name0000', 'name0001', 'name0002', 'name0003',"
            " 'name0004', and 2895 more"
        )
        ranked = sum("nearest first" in message for message in messages)
        assert 0 < ranked < 20


class TestArguments:
    """What is not the draft is refused at once, at its argument."""

    @pytest.mark.parametrize(
        ("changes", "code", "path"),
        [
            ({"text": ""}, "empty_text", ("text",)),
            ({"text": 3}, "wrong_type", ("text",)),
            ({"source_id": " "}, "empty_text", ("source_id",)),
            ({"introduced_by": "\ud800"}, "invalid_text", ("introduced_by",)),
            ({"max_bytes": "1"}, "wrong_type", ("max_bytes",)),
        ],
    )
    def test_an_argument_is_refused_at_it(
        self, changes: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """A text, source id, introducer or size limit of the wrong kind raises its refusal."""
        arguments: dict[str, object] = {
            "text": TEXT,
            "source_id": "p1",
            "introduced_by": "draft",
            "max_bytes": 1000,
            **changes,
        }
        text = arguments.pop("text")
        with pytest.raises(BindingGraphError) as info:
            compile_draft(draft(), untyped(text), **untyped(arguments))
        assert (info.value.code, info.value.path) == (code, path)
        with pytest.raises(BindingGraphError) as again:
            draft_refusals(draft(), untyped(text), **untyped(arguments))
        assert (again.value.code, again.value.path) == (code, path)

    @pytest.mark.parametrize("limit", [1, "2", True])
    def test_a_limit_is_an_int_of_at_least_2(self, limit: object) -> None:
        """draft_refusals refuses a limit below 2, or not an int."""
        with pytest.raises(BindingGraphError) as info:
            draft_refusals(draft(), TEXT, limit=untyped(limit))
        assert (info.value.code, info.value.path) == ("wrong_type", ("limit",))

    def test_a_subclass_of_str_is_refused_as_the_draft(self) -> None:
        """A draft whose class derives from str is refused, never read."""
        assert refused(Lying(written(draft()))) == [
            (
                "wrong_type",
                ("draft",),
                (
                    "draft_refusals.draft must be a str, bytes or bytearray, or a parsed"
                    " tree, not Lying, a subclass of str: convert it with str(value)"
                    ' (got \'{"quantities": [{"name": "l... "How much does she make?"}}\')'
                ),
            )
        ]


class TestCorners:
    """What the other tests reach only by chance: each refused on purpose, at its path."""

    def test_spans_of_symbols(self) -> None:
        """symbol_start and symbol_end go together, within the text, after each other, not negative."""
        cases = [
            ({"symbol_start": 3}, "missing_key", ("quantities", 0, "symbol_end")),
            ({"symbol_end": 3}, "missing_key", ("quantities", 0, "symbol_start")),
            (
                {"symbol_start": 3, "symbol_end": 3},
                "invalid_span",
                ("quantities", 0, "symbol_end"),
            ),
            (
                {"symbol_start": 3, "symbol_end": 999},
                "invalid_span",
                ("quantities", 0, "symbol_end"),
            ),
            (
                {"symbol_start": -1, "symbol_end": 3},
                "invalid_span",
                ("quantities", 0, "symbol_start"),
            ),
        ]
        for keys, code, path in cases:
            changed = draft()
            changed["quantities"][0].update(keys)
            assert refused(changed)[0][:2] == (code, path)
        changed = draft()
        changed["quantities"][0].update(symbol_start=3, symbol_end=999)
        assert refused(changed)[0][2] == (
            "Draft.quantities[0].symbol_end must lie after symbol_start (3) and within"
            " the text, of 143 characters (got 999)"
        )

    def test_keys_of_the_wrong_kind(self) -> None:
        """A version, a role, an occurrence and a predicate each refused in its own words."""
        changed = draft(
            version="1",
            constraints=[{"name": "left", "predicate": "left >", "quote": "the rest"}],
        )
        changed["quantities"][0]["role"] = "amount"
        changed["quantities"][1]["occurrence"] = "0"
        assert [(code, path) for code, path, _ in refused(changed)] == [
            ("not_in_vocabulary", ("quantities", 0, "role")),
            ("wrong_type", ("quantities", 1, "occurrence")),
            ("wrong_type", ("version",)),
            ("not_arithmetic", ("constraints", 0, "predicate")),
        ]

    def test_repeated_keys_and_other_shapes(self) -> None:
        """A key given twice is refused where it comes again; a question that is no object; a list that is null."""
        text = (
            '{"quantities": null, "steps": [{"name": "a", "name": "b", "expression": "1"}],'
            ' "steps": [], "question": 3}'
        )
        assert refused(text) == [
            (
                "malformed_document",
                ("steps", 0, "name"),
                "Draft.steps[0] holds the key 'name' twice",
            ),
            ("malformed_document", ("steps",), "Draft holds the key 'steps' twice"),
            (
                "wrong_type",
                ("question",),
                "Draft.question must be a JSON object, not int (got 3)",
            ),
            (
                "missing_key",
                ("quantities",),
                (
                    "Draft.quantities must be given, not null or absent: a draft holds"
                    " quantities, steps and question (an empty list where there are none)"
                ),
            ),
        ]

    def test_units_of_steps_left_to_their_own_refusals(self) -> None:
        """A step whose own unit, or that of a name it uses, does not read is not checked again by the units."""
        changed = draft()
        changed["steps"][1]["unit"] = "per per"
        changed["quantities"][1]["unit"] = "per per"
        assert [code for code, _, _ in refused(changed)] == [
            "unknown_unit",
            "unknown_unit",
        ]

    def test_a_number_too_long_to_read(self) -> None:
        """A quote that holds a number of more than 300 digits is refused as too large, at the quote."""
        long = "9" * 301
        text = f"It has {long} eggs. How many?"
        one = {
            "quantities": [
                {"name": "n", "quote": f"{long} eggs", "value": 1, "unit": None}
            ],
            "steps": [],
            "question": {"name": "n", "quote": "How many?"},
        }
        assert refused(one, text)[0][:2] == (
            "limit_exceeded",
            ("quantities", 0, "quote"),
        )

    def test_integers_beyond_json_s_exact_range(self) -> None:
        """An integer beyond 2**53 - 1 is a value read from its digits, in text or in a tree; no occurrence."""
        beyond = {"quantities": [{"name": "n", "occurrence": 9999999999999999}]}
        assert (
            refused(written(beyond))[0][2]
            == refused(beyond)[0][2]
            == (
                "Draft.quantities[0].occurrence must be an int, not a JSON number with"
                " a fraction or an exponent, or beyond 2**53 - 1 (got 9999999999999999)"
            )
        )
        huge = {"quantities": [{"name": "n", "value": 2**5000}]}
        assert refused(huge)[0] == (
            "limit_exceeded",
            ("quantities", 0, "value"),
            (
                "Draft.quantities[0].value holds a number of more than 300 digits"
                " (got 'an int of 5001 bits')"
            ),
        )

    def test_the_wing_lists_its_names(self) -> None:
        """dir() of the drafts wing is its public names."""
        from binding_graph import drafts  # noqa: PLC0415

        assert dir(drafts) == sorted(drafts.__all__)


class Hostile(str):
    """A str whose comparison and repr raise; it hashes as its text, so that a dict can hold it."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise RuntimeError

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        raise RuntimeError


class Lies:
    """An object whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError


class Mapping(dict[str, object]):
    """A dict that is not exactly one."""


class TestHostileTrees:
    """A tree is taken by the exact classes of its values: none of their code runs, and each is refused at its path."""

    def test_values_and_keys_of_other_classes(self) -> None:
        """Subclasses of str and dict, and objects whose repr raises, are refused, never trusted."""
        first, second = Hostile("quantities"), Hostile("name")
        tree = {
            first: [],
            "steps": [
                {second: "a", "expression": Hostile("1"), "unit": Lies()},
                Mapping(name="b"),
            ],
            "question": {"name": "a", "quote": Hostile("How much")},
        }
        found = refused(tree)
        # The same keys, compared by identity: theirs would raise.
        assert [(code, path) for code, path, _ in found] == [
            ("unknown_key", (first,)),
            ("unknown_key", ("steps", 0, second)),
            ("wrong_type", ("steps", 0, "expression")),
            ("wrong_type", ("steps", 0, "unit")),
            ("missing_key", ("steps", 0, "name")),
            ("wrong_type", ("steps", 1)),
            ("wrong_type", ("question", "quote")),
            ("missing_key", ("quantities",)),
            ("unknown_symbol", ("question", "name")),
        ]
        assert found[0][2] == (
            "Draft has no key 'quantities': its keys are version, quantities, steps,"
            " question, constraints"
        )
        assert found[3][2].startswith(
            "Draft.steps[0].unit must be a str, not Lies (got <Lies instance at 0x"
        )


class TestExpressionsReadFully:
    """An expression the quick spelling leaves to the full reading is read as the arithmetic reads it."""

    def test_names_outside_ascii_and_predicates(self) -> None:
        """A name outside ASCII, a negation, a number: spelt canonically, its names in order; a predicate's too."""
        text = "Ann pays 3 euros. How much?"
        one = {
            "quantities": [
                {"name": "prix", "quote": "3 euros", "value": 3, "unit": None}
            ],
            "steps": [
                {"name": "café", "expression": "-(prix+2)*prix", "unit": None},
                {"name": "total", "expression": "-café*(prix+1)", "unit": None},
            ],
            "question": {"name": "total", "quote": "How much?"},
            "constraints": [{"name": "café", "predicate": "-café<=0", "quote": "pays"}],
        }
        graph = compile_draft(one, text, source_id="p")
        assert (
            graph.equations[0].rhs_canonical,
            graph.equations[0].operation_kind,
        ) == (
            "-(prix + 2) * prix",
            "multiply",
        )
        assert (graph.equations[1].rhs_canonical, graph.equations[1].dependencies) == (
            "-café * (prix + 1)",
            frozenset({"café", "prix"}),
        )
        assert graph.constraints[0].predicate == "-café <= 0"


class _Name(str):
    """A name that counts each time it is hashed or compared: the work of gathering names."""

    __slots__ = ()
    work = 0

    def __hash__(self) -> int:
        _Name.work += 1
        return str.__hash__(self)

    def __eq__(self, other: object) -> bool:
        _Name.work += 1
        return str.__eq__(self, other)


def _balanced(names: list[str]) -> str:
    """Return the sum of *names*, paired in parentheses level by level: as shallow as a sum of them can be."""
    while len(names) > 1:
        paired = [f"({a}+{b})" for a, b in zip(names[::2], names[1::2], strict=False)]
        names = paired + names[len(paired) * 2 :]
    return names[0]


def _gathering(n: int) -> int:
    """Return the work of gathering the names of a constraint that uses *n* names on each side."""
    named = _fields.named

    def counted(tree: Any) -> list[str]:
        return [_Name(name) for name in named(tree)]

    left, right = (
        _balanced([f"a{i}" for i in range(n)]),
        _balanced([f"b{i}" for i in range(n)]),
    )
    constraint = {"name": "a0", "predicate": f"{left} < {right}", "quote": "16 eggs"}
    _Name.work = 0
    with mock.patch.object(_fields, "named", counted):
        refused = draft_refusals(draft(constraints=[constraint]), TEXT)
    assert [(refusal.code, refusal.path) for refusal in refused] == [
        ("unknown_symbol", ("constraints", 0, "name")),
        ("unknown_symbol", ("constraints", 0, "predicate")),
    ]
    return _Name.work


class TestCost:
    """What a draft's values decide costs work linear in them."""

    def test_four_times_the_names_of_a_predicate_is_at_most_five_times_the_work(
        self,
    ) -> None:
        """A predicate's names are gathered each once, not searched for among those before them."""
        assert _gathering(600) <= 5 * _gathering(150)
