"""from_data refuses hostile Python trees with BindingGraphError and nothing else.

JSON text can only hold dicts, lists, strs, ints, bools and None; a tree built
in Python can hold anything: subclasses whose equality, hashing or iteration
lie, keys that are not strings, floats, huge ints, shared and
self-referencing containers.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    SourceSpanLink,
    from_data,
    refusals,
    to_data,
)
from binding_graph import strategies as bgst
from binding_graph.model import MODEL_CLASSES
from tests._helpers import ROOT, graph, load_script

if TYPE_CHECKING:
    from collections.abc import Callable


hostile: Any = load_script(ROOT / "fuzz" / "hostile.py")


class Boom(Exception):  # noqa: N818 -- what hostile code raises
    """What a hostile method raises: anything but a BindingGraphError."""


def _boom(self: object, *_: object) -> Any:  # noqa: ARG001 -- stands in for methods
    raise Boom


class AlwaysEqualStr(str):
    """A str equal to everything, hashed like no field name."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 1


class RaisingStr(str):
    """A str whose equality and hashing raise."""

    __slots__ = ()
    __eq__ = _boom
    __hash__ = _boom


class FieldHashedStr(str):
    """A str hashed as a str, whose equality raises: it collides with its value."""

    __slots__ = ()
    __eq__ = _boom
    __hash__ = str.__hash__


class LyingInt(int):
    """An int whose comparisons raise."""

    __slots__ = ()
    __eq__ = _boom
    __lt__ = _boom
    __le__ = _boom
    __hash__ = _boom


class LyingDict(dict[Any, Any]):
    """A dict whose keys and items raise."""

    keys = _boom
    items = _boom
    __iter__ = _boom


class LyingList(list[Any]):
    """A list whose iteration and length raise."""

    __iter__ = _boom
    __len__ = _boom


def _self_referencing_list() -> list[Any]:
    loop: list[Any] = []
    loop.append(loop)
    return loop


def _self_referencing_dict() -> dict[str, Any]:
    loop: dict[str, Any] = {}
    loop["source_id"] = loop
    return loop


# Makers, not values: Hypothesis hashes what it samples, and these raise.
_KEYS: list[Callable[[], Any]] = [
    lambda: 1.5,
    lambda: math.nan,
    lambda: 10**400,
    lambda: AlwaysEqualStr("x"),
    lambda: FieldHashedStr("source_id"),
    lambda: FieldHashedStr("symbol_id"),
]
_SCALARS: list[Callable[[], Any]] = [
    lambda: True,
    lambda: False,
    lambda: math.inf,
    lambda: -(10**400),
    lambda: RaisingStr("x"),
    lambda: LyingInt(1),
    *_KEYS,
]
HOSTILE_KEYS = st.sampled_from(_KEYS).map(lambda make: make())
_CONTAINERS = st.sampled_from(
    [
        lambda: LyingDict(source_id="p"),
        lambda: LyingList(["x"]),
        _self_referencing_list,
        _self_referencing_dict,
        lambda: {1: "p"},
        lambda: {(1, 2): "p"},
        lambda: {None: "p"},
        lambda: {AlwaysEqualStr("x"): 1},
        lambda: {FieldHashedStr("y"): 1},
    ]
).map(lambda make: make())
HOSTILE = st.one_of(st.sampled_from(_SCALARS).map(lambda make: make()), _CONTAINERS)


def _nodes(tree: Any) -> list[tuple[Any, Any]]:
    """Return (container, key) for every place in *tree* that holds a value."""
    places: list[tuple[Any, Any]] = []
    stack: list[Any] = [tree]
    seen: set[int] = set()
    while stack:
        node: Any = stack.pop()
        if id(node) in seen:  # a shared or self-referencing container
            continue
        seen.add(id(node))
        # Narrowed from Any, the containers' items are unknown to pyright.
        if type(node) is dict:
            places += [(node, key) for key in node]  # pyright: ignore[reportUnknownVariableType]
            stack += list(node.values())  # pyright: ignore[reportUnknownArgumentType]
        elif type(node) is list:
            places += [(node, index) for index in range(len(node))]  # pyright: ignore[reportUnknownArgumentType]
            stack += node
    return places


