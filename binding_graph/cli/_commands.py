"""The subcommands of ``binding-graph``, one entry each in :data:`COMMANDS`, and the corpus commands.

``validate``, ``hash`` and ``schema`` live in
:mod:`binding_graph.cli._check_commands`, ``canonicalize`` in
:mod:`binding_graph.cli._canonicalize_command`,
``analyze`` and ``render`` in :mod:`binding_graph.cli._analysis_commands`,
``solve`` in :mod:`binding_graph.cli._solve_command`, ``admit`` and ``units``
in :mod:`binding_graph.cli._units_commands`, ``import`` in
:mod:`binding_graph.cli._import_command`; ``score``, ``diff`` and ``vote``
are listed in :mod:`binding_graph.cli._setup_commands`.
"""

from __future__ import annotations

from typing import Final

from binding_graph.cli._command import Command
from binding_graph.cli._setup_commands import SETUP_COMMANDS

_CHECKS: Final = "binding_graph.cli._check_commands"

COMMANDS: Final[tuple[Command, ...]] = (
    Command(
        name="validate",
        summary="check every record; report each refusal and a summary",
        description=(
            "Read every record of each PATH and report each one that loads()"
            " refuses (a case line: load_cases()), as FILE:LINE: CODE at WHERE:"
            " MESSAGE, then a summary."
            " --all reports every rule a refused record breaks, a line each, as"
            " binding_graph.refusals() lists them. --strict also refuses what the"
            " seed's system refuses (binding_graph.strict.check_strict): a cycle"
            " of definitions, an unknown or mismatched operation kind, a pending"
            " equation its kind's units refuse. Exit 0 if every record was"
            " accepted, 1 if any was refused, 2 if a path could not be read."
            " Exit 5 if no PATH holds a record."
        ),
        examples=(
            ("binding-graph validate examples/corpus.jsonl", "check a corpus"),
            (
                "binding-graph validate --strict seed-graphs.jsonl",
                "refuse as the seed's system does",
            ),
            (
                "binding-graph validate --all model-output.jsonl",
                "every refusal of every record",
            ),
            (
                "binding-graph validate --format json data/",
                "every file below data/, as JSON",
            ),
            ("producer | binding-graph validate -", "check standard input"),
        ),
        run=f"{_CHECKS}:validate",
        options=f"{_CHECKS}:validate_options",
    ),
    Command(
        name="hash",
        summary="print the content hash of every accepted record",
        description=(
            "Print sha256:... FILE:LINE for each accepted record, and the"
            " refusals and summary of validate, with the same exit status."
        ),
        examples=(
            ("binding-graph hash examples/corpus.jsonl", "hash each graph of a corpus"),
            ("binding-graph hash --jobs 2 data/", "with two processes"),
        ),
        run=f"{_CHECKS}:hash_records",
    ),
    Command(
        name="canonicalize",
        summary="rewrite files in canonical form, or --check that they are",
        description=(
            "Rewrite each file in canonical form: one canonical document a line"
            " (a .json file: the document and a newline), a case as its canonical"
            " case line. A file with any refused"
            " record is left as it was, and the exit status is 1. Each file is"
            " replaced atomically. '-' writes the canonical form of standard"
            " input to standard output."
        ),
        examples=(
            ("binding-graph canonicalize data/", "rewrite every file below data/"),
            (
                "binding-graph canonicalize --check data/",
                "list the files that would change",
            ),
            ("binding-graph canonicalize - < in.jsonl > out.jsonl", "as a filter"),
        ),
        run="binding_graph.cli._canonicalize_command:canonicalize",
        options="binding_graph.cli._canonicalize_command:check_option",
    ),
    Command(
        name="analyze",
        summary="report what a solver should know of every accepted record",
        description=(
            "Report the findings of binding_graph.analysis for each accepted"
            " record (an unknown that nothing determines, a cyclic or repeated"
            " definition, conflicting facts, ...), as FILE:LINE: CODE at WHERE:"
            " MESSAGE, besides the refusals and summary of validate."
            " --arithmetic adds, after them, the findings of"
            " binding_graph.arithmetic (a right-hand side that is not arithmetic,"
            " a division by zero, values that conflict, a violated constraint,"
            " ...); --units adds, after them all, the findings of"
            " binding_graph.units (a unit that does not read, a fact in another"
            " unit than its symbol, an admitted equation that admission would"
            " refuse, ...). Findings are not refusals: the exit status is that of"
            " validate, unless --strict makes any finding exit 1."
        ),
        examples=(
            ("binding-graph analyze examples/corpus.jsonl", "analyze a corpus"),
            (
                "binding-graph analyze --strict --format json data/",
                "fail on any finding, as JSON",
            ),
            (
                "binding-graph analyze --arithmetic examples/corpus.jsonl",
                "check the arithmetic too",
            ),
            (
                "binding-graph analyze --units examples/corpus.jsonl",
                "check the units too",
            ),
        ),
        run="binding_graph.cli._analysis_commands:analyze",
        options="binding_graph.cli._analysis_commands:analyze_options",
    ),
    Command(
        name="solve",
        summary="print the exact value of every unknown of every accepted record",
        description=(
            "Evaluate each accepted record with binding_graph.arithmetic and"
            " print each unknown's exact value, as FILE:LINE: SYMBOL = VALUE:"
            " a fraction in lowest terms, then its decimal in parentheses when"
            " it terminates (19/4 (4.75); 1/3; 8). A record that cannot be"
            " solved (an unknown that nothing determines, a division by zero,"
            " a right-hand side that is not arithmetic, conflicting values, ...)"
            " is reported as validate reports a refusal, FILE:LINE: CODE at"
            " WHERE: MESSAGE. Exit 0 if every record was solved, 1 if any was"
            " refused or could not be solved, 2 if a path could not be read."
            " Exit 5 if no PATH holds a record."
        ),
        examples=(
            (
                "binding-graph solve examples/corpus.jsonl",
                "solve each problem of a corpus",
            ),
            (
                "binding-graph solve --format json data/",
                "every file below data/, as JSON",
            ),
            ("producer | binding-graph solve -", "solve standard input"),
        ),
        run="binding_graph.cli._solve_command:solve",
    ),
    Command(
        name="admit",
        summary="admit or refuse the pending equations of every record by their units",
        description=(
            "Decide each pending equation of each accepted record with"
            " binding_graph.units.admit: admitted with its unit_proof, or refused"
            " with refusal_reason REASON: detail. Each admitted graph is written to"
            " standard output as canonical JSON Lines (a case as its case line); refusals, each refused"
            " equation (FILE:LINE: REASON at equations[I]: DETAIL) and a summary go"
            " to standard error. --in-place rewrites each file instead, as"
            " canonicalize does (a file with any refused record is left as it was),"
            " and prints the report on standard output. --recheck decides every"
            " equation again. Exit 0 if every record was accepted, even with"
            " equations refused; 1 if any record was refused; 2 if a path could not"
            " be read or a file rewritten."
            " Exit 5 if no PATH holds a record."
        ),
        examples=(
            (
                "binding-graph admit examples/corpus.jsonl > admitted.jsonl",
                "decide the pending equations of a corpus",
            ),
            ("binding-graph admit --in-place data/", "rewrite every file below data/"),
            (
                "binding-graph admit --recheck --in-place data/",
                "decide every equation again, in place",
            ),
        ),
        run="binding_graph.cli._units_commands:admit",
        options="binding_graph.cli._units_commands:admit_options",
    ),
    Command(
        name="units",
        summary="print how a unit's text is read: its spelling, dimension and scale",
        description=(
            "Read TEXT with binding_graph.units.parse_unit and print its canonical"
            " spelling, its dimension, and its scale (how many coherent units, such"
            " as meter/second, one of it is), exactly as a fraction, with its decimal"
            " when that terminates; and its offset, where its zero lies, for degrees"
            " Celsius or Fahrenheit. A text that does not read is one line on standard error,"
            " binding-graph units: CODE: MESSAGE (with --format json, one object"
            " with its code and message on standard output), and exit status 1."
        ),
        examples=(
            ('binding-graph units "miles per hour"', "read a unit"),
            ('binding-graph units --format json "degrees Celsius"', "as JSON"),
        ),
        run="binding_graph.cli._units_commands:units",
        options="binding_graph.cli._units_commands:units_options",
        corpus=False,
    ),
    Command(
        name="import",
        summary=(
            "write a benchmark's records as gold cases:"
            " GSM8K, SVAMP, GSM-Plus, ASDiv or GSM-Hard"
        ),
        description=(
            "Turn each record of a benchmark's FILE into a gold case with"
            " binding_graph.datasets and write the cases to standard output, one"
            " canonical JSON object a line, as score reads them. GSM8K's, GSM-Plus's"
            " and GSM-Hard's FILE are JSON Lines, read a line at a time; the record"
            " on line N is the case gsm8k-N, gsm-plus-N or gsm-hard-N (GSM-Hard's"
            " program read, never run). SVAMP's FILE is one JSON array, and ASDiv's"
            " one XML document (refused if it declares a document type or an"
            " entity), each read whole within --max-bytes; a case is named by its"
            " record's ID. Each refused record (FILE:LINE: CODE at WHERE: MESSAGE)"
            " and a summary go to standard error. Exit 0 even when the adapter"
            " refuses records of the benchmark; 1 if a record is not one of its"
            " records at all (not JSON, above --max-bytes, not an object, a field"
            " missing or of the wrong type); 2 if FILE cannot be read, or is not"
            " one JSON array, or one XML document, where it must be."
            " Exit 5 if FILE holds no record."
        ),
        examples=(
            (
                "binding-graph import gsm8k train.jsonl > gsm8k.jsonl",
                "GSM8K's gold cases",
            ),
            ("binding-graph import svamp SVAMP.json > s.jsonl", "SVAMP's"),
            (
                "binding-graph import gsm-plus gsmplus_testmini.jsonl > p.jsonl",
                "GSM-Plus's, some expecting a refusal",
            ),
            ("binding-graph import asdiv ASDiv.xml > a.jsonl", "ASDiv's, with units"),
            (
                "binding-graph import gsm-hard gsmhardv2.jsonl > h.jsonl",
                "GSM-Hard's, from its programs",
            ),
            (
                "binding-graph import --format json gsm8k - < train.jsonl > g.jsonl",
                "the report as JSON",
            ),
        ),
        run="binding_graph.cli._import_command:import_cases",
        options="binding_graph.cli._import_command:import_options",
        corpus=False,
    ),
    *SETUP_COMMANDS,
    Command(
        name="bind",
        summary="compile a model's drafts, programs or replies of any format into graphs",
        description=(
            "Compile each record's reply against its problem's text with"
            " binding_graph.drafts.compile_reply. A record is one line of FILE, a"
            ' JSON object: {"source_id": ID, "text": TEXT, NAME: REPLY}, NAME the'
            " name of the reply's format in binding_graph.drafts.PRODUCERS, chosen"
            " with --producer (draft by default). A draft is the text a model wrote"
            " (a JSON string) or the draft itself (a JSON object); a program"
            " (--producer program, or --program) is the Python a model wrote (a"
            " JSON string), read with binding_graph.drafts.from_program and never"
            " run. Each compiled graph is written to standard output as canonical"
            " JSON Lines; each refused record (FILE:LINE: CODE at WHERE: MESSAGE,"
            " WHERE under NAME for the reply's own refusals) and a summary go to"
            " standard error. --all reports every refusal of each refused reply."
            " Exit 0 if every record compiled, 1 if any was refused, 2 if FILE"
            " could not be read."
            " Exit 5 if FILE holds no record."
        ),
        examples=(
            (
                "binding-graph bind drafts.jsonl > graphs.jsonl",
                "compile a model's drafts",
            ),
            (
                "binding-graph bind --all --format json drafts.jsonl > g.jsonl",
                "every refusal, as JSON",
            ),
            (
                "binding-graph bind --program --all programs.jsonl > g.jsonl",
                "read a model's programs",
            ),
        ),
        run="binding_graph.cli._bind_command:bind",
        options="binding_graph.cli._bind_command:bind_options",
        corpus=False,
    ),
    Command(
        name="render",
        summary="draw one graph for Graphviz or Mermaid, or as SVG",
        description=(
            "Draw the graph of FILE: one node per symbol and per equation,"
            " unknowns highlighted, pending and refused equations drawn apart,"
            " findings marked; as Mermaid unless --to says otherwise. --to svg"
            " runs Graphviz' dot. A refused document is reported on standard"
            " error, with exit status 1."
        ),
        examples=(
            (
                "binding-graph render --to svg examples/corpus.jsonl --line 1 > g.svg",
                "draw the first graph of a corpus",
            ),
            ("binding-graph render graph.json", "as Mermaid, for a Markdown page"),
        ),
        run="binding_graph.cli._analysis_commands:render",
        options="binding_graph.cli._analysis_commands:render_options",
        corpus=False,
    ),
    Command(
        name="schema",
        summary="print the JSON Schema of a graph document, or of a draft",
        description=(
            "Print the JSON Schema (draft 2020-12) of a graph document. --profile"
            " generation prints the one to generate documents with: only the"
            " keywords that constrained-decoding engines and strict structured"
            " outputs take, every property required and listed in sorted order, so"
            " that a document generated in that order is in canonical key order;"
            " --profile writing the same, properties in the order a model can"
            " write them. loads() checks what they leave out. --draft prints"
            " the schema of a draft instead, lists and strings bounded (--strict:"
            " without the bounds, for strict structured outputs), and with --text"
            " FILE every quote held to the phrases of the problem's text in FILE."
        ),
        examples=(
            ("binding-graph schema > binding-graph.schema.json", "save it"),
            (
                "binding-graph schema --profile generation > generation.json",
                "the schema for a language model",
            ),
            ("binding-graph schema --draft > draft.schema.json", "a draft's"),
            (
                "binding-graph schema --draft --text problem.txt",
                "quotes held to a problem's phrases",
            ),
        ),
        run=f"{_CHECKS}:schema",
        options=f"{_CHECKS}:profile_option",
        corpus=False,
    ),
)
"""The subcommands of ``binding-graph``, in the order ``--help`` lists them."""
