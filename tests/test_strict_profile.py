"""The strict profile: what the seed's system refuses (ADR-0203, ADR-0134) and this library only reports, refused on request."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    SemanticSymbolicBindingGraph,
    from_data,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.strict import (
    KIND_OPERATORS,
    check_strict,
    find_cycle,
    strict_refusals,
)
from binding_graph.units import DEFAULT
from binding_graph.vocabularies import OPERATION_KINDS
from tests._helpers import code_and_path, equation, graph, refusal, symbol, untyped

if TYPE_CHECKING:
    from collections.abc import Mapping


def _equation(lhs: str, rhs: str, *dependencies: str, **fields: Any) -> Any:
    """Build an admitted ``add`` equation ``lhs := rhs`` over *dependencies*, with *fields*."""
    given: dict[str, Any] = {
        "lhs_symbol_id": lhs,
        "rhs_canonical": rhs,
        "dependencies": frozenset(dependencies),
        "operation_kind": "add",
        **fields,
    }
    return equation(**given)


def _graph(*equations: Any, units: Mapping[str, str | None] | None = None) -> Any:
    """Build a graph of the symbols ``a`` to ``f`` (in apples, unless *units* says), and *equations*."""
    chosen = dict.fromkeys("abcdef", "apple") | dict(units or {})
    return SemanticSymbolicBindingGraph(
        symbols=tuple(symbol(symbol_id=i, unit=unit) for i, unit in chosen.items()),
        equations=equations,
    )


class TestFindCycle:
    """find_cycle is ADR-0203's deterministic three-colour depth-first search."""

    @pytest.mark.parametrize(
        ("adjacency", "cycle"),
        [
            ({}, None),
            ({"x": ["y"], "y": []}, None),
            ({"x": ["x"]}, ("x",)),
            ({"x": ["y"], "y": ["x"]}, ("x", "y")),
            ({"x": ["y"], "y": ["z"], "z": ["x"]}, ("x", "y", "z")),
            # A tail before the cycle: the cycle alone is reported.
            ({"a": ["b"], "b": ["c"], "c": ["b"]}, ("b", "c")),
            # Two cycles: the one the search meets first, from the least node.
            ({"q": ["q"], "b": ["c"], "c": ["b"]}, ("b", "c")),
            # A diamond is no cycle.
            ({"a": ["b", "c"], "b": ["d"], "c": ["d"]}, None),
        ],
    )
    def test_cycles_are_found_as_the_record_says(
        self, adjacency: dict[str, list[str]], cycle: tuple[str, ...] | None
    ) -> None:
        """Acyclic gives None; a self-loop is a cycle of length 1; a tail is left out."""
        assert find_cycle(adjacency) == cycle

    def test_the_search_is_sorted_whatever_the_order_given(self) -> None:
        """Edges are followed in code-point order, so the insertion order changes nothing."""
        one = {"x": ["z", "y"], "y": ["x"], "z": ["x"]}
        other = {"z": ["x"], "y": ["x"], "x": ["y", "z"]}
        assert find_cycle(one) == find_cycle(other) == ("x", "y")

    def test_a_long_chain_needs_no_recursion(self) -> None:
        """A chain of 100,000 definitions closed into a cycle is found, far past the recursion limit."""
        count = 100_000
        names = [f"s{i:06d}" for i in range(count)]
        adjacency = {name: [names[(i + 1) % count]] for i, name in enumerate(names)}
        assert find_cycle(adjacency) == tuple(names)

    @settings(max_examples=60)
    @given(
        st.dictionaries(
            st.sampled_from("abcdefg"),
            st.lists(st.sampled_from("abcdefgh"), max_size=3),
            max_size=7,
        )
    )
    def test_a_cycle_is_found_exactly_when_there_is_one(
        self, adjacency: dict[str, list[str]]
    ) -> None:
        """None exactly when a topological order exists; otherwise every edge of the cycle is an edge."""
        waiting = {
            node: set(edges) & set(adjacency) for node, edges in adjacency.items()
        }
        ordered = True
        while waiting:
            ready = [
                node
                for node, edges in waiting.items()
                if not edges - {node} and node not in edges
            ]
            if not ready:
                ordered = False
                break
            for node in ready:
                del waiting[node]
            for edges in waiting.values():
                edges.difference_update(ready)
        cycle = find_cycle(adjacency)
        assert (cycle is None) is ordered
        if cycle is not None:
            for k, node in enumerate(cycle):
                assert cycle[(k + 1) % len(cycle)] in adjacency[node]


