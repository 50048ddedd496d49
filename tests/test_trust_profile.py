"""The profile for model output: answers a question can have, numbers the text states, and its findings."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final

import attrs
import pytest

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph
from binding_graph.analysis import Finding
from binding_graph.datasets import from_gsm8k
from binding_graph.drafts import compile_draft, from_program, repair
from binding_graph.errors import DOCUMENT_CODES, REFUSAL_CODES
from binding_graph.trust import (
    CHECKS,
    CONSTANTS,
    TRUST_CODES,
    TRUST_FINDING_CODES,
    check_trust,
    trust_findings,
    trust_refusals,
)
from tests._helpers import untyped

if TYPE_CHECKING:
    from typing import Any

EGGS: Final = "Ann has 16 eggs. She eats 3. How many eggs are left?"
GSM8K: Final = Path(__file__).parent / "data" / "gsm8k" / "train-200.jsonl"


def program(body: str, text: str = EGGS) -> SemanticSymbolicBindingGraph:
    """Return the graph of a program of *body*'s lines, against *text*."""
    lines = "".join(f"    {line}\n" for line in body.split(";"))
    return from_program(f"def solution():\n{lines}", text, source_id="p1")


def draft_graph(text: str, value: int, expression: str) -> SemanticSymbolicBindingGraph:
    """Return the graph of a draft of one quantity and one step, asking the text's last sentence."""
    return compile_draft(
        {
            "quantities": [{"name": "n", "quote": str(value), "value": value}],
            "steps": [{"name": "answer", "expression": expression}],
            "question": {"name": "answer", "quote": text[text.rindex(". ") + 2 :]},
        },
        text,
        source_id="p1",
    )


def _asked(
    text: str, value: int, expression: str, **question: Any
) -> SemanticSymbolicBindingGraph:
    """Return :func:`draft_graph`'s graph, its unknown given *question*'s fields."""
    graph = draft_graph(text, value, expression)
    unknown = attrs.evolve(graph.unknowns[0], **question)
    return attrs.evolve(graph, unknowns=(unknown,))


def codes(
    graph: SemanticSymbolicBindingGraph,
) -> list[tuple[str, tuple[str | int, ...]]]:
    """Return the code and path of each refusal of the profile."""
    return [(error.code, error.path) for error in trust_refusals(graph)]


class TestCodes:
    """The profile's codes are refusal codes, and never a document's."""

    def test_codes(self) -> None:
        """The three codes are registered, apart from a document's."""
        assert {
            "non_integer_solution",
            "negative_solution",
            "unstated_number",
        } == TRUST_CODES
        assert TRUST_CODES <= REFUSAL_CODES
        assert not TRUST_CODES & DOCUMENT_CODES
        assert {"unused_number", "question_unit_mismatch"} == TRUST_FINDING_CODES
        assert CHECKS == ("answers", "grounding")


