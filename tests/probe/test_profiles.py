"""Resolution profiles (WIRE eq. 10-13, 16) and Wilson intervals, as pure functions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from promptlint.profiles import (
    Z95,
    cell,
    exclusion,
    orient,
    pool,
    profile,
    profiles_by_cell,
    wilson,
)
from promptlint.witnessed import RuleLabel, Trial


def label(complies: bool | None, *, governs: bool = True, judgeable: bool = True) -> RuleLabel:
    return RuleLabel(governs, judgeable, complies, "code")


def trial(e: bool | None, lt: bool | None, *, status: str = "ok", pair: str = "p::r1::r2",
          model: str = "m", regime: str = "POT", sample: int = 0, **kw: bool) -> Trial:  # fmt: skip
    eg, lg = kw.get("eg", True), kw.get("lg", True)
    return Trial(pair, 0, model, regime, sample, status,
                 earlier=label(e, governs=eg), later=label(lt, governs=lg))  # fmt: skip


def make(cells: str, pair: str = "p::r1::r2") -> list[Trial]:
    """Trials for a string of cells, e.g. "JJEN"."""
    truth = {"J": (True, True), "E": (True, False), "L": (False, True), "N": (False, False)}
    return [trial(*truth[c], pair=pair, sample=i) for i, c in enumerate(cells)]


# --------------------------------------------------------------------------- cells


@pytest.mark.parametrize(("e", "lt", "want"), [(True, True, "J"), (True, False, "E"),
                                               (False, True, "L"), (False, False, "N")])  # fmt: skip
def test_cell_truth_table(e: bool, lt: bool, want: str) -> None:
    assert cell(e, lt) == want


def test_orient_by_file_then_line_then_column_and_is_idempotent() -> None:
    pos = {"a": (0, 9, 1), "b": (0, 8, 5), "c": (1, 1, 1), "d": (0, 8, 7)}
    assert orient("a", "b", pos) == ("b", "a")
    assert orient("b", "a", pos) == ("b", "a")
    assert orient("c", "a", pos) == ("a", "c")  # an earlier file wins over an earlier line
    assert orient("d", "b", pos) == ("b", "d")  # same line: the column decides
    assert orient(*orient("a", "b", pos), pos) == ("b", "a")


# --------------------------------------------------------------------------- support


@pytest.mark.parametrize(
    ("t", "reason"),
    [
        (trial(True, True), None),
        (trial(True, True, status="refused"), "provider refusal"),
        (trial(True, True, status="malformed"), "malformed trace"),
        (trial(True, True, status="failed"), "request failed"),
        (trial(True, True, status="step-limit"), "step limit reached"),
        (trial(True, True, eg=False), "earlier rule does not govern after generation"),
        (trial(True, True, lg=False), "later rule does not govern after generation"),
        (trial(True, True, eg=False, lg=False), "neither rule governs after generation"),
        (trial(None, True), "earlier rule not judgeable"),
        (trial(True, None), "later rule not judgeable"),
        (Trial("p", 0, "m", "POT", 0, "ok"), "not judged"),
    ],
)
def test_exclusion_reasons(t: Trial, reason: str | None) -> None:
    assert exclusion(t) == reason


def test_a_judgeable_flag_without_a_label_is_not_in_the_support() -> None:
    t = Trial("p", 0, "m", "POT", 0, "ok", earlier=RuleLabel(True, False, True, "model"),
              later=label(True))  # fmt: skip
    assert exclusion(t) == "earlier rule not judgeable"


# --------------------------------------------------------------------------- profiles


def test_profile_counts_shares_and_derived_values() -> None:
    ts = [*make("JJEEEL"), trial(True, True, status="refused"), trial(None, False)]
    p = profile(ts, policy="p", model="m", regime="POT", pair="p::r1::r2")
    assert p.counts == (2, 3, 1, 0) and p.support == 6 and p.trials == 8
    assert dict(p.excluded) == {"provider refusal": 1, "earlier rule not judgeable": 1}
    assert p.shares == pytest.approx((2 / 6, 3 / 6, 1 / 6, 0.0))
    assert p.non_joint == pytest.approx(4 / 6) and p.asymmetry == pytest.approx(2 / 6)
    assert p.intervals is not None and p.intervals[3][0] == 0.0


def test_empty_support_is_undefined_and_keeps_its_exclusions() -> None:
    p = profile([trial(True, True, status="malformed")], policy="p", model="m", regime="TAH",
                pair="x")  # fmt: skip
    assert p.support == 0 and p.shares is None and p.intervals is None
    assert p.non_joint is None and p.asymmetry is None
    d = p.to_dict()
    assert d["defined"] is False and "shares" not in d and d["excluded"] == {"malformed trace": 1}


def test_pooling_adds_counts_before_normalising() -> None:
    a = profile(make("J"), policy="p", model="m", regime="POT", pair="a")
    b = profile(make("EEE", pair="b"), policy="p", model="m", regime="POT", pair="b")
    pooled = pool([a, b], policy="p", model="m", regime="POT")
    assert pooled.counts == (1, 3, 0, 0) and pooled.pairs == 2
    assert pooled.shares is not None and pooled.shares[0] == pytest.approx(0.25)
    # the mean of the two pairs' shares would be 0.5: pooling is not averaging
    assert a.shares is not None and b.shares is not None
    assert (a.shares[0] + b.shares[0]) / 2 == pytest.approx(0.5)


def test_profiles_by_cell_groups_by_policy_model_and_regime() -> None:
    ts = make("JE", pair="a") + make("L", pair="b")
    ts += [trial(True, False, model="n", pair="a"), trial(False, False, regime="TAH", pair="a")]
    per_pair, pooled = profiles_by_cell(ts, {"a": "pol", "b": "pol"})
    got = {(p.model, p.regime, p.pair): p.counts for p in per_pair}
    assert got == {("m", "POT", "a"): (1, 1, 0, 0), ("m", "POT", "b"): (0, 0, 1, 0),
                   ("m", "TAH", "a"): (0, 0, 0, 1), ("n", "POT", "a"): (0, 1, 0, 0)}  # fmt: skip
    assert {(p.model, p.regime): p.counts for p in pooled} == {
        ("m", "POT"): (1, 1, 1, 0),
        ("m", "TAH"): (0, 0, 0, 1),
        ("n", "POT"): (0, 1, 0, 0),
    }


cells = st.text(alphabet="JELN", max_size=40)


@given(st.lists(cells, min_size=1, max_size=6))
def test_pool_equals_the_profile_of_all_trials(groups: list[str]) -> None:
    trials = [t for i, g in enumerate(groups) for t in make(g, pair=f"p{i}")]
    parts = [profile(make(g, pair=f"p{i}"), policy="p", model="m", regime="POT", pair=f"p{i}")
             for i, g in enumerate(groups)]  # fmt: skip
    pooled = pool(parts, policy="p", model="m", regime="POT")
    whole = profile(trials, policy="p", model="m", regime="POT", pair="")
    assert pooled.counts == whole.counts and pooled.shares == whole.shares


@given(cells)
def test_profile_invariants(s: str) -> None:
    p = profile(make(s), policy="p", model="m", regime="POT", pair="x")
    assert p.counts == tuple(s.count(c) for c in "JELN")
    if not s:
        assert p.shares is None
        return
    assert p.shares is not None and p.intervals is not None
    assert math.isclose(sum(p.shares), 1.0)
    assert p.non_joint == pytest.approx(1 - p.shares[0])
    assert p.asymmetry == pytest.approx(p.shares[1] - p.shares[2])
    for share, (lo, hi) in zip(p.shares, p.intervals, strict=True):
        assert 0.0 <= lo <= share <= hi <= 1.0


# --------------------------------------------------------------------------- Wilson


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    (0, 10, 0.0, 0.27754), (5, 10, 0.23659, 0.76341), (10, 10, 0.72246, 1.0),
    (1, 1, 0.20654, 1.0),
])  # fmt: skip
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=1e-5)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_share_and_is_symmetric(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    lo2, hi2 = wilson(n - k, n)
    assert lo == pytest.approx(1 - hi2, abs=1e-12) and hi == pytest.approx(1 - lo2, abs=1e-12)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_bounds_are_the_roots_of_the_score_test(kn: tuple[int, int]) -> None:
    """Each bound p inside (0, 1) satisfies (k/n - p)^2 = z^2 p (1 - p) / n."""
    k, n = kn
    for p in wilson(k, n):
        if 0.0 < p < 1.0:
            assert (k / n - p) ** 2 == pytest.approx(Z95**2 * p * (1 - p) / n, abs=1e-12)


def test_wilson_narrows_with_more_trials_and_rejects_nonsense() -> None:
    assert wilson(50, 100)[1] - wilson(50, 100)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]
    for k, n in ((0, 0), (3, 2), (-1, 4)):
        with pytest.raises(ValueError):
            wilson(k, n)
