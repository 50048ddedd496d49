"""Write every generated artefact of the repository again, or check that each is up to date.

    python tools/regenerate.py            # rewrite each artefact that is out of date
    python tools/regenerate.py --check    # change nothing; list each one that is

It needs the package installed (``python -m pip install -e .``), and uses its
public API only, so that moving the package's private modules moves nothing
here. It works on the checkout that holds it, or on ``--root DIR``. The
artefacts, and what each is made from:

- ``binding_graph/schema/binding-graph-v1.schema.json``, ``binding-graph-v1.generation.schema.json``
  and ``binding-graph-v1.writing.schema.json``: ``json_schema()`` of each profile,
  and ``binding-graph-draft-v1.schema.json`` and ``binding-graph-draft-v1.strict.schema.json``:
  ``binding_graph.drafts.draft_schema()``, bounded and strict,
  indented by two spaces, non-ASCII kept, and a newline;
- ``tests/golden/NAME.json``: the canonical bytes of each graph of
  ``tests/_golden.py``, and ``tests/golden/hashes.json`` their content hashes;
- ``tests/fuzz_corpus/``: the golden documents, and three fragments of the
  golden word problem (a span, a symbol, an equation) written as a producer
  writes JSON; the hand-made seeds, :data:`HAND_MADE_SEEDS`, are kept as
  they are;
- ``examples/drafts.jsonl``: what ``drafts()`` of ``examples/make_drafts.py``
  returns of the corpus below, and ``examples/gsm8k_drafts.jsonl`` what its
  ``gsm8k_drafts()`` returns of the GSM8K sample, ``tests/data/gsm8k/train-200.jsonl``;
- ``examples/corpus.jsonl``: what ``corpus()`` of ``examples/make_corpus.py``
  returns;
- in ``docs/cli.md``, the output shown for ``binding-graph hash
  examples/corpus.jsonl``: the command's own, on that corpus, first three
  lines and last two;
- in ``docs/format.md``, the example document of "Layout": the graph of
  :func:`format_example`, laid out for reading, and the content hash its
  doctest prints;
- in ``docs/index.md``, what the quickstart prints: its code, run;
- in ``docs/design.md``, the rows of the table of the model: each class's
  fields, in order, with their defaults;
- in ``README.md``, the Mermaid picture: ``to_mermaid`` of the graph of
  ``examples/word_problem.py``;
- ``docs/units-lexicon.md``: the unit lexicon's coverage, from
  ``binding_graph.units.DEFAULT`` (each unit's scale, dimension and offset,
  each derived spelling read) and the data file it ships,
  ``binding_graph/units/units-v1.json`` (the spellings, the irregular plurals
  and the connector words, which the API does not list), read through
  :mod:`importlib.resources`: units grouped by dimension, then the derived
  spellings, the irregular plurals and the connector words.

It prints ``rewrote PATH`` (``would rewrite PATH`` with ``--check``) for each
artefact that was out of date, and nothing when all are up to date. Exit
status 0 when everything is (now) up to date; 1 with ``--check`` when
something is not, and also when ``tests/golden/`` or ``tests/fuzz_corpus/``
holds a file that this tool neither makes nor keeps, or a hand-made seed is
missing; 2 when an artefact cannot be made (a page without its block).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

import attrs

from binding_graph import (
    BoundEquation,
    BoundFact,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
    canonical_bytes,
    content_hash,
    json_schema,
    to_data,
)
from binding_graph.analysis import to_mermaid
from binding_graph.drafts import draft_schema
from binding_graph.model import MODEL_CLASSES
from binding_graph.units import DEFAULT, LEXICON_VERSION, Dimension, Unit

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from types import ModuleType
    from typing import TypeAlias

    Json: TypeAlias = dict[str, "Json"] | list["Json"] | str | int | None

ROOT = Path(__file__).resolve().parent.parent

SCHEMA = "binding_graph/schema/binding-graph-v1.schema.json"
GENERATION_SCHEMA = "binding_graph/schema/binding-graph-v1.generation.schema.json"
WRITING_SCHEMA = "binding_graph/schema/binding-graph-v1.writing.schema.json"
DRAFT_SCHEMA = "binding_graph/schema/binding-graph-draft-v1.schema.json"
STRICT_DRAFT_SCHEMA = "binding_graph/schema/binding-graph-draft-v1.strict.schema.json"
GOLDEN = "tests/golden"
SEEDS = "tests/fuzz_corpus"
CORPUS = "examples/corpus.jsonl"
DRAFTS = "examples/drafts.jsonl"
GSM8K_DRAFTS = "examples/gsm8k_drafts.jsonl"
GSM8K_SAMPLE = "tests/data/gsm8k/train-200.jsonl"

HAND_MADE_SEEDS = (
    "annotation_past_digit_limit.txt",
    "annotations_on_one_line.txt",
    "asdiv_problems.xml",
    "big_int.json",
    "deep.json",
    "draft_long_tokens.json",
    "draft_many_quotes.json",
    "draft_overlapping_quote.json",
    "draft_without_whitespace.json",
    "duplicate_key.json",
    "future_version.json",
    "miscased_unit.txt",
    "pal_program.txt",
    "program_binding_debug.txt",
    "program_calling_its_own_name.txt",
    "program_past_a_float.txt",
    "program_quoting_a_fenced_example.txt",
    "setup_of_shared_steps.json",
    "setup_of_twin_steps.json",
    "svamp_array.json",
)
"""The seeds of ``tests/fuzz_corpus/`` written by hand: malformed documents that
no model object could be written as, and texts for the other readers (a
step past the digit limit, many steps on one line, miscased units, programs
that only Python's own reading reads right: a function named as a builtin
it calls, ``__debug__`` bound, a docstring quoting a fenced program, a
whole number past a float's; drafts that once cost time quadratic in
them; SVAMP's array and ASDiv's XML with records that cannot be read among
those that can), and graphs whose set-ups tie (twin steps and facts of one
quote, ten steps of one product). This tool keeps them as they are."""

# The blocks of pages that this tool writes: the page, and a pattern whose
# group "body" is the text between the fences.
HASH_BLOCK = (
    "docs/cli.md",
    r"^```console\n\$ binding-graph hash examples/corpus\.jsonl\n(?P<body>.*?)^```$",
)
LAYOUT_BLOCK = ("docs/format.md", r"^## Layout\n.*?^```json\n(?P<body>.*?)^```$")
MERMAID_BLOCK = ("README.md", r"^```mermaid\n(?P<body>.*?)^```$")
FORMAT_HASH_BLOCK = (
    "docs/format.md",
    r"^>>> content_hash\(graph\)\n(?P<body>.*?)^>>> ",
)
QUICKSTART = "docs/index.md"
QUICKSTART_CODE = r"^```\{testcode\}\n(?P<body>.*?)^```$"
QUICKSTART_OUTPUT_BLOCK = (QUICKSTART, r"^```\{testoutput\}\n(?P<body>.*?)^```$")
MODEL_TABLE_BLOCK = (
    "docs/design.md",
    r"^\| Class \| Fields \|\n\| --- \| --- \|\n(?P<body>.*?)^\n",
)


class RegenerationError(Exception):
    """An artefact cannot be made; the run stops with exit status 2."""


def _script(root: Path, path: str) -> ModuleType:
    """Import the script at *root*/*path*: a generator outside any package."""
    file = root / path
    name = f"_regenerate_{file.stem}"
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        msg = f"{path}: cannot be imported"
        raise RegenerationError(msg)
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up in sys.modules.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def format_example() -> SemanticSymbolicBindingGraph:
    """Return the graph of docs/format.md's example document: a symbol and its fact."""
    return SemanticSymbolicBindingGraph(
        symbols=(
            SymbolBinding(
                symbol_id="apples",
                name="apples Alice has",
                semantic_role="quantity",
                source_span=SourceSpanLink("p1", 0, 18, "Alice has 3 apples"),
                introduced_by="parser",
                unit="apple",
            ),
        ),
        facts=(
            BoundFact(
                symbol_id="apples",
                value="3",
                unit="apple",
                source_span=SourceSpanLink("p1", 10, 18, "3 apples"),
            ),
        ),
    )


def laid_out(value: Json, indent: str = "") -> str:
    """Write the JSON *value* for a reader: a container of containers a member a line.

    An object or array that holds no object or array (a span, the
    dependencies) stays on one line.
    """
    inner = indent + "  "
    if isinstance(value, dict) and any(
        isinstance(member, (dict, list)) and member for member in value.values()
    ):
        members = [
            f"{inner}{json.dumps(key)}: {laid_out(member, inner)}"
            for key, member in value.items()
        ]
        return "{\n" + ",\n".join(members) + f"\n{indent}}}"
    if isinstance(value, list) and any(
        isinstance(item, (dict, list)) for item in value
    ):
        items = [f"{inner}{laid_out(item, inner)}" for item in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def _fragment(obj: SourceSpanLink | SymbolBinding | BoundEquation) -> bytes:
    """Write a model object as producers write JSON: keys sorted, spaces after separators."""
    return (json.dumps(to_data(obj), sort_keys=True) + "\n").encode()


def _hash_output(corpus: bytes) -> list[str]:
    """Return what ``binding-graph hash examples/corpus.jsonl`` prints for *corpus*."""
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / CORPUS).parent.mkdir()
        (Path(scratch) / CORPUS).write_bytes(corpus)
        run = subprocess.run(
            [sys.executable, "-m", "binding_graph", "hash", CORPUS],
            cwd=scratch,
            capture_output=True,
            encoding="utf-8",
            check=False,
        )
    # 1: the corpus holds refused records on purpose.
    if run.returncode not in {0, 1} or run.stderr:
        msg = f"binding-graph hash {CORPUS} failed ({run.returncode}): {run.stderr}"
        raise RegenerationError(msg)
    return run.stdout.splitlines()


def _block(root: Path, block: tuple[str, str]) -> str:
    """Return the text of *block* in its page."""
    page, pattern = block
    text = (root / page).read_text(encoding="utf-8")
    found = list(re.finditer(pattern, text, flags=re.DOTALL | re.MULTILINE))
    if len(found) != 1:
        msg = f"{page}: {len(found)} blocks match {pattern!r}, not one"
        raise RegenerationError(msg)
    return found[0]["body"]


def _printed(code: str) -> str:
    """Return what *code*, a page's example, prints when it runs in a fresh namespace."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, QUICKSTART, "exec"), {"__name__": "__quickstart__"})  # noqa: S102 -- the page's own example
    return printed.getvalue()


def _model_rows() -> str:
    """Return the rows of the design page's table of the model: fields in order, defaults shown."""
    rows: list[str] = []
    for cls in MODEL_CLASSES:
        fields = attrs.fields(cast("type", cls))
        collections = [field for field in fields if field.default == ()]
        if collections and len(collections) == len(fields):
            names = ", ".join(f"`{field.name}`" for field in fields)
            described = f"{names}: each a `tuple`, empty by default"
        else:
            described = ", ".join(
                f"`{field.name}`"
                if field.default is attrs.NOTHING
                else f"`{field.name}={field.default!r}`"
                for field in fields
            )
        rows.append(f"| {{class}}`~binding_graph.{cls.__name__}` | {described} |\n")
    return "".join(rows)


def _with_block(root: Path, block: tuple[str, str], body: str) -> bytes:
    """Return the page of *block* with the block's text replaced by *body*."""
    page, pattern = block
    text = (root / page).read_text(encoding="utf-8")
    found = list(re.finditer(pattern, text, flags=re.DOTALL | re.MULTILINE))
    if len(found) != 1:
        msg = f"{page}: {len(found)} blocks match {pattern!r}, not one"
        raise RegenerationError(msg)
    start, end = found[0].span("body")
    return (text[:start] + body + text[end:]).encode("utf-8")


def _with_page(page: bytes, block: tuple[str, str], body: str) -> bytes:
    """Return *page*, already made, with the text of *block* replaced by *body*."""
    text = page.decode("utf-8")
    found = list(re.finditer(block[1], text, flags=re.DOTALL | re.MULTILINE))
    if len(found) != 1:
        msg = f"{block[0]}: {len(found)} blocks match {block[1]!r}, not one"
        raise RegenerationError(msg)
    start, end = found[0].span("body")
    return (text[:start] + body + text[end:]).encode("utf-8")


# The page of the unit lexicon: its sections, each a dimension by its exponents
# (None: any single base of its own, the currencies other than the dollar).
UNITS_LEXICON = "docs/units-lexicon.md"
Exponents = tuple[tuple[str, int], ...]
Entry = dict[str, Any]
LEXICON_SECTIONS: tuple[tuple[str, Exponents | None], ...] = (
    ("Length", (("[length]", 1),)),
    ("Area", (("[length]", 2),)),
    ("Volume", (("[length]", 3),)),
    ("Mass", (("[mass]", 1),)),
    ("Time", (("[time]", 1),)),
    ("Temperature", (("[temperature]", 1),)),
    ("Money", (("[money]", 1),)),
    ("Other currencies", None),
    ("Pure numbers", ()),
)
LEXICON_COLUMNS = 4
"""Pairs of the table of irregular plurals, a row."""


def _lexicon_data() -> dict[str, Any]:
    """Return the lexicon's data file, as the installed package holds it."""
    file = resources.files("binding_graph.units") / f"{LEXICON_VERSION}.json"
    return cast("dict[str, Any]", json.loads(file.read_text(encoding="utf-8")))


def _section(dimension: Dimension) -> str:
    """Return the title of the section that lists units of *dimension*."""
    exponents = dimension.exponents
    for title, wanted in LEXICON_SECTIONS:
        if exponents == wanted or (
            wanted is None
            and len(exponents) == 1
            and exponents[0][1] == 1
            and exponents[0][0].startswith("[")
        ):
            return title
    msg = f"{UNITS_LEXICON}: no section for units of dimension {dimension}"
    raise RegenerationError(msg)


def _code(texts: Iterable[str]) -> str:
    return ", ".join(f"`{text}`" for text in texts)


def _about(value: Fraction) -> str:
    """Return *value* as a decimal, to 6 significant figures, unless it is a whole number."""
    if value.denominator == 1:
        return ""
    return f"{float(value):.6g}"


def _unit_section(
    title: str, wanted: Exponents | None, found: list[Entry]
) -> list[str]:
    """Return the lines of one section of units: a sentence or two, and their table."""
    named = DEFAULT.units
    lines = ["", f"## {title}", ""]
    if wanted is None:
        lines.append(
            "Each currency is a dimension of its own, never converted to another:"
            " its scale is relative to itself."
        )
    elif wanted:
        lines.append(
            f"Scales are relative to `{Unit(Fraction(1), Dimension(wanted))}`."
        )
    else:
        lines.append("Scales are relative to the number 1.")
    offsets = any(named[entry["name"]].offset for entry in found)
    if offsets:
        lines.append(
            "An offset is where the unit's zero lies, in kelvins: the algebra"
            " never adds, negates or multiplies a unit with an offset."
        )
    head = ["Name", "Other spellings (plural first)", "Scale", "≈"]
    if wanted is None:
        head.insert(1, "Dimension")
    if offsets:
        head += ["Offset", "≈"]
    lines += ["", "| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for entry in found:
        unit = named[entry["name"]]
        plural = [entry["plural"]] if entry["plural"] else []
        row = [
            f"`{entry['name']}`",
            _code([*plural, *entry["spellings"]]),
            f"`{unit.scale}`",
            _about(unit.scale),
        ]
        if wanted is None:
            row.insert(1, f"`{unit.dimension}`")
        if offsets:
            row += [f"`{unit.offset}`", _about(unit.offset)]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _derived_section(derived: list[dict[str, Any]]) -> list[str]:
    """Return the lines of the section of derived spellings, each read by the default lexicon."""
    lines = [
        "",
        "## Derived spellings",
        "",
        "Each of these spellings is a unit made of the units above.",
        "",
        "| Spelling | Is | Scale | ≈ | Dimension |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in derived:
        for spelling in entry["spellings"]:
            unit = DEFAULT.parse(spelling)
            lines.append(
                f"| `{spelling}` | `{unit}` | `{unit.scale}` | {_about(unit.scale)}"
                f" | `{unit.dimension}` |"
            )
    return lines


def _plurals_section(plurals: dict[str, str]) -> list[str]:
    """Return the lines of the section of irregular plurals: a table of pairs in columns."""
    irregular = [(plural, one) for plural, one in plurals.items() if plural != one]
    same = [plural for plural, one in plurals.items() if plural == one]
    lines = [
        "",
        "## Irregular plurals of count nouns",
        "",
        (
            "A count noun is named by its singular; the lexicon knows these plurals,"
            " which do not follow the regular rules of English."
        ),
        "",
        "| " + " | ".join(["Plural | Singular"] * LEXICON_COLUMNS) + " |",
        "|" + " --- |" * (2 * LEXICON_COLUMNS),
    ]
    rows = -(-len(irregular) // LEXICON_COLUMNS)
    for r in range(rows):
        pairs = irregular[r::rows]
        cells = [f"`{text}`" for pair in pairs for text in pair]
        cells += [""] * (2 * LEXICON_COLUMNS - len(cells))
        lines.append("| " + " | ".join(cells) + " |")
    if same:
        lines += [
            "",
            (
                "These words are the same in the singular and the plural, and lose no"
                f" final `s`: {_code(same)}."
            ),
        ]
    return lines


def units_lexicon_page() -> str:
    """Return the page of the unit lexicon: every unit, spelling and plural of the data file."""
    data = _lexicon_data()
    entries: list[Entry] = data["units"]
    if [entry["name"] for entry in entries] != list(DEFAULT.units):
        msg = f"{UNITS_LEXICON}: the data file's units are not DEFAULT.units"
        raise RegenerationError(msg)
    version = DEFAULT.version
    derived: list[dict[str, Any]] = data["derived"]
    spellings = sum(len(entry["spellings"]) for entry in derived)
    lines = [
        f"# The unit lexicon ({version})",
        "",
        (
            "This page is generated by `python tools/regenerate.py` from the"
            f" lexicon's data file, `binding_graph/units/{version}.json`: edit the"
            " data file, never the page."
        ),
        (
            f"The data file holds {len(entries)} units, {spellings} derived"
            f" spellings, {len(data['plurals'])} irregular plurals of count nouns"
            f" and {len(data['connectors'])} connector words."
        ),
        (
            "A unit reads by its name, its plural and each of its other spellings;"
            " a phrase the lexicon does not list is a count noun, a dimension of"
            " its own."
        ),
        (
            "A scale is exact, the number of coherent units of its dimension in"
            " one of the unit; where it is not a whole number, the column ≈ gives"
            " it as a decimal, for reading only."
        ),
    ]
    sections: dict[str, list[Entry]] = {title: [] for title, _ in LEXICON_SECTIONS}
    for entry in entries:
        sections[_section(DEFAULT.units[entry["name"]].dimension)].append(entry)
    for title, wanted in LEXICON_SECTIONS:
        if sections[title]:
            lines += _unit_section(title, wanted, sections[title])
    lines += _derived_section(derived)
    lines += _plurals_section(data["plurals"])
    lines += [
        "",
        "## Connector words",
        "",
        f"These words join units and are never one: {_code(data['connectors'])}.",
        "",
    ]
    return "\n".join(lines)


def artefacts(root: Path) -> dict[str, bytes]:
    """Return every artefact's path, from *root* and with ``/``, and the bytes it should hold."""
    made: dict[str, bytes] = {}
    profiles: tuple[tuple[str, Literal["default", "generation", "writing"]], ...] = (
        (SCHEMA, "default"),
        (GENERATION_SCHEMA, "generation"),
        (WRITING_SCHEMA, "writing"),
    )
    schemas = [(path, json_schema(profile)) for path, profile in profiles]
    schemas += [
        (DRAFT_SCHEMA, draft_schema()),
        (STRICT_DRAFT_SCHEMA, draft_schema(strict=True)),
    ]
    for path, written in schemas:
        schema = json.dumps(written, indent=2, ensure_ascii=False)
        made[path] = (schema + "\n").encode("utf-8")

    golden: dict[str, Callable[[], SemanticSymbolicBindingGraph]]
    golden = _script(root, "tests/_golden.py").GOLDEN
    graphs = {name: build() for name, build in golden.items()}
    for name, graph in graphs.items():
        made[f"{GOLDEN}/{name}.json"] = canonical_bytes(graph)
    hashes = {name: content_hash(graph) for name, graph in graphs.items()}
    made[f"{GOLDEN}/hashes.json"] = (json.dumps(hashes, indent=2) + "\n").encode()

    for name, graph in graphs.items():
        made[f"{SEEDS}/{name}.json"] = canonical_bytes(graph)
    problem = graphs["word_problem"]
    made[f"{SEEDS}/span.json"] = _fragment(problem.provenance[0])
    made[f"{SEEDS}/symbol.json"] = _fragment(problem.symbols[0])
    made[f"{SEEDS}/equation.json"] = _fragment(problem.equations[0])

    corpus: bytes = _script(root, "examples/make_corpus.py").corpus()
    made[CORPUS] = corpus
    make_drafts = _script(root, "examples/make_drafts.py")
    made[DRAFTS] = make_drafts.drafts(corpus)
    sample = (root / GSM8K_SAMPLE).read_bytes()
    made[GSM8K_DRAFTS] = make_drafts.gsm8k_drafts(sample)
    shown = _hash_output(corpus)
    made[HASH_BLOCK[0]] = _with_block(
        root, HASH_BLOCK, "\n".join([*shown[:3], "...", *shown[-2:]]) + "\n"
    )
    document = laid_out(to_data(format_example())) + "\n"
    made[LAYOUT_BLOCK[0]] = _with_block(root, LAYOUT_BLOCK, document)
    made[LAYOUT_BLOCK[0]] = _with_page(
        made[LAYOUT_BLOCK[0]],
        FORMAT_HASH_BLOCK,
        f"{content_hash(format_example())!r}\n",
    )
    quickstart = _printed(_block(root, (QUICKSTART, QUICKSTART_CODE)))
    made[QUICKSTART] = _with_block(root, QUICKSTART_OUTPUT_BLOCK, quickstart)
    made[MODEL_TABLE_BLOCK[0]] = _with_block(root, MODEL_TABLE_BLOCK, _model_rows())
    example = _script(root, "examples/word_problem.py").build()
    made[MERMAID_BLOCK[0]] = _with_block(root, MERMAID_BLOCK, to_mermaid(example))
    made[UNITS_LEXICON] = units_lexicon_page().encode("utf-8")
    return made


def unaccounted(root: Path, made: dict[str, bytes]) -> list[str]:
    """Say what is wrong with the generated directories: files nobody makes, seeds missing."""
    problems: list[str] = []
    kept = {f"{SEEDS}/{name}" for name in HAND_MADE_SEEDS}
    for directory in (GOLDEN, SEEDS):
        for file in sorted((root / directory).iterdir()):
            path = f"{directory}/{file.name}"
            if path not in made and path not in kept:
                problems.append(
                    f"{path}: neither made by tools/regenerate.py nor kept as hand-made"
                )
    problems.extend(
        f"{path}: a hand-made seed is missing"
        for path in sorted(kept)
        if not (root / path).is_file()
    )
    return problems


def _replace(path: Path, data: bytes) -> None:
    """Write *data* to *path* through a temporary file beside it, so it is never half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def main(argv: list[str] | None = None) -> int:
    """Rewrite, or with ``--check`` list, the artefacts that are out of date; return the exit status."""
    parser = argparse.ArgumentParser(
        description="Write every generated artefact again, or check that each is up to date."
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list what is out of date, and exit 1 if anything is",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to work on (default: the one that holds this tool)",
    )
    args = parser.parse_args(argv)
    root: Path = args.root
    try:
        made = artefacts(root)
    except (RegenerationError, OSError) as error:
        sys.stderr.write(f"regenerate: {error}\n")
        return 2
    stale = [
        path
        for path, data in made.items()
        if not (root / path).is_file() or (root / path).read_bytes() != data
    ]
    for path in stale:
        if args.check:
            sys.stdout.write(f"would rewrite {path}\n")
        else:
            _replace(root / path, made[path])
            sys.stdout.write(f"rewrote {path}\n")
    problems = unaccounted(root, made)
    for problem in problems:
        sys.stdout.write(f"{problem}\n")
    return 1 if problems or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
