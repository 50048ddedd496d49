"""The model's classes as values: construction, evolve, equality, copies, signatures.

The rules each field and the graph check are tested rule by rule elsewhere:
test_model_text, test_model_types, test_model_identifiers,
test_model_vocabularies, test_model_spans, test_model_refusal_reason and
test_model_graph.
"""

from __future__ import annotations

import copy
import pickle
import sys
import weakref
from typing import TYPE_CHECKING, Any

import attrs
import pytest

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from tests._helpers import (
    BUILDERS,
    CLASSES,
    assert_refusal,
    constraint,
    equation,
    fact,
    graph,
    refusal,
    span,
    symbol,
    unknown,
    untyped,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


@pytest.fixture(params=["off", "on"], ids=["validators-off", "validators-on"])
def validators(request: pytest.FixtureRequest) -> Iterator[str]:
    """Turn attrs' validators off for the whole process, as another library might, or leave them on; give which."""
    state: str = request.param
    previous = attrs.validators.get_disabled()
    attrs.validators.set_disabled(state == "off")
    try:
        yield state
    finally:
        attrs.validators.set_disabled(previous)


# Each class, fields it is built from, and the defaults of the others.
CONSTRUCTED: list[tuple[type[Any], dict[str, object], dict[str, object]]] = [
    (
        SourceSpanLink,
        {"source_id": "p9", "start": 3, "end": 8, "text": "apple"},
        {},
    ),
    (
        SymbolBinding,
        {
            "symbol_id": "apples",
            "name": "apples",
            "semantic_role": "count",
            "source_span": span(),
            "introduced_by": "parser",
        },
        {"entity": None, "unit": None},
    ),
    (
        BoundFact,
        {"symbol_id": "x", "value": "3/4", "source_span": span()},
        {"unit": None},
    ),
    (
        BoundEquation,
        {
            "lhs_symbol_id": "z",
            "rhs_canonical": "x + y",
            "dependencies": frozenset({"x", "y"}),
            "operation_kind": "sum",
            "unit_proof": "same unit",
            "admissibility_status": "pending",
            "source_span": span(),
        },
        {"refusal_reason": None},
    ),
    (
        BoundUnknown,
        {"symbol_id": "z", "question_span": span()},
        {"expected_unit": None},
    ),
    (
        BoundConstraint,
        {"symbol_id": "x", "predicate": "x >= 0", "source_span": span()},
        {},
    ),
    (
        SemanticSymbolicBindingGraph,
        {
            "symbols": (
                symbol(symbol_id="x"),
                symbol(symbol_id="y"),
                symbol(symbol_id="z"),
            ),
            "facts": (fact(),),
            "equations": (equation(),),
            "unknowns": (unknown(),),
            "constraints": (constraint(),),
            "provenance": (span(),),
        },
        {},
    ),
    (
        SemanticSymbolicBindingGraph,
        {},
        dict.fromkeys(
            ("symbols", "facts", "equations", "unknowns", "constraints", "provenance"),
            (),
        ),
    ),
]


class TestConstruction:
    """Valid fields build an object that keeps them; optional ones default to None."""

    @pytest.mark.parametrize(
        ("cls", "fields", "defaults"),
        CONSTRUCTED,
        ids=[*(cls.__name__ for cls, _, _ in CONSTRUCTED[:-1]), "empty graph"],
    )
    def test_an_object_keeps_its_fields_and_defaults_the_others(
        self,
        cls: type[Any],
        fields: dict[str, object],
        defaults: dict[str, object],
    ) -> None:
        """A valid object keeps its fields; entity, unit, expected_unit and refusal_reason default to None, a graph's tuples to the empty tuple, any other field to its declared default."""
        built = cls(**fields)
        expected = {**fields, **defaults}
        assert {name: getattr(built, name) for name in expected} == expected
        assert {
            field.name: getattr(built, field.name)
            for field in attrs.fields(cls)
            if field.name not in expected
        } == {
            field.name: field.default
            for field in attrs.fields(cls)
            if field.name not in expected
        }

    @pytest.mark.parametrize(
        ("build", "optional"),
        [
            (symbol, {"entity": "Alice", "unit": "apple"}),
            (fact, {"unit": "kg"}),
            (unknown, {"expected_unit": "apples"}),
        ],
    )
    def test_an_optional_field_keeps_what_it_is_given(
        self, build: Callable[..., object], optional: dict[str, object]
    ) -> None:
        """An optional field given a value keeps it."""
        built = build(**optional)
        assert {name: getattr(built, name) for name in optional} == optional


class TestEvolve:
    """attrs.evolve builds a changed copy, and refuses exactly what construction refuses."""

    @pytest.mark.parametrize(
        ("owner", "changes"),
        [
            ("SourceSpanLink", {"start": 1, "end": 4, "text": "lic"}),
            ("SymbolBinding", {"name": "pears", "unit": "pear"}),
            ("BoundFact", {"value": "4"}),
            (
                "BoundEquation",
                {"admissibility_status": "refused", "refusal_reason": "why"},
            ),
            ("BoundUnknown", {"expected_unit": "apples"}),
            ("BoundConstraint", {"predicate": "x > 0"}),
            ("SemanticSymbolicBindingGraph", {"provenance": ()}),
        ],
    )
    def test_evolve_builds_a_changed_copy(
        self, owner: str, changes: dict[str, object]
    ) -> None:
        """A valid evolve returns a new object with the change; the original is intact."""
        original = BUILDERS[owner]()
        changed = attrs.evolve(original, **changes)
        assert changed != original
        assert original == BUILDERS[owner]()
        for name, value in changes.items():
            assert getattr(changed, name) == value

    @pytest.mark.parametrize(
        ("owner", "changes", "code", "path"),
        [
            ("SourceSpanLink", {"end": 0}, "invalid_span", ("end",)),
            ("SourceSpanLink", {"text": "Bob"}, "invalid_span", ("text",)),
            (
                "SymbolBinding",
                {"symbol_id": "class"},
                "invalid_identifier",
                ("symbol_id",),
            ),
            (
                "SymbolBinding",
                {"semantic_role": "banana"},
                "not_in_vocabulary",
                ("semantic_role",),
            ),
            ("BoundFact", {"value": ""}, "empty_text", ("value",)),
            (
                "BoundEquation",
                {"admissibility_status": "refused"},
                "refusal_reason_required",
                ("refusal_reason",),
            ),
            ("BoundEquation", {"dependencies": {"x"}}, "wrong_type", ("dependencies",)),
            ("BoundUnknown", {"expected_unit": " "}, "empty_text", ("expected_unit",)),
            (
                "BoundConstraint",
                {"predicate": "\ud800"},
                "invalid_text",
                ("predicate",),
            ),
            (
                "SemanticSymbolicBindingGraph",
                {"facts": [fact()]},
                "wrong_type",
                ("facts",),
            ),
        ],
    )
    def test_evolve_re_runs_every_field_rule(
        self,
        owner: str,
        changes: dict[str, object],
        code: str,
        path: tuple[str | int, ...],
    ) -> None:
        """attrs.evolve refuses exactly what construction refuses."""
        error = refusal(attrs.evolve, BUILDERS[owner](), **changes)
        assert_refusal(error, code, path, owner)

    def test_evolve_refused_to_admitted_with_a_reason_is_refused(self) -> None:
        """Changing the status alone leaves a now-forbidden reason behind."""
        refused = equation(
            admissibility_status="refused", refusal_reason="units disagree"
        )
        error = refusal(attrs.evolve, refused, admissibility_status="admitted")
        assert (error.code, error.path) == (
            "refusal_reason_forbidden",
            ("refusal_reason",),
        )

    def test_evolve_dropping_a_needed_symbol_is_refused(self) -> None:
        """attrs.evolve re-runs the graph check: removing x leaves its fact dangling."""
        valid = graph()
        error = refusal(attrs.evolve, valid, symbols=valid.symbols[1:])
        assert_refusal(
            error,
            "unknown_symbol",
            ("facts", 0, "symbol_id"),
            "SemanticSymbolicBindingGraph",
        )

    def test_evolve_adding_a_duplicate_is_refused(self) -> None:
        """attrs.evolve re-runs the uniqueness check."""
        valid = graph()
        error = refusal(
            attrs.evolve, valid, symbols=(*valid.symbols, symbol(symbol_id="y"))
        )
        assert (error.code, error.path) == (
            "duplicate_symbol_id",
            ("symbols", 3, "symbol_id"),
        )


class TestValueSemantics:
    """Objects are equal and hash by value, copy and pickle, and cannot be changed."""

    @pytest.mark.parametrize("owner", list(BUILDERS))
    def test_equal_and_hashable_by_value(self, owner: str) -> None:
        """Two objects built alike are equal, hash alike, and collapse in a set."""
        first, second = BUILDERS[owner](), BUILDERS[owner]()
        assert first is not second
        assert first == second
        assert hash(first) == hash(second)
        assert len({first, second}) == 1

    @pytest.mark.parametrize(
        ("owner", "changes"),
        [
            ("SourceSpanLink", {"source_id": "p2"}),
            ("SymbolBinding", {"entity": "Alice"}),
            ("BoundFact", {"unit": "kg"}),
            ("BoundEquation", {"dependencies": frozenset({"x"})}),
            ("BoundUnknown", {"symbol_id": "x"}),
            ("BoundConstraint", {"symbol_id": "y"}),
            ("SemanticSymbolicBindingGraph", {"constraints": ()}),
        ],
    )
    def test_different_values_are_unequal(
        self, owner: str, changes: dict[str, object]
    ) -> None:
        """Objects differing in one field are unequal."""
        assert BUILDERS[owner]() != BUILDERS[owner](**changes)

    @pytest.mark.parametrize("owner", list(BUILDERS))
    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    def test_pickle_round_trips(self, owner: str, protocol: int) -> None:
        """Every object survives pickling, equal and of the same class."""
        original = BUILDERS[owner]()
        clone = pickle.loads(pickle.dumps(original, protocol=protocol))  # noqa: S301 -- our own bytes
        assert type(clone) is type(original)
        assert clone == original
        assert hash(clone) == hash(original)

    @pytest.mark.parametrize("owner", list(BUILDERS))
    @pytest.mark.parametrize("duplicate", [copy.copy, copy.deepcopy])
    def test_copies_are_equal(
        self, owner: str, duplicate: Callable[[object], object]
    ) -> None:
        """copy.copy and copy.deepcopy give equal objects."""
        original = BUILDERS[owner]()
        assert duplicate(original) == original

    @pytest.mark.parametrize("owner", list(BUILDERS))
    def test_fields_cannot_be_set_deleted_or_added(self, owner: str) -> None:
        """Objects are frozen and slotted: no field can change, none can be added."""
        obj = BUILDERS[owner]()
        first = attrs.fields(CLASSES[owner])[0].name
        before = getattr(obj, first)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, first, before)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(obj, first)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            obj.new_attribute = 1
        assert getattr(obj, first) == before
        assert not hasattr(obj, "__dict__")


