"""Tests of the one exception, its codes, its paths and its safe repr."""

from __future__ import annotations

import hashlib
import pickle
import typing

import pytest

from binding_graph import REFUSAL_CODES, BindingGraphError, RefusalCode, errors
from binding_graph.errors import REPAIR_HEADER, format_refusals, render_path
from tests._helpers import ErrorPath, show, type_name, untyped


def make_error() -> BindingGraphError:
    """Return a refusal with a nested path."""
    return BindingGraphError(
        "unknown_symbol",
        "SemanticSymbolicBindingGraph.facts[3].symbol_id must name a symbol",
        ("facts", 3, "symbol_id"),
    )


class TestBindingGraphError:
    """A refusal is a picklable ValueError that carries its code, message and path."""

    def test_is_a_value_error(self) -> None:
        """A refusal is a ValueError, so generic bad-input handlers catch it."""
        assert issubclass(BindingGraphError, ValueError)
        assert isinstance(make_error(), ValueError)

    def test_carries_code_message_and_path(self) -> None:
        """The code, message and path given are kept as attributes and as args."""
        error = make_error()
        assert error.code == "unknown_symbol"
        assert error.message == (
            "SemanticSymbolicBindingGraph.facts[3].symbol_id must name a symbol"
        )
        assert error.path == ("facts", 3, "symbol_id")
        assert error.args == (error.code, error.message, error.path)

    def test_path_defaults_to_root(self) -> None:
        """Without a path the refusal is located at the root."""
        error = BindingGraphError("empty_allocation", "nothing to allocate")
        assert error.path == ()
        assert str(error) == "nothing to allocate [code=empty_allocation, path=<root>]"

    def test_str_holds_message_code_and_rendered_path(self) -> None:
        """str() shows the message, the code and the path as Python would write it."""
        text = str(make_error())
        assert text == (
            "SemanticSymbolicBindingGraph.facts[3].symbol_id must name a symbol"
            " [code=unknown_symbol, path=facts[3].symbol_id]"
        )

    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    def test_pickle_round_trips(self, protocol: int) -> None:
        """Pickling keeps the code, the message, the path and the text."""
        error = make_error()
        clone = pickle.loads(pickle.dumps(error, protocol=protocol))  # noqa: S301 -- our own bytes
        assert type(clone) is BindingGraphError
        assert (clone.code, clone.message, clone.path) == (
            error.code,
            error.message,
            error.path,
        )
        assert str(clone) == str(error)

    def test_with_prefix_locates_the_refusal_under_a_parent(self) -> None:
        """with_prefix prepends the parent's path and keeps code and message."""
        inner = BindingGraphError("invalid_identifier", "bad id", ("symbol_id",))
        outer = inner.with_prefix(("symbols", 3))
        assert type(outer) is BindingGraphError
        assert outer.code == "invalid_identifier"
        assert outer.message == "bad id"
        assert outer.path == ("symbols", 3, "symbol_id")
        assert inner.path == ("symbol_id",)
        assert "path=symbols[3].symbol_id" in str(outer)


class TestPaths:
    """A path is a tuple of names and indices, rendered as Python would write the access."""

    @pytest.mark.parametrize(
        ("path", "rendered"),
        [
            ((), "<root>"),
            (("symbol_id",), "symbol_id"),
            (("equations", 2, "dependencies"), "equations[2].dependencies"),
            (("facts", 3, "symbol_id"), "facts[3].symbol_id"),
            (("noun_phrases", 0), "noun_phrases[0]"),
            ((0,), "[0]"),
            ((1, "text"), "[1].text"),
            (("a", 1, 2, "b", "c"), "a[1][2].b.c"),
        ],
    )
    def test_render_path(self, path: tuple[str | int, ...], rendered: str) -> None:
        """A path renders as attribute and index access, the root as <root>."""
        assert render_path(path) == rendered

    @pytest.mark.parametrize(
        ("path", "rendered"),
        [
            (
                ("symbols", 0, "x\nfacts[0].value: forged"),
                "symbols[0]['x\\nfacts[0].value: forged']",
            ),
            (("facts[0].value",), "['facts[0].value']"),
            (("symbols", 0, "note name"), "symbols[0]['note name']"),
            (("symbols", 0, "\u00e9t\u00e9"), "symbols[0]['\u00e9t\u00e9']"),
            (("",), "['']"),
            (("k" * 61,), f"['{'k' * 27}...{'k' * 28}']"),
            (("k" * 60,), "k" * 60),
        ],
        ids=["newline", "brackets", "space", "non-ASCII", "empty", "long", "60 long"],
    )
    def test_a_key_that_is_no_plain_name_is_shown_in_brackets(
        self, path: tuple[str | int, ...], rendered: str
    ) -> None:
        """A stray key of any text renders as its short repr in brackets: one bounded line that no key can forge."""
        assert render_path(path) == rendered
        assert "\n" not in render_path(path)

    def test_path_is_a_tuple_of_names_and_indices(self) -> None:
        """Path, the type of a refusal's path, is a tuple of any length of str or int."""
        assert typing.get_origin(ErrorPath) is tuple
        assert typing.get_args(ErrorPath) == ("str | int", ...)


