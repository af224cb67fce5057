"""The model-backed path on recorded answers (fixtures/recorded/README.md): the blind
planted set R, and the shared corpus when ../shared is present. Floors are the measured
figures of docs/evaluation.md, so a regression in any stage between the recorded answers
and the finding fails here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml

from policy_scoring import _matches
from promptlint.cli.app import run

REPO = Path(__file__).resolve().parents[1]
ANSWERS = REPO / "fixtures" / "recorded" / "session10.answers.jsonl"
CODES = ("PL101", "PL102", "PL103", "PL104")


def _score(policies: list[Path], labels: Path, capsys: pytest.CaptureFixture[str]) -> tuple:
    expected = found = reported = true = 0
    for p in policies:
        expect = yaml.safe_load((labels / f"{p.name}.expect.yaml").read_text("utf-8")) or {}
        expect = expect.get("expect") or []
        run(["check", "--isolated", "--no-cache", "-f", "json", "--backend", "llm",
             "--model-stages", "nominate", str(p)])  # fmt: skip
        doc = json.loads(capsys.readouterr().out)
        pairs = [(d["rules"][0]["quote"], d["rules"][1]["quote"])
                 for d in doc["diagnostics"] if d["code"] in CODES]  # fmt: skip
        expected += len(expect)
        found += sum(any(_matches(e, q) for q in pairs) for e in expect)
        reported += len(pairs)
        true += sum(any(_matches(e, q) for e in expect) for q in pairs)
    return expected, found, reported, true


@pytest.fixture
def replay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(ANSWERS))
    monkeypatch.delenv("PROMPTLINT_LLM_PENDING", raising=False)


@pytest.mark.slow
@pytest.mark.usefixtures("replay")
def test_blind_set_r_on_recorded_answers(capsys: pytest.CaptureFixture[str]) -> None:
    folder = REPO / "fixtures" / "heldout_r"
    policies = sorted(folder / p.name.removesuffix(".expect.yaml")
                      for p in folder.glob("*.expect.yaml"))  # fmt: skip
    expected, found, reported, true = _score(policies, folder, capsys)
    print(f"set R, recorded model path: recall {found}/{expected}, precision {true}/{reported}",
          file=sys.stderr)  # fmt: skip
    # measured 29/30 and 29/32 (docs/evaluation.md)
    assert found / expected >= 0.9 and true / reported >= 0.9


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.usefixtures("replay")
def test_corpus_on_recorded_answers(corpus_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = REPO / "tests" / "data" / "corpus_labels"
    policies = sorted(corpus_dir / p.name.removesuffix(".expect.yaml")
                      for p in labels.glob("*.expect.yaml"))  # fmt: skip
    expected, found, _reported, true = _score(policies, labels, capsys)
    # measured 3 of 11 found, 3 of 8 reported true (docs/evaluation.md): far below the aim
    assert expected == 11 and found >= 3 and true >= 3
