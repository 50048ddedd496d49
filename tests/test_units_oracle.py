"""The units lexicon against oracles: pint's registry for physical units, exact tables for the rest, and its data file's shape."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import pint
import pytest

from binding_graph import BindingGraphError
from binding_graph.units import DEFAULT, LEXICON_VERSION, Dimension, Unit, parse_unit
from tests._helpers import refusal

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph.errors import ErrorPath

    # pint's registry, of float magnitudes; pint before 0.25 (the last for
    # Python 3.10) is not generic at run time.
    Registry = pint.UnitRegistry[float]

PHYSICAL_BASES: Final = frozenset({"[length]", "[mass]", "[time]", "[temperature]"})
"""The base dimensions pint knows by the same names."""

RELATIVE: Final = 1e-12
"""How far pint's float may be from our exact scale, relatively."""

PINT_SPELLINGS: Final = {
    "millimeter": "millimeter",
    "centimeter": "centimeter",
    "inch": "inch",
    "decimeter": "decimeter",
    "foot": "foot",
    "yard": "yard",
    "meter": "meter",
    "kilometer": "kilometer",
    "mile": "mile",
    # The international acre, 43,560 square feet: pint's own "acre" changed
    # from it to the US survey acre between releases.
    "acre": "43560 * foot ** 2",
    "hectare": "hectare",
    "milliliter": "milliliter",
    "teaspoon": "teaspoon",
    "tablespoon": "tablespoon",
    "fluid ounce": "fluid_ounce",
    "cup": "cup",
    "pint": "pint",
    "quart": "quart",
    "liter": "liter",
    "gallon": "gallon",
    "bushel": "bushel",
    "milligram": "milligram",
    "gram": "gram",
    "ounce": "ounce",
    "pound": "pound",
    "kilogram": "kilogram",
    "ton": "short_ton",
    "tonne": "tonne",
    "second": "second",
    "minute": "minute",
    "hour": "hour",
    "day": "day",
    "week": "week",
    "fortnight": "fortnight",
    "month": "month",
    "year": "year",
    "decade": "10 * year",  # pint's `decade` is the logarithmic ratio of ten
    "century": "century",
    "millennium": "millennium",
    "degree Fahrenheit": "degree_Fahrenheit",
    "kelvin": "kelvin",
    "degree Celsius": "degree_Celsius",
}
"""Each physical unit of the lexicon, by its canonical name, as pint spells it."""

DERIVED: Final = {
    "mph": ("mile/hour", "mile / hour"),
    "kph": ("kilometer/hour", "kilometer / hour"),
    "mpg": ("mile/gallon", "mile / gallon"),
    "cc": ("centimeter^3", "centimeter ** 3"),
    "sq cm": ("centimeter^2", "centimeter ** 2"),
    "sq in": ("inch^2", "inch ** 2"),
    "sq ft": ("foot^2", "foot ** 2"),
    "sq yd": ("yard^2", "yard ** 2"),
    "sq m": ("meter^2", "meter ** 2"),
    "sq km": ("kilometer^2", "kilometer ** 2"),
    "sq mi": ("mile^2", "mile ** 2"),
}
"""Each derived spelling of the data file: its canonical spelling, and pint's."""

MONEY: Final = {
    "dollar": (Fraction(1), "[money]"),
    "cent": (Fraction(1, 100), "[money]"),
    "euro": (Fraction(1), "[EUR]"),
    "pound sterling": (Fraction(1), "[GBP]"),
    "yen": (Fraction(1), "[JPY]"),
    "rupee": (Fraction(1), "[INR]"),
}
"""Each currency of the lexicon: its scale, and its base dimension."""

DIMENSIONLESS: Final = {
    "percent": Fraction(1, 100),
    "pair": Fraction(2),
    "dozen": Fraction(12),
    "gross": Fraction(144),
}
"""Each pure number of the lexicon, and its value."""

COUNT_NOUNS: Final = {
    "apples": "apple",
    "people": "person",
    "children": "child",
    "cookies": "cookie",
    "boxes": "box",
    "berries": "berry",
    "DVDs": "DVD",
    "Easter eggs": "Easter egg",
    "push-ups": "push-up",
    "pairs of shoes": "pair of shoes",
    "pieces of candy": "piece of candy",
    "apple": "apple",
    "pair of shoes": "pair of shoes",
}
"""Texts that name a count noun, and the noun, by its singular."""

