"""Time ``refusals`` against ``loads``: on valid documents, on documents with one rule broken, and with five.

Each ratio is paired by round: the median, over interleaved rounds, of the
time of a call of ``refusals`` over that of a call of ``loads`` on the same
document in the same round, on each path (pure, and fast where msgspec is
installed).
"""

from __future__ import annotations

import copy
import gc
import json
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any

import binding_graph
from binding_graph.documents import _paths

if TYPE_CHECKING:
    from collections.abc import Callable

_TARGETS = {"valid": 1.1, "one rule broken": 3.0}


def _broken(document: dict[str, Any], count: int) -> dict[str, Any]:
    """Return *document* with *count* facts' values made blank, from the middle on (symbols' names where it has too few facts)."""
    broken = copy.deepcopy(document)
    elements = broken["facts"] if len(broken["facts"]) >= count else broken["symbols"]
    field = "value" if elements is broken["facts"] else "name"
    middle = len(elements) // 2
    for index in range(count):
        elements[(middle + index) % len(elements)][field] = " "
    return broken


def _loads(text: bytes) -> Callable[[], object]:
    def call() -> object:
        try:
            return binding_graph.loads(text)
        except binding_graph.BindingGraphError as exc:
            return exc

    return call


def _refusals(text: bytes) -> Callable[[], object]:
    return lambda: binding_graph.refusals(text)


def _paired(
    calls: dict[str, Callable[[], object]], rounds: int, per_round: int
) -> dict[str, list[float]]:
    """Time *per_round* calls of each of *calls*, *rounds* times, interleaved; the mean time of a call in each round."""
    seconds: dict[str, list[float]] = {name: [] for name in calls}
    names = list(calls)
    gc.collect()
    for r in range(-1, rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            call = calls[name]
            start = time.perf_counter()
            for _ in range(per_round):
                call()
            elapsed = (time.perf_counter() - start) / per_round
            if r >= 0:
                seconds[name].append(elapsed)
    return seconds


def _ratio(numerator: list[float], denominator: list[float]) -> float:
    return statistics.median(a / b for a, b in zip(numerator, denominator, strict=True))


def _time(seconds: float) -> str:
    if seconds < 1e-3:  # noqa: PLR2004 -- a millisecond
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1e3:.2f} ms"


def run_refusals(calls: int, graphs: dict[str, dict[str, Any]]) -> str:
    """Return the markdown section: each of *graphs* (primitive trees, by label), as documents valid and broken, on each path."""
    paths: list[tuple[str, object]] = [("pure", None)]
    fast = _paths.load()
    if fast is not None:
        paths.append(("fast", fast))
    lines = [
        (
            "Per call, on each path: the median over rounds of the ratio of"
            " `refusals` to `loads` on the same canonical document in the same"
            " round (rounds interleaved, the mean of several calls each)."
            " `loads` of a broken document raises its first refusal;"
            " `refusals` lists them all."
        ),
        "",
        "| graph | path | document | `loads` | `refusals` | ratio | target |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for label, data in graphs.items():
        valid = binding_graph.to_data(binding_graph.from_data({**_header(), **data}))
        documents = {
            "valid": valid,
            "one rule broken": _broken(valid, 1),
            "five rules broken": _broken(valid, 5),
        }
        texts = {
            kind: json.dumps(
                document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
            ).encode()
            for kind, document in documents.items()
        }
        objects = max(1, len(texts["valid"]) // 200)
        per_round = max(1, calls // 50 // objects)
        rounds = 50 if per_round > 1 else 15
        for path, chosen in paths:
            _paths.use(chosen)  # type: ignore[arg-type]  # the fast path, or None
            for kind, text in texts.items():
                timed = _paired(
                    {"loads": _loads(text), "refusals": _refusals(text)},
                    rounds,
                    per_round,
                )
                ratio = _ratio(timed["refusals"], timed["loads"])
                target = _TARGETS.get(kind)
                verdict = (
                    ""
                    if target is None
                    else f"at most {target:.1f}x: {'met' if ratio <= target else 'missed'}"
                )
                lines.append(
                    f"| {label} | {path} | {kind} |"
                    f" {_time(statistics.median(timed['loads']))} |"
                    f" {_time(statistics.median(timed['refusals']))} |"
                    f" {ratio:.2f}x | {verdict} |"
                )
            print(
                f"  refusals, {label[:30]}, {path}: done", file=sys.stderr, flush=True
            )
    _paths.reset()
    return "\n".join(lines)


def _header() -> dict[str, object]:
    return {"format": binding_graph.serialization.FORMAT, "version": 1}
