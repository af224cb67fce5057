"""Policy-model relations as solver facts. Pure Python, no z3.

An ``is_a``/``implies`` edge from one entry to another means that a rule requiring the
first requires the second: requiring ``run_shell("systemctl restart nginx")`` requires
``act("restart services")`` when the policy model says so, so it meets a prohibition of
restarting services on that surface. Edges between situations become implications and
exclusions between activation atoms.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import replace

from promptlint.objects import Assumption, Clause, Const, PolicyModel, Sign
from promptlint.pyrule.labels import canonical_label
from promptlint.pyrule.vocabulary import Vocabulary

__all__ = ["PRIMITIVE_OF_KIND", "clause_ref", "derived_by_relations", "situation_facts"]

#: which primitive a clause about an entry of each kind uses (its first argument is the name)
PRIMITIVE_OF_KIND = {
    "tool": "use_tool",
    "command": "run_shell",
    "path": "edit_file",
    "information": "disclose",
    "action": "act",
    "event": "trace_contains",
}
_KIND_OF_PRIMITIVE = {
    "use_tool": "tool", "tool_call": "tool", "run_shell": "command", "edit_file": "path",
    "read_file": "path", "disclose": "information", "act": "action",
    "trace_contains": "event",
}  # fmt: skip
#: a chain of is-a edges longer than this is a modelling error, not a fact
_MAX_DEPTH = 4


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def clause_ref(c: Clause) -> tuple[str, str] | None:
    """(entry kind, value) a clause is about, if its primitive names an entry."""
    kind = _KIND_OF_PRIMITIVE.get(c.primitive)
    if kind is None or not c.args:
        return None
    v = c.args[0][1]
    if not isinstance(v, Const) or not isinstance(v.value, str):
        return None
    return kind, v.value


def _matches(kind: str, value: str, name: str) -> bool:
    if _norm(value) == _norm(name):
        return True
    if kind in ("command", "path") and any(ch in name for ch in "*?["):
        # a concrete command against the glob an entry names ("systemctl restart *")
        return not any(ch in value for ch in "*?[") and fnmatch.fnmatchcase(
            _norm(value), _norm(name)
        )
    return False


def derived_by_relations(
    c: Clause, model: PolicyModel | None, vocab: Vocabulary
) -> list[tuple[Clause, Assumption]]:
    """Clauses a required clause implies through the policy model's is-a/implies edges."""
    if model is None or c.sign != "require" or not model.relations:
        return []
    start = clause_ref(c)
    if start is None:
        return _ordered_kinds(c, model, vocab)
    out: list[tuple[Clause, Assumption]] = []
    seen = {(start[0], _norm(start[1]))}
    frontier = [start]
    for _ in range(_MAX_DEPTH):
        nxt = []
        for kind, value in frontier:
            for rel in model.relations:
                if rel.kind not in ("is_a", "implies"):
                    continue
                skind, _, sname = rel.source.partition(":")
                tkind, _, tname = rel.target.partition(":")
                if skind != kind or tkind not in PRIMITIVE_OF_KIND or not tname:
                    continue
                if not _matches(kind, value, sname) or (tkind, _norm(tname)) in seen:
                    continue
                seen.add((tkind, _norm(tname)))
                nxt.append((tkind, tname))
                why = "is a kind of" if rel.kind == "is_a" else "implies"
                out.append(_about(c, "require", tkind, tname, vocab, f"{kind} {value}", why))
        frontier = nxt
        if not frontier:
            break
    return out + _only_means(c, start, model, vocab) + _excluded(c, start, model, vocab)


