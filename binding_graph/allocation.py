"""Deterministic allocation of symbols for noun phrases."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Final, TypeVar

from binding_graph import _checks
from binding_graph._refuse import foreign_failure
from binding_graph._show import untrusted
from binding_graph.errors import BindingGraphError, ErrorPath, refuse, refuse_type
from binding_graph.model import SourceSpanLink, SymbolBinding
from binding_graph.vocabularies import SEMANTIC_ROLES, SemanticRole

__all__ = ["allocate_symbols"]

_T = TypeVar("_T")
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
    semantic_role: SemanticRole | Sequence[SemanticRole] = "quantity",
    unit: str | Sequence[str | None] | None = None,
    prefix: str = "sym",
) -> tuple[SymbolBinding, ...]:
    """Allocate one symbol per noun phrase, deterministically.

    The symbol for the phrase at position *index* has the id
    ``{prefix}_{slug}_{index:03d}`` and the name ``phrase.strip()``; every
    symbol gets *source_span* and *introduced_by*, and the *semantic_role*
    and *unit* given for all, or its own from a list of one per phrase.
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
        semantic_role: One of :data:`~binding_graph.SEMANTIC_ROLES`, for
            every symbol; or a list (or tuple) of them, one per phrase.
        unit: The symbols' unit, or ``None``; or a list (or tuple) of
            them, one per phrase.
        prefix: The ids' prefix: an NFKC-normal identifier, not a keyword.

    Returns:
        One :class:`~binding_graph.SymbolBinding` per phrase, in order.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_allocation`` (no phrases),
            ``empty_text`` (a blank phrase), ``invalid_text``,
            ``unslugifiable_phrase`` (a phrase with no letter or digit),
            ``invalid_identifier`` (*prefix*) or ``not_in_vocabulary``
            (*semantic_role*); *path* names the argument, and for a phrase,
            a role or a unit its position: ``("noun_phrases", 2)``.

    >>> from binding_graph import SourceSpanLink, allocate_symbols
    >>> span = SourceSpanLink("p1", 0, 21, "Alice has 3 apples.  ")
    >>> [s.symbol_id for s in allocate_symbols(
    ...     ["Alice", "apples"], source_span=span, introduced_by="doc"
    ... )]
    ['sym_alice_000', 'sym_apples_001']
    >>> [(s.semantic_role, s.unit) for s in allocate_symbols(
    ...     ["Alice", "apples"],
    ...     source_span=span,
    ...     introduced_by="doc",
    ...     semantic_role=["entity", "count"],
    ...     unit=[None, "apple"],
    ... )]
    [('entity', None), ('count', 'apple')]

    .. versionadded:: 0.1.0
    """
    # Arguments come from untrusted producers: check what they are, not what
    # the annotations promise, and by their class, never by what they say
    # their class is.
    phrases_in = _check_phrases(noun_phrases)
    if type(untrusted(source_span)) is not SourceSpanLink:
        refuse_type(
            _OWNER, "source_span", "a SourceSpanLink", source_span, ("source_span",)
        )
    _checks.check_text(introduced_by, _OWNER, "introduced_by", ("introduced_by",))
    if not _is_list(semantic_role):
        _checks.check_member(
            semantic_role, SEMANTIC_ROLES, _OWNER, "semantic_role", ("semantic_role",)
        )
    if not _is_list(unit) and unit is not None:
        _checks.check_text(unit, _OWNER, "unit", ("unit",))
    _checks.check_identifier(prefix, _OWNER, "prefix", ("prefix",))

    phrases = _phrases(phrases_in)
    roles = _each(semantic_role, len(phrases), "semantic_role", _role)
    units = _each(unit, len(phrases), "unit", _unit)
    symbols: list[SymbolBinding] = []
    for index, phrase in enumerate(phrases):
        path = ("noun_phrases", index)
        text = _checks.check_text(phrase, _OWNER, f"noun_phrases[{index}]", path)
        slug = _slugify(text)
        if not slug:
            refuse(
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
                semantic_role=roles[index],
                source_span=source_span,
                introduced_by=introduced_by,
                unit=units[index],
            )
        )
    return tuple(symbols)


def _is_list(value: object) -> bool:
    """Tell whether *value* is exactly a list or a tuple: one value per phrase."""
    return type(value) is list or type(value) is tuple


def _role(value: object, path: ErrorPath) -> SemanticRole:
    field = "semantic_role" if len(path) == 1 else f"semantic_role[{path[1]}]"
    _checks.check_member(value, SEMANTIC_ROLES, _OWNER, field, path)
    return value  # type: ignore[return-value]  # a member, checked


def _unit(value: object, path: ErrorPath) -> str | None:
    if value is None:
        return None
    field = "unit" if len(path) == 1 else f"unit[{path[1]}]"
    return _checks.check_text(value, _OWNER, field, path)


def _each(
    given: object,
    count: int,
    name: str,
    check: Callable[[object, ErrorPath], _T],
) -> list[_T]:
    """Return one value of *given* per phrase: *given* for each, or its own from a list of them.

    A list (or tuple) must hold one value per phrase, each checked at its
    position.
    """
    if not _is_list(given):
        return [check(given, (name,))] * count
    values: list[object] = list(given)  # type: ignore[call-overload]  # a list or tuple
    if len(values) != count:
        refuse_type(
            _OWNER,
            name,
            f"one value, or a list of one per phrase ({count}) and not {len(values)}",
            given,
            (name,),
        )
    return [check(value, (name, index)) for index, value in enumerate(values)]


_ORDERED: Final = "an ordered iterable of str (a list or tuple)"


def _check_phrases(noun_phrases: object) -> object:
    """Refuse *noun_phrases* unless it is an ordered iterable: not a bare str, a set or a mapping."""
    phrases_in = untrusted(noun_phrases)
    ordered = _ORDERED
    if issubclass(type(phrases_in), _BARE):
        refuse_type(_OWNER, "noun_phrases", ordered, noun_phrases, ("noun_phrases",))
    try:
        # Abstract classes may ask the value's own class: what that raises
        # is a refusal of the value.
        iterable = isinstance(phrases_in, Iterable)
        unordered = isinstance(phrases_in, (AbstractSet, Mapping))
    except Exception as exc:
        raise foreign_failure(
            _OWNER, "noun_phrases", ordered, noun_phrases, exc
        ) from exc
    if not iterable:
        refuse_type(_OWNER, "noun_phrases", ordered, noun_phrases, ("noun_phrases",))
    if unordered:
        refuse_type(
            _OWNER,
            "noun_phrases",
            "an ordered iterable of str (a set's order changes with the hash seed)",
            noun_phrases,
            ("noun_phrases",),
        )
    return phrases_in


def _phrases(noun_phrases: object) -> tuple[object, ...]:
    """Return the phrases of *noun_phrases*, read once, in order; refuse none at all."""
    phrases = tuple(_checks.guarded(noun_phrases, _OWNER, "noun_phrases", _ORDERED))  # type: ignore[arg-type]  # an iterable, checked
    if not phrases:
        raise BindingGraphError(
            "empty_allocation",
            f"{_OWNER}.noun_phrases must hold at least one phrase (got none)",
            ("noun_phrases",),
        )
    return phrases
