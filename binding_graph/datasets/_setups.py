"""How a graph sets a problem up, against another: what each element computes, named by nothing, and what matches.

A set-up is what a graph binds, whatever its symbols are named and in
whatever order it lists them: the facts it reads from the text, the steps
it computes from them, and the question it asks. :func:`match_setups`
reads each element by its *token*, a digest of what it computes through
the tokens of the symbols it reads (:mod:`._contents`); a predicted
element that matches a gold one, or is taken for its miswriting, takes
the gold one's token, so that the steps after it are read as the gold's.
From the facts to the last step, in rounds, as the symbols each equation
reads are settled:

- a fact matches a fact of the same value that quotes the same number's
  place in the text, whatever the width of either quote (``"16"`` and
  ``"16 eggs"``), or, where its span states no place of its value, one
  that quotes the same words at the same offsets (:mod:`._facts`); a
  predicted fact whose place is no gold fact's is read as a gold fact of
  its value, so that facts of equal value that the gold binds to one
  symbol are interchangeable (``sprints * times`` is
  ``sym_3_000 * sym_3_000``), and each such predicted fact matches;
- an equation matches one of the same token: the same operations of the
  same symbols, sums and products in any order and grouping (``a + b`` is
  ``b + a``); failing that, one that reads the same symbols to the same
  exact value on the gold graph's values (``a * b / c`` is ``a / c * b``);
  failing that, a gold equation and a predicted one that read the same
  symbols are each other's miswriting: neither matches, and the predicted
  one is read as the gold one from then on, so that one wrong step is one
  wrong step;
- a question matches one whose target has the same token, in the same
  unit (the units wing decides, where both units read); a question whose
  target nothing binds matches one whose target nothing binds.

Where several elements of one graph could match several of the other's,
those whose symbols are used alike pair first, from the deepest likeness
to the shallowest (:func:`._contents.uses`), then the rest in the order of
their uses' digests: the matching is a function of the two set-ups alone,
whatever the order of their elements, the names of their symbols and the
order of their operands. Each equation is read once; the work is linear in
the graphs' sizes, with a sort of what ties.

What it cannot see: two steps that compute the same value from the same
symbols by different operations (``2 + 2`` and ``2 * 2``) match; a step
that a graph splits in two, or two that it merges, do not; a predicted
fact that quotes another place than the gold's of a value the gold states
is taken for the gold's, whichever the text meant (a 3 read from the
wrong sentence matches); a quote of several places of its value is read
as the first; a fact whose span states no place of its value (a value
converted from the words, ``half an hour`` as 30 minutes) matches only
the same words at the same offsets; a fact of another value matches
nothing, and nor does what reads its symbol.
"""

from __future__ import annotations

import functools
from collections import deque
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from binding_graph.datasets._contents import (
    DEPTHS,
    Bindings,
    Keys,
    Progress,
    contents,
    fact_token,
    shape,
    uses,
)
from binding_graph.datasets._facts import fact_key, read_as
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import Undefined, value
from binding_graph.units import parse_unit

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from fractions import Fraction

    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["Setup", "match_setups", "same_unit", "unit_key"]

_T = TypeVar("_T", int, str)
# What an equation reads as, once ready: its token, the tokens it reads, and
# its exact value on the gold graph's values (None where it has none).
_Read = tuple[bytes, frozenset[bytes], "Fraction | None"]


class Setup(NamedTuple):
    """What of a predicted set-up matches a gold one: each side's matched elements, by index, and the pairing of symbols."""

    facts: tuple[frozenset[int], frozenset[int]]
    """The gold facts matched, and the predicted facts that match them: several may match one gold fact that the gold binds equal values to."""
    equations: dict[int, int]
    """Each gold equation matched, by index, and the predicted one that matches it."""
    miswritten: dict[int, int]
    """Each gold equation not matched, by index, and the predicted one taken for its miswriting, where one is."""
    unknowns: dict[int, int]
    """Each gold unknown matched, by index, and the predicted one that matches it."""
    pairing: dict[str, str]
    """Each gold symbol paired, and its predicted partner: symbols that compute the same thing, those used alike first."""


