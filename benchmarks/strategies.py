"""Time the strategies of ``binding_graph.strategies`` per example, at their default sizes, and how far they shrink.

Each timed call runs a property test that does nothing, as Hypothesis runs
one: N examples, derandomized (the same N on every call), generated and never
shrunk, with no database. A strategy's figure is the time of a call over its
examples, less the same for ``st.integers()``, one draw an example (what
Hypothesis itself costs an example), timed in the same round; the median over
interleaved rounds. With ``--before``, the package at that revision runs in
the same rounds, and a ratio is the median over the rounds of the two
figures' ratio within a round.

Shrinking is measured on ``graph_documents()``: for each of a few properties,
a test that fails when a document has it is run with several seeds, and the
smallest document Hypothesis shrinks to is measured (its JSON, in
characters); the median over the seeds, with the smallest and the largest,
and the median time of a run.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any

from binding_graph._quotes import SPAN_FIELDS

if TYPE_CHECKING:
    from collections.abc import Callable

STRATEGIES: dict[str, str] = {
    "graph_documents": "`graph_documents()`",
    "graphs": "`graphs()`",
    "arithmetic_graphs": "`arithmetic_graphs()`",
    "invalid_graph_documents": "`invalid_graph_documents()`",
    "broken_graph_documents": "`broken_graph_documents()`",
}
_TARGET = 10e-3  # seconds an example of graph_documents()
_LAST_IN_THE_BMP = 0xFFFF
# The reference: one draw an example. A strategy with a single value, such as
# st.none(), would stop after one example, its whole run's cost on it.
_REFERENCE = "`st.integers()`, one draw: what Hypothesis itself costs an example"


def _spans(document: dict[str, Any], key: str) -> list[Any]:
    """Return *key* (``text``, ``start``) of every span of *document*, provenance last."""
    found = [
        element[attribute][key]
        for field, attribute in SPAN_FIELDS
        for element in document[field]
    ]
    return found + [span[key] for span in document["provenance"]]


def _texts(document: dict[str, Any]) -> list[str]:
    """Return the texts of every span of *document*, provenance last."""
    return _spans(document, "text")


def _starts(document: dict[str, Any]) -> list[int]:
    """Return the starts of every span of *document*."""
    return _spans(document, "start")


PROPERTIES: dict[str, Callable[[dict[str, Any]], bool]] = {
    'a span quotes `"`': lambda d: any('"' in text for text in _texts(d)),
    "a span quotes a character outside the BMP": lambda d: any(
        max(map(ord, text)) > _LAST_IN_THE_BMP for text in _texts(d)
    ),
    "a span is at least 20 characters wide": lambda d: any(
        len(text) >= 20  # noqa: PLR2004 -- the property
        for text in _texts(d)
    ),
    "a span starts past 2**32": lambda d: any(s > 2**32 for s in _starts(d)),
    "a span quotes white space alone": lambda d: any(
        text.isspace() for text in _texts(d)
    ),
    "two equations": lambda d: len(d["equations"]) >= 2,  # noqa: PLR2004 -- the property
}


def _examples_of(strategy: Any, examples: int) -> Callable[[], int]:
    """Return a call that draws *examples* examples of *strategy* as a property test does, and returns how many it drew."""
    from hypothesis import HealthCheck, Phase, given, settings  # noqa: PLC0415

    drawn = [0]

    @settings(
        max_examples=examples,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def test(value: object) -> None:  # noqa: ARG001 -- the test does nothing
        drawn[0] += 1

    def call() -> int:
        drawn[0] = 0
        test()
        return drawn[0]

    return call


def _strategies(package: str) -> dict[str, Any]:
    """Return the strategies of *package* at their default sizes, by name (those it has)."""
    module = importlib.import_module(f"{package}.strategies")
    return {
        name: getattr(module, name)() for name in STRATEGIES if hasattr(module, name)
    }


def _per_example(
    calls: dict[str, Callable[[], int]], rounds: int
) -> dict[str, list[float]]:
    """Time each of *calls* once a round, interleaved, after an untimed warm-up; the time of an example in each round."""
    names = list(calls)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for r in range(-1, rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            gc.collect()
            start = time.perf_counter()
            drawn = calls[name]()
            elapsed = time.perf_counter() - start
            if r >= 0:
                seconds[name].append(elapsed / max(drawn, 1))
    return seconds


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def _shrunk(
    strategy: Any, wanted: Callable[[dict[str, Any]], bool], seed: int
) -> tuple[int | None, float]:
    """Return the size of the document a failing test of *wanted* shrinks to (None if none is found), and the time it took."""
    from hypothesis import HealthCheck, Phase, given, settings  # noqa: PLC0415
    from hypothesis import seed as seeded  # noqa: PLC0415

    found: list[dict[str, Any]] = []

    class _FoundError(Exception):
        """The document has the property: the test fails."""

    @seeded(seed)
    @settings(
        max_examples=1000,
        database=None,
        phases=[Phase.generate, Phase.shrink],
        deadline=None,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(strategy)
    def test(document: dict[str, Any]) -> None:
        if wanted(document):
            found.append(document)
            raise _FoundError

    start = time.perf_counter()
    with contextlib.suppress(_FoundError):
        test()
    elapsed = time.perf_counter() - start
    if not found:
        return None, elapsed
    # The last failing example is the one Hypothesis shrank to and ran again.
    return len(json.dumps(found[-1], ensure_ascii=False)), elapsed


def _shrinking(packages: dict[str, str], seeds: int, properties: int) -> list[str]:
    """Return the lines of the shrinking table, one row a property, a column a package."""
    columns = {
        label: importlib.import_module(f"{package}.strategies").graph_documents()
        for label, package in packages.items()
    }
    lines = [
        "| property | " + " | ".join(columns) + " |",
        "|" + " --- |" * (len(columns) + 1),
    ]
    for name, wanted in list(PROPERTIES.items())[:properties]:
        cells = []
        for label, strategy in columns.items():
            runs = [_shrunk(strategy, wanted, seed) for seed in range(seeds)]
            sizes = [size for size, _ in runs if size is not None]
            size = (
                f"{statistics.median(sizes):.0f} ({min(sizes)} to {max(sizes)})"
                if sizes
                else "not found"
            )
            missed = f", {seeds - len(sizes)} not found" if len(sizes) < seeds else ""
            took = statistics.median(elapsed for _, elapsed in runs)
            cells.append(f"{size} characters in {took:.1f} s{missed}")
            print(
                f"  strategies, shrinking {name[:30]}, {label}: done",
                file=sys.stderr,
                flush=True,
            )
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def run_strategies(
    before: str | None, examples: int, rounds: int, seeds: int, *, properties: int
) -> str:
    """Return the markdown section: each strategy's time an example, against *before* (a package's name) if given, and how far graph_documents() shrinks."""
    try:
        from hypothesis import strategies as st  # noqa: PLC0415
    except ImportError:
        return "Not run: Hypothesis is not installed (`pip install -e .[hypothesis]`)."
    packages = {"now": "binding_graph"}
    if before is not None:
        packages["at `--before`"] = before
    calls: dict[str, Callable[[], int]] = {
        "reference": _examples_of(st.integers(), examples)
    }
    for label, package in packages.items():
        for name, strategy in _strategies(package).items():
            calls[f"{name} {label}"] = _examples_of(strategy, examples)
    seconds = _per_example(calls, rounds)
    print("  strategies, time an example: done", file=sys.stderr, flush=True)
    reference = seconds["reference"]
    net = {
        key: [t - e for t, e in zip(times, reference, strict=True)]
        for key, times in seconds.items()
    }
    labels = list(packages)
    lines = [
        (
            f"Per example, at the default sizes: the median over {rounds}"
            f" interleaved rounds of the time of {examples} derandomized examples"
            " (generated, not shrunk, no database), less that of"
            " `st.integers()` in the same round."
            + (
                " In brackets, the median over the rounds of the ratio to the"
                " same strategy at `--before` in the same round."
                if before is not None
                else ""
            )
        ),
        "",
        "| strategy | " + " | ".join(labels) + " |",
        "|" + " --- |" * (len(labels) + 1),
        f"| {_REFERENCE} | "
        + " | ".join(
            _ms(statistics.median(reference)) if i == 0 else ""
            for i in range(len(labels))
        )
        + " |",
    ]
    for name, text in STRATEGIES.items():
        cells = []
        for label in labels:
            key = f"{name} {label}"
            if key not in net:
                cells.append("n/a (no such strategy)")
                continue
            cell = _ms(statistics.median(net[key]))
            before = net.get(f"{name} {labels[-1]}")
            if label == labels[0] and len(labels) > 1 and before is not None:
                ratio = statistics.median(
                    a / b for a, b in zip(net[key], before, strict=True)
                )
                cell += f" ({ratio:.2f}x)"
            cells.append(cell)
        lines.append(f"| {text} | " + " | ".join(cells) + " |")
    figure = statistics.median(net["graph_documents now"])
    verdict = "met" if figure < _TARGET else "missed"
    lines += [
        "",
        "| target | figure | status |",
        "| --- | --- | --- |",
        f"| `graph_documents()` under 10 ms an example | {_ms(figure)} | {verdict} |",
        "",
        (
            "Shrinking `graph_documents()`: for each property, a test that fails"
            f" on a document that has it, run with seeds 0 to {seeds - 1} (up to"
            " 1,000 examples, then shrunk): the median size of the document it"
            " shrinks to (its JSON, in characters; in brackets, the smallest and"
            " the largest), and the median time of a run."
        ),
        "",
        *_shrinking(packages, seeds, properties),
    ]
    return "\n".join(lines)
