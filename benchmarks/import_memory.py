"""Measure the peak memory of ``binding-graph import`` on SVAMP's JSON array and ASDiv's XML, against the file's size.

Usage (from the repository root, with the package installed)::

    python benchmarks/import_memory.py --sizes 4,25

For each size (in MB) it writes, in a temporary directory, files in the
benchmarks' shapes: a SVAMP array of records as SVAMP writes them (indented
objects), an array of empty objects, an ASDiv document of ``<Problem>``
records, and one of empty ``<P/>`` records (the last two shapes cost a
reader most per byte). It runs ``binding-graph import`` on each in a child
process, its output thrown away, and prints, as markdown: the file's size;
the child's peak resident memory (``VmHWM``, so on Linux only), and its
ratio to the file's size; and that peak less the child's peak on an empty
file of the same benchmark (what the interpreter and the package take). With ``--traced``, each child also runs under :mod:`tracemalloc`,
and its peak of traced memory is shown, with its ratio to the file's size:
what Python allocated in a second run, the parser's own buffers included,
the modules the first one imported left out.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

_SUMMARY = "Measure the peak memory of binding-graph import against the file's size."
MB = 1_000_000

_SVAMP: dict[str, object] = {
    "ID": "chal-{n}",
    "Body": "Dan had {n} pens in his bag and gave away 3 of them to his friends.",
    "Question": "How many pens are left?",
    "Equation": "( {n}.0 - 3.0 )",
    "Answer": 0,
    "Type": "Subtraction",
}
_PROBLEM = (
    '<Problem ID="nluds-{n}" Grade="1" Source="http://www.k5learning.com">\n'
    "<Body>Ann has 3 pens and {n} bags of pens.</Body>\n"
    "<Question>How many pens does she have?</Question>\n"
    "<Solution-Type>Multiplication</Solution-Type>\n"
    "<Answer>{a} (pens)</Answer>\n"
    "<Formula>3*{n}={a}</Formula>\n"
    "</Problem>\n"
)

# A child's run: import the file, its output thrown away; write its figures.
# Its peak resident memory is VmHWM, its own: ru_maxrss of a child counts
# what its parent held when it started, on Linux.
_CHILD = """
import re, sys, tracemalloc
traced = sys.argv[1] == "traced"
from binding_graph.cli import main
if traced:  # what the package imports as it runs is no part of the figure
    main(["import", sys.argv[2], sys.argv[3]])
    tracemalloc.start()
status = main(["import", sys.argv[2], sys.argv[3]])
peak = tracemalloc.get_traced_memory()[1] if traced else 0
with open("/proc/self/status") as status_file:
    resident = int(re.search(r"VmHWM:\\s*(\\d+) kB", status_file.read()).group(1))
with open(sys.argv[4], "w") as figures:
    figures.write(f"{status} {resident * 1024} {peak}")
"""


def svamp(size: int) -> bytes:
    """Return a SVAMP array of about *size* bytes, its records as SVAMP indents them."""
    records: list[str] = []
    total, n = 2, 0
    while total < size:
        n += 1
        record: dict[str, object] = {
            key: value.format(n=n) if isinstance(value, str) else value
            for key, value in _SVAMP.items()
        }
        record["Answer"] = float(n - 3)
        text = json.dumps(record, indent=4)
        records.append(text)
        total += len(text) + 2
    return ("[\n" + ",\n".join(records) + "\n]\n").encode()


def asdiv(size: int) -> bytes:
    """Return an ASDiv document of about *size* bytes, of ``<Problem>`` records."""
    problems: list[str] = []
    total, n = 0, 0
    while total < size:
        n += 1
        problem = _PROBLEM.format(n=n, a=3 * n)
        problems.append(problem)
        total += len(problem)
    body = "".join(problems)
    return f"<Machine-Reading-Corpus-File>\n<ProblemSet>\n{body}</ProblemSet>\n</Machine-Reading-Corpus-File>\n".encode()


def empty_objects(size: int) -> bytes:
    """Return a JSON array of about *size* bytes of empty objects, one a line."""
    return b"[\n" + b"{},\n" * (size // 4) + b"{}\n]\n"


def empty_records(size: int) -> bytes:
    """Return an XML document of about *size* bytes of empty ``<P/>`` records, one a line."""
    return b"<F><S>\n" + b"<P/>\n" * (size // 5) + b"</S></F>\n"


def run(benchmark: str, path: Path, *, traced: bool) -> tuple[int, int, int]:
    """Import *path* in a child process; return its exit status, its peak resident memory and its peak of traced memory, in bytes."""
    figures = path.with_suffix(".figures")
    mode = "traced" if traced else "plain"
    argv = [sys.executable, "-c", _CHILD, mode, benchmark, str(path), str(figures)]
    quiet = subprocess.DEVNULL
    subprocess.run(argv, stdout=quiet, stderr=quiet, check=True)  # noqa: S603 -- our own interpreter
    status, resident, peak = map(int, figures.read_text(encoding="utf-8").split())
    if status == 2:  # noqa: PLR2004 -- the run failed: its figures mean nothing
        msg = f"binding-graph import {benchmark} {path} failed"
        raise SystemExit(msg)
    return status, resident, peak


def _mb(count: int) -> str:
    return f"{count / MB:,.1f} MB"


def main(argv: list[str] | None = None) -> None:
    """Write the files, import each in a child, and print the table."""
    parser = argparse.ArgumentParser(description=_SUMMARY)
    parser.add_argument(
        "--sizes", default="4,25", help="sizes of the files, in MB, comma-separated"
    )
    parser.add_argument(
        "--traced", action="store_true", help="also measure under tracemalloc"
    )
    args = parser.parse_args(argv)
    sizes = [int(float(size) * MB) for size in args.sizes.split(",")]
    makers: list[tuple[str, str, Callable[[int], bytes], bytes]] = [
        ("SVAMP array", "svamp", svamp, b"[]"),
        ("SVAMP-shaped {} records", "svamp", empty_objects, b"[]"),
        ("ASDiv <Problem> records", "asdiv", asdiv, b"<F><S></S></F>"),
        ("ASDiv-shaped <P/> records", "asdiv", empty_records, b"<F><S></S></F>"),
    ]
    header = "| file | size | peak resident | over the size | less an empty file's |"
    rule = "| --- | --- | --- | --- | --- |"
    if args.traced:
        header += " peak traced | over the size |"
        rule += " --- | --- |"
    print(header)
    print(rule)
    with tempfile.TemporaryDirectory() as directory:
        for title, benchmark, make, empty in makers:
            base = Path(directory) / "empty"
            base.write_bytes(empty)
            _, resident_base, _ = run(benchmark, base, traced=False)
            for size in sizes:
                path = Path(directory) / f"{benchmark}-{size}"
                data = make(size)
                path.write_bytes(data)
                _, resident, _ = run(benchmark, path, traced=False)
                grown = resident - resident_base
                row = (
                    f"| {title} | {_mb(len(data))} | {_mb(resident)}"
                    f" | {resident / len(data):.2f}x | {_mb(grown)} |"
                )
                if args.traced:
                    _, _, peak = run(benchmark, path, traced=True)
                    row += f" {_mb(peak)} | {peak / len(data):.2f}x |"
                print(row, flush=True)
                path.unlink()


if __name__ == "__main__":
    main()
