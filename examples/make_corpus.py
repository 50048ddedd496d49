"""Write examples/corpus.jsonl: word problems and their graphs, a few of them broken.

Run it with ``python examples/make_corpus.py`` once the package is installed;
it rewrites ``examples/corpus.jsonl`` next to it, byte for byte the same each
time. ``--check`` changes nothing, and says whether the file is up to date.
Each line is one problem's graph, as a parser would propose it: a symbol per
quantity, a fact per number in the text, an equation per step, the question
as an unknown, every element pointing at the words it comes from.
Every graph is written in the arithmetic profile (docs/arithmetic.md): fact
values as ``parse_number`` reads them, right-hand sides and predicates spelt
canonically, each equation's dependencies exactly the symbols it mentions,
each predicate over its own symbol only, and the problem's text as
provenance, so that ``binding_graph.arithmetic.answers`` gives each problem's
answer (two leave theirs open on purpose: a step refused, a step pending).
A few lines are broken the way producers break them, so that
``binding-graph validate examples/corpus.jsonl`` has something to refuse.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import attrs

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticRole,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    allocate_symbols,
    canonical_bytes,
    to_data,
)

PARSER = "corpus-parser-v2"


@dataclass(frozen=True)
class Given:
    """A quantity the text states: its symbol's phrase, the value and where it is said."""

    phrase: str
    value: str
    said: str  # the words that state it, verbatim
    unit: str | None = None
    role: SemanticRole = "quantity"
    entity: str | None = None


@dataclass(frozen=True)
class Step:
    """A quantity the problem derives: ``rhs`` names earlier symbols as {0}, {1}, ..."""

    phrase: str
    rhs: str
    reads: tuple[int, ...]  # indices of the symbols it reads, givens first
    operation: str
    unit_proof: str
    said: str
    unit: str | None = None
    role: SemanticRole = "total"
    status: str = "admitted"
    refusal_reason: str | None = None


@dataclass(frozen=True)
class Problem:
    """A word problem, what it gives, how it is solved and what it asks."""

    source_id: str
    text: str
    givens: tuple[Given, ...]
    steps: tuple[Step, ...]
    question: str
    asks: int = -1  # the symbol asked for: the last one by default
    constraints: tuple[tuple[int, str, str], ...] = field(default=())


def build(problem: Problem) -> SemanticSymbolicBindingGraph:
    """Return the graph a parser proposes for *problem*."""
    whole = SourceSpanLink(problem.source_id, 0, len(problem.text), problem.text)
    quantities: list[Given | Step] = [*problem.givens, *problem.steps]
    allocated = allocate_symbols(
        [q.phrase for q in quantities],
        source_span=whole,
        introduced_by=PARSER,
        semantic_role=[q.role for q in quantities],
        unit=[q.unit for q in quantities],
    )
    # The allocator names what a phrase is; who it belongs to is the parser's.
    symbols = tuple(
        attrs.evolve(symbol, entity=getattr(q, "entity", None))
        for symbol, q in zip(allocated, quantities, strict=True)
    )
    ids = [s.symbol_id for s in symbols]
    facts = tuple(
        BoundFact(
            symbol_id=ids[i],
            value=given.value,
            unit=given.unit,
            source_span=whole.find(given.said),
        )
        for i, given in enumerate(problem.givens)
    )
    equations = tuple(
        BoundEquation(
            lhs_symbol_id=ids[len(problem.givens) + i],
            rhs_canonical=step.rhs.format(*ids),
            dependencies=frozenset(ids[j] for j in step.reads),
            operation_kind=step.operation,
            unit_proof=step.unit_proof,
            admissibility_status=step.status,  # type: ignore[arg-type]
            source_span=whole.find(step.said),
            refusal_reason=step.refusal_reason,
        )
        for i, step in enumerate(problem.steps)
    )
    asked = symbols[problem.asks]
    unknowns = (
        BoundUnknown(
            symbol_id=asked.symbol_id,
            question_span=whole.find(problem.question),
            expected_unit=asked.unit,
        ),
    )
    constraints = tuple(
        BoundConstraint(
            symbol_id=ids[i],
            predicate=predicate.format(ids[i]),
            source_span=whole.find(words),
        )
        for i, predicate, words in problem.constraints
    )
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=facts,
        equations=equations,
        unknowns=unknowns,
        constraints=constraints,
        provenance=(whole,),
    )


