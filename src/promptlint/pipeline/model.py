"""The model backend's place in the pipeline: extraction and encoding by model with an
offline fallback, budget reporting, redundant encodings chosen by solver-checked agreement
(PL206) and condition labels merged by model."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.objects import EncodedRule, RuleRecord
from promptlint.pipeline.cache import encode_offline_cached
from promptlint.pipeline.common import compile_outcomes, diag, record_ref, run_triage

if TYPE_CHECKING:
    from promptlint.config import Config

__all__ = [
    "Backend",
    "ModelBackend",
    "ask_same_situation",
    "choose_encodings",
    "make_client",
    "usage_of",
]


class Backend:
    """Extraction and encoding, offline or by model (with an optional offline fallback)."""

    def __init__(self, config: Config, progress: Any = None) -> None:
        self.kind = getattr(config, "backend", "offline")
        self.fallback = getattr(config, "fallback", None)
        self.config = config
        self.progress = progress
        self._client: Any = None
        #: what the budget stopped: rule ids not encoded, (path, first, last) not extracted
        self.budget_rules: list[str] = []
        self.budget_chunks: list[tuple[str, int, int]] = []
        self.merged_labels: list[tuple[str, str]] = []
        self._cache_note: str | None = None
        #: build the policy model afresh even where ``<file>.model.yaml`` exists
        self.ignore_stored_model = False
        #: the policy model of the policy being encoded, shown to the model encoder
        self.vocabulary: Any = None

    @property
    def settings(self) -> Any:
        return self.client().settings

    @property
    def used_model(self) -> bool:
        return self._client is not None

    def usage_summary(self) -> dict[str, Any]:
        return {**usage_of(self.client()), "labels_merged": [list(p) for p in self.merged_labels]}

    def budget_note(self, since: tuple[int, int], path: str) -> Diagnostic | None:
        """One warning per policy for what the budget stopped (PL004), or None."""
        rules = self.budget_rules[since[0] :]
        chunks = self.budget_chunks[since[1] :]
        if not rules and not chunks:
            return None
        parts = []
        if chunks:
            parts.append("not extracted: " + ", ".join(f"lines {a}-{b}" for _, a, b in chunks))
        if rules:
            parts.append(f"{len(rules)} rules not encoded ({', '.join(rules)})")
        line = chunks[0][1] if chunks else 1
        return diag(
            "PL004", Category.INPUT, Severity.WARNING,
            "the llm budget was reached; " + "; ".join(parts),
            RuleRef("-", path, line, line, "", 1, 2),
            data={"budget": {"rules": rules, "chunks": [[a, b] for _, a, b in chunks]}},
        )  # fmt: skip

    def client(self) -> Any:
        if self._client is None:
            self._client = make_client(self.config)
            cache = self._client.cache
            self._cache_note = cache.recovery_note() if cache is not None else None
        return self._client

    def notes(self, path: str) -> list[Diagnostic]:
        """Warnings about the run rather than the policy (a corrupt cache), given once."""
        if self._cache_note is None:
            return []
        note, self._cache_note = self._cache_note, None
        return [diag("PL004", Category.INPUT, Severity.WARNING, note,
                     RuleRef("-", path, 1, 1, "", 1, 2))]  # fmt: skip

    def _down(self, reason: str, path: str) -> Any:
        from promptlint.errors import BackendError

        return BackendError(reason, path=path,
                            hint="check llm.base-url and the key, or pass --fallback offline")  # fmt: skip

    def extract(self, policy: Any, diagnostics: list[Diagnostic]) -> tuple[RuleRecord, ...]:
        """The policy's rules, at most ``max-rules-per-file`` of them (the rest: PL009)."""
        records = self._extract(policy, diagnostics)
        limit = getattr(self.config, "max_rules_per_file", 500)
        if len(records) <= limit:
            return records
        first = records[limit].span
        diagnostics.append(diag(
            "PL009", Category.INPUT, Severity.WARNING,
            f"{len(records)} rules, over the limit of {limit} (max-rules-per-file): the "
            f"{len(records) - limit} from here on are not analysed",
            RuleRef("-", policy.path, first.line, first.line, "", first.col, first.col + 1),
            data={"rules": len(records), "limit": limit},
        ))  # fmt: skip
        return records[:limit]

    def _extract(self, policy: Any, diagnostics: list[Diagnostic]) -> tuple[RuleRecord, ...]:
        from promptlint.extract import get_extractor, verify_quotes

        if not self.runs("extract"):
            return tuple(get_extractor("offline").extract([policy]).records)
        extractor = get_extractor("llm", client=self.client(), progress=self.progress)
        diagnostics += self.notes(policy.path)
        result = verify_quotes(extractor.extract([policy]), [policy])
        failed = [r for r in result.rejected if r.kind == "failed"]
        for r in result.rejected:
            if r.kind == "quote":
                at = RuleRef("-", policy.path, r.line or 1, r.line or 1, r.quote, 1, 2)
                diagnostics.append(diag("PL006", Category.INPUT, Severity.WARNING,
                                         f"rejected a model-extracted rule: {r.reason}: \"{r.quote[:80]}\"", at))  # fmt: skip
            elif r.kind == "budget":
                self.budget_chunks.append((policy.path, r.line or 1, r.end_line or r.line or 1))
        if failed:
            if self.fallback != "offline":
                raise self._down(failed[0].reason, policy.path)
            records = tuple(get_extractor("offline").extract([policy]).records)
            line = records[0].span.line if records else 1
            # a warning, so that the default --fail-on warning does not pass a run whose
            # model stage failed
            diagnostics.append(diag(
                "PL004", Category.INPUT, Severity.WARNING,
                f"model extraction failed ({failed[0].reason}); fell back to offline extraction",
                RuleRef("-", policy.path, line, line, "", 1, 2),
            ))  # fmt: skip
            return records
        from promptlint.extract import whole_rules

        result, widened, added = whole_rules(result, [policy])
        for r in widened:
            diagnostics.append(diag("PL006", Category.INPUT, Severity.INFO,
                                    f"{r.id}: a model-extracted quote was part of a rule; the whole "
                                    "rule is linted", record_ref(r.id, r)))  # fmt: skip
        if added:
            first = added[0]
            diagnostics.append(diag(
                "PL006", Category.INPUT, Severity.INFO,
                f"the model extraction left out {len(added)} rules the offline extractor "
                f"reads; they are linted too ({', '.join(r.id for r in added[:10])}"
                f"{', ...' if len(added) > 10 else ''})",
                record_ref(first.id, first), data={"skipped": [r.id for r in added]},
            ))  # fmt: skip
        return tuple(result.records)

    def encode(
        self, records: Sequence[RuleRecord], path: str, diagnostics: list[Diagnostic]
    ) -> list[tuple[EncodedRule, RuleRecord]]:
        if not records:
            return []  # nothing to encode: do not load an encoder
        if not self.runs("encode"):
            return encode_offline_cached(records, path, self.config, diagnostics)
        outcomes = self.encode_outcomes(records, path, diagnostics)
        return compile_outcomes(outcomes, records, path, diagnostics)

    def encode_outcomes(
        self, records: Sequence[RuleRecord], path: str, diagnostics: list[Diagnostic]
    ) -> list[Any]:
        """One outcome per record from the model; where a model call failed, the offline
        encoding under ``--fallback offline`` (PL004), else a :class:`BackendError`."""
        from promptlint.encode import Unencoded, get_encoder
        from promptlint.extract import SKIPPED_BY_MODEL, addresses_the_model

        # a rule that tries to instruct the encoder is data: encoded offline, and said so
        steering = [r for r in records if addresses_the_model(r.quote)]
        for r in steering:
            diagnostics.append(diag("PL006", Category.INPUT, Severity.WARNING,
                                    f"{r.id}: the rule's text addresses the model that encodes it; "
                                    "encoded offline instead", record_ref(r.id, r)))  # fmt: skip
        if self.runs("extract"):
            # rules the model's extraction left out (read by the offline extractor) are
            # encoded offline too: the model did not take them for rules
            steering += [r for r in records if r.origin == SKIPPED_BY_MODEL and r not in steering]
        if steering:
            rest = [r for r in records if r not in steering]
            direct = list(get_encoder("offline").encode(steering))
            return direct + (self.encode_outcomes(rest, path, diagnostics) if rest else [])
        outcomes = self.model_outcomes(records, path, diagnostics)
        down = [o for o in outcomes if isinstance(o, Unencoded) and o.kind == "failed"]
        if not down:
            return outcomes
        if self.fallback != "offline":
            raise self._down(down[0].reason.removeprefix("model call failed: "), path)
        redo = sorted({o.record_id for o in down})
        back = [r for r in records if r.id in redo]
        offline = {o.record_id: o for o in get_encoder("offline").encode(back)}
        diagnostics.append(diag(
            "PL004", Category.INPUT, Severity.WARNING,
            f"model encoding failed for {', '.join(redo)}; fell back to offline patterns",
            record_ref(back[0].id, back[0]), data={"fallback": redo},
        ))  # fmt: skip
        return [offline.get(o.record_id, o) for o in outcomes]

    def model_outcomes(
        self, records: Sequence[RuleRecord], path: str, diagnostics: list[Diagnostic]
    ) -> list[Any]:
        """One outcome per record from the model encoder; redundant when configured (PL206)."""
        from promptlint.encode import Unencoded, get_encoder

        encoder: Any = get_encoder("llm", client=self.client(), progress=self.progress,
                                   model=self.vocabulary, records=records)  # fmt: skip
        if self.settings.redundancy > 1:
            outcomes = choose_encodings(
                encoder.encode_variants(records), records, path, diagnostics,
                threshold=self.settings.confidence_threshold,
                timeout_ms=getattr(self.config, "solver_timeout_ms", 2000),
            )  # fmt: skip
        else:
            outcomes = list(encoder.encode(records))
        self.budget_rules += [
            o.record_id for o in outcomes if isinstance(o, Unencoded) and o.kind == "budget"
        ]
        return outcomes

    def runs(self, stage: str) -> bool:
        """Whether a model-backed stage of `check` runs (``llm.stages``)."""
        return self.kind == "llm" and stage in self.settings.stages

    def policy_model(
        self, policies: Sequence[Any], records: Sequence[RuleRecord], diagnostics: list[Diagnostic]
    ) -> Any:
        """The policy model: offline from the policy's words, the stored
        ``<file>.model.yaml`` when there is one, else (model-backed) built by the model."""
        from pathlib import Path

        from promptlint.policymodel import build_offline, load_model, merge, model_path

        text = "\n".join(seg.text for p in policies for seg in p.segments)
        model = build_offline(records, text)
        stored = model_path(policies[0].path)
        if Path(stored).is_file() and not self.ignore_stored_model:
            return merge(model, load_model(stored))
        if not self.runs("policy-model"):
            return model
        from promptlint.policymodel.llm import build_with_model

        built, problems = build_with_model(self.client(), list(policies))
        self._report_problems("policy model", problems, policies[0].path, diagnostics)
        return merge(model, built)

    def judge(self) -> Any:
        from promptlint.overlap import AnsweredJudge

        return AnsweredJudge()

    def triage(
        self,
        rules: list[EncodedRule],
        model: Any,
        config: Config,
        path: str,
        diagnostics: list[Diagnostic],
    ) -> Any:
        """Triage with the policy model's facts and the overlap judge: offline the lexical
        judge; with a model, the questions it left open are asked and triage runs again."""
        judge = self.judge()
        result = run_triage(rules, config, model=model, judge=judge)
        if not result.questions or not self.runs("overlap"):
            return result
        from promptlint.overlap import ask_model

        verdicts, problems = ask_model(self.client(), result.questions)
        self._report_problems("overlap judge", problems, path, diagnostics)
        judge.answers.update(verdicts)
        return run_triage(rules, config, model=model, judge=judge)

    def _report_problems(
        self, stage: str, problems: Sequence[str], path: str, diagnostics: list[Diagnostic]
    ) -> None:
        """A model stage's failures: a warning, so ``--fail-on warning`` does not pass them."""
        if not problems:
            return
        shown = "; ".join(problems[:3]) + (
            f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
        )
        diagnostics.append(diag(
            "PL004", Category.INPUT, Severity.WARNING, f"{stage}: {shown}",
            RuleRef("-", path, 1, 1, "", 1, 2), data={"stage": stage, "problems": list(problems)},
        ))  # fmt: skip

    def canonicalize(self, rules: list[EncodedRule], config: Config) -> list[EncodedRule]:
        """Merge condition labels the model says denote the same situation (optional).

        Merging only adds equalities between atoms, so it can remove candidates but never
        create one: only the labels of the current candidates' clause pairs are asked about.
        """
        if self.kind != "llm" or not self.settings.canonicalize_labels:
            return rules
        from promptlint.pyrule.labels import relabel, semantic_labels

        result = run_triage(rules, config)
        clauses = {c.id: c for r in rules for c in r.clauses}
        pairs: set[tuple[str, str]] = set()
        for cand in result.candidates:
            for a_id, b_id in cand.clause_pairs:
                for la in semantic_labels(clauses[a_id].activation):
                    for lb in semantic_labels(clauses[b_id].activation):
                        if la != lb:
                            pairs.add((min(la, lb), max(la, lb)))
        if not pairs:
            return rules
        same = ask_same_situation(self.client(), sorted(pairs), self.progress)
        if not same:
            return rules
        mapping = _union(same)
        self.merged_labels += same
        return [relabel(r, mapping) for r in rules]


