"""Triage (DESIGN §5, WIRE §4.3): same-surface hard-collision candidates with Z3.

``triage(rules)`` buckets clauses by decision surface, applies the sign gate, decides
value collisions, and asks the solver whether both activations and the collision can
hold together. Trivially decidable pairs never reach z3, and z3 is imported only when a
pair needs it. Unknown results are returned as :class:`Incomplete`, never dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from promptlint.objects import (
    And,
    Assumption,
    Candidate,
    Clause,
    Const,
    EncodedRule,
    OverlapQuestion,
    PolicyModel,
    TrueCond,
    Verdict,
    render_condition,
)
from promptlint.pyrule.vocabulary import Vocabulary, load_vocabulary
from promptlint.triage.relations import derived_by_relations, situation_facts
from promptlint.triage.surfaces import (
    Deferred,
    bucket,
    comparisons,
    glob_alternatives,
    glob_match,
    hard_gate,
    implied,
    literal,
    pairs_in_buckets,
    topic_words,
    value_collision,
)
from promptlint.triage.witness_text import render_assignment

if TYPE_CHECKING:
    from promptlint.triage.lowering import Lowering
    from promptlint.triage.solver import Solver

__all__ = [
    "Incomplete",
    "OverlapJudge",
    "OverlapQuestion",
    "QualityFinding",
    "TriageResult",
    "Verdict",
    "triage",
]


class OverlapJudge(Protocol):
    """Decides, for two open values that survived the surface and sign gates, whether they
    can denote the same behaviour; None when it cannot tell (never a whole-rule verdict)."""

    def overlap(self, surface: str, left: str, right: str) -> Verdict | None: ...


@dataclass(frozen=True, slots=True)
class Incomplete:
    """A clause pair the solver could not decide (timeout or unsupported theory)."""

    rules: tuple[str, str]
    clause_pair: tuple[str, str]
    surface: str
    reason: str
    smt2: str


@dataclass(frozen=True, slots=True)
class QualityFinding:
    #: "dead-clause" | "self-collision" | "duplicate-clause"
    kind: str
    rules: tuple[str, ...]
    clauses: tuple[str, ...]
    message: str
    scenario: str | None = None


@dataclass(frozen=True, slots=True)
class TriageResult:
    rules: int
    clauses: int
    comparisons: int
    same_surface_pairs: int
    hard_pairs: int
    solver_checks: int
    trivial_decisions: int
    candidates: tuple[Candidate, ...]
    incomplete: tuple[Incomplete, ...]
    quality: tuple[QualityFinding, ...]
    #: open-value pairs no judge could decide (reported, never dropped)
    questions: tuple[OverlapQuestion, ...] = ()
    #: the derived clauses (implied ones, and those from policy-model relations) that
    #: candidates name, so that reports can describe them
    derived: tuple[Clause, ...] = ()

    @property
    def yield_(self) -> float:
        return len(self.candidates) / self.comparisons if self.comparisons else 0.0


@dataclass(frozen=True, slots=True)
class _Hit:
    a: Clause
    b: Clause
    kind: str
    assignment: tuple[tuple[str, Any], ...]
    assumptions: tuple[Assumption, ...] = ()


class _Engine:
    def __init__(
        self,
        vocab: Vocabulary,
        timeout_ms: int,
        facts: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], []),
    ) -> None:
        self.vocab = vocab
        self.timeout_ms = timeout_ms
        #: situation implications and exclusions from the policy model (canonical labels)
        self.facts = facts
        self._lowering: Lowering | None = None
        self._solver: Solver | None = None
        self._acts: dict[str, tuple[Any, frozenset[str]]] = {}
        #: identical queries (same two activations, same collision) are asked once
        self._memo: dict[tuple[str, str, str], Any] = {}
        self.trivial = 0
        self.memo_hits = 0

    @property
    def lowering(self) -> Lowering:
        if self._lowering is None:
            from promptlint.triage.lowering import Lowering

            self._lowering = Lowering(self.vocab)
        return self._lowering

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            from promptlint.triage.solver import Solver

            self._solver = Solver(self.timeout_ms)
        return self._solver

    @property
    def checks(self) -> int:
        return self._solver.checks if self._solver else 0

    def activation(self, c: Clause) -> tuple[Any, frozenset[str]]:
        cached = self._acts.get(c.id)
        if cached is None:
            low = self.lowering
            before = set(low.vars)
            expr = low.condition(c.activation)
            keys = _keys_of(low, c.activation) | (set(low.vars) - before)
            cached = (expr, frozenset(keys))
            self._acts[c.id] = cached
        return cached

    def decide(self, a: Clause, b: Clause, collision: bool | Deferred) -> Any:
        """Sat assignment (tuple), None for unsat, or an Unknown."""
        if isinstance(collision, Deferred) and collision.kind.endswith("_in"):
            contained = self.contained(collision)
            if contained is not True:
                return None if contained is False else contained
            collision = True
        if collision is True:
            trivial = _trivial_assignment([a.activation, b.activation])
            if trivial is not None and not (trivial and self._touches_facts(trivial)):
                self.trivial += 1
                return None if trivial is False else trivial
        key = (
            render_condition(a.activation),
            render_condition(b.activation),
            repr(collision),
        )
        if key in self._memo:
            self.memo_hits += 1
            return self._memo[key]
        outcome = self._solve(a, b, collision)
        self._memo[key] = outcome
        return outcome

    def _touches_facts(self, assignment: tuple[tuple[str, Any], ...]) -> bool:
        """Whether the policy model says something about two of the assignment's
        situations (then only the solver, with those facts, may decide)."""
        implies, excludes = self.facts
        if not implies and not excludes:
            return False
        held = {k.split(":", 1)[1] for k, v in assignment if k.startswith("semantic:")}
        return any(x in held and y in held for x, y in (*implies, *excludes))

    def contained(self, d: Deferred) -> Any:
        """Is every match of the required glob also a match of the forbidden one?"""
        literal_path = _literal_glob_match(d)
        if literal_path is not None:
            self.trivial += 1
            return literal_path
        key = ("contained", repr(d.left), repr(d.right))
        if key not in self._memo:
            from promptlint.triage.solver import Sat, Unknown

            result = self.solver.check([self.lowering.deferred(d)], {})
            self._memo[key] = result if isinstance(result, Unknown) else not isinstance(result, Sat)
        return self._memo[key]

    def _solve(self, a: Clause, b: Clause, collision: bool | Deferred) -> Any:
        from promptlint.triage.solver import Sat, Unknown

        ea, ka = self.activation(a)
        eb, kb = self.activation(b)
        formulas = [ea, eb]
        keys = set(ka | kb)
        if isinstance(collision, Deferred):
            before = set(self.lowering.vars)
            formulas.append(self.lowering.deferred(collision))
            keys |= set(self.lowering.vars) - before
            keys |= _deferred_keys(collision)
        formulas += self.lowering.bounds(keys)
        formulas += _exclusions(self.lowering, keys, self.facts)
        variables = {k: self.lowering.vars[k] for k in sorted(keys) if k in self.lowering.vars}
        result = self.solver.check(formulas, variables)
        if isinstance(result, Sat):
            return result.model
        if isinstance(result, Unknown):
            return result
        return None

    def satisfiable(self, c: Clause) -> Any:
        trivial = _trivial_assignment([c.activation])
        if trivial is not None:
            return trivial is not False
        from promptlint.triage.solver import Sat, Unknown

        expr, keys = self.activation(c)
        variables = {k: self.lowering.vars[k] for k in sorted(keys) if k in self.lowering.vars}
        result = self.solver.check([expr, *self.lowering.bounds(keys)], variables)
        if isinstance(result, Unknown):
            return result
        return isinstance(result, Sat)


def _literal_glob_match(d: Deferred) -> bool | None:
    """Containment of a required path or command in a forbidden glob, decided in Python
    when the required side is literal or a match of it falls outside (the solver is needed
    only to prove that every match of a wildcard falls inside)."""
    from promptlint.objects import Const as _Const

    assert isinstance(d.left, _Const) and isinstance(d.right, _Const)
    required, forbidden = str(d.left.value), str(d.right.value)
    negated = forbidden.startswith("!")
    forbidden = forbidden.removeprefix("!")
    alternatives = glob_alternatives(forbidden)
    if any(ch in alt for alt in alternatives for ch in "?[!{") or any(
        ch in required for ch in "?[!{"
    ):
        return None
    path = d.kind == "glob_path_in"
    # with wildcards on the required side, its shortest match (every star empty) is one
    # of its matches: outside the forbidden glob, containment fails without the solver
    shortest = required.replace("*", "")
    matched = any(glob_match(alt, shortest, path=path) for alt in alternatives)
    if "*" in required:
        return False if matched == negated else None
    return matched != negated


def _exclusions(
    low: Lowering,
    keys: set[str],
    facts: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], []),
) -> list[Any]:
    """Situations that cannot hold together ("the car is moving" / "the car is parked"),
    and the policy model's implications between situations."""
    import z3

    from promptlint.pyrule.labels import exclusive_labels

    atoms = sorted(k for k in keys if k.startswith("semantic:") and k in low.vars)
    implies, excludes = facts
    excluded = {frozenset(p) for p in excludes}
    out = [
        z3.Not(z3.And(low.vars[a], low.vars[b]))
        for i, a in enumerate(atoms)
        for b in atoms[i + 1 :]
        if exclusive_labels(a.split(":", 1)[1], b.split(":", 1)[1])
        or frozenset((a.split(":", 1)[1], b.split(":", 1)[1])) in excluded
    ]
    present = {a.split(":", 1)[1]: low.vars[a] for a in atoms}
    out += [z3.Implies(present[x], present[y]) for x, y in implies if x in present and y in present]
    return out


