"""How ``canonicalize`` puts the canonical form of a file in place: never half-written, never over a change.

A file is rewritten through a temporary file in its own directory, given the
file's mode, owner and group, and renamed over it with :func:`os.replace`
once complete, so that it is always either the old file or the new one. A
file is left as it was when any record is refused, when it changed after it
was opened (another program's work would be lost: its identity, times
included, and its bytes, read again just before the rename, must be those
read), when it has several hard
links (a rename would split them), or when its owner cannot be kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, Literal

from binding_graph.cli._report import flush, write_bytes

if TYPE_CHECKING:
    from collections.abc import Iterator

    from binding_graph.cli._report import Report
    from binding_graph.cli._scan import Ended, Failed, Records, Started
    from binding_graph.cli._sources import Source


Mode = Literal["check", "file", "stdout"]
"""Compare only; rewrite the file; write the canonical form to standard output."""
Verdict = Literal["refused", "unchanged", "would rewrite", "rewrote", "written"]
"""What became of a source."""

_SPOOL: Final = 1 << 23  # standard input's canonical form is kept in memory up to 8 MiB


class NotRewritten(Exception):  # noqa: N818 -- it says what became of the file
    """The file is left as it was; the message says why, after the file's name."""


def identity(status: os.stat_result) -> tuple[int, int, int, int, int]:
    """Return what tells a file, and its content, from another: device, inode, size, modification and change times.

    The change time too: a program may set the modification time back
    (``touch -r``, ``cp -p``), but not the change time.
    """
    return (
        status.st_dev,
        status.st_ino,
        status.st_size,
        status.st_mtime_ns,
        status.st_ctime_ns,
    )


def digest_of(path: str) -> str:
    """Return the SHA-256 of the file at *path*, read in chunks.

    Raises:
        OSError: if it cannot be read.
    """
    digest = hashlib.sha256()
    with open(path, "rb") as file:  # noqa: PTH123 -- a str, as os.stat took
        while chunk := file.read(1 << 16):
            digest.update(chunk)
    return digest.hexdigest()


class Output:
    """The canonical form of one source, as its records arrive.

    Args:
        source: The source being canonicalized.
        mode: What to do with its canonical form.
        opened: What ``os.fstat`` said of the file as it was opened for
            reading: the file that may be replaced, unchanged since.

    Its temporary file, if it needs one, is made by :meth:`open`, once the
    caller holds the output: a signal that ends the run at any moment finds
    the file's name where :meth:`discard` removes it.
    """

    def __init__(
        self, source: Source, mode: Mode, opened: os.stat_result | None = None
    ) -> None:
        self.source = source
        self.mode = mode
        self.opened = opened
        self.hash = hashlib.sha256()
        self.refused = False
        self.temp: IO[bytes] | None = None
        self.target = ""
        self.temp_path = ""

    def open(self) -> None:
        """Make the temporary file that the canonical form is written to.

        Its name is kept before the file is made, so that whenever the run
        ends, :meth:`discard` can remove it.

        Raises:
            OSError: if the temporary file cannot be made.
        """
        if self.mode == "stdout":
            self.temp = tempfile.SpooledTemporaryFile(_SPOOL)  # noqa: SIM115 -- closed by finish
        elif self.mode == "file":
            assert self.source.path is not None  # noqa: S101 -- standard input is never rewritten
            # A symbolic link stays one: the file it points to is rewritten.
            self.target = os.path.realpath(self.source.path)
            directory, name = os.path.split(self.target)
            while True:
                self.temp_path = os.path.join(  # noqa: PTH118 -- a str, as os.open takes
                    directory, f".{name}.{secrets.token_hex(4)}.tmp"
                )
                try:
                    fd = os.open(
                        self.temp_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600
                    )
                except FileExistsError:
                    continue
                except OSError:
                    self.temp_path = ""  # none was made: nothing of another's to remove
                    raise
                break
            self.temp = os.fdopen(fd, "wb")

    def add(self, canonical: bytes) -> None:
        r"""Append one record's canonical bytes and its ``\\n``.

        Raises:
            NotRewritten: if the temporary file cannot be written; it is removed.
        """
        if self.refused:
            return
        data = canonical + b"\n"
        self.hash.update(data)
        if self.temp is not None:
            try:
                self.temp.write(data)
            except OSError as error:
                self.discard()
                raise NotRewritten(f"cannot write: {error.strerror}") from None

    def refuse(self) -> None:
        """Give up the canonical form: the source has a refused record."""
        self.refused = True
        self.discard()

    def discard(self) -> None:
        """Close and remove the temporary file, if any; raise nothing."""
        temp, self.temp = self.temp, None
        try:
            # What it held is thrown away: a last write that fails (a full
            # disk) changes nothing.
            if temp is not None:
                with contextlib.suppress(OSError):
                    temp.close()
        finally:
            # Also where the run ended while the file was being made.
            path, self.temp_path = self.temp_path, ""
            if path:
                with contextlib.suppress(OSError):
                    Path(path).unlink()

    def finish(self, digest: str) -> Verdict:
        """Put the canonical form in place, given the SHA-256 *digest* of the source.

        Raises:
            NotRewritten: if the file cannot be rewritten; it is then left as
                it was, and the temporary file removed.
        """
        if self.refused:
            return "refused"
        if self.mode == "stdout":
            try:
                self._write_out()
            finally:
                self.discard()
            return "written"
        if self.hash.hexdigest() == digest:
            self.discard()
            return "unchanged"
        if self.mode == "check":
            return "would rewrite"
        try:
            self._replace(digest)
        finally:
            self.discard()
        return "rewrote"

    def _write_out(self) -> None:
        # Standard output's text, if any, goes before the bytes.
        flush(sys.stdout)
        for chunk in self._chunks():
            write_bytes(chunk)

    def _chunks(self) -> Iterator[bytes]:
        temp = self.temp
        assert temp is not None  # noqa: S101 -- made in __init__
        try:
            temp.seek(0)
            while chunk := temp.read(1 << 16):
                yield chunk
        except OSError as error:
            raise NotRewritten(f"cannot read it back: {error.strerror}") from None

    def _replace(self, digest: str) -> None:
        temp = self.temp
        assert temp is not None  # noqa: S101 -- made in __init__
        assert self.opened is not None  # noqa: S101 -- a file was opened
        try:
            temp.flush()
            os.fsync(temp.fileno())
        except OSError as error:
            raise NotRewritten(f"cannot write: {error.strerror}") from None
        try:
            now = os.stat(self.target)  # noqa: PTH116 -- the whole status, at once
        except OSError as error:
            raise NotRewritten(f"cannot replace it: {error.strerror}") from None
        try:
            # Read again, whatever its times say: they tick more coarsely
            # than a program can write.
            changed = identity(now) != identity(self.opened) or (
                digest_of(self.target) != digest
            )
        except OSError as error:
            raise NotRewritten(f"cannot read it again: {error.strerror}") from None
        if changed:
            # Another program changed or replaced it: its work would be lost.
            raise NotRewritten("cannot rewrite it: it changed since it was read")
        if now.st_nlink > 1:
            raise NotRewritten(
                f"cannot rewrite it: it has {now.st_nlink} hard links,"
                " which a new file would split"
            )
        owner = (now.st_uid, now.st_gid)
        made = os.fstat(temp.fileno())
        if owner != (made.st_uid, made.st_gid):
            try:
                os.chown(self.temp_path, *owner)
            except OSError as error:
                raise NotRewritten(
                    f"cannot rewrite it: cannot keep its owner and group: {error.strerror}"
                ) from None
        try:
            # After chown, which clears the set-user-ID and set-group-ID bits.
            Path(self.temp_path).chmod(stat.S_IMODE(now.st_mode))
            temp.close()
            # The one step that makes the new file visible: atomic on POSIX
            # and on Windows, within one directory.
            Path(self.temp_path).replace(self.target)
        except OSError as error:
            raise NotRewritten(f"cannot replace it: {error.strerror}") from None
        # It is the file now: nothing to discard.
        self.temp, self.temp_path = None, ""


