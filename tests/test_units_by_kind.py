"""Admission by operation kind (ADR-0134): each kind's rule over its dependencies' units, the record's own examples and reasons; and X_per_Y read as X/Y."""

from __future__ import annotations

from typing import Any

import pytest

from binding_graph import BoundEquation, SemanticSymbolicBindingGraph
from binding_graph.units import (
    DEFAULT,
    KIND_REASONS,
    admit,
    parse_unit,
    unit_findings,
)
from tests._helpers import code_and_path, equation, refusal, span, symbol, untyped


def _symbol(symbol_id: str, unit: str | None, role: str = "quantity") -> Any:
    return symbol(symbol_id=symbol_id, name=symbol_id, unit=unit, semantic_role=role)


def _decided(
    kind: str,
    lhs: tuple[str, str | None],
    *dependencies: tuple[str, str | None] | tuple[str, str | None, str],
    rhs: str | None = None,
    lexicon: Any = DEFAULT,
) -> BoundEquation:
    """Decide, by kind, the pending equation ``LHS := RHS`` of *kind* over *dependencies*, each ``(id, unit[, role])``."""
    symbols = {lhs[0]: _symbol(*lhs)}
    symbols.update({d[0]: _symbol(d[0], d[1], *d[2:]) for d in dependencies})
    ids = [d[0] for d in dependencies]
    pending = equation(
        lhs_symbol_id=lhs[0],
        rhs_canonical=rhs or (" * ".join(ids) or "1"),
        dependencies=frozenset(ids),
        operation_kind=kind,
        unit_proof="deferred_to_phase_3",
        admissibility_status="pending",
    )
    g = SemanticSymbolicBindingGraph(
        symbols=tuple(symbols.values()), equations=(pending,)
    )
    return admit(g, lexicon, by_kind=True).equations[0]


def _verdict(decided: BoundEquation) -> tuple[str, str]:
    """Return ``("admitted", proof)`` or ``("refused", reason)``."""
    if decided.admissibility_status == "admitted":
        return "admitted", decided.unit_proof
    return "refused", str(decided.refusal_reason).partition(":")[0]


class TestReasons:
    """The reasons are ADR-0134's seven, and each comes with a detail."""

    def test_the_reasons_are_those_of_the_record(self) -> None:
        """KIND_REASONS is ADMISSIBILITY_REASONS of ADR-0134."""
        assert (
            frozenset(
                {
                    "unit_mismatch",
                    "unknown_unit",
                    "unit_unbound",
                    "unknown_symbol",
                    "unknown_operation",
                    "operand_arity",
                    "rate_form_invalid",
                }
            )
            == KIND_REASONS
        )

    def test_an_unknown_kind_is_unknown_operation(self) -> None:
        """A kind outside the eight is refused, whatever its units."""
        decided = _decided("sum", ("c", "apple"), ("a", "apple"), ("b", "apple"))
        assert decided.refusal_reason == (
            "unknown_operation: equations[0].operation_kind 'sum' is not one of add,"
            " apply_rate, compare_additive, compare_multiplicative, divide, multiply,"
            " subtract, transfer"
        )

    def test_a_dependency_without_a_unit_is_unit_unbound(self) -> None:
        """A dependency whose symbol has no unit is unit_unbound; so is a left-hand side without one."""
        decided = _decided("add", ("c", "apple"), ("a", "apple"), ("b", None))
        assert decided.refusal_reason == (
            "unit_unbound: equations[0] depends on 'b', whose symbol has no unit,"
            " which its kind's rule needs"
        )
        assert _verdict(_decided("add", ("c", None), ("a", "apple"))) == (
            "refused",
            "unit_unbound",
        )

    def test_a_unit_outside_the_lexicon_is_unknown_unit(self) -> None:
        """The record's own example: apples, outside a lexicon that lists no count noun, are unknown_unit."""
        closed = DEFAULT.restrict([])
        decided = _decided("add", ("c", "apples"), ("a", "apples"), lexicon=closed)
        assert _verdict(decided) == ("refused", "unknown_unit")
        assert "apples" in str(decided.refusal_reason)
        # In this library's lexicon every count noun reads.
        assert (
            _verdict(_decided("add", ("c", "apples"), ("a", "apples")))[0] == "admitted"
        )

    @pytest.mark.parametrize(
        ("kind", "count"),
        [
            ("divide", 0),
            ("divide", 3),
            ("add", 0),
            ("multiply", 0),
            ("apply_rate", 1),
            ("apply_rate", 3),
            ("compare_multiplicative", 1),
            ("compare_multiplicative", 3),
        ],
    )
    def test_a_wrong_count_of_operands_is_operand_arity(
        self, kind: str, count: int
    ) -> None:
        """The record's divide refuses zero or three dependencies; each kind takes its count."""
        dependencies = [(name, "apple") for name in "abc"[:count]]
        decided = _decided(kind, ("r", "apple"), *dependencies)
        assert _verdict(decided) == ("refused", "operand_arity")

    def test_the_arity_refusal_says_what_the_kind_takes(self) -> None:
        """The detail names the kind, the count, and the count it takes."""
        decided = _decided("divide", ("r", "apple"))
        assert decided.refusal_reason == (
            "operand_arity: equations[0] is divide of 0 dependencies, which takes"
            " one or two"
        )


