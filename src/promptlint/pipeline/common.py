"""What the pipeline's modules share: building diagnostics and references, running the
encoders and triage, and turning triage results into collision and quality findings."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from promptlint.diagnostics import Category, Diagnostic, RuleRef, Severity
from promptlint.objects import Candidate, Clause, Const, EncodedRule, RuleRecord, render_term

if TYPE_CHECKING:
    from promptlint.config import Config
    from promptlint.triage import TriageResult

__all__ = [
    "COLLISIONS",
    "apply_compiled",
    "collision_code",
    "compile_outcomes",
    "compiled",
    "demoted",
    "describe_clause",
    "diag",
    "encode_with",
    "encoder_collisions",
    "one_line",
    "pyrule_ref",
    "record_ref",
    "run_triage",
    "triage_diagnostics",
    "unencoded",
]


#: the codes of a collision between two rules
COLLISIONS = frozenset({"PL101", "PL102", "PL103", "PL104"})


def encoder_collisions(
    diagnostics: Sequence[Diagnostic], rules: Sequence[EncodedRule]
) -> list[int]:
    """Where the collisions triage found between two encoded rules are, but for pairs of
    hand-written encodings (their author chose the values: they always stand)."""
    origin = {r.id: r.origin for r in rules}
    return [
        i
        for i, d in enumerate(diagnostics)
        if d.code in COLLISIONS
        and d.data.get("source") == "triage"
        and len(d.rules) == 2
        and not all(origin.get(ref.id) == "manual" for ref in d.rules)
    ]


def demoted(d: Diagnostic, code: str, lead: str, **data: Any) -> Diagnostic:
    """A collision turned into an info diagnostic ``code``: its message after ``lead``,
    its data with ``data`` added."""
    return replace(
        d, code=code, severity=Severity.INFO,
        message=f"{lead}: {d.message[:1].lower()}{d.message[1:]}", data={**d.data, **data},
    )  # fmt: skip


def pyrule_ref(rule: EncodedRule, path: str) -> RuleRef:
    """The rule's ``@rule(...)`` line in the .pyrule file."""
    span = rule.pyrule_span
    line = span.line if span else 1
    col = span.col if span else 1
    return RuleRef(rule.id, path, line, line, rule.quote, col, col + len("@rule"))


def record_ref(rule_id: str, record: RuleRecord) -> RuleRef:
    sp = record.span
    return RuleRef(rule_id, sp.path, sp.line, sp.end_line, record.quote, sp.col, sp.end_col)


def one_line(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters for a message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def unencoded(record: RuleRecord, reason: str) -> Diagnostic:
    return diag(
        "PL205",
        Category.RULE_QUALITY,
        Severity.INFO,
        f'This rule is not encoded ({reason}): "{one_line(record.quote)}"',
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
    return apply_compiled(compiled(outcomes, path), records, diagnostics)


def compiled(outcomes: list[Any], path: str) -> list[tuple[str, EncodedRule | str]]:
    """Per outcome, in order: its record's id and the compiled rule, or why it stays
    unencoded."""
    from promptlint.encode import Encoding
    from promptlint.errors import PyRuleError
    from promptlint.pyrule import compile_text

    out: list[tuple[str, EncodedRule | str]] = []
    for outcome in outcomes:
        if not isinstance(outcome, Encoding):
            out.append((outcome.record_id, outcome.reason))
            continue
        try:
            (rule,) = compile_text(outcome.pyrule, f"{path}.pyrule")
        except PyRuleError as err:  # an encoder bug: say so, never drop the rule silently
            out.append((outcome.record_id, f"the generated encoding did not compile: {err}"))
            continue
        out.append((outcome.record_id, rule))
    return out


def apply_compiled(
    entries: Sequence[tuple[str, EncodedRule | str]],
    records: Sequence[RuleRecord],
    diagnostics: list[Diagnostic],
) -> list[tuple[EncodedRule, RuleRecord]]:
    """The encoded rules with their records; an unencoded one reported (PL205)."""
    by_id = {r.id: r for r in records}
    out = []
    for record_id, result in entries:
        record = by_id[record_id]
        if isinstance(result, str):
            diagnostics.append(unencoded(record, result))
        else:
            out.append((result, record))
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
    from promptlint.diagnostics.wording import plain_scenario
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
                _named(
                    f"analysis incomplete for {' and '.join(ids)} ({inc.surface.replace('_', ' ')}): "
                    f"the solver could not decide ({inc.reason}); the pair was neither kept "
                    "nor dropped",
                    refs,
                ),
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
                _named(q.message, refs),
                refs[ids[0]],
                rules=tuple(refs[i] for i in ids),
                witness={"scenario": plain_scenario(q.scenario)} if q.scenario else None,
                data={"clauses": list(q.clauses)},
            )
        )
    return out


