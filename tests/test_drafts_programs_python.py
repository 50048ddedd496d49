"""A program is read only as Python would run it: a name the program gives another meaning is refused, never guessed, and text inside a string is never the program."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.drafts import (
    CALLS,
    MAX_OPERATORS,
    from_program,
    program_refusals,
    python_value,
)

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

TEXT: Final = "Ann has 3 boxes of 12 pens. How many pens?"

Refusal = tuple[str, tuple[object, ...], str]


def listed(program: str) -> list[Refusal]:
    """Return the code, the path and the message of every refusal of *program*."""
    return [
        (error.code, error.path, error.message)
        for error in program_refusals(program, TEXT, limit=1000)
    ]


def raised(program: str) -> Refusal:
    """Return the refusal python_value raises of *program*."""
    with pytest.raises(BindingGraphError) as info:
        python_value(program)
    return (info.value.code, info.value.path, info.value.message)


def at(line: int, column: int) -> tuple[str, int, str, int]:
    """Return the path of the place of a program at *line* and *column*."""
    return ("line", line, "column", column)


def runs(program: str, name: str) -> object:
    """Return what Python's own run of *program*, a test's arithmetic, makes of a call of *name*, or the exception's type."""
    namespace: dict[str, object] = {}
    try:
        exec(compile(program, "<test>", "exec"), namespace)  # noqa: S102 -- the test's own arithmetic, to hold the reader to Python
        function = namespace[name]
        assert callable(function)
        return function()
    except (TypeError, SyntaxError) as error:
        return type(error)


class TestNamesTheProgramBinds:
    """A call of float, int or round that the program binds itself is refused where it stands: Python would not call its own."""

    @pytest.mark.parametrize("name", sorted(CALLS))
    def test_the_function_s_own_name(self, name: str) -> None:
        """A function named int, float or round that calls it calls itself: Python raises TypeError; the call is refused."""
        program = f"def {name}():\n    x = 3.0\n    y = {name}(x)\n    return y\n"
        assert runs(program, name) is TypeError
        refused = (
            "unsupported_syntax",
            at(3, 9),
            (
                f"Program line 3, column 9: a call of {name!r} is not read: the"
                f" function is named {name!r}, so {name}() would call the function"
                f" itself, not Python's {name}()"
            ),
        )
        assert listed(program) == [refused]
        assert raised(program) == refused
        with pytest.raises(BindingGraphError) as info:
            from_program(program, TEXT, source_id="p")
        assert (info.value.code, info.value.path) == refused[:2]

    def test_a_function_so_named_that_calls_none_of_them(self) -> None:
        """The name alone changes nothing: a function named int that calls no int() is read."""
        program = "def int():\n    x = 3.0\n    y = round(x)\n    return y\n"
        assert runs(program, "int") == 3
        assert python_value(program) == 3

    def test_names_bound_outside_the_function(self) -> None:
        """An assignment, an import or a class at the top binds a name of the module, which a call in the function finds first."""
        program = (
            "round = abs\n"
            "from math import floor as int\n"
            "class float: pass\n"
            "def solution():\n"
            "    x = 3.5\n"
            "    y = round(x) + int(x) + float(x)\n"
            "    return y\n"
        )
        outside = "is not read: a program is one function, def NAME():, of assignments NAME = EXPRESSION (or +=, -=, *=, /=, //=, %=, **=) and a last return EXPRESSION"
        assert listed(program) == [
            (
                "unsupported_syntax",
                at(1, 1),
                f"Program line 1, column 1: an assignment outside the function {outside}",
            ),
            (
                "unsupported_syntax",
                at(2, 1),
                (
                    "Program line 2, column 1: an import outside the function is not"
                    " read: the one import read is import math, for math.floor() and"
                    " math.ceil()"
                ),
            ),
            (
                "unsupported_syntax",
                at(3, 1),
                f"Program line 3, column 1: a class definition outside the function {outside}",
            ),
            *(
                (
                    "unsupported_syntax",
                    at(6, column),
                    (
                        f"Program line 6, column {column}: a call of {name!r} is not"
                        f" read: the program binds {name!r} outside the function, so"
                        f" {name}() would call what it binds there, not Python's {name}()"
                    ),
                )
                for column, name in ((9, "round"), (20, "int"), (29, "float"))
            ),
        ]

    @pytest.mark.parametrize(
        ("program", "refusals"),
        [
            pytest.param(
                "def solution(int=2):\n    x = 3.0\n    y = int(x)\n    return y\n",
                [at(1, 14), at(3, 9)],
                id="a parameter",
            ),
            pytest.param(
                "def solution():\n    x = 3.0\n    y = (int := 2)\n    z = int(x)\n    return z\n",
                [at(3, 10), at(4, 9)],
                id="an assignment expression",
            ),
            pytest.param(
                "def solution():\n    x = 3.0\n    y = int(x)\n    int = 2\n    return y\n",
                [at(3, 9)],
                id="an assignment after the call",
            ),
            pytest.param(
                "int = 2\ndef solution():\n    x = 3.0\n    int = 2.5\n    y = int(x)\n    return y\n",
                [at(1, 1), at(5, 9)],
                id="in the function and outside it",
            ),
        ],
    )
    def test_what_else_binds_a_name_of_the_function(
        self, program: str, refusals: list[tuple[object, ...]]
    ) -> None:
        """A parameter, an assignment expression or an assignment anywhere in the function makes the name the function's own."""
        found = listed(program)
        assert [path for _, path, _ in found] == refusals
        assert found[-1] == (
            "unsupported_syntax",
            refusals[-1],
            (
                f"Program line {refusals[-1][1]}, column {refusals[-1][3]}: a call of"
                " 'int' is not read: the program assigns 'int', so int() would call its"
                " value, not Python's int()"
            ),
        )

    def test_a_use_of_a_name_bound_outside_is_not_refused_again(self) -> None:
        """A name a refused statement at the top binds is not refused again where the function uses it: one mistake, one refusal."""
        program = "x = 3\ndef solution(n):\n    y = x + n\n    return y\n"
        assert [path for _, path, _ in listed(program)] == [at(1, 1), at(2, 14)]


