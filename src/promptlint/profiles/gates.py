"""CI gates on resolution profiles.

- :func:`joint_floor`: each pooled profile (one policy, model and regime, its pairs'
  counts pooled) must have a joint-compliance share J of at least the bound; a pooled
  profile without support cannot show that and fails too.
- :func:`compare`: the profiles of two runs, cell by cell (a pair's cell is matched by the
  two rules' quotes, so that renumbered rules still match; a pooled cell by policy, model
  and regime). A share differs *beyond the intervals* when the two 95% Wilson intervals do
  not overlap. A drop of J beyond the intervals is a regression and fails; other shares
  that moved beyond their intervals (E, L, N, or J going up) are reported and pass.
  Non-overlap of two 95% intervals is a conservative test (for equal supports it rejects
  at about p < 0.006), so a failing gate is a real change, not noise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from promptlint.witnessed import CELLS, Profile

__all__ = ["Gate", "compare", "joint_floor"]


@dataclass(frozen=True, slots=True)
class Gate:
    """One checked cell of a gate."""

    #: "joint-floor" or "baseline"
    gate: str
    policy: str
    model: str
    regime: str
    #: "pooled", or the pair as "earlier rule vs later rule"
    cell: str
    failed: bool
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {"gate": self.gate, "policy": self.policy, "model": self.model,
                "regime": self.regime, "cell": self.cell, "failed": self.failed,
                "detail": self.detail}  # fmt: skip


def _share(p: Profile, i: int) -> str:
    assert p.shares is not None and p.intervals is not None
    lo, hi = p.intervals[i]
    return f"{100 * p.shares[i]:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}, n={p.support})"


def joint_floor(profiles: Sequence[Profile], bound: float) -> list[Gate]:
    """Every pooled profile against ``J >= bound``."""
    out = []
    for p in profiles:
        if p.pair:
            continue
        if p.shares is None:
            out.append(Gate("joint-floor", p.policy, p.model, p.regime, "pooled", True,
                            "J undefined: no trial in the support"))  # fmt: skip
            continue
        low = p.shares[0] < bound
        out.append(Gate("joint-floor", p.policy, p.model, p.regime, "pooled", low,
                        f"J {_share(p, 0)} {'<' if low else '>='} {bound:g}"))  # fmt: skip
    return out


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def compare(
    baseline: Sequence[Profile],
    current: Sequence[Profile],
    names: dict[str, tuple[str, str]],
    baseline_names: dict[str, tuple[str, str]],
) -> list[Gate]:
    """Cells of ``current`` against the same cells of ``baseline``. ``names`` and
    ``baseline_names`` map each run's pair keys to the pair's two quotes."""

    def key(p: Profile, quotes: dict[str, tuple[str, str]]) -> tuple[str, ...]:
        return (p.policy, p.model, p.regime, *(quotes.get(p.pair, (p.pair, "")) if p.pair else ()))

    before = {key(p, baseline_names): p for p in baseline}
    out = []
    seen = set()
    for p in current:
        k = key(p, names)
        seen.add(k)
        cell = "pooled" if not p.pair else f"{p.pair.split('::', 1)[-1].replace('::', ' vs ')}"
        old = before.get(k)
        if old is None:
            out.append(Gate("baseline", p.policy, p.model, p.regime, cell, False,
                            "not compared: the baseline has no such cell"))  # fmt: skip
            continue
        if p.shares is None or old.shares is None:
            which = "this run" if p.shares is None else "the baseline"
            out.append(Gate("baseline", p.policy, p.model, p.regime, cell, False,
                            f"not compared: no support in {which}"))  # fmt: skip
            continue
        assert p.intervals is not None and old.intervals is not None
        moved = [i for i in range(4) if not _overlap(p.intervals[i], old.intervals[i])]
        regressed = 0 in moved and p.shares[0] < old.shares[0]
        detail = "; ".join(f"{CELLS[i]} {_share(old, i)} -> {_share(p, i)}" for i in (moved or [0]))
        verdict = ("J dropped beyond the intervals" if regressed else
                   "moved beyond the intervals" if moved else "within the intervals")  # fmt: skip
        out.append(Gate("baseline", p.policy, p.model, p.regime, cell, regressed,
                        f"{verdict}: {detail}"))  # fmt: skip
    for k, old in before.items():
        if k not in seen:
            cell = "pooled" if not old.pair else old.pair.split("::", 1)[-1].replace("::", " vs ")
            out.append(Gate("baseline", old.policy, old.model, old.regime, cell, False,
                            "not compared: this run has no such cell"))  # fmt: skip
    return out
