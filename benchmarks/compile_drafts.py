"""Time ``compile_draft`` against ``loads`` of the document it compiles to, and count what a draft and its document cost a model.

The word problems are the first problems of the GSM8K sample the tests ship
(``tests/data/gsm8k/train-200.jsonl``), each gold graph read from its
problem alone and written as a draft with the keys a model writes (names,
quotes, values, units, expressions, the question; an ``occurrence`` where a
quote is written twice), and one problem with units on every quantity, so
that the steps' units are admitted too. Each ratio is paired by round, as
``refusals.py`` pairs them: the median, over interleaved rounds, of a call
of ``compile_draft`` over a call of ``loads`` of the compiled graph's
canonical document, on each path.

:func:`sizes` counts what a model writes for each problem: the draft, and
the document (canonical, and in the ``writing`` profile's order), in bytes
of UTF-8 and in the tokens of a tokenizer given to it, by default a rough
one (runs of letters or digits, and each other character but spaces)::

    python benchmarks/compile_drafts.py               # the timings, as markdown
    python benchmarks/compile_drafts.py --sizes       # the sizes

To count a model's own tokens, pass its tokenizer::

    from compile_drafts import sizes
    print(sizes(lambda text: tokenizer.encode(text)))
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs
from refusals import _paired, _ratio, _time

import binding_graph
from binding_graph.datasets import from_gsm8k
from binding_graph.documents import _paths
from binding_graph.drafts import compile_draft, to_draft
from binding_graph.serialization import WRITING_ORDER

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl"
TARGET = 3.0
"""compile_draft of a word problem, at most this many times loads of its document."""

_CORE = {
    "quantities": ("name", "quote", "value", "unit", "occurrence"),
    "steps": ("name", "expression", "unit"),
    "question": ("name", "quote"),
}
_EGGS = (
    "Janet's ducks lay 16 eggs per day. She eats three for breakfast every"
    " morning and bakes muffins for her friends every day with four. She sells"
    " the remainder at the farmers' market daily for $2 per fresh duck egg. How"
    " much in dollars does she make every day at the farmers' market?"
)
_EGGS_DRAFT = {
    "quantities": [
        {"name": "laid", "quote": "16 eggs", "value": 16, "unit": "eggs"},
        {"name": "eaten", "quote": "eats three", "value": 3, "unit": "eggs"},
        {"name": "baked", "quote": "with four", "value": 4, "unit": "eggs"},
        {
            "name": "price",
            "quote": "$2 per fresh duck egg",
            "value": 2,
            "unit": "dollars per egg",
        },
    ],
    "steps": [
        {"name": "sold", "expression": "laid - eaten - baked", "unit": "eggs"},
        {"name": "income", "expression": "sold * price", "unit": "dollars"},
    ],
    "question": {
        "name": "income",
        "quote": "How much in dollars does she make every day at the farmers' market?",
    },
}


def _core(draft: dict[str, Any]) -> dict[str, Any]:
    """Return the keys of *draft* that a model writes, in writing order."""
    drafted: dict[str, Any] = {
        kind: [
            {key: element[key] for key in _CORE[kind] if key in element}
            for element in draft[kind]
        ]
        for kind in ("quantities", "steps")
    }
    drafted["question"] = {key: draft["question"][key] for key in _CORE["question"]}
    return drafted


def _on_its_problem(graph: binding_graph.SemanticSymbolicBindingGraph) -> Any:
    problem = graph.provenance[0]
    steps = {equation.lhs_symbol_id for equation in graph.equations}
    return attrs.evolve(
        graph,
        provenance=(problem,),
        equations=tuple(attrs.evolve(e, source_span=problem) for e in graph.equations),
        symbols=tuple(
            attrs.evolve(s, source_span=problem) if s.symbol_id in steps else s
            for s in graph.symbols
        ),
    )


def problems(count: int = 10) -> list[tuple[str, str, dict[str, Any]]]:
    """Return the first *count* problems of the sample that import, and the eggs problem: id, text, draft."""
    found: list[tuple[str, str, dict[str, Any]]] = [
        ("eggs, with units", _EGGS, _EGGS_DRAFT)
    ]
    for number, line in enumerate(SAMPLE.read_text(encoding="utf-8").splitlines(), 1):
        if len(found) > count:
            break
        try:
            case = from_gsm8k(json.loads(line), source_id=f"gsm8k-{number}")
        except binding_graph.BindingGraphError:
            continue
        graph = _on_its_problem(case.graph)
        text = graph.provenance[0].text
        found.append((f"gsm8k-{number}", text, _core(to_draft(graph))))
    return found


def in_writing_order(node: dict[str, Any], name: str = "") -> dict[str, Any]:
    """Return the tree of a document (*name* ``""``) or of one of its objects, its keys in the ``writing`` profile's order."""
    held = {
        "symbols": "symbol",
        "facts": "fact",
        "equations": "equation",
        "unknowns": "unknown",
        "constraints": "constraint",
        "provenance": "source_span",
    }
    ordered: dict[str, Any] = {}
    for key in WRITING_ORDER[name]:
        if key not in node:
            # An unknown's optional question target is absent when unset.
            continue
        value = node[key]
        if key in held:
            value = [in_writing_order(item, held[key]) for item in value]
        elif key in {"source_span", "question_span"}:
            value = in_writing_order(value, "source_span")
        ordered[key] = value
    return ordered


