"""Drawing text in the arithmetic profile's grammar: numbers, expressions and predicates.

Written from the grammar alone, never through :mod:`binding_graph.arithmetic`,
so that the tests can hold the parser to it.
A tree is drawn first, then spelt: with the parentheses it needs and
sometimes more, whitespace (or none) between tokens, and numbers with
leading and trailing zeros; or spelt canonically, as the profile writes it.
Every text is in the grammar by construction, never by filtering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph.expressions import OPERATION_LABELS
from binding_graph.strategies._numbers import CHANCE, draw_number, draw_number_text
from binding_graph.strategies._numbers import Leaf as _Leaf
from binding_graph.strategies._valid import PICK, SYMBOL_IDS, is_valid_identifier

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

MOST_LEAVES: Final = 32
"""The most leaves an expression may be drawn with: its depth stays far below the profile's limit of 200."""

# Whitespace between two tokens: mostly none or a space, sometimes more.
_SPACES: Final = st.sampled_from(["", " ", "", " ", "\t", "\n", "  ", "\r\n", " \r"])
_REDUNDANT: Final = st.sampled_from([0, 0, 0, 1])
_NEGATIONS: Final = st.sampled_from([0, 0, 0, 0, 1, 1, 2])
_OPERATORS: Final = st.sampled_from(["+", "-", "*", "/"])
# With the extended profile: the seven operators, and sometimes a call.
_ALL_OPERATORS: Final = st.sampled_from(
    ["+", "-", "*", "/", "//", "%", "**", "call", "call"]
)
_FUNCTIONS: Final = st.sampled_from(["abs", "min", "max", "round", "floor", "ceil"])
_EXPONENTS: Final = st.sampled_from(["0", "1", "2", "2", "3", "02"])
_COMPARISONS: Final = st.sampled_from(["<", "<=", ">", ">=", "==", "!="])
_PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "**": 4}
# How tightly a negation binds, and a leaf or a call.
_NEGATION: Final = 3
_TIGHTEST: Final = 5


class _Negation(NamedTuple):
    operand: _Node


class _Operation(NamedTuple):
    operator: str
    left: _Node
    right: _Node


class _Call(NamedTuple):
    function: str
    arguments: tuple[_Node, ...]


_Node: TypeAlias = "_Leaf | _Negation | _Operation | _Call"


# -- trees --------------------------------------------------------------------


def symbol_ids(given: Sequence[str] | None) -> tuple[str, ...] | None:
    """Return *given* as a tuple, refusing an id that is not a valid symbol id."""
    if given is None:
        return None
    found = tuple(given)
    wrong = [i for i in found if not is_valid_identifier(i)]
    if wrong:
        msg = f"symbol_ids must be valid symbol ids (got {wrong!r})"
        raise InvalidArgument(msg)
    return found


def leaves(max_leaves: int) -> SearchStrategy[int]:
    """Return how many leaves an expression has, refusing a bound beyond the profile's limits."""
    if not 1 <= max_leaves <= MOST_LEAVES:
        msg = f"max_leaves must be from 1 to {MOST_LEAVES} (got {max_leaves!r})"
        raise InvalidArgument(msg)
    return st.integers(1, max_leaves)


def _leaf(draw: DrawFn, ids: tuple[str, ...] | None) -> _Leaf:
    if ids == () or draw(CHANCE):
        return draw_number(draw)
    symbol = draw(SYMBOL_IDS) if ids is None else ids[draw(PICK) % len(ids)]
    return _Leaf(symbol, symbol, symbol)


def _negated(draw: DrawFn, node: _Node) -> _Node:
    for _ in range(draw(_NEGATIONS)):
        node = _Negation(node)
    return node


def _whole(draw: DrawFn, *, negative: bool) -> _Node:
    """Draw a whole number, an exponent or round()'s places, negated if *negative* and a coin says so."""
    digits = draw(_EXPONENTS)
    leaf = _Leaf(digits, digits.lstrip("0") or "0")
    return _Negation(leaf) if negative and draw(CHANCE) else leaf


def _call(
    draw: DrawFn,
    count: int,
    ids: tuple[str, ...] | None,
    *,
    literal_divisors: bool,
) -> _Call:
    """Draw a call of one of the profile's functions over trees of *count* leaves in all."""
    function = draw(_FUNCTIONS)
    if function in {"min", "max"}:
        split = 1 + draw(PICK) % (count - 1)
        parts = [split, count - split]
    else:
        parts = [count]
    arguments = tuple(
        draw_tree(draw, part, ids, literal_divisors=literal_divisors, extended=True)
        for part in parts
    )
    if function == "round" and draw(CHANCE):
        arguments = (*arguments, _whole(draw, negative=True))
    return _Call(function, arguments)


