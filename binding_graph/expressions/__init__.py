"""The language of right-hand sides, predicates and values: trees, their reading and their spelling.

The model never parses ``rhs_canonical``, ``predicate`` or a fact's
``value``: ADR-0132 keeps them strings, so that the data layer depends on no
symbolic engine. This wing reads those strings, on request, in one
documented profile, the arithmetic of word problems:

.. code-block:: text

    expression := term (("+" | "-") term)*
    term       := unary (("*" | "/" | "//" | "%") unary)*
    unary      := "-" unary | power
    power      := primary ("**" unary)?
    primary    := NUMBER | SYMBOL | call | "(" expression ")"
    call       := FUNCTION "(" expression ("," expression)* ")"
    FUNCTION   := "abs" | "min" | "max" | "round" | "floor" | "ceil"
    NUMBER     := [0-9]+ ("." [0-9]+)?
    predicate  := expression ("<" | "<=" | ">" | ">=" | "==" | "!=") expression

Operators bind and group as Python's do: ``-x ** 2`` is ``-(x ** 2)``,
``2 ** 3 ** 2`` is ``2 ** 9``. A power's exponent must be whole where it
is evaluated; ``abs``, ``floor`` and ``ceil`` take one argument, ``min``
and ``max`` two or more, ``round`` one, or two of which the second is a
whole number written as one (``round(x, 2)``). Each means its exact value
in fractions (``1 // 0.1`` is 10, ``round(2.675, 2)`` is 2.68).

``SYMBOL`` is a symbol id as the model accepts it, compared exactly. ASCII
spaces, tabs, carriage returns and newlines may separate tokens, and
surround them; nothing else is allowed. Every function is pure, takes time
linear in its input, and never recurses.

It is the layer below the wings that compute with the language:
:mod:`binding_graph.arithmetic` evaluates trees in exact fractions (and
gives users the names of this page), :mod:`binding_graph.units` reads
their units, :mod:`binding_graph.datasets` writes them. Besides the trees
and the readers of texts, it holds what those wings share: a text's place
in a graph (:class:`Where`, :func:`element`), an equation's tree held to
its dependencies (:func:`equation_tree`), and the one-pass reading of the
common text (:func:`quick_read`), whose operands each wing computes with.

>>> from binding_graph.expressions import canonical_expression, parse_number
>>> canonical_expression("(a-b)-c*(007.50)")
'a - b - c * 7.5'
>>> parse_number("3/4")
Fraction(3, 4)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.expressions import _parser
from binding_graph.expressions._digits import decimal, too_large
from binding_graph.expressions._evaluation import Undefined, value
from binding_graph.expressions._graphs import (
    OPERATION_LABELS,
    TOP_OPERATIONS,
    TopOperation,
    element,
    equation_tree,
    listed,
    operation_kind,
    read_operation_kind,
)
from binding_graph.expressions._numbers import (
    WORDS,
    Quote,
    first_quotes,
    places,
    question_span,
    quotes,
    read_decimal,
    spelled,
    too_many_digits,
)
from binding_graph.expressions._parser import (
    MAX_EXPRESSION_LENGTH,
    TEXT,
    Where,
)
from binding_graph.expressions._parser import parse as parse_expression_at
from binding_graph.expressions._parser import parse_number as parse_number_at
from binding_graph.expressions._parser import parse_predicate as parse_predicate_at
from binding_graph.expressions._quick import (
    Operands,
    quick_lexemes,
    quick_number,
    quick_read,
    quick_spelling,
)
from binding_graph.expressions._tree import (
    FUNCTIONS,
    MAX_BITS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_EXPONENT,
    NEGATION,
    NODES,
    PRECEDENCE,
    BinaryOperation,
    Call,
    Comparison,
    Expression,
    Function,
    Negation,
    Number,
    Operator,
    Predicate,
    Symbol,
    postorder,
    spell,
    symbols,
    within_digits,
)

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "FUNCTIONS",
    "MAX_BITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_EXPRESSION_LENGTH",
    "NEGATION",
    "NODES",
    "OPERATION_LABELS",
    "PRECEDENCE",
    "TEXT",
    "TOP_OPERATIONS",
    "WORDS",
    "BinaryOperation",
    "Call",
    "Comparison",
    "Expression",
    "Function",
    "Negation",
    "Number",
    "Operands",
    "Operator",
    "Predicate",
    "Quote",
    "Symbol",
    "TopOperation",
    "Undefined",
    "Where",
    "canonical_expression",
    "canonical_predicate",
    "decimal",
    "element",
    "equation_tree",
    "expression_symbols",
    "first_quotes",
    "listed",
    "operation_kind",
    "parse_expression",
    "parse_expression_at",
    "parse_number",
    "parse_number_at",
    "parse_predicate",
    "parse_predicate_at",
    "places",
    "postorder",
    "question_span",
    "quick_lexemes",
    "quick_number",
    "quick_read",
    "quick_spelling",
    "quotes",
    "read_decimal",
    "read_operation_kind",
    "spelled",
    "symbols",
    "too_large",
    "too_many_digits",
    "value",
    "within_digits",
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

    >>> from binding_graph.expressions import parse_expression
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

    >>> from binding_graph.expressions import canonical_expression
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

    >>> from binding_graph.expressions import expression_symbols
    >>> sorted(expression_symbols("speed * time + speed"))
    ['speed', 'time']

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    return symbols(
        _parser.parse(_parser.checked(text, where, "expression_symbols"), where)
    )


def parse_number(text: str) -> Fraction:
    """Return the value a fact's *text* states: ``-``?, then ``NUMBER`` or ``NUMBER/NUMBER``.

    No spaces, no ``+``; ``"3"``, ``"3.0"`` and ``"6/2"`` are all 3.

    Raises:
        BindingGraphError: ``not_arithmetic`` for any other text, or a zero
            denominator; ``limit_exceeded`` as :func:`parse_expression`;
            ``wrong_type`` if *text* is not a ``str``.

    >>> from binding_graph.expressions import parse_number
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

    >>> from binding_graph.expressions import parse_predicate
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

    >>> from binding_graph.expressions import canonical_predicate
    >>> canonical_predicate("x>=(0)")
    'x >= 0'

    .. versionadded:: 0.1.0
    """
    where = _parser.TEXT
    checked = _parser.checked(text, where, "canonical_predicate")
    return str(_parser.parse_predicate(checked, where))
