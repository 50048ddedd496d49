"""Fuzz the document readers, the arithmetic, the units, the benchmarks' adapters, the readers of SVAMP's JSON array and ASDiv's XML, and the reader of programs: nothing but BindingGraphError (or, from the array's and the XML's readers, the one line that stops a run) may escape them.

Every input is also listed by ``refusals()``, which must find nothing
exactly where the reader reads it, and begin with the reader's refusal.

Coverage-guided with atheris (libFuzzer) where it installs for the running
Python; otherwise, or with ``--engine hypothesis``, Hypothesis drives the
same target with arbitrary bytes, arbitrary JSON and valid documents with
one value changed.

Where the ``fast`` extra (msgspec) is installed, every input is read on the
pure path and on the fast path, and any difference (an object, its
canonical bytes, or a refusal's code, path and message) fails the run too.

The text is also read as a unit, whose canonical spelling must read back
as that unit; the bytes as SVAMP's JSON array and as ASDiv's XML, a record
at a time, which must give the same records and the same end however the
file is cut into chunks. The input's second byte picks one of three slower
readers for the text (its first picks the model class): the benchmarks'
adapters, as a GSM8K solution, a SVAMP equation and a GSM-Hard program,
whose cases must read back from their lines; the reader of programs, with
``from_program``, ``program_refusals`` and ``python_value``, which must
agree (the first refusal listed is the one raised, and none is listed
exactly where the program is read), and what ``python_value`` reads must
be what Python would: where the text is Python, its compiler takes it, and
its run (with ``float``, ``int`` and ``round`` its only builtins) returns
the same value, which GSM-Hard takes as its target; or the drafts', against
a word problem and against itself (so that its quotes occur):
``compile_draft`` raises the first refusal ``draft_refusals`` lists, and a
``DraftChecker`` fed it in chunks (three characters at a time for its first
60, then in 16) tells them all. Seeds of drafts that once cost time
quadratic in them start the fuzzer there: a quote whose occurrences
overlap, quotes in a text without whitespace, many distinct quotes, and
long tokens a checker is fed a few characters at a time.
A graph is solved, and ``diff`` of it and itself with its facts and
equations reversed must find what it finds of it and itself (where the
arithmetic cannot read an equation, that equation differs).

Each input is also read as a caller in Python could hand it over: the text
as a subclass of ``bytes`` or ``str`` whose methods lie or raise, and its
tree with one value or key made so (``fuzz/hostile.py``); the last bytes of
the input choose which and how.

    python fuzz/fuzz_documents.py --runs 1000000
    python fuzz/fuzz_documents.py --seconds 60 --engine hypothesis

Either engine stops with a traceback and a non-zero exit status on the
first input that makes anything else escape; atheris also writes that input
to a ``crash-*`` file, to replay with ``python fuzz/fuzz_documents.py FILE``.
The seed corpus is ``tests/fuzz_corpus``; it is copied, never written to.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import importlib.util
import io
import json
import re
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs

# The hostile values live beside this script, which is no package.
sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile  # found through the line above

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph.model import Model

_SUMMARY = "Fuzz the document readers: nothing but BindingGraphError may escape."
SEEDS = Path(__file__).resolve().parent.parent / "tests" / "fuzz_corpus"

# atheris ships no type hints, and wheels only for some Pythons: imported by
# name, where it is installed.
atheris: Any = None
if importlib.util.find_spec("atheris") is not None:  # pragma: no cover
    atheris = importlib.import_module("atheris")
    # Instrument the package for coverage feedback, so import it here first.
    with atheris.instrument_imports(include=["binding_graph"]):
        import binding_graph
        from binding_graph import arithmetic, datasets, drafts, units
        from binding_graph._show import short_repr
        from binding_graph.cli._benchmarks import array_record
        from binding_graph.cli._json_array import Position, array_records
        from binding_graph.cli._report import RunError
        from binding_graph.cli._xml_records import xml_records
        from binding_graph.documents import _paths as _switch

        _switch.load()  # imports the fast path, where installed, instrumented too
else:
    import binding_graph
    from binding_graph import arithmetic, datasets, drafts, units
    from binding_graph._show import short_repr
    from binding_graph.cli._benchmarks import array_record
    from binding_graph.cli._json_array import Position, array_records
    from binding_graph.cli._report import RunError
    from binding_graph.cli._xml_records import xml_records
    from binding_graph.documents import _paths as _switch

# The fast path, or None where the extra is not installed (or not wanted).
FAST_PATH = _switch.load()

_CLASSES: tuple[type[Model], ...] = (
    binding_graph.SemanticSymbolicBindingGraph,
    binding_graph.SourceSpanLink,
    binding_graph.SymbolBinding,
    binding_graph.BoundFact,
    binding_graph.BoundEquation,
    binding_graph.BoundUnknown,
    binding_graph.BoundConstraint,
)


class PathsDisagreeError(AssertionError):
    """The pure path and the fast path answered an input differently."""


class RefusalsDisagreeError(AssertionError):
    """refusals() and the reader disagreed: on whether the input is valid, or on its first refusal."""


def _listed(document: object, cls: type[Model], first: object) -> object:
    """Return what refusals() lists of *document*, held to *first*, the reader's refusal or ``None``."""
    listed = [
        (e.code, e.path, e.message) for e in binding_graph.refusals(document, cls)
    ]
    if (listed[0] if listed else None) != first:
        shown = short_repr(document)  # the input may be hostile, its repr too
        msg = f"refusals: {listed!r}; the reader: {first!r}; input: {shown}"
        raise RefusalsDisagreeError(msg)
    return listed