# One problem a block, its quantities one a line: a table, not code to wrap.
# fmt: off
PROBLEMS: tuple[Problem, ...] = (
    Problem(
        "gsm-0001",
        "Alice has 3 apples. Bob gives her 5 more apples. How many apples does Alice have now?",
        (
            Given("apples Alice has", "3", "3 apples", "apple", entity="Alice"),
            Given("apples Bob gives", "5", "5 more apples", "apple", entity="Bob"),
        ),
        (
            Step("apples Alice has now", "{0} + {1}", (0, 1), "add",
                 "apple + apple = apple", "Bob gives her 5 more apples", "apple"),
        ),
        "How many apples does Alice have now?",
    ),
    Problem(
        "gsm-0002",
        "A train travels at 80 km/h for 3 hours. How far does it travel?",
        (
            Given("speed of the train", "80", "80 km/h", "km/h", "rate"),
            Given("travel time", "3", "3 hours", "h", "duration"),
        ),
        (
            Step("distance travelled", "{0} * {1}", (0, 1), "rate_times_time",
                 "km/h * h = km", "travels at 80 km/h for 3 hours", "km"),
        ),
        "How far does it travel?",
        constraints=((1, "{} > 0", "for 3 hours"),),
    ),
    Problem(
        "gsm-0003",
        "Zoë buys 4 crêpes at 2.50 € each and pays with a 20 € note. How much change does she get?",
        (
            Given("crêpes Zoë buys", "4", "4 crêpes", "crêpe", "count", "Zoë"),
            Given("price of a crêpe", "5/2", "2.50 € each", "€/crêpe", "rate"),
            Given("note Zoë pays with", "20", "a 20 € note", "€", entity="Zoë"),
        ),
        (
            Step("cost of the crêpes", "{0} * {1}", (0, 1), "multiply",
                 "crêpe * €/crêpe = €", "4 crêpes at 2.50 € each", "€"),
            Step("change Zoë gets", "{2} - {3}", (2, 3), "subtract",
                 "€ - € = €", "pays with a 20 € note", "€", "difference"),
        ),
        "How much change does she get?",
        constraints=((4, "{} >= 0", "How much change"),),
    ),
    Problem(
        "gsm-0004",
        "A class has 12 boys and 15 girls. How many students are in the class?",
        (
            Given("boys in the class", "12", "12 boys", "student", "count"),
            Given("girls in the class", "15", "15 girls", "student", "count"),
        ),
        (
            Step("students in the class", "{0} + {1}", (0, 1), "add",
                 "student + student = student", "12 boys and 15 girls", "student"),
        ),
        "How many students are in the class?",
        constraints=((2, "{} >= 0", "How many students"),),
    ),
    Problem(
        "gsm-0005",
        "Deepak reads 24 pages a day. How many days does he need for a 360-page book?",
        (
            Given("pages Deepak reads a day", "24", "24 pages a day", "page/day", "rate", "Deepak"),
            Given("pages in the book", "360", "360-page book", "page"),
        ),
        (
            Step("days Deepak needs", "{1} / {0}", (0, 1), "divide",
                 "page / (page/day) = day", "How many days does he need", "day", "duration"),
        ),
        "How many days does he need for a 360-page book?",
    ),
    Problem(
        "gsm-0006",
        "A tank holds 500 litres. It is 40% full. How many litres are in the tank?",
        (
            Given("capacity of the tank", "500", "500 litres", "L"),
            Given("share of the tank that is full", "2/5", "40% full", None, "ratio"),
        ),
        (
            Step("litres in the tank", "{0} * {1}", (0, 1), "multiply",
                 "L * 1 = L", "It is 40% full", "L"),
        ),
        "How many litres are in the tank?",
        constraints=((1, "{} >= 0", "40% full"), (1, "{} <= 1", "40% full")),
    ),
    Problem(
        "gsm-0007",
        "Emma is 4 years older than her brother, who is 9. How old is Emma?",
        (
            Given("age of Emma's brother", "9", "who is 9", "year", entity="Emma's brother"),
            Given("years Emma is older", "4", "4 years older", "year", "difference"),
        ),
        (
            Step("age of Emma", "{0} + {1}", (0, 1), "add",
                 "year + year = year", "Emma is 4 years older than her brother", "year"),
        ),
        "How old is Emma?",
    ),
    Problem(
        "gsm-0008",
        "A rectangle is 7 cm wide and 12 cm long. What is its area?",
        (
            Given("width of the rectangle", "7", "7 cm wide", "cm"),
            Given("length of the rectangle", "12", "12 cm long", "cm"),
        ),
        (
            Step("area of the rectangle", "{0} * {1}", (0, 1), "multiply",
                 "cm * cm = cm^2", "7 cm wide and 12 cm long", "cm^2"),
        ),
        "What is its area?",
    ),
    Problem(
        "gsm-0009",
        "Farid scored 78, 85 and 92 on three tests. What is his average score?",
        (
            Given("score on the first test", "78", "78", "point"),
            Given("score on the second test", "85", "85", "point"),
            Given("score on the third test", "92", "92", "point"),
            Given("number of tests", "3", "three tests", None, "count"),
        ),
        (
            Step("total score", "{0} + {1} + {2}", (0, 1, 2), "add",
                 "point + point + point = point", "78, 85 and 92", "point"),
            Step("average score", "{4} / {3}", (3, 4), "divide",
                 "point / 1 = point", "What is his average score?", "point"),
        ),
        "What is his average score?",
    ),
    Problem(
        "gsm-0010",
        "Two pipes fill a pool: one at 30 litres a minute, the other at 45. How long do they take to fill 1800 litres?",
        (
            Given("rate of the first pipe", "30", "30 litres a minute", "L/min", "rate"),
            Given("rate of the second pipe", "45", "the other at 45", "L/min", "rate"),
            Given("volume to fill", "1800", "1800 litres", "L"),
        ),
        (
            Step("combined rate", "{0} + {1}", (0, 1), "add",
                 "L/min + L/min = L/min", "Two pipes fill a pool", "L/min", "rate"),
            Step("time to fill", "{2} / {3}", (2, 3), "divide",
                 "L / (L/min) = min", "How long do they take", "min", "duration"),
        ),
        "How long do they take to fill 1800 litres?",
    ),
    Problem(
        "gsm-0011",
        "Carla had 50 stickers and gave 18 to her friends. How many stickers does she have left?",
        (
            Given("stickers Carla had", "50", "50 stickers", "sticker", entity="Carla"),
            Given("stickers Carla gave away", "18", "gave 18", "sticker", entity="Carla"),
        ),
        (
            Step("stickers Carla has left", "{0} - {1}", (0, 1), "subtract",
                 "sticker - sticker = sticker", "gave 18 to her friends", "sticker",
                 "difference"),
        ),
        "How many stickers does she have left?",
        constraints=((2, "{} >= 0", "have left"),),
    ),
    Problem(
        "gsm-0012",
        "A recipe needs 3 eggs for 12 cookies. How many eggs are needed for 60 cookies?",
        (
            Given("eggs in the recipe", "3", "3 eggs", "egg"),
            Given("cookies the recipe makes", "12", "12 cookies", "cookie"),
            Given("cookies wanted", "60", "60 cookies", "cookie"),
        ),
        (
            Step("eggs per cookie", "{0} / {1}", (0, 1), "divide",
                 "egg / cookie = egg/cookie", "3 eggs for 12 cookies", "egg/cookie", "ratio"),
            Step("eggs needed", "{3} * {2}", (2, 3), "multiply",
                 "egg/cookie * cookie = egg", "How many eggs are needed", "egg"),
        ),
        "How many eggs are needed for 60 cookies?",
    ),
    Problem(
        "gsm-0013",
        "A café sells 120 cups of coffee a day at 3 € a cup. How much does it take in a week?",
        (
            Given("cups sold a day", "120", "120 cups of coffee a day", "cup/day", "rate"),
            Given("price of a cup", "3", "3 € a cup", "€/cup", "rate"),
            Given("days in a week", "7", "a week", "day", "duration"),
        ),
        (
            Step("takings a day", "{0} * {1}", (0, 1), "multiply",
                 "cup/day * €/cup = €/day", "at 3 € a cup", "€/day", "rate"),
            Step("takings a week", "{3} * {2}", (2, 3), "multiply",
                 "€/day * day = €", "How much does it take in a week?", "€"),
        ),
        "How much does it take in a week?",
    ),
    Problem(
        "gsm-0014",
        "Łucja cycles 18 km in 45 minutes. What is her speed in km/h?",
        (
            Given("distance Łucja cycles", "18", "18 km", "km", entity="Łucja"),
            Given("time Łucja cycles", "3/4", "45 minutes", "h", "duration", "Łucja"),
        ),
        (
            Step("speed of Łucja", "{0} / {1}", (0, 1), "divide",
                 "km / h = km/h", "cycles 18 km in 45 minutes", "km/h", "rate"),
        ),
        "What is her speed in km/h?",
    ),
    Problem(
        "gsm-0015",
        "A shirt costs 40 dollars and is on sale for 25% off. What is the sale price?",
        (
            Given("price of the shirt", "40", "40 dollars", "dollar"),
            Given("discount rate", "1/4", "25% off", None, "ratio"),
        ),
        (
            Step("discount", "{0} * {1}", (0, 1), "multiply",
                 "dollar * 1 = dollar", "on sale for 25% off", "dollar", "difference"),
            Step("sale price", "{0} - {2}", (0, 2), "subtract",
                 "dollar - dollar = dollar", "What is the sale price?", "dollar"),
        ),
        "What is the sale price?",
    ),
    Problem(
        "gsm-0016",
        "There are 6 boxes with 24 pencils in each. How many pencils are there?",
        (
            Given("boxes", "6", "6 boxes", "box", "count"),
            Given("pencils in a box", "24", "24 pencils in each", "pencil/box", "rate"),
        ),
        (
            Step("pencils in all", "{0} * {1}", (0, 1), "multiply",
                 "box * pencil/box = pencil", "6 boxes with 24 pencils in each", "pencil"),
        ),
        "How many pencils are there?",
    ),
    Problem(
        "gsm-0017",
        "A bus leaves at 9:40 and arrives 2 hours 35 minutes later. How long is the trip in minutes?",
        (
            Given("hours of the trip", "2", "2 hours", "h", "duration"),
            Given("minutes of the trip", "35", "35 minutes", "min", "duration"),
        ),
        (
            # Minutes and hours are one dimension but not one scale: the
            # hours become minutes in a step of their own, so that the sum
            # adds minutes to minutes.
            Step("minutes in the hours", "60 * {0}", (0,), "multiply",
                 "1 * hour = hour = 60*minute", "2 hours", "min", "duration"),
            Step("length of the trip", "{2} + {1}", (1, 2), "add",
                 "minute + minute = minute", "2 hours 35 minutes later", "min",
                 "duration"),
        ),
        "How long is the trip in minutes?",
    ),
    Problem(
        "gsm-0018",
        "Bob has twice as many marbles as Alice, who has 14. How many marbles do they have together?",
        (
            Given("marbles Alice has", "14", "who has 14", "marble", entity="Alice"),
        ),
        (
            Step("marbles Bob has", "2 * {0}", (0,), "multiply",
                 "1 * marble = marble", "twice as many marbles as Alice", "marble",
                 "quantity"),
            Step("marbles together", "{0} + {1}", (0, 1), "add",
                 "marble + marble = marble", "How many marbles do they have together?",
                 "marble"),
        ),
        "How many marbles do they have together?",
    ),
    Problem(
        "gsm-0019",
        "A field is 200 m long. How many kilometres do 15 laps of it make?",
        (
            Given("length of the field", "200", "200 m", "m"),
            # A number of times is a pure number: metres times laps would
            # not be metres.
            Given("laps", "15", "15 laps", None, "count"),
        ),
        (
            Step("distance of the laps", "{0} * {1} / 1000", (0, 1), "divide",
                 "meter * 1 / 1 = meter = 1/1000*kilometer", "15 laps of it", "km"),
        ),
        "How many kilometres do 15 laps of it make?",
        constraints=((1, "{} >= 1", "15 laps"),),
    ),
    Problem(
        # A parser that cannot prove the units agrees to refuse its own step.
        "gsm-0020",
        "A car uses 6 litres per 100 km. How far can it go on 45 dollars of fuel?",
        (
            Given("fuel use", "6/100", "6 litres per 100 km", "L/km", "rate"),
            Given("money for fuel", "45", "45 dollars of fuel", "dollar"),
        ),
        (
            Step("distance on the fuel", "{1} / {0}", (0, 1), "divide",
                 "dollar / (L/km) = dollar*km/L", "How far can it go", "km",
                 status="refused",
                 refusal_reason="no price per litre is given: dollars cannot become litres"),
        ),
        "How far can it go on 45 dollars of fuel?",
    ),
    Problem(
        # A step a later stage must confirm: the parser marks it pending.
        "gsm-0021",
        "Jalapeños cost 4 € per kilogram. Ana buys 750 g. How much does she pay?",
        (
            Given("price of jalapeños", "4", "4 € per kilogram", "€/kg", "rate"),
            Given("jalapeños Ana buys", "750", "750 g", "g", entity="Ana"),
        ),
        (
            Step("price Ana pays", "{0} * {1} / 1000", (0, 1), "divide",
                 "€/kg * g / 1000 = €", "How much does she pay?", "€", status="pending"),
        ),
        "How much does she pay?",
    ),
    Problem(
        "gsm-0022",
        "A school orders 5 boxes of 48 pens and hands out 190. How many pens are left over?",
        (
            Given("boxes ordered", "5", "5 boxes", "box", "count"),
            Given("pens in a box", "48", "48 pens", "pen/box", "rate"),
            Given("pens handed out", "190", "hands out 190", "pen"),
        ),
        (
            Step("pens ordered", "{0} * {1}", (0, 1), "multiply",
                 "box * pen/box = pen", "5 boxes of 48 pens", "pen"),
            Step("pens left over", "{3} - {2}", (2, 3), "subtract",
                 "pen - pen = pen", "How many pens are left over?", "pen", "difference"),
        ),
        "How many pens are left over?",
        constraints=((4, "{} >= 0", "left over"),),
    ),
)
# fmt: on


