"""Programs read as drafts: what each statement becomes, every refusal at its line and column, and the value Python gives."""

from __future__ import annotations

import ast
from fractions import Fraction

import pytest

from binding_graph import BindingGraphError, SourceSpanLink
from binding_graph.arithmetic import answers
from binding_graph.drafts import (
    CALLS,
    DEFAULT_PROGRAM_BYTES,
    MAX_OPERATORS,
    PROGRAM_REPAIR_HEADER,
    compile_draft,
    from_program,
    program_refusals,
    python_value,
)
from binding_graph.errors import format_refusals
from tests._helpers import untyped

TEXT = (
    "Janet's ducks lay 16 eggs per day. She eats three for breakfast and bakes"
    " with four. She sells the rest for $2 per egg. How much does she make?"
)

PROGRAM = '''
def solution():
    """Janet's ducks lay 16 eggs per day."""
    laid = 16
    eaten = 3
    baked = 4
    price = 2
    days = 7
    left = laid - eaten - baked
    income = left * price
    return income
'''


def refused(
    program: str, text: str = TEXT, **arguments: object
) -> list[tuple[str, tuple[object, ...]]]:
    """Return the code and the path of every refusal of *program*."""
    return [
        (error.code, error.path)
        for error in program_refusals(program, text, limit=1000, **untyped(arguments))
    ]


def told(program: str, text: str = TEXT) -> list[str]:
    """Return the message of every refusal of *program*."""
    return [error.message for error in program_refusals(program, text, limit=1000)]


def function(*lines: str) -> str:
    """Return a program of one function whose body is *lines*."""
    return "def solution():\n" + "".join(f"    {line}\n" for line in lines)


def at(line: int, column: int) -> tuple[str, int, str, int]:
    """Return the path of the place of a program at *line* and *column*."""
    return ("line", line, "column", column)