# The fields of the first version of the model, in order, with their
# defaults: what every document written since carries. A field may be added
# after them, with a default, so that those documents still load; none of
# these may go, move or change its default.
FIRST_FIELDS: dict[str, tuple[tuple[str, object], ...]] = {
    "SourceSpanLink": (
        ("source_id", attrs.NOTHING),
        ("start", attrs.NOTHING),
        ("end", attrs.NOTHING),
        ("text", attrs.NOTHING),
    ),
    "SymbolBinding": (
        ("symbol_id", attrs.NOTHING),
        ("name", attrs.NOTHING),
        ("semantic_role", attrs.NOTHING),
        ("source_span", attrs.NOTHING),
        ("introduced_by", attrs.NOTHING),
        ("entity", None),
        ("unit", None),
    ),
    "BoundFact": (
        ("symbol_id", attrs.NOTHING),
        ("value", attrs.NOTHING),
        ("source_span", attrs.NOTHING),
        ("unit", None),
    ),
    "BoundEquation": (
        ("lhs_symbol_id", attrs.NOTHING),
        ("rhs_canonical", attrs.NOTHING),
        ("dependencies", attrs.NOTHING),
        ("operation_kind", attrs.NOTHING),
        ("unit_proof", attrs.NOTHING),
        ("admissibility_status", attrs.NOTHING),
        ("source_span", attrs.NOTHING),
        ("refusal_reason", None),
    ),
    "BoundUnknown": (
        ("symbol_id", attrs.NOTHING),
        ("question_span", attrs.NOTHING),
        ("expected_unit", None),
    ),
    "BoundConstraint": (
        ("symbol_id", attrs.NOTHING),
        ("predicate", attrs.NOTHING),
        ("source_span", attrs.NOTHING),
    ),
    "SemanticSymbolicBindingGraph": tuple(
        (name, ())
        for name in (
            "symbols",
            "facts",
            "equations",
            "unknowns",
            "constraints",
            "provenance",
        )
    ),
}


