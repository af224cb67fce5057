"""Model nomination, a second source of candidates (in the spirit of Arbiter's scourer):
a model reads the whole policy, in overlapping windows and ``passes`` times, and names
suspect rule pairs with verbatim quotes. With ``sweep_chars`` the reading is a sweep
instead: one request per consecutive part of the policy, each showing the whole policy and
asking for the conflicts of the rules in its part, so every rule is looked at once against
all the others however long the policy is. Each pair triage did not already find is encoded
jointly (both rules and their context in one request, against the policy model) and
handed back to the solver, which confirms it or does not: the model suggests, the solver
decides.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from promptlint.objects import Policy, PolicyModel, RuleRecord, locate

__all__ = ["Joint", "Nominated", "joint_encode", "locate", "nominate"]


@dataclass(frozen=True, slots=True)
class Nominated:
    quote_a: str
    quote_b: str
    situation: str
    reason: str


@dataclass(frozen=True, slots=True)
class Joint:
    """A joint encoding of a nominated pair, or why there is none."""

    body_a: str = ""
    body_b: str = ""
    entries: tuple[Any, ...] = ()
    relations: tuple[Any, ...] = ()
    failure: str = ""


def nominate(client: Any, policies: Sequence[Policy]) -> tuple[list[Nominated], list[str]]:
    """(nominated pairs, failed requests), every pass over every window."""
    return client.run(_nominate(client, list(policies)))  # type: ignore[no-any-return]


async def _nominate(client: Any, policies: list[Policy]) -> tuple[list[Nominated], list[str]]:
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import Nominations
    from promptlint.llm.templates import template
    from promptlint.llm.windows import focus_parts, numbered_windows

    settings = client.settings
    if settings.sweep_chars:
        text, version = template("nominate_sweep")
        prompts = [
            text.format(policy=context, first=first, last=last)
            for p in policies
            for context, first, last in focus_parts(p, settings.sweep_chars, settings.context_chars)
        ]
    else:
        text, version = template("nominate")
        prompts = [text.format(policy=w) for p in policies
                   for w in numbered_windows(p, settings.window_chars)]  # fmt: skip
    requests = [
        Request("nominate", ({"role": "user", "content": prompt + _lens(n)},), Nominations,
                version, sample=n)
        for prompt in prompts for n in range(settings.passes)
    ]  # fmt: skip
    results = await asyncio.gather(*(client.complete(r) for r in requests))
    found: dict[tuple[str, str], Nominated] = {}
    failures: list[str] = []
    for result in results:
        if not isinstance(result, Ok):
            failures.append(f"nomination request failed: {result.reason}")
            continue
        for n in result.value.pairs:  # type: ignore[attr-defined]
            a, b = n.quote_a.strip(), n.quote_b.strip()
            if a and b and (a, b) not in found and (b, a) not in found:
                found[(a, b)] = Nominated(a, b, n.situation.strip(), n.reason.strip())
    return list(found.values()), failures


#: what each reading after the first looks at especially (Arbiter's multi-pass scourer):
#: one reading of a long policy names only part of its conflicts
LENSES = (
    "tools, shell commands, files and paths, and when the agent must keep working versus "
    "stop, wait for the user or ask first",
    "the reply itself (format, length, language, structure, what it must or must not "
    "contain or disclose) and the order of steps",
    "rules under different headings or modes that can still apply to the same request, and "
    'general rules ("always", "never") against the specific instructions of a section',
)


def _lens(n: int) -> str:
    """Nothing for the first reading; a focus for each further one."""
    if n == 0:
        return ""
    focus = LENSES[(n - 1) % len(LENSES)]
    return (f"\n\nThis is reading {n + 1} of the policy: look especially at {focus}. "
            "Name every conflicting pair you find, including ones an earlier reading may "
            "have named.")  # fmt: skip


def joint_encode(
    client: Any,
    pairs: Sequence[tuple[RuleRecord, RuleRecord, str]],
    model: PolicyModel,
    policy: Any = None,
) -> list[Joint]:
    """One request per pair: both rules, their sections and lead-ins, the policy model,
    and the text a rule points at ("the acknowledgement below") when ``policy`` has it."""
    return client.run(_joint(client, list(pairs), model, policy))  # type: ignore[no-any-return]


def _schema_text(model: PolicyModel) -> str:
    if not model.entries:
        return "(no entries)"
    lines = [
        f"- {e.kind}:{e.name}"
        + (f" ({e.description})" if e.description else "")
        + (f" aliases: {', '.join(e.aliases)}" if e.aliases else "")
        for e in model.entries
    ]
    lines += [f"- {r.source} {r.kind} {r.target}" for r in model.relations]
    return "\n".join(lines)


def _quoted(record: RuleRecord, policy: Any) -> str:
    """The rule's text for a joint request, with the text it points at when there is any
    (the rule alone otherwise, so other requests stay as they were)."""
    from promptlint.llm.windows import pointed_text

    text = " ".join(record.quote.split())
    pointed = pointed_text(policy, record.quote) if policy is not None else ""
    if not pointed:
        return text
    shown = "\n".join(f"    | {line}" for line in pointed.splitlines())
    return f"{text}\n  the text it points at (after it in the policy):\n{shown}"


async def _joint(
    client: Any,
    pairs: list[tuple[RuleRecord, RuleRecord, str]],
    model: PolicyModel,
    policy: Any = None,
) -> list[Joint]:
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import JointEncoding
    from promptlint.llm.templates import template
    from promptlint.pyrule.vocabulary import enum_summary, vocabulary_summary

    text, version = template("joint_encode")
    prims, preds = vocabulary_summary()
    schema, enums = _schema_text(model), enum_summary()

    def fill(a: RuleRecord, b: RuleRecord, situation: str) -> str:
        return text.format(
            primitives=prims, predicates=preds, enums=enums, schema=schema,
            situation=f"\nSituation a reviewer suspects makes both apply: {situation}\n"
            if situation else "",
            id_a=a.id, section_a=" > ".join(a.section) or "(top)",
            lead_a=" / ".join(a.lead_in) or "(nothing)", quote_a=_quoted(a, policy),
            id_b=b.id, section_b=" > ".join(b.section) or "(top)",
            lead_b=" / ".join(b.lead_in) or "(nothing)", quote_b=_quoted(b, policy),
        )  # fmt: skip

    requests = [
        Request("joint_encode", ({"role": "user", "content": fill(a, b, s)},), JointEncoding,
                version)
        for a, b, s in pairs
    ]  # fmt: skip
    results = await asyncio.gather(*(client.complete(r) for r in requests))
    out = []
    for result in results:
        if not isinstance(result, Ok):
            out.append(Joint(failure=f"joint encoding request failed: {result.reason}"))
            continue
        v: Any = result.value
        out.append(Joint(v.body_a, v.body_b, tuple(v.entries), tuple(v.relations)))
    return out
