"""The policy model from a model: one request per window of the policy, merged and
checked against the schema (entries of unknown kinds and relations between entries that
do not exist are dropped and reported)."""

from __future__ import annotations

import asyncio
from typing import Any

from promptlint.objects import Entry, Policy, PolicyModel, Relation
from promptlint.policymodel import merge, validate

__all__ = ["build_with_model"]


def build_with_model(client: Any, policies: list[Policy]) -> tuple[PolicyModel, list[str]]:
    """(model-built policy model, problems: failed requests and dropped entries)."""
    return client.run(_build(client, policies))  # type: ignore[no-any-return]


async def _build(client: Any, policies: list[Policy]) -> tuple[PolicyModel, list[str]]:
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import PolicyModelOut
    from promptlint.llm.templates import template
    from promptlint.llm.windows import numbered_windows

    text, version = template("policy_model")
    chars = client.settings.window_chars
    requests = [
        Request("policy_model", ({"role": "user", "content": text.format(policy=w)},),
                PolicyModelOut, version)
        for p in policies for w in numbered_windows(p, chars)
    ]  # fmt: skip
    results = await asyncio.gather(*(client.complete(r) for r in requests))
    model = PolicyModel(origin="llm")
    problems: list[str] = []
    for result in results:
        if not isinstance(result, Ok):
            problems.append(f"policy model request failed: {result.reason}")
            continue
        out: Any = result.value
        part = PolicyModel(
            tuple(Entry(e.kind.strip().lower(), e.name.strip(), e.description.strip(),
                        tuple(a.strip() for a in e.aliases if a.strip())) for e in out.entries),
            tuple(Relation(r.kind.strip().lower(), r.source.strip(), r.target.strip())
                  for r in out.relations),
            "llm",
        )  # fmt: skip
        model = merge(model, part)
    model, dropped = validate(model)
    return model, problems + dropped