def _refused_by(read: Callable[[], object]) -> object:
    try:
        read()
    except binding_graph.BindingGraphError as exc:
        return (exc.code, exc.path, exc.message)
    return None


def _answer(text: object, cls: type[Model], fast: _switch.FastPath | None) -> object:
    """Return what loads answers on one path, the object and its bytes or the refusal, and what refusals lists."""
    _switch.use(fast)
    # refusals() reads text as loads does, and anything else as a tree.
    tree = not issubclass(type(text), (str, bytes, bytearray))
    first = _refused_by(lambda: binding_graph.from_data(text, cls)) if tree else None
    try:
        obj = binding_graph.loads(text, cls)  # type: ignore[call-overload]
    except binding_graph.BindingGraphError as exc:
        refused = (exc.code, exc.path, exc.message)
        return (refused, _listed(text, cls, first if tree else refused))
    listed = _listed(text, cls, first)
    return (obj, binding_graph.canonical_bytes(obj), binding_graph.dumps(obj), listed)


def _read_both_ways(text: object, cls: type[Model]) -> None:
    """Read *text* on the pure path, and on the fast path where installed: the same."""
    pure = _answer(text, cls, None)
    if FAST_PATH is not None:
        fast = _answer(text, cls, FAST_PATH)
        if fast != pure:
            msg = f"pure path: {pure!r}; fast path: {fast!r}; input: {text!r}"
            raise PathsDisagreeError(msg)


class SpellingChangedTreeError(AssertionError):
    """The canonical spelling of an expression read back as another tree."""


def _arithmetic(text: str) -> None:
    """Read *text* as the arithmetic profile reads strings; its spelling must read back the same."""
    for read in (arithmetic.parse_number, arithmetic.parse_predicate):
        with contextlib.suppress(binding_graph.BindingGraphError):
            read(text)
    try:
        tree = arithmetic.parse_expression(text)
    except binding_graph.BindingGraphError:
        return
    spelled = arithmetic.canonical_expression(text)
    if arithmetic.parse_expression(spelled) != tree or str(tree) != spelled:
        msg = f"{text!r} spells {spelled!r}, which reads otherwise"
        raise SpellingChangedTreeError(msg)


class SpellingChangedUnitError(AssertionError):
    """The canonical spelling of a unit read back as another unit, or did not read."""


def _unit(text: str) -> None:
    """Read *text* as a unit; its canonical spelling must read back as the same unit, spelled alike."""
    try:
        unit = units.parse_unit(text)
    except binding_graph.BindingGraphError:
        return
    spelled = str(unit)
    try:
        again = units.parse_unit(spelled)
    except binding_graph.BindingGraphError as error:
        msg = f"{short_repr(text)} spells {short_repr(spelled)}, which is refused: {error}"
        raise SpellingChangedUnitError(msg) from None
    if (again, again.offset, str(again)) != (unit, unit.offset, spelled):
        msg = f"{short_repr(text)} spells {short_repr(spelled)}, which reads otherwise"
        raise SpellingChangedUnitError(msg)


class CaseChangedError(AssertionError):
    """A benchmark's case did not read back from the line written of it."""


