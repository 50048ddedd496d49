"""The streaming checker of programs: a program fed a chunk at a time, each refusal told once no later line can change it, and the same as the whole program's."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph.drafts import ProgramChecker, from_program, program_refusals
from binding_graph.drafts._program.words import FUNCTION
from tests._helpers import code_and_path, untyped

if TYPE_CHECKING:
    from binding_graph import BindingGraphError

TEXT: Final = (
    "Janet's ducks lay 16 eggs per day. She eats three for breakfast and bakes"
    " with four. She sells the rest for $2 per egg. How much does she make?"
)
BODY: Final = (
    "laid = 16",
    "eaten = 3",
    "baked = 4",
    "price = 2",
    "left = laid - eaten - baked",
    "income = left * price",
)

Told = tuple[str, tuple[object, ...], str]


def not_read(line: int, what: str, column: int = 5) -> Told:
    """Return the refusal of the statement *what* at *line*, which the reader does not read."""
    message = f"Program line {line}, column {column}: {what} is not read: {FUNCTION}"
    return ("unsupported_syntax", ("line", line, "column", column), message)


def told(errors: tuple[BindingGraphError, ...]) -> list[Told]:
    """Return *errors* as codes, paths and messages."""
    return [(error.code, error.path, error.message) for error in errors]


def fenced(*lines: str, before: str = "Here it is:\n", fence: str = "```python") -> str:
    """Return a reply of words, then a fenced block of one function whose body is *lines*, closed."""
    body = "".join(f"    {line}\n" if line else "\n" for line in lines)
    return f"{before}{fence}\ndef solution():\n{body}```\n"


def lines_of(reply: str) -> list[str]:
    """Return *reply* cut after each line end, the chunks a model's stream gives line by line."""
    return reply.splitlines(keepends=True)


def fed(reply: str, pieces: list[str] | None = None) -> list[list[Told]]:
    """Return what a checker of *reply* tells at each of *pieces* (its lines, by default), then at close."""
    checker = ProgramChecker(TEXT, source_id="p1")
    said = [told(checker.feed(piece)) for piece in pieces or lines_of(reply)]
    return [*said, told(checker.close())]


def whole(reply: str) -> list[Told]:
    """Return what program_refusals lists for the whole reply."""
    return told(program_refusals(reply, TEXT, limit=10**6))


