"""Test-wide configuration: Hypothesis profiles."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Quick by default; heavier wherever CI is set. Both print a reproduction
# blob for a failing example, so it can be replayed with @reproduce_failure.
# Timing is no part of correctness here: the machines are shared, coverage
# slows every line, so neither deadlines nor slow generation fail a test.
_BASE = settings(
    print_blob=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("default", _BASE, max_examples=100)
settings.register_profile("ci", _BASE, max_examples=500)
settings.load_profile("ci" if os.environ.get("CI") else "default")
