"""Tests of ``binding-graph admit``, ``binding-graph units`` and ``binding-graph analyze --units``."""

from __future__ import annotations

import errno
import io
import json
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from binding_graph import canonical_bytes, loads
from binding_graph.analysis import findings
from binding_graph.arithmetic import findings as arithmetic_findings
from binding_graph.cli import _units_commands
from binding_graph.cli._progress import Progress
from binding_graph.cli._reading import canonical_record
from binding_graph.cli._report import write_bytes
from binding_graph.units import (
    DEFAULT,
    MAX_UNIT_LENGTH,
    admit,
    parse_unit,
    unit_findings,
)
from tests._graphs import unit_graph
from tests._helpers import (
    Result,
    console_runs,
    equation,
    fact,
    graph,
    refusal,
    run_python,
    symbol,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph
    from binding_graph.datasets import BenchmarkCase

SOUND = unit_graph()  # km + km = km: admitted
MISMATCH = unit_graph("x * y", ("km/h", "h", "kg"))  # km, not kg: refused
DECIDED = unit_graph(status="admitted")  # nothing pending: nothing to decide
# Admitted by hand, but km + kg: --recheck refuses it.
WRONG = unit_graph(units=("km", "kg", "km"), status="admitted")

# A sum of many symbols in a long count noun: its proof spells the noun
# once a symbol, and takes far more bytes than the graph it decides.
_NOUN = "w" + "i" * 400 + "dgets"
SWOLLEN = graph(
    symbols=tuple(symbol(symbol_id=f"s{i}", unit=_NOUN) for i in range(60)),
    facts=(),
    equations=(
        equation(
            lhs_symbol_id="s0",
            rhs_canonical=" + ".join(f"s{i}" for i in range(1, 60)),
            dependencies=frozenset(f"s{i}" for i in range(1, 60)),
            admissibility_status="pending",
        ),
    ),
    unknowns=(),
    constraints=(),
)

MISMATCH_DETAIL = (
    "equations[0].rhs_canonical is in 'kilometer' ([length]), but its left-hand"
    " side 'z' is in 'kilogram' ([mass])"
)
MISMATCH_LINE = f"c.jsonl:2: dimension_mismatch at equations[0]: {MISMATCH_DETAIL}"


def lines(*graphs: SemanticSymbolicBindingGraph | bytes) -> bytes:
    """Return *graphs* as JSON Lines: canonical documents, or bytes as they are."""
    return b"".join(
        (g if isinstance(g, bytes) else canonical_bytes(g)) + b"\n" for g in graphs
    )


def admitted(*graphs: SemanticSymbolicBindingGraph, recheck: bool = False) -> str:
    """Return what admit writes of *graphs*: their admitted graphs, as canonical JSON Lines."""
    return lines(*(admit(g, recheck=recheck) for g in graphs)).decode()


def json_lines(text: str) -> list[dict[str, Any]]:
    """Parse an output of ``--format json``: one object a line."""
    return [json.loads(line) for line in text.splitlines()]


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Say yes."""
        return True


def listing() -> list[str]:
    """Return the names in the working directory, sorted: no temporary file among them."""
    return sorted(path.name for path in Path().iterdir())


class TestAdmit:
    """Admit writes each accepted record's admitted graph to standard output, and reports on standard error."""

    def test_graphs_to_stdout_and_the_report_to_stderr(
        self, cli: Callable[..., Result]
    ) -> None:
        """Pending equations are decided, the others left; refused ones are told; exit 0."""
        Path("c.jsonl").write_bytes(lines(SOUND, MISMATCH, DECIDED))
        assert cli("admit", "c.jsonl") == Result(
            0,
            admitted(SOUND, MISMATCH, DECIDED),
            f"{MISMATCH_LINE}\n3 records: 3 accepted, 0 refused;"
            " 2 equations decided: 1 admitted, 1 refused (dimension_mismatch 1)\n",
        )

    def test_what_the_graphs_say(self, cli: Callable[..., Result]) -> None:
        """An admitted equation carries its proof, a refused one its reason; the rest is as it was."""
        Path("c.jsonl").write_bytes(lines(SOUND, MISMATCH, DECIDED))
        first, second, third = (
            loads(line) for line in cli("admit", "c.jsonl").out.splitlines()
        )
        (sound,) = first.equations
        assert (sound.admissibility_status, sound.unit_proof) == (
            "admitted",
            "kilometer + kilometer = kilometer",
        )
        (mismatch,) = second.equations
        assert (mismatch.admissibility_status, mismatch.refusal_reason) == (
            "refused",
            f"dimension_mismatch: {MISMATCH_DETAIL}",
        )
        assert third == DECIDED

    def test_one_equation_is_said_in_the_singular(
        self, cli: Callable[..., Result]
    ) -> None:
        """The summary counts one equation as such, and none as none."""
        Path("a.jsonl").write_bytes(lines(SOUND))
        Path("b.jsonl").write_bytes(lines(DECIDED))
        assert cli("admit", "a.jsonl").err == (
            "1 record: 1 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n"
        )
        assert cli("admit", "b.jsonl").err == (
            "1 record: 1 accepted, 0 refused; 0 equations decided: 0 admitted, 0 refused\n"
        )

    def test_the_summary_counts_refused_equations_by_reason(
        self, cli: Callable[..., Result]
    ) -> None:
        """Every reason of a refusal is counted, in the order of the reasons' names."""
        refused = [
            unit_graph("x ^ y"),
            unit_graph("x + 1"),
            unit_graph(units=("km/", "km", "km")),
            unit_graph(units=("km", "m", "km")),
            MISMATCH,
            MISMATCH,
        ]
        Path("c.jsonl").write_bytes(lines(*refused))
        result = cli("admit", "c.jsonl")
        reasons = [
            line.split(": ", 1)[1].split(" at ", 1)[0]
            for line in result.err.splitlines()[:-1]
        ]
        assert reasons == [
            "not_arithmetic",
            "dependency_mismatch",
            "unknown_unit",
            "unit_mismatch",
            "dimension_mismatch",
            "dimension_mismatch",
        ]
        assert result.err.splitlines()[-1] == (
            "6 records: 6 accepted, 0 refused; 6 equations decided: 0 admitted,"
            " 6 refused (dependency_mismatch 1, dimension_mismatch 2,"
            " not_arithmetic 1, unit_mismatch 1, unknown_unit 1)"
        )
        assert result.err.splitlines()[2] == (
            "c.jsonl:3: unknown_unit at equations[0]: symbols[0].unit is not a unit:"
            " at offset 3, expected a unit, but found the end"
        )
        assert (result.status, result.out) == (0, admitted(*refused))

    def test_each_refused_equation_is_named_by_its_index(
        self, cli: Callable[..., Result]
    ) -> None:
        """A graph's equations are decided one by one, each refusal at its own index."""
        two = unit_graph(
            symbols=(
                *(symbol(symbol_id=n, unit="km") for n in "xyz"),
                symbol(symbol_id="w", unit="kg"),
            ),
            equations=(
                equation(admissibility_status="pending"),
                equation(
                    lhs_symbol_id="w",
                    rhs_canonical="x + y",
                    admissibility_status="pending",
                ),
            ),
        )
        Path("c.jsonl").write_bytes(lines(two))
        assert cli("admit", "c.jsonl").err == (
            "c.jsonl:1: dimension_mismatch at equations[1]: equations[1].rhs_canonical"
            " is in 'kilometer' ([length]), but its left-hand side 'w' is in"
            " 'kilogram' ([mass])\n"
            "1 record: 1 accepted, 0 refused; 2 equations decided: 1 admitted,"
            " 1 refused (dimension_mismatch 1)\n"
        )

    def test_recheck_decides_every_equation_again(
        self, cli: Callable[..., Result]
    ) -> None:
        """Without --recheck an admitted equation stays; with it, admission refuses it."""
        Path("c.jsonl").write_bytes(lines(WRONG, SOUND))
        assert cli("admit", "c.jsonl") == Result(
            0,
            admitted(WRONG, SOUND),
            "2 records: 2 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n",
        )
        assert admitted(WRONG).encode() == lines(WRONG)
        assert cli("admit", "--recheck", "c.jsonl") == Result(
            0,
            admitted(WRONG, SOUND, recheck=True),
            "c.jsonl:1: unit_mismatch at equations[0]: equations[0].rhs_canonical"
            " adds 'kilometer' ([length]) and 'kilogram' ([mass]), of different"
            " dimensions\n"
            "2 records: 2 accepted, 0 refused; 2 equations decided: 1 admitted,"
            " 1 refused (unit_mismatch 1)\n",
        )

    def test_a_refused_record_is_reported_as_validate_does(
        self, cli: Callable[..., Result]
    ) -> None:
        """A record that does not load is validate's line, on stderr, and not written; exit 1."""
        Path("c.jsonl").write_bytes(lines(SOUND, b"{}", MISMATCH))
        validated = cli("validate", "c.jsonl")
        refused = validated.out.splitlines()[0]
        assert refused.startswith("c.jsonl:2: missing_key at format: ")
        assert cli("admit", "c.jsonl") == Result(
            1,
            admitted(SOUND, MISMATCH),
            f"{refused}\n"
            f"c.jsonl:3: dimension_mismatch at equations[0]: {MISMATCH_DETAIL}\n"
            "3 records: 2 accepted, 1 refused (missing_key 1); 2 equations decided:"
            " 1 admitted, 1 refused (dimension_mismatch 1)\n",
        )

    def test_standard_input(self, cli: Callable[..., Result]) -> None:
        """'-' reads JSON Lines from standard input, named <stdin>, besides files."""
        Path("a.jsonl").write_bytes(lines(SOUND))
        result = cli("admit", "-", "a.jsonl", stdin=lines(MISMATCH))
        assert result == Result(
            0,
            admitted(MISMATCH, SOUND),
            MISMATCH_LINE.replace("c.jsonl:2:", "<stdin>:1:")
            + "\n2 records: 2 accepted, 0 refused; 2 equations decided: 1 admitted,"
            " 1 refused (dimension_mismatch 1)\n",
        )

    def test_a_path_that_cannot_be_read_exits_2(
        self, cli: Callable[..., Result]
    ) -> None:
        """A missing file is one line on standard error; the others are admitted."""
        Path("c.jsonl").write_bytes(lines(SOUND))
        assert cli("admit", "nope.jsonl", "c.jsonl") == Result(
            2,
            admitted(SOUND),
            "binding-graph: nope.jsonl: No such file or directory\n"
            "1 record: 1 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n",
        )

    def test_json_format_is_the_report_as_objects(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: each refusal and refused equation an object on stderr, then the summary."""
        Path("c.jsonl").write_bytes(lines(SOUND, MISMATCH, b"[", DECIDED))
        result = cli("admit", "--format", "json", "c.jsonl")
        validated = json_lines(cli("validate", "--format", "json", "c.jsonl").out)
        assert (result.status, result.out) == (1, admitted(SOUND, MISMATCH, DECIDED))
        assert json_lines(result.err) == [
            {
                "file": "c.jsonl",
                "line": 2,
                "code": "dimension_mismatch",
                "path": ["equations", 0],
                "message": MISMATCH_DETAIL,
                "equation_refused": True,
            },
            validated[0],
            {
                "summary": {
                    "records": 4,
                    "accepted": 3,
                    "refused": 1,
                    "by_code": {"malformed_document": 1},
                    "equations": {
                        "decided": 2,
                        "admitted": 1,
                        "refused": 1,
                        "refused_by_reason": {"dimension_mismatch": 1},
                    },
                }
            },
        ]
        assert validated[0]["line"] == 3

    def test_jobs_give_the_same_output(self, cli: Callable[..., Result]) -> None:
        """With --jobs 2, the graphs come from workers, in input order."""
        Path("a.jsonl").write_bytes(lines(SOUND, MISMATCH, b"[", WRONG))
        Path("b.jsonl").write_bytes(lines(DECIDED, SOUND))
        for options in ((), ("--recheck",)):
            argv = ("admit", *options, "a.jsonl", "b.jsonl")
            alone = cli(*argv)
            assert cli(*argv, "--jobs", "2") == alone
            assert alone.status == 1

    def test_the_progress_bar_is_gone_before_each_graph(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With standard error a terminal, the bar is erased before a graph is written."""
        terminal = Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.setattr(Progress, "DELAY", 0.0)
        monkeypatch.setattr(Progress, "INTERVAL", 0.0)
        shown: list[bool] = []

        def watched(data: bytes) -> None:
            drawn = terminal.getvalue()
            shown.append(bool(drawn) and not drawn.endswith("\r\x1b[K"))
            write_bytes(data)

        monkeypatch.setattr(_units_commands, "write_bytes", watched)
        Path("c.jsonl").write_bytes(lines(*[DECIDED] * 300))
        result = cli("admit", "c.jsonl")
        assert (result.status, result.out) == (0, admitted(*[DECIDED] * 300))
        assert "binding-graph: [" in terminal.getvalue()
        assert shown == [False] * 300


class TestAdmitInPlace:
    """admit --in-place rewrites each file as canonicalize does: atomically, never a refused one."""

    def test_rewrites_each_file_with_its_equations_decided(
        self, cli: Callable[..., Result]
    ) -> None:
        """The report goes to stdout: each file rewritten, then the summary with the files."""
        Path("a.jsonl").write_bytes(lines(SOUND, MISMATCH))
        Path("b.json").write_bytes(
            json.dumps(json.loads(canonical_bytes(SOUND))).encode()
        )
        assert cli("admit", "--in-place", "a.jsonl", "b.json") == Result(
            0,
            f"{MISMATCH_LINE.replace('c.jsonl', 'a.jsonl')}\n"
            "rewrote a.jsonl\n"
            "rewrote b.json\n"
            "3 records: 3 accepted, 0 refused; 3 equations decided: 2 admitted,"
            " 1 refused (dimension_mismatch 1); files: 2 rewritten\n",
            "",
        )
        assert Path("a.jsonl").read_text() == admitted(SOUND, MISMATCH)
        assert Path("b.json").read_text() == admitted(SOUND)
        assert listing() == ["a.jsonl", "b.json"]

    def test_a_file_with_nothing_to_change_is_not_written(
        self, cli: Callable[..., Result]
    ) -> None:
        """A second run finds nothing pending: the file is not even written."""
        path = Path("a.jsonl")
        path.write_bytes(lines(SOUND))
        assert cli("admit", "--in-place", "a.jsonl").status == 0
        before = path.stat()
        assert cli("admit", "--in-place", "a.jsonl") == Result(
            0,
            "1 record: 1 accepted, 0 refused; 0 equations decided: 0 admitted,"
            " 0 refused; files: 1 unchanged\n",
            "",
        )
        after = path.stat()
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)

    def test_writes_through_a_hidden_temporary_file_beside_the_target(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The new form is written to .NAME.*.tmp in the file's own directory, then renamed."""
        Path("d").mkdir()
        Path("d/a.jsonl").write_bytes(lines(SOUND))
        renamed: list[tuple[Path, Path]] = []
        replace = Path.replace

        def recording(self: Path, target: str | os.PathLike[str]) -> Path:
            renamed.append((self, Path(target)))
            return replace(self, target)

        monkeypatch.setattr(Path, "replace", recording)
        assert cli("admit", "--in-place", "d/a.jsonl").status == 0
        [(temp, target)] = renamed
        assert target == Path("d/a.jsonl").resolve()
        assert temp.parent == target.parent
        assert temp.name.startswith(".a.jsonl.")
        assert temp.name.endswith(".tmp")
        assert sorted(p.name for p in Path("d").iterdir()) == ["a.jsonl"]

    def test_never_rewrites_a_file_with_a_refused_record(
        self, cli: Callable[..., Result]
    ) -> None:
        """A file with any refused record stays byte for byte; the others are rewritten; exit 1."""
        data = lines(SOUND, b"[]", MISMATCH)
        Path("a.jsonl").write_bytes(data)
        Path("b.jsonl").write_bytes(lines(SOUND))
        validated = cli("validate", "a.jsonl").out.splitlines()[0]
        assert cli("admit", "--in-place", "a.jsonl", "b.jsonl") == Result(
            1,
            f"{validated}\n"
            f"{MISMATCH_LINE.replace('c.jsonl:2', 'a.jsonl:3')}\n"
            "rewrote b.jsonl\n"
            "4 records: 3 accepted, 1 refused (wrong_type 1); 3 equations decided:"
            " 2 admitted, 1 refused (dimension_mismatch 1); files: 1 rewritten,"
            " 1 left as they were (refused records)\n",
            "",
        )
        assert Path("a.jsonl").read_bytes() == data
        assert Path("b.jsonl").read_text() == admitted(SOUND)
        assert listing() == ["a.jsonl", "b.jsonl"]

    def test_a_graph_that_no_reader_would_take_is_not_written(
        self, cli: Callable[..., Result]
    ) -> None:
        """Proofs that would take the graph past --max-bytes: the record is refused, and its file left as it was."""
        data = lines(SWOLLEN)
        Path("a.jsonl").write_bytes(data)
        size = len(canonical_bytes(admit(SWOLLEN)))
        assert len(data) < 40_000 < size
        refused = (
            "a.jsonl:1: limit_exceeded at <root>: its admitted graph would take"
            f" {size:,} bytes of UTF-8, more than the 40,000 that a reader of"
            " documents takes (--max-bytes): it is not written\n"
        )
        summary = (
            "1 record: 0 accepted, 1 refused (limit_exceeded 1); 0 equations decided:"
            " 0 admitted, 0 refused"
        )
        assert cli("admit", "--max-bytes", "40000", "--in-place", "a.jsonl") == Result(
            1,
            f"{refused}{summary}; files: 1 left as they were (refused records)\n",
            "",
        )
        assert Path("a.jsonl").read_bytes() == data
        assert cli("admit", "--max-bytes", "40000", "a.jsonl") == Result(
            1, "", f"{refused}{summary}\n"
        )

    def test_a_failed_replace_leaves_the_file_as_it_was(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """If the rename fails, the original is intact, the temporary file gone, exit 2."""

        def fail(*_: object) -> None:
            raise OSError(errno.EXDEV, "Invalid cross-device link")

        Path("a.jsonl").write_bytes(lines(SOUND))
        monkeypatch.setattr(Path, "replace", fail)
        assert cli("admit", "--in-place", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n",
            "binding-graph: a.jsonl: cannot replace it: Invalid cross-device link\n",
        )
        assert Path("a.jsonl").read_bytes() == lines(SOUND)
        assert listing() == ["a.jsonl"]

    def test_a_file_changed_while_read_keeps_the_change(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Another program's work on the file during the run is never overwritten: exit 2."""
        done: list[bool] = []

        def meanwhile(
            changed: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
        ) -> bytes:
            if not done:
                done.append(True)
                with Path("a.jsonl").open("ab") as file:
                    file.write(lines(DECIDED))
            return canonical_record(changed, case)

        Path("a.jsonl").write_bytes(lines(SOUND))
        monkeypatch.setattr(_units_commands, "canonical_record", meanwhile)
        assert cli("admit", "--in-place", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n",
            "binding-graph: a.jsonl: cannot rewrite it: it changed since it was read\n",
        )
        assert Path("a.jsonl").read_bytes() == lines(SOUND, DECIDED)
        assert listing() == ["a.jsonl"]

    def test_a_same_size_edit_with_its_time_set_back_is_kept(
        self, cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An edit of as many bytes whose modification time is set back (cp -p, touch -r) is not overwritten."""
        edited = lines(SOUND).replace(b'"value":"3"', b'"value":"4"')
        done: list[bool] = []

        def meanwhile(
            changed: SemanticSymbolicBindingGraph, case: BenchmarkCase | None
        ) -> bytes:
            if not done:
                done.append(True)
                path = Path("a.jsonl")
                before = path.stat()
                path.write_bytes(edited)
                os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
            return canonical_record(changed, case)

        Path("a.jsonl").write_bytes(lines(SOUND))
        monkeypatch.setattr(_units_commands, "canonical_record", meanwhile)
        assert len(edited) == len(lines(SOUND))
        assert edited != lines(SOUND)
        assert cli("admit", "--in-place", "a.jsonl") == Result(
            2,
            "1 record: 1 accepted, 0 refused; 1 equation decided: 1 admitted, 0 refused\n",
            "binding-graph: a.jsonl: cannot rewrite it: it changed since it was read\n",
        )
        assert Path("a.jsonl").read_bytes() == edited

    def test_a_missing_file_exits_2_and_the_others_are_rewritten(
        self, cli: Callable[..., Result]
    ) -> None:
        """A path that cannot be opened: one line on stderr, exit 2."""
        Path("b.jsonl").write_bytes(lines(SOUND))
        result = cli("admit", "--in-place", "a.jsonl", "b.jsonl")
        assert result == Result(
            2,
            "rewrote b.jsonl\n1 record: 1 accepted, 0 refused; 1 equation decided:"
            " 1 admitted, 0 refused; files: 1 rewritten\n",
            "binding-graph: a.jsonl: No such file or directory\n",
        )
        assert Path("b.jsonl").read_text() == admitted(SOUND)

    def test_standard_input_cannot_be_rewritten(
        self, cli: Callable[..., Result]
    ) -> None:
        """'-' with --in-place is a usage error: nothing is read."""
        Path("a.jsonl").write_bytes(lines(MISMATCH))
        assert cli("admit", "--in-place", "a.jsonl", "-", stdin=lines(SOUND)) == Result(
            2,
            "",
            "binding-graph: admit --in-place rewrites files: it cannot rewrite"
            " standard input ('-')\n",
        )
        assert Path("a.jsonl").read_bytes() == lines(MISMATCH)

    def test_json_format_names_each_file_and_what_became_of_it(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: refused equations and files as objects, the files in the summary."""
        Path("a.jsonl").write_bytes(lines(MISMATCH))
        result = cli("admit", "--in-place", "--format", "json", "a.jsonl")
        assert (result.status, result.err) == (0, "")
        assert json_lines(result.out) == [
            {
                "file": "a.jsonl",
                "line": 1,
                "code": "dimension_mismatch",
                "path": ["equations", 0],
                "message": MISMATCH_DETAIL,
                "equation_refused": True,
            },
            {"file": "a.jsonl", "action": "rewrote"},
            {
                "summary": {
                    "records": 1,
                    "accepted": 1,
                    "refused": 0,
                    "by_code": {},
                    "equations": {
                        "decided": 1,
                        "admitted": 0,
                        "refused": 1,
                        "refused_by_reason": {"dimension_mismatch": 1},
                    },
                    "files": {"rewrote": 1},
                }
            },
        ]


class TestUnits:
    """Units prints how a unit's text is read: spelling, dimension, scale, and offset if any."""

    @pytest.mark.parametrize(
        ("text", "shown"),
        [
            (
                "miles per hour",
                [
                    "unit:      mile/hour",
                    "dimension: [length]/[time]",
                    "scale:     1397/3125 (0.44704)",
                ],
            ),
            (
                "km/h",
                [
                    "unit:      kilometer/hour",
                    "dimension: [length]/[time]",
                    "scale:     5/18",
                ],
            ),
            (
                "m/s^2",
                [
                    "unit:      meter/second^2",
                    "dimension: [length]/[time]^2",
                    "scale:     1",
                ],
            ),
            (
                "square feet",
                [
                    "unit:      foot^2",
                    "dimension: [length]^2",
                    "scale:     145161/1562500 (0.09290304)",
                ],
            ),
            (
                "percent",
                [
                    "unit:      percent",
                    "dimension: 1 (none: a pure number)",
                    "scale:     1/100 (0.01)",
                ],
            ),
            (
                "dozen",
                [
                    "unit:      dozen",
                    "dimension: 1 (none: a pure number)",
                    "scale:     12",
                ],
            ),
            (
                "dollars per apple",
                [
                    "unit:      dollar/apple",
                    "dimension: [money]/apple",
                    "scale:     1",
                    (
                        "nouns:     apple: a count noun, no unit of the lexicon, is a"
                        " dimension of its own (--known refuses it)"
                    ),
                ],
            ),
            (
                "apples per pear",
                [
                    "unit:      apple/pear",
                    "dimension: apple/pear",
                    "scale:     1",
                    (
                        "nouns:     apple, pear: count nouns, no units of the lexicon, are"
                        " each a dimension of their own (--known refuses them)"
                    ),
                ],
            ),
            (
                "degrees Celsius",
                [
                    "unit:      degree Celsius",
                    "dimension: [temperature]",
                    "scale:     1",
                    "offset:    5463/20 (273.15)",
                ],
            ),
            (
                "°F",
                [
                    "unit:      degree Fahrenheit",
                    "dimension: [temperature]",
                    "scale:     5/9",
                    "offset:    45967/180",
                ],
            ),
        ],
    )
    def test_how_a_text_is_read(
        self, cli: Callable[..., Result], text: str, shown: list[str]
    ) -> None:
        """The spelling and dimension as the library gives them; values exact, decimals when they end."""
        assert cli("units", text) == Result(0, "".join(f"{s}\n" for s in shown), "")
        unit = parse_unit(text)
        assert shown[0] == f"unit:      {unit}"
        assert shown[1].startswith(f"dimension: {unit.dimension}")

    def test_a_text_that_does_not_read_exits_1(
        self, cli: Callable[..., Result]
    ) -> None:
        """One line on standard error, with the code and message of parse_unit; nothing on stdout."""
        error = refusal(parse_unit, "km/")
        assert error.code == "unknown_unit"
        assert cli("units", "km/") == Result(
            1,
            "",
            "binding-graph units: unknown_unit: the text is not a unit: at offset 3,"
            " expected a unit, but found the end\n",
        )
        assert error.message == (
            "the text is not a unit: at offset 3, expected a unit, but found the end"
        )

    def test_a_text_too_long_exits_1(self, cli: Callable[..., Result]) -> None:
        """A text above the lexicon's limit is refused as limit_exceeded."""
        text = "m" * (MAX_UNIT_LENGTH + 1)
        error = refusal(parse_unit, text)
        assert cli("units", text) == Result(
            1, "", f"binding-graph units: limit_exceeded: {error.message}\n"
        )
        assert error.code == "limit_exceeded"

    def test_json_format_is_one_object(self, cli: Callable[..., Result]) -> None:
        """--format json: the same content, values as strings, decimals null when they repeat."""
        result = cli("units", "--format", "json", "°F")
        assert result == Result(
            0,
            '{"text": "\\u00b0F", "unit": "degree Fahrenheit", "dimension":'
            ' "[temperature]", "scale": "5/9", "scale_decimal": null, "offset":'
            ' "45967/180", "offset_decimal": null, "count_nouns": []}\n',
            "",
        )
        assert cli("--format", "json", "units", "mph").out == (
            '{"text": "mph", "unit": "mile/hour", "dimension": "[length]/[time]",'
            ' "scale": "1397/3125", "scale_decimal": "0.44704", "offset": "0",'
            ' "offset_decimal": "0", "count_nouns": []}\n'
        )
        found = json.loads(cli("units", "--format", "json", "eggs per hen").out)
        assert found["count_nouns"] == ["egg", "hen"]

    def test_json_format_of_a_refusal_is_one_object(
        self, cli: Callable[..., Result]
    ) -> None:
        """--format json: a text that does not read is an object with its code and message; exit 1."""
        assert cli("units", "--format", "json", "km/") == Result(
            1,
            '{"text": "km/", "code": "unknown_unit", "message": "the text is not a'
            ' unit: at offset 3, expected a unit, but found the end"}\n',
            "",
        )

    def test_known_refuses_what_the_lexicon_does_not_list(
        self, cli: Callable[..., Result]
    ) -> None:
        """A misspelt unit reads as a new count noun, exit 0; with --known it is refused, exit 1."""
        assert cli("units", "kilometrs") == Result(
            0,
            "unit:      kilometr\n"
            "dimension: kilometr\n"
            "scale:     1\n"
            "nouns:     kilometr: a count noun, no unit of the lexicon, is a dimension"
            " of its own (--known refuses it)\n",
            "",
        )
        error = refusal(parse_unit, "kilometrs", DEFAULT.restrict([]))
        assert cli("units", "--known", "kilometrs") == Result(
            1, "", f"binding-graph units: {error.code}: {error.message}\n"
        )
        assert error.code == "unknown_unit"
        assert cli("units", "--known", "km/h").out.splitlines()[0] == (
            "unit:      kilometer/hour"
        )

    def test_noun_allows_a_count_noun_and_no_other(
        self, cli: Callable[..., Result]
    ) -> None:
        """--noun NOUN reads as --known, with NOUN allowed: UnitLexicon.restrict."""
        assert cli("units", "--noun", "apple", "dollars per apple") == Result(
            0,
            "unit:      dollar/apple\n"
            "dimension: [money]/apple\n"
            "scale:     1\n"
            "nouns:     apple: a count noun, no unit of the lexicon, is a dimension"
            " of its own (allowed by --noun)\n",
            "",
        )
        result = cli("units", "--noun", "apple", "--format", "json", "pears per apple")
        assert (result.status, json.loads(result.out)["code"]) == (1, "unknown_unit")

    def test_units_takes_no_option_of_the_corpus_commands(
        self, cli: Callable[..., Result]
    ) -> None:
        """--jobs before units is a usage error, as before schema."""
        result = cli("--jobs", "2", "units", "mph")
        assert result.status == 2
        assert (
            result.err.splitlines()[-1] == "binding-graph: error: units takes no --jobs"
        )


class TestAnalyzeUnits:
    """analyze --units with --arithmetic: the units' findings come after the arithmetic's (what each option adds is tested in tests/test_cli_analysis.py)."""

    def test_with_arithmetic_they_come_last(self, cli: Callable[..., Result]) -> None:
        """--arithmetic --units: structural, then arithmetic, then units findings."""
        by_zero = unit_graph(
            "x / y",
            ("km", "h", "kg"),
            facts=(fact(symbol_id="x", value="3"), fact(symbol_id="y", value="0")),
            status="admitted",
        )
        expected = [
            *findings(by_zero),
            *arithmetic_findings(by_zero),
            *unit_findings(by_zero),
        ]
        assert [f.code for f in expected] == [
            "division_by_zero",
            "inadmissible_equation",
        ]
        Path("c.jsonl").write_bytes(lines(by_zero))
        for argv in (("--arithmetic", "--units"), ("--units", "--arithmetic")):
            result = cli("analyze", *argv, "c.jsonl")
            assert result.out.splitlines()[:-1] == [
                f"c.jsonl:1: {finding}" for finding in expected
            ]
        assert cli("analyze", "--units", "c.jsonl").out.splitlines()[:-1] == [
            f"c.jsonl:1: {unit_findings(by_zero)[0]}"
        ]


class TestStartUp:
    """The units are imported only when a command needs them."""

    @pytest.mark.parametrize(
        ("argv", "imported"),
        [
            (["validate", "{corpus}"], "False"),
            (["analyze", "--arithmetic", "{corpus}"], "False"),
            (["solve", "{corpus}"], "False"),
            (["analyze", "--units", "{corpus}"], "True"),
            (["admit", "{corpus}"], "True"),
            (["units", "mph"], "True"),
        ],
    )
    def test_the_units_are_imported_when_needed(
        self, tmp_path: Path, argv: list[str], imported: str
    ) -> None:
        """Validate, analyze and solve never import binding_graph.units; admit and units do."""
        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes(lines(SOUND))
        words = [word.format(corpus=corpus) for word in argv]
        out = run_python(
            "-c",
            "import sys, os\n"
            "from binding_graph.cli import main\n"
            f"main({words!r})\n"
            "sys.stdout.flush()\n"
            "os.write(1, str('binding_graph.units' in sys.modules).encode() + b'\\n')\n",
        )
        assert out.splitlines()[-1] == imported


def test_the_page_shows_what_units_prints(cli: Callable[..., Result]) -> None:
    """Each run of units on docs/cli.md prints what the page shows, on standard output or error."""
    page = (Path(__file__).parent.parent / "docs" / "cli.md").read_text(
        encoding="utf-8"
    )
    runs = console_runs(page.split("\n### units\n", 1)[1].split("\n### ", 1)[0])
    assert len(runs) == 8
    for command, shown in runs:
        argv = shlex.split(command)
        assert argv[:2] == ["binding-graph", "units"]
        result = cli(*argv[1:])
        assert (result.out + result.err).splitlines() == shown, command
