"""What a question target's form says against its symbol: the findings of an unknown's ``question_form``.

A form (ADR-0135) says what shape of answer a question asks for; the symbol
it asks for says what it is, by its role and by the equations that define
it. Where they disagree, a solver would answer another question than the
one asked: "how many more" (``difference``) of a symbol defined by ``+``.
Each check is one pass over the graph's own tuples, and reads operation
kinds and roles, never a right-hand side.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph.analysis._engine import quote

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph.analysis._engine import RawFinding
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["KIND_FORMS", "question_findings"]

KIND_FORMS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        # The form ADR-0135 infers from the kind first; then what the
        # kind's arithmetic also answers: a sum is a total, a difference a
        # difference, a quotient a ratio or a rate.
        "add": frozenset({"count", "total"}),
        "subtract": frozenset({"count", "difference"}),
        "transfer": frozenset({"count"}),
        "multiply": frozenset({"count", "total"}),
        "divide": frozenset({"count", "ratio", "rate"}),
        "compare_additive": frozenset({"difference"}),
        "compare_multiplicative": frozenset({"ratio"}),
        "apply_rate": frozenset({"total", "rate"}),
    }
)
"""The question forms each of the eight operation kinds can answer, when it defines the symbol asked for.

``identity`` is none of them: it asks for a symbol no operation defines.

.. versionadded:: 0.1.0
"""

_SHAPES: Final = frozenset({"count", "rate", "total", "difference", "ratio"})
"""The forms that are roles too: a role among them says the form it is asked in."""
_AMOUNTS: Final = frozenset({"count", "total"})
"""Two shapes of one answer, an amount: a count asked as a total agrees."""


def _agree(role: str, form: str) -> bool:
    if role not in _SHAPES or form not in _SHAPES:
        return True
    return role == form or {role, form} <= _AMOUNTS


def _either(forms: frozenset[str]) -> str:
    *rest, last = map(quote, sorted(forms))
    return f"{', '.join(rest)} or {last}" if rest else last


def question_findings(graph: SemanticSymbolicBindingGraph) -> list[RawFinding]:
    """Return the findings of the unknowns' forms: against their symbols' roles, then against their definitions."""
    found: list[RawFinding] = []
    if all(unknown.question_form is None for unknown in graph.unknowns):
        return found
    roles = {symbol.symbol_id: symbol.semantic_role for symbol in graph.symbols}
    # Each symbol's first definition by one of the eight kinds, and what
    # every such definition of it can answer.
    first: dict[str, int] = {}
    answers: dict[str, set[str]] = {}
    for index, equation in enumerate(graph.equations):
        forms = KIND_FORMS.get(equation.operation_kind)
        if forms is not None:
            first.setdefault(equation.lhs_symbol_id, index)
            answers.setdefault(equation.lhs_symbol_id, set()).update(forms)
    for index, unknown in enumerate(graph.unknowns):
        form = unknown.question_form
        if form is None:
            continue
        symbol_id = unknown.symbol_id
        path = ("unknowns", index, "question_form")
        asks = (
            f"unknowns[{index}] asks for {quote(symbol_id)} in the form {quote(form)}"
        )
        role = roles[symbol_id]
        if not _agree(role, form):
            found.append(
                ("form_role_mismatch", path, f"{asks}, but its role is {quote(role)}")
            )
        if symbol_id in first and form not in answers[symbol_id]:
            kind = graph.equations[first[symbol_id]].operation_kind
            message = (
                f"{asks}, but equations[{first[symbol_id]}] defines it by {quote(kind)},"
                f" which answers {_either(KIND_FORMS[kind])}"
            )
            found.append(("form_kind_mismatch", path, message))
    return found
