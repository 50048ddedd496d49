"""Programs that assign a name again, augment it, or return an expression: each version of a name a symbol of its own, the answer a step of its own."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers
from binding_graph.drafts import (
    compile_draft,
    from_program,
    program_refusals,
    python_value,
)

TEXT: Final = (
    "Ann has 3 boxes of 12 pens. She gives away 7 pens. How many pens are left?"
)

Refusal = tuple[str, tuple[object, ...], str]


def function(*lines: str) -> str:
    """Return a program of one function whose body is *lines*."""
    return "def solution():\n" + "".join(f"    {line}\n" for line in lines)


def at(line: int, column: int) -> tuple[str, int, str, int]:
    """Return the path of the place of a program at *line* and *column*."""
    return ("line", line, "column", column)


def listed(program: str, text: str = TEXT) -> list[Refusal]:
    """Return the code, the path and the message of every refusal of *program*."""
    return [
        (error.code, error.path, error.message)
        for error in program_refusals(program, text, limit=1000)
    ]


def equations(program: str) -> list[tuple[str, str]]:
    """Return each equation of *program*'s graph: its symbol and its right-hand side."""
    graph = from_program(program, TEXT, source_id="p")
    return [
        (equation.lhs_symbol_id, equation.rhs_canonical) for equation in graph.equations
    ]


class TestVersions:
    """Each assignment of a name is a version of it, a symbol of its own; a use reads the latest."""

    def test_a_name_assigned_again_is_its_next_version(self) -> None:
        """x, then x_2, then x_3: the graph of the draft whose names they are, and its answer."""
        program = function("pens = 12", "pens = pens * 3", "pens -= 7", "return pens")
        draft = {
            "quantities": [{"name": "pens", "quote": "12", "value": 12}],
            "steps": [
                {"name": "pens_2", "expression": "pens * 3"},
                {"name": "pens_3", "expression": "pens_2 - 7"},
            ],
            "question": {"name": "pens_3", "quote": "How many pens are left?"},
        }
        graph = from_program(program, TEXT, source_id="p")
        assert graph == compile_draft(
            draft, TEXT, source_id="p", introduced_by="program"
        )
        assert [(symbol.symbol_id, symbol.name) for symbol in graph.symbols] == [
            ("pens", "pens"),
            ("pens_2", "pens_2"),
            ("pens_3", "pens_3"),
        ]
        assert answers(graph) == (Fraction(29),)
        assert python_value(program) == 29

    @pytest.mark.parametrize(
        ("operator", "expression", "value", "python"),
        [
            ("+=", "boxes + 12", Fraction(15), 15),
            ("-=", "boxes - 12", Fraction(-9), -9),
            ("*=", "boxes * 12", Fraction(36), 36),
            ("/=", "boxes / 12", Fraction(1, 4), 0.25),
            ("//=", "boxes // 12", Fraction(0), 0),
            ("%=", "boxes % 12", Fraction(3), 3),
            ("**=", "boxes ** 12", Fraction(531441), 531441),
        ],
    )
    def test_each_augmented_assignment_is_the_operation_of_the_name(
        self, operator: str, expression: str, value: Fraction, python: float
    ) -> None:
        """NAME OP= EXPRESSION is NAME = NAME OP (EXPRESSION): a step over the name's last version."""
        program = function("boxes = 3", f"boxes {operator} 12", "return boxes")
        graph = from_program(program, TEXT, source_id="p")
        assert equations(program) == [("boxes_2", expression)]
        assert graph.unknowns[0].symbol_id == "boxes_2"
        assert answers(graph) == (value,)
        computed = python_value(program)
        assert (computed, type(computed)) == (python, type(python))

    def test_the_augmenting_expression_is_one_operand(self) -> None:
        """An augmented x -= a + b subtracts the sum, as Python computes it: the right-hand side is parenthesized."""
        program = function("a = 3", "b = 12", "a -= b - 7", "a *= a + 1", "return a")
        assert equations(program) == [
            ("a_2", "a - (b - 7)"),
            ("a_3", "a_2 * (a_2 + 1)"),
        ]
        assert python_value(program) == 2

    def test_a_use_reads_the_latest_version(self) -> None:
        """A name used between two assignments reads the one before it; after, the one after."""
        program = function("a = 3", "b = a * 2", "a = 12", "c = a + b", "return c")
        assert equations(program) == [("b", "a * 2"), ("c", "a_2 + b")]
        assert python_value(program) == 18

    def test_a_version_skips_the_names_the_program_binds(self) -> None:
        """Where the program binds x_2 itself, x's second version takes one more underscore: x__2."""
        program = function("x = 3", "x += 12", "x_2 = 7", "y = x - x_2", "return y")
        assert equations(program) == [("x__2", "x + 12"), ("y", "x__2 - x_2")]
        assert python_value(program) == 8

    def test_a_version_skips_the_versions_made_already(self) -> None:
        """x_'s second version is x__2; x's, once the program's x_2 and that are taken, x___2."""
        program = function(
            "x_ = 3", "x_ *= 2", "x = 7", "x *= 2", "x_2 = 1", "y = x + x_", "return y"
        )
        assert equations(program) == [
            ("x__2", "x_ * 2"),
            ("x___2", "x * 2"),
            ("x_2", "1"),
            ("y", "x___2 + x__2"),
        ]
        assert python_value(program) == 20


