"""Tests of to_dot and to_mermaid: the structure holds and every text stays in its label."""

from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import SemanticSymbolicBindingGraph
from binding_graph import analysis as an
from tests._graphs import analysed_graphs, dense_graphs, make_graph
from tests._helpers import refusal, untyped

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

ROOT = Path(__file__).resolve().parent.parent

# What a hostile producer would put in a text to break out of a label.
HOSTILE: Final = '"\\\n\r{}[]<>|;#`-&%:\x00\u202e\u2028 x'
_HOSTILE_TEXTS: Final = st.text(st.sampled_from(HOSTILE), min_size=1, max_size=8).map(
    lambda text: text + "-->"
)


@st.composite
def hostile_graphs(draw: DrawFn) -> SemanticSymbolicBindingGraph:
    """Build a dense graph whose every name, unit, value and operation is hostile."""
    graph = draw(dense_graphs())
    texts = _HOSTILE_TEXTS
    return attrs.evolve(
        graph,
        symbols=tuple(
            attrs.evolve(s, name=draw(texts), unit=draw(st.none() | texts))
            for s in graph.symbols
        ),
        facts=tuple(
            attrs.evolve(f, value=draw(texts), unit=draw(st.none() | texts))
            for f in graph.facts
        ),
        equations=tuple(
            attrs.evolve(e, operation_kind=draw(texts)) for e in graph.equations
        ),
        unknowns=tuple(
            attrs.evolve(u, expected_unit=draw(st.none() | texts))
            for u in graph.unknowns
        ),
    )


PICTURED = st.one_of(analysed_graphs(), hostile_graphs())


def hostile_texts(graph: SemanticSymbolicBindingGraph) -> list[str]:
    """Return every text of a hostile graph that a picture draws."""
    texts = [s.name for s in graph.symbols] + [f.value for f in graph.facts]
    texts += [e.operation_kind for e in graph.equations]
    texts += [s.unit for s in graph.symbols if s.unit is not None]
    texts += [f.unit for f in graph.facts if f.unit is not None]
    texts += [u.expected_unit for u in graph.unknowns if u.expected_unit is not None]
    return texts


def visible(text: str) -> str:
    """Write what cannot be printed as its Python escape, as the pictures do."""
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode() for c in text
    )


def expected_labels(
    graph: SemanticSymbolicBindingGraph,
) -> dict[str, list[str]]:
    """Return each node's label lines, unescaped, as the documentation describes them."""
    where = {s.symbol_id: f"s{i}" for i, s in enumerate(graph.symbols)}
    labels = {
        f"s{i}": [s.symbol_id, s.name] + ([] if s.unit is None else ["in " + s.unit])
        for i, s in enumerate(graph.symbols)
    }
    for fact in graph.facts:
        unit = "" if fact.unit is None else " " + fact.unit
        labels[where[fact.symbol_id]].append(f"= {fact.value}{unit}")
    for unknown in graph.unknowns:
        unit = "" if unknown.expected_unit is None else ", in " + unknown.expected_unit
        labels[where[unknown.symbol_id]].append(f"? asked{unit}")
    for j, equation in enumerate(graph.equations):
        labels[f"e{j}"] = [equation.operation_kind]
        if equation.admissibility_status != "admitted":
            labels[f"e{j}"].append(equation.admissibility_status)
    for finding in an.findings(graph):
        collection, index = finding.path[0], int(finding.path[1])
        if collection == "equations":
            node = f"e{index}"
        elif collection == "symbols":
            node = f"s{index}"
        else:
            node = where[getattr(graph, str(collection))[index].symbol_id]
        line = "\u26a0 " + finding.code
        if line not in labels[node]:
            labels[node].append(line)
    return {node: [visible(line) for line in lines] for node, lines in labels.items()}


def expected_edges(graph: SemanticSymbolicBindingGraph) -> list[tuple[str, str, str]]:
    """Return each edge: dependency to equation, equation to left-hand side."""
    where = {s.symbol_id: f"s{i}" for i, s in enumerate(graph.symbols)}
    edges: list[tuple[str, str, str]] = []
    for j, equation in enumerate(graph.equations):
        status = equation.admissibility_status
        edges.extend((where[d], f"e{j}", status) for d in sorted(equation.dependencies))
        edges.append((f"e{j}", where[equation.lhs_symbol_id], status))
    return edges


