"""Reference implementations of binding_graph.analysis and binding_graph.arithmetic, written from the definitions.

The tests hold each function of the analysis and of the arithmetic to these:
they apply the documented rules as directly as they can be written, with no
care for time (the analysis' are quadratic, the arithmetic's recurse), so
that a faster engine has something plain to agree with.
"""

from __future__ import annotations

import keyword
import unicodedata
from fractions import Fraction
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from binding_graph import BoundEquation, SemanticSymbolicBindingGraph
    from binding_graph.errors import ErrorPath


def admitted(
    graph: SemanticSymbolicBindingGraph,
) -> Iterator[tuple[int, BoundEquation]]:
    """Yield the admitted equations and their indices."""
    for index, equation in enumerate(graph.equations):
        if equation.admissibility_status == "admitted":
            yield index, equation


def oracle_determined(graph: SemanticSymbolicBindingGraph) -> set[str]:
    """Apply the rule until nothing changes: the least fixpoint."""
    determined = {fact.symbol_id for fact in graph.facts}
    changed = True
    while changed:
        changed = False
        for _, equation in admitted(graph):
            if (
                equation.lhs_symbol_id not in determined
                and equation.dependencies <= determined
            ):
                determined.add(equation.lhs_symbol_id)
                changed = True
    return determined


def oracle_order(graph: SemanticSymbolicBindingGraph) -> list[int]:
    """Follow the order's rule literally: take the earliest ready equation, again and again."""
    determined = {fact.symbol_id for fact in graph.facts}
    order: list[int] = []
    while True:
        for index, equation in admitted(graph):
            if (
                equation.lhs_symbol_id not in determined
                and equation.dependencies <= determined
            ):
                order.append(index)
                determined.add(equation.lhs_symbol_id)
                break
        else:
            return order


def oracle_reach(graph: SemanticSymbolicBindingGraph) -> dict[str, set[str]]:
    """Map each symbol to those reachable from it by one or more admitted edges."""
    reach: dict[str, set[str]] = {s.symbol_id: set() for s in graph.symbols}
    for _, equation in admitted(graph):
        for dependency in equation.dependencies:
            reach[dependency].add(equation.lhs_symbol_id)
    changed = True
    while changed:
        changed = False
        for symbol_id, targets in reach.items():
            extended = targets.union(*(reach[t] for t in targets))
            if extended != targets:
                reach[symbol_id] = extended
                changed = True
    return reach


def oracle_cycles(graph: SemanticSymbolicBindingGraph) -> list[tuple[str, ...]]:
    """Group the symbols on a cycle by mutual reachability."""
    reach = oracle_reach(graph)
    components = {
        tuple(sorted(t for t in reach if t in reach[s] and s in reach[t]))
        for s in reach
        if s in reach[s]
    }
    return sorted(components)


def oracle_element_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings about symbols, facts and unknowns, one element at a time."""
    found: set[tuple[str, ErrorPath]] = set()
    units = {s.symbol_id: s.unit for s in graph.symbols}
    used = {f.symbol_id for f in graph.facts}
    used |= {e.lhs_symbol_id for e in graph.equations}
    used |= {u.symbol_id for u in graph.unknowns}
    used |= {c.symbol_id for c in graph.constraints}
    used |= {d for e in graph.equations for d in e.dependencies}
    for i, symbol in enumerate(graph.symbols):
        if symbol.symbol_id not in used:
            found.add(("unused_symbol", ("symbols", i, "symbol_id")))
    for j, fact in enumerate(graph.facts):
        first = next(f for f in graph.facts if f.symbol_id == fact.symbol_id)
        if fact.value != first.value:
            found.add(("conflicting_facts", ("facts", j, "value")))
        unit = units[fact.symbol_id]
        if None not in (fact.unit, unit) and fact.unit != unit:
            found.add(("fact_unit_mismatch", ("facts", j, "unit")))
    determined = oracle_determined(graph)
    for i, unknown in enumerate(graph.unknowns):
        if unknown.symbol_id not in determined:
            found.add(("undetermined_unknown", ("unknowns", i, "symbol_id")))
        unit = units[unknown.symbol_id]
        if None not in (unknown.expected_unit, unit) and unknown.expected_unit != unit:
            found.add(("unknown_unit_mismatch", ("unknowns", i, "expected_unit")))
    return found


def oracle_definition(graph: SemanticSymbolicBindingGraph, symbol_id: str) -> int:
    """Return the equation that defines *symbol_id*, -1 for a fact."""
    if any(f.symbol_id == symbol_id for f in graph.facts):
        return -1
    if symbol_id in oracle_determined(graph):
        return next(
            i
            for i in oracle_order(graph)
            if graph.equations[i].lhs_symbol_id == symbol_id
        )
    return next(i for i, e in admitted(graph) if e.lhs_symbol_id == symbol_id)


def oracle_equation_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings about equations, one equation at a time."""
    found: set[tuple[str, ErrorPath]] = set()
    given_ids = {f.symbol_id for f in graph.facts} | {
        e.lhs_symbol_id for _, e in admitted(graph)
    }
    others = {e.lhs_symbol_id for e in graph.equations} - given_ids
    for j, equation in admitted(graph):
        if oracle_definition(graph, equation.lhs_symbol_id) != j:
            found.add(("multiply_defined", ("equations", j, "lhs_symbol_id")))
        for k, dependency in enumerate(sorted(equation.dependencies)):
            if dependency not in given_ids:
                code = (
                    "unadmitted_dependency"
                    if dependency in others
                    else "undefined_dependency"
                )
                found.add((code, ("equations", j, "dependencies", k)))
    for component in oracle_cycles(graph):
        j, equation = next(
            (j, e)
            for j, e in admitted(graph)
            if e.lhs_symbol_id in component and e.dependencies & set(component)
        )
        k = sorted(equation.dependencies).index(
            min(equation.dependencies & set(component))
        )
        found.add(("cyclic_definition", ("equations", j, "dependencies", k)))
    return found


