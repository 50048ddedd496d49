"""binding_graph.units: dimensions, units, reading a unit's text, and the lexicon."""

from __future__ import annotations

import functools
import importlib
import string
import sys
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph.arithmetic import MAX_DIGITS
from binding_graph.errors import BindingGraphError
from binding_graph.units import (
    DEFAULT,
    LEXICON_VERSION,
    MAX_UNIT_LENGTH,
    Dimension,
    Unit,
    UnitLexicon,
    _reading,
    _words,
    parse_unit,
    unit_of,
)
from tests._helpers import untyped

if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Set as AbstractSet

    from binding_graph.errors import ErrorPath

# The module, which units/__init__.py's function of the same name hides.
lexicon_module = importlib.import_module("binding_graph.units._lexicon")

LENGTH = Dimension((("[length]", 1),))
TIME = Dimension((("[time]", 1),))


def _read_or_code(text: str) -> Unit | str:
    """Return the unit *text* reads as, or the code of its refusal."""
    try:
        return parse_unit(text)
    except BindingGraphError as error:
        return error.code


def _refused(call: Callable[[], object]) -> BindingGraphError:
    with pytest.raises(BindingGraphError) as info:
        call()
    return info.value


UNDEFINED_OPERATORS: list[tuple[Callable[[Any], object], ErrorPath, str]] = [
    (lambda m: 3 * m, ("*",), "Unit has no reflected '*'"),
    (lambda m: 3 / m, ("/",), "Unit has no reflected '/'"),
    (lambda m: 2**m, ("**",), "Unit has no reflected '**'"),
    (lambda m: 1 + m, ("+",), "Unit has no reflected '+'"),
    (lambda m: m + m, ("+",), "Unit has no '+'"),
    (lambda m: m - m, ("-",), "Unit has no '-'"),
    (lambda m: m // m, ("//",), "Unit has no '//'"),
    (lambda m: m % m, ("%",), "Unit has no '%'"),
    (lambda m: -m, ("-",), "Unit has no unary '-'"),
    (lambda m: +m, ("+",), "Unit has no unary '+'"),
    (abs, ("abs",), "Unit has no unary 'abs'"),
    (lambda m: m < parse_unit("s"), ("<",), "Unit has no '<': units have no order"),
    (lambda m: m >= parse_unit("s"), (">=",), "Unit has no '>=': units have no order"),
    (lambda m: sorted([m, m]), ("<",), "Unit has no '<'"),
    (lambda m: 2 * m.dimension, ("*",), "Dimension has no reflected '*'"),
    (
        lambda m: m.dimension <= m.dimension,
        ("<=",),
        "Dimension has no '<=': dimensions have no order",
    ),
    (lambda m: m.dimension + m.dimension, ("+",), "Dimension has no '+'"),
]
"""Operators a unit does not have, each applied to a unit given untyped."""


class TestDimension:
    """A dimension is sorted exponents over bases, none zero, so equal dimensions are equal values."""

    def test_multiplies_divides_and_raises(self) -> None:
        """Exponents add, subtract and multiply; a zero exponent goes."""
        speed = LENGTH / TIME
        assert speed.exponents == (("[length]", 1), ("[time]", -1))
        assert speed * TIME == LENGTH
        assert (speed**2).exponents == (("[length]", 2), ("[time]", -2))
        assert speed**0 == Dimension()

    @pytest.mark.parametrize(
        ("dimension", "spelled"),
        [
            (Dimension(), "1"),
            (Dimension((("[time]", -1),)), "1/[time]"),
            (LENGTH / TIME**2, "[length]/[time]^2"),
            (
                Dimension((("[length]", 1), ("[mass]", -1), ("[time]", -1))),
                "[length]/([mass]*[time])",
            ),
            (Dimension((("Easter egg", 1), ("[money]", -1))), "Easter egg/[money]"),
        ],
    )
    def test_spells_numerator_over_denominator(
        self, dimension: Dimension, spelled: str
    ) -> None:
        """The string form is the bases with their powers, numerator over denominator."""
        assert str(dimension) == spelled

    @pytest.mark.parametrize(
        ("exponents", "code", "path"),
        [
            ([("[length]", 1)], "wrong_type", ("exponents",)),
            ((("[length]",),), "wrong_type", ("exponents", 0)),
            ((("[length]", 1.0),), "wrong_type", ("exponents", 0)),
            ((("[length]", 0),), "invalid_text", ("exponents", 0)),
            ((("length2", 1),), "invalid_text", ("exponents", 0)),
            ((("[XYZ]", 1),), "invalid_text", ("exponents", 0)),
            ((("", 1),), "invalid_text", ("exponents", 0)),
            ((("[time]", 1), ("[length]", 1)), "invalid_text", ("exponents", 1)),
            ((("[time]", 1), ("[time]", 1)), "invalid_text", ("exponents", 1)),
        ],
    )
    def test_refuses_exponents_not_sorted_or_zero(
        self, exponents: object, code: str, path: tuple[str | int, ...]
    ) -> None:
        """Exponents must be (name, non-zero int) pairs, sorted by name, each name once."""
        error = _refused(lambda: Dimension(untyped(exponents)))
        assert (error.code, error.path) == (code, path)
        assert "Dimension.exponents" in error.message


class TestUnit:
    """A unit is an exact scale of its dimension's coherent unit; its spelling takes no part in equality."""

    def test_equality_ignores_the_spelling(self) -> None:
        """Two spellings of one scale and dimension are one unit."""
        assert parse_unit("km/h") == Unit(Fraction(5, 18), LENGTH / TIME)
        assert hash(parse_unit("km/h")) == hash(Unit(Fraction(5, 18), LENGTH / TIME))

    @pytest.mark.parametrize(
        ("unit", "spelled"),
        [
            (Unit(Fraction(5, 18), LENGTH / TIME), "5*meter/(18*second)"),
            (Unit(Fraction(1), LENGTH), "meter"),
            (Unit(Fraction(12)), "12"),
            (Unit(Fraction(1)), "1"),
            (Unit(Fraction(1, 100), Dimension((("[EUR]", 1),))), "EUR/100"),
            (
                Unit(Fraction(1), Dimension((("[time]", -1), ("apple", 1)))),
                "apple/second",
            ),
        ],
    )
    def test_a_unit_built_by_hand_is_spelled_by_its_coherent_units(
        self, unit: Unit, spelled: str
    ) -> None:
        """Without names, the spelling is the scale's factors and the coherent units; it reads back."""
        assert str(unit) == spelled
        assert parse_unit(spelled) == unit

    def test_refuses_a_scale_that_is_no_scale(self) -> None:
        """The scale is a positive Fraction of bounded size."""
        cases: list[tuple[object, str]] = [
            (1, "wrong_type"),
            (Fraction(0), "unknown_unit"),
            (Fraction(-1), "unknown_unit"),
            (Fraction(2**5000), "limit_exceeded"),
        ]
        for scale, code in cases:
            with pytest.raises(BindingGraphError) as info:
                Unit(untyped(scale))
            assert (info.value.code, info.value.path) == (code, ("scale",))

    def test_refuses_a_wrong_dimension_offset_or_names(self) -> None:
        """Each field is checked with its own path."""
        one = Fraction(1)
        cases: list[tuple[Callable[[], object], str, tuple[str | int, ...]]] = [
            (lambda: Unit(one, untyped("[length]")), "wrong_type", ("dimension",)),
            (lambda: Unit(one, offset=untyped(0)), "wrong_type", ("offset",)),
            (
                lambda: Unit(one, offset=Fraction(2**5000)),
                "limit_exceeded",
                ("offset",),
            ),
            (lambda: Unit(one, names=(("1/2", 1),)), "invalid_text", ("names", 0)),
        ]
        for call, code, path in cases:
            error = _refused(call)
            assert (error.code, error.path) == (code, path)

    def test_an_offset_unit_is_never_multiplied_or_raised(self) -> None:
        """Degrees Celsius and Fahrenheit have an offset: the algebra refuses to scale them."""
        celsius, hour = parse_unit("°C"), parse_unit("h")
        for call in (
            lambda: celsius * hour,
            lambda: hour / celsius,
            lambda: celsius**2,
        ):
            error = _refused(call)
            assert error.code == "unit_mismatch"
            assert "'degree Celsius' ([temperature]) has an offset" in error.message

    def test_refuses_operands_and_powers_that_are_not_units_and_small_ints(
        self,
    ) -> None:
        """The algebra takes units, dimensions and ints of at most 99, and refuses the rest with a path."""
        meter = parse_unit("m")
        cases: list[tuple[Callable[[], object], str, tuple[str | int, ...]]] = [
            (lambda: meter * untyped(3), "wrong_type", ("*",)),
            (lambda: meter / untyped(meter.dimension), "wrong_type", ("/",)),
            (lambda: meter ** untyped(1.5), "wrong_type", ("**",)),
            (lambda: meter ** untyped(bool(1)), "wrong_type", ("**",)),
            (lambda: meter**100, "limit_exceeded", ("**",)),
            (lambda: meter**-100, "limit_exceeded", ("**",)),
            (lambda: meter.dimension * untyped(3), "wrong_type", ("*",)),
            (lambda: meter.dimension / untyped(meter), "wrong_type", ("/",)),
            (lambda: meter.dimension ** untyped("2"), "wrong_type", ("**",)),
            (lambda: meter.dimension**100, "limit_exceeded", ("**",)),
        ]
        for call, code, path in cases:
            error = _refused(call)
            assert (error.code, error.path) == (code, path)

    @pytest.mark.parametrize(("call", "path", "message"), UNDEFINED_OPERATORS)
    def test_operators_that_units_do_not_have_are_refused(
        self,
        call: Callable[[Any], object],
        path: ErrorPath,
        message: str,
    ) -> None:
        """A number times a unit, a sum, an order: a refusal that says what units do, not Python's TypeError."""
        error = _refused(lambda: call(untyped(parse_unit("m"))))
        assert (error.code, error.path) == ("wrong_type", path)
        assert error.message.startswith(message)

    def test_refuses_a_power_beyond_99_of_any_name(self) -> None:
        """A product may not raise a name beyond what a text can write, so every spelling reads back."""
        error = _refused(lambda: parse_unit("m^99") * parse_unit("m"))
        assert error.code == "limit_exceeded"
        assert "a power of at most 99" in error.message
        assert parse_unit(str(parse_unit("m^99"))) == parse_unit("m^99")

    def test_refuses_a_power_whose_scale_is_too_large_before_computing_it(self) -> None:
        """A large power of a large scale is refused at once."""
        big = Unit(Fraction(2**4000), names=(("big", 1),))
        error = _refused(lambda: big**2)
        assert error.code == "limit_exceeded"
        assert "bits" in error.message

    def test_a_unit_built_by_hand_holds_only_what_a_text_spells(self) -> None:
        """Spelled by its scale, a unit without names takes numbers of at most MAX_DIGITS digits, as a text does."""
        for scale in (Fraction(10**MAX_DIGITS), Fraction(1, 10**MAX_DIGITS)):
            error = _refused(functools.partial(Unit, scale, LENGTH))
            assert (error.code, error.path) == ("limit_exceeded", ("scale",))
            assert error.message.startswith(
                f"Unit.scale must be spelled by numbers of at most {MAX_DIGITS}"
                " digits, or have names"
            )
        widest = Unit(Fraction(10**MAX_DIGITS - 1, 10**MAX_DIGITS - 2), LENGTH)
        assert parse_unit(str(widest)) == widest
        assert Unit(Fraction(10**MAX_DIGITS), names=(("big", 1),)).scale == 10**300

    def test_refuses_a_scale_too_large(self) -> None:
        """A product whose scale passes the bound is refused, not computed."""
        mile = parse_unit("mile^99")
        error = _refused(lambda: mile * mile * mile)
        assert error.code == "limit_exceeded"


class TestParseUnit:
    """parse_unit reads the grammar, the lexicon's spellings, powers and count nouns."""

    @pytest.mark.parametrize(
        ("text", "spelled", "dimension", "scale"),
        [
            ("km/h", "kilometer/hour", "[length]/[time]", Fraction(5, 18)),
            ("km per hour", "kilometer/hour", "[length]/[time]", Fraction(5, 18)),
            (
                "kilometers per hour",
                "kilometer/hour",
                "[length]/[time]",
                Fraction(5, 18),
            ),
            ("miles/hour", "mile/hour", "[length]/[time]", Fraction(1397, 3125)),
            ("dollars per apple", "dollar/apple", "[money]/apple", Fraction(1)),
            ("square feet", "foot^2", "[length]^2", Fraction(145161, 1562500)),
            ("ft^2", "foot^2", "[length]^2", Fraction(145161, 1562500)),
            ("ft²", "foot^2", "[length]^2", Fraction(145161, 1562500)),
            ("cubic centimeters", "centimeter^3", "[length]^3", Fraction(1, 10**6)),
            ("m/s^2", "meter/second^2", "[length]/[time]^2", Fraction(1)),
            (
                "meters per second squared",
                "meter/second^2",
                "[length]/[time]^2",
                Fraction(1),
            ),
            ("apples", "apple", "apple", Fraction(1)),
            ("$", "dollar", "[money]", Fraction(1)),
            ("%", "percent", "1", Fraction(1, 100)),
            ("1/hour", "1/hour", "1/[time]", Fraction(1, 3600)),
            ("2 * dozen", "2*dozen", "1", Fraction(24)),
            ("0.5·kg", "0.5*kilogram", "[mass]", Fraction(1, 2)),
            (
                "(km/h)^2",
                "kilometer^2/hour^2",
                "[length]^2/[time]^2",
                Fraction(25, 324),
            ),
            ("  km \t/\n h ", "kilometer/hour", "[length]/[time]", Fraction(5, 18)),
            ("m^-1", "1/meter", "1/[length]", Fraction(1)),
            ("m^0", "1", "1", Fraction(1)),
        ],
    )
    def test_reads_the_grammar(
        self, text: str, spelled: str, dimension: str, scale: Fraction
    ) -> None:
        """Each text reads as its canonical spelling, dimension and scale; the spelling reads back."""
        unit = parse_unit(text)
        assert (str(unit), str(unit.dimension), unit.scale) == (
            spelled,
            dimension,
            scale,
        )
        assert parse_unit(spelled) == unit

    def test_none_is_a_pure_number(self) -> None:
        """No unit is dimensionless, of scale 1."""
        assert parse_unit(None) == Unit(Fraction(1))

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "at offset 0, expected a unit, but found the end"),
            ("per hour", "at offset 0, expected a unit, but found 'per'"),
            ("km/", "at offset 3, expected a unit, but found the end"),
            ("km +", "at offset 3, expected a unit or an operator, but found '+'"),
            ("km)", "at offset 2, expected '*', '/', 'per' or the end, but found ')'"),
            ("(km", "at offset 3, expected ')', but found the end"),
            ("()", "at offset 1, expected a unit, but found ')'"),
            ("3kg", "at offset 1, expected '*', '/', 'per' or the end, but found 'kg'"),
            ("°", "at offset 0, expected a unit, but found '°'"),
            ("m^", "at offset 1, expected an integer power after '^', but found '^'"),
            ("^2", "at offset 0, expected a unit, but found '2'"),
            ("0 * m", "a number in a unit must be positive"),
            ("a", "did not know the word 'a'"),
            ("of apples", "did not know the word 'of'"),
            ("apples each", "did not know the word 'each'"),
            (
                "km hr",
                "'km' is a unit, not a word of a noun: join units with '*', '/' or 'per'",
            ),
            ("°C/min", "'degree Celsius' ([temperature]) has an offset"),
            ("kgs", "did not know the word 'kgs': as a count noun it would be 'kg'"),
            ("°C^2", "'degree Celsius' ([temperature]) has an offset"),
            (
                "KM",
                "'KM' is not a word of a noun: the lexicon writes that unit in another case",
            ),
        ],
    )
    def test_refuses_what_it_cannot_read(self, text: str, message: str) -> None:
        """Anything outside the grammar or the lexicon is unknown_unit, saying where or which word."""
        error = _refused(lambda: parse_unit(text))
        assert (error.code, error.path) == ("unknown_unit", ())
        assert error.message.startswith("the text is not a unit: ")
        assert message in error.message

    @pytest.mark.parametrize(
        "text",
        [
            "m" * (MAX_UNIT_LENGTH + 1),
            "(" * 201 + "m" + ")" * 201,
            "m^100",
            "(mile^99*mile^99)^2",
            "mile^99*mile^99*mile^99",
            "(mile^99*lb^99)^2",
        ],
    )
    def test_refuses_what_is_too_large(self, text: str) -> None:
        """Beyond a documented bound, a text is limit_exceeded, never read at length."""
        error = _refused(lambda: parse_unit(text))
        assert (error.code, error.path) == ("limit_exceeded", ())
        assert error.message.startswith("the text is too large: ")

    def test_the_longest_numbers_read(self) -> None:
        """A number of MAX_DIGITS digits reads; one more digit is limit_exceeded, before it is converted."""
        assert parse_unit("9" * MAX_DIGITS).scale == 10**MAX_DIGITS - 1
        tiny = parse_unit("0." + "0" * (MAX_DIGITS - 2) + "1")
        assert tiny.scale == Fraction(1, 10 ** (MAX_DIGITS - 1))
        for text in ("9" * (MAX_DIGITS + 1), "0." + "0" * (MAX_DIGITS - 1) + "1"):
            error = _refused(functools.partial(parse_unit, text))
            assert (error.code, error.path, error.message) == (
                "limit_exceeded",
                (),
                f"the text is too large: a number may have at most {MAX_DIGITS} digits",
            )

    def test_a_number_past_the_hosts_digit_limit_is_refused_as_ours(self) -> None:
        """With Python's digit limit at its lowest, a long number is still our refusal, not ValueError."""
        previous = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(640)
        try:
            error = _refused(lambda: parse_unit("9" * 700 + " mile"))
        finally:
            sys.set_int_max_str_digits(previous)
        assert (error.code, error.path) == ("limit_exceeded", ())

    def test_a_spelling_longer_than_a_text_may_be_is_refused(self) -> None:
        """A unit whose canonical spelling would not read back (abbreviations spelled out past MAX_UNIT_LENGTH) is refused."""
        text = "km*mi*ml*mm*kg*mg*ft*yd*lb*oz*hr"
        for first in string.ascii_lowercase:
            for second in string.ascii_lowercase:
                if len(text) + 4 <= MAX_UNIT_LENGTH:
                    text += f"*q{first}{second}"
        assert len(text) <= MAX_UNIT_LENGTH
        error = _refused(lambda: parse_unit(text))
        assert (error.code, error.path) == ("limit_exceeded", ())
        assert error.message.startswith("the text is too large: its canonical spelling")

    def test_nesting_at_the_bound_reads(self) -> None:
        """Two hundred parentheses deep is within the bound."""
        assert parse_unit("(" * 200 + "m" + ")" * 200) == parse_unit("m")

    def test_refuses_a_text_that_is_not_a_str(self) -> None:
        """A str subclass is not taken for a str."""

        class Text(str):
            __slots__ = ()

        for text in (b"km", Text("km"), 3):
            with pytest.raises(BindingGraphError) as info:
                parse_unit(untyped(text))
            assert (info.value.code, info.value.path) == ("wrong_type", ("text",))

    def test_refuses_a_lexicon_that_is_not_one(self) -> None:
        """The lexicon is a UnitLexicon by its class."""
        error = _refused(lambda: parse_unit("km", untyped({})))
        assert (error.code, error.path) == ("wrong_type", ("lexicon",))

    def test_every_symbol_the_scanner_knows_is_in_the_lexicon(self) -> None:
        """A symbol character always reads as a unit of the data file."""
        for symbol in "$¢%€£¥₹℃℉":
            assert parse_unit(symbol).scale > 0


