"""The lexicon a unit is read in: the data file's, extended or narrowed by a user."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs

from binding_graph._checks import is_frozenset, is_str, is_tuple, mapping_items
from binding_graph._show import short_repr
from binding_graph.errors import refuse, refuse_type
from binding_graph.units._algebra import Unit, is_phrase
from binding_graph.units._reading import Table, read
from binding_graph.units._words import LEXICON_VERSION, vocabulary

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

__all__ = ["UnitLexicon"]

_MEMO_SIZE: Final = 4096
"""How many readings a lexicon remembers before it forgets them all."""

Pairs = tuple[tuple[str, str], ...]


def _pairs(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    field = attribute.name
    if not is_tuple(value) or not all(
        is_tuple(pair) and len(pair) == 2 and is_str(pair[0]) and is_str(pair[1])  # noqa: PLR2004 -- a pair
        for pair in value
    ):
        refuse_type(
            "UnitLexicon", field, "a tuple of (str, str) pairs", value, (field,)
        )


def _nouns(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (
        is_frozenset(value) and all(is_str(noun) for noun in value)
    ):
        refuse_type(
            "UnitLexicon", "nouns", "a frozenset of str, or None", value, ("nouns",)
        )


@attrs.frozen(weakref_slot=False)
class UnitLexicon:
    """The units a unit's text may name: the data file's, with a user's additions.

    Immutable: :meth:`extend` and :meth:`restrict` return new lexicons.
    The data file (``units-v1``) is read the first time any lexicon reads a
    unit, never at import. A lexicon remembers the units it has read.

    Args:
        definitions: ``(spelling, definition)`` pairs added by
            :meth:`extend`, in order.
        plurals: ``(plural, singular)`` pairs of count nouns added by
            :meth:`extend`.
        nouns: The only count nouns allowed, by their singular, or ``None``
            (the default) for any noun.

    >>> from binding_graph.units import DEFAULT
    >>> fruit = DEFAULT.extend({"apple": "fruit", "orange": "fruit"})
    >>> fruit.parse("apples") == fruit.parse("oranges")
    True

    .. versionadded:: 0.1.0
    """

    definitions: Pairs = attrs.field(default=(), validator=_pairs, kw_only=True)
    plurals: Pairs = attrs.field(default=(), validator=_pairs, kw_only=True)
    nouns: frozenset[str] | None = attrs.field(
        default=None, validator=_nouns, kw_only=True
    )
    # What the lexicon has read, and its table once built: caches, not values.
    _memo: dict[str, Unit] = attrs.field(
        factory=dict[str, Unit], init=False, eq=False, repr=False
    )
    _table: list[Table] = attrs.field(
        factory=list[Table], init=False, eq=False, repr=False
    )

    @property
    def version(self) -> str:
        """The version of the data file the lexicon stands on, ``units-v1``."""
        return LEXICON_VERSION

    @property
    def units(self) -> Mapping[str, Unit]:
        """Every unit of the data file, by its canonical name, in the file's order."""
        return MappingProxyType(vocabulary().named)

    def parse(self, text: str) -> Unit:
        """Return the unit *text* names in this lexicon: :func:`~binding_graph.units.parse_unit`."""
        found = self._memo.get(text) if is_str(text) else None
        if found is not None:
            return found
        if not is_str(text):
            refuse_type("parse_unit", "text", "a str", text, ("text",))
        unit = read(text, self._built())
        if len(self._memo) >= _MEMO_SIZE:
            self._memo.clear()
        self._memo[text] = unit
        return unit

    def _built(self) -> Table:
        """Return what the lexicon reads, built the first time it is asked for."""
        if not self._table:
            self._table.append(self._build())
        return self._table[0]

    def extend(
        self,
        definitions: Mapping[str, str] | None = None,
        *,
        plurals: Mapping[str, str] | None = None,
    ) -> UnitLexicon:
        """Return this lexicon with more spellings and more irregular plurals.

        Args:
            definitions: Each new spelling (words of letters, such as
                ``apple`` or ``stone``), and the unit it is, read in this
                lexicon: ``"fruit"`` (a count noun), ``"14 * pound"``. A
                defined noun is read in the plural too (``apples``). The
                unit keeps the spelling as its name.
            plurals: Each irregular plural of a count noun, and its singular.

        Raises:
            BindingGraphError: ``wrong_type`` for arguments that are not
                dicts of ``str``; ``invalid_text`` for a spelling that is not
                words of letters, or is a connector; ``unknown_unit`` for a
                definition that does not read.
        """
        new_definitions = _checked_pairs("definitions", definitions)
        new_plurals = _checked_pairs("plurals", plurals)
        connectors = vocabulary().connectors
        # A spelling, a plural and its singular alike: words of letters.
        words = [("definitions", spelling) for spelling, _ in new_definitions]
        words += [("plurals", word) for pair in new_plurals for word in pair]
        for field, word in words:
            if not is_phrase(word) or word.lower() in connectors:
                rule = "must be words of letters, not a connector"
                refuse("invalid_text", "UnitLexicon", field, rule, word, (field, word))
        extended = attrs.evolve(
            self,
            definitions=self.definitions + new_definitions,
            plurals=self.plurals + new_plurals,
        )
        # Every definition must read now, not at its first use.
        extended._built()  # noqa: SLF001 -- a lexicon of this class
        return extended

    def restrict(self, nouns: Iterable[str]) -> UnitLexicon:
        """Return this lexicon, allowing only the count nouns *nouns* (by their singular).

        A lexicon already restricted keeps only the nouns both allow.

        Raises:
            BindingGraphError: ``wrong_type`` if *nouns* is not a ``list``,
                ``tuple``, ``set`` or ``frozenset`` of ``str``.
        """
        cls = type(nouns)
        if cls not in {list, tuple, set, frozenset} or not all(
            is_str(noun) for noun in nouns
        ):
            refuse_type(
                "UnitLexicon", "restrict", "a collection of str", nouns, ("nouns",)
            )
        allowed = frozenset(nouns)
        if self.nouns is not None:
            allowed &= self.nouns
        return attrs.evolve(self, nouns=allowed)

    def _build(self) -> Table:
        words = vocabulary()
        plurals = dict(words.plurals)
        plurals.update(self.plurals)
        table = Table(
            dict(words.spellings),
            frozenset(),
            plurals,
            words.connectors,
            None,
            words.abbreviations,
            words.words,
        )
        for spelling, definition in words.derived:
            table.spellings[spelling] = read(definition, table)
        defined: set[str] = set()
        # Each definition reads in the table of those before it: the set of
        # defined spellings grows in place, and is frozen once at the end.
        table.defined = defined
        for spelling, definition in self.definitions:
            where = f"the definition of {short_repr(spelling)}"
            path = ("definitions", spelling)
            unit = read(definition, table, where, path)
            table.spellings[spelling] = _named(unit, spelling)
            defined.add(spelling)
        table.defined = frozenset(defined)
        table.nouns = self.nouns
        return table


def _named(unit: Unit, spelling: str) -> Unit:
    """Return *unit* under the name *spelling*: a user's word reads back as itself."""
    return Unit(unit.scale, unit.dimension, offset=unit.offset, names=((spelling, 1),))


def _checked_pairs(field: str, value: object) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    expected = "a dict of str to str"
    pairs: list[tuple[str, str]] = []
    for key, item in mapping_items(value, "UnitLexicon", field, expected):
        if not is_str(key) or not is_str(item):
            refuse_type("UnitLexicon", field, expected, value, (field,))
        pairs.append((key, item))
    return tuple(pairs)
