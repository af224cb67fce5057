"""What the pipeline's modules share: building diagnostics and references, running the
encoders and triage, and turning triage results into collision and quality findings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.objects import Candidate, Clause, Const, EncodedRule, RuleRecord, render_term

if TYPE_CHECKING:
    from promptlint.config import Config
    from promptlint.triage import TriageResult

__all__ = [
    "collision_code",
    "compile_outcomes",
    "describe_clause",
    "diag",
    "encode_with",
    "pyrule_ref",
    "record_ref",
    "run_triage",
    "triage_diagnostics",
    "unencoded",
]


def pyrule_ref(rule: EncodedRule, path: str) -> RuleRef:
    """The rule's ``@rule(...)`` line in the .pyrule file."""
    span = rule.pyrule_span
    line = span.line if span else 1
    col = span.col if span else 1
    return RuleRef(rule.id, path, line, line, rule.quote, col, col + len("@rule"))


def record_ref(rule_id: str, record: RuleRecord) -> RuleRef:
    sp = record.span
    return RuleRef(rule_id, sp.path, sp.line, sp.end_line, record.quote, sp.col, sp.end_col)


def unencoded(record: RuleRecord, reason: str) -> Diagnostic:
    quote = " ".join(record.quote.split())
    shown = quote if len(quote) <= 80 else quote[:77] + "..."
    return diag(
        "PL205",
        Category.RULE_QUALITY,
        Severity.INFO,
        f'{record.id} is not encoded ({reason}): "{shown}"',
        record_ref(record.id, record),
        rules=(record_ref(record.id, record),),
    )


def encode_with(
    kind: str, records: Sequence[RuleRecord], path: str, diagnostics: list[Diagnostic]
) -> list[tuple[EncodedRule, RuleRecord]]:
    from promptlint.encode import get_encoder

    return compile_outcomes(list(get_encoder(kind).encode(records)), records, path, diagnostics)


def compile_outcomes(
    outcomes: list[Any], records: Sequence[RuleRecord], path: str, diagnostics: list[Diagnostic]
) -> list[tuple[EncodedRule, RuleRecord]]:
    """Compile encoder outcomes; report what stays unencoded."""
    from promptlint.encode import Encoding
    from promptlint.errors import PyRuleError
    from promptlint.pyrule import compile_text

    by_id = {r.id: r for r in records}
    out = []
    for outcome in outcomes:
        record = by_id[outcome.record_id]
        if not isinstance(outcome, Encoding):
            diagnostics.append(unencoded(record, outcome.reason))
            continue
        try:
            (rule,) = compile_text(outcome.pyrule, f"{path}.pyrule")
        except PyRuleError as err:  # an encoder bug: say so, never drop the rule silently
            diagnostics.append(unencoded(record, f"the generated encoding did not compile: {err}"))
            continue
        out.append((rule, record))
    return out


def run_triage(
    rules: Sequence[EncodedRule], config: Config, *, model: Any = None, judge: Any = None
) -> TriageResult:
    from promptlint.triage import triage

    timeout = getattr(config, "solver_timeout_ms", 2000)
    return triage(rules, timeout_ms=timeout, model=model, judge=judge)


_VERB = {
    "require": "requires",
    "forbid": "forbids",
    "prefer": "prefers",
    "avoid": "avoids",
    "permit": "permits",
}


def describe_clause(clause: Clause) -> str:
    """``reply_length(words < 80)``, ``reply_language(en)``, ``run_shell(pytest*)``."""
    values = [v.value if isinstance(v, Const) else render_term(v) for _, v in clause.args]
    if clause.primitive in ("reply_length", "question_count"):
        named = clause.args_dict()
        inner = " ".join(str(x) for x in (named.get("unit"), named.get("op"), named.get("n")) if x)
        return f"{clause.primitive}({inner})"
    shown = [str(v) for v in values if v not in ("*", "**")]
    return f"{clause.primitive}({', '.join(shown)})"


def collision_code(a: Clause, b: Clause) -> str:
    from promptlint.pyrule.vocabulary import load_vocabulary

    spec = load_vocabulary().primitives[a.primitive]
    if spec.compare == "numeric":
        return "PL103"
    if spec.compare == "ordering":
        return "PL104"
    if a.sign != b.sign:
        return "PL102"
    return "PL101"