CODE_COUNT = 43
"""How many refusal codes there are: the specs' forty, and the three of the profile for model output."""
CODE_DIGEST = "51505dccd15c905c13e041f1d23c66cfca7d23457323ccc91124417a293f7c64"
"""The SHA-256 of the codes sorted by code point, one a line: a code added, removed or renamed changes it.

The codes are listed once, in ``RefusalCode`` (``binding_graph/errors.py``),
and described in the design page's table, which a test of the docs holds to
them; a deliberate change of the set updates this count and digest too.
"""

FAMILIES = {
    "ALLOCATION_CODES": errors.ALLOCATION_CODES,
    "ANALYSIS_CODES": errors.ANALYSIS_CODES,
    "ARITHMETIC_CODES": errors.ARITHMETIC_CODES,
    "UNIT_CODES": errors.UNIT_CODES,
    "DATASET_CODES": errors.DATASET_CODES,
    "DRAFT_CODES": errors.DRAFT_CODES,
    "STRICT_CODES": errors.STRICT_CODES,
    "TRUST_CODES": errors.TRUST_CODES,
    "DOCUMENT_CODES": errors.DOCUMENT_CODES,
}
"""The sets of codes that only one part of the package raises, and the documents' codes."""


class TestRefusalCodes:
    """The codes are the closed set the specs list, as a set and as a Literal type."""

    def test_refusal_codes_are_exactly_those_of_the_spec(self) -> None:
        """REFUSAL_CODES is the closed set of the codes the specs list, and the profile's: its count and its digest are pinned."""
        assert isinstance(REFUSAL_CODES, frozenset)
        assert len(REFUSAL_CODES) == CODE_COUNT
        listed = "\n".join(sorted(REFUSAL_CODES)).encode()
        assert hashlib.sha256(listed).hexdigest() == CODE_DIGEST

    def test_every_code_is_in_exactly_one_family(self) -> None:
        """The documents' codes and the codes only one part raises partition REFUSAL_CODES: no part claims another's."""
        assert all(family <= REFUSAL_CODES for family in FAMILIES.values())
        assert frozenset().union(*FAMILIES.values()) == REFUSAL_CODES
        counted = sum(len(family) for family in FAMILIES.values())
        assert counted == len(REFUSAL_CODES)

    def test_refusal_code_literal_matches_the_set(self) -> None:
        """The RefusalCode Literal and REFUSAL_CODES name the same codes, once each."""
        args = typing.get_args(RefusalCode)
        assert len(args) == len(set(args))
        assert frozenset(args) == REFUSAL_CODES


class _ReprRaises:
    def __repr__(self) -> str:
        msg = "hostile repr"
        raise RuntimeError(msg)


def _repr_raises(_self: object) -> str:
    msg = "hostile repr"
    raise RuntimeError(msg)


# A class named "int" makes reprlib call repr() itself, outside its own guard.
_FakeInt = type("int", (), {"__repr__": _repr_raises})


