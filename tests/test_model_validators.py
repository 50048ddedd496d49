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
from hypothesis import given
from hypothesis import strategies as st

import binding_graph
from binding_graph import (
    BindingGraphError,
    BoundEquation,
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

    def test_accented_and_other_scripts_take_only_fast_paths(
        self, slow_paths: list[str]
    ) -> None:
        """Text and identifiers in accented letters and other scripts are accepted without a slow path."""
        problem = span(source_id="π", start=0, end=17, text="Zoë a 3 pommes. ?")
        built = graph(
            symbols=(
                symbol(
                    symbol_id="pommes_de_zoë",
                    name="pommes de Zoë",
                    entity="Zoë",
                    source_span=problem,
                ),
                symbol(symbol_id="ягоды", name="ягоды", unit="яблоко"),
                symbol(symbol_id="z", name="苹果", unit="个"),
            ),
            facts=(fact(symbol_id="pommes_de_zoë", unit="pomme"),),
            equations=(equation(dependencies=frozenset({"pommes_de_zoë", "ягоды"})),),
            constraints=(constraint(symbol_id="ягоды", predicate="ягоды ≥ 0"),),
            provenance=(problem,),
        )
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
            ("check_text", lambda: symbol(name="Café\n")),
            ("span_text", lambda: span(start=0, end=5, text="Café\n")),
            ("check_identifier", lambda: symbol(symbol_id="\uff58")),
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


# Text that stresses the fast tests: letters of every script, accents as
# marks, whitespace, controls, format characters and lone surrogates.
_ANY_TEXT = st.text(
    st.characters(
        categories=["Lu", "Ll", "Lo", "Mn", "Nd", "Zs", "Zl", "Cc", "Cf", "Cs"]
    )
    | st.sampled_from("_ é\u0301\uff58\u2028\n"),
    max_size=8,
)


class TestFastTestsAgainstSlowChecks:
    """A fast test takes only what its field's slow check takes: the slow check is the rule."""

    @pytest.mark.parametrize(
        ("cls", "name"),
        [
            (cls, name)
            for cls in MODEL_CLASSES
            for name, declared in declared_fields(cls)
            if declared.kind.name
            in {"text", "optional_text", "identifier", "member", "refusal_reason"}
        ],
        ids=lambda value: value if isinstance(value, str) else value.__name__,
    )
    @given(text=_ANY_TEXT)
    def test_what_a_fast_test_takes_its_check_takes(
        self, cls: type, name: str, text: str
    ) -> None:
        """Any text the fast test takes, the slow check takes too, for every text field."""
        declared = dict(declared_fields(cls))[name]
        owner = BUILDERS[cls.__name__]()
        if declared._accepts(owner, text):  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
            site = VALIDATORS.Site(
                cls.__name__, name, (name,), owner, declared.vocabulary
            )
            declared.kind.check(text, site)

    @given(text=_ANY_TEXT)
    def test_what_a_span_text_fast_test_takes_its_check_takes(self, text: str) -> None:
        """Any text of the span's width that its fast test takes, the slow check takes too."""
        declared = dict(declared_fields(SourceSpanLink))["text"]
        owner = span(start=3, end=3 + max(len(text), 1), text="x" * max(len(text), 1))
        if declared._accepts(owner, text):  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
            site = VALIDATORS.Site("SourceSpanLink", "text", ("text",), owner)
            declared.kind.check(text, site)

    @given(members=st.frozensets(_ANY_TEXT, max_size=3))
    def test_what_a_set_of_ids_fast_test_takes_its_check_takes(
        self, members: frozenset[str]
    ) -> None:
        """Any set of ids that the fast test takes, the slow check takes too."""
        declared = dict(declared_fields(BoundEquation))["dependencies"]
        if declared._accepts(None, members):  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
            site = VALIDATORS.Site("BoundEquation", "dependencies", ("dependencies",))
            declared.kind.check(members, site)
