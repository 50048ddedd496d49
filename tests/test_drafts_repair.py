"""The repair loop: a model asked for a draft, then asked again with its refusals, every attempt kept."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Final

import pytest

from binding_graph import BindingGraphError
from binding_graph.drafts import (
    DRAFT_REPAIR_HEADER,
    EXAMPLE,
    PROGRAM_EXAMPLE,
    Attempt,
    Repair,
    compile_draft,
    draft_prompt,
    draft_refusals,
    draft_schema,
    program_prompt,
    repair,
)
from binding_graph.errors import format_refusals
from tests._drafts import TEXT, Model, draft, written
from tests._helpers import untyped

GSM8K: Final = Path(__file__).parent / "data" / "gsm8k" / "train-200.jsonl"


def broken_draft() -> str:
    """Return the draft of the tests with one value its quote does not state."""
    changed = draft()
    changed["quantities"][0]["value"] = 61
    return written(changed)


def _echo(prompt: str) -> str:
    return prompt


def _bytes(prompt: str) -> bytes:
    return prompt.encode()


class TestPrompt:
    """The first prompt holds instructions, the draft schema, one worked example and the problem."""

    def test_it_holds_what_a_model_needs(self) -> None:
        """The schema, the example's problem and draft, said to be its own, then the problem, and 'Draft:' last."""
        prompt = draft_prompt(TEXT)
        example_text, example = EXAMPLE
        assert json.dumps(draft_schema(), ensure_ascii=False) in prompt
        assert (
            "A made-up example; its words are its own:\n"
            f"Problem: {example_text}\nDraft: {json.dumps(example)}\n\n"
        ) in prompt
        assert prompt.endswith(f"Problem: {TEXT}\nDraft:")
        assert prompt.startswith("Write a draft of the word problem: one JSON object")

    def test_the_example_compiles(self) -> None:
        """The worked example is a draft of its problem that compiles: a product, then a difference."""
        example_text, example = EXAMPLE
        graph = compile_draft(example, example_text, source_id="example")
        assert [equation.unit_proof for equation in graph.equations] == [
            "glimpot * (quibfruit/glimpot) = quibfruit",
            "quibfruit - quibfruit = quibfruit",
        ]

    def test_no_quote_of_the_example_is_in_a_word_problem(self) -> None:
        """Each quote of the example is its own: none is in any problem of the GSM8K sample, so a model that copies one is refused."""
        example: dict[str, Any] = EXAMPLE[1]
        quotes = [quantity["quote"] for quantity in example["quantities"]]
        quotes.append(example["question"]["quote"])
        with GSM8K.open(encoding="utf-8") as lines:
            texts = [json.loads(line)["question"] for line in lines]
        assert len(texts) == 200
        assert [quote for quote in quotes if any(quote in text for text in texts)] == []
        copied = draft(quantities=[{**example["quantities"][0], "name": "laid"}])
        assert [error.code for error in draft_refusals(copied, TEXT)][:1] == [
            "quote_not_found"
        ]

    def test_the_program_example_is_of_the_same_problem(self) -> None:
        """The program's worked example states the draft example's problem, and the program prompt says it is its own."""
        assert PROGRAM_EXAMPLE[0] == EXAMPLE[0]
        assert (
            f"A made-up example; its words are its own:\nProblem: {EXAMPLE[0]}\n"
            in program_prompt(TEXT)
        )

    def test_a_problem_of_450_characters_fits_in_4096(self) -> None:
        """The instructions, schema and example leave a problem of 450 characters room within 4,096 characters, as GSM8K's problems need."""
        assert len(draft_prompt("x" * 450)) <= 4096

    def test_a_text_that_is_not_one_is_refused(self) -> None:
        """A blank text has no prompt."""
        with pytest.raises(BindingGraphError) as info:
            draft_prompt(" ")
        assert (info.value.code, info.value.path) == ("empty_text", ("text",))


