"""The nomination stage's place in the pipeline: pairs a model suspects, located in the
policy, encoded jointly and confirmed or not by the solver (PL105 when not)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.objects import EncodedRule, Entry, PolicyModel, RuleRecord
from promptlint.pipeline.common import diag, record_ref, run_triage, triage_diagnostics
from promptlint.pipeline.prompts import apart, prompts_of

if TYPE_CHECKING:
    from promptlint.config import Config

__all__ = ["nominations"]


def _collapse(text: str) -> str:
    return " ".join(text.split()).lower()


def _record_for(
    quote: str, policies: Sequence[Any], records: Sequence[RuleRecord], taken: set[str]
) -> RuleRecord | None:
    """The extracted rule a nominated quote is part of (the whole rule, never a cut of
    one); a new record for the quote's sentence when extraction had none; None when the
    quote is not in the policy."""
    from promptlint.nominate import locate

    q = _collapse(quote)
    for r in records:
        rq = _collapse(r.quote)
        if q in rq or (rq in q and len(rq) > 0.6 * len(q)):
            return r
    at = locate(quote, policies)
    if at is None:
        return None
    p, s, a, b = at
    policy = policies[p]
    text = policy.segments[s].text
    # widen to the whole line (a bullet or a sentence's line), never a cut of a rule
    a = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    b = len(text) if end < 0 else end
    raw = text[a:b]
    lead = len(raw) - len(raw.lstrip(" \t-*•0123456789.)"))
    a, b = a + lead, a + len(raw.rstrip())
    n = 1
    while f"n{n}" in taken:
        n += 1
    return RuleRecord(f"n{n}", policy.span(s, a, b), text[a:b], "", origin="llm")


def nominations(
    backend: Any,
    policies: Sequence[Any],
    records: Sequence[RuleRecord],
    rules: Sequence[EncodedRule],
    refs: dict[str, RuleRef],
    result: Any,
    model: PolicyModel,
    config: Config,
) -> list[Diagnostic]:
    from promptlint.nominate import joint_encode, nominate
    from promptlint.policymodel import merge, resolve, validate
    from promptlint.pyrule import collapse_ws, compile_text, format_rule_text

    path = policies[0].path
    out: list[Diagnostic] = []
    pairs, failures = nominate(backend.client(), policies)
    backend._report_problems("nomination", failures, path, out)
    by_quote = {_collapse(r.quote): r.id for r in rules}
    found = {frozenset(c.rules) for c in result.candidates}
    taken = set(refs)
    todo: list[tuple[RuleRecord, RuleRecord, str, str, str]] = []
    for n in pairs:
        ra = _record_for(n.quote_a, policies, records, taken)
        rb = _record_for(n.quote_b, policies, records, taken)
        if ra is None or rb is None:
            bad = n.quote_a if ra is None else n.quote_b
            out.append(diag("PL006", Category.INPUT, Severity.WARNING,
                            f'rejected a nominated rule: quote not found in the policy: "{bad[:80]}"',
                            RuleRef("-", path, 1, 1, bad, 1, 2)))  # fmt: skip
            continue
        ida = by_quote.get(_collapse(ra.quote), ra.id)
        idb = by_quote.get(_collapse(rb.quote), rb.id)
        taken |= {ida, idb}
        if ida == idb or frozenset((ida, idb)) in found:
            continue  # one rule, or triage found the pair already
        found.add(frozenset((ida, idb)))
        if (ra.span.line, ra.span.col) > (rb.span.line, rb.span.col):
            ra, rb, ida, idb = rb, ra, idb, ida
        if apart(_prompts(policies, ra, rb, ida, idb), ida, idb):
            refs.setdefault(ida, record_ref(ida, ra))
            refs.setdefault(idb, record_ref(idb, rb))
            out.append(diag(
                "PL105", Category.COLLISION, Severity.INFO,
                f"{ida} and {idb} were nominated as conflicting but not confirmed: they are "
                "in separate prompts of the file, which are not sent together",
                refs[ida], rules=(refs[ida], refs[idb]),
                data={"source": "nomination", "situation": n.situation, "reason": n.reason,
                      "quote": collapse_ws(ra.quote)[:200]},
            ))  # fmt: skip
            continue
        todo.append((replace(ra, id=ida), replace(rb, id=idb), n.situation, n.reason, n.quote_a))
    if not todo:
        return out
    joints = joint_encode(
        backend.client(), [(a, b, s) for a, b, s, _, _ in todo], model, policies[0]
    )
    for (ra, rb, situation, reason, _), joint in zip(todo, joints, strict=True):
        refs.setdefault(ra.id, record_ref(ra.id, ra))
        refs.setdefault(rb.id, record_ref(rb.id, rb))
        pair_refs = (refs[ra.id], refs[rb.id])
        why = joint.failure
        encoded: list[EncodedRule] = []
        if not why:
            for rec, body in ((ra, joint.body_a), (rb, joint.body_b)):
                text = format_rule_text(rec.id, (rec.span.line, rec.span.end_line), None,
                                        rec.quote, body.strip("\n").splitlines() or ["pass"],
                                        origin="llm")  # fmt: skip
                try:
                    encoded += compile_text(text, f"<{rec.id}>")
                except Exception as err:
                    why = f"the joint encoding of {rec.id} does not compile: {err}"
                    break
        if not why:
            extra = PolicyModel(
                tuple(Entry(e.kind, e.name, e.description, tuple(e.aliases)) for e in joint.entries),
                tuple(_relation(r) for r in joint.relations), "llm",
            )  # fmt: skip
            merged, dropped = validate(merge(model, extra))
            # what the policy model already had was valid: only the model's additions drop
            backend._report_problems(f"joint encoding of {ra.id} and {rb.id}", dropped, path, out)
            pair = resolve(encoded, merged)
            check = run_triage(pair, config, model=merged, judge=backend.judge())
            if check.candidates:
                cands = [replace(c, source="nomination") for c in check.candidates]
                out += triage_diagnostics(replace(check, candidates=tuple(cands), quality=(),
                                                  incomplete=()),
                                          pair, {ra.id: pair_refs[0], rb.id: pair_refs[1]},
                                          primary_path=path)  # fmt: skip
                continue
            why = (
                "the solver found no situation in which the joint encodings collide"
                if any(c.hard for r in pair for c in r.clauses)
                else "the joint encoding gives neither rule a hard clause"
            )
        out.append(diag(
            "PL105", Category.COLLISION, Severity.INFO,
            f"{ra.id} and {rb.id} were nominated as conflicting but not confirmed: {why}",
            pair_refs[0], rules=pair_refs,
            data={"source": "nomination", "situation": situation, "reason": reason,
                  "quote": collapse_ws(ra.quote)[:200]},
        ))  # fmt: skip
    return out


def _prompts(
    policies: Sequence[Any], ra: RuleRecord, rb: RuleRecord, ida: str, idb: str
) -> dict[str, str]:
    """The prompts of two nominated rules (rules extraction had not found are new)."""
    return prompts_of(policies, {ida: record_ref(ida, ra), idb: record_ref(idb, rb)})


def _relation(r: Any) -> Any:
    from promptlint.objects import Relation

    return Relation(r.kind.strip().lower(), r.source.strip(), r.target.strip())