def triage_diagnostics(
    result: TriageResult,
    rules: Sequence[EncodedRule],
    refs: dict[str, RuleRef],
    *,
    primary_path: str,
) -> list[Diagnostic]:
    from promptlint.pyrule.vocabulary import load_vocabulary
    from promptlint.triage.surfaces import implied

    clauses = {c.id: c for r in rules for c in r.clauses}
    vocab = load_vocabulary()
    clauses.update({d.id: d for c in list(clauses.values()) for d in implied(c, vocab)})
    clauses.update({d.id: d for d in getattr(result, "derived", ())})
    out: list[Diagnostic] = []
    for cand in result.candidates:
        out.append(_collision(cand, clauses, refs))
    for inc in result.incomplete:
        ids = list(inc.rules)
        first = refs[ids[0]]
        out.append(
            diag(
                "PL005",
                Category.INPUT,
                Severity.WARNING,
                f"analysis incomplete for {' and '.join(ids)} on surface {inc.surface}: "
                f"solver returned unknown ({inc.reason}); the pair was neither kept nor dropped",
                first,
                rules=tuple(refs[i] for i in ids if i in refs),
                surface=inc.surface,
                data={"clauses": list(inc.clause_pair), "reason": inc.reason},
            )
        )
    quality_codes = {
        "dead-clause": ("PL201", Severity.WARNING),
        "self-collision": ("PL202", Severity.WARNING),
        "duplicate-clause": ("PL203", Severity.INFO),
    }
    for q in result.quality:
        code, severity = quality_codes.get(q.kind, ("PL201", Severity.WARNING))
        ids = [i for i in q.rules if i in refs]
        out.append(
            diag(
                code,
                Category.RULE_QUALITY,
                severity,
                q.message,
                refs[ids[0]],
                rules=tuple(refs[i] for i in ids),
                witness={"scenario": q.scenario} if getattr(q, "scenario", None) else None,
                data={"clauses": list(q.clauses)},
            )
        )
    return out


def _collision(cand: Candidate, clauses: dict[str, Clause], refs: dict[str, RuleRef]) -> Diagnostic:
    a_id, b_id = cand.clause_pairs[0]
    a, b = clauses[a_id], clauses[b_id]
    if a.rule != cand.rules[0]:
        a, b = b, a
    code = collision_code(a, b)
    message = f"{_describe_signed(a, clauses)} while {_describe_signed(b, clauses)}"
    if cand.scenario:
        unconditional = cand.scenario.startswith("in every situation")
        message += f" {cand.scenario}" if unconditional else f" when {cand.scenario}"
    if cand.assumptions:
        message += "; assuming " + "; ".join(x.text() for x in cand.assumptions)
    primary = refs[cand.rules[0]]
    return diag(
        code,
        Category.COLLISION,
        Severity.ERROR,
        message,
        primary,
        rules=(primary, refs[cand.rules[1]]),
        surface=cand.surface.split(":", 1)[0],
        witness={"assignment": dict(cand.assignment), "scenario": cand.scenario},
        data={
            "surface_key": cand.surface,
            "kind": cand.kind,
            "clauses": [list(p) for p in cand.clause_pairs],
            "source": cand.source,
            "assumptions": [x.to_dict() for x in cand.assumptions],
        },
    )


def _describe_signed(c: Clause, clauses: dict[str, Clause]) -> str:
    """``r4 requires reply_starts_with(Hi there!)``, naming what a derived clause stands for."""
    if not c.derived:
        return f"{c.rule} {_VERB[c.sign]} {describe_clause(c)}"
    base = clauses[c.id.split(">", 1)[0]]
    return f"{base.rule} {_VERB[base.sign]} {describe_clause(base)} (so {c.derived})"


def diag(
    code: str,
    category: Category,
    severity: Severity,
    message: str,
    at: RuleRef,
    *,
    rules: Iterable[RuleRef] = (),
    surface: str | None = None,
    witness: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> Diagnostic:
    return Diagnostic(
        code=code,
        category=category,
        severity=severity,
        message=message,
        path=at.path,
        line=at.line,
        column=at.column,
        end_line=at.end_line,
        end_column=at.end_column,
        surface=surface,
        rules=tuple(rules),
        witness=witness,
        data=data or {},
    )
