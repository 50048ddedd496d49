"""binding_graph.units over graphs: the unit of an expression, admission (SSBG-3), and the unit findings."""

from __future__ import annotations

import re
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
import pytest

from binding_graph import (
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.arithmetic import parse_expression
from binding_graph.errors import BindingGraphError
from binding_graph.units import (
    ADMISSION_REASONS,
    DEFAULT,
    UNIT_FINDING_CODES,
    Unit,
    admit,
    parse_unit,
    unit_findings,
    unit_of,
)
from tests._helpers import untyped

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from binding_graph.vocabularies import AdmissibilityStatus

SPAN = SourceSpanLink("p1", 0, 5, "Alice")


def _refused(call: Callable[[], object]) -> BindingGraphError:
    with pytest.raises(BindingGraphError) as info:
        call()
    return info.value


def _graph(
    units: dict[str, str | None],
    equations: Sequence[tuple[str, str, frozenset[str] | None]] = (),
    *,
    status: AdmissibilityStatus = "pending",
    facts: Sequence[tuple[str, str | None]] = (),
    unknowns: Sequence[tuple[str, str | None]] = (),
) -> SemanticSymbolicBindingGraph:
    """Build a graph: symbols with *units*, equations ``(lhs, rhs, dependencies)`` of *status*."""
    return SemanticSymbolicBindingGraph(
        symbols=tuple(
            SymbolBinding(
                symbol_id=symbol_id,
                name=symbol_id,
                semantic_role="quantity",
                source_span=SPAN,
                introduced_by="test",
                unit=unit,
            )
            for symbol_id, unit in units.items()
        ),
        facts=tuple(
            BoundFact(symbol_id=symbol_id, value="1", source_span=SPAN, unit=unit)
            for symbol_id, unit in facts
        ),
        equations=tuple(
            BoundEquation(
                lhs_symbol_id=lhs,
                rhs_canonical=rhs,
                dependencies=(
                    frozenset(re.findall(r"[^\W\d]\w*", rhs))
                    if dependencies is None
                    else dependencies
                ),
                operation_kind="multiply",
                unit_proof="claimed",
                admissibility_status=status,
                source_span=SPAN,
                refusal_reason="claimed" if status == "refused" else None,
            )
            for lhs, rhs, dependencies in equations
        ),
        unknowns=tuple(
            BoundUnknown(symbol_id=symbol_id, question_span=SPAN, expected_unit=unit)
            for symbol_id, unit in unknowns
        ),
    )


def _decided(units: dict[str, str | None], lhs: str, rhs: str) -> BoundEquation:
    return admit(_graph(units, [(lhs, rhs, None)])).equations[0]


class TestUnitOf:
    """Literals are pure numbers; + and - need one unit; * and / combine units."""

    def test_infers_the_unit_of_a_text_or_a_tree(self) -> None:
        """A rate times a time is the rate's numerator."""
        units = {"price": parse_unit("dollars per hour"), "time": parse_unit("h")}
        assert str(unit_of("price * time", units)) == "dollar"
        tree = parse_expression("-(price * time) / 2")
        assert unit_of(tree, MappingProxyType(units)) == parse_unit("$")

    @pytest.mark.parametrize(
        ("expression", "code", "message"),
        [
            (
                "a + b",
                "unit_mismatch",
                (
                    "the expression adds 'kilometer' ([length]) and 'meter' ([length]),"
                    " of one dimension but different scales (1 kilometer = 1000*meter),"
                    " so the numbers would be combined wrongly"
                ),
            ),
            (
                "a - c",
                "unit_mismatch",
                (
                    "the expression subtracts 'kilometer' ([length]) and 'apple' (apple),"
                    " of different dimensions"
                ),
            ),
            (
                "a + 1",
                "unit_mismatch",
                (
                    "the expression adds 'kilometer' ([length]) and '1' (no dimension),"
                    " of different dimensions"
                ),
            ),
            (
                "-t",
                "unit_mismatch",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset"
                    " (its zero is not zero kelvin), so it cannot be negated"
                ),
            ),
            (
                "t + t",
                "unit_mismatch",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset"
                    " (its zero is not zero kelvin), so it cannot be added or subtracted"
                ),
            ),
            (
                "t * 2",
                "unit_mismatch",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset"
                    " (its zero is not zero kelvin), so it cannot be multiplied or divided"
                ),
            ),
            (
                "m * m * m",
                "limit_exceeded",
                (
                    "the expression: a unit may raise a base or a name to a power of at"
                    " most 99, in magnitude"
                ),
            ),
        ],
    )
    def test_refuses_units_that_do_not_combine(
        self, expression: str, code: str, message: str
    ) -> None:
        """A sum of other units or an offset unit scaled is unit_mismatch; a product past the bounds is limit_exceeded."""
        units = {
            "a": parse_unit("km"),
            "b": parse_unit("m"),
            "c": parse_unit("apple"),
            "t": parse_unit("°C"),
            "m": parse_unit("mile^99"),
        }
        error = _refused(lambda: unit_of(expression, units))
        assert (error.code, error.path, error.message) == (code, (), message)

    @pytest.mark.parametrize(
        ("expression", "units", "code", "path"),
        [
            ("a", {}, "unknown_symbol", ()),
            ("a +", {}, "not_arithmetic", ()),
            (b"a", {}, "wrong_type", ("expression",)),
            ("a", [("a", parse_unit("m"))], "wrong_type", ("units",)),
            ("a", {"a": "m"}, "wrong_type", ("units",)),
            ("a", {1: parse_unit("m")}, "wrong_type", ("units",)),
        ],
    )
    def test_refuses_arguments_that_are_not_as_documented(
        self, expression: object, units: object, code: str, path: tuple[str | int, ...]
    ) -> None:
        """Each argument is checked by its class, with its own code and path."""
        error = _refused(lambda: unit_of(untyped(expression), untyped(units)))
        assert (error.code, error.path) == (code, path)


