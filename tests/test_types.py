"""The rule of types: a wrong type anywhere is wrong_type; a subclass must keep its base's behaviour."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst
from binding_graph._fields import declared_fields
from tests._helpers import (
    BUILDERS,
    MAX_OFFSET,
    MODEL_CLASSES,
    VALID_STRINGS,
    Offset,
    Text,
    assert_refusal,
    equation,
    refusal,
    span,
    symbol,
)

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn


class UnhashableText(str):
    """A str subclass that gives up hashing: it cannot be a member of a set."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


class LooseText(str):
    """A str subclass whose equality differs from str's."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class LooseOffset(int):
    """An int subclass whose ordering differs from int's."""

    __slots__ = ()

    def __lt__(self, other: object) -> bool:
        raise RuntimeError


# Every method a subclass must keep: ids go into sets and are compared,
# offsets are ordered.
KEPT_METHODS = ("__eq__", "__ne__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__")


def _overriding(base: type, method: str) -> type:
    """Return a subclass of *base* that overrides *method* alone, keeping its result."""
    inherited = getattr(base, method)

    def override(self: object, *args: object) -> object:
        return inherited(self, *args)

    # Defining __eq__ alone would also set __hash__ to None: keep base's.
    namespace = {"__hash__": base.__hash__, method: override}
    return type(f"Own{method.strip('_').title()}", (base,), namespace)


class TestSubclasses:
    """A str or int subclass is accepted if it keeps its base's equality, hashing and ordering."""

    @pytest.mark.parametrize(("owner", "field"), list(VALID_STRINGS))
    def test_str_subclass_is_accepted(self, owner: str, field: str) -> None:
        """A str subclass is accepted as a str in every string field."""
        value = Text(VALID_STRINGS[owner, field])
        built = BUILDERS[owner](**{field: value})
        assert getattr(built, field) == value

    def test_str_subclass_is_accepted_as_span_text_and_refusal_reason(self) -> None:
        """A str subclass is accepted as verbatim span text and as a refusal reason."""
        assert span(text=Text("Alice")).text == "Alice"
        reason = Text("units disagree")
        refused = equation(admissibility_status="refused", refusal_reason=reason)
        assert refused.refusal_reason == reason

    def test_int_subclass_offsets_are_accepted(self) -> None:
        """A non-bool int subclass is an int: in range, it is a valid offset."""
        link = span(start=Offset(0), end=Offset(5))
        assert (link.start, link.end) == (0, 5)

    @pytest.mark.parametrize(
        ("fields", "code", "path"),
        [
            ({"start": Offset(-1)}, "invalid_span", ("start",)),
            ({"end": Offset(0)}, "invalid_span", ("end",)),
            ({"end": Offset(MAX_OFFSET + 1)}, "invalid_span", ("end",)),
        ],
    )
    def test_int_subclass_offsets_out_of_range_are_refused(
        self, fields: dict[str, object], code: str, path: tuple[str | int, ...]
    ) -> None:
        """A non-bool int subclass out of range is an invalid_span, not a wrong_type."""
        error = refusal(span, **fields)
        assert_refusal(error, code, path, "SourceSpanLink")

    def test_int_subclass_offsets_reach_the_largest_offset(self) -> None:
        """Int subclass offsets are accepted up to 2**53 - 1 inclusive, as ints are."""
        link = span(start=Offset(MAX_OFFSET - 1), end=Offset(MAX_OFFSET), text="x")
        assert (link.start, link.end) == (MAX_OFFSET - 1, MAX_OFFSET)

    def test_int_subclass_start_at_the_largest_offset_refuses_the_end(self) -> None:
        """A start of 2**53 - 1 is a valid offset: it is the end that cannot follow."""
        error = refusal(span, start=Offset(MAX_OFFSET), end=MAX_OFFSET, text="x")
        assert (error.code, error.path) == ("invalid_span", ("end",))

    @pytest.mark.parametrize(
        "kind", [UnhashableText, LooseText], ids=lambda k: k.__name__
    )
    @pytest.mark.parametrize(("owner", "field"), list(VALID_STRINGS))
    def test_str_subclass_that_changes_equality_or_hashing_is_refused(
        self, kind: type[str], owner: str, field: str
    ) -> None:
        """A str subclass that changes equality or hashing is a wrong_type, anywhere."""
        error = refusal(BUILDERS[owner], **{field: kind(VALID_STRINGS[owner, field])})
        assert_refusal(error, "wrong_type", (field,), owner)
        assert "keep str's equality and hashing" in error.message

    def test_int_subclass_that_changes_ordering_is_refused(self) -> None:
        """An int subclass that changes ordering is a wrong_type, not a crash."""
        error = refusal(span, start=LooseOffset(0))
        assert_refusal(error, "wrong_type", ("start",), "SourceSpanLink")

    @pytest.mark.parametrize("method", KEPT_METHODS)
    def test_str_subclass_overriding_any_kept_method_is_refused(
        self, method: str
    ) -> None:
        """A str subclass that overrides any one comparison or hashing method is refused."""
        error = refusal(symbol, symbol_id=_overriding(str, method)("x"))
        assert_refusal(error, "wrong_type", ("symbol_id",), "SymbolBinding")

    @pytest.mark.parametrize("method", KEPT_METHODS)
    def test_int_subclass_overriding_any_kept_method_is_refused(
        self, method: str
    ) -> None:
        """An int subclass that overrides any one comparison or hashing method is refused."""
        error = refusal(span, end=_overriding(int, method)(5))
        assert_refusal(error, "wrong_type", ("end",), "SourceSpanLink")

    def test_dependencies_refuse_a_member_that_changes_equality(self) -> None:
        """A dependency whose equality differs from str's is a wrong_type."""
        error = refusal(equation, dependencies=frozenset({LooseText("a")}))
        assert_refusal(error, "wrong_type", ("dependencies",), "BoundEquation")


