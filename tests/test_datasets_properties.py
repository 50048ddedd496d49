"""Properties of binding_graph.datasets: records built from random arithmetic over numbers placed in random text import to graphs that answer the arithmetic."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers, parse_number
from binding_graph.datasets import from_gsm8k, from_svamp

# Words that state no number, whatever their case.
_FILLER = st.sampled_from(
    ["Tom", "has", "apples", "and", "boxes", "then", "bought", "more", "the", "shop"]
)


def _written(number: int, style: int) -> str:
    """Write *number* as digits, with a currency sign, or grouped by thousands."""
    return [str(number), f"${number}", f"{number:,}"][style]


@st.composite
def _text(draw: st.DrawFn, numbers: list[int]) -> str:
    """Draw a text that states each of *numbers*, among filler words."""
    words: list[str] = []
    for number in numbers:
        words += draw(st.lists(_FILLER, max_size=3))
        words.append(_written(number, draw(st.integers(0, 2))))
    words += draw(st.lists(_FILLER, max_size=3))
    return " ".join(words) + "."


_NUMBERS = st.lists(st.integers(1, 20_000), min_size=2, max_size=6, unique=True)


_APPLY = {
    "+": Fraction.__add__,
    "-": Fraction.__sub__,
    "*": Fraction.__mul__,
    "/": Fraction.__truediv__,
}


@st.composite
def gsm8k_records(draw: st.DrawFn) -> tuple[dict[str, Any], Fraction]:
    """Draw a GSM8K-shaped record whose annotated steps chain + - * over the text's numbers; and its answer."""
    numbers = draw(_NUMBERS)
    text = draw(_text(numbers))
    lines: list[str] = []
    total = Fraction(numbers[0])
    written = str(numbers[0])
    for number in numbers[1:]:
        operator = draw(st.sampled_from("+-*"))
        expression = f"{written}{operator}{number}"
        total = _APPLY[operator](total, Fraction(number))
        lines.append(f"So {expression} = <<{expression}={total}>>{total} now.")
        written = str(total) if total >= 0 else f"({total})"
    record = {
        "question": f"{text} How many in all?",
        "answer": "\n".join(lines) + f"\n#### {total}",
    }
    return record, total


@st.composite
def svamp_records(draw: st.DrawFn) -> tuple[dict[str, Any], Fraction]:
    """Draw a SVAMP-shaped record: one equation of + - * / over the text's numbers; and its answer."""
    numbers = draw(_NUMBERS)
    body = draw(_text(numbers))
    equation = f"{numbers[0]}.0"
    total = Fraction(numbers[0])
    for number in numbers[1:]:
        operator = draw(st.sampled_from("+-*/"))
        equation = f"( {equation} {operator} {number}.0 )"
        total = _APPLY[operator](total, Fraction(number))
    # SVAMP writes answers as floats; an int is read as exactly.
    answer = int(total) if total.denominator == 1 else float(total)
    record = {
        "Body": body,
        "Question": "How many are there?",
        "Equation": equation,
        "Answer": answer,
    }
    return record, total


@given(gsm8k_records())
def test_a_gsm8k_record_imports_to_its_arithmetic(
    drawn: tuple[dict[str, Any], Fraction],
) -> None:
    """Steps chained over numbers of the text import to a graph that answers their result."""
    record, total = drawn
    case = from_gsm8k(record, source_id="p")
    assert case.answer == total
    assert answers(case.graph) == (total,)
    assert len(case.graph.equations) == record["answer"].count("<<")
    text = record["question"]
    for fact in case.graph.facts:
        span = fact.source_span
        assert text[span.start : span.end] == span.text
        assert parse_number(fact.value) == parse_number(span.text.replace(",", ""))


def _read(answer: float) -> Fraction | None:
    """Return the value the profile reads in *answer*'s repr, if any."""
    try:
        return parse_number(repr(answer))
    except BindingGraphError:
        return None


@given(svamp_records())
def test_a_svamp_record_imports_to_its_arithmetic(
    drawn: tuple[dict[str, Any], Fraction],
) -> None:
    """An equation over numbers of the text imports to a graph that answers it, or is refused as the float's answer differs."""
    record, total = drawn
    if _read(record["Answer"]) != total:
        # The float's repr does not spell the exact answer: the adapter does
        # not guess.
        with pytest.raises(BindingGraphError) as info:
            from_svamp(record, source_id="s")
        assert info.value.code in {"answer_mismatch", "not_arithmetic"}
        return
    case = from_svamp(record, source_id="s")
    assert answers(case.graph) == (total,) == (case.answer,)
    (equation,) = case.graph.equations
    assert len(equation.dependencies) == len(
        set(record["Equation"].split()) - set("()+-*/")
    )
