"""Small exact statistics shared by the profiles, the CI gates and the audits.

- :func:`wilson` is the score interval of a binomial share (Wilson 1927);
- :func:`cohen_kappa` is Cohen's kappa of two raters over nominal labels, computed with
  fractions, with the large-sample standard error of Fleiss, Cohen and Everitt (1969),
  the interval kappa +- z * SE clipped to [-1, 1] (the method statsmodels'
  ``cohens_kappa`` and SPSS report);
- :func:`two_proportion_z` is the pooled two-proportion z statistic.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Z95", "Kappa", "cohen_kappa", "two_proportion_z", "wilson"]

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (``n > 0``)."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # rounding can push the bounds a hair past the share at k = 0 or k = n
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class Kappa:
    """Agreement of two raters on ``n`` items."""

    n: int
    #: observed agreement p_o and chance agreement p_e, exact
    observed: Fraction
    expected: Fraction
    #: None when p_e = 1 (both raters gave every item one and the same label)
    kappa: Fraction | None
    #: large-sample standard error (Fleiss, Cohen & Everitt 1969); None with kappa
    se: float | None
    interval: tuple[float, float] | None


def cohen_kappa(pairs: Sequence[tuple[str, str]], z: float = Z95) -> Kappa:
    """Cohen's kappa of ``(rater_a, rater_b)`` label pairs (``len(pairs) > 0``).

    kappa = (p_o - p_e) / (1 - p_e) with p_o the share of items both raters labelled alike
    and p_e = sum over labels of the product of the two raters' shares of that label.
    """
    n = len(pairs)
    if n == 0:
        raise ValueError("kappa needs at least one labelled item")
    cells = Counter(pairs)
    labels = sorted({a for a, _ in pairs} | {b for _, b in pairs})
    row = Counter(a for a, _ in pairs)
    col = Counter(b for _, b in pairs)
    p = {k: Fraction(v, n) for k, v in cells.items()}
    pr = {k: Fraction(row[k], n) for k in labels}
    pc = {k: Fraction(col[k], n) for k in labels}
    po = sum((p.get((k, k), Fraction(0)) for k in labels), Fraction(0))
    pe = sum((pr[k] * pc[k] for k in labels), Fraction(0))
    if pe == 1:
        return Kappa(n, po, pe, None, None, None)
    kappa = (po - pe) / (1 - pe)
    # Fleiss, Cohen & Everitt (1969), eq. 13: the variance not assuming kappa = 0
    a = sum(
        (p.get((k, k), Fraction(0)) * (1 - (pr[k] + pc[k]) * (1 - kappa)) ** 2 for k in labels),
        Fraction(0),
    )
    b = (1 - kappa) ** 2 * sum(
        (v * (pc[i] + pr[j]) ** 2 for (i, j), v in p.items() if i != j), Fraction(0)
    )
    c = (kappa - pe * (1 - kappa)) ** 2
    variance = (a + b - c) / (n * (1 - pe) ** 2)
    se = math.sqrt(max(0.0, float(variance)))
    k = float(kappa)
    return Kappa(n, po, pe, kappa, se, (max(-1.0, k - z * se), min(1.0, k + z * se)))


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> float | None:
    """The pooled two-proportion z statistic of k1/n1 against k2/n2; None when it is not
    defined (an empty sample, or both shares 0 or both 1)."""
    if n1 <= 0 or n2 <= 0:
        return None
    pooled = (k1 + k2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return None
    return (k1 / n1 - k2 / n2) / math.sqrt(var)
