"""What the tests of drafts share: one problem's draft, a strategy of problems and their drafts, and drafts broken on purpose.

:func:`draft` is the draft of one problem, :data:`TEXT`, changed as a test
asks.

:func:`problems` draws a word problem's text and a draft of it that
compiles, by construction: each quantity's quote is written into the text
and states its value (in digits, words, a fraction or a percentage), a
quote written twice takes its ``occurrence``, each step's expression uses
names defined elsewhere in the draft (earlier or later) and never itself,
and its unit is the unit its expression has, so that the units admit it.
Optional keys are drawn too, so that every field of the graph a draft
compiles to varies.
"""

from __future__ import annotations

import copy
import itertools
import json
import keyword
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from hypothesis import strategies as st

from binding_graph.units import parse_unit, unit_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn, SearchStrategy

    from binding_graph.units import Unit

__all__ = ["TEXT", "Problem", "broken", "chunks", "draft", "problems", "written"]

TEXT: Final = (
    "Janet's ducks lay 16 eggs per day. She eats three for breakfast and bakes"
    " with four. She sells the rest for $2 per egg. How much does she make?"
)


class Model:
    """A model that replies, in turn, each of its replies, and keeps the prompts it was given."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        """Keep *prompt*; reply the next reply."""
        self.prompts.append(prompt)
        return self.replies.pop(0)


def draft(**changes: Any) -> dict[str, Any]:
    """Return the draft of :data:`TEXT`, with *changes* made to a deep copy: ``key=value`` at the top."""
    made: dict[str, Any] = {
        "quantities": [
            {"name": "laid", "quote": "16 eggs", "value": 16, "unit": "eggs"},
            {"name": "eaten", "quote": "eats three", "value": 3, "unit": "eggs"},
            {"name": "baked", "quote": "four", "value": "4", "unit": "eggs"},
            {
                "name": "price",
                "quote": "$2 per egg",
                "value": 2,
                "unit": "dollars per egg",
            },
        ],
        "steps": [
            {"name": "left", "expression": "laid-eaten-baked", "unit": "eggs"},
            {"name": "income", "expression": "left*price", "unit": "dollars"},
        ],
        "question": {"name": "income", "quote": "How much does she make?"},
    }
    made = copy.deepcopy(made)
    made.update(changes)
    return made


# How a number may be written in a text, and what it states.
_SPELLINGS: Final[tuple[tuple[str, Fraction], ...]] = (
    ("3", Fraction(3)),
    ("16", Fraction(16)),
    ("2.5", Fraction(5, 2)),
    ("1,200", Fraction(1200)),
    ("three", Fraction(3)),
    ("twenty-five", Fraction(25)),
    ("half", Fraction(1, 2)),
    ("3/4", Fraction(3, 4)),
    ("40%", Fraction(2, 5)),
    ("a dozen", Fraction(12)),
    ("0", Fraction(0)),
)
_NOUNS: Final = ("apples", "eggs", "boxes", "dollars", "km", "hours", "pens")
_FILLERS: Final = ("She has", "They buy", "It takes", "He sells", "There are")
_NAMES: Final = st.from_regex(r"[a-z][a-z_0-9]{0,6}", fullmatch=True).filter(
    lambda name: not keyword.iskeyword(name)
)
_ROLES: Final = ("count", "rate", "total", "difference", "ratio", "entity")


class Problem(NamedTuple):
    """A word problem's text and a draft of it that compiles."""

    text: str
    draft: dict[str, Any]


def _value(draw: DrawFn, spelling: str, value: Fraction) -> object:
    """Draw how a draft writes *value*: an int, or a string parse_number reads."""
    number = Fraction(value)
    if "%" in spelling and draw(st.booleans()):
        number = Fraction(int(spelling.rstrip("%")))
    if number.denominator == 1 and draw(st.booleans()):
        return int(number)
    if number.denominator == 1:
        return str(int(number))
    return f"{number.numerator}/{number.denominator}"


def _expression(
    draw: DrawFn, names: list[str], units: dict[str, Unit]
) -> tuple[str, Unit]:
    """Draw an expression over *names* and literals, and its unit: sums only of one unit."""
    one = parse_unit(None)
    leaves = draw(st.integers(1, 3))
    text, unit, top = "", one, ""
    for index in range(leaves):
        leaf: str
        if names and draw(st.integers(0, 3)) != 0:
            leaf = draw(st.sampled_from(names))
            leaf_unit = units[leaf]
        else:
            leaf = str(draw(st.integers(1, 60)))
            leaf_unit = one
        if index == 0:
            text, unit = leaf, leaf_unit
            continue
        operator = draw(st.sampled_from("+-*/"))
        if operator in "+-" and leaf_unit != unit:
            operator = "*"
        # Parentheses where the text would otherwise read otherwise.
        if draw(st.booleans()) or (operator in "*/" and top in {"+", "-"}):
            text = f"({text}) {operator} {leaf}"
        else:
            text = f"{text}{operator}{leaf}"
        top = operator
        unit = unit_of(f"a {operator} b", {"a": unit, "b": leaf_unit})
    if draw(st.integers(0, 5)) == 0:
        text = f"-({text})"
    return text, unit


