"""Graph documents written every way a producer might: for the tests that compare readers."""

from __future__ import annotations

import json
from typing import Any, cast

from hypothesis import strategies as st

from binding_graph import strategies as bgst

__all__ = ["hostile_texts"]


def write(
    value: object,
    out: list[str],
    extra: dict[int, tuple[str, object]],
    *,
    ordered: bool = False,
) -> None:
    """Write *value* as JSON into *out*; an object whose id is in *extra* gets a repeated key.

    *ordered* sorts each object's keys, the repeated one among them, as the
    canonical form does.
    """
    if isinstance(value, dict):
        members = cast("dict[str, object]", value)
        pairs = list(members.items())
        if id(members) in extra:
            pairs.append(extra[id(members)])
        if ordered:
            pairs.sort(key=lambda pair: pair[0])
        out.append("{")
        for index, (key, item) in enumerate(pairs):
            out.append(("," if index else "") + json.dumps(key) + ":")
            write(item, out, extra, ordered=ordered)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for index, item in enumerate(cast("list[object]", value)):
            out.append("," if index else "")
            write(item, out, extra, ordered=ordered)
        out.append("]")
    else:
        out.append(json.dumps(value, ensure_ascii=False))


def objects(value: object) -> list[dict[str, Any]]:
    """Return every object in the tree *value*, in document order."""
    found: list[dict[str, Any]] = []
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            members = cast("dict[str, Any]", item)
            found.append(members)
            stack.extend(reversed(list(members.values())))
        elif isinstance(item, list):
            stack.extend(reversed(cast("list[object]", item)))
    return found


@st.composite
def hostile_texts(draw: st.DrawFn) -> str:
    """Draw a graph document's text, written in one of the ways a producer might.

    Some are canonical; others differ from the canonical text in whitespace,
    key order, escapes or the order of dependencies; others repeat a key
    (with keys sorted, as if canonical), or hold a number the format does not.
    """
    document: dict[str, Any] = draw(bgst.graph_documents(max_symbols=3))
    if draw(st.booleans()):
        # Colons and backslashes in strings: only the strict parser then knows.
        document["symbols"] = [
            {**s, "introduced_by": draw(st.sampled_from(["llm:7b", 'a\\"b', "x"]))}
            for s in document["symbols"]
        ]
    way = draw(
        st.sampled_from(
            ["compact", "indented", "ascii", "repeated", "number", "sorted"]
        )
    )
    ordered = draw(st.booleans())
    if way == "sorted":
        # Canonical, if the dependencies happen to be drawn in order.
        return json.dumps(
            document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
    if way == "indented":
        return json.dumps(document, indent=draw(st.sampled_from([None, 0, 2])))
    if way == "ascii":
        return json.dumps(document)  # every non-ASCII character escaped
    if way == "number":
        big = draw(st.sampled_from([2**53, -(2**53), 2**64, 10**30, 1.5, 1e3, -0.0]))
        target = draw(st.sampled_from(objects(document)))
        key = draw(st.sampled_from(sorted(target)))
        target[key] = big
        return json.dumps(document)
    extra: dict[int, tuple[str, object]] = {}
    if way == "repeated":
        target = draw(st.sampled_from(objects(document)))
        key = draw(st.sampled_from(sorted(target)))
        choices: list[object] = [target[key], None, 7, "x", [], {}]
        again = draw(st.sampled_from(choices))
        extra[id(target)] = (key, again)
    out: list[str] = []
    write(document, out, extra, ordered=ordered)
    return "".join(out)
