"""Reading what a guided draft holds so far: the state its next piece follows from, or the refusal of a text no guide's grammar allows.

The text is read as the grammars write it, piece by piece: the openers
that :func:`~binding_graph.drafts._draft.guide.grammar.openers` allows, then an
element written exactly as the guide writes it. Each element is held to
the guide's rules, so that a model's text, or anyone's, is never trusted:
a name that is no identifier, or is defined again; a place that is not
offered, or its value not the one the place states; an expression that
uses a name not yet defined, or is not one the guide's pattern allows.
"""

from __future__ import annotations

import re
from keyword import iskeyword
from typing import TYPE_CHECKING, Final, NoReturn

from binding_graph._show import short_repr
from binding_graph.drafts._checks.fields import owner
from binding_graph.drafts._draft.guide.grammar import State, openers
from binding_graph.drafts._draft.guide.offers import (
    NAME,
    NAME_LENGTH,
    SHAPE,
)
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from binding_graph.drafts._draft.guide.grammar import Element, Limits
    from binding_graph.drafts._draft.guide.offers import Offer
    from binding_graph.errors import ErrorPath, RefusalCode

__all__ = ["read"]

_NAME: Final = re.compile(NAME)
_HEAD: Final = re.compile(r'\{"name": "([^"\\]*)", ')
_QUANTITY: Final = re.compile(
    r'("quote": "([^"\\]*)", "value": [^,}]*(?:, "occurrence": ([0-9]+))?)\}'
)
_STEP: Final = re.compile(r'"expression": "([^"\\]*)"\}')
_RUN: Final = re.compile(r"[A-Za-z0-9_.]+")


def _refuse(code: RefusalCode, path: ErrorPath, rule: str) -> NoReturn:
    raise BindingGraphError(code, f"{owner(path)} {rule}", path)


