"""Tests of the compiled ``__init__``: the validators' fast tests inlined, the validators' verdicts."""

from __future__ import annotations

import inspect
import itertools
import linecache
from typing import Any

import attrs
import pytest

from binding_graph import (
    BindingGraphError,
    _checks,
    _declarations,
    _kinds,
    _model_class,
)
from binding_graph.model import (
    MODEL_CLASSES,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
)
from tests._helpers import (
    constraint,
    equation,
    fact,
    graph,
    span,
    symbol,
    unknown,
)


class Text(str):
    """A str subclass that changes nothing: refused, by the slow check."""

    __slots__ = ()


class Offset(int):
    """An int subclass that changes nothing: refused, by the slow check."""

    __slots__ = ()


def _valid_fields(cls: type) -> dict[str, Any]:
    built = {
        "SourceSpanLink": span,
        "SymbolBinding": symbol,
        "BoundFact": fact,
        "BoundEquation": equation,
        "BoundUnknown": unknown,
        "BoundConstraint": constraint,
        "SemanticSymbolicBindingGraph": graph,
    }[cls.__name__]()
    return {a.name: getattr(built, a.name) for a in attrs.fields(cls)}


# Values near each kind of field's boundaries, valid and not.
_TEXTS: tuple[object, ...] = (
    *("x", "Alice", "", " ", "\t", "é", "\ud800", "a\ud800", Text("x"), Text("")),
    *(None, 1),
)
_POOLS: dict[str, tuple[object, ...]] = {
    "text": _TEXTS,
    "optional_text": _TEXTS,
    "identifier": ("x", "y", "z", "w", "é", "Ⅸ", "class", "x y", "", Text("x"), 1),
    "member": (
        *("rate", "quantity", "bogus", "admitted", "pending", "refused", ""),
        *(" ", Text("rate"), Text("refused"), None),
    ),
    "start": (0, 1, 4, -1, 2**53 - 1, 2**53, True, Offset(1), 1.0, None),
    "end": (0, 1, 4, 5, 2**53 - 1, 2**53, True, Offset(5), 5.0, None),
    "span_text": ("Alice", "", "x", "     ", "Zoë's", "é", "\ud800", Text("Alice"), 5),
    "refusal_reason": (None, "why", "", " ", "é", "\ud800", Text("why"), 1),
    "optional_member": (
        *(None, "count", "difference", "identity", "bogus", "", " "),
        *(Text("count"), "\ud800", 1),
    ),
    "state_index": (
        *(None, "initial", "terminal", 0, 1, 5, 2**53 - 1, 2**53, -1),
        *(True, "bogus", "", Text("initial"), 1.0, Offset(1)),
    ),
    "identifiers": (
        *(frozenset({"x", "y"}), frozenset[str](), frozenset({"class"})),
        *(frozenset({1}), frozenset({"é"}), frozenset({Text("x")}), {"x"}, ["x"], None),
    ),
    "object": (span(), span(text="     "), span(start=1, end=6), symbol(), None, "x"),
}
_ITEMS: dict[str, tuple[object, ...]] = {
    "symbols": (
        *((), (symbol(),), [symbol()], (symbol(), symbol())),
        *((symbol(symbol_id="w"),), (symbol(), symbol(symbol_id="w")), (fact(),)),
    ),
    "facts": ((), (fact(),), (fact(symbol_id="w"),), [fact()], (span(),)),
    "equations": ((), (equation(),), (equation(lhs_symbol_id="w"),), (fact(),)),
    "unknowns": (
        *((), (unknown(),), (unknown(symbol_id="w"),), None),
        *((unknown(state_index=0),), (unknown(state_index=1),)),
    ),
    "constraints": ((), (constraint(),), (constraint(symbol_id="w"),), "x"),
    "provenance": ((), (span(),), (span(), span()), [span()], (symbol(),)),
}


def _pool(cls: type, name: str) -> tuple[object, ...]:
    declared = _declarations.declaration(getattr(attrs.fields(cls), name))
    if declared.kind is _kinds.OBJECTS:
        return _ITEMS[name]
    return _POOLS[declared.kind.name]


def _changes(cls: type) -> list[dict[str, object]]:
    """Every change of one or two fields (three for a span) to a value of their pools."""
    names = [a.name for a in attrs.fields(cls)]
    most = 3 if cls is SourceSpanLink else 2  # a span's rules cross three fields
    changes: list[dict[str, object]] = []
    for size in range(1, most + 1):
        for chosen in itertools.combinations(names, size):
            pools = [_pool(cls, name) for name in chosen]
            changes += [
                dict(zip(chosen, values, strict=True))
                for values in itertools.product(*pools)
            ]
    return changes


def _by_the_validators(cls: type, values: dict[str, Any]) -> object:
    """Build as attrs orders it: set every field, run each validator, then the post-init."""
    make: Any = object.__new__
    obj: Any = make(cls)
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    try:
        for attribute in attrs.fields(cls):
            validator: Any = attribute.validator
            validator(obj, attribute, values[attribute.name])
        if cls is SemanticSymbolicBindingGraph:
            obj.__attrs_post_init__()
    except BindingGraphError as exc:
        return (exc.code, exc.path, exc.message)
    return obj


