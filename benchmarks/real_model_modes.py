"""The modes of ``real_model.py``: what the model is asked to write, under which grammar, and what reads it.

A mode is one function from a :class:`~real_model_engine.Session` and a
:class:`Problem` to an :class:`Outcome`, listed in :data:`MODES` with its
title in :data:`TITLES`: a prompt with one worked example (the drafts
wing's ``EXAMPLE``, or the document or program of the same graph), a
grammar (or none), a cap of tokens, and the library's reader of the reply.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from compile_drafts import in_writing_order
from real_model_engine import Generation, Session, json_grammar
from real_model_python import PythonRun, run_program

import binding_graph
from binding_graph.arithmetic import parse_number
from binding_graph.drafts import (
    EXAMPLE,
    DraftChecker,
    DraftGuide,
    compile_draft,
    draft_prompt,
    draft_refusals,
    draft_schema,
    from_program,
    program_refusals,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from fractions import Fraction
    from pathlib import Path

SOURCE_ID: Final = "problem"
DOCUMENT_CAP: Final = 3000
"""The most tokens of a document: a small model that loops writes until it."""
DRAFT_CAP: Final = 1024
"""The most tokens of a draft; its schema's bounds end most drafts well before."""
PROGRAM_CAP: Final = 512
"""The most tokens of a program's reply: about four times a long program, with a fence and a sentence."""


@dataclass(frozen=True)
class Problem:
    """A GSM8K problem: its line in the file, its text, and its answer."""

    number: int
    text: str
    answer: Fraction


def read_problems(path: Path, count: int) -> list[Problem]:
    """Return the first *count* problems of the GSM8K file *path*."""
    found: list[Problem] = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if number > count:
                break
            record = json.loads(line)
            final = record["answer"].rsplit("\n#### ", 1)[1].strip()
            answer = parse_number(final.replace(",", ""))
            found.append(Problem(number, record["question"], answer))
    return found


@dataclass(frozen=True)
class Outcome:
    """What the library made of a generation: its refusals' codes, or a graph."""

    generation: Generation
    complete: bool  # the reply is one JSON value, or one Python program
    refusals: tuple[str, ...]
    graph: binding_graph.SemanticSymbolicBindingGraph | None
    checker_agrees: bool | None = None
    python: PythonRun | None = None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def judge_document(generation: Generation) -> Outcome:
    """Read a generated document: every refusal of it, or its graph."""
    found = binding_graph.refusals(generation.text)
    graph = None if found else binding_graph.loads(generation.text)
    codes = tuple(e.code for e in found)
    return Outcome(generation, _is_json(generation.text), codes, graph)


class Watch:
    """A ``DraftChecker`` given each token as the model writes it, keeping what it tells."""

    def __init__(self, text: str) -> None:
        self.checker = DraftChecker(text, source_id=SOURCE_ID)
        self.told: list[binding_graph.BindingGraphError] = []

    def __call__(self, piece: bytes) -> bool:
        """Read *piece*; tell whether it made a refusal certain."""
        new = self.checker.feed(piece)
        self.told.extend(new)
        return bool(new)


def judge_draft(problem: Problem, generation: Generation, watch: Watch) -> Outcome:
    """Compile a generated draft: every refusal of it, or its graph; and whether the checker told the same."""
    found = draft_refusals(generation.text, problem.text, source_id=SOURCE_ID)
    graph = None
    if not found:
        graph = compile_draft(generation.text, problem.text, source_id=SOURCE_ID)
    told = [*watch.told, *watch.checker.close()]
    agrees = [(e.code, e.path, e.message) for e in told] == [
        (e.code, e.path, e.message) for e in found
    ]
    codes = tuple(e.code for e in found)
    return Outcome(generation, _is_json(generation.text), codes, graph, agrees)


def judge_program(problem: Problem, generation: Generation) -> Outcome:
    """Read a generated program, never running it: every refusal of it, or its graph."""
    found = program_refusals(generation.text, problem.text, source_id=SOURCE_ID)
    graph = None
    if not found:
        graph = from_program(generation.text, problem.text, source_id=SOURCE_ID)
    codes = tuple(e.code for e in found)
    # A reply that is not one program of Python (a fence left open, a line
    # the parser stops at) is refused as malformed, and alone.
    return Outcome(generation, "malformed_document" not in codes, codes, graph)


