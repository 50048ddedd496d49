"""No program, however hostile, is ever run: nothing is compiled, executed or imported, and only BindingGraphError escapes.

Each program is read with Python's own ``exec``, ``eval`` and ``compile``
replaced by functions that record any call (``compile`` may build a syntax
tree, never code), and ``__import__`` by one that records any import of a
module not imported already (CPython's parser itself looks ``unicodedata``
up to read an identifier that is not ASCII), and with side effects set up
to show:
a program that ran would write a file, import a module, set a global or
an attribute of ``builtins``. Programs are drawn from a grammar of
Python's statements and expressions of every kind, with such payloads
everywhere a program can hold them, and from ``hypothesmith``'s grammar
of the whole language. The cost is counted, never timed: the work and
the memory of reading a program grow with it linearly.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import os
import sys
import tempfile
import tracemalloc
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.drafts import from_program, program_refusals, python_value

if TYPE_CHECKING:
    from collections.abc import Callable, Generator

    from hypothesis.strategies import DrawFn

TEXT: Final = (
    "Ann has 3 boxes of 12 pens. She gives away 7 pens. How many pens are left?"
)
SENTINEL: Final = Path(tempfile.gettempdir()) / f"binding-graph-ran-{os.getpid()}"
MODULE: Final = "binding_graph_program_sentinel"
GLOBAL: Final = "BINDING_GRAPH_PROGRAM_RAN"

# What a program would do if it ran: each shows, or is stopped, in the test.
PAYLOADS: Final = (
    f"open({str(SENTINEL)!r}, 'w').write('ran')",
    f"__import__({MODULE!r})",
    f"exec('import {MODULE}')",
    f'eval("__import__({MODULE!r})")',
    "compile('1', 'x', 'exec')",
    f"globals().update({GLOBAL}=1)",
    f"setattr(__builtins__, {GLOBAL!r}, 1)",
    f"__builtins__.__dict__[{GLOBAL!r}] = 1",
    f"__import__('os').system('touch {SENTINEL}')",
    "breakpoint()",
    "(lambda: 1)()",
    "[x for x in ().__class__.__base__.__subclasses__()]",
    "sys.exit(1)",
    "os.remove('x')",
    "input()",
)
NAMES: Final = (
    "a",
    "b",
    "result",
    "open",
    "int",
    "round",
    "float",
    "os",
    "__import__",
    "exec",
    GLOBAL,
)
NUMBERS: Final = (
    "3",
    "12",
    "7",
    "2.5",
    ".5",
    "1_000",
    "1e6",
    "0x10",
    "3j",
    "0",
    "9" * 20,
)


class RanError(AssertionError):
    """The library ran, compiled or imported something while it read a program."""


@contextlib.contextmanager
def watched() -> Generator[list[str], None, None]:
    """Replace exec, eval, compile and __import__ with recorders, and note what a program that ran would leave."""
    calls: list[str] = []
    real_compile = builtins.compile

    def forbidden(name: str) -> Callable[..., Any]:
        def call(*_: object, **__: object) -> None:
            calls.append(name)
            raise RanError(name)

        return call

    def syntax_only(source: object, *args: Any, **kwargs: Any) -> Any:
        flags = kwargs.get("flags", args[2] if len(args) > 2 else 0)
        if not flags & ast.PyCF_ONLY_AST:
            calls.append("compile")
            raise RanError("compile")
        return real_compile(source, *args, **kwargs)  # type: ignore[call-overload]

    modules = set(sys.modules)
    saved = {
        name: getattr(builtins, name)
        for name in ("exec", "eval", "compile", "__import__")
    }

    def loaded_only(name: str, *args: Any, **kwargs: Any) -> Any:
        if name not in modules:
            calls.append(f"__import__ {name}")
            raise RanError(name)
        return saved["__import__"](name, *args, **kwargs)

    builtins.exec = forbidden("exec")
    builtins.eval = forbidden("eval")
    builtins.compile = syntax_only
    builtins.__import__ = loaded_only
    try:
        yield calls
    finally:
        for name, value in saved.items():
            setattr(builtins, name, value)
    calls += [f"imported {name}" for name in set(sys.modules) - modules]
    calls += ["wrote the sentinel"] if SENTINEL.exists() else []
    calls += (
        ["set a global"] if GLOBAL in globals() or hasattr(builtins, GLOBAL) else []
    )


def read_everywhere(program: str) -> None:
    """Read *program* with every public reader of programs; only refusals may come of it, and nothing may run."""
    with watched() as calls:
        for read in (
            lambda: from_program(program, TEXT, source_id="p"),
            lambda: program_refusals(program, TEXT),
            lambda: python_value(program),
        ):
            with contextlib.suppress(BindingGraphError):
                read()
    assert calls == []


@st.composite
def expressions(draw: DrawFn, depth: int = 3) -> str:
    """Draw an expression of any kind Python has, payloads among its leaves."""
    leaves = st.one_of(
        st.sampled_from(NAMES),
        st.sampled_from(NUMBERS),
        st.sampled_from(PAYLOADS),
        st.just("'text'"),
        st.just("None"),
    )
    if depth == 0:
        return draw(leaves)
    inner = expressions(depth - 1)
    kind = draw(st.integers(0, 17))
    a, b = draw(inner), draw(inner)
    forms = (
        lambda: draw(leaves),
        lambda: (
            f"({a} {draw(st.sampled_from(['+', '-', '*', '/', '//', '%', '**', '@', '<<', '|', '&', '^']))} {b})"
        ),
        lambda: f"{draw(st.sampled_from(['-', '+', '~', 'not ']))}{a}",
        lambda: f"({a} < {b} == {a})",
        lambda: f"({a} and {b} or {a})",
        lambda: f"({a} if {b} else {a})",
        lambda: (
            f"{draw(st.sampled_from(['float', 'int', 'round', 'abs', 'open', 'print']))}({a})"
        ),
        lambda: f"round({a}, {b})",
        lambda: f"{a}.real",
        lambda: f"({a})[{b}]",
        lambda: f"(lambda x=({a}): {b})",
        lambda: f"[{a} for x in ({b},)]",
        lambda: f"[{a}, {b}]",
        lambda: f"{{{a}: {b}}}",
        lambda: f"f'{{{a}}}'",
        lambda: f"(w := {a})",
        lambda: f"({a}, *{b})",
        lambda: f"({a})({b})",
    )
    return forms[kind]()


@st.composite
def statements(draw: DrawFn) -> list[str]:
    """Draw a statement of any kind Python has, as its lines, none that the whitelist reads: a payload in each assignment."""
    # A payload beside what is drawn: an assignment the whitelist reads is
    # no hostile statement.
    e = f"({draw(expressions())}, {draw(st.sampled_from(PAYLOADS))})"
    name = draw(st.sampled_from(NAMES))
    forms = (
        [f"{name} = {e}"],
        [f"{name} += {e}"],
        [f"{name}: int = {e}"],
        [e],
        [f"import {MODULE}"],
        [f"from {MODULE} import x as {name}"],
        [f"for {name} in {e}:", f"    {GLOBAL} = {e}"],
        [f"while {e}:", "    break"],
        [f"if {e}:", f"    {name} = {e}", "else:", "    pass"],
        [f"with open({str(SENTINEL)!r}, 'w') as f:", "    f.write('ran')"],
        ["try:", f"    {e}", "except Exception:", "    pass"],
        [f"def helper(x={e}):", f"    return {e}"],
        [f"class C({e}):", "    pass"],
        [f"global {GLOBAL}", f"{GLOBAL} = 1"],
        [f"del {name}"],
        [f"raise SystemExit({e})"],
        [f"assert {e}"],
        [f"return {e}"],
        [f"match {e}:", f"    case {name}:", "        pass"],
        ["async def helper():", f"    await {e}"],
        [f"yield {e}"],
    )
    return draw(st.sampled_from(forms))


@st.composite
def programs(draw: DrawFn) -> str:
    """Draw a program: a PAL function or module-level statements, hostile statements anywhere, in a fence or not."""
    body = ["a = 3", "b = 12", "result = a * b"]
    for _ in range(draw(st.integers(1, 3))):
        body.insert(draw(st.integers(0, len(body))), "\n".join(draw(statements())))
    lines = [line for block in body for line in block.split("\n")]
    signature = draw(
        st.sampled_from(
            [
                "def solution():",
                f"def solution(x={draw(expressions(1))}):",
                f"@{draw(st.sampled_from(PAYLOADS))}\ndef solution():",
                f"def solution() -> {draw(expressions(1))}:",
            ]
        )
    )
    if draw(st.booleans()):
        source = (
            signature
            + "\n"
            + "".join(f"    {line}\n" for line in lines)
            + "    return result\n"
        )
    else:
        source = "\n".join(lines) + "\n"
    if draw(st.booleans()):
        source += f"{draw(st.sampled_from(PAYLOADS))}\n"
    if draw(st.booleans()):
        source = f"Here it is:\n```python\n{source}```\nDone."
    return source


class TestNothingRuns:
    """Reading a program runs nothing of it, whatever it holds."""

    def test_the_watch_sees_what_a_program_would_do(self) -> None:
        """The instruments work: a program that ran would be seen."""
        with watched() as calls:
            with pytest.raises(RanError):
                exec("1")  # noqa: S102 -- what the watch must see
            with pytest.raises(RanError):
                __import__(MODULE)
            __import__("ast")
            with pytest.raises(RanError):
                compile("1", "x", "exec")
            ast.parse("x = 1")
        assert calls == ["exec", f"__import__ {MODULE}", "compile"]
        with watched() as later:
            setattr(builtins, GLOBAL, 1)
        delattr(builtins, GLOBAL)
        assert later == ["set a global"]

    @pytest.mark.parametrize("payload", PAYLOADS)
    def test_each_payload_is_refused_and_never_runs(self, payload: str) -> None:
        """A program that holds a payload is refused at its line, and the payload does not run."""
        program = f"def solution():\n    a = 3\n    b = {payload}\n    return a\n"
        with watched() as calls:
            found = program_refusals(program, TEXT)
        assert calls == []
        assert found[0].code in {
            "unsupported_syntax",
            "not_arithmetic",
            "unknown_symbol",
            "malformed_document",
        }
        assert found[0].path[:2] == ("line", 3)

    @settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
    @given(programs())
    def test_a_hostile_program_never_runs(self, program: str) -> None:
        """A program drawn with hostile statements anywhere: refusals only, nothing run, compiled or imported."""
        read_everywhere(program)

    @settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
    @given(programs())
    def test_a_hostile_statement_is_refused(self, program: str) -> None:
        """A program that holds a payload, a loop, an import or any statement beyond the whitelist yields no graph."""
        with pytest.raises(BindingGraphError):
            from_program(program, TEXT, source_id="p")

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(hypothesmith.from_grammar())
    def test_any_program_of_python_s_grammar(self, program: str) -> None:
        """Programs drawn from the whole of Python's grammar: refusals only, nothing run, compiled or imported."""
        read_everywhere(program)

    @settings(max_examples=100)
    @given(st.text(max_size=200))
    def test_any_text(self, program: str) -> None:
        """Any text at all, Python or not: refusals only, nothing run."""
        read_everywhere(program)