def _json(document: dict[str, Any]) -> bytes:
    # Broken lines are written as producers write JSON, not canonically.
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _broken(graphs: list[SemanticSymbolicBindingGraph]) -> dict[int, bytes]:
    """Return lines that break a rule, by the line number they go to."""
    # A fact about a symbol the parser never bound (unknown_symbol).
    typo = to_data(graphs[0])
    typo["facts"][1]["symbol_id"] = "sym_apples_bob_give_001"
    # An output cut off mid-way, as a producer that hit its token limit
    # leaves it (malformed_document).
    cut = canonical_bytes(graphs[3])[:400]
    # A span whose text does not fit its offsets (invalid_span).
    shifted = to_data(graphs[7])
    shifted["facts"][0]["source_span"]["end"] += 2
    # A role outside the vocabulary (not_in_vocabulary).
    speed = to_data(graphs[1])
    speed["symbols"][0]["semantic_role"] = "speed"
    # A number the text does not say, quoted as if it did, the way a parser
    # that hallucinates writes it: the problem has 6 boxes, not 8
    # (span_text_mismatch).
    boxes = to_data(graphs[15])
    boxes["facts"][0]["value"] = "8"
    boxes["facts"][0]["source_span"]["text"] = "8 boxes"
    return {
        5: _json(typo),
        11: cut,
        17: _json(shifted),
        24: _json(speed),
        27: _json(boxes),
    }


def corpus() -> bytes:
    """Return the corpus: each problem's canonical graph a line, with the broken lines."""
    graphs = [build(problem) for problem in PROBLEMS]
    lines = [canonical_bytes(graph) for graph in graphs]
    for number, line in sorted(_broken(graphs).items()):
        lines.insert(number - 1, line)
    return b"".join(line + b"\n" for line in lines)


def main(argv: list[str] | None = None) -> int:
    """Write examples/corpus.jsonl next to this script, or with ``--check`` say whether it is up to date."""
    parser = argparse.ArgumentParser(
        description=(
            "Write examples/corpus.jsonl again, next to this script: the bundled"
            " word problems with their graphs, and a few lines broken as producers"
            " break them; byte for byte the same each time."
        )
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing: say whether the file is up to date, and exit 1 if not",
    )
    args = parser.parse_args(argv)
    target = Path(__file__).resolve().parent / "corpus.jsonl"
    data = corpus()
    if args.check:
        current = target.read_bytes() if target.is_file() else None
        if current == data:
            print(f"{target} is up to date")
            return 0
        print(f"would rewrite {target}")
        return 1
    target.write_bytes(data)
    print(f"wrote {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