_EXAMPLE_GRAPH: Final = compile_draft(EXAMPLE[1], EXAMPLE[0], source_id=SOURCE_ID)
DOCUMENT_INSTRUCTIONS: Final = (
    "Write the binding-graph document of the word problem below, as one JSON"
    " object that follows the JSON Schema below, and nothing else.\n"
    f'- provenance: the problem\'s whole text, its source_id "{SOURCE_ID}",'
    " start 0, end its length in characters.\n"
    "- symbols: each quantity the problem states or asks for, with an id, and"
    " the span of the words that state it: their text, and their start and end"
    " offsets in characters in the problem's text.\n"
    "- facts: the value of each quantity the problem states, with its span.\n"
    "- equations: each quantity to compute: rhs_canonical an expression over"
    " symbol ids with + - * / and parentheses, dependencies the ids it uses.\n"
    "- unknowns: the quantity the problem asks for, with the question's span."
)


def document_prompt(text: str, schema: dict[str, Any], example: object) -> str:
    """Return the prompt for a document: instructions, *schema*, the worked *example*, the problem."""
    written = json.dumps(schema, ensure_ascii=False)
    shown = json.dumps(example, ensure_ascii=False, separators=(",", ":"))
    return (
        f"{DOCUMENT_INSTRUCTIONS}\n\nThe JSON Schema of a document:\n{written}\n\n"
        f"Problem: {EXAMPLE[0]}\nDocument: {shown}\n\nProblem: {text}\nDocument:"
    )


def document(session: Session, problem: Problem) -> Outcome:
    """A document under the generation profile, its keys in sorted order, read by ``loads``."""
    schema = binding_graph.json_schema("generation")
    example = json.loads(binding_graph.canonical_bytes(_EXAMPLE_GRAPH))
    prompt = document_prompt(problem.text, schema, example)
    grammar = json_grammar(schema, spaced=False)
    return judge_document(session.generate(prompt, grammar, cap=DOCUMENT_CAP))


def writing(session: Session, problem: Problem) -> Outcome:
    """A document under the writing profile, read by ``loads`` and written again canonically."""
    schema = binding_graph.json_schema("writing")
    canonical = json.loads(binding_graph.canonical_bytes(_EXAMPLE_GRAPH))
    prompt = document_prompt(problem.text, schema, in_writing_order(canonical))
    grammar = json_grammar(schema, spaced=False)
    return judge_document(session.generate(prompt, grammar, cap=DOCUMENT_CAP))


def draft(session: Session, problem: Problem) -> Outcome:
    """A draft under the bounded draft schema, compiled by ``compile_draft``."""
    # draft_prompt shows its example with ", " and ": ", so the grammar does.
    grammar = json_grammar(draft_schema(), spaced=True)
    watch = Watch(problem.text)
    prompt = draft_prompt(problem.text)
    generation = session.generate(prompt, grammar, cap=DRAFT_CAP, watch=watch)
    return judge_draft(problem, generation, watch)


def held(session: Session, problem: Problem) -> Outcome:
    """A draft under the draft schema that holds every quote to the text's phrases, compiled."""
    grammar = json_grammar(draft_schema(problem.text), spaced=True)
    watch = Watch(problem.text)
    prompt = draft_prompt(problem.text)
    generation = session.generate(prompt, grammar, cap=DRAFT_CAP, watch=watch)
    return judge_draft(problem, generation, watch)


class _Skip:
    """A watch given a piece's bytes but its first *count*, which were read already."""

    def __init__(self, watch: Watch, count: int) -> None:
        self.watch, self.count = watch, count

    def __call__(self, piece: bytes) -> bool:
        kept = piece[self.count :]
        self.count = max(self.count - len(piece), 0)
        return bool(kept) and self.watch(kept)