@st.composite
def _problem(draw: DrawFn, max_quantities: int, max_steps: int) -> Problem:
    count = draw(st.integers(0, max_quantities))
    steps = draw(st.integers(0 if count else 1, max_steps))
    names = draw(
        st.lists(_NAMES, min_size=count + steps, max_size=count + steps, unique=True)
    )
    with_units = draw(st.booleans())
    sentences: list[str] = []
    quoted: list[str] = []
    quantities: list[dict[str, Any]] = []
    units: dict[str, Unit] = {}
    written_at: list[int] = []  # where each quantity's quote is written
    length = 0
    for name in names[:count]:
        spelling, value = draw(st.sampled_from(_SPELLINGS))
        noun = draw(st.sampled_from(_NOUNS))
        again = quoted and draw(st.integers(0, 4)) == 0
        quote = draw(st.sampled_from(quoted)) if again else f"{spelling} {noun}"
        if again:
            spelling, value = next(
                (s, v) for s, v in _SPELLINGS if quote.startswith(s + " ")
            )
        quoted.append(quote)
        filler = draw(st.sampled_from(_FILLERS))
        sentences.append(f"{filler} {quote}.")
        written_at.append(length + len(filler) + 1)
        length += len(sentences[-1]) + 1
        given = noun if with_units else None
        units[name] = parse_unit(given)
        quantities.append(
            {
                "name": name,
                "quote": quote,
                "value": _value(draw, spelling, value),
                "unit": given,
            }
        )
    question = f"How many {draw(st.sampled_from(_NOUNS))} in all?"
    text = " ".join([*sentences, question])
    _occurrences(text, quantities, written_at)
    step_names = names[count:]
    drafted: list[dict[str, Any]] = []
    step_at: list[int] = []  # where each step's quote is written, if it has one
    for index, name in enumerate(step_names):
        # Names defined before it, and quantities: no circle, whatever the order written.
        usable = names[:count] + step_names[:index]
        expression, unit = _expression(draw, usable, units)
        units[name] = unit
        unit_text = None if unit == parse_unit(None) else str(unit)
        step: dict[str, Any] = {
            "name": name,
            "expression": expression,
            "unit": unit_text,
        }
        sentence = -1
        if sentences and draw(st.integers(0, 3)) == 0:
            sentence = draw(st.integers(0, len(sentences) - 1))
            step["quote"] = sentences[sentence]
        drafted.append(step)
        step_at.append(sum(len(s) + 1 for s in sentences[:sentence]))
    order = draw(st.permutations(range(len(drafted))))
    drafted = [drafted[index] for index in order]
    _occurrences(text, drafted, [step_at[index] for index in order])
    asked = draw(st.sampled_from(names))
    draft: dict[str, Any] = {
        "quantities": quantities,
        "steps": drafted,
        "question": {"name": asked, "quote": question},
    }
    _optional(draw, draft, text)
    return Problem(text, draft)


def _occurrences(text: str, elements: list[dict[str, Any]], at: list[int]) -> None:
    """Give each element whose quote occurs more than once the occurrence of the place it was written, *at*."""
    for element, start in zip(elements, at, strict=True):
        quote = element.get("quote")
        if quote is None:
            continue
        starts = _starts(text, quote)
        if len(starts) > 1:
            element["occurrence"] = starts.index(start)


def _starts(text: str, quote: str) -> list[int]:
    found: list[int] = []
    at = text.find(quote)
    while at >= 0:
        found.append(at)
        at = text.find(quote, at + 1)
    return found


def _optional(draw: DrawFn, draft: dict[str, Any], text: str) -> None:
    """Draw the optional keys of a draft: what a graph may hold beyond a draft's defaults."""
    for element in [*draft["quantities"], *draft["steps"]]:
        _symbol(draw, element, text)
    for step in draft["steps"]:
        if draw(st.integers(0, 4)) == 0:
            step["operation"] = "rate_times_time"
        if draw(st.integers(0, 4)) == 0:
            step["unit_proof"] = "checked by hand"
    if draw(st.integers(0, 3)) == 0:
        draft["question"]["unit"] = draw(st.sampled_from(_NOUNS))
    names = [element["name"] for element in [*draft["quantities"], *draft["steps"]]]
    if draw(st.integers(0, 2)) == 0:
        name = draw(st.sampled_from(names))
        draft["constraints"] = [
            {"name": name, "predicate": f"{name}>=0", "quote": "in all"}
        ]
    if draw(st.integers(0, 4)) == 0:
        draft["version"] = 1


