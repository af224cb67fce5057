"""The nomination stage's place in the pipeline: pairs a model suspects, located in the
policy, encoded jointly and confirmed or not by the solver (PL105 when not). A collision
the offline encoder found that no reading named is set aside (PL108): with a model, the
reading decides which pairs conflict, and the solver whether they collide."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.objects import EncodedRule, Entry, PolicyModel, RuleRecord
from promptlint.pipeline.common import (
    demoted,
    diag,
    encoder_collisions,
    record_ref,
    run_triage,
    triage_diagnostics,
)
from promptlint.pipeline.prompts import Place, apart, prompts_of

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
    from promptlint.extract.offline import context_at
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
    section, lead_in = context_at(policy, s, a)
    return RuleRecord(f"n{n}", policy.span(s, a, b), text[a:b], "", origin="llm",
                      section=section, lead_in=lead_in)  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Pair:
    """A nominated pair to encode jointly."""

    a: RuleRecord
    b: RuleRecord
    situation: str
    reason: str = ""


def nominations(
    backend: Any,
    policies: Sequence[Any],
    records: Sequence[RuleRecord],
    rules: Sequence[EncodedRule],
    refs: dict[str, RuleRef],
    result: Any,
    model: PolicyModel,
    config: Config,
    diagnostics: Sequence[Diagnostic] = (),
) -> list[Diagnostic]:
    """``diagnostics`` with the nomination stage's findings added: nominated pairs confirmed
    by the solver, or PL105; and each offline collision no reading named set aside as
    PL108 (unless a reading failed, when it stands: the PL004 says the reading is
    incomplete)."""
    from promptlint.nominate import nominate

    path = policies[0].path
    out = list(diagnostics)
    pairs, failures = nominate(backend.client(), policies)
    backend._report_problems("nomination", failures, path, out)
    by_quote = {_collapse(r.quote): r.id for r in rules}
    found = {frozenset(c.rules) for c in result.candidates}
    named: set[frozenset[str]] = set()
    taken = set(refs)
    todo: list[_Pair] = []
    for n in pairs:
        ra = _record_for(n.quote_a, policies, records, taken)
        rb = _record_for(n.quote_b, policies, records, taken | ({ra.id} if ra else set()))
        if (
            ra is not None
            and rb is not None
            and ra.id == rb.id
            and _collapse(n.quote_a) != _collapse(n.quote_b)
        ):
            # two parts of one extracted rule: each part on its own lines is the rule
            ra = _record_for(n.quote_a, policies, (), taken)
            rb = _record_for(n.quote_b, policies, (), taken | ({ra.id} if ra else set()))
        if ra is None or rb is None:
            bad = n.quote_a if ra is None else n.quote_b
            out.append(diag("PL006", Category.INPUT, Severity.WARNING,
                            f'rejected a nominated rule: quote not found in the policy: "{bad[:80]}"',
                            RuleRef("-", path, 1, 1, bad, 1, 2)))  # fmt: skip
            continue
        ida = by_quote.get(_collapse(ra.quote), ra.id)
        idb = by_quote.get(_collapse(rb.quote), rb.id)
        taken |= {ida, idb}
        named.add(frozenset((ida, idb)))
        if ida == idb or frozenset((ida, idb)) in found:
            continue  # one rule quoted twice, or triage found the pair already
        found.add(frozenset((ida, idb)))
        if (ra.span.line, ra.span.col) > (rb.span.line, rb.span.col):
            ra, rb, ida, idb = rb, ra, idb, ida
        why = apart(_prompts(policies, ra, rb, ida, idb), ida, idb)
        if why:
            refs.setdefault(ida, record_ref(ida, ra))
            refs.setdefault(idb, record_ref(idb, rb))
            where = ("in separate prompts of the file, which are not sent together"
                     if why == "prompts" else
                     "in two arms of one template branch, which are never rendered together")  # fmt: skip
            out.append(diag(
                "PL105", Category.COLLISION, Severity.INFO,
                f"{ida} and {idb} were nominated as conflicting but not confirmed: they are "
                + where,
                refs[ida], rules=(refs[ida], refs[idb]),
                data={"source": "nomination", "situation": n.situation, "reason": n.reason,
                      "quote": _quote(ra)},
            ))  # fmt: skip
            continue
        refs.setdefault(ida, record_ref(ida, ra))
        refs.setdefault(idb, record_ref(idb, rb))
        todo.append(_Pair(replace(ra, id=ida), replace(rb, id=idb), n.situation, n.reason))
    if not failures:
        # Measured on every labelled set, a joint re-encoding of these confirmed 28 and only
        # 2 were conflicts a labeller named (docs/evaluation.md, session 15): the model
        # encodes what it is shown on one surface, so it cannot refute them
        for i in encoder_collisions(out, rules):
            if frozenset(ref.id for ref in out[i].rules) not in named:
                out[i] = demoted(out[i], "PL108", "No reading of the policy names this pair",
                                 set_aside=out[i].code)  # fmt: skip
    if not todo:
        return out
    verdicts = _confirm(backend, todo, model, policies, config, refs, out)
    for pair, verdict in zip(todo, verdicts, strict=True):
        pair_refs = verdict.refs
        if verdict.found:
            out += verdict.found
            continue
        out.append(diag(
            "PL105", Category.COLLISION, Severity.INFO,
            f"{pair.a.id} and {pair.b.id} were nominated as conflicting but not confirmed: "
            f"{verdict.why}",
            pair_refs[0], rules=pair_refs,
            data={"source": "nomination", "situation": pair.situation, "reason": pair.reason,
                  "quote": _quote(pair.a)},
        ))  # fmt: skip
    return out


def _quote(record: RuleRecord) -> str:
    from promptlint.pyrule import collapse_ws

    return collapse_ws(record.quote)[:200]


@dataclass(frozen=True, slots=True)
class _Verdict:
    refs: tuple[RuleRef, RuleRef]
    found: tuple[Diagnostic, ...] = ()
    why: str = ""


def _confirm(
    backend: Any,
    todo: Sequence[_Pair],
    model: PolicyModel,
    policies: Sequence[Any],
    config: Config,
    refs: dict[str, RuleRef],
    out: list[Diagnostic],
) -> list[_Verdict]:
    """Each pair encoded jointly (one request each, against the policy model) and given to
    the solver: its collisions, or why there are none."""
    from promptlint.nominate import joint_encode
    from promptlint.policymodel import merge, resolve, validate
    from promptlint.pyrule import compile_text, format_rule_text

    path = policies[0].path
    joints = joint_encode(backend.client(), [(p.a, p.b, p.situation) for p in todo], model,
                          policies[0])  # fmt: skip
    verdicts = []
    for pair, joint in zip(todo, joints, strict=True):
        ra, rb = pair.a, pair.b
        pair_refs = (
            refs.get(ra.id) or record_ref(ra.id, ra),
            refs.get(rb.id) or record_ref(rb.id, rb),
        )
        if joint.failure:
            verdicts.append(_Verdict(pair_refs, why=joint.failure))
            continue
        why = ""
        encoded: list[EncodedRule] = []
        for rec, body in ((ra, joint.body_a), (rb, joint.body_b)):
            text = format_rule_text(rec.id, (rec.span.line, rec.span.end_line), None,
                                    rec.quote, body.strip("\n").splitlines() or ["pass"],
                                    origin="llm")  # fmt: skip
            try:
                encoded += compile_text(text, f"<{rec.id}>")
            except Exception as err:
                why = f"the joint encoding of {rec.id} does not compile: {err}"
                break
        if why:
            verdicts.append(_Verdict(pair_refs, why=why))
            continue
        extra = PolicyModel(
            tuple(Entry(e.kind, e.name, e.description, tuple(e.aliases)) for e in joint.entries),
            tuple(_relation(r) for r in joint.relations), "llm",
        )  # fmt: skip
        merged, dropped = validate(merge(model, extra))
        # what the policy model already had was valid: only the model's additions drop
        backend._report_problems(f"joint encoding of {ra.id} and {rb.id}", dropped, path, out)
        both = resolve(encoded, merged)
        check = run_triage(both, config, model=merged, judge=backend.judge())
        if check.candidates:
            cands = [replace(c, source="nomination") for c in check.candidates]
            found = triage_diagnostics(replace(check, candidates=tuple(cands), quality=(),
                                               incomplete=()),
                                       both, {ra.id: pair_refs[0], rb.id: pair_refs[1]},
                                       primary_path=path)  # fmt: skip
            verdicts.append(_Verdict(pair_refs, tuple(found)))
            continue
        verdicts.append(_Verdict(pair_refs, why=(
            "the solver found no situation in which the joint encodings collide"
            if any(c.hard for r in both for c in r.clauses)
            else "the joint encoding gives neither rule a hard clause"
        )))  # fmt: skip
    return verdicts


def _prompts(
    policies: Sequence[Any], ra: RuleRecord, rb: RuleRecord, ida: str, idb: str
) -> dict[str, Place]:
    """The prompts of two nominated rules (rules extraction had not found are new)."""
    return prompts_of(policies, {ida: record_ref(ida, ra), idb: record_ref(idb, rb)})


def _relation(r: Any) -> Any:
    from promptlint.objects import Relation

    return Relation(r.kind.strip().lower(), r.source.strip(), r.target.strip())