class TestPhrases:
    """A phrase is read whole, then as a power, then as UNIT of NOUN, then as a count noun."""

    @pytest.mark.parametrize(
        ("text", "spelled"),
        [
            ("cups of flour", "cup"),
            ("square feet of carpet", "foot^2"),
            ("pairs of shoes", "pair of shoes"),
            ("dozens of eggs", "dozen of eggs"),
            ("pieces of candy", "piece of candy"),
            ("Easter eggs", "Easter egg"),
            ("push-ups", "push-up"),
            ("children's books", "children's book"),
            ("People", "Person"),
            ("glasses", "glass"),
            ("boxes", "box"),
            ("berries", "berry"),
            ("bus", "bus"),
            ("as", "as"),
            ("square", "square"),
            ("squares", "square"),
            ("sq ft", "foot^2"),
            ("gallon jugs", "gallon jug"),
            ("men's", "men's"),
            ("Miles per Hour", "mile/hour"),
            ("Degrees Celsius", "degree Celsius"),
        ],
    )
    def test_reads_phrases(self, text: str, spelled: str) -> None:
        """Each phrase reads as its unit or its count noun, named by the singular."""
        assert str(parse_unit(text)) == spelled

    def test_a_count_noun_is_its_own_dimension(self) -> None:
        """Apples and boxes are different dimensions; apple and apples the same."""
        assert parse_unit("apple") == parse_unit("apples")
        assert parse_unit("apple").dimension != parse_unit("box").dimension
        assert parse_unit("apple").dimension == Dimension((("apple", 1),))