_KINDS: dict[str, st.SearchStrategy[Any]] = {
    "none": st.none(),
    "bool": st.booleans(),
    "int": st.integers(),
    "float": st.floats(),
    "complex": st.complex_numbers(),
    "str": st.text(max_size=5),
    "bytes": st.binary(max_size=5),
    "list": st.lists(st.text(max_size=3), max_size=3),
    "tuple_of_junk": st.tuples(st.integers() | st.text(max_size=3) | st.none()),
    "set": st.sets(st.text(max_size=3), max_size=3),
    "frozenset_of_junk": st.frozensets(
        st.integers() | st.none() | st.binary(), min_size=1
    ),
    "dict": st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    "object": st.builds(object),
    "span": st.builds(
        SourceSpanLink, st.just("p"), st.just(0), st.just(1), st.just("x")
    ),
    "symbol": bgst.symbol_bindings(),
}

# Which kinds a field accepts; every other kind must be refused as wrong_type.
_TEXT = {"str"}
_ACCEPTS: dict[tuple[type[Any], str], set[str]] = {}
# What each kind of field accepts of the kinds above, as its declaration says.
_ACCEPTED_BY_KIND: dict[str, set[str]] = {
    "start": {"int"},
    "end": {"int"},
    "object": {"span"},
    "identifiers": set(),  # a frozenset of junk is refused member by member
    "objects": set(),  # a tuple of junk is refused item by item
    "optional_text": _TEXT | {"none"},
    "refusal_reason": _TEXT | {"none"},
}
for _cls in MODEL_CLASSES:
    for _name, _declared in declared_fields(_cls):
        accepted = _ACCEPTED_BY_KIND.get(_declared.kind, _TEXT)
        _ACCEPTS[_cls, _name] = set(accepted)

_EXAMPLES: dict[type[Any], st.SearchStrategy[Any]] = {
    SourceSpanLink: bgst.source_spans(),
    SymbolBinding: bgst.symbol_bindings(),
    BoundFact: bgst.bound_facts(),
    BoundEquation: bgst.bound_equations(),
    BoundUnknown: bgst.bound_unknowns(),
    BoundConstraint: bgst.bound_constraints(),
    SemanticSymbolicBindingGraph: bgst.graphs(max_symbols=3),
}


@st.composite
def wrongly_typed(draw: DrawFn) -> tuple[Any, str, Any]:
    """Draw a valid object, one of its fields, and a value of a wrong type."""
    cls, field = draw(
        st.sampled_from(sorted(_ACCEPTS, key=lambda k: (k[0].__name__, k[1])))
    )
    kinds = sorted(set(_KINDS) - _ACCEPTS[cls, field])
    value = draw(st.one_of([_KINDS[kind] for kind in kinds]))
    return draw(_EXAMPLES[cls]), field, value


class TestWrongTypes:
    """A value of a wrong type is refused as wrong_type, in any field of any class."""

    @given(wrongly_typed())
    def test_any_wrong_type_in_any_field_refuses_as_wrong_type(
        self,
        case: tuple[Any, str, Any],
    ) -> None:
        """A value of a wrong type, in any field, is refused as wrong_type there."""
        obj, field, value = case
        with pytest.raises(BindingGraphError) as info:
            attrs.evolve(obj, **{field: value})
        assert info.value.code == "wrong_type"
        assert info.value.path[0] == field
