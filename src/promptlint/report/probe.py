"""Probe output: a rich table per policy and subject model, and the JSON contract of
`check` extended with ``pairs``, ``witnesses``, ``attempts``, ``unrealized``, ``trials``,
``profiles``, ``not_done`` and ``probe_summary`` (fields are only ever added)."""

from __future__ import annotations

import io
import json
from typing import Any

from promptlint.diagnostics import Report
from promptlint.witnessed import CELLS, ProbeResult, Profile

__all__ = ["render_probe_json", "render_probe_table"]


def render_probe_json(
    report: Report, result: ProbeResult, gates: list[dict[str, Any]] | None = None
) -> str:
    from promptlint.report.formats import render_json

    doc: dict[str, Any] = json.loads(render_json(report))
    doc.update(result.to_dict())
    if gates is not None:
        doc["gates"] = gates
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _cell(p: Profile, i: int) -> str:
    if p.shares is None or p.intervals is None:
        return f"{p.counts[i]}"
    lo, hi = p.intervals[i]
    return f"{p.counts[i]} {p.shares[i]:.0%} ({100 * lo:.0f}-{100 * hi:.0f})"


def _signed(x: float | None) -> str:
    return "undefined" if x is None else f"{x:+.2f}"


def render_probe_table(result: ProbeResult, *, width: int = 160) -> str:
    """One table per policy and subject model: a row per pair and regime, then the pooled
    row of each regime; each share with its 95% Wilson interval in percent."""
    from rich.console import Console
    from rich.table import Table

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=False, color_system=None,
                      highlight=False)  # fmt: skip
    rules = {p.key: f"{p.earlier.id} vs {p.later.id} {p.code}" for p in result.pairs}
    cells: dict[tuple[str, str], list[Profile]] = {}
    for prof in result.profiles:
        cells.setdefault((prof.policy, prof.model), []).append(prof)
    if not cells:
        note = result.summary.get("note") or "no trial was run (see what was not done below)"
        console.print(f"no profiles: {note}")
    for (policy, model), profs in sorted(cells.items()):
        table = Table(title=f"{policy} - {model}", title_justify="left")
        for name in ("pair (earlier vs later)", "regime", "support", *CELLS, "1-J", "E-L",
                     "outside support"):  # fmt: skip
            table.add_column(
                name, justify="left" if name.startswith(("pair", "outside")) else "right"
            )
        for prof in sorted(profs, key=lambda p: (p.pair == "", p.regime, p.pair)):
            label = rules.get(prof.pair, prof.pair) if prof.pair else f"pooled ({prof.pairs} pairs)"
            outside = ", ".join(f"{n} {r}" for r, n in prof.excluded) or "-"
            non_joint = "undefined" if prof.non_joint is None else f"{prof.non_joint:.2f}"
            table.add_row(label, prof.regime, str(prof.support),
                          *(_cell(prof, i) for i in range(4)), non_joint,
                          _signed(prof.asymmetry), outside,
                          end_section=False)  # fmt: skip
        console.print(table)
    if result.not_done:
        console.print("not done:")
        for item in result.not_done:
            console.print(f"  {item['stage']}: {item['count']} x {item['reason']}")
    s = result.summary
    console.print(f"{s.get('pairs', len(result.pairs))} pairs, {len(result.witnesses)} witnesses, "
                  f"{len(result.trials)} trials; {s.get('requests', 0)} model requests; "
                  f"run directory {s.get('run_dir', '-')}")  # fmt: skip
    return out.getvalue()
