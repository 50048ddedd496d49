"""The fields of a benchmark's record, and the building of its gold graph step by step."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, NamedTuple, cast

import attrs

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.allocation import allocate_symbols
from binding_graph.arithmetic import answers, canonical_expression, parse_expression
from binding_graph.datasets._answers import rounds_to
from binding_graph.datasets._benchmark import BenchmarkCase
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.expressions import (
    Quote,
    Undefined,
    decimal,
    operation_kind,
    question_span,
    read_decimal,
    spelled,
    symbols,
    value,
)
from binding_graph.model import (
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
)

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.errors import ErrorPath, RefusalCode
    from binding_graph.expressions import Expression

__all__ = [
    "Builder",
    "number_field",
    "question_sentence",
    "record_fields",
    "record_id",
    "text_field",
]


def record_fields(record: object, owner: str) -> dict[str, object]:
    """Return the entries of *record* whose keys are exactly ``str``.

    Raises:
        BindingGraphError: ``wrong_type`` at ``()`` unless *record* is
            exactly a ``dict``.
    """
    if type(record) is not dict:
        refuse_type(owner, "record", "a dict, one parsed JSON object", record, ())
    # Iterating an exact dict runs no code of its keys'; comparing or
    # hashing them might.
    entries = cast("dict[object, object]", record)
    return {key: item for key, item in entries.items() if type(key) is str}


def _entry(fields: dict[str, object], key: str, owner: str) -> object:
    """Return the record's entry *key*; refuse it as ``missing_key`` at ``(key,)`` if there is none."""
    if key not in fields:
        raise BindingGraphError(
            "missing_key", f"{owner}.record has no key {key!r}", (key,)
        )
    return fields[key]


def text_field(fields: dict[str, object], key: str, owner: str) -> str:
    """Return the text of the record's entry *key*, checked as a required text.

    Raises:
        BindingGraphError: ``missing_key``, ``wrong_type``, ``empty_text``
            or ``invalid_text`` at ``(key,)``.
    """
    return check_text(_entry(fields, key, owner), owner, f"record[{key!r}]", (key,))


def number_field(fields: dict[str, object], key: str, owner: str) -> int | float:
    """Return the number of the record's entry *key*: exactly an ``int`` or a ``float``, as JSON reads a number.

    Raises:
        BindingGraphError: ``missing_key`` or ``wrong_type`` at ``(key,)``.
    """
    number = _entry(fields, key, owner)
    if type(number) is not float and type(number) is not int:
        refuse_type(owner, f"record[{key!r}]", "an int or a float", number, (key,))
    return number


def record_id(record: object, line: int, benchmark: str) -> str:
    """Return the ``ID`` of a record of *benchmark*, checked as a text; ``BENCHMARK-LINE`` for a record that is no ``dict``, which its adapter refuses.

    Raises:
        BindingGraphError: ``missing_key``, ``wrong_type``, ``empty_text``
            or ``invalid_text`` at ``("ID",)``.
    """
    if type(record) is not dict:
        return f"{benchmark}-{line}"
    return text_field(cast("dict[str, object]", record), "ID", benchmark)


def question_sentence(problem: SourceSpanLink) -> SourceSpanLink:
    """Return the span of the last sentence of *problem* that ends in ``?``; the whole span if none does.

    The sentence is :func:`~binding_graph.expressions.question_span`'s.
    """
    text = problem.text
    found = question_span(text)
    if found is None:
        return problem
    start, end = found
    return SourceSpanLink(problem.source_id, start, end, text[start:end])


# A literal of a calculation: a NUMBER of the profile, or a decimal written
# without its leading zero.
_LITERAL: Final = re.compile(r"(?<![0-9.])(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)")

_UNIT_PROOF: Final = "not checked: the adapter does not read units"


class _Ref(NamedTuple):
    """What a literal of a step becomes: a fact's symbol, an earlier step's, or itself."""

    kind: str  # "fact", "step" or "literal"
    value: Fraction
    step: int = -1


class _Step(NamedTuple):
    pieces: list[str]  # the text between literals: one more than refs
    refs: list[_Ref]
    span: SourceSpanLink
    operation: str


