"""What code can say about one rule in one trial: whether it still governs after
generation, and whether the reply or trace complies with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from promptlint.checks import Facts, evaluate
from promptlint.judge.verifiers import Response, verify
from promptlint.witnessed import Pair, PairRule, Trial, Witness

__all__ = ["CodeView", "code_view", "facts_for"]


@dataclass(frozen=True, slots=True)
class CodeView:
    #: None: code cannot tell
    governs: bool | None
    complies: bool | None
    #: what code checked, e.g. ``reply_language(en): reply identified as es (0.98)``
    findings: tuple[str, ...]


def facts_for(pair: Pair, witness: Witness, trial: Trial, tools: tuple[str, ...]) -> Facts:
    """The interaction as code sees it: the witness text, the facts of the symbolic witness
    as the witness verifier judged them, and (in the harness) the trace and the tools."""
    scores = dict(witness.scores)
    known: dict[str, Any] = {}
    for key, value in pair.assignment:
        verdict = scores.get(f"atom:{key}")
        if verdict is None or not isinstance(value, bool):
            known[key] = value
        else:
            known[key] = value if verdict >= 0.5 else not value
    harness = trial.regime == "TAH"
    return Facts(msg=witness.text, assignment=known,
                 trace=tuple(s.name for s in trial.trace) if harness else None,
                 tools=tools if harness else None)  # fmt: skip


def code_view(rule: PairRule, facts: Facts, response: Response) -> CodeView:
    findings: list[str] = []
    colliding = [evaluate(c.activation, facts) for c in rule.clauses if c.id in rule.colliding]
    governs = True if True in colliding else (None if None in colliding or not colliding else False)
    complies: bool | None = True
    for c in rule.clauses:
        if not c.hard:
            continue
        active = evaluate(c.activation, facts)
        if active is False:
            continue
        v = verify(c, response)
        shown = f"{c.sign} {c.primitive}({', '.join(str(x) for x in c.args_dict().values())})"
        if v.holds is None:
            findings.append(f"{shown}: not decidable by code ({v.detail})")
            if complies is True:
                complies = None
            continue
        findings.append(f"{shown}: {'complied' if v.holds else 'violated'} ({v.detail})")
        if v.holds is False and active is True:
            complies = False
        elif v.holds is False and complies is True:
            complies = None  # violated only if the clause applies, which code cannot tell
    return CodeView(governs, complies, tuple(findings))
