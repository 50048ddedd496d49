"""Solving a graph exactly: evaluate, answers and findings, with each refusal's code, path and message."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import attrs
import pytest
from hypothesis import given

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    allocate_symbols,
)
from binding_graph.analysis import Finding, require_solvable
from binding_graph.arithmetic import (
    ARITHMETIC_FINDING_CODES,
    MAX_BITS,
    answers,
    evaluate,
    findings,
)
from binding_graph.errors import ARITHMETIC_CODES, DOCUMENT_CODES, REFUSAL_CODES
from binding_graph.expressions import (
    operation_kind,
    parse_expression,
    read_operation_kind,
)
from binding_graph.strategies import graphs
from tests._graphs import dense_graphs
from tests._helpers import constraint, equation, fact, refusal, symbol, unknown, untyped

OWNER: Final = "SemanticSymbolicBindingGraph"


def solvable(**overrides: Any) -> SemanticSymbolicBindingGraph:
    """Build ``a = 3``, ``b = 5``, ``c := a + b``, ``d := c * 2``, asking for ``d``, with ``a >= 0``."""
    fields: dict[str, Any] = {
        "symbols": tuple(symbol(symbol_id=i) for i in "abcd"),
        "facts": (fact(symbol_id="a", value="3"), fact(symbol_id="b", value="5")),
        "equations": (
            equation(
                lhs_symbol_id="c", rhs_canonical="a + b", dependencies=frozenset("ab")
            ),
            equation(
                lhs_symbol_id="d", rhs_canonical="c * 2", dependencies=frozenset("c")
            ),
        ),
        "unknowns": (unknown(symbol_id="d"),),
        "constraints": (constraint(symbol_id="a", predicate="a >= 0"),),
    }
    fields.update(overrides)
    return SemanticSymbolicBindingGraph(**fields)


def with_equation(index: int, **changes: Any) -> SemanticSymbolicBindingGraph:
    """Return :func:`solvable` with its equation *index* changed."""
    equations = list(solvable().equations)
    equations[index] = attrs.evolve(equations[index], **changes)
    return solvable(equations=tuple(equations))


class TestEvaluate:
    """The exact value of every determined symbol, or the first element that has none."""

    def test_the_values_in_order(self) -> None:
        """Facts first, then the solve order; exact Fractions; read-only."""
        values = evaluate(solvable())
        assert list(values.items()) == [
            ("a", Fraction(3)),
            ("b", Fraction(5)),
            ("c", Fraction(8)),
            ("d", Fraction(16)),
        ]
        with pytest.raises(TypeError):
            values["a"] = Fraction(1)  # type: ignore[index]

    def test_exact_not_float(self) -> None:
        """A third stays a third: 1/3 * 3 is exactly 1."""
        graph = with_equation(
            0, rhs_canonical="a / 9 * b / 5", dependencies=frozenset("ab")
        )
        assert evaluate(graph)["c"] == Fraction(1, 3)
        assert answers(graph) == (Fraction(2, 3),)

    def test_equations_that_are_not_admitted_are_not_read(self) -> None:
        """A pending equation's right-hand side may be anything: it determines nothing."""
        graph = with_equation(
            1, rhs_canonical="banana (((", admissibility_status="pending"
        )
        assert dict(evaluate(graph)) == {"a": 3, "b": 5, "c": 8}

    def test_an_admitted_equation_outside_the_order_is_not_read(self) -> None:
        """An equation for a symbol a fact already gives is a finding, not a refusal."""
        extra = equation(
            lhs_symbol_id="a", rhs_canonical="b b", dependencies=frozenset("b")
        )
        graph = solvable(equations=(*solvable().equations, extra))
        assert evaluate(graph)["a"] == 3

    def test_the_issue_s_dependency_mismatch(self) -> None:
        """The issue's equation: ``sym_speed_000 * 2`` that says it reads two symbols."""
        speed, time, distance = allocate_symbols(
            ["speed", "time", "distance"],
            source_span=SourceSpanLink("p", 0, 1, "A"),
            introduced_by="test",
        )
        graph = SemanticSymbolicBindingGraph(
            symbols=(speed, time, distance),
            facts=(
                fact(symbol_id=speed.symbol_id, value="80"),
                fact(symbol_id=time.symbol_id, value="3"),
            ),
            equations=(
                equation(
                    lhs_symbol_id=distance.symbol_id,
                    rhs_canonical="sym_speed_000 * 2",
                    dependencies=frozenset({speed.symbol_id, time.symbol_id}),
                ),
            ),
        )
        error = refusal(evaluate, graph)
        assert (error.code, error.path, error.message) == (
            "dependency_mismatch",
            ("equations", 0, "dependencies"),
            (
                f"{OWNER}.equations[0].dependencies must be exactly the symbols"
                " rhs_canonical mentions ('sym_time_001' in dependencies but not in"
                " rhs_canonical)"
            ),
        )

    def test_a_mismatch_both_ways(self) -> None:
        """The message names what is missing on each side."""
        error = refusal(
            evaluate,
            with_equation(0, rhs_canonical="a + d", dependencies=frozenset("ab")),
        )
        assert error.message.endswith(
            "('d' in rhs_canonical but not in dependencies; 'b' in dependencies but not in rhs_canonical)"
        )

    @pytest.mark.parametrize(
        ("graph", "code", "path", "message"),
        [
            (
                with_equation(
                    0, rhs_canonical="banana (((", dependencies=frozenset("ab")
                ),
                "not_arithmetic",
                ("equations", 0, "rhs_canonical"),
                (
                    f"{OWNER}.equations[0].rhs_canonical is not arithmetic: at offset 7,"
                    " expected an operator or the end of the text, but found '('"
                ),
            ),
            (
                solvable(facts=(fact(symbol_id="a", value="three"),)),
                "not_arithmetic",
                ("facts", 0, "value"),
                (
                    f"{OWNER}.facts[0].value is not a number of the profile: an optional"
                    " '-', then a NUMBER such as 12 or 2.5, or a fraction such as 3/4,"
                    " with nothing around it (got 'three')"
                ),
            ),
            (
                solvable(facts=(*solvable().facts, fact(symbol_id="a", value="4"))),
                "conflicting_values",
                ("facts", 2, "value"),
                f"{OWNER}.facts[2].value gives 'a' the value 4, but facts[0].value gives it 3",
            ),
            (
                with_equation(0, rhs_canonical="a / (b - 5)"),
                "division_by_zero",
                ("equations", 0, "rhs_canonical"),
                f"{OWNER}.equations[0].rhs_canonical divides by zero: the divisor b - 5 is 0",
            ),
            (
                solvable(
                    facts=(
                        fact(symbol_id="a", value="9" * 300),
                        fact(symbol_id="b", value="1"),
                    )
                ),
                None,
                None,
                None,
            ),
        ],
    )
    def test_refusals(
        self,
        graph: SemanticSymbolicBindingGraph,
        code: str | None,
        path: Any,
        message: str | None,
    ) -> None:
        """Each refusal's code, path and message; the same as a finding of findings()."""
        if code is None:  # the control: a large value within the limit is read
            assert evaluate(graph)["d"] == (10**300 - 1 + 1) * 2
            return
        error = refusal(evaluate, graph)
        assert (error.code, error.path, error.message) == (code, path, message)
        assert Finding(code, path, message) in findings(graph)  # type: ignore[arg-type]

    def test_equal_facts_agree_however_written(self) -> None:
        """``3``, ``3.0`` and ``6/2`` are one value."""
        graph = solvable(
            facts=(
                *solvable().facts,
                fact(symbol_id="a", value="3.0"),
                fact(symbol_id="a", value="6/2"),
            )
        )
        assert evaluate(graph)["a"] == 3
        assert findings(graph) == ()

    def test_a_value_too_large(self) -> None:
        """Values are bounded: a chain of products cannot grow without limit."""
        graph = solvable(
            facts=(
                fact(symbol_id="a", value="9" * 300),
                fact(symbol_id="b", value="1"),
            ),
            equations=(
                equation(
                    lhs_symbol_id="c",
                    rhs_canonical="a * a * a * a",
                    dependencies=frozenset("a"),
                ),
                equation(
                    lhs_symbol_id="d",
                    rhs_canonical="c * c",
                    dependencies=frozenset("c"),
                ),
            ),
        )
        error = refusal(evaluate, graph)
        assert (error.code, error.path, error.message) == (
            "limit_exceeded",
            ("equations", 1, "rhs_canonical"),
            (
                f"{OWNER}.equations[1].rhs_canonical: a value of an arithmetic expression"
                f" may take at most {MAX_BITS} bits in its numerator and its denominator"
            ),
        )

    @pytest.mark.parametrize("function", [evaluate, answers, findings])
    def test_not_a_graph(self, function: Any) -> None:
        """Anything but a graph is ``wrong_type``, at ``("graph",)``."""
        error = refusal(function, untyped({"symbols": []}))
        assert (error.code, error.path) == ("wrong_type", ("graph",))


