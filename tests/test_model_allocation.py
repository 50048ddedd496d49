"""The allocator: ids, names and symbols, the phrases and options it takes, every refusal."""

from __future__ import annotations

import json
from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import SourceSpanLink, SymbolBinding, allocate_symbols
from binding_graph import strategies as bgst
from tests._helpers import refusal, run_python, span

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator


def allocate(phrases: Iterable[str], **options: Any) -> tuple[SymbolBinding, ...]:
    """Allocate *phrases* with a fixed span and introducer, and *options*."""
    arguments: dict[str, Any] = {"source_span": span(), "introduced_by": "test"}
    arguments.update(options)
    return allocate_symbols(phrases, **arguments)


def ids(symbols: tuple[SymbolBinding, ...]) -> list[str]:
    """Return the ids of *symbols*, in order."""
    return [symbol.symbol_id for symbol in symbols]


class TestIds:
    """Each id is {prefix}_{slug}_{index:03d}: an ASCII slug of the phrase and its position."""

    def test_ids_follow_prefix_slug_index(self) -> None:
        """Each id is {prefix}_{slug}_{index:03d}, index being the position."""
        assert ids(allocate(["Alice", "apples", "Bob"])) == [
            "sym_alice_000",
            "sym_apples_001",
            "sym_bob_002",
        ]

    @pytest.mark.parametrize(
        ("phrase", "slug"),
        [
            ("Café", "cafe"),
            ("CAFÉ", "cafe"),
            ("naïve résumé", "naive_resume"),
            ("  Tom's 3 apples!  ", "tom_s_3_apples"),
            ("red-apples", "red_apples"),
            ("__x__", "x"),
            ("a   b\t\nc", "a_b_c"),
            ("42", "42"),
            ("ﬁsh", "fish"),
            ("\uff38", "x"),  # FULLWIDTH LATIN CAPITAL LETTER X
            ("Straße", "strae"),
            ("apples 日本", "apples"),
            ("a.b.c", "a_b_c"),
        ],
    )
    def test_slug_is_ascii_folded_lowercase_with_runs_replaced(
        self, phrase: str, slug: str
    ) -> None:
        """The slug is NFKD-folded to ASCII, lower-cased, runs of other chars to _."""
        assert ids(allocate([phrase])) == [f"sym_{slug}_000"]

    def test_equal_phrases_get_distinct_ids(self) -> None:
        """The index keeps equal phrases apart."""
        assert ids(allocate(["apple", "Apple", "apple!"])) == [
            "sym_apple_000",
            "sym_apple_001",
            "sym_apple_002",
        ]

    def test_index_past_999_takes_four_digits(self) -> None:
        """The index is zero-padded to three digits and grows past them."""
        symbols = allocate(["n"] * 1001)
        assert symbols[999].symbol_id == "sym_n_999"
        assert symbols[1000].symbol_id == "sym_n_1000"
        assert len(set(ids(symbols))) == 1001

    def test_non_ascii_prefix_is_accepted(self) -> None:
        """Any NFKC-normal identifier serves as a prefix."""
        assert ids(allocate(["apples"], prefix="\u03c3")) == ["\u03c3_apples_000"]


class Phrase(str):
    """A str subclass that changes nothing."""

    __slots__ = ()


