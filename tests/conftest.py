"""Test-wide configuration: Hypothesis profiles."""

from __future__ import annotations

import os

from hypothesis import settings

# Quick by default; heavier wherever CI is set. Both print a reproduction
# blob for a failing example, so it can be replayed with @reproduce_failure.
settings.register_profile("default", max_examples=100, print_blob=True)
settings.register_profile("ci", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
