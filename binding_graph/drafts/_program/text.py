"""A program's text before any parser sees it: bounded, cut out of its one fenced block, and parsed by :mod:`ast` alone.

Nothing here runs a program: :func:`ast.parse` builds its syntax tree, and
nothing else is done with the text. Before the parser sees it, the text is
bounded: at most ``max_bytes`` of UTF-8, no NUL, no lone surrogate, and at
most :data:`MAX_OPERATORS` operators, dots and brackets outside its strings
and comments. A chain of operators, attributes, calls or subscripts is a
loop to CPython's parser but a tree as deep as the chain, which not every
Python builds without recursing as deep; bounded so, no tree is deeper
than the parser's own limits allow. What the parser still refuses
(``SyntaxError``, or its ``MemoryError`` and ``RecursionError`` for text
too complex to parse) is a refusal; its warnings are not shown.

A language model writes a program inside a reply, as Markdown writes a
block of code: between two fences, lines that open with three backquotes.
The rule: a text that is Python is the program, whatever its strings hold;
otherwise, its one fenced block, fences being lines that open with three
backquotes outside any Python string (no such line is Python), and the
rest of the text, before and after the block, is not read. Strings are
found as Python's tokenizer finds them, from the text's start, past its
comments; a string of one quote ends with its line, so that a prose's
apostrophe never hides a line. A string outside the block that runs past
its line could hide a fence, and make a docstring's fenced example the
block: it is refused. So a docstring that quotes a fenced example is never
read as the program. Lines keep their numbers.
"""

from __future__ import annotations

import ast
import bisect
import re
import warnings
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._show import short_repr
from binding_graph.drafts._checks.fences import closes, language, opens
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph.errors import ErrorPath, RefusalCode

__all__ = [
    "DEFAULT_PROGRAM_BYTES",
    "MAX_OPERATORS",
    "OWNER",
    "Lines",
    "Position",
    "parse",
    "refusal",
]

DEFAULT_PROGRAM_BYTES: Final = 64 * 1024
"""The largest program read by default, in bytes of UTF-8: a word problem's program takes about one thousand.

.. versionadded:: 0.1.0
"""

MAX_OPERATORS: Final = 1000
"""The most operators, dots and brackets a program may hold outside its strings and comments.

Each level of a tree that a chain of operators, attributes, calls or
subscripts makes takes one; a word problem's program holds a few dozen.

.. versionadded:: 0.1.0
"""

OWNER: Final = "Program"

_NESTING: Final = re.compile(r"[+\-*/%@&|^~<>.(\[{]")
_NEXT: Final = re.compile(r"[+\-*/%@&|^~<>.(\[{#'\"]")
_LINE_END: Final = re.compile(r"\r\n|\r|\n")
_QUOTE: Final = re.compile(r"[#'\"]")
_DEF: Final = re.compile(r"def(?:[ \t\f]|\\(?:\r\n|\r|\n))*")
_ENDS: Final = {
    "'": re.compile(r"[\\\r\n']"),
    '"': re.compile(r'[\\\r\n"]'),
    "'''": re.compile(r"\\|'''"),
    '"""': re.compile(r'\\|"""'),
}
# The first code point each number of bytes of UTF-8 cannot spell.
_WIDTHS: Final = ((1, 0x80), (2, 0x800), (3, 0x10000), (4, 0x110000))
_PYTHON: Final = frozenset({"", "python", "py", "python3"})


class Position(NamedTuple):
    """A place of a program: its line and its column, each counted from 1, in characters."""

    line: int
    column: int

    @property
    def path(self) -> ErrorPath:
        """The path of a refusal at this place: ``("line", 3, "column", 5)``."""
        return ("line", self.line, "column", self.column)


def refusal(code: RefusalCode, at: Position | None, rule: str) -> BindingGraphError:
    """Return the refusal of the program at *at* (or of the whole program, for ``None``), which breaks *rule*."""
    if at is None:
        return BindingGraphError(code, f"{OWNER} {rule}")
    return BindingGraphError(
        code, f"{OWNER} line {at.line}, column {at.column}: {rule}", at.path
    )


def _utf8_width(character: str) -> int:
    """Return how many bytes of UTF-8 spell *character*."""
    code = ord(character)
    return next(width for width, limit in _WIDTHS if code < limit)


