"""`promptlint probe`: check's candidates -> witnesses -> trials -> labels -> profiles.

Reads top-down as the stages it runs (:func:`run_probe`). Every finished pair and trial is
stored in the run directory as it finishes; every model answer in the response cache as it
arrives, so an interrupted run resumed with ``--resume`` repeats no answered request, and a
second identical run is answered from the cache.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, Report
from promptlint.errors import ConfigError
from promptlint.objects import EncodedRule, render_condition
from promptlint.pipeline.common import describe_clause
from promptlint.pipeline.model import usage_of
from promptlint.pipeline.profile_links import PROFILES, norm_quote
from promptlint.pipeline.rundir import RunStore, manifest_hash
from promptlint.witnessed import (
    Pair,
    PairRule,
    ProbeResult,
    Trial,
    Unrealized,
    Witness,
)

if TYPE_CHECKING:
    from promptlint.config import Config
    from promptlint.llm.cache import ResponseCache
    from promptlint.llm.client import LLMClient

__all__ = [
    "ProbeOptions",
    "SubjectSpec",
    "assemble_result",
    "candidate_pairs",
    "policy_snapshot",
    "run_probe",
    "subject_specs",
    "write_profiles",
]

#: keys a ``[probe.subjects.NAME]`` table may set (the rest of ``[llm]`` is inherited)
_SUBJECT_KEYS = ("model", "base-url", "api-key-env", "concurrency", "timeout-s", "max-retries",
                 "budget-tokens", "budget-usd", "prices", "seed")  # fmt: skip


@dataclass(frozen=True)
class SubjectSpec:
    name: str
    #: ``[llm]`` settings with the subject's own endpoint, key variable and model
    settings: dict[str, Any]


@dataclass(frozen=True)
class ProbeOptions:
    subjects: tuple[SubjectSpec, ...]
    samples: int = 1
    temperature: float = 0.0
    witnesses: int = 1
    regimes: tuple[str, ...] = ("POT",)
    judges: int = 1
    seeds: str | None = None
    tools: str | None = None
    max_steps: int = 4
    seeds_per_pair: int = 3
    run_dir: str | None = None
    resume: bool = False
    #: extra facts for the manifest that change nothing (never keys)
    extra: dict[str, Any] = field(default_factory=dict)


def subject_specs(names: Sequence[str], config: Config) -> tuple[SubjectSpec, ...]:
    """Subject models by name: each ``[probe.subjects.NAME]`` table overrides ``[llm]``;
    a name without a table is a model on the ``[llm]`` endpoint."""
    table = (getattr(config, "probe", {}) or {}).get("subjects", {}) or {}
    if not isinstance(table, dict):
        raise ConfigError("probe.subjects must be a table of subject tables")
    specs = []
    for name in names:
        own = table.get(name, {})
        if not isinstance(own, dict):
            raise ConfigError(f"probe.subjects.{name} must be a table")
        unknown = [k for k in own if k not in _SUBJECT_KEYS]
        if unknown:
            raise ConfigError(f"unknown key {unknown[0]!r} in probe.subjects.{name}",
                              hint=f"known keys: {', '.join(_SUBJECT_KEYS)}")  # fmt: skip
        base = {k: v for k, v in (getattr(config, "llm", {}) or {}).items()
                if k.replace("_", "-") not in ("models", "budget-tokens", "budget-usd")}  # fmt: skip
        specs.append(SubjectSpec(name, {**base, "model": name, **own}))
    return tuple(specs)


# --------------------------------------------------------------------------- candidates


def _gist(rule: EncodedRule) -> str:
    parts = []
    for c in rule.clauses:
        if not c.hard:
            continue
        verb = "must" if c.sign == "require" else "must not"
        cond = render_condition(c.activation)
        when = "" if cond == "True" else f"when {cond}, "
        parts.append(f"{when}the agent {verb} {describe_clause(c)}")
    return "; ".join(parts) or " ".join(rule.quote.split())


def candidate_pairs(
    group: Sequence[str], diagnostics: Sequence[Diagnostic], rules: Sequence[EncodedRule]
) -> list[Pair]:
    """The collision findings of one policy as pairs oriented by source order."""
    from promptlint.profiles import orient

    by_id = {r.id: r for r in rules}
    order = {p: i for i, p in enumerate(group)}
    policy = group[0] if len(group) == 1 else " + ".join(group)
    pairs = []
    for d in diagnostics:
        if d.category != Category.COLLISION or len(d.rules) != 2 or d.witness is None:
            continue
        refs = {r.id: r for r in d.rules}
        if any(r.id not in by_id for r in d.rules):
            continue
        colliding: dict[str, set[str]] = {r.id: set() for r in d.rules}
        for clause_pair in d.data.get("clauses", []):
            for cid in clause_pair:
                base = str(cid).split(">", 1)[0]
                colliding.setdefault(base.split("#", 1)[0], set()).add(base)
        position = {r.id: (order.get(r.path, 0), r.line, r.column) for r in d.rules}
        first, second = orient(d.rules[0].id, d.rules[1].id, position)

        def side(rid: str, refs: Any = refs, colliding: Any = colliding) -> PairRule:
            ref, rule = refs[rid], by_id[rid]
            return PairRule(rid, ref.quote, _gist(rule), ref.path, ref.line, ref.column,
                            rule.clauses, tuple(sorted(colliding.get(rid, ()))))  # fmt: skip

        assignment = tuple(d.witness.get("assignment", {}).items())
        pairs.append(Pair(policy, side(first), side(second), d.code,
                          str(d.data.get("surface_key", d.surface or "")),
                          str(d.data.get("kind", "")), assignment,
                          str(d.witness.get("scenario", ""))))  # fmt: skip
    return pairs


def policy_snapshot(group: Sequence[str], run: Any, pairs: Sequence[Pair]) -> dict[str, Any]:
    """What `check` saw of one policy, kept in the run directory so that audits and the
    HTML report read the run alone: the files, rule records, encodings, pairs, findings."""
    from promptlint.report.formats import help_text

    return {
        "policy": group[0] if len(group) == 1 else " + ".join(group),
        "paths": list(group),
        "files": [p.to_dict() for p in run.policies],
        "sources": dict(run.sources),
        "records": [r.to_dict() for r in run.records],
        "rules": [r.to_dict() for r in run.rules],
        "pairs": [p.to_dict() for p in pairs],
        "findings": [{**d.to_dict(), "help": help_text(d)} for d in run.diagnostics],
        "stats": run.stats.to_dict(),
    }


def _policy_text(group: Sequence[str], config: Config) -> str:
    """The policy as the subject model receives it: the policy text of each file."""
    from promptlint.load import load

    keys = tuple(getattr(config, "yaml_keys", ()) or ()) + tuple(
        getattr(config, "json_keys", ()) or ()
    )
    texts = []
    for path in group:
        policy = load(path, max_bytes=getattr(config, "max_file_bytes", 2_000_000), keys=keys,
                      extension=getattr(config, "extension", None))  # fmt: skip
        texts.append("\n\n".join(s.text for s in policy.segments))
    return "\n\n".join(texts)


# --------------------------------------------------------------------------- the run


def _sha(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def _manifest(
    groups: Sequence[Sequence[str]], options: ProbeOptions, config: Config
) -> dict[str, Any]:
    from promptlint import __version__

    llm = getattr(config, "llm", {}) or {}
    return {
        "version": 1,
        "promptlint": __version__,
        "policies": [{"path": p, "sha256": _sha(p)} for g in groups for p in g],
        "subjects": [{"name": s.name, "model": s.settings.get("model"),
                      "base_url": s.settings.get("base-url") or s.settings.get("base_url"),
                      "api_key_env": s.settings.get("api-key-env", "OPENAI_API_KEY")}
                     for s in options.subjects],
        "helper_model": llm.get("model", "gpt-4o-mini"),
        "samples": options.samples, "temperature": options.temperature,
        "witnesses": options.witnesses, "regimes": list(options.regimes),
        "judges": options.judges, "max_steps": options.max_steps,
        "seeds": {"path": options.seeds, "sha256": _sha(options.seeds)} if options.seeds else None,
        "tools": {"path": options.tools, "sha256": _sha(options.tools)} if options.tools else None,
    }  # fmt: skip


def _client(
    settings: dict[str, Any], cache: ResponseCache | None, batch_dir: Path | None = None
) -> LLMClient:
    from promptlint.llm.client import LLMClient
    from promptlint.llm.settings import LLMSettings

    return LLMClient(LLMSettings.from_config(settings), cache=cache, batch_dir=batch_dir)


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name) or "_"


@dataclass
class _Progress:
    bar: Any

    def start(self, stage: str, total: int) -> None:
        if self.bar is not None and total:
            self.bar.start(stage, total)

    def advance(self, stage: str) -> None:
        if self.bar is not None:
            self.bar.advance(stage)


def run_probe(
    paths: Sequence[str], config: Config, options: ProbeOptions, *, progress: Any = None
) -> tuple[Report, ProbeResult]:
    """Probe every collision candidate of ``paths`` on the subject models."""
    from promptlint.llm.cache import ResponseCache
    from promptlint.pipeline import PYRULE_SUFFIX, check_group, plan_groups
    from promptlint.pipeline.model import Backend
    from promptlint.probe import load_manifest, stub_tools, tool_names
    from promptlint.realize import load_seeds

    # inputs first, so that a bad seed file or manifest fails before any request
    seeds = load_seeds(options.seeds) if options.seeds else []
    manifest_tools = load_manifest(options.tools) if options.tools else None
    groups = plan_groups(paths, config)
    backend = Backend(config)
    runs = [check_group(group, config, backend) for group in groups]
    sources: dict[str, str] = {}
    for run in runs:
        sources.update(run.sources)
    diagnostics = sorted((d for r in runs for d in r.diagnostics), key=Diagnostic.sort_key)
    report = Report(tuple(r.stats for r in runs), tuple(diagnostics), sources,
                    {"backend": getattr(config, "backend", "offline")})  # fmt: skip
    pairs: list[Pair] = []
    systems: dict[str, str] = {}
    tools: dict[str, tuple[dict[str, Any], ...]] = {}
    skipped: list[dict[str, Any]] = []
    snapshots: list[dict[str, Any]] = []
    for group, run in zip(groups, runs, strict=True):
        found = candidate_pairs(group, run.diagnostics, run.rules)
        snapshots.append(policy_snapshot(group, run, found))
        if not found:
            continue
        if len(group) == 1 and group[0].endswith(PYRULE_SUFFIX):
            skipped.append({"stage": "probe", "count": len(found), "keys": [p.key for p in found],
                            "reason": "a bare .pyrule encoding has no policy text to send; "
                            "probe the policy file it encodes"})  # fmt: skip
            continue
        policy = found[0].policy
        pairs += found
        systems[policy] = _policy_text(group, config)
        names = tool_names((c.primitive, c.args_dict()) for r in run.rules for c in r.clauses)
        tools[policy] = manifest_tools if manifest_tools is not None else stub_tools(names)
        snapshots[-1]["tools"] = list(tools[policy])

    if not pairs:
        note = "no collision candidates: nothing to probe" if not skipped else "nothing to probe"
        empty = ProbeResult((), (), (), (), (), (), tuple(skipped),
                            {"pairs": 0, "requests": 0, "note": note})  # fmt: skip
        return report, empty
    manifest = _manifest(groups, options, config)
    root = Path(options.run_dir) if options.run_dir else (
        config.base_dir() / ".promptlint_runs" / manifest_hash(manifest))  # fmt: skip
    llm = dict(getattr(config, "llm", {}) or {})
    # clients first: a missing key is reported before a run directory is created
    _client({**llm, "cache": False}, None)
    for s in options.subjects:
        _client({**s.settings, "cache": False}, None)
    store = RunStore.open(root, manifest, resume=options.resume)
    for snap in snapshots:
        store.put("policy", snap["policy"], snap)
    cache_on = llm.get("cache", True)
    cache_path = (config.base_dir() / str(llm.get("cache-path", llm.get("cache_path",
                  ".promptlint_cache/llm.sqlite"))) if cache_on else root / "responses.sqlite")  # fmt: skip
    cache = ResponseCache(cache_path)
    # batches of each endpoint are kept with the run, so that a restarted run polls them
    helper = _client({**llm, "cache": True}, cache, root / "batches" / "helper")
    subjects = [(s, _client({**s.settings, "cache": True}, cache,
                            root / "batches" / _safe(s.name))) for s in options.subjects]  # fmt: skip
    bar = _Progress(progress)
    try:
        result = asyncio.run(_stages(pairs, systems, tools, seeds, options, helper, subjects,
                                     store, bar))  # fmt: skip
    finally:
        store.close()
        cache.close()
    write_profiles(root, result)
    summary: dict[str, Any] = {"run_dir": str(root), "helper": usage_of(helper),
               "subjects": {s.name: usage_of(c) for s, c in subjects}}  # fmt: skip
    summary["requests"] = summary["helper"]["requests"] + sum(
        u["requests"] for u in summary["subjects"].values()
    )
    return report, replace(result, summary={**result.summary, **summary},
                           not_done=tuple(skipped) + result.not_done)  # fmt: skip


async def _stages(
    pairs: list[Pair],
    systems: dict[str, str],
    tools: dict[str, tuple[dict[str, Any], ...]],
    seeds: Sequence[Any],
    options: ProbeOptions,
    helper: LLMClient,
    subjects: list[tuple[SubjectSpec, LLMClient]],
    store: RunStore,
    bar: _Progress,
) -> ProbeResult:
    try:
        witnesses, unrealized, attempts = await _realize(pairs, seeds, options, helper, store, bar)
        policy_of = {p.key: p.policy for p in pairs}
        trials = await _probe(witnesses, policy_of, systems, tools, options, subjects, store, bar)
        judged = await _judge(trials, pairs, witnesses, tools, options, helper, store, bar)
    finally:
        for client in [helper, *(c for _, c in subjects)]:
            await client.aclose()
    return assemble_result(pairs, witnesses, attempts, unrealized, judged, tools, options.regimes)


async def _realize(
    pairs: list[Pair], seeds: Sequence[Any], options: ProbeOptions, helper: LLMClient,
    store: RunStore, bar: _Progress,
) -> tuple[list[Witness], list[Unrealized], list[dict[str, Any]]]:  # fmt: skip
    from promptlint.realize import ModelRealizer, Realized, realize

    todo = [p for p in pairs if store.get("realized", p.key) is None]
    bar.start("realize", len(todo))

    fresh: dict[str, Realized] = {}

    def done(r: Realized) -> None:
        fresh[r.pair] = r
        bar.advance("realize")
        if r.failed:
            return  # a request failed: realized again on resume, not frozen as unrealized
        store.put("realized", r.pair, {
            "witnesses": [w.to_dict() for w in r.witnesses],
            "unrealized": r.unrealized.to_dict() if r.unrealized else None,
            "attempts": [a.to_dict() for a in r.attempts],
        })  # fmt: skip

    await realize(todo, options.witnesses, ModelRealizer(helper), seeds,
                  seeds_per_pair=options.seeds_per_pair, on_done=done)  # fmt: skip
    witnesses: list[Witness] = []
    unrealized: list[Unrealized] = []
    attempts: list[dict[str, Any]] = []
    for p in pairs:
        if p.key in fresh:
            r = fresh[p.key]
            witnesses += r.witnesses
            unrealized += [r.unrealized] if r.unrealized else []
            attempts += [a.to_dict() for a in r.attempts]
            continue
        stored = store.get("realized", p.key)
        witnesses += [Witness.from_dict(w) for w in stored["witnesses"]]
        if stored["unrealized"]:
            unrealized.append(Unrealized.from_dict(stored["unrealized"]))
        attempts += stored["attempts"]
    return witnesses, unrealized, attempts


async def _probe(
    witnesses: list[Witness], policy_of: dict[str, str], systems: dict[str, str],
    tools: dict[str, tuple[dict[str, Any], ...]], options: ProbeOptions,
    subjects: list[tuple[SubjectSpec, LLMClient]], store: RunStore, bar: _Progress,
) -> list[Trial]:  # fmt: skip
    from promptlint.probe import Subject, TrialSpec, probe

    specs = []
    for w in witnesses:
        policy = policy_of[w.pair]
        for spec, client in subjects:
            subject = Subject(spec.name, client, str(spec.settings["model"]), options.temperature)
            for regime in options.regimes:
                declared = tools.get(policy, ()) if regime == "TAH" else ()
                if regime == "TAH" and not declared:
                    continue  # reported as not done: the policy names no tool
                for sample in range(options.samples):
                    specs.append(TrialSpec(w, systems[policy], subject, regime, sample, declared,
                                           options.max_steps))  # fmt: skip
    todo = [s for s in specs if store.get("trial", s.key) is None]
    bar.start("probe", len(todo))

    def done(t: Trial) -> None:
        if t.status != "failed":  # a failed request is tried again on resume
            store.put("trial", t.key, t.to_dict())
        bar.advance("probe")

    fresh = {t.key: t for t in await probe(todo, on_done=done)}
    return [fresh.get(s.key) or Trial.from_dict(store.get("trial", s.key)) for s in specs]


async def _judge(
    trials: list[Trial], pairs: list[Pair], witnesses: list[Witness],
    tools: dict[str, tuple[dict[str, Any], ...]], options: ProbeOptions, helper: LLMClient,
    store: RunStore, bar: _Progress,
) -> list[Trial]:  # fmt: skip
    from promptlint.judge import ModelJudge, judge

    todo = [t for t in trials if store.get("judged", t.key) is None]
    bar.start("judge", len(todo))

    def done(t: Trial) -> None:
        # a trial left unjudgeable because a judge request failed is retried on resume
        failed = any(lab is not None and "model judge failed" in lab.reason
                     for lab in (t.earlier, t.later))  # fmt: skip
        if not failed and t.status != "failed":
            store.put("judged", t.key, t.to_dict())
        bar.advance("judge")

    names = {p: tuple(t["function"]["name"] for t in ts) for p, ts in tools.items()}
    model = ModelJudge(helper, options.judges) if options.judges > 0 else None
    out = await judge(todo, {p.key: p for p in pairs}, {(w.pair, w.index): w for w in witnesses},
                      model, names, on_done=done)  # fmt: skip
    fresh = {t.key: t for t in out}
    return [fresh.get(t.key) or Trial.from_dict(store.get("judged", t.key)) for t in trials]


def assemble_result(
    pairs: Sequence[Pair], witnesses: Sequence[Witness], attempts: Sequence[dict[str, Any]],
    unrealized: Sequence[Unrealized], trials: Sequence[Trial],
    tools: dict[str, tuple[dict[str, Any], ...]], regimes: Sequence[str],
) -> ProbeResult:  # fmt: skip
    """Profiles, what was not done and the counts of a run's stored objects."""
    from promptlint.profiles import exclusion, profiles_by_cell

    policy_of = {p.key: p.policy for p in pairs}
    per_pair, pooled = profiles_by_cell(trials, policy_of)
    not_done: list[dict[str, Any]] = [
        {"stage": "realize", "reason": u.reason, "count": 1, "keys": [u.pair]} for u in unrealized
    ]
    if "TAH" in regimes:
        bare = sorted({p.policy for p in pairs} - {k for k, v in tools.items() if v})
        not_done += [{"stage": "probe", "reason": "TAH not run: the policy names no tool and no "
                      "--tools manifest was given", "count": 1, "keys": [p]} for p in bare]  # fmt: skip
    grouped: dict[tuple[str, str], list[str]] = {}
    for t in trials:
        reason = exclusion(t)
        if reason is None:
            continue
        stage = "probe" if t.status != "ok" else "judge"
        detail = t.reason if t.status != "ok" else _label_reason(t)
        grouped.setdefault((stage, f"{reason}: {detail}" if detail else reason), []).append(t.key)
    not_done += [{"stage": s, "reason": r, "count": len(k), "keys": k}
                 for (s, r), k in sorted(grouped.items())]  # fmt: skip
    counts = Counter(t.status for t in trials)
    summary = {"pairs": len(pairs), "witnesses": len(witnesses), "trials": len(trials),
               "statuses": dict(sorted(counts.items()))}  # fmt: skip
    return ProbeResult(tuple(pairs), tuple(witnesses), tuple(attempts), tuple(unrealized),
                       tuple(trials), tuple(per_pair) + tuple(pooled), tuple(not_done),
                       summary)  # fmt: skip


def _label_reason(t: Trial) -> str:
    for lab in (t.earlier, t.later):
        if lab is not None and (not lab.governs or not lab.judgeable):
            return lab.reason
    return ""


def write_profiles(root: Path, result: ProbeResult) -> None:
    """Each pair's profiles beside the run, keyed by both rules' quotes, so that `check`
    can name them in its findings without re-reading the run."""
    by_key = {p.key: p for p in result.pairs}
    rows = []
    for prof in result.profiles:
        pair = by_key.get(prof.pair)
        if pair is None:
            continue  # a pooled profile
        rows.append({"policy": pair.policy, "quotes": [norm_quote(pair.earlier.quote),
                                                      norm_quote(pair.later.quote)],
                     **prof.to_dict()})  # fmt: skip
    (root / PROFILES).write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")  # fmt: skip
