"""Set-ups whatever their order, names and operands: differences are a function of the two set-ups, one wrong operator is one wrong step, and matching is near-linear where keys are shared."""

from __future__ import annotations

import sys
from collections import Counter
from functools import partial
from typing import TYPE_CHECKING, Final

import attrs
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph import strategies as bgst
from binding_graph.arithmetic import parse_number
from binding_graph.datasets import Difference, diff, from_gsm8k
from binding_graph.datasets._setups import match_setups, same_unit, unit_key
from binding_graph.expressions import (
    BinaryOperation,
    Expression,
    Negation,
    Number,
    Operator,
    Symbol,
    Undefined,
    parse_expression,
    postorder,
    value,
)
from tests._cases import CASE

if TYPE_CHECKING:
    from collections.abc import Callable
    from fractions import Fraction
    from types import FrameType

    from hypothesis.strategies import DrawFn

# Three quotes of two values, so that facts often quote alike.
_SPANS: Final = (
    SourceSpanLink("p", 0, 1, "3"),
    SourceSpanLink("p", 6, 7, "4"),
    SourceSpanLink("p", 12, 13, "3"),
)
_OPERATORS: Final[tuple[Operator, ...]] = ("+", "-", "*", "/")
_FLIPPED: Final[dict[str, Operator]] = {"+": "-", "-": "+", "*": "/", "/": "*"}


def _symbol(symbol_id: str) -> SymbolBinding:
    return SymbolBinding(
        symbol_id=symbol_id,
        name=symbol_id,
        semantic_role="quantity",
        source_span=_SPANS[0],
        introduced_by="test",
    )


def _step(lhs: str, rhs: Expression) -> BoundEquation:
    names = frozenset(node.symbol_id for node in postorder(rhs) if type(node) is Symbol)
    return BoundEquation(
        lhs_symbol_id=lhs,
        rhs_canonical=str(rhs),
        dependencies=names,
        operation_kind="step",
        unit_proof="pure numbers",
        admissibility_status="admitted",
        source_span=_SPANS[0],
    )


@st.composite
def tangled(draw: DrawFn) -> SemanticSymbolicBindingGraph:
    """Build a graph whose facts and steps often repeat each other: facts of three quotes, steps of two operands over what comes before."""
    facts = [
        BoundFact(symbol_id=f"f{index}", value=span.text, source_span=span)
        for index, span in enumerate(
            draw(st.lists(st.sampled_from(_SPANS), min_size=1, max_size=4))
        )
    ]
    names = [fact.symbol_id for fact in facts]
    operand = st.one_of(
        st.sampled_from(names).map(Symbol), st.just(Number(parse_number("2")))
    )
    equations: list[BoundEquation] = []
    for index in range(draw(st.integers(1, 6))):
        operator = draw(st.sampled_from(_OPERATORS))
        left, right = draw(operand), draw(operand)
        equations.append(_step(f"s{index}", BinaryOperation(operator, left, right)))
        names.append(f"s{index}")
        operand = st.one_of(operand, st.just(Symbol(f"s{index}")))
    return SemanticSymbolicBindingGraph(
        symbols=tuple(_symbol(name) for name in names),
        facts=tuple(facts),
        equations=tuple(equations),
        unknowns=(
            BoundUnknown(
                symbol_id=draw(st.sampled_from(names)), question_span=_SPANS[0]
            ),
        ),
    )


