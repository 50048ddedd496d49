"""Where ``canonicalize`` puts the canonical form of a file: never half-written.

A file is rewritten through a temporary file in its own directory, renamed
over it with :func:`os.replace` once complete, so that it is always either
the old file or the new one; a file with any refused record is left as it
was.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from binding_graph._corpus import Source


Mode = Literal["check", "file", "stdout"]
"""Compare only; rewrite the file; write the canonical form to standard output."""
Verdict = Literal["refused", "unchanged", "would rewrite", "rewrote", "written"]
"""What became of a source."""

_SPOOL: Final = 1 << 23  # standard input's canonical form is kept in memory up to 8 MiB


class Output:
    """The canonical form of one source, as its records arrive.

    Args:
        source: The source being canonicalized.
        mode: What to do with its canonical form.

    Raises:
        OSError: if the temporary file cannot be made.
    """

    def __init__(self, source: Source, mode: Mode) -> None:
        self.source = source
        self.mode = mode
        self.hash = hashlib.sha256()
        self.refused = False
        self.temp: IO[bytes] | None = None
        self.target = ""
        self.temp_path = ""
        if mode == "stdout":
            self.temp = tempfile.SpooledTemporaryFile(_SPOOL)  # noqa: SIM115 -- closed by finish
        elif mode == "file":
            assert source.path is not None  # noqa: S101 -- standard input is never rewritten
            # A symbolic link stays one: the file it points to is rewritten.
            self.target = os.path.realpath(source.path)
            directory, name = os.path.split(self.target)
            fd, temp_path = tempfile.mkstemp(
                prefix=f".{name}.", suffix=".tmp", dir=directory
            )
            self.temp = os.fdopen(fd, "wb")
            self.temp_path = temp_path

    def add(self, canonical: bytes) -> None:
        r"""Append one record's canonical bytes and its ``\\n``."""
        if self.refused:
            return
        data = canonical + b"\n"
        self.hash.update(data)
        if self.temp is not None:
            self.temp.write(data)

    def refuse(self) -> None:
        """Give up the canonical form: the source has a refused record."""
        self.refused = True
        self.discard()

    def discard(self) -> None:
        """Remove the temporary file, if any."""
        if self.temp is not None:
            self.temp.close()
            self.temp = None
            if self.mode == "file":
                Path(self.temp_path).unlink(missing_ok=True)

    def finish(self, digest: str) -> Verdict:
        """Put the canonical form in place, given the SHA-256 *digest* of the source.

        Raises:
            OSError: if the file cannot be replaced; it is then left as it
                was, and the temporary file removed.
        """
        if self.refused:
            return "refused"
        temp = self.temp
        if self.mode == "stdout":
            assert temp is not None  # noqa: S101 -- made in __init__
            temp.seek(0)
            sys.stdout.flush()
            shutil.copyfileobj(temp, sys.stdout.buffer)
            sys.stdout.buffer.flush()
            self.discard()
            return "written"
        if self.hash.hexdigest() == digest:
            self.discard()
            return "unchanged"
        if self.mode == "check":
            return "would rewrite"
        assert temp is not None  # noqa: S101 -- made in __init__
        try:
            temp.flush()
            os.fsync(temp.fileno())
            mode = stat.S_IMODE(Path(self.target).stat().st_mode)
            Path(self.temp_path).chmod(mode)
            temp.close()
            # The one step that makes the new file visible: atomic on POSIX
            # and on Windows, within one directory.
            Path(self.temp_path).replace(self.target)
        except OSError:
            self.discard()
            raise
        self.temp = None
        return "rewrote"
