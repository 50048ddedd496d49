"""A fenced block of a reply, as Markdown writes one and as every reader of replies finds it: one home for what a fence is.

A language model writes code, or JSON, inside its reply between two
fences: lines that open, past any blanks, with three backquotes. The
opening fence may name the block's language; the closing fence is
backquotes alone.
"""

from __future__ import annotations

from typing import Final

__all__ = ["FENCE", "closes", "language", "opens"]

FENCE: Final = "```"
"""What a fence line opens with, past its blanks."""


def opens(line: str) -> bool:
    """Tell whether *line* is a fence: three backquotes, past any blanks."""
    return line.lstrip().startswith(FENCE)


def language(line: str) -> str:
    """Return the language the fence *line* names, as written: ``""`` for none."""
    return line.strip()[len(FENCE) :].strip("`").strip()


def closes(line: str) -> bool:
    """Tell whether the fence *line* may close a block: backquotes alone."""
    return not line.strip().strip("`")
