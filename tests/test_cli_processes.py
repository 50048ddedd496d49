"""The binding-graph command as users run it: installed script, ``python -m``, pipes, a terminal, a kill."""

from __future__ import annotations

import importlib.metadata
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from binding_graph import canonical_bytes, to_data
from tests._helpers import child_environment, graph, run_python

ROOT = Path(__file__).resolve().parent.parent
LINE = canonical_bytes(graph())
LOOSE = json.dumps(to_data(graph())).encode()

needs_posix = pytest.mark.skipif(
    sys.platform == "win32", reason="signals, pseudo-terminals and pipes of POSIX"
)


@attrs.frozen
class Exit:
    """How a child process ended: its status, standard output and standard error."""

    status: int
    out: str
    err: str


def run(*arguments: str, stdin: str | None = None) -> Exit:
    """Run ``python *arguments*`` in a child interpreter, whatever its exit status."""
    try:
        out = run_python(*arguments, stdin=stdin)
    except subprocess.CalledProcessError as failed:
        return Exit(failed.returncode, failed.stdout, failed.stderr)
    return Exit(0, out, "")


class TestInstalledScript:
    """Installing the package installs the binding-graph script, which runs main."""

    def test_the_entry_point_is_main(self) -> None:
        """The distribution declares binding-graph = binding_graph.cli:main."""
        try:
            distribution = importlib.metadata.distribution("binding-graph")
        except importlib.metadata.PackageNotFoundError:
            pytest.skip("binding-graph is not installed in this environment")
        scripts = {
            entry.name: entry.value
            for entry in distribution.entry_points
            if entry.group == "console_scripts"
        }
        assert scripts == {"binding-graph": "binding_graph.cli:main"}

    def test_the_script_runs(self) -> None:
        """The installed script, next to the interpreter, prints the version."""
        script = Path(sys.executable).with_name("binding-graph")
        if not script.exists():
            pytest.skip("no binding-graph script next to this interpreter")
        version = importlib.metadata.version("binding-graph")
        assert run(str(script), "--version") == Exit(
            0, f"binding-graph {version}\n", ""
        )


class TestPythonDashM:
    """python -m binding_graph runs the same command line, with the same exit statuses."""

    def test_validate_the_bundled_corpus(self) -> None:
        """The bundled corpus: its refusals, its summary, exit status 1."""
        result = run(
            "-m", "binding_graph", "validate", str(ROOT / "examples" / "corpus.jsonl")
        )
        assert result.status == 1
        assert result.err == ""
        assert result.out.splitlines()[-1] == (
            "27 records: 22 accepted, 5 refused (invalid_span 1,"
            " malformed_document 1, not_in_vocabulary 1, span_text_mismatch 1,"
            " unknown_symbol 1)"
        )

    def test_standard_input_is_read_and_accepted(self) -> None:
        """A valid corpus on standard input: exit status 0."""
        result = run("-m", "binding_graph", "validate", "-", stdin=LINE.decode() + "\n")
        assert result == Exit(0, "1 record: 1 accepted, 0 refused\n", "")

    def test_a_missing_path_is_one_line_and_exit_status_2(self, tmp_path: Path) -> None:
        """A path that does not exist: one line on stderr, no traceback, exit 2."""
        missing = str(tmp_path / "nope.jsonl")
        result = run("-m", "binding_graph", "hash", missing)
        assert result == Exit(
            2,
            "0 records: 0 accepted, 0 refused\n",
            f"binding-graph: {missing}: No such file or directory\n",
        )

    def test_a_usage_error_is_exit_status_2(self) -> None:
        """An unknown option: usage on stderr, exit 2."""
        result = run("-m", "binding_graph", "validate", "--frmat", "json", "-")
        assert result.status == 2
        assert "unrecognized arguments: --frmat" in result.err

    def test_canonicalize_as_a_filter(self) -> None:
        """With '-', canonicalize writes the canonical form of standard input."""
        result = run(
            "-m", "binding_graph", "canonicalize", "-", stdin=LOOSE.decode() + "\r\n"
        )
        assert result == Exit(0, LINE.decode() + "\n", "")

    def test_two_processes_print_what_one_does(self) -> None:
        """--jobs 2 in a fresh interpreter gives the output of --jobs 1."""
        corpus = str(ROOT / "examples" / "corpus.jsonl")
        one = run("-m", "binding_graph", "hash", "--jobs", "1", corpus)
        two = run("-m", "binding_graph", "hash", "--jobs", "2", corpus)
        assert one == two
        assert one.status == 1


