"""The quick reading of a right-hand side's unit answers what the full reading answers, or defers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hypothesis import given
from hypothesis import strategies as st

from binding_graph import strategies as bgst
from binding_graph.arithmetic import expression_symbols, parse_expression
from binding_graph.errors import BindingGraphError
from binding_graph.units import Unit, parse_unit
from binding_graph.units._admission import proof, unit_of
from binding_graph.units._quick import quick_unit

if TYPE_CHECKING:
    from binding_graph.arithmetic import Expression

SYMBOLS: Final = ("a", "b", "c", "d")
# Units that combine, and units that do not: other dimensions, other
# scales, an offset, a scale that grows fast.
UNITS: Final = st.sampled_from(
    [
        parse_unit(text)
        for text in ("km", "m", "h", "km/h", "apple", "%", "°C", "mile^40")
    ]
    + [parse_unit(None)]
)
ALPHABET: Final = st.sampled_from(
    ["a", "b", "x", "1", "2.5", "0", "+", "-", "*", "/", "(", ")", " ", "é", "_", "."]
)


def _unit_or_refusal(
    tree: Expression, units: dict[str, Unit]
) -> Unit | tuple[str, str]:
    """Return the full reading's unit of *tree*, or its refusal's code and message."""
    try:
        return unit_of(tree, units, "the right-hand side")
    except BindingGraphError as refusal:
        return refusal.code, refusal.message


def _both(text: str, units: dict[str, Unit]) -> None:
    """Hold the quick reading of *text* to the full one."""
    quick = quick_unit(text, units, "the right-hand side")
    try:
        tree = parse_expression(text)
    except BindingGraphError:
        assert quick is None
        return
    if quick is None:
        return
    unit, left_side, mentioned = quick
    assert mentioned == expression_symbols(text)
    assert left_side == proof(tree, units)
    full = _unit_or_refusal(tree, units)
    if type(full) is Unit:
        assert type(unit) is Unit
        assert (unit, str(unit)) == (full, str(full))
    else:
        assert type(unit) is BindingGraphError
        assert (unit.code, unit.message) == full


@given(
    text=bgst.expressions(symbol_ids=SYMBOLS),
    units=st.fixed_dictionaries(dict.fromkeys(SYMBOLS, UNITS)),
)
def test_quick_and_full_readings_agree_on_expressions(
    text: str, units: dict[str, Unit]
) -> None:
    """On the grammar's texts, the quick reading gives the full reading's unit, proof or refusal."""
    _both(text, units)


@given(
    text=st.lists(ALPHABET, max_size=12).map("".join),
    units=st.fixed_dictionaries({"a": UNITS, "b": UNITS}),
)
def test_quick_reading_never_takes_what_the_grammar_refuses(
    text: str, units: dict[str, Unit]
) -> None:
    """On any text, the quick reading takes only what the full reading reads, and agrees with it."""
    _both(text, units)


def test_the_quick_reading_answers_the_common_text() -> None:
    """A canonical right-hand side is read quickly: unit, proof and symbols."""
    units = {"v": parse_unit("km/h"), "t": parse_unit("h")}
    read = quick_unit("-(v * t) / 2", units, "rhs")
    assert read == (
        parse_unit("km"),
        "kilometer/hour * hour / 1",
        frozenset({"v", "t"}),
    )


def test_the_quick_reading_defers_what_it_does_not_take() -> None:
    """Text that is long, not ASCII, unknown or outside the grammar is left to the full reading."""
    units = {"v": parse_unit("km/h")}
    for text in (
        "v * w",
        "v * é",
        "v +",
        "(v",
        "v)",
        "v v",
        "1" * 301,
        "v" + " + v" * 200,
        "v ** 2",
        "+".join(["1"] * 101),
    ):
        assert quick_unit(text, units, "rhs") is None