class TestDebug:
    """__debug__, which Python's parser reads as a name but its compiler refuses to bind, is refused where the program binds it."""

    @pytest.mark.parametrize(
        ("program", "path", "rule"),
        [
            pytest.param(
                "def solution():\n    __debug__ = 3\n    return __debug__\n",
                at(2, 5),
                "it assigns __debug__",
                id="assigned",
            ),
            pytest.param(
                "def __debug__():\n    x = 3\n    return x\n",
                at(1, 5),
                "the function is named __debug__",
                id="the function's name",
            ),
            pytest.param(
                "def \\\n  __\uff44\uff45\uff42\uff55\uff47__():\n    x = 3\n    return x\n",
                at(2, 3),
                "the function is named __debug__",
                id="spelled wide, on a line joined",
            ),
        ],
    )
    def test_debug_is_refused_where_it_is_bound(
        self, program: str, path: tuple[object, ...], rule: str
    ) -> None:
        """Python's parser reads it, its compiler refuses it: refused as malformed_document, at the name."""
        ast.parse(program)
        with pytest.raises(SyntaxError):
            compile(program, "<test>", "exec")
        refused = (
            "malformed_document",
            path,
            (
                f"Program line {path[1]}, column {path[3]}: is not Python: {rule}, which"
                " Python's compiler refuses to bind, a constant"
            ),
        )
        assert listed(program) == [refused]
        assert raised(program) == refused

    def test_debug_used_is_python_s_constant(self) -> None:
        """A use of __debug__ reads Python's constant, which no statement assigns: refused as any such name."""
        program = "def solution():\n    x = __debug__\n    return x\n"
        compile(program, "<test>", "exec")
        assert [code for code, _, _ in listed(program)] == ["unknown_symbol"]


_NAMES: Final = ("a", "b", *sorted(CALLS), "__debug__")
_MATH: Final = ("math.floor", "math.ceil")


@st.composite
def whitelisted(draw: DrawFn) -> tuple[str, str]:
    """Draw a program of the whitelist's own statements, its names among those of Python's functions it calls; return it and its function's name.

    A name may be assigned again, or augmented; the return may be of an
    expression.
    """
    name = draw(st.sampled_from(["solution", *_NAMES]))
    drawn = draw(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=5))
    targets: list[str] = []
    lines: list[str] = []
    for index, new in enumerate(drawn):
        # As often a name assigned already as a new one.
        target = draw(st.sampled_from([new, *targets])) if targets else new
        targets.append(target)
        operands = st.sampled_from(["3", "2.0", "12", "1_000", *targets[:index]])
        left, right = draw(operands), draw(operands)
        operator = draw(st.sampled_from(["+", "-", "*", "/", "//", "%", "**"]))
        call = draw(st.sampled_from(["", *sorted(CALLS), *_MATH]))
        expression = f"{left} {operator} -{right}"
        # min() and max() of two, round() of two sometimes; the others of one.
        more = f", {left}" if call in {"min", "max"} else ""
        more = ", 1" if call == "round" and draw(st.booleans()) else more
        assigned = f"{call}({expression}{more})"
        augmented = target in targets[:index] and draw(st.booleans())
        sign = f"{operator}=" if augmented else "="
        lines.append(f"    {target} {sign} {assigned}\n")
    returned = draw(st.sampled_from([targets[-1], f"{targets[-1]} * 2 - {targets[0]}"]))
    header = "import math\n" if draw(st.booleans()) else ""
    return f"{header}def {name}():\n{''.join(lines)}    return {returned}\n", name