class TestAdmission:
    """admit decides each pending equation by the algebra of units, with a proof or a reason."""

    @pytest.mark.parametrize(
        ("units", "rhs", "proof"),
        [
            (
                {"y": "mile", "v": "mile/hour", "t": "hour"},
                "v * t",
                "mile/hour * hour = mile",
            ),
            (
                {"y": "apple", "a": "apples", "b": "apple"},
                "a + b",
                "apple + apple = apple",
            ),
            (
                {"y": "dollars", "p": "dollars per hour", "t": "hours"},
                "p * t",
                "dollar/hour * hour = dollar",
            ),
            ({"y": "minutes", "h": "hours"}, "h * 60", "hour * 1 = hour = 60*minute"),
            (
                {"y": "€", "p": "€/kg", "m": "g"},
                "p * m / 1000",
                "euro/kilogram * gram / 1 = euro*gram/kilogram = 1/1000*euro",
            ),
            (
                {"y": "day", "n": "page", "r": "page/day"},
                "n / r",
                "page / (page/day) = day",
            ),
            (
                {"y": "pencil", "b": "box", "r": "pencil/box"},
                "b * r",
                "box * (pencil/box) = pencil",
            ),
            (
                {"y": "L", "c": "dm^3", "s": None},
                "c * s",
                "decimeter^3 * 1 = decimeter^3 = liter",
            ),
            ({"y": "m", "d": "m"}, "-(d)", "meter = meter"),
            (
                {"y": "m^2", "a": "m", "b": "m"},
                "(a + b) * (a - b)",
                "(meter + meter) * (meter - meter) = meter^2",
            ),
            ({"y": "°C", "t": "°C"}, "t", "degree Celsius = degree Celsius"),
        ],
    )
    def test_admits_what_the_units_prove(
        self, units: dict[str, str | None], rhs: str, proof: str
    ) -> None:
        """The right-hand side's unit has the left-hand side's dimension: admitted, with the proof."""
        decided = _decided(units, "y", rhs)
        assert (decided.admissibility_status, decided.refusal_reason) == (
            "admitted",
            None,
        )
        assert decided.unit_proof == proof

    @pytest.mark.parametrize(
        ("units", "rhs", "dependencies", "reason"),
        [
            (
                {"y": "apple", "a": "apple", "d": "dollar"},
                "a + d",
                None,
                (
                    "unit_mismatch: equations[0].rhs_canonical adds 'apple' (apple) and"
                    " 'dollar' ([money]), of different dimensions"
                ),
            ),
            (
                {"y": "kg", "v": "km/h", "t": "h"},
                "v * t",
                None,
                (
                    "dimension_mismatch: equations[0].rhs_canonical is in 'kilometer'"
                    " ([length]), but its left-hand side 'y' is in 'kilogram' ([mass])"
                ),
            ),
            (
                {"y": "km", "a": "km", "b": "m"},
                "a + b",
                None,
                (
                    "unit_mismatch: equations[0].rhs_canonical adds 'kilometer' ([length])"
                    " and 'meter' ([length]), of one dimension but different scales"
                    " (1 kilometer = 1000*meter), so the numbers would be combined wrongly"
                ),
            ),
            (
                {"y": "K", "t": "°C"},
                "t",
                None,
                (
                    "unit_mismatch: equations[0].rhs_canonical is in 'degree Celsius'"
                    " ([temperature]), but its left-hand side 'y' is in 'kelvin'"
                    " ([temperature]), whose zero lies elsewhere"
                ),
            ),
            (
                {"y": "km", "a": "km h"},
                "a",
                None,
                (
                    "unknown_unit: symbols[1].unit is not a unit: 'km' is a unit, not a word"
                    " of a noun: join units with '*', '/' or 'per'"
                ),
            ),
            (
                {"y": "m", "a": "m"},
                "a +",
                frozenset({"a"}),
                (
                    "not_arithmetic: equations[0].rhs_canonical"
                    " is not arithmetic: at offset 3, expected a number, a symbol, '-' or '(',"
                    " but found the end of the text"
                ),
            ),
            (
                {"y": "m", "a": "m", "b": "m"},
                "a",
                frozenset({"a", "b"}),
                (
                    "dependency_mismatch: equations[0].dependencies"
                    " must be exactly the symbols rhs_canonical mentions ('b' in dependencies"
                    " but not in rhs_canonical)"
                ),
            ),
            (
                {"y": "m", "a": "mile^99", "b": "lb^99", "c": "hr^99"},
                "a * b * c",
                None,
                (
                    "limit_exceeded: equations[0].rhs_canonical: a unit's scale may take"
                    " at most 4096 bits in its numerator and its denominator"
                ),
            ),
        ],
    )
    def test_refuses_what_the_units_cannot_prove(
        self,
        units: dict[str, str | None],
        rhs: str,
        dependencies: frozenset[str] | None,
        reason: str,
    ) -> None:
        """Anything else is refused, REASON: detail (a scale past the bound too), and its proof is left as it was."""
        decided = admit(_graph(units, [("y", rhs, dependencies)])).equations[0]
        assert decided.admissibility_status == "refused"
        assert decided.refusal_reason == reason
        assert decided.unit_proof == "claimed"
        assert reason.partition(":")[0] in ADMISSION_REASONS

    def test_leaves_decided_equations_unless_asked_to_recheck(self) -> None:
        """Admitted and refused equations stay; recheck decides them again; nothing to do is the graph itself."""
        wrong = _graph({"y": "kg", "a": "km"}, [("y", "a", None)], status="admitted")
        assert admit(wrong) is wrong
        refused = admit(wrong, recheck=True)
        assert refused.equations[0].admissibility_status == "refused"
        assert admit(refused, recheck=True) == refused
        right = _graph({"y": "km", "a": "km"}, [("y", "a", None)], status="refused")
        assert admit(right) is right
        assert admit(right, recheck=True).equations[0].refusal_reason is None

    def test_an_equation_already_so_decided_is_kept_as_it_is(self) -> None:
        """Rechecking a graph whose decisions stand returns the graph itself."""
        graph = admit(
            _graph({"y": "km", "v": "km/h", "t": "h"}, [("y", "v * t", None)])
        )
        assert admit(graph, recheck=True) is graph

    def test_reads_a_right_hand_side_the_quick_reading_leaves(self) -> None:
        """Symbol ids outside ASCII are read by the full reading, with the same proof."""
        graph = _graph(
            {"y": "km", "\u03c3": "km/h", "t": "h"}, [("y", "\u03c3 * t", None)]
        )
        decided = admit(graph).equations[0]
        assert decided.unit_proof == "kilometer/hour * hour = kilometer"

    def test_is_idempotent_and_keeps_the_other_equations(self) -> None:
        """Only pending equations change, and a second admission changes nothing."""
        graph = _graph(
            {"y": "km", "z": "km", "a": "km"}, [("y", "a", None), ("z", "a + a", None)]
        )
        graph = attrs.evolve(
            graph,
            equations=(
                graph.equations[0],
                attrs.evolve(graph.equations[1], admissibility_status="admitted"),
            ),
        )
        admitted = admit(graph)
        assert admitted.equations[1] is graph.equations[1]
        assert admitted.equations[0].unit_proof == "kilometer = kilometer"
        assert admit(admitted) is admitted

    def test_reads_units_in_the_lexicon_given(self) -> None:
        """Apples and oranges are both fruit in a lexicon that says so."""
        graph = _graph(
            {"y": "fruit", "a": "apples", "o": "oranges"}, [("y", "a + o", None)]
        )
        assert admit(graph).equations[0].admissibility_status == "refused"
        lexicon = DEFAULT.extend({"apple": "fruit", "orange": "fruit"})
        decided = admit(graph, lexicon).equations[0]
        assert decided.unit_proof == "apple + orange = apple = fruit"

    @pytest.mark.parametrize(
        ("call", "path"),
        [
            (lambda: admit(untyped({})), ("graph",)),
            (lambda: admit(_graph({}), untyped(None)), ("lexicon",)),
            (lambda: admit(_graph({}), recheck=untyped(1)), ("recheck",)),
            (lambda: unit_findings(untyped(None)), ("graph",)),
            (lambda: unit_findings(_graph({}), untyped("units-v1")), ("lexicon",)),
        ],
    )
    def test_refuses_arguments_that_are_not_as_documented(
        self, call: Callable[[], object], path: tuple[str | int, ...]
    ) -> None:
        """A graph, a lexicon and a bool, each by its class."""
        error = _refused(call)
        assert (error.code, error.path) == ("wrong_type", path)


