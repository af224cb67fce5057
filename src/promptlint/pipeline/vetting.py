"""The vetting stage's place in the pipeline: each collision of a model-backed run checked
against the policy text (:mod:`promptlint.vet`). A finding the text sets aside becomes an
info diagnostic (PL106) naming the reason and the quoted evidence; the others stand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from promptlint.diagnostics import Category, Diagnostic, Severity
from promptlint.pipeline.common import COLLISIONS, one_line

__all__ = ["vetted"]
#: reasons that set a collision aside; an exception the text states is only shown: whether
#: it covers the situation is the judgement the finding asks a person to make
SET_ASIDE = frozenset({"example", "separate", "soft"})


def vetted(
    backend: Any, policies: Sequence[Any], diagnostics: list[Diagnostic]
) -> list[Diagnostic]:
    """``diagnostics`` with every vetted-away collision replaced by its PL106."""
    from promptlint.vet import REASONS, vet

    by_path = {p.path: p for p in policies}
    todo: dict[str, list[tuple[int, Diagnostic]]] = {}
    for i, d in enumerate(diagnostics):
        pair = len(d.rules) == 2 and d.rules[0].path == d.rules[1].path
        if d.code in COLLISIONS and pair and d.rules[0].path in by_path:
            todo.setdefault(d.rules[0].path, []).append((i, d))
    out = list(diagnostics)
    problems: list[str] = []
    for path, items in todo.items():
        cases = [_case(d) for _, d in items]
        for (i, d), verdict in zip(items, vet(backend.client(), by_path[path], cases),
                                   strict=True):  # fmt: skip
            if verdict.problem:
                problems.append(f"line {d.line}: {verdict.problem}")
                continue
            if verdict.reason not in SET_ASIDE:
                note: dict[str, Any] = {"vetted": "kept"}
                if verdict.reason:  # the text may settle it: shown, but a person decides
                    note = {"vetted": "kept", "exception": verdict.evidence,
                            "exception_line": verdict.evidence_line}  # fmt: skip
                out[i] = replace(d, data={**d.data, **note})
                continue
            ref = _ordered(d)[1 if verdict.rule == "b" else 0]
            subject = (f"the rule on line {ref.line} " if verdict.rule else "") + REASONS[
                verdict.reason
            ]
            message = (
                f"The collision of line {d.rules[0].line} and line {d.rules[1].line} was set "
                f"aside: {subject} (line {verdict.evidence_line}: "
                f'"{one_line(verdict.evidence)}")'
            )
            out[i] = replace(
                d, code="PL106", category=Category.COLLISION, severity=Severity.INFO,
                message=message,
                data={**d.data, "set_aside": d.code, "vetted": verdict.reason,
                      "vet_rule": verdict.rule, "evidence": verdict.evidence,
                      "evidence_line": verdict.evidence_line,
                      "explanation": verdict.explanation},
            )  # fmt: skip
    if problems:
        first = policies[0].path
        backend._report_problems("vetting", problems, first, out)
    return out


def _ordered(d: Diagnostic) -> list[Any]:
    """The finding's two rules, earlier first: the vetting request's A and B."""
    return sorted(d.rules, key=lambda r: (r.line, r.column))


def _case(d: Diagnostic) -> Any:
    from promptlint.vet import Case

    a, b = _ordered(d)
    situation = str(d.data.get("situation") or (d.witness or {}).get("scenario") or "")
    return Case(a.quote, a.line, a.end_line, b.quote, b.line, b.end_line, situation)
