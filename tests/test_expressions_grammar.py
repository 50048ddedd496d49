"""The language of right-hand sides and predicates (the arithmetic profile): its grammar, its one spelling, and each refusal's code, path and message."""

from __future__ import annotations

import pickle
import sys
from fractions import Fraction
from typing import Any, Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.expressions import (
    MAX_BITS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_EXPRESSION_LENGTH,
    TOP_OPERATIONS,
    BinaryOperation,
    Negation,
    Number,
    Predicate,
    Symbol,
    canonical_expression,
    canonical_predicate,
    expression_symbols,
    operation_kind,
    parse_expression,
    parse_number,
    parse_predicate,
)
from tests._helpers import Text, refusal, untyped

CANONICAL: Final = [
    ("1+2*3", "1 + 2 * 3"),
    ("(1+2)*3", "(1 + 2) * 3"),
    ("(a - b) - c", "a - b - c"),
    ("a - (b - c)", "a - (b - c)"),
    ("a + (b + c)", "a + (b + c)"),
    ("(a + b) + c", "a + b + c"),
    ("a * (b / c)", "a * (b / c)"),
    ("(a * b) / c", "a * b / c"),
    ("a / (b * c)", "a / (b * c)"),
    ("a*b+c*d", "a * b + c * d"),
    ("(a+b)*(c-d)", "(a + b) * (c - d)"),
    ("-x", "-x"),
    ("- x", "-x"),
    ("--x", "--x"),
    ("-(-x)", "--x"),
    ("a - -b", "a - -b"),
    ("a--b", "a - -b"),
    ("-a*b", "-a * b"),
    ("-(a*b)", "-(a * b)"),
    ("-(a+b)*c", "-(a + b) * c"),
    ("(((x)))", "x"),
    ("007.50", "7.5"),
    ("76.0", "76"),
    ("0.0", "0"),
    ("0.050", "0.05"),
    ("000", "0"),
    ("\tx\n*\r\n2 ", "x * 2"),
    ("sym_speed_000*sym_time_001", "sym_speed_000 * sym_time_001"),
    ("ζ + é", "ζ + é"),
    ("48/2=24"[:4], "48 / 2"),
]


class TestCanonicalSpelling:
    """One spelling per tree: spaces, parentheses and numbers as the profile writes them."""

    @pytest.mark.parametrize(("text", "spelled"), CANONICAL)
    def test_the_spelling(self, text: str, spelled: str) -> None:
        """Each text's canonical spelling, which parses to the same tree and spells itself."""
        assert canonical_expression(text) == spelled
        assert parse_expression(spelled) == parse_expression(text)
        assert canonical_expression(spelled) == spelled

    def test_the_tree(self) -> None:
        """Precedence and associativity: ``-a * b - c / 2`` is ``((-a) * b) - (c / 2)``."""
        a, b, c = Symbol("a"), Symbol("b"), Symbol("c")
        assert parse_expression("-a * b - c / 2") == BinaryOperation(
            "-",
            BinaryOperation("*", Negation(a), b),
            BinaryOperation("/", c, Number(Fraction(2))),
        )

    def test_str_of_a_tree_is_its_spelling(self) -> None:
        """str() of any node spells it canonically."""
        tree = parse_expression("a-(b-c)")
        assert str(tree) == "a - (b - c)"
        assert str(tree.right) == "b - c"  # type: ignore[union-attr]
        assert str(parse_expression("-(a+b)")) == "-(a + b)"
        assert str(parse_expression("x")) == "x"

    def test_trees_are_values(self) -> None:
        """Equal texts give equal, hashable, picklable trees; the depth is not part of the value."""
        tree = parse_expression("x * (1 + y)")
        assert hash(tree) == hash(parse_expression("x*(1+y)"))
        assert pickle.loads(pickle.dumps(tree)) == tree  # noqa: S301 -- its own bytes
        assert tree.depth == 2
        assert "depth" not in repr(tree)

    def test_symbols(self) -> None:
        """The symbols an expression mentions, each once."""
        assert expression_symbols("a * b + a / 2") == frozenset({"a", "b"})
        assert expression_symbols("2 * 3") == frozenset()

    def test_predicates(self) -> None:
        """A predicate is two expressions and a comparison."""
        assert canonical_predicate("0<=x") == "0 <= x"
        assert canonical_predicate("(x)*2 != -(1)") == "x * 2 != -1"
        assert parse_predicate("x>=0") == Predicate(
            Symbol("x"), ">=", Number(Fraction(0))
        )
        for comparison in ("<", "<=", ">", ">=", "==", "!="):
            assert canonical_predicate(f"x{comparison}1") == f"x {comparison} 1"