# The forms each operation kind answers, as docs/solvers.md tabulates them.
_KIND_FORMS = {
    "add": {"count", "total"},
    "multiply": {"count", "total"},
    "subtract": {"count", "difference"},
    "transfer": {"count"},
    "divide": {"count", "ratio", "rate"},
    "compare_additive": {"difference"},
    "compare_multiplicative": {"ratio"},
    "apply_rate": {"total", "rate"},
}
_SHAPES = {"count", "rate", "total", "difference", "ratio"}


def oracle_form_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings of the unknowns' forms, against roles and defining kinds."""
    found: set[tuple[str, ErrorPath]] = set()
    roles = {s.symbol_id: s.semantic_role for s in graph.symbols}
    for i, unknown in enumerate(graph.unknowns):
        form = unknown.question_form
        if form is None:
            continue
        path: ErrorPath = ("unknowns", i, "question_form")
        role = roles[unknown.symbol_id]
        shapes = {role, form}
        if shapes <= _SHAPES and len(shapes) == 2 and shapes != {"count", "total"}:
            found.add(("form_role_mismatch", path))
        kinds = [
            e.operation_kind
            for e in graph.equations
            if e.lhs_symbol_id == unknown.symbol_id and e.operation_kind in _KIND_FORMS
        ]
        if kinds and all(form not in _KIND_FORMS[kind] for kind in kinds):
            found.add(("form_kind_mismatch", path))
    return found


def oracle_findings(graph: SemanticSymbolicBindingGraph) -> set[tuple[str, ErrorPath]]:
    """Return every (code, path) the documented rules call for."""
    return (
        oracle_element_findings(graph)
        | oracle_equation_findings(graph)
        | oracle_form_findings(graph)
    )


# -- arithmetic -----------------------------------------------------------------
# The grammar of binding_graph.arithmetic, read by recursive descent, one rule
# a method, and a tree of plain tuples that the tests compare with the
# module's.

LONGEST_TEXT = 10_000
"""The most characters an arithmetic text may have."""
DEEPEST = 200
"""The deepest a tree may be, and how many parentheses deep a text may nest."""
MOST_DIGITS = 300
"""The most digits one NUMBER may have."""
MOST_BITS = 4096
"""The most bits in the numerator or the denominator of a computed value."""

_DIGITS = frozenset("0123456789")
_BLANKS = frozenset(" \t\n\r")
# Longest first: "<=" is one sign, not "<" then "=".
_SIGNS = ("<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "/", "(", ")")
COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})


class Num(NamedTuple):
    """A number: the value a NUMBER spells."""

    value: Fraction


class Sym(NamedTuple):
    """A symbol, by id."""

    symbol_id: str


class Neg(NamedTuple):
    """A unary minus."""

    operand: Tree


class Bin(NamedTuple):
    """A binary operation."""

    operator: str
    left: Tree
    right: Tree


