"""Tests of ``binding-graph validate --strict``: records refused as the seed's system refuses them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from binding_graph import canonical_bytes
from tests._helpers import Result, equation, graph

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph import SemanticSymbolicBindingGraph

SOUND = graph(equations=(equation(operation_kind="add"),))
"""A graph the strict profile takes: z := x + y, an admitted add."""
CYCLIC = graph(
    equations=(
        equation(
            lhs_symbol_id="x",
            rhs_canonical="y + z",
            dependencies=frozenset("yz"),
            operation_kind="add",
        ),
        equation(operation_kind="sum"),
    )
)
"""A graph the loader takes and the strict profile refuses twice: x and z defined from each other, and a kind it does not know."""

CYCLE = (
    "circular_dependency at equations[0].dependencies[1]:"
    " SemanticSymbolicBindingGraph.equations[0] is on an equation dependency cycle,"
    " x -> z -> x: a symbol defined from itself is circular"
)
KIND = (
    "unknown_operation at equations[1].operation_kind:"
    " SemanticSymbolicBindingGraph.equations[1].operation_kind must be one of add,"
    " apply_rate, compare_additive, compare_multiplicative, divide, multiply,"
    " subtract, transfer (got 'sum')"
)


def _corpus(*graphs: SemanticSymbolicBindingGraph | bytes) -> None:
    Path("c.jsonl").write_bytes(
        b"".join(
            (g if isinstance(g, bytes) else canonical_bytes(g)) + b"\n" for g in graphs
        )
    )


class TestValidateStrict:
    """validate --strict refuses what the strict profile refuses, as validate refuses what the loader does."""

    def test_without_strict_every_record_is_accepted(
        self, cli: Callable[..., Result]
    ) -> None:
        """The loader takes both graphs: validate alone accepts them."""
        _corpus(CYCLIC, SOUND)
        assert cli("validate", "c.jsonl") == Result(
            0, "2 records: 2 accepted, 0 refused\n", ""
        )

    def test_with_strict_the_first_refusal_is_reported(
        self, cli: Callable[..., Result]
    ) -> None:
        """The cycle comes first; the record counts as refused, by its code; exit 1."""
        _corpus(CYCLIC, SOUND)
        assert cli("validate", "--strict", "c.jsonl") == Result(
            1,
            f"c.jsonl:1: {CYCLE}\n"
            "2 records: 1 accepted, 1 refused (circular_dependency 1)\n",
            "",
        )

    def test_with_all_every_strict_refusal_is_reported(
        self, cli: Callable[..., Result]
    ) -> None:
        """--all lists the strict profile's refusals of a record, in order, and counts them."""
        _corpus(CYCLIC)
        assert cli("validate", "--strict", "--all", "c.jsonl") == Result(
            1,
            f"c.jsonl:1: {CYCLE}\nc.jsonl:1: {KIND}\n"
            "1 record: 0 accepted, 1 refused (2 refusals: circular_dependency 1,"
            " unknown_operation 1)\n",
            "",
        )

    def test_as_json(self, cli: Callable[..., Result]) -> None:
        """--format json gives the refusal's code, path and message."""
        _corpus(CYCLIC)
        lines = cli("validate", "--strict", "--format", "json", "c.jsonl").out
        first = json.loads(lines.splitlines()[0])
        assert (first["code"], first["path"]) == (
            "circular_dependency",
            ["equations", 0, "dependencies", 1],
        )

    def test_a_record_the_loader_refuses_is_reported_as_before(
        self, cli: Callable[..., Result]
    ) -> None:
        """The strict profile judges only what the loader takes."""
        _corpus(b"{}", SOUND)
        result = cli("validate", "--strict", "c.jsonl")
        assert result.status == 1
        assert result.out.splitlines()[1:] == [
            "2 records: 1 accepted, 1 refused (missing_key 1)"
        ]

    def test_with_workers(self, cli: Callable[..., Result]) -> None:
        """With --jobs 2 the report is the same."""
        _corpus(CYCLIC, SOUND, CYCLIC)
        one = cli("validate", "--strict", "c.jsonl")
        assert cli("validate", "--strict", "--jobs", "2", "c.jsonl") == one
