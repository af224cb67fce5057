"""The semantic-overlap judge (WIRE App. C.4): for two open values that survived the
surface and sign gates, does meeting the requirement necessarily do the forbidden thing?
(Mere overlap is not enough for a hard collision: a requirement that can be met without
the forbidden thing does not collide with it.)

Triage asks it through :class:`promptlint.triage.OverlapJudge` and never imports this
package. Offline the judge is lexical and conservative: it says yes only for the
lexicon's synonyms and otherwise cannot tell, so the offline path stays quiet. With a
model, the questions triage left open are asked in batches (local questions about two
phrases, never "do these rules conflict"), cached like every model request, and triage
runs again with the answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from promptlint.objects import OverlapQuestion, Verdict

__all__ = ["AnsweredJudge", "LexicalJudge", "ask_model"]

#: questions per request
BATCH = 20
#: questions per policy; the rest are reported as not asked
MAX_QUESTIONS = 200


class LexicalJudge:
    """Yes when both phrases name the same thing through the label lexicon's synonyms;
    otherwise no verdict (triage then reports nothing for the pair offline)."""

    def overlap(self, surface: str, left: str, right: str) -> Verdict | None:
        from promptlint.pyrule.labels import canonical_label

        if canonical_label(left) == canonical_label(right):
            return Verdict(True, "lexical", "synonyms in the label lexicon")
        return None


@dataclass
class AnsweredJudge:
    """Verdicts a model gave, keyed by question; the lexical judge for the rest."""

    answers: dict[tuple[str, str, str], Verdict] = field(default_factory=dict)

    def overlap(self, surface: str, left: str, right: str) -> Verdict | None:
        got = self.answers.get((surface, left, right))
        return got if got is not None else LexicalJudge().overlap(surface, left, right)


def ask_model(
    client: Any, questions: Sequence[OverlapQuestion]
) -> tuple[dict[tuple[str, str, str], Verdict], list[str]]:
    """(verdicts, problems) for up to :data:`MAX_QUESTIONS` questions."""
    return client.run(_ask(client, list(questions)))  # type: ignore[no-any-return]


async def _ask(
    client: Any, questions: list[OverlapQuestion]
) -> tuple[dict[tuple[str, str, str], Verdict], list[str]]:
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import OverlapAnswers
    from promptlint.llm.templates import template

    problems: list[str] = []
    ordered = sorted(questions, key=lambda q: (q.surface, q.left, q.right))
    if len(ordered) > MAX_QUESTIONS:
        problems.append(
            f"{len(ordered) - MAX_QUESTIONS} overlap questions not asked (limit {MAX_QUESTIONS})"
        )
        ordered = ordered[:MAX_QUESTIONS]
    text, version = template("overlap")
    batches = [ordered[i : i + BATCH] for i in range(0, len(ordered), BATCH)]
    requests = []
    for batch in batches:
        listing = "\n".join(
            f"{i}. {q.surface.split(':', 1)[0]}: {q.left} | {q.right}"
            for i, q in enumerate(batch, 1)
        )
        requests.append(Request("overlap", ({"role": "user", "content": text.format(pairs=listing)},),
                                OverlapAnswers, version))  # fmt: skip
    import asyncio  # only with a model: ~9 ms of start-up on every offline check

    results = await asyncio.gather(*(client.complete(r) for r in requests))
    verdicts: dict[tuple[str, str, str], Verdict] = {}
    for batch, result in zip(batches, results, strict=True):
        if not isinstance(result, Ok):
            problems.append(
                f"overlap judge request failed for {len(batch)} questions: {result.reason}"
            )
            continue
        answered = {a.id: a for a in result.value.answers}  # type: ignore[attr-defined]
        for i, q in enumerate(batch, 1):
            a = answered.get(i)
            if a is None:
                problems.append(f"the overlap judge left out: {q.left} | {q.right}")
                continue
            verdicts[(q.surface, q.left, q.right)] = Verdict(
                bool(a.overlap), "model", a.reason[:200]
            )
    return verdicts, problems
