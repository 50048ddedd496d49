r"""Import GSM8K, SVAMP, GSM-Plus, ASDiv and GSM-Hard whole as gold graphs, check every case, and time import and score.

Usage (from the repository root, with the package installed)::

    python benchmarks/evaluate_datasets.py --gsm8k PATH/train.jsonl \\
        --svamp PATH/SVAMP.json --gsm-plus PATH/gsmplus_testmini.jsonl \\
        --asdiv PATH/ASDiv.xml
    python benchmarks/evaluate_datasets.py --gsm-hard PATH/gsmhardv2.jsonl

The benchmark files are not in the repository (the tests use the samples in
``tests/data/``); pass the paths of the files as their authors publish them,
any of the four. For each file it prints, as markdown: the records, those
imported (and how many of them expect a refusal) and those refused, by
code; how many imported cases were checked to answer the benchmark's answer
(every one, or the run fails); the share of facts whose span quotes the
problem text exactly; and the time per record of import and of score (the
gold graphs scored against themselves, a refusal predicted where a case
expects one, which must be perfect). Then the figures each importer is
held to: for GSM-Plus, the share of the records that are not critical
thinking and whose solution carries annotations that import as answerable
cases, and whether every critical-thinking record imports as a case that
expects a refusal; for ASDiv, the share of the problems of its arithmetic
solution types that import, and whether every imported case's answer is
ASDiv's (exact, or rounded as the importer's rule says) with its unit read;
for GSM-Hard, how each imported case agrees with its target (the float of
its exact answer; Python's float value of its program; that rounded to ten
places) and the largest gap between an exact answer and its target,
relative to the answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

from binding_graph import BindingGraphError
from binding_graph.arithmetic import answers
from binding_graph.datasets import (
    BenchmarkCase,
    from_asdiv,
    from_gsm8k,
    from_gsm_hard,
    from_gsm_plus,
    from_svamp,
    score,
)
from binding_graph.drafts import python_value
from binding_graph.units import parse_unit

Records = Iterator[tuple[str, object]]
Outcome = BenchmarkCase | BindingGraphError

ARITHMETIC_TYPES = frozenset(
    {
        "Addition",
        "Subtraction",
        "Multiplication",
        "Common-Division",
        "Sum",
        "Difference",
        "Comparison",
        "Surplus",
        "Sequential-Operation",
        "TVQ-Initial",
        "TVQ-Change",
        "TVQ-Final",
    }
)
"""ASDiv's solution types of plain arithmetic, which its importer is held to."""


def _lines(path: Path, name: str) -> Records:
    with path.open("rb") as file:
        for number, line in enumerate(file, 1):
            yield f"{name}-{number}", json.loads(line)


def agreement(path: Path) -> str:
    """Return how each GSM-Hard case that imports agrees with its target, and the widest gaps between answer and target."""
    ways: Counter[str] = Counter()
    relative = absolute = Fraction(0)
    for source_id, record in _lines(path, "gsm-hard"):
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


def _svamp(path: Path) -> Records:
    for record in json.loads(path.read_bytes()):
        yield str(record["ID"]), record


def asdiv_problems(path: Path) -> list[dict[str, str]]:
    """Return ASDiv's problems, each as ``binding-graph import`` hands it to from_asdiv: its attributes and its children's texts.

    The file is the user's copy of ASDiv's own, read by ElementTree as the
    command reads it; a file that declares a document type is refused here
    too.
    """
    text = path.read_text(encoding="utf-8")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        sys.exit(f"{path}: a document type or an entity is refused")
    root = ET.fromstring(text)  # noqa: S314 -- no entity: refused above
    return [
        {
            **problem.attrib,
            **{child.tag: "".join(child.itertext()) for child in problem},
        }
        for group in root
        for problem in group
    ]


def _quoted(case: BenchmarkCase) -> tuple[int, int]:
    """Return how many facts of *case* quote their source, and how many facts it has."""
    texts = {span.source_id: span.text for span in case.graph.provenance}
    quoted = sum(
        texts[fact.source_span.source_id][fact.source_span.start : fact.source_span.end]
        == fact.source_span.text
        for fact in case.graph.facts
    )
    return quoted, len(case.graph.facts)


def _expected(case: BenchmarkCase) -> object:
    """Return what a perfect parser gives for *case*: its gold graph, or a refusal where the case expects one."""
    if case.answer is None:
        return BindingGraphError("unbound_unknown", "the problem cannot be answered")
    return case.graph


def evaluate(
    name: str, records: Records, adapter: Callable[..., BenchmarkCase]
) -> tuple[str, list[Outcome]]:
    """Import every record, check each case, score the gold against itself; return the table's row, and each record's outcome."""
    outcomes: list[Outcome] = []
    started = time.perf_counter()
    for source_id, record in records:
        try:
            outcomes.append(adapter(record, source_id=source_id))
        except BindingGraphError as refusal:  # noqa: PERF203 -- a refusal is an outcome
            outcomes.append(refusal)
    imported_in = time.perf_counter() - started
    total = len(outcomes)
    cases = [case for case in outcomes if isinstance(case, BenchmarkCase)]
    refused = Counter(
        outcome.code for outcome in outcomes if isinstance(outcome, BindingGraphError)
    )
    answerable = [case for case in cases if case.answer is not None]
    checked = sum(answers(case.graph) == (case.answer,) for case in answerable)
    if checked != len(answerable):
        sys.exit(f"{name}: {len(answerable) - checked} imported cases do not answer")
    quoted = facts = 0
    for case in cases:
        good, count = _quoted(case)
        quoted += good
        facts += count
    started = time.perf_counter()
    result = score((_expected(case) for case in cases), cases)
    scored_in = time.perf_counter() - started
    if result.correct != len(cases) or result.facts_matched != facts - sum(
        len(case.graph.facts) for case in cases if case.answer is None
    ):
        sys.exit(f"{name}: the gold graphs do not score perfectly against themselves")
    codes = ", ".join(f"`{code}` {count:,}" for code, count in sorted(refused.items()))
    unanswerable = len(cases) - len(answerable)
    expecting = f", {unanswerable:,} expecting a refusal" if unanswerable else ""
    row = (
        f"| {name} | {total:,} | {len(cases):,} ({len(cases) / max(total, 1):.2%}"
        f"{expecting}) | {sum(refused.values()):,} ({codes or 'none'}) |"
        f" {checked:,} | {quoted:,} of {facts:,} |"
        f" {imported_in / max(total, 1) * 1e3:.2f} ms |"
        f" {scored_in / max(len(cases), 1) * 1e3:.2f} ms |"
    )
    return row, outcomes