class TestProgramChecker:
    """A statement's refusals are told once the next statement starts, and close tells the rest."""

    def test_a_loop_is_told_as_the_next_statement_starts(self) -> None:
        """The loop is certain when a line at the body's indentation follows its block."""
        reply = fenced(
            *BODY[:4],
            "for day in range(7):",
            "    laid = laid + 1",
            *BODY[4:],
            "return income",
        )
        said = fed(reply)
        # Lines 8 and 9 are the loop (said[7], said[8]); line 10 starts the next statement.
        assert said[8] == []
        assert said[9] == [not_read(8, "a loop")]
        assert said[-1] == []
        assert [*itertools.chain(*said)] == whole(reply)

    def test_a_statement_before_the_closing_fence_is_told_at_the_fence(self) -> None:
        """The closing fence ends the last statement: its refusal is told there."""
        reply = fenced(*BODY, "return income << 2")
        said = fed(reply)
        ((code, path, message),) = said[-2]
        assert (code, path) == ("not_arithmetic", ("line", 10, "column", 12))
        assert message.startswith(
            "Program line 10, column 12: '<<' is outside the arithmetic profile: "
        )
        assert said[-1] == []
        assert said[-2] == whole(reply)

    def test_what_a_later_line_may_change_is_told_at_close(self) -> None:
        """A name not assigned before, a call of a function the reader knows, an attribute: close() tells them."""
        reply = fenced(
            "laid = 16",
            "gone = later + 1",
            "kept = int(laid // 2)",
            "pi = math.pi",
            "printed = print(laid)",
            "later = 3",
            "int = 2",
            "return laid",
        )
        said = fed(reply)
        early = [*itertools.chain(*said[:-1])]
        assert [(code, path) for code, path, _ in early] == [
            ("unsupported_syntax", ("line", 8, "column", 15)),
        ]
        assert early[0][2].startswith(
            "Program line 8, column 15: a call of 'print' is not read: a program"
            " calls only float(), int(), "
        )
        assert sorted(early + said[-1]) == sorted(whole(reply))
        assert [(code, path) for code, path, _ in said[-1]] == [
            ("unknown_symbol", ("line", 5, "column", 12)),
            ("unsupported_syntax", ("line", 6, "column", 12)),
            ("unsupported_syntax", ("line", 7, "column", 10)),
        ]

    def test_statements_after_the_return_and_on_one_line(self) -> None:
        """A statement after the return, and two statements of one line, are each told once."""
        reply = fenced(*BODY, "return income", "x = 1; import os", "")
        said = [*itertools.chain(*fed(reply)[:-1])]
        after = f"after the return is never reached, and not read: {FUNCTION}"
        assert said == [
            (
                "unsupported_syntax",
                ("line", 11, "column", 5),
                f"Program line 11, column 5: an assignment {after}",
            ),
            (
                "unsupported_syntax",
                ("line", 11, "column", 12),
                f"Program line 11, column 12: an import {after}",
            ),
        ]
        assert said == whole(reply)

    def test_a_docstring_is_read_only_first(self) -> None:
        """A string first in the body, past blank lines, is its docstring; a string later is a statement."""
        reply = fenced("", '"""Eggs."""', *BODY, '"""More."""', "return income")
        said = [*itertools.chain(*fed(reply)[:-1])]
        assert said == [not_read(12, "an expression statement")]
        assert said == whole(reply)

    def test_compound_statements_are_read_whole(self) -> None:
        """An if and its else, a try and its except, lines joined by brackets or a backslash: each read once whole."""
        reply = fenced(
            "laid = 16",
            "if laid > 3:",
            "    laid = 1",
            "else:",
            "    laid = 2",
            "try:",
            "    pass",
            "except ValueError:",
            "    pass",
            "total = (laid +",
            "laid)",
            "more = laid + \\",
            "    laid",
            "return total",
        )
        said = fed(reply)
        assert said[8] == [not_read(5, "an if statement")]
        assert said[12] == [not_read(9, "a try statement")]
        assert [*itertools.chain(*said)] == whole(reply)

    def test_close_builds_the_graph_of_a_sound_program(self) -> None:
        """A sound program tells nothing, and close() builds the graph from_program builds."""
        reply = fenced(*BODY, "return income")
        checker = ProgramChecker(TEXT, source_id="p1")
        for piece in lines_of(reply):
            assert checker.feed(piece) == ()
        before = checker.graph
        assert checker.close() == ()
        assert before is None
        assert checker.graph == from_program(reply, TEXT, source_id="p1")
        assert checker.close() == ()
        assert checker.refusals == ()

    def test_refusals_holds_every_refusal_told(self) -> None:
        """The refusals property holds what feed and close told, in order."""
        reply = fenced("import os", *BODY, "return income")
        checker = ProgramChecker(TEXT, source_id="p1")
        early = [error for piece in lines_of(reply) for error in checker.feed(piece)]
        late = checker.close()
        assert checker.refusals == (*early, *late)
        assert told(checker.refusals) == whole(reply)

    def test_nothing_is_fed_after_close(self) -> None:
        """A chunk after close(), or a chunk that is not a str, is refused at it."""
        checker = ProgramChecker(TEXT, source_id="p1")
        assert code_and_path(checker.feed, untyped(b"def")) == (
            "wrong_type",
            ("chunk",),
        )
        checker.close()
        assert code_and_path(checker.feed, "def") == ("wrong_type", ("chunk",))

    def test_arguments_are_refused_at_once(self) -> None:
        """The text, the question and the limit are checked as program_refusals checks them."""
        assert code_and_path(ProgramChecker, "", source_id="p1") == (
            "empty_text",
            ("text",),
        )
        assert code_and_path(
            ProgramChecker, TEXT, source_id="p1", question=untyped(3)
        ) == ("wrong_type", ("question",))
        assert code_and_path(
            ProgramChecker, TEXT, source_id="p1", max_bytes=untyped("1")
        ) == ("wrong_type", ("max_bytes",))


