"""Frozen objects of the behavioural half of WIRE (DESIGN §1, §6): the pair a candidate
becomes once oriented by source order, its concrete witnesses, the trials of subject models
on them with their judge labels, and the resolution profiles computed over the trials.

Like :mod:`promptlint.objects`, these hold data and small derived views only; each has a
``to_dict``/``from_dict`` round-trip so a run directory can store and reload it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from promptlint.objects import Clause, Scalar

__all__ = [
    "CELLS",
    "REGIMES",
    "Pair",
    "PairRule",
    "ProbeResult",
    "Profile",
    "RuleLabel",
    "RunView",
    "ToolStep",
    "Trial",
    "Unrealized",
    "Witness",
]

#: evaluation regimes: policy-only turn and tool-action harness (WIRE §4.5)
REGIMES = ("POT", "TAH")
#: resolution cells: joint, earlier-only, later-only, neither (WIRE eq. 12)
CELLS = ("J", "E", "L", "N")


@dataclass(frozen=True, slots=True)
class PairRule:
    """One source rule of a pair, as the realizer and the judge see it."""

    id: str
    quote: str
    #: "when C, the agent must / must not B"
    gist: str
    path: str
    line: int
    column: int
    #: every clause of the rule: the judge checks the rule, not only the colliding clause
    clauses: tuple[Clause, ...]
    #: ids of the clauses that collide with the other rule
    colliding: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "quote": self.quote, "gist": self.gist, "path": self.path,
            "line": self.line, "column": self.column,
            "clauses": [c.to_dict() for c in self.clauses], "colliding": list(self.colliding),
        }  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PairRule:
        return cls(d["id"], d["quote"], d["gist"], d["path"], d["line"], d["column"],
                   tuple(Clause.from_dict(c) for c in d["clauses"]),
                   tuple(d["colliding"]))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Pair:
    """A collision candidate to probe, oriented by source order (WIRE §3.3)."""

    #: the policy: a file path, or paths joined by " + " for a policy group
    policy: str
    earlier: PairRule
    later: PairRule
    #: diagnostic code of the collision (PL101 ...) and its surface key
    code: str
    surface: str
    kind: str
    #: the symbolic witness: variable -> value, and its structured-English rendering
    assignment: tuple[tuple[str, Scalar], ...]
    scenario: str

    @property
    def key(self) -> str:
        return f"{self.policy}::{self.earlier.id}::{self.later.id}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "policy": self.policy, "code": self.code, "surface": self.surface,
            "kind": self.kind, "earlier": self.earlier.to_dict(), "later": self.later.to_dict(),
            "witness": {"assignment": dict(self.assignment), "scenario": self.scenario},
        }  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pair:
        w = d["witness"]
        return cls(d["policy"], PairRule.from_dict(d["earlier"]), PairRule.from_dict(d["later"]),
                   d["code"], d["surface"], d["kind"], tuple(w["assignment"].items()),
                   w["scenario"])  # fmt: skip


@dataclass(frozen=True, slots=True)
class Witness:
    """A concrete pre-generation state that realizes a pair's symbolic witness and that a
    verifier accepted: both rules govern before generation (WIRE eq. 8, App. A)."""

    pair: str
    #: position among the pair's accepted witnesses, from 0
    index: int
    #: the user turn submitted to subject models
    text: str
    #: 1 seed unchanged, 2 seed + appended suffix, 3 synthesized
    tier: int
    seed_id: str | None = None
    seed: str | None = None
    suffix: str | None = None
    #: verifier scores in [0, 1]: "concrete", "earlier_governs", "later_governs", and one
    #: per assignment atom the verifier checked
    scores: tuple[tuple[str, float], ...] = ()
    rationale: str = ""
    #: which checks code decided (atom -> passed); the rest the model verifier decided
    code_checks: tuple[tuple[str, bool], ...] = ()

    @property
    def key(self) -> str:
        return f"{self.pair}#w{self.index}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "pair": self.pair, "index": self.index, "text": self.text, "tier": self.tier,
            "seed_id": self.seed_id, "seed": self.seed, "suffix": self.suffix,
            "scores": dict(self.scores), "rationale": self.rationale,
            "code_checks": dict(self.code_checks),
        }  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Witness:
        return cls(d["pair"], d["index"], d["text"], d["tier"], d.get("seed_id"), d.get("seed"),
                   d.get("suffix"), tuple(d.get("scores", {}).items()), d.get("rationale", ""),
                   tuple(d.get("code_checks", {}).items()))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Unrealized:
    """A pair with fewer accepted witnesses than asked for, and why."""

    pair: str
    reason: str
    #: witnesses accepted (fewer than asked) and candidate witnesses tried
    accepted: int = 0
    tried: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"pair": self.pair, "reason": self.reason, "accepted": self.accepted,
                "tried": self.tried}  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Unrealized:
        return cls(d["pair"], d["reason"], d.get("accepted", 0), d.get("tried", 0))


@dataclass(frozen=True, slots=True)
class ToolStep:
    """One tool call of an action trace and the stubbed observation it got."""

    name: str
    #: the arguments as the model sent them (a JSON text, possibly malformed)
    arguments: str
    observation: str = ""

    def args(self) -> dict[str, Any]:
        """Parsed arguments; ``{}`` when they do not parse to an object."""
        try:
            value = json.loads(self.arguments or "{}")
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": self.arguments, "observation": self.observation}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ToolStep:
        return cls(d["name"], d["arguments"], d.get("observation", ""))


@dataclass(frozen=True, slots=True)
class RuleLabel:
    """The judge's labels for one rule in one trial (WIRE §4.5)."""

    #: the rule governs the realized interaction after generation
    governs: bool
    #: its compliance can be decided from the response or trace
    judgeable: bool
    #: None when not judgeable or not governing
    complies: bool | None
    #: "code" (deterministic verifiers), "model" (the model judge), "code+model"
    source: str
    reason: str = ""
    #: share of model judges that agreed on the compliance label (with ``--judges k > 1``)
    agreement: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"governs": self.governs, "judgeable": self.judgeable, "complies": self.complies,
                "source": self.source, "reason": self.reason,
                "agreement": self.agreement}  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleLabel:
        return cls(d["governs"], d["judgeable"], d.get("complies"), d["source"],
                   d.get("reason", ""), d.get("agreement"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Trial:
    """One completed (or failed) rollout of a subject model on a witness."""

    pair: str
    witness: int
    model: str
    regime: str
    sample: int
    #: "ok"; "refused" (a provider refusal); "malformed" (a tool call that does not parse
    #: or names no declared tool); "step-limit" (the harness stopped the loop); "failed"
    #: (the request failed: transport, budget)
    status: str
    response: str = ""
    trace: tuple[ToolStep, ...] = ()
    #: why the status is not "ok"
    reason: str = ""
    earlier: RuleLabel | None = None
    later: RuleLabel | None = None

    @property
    def key(self) -> str:
        return f"{self.pair}#w{self.witness}|{self.model}|{self.regime}|s{self.sample}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "pair": self.pair, "witness": self.witness, "model": self.model,
            "regime": self.regime, "sample": self.sample, "status": self.status,
            "response": self.response, "trace": [s.to_dict() for s in self.trace],
            "reason": self.reason,
            "earlier": self.earlier.to_dict() if self.earlier else None,
            "later": self.later.to_dict() if self.later else None,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Trial:
        return cls(
            d["pair"], d["witness"], d["model"], d["regime"], d["sample"], d["status"],
            d.get("response", ""), tuple(ToolStep.from_dict(s) for s in d.get("trace", ())),
            d.get("reason", ""),
            RuleLabel.from_dict(d["earlier"]) if d.get("earlier") else None,
            RuleLabel.from_dict(d["later"]) if d.get("later") else None,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Profile:
    """A resolution profile over one evaluation cell: a pair, or a pool of pairs, for one
    policy, model and regime (WIRE eq. 11-13, 16). Shares are None when the support is 0."""

    policy: str
    model: str
    regime: str
    #: the pair key, or "" for a pooled profile
    pair: str
    #: J, E, L, N counts over the support
    counts: tuple[int, int, int, int]
    #: trials of the cell outside the support, by reason
    excluded: tuple[tuple[str, int], ...] = ()
    #: pairs pooled into this profile (1 for a pair's own)
    pairs: int = 1
    #: shares of J, E, L, N; None when the support is 0
    shares: tuple[float, float, float, float] | None = None
    #: 95% Wilson interval of each share
    intervals: tuple[tuple[float, float], ...] | None = None
    #: 1 - J and E - L; None when the support is 0
    non_joint: float | None = None
    asymmetry: float | None = None

    @property
    def support(self) -> int:
        return sum(self.counts)

    @property
    def trials(self) -> int:
        return self.support + sum(n for _, n in self.excluded)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "policy": self.policy, "model": self.model, "regime": self.regime,
            "pair": self.pair or None, "pairs": self.pairs, "support": self.support,
            "trials": self.trials, "counts": dict(zip(CELLS, self.counts, strict=True)),
            "excluded": dict(self.excluded), "defined": self.shares is not None,
        }  # fmt: skip
        if self.shares is not None and self.intervals is not None:
            out["shares"] = dict(zip(CELLS, self.shares, strict=True))
            out["intervals"] = {c: list(iv) for c, iv in zip(CELLS, self.intervals, strict=True)}
            out["non_joint"] = self.non_joint
            out["asymmetry"] = self.asymmetry
        return out


@dataclass(frozen=True)
class ProbeResult:
    """Everything a probe run produced, for reporters and tests."""

    pairs: tuple[Pair, ...]
    witnesses: tuple[Witness, ...]
    #: every candidate witness the verifier saw (provenance log), as dicts
    attempts: tuple[dict[str, Any], ...]
    unrealized: tuple[Unrealized, ...]
    trials: tuple[Trial, ...]
    #: per-pair profiles, then the pooled profile of each policy x model x regime
    profiles: tuple[Profile, ...]
    #: what was not done: {"stage", "reason", "count", "keys"}
    not_done: tuple[dict[str, Any], ...]
    summary: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": [p.to_dict() for p in self.pairs],
            "witnesses": [w.to_dict() for w in self.witnesses],
            "attempts": list(self.attempts),
            "unrealized": [u.to_dict() for u in self.unrealized],
            "trials": [t.to_dict() for t in self.trials],
            "profiles": [p.to_dict() for p in self.profiles],
            "not_done": list(self.not_done),
            "probe_summary": self.summary,
        }


@dataclass(frozen=True)
class RunView:
    """A probe run as read back from its directory, for audits, reports and CI gates."""

    root: str
    #: manifest.json: policies and their hashes, subjects, options
    manifest: dict[str, Any]
    #: what `check` saw of each policy: "policy", "paths", "files" (loaded policies),
    #: "sources", "records", "rules" (encoded), "pairs", "findings", "stats", "tools"
    policies: tuple[dict[str, Any], ...]
    result: ProbeResult
