"""Findings that name their resolution profiles: `promptlint probe` leaves
``profiles.json`` in its run directory; `check` reads the newest ones (cheaply: no
probe machinery is imported) and adds each pair's profiles to its finding."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from promptlint.diagnostics import Diagnostic

__all__ = ["PROFILES", "link_profiles", "norm_quote"]

PROFILES = "profiles.json"


def norm_quote(text: str) -> str:
    return " ".join(text.split())


def link_profiles(diagnostics: Sequence[Diagnostic], base: Path) -> list[Diagnostic]:
    """Collision findings with the profiles the newest probe run measured for their pair
    (``data.profiles``: model, regime, J/E/L/N counts and shares, the run directory)."""
    runs = sorted(base.glob(".promptlint_runs/*/" + PROFILES),
                  key=lambda f: f.stat().st_mtime, reverse=True)  # fmt: skip
    if not runs:
        return list(diagnostics)
    index: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for f in runs:
        try:
            rows = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a run being written, or a damaged one: no link rather than a guess
        seen_here: set[tuple[str, str, str]] = set()
        for row in rows if isinstance(rows, list) else ():
            try:
                key = (str(Path(row["policy"]).resolve()), *row["quotes"])
            except (KeyError, TypeError, ValueError):
                continue
            if key in index and key not in seen_here:
                continue  # a newer run measured this pair already
            seen_here.add(key)
            index.setdefault(key, []).append({**{k: row.get(k) for k in (
                "model", "regime", "counts", "shares", "non_joint", "asymmetry")},
                "run": str(f.parent)})  # fmt: skip
    out = []
    for d in diagnostics:
        if d.category.value == "collision" and len(d.rules) == 2:
            key = (str(Path(d.path).resolve()), norm_quote(d.rules[0].quote),
                   norm_quote(d.rules[1].quote))  # fmt: skip
            found = index.get(key)
            if found:
                d = replace(d, data={**d.data, "profiles": found})
        out.append(d)
    return out
