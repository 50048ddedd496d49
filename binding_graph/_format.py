"""The document format's own marker and version: the header every graph document holds before its fields."""

from __future__ import annotations

from typing import Final

from binding_graph._declarations import Header

FORMAT: Final = "binding-graph"
"""The marker every graph document carries in its ``format`` field.

.. versionadded:: 0.1.0
"""

FORMAT_VERSION: Final = 1
"""The version of the document format this library writes and reads.

It is independent of the package's version, and changes only when the
document format does.

.. versionadded:: 0.1.0
"""

GRAPH_HEADER: Final = (
    Header(
        "format",
        FORMAT,
        "malformed_document",
        f"must be {FORMAT!r}: this is not a binding-graph document",
    ),
    Header(
        "version",
        FORMAT_VERSION,
        "unsupported_version",
        f"must be {FORMAT_VERSION}, the only version of the format this library reads",
        typed=True,
    ),
)
"""What every graph document holds before its fields: the format's marker and version."""
