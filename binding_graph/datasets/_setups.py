"""How a graph sets a problem up, against another: its symbols paired by what they are bound to, and what matches.

A set-up is what a graph binds, whatever its symbols are named: the facts
it reads from the text, the steps it computes from them, and the question
it asks. :func:`match_setups` pairs the symbols of a *predicted* graph with
those of a *gold* one, and counts what matches:

- a fact matches a fact whose span quotes the same words at the same place
  and whose value is the same number; it pairs their symbols;
- an equation matches one whose right-hand side, its symbols read through
  the pairing, is spelled the same in the arithmetic profile
  (``sym_a + 2``), or, failing that, mentions the same symbols and has the
  same exact value on the gold graph's values (so that ``a + b`` matches
  ``b + a``); it pairs their left-hand sides;
- a question matches one whose target is paired with its target, in the
  same unit (the units wing decides, where both units read); a question
  whose target nothing binds (what an unanswerable problem asks) matches
  one whose target nothing binds.

Equations are matched as their dependencies are paired, each once, so the
work is linear in the graphs' sizes (and in their right-hand sides'). What
it cannot see: two steps that compute the same value from the same symbols
by different operations (``2 + 2`` and ``2 * 2``) match; a step that a graph
splits in two, or two that it merges, do not; a fact bound to a symbol that
another fact already paired is counted, but pairs nothing.
"""

from __future__ import annotations

import heapq
from collections import deque
from functools import partial
from typing import TYPE_CHECKING, NamedTuple, cast

from binding_graph.arithmetic import evaluate, parse_number
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    BinaryOperation,
    Negation,
    Symbol,
    Undefined,
    parse_expression,
    postorder,
    symbols,
    value,
)
from binding_graph.units import parse_unit

if TYPE_CHECKING:
    from collections.abc import Callable
    from fractions import Fraction
    from typing import TypeAlias

    from binding_graph.expressions import Expression
    from binding_graph.model import (
        BoundFact,
        SemanticSymbolicBindingGraph,
    )

    UnitTest: TypeAlias = Callable[[str | None, str | None], bool]
    """Whether two units, each a text or ``None``, are the same."""

__all__ = ["Setup", "match_setups", "same_unit"]

_FactKey = tuple[str, int, int, str, "Fraction"]


class Setup(NamedTuple):
    """What of a predicted set-up matches a gold one: each side's matched elements, by index, and the pairing of symbols."""

    facts: tuple[frozenset[int], frozenset[int]]
    """The gold facts matched, and the predicted facts that match them."""
    equations: dict[int, int]
    """Each gold equation matched, by index, and the predicted one that matches it."""
    miswritten: dict[int, int]
    """Each gold equation not matched, by index, and the predicted one that reads what it reads, where one does."""
    unknowns: dict[int, int]
    """Each gold unknown matched, by index, and the predicted one that matches it."""
    pairing: dict[str, str]
    """Each gold symbol paired, and its predicted partner."""


def same_unit(left: str | None, right: str | None) -> bool:
    """Tell whether two units are the same: both none, one text, or texts that :func:`~binding_graph.units.parse_unit` reads as one unit."""
    if left is None or right is None:
        return left is right
    if left == right:
        return True
    try:
        return parse_unit(left) == parse_unit(right)
    except BindingGraphError:
        return False


def fact_key(fact: BoundFact) -> _FactKey | None:
    """Return what a fact is matched by: its span's source, offsets and text, and its value; ``None`` if the value does not read."""
    span = fact.source_span
    try:
        number = parse_number(fact.value)
    except BindingGraphError:
        return None
    # The text too: a graph without the gold's provenance may quote other
    # words at the same offsets.
    return (span.source_id, span.start, span.end, span.text, number)


def _tree(text: str) -> Expression | None:
    try:
        return parse_expression(text)
    except BindingGraphError:
        return None


def renamed_tree(tree: Expression, names: dict[str, str]) -> Expression:
    """Return *tree* with each symbol renamed by *names*, which holds them all."""
    stack: list[Expression] = []
    for node in postorder(tree):
        if type(node) is Symbol:
            stack.append(Symbol(names[node.symbol_id]))
        elif type(node) is Negation:
            stack[-1] = Negation(stack[-1])
        elif type(node) is BinaryOperation:
            right = stack.pop()
            stack[-1] = BinaryOperation(node.operator, stack[-1], right)
        else:
            stack.append(node)
    return stack[0]


