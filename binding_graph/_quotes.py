"""Where a phrase occurs in a text: the offset of a span that quotes it."""

from __future__ import annotations

from binding_graph._checks import check_text
from binding_graph.errors import refuse, refuse_type


def offset_of(text: object, phrase: object, occurrence: object, owner: str) -> int:
    """Return where the *occurrence*-th occurrence (from 0) of *phrase* starts in *text*.

    Occurrences may overlap: ``"aa"`` occurs twice in ``"aaa"``.
    Offsets count characters (code points), as spans do.

    Raises:
        BindingGraphError: ``wrong_type`` or ``empty_text`` for a *text* or
            *phrase* that is not a non-empty ``str``, or an *occurrence*
            that is not an ``int``; ``invalid_span`` if *phrase* does not
            occur in *text*, or occurs fewer times than *occurrence* asks.
    """
    source = check_text(text, owner, "text", ("text",), blank_ok=True)
    quoted = check_text(phrase, owner, "phrase", ("phrase",), blank_ok=True)
    if type(occurrence) is not int:
        refuse_type(owner, "occurrence", "an int", occurrence, ("occurrence",))
    if occurrence < 0:
        refuse(
            "invalid_span",
            owner,
            "occurrence",
            "must be at least 0: the first occurrence is 0",
            occurrence,
            ("occurrence",),
        )
    found = source.find(quoted)
    if found < 0:
        refuse(
            "invalid_span",
            owner,
            "phrase",
            "must occur in the text",
            phrase,
            ("phrase",),
        )
    for seen in range(occurrence):
        following = source.find(quoted, found + 1)
        if following < 0:
            rule = f"must be less than the times the phrase occurs in the text ({seen + 1})"
            refuse(
                "invalid_span", owner, "occurrence", rule, occurrence, ("occurrence",)
            )
        found = following
    return found