def draw_tree(
    draw: DrawFn,
    count: int,
    ids: tuple[str, ...] | None,
    *,
    literal_divisors: bool,
    extended: bool = False,
) -> _Node:
    """Draw a tree of *count* leaves, its symbols from *ids* (any if ``None``, none if empty).

    With *literal_divisors*, every divisor is a number that is not zero, or
    its negation, and no exponent is negative: the tree can be evaluated
    without dividing by zero. With *extended*, the operators ``//``, ``%``
    and ``**`` (of a small whole exponent) are drawn too, and calls.
    """
    node: _Node
    if count <= 1:
        node = _leaf(draw, ids)
    else:
        operator = draw(_ALL_OPERATORS if extended else _OPERATORS)
        if operator == "call":
            return _negated(
                draw, _call(draw, count, ids, literal_divisors=literal_divisors)
            )
        if operator == "**":
            left = draw_tree(
                draw, count - 1, ids, literal_divisors=literal_divisors, extended=True
            )
            # Mostly a whole number, as programs write; sometimes a symbol
            # or a sum, which the grammar reads too.
            exponent = (
                draw_tree(draw, 1 + draw(PICK) % 2, ids, literal_divisors=False)
                if not literal_divisors and draw(PICK) % 4 == 0
                else _whole(draw, negative=not literal_divisors)
            )
            return _negated(draw, _Operation(operator, left, exponent))
        if operator in {"/", "//", "%"} and literal_divisors:
            left = draw_tree(
                draw, count - 1, ids, literal_divisors=True, extended=extended
            )
            right: _Node = _negated(draw, draw_number(draw, nonzero=True))
        else:
            split = 1 + draw(PICK) % (count - 1)
            left = draw_tree(
                draw, split, ids, literal_divisors=literal_divisors, extended=extended
            )
            right = draw_tree(
                draw,
                count - split,
                ids,
                literal_divisors=literal_divisors,
                extended=extended,
            )
        node = _Operation(operator, left, right)
    return _negated(draw, node)


def symbols_of(node: _Node) -> frozenset[str]:
    """Return the symbols *node* mentions."""
    if isinstance(node, _Leaf):
        return frozenset() if node.symbol is None else frozenset({node.symbol})
    if isinstance(node, _Negation):
        return symbols_of(node.operand)
    if isinstance(node, _Call):
        return frozenset[str]().union(*(symbols_of(child) for child in node.arguments))
    return symbols_of(node.left) | symbols_of(node.right)


def _binding(node: _Node) -> int:
    if isinstance(node, _Operation):
        return _PRECEDENCE[node.operator]
    return _NEGATION if isinstance(node, _Negation) else _TIGHTEST


def _wrapped(parent: str | None, child: _Node, *, right: bool = False) -> bool:
    """Whether *child* needs parentheses under *parent* (an operator; ``None`` for a negation)."""
    inner = _binding(child)
    if parent is None:
        return inner < _NEGATION
    if parent == "**":
        # The base binds tighter than "**"; Python reads a negation or a
        # power as the exponent without parentheses.
        return inner < (_NEGATION if right else _TIGHTEST)
    outer = _PRECEDENCE[parent]
    return inner < outer or (right and inner == outer)


_KINDS: Final = {
    "+": "add",
    "-": "subtract",
    "*": "multiply",
    "/": "divide",
    "//": "floor_divide",
    "%": "modulo",
    "**": "power",
}
# How a label is drawn: most often the tree's own kind, else one of its
# spellings, another kind, or a label of the producer's own.
_LABELLED: Final = st.sampled_from(["own"] * 5 + ["spelt", "other", "unread"])
_UNREAD: Final = st.sampled_from(["rate_times_time", "sum", "minus", "arithmetic"])


def draw_operation_kind(draw: DrawFn, node: _Node) -> str:
    """Draw an ``operation_kind`` for an equation of *node*: mostly its top operation's kind.

    Sometimes another spelling of it (``Multiplication``), another kind, or
    a label the profile does not read, so that both the right labels and
    the wrong ones (``operation_mismatch``) are drawn.
    """
    if isinstance(node, _Operation):
        own = _KINDS[node.operator]
    elif isinstance(node, _Call):
        own = node.function
    else:
        own = "negate" if isinstance(node, _Negation) else "identity"
    how = draw(_LABELLED)
    if how == "own":
        return own
    if how == "unread":
        return draw(_UNREAD)
    if how == "other":
        others = sorted(set(OPERATION_LABELS.values()) - {own})
        return draw(st.sampled_from(others))
    spelling = draw(
        st.sampled_from([s for s, k in OPERATION_LABELS.items() if k == own])
    )
    return f" {spelling.capitalize()} " if draw(st.booleans()) else spelling