class _Side:
    """One graph's equations, as their dependencies are paired."""

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.trees = [_tree(equation.rhs_canonical) for equation in graph.equations]
        self.uses: dict[str, list[int]] = {}
        self.waiting: list[int] = []
        for index, tree in enumerate(self.trees):
            mentioned = symbols(tree) if tree is not None else frozenset[str]()
            self.waiting.append(len(mentioned))
            for symbol_id in sorted(mentioned):
                self.uses.setdefault(symbol_id, []).append(index)
        self.lhs = [equation.lhs_symbol_id for equation in graph.equations]

    def ready(self) -> list[int]:
        """Return the equations that read, and whose dependencies are all paired, in order."""
        return [
            index
            for index, tree in enumerate(self.trees)
            if tree is not None and not self.waiting[index]
        ]

    def paired(self, symbol_id: str) -> list[int]:
        """Count *symbol_id* as paired; return the equations that it makes ready."""
        made: list[int] = []
        for index in self.uses.get(symbol_id, ()):
            self.waiting[index] -= 1
            if not self.waiting[index]:
                made.append(index)
        return made


class _Matching:
    """The pairing of one predicted graph's symbols with one gold graph's, grown step by step."""

    def __init__(
        self,
        predicted: SemanticSymbolicBindingGraph,
        gold: SemanticSymbolicBindingGraph,
    ) -> None:
        self.predicted = predicted
        self.gold = gold
        self.to_predicted: dict[str, str] = {}
        self.to_gold: dict[str, str] = {}
        self.queue: deque[str] = deque()  # gold symbols just paired
        try:
            self.values: dict[str, Fraction] = dict(evaluate(gold))
        except BindingGraphError:
            self.values = {}
        self.gold_side = _Side(gold)
        self.predicted_side = _Side(predicted)
        # Predicted equations ready and unmatched, by spelling and by value.
        self.by_spelling: dict[str, list[int]] = {}
        self.by_value: dict[tuple[frozenset[str], Fraction], list[int]] = {}
        # Predicted equations ready and unmatched, by the symbols they read;
        # gold equations ready and unmatched, by index.
        self.by_reading: dict[frozenset[str], list[int]] = {}
        self.stuck: list[int] = []
        self.equations: dict[int, int] = {}
        self.miswritten: dict[int, int] = {}
        self.matched_predicted: set[int] = set()

    def pair(self, gold_id: str, predicted_id: str) -> None:
        """Pair two unpaired symbols, and note it for the equations that read them."""
        if gold_id in self.to_predicted or predicted_id in self.to_gold:
            return
        self.to_predicted[gold_id] = predicted_id
        self.to_gold[predicted_id] = gold_id
        self.queue.append(gold_id)

    def facts(self) -> tuple[frozenset[int], frozenset[int]]:
        """Match the facts, in the predicted graph's order, each gold fact once; pair their symbols."""
        open_facts: dict[_FactKey, deque[int]] = {}
        for index, fact in enumerate(self.gold.facts):
            key = fact_key(fact)
            if key is not None:
                open_facts.setdefault(key, deque()).append(index)
        matched_gold: set[int] = set()
        matched_predicted: set[int] = set()
        for index, fact in enumerate(self.predicted.facts):
            key = fact_key(fact)
            found = open_facts.get(key) if key is not None else None
            if found:
                gold_index = found.popleft()
                matched_gold.add(gold_index)
                matched_predicted.add(index)
                self.pair(self.gold.facts[gold_index].symbol_id, fact.symbol_id)
        return frozenset(matched_gold), frozenset(matched_predicted)

    def _keys(
        self, tree: Expression
    ) -> tuple[str, frozenset[str], tuple[frozenset[str], Fraction] | None]:
        """Return a right-hand side's spelling in gold symbols, the gold symbols it reads, and those with its value on the gold's values."""
        read = symbols(tree)
        try:
            computed: Fraction | None = value(tree, self.values)
        except (Undefined, BindingGraphError):
            computed = None
        return str(tree), read, None if computed is None else (read, computed)

    def predicted_ready(self, index: int) -> None:
        """File a predicted equation whose dependencies are all paired, for the gold ones to match.

        A gold equation of the same spelling, or of the same symbols, reads
        the partners of its symbols: it is ready in the same round, after
        it (see :meth:`steps` and :meth:`_follow`), and never waits for it.
        """
        tree = self.predicted_side.trees[index]
        assert tree is not None  # noqa: S101 -- only equations that read are ready
        spelling, read, keyed = self._keys(renamed_tree(tree, self.to_gold))
        self.by_spelling.setdefault(spelling, []).append(index)
        self.by_reading.setdefault(read, []).append(index)
        if keyed is not None:
            self.by_value.setdefault(keyed, []).append(index)

    def gold_ready(self, index: int) -> None:
        """Match a gold equation whose dependencies are all paired to a predicted one filed, or leave it for a miswriting."""
        tree = self.gold_side.trees[index]
        assert tree is not None  # noqa: S101 -- only equations that read are ready
        spelling, _, keyed = self._keys(tree)  # already in gold symbols
        for filed in (
            self.by_spelling.get(spelling),
            self.by_value.get(keyed) if keyed is not None else None,
        ):
            if (
                _take(filed, lambda predicted: self._match(index, predicted))
                is not None
            ):
                return
        heapq.heappush(self.stuck, index)

    def _match(self, gold_index: int, predicted_index: int) -> bool | None:
        """Match two equations whose left-hand sides are unpaired or paired together, and pair them.

        ``None`` where the predicted one is matched already: it can match
        nothing more; ``False`` where their left-hand sides are paired
        otherwise.
        """
        if predicted_index in self.matched_predicted:
            return None
        gold_lhs = self.gold_side.lhs[gold_index]
        predicted_lhs = self.predicted_side.lhs[predicted_index]
        partner = self.to_predicted.get(gold_lhs)
        if partner != predicted_lhs and (
            partner is not None or predicted_lhs in self.to_gold
        ):
            return False
        self.equations[gold_index] = predicted_index
        self.matched_predicted.add(predicted_index)
        self.pair(gold_lhs, predicted_lhs)
        return True

    def steps(self) -> None:
        """Match the equations as their dependencies are paired, until no pairing is left to follow.

        Where no equation matches a gold one that reads what it reads, the
        first predicted one that reads the same symbols is taken for its
        miswriting: their left-hand sides are paired, not matched, so that
        one wrong step does not unmatch every step after it.
        """
        for index in self.predicted_side.ready():
            self.predicted_ready(index)
        for index in self.gold_side.ready():
            self.gold_ready(index)
        self._follow()
        # Each gold equation is ready once, and matched then or never.
        while self.stuck:
            index = heapq.heappop(self.stuck)
            tree = cast("Expression", self.gold_side.trees[index])
            taken = _take(
                self.by_reading.get(symbols(tree)),
                partial(self._pair_lhs, index),
            )
            if taken is not None:
                self.miswritten[index] = taken
                self._follow()

    def _pair_lhs(self, gold_index: int, predicted_index: int) -> bool | None:
        """Pair two equations' left-hand sides, if both are unpaired and the predicted equation unmatched."""
        if predicted_index in self.matched_predicted:
            return None
        gold_lhs = self.gold_side.lhs[gold_index]
        predicted_lhs = self.predicted_side.lhs[predicted_index]
        if gold_lhs in self.to_predicted or predicted_lhs in self.to_gold:
            return False
        self.matched_predicted.add(predicted_index)
        self.pair(gold_lhs, predicted_lhs)
        return True

    def _follow(self) -> None:
        """Follow every pairing queued: file or match the equations each makes ready."""
        while self.queue:
            gold_id = self.queue.popleft()
            for index in self.predicted_side.paired(self.to_predicted[gold_id]):
                self.predicted_ready(index)
            for index in self.gold_side.paired(gold_id):
                self.gold_ready(index)

    def unknowns(self, same_unit: UnitTest) -> dict[int, int]:
        """Match each gold unknown to the first predicted one on its paired target, in the same unit; a target nothing binds, to one nothing binds."""
        bound = _bound(self.predicted)
        asking: dict[str | None, list[int]] = {}
        for index, unknown in enumerate(self.predicted.unknowns):
            target = unknown.symbol_id
            asking.setdefault(target if target in bound else None, []).append(index)
        bound = _bound(self.gold)
        units = [unknown.expected_unit for unknown in self.predicted.unknowns]
        matched: dict[int, int] = {}
        for gold_index, unknown in enumerate(self.gold.unknowns):
            paired = self.to_predicted.get(unknown.symbol_id)
            taken = _take(
                asking.get(paired) if unknown.symbol_id in bound else asking.get(None),
                partial(_unit_at, same_unit, unknown.expected_unit, units),
            )
            if taken is not None:
                matched[gold_index] = taken
        return matched