class TestSymbols:
    """Each symbol is named by its phrase and shares the span, role and introducer given."""

    def test_name_is_the_phrase_stripped(self) -> None:
        """The name is the phrase without surrounding whitespace, inner text verbatim."""
        symbols = allocate(["  Alice  ", "\tred  apples\n", "Café"])
        assert [s.name for s in symbols] == ["Alice", "red  apples", "Café"]

    def test_every_symbol_gets_span_role_and_introducer(self) -> None:
        """The given span, role and introducer go to every symbol."""
        link = span(source_id="p7", start=10, end=13, text="Bob")
        symbols = allocate_symbols(
            ["Alice", "Bob", "apples"],
            source_span=link,
            introduced_by="rule:noun_phrase",
            semantic_role="entity",
            prefix="ent",
        )
        assert len(symbols) == 3
        for symbol in symbols:
            assert type(symbol) is SymbolBinding
            assert symbol.source_span == link
            assert symbol.semantic_role == "entity"
            assert symbol.introduced_by == "rule:noun_phrase"
            assert symbol.entity is None
            assert symbol.unit is None
        assert ids(symbols) == ["ent_alice_000", "ent_bob_001", "ent_apples_002"]

    def test_defaults_are_quantity_and_sym(self) -> None:
        """Without options the role is quantity and the prefix is sym."""
        (symbol,) = allocate(["apples"])
        assert symbol.semantic_role == "quantity"
        assert symbol.symbol_id.startswith("sym_")

    def test_a_str_subclass_phrase_is_refused_at_its_position(self) -> None:
        """A phrase must be exactly a str: a subclass is wrong_type at its position."""
        error = refusal(allocate, ["Alice", Phrase(" Bob ")])
        assert (error.code, error.path) == ("wrong_type", ("noun_phrases", 1))
        assert error.message == (
            "allocate_symbols.noun_phrases[1] must be a str, not Phrase, a subclass"
            " of str: convert it with str(value) (got ' Bob ')"
        )


def _phrases() -> Iterator[str]:
    yield "Alice"
    yield "apples"


def _no_phrases() -> Iterator[str]:
    yield from ()


# Factories, so that a one-shot iterator is made afresh for each run.
ORDERED_ITERABLES: list[Callable[[], Iterable[str]]] = [
    lambda: ["Alice", "apples"],
    lambda: ("Alice", "apples"),
    lambda: deque(["Alice", "apples"]),
    lambda: iter(["Alice", "apples"]),
    _phrases,
    {"first": "Alice", "second": "apples"}.values,
]


WRONG_TYPED_PHRASES: list[object] = [
    "Alice",
    "",
    b"Alice",
    bytearray(b"Alice"),
    memoryview(b"Alice"),
    {"Alice", "Bob"},
    frozenset({"Alice"}),
    {"Alice": 1},
    {"Alice": 1}.keys(),
    OrderedDict.fromkeys(["Alice"]),
    3,
    None,
    object(),
]


# One refusal of each kind, with its exact code, path and message.
PHRASE_MESSAGES: list[Any] = [
    pytest.param(
        "Alice",
        {},
        "allocate_symbols.noun_phrases must be an ordered iterable of str"
        " (a list or tuple), not str (got 'Alice')",
        id="bare-str",
    ),
    pytest.param(
        {"Alice"},
        {},
        "allocate_symbols.noun_phrases must be an ordered iterable of str"
        " (a set's order changes with the hash seed), not set (got {'Alice'})",
        id="set",
    ),
    pytest.param(
        ["Alice", "!!!"],
        {},
        "allocate_symbols.noun_phrases[1] must hold a letter or digit that"
        " folds to ASCII (got '!!!')",
        id="unslugifiable",
    ),
    pytest.param(
        [],
        {},
        "allocate_symbols.noun_phrases must hold at least one phrase (got none)",
        id="empty",
    ),
]


