"""Programs with ``//``, ``%``, ``**``, ``abs``, ``min``, ``max``, ``round``, ``math.floor`` and ``math.ceil``: their steps, exact values, Python's values, and refusals."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers
from binding_graph.drafts import from_program, program_refusals, python_value

TEXT: Final = "Ann has 7 pens and 2 boxes. How many pens does each box hold?"
CALLS: Final = (
    "a program calls only float(), int(), abs() and round() of one expression,"
    " round(x, n) of a whole number n written as one, min() and max() of two or"
    " more, and math.floor() and math.ceil() of one, after import math"
)


def function(*lines: str, header: str = "") -> str:
    """Return a program of one function, ``solution``, of *lines*, after *header*."""
    return f"{header}def solution():\n" + "".join(f"    {line}\n" for line in lines)


def listed(program: str) -> list[tuple[str, tuple[object, ...], str]]:
    """Return every refusal of *program*: code, path and message."""
    return [
        (error.code, error.path, error.message)
        for error in program_refusals(program, TEXT)
    ]


def at(line: int, column: int) -> tuple[str, int, str, int]:
    """Return the path of a program's *line* and *column*."""
    return ("line", line, "column", column)


class TestOperatorsAndFunctions:
    """Each is a step of the profile's spelling, with its exact value; Python's value beside it."""

    @pytest.mark.parametrize(
        ("expression", "rhs", "exact", "python"),
        [
            ("pens // boxes", "pens // boxes", Fraction(3), 3),
            ("pens % boxes", "pens % boxes", Fraction(1), 1),
            ("pens ** boxes", "pens ** boxes", Fraction(49), 49),
            ("pens ** -boxes", "pens ** -boxes", Fraction(1, 49), 1 / 49),
            ("-pens ** 2", "-pens ** 2", Fraction(-49), -49),
            ("(pens - 10) // boxes", "(pens - 10) // boxes", Fraction(-2), -2),
            ("(pens - 10) % boxes", "(pens - 10) % boxes", Fraction(1), 1),
            ("abs(boxes - pens)", "abs(boxes - pens)", Fraction(5), 5),
            ("min(pens, boxes, 3)", "min(pens, boxes, 3)", Fraction(2), 2),
            ("max(pens / boxes, 3)", "max(pens / boxes, 3)", Fraction(7, 2), 3.5),
            ("round(pens / boxes)", "round(pens / boxes)", Fraction(4), 4),
            ("round(pens / 3, 2)", "round(pens / 3, 2)", Fraction(233, 100), 2.33),
            ("round(pens * 100, -2)", "round(pens * 100, -2)", Fraction(700), 700),
            ("math.floor(pens / boxes)", "floor(pens / boxes)", Fraction(3), 3),
            ("math.ceil(pens / boxes)", "ceil(pens / boxes)", Fraction(4), 4),
        ],
    )
    def test_the_step(
        self, expression: str, rhs: str, exact: Fraction, python: float
    ) -> None:
        """The step's right-hand side, the graph's answer, and Python's value and type."""
        program = function(
            "pens = 7",
            "boxes = 2",
            f"each = {expression}",
            "return each",
            header="import math\n",
        )
        graph = from_program(program, TEXT, source_id="p")
        assert [equation.rhs_canonical for equation in graph.equations] == [rhs]
        assert answers(graph) == (exact,)
        value = python_value(program)
        assert (value, type(value)) == (python, type(python))

    @pytest.mark.parametrize(
        ("program", "exact", "python"),
        [
            # Python's float: 1 // 0.1 is 9.0; exactly, 0.1 goes into 1 ten times.
            (function("a = 1", "b = 0.1", "return a // b"), Fraction(10), 9.0),
            # Python's float: round(2.675, 2) is 2.67; exactly, half to even: 2.68.
            (function("a = 2.675", "return round(a, 2)"), Fraction(268, 100), 2.67),
            (
                function("a = 1", "b = 0.1", "return a % b"),
                Fraction(0),
                0.09999999999999995,
            ),
        ],
    )
    def test_where_python_s_float_differs(
        self, program: str, exact: Fraction, python: float
    ) -> None:
        """The graph's answer is exact; python_value is what Python's float computes."""
        text = "Take 1 and 0.1, or 2.675. How much?"
        assert answers(from_program(program, text, source_id="p")) == (exact,)
        assert python_value(program) == python

    @pytest.mark.parametrize(
        ("operator", "rhs", "exact"),
        [
            ("//=", "pens // 2", Fraction(3)),
            ("%=", "pens % 2", Fraction(1)),
            ("**=", "pens ** 2", Fraction(49)),
        ],
    )
    def test_augmented(self, operator: str, rhs: str, exact: Fraction) -> None:
        """``NAME OP= EXPRESSION`` as ``NAME = NAME OP (EXPRESSION)``, a new version."""
        program = function("pens = 7", f"pens {operator} 2", "return pens")
        graph = from_program(program, TEXT, source_id="p")
        assert [(e.lhs_symbol_id, e.rhs_canonical) for e in graph.equations] == [
            ("pens_2", rhs)
        ]
        assert answers(graph) == (exact,)

    def test_import_math_in_the_function(self) -> None:
        """``import math`` in the function reads as well as at the top."""
        program = function("import math", "pens = 7", "return math.ceil(pens / 2)")
        assert python_value(program) == 4
        graph = from_program(program, TEXT, source_id="p")
        assert graph.equations[0].rhs_canonical == "ceil(pens / 2)"


