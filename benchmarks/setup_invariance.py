r"""Hold the matching of set-ups to its promises over every gold graph of the benchmarks, and time it against the matching before it.

Usage (from the repository root, with the package installed, and Hypothesis)::

    python benchmarks/setup_invariance.py --gsm8k PATH/train.jsonl \\
        --svamp PATH/SVAMP.json --gsm-plus PATH/gsmplus_testmini.jsonl \\
        --asdiv PATH/ASDiv.xml --gsm-hard PATH/gsmhardv2.jsonl

The files are the benchmarks as their authors publish them (not in the
repository). Every record is imported as ``binding-graph import`` imports
it; for each gold graph:

- **Written anew**: Hypothesis draws ``--examples`` graphs of its set-up
  (:func:`binding_graph.strategies.same_setups`: elements in any order,
  symbols named anew, operands of sums and products in any order), and
  :func:`~binding_graph.datasets.diff` must find no difference, either way
  round.
- **One wrong operator**: each operation of each step is flipped in turn
  (``+`` and ``-``, ``*`` and ``/``); where the flip changes the step's
  value on the gold's values, ``diff`` must find exactly one gold step and
  one wrong step, and the same gold step once the wrong graph is written
  anew (``--examples`` draws). A flip that keeps the value (``x + 0``) is
  counted apart: the matching cannot see it, as the docs say.

It prints, as markdown, a row per benchmark: the graphs, those written anew
without a difference, the flips and those that are one wrong step, the
flips that keep their value, and the time per graph of matching it against
itself. With ``--before REVISION`` it also counts how many graphs the
matching at that revision tells apart from a reordering of themselves
(their facts and equations reversed), and times it beside the current one.
Any broken promise is listed, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from evaluate_datasets import _lines, _svamp, asdiv_problems
from hypothesis import HealthCheck, Phase, given, settings
from run import load_before

from binding_graph import BindingGraphError, to_data
from binding_graph import strategies as bgst
from binding_graph.arithmetic import evaluate
from binding_graph.datasets import (
    BenchmarkCase,
    diff,
    from_asdiv,
    from_gsm8k,
    from_gsm_hard,
    from_gsm_plus,
    from_svamp,
)
from binding_graph.expressions import (
    BinaryOperation,
    Negation,
    Undefined,
    parse_expression,
    postorder,
    value,
)

if TYPE_CHECKING:
    from collections.abc import Iterator
    from fractions import Fraction

    from binding_graph import SemanticSymbolicBindingGraph
    from binding_graph.datasets import Difference
    from binding_graph.expressions import Expression

_FLIPPED = {"+": "-", "-": "+", "*": "/", "/": "*"}
_ONE_STEP = [("-", "equations"), ("+", "equations")]
Check = Callable[["SemanticSymbolicBindingGraph"], bool]


def flips(tree: Expression) -> Iterator[Expression]:
    """Yield *tree* with each of its operations flipped in turn."""
    count = sum(type(node) is BinaryOperation for node in postorder(tree))
    for at in range(count):
        stack: list[Expression] = []
        seen = 0
        for node in postorder(tree):
            if type(node) is BinaryOperation:
                right, left = stack.pop(), stack.pop()
                operator = _FLIPPED[node.operator] if seen == at else node.operator
                seen += 1
                stack.append(BinaryOperation(operator, left, right))  # type: ignore[arg-type]  # one of the four
            elif type(node) is Negation:
                stack[-1] = Negation(stack[-1])
            else:
                stack.append(node)
        yield stack[0]


def _value(tree: Expression, values: dict[str, Fraction]) -> Fraction | None:
    try:
        return value(tree, values)
    except (Undefined, BindingGraphError):
        return None


def _holds(examples: int, graph: SemanticSymbolicBindingGraph, *checks: Check) -> bool:
    """Tell whether every check holds of *examples* graphs of *graph*'s set-up that Hypothesis draws."""

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(bgst.same_setups(graph))
    def holds(other: SemanticSymbolicBindingGraph) -> None:
        if not all(check(other) for check in checks):
            raise AssertionError

    try:
        holds()
    except AssertionError:
        return False
    return True


def _flipped(
    graph: SemanticSymbolicBindingGraph, index: int, tree: Expression
) -> SemanticSymbolicBindingGraph:
    equation = graph.equations[index]
    return attrs.evolve(
        graph,
        equations=(
            *graph.equations[:index],
            attrs.evolve(equation, rhs_canonical=str(tree)),
            *graph.equations[index + 1 :],
        ),
    )


