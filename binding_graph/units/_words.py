"""The lexicon's data file, read once and lazily, and the English of count nouns.

``units-v1.json`` holds the units of school word problems (their names,
plurals, other spellings, exact scales and dimensions), a few derived
spellings (``mph``), the irregular plurals of count nouns, and the connector
words that are never a unit. Nothing is read at import: the file is read the
first time a lexicon is used.
"""

from __future__ import annotations

import functools
import json
from fractions import Fraction
from importlib import resources
from typing import Any, Final, TypedDict, cast

from binding_graph.units._algebra import Dimension, Unit

__all__ = ["LEXICON_VERSION", "Vocabulary", "singular", "vocabulary"]

LEXICON_VERSION: Final = "units-v1"
"""The version of the lexicon's data: a change of its meaning is a new version."""

_CUT_ES: Final = ("sses", "xes", "ches", "shes")
_SINGULAR_ENDINGS: Final = ("ss", "us", "is")
_POSSESSIVE: Final = ("'s", "\u2019s")  # a possessive is no plural: "men's"


class _Required(TypedDict):
    name: str
    plural: str | None
    spellings: list[str]
    scale: str
    dimension: dict[str, int]


class _Entry(_Required, total=False):
    offset: str


class _Data(TypedDict):
    units: list[_Entry]
    derived: list[dict[str, Any]]
    plurals: dict[str, str]
    connectors: list[str]


class Vocabulary:
    """What the data file holds, ready to be looked up."""

    __slots__ = (
        "abbreviations",
        "connectors",
        "derived",
        "named",
        "plurals",
        "spellings",
        "words",
    )

    def __init__(self, data: _Data) -> None:
        self.named: dict[str, Unit] = {}
        """Each unit of the file by its name."""
        self.spellings: dict[str, Unit] = {}
        """Each unit by every spelling: its name, its plural, its other spellings."""
        self.words: dict[str, str] = {}
        """Each unit's name and plural, by its lower case: ``miles`` for ``Miles``."""
        abbreviations: set[str] = set()
        for entry in data["units"]:
            name = entry["name"]
            unit = Unit(
                Fraction(entry["scale"]),
                Dimension(tuple(sorted(entry["dimension"].items()))),
                offset=Fraction(entry.get("offset", 0)),
                names=((name, 1),),
            )
            self.named[name] = unit
            plural = entry["plural"]
            for spelling in (name, *([plural] if plural else []), *entry["spellings"]):
                self.spellings[spelling] = unit
            for word in (name, *([plural] if plural else [])):
                self.words[word.lower()] = word
            abbreviations.update(entry["spellings"])
        self.derived: tuple[tuple[str, str], ...] = tuple(
            (spelling, str(entry["is"]))
            for entry in data["derived"]
            for spelling in entry["spellings"]
        )
        """Each derived spelling, and the expression it stands for."""
        abbreviations.update(spelling for spelling, _ in self.derived)
        self.abbreviations: frozenset[str] = frozenset(
            word for word in abbreviations if " " not in word
        )
        """The spellings of one word that are not a unit's name or plural: ``km``, ``mph``."""
        self.plurals: dict[str, str] = dict(data["plurals"])
        """Each irregular plural of a count noun, and its singular."""
        self.connectors: frozenset[str] = frozenset(data["connectors"])
        """The words that join units and are never one."""


@functools.cache
def vocabulary() -> Vocabulary:
    """Return the data file's vocabulary, read the first time it is asked for."""
    text = (
        resources.files("binding_graph.units")
        .joinpath(f"{LEXICON_VERSION}.json")
        .read_text(encoding="utf-8")
    )
    return Vocabulary(cast("_Data", json.loads(text)))


def singular(word: str, plurals: dict[str, str]) -> str:
    """Return the singular of the count noun *word*, by *plurals* first, then by the rules.

    A word that ends in ``ss``, ``us``, ``is`` or ``'s`` is singular; ``sses``,
    ``xes``, ``ches`` and ``shes`` lose ``es``; ``ies`` becomes ``y``; any
    other final ``s`` goes. Only the last part of a hyphenated word counts
    (``push-ups`` is ``push-up``).
    """
    head, hyphen, last = word.rpartition("-")
    found = plurals.get(last)
    if found is None:
        lower = plurals.get(last.lower())
        if lower is not None:
            found = lower[:1].upper() + lower[1:] if last[:1].isupper() else lower
    if found is None:
        found = _regular(last)
    return head + hyphen + found


def _regular(word: str) -> str:
    if word.endswith(_POSSESSIVE):
        return word
    if not word.endswith("s") or word.endswith(_SINGULAR_ENDINGS) or len(word) < 3:  # noqa: PLR2004 -- "as", "is", "us" stay
        return word
    if word.endswith(_CUT_ES):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1]