class TestAdditive:
    """add, subtract, compare_additive and transfer: every dependency in one unit, and the left-hand side in it."""

    @pytest.mark.parametrize(
        "kind", ["add", "subtract", "compare_additive", "transfer"]
    )
    def test_equal_units_are_admitted(self, kind: str) -> None:
        """Apples and apples give apples."""
        decided = _decided(kind, ("c", "apples"), ("a", "apple"), ("b", "apples"))
        assert _verdict(decided) == ("admitted", f"{kind}(apple, apple) = apple")

    @pytest.mark.parametrize(
        ("lhs", "b"),
        [("apple", "dollar"), ("dollar", "apple"), ("meter", "meter")],
    )
    def test_other_units_are_unit_mismatch(self, lhs: str, b: str) -> None:
        """Dependencies in different units, or a left-hand side in another, are unit_mismatch."""
        decided = _decided(
            "add", ("c", lhs), ("a", "apple" if b != "meter" else "kilometer"), ("b", b)
        )
        assert _verdict(decided) == ("refused", "unit_mismatch")

    def test_scales_count(self) -> None:
        """Kilometers added to meters are refused: the numbers would be added wrongly."""
        decided = _decided("add", ("c", "m"), ("a", "km"), ("b", "m"))
        assert decided.refusal_reason == (
            "unit_mismatch: equations[0] is add of units that differ: 'a' is in"
            " 'kilometer' ([length]), 'b' in 'meter' ([length])"
        )


