"""The records of ``real_model.py``, a line of JSON a problem and mode, and the markdown tables made of them."""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from real_model_modes import DRAFTS, MODES, TITLES

import binding_graph
from binding_graph.arithmetic import answers
from binding_graph.drafts import canonical_draft, to_draft
from binding_graph.trust import CHECKS, trust_refusals

if TYPE_CHECKING:
    from collections.abc import Iterable

    from real_model_engine import Model
    from real_model_modes import Outcome, Problem

KEPT: Final = 2000
"""The characters of a reply cut at its cap that its record keeps: the rest repeats a loop."""

Record = dict[str, Any]


def _answers(graph: binding_graph.SemanticSymbolicBindingGraph) -> list[str] | str:
    try:
        return [str(value) for value in answers(graph)]
    except binding_graph.BindingGraphError as error:
        return error.code


def _draft_tokens(
    model: Model, graph: binding_graph.SemanticSymbolicBindingGraph
) -> int | None:
    try:
        drafted = to_draft(graph)
    except binding_graph.BindingGraphError:
        return None
    text = graph.provenance[0].text
    return model.count(canonical_draft(drafted, text).decode())


def _trust(graph: binding_graph.SemanticSymbolicBindingGraph) -> dict[str, list[str]]:
    """Return the codes each check of the profile for model output refuses *graph* with, check by check."""
    return {
        name: [error.code for error in trust_refusals(graph, (name,))]
        for name in CHECKS
    }


def record(
    run: dict[str, Any], mode: str, problem: Problem, outcome: Outcome, model: Model
) -> Record:
    """Return the JSON record of one problem in one mode, *run* its first keys."""
    generation, graph = outcome.generation, outcome.graph
    found = None if graph is None else _answers(graph)
    canonical = None if graph is None else binding_graph.canonical_bytes(graph)
    flagged = generation.flagged
    return {
        **run,
        "model": model.name,
        "mode": mode,
        "problem": problem.number,
        "tokens": generation.tokens,
        "seconds": round(generation.seconds, 3),
        "prompt_tokens": generation.prompt_tokens,
        "prompt_seconds": round(generation.prompt_seconds, 3),
        "ended": generation.ended,
        "complete": outcome.complete,
        "accepted": graph is not None,
        "refusals": list(outcome.refusals),
        "answer": str(problem.answer),
        "answers": found,
        "right": found == [str(problem.answer)],
        "canonical_as_written": None
        if canonical is None
        else canonical == generation.text.encode(),
        "document_tokens": None
        if canonical is None
        else model.count(canonical.decode()),
        "draft_tokens": None if graph is None else _draft_tokens(model, graph),
        "first_refusal": None
        if flagged is None
        else {"tokens": flagged[0], "seconds": round(flagged[1], 3)},
        "checker_agrees": outcome.checker_agrees,
        "trust": None if graph is None else _trust(graph),
        "python": None
        if outcome.python is None
        else {
            "answer": outcome.python.answer,
            "error": outcome.python.error,
            "right": outcome.python.right(problem.answer),
        },
        "output": generation.text[:KEPT]
        if generation.ended == "cap"
        else generation.text,
        "output_chars": len(generation.text),
        "output_sha256": hashlib.sha256(generation.text.encode()).hexdigest(),
    }


# Records written before models were named are SmolLM2's.
_FIRST_MODEL: Final = "SmolLM2-135M-Instruct.Q4_1.gguf"


def latest(records: Iterable[Record]) -> dict[tuple[str, str], list[Record]]:
    """Return the records of each model and mode, by problem, the later of two for one problem."""
    kept: dict[tuple[str, str, int], Record] = {}
    for each in records:
        kept[each.get("model", _FIRST_MODEL), each["mode"], each["problem"]] = each
    models = sorted({key[0] for key in kept})
    return {
        (model, mode): [kept[key] for key in sorted(kept) if key[:2] == (model, mode)]
        for model in models
        for mode in MODES
        if any(key[:2] == (model, mode) for key in kept)
    }


def _spread(values: list[float], digits: int) -> str:
    return (
        f"{statistics.mean(values):.{digits}f} / {statistics.median(values):.{digits}f}"
    )


def _codes(counted: Counter[str]) -> str:
    return ", ".join(f"`{code}` {count}" for code, count in counted.most_common())


def _per_graph(rows: list[Record]) -> str:
    accepted = sum(each["accepted"] for each in rows)
    written = sum(each["tokens"] for each in rows)
    if not accepted:
        return f"none accepted ({written} written)"
    return f"{written / accepted:.0f}"


def _row(model: str, mode: str, rows: list[Record]) -> str:
    numbers = [each["problem"] for each in rows]
    return (
        f"| {model} | {TITLES[mode]} | {len(rows)} ({min(numbers)}-{max(numbers)})"
        f" | {sum(each['complete'] for each in rows)}"
        f" | {sum(each['accepted'] for each in rows)}"
        f" | {sum(each['right'] for each in rows)}"
        f" | {_spread([each['tokens'] for each in rows], 0)}"
        f" | {_spread([each['seconds'] for each in rows], 1)}"
        f" | {_per_graph(rows)} |"
    )


def _python_row(model: str, rows: list[Record]) -> str:
    """Return the row of Python's own run of the programs: those that returned a number, and those right."""
    numbers = [each["problem"] for each in rows]
    ran = [each["python"] for each in rows]
    return (
        f"| {model} | program, run by Python | {len(rows)} ({min(numbers)}-{max(numbers)})"
        f" | {sum(each['answer'] is not None for each in ran)} | n/a"
        f" | {sum(each['right'] for each in ran)}"
        f" | {_spread([each['tokens'] for each in rows], 0)}"
        f" | {_spread([each['seconds'] for each in rows], 1)} | n/a |"
    )