def _fields(owner: str) -> tuple[tuple[str, object], ...]:
    """Return each field of *owner*'s class, in order, with its default."""
    return tuple((field.name, field.default) for field in attrs.fields(CLASSES[owner]))


class TestSignatures:
    """Each class has the spec's fields, in order, with its defaults and its calling convention."""

    @pytest.mark.parametrize("owner", list(CLASSES))
    def test_the_first_fields_stay_in_order_with_their_defaults(
        self, owner: str
    ) -> None:
        """The first version's fields lead, in order and with their defaults, so old documents load."""
        first = FIRST_FIELDS[owner]
        assert _fields(owner)[: len(first)] == first

    @pytest.mark.parametrize("owner", list(CLASSES))
    def test_a_field_added_after_the_first_has_a_default(self, owner: str) -> None:
        """Any field after the first version's is optional: a document without it still loads."""
        added = _fields(owner)[len(FIRST_FIELDS[owner]) :]
        assert all(default is not attrs.NOTHING for _, default in added)

    @pytest.mark.parametrize("owner", list(CLASSES))
    def test_classes_are_frozen_slotted_attrs_classes(self, owner: str) -> None:
        """Every class is an attrs class with slots and no instance dict."""
        cls = CLASSES[owner]
        assert attrs.has(cls)
        assert "__slots__" in vars(cls)
        assert "__dict__" not in dir(cls)

    @pytest.mark.parametrize("owner", list(CLASSES))
    def test_instances_hold_no_weak_reference_slot(self, owner: str) -> None:
        """No class has a __weakref__ slot: a graph holds many objects, each 8 bytes smaller."""
        assert "__weakref__" not in dir(CLASSES[owner])
        with pytest.raises(TypeError):
            weakref.ref(BUILDERS[owner]())

    @pytest.mark.parametrize("owner", list(CLASSES))
    def test_classes_are_final_for_type_checkers_and_at_run_time(
        self, owner: str
    ) -> None:
        """typing.final marks every class, and subclassing one raises TypeError."""
        cls = CLASSES[owner]
        if sys.version_info >= (3, 11):  # where typing.final leaves its mark
            assert getattr(cls, "__final__", False) is True
        with pytest.raises(TypeError):
            type("Sub", (cls,), {})

    def test_repr_lists_fields_in_order(self) -> None:
        """The repr shows the fields in the spec's order."""
        assert (
            repr(span())
            == "SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')"
        )

    def test_span_may_be_built_positionally(self) -> None:
        """SourceSpanLink takes its four fields positionally."""
        assert SourceSpanLink("p1", 0, 5, "Alice") == span()

    @pytest.mark.parametrize(
        "owner", [name for name in CLASSES if name != "SourceSpanLink"]
    )
    def test_other_classes_are_keyword_only(self, owner: str) -> None:
        """Every other class refuses positional arguments, so swapped strings cannot pass."""
        cls = CLASSES[owner]
        valid = BUILDERS[owner]()
        names = [field.name for field in attrs.fields(cls)]
        values = [getattr(valid, name) for name in names]
        assert all(field.kw_only for field in attrs.fields(cls))
        with pytest.raises(TypeError):
            untyped(cls)(*values)
        assert cls(**dict(zip(names, values, strict=True))) == valid