def gsm_plus_figures(records: list[dict[str, str]], outcomes: list[Outcome]) -> str:
    """Return what GSM-Plus's import is held to: the annotated records it imports, and every critical-thinking one as a refusal expected."""
    annotated = imported = critical = expecting = 0
    for record, outcome in zip(records, outcomes, strict=True):
        case = outcome if isinstance(outcome, BenchmarkCase) else None
        if record["perturbation_type"] == "critical thinking":
            critical += 1
            expecting += case is not None and case.answer is None
        elif "<<" in record["solution"]:
            annotated += 1
            imported += case is not None and case.answer is not None
    return (
        f"GSM-Plus: of the {annotated:,} records that are not critical thinking and"
        f" whose solution carries annotations, {imported:,}"
        f" ({imported / max(annotated, 1):.2%}) import as answerable cases; of the"
        f" {critical:,} critical-thinking records, {expecting:,} import as cases that"
        " expect a refusal."
    )


def asdiv_figures(problems: list[dict[str, str]], outcomes: list[Outcome]) -> str:
    """Return what ASDiv's import is held to: the problems of its arithmetic types it imports, each with ASDiv's answer and its unit read."""
    arithmetic = imported = faithful = without_unit = 0
    for problem, outcome in zip(problems, outcomes, strict=True):
        if problem["Solution-Type"] not in ARITHMETIC_TYPES:
            continue
        arithmetic += 1
        if not isinstance(outcome, BenchmarkCase):
            continue
        imported += 1
        number, _, unit = problem["Answer"].partition("(")
        stated = Fraction(number.strip().replace(",", ""))
        places = len(number.strip().partition(".")[2])
        answer = outcome.answer
        if answer is None:
            sys.exit(f"ASDiv: {outcome.source_id} expects a refusal")
        exact = answer == stated or (
            places > 0 and 2 * abs(answer - stated) * 10**places <= 1
        )
        expected = outcome.graph.unknowns[0].expected_unit
        read = expected == (unit.rstrip().removesuffix(")").strip() or None)
        if expected is None:
            without_unit += 1
        else:
            parse_unit(expected)
        faithful += bool(exact and read)
    return (
        f"ASDiv: of the {arithmetic:,} problems of its arithmetic solution types,"
        f" {imported:,} ({imported / max(arithmetic, 1):.2%}) import; {faithful:,} of"
        f" them hold ASDiv's answer and the unit it states, every unit read"
        f" ({without_unit:,} without a unit, asking for a pure number)."
    )


def main(argv: list[str] | None = None) -> int:
    """Evaluate the files given on the command line; print the table and the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--gsm8k", type=Path, help="GSM8K's train.jsonl (or test.jsonl)"
    )
    parser.add_argument("--svamp", type=Path, help="SVAMP's SVAMP.json")
    parser.add_argument(
        "--gsm-plus", type=Path, help="GSM-Plus's gsmplus_testmini.jsonl (or test)"
    )
    parser.add_argument("--asdiv", type=Path, help="ASDiv's ASDiv.xml")
    parser.add_argument(
        "--gsm-hard", type=Path, help="GSM-Hard's gsmhardv2.jsonl (or its first lines)"
    )
    args = parser.parse_args(argv)
    if not any((args.gsm8k, args.svamp, args.gsm_plus, args.asdiv, args.gsm_hard)):
        parser.error(
            "give --gsm8k, --svamp, --gsm-plus, --asdiv, --gsm-hard, or several"
        )
    rows = [
        (
            "| Benchmark | Records | Imported | Refused (by code) | Cases checked |"
            " Facts quoting their text | Import, per record | Score, per case |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    figures: list[str] = []
    if args.gsm8k is not None:
        rows.append(evaluate("GSM8K", _lines(args.gsm8k, "gsm8k"), from_gsm8k)[0])
    if args.svamp is not None:
        rows.append(evaluate("SVAMP", _svamp(args.svamp), from_svamp)[0])
    if args.gsm_plus is not None:
        path = args.gsm_plus
        row, outcomes = evaluate("GSM-Plus", _lines(path, "gsm-plus"), from_gsm_plus)
        rows.append(row)
        records = [json.loads(line) for line in path.read_bytes().splitlines()]
        figures.append(gsm_plus_figures(records, outcomes))
    if args.asdiv is not None:
        problems = asdiv_problems(args.asdiv)
        named = ((problem["ID"], problem) for problem in problems)
        row, outcomes = evaluate("ASDiv", named, from_asdiv)
        rows.append(row)
        figures.append(asdiv_figures(problems, outcomes))
    if args.gsm_hard is not None:
        hard = _lines(args.gsm_hard, "gsm-hard")
        rows.append(evaluate("GSM-Hard", hard, from_gsm_hard)[0])
        figures.append(agreement(args.gsm_hard))
    print("\n".join(rows))
    for figure in figures:
        print(f"\n{figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
