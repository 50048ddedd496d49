"""The subcommands of ``binding-graph`` over set-ups: ``score``, ``diff`` and ``vote``, entries of :data:`~binding_graph.cli._commands.COMMANDS`.

``score`` lives in :mod:`binding_graph.cli._score_command`, ``diff`` in
:mod:`binding_graph.cli._diff_command`, ``vote`` in
:mod:`binding_graph.cli._vote_command`.
"""

from __future__ import annotations

from typing import Final

from binding_graph.cli._command import Command

__all__ = ["SETUP_COMMANDS"]

SETUP_COMMANDS: Final[tuple[Command, ...]] = (
    Command(
        name="score",
        summary="score a parser's graphs against the gold cases of a benchmark",
        description=(
            "Pair the graphs of PREDICTED with the cases of GOLD (as import writes"
            " them), in order, streaming both, and print their score: cases,"
            " correct answers, accuracy, coverage (the cases answered) and"
            " precision (the answers right), refusals and unsolvable graphs by code,"
            " wrong answers, the set-ups' precision and recall of facts,"
            " equations and questions (a percentage, then the counts it is made of),"
            " the set-ups right, with --trust the figures with each check of the"
            " profile for model output applied, refusals of the cases that expect"
            " one, the cases of each perturbation, and the first --keep wrong cases, as"
            " case N (SOURCE_ID), each with the first gold step it lacks or"
            " gets wrong. Exit 0 when it scored; 2 if a file cannot be read, a"
            " line of GOLD is not a case, or the files differ in length."
            " Exit 5, with no score, if either file holds no record."
        ),
        examples=(
            (
                "binding-graph score predicted.jsonl gold.jsonl",
                "score a parser's graphs",
            ),
            (
                "binding-graph score --format json predicted.jsonl gold.jsonl",
                "as one JSON object",
            ),
            (
                "binding-graph score --trust predicted.jsonl gold.jsonl",
                "and with each trust check",
            ),
            ("parser | binding-graph score - gold.jsonl", "score standard input"),
        ),
        run="binding_graph.cli._score_command:score_command",
        options="binding_graph.cli._score_command:score_options",
        corpus=False,
    ),
    Command(
        name="diff",
        summary="show how the set-ups of two graphs, or of two files of them, differ",
        description=(
            "Pair the records of FIRST and SECOND (graphs, or cases as import"
            " writes them, read for their graphs), in order, streaming both, and"
            " compare the set-ups of each pair whatever their symbols are named:"
            " each fact, equation or question of one that matches nothing of the"
            " other is a line, FILE:LINE: - WHERE: WHAT for FIRST's and FILE:LINE:"
            " + WHERE: WHAT for SECOND's, then a summary. Exit 0 when every pair is"
            " set up alike; 1 when any differs, or a record does not read; 2 if a"
            " file cannot be read or the files differ in length."
            " Exit 5 if either file holds no record."
        ),
        examples=(
            (
                "binding-graph diff gold.jsonl predicted.jsonl",
                "what a parser sets up otherwise than the gold",
            ),
            ("binding-graph diff a.json b.json", "two graphs"),
            (
                "binding-graph diff --format json gold.jsonl predicted.jsonl",
                "one JSON object a difference",
            ),
        ),
        run="binding_graph.cli._diff_command:diff_command",
        options="binding_graph.cli._diff_command:diff_options",
        corpus=False,
    ),
    Command(
        name="vote",
        summary="write the set-up most of a model's samples share, problem by problem",
        description=(
            "Read the FILEs in step, one sample of each problem a file (graphs,"
            " refusal records, or cases read for their graphs), and vote on the"
            " samples of each problem with binding_graph.datasets.vote: samples"
            " set up alike, whatever their symbols are named, are one vote; a"
            " refused sample, or one that answers nothing, counts and never"
            " wins; of groups of one size, the first to appear wins. Write each"
            " problem's winning graph to standard output as canonical JSON"
            " Lines, or a refusal record of its samples' refusals where every"
            " sample is refused; tell those problems, and a summary, on"
            " standard error. Exit 0 when every problem has a winner; 1 when"
            " one has none, or its samples are graphs of different problems; 2"
            " if a file cannot be read or the files differ in length."
            " Exit 5 if any FILE holds no record."
        ),
        examples=(
            (
                "binding-graph vote s1.jsonl s2.jsonl s3.jsonl > voted.jsonl",
                "the set-up most of three samples share",
            ),
            (
                "binding-graph vote --format json s1.jsonl s2.jsonl s3.jsonl",
                "the report as JSON",
            ),
        ),
        run="binding_graph.cli._vote_command:vote_command",
        options="binding_graph.cli._vote_command:vote_options",
        corpus=False,
    ),
)
"""The commands that compare or choose set-ups, in the order ``--help`` lists them."""