def _keys_of(low: Lowering, cond: object) -> set[str]:
    """Variable keys a condition mentions (already created in ``low``)."""
    text = render_condition(cond)  # type: ignore[arg-type]
    out = set()
    for key in low.vars:
        if key == "msg.text":
            if any(p in text for p in ("contains(", "regex(", "exact_text(")):
                out.add(key)
            continue
        tail = key.split(":", 1)[-1]
        if tail and (tail in text or tail.replace("_", " ") in text or key in text):
            out.add(key)
    return out


def _deferred_keys(d: Deferred) -> set[str]:
    from promptlint.objects import Ref

    return {".".join(t.path) for t in (d.left, d.right) if isinstance(t, Ref)}


def _flatten(conds: Sequence[object]) -> list[object]:
    out: list[object] = []
    for c in conds:
        if isinstance(c, TrueCond):
            continue
        if isinstance(c, And):
            out.extend(_flatten(c.items))
        else:
            out.append(c)
    return out


def _trivial_assignment(
    conds: Sequence[object],
) -> tuple[tuple[str, Any], ...] | Literal[False] | None:
    """A satisfying assignment for a conjunction of consistent literals; False when
    plain literals give one key two values ("writes in Spanish" and "writes in German");
    None when only the solver can tell.

    Besides atoms and slot equalities, positive ``contains`` literals (any set of them
    can hold in one message) and a single bound on an Int slot are understood.
    """
    from promptlint.objects import Compare, Pred, Ref
    from promptlint.objects import Const as _Const

    seen: dict[str, Any] = {}
    contains: list[str] = []
    bounded: set[str] = set()
    plain = True  # every condition so far is an atom or a slot equality
    for c in _flatten(conds):
        lit = literal(c)
        if lit is None and isinstance(c, Pred) and c.name == "contains":
            arg = c.args[1]
            if isinstance(arg, _Const) and isinstance(arg.value, str):
                contains.append(arg.value.lower())
                plain = False
                continue
        if (
            lit is None
            and isinstance(c, Compare)
            and c.op in ("<", "<=", ">", ">=")
            and isinstance(c.left, Ref)
            and isinstance(c.right, _Const)
            and isinstance(c.right.value, int)
            and not isinstance(c.right.value, bool)
        ):
            slot = ".".join(c.left.path)
            if slot in bounded or slot in seen:
                return None
            n = c.right.value
            pick = {"<": n - 1, "<=": n, ">": n + 1, ">=": n}[c.op]
            if pick < 0 or (slot.endswith("age") and pick > 130):
                return None
            bounded.add(slot)
            seen[slot] = pick
            plain = False
            continue
        if lit is None:
            return None
        key, value = lit
        if key in seen and (seen[key] != value or key in bounded):
            return False if plain else None
        seen[key] = value
    if contains:
        seen["msg.text"] = " ".join(dict.fromkeys(contains))
    from promptlint.pyrule.labels import exclusive_labels

    held = [k.split(":", 1)[1] for k, v in seen.items() if k.startswith("semantic:") and v is True]
    if any(exclusive_labels(a, b) for i, a in enumerate(held) for b in held[i + 1 :]):
        return None  # exclusive situations: let the solver (with the exclusions) decide
    return tuple(sorted(seen.items()))


