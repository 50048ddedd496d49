r"""Pictures of a graph for :mod:`binding_graph.analysis`: Graphviz' DOT and Mermaid.

Both draw the same picture: one node per symbol, one small node per
equation, an edge from each dependency to its equation and one from the
equation to its left-hand side.
Node ids are generated (``s0`` for ``graph.symbols[0]``, ``e0`` for
``graph.equations[0]``), never taken from the graph.
Every text that comes from the graph goes through one escaper per format:
letters, digits, spaces and a few harmless marks stay as they are, every
other ASCII character becomes a numeric character reference of the format,
and every character that is not printable (a newline, a control, a
bidirectional override) is first written as its Python escape (``\n``,
``\u202e``), whose backslash is then encoded in turn.
So no text can end its label, start a comment, or be read as syntax.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from binding_graph._finding import Finding
    from binding_graph.model import SemanticSymbolicBindingGraph


# Characters that mean nothing in a quoted DOT string nor in a quoted
# Mermaid label, whatever surrounds them.
_SAFE: Final = frozenset(string.ascii_letters + string.digits + " _.,/()+=?!'")
_UNSAFE: Final = [chr(code) for code in range(128) if chr(code) not in _SAFE]


def _table(entity: Callable[[int], str]) -> dict[int, str]:
    return {ord(char): entity(ord(char)) for char in _UNSAFE}


# Graphviz reads character references before backslash escapes: a backslash
# must reach the second step doubled.
_DOT: Final = _table(lambda code: "&#92;&#92;" if code == ord("\\") else f"&#{code};")
# Mermaid's own entity codes, which it reads in labels before anything else.
_MERMAID: Final = _table(lambda code: f"#{code};")


def _escape(text: str, table: dict[int, str]) -> str:
    if not text.isprintable():
        # Printable ASCII escapes of what cannot be shown: "\n", "\x00".
        text = "".join(
            char if char.isprintable() else char.encode("unicode_escape").decode()
            for char in text
        )
    return text.translate(table)


def dot_text(text: str) -> str:
    """Return *text* for a double-quoted DOT string, escaped."""
    return _escape(text, _DOT)


def mermaid_text(text: str) -> str:
    """Return *text* for a double-quoted Mermaid label, escaped."""
    return _escape(text, _MERMAID)


_WARNING: Final = "\u26a0 "


class Picture:
    """What both formats draw: labels, escaped line by line, and what to highlight."""

    __slots__ = ("asked", "equations", "marked", "symbols")

    def __init__(
        self,
        graph: SemanticSymbolicBindingGraph,
        findings: Sequence[Finding],
        escape: Callable[[str], str],
    ) -> None:
        where = {symbol.symbol_id: i for i, symbol in enumerate(graph.symbols)}
        self.symbols: list[list[str]] = []
        for symbol in graph.symbols:
            label = [escape(symbol.symbol_id), escape(symbol.name)]
            if symbol.unit is not None:
                label.append("in " + escape(symbol.unit))
            self.symbols.append(label)
        for fact in graph.facts:
            unit = "" if fact.unit is None else " " + escape(fact.unit)
            self.symbols[where[fact.symbol_id]].append(f"= {escape(fact.value)}{unit}")
        self.asked = self._ask(graph, where, escape)
        # Each equation's label, status, dependencies and left-hand side.
        self.equations: list[tuple[list[str], str, list[str], str]] = []
        for equation in graph.equations:
            label = [escape(equation.operation_kind)]
            status = equation.admissibility_status
            if status != "admitted":
                label.append(status)
            sources = [f"s{where[d]}" for d in sorted(equation.dependencies)]
            target = f"s{where[equation.lhs_symbol_id]}"
            self.equations.append((label, status, sources, target))
        self.marked = self._mark(graph, where, findings)

    def _ask(
        self,
        graph: SemanticSymbolicBindingGraph,
        where: dict[str, int],
        escape: Callable[[str], str],
    ) -> set[str]:
        """Add each unknown to its symbol's label; return the ids of those nodes."""
        asked: set[str] = set()
        for unknown in graph.unknowns:
            i = where[unknown.symbol_id]
            asked.add(f"s{i}")
            expected = unknown.expected_unit
            unit = "" if expected is None else ", in " + escape(expected)
            self.symbols[i].append(f"? asked{unit}")
        return asked

    def _mark(
        self,
        graph: SemanticSymbolicBindingGraph,
        where: dict[str, int],
        findings: Sequence[Finding],
    ) -> dict[str, dict[str, None]]:
        """Add each finding's code to its node's label; return the codes by node id."""
        # A fact or an unknown is drawn on its symbol. Codes are kept in
        # order, once each, in a dict.
        marked: dict[str, dict[str, None]] = {}
        for finding in findings:
            collection, index = finding.path[0], finding.path[1]
            if collection == "equations":
                node = f"e{index}"
            elif collection == "symbols":
                node = f"s{index}"
            else:
                element = getattr(graph, str(collection))[index]
                node = f"s{where[element.symbol_id]}"
            marked.setdefault(node, {})[finding.code] = None
        for node, codes in marked.items():
            number = int(node[1:])
            label = (
                self.symbols[number] if node[0] == "s" else self.equations[number][0]
            )
            label.extend(_WARNING + code for code in codes)
        return marked