def _benchmarks(text: str) -> None:
    """Import *text* as a GSM8K or GSM-Plus solution, a SVAMP equation, an ASDiv formula and answer: refusals only, and each case reads back from its line."""
    plus = {"question": "How many?", "perturbation_type": "fuzz"}
    asdiv = {"Body": text, "Question": "How many?"}
    records = (
        (datasets.from_gsm8k, {"question": text, "answer": f"{text}\n#### 1"}),
        (datasets.from_gsm8k, {"question": "How many?", "answer": f"{text}\n#### 1"}),
        (
            datasets.from_svamp,
            {"Body": text, "Question": "How many?", "Equation": text, "Answer": 1},
        ),
        (datasets.from_gsm_plus, {**plus, "solution": text, "answer": "1.5"}),
        (datasets.from_gsm_plus, {**plus, "solution": "<<3/2=1>>", "answer": text}),
        (datasets.from_asdiv, {**asdiv, "Formula": text, "Answer": "1.5 (apples)"}),
        (datasets.from_asdiv, {**asdiv, "Formula": "3/2=1 r1", "Answer": text}),
        (datasets.from_gsm_hard, {"input": text, "code": text, "target": 1.0}),
    )
    for adapter, record in records:
        try:
            case = adapter(record, source_id="fuzz")
        except binding_graph.BindingGraphError:
            continue
        [read] = datasets.load_cases([datasets.case_line(case)])
        if read.case != case:
            msg = f"the case of {short_repr(text)} reads back as {read!r}"
            raise CaseChangedError(msg)


class ChunksDisagreeError(AssertionError):
    """A reader of a whole file read it otherwise when it was cut into other chunks."""


# The chunks a file is cut into, besides the command's: the input's last
# byte picks one. Its length picks the bytes a record may take: records
# above them, and records deep enough to refuse, are both read.
_CHUNKS = (1, 2, 3, 5, 8, 13, 64)
_RECORD_BYTES = (64, 8192)
_ILL_FORMED = re.compile(r":\d+: T must be well-formed XML \(.*\)$")


def _read_whole(read: Callable[..., Any], data: bytes) -> list[tuple[object, object]]:
    """Return what *read* hands over of *data*, cut into the command's chunks, and the line that stops it, if any; the same, cut into others."""
    limit = _RECORD_BYTES[len(data) % 2]
    readings: list[list[tuple[object, object]]] = []
    for chunk in (1 << 16, _CHUNKS[data[-1] % len(_CHUNKS)] if data else 1):
        reading: list[tuple[object, object]] = []
        try:
            for at, record in read("fuzz", "T", io.BytesIO(data), limit, chunk=chunk):
                shown = record
                if isinstance(record, binding_graph.BindingGraphError):
                    shown = (record.code, record.path, record.message)
                reading.append((at, shown))
        except RunError as error:
            # Where expat finds a document ill-formed, and why, may move
            # with where a piece ends (a NUL, or junk after the root): the
            # records before it may not.
            reading.append(("stopped", _ILL_FORMED.sub(" ill-formed", str(error))))
        readings.append(reading)
    if readings[0] != readings[1]:
        msg = f"whole: {readings[0]!r}; in chunks: {readings[1]!r}; input: {short_repr(data)}"
        raise ChunksDisagreeError(msg)
    return readings[0]


def _array(data: bytes) -> None:
    """Read *data* as SVAMP's array: the same however it is cut; each record read alone, and handed to from_svamp, refuses with BindingGraphError only."""
    for at, record in _read_whole(array_records, data):
        if isinstance(record, bytes):
            with contextlib.suppress(binding_graph.BindingGraphError):
                read = array_record(record, cast("Position", at))
                datasets.from_svamp(read, source_id="fuzz")


def _xml(data: bytes) -> None:
    """Read *data* as ASDiv's XML: the same however it is cut; each record handed to from_asdiv, which refuses with BindingGraphError only."""
    for _, record in _read_whole(xml_records, data):
        if isinstance(record, dict):
            with contextlib.suppress(binding_graph.BindingGraphError):
                fields = cast("dict[str, str]", record)
                datasets.from_asdiv(fields, source_id="fuzz")


class ProgramRefusalsDisagreeError(AssertionError):
    """program_refusals and from_program disagreed: on whether a program is read, or on its first refusal."""


_PROBLEM = "Ann has 3 boxes of 12 pens. She gives away 7 pens. How many pens are left?"


