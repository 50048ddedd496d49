"""The guided draft: the grammar of each next piece, pinned; prefixes the guide refuses; and random walks through llguidance that always compile."""

from __future__ import annotations

import json
import random
from typing import Final, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binding_graph import BindingGraphError
from binding_graph.drafts import (
    GUIDED_EXAMPLE,
    MAX_ITEMS,
    MAX_OPERANDS,
    DraftGuide,
    compile_draft,
    draft_refusals,
)
from binding_graph.drafts._draft.guide.prompt import GUIDED_INSTRUCTIONS
from tests._engines import EOS, llguidance_takes, llguidance_walk, llguidance_warnings
from tests._helpers import ROOT, refusal, untyped

TEXT: Final = (
    "Ann buys 3 boxes of 12 pens at $3 a box. She gives away half of them."
    " How many pens are left?"
)
GUIDE: Final = DraftGuide(TEXT, max_items=2, max_operands=3)

HEAD: Final = "%llguidance {}\n"
PLACES: Final = (
    r'"\"quote\": \"3\", \"value\": 3, \"occurrence\": 0"'
    r' | "\"quote\": \"12\", \"value\": 12"'
    r' | "\"quote\": \"3\", \"value\": 3, \"occurrence\": 1"'
    r' | "\"quote\": \"half\", \"value\": 0.5"'
)
QUANTITY: Final = r'quantity: "{\"name\": \"" NEW "\", " place "}"' + "\n"
STEP: Final = (
    r'step: "{\"name\": \"" NEW "\", \"expression\": \"" EXPRESSION "\"}"' + "\n"
    r"EXPRESSION: SUM2 & ~/[^A-Za-z0-9_.]*(?:[A-Za-z0-9_.]+[^A-Za-z0-9_.]+){3}"
    r"[A-Za-z0-9_.]+.*/" + "\n"
)
NUMBER: Final = r"(?:0|[1-9][0-9]{0,5})(?:\.[0-9]{1,4})?"
SUMS: Final = r"""OPERATOR: / ?[-+*\/] ?/
OPERAND0: "-"? ATOM
SUM0: OPERAND0 (OPERATOR OPERAND0)*
OPERAND1: "-"? (ATOM | "(" SUM0 ")")
SUM1: OPERAND1 (OPERATOR OPERAND1)*
OPERAND2: "-"? (ATOM | "(" SUM1 ")")
SUM2: OPERAND2 (OPERATOR OPERAND2)*
"""
KEYWORDS: Final = (
    "False|None|True|and|as|assert|async|await|break|class|continue|def|del|elif"
    "|else|except|finally|for|from|global|if|import|in|is|lambda|nonlocal|not|or"
    "|pass|raise|return|try|while|with|yield"
)
QUESTION: Final = (
    r'question: "{\"name\": \"" defined "\", \"quote\":'
    r' \"How many pens are left?\"}}"' + "\n"
)

ONE: Final = (
    '{"quantities": [{"name": "boxes", "quote": "3", "value": 3, "occurrence": 0}'
)
TWO: Final = ONE + ', {"name": "per_box", "quote": "12", "value": 12}'
STEPPED: Final = TWO + '], "steps": [{"name": "pens", "expression": "boxes * per_box"}'
WHOLE: Final = (
    STEPPED + ', {"name": "left", "expression": "pens / 2"}], "question":'
    ' {"name": "left", "quote": "How many pens are left?"}}'
)

SAMPLE: Final = [
    json.loads(line)["question"]
    for line in (ROOT / "tests" / "data" / "gsm8k" / "train-200.jsonl")
    .read_text("utf-8")
    .splitlines()
]
THE_SIX: Final = frozenset(
    {
        "quote_not_found",
        "ambiguous_quote",
        "value_not_stated",
        "duplicate_symbol_id",
        "unknown_symbol",
        "circular_dependency",
    }
)