class TestAnswers:
    """A count's answer is a whole, nonnegative number."""

    def test_a_fraction_of_a_count(self) -> None:
        """Eggs divided by 3 is refused at the unknown, the message naming the value and why."""
        [error] = trust_refusals(program("e = 16;return e / 3"))
        assert (error.code, error.path) == ("non_integer_solution", ("unknowns", 0))
        assert error.message == (
            "BoundUnknown 'answer' asks how many eggs; 16/3 is not a whole number:"
            " a count is a whole, nonnegative number"
            " (question: 'How many eggs are left?')"
        )

    def test_a_negative_count(self) -> None:
        """Three less sixteen eggs is refused as negative."""
        [error] = trust_refusals(program("e = 16;a = 3;return a - e"))
        assert (error.code, error.path) == ("negative_solution", ("unknowns", 0))
        assert "-13 is negative" in error.message

    def test_a_whole_count(self) -> None:
        """Sixteen less three eggs is accepted."""
        assert trust_refusals(program("e = 16;a = 3;return e - a")) == ()

    @pytest.mark.parametrize(
        "question",
        [
            "How many dollars are left?",
            "How many hours are left?",
            "How many times more is it?",
            "How much is left?",
            "What is left?",
        ],
    )
    def test_not_counts(self, question: str) -> None:
        """Money, time, a ratio, "How much" and a question without "How many" ask for no count."""
        text = f"Ann has 16 eggs. She eats 3. {question}"
        assert trust_refusals(program("e = 16;return e / 3", text)) == ()

    def test_a_count_by_its_form(self) -> None:
        """A question_form of count asks for a count, whatever the words."""
        text = "Ann has 16 dollars. What is left?"
        graph = _asked(text, 16, "n / 3", question_form="count")
        assert codes(graph) == [("non_integer_solution", ("unknowns", 0))]
        assert "asks for a count" in trust_refusals(graph)[0].message

    def test_a_count_by_its_unit(self) -> None:
        """An expected unit of a count noun asks for a count; of money, it does not, whatever the question says."""
        text = "Ann has 16 dollars. How many apples?"
        counted = _asked(text, 16, "n / 3", expected_unit="apples")
        assert codes(counted) == [("non_integer_solution", ("unknowns", 0))]
        assert "asks for a number of apples" in trust_refusals(counted)[0].message
        money = _asked(
            "Ann has 16 eggs. How many eggs?", 16, "n / 3", expected_unit="$"
        )
        assert codes(money) == []

    def test_an_undetermined_unknown(self) -> None:
        """An unknown that nothing determines is not judged."""
        graph = draft_graph("Ann has 16 eggs. How many eggs?", 16, "n / 3")
        bare = attrs.evolve(graph, equations=())
        assert trust_refusals(bare, ("answers",)) == ()

    def test_an_unreadable_graph(self) -> None:
        """A graph whose arithmetic does not read is refused as the arithmetic refuses it."""
        graph = draft_graph("Ann has 16 eggs. How many eggs?", 16, "n / 3")
        broken = attrs.evolve(
            graph, facts=(attrs.evolve(graph.facts[0], value="sixteen"),)
        )
        assert codes(broken) == [
            ("not_arithmetic", ("facts", 0, "value")),
            ("not_arithmetic", ("facts", 0, "value")),
        ]


class TestGrounding:
    """Every number a graph computes with is stated, or a constant of the table."""

    def test_a_number_the_text_does_not_state(self) -> None:
        """Eggs = 61 where the text says 16 is refused at the equation's right-hand side, though eggs - 3 is 58 and 61 = 58 + 3: what it computes comes after."""
        [error] = trust_refusals(program("eggs = 61;return eggs - 3"))
        assert (error.code, error.path) == (
            "unstated_number",
            ("equations", 0, "rhs_canonical"),
        )
        assert error.message == (
            "BoundEquation of 'eggs' computes with 61, which the problem's text"
            " does not state, which is no constant of the profile's table, and"
            " which is not one operation from the numbers the text states or the"
            " set-up computes: quote the number from the text, or compute it"
            " from numbers the text states"
        )

    def test_a_fact_the_text_does_not_state(self) -> None:
        """A fact's value the text does not state is refused at the value."""
        graph = draft_graph("Ann has 16 eggs. How many eggs?", 16, "n")
        moved = attrs.evolve(graph, facts=(attrs.evolve(graph.facts[0], value="-61"),))
        assert codes(moved)[-1] == ("unstated_number", ("facts", 0, "value"))
        assert "'n' computes with 61" in trust_refusals(moved)[-1].message

    def test_stated_numbers_and_constants(self) -> None:
        """Numbers the text states in words and percentages, and each constant of the table, are grounded."""
        text = "Ann has twenty-five eggs and sells 40% of them. How many dollars?"
        for constant in CONSTANTS:
            body = f"e = 25;s = e * 40 / 100;return s * {constant}"
            assert codes(program(body, text)) == [], constant

    def test_the_table_is_closed(self) -> None:
        """A number outside the table and the text is refused, one refusal an element."""
        for number in ("6", "8", "1.5", "0.2", "61"):
            found = trust_refusals(
                program(f"return 16 * {number} * 61"), ("grounding",)
            )
            assert [(error.code, error.path) for error in found] == [
                ("unstated_number", ("equations", 0, "rhs_canonical"))
            ], number
        assert Fraction(6) not in CONSTANTS

    def test_a_refused_equation_computes_nothing(self) -> None:
        """Only admitted equations are read; an unreadable one is refused as the arithmetic refuses it."""
        graph = program("eggs = 61;return eggs - 3")
        refused = attrs.evolve(
            graph.equations[0], admissibility_status="refused", refusal_reason="no"
        )
        assert (
            codes(attrs.evolve(graph, equations=(refused, *graph.equations[1:]))) == []
        )
        bad = attrs.evolve(graph.equations[0], rhs_canonical="61 +")
        assert codes(attrs.evolve(graph, equations=(bad, *graph.equations[1:])))[
            -1
        ] == (
            "not_arithmetic",
            ("equations", 0, "rhs_canonical"),
        )

    def test_a_graph_that_asks_nothing(self) -> None:
        """Without an unknown, the text is that of the sources the facts quote."""
        graph = program("eggs = 16;return eggs - 3")
        assert codes(attrs.evolve(graph, unknowns=())) == []


