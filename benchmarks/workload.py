"""The benchmark's workload: a large, valid binding graph as plain Python primitives.

Every competitor starts from the same tree of ``dict``/``list``/``str``/``int``/
``None`` (the shape of a graph document), so the benchmark measures what each
one does with it, not how its input was made.

The data look like what a parser produces over a corpus of word problems:
ASCII identifiers as :func:`binding_graph.allocate_symbols` makes them,
short names and units, about 3% of the human-readable strings non-ASCII
("Zoë", "5 €"), spans whose text is exactly ``end - start`` characters of a
problem text, a few refused equations with a reason.
Generation is seeded: the same size gives the same data in every run.

``primitive_graph(n, solvable=True)`` gives a graph of the same shape that a
solver can evaluate (:mod:`binding_graph.arithmetic`'s profile, every
equation's value computed) and whose provenance quotes the problem texts, so
that the model's span invariant compares every span of those texts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

__all__ = ["SIZES", "Shape", "phrases", "primitive_graph", "shape_for"]

SIZES: Final[dict[str, int]] = {
    "tiny": 20,
    "1k": 1_000,
    "10k": 10_000,
    "100k": 100_000,
    "1m": 1_000_000,
}
"""Named sizes: the number of symbols (and of facts and of equations)."""

_NOUNS: Final = (
    "apples", "oranges", "marbles", "pencils", "books", "coins", "cookies",
    "tickets", "stickers", "cars", "hours", "minutes", "kilometres", "litres",
    "dollars", "students", "pages", "eggs", "boxes", "trees",
)  # fmt: skip
_NON_ASCII_NOUNS: Final = ("crêpes", "pâtés", "jalapeños", "Äpfel", "café cups")
_PEOPLE: Final = ("Alice", "Bob", "Carla", "Deepak", "Emma", "Farid", "Zoë", "Łucja")
_UNITS: Final = ("apple", "dollar", "km", "h", "min", "L", "page", "€", "km/h")
_ROLES: Final = ("quantity", "rate", "duration", "count", "total", "difference")
_OPERATIONS: Final = ("add", "subtract", "multiply", "divide", "rate_times_time")
_PRODUCERS: Final = ("parser-v3", "rule:quantity", "llm:proposer-7b")


class Shape:
    """How many of each element a graph of *n* symbols holds."""

    __slots__ = (
        "constraints",
        "equations",
        "facts",
        "provenance",
        "symbols",
        "unknowns",
    )

    def __init__(self, n: int) -> None:
        self.symbols = n
        self.facts = n
        self.equations = n
        self.unknowns = max(1, n // 100)
        self.constraints = max(1, n // 10)
        self.provenance = max(1, n // 1000)

    @property
    def objects(self) -> int:
        """Return how many model objects the graph holds, spans included.

        Symbols, facts, equations, unknowns, constraints and the graph, each
        element with its span, plus the provenance spans.
        """
        elements = (
            self.symbols
            + self.facts
            + self.equations
            + self.unknowns
            + self.constraints
        )
        return 2 * elements + self.provenance + 1


def shape_for(n: int) -> Shape:
    """Return the shape of the graph of *n* symbols."""
    return Shape(n)


# What lies between two spans of a problem text: at most 40 characters of it.
_FILLER: Final = " and then, after a while, that is to say, moreover, " * 2


class _Text:
    """A growing synthetic problem text that hands out spans of itself."""

    def __init__(self, rng: random.Random, source_id: str, *, record: bool) -> None:
        self.rng = rng
        self.source_id = source_id
        self.offset = 0
        # The text itself, kept only when asked: at 1M, it would be 3M strings.
        self.record = record
        self.parts: list[str] = []

    def span(self, text: str) -> dict[str, Any]:
        gap = self.rng.randint(0, 40)
        start = self.offset + gap
        end = start + len(text)
        self.offset = end
        if self.record:
            self.parts += (_FILLER[:gap], text)
        return {"source_id": self.source_id, "start": start, "end": end, "text": text}

    def whole(self) -> dict[str, Any]:
        """Return the span of the whole text so far: every span handed out lies in it."""
        text = "".join(self.parts)
        return {"source_id": self.source_id, "start": 0, "end": len(text), "text": text}


def _noun(rng: random.Random) -> str:
    if rng.random() < 0.03:  # noqa: PLR2004 -- the share of non-ASCII text
        return rng.choice(_NON_ASCII_NOUNS)
    return rng.choice(_NOUNS)


def _person(rng: random.Random) -> str:
    return rng.choice(_PEOPLE)


def primitive_graph(
    n: int, *, seed: int = 132, solvable: bool = False
) -> dict[str, Any]:
    """Return a valid graph of *n* symbols as a tree of primitives.

    Keys are the model's field names; spans are nested dicts;
    ``dependencies`` is a list of ids sorted by code point.

    By default every symbol has a fact and is the left-hand side of an
    equation whose dependencies are drawn at random (a hard case for the
    analysis; :func:`binding_graph.arithmetic.evaluate` then reads the
    facts alone), and the provenance spans are phrases of their own.
    With *solvable* (*n* at least 5), the graph has the same shape and
    strings of the same kinds, but reads as a set of word problems: the
    first half of the symbols (rounded up) are the inputs, given by the
    facts (each input once, then again for the facts left over, with the
    same value); every other symbol is defined by one admitted equation
    ``a + b * c`` over symbols before it, ``c`` an input, so that
    ``evaluate`` computes every one; the equations left over are candidates
    for a defined symbol, pending or refused; unknowns ask for defined
    symbols; every constraint holds. Each provenance span is then the whole
    text of one source, so that every span of that source lies inside it
    and the model compares its text with the provenance's.
    """
    rng = random.Random(seed)  # noqa: S311 -- test data, not cryptography
    shape = shape_for(n)
    texts = [
        _Text(rng, f"problem-{k:05d}", record=solvable) for k in range(max(1, n // 50))
    ]

    def span(text: str) -> dict[str, Any]:
        return rng.choice(texts).span(text)

    symbols, ids = _symbols(rng, shape, span)
    if solvable:
        if n < _SOLVABLE_AT_LEAST:
            msg = f"a solvable graph needs at least {_SOLVABLE_AT_LEAST} symbols"
            raise ValueError(msg)
        facts, equations = _solvable(rng, ids, span)
        defined = ids[(n + 1) // 2 :]
    else:
        facts, equations = _arbitrary(rng, shape, ids, span)
        defined = ids
    unknowns = [
        {
            "symbol_id": rng.choice(defined),
            "question_span": span(f"How many {_noun(rng)} does {_person(rng)} have?"),
            "expected_unit": rng.choice(_UNITS) if rng.random() < 0.5 else None,  # noqa: PLR2004
        }
        for _ in range(shape.unknowns)
    ]
    constraints = []
    for _ in range(shape.constraints):
        symbol_id = rng.choice(ids)
        constraints.append(
            {
                "symbol_id": symbol_id,
                "predicate": f"{symbol_id} >= 0",
                "source_span": span(f"at least {rng.randint(0, 9)}"),
            }
        )
    if solvable:
        provenance = [text.whole() for text in texts[: shape.provenance]]
    else:
        provenance = [
            span(f"{_person(rng)} has {rng.randint(1, 9)} {_noun(rng)}.")
            for _ in range(shape.provenance)
        ]
    return {
        "symbols": symbols,
        "facts": facts,
        "equations": equations,
        "unknowns": unknowns,
        "constraints": constraints,
        "provenance": provenance,
    }


_Span = Callable[[str], dict[str, Any]]
_SOLVABLE_AT_LEAST: Final = 5  # 3 inputs: the first equation needs 3 of them


def _symbols(
    rng: random.Random, shape: Shape, span: _Span
) -> tuple[list[dict[str, Any]], list[str]]:
    symbols: list[dict[str, Any]] = []
    ids: list[str] = []
    for i in range(shape.symbols):
        noun = _noun(rng)
        slug = "".join(c if c.isascii() and c.isalnum() else "_" for c in noun).strip(
            "_"
        )
        symbol_id = f"sym_{slug.lower()}_{i:03d}"
        ids.append(symbol_id)
        person = _person(rng)
        symbols.append(
            {
                "symbol_id": symbol_id,
                "name": f"{noun} {person} has",
                "semantic_role": rng.choice(_ROLES),
                "source_span": span(f"{person} has {rng.randint(1, 99)} {noun}"),
                "introduced_by": rng.choice(_PRODUCERS),
                "entity": person if rng.random() < 0.5 else None,  # noqa: PLR2004
                "unit": rng.choice(_UNITS) if rng.random() < 0.6 else None,  # noqa: PLR2004
            }
        )
    return symbols, ids


def _value(rng: random.Random, i: int) -> str:
    return str(rng.randint(1, 500)) if i % 7 else f"{rng.randint(1, 9)}/4"


def _fact(
    rng: random.Random, symbol_id: str, value: str, span: _Span
) -> dict[str, Any]:
    return {
        "symbol_id": symbol_id,
        "value": value,
        "source_span": span(f"{value} {_noun(rng)}"),
        "unit": rng.choice(_UNITS) if rng.random() < 0.6 else None,  # noqa: PLR2004
    }


def _equation(
    rng: random.Random, lhs: str, rhs: tuple[str, str, str], status: str, span: _Span
) -> dict[str, Any]:
    a, b, c = rhs
    return {
        "lhs_symbol_id": lhs,
        "rhs_canonical": f"{a} + {b} * {c}",
        "dependencies": sorted({a, b, c}),
        "operation_kind": rng.choice(_OPERATIONS),
        "unit_proof": "apple + apple/box * box = apple",
        "admissibility_status": status,
        "source_span": span(f"{_person(rng)} gives her {rng.randint(2, 9)} more"),
        "refusal_reason": "units do not agree" if status == "refused" else None,
    }


def _arbitrary(
    rng: random.Random, shape: Shape, ids: list[str], span: _Span
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Facts on every symbol; equations on every symbol, over any three."""
    n = len(ids)
    facts = [_fact(rng, ids[i % n], _value(rng, i), span) for i in range(shape.facts)]
    equations = []
    for i in range(shape.equations):
        a, b, c = rng.sample(ids, 3)
        status = rng.choices(("admitted", "pending", "refused"), (80, 15, 5))[0]
        equations.append(_equation(rng, ids[i % n], (a, b, c), status, span))
    return facts, equations