_DONE: Final[dict[Verdict, str]] = {
    "rewrote": "rewritten",
    "would rewrite": "would be rewritten",
    "unchanged": "already canonical",
    "refused": "left as they were (refused records)",
}


class Canonicalize:
    """Follow the events of a canonicalize run, one source at a time.

    Args:
        report: The run's report.
        mode: What to do with each source's canonical form.
    """

    def __init__(self, report: Report, mode: Mode) -> None:
        self.report = report
        self.mode: Mode = mode
        self.output: Output | None = None
        self.files: Counter[Verdict] = Counter()

    def started(self, event: Started) -> None:
        """Make the output of a source just opened."""
        self.report.opened()
        # Held before its file is made: however the run ends, abandon() finds it.
        self.output = Output(event.source, self.mode, event.opened)
        try:
            self.output.open()
        except OSError as error:
            self.abandon()
            self.report.error(f"{event.source.label}: cannot write: {error.strerror}")

    def records(self, event: Records) -> None:
        """Count and report a batch's records, and add the accepted ones to the output."""
        for number, refusal, value, case in event.outcomes:
            if refusal is not None:
                self.report.refusal(event.source.label, number, refusal, case)
                if self.output is not None:
                    self.output.refuse()
                continue
            self.report.accepted()
            if self.output is None:
                continue
            try:
                self.output.add(value)
            except NotRewritten as reason:
                self.output = None
                self.report.error(f"{event.source.label}: {reason}")

    def failed(self, event: Failed) -> None:
        """Report a source that could not be read, and give up its output."""
        self.report.error(event.message)
        self.abandon()

    def ended(self, event: Ended) -> None:
        """Put a source's canonical form in place, and say what became of it, or that it holds no record."""
        label = event.source.label
        self.report.closed(label)
        output, self.output = self.output, None
        if output is None:
            return
        try:
            verdict = output.finish(event.digest)
        except NotRewritten as reason:
            self.report.error(f"{label}: {reason}")
            return
        self.files[verdict] += 1
        if verdict in {"rewrote", "would rewrite"}:
            self.report.emit(f"{verdict} {label}", {"file": label, "action": verdict})
        if verdict == "would rewrite":
            self.report.flag()

    def abandon(self) -> None:
        """Give up the output of the source being read, if any: its file stays as it was."""
        output, self.output = self.output, None
        if output is not None:
            output.discard()

    def summary(self) -> None:
        """Print the summary, with what became of the files."""
        counts: dict[Verdict, int] = {
            verdict: self.files[verdict] for verdict in _DONE if self.files[verdict]
        }
        text = ", ".join(
            f"{count:,} {_DONE[verdict]}" for verdict, count in counts.items()
        )
        self.report.summary({"files": counts}, f"; files: {text}" if text else "")
