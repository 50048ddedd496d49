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
from binding_graph.strategies._valid import PICK, SYMBOL_IDS, is_valid_identifier

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

MOST_LEAVES: Final = 32
"""The most leaves an expression may be drawn with: its depth stays far below the profile's limit of 200."""

_DIGITS: Final = "0123456789"
_WHOLE: Final = st.text(_DIGITS, min_size=1, max_size=6)
# Digits after the point, drawn where a boolean says a number has them.
_FRACTION: Final = st.text(_DIGITS, min_size=1, max_size=4)
# Whitespace between two tokens: mostly none or a space, sometimes more.
_SPACES: Final = st.sampled_from(["", " ", "", " ", "\t", "\n", "  ", "\r\n", " \r"])
_REDUNDANT: Final = st.sampled_from([0, 0, 0, 1])
_NEGATIONS: Final = st.sampled_from([0, 0, 0, 0, 1, 1, 2])
_CHANCE: Final = st.booleans()
_OPERATORS: Final = st.sampled_from(["+", "-", "*", "/"])
_COMPARISONS: Final = st.sampled_from(["<", "<=", ">", ">=", "==", "!="])
_PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2}


class _Leaf(NamedTuple):
    """A number or a symbol, as drawn and as the profile writes it."""

    spelling: str
    canonical: str
    symbol: str | None = None


class _Negation(NamedTuple):
    operand: _Node


class _Operation(NamedTuple):
    operator: str
    left: _Node
    right: _Node


_Node: TypeAlias = "_Leaf | _Negation | _Operation"


# -- numbers ------------------------------------------------------------------


def _number(whole: str, fraction: str | None) -> _Leaf:
    """Return the NUMBER *whole* [``.`` *fraction*], and its canonical spelling."""
    spelling = whole if fraction is None else f"{whole}.{fraction}"
    short_whole = whole.lstrip("0") or "0"
    short_fraction = (fraction or "").rstrip("0")
    canonical = f"{short_whole}.{short_fraction}" if short_fraction else short_whole
    return _Leaf(spelling, canonical)


def _draw_number(draw: DrawFn, *, nonzero: bool = False) -> _Leaf:
    whole = draw(_WHOLE)
    fraction = draw(_FRACTION) if draw(_CHANCE) else None
    if nonzero and not (whole + (fraction or "")).strip("0"):
        # All zeros: the last digit made 1 gives a number that is not zero.
        if fraction is None:
            whole = whole[:-1] + "1"
        else:
            fraction = fraction[:-1] + "1"
    return _number(whole, fraction)


def _padded(draw: DrawFn, number: str) -> str:
    """Spell the NUMBER *number* again, with more leading and trailing zeros."""
    whole, _, fraction = number.partition(".")
    zeros = "0" * (draw(PICK) % 3)
    if draw(_CHANCE):
        fraction = (fraction or "0") + zeros
    return "0" * (draw(PICK) % 3) + whole + (f".{fraction}" if fraction else "")


class NumberText(NamedTuple):
    """A number in :func:`binding_graph.arithmetic.parse_number`'s form: ``[-]NUMBER[/NUMBER]``."""

    sign: str
    numerator: str
    denominator: str | None

    def __str__(self) -> str:
        """Return the text."""
        over = "" if self.denominator is None else f"/{self.denominator}"
        return f"{self.sign}{self.numerator}{over}"


def draw_number_text(draw: DrawFn) -> NumberText:
    """Draw a number in ``parse_number``'s form, whose denominator (if any) is not zero."""
    sign = "-" if draw(_CHANCE) else ""
    numerator = _draw_number(draw).spelling
    denominator = _draw_number(draw, nonzero=True).spelling if draw(_CHANCE) else None
    return NumberText(sign, numerator, denominator)


def respelt(draw: DrawFn, number: NumberText) -> NumberText:
    """Spell *number* again, with the same value: other leading and trailing zeros, perhaps ``/1``."""
    if number.denominator is not None:
        denominator: str | None = _padded(draw, number.denominator)
    else:
        denominator = _padded(draw, "1") if draw(_CHANCE) else None
    return NumberText(number.sign, _padded(draw, number.numerator), denominator)


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
    if ids == () or draw(_CHANCE):
        return _draw_number(draw)
    symbol = draw(SYMBOL_IDS) if ids is None else ids[draw(PICK) % len(ids)]
    return _Leaf(symbol, symbol, symbol)


def _negated(draw: DrawFn, node: _Node) -> _Node:
    for _ in range(draw(_NEGATIONS)):
        node = _Negation(node)
    return node


def draw_tree(
    draw: DrawFn, count: int, ids: tuple[str, ...] | None, *, literal_divisors: bool
) -> _Node:
    """Draw a tree of *count* leaves, its symbols from *ids* (any if ``None``, none if empty).

    With *literal_divisors*, every divisor is a number that is not zero, or
    its negation: the tree can be evaluated without dividing by zero.
    """
    node: _Node
    if count <= 1:
        node = _leaf(draw, ids)
    else:
        operator = draw(_OPERATORS)
        if operator == "/" and literal_divisors:
            left = draw_tree(draw, count - 1, ids, literal_divisors=True)
            right: _Node = _negated(draw, _draw_number(draw, nonzero=True))
        else:
            split = 1 + draw(PICK) % (count - 1)
            left = draw_tree(draw, split, ids, literal_divisors=literal_divisors)
            right = draw_tree(
                draw, count - split, ids, literal_divisors=literal_divisors
            )
        node = _Operation(operator, left, right)
    return _negated(draw, node)


def symbols_of(node: _Node) -> frozenset[str]:
    """Return the symbols *node* mentions."""
    if isinstance(node, _Leaf):
        return frozenset() if node.symbol is None else frozenset({node.symbol})
    if isinstance(node, _Negation):
        return symbols_of(node.operand)
    return symbols_of(node.left) | symbols_of(node.right)


def _wrapped(parent: str | None, child: _Node, *, right: bool = False) -> bool:
    """Whether *child* needs parentheses under *parent* (an operator; ``None`` for a negation)."""
    if not isinstance(child, _Operation):
        return False  # a leaf or a negation binds tighter than any operator
    if parent is None:
        return True
    inner, outer = _PRECEDENCE[child.operator], _PRECEDENCE[parent]
    return inner < outer or (right and inner == outer)


_KINDS: Final = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
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
    given: Sequence[str] | None, max_leaves: int, *, canonical_only: bool
) -> SearchStrategy[str]:
    """Build expressions; see ``expressions()``."""
    ids, count = symbol_ids(given), leaves(max_leaves)

    @st.composite
    def build(draw: DrawFn) -> str:
        tree = draw_tree(draw, draw(count), ids, literal_divisors=False)
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