_CLAUSE_ID = re.compile(r"(?<![\w.])([\w.']+?)(?:#(\d+))?(?![\w#'])")
_SURFACE = re.compile(r"\b(on|surface) ([a-z]+(?:_[a-z]+)+)\b")


def _named(message: str, refs: dict[str, RuleRef]) -> str:
    """Rule and clause ids (``r1``, ``r1#0``) in a message, named by their lines; the
    second mention of a rule's clause is "part N" of it."""
    from promptlint.diagnostics.wording import rule_name

    seen: set[str] = set()

    def name(m: re.Match[str]) -> str:
        ref = refs.get(m[1])
        if ref is None or ref.line <= 0:
            return m[0]
        if m[2] is not None and m[1] in seen:
            return f"part {int(m[2]) + 1}"
        seen.add(m[1])
        if m[2] is not None and m[0] != message.split()[0]:
            return f"part {int(m[2]) + 1} of {rule_name(ref)}"
        return rule_name(ref)

    text = _CLAUSE_ID.sub(name, message)
    text = _SURFACE.sub(lambda m: f"{m[1]} {m[2].replace('_', ' ')}", text)
    return text[:1].upper() + text[1:]


def _collision(cand: Candidate, clauses: dict[str, Clause], refs: dict[str, RuleRef]) -> Diagnostic:
    a_id, b_id = cand.clause_pairs[0]
    a, b = clauses[a_id], clauses[b_id]
    if a.rule != cand.rules[0]:
        a, b = b, a
    from promptlint.diagnostics.wording import plain_scenario, rule_name

    code = collision_code(a, b)
    primary, other = refs[cand.rules[0]], refs[cand.rules[1]]
    message = (
        f"{rule_name(primary)} {_describe_signed(a, clauses)}, "
        f"but {rule_name(other)} {_describe_signed(b, clauses)}"
    )
    scenario = plain_scenario(cand.scenario) if cand.scenario else ""
    if scenario:
        unconditional = scenario.startswith("in every situation")
        message += f" {scenario}" if unconditional else f" when {scenario}"
    if cand.assumptions:
        message += "; assuming " + "; ".join(plain_scenario(x.text()) for x in cand.assumptions)
    message = message[:1].upper() + message[1:]
    return diag(
        code,
        Category.COLLISION,
        Severity.ERROR,
        message,
        primary,
        rules=(primary, other),
        surface=cand.surface.split(":", 1)[0],
        witness={"assignment": dict(cand.assignment), "scenario": scenario},
        data={
            "surface_key": cand.surface,
            "kind": cand.kind,
            "clauses": [list(p) for p in cand.clause_pairs],
            "source": cand.source,
            "assumptions": [x.to_dict() for x in cand.assumptions],
        },
    )


def _describe_signed(c: Clause, clauses: dict[str, Clause]) -> str:
    """``requires starting replies with "Hi there!"``, naming what a derived clause
    stands for."""
    from promptlint.diagnostics.wording import signed_phrase

    def said(x: Clause) -> str:
        return signed_phrase(x.sign, x.primitive, _plain_args(x))

    if not c.derived:
        return said(c)
    base = clauses[c.id.split(">", 1)[0]]
    return f"{said(base)} (so it {said(c)})"


def _plain_args(c: Clause) -> dict[str, Any]:
    return {k: v.value if isinstance(v, Const) else render_term(v) for k, v in c.args}


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