class TestShow:
    """show() gives a message a short repr of any value, and never raises."""

    @pytest.mark.parametrize(
        "value",
        [
            _ReprRaises(),
            _FakeInt(),
            10**5000,
            -(10**5000),
            "x" * 100_000,
            b"y" * 100_000,
            list(range(100_000)),
        ],
        ids=[
            "repr-raises",
            "int-named-repr-raises",
            "huge-int",
            "huge-negative-int",
            "huge-str",
            "huge-bytes",
            "long-list",
        ],
    )
    def test_show_never_raises_and_stays_short(self, value: object) -> None:
        """show() returns a short text for hostile or huge values instead of raising."""
        text = show(value)
        assert isinstance(text, str)
        assert 0 < len(text) <= 100

    def test_show_falls_back_to_the_type_name(self) -> None:
        """When repr() itself fails, show() names the value's type."""
        assert show(_FakeInt()) == "<int object>"

    def test_show_of_a_huge_int(self) -> None:
        """An int too long for repr() is shown without crashing, by type or cut short."""
        text = show(10**5000)
        assert text == "<int object>" or "..." in text

    def test_show_cuts_a_huge_string_short(self) -> None:
        """A long string is cut, keeping its start and end."""
        text = show("a" * 10_000 + "z")
        assert text.startswith("'aaa")
        assert text.endswith("az'")
        assert "..." in text
        assert len(text) <= 70

    def test_show_cuts_a_string_to_60_characters(self) -> None:
        """A string whose repr passes 60 characters is cut to 60, keeping both ends."""
        assert show("a" * 58) == repr("a" * 58)  # 60 characters with its quotes
        cut = show("a" * 59)
        assert cut == "'" + "a" * 27 + "..." + "a" * 28 + "'"
        assert len(cut) == 60

    def test_show_cuts_other_reprs_to_60_characters(self) -> None:
        """Another value whose repr passes 60 characters is cut to 60 as well."""
        assert show(b"b" * 57) == repr(b"b" * 57)  # 60 characters
        cut = show(b"b" * 58)
        assert cut == "b'" + "b" * 26 + "..." + "b" * 28 + "'"
        assert len(cut) == 60

    def test_show_cuts_an_int_to_40_digits(self) -> None:
        """An int of more than 40 digits is cut to 40 characters, keeping both ends."""
        assert show(10**39) == str(10**39)  # 40 digits
        cut = show(10**40 + 7)
        assert cut == "1" + "0" * 17 + "..." + "0" * 18 + "7"
        assert len(cut) == 40

    def test_show_is_repr_for_small_values(self) -> None:
        """A short value is shown exactly as repr() shows it."""
        assert show("class") == "'class'"
        assert show(3) == "3"
        assert show(None) == "None"

    def test_show_reads_a_subclass_by_its_base(self) -> None:
        """A subclass of str, int, bytes or bytearray is shown as its base's value, never by its own repr."""

        def values() -> list[object]:
            made: list[object] = []
            for base, value in [
                (str, "apple"),
                (int, 7),
                (bytes, b"ab"),
                (bytearray, bytearray(b"xy")),
            ]:
                namespace = {"__repr__": _repr_raises, "__str__": _repr_raises}
                made.append(type("Liar", (base,), namespace)(value))
            return made

        assert [show(value) for value in values()] == [
            "'apple'",
            "7",
            "b'ab'",
            "bytearray(b'xy')",
        ]

    def test_show_keeps_a_bool(self) -> None:
        """A bool is shown as itself, not as the int it is a subclass of."""
        assert [show(flag) for flag in (True, False)] == ["True", "False"]


class _Nameless(type):
    """A metaclass that raises when its classes' names are asked."""

    def __getattribute__(cls, name: str) -> object:
        if name in {"__name__", "__qualname__"}:
            raise RuntimeError(name)
        return type.__getattribute__(cls, name)


class TestTypeName:
    """type_name() names a value's class without asking the class."""

    def test_names_the_class(self) -> None:
        """The qualified name Python keeps for the class."""
        assert type_name(TestTypeName()) == "TestTypeName"

    def test_a_metaclass_that_raises_is_not_asked(self) -> None:
        """A class whose metaclass raises on __qualname__ is named all the same."""
        anonymous = _Nameless("Anonymous", (), {})
        assert type_name(anonymous()) == "Anonymous"
        assert show(anonymous()).startswith("<")

    def test_a_long_name_is_cut(self) -> None:
        """A name longer than 60 characters is cut to 60, ending in '...'."""
        long = type("N" * 100, (), {})
        assert type_name(long()) == "N" * 57 + "..."