MEASURED_NOUNS: Final = {
    "cups of flour": "cup",
    "feet of rope": "foot",
    "liters of soda": "liter",
    "pounds of apples": "pound",
    "dollars of change": "dollar",
}
"""Texts ``UNIT of NOUN`` whose head is a unit of the lexicon: that unit."""

CONNECTORS: Final = ("per", "of", "a", "an", "each")
"""The data file's connector words, each refused alone."""


def _data() -> dict[str, Any]:
    """Return the data file, read from the installed package as a user's program reads it."""
    text = (
        resources.files("binding_graph.units")
        .joinpath(f"{LEXICON_VERSION}.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def read_or_refusal(text: str) -> Unit | tuple[str, ErrorPath]:
    """Return the unit *text* names, or the code and path of its refusal."""
    try:
        return parse_unit(text)
    except BindingGraphError as error:
        return error.code, error.path


def _is_physical(unit: Unit) -> bool:
    bases = {base for base, _ in unit.dimension.exponents}
    return bool(bases) and bases <= PHYSICAL_BASES


def _spellings(data: dict[str, Any]) -> Iterator[str]:
    """Yield every spelling of the data file: names, plurals, other spellings, derived spellings."""
    for entry in data["units"]:
        yield entry["name"]
        if entry["plural"] is not None:
            yield entry["plural"]
        yield from entry["spellings"]
    for entry in data["derived"]:
        yield from entry["spellings"]


@pytest.fixture(scope="module")
def ureg() -> Registry:
    """Return pint's default registry, built once for the module."""
    registry: Registry = pint.UnitRegistry()
    return registry


def _pint(ureg: Registry, spelling: str) -> tuple[float, float, dict[str, Any]]:
    """Return pint's scale, offset (in base units) and dimensionality of *spelling*."""
    quantity = ureg.parse_expression(spelling)
    one = _in_base_units(quantity)
    zero = _in_base_units(ureg.Quantity(0.0, quantity.units))
    return one - zero, zero, dict(quantity.dimensionality)


def _in_base_units(quantity: Any) -> float:
    """Return *quantity*'s magnitude in base units (pint leaves a magnitude's type unknown)."""
    return float(quantity.to_base_units().magnitude)


def _close(ours: Fraction, theirs: float) -> bool:
    return abs(float(ours) - theirs) <= RELATIVE * abs(float(ours))


class TestPint:
    """Every physical unit of the lexicon agrees with pint on dimension, scale and offset."""

    def test_the_table_covers_exactly_the_physical_units(self) -> None:
        """A physical unit without an oracle entry, or an entry without a unit, fails here."""
        physical = [name for name, unit in DEFAULT.units.items() if _is_physical(unit)]
        assert physical == list(PINT_SPELLINGS)

    @pytest.mark.parametrize("name", list(PINT_SPELLINGS))
    def test_a_physical_unit_agrees_with_pint(self, ureg: Registry, name: str) -> None:
        """Our exact scale and offset are pint's float, within 1e-12, in pint's dimension."""
        unit = DEFAULT.units[name]
        scale, offset, dimensionality = _pint(ureg, PINT_SPELLINGS[name])
        assert dimensionality == dict(unit.dimension.exponents)
        assert _close(unit.scale, scale)
        assert abs(float(unit.offset) - offset) <= RELATIVE * abs(offset)
        assert (unit.offset != 0) == (offset != 0)

    def test_offsets_are_celsius_and_fahrenheit_exactly(self) -> None:
        """Only the two degrees have an offset: 273.15 K and 459.67 * 5/9 K."""
        offsets = {name: u.offset for name, u in DEFAULT.units.items() if u.offset}
        assert offsets == {
            "degree Celsius": Fraction("273.15"),
            "degree Fahrenheit": Fraction("459.67") * Fraction(5, 9),
        }

    @pytest.mark.parametrize("spelling", list(DERIVED))
    def test_a_derived_spelling_agrees_with_pint(
        self, ureg: Registry, spelling: str
    ) -> None:
        """A derived spelling reads as its canonical spelling, of pint's scale and dimension."""
        canonical, theirs = DERIVED[spelling]
        unit = parse_unit(spelling)
        scale, offset, dimensionality = _pint(ureg, theirs)
        assert str(unit) == canonical
        assert unit == parse_unit(canonical)
        assert dimensionality == dict(unit.dimension.exponents)
        assert _close(unit.scale, scale)
        assert unit.offset == 0
        assert offset == 0

    def test_derived_spellings_are_exactly_the_data_files(self) -> None:
        """The table holds every derived spelling of the file, and no other."""
        spelled = [s for entry in _data()["derived"] for s in entry["spellings"]]
        assert spelled == list(DERIVED)

    def test_derived_spellings_are_their_products_exactly(self) -> None:
        """mph, mpg and cc are products of the lexicon's own units, exactly."""
        units = DEFAULT.units
        assert parse_unit("mph") == units["mile"] / units["hour"]
        assert parse_unit("mph").scale == Fraction(1397, 3125)
        assert parse_unit("mpg") == units["mile"] / units["gallon"]
        assert parse_unit("mpg").dimension == Dimension((("[length]", -2),))
        assert parse_unit("cc") == units["milliliter"]


class TestExactTables:
    """Money and pure numbers have exactly the tables' scales and dimensions."""

    def test_every_unit_is_in_exactly_one_table(self) -> None:
        """The lexicon's units are the physical ones, the currencies and the pure numbers, each once."""
        tables = [*PINT_SPELLINGS, *MONEY, *DIMENSIONLESS]
        assert sorted(tables) == sorted(DEFAULT.units)
        assert len(set(tables)) == len(tables)

    @pytest.mark.parametrize("name", list(MONEY))
    def test_money(self, name: str) -> None:
        """A currency is its scale of its own currency dimension: a cent is 1/100 dollar."""
        scale, base = MONEY[name]
        assert DEFAULT.units[name] == Unit(scale, Dimension(((base, 1),)))
        assert str(DEFAULT.units[name]) == name

    def test_each_currency_is_its_own_dimension(self) -> None:
        """Only the dollar and the cent share a dimension; a euro is not a dollar."""
        dimensions = Counter(DEFAULT.units[name].dimension for name in MONEY)
        assert sorted(dimensions.values()) == [1, 1, 1, 1, 2]
        assert dimensions[Dimension((("[money]", 1),))] == 2

    @pytest.mark.parametrize("name", list(DIMENSIONLESS))
    def test_pure_numbers(self, name: str) -> None:
        """A pure number is its value without a dimension: percent 1/100, pair 2, dozen 12, gross 144."""
        assert DEFAULT.units[name] == Unit(DIMENSIONLESS[name])
        assert DEFAULT.units[name].dimension.exponents == ()


class TestSpellings:
    """Every spelling of a unit reads as that unit; other phrases are count nouns."""

    @pytest.mark.parametrize("entry", _data()["units"], ids=lambda entry: entry["name"])
    def test_every_spelling_reads_as_its_unit(self, entry: dict[str, Any]) -> None:
        """The name, the plural and every other spelling read as the unit, spelled by its name."""
        name = entry["name"]
        spellings = [name, *([entry["plural"]] if entry["plural"] else [])]
        for spelling in [*spellings, *entry["spellings"]]:
            unit = parse_unit(spelling)
            assert unit == DEFAULT.units[name]
            assert (str(unit), unit.offset) == (name, DEFAULT.units[name].offset)

    @pytest.mark.parametrize("text", list(COUNT_NOUNS))
    def test_a_count_noun_is_a_dimension_named_by_its_singular(self, text: str) -> None:
        """A phrase the lexicon does not list is a count noun of its own dimension, scale 1."""
        noun = COUNT_NOUNS[text]
        unit = parse_unit(text)
        assert unit == Unit(Fraction(1), Dimension(((noun, 1),)))
        assert str(unit) == str(unit.dimension) == noun

    @pytest.mark.parametrize("text", list(MEASURED_NOUNS))
    def test_a_unit_of_a_noun_is_the_unit(self, text: str) -> None:
        """``UNIT of NOUN`` is the unit when its head is one of the lexicon's."""
        name = MEASURED_NOUNS[text]
        unit = parse_unit(text)
        assert unit == DEFAULT.units[name]
        assert str(unit) == name

    @pytest.mark.parametrize("word", CONNECTORS)
    def test_a_connector_alone_is_refused(self, word: str) -> None:
        """per, of, a, an and each are never a unit: unknown_unit, naming the word."""
        error = refusal(parse_unit, word)
        assert (error.code, error.path) == ("unknown_unit", ())
        assert repr(word) in error.message

    def test_a_connector_is_refused_in_any_case(self) -> None:
        """Capitalized connectors are refused too: Per, Of, A, An, Each."""
        for word in CONNECTORS:
            with pytest.raises(BindingGraphError) as info:
                parse_unit(word.capitalize())
            assert (info.value.code, info.value.path) == ("unknown_unit", ())

    def test_a_count_nouns_spelling_reads_back(self) -> None:
        """A phrase that reads as a count noun is spelled so that the spelling reads as that noun again."""
        for text in ("apples", "square", "squares", "pairs of shoes", "men's shoes"):
            unit = parse_unit(text)
            assert parse_unit(str(unit)) == unit

    @pytest.mark.parametrize(
        ("text", "word", "name"),
        [
            ("kgs", "kgs", "kg"),
            ("yens", "yens", "yen"),
            ("grosses", "grosses", "gross"),
            ("percents", "percents", "percent"),
            ("pers", "pers", "per"),
            ("ans", "ans", "an"),
            ("square square tiles", "tiles", "square tile"),
            ("kgs of flour", "kgs", "kg"),
        ],
    )
    def test_a_count_noun_that_would_read_otherwise_is_refused(
        self, text: str, word: str, name: str
    ) -> None:
        """A noun whose singular is a unit, a connector or a power is unknown_unit, not a noun that reads otherwise."""
        error = refusal(parse_unit, text)
        assert (error.code, error.path) == ("unknown_unit", ())
        assert error.message == (
            f"the text is not a unit: did not know the word {word!r}: as a count"
            f" noun it would be {name!r}, which reads otherwise"
        )

    @pytest.mark.parametrize("text", ["men's", "dollar's", "kg's", "cookie\u2019s"])
    def test_a_possessive_reads_or_is_an_unknown_unit(self, text: str) -> None:
        """A word ending in 's reads, or is refused as unknown_unit, never with another code."""
        outcome = read_or_refusal(text)
        if isinstance(outcome, Unit):
            assert parse_unit(str(outcome)) == outcome
        else:
            assert outcome == ("unknown_unit", ())


class TestDataFile:
    """The data file, as the installed package ships it, is well formed."""

    def test_format_and_version(self) -> None:
        """It says what it is: binding-graph-units, version 1, with its five sections."""
        data = _data()
        assert (data["format"], data["version"]) == ("binding-graph-units", 1)
        assert list(data) == [
            "format",
            "version",
            "units",
            "derived",
            "plurals",
            "connectors",
        ]
        assert data["connectors"] == list(CONNECTORS)

    def test_every_scale_is_a_fraction_in_lowest_terms(self) -> None:
        """Each scale and offset is a positive Fraction spelled as str(Fraction) spells it."""
        for entry in _data()["units"]:
            for field in ("scale", "offset"):
                if field in entry:
                    value = Fraction(entry[field])
                    assert (str(value), value > 0) == (entry[field], True), entry

    def test_every_entry_has_the_fields_of_a_unit(self) -> None:
        """Each unit has a name, a plural or null, spellings, a scale, a dimension, and maybe an offset."""
        required = {"name", "plural", "spellings", "scale", "dimension"}
        for entry in _data()["units"]:
            assert required <= set(entry) <= required | {"offset"}, entry
            assert all(type(power) is int for power in entry["dimension"].values())

    def test_the_file_is_the_lexicon(self) -> None:
        """DEFAULT.units holds the file's units, in its order, with its scales and offsets."""
        entries = _data()["units"]
        assert [entry["name"] for entry in entries] == list(DEFAULT.units)
        for entry in entries:
            unit = DEFAULT.units[entry["name"]]
            assert unit.scale == Fraction(entry["scale"])
            assert unit.offset == Fraction(entry.get("offset", 0))
            assert dict(unit.dimension.exponents) == entry["dimension"]

    def test_every_spelling_is_unique(self) -> None:
        """No spelling names two units, or one unit twice, anywhere in the file."""
        counts = Counter(_spellings(_data()))
        assert [spelling for spelling, n in counts.items() if n > 1] == []

    def test_no_spelling_is_a_connector_or_a_nouns_plural(self) -> None:
        """A connector, or an irregular plural of a count noun, is never a unit's spelling."""
        data = _data()
        spellings = {spelling.lower() for spelling in _spellings(data)}
        assert spellings & set(data["connectors"]) == set()
        assert spellings & set(data["plurals"]) == set()