class ReadOtherwiseError(AssertionError):
    """python_value read a program otherwise than Python would: its compiler refuses it, its run returns another value, or GSM-Hard refuses that value as its target."""


# What a program the reader accepts may call; nothing else is there to run.
_BUILTINS = {"float": float, "int": int, "round": round}


def _as_python(text: str, value: int | float) -> None:  # noqa: PYI041 -- an int is no float here
    """Hold *value*, what python_value reads of *text*, to Python's own reading: where the text is Python, its compiler takes it and its run returns *value*; GSM-Hard takes it as the program's target."""
    if value == value:  # noqa: PLR0124 -- NaN, which no target equals
        record = {"input": text, "code": text, "target": value}
        try:
            datasets.from_gsm_hard(record, source_id="fuzz")
        except binding_graph.BindingGraphError as error:
            if error.code == "answer_mismatch":
                msg = f"GSM-Hard refuses {value!r}, the value of {short_repr(text)}"
                raise ReadOtherwiseError(msg) from None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return  # a reply, whose program is its block
        try:
            code = compile(tree, "<fuzz>", "exec")
        except SyntaxError as error:
            msg = f"Python's compiler refuses {short_repr(text)}: {error}"
            raise ReadOtherwiseError(msg) from None
    # The whitelist's arithmetic only, with Python's own three functions.
    namespace: dict[str, Any] = {"__builtins__": dict(_BUILTINS)}
    [name] = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    try:
        exec(code, namespace)  # noqa: S102 -- a program the reader accepted, held to Python's run
        ran: object = namespace[name]()
    except Exception as error:  # noqa: BLE001 -- any is a difference
        ran = error
    if (type(ran), repr(ran)) != (type(value), repr(value)):
        msg = f"Python returns {ran!r} of {short_repr(text)}, not {value!r}"
        raise ReadOtherwiseError(msg)


def _program(text: str) -> None:
    """Read *text* as a program: from_program raises exactly the first refusal program_refusals lists, and python_value refuses only, or reads what Python would."""
    try:
        drafts.from_program(text, _PROBLEM, source_id="fuzz")
        raised = None
    except binding_graph.BindingGraphError as error:
        raised = (error.code, error.path, error.message)
    listed = [
        (error.code, error.path, error.message)
        for error in drafts.program_refusals(text, _PROBLEM, source_id="fuzz")
    ]
    if (listed[0] if listed else None) != raised:
        msg = f"program_refusals: {listed!r}; from_program: {raised!r}; input: {short_repr(text)}"
        raise ProgramRefusalsDisagreeError(msg)
    try:
        value = drafts.python_value(text)
    except binding_graph.BindingGraphError:
        return
    _as_python(text, value)


class SetupDependsOnOrderError(AssertionError):
    """A graph's set-up differences from itself changed with the order of its facts and equations."""


class DraftRefusalsDisagreeError(AssertionError):
    """draft_refusals, compile_draft and DraftChecker disagreed on a draft's refusals."""