class ModelBackend:
    """Model extraction and encoding outside ``check`` (``promptlint encode --backend llm``):
    the same fallback, budget and agreement handling, with findings kept as messages."""

    def __init__(self, config: Config, progress: Any = None) -> None:
        self._backend = Backend(config, progress)
        self.diagnostics: list[Diagnostic] = []

    def extract(self, policy: Any) -> tuple[RuleRecord, ...]:
        return self._backend.extract(policy, self.diagnostics)

    def encoder_for(self, path: str) -> Any:
        backend, diagnostics = self._backend, self.diagnostics

        class _Encoder:
            def encode(self, records: Sequence[RuleRecord]) -> tuple[Any, ...]:
                if not records:
                    return ()
                return tuple(backend.encode_outcomes(records, path, diagnostics))

        return _Encoder()

    def messages(self) -> list[str]:
        return [f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}" for d in self.diagnostics]

    def usage(self) -> dict[str, Any]:
        return self._backend.usage_summary()


def usage_of(client: Any) -> dict[str, Any]:
    """A model client's request, cache, token and cost counters, for reports."""
    u = client.usage
    return {
        "requests": u.requests,
        "attempts": u.attempts,
        "retries": u.retries,
        "cache_lookups": u.cache_lookups,
        "cache_hits": u.cache_hits,
        "prompt_tokens": u.prompt_tokens,
        "completion_tokens": u.completion_tokens,
        "cost_usd": round(u.cost_usd, 6),
        "skipped_for_budget": u.skipped_for_budget,
        "stages": {k: dict(v) for k, v in sorted(u.by_stage.items())},
    }