class _Reader:
    """One prefix, read once from its start."""

    __slots__ = ("at", "limits", "offer", "state", "written")

    def __init__(self, written: str, offer: Offer, limits: Limits) -> None:
        self.written = written
        self.offer = offer
        self.limits = limits
        self.state = State()
        self.at = 0

    def path(self, kind: Element) -> ErrorPath:
        state = self.state
        if kind == "question":
            return ("question",)
        return (kind, state.quantities if kind == "quantities" else state.steps)

    def piece(self) -> None:
        """Read one piece: an opener the state allows, and its element."""
        written, state = self.written, self.state
        leads = openers(state, self.offer, self.limits)
        for to, kind in leads:
            if written.startswith(to, self.at):
                self.at += len(to)
                self.element(kind)
                return
        if state.section == "done":
            _refuse(
                "malformed_document",
                (),
                "ends with the question: the guided draft is whole, and nothing"
                f" follows it (got {short_repr(written[self.at :])})",
            )
        expected = " or ".join(repr(to) for to, _ in leads)
        _refuse(
            "malformed_document",
            (),
            f"must go on, at character {self.at}, with {expected}, as the guide"
            f" writes it (got {short_repr(written[self.at : self.at + 40])})",
        )

    def element(self, kind: Element) -> None:
        path = self.path(kind)
        head = _HEAD.match(self.written, self.at)
        if head is None:
            self.not_guided(path, "an object that starts with its name")
        self.at = head.end()
        name = head.group(1)
        if kind == "quantities":
            self.name(name, (*path, "name"))
            self.quantity(path)
            self.state.names[name] = None
        elif kind == "steps":
            self.name(name, (*path, "name"))
            self.step(path)
            self.state.names[name] = None
        else:
            self.question(name, path)

    def not_guided(self, path: ErrorPath, expected: str) -> NoReturn:
        got = short_repr(self.written[self.at : self.at + 60])
        _refuse(
            "malformed_document",
            path,
            f"must be {expected}, whole and written as the guide writes it,"
            f" at character {self.at} (got {got})",
        )

    def name(self, name: str, path: ErrorPath) -> None:
        if not _NAME.fullmatch(name) or iskeyword(name):
            _refuse(
                "invalid_identifier",
                path,
                "must be an ASCII identifier of at most"
                f" {NAME_LENGTH} characters that is not a keyword"
                f" (got {short_repr(name)})",
            )
        if name in self.state.names:
            _refuse(
                "duplicate_symbol_id",
                path,
                f"defines {short_repr(name)} again: a guided draft defines each"
                " name once",
            )

    def quantity(self, path: ErrorPath) -> None:
        state, offer = self.state, self.offer
        found = _QUANTITY.match(self.written, self.at)
        if found is None:
            self.not_guided(path, "a quantity's quote, value and occurrence")
        keys, quote, occurrence = found.groups()
        index = offer.by_keys.get(keys)
        if index is None:
            place = (quote, None if occurrence is None else int(occurrence))
            if place in offer.by_quote:
                stated = offer.places[offer.by_quote[place]].keys
                _refuse(
                    "value_not_stated",
                    (*path, "value"),
                    f"must be the value its place states, as the guide writes"
                    f" it: {stated} (got {short_repr(keys)})",
                )
            _refuse(
                "quote_not_found",
                (*path, "quote"),
                "must quote one of the text's number places, with its"
                " occurrence where the quote is not unique, as the guide"
                f" offers them (got {short_repr(keys)})",
            )
        if index in state.quoted:
            _refuse(
                "malformed_document",
                (*path, "quote"),
                "quotes a place that an earlier quantity quotes: the guide"
                f" offers each place once (got {short_repr(keys)})",
            )
        state.quoted.add(index)
        state.quantities += 1
        state.section = "quantities"
        self.at = found.end()

    def step(self, path: ErrorPath) -> None:
        state = self.state
        found = _STEP.match(self.written, self.at)
        if found is None:
            self.not_guided(path, "a step's expression")
        text = found.group(1)
        runs = [run.group() for run in _RUN.finditer(text)]
        for run in runs:
            if _NAME.fullmatch(run) and run not in state.names:
                _refuse(
                    "unknown_symbol",
                    (*path, "expression"),
                    f"uses {short_repr(run)}, which no quantity or step before"
                    " it defines: a guided step uses the names already defined",
                )
        if len(runs) > self.limits.operands or not SHAPE.fullmatch(text):
            _refuse(
                "malformed_document",
                (*path, "expression"),
                "must be an expression the guide allows: at most"
                f" {self.limits.operands} operands, names already defined and"
                " numbers, + - * /, a unary -, parentheses two deep"
                f" (got {short_repr(text)})",
            )
        state.steps += 1
        state.section = "steps"
        self.at = found.end()

    def question(self, name: str, path: ErrorPath) -> None:
        if name not in self.state.names:
            _refuse(
                "unknown_symbol",
                (*path, "name"),
                f"asks for {short_repr(name)}, which no quantity or step"
                " defines: a guided question asks for a name already defined",
            )
        tail = self.offer.question + "}}"
        if not self.written.startswith(tail, self.at):
            self.not_guided(path, "the question's quote, then the draft's end")
        self.at += len(tail)
        self.state.section = "done"


def read(written: str, offer: Offer, limits: Limits) -> State:
    """Return the state after *written*, a guided draft's first pieces; refuse a text that no guide's grammars allow.

    Raises:
        BindingGraphError: ``malformed_document`` at the draft's root for
            text that does not go on as the guide's openers do, or goes on
            past the draft's end; at an element for one not written as the
            guide writes it, whole; ``invalid_identifier`` or
            ``duplicate_symbol_id`` at a name; ``quote_not_found`` or
            ``value_not_stated`` at a quantity's place the guide did not
            offer; ``unknown_symbol`` at a name used before it is defined.
    """
    reader = _Reader(written, offer, limits)
    while reader.at < len(written):
        reader.piece()
    return reader.state
