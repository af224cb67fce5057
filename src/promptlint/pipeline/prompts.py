"""Separate prompts of one file: rules of two prompts that never reach the same model
call are not paired (a Python file whose functions each build their own prompt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.pipeline.common import diag

__all__ = ["apart", "prompts_of", "separate"]


def prompts_of(policies: Sequence[Any], refs: Mapping[str, RuleRef]) -> dict[str, str]:
    """Rule id -> the name of the prompt it is in, for rules of files with several."""
    where: dict[str, list[tuple[int, int, str]]] = {}
    for policy in policies:
        for i, seg in enumerate(policy.segments):
            if seg.prompt:
                span = policy.span(i, 0, len(seg.text))
                where.setdefault(policy.path, []).append((span.line, span.end_line, seg.prompt))
    out: dict[str, str] = {}
    for rule_id, ref in refs.items():
        for first, last, prompt in where.get(ref.path, ()):
            if first <= ref.line <= last:
                out[rule_id] = prompt
                break
    return out


def apart(prompts: Mapping[str, str], a: str, b: str) -> bool:
    """Are rules ``a`` and ``b`` in two different prompts?"""
    pa, pb = prompts.get(a, ""), prompts.get(b, "")
    return bool(pa and pb and pa != pb)


def separate(result: Any, prompts: Mapping[str, str], path: str) -> tuple[Any, list[Diagnostic]]:
    """The triage result without pairs of rules from two prompts, and one note saying how
    many pairs that set aside (nothing is dropped unseen)."""
    kept = [c for c in result.candidates if not apart(prompts, *c.rules)]
    if len(kept) == len(result.candidates):
        return result, []
    names = sorted(set(prompts.values()))
    n = len(result.candidates) - len(kept)
    shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    note = diag(
        "PL107", Category.COLLISION, Severity.INFO,
        f"{n} collision{'s' if n != 1 else ''} between rules of separate prompts not reported: "
        f"this file builds {len(names)} prompts independently ({shown})",
        RuleRef("-", path, 1, 1, "", 1, 1),
        data={"prompts": names, "set_aside": n},
    )  # fmt: skip
    return replace(result, candidates=tuple(kept)), [note]