class TestReturnedExpression:
    """A return of an expression is the answer's own step, a version of answer."""

    def test_the_answer_is_a_step_of_its_own(self) -> None:
        """A return EXPRESSION adds the step answer, its equation the expression, the question asking for it."""
        program = function(
            "boxes = 3", "per_box = 12", "given = 7", "return boxes * per_box - given"
        )
        graph = from_program(program, TEXT, source_id="p")
        assert equations(program) == [("answer", "boxes * per_box - given")]
        unknown = graph.unknowns[0]
        assert (unknown.symbol_id, unknown.question_span.text) == (
            "answer",
            "How many pens are left?",
        )
        assert answers(graph) == (Fraction(29),)
        assert python_value(program) == 29

    def test_an_answer_the_program_names_is_versioned(self) -> None:
        """Where the program assigns answer, the returned expression's step is its next version."""
        program = function("answer = 3", "answer *= 12", "return answer - 7")
        assert equations(program) == [
            ("answer_2", "answer * 12"),
            ("answer_3", "answer_2 - 7"),
        ]
        graph = from_program(program, TEXT, source_id="p")
        assert graph.unknowns[0].symbol_id == "answer_3"
        assert answers(graph) == (Fraction(29),)

    def test_a_returned_number_the_text_states_is_a_quantity(self) -> None:
        """A return of 7, a number the text states, quotes it, as an assignment of it would."""
        graph = from_program(function("return 7"), TEXT, source_id="p")
        fact = graph.facts[0]
        assert (fact.symbol_id, fact.value, fact.source_span.text) == (
            "answer",
            "7",
            "7",
        )
        assert graph.unknowns[0].symbol_id == "answer"

    def test_a_returned_call_leaves_its_operand(self) -> None:
        """A return of float(x) / 2 is the step x / 2; Python computes a float."""
        program = function("boxes = 3", "return float(boxes) / 2")
        assert equations(program) == [("answer", "boxes / 2")]
        assert python_value(program) == 1.5

    def test_a_text_without_a_question_asks_its_last_sentence(self) -> None:
        """The returned expression answers the text's last sentence where no sentence ends in '?'."""
        graph = from_program(
            function("boxes = 3", "return boxes * 2"), "Ann has 3 boxes.", source_id="p"
        )
        assert graph.unknowns[0].question_span.text == "Ann has 3 boxes."
        assert graph.equations[-1].rhs_canonical == "boxes * 2"