def _python_note(model: str, rows: list[Record]) -> str:
    """Return what the reader made of the programs that Python answers right."""
    right = [each for each in rows if each["python"]["right"]]
    refused = [each for each in right if not each["accepted"]]
    wrong = [each for each in right if each["accepted"] and not each["right"]]
    codes = Counter(each["refusals"][0] for each in refused)
    share = len(refused) / max(len(right), 1)
    return (
        f"- {model}: of the {len(right)} programs that Python answers right, the"
        f" reader refuses {len(refused)} ({share:.1%}; by first refusal:"
        f" {_codes(codes) or 'none'}), and reads {len(wrong)} to another answer;"
        f" it accepts {sum(each['accepted'] and not each['python']['right'] for each in rows)}"
        " programs that Python does not answer right."
    )


def _refused_row(model: str, mode: str, rows: list[Record]) -> str:
    refused = [each for each in rows if each["refusals"]]
    first = Counter(each["refusals"][0] for each in refused)
    every = Counter(code for each in refused for code in each["refusals"])
    ended = Counter(each["ended"] for each in rows)
    return (
        f"| {model} | {TITLES[mode]} | {len(refused)} | {_codes(first) or 'none'}"
        f" | {_codes(every) or 'none'}"
        f" | {', '.join(f'{how} {count}' for how, count in ended.most_common())} |"
    )


def _checker_note(model: str, mode: str, rows: list[Record]) -> str:
    refused = [each for each in rows if not each["accepted"]]
    told = [each for each in refused if each["first_refusal"] is not None]
    written = sum(each["tokens"] for each in told)
    saved = sum(each["tokens"] - each["first_refusal"]["tokens"] for each in told)
    seconds = sum(each["seconds"] - each["first_refusal"]["seconds"] for each in told)
    at = [each["first_refusal"]["tokens"] / each["tokens"] for each in told]
    where = f", at {statistics.median(at):.0%} of its tokens (median)" if at else ""
    agreed = sum(1 for each in rows if each["checker_agrees"])
    return (
        f"- {model}, `{mode}`: the checker told a refusal while the draft was written in"
        f" {len(told)} of {len(refused)} refused drafts{where}; stopping there"
        f" saves {saved} of their {written} tokens"
        f" ({saved / max(written, 1):.0%}, {seconds:.0f} s); what it told in all"
        f" was `draft_refusals`' list on {agreed} of {len(rows)} drafts."
    )


def _ratio_note(model: str, mode: str, rows: list[Record]) -> str | None:
    """Return the tokens the model wrote for each graph accepted, over those of the graph's canonical document and draft."""
    accepted = [each for each in rows if each["accepted"]]
    if not accepted:
        return None
    to_document = [each["tokens"] / each["document_tokens"] for each in accepted]
    drafted = [each for each in accepted if each["draft_tokens"] is not None]
    to_draft_note = ""
    if drafted:
        to_draft = [each["tokens"] / each["draft_tokens"] for each in drafted]
        to_draft_note = (
            f"; over its canonical draft's, median {statistics.median(to_draft):.2f}"
        )
    return (
        f"- {model}, `{mode}`: for the {len(accepted)} graphs accepted, the tokens written"
        f" (median {statistics.median(each['tokens'] for each in accepted):.0f})"
        " over those of the graph's canonical document (median"
        f" {statistics.median(each['document_tokens'] for each in accepted):.0f}):"
        f" median {statistics.median(to_document):.2f}, at most"
        f" {max(to_document):.2f}{to_draft_note}."
    )


def _trust_rows(model: str, mode: str, rows: list[Record]) -> list[str]:
    """Return the rows of the boundary with the profile's checks added one after another: coverage, accuracy and precision."""
    if not any(each.get("trust") for each in rows):
        return []
    found: list[str] = []
    accepted = [each for each in rows if each["accepted"]]
    for count, name in enumerate(("as it is", *CHECKS)):
        kept = [
            each
            for each in accepted
            if not any(each["trust"][check] for check in CHECKS[:count])
        ]
        right = sum(each["right"] for each in kept)
        found.append(
            f"| {model} | {TITLES[mode]} | {'' if not count else '+ '}{name}"
            f" | {len(kept)} of {len(rows)} ({len(kept) / len(rows):.0%})"
            f" | {right} ({right / len(rows):.0%})"
            f" | {right / max(len(kept), 1):.0%} |"
        )
    return found


def table(records: Iterable[Record]) -> str:
    """Return the markdown tables of *records*: a line a mode, what was refused and why, and notes on the checker and on tokens."""
    lines = [
        (
            "| model | mode | problems | complete | accepted | answers right"
            " | tokens a problem (mean / median)"
            " | seconds a problem (mean / median) | tokens per accepted graph |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    refused = [
        "| model | mode | refused | by first refusal | all refusals by code | ended |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    notes: list[str] = []
    trusted = [
        "| model | mode | checks | accepted (coverage) | right (accuracy) | precision |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for (model, mode), rows in latest(records).items():
        trusted.extend(_trust_rows(model, mode, rows))
        lines.append(_row(model, mode, rows))
        ran = [each for each in rows if each.get("python") is not None]
        if ran:
            lines.append(_python_row(model, ran))
            notes.append(_python_note(model, ran))
        refused.append(_refused_row(model, mode, rows))
        if mode in DRAFTS:
            notes.append(_checker_note(model, mode, rows))
        note = _ratio_note(model, mode, rows)
        if note is not None:
            notes.append(note)
    shown = trusted if len(trusted) > 2 else []  # noqa: PLR2004 -- the head's two lines
    return "\n".join([*lines, "", *refused, "", *shown, "", *notes])
