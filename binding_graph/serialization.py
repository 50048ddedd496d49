"""Lossless JSON documents, canonical bytes, a content hash and a JSON Schema.

A graph is written as a *document*: a JSON object that carries the format
marker ``"format": "binding-graph"`` and the format's own ``"version": 1``,
then every field of the graph, in field order.
The other model classes are written as plain objects of their fields, with
no marker, so that a fragment of a document (a symbol, a span) reads and
writes on its own.

Every field is present (``None`` as ``null``), but an unknown's
``question_form`` and ``state_index``, which are left out when ``None``, so
that documents written before they existed keep their bytes; tuples are arrays and
the ``frozenset`` of :attr:`~binding_graph.BoundEquation.dependencies` is an
array sorted by code point.
The canonical encoding is RFC 8785 (the JSON Canonicalization Scheme) in
UTF-8: see ``docs/format.md``.

The document format has its own version, independent of the package's.

This module is the public face of the documents wing,
:mod:`binding_graph.documents`, whose private modules each do one job:
writing, reading trees, reading JSON text, and the schema.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from binding_graph._format import FORMAT, FORMAT_VERSION
from binding_graph.documents._reading import from_data
from binding_graph.documents._refusals import DEFAULT_LIMIT, refusals
from binding_graph.documents._schema import GENERATION_KEYWORDS, json_schema
from binding_graph.documents._schema import PROFILES as SCHEMA_PROFILES
from binding_graph.documents._text import DEFAULT_MAX_BYTES, is_canonical, loads
from binding_graph.documents._writing import (
    canonical_bytes,
    content_hash,
    dumps,
    to_data,
)
from binding_graph.documents._writing_order import WRITING_ORDER

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_MAX_BYTES",
    "FORMAT",
    "FORMAT_VERSION",
    "GENERATION_KEYWORDS",
    "SCHEMA_PROFILES",
    "WRITING_ORDER",
    "canonical_bytes",
    "content_hash",
    "dumps",
    "from_data",
    "is_canonical",
    "json_schema",
    "loads",
    "refusals",
    "to_data",
]


def __dir__() -> list[str]:
    return sorted(__all__)