def _bound(graph: SemanticSymbolicBindingGraph) -> set[str]:
    """Return the ids of the symbols that a fact or an equation of *graph* binds."""
    return {fact.symbol_id for fact in graph.facts} | {
        equation.lhs_symbol_id for equation in graph.equations
    }


def _unit_at(same: UnitTest, unit: str | None, units: list[str | None], i: int) -> bool:
    return same(unit, units[i])


def _take(
    candidates: list[int] | None, match: Callable[[int], bool | None]
) -> int | None:
    """Return the first of *candidates* that *match* takes, dropping it and every one before it that can match nothing more (``None`` from *match*).

    A candidate that *match* refuses (``False``) stays for another.
    """
    kept: list[int] = []
    taken = None
    while candidates and taken is None:
        candidate = candidates.pop(0)
        verdict = match(candidate)
        if verdict is False:
            kept.append(candidate)
        elif verdict:
            taken = candidate
    if candidates is not None:
        candidates[:0] = kept
    return taken


def match_setups(
    predicted: SemanticSymbolicBindingGraph,
    gold: SemanticSymbolicBindingGraph,
    units: UnitTest = same_unit,
) -> Setup:
    """Pair the symbols of *predicted* with those of *gold*, and return what of the set-up matches.

    *units* tells whether two units (texts, or ``None``) are the same.
    """
    matching = _Matching(predicted, gold)
    facts = matching.facts()
    matching.steps()
    unknowns = matching.unknowns(units)
    return Setup(
        facts, matching.equations, matching.miswritten, unknowns, matching.to_predicted
    )