@st.composite
def hostile_trees(draw: st.DrawFn) -> Any:
    """A valid graph document with hostile values put in one to three places."""
    tree = draw(bgst.graph_documents(max_symbols=3, max_facts=2, max_equations=2))
    # One object in two places: a symbol's span, shared with the provenance.
    tree["provenance"] += [s["source_span"] for s in tree["symbols"][:1]]
    for _ in range(draw(st.integers(1, 3))):
        places = _nodes(tree)
        container, key = places[draw(st.integers(0, len(places) - 1))]
        if draw(st.booleans()) and type(container) is dict:
            # Put the hostile thing in as a key instead of as a value.
            mapping: dict[Any, Any] = container  # pyright: ignore[reportUnknownVariableType]
            value: Any = mapping.pop(key)
            hostile_key = draw(HOSTILE_KEYS)
            try:
                mapping[hostile_key] = value
            except Boom:  # its hash raises: it cannot be a key at all
                mapping[key] = value
        else:
            container[key] = draw(HOSTILE)
    return tree


class TestHostileTrees:
    """No tree built in Python makes from_data raise anything but a refusal."""

    @given(tree=hostile_trees())
    def test_hostile_graph_trees_are_refused_or_read(self, tree: Any) -> None:
        """from_data of a hostile graph tree raises BindingGraphError, if anything."""
        try:
            from_data(tree)
        except BindingGraphError as exc:
            code = exc.code
        else:
            return
        assert code in {
            "wrong_type",
            "unknown_key",
            "missing_key",
            "limit_exceeded",
            "malformed_document",
            "empty_text",
            "invalid_text",
            "invalid_identifier",
            "not_in_vocabulary",
            "invalid_span",
            "unsupported_version",
            "refusal_reason_required",
            "refusal_reason_forbidden",
            "duplicate_symbol_id",
            "unknown_symbol",
        }

    @given(document=bgst.graph_documents(max_symbols=3), choice=st.integers(0, 2**40))
    def test_a_document_with_one_lying_value_is_refused(
        self, document: dict[str, Any], choice: int
    ) -> None:
        """A valid document with one value or key made a lying subclass, or spiteful, is refused."""
        tree = hostile.poison(document, choice)
        with pytest.raises(BindingGraphError) as info:
            from_data(tree)
        # A header of another type says that it is no graph document.
        assert info.value.code in {
            "wrong_type",
            "unknown_key",
            "missing_key",
            "malformed_document",
        }

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    @given(value=HOSTILE)
    def test_a_hostile_value_alone_is_refused(self, cls: type[Any], value: Any) -> None:
        """A hostile value in place of any object is refused."""
        with pytest.raises(BindingGraphError):
            from_data(value, cls)

    def test_a_key_equal_to_everything_is_an_unknown_key(self) -> None:
        """A key whose equality always holds is refused, not a StopIteration."""
        data = {"source_id": "p", "start": 0, "end": 1, "text": "a"}
        data[AlwaysEqualStr("x")] = 1
        with pytest.raises(BindingGraphError) as info:
            from_data(data, SourceSpanLink)
        assert (info.value.code, info.value.path) == ("unknown_key", ())
        assert info.value.message.startswith("SourceSpanLink has no field ")

    def test_a_key_whose_equality_raises_is_an_unknown_key(self) -> None:
        """A key that raises when compared with a field name is refused at its object."""
        span = {"source_id": "p", "start": 0, "text": "a", FieldHashedStr("end"): 1}
        with pytest.raises(BindingGraphError) as info:
            from_data(span, SourceSpanLink)
        assert (info.value.code, info.value.path) == ("unknown_key", ())
        assert info.value.message == (
            "SourceSpanLink has no field 'end'; its fields are source_id, start,"
            " end, text"
        )

    def test_a_nested_raising_key_is_refused_at_its_object(self) -> None:
        """The refusal of a raising key names the path of the object that holds it."""
        symbol = {
            "symbol_id": "x",
            "name": "x",
            "semantic_role": "quantity",
            "source_span": {
                "start": 0,
                "end": 1,
                "text": "a",
                FieldHashedStr("source_id"): "p",
            },
            "introduced_by": "t",
            "entity": None,
            "unit": None,
        }
        with pytest.raises(BindingGraphError) as info:
            from_data(symbol, MODEL_CLASSES[1])
        assert (info.value.code, info.value.path) == ("unknown_key", ("source_span",))

    def test_a_defect_is_not_turned_into_a_refusal(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A foreign exception with no hostile key behind it is raised as it is."""
        from binding_graph.documents import _trees  # noqa: PLC0415

        decoders = _trees._TREE_BY_ID  # noqa: SLF001  # pyright: ignore[reportPrivateUsage]
        entry = (_boom, 1, SourceSpanLink)
        monkeypatch.setitem(decoders, id(SourceSpanLink), entry)
        with pytest.raises(Boom):
            from_data({"source_id": "p"}, SourceSpanLink)


class KeptStr(str):
    """A str subclass that changes nothing."""

    __slots__ = ()


class TestFriendlySubclasses:
    """A subclass of str is refused in a tree too, however faithfully it behaves."""

    def test_a_dependency_of_a_kept_subclass_is_refused(self) -> None:
        """A dependency that is a str subclass is wrong_type at its position."""
        data = to_data(graph())
        data["equations"][0]["dependencies"] = ["x", KeptStr("y")]
        with pytest.raises(BindingGraphError) as info:
            from_data(data)
        assert (info.value.code, info.value.path) == (
            "wrong_type",
            ("equations", 0, "dependencies", 1),
        )

    def test_a_key_of_a_subclass_is_refused_where_it_names_a_field(self) -> None:
        """A key that is a str subclass is unknown_key, though it equals a field's name."""
        data = to_data(graph())
        symbol = data["symbols"][0]
        symbol[KeptStr("name")] = symbol.pop("name")
        with pytest.raises(BindingGraphError) as info:
            from_data(data)
        assert (info.value.code, info.value.path) == ("unknown_key", ("symbols", 0))

    def test_a_raising_key_inside_a_list_is_refused_at_its_element(self) -> None:
        """The refusal of a raising key in an array's element has the element's path."""
        data = to_data(graph())
        data["symbols"][1]["source_span"] = {
            "source_id": "p1",
            "start": 0,
            "text": "Alice",
            FieldHashedStr("end"): 5,
        }
        with pytest.raises(BindingGraphError) as info:
            from_data(data)
        assert (info.value.code, info.value.path) == (
            "unknown_key",
            ("symbols", 1, "source_span"),
        )


class TestWalkingHostileTrees:
    """A raising key is refused without being compared, however the tree around it is built."""

    def test_a_deep_tree_around_a_raising_key_is_refused_as_too_deep(self) -> None:
        """A tree 20,000 objects deep is refused at its first value too deep, before any key is looked at."""
        deep: Any = {1: "not a field name"}
        for _ in range(20_000):
            deep = {"a": deep}
        document = to_data(graph())
        symbol = document["symbols"][0]
        symbol[FieldHashedStr("name")] = symbol.pop("name")
        data = {"constraints": [deep], **document}
        data["constraints"] = [deep]
        with pytest.raises(BindingGraphError) as info:
            from_data(data)
        assert (info.value.code, info.value.path) == (
            "limit_exceeded",
            ("constraints", 0, "a", "a"),
        )

    def test_a_raising_key_beside_a_self_referencing_container(self) -> None:
        """A list that holds itself is refused as too deep, and the raising key is never compared."""
        loop: list[Any] = []
        loop.append(loop)
        document = to_data(graph())
        symbol = document["symbols"][0]
        symbol[FieldHashedStr("name")] = symbol.pop("name")
        data = {**document, "provenance": loop}
        with pytest.raises(BindingGraphError) as info:
            from_data(data)
        assert (info.value.code, info.value.path) == (
            "limit_exceeded",
            ("provenance", 0, 0, 0),
        )
        document["constraints"] = [loop]
        assert [(e.code, e.path) for e in refusals(document)] == [
            ("limit_exceeded", ("constraints", 0, 0, 0))
        ]
