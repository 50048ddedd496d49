"""The progress bar: one line redrawn in place, within the terminal's width, with the rate and the time left."""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from binding_graph import canonical_bytes
from binding_graph.cli import _check_commands, main
from binding_graph.cli._progress import Progress
from binding_graph.cli._report import RunError
from tests._helpers import child_environment, graph

LINE = canonical_bytes(graph())
TIMEOUT = 60
"""Seconds a child may take: far more than it needs, on a loaded machine too."""


class Terminal(io.StringIO):
    """A stream that says it is a terminal, of no known size."""

    def isatty(self) -> bool:
        """Say yes."""
        return True


def progress(total: int | None, *, done: int, records: int, now: float) -> Progress:
    """Return a bar started at time 0, *now* seconds later, with *done* bytes and *records* read."""
    clock = [0.0]
    bar = Progress(Terminal(), total, clock=lambda: clock[0])
    bar.done, bar.records = done, records
    clock[0] = now
    return bar


def quarter(total: int | None) -> Progress:
    """Return a bar 2 s into a run that read 2,500 bytes and 5,000 records: 2,500 records a second."""
    return progress(total, done=2_500, records=5_000, now=2.0)


class TestLayout:
    """The line fits any width: the bar narrows, then the least useful parts go."""

    @pytest.mark.parametrize(
        ("columns", "line"),
        [
            (
                200,
                (
                    "binding-graph: [######------------------]  25% 5,000 records,"
                    " 2,500/s, 0:06 left"
                ),
            ),
            (
                80,
                (
                    "binding-graph: [######-----------------]  25% 5,000 records,"
                    " 2,500/s, 0:06 left"
                ),
            ),
            (
                70,
                "binding-graph: [###----------]  25% 5,000 records, 2,500/s, 0:06 left",
            ),
            (60, "binding-graph: [##--------]  25% 2,500 records/s, 0:06 left"),
            (40, "binding-graph: [##-----]  25% 0:06 left"),
            (30, "binding-graph:  25% 0:06 left"),
            (20, "binding-graph:  25%"),
            (10, "25%"),
            (3, "25"),
            (1, ""),
        ],
    )
    def test_a_known_size_shows_share_records_rate_and_time_left(
        self, columns: int, line: str
    ) -> None:
        """With the input's size known, each width gets the fullest line that fits."""
        assert quarter(10_000).render(columns) == line

    @pytest.mark.parametrize(
        ("columns", "line"),
        [
            (40, "binding-graph: 5,000 records"),
            (20, "5,000 records"),
            (6, "5,000"),
        ],
    )
    def test_standard_input_shows_the_records(self, columns: int, line: str) -> None:
        """Without a known size, the records read, and neither a rate nor a time left."""
        assert quarter(None).render(columns) == line

    def test_no_width_gets_a_line_that_reaches_its_last_column(self) -> None:
        """At every width from 1 to 300, in any state, the line leaves the last column free."""
        states = [
            progress(total, done=done, records=records, now=now)
            for total in (None, 1, 10_000, 10**12)
            for done, records, now in ((0, 0, 0.0), (1, 1, 0.5), (10**12, 10**9, 1e6))
        ]
        for columns in range(1, 301):
            for bar in states:
                line = bar.render(columns)
                assert len(line) < columns or line == ""
                assert "\n" not in line
                assert "\r" not in line

    def test_the_time_left_counts_hours(self) -> None:
        """Over an hour left is H:MM:SS."""
        bar = progress(10_000, done=1, records=1, now=1.0)
        assert bar.render(200).endswith(" 2:46:39 left")

    def test_past_the_known_size_no_time_is_left(self) -> None:
        """A file that grew while read: 100%, and 0:00 left."""
        bar = progress(100, done=150, records=3, now=1.0)
        assert bar.render(200) == (
            f"binding-graph: [{'#' * 24}] 100% 3 records, 3/s, 0:00 left"
        )

    def test_no_rate_before_any_time_has_passed(self) -> None:
        """At time 0 there is no rate and no time left to show."""
        bar = progress(100, done=50, records=3, now=0.0)
        assert (
            bar.render(200) == f"binding-graph: [{'#' * 12}{'-' * 12}]  50% 3 records"
        )


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="pseudo-terminals of POSIX")
class TestColumns:
    """The width is measured on the bar's own terminal, at each redraw."""

    def test_the_width_is_that_of_the_stream_s_terminal(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A terminal 57 columns wide, then resized to 33: the bar measures each."""
        import fcntl  # noqa: PLC0415 -- POSIX only
        import struct  # noqa: PLC0415
        import termios  # noqa: PLC0415

        monkeypatch.setenv("COLUMNS", "100")
        leader, follower = os.openpty()
        try:
            with os.fdopen(follower, "w", closefd=False) as stream:
                bar = Progress(stream, 10)
                for columns in (57, 33):
                    size = struct.pack("HHHH", 20, columns, 0, 0)
                    fcntl.ioctl(follower, termios.TIOCSWINSZ, size)
                    assert bar.columns() == columns
                # A terminal that does not know its size: COLUMNS, else 80.
                fcntl.ioctl(follower, termios.TIOCSWINSZ, bytes(8))
                assert bar.columns() == 100
        finally:
            os.close(leader)
            os.close(follower)

    def test_a_stream_without_a_terminal_falls_back_on_columns(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A stream with no terminal descriptor: COLUMNS, as for any program."""
        monkeypatch.setenv("COLUMNS", "42")
        assert Progress(Terminal(), 10).columns() == 42


# The command line, drawing at every batch from the start: the test needs no
# clock, and the machine's load cannot change what is drawn.
_EVERY_BATCH = (
    "import sys\n"
    "from binding_graph.cli._progress import Progress\n"
    "from binding_graph.cli import main\n"
    "Progress.DELAY = 0.0\n"
    "Progress.INTERVAL = 0.0\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def _environment() -> dict[str, str]:
    environment = child_environment()
    environment.pop("COLUMNS", None)  # the terminal's size, not the environment's
    return environment


def _on_a_terminal(
    argv: list[str], columns: int, directory: Path, stdin: Path | None = None
) -> tuple[int, bytes, bytes]:
    """Run the command with standard error on a terminal *columns* wide.

    Return its exit status, its standard output, and what it wrote to the
    terminal.
    """
    import fcntl  # noqa: PLC0415 -- POSIX only
    import struct  # noqa: PLC0415
    import termios  # noqa: PLC0415

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    with (stdin or Path(os.devnull)).open("rb") as source:
        child = subprocess.Popen(
            [sys.executable, "-c", _EVERY_BATCH, *argv],
            cwd=directory,
            env=_environment(),
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=follower,
        )
    os.close(follower)
    shown = b""
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:  # the terminal has no writer left
                break
            if not chunk:
                break
            shown += chunk
        out, _ = child.communicate(timeout=TIMEOUT)
    finally:
        os.close(leader)
        if child.poll() is None:
            child.kill()
    return child.wait(), out, shown


def _redraws(shown: bytes) -> list[str]:
    r"""Return what each redraw wrote between its ``\r`` and its ``\x1b[K``, checking both."""
    assert shown.startswith(b"\r")
    pieces = shown.decode().split("\r")[1:]
    assert all(piece.endswith("\x1b[K") for piece in pieces)
    return [piece.removesuffix("\x1b[K") for piece in pieces]


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="pseudo-terminals and ioctl of Linux"
)
class TestOnATerminal:
    """The command's bar on a pseudo-terminal: redrawn in place, never past the width, never wrapped."""

    @pytest.mark.parametrize("columns", [40, 60, 200])
    def test_files_of_known_size(self, tmp_path: Path, columns: int) -> None:
        """Each redraw starts with CR, fits the width, writes no line feed, and shows the time left."""
        for name in ("a", "b", "c"):
            (tmp_path / f"{name}.jsonl").write_bytes((LINE + b"\n") * 600)
        status, out, shown = _on_a_terminal(["validate", "."], columns, tmp_path)
        assert (status, out) == (0, b"1,800 records: 1,800 accepted, 0 refused\n")
        assert b"\n" not in shown
        *drawn, cleared = _redraws(shown)
        assert cleared == ""  # erased before the summary
        assert len(drawn) == 9  # a redraw per batch: 3 files of 3 batches
        assert all(0 < len(line) < columns for line in drawn)
        assert all(line.startswith("binding-graph: ") for line in drawn)
        assert all(re.search(r" \d+:\d\d left$", line) for line in drawn)
        assert re.match(r"binding-graph: \[#+\] 100% ", drawn[-1])
        rates = [re.search(r" [\d,]+(?: records)?/s,", line) for line in drawn]
        assert [bool(rate) for rate in rates] == [columns > 40] * len(drawn)

    def test_standard_input_shows_records_only(self, tmp_path: Path) -> None:
        """Reading standard input, of unknown size: the records, no rate, no time left."""
        corpus = tmp_path / "c.jsonl"
        corpus.write_bytes((LINE + b"\n") * 600)
        status, out, shown = _on_a_terminal(["validate", "-"], 60, tmp_path, corpus)
        assert (status, out) == (0, b"600 records: 600 accepted, 0 refused\n")
        assert b"\n" not in shown
        assert _redraws(shown) == [
            "binding-graph: 256 records",
            "binding-graph: 512 records",
            "binding-graph: 600 records",
            "",
        ]


def test_every_redraw_goes_back_to_the_start_of_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    r"""Each redraw writes CR, the line, and an erase to its end; clear erases it: never a line feed."""
    monkeypatch.setenv("COLUMNS", "60")
    clock = [0.0]
    stream = Terminal()
    bar = Progress(stream, 100, clock=lambda: clock[0])
    for _ in range(3):
        clock[0] += 1.0
        bar.advance(10, 5)
    bar.clear()
    assert stream.getvalue() == (
        "\rbinding-graph: [#----------]  10% 5 records, 5/s, 0:09 left\x1b[K"
        "\rbinding-graph: [##--------]  20% 10 records, 5/s, 0:08 left\x1b[K"
        "\rbinding-graph: [###-------]  30% 15 records, 5/s, 0:07 left\x1b[K"
        "\r\x1b[K"
    )


@pytest.mark.parametrize(
    ("ending", "said", "status"),
    [
        (KeyboardInterrupt, "binding-graph: interrupted\n", 130),
        (RunError("a worker ended"), "binding-graph: a worker ended\n", 2),
    ],
)
def test_a_run_that_ends_abruptly_erases_the_bar_before_its_last_line(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    ending: BaseException | type[BaseException],
    said: str,
    status: int,
) -> None:
    """Ctrl-C, or an error that ends the run, after the bar is drawn: the bar is erased, then the line says why."""
    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setenv("COLUMNS", "60")
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes((LINE + b"\n") * 300)
    seen = [0]

    def ends(*_: object) -> None:
        seen[0] += 1
        if seen[0] > 256:  # the first batch is done, and its bar drawn
            raise ending

    monkeypatch.setattr(_check_commands, "_nothing", ends)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["validate", str(corpus)]) == status
    drawn, erased, last = terminal.getvalue().rpartition("\r\x1b[K")
    assert drawn.startswith("\rbinding-graph: [")
    assert (erased, last) == ("\r\x1b[K", said)