class TestCompiling:
    """A program is compiled as its draft is: quantities, steps, a question."""

    def test_a_program_is_the_graph_of_its_draft(self) -> None:
        """Numbers the text states are quantities, quoting their first place; the rest are steps; the returned name is asked."""
        draft = {
            "quantities": [
                {"name": "laid", "quote": "16", "value": 16},
                {"name": "eaten", "quote": "three", "value": 3},
                {"name": "baked", "quote": "four", "value": 4},
                {"name": "price", "quote": "2", "value": 2},
            ],
            "steps": [
                {"name": "days", "expression": "7"},
                {"name": "left", "expression": "laid - eaten - baked"},
                {"name": "income", "expression": "left * price"},
            ],
            "question": {"name": "income", "quote": "How much does she make?"},
        }
        graph = from_program(PROGRAM, TEXT, source_id="p1")
        assert graph == compile_draft(
            draft, TEXT, source_id="p1", introduced_by="program"
        )
        assert answers(graph) == (Fraction(18),)
        assert [fact.source_span.start for fact in graph.facts] == [
            TEXT.index("16"),
            TEXT.index("three"),
            TEXT.index("four"),
            TEXT.index("$2") + 1,
        ]
        days = graph.equations[0]
        assert (days.rhs_canonical, days.dependencies, days.operation_kind) == (
            "7",
            frozenset(),
            "identity",
        )
        assert days.source_span == graph.provenance[0]

    def test_a_number_quotes_its_first_place_in_the_text(self) -> None:
        """A number's quote is the first place that states it, not the tail of another number."""
        text = "Ann packs 13 boxes, then 3 boxes, then 3 more. How many boxes?"
        graph = from_program(function("n = 3", "return n"), text, source_id="p")
        assert graph.facts[0].source_span == SourceSpanLink("p", 25, 26, "3")

    @pytest.mark.parametrize(
        ("literal", "text", "quote", "value"),
        [
            ("0.25", "It costs 25% more. How much?", "25%", "0.25"),
            ("2.50", "A pen costs $2.50. How much?", "2.50", "2.50"),
            (".5", "It takes half an hour. How long?", "half", "0.5"),
            ("5.", "It takes 5 hours. How long?", "5", "5.0"),
            ("1_000", "She earns 1,000 dollars. How much?", "1,000", "1000"),
            ("3", "She buys a dozen and 3 more. How many?", "3", "3"),
        ],
    )
    def test_a_number_is_valued_as_written_and_quoted_as_the_text_writes_it(
        self, literal: str, text: str, quote: str, value: str
    ) -> None:
        """A fact's value is the program's number, in the profile's form; its quote is the text's own spelling."""
        graph = from_program(
            function(f"n = {literal}", "return n"), text, source_id="p"
        )
        fact = graph.facts[0]
        assert (fact.source_span.text, fact.value) == (quote, value)

    def test_calls_leave_their_operand_as_it_is(self) -> None:
        """float() and int() of a whole number are no operation of the graph; round() is the profile's."""
        program = function(
            "eggs = 16",
            "half = float(eggs) / 2",
            "whole = int(half)",
            "rounded = round(whole * 3)",
            "return rounded",
        )
        text = "She has 16 eggs. How many?"
        graph = from_program(program, text, source_id="p")
        assert [eq.rhs_canonical for eq in graph.equations] == [
            "eggs / 2",
            "half",
            "round(whole * 3)",
        ]
        assert answers(graph) == (Fraction(24),)
        assert python_value(program) == 24
        assert frozenset({"float", "int", "round", "abs", "min", "max"}) == CALLS

    def test_docstrings_are_not_read(self) -> None:
        """The module's docstring and the function's are skipped, whatever they say."""
        program = '"""import os"""\n' + PROGRAM
        assert from_program(program, TEXT, source_id="p") == from_program(
            PROGRAM, TEXT, source_id="p"
        )

    def test_the_question_is_the_last_sentence_that_asks_or_the_words_given(
        self,
    ) -> None:
        """By default the unknown quotes the text's last sentence ending in '?'; question= gives other words."""
        text = "How odd? She has 16 eggs.\nHow many eggs does she have? Say."
        program = function("eggs = 16", "return eggs")
        graph = from_program(program, text, source_id="p")
        assert graph.unknowns[0].question_span.text == "How many eggs does she have?"
        asked = from_program(program, text, source_id="p", question="Say.")
        assert asked.unknowns[0].question_span == SourceSpanLink("p", 55, 59, "Say.")

    def test_a_text_that_asks_nothing(self) -> None:
        """Without '?' in the text, the question is its last sentence, at its own place; words given must occur once."""
        program = function("eggs = 16", "return eggs")
        text = "She has 16 eggs. Find them. Find them."
        assert refused(program, text) == []
        asked = from_program(program, text, source_id="p").unknowns[0].question_span
        assert (asked.text, asked.start, asked.end) == ("Find them.", 28, 38)
        assert refused(program, text, question="Find them.") == [
            ("ambiguous_quote", ("question",))
        ]
        assert refused(program, text, question="Lose them.") == [
            ("quote_not_found", ("question",))
        ]

    def test_a_program_in_one_fenced_block_of_a_reply(self) -> None:
        """Prose around one fenced block of Python is not read; lines keep their numbers."""
        reply = (
            "Here is the program:\r\n\r\n```Python\n"
            + PROGRAM
            + "```\nThe answer is 18, or so.\n"
        )
        assert from_program(reply, TEXT, source_id="p") == from_program(
            PROGRAM, TEXT, source_id="p"
        )
        wrong = reply.replace("laid = 16", "laid = eggs")
        assert refused(wrong, TEXT) == [("unknown_symbol", at(7, 12))]

    @pytest.mark.parametrize(
        ("reply", "path", "message"),
        [
            (
                "```\ndef solution():\n    return 1\n",
                at(1, 1),
                (
                    "Program line 1, column 1: opens a fenced block that no line"
                    " closes: a program is one block of Python, or no fence"
                ),
            ),
            (
                "```py\nx\n```\n\n```\ny\n```\n```",
                at(1, 1),
                (
                    "Program line 1, column 1: opens the first of 3 fenced blocks: a"
                    " program is one block of Python, or no fence"
                ),
            ),
            (
                "Hi.\n  ```json\n{}\n```",
                at(2, 1),
                (
                    "Program line 2, column 1: opens a block of 'json': a program is"
                    " a block of Python"
                ),
            ),
            (
                "```\nx = 1\n```python",
                at(3, 1),
                (
                    "Program line 3, column 1: must close the fenced block with a"
                    " line of backquotes alone"
                ),
            ),
        ],
    )
    def test_fences_that_make_no_block_of_python(
        self, reply: str, path: tuple[object, ...], message: str
    ) -> None:
        """A fence left open, several blocks, a block of another language or a closing fence with words are refused."""
        [error] = program_refusals(reply, TEXT)
        assert (error.code, error.path, error.message) == (
            "malformed_document",
            path,
            message,
        )

    def test_lines_as_python_counts_them_and_columns_in_characters(self) -> None:
        r"""A line ends at \r\n, \r or \n; a column counts characters, not bytes of UTF-8."""
        program = "def solution():\r\n    é = 3\r    ß = é ^ 2\n    return é"
        assert refused(program) == [("not_arithmetic", at(3, 9))]

    def test_from_program_is_deterministic(self) -> None:
        """Equal programs and texts give equal graphs, in the same order."""
        first = from_program(PROGRAM, TEXT, source_id="p")
        assert [s.symbol_id for s in first.symbols] == [
            "laid",
            "eaten",
            "baked",
            "price",
            "days",
            "left",
            "income",
        ]
        assert from_program(PROGRAM, TEXT, source_id="p") == first