class Builder:
    """The gold graph of one record, built step by step.

    Each literal of a step becomes the symbol of the latest earlier step
    whose value (or stated result) it equals; else the symbol of the fact
    of the text's first quote of its value; else it stays a literal
    (unless *traceable*, which refuses it).
    """

    def __init__(
        self, owner: str, problem: SourceSpanLink, quotes: dict[Fraction, Quote]
    ) -> None:
        self.owner = owner
        self.problem = problem
        self.quotes = quotes
        self.used: dict[Fraction, Quote] = {}
        self.steps: list[_Step] = []
        self.values: list[Fraction] = []
        self.latest: dict[Fraction, int] = {}

    def refuse(
        self, code: RefusalCode, where: str, rule: str, path: ErrorPath
    ) -> BindingGraphError:
        """Return the refusal of *where* (a step, a field) of the record."""
        return BindingGraphError(code, f"{self.owner}: {where} {rule}", path)

    def step(
        self,
        expression: str,
        *,
        span: SourceSpanLink,
        stated: Fraction | None,
        where: str,
        path: ErrorPath,
        traceable: bool = False,
    ) -> None:
        """Add the step that computes *expression*, quoted by *span*.

        Raises:
            BindingGraphError: ``not_arithmetic``, ``limit_exceeded``,
                ``division_by_zero`` or (if *traceable*) ``untraceable_number``,
                at *path*.
        """
        pieces, numbers, tree = self._read(expression, where, path)
        refs = [
            self._ref(number, where, path, traceable=traceable) for number in numbers
        ]
        placeholders = [f"t{index}" for index in range(len(refs))]
        values = {
            name: self._value_of(ref)
            for name, ref in zip(placeholders, refs, strict=True)
        }
        try:
            result = value(parse_expression(_render(pieces, placeholders)), values)
        except Undefined:
            raise self.refuse(
                "division_by_zero", where, "divides by zero", path
            ) from None
        except BindingGraphError as error:  # a power beyond the profile
            raise self.refuse(error.code, where, error.message, path) from None
        index = len(self.steps)
        self.steps.append(_Step(pieces, refs, span, operation_kind(tree)))
        self.values.append(result)
        self.latest[result] = index
        if stated is not None:
            self.latest[stated] = index

    def tree(self, expression: str, *, where: str, path: ErrorPath) -> Expression:
        """Return the tree of *expression*, a calculation as :meth:`step` reads it.

        Raises:
            BindingGraphError: ``not_arithmetic`` or ``limit_exceeded``, at
                *path*.
        """
        return self._read(expression, where, path)[2]

    def _read(
        self, expression: str, where: str, path: ErrorPath
    ) -> tuple[list[str], list[Fraction], Expression]:
        """Return the text between the literals of *expression*, their values, and its tree."""
        pieces: list[str] = []
        numbers: list[Fraction] = []
        last = 0
        for match in _LITERAL.finditer(expression):
            pieces.append(expression[last : match.start()])
            last = match.end()
            # Bounded before it is converted: past the host's digit limit,
            # Fraction() raises its own ValueError.
            numbers.append(read_decimal(match.group(), path, f"{self.owner}: {where}"))
        pieces.append(expression[last:])
        rendered = _render(pieces, [decimal(number) for number in numbers])
        return pieces, numbers, self._parse(rendered, where, path)

    def _value_of(self, ref: _Ref) -> Fraction:
        return self.values[ref.step] if ref.kind == "step" else ref.value

    def _ref(
        self, number: Fraction, where: str, path: ErrorPath, *, traceable: bool
    ) -> _Ref:
        step = self.latest.get(number)
        if step is not None:
            return _Ref("step", number, step)
        quote = self.quotes.get(number)
        if quote is not None:
            self.used[number] = quote
            return _Ref("fact", number)
        if traceable:
            raise self.refuse(
                "untraceable_number",
                where,
                f"uses {decimal(number)}, which the text does not state",
                path,
            )
        return _Ref("literal", number)

    def _parse(self, text: str, where: str, path: ErrorPath) -> Expression:
        try:
            tree = parse_expression(text)
        except BindingGraphError as error:
            raise self.refuse(
                error.code,
                where,
                f"is outside the arithmetic profile, read as {short_repr(text)}:"
                f" {error.message}",
                path,
            ) from None
        if symbols(tree):
            raise self.refuse(
                "not_arithmetic",
                where,
                f"must compute with numbers only, not names (got {short_repr(text)})",
                path,
            )
        return tree

    def case(
        self,
        answer: Fraction,
        *,
        question: SourceSpanLink,
        provenance: tuple[SourceSpanLink, ...],
        answer_path: ErrorPath,
        places: int = 0,
        expected_unit: str | None = None,
    ) -> BenchmarkCase:
        """Return the case whose graph holds the facts used and the steps, its unknown the last step.

        A benchmark that states its answer rounded, at *places* decimals
        (one or more), is answered by steps whose exact value rounds to it
        there (:func:`rounds_to`): the case holds that exact value.

        Raises:
            BindingGraphError: ``answer_mismatch`` at *answer_path* unless
                the graph answers *answer*, or, with *places*, a value
                that rounds to it.
        """
        source_id = self.problem.source_id
        quotes = sorted(self.used.values())
        phrases = [self.problem.text[quote.start : quote.end] for quote in quotes]
        phrases += [f"step {index}" for index in range(1, len(self.steps) + 1)]
        spans = [
            SourceSpanLink(source_id, quote.start, quote.end, phrase)
            for quote, phrase in zip(quotes, phrases, strict=False)
        ] + [step.span for step in self.steps]
        symbols_ = tuple(
            attrs.evolve(symbol, source_span=span)
            for symbol, span in zip(
                allocate_symbols(
                    phrases, source_span=self.problem, introduced_by=self.owner
                ),
                spans,
                strict=True,
            )
        )
        ids = [symbol.symbol_id for symbol in symbols_]
        fact_ids = {quote.value: ids[index] for index, quote in enumerate(quotes)}
        step_ids = ids[len(quotes) :]
        facts = tuple(
            BoundFact(
                symbol_id=fact_ids[quote.value],
                value=spelled(quote.value),
                source_span=span,
            )
            for quote, span in zip(quotes, spans, strict=False)
        )
        equations: list[BoundEquation] = []
        for lhs, step in zip(step_ids, self.steps, strict=True):
            names = [
                fact_ids[ref.value]
                if ref.kind == "fact"
                else step_ids[ref.step]
                if ref.kind == "step"
                else decimal(ref.value)
                for ref in step.refs
            ]
            rhs = canonical_expression(_render(step.pieces, names))
            equations.append(
                BoundEquation(
                    lhs_symbol_id=lhs,
                    rhs_canonical=rhs,
                    dependencies=frozenset(
                        name
                        for name, ref in zip(names, step.refs, strict=True)
                        if ref.kind != "literal"
                    ),
                    operation_kind=step.operation,
                    unit_proof=_UNIT_PROOF,
                    admissibility_status="admitted",
                    source_span=step.span,
                )
            )
        graph = SemanticSymbolicBindingGraph(
            symbols=symbols_,
            facts=facts,
            equations=tuple(equations),
            unknowns=(
                BoundUnknown(
                    symbol_id=step_ids[-1],
                    question_span=question,
                    expected_unit=expected_unit,
                ),
            ),
            provenance=provenance,
        )
        (reached,) = answers(graph)
        if reached == answer or (places and rounds_to(reached, answer, places)):
            return BenchmarkCase(source_id, graph, reached)
        rounded = f", nor does it round to it at {places} decimals" if places else ""
        raise self.refuse(
            "answer_mismatch",
            "the steps",
            f"reach {spelled(reached)}, not the benchmark's answer"
            f" {spelled(answer)}{rounded}",
            answer_path,
        )


def _render(pieces: list[str], names: list[str]) -> str:
    """Return *pieces* with *names* between them, in order."""
    parts = [pieces[0]]
    for name, piece in zip(names, pieces[1:], strict=True):
        parts += [name, piece]
    return "".join(parts)