class TestUnitFindings:
    """unit_findings reports every disagreement of a graph's units, in the graph's order."""

    @pytest.mark.parametrize(
        ("graph", "expected"),
        [
            # Every kind of finding, at its element's unit field, with a
            # message naming both units.
            pytest.param(
                _graph(
                    {"d": "km", "m": "kg", "w": "parsecs per fortnight per", "e": "km"},
                    [("e", "d * 2", None), ("m", "d", None)],
                    status="admitted",
                    facts=[
                        ("d", "kg"),
                        ("d", "m"),
                        ("d", None),
                        ("m", "kg"),
                        ("w", "km"),
                    ],
                    unknowns=[
                        ("d", "kg"),
                        ("d", "m"),
                        ("m", None),
                        ("e", "furlongs per"),
                    ],
                ),
                [
                    (
                        "unknown_unit",
                        ("symbols", 2, "unit"),
                        "symbols[2].unit is not a unit: at offset 25, expected a unit, but found the end",
                    ),
                    (
                        "fact_dimension_mismatch",
                        ("facts", 0, "unit"),
                        "facts[0] is in 'kilogram' ([mass]), but its symbol 'd' is in 'kilometer' ([length])",
                    ),
                    (
                        "fact_scale_mismatch",
                        ("facts", 1, "unit"),
                        "facts[1] is in 'meter' ([length]), but its symbol 'd' is in 'kilometer' ([length])",
                    ),
                    (
                        "inadmissible_equation",
                        ("equations", 1, "admissibility_status"),
                        (
                            "admission would refuse equations[1]: dimension_mismatch:"
                            " equations[1].rhs_canonical is in 'kilometer' ([length]), but its"
                            " left-hand side 'm' is in 'kilogram' ([mass])"
                        ),
                    ),
                    (
                        "unknown_dimension_mismatch",
                        ("unknowns", 0, "expected_unit"),
                        "unknowns[0] is in 'kilogram' ([mass]), but its symbol 'd' is in 'kilometer' ([length])",
                    ),
                    (
                        "unknown_scale_mismatch",
                        ("unknowns", 1, "expected_unit"),
                        "unknowns[1] is in 'meter' ([length]), but its symbol 'd' is in 'kilometer' ([length])",
                    ),
                    (
                        "unknown_unit",
                        ("unknowns", 3, "expected_unit"),
                        "unknowns[3].expected_unit is not a unit: at offset 12, expected a unit, but found the end",
                    ),
                ],
                id="every-kind",
            ),
            # Degrees Celsius of a symbol in kelvins differ only in their
            # zero: an offset mismatch, not a scale mismatch.
            pytest.param(
                _graph(
                    {"t": "kelvin", "f": "°F"},
                    [],
                    facts=[("t", "°C"), ("t", "°F"), ("f", "degrees Celsius")],
                    unknowns=[("t", "degrees Celsius"), ("t", "K")],
                ),
                [
                    (
                        "fact_offset_mismatch",
                        ("facts", 0, "unit"),
                        (
                            "facts[0] is in 'degree Celsius' ([temperature]), but its symbol 't'"
                            " is in 'kelvin' ([temperature]), whose zero lies elsewhere"
                        ),
                    ),
                    (
                        "fact_scale_mismatch",
                        ("facts", 1, "unit"),
                        (
                            "facts[1] is in 'degree Fahrenheit' ([temperature]), but its symbol"
                            " 't' is in 'kelvin' ([temperature])"
                        ),
                    ),
                    (
                        "fact_scale_mismatch",
                        ("facts", 2, "unit"),
                        (
                            "facts[2] is in 'degree Celsius' ([temperature]), but its symbol 'f'"
                            " is in 'degree Fahrenheit' ([temperature])"
                        ),
                    ),
                    (
                        "unknown_offset_mismatch",
                        ("unknowns", 0, "expected_unit"),
                        (
                            "unknowns[0] is in 'degree Celsius' ([temperature]), but its symbol"
                            " 't' is in 'kelvin' ([temperature]), whose zero lies elsewhere"
                        ),
                    ),
                ],
                id="offset",
            ),
        ],
    )
    def test_reports_each_finding_at_its_unit_field(
        self,
        graph: SemanticSymbolicBindingGraph,
        expected: list[tuple[str, tuple[str | int, ...], str]],
    ) -> None:
        """Each code at its element's unit field, with a message naming both units; a unit whose zero lies elsewhere is an offset mismatch."""
        found = [
            (finding.code, finding.path, finding.message)
            for finding in unit_findings(graph)
        ]
        assert found == expected
        assert {code for code, _, _ in found} <= UNIT_FINDING_CODES

    @pytest.mark.parametrize("status", ["pending", "refused"])
    def test_reads_only_the_admitted_equations(
        self, status: AdmissibilityStatus
    ) -> None:
        """A pending or refused equation is admission's to decide, not a finding."""
        graph = _graph({"y": "kg", "a": "km"}, [("y", "a", None)], status=status)
        assert unit_findings(graph) == ()

    def test_a_sound_graph_has_none(self) -> None:
        """Units that agree, and equations admission admits, give no finding."""
        graph = _graph(
            {"v": "km/h", "t": "h", "d": "kilometers"},
            [("d", "v * t", None)],
            status="admitted",
            facts=[("v", "kph"), ("t", "hours")],
            unknowns=[("d", "km")],
        )
        assert unit_findings(graph) == ()
        assert unit_findings(graph, DEFAULT.restrict([])) == ()

    def test_the_units_of_a_graph_agree_with_parse_unit(self) -> None:
        """A symbol's unit is read as parse_unit reads it."""
        assert Unit(Fraction(1000), parse_unit("m").dimension) == parse_unit("km")
