"""Import GSM8K, GSM-Hard and SVAMP whole as gold graphs, check every case, and time import and score.

Usage (from the repository root, with the package installed)::

    python benchmarks/evaluate_datasets.py --gsm8k PATH/train.jsonl --svamp PATH/SVAMP.json
    python benchmarks/evaluate_datasets.py --gsm-hard PATH/gsmhardv2.jsonl

The benchmark files are not in the repository (the tests use the samples in
``tests/data/``); pass the paths of the files as their authors publish them.
For each file it prints, as markdown: the records imported and refused by
code; how many imported cases were checked to answer the benchmark's answer
(every one, or the run fails); the share of facts whose span quotes the
problem text exactly; and the time per record of import and of score (the
gold graphs scored against themselves, which must be perfect). For
GSM-Hard it also says how each imported case agrees with its target (the
float of its exact answer; Python's float value of its program; that
rounded to ten places) and the largest gap between an exact answer and its
target, relative to the answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers
from binding_graph.datasets import (
    BenchmarkCase,
    from_gsm8k,
    from_gsm_hard,
    from_svamp,
    score,
)
from binding_graph.drafts import python_value

Adapter = Callable[[object], BenchmarkCase]


def _gsm8k(path: Path) -> Iterator[tuple[str, object]]:
    with path.open("rb") as file:
        for number, line in enumerate(file, 1):
            yield f"gsm8k-{number}", json.loads(line)


def _gsm_hard(path: Path) -> Iterator[tuple[str, object]]:
    with path.open("rb") as file:
        for number, line in enumerate(file, 1):
            yield f"gsm-hard-{number}", json.loads(line)


def agreement(path: Path) -> str:
    """Return how each GSM-Hard case that imports agrees with its target, and the widest gaps between answer and target."""
    ways: Counter[str] = Counter()
    relative = absolute = Fraction(0)
    for source_id, record in _gsm_hard(path):
        try:
            case = from_gsm_hard(record, source_id=source_id)
        except BindingGraphError:
            continue
        target = record["target"]  # type: ignore[index]  # a record that imported
        value = float(python_value(record["code"]))  # type: ignore[index]
        gap = abs(Fraction(target) - case.answer)
        if float(case.answer) == target:
            ways["the float of the exact answer"] += 1
        elif value == target:
            ways["Python's float value, not the exact answer's float"] += 1
            relative = max(relative, gap / abs(case.answer))
        else:
            ways["Python's value rounded to ten places"] += 1
            absolute = max(absolute, gap)
    told = "; ".join(f"{way}: {count:,}" for way, count in ways.most_common())
    return (
        f"GSM-Hard's targets: {told}. Where the target is Python's float value,"
        f" it is within {float(relative):.1e} of the exact answer, relatively;"
        f" where it is rounded to ten places, within {float(absolute):.1e}."
    )


def _svamp(path: Path) -> Iterator[tuple[str, object]]:
    for record in json.loads(path.read_bytes()):
        yield str(record["ID"]), record


def _quoted(case: BenchmarkCase) -> tuple[int, int]:
    """Return how many facts of *case* quote their source, and how many facts it has."""
    texts = {span.source_id: span.text for span in case.graph.provenance}
    quoted = sum(
        texts[fact.source_span.source_id][fact.source_span.start : fact.source_span.end]
        == fact.source_span.text
        for fact in case.graph.facts
    )
    return quoted, len(case.graph.facts)


def evaluate(
    name: str,
    records: Iterator[tuple[str, object]],
    adapter: Callable[..., BenchmarkCase],
) -> str:
    """Import every record, check each case, score the gold against itself; return a report."""
    cases: list[BenchmarkCase] = []
    refused: Counter[str] = Counter()
    total = 0
    started = time.perf_counter()
    for source_id, record in records:
        total += 1
        try:
            cases.append(adapter(record, source_id=source_id))
        except BindingGraphError as refusal:
            refused[refusal.code] += 1
    imported_in = time.perf_counter() - started
    checked = sum(answers(case.graph) == (case.answer,) for case in cases)
    if checked != len(cases):
        sys.exit(f"{name}: {len(cases) - checked} imported cases do not answer")
    quoted = facts = 0
    for case in cases:
        good, count = _quoted(case)
        quoted += good
        facts += count
    started = time.perf_counter()
    result = score((case.graph for case in cases), cases)
    scored_in = time.perf_counter() - started
    if result.correct != len(cases) or result.facts_matched != facts:
        sys.exit(f"{name}: the gold graphs do not score perfectly against themselves")
    codes = ", ".join(f"`{code}` {count:,}" for code, count in sorted(refused.items()))
    return "\n".join(
        [
            (
                f"| {name} | {total:,} | {len(cases):,} ({len(cases) / total:.2%}) |"
                f" {sum(refused.values()):,} ({codes or 'none'}) | {checked:,} |"
                f" {quoted:,} of {facts:,} | {imported_in / total * 1e3:.2f} ms |"
                f" {scored_in / max(len(cases), 1) * 1e3:.2f} ms |"
            )
        ]
    )


def main(argv: list[str] | None = None) -> int:
    """Evaluate the files given on the command line; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--gsm8k", type=Path, help="GSM8K's train.jsonl (or test.jsonl)"
    )
    parser.add_argument("--svamp", type=Path, help="SVAMP's SVAMP.json")
    parser.add_argument(
        "--gsm-hard", type=Path, help="GSM-Hard's gsmhardv2.jsonl (or its first lines)"
    )
    args = parser.parse_args(argv)
    if args.gsm8k is None and args.svamp is None and args.gsm_hard is None:
        parser.error("give --gsm8k, --svamp, --gsm-hard, or several")
    rows = [
        (
            "| Benchmark | Records | Imported | Refused (by code) | Cases checked |"
            " Facts quoting their text | Import, per record | Score, per case |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    if args.gsm8k is not None:
        rows.append(evaluate("GSM8K", _gsm8k(args.gsm8k), from_gsm8k))
    if args.svamp is not None:
        rows.append(evaluate("SVAMP", _svamp(args.svamp), from_svamp))
    if args.gsm_hard is not None:
        rows.append(evaluate("GSM-Hard", _gsm_hard(args.gsm_hard), from_gsm_hard))
    print("\n".join(rows))
    if args.gsm_hard is not None:
        print(f"\n{agreement(args.gsm_hard)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
