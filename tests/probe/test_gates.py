"""CI gates on behaviour: ``--fail-under-joint`` fails when a pooled J is below the bound;
``--baseline`` fails when a J share dropped beyond the 95% Wilson intervals of the two
runs, and not when the drop is within them; both write a GitHub step summary."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rundirs import Aliased, probe_run, project

QUESTION = "r6 vs r7"


@pytest.fixture
def root(tmp_path: Path) -> Iterator[Path]:
    cwd, env = os.getcwd(), dict(os.environ)
    os.environ.pop("GITHUB_STEP_SUMMARY", None)
    try:
        yield project(tmp_path / "p")
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)


def _probe(root: Path, run_dir: str, behaviour: str, samples: int, *extra: str) -> tuple[int, Any]:
    """Subject "subject" behaving as the scripted ``behaviour``; answers kept in the run
    directory only, so that a second run asks the server again."""
    out = root / f"{run_dir}.json"
    code, _, _ = probe_run(root, run_dir, "subject", "--no-cache", "--samples", str(samples),
                           "-o", str(out), *extra,
                           script=Aliased({"subject": behaviour}))  # fmt: skip
    return code, json.loads(out.read_text())


def _gate(doc: dict[str, Any], gate: str, regime: str, cell: str) -> dict[str, Any]:
    (found,) = [g for g in doc["gates"]
                if (g["gate"], g["regime"], g["cell"]) == (gate, regime, cell)]  # fmt: skip
    return found


def test_fail_under_joint(root: Path) -> None:
    # "both" follows both rules on the question pair only: pooled J = 2 / 6 per regime
    code, doc = _probe(root, "a", "both", 2, "--fail-under-joint", "0.3")
    assert code == 0
    assert _gate(doc, "joint-floor", "POT", "pooled")["detail"].startswith("J 33.3% (")
    code, doc = _probe(root, "b", "both", 2, "--fail-under-joint", "0.6")
    assert code == 1
    failed = [g for g in doc["gates"] if g["failed"]]
    assert {(g["regime"], g["cell"]) for g in failed} == {("POT", "pooled"), ("TAH", "pooled")}
    assert "< 0.6" in failed[0]["detail"]


def test_a_drop_beyond_the_intervals_fails_and_one_within_passes(
    root: Path, tmp_path: Path
) -> None:
    # baseline: on the question pair the subject follows both rules, 5 of 5 per regime:
    # Wilson (56.6%, 100%)
    assert _probe(root, "base5", "both", 5)[0] == 0
    # now it follows the earlier rule only, 0 of 5: Wilson (0%, 43.4%): no overlap, J fell
    summary = tmp_path / "summary.md"
    code, doc = _probe(root, "now5", "earlier", 5, "--baseline", "base5",
                       "--step-summary", str(summary))  # fmt: skip
    assert code == 1
    gate = _gate(doc, "baseline", "POT", QUESTION)
    assert gate["failed"] and gate["detail"].startswith("J dropped beyond the intervals: J 100.0%")
    # the pooled J fell from 5/15 to 0/15: Wilson (15.2%, 58.3%) and (0%, 20.4%) overlap
    assert not _gate(doc, "baseline", "POT", "pooled")["failed"]
    # the other pairs did not move
    assert _gate(doc, "baseline", "POT", "r1 vs r2")["detail"].startswith("within the intervals")
    text = summary.read_text()
    assert "## promptlint probe" in text and "**2 gates failed**" in text
    assert "| FAIL | baseline | bot.md | subject | POT | r6 vs r7 | J dropped" in text

    # the same drop on 2 samples: Wilson (34.2%, 100%) and (0%, 65.8%) overlap: passes
    assert _probe(root, "base2", "both", 2)[0] == 0
    code, doc = _probe(root, "now2", "earlier", 2, "--baseline", "base2")
    assert code == 0
    gate = _gate(doc, "baseline", "POT", QUESTION)
    assert not gate["failed"] and gate["detail"].startswith("within the intervals: J 100.0%")


def test_step_summary_from_the_environment_and_a_bad_baseline(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = root.parent / "gh-summary.md"
    summary.write_text("earlier step\n")
    os.environ["GITHUB_STEP_SUMMARY"] = str(summary)
    assert _probe(root, "a", "later", 1)[0] == 0
    text = summary.read_text()
    assert text.startswith("earlier step\n## promptlint probe")  # appended, as GitHub expects
    assert (
        "| bot.md | subject | POT | 3 | 3 | 0.0% (0-56) | 0.0% (0-56) | 100.0% (44-100) | 0.0% (0-56) | 100.0% | -100.0 |"
        in text
    )
    code, _, srv = probe_run(root, "b", "subject", "--baseline", "nowhere")
    assert code == 2 and srv.requests == []
    assert "nowhere: PL003 no manifest.json" in capsys.readouterr().err
