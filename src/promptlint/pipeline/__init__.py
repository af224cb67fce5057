"""The one package that wires the stages together: load -> extract -> encode -> compile ->
triage.

Stages never import each other; this package calls them in order and turns their results
(values, never exceptions for partial failures) into diagnostics
(:mod:`.common`). The model backend's part is :mod:`.model`, the compile cache
:mod:`.cache`. A file that cannot be read or parsed is a located
:class:`~promptlint.errors.InputError`: raised, or collected while the other policies
still run (``check(..., errors=[])``; the CLI reports each as a finding on its file).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, FileStats, Report, RuleRef, Severity
from promptlint.errors import InputError, PromptlintError
from promptlint.objects import EncodedRule, Policy, RuleRecord
from promptlint.pipeline.cache import compile_cached
from promptlint.pipeline.common import (
    collision_code,
    describe_clause,
    diag,
    pyrule_ref,
    record_ref,
    run_triage,
    triage_diagnostics,
)
from promptlint.pipeline.model import (
    Backend,
    ModelBackend,
    ask_same_situation,
    choose_encodings,
    make_client,
    usage_of,
)
from promptlint.pipeline.nomination import nominations
from promptlint.pipeline.prompts import prompts_of, separate
from promptlint.pipeline.quiet import held_back
from promptlint.pipeline.vetting import vetted
from promptlint.policymodel import MODEL_SUFFIX, resolve

if TYPE_CHECKING:
    from promptlint.config import Config
    from promptlint.triage import TriageResult

__all__ = [
    "PYRULE_SUFFIX",
    "ModelBackend",
    "PolicyRun",
    "ask_same_situation",
    "check",
    "check_group",
    "check_policy",
    "check_pyrule_file",
    "choose_encodings",
    "collision_code",
    "compile_cached",
    "describe_clause",
    "make_client",
    "plan_groups",
    "policy_model_of",
    "sidecar_path",
    "triage_diagnostics",
    "usage_of",
]

PYRULE_SUFFIX = ".pyrule"


@dataclass(frozen=True)
class PolicyRun:
    """Everything one policy (a file or a group of files) produced, for reporting and tests."""

    stats: FileStats
    diagnostics: tuple[Diagnostic, ...]
    sources: dict[str, str]
    rules: tuple[EncodedRule, ...] = ()
    records: tuple[RuleRecord, ...] = ()
    triage: Any = None
    #: the loaded files (policy text and its map back to each file)
    policies: tuple[Policy, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- entry point


def check(
    paths: Sequence[str],
    config: Config,
    *,
    progress: Any = None,
    errors: list[PromptlintError] | None = None,
) -> Report:
    """Lint ``paths`` (files; directories are expanded by the CLI) as configured.

    ``progress`` (optional) observes model calls: ``start(stage, total)``, ``advance(stage)``.
    With ``errors``, a file that cannot be read or parsed is appended there and the other
    files are still linted; without, its :class:`InputError` is raised.
    """
    backend = Backend(config, progress)
    runs = []
    for group in plan_groups(paths, config):
        try:
            runs.append(_within_deadline(group, config, backend))
        except InputError as err:
            if errors is None:
                raise
            errors.append(err)
    diagnostics = sorted((d for r in runs for d in r.diagnostics), key=Diagnostic.sort_key)
    # a finding names how subject models resolved it, where a probe run measured that
    from promptlint.pipeline.profile_links import link_profiles

    diagnostics = link_profiles(diagnostics, config.base_dir())
    sources: dict[str, str] = {}
    for r in runs:
        sources.update(r.sources)
    summary: dict[str, Any] = {"backend": getattr(config, "backend", "offline")}
    for r in runs:
        for k, v in r.extra.items():
            if isinstance(v, (int, float)):
                summary[k] = summary.get(k, 0) + v
    if backend.used_model:
        summary["llm"] = backend.usage_summary()
    return Report(tuple(r.stats for r in runs), tuple(diagnostics), sources, summary)


def _within_deadline(group: Sequence[str], config: Config, backend: Any) -> PolicyRun:
    """One policy, stopped after ``timeout_per_file`` seconds with a PL009 warning."""
    from promptlint.pipeline.deadline import DeadlineExceeded, deadline

    seconds = getattr(config, "timeout_per_file", None)
    try:
        with deadline(seconds):
            return check_group(group, config, backend)
    except DeadlineExceeded:
        path = group[0]
        message = (
            f"analysis stopped after {seconds:g} s (--timeout-per-file): this policy was not "
            "checked"
        )
        d = diag("PL009", Category.INPUT, Severity.WARNING, message,
                 RuleRef("-", path, 1, 1, "", 1, 2), data={"timeout_s": seconds})  # fmt: skip
        return PolicyRun(FileStats(path=" + ".join(group)), (d,), {})


def plan_groups(paths: Sequence[str], config: Config) -> list[tuple[str, ...]]:
    """Split the paths into policies: configured groups first, then one policy per file.

    A ``.pyrule`` sidecar given next to its policy file is not a policy of its own.
    """
    groups: list[tuple[str, ...]] = []
    remaining = list(dict.fromkeys(paths))
    configured = getattr(config, "policy_groups", {}) or {}
    for members in configured.values():
        wanted = {_norm(m) for m in members}
        in_group = tuple(p for p in remaining if _norm(p) in wanted)
        if in_group:
            groups.append(in_group)
            remaining = [p for p in remaining if p not in in_group]
    given = {_norm(p) for p in remaining}
    for p in remaining:
        if p.endswith(PYRULE_SUFFIX) and _norm(p[: -len(PYRULE_SUFFIX)]) in given:
            continue
        if p.endswith(MODEL_SUFFIX) and Path(p[: -len(MODEL_SUFFIX)]).is_file():
            continue  # a policy model stored beside its policy is not a policy
        groups.append((p,))
    return groups


def _norm(p: str) -> str:
    return str(Path(p).resolve())


def check_group(group: Sequence[str], config: Config, backend: Any = None) -> PolicyRun:
    if len(group) == 1 and group[0].endswith(PYRULE_SUFFIX):
        return check_pyrule_file(group[0], config)
    return check_policy(group, config, backend)


# --------------------------------------------------------------------------- .pyrule files


def check_pyrule_file(path: str, config: Config) -> PolicyRun:
    t0 = time.perf_counter()
    rules = compile_cached(path, config)
    text = Path(path).read_text(encoding="utf-8")
    refs = {r.id: pyrule_ref(r, path) for r in rules}
    result = run_triage(rules, config)
    diagnostics = triage_diagnostics(result, rules, refs, primary_path=path)
    stats = _stats(path, result, extracted=None, encoded=None, seconds=time.perf_counter() - t0)
    return PolicyRun(stats, tuple(diagnostics), {path: text}, rules=tuple(rules), triage=result)


# --------------------------------------------------------------------------- policy files


def sidecar_path(policy_path: str) -> str:
    return policy_path + PYRULE_SUFFIX


def check_policy(group: Sequence[str], config: Config, backend: Any = None) -> PolicyRun:
    """Lint one policy (a file, or a group of files linted as one), stage by stage:
    load, extract, build the policy model, encode (reviewed sidecars first), map the
    encodings onto the policy model, triage with the overlap judge, nominate and vet
    (model-backed).
    """
    from promptlint.load import load

    t0 = time.perf_counter()
    backend = backend if backend is not None else Backend(config)
    budget_mark = (len(backend.budget_rules), len(backend.budget_chunks))
    keys = tuple(getattr(config, "yaml_keys", ()) or ()) + tuple(
        getattr(config, "json_keys", ()) or ()
    )
    names = getattr(config, "python_name_regex", None)
    max_bytes = getattr(config, "max_file_bytes", 2_000_000)
    diagnostics: list[Diagnostic] = []

    ext = getattr(config, "extension", None)
    policies = [
        load(path, max_bytes=max_bytes, keys=keys, python_names=names, extension=ext)
        for path in group
    ]
    extractions = [backend.extract(policy, diagnostics) for policy in policies]
    all_records = [r for records in extractions for r in records]
    # the policy's own vocabulary, built before any rule is encoded against it
    model = backend.policy_model(policies, all_records, diagnostics)
    backend.vocabulary = model
    encoded = _Encoded()
    for index, (policy, records) in enumerate(zip(policies, extractions, strict=True)):
        prefix = f"f{index + 1}." if len(group) > 1 else ""
        _encode_file(policy, records, prefix, config, backend, diagnostics, encoded)
    rules, refs = encoded.in_source_order(group)
    rules = resolve(rules, model)  # every rule's open values mapped onto the vocabulary
    rules = backend.canonicalize(rules, config)
    result = backend.triage(rules, model, config, group[0], diagnostics)
    prompts = prompts_of(policies, refs)
    result, notes = separate(result, prompts, group[0])
    diagnostics += triage_diagnostics(result, rules, refs, primary_path=group[0]) + notes
    if backend.runs("nominate"):
        # pairs a reading names are encoded jointly; so are offline collisions none names
        diagnostics = nominations(backend, policies, all_records, rules, refs, result, model,
                                  config, diagnostics)  # fmt: skip
    else:
        diagnostics = held_back(diagnostics, rules, {p.path: p for p in policies})  # quiet
    if backend.runs("vet"):
        diagnostics = vetted(backend, policies, diagnostics)

    budget = backend.budget_note(budget_mark, group[0])
    if budget is not None:
        diagnostics.append(budget)
    # a reviewed sidecar may hold rules the extractor does not see; they are rules found too
    extracted = max(len(all_records), len(rules))
    stats = _stats(
        group[0] if len(group) == 1 else " + ".join(group),
        result,
        extracted=extracted,
        encoded=min(len(rules), extracted),
        seconds=time.perf_counter() - t0,
    )
    sources = {p.path: p.text for p in policies} | encoded.sources
    return PolicyRun(stats, tuple(diagnostics), sources, rules=tuple(rules),
                     records=tuple(all_records), triage=result,
                     policies=tuple(policies))  # fmt: skip


@dataclass
class _Encoded:
    """The encoded rules of a policy as they are gathered, file by file."""

    rules: list[EncodedRule] = field(default_factory=list)
    refs: dict[str, RuleRef] = field(default_factory=dict)
    #: sidecars shown in findings (a stale or broken encoding points into its sidecar)
    sources: dict[str, str] = field(default_factory=dict)

    def add(self, rule: EncodedRule, ref: RuleRef) -> None:
        self.rules.append(rule)
        self.refs[rule.id] = ref

    def in_source_order(self, group: Sequence[str]) -> tuple[list[EncodedRule], dict[str, RuleRef]]:
        """Rules by file, then line: "earlier rule" in findings means earlier in the policy."""
        order = {p: i for i, p in enumerate(group)}
        refs = self.refs
        rules = sorted(self.rules, key=lambda r: (order.get(refs[r.id].path, 0), refs[r.id].line))
        return rules, refs


def _encode_file(
    policy: Any,
    records: Sequence[RuleRecord],
    prefix: str,
    config: Config,
    backend: Any,
    diagnostics: list[Diagnostic],
    out: _Encoded,
) -> None:
    """A file's rules through its reviewed encoding (``<file>.pyrule``) where there is one.

    Sidecar rules whose quote is no longer in the source lines they point at are stale:
    reported (PL204) and left out of triage. A sidecar that does not compile is reported
    (PL002) at its own location. Rules no sidecar covers (all of them without one) are
    encoded in memory; rules the encoder cannot read are reported as unencoded (PL205).
    """
    from promptlint.errors import PyRuleError
    from promptlint.pyrule import collapse_ws, quote_sha

    path = policy.path
    sidecar = sidecar_path(path)
    if not getattr(config, "sidecars", True) or not Path(sidecar).is_file():
        for rule, record in backend.encode(records, path, diagnostics):
            rule = _rename(rule, prefix + rule.id) if prefix else rule
            out.add(rule, record_ref(rule.id, record))
        return
    try:
        encoded = compile_cached(sidecar, config)
    except PyRuleError as err:
        out.sources[sidecar] = Path(sidecar).read_text(encoding="utf-8", errors="replace")
        line = err.line or 1
        diagnostics.append(
            diag(
                "PL002",
                Category.INPUT,
                Severity.ERROR,
                f"the encoding does not compile: {err.message}",
                RuleRef("-", sidecar, line, line, "", err.column or 1, (err.column or 1) + 1),
                data={"hint": err.hint} if err.hint else None,
            )
        )
        return
    fresh: set[str] = set()
    for rule in encoded:
        ref = _source_ref(rule, path, policy.text, collapse_ws)
        stale = ref is None or (rule.sha is not None and rule.sha != quote_sha(rule.quote))
        if stale:
            at = pyrule_ref(rule, sidecar)
            out.sources.setdefault(sidecar, Path(sidecar).read_text(encoding="utf-8"))
            diagnostics.append(
                diag(
                    "PL204",
                    Category.RULE_QUALITY,
                    Severity.WARNING,
                    f"{rule.id}: the encoding is stale: its quote is no longer at source "
                    f"lines {rule.lines[0]}-{rule.lines[1]} of {path}"
                    if rule.lines
                    else f"{rule.id}: the encoding has no span= and cannot be checked",
                    at,
                    rules=(at,),
                )
            )
            continue
        fresh.add(rule.id)
        assert ref is not None  # not stale
        out.add(_rename(rule, prefix + rule.id) if prefix else rule, ref)
    covered = [r.lines for r in encoded if r.lines and r.id in fresh]
    uncovered = [
        rec
        for rec in records
        if not any(a <= rec.span.end_line and rec.span.line <= b for a, b in covered)
    ]
    # rules that are new or changed since the sidecar was written: encode them in memory
    taken = {r.id for r in out.rules}
    for rule, record in backend.encode(uncovered, path, diagnostics):
        rid = prefix + (rule.id if prefix + rule.id not in taken else f"{rule.id}'")
        rule = _rename(rule, rid)
        out.add(rule, record_ref(rule.id, record))


def _source_ref(rule: EncodedRule, path: str, text: str, collapse: Any) -> RuleRef | None:
    """Where the rule's quote is in the source, within its declared lines."""
    if rule.lines is None:
        return None
    first, last = rule.lines
    lines = text.splitlines()
    if last > len(lines):
        return None
    chunk = "\n".join(lines[first - 1 : last])
    if collapse(rule.quote) not in collapse(chunk):
        return None
    head = lines[first - 1]
    words = rule.quote.split()
    col = (
        head.find(words[0]) + 1
        if words and words[0] in head
        else len(head) - len(head.lstrip()) + 1
    )
    tail = lines[last - 1]
    end = (
        tail.rfind(words[-1]) + len(words[-1]) + 1 if words and words[-1] in tail else len(tail) + 1
    )
    return RuleRef(rule.id, path, first, last, rule.quote, max(col, 1), max(end, 1))


