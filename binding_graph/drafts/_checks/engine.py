"""Checking a draft element by element, each refusal as soon as what has been read makes it certain.

A reader hands the engine each value of an element as it is read
(:meth:`Engine.field`), then the element's end, the end of each list, and
the end of the draft. What one value decides is refused at once: a name
that is no identifier or is defined again, a quote that does not occur in
the text, an expression or a unit the profiles refuse. What an element
decides at its end: a key it lacks, a quote that occurs more than once
without an ``occurrence``, a value its quote does not state. What every
definition decides (names used that nothing defines, steps that use each
other in a circle, units that do not agree) once the quantities and the
steps have both been read: :meth:`Engine.settle`.

So the refusals of a draft come in one order, whoever reads it: whole, as
a tree or as text, or a chunk at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.drafts._checks.element import REFUSED, Element
from binding_graph.drafts._checks.fields import CHECKS, owner
from binding_graph.drafts._checks.format import NOT_CHECKED, REQUIRED
from binding_graph.drafts._checks.near import Names, Passages
from binding_graph.drafts._checks.text import Source
from binding_graph.drafts._checks.units import decide
from binding_graph.errors import BindingGraphError, render_path
from binding_graph.expressions import spelled

if TYPE_CHECKING:
    from binding_graph.drafts._checks.fields import Number, Read
    from binding_graph.errors import ErrorPath, RefusalCode

__all__ = ["Engine", "checked_engine"]


_SHOWN_STARTS: Final = 5
_WHAT: Final = {
    "quantities": "a quantity holds its name, its quote and its value",
    "steps": "a step holds its name and its expression",
    "question": "the question holds the name asked for and its quote",
    "constraints": "a constraint holds its name, its predicate and its quote",
}


class Engine:
    """The checks of one draft against one text, fed element by element.

    Args:
        text: The problem's whole text.
        source_id: The id of the text's source, for the graph's spans.
        introduced_by: What introduced each symbol, unless its element says.
    """

    def __init__(self, text: str, source_id: str, introduced_by: str) -> None:
        self.source = Source(text)
        self.passages = Passages(text)
        self.names = Names()
        self.source_id = source_id
        self.introduced_by = introduced_by
        self.found: list[BindingGraphError] = []
        self.defined: dict[str, Element] = {}
        self.elements: dict[str, list[Element]] = {
            "quantities": [],
            "steps": [],
            "question": [],
            "constraints": [],
        }
        self.closed: set[str] = set()
        self.settled = False
        self.waiting: list[Element] = []
        self.proofs: dict[int, str] = {}

    def refuse(self, code: RefusalCode, path: ErrorPath, rule: str) -> None:
        """Add the refusal of the value at *path*, which breaks *rule*."""
        self.found.append(BindingGraphError(code, f"{owner(path)} {rule}", path))

    # -- what the reader hands over ---------------------------------------------------

    def begin(self, kind: str, path: ErrorPath) -> Element:
        """Return a new element of *kind*, at *path*."""
        element = Element(kind, path)
        self.elements[kind].append(element)
        return element

    def field(self, element: Element, key: str, value: object) -> None:
        """Check the value of *key* in *element*, and what it decides at once."""
        path = (*element.path, key)
        try:
            read = CHECKS[element.kind][key](value, path)
        except BindingGraphError as error:
            self.found.append(error)
            element.values[key] = REFUSED
            return
        element.values[key] = read
        if read is None:
            return
        if key == "name" and element.kind in {"quantities", "steps"}:
            self._define(element, read, path)
        elif key == "quote" and self.source.occurrences.nth(read, 0) < 0:
            element.values[key] = REFUSED
            self.refuse("quote_not_found", path, self.passages.rule(read))

    def version(self, value: object) -> None:
        """Check the draft's ``version``."""
        try:
            CHECKS[""]["version"](value, ("version",))
        except BindingGraphError as error:
            self.found.append(error)

    def _define(self, element: Element, name: str, path: ErrorPath) -> None:
        first = self.defined.get(name)
        if first is None:
            self.defined[name] = element
            return
        element.values["name"] = REFUSED
        self.refuse(
            "duplicate_symbol_id",
            path,
            f"defines {short_repr(name)} again: {render_path((*first.path, 'name'))}"
            " defined it first, and a name is defined once",
        )

    def end(self, element: Element) -> None:
        """Check what *element* decides once it is whole."""
        values = element.values
        for key in REQUIRED[element.kind]:
            if values.get(key) is None:
                element.sound = False
                self.refuse(
                    "missing_key",
                    (*element.path, key),
                    f"must be given, not null or absent: {_WHAT[element.kind]}",
                )
        if REFUSED in values.values():
            element.sound = False
        self._locate(element)
        if element.kind == "quantities":
            self._stated(element)
        self._symbol_span(element)
        if element.kind in {"question", "constraints"}:
            if self.settled:
                self._resolved(element)
            else:
                self.waiting.append(element)

    def list_end(self, kind: str) -> None:
        """Note that the list *kind* is read; settle once the definitions are all known."""
        self.closed.add(kind)
        if {"quantities", "steps"} <= self.closed:
            self.settle()

    # -- what an element decides -----------------------------------------------------

    def _locate(self, element: Element) -> None:
        quote: str | None = element.get("quote")
        if quote is None or element.values.get("occurrence") is REFUSED:
            return
        found = self.source.occurrences
        occurrence: int | None = element.get("occurrence")
        path = element.path
        if occurrence is not None:
            start = found.nth(quote, occurrence)
            if start < 0:
                element.sound = False
                count = found.count(quote)
                times = "once" if count == 1 else f"{count} times"
                self.refuse(
                    "quote_not_found",
                    (*path, "occurrence"),
                    f"must be less than the times its quote occurs in the text"
                    f" ({times}), counting from 0 (got {occurrence})",
                )
                return
        elif found.nth(quote, 1) >= 0:
            element.sound = False
            count = found.count(quote)
            starts = [found.nth(quote, k) for k in range(min(count, _SHOWN_STARTS))]
            shown = ", ".join(map(str, starts))
            more = ", ..." if count > _SHOWN_STARTS else ""
            self.refuse(
                "ambiguous_quote",
                (*path, "quote"),
                f"occurs {count} times in the text (at offsets {shown}{more}):"
                " quote more of the text, so that it occurs once, or give its"
                f" occurrence, counting from 0 (got {short_repr(quote)})",
            )
            return
        else:
            start = found.nth(quote, 0)
        element.span = (start, start + len(quote))

    def _stated(self, element: Element) -> None:
        number: Number | None = element.get("value")
        if element.span is None or number is None:
            return
        start, end = element.span
        try:
            stated = self.source.stated(start, end, (*element.path, "quote"))
        except BindingGraphError as error:
            element.sound = False
            self.found.append(error)
            return
        if number.value in stated:
            return
        element.sound = False
        quote = self.source.text[start:end]
        says = (
            " and ".join(dict.fromkeys(spelled(value) for value in stated))
            if stated
            else "no number"
        )
        self.refuse(
            "value_not_stated",
            (*element.path, "value"),
            f"must be a number its quote states: {short_repr(quote)} states {says}"
            f" (got {short_repr(number.text)})",
        )

    def _symbol_span(self, element: Element) -> None:
        start: int | None = element.get("symbol_start")
        end: int | None = element.get("symbol_end")
        if start is None and end is None:
            return
        path = element.path
        if start is None or end is None:
            element.sound = False
            given, other = (
                ("symbol_start", "symbol_end")
                if end is None
                else ("symbol_end", "symbol_start")
            )
            if element.values.get(other) is not REFUSED:
                self.refuse(
                    "missing_key",
                    (*path, other),
                    f"must be given with {given}: the two say where the symbol is",
                )
            return
        if start < end <= len(self.source.text):
            return
        element.sound = False
        self.refuse(
            "invalid_span",
            (*path, "symbol_end"),
            f"must lie after symbol_start ({start}) and within the text, of"
            f" {len(self.source.text)} characters (got {end})",
        )

    def _resolved(self, element: Element) -> None:
        """Refuse the names a question or a constraint uses that nothing defines."""
        name = element.name
        if name is not None and name not in self.defined:
            element.sound = False
            asks = "asks for" if element.kind == "question" else "constrains"
            self.refuse(
                "unknown_symbol",
                (*element.path, "name"),
                f"{asks} {short_repr(name)}, which no quantity or step defines:"
                f" {self.names.listed([name], self.defined, 'defined')}",
            )
        read: Read | None = element.get("predicate")
        if read is not None:
            self._undefined(element, read.names, "predicate")

    def _undefined(self, element: Element, names: list[str], key: str) -> None:
        missing = [name for name in names if name not in self.defined]
        if missing:
            element.sound = element.resolved = False
            shown = " and ".join(map(short_repr, missing))
            which = "which no quantity or step defines"
            listed = self.names.listed(missing, self.defined, "defined")
            self.refuse(
                "unknown_symbol",
                (*element.path, key),
                f"uses {shown}, {which}: {listed}",
            )

    # -- what every definition decides --------------------------------------------------

    def settle(self) -> None:
        """Check what needs every definition: names, circles of steps, units; then what waited for them."""
        if self.settled:
            return
        self.settled = True
        steps = self.elements["steps"]
        for step in steps:
            read: Read | None = step.get("expression")
            if read is not None:
                self._undefined(step, read.names, "expression")
        self._circles(steps)
        for index, decision in decide(steps, self.defined).items():
            if isinstance(decision, str):
                self.proofs[index] = decision
            else:
                steps[index].sound = False
                self.found.append(decision)
        for element in self.waiting:
            self._resolved(element)
        self.waiting.clear()

    def _circles(self, steps: list[Element]) -> None:  # noqa: C901, PLR0912 -- one loop, with its own stack
        """Refuse each circle of steps that use each other, at its first step (Tarjan's, with a stack)."""
        nodes = [
            step
            for step in steps
            if step.get("expression") is not None
            and step.name is not None
            and self.defined.get(step.name) is step
        ]
        number = {id(step): index for index, step in enumerate(nodes)}
        edges = [
            [
                number[id(self.defined[name])]
                for name in step.get("expression").names
                if id(self.defined.get(name)) in number
            ]
            for step in nodes
        ]
        order = [-1] * len(nodes)
        low = [0] * len(nodes)
        on_stack = [False] * len(nodes)
        stack: list[int] = []
        counter = 0
        circles: list[list[int]] = []
        for root in range(len(nodes)):
            if order[root] >= 0:
                continue
            work = [(root, 0)]
            while work:
                node, edge = work.pop()
                if edge == 0:
                    order[node] = low[node] = counter
                    counter += 1
                    stack.append(node)
                    on_stack[node] = True
                if edge < len(edges[node]):
                    work.append((node, edge + 1))
                    following = edges[node][edge]
                    if order[following] < 0:
                        work.append((following, 0))
                    elif on_stack[following]:
                        low[node] = min(low[node], order[following])
                    continue
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == order[node]:
                    members: list[int] = []
                    while True:
                        member = stack.pop()
                        on_stack[member] = False
                        members.append(member)
                        if member == node:
                            break
                    if len(members) > 1 or node in edges[node]:
                        circles.append(sorted(members))
        for members in sorted(circles):
            for member in members:
                nodes[member].sound = nodes[member].resolved = False
            first = nodes[members[0]]
            names = ", ".join(short_repr(nodes[member].name) for member in members)
            self.refuse(
                "circular_dependency",
                (*first.path, "expression"),
                f"is one of steps that use each other's results in a circle ({names}):"
                " a step may use only what can be computed without it",
            )

    def proof(self, index: int) -> str:
        """Return the unit proof of step *index*, as settling found it."""
        return self.proofs.get(index, NOT_CHECKED)


def checked_engine(
    owner: str, text: object, source_id: object, introduced_by: object
) -> Engine:
    """Return the engine of the problem's *text*, *source_id* and *introduced_by*, checked as a graph's spans and symbols check them.

    Raises:
        BindingGraphError: ``wrong_type``, ``empty_text`` or ``invalid_text``, at the argument.
    """
    return Engine(
        check_text(text, owner, "text", ("text",), blank_ok=True),
        check_text(source_id, owner, "source_id", ("source_id",)),
        check_text(introduced_by, owner, "introduced_by", ("introduced_by",)),
    )