def _chunks(size: int) -> list[tuple[int, int]]:
    """Return where to cut a text of *size* characters for a streaming reader: three characters at a time for its first 60, then in 16 chunks.

    Every cut of a short draft, and some of every long one: a long one fed
    three characters at a time would cost the fuzzer most of its runs.
    """
    head = min(size, 60)
    cuts = list(range(0, head, 3))
    step = max(1, -(-(size - head) // 16))
    cuts += range(head, size, step)
    return list(zip(cuts, [*cuts[1:], size], strict=False))


def _draft(text: str) -> None:
    """Read *text* as a draft, against the problem and against itself: compile_draft raises exactly the first refusal draft_refusals lists, and a DraftChecker fed it in chunks (see _chunks) tells them all, in order."""
    for problem in (_PROBLEM, text):
        try:
            listed = [
                (error.code, error.path, error.message)
                for error in drafts.draft_refusals(
                    text, problem, source_id="fuzz", limit=10**6
                )
            ]
        except binding_graph.BindingGraphError:
            continue  # the text, as a problem's, is refused: empty
        try:
            drafts.compile_draft(text, problem, source_id="fuzz")
            raised = None
        except binding_graph.BindingGraphError as error:
            raised = (error.code, error.path, error.message)
        checker = drafts.DraftChecker(problem, source_id="fuzz")
        told = [
            refusal
            for start, end in _chunks(len(text))
            for refusal in checker.feed(text[start:end])
        ]
        told += checker.close()
        streamed = [(error.code, error.path, error.message) for error in told]
        if (listed[0] if listed else None) != raised or streamed != listed:
            msg = (
                f"draft_refusals: {listed!r}; compile_draft: {raised!r};"
                f" DraftChecker: {streamed!r}; input: {short_repr(text)}"
            )
            raise DraftRefusalsDisagreeError(msg)


def _solve(data: bytes) -> None:
    """Solve *data* exactly if it is a graph: findings never refuse, evaluate only with BindingGraphError; reordering it changes no difference of its set-up."""
    try:
        graph = binding_graph.loads(data)
    except binding_graph.BindingGraphError:
        return
    arithmetic.findings(graph)
    with contextlib.suppress(binding_graph.BindingGraphError):
        arithmetic.answers(graph)
    reordered = attrs.evolve(
        graph, facts=graph.facts[::-1], equations=graph.equations[::-1]
    )
    found = datasets.diff(graph, graph)
    again = datasets.diff(graph, reordered)
    if [item for item in again if item.side == "-"] != [
        item for item in found if item.side == "-"
    ] or sorted((item.side, item.path[0]) for item in again) != sorted(
        (item.side, item.path[0]) for item in found
    ):
        told = [str(item) for item in again], [str(item) for item in found]
        msg = f"reordered, a graph's differences from itself change: {told}"
        raise SetupDependsOnOrderError(msg)


_SLOWER: tuple[Callable[[str], None], ...] = (_benchmarks, _program, _draft)
"""The readers that take most of an input's time: the benchmarks' adapters, programs and drafts."""


def target(data: bytes) -> None:
    """Read *data* every way a user could; only BindingGraphError may escape.

    Both paths must give the same answer. The text is also read as an
    arithmetic expression, predicate and number, and a graph is solved.
    """
    # The first byte picks the class, so every reader gets inputs.
    cls = _CLASSES[data[0] % len(_CLASSES)] if data else _CLASSES[0]
    previous = _switch.fast
    try:
        _read_both_ways(data, cls)
        _read_both_ways(data.decode("utf-8", "replace"), cls)
    finally:
        _switch.use(previous)
    text = data.decode("utf-8", "replace")
    _arithmetic(text)
    _unit(text)
    # The second byte picks which of the slower readers read the text, as
    # the first picks the class: each reads a third of the inputs, so that a
    # run reaches three times the inputs in the same time.
    _SLOWER[data[1] % len(_SLOWER) if len(data) > 1 else 0](text)
    _array(data)
    _xml(data)
    _solve(data)
    choice = int.from_bytes(data[-8:], "little")
    try:
        _read_both_ways(hostile.hostile_like(data, choice), cls)
    finally:
        _switch.use(previous)
    try:
        tree = json.loads(data)
    except (ValueError, RecursionError):
        return  # not JSON to Python either: nothing for from_data to read
    for given in (tree, hostile.poison(tree, choice)):
        _read_tree(given, cls)


def _read_tree(tree: object, cls: type[Model]) -> None:
    """Read *tree* with from_data; refusals must list nothing exactly if it reads, and begin with its refusal.

    A tree that is a string (or a subclass of one, poisoned) is text to
    refusals, which reads it as loads does: the text arms of the target hold
    it to loads.
    """
    if issubclass(type(tree), str):
        with contextlib.suppress(binding_graph.BindingGraphError):
            binding_graph.from_data(tree, cls)
        return
    try:
        binding_graph.from_data(tree, cls)
    except binding_graph.BindingGraphError as exc:
        _listed(tree, cls, (exc.code, exc.path, exc.message))
    else:
        _listed(tree, cls, None)


def _run_atheris(runs: int, seconds: int, extra: list[str]) -> None:  # pragma: no cover
    corpus = Path(tempfile.mkdtemp(prefix="binding-graph-corpus-"))
    for seed in SEEDS.iterdir():
        shutil.copy(seed, corpus)
    argv = [sys.argv[0], f"-runs={runs}", "-print_final_stats=1"]
    if seconds:
        argv.append(f"-max_total_time={seconds}")
    atheris.Setup([*argv, *extra, str(corpus)], target)
    atheris.Fuzz()


def _splice(seed: bytes, at: int, junk: bytes) -> bytes:
    return seed[:at] + junk + seed[at + len(junk) :]


def _dump(value: object) -> bytes:
    # "surrogatepass": a lone surrogate reaches the reader as invalid UTF-8.
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _program_of(expression: str) -> bytes:
    """Return a program of the PAL shape that assigns *expression* and returns it."""
    return f"def solution():\n    a = 3\n    b = {expression}\n    return b\n".encode()


def _first(case: tuple[dict[str, Any], str]) -> dict[str, Any]:
    return case[0]


def _spelt(word: str, case: Callable[[str], str], ending: str) -> str:
    """Return a lexicon's *word* in another *case*, with an *ending*: as a word problem may write it."""
    return case(word) + ending


def _run_hypothesis(runs: int, seconds: int) -> None:
    from hypothesis import HealthCheck, given, settings  # noqa: PLC0415
    from hypothesis import strategies as st  # noqa: PLC0415

    from binding_graph import strategies as bgst  # noqa: PLC0415

    scalars: st.SearchStrategy[object] = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text()
    )
    json_values: st.SearchStrategy[object] = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.text(max_size=12), inner, max_size=6),
        ),
        max_leaves=24,
    )
    seeds = [seed.read_bytes() for seed in sorted(SEEDS.iterdir())]
    expressions = bgst.expressions().map(lambda text: text.encode())
    # What found the adapters' and the units' failures: numbers past every
    # limit inside annotations and equations, many steps on one line, long
    # count nouns, and every lexicon word in any case with any ending.
    digits = st.integers(1, 6000).map(lambda n: "9" * n)
    annotations = st.one_of(
        st.builds("<<{}*2=1>>1".format, digits),
        st.builds("( {} )".format, digits),
        st.integers(1, 300).map(lambda n: " and ".join(["<<3+1=4>>4"] * n)),
    )
    words = st.deferred(lambda: st.sampled_from(sorted(units.DEFAULT.units)))
    unit_texts = st.one_of(
        st.builds(str.__add__, st.integers(1, 1200).map("w".__mul__), st.just("s")),
        st.builds(
            _spelt,
            words,
            st.sampled_from([str.lower, str.upper, str.title, str.swapcase]),
            st.sampled_from(["", "s", "es", "S", "'s"]),
        ),
    )
    inputs: st.SearchStrategy[bytes] = st.one_of(
        st.binary(max_size=512),
        json_values.map(_dump),
        bgst.graph_documents(max_symbols=3).map(_dump),
        bgst.invalid_graph_documents().map(_first).map(_dump),
        expressions,
        annotations.map(str.encode),
        unit_texts.map(str.encode),
        # Programs whose right-hand sides are any expression of the profile.
        bgst.expressions().map(_program_of),
        st.builds(
            _splice, expressions, st.integers(0, 64), st.binary(min_size=1, max_size=2)
        ),
        st.builds(
            _splice,
            st.sampled_from(seeds),
            st.integers(0, 4096),
            st.binary(min_size=1, max_size=8),
        ),
    )
    deadline = time.monotonic() + seconds if seconds else None
    count = 0

    @settings(
        max_examples=runs,
        deadline=None,
        database=None,
        # A fuzzing campaign, not a test: slow or large inputs are its job.
        suppress_health_check=(
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ),
    )
    @given(inputs)
    def fuzz(data: bytes) -> None:
        nonlocal count
        if deadline is not None and time.monotonic() > deadline:
            return
        count += 1
        target(data)

    started = time.monotonic()
    fuzz()
    elapsed = time.monotonic() - started
    paths = "the pure and fast paths agreed" if FAST_PATH else "the pure path only"
    print(
        f"Done {count} runs in {elapsed:.0f} second(s): no foreign exception;"
        f" {paths}; refusals() agreed with the readers"
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and fuzz within its budget."""
    parser = argparse.ArgumentParser(description=_SUMMARY)
    parser.add_argument("--runs", type=int, default=100_000, help="inputs to try")
    parser.add_argument("--seconds", type=int, default=0, help="time budget (0: none)")
    parser.add_argument(
        "--engine", choices=("auto", "atheris", "hypothesis"), default="auto"
    )
    args, extra = parser.parse_known_args(argv)
    engine = args.engine
    if engine == "auto":
        engine = "atheris" if atheris is not None else "hypothesis"
    if engine == "atheris":  # pragma: no cover
        if atheris is None:
            parser.error("atheris is not installed for this Python")
        _run_atheris(args.runs, args.seconds, extra)
    else:
        _run_hypothesis(args.runs, args.seconds)


if __name__ == "__main__":
    main()