class Lines:
    r"""The lines of a text as Python counts them, and the column of a place that :mod:`ast` gives in bytes of UTF-8.

    A line ends at ``\\r\\n``, ``\\r`` or ``\\n``. The columns of a line that
    is not ASCII are found once, when first asked for.
    """

    __slots__ = ("_ascii", "_bytes", "_starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._ascii = text.isascii()
        self._starts = [0, *(match.end() for match in _LINE_END.finditer(text))]
        self._bytes: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return len(self._starts)

    def start(self, line: int) -> int:
        """Return where *line* (from 1) starts in the text."""
        return self._starts[line - 1]

    def line(self, line: int) -> str:
        """Return the text of *line* (from 1), its end included."""
        starts = self._starts
        end = starts[line] if line < len(starts) else len(self.text)
        return self.text[starts[line - 1] : end]

    def offset(self, line: int, offset: int) -> int:
        """Return the index, in characters, of the place *offset* bytes into *line*."""
        if self._ascii:
            return offset
        text = self.line(line)
        if text.isascii():
            return offset
        characters = self._bytes.get(line)
        if characters is None:
            characters = list[int]()
            for index, character in enumerate(text):
                characters += [index] * _utf8_width(character)
            characters.append(len(text))
            self._bytes[line] = characters
        return characters[min(offset, len(characters) - 1)]

    def at(self, node: ast.expr | ast.stmt | ast.arg | ast.keyword) -> Position:
        """Return where *node* starts."""
        return Position(node.lineno, self.offset(node.lineno, node.col_offset) + 1)

    def defined(self, node: ast.FunctionDef) -> Position:
        """Return where the name of the function *node* stands: past ``def``, its blanks and any line it joins."""
        start = self.start(node.lineno) + self.offset(node.lineno, node.col_offset)
        found = _DEF.match(self.text, start)
        assert found is not None  # noqa: S101 -- the tree's def starts there
        return self.place(found.end())

    def place(self, index: int) -> Position:
        """Return the line and column of the character at *index* of the text."""
        line = bisect.bisect_right(self._starts, index)
        return Position(line, index - self._starts[line - 1] + 1)

    def segment(self, node: ast.expr) -> str:
        """Return the text of *node*, which lies on one line."""
        line, end = node.lineno, node.end_col_offset or 0
        start = self.start(line)
        return self.text[
            start + self.offset(line, node.col_offset) : start + self.offset(line, end)
        ]


def _string_end(text: str, at: int, quote: str) -> int:
    """Return where the string that opens at *at* with *quote* ends: a backslash escapes any character, even in a raw string."""
    if text.startswith(quote * 3, at):
        quote *= 3
    ends = _ENDS[quote]
    index = at + len(quote)
    while True:
        found = ends.search(text, index)
        if found is None:
            return len(text)
        if found.group() == "\\":
            # The escaped character; a line end of two, whole.
            index = found.end() + (2 if text.startswith("\r\n", found.end()) else 1)
        elif found.group() in "\r\n":
            return found.start()  # a string of one quote ends with its line
        else:
            return found.end()


def _operators(text: str) -> int:
    """Return how many operators, dots and brackets *text* holds outside its strings and comments.

    A formatted string holds code in its braces, and may nest quotes: from
    the first one on, every such character counts, in strings and comments
    too. Counting more than Python reads is safe; fewer never happens.
    """
    count = 0
    index = 0
    found = _NEXT.search(text)
    while found is not None:
        character, at = found.group(), found.start()
        if character == "#":
            line_end = _LINE_END.search(text, at)
            index = len(text) if line_end is None else line_end.start()
        elif character in "'\"":
            prefix = at
            while prefix and (text[prefix - 1].isalnum() or text[prefix - 1] == "_"):
                prefix -= 1
            if set(text[prefix:at].lower()) & {"f", "t"}:
                return count + len(_NESTING.findall(text, at))
            index = _string_end(text, at, character)
        else:
            count += 1
            index = at + 1
        found = _NEXT.search(text, index)
    return count


def _long_strings(text: str) -> Iterator[tuple[int, int]]:
    """Yield where each string of *text* that runs past its line starts and ends, outside comments, as Python's tokenizer finds strings.

    A string of one quote ends with its line, unless a backslash joins the
    next; so a prose's apostrophe never runs past its line. A formatted
    string is read as any other: where one nests quotes of its own kind,
    as Python 3.12 allows, the text is Python, and the program, before any
    fence is looked for.
    """
    found = _QUOTE.search(text)
    while found is not None:
        at = found.start()
        if found.group() == "#":
            line_end = _LINE_END.search(text, at)
            index = len(text) if line_end is None else line_end.start()
        else:
            index = _string_end(text, at, found.group())
            if _LINE_END.search(text, at, index):
                yield at, index
        found = _QUOTE.search(text, index)


def _fences(lines: Lines) -> tuple[list[int], list[int]]:
    """Return the lines that open a fence, three backquotes outside any string, and where each string that runs past its line starts."""
    strings = list(_long_strings(lines.text))
    fences: list[int] = []
    inside = 0  # the first string that may hold what follows
    for number in range(1, len(lines) + 1):
        line = lines.line(number)
        if not opens(line):
            continue
        at = lines.start(number) + len(line) - len(line.lstrip())
        while inside < len(strings) and strings[inside][1] <= at:
            inside += 1
        if inside == len(strings) or strings[inside][0] > at:
            fences.append(number)
    return fences, [start for start, _ in strings]


def _unfenced(lines: Lines) -> str | None:
    """Return the program *lines* hold in their one fenced block, lines before it blank; ``None`` if no fence opens.

    Raises:
        BindingGraphError: ``malformed_document`` for fences that do not
            make one block of Python, or a string outside the block that
            runs past its line, which could hide a fence.
    """
    fences, strings = _fences(lines)
    if not fences:
        return None
    opening = fences[0]
    where = Position(opening, 1)
    if len(fences) == 1:
        rule = "opens a fenced block that no line closes: a program is one block of Python, or no fence"
        raise refusal("malformed_document", where, rule)
    if len(fences) > 2:  # noqa: PLR2004 -- one that opens, one that closes
        rule = (
            f"opens the first of {len(fences) // 2 + len(fences) % 2} fenced blocks:"
            " a program is one block of Python, or no fence"
        )
        raise refusal("malformed_document", where, rule)
    closing = fences[1]
    block = range(lines.start(opening), lines.start(closing))
    for at in strings:
        if at not in block:
            rule = (
                "opens a string that runs past its line, outside the fenced block,"
                " where it could hide a fence: a program is one block of Python,"
                " or no fence"
            )
            raise refusal("malformed_document", lines.place(at), rule)
    named = language(lines.line(opening))
    if named.lower() not in _PYTHON:
        rule = f"opens a block of {short_repr(named)}: a program is a block of Python"
        raise refusal("malformed_document", where, rule)
    if not closes(lines.line(closing)):
        rule = "must close the fenced block with a line of backquotes alone"
        raise refusal("malformed_document", Position(closing, 1), rule)
    return "\n" * opening + lines.text[lines.start(opening + 1) : lines.start(closing)]


def _parsed(program: str) -> ast.Module:
    """Return the syntax tree of *program*; what the parser warns of is no concern of a reader that never runs it.

    Raises:
        SyntaxError, MemoryError, RecursionError, ValueError, OverflowError:
            as the parser raises them.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(program)


def _refused(error: Exception, lines: Lines) -> BindingGraphError:
    """Return the refusal of a program the parser refused with *error*."""
    if isinstance(error, SyntaxError):
        line = min(max(error.lineno or 1, 1), len(lines))
        column = min(max(error.offset or 1, 1), len(lines.line(line)) + 1)
        rule = (
            f"is not Python: {error.msg}; a program is Python code, alone or in"
            " one fenced block"
        )
        return refusal("malformed_document", Position(line, column), rule)
    if isinstance(error, (MemoryError, RecursionError)):
        rule = "is too complex for Python's parser: it nests too deeply"
        return refusal("limit_exceeded", None, rule)
    rule = f"is not Python: {short_repr(str(error))}"
    return refusal("malformed_document", None, rule)


def _bounded(program: str) -> None:
    """Refuse *program* if it holds more than :data:`MAX_OPERATORS` operators outside its strings and comments."""
    operators = _operators(program)
    if operators > MAX_OPERATORS:
        rule = (
            f"may hold at most {MAX_OPERATORS:,} operators, dots and brackets outside"
            f" its strings and comments; it holds {operators:,}"
        )
        raise refusal("limit_exceeded", None, rule)


_PARSER_ERRORS: Final = (
    SyntaxError,
    MemoryError,
    RecursionError,
    ValueError,
    OverflowError,
)


def parse(text: str, max_bytes: int) -> tuple[ast.Module, Lines]:
    """Return the syntax tree of the program *text* holds, and its lines; never run, compile or import it.

    A text that is Python is the program, whatever its strings hold;
    otherwise, the program is its one fenced block.

    Raises:
        BindingGraphError: ``limit_exceeded`` for a text above *max_bytes*
            bytes of UTF-8, a program of more than :data:`MAX_OPERATORS`
            operators, or one too complex for the parser;
            ``malformed_document`` for a text that holds a NUL, or fences
            that do not make one block of Python, or is not Python.
    """
    if len(text) > max_bytes or (
        len(text) * 4 > max_bytes and len(text.encode()) > max_bytes
    ):
        rule = f"may take at most {max_bytes:,} bytes of UTF-8; this one takes more"
        raise refusal("limit_exceeded", None, rule)
    lines = Lines(text)
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1
        rule = "holds a NUL character, which no Python program holds"
        raise refusal("malformed_document", Position(line, 1), rule)
    try:
        _bounded(text)
        return _parsed(text), lines
    except BindingGraphError as error:
        whole = error
    except _PARSER_ERRORS as error:
        whole = _refused(error, lines)
    program = _unfenced(lines)
    if program is None:
        raise whole
    _bounded(program)
    try:
        return _parsed(program), lines
    except _PARSER_ERRORS as error:
        raise _refused(error, lines) from None
