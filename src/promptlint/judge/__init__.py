"""Judging trials (WIRE §4.5): post-generation governance, judgeability and compliance of
each rule of a pair, against the rules' own quotes.

Code decides what it can (:mod:`.verifiers` over each hard clause of the rule, governance
from the clause activations on the interaction); the model judge (:mod:`.model`) is asked
only when code leaves something open, and where both speak the code's verdict wins. A
trial that did not complete (refused, malformed, failed, step limit) is not judged; its
status already says why it is outside the support. Never raises.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from promptlint.judge.model import ModelJudge
from promptlint.judge.rules import CodeView, code_view, facts_for
from promptlint.judge.verifiers import CODE_PRIMITIVES, Observation, Response, observe, verify
from promptlint.llm.schemas import JudgeAnswer, JudgeRule
from promptlint.witnessed import Pair, RuleLabel, Trial, Witness

__all__ = [
    "CODE_PRIMITIVES",
    "JudgeModel",
    "ModelJudge",
    "Observation",
    "Response",
    "judge",
    "judge_trial",
    "observe",
    "verify",
]


class JudgeModel(Protocol):
    async def judge(
        self, pair: Pair, witness: Witness, trial: Trial, decided: str
    ) -> tuple[list[JudgeAnswer], list[str]]: ...


def _majority(values: list[bool]) -> tuple[bool | None, float]:
    """The majority value and the share agreeing with it; None on a tie."""
    yes = sum(values)
    no = len(values) - yes
    if yes == no:
        return None, 0.5
    return yes > no, max(yes, no) / len(values)


def _label(view: CodeView, said: list[JudgeRule], problems: list[str]) -> RuleLabel:
    code_reason = "; ".join(view.findings)
    if view.governs is False:
        return RuleLabel(False, True, None, "code", code_reason or "its situation does not hold")
    if view.governs is True and view.complies is not None:
        return RuleLabel(True, True, view.complies, "code", code_reason)
    if not said:
        why = f"model judge failed: {problems[-1]}" if problems else "no model judge"
        reason = f"code cannot decide ({code_reason or 'no checkable clause'}); {why}"
        return RuleLabel(view.governs is True, False, None, "code", reason)
    governs: bool | None = view.governs
    agreement = None
    if governs is None:
        governs, _ = _majority([a.governs for a in said])
    if not governs:
        return RuleLabel(False, True, None, "model", said[0].rationale)
    if view.complies is not None:  # code decided compliance, the model only governance
        return RuleLabel(True, True, view.complies, "code+model", code_reason)
    judged = [a for a in said if a.judgeable]
    judgeable, _ = _majority([a.judgeable for a in said])
    if not judgeable or not judged:
        return RuleLabel(True, False, None, "model", said[0].rationale)
    complies, agreement = _majority([a.complies for a in judged])
    source = "code+model" if view.findings else "model"
    rationale = next((a.rationale for a in judged if a.complies == complies), said[0].rationale)
    if complies is None:
        return RuleLabel(True, False, None, source, f"the judges split evenly: {rationale}", 0.5)
    return RuleLabel(True, True, complies, source, rationale,
                     agreement if len(judged) > 1 else None)  # fmt: skip


async def judge_trial(
    trial: Trial, pair: Pair, witness: Witness, model: JudgeModel | None,
    tools: tuple[str, ...] = (),
) -> Trial:  # fmt: skip
    """The trial with both rules labelled (unchanged when it did not complete)."""
    if trial.status != "ok":
        return trial
    facts = facts_for(pair, witness, trial, tools)
    response = Response(trial.response, trial.trace, harness=trial.regime == "TAH")
    views = [code_view(r, facts, response) for r in (pair.earlier, pair.later)]
    open_ = any(v.governs is None or v.complies is None for v in views if v.governs is not False)
    answers: list[JudgeAnswer] = []
    problems: list[str] = []
    if open_ and model is not None:
        decided = "; ".join(f"{name} rule: {f}" for name, v in zip(("earlier", "later"), views,
                                                                  strict=True)
                            for f in v.findings)  # fmt: skip
        answers, problems = await model.judge(pair, witness, trial, decided)
    earlier = _label(views[0], [a.earlier for a in answers], problems)
    later = _label(views[1], [a.later for a in answers], problems)
    return replace(trial, earlier=earlier, later=later)


async def judge(
    trials: Sequence[Trial],
    pairs: dict[str, Pair],
    witnesses: dict[tuple[str, int], Witness],
    model: JudgeModel | None,
    tools: dict[str, tuple[str, ...]] | None = None,
    *,
    on_done: Callable[[Trial], None] | None = None,
) -> list[Trial]:
    async def one(t: Trial) -> Trial:
        out = await judge_trial(t, pairs[t.pair], witnesses[(t.pair, t.witness)], model,
                                (tools or {}).get(pairs[t.pair].policy, ()))  # fmt: skip
        if on_done is not None:
            on_done(out)
        return out

    return list(await asyncio.gather(*(one(t) for t in trials)))
