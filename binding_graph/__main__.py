"""Run the ``binding-graph`` command line: ``python -m binding_graph``."""

from __future__ import annotations

import sys

from binding_graph.cli import main

if __name__ == "__main__":
    sys.exit(main())
