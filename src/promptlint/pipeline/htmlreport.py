"""The HTML report of a run directory: the run read back, the pools across subject
models computed here (the profiles stage pools, the report stage draws)."""

from __future__ import annotations

from pathlib import Path

from promptlint.witnessed import Profile, RunView

__all__ = ["across_models", "render_run_html"]


def across_models(view: RunView) -> list[Profile]:
    """Each policy's profile per regime pooled over every subject model (WIRE Table 2),
    then all policies together as policy "All"."""
    from promptlint.profiles import pool

    pooled = [p for p in view.result.profiles if not p.pair]
    cells: dict[tuple[str, str], list[Profile]] = {}
    for p in pooled:
        cells.setdefault((p.policy, p.regime), []).append(p)
        cells.setdefault(("All", p.regime), []).append(p)
    order = sorted(cells, key=lambda k: (k[0] == "All", k))
    return [pool(cells[k], policy=k[0], model="all models", regime=k[1]) for k in order]


def render_run_html(run_dir: Path) -> str:
    from promptlint.pipeline.rundir import load_run
    from promptlint.report.html import render_html

    view = load_run(run_dir)
    return render_html(view, across_models(view))
