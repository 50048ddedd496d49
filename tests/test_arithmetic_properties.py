"""binding_graph.arithmetic against its grammar: drawn texts and graphs, random texts, one-character mutations, deep inputs."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst
from binding_graph.arithmetic import (
    BinaryOperation,
    Negation,
    Number,
    Symbol,
    answers,
    canonical_expression,
    canonical_predicate,
    evaluate,
    expression_symbols,
    findings,
    parse_expression,
    parse_number,
    parse_predicate,
)
from tests._oracles import (
    MOST_DIGITS,
    Bin,
    Neg,
    Num,
    OracleRefusal,
    Sym,
    Tree,
    oracle_answers,
    oracle_arithmetic_findings,
    oracle_canonical,
    oracle_evaluate,
    oracle_expression,
    oracle_number,
    oracle_predicate,
    oracle_symbols,
    within_limits,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.arithmetic import Expression

REFUSING: Final = frozenset({"not_arithmetic", "limit_exceeded"})
"""The codes a text outside the grammar, or beyond a limit, is refused with."""

# Characters the grammar gives a meaning to, and some it must not: other
# spaces, other digits, other signs, letters that normalize to others.
_NEAR: Final = st.sampled_from(
    [
        *"0123456789.+-*/()<>=! \t\n\rxyz_",
        *"\x0b\x0c\u00a0\u3000\u0663\u00b2\ufb01^%,eE",
    ]
)
_CHARACTERS: Final = st.one_of(_NEAR, st.characters(exclude_categories=["Cs"]))
_SMALL: Final = {"max_symbols": 4, "max_facts": 4, "max_equations": 4}


def plain(expression: Expression) -> Tree:
    """Return the module's tree as the oracle's."""
    if isinstance(expression, Number):
        return Num(expression.value)
    if isinstance(expression, Symbol):
        return Sym(expression.symbol_id)
    if isinstance(expression, Negation):
        return Neg(plain(expression.operand))
    assert isinstance(expression, BinaryOperation)  # the oracle's trees have no calls
    operation = expression
    return Bin(operation.operator, plain(operation.left), plain(operation.right))


def refused(function: Callable[[str], object], text: str) -> BindingGraphError:
    """Return the refusal of ``function(text)``, failing if there is none."""
    with pytest.raises(BindingGraphError) as info:
        function(text)
    return info.value


def check_expression(text: str) -> None:
    """Hold every string function to the oracle: the same tree, or a refusal of a text outside the grammar."""
    tree = oracle_expression(text)
    if tree is None or not within_limits(text, tree):
        event("refused")
        for function in (parse_expression, canonical_expression, expression_symbols):
            error = refused(function, text)
            assert error.code in REFUSING
            assert error.path == ()
            if tree is not None:
                assert error.code == "limit_exceeded"
        return
    event("read")
    assert plain(parse_expression(text)) == tree
    assert canonical_expression(text) == oracle_canonical(tree)
    assert expression_symbols(text) == oracle_symbols(tree)


def check_predicate(text: str) -> None:
    """Hold the predicate functions to the oracle, as check_expression does."""
    read = oracle_predicate(text)
    if read is None or not within_limits(text, read[0], read[2]):
        for function in (parse_predicate, canonical_predicate):
            error = refused(function, text)
            assert error.code in REFUSING
            assert error.path == ()
        return
    left, comparison, right = read
    predicate = parse_predicate(text)
    assert (plain(predicate.left), predicate.comparison, plain(predicate.right)) == read
    expected = f"{oracle_canonical(left)} {comparison} {oracle_canonical(right)}"
    assert canonical_predicate(text) == expected


def check_number(text: str) -> None:
    """Hold parse_number to the oracle."""
    value = oracle_number(text)
    if value is None:
        error = refused(parse_number, text)
        assert error.code in REFUSING
        assert error.path == ()
        return
    numbers = text.removeprefix("-").split("/")
    if max(len(n) - ("." in n) for n in numbers) > MOST_DIGITS:
        assert refused(parse_number, text).code == "limit_exceeded"
        return
    assert parse_number(text) == value


class TestDrawnTexts:
    """Every text the strategies draw reads as the grammar says, and spells back canonically."""

    @given(bgst.expressions())
    def test_expressions_read_as_the_grammar_says(self, text: str) -> None:
        """parse_expression, canonical_expression and expression_symbols agree with the oracle."""
        tree = oracle_expression(text)
        assert tree is not None
        check_expression(text)

    @given(bgst.expressions())
    def test_the_canonical_spelling_round_trips_and_is_a_fixed_point(
        self, text: str
    ) -> None:
        """The canonical spelling reads as the same tree, and is its own canonical spelling."""
        canonical = canonical_expression(text)
        assert parse_expression(canonical) == parse_expression(text)
        assert canonical_expression(canonical) == canonical

    @given(bgst.expressions(canonical=True))
    def test_canonical_texts_are_their_own_spelling(self, text: str) -> None:
        """A text drawn canonical is what canonical_expression returns for it."""
        assert canonical_expression(text) == text

    @given(bgst.predicates())
    def test_predicates_read_as_the_grammar_says(self, text: str) -> None:
        """parse_predicate and canonical_predicate agree with the oracle, and round-trip."""
        check_predicate(text)
        canonical = canonical_predicate(text)
        assert parse_predicate(canonical) == parse_predicate(text)
        assert canonical_predicate(canonical) == canonical

    @given(bgst.number_texts())
    def test_number_texts_read_as_the_grammar_says(self, text: str) -> None:
        """parse_number reads a drawn number as the oracle does."""
        assert oracle_number(text) is not None
        check_number(text)


class TestOutsideTheGrammar:
    """A string outside the grammar is refused as not_arithmetic (or beyond a limit), never otherwise."""

    @given(st.text(max_size=40) | st.text(_CHARACTERS, max_size=40))
    def test_random_text(self, text: str) -> None:
        """Random text reads as the oracle says, or is refused with a code of the profile."""
        check_expression(text)
        check_predicate(text)
        check_number(text)

    @given(
        st.one_of(
            bgst.expressions(max_leaves=6).map(lambda t: (t, check_expression)),
            bgst.predicates(max_leaves=3).map(lambda t: (t, check_predicate)),
            bgst.number_texts().map(lambda t: (t, check_number)),
        ),
        st.integers(0, 2**16),
        st.sampled_from(["insert", "delete", "replace"]),
        _CHARACTERS,
    )
    def test_one_character_mutations(
        self,
        drawn: tuple[str, Callable[[str], None]],
        where: int,
        how: str,
        character: str,
    ) -> None:
        """A valid text with one character inserted, deleted or replaced reads as the oracle says, or is refused."""
        text, check = drawn
        at = where % (len(text) + (how == "insert"))
        keep = at + (how != "insert")
        middle = "" if how == "delete" else character
        check(text[:at] + middle + text[keep:])


def _deep(text: str) -> object:
    """Return parse_expression and canonical_expression of *text*, or its refusal's code, with little stack to spare."""
    limit = sys.getrecursionlimit()
    # The stack so far, and room for a few calls: no room to recurse per level.
    sys.setrecursionlimit(len(inspect.stack(0)) + 60)
    try:
        return canonical_expression(text), parse_expression(text).depth
    except BindingGraphError as error:
        return error.code
    finally:
        sys.setrecursionlimit(limit)


