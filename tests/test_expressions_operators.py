"""The profile's operators ``//``, ``%`` and ``**``, and its six functions: values, spellings, units, refusals."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import attrs
import pytest
from hypothesis import given

from binding_graph import BindingGraphError
from binding_graph.arithmetic import (
    MAX_BITS,
    MAX_EXPONENT,
    BinaryOperation,
    Call,
    Negation,
    Number,
    Symbol,
    canonical_expression,
    canonical_predicate,
    expression_symbols,
    operation_kind,
    parse_expression,
)
from binding_graph.expressions import (
    OPERATION_LABELS,
    Expression,
    Undefined,
    postorder,
    quick_spelling,
    read_operation_kind,
    value,
)
from binding_graph.strategies import expressions
from tests._helpers import refusal, untyped
from tests._oracles import oracle_canonical, oracle_expression

IDS: Final = ("a", "b", "x_1")
KNOWN: Final = {"a": Fraction(7), "b": Fraction(-5, 2), "x_1": Fraction(0)}


def _value(text: str) -> Fraction:
    return value(parse_expression(text), {})


class TestValues:
    """Each operator and function, exactly, in fractions; where Python's float differs, the exact value."""

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("7 // 2", Fraction(3)),
            ("-7 // 2", Fraction(-4)),
            ("7 // -2", Fraction(-4)),
            ("7.5 // 2", Fraction(3)),
            # Python's float: 1 // 0.1 is 9.0; exactly, 0.1 goes into 1 ten times.
            ("1 // 0.1", Fraction(10)),
            ("7 % 3", Fraction(1)),
            ("-7 % 3", Fraction(2)),
            ("7 % -3", Fraction(-2)),
            ("5.5 % 2", Fraction(3, 2)),
            # Python's float: 1 % 0.1 is about 0.09999999999999995.
            ("1 % 0.1", Fraction(0)),
            ("2 ** 10", Fraction(1024)),
            ("2 ** -1", Fraction(1, 2)),
            ("1.5 ** 2", Fraction(9, 4)),
            ("-2 ** 2", Fraction(-4)),
            ("(-2) ** 2", Fraction(4)),
            ("(-2) ** 3", Fraction(-8)),
            ("0 ** 0", Fraction(1)),
            ("(1 + 0.05) ** 2", Fraction(441, 400)),
            ("2 * 3 ** 2", Fraction(18)),
            ("2 ** 3 ** 2", Fraction(512)),
            ("2 ** (1 + 1)", Fraction(4)),
            ("4 ** (3 / 3)", Fraction(4)),
            ("abs(-3.5)", Fraction(7, 2)),
            ("abs(2 - 5)", Fraction(3)),
            ("min(3, 1, 2)", Fraction(1)),
            ("max(3, -1)", Fraction(3)),
            ("max(1 / 3, 0.3)", Fraction(1, 3)),
            ("round(2.5)", Fraction(2)),
            ("round(3.5)", Fraction(4)),
            ("round(-2.5)", Fraction(-2)),
            ("round(2.4999)", Fraction(2)),
            # Python's float: round(2.675, 2) is 2.67; exactly, half rounds to even: 2.68.
            ("round(2.675, 2)", Fraction(268, 100)),
            ("round(2.665, 2)", Fraction(266, 100)),
            ("round(1 / 3, 3)", Fraction(333, 1000)),
            ("round(1250, -2)", Fraction(1200)),
            ("round(1350, -2)", Fraction(1400)),
            ("round(7, 0)", Fraction(7)),
            ("floor(-2.5)", Fraction(-3)),
            ("floor(7 / 2)", Fraction(3)),
            ("ceil(-2.5)", Fraction(-2)),
            ("ceil(7 / 2)", Fraction(4)),
            ("floor(3)", Fraction(3)),
        ],
    )
    def test_the_value(self, text: str, expected: Fraction) -> None:
        """The exact value."""
        assert _value(text) == expected

    def test_the_symbols_of_a_call(self) -> None:
        """A call's arguments are read like any operand."""
        assert expression_symbols("min(a, b ** 2, abs(c // d))") == {"a", "b", "c", "d"}
        tree = parse_expression("round(a % b, 2)")
        assert value(tree, {"a": Fraction(7), "b": Fraction(3)}) == 1

    @pytest.mark.parametrize(
        ("text", "node"),
        [
            ("1 // 0", "1 // 0"),
            ("1 % (2 - 2)", "1 % (2 - 2)"),
            ("0 ** -1", "0 ** -1"),
            ("(1 - 1) ** -2", "(1 - 1) ** -2"),
        ],
    )
    def test_division_by_zero(self, text: str, node: str) -> None:
        """``//`` and ``%`` by zero, and 0 to a negative power: the operation without a value."""
        with pytest.raises(Undefined) as info:
            _value(text)
        assert str(info.value.node) == node

    @pytest.mark.parametrize(
        ("text", "code", "message"),
        [
            (
                "4 ** 0.5",
                "not_arithmetic",
                (
                    "the exponent of '**' is 1/2, not a whole number: the profile's"
                    " powers stay in the fractions"
                ),
            ),
            (
                "2 ** (1 / 3)",
                "not_arithmetic",
                (
                    "the exponent of '**' is 1/3, not a whole number: the profile's"
                    " powers stay in the fractions"
                ),
            ),
            (
                f"1 ** {MAX_EXPONENT + 1}",
                "limit_exceeded",
                "the exponent of '**' is 4097, beyond 4096 in magnitude",
            ),
            (
                "1 ** -(4096 + 1)",
                "limit_exceeded",
                "the exponent of '**' is -4097, beyond 4096 in magnitude",
            ),
        ],
    )
    def test_an_exponent_out_of_the_profile(
        self, text: str, code: str, message: str
    ) -> None:
        """An exponent is read as any expression; its value must be whole, and within the bound."""
        with pytest.raises(BindingGraphError) as info:
            _value(text)
        assert (info.value.code, info.value.message) == (code, message)

    @pytest.mark.parametrize(
        "text", ["3 ** 4096", "(1 / 3) ** -4096", "2 ** 4096", "10 ** 1234"]
    )
    def test_a_power_past_the_limit(self, text: str) -> None:
        """Refused before it is computed, as limit_exceeded."""
        with pytest.raises(BindingGraphError) as info:
            _value(text)
        assert info.value.code == "limit_exceeded"
        assert info.value.message == (
            "a value of an arithmetic expression may take at most"
            f" {MAX_BITS} bits in its numerator and its denominator"
        )

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("2 ** 4095", Fraction(2**4095)),
            ("1 ** 4096", Fraction(1)),
            ("(-1) ** -4095", Fraction(-1)),
            ("0 ** 4096", Fraction(0)),
        ],
    )
    def test_a_power_within_the_limit(self, text: str, expected: Fraction) -> None:
        """The limit is on the result: bases 0, 1 and -1 take any exponent the profile allows."""
        assert _value(text) == expected