def _symbol(draw: DrawFn, element: dict[str, Any], text: str) -> None:
    """Draw the optional keys of the symbol of a quantity or a step."""
    if draw(st.integers(0, 3)) == 0:
        element["label"] = f"the {element['name']}"
    if draw(st.integers(0, 3)) == 0:
        element["role"] = draw(st.sampled_from(_ROLES))
    if draw(st.integers(0, 4)) == 0:
        element["entity"] = draw(st.sampled_from(["Ann", "Bob"]))
    if draw(st.integers(0, 4)) == 0:
        element["introduced_by"] = "parser-v2"
    if draw(st.integers(0, 4)) == 0:
        start = draw(st.integers(0, len(text) - 1))
        element["symbol_start"] = start
        element["symbol_end"] = draw(st.integers(start + 1, len(text)))


def problems(*, max_quantities: int = 4, max_steps: int = 4) -> SearchStrategy[Problem]:
    """Draw a word problem's text and a draft of it that compiles."""
    return _problem(max_quantities, max_steps)


def written(draft: object) -> str:
    """Return *draft* as a model writes it: JSON, keys in the draft's order."""
    return json.dumps(draft, ensure_ascii=False)


# The ways a draft is broken, each a function of the draft that may find nothing to break.
def _break_value(draft: dict[str, Any]) -> None:
    if draft["quantities"]:
        draft["quantities"][0]["value"] = 987654


def _break_quote(draft: dict[str, Any]) -> None:
    if draft["quantities"]:
        draft["quantities"][-1]["quote"] = "not in the text"


def _break_undefined(draft: dict[str, Any]) -> None:
    if draft["steps"]:
        draft["steps"][0]["expression"] += " + nowhere"


def _break_twice(draft: dict[str, Any]) -> None:
    if draft["quantities"] and draft["steps"]:
        draft["steps"][-1]["name"] = draft["quantities"][0]["name"]


def _break_asked(draft: dict[str, Any]) -> None:
    if "question" in draft:
        draft["question"]["name"] = "unasked"


def _break_circle(draft: dict[str, Any]) -> None:
    if draft["steps"]:
        draft["steps"][0]["expression"] = f"{draft['steps'][0]['name']} * 2"


def _break_unit(draft: dict[str, Any]) -> None:
    if draft["quantities"]:
        draft["quantities"][0]["unit"] = "dollars / / hour"


def _break_units(draft: dict[str, Any]) -> None:
    if draft["steps"]:
        draft["steps"][0]["unit"] = "apples per hour"


def _break_stray(draft: dict[str, Any]) -> None:
    if draft["quantities"]:
        draft["quantities"][0]["stray"] = True


def _break_question(draft: dict[str, Any]) -> None:
    draft.pop("question", None)


def _break_arithmetic(draft: dict[str, Any]) -> None:
    if draft["steps"]:
        draft["steps"][0]["expression"] = "a +* b"


def _break_blank(draft: dict[str, Any]) -> None:
    if draft["quantities"]:
        draft["quantities"][0].pop("occurrence", None)
        draft["quantities"][0]["quote"] = " "


_BREAKERS: Final = (
    _break_value,
    _break_quote,
    _break_undefined,
    _break_twice,
    _break_asked,
    _break_circle,
    _break_unit,
    _break_units,
    _break_stray,
    _break_question,
    _break_arithmetic,
    _break_blank,
)


@st.composite
def broken(draw: DrawFn) -> tuple[str, str]:
    """Draw a problem's text and a draft of it, as JSON text, with some rules broken: each refusal of the drafts' codes can come."""
    text, draft = draw(problems())
    for breaker in draw(st.lists(st.sampled_from(_BREAKERS), max_size=4)):
        breaker(draft)
    text_of_draft = written(draft)
    if draw(st.integers(0, 5)) == 0:
        cut = draw(st.integers(0, len(text_of_draft)))
        text_of_draft = text_of_draft[:cut] + draw(st.sampled_from(["", "]", "x", "}"]))
    return text, text_of_draft


def chunks(draw: Callable[[SearchStrategy[Any]], Any], text: str) -> list[str]:
    """Draw a cutting of *text* into chunks, of any sizes."""
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=12)))
    bounds = [0, *cuts, len(text)]
    return [text[start:end] for start, end in itertools.pairwise(bounds)]