class TestGrammar:
    """Each piece's grammar, exactly: what the text offers, less what the draft has used."""

    def test_the_first_piece_offers_every_place_or_a_first_step(self) -> None:
        """At the start: a quantity of any place, or no quantity and a step over numbers; no question, since no name is defined."""
        assert GUIDE.grammar() == (
            HEAD
            + r'start: "{\"quantities\": [], \"steps\": [" step'
            + r' | "{\"quantities\": [" quantity'
            + "\n"
            + QUANTITY
            + f"place: {PLACES}\n"
            + STEP
            + f"ATOM: /(?:{NUMBER})/\n"
            + SUMS
            + f"NEW: /[A-Za-z_][A-Za-z0-9_]{{0,31}}/ & ~/(?:{KEYWORDS})/\n"
        )

    def test_a_quantity_takes_its_place_and_its_name(self) -> None:
        """After a quantity: its place is offered no more, its name is no new name, and a step or the question may use it."""
        places = PLACES.split(" | ")
        assert GUIDE.grammar(ONE) == (
            HEAD
            + r'start: "], \"steps\": [], \"question\": " question'
            + r' | "], \"steps\": [" step | ", " quantity'
            + "\n"
            + QUANTITY
            + "place: "
            + " | ".join(places[1:])
            + "\n"
            + STEP
            + f"ATOM: /(?:boxes|{NUMBER})/\n"
            + SUMS
            + f"NEW: /[A-Za-z_][A-Za-z0-9_]{{0,31}}/ & ~/(?:{KEYWORDS}|boxes)/\n"
            + QUESTION
            + 'defined: "boxes"\n'
        )

    def test_full_lists_offer_only_what_follows_them(self) -> None:
        """With max_items quantities, no quantity; with max_items steps, only the question, of any name defined."""
        assert GUIDE.grammar(STEPPED) == (
            HEAD
            + r'start: "], \"question\": " question | ", " step'
            + "\n"
            + STEP
            + f"ATOM: /(?:boxes|per_box|pens|{NUMBER})/\n"
            + SUMS
            + "NEW: /[A-Za-z_][A-Za-z0-9_]{0,31}/"
            + f" & ~/(?:{KEYWORDS}|boxes|per_box|pens)/\n"
            + QUESTION
            + 'defined: "boxes" | "per_box" | "pens"\n'
        )
        last = STEPPED + ', {"name": "left", "expression": "pens / 2"}'
        assert GUIDE.grammar(last) == (
            HEAD
            + r'start: "], \"question\": " question'
            + "\n"
            + QUESTION
            + 'defined: "boxes" | "per_box" | "pens" | "left"\n'
        )

    def test_a_whole_draft_has_no_next_piece_and_compiles(self) -> None:
        """After the question, None; what was written is an ordinary draft."""
        assert GUIDE.grammar(WHOLE) is None
        graph = compile_draft(WHOLE, TEXT, source_id="p1")
        assert [fact.source_span.text for fact in graph.facts] == ["3", "12"]
        assert graph.facts[0].source_span.start == TEXT.index("3")
        assert [equation.rhs_canonical for equation in graph.equations] == [
            "boxes * per_box",
            "pens / 2",
        ]

    def test_every_grammar_compiles_in_llguidance_without_a_warning(self) -> None:
        """Llguidance finds no error and no warning in any of them."""
        for written in ("", ONE, TWO, STEPPED):
            grammar = GUIDE.grammar(written)
            assert grammar is not None
            assert llguidance_warnings(grammar) == (False, [])

    def test_the_defaults(self) -> None:
        """By default, the schema's MAX_ITEMS of each list and MAX_OPERANDS operands."""
        assert (MAX_ITEMS, MAX_OPERANDS) == (10, 8)
        grammar = DraftGuide(TEXT).grammar()
        assert grammar is not None
        assert "{8}[A-Za-z0-9_.]+.*/" in grammar