def marked_nodes(graph: SemanticSymbolicBindingGraph) -> dict[str, set[str]]:
    """Return the node ids each highlight applies to."""
    labels = expected_labels(graph)
    return {
        "unknown": {
            f"s{i}"
            for i, s in enumerate(graph.symbols)
            if any(u.symbol_id == s.symbol_id for u in graph.unknowns)
        },
        "pending": {
            f"e{j}"
            for j, e in enumerate(graph.equations)
            if e.admissibility_status == "pending"
        },
        "refused": {
            f"e{j}"
            for j, e in enumerate(graph.equations)
            if e.admissibility_status == "refused"
        },
        "finding": {
            node
            for node, lines in labels.items()
            if any(line.startswith("\u26a0 ") for line in lines)
        },
    }


# -- DOT ---------------------------------------------------------------------------

DOT_HEADER: Final = [
    "digraph binding_graph {",
    "  rankdir=LR;",
    '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=10];',
    "  edge [arrowsize=0.7];",
]
# A label holds entities, line breaks (a backslash and n) and nothing that
# DOT, HTML or a reader could take for syntax.
DOT_LABEL: Final = r'(?:[^"\\&<>{}\[\]|;#`\-\x00-\x1f\x7f]|&#\d+;|\\n)*'
DOT_NODE: Final = re.compile(
    rf'  (?P<id>[se]\d+) \[label="(?P<label>{DOT_LABEL})"(?P<attributes>.*)\];'
)
DOT_EDGE: Final = re.compile(
    r"  (?P<source>[se]\d+) -> (?P<target>[se]\d+)(?P<style>"
    r'| \[style=dashed\]| \[style=dotted, color="#888888"\]);'
)
DOT_MARKS: Final = {
    "unknown": 'style="rounded,filled,bold", fillcolor="#fff2b3", peripheries=2',
    "pending": "style=dashed",
    "refused": 'style=dotted, color="#888888", fontcolor="#888888"',
    "finding": 'color="#c62828", fontcolor="#c62828", penwidth=2',
}
DOT_EDGE_STYLES: Final = {
    "admitted": "",
    "pending": " [style=dashed]",
    "refused": ' [style=dotted, color="#888888"]',
}


def dot_unescape(label: str) -> list[str]:
    """Read a DOT label back as Graphviz does: entities, then backslash escapes."""
    lines = label.split("\\n")
    return [html.unescape(line).replace("\\\\", "\\") for line in lines]


class ParsedDot:
    """A DOT picture read with a strict grammar: anything else fails the test."""

    def __init__(self, source: str) -> None:
        assert source.endswith("}\n")
        lines = source[:-1].split("\n")
        assert lines[:4] == DOT_HEADER
        assert lines[-1] == "}"
        # Each node's label as written, and as read back, line by line.
        self.raw: dict[str, str] = {}
        self.labels: dict[str, list[str]] = {}
        self.attributes: dict[str, str] = {}
        self.edges: list[tuple[str, str, str]] = []
        for line in lines[4:-1]:
            node, edge = DOT_NODE.fullmatch(line), DOT_EDGE.fullmatch(line)
            if node:
                assert not self.edges, "nodes come before edges"
                self.raw[node["id"]] = node["label"]
                self.labels[node["id"]] = dot_unescape(node["label"])
                self.attributes[node["id"]] = node["attributes"]
            else:
                assert edge, line
                status = next(
                    s for s, style in DOT_EDGE_STYLES.items() if style == edge["style"]
                )
                self.edges.append((edge["source"], edge["target"], status))


