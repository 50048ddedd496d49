"""A vote over set-ups: a model's samples of one problem, grouped by what they set up, and the set-up most of them share."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

import attrs

from binding_graph._checks import guarded
from binding_graph.arithmetic import answers
from binding_graph.datasets._diff import diff
from binding_graph.datasets._results import PREDICTED
from binding_graph.datasets._score import outcome
from binding_graph.datasets._wrong import count, tuple_of
from binding_graph.errors import BindingGraphError, refuse, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["SetupGroup", "Vote", "vote"]


def _samples(_: object, __: attrs.Attribute[Any], value: object) -> None:
    indices = cast("tuple[int, ...]", value)
    if (
        not tuple_of(value, int)
        or not indices
        or any(index < 0 for index in indices)
        or list(indices) != sorted(set(indices))
    ):
        expected = "a non-empty tuple of distinct ints of at least 0, ascending"
        refuse_type("SetupGroup", "samples", expected, value, ("samples",))


def _answers(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if not tuple_of(value, Fraction):
        refuse_type("SetupGroup", "answers", "a tuple of Fraction", value, ("answers",))


def _graph(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not SemanticSymbolicBindingGraph:
        expected = "a SemanticSymbolicBindingGraph"
        refuse_type("SetupGroup", "graph", expected, value, ("graph",))


@attrs.frozen(kw_only=True, weakref_slot=False)
class SetupGroup:
    """The samples of a vote that set the problem up alike: :func:`~binding_graph.datasets.diff` finds no difference between them.

    Args:
        graph: The first sample of the group, which stands for it.
        samples: The index of each sample of the group, ascending.
        answers: What :func:`~binding_graph.arithmetic.answers` gives of
            *graph*.

    Raises:
        BindingGraphError: ``wrong_type`` for a field not as above, at the
            field.

    .. versionadded:: 0.1.0
    """

    graph: SemanticSymbolicBindingGraph = attrs.field(validator=_graph)
    samples: tuple[int, ...] = attrs.field(validator=_samples)
    answers: tuple[Fraction, ...] = attrs.field(validator=_answers)

    @property
    def votes(self) -> int:
        """How many samples set the problem up so.

        .. versionadded:: 0.1.0
        """
        return len(self.samples)


def _groups(_: object, __: attrs.Attribute[Any], value: object) -> None:
    groups = cast("tuple[SetupGroup, ...]", value)
    if not tuple_of(value, SetupGroup) or any(
        (first.votes, -first.samples[0]) < (second.votes, -second.samples[0])
        for first, second in itertools.pairwise(groups)
    ):
        expected = (
            "a tuple of SetupGroup, the largest first, groups of one size in"
            " the order of their first samples"
        )
        refuse_type("Vote", "groups", expected, value, ("groups",))


def _refused(_: object, __: attrs.Attribute[Any], value: object) -> None:
    pairs = cast("tuple[tuple[object, ...], ...]", value)
    if type(value) is not tuple or any(
        type(pair) is not tuple
        or len(pair) != 2  # noqa: PLR2004 -- an index and a refusal
        or type(pair[0]) is not int
        or type(pair[1]) is not BindingGraphError
        for pair in pairs
    ):
        expected = "a tuple of (index, BindingGraphError) pairs"
        refuse_type("Vote", "refused", expected, pairs, ("refused",))


@attrs.frozen(kw_only=True, weakref_slot=False)
class Vote:
    """What a model's samples of one problem set up, grouped, and the set-up most of them share.

    Args:
        total: How many samples there were: *k*, the refused ones counted.
        groups: The samples that answer, grouped by set-up: the largest
            group first, groups of one size in the order of their first
            samples.
        refused: Each sample that answers nothing, as its index and its
            refusal: the producer's, or that of
            :func:`~binding_graph.arithmetic.answers`; in the order of the
            samples.

    Raises:
        BindingGraphError: ``wrong_type`` for a field not as above, at the
            field; at ``("refused",)`` unless the groups and the refused
            hold each index below *total* exactly once.

    .. versionadded:: 0.1.0
    """

    total: int = attrs.field(validator=count("Vote"))
    groups: tuple[SetupGroup, ...] = attrs.field(validator=_groups)
    refused: tuple[tuple[int, BindingGraphError], ...] = attrs.field(validator=_refused)

    def __attrs_post_init__(self) -> None:
        indices = [index for group in self.groups for index in group.samples]
        indices += [index for index, _ in self.refused]
        if sorted(indices) != list(range(self.total)):
            rule = "and the groups must hold each sample's index once"
            value = [index for index, _ in self.refused]
            refuse("wrong_type", "Vote", "refused", rule, value, ("refused",))

    @property
    def winner(self) -> SetupGroup | None:
        """The group of the most samples (of those of one size, the first to appear); ``None`` when every sample is refused.

        .. versionadded:: 0.1.0
        """
        return self.groups[0] if self.groups else None

    @property
    def share(self) -> Fraction:
        """The winner's votes of all samples, the refused counted; 0 when there is no winner.

        .. versionadded:: 0.1.0
        """
        winner = self.winner
        return Fraction(0) if winner is None else Fraction(winner.votes, self.total)

    @property
    def unanimous(self) -> bool:
        """Whether every sample set the problem up alike, none refused.

        .. versionadded:: 0.1.0
        """
        return len(self.groups) == 1 and not self.refused

    @property
    def tied(self) -> bool:
        """Whether another group has as many votes as the winner, which the order of the samples chose.

        .. versionadded:: 0.1.0
        """
        return len(self.groups) > 1 and self.groups[0].votes == self.groups[1].votes


def _problem(graph: SemanticSymbolicBindingGraph) -> frozenset[tuple[str, str]]:
    """Return what names a graph's problem: the source and the text of each provenance span."""
    return frozenset((span.source_id, span.text) for span in graph.provenance)


