"""The prompts of the repair loop: chat messages, the caller's own prompt, and the source id that pairs a graph with its gold."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import pytest

from binding_graph.drafts import (
    DRAFT_REPAIR_HEADER,
    PROGRAM_REPAIR_HEADER,
    Attempt,
    Message,
    Producer,
    Round,
    draft_messages,
    draft_prompt,
    from_program,
    program_messages,
    program_prompt,
    repair,
)
from binding_graph.errors import format_refusals
from tests._drafts import TEXT, Model, draft, written
from tests._formats import LINES
from tests._helpers import code_and_path, refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Callable

PENS: Final = "Ann has 3 boxes of 12 pens. How many pens does she have?"
PROGRAM: Final = (
    "def solution():\n    boxes = 3\n    per_box = 12\n"
    "    pens = boxes * per_box\n    return pens"
)


def broken_draft() -> str:
    """Return the draft of the tests with one value its quote does not state."""
    changed = draft()
    changed["quantities"][0]["value"] = 61
    return written(changed)


class ChatModel:
    """A chat model that replies, in turn, each of its replies, and keeps the messages it was given."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.given: list[list[Message]] = []

    def __call__(self, messages: list[Message]) -> str:
        """Keep *messages*; reply the next reply."""
        self.given.append(messages)
        return self.replies.pop(0)


def _rules(prompt: str) -> str:
    """Return what a completion *prompt* holds before its problem."""
    return prompt.rpartition("\n\nProblem: ")[0]


class TestFirstMessages:
    """Each format asks a chat model what its completion prompt asks: its rules as the system's message, the problem alone as the user's."""

    @pytest.mark.parametrize(
        ("messages", "prompt"),
        [(draft_messages, draft_prompt), (program_messages, program_prompt)],
    )
    def test_the_rules_then_the_problem(
        self, messages: Callable[[str], list[Message]], prompt: Callable[[str], str]
    ) -> None:
        """The system message is the completion prompt up to its problem; the user's is the text."""
        assert messages(TEXT) == [
            {"role": "system", "content": _rules(prompt(TEXT))},
            {"role": "user", "content": TEXT},
        ]

    @pytest.mark.parametrize(
        ("messages", "name"),
        [(draft_messages, "draft_messages"), (program_messages, "program_messages")],
    )
    def test_a_text_that_is_not_one_is_refused(
        self, messages: Callable[[str], list[Message]], name: str
    ) -> None:
        """A blank text, or none, has no messages: refused at the text, named as the function's."""
        error = refusal(messages, " ")
        assert (error.code, error.path) == ("empty_text", ("text",))
        assert error.message.startswith(f"{name}.text")
        assert code_and_path(messages, untyped(3)) == ("wrong_type", ("text",))


class TestSourceId:
    """repair asks for the source id, by which a graph pairs with its gold case."""

    def test_a_missing_source_id_is_refused_before_the_model_is_asked(self) -> None:
        """No source_id: missing_key at it, saying what it is for."""
        model = Model(written(draft()))
        error = refusal(untyped(repair), model, TEXT)
        assert (error.code, error.path) == ("missing_key", ("source_id",))
        assert error.message == (
            "repair.source_id is required: the id of the problem's text, such as"
            " its gold case's ('gsm8k-test-0'), by which a score pairs the graph"
            " with the case"
        )
        assert model.prompts == []

    @pytest.mark.parametrize(
        ("source_id", "code"),
        [(None, "missing_key"), ("", "empty_text"), (" ", "empty_text")],
    )
    def test_a_blank_source_id_is_refused(self, source_id: object, code: str) -> None:
        """None, as if missing, and a blank id are refused at source_id, before the model is asked."""
        model = Model(written(draft()))
        assert code_and_path(repair, model, TEXT, source_id=untyped(source_id)) == (
            code,
            ("source_id",),
        )
        assert model.prompts == []

    def test_the_graph_carries_it(self) -> None:
        """Every span of the graph has the source id given."""
        result = repair(Model(written(draft())), TEXT, source_id="gsm8k-test-0")
        assert result.graph is not None
        assert {fact.source_span.source_id for fact in result.graph.facts} == {
            "gsm8k-test-0"
        }


