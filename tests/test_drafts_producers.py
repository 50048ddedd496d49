"""Producer formats as values: the registry, the functions written once over any producer, and a format that only the tests define."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings

from binding_graph import BindingGraphError, canonical_bytes
from binding_graph.drafts import (
    DEFAULT_DRAFT_BYTES,
    DEFAULT_MAX_BYTES,
    DEFAULT_PROGRAM_BYTES,
    DRAFT_REPAIR_HEADER,
    PRODUCERS,
    PROGRAM_EXAMPLE,
    PROGRAM_REPAIR_HEADER,
    Checker,
    DraftChecker,
    Producer,
    Request,
    Translation,
    compile_draft,
    compile_reply,
    draft_prompt,
    draft_refusals,
    from_program,
    program_prompt,
    program_refusals,
    python_value,
    register,
    repair,
    reply_refusals,
    unregister,
)
from binding_graph.errors import format_refusals
from binding_graph.serialization import DEFAULT_MAX_BYTES as DOCUMENT_BYTES
from tests._drafts import TEXT, Model, draft, problems, written
from tests._formats import LINES, LINES_HEADER
from tests._helpers import code_and_path, refusal, untyped

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tests._drafts import Problem

LINES_REPLY = (
    'laid = 16 "16 eggs"\n'
    'eaten = 3 "eats three"\n'
    'baked = 4 "four"\n'
    'price = 2 "$2 per egg"\n'
    "left = laid - eaten - baked\n"
    "income = left * price\n"
    '? income "How much does she make?"\n'
)
"""A right reply of lines to :data:`TEXT`."""

LINES_DRAFT: dict[str, Any] = {
    "quantities": [
        {"name": "laid", "value": "16", "quote": "16 eggs"},
        {"name": "eaten", "value": "3", "quote": "eats three"},
        {"name": "baked", "value": "4", "quote": "four"},
        {"name": "price", "value": "2", "quote": "$2 per egg"},
    ],
    "steps": [
        {"name": "left", "expression": "laid - eaten - baked"},
        {"name": "income", "expression": "left * price"},
    ],
    "question": {"name": "income", "quote": "How much does she make?"},
}
"""The draft that :data:`LINES_REPLY` states."""

PENS = "Ann has 3 boxes of 12 pens. How many pens?"
PROGRAM = (
    "def solution():\n"
    "    boxes = 3\n"
    "    per_box = 12\n"
    "    pens = boxes * per_box\n"
    "    return pens\n"
)


def told(errors: tuple[BindingGraphError, ...]) -> list[tuple[str, object, str]]:
    """Return each refusal's code, path and message: what a refusal tells."""
    return [(error.code, error.path, error.message) for error in errors]


@pytest.fixture
def lines() -> Iterator[Producer]:
    """Register the tests' format of lines for one test, then remove it."""
    register(LINES)
    yield LINES
    unregister("lines")


