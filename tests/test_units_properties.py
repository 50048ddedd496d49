"""binding_graph.units by its laws: the algebra of units, spellings that read back, random texts, and admission."""

from __future__ import annotations

import functools
import json
import operator
from collections import Counter
from fractions import Fraction
from importlib import resources
from typing import TYPE_CHECKING, Final

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from binding_graph import (
    AdmissibilityStatus,
    BindingGraphError,
    BoundEquation,
    SemanticSymbolicBindingGraph,
    SymbolBinding,
)
from binding_graph.units import (
    ADMISSION_REASONS,
    DEFAULT,
    LEXICON_VERSION,
    Dimension,
    Unit,
    _words,
    admit,
    parse_unit,
)
from tests._graphs import SPAN, dense_graphs
from tests._helpers import run_python

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn, SearchStrategy

    from binding_graph.errors import ErrorPath

REFUSING: Final = frozenset({"unknown_unit", "limit_exceeded"})
"""The codes a text that is not a unit, or is beyond a limit, is refused with."""

NOUNS: Final = ("apple", "person", "cookie", "Easter egg", "push-up", "pair of shoes")
"""Count nouns, by their singular, that the lexicon does not list."""

Names = dict[str, int]
"""A unit as the canonical names of the lexicon (or count nouns) it is a product of, with their powers."""


def _plain() -> list[str]:
    """Return the canonical names of the lexicon's units without an offset."""
    return [name for name, unit in DEFAULT.units.items() if not unit.offset]


# Deferred: the lexicon's data file is read when a test draws, not at import.
_LEXICON_UNITS: Final = st.deferred(
    lambda: st.sampled_from(_plain()).map(DEFAULT.units.__getitem__)
)
_NOUN_UNITS: Final = st.sampled_from(NOUNS).map(parse_unit)
_NUMBER_UNITS: Final = st.sampled_from(["2", "60", "1.5", "1000"]).map(parse_unit)
UNITS: Final = st.one_of(_LEXICON_UNITS, _NOUN_UNITS)
"""A unit of the lexicon (without an offset) or a count noun."""


@st.composite
def compound_units(draw: DrawFn, *, max_factors: int = 3) -> Unit:
    """Build a product and quotient of lexicon units, count nouns and numbers, left to right."""
    factors = draw(st.lists(UNITS | _NUMBER_UNITS, min_size=1, max_size=max_factors))
    unit = factors[0]
    for factor in factors[1:]:
        unit = unit * factor if draw(st.booleans()) else unit / factor
    return unit


# A grammar's characters: letters, digits, spaces, operators and symbols.
_GRAMMAR: Final = st.sampled_from(
    [*"abcdefghijklmnopqrstuvwxyzCFKLM0123456789 /*^()·²³$%€°-'"]
)
# Its words, so that drawn texts often come near a unit.
_WORDS: Final = st.sampled_from(
    [
        *("per", "of", "a", "each", "square", "cubic", "squared", "sq", "s", "'s"),
        *("mile", "miles", "hour", "km", "kg", "°C", "$", "%", "cups", "apples"),
        *("pair", "gross", "(", ")", "/", "*", "^2", "^-1", "²", "2", "0", "1.5"),
    ]
)


def read_or_refusal(text: str) -> Unit | tuple[str, ErrorPath]:
    """Return the unit *text* names, or the code and path of its refusal."""
    try:
        return parse_unit(text)
    except BindingGraphError as error:
        return error.code, error.path


