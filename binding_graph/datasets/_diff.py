"""The set-up differences of two graphs: what one binds that the other does not, whatever their symbols are named."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, cast

import attrs

from binding_graph import _kinds as _k
from binding_graph._show import short_repr
from binding_graph.datasets._setups import match_setups
from binding_graph.errors import BindingGraphError, ErrorPath, refuse, refuse_type
from binding_graph.expressions import (
    BinaryOperation,
    Call,
    Negation,
    Symbol,
    parse_expression,
    postorder,
)
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from binding_graph.datasets._setups import Setup
    from binding_graph.expressions import Expression

__all__ = ["Difference", "diff", "equation_text", "renamed_equation"]

Side = Literal["-", "+"]
_SIDES: Final = ("-", "+")
_KINDS: Final = ("facts", "equations", "unknowns")


def _side(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str or value not in _SIDES:
        rule = "must be '-' (the first graph's) or '+' (the second's)"
        refuse("not_in_vocabulary", "Difference", "side", rule, value, ("side",))


def _path(_: object, __: attrs.Attribute[Any], value: object) -> None:
    pair = cast("tuple[object, ...]", value)
    if not (
        type(value) is tuple
        and len(pair) == 2  # noqa: PLR2004 -- a collection and an index
        and pair[0] in _KINDS
        and type(pair[1]) is int
        and pair[1] >= 0
    ):
        expected = "a (collection, index) pair of facts, equations or unknowns"
        refuse_type("Difference", "path", expected, pair, ("path",))


@attrs.frozen(kw_only=True, weakref_slot=False)
class Difference:
    """An element of one graph's set-up that matches nothing of the other's.

    ``str(difference)`` is its line: ``- equations[1]: total := a - b``.

    Args:
        side: ``"-"``, an element of the first graph; ``"+"``, of the
            second.
        path: Where it is in its graph: ``("facts", 0)``,
            ``("equations", 1)`` or ``("unknowns", 0)``.
        text: The element as a set-up reads it: a fact's value and the
            words it quotes, an equation, or what a question asks for.

    Raises:
        BindingGraphError: for a field that is not as above, at the field.

    .. versionadded:: 0.1.0
    """

    side: Side = attrs.field(validator=_side)
    path: ErrorPath = attrs.field(validator=_path)
    text: str = attrs.field(validator=_k.text)

    def __str__(self) -> str:
        collection, index = self.path
        return f"{self.side} {collection}[{index}]: {self.text}"

    def to_data(self) -> dict[str, object]:
        """Return the difference as a JSON-ready ``dict``.

        .. versionadded:: 0.1.0
        """
        return {"side": self.side, "path": list(self.path), "text": self.text}


def _fact(graph: SemanticSymbolicBindingGraph, index: int) -> str:
    fact = graph.facts[index]
    span = fact.source_span
    unit = "" if fact.unit is None else f" {fact.unit}"
    return (
        f"{fact.symbol_id} = {fact.value}{unit}, quoting {short_repr(span.text)}"
        f" at {span.source_id}[{span.start}:{span.end}]"
    )


def equation_text(graph: SemanticSymbolicBindingGraph, index: int) -> str:
    """Return equation *index* of *graph* as ``SYMBOL := RHS``."""
    equation = graph.equations[index]
    return f"{equation.lhs_symbol_id} := {equation.rhs_canonical}"


def renamed_equation(
    graph: SemanticSymbolicBindingGraph, index: int, names: dict[str, str]
) -> str:
    """Return equation *index* of *graph* as ``SYMBOL := RHS``, each symbol renamed by *names* where it names one; a right-hand side that does not read, as it is spelled."""
    equation = graph.equations[index]
    lhs = equation.lhs_symbol_id
    try:
        tree = parse_expression(equation.rhs_canonical)
    except BindingGraphError:
        return f"{names.get(lhs, lhs)} := {equation.rhs_canonical}"
    built: list[Expression] = []
    for node in postorder(tree):
        if type(node) is Symbol:
            symbol_id = node.symbol_id
            built.append(Symbol(names.get(symbol_id, symbol_id)))
        elif type(node) is Negation:
            built.append(Negation(built.pop()))
        elif type(node) is BinaryOperation:
            right, left = built.pop(), built.pop()
            built.append(BinaryOperation(node.operator, left, right))
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = tuple(built[-count:])
            del built[-count:]
            built.append(Call(node.function, arguments))
        else:
            built.append(node)
    return f"{names.get(lhs, lhs)} := {built[0]}"


def _unknown(graph: SemanticSymbolicBindingGraph, index: int) -> str:
    unknown = graph.unknowns[index]
    unit = "" if unknown.expected_unit is None else f", in {unknown.expected_unit}"
    return f"asks for {unknown.symbol_id}{unit}"


def _unmatched(
    graph: SemanticSymbolicBindingGraph, setup: Setup, side: Side, kind: str
) -> list[Difference]:
    """Return the elements of one collection of one side that the set-up did not match."""
    first = side == "-"
    if kind == "facts":
        matched: set[int] | frozenset[int] = setup.facts[0 if first else 1]
        spell, size = _fact, len(graph.facts)
    elif kind == "equations":
        matched = set(setup.equations if first else setup.equations.values())
        spell, size = equation_text, len(graph.equations)
    else:
        matched = set(setup.unknowns if first else setup.unknowns.values())
        spell, size = _unknown, len(graph.unknowns)
    return [
        Difference(side=side, path=(kind, index), text=spell(graph, index))
        for index in range(size)
        if index not in matched
    ]


def _graph(argument: str, value: object) -> SemanticSymbolicBindingGraph:
    if type(value) is not SemanticSymbolicBindingGraph:
        refuse_type(
            "diff", argument, "a SemanticSymbolicBindingGraph", value, (argument,)
        )
    return value


def diff(
    first: SemanticSymbolicBindingGraph, second: SemanticSymbolicBindingGraph
) -> tuple[Difference, ...]:
    r"""Return how the set-up of *second* differs from that of *first*, whatever their symbols are named.

    The symbols of *second* are paired with those of *first* through what
    they are bound to, as :func:`~binding_graph.datasets.score` pairs a
    predicted graph with a gold one (*first* is the gold): facts by their
    value and the place of the text that states it, whatever the width of
    their quotes (facts of *second* of a value that *first* binds to one
    symbol all match it), equations by their right-hand sides
    under the pairing (spelled alike, or reading the same symbols to the
    same value on *first*'s values, so that ``a + b`` and ``b + a`` are
    one), questions by their target and unit. Each element of either graph
    that matches nothing of the other's is a :class:`Difference`: facts,
    then equations, then unknowns; of each, those of *first* (``-``), then
    those of *second* (``+``), by index. Equal set-ups give ``()``.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("first",)`` or
            ``("second",)`` for an argument that is not a graph.

    >>> import attrs
    >>> from binding_graph.datasets import diff, from_gsm8k
    >>> case = from_gsm8k(
    ...     {"question": "Ann has 3 bags of 4 apples. How many apples?",
    ...      "answer": "<<3*4=12>>12\n#### 12"}, source_id="p1")
    >>> step = case.graph.equations[0]
    >>> wrong = attrs.evolve(
    ...     case.graph,
    ...     equations=(attrs.evolve(step, rhs_canonical="sym_3_000 + sym_4_001"),),
    ... )
    >>> for difference in diff(case.graph, wrong):
    ...     print(difference)
    - equations[0]: sym_step_1_002 := sym_3_000 * sym_4_001
    + equations[0]: sym_step_1_002 := sym_3_000 + sym_4_001

    .. versionadded:: 0.1.0
    """
    gold = _graph("first", first)
    predicted = _graph("second", second)
    setup = match_setups(predicted, gold)
    return tuple(
        difference
        for kind in _KINDS
        for graph, side in ((gold, "-"), (predicted, "+"))
        for difference in _unmatched(graph, setup, cast("Side", side), kind)
    )