class TestRegistry:
    """PRODUCERS maps each format's name to its producer; register and unregister change it, and refuse what would break it."""

    def test_the_library_reads_drafts_and_programs(self) -> None:
        """The two formats of the library, under their names, each with its own limit, header and cue."""
        assert list(PRODUCERS) == ["draft", "program"]
        draft_format, program_format = PRODUCERS["draft"], PRODUCERS["program"]
        assert (draft_format.name, program_format.name) == ("draft", "program")
        assert (draft_format.max_bytes, program_format.max_bytes) == (
            DEFAULT_DRAFT_BYTES,
            DEFAULT_PROGRAM_BYTES,
        )
        assert (draft_format.header, program_format.header) == (
            DRAFT_REPAIR_HEADER,
            PROGRAM_REPAIR_HEADER,
        )
        assert (draft_format.cue, program_format.cue) == ("Draft:", "Program:")
        assert (draft_format.streams, program_format.streams) == (True, False)
        assert (draft_format.text_only, program_format.text_only) == (False, True)
        assert draft_format.prompt is draft_prompt
        assert program_format.prompt is program_prompt
        assert list(program_format.options) == ["question"]

    def test_the_two_limits_have_two_names(self) -> None:
        """A draft's limit is 1 MiB, a document's 64 MiB; the draft's old name is the draft's limit."""
        assert DEFAULT_DRAFT_BYTES == DEFAULT_MAX_BYTES == 1024 * 1024
        assert DOCUMENT_BYTES == 64 * 1024 * 1024

    def test_the_registry_is_read_only(self) -> None:
        """PRODUCERS cannot be written to: register() is the way in."""
        with pytest.raises(TypeError):
            untyped(PRODUCERS)["lines"] = LINES

    def test_register_then_unregister(self) -> None:
        """A format registered is found by its name until it is removed; register() returns it."""
        assert register(LINES) is LINES
        try:
            assert PRODUCERS["lines"] is LINES
            assert register(LINES) is LINES  # the same one again changes nothing
            assert list(PRODUCERS) == ["draft", "program", "lines"]
        finally:
            assert unregister("lines") is LINES
        assert "lines" not in PRODUCERS

    def test_another_producer_under_a_name_taken_is_refused(self) -> None:
        """Two producers never share a name: the second is refused, the first stays."""
        other = attrs.evolve(LINES, name="draft")
        error = refusal(register, other)
        assert (error.code, error.path) == ("conflicting_values", ("producer", "name"))
        assert error.message == (
            "register.producer is named 'draft', which PRODUCERS holds already for"
            " another producer: unregister it first, or choose another name"
        )
        assert PRODUCERS["draft"] is not other

    def test_register_refuses_what_is_no_producer(self) -> None:
        """Only a Producer is registered."""
        assert code_and_path(register, untyped("lines")) == (
            "wrong_type",
            ("producer",),
        )

    @pytest.mark.parametrize("name", ["draft", "program", "nothing", 3, None])
    def test_unregister_refuses_a_built_in_format_or_a_name_not_registered(
        self, name: object
    ) -> None:
        """The library's own formats stay; a name never registered is refused, whatever its type."""
        error = refusal(unregister, untyped(name))
        assert (error.code, error.path) == ("not_in_vocabulary", ("name",))
        assert error.message.startswith("unregister.name must be the name of a format")
        assert list(PRODUCERS)[:2] == ["draft", "program"]

    def test_a_name_not_registered_is_refused_with_the_names_that_are(self) -> None:
        """A producer is named from the registry; the refusal lists it."""
        error = refusal(compile_reply, "{}", TEXT, producer="sympy", source_id="p1")
        assert (error.code, error.path) == ("not_in_vocabulary", ("producer",))
        assert error.message == (
            "compile_reply.producer must be the name of a format in PRODUCERS:"
            " draft, program (got 'sympy')"
        )

    @pytest.mark.parametrize("producer", [3, None, ["draft"]])
    def test_a_producer_of_another_type_is_refused(self, producer: object) -> None:
        """Neither a name nor a Producer: refused, at the argument."""
        for function in (compile_reply, reply_refusals):
            assert code_and_path(
                function, "{}", TEXT, producer=untyped(producer), source_id="p1"
            ) == ("wrong_type", ("producer",))


class TestProducerValues:
    """A Producer checks its fields as a graph's values check theirs."""

    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("name", "Lines"),
            ("name", "a" * 33),
            ("name", 3),
            ("summary", " "),
            ("translate", "translate"),
            ("text_only", 1),
            ("header", None),
            ("prompt", None),
            ("cue", ""),
            ("max_bytes", 0),
            ("max_bytes", True),
            ("introduced_by", b"lines"),
            ("options", {"Question": str}),
            ("options", {"question": "str"}),
            ("options", [("question", str)]),
            ("order", 3),
        ],
    )
    def test_a_field_of_the_wrong_type_is_refused(
        self, field: str, value: object
    ) -> None:
        """Each field is refused at its own path, the message naming it."""
        error = refusal(attrs.evolve, LINES, **{field: value})
        assert (error.code, error.path) == ("wrong_type", (field,))
        assert error.message.startswith(f"Producer.{field} must be ")

    def test_a_producer_is_itself_alone(self) -> None:
        """Compared and hashed by identity: a copy with the same fields is another producer, and each can be a key."""
        twin = attrs.evolve(LINES)
        assert twin != LINES
        assert len({LINES, twin, PRODUCERS["draft"]}) == 3
        assert "Producer(name='lines'" in repr(LINES)

    def test_its_options_are_its_own_copy(self) -> None:
        """The dict of options given is copied, read-only: changing it changes no producer."""
        options: dict[str, Any] = {"question": str}
        producer = attrs.evolve(LINES, options=options)
        options["other"] = str
        assert list(producer.options) == ["question"]
        with pytest.raises(TypeError):
            untyped(producer.options)["other"] = str