def _kind(a: Clause, b: Clause, mode: str) -> str:
    if mode == "numeric":
        return "disjoint-ranges" if a.sign == b.sign else "required-range-forbidden"
    if mode == "ordering":
        return "contradictory-order"
    if a.sign != b.sign:
        return "require-forbid"
    return "exclusive-values"


def triage(
    rules: Sequence[EncodedRule],
    *,
    timeout_ms: int = 2000,
    model: PolicyModel | None = None,
    judge: OverlapJudge | None = None,
) -> TriageResult:
    """Candidates of ``rules``. ``model`` adds the policy model's relations as facts;
    ``judge`` decides overlaps of open values the lexical comparison cannot."""
    vocab = load_vocabulary()
    clauses = [c for r in rules for c in r.clauses]
    order = {r.id: i for i, r in enumerate(rules)}
    related = [(d, why) for c in clauses for d, why in derived_by_relations(c, model, vocab)]
    relation_of = {d.id: why for d, why in related}
    buckets = bucket(
        [*clauses, *(d for c in clauses for d in implied(c, vocab)), *(d for d, _ in related)]
    )
    engine = _Engine(vocab, timeout_ms, situation_facts(model))

    same_surface = hard = 0
    hits: list[_Hit] = []
    incomplete: list[Incomplete] = []
    questions: dict[tuple[str, str, str], OverlapQuestion] = {}
    for a, b in pairs_in_buckets(buckets, same_rule=False):
        same_surface += 1
        spec = vocab.primitives[a.primitive]
        if not hard_gate(a, b, spec):
            continue
        hard += 1
        collision = value_collision(a, b, spec, vocab)
        assumed: list[Assumption] = []
        if spec.compare == "topic":
            collision, overlap = _judged(a, b, collision, judge, questions)
            if overlap is not None:
                assumed.append(overlap)
        if collision is False:
            continue
        if order[a.rule] > order[b.rule]:
            a, b = b, a
        outcome = engine.decide(a, b, collision)
        if outcome is None:
            continue
        if isinstance(outcome, tuple):
            assumed += [relation_of[c.id] for c in (a, b) if c.id in relation_of]
            hits.append(_Hit(a, b, _kind(a, b, spec.compare), outcome, tuple(assumed)))
        else:
            incomplete.append(
                Incomplete((a.rule, b.rule), (a.id, b.id), a.surface, outcome.reason, outcome.smt2)
            )

    candidates = _lift(hits, order)
    quality = _quality(rules, buckets, engine, vocab, incomplete)
    return TriageResult(
        rules=len(rules),
        clauses=len(clauses),
        comparisons=comparisons(clauses),
        same_surface_pairs=same_surface,
        hard_pairs=hard,
        solver_checks=engine.checks,
        trivial_decisions=engine.trivial,
        candidates=tuple(candidates),
        incomplete=tuple(incomplete),
        quality=tuple(quality),
        questions=tuple(questions.values()),
        derived=tuple({c.id: c for h in hits for c in (h.a, h.b) if c.derived}.values()),
    )


