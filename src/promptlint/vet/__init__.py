"""Vetting: a finding checked against the policy text before it is reported as an error.

A model is asked, per finding, whether the policy text itself shows why the two rules are
never in force together: one of them is an example or reference text rather than an
instruction, they belong to separate templates or modes, the text states which one gives
way, or one is only a preference. It is never asked whether the rules conflict (the
solver decided that). A reason counts only with evidence: text quoted verbatim from the
policy, near the rule it concerns for "example" and "soft". Unverified evidence and failed
requests leave the finding as it was, and are reported.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from promptlint.objects import Policy, locate

__all__ = ["REASONS", "Case", "Verdict", "vet"]

#: what each reason means, for messages
REASONS = {
    "example": "is an example or reference text, not an instruction to the agent",
    "separate": "the two rules belong to separate templates, modes or stages",
    "exception": "the policy states which of the two gives way",
    "soft": "is a preference the agent may set aside",
}

#: "example" and "soft" evidence must lie this close to the rule it concerns (lines)
NEAR_LINES = 40


@dataclass(frozen=True, slots=True)
class Case:
    """One finding to vet: its two rules (earlier first) and the situation found."""

    quote_a: str
    line_a: int
    end_line_a: int
    quote_b: str
    line_b: int
    end_line_b: int
    situation: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """``reason`` is "" when the finding stands; ``problem`` says why an answer was not
    used (a failed request, evidence not found in the policy)."""

    reason: str = ""
    rule: str = ""
    evidence: str = ""
    evidence_line: int = 0
    explanation: str = ""
    problem: str = ""


def vet(client: Any, policy: Policy, cases: Sequence[Case]) -> list[Verdict]:
    """One verdict per case, in order (one request each, cached like every request)."""
    return client.run(_vet(client, policy, list(cases)))  # type: ignore[no-any-return]


async def _vet(client: Any, policy: Policy, cases: list[Case]) -> list[Verdict]:
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import VetAnswer
    from promptlint.llm.templates import template
    from promptlint.llm.windows import around

    text, version = template("vet")
    context_chars = client.settings.context_chars

    def fill(c: Case) -> str:
        return text.format(
            line_a=c.line_a, quote_a=" ".join(c.quote_a.split()),
            line_b=c.line_b, quote_b=" ".join(c.quote_b.split()),
            situation=c.situation or "(not described)",
            policy=around(policy, (c.line_a, c.line_b), context_chars),
        )  # fmt: skip

    requests = [
        Request("vet", ({"role": "user", "content": fill(c)},), VetAnswer, version) for c in cases
    ]
    results = await asyncio.gather(*(client.complete(r) for r in requests))
    out = []
    for case, result in zip(cases, results, strict=True):
        if not isinstance(result, Ok):
            out.append(Verdict(problem=f"request failed: {result.reason}"))
            continue
        out.append(_checked(case, result.value, policy))
    return out


def _checked(case: Case, answer: Any, policy: Policy) -> Verdict:
    """The answer as a verdict, once its evidence is found where the reason needs it."""
    reason = answer.reason
    if reason == "none":
        return Verdict()
    rule = answer.rule.upper()
    if reason in ("example", "soft") and rule not in ("A", "B"):
        return Verdict(problem=f'the answer "{reason}" does not say which rule')
    evidence = answer.evidence.strip()
    at = locate(evidence, [policy]) if evidence else None
    if at is None:
        return Verdict(problem=f'evidence not found in the policy: "{evidence[:80]}"')
    _, seg, start, _ = at
    line = policy.span(seg, start, start).line
    if reason in ("example", "soft"):
        lo, hi = (case.line_a, case.end_line_a) if rule == "A" else (case.line_b, case.end_line_b)
        if reason == "soft":
            lo, hi = lo - 2, hi  # a hedge belongs to the rule or its lead-in
        else:
            lo, hi = lo - NEAR_LINES, hi + NEAR_LINES
        if not lo <= line <= hi:
            return Verdict(
                problem=f'evidence for "{reason}" is on line {line}, not at the rule '
                f"it concerns (line {case.line_a if rule == 'A' else case.line_b})"
            )
    return Verdict(reason, rule.lower() if rule in ("A", "B") else "", evidence, line,
                   answer.explanation.strip())  # fmt: skip