class TestOnceOverAnyProducer:
    """compile_reply and reply_refusals are compile_draft, draft_refusals, from_program and program_refusals, through the producer."""

    @given(problems())
    @settings(max_examples=25)
    def test_a_draft_compiles_to_the_same_graph(self, problem: Problem) -> None:
        """A draft read as a reply of the draft format: the same graph, byte for byte."""
        text, the_draft = problem.text, problem.draft
        for reply in (the_draft, written(the_draft)):
            assert canonical_bytes(
                compile_reply(reply, text, source_id="p1")
            ) == canonical_bytes(compile_draft(reply, text, source_id="p1"))

    def test_a_broken_draft_is_refused_alike(self) -> None:
        """Every refusal, in the same order, with the same words."""
        broken = draft(question={"name": "sold", "quote": "How many?"})
        assert told(reply_refusals(broken, TEXT)) == told(draft_refusals(broken, TEXT))
        assert told(reply_refusals(broken, TEXT, producer="draft", limit=2)) == (
            told(draft_refusals(broken, TEXT, limit=2))
        )

    def test_a_program_compiles_to_the_same_graph(self) -> None:
        """A program read as a reply of the program format."""
        graph = compile_reply(PROGRAM, PENS, producer="program", source_id="p1")
        assert canonical_bytes(graph) == canonical_bytes(
            from_program(PROGRAM, PENS, source_id="p1")
        )
        assert graph.symbols[0].introduced_by == "program"

    def test_a_broken_program_is_refused_alike(self) -> None:
        """The program's refusals at their lines and columns, in the program's order."""
        broken = "def solution():\n    import os\n    pens = 3 * 12\n    return pens"
        found = reply_refusals(broken, PENS, producer="program")
        assert told(found) == told(program_refusals(broken, PENS))
        assert [error.path for error in found] == [("line", 2, "column", 5)]

    def test_a_reply_of_a_subclass_of_str_is_refused_at_the_reply(self) -> None:
        """As compile_draft refuses it at its draft: named as the reply, never read."""

        class Lying(str):
            __slots__ = ()

        found = reply_refusals(Lying(written(draft())), TEXT)
        assert [(error.code, error.path) for error in found] == [
            ("wrong_type", ("reply",))
        ]
        assert found[0].message.startswith("reply_refusals.reply must be a str, bytes")

    def test_a_format_option_is_passed_by_name(self) -> None:
        """A program's question, as the option of its format."""
        text = "How many pens? Ann has 3 boxes of 12 pens."
        options = {"question": "How many pens?"}
        graph = compile_reply(
            PROGRAM, text, producer="program", source_id="p1", options=options
        )
        assert canonical_bytes(graph) == canonical_bytes(
            from_program(PROGRAM, text, source_id="p1", question="How many pens?")
        )
        assert code_and_path(
            compile_reply,
            PROGRAM,
            text,
            producer="program",
            source_id="p1",
            options={"question": 3},
        ) == ("wrong_type", ("question",))

    def test_an_option_the_format_does_not_take_is_refused(self) -> None:
        """An option is refused at its name, the message listing the format's own."""
        error = refusal(
            compile_reply,
            PROGRAM,
            PENS,
            producer="program",
            source_id="p1",
            options={"questions": "How many pens?"},
        )
        assert (error.code, error.path) == ("unknown_key", ("options", "questions"))
        assert error.message == (
            "compile_reply.options has no option 'questions' for the program"
            " format: its options are question"
        )
        error = refusal(reply_refusals, "{}", TEXT, options={1: 2})
        assert (error.code, error.path) == ("unknown_key", ("options", "1"))
        assert error.message.endswith("for the draft format: its options are none")
        assert code_and_path(
            reply_refusals, "{}", TEXT, options=untyped([("question", 1)])
        ) == ("wrong_type", ("options",))

    def test_the_producer_s_defaults_apply_where_an_argument_is_left_out(self) -> None:
        """source_id, introduced_by and max_bytes default to the format's own."""
        found = reply_refusals("x" * 70_000, PENS, producer="program")
        assert [error.code for error in found] == ["limit_exceeded"]
        assert (
            reply_refusals("x" * 70_000, PENS, producer="program", max_bytes=10**6)
            != found
        )
        assert code_and_path(
            compile_reply,
            PROGRAM,
            PENS,
            producer="program",
            source_id="p1",
            max_bytes=untyped("1"),
        ) == ("wrong_type", ("max_bytes",))

    def test_a_translation_tells_the_draft_s_refusals_as_they_are_by_default(
        self,
    ) -> None:
        """A Translation given no place tells each refusal of its draft at its path into the draft."""

        def translate(request: Request) -> Translation:
            return Translation(draft=request.reply)

        as_draft = attrs.evolve(LINES, translate=translate)
        broken = draft(question={"name": "sold", "quote": "How many?"})
        assert told(reply_refusals(broken, TEXT, producer=as_draft)) == told(
            draft_refusals(broken, TEXT, source_id="lines", introduced_by="lines")
        )

    def test_python_value_refuses_a_limit_of_another_type(self) -> None:
        """python_value reads a program alone, and checks its limit itself."""
        error = refusal(python_value, PROGRAM, max_bytes=untyped("1"))
        assert (error.code, error.path) == ("wrong_type", ("max_bytes",))
        assert error.message.startswith("python_value.max_bytes must be an int")

    def test_a_translation_of_another_type_is_refused(self) -> None:
        """A producer whose translate() returns no Translation is refused, at the producer."""

        def translate(request: Request) -> Translation:
            translation: Translation = untyped(request.reply)
            return translation

        broken = attrs.evolve(LINES, translate=translate)
        error = refusal(
            compile_reply, LINES_REPLY, TEXT, producer=broken, source_id="p1"
        )
        assert (error.code, error.path) == ("wrong_type", ("producer",))
        assert "returns a Translation" in error.message