class TestRefusals:
    """What stays outside: refused at its line and column, saying what is read."""

    @pytest.mark.parametrize(
        ("lines", "header", "expected"),
        [
            (
                ("pens = 7", "return math.floor(pens / 2)"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    (
                        "a call of math.floor is not read: the program does not import"
                        f" math: {CALLS}"
                    ),
                ),
            ),
            (
                ("pens = 7", "return math.sqrt(pens)"),
                "import math\n",
                (
                    "unsupported_syntax",
                    at(4, 12),
                    f"a call of math.sqrt is not read: {CALLS}",
                ),
            ),
            (
                ("math = 2", "pens = 7", "return math.ceil(pens / 2)"),
                "import math\n",
                (
                    "unsupported_syntax",
                    at(5, 12),
                    (
                        "a call of math.ceil is not read: the program binds 'math'"
                        f" otherwise: {CALLS}"
                    ),
                ),
            ),
            (
                ("pens = 7", "return pens.real"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    (
                        "an attribute is not read: an expression holds numbers, names"
                        " assigned before, + - * / // % **, a unary -, parentheses, and"
                        " calls of float(), int(), abs(), round(), min(), max(),"
                        " math.floor() and math.ceil()"
                    ),
                ),
            ),
            (
                ("pens = 7", "return min(pens)"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    f"min() of these arguments is not read: {CALLS}",
                ),
            ),
            (
                ("pens = 7", "return abs(pens, 2)"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    f"abs() of these arguments is not read: {CALLS}",
                ),
            ),
            (
                ("pens = 7", "n = 2", "return round(pens / 3, n)"),
                "",
                (
                    "unsupported_syntax",
                    at(4, 12),
                    f"round() of these arguments is not read: {CALLS}",
                ),
            ),
            (
                ("pens = 7", "return round(pens / 3, ndigits=2)"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    f"round() of these arguments is not read: {CALLS}",
                ),
            ),
            (
                ("pens = 7", "return max(*[pens, 2])"),
                "",
                (
                    "unsupported_syntax",
                    at(3, 12),
                    f"max() of these arguments is not read: {CALLS}",
                ),
            ),
            (
                ("min = 3", "pens = 7", "return min(pens, 2)"),
                "",
                (
                    "unsupported_syntax",
                    at(4, 12),
                    (
                        "a call of 'min' is not read: the program assigns 'min', so min()"
                        " would call its value, not Python's min()"
                    ),
                ),
            ),
            (
                ("pens = 7", "return pens ** 0.5"),
                "",
                (
                    "not_arithmetic",
                    at(3, 12),
                    (
                        "the exponent of '**' is 1/2, not a whole number: the profile's"
                        " powers stay in the fractions"
                    ),
                ),
            ),
            (
                ("pens = 7", "return pens << 1"),
                "",
                (
                    "not_arithmetic",
                    at(3, 12),
                    (
                        "'<<' is outside the arithmetic profile: an expression computes"
                        " with + - * / // % **, a unary - and parentheses"
                    ),
                ),
            ),
            (
                ("from math import floor", "pens = 7", "return pens"),
                "",
                (
                    "unsupported_syntax",
                    at(2, 5),
                    (
                        "an import in the function is not read: the one import read is"
                        " import math, for math.floor() and math.ceil()"
                    ),
                ),
            ),
            (
                ("pens = 7", "return pens"),
                "import numpy as np\n",
                (
                    "unsupported_syntax",
                    at(1, 1),
                    (
                        "an import outside the function is not read: the one import read"
                        " is import math, for math.floor() and math.ceil()"
                    ),
                ),
            ),
        ],
    )
    def test_refused(
        self,
        lines: tuple[str, ...],
        header: str,
        expected: tuple[str, tuple[object, ...], str],
    ) -> None:
        """The one refusal, with its line and column; from_program raises it."""
        code, path, rule = expected
        line, column = path[1], path[3]
        message = f"Program line {line}, column {column}: {rule}"
        program = function(*lines, header=header)
        assert listed(program) == [(code, path, message)]
        with pytest.raises(BindingGraphError) as info:
            from_program(program, TEXT, source_id="p")
        assert (info.value.code, info.value.path) == (code, path)

    @pytest.mark.parametrize(
        ("expression", "code", "rule"),
        [
            (
                "pens // (boxes - 2)",
                "division_by_zero",
                "divides by zero: Python would raise ZeroDivisionError",
            ),
            (
                "pens % (boxes - 2)",
                "division_by_zero",
                "divides by zero: Python would raise ZeroDivisionError",
            ),
            (
                "(boxes - 2) ** -1",
                "division_by_zero",
                "divides by zero: Python would raise ZeroDivisionError",
            ),
            (
                "pens ** 5000",
                "limit_exceeded",
                "makes a whole number of more than 4096 bits",
            ),
            (
                "(-pens) ** 0.5",
                "not_arithmetic",
                (
                    "the exponent of '**' is 1/2, not a whole number: the profile's"
                    " powers stay in the fractions"
                ),
            ),
        ],
    )
    def test_what_python_would_make_is_refused(
        self, expression: str, code: str, rule: str
    ) -> None:
        """python_value refuses where Python would raise, build a huge number, or leave the real numbers."""
        program = function(
            "pens = 7", "boxes = 2", f"each = {expression}", "return each"
        )
        with pytest.raises(BindingGraphError) as info:
            python_value(program)
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            at(4, 12),
            f"Program line 4, column 12: {rule}",
        )

    def test_a_complex_power(self) -> None:
        """An exponent whole exactly that Python's float misses: Python's power of a negative base is complex, refused where Python makes it."""
        program = function(
            "pens = -8.0",
            "zero = 0.1 + 0.2 - 0.3",
            "each = pens ** zero",
            "return each",
        )
        with pytest.raises(BindingGraphError) as info:
            python_value(program)
        assert (info.value.code, info.value.path, info.value.message) == (
            "not_arithmetic",
            at(4, 12),
            (
                "Program line 4, column 12: raises -8.0 to the power"
                " 5.551115123125783e-17, which Python computes as a complex number: the"
                " profile's powers stay in the fractions"
            ),
        )

    def test_floor_of_not_a_number(self) -> None:
        """math.floor() of a NaN, which Python's float arithmetic makes of inf - inf: Python would raise ValueError."""
        program = function(
            "big = 10.0 ** 308",
            "inf = big * 10.0",
            "nan = inf - inf",
            "each = math.floor(nan)",
            "return each",
            header="import math\n",
        )
        with pytest.raises(BindingGraphError) as info:
            python_value(program)
        assert (info.value.code, info.value.path, info.value.message) == (
            "not_arithmetic",
            at(6, 12),
            (
                "Program line 6, column 12: makes no number of Python's float (not a"
                " number): Python would raise ValueError"
            ),
        )