class TestOffers:
    """What a text offers: its places, as the compiler reads them, and its question."""

    def only(self, text: str, written: str = "") -> list[str]:
        """Return the lines of the grammar after *written* that say where to go, which places, and the question."""
        grammar = DraftGuide(text).grammar(written)
        assert grammar is not None
        return [
            line
            for line in grammar.splitlines()
            if line.startswith(("place:", "question:", "start:"))
        ]

    def test_a_fraction_no_decimal_spells_is_a_string_and_a_percentage_a_decimal(
        self,
    ) -> None:
        """``1/3`` is written ``"1/3"``; ``25%`` is 0.25, and its ``25`` 25; ``twenty-five`` and its parts."""
        lines = self.only("Use 1/3 of 25% of twenty-five. How much?")
        assert lines[1] == (
            r'place: "\"quote\": \"1/3\", \"value\": \"1/3\""'
            r' | "\"quote\": \"1\", \"value\": 1"'
            r' | "\"quote\": \"3\", \"value\": 3"'
            r' | "\"quote\": \"25%\", \"value\": 0.25"'
            r' | "\"quote\": \"25\", \"value\": 25"'
            r' | "\"quote\": \"twenty-five\", \"value\": 25"'
            r' | "\"quote\": \"twenty\", \"value\": 20"'
            r' | "\"quote\": \"five\", \"value\": 5"'
        )

    def test_a_place_beside_a_number_too_long_to_read_is_not_offered(self) -> None:
        """The compiler refuses a quote beside such a number: the guide leaves it out."""
        long = "9" * 301
        lines = self.only(f"Take 7/{long} and 4 more. How many?")
        assert lines[1] == r'place: "\"quote\": \"4\", \"value\": 4"'

    def test_a_text_with_no_places_starts_with_a_step(self) -> None:
        """No quantity to write: a step over numbers defines the first name."""
        assert self.only("How many legs does a cat have?") == [
            r'start: "{\"quantities\": [], \"steps\": [" step'
        ]

    def test_the_question_is_the_last_sentence_that_asks(self) -> None:
        """The sentence of the last ``?``: its occurrence written where it occurs more than once, its quotes escaped for JSON, then for Lark."""
        text = 'Ask "Why 2?" twice. Why 2? Ask "Why 2?"'
        written = (
            '{"quantities": [{"name": "two", "quote": "2", "value": 2, "occurrence": 0}'
        )
        assert self.only(text, written)[-1] == (
            r'question: "{\"name\": \"" defined "\", \"quote\": \"Ask \\\"Why 2?\",'
            r' \"occurrence\": 1}}"'
        )

    def test_a_text_that_asks_nothing_is_asked_its_last_sentence(self) -> None:
        """Without a ``?``, the last sentence; without a sentence of words, the text past its blanks."""
        written = '{"quantities": [], "steps": [{"name": "x", "expression": "1"}'
        assert self.only("Ann has 3 cats.\nFind the legs.\n", written)[-1] == (
            r'question: "{\"name\": \"" defined "\", \"quote\": \"Find the legs.\"}}"'
        )
        assert self.only(" ... ", written)[-1] == (
            r'question: "{\"name\": \"" defined "\", \"quote\": \"...\"}}"'
        )


def refused(written: object) -> tuple[str, tuple[str | int, ...], str]:
    """Return the code, the path and the message of the guide's refusal of *written*."""
    error = refusal(GUIDE.grammar, written)
    return error.code, error.path, error.message


