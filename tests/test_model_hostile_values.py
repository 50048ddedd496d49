"""Hostile Python values at every entry point: nothing but a refusal escapes, and nothing lies its way in.

A caller in Python can hand the library anything: a subclass of ``str`` whose
length lies, a ``tuple`` whose iteration yields nothing, an object whose
``__class__`` claims to be a graph, a class whose metaclass raises when it is
hashed. Each entry point either gives what the plain value would give, or
refuses with a :class:`~binding_graph.BindingGraphError` at the argument;
the values come from ``fuzz/hostile.py``, which the fuzz harness uses too.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from binding_graph import (
    BindingGraphError,
    LineRecord,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    allocate_symbols,
    canonical_bytes,
    content_hash,
    dump_lines,
    dumps,
    from_data,
    is_canonical,
    load_line,
    load_lines,
    loads,
    to_data,
)
from binding_graph import analysis as an
from binding_graph.errors import render_path
from tests._helpers import (
    MODEL_CLASSES,
    ROOT,
    equation,
    graph,
    load_script,
    refusal,
    span,
    symbol,
    untyped,
)

hostile: Any = load_script(ROOT / "fuzz" / "hostile.py")

GRAPH = graph()
DOCUMENT = canonical_bytes(GRAPH)
_EXAMPLES: dict[type, Any] = dict.fromkeys(MODEL_CLASSES)


def _example(cls: type) -> Any:
    """Return a valid object of the model class *cls*: a part of the example graph."""
    if cls is SemanticSymbolicBindingGraph:
        return GRAPH
    if cls is SourceSpanLink:
        return span()
    collection = {
        "SymbolBinding": "symbols",
        "BoundFact": "facts",
        "BoundEquation": "equations",
        "BoundUnknown": "unknowns",
        "BoundConstraint": "constraints",
    }[cls.__name__]
    return getattr(GRAPH, collection)[0]


@attrs.frozen
class Entry:
    """One argument of one entry point: how to call it with a value there, and what must follow.

    *plain* is a valid value for the argument. A hostile value there must
    be refused as ``wrong_type`` at *path*; where *iterated*, the argument
    is read by iterating it, so the entry point may also return (what the
    iteration yielded is what it was given).
    """

    name: str
    call: Callable[[Any], object]
    plain: object
    path: tuple[str | int, ...]
    iterated: bool = False


def _record_error(record: LineRecord | None) -> object:
    """Raise the refusal a record holds, so that it is judged as a raised one; else return its graph."""
    assert record is not None
    if record.error is not None:
        raise record.error
    return record.graph


def _all_records(source: object) -> list[LineRecord]:
    return list(load_lines(untyped(source)))


def _allocate(**arguments: Any) -> object:
    given_arguments: dict[str, Any] = {
        "source_span": span(),
        "introduced_by": "parser",
        **arguments,
    }
    phrases = given_arguments.pop("noun_phrases", ["apples"])
    return allocate_symbols(phrases, **given_arguments)


def _allocating(name: str) -> Callable[[Any], object]:
    """Return a call of allocate_symbols with its argument *name* given."""
    return lambda value: _allocate(**{name: value})


def _evolving(cls: type, field: str) -> Callable[[Any], object]:
    """Return a change of *field* of the example *cls*, which builds it anew."""
    return lambda value: attrs.evolve(_example(cls), **{field: value})


def _holding(field: str) -> Callable[[Any], object]:
    """Return a change of the graph whose collection *field* holds one value."""
    return lambda value: attrs.evolve(GRAPH, **{field: (value,)})


def _extending(field: str) -> Callable[[Any], object]:
    """Return an extension of the graph by the collection *field*."""
    return lambda value: GRAPH.extend(**{field: value})


_ANALYSES: tuple[Callable[[Any], object], ...] = (
    an.determined_symbols,
    an.solve_order,
    an.cycles,
    an.findings,
    an.require_solvable,
    an.to_dot,
    an.to_mermaid,
)
_WRITERS: tuple[Callable[[Any], object], ...] = (
    to_data,
    canonical_bytes,
    dumps,
    content_hash,
)

ENTRIES: list[Entry] = [
    Entry("loads(text)", loads, DOCUMENT, ("text",)),
    Entry("loads(str text)", loads, DOCUMENT.decode(), ("text",)),
    Entry(
        "loads(cls)",
        lambda v: loads(DOCUMENT, v),
        SemanticSymbolicBindingGraph,
        ("cls",),
    ),
    Entry(
        "loads(max_bytes)",
        lambda v: loads(DOCUMENT, max_bytes=v),
        10**6,
        ("max_bytes",),
    ),
    Entry("from_data(data)", from_data, to_data(GRAPH), ()),
    Entry(
        "from_data(cls)",
        lambda v: from_data(to_data(GRAPH), v),
        SemanticSymbolicBindingGraph,
        ("cls",),
    ),
    Entry(
        "is_canonical(cls)",
        lambda v: is_canonical(DOCUMENT, v),
        SemanticSymbolicBindingGraph,
        ("cls",),
    ),
    Entry(
        "load_line(line)", lambda v: _record_error(load_line(v)), DOCUMENT, ("text",)
    ),
    Entry("load_line(number)", lambda v: load_line(DOCUMENT, v), 1, ("number",)),
    Entry(
        "load_line(max_bytes)",
        lambda v: load_line(DOCUMENT, max_bytes=v),
        10**6,
        ("max_bytes",),
    ),
    Entry("load_lines(source)", _all_records, [DOCUMENT], ("source",), iterated=True),
    Entry(
        "load_lines(a line)",
        lambda v: [_record_error(r) for r in load_lines([DOCUMENT, v])],
        DOCUMENT,
        ("text",),
    ),
    Entry(
        "load_lines(max_bytes)",
        lambda v: load_lines(io.BytesIO(DOCUMENT), max_bytes=v),
        10**6,
        ("max_bytes",),
    ),
    Entry(
        "dump_lines(graphs)",
        lambda v: dump_lines(v, io.BytesIO()),
        [GRAPH],
        ("graphs",),
        iterated=True,
    ),
    Entry(
        "dump_lines(file)", lambda v: dump_lines([GRAPH], v), io.BytesIO(), ("file",)
    ),
    Entry(
        "allocate_symbols(noun_phrases)",
        lambda v: _allocate(noun_phrases=v),
        ["apples", "pears"],
        ("noun_phrases",),
        iterated=True,
    ),
    Entry(
        "allocate_symbols(a phrase)",
        lambda v: _allocate(noun_phrases=["apples", v]),
        "pears",
        ("noun_phrases", 1),
    ),
    *(
        Entry(
            f"allocate_symbols({name})",
            _allocating(name),
            plain,
            (name,),
        )
        for name, plain in [
            ("source_span", span()),
            ("introduced_by", "parser"),
            ("semantic_role", "quantity"),
            ("prefix", "sym"),
        ]
    ),
    *(Entry(f"{write.__name__}(obj)", write, GRAPH, ()) for write in _WRITERS),
    *(
        Entry(f"analysis.{analyse.__name__}(graph)", analyse, GRAPH, ("graph",))
        for analyse in _ANALYSES
    ),
    *(
        Entry(
            f"{cls.__name__}.{field}",
            _evolving(cls, field),
            getattr(_example(cls), field),
            (field,),
        )
        for cls in MODEL_CLASSES
        for field in attrs.fields_dict(cls)
    ),
    *(
        Entry(
            f"SemanticSymbolicBindingGraph.{field}[0]",
            _holding(field),
            getattr(GRAPH, field)[0],
            (field, 0),
        )
        for field in attrs.fields_dict(SemanticSymbolicBindingGraph)
        if getattr(GRAPH, field)
    ),
    *(
        Entry(
            f"extend({field})",
            _extending(field),
            (),
            (field,),
        )
        for field in attrs.fields_dict(SemanticSymbolicBindingGraph)
    ),
    Entry(
        "extend(an element)",
        lambda v: GRAPH.extend(provenance=(v,)),
        span(),
        ("provenance", len(GRAPH.provenance)),
    ),
    Entry(
        "Finding(code)",
        lambda v: an.Finding(v, ("symbols", 0), "m"),
        "unused_symbol",
        ("code",),
    ),
    Entry(
        "Finding(path)",
        lambda v: an.Finding("unused_symbol", v, "m"),
        ("symbols", 0),
        ("path",),
    ),
    Entry(
        "Finding(a segment)",
        lambda v: an.Finding("unused_symbol", ("symbols", v), "m"),
        0,
        ("path", 1),
    ),
    Entry(
        "Finding(message)",
        lambda v: an.Finding("unused_symbol", (), v),
        "m",
        ("message",),
    ),
    Entry("LineRecord(line)", lambda v: LineRecord(v, graph=GRAPH), 1, ("line",)),
    Entry("LineRecord(graph)", lambda v: LineRecord(1, graph=v), GRAPH, ("graph",)),
]
"""Every argument of every entry point that takes a caller's value."""