BOXES: Final = (
    "Ann has 16 boxes of 7 eggs and 9 loose eggs. She eats 3. How many eggs are left?"
)
JANET: Final = (
    "Janet's ducks lay 16 eggs per day. She eats three for breakfast every"
    " morning and bakes muffins for her friends every day with four. She sells"
    " the remainder at the farmers' market daily for $2 per fresh duck egg."
    " How much in dollars does she make every day at the farmers' market?"
)


def grounding(
    graph: SemanticSymbolicBindingGraph,
) -> list[tuple[str, tuple[str | int, ...]]]:
    """Return the code and path of each refusal of the grounding check."""
    return [(error.code, error.path) for error in trust_refusals(graph, ("grounding",))]


def rhs(index: int) -> list[tuple[str, tuple[str | int, ...]]]:
    """Return one unstated_number at the right-hand side of equation *index*."""
    return [("unstated_number", ("equations", index, "rhs_canonical"))]


class TestGroundedByTheSetUp:
    """A number the set-up computes, or one operation from the numbers stated or computed, is grounded; one step, never a chain, never two constants alone."""

    def test_stated_and_computed(self) -> None:
        """(a) and (c): 121 = 16 * 7 + 9 is grounded once the set-up computes it, and not before."""
        assert grounding(program("return 16 * 7 + 9 - 3", BOXES)) == []
        assert grounding(program("eggs = 16 * 7 + 9;return 121 - 3", BOXES)) == []
        assert grounding(program("return 121 - 3", BOXES)) == rhs(0)
        later = "left = 121 - 3;eggs = 16 * 7 + 9;return left"
        assert grounding(program(later, BOXES)) == rhs(0)

    @pytest.mark.parametrize(
        "number",
        ["112", "23", "13", "48", "16/7", "7/16", "32", "8", "18", "160"],
    )
    def test_one_operation_from_stated(self, number: str) -> None:
        """(d): one operation from two stated numbers (16 * 7, 16 + 7, 16 - 3, 16 * 3, 16 / 7, 7 / 16) or from one and a constant (16 * 2, 16 / 2, 16 + 2, 16 * 10)."""
        assert grounding(program(f"return {number} + 9", BOXES)) == [], number

    @pytest.mark.parametrize("number", ["242", "60.5", "133", "109"])
    def test_one_operation_from_computed(self, number: str) -> None:
        """(d) from (c): 121 * 2, 121 / 2, 121 + 12, 121 - 12 once the set-up computes 121."""
        body = f"eggs = 16 * 7 + 9;return {number} - 3"
        assert grounding(program(body, BOXES)) == [], number

    @pytest.mark.parametrize("number", ["243", "122.5", "135", "139"])
    def test_two_operations_are_refused(self, number: str) -> None:
        """A number two operations from the set-up's (121 * 2 + 1, ...) is refused: a (d) number grounds no other."""
        body = f"eggs = 16 * 7 + 9;return {number} - 3"
        assert grounding(program(body, BOXES)) == rhs(1), number
        # 113 = 112 + 1 where 112 = 16 * 7 is grounded only by one operation.
        assert grounding(program("return 113", BOXES)) == rhs(0)

    def test_two_constants_alone(self) -> None:
        """61 = 60 + 1 is refused, and a symbol that holds or computes constants alone computes nothing the text states."""
        assert Fraction(60) in CONSTANTS
        assert Fraction(1) in CONSTANTS
        assert grounding(program("return 61 - 3")) == rhs(0)
        for held in ("60", "60 * 1"):
            body = f"minutes = {held};eggs = 61;return eggs - minutes"
            assert grounding(program(body)) == rhs(1), held
        chained = "minutes = 60 * 1;m = minutes * 1;eggs = 61;return eggs - m"
        assert grounding(program(chained)) == rhs(2)

    def test_eggs_61(self) -> None:
        """A program's eggs = 61 where the text says 16, three, four and $2 is refused; 16 is accepted."""
        body = "eggs = {};left = eggs - 3 - 4;return left * 2"
        [error] = trust_refusals(program(body.format(61), JANET), ("grounding",))
        assert (error.code, error.path) == rhs(0)[0]
        assert "computes with 61, which" in error.message
        assert grounding(program(body.format(16), JANET)) == []

    def test_what_rests_on_a_refused_number(self) -> None:
        """A value computed from a refused number grounds nothing: 122 = 61 * 2 is refused too."""
        body = "eggs = 61;more = eggs * 2;return 122 - 3"
        assert grounding(program(body)) == rhs(0) + rhs(2)
        bad = program("eggs = 16 * 7 + 9;return 121 - 3", BOXES)
        broken = graph_equation(bad, 0, "16 * 7 +")
        assert grounding(broken) == [
            ("not_arithmetic", ("equations", 0, "rhs_canonical")),
            *rhs(1),
        ]

    def test_facts(self) -> None:
        """A fact's value stated or one operation from the text's is grounded, and what the set-up computes from it is."""
        text = "Ann has 16 boxes of 7 eggs. How many eggs?"
        graph = draft_graph(text, 16, "n * 7 + 1")
        assert grounding(graph) == []
        late = attrs.evolve(graph, facts=(attrs.evolve(graph.facts[0], value="32"),))
        assert grounding(late) == []
        wrong = attrs.evolve(graph, facts=(attrs.evolve(graph.facts[0], value="61"),))
        assert grounding(wrong) == [("unstated_number", ("facts", 0, "value"))]
        # A fact that holds a constant is grounded, and grounds nothing more.
        plus = draft_graph(text, 16, "n + 1")
        hour = attrs.evolve(plus, facts=(attrs.evolve(plus.facts[0], value="60"),))
        assert grounding(hour) == []
        later = attrs.evolve(hour.equations[0], lhs_symbol_id="m", rhs_canonical="61")
        held = attrs.evolve(
            hour,
            symbols=(*hour.symbols, attrs.evolve(hour.symbols[0], symbol_id="m")),
            equations=(*hour.equations, later),
        )
        assert grounding(held) == rhs(1)

    def test_the_arithmetic_refuses(self) -> None:
        """Where the arithmetic cannot evaluate the graph, the set-up computes nothing: 121 is refused."""
        graph = program("eggs = 16 * 7 + 9;return 121 - 3", BOXES)
        zero = graph_equation(graph, 0, "(16 - 16) / (16 - 16)")
        assert grounding(zero) == rhs(1)

    def test_an_equation_outside_the_solve_order(self) -> None:
        """An admitted equation that defines a symbol a fact already gives is read last, against all the set-up computes: 97 = 113 - 16."""
        text = "Ann has 16 boxes of 7 eggs. How many eggs?"
        graph = draft_graph(text, 16, "n * 7 + 1")
        for number, expected in (("97", []), ("300", rhs(0))):
            again = attrs.evolve(
                graph.equations[0],
                lhs_symbol_id="n",
                rhs_canonical=f"answer - {number}",
                dependencies=frozenset({"answer"}),
            )
            extra = attrs.evolve(graph, equations=(again, *graph.equations))
            assert grounding(extra) == expected, number

    def test_zero(self) -> None:
        """A stated zero is grounded and grounds nothing by one operation."""
        text = "Ann has 0 hens and 16 eggs. How many eggs?"
        assert grounding(program("return 0 + 16", text)) == []
        assert grounding(program("return 61", text)) == rhs(0)

    def test_the_bound(self) -> None:
        """A number is tried against the first 256 numbers stated or computed, in the order of the text."""
        for fillers, expected in ((255, []), (256, rhs(0))):
            numbers = " and ".join(str(7_000_000 + k) for k in range(fillers))
            text = f"Ann counts {numbers} and 5000 eggs. How many eggs?"
            assert grounding(program("return 5000", text)) == []
            assert grounding(program("return 5001", text)) == expected, fillers


