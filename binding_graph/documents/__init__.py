"""The documents wing: graphs as JSON documents, and back, for every reader and writer.

Its public faces are :mod:`binding_graph.serialization` (documents, canonical
bytes, hashes, the schema) and :mod:`binding_graph.jsonl` (corpora of them);
this package holds their private modules, one job each:

- ``_writing``: trees (:func:`~binding_graph.to_data`), canonical bytes and
  hashes;
- ``_trees`` and ``_tree_refusals``: reading trees
  (:func:`~binding_graph.from_data`), and saying why one is refused;
- ``_text`` and ``_keys``: reading JSON text that nobody vouches for
  (:func:`~binding_graph.loads`), and the proof that it repeats no key;
- ``_paths`` and ``_fast``: which path writes and reads, and the fast one,
  with the ``fast`` extra;
- ``_schema``: the JSON Schema;
- ``_lines``: splitting a corpus into lines, in bounded memory.
"""