def vote(samples: Iterable[object]) -> Vote:
    r"""Group a model's samples of one problem by set-up, and return the vote.

    Each sample is a :class:`~binding_graph.SemanticSymbolicBindingGraph`, a
    :class:`~binding_graph.BindingGraphError` (the producer refused it) or
    a :class:`~binding_graph.LineRecord` (its graph, or its error: a
    refusal record is the producer's refusal). A graph that
    :func:`~binding_graph.arithmetic.answers` refuses answers nothing: it is
    refused, as a refusal is; refused samples count among the votes, and
    never win. Two graphs are one set-up when
    :func:`~binding_graph.datasets.diff` finds no difference between them,
    whatever their symbols are named: each graph is compared with the
    first graph of each group before it, and joins the first it matches.
    So *k* samples in *g* groups take *k* · *g* comparisons, each linear
    in the graphs' sizes: at most *k*\ :sup:`2`, for the handful of
    samples a vote takes. The winner is the largest group; of groups of
    one size, the first to appear.

    Args:
        samples: The samples, an iterable, read once.

    Returns:
        The vote.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("samples", INDEX)`` for a
            sample of another class, a refusal whose code is not a ``str``
            (``not_in_vocabulary`` if it is none of the library's codes);
            at ``("samples",)`` for an iterable whose own code raises;
            ``span_text_mismatch`` at ``("samples", INDEX, "provenance")``
            for a graph of another problem than the first graph's: the
            sources and texts of their provenance differ.

    >>> import attrs
    >>> from binding_graph import BindingGraphError
    >>> from binding_graph.datasets import from_gsm8k, vote
    >>> case = from_gsm8k(
    ...     {"question": "Ann has 3 bags of 4 apples. How many apples?",
    ...      "answer": "<<3*4=12>>12\n#### 12"}, source_id="p1")
    >>> step = case.graph.equations[0]
    >>> added = attrs.evolve(case.graph, equations=(
    ...     attrs.evolve(step, rhs_canonical="sym_4_001 + sym_3_000", operation_kind="add"),))
    >>> result = vote([added, case.graph, BindingGraphError("not_arithmetic", "no"), case.graph])
    >>> result.share, result.winner.samples, result.winner.answers
    (Fraction(1, 2), (1, 3), (Fraction(12, 1),))
    >>> [group.samples for group in result.groups], result.refused[0][0]
    ([(1, 3), (0,)], 2)

    .. versionadded:: 0.1.0
    """
    items = guarded(samples, "vote", "samples", f"an iterable of {PREDICTED}")
    groups: list[tuple[SemanticSymbolicBindingGraph, list[int], tuple[Fraction, ...]]]
    groups = []
    refused: list[tuple[int, BindingGraphError]] = []
    problem: frozenset[tuple[str, str]] | None = None
    total = 0
    for index, item in enumerate(items):
        total += 1
        found = outcome(item, index, "vote", "samples")
        if type(found) is BindingGraphError:
            refused.append((index, found))
            continue
        graph = cast("SemanticSymbolicBindingGraph", found)
        named = _problem(graph)
        if problem is None:
            problem = named
        elif named != problem:
            msg = (
                f"vote.samples[{index}] is a graph of another problem than the"
                " first graph's: the sources and texts of their provenance differ"
            )
            path = ("samples", index, "provenance")
            raise BindingGraphError("span_text_mismatch", msg, path)
        try:
            got = answers(graph)
        except BindingGraphError as error:
            refused.append((index, error))
            continue
        for first, members, _ in groups:
            if not diff(first, graph):
                members.append(index)
                break
        else:
            groups.append((graph, [index], got))
    made = [
        SetupGroup(graph=graph, samples=tuple(members), answers=got)
        for graph, members, got in groups
    ]
    made.sort(key=lambda group: (-group.votes, group.samples[0]))
    return Vote(total=total, groups=tuple(made), refused=tuple(refused))
