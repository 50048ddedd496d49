"""Exact arithmetic: read right-hand sides, predicates and values in one small profile, and solve.

The model never parses ``rhs_canonical``, ``predicate`` or a fact's
``value``: ADR-0132 keeps them strings, so that the data layer depends on no
symbolic engine. This module is an opt-in reading of those strings in one
documented profile, the arithmetic of word problems:

.. code-block:: text

    expression := term (("+" | "-") term)*
    term       := unary (("*" | "/") unary)*
    unary      := "-" unary | primary
    primary    := NUMBER | SYMBOL | "(" expression ")"
    NUMBER     := [0-9]+ ("." [0-9]+)?
    predicate  := expression ("<" | "<=" | ">" | ">=" | "==" | "!=") expression

``SYMBOL`` is a symbol id as the model accepts it, compared exactly. ASCII
spaces, tabs, carriage returns and newlines may separate tokens, and
surround them; nothing else is allowed.
Values are :class:`fractions.Fraction`, never floats. Every function is
pure, takes time linear in its input, and never recurses.

>>> from binding_graph.arithmetic import canonical_expression, parse_number
>>> canonical_expression("(a-b)-c*(007.50)")
'a - b - c * 7.5'
>>> parse_number("3/4")
Fraction(3, 4)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final, cast

from binding_graph.analysis import require_solvable
from binding_graph.analysis._finding import (
    ARITHMETIC_FINDING_CODES,
    ArithmeticFindingCode,
)
from binding_graph.arithmetic import _parser, _solving
from binding_graph.arithmetic._parser import MAX_DIGITS, MAX_EXPRESSION_LENGTH
from binding_graph.arithmetic._tree import (
    MAX_BITS,
    MAX_DEPTH,
    NODES,
    BinaryOperation,
    Comparison,
    Expression,
    Negation,
    Number,
    Operator,
    Predicate,
    Symbol,
    spell,
    symbols,
)
from binding_graph.errors import refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Mapping
    from fractions import Fraction

    from binding_graph.analysis import Finding

__all__ = [
    "ARITHMETIC_FINDING_CODES",
    "MAX_BITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPRESSION_LENGTH",
    "OPERATION_KINDS",
    "ArithmeticFindingCode",
    "BinaryOperation",
    "Comparison",
    "Expression",
    "Negation",
    "Number",
    "Operator",
    "Predicate",
    "Symbol",
    "answers",
    "canonical_expression",
    "canonical_predicate",
    "evaluate",
    "expression_symbols",
    "findings",
    "operation_kind",
    "parse_expression",
    "parse_number",
    "parse_predicate",
]


def parse_expression(text: str) -> Expression:
    """Return the tree of the expression *text*.

    Raises:
        BindingGraphError: ``not_arithmetic`` for a text outside the grammar
            (the message names the offset and what was expected there);
            ``limit_exceeded`` for a text of more than
            :data:`MAX_EXPRESSION_LENGTH` characters, a ``NUMBER`` of more
            than :data:`MAX_DIGITS` digits, or nesting deeper than
            :data:`MAX_DEPTH`; ``wrong_type`` if *text* is not a ``str``.

    >>> from binding_graph.arithmetic import parse_expression
    >>> parse_expression("-x * 2")
    BinaryOperation(operator='*', left=Negation(operand=Symbol(symbol_id='x')), right=Number(value=Fraction(2, 1)))

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return _parser.parse(_parser.checked(text, where, "parse_expression"), where)


def canonical_expression(text: str) -> str:
    """Return the one spelling of the expression *text*.

    One space on each side of a binary operator; a unary minus directly
    before its operand; parentheses exactly where the tree needs them;
    numbers without leading zeros or trailing fractional zeros. No
    reordering and no algebra: ``parse_expression`` of the result is
    ``parse_expression(text)``.

    Raises:
        BindingGraphError: as :func:`parse_expression`.

    >>> from binding_graph.arithmetic import canonical_expression
    >>> canonical_expression("a-(b-c)+(a+b)+-(2*3)")
    'a - (b - c) + (a + b) + -(2 * 3)'

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return spell(
        _parser.parse(_parser.checked(text, where, "canonical_expression"), where)
    )


def expression_symbols(text: str) -> frozenset[str]:
    """Return the ids of the symbols the expression *text* mentions.

    Raises:
        BindingGraphError: as :func:`parse_expression`.

    >>> from binding_graph.arithmetic import expression_symbols
    >>> sorted(expression_symbols("speed * time + speed"))
    ['speed', 'time']

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return symbols(
        _parser.parse(_parser.checked(text, where, "expression_symbols"), where)
    )


OPERATION_KINDS: Final[frozenset[str]] = frozenset(
    {"add", "subtract", "multiply", "divide", "negate", "identity"}
)
"""Every kind of operation :func:`operation_kind` names.

.. versionadded:: 0.1.0
"""

_OPERATIONS: Final = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}


