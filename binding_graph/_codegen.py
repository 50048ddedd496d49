"""The one home of generated code: every function the package writes from its declarations is compiled here.

As attrs writes ``__init__`` from a class's fields, this package writes
plain functions from the fields' kinds (:mod:`binding_graph._kinds`): each
model class's ``__init__`` and canonical writer, the checks' fast tests, and
the documents' readers, writers and counts.
No reflection on the hot path, and no table that could drift from the
fields.

Each function's source is kept in :mod:`linecache` under a file name of its
own, never reused, so that a traceback through it shows its lines and
:func:`inspect.getsource` (or :func:`generated_source`) returns it:

>>> import inspect
>>> from binding_graph import SourceSpanLink
>>> print(inspect.getsource(SourceSpanLink.__init__).splitlines()[0])
def __init__(self, source_id, start, end, text):
"""

from __future__ import annotations

import inspect
import itertools
import linecache
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from collections.abc import Callable

_NUMBERS: Final = itertools.count(1)


def _file_name(qualname: str) -> str:
    """Return a file name for *qualname*'s source that :mod:`linecache` holds for nothing else."""
    while True:
        name = f"<binding_graph generated {qualname} #{next(_NUMBERS)}>"
        if name not in linecache.cache:
            return name


def compile_function(
    name: str, source: str, namespace: dict[str, Any], *, qualname: str = ""
) -> Callable[..., Any]:
    """Compile *source*, which defines the function *name*, and return it.

    *namespace* holds the names the function reads; it becomes the
    function's globals. *qualname*, if given, names the function (a method's
    ``Class.method``) in tracebacks, in profiles and in :mod:`linecache`.
    """
    filename = _file_name(qualname or name)
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 -- our own source, built from declarations
    # The entry's modification time is None: linecache.checkcache() then
    # keeps it, as it keeps the entries of code that has no file.
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


def generated_source(function: Callable[..., Any]) -> str:
    """Return the source of a function compiled by :func:`compile_function`.

    For reading what the package wrote from the declarations, as a debugger
    or a curious reader would:

    >>> from binding_graph import BoundUnknown
    >>> print(generated_source(BoundUnknown.__init__).splitlines()[0])
    def __init__(self, *, symbol_id, question_span, expected_unit=default_expected_unit):
    """
    return inspect.getsource(function)