class TestCircularDependency:
    """A graph whose definitions form a cycle is refused, the cycle spelled, at the first equation on it."""

    def test_a_two_cycle_is_refused_at_its_first_equation(self) -> None:
        """B := a + 1, a := b + c: the cycle a -> b -> a, at the first equation, at the dependency that closes it."""
        g = _graph(_equation("b", "a + 1", "a"), _equation("a", "b + c", "b", "c"))
        error = refusal(check_strict, g)
        assert (error.code, error.path, error.message) == (
            "circular_dependency",
            ("equations", 0, "dependencies", 0),
            (
                "SemanticSymbolicBindingGraph.equations[0] is on an equation"
                " dependency cycle, a -> b -> a: a symbol defined from itself is"
                " circular"
            ),
        )

    def test_a_self_loop_is_a_cycle_of_length_one(self) -> None:
        """A := a + b is the cycle a -> a, at a's position among the dependencies."""
        error = refusal(check_strict, _graph(_equation("a", "a + b", "a", "b")))
        assert (error.code, error.path) == (
            "circular_dependency",
            ("equations", 0, "dependencies", 0),
        )
        assert "cycle, a -> a:" in error.message

    def test_equations_that_share_a_left_hand_side_are_merged(self) -> None:
        """Two definitions of a, each acyclic with b's, close the cycle a -> b -> a together."""
        g = _graph(
            _equation("a", "c + d", "c", "d"),
            _equation("b", "a + c", "a", "c"),
            _equation("a", "b + c", "b", "c"),
        )
        error = refusal(check_strict, g)
        assert (error.code, error.path) == (
            "circular_dependency",
            ("equations", 1, "dependencies", 0),
        )
        assert "cycle, a -> b -> a:" in error.message

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_every_equation_counts_whatever_its_status(self, status: str) -> None:
        """A cycle through a pending or refused equation is a cycle: the seed refuses it at construction."""
        reason = "why" if status == "refused" else None
        g = _graph(
            _equation("a", "b + 1", "b"),
            _equation(
                "b", "a + 1", "a", admissibility_status=status, refusal_reason=reason
            ),
        )
        assert code_and_path(check_strict, g)[0] == "circular_dependency"

    def test_a_long_cycle_is_spelt_in_part(self) -> None:
        """Past ten symbols, the message says how many more, and still ends at the first."""
        names = [f"s{i:02d}" for i in range(12)]
        g = SemanticSymbolicBindingGraph(
            symbols=tuple(symbol(symbol_id=name, unit="apple") for name in names),
            equations=tuple(
                _equation(name, f"{names[(i + 1) % 12]} + 1", names[(i + 1) % 12])
                for i, name in enumerate(names)
            ),
        )
        message = refusal(check_strict, g).message
        assert " -> ".join(names[:10]) + " -> ... (2 more) -> s00:" in message

    def test_referential_integrity_comes_first(self) -> None:
        """A document with a cycle and a dependency on no symbol is refused for the dependency, before any strict rule."""
        data = to_data(
            _graph(_equation("a", "b + 1", "b"), _equation("b", "a + 1", "a"))
        )
        data["equations"][1]["dependencies"] = ["a", "zz"]
        data["equations"][1]["rhs_canonical"] = "a + zz"
        assert code_and_path(from_data, data) == (
            "unknown_symbol",
            ("equations", 1, "dependencies", 1),
        )