def operation_kind(expression: Expression | str) -> str:
    """Return the operation the top of *expression* makes, as an equation's ``operation_kind`` says it.

    ``add``, ``subtract``, ``multiply`` or ``divide`` for a binary
    operation, by its operator; ``negate`` for a negation; ``identity`` for
    a lone number or symbol. One of :data:`OPERATION_KINDS`.

    Args:
        expression: A tree of :func:`parse_expression`, or a text it reads.

    Raises:
        BindingGraphError: as :func:`parse_expression`, for a text; ``wrong_type``
            for anything but a ``str`` or a tree.

    >>> from binding_graph.arithmetic import operation_kind
    >>> operation_kind("a * (b + c)"), operation_kind("-(a - b)"), operation_kind("7")
    ('multiply', 'negate', 'identity')

    .. versionadded:: 0.1.0
    """
    tree: Expression
    if type(expression) is str:
        tree = parse_expression(expression)
    elif type(expression) in NODES:
        tree = cast("Expression", expression)
    else:
        refuse_type(
            "operation_kind",
            "expression",
            "an Expression or a str",
            expression,
            ("expression",),
        )
    if type(tree) is BinaryOperation:
        return _OPERATIONS[tree.operator]
    return "negate" if type(tree) is Negation else "identity"


def parse_number(text: str) -> Fraction:
    """Return the value a fact's *text* states: ``-``?, then ``NUMBER`` or ``NUMBER/NUMBER``.

    No spaces, no ``+``; ``"3"``, ``"3.0"`` and ``"6/2"`` are all 3.

    Raises:
        BindingGraphError: ``not_arithmetic`` for any other text, or a zero
            denominator; ``limit_exceeded`` as :func:`parse_expression`;
            ``wrong_type`` if *text* is not a ``str``.

    >>> from binding_graph.arithmetic import parse_number
    >>> parse_number("-2.50")
    Fraction(-5, 2)

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return _parser.parse_number(_parser.checked(text, where, "parse_number"), where)


def parse_predicate(text: str) -> Predicate:
    """Return the predicate *text*: ``expression COMPARISON expression``.

    Raises:
        BindingGraphError: as :func:`parse_expression`.

    >>> from binding_graph.arithmetic import parse_predicate
    >>> str(parse_predicate("0<=x"))
    '0 <= x'

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return _parser.parse_predicate(
        _parser.checked(text, where, "parse_predicate"), where
    )


def canonical_predicate(text: str) -> str:
    """Return the one spelling of the predicate *text*, as :func:`canonical_expression` spells each side.

    Raises:
        BindingGraphError: as :func:`parse_expression`.

    >>> from binding_graph.arithmetic import canonical_predicate
    >>> canonical_predicate("x>=(0)")
    'x >= 0'

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    checked = _parser.checked(text, where, "canonical_predicate")
    return str(_parser.parse_predicate(checked, where))


def _graph(function: str, graph: object) -> SemanticSymbolicBindingGraph:
    # By its class, never by what it says its class is.
    if type(graph) is not SemanticSymbolicBindingGraph:
        refuse_type(
            function, "graph", "a SemanticSymbolicBindingGraph", graph, ("graph",)
        )
    return graph


def evaluate(graph: SemanticSymbolicBindingGraph) -> Mapping[str, Fraction]:
    """Return the exact value of every symbol that the facts and admitted equations determine.

    The facts' values first, then the admitted equations in
    :func:`~binding_graph.analysis.solve_order`; the keys are exactly
    :func:`~binding_graph.analysis.determined_symbols`, in that order.
    Only what gives a value is read: the facts, and the equations of the
    solve order; :func:`findings` reads every admitted equation.

    Raises:
        BindingGraphError: at the first element that cannot give a value,
            with its path: ``not_arithmetic`` for a fact's value or an
            equation's right-hand side outside the profile;
            ``conflicting_values`` when two facts give one symbol different
            numbers (``"3"`` and ``"3.0"`` agree); ``dependency_mismatch``
            when an admitted equation's right-hand side does not mention
            exactly its ``dependencies``; ``division_by_zero``;
            ``limit_exceeded``; ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    return MappingProxyType(_solving.values(_graph("evaluate", graph)))


def answers(graph: SemanticSymbolicBindingGraph) -> tuple[Fraction, ...]:
    """Return the value of each unknown's symbol, in the order of ``graph.unknowns``.

    Raises:
        BindingGraphError: as :func:`evaluate`; then ``unbound_unknown``, as
            :func:`~binding_graph.analysis.require_solvable` refuses it, for
            an unknown that is not determined.

    .. versionadded:: 0.1.0
    """
    values = _solving.values(_graph("answers", graph))
    unknowns = graph.unknowns
    if not all(unknown.symbol_id in values for unknown in unknowns):
        require_solvable(graph)
    return tuple(values[unknown.symbol_id] for unknown in unknowns)


def findings(graph: SemanticSymbolicBindingGraph) -> tuple[Finding, ...]:
    """Return what the arithmetic of *graph* shows, for every element at once.

    Every refusal of :func:`evaluate`, as a finding of the same code, path
    and message (for every admitted equation, in the solve order or not),
    and what is wrong though every string reads: ``value_conflict`` (an
    admitted equation gives a symbol another value than the one it has),
    ``constraint_symbols`` (a predicate that does not mention exactly its
    constraint's symbol) and ``constraint_violated`` (a predicate that is
    false for the values). The codes are :data:`ARITHMETIC_FINDING_CODES`;
    findings come in the order of the elements they point at (facts,
    equations, constraints, then by index), then of
    :data:`ArithmeticFindingCode`.

    Raises:
        BindingGraphError: ``wrong_type`` if *graph* is not a graph.

    .. versionadded:: 0.1.0
    """
    return _solving.found(_graph("findings", graph))