class TestSpelling:
    """The canonical spelling: Python's, one space around operators, parentheses only where needed."""

    @pytest.mark.parametrize(
        ("text", "spelled"),
        [
            ("a//b", "a // b"),
            ("a%b", "a % b"),
            ("a**2", "a ** 2"),
            ("a ** 02", "a ** 2"),
            ("a ** 2.0", "a ** 2"),
            ("a ** (2)", "a ** 2"),
            ("a**-1", "a ** -1"),
            ("-a**2", "-a ** 2"),
            ("-(a**2)", "-a ** 2"),
            ("(-a)**2", "(-a) ** 2"),
            ("(a**2)**3", "(a ** 2) ** 3"),
            ("2*a**2", "2 * a ** 2"),
            ("(2*a)**2", "(2 * a) ** 2"),
            ("a**2*b", "a ** 2 * b"),
            ("abs(a)**2", "abs(a) ** 2"),
            ("-(a//b)", "-(a // b)"),
            ("a-(b%c)", "a - b % c"),
            ("a%(b*c)", "a % (b * c)"),
            ("(a%b)*c", "a % b * c"),
            ("a//(b//c)", "a // (b // c)"),
            ("(a//b)//c", "a // b // c"),
            ("a**b", "a ** b"),
            ("a**-b", "a ** -b"),
            ("a**(b+1)", "a ** (b + 1)"),
            ("a**(b*2)", "a ** (b * 2)"),
            ("2**3**2", "2 ** 3 ** 2"),
            ("2**(3**2)", "2 ** 3 ** 2"),
            ("2**-x**2", "2 ** -x ** 2"),
            ("(a**b)**c", "(a ** b) ** c"),
            ("abs( a )", "abs(a)"),
            ("min(a,b)", "min(a, b)"),
            ("max ( a , (b) , c*2 )", "max(a, b, c * 2)"),
            ("round(x,2)", "round(x, 2)"),
            ("round(x , -1)", "round(x, -1)"),
            ("round((x))", "round(x)"),
            ("floor(a/b)", "floor(a / b)"),
            ("ceil(-a)", "ceil(-a)"),
            ("-abs(a)", "-abs(a)"),
            ("min(a + b, c) * 2", "min(a + b, c) * 2"),
            ("abs(min(a, b) - max(a, b))", "abs(min(a, b) - max(a, b))"),
            # A name of a function not followed by '(' is a symbol, as before.
            ("min + round", "min + round"),
            ("floor*(ceil)", "floor * ceil"),
        ],
    )
    def test_the_spelling(self, text: str, spelled: str) -> None:
        """One spelling; reading it again gives the same tree."""
        assert canonical_expression(text) == spelled
        assert parse_expression(spelled) == parse_expression(text)

    def test_the_trees(self) -> None:
        """Python's binding: ``-x ** 2`` is ``-(x ** 2)``, ``**`` groups its base tightly."""
        x, two = Symbol("x"), Number(Fraction(2))
        assert parse_expression("-x ** 2") == Negation(BinaryOperation("**", x, two))
        assert parse_expression("min(x, 2)") == Call("min", (x, two))
        assert parse_expression("round(x, -2)") == Call("round", (x, Negation(two)))
        assert parse_expression("x % 2 * x") == BinaryOperation(
            "*", BinaryOperation("%", x, two), x
        )
        assert str(Call("abs", (BinaryOperation("-", x, two),))) == "abs(x - 2)"
        assert [str(node) for node in postorder(parse_expression("max(x, -2)"))] == [
            "x",
            "2",
            "-2",
            "max(x, -2)",
        ]

    def test_predicates(self) -> None:
        """A predicate's sides are expressions of the whole profile."""
        assert canonical_predicate("x%2==0") == "x % 2 == 0"
        assert canonical_predicate("abs(x-y)<=1") == "abs(x - y) <= 1"

    @pytest.mark.parametrize(
        ("text", "kind"),
        [
            ("a // b", "floor_divide"),
            ("a % b", "modulo"),
            ("a ** 2", "power"),
            ("-a ** 2", "negate"),
            ("a ** 2 * b", "multiply"),
            ("abs(a)", "abs"),
            ("min(a, b)", "min"),
            ("max(a, b)", "max"),
            ("round(a)", "round"),
            ("floor(a)", "floor"),
            ("ceil(a)", "ceil"),
            ("abs(a) + 1", "add"),
        ],
    )
    def test_the_top_operation(self, text: str, kind: str) -> None:
        """A new operator's or a call's own kind; the old kinds as they were."""
        assert operation_kind(text) == kind
        assert read_operation_kind(kind) == kind

    def test_the_labels_of_the_new_kinds(self) -> None:
        """Each kind reads as itself, and the nouns that name only it."""
        assert {
            label: kind
            for label, kind in OPERATION_LABELS.items()
            if kind
            in {
                "floor_divide",
                "modulo",
                "power",
                "abs",
                "min",
                "max",
                "round",
                "floor",
                "ceil",
            }
        } == {
            "floor_divide": "floor_divide",
            "floor_division": "floor_divide",
            "modulo": "modulo",
            "power": "power",
            "exponentiation": "power",
            "abs": "abs",
            "min": "min",
            "max": "max",
            "round": "round",
            "rounding": "round",
            "floor": "floor",
            "ceil": "ceil",
            "ceiling": "ceil",
        }