class TestMultiplicative:
    """multiply, compare_multiplicative and divide."""

    def test_multiply_gives_the_product(self) -> None:
        """The left-hand side in the product of the units: meters times meters are square meters."""
        decided = _decided("multiply", ("s", "m^2"), ("a", "m"), ("b", "m"))
        assert _verdict(decided) == ("admitted", "multiply(meter, meter) = meter^2")

    def test_units_the_algebra_cannot_combine_are_unit_mismatch(self) -> None:
        """Degrees Celsius, whose zero is not zero kelvin, multiplied: unit_mismatch, with the algebra's words."""
        decided = _decided("multiply", ("s", "°C"), ("a", "°C"), ("b", "°C"))
        assert decided.refusal_reason == (
            "unit_mismatch: equations[0]: 'degree Celsius' ([temperature]) has an"
            " offset (its zero is not zero kelvin), so it cannot be multiplied or"
            " divided"
        )

    def test_multiply_by_a_pure_number_keeps_the_unit(self) -> None:
        """The record's single dependency: "twice as many" items are items."""
        decided = _decided("multiply", ("c", "apple"), ("a", "apple"), rhs="a * 2")
        assert _verdict(decided) == ("admitted", "multiply(apple) = apple")

    def test_compare_multiplicative_cancels_units(self) -> None:
        """Two dependencies of one unit cancel; the left-hand side has no dimension, None or a percent."""
        for lhs in (None, "%"):
            decided = _decided(
                "compare_multiplicative",
                ("r", lhs),
                ("a", "apple"),
                ("b", "apple"),
                rhs="a / b",
            )
            assert _verdict(decided)[0] == "admitted"
        decided = _decided("compare_multiplicative", ("r", None), rhs="3")
        assert _verdict(decided) == ("admitted", "compare_multiplicative() = 1")

    def test_compare_multiplicative_refuses_a_dimension(self) -> None:
        """Units that do not cancel, or a left-hand side with a dimension, are unit_mismatch."""
        for lhs, b in (("apple", "apple"), (None, "dollar")):
            decided = _decided(
                "compare_multiplicative",
                ("r", lhs),
                ("a", "apple"),
                ("b", b),
                rhs="a / b",
            )
            assert _verdict(decided) == ("refused", "unit_mismatch")

    def test_divide_single_dep_dimensionless_keeps_unit(self) -> None:
        """The amendment's example: half as many items are items (one dependency, divided by a literal)."""
        decided = _decided("divide", ("h", "apple"), ("a", "apples"), rhs="a / 2")
        assert _verdict(decided) == ("admitted", "divide(apple) = apple")

    def test_divide_by_a_named_divisor_gives_the_quotient(self) -> None:
        """The record's two dependencies: a dividend and a '*__divisor' literal; the quotient, dividend first."""
        decided = _decided(
            "divide",
            ("rate", "dollar_per_hour"),
            ("pay", "dollar"),
            ("op003__divisor", "hour"),
            rhs="pay / op003__divisor",
        )
        assert _verdict(decided) == ("admitted", "divide(dollar, hour) = dollar/hour")

    def test_divide_finds_the_divisor_in_the_right_hand_side(self) -> None:
        """Without a named divisor, the right-hand side that divides one by the other says which."""
        decided = _decided(
            "divide", ("t", "hour"), ("d", "mile"), ("v", "mph"), rhs="d / v"
        )
        assert _verdict(decided) == ("admitted", "divide(mile, mile/hour) = hour")

    @pytest.mark.parametrize("rhs", ["a * b", "a / b / 2", "(a + b) / 2", "a ^ b"])
    def test_divide_that_cannot_tell_its_divisor_is_operand_arity(
        self, rhs: str
    ) -> None:
        """Neither named nor read from the right-hand side, the divisor is unknown: operand_arity."""
        decided = _decided(
            "divide", ("r", "apple"), ("a", "apple"), ("b", "apple"), rhs=rhs
        )
        assert _verdict(decided) == ("refused", "operand_arity")


class TestApplyRate:
    """apply_rate: a dependency of role rate in X/Y, another in Y, and the left-hand side in X."""

    def test_the_record_s_form_is_admitted(self) -> None:
        """dollar_per_hour applied to hours gives dollars; the proof names the rate first."""
        decided = _decided(
            "apply_rate",
            ("pay", "dollar"),
            ("hours", "hour"),
            ("op000__rate", "dollar_per_hour", "rate"),
        )
        assert _verdict(decided) == (
            "admitted",
            "apply_rate(dollar/hour, hour) = dollar",
        )

    @pytest.mark.parametrize(
        ("rate", "role", "other", "reason"),
        [
            ("dollar_per_hour", "quantity", "hour", "rate_form_invalid"),
            ("dollar", "rate", "hour", "rate_form_invalid"),
            ("dollar_per_hour", "rate", "mile", "unit_mismatch"),
            ("dollar_per_hour", "rate", "minute", "unit_mismatch"),
        ],
    )
    def test_what_the_rule_refuses(
        self, rate: str, role: str, other: str, reason: str
    ) -> None:
        """No rate role, a rate per nothing, a quantity in another unit, or another scale of it."""
        decided = _decided(
            "apply_rate", ("pay", "dollar"), ("hours", other), ("r", rate, role)
        )
        assert _verdict(decided) == ("refused", reason)

    def test_two_rates_are_rate_form_invalid(self) -> None:
        """Exactly one dependency is the rate."""
        decided = _decided(
            "apply_rate",
            ("pay", "dollar"),
            ("h", "hour", "rate"),
            ("r", "dollar_per_hour", "rate"),
        )
        assert decided.refusal_reason == (
            "rate_form_invalid: equations[0] is apply_rate, which needs one"
            " dependency of role 'rate'; it has 2"
        )