class TestRefusals:
    """The guide reads what it is given, untrusted: a refusal with a code and a path, never another exception."""

    def test_arguments_of_the_wrong_kind(self) -> None:
        """A text that is not a non-blank str, a bound below 1, a written text that is not a str."""
        assert refusal(DraftGuide, " ").code == "empty_text"
        assert refusal(DraftGuide, untyped(3)).path == ("text",)
        error = refusal(DraftGuide, TEXT, max_items=0)
        assert (error.code, error.path) == ("wrong_type", ("max_items",))
        error = refusal(DraftGuide, TEXT, max_operands=untyped(2.0))
        assert (error.code, error.path) == ("wrong_type", ("max_operands",))
        assert refused(b"{")[:2] == ("wrong_type", ("written",))

    def test_text_that_does_not_go_on_as_the_openers_do(self) -> None:
        """Cut between pieces, or another layout: refused at the root, with what was expected."""
        assert refused("{")[:2] == ("malformed_document", ())
        assert refused('{"quantities": [')[:2] == (
            "malformed_document",
            ("quantities", 0),
        )
        code, path, message = refused(ONE + ",")
        assert (code, path) == ("malformed_document", ())
        assert message == (
            f'Draft must go on, at character {len(ONE)}, with \'], "steps": [], "question": \''
            " or '], \"steps\": [' or ', ', as the guide writes it (got ',')"
        )
        assert refused(WHOLE + " ")[:2] == ("malformed_document", ())

    def test_an_element_not_written_as_the_guide_writes_it(self) -> None:
        """Cut inside, spaced otherwise, keys in another order: refused at the element."""
        assert refused(ONE[:-1])[:2] == ("malformed_document", ("quantities", 0))
        spaced = '{"quantities": [{"name":"boxes", "quote": "3", "value": 3}'
        assert refused(spaced)[:2] == ("malformed_document", ("quantities", 0))
        cut = STEPPED[: STEPPED.rindex('"')]
        assert refused(cut)[:2] == ("malformed_document", ("steps", 0))
        question = WHOLE.replace("are left", "remain")
        assert refused(question)[:2] == ("malformed_document", ("question",))

    def test_a_name_the_guide_would_not_write(self) -> None:
        """A keyword, a name past 32 characters, a name defined again."""
        code, path, message = refused(ONE.replace("boxes", "if"))
        assert (code, path) == ("invalid_identifier", ("quantities", 0, "name"))
        assert message == (
            "Draft.quantities[0].name must be an ASCII identifier of at most 32"
            " characters that is not a keyword (got 'if')"
        )
        assert refused(ONE.replace("boxes", "b" * 33))[0] == "invalid_identifier"
        code, path, message = refused(TWO.replace("per_box", "boxes"))
        assert (code, path) == ("duplicate_symbol_id", ("quantities", 1, "name"))
        assert message == (
            "Draft.quantities[1].name defines 'boxes' again: a guided draft defines"
            " each name once"
        )

    def test_a_place_the_guide_did_not_offer(self) -> None:
        """A quote that is no place, a value its place does not state, a place quoted again."""
        code, path, _ = refused(TWO.replace('"12"', '"12 pens"'))
        assert (code, path) == ("quote_not_found", ("quantities", 1, "quote"))
        assert refused(ONE.replace(', "occurrence": 0', ""))[:2] == (
            "quote_not_found",
            ("quantities", 0, "quote"),
        )
        code, path, message = refused(TWO.replace('value": 12', 'value": 120'))
        assert (code, path) == ("value_not_stated", ("quantities", 1, "value"))
        assert message == (
            "Draft.quantities[1].value must be the value its place states, as the"
            ' guide writes it: "quote": "12", "value": 12'
            """ (got '"quote": "12", "value": 120')"""
        )
        again = ONE + ONE.replace('{"quantities": [', ", ").replace("boxes", "more")
        assert refused(again)[:2] == ("malformed_document", ("quantities", 1, "quote"))

    def test_an_expression_the_guide_would_not_write(self) -> None:
        """A name not yet defined (its own, too), too many operands, an operator outside the profile."""
        code, path, message = refused(STEPPED.replace('per_box"}', 'pens"}'))
        assert (code, path) == ("unknown_symbol", ("steps", 0, "expression"))
        assert message == (
            "Draft.steps[0].expression uses 'pens', which no quantity or step"
            " before it defines: a guided step uses the names already defined"
        )
        many = STEPPED.replace("boxes * per_box", "1 + 2 + 3 + 4")
        assert refused(many)[:2] == ("malformed_document", ("steps", 0, "expression"))
        power = STEPPED.replace("boxes * per_box", "boxes ** 2")
        assert refused(power)[:2] == ("malformed_document", ("steps", 0, "expression"))

    def test_a_question_of_a_name_nothing_defines(self) -> None:
        """The question asks for a name already defined."""
        asked = WHOLE.replace('{"name": "left", "quote"', '{"name": "lft", "quote"')
        code, path, message = refused(asked)
        assert (code, path) == ("unknown_symbol", ("question", "name"))
        assert message == (
            "Draft.question.name asks for 'lft', which no quantity or step defines:"
            " a guided question asks for a name already defined"
        )


