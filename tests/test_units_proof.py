"""units.unit_proof: the proof that an expression is in a unit, as admit writes it, read quickly or fully, alike."""

from __future__ import annotations

import pytest
from hypothesis import given

from binding_graph import BindingGraphError
from binding_graph.arithmetic import parse_expression
from binding_graph.strategies import expressions
from binding_graph.units import parse_unit, unit_proof
from tests._helpers import untyped

UNITS = {
    "speed": parse_unit("mph"),
    "time": parse_unit("hours"),
    "apples": parse_unit("apples"),
    "more": parse_unit("apples"),
    "warm": parse_unit("degrees Celsius"),
}


def proved(expression: object, unit: str | None) -> tuple[str, str]:
    """Return what unit_proof gives of *expression* in *unit*: ("proof", text) or (code, message)."""
    try:
        return "proof", unit_proof(untyped(expression), UNITS, parse_unit(unit))
    except BindingGraphError as error:
        return error.code, error.message


class TestUnitProof:
    """A proof as admit writes it, or the refusal of units that do not agree."""

    @pytest.mark.parametrize(
        ("expression", "unit", "expected"),
        [
            ("speed * time", "miles", ("proof", "mile/hour * hour = mile")),
            ("time * 60", "minutes", ("proof", "hour * 1 = hour = 60*minute")),
            ("apples + more", "apple", ("proof", "apple + apple = apple")),
            ("apples / more", None, ("proof", "apple / apple = 1")),
            (
                "apples + time",
                "apples",
                (
                    "unit_mismatch",
                    (
                        "the expression adds 'apple' (apple) and 'hour' ([time]), of"
                        " different dimensions"
                    ),
                ),
            ),
            (
                "speed * time",
                "hours",
                (
                    "unit_mismatch",
                    (
                        "the expression is in 'mile' ([length]), but the unit given is in"
                        " 'hour' ([time])"
                    ),
                ),
            ),
            (
                "warm",
                "kelvin",
                (
                    "unit_mismatch",
                    (
                        "the expression is in 'degree Celsius' ([temperature]), but the"
                        " unit given is in 'kelvin' ([temperature]), whose zero lies"
                        " elsewhere"
                    ),
                ),
            ),
        ],
    )
    def test_proofs_and_refusals(
        self, expression: str, unit: str | None, expected: tuple[str, str]
    ) -> None:
        """Each expression's proof, or refusal, as a text and as a tree alike."""
        assert proved(expression, unit) == expected
        assert proved(parse_expression(expression), unit) == expected

    @given(expressions(symbol_ids=tuple(UNITS), max_leaves=6))
    def test_the_quick_reading_and_the_full_one_agree(self, text: str) -> None:
        """A text is proved, or refused, as its tree is."""
        for unit in ("apples", "miles", None):
            assert proved(text, unit) == proved(parse_expression(text), unit)

    @pytest.mark.parametrize(
        ("arguments", "path"),
        [
            ((3, UNITS, parse_unit(None)), ("expression",)),
            (("time", {"time": "h"}, parse_unit(None)), ("units",)),
            (("time", UNITS, "hour"), ("unit",)),
        ],
    )
    def test_arguments_of_the_wrong_type(
        self, arguments: tuple[object, object, object], path: tuple[str]
    ) -> None:
        """An expression, units or a unit of the wrong type is refused at it."""
        with pytest.raises(BindingGraphError) as info:
            unit_proof(*untyped(arguments))
        assert (info.value.code, info.value.path) == ("wrong_type", path)

    def test_a_text_outside_the_profile(self) -> None:
        """A text the arithmetic refuses is refused as it refuses it."""
        assert proved("time **", None)[0] == "not_arithmetic"