class TestAnswers:
    """The value of each unknown, in order."""

    def test_in_the_order_of_the_unknowns(self) -> None:
        """Several unknowns, one of them a fact."""
        graph = solvable(
            unknowns=(
                unknown(symbol_id="d"),
                unknown(symbol_id="a"),
                unknown(symbol_id="d"),
            )
        )
        assert answers(graph) == (Fraction(16), Fraction(3), Fraction(16))

    def test_an_unbound_unknown_is_refused_as_require_solvable_does(self) -> None:
        """The same code, path and message as require_solvable."""
        graph = solvable(
            unknowns=(unknown(symbol_id="d"), unknown(symbol_id="c")),
            facts=solvable().facts[:1],
        )
        error = refusal(answers, graph)
        expected = refusal(require_solvable, graph)
        assert (error.code, error.path, error.message) == (
            expected.code,
            expected.path,
            expected.message,
        )
        assert error.path == ("unknowns", 0, "symbol_id")

    def test_no_unknowns(self) -> None:
        """A graph that asks nothing has no answers."""
        assert answers(solvable(unknowns=())) == ()


class TestFindings:
    """Every element at once, as findings, in the order of the elements."""

    def test_a_sound_graph_has_none(self) -> None:
        """The solvable graph."""
        assert findings(solvable()) == ()

    def test_every_kind_at_once(self) -> None:
        """One graph with a finding of each kind, in element order."""
        graph = solvable(
            symbols=tuple(symbol(symbol_id=i) for i in "abcdef"),
            facts=(
                fact(symbol_id="a", value="3"),
                fact(symbol_id="a", value="4"),
                fact(symbol_id="b", value="5 apples"),
                fact(symbol_id="e", value="1"),
            ),
            equations=(
                equation(
                    lhs_symbol_id="c",
                    rhs_canonical="a + e",
                    dependencies=frozenset("ae"),
                ),
                equation(
                    lhs_symbol_id="d", rhs_canonical="c *", dependencies=frozenset("c")
                ),
                equation(
                    lhs_symbol_id="e",
                    rhs_canonical="a - 1",
                    dependencies=frozenset("a"),
                ),
                equation(
                    lhs_symbol_id="f",
                    rhs_canonical="a / (e - 1)",
                    dependencies=frozenset("ae"),
                ),
                equation(
                    lhs_symbol_id="b", rhs_canonical="a", dependencies=frozenset("ab")
                ),
            ),
            constraints=(
                constraint(symbol_id="a", predicate="a > 3"),
                constraint(symbol_id="c", predicate="a >= 0"),
                constraint(symbol_id="c", predicate="c >"),
                constraint(symbol_id="c", predicate="c / 0 > 1"),
                constraint(symbol_id="d", predicate="d >= 0"),
            ),
        )
        assert [(f.code, f.path) for f in findings(graph)] == [
            ("conflicting_values", ("facts", 1, "value")),
            ("not_arithmetic", ("facts", 2, "value")),
            ("not_arithmetic", ("equations", 1, "rhs_canonical")),
            ("value_conflict", ("equations", 2, "rhs_canonical")),
            ("division_by_zero", ("equations", 3, "rhs_canonical")),
            ("dependency_mismatch", ("equations", 4, "dependencies")),
            ("constraint_violated", ("constraints", 0, "predicate")),
            ("constraint_symbols", ("constraints", 1, "predicate")),
            ("not_arithmetic", ("constraints", 2, "predicate")),
            ("division_by_zero", ("constraints", 3, "predicate")),
        ]
        messages = {f.path: f.message for f in findings(graph)}
        assert messages[("equations", 2, "rhs_canonical")] == (
            f"{OWNER}.equations[2].rhs_canonical gives 'e' the value 2, but facts[3].value gives it 1"
        )
        assert messages[("constraints", 0, "predicate")] == (
            f"{OWNER}.constraints[0].predicate is false: a > 3 is 3 > 3"
        )
        assert messages[("constraints", 1, "predicate")] == (
            f"{OWNER}.constraints[1].predicate must mention its own symbol 'c' and no other (it mentions 'a')"
        )

    def test_a_constraint_that_mentions_nothing(self) -> None:
        """``1 > 0`` constrains no symbol."""
        found = findings(
            solvable(constraints=(constraint(symbol_id="a", predicate="1 > 0"),))
        )
        assert [(f.code, f.message.rpartition("(")[2]) for f in found] == [
            ("constraint_symbols", "it mentions none)")
        ]

    def test_an_equation_that_conflicts_with_an_equation(self) -> None:
        """Two admitted equations for one symbol that disagree."""
        second = equation(
            lhs_symbol_id="c", rhs_canonical="a * b", dependencies=frozenset("ab")
        )
        found = findings(solvable(equations=(*solvable().equations, second)))
        assert [str(f) for f in found] == [
            (
                "value_conflict at equations[2].rhs_canonical:"
                f" {OWNER}.equations[2].rhs_canonical gives 'c' the value 15, but equations[0].rhs_canonical gives it 8"
            )
        ]

    def test_codes_are_apart_from_the_structure_s(self) -> None:
        """The arithmetic's codes are closed, and refusals of its own are never a document's."""
        assert ARITHMETIC_CODES <= REFUSAL_CODES
        assert not ARITHMETIC_CODES & DOCUMENT_CODES
        assert ARITHMETIC_FINDING_CODES >= ARITHMETIC_CODES