def walk(guide: DraftGuide, seed: int) -> str:
    """Return a draft written under *guide*, each byte drawn among those llguidance allows, a list's end less often, from *seed*."""
    rng = random.Random(seed)  # noqa: S311 -- drawn again from its seed, never a secret

    def choose(allowed: list[int]) -> int:
        # A piece ends where its grammar does, never before: no end of text is offered.
        assert EOS not in allowed
        weights = [0.1 if token == ord("]") else 1.0 for token in allowed]
        chosen: int = rng.choices(allowed, weights)[0]
        return chosen

    written = ""
    pieces = 0
    while (grammar := guide.grammar(written)) is not None:
        written += llguidance_walk(grammar, choose).decode()
        pieces += 1
    assert pieces <= 2 * MAX_ITEMS + 1
    return written


class TestWalks:
    """Random walks through the guide's grammars, with llguidance and a byte-level tokenizer, give drafts that compile."""

    @pytest.mark.parametrize("index", range(len(SAMPLE)))
    def test_every_walk_on_the_gsm8k_sample_compiles(self, index: int) -> None:
        """On every problem of the sample, a walk seeded by its index: a draft none of the six codes refuses, which compiles."""
        text = SAMPLE[index]
        draft = walk(DraftGuide(text), index)
        refusals = draft_refusals(draft, text)
        assert not {error.code for error in refusals} & THE_SIX
        assert refusals == ()
        graph = compile_draft(draft, text, source_id=f"gsm8k-{index}")
        assert len(graph.unknowns) == 1

    def test_walks_on_texts_made_to_be_hard(self) -> None:
        """Repeated quotes, quotes and backslashes in the question, fractions, percentages, one item a list."""
        texts = [
            'He said "3 \\ 3" and 3 more. What did "he" say?',
            "3 of 3/4 is 33% of 3.3. Half of 3,000?",
            "No numbers here. How many?",
            "Ann has 1,000,000 dollars\tand two-thirds of twenty-one. How much?",
        ]
        for seed, text in enumerate(texts):
            for max_items in (1, 3):
                guide = DraftGuide(text, max_items=max_items, max_operands=2)
                for draw in range(3):
                    draft = walk(guide, 100 * seed + draw)
                    refusals = draft_refusals(draft, text)
                    assert not {error.code for error in refusals} & THE_SIX
                    assert refusals == ()
                    tree = json.loads(draft)
                    assert len(tree["quantities"]) <= max_items
                    assert len(tree["steps"]) <= max_items


class TestUntrusted:
    """Whatever text the guide is given, it answers with a grammar, None, or a refusal: never another exception."""

    @settings(max_examples=300, deadline=None)
    @given(
        st.integers(0, len(WHOLE)),
        st.integers(0, len(WHOLE)),
        st.text(alphabet='{}[]",: \\0123456789abx_-+*/()', max_size=8),
    )
    def test_a_draft_cut_and_changed_anywhere(
        self, start: int, end: int, inserted: str
    ) -> None:
        """A whole guided draft with any span replaced by any text of JSON's and expressions' characters."""
        written = WHOLE[:start] + inserted + WHOLE[max(start, end) :]
        refused: BindingGraphError | None = None
        grammar: str | None = None
        try:
            grammar = GUIDE.grammar(written)
        except BindingGraphError as error:
            refused = error
        if refused is None:
            assert grammar is None or grammar.startswith(HEAD)
        else:
            assert refused.code in {
                "malformed_document",
                "invalid_identifier",
                "duplicate_symbol_id",
                "quote_not_found",
                "value_not_stated",
                "unknown_symbol",
            }
            assert refused.message.startswith("Draft")