class TestDot:
    """to_dot writes the documented picture, every text escaped."""

    @given(PICTURED)
    def test_reads_back_as_the_graph(self, graph: SemanticSymbolicBindingGraph) -> None:
        """Parsed strictly, the source has every node, label, highlight and edge of the graph."""
        parsed = ParsedDot(an.to_dot(graph))
        assert parsed.labels == expected_labels(graph)
        assert parsed.edges == expected_edges(graph)
        marks = marked_nodes(graph)
        for node, attributes in parsed.attributes.items():
            shape = ", shape=ellipse" if node[0] == "e" else ""
            wanted = "".join(
                f", {DOT_MARKS[mark]}" for mark in DOT_MARKS if node in marks[mark]
            )
            assert attributes == shape + wanted

    @given(hostile_graphs())
    def test_no_hostile_text_appears_raw(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """No name, unit, value or operation, each ending in -->, is in a label as is."""
        parsed = ParsedDot(an.to_dot(graph))
        for text in hostile_texts(graph):
            for label in parsed.raw.values():
                assert text not in label

    def test_the_bundled_example(self) -> None:
        """The example's picture: two facts, one addition, one unknown."""
        assert an.to_dot(bundled_graph()) == "\n".join(
            [
                *DOT_HEADER,
                '  s0 [label="sym_apples_alice_has_000\\napples Alice has\\n= 3 apple"];',
                '  s1 [label="sym_apples_bob_gives_001\\napples Bob gives\\n= 5 apple"];',
                (
                    '  s2 [label="sym_apples_alice_has_now_002\\napples Alice has now'
                    '\\n? asked, in apple", style="rounded,filled,bold",'
                    ' fillcolor="#fff2b3", peripheries=2];'
                ),
                '  e0 [label="add", shape=ellipse];',
                "  s0 -> e0;",
                "  s1 -> e0;",
                "  e0 -> s2;",
                "}",
                "",
            ]
        )

    def test_an_empty_graph(self) -> None:
        """A graph without symbols is the header alone."""
        assert an.to_dot(SemanticSymbolicBindingGraph()) == "\n".join(
            [*DOT_HEADER, "}", ""]
        )


@pytest.fixture(scope="module")
def dot_program() -> str:
    """Return the path of Graphviz' dot: under CI a missing dot fails the tests."""
    found = shutil.which("dot")
    if found is None:
        reason = "Graphviz' dot is not installed (Debian: apt-get install graphviz)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI installs it, see .ci/run")
        pytest.skip(reason)
    return found


SVG: Final = "{http://www.w3.org/2000/svg}"


def svg_nodes(dot_program: str, source: str) -> list[str]:
    """Draw *source* with dot -Tsvg and return the titles of its nodes."""
    result = subprocess.run(
        [dot_program, "-Tsvg"],
        input=source.encode(),
        capture_output=True,
        check=True,
    )
    root = ET.fromstring(result.stdout)  # noqa: S314 -- our own picture
    return [
        "".join(group.findtext(f"{SVG}title") or "")
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "node"
    ]


