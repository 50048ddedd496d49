"""The program format's own functions, each the function over replies for programs: :func:`from_program`, :func:`program_refusals`, the streaming :class:`ProgramChecker`; and :func:`python_value`.

The program is read by :mod:`ast` through a whitelist (``_program.tree``),
translated into a draft (``_program.translate``), and compiled as any
reply is; a refusal is told at the line and column of the program where it
lies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph._gc_pause import call_paused
from binding_graph.drafts._checks.build import build
from binding_graph.drafts._program.producer import PROGRAM
from binding_graph.drafts._program.read import ReadProgram
from binding_graph.drafts._program.stream import ProgramStream
from binding_graph.drafts._program.text import DEFAULT_PROGRAM_BYTES
from binding_graph.drafts._program.values import python
from binding_graph.drafts._replies import (
    DEFAULT_LIMIT,
    arguments,
    compiled,
    defaults,
    read_reply,
    refusals_of,
)
from binding_graph.errors import refuse_type

if TYPE_CHECKING:
    from binding_graph.drafts._producer import Producer
    from binding_graph.errors import BindingGraphError, ErrorPath
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = [
    "ProgramChecker",
    "from_program",
    "is_program",
    "program_refusals",
    "python_value",
]


def from_program(
    source: str,
    text: str,
    *,
    source_id: str,
    introduced_by: str = "program",
    question: str | None = None,
    max_bytes: int = DEFAULT_PROGRAM_BYTES,
) -> SemanticSymbolicBindingGraph:
    """Return the graph that the program *source* computes of the problem *text*, reading it, never running it; or refuse it.

    *source* is a PAL or Program-of-Thoughts program: one function of
    assignments ``NAME = EXPRESSION`` (or ``+=``, ``-=``, ``*=``, ``/=``) and a
    last ``return EXPRESSION``, alone or
    in one fenced block of Markdown (a text that is Python is the program,
    whatever its strings hold). It is parsed by :func:`ast.parse` and read,
    as Python would run it, through a whitelist; it is never compiled, run
    or imported. Its
    draft (see ``docs/drafts.md``) is compiled as
    :func:`compile_draft` compiles a draft:

    - an assignment of a number that the text states is a quantity: a
      symbol, and a fact quoting the first place of the text that states it;
    - any other assignment is a step: a symbol and an admitted equation (an
      assignment of a number the text does not state is a constant, an
      equation of no dependency);
    - each assignment of a name is a version of it, a symbol of its own
      (``x``, then ``x_2``, ``x_3``), and a use reads the latest;
    - the returned name, or the step of a returned expression (``answer``),
      is the unknown, quoting *question*, or else the text's last sentence
      that ends in ``?``.

    Deterministic: equal programs and texts give equal graphs.

    Args:
        source: The program, as the text a model wrote.
        text: The problem's whole text.
        source_id: The id of the text, for every span of the graph.
        introduced_by: What introduced each symbol.
        question: The words of the text that ask the question, if not its
            last sentence that ends in ``?``; they must occur in it once.
        max_bytes: The largest program to read, in bytes of UTF-8.

    Returns:
        The graph.

    Raises:
        BindingGraphError: the first refusal :func:`program_refusals`
            lists, at ``("line", LINE, "column", COLUMN)`` of the program
            (both from 1) where it lies; for an argument other than the
            program (``wrong_type``, ``empty_text``, ``invalid_text``), at it.

    >>> from binding_graph.drafts import from_program
    >>> program = '''
    ... def solution():
    ...     boxes = 3
    ...     pens_per_box = 12
    ...     pens = boxes * pens_per_box
    ...     return pens
    ... '''
    >>> graph = from_program(program, "Ann has 3 boxes of 12 pens. How many pens?", source_id="p1")
    >>> graph.facts[1].source_span.text, graph.equations[0].rhs_canonical
    ('12', 'boxes * pens_per_box')

    .. versionadded:: 0.1.0
    """
    return compiled(
        "from_program",
        PROGRAM,
        source,
        text,
        source_id,
        introduced_by,
        max_bytes,
        {"question": question},
    )


def program_refusals(
    source: str,
    text: str,
    *,
    source_id: str = "program",
    introduced_by: str = "program",
    question: str | None = None,
    limit: int = DEFAULT_LIMIT,
    max_bytes: int = DEFAULT_PROGRAM_BYTES,
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of the program *source* against *text*, in the order of the program: empty exactly when :func:`from_program` accepts it.

    The first is the one :func:`from_program` raises. Each lies at
    ``("line", LINE, "column", COLUMN)`` of the program, counted from 1 as
    an editor counts them, and its message says the same; a refusal of the
    program as a whole (too large, no function) lies at ``()``, first. A
    program that is not Python is refused where the parser stops, and is
    its one refusal. :func:`~binding_graph.format_refusals`, with
    :data:`PROGRAM_REPAIR_HEADER`, tells them to a model.

    Args:
        source: As for :func:`from_program`.
        text: As for :func:`from_program`.
        source_id: As for :func:`from_program`; no refusal depends on it.
        introduced_by: As for :func:`from_program`.
        question: As for :func:`from_program`.
        limit: The most entries to return, at least 2; past it, the last
            entry is a ``limit_exceeded`` refusal that counts the others.
        max_bytes: As for :func:`from_program`.

    Raises:
        BindingGraphError: for an argument other than the program.

    >>> from binding_graph.drafts import program_refusals
    >>> program = '''
    ... def solution():
    ...     import os
    ...     eggs = open("eggs.txt").read()
    ...     for day in range(7):
    ...         eggs = eggs + 1
    ...     return eggs
    ... '''
    >>> for refusal in program_refusals(program, "How many eggs?"):
    ...     print(refusal.code, refusal.path)
    unsupported_syntax ('line', 3, 'column', 5)
    unsupported_syntax ('line', 4, 'column', 12)
    unsupported_syntax ('line', 5, 'column', 5)

    .. versionadded:: 0.1.0
    """
    return refusals_of(
        "program_refusals",
        PROGRAM,
        source,
        text,
        source_id,
        introduced_by,
        limit,
        max_bytes,
        {"question": question},
    )


