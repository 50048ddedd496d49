"""A .json file is read whole, up to the size limit and one chunk past it, never further."""

from __future__ import annotations

import io

import pytest

from binding_graph.cli import _scan

CHUNK = 1 << 20  # the reader's chunk: 1 MiB


def _read(data: bytes, max_bytes: int) -> tuple[bytes | None, int]:
    """Read *data* as a whole file; return what came of it and the bytes read."""
    tally = _scan.Tally(io.BytesIO(data), digest=False)
    whole = _scan.read_whole(tally, max_bytes)
    return whole, tally.count


class TestWhole:
    """The reader of whole files gives the file, or None once it is past the limit."""

    @pytest.mark.parametrize("size", [1, 10, CHUNK, CHUNK + 5, 2 * CHUNK + 1])
    def test_a_file_of_exactly_the_limit_is_read_whole(self, size: int) -> None:
        """A file as large as the limit, in one chunk or several, comes back whole."""
        data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
        assert _read(data, size) == (data, size)

    @pytest.mark.parametrize("max_bytes", [0, 10, CHUNK - 1, CHUNK, 2 * CHUNK])
    def test_one_byte_past_the_limit_is_none(self, max_bytes: int) -> None:
        """A file one byte larger than the limit gives None, whatever the chunks."""
        assert _read(b"x" * (max_bytes + 1), max_bytes)[0] is None

    def test_reading_stops_at_the_first_chunk_past_the_limit(self) -> None:
        """A file far larger than the limit is not read to its end."""
        assert _read(b"x" * (3 * CHUNK), 10) == (None, CHUNK)