class TestUntilTheBlockOpens:
    """Nothing is told of lines that may not be the program: close() tells the whole's refusals."""

    @pytest.mark.parametrize(
        "reply",
        [
            # No fence yet: a fenced block may follow, and be the program.
            fenced("import os", *BODY, "return income", before="", fence="#"),
            # A block of another language: the reply is refused whole.
            fenced("import os", *BODY, "return income", fence="```js"),
            # A string before the fence that runs past its line could hide one.
            fenced("import os", *BODY, "return income", before="'''Note\n'''\n"),
            # A fence that a string holds opens nothing.
            fenced("import os", *BODY, "return income", before="x = '''\n```\n"),
            # Two blocks: the reply is refused whole.
            fenced("import os", *BODY, "return income", before="```\n```\n"),
            # A def in a string is not the function.
            fenced("import os", *BODY, "return income", fence="```\nx = '''"),
        ],
    )
    def test_lines_that_may_not_be_the_program(self, reply: str) -> None:
        """Each line is fed: nothing is told before close(), which tells the whole's."""
        said = fed(reply)
        assert [*itertools.chain(*said[:-1])] == []
        assert said[-1] == whole(reply)
        assert said[-1] != []

    def test_looks_at_fences_in_strings_are_few(self) -> None:
        """Past a few lines that open with a fence inside a string, no fence is looked for."""
        held = "x = '''\n" + "```\n" * 8 + "'''\n"
        reply = fenced("import os", *BODY, "return income", before=held)
        said = fed(reply)
        assert [*itertools.chain(*said[:-1])] == []
        assert said[-1] == whole(reply)

    def test_looks_at_defs_in_strings_are_few(self) -> None:
        """Past a few lines that open with def inside a string, no function is looked for."""
        held = "x = '''\n" + "def solution():\n" * 8 + "'''\n"
        reply = f"```python\n{held}def solution():\n    import os\n    return 1\n```\n"
        said = fed(reply)
        assert [*itertools.chain(*said[:-1])] == []
        assert said[-1] == whole(reply)

    @pytest.mark.parametrize(
        ("lines", "early"),
        [
            # The function ends at a line of no indentation; what follows is not told.
            (("    import os", "    return 1"), [3]),
            # A body that starts at no indentation is no body.
            ((), []),
            # A dedent to an indentation the body does not have.
            (("    import os", "  import sys", "    return 1"), [3]),
        ],
    )
    def test_where_the_function_ends(
        self, lines: tuple[str, ...], early: list[int]
    ) -> None:
        """Past the function's end, nothing more is told."""
        body = "".join(f"{line}\n" for line in lines)
        reply = f"```python\ndef solution():\n{body}import os\nx = 1\n```\n"
        said = fed(reply)
        told_early = [*itertools.chain(*said[:-1])]
        assert [path[1] for _, path, _ in told_early] == early
        assert [path[1] for _, path, _ in said[-1]] != []

    def test_a_statement_that_never_parses_is_not_waited_for(self) -> None:
        """Past a long statement that does not parse, nothing more is told."""
        reply = fenced("y = (1 +", *(["1 +"] * 3000), "import os", "return y")
        said = fed(reply)
        assert [*itertools.chain(*said[:-1])] == []
        assert said[-1] == whole(reply)

    @pytest.mark.parametrize(
        ("reply", "early"),
        [
            (
                fenced("pass", "x = 1", "y = 2\0", "return x"),
                [not_read(4, "a pass statement")],
            ),
            (fenced("import os", "x = 1", "return x", before="é" * 40_000), []),
        ],
    )
    def test_a_reply_refused_whole_tells_nothing_more(
        self, reply: str, early: list[Told]
    ) -> None:
        """A NUL, or more than max_bytes: the whole is refused, and close() says so."""
        said = fed(reply)
        assert [*itertools.chain(*said[:-1])] == early
        assert said[-1] == whole(reply)
        assert [code for code, _, _ in said[-1]] in (
            ["malformed_document"],
            ["limit_exceeded"],
        )

    def test_a_line_end_cut_between_its_characters(self) -> None:
        r"""A \r at a chunk's end waits for the next chunk: \r\n is one line end."""
        reply = fenced("pass", "x = 1", "return x").replace("\n", "\r\n")
        pieces = [p for line in lines_of(reply) for p in (line[:-1], line[-1])]
        said = fed(reply, pieces)
        assert [*itertools.chain(*said)] == whole(reply)
        assert said[9] == [not_read(4, "a pass statement")]