REFUSED: Final = [
    ("banana (((", 7, "an operator or the end of the text", "'('"),
    ("", 0, "a number, a symbol, '-' or '('", "the end of the text"),
    ("   ", 3, "a number, a symbol, '-' or '('", "the end of the text"),
    ("1 +", 3, "a number, a symbol, '-' or '('", "the end of the text"),
    ("+1", 0, "a number, a symbol, '-' or '('", "'+'"),
    ("2x", 1, "an operator or the end of the text", "'x'"),
    ("1 2", 2, "an operator or the end of the text", "'2'"),
    ("(1", 2, "an operator or ')'", "the end of the text"),
    ("(1 2", 3, "an operator or ')'", "'2'"),
    ("1)", 1, "an operator or the end of the text", "')'"),
    ("()", 1, "a number, a symbol, '-' or '('", "')'"),
    ("a /// b", 4, "a number, a symbol, '-' or '('", "'/'"),
    ("a *** 2", 4, "a number, a symbol, '-' or '('", "'*'"),
    ("a % % b", 4, "a number, a symbol, '-' or '('", "'%'"),
    ("1e5", 1, "an operator or the end of the text", "'e5'"),
    ("0x1F", 1, "an operator or the end of the text", "'x1F'"),
    ("1_000", 1, "an operator or the end of the text", "'_000'"),
    ("1.", 1, "a number, a symbol, an operator or a parenthesis", "'.'"),
    (".5", 0, "a number, a symbol, an operator or a parenthesis", "'.'"),
    ("1.5.2", 3, "a number, a symbol, an operator or a parenthesis", "'.'"),
    ("x # y", 2, "a number, a symbol, an operator or a parenthesis", "'#'"),
    ("x\u00a0+ y", 1, "a number, a symbol, an operator or a parenthesis", "'\\xa0'"),
    ("x < 1", 2, "an operator or the end of the text", "'<'"),
    ("x = 1", 2, "a number, a symbol, an operator or a parenthesis", "'='"),
    ("if + 1", 0, "a symbol id that is not a keyword", "'if'"),
    ("ﬁ + 1", 0, "a symbol id in NFKC normal form, as the model's are", "'ﬁ'"),
    ("\uff11", 0, "a number, a symbol, an operator or a parenthesis", "'\uff11'"),
    ("\u0661", 0, "a number, a symbol, an operator or a parenthesis", "'\u0661'"),
]


