"""The hook Hypothesis calls, through the package's entry point, on import.

It lives apart from :mod:`binding_graph.strategies` because Hypothesis runs
it while ``hypothesis`` itself is being imported, possibly by
:mod:`binding_graph.strategies`: it may import neither at module level, and
resolves each strategy only when :func:`hypothesis.strategies.from_type`
first asks for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from binding_graph.model import MODEL_CLASSES

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


def _strategy_for(cls: type[Any]) -> SearchStrategy[Any]:
    from binding_graph import strategies  # noqa: PLC0415 -- see the module docstring

    strategy: SearchStrategy[Any] = strategies.STRATEGIES[cls]
    return strategy


def setup_hook() -> None:
    """Teach :func:`hypothesis.strategies.from_type` to build valid model values.

    Hypothesis could not infer them itself: it reads only attrs' own
    validators, and every check here is a custom one.
    """
    from hypothesis import strategies as st  # noqa: PLC0415 -- see the module docstring

    for cls in MODEL_CLASSES:
        st.register_type_strategy(cls, _strategy_for)