def _counted(call: Callable[[], object]) -> int:
    """Return how many calls, Python's and C's, *call* makes: work, counted the same on every run."""
    count = 0

    def profile(_: object, event: str, __: object) -> None:
        nonlocal count
        if event in {"call", "c_call"}:
            count += 1

    sys.setprofile(profile)
    try:
        with contextlib.suppress(BindingGraphError):
            call()
    finally:
        sys.setprofile(None)
    return count


def _peak(call: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        with contextlib.suppress(BindingGraphError):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _assignments(n: int) -> str:
    return (
        "def solution():\n    x0 = 3\n"
        + "".join(f"    x{i} = x{i - 1} * 2 + 12\n" for i in range(1, n))
        + f"    return x{n - 1}\n"
    )


def _refused_on_one_line(n: int) -> str:
    return (
        "def solution():\n    é = 3; "
        + "; ".join(f"y{i} = é // 2" for i in range(n))
        + "\n    return é\n"
    )


def _strings_and_comments(n: int) -> str:
    return (
        "".join(f"# ({i}).\nx{i} = 'a.b' + '''(c)'''\n" for i in range(n))
        + "def solution():\n    a = 3\n    return a\n"
    )


def _reply(n: int) -> str:
    """A reply: words with apostrophes around a block whose docstring quotes *n* fenced examples, and whose function makes *n* assignments."""
    examples = "".join(f"```\nx = {i}\n```\n" for i in range(n))
    program = _assignments(n).replace(
        "def solution():\n", f'def solution():\n    """\n{examples}"""\n', 1
    )
    return f"It's here:\n```python\n{program}```\nThat's all.\n"


class TestCost:
    """Reading a program takes work and memory linear in it, counted, never timed."""

    @pytest.mark.parametrize(
        "make", [_assignments, _refused_on_one_line, _strings_and_comments, _reply]
    )
    def test_twice_the_program_is_at_most_about_twice_the_work(
        self, make: Callable[[int], str]
    ) -> None:
        """The calls made to read a program of twice the statements are at most a little over twice as many."""
        small, large = (
            _counted(partial(program_refusals, make(n), TEXT, limit=10**6))
            for n in (150, 300)
        )
        assert large <= 2.1 * small

    @pytest.mark.parametrize("make", [_assignments, _refused_on_one_line])
    def test_twice_the_program_is_at_most_about_twice_the_memory(
        self, make: Callable[[int], str]
    ) -> None:
        """The peak memory of reading a program doubles, at most a little more, when the program does."""
        small, large = (
            _peak(partial(from_program, make(n), TEXT, source_id="p"))
            for n in (300, 600)
        )
        assert large <= 2.3 * small

    def test_python_value_is_linear_too(self) -> None:
        """python_value of twice the statements makes at most a little over twice the calls."""
        small, large = (
            _counted(partial(python_value, _assignments(n))) for n in (150, 300)
        )
        assert large <= 2.1 * small