Tree: TypeAlias = "Num | Sym | Neg | Bin"


def _is_number(text: str) -> bool:
    """Tell whether *text* is a NUMBER: digits, then perhaps a point and digits."""
    whole, point, fraction = text.partition(".")
    return (
        bool(whole)
        and set(whole) <= _DIGITS
        and (not point or (bool(fraction) and set(fraction) <= _DIGITS))
    )


def _number_end(text: str, start: int) -> int:
    end = start
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    if end + 1 < len(text) and text[end] == "." and text[end + 1] in _DIGITS:
        end += 1
        while end < len(text) and text[end] in _DIGITS:
            end += 1
    return end


def oracle_tokens(text: str) -> list[str] | None:
    """Split *text* into tokens, or return None if a character starts none."""
    tokens: list[str] = []
    at = 0
    while at < len(text):
        character = text[at]
        if character in _BLANKS:
            at += 1
            continue
        if character in _DIGITS:
            end = _number_end(text, at)
        elif character.isidentifier():
            # The longest run that is an identifier.
            end = at + 1
            while end < len(text) and text[at : end + 1].isidentifier():
                end += 1
            name = text[at:end]
            if keyword.iskeyword(name) or not unicodedata.is_normalized("NFKC", name):
                return None
        else:
            sign = next((s for s in _SIGNS if text.startswith(s, at)), None)
            if sign is None:
                return None
            end = at + len(sign)
        tokens.append(text[at:end])
        at = end
    return tokens


class _Reader:
    """A recursive-descent reader of one token list."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def take(self) -> str:
        self.at += 1
        return self.tokens[self.at - 1]

    def expression(self) -> Tree | None:
        left = self.term()
        while left is not None and self.peek() in {"+", "-"}:
            operator = self.take()
            right = self.term()
            left = None if right is None else Bin(operator, left, right)
        return left

    def term(self) -> Tree | None:
        left = self.unary()
        while left is not None and self.peek() in {"*", "/"}:
            operator = self.take()
            right = self.unary()
            left = None if right is None else Bin(operator, left, right)
        return left

    def unary(self) -> Tree | None:
        if self.peek() == "-":
            self.take()
            operand = self.unary()
            return None if operand is None else Neg(operand)
        return self.primary()

    def primary(self) -> Tree | None:
        word = self.peek()
        if _is_number(word):
            self.take()
            return Num(Fraction(word))
        if word.isidentifier():
            self.take()
            return Sym(word)
        if word == "(":
            self.take()
            inner = self.expression()
            if inner is not None and self.peek() == ")":
                self.take()
                return inner
        return None


def oracle_expression(text: str) -> Tree | None:
    """Return the tree of *text* if it is in the expression grammar, else None (limits aside)."""
    tokens = oracle_tokens(text)
    if tokens is None:
        return None
    reader = _Reader(tokens)
    tree = reader.expression()
    return tree if reader.at == len(tokens) else None


def oracle_predicate(text: str) -> tuple[Tree, str, Tree] | None:
    """Return (left, comparison, right) if *text* is in the predicate grammar, else None."""
    tokens = oracle_tokens(text)
    if tokens is None:
        return None
    reader = _Reader(tokens)
    left = reader.expression()
    if left is None or reader.peek() not in COMPARISONS:
        return None
    comparison = reader.take()
    right = reader.expression()
    if right is None or reader.at != len(tokens):
        return None
    return left, comparison, right


def oracle_depth(tree: Tree) -> int:
    """Return how deep *tree* nests: 0 for a leaf, one more for each operator."""
    if isinstance(tree, Neg):
        return 1 + oracle_depth(tree.operand)
    if isinstance(tree, Bin):
        return 1 + max(oracle_depth(tree.left), oracle_depth(tree.right))
    return 0


def oracle_digits(text: str) -> int:
    """Return the most digits of a NUMBER in *text*."""
    numbers = [t for t in oracle_tokens(text) or () if _is_number(t)]
    return max((len(t) - ("." in t) for t in numbers), default=0)


def oracle_nesting(text: str) -> int:
    """Return how many parentheses deep *text* nests."""
    depth = deepest = 0
    for token in oracle_tokens(text) or ():
        depth += {"(": 1, ")": -1}.get(token, 0)
        deepest = max(deepest, depth)
    return deepest


def within_limits(text: str, *trees: Tree) -> bool:
    """Tell whether the text in the grammar, of *trees*, is within every limit of the profile."""
    return (
        len(text) <= LONGEST_TEXT
        and oracle_nesting(text) <= DEEPEST
        and oracle_digits(text) <= MOST_DIGITS
        and all(oracle_depth(t) <= DEEPEST for t in trees)
    )


def oracle_symbols(tree: Tree) -> frozenset[str]:
    """Return the ids of the symbols *tree* mentions."""
    if isinstance(tree, Sym):
        return frozenset({tree.symbol_id})
    if isinstance(tree, Neg):
        return oracle_symbols(tree.operand)
    if isinstance(tree, Bin):
        return oracle_symbols(tree.left) | oracle_symbols(tree.right)
    return frozenset()


def _decimal(value: Fraction) -> str:
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
    digits = str(value * 10**places)
    if not places:
        return digits
    digits = digits.rjust(places + 1, "0")
    return f"{digits[:-places]}.{digits[-places:]}"


_BINDING = {"+": 1, "-": 1, "*": 2, "/": 2}


def _binding(tree: Tree) -> int:
    return _BINDING[tree.operator] if isinstance(tree, Bin) else 3


def oracle_canonical(tree: Tree) -> str:
    """Spell *tree* as the profile's canonical form says, rule by rule."""
    if isinstance(tree, Num):
        return _decimal(tree.value)
    if isinstance(tree, Sym):
        return tree.symbol_id
    if isinstance(tree, Neg):
        operand = oracle_canonical(tree.operand)
        return f"-({operand})" if isinstance(tree.operand, Bin) else f"-{operand}"
    left, right = oracle_canonical(tree.left), oracle_canonical(tree.right)
    if _binding(tree.left) < _binding(tree):
        left = f"({left})"
    if _binding(tree.right) <= _binding(tree):
        right = f"({right})"
    return f"{left} {tree.operator} {right}"