def canonical(node: _Node) -> str:
    """Spell *node* as the profile does: one space around operators, parentheses only where needed."""
    if isinstance(node, _Leaf):
        return node.canonical
    if isinstance(node, _Negation):
        operand = canonical(node.operand)
        return f"-({operand})" if _wrapped(None, node.operand) else f"-{operand}"
    if isinstance(node, _Call):
        arguments = ", ".join(canonical(child) for child in node.arguments)
        return f"{node.function}({arguments})"
    left, right = canonical(node.left), canonical(node.right)
    if _wrapped(node.operator, node.left):
        left = f"({left})"
    if _wrapped(node.operator, node.right, right=True):
        right = f"({right})"
    return f"{left} {node.operator} {right}"


def _tokens(draw: DrawFn, node: _Node, out: list[str], *, wrap: bool) -> None:
    """Append *node*'s tokens to *out*: in parentheses if *wrap*, and sometimes in more."""
    pairs = wrap + draw(_REDUNDANT)
    out.extend("(" * pairs)
    if isinstance(node, _Leaf):
        out.append(node.spelling)
    elif isinstance(node, _Negation):
        out.append("-")
        _tokens(draw, node.operand, out, wrap=_wrapped(None, node.operand))
    elif isinstance(node, _Call):
        out.extend((node.function, "("))
        for index, child in enumerate(node.arguments):
            if index:
                out.append(",")
            _tokens(draw, child, out, wrap=False)
        out.append(")")
    else:
        _tokens(draw, node.left, out, wrap=_wrapped(node.operator, node.left))
        out.append(node.operator)
        right = _wrapped(node.operator, node.right, right=True)
        _tokens(draw, node.right, out, wrap=right)
    out.extend(")" * pairs)


def spelt(draw: DrawFn, *trees: _Node | str) -> str:
    """Spell *trees* (and plain tokens between them) as one text, with whitespace drawn between tokens."""
    tokens: list[str] = []
    for tree in trees:
        if isinstance(tree, str):
            tokens.append(tree)
        else:
            _tokens(draw, tree, tokens, wrap=False)
    return tokens[0] + "".join(draw(_SPACES) + token for token in tokens[1:])


# -- strategies ---------------------------------------------------------------


def expression_strategy(
    given: Sequence[str] | None,
    max_leaves: int,
    *,
    canonical_only: bool,
    extended: bool = False,
) -> SearchStrategy[str]:
    """Build expressions; see ``expressions()``."""
    ids, count = symbol_ids(given), leaves(max_leaves)

    @st.composite
    def build(draw: DrawFn) -> str:
        tree = draw_tree(
            draw, draw(count), ids, literal_divisors=False, extended=extended
        )
        return canonical(tree) if canonical_only else spelt(draw, tree)

    return build()


def predicate_strategy(
    given: Sequence[str] | None, max_leaves: int, *, canonical_only: bool
) -> SearchStrategy[str]:
    """Build predicates; see ``predicates()``."""
    ids, count = symbol_ids(given), leaves(max_leaves)

    @st.composite
    def build(draw: DrawFn) -> str:
        left = draw_tree(draw, draw(count), ids, literal_divisors=False)
        comparison = draw(_COMPARISONS)
        right = draw_tree(draw, draw(count), ids, literal_divisors=False)
        if canonical_only:
            return f"{canonical(left)} {comparison} {canonical(right)}"
        return spelt(draw, left, comparison, right)

    return build()


def number_text_strategy() -> SearchStrategy[str]:
    """Build numbers in ``parse_number``'s form; see ``number_texts()``."""

    @st.composite
    def build(draw: DrawFn) -> str:
        return str(draw_number_text(draw))

    return build()


def constraint_predicate(draw: DrawFn, symbol_id: str, count: int) -> str:
    """Draw a predicate of about *count* leaves that mentions *symbol_id* and no other symbol.

    Its divisors are numbers that are not zero, as in a right-hand side.
    """
    ids = (symbol_id,)
    left = draw_tree(draw, count, ids, literal_divisors=True)
    right = draw_tree(draw, 1 + draw(PICK) % 2, ids, literal_divisors=True)
    if not symbols_of(left) | symbols_of(right):
        left = _Operation("+", left, _Leaf(symbol_id, symbol_id, symbol_id))
    return spelt(draw, left, draw(_COMPARISONS), right)