def _refusals_of(
    table: list[tuple[str, list[tuple[str, tuple[object, ...]]]]],
) -> list[object]:
    return [
        pytest.param(program, expected, id=str(index))
        for index, (program, expected) in enumerate(table)
    ]


# Each program, and the code and path of each of its refusals, in order.
REFUSALS: list[tuple[str, list[tuple[str, tuple[object, ...]]]]] = [
    # The module: one function, and nothing else but a docstring.
    ("a = 16\nb = a * 2\nans = b", [("unsupported_syntax", ())]),
    ("   \n", [("unsupported_syntax", ())]),
    ("async def solution():\n    return 1", [("unsupported_syntax", ())]),
    (
        '"""doc"""\nimport os\n'
        + function("x = 1", "return x")
        + "print(solution())\ndef other():\n    pass",
        [
            ("unsupported_syntax", at(2, 1)),
            ("unsupported_syntax", at(6, 1)),
            ("unsupported_syntax", at(7, 1)),
        ],
    ),
    # The function's line: def NAME():, nothing more.
    (
        "@cache\ndef solution(a, *b, c=1, **d) -> int:\n    x = 1\n    return x",
        [
            ("unsupported_syntax", at(1, 2)),
            ("unsupported_syntax", at(2, 14)),
            ("unsupported_syntax", at(2, 34)),
        ],
    ),
    (
        "def solution(*, c):\n    x = 1\n    return x",
        [("unsupported_syntax", at(1, 17))],
    ),
    # The body: assignments, then one return, the last statement.
    (
        function("x = 1", "x @= 1", "y: int = 2", "print(x)", "return x", "z = 3"),
        [
            ("unsupported_syntax", at(3, 5)),
            ("unsupported_syntax", at(4, 5)),
            ("unsupported_syntax", at(5, 5)),
            ("unsupported_syntax", at(7, 5)),
        ],
    ),
    (
        function(
            "import os", "for day in range(7):", "    total = day", "return total"
        ),
        [("unsupported_syntax", at(2, 5)), ("unsupported_syntax", at(3, 5))],
    ),
    (function("x = 1"), [("unsupported_syntax", at(1, 1))]),
    (function("x = 1", "return x ** 0.5"), [("not_arithmetic", at(3, 12))]),
    (function("x = 1", "return"), [("unsupported_syntax", at(3, 5))]),
    # Names: each assigned once, before it is used.
    (function("y = x + 1", "x = 1", "return y"), [("unknown_symbol", at(2, 9))]),
    (function("y = q + 1", "return y"), [("unknown_symbol", at(2, 9))]),
    (function("x = 1", "return y"), [("unknown_symbol", at(3, 12))]),
    (
        function("a = b = 1", "c, d = 1, 2", "e.f = 1", "g = a + c + d", "return g"),
        [
            ("unsupported_syntax", at(2, 5)),
            ("unsupported_syntax", at(3, 5)),
            ("unsupported_syntax", at(3, 12)),
            ("unsupported_syntax", at(4, 5)),
        ],
    ),
    # Operators, comparisons and constants outside the profile.
    (
        function(
            "a = 2 ** 0.5",
            "b = 7 << 2",
            "c = 7 ^ 2",
            "d = +a",
            "e = not a",
            "f = ~a",
            "g = a if a else 1",
            "h = a < 1",
            "i = a and 1",
            "j = a @ a | a",
            "return a",
        ),
        [("not_arithmetic", at(line, 9)) for line in range(2, 12)],
    ),
    (
        function(
            "a = 'x'",
            "b = True",
            "c = None",
            "d = 1e6",
            "e = 0x10",
            "f = 3j",
            "g = ...",
            "return a",
        ),
        [("not_arithmetic", at(line, 9)) for line in range(2, 9)],
    ),
    # Expressions the reader does not read.
    (
        function(
            "a = [1]",
            "b = x.y",
            "c = a[0]",
            "d = lambda: 1",
            "e = [i for i in a]",
            "f = f'{a}'",
            "g = (h := 1)",
            "k = {1: 2}",
            "return a",
        ),
        [
            ("unsupported_syntax", at(2, 9)),
            ("unsupported_syntax", at(3, 9)),
            ("unsupported_syntax", at(4, 9)),
            ("unsupported_syntax", at(5, 9)),
            ("unsupported_syntax", at(6, 9)),
            ("unsupported_syntax", at(7, 9)),
            ("unsupported_syntax", at(8, 10)),
            ("unsupported_syntax", at(9, 9)),
        ],
    ),
    # Calls: the builtins of CALLS, Python's own, with the arguments they take.
    (
        function(
            "a = 7",
            "b = int(a / 2)",
            "c = round(a, a)",
            "d = abs(a, a)",
            "e = open('x').read()",
            "f = round(*[a])",
            "g = int(x=a)",
            "h = min(a)",
            "i = math.floor(a)",
            "j = math.sqrt(a)",
            "return a",
        ),
        [
            ("not_arithmetic", at(3, 9)),
            ("unsupported_syntax", at(4, 9)),
            ("unsupported_syntax", at(5, 9)),
            ("unsupported_syntax", at(6, 9)),
            ("unsupported_syntax", at(7, 9)),
            ("unsupported_syntax", at(8, 9)),
            ("unsupported_syntax", at(9, 9)),
            ("unsupported_syntax", at(10, 9)),
            ("unsupported_syntax", at(11, 9)),
        ],
    ),
    (function("int = 3", "a = int(2)", "return a"), [("unsupported_syntax", at(3, 9))]),
    (function("a = 1 / 0", "b = int(a)", "return b"), [("not_arithmetic", at(3, 9))]),
    # What the profile refuses of a number or an expression.
    (function("a = " + "9" * 301, "return a"), [("limit_exceeded", at(2, 9))]),
    (
        function("a = 1", "b = " + "+".join(["a"] * 250), "return b"),
        [("limit_exceeded", at(3, 9))],
    ),
    (
        function("a" * 60 + " = 1", "b = " + "+".join(["a" * 60] * 170), "return b"),
        [("limit_exceeded", at(3, 9))],
    ),
    # What is refused is not refused again where it is used.
    (
        function("def helper():", "    return 1", "x = helper()", "return x"),
        [("unsupported_syntax", at(2, 5)), ("unsupported_syntax", at(4, 9))],
    ),
    (
        function("a = open('x')", "b = a * 2", "c = int(b)", "return c"),
        [("unsupported_syntax", at(2, 9))],
    ),
    # Not Python.
    ("def solution(:\n    return 1", [("malformed_document", at(1, 14))]),
    ("def solution():\nreturn 1", [("malformed_document", at(2, 1))]),
    (function("x = 'one", "return x"), [("malformed_document", at(2, 9))]),
    (function('x = """one', "return x"), [("malformed_document", at(2, 9))]),
    (
        "The answer is:\ndef solution():\n    return 1",
        [("malformed_document", at(1, 5))],
    ),
    ("def solution():\n    x = 1\0\n    return x", [("malformed_document", at(2, 1))]),
]