def _topic_value(c: Clause) -> str | None:
    v = c.args[0][1] if c.args else None
    return v.value if isinstance(v, Const) and isinstance(v.value, str) else None


def _judged(
    a: Clause,
    b: Clause,
    lexical: bool | Any,
    judge: OverlapJudge | None,
    questions: dict[tuple[str, str, str], OverlapQuestion],
) -> tuple[bool | Any, Assumption | None]:
    """An open-value collision on a topic surface, with what it assumes.

    Equal values need no assumption; the lexical comparison (the prohibited topic's words
    all in the required one) is an assumption of its own; values that share words but are
    not contained are asked of the judge, and recorded as open questions when it cannot
    tell. Values with nothing in common are never asked about.
    """
    va, vb = _topic_value(a), _topic_value(b)
    if va is None or vb is None:
        return lexical, None
    left, right = (va, vb) if a.sign == "forbid" or b.sign != "forbid" else (vb, va)
    if " ".join(left.lower().split()) == " ".join(right.lower().split()):
        return lexical, None
    if lexical is True:
        wl, wr = topic_words(left), topic_words(right)
        if wl == wr:
            return True, None  # the same words but for inflection: "branches" / "branch"
        # a dropped modifier ("full code blocks" in "a separate code block") or a bare verb
        # ("search" in "search for the thing directly": the rule may have said "don't just
        # search") is what the offline judge cannot vouch for
        loose = not wl <= wr or (a.primitive == "act" and len(wl) < 2)
        return True, Assumption(
            "overlap", left, right, "lexical", "loosely contained" if loose else "contained"
        )
    if not (topic_words(left) & topic_words(right)):
        return lexical, None
    verdict = judge.overlap(a.surface, left, right) if judge is not None else None
    if verdict is None:
        key = (a.surface, left, right)
        questions.setdefault(key, OverlapQuestion(a.surface, left, right, (a.rule, b.rule)))
        return lexical, None
    if not verdict.holds:
        return False, None
    return True, Assumption("overlap", left, right, verdict.source, verdict.reason)