class TestRefusals:
    """What stays outside the profile: refused at its offset, with what was expected there."""

    @pytest.mark.parametrize(
        ("text", "offset", "expected", "found"),
        [
            (
                "round(x, n)",
                9,
                "a whole number, optionally negated, as the places of round()",
                "'n'",
            ),
            (
                "round(x, 1.5)",
                9,
                "a whole number, optionally negated, as the places of round()",
                "'1.5'",
            ),
            ("abs(a, b)", 5, "')': abs() takes no more arguments", "','"),
            ("floor(a, 1)", 7, "')': floor() takes no more arguments", "','"),
            ("round(x, 1, 2)", 10, "')': round() takes no more arguments", "','"),
            ("min(a)", 5, "',': min() takes at least two arguments", "')'"),
            ("max((a))", 7, "',': max() takes at least two arguments", "')'"),
            ("abs()", 4, "a number, a symbol, '-' or '('", "')'"),
            ("min(a,)", 6, "a number, a symbol, '-' or '('", "')'"),
            ("min(a b)", 6, "an operator or ',' or ')'", "'b'"),
            ("(a, b)", 2, "an operator or ')'", "','"),
            ("a, b", 1, "an operator or the end of the text", "','"),
            ("sqrt(a)", 4, "an operator or the end of the text", "'('"),
            ("a /// b", 4, "a number, a symbol, '-' or '('", "'/'"),
            ("a *** b", 4, "a number, a symbol, '-' or '('", "'*'"),
            ("a %", 3, "a number, a symbol, '-' or '('", "the end of the text"),
            ("abs(a", 5, "an operator or ',' or ')'", "the end of the text"),
        ],
    )
    def test_not_arithmetic(
        self, text: str, offset: int, expected: str, found: str
    ) -> None:
        """The code, the empty path, and the message."""
        error = refusal(parse_expression, text)
        assert (error.code, error.path) == ("not_arithmetic", ())
        assert error.message == (
            f"the text is not arithmetic: at offset {offset}, expected {expected},"
            f" but found {found}"
        )

    @pytest.mark.parametrize(
        ("text", "rule"),
        [
            (
                f"round(a, {MAX_EXPONENT + 1})",
                "at offset 9, the places of round() may be at most 4096 in magnitude",
            ),
            (
                "abs(" * 201 + "a" + ")" * 201,
                "it may nest at most 200 parentheses deep",
            ),
        ],
    )
    def test_limits(self, text: str, rule: str) -> None:
        """Places beyond the bound, and calls nested too deep: limit_exceeded."""
        error = refusal(parse_expression, text)
        assert (error.code, error.message) == (
            "limit_exceeded",
            f"the text is too large: {rule}",
        )

    def test_the_limits_are_inclusive(self) -> None:
        """The bound itself reads."""
        assert (
            str(parse_expression(f"round(a, {MAX_EXPONENT})"))
            == f"round(a, {MAX_EXPONENT})"
        )
        deep = "abs(" * 199 + "a" + ")" * 199
        assert parse_expression(deep).depth == 199

    @pytest.mark.parametrize(
        ("build", "code", "path", "message"),
        [
            (
                lambda: Call("abs", ()),
                "not_arithmetic",
                ("arguments",),
                "abs() takes exactly one argument",
            ),
            (
                lambda: Call("min", (Symbol("a"),)),
                "not_arithmetic",
                ("arguments",),
                "min() takes at least two arguments",
            ),
            (
                lambda: Call(
                    "round", (Symbol("a"), Number(Fraction(1)), Number(Fraction(1)))
                ),
                "not_arithmetic",
                ("arguments",),
                "round() takes one or two arguments",
            ),
            (
                lambda: Call("round", (Symbol("a"), Number(Fraction(1, 2)))),
                "not_arithmetic",
                ("arguments", 1),
                "the places of round() must be a whole number, optionally negated, such as 2 or -1",
            ),
            (
                lambda: Call(untyped("sqrt"), (Symbol("a"),)),
                "not_in_vocabulary",
                ("function",),
                None,
            ),
            (
                lambda: Call("abs", untyped([Symbol("a")])),
                "wrong_type",
                ("arguments",),
                None,
            ),
            (
                lambda: Call("abs", untyped(("a",))),
                "wrong_type",
                ("arguments", 0),
                None,
            ),
        ],
    )
    def test_nodes_built_by_hand(
        self, build: Any, code: str, path: tuple[str | int, ...], message: str | None
    ) -> None:
        """A tree built by hand holds what a parsed one can."""
        error = refusal(build)
        assert (error.code, error.path) == (code, path)
        if message is not None:
            assert message in error.message

    def test_a_deep_call_by_hand(self) -> None:
        """Calls nest their arguments one level deeper, within the same limit."""
        tree: Expression = Symbol("a")
        for _ in range(200):
            tree = Call("abs", (tree,))
        error = refusal(Call, "abs", (tree,))
        assert error.code == "limit_exceeded"

    def test_trees_are_values(self) -> None:
        """Equal trees are equal and hash alike; frozen."""
        one, two = parse_expression("min(a, b ** 2)"), parse_expression("min( a,b**2 )")
        assert one == two
        assert hash(one) == hash(two)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            one.function = "max"  # type: ignore[misc,union-attr]


