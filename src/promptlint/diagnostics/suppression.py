"""Inline suppressions with reasons, and the report of unused ones.

Forms (at the end of one of a rule's lines, or alone on the line just above it)::

    Always answer in English. <!-- promptlint: ignore[PL101] the Spanish rule wins -->
    # promptlint: ignore[PL101, PL103] reason            (YAML, Python, TOML, text)
    // promptlint: ignore[PL101] reason                  (TypeScript, JavaScript)
    <!-- promptlint: ignore-file[PL203] reason -->       (anywhere: the whole file)

Codes may be prefixes (``PL1``). A collision is suppressed when a comment sits on
either of its two rules. A comment that ends a line of text belongs to that line only,
never to the rule below it. In Markdown, comments inside code spans and fenced code
blocks are examples, not suppressions. A suppression without a reason still applies but is reported
(PL008); one that suppresses nothing is reported (PL007).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from promptlint.diagnostics import Category, Diagnostic, Severity

__all__ = ["Suppression", "apply_suppressions", "parse_suppressions"]

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1")
_MARKDOWN = (".md", ".markdown")
_PATTERN = re.compile(
    r"(?:<!--|#|//)\s*promptlint:\s*(?P<kind>ignore-file|ignore)\[(?P<codes>[A-Za-z0-9,\s]+)\]"
    r"(?P<reason>.*?)(?:-->|$)"
)


class _Where(TypedDict):
    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Suppression:
    path: str
    line: int
    column: int
    codes: tuple[str, ...]
    reason: str
    file_level: bool
    #: the comment is the only thing on its line, so it may govern the line below
    standalone: bool = False

    def matches(self, code: str) -> bool:
        return any(code.startswith(c) for c in self.codes)


def parse_suppressions(path: str, text: str) -> list[Suppression]:
    markdown = path.lower().endswith(_MARKDOWN)
    fence: str | None = None
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if markdown:
            m = _FENCE.match(line)
            if m and (fence is None or (m[1][0] == fence[0] and len(m[1]) >= len(fence))):
                fence = m[1] if fence is None else None
                continue
            if fence is not None:
                continue
        spans = [c.span() for c in _CODE_SPAN.finditer(line)] if markdown else []
        for m in _PATTERN.finditer(line):
            if any(a <= m.start() < b for a, b in spans):
                continue
            codes = tuple(c.strip().upper() for c in m["codes"].split(",") if c.strip())
            rest = (line[: m.start()] + line[m.end() :]).strip()
            out.append(
                Suppression(
                    path,
                    n,
                    m.start() + 1,
                    codes,
                    m["reason"].strip(),
                    m["kind"] == "ignore-file",
                    standalone=not rest,
                )
            )
    return out


def _locations(d: Diagnostic) -> list[tuple[str, int, int]]:
    locs = [(d.path, d.line, d.end_line)]
    locs += [(r.path, r.line, r.end_line) for r in d.rules]
    return locs


def apply_suppressions(
    diagnostics: Sequence[Diagnostic], sources: dict[str, str]
) -> tuple[list[Diagnostic], int]:
    """Drop suppressed findings; add PL007/PL008 findings. Returns (kept, suppressed)."""
    table: dict[str, list[Suppression]] = {
        path: subs for path, text in sources.items() if (subs := parse_suppressions(path, text))
    }
    if not table:
        return list(diagnostics), 0
    used: set[Suppression] = set()
    kept: list[Diagnostic] = []
    suppressed = 0
    for d in diagnostics:
        hit: Suppression | None = None
        for path, first, last in _locations(d):
            for s in table.get(path, ()):
                on_rule = first <= s.line <= max(last, first)
                above = s.standalone and s.line == first - 1
                if s.matches(d.code) and (s.file_level or on_rule or above):
                    hit = s
                    break
            if hit:
                break
        if hit is None:
            kept.append(d)
        else:
            used.add(hit)
            suppressed += 1
    for subs in table.values():
        for s in subs:
            where = _Where(path=s.path, line=s.line, column=s.column, end_line=s.line,
                           end_column=s.column + 1)  # fmt: skip
            if s not in used:
                kept.append(
                    Diagnostic(
                        "PL007", Category.INPUT, Severity.WARNING,
                        f"unused suppression of {', '.join(s.codes)}: nothing here is reported "
                        "with that code", **where,
                    )
                )  # fmt: skip
            elif not s.reason:
                kept.append(
                    Diagnostic(
                        "PL008",
                        Category.INPUT,
                        Severity.WARNING,
                        f"suppression of {', '.join(s.codes)} gives no reason",
                        **where,
                    )
                )
    return kept, suppressed