class TestAdmit:
    """admit(by_kind=True) decides pending equations as admission does, by the kind's rule."""

    def test_by_kind_must_be_a_bool(self) -> None:
        """Anything but True or False is wrong_type, at by_kind."""
        g = SemanticSymbolicBindingGraph()
        assert code_and_path(admit, g, by_kind=untyped(1)) == (
            "wrong_type",
            ("by_kind",),
        )

    def test_decided_equations_are_kept_unless_rechecked(self) -> None:
        """Only pending equations are decided; an admitted one is rechecked on request; a graph with nothing new is returned itself."""
        a, c = _symbol("a", "apple"), _symbol("c", "dollar")
        admitted = equation(
            lhs_symbol_id="c",
            rhs_canonical="a",
            dependencies=frozenset({"a"}),
            operation_kind="add",
        )
        g = SemanticSymbolicBindingGraph(symbols=(a, c), equations=(admitted,))
        assert admit(g, by_kind=True) is g
        rechecked = admit(g, by_kind=True, recheck=True)
        assert _verdict(rechecked.equations[0]) == ("refused", "unit_mismatch")
        assert admit(rechecked, by_kind=True, recheck=True) is rechecked

    def test_kind_and_expression_may_decide_apart(self) -> None:
        """By the right-hand side, apples added to apples; by the kind, 'multiply' gives square apples."""
        a, c = _symbol("a", "apple"), _symbol("c", "apple")
        pending = equation(
            lhs_symbol_id="c",
            rhs_canonical="a + a",
            dependencies=frozenset({"a"}),
            operation_kind="multiply",
            admissibility_status="pending",
            source_span=span(),
        )
        g = SemanticSymbolicBindingGraph(symbols=(a, c), equations=(pending,))
        assert admit(g).equations[0].admissibility_status == "admitted"
        assert _verdict(admit(g, by_kind=True).equations[0]) == (
            "admitted",
            "multiply(apple) = apple",
        )


class TestComposites:
    """X_per_Y, the seed's spelling of a composite unit, reads as X/Y wherever units are read."""

    @pytest.mark.parametrize(
        ("text", "read"),
        [
            ("dollar_per_hour", "dollars per hour"),
            ("dollars_per_hour", "dollar/hour"),
            ("km_per_h", "km/h"),
            ("apple_per_box", "apples per box"),
            ("mile_per_hour * hour", "mile"),
            ("(dollar_per_hour)^2", "dollar^2/hour^2"),
        ],
    )
    def test_it_reads_as_a_quotient(self, text: str, read: str) -> None:
        """X_per_Y is the unit X per Y, in any position of a unit."""
        assert parse_unit(text) == parse_unit(read)

    @pytest.mark.parametrize(
        ("text", "offset"),
        [("dollar_per_mile_per_hour", 15), ("apple_per_box_per_day_per_week", 13)],
    )
    def test_a_second_per_in_one_spelling_is_refused(
        self, text: str, offset: int
    ) -> None:
        """Its grouping is unsaid: unknown_unit, at the second '_per_'."""
        error = refusal(parse_unit, text)
        assert (error.code, error.message) == (
            "unknown_unit",
            (
                f"the text is not a unit: at offset {offset}, a second '_per_' leaves"
                " its grouping unsaid: write the unit with '/' and parentheses"
            ),
        )

    @pytest.mark.parametrize(
        "text", ["dollar_hour", "_per_hour", "dollar_per_", "dollar_per_ hour"]
    )
    def test_another_underscore_is_no_unit(self, text: str) -> None:
        """Only _per_ between two words reads; any other underscore is unknown_unit."""
        assert code_and_path(parse_unit, text)[0] == "unknown_unit"

    def test_it_reads_in_definitions_admission_and_findings(self) -> None:
        """A lexicon's definition, admission by the right-hand side, and the findings all read it."""
        wage = DEFAULT.extend({"wage": "dollar_per_hour"})
        assert wage.parse("wage") == parse_unit("dollar/hour")
        rate = _symbol("rate", "dollar_per_hour", "rate")
        hours, pay = _symbol("hours", "hour"), _symbol("pay", "dollar")
        pending = equation(
            lhs_symbol_id="pay",
            rhs_canonical="rate * hours",
            dependencies=frozenset({"rate", "hours"}),
            operation_kind="apply_rate",
            admissibility_status="pending",
        )
        g = SemanticSymbolicBindingGraph(
            symbols=(rate, hours, pay), equations=(pending,)
        )
        assert admit(g).equations[0].unit_proof == "dollar/hour * hour = dollar"
        assert unit_findings(g) == ()