class TestEveryGraph:
    """Whatever the graph, evaluate and findings agree, and nothing else is raised."""

    @given(dense_graphs())
    def test_evaluate_refuses_what_findings_find(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """A refusal of evaluate is a finding; no finding of a kind evaluate refuses means it reads."""
        found = findings(graph)
        assert all(f.code in ARITHMETIC_FINDING_CODES for f in found)
        refused = _refusal_of(graph)
        if refused is not None:
            assert Finding(refused.code, refused.path, refused.message) in found  # type: ignore[arg-type]

    @given(graphs())
    def test_any_graph(self, graph: SemanticSymbolicBindingGraph) -> None:
        """Random strings: findings never raises; evaluate reads or refuses with a code of its own."""
        found = findings(graph)
        refused = _refusal_of(graph)
        if refused is not None:
            assert refused.code in ARITHMETIC_CODES | {"limit_exceeded"}
            assert found
        else:
            assert set(evaluate(graph)) <= {s.symbol_id for s in graph.symbols}


def _refusal_of(graph: SemanticSymbolicBindingGraph) -> BindingGraphError | None:
    """Return the refusal of evaluate, or None: no other exception may escape."""
    try:
        evaluate(graph)
    except BindingGraphError as error:
        return error
    return None


class TestOperationKinds:
    """An admitted equation's operation_kind, where the profile reads it, names its top operation."""

    @pytest.mark.parametrize(
        ("rhs", "kind"),
        [
            ("a + b", "add"),
            ("a - b", "subtract"),
            ("a * b", "multiply"),
            ("a / b", "divide"),
            ("a * b / 1000", "divide"),
            ("a + b * 2", "add"),
            ("(a + b) * 2", "multiply"),
            ("-(a + b)", "negate"),
            ("a", "identity"),
            ("3", "identity"),
        ],
    )
    def test_the_top_operation_is_the_kind(self, rhs: str, kind: str) -> None:
        """The operator applied last names the kind; a negation negates; a leaf alone is identity."""
        assert operation_kind(parse_expression(rhs)) == kind

    @pytest.mark.parametrize(
        ("label", "kind"),
        [
            ("multiply", "multiply"),
            (" Multiplication ", "multiply"),
            ("TIMES", "multiply"),
            ("plus", "add"),
            ("division", "divide"),
            ("negation", "negate"),
            ("copy", "identity"),
            ("sum", None),
            ("minus", None),
            ("ratio", None),
            ("rate_times_time", None),
            ("multi ply", None),
        ],
    )
    def test_labels_the_profile_reads(self, label: str, kind: str | None) -> None:
        """A kind, its noun or its word, in any case and spacing; a result, a role or a label of one's own is not read."""
        assert read_operation_kind(label) == kind

    def test_a_label_must_be_a_str(self) -> None:
        """read_operation_kind refuses what is not a str."""
        error = refusal(read_operation_kind, untyped(3))
        assert (error.code, error.path) == ("wrong_type", ("label",))

    def test_a_kind_of_another_operation_is_found(self) -> None:
        """'divide' over a product: operation_mismatch at the label, with both operations."""
        graph = with_equation(1, operation_kind="divide")
        assert evaluate(graph)["d"] == 16  # a finding, not a refusal
        assert findings(graph) == (
            Finding(
                "operation_mismatch",
                ("equations", 1, "operation_kind"),
                f"{OWNER}.equations[1].operation_kind is 'divide', but the top"
                " operation of its rhs_canonical is multiply ('*')",
            ),
        )

    @pytest.mark.parametrize(
        ("rhs", "label", "shown"),
        [
            ("-c", " Multiplication ", "' Multiplication ', read as multiply,"),
            ("c", "times", "'times', read as multiply,"),
        ],
    )
    def test_a_spelling_is_read_and_shown(
        self, rhs: str, label: str, shown: str
    ) -> None:
        """A label spelt otherwise says how it was read; a negation and a leaf say what they are."""
        graph = with_equation(1, rhs_canonical=rhs, operation_kind=label)
        (finding,) = findings(graph)
        done = (
            "negate (a leading '-')"
            if rhs == "-c"
            else "identity (a number or a symbol alone)"
        )
        assert finding.message == (
            f"{OWNER}.equations[1].operation_kind is {shown} but the top operation"
            f" of its rhs_canonical is {done}"
        )

    @pytest.mark.parametrize("label", ["multiply", " Times", "rate_times_time", "sum"])
    def test_a_right_label_or_one_not_read_is_not_found(self, label: str) -> None:
        """The right kind, spelt any way, and a producer's own label: nothing."""
        assert findings(with_equation(1, operation_kind=label)) == ()

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_an_equation_not_admitted_is_not_judged(self, status: str) -> None:
        """As every arithmetic finding of an equation: admitted ones only."""
        graph = with_equation(
            1,
            operation_kind="divide",
            admissibility_status=status,
            refusal_reason="no" if status == "refused" else None,
        )
        assert [f.code for f in findings(graph)] == []

    def test_an_equation_that_does_not_read_is_not_judged(self) -> None:
        """A right-hand side refused (its dependencies wrong) has no tree to judge its label by."""
        graph = with_equation(1, rhs_canonical="c * a", operation_kind="divide")
        assert [f.code for f in findings(graph)] == ["dependency_mismatch"]

    def test_each_equation_is_judged_in_order(self) -> None:
        """Every admitted equation with a wrong label, in the order of the equations."""
        first, second = solvable().equations
        graph = solvable(
            equations=(
                attrs.evolve(first, operation_kind="negate"),
                attrs.evolve(second, operation_kind="divide"),
            )
        )
        assert [(f.code, f.path) for f in findings(graph)] == [
            ("operation_mismatch", ("equations", 0, "operation_kind")),
            ("operation_mismatch", ("equations", 1, "operation_kind")),
        ]