class TestAlgebra:
    """Units multiply and divide as exact scales over integer exponents."""

    @given(UNITS, UNITS)
    def test_multiplication_is_commutative(self, a: Unit, b: Unit) -> None:
        """Multiplying commutes: a * b == b * a, spelled alike."""
        assert a * b == b * a
        assert str(a * b) == str(b * a)

    @given(UNITS, UNITS, UNITS)
    def test_multiplication_is_associative(self, a: Unit, b: Unit, c: Unit) -> None:
        """(a * b) * c == a * (b * c), spelled alike."""
        assert (a * b) * c == a * (b * c)
        assert str((a * b) * c) == str(a * (b * c))

    @given(UNITS, UNITS)
    def test_division_undoes_multiplication(self, a: Unit, b: Unit) -> None:
        """(a * b) / b == a, spelled as a."""
        assert (a * b) / b == a
        assert str((a * b) / b) == str(a)

    @given(UNITS)
    def test_a_unit_over_itself_is_one(self, a: Unit) -> None:
        """A unit over itself, a / a, is the pure number 1: scale 1, no dimension, spelled 1."""
        one = a / a
        assert one == Unit(Fraction(1))
        assert (one.scale, one.dimension, str(one)) == (Fraction(1), Dimension(), "1")

    @given(UNITS, st.integers(-3, 3))
    def test_a_power_is_repeated_multiplication(self, a: Unit, power: int) -> None:
        """A power a ** n is a * a * ... (n times), or 1 / that for negative n, spelled alike."""
        product = functools.reduce(operator.mul, [a] * abs(power), Unit(Fraction(1)))
        expected = product if power >= 0 else Unit(Fraction(1)) / product
        assert a**power == expected
        assert str(a**power) == str(expected)
        assert a.scale**power == expected.scale


class TestSpellingsReadBack:
    """The canonical spelling of a unit reads back as that unit, and is its own canonical spelling."""

    @given(UNITS | st.deferred(lambda: st.sampled_from(list(DEFAULT.units.values()))))
    def test_a_lexicon_unit_or_a_count_noun(self, unit: Unit) -> None:
        """parse_unit(str(u)) == u, offset included, and str(parse_unit(str(u))) == str(u)."""
        read = parse_unit(str(unit))
        assert (read, read.offset) == (unit, unit.offset)
        assert str(read) == str(unit)

    @given(compound_units())
    def test_products_and_quotients(self, unit: Unit) -> None:
        """A product and quotient of units reads back from its spelling, spelled alike."""
        read = parse_unit(str(unit))
        assert read == unit
        assert str(read) == str(unit)

    @given(
        st.fractions(min_value=Fraction(1, 1000), max_value=1000),
        st.lists(
            st.tuples(
                st.sampled_from(["[length]", "[mass]", "[time]", "[money]", "[EUR]"])
                | st.sampled_from(NOUNS),
                st.integers(-3, 3).filter(bool),
            ),
            max_size=3,
            unique_by=lambda pair: pair[0],
        ),
    )
    def test_a_unit_built_by_hand(
        self, scale: Fraction, exponents: list[tuple[str, int]]
    ) -> None:
        """A unit without names is spelled by its scale and coherent units, and reads back; that reading's spelling is canonical."""
        unit = Unit(scale, Dimension(tuple(sorted(exponents))))
        read = parse_unit(str(unit))
        assert read == unit
        # A currency's coherent unit is spelled by its code: EUR reads as euro.
        assert str(parse_unit(str(read))) == str(read)


# Every word of the lexicon's data, drawn in any case with any plural
# ending: the words whose variants once read as count nouns that did not
# read back (Kms, Percents, Yens).
_LEXICON_WORDS: Final = st.deferred(
    lambda: st.sampled_from(
        sorted(
            {
                *DEFAULT.units,
                *_words.vocabulary().spellings,
                *_words.vocabulary().plurals,
                *_words.vocabulary().plurals.values(),
            }
        )
    )
)
_CASES: Final = st.sampled_from(
    [str.lower, str.upper, str.title, str.capitalize, str.swapcase, str]
)
_ENDINGS: Final = st.sampled_from(["", "s", "es", "S", "ES", "'s", " of apples"])


