"""The quick reading answers only what the full reading answers, and the same."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.arithmetic import MAX_BITS, MAX_DEPTH, MAX_DIGITS, parse_expression
from binding_graph.arithmetic._quick import quick_value
from binding_graph.expressions import Undefined, quick_number, symbols, value
from binding_graph.strategies import expressions

IDS: Final = ("a", "b", "sym_speed_000", "x_1")
KNOWN: Final = {
    "a": Fraction(3),
    "b": Fraction(-1, 4),
    "sym_speed_000": Fraction(0),
    "x_1": Fraction(7, 2),
}


def full(
    text: str, known: dict[str, Fraction]
) -> tuple[Fraction, frozenset[str]] | None:
    """What the full reading gives: the value and symbols, or None where it has none."""
    try:
        tree = parse_expression(text)
        return value(tree, known), symbols(tree)
    except (BindingGraphError, Undefined):
        return None


def agree(text: str, known: dict[str, Fraction]) -> None:
    """The quick answer is None, or the full one."""
    quick = quick_value(text, known)
    if quick is not None:
        assert quick == full(text, known)


@given(expressions(symbol_ids=IDS, max_leaves=12))
def test_expressions_of_the_profile(text: str) -> None:
    """Drawn expressions: where the quick reading answers, it answers as the full one."""
    agree(text, KNOWN)


@given(
    expressions(symbol_ids=IDS, max_leaves=6),
    st.integers(0, 40),
    st.sampled_from(list("+-*/()0.9a_ x\t<é#")),
)
def test_expressions_one_character_off(text: str, at: int, character: str) -> None:
    """A character inserted anywhere: never an answer the full reading does not give."""
    agree(text[:at] + character + text[at:], KNOWN)


@given(st.text(alphabet="0123456789.+-*/() ab_x\n", max_size=30))
def test_any_text_of_the_alphabet(text: str) -> None:
    """Random texts of the profile's characters."""
    agree(text, KNOWN)


@pytest.mark.parametrize(
    "text",
    [
        "a / sym_speed_000",  # a division by zero
        "a + c",  # a symbol without a value
        "2x",
        "(a",
        "a)",
        "a +",
        "- ",
        "é + a",
        "1" * (MAX_DIGITS + 1),
        "1" + " + 1" * MAX_DEPTH,
        "1" + "+1" * MAX_DEPTH,
        "big * big",  # a value beyond the limit
        "a / sym_speed_000 + 1",
        "(a / sym_speed_000)",
        "a + + b",
        "a * (",
        "if",
    ],
)
def test_what_the_quick_reading_leaves_to_the_full_one(text: str) -> None:
    """Faults, limits, division by zero and other scripts: None."""
    assert quick_value(text, {**KNOWN, "big": Fraction(2**MAX_BITS - 1)}) is None


def test_a_quick_answer() -> None:
    """The common case: the value and the symbols at once."""
    assert quick_value("-a * (b - 1.50) / x_1", dict(KNOWN)) == (
        Fraction(-3) * (Fraction(-1, 4) - Fraction(3, 2)) / Fraction(7, 2),
        frozenset({"a", "b", "x_1"}),
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", Fraction(12)),
        ("007", Fraction(7)),
        ("1.5", None),
        ("-3", None),
        ("٣", None),
        ("", None),
        ("1" * (MAX_DIGITS + 1), None),
    ],
)
def test_quick_numbers(text: str, expected: Fraction | None) -> None:
    """Whole numbers in ASCII digits only; the rest is the full reader's."""
    assert quick_number(text) == expected
