"""Hostile Python values: subclasses of the built-ins that lie or raise, and objects that do nothing else.

JSON text can only ever give the readers plain ``dict``, ``list``, ``str``
and ``int``; a caller in Python can hand any entry point anything.
This module makes such values for the fuzz harness and the property tests:

- :func:`subclass` derives a subclass of ``str``, ``int``, ``bytes``,
  ``bytearray``, ``tuple``, ``frozenset``, ``list`` or ``dict`` that
  overrides some of its methods, each either to *lie* (return a plausible
  value of the right type, but the wrong one: a length of 0, an empty
  iteration, equality with everything, ...) or to *raise* :class:`HostileError`;
- :func:`spiteful` makes an object (not a subclass of anything useful) whose
  hooks raise, or whose ``__class__`` claims to be a model class, and whose
  class's metaclass raises on hashing, equality and name lookup;
- :func:`poison` puts one such value into a copy of a tree, in place of the
  node a number picks.

Everything is chosen by plain integers, so that atheris' bytes and
Hypothesis' draws choose alike, and a failure replays from its numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeGuard

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "BASES",
    "METHODS",
    "HostileError",
    "hostile_like",
    "nodes",
    "poison",
    "spiteful",
    "subclass",
]


class HostileError(RuntimeError):
    """What hostile code raises: anything but a BindingGraphError, and no OSError."""


BASES: Final[tuple[type, ...]] = (
    str,
    int,
    bytes,
    bytearray,
    tuple,
    frozenset,
    list,
    dict,
)
"""The built-in types a document or a field is made of, which a subclass may lie about."""

_SEQUENCE: Final = ("__len__", "__iter__", "__getitem__", "__contains__", "count")
_TEXT: Final = (
    *_SEQUENCE,
    "__eq__",
    "__hash__",
    "__add__",
    "__mod__",
    "__format__",
    "__repr__",
    "endswith",
    "isascii",
    "isspace",
    "lstrip",
    "split",
    "startswith",
    "strip",
)
_WANTED: Final[dict[type, tuple[str, ...]]] = {
    str: (
        *_TEXT,
        "__str__",
        "encode",
        "isidentifier",
        "isprintable",
        "lower",
        "translate",
    ),
    bytes: (*_TEXT, "__bytes__", "decode"),
    bytearray: (*_TEXT, "decode"),
    int: (
        "__add__",
        "__bool__",
        "__eq__",
        "__format__",
        "__ge__",
        "__gt__",
        "__hash__",
        "__index__",
        "__int__",
        "__le__",
        "__lt__",
        "__repr__",
        "__rsub__",
        "__sub__",
    ),
    tuple: (*_SEQUENCE, "__add__", "__eq__", "__hash__", "__mul__", "index"),
    frozenset: (
        "__contains__",
        "__eq__",
        "__hash__",
        "__iter__",
        "__len__",
        "__sub__",
        "difference",
        "isdisjoint",
        "issuperset",
    ),
    list: (*_SEQUENCE, "__eq__", "index"),
    dict: (
        "__contains__",
        "__eq__",
        "__getitem__",
        "__iter__",
        "__len__",
        "get",
        "items",
        "keys",
        "values",
    ),
}
METHODS: Final[dict[type, tuple[str, ...]]] = {
    base: tuple(name for name in names if hasattr(base, name))  # bytes.__bytes__: 3.11
    for base, names in _WANTED.items()
}
"""The methods of each base that :func:`subclass` may override, where this Python has them."""


# What a lie returns in place of a true result, by the result's type: the
# opposite truth, or an empty value for a full one and a full one for an empty one.
_LIES: Final[dict[type, Callable[[Any], object]]] = {
    bool: lambda result: not result,
    int: lambda result: 0 if result else 1,
    str: lambda result: "" if result else "lie",
    bytes: lambda result: b"" if result else b"lie",
    tuple: lambda _: (),
    list: lambda _: [],
    frozenset: lambda _: frozenset[object](),
    dict: lambda _: {},
}


def _lie(result: object) -> object:
    """Return a value of *result*'s type that is not *result*: a plausible lie."""
    lie = _LIES.get(type(result))
    if lie is not None:
        return lie(result)
    if hasattr(result, "__next__"):
        return iter(())  # an iterator that yields nothing
    return result


def _override(base: type, name: str, *, raises: bool) -> Callable[..., object]:
    inherited = getattr(base, name)

    def method(self: object, *args: object, **kwargs: object) -> object:
        if raises:
            raise HostileError(name)
        return _lie(inherited(self, *args, **kwargs))

    method.__name__ = name
    return method


def subclass(base: type, choice: int) -> type:
    """Return a subclass of *base* that overrides the methods *choice* picks.

    The low bits of *choice* pick one to three methods of
    :data:`METHODS`, and for each whether it lies or raises.
    """
    methods = METHODS[base]
    namespace: dict[str, Any] = {}
    count = 1 + choice % 3
    choice //= 3
    for _ in range(count):
        name = methods[choice % len(methods)]
        choice //= len(methods)
        namespace[name] = _override(base, name, raises=bool(choice % 2))
        choice //= 2
    if "__eq__" in namespace and "__hash__" not in namespace:
        # Defining __eq__ alone makes a class unhashable: keep it hashable,
        # so that the value can still go into a set or be a key.
        namespace["__hash__"] = base.__hash__
    return type(f"Hostile{base.__name__.title()}", (base,), namespace)