DISABLED_CASES: list[tuple[str, dict[str, object], str, tuple[str | int, ...]]] = [
    ("SourceSpanLink", {"start": -1}, "invalid_span", ("start",)),
    ("SourceSpanLink", {"start": True}, "wrong_type", ("start",)),
    ("SourceSpanLink", {"end": 0}, "invalid_span", ("end",)),
    ("SourceSpanLink", {"text": "Al"}, "invalid_span", ("text",)),
    ("SourceSpanLink", {"source_id": " "}, "empty_text", ("source_id",)),
    ("SymbolBinding", {"symbol_id": "class"}, "invalid_identifier", ("symbol_id",)),
    (
        "SymbolBinding",
        {"semantic_role": "banana"},
        "not_in_vocabulary",
        ("semantic_role",),
    ),
    ("SymbolBinding", {"source_span": None}, "wrong_type", ("source_span",)),
    ("SymbolBinding", {"unit": ""}, "empty_text", ("unit",)),
    ("BoundFact", {"value": " "}, "empty_text", ("value",)),
    ("BoundFact", {"symbol_id": "x\ud800"}, "invalid_text", ("symbol_id",)),
    ("BoundEquation", {"dependencies": {"x"}}, "wrong_type", ("dependencies",)),
    (
        "BoundEquation",
        {"admissibility_status": "refused"},
        "refusal_reason_required",
        ("refusal_reason",),
    ),
    (
        "BoundEquation",
        {"refusal_reason": "why"},
        "refusal_reason_forbidden",
        ("refusal_reason",),
    ),
    ("BoundUnknown", {"expected_unit": "\ud800"}, "invalid_text", ("expected_unit",)),
    ("BoundUnknown", {"question_span": "p1"}, "wrong_type", ("question_span",)),
    ("BoundConstraint", {"predicate": ""}, "empty_text", ("predicate",)),
    (
        "SemanticSymbolicBindingGraph",
        {"symbols": [symbol()]},
        "wrong_type",
        ("symbols",),
    ),
    (
        "SemanticSymbolicBindingGraph",
        {"provenance": (span(), None)},
        "wrong_type",
        ("provenance", 1),
    ),
    (
        "SemanticSymbolicBindingGraph",
        {
            "symbols": (
                symbol(symbol_id="x"),
                symbol(symbol_id="y"),
                symbol(symbol_id="x"),
            )
        },
        "duplicate_symbol_id",
        ("symbols", 2, "symbol_id"),
    ),
    (
        "SemanticSymbolicBindingGraph",
        {"facts": (fact(), fact(symbol_id="w"))},
        "unknown_symbol",
        ("facts", 1, "symbol_id"),
    ),
    (
        "SemanticSymbolicBindingGraph",
        {"equations": (equation(dependencies=frozenset({"w"})),)},
        "unknown_symbol",
        ("equations", 0, "dependencies"),
    ),
]