class TestRefusals:
    """A text outside the grammar is refused at its offset, saying what was expected."""

    @pytest.mark.parametrize(("text", "offset", "expected", "found"), REFUSED)
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
        ("text", "offset", "expected", "found"),
        [
            ("x", 1, "an operator or a comparison", "the end of the text"),
            ("x < 1 < 2", 6, "an operator or the end of the text", "'<'"),
            ("(x < 1)", 3, "an operator or ')'", "'<'"),
            ("x <", 3, "a number, a symbol, '-' or '('", "the end of the text"),
            ("x <> 1", 3, "a number, a symbol, '-' or '('", "'>'"),
            ("x => 1", 2, "a number, a symbol, an operator or a parenthesis", "'='"),
            ("x =< 1", 2, "a number, a symbol, an operator or a parenthesis", "'='"),
        ],
    )
    def test_predicates_not_arithmetic(
        self, text: str, offset: int, expected: str, found: str
    ) -> None:
        """A predicate has exactly one comparison, outside parentheses."""
        error = refusal(parse_predicate, text)
        assert (error.code, error.path) == ("not_arithmetic", ())
        assert error.message == (
            f"the text is not arithmetic: at offset {offset}, expected {expected},"
            f" but found {found}"
        )

    @pytest.mark.parametrize(
        ("text", "rule"),
        [
            (
                "1" * (MAX_EXPRESSION_LENGTH + 1),
                f"it may have at most {MAX_EXPRESSION_LENGTH} characters",
            ),
            (
                "1" * (MAX_DIGITS + 1),
                f"the number at offset 0 has more than {MAX_DIGITS} digits",
            ),
            (
                "x + 0." + "1" * MAX_DIGITS,
                f"the number at offset 4 has more than {MAX_DIGITS} digits",
            ),
            (
                "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1),
                f"it may nest at most {MAX_DEPTH} parentheses deep",
            ),
            (
                "-" * (MAX_DEPTH + 1) + "1",
                f"it may nest at most {MAX_DEPTH} levels deep",
            ),
            (
                "1" + " + 1" * (MAX_DEPTH + 1),
                f"it may nest at most {MAX_DEPTH} levels deep",
            ),
        ],
    )
    def test_limits(self, text: str, rule: str) -> None:
        """Too long, too many digits, too deep: ``limit_exceeded``, saying which limit."""
        error = refusal(parse_expression, text)
        assert (error.code, error.path, error.message) == (
            "limit_exceeded",
            (),
            f"the text is too large: {rule}",
        )

    def test_the_limits_are_inclusive(self) -> None:
        """Exactly at each limit, a text is read."""
        assert canonical_expression("9" * MAX_DIGITS) == "9" * MAX_DIGITS
        assert parse_expression("-" * MAX_DEPTH + "1").depth == MAX_DEPTH
        assert parse_expression("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH) == Number(
            Fraction(1)
        )
        assert parse_expression("1" + " + 1" * MAX_DEPTH).depth == MAX_DEPTH

    @pytest.mark.parametrize(
        "text",
        [
            "1" + "+1" * 99_999,
            "(" * 10_000 + "1" + ")" * 10_000,
            "(" * 4_000 + "1" + ")" * 4_000,
            "-" * 9_999 + "1",
            "-(" * 3_000 + "1" + ")" * 3_000,
        ],
    )
    def test_deep_and_long_inputs_never_recurse(self, text: str) -> None:
        """100,000 terms, 10,000 parentheses, 10,000 minus signs: refused, with no RecursionError."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(200)
        try:
            error = refusal(parse_expression, text)
        finally:
            sys.setrecursionlimit(limit)
        assert error.code == "limit_exceeded"

    @pytest.mark.parametrize(
        "function",
        [
            parse_expression,
            canonical_expression,
            expression_symbols,
            parse_number,
            parse_predicate,
            canonical_predicate,
        ],
    )
    @pytest.mark.parametrize("value", [None, 3, b"1 + 2", Text("1 + 2")])
    def test_a_text_that_is_not_a_str(self, function: Any, value: object) -> None:
        """Bytes, numbers and str subclasses are refused as ``wrong_type``, at ``("text",)``."""
        error = refusal(function, untyped(value))
        assert (error.code, error.path) == ("wrong_type", ("text",))
        assert error.message.startswith(f"{function.__name__}.text must be a str")


NUMBERS: Final = [
    ("3", Fraction(3)),
    ("3.0", Fraction(3)),
    ("-3", Fraction(-3)),
    ("007.50", Fraction(15, 2)),
    ("3/4", Fraction(3, 4)),
    ("6/2", Fraction(3)),
    ("-2.5/0.5", Fraction(-5)),
    ("0", Fraction(0)),
    ("-0", Fraction(0)),
]


class TestNumbers:
    """A fact's value: ``-``?, then ``NUMBER`` or ``NUMBER/NUMBER``."""

    @pytest.mark.parametrize(("text", "value"), NUMBERS)
    def test_the_value(self, text: str, value: Fraction) -> None:
        """Exact, as a Fraction."""
        assert parse_number(text) == value
        assert type(parse_number(text)) is Fraction

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "+3",
            " 3",
            "3 ",
            "3 / 4",
            "1e3",
            "1,000",
            "$12",
            "3/-4",
            "--3",
            "1/2/3",
            "½",
            "x",
            "3.",
            ".5",
            "0x10",
            "١٢",
        ],
    )
    def test_not_a_number(self, text: str) -> None:
        """Anything else is ``not_arithmetic``, quoting the text."""
        error = refusal(parse_number, text)
        assert (error.code, error.path) == ("not_arithmetic", ())
        assert error.message.startswith(
            "the text is not a number of the profile: an optional '-'"
        )

    def test_a_zero_denominator(self) -> None:
        """``3/0`` is no number."""
        error = refusal(parse_number, "3/0.0")
        assert (error.code, error.path, error.message) == (
            "not_arithmetic",
            (),
            (
                "the text is not a number of the profile: the denominator of a"
                " fraction must not be zero (got '3/0.0')"
            ),
        )

    def test_too_many_digits(self) -> None:
        """Each NUMBER of a fraction is held to MAX_DIGITS."""
        error = refusal(parse_number, "1/" + "1" * (MAX_DIGITS + 1))
        assert (error.code, error.message) == (
            "limit_exceeded",
            f"the text is too large: the number at offset 2 has more than {MAX_DIGITS} digits",
        )