class TestPrompt:
    """The prompt of a guided draft shows its example as the guide's grammars write it."""

    def test_the_example_is_a_guided_draft(self) -> None:
        """The guide reads the worked example whole, and it compiles to its answer."""
        text, draft = GUIDED_EXAMPLE
        written = json.dumps(draft)
        assert DraftGuide(text).grammar(written) is None
        graph = compile_draft(written, text, source_id="example")
        assert [fact.value for fact in graph.facts] == ["7", "13", "9"]
        assert graph.equations[-1].rhs_canonical == "held - eaten"

    def test_the_prompt_ends_at_the_problem(self) -> None:
        """Instructions, the example, then the problem and the cue."""
        text = "Ann has 3 cats. How many cats?"
        prompt = DraftGuide(text).prompt()
        assert prompt.startswith(GUIDED_INSTRUCTIONS)
        assert f"Draft: {json.dumps(GUIDED_EXAMPLE[1])}\n\n" in prompt
        assert prompt.endswith(f"\n\nProblem: {text}\nDraft:")

    def test_the_messages(self) -> None:
        """The same rules as the system's message, the text alone as the user's."""
        text = "Ann has 3 cats. How many cats?"
        messages = DraftGuide(text).messages()
        assert [message["role"] for message in messages] == ["system", "user"]
        assert messages[1]["content"] == text
        assert DraftGuide(text).prompt() == (
            f"{messages[0]['content']}\n\nProblem: {text}\nDraft:"
        )

    def test_a_price_with_a_trailing_zero(self) -> None:
        """A number of an expression may end in zeros, as prices are written: 2.50."""
        text = "Ann has 3 cats. How many cats?"
        written = (
            '{"quantities": [{"name": "cats", "quote": "3", "value": 3}],'
            ' "steps": [{"name": "cost", "expression": "cats * 2.50"}'
        )
        assert DraftGuide(text).grammar(written) is not None
        graph = compile_draft(
            written + '], "question": {"name": "cats", "quote": "How many cats?"}}',
            text,
            source_id="p",
        )
        assert graph.equations[0].rhs_canonical == "cats * 2.5"


class TestRedo:
    """With redo, a grammar starts with the last characters written, to be written again merged with what follows."""

    TEXT: Final = "Ann has 3 cats and 5 dogs. How many pets?"
    WRITTEN: Final = '{"quantities": [{"name": "cats", "quote": "3", "value": 3}'

    def test_the_grammar_starts_with_them(self) -> None:
        """The start rule writes the characters again, then the piece as without redo."""
        guide = DraftGuide(self.TEXT)
        plain = cast("str", guide.grammar(self.WRITTEN)).splitlines()
        again = cast("str", guide.grammar(self.WRITTEN, redo=1)).splitlines()
        assert again[:3] == [
            "%llguidance {}",
            'start: "}" piece',
            plain[1].replace("start: ", "piece: ", 1),
        ]
        assert again[3:] == plain[2:]

    def test_a_model_writes_them_with_the_next_piece(self) -> None:
        """The brace written again, and the next quantity after it: taken; the piece alone: not."""
        grammar = cast("str", DraftGuide(self.TEXT).grammar(self.WRITTEN, redo=1))
        piece = b', {"name": "dogs", "quote": "5", "value": 5}'
        assert llguidance_takes(grammar, b"}" + piece)
        assert not llguidance_takes(grammar, piece)

    @pytest.mark.parametrize(
        ("redo", "message"),
        [
            (-1, "must be from 0 to the length of written, 58 (got -1)"),
            (59, "must be from 0 to the length of written, 58 (got 59)"),
            (True, "must be an int, not bool (got True)"),
        ],
    )
    def test_refused(self, redo: object, message: str) -> None:
        """A redo that is no int, or longer than what is written, is refused at redo."""
        with pytest.raises(BindingGraphError) as raised:
            DraftGuide(self.TEXT).grammar(self.WRITTEN, redo=untyped(redo))
        assert (raised.value.code, raised.value.path) == ("wrong_type", ("redo",))
        assert str(raised.value.message).endswith(message)
