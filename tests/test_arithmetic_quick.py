"""The quick reading answers only what the full reading answers, and the same."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.arithmetic import (
    MAX_BITS,
    MAX_DEPTH,
    MAX_DIGITS,
    BinaryOperation,
    Expression,
    Negation,
    Symbol,
    operation_kind,
    parse_expression,
)
from binding_graph.arithmetic._quick import quick_value
from binding_graph.expressions import (
    Undefined,
    quick_number,
    quick_spelling,
    symbols,
    value,
)
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


def spelled_fully(text: str) -> tuple[str, list[str], str] | None:
    """What the full reading gives: the canonical spelling, the symbols in order and the operation, or None where it refuses."""
    try:
        tree = parse_expression(text)
    except BindingGraphError:
        return None
    return str(tree), list(dict.fromkeys(_written_symbols(tree))), operation_kind(tree)


def _written_symbols(tree: Expression) -> list[str]:
    """Return the symbols of *tree*, left to right, repeated."""
    found: list[str] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Symbol):
            found.append(node.symbol_id)
        elif isinstance(node, Negation):
            stack.append(node.operand)
        elif isinstance(node, BinaryOperation):
            stack += (node.right, node.left)
    return found


def spelled_alike(text: str) -> None:
    """The quick spelling is None, or the full one."""
    quick = quick_spelling(text)
    if quick is not None:
        assert quick == spelled_fully(text)


@given(expressions(symbol_ids=IDS, max_leaves=12))
def test_spellings_of_the_profile(text: str) -> None:
    """Drawn expressions: where the quick spelling answers, it answers as the full one."""
    spelled_alike(text)


@given(st.text(alphabet="ab1.0()+-*/ if\t", max_size=24))
def test_spellings_of_any_text(text: str) -> None:
    """Any short text of the profile's characters: the quick spelling answers only where the full reading reads, and the same."""
    spelled_alike(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a-(b-c)+(a+b)+-(2*3)",
            ("a - (b - c) + (a + b) + -(2 * 3)", ["a", "b", "c"], "add"),
        ),
        ("-a*b", ("-a * b", ["a", "b"], "multiply")),
        ("--a", ("--a", ["a"], "negate")),
        ("(007.50)", ("7.5", list[str](), "identity")),
        ("b/(a*b)", ("b / (a * b)", ["b", "a"], "divide")),
    ],
)
def test_spellings_of_examples(text: str, expected: tuple[str, list[str], str]) -> None:
    """A few texts, spelt as canonical_expression spells them."""
    assert quick_spelling(text) == expected == spelled_fully(text)


@pytest.mark.parametrize(
    "text", ["", "a+", "(a", "a)", "if", "a b", "1" * 301, "é", "a" + "+a" * 300]
)
def test_what_the_quick_spelling_leaves_to_the_full_reading(text: str) -> None:
    """A fault, a keyword, a long number, a text that is not ASCII or too long: None."""
    assert quick_spelling(text) is None