class TestChat:
    """With chat=True, the model call is given messages: the format's first, then its reply and refusals as the assistant's and the user's."""

    def test_a_draft_repaired_by_chat(self) -> None:
        """The first round is draft_messages; the second adds the reply refused and its refusals under the header."""
        model = ChatModel(broken_draft(), written(draft()))
        result = repair(model, TEXT, source_id="p1", chat=True)
        assert result.graph is not None
        first, second = result.attempts
        told = format_refusals(first.refusals, header=DRAFT_REPAIR_HEADER)
        assert model.given == [
            draft_messages(TEXT),
            [
                *draft_messages(TEXT),
                {"role": "assistant", "content": broken_draft()},
                {"role": "user", "content": told},
            ],
        ]
        assert first.prompt == tuple(model.given[0])
        assert second.prompt == tuple(model.given[1])

    def test_a_program_repaired_by_chat(self) -> None:
        """The program format asks by program_messages, and tells its refusals under its header."""
        broken = PROGRAM.replace("    boxes = 3\n", "    import os\n    boxes = 3\n")
        model = ChatModel(broken, PROGRAM)
        result = repair(model, PENS, producer="program", source_id="p1", chat=True)
        assert result.graph == from_program(PROGRAM, PENS, source_id="p1")
        assert model.given[0] == program_messages(PENS)
        assert model.given[1][-1]["content"].startswith(PROGRAM_REPAIR_HEADER)

    def test_a_format_without_messages_asks_by_its_prompt(self) -> None:
        """A Producer with no messages of its own asks by its first prompt, as the user's one message."""
        assert LINES.messages is None
        reply = 'laid = 16 "16 eggs"\n? laid "How much does she make?"'
        model = ChatModel(reply)
        repair(model, TEXT, producer=LINES, source_id="p1", chat=True)
        assert model.given == [[{"role": "user", "content": LINES.prompt(TEXT)}]]

    def test_what_the_model_call_changes_is_not_kept(self) -> None:
        """The model call is given a list of its own: what it changes there changes no attempt and no later round."""

        def careless(messages: list[Message]) -> str:
            messages[0]["content"] = "changed"
            messages.append({"role": "user", "content": "more"})
            return broken_draft()

        result = repair(careless, TEXT, source_id="p1", chat=True, rounds=2)
        first, second = result.attempts
        assert first.prompt == tuple(draft_messages(TEXT))
        assert len(second.prompt) == 4
        assert second.prompt[0] == draft_messages(TEXT)[0]

    def test_an_attempt_holds_no_list_the_caller_can_reach(self) -> None:
        """An attempt's prompt is a tuple of messages, each refused when malformed."""
        message: Message = {"role": "user", "content": "c"}
        attempt = Attempt(prompt=(message,), reply="r", refusals=(), content_hash="h")
        assert attempt.prompt == (message,)
        for prompt in (
            [message],
            ({"role": "tool", "content": "c"},),
            ({"role": "user", "content": 3},),
            ({"role": "user"},),
            ("user",),
        ):
            assert code_and_path(
                Attempt,
                prompt=untyped(prompt),
                reply="r",
                refusals=(),
                content_hash="h",
            ) == ("wrong_type", ("prompt",))


class TestThePromptOfTheCaller:
    """A prompt of the caller's takes the place of the format's: a str, messages, or a function of each round."""

    def test_a_str_then_the_reply_its_refusals_and_the_cue(self) -> None:
        """The first round sends it as it is; the next appends the reply, its refusals and the format's cue."""
        mine = f"Bind this problem as a JSON draft.\n{TEXT}\nDraft:"
        model = Model(broken_draft(), written(draft()))
        result = repair(model, TEXT, source_id="p1", prompt=mine)
        told = format_refusals(result.attempts[0].refusals, header=DRAFT_REPAIR_HEADER)
        assert model.prompts == [mine, f"{mine} {broken_draft()}\n\n{told}\nDraft:"]

    def test_messages_then_the_reply_and_its_refusals(self) -> None:
        """Messages given are sent, then followed by the reply, as the assistant's, and its refusals, as the user's."""
        mine: list[Message] = [
            {"role": "system", "content": "Bind word problems as JSON drafts."},
            {"role": "user", "content": TEXT},
        ]
        model = ChatModel(broken_draft(), written(draft()))
        result = repair(model, TEXT, source_id="p1", prompt=mine, chat=True)
        told = format_refusals(result.attempts[0].refusals, header=DRAFT_REPAIR_HEADER)
        assert model.given == [
            mine,
            [
                *mine,
                {"role": "assistant", "content": broken_draft()},
                {"role": "user", "content": told},
            ],
        ]
        assert model.given[0] is not mine

    def test_a_function_is_given_each_round(self) -> None:
        """Called each round with the text, the producer and the attempts before; what it returns is sent as it is."""
        rounds: list[Round] = []

        def mine(now: Round) -> str:
            rounds.append(now)
            return f"{TEXT}\n{now.feedback or 'Draft it.'}"

        model = Model(broken_draft(), written(draft()))
        result = repair(model, TEXT, source_id="p1", prompt=mine)
        first, second = rounds
        assert (first.text, first.producer.name, first.attempts) == (TEXT, "draft", ())
        assert (first.reply, first.refusals, first.feedback) == (None, (), None)
        assert second.attempts == result.attempts[:1]
        assert second.reply == broken_draft()
        assert second.refusals == result.attempts[0].refusals
        told = format_refusals(second.refusals, header=DRAFT_REPAIR_HEADER)
        assert second.feedback == told
        assert model.prompts == [f"{TEXT}\nDraft it.", f"{TEXT}\n{told}"]

    def test_a_function_of_messages(self) -> None:
        """With chat=True, a function returns the whole messages of each round."""

        def mine(now: Round) -> list[Message]:
            return [{"role": "user", "content": f"{now.text} ({len(now.attempts)})"}]

        model = ChatModel(broken_draft(), written(draft()))
        repair(model, TEXT, source_id="p1", prompt=mine, chat=True)
        assert model.given == [
            [{"role": "user", "content": f"{TEXT} (0)"}],
            [{"role": "user", "content": f"{TEXT} (1)"}],
        ]


