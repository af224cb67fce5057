"""Resolution profiles (WIRE §3.3, eq. 10-13 and 16), with Wilson intervals on every share.

Pure functions over judged :class:`~promptlint.witnessed.Trial` values:

- :func:`orient` puts a pair's two rules in source order (earlier, later);
- :func:`exclusion` says why a trial is outside the support (eq. 10), or None;
- :func:`cell` maps the two compliance labels to J, E, L or N (eq. 12);
- :func:`profile` counts one cell's trials and normalises (eq. 11-13);
- :func:`pool` adds counts of several profiles *before* normalising (eq. 16);
- :func:`wilson` is the score interval of a binomial share.

A profile whose support is 0 is undefined: its shares, intervals, 1 - J and E - L are None.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

from promptlint.stats import Z95, wilson
from promptlint.witnessed import CELLS, Profile, Trial

__all__ = ["Z95", "cell", "exclusion", "orient", "pool", "profile", "profiles_by_cell", "wilson"]

_T = TypeVar("_T")


def orient(a: _T, b: _T, position: dict[_T, tuple[int, int, int]]) -> tuple[_T, _T]:
    """``(earlier, later)`` by source position ``(file index in the policy, line, column)``.

    Ties keep the given order, so orienting an oriented pair changes nothing.
    """
    return (b, a) if position[b] < position[a] else (a, b)


def cell(earlier_complies: bool, later_complies: bool) -> str:
    """J (both), E (earlier only), L (later only), N (neither)."""
    if earlier_complies:
        return "J" if later_complies else "E"
    return "L" if later_complies else "N"


def exclusion(trial: Trial) -> str | None:
    """Why ``trial`` is outside the support, or None when both rules govern after
    generation and both compliance labels are judgeable (eq. 10)."""
    if trial.status != "ok":
        return {"refused": "provider refusal", "malformed": "malformed trace",
                "step-limit": "step limit reached", "failed": "request failed"}.get(
            trial.status, trial.status)  # fmt: skip
    e, lt = trial.earlier, trial.later
    if e is None or lt is None:
        return "not judged"
    if not e.governs and not lt.governs:
        return "neither rule governs after generation"
    if not e.governs:
        return "earlier rule does not govern after generation"
    if not lt.governs:
        return "later rule does not govern after generation"
    if not (e.judgeable and e.complies is not None):
        return "earlier rule not judgeable"
    if not (lt.judgeable and lt.complies is not None):
        return "later rule not judgeable"
    return None


def _finish(
    policy: str,
    model: str,
    regime: str,
    pair: str,
    counts: Sequence[int],
    excluded: Counter[str],
    pairs: int,
) -> Profile:
    j, e, lt, n = counts
    support = j + e + lt + n
    ex = tuple(sorted(excluded.items()))
    if support == 0:
        return Profile(policy, model, regime, pair, (j, e, lt, n), ex, pairs)
    shares = (j / support, e / support, lt / support, n / support)
    intervals = tuple(wilson(k, support) for k in (j, e, lt, n))
    return Profile(policy, model, regime, pair, (j, e, lt, n), ex, pairs, shares, intervals,
                   non_joint=1 - shares[0], asymmetry=shares[1] - shares[2])  # fmt: skip


def profile(trials: Iterable[Trial], *, policy: str, model: str, regime: str, pair: str) -> Profile:
    """The profile of one pair's trials in one evaluation cell."""
    counts = dict.fromkeys(CELLS, 0)
    excluded: Counter[str] = Counter()
    for t in trials:
        reason = exclusion(t)
        if reason is not None:
            excluded[reason] += 1
            continue
        assert t.earlier is not None and t.later is not None  # in the support
        assert t.earlier.complies is not None and t.later.complies is not None
        counts[cell(t.earlier.complies, t.later.complies)] += 1
    return _finish(policy, model, regime, pair, [counts[c] for c in CELLS], excluded, 1)


def pool(profiles: Sequence[Profile], *, policy: str, model: str, regime: str) -> Profile:
    """Pool counts over profiles, then normalise (eq. 16): a pair with a large support
    weighs more than one with a small support; an undefined profile adds only exclusions."""
    counts = [sum(p.counts[i] for p in profiles) for i in range(4)]
    excluded: Counter[str] = Counter()
    for p in profiles:
        excluded.update(dict(p.excluded))
    return _finish(policy, model, regime, "", counts, excluded, sum(p.pairs for p in profiles))


def profiles_by_cell(
    trials: Iterable[Trial], policy_of: dict[str, str]
) -> tuple[list[Profile], list[Profile]]:
    """Per-pair profiles for every (pair, model, regime) with trials, and the pooled profile
    of every (policy, model, regime), each sorted by policy, model, regime and pair."""
    groups: dict[tuple[str, str, str, str], list[Trial]] = {}
    for t in trials:
        groups.setdefault((policy_of[t.pair], t.model, t.regime, t.pair), []).append(t)
    per_pair = [
        profile(ts, policy=pol, model=m, regime=r, pair=p)
        for (pol, m, r, p), ts in sorted(groups.items())
    ]
    cells: dict[tuple[str, str, str], list[Profile]] = {}
    for pr in per_pair:
        cells.setdefault((pr.policy, pr.model, pr.regime), []).append(pr)
    pooled = [pool(ps, policy=pol, model=m, regime=r) for (pol, m, r), ps in sorted(cells.items())]
    return per_pair, pooled