def _by_init(cls: type, values: dict[str, Any]) -> object:
    try:
        return cls(**values)
    except BindingGraphError as exc:
        return (exc.code, exc.path, exc.message)


class TestVerdicts:
    """The compiled __init__ accepts and refuses exactly as the validators do."""

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_same_object_or_same_refusal(self, cls: type) -> None:
        """Every change near the fields' boundaries gives an equal object, or the same refusal."""
        valid = _valid_fields(cls)
        outcomes: list[bool] = []
        for changes in _changes(cls):
            values = {**valid, **changes}
            built = _by_init(cls, values)
            assert built == _by_the_validators(cls, values), changes
            outcomes.append(isinstance(built, cls))
        # Both sides of the boundary are reached.
        assert True in outcomes
        assert False in outcomes

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_valid_fields_build_the_same_object(self, cls: type) -> None:
        """The builders' valid fields give the object the validators accept."""
        values = _valid_fields(cls)
        built = _by_init(cls, values)
        assert isinstance(built, cls)
        assert built == _by_the_validators(cls, values)


class TestSignatures:
    """The compiled __init__ takes what attrs' would: names, order, defaults, keywords."""

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_parameters_follow_the_fields(self, cls: type) -> None:
        """One parameter per field, in order, keyword-only where the field is."""
        parameters = list(inspect.signature(cls).parameters.values())
        expected = [
            (
                a.name,
                inspect.Parameter.KEYWORD_ONLY
                if a.kw_only
                else inspect.Parameter.POSITIONAL_OR_KEYWORD,
                inspect.Parameter.empty if a.default is attrs.NOTHING else a.default,
                a.type,
            )
            for a in attrs.fields(cls)
        ]
        assert [
            (p.name, p.kind, p.default, p.annotation) for p in parameters
        ] == expected

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_init_returns_none_and_says_what_it_does(self, cls: type) -> None:
        """The __init__ is annotated to return None, as attrs' is, and has a docstring."""
        init = vars(cls)["__init__"]
        assert inspect.signature(init).return_annotation is None
        assert init.__doc__ == f"Build and check a {cls.__name__}; see the class."

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_source_and_name_show_in_tracebacks(self, cls: type) -> None:
        """The compiled __init__ keeps its source in linecache, under its class's name."""
        init: Any = vars(cls)["__init__"]
        assert init.__qualname__ == f"{cls.__qualname__}.__init__"
        lines = linecache.getlines(init.__code__.co_filename)
        assert lines[0].startswith("def __init__(self, ")

    def test_the_validators_stay_on_the_fields(self) -> None:
        """attrs.validate runs the fields' validators on a built object."""
        built = span()
        attrs.validate(built)
        assert attrs.fields(type(built)).start.validator is not None


def _accept(value: object, site: _checks.Site) -> None:
    """Accept anything: a slow check that never refuses."""


def _kind(fast: str) -> _declarations.Kind:
    """Return a kind of field with the fast test *fast*, whose slow check accepts anything."""
    return attrs.evolve(_kinds.TEXT, name="test", fast=fast, check=_accept)


class TestTemplates:
    """A fast test may read only the fields before its own."""

    def test_a_test_that_reads_a_later_field_is_refused(self) -> None:
        """Making a model class whose fast test reads a later field raises ValueError."""
        reads_later = _declarations.Declaration(_kind("{value} == {later}"))

        with pytest.raises(
            ValueError, match=r"^Early\.first's fast test reads a later field$"
        ):

            @_model_class.model_class(kw_only=False)
            class Early:
                first: object = attrs.field(validator=reads_later)
                later: object = attrs.field(validator=reads_later)

    def test_a_field_left_out_when_none_may_not_come_first(self) -> None:
        """A field documents leave out when None is never the first key: its comma needs a key before it."""
        left_out = _kinds.optional_member_of(frozenset({"a"}))

        with pytest.raises(
            ValueError,
            match=r"^First\.alpha may be left out, so it cannot come first$",
        ):

            @_model_class.model_class(kw_only=False)
            class First:
                zeta: object = attrs.field(validator=_kinds.text)
                alpha: object = attrs.field(default=None, validator=left_out)

    def test_a_test_may_read_an_earlier_field(self) -> None:
        """A fast test that reads an earlier field compiles, and runs with it: only a failing field's check runs."""
        seen: list[object] = []

        def check(value: object, _site: _checks.Site) -> None:
            seen.append(value)

        not_empty = _declarations.Declaration(
            attrs.evolve(_kind("{value} != ''"), check=check)
        )
        same = _declarations.Declaration(
            attrs.evolve(_kind("{value} == {first}"), check=check)
        )

        @_model_class.model_class(kw_only=False)
        class Late:
            first: object = attrs.field(validator=not_empty)
            second: object = attrs.field(validator=same)

        assert Late("a", "a") == Late("a", "a")
        assert seen == []
        Late("a", "b")
        assert seen == ["b"]