def _marks(picture: Picture, node_id: str, kind: str | None) -> list[str]:
    """Return what to highlight at *node_id*: its kind, then a finding."""
    marks = [] if kind is None else [kind]
    if node_id in picture.marked:
        marks.append("finding")
    return marks


def _nodes(picture: Picture) -> Iterator[tuple[str, list[str], list[str]]]:
    """Yield each node's id, label lines and marks: symbols, then equations."""
    for i, label in enumerate(picture.symbols):
        node_id = f"s{i}"
        kind = "unknown" if node_id in picture.asked else None
        yield node_id, label, _marks(picture, node_id, kind)
    for j, (label, status, _, _) in enumerate(picture.equations):
        node_id = f"e{j}"
        kind = None if status == "admitted" else status
        yield node_id, label, _marks(picture, node_id, kind)


def _edges(picture: Picture) -> Iterator[tuple[str, str, str]]:
    """Yield each edge's source, target and the status of its equation."""
    for j, (_, status, sources, target) in enumerate(picture.equations):
        for source in sources:
            yield source, f"e{j}", status
        yield f"e{j}", target, status


_DOT_MARKS: Final = {
    "unknown": 'style="rounded,filled,bold", fillcolor="#fff2b3", peripheries=2',
    "pending": "style=dashed",
    "refused": 'style=dotted, color="#888888", fontcolor="#888888"',
    "finding": 'color="#c62828", fontcolor="#c62828", penwidth=2',
}
# A line break in a DOT label: a backslash and "n", which text never holds.
_DOT_NEWLINE: Final = "\\n"
_DOT_EDGES: Final = {
    "admitted": "",
    "pending": " [style=dashed]",
    "refused": ' [style=dotted, color="#888888"]',
}


def dot(graph: SemanticSymbolicBindingGraph, findings: Sequence[Finding]) -> str:
    """Return the DOT source of the picture of *graph*."""
    picture = Picture(graph, findings, dot_text)
    out = [
        "digraph binding_graph {",
        "  rankdir=LR;",
        '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=10];',
        "  edge [arrowsize=0.7];",
    ]
    for node_id, label, marks in _nodes(picture):
        shape = ", shape=ellipse" if node_id[0] == "e" else ""
        extra = "".join(f", {_DOT_MARKS[mark]}" for mark in marks)
        text = _DOT_NEWLINE.join(label)
        out.append(f'  {node_id} [label="{text}"{shape}{extra}];')
    out.extend(
        f"  {source} -> {target}{_DOT_EDGES[status]};"
        for source, target, status in _edges(picture)
    )
    out.append("}")
    return "\n".join(out) + "\n"


_MERMAID_CLASSES: Final = {
    "unknown": "fill:#fff2b3,stroke:#b8860b,stroke-width:3px",
    "pending": "stroke-dasharray:5 5",
    "refused": "stroke-dasharray:2 2,stroke:#888888,color:#888888",
    "finding": "stroke:#c62828,stroke-width:3px",
}
_MERMAID_EDGES: Final = {"admitted": "-->", "pending": "-.->", "refused": "-.->"}


def mermaid(graph: SemanticSymbolicBindingGraph, findings: Sequence[Finding]) -> str:
    """Return the Mermaid flowchart of the picture of *graph*."""
    picture = Picture(graph, findings, mermaid_text)
    out = ["flowchart LR"]
    classes: dict[str, list[str]] = {}
    for node_id, label, marks in _nodes(picture):
        text = "<br/>".join(label)
        if node_id[0] == "s":
            out.append(f'  {node_id}["{text}"]')
        else:
            out.append(f'  {node_id}(["{text}"])')
        for mark in marks:
            classes.setdefault(mark, []).append(node_id)
    out.extend(
        f"  {source} {_MERMAID_EDGES[status]} {target}"
        for source, target, status in _edges(picture)
    )
    for mark, style in _MERMAID_CLASSES.items():
        if mark in classes:
            out.append(f"  classDef {mark} {style}")
            out.append(f"  class {','.join(classes[mark])} {mark}")
    return "\n".join(out) + "\n"
