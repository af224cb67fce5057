"""Sidecar encodings: ``<file>.pyrule`` beside a policy, reviewed and committed.

On re-encoding, a rule whose quote hash still matches a current record keeps its body
as written (hand edits survive) under the record's current id and span; changed and new
rules are encoded again; generated rules whose quote disappeared are dropped, hand-written
ones (no ``origin=``) are kept as written. Comments written above a rule move with it. A
sidecar that does not compile is never rewritten, and every rewrite is atomic and keeps
the previous file as ``<sidecar>.bak``.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from promptlint.encode import EncodeOutcome, Encoder, Encoding
from promptlint.objects import RuleRecord
from promptlint.pyrule import collapse_ws, format_rule_text, quote_sha

__all__ = ["SidecarResult", "encode_with_sidecar", "sidecar_path"]

HEADER = (
    "# promptlint encoding of {name} (PyRule; parsed, never executed).\n"
    "# Review it like code. `promptlint encode {name}` refreshes it: rules whose quote is\n"
    "# unchanged keep their body as written here; changed and new rules are re-encoded.\n"
)


@dataclass(frozen=True, slots=True)
class SidecarResult:
    outcomes: tuple[EncodeOutcome, ...]
    #: record ids whose encoding was reused from the existing sidecar
    reused: tuple[str, ...]
    #: the text written (or that would be written)
    text: str


def sidecar_path(policy_path: str | Path) -> Path:
    return Path(str(policy_path) + ".pyrule")


@dataclass(frozen=True, slots=True)
class _OldRule:
    rule_id: str
    sha: str
    origin: str
    #: the body after the docstring, unindented
    body: list[str]
    #: the rule as written, decorator to last body line
    lines: list[str]
    #: the comments written above it by hand
    lead: list[str]


#: comments promptlint writes itself (and rewrites each time): never carried over
_MACHINE = re.compile(r"^# (?:\S+ not encoded \(|\d+ of \d+ encodings agree)")


def _human(comments: list[str]) -> list[str]:
    machine = set(HEADER.format(name="").splitlines())
    out = [c for c in comments if not _MACHINE.match(c)]
    out = [c for c in out if not (c.startswith("# promptlint encoding of ") or c in machine
                                  or c.startswith("# Review it like code. `promptlint encode"))]  # fmt: skip
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return out


def _existing(text: str, path: Path) -> tuple[list[str], list[_OldRule]]:
    """The hand-written comments before the first rule, and each rule as written.

    A sidecar that does not compile is a located :class:`PyRuleError`: re-encoding it
    would overwrite whatever a reviewer wrote.
    """
    from promptlint.errors import PyRuleError
    from promptlint.pyrule import compile_text

    try:
        rules = compile_text(text, str(path))
    except PyRuleError as err:
        raise PyRuleError(
            f"the existing sidecar does not compile, so it is not rewritten: {err.message}",
            path=str(path),
            line=err.line,
            column=err.column,
            hint="fix it (check reports the same error), or move it away to encode afresh",
        ) from None
    lines = text.splitlines()
    starts = [r.pyrule_span.line for r in rules if r.pyrule_span] + [len(lines) + 1]
    preamble = _human(lines[: starts[0] - 1])
    out: list[_OldRule] = []
    lead: list[str] = []
    for rule, start, end in zip(rules, starts, starts[1:], strict=False):
        chunk = lines[start - 1 : end - 1]
        # top-level comments and blank lines before the next @rule belong to the next rule
        tail: list[str] = []
        while chunk and (not chunk[-1].strip() or chunk[-1].startswith("#")):
            tail.insert(0, chunk.pop())
        doc = next(i for i, line in enumerate(chunk) if line.strip().startswith(('"', "'")))
        body = [line[4:] if line.startswith("    ") else line for line in chunk[doc + 1 :]]
        out.append(_OldRule(rule.id, quote_sha(rule.quote), rule.origin, body, chunk, lead))
        lead = _human(tail)
    return preamble, out


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` in one step, keeping the previous file as ``<path>.bak``."""
    if path.is_file():
        if path.read_text(encoding="utf-8") == text:
            return
        shutil.copy2(path, path.with_name(path.name + ".bak"))
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        from promptlint.errors import InputError

        raise InputError(
            f"cannot write the sidecar: {exc.strerror or exc}; the previous one is unchanged",
            path=str(path),
        ) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def encode_with_sidecar(
    records: Sequence[RuleRecord], policy_path: str, encoder: Encoder, *, write: bool
) -> SidecarResult:
    path = sidecar_path(policy_path)
    preamble: list[str] = []
    old_rules: list[_OldRule] = []
    if path.is_file():
        from promptlint.files import read_text

        preamble, old_rules = _existing(read_text(path), path)
    old = {r.sha: r for r in old_rules}
    outcomes: list[EncodeOutcome] = []
    reused: list[str] = []
    fresh = [r for r in records if quote_sha(r.quote) not in old]
    encoded = {o.record_id: o for o in encoder.encode(fresh)}
    used: set[int] = set()
    leads: dict[str, list[str]] = {}
    by_id = {r.rule_id: r for r in old_rules}
    for r in records:
        kept = old.get(quote_sha(r.quote))
        if kept is not None:
            reused.append(r.id)
            used.add(id(kept))
            shown = None if kept.origin == "manual" else kept.origin
            text = format_rule_text(
                r.id, (r.span.line, r.span.end_line), None, r.quote, kept.body, shown
            )
            outcomes.append(Encoding(r.id, text, kept.origin))
            leads[r.id] = kept.lead
        else:
            outcomes.append(encoded[r.id])
            same_id = by_id.get(r.id)
            if same_id is not None and id(same_id) not in used and same_id.origin != "manual":
                leads[r.id] = same_id.lead  # its quote changed: the comment stays with it
                used.add(id(same_id))
    parts = [HEADER.format(name=Path(policy_path).name) + "".join(f"{c}\n" for c in preamble)]
    for o in outcomes:
        lead = "".join(f"{c}\n" for c in leads.get(o.record_id, []))
        if isinstance(o, Encoding):
            parts.append(lead + (f"# {o.note}\n" if o.note else "") + o.pyrule)
        else:
            quote = next(collapse_ws(r.quote) for r in records if r.id == o.record_id)
            parts.append(lead + f"# {o.record_id} not encoded ({o.reason}): {quote}\n")
    # hand-written rules no extracted rule matches any more are kept as written (check
    # reports them if they are stale); comments of dropped rules are kept too
    for rule in old_rules:
        if id(rule) in used:
            continue
        lead = "".join(f"{c}\n" for c in rule.lead)
        if rule.origin == "manual":
            parts.append(lead + "\n".join(rule.lines) + "\n")
        elif lead:
            parts.append(lead)
    text = "\n\n".join(p.rstrip("\n") for p in parts) + "\n"
    if write:
        _write_atomically(path, text)
    return SidecarResult(tuple(outcomes), tuple(reused), text)
