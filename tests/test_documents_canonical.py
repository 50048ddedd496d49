"""Writing documents: to_data, and the canonical bytes, text and hash, pinned by golden files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest
import rfc8785
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    canonical_bytes,
    content_hash,
    dumps,
    from_data,
    is_canonical,
    loads,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.serialization import FORMAT, FORMAT_VERSION
from tests._golden import GOLDEN
from tests._helpers import (
    ANY_MODEL,
    CLASS_NAMES,
    ROOT,
    ErrorPath,
    code_and_path,
    equation,
    fact,
    graph,
    run_python,
    span,
    symbol,
    untyped,
)

if TYPE_CHECKING:
    from collections.abc import Callable


GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


# One refusal of each kind, with its exact code, path and message.
TO_DATA_MESSAGES: list[Any] = [
    pytest.param(
        lambda: to_data(untyped("graph")),
        "wrong_type",
        (),
        f"to_data.obj must be one of {CLASS_NAMES}, not str (got 'graph')",
        id="to_data",
    ),
]


class TestToData:
    """to_data writes every field of a model object, in order, into a new tree."""

    def test_graph_document_has_header_then_fields_in_order(self) -> None:
        """A graph document starts with format and version, then the fields in order."""
        data = to_data(graph())
        assert list(data) == [
            "format",
            "version",
            "symbols",
            "facts",
            "equations",
            "unknowns",
            "constraints",
            "provenance",
        ]
        assert (
            (data["format"], data["version"])
            == (FORMAT, FORMAT_VERSION)
            == (
                "binding-graph",
                1,
            )
        )

    def test_every_field_is_written_none_as_null(self) -> None:
        """Every field is present in a fragment; None becomes null."""
        assert to_data(symbol()) == {
            "symbol_id": "x",
            "name": "apples",
            "semantic_role": "quantity",
            "source_span": {"source_id": "p1", "start": 0, "end": 5, "text": "Alice"},
            "introduced_by": "test",
            "entity": None,
            "unit": None,
        }
        assert '"unit":null' in dumps(fact())

    def test_dependencies_are_written_sorted_by_code_point(self) -> None:
        """A frozenset becomes a list sorted by code point, whatever the hash order."""
        deps = frozenset({"b", "B", "\u00e4", "_a", "a"})
        data = to_data(equation(dependencies=deps))
        assert data["dependencies"] == ["B", "_a", "a", "b", "\u00e4"]

    def test_to_data_returns_a_new_tree_each_time(self) -> None:
        """Changing what to_data returned changes nothing else."""
        first = to_data(graph())
        first["symbols"].clear()
        assert to_data(graph())["symbols"]

    @pytest.mark.parametrize("obj", [None, {}, "graph", graph, attrs.evolve])
    def test_to_data_refuses_what_is_not_a_model_object(self, obj: object) -> None:
        """to_data, dumps, canonical_bytes and content_hash refuse a non-model object."""
        for call in (to_data, dumps, canonical_bytes, content_hash):
            assert code_and_path(call, untyped(obj)) == ("wrong_type", ())

    @pytest.mark.parametrize(("call", "code", "path", "message"), TO_DATA_MESSAGES)
    def test_refusal_message_is_exact(
        self, call: Callable[[], object], code: str, path: ErrorPath, message: str
    ) -> None:
        """Each refusal of the reader and writer has its code, path and exact message."""
        with pytest.raises(BindingGraphError) as info:
            call()
        assert (info.value.code, info.value.path, info.value.message) == (
            code,
            path,
            message,
        )


@st.composite
def pairs(draw: st.DrawFn) -> tuple[Any, Any]:
    """Draw two objects of a class: equal, one field apart, or independent."""
    first: Any = draw(ANY_MODEL)
    cls: Any = first.__class__
    how = draw(st.sampled_from(["same", "rebuilt", "other", "field"]))
    if how == "same":
        return first, first
    if how == "rebuilt":
        return first, from_data(json.loads(dumps(first)), cls)
    if how == "other":
        other = draw(
            {
                SourceSpanLink: bgst.source_spans(),
                SymbolBinding: bgst.symbol_bindings(),
                BoundFact: bgst.bound_facts(),
                BoundEquation: bgst.bound_equations(),
                BoundUnknown: bgst.bound_unknowns(),
                BoundConstraint: bgst.bound_constraints(),
                SemanticSymbolicBindingGraph: bgst.graphs(),
            }[cls]
        )
        return first, other
    # One text field gets a suffix that an encoder could confuse with others.
    fields = [
        a.name
        for a in attrs.fields(cls)
        if a.name in _FREE_TEXT and getattr(first, a.name) is not None
    ]
    if not fields:
        return first, first
    field = draw(st.sampled_from(fields))
    suffix = draw(st.sampled_from(_SUFFIXES))
    return first, attrs.evolve(first, **{field: getattr(first, field) + suffix})


_FREE_TEXT = {
    "name",
    "value",
    "rhs_canonical",
    "unit_proof",
    "predicate",
    "introduced_by",
    "unit",
    "entity",
    "refusal_reason",
    "source_id",
}


_SUFFIXES = [
    '"',
    "\\",
    "\\\\",
    "\n",
    "\\n",
    "\x00",
    " ",
    "=",
    "[",
    "]",
    "\u00e9",
    "e\u0301",
    "\u2028",
    "\U0001f600",
]


class TestCanonicalBytes:
    """The canonical bytes are RFC 8785, equal exactly for equal objects; the rest derives from them."""

    def test_canonical_forms_agree(self) -> None:
        """dumps, canonical_bytes and content_hash agree."""
        g = graph()
        raw = canonical_bytes(g)
        assert dumps(g) == raw.decode("utf-8")
        assert content_hash(g) == "sha256:" + hashlib.sha256(raw).hexdigest()

    def test_canonical_bytes_escape_minimally(self) -> None:
        """Only quote, backslash and C0 controls are escaped; the rest is raw UTF-8."""
        text = '"\\\b\f\n\r\t\x00\x1f\x7f\u2028\u00e9\U0001f600/'
        raw = canonical_bytes(span(text=text, end=len(text)))
        expected = (
            '"text":"\\"\\\\\\b\\f\\n\\r\\t\\u0000\\u001f\x7f\u2028\u00e9\U0001f600/"'
        )
        assert expected.encode() in raw

    @given(ANY_MODEL)
    def test_canonical_bytes_are_rfc8785_and_idempotent(self, obj: Any) -> None:
        """The bytes are those of the rfc8785 package, and re-encode to themselves."""
        raw = canonical_bytes(obj)
        parsed = json.loads(raw)
        assert parsed == to_data(obj)
        assert rfc8785.dumps(parsed) == raw
        assert rfc8785.dumps(to_data(obj)) == raw
        assert (
            json.dumps(
                parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False
            ).encode()
            == raw
        )

    @given(pairs())
    def test_canonical_bytes_are_equal_iff_objects_are(
        self, pair: tuple[Any, Any]
    ) -> None:
        """Equal objects give equal bytes and hashes; distinct ones distinct bytes."""
        a, b = pair
        assert (canonical_bytes(a) == canonical_bytes(b)) == (a == b)
        assert (content_hash(a) == content_hash(b)) == (a == b)

    @given(
        bgst.graph_documents(max_symbols=3),
        st.sampled_from([None, 0, 2]),
        st.booleans(),
        st.sampled_from([(",", ":"), (", ", ": "), (" , ", " : ")]),
    )
    def test_a_canonical_form_is_never_longer_than_a_document_it_reads_from(
        self,
        document: dict[str, Any],
        indent: int | None,
        ascii_only: bool,  # noqa: FBT001 -- drawn
        separators: tuple[str, str],
    ) -> None:
        """Whatever its layout and escapes, a document that loads takes at least as many bytes as its canonical form.

        So canonicalize writes nothing that a reader with the same
        --max-bytes would refuse.
        """
        text = json.dumps(
            document, indent=indent, ensure_ascii=ascii_only, separators=separators
        ).encode("utf-8", "surrogatepass")
        assert len(canonical_bytes(loads(text))) <= len(text)

    def test_tuple_order_counts(self) -> None:
        """Reordering symbols changes the graph, and so the bytes."""
        g = graph()
        h = attrs.evolve(g, symbols=tuple(reversed(g.symbols)))
        assert g != h
        assert canonical_bytes(g) != canonical_bytes(h)


class TestGoldenFiles:
    """Hand-written graphs encode to the bytes and hashes pinned in tests/golden/."""

    @pytest.mark.parametrize("name", sorted(GOLDEN))
    def test_golden_bytes_and_hashes(self, name: str) -> None:
        """The hand-written graphs encode to the pinned bytes and hashes."""
        pinned = json.loads((GOLDEN_DIR / "hashes.json").read_text(encoding="utf-8"))
        g = GOLDEN[name]()
        raw = (GOLDEN_DIR / f"{name}.json").read_bytes()
        assert canonical_bytes(g) == raw
        assert content_hash(g) == pinned[name]
        assert rfc8785.dumps(json.loads(raw)) == raw
        assert loads(raw) == g
        assert is_canonical(raw)

    def test_golden_files_are_exactly_the_golden_graphs(self) -> None:
        """tests/golden holds one file per golden graph, and the hashes."""
        names = {p.name for p in GOLDEN_DIR.iterdir()}
        assert names == {f"{name}.json" for name in GOLDEN} | {"hashes.json"}

    def test_bundled_example_is_the_golden_word_problem(self) -> None:
        """examples/word_problem.py builds the graph pinned as word_problem."""
        namespace: dict[str, Any] = {}
        source = (ROOT / "examples" / "word_problem.py").read_text(encoding="utf-8")
        exec(compile(source, "word_problem.py", "exec"), namespace)  # noqa: S102 -- our example
        assert namespace["build"]() == GOLDEN["word_problem"]()

    @pytest.mark.parametrize("seed", ["0", "1", "4242", "random"])
    def test_hashes_are_the_same_under_every_hash_seed(self, seed: str) -> None:
        """A fresh interpreter with another PYTHONHASHSEED computes the pinned hashes."""
        output = run_python(
            str(ROOT / "tests" / "_golden.py"), environment={"PYTHONHASHSEED": seed}
        )
        pinned = json.loads((GOLDEN_DIR / "hashes.json").read_text(encoding="utf-8"))
        printed = dict(line.split(" ") for line in output.splitlines())
        assert printed == pinned
