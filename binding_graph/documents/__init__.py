"""The documents wing: graphs as JSON documents, and back, for every reader and writer.

Its public faces, for users, are :mod:`binding_graph.serialization`
(documents, canonical bytes, hashes, the schema) and :mod:`binding_graph.jsonl`
(corpora of them). This package holds their private modules, one job each:

- ``_writing``: trees (:func:`~binding_graph.to_data`), canonical bytes and
  hashes;
- ``_trees`` and ``_tree_refusals``: reading trees
  (:func:`~binding_graph.from_data`), and saying why one is refused;
- ``_text`` and ``_keys``: reading JSON text that nobody vouches for
  (:func:`~binding_graph.loads`), and the proof that it repeats no key;
- ``_paths`` and ``_fast``: which path writes and reads, and the fast one,
  with the ``fast`` extra;
- ``_schema``: the JSON Schema;
- ``_lines`` and ``_records``: splitting a corpus into lines, in bounded
  memory, and reading and writing records of JSON Lines;
- ``_refusal_records``: the line a producer writes where it refused.

The names below are the wing's face for the package's other wings, which
read corpora of their own (cases of benchmarks, the command's inputs) as the
faces read graphs; users need none of them.
"""

from __future__ import annotations

from binding_graph.documents._lines import (
    check_max_bytes,
    is_blank,
    split_lines,
    wrong_type,
)
from binding_graph.documents._paths import reset as reset_fast_path
from binding_graph.documents._paths import unloaded as fast_path_unloaded
from binding_graph.documents._paths import use as use_fast_path
from binding_graph.documents._records import (
    check_record,
    read_records,
    record_of,
    refusal_key,
    write_lines,
)
from binding_graph.documents._refusal_records import (
    REFUSAL_START,
    is_refusal_record,
    producer_refusal,
    refusal_line,
    refusal_of_tree,
)
from binding_graph.documents._refusals import listing
from binding_graph.documents._text import strict_tree

__all__ = [
    "REFUSAL_START",
    "check_max_bytes",
    "check_record",
    "fast_path_unloaded",
    "is_blank",
    "is_refusal_record",
    "listing",
    "producer_refusal",
    "read_records",
    "record_of",
    "refusal_key",
    "refusal_line",
    "refusal_of_tree",
    "reset_fast_path",
    "split_lines",
    "strict_tree",
    "use_fast_path",
    "write_lines",
    "wrong_type",
]