def _solvable(
    rng: random.Random, ids: list[str], span: _Span
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Facts on the inputs; one admitted equation per other symbol, then candidates."""
    n = len(ids)
    inputs = (n + 1) // 2
    defined = n - inputs
    values = [_value(rng, i) for i in range(inputs)]
    facts = [_fact(rng, ids[i % inputs], values[i % inputs], span) for i in range(n)]

    def rhs(lhs: int) -> tuple[str, str, str]:
        # a and b: any symbols before lhs (each has a value by then); c: an input.
        c = rng.randrange(inputs)
        a, b = rng.sample(range(lhs), 2)
        while c in (a, b):
            a, b = rng.sample(range(lhs), 2)
        return ids[a], ids[b], ids[c]

    equations = []
    for i in range(n):
        lhs = inputs + i % defined
        status = (
            "admitted"
            if i < defined
            else rng.choices(("pending", "refused"), (75, 25))[0]
        )
        equations.append(_equation(rng, ids[lhs], rhs(lhs), status, span))
    return facts, equations


def phrases(n: int, *, seed: int = 5) -> list[str]:
    """Return *n* noun phrases, as a parser hands them to ``allocate_symbols``."""
    rng = random.Random(seed)  # noqa: S311 -- test data, not cryptography
    return [f"{_noun(rng)} {_person(rng)} has" for _ in range(n)]
