"""Units: a closed lexicon of the units of word problems, exact dimension algebra, and the admission of equations.

The model keeps a unit as a string and never reads it. This module reads
units in a lexicon made for word problems: the physical units of school
mathematics, money, time, and every count noun as a dimension of its own
(``apple + dollar`` is refused, ``dollars per apple * apples`` is dollars).
It is exact (scales are :class:`~fractions.Fraction`), pure, and linear in
its input; the lexicon's data file, ``units-v1``, is read on first use.

>>> from binding_graph.units import parse_unit
>>> unit = parse_unit("miles per hour")
>>> str(unit), str(unit.dimension), unit.scale
('mile/hour', '[length]/[time]', Fraction(1397, 3125))
>>> parse_unit("mph") == unit
True

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final, cast

import attrs

from binding_graph._checks import is_str, mapping_items
from binding_graph._finding import UNIT_FINDING_CODES, UnitFindingCode
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.expressions import NODES, parse_expression
from binding_graph.model import SemanticSymbolicBindingGraph
from binding_graph.units import _admission
from binding_graph.units._admission import ADMISSION_REASONS, AdmissionReason
from binding_graph.units._algebra import Dimension, Unit
from binding_graph.units._by_kind import KIND_REASONS, KindAdmission, KindReason
from binding_graph.units._lexicon import UnitLexicon
from binding_graph.units._quick import quick_unit
from binding_graph.units._reading import MAX_UNIT_LENGTH
from binding_graph.units._words import LEXICON_VERSION

if TYPE_CHECKING:
    from collections.abc import Mapping

    from binding_graph._finding import Finding
    from binding_graph.expressions import Expression

__all__ = [
    "ADMISSION_REASONS",
    "DEFAULT",
    "KIND_REASONS",
    "LEXICON_VERSION",
    "MAX_UNIT_LENGTH",
    "UNIT_FINDING_CODES",
    "AdmissionReason",
    "Dimension",
    "KindReason",
    "Unit",
    "UnitFindingCode",
    "UnitLexicon",
    "admit",
    "parse_unit",
    "unit_findings",
    "unit_of",
    "unit_proof",
]

DEFAULT: Final = UnitLexicon()
"""The lexicon of the data file, ``units-v1``, as it ships.