class TestVariantsReadBack:
    """Whatever case and ending a lexicon word is written with, it is refused or reads back as it is spelled."""

    @given(_LEXICON_WORDS, _CASES, _ENDINGS)
    def test_a_variant_of_a_word(
        self, word: str, case: Callable[[str], str], ending: str
    ) -> None:
        """A variant is refused at no path, or read as a unit whose spelling reads back to it."""
        outcome = read_or_refusal(case(word) + ending)
        if not isinstance(outcome, Unit):
            assert outcome[0] in REFUSING
            assert outcome[1] == ()
            return
        again = parse_unit(str(outcome))
        assert (again, again.offset, str(again)) == (
            outcome,
            outcome.offset,
            str(outcome),
        )

    @given(
        st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABC"), min_size=1),
        st.integers(1, 1200),
        _ENDINGS,
    )
    def test_a_long_noun(self, letters: str, length: int, ending: str) -> None:
        """A count noun up to past MAX_UNIT_LENGTH is read back as itself, or refused as unknown_unit or limit_exceeded."""
        text = (letters * (length // len(letters) + 1))[:length] + ending
        outcome = read_or_refusal(text)
        if isinstance(outcome, Unit):
            assert parse_unit(str(outcome)) == outcome
        else:
            assert outcome[0] in REFUSING


class TestRandomText:
    """Any text reads as a unit or is refused as unknown_unit or limit_exceeded, never otherwise."""

    @given(
        st.text(max_size=40)
        | st.text(_GRAMMAR, max_size=40)
        | st.lists(_WORDS, max_size=8).map(" ".join)
        | st.lists(_WORDS, max_size=8).map("".join)
    )
    def test_random_text(self, text: str) -> None:
        """parse_unit returns a Unit, or raises BindingGraphError with a code of the profile at no path."""
        outcome = read_or_refusal(text)
        if isinstance(outcome, Unit):
            event("read")
        else:
            event(outcome[0])
            assert outcome[0] in REFUSING
            assert outcome[1] == ()


_IDS: Final = ("a", "b", "c", "d", "e", "f")
_STATUSES: Final[SearchStrategy[AdmissibilityStatus]] = st.sampled_from(
    ["pending", "admitted"]
)

# Derived spellings and phrases, with the names they stand for.
_PHRASES: Final[dict[str, Names]] = {
    "mph": {"mile": 1, "hour": -1},
    "km/h": {"kilometer": 1, "hour": -1},
    "kilometers per hour": {"kilometer": 1, "hour": -1},
    "mpg": {"mile": 1, "gallon": -1},
    "cc": {"centimeter": 3},
    "sq ft": {"foot": 2},
    "square meters": {"meter": 2},
    "dollars per apple": {"dollar": 1, "apple": -1},
    "apples": {"apple": 1},
    "people": {"person": 1},
    "pairs of shoes": {"pair of shoes": 1},
    "cups of flour": {"cup": 1},
    "$": {"dollar": 1},
    "%": {"percent": 1},
}


def _spellings() -> list[tuple[str | None, Names]]:
    """Return unit texts (None for a pure number) and the names each stands for."""
    text = (
        resources.files("binding_graph.units")
        .joinpath(f"{LEXICON_VERSION}.json")
        .read_text(encoding="utf-8")
    )
    spelled: list[tuple[str | None, Names]] = [(None, {})]
    for entry in json.loads(text)["units"]:
        name: str = entry["name"]
        if "offset" not in entry:
            plural: list[str] = [entry["plural"]] if entry["plural"] else []
            spellings: list[str] = entry["spellings"]
            spelled += [(s, {name: 1}) for s in (name, *plural, *spellings)]
    spelled += [(text, dict(names)) for text, names in _PHRASES.items()]
    return spelled


_SPELLINGS: Final = st.deferred(lambda: st.sampled_from(_spellings()))


def _dimension(names: Names) -> Counter[str]:
    """Return the dimension of a product of names, as base: exponent (no zeros)."""
    total: Counter[str] = Counter()
    for name, power in names.items():
        unit = DEFAULT.units.get(name)
        bases = dict(unit.dimension.exponents) if unit is not None else {name: 1}
        for base, exponent in bases.items():
            total[base] += power * exponent
    return Counter({base: n for base, n in total.items() if n})


def _combine(left: Names, right: Names, sign: int) -> Names:
    merged = Counter(left)
    for name, power in right.items():
        merged[name] += sign * power
    return {name: power for name, power in merged.items() if power}


def _scale(names: Names) -> Fraction:
    """Return the scale of a product of names: count nouns are of scale 1."""
    scale = Fraction(1)
    for name, power in names.items():
        unit = DEFAULT.units.get(name)
        scale *= (unit.scale if unit is not None else 1) ** power
    return scale


def _spell(names: Names) -> str | None:
    """Spell names as the grammar reads them, each with its power: ``mile^1*hour^-1``."""
    return "*".join(f"{n}^{p}" for n, p in sorted(names.items())) or None


@st.composite
def units_graphs(
    draw: DrawFn, *, max_symbols: int = 6, sound: bool = True
) -> tuple[SemanticSymbolicBindingGraph, tuple[Fraction, ...]]:
    """Build a graph whose pending equations are products, quotients or sums of earlier symbols.

    *sound*: each left-hand side's unit has its right-hand side's dimension
    (spelled as the names it is a product of, or as a lexicon unit of that
    dimension); otherwise it is any unit, and some statuses are decided.
    Returns the graph, and for each equation the ratio of its right-hand
    side's scale to its left-hand side's.
    """
    ids = _IDS[: draw(st.integers(2, max_symbols))]
    given = draw(st.integers(1, len(ids) - 1))
    texts: list[str | None] = []
    names: list[Names] = []
    for _ in range(given):
        text, spelled = draw(_SPELLINGS)
        texts.append(text)
        names.append(spelled)
    equations: list[BoundEquation] = []
    ratios: list[Fraction] = []
    for index in range(given, len(ids)):
        x = draw(st.integers(0, index - 1))
        form = draw(st.sampled_from(["*", "/", "+", "-", "scaled", "negated"]))
        if form in {"+", "-"}:
            y = draw(st.sampled_from([i for i in range(index) if names[i] == names[x]]))
            rhs, result = f"{ids[x]} {form} {ids[y]}", names[x]
        elif form in {"*", "/"}:
            y = draw(st.integers(0, index - 1))
            rhs = f"{ids[x]} {form} {ids[y]}"
            result = _combine(names[x], names[y], 1 if form == "*" else -1)
        else:
            y = x
            rhs = f"60 * {ids[x]}" if form == "scaled" else f"-{ids[x]}"
            result = names[x]
        lhs: tuple[str | None, Names]
        if sound:
            dimension = _dimension(result)
            alike = [(n, {n: 1}) for n in _plain() if _dimension({n: 1}) == dimension]
            lhs = draw(st.sampled_from([(_spell(result), result), *alike]))
        else:
            lhs = draw(_SPELLINGS)
        ratios.append(_scale(result) / _scale(lhs[1]))
        texts.append(lhs[0])
        names.append(lhs[1])
        status = "pending" if sound else draw(_STATUSES)
        equations.append(
            BoundEquation(
                lhs_symbol_id=ids[index],
                rhs_canonical=rhs,
                dependencies=frozenset({ids[x], ids[y]}),
                operation_kind="test",
                unit_proof="to be proved",
                admissibility_status=status,
                source_span=SPAN,
            )
        )
    symbols = tuple(
        SymbolBinding(
            symbol_id=symbol_id,
            name=symbol_id,
            semantic_role="quantity",
            source_span=SPAN,
            introduced_by="test",
            unit=text,
        )
        for symbol_id, text in zip(ids, texts, strict=True)
    )
    graph = SemanticSymbolicBindingGraph(symbols=symbols, equations=tuple(equations))
    return graph, tuple(ratios)


class TestAdmission:
    """admit admits every equation sound in its units, and is idempotent."""

    @given(units_graphs())
    def test_a_units_correct_graph_is_admitted(
        self, drawn: tuple[SemanticSymbolicBindingGraph, tuple[Fraction, ...]]
    ) -> None:
        """Every pending equation of a units-correct graph is admitted, its proof ending with its left-hand side's unit."""
        graph, ratios = drawn
        units = {s.symbol_id: s.unit for s in graph.symbols}
        admitted = admit(graph)
        for before, after, ratio in zip(
            graph.equations, admitted.equations, ratios, strict=True
        ):
            assert (after.admissibility_status, after.refusal_reason) == (
                "admitted",
                None,
            )
            lhs = str(parse_unit(units[before.lhs_symbol_id]))
            event("scaled" if ratio != 1 else "same scale")
            ending = f" = {lhs}" if ratio == 1 else f" = {ratio}*{lhs}"
            assert after.unit_proof.endswith(ending)
            # Nothing but the status, the proof and the reason changes.
            assert attrs.evolve(after, unit_proof=before.unit_proof) == attrs.evolve(
                before, admissibility_status="admitted"
            )
        assert admitted.symbols == graph.symbols

    @given(
        units_graphs(sound=False).map(operator.itemgetter(0))
        | units_graphs().map(operator.itemgetter(0))
        | dense_graphs(max_symbols=4)
    )
    def test_admit_is_idempotent(self, graph: SemanticSymbolicBindingGraph) -> None:
        """admit(admit(g)) == admit(g), and the same with recheck=True; reasons are of ADMISSION_REASONS."""
        once = admit(graph)
        assert admit(once) is once
        rechecked = admit(graph, recheck=True)
        assert admit(rechecked, recheck=True) == rechecked
        assert admit(once, recheck=True) == rechecked
        for equation in rechecked.equations:
            event(equation.admissibility_status)
            if equation.admissibility_status == "refused":
                assert equation.refusal_reason is not None
                reason = equation.refusal_reason.partition(":")[0]
                assert reason in ADMISSION_REASONS

    @pytest.mark.parametrize("unit", ["men's", "kg's"])
    def test_a_possessive_unit_refuses_with_a_reason_of_the_set(
        self, unit: str
    ) -> None:
        """An equation between a possessive unit and apples is refused, with a reason of ADMISSION_REASONS."""
        symbols = tuple(
            SymbolBinding(
                symbol_id=symbol_id,
                name=symbol_id,
                semantic_role="quantity",
                source_span=SPAN,
                introduced_by="test",
                unit=text,
            )
            for symbol_id, text in (("x", unit), ("y", "apples"))
        )
        equation = BoundEquation(
            lhs_symbol_id="y",
            rhs_canonical="x",
            dependencies=frozenset({"x"}),
            operation_kind="test",
            unit_proof="to be proved",
            admissibility_status="pending",
            source_span=SPAN,
        )
        graph = SemanticSymbolicBindingGraph(symbols=symbols, equations=(equation,))
        (decided,) = admit(graph).equations
        assert decided.admissibility_status == "refused"
        assert decided.refusal_reason is not None
        reason = decided.refusal_reason.partition(":")[0]
        assert reason in ADMISSION_REASONS


# A fixed graph: equations admitted, refused for their dimension, and
# refused for units that do not read, two of them in one equation.
SEEDED_SCRIPT: Final = """
from binding_graph import (
    AdmissibilityStatus,
    BoundEquation, SemanticSymbolicBindingGraph, SourceSpanLink, SymbolBinding, dumps,
)
from binding_graph.units import admit

span = SourceSpanLink("p1", 0, 5, "Alice")
units = {
    "price": "dollars per apple", "count": "apples", "cost": "$",
    "speed": "mph", "time": "minutes", "distance": "km",
    "p": "per", "q": "of", "r": "a", "s": "each", "t": "an", "u": "per per",
    "total": "dollars", "sum": "kg",
}
equations = [
    ("cost", "price * count"), ("distance", "speed * time"), ("sum", "price + cost"),
    ("total", "p + q"), ("total", "r * s"), ("total", "t / u"), ("total", "q - s"),
    ("sum", "count / time"),
]
graph = SemanticSymbolicBindingGraph(
    symbols=tuple(
        SymbolBinding(symbol_id=i, name=i, semantic_role="quantity",
                      source_span=span, introduced_by="test", unit=u)
        for i, u in units.items()
    ),
    equations=tuple(
        BoundEquation(lhs_symbol_id=lhs, rhs_canonical=rhs,
                      dependencies=frozenset(rhs.split()[::2]), operation_kind="test",
                      unit_proof="to be proved", admissibility_status="pending",
                      source_span=span)
        for lhs, rhs in equations
    ),
)
print(dumps(admit(graph)))
"""


class TestDeterminism:
    """admit decides the same way in every interpreter."""

    def test_admit_is_the_same_under_every_hash_seed(self) -> None:
        """Two interpreters with different hash seeds write the same admitted graph."""
        outputs = {
            run_python("-c", SEEDED_SCRIPT, environment={"PYTHONHASHSEED": seed})
            for seed in ("0", "1")
        }
        assert len(outputs) == 1
        equations = json.loads(outputs.pop())["equations"]
        reasons = [
            (equation["admissibility_status"], equation.get("refusal_reason") or "")
            for equation in equations
        ]
        assert [(status, reason.partition(":")[0]) for status, reason in reasons] == [
            ("admitted", ""),
            ("admitted", ""),
            ("refused", "unit_mismatch"),
            *[("refused", "unknown_unit")] * 4,
            ("refused", "dimension_mismatch"),
        ]
        assert [equation["unit_proof"] for equation in equations[:2]] == [
            "dollar/apple * apple = dollar",
            "mile/hour * minute = mile*minute/hour = 4191/156250*kilometer",
        ]
