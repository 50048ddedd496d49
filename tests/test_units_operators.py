"""The units of ``//``, ``%``, ``**`` and the profile's functions, and their proofs."""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given

from binding_graph import BindingGraphError
from binding_graph.strategies import expressions
from binding_graph.units import parse_unit, unit_of, unit_proof
from binding_graph.units._quick import quick_unit
from tests._helpers import refusal

IDS: Final = ("a", "b", "x_1")


class TestUnits:
    """Each operator's and function's units rule."""

    UNITS: Final = {
        "d": parse_unit("miles"),
        "t": parse_unit("hours"),
        "m": parse_unit("minutes"),
        "c": parse_unit("degrees Celsius"),
        "n": parse_unit(None),
        "r": parse_unit(None),
    }

    @pytest.mark.parametrize(
        ("text", "unit", "proof"),
        [
            ("d // t", "mph", "mile // hour = mile/hour"),
            ("m % m", "minutes", "minute % minute = minute"),
            ("d ** 2", "square miles", "mile ** 2 = mile^2"),
            ("(d / t) ** 2", "mile^2/hour^2", "(mile / hour) ** 2 = mile^2/hour^2"),
            ("t ** -1", "1/hour", "hour ** -1 = 1/hour"),
            ("d ** 0 * 3", None, "mile ** 0 * 1 = 1"),
            ("d ** (1 + 1)", "square miles", "mile ** (1 + 1) = mile^2"),
            ("(1 + r) ** n", None, "(1 + 1) ** 1 = 1"),
            ("r ** -n", None, "1 ** 1 = 1"),
            ("1.05 ** 120", None, "1 ** 120 = 1"),
            ("abs(d)", "miles", "abs(mile) = mile"),
            ("round(d / t, 2)", "mph", "round(mile / hour, 1) = mile/hour"),
            ("round(m)", "minutes", "round(minute) = minute"),
            ("min(d, d, d)", "miles", "min(mile, mile, mile) = mile"),
            (
                "max(c, c)",
                "degrees Celsius",
                "max(degree Celsius, degree Celsius) = degree Celsius",
            ),
            ("floor(m) + ceil(m)", "minutes", "floor(minute) + ceil(minute) = minute"),
            ("floor(c)", "degrees Celsius", "floor(degree Celsius) = degree Celsius"),
            ("m // 60", "minutes", "minute // 1 = minute"),
        ],
    )
    def test_the_unit_and_its_proof(
        self, text: str, unit: str | None, proof: str
    ) -> None:
        """``//`` as ``/``; ``**`` the base's unit to the power; a call keeps its argument's unit."""
        assert unit_of(text, self.UNITS) == parse_unit(unit)
        assert unit_proof(text, self.UNITS, parse_unit(unit)) == proof

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            (
                "m % t",
                (
                    "the expression takes the remainder of 'minute' ([time]) and 'hour'"
                    " ([time]), of one dimension but different scales (1 minute ="
                    " 1/60*hour), so the numbers would be combined wrongly"
                ),
            ),
            (
                "d % 60",
                (
                    "the expression takes the remainder of 'mile' ([length]) and '1' (no"
                    " dimension), of different dimensions"
                ),
            ),
            (
                "min(d, t)",
                (
                    "the expression takes the least of 'mile' ([length]) and 'hour'"
                    " ([time]), of different dimensions"
                ),
            ),
            (
                "max(d, d, t)",
                (
                    "the expression takes the greatest of 'mile' ([length]) and 'hour'"
                    " ([time]), of different dimensions"
                ),
            ),
            (
                "d ** n",
                (
                    "the expression raises 'mile' ([length]) to a power of '1' (no"
                    " dimension) that is not a whole number written in numbers, so its"
                    " unit is unknown: such a power is of pure numbers only"
                ),
            ),
            (
                "r ** d",
                (
                    "the expression raises '1' (no dimension) to a power of 'mile'"
                    " ([length]) that is not a whole number written in numbers, so its"
                    " unit is unknown: such a power is of pure numbers only"
                ),
            ),
            (
                "d ** (1 // 0)",
                (
                    "the expression raises 'mile' ([length]) to a power of '1' (no"
                    " dimension) that is not a whole number written in numbers, so its"
                    " unit is unknown: such a power is of pure numbers only"
                ),
            ),
            (
                "d ** (2 ** 5000)",
                (
                    "the expression raises 'mile' ([length]) to a power of '1' (no"
                    " dimension) that is not a whole number written in numbers, so its"
                    " unit is unknown: such a power is of pure numbers only"
                ),
            ),
            (
                "d ** 0.5",
                (
                    "the expression raises 'mile' ([length]) to a power of '1' (no"
                    " dimension) that is not a whole number written in numbers, so its"
                    " unit is unknown: such a power is of pure numbers only"
                ),
            ),
            (
                "c % c",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset (its"
                    " zero is not zero kelvin), so it cannot be divided with remainder"
                ),
            ),
            (
                "c ** 2",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset (its"
                    " zero is not zero kelvin), so it cannot be raised to a power"
                ),
            ),
            (
                "abs(c)",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset (its"
                    " zero is not zero kelvin), so it cannot be negated"
                ),
            ),
            (
                "c // c",
                (
                    "the expression: 'degree Celsius' ([temperature]) has an offset (its"
                    " zero is not zero kelvin), so it cannot be multiplied or divided"
                ),
            ),
        ],
    )
    def test_units_that_do_not_combine(self, text: str, message: str) -> None:
        """unit_mismatch, saying which operation."""
        error = refusal(unit_of, text, self.UNITS)
        assert (error.code, error.message) == ("unit_mismatch", message)


def test_a_power_of_a_unit_past_its_limit() -> None:
    """A unit's power is at most 99: beyond, limit_exceeded, naming the expression."""
    error = refusal(unit_of, "d ** 100", {"d": parse_unit("miles")})
    assert (error.code, error.message) == (
        "limit_exceeded",
        "the expression: Unit.** must be at most 99 in magnitude (got 100)",
    )


@given(expressions(symbol_ids=IDS, max_leaves=8, extended=True))
def test_the_quick_unit_agrees(text: str) -> None:
    """Where the quick reading answers a text of the whole profile, it answers as the full reader."""
    units = {name: parse_unit("miles") for name in IDS}
    quick = quick_unit(text, units, "the expression")
    if quick is not None and not isinstance(quick[0], BindingGraphError):
        assert quick[0] == unit_of(text, units)


@pytest.mark.parametrize(
    "text",
    ["a // b", "a % b", "a ** 2", "abs(a)", "min(a, b)", "round(a, 2)", "a * -b ** 2"],
)
def test_the_quick_unit_leaves_the_new_forms_to_the_full_one(text: str) -> None:
    """The one-pass reading takes the four operators only; the full one reads them."""
    units = {"a": parse_unit("miles"), "b": parse_unit("miles")}
    assert quick_unit(text, units, "e") is None
    assert unit_of(text, units) is not None