def graph_equation(
    graph: SemanticSymbolicBindingGraph, index: int, text: str
) -> SemanticSymbolicBindingGraph:
    """Return *graph* with equation *index*'s right-hand side *text*."""
    equations = list(graph.equations)
    equations[index] = attrs.evolve(equations[index], rhs_canonical=text)
    return attrs.evolve(graph, equations=tuple(equations))


class TestEntryPoints:
    """check_trust raises the first refusal; the checks run one by one; arguments are checked."""

    def test_check_trust(self) -> None:
        """The first refusal is raised; an accepted graph raises nothing."""
        with pytest.raises(BindingGraphError) as caught:
            check_trust(program("eggs = 61;return eggs / 5"))
        assert (caught.value.code, caught.value.path) == (
            "non_integer_solution",
            ("unknowns", 0),
        )
        with pytest.raises(BindingGraphError) as caught:
            check_trust(program("eggs = 61;return eggs / 5"), ("grounding",))
        assert caught.value.code == "unstated_number"
        check_trust(program("eggs = 16;return eggs - 3"))

    def test_one_check_at_a_time(self) -> None:
        """Each check adds its own refusals."""
        graph = program("eggs = 61;return eggs / 5")
        assert [error.code for error in trust_refusals(graph, ("answers",))] == [
            "non_integer_solution"
        ]
        assert [error.code for error in trust_refusals(graph, ("grounding",))] == [
            "unstated_number"
        ]
        assert trust_refusals(graph, ()) == ()

    @pytest.mark.parametrize("function", [trust_refusals, check_trust, trust_findings])
    def test_not_a_graph(self, function: Any) -> None:
        """A graph that is not one is refused as wrong_type."""
        with pytest.raises(BindingGraphError) as caught:
            function(untyped({}))
        assert (caught.value.code, caught.value.path) == ("wrong_type", ("graph",))

    def test_bad_checks(self) -> None:
        """Checks that are not a tuple of names of CHECKS are refused."""
        graph = program("return 16")
        with pytest.raises(BindingGraphError) as caught:
            trust_refusals(graph, untyped(["answers"]))
        assert (caught.value.code, caught.value.path) == ("wrong_type", ("checks",))
        with pytest.raises(BindingGraphError) as caught:
            check_trust(graph, ("answers", "units"))
        assert (caught.value.code, caught.value.path) == (
            "not_in_vocabulary",
            ("checks", 1),
        )
        assert "answers, grounding (got 'units')" in caught.value.message
        with pytest.raises(BindingGraphError) as caught:
            check_trust(graph, untyped(("answers", 1)))
        assert (caught.value.code, caught.value.path) == ("wrong_type", ("checks", 1))


