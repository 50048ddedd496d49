"""JSON Lines corpora for the tests of the reader and the command line, and their oracle.

A corpus mixes valid documents, documents with one rule broken, bytes that
are no document at all and blank lines, joined by LF or CRLF, with or
without a last line end.
The oracle reads it the obvious way, the whole corpus in memory and
:func:`binding_graph.loads` on each line, so that the streaming reader and
the command line can be held to it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from hypothesis import strategies as st

from binding_graph import BindingGraphError, SemanticSymbolicBindingGraph, loads
from binding_graph import strategies as bgst

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

__all__ = ["SMALL", "Outcome", "corpora", "document_lines", "oracle", "reference_lines"]

SMALL: dict[str, int] = {
    "max_symbols": 2,
    "max_facts": 2,
    "max_equations": 2,
    "max_unknowns": 1,
    "max_constraints": 1,
    "max_provenance": 1,
}
"""Bounds of the valid graphs in a corpus: small, so that examples are quick to draw."""

Outcome = tuple[
    int, "SemanticSymbolicBindingGraph | tuple[str, tuple[str | int, ...], str]"
]
"""A record as the oracle sees it: its line, and its graph or (code, path, message)."""


def _as_json(document: dict[str, Any], *, ascii_only: bool) -> bytes:
    text = json.dumps(document, ensure_ascii=ascii_only)
    # A lone surrogate in a str is not UTF-8: in bytes it is a line that
    # loads refuses as malformed, which a corpus may hold too.
    return text.encode("utf-8", "surrogatepass")


@st.composite
def document_lines(draw: DrawFn) -> bytes:
    """Draw one line of a corpus, without its line end: a document, or not one."""
    kind = draw(st.sampled_from(["valid", "invalid", "garbage", "blank"]))
    if kind == "valid":
        document = draw(bgst.graph_documents(**SMALL))
        return _as_json(document, ascii_only=draw(st.booleans()))
    if kind == "invalid":
        document, _ = draw(bgst.invalid_graph_documents())
        return _as_json(document, ascii_only=draw(st.booleans()))
    if kind == "garbage":
        return draw(st.binary(max_size=40)).replace(b"\n", b"")
    return draw(st.sampled_from([b"", b" ", b"\t", b"  \t ", b"\r"]))


@st.composite
def corpora(draw: DrawFn, *, max_lines: int = 6) -> bytes:
    """Draw a corpus: lines joined by LF or CRLF, the last line end optional."""
    lines = draw(st.lists(document_lines(), max_size=max_lines))
    ends = [draw(st.sampled_from([b"\n", b"\r\n"])) for _ in lines]
    unended = draw(st.booleans())
    if lines and unended:
        ends[-1] = b""
    return b"".join(line + end for line, end in zip(lines, ends, strict=True))


def reference_lines(data: bytes) -> list[tuple[int, bytes]]:
    """Split *data* into numbered lines, the obvious way: all of it in memory."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # after a last line end, or in an empty corpus
        last_ended = True
    else:
        last_ended = False
    result: list[tuple[int, bytes]] = []
    for number, line in enumerate(lines, 1):
        ended = number < len(lines) or last_ended
        result.append((number, line[:-1] if ended and line.endswith(b"\r") else line))
    return result


def _blank(line: bytes, max_bytes: int) -> bool:
    return len(line) <= max_bytes and line.strip(b" \t\r") == b""


def oracle(data: bytes, max_bytes: int) -> list[Outcome]:
    """Return what reading *data* must give: each record's line, and its graph or refusal."""
    result: list[Outcome] = []
    for number, line in reference_lines(data):
        if _blank(line, max_bytes):
            continue
        try:
            result.append((number, loads(line, max_bytes=max_bytes)))
        except BindingGraphError as error:
            result.append((number, (error.code, error.path, error.message)))
    return result
