"""Write examples/drafts.jsonl and examples/gsm8k_drafts.jsonl: drafts as a model would write them, a few of them wrong.

Run it with ``python examples/make_drafts.py`` once the package is installed;
it rewrites ``examples/drafts.jsonl`` next to it, byte for byte the same each
time, from ``examples/corpus.jsonl``, and ``examples/gsm8k_drafts.jsonl``
from the GSM8K sample of the tests, ``tests/data/gsm8k/train-200.jsonl``.
Each line is a record of ``binding-graph bind``: a problem's id, its text
and a draft of it, ``{"source_id": ..., "text": ..., "draft": ...}``.
The draft of each graph of the corpus that has one is written with the keys
a model writes (names, quotes, values, units, expressions, the question),
and an ``occurrence`` where a quote is written twice in its text.
The last three records are wrong the ways a small model gets drafts wrong:
a value its quote does not state; a quote the text does not hold, units
that do not agree and a name nobody defines; and a reply cut off.

``examples/gsm8k_drafts.jsonl`` holds drafts of the sample's first three
problems, written as ``docs/drafts.md`` teaches (quotes such as
``"$12 an hour"``, names of their own), each record named as ``binding-graph
import gsm8k`` names its case, so that what ``bind`` writes of them pairs
with the gold: the first right; the second right by another set-up than the
gold's, the minutes made hours where the gold takes the pay per minute; the
third refused, a value worked out where its quote states another.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from binding_graph import BindingGraphError, loads, refusals
from binding_graph.drafts import to_draft

GSM8K = "tests/data/gsm8k/train-200.jsonl"

_CORE = {
    "quantities": ("name", "quote", "value", "unit", "occurrence"),
    "steps": ("name", "expression", "unit"),
    "question": ("name", "quote"),
}


def _core(draft: dict[str, Any]) -> dict[str, Any]:
    """Return the keys of *draft* that a model writes."""
    return {
        "quantities": [
            {key: element[key] for key in _CORE["quantities"] if key in element}
            for element in draft["quantities"]
        ],
        "steps": [
            {key: element[key] for key in _CORE["steps"]} for element in draft["steps"]
        ],
        "question": {key: draft["question"][key] for key in _CORE["question"]},
    }


def _line(source_id: str, text: str, draft: object) -> bytes:
    record = {"source_id": source_id, "text": text, "draft": draft}
    return json.dumps(record, ensure_ascii=False).encode()


def _wrong() -> list[bytes]:
    """Return three drafts wrong the ways a small model gets them wrong."""
    eggs = (
        "Janet's ducks lay 16 eggs per day. She eats three for breakfast every"
        " morning and bakes muffins for her friends every day with four. She sells"
        " the remainder at the farmers' market daily for $2 per fresh duck egg. How"
        " much in dollars does she make every day at the farmers' market?"
    )
    misread = {
        "quantities": [
            {"name": "laid", "quote": "16 eggs", "value": 61, "unit": "eggs"},
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
    robe = "A robe takes 2 bolts of blue fiber and half that much white fiber. How many bolts in total does it take?"
    wrong_three_ways = {
        "quantities": [
            {"name": "blue", "quote": "2 bolts of blue", "value": 2, "unit": "bolts"},
            {
                "name": "white",
                "quote": "half as much white",
                "value": "1/2",
                "unit": None,
            },
        ],
        "steps": [
            {"name": "white_bolts", "expression": "blue * white", "unit": "fiber"},
            {"name": "total", "expression": "blue + white_bolt", "unit": "bolts"},
        ],
        "question": {"name": "total", "quote": "How many bolts in total does it take?"},
    }
    cut = json.dumps(misread)[:150]
    return [
        _line("gsm8k-test-1", eggs, misread),
        _line("gsm8k-test-2", robe, json.dumps(wrong_three_ways)),
        _line("gsm8k-test-1-cut", eggs, cut),
    ]


def drafts(corpus: bytes) -> bytes:
    """Return the records of *corpus*'s drafts, then the wrong ones, a line each."""
    lines: list[bytes] = []
    for line in corpus.splitlines():
        if refusals(line):
            continue
        graph = loads(line)
        whole = graph.provenance[0]
        try:
            draft = to_draft(graph, introduced_by="corpus-parser-v2")
        except BindingGraphError:
            continue  # no draft: a fact its words do not state, a step not admitted
        lines.append(_line(whole.source_id, whole.text, _core(draft)))
    return b"".join(line + b"\n" for line in [*lines, *_wrong()])


def _quantity(name: str, quote: str, value: int, unit: str) -> dict[str, Any]:
    """Return a quantity of a draft, its core keys only."""
    return {"name": name, "quote": quote, "value": value, "unit": unit}


def _step(name: str, expression: str, unit: str) -> dict[str, Any]:
    """Return a step of a draft, its core keys only."""
    return {"name": name, "expression": expression, "unit": unit}


# The drafts of the sample's first problems, in its order.
GSM8K_DRAFTS: tuple[dict[str, Any], ...] = (
    {
        "quantities": [_quantity("april", "48 of her friends", 48, "clips")],
        "steps": [
            _step("may", "april / 2", "clips"),
            _step("sold", "april + may", "clips"),
        ],
        "question": {
            "name": "sold",
            "quote": "How many clips did Natalia sell altogether in April and May?",
        },
    },
    {
        "quantities": [
            _quantity("hourly", "$12 an hour", 12, "dollars per hour"),
            _quantity("worked", "50 minutes", 50, "minutes"),
        ],
        "steps": [
            _step("hours", "worked / 60", "hours"),
            _step("earned", "hourly * hours", "dollars"),
        ],
        "question": {"name": "earned", "quote": "How much did she earn?"},
    },
    {
        "quantities": [
            _quantity("wallet", "costs $100", 100, "dollars"),
            _quantity("parents", "give her $15", 15, "dollars"),
            # The grandparents' $30, worked out, where the quote states 2.
            _quantity("grandparents", "twice as much as her parents", 30, "dollars"),
        ],
        "steps": [
            _step("saved", "wallet / 2", "dollars"),
            _step("needed", "wallet - saved - parents - grandparents", "dollars"),
        ],
        "question": {
            "name": "needed",
            "quote": "How much more money does Betty need to buy the wallet?",
        },
    },
)


def gsm8k_drafts(sample: bytes) -> bytes:
    """Return the records of :data:`GSM8K_DRAFTS`, each with its problem of the GSM8K *sample*, a line each."""
    questions = [json.loads(line)["question"] for line in sample.splitlines()]
    return b"".join(
        _line(f"gsm8k-{number}", questions[number - 1], draft) + b"\n"
        for number, draft in enumerate(GSM8K_DRAFTS, 1)
    )


def main() -> int:
    """Write examples/drafts.jsonl and examples/gsm8k_drafts.jsonl next to this script."""
    here = Path(__file__).resolve().parent
    made = {
        here / "drafts.jsonl": drafts((here / "corpus.jsonl").read_bytes()),
        here / "gsm8k_drafts.jsonl": gsm8k_drafts((here.parent / GSM8K).read_bytes()),
    }
    for target, data in made.items():
        target.write_bytes(data)
        print(f"wrote {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