class TestPhrases:
    """Phrases come in an ordered iterable of non-blank str, each with a letter or digit."""

    @pytest.mark.parametrize(
        "make",
        ORDERED_ITERABLES,
        ids=["list", "tuple", "deque", "iterator", "generator", "dict-values"],
    )
    def test_ordered_iterables_are_accepted(
        self, make: Callable[[], Iterable[str]]
    ) -> None:
        """Any ordered, non-mapping iterable of str works, generators included."""
        assert ids(allocate(make())) == ["sym_alice_000", "sym_apples_001"]

    def test_generator_is_consumed_once(self) -> None:
        """A generator is read once, in order, and gives the same ids as a list."""
        pulled: list[str] = []

        def phrases() -> Iterator[str]:
            for phrase in ("Alice", "apples"):
                pulled.append(phrase)
                yield phrase

        assert allocate(phrases()) == allocate(["Alice", "apples"])
        assert pulled == ["Alice", "apples"]

    def test_no_phrases_is_empty_allocation(self) -> None:
        """An empty list of phrases is refused as empty_allocation."""
        error = refusal(allocate, [])
        assert (error.code, error.path) == ("empty_allocation", ("noun_phrases",))
        assert "allocate_symbols.noun_phrases" in error.message

    @pytest.mark.parametrize(
        "make",
        [tuple, lambda: iter(()), _no_phrases],
        ids=["tuple", "iterator", "generator"],
    )
    def test_any_empty_iterable_is_empty_allocation(
        self, make: Callable[[], object]
    ) -> None:
        """An empty tuple, iterator or generator is refused as empty_allocation."""
        error = refusal(allocate, make())
        assert (error.code, error.path) == ("empty_allocation", ("noun_phrases",))

    @pytest.mark.parametrize(
        "phrases",
        WRONG_TYPED_PHRASES,
        ids=[
            "str",
            "empty-str",
            "bytes",
            "bytearray",
            "memoryview",
            "set",
            "frozenset",
            "dict",
            "dict-keys",
            "ordered-dict",
            "int",
            "none",
            "object",
        ],
    )
    def test_noun_phrases_of_wrong_type_are_refused(self, phrases: object) -> None:
        """A bare string, bytes, a set, a mapping or a non-iterable is wrong_type."""
        error = refusal(allocate, phrases)
        assert (error.code, error.path) == ("wrong_type", ("noun_phrases",))
        assert error.message.startswith("allocate_symbols.noun_phrases must be")

    @pytest.mark.parametrize(
        ("phrases", "code", "index"),
        [
            (["Alice", 3], "wrong_type", 1),
            ([None], "wrong_type", 0),
            (["Alice", "Bob", b"apples"], "wrong_type", 2),
            ([["Alice"]], "wrong_type", 0),
            (["Alice", ""], "empty_text", 1),
            (["   "], "empty_text", 0),
            (["Alice", "\t\n"], "empty_text", 1),
            (["\u3000"], "empty_text", 0),
            (["Alice", "\ud800"], "invalid_text", 1),
            (["apples\udfff"], "invalid_text", 0),
            (["!!!"], "unslugifiable_phrase", 0),
            (["Alice", "日本"], "unslugifiable_phrase", 1),
            (["---", "Alice"], "unslugifiable_phrase", 0),
            (["€ ∑ ©"], "unslugifiable_phrase", 0),
        ],
    )
    def test_bad_phrase_is_refused_at_its_index(
        self, phrases: list[object], code: str, index: int
    ) -> None:
        """A non-str, blank, unencodable or unslugifiable phrase is refused where it is."""
        error = refusal(allocate, phrases)
        assert (error.code, error.path) == (code, ("noun_phrases", index))
        assert f"allocate_symbols.noun_phrases[{index}]" in error.message

    def test_first_bad_phrase_is_reported(self) -> None:
        """Of several bad phrases, the first in order is reported."""
        error = refusal(allocate, ["Alice", "!!!", 3])
        assert (error.code, error.path) == ("unslugifiable_phrase", ("noun_phrases", 1))

    @pytest.mark.parametrize(
        ("phrases", "options", "message"),
        PHRASE_MESSAGES,
    )
    def test_refusal_message_is_exact(
        self, phrases: object, options: dict[str, object], message: str
    ) -> None:
        """Each of the allocator's own refusals has its exact message."""
        assert refusal(allocate, phrases, **options).message == message


# One refusal of each kind, with its exact code, path and message.
OPTION_MESSAGES: list[Any] = [
    pytest.param(
        ["Alice"],
        {"source_span": "p1"},
        "allocate_symbols.source_span must be a SourceSpanLink, not str (got 'p1')",
        id="source_span",
    ),
]


