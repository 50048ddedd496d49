"""The drawing of the whole profile: calls and the new operators, as the graph strategies see them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hypothesis import given
from hypothesis import strategies as st

from binding_graph.expressions import (
    OPERATION_LABELS,
    canonical_expression,
    parse_expression,
)
from binding_graph.strategies import _arithmetic, _setups
from binding_graph.strategies._numbers import Leaf

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

A: Final = Leaf("a", "a", "a")
TWO: Final = Leaf("2", "2")
CALL: Final = _arithmetic._Call("round", (A, TWO))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
POWER: Final = _arithmetic._Operation("**", A, TWO)  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]


def test_the_symbols_of_a_call() -> None:
    """Every argument's symbols."""
    call = _arithmetic._Call("min", (A, Leaf("b", "b", "b")))  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
    assert _arithmetic.symbols_of(call) == {"a", "b"}
    assert _arithmetic.canonical(call) == "min(a, b)"


@st.composite
def _labels(draw: DrawFn) -> tuple[str, str]:
    return (
        _arithmetic.draw_operation_kind(draw, CALL),
        _arithmetic.draw_operation_kind(draw, POWER),
    )


@given(_labels())
def test_the_label_of_a_call_or_a_power(labels: tuple[str, str]) -> None:
    """A drawn label is the tree's own kind, another kind, or a label the profile does not read."""
    for label, own, text in zip(
        labels, ("round", "power"), ("round(a, 2)", "a ** 2"), strict=True
    ):
        assert canonical_expression(text) == text
        read = OPERATION_LABELS.get(label.strip().lower())
        assert read is None or read in OPERATION_LABELS.values()
        assert label.strip()
        if read == own:
            assert label.strip().lower() in {
                "round",
                "rounding",
                "power",
                "exponentiation",
            }


def test_a_set_up_renames_a_call_s_arguments() -> None:
    """A graph of the same set-up renames the symbols inside a call, and keeps the call."""
    tree = parse_expression("min(a, b + 1) * round(a, 2)")
    rewritten = _setups._rewritten(  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        tree, {"a": "x", "b": "y"}, lambda: False
    )
    assert str(rewritten) == "min(x, y + 1) * round(x, 2)"
