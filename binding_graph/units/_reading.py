"""Read a unit's text: a product and quotient of units, each a number, a spelling of the lexicon or a count noun.

.. code-block:: text

    unit   := factor (("*" | "·" | "/" | "per" | "_per_") factor)*
    factor := (NUMBER | PHRASE | SYMBOL | "(" unit ")") ("^" INTEGER | "²" | "³")?

``_per_`` joins two words with no space, as the seed's system spells a
composite unit (``dollar_per_hour``): it reads as ``per``, once in a
spelling; a second would leave the grouping unsaid, and is refused.

Operators of one level bind left to right, as in arithmetic: ``mile/hour*hour``
is a mile. A ``PHRASE`` is words separated by spaces; it is read whole, by
the lexicon, then as a power (``square feet``, ``cubic centimeters``,
``seconds squared``), then as ``UNIT of NOUN``, then as a count noun. The
reader is a loop with a stack of its own: no text can make it recurse.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Final, NoReturn

from binding_graph._show import short_repr
from binding_graph.errors import (
    BindingGraphError,
    ErrorPath,
)
from binding_graph.expressions import MAX_DEPTH, MAX_DIGITS, decimal
from binding_graph.units._algebra import Dimension, Unit, word_end
from binding_graph.units._words import singular

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from collections.abc import Set as AbstractSet

__all__ = ["MAX_UNIT_LENGTH", "Table", "read"]

MAX_UNIT_LENGTH: Final = 1000
"""The most characters a unit's text may have."""

_MAX_POWER_DIGITS: Final = 2
_SYMBOLS: Final = frozenset("$¢%€£¥₹℃℉")
_SIGNS: Final = {"*": "*", "·": "*", "/": "/", "(": "(", ")": ")"}
_SUPERSCRIPTS: Final = {"²": 2, "³": 3}
_BEFORE: Final = {"square": 2, "sq": 2, "cubic": 3}
_AFTER: Final = {"squared": 2, "cubed": 3}
_PER: Final = "_per_"
_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_POWER: Final = re.compile(r"\^(-?[0-9]+)")

# A token: its kind ("number", "word", "symbol", "sign", "power" or "end"),
# its text, its offset.
_Token = tuple[str, str, int]


class Table:
    """What a lexicon reads: its spellings, its plurals, its connectors, the nouns it allows."""

    __slots__ = (
        "abbreviations",
        "connectors",
        "defined",
        "lowered",
        "nouns",
        "plurals",
        "spellings",
        "words",
    )

    def __init__(  # noqa: PLR0917 -- one table, built in one place
        self,
        spellings: dict[str, Unit],
        defined: frozenset[str],
        plurals: dict[str, str],
        connectors: frozenset[str],
        nouns: frozenset[str] | None,
        abbreviations: frozenset[str] = frozenset(),
        words: dict[str, str] | None = None,
    ) -> None:
        self.spellings = spellings
        self.words = words or {}
        """Each unit's name and plural by its lower case, read whatever its case."""
        self.abbreviations = abbreviations
        self.lowered = frozenset(word.lower() for word in abbreviations)
        """The abbreviations in lower case: ``KM`` is no noun either."""
        """The lexicon's abbreviations, which are never part of a noun."""
        self.defined: AbstractSet[str] = defined
        """The spellings a user defined, which are also read in the plural."""
        self.plurals = plurals
        self.connectors = connectors
        self.nouns = nouns
        """The count nouns allowed, by their singular; ``None`` for any."""


class _Reader:
    """Refusals of one text, named for a message."""

    __slots__ = ("name", "path")

    def __init__(self, name: str, path: ErrorPath) -> None:
        self.name = name
        self.path = path

    def refuse(self, why: str) -> NoReturn:
        raise BindingGraphError(
            "unknown_unit", f"{self.name} is not a unit: {why}", self.path
        )

    def unexpected(self, token: _Token, expected: str) -> NoReturn:
        kind, text, offset = token
        found = "the end" if kind == "end" else short_repr(text)
        self.refuse(f"at offset {offset}, expected {expected}, but found {found}")

    def too_large(self, rule: str) -> NoReturn:
        raise BindingGraphError(
            "limit_exceeded", f"{self.name} is too large: {rule}", self.path
        )


def _joined(text: str, index: int) -> bool:
    """Tell whether ``_per_`` and a word follow *index*: the seed's spelling of a quotient."""
    after = index + len(_PER)
    return text.startswith(_PER, index) and after < len(text) and text[after].isalpha()


def _per(
    text: str, index: int, reader: _Reader, *, joined: bool
) -> Generator[_Token, None, tuple[int, bool]]:
    """Yield ``per`` for a ``_per_`` that joins the word ending at *index* to the next; return where reading goes on, and whether it did.

    ``X_per_Y`` reads as ``X per Y``, one quotient; a second ``_per_`` in a
    spelling (*joined*: the word was the denominator of one) would leave
    its grouping unsaid, and is refused.
    """
    if not _joined(text, index):
        return index, False
    if joined:
        reader.refuse(
            f"at offset {index}, a second '_per_' leaves its grouping unsaid:"
            " write the unit with '/' and parentheses"
        )
    yield ("word", "per", index + 1)
    return index + len(_PER), True


