"""Tests of binding_graph.analysis: each function against examples and a simple oracle."""

from __future__ import annotations

import gc
import inspect
import json
import pickle
import sys
import typing
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given

from binding_graph import (
    BindingGraphError,
    BoundEquation,
    BoundFact,
    SemanticSymbolicBindingGraph,
    SymbolBinding,
)
from binding_graph import analysis as an
from binding_graph.analysis import _engine
from tests._graphs import SPAN, analysed_graphs, dense_graphs, make_graph
from tests._helpers import run_python, show
from tests._oracles import (
    admitted,
    oracle_cycles,
    oracle_determined,
    oracle_findings,
    oracle_order,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.errors import ErrorPath

GRAPHS = analysed_graphs()


def resolve(graph: SemanticSymbolicBindingGraph, path: ErrorPath) -> Any:
    """Return the value at *path*, a dependency counted in code-point order."""
    collection, index, field, *position = path
    value: Any = getattr(getattr(graph, str(collection))[int(index)], str(field))
    if position:
        value = sorted(value)[int(position[0])]
    return value


def order_key(finding: an.Finding) -> tuple[int, int, int, int]:
    """The documented order: collection, index, code, then dependency."""
    collections = ("symbols", "facts", "equations", "unknowns", "constraints")
    codes = typing.get_args(an.FindingCode)
    path = finding.path
    return (
        collections.index(str(path[0])),
        int(path[1]),
        codes.index(finding.code),
        int(path[3]) if len(path) > 3 else -1,
    )


# -- determined_symbols ---------------------------------------------------------


class TestDeterminedSymbols:
    """determined_symbols is the least fixpoint of facts and admitted equations."""

    def test_facts_determine_their_symbols(self) -> None:
        """A symbol with a fact is determined; one without is not."""
        graph = make_graph(facts=[("x", "3")])
        assert an.determined_symbols(graph) == frozenset({"x"})

    def test_a_chain_of_admitted_equations_determines_each_link(self) -> None:
        """A fact for x, then z := y and y := x, determine all three."""
        graph = make_graph(facts=[("x", "3")], equations=["z := y", "y := x"])
        assert an.determined_symbols(graph) == frozenset({"x", "y", "z"})

    def test_an_equation_without_dependencies_determines_at_once(self) -> None:
        """An admitted equation with no dependencies determines its symbol."""
        assert an.determined_symbols(make_graph(equations=["y := "])) == {"y"}

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_equations_not_admitted_determine_nothing(self, status: str) -> None:
        """Pending and refused equations never determine their symbol."""
        graph = make_graph(facts=[("x", "3")], equations=[f"y := x {status}"])
        assert an.determined_symbols(graph) == {"x"}

    def test_a_cycle_without_an_entry_determines_nothing(self) -> None:
        """Neither of x := y and y := x is determined, nor z := z."""
        graph = make_graph(equations=["x := y", "y := x", "z := z"])
        assert an.determined_symbols(graph) == frozenset()

    def test_one_undetermined_dependency_blocks_an_equation(self) -> None:
        """An equation z := x y is blocked while only x is determined."""
        graph = make_graph(facts=[("x", "3")], equations=["z := x y"])
        assert an.determined_symbols(graph) == {"x"}

    def test_returns_a_frozenset(self) -> None:
        """The result is a frozenset, empty for an empty graph."""
        result = an.determined_symbols(SemanticSymbolicBindingGraph())
        assert type(result) is frozenset
        assert result == frozenset()

    @given(dense_graphs())
    def test_is_unchanged_by_equations_not_admitted(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Adding pending and refused equations never changes what is determined."""
        pending = tuple(
            attrs.evolve(e, admissibility_status="pending")
            for e in graph.equations
            if e.admissibility_status == "admitted"
        )
        extended = graph.extend(equations=pending)
        assert an.determined_symbols(extended) == an.determined_symbols(graph)
        assert an.cycles(extended) == an.cycles(graph)

    @given(GRAPHS)
    def test_equals_the_fixpoint(self, graph: SemanticSymbolicBindingGraph) -> None:
        """The determined symbols are those of the quadratic fixpoint."""
        assert an.determined_symbols(graph) == oracle_determined(graph)


# -- solve_order ----------------------------------------------------------------


class TestSolveOrder:
    """solve_order lists the first determining equation of each symbol, in the fixed order."""

    def test_takes_the_earliest_ready_equation_first(self) -> None:
        """Of two ready equations the earlier comes first; a later one waits its turn."""
        graph = make_graph(
            "x y z w",
            facts=[("x", "1")],
            equations=["w := z", "z := x", "y := x"],
        )
        assert an.solve_order(graph) == (
            graph.equations[1],
            graph.equations[0],
            graph.equations[2],
        )

    def test_skips_equations_of_symbols_already_determined(self) -> None:
        """An equation for a symbol with a fact, or determined before, is left out."""
        graph = make_graph(
            facts=[("x", "1")], equations=["x := y", "y := ", "y := x", "z := x y"]
        )
        assert an.solve_order(graph) == (graph.equations[1], graph.equations[3])

    def test_a_later_ready_equation_beats_an_earlier_blocked_one(self) -> None:
        """The later x := 3 wins over x := y, whose y is never determined."""
        graph = make_graph(equations=["x := y", "x := "])
        assert an.solve_order(graph) == (graph.equations[1],)

    def test_empty_without_equations(self) -> None:
        """A graph without equations has an empty order."""
        assert an.solve_order(make_graph(facts=[("x", "1")])) == ()

    @given(GRAPHS)
    def test_is_the_valid_order_the_rule_gives(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Valid, one equation per symbol determined without a fact, in the rule's order."""
        order = an.solve_order(graph)
        given_ids = {fact.symbol_id for fact in graph.facts}
        for equation in order:
            assert equation.admissibility_status == "admitted"
            assert equation.dependencies <= given_ids
            assert equation.lhs_symbol_id not in given_ids
            given_ids.add(equation.lhs_symbol_id)
        facts = {fact.symbol_id for fact in graph.facts}
        assert sorted(e.lhs_symbol_id for e in order) == sorted(
            oracle_determined(graph) - facts
        )
        assert order == tuple(graph.equations[i] for i in oracle_order(graph))


# -- cycles -----------------------------------------------------------------------


class TestCycles:
    """cycles gives the strongly connected components of admitted definitions."""

    def test_two_symbols_defined_from_each_other(self) -> None:
        """A pair like x := y + 1 and y := x - 1 is one cycle, its ids sorted."""
        graph = make_graph(equations=["y := x", "x := y"])
        assert an.cycles(graph) == (("x", "y"),)

    def test_a_symbol_defined_from_itself(self) -> None:
        """A self-dependency is a cycle of one symbol."""
        assert an.cycles(make_graph(equations=["x := x y"])) == (("x",),)

    def test_a_single_symbol_without_a_self_dependency_is_no_cycle(self) -> None:
        """A chain has no cycle."""
        assert an.cycles(make_graph(equations=["y := x", "z := y"])) == ()

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_only_admitted_equations_make_cycles(self, status: str) -> None:
        """A cycle closed by an equation that is not admitted is none."""
        graph = make_graph(equations=["y := x", f"x := y {status}"])
        assert an.cycles(graph) == ()

    def test_cycles_are_sorted(self) -> None:
        """Components are sorted, and so is the tuple of them."""
        graph = make_graph(
            "z y x w", equations=["z := z", "w := x", "x := w", "y := y"]
        )
        assert an.cycles(graph) == (("w", "x"), ("y",), ("z",))

    def test_a_cycle_with_an_entry_is_still_a_cycle(self) -> None:
        """A cycle x := y, y := x stays one where a fact determines x."""
        graph = make_graph(facts=[("x", "1")], equations=["x := y", "y := x"])
        assert an.cycles(graph) == (("x", "y"),)

    @given(GRAPHS)
    def test_equals_mutual_reachability(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """The cycles are the components that brute-force reachability finds."""
        assert list(an.cycles(graph)) == oracle_cycles(graph)


# -- findings, code by code -------------------------------------------------------


def finding(code: an.FindingCode, path: ErrorPath, message: str) -> an.Finding:
    """Build the finding a test expects."""
    return an.Finding(code, path, message)


class TestUndeterminedUnknown:
    """undetermined_unknown: an unknown whose symbol is not determined, and why."""

    def test_nothing_defines_the_symbol(self) -> None:
        """Without a fact or an equation, the message says so."""
        graph = make_graph(facts=[("x", "1")], equations=["y := x"], unknowns=["z"])
        assert an.findings(graph) == (
            finding(
                "undetermined_unknown",
                ("unknowns", 0, "symbol_id"),
                "unknowns[0] asks for 'z', which the facts and admitted equations"
                " do not determine: no fact gives it and no equation defines it",
            ),
        )

    def test_a_dependency_is_not_determined(self) -> None:
        """The first undetermined dependency of the first definition is named."""
        graph = make_graph(
            "x y z w",
            facts=[("x", "1")],
            equations=["z := x y w", "w := "],
            unknowns=["z"],
        )
        assert an.findings(graph)[-1] == finding(
            "undetermined_unknown",
            ("unknowns", 0, "symbol_id"),
            "unknowns[0] asks for 'z', which the facts and admitted equations"
            " do not determine: equations[0] defines it from 'y', which is not"
            " determined",
        )

    def test_the_symbol_depends_on_itself(self) -> None:
        """A self-dependency is named as such."""
        graph = make_graph(equations=["z := z"], unknowns=["z"])
        assert an.findings(graph)[-1].message.endswith(
            "equations[0] defines it from itself"
        )

    def test_only_pending_equations_define_the_symbol(self) -> None:
        """An equation that is not admitted is named with its status."""
        graph = make_graph(
            facts=[("x", "1")], equations=["z := x refused"], unknowns=["z"]
        )
        assert an.findings(graph)[-1].message.endswith(
            ": only equations that are not admitted define it, such as"
            " equations[0] (refused)"
        )

    def test_a_determined_unknown_is_no_finding(self) -> None:
        """The bundled shape, facts and one admitted equation, has no finding."""
        graph = make_graph(
            facts=[("x", "1"), ("y", "2")], equations=["z := x y"], unknowns=["z"]
        )
        assert an.findings(graph) == ()


class TestCyclicDefinition:
    """cyclic_definition: once per cycle, at its earliest equation."""

    def test_a_cycle_of_two(self) -> None:
        """One finding, at the first equation of the cycle and its dependency in it."""
        graph = make_graph("a x y", equations=["y := a x", "x := y"], constraints=["a"])
        found = [f for f in an.findings(graph) if f.code == "cyclic_definition"]
        assert found == [
            finding(
                "cyclic_definition",
                ("equations", 0, "dependencies", 1),
                "equations[0] defines 'y' in a cycle of 2 symbols defined from one"
                " another: 'x', 'y'",
            )
        ]

    def test_a_self_dependency(self) -> None:
        """A symbol defined from itself is a cycle of one."""
        graph = make_graph("x", equations=["x := x"])
        assert an.findings(graph) == (
            finding(
                "cyclic_definition",
                ("equations", 0, "dependencies", 0),
                "equations[0] defines 'x' from itself",
            ),
        )

    def test_a_long_cycle_lists_five_ids(self) -> None:
        """A message names five ids of a long cycle and counts the rest."""
        ids = [f"s{i}" for i in range(7)]
        equations = [f"{ids[i]} := {ids[i - 1]}" for i in range(7)]
        graph = make_graph(" ".join(ids), equations=equations)
        assert an.findings(graph)[0].message == (
            "equations[0] defines 's0' in a cycle of 7 symbols defined from one"
            " another: 's0', 's1', 's2', 's3', 's4' and 2 more"
        )

    def test_each_cycle_once(self) -> None:
        """Two cycles, two findings; later equations of a cycle add none."""
        graph = make_graph(
            "x y z",
            equations=["x := y", "y := x", "x := x y", "z := z"],
            facts=[("x", "1")],
        )
        cyclic = [f.path for f in an.findings(graph) if f.code == "cyclic_definition"]
        assert cyclic == [
            ("equations", 0, "dependencies", 0),
            ("equations", 3, "dependencies", 0),
        ]

    def test_a_pending_equation_does_not_start_the_cycle(self) -> None:
        """The earliest equation of a cycle is an admitted one."""
        graph = make_graph(equations=["x := y pending", "x := y", "y := x"])
        cyclic = [f.path for f in an.findings(graph) if f.code == "cyclic_definition"]
        assert cyclic == [("equations", 1, "dependencies", 0)]


class TestMultiplyDefined:
    """multiply_defined: at each admitted definition that is not the one that counts."""

    def test_a_fact_and_an_equation(self) -> None:
        """With a fact, every admitted equation of the symbol is a finding."""
        graph = make_graph(
            facts=[("x", "1"), ("y", "2")], equations=["x := y"], unknowns=["x"]
        )
        assert an.findings(graph) == (
            finding(
                "unused_symbol",
                ("symbols", 2, "symbol_id"),
                "'z' is not referred to by any fact, equation, unknown or constraint",
            ),
            finding(
                "multiply_defined",
                ("equations", 0, "lhs_symbol_id"),
                "equations[0] defines 'x', which facts[0] already gives",
            ),
        )

    def test_two_equations(self) -> None:
        """The equation of the solve order counts; the other is a finding."""
        graph = make_graph(
            facts=[("x", "1")], equations=["z := y", "z := x"], unknowns=["z"]
        )
        found = [f for f in an.findings(graph) if f.code == "multiply_defined"]
        assert found == [
            finding(
                "multiply_defined",
                ("equations", 0, "lhs_symbol_id"),
                "equations[0] defines 'z', which equations[1] already determines",
            )
        ]

    def test_two_equations_of_an_undetermined_symbol(self) -> None:
        """Of two definitions that never fire, the later is the finding."""
        graph = make_graph(equations=["z := y", "z := x y"], unknowns=["z"])
        found = [f for f in an.findings(graph) if f.code == "multiply_defined"]
        assert found == [
            finding(
                "multiply_defined",
                ("equations", 1, "lhs_symbol_id"),
                "equations[1] defines 'z', which equations[0] already defines",
            )
        ]

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_equations_not_admitted_define_nothing(self, status: str) -> None:
        """A fact and a pending or refused equation of one symbol is no finding."""
        graph = make_graph(
            "x y", facts=[("x", "1"), ("y", "2")], equations=[f"x := y {status}"]
        )
        assert an.findings(graph) == ()


class TestConflictingFacts:
    """conflicting_facts: a later fact whose value string differs from the first's."""

    def test_two_values(self) -> None:
        """The later fact is the finding; the strings are compared, never parsed."""
        graph = make_graph(
            "x", facts=[("x", "3"), ("x", "3.0"), ("x", "3")], constraints=["x"]
        )
        assert an.findings(graph) == (
            finding(
                "conflicting_facts",
                ("facts", 1, "value"),
                "facts[1] gives 'x' the value '3.0', but facts[0] gives it '3'",
            ),
        )

    def test_equal_values_agree(self) -> None:
        """A fact repeated with the same value is no finding."""
        graph = make_graph("x", facts=[("x", "3"), ("x", "3")])
        assert an.findings(graph) == ()


class TestUndefinedDependency:
    """undefined_dependency: an admitted equation reads a symbol nothing gives."""

    def test_each_such_dependency(self) -> None:
        """One finding per dependency, counted in code-point order."""
        graph = make_graph("b a c", equations=["c := a b"], unknowns=["b"])
        found = [f for f in an.findings(graph) if f.code == "undefined_dependency"]
        assert found == [
            finding(
                "undefined_dependency",
                ("equations", 0, "dependencies", 0),
                "equations[0] reads 'a', which no fact gives and no equation defines",
            ),
            finding(
                "undefined_dependency",
                ("equations", 0, "dependencies", 1),
                "equations[0] reads 'b', which no fact gives and no equation defines",
            ),
        ]

    def test_pending_equations_read_freely(self) -> None:
        """What a pending equation reads is no finding."""
        graph = make_graph("x y", equations=["y := x pending"])
        assert an.findings(graph) == ()


class TestUnadmittedDependency:
    """unadmitted_dependency: an admitted equation reads what only unadmitted ones define."""

    def test_reads_a_symbol_of_a_pending_equation(self) -> None:
        """The finding names the first equation that defines it, and its status."""
        graph = make_graph(
            facts=[("x", "1")],
            equations=["y := x pending", "z := y", "y := x refused"],
            unknowns=["z"],
        )
        found = [f for f in an.findings(graph) if f.code == "unadmitted_dependency"]
        assert found == [
            finding(
                "unadmitted_dependency",
                ("equations", 1, "dependencies", 0),
                "equations[1] reads 'y', which only equations that are not admitted"
                " define, such as equations[0] (pending)",
            )
        ]

    def test_an_admitted_definition_is_enough(self) -> None:
        """A symbol that one admitted equation defines is no finding, determined or not."""
        graph = make_graph(
            "w x y z",
            facts=[("x", "1")],
            equations=["y := x pending", "y := w", "z := y", "w := "],
            unknowns=["z"],
        )
        assert an.findings(graph) == ()


class TestFactUnitMismatch:
    """fact_unit_mismatch: a fact's unit that differs from its symbol's."""

    def test_a_different_unit(self) -> None:
        """The fact's unit is the finding."""
        graph = make_graph(
            "x", facts=[("x", "3", "g")], units={"x": "kg"}, constraints=["x"]
        )
        assert an.findings(graph) == (
            finding(
                "fact_unit_mismatch",
                ("facts", 0, "unit"),
                "facts[0] is in 'g', but its symbol 'x' is in 'kg'",
            ),
        )

    @pytest.mark.parametrize(
        ("fact_unit", "symbol_unit"), [(None, "kg"), ("kg", None), ("kg", "kg")]
    )
    def test_a_missing_unit_is_never_a_mismatch(
        self, fact_unit: str | None, symbol_unit: str | None
    ) -> None:
        """Without a unit on either side, or with equal units, there is no finding."""
        fact = ("x", "3") if fact_unit is None else ("x", "3", fact_unit)
        units = {} if symbol_unit is None else {"x": symbol_unit}
        graph = make_graph("x", facts=[fact], units=units)
        assert an.findings(graph) == ()


class TestUnknownUnitMismatch:
    """unknown_unit_mismatch: an unknown's expected unit that differs from its symbol's."""

    def test_a_different_unit(self) -> None:
        """The unknown's expected_unit is the finding."""
        graph = make_graph(
            "x", facts=[("x", "3")], unknowns=[("x", "g")], units={"x": "kg"}
        )
        assert an.findings(graph) == (
            finding(
                "unknown_unit_mismatch",
                ("unknowns", 0, "expected_unit"),
                "unknowns[0] expects 'g', but its symbol 'x' is in 'kg'",
            ),
        )

    def test_a_missing_unit_is_never_a_mismatch(self) -> None:
        """An expected unit on a symbol without one is no finding, nor is no expected unit."""
        graph = make_graph(
            "x y",
            facts=[("x", "3"), ("y", "4")],
            unknowns=[("x", "g"), "y"],
            units={"y": "kg"},
        )
        assert an.findings(graph) == ()


class TestUnusedSymbol:
    """unused_symbol: a symbol that nothing refers to."""

    def test_an_unused_symbol(self) -> None:
        """Only the symbol that nothing names is a finding."""
        graph = make_graph("x y", constraints=["x"])
        assert an.findings(graph) == (
            finding(
                "unused_symbol",
                ("symbols", 1, "symbol_id"),
                "'y' is not referred to by any fact, equation, unknown or constraint",
            ),
        )

    @pytest.mark.parametrize(
        "graph",
        [
            make_graph("x", facts=[("x", "1")]),
            make_graph("x", unknowns=["x"], facts=[("x", "1")]),
            make_graph("x", constraints=["x"]),
            make_graph("x y", equations=["y := x pending"]),
        ],
    )
    def test_any_reference_is_a_use(self, graph: SemanticSymbolicBindingGraph) -> None:
        """A fact, an unknown, a constraint or any equation uses its symbols."""
        assert an.findings(graph) == ()


# -- findings, all together ---------------------------------------------------------


class TestFindings:
    """findings: exactly what the rules call for, in the documented order."""

    def test_codes_are_the_documented_closed_set(self) -> None:
        """FINDING_CODES and the FindingCode Literal name the same eleven codes, once each."""
        codes = typing.get_args(an.FindingCode)
        assert len(codes) == len(set(codes)) == 11
        assert frozenset(codes) == an.FINDING_CODES

    def test_order_is_by_element_then_code(self) -> None:
        """Symbols, facts, equations, unknowns; by index; within one, by code."""
        graph = make_graph(
            "x y z u",
            facts=[("x", "1"), ("x", "2", "g")],
            equations=["x := x", "y := z"],
            unknowns=[("y", "g")],
            units={"x": "kg", "y": "kg"},
        )
        assert [(f.code, f.path) for f in an.findings(graph)] == [
            ("unused_symbol", ("symbols", 3, "symbol_id")),
            ("conflicting_facts", ("facts", 1, "value")),
            ("fact_unit_mismatch", ("facts", 1, "unit")),
            ("cyclic_definition", ("equations", 0, "dependencies", 0)),
            ("multiply_defined", ("equations", 0, "lhs_symbol_id")),
            ("undefined_dependency", ("equations", 1, "dependencies", 0)),
            ("undetermined_unknown", ("unknowns", 0, "symbol_id")),
            ("unknown_unit_mismatch", ("unknowns", 0, "expected_unit")),
        ]

    @given(GRAPHS)
    def test_are_what_the_rules_call_for(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Exactly the oracle's findings, in the documented order, each path naming its value."""
        found = an.findings(graph)
        assert {(f.code, f.path) for f in found} == oracle_findings(graph)
        assert len(found) == len({(f.code, f.path) for f in found})
        assert list(found) == sorted(found, key=order_key)
        determined = an.determined_symbols(graph)
        for each in found:
            value = resolve(graph, each.path)
            assert show(value) in each.message
            if each.code == "undetermined_unknown":
                assert value not in determined
            if each.code == "cyclic_definition":
                equation = graph.equations[int(each.path[1])]
                assert any(
                    {value, equation.lhs_symbol_id} <= set(c) for c in an.cycles(graph)
                )

    @given(dense_graphs())
    def test_every_admitted_equation_is_accounted_for(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Each admitted equation is in the order, a finding, or the only hope of its symbol."""
        order = {id(e) for e in an.solve_order(graph)}
        repeated = {
            f.path[1] for f in an.findings(graph) if f.code == "multiply_defined"
        }
        determined = an.determined_symbols(graph)
        for index, equation in admitted(graph):
            in_order = id(equation) in order
            is_repeat = index in repeated
            waits = equation.lhs_symbol_id not in determined and not is_repeat
            assert [in_order, is_repeat, waits].count(True) == 1

    def test_a_graph_without_elements_has_no_findings(self) -> None:
        """The empty graph has nothing to say."""
        assert an.findings(SemanticSymbolicBindingGraph()) == ()


class TestFinding:
    """Finding: a frozen value with a checked code, path and message."""

    def test_str_is_code_at_where_colon_message(self) -> None:
        """str() gives what a command prints after FILE:LINE:."""
        found = an.Finding("unused_symbol", ("symbols", 2, "symbol_id"), "'z' unused")
        assert str(found) == "unused_symbol at symbols[2].symbol_id: 'z' unused"

    def test_is_frozen_equal_by_value_and_picklable(self) -> None:
        """Findings compare and hash by value, cannot change and pickle."""
        found = an.Finding("unused_symbol", ("symbols", 2, "symbol_id"), "m")
        same = an.Finding("unused_symbol", ("symbols", 2, "symbol_id"), "m")
        assert found == same
        assert hash(found) == hash(same)
        assert pickle.loads(pickle.dumps(found)) == found  # noqa: S301 -- our own bytes
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            found.code = "cyclic_definition"  # type: ignore[misc]

    def test_a_path_must_be_exactly_a_tuple(self) -> None:
        """A tuple subclass is no path: it is wrong_type, however its segments look."""

        class Segments(tuple[str | int, ...]):
            __slots__ = ()

        path = Segments(("symbols", 0, "symbol_id"))
        with pytest.raises(BindingGraphError) as info:
            an.Finding("unused_symbol", path, "m")
        assert (info.value.code, info.value.path) == ("wrong_type", ("path",))

    @pytest.mark.parametrize(
        ("fields", "code", "path", "message"),
        [
            (
                {"code": "bogus"},
                "not_in_vocabulary",
                ("code",),
                (
                    "Finding.code must be one of conflicting_facts, conflicting_values,"
                    " constraint_symbols, constraint_violated, cyclic_definition,"
                    " dependency_mismatch, division_by_zero, fact_dimension_mismatch,"
                    " fact_offset_mismatch, fact_scale_mismatch, fact_unit_mismatch,"
                    " form_kind_mismatch, form_role_mismatch, inadmissible_equation,"
                    " limit_exceeded, multiply_defined, not_arithmetic,"
                    " operation_mismatch, question_unit_mismatch, unadmitted_dependency,"
                    " undefined_dependency, undetermined_unknown,"
                    " unknown_dimension_mismatch, unknown_offset_mismatch,"
                    " unknown_scale_mismatch, unknown_unit, unknown_unit_mismatch,"
                    " unused_number, unused_symbol, value_conflict (got 'bogus')"
                ),
            ),
            (
                {"code": 3},
                "wrong_type",
                ("code",),
                ("Finding.code must be a str, not int (got 3)"),
            ),
            (
                {"path": ["symbols", 0]},
                "wrong_type",
                ("path",),
                (
                    "Finding.path must be a tuple of str and int, not list"
                    " (got ['symbols', 0])"
                ),
            ),
            (
                {"path": ("symbols", True)},
                "wrong_type",
                ("path", 1),
                "Finding.path must be a tuple of str and int, not bool (got True)",
            ),
            (
                {"message": " "},
                "empty_text",
                ("message",),
                "Finding.message must not be empty or blank (got ' ')",
            ),
        ],
    )
    def test_refuses_bad_fields(
        self, fields: dict[str, Any], code: str, path: ErrorPath, message: str
    ) -> None:
        """A bad code, path or message is refused with its code and path."""
        arguments: dict[str, Any] = {
            "code": "unused_symbol",
            "path": ("symbols", 0, "symbol_id"),
            "message": "m",
        }
        arguments.update(fields)
        with pytest.raises(BindingGraphError) as info:
            an.Finding(**arguments)
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


# -- require_solvable -------------------------------------------------------------------


def refusal(graph: SemanticSymbolicBindingGraph) -> BindingGraphError | None:
    """Return the refusal require_solvable raises for *graph*, or None."""
    try:
        an.require_solvable(graph)
    except BindingGraphError as exc:
        return exc
    return None


class TestRequireSolvable:
    """require_solvable refuses an unknown that is not determined, and nothing else."""

    def test_a_solvable_graph_passes(self) -> None:
        """A graph whose unknowns are all determined returns None, findings or not."""
        graph = make_graph(
            facts=[("x", "1"), ("x", "2"), ("y", "3")],
            equations=["z := x y", "y := y"],
            unknowns=["z", "x"],
        )
        assert refusal(graph) is None

    def test_refuses_the_first_undetermined_unknown(self) -> None:
        """The refusal is unbound_unknown at the first such unknown, saying why."""
        graph = make_graph(
            facts=[("x", "1")], equations=["z := x y"], unknowns=["x", "z", "y"]
        )
        with pytest.raises(BindingGraphError) as info:
            an.require_solvable(graph)
        assert info.value.code == "unbound_unknown"
        assert info.value.path == ("unknowns", 1, "symbol_id")
        assert info.value.message == (
            "SemanticSymbolicBindingGraph.unknowns[1].symbol_id must name a symbol"
            " that the facts and admitted equations determine ('z' is not:"
            " equations[0] defines it from 'y', which is not determined)"
        )

    def test_a_cycle_is_refused_through_its_unknown(self) -> None:
        """An unknown defined only in a cycle is refused."""
        graph = make_graph(equations=["x := y", "y := x"], unknowns=["y"])
        with pytest.raises(BindingGraphError) as info:
            an.require_solvable(graph)
        assert (info.value.code, info.value.path) == (
            "unbound_unknown",
            ("unknowns", 0, "symbol_id"),
        )

    def test_a_cycle_away_from_the_unknowns_is_not_refused(self) -> None:
        """A cycle that no unknown needs is a finding only."""
        graph = make_graph(
            facts=[("z", "1")], equations=["x := y", "y := x"], unknowns=["z"]
        )
        assert refusal(graph) is None
        assert [f.code for f in an.findings(graph)] == ["cyclic_definition"]

    @given(GRAPHS)
    def test_refuses_exactly_when_an_unknown_is_undetermined(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """It refuses iff there is an undetermined_unknown finding, at its path."""
        first = next(
            (f for f in an.findings(graph) if f.code == "undetermined_unknown"), None
        )
        if first is None:
            assert refusal(graph) is None
        else:
            with pytest.raises(BindingGraphError) as info:
                an.require_solvable(graph)
            assert (info.value.code, info.value.path) == ("unbound_unknown", first.path)


# -- arguments ----------------------------------------------------------------------------

FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "determined_symbols": an.determined_symbols,
    "solve_order": an.solve_order,
    "cycles": an.cycles,
    "findings": an.findings,
    "require_solvable": an.require_solvable,
    "to_dot": an.to_dot,
    "to_mermaid": an.to_mermaid,
}


class TestArguments:
    """Every function refuses what is not a graph."""

    @pytest.mark.parametrize("name", sorted(FUNCTIONS))
    @pytest.mark.parametrize("value", [None, "graph", make_graph().symbols])
    def test_refuses_a_non_graph(self, name: str, value: object) -> None:
        """Anything but a graph is wrong_type at ("graph",), naming the function."""
        with pytest.raises(BindingGraphError) as info:
            FUNCTIONS[name](value)
        assert info.value.code == "wrong_type"
        assert info.value.path == ("graph",)
        assert info.value.message.startswith(
            f"{name}.graph must be a SemanticSymbolicBindingGraph, not"
            f" {type(value).__name__} (got "
        )


class TestCollector:
    """Every function pauses the cyclic collector while it works, and restores it."""

    @pytest.mark.parametrize("name", sorted(FUNCTIONS))
    def test_paused_while_working(
        self, name: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The analysis runs with the collector off; it is on again afterwards."""
        seen: list[bool] = []
        solve = _engine.solve

        def watched(graph: SemanticSymbolicBindingGraph) -> tuple[list[int], set[str]]:
            seen.append(gc.isenabled())
            return solve(graph)

        monkeypatch.setattr(_engine, "solve", watched)
        graph = make_graph(facts=[("x", "1")], unknowns=["x"])
        if name == "cycles":
            monkeypatch.setattr(_engine, "cycles", watched)
        FUNCTIONS[name](graph)
        assert seen == [False]
        assert gc.isenabled()

    def test_left_off_when_it_was_off(self) -> None:
        """A collector that was off stays off."""
        gc.disable()
        try:
            assert an.findings(make_graph("x", constraints=["x"])) == ()
            assert not gc.isenabled()
        finally:
            gc.enable()

    def test_restored_when_the_analysis_fails(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An exception on the way out still turns the collector back on."""

        def broken(graph: SemanticSymbolicBindingGraph) -> tuple[list[int], set[str]]:
            raise RuntimeError(graph)

        monkeypatch.setattr(_engine, "solve", broken)
        with pytest.raises(RuntimeError):
            an.determined_symbols(make_graph())
        assert gc.isenabled()


# -- determinism, size, surface -----------------------------------------------------------

SEEDED_SCRIPT = """
import json, random
from binding_graph import *
from binding_graph.analysis import _engine
from binding_graph import analysis as an
from binding_graph.analysis import _engine
span = SourceSpanLink("p", 0, 1, "x")
results = []
for seed in range(20):
    rng = random.Random(seed)
    ids = ["a", "b", "c", "d", "e", "f", "\\u03c3", "x_1", "\\u00e9t\\u00e9"][: rng.randint(1, 9)]
    symbols = tuple(
        SymbolBinding(symbol_id=i, name=i, semantic_role="quantity", source_span=span,
                      introduced_by="t", unit=rng.choice([None, "kg", "g"]))
        for i in ids)
    facts = tuple(BoundFact(symbol_id=rng.choice(ids), value=rng.choice("12"),
                            source_span=span, unit=rng.choice([None, "kg", "g"]))
                  for _ in range(rng.randint(0, 4)))
    equations = []
    for _ in range(rng.randint(0, 14)):
        status = rng.choice(["admitted", "admitted", "pending", "refused"])
        equations.append(BoundEquation(
            lhs_symbol_id=rng.choice(ids), rhs_canonical="f",
            dependencies=frozenset(rng.sample(ids, rng.randint(0, min(4, len(ids))))),
            operation_kind="op", unit_proof="p", admissibility_status=status,
            source_span=span, refusal_reason="no" if status == "refused" else None))
    unknowns = tuple(BoundUnknown(symbol_id=rng.choice(ids), question_span=span,
                                  expected_unit=rng.choice([None, "kg"]))
                     for _ in range(rng.randint(0, 3)))
    graph = SemanticSymbolicBindingGraph(symbols=symbols, facts=facts,
                                         equations=tuple(equations), unknowns=unknowns)
    try:
        an.require_solvable(graph)
        refusal = None
    except BindingGraphError as exc:
        refusal = str(exc)
    results.append([
        sorted(an.determined_symbols(graph)),
        [graph.equations.index(e) for e in an.solve_order(graph)],
        an.cycles(graph),
        [str(f) for f in an.findings(graph)],
        refusal,
        an.to_dot(graph),
        an.to_mermaid(graph),
    ])
print(json.dumps(results))
"""


def test_results_are_the_same_under_every_hash_seed() -> None:
    """Every function gives the same output in interpreters with different hash seeds."""
    outputs = {
        run_python("-c", SEEDED_SCRIPT, environment={"PYTHONHASHSEED": seed})
        for seed in ("0", "1", "2", "12345")
    }
    assert len(outputs) == 1
    results = json.loads(outputs.pop())
    # The graphs are varied enough to exercise the order and the cycles.
    assert any(result[2] for result in results)
    assert any(len(result[1]) > 1 for result in results)
    assert any(result[4] for result in results)


CHAIN = 100_000


@pytest.fixture(scope="module")
def long_chain() -> SemanticSymbolicBindingGraph:
    """A chain s1 := s0, s2 := s1, ... of 100,000 equations, closed into a cycle by s0 := s_last."""
    ids = [f"s{i}" for i in range(CHAIN + 1)]
    symbols = tuple(
        SymbolBinding(
            symbol_id=i,
            name=i,
            semantic_role="quantity",
            source_span=SPAN,
            introduced_by="t",
        )
        for i in ids
    )

    def link(lhs: str, dependency: str, status: str = "admitted") -> BoundEquation:
        return BoundEquation(
            lhs_symbol_id=lhs,
            rhs_canonical=dependency,
            dependencies=frozenset({dependency}),
            operation_kind="copy",
            unit_proof="p",
            admissibility_status=status,  # type: ignore[arg-type]
            source_span=SPAN,
        )

    equations = tuple(link(ids[i + 1], ids[i]) for i in range(CHAIN))
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=(BoundFact(symbol_id="s0", value="1", source_span=SPAN),),
        equations=(*equations, link("s0", ids[-1])),
    )


class TestLongChains:
    """A chain of 100,000 equations is analysed and drawn without recursion."""

    def test_the_chain_is_determined_in_order(
        self, long_chain: SemanticSymbolicBindingGraph
    ) -> None:
        """Every link is determined, in chain order."""
        assert len(an.determined_symbols(long_chain)) == CHAIN + 1
        assert an.solve_order(long_chain) == long_chain.equations[:CHAIN]
        assert sys.getrecursionlimit() < CHAIN

    def test_the_cycle_through_the_chain_is_one_component(
        self, long_chain: SemanticSymbolicBindingGraph
    ) -> None:
        """Closing the chain makes one cycle of every symbol."""
        (cycle,) = an.cycles(long_chain)
        assert len(cycle) == CHAIN + 1

    def test_findings_and_pictures(
        self, long_chain: SemanticSymbolicBindingGraph
    ) -> None:
        """The findings name the cycle and the repeated definition; both pictures draw every edge."""
        assert [(f.code, f.path) for f in an.findings(long_chain)] == [
            ("cyclic_definition", ("equations", 0, "dependencies", 0)),
            ("multiply_defined", ("equations", CHAIN, "lhs_symbol_id")),
        ]
        assert an.to_dot(long_chain).count(" -> ") == 2 * (CHAIN + 1)
        assert an.to_mermaid(long_chain).count(" --> ") == 2 * (CHAIN + 1)


class TestManyUnknownsOfOneSymbol:
    """Unknowns that all ask for one symbol, defined from many others, cost time in proportion."""

    WIDTH = 200

    def wide(self) -> SemanticSymbolicBindingGraph:
        """Return a graph of WIDTH unknowns of x, whose equation reads WIDTH undetermined symbols."""
        readers = " ".join(f"s{i}" for i in range(self.WIDTH))
        return make_graph(
            f"x {readers}",
            equations=[f"x := {readers}"],
            unknowns=["x"] * self.WIDTH,
        )

    @pytest.mark.parametrize("name", ["findings", "to_dot", "to_mermaid"])
    def test_why_a_symbol_is_undetermined_is_worked_out_once(
        self, name: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The reason for x is worked out once, not once per unknown: each costs a pass over x's dependencies."""
        worked_out: list[str] = []
        work_out = _engine.Analysis._why_undetermined  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]

        def counted(analysis: _engine.Analysis, symbol_id: str) -> str:
            worked_out.append(symbol_id)
            return work_out(analysis, symbol_id)

        monkeypatch.setattr(_engine.Analysis, "_why_undetermined", counted)
        FUNCTIONS[name](self.wide())
        assert worked_out == ["x"]

    def test_every_unknown_still_gets_its_finding(self) -> None:
        """Each unknown has its own finding, with the one reason."""
        found = an.findings(self.wide())
        undetermined = [f for f in found if f.code == "undetermined_unknown"]
        assert [f.path for f in undetermined] == [
            ("unknowns", i, "symbol_id") for i in range(self.WIDTH)
        ]
        assert len({f.message.split(":", 1)[1] for f in undetermined}) == 1


def test_module_surface() -> None:
    """__all__ is the documented API, each name documented."""
    assert an.__all__ == [
        "FINDING_CODES",
        "KIND_FORMS",
        "Finding",
        "FindingCode",
        "cycles",
        "determined_symbols",
        "findings",
        "require_solvable",
        "solve_order",
        "to_dot",
        "to_mermaid",
    ]
    for name in an.__all__:
        value = getattr(an, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert ".. versionadded:: 0.1.0" in (value.__doc__ or ""), name


def test_import_pulls_in_only_attrs_and_the_stdlib() -> None:
    """A fresh import of binding_graph.analysis adds only attrs and stdlib modules."""
    output = run_python(
        "-c",
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "import binding_graph.analysis\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))\n",
    )
    added = set(json.loads(output))
    assert (
        added - {"binding_graph", "attr", "attrs"} - set(sys.stdlib_module_names)
        == set()
    )