def _lift(hits: list[_Hit], order: dict[str, int]) -> list[Candidate]:
    by_pair: dict[tuple[str, str], list[_Hit]] = {}
    for h in hits:
        by_pair.setdefault((h.a.rule, h.b.rule), []).append(h)
    out = []
    for (ra, rb), group in sorted(
        by_pair.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]])
    ):
        first = group[0]
        out.append(
            Candidate(
                rules=(ra, rb),
                clause_pairs=tuple((h.a.id, h.b.id) for h in group),
                surface=first.a.surface,
                kind=first.kind,
                assignment=first.assignment,
                scenario=render_assignment(first.assignment),
                assumptions=tuple(dict.fromkeys(x for h in group for x in h.assumptions)),
            )
        )
    return out


def _quality(
    rules: Sequence[EncodedRule],
    buckets: dict[str, list[Clause]],
    engine: _Engine,
    vocab: Vocabulary,
    incomplete: list[Incomplete],
) -> list[QualityFinding]:
    out: list[QualityFinding] = []
    for r in rules:
        for c in r.clauses:
            if isinstance(c.activation, TrueCond):
                continue
            sat = engine.satisfiable(c)
            if sat is False:
                out.append(
                    QualityFinding(
                        "dead-clause",
                        (r.id,),
                        (c.id,),
                        f"{c.id} can never apply: its condition `{render_condition(c.activation)}`"
                        " is unsatisfiable",
                    )
                )
    for a, b in pairs_in_buckets(buckets, same_rule=True):
        spec = vocab.primitives[a.primitive]
        if not hard_gate(a, b, spec):
            continue
        collision = value_collision(a, b, spec, vocab)
        if collision is False:
            continue
        outcome = engine.decide(a, b, collision)
        if isinstance(outcome, tuple):
            out.append(
                QualityFinding(
                    "self-collision",
                    (a.rule,),
                    (a.id, b.id),
                    f"{a.rule} contradicts itself: {a.id} and {b.id} collide on {a.surface}",
                    render_assignment(outcome),
                )
            )
    seen: dict[tuple[str, str, str, str], Clause] = {}
    for c in (c for r in rules for c in r.clauses):
        key = (c.sign, c.primitive, repr(c.args), render_condition(c.activation))
        first = seen.get(key)
        if first is None:
            seen[key] = c
        elif first.rule != c.rule:
            out.append(
                QualityFinding(
                    "duplicate-clause",
                    (first.rule, c.rule),
                    (first.id, c.id),
                    f"{c.id} repeats {first.id} ({c.sign} {c.primitive} under the same condition)",
                )
            )
    return out
