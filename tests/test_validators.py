"""The field checks themselves: their fast paths, and their names.

Each check accepts the common value on a fast path, and takes any other on a
slow path that must meet the same rule: the tests of each rule feed both.
These check that common valid values never leave the fast path.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import binding_graph
from binding_graph import (
    BindingGraphError,
    BoundFact,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph._declarations import declared_fields
from tests._helpers import (
    BUILDERS,
    DECLARATIONS,
    MAX_OFFSET,
    MODEL_CLASSES,
    SLOW_PATHS,
    VALIDATORS,
    Offset,
    Text,
    constraint,
    equation,
    fact,
    graph,
    span,
    symbol,
    unknown,
    untyped,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import FrameType


@pytest.fixture
def slow_paths() -> Iterator[list[str]]:
    """Record the slow paths of the checks that the test reaches, by name.

    The validators hold their slow paths in closures, built at import, so
    they are watched as they run rather than replaced.
    """
    watched = frozenset(SLOW_PATHS)
    reached: list[str] = []

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        code = frame.f_code
        if event != "call" or code.co_filename != VALIDATORS.__file__:
            return
        name = code.co_name
        # Under mutation testing (tools/mutation.py) a function's body runs
        # as x_<name>__mutmut_<suffix>, called from a shared trampoline.
        if name.startswith("x_") and "__mutmut_" in name:
            name = name[2 : name.index("__mutmut_")]
        if name in watched:
            reached.append(name)

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield reached
    finally:
        sys.setprofile(previous)


def _every_fast_value() -> SemanticSymbolicBindingGraph:
    top = span(source_id="p2", start=MAX_OFFSET - 1, end=MAX_OFFSET, text="x")
    blank = span(start=0, end=3, text="   ")
    return graph(
        symbols=(
            symbol(symbol_id="x", entity="Alice", unit="apple", source_span=top),
            symbol(symbol_id="y", semantic_role="rate", source_span=blank),
            symbol(symbol_id="z"),
        ),
        facts=(fact(unit="apple"), fact(symbol_id="y")),
        equations=(
            equation(dependencies=frozenset({"x", "y"})),
            equation(
                lhs_symbol_id="y",
                dependencies=frozenset(),
                admissibility_status="refused",
                refusal_reason="units disagree",
            ),
        ),
        unknowns=(unknown(expected_unit="apple"), unknown(symbol_id="y")),
        constraints=(constraint(),),
        provenance=(top, blank),
    )


class TestFastPaths:
    """Common valid values are accepted without reaching a slow path."""

    def test_common_valid_values_take_only_fast_paths(
        self, slow_paths: list[str]
    ) -> None:
        """Every field of a common valid graph is accepted without a slow path."""
        built = _every_fast_value()
        assert built.equations[1].refusal_reason == "units disagree"
        assert attrs.evolve(built) == built
        assert slow_paths == []

    @pytest.mark.parametrize("offset", [0, 1, MAX_OFFSET - 1, MAX_OFFSET])
    def test_span_start_takes_every_valid_offset_on_its_fast_path(
        self, slow_paths: list[str], offset: int
    ) -> None:
        """span_start's fast path takes the whole range, 0 to 2**53 - 1 inclusive."""
        DECLARATIONS.span_start(span(), attrs.fields(SourceSpanLink).start, offset)
        assert slow_paths == []

    def test_common_valid_values_call_no_check_at_all(self) -> None:
        """Each class's compiled __init__ takes common valid values without calling a check.

        Its inlined fast tests accept them, so neither a field's validator
        nor anything else of the checks' module runs: a validator called
        anyway would give the same answer, only slower.
        """
        called: list[str] = []

        def profile(frame: FrameType, event: str, _arg: object) -> None:
            if event == "call" and frame.f_code.co_filename == VALIDATORS.__file__:
                called.append(frame.f_code.co_name)

        previous = sys.getprofile()
        sys.setprofile(profile)
        try:
            built = _every_fast_value()
            attrs.evolve(built)
        finally:
            sys.setprofile(previous)
        assert called == []

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda cls: cls.__name__)
    def test_every_slow_check_takes_what_the_fast_test_takes(self, cls: type) -> None:
        """The slow check of every field takes its valid value, as its fast test does.

        The two never disagree on what is valid: a slow check called on a
        valid value (by a caller that has not run the fast test) accepts it.
        """
        built: Any = BUILDERS[cls.__name__]()
        for name, declared in declared_fields(cls):
            value = getattr(built, name)
            site = VALIDATORS.Site(
                cls.__name__, name, (name,), built, declared.vocabulary, declared.item
            )
            declared.kind.check(value, site)

    def test_a_validator_called_on_a_valid_value_takes_its_own_fast_path(
        self, slow_paths: list[str]
    ) -> None:
        """A field's validator, called directly, accepts a valid value by its own fast test."""
        owner = symbol()
        for name, value in (("semantic_role", "entity"), ("name", "Ann")):
            attribute = getattr(attrs.fields(SymbolBinding), name)
            attribute.validator(owner, attribute, value)
        assert slow_paths == []

    def test_span_text_takes_ascii_text_on_its_fast_path(
        self, slow_paths: list[str]
    ) -> None:
        """span_text, called for its length, checks ASCII text without a slow path."""
        owner = span(start=0, end=2, text="ab")
        DECLARATIONS.span_text(owner, attrs.fields(SourceSpanLink).text, "ab")
        assert slow_paths == []

    @pytest.mark.parametrize(
        ("slow_path", "build"),
        [
            ("check_text", lambda: symbol(name="Café")),
            ("span_text", lambda: span(start=0, end=4, text="Café")),
            ("check_identifier", lambda: symbol(symbol_id="é")),
            ("member", lambda: symbol(semantic_role=Text("rate"))),
            ("many", lambda: graph(provenance=[span()])),
            ("one", lambda: symbol(source_span=untyped("p1:0-3"))),
            ("_offset", lambda: span(start=Offset(0))),
        ],
        ids=lambda value: value if isinstance(value, str) else "",
    )
    def test_the_fixture_sees_each_slow_path(
        self, slow_paths: list[str], slow_path: str, build: Callable[[], object]
    ) -> None:
        """The fixture above does see each slow path that a value takes."""
        with contextlib.suppress(BindingGraphError):
            build()
        assert slow_path in slow_paths


class TestNames:
    """The checks built for each field say what they check."""

    def test_validators_are_named_for_what_they_check(self) -> None:
        """The checks built per field carry names that say what they check."""
        checks: list[Any] = [
            attrs.fields(SymbolBinding).semantic_role.validator,
            attrs.fields(SemanticSymbolicBindingGraph).symbols.validator,
            attrs.fields(BoundFact).source_span.validator,
            attrs.fields(BoundFact).value.validator,
            attrs.fields(BoundFact).unit.validator,
            attrs.fields(BoundFact).symbol_id.validator,
        ]
        roles = ", ".join(sorted(binding_graph.SEMANTIC_ROLES))
        assert [check.name for check in checks] == [
            f"member_of({roles})",
            "tuple_of(SymbolBinding)",
            "instance_of(SourceSpanLink)",
            "text",
            "optional_text",
            "identifier",
        ]
