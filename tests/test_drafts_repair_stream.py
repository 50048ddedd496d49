"""Repair in the loop: a reply given as chunks is stopped at its first certain refusal, and the model asked again with it."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Final

import pytest

from binding_graph.drafts import (
    Attempt,
    DraftChecker,
    compile_draft,
    draft_prompt,
    from_program,
    program_prompt,
    program_refusals,
    repair,
)
from binding_graph.drafts._program.words import FUNCTION
from tests._drafts import TEXT, draft, written
from tests._formats import LINES
from tests._helpers import code_and_path, refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from binding_graph.drafts import Message

PROGRAM: Final = (
    "```python\n"
    "def solution():\n"
    "    laid = 16\n"
    "    eaten = 3\n"
    "    baked = 4\n"
    "    price = 2\n"
    "    for day in range(7):\n"
    "        laid = laid + 1\n"
    "    left = laid - eaten - baked\n"
    "    income = left * price\n"
    "    return income\n"
    "```\n"
)
LOOP: Final = f"Program line 7, column 5: a loop is not read: {FUNCTION}"
SOUND: Final = PROGRAM.replace(
    "    for day in range(7):\n        laid = laid + 1\n", ""
)


class Stream:
    """A model's stream of chunks, as a generator gives it: it counts the chunks taken, and knows whether it was closed."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self.chunks = list(chunks)
        self.taken = 0
        self.closed = False

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self.taken == len(self.chunks):
            raise StopIteration
        self.taken += 1
        return self.chunks[self.taken - 1]

    def close(self) -> None:
        """Stop the generation."""
        self.closed = True


class Streaming:
    """A model that streams, in turn, each of its replies (a str is returned whole), and keeps its prompts."""

    def __init__(self, *replies: Stream | str) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> Stream | str:
        """Keep *prompt*; give the next reply."""
        self.prompts.append(prompt)
        return self.replies.pop(0)


def hashed(reply: str) -> str:
    """Return the content hash of *reply*."""
    return f"sha256:{hashlib.sha256(reply.encode()).hexdigest()}"


def pieces(reply: str, size: int = 7) -> list[str]:
    """Return *reply* cut in chunks of *size* characters."""
    return [reply[start : start + size] for start in range(0, len(reply), size)]


def broken_draft() -> str:
    """Return the draft of the tests with one value its quote does not state."""
    changed = draft()
    changed["quantities"][0]["value"] = 61
    return written(changed)