_RULE: Final = (
    "a program is one function, def NAME():, of assignments NAME = EXPRESSION"
    " (or +=, -=, *=, /=, //=, %=, **=) and a last return EXPRESSION"
)


class TestRefusals:
    """What a version cannot be is refused at its line and column, once."""

    @pytest.mark.parametrize(
        ("operator", "shown"),
        [("@=", "'@'"), ("<<=", "'<<'"), ("|=", "'|'")],
    )
    def test_an_augmented_operator_outside_the_profile(
        self, operator: str, shown: str
    ) -> None:
        """Refused at the statement, saying why; what uses the name later is not refused again."""
        program = function("x = 3", f"x {operator} 2", "y = x + 1", "return y")
        refused = (
            "unsupported_syntax",
            at(3, 5),
            (
                f"Program line 3, column 5: an augmented assignment with"
                f" {operator!r} is not read: {shown} is outside the arithmetic"
                " profile, and a name is augmented only with +=, -=, *=, /=, //=, %= or **="
            ),
        )
        assert listed(program) == [refused]
        with pytest.raises(BindingGraphError) as info:
            python_value(program)
        assert (info.value.code, info.value.path, info.value.message) == refused

    @pytest.mark.parametrize(
        ("target", "what"), [("a.b", "an attribute"), ("a[0]", "a subscript")]
    )
    def test_an_augmented_assignment_to_other_than_a_name(
        self, target: str, what: str
    ) -> None:
        """Refused at the target: an assignment assigns one name."""
        program = function("a = 3", f"{target} += 1", "return a")
        assert listed(program) == [
            (
                "unsupported_syntax",
                at(3, 5),
                (
                    f"Program line 3, column 5: an augmented assignment to {what} is"
                    f" not read: an assignment assigns one name: {_RULE}"
                ),
            )
        ]

    def test_a_name_augmented_before_it_is_assigned(self) -> None:
        """Python would raise UnboundLocalError: refused at the name; its later uses are not refused again."""
        program = function("x += 3", "y = x * 2", "return y")
        assert listed(program) == [
            (
                "unknown_symbol",
                at(2, 5),
                (
                    "Program line 2, column 5: augments 'x', which no statement before"
                    " it assigns: Python would raise UnboundLocalError, and a name is"
                    " used after its assignment"
                ),
            )
        ]

    def test_a_name_a_refused_statement_binds_is_not_refused_again(self) -> None:
        """A loop's name augmented after it: the loop is the one refusal."""
        program = function("for x in range(3):", "    pass", "x += 1", "return x")
        assert listed(program) == [
            (
                "unsupported_syntax",
                at(2, 5),
                f"Program line 2, column 5: a loop is not read: {_RULE}",
            )
        ]

    def test_debug_augmented(self) -> None:
        """Python's compiler refuses to bind __debug__, augmented or not."""
        program = function("__debug__ += 1", "return __debug__")
        assert [(code, path) for code, path, _ in listed(program)] == [
            ("malformed_document", at(2, 5))
        ]

    def test_a_bare_return(self) -> None:
        """A return of nothing is refused at the return, saying what it may return."""
        assert listed(function("x = 1", "return")) == [
            (
                "unsupported_syntax",
                at(3, 5),
                (
                    "Program line 3, column 5: returns nothing: return the answer,"
                    " return NAME or return EXPRESSION"
                ),
            )
        ]

    def test_a_refused_returned_expression_has_no_answer(self) -> None:
        """What the returned expression holds outside the whitelist is its one refusal."""
        program = function("x = 2", "return x << 2")
        assert [(code, path) for code, path, _ in listed(program)] == [
            ("not_arithmetic", at(3, 12))
        ]

    def test_an_augmented_division_by_zero(self) -> None:
        """Python would raise ZeroDivisionError at the statement: python_value refuses it there."""
        with pytest.raises(BindingGraphError) as info:
            python_value(function("x = 1", "x /= 0", "return x"))
        assert (info.value.code, info.value.path) == ("division_by_zero", at(3, 5))