def _tokens(text: str, reader: _Reader) -> Iterator[_Token]:
    index, length = 0, len(text)
    joined = False  # the word being read is the denominator of X_per_Y
    while index < length:
        char = text[index]
        start = index
        if char.isspace():
            index += 1
            continue
        if char.isdigit() and char.isascii():
            match = _NUMBER.match(text, index)
            index = match.end()  # type: ignore[union-attr]
            yield ("number", text[start:index], start)
        elif char.isalpha() or char == "°":
            index = word_end(text, index + (char == "°"))
            if index == start + 1 and char == "°":
                reader.unexpected(("symbol", char, start), "a unit")
            yield ("word", text[start:index], start)
            index, joined = yield from _per(text, index, reader, joined=joined)
        elif char == "^":
            index, power = _power_after(text, index, reader)
            yield ("power", power, start)
        elif char in _SUPERSCRIPTS:
            index += 1
            yield ("power", str(_SUPERSCRIPTS[char]), start)
        elif char in _SYMBOLS or char in _SIGNS:
            index += 1
            yield ("symbol" if char in _SYMBOLS else "sign", char, start)
        else:
            reader.unexpected(("symbol", char, start), "a unit or an operator")
    yield ("end", "", length)


def _power_after(text: str, index: int, reader: _Reader) -> tuple[int, str]:
    """Return where the power after the ``^`` at *index* ends, and the power."""
    match = _POWER.match(text, index)
    if match is None:
        reader.unexpected(("sign", "^", index), "an integer power after '^'")
    if len(match.group(1).lstrip("-")) > _MAX_POWER_DIGITS:
        reader.too_large(f"a power may have at most {_MAX_POWER_DIGITS} digits")
    return match.end(), match.group(1)


def _operator(token: _Token, reader: _Reader) -> str:
    """Return the operator *token* spells: ``*`` or ``/``."""
    kind, spelled, _ = token
    if kind == "sign" and spelled in "*·/":
        return _SIGNS[spelled]
    if kind != "word" or spelled != "per":
        reader.unexpected(token, "'*', '/', 'per' or the end")
    return "/"


def read(text: str, table: Table, name: str = "the text", path: ErrorPath = ()) -> Unit:
    """Return the unit *text* spells in *table*.

    Raises:
        BindingGraphError: ``unknown_unit`` for a text outside the grammar,
            or a word the lexicon does not know; ``limit_exceeded`` for a
            text of more than :data:`MAX_UNIT_LENGTH` characters, nesting
            deeper than :data:`~binding_graph.arithmetic.MAX_DEPTH`, or a
            scale too large.
    """
    reader = _Reader(name, path)
    if len(text) > MAX_UNIT_LENGTH:
        reader.too_large(f"it may have at most {MAX_UNIT_LENGTH} characters")
    tokens = _tokens(text, reader)
    # Each open parenthesis keeps the unit read so far and the operator
    # that will combine it with what the parenthesis holds.
    stack: list[tuple[Unit | None, str]] = []
    value: Unit | None = None
    operator = "*"
    token = next(tokens)
    while True:
        kind, spelled, _ = token
        if kind == "sign" and spelled == "(":
            if len(stack) >= MAX_DEPTH:
                reader.too_large(f"it may nest at most {MAX_DEPTH} parentheses")
            stack.append((value, operator))
            value, operator = None, "*"
            token = next(tokens)
            continue
        token, factor = _factor(token, tokens, table, reader)
        while True:
            if token[0] == "power":
                factor = _power(factor, int(token[1]), reader)
                token = next(tokens)
            value = factor if value is None else _apply(value, operator, factor, reader)
            kind, spelled, _ = token
            if kind == "sign" and spelled == ")" and stack:
                factor = value
                value, operator = stack.pop()
                token = next(tokens)
                continue
            break
        if kind == "end":
            if stack:
                reader.unexpected(token, "')'")
            return _spelled_within(value, reader)
        operator = _operator(token, reader)
        token = next(tokens)


def _spelled_within(unit: Unit, reader: _Reader) -> Unit:
    """Return *unit*, if its canonical spelling is a text that reads: a spelling may take more characters than the text it was read from (``m`` is ``meter``)."""
    length = len(str(unit))
    if length > MAX_UNIT_LENGTH:
        reader.too_large(
            f"its canonical spelling would take {length} characters, and a unit's"
            f" text may have at most {MAX_UNIT_LENGTH}"
        )
    return unit


def _apply(left: Unit, operator: str, right: Unit, reader: _Reader) -> Unit:
    try:
        return left * right if operator == "*" else left / right
    except BindingGraphError as error:
        if error.code == "limit_exceeded":
            reader.too_large(error.message)
        reader.refuse(error.message)


