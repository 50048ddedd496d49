"""binding_graph.datasets.vote: a model's samples of one problem grouped by set-up, and the set-up most of them share."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs
import pytest

from binding_graph import BindingGraphError, LineRecord, SemanticSymbolicBindingGraph
from binding_graph.datasets import SetupGroup, Vote, from_gsm8k, vote
from tests._cases import CASE, renamed
from tests._helpers import refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Iterator

GRAPH: Final = CASE.graph
STEP: Final = GRAPH.equations[0]
# The same set-up, its operands swapped and its symbols named anew.
SWAPPED: Final = renamed(
    attrs.evolve(
        GRAPH,
        equations=(attrs.evolve(STEP, rhs_canonical="sym_4_001 * sym_3_000"),),
    )
)
PLUS: Final = attrs.evolve(
    GRAPH,
    equations=(
        attrs.evolve(STEP, rhs_canonical="sym_3_000 + sym_4_001", operation_kind="add"),
    ),
)
NO_FACTS: Final = attrs.evolve(GRAPH, facts=())
NOT_ARITHMETIC: Final = BindingGraphError("not_arithmetic", "the model gave up")
OTHER: Final = from_gsm8k(
    {
        "question": "Tom had 9 pens and gave away 2. How many pens are left?",
        "answer": "9-2 = <<9-2=7>>7 pens.\n#### 7",
    },
    source_id="p2",
).graph


class TestGrouping:
    """Samples set up alike are one group, whatever their names; the largest wins."""

    def test_the_majority_set_up_and_its_share(self) -> None:
        """Three samples alike (one named anew, its operands swapped), one otherwise: 3 of 4."""
        result = vote([PLUS, GRAPH, SWAPPED, GRAPH])
        assert result == Vote(
            total=4,
            groups=(
                SetupGroup(graph=GRAPH, samples=(1, 2, 3), answers=(Fraction(12),)),
                SetupGroup(graph=PLUS, samples=(0,), answers=(Fraction(7),)),
            ),
            refused=(),
        )
        assert result.winner == result.groups[0]
        assert (result.share, result.unanimous, result.tied) == (
            Fraction(3, 4),
            False,
            False,
        )
        assert result.groups[0].votes == 3

    def test_the_same_answer_by_another_set_up_is_another_group(self) -> None:
        """Two set-ups that reach 12 by different steps are two groups: the vote is over set-ups, not answers."""
        twelve = attrs.evolve(
            GRAPH,
            equations=(
                attrs.evolve(
                    STEP,
                    rhs_canonical="sym_3_000 + sym_3_000 + sym_3_000 + sym_3_000",
                    operation_kind="add",
                    dependencies=frozenset({"sym_3_000"}),
                ),
            ),
        )
        result = vote([GRAPH, twelve])
        assert [group.answers for group in result.groups] == [
            (Fraction(12),),
            (Fraction(12),),
        ]
        assert [group.samples for group in result.groups] == [(0,), (1,)]

    def test_a_tie_goes_to_the_first_to_appear(self) -> None:
        """Two groups of two: the one whose first sample comes first wins; the vote says it is tied."""
        result = vote([PLUS, GRAPH, GRAPH, PLUS])
        assert [group.samples for group in result.groups] == [(0, 3), (1, 2)]
        assert result.winner is not None
        assert result.winner.graph == PLUS
        assert (result.share, result.tied) == (Fraction(1, 2), True)

    def test_unanimous(self) -> None:
        """Every sample alike, none refused."""
        result = vote(iter([GRAPH, SWAPPED]))
        assert (result.unanimous, result.share, result.tied) == (
            True,
            Fraction(1),
            False,
        )


class TestRefusedSamples:
    """Refused samples count among the votes and never win."""

    def test_refusals_count_and_never_win(self) -> None:
        """Three refusals (the producer's, a line's, the boundary's) and one graph: it wins with 1 of 4."""
        line = LineRecord(2, error=BindingGraphError("missing_key", "m", ("symbols",)))
        result = vote([NOT_ARITHMETIC, line, NO_FACTS, LineRecord(4, graph=GRAPH)])
        assert [(index, error.code) for index, error in result.refused] == [
            (0, "not_arithmetic"),
            (1, "missing_key"),
            (2, "unbound_unknown"),
        ]
        assert result.winner is not None
        assert (result.winner.samples, result.share) == ((3,), Fraction(1, 4))
        assert not result.unanimous

    def test_every_sample_refused(self) -> None:
        """No group, no winner, a share of 0."""
        result = vote([NOT_ARITHMETIC, NO_FACTS])
        assert (result.groups, result.winner) == ((), None)
        assert result.share == 0
        assert (result.unanimous, result.tied) == (False, False)

    def test_no_sample(self) -> None:
        """No sample: nothing voted, a share of 0."""
        result = vote([])
        assert (result.total, result.winner) == (0, None)
        assert result.share == 0


class TestRefusals:
    """Bad input is refused with its code and path."""

    def test_a_graph_of_another_problem(self) -> None:
        """A sample whose provenance differs from the first graph's: refused at its index, refusals before it ignored."""
        error = refusal(vote, [NOT_ARITHMETIC, GRAPH, GRAPH, OTHER])
        assert (error.code, error.path, error.message) == (
            "span_text_mismatch",
            ("samples", 3, "provenance"),
            (
                "vote.samples[3] is a graph of another problem than the first graph's:"
                " the sources and texts of their provenance differ"
            ),
        )

    @pytest.mark.parametrize(
        ("sample", "code"),
        [
            ("a graph", "wrong_type"),
            (BindingGraphError(untyped(3), "no"), "wrong_type"),
            (BindingGraphError(untyped("nope"), "no"), "not_in_vocabulary"),
        ],
    )
    def test_a_sample_of_another_class(self, sample: object, code: str) -> None:
        """A sample that is not a graph, a refusal or a line record, or a refusal of no library code: refused at its index."""
        error = refusal(vote, [GRAPH, sample])
        assert (error.code, error.path) == (code, ("samples", 1))

    def test_an_iterable_that_raises(self) -> None:
        """The samples' own code raising: wrong_type at samples."""

        def broken() -> Iterator[SemanticSymbolicBindingGraph]:
            yield GRAPH
            raise ValueError

        error = refusal(vote, broken())
        assert (error.code, error.path) == ("wrong_type", ("samples",))


class TestValues:
    """A Vote and a SetupGroup hold what they say, or are refused at the field."""

    GROUP: Final = SetupGroup(graph=GRAPH, samples=(0,), answers=(Fraction(12),))

    @pytest.mark.parametrize(
        ("changes", "path"),
        [
            ({"graph": "g"}, ("graph",)),
            ({"samples": ()}, ("samples",)),
            ({"samples": (1, 0)}, ("samples",)),
            ({"samples": (0, 0)}, ("samples",)),
            ({"samples": (-1,)}, ("samples",)),
            ({"samples": [0]}, ("samples",)),
            ({"answers": (12,)}, ("answers",)),
        ],
    )
    def test_a_group_not_as_documented(
        self, changes: dict[str, object], path: tuple[str, ...]
    ) -> None:
        """Each field refused at itself."""
        error = refusal(attrs.evolve, self.GROUP, **changes)
        assert (error.code, error.path) == ("wrong_type", path)

    @pytest.mark.parametrize(
        ("fields", "path"),
        [
            ({"total": -1, "groups": (), "refused": ()}, ("total",)),
            ({"total": 1, "groups": [GROUP], "refused": ()}, ("groups",)),
            ({"total": 1, "groups": (), "refused": ((0, "no"),)}, ("refused",)),
            (
                {"total": 1, "groups": (), "refused": [(0, NOT_ARITHMETIC)]},
                ("refused",),
            ),
            ({"total": 1, "groups": (), "refused": ((0,),)}, ("refused",)),
            (
                {"total": 1, "groups": (), "refused": (("0", NOT_ARITHMETIC),)},
                ("refused",),
            ),
            ({"total": 2, "groups": (GROUP,), "refused": ()}, ("refused",)),
            (
                {"total": 1, "groups": (GROUP,), "refused": ((0, NOT_ARITHMETIC),)},
                ("refused",),
            ),
        ],
    )
    def test_a_vote_not_as_documented(
        self, fields: dict[str, object], path: tuple[str, ...]
    ) -> None:
        """Each field refused at itself; groups and refused that do not hold each sample once, at refused."""
        error = refusal(Vote, **fields)
        assert (error.code, error.path) == ("wrong_type", path)

    def test_groups_out_of_order(self) -> None:
        """The larger group first, then by first sample: any other order is refused."""
        second = SetupGroup(graph=PLUS, samples=(1, 2), answers=(Fraction(7),))
        third = SetupGroup(graph=PLUS, samples=(3,), answers=(Fraction(7),))
        assert Vote(total=4, groups=(second, self.GROUP, third), refused=()).share == (
            Fraction(1, 2)
        )
        for groups in ((self.GROUP, second, third), (second, third, self.GROUP)):
            error = refusal(Vote, total=4, groups=groups, refused=())
            assert (error.code, error.path) == ("wrong_type", ("groups",))