class TestDeepAndLongInputs:
    """Deep and long inputs are refused as limit_exceeded, or read, never with a RecursionError."""

    @pytest.mark.parametrize(
        "text",
        [
            "1 + " * 99_999 + "1",
            "(" * 10_000 + "1" + ")" * 10_000,
            "-" * 10_000 + "1",
            "1+" * 4_999 + "1",
            "(" * 4_999 + "1" + ")" * 4_999,
            "-" * 9_999 + "1",
            "1*(" * 2_499 + "1" + ")" * 2_499,
            "(-" * 3_333 + "1" + ")" * 3_333,
            "(" * 201 + "1" + ")" * 201,
            "1 + " * 201 + "1",
            "-" * 201 + "1",
            "1" * 301,
            "0." + "0" * 299 + "1",
        ],
        ids=lambda text: f"{text[:6]}...({len(text)})",
    )
    def test_beyond_a_limit_is_refused(self, text: str) -> None:
        """Too long, too deep, too nested or too many digits: limit_exceeded."""
        assert _deep(text) == "limit_exceeded"
        error = refused(lambda t: parse_predicate("x < " + t), text)
        assert error.code == "limit_exceeded"

    @pytest.mark.parametrize(
        ("text", "canonical", "depth"),
        [
            ("(" * 200 + "1" + ")" * 200, "1", 0),
            ("-" * 200 + "x", "-" * 200 + "x", 200),
            ("1+" * 200 + "1", " + ".join(["1"] * 201), 200),
            ("2-(" * 100 + "x" + ")" * 100, "2 - (" * 99 + "2 - x" + ")" * 99, 100),
            ("9" * 300, "9" * 300, 0),
        ],
        ids=["nested-200", "negated-200", "chain-201", "right-100", "digits-300"],
    )
    def test_at_a_limit_reads(self, text: str, canonical: str, depth: int) -> None:
        """At each limit, the text reads, and spells without recursing."""
        assert _deep(text) == (canonical, depth)

    def test_a_deep_right_hand_side_is_refused_at_its_path(self) -> None:
        """Evaluating refuses an equation whose right-hand side is too deep, at that right-hand side."""
        graph = _graph({"x": "1"}, [("y", "x+" * 4_999 + "x", {"x"})])
        with pytest.raises(BindingGraphError) as info:
            evaluate(graph)
        assert (info.value.code, info.value.path) == (
            "limit_exceeded",
            ("equations", 0, "rhs_canonical"),
        )

    @pytest.mark.parametrize(("factors", "code"), [(4, None), (5, "limit_exceeded")])
    def test_values_beyond_the_bits_allowed_are_refused(
        self, factors: int, code: str | None
    ) -> None:
        """A product of 300-digit numbers is refused once it passes MAX_BITS, as the oracle says."""
        graph = _graph({"x": "9" * 300}, [("y", " * ".join(["x"] * factors), {"x"})])
        value = Fraction(10**300 - 1)
        expected = _outcome(oracle_evaluate, graph)
        assert expected == (
            (code, ("equations", 0, "rhs_canonical"))
            if code
            else [("x", value), ("y", value**factors)]
        )
        assert _outcome(evaluate, graph) == expected


