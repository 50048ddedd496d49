r"""Benchmarks as gold graphs: a GSM8K, SVAMP, GSM-Plus, ASDiv or GSM-Hard record turned into a binding graph and its answer.

The caller opens and parses the benchmark's file; an adapter takes one
record, the parsed JSON object, and returns a :class:`BenchmarkCase`: the
record's ``source_id``, its gold graph and the benchmark's answer, as a
:class:`~fractions.Fraction`. Every case returned answers the benchmark:
``binding_graph.arithmetic.answers(case.graph) == (case.answer,)``, checked
before it is returned. A record that cannot be made into such a graph is
refused; the adapter never guesses.

What a gold graph holds:

- **Provenance**: the problem's text, the span ``[0, len(text))`` of
  *source_id*; for GSM8K also the solution (the ``answer`` field up to, not
  including, its line ``#### ANSWER``) under ``SOURCE_ID/solution``, and so
  for GSM-Plus (its ``solution``); for ASDiv the ``Formula`` under
  ``SOURCE_ID/formula``.
- **One symbol and one fact per number of the text that a step uses.** The
  fact's span quotes where the text first states that value, scanning from
  the start (and, at one place, the longer quote first); its value is the
  number in :func:`~binding_graph.arithmetic.parse_number`'s form (``"1000"``,
  ``"0.5"``, ``"1/3"``). A text states numbers in digits (``48``, ``2.5``,
  ``.5``, ``1,000`` for 1000), as percentages (``25%`` or ``25 percent``
  state 1/4, the ``25`` in them 25), as fractions (``3/4``), and in words:
  ``one`` to ``nineteen``, the tens ``twenty`` to ``ninety`` and their
  compounds (``twenty-five``), ``hundred``, ``thousand``, ``million``,
  ``half`` (1/2), ``quarter`` (1/4), ``twice``, ``double`` and ``doubled``
  (2), ``triple``, ``tripled`` and ``thrice`` (3), ``quadruple`` (4) and
  ``dozen`` (12), in any case. A currency sign is not part of a quote:
  ``$12`` quotes ``12``.
- **One symbol and one admitted equation per step**, in order: each GSM8K
  or GSM-Plus annotation ``<<EXPRESSION=RESULT>>``; SVAMP's one
  ``Equation``; each statement of ASDiv's ``Formula``. Each
  number of the step becomes the symbol of the latest earlier step whose
  value or stated ``RESULT`` it equals; else the fact's symbol of that value
  of the text; else it stays a literal, a constant the text does not state
  (such as 60 minutes in an hour). The right-hand side is
  :func:`~binding_graph.arithmetic.canonical_expression`'s, the
  dependencies exactly the symbols it mentions, the ``operation_kind`` its
  top operation (``add``, ``subtract``, ``multiply``, ``divide``,
  ``negate`` or ``identity``); units are not read, and ``unit_proof`` says
  so. A GSM8K step's span quotes its line of the solution (from the
  annotation before its own to the one after, where a line holds several);
  SVAMP's, the question; ASDiv's, its statement of the formula.
- **The unknown**, on the last step's symbol; its span quotes the question:
  for GSM8K the last sentence of the text that ends in ``?`` (the whole text
  if none does), for SVAMP and ASDiv the ``Question``; for ASDiv, its
  ``expected_unit`` is the unit the answer states (``9 (apples)``).

Where a benchmark writes its answer with decimals, it may be rounded: steps
whose exact value is within half a unit of its last decimal reach it, and
the case holds that exact value (``4.33`` is reached by 13/3). A GSM-Plus
record whose answer is ``"None"`` (critical thinking) is a case that
expects a refusal: its answer is ``None``, its ``reason`` says why, and its
graph asks, over the problem's text, for what nothing determines.

Symbols come from :func:`~binding_graph.allocate_symbols`, numbers first
(in the order of the text, each named as it is written) then steps
(``step 1``, ...): equal records give byte-equal graphs.

Refusals are :class:`~binding_graph.BindingGraphError`, with a path into
the record, such as ``("answer",)``, and a code of this closed set:

- ``wrong_type``: a record that is not exactly a ``dict``, a field that is
  not exactly a ``str`` (SVAMP's ``Answer``: an ``int`` or a ``float``), a
  *source_id* that is not a ``str``; ``missing_key``: a field missing;
  ``empty_text`` and ``invalid_text``: a blank text, or one with a lone
  surrogate.
- ``no_annotation``: a GSM8K or GSM-Plus solution with no
  ``<<EXPRESSION=RESULT>>``.
- ``not_arithmetic``: a step outside the arithmetic profile (``%``, ``^``,
  a power whose exponent is not whole, a unary ``+``, a name), an annotation without exactly one ``=``,
  a final answer (GSM8K's line ``#### ANSWER``, digits grouped by thousands
  or not; SVAMP's ``Answer``, read by its ``repr``; GSM-Plus's ``answer``;
  ASDiv's ``Answer``, before its unit) that is not a number, or missing; an
  ASDiv formula that holds no calculation, or a remainder of a step that
  does not divide.
- ``division_by_zero``: a step that divides by zero.
- ``untraceable_number``: a number of SVAMP's ``Equation`` that the text
  does not state.
- ``answer_mismatch``: steps that do not reach the benchmark's answer.
- ``unknown_unit``: an ASDiv answer's unit that
  :func:`~binding_graph.units.parse_unit` cannot read.
- ``limit_exceeded``: a number or a step beyond the arithmetic profile's
  limits.

The codes only the adapters raise are :data:`~binding_graph.errors.DATASET_CODES`.

A GSM-Hard record holds a program instead of annotated steps: its gold
graph is the program's, as :func:`~binding_graph.drafts.from_program` reads
it against the problem (never running it), its answer the graph's exact
value, and the record is imported where its ``target`` is what Python
computes of the program (:func:`~binding_graph.drafts.python_value`), or
that rounded to ten decimal places; else it is refused as
``answer_mismatch``. What the program holds outside the reader's whitelist
is refused as :func:`~binding_graph.drafts.program_refusals` lists it, at
``("code", "line", LINE, "column", COLUMN)`` (``unsupported_syntax``,
``malformed_document``, ``unknown_symbol``, ``duplicate_symbol_id``, and
the codes above).

Cases travel as JSON Lines, one canonical line a case
(:func:`case_line`, :func:`dump_cases`), read back by :func:`load_cases`;
:func:`score` scores a parser's graphs against them, as a :class:`Score`;
:func:`vote` groups a model's samples of one problem by set-up.

>>> from binding_graph.datasets import from_gsm8k
>>> case = from_gsm8k(
...     {"question": "Ann has 3 bags of 4 apples. How many apples?",
...      "answer": "3*4 = <<3*4=12>>12 apples.\n#### 12"},
...     source_id="p1",
... )
>>> case.answer, case.graph.equations[0].rhs_canonical
(Fraction(12, 1), 'sym_3_000 * sym_4_001')

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from binding_graph.datasets._asdiv import ASDIV, from_asdiv
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase, Layout
from binding_graph.datasets._checked import CheckRow
from binding_graph.datasets._diff import Difference, diff
from binding_graph.datasets._gsm8k import GSM8K, from_gsm8k
from binding_graph.datasets._gsm_hard import GSM_HARD, from_gsm_hard
from binding_graph.datasets._gsm_plus import GSM_PLUS, from_gsm_plus
from binding_graph.datasets._lines import CaseRecord, case_line, dump_cases, load_cases
from binding_graph.datasets._results import Score
from binding_graph.datasets._score import score
from binding_graph.datasets._svamp import SVAMP, from_svamp
from binding_graph.datasets._vote import SetupGroup, Vote, vote
from binding_graph.datasets._wrong import WrongCase

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "BENCHMARKS",
    "Benchmark",
    "BenchmarkCase",
    "CaseRecord",
    "CheckRow",
    "Difference",
    "Layout",
    "Score",
    "SetupGroup",
    "Vote",
    "WrongCase",
    "case_line",
    "diff",
    "dump_cases",
    "from_asdiv",
    "from_gsm8k",
    "from_gsm_hard",
    "from_gsm_plus",
    "from_svamp",
    "load_cases",
    "score",
    "vote",
]

BENCHMARKS: Final[Mapping[str, Benchmark]] = MappingProxyType(
    {
        benchmark.name: benchmark
        for benchmark in (GSM8K, SVAMP, GSM_PLUS, ASDIV, GSM_HARD)
    }
)
"""Every benchmark ``binding-graph import`` reads, by its name: the command's choices, help and readers follow from it.

.. versionadded:: 0.1.0
"""