# -- properties ---------------------------------------------------------------


@given(expressions(max_leaves=12))
def test_old_texts_spell_as_before(text: str) -> None:
    """The superset: a text of the four operators spells exactly as the profile of four operators spelled it."""
    tree = oracle_expression(text)
    assert tree is not None
    assert canonical_expression(text) == oracle_canonical(tree)


@given(expressions(max_leaves=10, extended=True))
def test_the_whole_profile_reads_and_spells(text: str) -> None:
    """Drawn texts of the whole profile read; their spelling is canonical and reads as the same tree."""
    tree = parse_expression(text)
    spelled = str(tree)
    assert canonical_expression(spelled) == spelled
    assert parse_expression(spelled) == tree


@given(expressions(max_leaves=10, extended=True, canonical=True))
def test_canonical_texts_of_the_whole_profile(text: str) -> None:
    """A text drawn canonically is its own spelling."""
    assert canonical_expression(text) == text


@given(
    expressions(max_leaves=5, extended=True),
    expressions(max_leaves=5, extended=True),
)
def test_predicates_of_the_whole_profile(left: str, right: str) -> None:
    """Predicates too."""
    spelled = canonical_predicate(f"{left} <= {right}")
    assert spelled == f"{canonical_expression(left)} <= {canonical_expression(right)}"
    assert canonical_predicate(spelled) == spelled


@given(expressions(symbol_ids=IDS, max_leaves=8, extended=True))
def test_the_quick_spelling_agrees(text: str) -> None:
    """Where the quick spelling answers a text of the whole profile, it answers as the full reader."""
    spelling = quick_spelling(text)
    if spelling is not None:
        assert spelling[0] == canonical_expression(text)
        assert spelling[2] == operation_kind(text)


@pytest.mark.parametrize(
    "text",
    ["a // b", "a % b", "a ** 2", "abs(a)", "min(a, b)", "round(a, 2)", "a * -b ** 2"],
)
def test_the_quick_spelling_leaves_the_new_forms_to_the_full_one(text: str) -> None:
    """The one-pass reading takes the four operators only."""
    assert quick_spelling(text) is None