class TestGraphviz:
    """dot -Tsvg accepts every picture and draws one node per symbol and equation."""

    # Each example runs dot: a few dozen are enough, the grammar tests above
    # cover the rest.
    @settings(max_examples=30)
    @given(PICTURED)
    def test_draws_one_node_per_symbol(
        self, dot_program: str, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """The SVG has exactly one node per symbol and per equation, with our ids."""
        titles = svg_nodes(dot_program, an.to_dot(graph))
        assert sorted(titles) == sorted(
            [f"s{i}" for i in range(len(graph.symbols))]
            + [f"e{j}" for j in range(len(graph.equations))]
        )

    def test_draws_the_bundled_example(self, dot_program: str) -> None:
        """The bundled example draws as three symbols and one equation."""
        titles = svg_nodes(dot_program, an.to_dot(bundled_graph()))
        assert sorted(titles) == ["e0", "s0", "s1", "s2"]


# -- Mermaid -----------------------------------------------------------------------

MERMAID_LABEL: Final = r'(?:[^"#;<>{}\[\]|`\\&%:\-\x00-\x1f\x7f]|#\d+;|<br/>)*'
MERMAID_SYMBOL: Final = re.compile(rf'  (?P<id>s\d+)\["(?P<label>{MERMAID_LABEL})"\]')
MERMAID_EQUATION: Final = re.compile(
    rf'  (?P<id>e\d+)\(\["(?P<label>{MERMAID_LABEL})"\]\)'
)
MERMAID_EDGE: Final = re.compile(
    r"  (?P<source>[se]\d+) (?P<arrow>-->|-\.->) (?P<target>[se]\d+)"
)
MERMAID_CLASSES: Final = {
    "unknown": "fill:#fff2b3,stroke:#b8860b,stroke-width:3px",
    "pending": "stroke-dasharray:5 5",
    "refused": "stroke-dasharray:2 2,stroke:#888888,color:#888888",
    "finding": "stroke:#c62828,stroke-width:3px",
}
MERMAID_CLASS: Final = re.compile(
    r"  class (?P<nodes>[se]\d+(?:,[se]\d+)*) (?P<name>unknown|pending|refused|finding)"
)


def mermaid_unescape(label: str) -> list[str]:
    """Read a Mermaid label back: line breaks, then entity codes."""
    return [
        re.sub(r"#(\d+);", lambda m: chr(int(m[1])), line)
        for line in label.split("<br/>")
    ]


class ParsedMermaid:
    """A Mermaid flowchart read with a strict grammar: anything else fails the test."""

    def __init__(self, source: str) -> None:
        assert source.endswith("\n")
        lines = source[:-1].split("\n")
        assert lines[0] == "flowchart LR"
        # Each node's label as written, and as read back, line by line.
        self.raw: dict[str, str] = {}
        self.labels: dict[str, list[str]] = {}
        self.edges: list[tuple[str, str, str]] = []
        self.classes: dict[str, set[str]] = {}
        rest = iter(lines[1:])
        for line in rest:
            node = MERMAID_SYMBOL.fullmatch(line) or MERMAID_EQUATION.fullmatch(line)
            edge = MERMAID_EDGE.fullmatch(line)
            if node:
                assert not self.edges, "nodes come before edges"
                self.raw[node["id"]] = node["label"]
                self.labels[node["id"]] = mermaid_unescape(node["label"])
            elif edge:
                self.edges.append((edge["source"], edge["target"], edge["arrow"]))
            else:
                name = line.removeprefix("  classDef ").split(" ", 1)[0]
                assert line == f"  classDef {name} {MERMAID_CLASSES[name]}"
                members = MERMAID_CLASS.fullmatch(next(rest))
                assert members
                assert members["name"] == name
                assert name not in self.classes
                self.classes[name] = set(members["nodes"].split(","))


class TestMermaid:
    """to_mermaid writes the same picture, every text encoded with entity codes."""

    @given(PICTURED)
    def test_reads_back_as_the_graph(self, graph: SemanticSymbolicBindingGraph) -> None:
        """Parsed strictly, the flowchart has every node, label, class and edge of the graph."""
        parsed = ParsedMermaid(an.to_mermaid(graph))
        assert parsed.labels == expected_labels(graph)
        arrows = {"admitted": "-->", "pending": "-.->", "refused": "-.->"}
        assert parsed.edges == [
            (source, target, arrows[status])
            for source, target, status in expected_edges(graph)
        ]
        wanted = {name: nodes for name, nodes in marked_nodes(graph).items() if nodes}
        assert parsed.classes == wanted

    @given(hostile_graphs())
    def test_no_hostile_text_appears_raw(
        self, graph: SemanticSymbolicBindingGraph
    ) -> None:
        """No name, unit, value or operation, each ending in -->, is in a label as is."""
        parsed = ParsedMermaid(an.to_mermaid(graph))
        for text in hostile_texts(graph):
            for label in parsed.raw.values():
                assert text not in label

    def test_an_empty_graph(self) -> None:
        """A graph without symbols is the header alone."""
        assert an.to_mermaid(SemanticSymbolicBindingGraph()) == "flowchart LR\n"

    def test_readme_shows_the_bundled_example(self) -> None:
        """The README's Mermaid block is to_mermaid of the bundled example."""
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        blocks = re.findall(r"```mermaid\n(.*?)```", readme, flags=re.DOTALL)
        assert blocks == [an.to_mermaid(bundled_graph())]


# -- escaping, by example -------------------------------------------------------------


class TestEscaping:
    """Each structural character becomes a reference of its format."""

    @pytest.mark.parametrize(
        ("text", "dot", "mermaid"),
        [
            ('a"b', "a&#34;b", "a#34;b"),
            ("a\\N", "a&#92;&#92;N", "a#92;N"),
            ("x-->y", "x&#45;&#45;&#62;y", "x#45;#45;#62;y"),
            ("#1;", "&#35;1&#59;", "#35;1#59;"),
            ("{a|b}", "&#123;a&#124;b&#125;", "#123;a#124;b#125;"),
            ("[x]<y>", "&#91;x&#93;&#60;y&#62;", "#91;x#93;#60;y#62;"),
            ("`%%`", "&#96;&#37;&#37;&#96;", "#96;#37;#37;#96;"),
            ("a\nb", "a&#92;&#92;nb", "a#92;nb"),
            ("\u202eab", "&#92;&#92;u202eab", "#92;u202eab"),
            ("Zo\u00eb 5 \u20ac", "Zo\u00eb 5 \u20ac", "Zo\u00eb 5 \u20ac"),
        ],
    )
    def test_a_name(self, text: str, dot: str, mermaid: str) -> None:
        """A symbol's name is written with the format's references, readable text kept."""
        graph = make_graph("x", facts=[("x", "1")], constraints=["x"])
        graph = attrs.evolve(
            graph, symbols=(attrs.evolve(graph.symbols[0], name=text),)
        )
        assert f'label="x\\n{dot}\\n= 1"' in an.to_dot(graph)
        assert f'["x<br/>{mermaid}<br/>= 1"]' in an.to_mermaid(graph)


def bundled_graph() -> SemanticSymbolicBindingGraph:
    """Return the graph of examples/word_problem.py."""
    spec = importlib.util.spec_from_file_location(
        "word_problem", ROOT / "examples" / "word_problem.py"
    )
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    graph: SemanticSymbolicBindingGraph = module.build()
    return graph


class TestFindingsMarked:
    """The pictures mark the findings they are given: by default the analysis's, or others, checked."""

    GRAPH = make_graph("x y z", facts=[("x", "3")], equations=["y := x"])  # z unused
    MISLABELLED = an.Finding(
        "operation_mismatch", ("equations", 0, "operation_kind"), "the label lies"
    )

    @pytest.mark.parametrize("draw", [an.to_dot, an.to_mermaid])
    def test_by_default_the_analysis_findings(self, draw: Any) -> None:
        """No findings given: those of analysis.findings, as always."""
        assert draw(self.GRAPH) == draw(self.GRAPH, findings=an.findings(self.GRAPH))

    @pytest.mark.parametrize("draw", [an.to_dot, an.to_mermaid])
    def test_a_finding_given_marks_its_node(self, draw: Any) -> None:
        """A finding of the arithmetic, given with the others, is marked on its equation."""
        marked = draw(self.GRAPH, findings=[*an.findings(self.GRAPH), self.MISLABELLED])
        assert "operation_mismatch" in marked
        assert "operation_mismatch" not in draw(self.GRAPH)
        assert draw(self.GRAPH, findings=()) != draw(self.GRAPH)

    @pytest.mark.parametrize(
        ("findings", "path", "message"),
        [
            (
                "none",
                ("findings",),
                "to_dot.findings must be a tuple or list of Finding, not str (got 'none')",
            ),
            (
                [MISLABELLED, "x"],
                ("findings", 1),
                "to_dot.findings must be a tuple or list of Finding, not str (got 'x')",
            ),
            (
                (an.Finding("unused_symbol", ("symbols", 3, "symbol_id"), "m"),),
                ("findings", 0, "path"),
                (
                    "to_dot.findings[0] must point at a symbol, fact, equation, unknown or"
                    " constraint of the graph, as its first two segments (got the path"
                    " ('symbols', 3, 'symbol_id'))"
                ),
            ),
            (
                (an.Finding("unused_symbol", ("provenance", 0), "m"),),
                ("findings", 0, "path"),
                None,
            ),
            (
                (an.Finding("unused_symbol", ("symbols", "0"), "m"),),
                ("findings", 0, "path"),
                None,
            ),
            (
                (an.Finding("unused_symbol", ("symbols",), "m"),),
                ("findings", 0, "path"),
                None,
            ),
            (
                (an.Finding("unused_symbol", (), "m"),),
                ("findings", 0, "path"),
                None,
            ),
        ],
    )
    def test_findings_that_cannot_be_drawn_are_refused(
        self, findings: object, path: tuple[object, ...], message: str | None
    ) -> None:
        """Not a tuple or list of Finding, or one that points at nothing drawn: wrong_type, at the finding."""
        error = refusal(an.to_dot, self.GRAPH, findings=untyped(findings))
        assert (error.code, error.path) == ("wrong_type", path)
        if message is not None:
            assert error.message == message
        assert (
            refusal(an.to_mermaid, self.GRAPH, findings=untyped(findings)).path == path
        )