class TestFindings:
    """Unused numbers and an answer in another unit than the question's are findings."""

    def test_an_unused_number(self) -> None:
        """A number the set-up never uses is found at its provenance, with its place."""
        text = "Ann reads 18 pages and 12 pages in 2019, her 1st year, one of them. How many pages?"
        graph = program("a = 12;return a * 2", text)
        assert trust_findings(graph) == (
            Finding(
                "unused_number",
                ("provenance", 0),
                "the text states 18 ('18', at character 10), which the set-up never uses",
            ),
        )

    def test_used_as_a_share_or_an_inverse(self) -> None:
        """25% used as 0.25, and half used as a division by 2, are used; places that overlap are one number."""
        text = "Ann has twenty-five eggs and sells 25% and half. How many eggs?"
        graph = program("e = 25;s = e * 0.25;return s / 2", text)
        assert trust_findings(graph) == ()

    def test_an_answer_in_another_unit(self) -> None:
        """How many apples, answered in dollars, is found at the unknown; two count nouns are never told apart."""
        text = "Ann has 16 dollars. How many apples?"
        graph = _asked(text, 16, "n", expected_unit="dollars")
        assert trust_findings(graph) == (
            Finding(
                "question_unit_mismatch",
                ("unknowns", 0),
                "the question asks how many apples (apple), and the answer 'answer'"
                " is in dollars ([money])",
            ),
        )
        assert trust_findings(_asked(text, 16, "n", expected_unit="pears")) == ()
        square = _asked(
            "Ann has 16 m. How many square feet?", 16, "n", expected_unit="m"
        )
        assert [f.code for f in trust_findings(square)] == ["question_unit_mismatch"]

    def test_unreadable_strings_use_nothing(self) -> None:
        """A fact or a right-hand side the arithmetic cannot read uses no number."""
        graph = draft_graph("Ann has 16 eggs. How many eggs?", 16, "n")
        broken = attrs.evolve(
            graph,
            facts=(attrs.evolve(graph.facts[0], value="x"),),
            equations=(attrs.evolve(graph.equations[0], rhs_canonical="n +"),),
        )
        assert [f.code for f in trust_findings(broken)] == ["unused_number"]