class Contents:
    """What each symbol and each equation of a graph computes, spelt out whole: the quotes and values of facts, the operations of steps, sums and products flattened and sorted.

    The tests' own reading, apart from the matcher's digests: two elements
    that it spells alike are interchangeable in any set-up.
    """

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.graph = graph
        self.bindings: dict[str, list[str]] = {}
        for fact in graph.facts:
            span = fact.source_span
            number = parse_number(fact.value)
            spelt = f"{span.source_id}[{span.start}:{span.end}]={number}"
            self.bindings.setdefault(fact.symbol_id, []).append(spelt)
        self.trees = [
            parse_expression(equation.rhs_canonical) for equation in graph.equations
        ]
        self.defining: dict[str, list[int]] = {}
        for index, equation in enumerate(graph.equations):
            self.defining.setdefault(equation.lhs_symbol_id, []).append(index)
        self.spelt: dict[str, str] = {}

    def symbol(self, symbol_id: str) -> str:
        """Return what *symbol_id* computes: each of its bindings, sorted."""
        if symbol_id not in self.spelt:
            self.spelt[symbol_id] = "(circle)"
            found = list(self.bindings.get(symbol_id, ()))
            found += map(self.equation, self.defining.get(symbol_id, ()))
            self.spelt[symbol_id] = "|".join(sorted(set(found)))
        return self.spelt[symbol_id]

    def equation(self, index: int) -> str:
        """Return what equation *index* computes."""
        return self._spell(self.trees[index])

    def _spell(self, node: Expression) -> str:
        if type(node) is Symbol:
            return f"[{self.symbol(node.symbol_id)}]"
        if type(node) is Number:
            return str(node.value)
        if type(node) is Negation:
            return f"-({self._spell(node.operand)})"
        assert type(node) is BinaryOperation
        operator = node.operator
        if operator in "+*":
            operands: list[str] = []
            stack: list[Expression] = [node.left, node.right]
            while stack:
                item = stack.pop()
                if type(item) is BinaryOperation and item.operator == operator:
                    stack += [item.left, item.right]
                else:
                    operands.append(self._spell(item))
            return f"{operator}({','.join(sorted(operands))})"
        return f"{operator}({self._spell(node.left)},{self._spell(node.right)})"


def described(
    gold: SemanticSymbolicBindingGraph,
    predicted: SemanticSymbolicBindingGraph,
    found: tuple[Difference, ...],
) -> list[tuple[str, str, str]]:
    """Return each difference as its side, its collection and what its element computes, sorted: what no order or name changes."""
    read = {"-": Contents(gold), "+": Contents(predicted)}
    out: list[tuple[str, str, str]] = []
    for difference in found:
        computed = read[difference.side]
        graph = computed.graph
        collection, index = difference.path
        assert type(index) is int
        if collection == "equations":
            what = computed.equation(index)
        elif collection == "facts":
            fact = graph.facts[index]
            what = f"{fact.source_span} {fact.value} {computed.symbol(fact.symbol_id)}"
        else:
            unknown = graph.unknowns[index]
            what = f"{computed.symbol(unknown.symbol_id)} in {unknown.expected_unit}"
        out.append((difference.side, str(collection), what))
    return sorted(out)


def flipped(tree: Expression, at: int) -> Expression:
    """Return *tree* with the operator of its operation number *at* (in postorder) flipped: ``+`` and ``-``, ``*`` and ``/``."""
    stack: list[Expression] = []
    seen = 0
    for node in postorder(tree):
        if type(node) is BinaryOperation:
            right, left = stack.pop(), stack.pop()
            operator = _FLIPPED[node.operator] if seen == at else node.operator
            seen += 1
            stack.append(BinaryOperation(operator, left, right))
        elif type(node) is Negation:
            stack[-1] = Negation(stack[-1])
        else:
            stack.append(node)
    return stack[0]


def _value(tree: Expression, values: dict[str, Fraction]) -> Fraction | None:
    try:
        return value(tree, values)
    except (Undefined, BindingGraphError):
        return None


def _values(graph: SemanticSymbolicBindingGraph) -> dict[str, Fraction]:
    """Return the value of each symbol whose bindings all have one, and agree: where one step divides by zero, the others keep theirs."""
    stated: dict[str, list[Fraction]] = {}
    for fact in graph.facts:
        stated.setdefault(fact.symbol_id, []).append(parse_number(fact.value))
    trees: dict[str, list[Expression]] = {}
    for equation in graph.equations:
        tree = parse_expression(equation.rhs_canonical)
        trees.setdefault(equation.lhs_symbol_id, []).append(tree)
    values: dict[str, Fraction] = {}
    for _ in range(len(trees) + 1):  # a symbol more each time, until all are found
        for symbol_id in {*stated, *trees}:
            found = {
                *stated.get(symbol_id, ()),
                *(_value(tree, values) for tree in trees.get(symbol_id, ())),
            }
            value = found.pop() if len(found) == 1 else None
            if value is not None:
                values[symbol_id] = value
    return values