def oracle_number(text: str) -> Fraction | None:
    """Return the value of a fact's *text* (``-``?, NUMBER, perhaps ``/`` NUMBER), or None."""
    body = text.removeprefix("-")
    numerator, slash, denominator = body.partition("/")
    if not _is_number(numerator) or (slash and not _is_number(denominator)):
        return None
    value = Fraction(numerator)
    if slash:
        if not Fraction(denominator):
            return None
        value /= Fraction(denominator)
    return -value if body != text else value


class OracleRefusal(Exception):  # noqa: N818 -- named for what the oracle does
    """What the oracle refuses: a code, and the path of the offending value."""

    def __init__(self, code: str, path: ErrorPath = ()) -> None:
        super().__init__(code, path)
        self.code = code
        self.path = path


def _too_large(value: Fraction) -> bool:
    return max(value.numerator.bit_length(), value.denominator.bit_length()) > MOST_BITS


def oracle_value(tree: Tree, values: Mapping[str, Fraction]) -> Fraction:
    """Return the value of *tree*, each binary operation's result within the bits allowed.

    Raises:
        OracleRefusal: ``division_by_zero``, or ``limit_exceeded`` (with no path).
        KeyError: for a symbol without a value.
    """
    if isinstance(tree, Num):
        return tree.value
    if isinstance(tree, Sym):
        return values[tree.symbol_id]
    if isinstance(tree, Neg):
        return -oracle_value(tree.operand, values)
    left, right = oracle_value(tree.left, values), oracle_value(tree.right, values)
    if tree.operator == "/" and not right:
        raise OracleRefusal("division_by_zero")
    if tree.operator == "+":
        result = left + right
    elif tree.operator == "-":
        result = left - right
    elif tree.operator == "*":
        result = left * right
    else:
        result = left / right
    if _too_large(result):
        raise OracleRefusal("limit_exceeded")
    return result


def _read(text: str, path: ErrorPath) -> Tree:
    tree = oracle_expression(text)
    if tree is None:
        raise OracleRefusal("not_arithmetic", path)
    if not within_limits(text, tree):
        raise OracleRefusal("limit_exceeded", path)
    return tree