_IDS = [entry.name for entry in ENTRIES]
_SPITE_VARIANTS = range(4)  # see hostile.spiteful


def outcome(entry: Entry, value: object) -> object:
    """Return what *entry* gives for *value*: its result, its refusal's code and path, or what escaped.

    An exception other than a refusal is caught and named, never shown: it
    may carry the hostile value, which raises wherever a report touches it.
    """
    try:
        return ("returned", entry.call(value))
    except BindingGraphError as exc:
        return ("refused", exc.code, exc.path)
    except Exception as exc:  # noqa: BLE001 -- named in the comparison that fails
        return ("escaped", type(exc).__name__)


def judge(entry: Entry, make: Callable[[], object]) -> None:
    """Call *entry* with the value *make* returns: it must refuse it as wrong_type at its path.

    An iterated argument is what its iteration yields: the entry point must
    give what it gives for a list of those items, or refuse the argument if
    iterating it fails.
    The hostile value is made here, and never passed as an argument or
    compared in an assert: a failure's report shows both, and showing the
    value raises.
    """
    value = make()
    got = outcome(entry, value)
    refused: object = ("refused", "wrong_type", entry.path)
    if not entry.iterated:
        assert got == refused
        return
    expected: object
    try:
        items = list(iter(untyped(value)))
    except Exception:  # noqa: BLE001 -- whatever the hostile iteration raises
        expected = refused
    else:
        expected = outcome(entry, items)
    assert got == expected


