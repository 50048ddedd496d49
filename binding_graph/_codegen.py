"""Compile the readers and writers of documents from the fields' declarations.

As attrs writes ``__init__`` from a class's fields, this package writes one
plain function per model class to encode and to decode it: no reflection on
the hot path, and no table that could drift from the fields.
The source is kept in :mod:`linecache`, so a traceback through a generated
function shows its lines.
"""

from __future__ import annotations

import linecache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable


def compile_function(
    name: str, source: str, namespace: dict[str, Any]
) -> Callable[..., Any]:
    """Compile *source*, which defines the function *name*, and return it.

    *namespace* holds the names the function reads; it becomes the
    function's globals.
    """
    filename = f"<binding_graph generated {name}>"
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 -- our own source, built from declarations
    linecache.cache[filename] = (
        len(source),
        None,
        source.splitlines(keepends=True),
        filename,
    )
    function: Callable[..., Any] = namespace[name]
    return function
