"""The draft format's own functions, each the function over replies for drafts: :func:`compile_draft`, :func:`draft_refusals` and the streaming :class:`DraftChecker`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.drafts._checker import Checker
from binding_graph.drafts._draft.producer import DEFAULT_DRAFT_BYTES, DRAFT
from binding_graph.drafts._replies import DEFAULT_LIMIT, compiled, refusals_of

if TYPE_CHECKING:
    from binding_graph.errors import BindingGraphError
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["DraftChecker", "compile_draft", "draft_refusals"]


def compile_draft(
    draft: object,
    text: str,
    *,
    source_id: str,
    introduced_by: str = "draft",
    max_bytes: int = DEFAULT_DRAFT_BYTES,
) -> SemanticSymbolicBindingGraph:
    """Return the graph that *draft* describes of the problem *text*, or refuse the draft.

    Deterministic: equal drafts and texts give equal graphs, whose
    canonical bytes are equal, in any process.
    See ``docs/drafts.md`` for the format and what each element becomes.

    Args:
        draft: The draft: JSON text (``str``, or UTF-8 ``bytes`` or
            ``bytearray``), or the tree :func:`json.loads` makes of it (a
            ``dict``; a ``list`` for each array).
        text: The problem's whole text: what every quote is found in, and
            the graph's provenance.
        source_id: The id of the text, for every span of the graph.
        introduced_by: What introduced each symbol, where its element does
            not say.
        max_bytes: The largest draft text to read, in bytes of UTF-8.

    Returns:
        The graph, which holds the quantities' symbols and facts, the steps'
        symbols and admitted equations, the question's unknown, the
        constraints, and the text as provenance.

    Raises:
        BindingGraphError: the first refusal :func:`draft_refusals` lists,
            with its path into the draft; for an argument other than the
            draft (``wrong_type``, ``empty_text``, ``invalid_text``), at it.

    >>> from binding_graph.drafts import compile_draft
    >>> text = "Alice has 3 apples. Bob gives her 5 more. How many does she have?"
    >>> graph = compile_draft(
    ...     {"quantities": [{"name": "alice", "quote": "3 apples", "value": 3, "unit": "apples"},
    ...                     {"name": "bob", "quote": "5 more", "value": 5, "unit": "apples"}],
    ...      "steps": [{"name": "total", "expression": "alice+bob", "unit": "apples"}],
    ...      "question": {"name": "total", "quote": "How many does she have?"}},
    ...     text, source_id="p1")
    >>> graph.equations[0].rhs_canonical, graph.equations[0].unit_proof
    ('alice + bob', 'apple + apple = apple')

    .. versionadded:: 0.1.0
    """
    return compiled(
        "compile_draft",
        DRAFT,
        draft,
        text,
        source_id,
        introduced_by,
        max_bytes,
        argument="draft",
    )


def draft_refusals(
    draft: object,
    text: str,
    *,
    source_id: str = "draft",
    introduced_by: str = "draft",
    limit: int = DEFAULT_LIMIT,
    max_bytes: int = DEFAULT_DRAFT_BYTES,
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of *draft* against *text*, in the order a reader becomes certain of them: empty exactly when it compiles.

    Where :func:`compile_draft` raises the first refusal, this lists them
    all, so that a model can correct every one in one round; the first is
    exactly the one :func:`compile_draft` raises. The order is the order
    of the draft as written, each refusal where what has been read makes it
    certain (see ``docs/drafts.md``): what one value decides at that value,
    what an element decides at its end, and what needs every definition
    (a name used that nothing defines, steps in a circle, units that do not
    agree) once the quantities and the steps are both read. It is the order
    in which :class:`DraftChecker` reports them, whatever the chunks.
    Text that is not JSON is refused where it stops being JSON, after what
    was found before; a draft that is not a JSON object, or not text, is
    its one refusal.
    :func:`~binding_graph.format_refusals`, with
    :data:`DRAFT_REPAIR_HEADER`, tells them to a model.

    Args:
        draft: As for :func:`compile_draft`.
        text: As for :func:`compile_draft`.
        source_id: As for :func:`compile_draft`; no refusal depends on it.
        introduced_by: As for :func:`compile_draft`.
        limit: The most entries to return, at least 2; past it, the last
            entry is a ``limit_exceeded`` refusal that counts the others.
        max_bytes: As for :func:`compile_draft`.

    Raises:
        BindingGraphError: for an argument other than the draft.

    >>> from binding_graph.drafts import draft_refusals
    >>> for refusal in draft_refusals(
    ...     {"quantities": [{"name": "eggs", "quote": "16 eggs", "value": 61, "unit": None}],
    ...      "steps": [{"name": "left", "expression": "eggs - eaten", "unit": None}],
    ...      "question": {"name": "sold", "quote": "How many?"}},
    ...     "Her ducks lay 16 eggs a day. She eats three. How many are left?"):
    ...     print(refusal.code, refusal.path)
    value_not_stated ('quantities', 0, 'value')
    unknown_symbol ('steps', 0, 'expression')
    quote_not_found ('question', 'quote')
    unknown_symbol ('question', 'name')

    .. versionadded:: 0.1.0
    """
    return refusals_of(
        "draft_refusals",
        DRAFT,
        draft,
        text,
        source_id,
        introduced_by,
        limit,
        max_bytes,
        argument="draft",
    )


class DraftChecker(Checker):
    """Check a draft as it is generated, a chunk at a time, and tell each refusal as soon as it is certain.

    Feed it the text a model writes, in chunks of any size (``str``, or
    ``bytes`` of UTF-8, cut anywhere), and stop the generation at the first
    refusal, or at any one that matters to you: what :meth:`feed` returns
    for any prefix of a draft is a prefix of what :func:`draft_refusals`
    lists for the whole, and an element that a refusal points into is
    refused no later than its end, unless the refusal needs what comes
    after it (a name that nothing defines, known once the quantities and
    the steps are read; steps in a circle; units).

    Args:
        text: The problem's whole text.
        source_id: The id of the text, for the graph's spans.
        introduced_by: As for :func:`compile_draft`.
        max_bytes: The most bytes of UTF-8 to read; past them, the draft is
            refused as ``limit_exceeded``.

    Raises:
        BindingGraphError: for an argument, at it.

    >>> from binding_graph.drafts import DraftChecker
    >>> checker = DraftChecker("Ann has 3 cats. How many cats?", source_id="p1")
    >>> checker.feed('{"quantities": [{"name": "cats", "quote": "4 cats"')
    (BindingGraphError('quote_not_found', "Draft.quantities[0].quote must occur in the text, exactly as it is written there (got '4 cats'): the text's nearest passage is '3 cats', at character 8", ('quantities', 0, 'quote')),)

    .. versionadded:: 0.1.0
    """

    _function = "DraftChecker"

    def __init__(  # pyright: ignore[reportMissingSuperCall] -- its own arguments
        self,
        text: str,
        *,
        source_id: str,
        introduced_by: str = "draft",
        max_bytes: int = DEFAULT_DRAFT_BYTES,
    ) -> None:
        self._start(DRAFT, text, source_id, introduced_by, max_bytes)