class TestRefusals:
    """Each refusal of a program is told at its line and column, in the order of the program."""

    @pytest.mark.parametrize(("program", "expected"), _refusals_of(REFUSALS))
    def test_each_program_is_refused_where_it_leaves_the_whitelist(
        self, program: str, expected: list[tuple[str, tuple[object, ...]]]
    ) -> None:
        """Every refusal of the program, code and path, in order; from_program raises the first."""
        assert refused(program) == expected
        with pytest.raises(BindingGraphError) as info:
            from_program(program, TEXT, source_id="p")
        assert (info.value.code, info.value.path) == expected[0]

    def test_messages_say_where_what_and_why(self) -> None:
        """A message names the line and column, what is refused, and what the reader reads."""
        program = function(
            "import os",
            "eggs = open('eggs.txt').read()",
            "twice = eggs ^ 2",
            "half = int(eggs / 2)",
            "return half",
        )
        calls = (
            "a program calls only float(), int(), abs() and round() of one"
            " expression, round(x, n) of a whole number n written as one, min() and"
            " max() of two or more, and math.floor() and math.ceil() of one, after"
            " import math"
        )
        assert told(program) == [
            (
                "Program line 2, column 5: an import in the function is not read: the"
                " one import read is import math, for math.floor() and math.ceil()"
            ),
            f"Program line 3, column 12: a call of an attribute is not read: {calls}",
            (
                "Program line 4, column 13: '^' is outside the arithmetic profile: an"
                " expression computes with + - * / // % **, a unary - and parentheses"
            ),
        ]
        assert told(function("n = 7", "h = int(n / 2)", "return h")) == [
            (
                "Program line 3, column 9: int() of 3.5 is not read: int() is read only"
                " of a whole number, which it leaves as it is, and the arithmetic"
                " profile rounds with round(), math.floor() and math.ceil()"
            )
        ]
        assert told(function("n = 7", "h = math.floor(n / 2)", "return h")) == [
            (
                "Program line 3, column 9: a call of math.floor is not read: the"
                f" program does not import math: {calls}"
            )
        ]
        assert told(function("n = 7", "h = math.sqrt(n)", "return h")) == [
            f"Program line 3, column 9: a call of math.sqrt is not read: {calls}"
        ]
        assert told(function("n = 7", "h = min(n)", "return h")) == [
            f"Program line 3, column 9: min() of these arguments is not read: {calls}"
        ]
        assert told(function("int = 3", "a = int(2)", "return a")) == [
            (
                "Program line 3, column 9: a call of 'int' is not read: the program"
                " assigns 'int', so int() would call its value, not Python's int()"
            )
        ]
        assert told(function("y = x", "x = 1", "x = 2", "return y")) == [
            (
                "Program line 2, column 9: uses 'x', which only line 3 assigns, later:"
                " a name is used after its assignment"
            ),
        ]
        assert told(function("a = 'x' * 3", "return a")) == [
            (
                "Program line 2, column 9: 'x' is not a number: a number is written in"
                " decimal digits, such as 12 or 2.5"
            ),
        ]

    def test_a_name_nothing_assigns_lists_those_assigned_before_it(self) -> None:
        """A name no statement assigns is refused with the names assigned before it, the nearest first; or none."""
        program = function(
            "eggs = 16", "eaten = 3", "left = egs - eaten", "return left"
        )
        assert program_refusals(program, TEXT)[0].args == (
            "unknown_symbol",
            (
                "Program line 4, column 12: uses 'egs', which no statement of the"
                " function assigns: a name is used after its assignment, and the"
                " names assigned before it, nearest first, are 'eggs', 'eaten'"
            ),
            at(4, 12),
        )
        assert told(function("return eggs")) == [
            (
                "Program line 2, column 12: uses 'eggs', which no statement of the"
                " function assigns: a name is used after its assignment, and no name"
                " is assigned before it"
            )
        ]

    def test_format_refusals_tells_them_to_a_model(self) -> None:
        """The refusals of a program read as a list to act on, under the program's header."""
        text = format_refusals(
            program_refusals(function("x = 1", "y = x << 2", "return z"), TEXT),
            header=PROGRAM_REPAIR_HEADER,
        )
        assert text == (
            "The program was refused. Correct each problem below (WHERE: WHAT"
            " [CODE]) and send the whole program again.\n"
            "- line[3].column[9]: Program line 3, column 9: '<<' is outside the"
            " arithmetic profile: an expression computes with + - * / // % **, a"
            " unary - and parentheses [not_arithmetic]\n"
            "- line[4].column[12]: Program line 4, column 12: uses 'z', which no"
            " statement of the function assigns: a name is used after its"
            " assignment, and the names assigned before it, nearest first, are 'x',"
            " 'y' [unknown_symbol]"
        )

    def test_the_list_is_cut_at_the_limit(self) -> None:
        """Past the limit, the last entry counts the refusals left out."""
        program = function(
            *(f"x{index} = {index} ^ 2" for index in range(10)), "return x0"
        )
        found = program_refusals(program, TEXT, limit=4)
        assert [error.code for error in found] == ["not_arithmetic"] * 3 + [
            "limit_exceeded"
        ]
        assert found[-1].message == (
            "7 more refusals of this program are not listed: at most 4 entries"
            " are, this one included"
        )


