"""Rules that never reach one model call are not paired: rules of separate prompts of one
file (a Python file whose functions each build their own prompt, a TypeScript function
that picks one prompt per mode), and rules in two arms of one template branch (a Jinja
``{% if %}``/``{% else %}``, a ``cond ? `...` : `...``` inside a prompt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.pipeline.common import diag

__all__ = ["Place", "apart", "prompts_of", "separate"]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a rule is sent: its prompt ("" when the file holds one) and the template
    branch arms it sits in, ``(path, branch, arm)``."""

    prompt: str = ""
    arms: tuple[tuple[str, int, int], ...] = ()


def prompts_of(policies: Sequence[Any], refs: Mapping[str, RuleRef]) -> dict[str, Place]:
    """Rule id -> its place, for rules of files with several prompts or with branches."""
    where: dict[str, list[tuple[int, int, str]]] = {}
    by_path = {p.path: p for p in policies}
    for policy in policies:
        for i, seg in enumerate(policy.segments):
            if seg.prompt:
                span = policy.span(i, 0, len(seg.text))
                where.setdefault(policy.path, []).append((span.line, span.end_line, seg.prompt))
    out: dict[str, Place] = {}
    for rule_id, ref in refs.items():
        prompt = next((name for first, last, name in where.get(ref.path, ())
                       if first <= ref.line <= last), "")  # fmt: skip
        policy = by_path.get(ref.path)
        arms = policy.arms_at(ref.line, ref.column) if policy is not None else {}
        if prompt or arms:
            out[rule_id] = Place(prompt, tuple((ref.path, b, a) for b, a in sorted(arms.items())))
    return out


def apart(places: Mapping[str, Place], a: str, b: str) -> str:
    """Why rules ``a`` and ``b`` never reach one call: "prompts" (two separate prompts),
    "branches" (two arms of one template branch), or "" when they may."""
    pa, pb = places.get(a, Place()), places.get(b, Place())
    if pa.prompt and pb.prompt and pa.prompt != pb.prompt:
        return "prompts"
    mine = {(path, branch): arm for path, branch, arm in pa.arms}
    if any(mine.get((path, branch), arm) != arm for path, branch, arm in pb.arms):
        return "branches"
    return ""


def separate(result: Any, places: Mapping[str, Place], path: str) -> tuple[Any, list[Diagnostic]]:
    """The triage result without pairs that never reach one call, and one note for each
    reason saying how many pairs that set aside (nothing is dropped unseen)."""
    why = {c: apart(places, *c.rules) for c in result.candidates}
    kept = [c for c in result.candidates if not why[c]]
    if len(kept) == len(result.candidates):
        return result, []
    notes = []
    n = sum(w == "prompts" for w in why.values())
    if n:
        names = sorted({p.prompt for p in places.values() if p.prompt})
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        notes.append(diag(
            "PL107", Category.COLLISION, Severity.INFO,
            f"{n} collision{'s' if n != 1 else ''} between rules of separate prompts not "
            f"reported: this file builds {len(names)} prompts independently ({shown})",
            RuleRef("-", path, 1, 1, "", 1, 1),
            data={"prompts": names, "set_aside": n},
        ))  # fmt: skip
    n = sum(w == "branches" for w in why.values())
    if n:
        notes.append(diag(
            "PL107", Category.COLLISION, Severity.INFO,
            f"{n} collision{'s' if n != 1 else ''} between rules in exclusive branches of a "
            "template not reported: a rendered prompt holds only one arm of each",
            RuleRef("-", path, 1, 1, "", 1, 1),
            data={"branches": True, "set_aside": n},
        ))  # fmt: skip
    return replace(result, candidates=tuple(kept)), notes
