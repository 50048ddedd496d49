"""Count the gold graphs of five benchmarks that the profile for model output refuses (false refusals, by definition), check by check, and its findings' rates.

Usage: ``python benchmarks/trust_gold.py [DATA]``, *DATA* the directory of the
benchmarks' files (``../shared/data`` by default). It prints a markdown table.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections import Counter
from pathlib import Path

from binding_graph.datasets import load_cases
from binding_graph.trust import CHECKS, trust_findings, trust_refusals

FILES = {
    "GSM8K": ("gsm8k", "gsm8k/train.jsonl"),
    "SVAMP": ("svamp", "svamp/SVAMP.json"),
    "GSM-Hard": ("gsm-hard", "gsm-hard/gsmhardv2-first-660.jsonl"),
    "GSM-Plus": ("gsm-plus", "gsm-plus/gsmplus_testmini-first-1200.jsonl"),
    "ASDiv": ("asdiv", "asdiv/ASDiv-first-1152.xml"),
}
"""Each benchmark: its name for ``binding-graph import``, and its file under the data directory."""


def _cases(name: str, path: Path) -> bytes:
    """Return the gold cases ``binding-graph import`` makes of *path*, as JSON Lines."""
    command = [sys.executable, "-m", "binding_graph", "import", name, str(path)]
    return subprocess.run(  # noqa: S603 -- our own command, on the given file
        command, check=True, capture_output=True
    ).stdout


def main(argv: list[str]) -> int:
    """Print the table."""
    data = Path(argv[0] if argv else "../shared/data")
    rows: list[str] = []
    total: Counter[str] = Counter()
    for name, (command, file) in FILES.items():
        counts: Counter[str] = Counter()
        for record in load_cases(_cases(command, data / file).splitlines()):
            case = record.case
            if case is None or case.answer is None:
                continue
            counts["gold"] += 1
            for check in CHECKS:
                if trust_refusals(case.graph, (check,)):
                    counts[check] += 1
            found = {finding.code for finding in trust_findings(case.graph)}
            counts.update(found)
        total.update(counts)
        rows.append(_row(name, counts))
    rows.append(_row("all", total))
    head = (
        "| benchmark | gold graphs | "
        + " | ".join(
            [
                *(f"refused by {check}" for check in CHECKS),
                "unused_number",
                "question_unit_mismatch",
            ]
        )
        + " |"
    )
    print(head)
    print("|" + " --- |" * (4 + len(CHECKS)))
    print("\n".join(rows))
    return 0


def _row(name: str, counts: Counter[str]) -> str:
    gold = counts["gold"]
    cells = [
        f"{counts[key]} ({100 * counts[key] / gold:.2f}%)" if gold else "0"
        for key in (*CHECKS, "unused_number", "question_unit_mismatch")
    ]
    return f"| {name} | {gold:,} | " + " | ".join(cells) + " |"


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8")
    raise SystemExit(main(sys.argv[1:]))
