"""The rule of identifiers: ids, and the dependencies of an equation, which are a frozenset of ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests._helpers import (
    BUILDERS,
    IDENTIFIER_FIELDS,
    Text,
    assert_refusal,
    equation,
    fact,
    refusal,
    run_python,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable


BAD_IDENTIFIERS = [
    "class",
    "None",
    "True",
    "lambda",
    "1abc",
    "a-b",
    "a b",
    "x²",
    "\ufb01",  # LATIN SMALL LIGATURE FI: NFKC folds it to "fi"
    "\uff58",  # FULLWIDTH LATIN SMALL LETTER X: NFKC folds it to "x"
    "\u210c",  # BLACK-LETTER CAPITAL H: NFKC folds it to "H"
    "e\u0301",  # "e" and a combining acute accent: NFKC composes them
]


# One refusal of each kind, with its exact code, path and message.
IDENTIFIER_MESSAGES: list[Any] = [
    pytest.param(
        lambda: symbol(symbol_id="1a"),
        "invalid_identifier",
        ("symbol_id",),
        "SymbolBinding.symbol_id must be a Python identifier (got '1a')",
        id="invalid_identifier",
    ),
    pytest.param(
        lambda: fact(symbol_id="\ufb01"),
        "invalid_identifier",
        ("symbol_id",),
        "BoundFact.symbol_id must equal its NFKC normal form, as Python reads"
        " identifiers ('fi') (got '\ufb01')",
        id="invalid_identifier-nfkc",
    ),
]


class TestIdentifiers:
    """An id is an NFKC-normal Python identifier that is not a keyword."""

    @pytest.mark.parametrize(("owner", "field"), IDENTIFIER_FIELDS)
    @pytest.mark.parametrize("value", BAD_IDENTIFIERS)
    def test_identifier_refuses(self, owner: str, field: str, value: str) -> None:
        """An id must be an NFKC-normal Python identifier that is not a keyword."""
        error = refusal(BUILDERS[owner], **{field: value})
        assert_refusal(error, "invalid_identifier", (field,), owner)
        assert repr(value) in error.message

    @pytest.mark.parametrize(("owner", "field"), IDENTIFIER_FIELDS)
    # "\u03c3_1" is "sigma_1" in Greek; "\u00e9" is a precomposed e-acute.
    @pytest.mark.parametrize(
        "value", ["\u03c3_1", "\u00e9", "_", "x1", "match", "_private", "\u03a9mega"]
    )
    def test_identifier_accepts(self, owner: str, field: str, value: str) -> None:
        """NFKC-normal identifiers, soft keywords and non-ASCII letters are accepted."""
        assert getattr(BUILDERS[owner](**{field: value}), field) == value

    def test_surrogate_id_is_invalid_text_not_identifier(self) -> None:
        """Encoding is reported before the identifier rule."""
        error = refusal(fact, symbol_id="x\ud800")
        assert_refusal(error, "invalid_text", ("symbol_id",), "BoundFact")

    def test_keyword_message_names_the_rule(self) -> None:
        """The message says what rule the id broke, and the value."""
        error = refusal(symbol, symbol_id="class")
        assert error.message == (
            "SymbolBinding.symbol_id must be a Python identifier that is not a keyword"
            " (got 'class')"
        )

    def test_nfkc_message_names_the_normal_form(self) -> None:
        """An id that NFKC would fold is refused, and the message shows the fold."""
        error = refusal(symbol, symbol_id="\ufb01")
        assert "NFKC" in error.message
        assert "'fi'" in error.message

    @pytest.mark.parametrize(("build", "code", "path", "message"), IDENTIFIER_MESSAGES)
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)


# One refusal of each kind, with its exact code, path and message.
DEPENDENCY_MESSAGES: list[Any] = [
    pytest.param(
        lambda: equation(dependencies=["x"]),
        "wrong_type",
        ("dependencies",),
        "BoundEquation.dependencies must be a frozenset, not list (got ['x'])",
        id="wrong_type-dependencies",
    ),
]


class TestDependencies:
    """An equation's dependencies are a frozenset of valid ids."""

    @pytest.mark.parametrize(
        ("dependencies", "code"),
        [
            (None, "wrong_type"),
            ({"x", "y"}, "wrong_type"),
            (["x", "y"], "wrong_type"),
            (("x", "y"), "wrong_type"),
            ("x", "wrong_type"),
            ({"x": None}, "wrong_type"),
            (frozenset({"x", 1}), "wrong_type"),
            (frozenset({"x", None}), "wrong_type"),
            (frozenset({"x", b"y"}), "wrong_type"),
            (frozenset({"x", ""}), "empty_text"),
            (frozenset({"x", " "}), "empty_text"),
            (frozenset({"x", "\ud800"}), "invalid_text"),
            (frozenset({"x", "class"}), "invalid_identifier"),
            (frozenset({"x", "1y"}), "invalid_identifier"),
            (frozenset({"x", "\ufb01"}), "invalid_identifier"),
            (frozenset({"x", "\uff58"}), "invalid_identifier"),
        ],
    )
    def test_dependencies_refuse(self, dependencies: object, code: str) -> None:
        """Dependencies are a frozenset of valid ids; the path names the field."""
        error = refusal(equation, dependencies=dependencies)
        assert_refusal(error, code, ("dependencies",), "BoundEquation")

    @pytest.mark.parametrize(
        ("members", "code", "offender"),
        [
            ({1, "", "\ud800", "class", "x"}, "wrong_type", "1"),
            ({"", "\ud800", "class", "1y"}, "empty_text", "''"),
            ({" ", "\ud800", "class"}, "empty_text", "' '"),
            ({"\ud800", "class", "1y"}, "invalid_text", "'\\ud800'"),
            ({"class", "1y", "ok"}, "invalid_identifier", "'1y'"),
            ({"lambda", "class"}, "invalid_identifier", "'class'"),
        ],
    )
    def test_dependencies_report_by_priority(
        self, members: set[object], code: str, offender: str
    ) -> None:
        """Of several bad members, the type is reported first, then text, then the id rule."""
        error = refusal(equation, dependencies=frozenset(members))
        assert_refusal(error, code, ("dependencies",), "BoundEquation")
        assert error.message.endswith(f"(got {offender})")

    def test_dependencies_report_is_the_same_under_any_hash_seed(self) -> None:
        """The member reported does not depend on the frozenset's iteration order."""
        script = (
            "from binding_graph import BindingGraphError, SourceSpanLink, BoundEquation\n"
            "members = frozenset({'class', 'def', 'if', 'lambda', '1a', '2b', 'a-b'})\n"
            "try:\n"
            "    BoundEquation(lhs_symbol_id='z', rhs_canonical='0', dependencies=members,"
            " operation_kind='k', unit_proof='p', admissibility_status='admitted',"
            " source_span=SourceSpanLink('p', 0, 1, 'A'))\n"
            "except BindingGraphError as exc:\n"
            "    print(exc)\n"
        )
        outputs: set[str] = set()
        for seed in ("0", "1", "2", "12345"):
            outputs.add(run_python("-c", script, environment={"PYTHONHASHSEED": seed}))
        assert len(outputs) == 1
        assert "'1a'" in outputs.pop()

    @pytest.mark.parametrize(
        "dependencies",
        [
            frozenset[str](),
            frozenset({"x"}),
            frozenset({"\u03c3_1", "x"}),
        ],
    )
    def test_dependencies_accept(self, dependencies: frozenset[str]) -> None:
        """Any frozenset of valid ids, the empty one included, is accepted."""
        assert equation(dependencies=dependencies).dependencies == dependencies

    def test_dependencies_refuse_a_frozenset_subclass(self) -> None:
        """A frozenset subclass of valid ids is wrong_type: dependencies are exactly a frozenset."""

        class Ids(frozenset[str]):
            __slots__ = ()

        error = refusal(equation, dependencies=Ids({"x", "y"}))
        assert (error.code, error.path) == ("wrong_type", ("dependencies",))

    def test_dependencies_refuse_a_member_of_a_str_subclass(self) -> None:
        """A dependency that is a str subclass is wrong_type, even a valid id."""
        error = refusal(equation, dependencies=frozenset({Text("x")}))
        assert (error.code, error.path) == ("wrong_type", ("dependencies",))

    @pytest.mark.parametrize(("build", "code", "path", "message"), DEPENDENCY_MESSAGES)
    def test_refusal_message_is_exact(
        self,
        build: Callable[[], object],
        code: str,
        path: tuple[str | int, ...],
        message: str,
    ) -> None:
        """Each rule refuses with its code, its path and its exact message."""
        error = refusal(build)
        assert (error.code, error.path, error.message) == (code, path, message)