def guided(session: Session, problem: Problem) -> Outcome:
    """A draft written a piece at a time, each under the grammar ``DraftGuide`` gives for it, compiled.

    Each piece takes back the last token read (``redo``), so that the
    model writes it again merged with what follows, as its tokenizer
    would: ``},`` where a piece ended at ``}``.
    """
    guide = DraftGuide(problem.text)
    watch = Watch(problem.text)
    prompt = guide.prompt()
    written, pieces = "", list[Generation]()
    flagged: tuple[int, float] | None = None
    while True:
        again = session.last_token(prompt, written)
        grammar = guide.grammar(written, redo=len(again))
        if grammar is None:
            whole = True
            break
        before = (sum(each.tokens for each in pieces), sum(e.seconds for e in pieces))
        cap = DRAFT_CAP - before[0]
        kept = written[: len(written) - len(again)]
        skip = _Skip(watch, len(again.encode()))
        piece = session.generate(prompt, grammar, cap=cap, watch=skip, written=kept)
        pieces.append(piece)
        written = kept + piece.text
        if flagged is None and piece.flagged is not None:
            flagged = (before[0] + piece.flagged[0], before[1] + piece.flagged[1])
        if piece.ended != "schema":
            whole = False
            break  # cut at the cap: not a whole piece, which the guide would refuse
    generation = Generation(
        text=written,
        tokens=sum(each.tokens for each in pieces),
        prompt_tokens=sum(each.prompt_tokens for each in pieces),
        prompt_seconds=sum(each.prompt_seconds for each in pieces),
        seconds=sum(each.seconds for each in pieces),
        ended="schema" if whole else pieces[-1].ended,
        flagged=flagged,
    )
    return judge_draft(problem, generation, watch)


PROGRAM_INSTRUCTIONS: Final = (
    "Write a Python program that solves the word problem below: one function"
    " solution() of assignments, each a number the problem states or"
    " arithmetic with + - * / and parentheses over names assigned before it,"
    " then return the name of the answer. No imports, loops, calls, print or"
    " comments."
)


def example_program() -> str:
    """Return the program of the drafts wing's ``EXAMPLE``, as its prompt shows it: its quantities, its steps, its question."""
    shown: dict[str, Any] = EXAMPLE[1]
    lines = ["def solution():"]
    lines.extend(
        f"    {each['name']} = {each['value']}" for each in shown["quantities"]
    )
    lines.extend(
        f"    {each['name']} = {each['expression']}" for each in shown["steps"]
    )
    lines.append(f"    return {shown['question']['name']}")
    return "\n".join(lines)


def program_prompt(text: str) -> str:
    """Return the prompt for a program: instructions, the worked example in a fenced block, the problem."""
    fenced = f"```python\n{example_program()}\n```"
    return (
        f"{PROGRAM_INSTRUCTIONS}\n\nProblem: {EXAMPLE[0]}\nProgram:\n{fenced}\n\n"
        f"Problem: {text}\nProgram:"
    )


class FenceEnd:
    """A stop sequence: the end of the line that closes the reply's first fenced block."""

    def __init__(self) -> None:
        self.line = b""
        self.fences = 0

    def __call__(self, piece: bytes) -> bool:
        """Read *piece*; tell whether it ended the line that closes the first fenced block."""
        *ended, self.line = (self.line + piece).split(b"\n")
        self.fences += sum(line.lstrip().startswith(b"```") for line in ended)
        return self.fences >= 2  # noqa: PLR2004 -- the fence that opens, the one that closes


def program(session: Session, problem: Problem) -> Outcome:
    """A program, written as free text (no grammar) to the end of its fenced block or turn, read by ``from_program``, and run by Python beside it."""
    prompt = program_prompt(problem.text)
    generation = session.generate(prompt, None, cap=PROGRAM_CAP, stop=FenceEnd())
    judged = judge_program(problem, generation)
    return dataclasses.replace(judged, python=run_program(generation.text))


def rejudge(
    mode: str, problem: Problem, generation: Generation, python: PythonRun | None
) -> Outcome:
    """Read again what a mode's model wrote, with the library as it is now: the reply is the model's, and greedy, so only the reading changes."""
    if mode == "program":
        judged = judge_program(problem, generation)
        return dataclasses.replace(judged, python=python)
    if mode in DRAFTS:
        watch = Watch(problem.text)
        watch(generation.text.encode())
        return judge_draft(problem, generation, watch)
    return judge_document(generation)


MODES: Final[dict[str, Callable[[Session, Problem], Outcome]]] = {
    "document": document,
    "writing": writing,
    "draft": draft,
    "held": held,
    "guided": guided,
    "program": program,
}
TITLES: Final = {
    "document": "document, generation profile (sorted keys)",
    "writing": "document, writing-order profile",
    "draft": "draft, `draft_schema()`",
    "held": "draft, quotes held to the text",
    "guided": "draft, guided a piece at a time",
    "program": "program, free text",
}
DRAFTS: Final = frozenset({"draft", "held", "guided"})
"""The modes whose replies are drafts, read by a ``DraftChecker`` as they are written."""