def _raising(now: Round) -> str:
    msg = f"no template for {now.producer.name}"
    raise KeyError(msg)


def _bytes(now: Round) -> bytes:
    return now.text.encode()


def _messages(now: Round) -> list[Message]:
    return [{"role": "user", "content": now.text}]


_WRONG_PROMPTS: Final[list[Any]] = [
    # Each: the prompt, whether chat is on, and its refusal's code and path.
    ([{"role": "user", "content": TEXT}], False, "wrong_type", ("prompt",)),
    (TEXT, True, "wrong_type", ("prompt",)),
    (b"a prompt", False, "wrong_type", ("prompt",)),
    ([], True, "empty_text", ("prompt",)),
    (["hello", {"role": "user", "content": TEXT}], True, "wrong_type", ("prompt", 0)),
    ([{"content": TEXT}], True, "missing_key", ("prompt", 0, "role")),
    ([{"role": "user"}], True, "missing_key", ("prompt", 0, "content")),
    (
        [{"role": "user", "content": TEXT, "name": "ann"}],
        True,
        "unknown_key",
        ("prompt", 0, "name"),
    ),
    (
        [{"role": "user", "content": TEXT}, {"role": "tool", "content": "x"}],
        True,
        "not_in_vocabulary",
        ("prompt", 1, "role"),
    ),
    (
        [{"role": "user", "content": [TEXT]}],
        True,
        "wrong_type",
        ("prompt", 0, "content"),
    ),
    ("Draft this problem.", False, "quote_not_found", ("prompt",)),
    (
        [{"role": "user", "content": TEXT.replace("'", "\u2019")}],
        True,
        "quote_not_found",
        ("prompt",),
    ),
    (_raising, False, "wrong_type", ("prompt",)),
    (_bytes, False, "wrong_type", ("prompt",)),
    (_messages, False, "wrong_type", ("prompt",)),
]


class TestAPromptRefused:
    """A prompt that is not one is refused at it, and the model never asked."""

    @pytest.mark.parametrize(("prompt", "chat", "code", "path"), _WRONG_PROMPTS)
    def test_it_is_refused_at_its_place(
        self, prompt: object, chat: object, code: str, path: tuple[object, ...]
    ) -> None:
        """Each malformed prompt: its code and its path into the prompt."""
        model = ChatModel(written(draft())) if chat else Model(written(draft()))
        found = code_and_path(
            repair,
            model,
            TEXT,
            source_id="p1",
            prompt=untyped(prompt),
            chat=untyped(chat),
        )
        assert found == (code, path)
        assert getattr(model, "given", getattr(model, "prompts", None)) == []

    def test_the_messages_say_what_is_wrong(self) -> None:
        """The refusal names the form expected, the key, the role, the text not stated, and what a function raised."""
        messages = {
            "chat": refusal(repair, Model(), TEXT, source_id="p1", prompt=untyped([])),
            "role": refusal(
                repair,
                ChatModel(),
                TEXT,
                source_id="p1",
                prompt=untyped([{"role": "tool", "content": TEXT}]),
                chat=True,
            ),
            "stated": refusal(
                repair, Model(), TEXT, source_id="p1", prompt="Draft it."
            ),
            "raised": refusal(repair, Model(), TEXT, source_id="p1", prompt=_raising),
        }
        assert {key: error.message for key, error in messages.items()} == {
            "chat": (
                "repair.prompt must be a str, since chat is False (chat messages are"
                " a prompt of chat=True), not list (got [])"
            ),
            "role": (
                "repair.prompt[0].role must be one of system, user, assistant (got"
                " 'tool')"
            ),
            "stated": (
                "repair.prompt must hold the problem's whole text, character for"
                " character, since the model quotes it; a quote mark or a space"
                " written otherwise makes another text"
            ),
            "raised": (
                "repair.prompt must be a function that returns a prompt; it raised"
                " KeyError: \"'no template for draft'\""
            ),
        }
        assert isinstance(messages["raised"].__cause__, KeyError)

    def test_chat_is_a_bool(self) -> None:
        """The chat flag is exactly a bool."""
        assert code_and_path(
            repair, Model(), TEXT, source_id="p1", chat=untyped(1)
        ) == ("wrong_type", ("chat",))


class TestAProducerOfMessages:
    """A Producer's messages are a callable or None."""

    def test_messages_of_the_wrong_kind_are_refused(self) -> None:
        """A Producer whose messages are not callable is refused at them."""
        fields: dict[str, Any] = {
            "name": "lines2",
            "summary": "s",
            "translate": None,
            "text_only": False,
            "header": "h",
            "prompt": str,
            "cue": "c",
            "max_bytes": 1,
            "introduced_by": "i",
        }
        assert Producer(**fields).messages is None
        assert code_and_path(Producer, **fields, messages="a list") == (
            "wrong_type",
            ("messages",),
        )