class TestOperationKinds:
    """The operation kind is one of the eight, and the right-hand side's top operator carries it out."""

    def test_the_kinds_are_the_eight_of_the_seed(self) -> None:
        """OPERATION_KINDS and KIND_OPERATORS name the same eight kinds."""
        assert (
            frozenset(KIND_OPERATORS)
            == OPERATION_KINDS
            == frozenset(
                {
                    "add",
                    "subtract",
                    "multiply",
                    "divide",
                    "transfer",
                    "compare_additive",
                    "compare_multiplicative",
                    "apply_rate",
                }
            )
        )

    def test_another_kind_is_refused(self) -> None:
        """A kind outside the eight is unknown_operation, at its field, with the kinds named."""
        error = refusal(
            check_strict,
            _graph(_equation("c", "a + b", "a", "b", operation_kind="sum")),
        )
        assert (error.code, error.path, error.message) == (
            "unknown_operation",
            ("equations", 0, "operation_kind"),
            (
                "SemanticSymbolicBindingGraph.equations[0].operation_kind must be one"
                " of add, apply_rate, compare_additive, compare_multiplicative,"
                " divide, multiply, subtract, transfer (got 'sum')"
            ),
        )

    @pytest.mark.parametrize(
        ("kind", "operator"),
        [(kind, operator) for kind in sorted(KIND_OPERATORS) for operator in "+-*/"],
    )
    def test_each_kind_takes_its_operators_only(self, kind: str, operator: str) -> None:
        """An admitted equation of each kind passes with its top operators, and is operation_mismatch with another."""
        g = _graph(_equation("c", f"a {operator} b", "a", "b", operation_kind=kind))
        found = [(e.code, e.path) for e in strict_refusals(g)]
        if operator in KIND_OPERATORS[kind]:
            assert found == []
        else:
            assert found == [("operation_mismatch", ("equations", 0, "operation_kind"))]

    def test_a_mismatch_names_the_operator_and_the_kinds_it_carries_out(self) -> None:
        """The refusal says which top operator the right-hand side has, and which kinds it carries out."""
        g = _graph(_equation("c", "(a + b) / 2", "a", "b", operation_kind="add"))
        assert refusal(check_strict, g).message == (
            "SemanticSymbolicBindingGraph.equations[0].operation_kind must be a kind"
            " that its right-hand side's top operator '/' carries out:"
            " compare_multiplicative, divide (got 'add')"
        )

    def test_a_right_hand_side_without_an_operator_carries_out_no_kind(self) -> None:
        """A right-hand side that is a symbol or a negation has no operator at its top."""
        for rhs in ("a", "-a"):
            error = refusal(check_strict, _graph(_equation("c", rhs, "a")))
            assert error.code == "operation_mismatch"
            assert "which has no operator at its top (got 'add')" in error.message

    def test_a_right_hand_side_outside_the_profile_is_refused_there(self) -> None:
        """A right-hand side the arithmetic cannot read is not_arithmetic, at rhs_canonical, the field named."""
        error = refusal(check_strict, _graph(_equation("c", "a ^ b", "a", "b")))
        assert (error.code, error.path, error.message) == (
            "not_arithmetic",
            ("equations", 0, "rhs_canonical"),
            (
                "SemanticSymbolicBindingGraph.equations[0].rhs_canonical is not"
                " arithmetic: at offset 2, expected a number, a symbol, an operator"
                " or a parenthesis, but found '^'"
            ),
        )