def python_value(source: str, *, max_bytes: int = DEFAULT_PROGRAM_BYTES) -> int | float:
    r"""Return what the program *source* returns when Python runs it, computed without running it.

    The program is read as :func:`from_program` reads it (no text is
    needed), and each assignment computed as Python computes it: an ``int``
    exactly, a number written with a point as a ``float`` (an IEEE double),
    each operation with Python's own rules, ``/`` always a ``float``.
    Where the exact value of :func:`from_program`'s graph is what a
    program means, this is what Python makes of it: GSM-Hard's targets, for
    one, are those values.

    Args:
        source: As for :func:`from_program`.
        max_bytes: As for :func:`from_program`.

    Returns:
        The value, an ``int`` or a ``float``.

    Raises:
        BindingGraphError: the first refusal of the program, as
            :func:`program_refusals` lists those that need no text;
            ``division_by_zero`` where Python would raise
            ``ZeroDivisionError``; ``limit_exceeded`` where it would raise
            ``OverflowError``, or an ``int`` passes
            :data:`~binding_graph.arithmetic.MAX_BITS` bits;
            ``not_arithmetic`` for ``int()`` of a float that is not whole,
            though its exact value is, a power that Python computes as a
            complex number, and ``math.floor()`` or ``math.ceil()`` of a NaN.

    >>> from binding_graph.drafts import python_value
    >>> python_value("def solution():\n    a = 0.1\n    b = a + 0.2\n    return b")
    0.30000000000000004

    .. versionadded:: 0.1.0
    """
    program = call_paused(ReadProgram, source, max_bytes, "python_value")
    found = program.refusals()
    if found:
        raise found[0]
    assert program.returned is not None  # noqa: S101 -- else it was refused
    values: dict[str, int | float] = {}
    for statement, _ in program.sound:
        values[statement.name] = python(statement.tape, values)
    return values[program.returned[0]]


def _told(error: BindingGraphError) -> tuple[str, ErrorPath, str]:
    return (error.code, error.path, error.message)


