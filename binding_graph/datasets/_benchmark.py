"""A benchmark's case, and a benchmark as the command line imports it: its name, how its file holds records, its adapter, and its cases' names."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, Literal, get_args

import attrs

from binding_graph import _kinds as _k
from binding_graph.errors import refuse, refuse_type
from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["LAYOUTS", "Benchmark", "BenchmarkCase", "Layout"]


def _answer(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if value is not None and type(value) is not Fraction:
        refuse_type("BenchmarkCase", "answer", "a Fraction or None", value, ("answer",))


@attrs.frozen(weakref_slot=False)
class BenchmarkCase:
    """One case of a benchmark: where it comes from, its gold graph, and its answer, or why it has none.

    The gold graph of a case with an answer answers it:
    ``binding_graph.arithmetic.answers(case.graph) == (case.answer,)`` for
    every such case an adapter returns. A case without one (*answer*
    ``None``) is a problem that cannot be answered, such as GSM-Plus's
    critical thinking: a parser is right to refuse it, and *reason* says
    why it must; its gold graph holds what the problem states, and asks for
    what nothing determines.

    Args:
        source_id: The id of the problem's text, the ``source_id`` of the
            graph's spans: a non-blank ``str``, as a span's.
        graph: The gold graph: exactly a
            :class:`~binding_graph.SemanticSymbolicBindingGraph`.
        answer: The benchmark's answer: exactly a
            :class:`~fractions.Fraction`; ``None`` for a case that expects
            a refusal.
        reason: Why the case cannot be answered: a non-blank ``str``,
            given exactly when *answer* is ``None``.
        perturbation: What the benchmark did to the problem, such as
            GSM-Plus's ``perturbation_type`` (``"distraction insertion"``),
            or ``None``: :func:`~binding_graph.datasets.score` counts the
            cases of each apart.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or
            ``invalid_text``, with the field as its path; ``wrong_type`` at
            ``("reason",)`` for a reason given with an answer, or missing
            without one.

    .. versionadded:: 0.1.0
    """

    source_id: str = attrs.field(validator=_k.text)
    graph: SemanticSymbolicBindingGraph = attrs.field(
        validator=_k.instance_of(SemanticSymbolicBindingGraph)
    )
    answer: Fraction | None = attrs.field(validator=_answer)
    reason: str | None = attrs.field(
        default=None, validator=_k.optional_text, kw_only=True
    )
    perturbation: str | None = attrs.field(
        default=None, validator=_k.optional_text, kw_only=True
    )

    def __attrs_post_init__(self) -> None:
        if (self.answer is None) is (self.reason is None):
            rule = "is given exactly when answer is None: why there is no answer"
            refuse(
                "wrong_type", "BenchmarkCase", "reason", rule, self.reason, ("reason",)
            )


Layout = Literal["lines", "array", "xml"]
"""How a benchmark's file holds its records: JSON Lines, one object a line; one JSON array of objects; or one XML document, each record an element under an element under its root.

.. versionadded:: 0.1.0
"""

LAYOUTS: Final[frozenset[str]] = frozenset(get_args(Layout))
"""Every :data:`Layout`."""


_NAME: Final = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def _name(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str:
        refuse_type("Benchmark", "name", "a str", value, ("name",))
    if not _NAME.fullmatch(value):
        rule = "must be lower-case letters and digits, in words joined by '-'"
        refuse("invalid_text", "Benchmark", "name", rule, value, ("name",))


def _callable(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not callable(value):
        name = attribute.name
        refuse_type("Benchmark", name, "a function", value, (name,))


@attrs.frozen(weakref_slot=False)
class Benchmark:
    """A benchmark that :data:`~binding_graph.datasets.BENCHMARKS` registers, and ``binding-graph import`` reads.

    Args:
        name: Its name on the command line, such as ``gsm8k`` or
            ``gsm-hard``: lower-case letters and digits, in words joined by
            ``-``.
        title: Its name in messages, such as ``GSM8K``.
        layout: How its file holds records: a :data:`Layout`.
        summary: What its file is, in a few words, for the command's help.
        adapter: The function that makes a record a case, such as
            :func:`~binding_graph.datasets.from_gsm8k`, called with the
            record and its ``source_id``.
        source_id: The function that names the case of a record: given
            the record and the line it starts on, the ``source_id`` (such as
            ``gsm8k-12``, or SVAMP's own ``ID``); it may refuse the record,
            as the adapter would.

    Raises:
        BindingGraphError: for a field that is not as above, with the field
            as its path.

    .. versionadded:: 0.1.0
    """

    name: str = attrs.field(validator=_name)
    title: str = attrs.field(validator=_k.text)
    layout: Layout = attrs.field(validator=_k.member_of(LAYOUTS))
    summary: str = attrs.field(validator=_k.text)
    adapter: Callable[..., BenchmarkCase] = attrs.field(validator=_callable)
    source_id: Callable[[object, int], str] = attrs.field(validator=_callable)

    def case(self, record: object, line: int) -> BenchmarkCase:
        """Return the case of *record*, which starts on *line* of the file.

        Raises:
            BindingGraphError: as its ``source_id`` and its ``adapter``
                refuse the record.
        """
        return self.adapter(record, source_id=self.source_id(record, line))
