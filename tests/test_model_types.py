"""The rule of types: a wrong type anywhere is wrong_type, and a field holds exactly its built-in type."""

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
from binding_graph._declarations import declared_fields
from tests._helpers import (
    BUILDERS,
    MODEL_CLASSES,
    VALID_STRINGS,
    Offset,
    Text,
    assert_refusal,
    equation,
    graph,
    refusal,
    span,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn


class LooseText(str):
    """A str subclass whose equality differs from str's."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class Frozen(frozenset[str]):
    """A frozenset subclass that changes nothing."""

    __slots__ = ()


class Items(tuple[Any, ...]):
    """A tuple subclass that changes nothing."""

    __slots__ = ()


def _graph_field(field: str) -> tuple[Any, ...]:
    """Return a valid value of the graph's collection *field*."""
    value: tuple[Any, ...] = getattr(graph(), field)
    return value


# A field holds exactly the built-in type, so a subclass that changes nothing
# is refused as surely as one that lies: each kind of field, and how its
# refusal says to convert the value.
_SUBCLASSED: list[tuple[Callable[..., Any], str, object, str]] = [
    *(
        (BUILDERS[owner], field, Text(VALID_STRINGS[owner, field]), "str")
        for owner, field in VALID_STRINGS
    ),
    (span, "text", Text("Alice"), "str"),
    (span, "start", Offset(0), "int"),
    (span, "end", Offset(5), "int"),
    (equation, "dependencies", Frozen({"x", "y"}), "frozenset"),
    *(
        (graph, name, Items(_graph_field(name)), "tuple")
        for name, _ in declared_fields(SemanticSymbolicBindingGraph)
    ),
]


class TestSubclasses:
    """A field holds exactly its built-in type: a subclass is refused, and told how to convert."""

    @pytest.mark.parametrize(
        ("build", "field", "value", "base"),
        _SUBCLASSED,
        ids=[f"{build.__name__}.{field}" for build, field, _, _ in _SUBCLASSED],
    )
    def test_a_subclass_is_refused_with_its_conversion(
        self, build: Callable[..., Any], field: str, value: object, base: str
    ) -> None:
        """A subclass of a field's built-in type is wrong_type, and the message says how to convert it."""
        error = refusal(build, **{field: value})
        assert (error.code, error.path) == ("wrong_type", (field,))
        assert f"a subclass of {base}: convert it with {base}(value)" in error.message

    def test_a_refused_reason_of_a_subclass_is_refused(self) -> None:
        """A refusal reason that is a str subclass is wrong_type, whatever the status."""
        for status in ("refused", "admitted"):
            error = refusal(
                equation, admissibility_status=status, refusal_reason=Text("why")
            )
            assert (error.code, error.path) == ("wrong_type", ("refusal_reason",))

    def test_refusal_message_is_exact(self) -> None:
        """The refusal of a subclass names it, says how to convert it, and shows its value."""
        error = refusal(span, text=LooseText("Alice"))
        assert error.message == (
            "SourceSpanLink.text must be a str, not LooseText, a subclass of str:"
            " convert it with str(value) (got 'Alice')"
        )

    def test_a_member_of_a_subclass_is_refused(self) -> None:
        """A dependency that is a str subclass is wrong_type at the dependencies."""
        error = refusal(equation, dependencies=frozenset({LooseText("a")}))
        assert_refusal(error, "wrong_type", ("dependencies",), "BoundEquation")

    def test_an_item_of_a_subclass_is_refused_at_its_index(self) -> None:
        """An item of a tuple that is not exactly the element class is refused at its index."""
        fact_as_symbol: Any = (symbol(), graph().facts[0])
        error = refusal(graph, symbols=fact_as_symbol)
        assert (error.code, error.path) == ("wrong_type", ("symbols", 1))

    def test_a_bool_offset_is_refused_without_a_conversion(self) -> None:
        """A bool is no offset, and no int to convert: its refusal suggests nothing."""
        error = refusal(span, start=True)
        assert (
            error.message == "SourceSpanLink.start must be an int, not bool (got True)"
        )


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
    # A text outside the vocabulary is not_in_vocabulary, not a wrong type.
    "optional_member": _TEXT | {"none"},
    # A number of its range, a state's name, or nothing.
    "state_index": {"int", "str", "none"},
}
for _cls in MODEL_CLASSES:
    for _name, _declared in declared_fields(_cls):
        accepted = _ACCEPTED_BY_KIND.get(_declared.kind.name, _TEXT)
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
