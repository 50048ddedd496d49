"""Deterministic allocation of symbols for noun phrases."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Final

from binding_graph import _validators as _v
from binding_graph.errors import BindingGraphError
from binding_graph.model import SourceSpanLink, SymbolBinding
from binding_graph.vocabularies import SEMANTIC_ROLES, SemanticRole

__all__ = ["allocate_symbols"]

_OWNER: Final = "allocate_symbols"
_NOT_SLUG: Final = re.compile(r"[^a-z0-9]+")

# A bare string is iterable too, and would allocate one symbol per character.
_BARE: Final = (str, bytes, bytearray, memoryview)


def _slugify(phrase: str) -> str:
    """Fold *phrase* to the ``[a-z0-9_]`` slug that symbol ids are made of.

    The result may be empty: then the phrase has no symbol id.

    >>> _slugify("Café au lait")
    'cafe_au_lait'
    >>> _slugify("  Tom's 3 apples!  ")
    'tom_s_3_apples'
    """
    folded = unicodedata.normalize("NFKD", phrase).encode("ascii", "ignore")
    return _NOT_SLUG.sub("_", folded.decode("ascii").lower()).strip("_")


def allocate_symbols(
    noun_phrases: Iterable[str],
    *,
    source_span: SourceSpanLink,
    introduced_by: str,
    semantic_role: SemanticRole = "quantity",
    prefix: str = "sym",
) -> tuple[SymbolBinding, ...]:
    """Allocate one symbol per noun phrase, deterministically.

    The symbol for the phrase at position *index* has the id
    ``{prefix}_{slug}_{index:03d}`` and the name ``phrase.strip()``; every
    symbol gets *source_span*, *semantic_role* and *introduced_by*.
    The *slug* is the phrase NFKD-decomposed and folded to ASCII (so
    ``"Café"`` gives ``cafe``), lower-cased, with every run of characters
    other than ``[a-z0-9]`` replaced by one ``_`` and leading and trailing
    ``_`` stripped.
    Because the index is part of the id, equal phrases still get distinct
    ids, and identical input gives identical output, in any process and
    under any hash seed.

    Args:
        noun_phrases: The phrases, in order: a list, tuple or other ordered
            iterable of ``str`` (exactly ``str``, not a subclass).
            A bare ``str`` or ``bytes`` (which would allocate one symbol per
            character), a set (whose order changes with the hash seed) and a
            mapping are refused, and so is an iterable whose iteration
            raises.
        source_span: The span every symbol is introduced at.
        introduced_by: What introduced the symbols.
        semantic_role: One of :data:`~binding_graph.SEMANTIC_ROLES`.
        prefix: The ids' prefix: an NFKC-normal identifier, not a keyword.

    Returns:
        One :class:`~binding_graph.SymbolBinding` per phrase, in order.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_allocation`` (no phrases),
            ``empty_text`` (a blank phrase), ``invalid_text``,
            ``unslugifiable_phrase`` (a phrase with no letter or digit),
            ``invalid_identifier`` (*prefix*) or ``not_in_vocabulary``
            (*semantic_role*); *path* names the argument, and for a phrase
            its position: ``("noun_phrases", 2)``.

    >>> span = SourceSpanLink("p1", 0, 21, "Alice has 3 apples.  ")
    >>> [s.symbol_id for s in allocate_symbols(
    ...     ["Alice", "apples"], source_span=span, introduced_by="doc"
    ... )]
    ['sym_alice_000', 'sym_apples_001']

    .. versionadded:: 0.1.0
    """
    # Arguments come from untrusted producers: check what they are, not what
    # the annotations promise, and by their class, never by what they say
    # their class is.
    phrases_in = _v.untrusted(noun_phrases)
    ordered = "an ordered iterable of str (a list or tuple)"
    if issubclass(type(phrases_in), _BARE):
        _v.refuse_type(_OWNER, "noun_phrases", ordered, noun_phrases, ("noun_phrases",))
    try:
        # Abstract classes may ask the value's own class: what that raises
        # is a refusal of the value.
        iterable = isinstance(phrases_in, Iterable)
        unordered = isinstance(phrases_in, (AbstractSet, Mapping))
    except Exception as exc:
        raise _v.foreign_failure(
            _OWNER, "noun_phrases", ordered, noun_phrases, exc
        ) from exc
    if not iterable:
        _v.refuse_type(_OWNER, "noun_phrases", ordered, noun_phrases, ("noun_phrases",))
    if unordered:
        _v.refuse_type(
            _OWNER,
            "noun_phrases",
            "an ordered iterable of str (a set's order changes with the hash seed)",
            noun_phrases,
            ("noun_phrases",),
        )
    if type(_v.untrusted(source_span)) is not SourceSpanLink:
        _v.refuse_type(
            _OWNER, "source_span", "a SourceSpanLink", source_span, ("source_span",)
        )
    _v.check_text(introduced_by, _OWNER, "introduced_by", ("introduced_by",))
    _v.check_member(
        semantic_role, SEMANTIC_ROLES, _OWNER, "semantic_role", ("semantic_role",)
    )
    _v.check_identifier(prefix, _OWNER, "prefix", ("prefix",))

    phrases = tuple(_v.guarded(noun_phrases, _OWNER, "noun_phrases", ordered))
    if not phrases:
        raise BindingGraphError(
            "empty_allocation",
            f"{_OWNER}.noun_phrases must hold at least one phrase (got none)",
            ("noun_phrases",),
        )
    symbols: list[SymbolBinding] = []
    for index, phrase in enumerate(phrases):
        path = ("noun_phrases", index)
        text = _v.check_text(phrase, _OWNER, f"noun_phrases[{index}]", path)
        slug = _slugify(text)
        if not slug:
            _v.refuse(
                "unslugifiable_phrase",
                _OWNER,
                f"noun_phrases[{index}]",
                "must hold a letter or digit that folds to ASCII",
                phrase,
                path,
            )
        symbols.append(
            SymbolBinding(
                symbol_id=f"{prefix}_{slug}_{index:03d}",
                name=str.strip(text),
                semantic_role=semantic_role,
                source_span=source_span,
                introduced_by=introduced_by,
            )
        )
    return tuple(symbols)
