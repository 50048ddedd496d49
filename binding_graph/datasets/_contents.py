"""What a graph's symbols are, and how they are used, named by nothing: digests that no name, order or commuted operand changes.

A symbol's *content* is a digest of what binds it: a fact's key (the
place of the text that states its value, or its span's words, and the
value: :mod:`._facts`); an equation's right-hand side, each symbol read
as its own content, sums and products flattened and their operands
sorted, so that ``a + (b + c)`` and ``(c + b) + a`` are one. Two symbols of
one content compute the same thing from the same quotes. A symbol bound
several times has the content of its bindings where they agree, else a
digest of them all.

A symbol's *uses* are digests of the equations that read it and of where
each reads it (its place in the right-hand side, a side of ``-`` and ``/``
told apart, none of ``+`` and ``*``), and of the questions that ask for
it, at five depths, from the most telling to the least: every use down to
the last step (:data:`WHOLE`); the uses themselves, the other operands by
their content (:data:`NEAR`); every use down to the last step by its
shape alone, the other operands unnamed (:data:`DOWN`), which a wrong
operand's content no longer blurs; the uses' shapes alone (:data:`SHAPE`);
how many uses there are (:data:`COUNT`). Matching
two set-ups, where several symbols of one graph could pair with several
of the other's, those of equal uses at the deepest depth pair first.

Digests are BLAKE2b's, of the ``repr`` of their parts (bytes and strings,
each quoted whole): the same graphs give the same digests on every run,
whatever the hash seed.
Every walk is a loop, and each takes time linear in the graph's size (and
a sort of each symbol's uses).
"""

from __future__ import annotations

from hashlib import blake2b
from typing import TYPE_CHECKING, Final

