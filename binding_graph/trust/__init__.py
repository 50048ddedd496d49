r"""A profile for model output: answers a question can have, numbers the text states, and what right set-ups rarely do.

A graph a language model proposes may be sound and still wrong. This
profile refuses, on request, what a right set-up of a word problem cannot
be, with the refusals of two named checks (:data:`CHECKS`):

- ``answers``: an unknown that asks for a count has a whole, nonnegative
  answer, or is refused as ``non_integer_solution`` or
  ``negative_solution`` (the seed's codes, ADR-0217), at
  ``("unknowns", i)``. An unknown asks for a count when its
  ``question_form`` is ``count``; else when its unit (its
  ``expected_unit``, else its symbol's) is a count noun's in the
  :mod:`binding_graph.units` lexicon (``apples``, ``people``, ``pairs of
  shoes``), and not when it is a measure's, money's, time's or a pure
  number's (``dollars``, ``hours``, ``cups``, ``percent``); else, for an
  unknown without a unit, when its question asks "How many" of a count
  noun (``How many cakes``; not ``How many dollars``, ``How many hours``
  nor ``How many times``, a ratio). A question that asks "How much" asks
  for no count.
- ``grounding``: every number a graph computes with (each fact's value,
  each number of an admitted equation's right-hand side) is grounded: a
  value that a place of the problem's text states, read as the drafts
  read a quote (``binding_graph.expressions.places``); a constant of
  :data:`CONSTANTS`; a value the set-up computes before it, not from
  constants alone; or one operation (``+``, ``-``, ``*``, ``/``) from
  two numbers stated or computed, or from one of them and a constant, a
  step computed in the head (never from two constants alone: ``eggs =
  61`` is refused, and not read as ``60 + 1``). Any other is refused as
  ``unstated_number``, at ``("facts", i, "value")`` or ``("equations",
  i, "rhs_canonical")``. The problem's text is the provenance of the
  sources the questions quote.

The profile also reports findings, which refuse nothing
(:func:`trust_findings`): ``unused_number`` and
``question_unit_mismatch``. Every function is pure and takes time linear
in the graph and its text.

>>> from binding_graph.drafts import from_program
>>> from binding_graph.trust import trust_refusals
>>> text = "Ann has 16 eggs. She eats 3. How many eggs are left?"
>>> graph = from_program("def solution():\n    return 61 - 3", text, source_id="p1")
>>> [(error.code, error.path) for error in trust_refusals(graph)]
[('unstated_number', ('equations', 0, 'rhs_canonical'))]

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final, cast

from binding_graph._finding import TRUST_FINDING_CODES, TrustFindingCode
from binding_graph.errors import TRUST_CODES, BindingGraphError, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.trust._answers import answer_refusals
from binding_graph.trust._findings import trust_findings as _findings
from binding_graph.trust._grounding import CONSTANTS, grounding_refusals

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from binding_graph._finding import Finding

__all__ = [
    "CHECKS",
    "CONSTANTS",
    "TRUST_CODES",
    "TRUST_FINDING_CODES",
    "TrustFindingCode",
    "check_trust",
    "trust_findings",
    "trust_refusals",
]

_RUN: Final[
    Mapping[str, Callable[[SemanticSymbolicBindingGraph], list[BindingGraphError]]]
] = MappingProxyType({"answers": answer_refusals, "grounding": grounding_refusals})

CHECKS: Final[tuple[str, ...]] = tuple(_RUN)
"""The names of the profile's checks, in the order they run: ``answers``, then ``grounding``.

.. versionadded:: 0.1.0
"""


def _graph(function: str, graph: object) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    return graph


def _checks(function: str, checks: object) -> tuple[str, ...]:
    if type(checks) is not tuple:
        refuse_type(function, "checks", "a tuple of str", checks, ("checks",))
    names = cast("tuple[object, ...]", checks)
    for index, name in enumerate(names):
        if type(name) is not str:
            refuse_type(function, "checks", "a str", name, ("checks", index))
        if name not in _RUN:
            raise BindingGraphError(
                "not_in_vocabulary",
                f"{function}.checks must name checks of {', '.join(CHECKS)}"
                f" (got {name!r})",
                ("checks", index),
            )
    return cast("tuple[str, ...]", names)


def trust_refusals(
    graph: SemanticSymbolicBindingGraph, checks: tuple[str, ...] = CHECKS
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of the profile for model output, check by check.

    Args:
        graph: The graph to judge.
        checks: The names of the checks to run, a tuple of names of
            :data:`CHECKS`; all of them by default. A scorer that runs them
            one by one counts what each adds.

    Returns:
        The refusals of each check, in the order of *checks*, each
        check's in the order of the elements it refuses; empty when the
        profile accepts the graph.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph or
            *checks* not a tuple of ``str``; ``not_in_vocabulary`` at
            ``("checks", i)`` for a name that is no check's.

    .. versionadded:: 0.1.0
    """
    checked = _graph("trust_refusals", graph)
    found: list[BindingGraphError] = []
    for name in _checks("trust_refusals", checks):
        found.extend(_RUN[name](checked))
    return tuple(found)


def check_trust(
    graph: SemanticSymbolicBindingGraph, checks: tuple[str, ...] = CHECKS
) -> None:
    """Refuse *graph* with the first refusal :func:`trust_refusals` lists, if any.

    Raises:
        BindingGraphError: the first refusal of the profile
            (``non_integer_solution``, ``negative_solution``,
            ``unstated_number``, or the arithmetic's own); as
            :func:`trust_refusals` for arguments that are not as it takes.

    .. versionadded:: 0.1.0
    """
    checked = _graph("check_trust", graph)
    for name in _checks("check_trust", checks):
        found = _RUN[name](checked)
        if found:
            raise found[0]


def trust_findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return what right set-ups rarely do, as findings, which refuse nothing.

    - ``unused_number``, at ``("provenance", i)``: a number a place of the
      problem's text states that no fact's value and no number of a
      right-hand side is (as written, as a hundredth of it, or as its
      inverse: ``25%`` may be used as ``25 / 100`` or ``0.25``, ``half``
      as a division by 2). Places that overlap are one number
      (``twenty-five``, ``25%``). Skipped, as no quantity: a year (four
      digits, from 1000 to 2099), an ordinal (``1st``, ``3rd``) and the
      word ``one`` (``one of them``, ``one day``).
    - ``question_unit_mismatch``, at ``("unknowns", i)``: a "How many"
      question whose words name a unit of another dimension than the
      answer's (its ``expected_unit``, else its symbol's), such as ``How
      many apples`` answered in dollars; two count nouns (``children`` and
      ``kids``) are never told apart.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    return tuple(_findings(_graph("trust_findings", graph)))


def __dir__() -> list[str]:
    return list(__all__)