.. versionadded:: 0.1.0
"""

_ONE: Final = Unit(Fraction(1))


def _lexicon(function: str, lexicon: object) -> UnitLexicon:
    if type(lexicon) is not UnitLexicon:
        refuse_type(function, "lexicon", "a UnitLexicon", lexicon, ("lexicon",))
    return lexicon


def _graph(function: str, graph: object) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    return graph


def parse_unit(text: str | None, lexicon: UnitLexicon = DEFAULT) -> Unit:
    """Return the unit *text* names in *lexicon*; ``None`` (no unit) is a pure number.

    ``km/h``, ``km per hour``, ``kilometers per hour``, ``square feet``,
    ``ft^2``, ``m/s^2``, ``dollars per apple``, ``apples``, ``$`` and ``%``
    all read. A phrase the lexicon does not list is a count noun, named by
    its singular (``Easter eggs`` is ``Easter egg``); ``UNIT of NOUN`` is
    the unit (``cups of flour``), unless its head is a count noun or a
    pure number (``pairs of shoes`` is the count noun ``pair of shoes``).
    A lexicon remembers what it has read.

    Raises:
        BindingGraphError: ``unknown_unit`` for a text the lexicon cannot
            read (the message says which word, or where); ``limit_exceeded``
            for a text of more than :data:`MAX_UNIT_LENGTH` characters,
            nesting too deep, or a scale too large; ``wrong_type`` for
            arguments that are not a ``str`` (or ``None``) and a
            :class:`UnitLexicon`.

    >>> from binding_graph.units import parse_unit
    >>> str(parse_unit("cubic centimeters")), str(parse_unit("pairs of shoes"))
    ('centimeter^3', 'pair of shoes')

    .. versionadded:: 0.1.0
    """
    checked = _lexicon("parse_unit", lexicon)
    if text is None:
        return _ONE
    return checked.parse(text)


def unit_of(expression: Expression | str, units: Mapping[str, Unit]) -> Unit:
    """Return the unit of an arithmetic *expression*, given the unit of each symbol.

    Literals are pure numbers. ``+`` and ``-`` need operands of one unit:
    one dimension and one scale (``km + m`` is refused: the numbers would be
    added wrongly); ``*`` and ``/`` multiply and divide units. A unit with
    an offset (degrees Celsius or Fahrenheit) is never added, negated or
    multiplied.

    Args:
        expression: A tree of :func:`~binding_graph.arithmetic.parse_expression`,
            or a text it reads.
        units: The unit of each symbol the expression mentions: a ``dict``
            (or a :class:`types.MappingProxyType`) of ``str`` to :class:`Unit`.

    Raises:
        BindingGraphError: ``unit_mismatch`` as above; ``unknown_symbol``
            for a symbol *units* does not hold; ``not_arithmetic`` or
            ``limit_exceeded`` for a text the arithmetic refuses;
            ``wrong_type`` for arguments that are not as above.

    >>> from binding_graph.units import parse_unit, unit_of
    >>> units = {"price": parse_unit("dollars per hour"), "time": parse_unit("h")}
    >>> str(unit_of("price * time", units))
    'dollar'

    .. versionadded:: 0.1.0
    """
    read, checked = _arguments("unit_of", expression, units)
    return _admission.unit_of(_tree(read), checked)


def _arguments(
    function: str, expression: object, units: object
) -> tuple[Expression | str, dict[str, Unit]]:
    """Return *expression*, a tree or a text, and the unit of each symbol, checked as :func:`unit_of` checks them."""
    if not is_str(expression) and type(expression) not in NODES:
        refuse_type(
            function,
            "expression",
            "an Expression or a str",
            expression,
            ("expression",),
        )
    expected = "a dict of str to Unit"
    checked: dict[str, Unit] = {}
    for key, unit in mapping_items(units, function, "units", expected):
        if not is_str(key) or type(unit) is not Unit:
            refuse_type(function, "units", expected, units, ("units",))
        checked[key] = unit
    return cast("Expression | str", expression), checked


def _tree(expression: Expression | str) -> Expression:
    if isinstance(expression, str):  # exactly a str: _arguments saw to it
        return parse_expression(expression)
    return expression


def unit_proof(
    expression: Expression | str, units: Mapping[str, Unit], unit: Unit
) -> str:
    """Return the proof that an arithmetic *expression*, given each symbol's unit, is in *unit*, as :func:`admit` writes one.

    The expression spelt with each symbol's unit in its place and each
    literal as ``1``, then ``=`` and its unit, then, where its unit is
    another of the same dimension, ``=`` and the ratio the literals must
    carry out: ``mile/hour * hour = mile``, ``hour * 1 = hour = 60*minute``.

    Args:
        expression: As for :func:`unit_of`.
        units: As for :func:`unit_of`.
        unit: The unit the expression is to be in (a pure number, for
            ``parse_unit(None)``).

    Raises:
        BindingGraphError: ``unit_mismatch`` for units that do not combine,
            and for an expression in another dimension than *unit*, or
            whose zero lies elsewhere; as :func:`unit_of` for the rest;
            ``wrong_type`` for a *unit* that is not a :class:`Unit`.

    >>> from binding_graph.units import parse_unit, unit_proof
    >>> units = {"speed": parse_unit("mph"), "time": parse_unit("hours")}
    >>> unit_proof("speed * time", units, parse_unit("miles"))
    'mile/hour * hour = mile'
    >>> unit_proof("time * 60", units, parse_unit("minutes"))
    'hour * 1 = hour = 60*minute'

    .. versionadded:: 0.1.0
    """
    read, checked = _arguments("unit_proof", expression, units)
    if type(unit) is not Unit:
        refuse_type("unit_proof", "unit", "a Unit", unit, ("unit",))
    # The common text in one pass over its lexemes, as admit reads it.
    quick = quick_unit(read, checked, "the expression") if is_str(read) else None
    if quick is None:
        tree = _tree(read)
        result = _admission.unit_of(tree, checked)
        left_side = _admission.proof(tree, checked)
    elif type(quick[0]) is BindingGraphError:
        raise quick[0]
    else:
        result, left_side = cast("Unit", quick[0]), quick[1]
    try:
        return _admission.conclusion(
            result, left_side, unit, "the expression", "the unit given"
        )
    except _admission.Refused as refused:
        raise BindingGraphError("unit_mismatch", refused.detail) from None


def admit(
    graph: SemanticSymbolicBindingGraph,
    lexicon: UnitLexicon = DEFAULT,
    *,
    recheck: bool = False,
    by_kind: bool = False,
) -> SemanticSymbolicBindingGraph:
    """Return *graph* with every ``pending`` equation admitted or refused by its units (SSBG-3).

    An equation is admitted when its right-hand side is in the arithmetic
    profile and mentions exactly its dependencies, every unit it involves
    reads, and the right-hand side's unit has the dimension of its
    left-hand side's: ``unit_proof`` becomes the proof, such as
    ``mile/hour * hour = mile``; where the scales differ, the proof ends
    with the ratio the literals must carry out (``hour * 1 = hour =
    60*minute``). Otherwise it is refused, ``refusal_reason`` being
    ``REASON: detail`` with a reason of :data:`ADMISSION_REASONS`, and its
    ``unit_proof`` is left as it was.

    With *by_kind*, an equation is decided as the seed's system decides it
    (ADR-0134): by its ``operation_kind``, one of
    :data:`~binding_graph.vocabularies.OPERATION_KINDS`, and its
    dependencies' units, whatever its right-hand side says; the proof is
    ``KIND(UNIT, ...) = UNIT``, the dependencies in code-point order
    (``apply_rate(dollar/hour, hour) = dollar``), and a reason is one of
    :data:`KIND_REASONS` (see the units page for each kind's rule).

    Args:
        graph: The graph.
        lexicon: The lexicon units are read in.
        recheck: Decide every equation again, not only the pending ones.
        by_kind: Decide by the operation kind's rule, not the right-hand side.

    Returns:
        A new graph (built, and so checked, by the model), or *graph* itself
        when no equation is to be decided.

    Raises:
        BindingGraphError: ``wrong_type`` for arguments that are not as above.

    .. versionadded:: 0.1.0
    """
    checked = _graph("admit", graph)
    if type(recheck) is not bool:
        refuse_type("admit", "recheck", "a bool", recheck, ("recheck",))
    if type(by_kind) is not bool:
        refuse_type("admit", "by_kind", "a bool", by_kind, ("by_kind",))
    deciding = KindAdmission if by_kind else _admission.Admission
    admission = deciding(checked, _lexicon("admit", lexicon))
    equations = checked.equations
    decided = tuple(
        admission.decide(index)
        if recheck or equation.admissibility_status == "pending"
        else equation
        for index, equation in enumerate(equations)
    )
    if all(new is old for new, old in zip(decided, equations, strict=True)):
        return checked
    return attrs.evolve(checked, equations=decided)


def unit_findings(
    graph: SemanticSymbolicBindingGraph, lexicon: UnitLexicon = DEFAULT
) -> tuple[Finding, ...]:
    """Return what the units of *graph* show, for every element at once.

    ``unknown_unit``: a symbol's, a fact's or an unknown's unit that does
    not read. ``fact_dimension_mismatch``, ``fact_scale_mismatch`` and
    ``fact_offset_mismatch``: a fact in another unit than its symbol, of
    another dimension, another scale (a fact in grams of a symbol in
    kilograms would be read a thousand times too large), or only another
    zero (degrees Celsius of a symbol in kelvins).
    ``inadmissible_equation``: an admitted equation that :func:`admit`
    would refuse, with the reason. ``unknown_dimension_mismatch``,
    ``unknown_scale_mismatch`` and ``unknown_offset_mismatch``: an unknown
    expected in another unit than its symbol's. A fact or an unknown without a unit, or of a symbol
    without one, is not compared. Findings come in the order of the graph's
    fields, then by index, then of :data:`UnitFindingCode`.

    Raises:
        BindingGraphError: ``wrong_type`` for arguments that are not a graph
            and a :class:`UnitLexicon`.

    .. versionadded:: 0.1.0
    """
    checked = _graph("unit_findings", graph)
    return _admission.findings(checked, _lexicon("unit_findings", lexicon))
