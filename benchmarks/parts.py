"""Where the time of a word problem's ``loads`` and ``canonical_bytes`` goes, part by part, as markdown.

Usage (from the repository root, after the set-up in ``benchmarks/README.md``)::

    python benchmarks/parts.py            # the word problems, ASCII and accented
    python benchmarks/parts.py --smoke    # every part once, in about a second

Each part is timed alone, on the same document: the best of 9 repetitions of
many calls (a profile asks what a part costs, not what a busy machine makes
of it). The parts are the private steps that ``loads`` takes on each path,
called as ``loads`` calls them; beside them, the competitors' calls on the
same bytes. The fast rows need the ``fast`` extra; pydantic's and msgspec's,
those packages.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import platform
import sys
import timeit
from collections.abc import Callable
from typing import Any

import competitors
import run

from binding_graph import canonical_bytes, dumps, from_data, loads
from binding_graph.documents import _paths, _text
from binding_graph.documents._keys import no_repeated_key
from binding_graph.documents._trees import decoder

Part = tuple[str, Callable[[], object]]


def _best(call: Callable[[], object], number: int) -> float:
    """Return the best time of one call, in µs, over 9 repetitions of *number* calls."""
    gc.collect()
    return min(timeit.repeat(call, number=number, repeat=9)) / number * 1e6


def _pure(call: Callable[[], object]) -> Callable[[], object]:
    """Return *call* run on the pure path alone."""

    def pure() -> object:
        _paths.use(None)
        try:
            return call()
        finally:
            _paths.reset()

    return pure


def _parts(data: dict[str, Any]) -> list[Part]:
    """Return the parts to time on the graph *data*: each path's steps, then the competitors'."""
    graph = from_data(run._document(data))  # noqa: SLF001
    raw = dumps(graph).encode()
    text = raw.decode()
    decode = decoder(type(graph))[0]
    plain = _text._plain(text)  # noqa: SLF001 -- the pure path's first step
    parts: list[Part] = [
        ("pure `loads` in all", _pure(lambda: loads(raw))),
        ("pure: decoding the bytes as UTF-8", raw.decode),
        ("pure: parsing, the C scanner without hooks", lambda: _text._plain(text)),  # noqa: SLF001
        ("pure: reading the tree, every check included", lambda: decode(plain)),
        ("pure: proving that no key repeats", lambda: no_repeated_key(text, graph)),
    ]
    if importlib.util.find_spec("msgspec") is not None:
        from binding_graph.documents import _fast  # noqa: PLC0415

        tree = _fast._PARSE(raw)  # noqa: SLF001
        encode = _fast._ENCODERS[type(graph)]  # noqa: SLF001
        parts += [
            ("fast `loads` in all", lambda: loads(raw)),
            ("fast: msgspec's parser", lambda: _fast._PARSE(raw)),  # noqa: SLF001
            ("fast: reading the tree, every check included", lambda: decode(tree)),
            ("fast: proving that no key repeats", lambda: no_repeated_key(raw, graph)),
            ("fast `canonical_bytes` in all", lambda: canonical_bytes(graph)),
            ("fast: msgspec encoding the attrs objects", lambda: encode(graph)),
        ]
    for competitor in (competitors.Pydantic(), competitors.Msgspec()):
        if competitor.missing:
            continue
        built = competitor.construct(data)
        document = competitor.canonical_bytes(built)
        label = {"pydantic v2": "pydantic's", "msgspec": "msgspec's, into Structs,"}
        parts += [
            (
                f"{label[competitor.name]} `loads`",
                lambda c=competitor, d=document: c.loads(d),
            ),
            (
                f"{label[competitor.name]} `canonical_bytes`",
                lambda c=competitor, b=built: c.canonical_bytes(b),
            ),
        ]
    return parts


def report(number: int) -> str:
    """Time every part of every word problem, ASCII and accented; return the tables."""
    lines = [
        "## Where a word problem's time goes",
        "",
        (
            f"Python {platform.python_version()}; each part alone, the best of 9"
            f" repetitions of {number:,} calls, in µs."
        ),
    ]
    for title, data in run.word_problem_graphs().items():
        graphs = {"ASCII": data, "accented": run.accented(data)}
        timed = {
            script: [(label, _best(call, number)) for label, call in _parts(graph)]
            for script, graph in graphs.items()
        }
        lines += [
            "",
            f"### {title}",
            "",
            "| part | ASCII | accented |",
            "| --- | --- | --- |",
        ]
        for (label, ascii_time), (_, accented_time) in zip(
            timed["ASCII"], timed["accented"], strict=True
        ):
            lines.append(f"| {label} | {ascii_time:.2f} | {accented_time:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--smoke", action="store_true", help="every part once, to check that it runs"
    )
    parser.add_argument(
        "--calls", type=int, default=2000, help="calls per repetition (default 2,000)"
    )
    args = parser.parse_args(argv)
    sys.stdout.write(report(1 if args.smoke else args.calls))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