class TestStreaming:
    """The streaming check, for a format whose replies stream."""

    def test_the_draft_format_streams_as_the_draft_checker(self) -> None:
        """Checker over the draft format tells what DraftChecker tells, chunk for chunk."""
        text = written(draft(question={"name": "sold", "quote": "How many?"}))
        checker, draft_checker = (
            Checker(TEXT, source_id="p1"),
            DraftChecker(TEXT, source_id="p1"),
        )
        for start in range(0, len(text), 7):
            chunk = text[start : start + 7]
            assert told(checker.feed(chunk)) == told(draft_checker.feed(chunk))
        assert told(checker.close()) == told(draft_checker.close())
        assert told(checker.refusals) == told(draft_checker.refusals)
        assert told(checker.refusals) == told(draft_refusals(text, TEXT))

    def test_a_right_draft_streams_into_its_graph(self) -> None:
        """Closed with no refusal, the checker holds the graph."""
        checker = Checker(TEXT, producer=PRODUCERS["draft"], source_id="p1")
        assert checker.feed(written(draft())) == ()
        assert checker.close() == ()
        assert checker.graph == compile_draft(draft(), TEXT, source_id="p1")

    @pytest.mark.parametrize("producer", ["program", LINES])
    def test_a_format_that_does_not_stream_is_refused(self, producer: object) -> None:
        """A program, or lines, are read whole: no checker reads them a chunk at a time."""
        error = refusal(Checker, PENS, producer=untyped(producer), source_id="p1")
        assert (error.code, error.path) == ("wrong_type", ("producer",))
        assert "a format whose replies stream" in error.message

    def test_its_arguments_are_refused_at_them(self) -> None:
        """As DraftChecker's, named as Checker's."""
        error = refusal(Checker, PENS, source_id="p1", max_bytes=untyped("1"))
        assert (error.code, error.path) == ("wrong_type", ("max_bytes",))
        assert error.message.startswith("Checker.max_bytes")
        checker = Checker(PENS, source_id="p1")
        assert code_and_path(checker.feed, untyped(3)) == ("wrong_type", ("chunk",))
        checker.close()
        assert checker.close() == ()
        assert code_and_path(checker.feed, "{") == ("wrong_type", ("chunk",))


