"""Python's own run of a model's program: the baseline that the boundary is measured against.

A pipeline that runs the model's code gets what ``solution()`` returns;
``real_model.py`` records it beside what the library reads of the same
program. The program runs in a Python of its own (``-I``: no user site, no
current directory on the path), in an empty directory, with its processor
time and memory limited; the library itself never runs a program.
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

PYTHON_SECONDS: Final = 10
"""The most seconds of processor time Python's run of a program may take."""
PYTHON_MEMORY: Final = 1 << 30
"""The most bytes of memory Python's run of a program may take."""
TOLERANCE: Final = Fraction(1, 1000)
"""How far Python's answer may be from the gold one and count as right: PAL's rule."""
_FENCED: Final = re.compile(
    r"```[A-Za-z0-9_+-]*[ \t]*\n(.*?)^[ \t]*```", re.DOTALL | re.MULTILINE
)
_RUNNER: Final = """
import sys
namespace = {}
exec(compile(sys.stdin.read(), "<program>", "exec"), namespace)
answer = namespace["solution"]()
if isinstance(answer, bool) or not isinstance(answer, (int, float)):
    raise SystemExit("solution() returned " + type(answer).__name__)
print(repr(answer))
"""


@dataclass(frozen=True)
class PythonRun:
    """What Python made of a program: the value ``solution()`` returned, or why there is none."""

    answer: str | None
    error: str | None

    def right(self, gold: Fraction) -> bool:
        """Tell whether the answer is within :data:`TOLERANCE` of *gold*."""
        if self.answer is None:
            return False
        try:
            value = Fraction(self.answer)
        except (ValueError, ZeroDivisionError):  # nan, inf
            return False
        return abs(value - gold) < TOLERANCE


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (PYTHON_SECONDS, PYTHON_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (PYTHON_MEMORY, PYTHON_MEMORY))


def run_program(reply: str) -> PythonRun:
    """Run the program of a reply (its first fenced block, or the whole reply) in a Python of its own, isolated and limited, and return what ``solution()`` returned.

    This is the baseline a boundary is measured against: what a pipeline
    that runs the model's code gets. The library never runs a program.
    """
    fenced = _FENCED.search(reply)
    source = reply if fenced is None else fenced.group(1)
    with tempfile.TemporaryDirectory() as scratch:
        try:
            done = subprocess.run(  # noqa: S603 -- the model's program, isolated and limited
                [sys.executable, "-I", "-c", _RUNNER],
                input=source,
                capture_output=True,
                text=True,
                cwd=scratch,
                timeout=4 * PYTHON_SECONDS,
                preexec_fn=_limits,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return PythonRun(None, "timeout")
    if done.returncode < 0:
        return PythonRun(None, f"killed by signal {-done.returncode}, at its limits")
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return PythonRun(None, last[:200])
    return PythonRun(done.stdout.strip(), None)
