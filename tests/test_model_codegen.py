"""binding_graph._codegen: the one home of generated code."""

from __future__ import annotations

import inspect
import itertools
import linecache
import traceback

import pytest

from binding_graph import SymbolBinding, _codegen
from binding_graph._codegen import compile_function, generated_source


class TestSources:
    """Every generated function keeps its source, under a file name of its own."""

    def test_generated_source_is_the_source_compiled(self) -> None:
        """generated_source() returns exactly the text that was compiled."""
        source = "def double(x):\n    return 2 * x\n"
        double = compile_function("double", source, {}, qualname="Tests.double")
        assert generated_source(double) == source
        assert double(21) == 42
        assert double.__qualname__ == "Tests.double"

    def test_a_model_class_init_shows_its_source(self) -> None:
        """The compiled __init__ of a model class reads back as Python."""
        source = generated_source(SymbolBinding.__init__)
        assert source.startswith("def __init__(self, *, symbol_id, name,")
        assert source == inspect.getsource(SymbolBinding.__init__)

    def test_a_file_name_in_use_is_never_overwritten(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A name linecache holds already is skipped, and its entry kept as it was."""
        monkeypatch.setattr(_codegen, "_NUMBERS", itertools.count(10**9))
        taken = f"<binding_graph generated Tests.taken #{10**9}>"
        entry = (5, None, ["kept\n"], taken)
        monkeypatch.setitem(linecache.cache, taken, entry)
        taken_fn = compile_function(
            "taken", "def taken():\n    return 1\n", {}, qualname="Tests.taken"
        )
        assert taken_fn.__code__.co_filename == (
            f"<binding_graph generated Tests.taken #{10**9 + 1}>"
        )
        assert linecache.cache[taken] == entry

    def test_each_compilation_gets_a_new_file_name(self) -> None:
        """The same name compiled twice keeps both sources apart."""
        first = compile_function("same", "def same():\n    return 1\n", {})
        second = compile_function("same", "def same():\n    return 2\n", {})
        assert first.__code__.co_filename != second.__code__.co_filename
        assert "return 1" in generated_source(first)
        assert "return 2" in generated_source(second)

    def test_a_traceback_shows_the_generated_line(self) -> None:
        """An exception raised in generated code shows the line that raised it."""
        fails = compile_function(
            "fails", "def fails():\n    raise LookupError('in generated code')\n", {}
        )
        with pytest.raises(LookupError) as info:
            fails()
        shown = "".join(traceback.format_exception(info.value))
        assert "raise LookupError('in generated code')" in shown