class TestAsPythonRunsIt:
    """What python_value accepts, Python runs to the same value."""

    @settings(max_examples=200)
    @given(whitelisted())
    def test_an_accepted_program_is_what_python_computes(
        self, drawn: tuple[str, str]
    ) -> None:
        """A program of the whitelist's statements over names Python gives meanings: read only where Python computes the same."""
        program, name = drawn
        try:
            value = python_value(program)
        except BindingGraphError:
            return
        computed = runs(program, name)
        assert (computed, type(computed)) == (value, type(value))


PROGRAM: Final = "def solution():\n    x = 2\n    return x\n"
EXAMPLE: Final = "```python\ndef solution(): x = 1; return x\n```\n"


class TestStrings:
    """A text that is Python is the program, whatever its strings hold; otherwise its one fenced block, fences being lines that open with three backquotes outside any string."""

    def test_a_docstring_s_fenced_example_is_not_the_program(self) -> None:
        """A program whose docstring quotes a fenced program is the program: Python returns 2, never the example's 1."""
        program = f'def solution():\n    """Example:\n\n{EXAMPLE}"""\n    x = 2\n    return x\n'
        assert runs(program, "solution") == 2
        assert python_value(program) == 2
        assert listed(program) == []
        assert from_program(program, TEXT, source_id="p") == from_program(
            PROGRAM, TEXT, source_id="p"
        )

    def test_a_fenced_program_whose_docstring_holds_fences(self) -> None:
        """The block is the program, from its fence to the one that closes it outside any string; lines keep their numbers."""
        indented = "".join(f"    {line}\n" for line in EXAMPLE.splitlines())
        reply = (
            "It's here, and #1:\n```python\ndef solution():\n"
            f'    """Examples:\n{indented}{EXAMPLE}    """\n'
            "    x = 2\n    y = x ^ 2\n    return y\n```\nThat's all. # done"
        )
        assert listed(reply) == [
            (
                "not_arithmetic",
                at(13, 9),
                (
                    "Program line 13, column 9: '^' is outside the arithmetic profile:"
                    " an expression computes with + - * / // % **, a unary - and"
                    " parentheses"
                ),
            )
        ]
        assert python_value(reply.replace("x ^ 2", "x ** 2")) == 4

    def test_a_program_that_is_not_python_is_not_its_docstring_s_example(
        self,
    ) -> None:
        """Fences inside a string are no fences: a program that is not Python is refused where the parser stops, its example unread."""
        program = (
            f'def solution():\n    """\n{EXAMPLE}    """\n    x = 2 +\n    return x\n'
        )
        refused = (
            "malformed_document",
            at(7, 12),
            (
                "Program line 7, column 12: is not Python: invalid syntax; a program is"
                " Python code, alone or in one fenced block"
            ),
        )
        assert listed(program) == [refused]
        assert raised(program) == refused

    @pytest.mark.parametrize(
        "reply",
        [
            pytest.param(
                f'Use """ for docstrings:\n```python\ndef solution():\n    """\n{EXAMPLE}    """\n    x = 2\n    return x\n```\n',
                id="a fenced program",
            ),
            pytest.param(
                f'Use """ for docstrings:\ndef solution():\n    """\n{EXAMPLE}    """\n    x = 2\n    return x\n',
                id="a program unfenced",
            ),
        ],
    )
    def test_a_string_outside_the_block_that_runs_past_its_line(
        self, reply: str
    ) -> None:
        """Words before a block that open a string Python would run on could hide its fence, and make an example the block: refused at the string."""
        refused = (
            "malformed_document",
            at(1, 5),
            (
                "Program line 1, column 5: opens a string that runs past its line,"
                " outside the fenced block, where it could hide a fence: a program is"
                " one block of Python, or no fence"
            ),
        )
        assert listed(reply) == [refused]
        assert raised(reply) == refused

    def test_the_words_around_a_block_are_not_bounded(self) -> None:
        """Operators of the words around a block do not count: only the program's do."""
        reply = f"{'. ' * MAX_OPERATORS}\n```\n{PROGRAM}```\n"
        assert python_value(reply) == 2

    def test_a_block_that_is_not_python(self) -> None:
        """The block is refused where the parser stops in it, at the line of the reply."""
        reply = "It is:\n```python\ndef solution(:\n    return 1\n```\n"
        assert listed(reply) == [
            (
                "malformed_document",
                at(3, 14),
                (
                    "Program line 3, column 14: is not Python: invalid syntax; a program"
                    " is Python code, alone or in one fenced block"
                ),
            )
        ]