class TestEveryCommandAndStatus:
    """Each command ends with each of its exit statuses in a child interpreter too."""

    @pytest.mark.parametrize(
        ("argv", "status"),
        [
            (["validate", "good.jsonl"], 0),
            (["validate", "bad.jsonl"], 1),
            (["validate", "good.jsonl", "missing.jsonl"], 2),
            (["hash", "good.jsonl"], 0),
            (["hash", "bad.jsonl"], 1),
            (["hash", "--jobs", "0", "good.jsonl"], 2),
            (["canonicalize", "--check", "good.jsonl"], 0),
            (["canonicalize", "--check", "loose.jsonl"], 1),
            (["canonicalize", "bad.jsonl"], 1),
            (["canonicalize", "missing.jsonl"], 2),
            (["schema"], 0),
            (["schema", "extra"], 2),
        ],
    )
    def test_exit_status(self, tmp_path: Path, argv: list[str], status: int) -> None:
        """The status a child exits with is the one the docs give for the case."""
        (tmp_path / "good.jsonl").write_bytes(LINE + b"\n")
        (tmp_path / "loose.jsonl").write_bytes(LOOSE + b"\n")
        (tmp_path / "bad.jsonl").write_bytes(b"[]\n")
        paths = [str(tmp_path / a) if a.endswith(".jsonl") else a for a in argv]
        result = run("-m", "binding_graph", *paths)
        assert result.status == status
        assert "Traceback" not in result.err
        assert (tmp_path / "loose.jsonl").read_bytes() == LOOSE + b"\n"


# Replaces a step of canonicalize with SIGKILL, then runs it on argv[2].
_KILLER = """
import os, signal, sys
from pathlib import Path
from binding_graph.cli import _rewrite
from binding_graph.cli import main

def die(*_):
    os.kill(os.getpid(), signal.SIGKILL)

if sys.argv[1] == "before-rename":
    Path.replace = die
else:  # while writing, once the first record is in the temporary file
    add = _rewrite.Output.add
    def add_then_die(self, canonical):
        add(self, canonical)
        self.temp.flush()
        die()
    _rewrite.Output.add = add_then_die
sys.exit(main(["canonicalize", sys.argv[2]]))
"""


@needs_posix
class TestKilledMidWrite:
    """A canonicalize run killed at any point leaves the file as it was."""

    @pytest.mark.parametrize("when", ["while-writing", "before-rename"])
    def test_the_original_survives_sigkill(self, tmp_path: Path, when: str) -> None:
        """Killed while writing the new form, or before renaming it: the file is intact."""
        original = LOOSE + b"\n" + LOOSE + b"\n"
        target = tmp_path / "a.jsonl"
        target.write_bytes(original)
        result = run("-c", _KILLER, when, str(target))
        assert result.status == -signal.SIGKILL
        assert target.read_bytes() == original
        # What the killed run had written is in a temporary file beside it.
        (left,) = (p for p in tmp_path.iterdir() if p != target)
        assert left.name.startswith(".a.jsonl.")
        assert left.name.endswith(".tmp")
        written = {"while-writing": 1, "before-rename": 2}[when]
        assert left.read_bytes() == (LINE + b"\n") * written