def hostile_like(value: object, choice: int) -> object:
    """Return a hostile stand-in for *value*: a lying subclass of its type, or a spiteful object.

    Where *value* is of none of :data:`BASES` (``None``, a model object),
    or where *choice* says so, a :func:`spiteful` object stands in.
    """
    base = type(value)
    if base not in BASES or choice % 5 == 0:
        return spiteful(choice // 5)
    # Built from the value by the base's own constructor, before any
    # override can be asked.
    return subclass(base, choice // 5)(value)


class _Spite(type):
    """A metaclass whose hashing, equality and name lookup raise."""

    def __hash__(cls) -> int:
        raise HostileError("__hash__ of a class")

    def __eq__(cls, other: object) -> bool:
        raise HostileError("__eq__ of a class")

    def __getattribute__(cls, name: str) -> object:
        if name in {"__name__", "__qualname__", "__module__"}:
            raise HostileError(name)
        return type.__getattribute__(cls, name)


_HOOKS: Final = (
    "__bool__",
    "__eq__",
    "__hash__",
    "__index__",
    "__iter__",
    "__len__",
    "__repr__",
    "__str__",
)


def _raise(name: str) -> Callable[..., object]:
    def hook(*_: object) -> object:
        raise HostileError(name)

    return hook


def _not_an_iterator(_: object) -> object:
    return 5  # iter() refuses what is not an iterator


def spiteful(choice: int) -> object:
    """Return an object that raises from its hooks, chosen by *choice*.

    Its class's metaclass raises on hashing, equality and name lookup.
    Depending on *choice*, the object's ``__class__`` also raises, or
    claims that it is a model class (an object whose ``__class__`` lies is
    not a graph), its ``__getattribute__`` raises, and its ``__iter__``
    returns something that is not an iterator.
    """
    namespace: dict[str, Any] = {name: _raise(name) for name in _HOOKS}
    variant = choice % 4
    if variant == 1:
        namespace["__class__"] = property(_raise("__class__"))
    elif variant == 2:  # noqa: PLR2004 -- the variants, in turn
        # Imported here: the package is what the fuzzer imports under its
        # instrumentation, first.
        from binding_graph import SemanticSymbolicBindingGraph  # noqa: PLC0415

        namespace["__class__"] = property(lambda _: SemanticSymbolicBindingGraph)
        namespace["__iter__"] = _not_an_iterator
    elif variant == 3:  # noqa: PLR2004
        namespace["__getattribute__"] = _raise("__getattribute__")
    cls = _Spite("Spiteful", (), namespace)
    return cls()


def _is_dict(value: object) -> TypeGuard[dict[object, object]]:
    return type(value) is dict


def _is_list(value: object) -> TypeGuard[list[object]]:
    return type(value) is list


def nodes(tree: object) -> list[tuple[object, object]]:
    """Return ``(container, key)`` for every place in *tree* that holds a value.

    In document order; a container met twice is walked once.
    """
    places: list[tuple[object, object]] = []
    stack: list[object] = [tree]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        children: list[object] = []
        if _is_dict(node):
            places += [(node, key) for key in node]
            children = list(node.values())
        elif _is_list(node):
            places += [(node, index) for index in range(len(node))]
            children = node
        stack += reversed(children)
    return places


def poison(tree: object, choice: int) -> object:
    """Return *tree* with one value, or one key, made hostile; *choice* says which and how.

    The tree itself is not changed: the containers on the way to the
    hostile value are copied. A tree with no place in it is replaced whole.
    """
    copied = _copy(tree)
    places = nodes(copied)
    if not places:
        return hostile_like(copied, choice)
    container, key = places[choice % len(places)]
    choice //= len(places)
    if _is_dict(container) and choice % 3 == 0 and type(key) is str:
        value = container.pop(key)
        stand_in = subclass(str, choice // 3)(key)
        try:
            container[stand_in] = value
        except HostileError:  # its hashing raises: it cannot be a key at all
            container[key] = value
        else:
            return copied
    target: Any = container  # a dict or a list, indexed by key
    target[key] = hostile_like(target[key], choice // 3)
    return copied


def _fresh(node: object) -> object:
    """Return a copy of *node* if it is a dict or a list, else *node* itself."""
    if _is_dict(node):
        return dict(node)
    if _is_list(node):
        return list(node)
    return node


def _copy(tree: object) -> object:
    """Copy the dicts and lists of *tree* (a JSON tree: no cycles), without recursion."""
    root = _fresh(tree)
    stack: list[object] = [root] if root is not tree else []
    while stack:
        node: Any = stack.pop()  # a dict or a list, indexed by key
        keys: list[object] = list(node) if _is_dict(node) else list(range(len(node)))
        for key in keys:
            child = _fresh(node[key])
            if child is not node[key]:
                node[key] = child
                stack.append(child)
    return root
