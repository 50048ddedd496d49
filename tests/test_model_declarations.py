"""Each field is declared once, by its kind, and everything that must know it reads that declaration."""

from __future__ import annotations

import inspect
import re
import typing
from typing import Any

import attrs
import pytest

from binding_graph import (
    SEMANTIC_ROLES,
    _declarations,
    _hypothesis_plugin,
    _kinds,
    json_schema,
    strategies,
    to_data,
)
from binding_graph.documents._schema import _DEFINITIONS  # pyright: ignore[reportPrivateUsage]
from binding_graph.documents._trees import _CLASSES, decoder  # pyright: ignore[reportPrivateUsage]
from binding_graph.documents._writing import _ENCODERS  # pyright: ignore[reportPrivateUsage]
from binding_graph.model import MODEL_CLASSES, Model, SemanticSymbolicBindingGraph
from tests._helpers import ROOT, graph


def _design_table() -> dict[str, list[str]]:
    """Return the fields docs/design.md's table gives each class, defaults as `name=None`."""
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    table = design.split("## The model", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(
        r"^\| \{class\}`~binding_graph\.(\w+)` \| (.+) \|$", table, re.MULTILINE
    )
    # What follows a colon describes the fields: "...: each a `tuple`".
    return {
        name: re.findall(r"`(\w+(?:=None)?)`", fields.split(":", 1)[0])
        for name, fields in rows
    }


class TestDeclarations:
    """Every field's validator is the declaration of its kind."""

    def test_the_design_table_lists_every_field_in_order(self) -> None:
        """docs/design.md's table of the model gives each class's fields, in order, with their defaults."""
        expected = {
            cls.__name__: [
                a.name
                if a.default is attrs.NOTHING or a.default == ()
                else f"{a.name}=None"
                for a in attrs.fields(cls)
            ]
            for cls in MODEL_CLASSES
        }
        assert _design_table() == expected

    def test_every_field_is_declared_with_a_kind(self) -> None:
        """declared_fields() gives each class's fields, in order, each declared with one of KINDS."""
        for cls in MODEL_CLASSES:
            declared = _declarations.declared_fields(cls)
            assert [n for n, _ in declared] == [a.name for a in attrs.fields(cls)]
            assert all(d.kind in _kinds.KINDS for _, d in declared)

    def test_a_declaration_is_the_field_validator(self) -> None:
        """The declaration of a field is its validator, and equal to one made anew."""
        role = attrs.fields(typing.cast("Any", MODEL_CLASSES[1])).semantic_role
        declared = _declarations.declaration(role)
        assert declared is role.validator
        assert declared == _kinds.member_of(SEMANTIC_ROLES)
        assert hash(declared) == hash(_kinds.member_of(SEMANTIC_ROLES))
        assert declared != _kinds.text
        assert declared != "member"

    def test_nested_fields_name_their_class(self) -> None:
        """An object or objects field names the model class it holds."""
        items = {
            name: declared.item
            for name, declared in _declarations.declared_fields(
                SemanticSymbolicBindingGraph
            )
        }
        assert list(items.values()) == [*MODEL_CLASSES[1:6], MODEL_CLASSES[0]]
        models = [
            declared.model
            for _, declared in _declarations.declared_fields(
                SemanticSymbolicBindingGraph
            )
        ]
        assert models == list(items.values())

    def test_only_nested_fields_have_a_model_class(self) -> None:
        """Asking a field of another kind for its model class is a programming error."""
        with pytest.raises(
            TypeError, match=r"^a field of kind 'text' holds no model class$"
        ):
            _ = _kinds.text.model

    def test_every_kind_is_in_use(self) -> None:
        """KINDS lists each kind the model's fields declare, once, and no other."""
        used = {
            declared.kind.name
            for cls in MODEL_CLASSES
            for _, declared in _declarations.declared_fields(cls)
        }
        names = [kind.name for kind in _kinds.KINDS]
        assert len(names) == len(set(names))
        assert set(names) == used

    def test_an_undeclared_validator_has_no_declaration(self) -> None:
        """A validator that is not a declaration is not silently given a kind."""

        @attrs.frozen
        class Stray:
            value: int = attrs.field(validator=attrs.validators.instance_of(int))

        with pytest.raises(TypeError, match="'value' is not declared with a kind"):
            _declarations.declaration(attrs.fields(Stray).value)

    def test_declarations_say_what_they_check(self) -> None:
        """A declaration's name and repr say its kind, vocabulary or class."""
        assert _kinds.text.name == "text"
        assert (
            repr(_kinds.member_of(frozenset({"b", "a"})))
            == "<declaration member_of(a, b)>"
        )
        assert _kinds.tuple_of(MODEL_CLASSES[0]).name == "tuple_of(SourceSpanLink)"
        assert (
            _kinds.instance_of(MODEL_CLASSES[0]).name == "instance_of(SourceSpanLink)"
        )
        assert repr(_kinds.TEXT) == "<kind text>"


class TestModelClasses:
    """One tuple of the model classes feeds every table."""

    def test_the_union_type_holds_exactly_the_model_classes(self) -> None:
        """model.Model is the union of model.MODEL_CLASSES."""
        assert typing.get_args(Model) == MODEL_CLASSES

    def test_parts_come_before_wholes(self) -> None:
        """A class comes after every class its fields hold."""
        for position, cls in enumerate(MODEL_CLASSES):
            for _, declared in _declarations.declared_fields(cls):
                if declared.item is not None:
                    assert MODEL_CLASSES.index(declared.item) < position

    def test_every_table_covers_exactly_the_model_classes(self) -> None:
        """Encoders, decoders, strategies and schema definitions cover every class."""
        classes = set(MODEL_CLASSES)
        assert set(_ENCODERS) == classes
        assert set(_CLASSES.values()) == classes
        assert all(decoder(cls)[2] is cls for cls in classes)
        assert set(strategies.STRATEGIES) == classes
        assert set(_DEFINITIONS) == classes - {SemanticSymbolicBindingGraph}

    def test_the_hypothesis_hook_registers_every_model_class(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """setup_hook() registers a strategy for each of MODEL_CLASSES."""
        from hypothesis import strategies as st  # noqa: PLC0415

        registered: list[type] = []

        def register(cls: type, _strategy: object) -> None:
            registered.append(cls)

        monkeypatch.setattr(st, "register_type_strategy", register)
        _hypothesis_plugin.setup_hook()
        assert registered == list(MODEL_CLASSES)


class TestDerivedForms:
    """The encoders, decoders and schema follow the declarations."""

    def test_documents_hold_exactly_the_declared_fields(self) -> None:
        """Each object of a document has the declared fields, in order."""
        data = to_data(graph())
        names = [
            n for n, _ in _declarations.declared_fields(SemanticSymbolicBindingGraph)
        ]
        assert list(data) == ["format", "version", *names]
        for name, declared in _declarations.declared_fields(
            SemanticSymbolicBindingGraph
        ):
            item = typing.cast("type", declared.item)
            # The helpers' elements hold None where a field may be left out.
            expected = [
                n for n, d in _declarations.declared_fields(item) if not d.kind.omitted
            ]
            assert [list(element) for element in data[name]] == [expected] * len(
                data[name]
            )

    def test_schema_requires_exactly_the_declared_fields(self) -> None:
        """Every schema definition holds the fields declared, in order, and requires those a document may not leave out."""
        schema = json_schema()
        for cls, (name, _) in _DEFINITIONS.items():
            declared = _declarations.declared_fields(cls)
            fields = [n for n, _ in declared]
            required = [n for n, d in declared if not d.kind.omitted]
            assert schema["$defs"][name]["required"] == required
            assert list(schema["$defs"][name]["properties"]) == fields

    def test_documents_nest_as_deep_as_the_declarations_say(self) -> None:
        """Each decoder's depth limit follows from the nesting of its fields."""
        depths = {cls.__name__: decoder(cls)[1] for cls in MODEL_CLASSES}
        assert depths == {
            "SourceSpanLink": 1,
            "SymbolBinding": 2,
            "BoundFact": 2,
            "BoundEquation": 2,
            "BoundUnknown": 2,
            "BoundConstraint": 2,
            "SemanticSymbolicBindingGraph": 4,
        }

    def test_generated_functions_show_their_source_in_tracebacks(self) -> None:
        """The generated readers and writers keep their source in linecache."""
        source = inspect.getsource(_ENCODERS[MODEL_CLASSES[0]])
        assert source.splitlines(keepends=True)[:2] == [
            "def encode_SourceSpanLink(obj):\n",
            "    return {\n",
        ]


class TestFronts:
    """The public modules in front of private ones show only their API."""

    def test_dir_of_serialization_is_its_api(self) -> None:
        """dir(binding_graph.serialization) lists exactly its public names."""
        from binding_graph import serialization  # noqa: PLC0415

        assert dir(serialization) == sorted(serialization.__all__)

    @pytest.mark.parametrize(
        "build",
        [
            strategies.bound_facts,
            strategies.bound_equations,
            strategies.bound_unknowns,
            strategies.bound_constraints,
        ],
    )
    def test_elements_need_some_symbol_id_to_refer_to(self, build: Any) -> None:
        """An empty list of symbol ids is an InvalidArgument, said at once."""
        from hypothesis.errors import InvalidArgument  # noqa: PLC0415

        with pytest.raises(InvalidArgument, match="symbol_ids must not be empty"):
            build(symbol_ids=[])

    @pytest.mark.parametrize(
        "build",
        [
            strategies.bound_facts,
            strategies.bound_equations,
            strategies.bound_unknowns,
            strategies.bound_constraints,
        ],
    )
    def test_elements_refer_only_to_the_given_ids(self, build: Any) -> None:
        """Elements built for some symbol ids name only those ids."""
        from hypothesis import find  # noqa: PLC0415

        found = find(build(symbol_ids=["only"]), lambda _: True)
        names = {
            getattr(found, "symbol_id", None),
            getattr(found, "lhs_symbol_id", None),
        }
        assert names - {None} == {"only"}
        assert getattr(found, "dependencies", frozenset[str]()) <= {"only"}