class TestFormatRefusals:
    """format_refusals: a fixed header, then a line a refusal, for a person or a model to act on."""

    def test_the_text_of_three_refusals(self) -> None:
        """Each refusal is one line, where, what and the code, in the order given."""
        refusals = (
            make_error(),
            BindingGraphError(
                "empty_text",
                "SymbolBinding.name must not be empty",
                ("symbols", 0, "name"),
            ),
            BindingGraphError(
                "limit_exceeded", "2 more refusals of this document are not listed"
            ),
        )
        assert format_refusals(refusals).splitlines() == [
            REPAIR_HEADER,
            (
                "- facts[3].symbol_id: SemanticSymbolicBindingGraph.facts[3].symbol_id"
                " must name a symbol [unknown_symbol]"
            ),
            "- symbols[0].name: SymbolBinding.name must not be empty [empty_text]",
            (
                "- <root>: 2 more refusals of this document are not listed"
                " [limit_exceeded]"
            ),
        ]
        assert not format_refusals(refusals).endswith("\n")
        assert format_refusals(list(refusals)) == format_refusals(refusals)

    def test_another_header(self) -> None:
        """header= puts another first line before the same lines."""
        refusals = (make_error(),)
        lines = format_refusals(refusals, header="The draft was refused.").splitlines()
        assert lines == [
            "The draft was refused.",
            *format_refusals(refusals).splitlines()[1:],
        ]

    @pytest.mark.parametrize(
        ("header", "code"),
        [
            (b"x", "wrong_type"),
            ("", "empty_text"),
            (" ", "empty_text"),
            ("a\nb", "empty_text"),
            ("a\rb", "empty_text"),
        ],
    )
    def test_a_header_is_one_line_of_text(self, header: object, code: str) -> None:
        """A header that is no str, blank or of several lines is refused at it."""
        with pytest.raises(BindingGraphError) as info:
            format_refusals((make_error(),), header=untyped(header))
        assert (info.value.code, info.value.path) == (code, ("header",))

    def test_no_refusal_is_no_text(self) -> None:
        """Nothing refused, nothing to repair: the empty string."""
        assert format_refusals(()) == ""
        assert format_refusals([]) == ""

    def test_the_header_asks_for_the_whole_document(self) -> None:
        """The header says what each line holds and what to send back, and holds no address."""
        assert REPAIR_HEADER == (
            "The binding-graph document was refused. Correct each problem below"
            " (WHERE: WHAT [CODE]) and send the whole document again."
        )
        assert "http" not in REPAIR_HEADER

    @pytest.mark.parametrize("value", [None, "text", iter(()), {make_error()}])
    def test_anything_but_a_tuple_or_list_is_refused(self, value: object) -> None:
        """The refusals must be a tuple or a list."""
        with pytest.raises(BindingGraphError) as info:
            format_refusals(value)
        assert (info.value.code, info.value.path) == ("wrong_type", ("refusals",))

    def test_anything_but_a_refusal_in_it_is_refused(self) -> None:
        """Each entry must be exactly a BindingGraphError, refused at its index."""

        class OtherError(BindingGraphError):
            pass

        for entry in (ValueError("x"), OtherError("empty_text", "m")):
            with pytest.raises(BindingGraphError) as info:
                format_refusals([make_error(), entry])
            assert (info.value.code, info.value.path) == ("wrong_type", ("refusals", 1))

    def test_what_a_caller_set_on_a_refusal_is_shown_without_trust(self) -> None:
        """A refusal built by hand with odd attributes is still one line."""
        odd = BindingGraphError("empty_text", "m", ("a", 1))
        odd.message = 7  # type: ignore[assignment]
        odd.path = "a.b"  # type: ignore[assignment]
        odd.code = None  # type: ignore[assignment]
        assert format_refusals([odd]).splitlines()[1] == "- 'a.b': 7 [None]"