class TestOptions:
    """The role, prefix, span and introducer are checked first, each at its own path."""

    @pytest.mark.parametrize(
        ("options", "code", "path"),
        [
            ({"semantic_role": "banana"}, "not_in_vocabulary", ("semantic_role",)),
            ({"semantic_role": ""}, "empty_text", ("semantic_role",)),
            ({"semantic_role": " "}, "empty_text", ("semantic_role",)),
            ({"semantic_role": None}, "wrong_type", ("semantic_role",)),
            ({"semantic_role": "\ud800"}, "invalid_text", ("semantic_role",)),
            ({"prefix": "class"}, "invalid_identifier", ("prefix",)),
            ({"prefix": "1x"}, "invalid_identifier", ("prefix",)),
            ({"prefix": "a-b"}, "invalid_identifier", ("prefix",)),
            ({"prefix": "\ufb01"}, "invalid_identifier", ("prefix",)),
            ({"prefix": ""}, "empty_text", ("prefix",)),
            ({"prefix": 3}, "wrong_type", ("prefix",)),
            ({"prefix": "\ud800"}, "invalid_text", ("prefix",)),
            ({"source_span": None}, "wrong_type", ("source_span",)),
            ({"source_span": ("p1", 0, 5, "Alice")}, "wrong_type", ("source_span",)),
            ({"introduced_by": ""}, "empty_text", ("introduced_by",)),
            ({"introduced_by": "  "}, "empty_text", ("introduced_by",)),
            ({"introduced_by": None}, "wrong_type", ("introduced_by",)),
            ({"introduced_by": "\udc00"}, "invalid_text", ("introduced_by",)),
        ],
    )
    def test_bad_option_is_refused(
        self, options: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """A bad role, prefix, span or introducer is refused with its own path."""
        error = refusal(allocate, ["Alice"], **options)
        assert (error.code, error.path) == (code, path)
        assert f"allocate_symbols.{path[0]}" in error.message

    def test_options_are_checked_even_with_no_phrases(self) -> None:
        """A bad option is reported before the phrases are looked at."""
        error = refusal(allocate, [], prefix="class")
        assert (error.code, error.path) == ("invalid_identifier", ("prefix",))

    @pytest.mark.parametrize(
        ("phrases", "options", "message"),
        OPTION_MESSAGES,
    )
    def test_refusal_message_is_exact(
        self, phrases: object, options: dict[str, object], message: str
    ) -> None:
        """Each of the allocator's own refusals has its exact message."""
        assert refusal(allocate, phrases, **options).message == message


class TestRolesAndUnits:
    """Each symbol gets the role and unit given for all, or its own from a list of one per phrase."""

    def test_one_role_and_unit_for_every_symbol(self) -> None:
        """A role and a unit given once go to every symbol."""
        symbols = allocate(["Alice", "Bob"], semantic_role="count", unit="apple")
        assert [(s.semantic_role, s.unit) for s in symbols] == [("count", "apple")] * 2

    def test_no_unit_by_default(self) -> None:
        """Without a unit, the symbols have none, and the role is quantity."""
        symbols = allocate(["Alice"])
        assert (symbols[0].semantic_role, symbols[0].unit) == ("quantity", None)

    @pytest.mark.parametrize("sequence", [list, tuple])
    def test_a_role_and_a_unit_per_phrase(self, sequence: Callable[..., Any]) -> None:
        """A list or tuple of roles and of units gives each symbol its own."""
        symbols = allocate(
            ["Alice", "apples", "price"],
            semantic_role=sequence(["entity", "count", "rate"]),
            unit=sequence([None, "apple", "dollar/apple"]),
        )
        assert [(s.semantic_role, s.unit) for s in symbols] == [
            ("entity", None),
            ("count", "apple"),
            ("rate", "dollar/apple"),
        ]

    @pytest.mark.parametrize(
        ("options", "code", "path"),
        [
            ({"semantic_role": ["count"]}, "wrong_type", ("semantic_role",)),
            (
                {"semantic_role": ["count", "fruit"]},
                "not_in_vocabulary",
                ("semantic_role", 1),
            ),
            ({"semantic_role": ("count", None)}, "wrong_type", ("semantic_role", 1)),
            ({"unit": ["kg"]}, "wrong_type", ("unit",)),
            ({"unit": ["kg", " "]}, "empty_text", ("unit", 1)),
            ({"unit": ("kg", 3)}, "wrong_type", ("unit", 1)),
            ({"unit": ""}, "empty_text", ("unit",)),
            ({"unit": 3}, "wrong_type", ("unit",)),
        ],
    )
    def test_a_bad_role_or_unit_is_refused_at_its_position(
        self, options: dict[str, object], code: str, path: tuple[str | int, ...]
    ) -> None:
        """A list of the wrong length, or a bad member, is refused at the list or at the member."""
        error = refusal(allocate, ["Alice", "Bob"], **options)
        assert (error.code, error.path) == (code, path)

    def test_refusal_messages_are_exact(self) -> None:
        """The refusals of a list of the wrong length and of a bad member say which."""
        assert refusal(allocate, ["Alice", "Bob"], unit=["kg"]).message == (
            "allocate_symbols.unit must be one value, or a list of one per phrase (2)"
            " and not 1, not list (got ['kg'])"
        )
        assert refusal(
            allocate, ["A", "B"], semantic_role=["count", "fruit"]
        ).message == (
            "allocate_symbols.semantic_role[1] must be one of count, difference,"
            " duration, entity, quantity, rate, ratio, total, unknown (got 'fruit')"
        )


_PHRASES = st.lists(
    bgst.texts(max_size=12).map(lambda t: "a" + t), min_size=1, max_size=8
)


_SPAN = SourceSpanLink("problem-1", 0, 5, "Alice")


_ALLOCATE_SCRIPT = """
import json, sys
from binding_graph import SourceSpanLink, allocate_symbols
span = SourceSpanLink("problem-1", 0, 5, "Alice")
for phrases in json.load(sys.stdin):
    print(repr(allocate_symbols(phrases, source_span=span, introduced_by="t")))
"""


class TestDeterminism:
    """Equal phrases give equal symbols, in any process, under any hash seed."""

    def test_allocation_is_deterministic(self) -> None:
        """Allocating the same phrases twice gives equal output."""
        phrases = ["Alice", "Café", "  red apples ", "Alice", "日本 rice"]
        first = allocate(phrases, semantic_role="count", prefix="p")
        second = allocate(list(phrases), semantic_role="count", prefix="p")
        assert first == second
        assert [repr(s) for s in first] == [repr(s) for s in second]

    @given(_PHRASES, bgst.identifiers())
    def test_allocation_is_deterministic_in_process(
        self, phrases: list[str], prefix: str
    ) -> None:
        """Allocating the same phrases twice gives equal symbols with equal reprs."""
        first = allocate_symbols(
            phrases, source_span=_SPAN, introduced_by="t", prefix=prefix
        )
        second = allocate_symbols(
            list(phrases), source_span=_SPAN, introduced_by="t", prefix=prefix
        )
        assert first == second
        assert repr(first) == repr(second)
        assert [s.symbol_id.rsplit("_", 1)[1] for s in first] == [
            f"{i:03d}" for i in range(len(phrases))
        ]

    @settings(max_examples=5, deadline=None)
    @given(st.lists(_PHRASES, min_size=10, max_size=10))
    def test_allocation_is_deterministic_across_hash_seeds(
        self, batch: list[list[str]]
    ) -> None:
        """Separate processes with different hash seeds allocate the same bytes."""
        outputs: set[bytes] = set()
        for seed in ("0", "1", "4242"):
            output = run_python(
                "-c",
                _ALLOCATE_SCRIPT,
                environment={"PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"},
                stdin=json.dumps(batch),
            )
            outputs.add(output.encode("utf-8", "surrogatepass"))
        assert len(outputs) == 1
        assert outputs.pop().count(b"SymbolBinding(") == sum(map(len, batch))