def _rename(rule: EncodedRule, new_id: str) -> EncodedRule:
    from dataclasses import replace

    clauses = tuple(replace(c, rule=new_id) for c in rule.clauses)
    return replace(rule, id=new_id, clauses=clauses)


# --------------------------------------------------------------------------- triage


def _stats(
    path: str, result: TriageResult, *, extracted: int | None, encoded: int | None, seconds: float
) -> FileStats:
    return FileStats(
        path=path,
        rules=result.rules,
        clauses=result.clauses,
        comparisons=result.comparisons,
        candidates=len(result.candidates),
        extracted=extracted,
        encoded=encoded,
        same_surface_pairs=result.same_surface_pairs,
        solver_checks=result.solver_checks,
        trivial_decisions=result.trivial_decisions,
        extra={"seconds": round(seconds, 4)},
    )


# --------------------------------------------------------------------------- policy model


def policy_model_of(
    path: str, config: Config, *, stored: bool = True
) -> tuple[Any, list[Diagnostic]]:
    """The policy model `check` would use for ``path``: offline from its words, merged with
    the stored ``<file>.model.yaml`` (unless ``stored`` is false) or, model-backed, with
    the model's."""
    from promptlint.load import load
    from promptlint.policymodel import model_path

    backend = Backend(config)
    keys = tuple(getattr(config, "yaml_keys", ()) or ()) + tuple(
        getattr(config, "json_keys", ()) or ()
    )
    policy = load(path, max_bytes=getattr(config, "max_file_bytes", 2_000_000), keys=keys,
                  extension=getattr(config, "extension", None))  # fmt: skip
    diagnostics: list[Diagnostic] = []
    records = backend.extract(policy, diagnostics)
    if not stored and Path(model_path(path)).is_file():
        backend.ignore_stored_model = True
    return backend.policy_model([policy], records, diagnostics), diagnostics
