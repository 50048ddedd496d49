"""The shape of a draft: which keys it holds, which are lists of elements, and what each element's keys are.

Whoever reads a draft (a walk over a tree, the streaming checker over
text, or a reader of another form of draft, such as a program of
assignments) hands the :class:`Reader` what it meets, in the order it meets it: a
key of the draft and its value, an element of a list, a key of an element
and its value, each end. An object or an array is handed over as
:data:`~binding_graph.drafts._checks.format.OBJECT` or
:data:`~binding_graph.drafts._checks.format.ARRAY` before its content, and the
reader says whether to go into it: what is refused is never read further.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from binding_graph._refuse import malformed
from binding_graph._show import short_repr
from binding_graph.drafts._checks.fields import owner, wrong_type
from binding_graph.drafts._checks.format import ARRAY, KEYS, OBJECT, TOP_KEYS
from binding_graph.errors import BindingGraphError

if TYPE_CHECKING:
    from binding_graph.drafts._checks.element import Element
    from binding_graph.drafts._checks.engine import Engine
    from binding_graph.errors import ErrorPath

__all__ = ["Reader"]

_REQUIRED_TOP: Final = ("quantities", "steps", "question")


def _unknown(path: ErrorPath, key: object, known: tuple[str, ...]) -> BindingGraphError:
    return BindingGraphError(
        "unknown_key",
        f"{owner(path[:-1])} has no key {short_repr(key)}: its keys are"
        f" {', '.join(known)}",
        path,
    )


class Reader:
    """The shape of one draft, read in the order it is written; its checks are the :class:`Engine`'s.

    Args:
        engine: What checks the values and the elements.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.keys: set[object] = set()  # the draft's keys read so far
        self.given: set[str] = set()  # those of its lists and question not null
        self.kind = ""  # the list being read, or "question"
        self.index = 0  # the next element's index in that list
        self.element: Element | None = None
        self.element_keys: set[object] = set()

    @property
    def found(self) -> list[BindingGraphError]:
        """Every refusal so far, in order."""
        return self.engine.found

    def root(self, value: object) -> bool:
        """Take the draft itself: go into it if it is an object; refuse it whole otherwise."""
        if value is OBJECT:
            return True
        self.found.append(wrong_type((), "a JSON object", value))
        return False

    def top(self, key: object, value: object) -> bool:  # noqa: PLR0911 -- a return for each kind of key
        """Take the draft's *key* and its *value*; tell whether to go into the value."""
        path = cast("ErrorPath", (key,))  # a key of a tree may be anything
        found = self.found
        if type(key) is not str or key not in TOP_KEYS:
            found.append(_unknown(path, key, TOP_KEYS))
            return False
        if key in self.keys:
            found.append(malformed(f"{owner(())} holds the key {key!r} twice", path))
            return False
        self.keys.add(key)
        if key == "version":
            self.engine.version(value)
            return False
        if value is not None:
            self.given.add(key)
        if key == "question":
            if value is OBJECT:
                self.kind = key
                self.element = self.engine.begin(key, path)
                self.element_keys = set()
                return True
            if value is not None:
                found.append(wrong_type(path, "a JSON object", value))
            return False
        if value is ARRAY:
            self.kind = key
            self.index = 0
            return True
        if value is not None:
            found.append(wrong_type(path, "a JSON array of objects", value))
        self.engine.list_end(key)
        return False

    def item(self, value: object) -> bool:
        """Take the next element of the list being read; tell whether to go into it."""
        path = (self.kind, self.index)
        if value is OBJECT:
            self.element = self.engine.begin(self.kind, path)
            self.element_keys = set()
            return True
        self.found.append(wrong_type(path, "a JSON object", value))
        self.index += 1
        return False

    def field(self, key: object, value: object) -> None:
        """Take the element's *key* and its *value*, never gone into."""
        element: Element = self.element  # type: ignore[assignment]  # the walk is in one
        known = KEYS[self.kind]
        if type(key) is str and key in known and key not in self.element_keys:
            self.element_keys.add(key)
            self.engine.field(element, key, value)
            return
        path = cast("ErrorPath", (*element.path, key))  # as a draft's keys
        if type(key) is not str or key not in known:
            self.found.append(_unknown(path, key, known))
        else:
            self.found.append(
                malformed(f"{owner(element.path)} holds the key {key!r} twice", path)
            )

    def end_element(self) -> None:
        """End the element being read."""
        element = self.element
        assert element is not None  # noqa: S101 -- the walk is in an element
        self.engine.end(element)
        self.element = None
        self.index += 1

    def end_list(self) -> None:
        """End the list being read."""
        self.engine.list_end(self.kind)

    def end(self) -> None:
        """End the draft: refuse what it lacks, then check what every definition decides."""
        for key in _REQUIRED_TOP:
            if key not in self.given:
                self.engine.refuse(
                    "missing_key",
                    (key,),
                    "must be given, not null or absent: a draft holds quantities,"
                    " steps and question (an empty list where there are none)",
                )
        self.engine.settle()