class TestLimits:
    """A program is bounded before any parser sees it; what the parser cannot take is refused."""

    def test_a_program_above_its_bytes(self) -> None:
        """A program of more bytes of UTF-8 than max_bytes is refused whole."""
        assert refused(PROGRAM, max_bytes=len(PROGRAM) - 1) == [("limit_exceeded", ())]
        wide = PROGRAM.replace("Janet", "Jänet" * 40)
        size = len(wide.encode())
        assert len(wide) < size
        assert refused(wide, max_bytes=size - 1) == [("limit_exceeded", ())]
        assert refused(wide, max_bytes=size) == []
        assert told(PROGRAM.replace("16", "1" * 70_000)) == [
            (
                f"Program may take at most {DEFAULT_PROGRAM_BYTES:,} bytes of UTF-8;"
                " this one takes more"
            )
        ]

    def test_operators_outside_strings_and_comments_are_counted(self) -> None:
        """Past MAX_OPERATORS operators, dots and brackets in code, a program is refused; strings and comments do not count."""
        chain = function(
            "a = 1", "b = " + "+".join(["a"] * (MAX_OPERATORS + 1)), "return b"
        )
        assert told(chain) == [
            (
                f"Program may hold at most {MAX_OPERATORS:,} operators, dots and"
                f" brackets outside its strings and comments; it holds {MAX_OPERATORS + 1:,}"
            )
        ]
        quiet = (
            f'"""{"." * 2000}"""\n'
            f"# {'(' * 2000}\n"
            f"x = r'\\'{'-' * 2000}' + '''a\\'''{'*' * 2000}'''\n"
            f"y = 'a\\\r\n{'+' * 2000}'\n" + PROGRAM
        )
        assert refused(quiet) == [
            ("unsupported_syntax", at(3, 1)),
            ("unsupported_syntax", at(4, 1)),
        ]

    def test_after_a_formatted_string_everything_counts(self) -> None:
        """From the first f-string on, strings and comments count too: its braces hold code."""
        program = f"x = f'{{1}}'\n# {'.' * MAX_OPERATORS}\n" + PROGRAM
        assert refused(program) == [("limit_exceeded", ())]
        keyword = f"x = 1 if'a' else 2\n# {'.' * MAX_OPERATORS}\n" + PROGRAM
        assert refused(keyword) == [("limit_exceeded", ())]

    def test_what_the_parser_finds_too_deep(self) -> None:
        """A program too complex for Python's parser is refused, whole."""
        program = function("x = " + "not " * 10_000 + "1", "return x")
        assert told(program) == [
            "Program is too complex for Python's parser: it nests too deeply"
        ]

    @pytest.mark.parametrize(
        ("raised", "code", "message"),
        [
            (
                RecursionError("deep"),
                "limit_exceeded",
                "Program is too complex for Python's parser: it nests too deeply",
            ),
            (ValueError("odd"), "malformed_document", "Program is not Python: 'odd'"),
            (
                OverflowError("big"),
                "malformed_document",
                "Program is not Python: 'big'",
            ),
        ],
    )
    def test_every_error_of_the_parser_is_a_refusal(
        self,
        monkeypatch: pytest.MonkeyPatch,
        raised: Exception,
        code: str,
        message: str,
    ) -> None:
        """Whatever else the parser raises on some Python is refused, never let through."""

        def parse(*_: object, **__: object) -> ast.Module:
            raise raised

        monkeypatch.setattr(ast, "parse", parse)
        [error] = program_refusals(PROGRAM, TEXT)
        assert (error.code, error.path, error.message) == (code, (), message)

    def test_warnings_of_the_parser_are_not_shown(self) -> None:
        """An escape sequence the parser warns of is no concern of a reader: the docstring is skipped."""
        program = PROGRAM.replace('"""Janet', '"""\\d Janet')
        assert from_program(program, TEXT, source_id="p") == from_program(
            PROGRAM, TEXT, source_id="p"
        )

    def test_a_number_of_the_text_beyond_the_profile(self) -> None:
        """A text that states a number of more than 300 digits cannot be quoted: refused at the text."""
        text = f"She has {'9' * 301} eggs. How many?"
        assert refused(function("n = 3", "return n"), text) == [
            ("limit_exceeded", ("text",))
        ]