def _power(factor: Unit, power: int, reader: _Reader) -> Unit:
    try:
        return factor**power
    except BindingGraphError as error:
        if error.code == "limit_exceeded":
            reader.too_large(error.message)
        reader.refuse(error.message)


def _factor(
    token: _Token, tokens: Iterator[_Token], table: Table, reader: _Reader
) -> tuple[_Token, Unit]:
    """Read one factor from *token* on; return the token after it, and the factor."""
    kind, spelled, _ = token
    if kind == "number":
        if len(spelled) - spelled.count(".") > MAX_DIGITS:
            # Bounded before it is converted, as every number is read.
            reader.too_large(f"a number may have at most {MAX_DIGITS} digits")
        number = Fraction(spelled)
        if not number:
            reader.refuse("a number in a unit must be positive")
        names = () if number == 1 else ((decimal(number), 1),)
        return next(tokens), Unit(number, names=names)
    if kind == "symbol":
        # Every symbol the scanner yields is a spelling of the data file's.
        return next(tokens), table.spellings[spelled]
    if kind != "word" or spelled == "per":
        reader.unexpected(token, "a unit")
    words = [spelled]
    token = next(tokens)
    while token[0] == "word" and token[1] != "per":
        words.append(token[1])
        token = next(tokens)
    return token, _phrase(words, table, reader)


def _phrase(
    words: list[str],
    table: Table,
    reader: _Reader,
    *,
    powered: bool = True,
    check: bool = True,
) -> Unit:
    """Return the unit the words of one phrase spell; *powered*, read ``square`` and ``cubed``; *check*, see :func:`_noun`."""
    joined = " ".join(words)
    found = table.spellings.get(joined)
    if found is None and joined.lower() in table.words:
        found = table.spellings[table.words[joined.lower()]]
    if found is not None:
        return found
    power = 1
    if powered and len(words) > 1 and words[0] in _BEFORE:
        power, words = _BEFORE[words[0]], words[1:]
    elif powered and len(words) > 1 and words[-1] in _AFTER:
        power, words = _AFTER[words[-1]], words[:-1]
    if power != 1:
        unit = _phrase(words, table, reader, powered=False, check=check)
        return _power(unit, power, reader)
    if "of" in words[1:-1]:
        cut = words.index("of", 1)
        head, tail = words[:cut], words[cut + 1 :]
        headed = table.spellings.get(" ".join(head))
        if headed is not None and headed.dimension.exponents:
            return headed
        return _noun(head, tail, table, reader, check=check)
    return _noun(words, [], table, reader, check=check)


_QUIET: Final = _Reader("the name", ())


def _reads_back(unit: Unit, table: Table) -> bool:
    """Tell whether the count noun *unit*'s name, read as a phrase, is *unit* again.

    The name is what the unit is written as: one that reads otherwise
    (``kgs`` would be the noun ``kg``, ``Percents`` the noun ``Percent``,
    which is percent, ``Kms`` the noun ``Km``, which no case of ``km`` may
    be) would make a document that does not read back as it was written.
    """
    words = str(unit).split(" ")
    try:
        again = _phrase(words, table, _QUIET, check=False)
    except BindingGraphError:
        return False
    return again == unit


def _noun(
    head: list[str],
    tail: list[str],
    table: Table,
    reader: _Reader,
    *,
    check: bool = True,
) -> Unit:
    """Return the count noun ``HEAD`` or ``HEAD of TAIL``, named by its singular.

    With *check*, the noun's name must read back as the noun
    (:func:`_reads_back`): the name is read once more, without this check.
    """
    for word in (*head, *tail):
        if word in table.abbreviations:
            reader.refuse(
                f"{short_repr(word)} is a unit, not a word of a noun: join units"
                " with '*', '/' or 'per'"
            )
        if word.lower() in table.lowered:
            reader.refuse(
                f"{short_repr(word)} is not a word of a noun: the lexicon writes"
                " that unit in another case"
            )
        if word.lower() in table.connectors or word.startswith("°"):
            reader.refuse(f"did not know the word {short_repr(word)}")
    named = [*head[:-1], singular(head[-1], table.plurals)]
    name = " ".join(named)
    if name in table.defined and not tail:
        return table.spellings[name]
    written = " ".join(head)
    if tail:
        name = f"{name} of {' '.join(tail)}"
        written = f"{written} of {' '.join(tail)}"
    unit = Unit(Fraction(1), Dimension(((name, 1),)), names=((name, 1),))
    if not check:
        return unit
    if not _reads_back(unit, table):
        reader.refuse(
            f"did not know the word {short_repr(head[-1])}: as a count noun it would"
            f" be {short_repr(' '.join(named))}, which reads otherwise"
        )
    if table.nouns is not None and name not in table.nouns:
        reader.refuse(
            f"did not know the word {short_repr(written)}:"
            " the lexicon allows only the count nouns it lists"
        )
    return unit
