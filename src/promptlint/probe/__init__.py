"""Probing subject models under the unedited policy (WIRE §4.5).

- POT (policy-only turn): system = the policy text as the model receives it, user = the
  witness; one request.
- TAH (tool-action harness): the same turn with the policy's tools declared as native
  tools; every call gets a stubbed observation and the loop runs until the model answers
  in text or ``max_steps`` tool rounds have passed; the action trace is recorded.

Each trial is a :class:`~promptlint.witnessed.Trial` value, whatever happened: a provider
refusal, a tool call that does not parse or names no declared tool (malformed), a step
limit or a failed request each get their status and reason. Never raises.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from promptlint.llm.client import Chat, Failed, Reply
from promptlint.probe.tools import load_manifest, observation, stub_tools, tool_names
from promptlint.witnessed import ToolStep, Trial, Witness

__all__ = [
    "Subject",
    "SubjectClient",
    "TrialSpec",
    "load_manifest",
    "probe",
    "run_trial",
    "stub_tools",
    "tool_names",
]


class SubjectClient(Protocol):
    async def chat(self, req: Chat) -> Reply | Failed: ...


@dataclass(frozen=True)
class Subject:
    #: the name given on the command line (the model column of every report)
    name: str
    client: SubjectClient
    #: the model id sent to the endpoint
    model: str
    temperature: float = 0.0


@dataclass(frozen=True)
class TrialSpec:
    witness: Witness
    #: the policy text as the subject model receives it (system message)
    system: str
    subject: Subject
    regime: str
    sample: int
    #: declared tools (TAH)
    tools: tuple[dict[str, Any], ...] = ()
    max_steps: int = 4

    @property
    def key(self) -> str:
        w = self.witness
        return f"{w.pair}#w{w.index}|{self.subject.name}|{self.regime}|s{self.sample}"


def _trial(spec: TrialSpec, status: str, **kw: Any) -> Trial:
    w = spec.witness
    return Trial(w.pair, w.index, spec.subject.name, spec.regime, spec.sample, status, **kw)


async def run_trial(spec: TrialSpec) -> Trial:
    s = spec.subject
    messages: list[dict[str, Any]] = [{"role": "system", "content": spec.system},
                                      {"role": "user", "content": spec.witness.text}]  # fmt: skip
    declared = {t["function"]["name"] for t in spec.tools}
    trace: list[ToolStep] = []
    rounds = spec.max_steps if spec.regime == "TAH" else 0
    for step in range(rounds + 1):
        reply = await s.client.chat(Chat("probe", tuple(messages), spec.tools, s.model,
                                         spec.sample, s.temperature))  # fmt: skip
        if isinstance(reply, Failed):
            return _trial(spec, "failed", trace=tuple(trace),
                          reason=f"{reply.kind}: {reply.reason}")  # fmt: skip
        if reply.refusal:
            return _trial(spec, "refused", response=reply.content, trace=tuple(trace),
                          reason=reply.refusal)  # fmt: skip
        if not reply.tool_calls:
            return _trial(spec, "ok", response=reply.content, trace=tuple(trace))
        calls = []
        for call_id, name, arguments in reply.tool_calls:
            problem = None
            if name not in declared:
                problem = f"a call to {name!r}, which is not a declared tool"
            else:
                try:
                    parsed = json.loads(arguments or "{}")
                except ValueError:
                    parsed = None
                if not isinstance(parsed, dict):
                    problem = f"the arguments of {name!r} are not a JSON object: {arguments[:80]!r}"
            if problem is not None:
                trace.append(ToolStep(name, arguments))
                return _trial(spec, "malformed", response=reply.content, trace=tuple(trace),
                              reason=problem)  # fmt: skip
            seen = observation(name, json.loads(arguments or "{}"))
            trace.append(ToolStep(name, arguments, seen))
            calls.append((call_id, name, arguments, seen))
        if step == rounds:
            break
        messages.append({"role": "assistant", "content": reply.content or None,
                         "tool_calls": [{"id": i, "type": "function",
                                         "function": {"name": n, "arguments": a}}
                                        for i, n, a, _ in calls]})  # fmt: skip
        messages += [{"role": "tool", "tool_call_id": i, "content": o} for i, _, _, o in calls]
    return _trial(spec, "step-limit", trace=tuple(trace),
                  reason=f"still calling tools after {spec.max_steps} rounds")  # fmt: skip


async def probe(
    specs: Sequence[TrialSpec], *, on_done: Callable[[Trial], None] | None = None
) -> list[Trial]:
    """Run every trial concurrently (each subject's client bounds its own concurrency)."""

    async def one(spec: TrialSpec) -> Trial:
        t = await run_trial(spec)
        if on_done is not None:
            on_done(t)
        return t

    return list(await asyncio.gather(*(one(s) for s in specs)))
