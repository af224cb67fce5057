"""The cost model of docs/benchmarks.md predicts the requests a run sends: counted on the
scripted server for the example policy, per kind, with one and with three judges."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from rundirs import probe_run, project

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_cost import kind, predict


@pytest.mark.parametrize("judges", [1, 3])
def test_predicted_requests_are_the_counted_ones(tmp_path: Path, judges: int) -> None:
    cwd, env = os.getcwd(), dict(os.environ)
    try:
        root = project(tmp_path / "p")
        code, _, srv = probe_run(root, "run", "earlier,later,both,malformed", "--judges",
                                 str(judges), "-o", "out.json")  # fmt: skip
        assert code == 0
        doc = json.loads((root / "out.json").read_text())
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
    counted = Counter(kind(b) for b in srv.requests)
    assert dict(counted) == {k: v for k, v in predict(doc, judges).items() if v}
    # 3 pairs x 1 witness x 4 models x 2 samples, POT and TAH: 48 trials; "earlier" calls
    # one tool in TAH first (2 requests), "malformed" ends its trial with its first call
    assert counted["subject"] == 48 + 3 * 2