# In a source no drawn span is in: longer than any drawn source id.
_SPAN: Final = SourceSpanLink("s" + "#" * 30, 0, 1, "x")


def _symbol(symbol_id: str) -> SymbolBinding:
    return SymbolBinding(
        symbol_id=symbol_id,
        name=symbol_id,
        semantic_role="quantity",
        source_span=_SPAN,
        introduced_by="test",
    )


def _graph(
    facts: dict[str, str], equations: list[tuple[str, str, set[str]]]
) -> SemanticSymbolicBindingGraph:
    """Build a graph of *facts* (id: value) and admitted *equations* (lhs, rhs, dependencies)."""
    ids = sorted({*facts, *(lhs for lhs, _, _ in equations)})
    return SemanticSymbolicBindingGraph(
        symbols=tuple(_symbol(i) for i in ids),
        facts=tuple(
            BoundFact(symbol_id=i, value=v, source_span=_SPAN) for i, v in facts.items()
        ),
        equations=tuple(
            BoundEquation(
                lhs_symbol_id=lhs,
                rhs_canonical=rhs,
                dependencies=frozenset(dependencies),
                operation_kind="test",
                unit_proof="test",
                admissibility_status="admitted",
                source_span=_SPAN,
            )
            for lhs, rhs, dependencies in equations
        ),
    )


def _outcome(
    function: Callable[[SemanticSymbolicBindingGraph], object],
    graph: SemanticSymbolicBindingGraph,
) -> object:
    """Return what *function* gives for *graph* (a mapping as its items, in order), or the code and path it refuses with."""
    try:
        result = function(graph)
    except (BindingGraphError, OracleRefusal) as error:
        return (error.code, error.path)
    if isinstance(result, Mapping):
        items: Mapping[object, object] = result  # pyright: ignore[reportUnknownVariableType]
        return list(items.items())
    return result


class TestEvaluation:
    """evaluate, answers and findings agree with the oracle on every drawn graph."""

    # One test for the three, so that each graph is drawn once.
    @given(bgst.arithmetic_graphs())
    def test_evaluate_answers_and_findings_agree_with_the_oracle(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """A graph in the profile has the oracle's values, in its order, answers and findings."""
        expected = _outcome(oracle_evaluate, graph)
        event("evaluated" if isinstance(expected, list) else "refused")
        assert _outcome(evaluate, graph) == expected
        assert _outcome(answers, graph) == _outcome(oracle_answers, graph)
        expected_findings = _outcome(oracle_arithmetic_findings, graph)
        found = {(finding.code, finding.path) for finding in findings(graph)}
        if isinstance(expected_findings, tuple):  # a value beyond the bits allowed
            assert expected_findings[0] in {code for code, _ in found}
        else:
            assert found == expected_findings

    @given(bgst.graphs())
    def test_any_graph_evaluates_or_is_refused_as_the_oracle_says(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """On any graph, evaluate and answers give the oracle's values, or its first refusal."""
        expected = _outcome(oracle_evaluate, graph)
        event("evaluated" if isinstance(expected, list) else str(expected))
        assert _outcome(evaluate, graph) == expected
        assert _outcome(answers, graph) == _outcome(oracle_answers, graph)

    @given(bgst.arithmetic_graphs(**_SMALL))
    def test_an_unknown_without_a_value_is_unbound(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Answering refuses an unknown the graph does not determine, at its path."""
        # Longer than any drawn id: a symbol of its own, with no value.
        alone = "u" + "_" * 20
        unknown = BoundUnknown(symbol_id=alone, question_span=_SPAN)
        grown = attrs.evolve(
            graph,
            symbols=(*graph.symbols, _symbol(alone)),
            unknowns=(*graph.unknowns, unknown),
        )
        assert _outcome(answers, grown) == (
            "unbound_unknown",
            ("unknowns", len(graph.unknowns), "symbol_id"),
        )
