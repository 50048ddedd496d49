"""The model classes are final: the format holds exactly their fields."""

from __future__ import annotations

from typing import Any

import pytest

from binding_graph.model import MODEL_CLASSES


class TestFinalClasses:
    """Defining a subclass of a model class is refused, with a clear message."""

    @pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
    def test_subclassing_a_model_class_is_refused(self, cls: type[Any]) -> None:
        """A class statement deriving from a model class raises TypeError."""
        with pytest.raises(TypeError) as info:
            type("Wider", (cls,), {"__slots__": ()})
        assert str(info.value) == (
            f"{cls.__qualname__} is final: the document format holds exactly"
            " its fields, so it cannot be subclassed"
        )

    def test_a_subclass_further_down_is_refused_too(self) -> None:
        """Mixing a model class into another base is refused as well."""

        class Mixin:
            __slots__ = ()

        with pytest.raises(TypeError, match="SourceSpanLink is final"):
            type("Mixed", (Mixin, MODEL_CLASSES[0]), {"__slots__": ()})