class TestRepair:
    """repair stops at the first draft that compiles, or after its rounds, and keeps every attempt."""

    def test_a_first_reply_that_compiles(self) -> None:
        """One attempt, its graph, no refusals."""
        model = Model(written(draft()))
        result = repair(model, TEXT, source_id="p1")
        assert result.graph == compile_draft(
            draft(), TEXT, source_id="p1", introduced_by="draft"
        )
        (attempt,) = result.attempts
        assert attempt.prompt == draft_prompt(TEXT) == model.prompts[0]
        assert attempt.reply == written(draft())
        assert attempt.refusals == ()
        assert result.refusals == ()
        digest = hashlib.sha256(written(draft()).encode()).hexdigest()
        assert attempt.content_hash == f"sha256:{digest}"

    def test_refusals_are_fed_back(self) -> None:
        """A refused reply is sent back with its refusals, as format_refusals tells them, and the repaired one compiles."""
        model = Model(broken_draft(), written(draft()))
        result = repair(model, TEXT, source_id="p1", introduced_by="model")
        first, second = result.attempts
        told = format_refusals(first.refusals, header=DRAFT_REPAIR_HEADER)
        assert [str(error) for error in first.refusals] == [
            str(error) for error in draft_refusals(broken_draft(), TEXT)
        ]
        assert (
            second.prompt == f"{draft_prompt(TEXT)} {broken_draft()}\n\n{told}\nDraft:"
        )
        assert result.graph is not None
        assert result.graph.symbols[0].introduced_by == "model"

    def test_after_its_rounds_it_gives_up(self) -> None:
        """No reply compiled: every attempt, no graph, the last attempt's refusals."""
        model = Model("no JSON at all", broken_draft())
        result = repair(model, TEXT, rounds=2, source_id="p1")
        assert result.graph is None
        assert len(result.attempts) == 2
        assert result.refusals == result.attempts[-1].refusals
        assert result.attempts[0].refusals[0].code == "malformed_document"
        assert [attempt.content_hash for attempt in result.attempts] == [
            f"sha256:{hashlib.sha256(reply.encode()).hexdigest()}"
            for reply in ("no JSON at all", broken_draft())
        ]

    def test_what_ask_raises_propagates(self) -> None:
        """A failing model call is no refusal: its exception goes through."""

        def failing(prompt: str) -> str:
            msg = f"the model is down ({len(prompt)} characters)"
            raise TimeoutError(msg)

        with pytest.raises(TimeoutError):
            repair(failing, TEXT, source_id="p1")

    @pytest.mark.parametrize(
        ("ask", "rounds", "path"),
        [
            ("a model", 3, ("ask",)),
            (_bytes, 3, ("ask",)),
            (_echo, 0, ("rounds",)),
            (_echo, True, ("rounds",)),
        ],
    )
    def test_arguments_are_refused(
        self, ask: object, rounds: object, path: tuple[str]
    ) -> None:
        """An ask that is not callable, or returns no str, and rounds below 1, are refused at them."""
        with pytest.raises(BindingGraphError) as info:
            repair(untyped(ask), TEXT, rounds=untyped(rounds), source_id="p1")
        assert (info.value.code, info.value.path) == ("wrong_type", path)


class TestValues:
    """Attempt and Repair hold exactly what they say."""

    @pytest.mark.parametrize(
        ("fields", "path"),
        [
            ({"prompt": b"p"}, ("prompt",)),
            ({"reply": b"r"}, ("reply",)),
            ({"content_hash": None}, ("content_hash",)),
            ({"refusals": []}, ("refusals",)),
            ({"refusals": ("no refusal",)}, ("refusals",)),
        ],
    )
    def test_an_attempt_of_the_wrong_kind(
        self, fields: dict[str, object], path: tuple[str]
    ) -> None:
        """An attempt's texts are str, its refusals a tuple of refusals."""
        given = {
            "prompt": "p",
            "reply": "r",
            "refusals": (),
            "content_hash": "h",
            **fields,
        }
        with pytest.raises(BindingGraphError) as info:
            Attempt(**untyped(given))
        assert (info.value.code, info.value.path) == ("wrong_type", path)

    @pytest.mark.parametrize(
        ("fields", "path"),
        [
            ({"graph": "a graph"}, ("graph",)),
            ({"attempts": ()}, ("attempts",)),
            ({"attempts": ["an attempt"]}, ("attempts",)),
        ],
    )
    def test_a_repair_of_the_wrong_kind(
        self, fields: dict[str, object], path: tuple[str]
    ) -> None:
        """A repair's graph is a graph or None, its attempts a tuple of at least one attempt."""
        attempt = Attempt(prompt="p", reply="r", refusals=(), content_hash="h")
        given = {"graph": None, "attempts": (attempt,), **fields}
        with pytest.raises(BindingGraphError) as info:
            Repair(**untyped(given))
        assert (info.value.code, info.value.path) == ("wrong_type", path)
