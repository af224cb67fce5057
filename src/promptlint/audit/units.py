"""Audit units: one decision of the pipeline per unit, with the evidence a rater needs to
make it again and the machine's answer kept apart (WIRE §5.5).

Each stage asks the rater the question the machine answered, about items the machine
answered both ways where it did, so that the rater cannot read the verdict off the packet
and Cohen's kappa is defined:

- ``extraction``: a span of policy text, extracted as a rule or not;
- ``encoding``: a rule and its clauses in structured English (the machine says every
  encoding is faithful: its kappa is 0 by construction, read the agreement);
- ``triage``: two rules of one policy, a collision candidate or not (non-candidates by
  whether they share a decision surface);
- ``witness``: a candidate test request the verifier accepted or rejected;
- ``judging``: a trial's response or action trace, with governance and compliance of both
  rules (four labels per trial).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from promptlint.objects import EncodedRule, Policy, RuleRecord, TrueCond
from promptlint.pyrule.render import MODALS, render_args, render_condition_english
from promptlint.witnessed import Pair, RunView, Trial

__all__ = ["STAGES", "STAGE_TITLES", "Question", "Unit", "clause_english", "context", "units_of"]

STAGES = ("extraction", "encoding", "triage", "witness", "judging")
STAGE_TITLES = {
    "extraction": "Rule extraction",
    "encoding": "Clause encoding",
    "triage": "Triage (non-candidates)",
    "witness": "Witness verification",
    "judging": "Response judging",
}
YES_NO = ("yes", "no")
#: compliance cannot be decided, or the rule does not apply
COMPLIANCE = ("yes", "no", "n/a")


@dataclass(frozen=True, slots=True)
class Question:
    #: short name, unique within a unit ("label", "a_governs" ...)
    name: str
    text: str
    choices: tuple[str, ...]
    #: the machine's answer: never shown to the rater
    machine: str


@dataclass(frozen=True, slots=True)
class Unit:
    stage: str
    #: the sampling stratum (machine verdict and kind): never shown to the rater
    stratum: str
    #: stable identity within the run, for deterministic sampling
    source: str
    #: what the rater reads: title -> text
    evidence: tuple[tuple[str, str], ...]
    questions: tuple[Question, ...]


def units_of(view: RunView) -> dict[str, list[Unit]]:
    """Every auditable unit of a run, by stage, in a deterministic order."""
    out: dict[str, list[Unit]] = {s: [] for s in STAGES}
    pairs = {p.key: p for p in view.result.pairs}
    sources: dict[str, str] = {}
    for snap in view.policies:
        sources.update(snap.get("sources", {}))
        out["extraction"] += _extraction(snap)
        out["encoding"] += _encoding(snap)
        out["triage"] += _triage(snap)
    out["witness"] += _witness(view.result.attempts, pairs, sources)
    witnesses = {(w.pair, w.index): w.text for w in view.result.witnesses}
    out["judging"] += _judging(view.result.trials, pairs, witnesses, sources)
    return out


# --------------------------------------------------------------------------- evidence


def context(text: str, first: int, last: int, radius: int = 2) -> str:
    """Source lines ``first``..``last`` (1-based) with ``radius`` lines around, the unit's
    own lines marked with ``>``."""
    lines = text.splitlines()
    lo, hi = max(1, first - radius), min(len(lines), last + radius)
    width = len(str(hi))
    return "\n".join(
        f"{'>' if first <= n <= last else ' '} {n:>{width}} | {lines[n - 1]}"
        for n in range(lo, hi + 1)
    )


def _rule_text(quote: str, path: str, line: int, sources: dict[str, str]) -> str:
    text = sources.get(path)
    where = f"{path}:{line}"
    if text is None:
        return f"{where}\n{quote}"
    n = max(1, len(quote.splitlines()))
    return f"{where}\n{context(text, line, line + n - 1, radius=1)}"


def clause_english(rule: EncodedRule) -> str:
    rows = []
    for c in rule.clauses:
        when = (
            "always"
            if isinstance(c.activation, TrueCond)
            else "when " + render_condition_english(c.activation)
        )
        rows.append(f"- {when}: {MODALS[c.sign]} {c.primitive}({render_args(c)})")
    return "\n".join(rows) or "(no clause)"


# --------------------------------------------------------------------------- stages


def _extraction(snap: dict[str, Any]) -> Iterator[Unit]:
    records = [RuleRecord.from_dict(r) for r in snap.get("records", ())]
    question = "Does the marked text state a standing behavioural rule: something the agent must or must not do, always or in some situation?"
    for f in snap.get("files", ()):
        policy = Policy.from_dict(f)
        own = [r for r in records if r.span.path == policy.path]
        covered = {n for r in own for n in range(r.span.line, r.span.end_line + 1)}
        for r in own:
            yield Unit("extraction", "extracted", f"{policy.path}:{r.span.line}:{r.id}",
                       (("policy", policy.path),
                        ("text", " ".join(r.quote.split())),
                        ("source", context(policy.text, r.span.line, r.span.end_line))),
                       (Question("label", question, YES_NO, "yes"),))  # fmt: skip
        seen: set[int] = set()
        for i, seg in enumerate(policy.segments):
            offset = 0
            for raw in seg.text.split("\n"):
                start, offset = offset, offset + len(raw) + 1
                line = policy.span(i, start, start + max(1, len(raw))).line
                if not any(ch.isalpha() for ch in raw) or line in covered or line in seen:
                    continue
                seen.add(line)
                yield Unit("extraction", "not extracted", f"{policy.path}:{line}:-",
                           (("policy", policy.path), ("text", raw.strip()),
                            ("source", context(policy.text, line, line))),
                           (Question("label", question, YES_NO, "no"),))  # fmt: skip


def _path_of(rule_id: str, paths: Sequence[str]) -> str:
    if len(paths) > 1 and rule_id.startswith("f") and "." in rule_id:
        index = rule_id[1:].split(".", 1)[0]
        if index.isdigit() and 0 < int(index) <= len(paths):
            return paths[int(index) - 1]
    return paths[0] if paths else ""


def _encoding(snap: dict[str, Any]) -> Iterator[Unit]:
    sources = snap.get("sources", {})
    paths = snap.get("paths", [])
    question = "Does the encoding say what the rule says: the same obligations or prohibitions, under the same conditions, nothing missing and nothing added?"
    for d in snap.get("rules", ()):
        rule = EncodedRule.from_dict(d)
        path = _path_of(rule.id, paths)
        line = rule.lines[0] if rule.lines else 1
        conditional = any(not isinstance(c.activation, TrueCond) for c in rule.clauses)
        yield Unit("encoding", "conditional" if conditional else "unconditional",
                   f"{path}:{rule.id}",
                   (("rule", _rule_text(rule.quote, path, line, sources)),
                    ("encoding", clause_english(rule))),
                   (Question("label", question, YES_NO, "yes"),))  # fmt: skip


def _triage(snap: dict[str, Any]) -> Iterator[Unit]:
    sources = snap.get("sources", {})
    paths = snap.get("paths", [])
    rules = [EncodedRule.from_dict(d) for d in snap.get("rules", ())]
    candidates = {frozenset((p["earlier"]["id"], p["later"]["id"])) for p in snap.get("pairs", ())}
    question = (
        "Is there a realistic situation in which both rules apply and the agent cannot follow both?"
    )
    for a, b in combinations(rules, 2):
        if frozenset((a.id, b.id)) in candidates:
            stratum = "candidate"
        elif {c.surface for c in a.clauses} & {c.surface for c in b.clauses}:
            stratum = "non-candidate, shared surface"
        else:
            stratum = "non-candidate, different surfaces"
        evidence = tuple(
            (f"rule {name}", _rule_text(r.quote, _path_of(r.id, paths),
                                        r.lines[0] if r.lines else 1, sources))
            for name, r in (("A", a), ("B", b))
        )  # fmt: skip
        machine = "yes" if stratum == "candidate" else "no"
        yield Unit("triage", stratum, f"{snap.get('policy')}::{a.id}::{b.id}", evidence,
                   (Question("label", question, YES_NO, machine),))  # fmt: skip


def _both_rules(pair: Pair, sources: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (f"rule {name}", _rule_text(r.quote, r.path, r.line, sources))
        for name, r in (("A", pair.earlier), ("B", pair.later))
    )


def _witness(
    attempts: Sequence[dict[str, Any]], pairs: dict[str, Pair], sources: dict[str, str]
) -> Iterator[Unit]:
    question = (
        "Is this request concrete, and do both rules apply to it before the assistant answers?"
    )
    for i, a in enumerate(attempts):
        pair = pairs.get(a["pair"])
        if pair is None:
            continue
        verdict = "accepted" if a["accepted"] else "rejected"
        yield Unit("witness", f"tier {a['tier']}, {verdict}", f"{a['pair']}#a{i}",
                   (*_both_rules(pair, sources),
                    ("situation both rules meet in", pair.scenario),
                    ("request", a["text"])),
                   (Question("label", question, YES_NO, "yes" if a["accepted"] else "no"),))  # fmt: skip


def _cell(t: Trial) -> str:
    """J, E, L, N for a trial in the support (WIRE eq. 12), else "outside support"."""
    e, lt = t.earlier, t.later
    labels = [lab.complies for lab in (e, lt) if lab and lab.governs and lab.judgeable]
    if len(labels) != 2 or None in labels:
        return "outside support"
    return {(True, True): "J", (True, False): "E", (False, True): "L"}.get(
        (bool(labels[0]), bool(labels[1])), "N")  # fmt: skip


def _trace(t: Trial) -> str:
    steps = [f"- call {s.name}({s.arguments}) -> {s.observation}" for s in t.trace]
    return "\n".join(steps)


def _judging(
    trials: Sequence[Trial], pairs: dict[str, Pair], witnesses: dict[tuple[str, int], str],
    sources: dict[str, str],
) -> Iterator[Unit]:  # fmt: skip
    for t in trials:
        pair = pairs.get(t.pair)
        if pair is None or t.status != "ok" or t.earlier is None or t.later is None:
            continue
        evidence = [*_both_rules(pair, sources),
                    ("request", witnesses.get((t.pair, t.witness), "")),
                    ("regime", "policy-only turn" if t.regime == "POT" else
                     "tool-action harness (tool calls answered with stubbed results)")]  # fmt: skip
        if t.trace:
            evidence.append(("action trace", _trace(t)))
        evidence.append(("response", t.response or "(no text)"))
        questions = []
        for name, lab in (("A", t.earlier), ("B", t.later)):
            complies = "n/a" if not lab.judgeable or lab.complies is None else (
                "yes" if lab.complies else "no")  # fmt: skip
            questions += [
                Question(f"{name.lower()}_governs",
                         f"Does rule {name} apply to this interaction, as it turned out?",
                         YES_NO, "yes" if lab.governs else "no"),
                Question(f"{name.lower()}_complies",
                         f"Did the assistant follow rule {name}? (n/a: it cannot be told, "
                         "or the rule does not apply)", COMPLIANCE, complies),
            ]  # fmt: skip
        yield Unit("judging", _cell(t), t.key, tuple(evidence), tuple(questions))