class TestStopped:
    """At the first refusal certain whatever follows, the reply is read no further, and kept as far as it was read."""

    def test_a_draft_is_stopped_and_asked_again(self) -> None:
        """The attempt keeps the chunks read and the refusal; the stream is closed; the next prompt holds both."""
        chunks = pieces(broken_draft())
        checker = DraftChecker(TEXT, source_id="p1")
        certain = next(
            index for index, chunk in enumerate(chunks, 1) if checker.feed(chunk)
        )
        stream = Stream(chunks)
        model = Streaming(stream, written(draft()))
        result = repair(model, TEXT, source_id="p1", rounds=2)
        first, second = result.attempts
        read = "".join(chunks[:certain])
        assert (first.prompt, first.reply, first.content_hash, first.stopped) == (
            draft_prompt(TEXT),
            read,
            hashed(read),
            True,
        )
        assert [(error.code, error.path) for error in first.refusals] == [
            ("value_not_stated", ("quantities", 0, "value"))
        ]
        assert (stream.taken, stream.closed) == (certain, True)
        assert certain < len(chunks)
        assert read in model.prompts[1]
        assert first.refusals[0].message in model.prompts[1]
        assert second.stopped is False
        assert result.graph == compile_draft(draft(), TEXT, source_id="p1")

    def test_a_program_is_stopped_at_the_statement_after_its_loop(self) -> None:
        """The loop is certain when the next statement's line is read: the reply stops there."""
        stream = Stream(PROGRAM.splitlines(keepends=True))
        model = Streaming(stream, SOUND)
        result = repair(model, TEXT, source_id="p1", producer="program", rounds=2)
        first, second = result.attempts
        read = "".join(PROGRAM.splitlines(keepends=True)[:9])
        assert (first.prompt, first.reply, first.stopped) == (
            program_prompt(TEXT),
            read,
            True,
        )
        assert [
            (error.code, error.path, error.message) for error in first.refusals
        ] == [
            (
                "unsupported_syntax",
                ("line", 7, "column", 5),
                LOOP,
            )
        ]
        assert (stream.taken, stream.closed) == (9, True)
        assert (second.reply, second.refusals, second.stopped) == (SOUND, (), False)
        assert result.graph == from_program(SOUND, TEXT, source_id="p1")

    def test_an_iterable_without_close_is_read_and_stopped(self) -> None:
        """A list of chunks has nothing to close: it is stopped all the same."""
        model = Streaming(untyped(PROGRAM.splitlines(keepends=True)))
        result = repair(model, TEXT, source_id="p1", producer="program", rounds=1)
        (attempt,) = result.attempts
        assert (attempt.stopped, len(attempt.reply.splitlines())) == (True, 9)
        assert result.graph is None

    def test_chat_messages_and_a_stream(self) -> None:
        """With chat=True, the stopped reply is the assistant's message of the next round."""
        asked: list[list[Message]] = []

        def ask(messages: list[Message]) -> Iterator[str]:
            asked.append(messages)
            yield from (PROGRAM if len(asked) == 1 else SOUND).splitlines(keepends=True)

        result = repair(
            ask, TEXT, source_id="p1", producer="program", chat=True, rounds=2
        )
        assert [attempt.stopped for attempt in result.attempts] == [True, False]
        assert asked[1][-2] == {
            "role": "assistant",
            "content": result.attempts[0].reply,
        }
        assert result.graph is not None


class TestReadWhole:
    """A reply that streams to its end is read as the whole str is."""

    @pytest.mark.parametrize(
        ("producer", "reply"),
        [
            ("draft", written(draft())),
            # Cut short: refused at its end only.
            ("draft", written(draft())[:-1]),
            ("program", SOUND),
            # Unfenced: a fenced block could follow, so nothing is certain.
            ("program", PROGRAM.removeprefix("```python\n").removesuffix("```\n")),
        ],
    )
    def test_as_the_whole_str(self, producer: str, reply: str) -> None:
        """The attempt is the one the whole str makes, not stopped."""
        streamed = repair(
            Streaming(Stream(pieces(reply))),
            TEXT,
            source_id="p1",
            producer=producer,
            rounds=1,
        )
        whole = repair(
            Streaming(reply), TEXT, source_id="p1", producer=producer, rounds=1
        )
        for one, other in zip(streamed.attempts, whole.attempts, strict=True):
            assert (one.prompt, one.reply, one.content_hash, one.stopped) == (
                other.prompt,
                other.reply,
                other.content_hash,
                False,
            )
            assert [error.message for error in one.refusals] == [
                error.message for error in other.refusals
            ]
        assert streamed.graph == whole.graph

    def test_a_format_without_a_streaming_checker(self) -> None:
        """The chunks of a format with no streaming checker are joined, and read whole."""
        reply = 'laid = 16 "16 eggs"\nnot a line\n'
        result = repair(
            Streaming(Stream(pieces(reply, 3))),
            TEXT,
            source_id="p1",
            producer=LINES,
            rounds=1,
        )
        (attempt,) = result.attempts
        assert (attempt.reply, attempt.stopped) == (reply, False)
        assert ("unsupported_syntax", ("line", 2)) in [
            (error.code, error.path) for error in attempt.refusals
        ]

    def test_stream_false_keeps_a_str(self) -> None:
        """stream=False reads a str reply as it always has."""
        result = repair(
            Streaming(SOUND), TEXT, source_id="p1", producer="program", stream=False
        )
        assert result.graph is not None
        assert result.attempts[0].stopped is False

    def test_a_stopped_reply_and_program_refusals(self) -> None:
        """The refusal that stopped a program is the whole program's first."""
        result = repair(
            Streaming(Stream(PROGRAM.splitlines(keepends=True))),
            TEXT,
            source_id="p1",
            producer="program",
            rounds=1,
        )
        assert result.refusals[0].message == program_refusals(PROGRAM, TEXT)[0].message