def check(
    graph: SemanticSymbolicBindingGraph, examples: int, broken: list[str], name: str
) -> Counter[str]:
    """Hold one gold graph to the promises; count what holds, and list what breaks in *broken*."""
    counts: Counter[str] = Counter(graphs=1)
    if _holds(
        examples, graph, lambda other: diff(graph, other) == () == diff(other, graph)
    ):
        counts["anew"] += 1
    else:
        broken.append(f"{name}: written anew, it differs from itself")
    try:
        values = dict(evaluate(graph))
    except BindingGraphError:
        values = {}
    for index, equation in enumerate(graph.equations):
        try:
            tree = parse_expression(equation.rhs_canonical)
        except BindingGraphError:
            continue
        before = _value(tree, values)
        for wrong_tree in flips(tree):
            if before is not None and before == _value(wrong_tree, values):
                counts["kept"] += 1
                continue
            counts["flips"] += 1
            wrong = _flipped(graph, index, wrong_tree)
            found = diff(graph, wrong)
            told = f"{name}: {wrong_tree} at step {index}"
            if [(item.side, item.path[0]) for item in found] != _ONE_STEP:
                broken.append(f"{told}: {', '.join(map(str, found))}")
            elif _holds(
                examples,
                wrong,
                lambda other, found=found: _same_step(graph, other, found),
            ):
                counts["one wrong step"] += 1
            else:
                broken.append(f"{told}, written anew")
    return counts


def _same_step(
    graph: SemanticSymbolicBindingGraph,
    other: SemanticSymbolicBindingGraph,
    found: tuple[Difference, ...],
) -> bool:
    """Tell whether *other* differs from *graph* by one step, the gold one of *found*."""
    again = diff(graph, other)
    return [(item.side, item.path[0]) for item in again] == _ONE_STEP and again[
        0
    ] == found[0]


def _reversed(graph: SemanticSymbolicBindingGraph) -> SemanticSymbolicBindingGraph:
    return attrs.evolve(graph, facts=graph.facts[::-1], equations=graph.equations[::-1])


def _before(revision: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """Return ``binding_graph.datasets.diff`` and ``from_data`` as they were at git *revision*."""
    package = load_before(revision)
    datasets = importlib.import_module("binding_graph_before.datasets")
    return datasets.diff, package.from_data


def _records(args: argparse.Namespace) -> Iterator[tuple[str, Iterator[Any], Any]]:
    if args.gsm8k is not None:
        yield "GSM8K", _lines(args.gsm8k, "gsm8k"), from_gsm8k
    if args.svamp is not None:
        yield "SVAMP", _svamp(args.svamp), from_svamp
    if args.gsm_plus is not None:
        yield "GSM-Plus", _lines(args.gsm_plus, "gsm-plus"), from_gsm_plus
    if args.asdiv is not None:
        problems = asdiv_problems(args.asdiv)
        yield "ASDiv", ((problem["ID"], problem) for problem in problems), from_asdiv
    if args.gsm_hard is not None:
        yield "GSM-Hard", _lines(args.gsm_hard, "gsm-hard"), from_gsm_hard


def main(argv: list[str] | None = None) -> int:
    """Check every gold graph of the files given; print the table, and what breaks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for option, what in (
        ("--gsm8k", "GSM8K's train.jsonl"),
        ("--svamp", "SVAMP's SVAMP.json"),
        ("--gsm-plus", "GSM-Plus's gsmplus_testmini.jsonl"),
        ("--asdiv", "ASDiv's ASDiv.xml"),
        ("--gsm-hard", "GSM-Hard's gsmhardv2.jsonl"),
    ):
        parser.add_argument(option, type=Path, help=what)
    parser.add_argument("--examples", type=int, default=3, help="draws a check")
    parser.add_argument("--before", help="a git revision to compare with")
    args = parser.parse_args(argv)
    before, before_graph = _before(args.before) if args.before else (None, None)
    rows = [
        "| Benchmark | Graphs | Written anew, no difference | Flips that change a"
        " value | One wrong step | Flips that keep it | Matched against itself,"
        " per graph |"
        + (
            f" Told apart from itself reversed, at `{args.before}` |"
            f" Matched against itself, per graph, at `{args.before}` |"
            if before
            else ""
        ),
        "| --- | --- | --- | --- | --- | --- | --- |"
        + (" --- | --- |" if before else ""),
    ]
    broken: list[str] = []
    for name, records, adapter in _records(args):
        graphs: list[SemanticSymbolicBindingGraph] = []
        counts: Counter[str] = Counter()
        for source_id, record in records:
            try:
                case: BenchmarkCase = adapter(record, source_id=source_id)
            except BindingGraphError:
                continue
            graphs.append(case.graph)
            counts += check(case.graph, args.examples, broken, source_id)
        started = time.perf_counter()
        for graph in graphs:
            diff(graph, _reversed(graph))
        now = (time.perf_counter() - started) / max(len(graphs), 1)
        row = (
            f"| {name} | {counts['graphs']:,} | {counts['anew']:,} |"
            f" {counts['flips']:,} | {counts['one wrong step']:,} |"
            f" {counts['kept']:,} | {now * 1e6:.0f} µs |"
        )
        if before is not None:
            started = time.perf_counter()
            old = [before_graph(to_data(graph)) for graph in graphs]
            told = sum(bool(before(graph, _reversed(graph))) for graph in old)
            then = (time.perf_counter() - started) / max(len(graphs), 1)
            row += f" {told:,} | {then * 1e6:.0f} µs |"
        rows.append(row)
        print(row, file=sys.stderr)
    print("\n".join(rows))
    for line in broken:
        print(line)
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