class TestArguments:
    """What is not the program is refused at once, at its argument; the program's own type is its one refusal."""

    @pytest.mark.parametrize(
        ("changes", "code", "path"),
        [
            ({"text": 3}, "wrong_type", ("text",)),
            ({"source_id": " "}, "empty_text", ("source_id",)),
            ({"introduced_by": "\ud800"}, "invalid_text", ("introduced_by",)),
            ({"question": ""}, "empty_text", ("question",)),
            ({"max_bytes": "1"}, "wrong_type", ("max_bytes",)),
        ],
    )
    def test_an_argument_is_refused_at_it(
        self, changes: dict[str, object], code: str, path: tuple[str, ...]
    ) -> None:
        """A text, source id, introducer, question or size of the wrong kind raises its refusal."""
        arguments: dict[str, object] = {"text": TEXT, "source_id": "p", **changes}
        text = arguments.pop("text")
        with pytest.raises(BindingGraphError) as info:
            from_program(PROGRAM, untyped(text), **untyped(arguments))
        assert (info.value.code, info.value.path) == (code, path)
        with pytest.raises(BindingGraphError) as again:
            program_refusals(PROGRAM, untyped(text), **untyped(arguments))
        assert (again.value.code, again.value.path) == (code, path)

    @pytest.mark.parametrize(
        ("source", "code"),
        [
            (b"def solution(): pass", "wrong_type"),
            ("", "empty_text"),
            ("x = '\ud800'", "invalid_text"),
        ],
    )
    def test_a_program_that_is_no_text(self, source: object, code: str) -> None:
        """A program that is not a str, empty, or not encodable is its one refusal, at source."""
        assert refused(untyped(source)) == [(code, ("source",))]
        with pytest.raises(BindingGraphError) as info:
            python_value(untyped(source))
        assert (info.value.code, info.value.path) == (code, ("source",))

    @pytest.mark.parametrize("limit", [1, "2", True])
    def test_a_limit_is_an_int_of_at_least_2(self, limit: object) -> None:
        """program_refusals refuses a limit below 2, or not an int."""
        with pytest.raises(BindingGraphError) as info:
            program_refusals(PROGRAM, TEXT, limit=untyped(limit))
        assert (info.value.code, info.value.path) == ("wrong_type", ("limit",))
        assert info.value.message.startswith("program_refusals.limit must be")


