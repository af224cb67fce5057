"""The quiet offline contract: without a model reading the policy, a collision the offline
path cannot vouch for is held back as info (PL109) instead of reported as an error.

Two kinds, each measured on every labelled set before it was held back
(docs/evaluation.md, session 16):

- it rests on a loose lexical overlap: a word of the forbidden value is missing from the
  required one ("final answer" in "each claim in your answer"), or the forbidden action
  is a bare verb ("search", where the rule said "don't just search");
- both rules come from one line: an author who writes two demands in one line has
  usually written them to fit ("Call done only after ...; if you reach the tool cap,
  call done"). No labelled conflict in the real prompts is within one line.

Pairs of hand-written encodings always stand: their author chose the values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from promptlint.diagnostics import Diagnostic, Severity
from promptlint.objects import EncodedRule

__all__ = ["held_back"]

COLLISIONS = frozenset({"PL101", "PL102", "PL103", "PL104"})


def held_back(
    diagnostics: Sequence[Diagnostic], rules: Sequence[EncodedRule], texts: Mapping[str, str]
) -> list[Diagnostic]:
    """``texts``: each policy file's text, to tell where its decoded lines end."""
    origin = {r.id: r.origin for r in rules}
    starts = {path: _line_starts(text) for path, text in texts.items()}
    out = []
    for d in diagnostics:
        considered = (
            d.code in COLLISIONS
            and len(d.rules) == 2
            and not all(origin.get(ref.id) == "manual" for ref in d.rules)
        )
        reason = _reason(d, texts, starts) if considered else None
        if reason is None:
            out.append(d)
            continue
        out.append(replace(
            d, code="PL109", severity=Severity.INFO,
            message=f"Held back offline ({reason}): {d.message[:1].lower()}{d.message[1:]}",
            data={**d.data, "held_back": d.code, "reason": reason},
        ))  # fmt: skip
    return out


def _reason(
    d: Diagnostic, texts: Mapping[str, str], line_starts: Mapping[str, list[int]]
) -> str | None:
    loose = [
        a for a in d.data.get("assumptions") or ()
        if a.get("source") == "lexical" and a.get("reason") == "loosely contained"
    ]  # fmt: skip
    if loose:
        return f'"{loose[0]["left"]}" may not cover "{loose[0]["right"]}"'
    a, b = sorted(d.rules, key=lambda r: (r.line, r.column))
    text = texts.get(a.path)
    if text is None or a.path != b.path:
        return None
    starts = line_starts[a.path]
    if a.end_line > len(starts) or b.line > len(starts):
        return None
    between = text[starts[a.end_line - 1] + a.end_column - 1 : starts[b.line - 1] + b.column - 1]
    # a JSON or code string holds many lines of the prompt in one line of the file
    if "\n" in between or "\\n" in between:
        return None
    return "both rules are on one line"


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]