class TestEveryEntryPoint:
    """A value that lies or raises, at any argument of any entry point, is refused there."""

    @pytest.mark.parametrize("variant", _SPITE_VARIANTS)
    @pytest.mark.parametrize("entry", ENTRIES, ids=_IDS)
    def test_a_spiteful_object_is_refused(self, entry: Entry, variant: int) -> None:
        """An object whose hooks, class and metaclass raise or lie is wrong_type at the argument."""
        judge(entry, lambda: hostile.spiteful(variant))

    @pytest.mark.parametrize("entry", ENTRIES, ids=_IDS)
    def test_a_class_whose_metaclass_raises_is_refused(self, entry: Entry) -> None:
        """A class whose hashing, equality and name raise is wrong_type at the argument."""
        judge(entry, lambda: untyped(hostile.spiteful(0)).__class__)

    @pytest.mark.parametrize("entry", ENTRIES, ids=_IDS)
    @given(choice=st.integers(0, 2**32))
    def test_a_lying_subclass_of_the_plain_value_is_refused(
        self, entry: Entry, choice: int
    ) -> None:
        """A subclass of the valid value's type, whose methods lie or raise, is refused there."""
        plain = entry.plain
        if type(plain) not in hostile.BASES:
            return  # no built-in to subclass: the spiteful cases stand in
        try:
            hostile.subclass(type(plain), choice)(plain)
        except hostile.HostileError:
            return  # its constructor asked a method that raises: no value to pass
        judge(entry, lambda: hostile.subclass(type(plain), choice)(plain))

    @given(choice=st.integers(0, 2**32))
    def test_render_path_shows_any_segment(self, choice: int) -> None:
        """A path of hostile segments renders as text all the same."""
        segments = (hostile.spiteful(choice), hostile.hostile_like("x", choice), 3)
        rendered = render_path(untyped(segments))
        assert rendered.endswith("[3]")


class LengthLies(str):
    """A str whose length lies."""

    __slots__ = ()

    def __len__(self) -> int:
        return 1


class SubtractionLies(int):
    """An int whose subtraction lies."""

    __slots__ = ()

    def __sub__(self, other: object) -> int:
        return 1


class Empty(str):
    """A str that says it is empty."""

    __slots__ = ()

    def __len__(self) -> int:
        return 0


class Nothing(tuple[Any, ...]):
    """A tuple whose iteration yields nothing."""

    __slots__ = ()

    def __iter__(self) -> Any:
        return iter(())


class Untranslated(str):
    """A str whose translate() leaves it as it is."""

    __slots__ = ()

    def translate(self, _table: Any) -> str:  # noqa: D102 -- str's
        return str.__str__(self)


class EqualToAll(bytes):
    """Bytes equal to anything."""

    __slots__ = ()
    __hash__ = bytes.__hash__

    def __eq__(self, other: object) -> bool:
        return True


class Impostor:
    """An object whose __class__ says it is a graph."""

    @property  # type: ignore[misc]  # a lie, read-only on purpose
    def __class__(self) -> type:  # pyright: ignore[reportIncompatibleMethodOverride]
        return SemanticSymbolicBindingGraph


class Locked:
    """An object whose every attribute lookup raises."""

    def __getattribute__(self, name: str) -> Any:
        raise hostile.HostileError(name)


class NotIterable:
    """An object whose __iter__ returns what is not an iterator."""

    def __iter__(self) -> Any:
        return 5