class TestValidatorsDisabled:
    """Every rule holds even when attrs' validators are switched off process-wide."""

    @pytest.mark.parametrize(("owner", "fields", "code", "path"), DISABLED_CASES)
    def test_rules_hold_whether_attrs_validators_are_on_or_off(
        self,
        validators: str,
        owner: str,
        fields: dict[str, object],
        code: str,
        path: tuple[str | int, ...],
    ) -> None:
        """Construction gives the same refusals with attrs' validators on and off process-wide."""
        assert attrs.validators.get_disabled() is (validators == "off")
        error = refusal(BUILDERS[owner], **fields)
        assert_refusal(error, code, path, owner)

    def test_first_broken_field_is_reported(self, validators: str) -> None:
        """With validators on or off, fields are checked in order: start before end."""
        assert attrs.validators.get_disabled() is (validators == "off")
        error = refusal(span, start=-1, end=True, text=None)
        assert (error.code, error.path) == ("invalid_span", ("start",))

    @pytest.mark.parametrize("owner", list(BUILDERS))
    def test_valid_objects_build(self, validators: str, owner: str) -> None:
        """Valid input builds with attrs' validators on or off."""
        assert attrs.validators.get_disabled() is (validators == "off")
        assert BUILDERS[owner]() == BUILDERS[owner]()

    def test_evolve_checks_the_graph(self, validators: str) -> None:
        """attrs.evolve re-runs the graph check with validators on or off."""
        assert attrs.validators.get_disabled() is (validators == "off")
        valid = graph()
        error = refusal(attrs.evolve, valid, symbols=valid.symbols[:2], unknowns=())
        assert (error.code, error.path) == (
            "unknown_symbol",
            ("equations", 0, "lhs_symbol_id"),
        )

    def test_the_fixture_restores_the_setting(self) -> None:
        """The fixture above leaves attrs' validators as it found them."""
        assert not attrs.validators.get_disabled()
