"""A program read as a model writes it, a line at a time, for :class:`~binding_graph.drafts.ProgramChecker`: :class:`ProgramStream`.

A program is read whole (``_program.text``): a text that is Python is the
program, and only otherwise its one fenced block. So, until a fence
opens, nothing is certain: whatever the lines so far hold, a fenced block
may yet follow and be the program. Once a fence of Python opens, the text
can no longer be Python, and the block is the program, if anything is: a
reply with a second fence, or none that closes, or a block that does not
parse, is refused whole.

Inside the block, each statement of the function is read once it is
complete (the next line starts at the body's indentation, or less), by the
reader itself (``_program.tree``), alone after the function's line, with a
placeholder for what came before it (a docstring, or the return it
follows). Of what the reader refuses in it, the refusals told are those
that no later line can change: a statement the reader does not read (a
loop, an import, an expression statement), a statement after the return,
an operator, a comparison or a constant outside the profile, a list, a
subscript. A name not assigned before is not told (a later line may
assign it, and the refusal says so), nor anything inside a call that the
whitelist may read, or an attribute (a later line may bind the name
called): the whole program's reading tells those, at its end.
"""

from __future__ import annotations

import ast
import re
from typing import Final

from binding_graph.drafts._checks.fences import opens
from binding_graph.drafts._program.read import place
from binding_graph.drafts._program.text import (
    OWNER,
    Lines,
    Position,
    parse,
    refusal,
)
from binding_graph.drafts._program.tree import read
from binding_graph.drafts._program.words import CALLS
from binding_graph.errors import BindingGraphError

__all__ = ["ProgramStream"]

_LINE: Final = re.compile(r"[^\r\n]*(?:\r\n|\r(?!$)|\n)")
# A statement that does not parse within so many characters is not waited
# for: its refusals, if any, are told by close().
_MOST: Final = 8192
# Lines that open with a fence inside a string, looked at before nothing
# more is told: each look reads the text so far.
_LOOKS: Final = 8
_CONTINUED: Final = ("else", "elif", "except", "finally", ")", "]", "}")


def _parsed(text: str) -> ast.Module | None:
    """Return the syntax tree of the program *text* holds, as the whole is read, or ``None`` where it is refused."""
    try:
        return parse(text, 4 * len(text))[0]
    except BindingGraphError:
        return None


def _span(node: ast.expr | ast.stmt, lines: Lines) -> tuple[Position, Position]:
    """Return where *node* starts, and where it ends, past its last character."""
    end = node.end_lineno or node.lineno
    return lines.at(node), Position(
        end, lines.offset(end, node.end_col_offset or 0) + 1
    )


def _uncertain(statement: ast.stmt, lines: Lines) -> list[tuple[Position, Position]]:
    """Return the spans of *statement* whose refusals a later line may change: a call the whitelist may read, an attribute."""
    spans: list[tuple[Position, Position]] = []
    for node in ast.walk(statement):
        if type(node) is ast.Call:
            function = node.func
            if type(function) is ast.Name and function.id not in CALLS:
                continue  # refused whatever the program binds
        elif type(node) is not ast.Attribute:
            continue
        assert isinstance(node, ast.expr)  # noqa: S101 -- a call or an attribute
        spans.append(_span(node, lines))
    return spans


def _certain(
    statements: list[ast.stmt], lines: Lines, found: list[BindingGraphError]
) -> list[BindingGraphError]:
    """Return the refusals of *found* in *statements* that no later line can change."""
    kept: list[BindingGraphError] = []
    for statement in statements:
        first, last = _span(statement, lines)
        reads = type(statement) in {ast.Assign, ast.AugAssign, ast.Return}
        spans = _uncertain(statement, lines) if reads else []
        for error in found:
            at = Position(*place(error))  # (0, 0), in no statement, for the whole
            if not first <= at < last or (
                reads
                and (
                    error.code == "unknown_symbol"
                    or any(start <= at < stop for start, stop in spans)
                )
            ):
                continue
            kept.append(error)
    return kept