def make_client(config: Config) -> Any:
    """The one model client of a run, configured from ``[llm]`` settings."""
    from promptlint.llm.cache import ResponseCache
    from promptlint.llm.client import LLMClient
    from promptlint.llm.settings import LLMSettings

    settings = LLMSettings.from_config(getattr(config, "llm", {}) or {})
    cache = ResponseCache(config.base_dir() / settings.cache_path) if settings.cache else None
    replay = os.environ.get("PROMPTLINT_LLM_REPLAY")
    if replay:
        # recorded answers by content hash: no endpoint, no key, no connection
        import httpx

        from promptlint.llm.replay import REPLAY_URL, ReplayTransport

        pending = os.environ.get("PROMPTLINT_LLM_PENDING")
        transport = ReplayTransport(Path(replay), Path(pending) if pending else None)
        settings = replace(settings, base_url=REPLAY_URL)
        return LLMClient(settings, cache=None, env={settings.api_key_env: "replay"},
                         http_client=httpx.AsyncClient(transport=transport))  # fmt: skip
    return LLMClient(settings, cache=cache,
                     batch_dir=config.base_dir() / Path(settings.cache_path).parent / "batches")  # fmt: skip


def ask_same_situation(
    client: Any, pairs: Sequence[tuple[str, str]], progress: Any = None
) -> list[tuple[str, str]]:
    """The label pairs the model judges to denote the same situation (cached per pair)."""
    from promptlint.llm.client import Ok, Request
    from promptlint.llm.schemas import SameSituation
    from promptlint.llm.templates import template

    text, version = template("canonicalize")
    requests = [
        Request("canonicalize",
                ({"role": "user", "content": text.format(a=a.replace("_", " "),
                                                         b=b.replace("_", " "))},),
                SameSituation, version)
        for a, b in pairs
    ]  # fmt: skip
    if progress is not None:
        progress.start("canonicalize", len(requests))

    async def one(req: Any) -> Any:
        out = await client.complete(req)
        if progress is not None:
            progress.advance("canonicalize")
        return out

    async def go() -> list[Any]:
        import asyncio

        return list(await asyncio.gather(*(one(r) for r in requests)))

    results = client.run(go())
    return [
        p
        for p, r in zip(pairs, results, strict=True)
        if isinstance(r, Ok) and getattr(r.value, "same", False) is True
    ]


