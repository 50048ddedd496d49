"""A span as the kernel's modules read it: the protocol the quotes and the spelling share, held to the model's span."""

from __future__ import annotations

import typing

import attrs

from binding_graph import SourceSpanLink
from binding_graph._span_fields import Span


def test_the_protocol_reads_exactly_the_fields_of_a_source_span() -> None:
    """Span's properties are SourceSpanLink's fields, each of the same type."""
    read = {
        name: typing.get_type_hints(member.fget)["return"]
        for name, member in vars(Span).items()
        if isinstance(member, property)
    }
    held = typing.get_type_hints(SourceSpanLink)
    assert read == {
        field.name: held[field.name] for field in attrs.fields(SourceSpanLink)
    }
    assert read == {"source_id": str, "start": int, "end": int, "text": str}