class TestGold:
    """The shipped sample of GSM8K's gold graphs: the profile refuses none of them."""

    def test_gold_is_accepted(self) -> None:
        """No gold graph of the sample is refused, though GSM8K computes steps in its prose."""
        refused = dict.fromkeys(CHECKS, 0)
        total = 0
        for number, line in enumerate(GSM8K.read_text(encoding="utf-8").splitlines()):
            try:
                case = from_gsm8k(json.loads(line), source_id=f"gsm8k-{number}")
            except BindingGraphError:
                continue
            total += 1
            for check in CHECKS:
                refused[check] += bool(trust_refusals(case.graph, (check,)))
        assert total == 183
        assert refused == {"answers": 0, "grounding": 0}


class TestBindAndRepair:
    """bind and repair apply the profile by default, and not when told."""

    def test_bind(self, cli: Any) -> None:
        """A program whose number the text does not state is a refusal record; --no-trust accepts it."""
        line = json.dumps(
            {
                "source_id": "p1",
                "text": EGGS,
                "program": "def solution():\n    return 61 - 3",
            }
        ).encode()
        result = cli("bind", "--program", "-", stdin=line + b"\n")
        assert result.status == 1
        assert json.loads(result.out)["refused"][0]["code"] == "unstated_number"
        assert "<stdin>:1: unstated_number at equations[0].rhs_canonical:" in result.err
        every = cli("bind", "--program", "--all", "-", stdin=line + b"\n")
        assert json.loads(every.out)["refused"][0]["path"] == [
            "equations",
            0,
            "rhs_canonical",
        ]
        free = cli("bind", "--program", "--no-trust", "-", stdin=line + b"\n")
        assert free.status == 0

    def test_repair(self) -> None:
        """A reply the profile refuses is asked again with its refusals; trust=False accepts it."""
        replies = [
            "def solution():\n    return 61 - 3",
            "def solution():\n    return 16 - 3",
        ]
        asked: list[str] = []

        def ask(prompt: str) -> str:
            asked.append(prompt)
            return replies[len(asked) - 1]

        result = repair(ask, EGGS, source_id="p1", producer="program")
        assert [len(attempt.refusals) for attempt in result.attempts] == [1, 0]
        assert result.attempts[0].refusals[0].code == "unstated_number"
        assert "[unstated_number]" in asked[1]
        assert result.graph is not None
        asked.clear()
        free = repair(ask, EGGS, source_id="p1", producer="program", trust=False)
        assert len(free.attempts) == 1
        with pytest.raises(BindingGraphError) as caught:
            repair(ask, EGGS, source_id="p1", trust=untyped(1))
        assert (caught.value.code, caught.value.path) == ("wrong_type", ("trust",))


class TestModule:
    """The wing shows its public names only."""

    def test_dir(self) -> None:
        """dir() of the wing is its __all__."""
        from binding_graph import trust  # noqa: PLC0415

        assert dir(trust) == list(trust.__all__)

    def test_an_unreadable_unit(self) -> None:
        """A unit the lexicon cannot read says nothing: the question's words decide."""
        text = "Ann has 16 eggs. How many eggs?"
        graph = _asked(text, 16, "n / 3", expected_unit="eggs ^^ x")
        assert codes(graph) == [("non_integer_solution", ("unknowns", 0))]
