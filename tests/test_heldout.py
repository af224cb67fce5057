"""Generalisation: the same pipeline scored on sets the patterns were not written for.

`fixtures/ifeval/` pairs IFEval's instruction phrasings; `fixtures/ifbench/` pairs
templates of later verifiable-instruction benchmarks (IFBench, open-instruct, ...);
`fixtures/heldout/` holds policies written by someone who did not read the patterns.
The target is recall and precision >= 0.8 on each; a set below the target is held to
the floor last measured (docs/evaluation.md), so a regression fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from policy_scoring import Score, policy_files, score_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TARGET = 0.8
#: set -> (recall floor, precision floor) while a set is below the target
FLOORS = {
    "heldout_c": (0.7, 0.8),
    "heldout_j": (0.75, 0.8),
    "heldout_k": (0.55, 0.7),
    "heldout_l": (0.55, 0.8),
    "heldout_m": (0.7, 0.8),
    "heldout_n": (0.55, 0.8),
    "heldout_o": (0.4, 0.7),
    "heldout_p": (0.4, 0.7),
    "heldout_q": (0.45, 0.8),
    # scored blind offline at 3eae6de: 0.13 / 0.80; 0.13 / 1.00 after a part of the output
    # ("open the description with") stopped reading as the reply's first section. Its
    # conflicts lean on context and world knowledge, which the offline path leaves to the
    # model-backed one.
    "heldout_r": (0.13, 0.95),
}


@pytest.mark.parametrize(
    "name",
    [
        "ifeval",
        "ifbench",
        "heldout",
        "heldout_b",
        "heldout_c",
        "heldout_d",
        "heldout_e",
        "heldout_f",
        "heldout_g",
        "heldout_h",
        "heldout_i",
        "heldout_j",
        "heldout_k",
        "heldout_l",
        "heldout_m",
        "heldout_n",
        "heldout_o",
        "heldout_p",
        "heldout_q",
        "heldout_r",
    ],
)
def test_generalisation(name: str) -> None:
    folder = FIXTURES / name
    files = policy_files(folder) if folder.is_dir() else []
    if not files:
        pytest.skip(f"fixtures/{name} has no scored policies")
    total = Score()
    for f in files:
        total.add(score_file(f))
    print(f"{name}: policies={len(files)} expected={total.expected} found={total.found} "
          f"reported={total.reported} recall={total.recall:.2f} precision={total.precision:.2f}")  # fmt: skip
    for m in total.misses:
        print("  miss:", m)
    for fp in total.false_positives:
        print("  false positive:", fp)
    recall_floor, precision_floor = FLOORS.get(name, (TARGET, TARGET))
    assert total.recall >= recall_floor and total.precision >= precision_floor
