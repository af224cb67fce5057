"""The quiet offline contract: without a model reading the policy, a collision the offline
path cannot vouch for is held back as info (PL109) instead of reported as an error.

Four kinds, each measured on every labelled set before it was held back
(docs/evaluation.md, sessions 16 and 17):

- it rests on a loose lexical overlap: a word of the forbidden value is missing from the
  required one ("final answer" in "each claim in your answer"), or the forbidden action
  is a bare verb ("search", where the rule said "don't just search");
- both rules come from one line: an author who writes two demands in one line has
  usually written them to fit ("Call done only after ...; if you reach the tool cap,
  call done"). No labelled conflict in the real prompts is within one line;
- its witness needs a situation false and another true that share a word ("not about
  complete or blocked" and "have completed the request"): offline, the two labels are
  only words, and the one may well be the other (session 17);
- the prohibition restricts what it forbids ("do not cite sources that are not in the
  list", "never cite the same source more than once", "never use any other format",
  "do not share one customer's prices with another customer"):
  it forbids some of a kind, and the other rule may require the rest (session 17).

Pairs of hand-written encodings always stand: their author chose the values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from promptlint.diagnostics import Diagnostic
from promptlint.objects import EncodedRule
from promptlint.pipeline.common import demoted, encoder_collisions

__all__ = ["held_back"]


def held_back(
    diagnostics: Sequence[Diagnostic], rules: Sequence[EncodedRule], policies: Mapping[str, Any]
) -> list[Diagnostic]:
    """``policies``: each file's loaded policy, by path, to tell where its decoded lines end."""
    out = list(diagnostics)
    by_id = {r.id: r for r in rules}
    for i in encoder_collisions(diagnostics, rules):
        d = out[i]
        reason = (_loose(d) or _shared_situation(d) or _one_line(d, policies)
                  or _restricted(d, by_id))  # fmt: skip
        if reason is not None:
            out[i] = demoted(d, "PL109", f"Held back offline ({reason})",
                             held_back=d.code, reason=reason)  # fmt: skip
    return out


def _loose(d: Diagnostic) -> str | None:
    loose = [
        a for a in d.data.get("assumptions") or ()
        if a.get("source") == "lexical" and a.get("reason") == "loosely contained"
    ]  # fmt: skip
    return f'"{loose[0]["left"]}" may not cover "{loose[0]["right"]}"' if loose else None


def _one_line(d: Diagnostic, policies: Mapping[str, Any]) -> str | None:
    a, b = sorted(d.rules, key=lambda r: (r.line, r.column))
    policy = policies.get(a.path)
    if policy is None or a.path != b.path:
        return None
    if max(a.end_line, b.line) > policy.line_col(len(policy.text))[0]:
        return None  # not a place in this file: the finding stands
    between = policy.text[policy.offset(a.end_line, a.end_column) : policy.offset(b.line, b.column)]
    # a JSON or code string holds many lines of the prompt in one line of the file
    if "\n" in between or "\\n" in between:
        return None
    return "both rules are on one line"


#: words every situation label may have; sharing one says nothing
_GENERIC = frozenset({
    "request", "ask", "user", "message", "task", "agent", "reply", "answer", "respond",
    "response", "question", "want", "need", "have", "about", "when", "with", "from",
    "that", "this", "what", "your", "their", "into", "only", "more", "than", "then",
    "there", "still",
})  # fmt: skip


def _roots(label: str) -> set[str]:
    # not triage's topic_words: it drops "information" as a stop word, and "not have that
    # information" / "do not have all information needed" (real V) must share it here
    out = set()
    for word in label.split("_"):
        for suffix in ("ing", "ed", "es", "s", "e"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 4:
                word = word[: -len(suffix)]
                break
        if len(word) >= 4 and word not in _GENERIC:
            out.add(word)
    return out


def _shared_situation(d: Diagnostic) -> str | None:
    """A witness that denies one situation and asserts another with a word in common."""
    assignment = (d.witness or {}).get("assignment") or {}
    labels = {k.split(":", 1)[1]: v for k, v in assignment.items() if k.startswith("semantic:")}
    denied = [x for x, v in labels.items() if v is False]
    held = [y for y, v in labels.items() if v is True]
    for x in denied:
        for y in held:
            common = _roots(x) & _roots(y)
            if common:
                word = next(w for w in y.split("_") if _roots(w) & common)
                return (f'the witness needs "{x.replace("_", " ")}" false and '
                        f'"{y.replace("_", " ")}" true, which share "{word}"')  # fmt: skip
    return None


#: a prohibition's object narrowed to some of its kind
_APOSTROPHE = "['\u2019]"
_OPENING = "[\"'(\\[\u201c\u2018]"
_RESTRICTIVE = re.compile(
    rf"\b(?:that|which|who)\s+(?:are|is|were|was|do|does)\s*(?:n{_APOSTROPHE}t|not)\b"
    rf"|\b(?:not|n{_APOSTROPHE}t)\s+(?:in|from|on|listed|provided|given|returned)\b"
    r"|\b(?:any|every|all)\s+other\b|\bother\s+than\b|\bthe\s+same\s+\w+|\banother\b"
    rf"|\bmore\s+than\s+(?:once|twice|\w+\s+times)\b|\blike\s+{_OPENING}",
    re.IGNORECASE,
)


def _restricted(d: Diagnostic, rules: Mapping[str, EncodedRule]) -> str | None:
    """A forbidding rule whose quote narrows what it forbids (offline, the narrowing is
    lost: the clause forbids the whole kind)."""
    for pair in d.data.get("clauses") or ():
        for clause_id in pair:
            rule = rules.get(str(clause_id).split("#", 1)[0])
            clause = next((c for c in rule.clauses if c.id == clause_id), None) if rule else None
            if rule is None or clause is None or clause.sign != "forbid":
                continue
            m = _RESTRICTIVE.search(rule.quote)
            if m:
                return f'the prohibition is narrowed ("{m[0]}"): it may not forbid what the other rule requires'
    return None