from binding_graph.errors import BindingGraphError
from binding_graph.expressions import (
    BinaryOperation,
    Call,
    Negation,
    Number,
    Symbol,
    parse_expression,
    postorder,
    symbols,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from fractions import Fraction

    from binding_graph.expressions import Expression
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = [
    "COUNT",
    "DEPTHS",
    "DOWN",
    "NEAR",
    "SHAPE",
    "STALLED",
    "WHOLE",
    "Bindings",
    "Keys",
    "Progress",
    "contents",
    "digest",
    "fact_token",
    "shape",
    "uses",
]

WHOLE: Final = 0
"""The depth of uses that follows each to the last step."""
NEAR: Final = 1
"""The depth of uses that reads the equations that use a symbol, the other operands by their content."""
DOWN: Final = 2
"""The depth of uses that follows each to the last step by its shape alone, the other operands unnamed."""
SHAPE: Final = 3
"""The depth of uses that reads the shapes of the equations that use a symbol, the other operands unnamed."""
COUNT: Final = 4
"""The depth of uses that counts them."""
DEPTHS: Final = (WHOLE, NEAR, DOWN, SHAPE, COUNT)
"""Every depth of uses, from the most telling to the least."""

Keys = tuple[bytes, bytes, bytes, bytes, bytes]
"""A symbol's uses at each of :data:`DEPTHS`."""

_COMMUTATIVE: Final = frozenset({"+", "*"})


def digest(*parts: bytes | str) -> bytes:
    """Return the digest of *parts*: of their ``repr``, which says each part whole, so that no two lists of parts run together."""
    return blake2b(repr(parts).encode(), digest_size=16).digest()


STALLED: Final = digest("stalled")
"""The content of a symbol that nothing settles: bound by nothing, or in a circle."""
_BLANK: Final = digest("operand")

# The functions whose arguments may come in any order.
_SYMMETRIC: Final = frozenset({"min", "max"})

# A node being read: its digest (operator None), or the operands of a sum or
# product not yet closed, so that nested ones flatten into one.
_Pending = tuple[str | None, list[bytes]]


def _closed(pending: _Pending) -> bytes:
    operator, items = pending
    return items[0] if operator is None else digest(operator, *sorted(items))


def _spread(pending: _Pending, operator: str) -> list[bytes]:
    return pending[1] if pending[0] == operator else [_closed(pending)]


def shape(tree: Expression, leaf: Callable[[str], bytes]) -> bytes:
    """Return the digest of *tree*, each symbol read as *leaf* names it, sums and products flattened and their operands sorted."""
    stack: list[_Pending] = []
    for node in postorder(tree):
        if type(node) is Symbol:
            stack.append((None, [leaf(node.symbol_id)]))
        elif type(node) is Number:
            stack.append((None, [_number(node.value)]))
        elif type(node) is Negation:
            stack.append((None, [digest("negation", _closed(stack.pop()))]))
        elif type(node) is Call:
            count = len(node.arguments)
            arguments = [_closed(argument) for argument in stack[-count:]]
            del stack[-count:]
            if node.function in _SYMMETRIC:
                arguments.sort()
            stack.append((None, [digest(node.function, *arguments)]))
        else:
            operation: BinaryOperation = node  # type: ignore[assignment]
            operator = operation.operator
            right, left = stack.pop(), stack.pop()
            if operator in _COMMUTATIVE:
                # The longer list takes the shorter: a chain flattens in linear time.
                first, second = _spread(left, operator), _spread(right, operator)
                if len(first) < len(second):
                    first, second = second, first
                first += second
                stack.append((operator, first))
            else:
                stack.append((None, [digest(operator, _closed(left), _closed(right))]))
    return _closed(stack[0])


def _places(tree: Expression) -> dict[str, bytes]:
    """Return, for each symbol *tree* reads, the digest of where it stands: its paths from the root, one step for a flattened sum or product."""
    found: dict[str, list[bytes]] = {}
    stack: list[tuple[Expression, bytes, str | None]] = [(tree, digest("root"), None)]
    while stack:
        node, path, chain = stack.pop()
        if type(node) is Symbol:
            found.setdefault(node.symbol_id, []).append(path)
        elif type(node) is Negation:
            stack.append((node.operand, digest(path, "negation"), None))
        elif type(node) is Call:
            symmetric = node.function in _SYMMETRIC
            stack += [
                (
                    argument,
                    digest(path, node.function, "" if symmetric else str(i)),
                    None,
                )
                for i, argument in enumerate(node.arguments)
            ]
        elif type(node) is BinaryOperation:
            operator = node.operator
            if operator in _COMMUTATIVE:
                inner = path if chain == operator else digest(path, operator)
                stack += [(node.left, inner, operator), (node.right, inner, operator)]
            else:
                stack += [
                    (node.left, digest(path, operator, "left"), None),
                    (node.right, digest(path, operator, "right"), None),
                ]
    return {name: digest(*sorted(paths)) for name, paths in found.items()}


def _number(number: Fraction) -> bytes:
    # A fraction's own spelling: a value need not have a decimal one (1/3).
    return digest("number", str(number.numerator), str(number.denominator))


def _tree(text: str) -> Expression | None:
    try:
        return parse_expression(text)
    except BindingGraphError:
        return None


class Bindings:
    """One graph's equations read as trees, and each symbol's bindings and readers.

    Attributes:
        graph: The graph.
        trees: Each equation's right-hand side, ``None`` where it does not
            read.
        reads: The symbols each equation reads, each once, sorted.
        readers: The equations (that read) reading each symbol, in order.
        bound: How many facts and equations bind each symbol.
    """

    def __init__(self, graph: SemanticSymbolicBindingGraph) -> None:
        self.graph = graph
        self.trees = [_tree(equation.rhs_canonical) for equation in graph.equations]
        self.reads: list[tuple[str, ...]] = []
        self.readers: dict[str, list[int]] = {}
        for index, tree in enumerate(self.trees):
            read = tuple(sorted(symbols(tree))) if tree is not None else ()
            self.reads.append(read)
            for symbol_id in read:
                self.readers.setdefault(symbol_id, []).append(index)
        self.bound: dict[str, int] = {}
        for fact in graph.facts:
            self.bound[fact.symbol_id] = self.bound.get(fact.symbol_id, 0) + 1
        for equation in graph.equations:
            lhs = equation.lhs_symbol_id
            self.bound[lhs] = self.bound.get(lhs, 0) + 1

    def lhs(self, index: int) -> str:
        """Return the symbol equation *index* binds."""
        return self.graph.equations[index].lhs_symbol_id


class Progress:
    """The symbols of one graph settled so far, each with its token, and the equations each settling makes ready.

    An equation is ready when every symbol it reads is settled; a symbol is
    settled when every fact and equation that binds it is, and its token is
    theirs where they agree, else a digest of them all. An equation whose
    right-hand side does not read, and whatever reads a symbol it binds, is
    never ready.
    """

    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.waiting = [
            len(read) if tree is not None else -1
            for tree, read in zip(bindings.trees, bindings.reads, strict=True)
        ]
        self.unsettled = dict(bindings.bound)
        self.parts: dict[str, list[bytes]] = {}
        self.tokens: dict[str, bytes] = {}

    def ready(self) -> list[int]:
        """Return the equations ready before any symbol is settled: those that read no symbol."""
        return [index for index, waiting in enumerate(self.waiting) if not waiting]

    def settle(self, symbol_id: str, token: bytes) -> tuple[bool, list[int]]:
        """Settle one binding of *symbol_id* as *token*; return whether the symbol is now settled, and the equations that makes ready."""
        parts = self.parts.setdefault(symbol_id, [])
        parts.append(token)
        self.unsettled[symbol_id] -= 1
        if self.unsettled[symbol_id]:
            return False, []
        first = parts[0]
        self.tokens[symbol_id] = (
            first
            if all(part == first for part in parts)
            else digest("bound several times", *sorted(parts))
        )
        made: list[int] = []
        for index in self.bindings.readers.get(symbol_id, ()):
            self.waiting[index] -= 1
            if not self.waiting[index]:
                made.append(index)
        return True, made


def fact_token(
    key: tuple[str, int, int, str | None, Fraction] | None, side: str
) -> bytes:
    """Return the token of a fact of *key* (source, start, end, words or ``None`` for a place, and value); a fact whose value does not read has one of its own *side*."""
    if key is None:
        return digest("a fact whose value does not read", side)
    source_id, start, end, text, number = key
    if text is None:
        return digest("place", source_id, str(start), str(end), _number(number))
    return digest("fact", source_id, str(start), str(end), text, _number(number))


def contents(bindings: Bindings, facts: list[bytes]) -> dict[str, bytes]:
    """Return the content of each symbol of *bindings* that settles, *facts* holding each fact's token."""
    progress = Progress(bindings)
    graph = bindings.graph
    ready: list[int] = []
    for fact, token in zip(graph.facts, facts, strict=True):
        ready += progress.settle(fact.symbol_id, token)[1]
    ready += progress.ready()
    tokens = progress.tokens
    while ready:
        index = ready.pop()
        tree = bindings.trees[index]
        assert tree is not None  # noqa: S101 -- only equations that read are ready
        ready += progress.settle(bindings.lhs(index), shape(tree, tokens.__getitem__))[
            1
        ]
    return tokens


def uses(bindings: Bindings, content: dict[str, bytes]) -> dict[str, Keys]:
    """Return the uses of each symbol of *bindings*, at each depth (:data:`DEPTHS`), given each symbol's *content*."""
    graph = bindings.graph
    near: dict[str, list[bytes]] = {}
    outline: dict[str, list[bytes]] = {}
    named: list[tuple[bytes, dict[str, bytes]]] = []
    unnamed: list[tuple[bytes, dict[str, bytes]]] = []
    for tree in bindings.trees:
        if tree is None:
            named.append((b"", {}))
            unnamed.append((b"", {}))
            continue
        whole = shape(tree, lambda symbol_id: content.get(symbol_id, STALLED))
        blank = shape(tree, lambda _: _BLANK)
        places = _places(tree)
        named.append((whole, places))
        unnamed.append((blank, places))
        for symbol_id, place in places.items():
            near.setdefault(symbol_id, []).append(digest(whole, place))
            outline.setdefault(symbol_id, []).append(digest(blank, place))
    asked: dict[str, list[bytes]] = {}
    for unknown in graph.unknowns:
        unit = unknown.expected_unit
        asked.setdefault(unknown.symbol_id, []).append(
            digest("asked", "" if unit is None else f"in {unit}")
        )
    every = {*bindings.bound, *bindings.readers, *asked}
    full = _whole(bindings, named, asked, every)
    down = _whole(bindings, unnamed, asked, every)
    keys: dict[str, Keys] = {}
    for symbol_id in every:
        questions = sorted(asked.get(symbol_id, ()))
        keys[symbol_id] = (
            full[symbol_id],
            digest(*sorted(near.get(symbol_id, ())), *questions),
            down[symbol_id],
            digest(*sorted(outline.get(symbol_id, ())), *questions),
            digest(str(len(near.get(symbol_id, ()))), str(len(questions))),
        )
    return keys


def _whole(
    bindings: Bindings,
    named: list[tuple[bytes, dict[str, bytes]]],
    asked: dict[str, list[bytes]],
    every: set[str],
) -> dict[str, bytes]:
    """Return each symbol's uses down to the last step: each use (an equation as *named* digests it, and the place of the symbol in it) with the uses of what it binds, from the last steps up."""
    defining: dict[str, list[int]] = {}
    for index, tree in enumerate(bindings.trees):
        if tree is not None:
            defining.setdefault(bindings.lhs(index), []).append(index)
    waiting = {
        symbol_id: len(bindings.readers.get(symbol_id, ())) for symbol_id in every
    }
    full: dict[str, bytes] = {}
    ready = sorted(symbol_id for symbol_id, count in waiting.items() if not count)
    while ready:
        symbol_id = ready.pop()
        found = [
            digest(
                named[index][0], named[index][1][symbol_id], full[bindings.lhs(index)]
            )
            for index in bindings.readers.get(symbol_id, ())
        ]
        full[symbol_id] = digest(*sorted(found), *sorted(asked.get(symbol_id, ())))
        for index in defining.get(symbol_id, ()):
            for read in bindings.reads[index]:
                waiting[read] -= 1
                if not waiting[read]:
                    ready.append(read)
    for symbol_id in every - full.keys():
        full[symbol_id] = STALLED  # in a circle, or reading into one
    return full