def oracle_evaluate(graph: SemanticSymbolicBindingGraph) -> dict[str, Fraction]:
    """Return every determined symbol's value: the facts', then the admitted equations' in the solve order.

    Exact for texts within the profile's limits, whatever they hold.

    Raises:
        OracleRefusal: at the first fact or equation of that order that
            gives no value, with its code and path.
    """
    values: dict[str, Fraction] = {}
    for index, fact in enumerate(graph.facts):
        path: ErrorPath = ("facts", index, "value")
        number = oracle_number(fact.value)
        if number is None:
            raise OracleRefusal("not_arithmetic", path)
        if values.setdefault(fact.symbol_id, number) != number:
            raise OracleRefusal("conflicting_values", path)
    for index in oracle_order(graph):
        equation = graph.equations[index]
        path = ("equations", index, "rhs_canonical")
        tree = _read(equation.rhs_canonical, path)
        if oracle_symbols(tree) != equation.dependencies:
            raise OracleRefusal(
                "dependency_mismatch", ("equations", index, "dependencies")
            )
        try:
            values[equation.lhs_symbol_id] = oracle_value(tree, values)
        except OracleRefusal as refusal:
            raise OracleRefusal(refusal.code, path) from None
    return values


def oracle_answers(graph: SemanticSymbolicBindingGraph) -> tuple[Fraction, ...]:
    """Return the value of each unknown's symbol, as oracle_evaluate gives them.

    Raises:
        OracleRefusal: as oracle_evaluate, then ``unbound_unknown`` for the
            first unknown without a value.
    """
    values = oracle_evaluate(graph)
    for index, unknown in enumerate(graph.unknowns):
        if unknown.symbol_id not in values:
            raise OracleRefusal("unbound_unknown", ("unknowns", index, "symbol_id"))
    return tuple(values[unknown.symbol_id] for unknown in graph.unknowns)


def oracle_arithmetic_findings(
    graph: SemanticSymbolicBindingGraph,
) -> set[tuple[str, ErrorPath]]:
    """Return the findings of a graph whose strings all read and whose values all compute.

    ``operation_mismatch`` for an admitted equation labelled with a kind
    other than its top operation; ``value_conflict`` for an admitted
    equation outside the solve order that
    gives its symbol another value; ``constraint_violated`` for a predicate
    that is false for the values; ``constraint_symbols`` for one that does
    not mention exactly its own symbol.
    """
    values = oracle_evaluate(graph)
    found: set[tuple[str, ErrorPath]] = set()
    ordered = set(oracle_order(graph))
    for index, equation in admitted(graph):
        tree = _read(equation.rhs_canonical, ())
        said = _LABELS.get(equation.operation_kind.strip().lower())
        if said is not None and said != _top(tree):
            found.add(("operation_mismatch", ("equations", index, "operation_kind")))
        if index in ordered or not oracle_symbols(tree) <= values.keys():
            continue
        if oracle_value(tree, values) != values[equation.lhs_symbol_id]:
            found.add(("value_conflict", ("equations", index, "rhs_canonical")))
    for index, constraint in enumerate(graph.constraints):
        path: ErrorPath = ("constraints", index, "predicate")
        read = oracle_predicate(constraint.predicate)
        assert read is not None, constraint.predicate  # the graphs here read
        left, comparison, right = read
        mentioned = oracle_symbols(left) | oracle_symbols(right)
        if mentioned != frozenset({constraint.symbol_id}):
            found.add(("constraint_symbols", path))
        if mentioned <= values.keys() and not _holds(
            oracle_value(left, values), comparison, oracle_value(right, values)
        ):
            found.add(("constraint_violated", path))
    return found


# The labels docs/arithmetic.md says the profile reads, and their kinds.
_LABELS: Final = {
    "add": "+",
    "addition": "+",
    "plus": "+",
    "subtract": "-",
    "subtraction": "-",
    "multiply": "*",
    "multiplication": "*",
    "times": "*",
    "divide": "/",
    "division": "/",
    "negate": "negate",
    "negation": "negate",
    "identity": "identity",
    "copy": "identity",
    # Kinds of operators and functions the oracle's trees never hold: such a
    # label always lies about them.
    "floor_divide": "//",
    "floor_division": "//",
    "modulo": "%",
    "power": "**",
    "exponentiation": "**",
    "abs": "abs",
    "min": "min",
    "max": "max",
    "round": "round",
    "rounding": "round",
    "floor": "floor",
    "ceil": "ceil",
    "ceiling": "ceil",
}


def _top(tree: Tree) -> str:
    """Return the top operation of *tree*: its operator, ``negate`` or ``identity``."""
    if isinstance(tree, Bin):
        return tree.operator
    return "negate" if isinstance(tree, Neg) else "identity"


def _holds(left: Fraction, comparison: str, right: Fraction) -> bool:
    return {
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
        "==": left == right,
        "!=": left != right,
    }[comparison]
