"""Compile the functions that the package writes from the fields' declarations.

As attrs writes ``__init__`` from a class's fields, this package writes
plain functions per model class: its ``__init__`` and its checks, and the
functions that encode and decode it: no reflection on the hot path, and no
table that could drift from the fields.
The source is kept in :mod:`linecache`, so a traceback through a generated
function shows its lines.
"""

from __future__ import annotations

import linecache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable


def compile_function(
    name: str, source: str, namespace: dict[str, Any], *, qualname: str = ""
) -> Callable[..., Any]:
    """Compile *source*, which defines the function *name*, and return it.

    *namespace* holds the names the function reads; it becomes the
    function's globals. *qualname*, if given, names the function (a method's
    ``Class.method``) in tracebacks and in :mod:`linecache`.
    """
    filename = f"<binding_graph generated {qualname or name}>"
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 -- our own source, built from declarations
    linecache.cache[filename] = (
        len(source),
        None,
        source.splitlines(keepends=True),
        filename,
    )
    function: Callable[..., Any] = namespace[name]
    if qualname:
        function.__qualname__ = qualname
    return function