class TestRefused:
    """What ask returns is a str or str chunks, as stream says; anything else is refused at ask."""

    @pytest.mark.parametrize(
        ("answer", "stream", "expected"),
        [
            (
                b"x",
                None,
                "a callable that returns a str, or an iterable of str chunks, not bytes (got b'x')",
            ),
            (
                {"a": 1},
                None,
                "a callable that returns a str, or an iterable of str chunks, not dict (got {'a': 1})",
            ),
            (
                3,
                None,
                "a callable that returns a str, or an iterable of str chunks, not int (got 3)",
            ),
            (
                "x",
                True,
                "a callable that returns an iterable of str chunks (stream=True), not str (got 'x')",
            ),
            (
                ("x",),
                False,
                "a callable that returns a str (stream=False), not tuple (got ('x',))",
            ),
        ],
    )
    def test_an_answer_of_the_wrong_form(
        self, answer: object, stream: object, expected: str
    ) -> None:
        """The refusal says what ask must return."""

        def ask(_: str) -> object:
            return answer

        error = refusal(repair, ask, TEXT, source_id="p1", stream=untyped(stream))
        assert (error.code, error.path, error.message) == (
            "wrong_type",
            ("ask",),
            f"repair.ask must be {expected}",
        )

    def test_a_chunk_that_is_not_a_str(self) -> None:
        """A chunk of another type is refused, and the stream closed."""
        stream = Stream(untyped(["{", b"}"]))
        error = refusal(repair, Streaming(stream), TEXT, source_id="p1")
        assert (error.code, error.path) == ("wrong_type", ("ask",))
        assert error.message.endswith("not bytes (got b'}')")
        assert stream.closed

    def test_a_stream_that_is_not_a_bool(self) -> None:
        """Stream is a bool or None, refused before the model is asked."""
        model = Streaming()
        assert code_and_path(
            repair, model, TEXT, source_id="p1", stream=untyped("yes")
        ) == ("wrong_type", ("stream",))
        assert model.prompts == []

    def test_what_the_stream_raises_propagates(self) -> None:
        """A model that fails as it streams is no refusal: its exception goes through, the stream closed."""
        closed: list[bool] = []

        def failing(_: str) -> Iterator[str]:
            try:
                yield '{"quantities": '
                msg = "the model is down"
                raise TimeoutError(msg)
            finally:
                closed.append(True)

        with pytest.raises(TimeoutError):
            repair(failing, TEXT, source_id="p1")
        assert closed == [True]

    def test_an_attempt_stopped_is_a_bool(self) -> None:
        """Attempt.stopped is a bool."""
        assert code_and_path(
            Attempt,
            prompt="p",
            reply="r",
            refusals=(),
            content_hash=hashed("r"),
            stopped=untyped(1),
        ) == ("wrong_type", ("stopped",))
        assert (
            Attempt(
                prompt="p", reply="r", refusals=(), content_hash=hashed("r")
            ).stopped
            is False
        )


class TestOptions:
    """The format's options reach its streaming checker."""

    def test_the_question_of_a_program(self) -> None:
        """options={'question': ...} is the program checker's question too."""
        text = TEXT.replace("make?", "make.")
        asked = "How much does she make."
        result = repair(
            Streaming(Stream(SOUND.splitlines(keepends=True))),
            text,
            source_id="p1",
            producer="program",
            options={"question": asked},
            rounds=1,
        )
        assert result.graph == from_program(SOUND, text, source_id="p1", question=asked)
        assert result.attempts[0].stopped is False
