"""The findings of an unknown's question form: against its symbol's role, and against the kinds that define it."""

from __future__ import annotations

from typing import Any

import pytest

from binding_graph.analysis import KIND_FORMS, findings
from binding_graph.vocabularies import OPERATION_KINDS, QUESTION_FORMS
from tests._helpers import equation, fact, graph, symbol, unknown


def _found(
    form: str | None,
    *,
    role: str = "quantity",
    kinds: tuple[str, ...] = ("add",),
    **fields: Any,
) -> list[tuple[str, tuple[str | int, ...], str]]:
    """Return the form findings of z, of *role*, defined by an equation of each of *kinds*, asked in *form*."""
    g = graph(
        symbols=(
            symbol(symbol_id="x"),
            symbol(symbol_id="y"),
            symbol(symbol_id="z", semantic_role=role),
        ),
        facts=(fact(), fact(symbol_id="y")),
        equations=tuple(equation(operation_kind=kind) for kind in kinds),
        unknowns=(unknown(question_form=form, **fields),),
    )
    return [
        (f.code, f.path, f.message)
        for f in findings(g)
        if f.code in {"form_role_mismatch", "form_kind_mismatch"}
    ]


class TestKinds:
    """A form that none of the symbol's definitions by the eight kinds answers is form_kind_mismatch."""

    def test_the_table_covers_the_eight_kinds(self) -> None:
        """KIND_FORMS gives each of the eight kinds forms among the six; identity answers none."""
        assert frozenset(KIND_FORMS) == OPERATION_KINDS
        assert all(
            forms <= QUESTION_FORMS - {"identity"} for forms in KIND_FORMS.values()
        )

    def test_a_difference_of_a_sum_is_found(self) -> None:
        """The issue's example: "how many more" of a symbol defined by +."""
        assert _found("difference") == [
            (
                "form_kind_mismatch",
                ("unknowns", 0, "question_form"),
                (
                    "unknowns[0] asks for 'z' in the form 'difference', but equations[0]"
                    " defines it by 'add', which answers 'count' or 'total'"
                ),
            )
        ]

    @pytest.mark.parametrize(
        ("kind", "form"),
        [
            (kind, form)
            for kind in sorted(KIND_FORMS)
            for form in sorted(QUESTION_FORMS)
        ],
    )
    def test_each_kind_answers_its_forms(self, kind: str, form: str) -> None:
        """A form the kind answers is no finding; any other is one, identity included."""
        found = [code for code, _, _ in _found(form, kinds=(kind,))]
        assert found == ([] if form in KIND_FORMS[kind] else ["form_kind_mismatch"])

    def test_any_definition_that_answers_is_enough(self) -> None:
        """Of two definitions, one that answers the form keeps it from being a finding; the message names the first."""
        assert _found("difference", kinds=("add", "subtract")) == []
        assert _found("ratio", kinds=("add", "subtract"))[0][2].endswith(
            "equations[0] defines it by 'add', which answers 'count' or 'total'"
        )

    def test_other_kinds_and_no_definition_say_nothing(self) -> None:
        """A kind outside the eight, or a symbol no equation defines, gives no finding."""
        assert _found("difference", kinds=("sum",)) == []
        assert _found("identity", kinds=()) == []

    def test_no_form_no_finding(self) -> None:
        """An unknown without a form, whatever its state, is not judged."""
        assert _found(None, role="rate", state_index=0) == []


class TestRoles:
    """A form that names another shape than the symbol's role is form_role_mismatch."""

    @pytest.mark.parametrize(
        ("role", "form", "agree"),
        [
            ("rate", "rate", True),
            ("rate", "difference", False),
            ("difference", "total", False),
            ("ratio", "count", False),
            ("count", "total", True),
            ("total", "count", True),
            ("quantity", "difference", True),
            ("unknown", "ratio", True),
            ("rate", "identity", True),
        ],
    )
    def test_shapes_must_agree(self, role: str, form: str, agree: bool) -> None:  # noqa: FBT001 -- a parameter of the table
        """A role among the five shapes must be the form, but a count and a total agree; other roles, and identity, say nothing."""
        found = [code for code, _, _ in _found(form, role=role, kinds=())]
        assert found == ([] if agree else ["form_role_mismatch"])

    def test_both_findings_come_in_order(self) -> None:
        """The role's finding first, then the kind's, both at the form."""
        assert _found("difference", role="rate") == [
            (
                "form_role_mismatch",
                ("unknowns", 0, "question_form"),
                "unknowns[0] asks for 'z' in the form 'difference', but its role is 'rate'",
            ),
            (
                "form_kind_mismatch",
                ("unknowns", 0, "question_form"),
                (
                    "unknowns[0] asks for 'z' in the form 'difference', but equations[0]"
                    " defines it by 'add', which answers 'count' or 'total'"
                ),
            ),
        ]


def test_an_unknown_without_a_form_is_passed_over() -> None:
    """Of two unknowns, only the one with a form is judged, at its own index."""
    g = graph(
        symbols=(symbol(symbol_id="x"), symbol(symbol_id="y"), symbol(symbol_id="z")),
        facts=(fact(), fact(symbol_id="y")),
        equations=(equation(operation_kind="add"),),
        unknowns=(unknown(), unknown(question_form="difference")),
    )
    assert [(f.code, f.path) for f in findings(g) if f.code.startswith("form_")] == [
        ("form_kind_mismatch", ("unknowns", 1, "question_form"))
    ]