class Broken(io.BytesIO):
    """A binary file whose read raises the error it was given."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def read(self, _size: int | None = -1, /) -> bytes:  # noqa: D102 -- a file's
        raise self.error


class Shy(str):
    """A str whose repr raises."""

    __slots__ = ()

    def __repr__(self) -> str:
        raise hostile.HostileError


class TestDefects:
    """The values that once got past a check, or escaped as another exception, each pinned."""

    def test_a_text_whose_length_lies_is_refused(self) -> None:
        """A span text whose len() says 1 is wrong_type, not a span of a 5-character text."""
        error = refusal(SourceSpanLink, "p", 0, 1, LengthLies("hello"))
        assert (error.code, error.path) == ("wrong_type", ("text",))
        assert error.message == (
            "SourceSpanLink.text must be a str, not LengthLies, a subclass of str:"
            " convert it with str(value) (got 'hello')"
        )

    def test_an_end_whose_subtraction_lies_is_refused(self) -> None:
        """An end whose __sub__ says 1 is wrong_type, not the end of a 1-character span."""
        error = refusal(SourceSpanLink, "p", 0, SubtractionLies(5), "h")
        assert (error.code, error.path) == ("wrong_type", ("end",))

    def test_a_text_whose_length_is_zero_is_not_measured_by_it(self) -> None:
        """A 5 kB document whose len() says 0 is refused, not read past max_bytes=10."""
        big = Empty(dumps(graph()) + " " * 5000)
        error = refusal(loads, big, max_bytes=10)
        assert (error.code, error.path) == ("wrong_type", ("text",))

    def test_a_tuple_that_iterates_nothing_is_refused(self) -> None:
        """A collection whose iteration yields nothing is wrong_type, in a graph and in extend."""
        error = refusal(graph, provenance=Nothing((span(),)))
        assert (error.code, error.path) == ("wrong_type", ("provenance",))
        fact_as_symbol = Nothing((GRAPH.facts[0],))
        error = refusal(GRAPH.extend, symbols=fact_as_symbol)
        assert (error.code, error.path) == ("wrong_type", ("symbols",))

    def test_a_text_whose_translation_lies_never_reaches_a_picture(self) -> None:
        """A name whose translate() leaves a newline in is refused before to_dot could draw it."""
        name = Untranslated('x"];\ninjected [label="x')
        error = refusal(symbol, name=name)
        assert (error.code, error.path) == ("wrong_type", ("name",))

    def test_bytes_equal_to_everything_are_refused(self) -> None:
        """Bytes whose == says True to anything are wrong_type, never compared."""
        repeated = b'{"end":1,"source_id":"a","source_id":"p","start":0,"text":"h"}'
        error = refusal(loads, EqualToAll(repeated), SourceSpanLink)
        assert (error.code, error.path) == ("wrong_type", ("text",))

    def test_a_graph_whose_class_lies_is_not_a_graph(self) -> None:
        """An object whose __class__ says it is a graph is refused by every analysis."""
        for analyse in _ANALYSES:
            error = refusal(analyse, Impostor())
            assert (error.code, error.path) == ("wrong_type", ("graph",))
        assert refusal(to_data, Impostor()).code == "wrong_type"

    def test_a_source_whose_attribute_lookup_raises_is_refused(self) -> None:
        """load_lines of an object whose __getattribute__ raises is wrong_type at source."""
        error = refusal(load_lines, untyped(Locked()))
        assert (error.code, error.path) == ("wrong_type", ("source",))
        assert error.message == (
            "load_lines.source must be a binary file or an iterable of lines, but"
            " the Locked"
            " given raised HostileError when it was used"
        )

    def test_phrases_whose_iteration_is_not_an_iterator_are_refused(self) -> None:
        """allocate_symbols of phrases whose __iter__ returns no iterator is wrong_type."""
        error = refusal(_allocate, noun_phrases=NotIterable())
        assert (error.code, error.path) == ("wrong_type", ("noun_phrases",))

    def test_a_file_whose_read_raises_is_refused_but_an_os_error_passes(self) -> None:
        """A file whose read raises is a refusal; one that cannot be read raises its OSError."""
        error = refusal(_all_records, Broken(hostile.HostileError("read")))
        assert (error.code, error.path) == ("wrong_type", ("source",))
        with pytest.raises(OSError, match="disk"):
            _all_records(Broken(OSError("disk")))

    def test_a_message_runs_no_method_of_a_subclass(self) -> None:
        """A subclass of str whose repr raises is shown by its value in a refusal."""
        error = refusal(equation, operation_kind=Shy("add"))
        assert error.message.endswith("(got 'add')")
