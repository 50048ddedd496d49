"""Time ``from_program`` against ``compile_draft`` of the draft it reads, and against ``ast.parse`` alone, on GSM-Hard's programs.

The programs are those of the GSM-Hard sample the tests ship
(``tests/data/gsm-hard/gsmhardv2-30.jsonl``) that import. For each, the
baseline is the same graph compiled from its draft (``to_draft`` of the
graph ``from_program`` makes, as JSON text, what a model would write
instead of the program), and the floor is ``ast.parse`` of the program,
which ``from_program`` calls first. Each ratio is paired by round, as
``refusals.py`` pairs them: the median, over interleaved rounds, of a call
of ``from_program`` over a call of the other in the same round::

    python benchmarks/compile_programs.py            # the timings, as markdown
    python benchmarks/compile_programs.py --smoke    # each call once, for CI
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import sys
from pathlib import Path

from refusals import _paired, _ratio, _time

from binding_graph import BindingGraphError
from binding_graph.drafts import compile_draft, from_program, to_draft

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "gsm-hard" / "gsmhardv2-30.jsonl"


def programs() -> list[tuple[str, str, str, str]]:
    """Return each program of the sample that reads against its problem: its id, its program, its text, and its draft as JSON text."""
    found: list[tuple[str, str, str, str]] = []
    for number, line in enumerate(SAMPLE.read_text(encoding="utf-8").splitlines(), 1):
        record = json.loads(line)
        label, code, text = f"gsm-hard-{number}", record["code"], record["input"]
        question = None if "?" in text else text
        try:
            graph = from_program(code, text, source_id=label, question=question)
        except BindingGraphError:
            continue
        draft = json.dumps(to_draft(graph, introduced_by="program"))
        if question is None:
            found.append((label, code, text, draft))
    return found


def run_programs(rounds: int, per_round: int) -> str:
    """Return the markdown section: from_program against compile_draft and ast.parse, on each program."""
    lines = [
        (
            "Per call: the median over interleaved rounds of the ratio of"
            " `from_program` of a GSM-Hard program to `compile_draft` of its"
            " draft (the same graph), and to `ast.parse` of the program, in the"
            " same round."
        ),
        "",
        "| program | `ast.parse` | `compile_draft` | `from_program` | / `compile_draft` | / `ast.parse` |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    to_draft_ratios: list[float] = []
    to_parse_ratios: list[float] = []
    for label, code, text, draft in programs():
        timed = _paired(
            {
                "parse": lambda code=code: ast.parse(code),
                "draft": lambda draft=draft, text=text, label=label: compile_draft(
                    draft, text, source_id=label, introduced_by="program"
                ),
                "program": lambda code=code, text=text, label=label: from_program(
                    code, text, source_id=label
                ),
            },
            rounds,
            per_round,
        )
        to_draft_ratios.append(_ratio(timed["program"], timed["draft"]))
        to_parse_ratios.append(_ratio(timed["program"], timed["parse"]))
        lines.append(
            f"| {label} | {_time(statistics.median(timed['parse']))} |"
            f" {_time(statistics.median(timed['draft']))} |"
            f" {_time(statistics.median(timed['program']))} |"
            f" {to_draft_ratios[-1]:.2f}x | {to_parse_ratios[-1]:.2f}x |"
        )
    lines.append(
        f"| median | | | | {statistics.median(to_draft_ratios):.2f}x |"
        f" {statistics.median(to_parse_ratios):.2f}x |"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the timings as markdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--calls", type=int, default=2000, help="calls a program")
    parser.add_argument("--smoke", action="store_true", help="each call once")
    args = parser.parse_args(argv)
    rounds, per_round = (1, 1) if args.smoke else (50, max(1, args.calls // 50))
    print(run_programs(rounds, per_round))
    return 0


if __name__ == "__main__":
    sys.exit(main())