class TestPendingUnits:
    """A pending equation that admission by kind would refuse is refused, with ADR-0134's reason as the code."""

    @pytest.mark.parametrize(
        ("rhs", "dependencies", "kind", "units", "code"),
        [
            ("a + b", "ab", "add", {"b": None}, "unit_unbound"),
            ("a + b", "ab", "add", {"b": "dollar"}, "unit_mismatch"),
            ("a + b", "ab", "add", {"b": "apple per"}, "unknown_unit"),
            ("a / b", "abd", "divide", {}, "operand_arity"),
            ("a * b", "ab", "apply_rate", {}, "rate_form_invalid"),
        ],
    )
    def test_each_reason_is_the_code(
        self,
        rhs: str,
        dependencies: str,
        kind: str,
        units: dict[str, str | None],
        code: str,
    ) -> None:
        """unit_unbound, unit_mismatch, unknown_unit, operand_arity and rate_form_invalid, at the equation's status."""
        pending = _equation(
            "c", rhs, *dependencies, operation_kind=kind, admissibility_status="pending"
        )
        assert [
            (e.code, e.path) for e in strict_refusals(_graph(pending, units=units))
        ] == [(code, ("equations", 0, "admissibility_status"))]

    def test_the_message_carries_the_reason(self) -> None:
        """The message says the equation is pending, and why admission by its kind refuses it."""
        g = _graph(
            _equation("c", "a + b", "a", "b", admissibility_status="pending"),
            units={"b": None},
        )
        assert refusal(check_strict, g).message == (
            "SemanticSymbolicBindingGraph.equations[0] is pending, and admission by"
            " its kind refuses it: equations[0] depends on 'b', whose symbol has no"
            " unit, which its kind's rule needs"
        )

    def test_decided_equations_are_not_judged_by_their_units(self) -> None:
        """An admitted or refused equation whose units the kind's rule refuses passes: it is decided."""
        for status, reason in (("admitted", None), ("refused", "why")):
            g = _graph(
                _equation(
                    "c",
                    "a + b",
                    "a",
                    "b",
                    admissibility_status=status,
                    refusal_reason=reason,
                ),
                units={"b": "dollar"},
            )
            assert strict_refusals(g) == ()


class TestProfile:
    """check_strict raises the first of strict_refusals, which lists one refusal an equation after the cycle."""

    def test_a_sound_graph_passes(self) -> None:
        """A graph of the eight kinds, acyclic and in units, has no refusal."""
        g = _graph(
            _equation("c", "a + b", "a", "b", admissibility_status="pending"),
            _equation("d", "c * 2", "c", operation_kind="multiply"),
        )
        assert strict_refusals(g) == ()
        check_strict(g)  # raises nothing

    def test_every_refusal_is_listed_in_order(self) -> None:
        """The cycle first, then each equation's first refusal, in order."""
        g = _graph(
            _equation("a", "b + 1", "b"),
            _equation("b", "a + 1", "a", operation_kind="sum"),
            _equation("c", "a * 2", "a"),
        )
        assert [(e.code, e.path) for e in strict_refusals(g)] == [
            ("circular_dependency", ("equations", 0, "dependencies", 0)),
            ("unknown_operation", ("equations", 1, "operation_kind")),
            ("operation_mismatch", ("equations", 2, "operation_kind")),
        ]
        assert code_and_path(check_strict, g) == (
            "circular_dependency",
            ("equations", 0, "dependencies", 0),
        )

    @pytest.mark.parametrize("function", [check_strict, strict_refusals])
    def test_arguments_of_the_wrong_type_are_refused(self, function: Any) -> None:
        """A graph that is not one, or a lexicon that is not one, is wrong_type at the argument."""
        assert code_and_path(function, untyped(to_data(graph()))) == (
            "wrong_type",
            ("graph",),
        )
        assert code_and_path(function, graph(), untyped("units-v1")) == (
            "wrong_type",
            ("lexicon",),
        )
        assert function(_graph(), DEFAULT) in (None, ())

    @settings(max_examples=40)
    @given(bgst.arithmetic_graphs(max_symbols=4))
    def test_strict_refusals_never_raise_on_a_valid_graph(
        self, g: SemanticSymbolicBindingGraph
    ) -> None:
        """Any valid graph is judged, never raised on: every refusal is a strict one, at an equation."""
        for error in strict_refusals(g):
            assert type(error) is BindingGraphError
            assert error.path[:1] == ("equations",)
            json.dumps(error.path)
