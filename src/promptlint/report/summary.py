"""GitHub step summaries (markdown) of `check` and `probe`: what a reviewer reads on the
workflow run's page. Written to ``$GITHUB_STEP_SUMMARY`` (appended, as GitHub expects) or
to the file ``--step-summary`` names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from promptlint.diagnostics import Report
from promptlint.witnessed import CELLS, ProbeResult, Profile

__all__ = ["MAX_ROWS", "cell_text", "check_summary", "probe_summary"]

#: rows per table; the rest are counted, never silently left out
MAX_ROWS = 200


def _md(text: object) -> str:
    """Text safe in a markdown table cell: no pipe, newline or HTML."""
    s = " ".join(str(text).split())
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows[:MAX_ROWS]]
    if len(rows) > MAX_ROWS:
        lines.append(f"\n{len(rows) - MAX_ROWS} more rows not shown (see the job log).")
    return "\n".join(lines) + "\n"


def check_summary(report: Report, *, failing: int, fail_on: str) -> str:
    """Findings by severity and one row per finding, both rules' locations."""
    counts = Counter(d.severity.value for d in report.diagnostics)
    verdict = (f"**{failing} finding{'s' if failing != 1 else ''} at or above `{fail_on}`**"
               if failing else f"no finding at or above `{fail_on}`")  # fmt: skip
    out = [f"## promptlint check\n\n{len(report.files)} polic"
           f"{'ies' if len(report.files) != 1 else 'y'}: {verdict} "
           f"({', '.join(f'{n} {s}' for s, n in sorted(counts.items())) or 'none'}).\n"]  # fmt: skip
    if report.diagnostics:
        rows = []
        for d in report.diagnostics:
            where = f"{d.path}:{d.line}"
            if len(d.rules) == 2:
                r = d.rules[1]
                where += f" and {r.path}:{r.line}" if r.path != d.path else f" and line {r.line}"
            rows.append([d.severity.value, d.code, where, d.message])
        out.append(_table(["severity", "code", "where", "message"], rows))
    return "\n".join(out)


def cell_text(p: Profile, i: int) -> str:
    if p.shares is None or p.intervals is None:
        return str(p.counts[i])
    lo, hi = p.intervals[i]
    return f"{100 * p.shares[i]:.1f}% ({100 * lo:.0f}-{100 * hi:.0f})"


def probe_summary(result: ProbeResult, gates: Sequence[dict[str, Any]] = ()) -> str:
    """Pooled profiles (WIRE Table 2/4 rows), the gates, then what was not done."""
    out = ["## promptlint probe\n"]
    failed = [g for g in gates if g["failed"]]
    if gates:
        out.append(f"**{len(failed)} gate{'s' if len(failed) != 1 else ''} failed**\n"
                   if failed else "All gates passed.\n")  # fmt: skip
    pooled = [p for p in result.profiles if not p.pair]
    if pooled:
        out.append("### Resolution profiles (pooled over pairs; 95% Wilson intervals)\n")
        rows = [[p.policy, p.model, p.regime, p.pairs, p.support,
                 *(cell_text(p, i) for i in range(4)),
                 "-" if p.non_joint is None else f"{100 * p.non_joint:.1f}%",
                 "-" if p.asymmetry is None else f"{100 * p.asymmetry:+.1f}"]
                for p in pooled]  # fmt: skip
        out.append(_table(["policy", "model", "regime", "pairs", "support", *CELLS, "1-J",
                           "E-L"], rows))  # fmt: skip
    else:
        out.append(f"No profile: {result.summary.get('note', 'no trial was run')}.\n")
    if gates:
        out.append("### Gates\n")
        rows = [["FAIL" if g["failed"] else "pass", g["gate"], g["policy"], g["model"],
                 g["regime"], g["cell"], g["detail"]]
                for g in sorted(gates, key=lambda g: not g["failed"])]  # fmt: skip
        out.append(_table(["", "gate", "policy", "model", "regime", "cell", "detail"], rows))
    if result.not_done:
        out.append("### Not done\n")
        out.append(_table(["stage", "count", "reason"],
                          [[n["stage"], n["count"], n["reason"]] for n in result.not_done]))  # fmt: skip
    s = result.summary
    out.append(f"{s.get('pairs', len(result.pairs))} pairs, {len(result.witnesses)} witnesses, "
               f"{len(result.trials)} trials, {s.get('requests', 0)} model requests.\n")  # fmt: skip
    return "\n".join(out)