def _ordered_kinds(
    c: Clause, model: PolicyModel, vocab: Vocabulary
) -> list[tuple[Clause, Assumption]]:
    """ "X before every Y" holds for each kind of Y: requiring ``trace_order(verify, act on
    the account)`` requires ``trace_order(verify, freeze the card)`` when freezing the card
    is-a way of acting on the account, so it meets "freeze the card before verifying"."""
    spec = vocab.primitives.get(c.primitive)
    if spec is None or spec.compare != "ordering" or len(c.args) < 2:
        return []
    (name_first, first), (name_second, second) = c.args[:2]
    if not (isinstance(first, Const) and isinstance(second, Const)):
        return []
    if not isinstance(second.value, str):
        return []
    target = canonical_label(second.value)
    out = []
    for rel in model.relations:
        if rel.kind not in ("is_a", "implies"):
            continue
        sname, tname = rel.source.partition(":")[2], rel.target.partition(":")[2]
        if not sname or canonical_label(tname) != target or canonical_label(sname) == target:
            continue
        args = ((name_first, first), (name_second, Const(sname)), *c.args[2:])
        shown = f"{c.primitive}({first.value}, {sname})"
        derived = replace(c, args=args, surface=vocab.surface_key(spec, args), derived=shown)
        why = "is a kind of" if rel.kind == "is_a" else "implies"
        left, right = (e.replace(":", " ", 1) for e in (rel.source, rel.target))
        out.append((derived, Assumption("relation", left, right, "policy-model", why)))
    return out


def _excluded(
    c: Clause, start: tuple[str, str], model: PolicyModel, vocab: Vocabulary
) -> list[tuple[Clause, Assumption]]:
    """Requiring one of two things the policy model says exclude each other forbids the
    other ("issue the $15 voucher" / "issue the $12 voucher")."""
    kind, value = start
    out = []
    for rel in model.relations:
        if rel.kind != "excludes":
            continue
        ends = [rel.source.partition(":"), rel.target.partition(":")]
        for (skind, _, sname), (okind, _, oname) in (ends, ends[::-1]):
            if skind != kind or okind not in PRIMITIVE_OF_KIND or not _matches(kind, value, sname):
                continue
            out.append(_about(c, "forbid", okind, oname, vocab, f"{kind} {value}", "excludes"))
    return out


def _only_means(
    c: Clause, start: tuple[str, str], model: PolicyModel, vocab: Vocabulary
) -> list[tuple[Clause, Assumption]]:
    """A required action the policy model names exactly one way of doing (one command or
    tool is-a that action) requires that way: in a policy whose only means of deleting a
    pod is ``kubectl delete pod``, "delete the crash-looping pod" requires running it.
    Closed-world, so recorded as an assumption of its own."""
    kind, value = start
    means = [
        rel.source.partition(":")
        for rel in model.relations
        if rel.kind == "is_a"
        and rel.target.partition(":")[0] == kind
        and _matches(kind, value, rel.target.partition(":")[2])
        and rel.source.partition(":")[0] in ("command", "tool")
    ]
    if len(means) != 1:
        return []
    mkind, _, mname = means[0]
    return [_about(c, "require", mkind, mname, vocab, f"{kind} {value}", "is done only by")]


def situation_facts(
    model: PolicyModel | None,
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(implications, exclusions) between situation atoms, as canonical label pairs."""
    if model is None:
        return [], []
    implies, excludes = [], []
    for rel in model.relations:
        skind, _, sname = rel.source.partition(":")
        tkind, _, tname = rel.target.partition(":")
        if skind != "situation" or tkind != "situation":
            continue
        pair = (canonical_label(sname), canonical_label(tname))
        if rel.kind == "excludes":
            excludes.append(pair)
        elif rel.kind in ("is_a", "implies"):
            implies.append(pair)
    return implies, excludes


def _about(
    c: Clause, sign: Sign, kind: str, name: str, vocab: Vocabulary, source: str, why: str
) -> tuple[Clause, Assumption]:
    """The clause ``c`` derives about entry ``kind:name`` through a relation, and the
    assumption that names the relation."""
    primitive = PRIMITIVE_OF_KIND[kind]
    spec = vocab.primitives[primitive]
    args = ((spec.params[0].name, Const(name)),)
    shown = f"{primitive}({name})"
    derived = replace(
        c, sign=sign, primitive=primitive, args=args, surface=vocab.surface_key(spec, args),
        derived=shown if sign == "require" else f"not {shown}",
    )  # fmt: skip
    return derived, Assumption("relation", source, f"{kind} {name}", "policy-model", why)
