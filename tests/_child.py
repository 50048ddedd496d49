"""Run Python in a child interpreter that imports the same ``binding_graph`` as the tests.

A test that needs a fresh process (another hash seed, a clean import, a
script run as a user runs it) must judge the code the rest of the suite
judges: the installed wheel under tox, the checkout under a bare ``pytest``,
a mutant's copy in a mutation run. So the directory that holds the imported
package goes first on the child's ``PYTHONPATH``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import binding_graph

__all__ = ["PACKAGE_ROOT", "run_python"]

PACKAGE_ROOT = str(Path(binding_graph.__file__).resolve().parent.parent)
"""The directory that holds the ``binding_graph`` these tests imported."""


def run_python(
    *arguments: str,
    environment: dict[str, str] | None = None,
    stdin: str | None = None,
) -> str:
    """Run ``python *arguments*`` in a child interpreter and return its standard output.

    *environment* adds to the parent's variables; the child fails the test
    (``CalledProcessError``) if it exits with a non-zero status.
    """
    inherited = os.environ.get("PYTHONPATH")
    search_path = (
        PACKAGE_ROOT if not inherited else PACKAGE_ROOT + os.pathsep + inherited
    )
    result = subprocess.run(
        [sys.executable, *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(environment or {}), "PYTHONPATH": search_path},
    )
    return result.stdout
