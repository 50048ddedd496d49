"""Reading JSON whose objects must not repeat a key: the one home of the readers of documents, records and drafts."""

from __future__ import annotations

import math
from typing import Any, NoReturn

import pytest

from binding_graph import BindingGraphError
from binding_graph._json_objects import Pairs, json_decoder, repeated_key, unique_keys


class _Kept(list[tuple[str, Any]]):
    """An object that repeats a key, its pairs kept for a later check."""

    __slots__ = ()


def _refused(pairs: Pairs) -> NoReturn:
    raise BindingGraphError(
        "malformed_document", f"{repeated_key(pairs)!r} again of {len(pairs)}"
    )


class TestRepeatedKey:
    """The key told is the first one met again, not the first one that has a twin."""

    @pytest.mark.parametrize(
        ("keys", "again"),
        [
            ("aa", "a"),
            ("abba", "b"),
            ("abcdc", "c"),
            ("abcab", "a"),
        ],
    )
    def test_the_first_key_met_again(self, keys: str, again: str) -> None:
        """'abba' repeats 'b' first: it is met again before 'a' is."""
        assert repeated_key([(key, index) for index, key in enumerate(keys)]) == again


class TestUniqueKeys:
    """Each object is a dict where its keys are all different, else what the reader makes of it."""

    def test_an_object_of_different_keys_is_a_dict_in_order(self) -> None:
        """Different keys: a dict, in the text's order, the reader's function never called."""
        hook = unique_keys(_refused)
        assert list(hook([("b", 1), ("a", 2)]).items()) == [("b", 1), ("a", 2)]
        assert hook([]) == {}

    def test_a_repeated_key_is_what_the_reader_says(self) -> None:
        """A repeated key, however far apart, gets the reader's refusal, given every pair."""
        decode = json_decoder(_refused).decode
        with pytest.raises(BindingGraphError) as info:
            decode('[{"x": {"a": 1, "b": 2, "a": 3}}]')
        assert (info.value.code, info.value.path, info.value.message) == (
            "malformed_document",
            (),
            "'a' again of 3",
        )

    def test_a_reader_may_keep_the_pairs_of_an_object_that_repeats_a_key(
        self,
    ) -> None:
        """Where the reader keeps the pairs, that object is its pairs in order; the others stay dicts."""
        text = '{"k": {"a": 1, "a": 2}, "m": {"b": 3}}'
        tree: dict[str, object] = json_decoder(_Kept).decode(text)
        kept, other = tree["k"], tree["m"]
        assert type(tree) is dict
        assert type(kept) is _Kept
        assert kept == [("a", 1), ("a", 2)]
        assert type(other) is dict
        assert other == {"b": 3}


class TestJsonDecoder:
    """The numbers and constants are json's own unless the reader says otherwise."""

    def test_json_reads_numbers_and_constants_by_default(self) -> None:
        """Without parsers: an int, a float, and NaN as json reads them."""
        decode = json_decoder(_refused).decode
        value = decode('[1, 2.5, 1e2, -0, NaN, {"a": Infinity}]')
        assert value[:4] == [1, 2.5, 100.0, 0]
        assert [type(item) for item in value[:4]] == [int, float, float, int]
        assert math.isnan(value[4])
        assert value[5] == {"a": math.inf}

    def test_the_reader_s_parsers_read_numbers_and_constants(self) -> None:
        """Each parser given reads its own lexemes, as written."""
        decode = json_decoder(
            _refused,
            parse_int=lambda text: ("int", text),
            parse_float=lambda text: ("float", text),
            parse_constant=lambda text: ("constant", text),
        ).decode
        assert decode('{"a": [-0, 1.50, 2E3, -Infinity]}') == {
            "a": [
                ("int", "-0"),
                ("float", "1.50"),
                ("float", "2E3"),
                ("constant", "-Infinity"),
            ]
        }