# Statements a model writes, sound and refused; each parses in a body.
POOL: Final = (
    *((line,) for line in BODY),
    ("for day in range(7):", "    laid = laid + 1"),
    ("import math",),
    ("print(laid)",),
    ("half = laid // 2",),
    ("word = 'a'",),
    ("whole = int(laid)",),
    ("gone = undefined + 1",),
    ("if laid > 3:", "    laid = 1", "else:", "    laid = 2"),
    ("joined = (laid +", "    eaten)"),
    ('"""A docstring."""',),
    ("# a comment",),
    ("",),
    ("floor = math.floor(laid)",),
    ("odd = print(laid) // 2",),
    ("pair = [1, 2]",),
    ("a = b = 3",),
    ("laid += 1",),
    ("laid //= 2",),
    ("rounded = round(laid, 2)",),
    ("return",),
    ("return income",),
    ("one = 1; import os",),
    ("quoted = '''", "```", "'''"),
    ("int = 3",),
    ("cut = int(laid // 2)",),
    ("try:", "    pass", "except ValueError:", "    pass"),
    ("sum_ = 1 + \\", "    2"),
    ("__debug__ = 1",),
    ("return income * 2",),
    ("smaller = min(laid, eaten)",),
    ("floored = math.floor(laid / 3)",),
    ("squared = laid ** 2",),
    ("math = 2",),
    ("from math import floor",),
    ("shifted = laid << 2",),
)
# What may stand before the function: its imports, or what binds a name.
HEADS: Final = ("", "import math\n", "import os\n", "math = 3\n")
# What may follow the function, and break the reply.
TAILS: Final = ("", "print(solution())\n", "x = (\n", "```python\n", "  oops\n")


@st.composite
def programs(draw: st.DrawFn, *, tails: bool) -> str:
    """Draw a reply of one program of statements of POOL, fenced or not; with *tails*, maybe broken after the function."""
    body = [
        line
        for entry in draw(st.lists(st.sampled_from(POOL), max_size=9))
        for line in entry
    ]
    if draw(st.booleans()):
        body.append("return income")
    source = (
        draw(st.sampled_from(HEADS))
        + "def solution():\n"
        + "".join(f"    {line}\n" if line else "\n" for line in body)
    )
    source += draw(st.sampled_from(TAILS)) if tails else ""
    if draw(st.integers(0, 4)):
        before = draw(st.sampled_from(["", "Here it is:\n", "It's simple:\n"]))
        fence = draw(st.sampled_from(["```python\n", "```\n", "```py\n"]))
        source = f"{before}{fence}{source}```\n" + draw(st.sampled_from(["", "Done."]))
    return source


def cut(draw: st.DataObject, reply: str) -> list[str]:
    """Draw a cutting of *reply* into chunks, of any sizes."""
    cuts = sorted(draw.draw(st.lists(st.integers(0, len(reply)), max_size=12)))
    bounds = [0, *cuts, len(reply)]
    return [reply[start:end] for start, end in itertools.pairwise(bounds)]


class TestWhateverTheChunks:
    """Fed in any chunks, the checker tells only what the whole program has."""

    @settings(max_examples=150)
    @given(programs(tails=False), st.data())
    def test_a_program_tells_the_whole_programs_refusals(
        self, reply: str, data: st.DataObject
    ) -> None:
        """Those told early are the whole's; close() tells the others, in the whole's order; a sound program, none."""
        checker = ProgramChecker(TEXT, source_id="p1")
        early = [error for piece in cut(data, reply) for error in checker.feed(piece)]
        late = checker.close()
        expected = whole(reply)
        assert all(error in expected for error in told(tuple(early)))
        assert told(late) == [
            error for error in expected if error not in told(tuple(early))
        ]
        assert sorted(told((*early, *late))) == sorted(expected)
        assert (checker.graph is None) == bool(expected)

    @settings(max_examples=150)
    @given(programs(tails=True), st.data())
    def test_a_refusal_told_early_is_certain(
        self, reply: str, data: st.DataObject
    ) -> None:
        """Whatever follows the lines it is told of, a reply told a refusal early is refused; close() tells the whole's."""
        checker = ProgramChecker(TEXT, source_id="p1")
        early = [error for piece in cut(data, reply) for error in checker.feed(piece)]
        late = checker.close()
        expected = whole(reply)
        assert not early or expected
        assert told(late) == [
            error for error in expected if error not in told(tuple(early))
        ]


class TestQuestion:
    """The question option is the whole program's, as from_program takes it."""

    def test_a_question_without_a_question_mark(self) -> None:
        """With question=, a text whose question ends in no '?' gives its graph."""
        text = TEXT.replace("make?", "make.")
        asked = "How much does she make."
        reply = fenced(*BODY, "return income")
        checker = ProgramChecker(text, source_id="p1", question=asked)
        assert [checker.feed(piece) for piece in lines_of(reply)] == [()] * 11
        assert checker.close() == ()
        assert checker.graph == from_program(
            reply, text, source_id="p1", question=asked
        )
        # Without it, the question is the text's last sentence.
        without = ProgramChecker(text, source_id="p1")
        without.feed(reply)
        assert without.close() == ()
        assert without.graph is not None
        assert without.graph.unknowns[0].question_span.text == asked