def _union(pairs: Sequence[tuple[str, str]]) -> dict[str, str]:
    """label -> representative (the alphabetically first label of its group)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {x: find(x) for x in parent}


def choose_encodings(
    variants: Sequence[Any],
    records: Sequence[RuleRecord],
    path: str,
    diagnostics: list[Diagnostic],
    *,
    threshold: float,
    timeout_ms: int = 2000,
) -> list[Any]:
    """Redundant encodings -> one outcome per rule, the best-supported one (solver-checked).

    A rule whose chosen encoding has less than ``threshold`` support is reported as
    ambiguous (PL206) with the two differing encodings and a situation where they differ.
    """
    from dataclasses import replace

    from promptlint.encode import Encoding, Unencoded
    from promptlint.errors import PyRuleError
    from promptlint.pyrule import compile_text
    from promptlint.triage.agreement import agreement

    by_id = {r.id: r for r in records}
    out: list[Any] = []
    for v in variants:
        # samples the budget stopped say nothing about agreement: leave them out
        sent = [i for i, o in enumerate(v.outcomes)
                if not (isinstance(o, Unencoded) and o.kind == "budget")]  # fmt: skip
        if not sent:
            out.append(v.outcomes[0])
            continue
        v = replace(v, outcomes=tuple(v.outcomes[i] for i in sent),
                    sources=tuple(v.sources[i] for i in sent))  # fmt: skip
        compiled: list[EncodedRule | None] = []
        for o in v.outcomes:
            try:
                compiled.append(
                    compile_text(o.pyrule, "<variant>")[0] if isinstance(o, Encoding) else None
                )
            except PyRuleError:
                compiled.append(None)
        if all(c is None for c in compiled):
            kinds = [o.kind for o in v.outcomes if isinstance(o, Unencoded)]
            pick = next((o for o in v.outcomes if isinstance(o, Unencoded)
                         and o.kind in ("failed", "budget")), v.outcomes[0])  # fmt: skip
            out.append(pick if kinds else Unencoded(v.record_id, "no variant compiled", "invalid"))
            continue
        agree = agreement(compiled, timeout_ms=timeout_ms)
        chosen = v.outcomes[agree.chosen]
        assert isinstance(chosen, Encoding)
        n = len(v.outcomes)
        note = f"{len(agree.support)} of {n} encodings agree ({', '.join(v.sources[i] for i in agree.support)})"
        out.append(replace(chosen, confidence=agree.confidence, note=note))
        if round(agree.confidence, 2) + 1e-9 >= threshold:  # 2 of 3 meets 0.67
            continue
        record = by_id[v.record_id]
        ref = record_ref(record.id, record)
        other = agree.differing
        assert other is not None
        message = (
            f"{record.id}: ambiguous encoding: {len(agree.support)} of {n} encodings agree "
            f"(confidence {agree.confidence:.2f} < {threshold:.2f})"
        )
        d = agree.difference
        other_outcome = v.outcomes[other]
        if d is not None:
            ob = f"{d.sign} {d.primitive}({', '.join(str(x) for _, x in d.args)})"
            have, lack = (
                (v.sources[agree.chosen], v.sources[other])
                if d.in_chosen
                else (v.sources[other], v.sources[agree.chosen])
            )
            when = d.scenario if d.scenario.startswith("in every") else f"when {d.scenario}"
            message += f"; {when}, {have} puts {ob} in force and {lack} does not"
        elif isinstance(other_outcome, Unencoded):
            message += f"; {v.sources[other]} failed: {other_outcome.reason}"
        elif agree.unknown:
            message += "; the solver could not decide whether the encodings agree"
        diagnostics.append(diag(
            "PL206", Category.RULE_QUALITY, Severity.WARNING, message, ref, rules=(ref,),
            witness={"assignment": dict(d.assignment), "scenario": d.scenario} if d else None,
            data={
                "confidence": round(agree.confidence, 4),
                "threshold": threshold,
                "chosen": {"source": v.sources[agree.chosen], "pyrule": chosen.pyrule},
                "differing": {
                    "source": v.sources[other],
                    "pyrule": other_outcome.pyrule if isinstance(other_outcome, Encoding) else None,
                    "reason": other_outcome.reason if isinstance(other_outcome, Unencoded) else None,
                },
            },
        ))  # fmt: skip
    return out