def unit_key(unit: str | None) -> Hashable:
    """Return what a unit is compared by: ``None`` for none, the unit :func:`~binding_graph.units.parse_unit` reads, else its text."""
    if unit is None:
        return None
    try:
        return parse_unit(unit)
    except BindingGraphError:
        return unit


def same_unit(left: str | None, right: str | None) -> bool:
    """Tell whether two units are the same: both none, one text, or texts that :func:`~binding_graph.units.parse_unit` reads as one unit."""
    return unit_key(left) == unit_key(right)


def _paired(
    gold: list[_T],
    predicted: list[_T],
    gold_keys: Callable[[_T], Keys],
    predicted_keys: Callable[[_T], Keys],
) -> list[tuple[_T, _T]]:
    """Pair the elements of one class, as many as the smaller side holds: those used alike at the deepest depth first, then the rest in the order of their uses."""
    if len(gold) == 1 and len(predicted) == 1:
        return [(gold[0], predicted[0])]
    gold = sorted(gold, key=lambda item: (gold_keys(item), item))
    predicted = sorted(predicted, key=lambda item: (predicted_keys(item), item))
    pairs: list[tuple[_T, _T]] = []
    for depth in DEPTHS:
        if not gold or not predicted:
            return pairs
        waiting: dict[bytes, deque[_T]] = {}
        for item in predicted:
            waiting.setdefault(predicted_keys(item)[depth], deque()).append(item)
        unpaired: list[_T] = []
        taken: set[_T] = set()
        for item in gold:
            found = waiting.get(gold_keys(item)[depth])
            if found:
                partner = found.popleft()
                pairs.append((item, partner))
                taken.add(partner)
            else:
                unpaired.append(item)
        gold = unpaired
        predicted = [item for item in predicted if item not in taken]
    pairs += zip(gold, predicted, strict=False)
    return pairs


class _Side:
    """One graph, read: its bindings, each fact's key and token, its symbols' uses, and what is settled of it."""

    def __init__(self, graph: SemanticSymbolicBindingGraph, name: str) -> None:
        self.graph = graph
        self.bindings = Bindings(graph)
        self.fact_keys = [fact_key(fact) for fact in graph.facts]
        self.fact_tokens = [fact_token(key, name) for key in self.fact_keys]
        self.progress = Progress(self.bindings)

    @functools.cached_property
    def uses(self) -> dict[str, Keys]:
        """The uses of each symbol; read only where elements tie, which most graphs never do."""
        return uses(self.bindings, contents(self.bindings, self.fact_tokens))

    def fact_uses(self, index: int) -> Keys:
        return self.uses[self.graph.facts[index].symbol_id]

    def equation_uses(self, index: int) -> Keys:
        return self.uses[self.bindings.lhs(index)]

    def symbol_uses(self, symbol_id: str) -> Keys:
        return self.uses[symbol_id]


def _classes(
    gold: dict[int, _Read], predicted: dict[int, _Read], key: Callable[[_Read], object]
) -> list[tuple[list[int], list[int]]]:
    """Return the equations of both sides grouped by *key* (``None``: in no group), the groups that hold both sides'."""
    grouped: dict[object, tuple[list[int], list[int]]] = {}
    for side, read in enumerate((gold, predicted)):
        for index, what in read.items():
            found = key(what)
            if found is not None:
                grouped.setdefault(found, ([], []))[side].append(index)
    return [group for group in grouped.values() if group[0] and group[1]]


_STAGES: tuple[Callable[[_Read], object], ...] = (
    lambda read: read[0],
    lambda read: None if read[2] is None else (read[1], read[2]),
    lambda read: read[1],
)
"""How ready equations match, in turn: by token, by what they read and their value, and by what they read alone (a miswriting)."""