def graphs() -> st.SearchStrategy[SemanticSymbolicBindingGraph]:
    """Graphs of the arithmetic's strategy, and tangled ones."""
    return st.one_of(bgst.arithmetic_graphs(max_symbols=8), tangled())


class TestWhateverTheOrder:
    """Differences are a function of the two set-ups: no order of elements, name of a symbol or order of operands changes them."""

    def test_two_steps_of_one_product_keep_their_uses(self) -> None:
        """Two steps of one product, their right-hand sides swapped: each pairs with the step used as it is."""
        text = "3 and 4 and 5"
        a, b, c = (
            BoundFact(
                symbol_id=name,
                value=text[at],
                source_span=SourceSpanLink("p", at, at + 1, text[at]),
            )
            for name, at in (("a", 0), ("b", 6), ("c", 12))
        )
        x, y = Symbol("x"), Symbol("y")
        product = BinaryOperation("*", Symbol("a"), Symbol("b"))
        swapped = BinaryOperation("*", Symbol("b"), Symbol("a"))
        later = (
            _step("z", BinaryOperation("-", x, Symbol("c"))),
            _step("w", BinaryOperation("-", Symbol("c"), y)),
        )
        gold = SemanticSymbolicBindingGraph(
            symbols=tuple(map(_symbol, "abcxyzw")),
            facts=(a, b, c),
            equations=(_step("x", product), _step("y", swapped), *later),
            unknowns=(BoundUnknown(symbol_id="w", question_span=_SPANS[0]),),
        )
        predicted = attrs.evolve(
            gold, equations=(_step("x", swapped), _step("y", product), *later)
        )
        assert diff(gold, predicted) == ()
        assert match_setups(predicted, gold).pairing == {
            name: name for name in "abcxyzw"
        }

    def test_facts_of_one_quote_reordered(self) -> None:
        """Two facts quoting one number alike, listed the other way round: nothing differs."""
        three = BoundFact(symbol_id="p", value="3", source_span=_SPANS[0])
        four = BoundFact(symbol_id="r", value="4", source_span=_SPANS[1])
        gold = SemanticSymbolicBindingGraph(
            symbols=tuple(map(_symbol, ("p", "q", "r", "s", "t"))),
            facts=(three, attrs.evolve(three, symbol_id="q"), four),
            equations=(
                _step("s", BinaryOperation("-", Symbol("p"), Symbol("r"))),
                _step("t", BinaryOperation("-", Symbol("r"), Symbol("q"))),
            ),
        )
        predicted = attrs.evolve(gold, facts=gold.facts[::-1])
        assert diff(gold, predicted) == ()

    def test_a_wrong_step_beside_its_twin(self) -> None:
        """A '+' made '-' makes a step its neighbour's twin: the twin keeps its pairing, and one step is wrong."""
        case = from_gsm8k(
            {
                "question": "A ship sails 3 hours and rests 1 hour. How many hours more?",
                "answer": "<<3+1=4>>4\n<<3-1=2>>2\n<<4-2=2>>2\n#### 2",
            },
            source_id="p1",
        )
        first = case.graph.equations[0]
        wrong = attrs.evolve(
            case.graph,
            equations=(
                attrs.evolve(first, rhs_canonical="sym_3_000 - sym_1_001"),
                *case.graph.equations[1:],
            ),
        )
        assert [str(difference) for difference in diff(case.graph, wrong)] == [
            "- equations[0]: sym_step_1_002 := sym_3_000 + sym_1_001",
            "+ equations[0]: sym_step_1_002 := sym_3_000 - sym_1_001",
        ]

    def test_a_wrong_step_beside_a_twin_used_further_down(self) -> None:
        """A '/' made '*' makes a step the twin of another, each used by a product: the one whose use is the last step keeps its pairing."""
        case = from_gsm8k(
            {
                "question": "Ann has 20 pens and 5 boxes. How many?",
                "answer": "<<20/2=10>>10\n<<10*5=50>>50\n<<20*2=40>>40\n"
                "<<40*50=2000>>2000\n#### 2000",
            },
            source_id="p1",
        )
        first = case.graph.equations[0]
        wrong = attrs.evolve(
            case.graph,
            equations=(
                attrs.evolve(first, rhs_canonical="sym_20_000 * 2"),
                *case.graph.equations[1:],
            ),
        )
        assert [str(difference) for difference in diff(case.graph, wrong)] == [
            "- equations[0]: sym_step_1_002 := sym_20_000 / 2",
            "+ equations[0]: sym_step_1_002 := sym_20_000 * 2",
        ]

    @settings(max_examples=60)
    @given(st.data(), graphs())
    def test_a_setup_however_written_has_no_difference(
        self, data: st.DataObject, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """Any graph of a set-up matches that set-up whole, either way round."""
        other = data.draw(bgst.same_setups(graph))
        assert diff(graph, other) == ()
        assert diff(other, graph) == ()

    @settings(max_examples=60)
    @given(st.data(), tangled(), tangled())
    def test_differences_are_a_function_of_the_setups(
        self,
        data: st.DataObject,
        gold: SemanticSymbolicBindingGraph,
        predicted: SemanticSymbolicBindingGraph,
    ) -> None:
        """Either graph written anew: the same elements differ, the gold's at the same paths where only the other is written anew."""
        found = diff(gold, predicted)
        other = data.draw(bgst.same_setups(predicted))
        again = data.draw(bgst.same_setups(gold))
        anew = diff(gold, other)
        note(str([str(difference) for difference in found]))
        note(str([str(difference) for difference in anew]))
        expected = described(gold, predicted, found)
        assert described(gold, other, anew) == expected
        assert described(again, predicted, diff(again, predicted)) == expected
        assert [item for item in anew if item.side == "-"] == [
            item for item in found if item.side == "-"
        ]


def _odd() -> SemanticSymbolicBindingGraph:
    """Build a graph of what the matching never settles: a right-hand side and a predicate that do not read, two steps that define each other, and a question in a unit no unit reads."""
    fact = BoundFact(symbol_id="a", value="3", source_span=_SPANS[0])
    # A twin of the fact, so that the two pair by their uses, which reach
    # into what never settles.
    twin = attrs.evolve(fact, symbol_id="c")
    one = Number(parse_number("1"))
    broken = attrs.evolve(
        _step("b", Symbol("a")), rhs_canonical="a +", dependencies=frozenset({"a"})
    )
    return SemanticSymbolicBindingGraph(
        symbols=tuple(map(_symbol, "abcuvw")),
        facts=(fact, twin),
        equations=(
            broken,
            _step("u", BinaryOperation("+", Symbol("v"), one)),
            _step("v", BinaryOperation("*", Symbol("u"), Symbol("a"))),
            _step("w", BinaryOperation("-", Symbol("c"), one)),
        ),
        unknowns=(
            BoundUnknown(
                symbol_id="b", question_span=_SPANS[0], expected_unit="zorbs ##"
            ),
        ),
        constraints=(
            BoundConstraint(symbol_id="a", predicate="a >", source_span=_SPANS[0]),
        ),
    )


def _kinds(differences: tuple[Difference, ...]) -> Counter[tuple[str, str | int]]:
    """Return how many differences there are of each side and kind of element."""
    return Counter((found.side, found.path[0]) for found in differences)


class TestWhatNeverSettles:
    """What the matching never settles (a right-hand side that does not read, a circle of steps, what reads into them, and the questions they answer) matches nothing, the same way however the graph is written."""

    EXPECTED: Final = Counter(
        {
            ("-", "equations"): 3,
            ("+", "equations"): 3,
            ("-", "unknowns"): 1,
            ("+", "unknowns"): 1,
        }
    )

    def test_it_matches_nothing_against_itself(self) -> None:
        """Its steps and its question differ, on both sides; its facts match, each the twin used alike, and the step that reads one."""
        odd = _odd()
        assert _kinds(diff(odd, odd)) == self.EXPECTED
        assert match_setups(odd, odd).pairing == {"a": "a", "c": "c", "w": "w"}

    @given(st.data())
    @settings(max_examples=10)
    def test_however_written(self, data: st.DataObject) -> None:
        """same_setups writes a right-hand side and a predicate that do not read with its names renamed, and the differences stay those of the graph against itself."""
        odd = _odd()
        other = data.draw(bgst.same_setups(odd))
        assert _kinds(diff(odd, other)) == self.EXPECTED
        renamed = {symbol.symbol_id for symbol in other.symbols}
        texts = [
            *(eq.rhs_canonical for eq in other.equations),
            other.constraints[0].predicate,
        ]
        assert any(name in text for name in renamed for text in texts)

    def test_a_unit_no_unit_reads_is_its_own_text(self) -> None:
        """Two questions in one unit that parse_unit refuses are in one unit; in another text, in two."""
        assert same_unit("zorbs ##", "zorbs ##")
        assert not same_unit("zorbs ##", "zorbs #")
        assert unit_key("zorbs ##") == "zorbs ##"


class TestOneWrongOperator:
    """One operator flipped is one step wrong, however the graph is written."""

    @settings(max_examples=100)
    @given(st.data(), graphs())
    def test_one_wrong_operator_is_one_wrong_step(
        self, data: st.DataObject, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """The gold step (or its twin) and the wrong one differ, nothing else; so too once the wrong graph is written anew."""
        operations = [
            (index, count)
            for index, count in enumerate(
                sum(type(node) is BinaryOperation for node in postorder(tree))
                for tree in map(
                    parse_expression, (e.rhs_canonical for e in graph.equations)
                )
            )
            if count
        ]
        assume(operations)
        index, count = data.draw(st.sampled_from(operations))
        step = graph.equations[index]
        tree = parse_expression(step.rhs_canonical)
        wrong_tree = flipped(tree, data.draw(st.integers(0, count - 1)))
        values = _values(graph)
        before = _value(tree, values)
        # A flip that keeps the value (x + 0) is not seen: the documented blind spot.
        assume(before is None or before != _value(wrong_tree, values))
        wrong = attrs.evolve(
            graph,
            equations=(
                *graph.equations[:index],
                attrs.evolve(step, rhs_canonical=str(wrong_tree)),
                *graph.equations[index + 1 :],
            ),
        )
        expected = [
            ("-", "equations", Contents(graph).equation(index)),
            ("+", "equations", Contents(wrong).equation(index)),
        ]
        for predicted in (wrong, data.draw(bgst.same_setups(wrong))):
            found = diff(graph, predicted)
            note(str([str(difference) for difference in found]))
            assert described(graph, predicted, found) == sorted(expected)


def _calls(run: Callable[[], object]) -> int:
    """Return how many functions, of Python and of C, *run* calls."""
    count = 0

    def profile(_: FrameType, event: str, __: object) -> None:
        nonlocal count
        count += event in {"call", "c_call"}

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(previous)
    return count


def _shared(size: int, lhs: Callable[[int], str]) -> SemanticSymbolicBindingGraph:
    """Return CASE's graph with *size* steps of one product, step *i* binding ``g`` followed by ``lhs(i)``."""
    graph = CASE.graph
    names = sorted({f"g{lhs(index)}" for index in range(size)})
    product = BinaryOperation("*", Symbol("sym_3_000"), Symbol("sym_4_001"))
    return attrs.evolve(
        graph,
        symbols=(*graph.symbols[:2], *map(_symbol, names)),
        equations=tuple(_step(f"g{lhs(index)}", product) for index in range(size)),
        unknowns=(),
    )


class TestCost:
    """Where many candidates share a key, matching grows near-linearly."""

    def test_steps_of_one_key_match_in_near_linear_work(self) -> None:
        """Steps of one product against as many of one left-hand side, and of their own: four times the steps take at most five times the calls."""
        names: tuple[Callable[[int], str], ...] = (
            lambda _: "x",
            lambda index: f"x{index}",
        )
        for predicted in names:
            small, large = (
                _calls(
                    partial(match_setups, _shared(size, predicted), _shared(size, str))
                )
                for size in (100, 400)
            )
            assert large <= 5 * small