def _compact(tree: object) -> str:
    return json.dumps(tree, separators=(",", ":"), ensure_ascii=False)


_ROUGH = re.compile(r"\w+|[^\w\s]")


def rough_tokens(text: str) -> Sequence[str]:
    """Return *text* cut as a rough tokenizer cuts it: runs of letters or digits, and each other character but spaces."""
    return _ROUGH.findall(text)


class Counted(NamedTuple):
    """What a model writes for one problem: the draft, the canonical document and the document in writing order, in bytes of UTF-8 and in tokens."""

    label: str
    text: str
    bytes: tuple[int, int, int]
    tokens: tuple[int, int, int]


def token_counts(
    tokenize: Callable[[str], Sequence[object]] = rough_tokens, count: int = 10
) -> list[Counted]:
    """Return what a model writes for each of :func:`problems` (*count* of the sample, and the eggs problem)."""
    counted: list[Counted] = []
    for label, text, draft in problems(count):
        graph = compile_draft(draft, text, source_id=label)
        canonical = binding_graph.canonical_bytes(graph).decode()
        written = (
            _compact(draft),
            canonical,
            _compact(in_writing_order(json.loads(canonical), "")),
        )
        counted.append(
            Counted(
                label,
                text,
                (
                    len(written[0].encode()),
                    len(written[1].encode()),
                    len(written[2].encode()),
                ),
                (
                    len(tokenize(written[0])),
                    len(tokenize(written[1])),
                    len(tokenize(written[2])),
                ),
            )
        )
    return counted


def sizes(tokenize: Callable[[str], Sequence[object]] = rough_tokens) -> str:
    """Return the markdown table of what a model writes for each problem: the draft, and the document, in bytes and tokens."""
    lines = [
        "| problem | draft | document, canonical | document, writing order | draft / document |",
        "| --- | --- | --- | --- | --- |",
    ]
    ratios: list[float] = []
    for label, _, size, tokens in token_counts(tokenize):
        ratios.append(tokens[0] / tokens[2])
        lines.append(
            f"| {label} | {size[0]} B, {tokens[0]} tokens |"
            f" {size[1]} B, {tokens[1]} tokens |"
            f" {size[2]} B, {tokens[2]} tokens |"
            f" {ratios[-1]:.2f} |"
        )
    lines.append(f"| median | | | | {statistics.median(ratios):.2f} |")
    return "\n".join(lines)


def run_drafts(calls: int) -> str:
    """Return the markdown section: compile_draft against loads of its document, on each word problem and path."""
    paths: list[tuple[str, object]] = [("pure", None)]
    fast = _paths.load()
    if fast is not None:
        paths.append(("fast", fast))
    lines = [
        (
            "Per call, on each path: the median over rounds of the ratio of"
            " `compile_draft` of a draft (as JSON text) to `loads` of the"
            " canonical document it compiles to, in the same round."
        ),
        "",
        "| problem | path | `loads` | `compile_draft` | ratio | target |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    per_round = max(1, calls // 50)
    for path, chosen in paths:
        _paths.use(chosen)  # type: ignore[arg-type]  # the fast path, or None
        ratios: list[float] = []
        for label, text, draft in problems():
            written = _compact(draft)
            document = binding_graph.canonical_bytes(
                compile_draft(written, text, source_id=label)
            )
            timed = _paired(
                {
                    "loads": lambda document=document: binding_graph.loads(document),
                    "compile": lambda written=written, text=text, label=label: (
                        compile_draft(written, text, source_id=label)
                    ),
                },
                50,
                per_round,
            )
            ratio = _ratio(timed["compile"], timed["loads"])
            ratios.append(ratio)
            lines.append(
                f"| {label} | {path} | {_time(statistics.median(timed['loads']))} |"
                f" {_time(statistics.median(timed['compile']))} | {ratio:.2f}x | |"
            )
        median = statistics.median(ratios)
        verdict = f"at most {TARGET:.1f}x: {'met' if median <= TARGET else 'missed'}"
        lines.append(f"| median | {path} | | | {median:.2f}x | {verdict} |")
        print(f"  drafts, {path}: done", file=sys.stderr, flush=True)
    _paths.reset()
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the timings, or with --sizes the sizes, as markdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--sizes", action="store_true", help="count bytes and tokens instead"
    )
    parser.add_argument(
        "--calls", type=int, default=2000, help="calls a problem and path"
    )
    args = parser.parse_args(argv)
    print(sizes() if args.sizes else run_drafts(args.calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
