"""The public strategies build valid values, and from_type finds them."""

from __future__ import annotations

import json
import unicodedata
from keyword import iskeyword
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph import (
    ADMISSIBILITY_STATUSES,
    REFUSAL_CODES,
    SEMANTIC_ROLES,
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    dumps,
    errors,
    from_data,
    loads,
    refusals,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.strategies import _numbers
from tests._helpers import (
    BREAK_ONE_RULE,
    HYPOTHESIS_HOOK,
    MODEL_CLASSES,
    graph,
    installed_distribution,
    span,
    symbol,
)
from tests._oracles import (
    Bin,
    Neg,
    Num,
    Tree,
    oracle_canonical,
    oracle_cycles,
    oracle_determined,
    oracle_expression,
    oracle_number,
    oracle_predicate,
    oracle_symbols,
    within_limits,
)

if TYPE_CHECKING:
    import importlib.metadata
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn

_T = TypeVar("_T")


@pytest.fixture(scope="class")
def entry_point() -> importlib.metadata.EntryPoint:
    """The package's installed ``hypothesis`` entry point; without it, the test fails.

    Hypothesis finds the package's strategies through it alone: without it,
    st.from_type() would build values from the fields' types and fail on the
    first refusal, which does not say why.
    """
    points = [
        point
        for point in installed_distribution().entry_points
        if point.group == "hypothesis" and point.name == "binding_graph"
    ]
    if not points:
        pytest.fail(
            "the installed binding-graph has no hypothesis entry point: install"
            " it again from this checkout",
            pytrace=False,
        )
    return points[0]


@pytest.mark.usefixtures("entry_point")
class TestFromType:
    """With the package installed, st.from_type() builds valid values of every model class."""

    def test_the_entry_point_names_the_hook(
        self, entry_point: importlib.metadata.EntryPoint
    ) -> None:
        """The installed entry point names the package's hook, which Hypothesis ran."""
        assert entry_point.value == (
            f"{HYPOTHESIS_HOOK.__module__}:{HYPOTHESIS_HOOK.__name__}"
        )
        assert entry_point.load() is HYPOTHESIS_HOOK

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    @given(data=st.data())
    def test_from_type_builds_valid_instances(
        self, cls: type[Any], data: st.DataObject
    ) -> None:
        """st.from_type() of every model class gives instances that rebuild equal."""
        value = data.draw(st.from_type(cls))
        assert type(value) is cls
        assert type(value)(**attrs.asdict(value, recurse=False)) == value

    @given(st.from_type(SemanticSymbolicBindingGraph))
    def test_from_type_graphs_round_trip(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """A graph from st.from_type() survives the canonical JSON round trip."""
        assert loads(dumps(graph)) == graph


# Each strategy of graphs, and bounds to draw with that differ from its defaults.
_BOUNDED: Final = [
    (
        bgst.graphs,
        {
            "min_symbols": 2,
            "max_symbols": 3,
            "max_facts": 2,
            "max_equations": 2,
            "max_unknowns": 1,
            "max_constraints": 1,
            "max_provenance": 1,
        },
    ),
    (
        bgst.arithmetic_graphs,
        {
            "min_symbols": 4,
            "max_symbols": 5,
            "max_facts": 1,
            "max_equations": 1,
            "max_unknowns": 1,
            "max_constraints": 1,
            "max_provenance": 1,
        },
    ),
]


def _starts_blank(text: str) -> bool:
    return text[0].isspace()


def _ends_blank(text: str) -> bool:
    return text[-1].isspace()


def _starts_with_a_control(text: str) -> bool:
    return unicodedata.category(text[0]) == "Cc"


class TestGraphs:
    """graphs(), arithmetic_graphs() and identifiers() draw valid values within the bounds they are given."""

    @pytest.mark.parametrize(
        ("strategy", "bounds"),
        _BOUNDED,
        ids=[strategy.__name__ for strategy, _ in _BOUNDED],
    )
    @given(data=st.data())
    def test_graph_sizes_follow_the_bounds(
        self,
        strategy: Callable[..., st.SearchStrategy[SemanticSymbolicBindingGraph]],
        bounds: dict[str, int],
        data: st.DataObject,
    ) -> None:
        """graphs() and arithmetic_graphs() keep every collection within the bounds they were given."""
        graph = data.draw(strategy(**bounds))
        assert bounds["min_symbols"] <= len(graph.symbols) <= bounds["max_symbols"]
        assert len(graph.facts) <= bounds["max_facts"]
        assert len(graph.equations) <= bounds["max_equations"]
        assert len(graph.unknowns) <= bounds["max_unknowns"]
        assert len(graph.constraints) <= bounds["max_constraints"]
        assert len(graph.provenance) <= bounds["max_provenance"]

    @pytest.mark.parametrize(
        "strategy",
        [bgst.graphs, bgst.arithmetic_graphs],
        ids=lambda strategy: strategy.__name__,
    )
    @given(data=st.data())
    def test_a_graph_without_symbols_refers_to_nothing(
        self,
        strategy: Callable[..., st.SearchStrategy[SemanticSymbolicBindingGraph]],
        data: st.DataObject,
    ) -> None:
        """With no symbols, graphs() and arithmetic_graphs() draw no element that would need one."""
        graph = data.draw(strategy(max_symbols=0))
        assert not graph.symbols
        assert not graph.facts
        assert not graph.equations
        assert not graph.unknowns
        assert not graph.constraints

    @given(bgst.identifiers())
    def test_identifiers_are_valid_symbol_ids(self, symbol_id: str) -> None:
        """identifiers() only draws ids that SymbolBinding accepts."""
        span = SourceSpanLink("p", 0, 1, "x")
        symbol = SymbolBinding(
            symbol_id=symbol_id,
            name="x",
            semantic_role="entity",
            source_span=span,
            introduced_by="t",
        )
        assert symbol.symbol_id == symbol_id

    # Short texts: a drawn text is often blank, and made not blank.
    @given(bgst.texts(max_size=2))
    def test_texts_are_required_texts(self, text: str) -> None:
        """texts() draws texts that a required field takes: neither empty nor blank, within its bounds."""
        assert 1 <= len(text) <= 2
        assert not text.isspace()
        assert SourceSpanLink(text, 0, 1, "x").source_id == text

    @pytest.mark.parametrize(
        ("kind", "wanted"),
        [
            ("leading white space", _starts_blank),
            ("trailing white space", _ends_blank),
            ("a control character first", _starts_with_a_control),
        ],
    )
    def test_texts_begin_and_end_with_any_character(
        self, kind: str, wanted: Callable[[str], bool]
    ) -> None:
        """A required text is not blank, but may begin or end with white space or a control character."""
        text = find(
            bgst.texts(),
            wanted,
            # The first text found will do: shrinking it would only cost time.
            settings=settings(
                max_examples=2000, database=None, phases=[Phase.generate]
            ),
        )
        assert wanted(text), kind
        assert not text.isspace()


_NASTY = frozenset('"\\\n\r\t\x00\x1f\x7f =[]{}:,\u2028\u2029\ufeff')


def _spans(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Return every span of *document*: its elements', then its provenance."""
    spans: list[dict[str, Any]] = [
        element[attribute]
        for field, attribute in (
            ("symbols", "source_span"),
            ("facts", "source_span"),
            ("equations", "source_span"),
            ("unknowns", "question_span"),
            ("constraints", "source_span"),
        )
        for element in document[field]
    ]
    spans.extend(document["provenance"])
    return spans


_SPAN_KINDS: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
    (
        "nasty-beside-astral",
        lambda s: bool(_NASTY & set(s["text"])) and max(map(ord, s["text"])) > 0xFFFF,
    ),
    ("two-nasty", lambda s: len(_NASTY & set(s["text"])) >= 2),
    ("white-space-alone", lambda s: s["text"].isspace()),
    ("widest", lambda s: len(s["text"]) == 24),
    ("past-2**32", lambda s: s["start"] > 2**32),
]


class TestGraphDocuments:
    """graph_documents() draws documents that read back."""

    @given(bgst.graph_documents())
    def test_graph_documents_are_valid(self, document: dict[str, Any]) -> None:
        """graph_documents() draws documents that read back and write out equal."""
        graph = from_data(document)
        assert from_data(to_data(graph)) == graph
        for written, drawn in zip(
            to_data(graph)["equations"], document["equations"], strict=True
        ):
            assert sorted(drawn["dependencies"]) == written["dependencies"]

    @pytest.mark.parametrize(
        ("kind", "wanted"), _SPAN_KINDS, ids=[k for k, _ in _SPAN_KINDS]
    )
    def test_graph_documents_draw_every_kind_of_span(
        self, kind: str, wanted: Callable[[dict[str, Any]], bool]
    ) -> None:
        """Spans quote characters that stress encoders beside any others, white space alone, the widest texts, and start anywhere."""
        document = find(
            bgst.graph_documents(),
            lambda d: any(map(wanted, _spans(d))),
            # The first document found will do: shrinking it would only cost time.
            settings=settings(
                max_examples=2000, database=None, phases=[Phase.generate]
            ),
        )
        assert any(map(wanted, _spans(document))), kind
        assert to_data(from_data(document))["provenance"] == document["provenance"]


def max_int(tree: object) -> int:
    """Return the largest int in a JSON-like *tree* (0 if there is none)."""
    if isinstance(tree, dict):
        return max(map(max_int, tree.values()), default=0)  # pyright: ignore[reportUnknownArgumentType]
    if isinstance(tree, list):
        return max(map(max_int, tree), default=0)  # pyright: ignore[reportUnknownArgumentType]
    return tree if type(tree) is int else 0


def _dependencies_hold(document: dict[str, Any], wanted: Callable[[str], bool]) -> bool:
    return any(
        wanted(member)
        for equation in document["equations"]
        for member in equation["dependencies"]
    )


def _sources_quoted_twice(document: dict[str, Any]) -> int:
    sources = [span["source_id"] for span in document["provenance"]]
    return len(sources) - len(set(sources))


def _known_ids(document: dict[str, Any]) -> set[str]:
    return {symbol["symbol_id"] for symbol in document["symbols"]}


_VARIANTS: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
    (
        "invalid_identifier",
        lambda d: _dependencies_hold(d, lambda m: not m.isidentifier() or iskeyword(m)),
    ),
    (
        "invalid_identifier",
        lambda d: (
            not _dependencies_hold(d, lambda m: not m.isidentifier() or iskeyword(m))
        ),
    ),
    (
        "not_in_vocabulary",
        lambda d: any(
            e["admissibility_status"] not in ADMISSIBILITY_STATUSES
            for e in d["equations"]
        ),
    ),
    (
        "not_in_vocabulary",
        lambda d: any(s["semantic_role"] not in SEMANTIC_ROLES for s in d["symbols"]),
    ),
    (
        "unknown_symbol",
        lambda d: _dependencies_hold(d, lambda m: m not in _known_ids(d)),
    ),
    (
        "unknown_symbol",
        lambda d: any(f["symbol_id"] not in _known_ids(d) for f in d["facts"]),
    ),
    (
        "unknown_symbol",
        lambda d: any(u["symbol_id"] not in _known_ids(d) for u in d["unknowns"]),
    ),
    ("malformed_document", lambda d: d["format"] != "binding-graph"),
    ("malformed_document", lambda d: d["format"] == "binding-graph"),
    # A provenance span that misquotes another provenance span, or an element's.
    ("span_text_mismatch", lambda d: _sources_quoted_twice(d) > 0),
    ("span_text_mismatch", lambda d: _sources_quoted_twice(d) == 0),
]


def _under_provenance() -> dict[str, Any]:
    """Return a valid document of one symbol whose one provenance span covers where a span drawn at its simplest lies, and quotes otherwise.

    Such a span is in source ``"0"``, from 0, and quotes ``"0"``; the
    provenance quotes ``"x"`` there.
    """
    provenance = span(source_id="0", start=0, end=24, text="x" * 24)
    return to_data(
        graph(
            symbols=(symbol(),),
            facts=(),
            equations=(),
            unknowns=(),
            constraints=(),
            provenance=(provenance,),
        )
    )


def _simplest(strategy: st.SearchStrategy[_T], label: object = None) -> _T:  # noqa: ARG001 -- as a draw is called
    """Draw the simplest value of *strategy*: the one Hypothesis shrinks every value to."""
    return find(
        strategy,
        lambda _: True,
        settings=settings(database=None, phases=[Phase.generate, Phase.shrink]),
    )


def _moved(document: dict[str, Any]) -> list[str]:
    """Return the source ids of *document*'s elements' spans that were moved out of source ``"0"``."""
    return [s["source_id"] for s in _spans(document) if s["source_id"].startswith("0#")]


class TestInvalidGraphDocuments:
    """invalid_graph_documents() draws documents with one rule broken, refused with its code."""

    def test_invalid_documents_cover_every_code_a_document_can_cause(self) -> None:
        """INVALID_DOCUMENT_CODES is every refusal code but the allocator's, the analysis', the arithmetic's, the units', the datasets', the drafts', the strict profile's and the profile for model output's."""
        assert (
            REFUSAL_CODES
            - errors.ALLOCATION_CODES
            - errors.ANALYSIS_CODES
            - errors.ARITHMETIC_CODES
            - errors.UNIT_CODES
            - errors.DATASET_CODES
            - errors.DRAFT_CODES
            - errors.STRICT_CODES
            - errors.TRUST_CODES
            == bgst.INVALID_DOCUMENT_CODES
        )

    @pytest.mark.parametrize("code", sorted(bgst.INVALID_DOCUMENT_CODES))
    # Few examples per code: the test below draws every code, as many as the
    # profile asks for.
    @settings(max_examples=25)
    @given(data=st.data())
    def test_each_invalid_document_refuses_with_its_code(
        self, code: str, data: st.DataObject
    ) -> None:
        """Every code's invalid documents refuse with exactly it, tree or JSON text."""
        document, expected = data.draw(bgst.invalid_graph_documents(codes=[code]))
        assert expected == code
        with pytest.raises(BindingGraphError) as info:
            from_data(document)
        assert info.value.code == code
        # As text, a lone surrogate stays a str (in bytes it would not be UTF-8),
        # and an offset past 2**53 - 1 is refused while parsing, before any span.
        text = json.dumps(document, ensure_ascii=False)
        with pytest.raises(BindingGraphError) as info:
            loads(text)
        beyond_json = code == "invalid_span" and max_int(document) > 2**53 - 1
        assert info.value.code == ("malformed_document" if beyond_json else code)

    @given(bgst.invalid_graph_documents())
    def test_invalid_documents_refuse_with_exactly_their_code(
        self,
        case: tuple[dict[str, Any], str],
    ) -> None:
        """Every pair invalid_graph_documents() draws is refused with its code."""
        document, code = case
        with pytest.raises(BindingGraphError) as info:
            from_data(document)
        assert info.value.code == code

    @pytest.mark.parametrize("code", ["refusal_reason_required", "duplicate_symbol_id"])
    def test_an_element_added_to_break_a_rule_misquotes_no_provenance(
        self, code: str
    ) -> None:
        """An element added to break a rule in, drawn inside a provenance span that quotes otherwise, moves to a source of its own: the document is refused with its code, not span_text_mismatch."""
        document = _under_provenance()
        # Each value drawn at its simplest: the elements added lie under
        # the provenance span.
        # A function is a draw but for the attributes Hypothesis's protocol adds.
        BREAK_ONE_RULE(cast("DrawFn", _simplest), code, document)
        assert [r.code for r in refusals(document)] == [code]
        assert _moved(document) != []  # the case this test is about was drawn

    @pytest.mark.parametrize("codes", [[], ["empty_allocation"], ["no_such_code"]])
    def test_invalid_documents_refuse_codes_no_document_can_cause(
        self,
        codes: list[str],
    ) -> None:
        """Asking for no code, or one no document causes, is an InvalidArgument."""
        with pytest.raises(InvalidArgument, match="INVALID_DOCUMENT_CODES"):
            bgst.invalid_graph_documents(codes=codes)

    @pytest.mark.parametrize(("low", "high"), [(0, 3), (3, 2), (-1, -1)])
    def test_broken_documents_refuse_bounds_out_of_order(
        self, low: int, high: int
    ) -> None:
        """Fewer than one rule, or bounds the wrong way round, is an InvalidArgument."""
        with pytest.raises(InvalidArgument, match="1 <= min_rules <= max_rules"):
            bgst.broken_graph_documents(min_rules=low, max_rules=high)

    @given(bgst.broken_graph_documents(min_rules=2, max_rules=3))
    def test_broken_documents_break_as_many_rules_as_asked(
        self, case: tuple[dict[str, Any], tuple[tuple[str, tuple[str | int, ...]], ...]]
    ) -> None:
        """Between min_rules and max_rules rules are broken, each in an element of its own."""
        _, breaks = case
        assert 2 <= len(breaks) <= 3
        elements = [path[:2] for _, path in breaks]
        assert len(set(elements)) == len(elements)

    @pytest.mark.parametrize(("code", "variant"), _VARIANTS)
    def test_invalid_documents_break_each_rule_in_every_place(
        self, code: str, variant: Callable[[dict[str, Any]], bool]
    ) -> None:
        """Each code is drawn in every place it can be broken, not just one."""
        document, drawn = find(
            bgst.invalid_graph_documents(codes=[code]),
            lambda case: variant(case[0]),
            # The first document found will do: shrinking it would only cost time.
            settings=settings(
                max_examples=2000, database=None, phases=[Phase.generate]
            ),
        )
        assert drawn == code
        with pytest.raises(BindingGraphError) as info:
            from_data(document)
        assert info.value.code == code


def _leaves(tree: Tree) -> int:
    if isinstance(tree, Neg):
        return _leaves(tree.operand)
    if isinstance(tree, Bin):
        return _leaves(tree.left) + _leaves(tree.right)
    return 1


def _divides_by_literals(tree: Tree) -> bool:
    """Tell whether every divisor in *tree* is a number that is not zero, or its negation."""
    if isinstance(tree, Neg):
        return _divides_by_literals(tree.operand)
    if not isinstance(tree, Bin):
        return True
    divisor = tree.right
    while tree.operator == "/" and isinstance(divisor, Neg):
        divisor = divisor.operand
    literal = tree.operator != "/" or (isinstance(divisor, Num) and divisor.value != 0)
    return (
        literal and _divides_by_literals(tree.left) and _divides_by_literals(tree.right)
    )


class TestArithmeticTexts:
    """expressions(), predicates() and number_texts() draw texts of the grammar, as the oracle reads it."""

    @given(bgst.expressions(symbol_ids=["a", "b"], max_leaves=4))
    def test_expressions_stay_within_their_bounds(self, text: str) -> None:
        """An expression reads, within the profile's limits, with at most max_leaves leaves of the given ids."""
        tree = oracle_expression(text)
        assert tree is not None
        assert within_limits(text, tree)
        assert _leaves(tree) <= 4
        assert oracle_symbols(tree) <= {"a", "b"}

    @given(bgst.expressions(symbol_ids=[], max_leaves=32))
    def test_no_symbol_ids_draws_numbers_only(self, text: str) -> None:
        """With no ids to pick from, an expression mentions no symbol, even at 32 leaves."""
        tree = oracle_expression(text)
        assert tree is not None
        assert within_limits(text, tree)
        assert oracle_symbols(tree) == frozenset()

    @given(bgst.expressions(canonical=True))
    def test_canonical_expressions_are_spelt_as_the_rules_say(self, text: str) -> None:
        """A canonical expression is the oracle's spelling of its tree."""
        tree = oracle_expression(text)
        assert tree is not None
        assert oracle_canonical(tree) == text

    @given(bgst.predicates(max_leaves=3) | bgst.predicates(canonical=True))
    def test_predicates_read(self, text: str) -> None:
        """A predicate reads as two expressions and a comparison."""
        read = oracle_predicate(text)
        assert read is not None
        assert within_limits(text, read[0], read[2])

    @given(bgst.number_texts())
    def test_number_texts_read(self, text: str) -> None:
        """A number text reads as parse_number's form says, never over zero."""
        assert oracle_number(text) is not None

    @pytest.mark.parametrize(
        "build",
        [
            lambda: bgst.expressions(max_leaves=0),
            lambda: bgst.expressions(max_leaves=33),
            lambda: bgst.expressions(symbol_ids=["x", "class"]),
            lambda: bgst.predicates(symbol_ids=["1x"]),
            lambda: bgst.arithmetic_graphs(max_facts=-1),
        ],
        ids=["no-leaves", "too-many-leaves", "keyword", "not-an-id", "negative"],
    )
    def test_bounds_out_of_range_are_refused(
        self, build: Callable[[], st.SearchStrategy[Any]]
    ) -> None:
        """A bound out of range, or an id that is not a symbol id, is refused at once."""
        with pytest.raises(InvalidArgument):
            build()


class TestArithmeticGraphs:
    """arithmetic_graphs() draws graphs in the profile: evaluable, acyclic, quoting their sources."""

    @given(bgst.arithmetic_graphs())
    def test_graphs_are_in_the_profile(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Values, right-hand sides, predicates and unknowns are as the profile option says."""
        values: dict[str, object] = {}
        for fact in graph.facts:
            value = oracle_number(fact.value)
            assert value is not None
            assert values.setdefault(fact.symbol_id, value) == value
        for equation in graph.equations:
            tree = oracle_expression(equation.rhs_canonical)
            assert tree is not None
            assert oracle_canonical(tree) == equation.rhs_canonical
            assert oracle_symbols(tree) == equation.dependencies
            assert _divides_by_literals(tree)
        for constraint in graph.constraints:
            read = oracle_predicate(constraint.predicate)
            assert read is not None
            assert oracle_symbols(read[0]) | oracle_symbols(read[2]) == {
                constraint.symbol_id
            }
            assert _divides_by_literals(read[0])
            assert _divides_by_literals(read[2])
        determined = oracle_determined(graph)
        assert {unknown.symbol_id for unknown in graph.unknowns} <= determined
        assert oracle_cycles(graph) == []
        assert len({span.source_id for span in graph.provenance}) == len(
            graph.provenance
        )


class TestNonzeroNumbers:
    """A number drawn not to be zero is never zero, whatever digits are drawn first."""

    @pytest.mark.parametrize(
        ("whole", "fraction", "spelt"),
        [("000", None, "001"), ("0", "00", "0.01"), ("07", "0", "07.0")],
    )
    def test_all_zeros_end_in_a_one(
        self, whole: str, fraction: str | None, spelt: str
    ) -> None:
        """Digits that are all zeros get a 1 as their last digit, whole or fraction; others are kept."""
        # The whole digits, whether a fraction comes, and its digits.
        drawn = iter([whole, fraction is not None, fraction])

        # A draw that gives these digits: each branch, whatever Hypothesis draws.
        def draw(_: object) -> str | bool | None:
            return next(drawn)

        number: Any = _numbers.draw_number
        assert number(draw, nonzero=True).spelling == spelt