class TestLexicon:
    """A lexicon is immutable: extend and restrict return new ones, and every definition reads at once."""

    def test_default_is_the_data_file(self) -> None:
        """The default lexicon stands on units-v1 and lists its units by name."""
        assert DEFAULT.version == LEXICON_VERSION == "units-v1"
        assert DEFAULT.units["mile"] == parse_unit("mi")
        assert isinstance(DEFAULT.units, MappingProxyType)
        assert UnitLexicon() == DEFAULT

    def test_remembers_what_it_read_and_forgets_beyond_its_bound(self) -> None:
        """A second reading is the same object; past 4,096 readings, it starts again."""
        lexicon = UnitLexicon()
        first = lexicon.parse("km/h")
        assert lexicon.parse("km/h") is first
        for index in range(4096):
            lexicon.parse(f"apple{'s' * (index % 3)} per {index + 1}")
        assert lexicon.parse("km/h") == first

    def test_extends_with_definitions_read_in_the_plural_too(self) -> None:
        """Defined nouns read in the plural; apple and orange are both fruit."""
        fruit = DEFAULT.extend({"apple": "fruit", "orange": "fruit"})
        assert fruit.parse("apples") == fruit.parse("oranges") == fruit.parse("fruit")
        assert (str(fruit.parse("apples")), str(fruit.parse("apples").dimension)) == (
            "apple",
            "fruit",
        )
        assert DEFAULT.parse("apples") != DEFAULT.parse("oranges")
        stone = DEFAULT.extend(MappingProxyType({"stone": "14 * pound"}))
        assert stone.parse("stone") == parse_unit("14 lb".replace(" ", " * "))
        assert str(stone.parse("stone")) == "stone"

    def test_a_definition_keeps_an_offset(self) -> None:
        """A new word for degrees Celsius is still a unit with an offset."""
        celsius = DEFAULT.extend({"celsius": "°C"}).parse("celsius")
        assert celsius == parse_unit("°C")
        assert str(celsius) == "celsius"

    def test_extends_with_irregular_plurals(self) -> None:
        """A plural the rules get wrong reads as its singular once it is listed."""
        assert str(parse_unit("cacti")) == "cactus"
        lexicon = DEFAULT.extend(plurals={"octopodes": "octopus"})
        assert str(lexicon.parse("octopodes")) == "octopus"
        assert lexicon.extend() == lexicon

    def test_restricts_the_count_nouns(self) -> None:
        """Only listed nouns read; two restrictions keep what both allow."""
        lexicon = DEFAULT.restrict(["apple", "box"])
        assert str(lexicon.parse("apples per box")) == "apple/box"
        assert str(lexicon.parse("km")) == "kilometer"
        error = _refused(lambda: lexicon.parse("bananas"))
        assert error.code == "unknown_unit"
        assert (
            "'bananas': the lexicon allows only the count nouns it lists"
            in error.message
        )
        narrower = lexicon.restrict(("box", "crate"))
        assert narrower.nouns == frozenset({"box"})
        defined = DEFAULT.extend({"apple": "fruit"}).restrict({"fruit"})
        assert str(defined.parse("apples").dimension) == "fruit"

    @pytest.mark.parametrize(
        ("call", "code", "path"),
        [
            (
                lambda: DEFAULT.extend(untyped([("a", "b")])),
                "wrong_type",
                ("definitions",),
            ),
            (
                lambda: DEFAULT.extend({"apple": untyped(1)}),
                "wrong_type",
                ("definitions",),
            ),
            (
                lambda: DEFAULT.extend(plurals={untyped(1): "a"}),
                "wrong_type",
                ("plurals",),
            ),
            (
                lambda: DEFAULT.extend({"3 kg": "kg"}),
                "invalid_text",
                ("definitions", "3 kg"),
            ),
            (
                lambda: DEFAULT.extend({"per": "kg"}),
                "invalid_text",
                ("definitions", "per"),
            ),
            (
                lambda: DEFAULT.extend(plurals={"Of": "x"}),
                "invalid_text",
                ("plurals", "Of"),
            ),
            (
                lambda: DEFAULT.extend({"blob": "3kg"}),
                "unknown_unit",
                ("definitions", "blob"),
            ),
            (lambda: DEFAULT.restrict(untyped("apple")), "wrong_type", ("nouns",)),
            (lambda: DEFAULT.restrict(untyped([1])), "wrong_type", ("nouns",)),
            (
                lambda: UnitLexicon(definitions=untyped([])),
                "wrong_type",
                ("definitions",),
            ),
            (
                lambda: UnitLexicon(plurals=untyped((("a",),))),
                "wrong_type",
                ("plurals",),
            ),
            (lambda: UnitLexicon(nouns=untyped({"a"})), "wrong_type", ("nouns",)),
            (
                lambda: UnitLexicon(nouns=untyped(frozenset({1}))),
                "wrong_type",
                ("nouns",),
            ),
        ],
    )
    def test_refuses_what_is_not_a_lexicon(
        self, call: Callable[[], object], code: str, path: tuple[str | int, ...]
    ) -> None:
        """Every argument is checked, with its own code and path."""
        error = _refused(call)
        assert (error.code, error.path) == (code, path)

    def test_refuses_a_view_whose_mapping_raises(self) -> None:
        """A read-only view of a dict subclass whose methods raise is refused, not let through."""

        class Hostile(dict[str, str]):
            def items(self) -> Any:
                raise ValueError

        for call, path in (
            (
                lambda: DEFAULT.extend(MappingProxyType(Hostile(apple="fruit"))),
                ("definitions",),
            ),
            (
                lambda: unit_of("a", untyped(MappingProxyType(Hostile(a="m")))),
                ("units",),
            ),
        ):
            error = _refused(call)
            assert (error.code, error.path) == ("wrong_type", path)
            assert "raised ValueError when it was used" in error.message

    def test_extending_takes_work_linear_in_the_definitions(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The spellings a table holds as defined are copied at most twice each, however many definitions."""
        copied = [0]

        class Counting(_reading.Table):
            """A table that counts the spellings set as its defined ones."""

            @property
            def defined(self) -> AbstractSet[str]:  # pyright: ignore[reportIncompatibleVariableOverride]
                return self.held

            @defined.setter
            def defined(self, value: AbstractSet[str]) -> None:  # pyright: ignore[reportIncompatibleVariableOverride]
                copied[0] += len(value)
                self.held = value

        monkeypatch.setattr(lexicon_module, "Table", Counting)
        words = [f"w{first}{second}" for first in "abcdefgh" for second in "abcdefgh"]
        definitions = {f"{word}{third}": "fruit" for word in words for third in "xyz"}
        extended = DEFAULT.extend(definitions)
        assert extended.parse(f"{words[-1]}zs") == extended.parse("wabx")
        assert 0 < copied[0] <= 2 * len(definitions)

    def test_case_and_plural_variants_of_every_word_read_back(self) -> None:
        """Any case of any lexicon word, with any plural ending: refused, or a unit whose spelling reads back as itself."""
        words = {*DEFAULT.units, *(str(unit) for unit in DEFAULT.units.values())}
        words |= {*_words.vocabulary().spellings, *_words.vocabulary().plurals}
        read = 0
        for word in sorted(words):
            for cased in {
                word,
                word.lower(),
                word.upper(),
                word.title(),
                word.swapcase(),
            }:
                for ending in ("", "s", "es", "S"):
                    unit = _read_or_code(cased + ending)
                    if isinstance(unit, str):
                        assert unit == "unknown_unit", cased + ending
                        continue
                    read += 1
                    again = parse_unit(str(unit))
                    assert (again, str(again)) == (unit, str(unit)), cased + ending
        assert read > len(words)

    @pytest.mark.parametrize(
        ("text", "noun"),
        [("Kms", "Km"), ("Percents", "Percent"), ("Yens", "Yen"), ("KGs", "KG")],
    )
    def test_a_miscased_word_is_no_count_noun(self, text: str, noun: str) -> None:
        """A plural whose singular is a lexicon word in another case is refused, not read as a new count noun."""
        error = _refused(lambda: parse_unit(text))
        assert (error.code, error.path, error.message) == (
            "unknown_unit",
            (),
            (
                f"the text is not a unit: did not know the word {text!r}: as a count"
                f" noun it would be {noun!r}, which reads otherwise"
            ),
        )

    def test_a_definition_that_does_not_read_names_itself(self) -> None:
        """The refusal of a definition says whose it is."""
        error = _refused(lambda: DEFAULT.extend({"blob": "3kg"}))
        assert error.message.startswith("the definition of 'blob' is not a unit: ")