class ProgramChecker:
    r"""Check a program as a model writes it, a chunk at a time; tell each refusal as soon as no later line can change it.

    The program is read as :func:`program_refusals` reads it. Each refusal
    :meth:`feed` returns is certain: whatever follows, the reply is
    refused; and where the whole reply is read as a program (one fenced
    block of Python that parses, within the limits), the refusal is one
    of :func:`program_refusals`', with the same code, path and message.
    :meth:`close` returns those of the whole not told before, in
    :func:`program_refusals`' order. So, for a reply read as a program,
    the refusals told in all are :func:`program_refusals`' own, those
    certain early first; for one that is not, those told early, then the
    whole's. Until a fence of Python opens, nothing is told: a fenced
    block may yet follow, and be the program (see ``docs/drafts.md``).

    Args:
        text: The problem's whole text.
        source_id: As for :func:`from_program`.
        introduced_by: As for :func:`from_program`.
        question: As for :func:`from_program`.
        max_bytes: As for :func:`from_program`.

    Raises:
        BindingGraphError: for an argument, at it.

    >>> from binding_graph.drafts import ProgramChecker
    >>> checker = ProgramChecker("Ann has 3 cats. How many cats?", source_id="p1")
    >>> checker.feed("```python\ndef solution():\n    cats = 3\n")
    ()
    >>> checker.feed("    for day in range(7):\n        cats = cats + 1\n")
    ()
    >>> [(error.code, error.path) for error in checker.feed("    return cats\n")]
    [('unsupported_syntax', ('line', 4, 'column', 5))]

    .. versionadded:: 0.1.0
    """

    _function = "ProgramChecker"

    def __init__(
        self,
        text: str,
        *,
        source_id: str,
        introduced_by: str = "program",
        question: str | None = None,
        max_bytes: int = DEFAULT_PROGRAM_BYTES,
    ) -> None:
        options: dict[str, object] = {"question": question}
        _, by, most = defaults(PROGRAM, source_id, introduced_by, max_bytes)
        arguments(self._function, PROGRAM, text, source_id, by, most, options)
        self._whole = (text, source_id, by, most, options)
        self._stream = ProgramStream(max_bytes)
        self._told: list[BindingGraphError] = []
        self._closed = False
        self._graph: SemanticSymbolicBindingGraph | None = None

    @property
    def refusals(self) -> tuple[BindingGraphError, ...]:
        """Every refusal told so far, in order."""
        return tuple(self._told)

    @property
    def graph(self) -> SemanticSymbolicBindingGraph | None:
        """The graph of the program, once ``close()`` has found no refusal, else ``None``."""
        return self._graph

    def feed(self, chunk: str) -> tuple[BindingGraphError, ...]:
        """Read *chunk*, the next part of the program; return the refusals it made certain.

        Raises:
            BindingGraphError: ``wrong_type`` for a chunk that is not exactly
                a ``str``, or one fed after :meth:`close`.
        """
        function = self._function
        if type(chunk) is not str:
            refuse_type(function, "chunk", "a str", chunk, ("chunk",))
        if self._closed:
            refuse_type(
                function, "chunk", "fed before close(), not after", chunk, ("chunk",)
            )
        told = self._stream.feed(chunk)
        self._told += told
        return tuple(told)

    def close(self) -> tuple[BindingGraphError, ...]:
        """End the program; return the refusals of the whole not told before, and build the graph if there are none at all.

        Closing again returns nothing new.
        """
        if self._closed:
            return ()
        self._closed = True
        text, source_id, by, most, options = self._whole
        engine, found = call_paused(
            read_reply,
            self._function,
            PROGRAM,
            self._stream.text,
            text,
            source_id,
            by,
            most,
            options,
        )
        told = {_told(error) for error in self._told}
        new = tuple(error for error in found if _told(error) not in told)
        self._told += new
        if not found:
            self._graph = build(engine)
        return new


def is_program(producer: Producer) -> bool:
    """Tell whether *producer* is the program format, whose replies :class:`ProgramChecker` checks as they stream."""
    return producer is PROGRAM