class TestRepairOverAnyProducer:
    """repair() asks again with the producer's prompt, header and cue."""

    def test_a_program_is_repaired_from_its_refusals(self) -> None:
        """A refused program, then a right one: the second prompt tells the first's refusals under the program's header."""
        broken = "def solution():\n    import os\n    pens = 3 * 12\n    return pens"
        model = Model(broken, PROGRAM)
        result = repair(model, PENS, producer="program", source_id="p1")
        assert result.graph is not None
        assert canonical_bytes(result.graph) == canonical_bytes(
            from_program(PROGRAM, PENS, source_id="p1")
        )
        first, again = model.prompts
        assert first == program_prompt(PENS)
        assert first.endswith(f"Problem: {PENS}\nProgram:")
        refused = program_refusals(broken, PENS, source_id="p1")
        assert [told(attempt.refusals) for attempt in result.attempts] == [
            told(refused),
            [],
        ]
        asked = format_refusals(refused, header=PROGRAM_REPAIR_HEADER)
        assert again == f"{first} {broken}\n\n{asked}\nProgram:"

    def test_the_program_prompt_holds_its_worked_example(self) -> None:
        """The example program compiles against its problem, as a worked example must."""
        example_text, example = PROGRAM_EXAMPLE
        prompt = program_prompt(PENS)
        assert f"Problem: {example_text}\nProgram:\n{example}\n\n" in prompt
        graph = from_program(example, example_text, source_id="example")
        assert [equation.rhs_canonical for equation in graph.equations] == [
            "pots * each",
            "held - eaten",
        ]
        assert code_and_path(program_prompt, untyped(3)) == ("wrong_type", ("text",))

    def test_an_argument_is_refused_before_the_model_is_asked(self) -> None:
        """A wrong source_id, option or limit costs no call of the model."""
        fields: dict[str, Any]
        for fields in (
            {"source_id": ""},
            {"introduced_by": 3},
            {"max_bytes": "1"},
            {"options": {"nothing": 1}},
            {"producer": "sympy"},
        ):
            model = Model()
            with pytest.raises(BindingGraphError) as info:
                untyped(repair)(model, PENS, **{"source_id": "p1", **fields})
            assert info.value.path[0] == next(iter(fields)), fields
            assert model.prompts == []


class TestAFormatOnlyTheTestsDefine:
    """The format of lines, registered, is compiled, refused, repaired and bound through the same functions, with no edit of the library."""

    def test_it_compiles_to_the_graph_of_the_draft_it_states(
        self, lines: Producer
    ) -> None:
        """The lines' graph is the graph of their draft."""
        graph = compile_reply(LINES_REPLY, TEXT, producer="lines", source_id="p1")
        assert canonical_bytes(graph) == canonical_bytes(
            compile_draft(LINES_DRAFT, TEXT, source_id="p1", introduced_by="lines")
        )
        assert lines.streams is False

    @pytest.mark.usefixtures("lines")
    def test_its_refusals_are_told_at_its_lines_in_their_order(self) -> None:
        """A line of no form, a value its quote does not state, a name nothing defines: each at its line."""
        reply = LINES_REPLY.replace('eaten = 3 "eats three"', 'eaten = 4 "eats three"')
        reply = reply.replace("income = left * price", "income = left * cost")
        reply = "laid eggs\n" + reply
        found = reply_refusals(reply, TEXT, producer="lines")
        assert [(error.code, error.path) for error in found] == [
            ("unsupported_syntax", ("line", 1)),
            ("value_not_stated", ("line", 3)),
            ("unknown_symbol", ("line", 7)),
        ]
        assert found[0].message == (
            'line 1 is not NAME = VALUE "QUOTE", NAME = EXPRESSION or ? NAME "QUOTE"'
        )
        error = refusal(compile_reply, reply, TEXT, producer="lines", source_id="p1")
        assert told((error,)) == told(found[:1])

    def test_a_refusal_its_lines_already_tell_is_told_once(
        self, lines: Producer
    ) -> None:
        """A reply that is no text at all is the format's own refusal alone."""
        found = reply_refusals(untyped(3), TEXT, producer=lines)
        assert [(error.code, error.path) for error in found] == [("wrong_type", ())]

    def test_it_is_repaired_with_its_own_header_and_cue(self, lines: Producer) -> None:
        """The prompt is the format's, the refusals are told under its header."""
        broken = LINES_REPLY.replace("? income", "? total")
        model = Model(broken, LINES_REPLY)
        result = repair(model, TEXT, producer="lines", source_id="p1")
        assert result.graph is not None
        assert len(result.attempts) == 2
        assert model.prompts[0] == lines.prompt(TEXT)
        assert LINES_HEADER in model.prompts[1]
        assert model.prompts[1].endswith("\nLines:")
        assert [error.path for error in result.attempts[0].refusals] == [("line", 7)]