class TestTreesBuiltByHand:
    """A tree built by hand holds only what a parsed one can."""

    @pytest.mark.parametrize(
        ("build", "code", "path"),
        [
            (lambda: Number(untyped(3)), "wrong_type", ("value",)),
            (lambda: Number(Fraction(-1)), "not_arithmetic", ("value",)),
            (lambda: Number(Fraction(1, 3)), "not_arithmetic", ("value",)),
            (lambda: Number(Fraction(2**MAX_BITS)), "limit_exceeded", ("value",)),
            (lambda: Number(Fraction(10**1000)), "limit_exceeded", ("value",)),
            (lambda: Number(Fraction(10**300)), "limit_exceeded", ("value",)),
            (lambda: Number(Fraction(1, 2**301)), "limit_exceeded", ("value",)),
            (lambda: Symbol("class"), "invalid_identifier", ("symbol_id",)),
            (lambda: Symbol(untyped(Text("x"))), "wrong_type", ("symbol_id",)),
            (lambda: Negation(untyped("x")), "wrong_type", ("operand",)),
            (
                lambda: BinaryOperation(untyped("^"), Symbol("x"), Symbol("y")),
                "not_in_vocabulary",
                ("operator",),
            ),
            (
                lambda: BinaryOperation("+", untyped(1), Symbol("y")),
                "wrong_type",
                ("left",),
            ),
            (
                lambda: BinaryOperation("+", Symbol("x"), untyped(None)),
                "wrong_type",
                ("right",),
            ),
            (
                lambda: Predicate(Symbol("x"), untyped("=<"), Symbol("y")),
                "not_in_vocabulary",
                ("comparison",),
            ),
            (
                lambda: Predicate(Symbol("x"), "<", untyped("y")),
                "wrong_type",
                ("right",),
            ),
        ],
    )
    def test_refused(self, build: Any, code: str, path: tuple[str, ...]) -> None:
        """Each node's fields are checked as the model's are."""
        with pytest.raises(BindingGraphError) as info:
            build()
        assert (info.value.code, info.value.path) == (code, path)

    def test_too_deep(self) -> None:
        """No tree nests deeper than MAX_DEPTH, however it is built."""
        tree: Any = Symbol("x")
        for _ in range(MAX_DEPTH):
            tree = Negation(tree)
        with pytest.raises(BindingGraphError) as info:
            Negation(tree)
        assert (info.value.code, info.value.path) == ("limit_exceeded", ())
        assert (
            info.value.message
            == f"an arithmetic expression may nest at most {MAX_DEPTH} levels deep"
        )

    def test_a_number_spells_as_a_decimal(self) -> None:
        """Any value a NUMBER can spell round-trips through its spelling."""
        for value in (
            Fraction(1, 8),
            Fraction(1, 5**7),
            Fraction(12345, 100),
            Fraction(0),
        ):
            assert parse_expression(str(Number(value))) == Number(value)


class TestOperationKind:
    """operation_kind names the operation of an expression's top node, from a text or a tree."""

    @pytest.mark.parametrize(
        ("text", "kind"),
        [
            ("a + b * c", "add"),
            ("a - b", "subtract"),
            ("(a + b) * c", "multiply"),
            ("a / 2", "divide"),
            ("-(a + b)", "negate"),
            ("-a * b", "multiply"),
            ("a", "identity"),
            ("7.5", "identity"),
        ],
    )
    def test_the_top_operation(self, text: str, kind: str) -> None:
        """One of TOP_OPERATIONS, the same for the text and its tree."""
        assert operation_kind(text) == operation_kind(parse_expression(text)) == kind
        assert kind in TOP_OPERATIONS

    def test_what_is_no_expression_is_refused(self) -> None:
        """Anything but a str or a tree is refused at its argument; a text outside the profile as the parser refuses it."""
        with pytest.raises(BindingGraphError) as info:
            operation_kind(untyped(3))
        assert (info.value.code, info.value.path) == ("wrong_type", ("expression",))
        with pytest.raises(BindingGraphError) as again:
            operation_kind("a +")
        assert again.value.code == "not_arithmetic"
