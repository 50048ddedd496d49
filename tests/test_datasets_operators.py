"""Set-ups and gold cases whose steps use ``//``, ``%``, ``**`` and the profile's functions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs
import pytest

from binding_graph.arithmetic import parse_expression
from binding_graph.datasets import diff, from_gsm8k
from binding_graph.datasets._contents import _places  # pyright: ignore[reportPrivateUsage]
from binding_graph.datasets._diff import renamed_equation
from tests._cases import CASE

if TYPE_CHECKING:
    from binding_graph import SemanticSymbolicBindingGraph

# CASE's symbols, named anew in an order of their own.
NAMES: Final = {
    "sym_3_000": "zeta_bags",
    "sym_4_001": "alpha_apples",
    "sym_step_1_002": "middle_total",
}


def _with_rhs(rhs: str) -> SemanticSymbolicBindingGraph:
    """CASE's graph, its one step computing *rhs* over its two facts."""
    step = CASE.graph.equations[0]
    return attrs.evolve(CASE.graph, equations=(attrs.evolve(step, rhs_canonical=rhs),))


def _renamed(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    """*graph* with its symbols named by NAMES, its right-hand side rewritten."""
    rhs = graph.equations[0].rhs_canonical
    for old, new in NAMES.items():
        rhs = rhs.replace(old, new)
    step = graph.equations[0]
    return attrs.evolve(
        graph,
        symbols=tuple(
            attrs.evolve(symbol, symbol_id=NAMES[symbol.symbol_id])
            for symbol in graph.symbols
        ),
        facts=tuple(
            attrs.evolve(fact, symbol_id=NAMES[fact.symbol_id]) for fact in graph.facts
        ),
        equations=(
            attrs.evolve(
                step,
                lhs_symbol_id=NAMES[step.lhs_symbol_id],
                rhs_canonical=rhs,
                dependencies=frozenset(NAMES[name] for name in step.dependencies),
            ),
        ),
        unknowns=tuple(
            attrs.evolve(unknown, symbol_id=NAMES[unknown.symbol_id])
            for unknown in graph.unknowns
        ),
    )


class TestSetups:
    """A call is matched as a whole: its function, and its arguments in order, or in any order for min and max."""

    @pytest.mark.parametrize(
        "rhs",
        [
            "min(sym_3_000, sym_4_001)",
            "round(sym_3_000 / sym_4_001, 2)",
            "sym_3_000 ** 2 // sym_4_001",
            "abs(sym_3_000 - sym_4_001) % sym_4_001",
        ],
    )
    def test_a_graph_matches_itself_renamed(self, rhs: str) -> None:
        """No difference, whatever the symbols are named."""
        graph = _with_rhs(rhs)
        assert diff(graph, _renamed(graph)) == ()

    def test_min_and_max_take_their_arguments_in_any_order(self) -> None:
        """``min(a, b)`` is ``min(b, a)``; ``round(a, 2)`` is not ``round(a, 1)``."""
        assert (
            diff(
                _with_rhs("max(sym_3_000, sym_4_001)"),
                _with_rhs("max(sym_4_001, sym_3_000)"),
            )
            == ()
        )
        changed = diff(
            _with_rhs("round(sym_3_000 / sym_4_001, 2)"),
            _with_rhs("round(sym_3_000 / sym_4_001, 1)"),
        )
        assert [difference.path for difference in changed][:2] == [
            ("equations", 0),
            ("equations", 0),
        ]

    def test_arguments_in_order_for_other_functions(self) -> None:
        """``round(a / b, 2)`` and ``round(b / a, 2)`` differ; equal values are one step, as for any operator."""
        assert diff(
            _with_rhs("round(sym_3_000 / sym_4_001, 2)"),
            _with_rhs("round(sym_4_001 / sym_3_000, 2)"),
        )
        assert not diff(
            _with_rhs("round(sym_3_000 / sym_4_001)"),
            _with_rhs("round(sym_4_001 / sym_3_000)"),
        )

    def test_a_call_is_renamed_whole(self) -> None:
        """Each argument's symbols are renamed; the call keeps its function."""
        graph = _with_rhs("max(sym_3_000, -sym_4_001 ** 2)")
        names = {"sym_3_000": "bags", "sym_4_001": "apples"}
        assert (
            renamed_equation(graph, 0, names)
            == f"{graph.equations[0].lhs_symbol_id} := max(bags, -apples ** 2)"
        )


class TestGsm8k:
    """GSM8K's annotations with ``**`` and ``//`` read as Python computes them."""

    @pytest.mark.parametrize(
        ("question", "step", "answer", "rhs"),
        [
            ("A 3 and 2.", "<<3**2=9>>", "9", "sym_3_000 ** sym_2_001"),
            ("A 3.", "<<3**2=9>>", "9", "sym_3_000 ** 2"),
            ("A 7 and 2.", "<<7//2=3>>", "3", "sym_7_000 // sym_2_001"),
        ],
    )
    def test_a_step(self, question: str, step: str, answer: str, rhs: str) -> None:
        """The step's equation, the numbers of the text its facts."""
        case = from_gsm8k(
            {"question": question, "answer": f"{step}\n#### {answer}"},
            source_id="p",
        )
        assert [equation.rhs_canonical for equation in case.graph.equations] == [rhs]


class TestPlaces:
    """Where a symbol stands in a call: any argument of min and max alike, an argument of another function by its position."""

    def test_min_and_max_place_their_arguments_alike(self) -> None:
        """``a`` stands where it stands in ``min(a, b)`` as in ``min(b, a)``."""
        one = _places(parse_expression("min(a, b) * 2"))
        other = _places(parse_expression("min(b, a) * 2"))
        assert one == other
        assert one["a"] == one["b"]

    def test_other_functions_place_them_by_position(self) -> None:
        """``a`` stands in ``round(a - b, 2)`` where ``b`` stands in ``round(b - a, 2)``, and apart from ``b``."""
        one = _places(parse_expression("round(a - b, 2)"))
        other = _places(parse_expression("round(b - a, 2)"))
        assert one["a"] == other["b"]
        assert one["a"] != one["b"]