class ProgramStream:
    """A program's lines as they come, each statement of its function read once it is complete; what the reader refuses in it, told if no later line can change it.

    Args:
        max_bytes: The most bytes of UTF-8 the program may take: past it,
            the whole is refused, and nothing more is told.
    """

    def __init__(self, max_bytes: int) -> None:
        self._max_bytes = max_bytes
        self._lines: list[str] = []  # the complete lines read, each with its end
        self._pending = ""  # the line being written
        self._size = 0
        self._block = False  # whether a fence of Python has opened
        self._off = False  # whether nothing more is told
        self._looks = 0
        self._function_line = 0  # the line of the function's def, once read
        self._indent: str | None = None  # the body's indentation, once read
        self._start = 0  # the first line of the statement being written
        self._statements = 0  # the body's statements read
        self._returned = False  # whether the body's return has been read

    @property
    def text(self) -> str:
        """The program read so far."""
        return "".join(self._lines) + self._pending

    def feed(self, chunk: str) -> list[BindingGraphError]:
        """Read *chunk*, the next part of the program; return the refusals it made certain."""
        self._size += len(chunk)
        pending = self._pending + chunk
        told: list[BindingGraphError] = []
        end = 0
        for line in _LINE.finditer(pending):
            end = line.end()
            self._lines.append(line.group())
            if not self._off:
                told += self._line(len(self._lines))
        self._pending = pending[end:]
        return told

    def _line(self, number: int) -> list[BindingGraphError]:
        """Read the complete line *number*; return the refusals it made certain."""
        line = self._lines[number - 1]
        told: list[BindingGraphError] = []
        if "\0" in line or self._size > self._max_bytes:
            self._off = True  # the whole is refused for it, at close()
        elif not self._block:
            if opens(line):
                self._fence()
        elif opens(line):
            # The block's end, or a fence inside a string of it: either
            # way, no statement of the function follows to tell.
            self._off = True
            told = self._statement(number) if self._indent is not None else []
        elif not self._function_line:
            if line.startswith("def "):
                self._define(number)
        else:
            told = self._body(line, number)
        return told

    def _body(self, line: str, number: int) -> list[BindingGraphError]:
        """Read the line *number* after the function's: a statement ends where a line starts at the body's indentation, or less."""
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            return []
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if self._indent is None:
            self._indent, self._start = indent, number
            self._off = not indent
            return []
        if len(indent) > len(self._indent) or stripped.startswith(_CONTINUED):
            return []
        told = self._statement(number)
        self._off = self._off or indent != self._indent
        return told

    def _fence(self) -> None:
        """Take the fence line just read as the block's opening, if no string holds it and it opens a block of Python."""
        self._looks += 1
        # As the whole is read, with the block closed at once: that parses
        # only if the line opens a block of Python, and no string holds it
        # or, before it, runs past its line.
        self._block = _parsed("".join(self._lines) + "```\n") is not None
        self._off = not self._block and self._looks >= _LOOKS

    def _define(self, number: int) -> None:
        """Take the line *number*, which opens with ``def``, as the function's, if no string holds it and the block parses to it."""
        self._looks += 1
        indent = "    pass\n"  # a body, so that the function parses
        if _parsed(f"{''.join(self._lines)}{indent}```\n") is not None:
            self._function_line = number
        self._off = not self._function_line and self._looks >= _LOOKS

    def _statement(self, number: int) -> list[BindingGraphError]:
        """Read the statements from the one being written to the line before *number*, if they parse; return their certain refusals."""
        start = self._start
        written = self._lines[start - 1 : number - 1]
        placeholder = int(self._statements > 0)
        filler = [f"{self._indent}{'return' if self._returned else '0'}\n"]
        small = [self._lines[self._function_line - 1], *filler[:placeholder], *written]
        tree = _parsed("".join(small))
        if tree is None:
            self._off = sum(map(len, written)) > _MOST
            return []
        function = tree.body[0]
        assert type(function) is ast.FunctionDef  # noqa: S101 -- its line opens with def
        statements = function.body[placeholder:]
        lines = Lines("".join(small))
        shift = start - 2 - placeholder
        found = _certain(statements, lines, read(tree, lines).found)
        self._start = number
        self._statements += len(statements)
        self._returned = self._returned or any(
            type(statement) is ast.Return for statement in statements
        )
        return [self._moved(error, shift) for error in found]

    @staticmethod
    def _moved(error: BindingGraphError, shift: int) -> BindingGraphError:
        """Return *error*, read in the statement alone, at its line of the program."""
        line, column = int(error.path[1]), int(error.path[3])
        rule = error.message.removeprefix(f"{OWNER} line {line}, column {column}: ")
        return refusal(error.code, Position(line + shift, column), rule)