class TestPythonValue:
    """python_value computes what Python would, without running the program."""

    @pytest.mark.parametrize(
        ("lines", "value"),
        [
            (
                ["a = 123456789012345678901234567890", "b = a * a - 1"],
                123456789012345678901234567890**2 - 1,
            ),
            (["a = 0.1", "b = a + 0.2"], 0.1 + 0.2),
            (["a = 7", "b = a / 2"], 3.5),
            (["a = 6", "b = a / 3"], 2.0),
            (["a = 3", "b = -a * 2.5"], -7.5),
            (["a = 6.0", "b = int(a)"], 6),
            (["a = 7.0", "b = round(a) + float(2)"], 9.0),
            (["a = 7", "b = round(a)"], 7),
            (["a = 1 / 3", "b = a * 3"], 1.0),
        ],
    )
    def test_each_operation_as_python_does_it(
        self, lines: list[str], value: float
    ) -> None:
        """Ints exact, a point a float, / a float, the calls as Python's own."""
        computed = python_value(function(*lines, "return b"))
        assert (computed, type(computed)) == (value, type(value))

    @pytest.mark.parametrize(
        ("lines", "code", "path"),
        [
            (["a = 0", "b = 1 / a"], "division_by_zero", at(3, 9)),
            (["a = 0.0", "b = 2.5 / a"], "division_by_zero", at(3, 9)),
            (
                ["a = " + "9" * 300, "c = a * a", "b = float(c)"],
                "limit_exceeded",
                at(4, 9),
            ),
            (
                ["a = " + "9" * 300, "c = a * a", "b = c / 3"],
                "limit_exceeded",
                at(4, 9),
            ),
            (
                ["a = " + "9" * 300, "c = a * a", "b = c + 0.5"],
                "limit_exceeded",
                at(4, 9),
            ),
            (["a = " + "9" * 300, "b = a * a * a * a * a"], "limit_exceeded", at(3, 9)),
            (
                ["a = " + "9" * 300 + ".", "c = a * a", "b = int(c)"],
                "limit_exceeded",
                at(4, 9),
            ),
            (["a = 0.1 + 0.2 - 0.3", "b = int(a)"], "not_arithmetic", at(3, 9)),
            (["a = 1", "b = a ** 0.5"], "not_arithmetic", at(3, 9)),
        ],
    )
    def test_what_python_would_raise_is_refused(
        self, lines: list[str], code: str, path: tuple[object, ...]
    ) -> None:
        """ZeroDivisionError, OverflowError, an int too large, int() of a float that misses its whole number: refused."""
        with pytest.raises(BindingGraphError) as info:
            python_value(function(*lines, "return b"))
        assert (info.value.code, info.value.path) == (code, path)

    def test_a_float_that_misses_a_whole_number_is_told(self) -> None:
        """int() of a float that Python computes beside the exact whole number says so."""
        with pytest.raises(BindingGraphError) as info:
            python_value(function("a = 0.1 + 0.2 - 0.3", "b = int(a)", "return b"))
        assert info.value.message == (
            "Program line 3, column 9: int() of 5.551115123125783e-17 is not read:"
            " int() is read only of a whole number, which it leaves as it is, and"
            " Python computes this one as a float that is not whole"
        )

    def test_the_exact_value_and_python_s(self) -> None:
        """The graph's answer is exact; python_value is the float Python gives the same program."""
        program = function("a = 0.1", "b = a * 3", "return b")
        graph = from_program(program, "It costs 0.1 dollars. How much?", source_id="p")
        assert answers(graph) == (Fraction(3, 10),)
        assert python_value(program) == 0.30000000000000004