class _Matching:
    """The matching of one predicted graph with one gold graph, settled round by round."""

    def __init__(
        self,
        predicted: SemanticSymbolicBindingGraph,
        gold: SemanticSymbolicBindingGraph,
    ) -> None:
        self.gold = _Side(gold, "gold")
        self.predicted = _Side(predicted, "predicted")
        # Before any use is read: a fact read as a gold one is used as it.
        tokens = self.predicted.fact_tokens
        for index, taken in read_as(
            self.gold.fact_keys, self.predicted.fact_keys
        ).items():
            tokens[index] = self.gold.fact_tokens[taken]
        # The values of the gold's symbols, and of the tokens they settle as.
        self.bindings_values: dict[str, list[Fraction | None]] = {}
        self.values: dict[str, Fraction] = {}
        self.token_values: dict[bytes, Fraction] = {}
        self.equations: dict[int, int] = {}
        self.miswritten: dict[int, int] = {}

    def facts(self) -> tuple[frozenset[int], frozenset[int]]:
        """Match the facts by their tokens: each gold fact once, and every predicted fact of a gold fact's token."""
        gold, predicted = self.gold, self.predicted
        grouped: dict[bytes, tuple[list[int], list[int]]] = {}
        for side, tokens in enumerate((gold.fact_tokens, predicted.fact_tokens)):
            for index, token in enumerate(tokens):
                grouped.setdefault(token, ([], []))[side].append(index)
        matched_gold: set[int] = set()
        matched_predicted: set[int] = set()
        for gold_facts, predicted_facts in grouped.values():
            if not gold_facts:
                continue
            # Equal values the gold binds to one symbol: any number match it.
            matched_predicted.update(predicted_facts)
            for gold_index, _ in _paired(
                gold_facts, predicted_facts, gold.fact_uses, predicted.fact_uses
            ):
                matched_gold.add(gold_index)
        return frozenset(matched_gold), frozenset(matched_predicted)

    def _settle_gold(
        self, symbol_id: str, token: bytes, found: Fraction | None
    ) -> list[int]:
        """Settle a binding of a gold symbol, with its value; return the gold equations made ready."""
        values = self.bindings_values.setdefault(symbol_id, [])
        values.append(found)
        settled, made = self.gold.progress.settle(symbol_id, token)
        first = values[0]
        if settled and first is not None and all(item == first for item in values):
            self.values[symbol_id] = first
            self.token_values[self.gold.progress.tokens[symbol_id]] = first
        return made

    def steps(self) -> None:
        """Settle the facts, then match the equations round by round, as the symbols they read are settled."""
        gold, predicted = self.gold, self.predicted
        gold_ready = gold.progress.ready()
        for fact, key, token in zip(
            gold.graph.facts, gold.fact_keys, gold.fact_tokens, strict=True
        ):
            found = None if key is None else key[4]
            gold_ready += self._settle_gold(fact.symbol_id, token, found)
        predicted_ready = predicted.progress.ready()
        for fact, token in zip(
            predicted.graph.facts, predicted.fact_tokens, strict=True
        ):
            predicted_ready += predicted.progress.settle(fact.symbol_id, token)[1]
        while gold_ready or predicted_ready:
            gold_ready, predicted_ready = self._round(gold_ready, predicted_ready)

    def _read(self, side: _Side, index: int, values: dict[str, Fraction]) -> _Read:
        """Return how a ready equation reads: its token, the tokens it reads, and its value given *values*."""
        tree = side.bindings.trees[index]
        assert tree is not None  # noqa: S101 -- only equations that read are ready
        tokens = side.progress.tokens
        try:
            found: Fraction | None = value(tree, values)
        except (Undefined, BindingGraphError):
            found = None
        reading = frozenset(
            tokens[symbol_id] for symbol_id in side.bindings.reads[index]
        )
        return shape(tree, tokens.__getitem__), reading, found

    def _round(
        self, gold_ready: list[int], predicted_ready: list[int]
    ) -> tuple[list[int], list[int]]:
        """Match the equations ready in one round, settle them, and return those ready in the next."""
        gold, predicted = self.gold, self.predicted
        gold_read = {
            index: self._read(gold, index, self.values) for index in gold_ready
        }
        token_values = self.token_values
        predicted_read: dict[int, _Read] = {}
        for index in predicted_ready:
            tokens = predicted.progress.tokens
            values = {
                symbol_id: token_values[tokens[symbol_id]]
                for symbol_id in predicted.bindings.reads[index]
                if tokens[symbol_id] in token_values
            }
            predicted_read[index] = self._read(predicted, index, values)
        open_gold, open_predicted = dict(gold_read), dict(predicted_read)
        read_as: dict[int, bytes] = {}
        for stage, key in enumerate(_STAGES):
            found = self.miswritten if stage == len(_STAGES) - 1 else self.equations
            for gold_group, predicted_group in _classes(open_gold, open_predicted, key):
                for gold_index, predicted_index in _paired(
                    gold_group,
                    predicted_group,
                    gold.equation_uses,
                    predicted.equation_uses,
                ):
                    found[gold_index] = predicted_index
                    read_as[predicted_index] = gold_read[gold_index][0]
                    del open_gold[gold_index], open_predicted[predicted_index]
        next_gold: list[int] = []
        for index, (token, _, found_value) in gold_read.items():
            next_gold += self._settle_gold(gold.bindings.lhs(index), token, found_value)
        next_predicted: list[int] = []
        for index, (token, _, _) in predicted_read.items():
            lhs = predicted.bindings.lhs(index)
            next_predicted += predicted.progress.settle(lhs, read_as.get(index, token))[
                1
            ]
        return next_gold, next_predicted

    def unknowns(self, unit: Callable[[str | None], Hashable]) -> dict[int, int]:
        """Match each gold unknown to a predicted one whose target settled as the same token, in the same unit; a target nothing binds, to one nothing binds."""
        grouped: dict[tuple[bytes | None, Hashable], tuple[list[int], list[int]]] = {}
        for side, read in enumerate((self.gold, self.predicted)):
            tokens, bound = read.progress.tokens, read.bindings.bound
            for index, unknown in enumerate(read.graph.unknowns):
                target = unknown.symbol_id
                token = tokens.get(target)
                if token is None and target in bound:
                    continue  # bound, and never settled: it matches nothing
                key = (token, unit(unknown.expected_unit))
                grouped.setdefault(key, ([], []))[side].append(index)
        # An unknown's class is all it is: any pairing of one class is as good.
        return {
            gold_index: predicted_index
            for gold_group, predicted_group in grouped.values()
            for gold_index, predicted_index in zip(
                gold_group, predicted_group, strict=False
            )
        }

    def pairing(self) -> dict[str, str]:
        """Pair the symbols settled as one token, those used alike first."""
        grouped: dict[bytes, tuple[list[str], list[str]]] = {}
        for side, read in enumerate((self.gold, self.predicted)):
            for symbol_id, token in read.progress.tokens.items():
                grouped.setdefault(token, ([], []))[side].append(symbol_id)
        return {
            gold_id: predicted_id
            for gold_group, predicted_group in grouped.values()
            if gold_group and predicted_group
            for gold_id, predicted_id in _paired(
                gold_group,
                predicted_group,
                self.gold.symbol_uses,
                self.predicted.symbol_uses,
            )
        }


def match_setups(
    predicted: SemanticSymbolicBindingGraph,
    gold: SemanticSymbolicBindingGraph,
    unit: Callable[[str | None], Hashable] = unit_key,
) -> Setup:
    """Match the set-up of *predicted* with that of *gold*, and return what matches.

    *unit* returns what a unit (a text, or ``None``) is compared by.
    """
    matching = _Matching(predicted, gold)
    facts = matching.facts()
    matching.steps()
    unknowns = matching.unknowns(unit)
    return Setup(
        facts, matching.equations, matching.miswritten, unknowns, matching.pairing()
    )