@needs_posix
class TestPipesAndTerminals:
    """Output to a pipe that closes, and progress only on a terminal."""

    def test_a_reader_that_goes_away_is_exit_status_2_without_a_traceback(
        self, tmp_path: Path
    ) -> None:
        """binding-graph hash BIG | head -1: exit 2, nothing on stderr."""
        corpus = tmp_path / "big.jsonl"
        corpus.write_bytes((LINE + b"\n") * 20_000)
        child = subprocess.Popen(
            [sys.executable, "-m", "binding_graph", "hash", str(corpus)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_environment(),
        )
        assert child.stdout is not None
        assert child.stderr is not None
        assert child.stdout.readline().startswith(b"sha256:")
        child.stdout.close()
        assert child.wait() == 2
        assert child.stderr.read() == b""
        child.stderr.close()

    _PROGRESS = (
        "import sys\n"
        "from binding_graph.cli._progress import Progress\n"
        "from binding_graph.cli import main\n"
        "Progress.DELAY = 0.0\n"  # a bar even for a short run
        "sys.exit(main(sys.argv[1:]))\n"
    )

    def test_progress_shows_on_a_terminal_and_not_on_a_pipe(
        self, tmp_path: Path
    ) -> None:
        """On a pseudo-terminal, the bar is drawn, then erased; on a pipe, nothing."""
        import pty  # noqa: PLC0415 -- POSIX only

        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes((LINE + b"\n") * 2000)
        argv = [sys.executable, "-c", self._PROGRESS, "validate", str(corpus)]
        leader, follower = pty.openpty()
        try:
            child = subprocess.run(
                argv,
                stdout=subprocess.PIPE,
                stderr=follower,
                env=child_environment(),
                check=False,
            )
            os.close(follower)
            shown = b""
            while True:
                try:
                    chunk = os.read(leader, 1 << 16)
                except OSError:  # the terminal has no writer left
                    break
                if not chunk:
                    break
                shown += chunk
        finally:
            os.close(leader)
        assert child.stdout == b"2,000 records: 2,000 accepted, 0 refused\n"
        assert b"binding-graph: [" in shown
        assert shown.endswith(b"\r\x1b[K")
        piped = subprocess.run(
            argv, capture_output=True, env=child_environment(), check=False
        )
        assert (piped.stdout, piped.stderr) == (child.stdout, b"")

    # The bar drawn, then each record held until Ctrl-C comes.
    _SLOW_PROGRESS = (
        "import sys, time\n"
        "from binding_graph.cli import _check_commands\n"
        "from binding_graph.cli._progress import Progress\n"
        "from binding_graph.cli import main\n"
        "Progress.DELAY = 0.0\n"
        "Progress.INTERVAL = 0.0\n"
        "def slow(*_):\n"
        "    time.sleep(0.01)\n"
        "_check_commands._nothing = slow\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )

    def test_ctrl_c_erases_the_bar_before_it_says_so(self, tmp_path: Path) -> None:
        """Ctrl-C while the bar is drawn: the bar is erased, then one line says why the run ended."""
        import pty  # noqa: PLC0415 -- POSIX only

        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes((LINE + b"\n") * 2000)
        argv = [sys.executable, "-c", self._SLOW_PROGRESS, "validate", str(corpus)]
        leader, follower = pty.openpty()
        try:
            child = subprocess.Popen(
                argv,
                stdout=subprocess.PIPE,
                stderr=follower,
                env=child_environment(),
                start_new_session=True,
            )
            os.close(follower)
            shown = b""
            try:
                while b"records" not in shown:  # the bar is on the terminal
                    shown += os.read(leader, 1 << 16)
                os.killpg(child.pid, signal.SIGINT)  # as a terminal sends Ctrl-C
                while True:
                    try:
                        chunk = os.read(leader, 1 << 16)
                    except OSError:  # the terminal has no writer left
                        break
                    if not chunk:
                        break
                    shown += chunk
                out, _ = child.communicate(timeout=60)
            finally:
                if child.poll() is None:
                    os.killpg(child.pid, signal.SIGKILL)
                    child.wait()
        finally:
            os.close(leader)
        assert (child.returncode, out) == (130, b"")
        # The terminal turns each line feed into a carriage return and a line feed.
        bar, erased, said = shown.rpartition(b"\r\x1b[K")
        assert b"binding-graph: [" in bar
        assert (erased, said) == (b"\r\x1b[K", b"binding-graph: interrupted\r\n")


# The heavy modules, and the wings of other commands, that running the command
# imports beyond what `import binding_graph` does: on Python 3.10, attrs'
# own import of platform brings subprocess with it.
_IMPORTED = (
    "import json, sys\n"
    "heavy = {'subprocess', 'pathlib', 'shutil', 'tempfile', 'msgspec', 'bz2', 'lzma'}\n"
    "def loaded():\n"
    "    return {m for m in sys.modules if m.split('.')[0] in heavy"
    " or m.startswith('binding_graph.')"
    " and m.split('.')[1] in {'analysis', 'arithmetic', 'units', 'datasets'}}\n"
    "import binding_graph\n"
    "before = loaded()\n"
    "from binding_graph.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "print(json.dumps([status, sorted(loaded() - before)]))\n"
)


class TestWhatACommandImports:
    """A command imports only what it needs: a validate of a few records starts as fast as the package imports."""

    def test_validate_of_a_few_records_imports_nothing_it_does_not_use(
        self, tmp_path: Path
    ) -> None:
        """A few records: no subprocess, pathlib, shutil, tempfile, msgspec, nor another command's wing."""
        corpus = tmp_path / "a.jsonl"
        corpus.write_bytes(canonical_bytes(graph()) + b"\n[]\n")
        output = run_python("-c", _IMPORTED, "validate", "--all", str(corpus))
        assert json.loads(output.splitlines()[-1]) == [1, []]

    def test_a_long_run_loads_the_fast_path_from_its_second_batch(
        self, tmp_path: Path
    ) -> None:
        """More records than PURE_FIRST: the fast path is loaded, where the extra installs it, with the same output."""
        pytest.importorskip(
            "msgspec", reason="the fast extra (msgspec) is not installed"
        )
        corpus = tmp_path / "a.jsonl"
        corpus.write_bytes((canonical_bytes(graph()) + b"\n") * 300 + b"[]\n")
        output = run_python("-c", _IMPORTED, "validate", str(corpus))
        *report, last = output.splitlines()
        status, imported = json.loads(last)
        assert (status, {m.split(".")[0] for m in imported}) == (1, {"msgspec"})
        pure = run_python(
            "-c",
            _IMPORTED,
            "validate",
            str(corpus),
            environment={"BINDING_GRAPH_PURE": "1"},
        )
        assert pure.splitlines()[:-1] == report
        assert report[-1] == "301 records: 300 accepted, 1 refused (wrong_type 1)"
