"""Audits (WIRE §5.5, Table 5): blind packets from a probe run, sampled by stratum with a
seed, and the rater's agreement with the pipeline: a hand-made label file with known
agreement gives the percentages and kappa computed by hand below, exactly."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from rundirs import probe_run, project

from promptlint.audit import stratified, units_of
from promptlint.cli import run
from promptlint.pipeline.rundir import load_run
from promptlint.stats import cohen_kappa, wilson


def _pairs(table: list[list[int]], labels: str = "ab") -> list[tuple[str, str]]:
    return [(labels[i], labels[j]) for i, row in enumerate(table)
            for j, v in enumerate(row) for _ in range(v)]  # fmt: skip


def test_kappa_and_its_standard_error_by_hand() -> None:
    # rows: first rater, columns: second; [[4, 1], [1, 4]], n = 10
    # p_o = 8/10; both raters say a half of the time: p_e = .5 * .5 + .5 * .5 = 1/2
    # kappa = (4/5 - 1/2) / (1 - 1/2) = 3/5
    # Fleiss-Cohen-Everitt: A = 2 * .4 * (1 - 1 * .4)^2 = .288; B = .4^2 * (.1 + .1) = .032;
    # C = (.6 - .5 * .4)^2 = .16; var = (.288 + .032 - .16) / (10 * .25) = .064
    k = cohen_kappa(_pairs([[4, 1], [1, 4]]))
    assert (k.observed, k.expected, k.kappa) == (Fraction(4, 5), Fraction(1, 2), Fraction(3, 5))
    assert k.se == pytest.approx(0.064**0.5, abs=1e-15)
    # statsmodels 0.14 cohens_kappa gives std_kappa 0.2529822128134703 and a lower bound of
    # 0.10416397415635087 for this table (its upper bound, 1.0958, is clipped here to 1)
    assert k.interval == pytest.approx((0.10416397415635087, 1.0), abs=1e-12)
    # three labels: statsmodels gives kappa 0.6153846153846154, std 0.08562924542599365
    k3 = cohen_kappa(_pairs([[20, 5, 1], [3, 15, 2], [0, 4, 10]], "abc"))
    assert k3.kappa == Fraction(8, 13) and k3.se == pytest.approx(0.08562924542599365, 1e-12)
    # both raters always say "a": chance agreement is 1 and kappa is undefined
    assert cohen_kappa([("a", "a")] * 3).kappa is None
    # the machine always says "a", the rater not: kappa 0 by construction
    assert cohen_kappa([("a", "a"), ("a", "b")]).kappa == 0


def _key(stage: str, rows: list[tuple[str, str, str, str]]) -> list[dict[str, Any]]:
    """(id, question, stratum, machine) -> key lines."""
    choices = ["yes", "no", "n/a"] if stage == "judging" else ["yes", "no"]
    return [{"id": i, "stage": stage, "unit": i.split(".")[0], "question": q, "stratum": s,
             "source": i, "choices": choices if q.endswith("complies") else ["yes", "no"],
             "machine": m} for i, q, s, m in rows]  # fmt: skip


def _hand_made(tmp_path: Path) -> tuple[Path, list[tuple[str, str]]]:
    """An audit directory's key and the rater's labels, as (id, label)."""
    # triage, 10 pairs: machine yes 4 (candidates), no 6; the rater agrees on 3 yes, 5 no
    triage = _key("triage", [(f"triage-{i:03d}", "label",
                              "candidate" if i <= 4 else "non-candidate, shared surface",
                              "yes" if i <= 4 else "no") for i in range(1, 11)])  # fmt: skip
    triage_labels = ["yes", "yes", "yes", "no", "yes", "no", "no", "no", "no", "no"]
    # judging, 2 trials x 4 labels
    judging = _key("judging", [
        ("judging-001.a_governs", "a_governs", "J", "yes"),
        ("judging-001.a_complies", "a_complies", "J", "yes"),
        ("judging-001.b_governs", "b_governs", "J", "yes"),
        ("judging-001.b_complies", "b_complies", "J", "no"),
        ("judging-002.a_governs", "a_governs", "outside support", "yes"),
        ("judging-002.a_complies", "a_complies", "outside support", "n/a"),
        ("judging-002.b_governs", "b_governs", "outside support", "no"),
        ("judging-002.b_complies", "b_complies", "outside support", "yes"),
    ])  # fmt: skip
    judging_labels = ["yes", "yes", "no", "no", "yes", "n/a", "no", "no"]
    # encoding, 3 rules: the machine says every encoding is faithful; one unlabelled
    encoding = _key("encoding", [(f"encoding-{i:03d}", "label", "conditional", "yes")
                                 for i in range(1, 4)])  # fmt: skip
    encoding_labels = ["yes", "no", ""]
    key = triage + judging + encoding
    (tmp_path / "audit").mkdir()
    (tmp_path / "audit" / "key.jsonl").write_text("".join(json.dumps(r) + "\n" for r in key))
    labels = [r["id"] for r in key]
    return tmp_path / "audit", list(
        zip(labels, triage_labels + judging_labels + encoding_labels, strict=True)
    )


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_score_of_a_hand_made_label_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    audit, labels = _hand_made(tmp_path)
    path = tmp_path / f"labels.{fmt}"
    if fmt == "csv":
        with path.open("w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["id", "stage", "label", "note"])
            w.writerows([i, i.split("-")[0], lab, ""] for i, lab in labels)
    else:  # blank labels are simply absent from a JSONL file
        path.write_text("".join(json.dumps({"id": i, "label": lab.upper()}) + "\n"
                                for i, lab in labels if lab))  # fmt: skip
    assert run(["audit", "score", str(audit), str(path), "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == json.loads((audit / "scores.json").read_text())
    stages = {s["stage"]: s for s in doc["stages"]}

    triage = stages["triage"]
    # machine x rater: yes/yes 3, yes/no 1, no/yes 1, no/no 5; p_o = 8/10
    # machine yes .4, rater yes .4: p_e = .4 * .4 + .6 * .6 = .52
    # kappa = (.8 - .52) / (1 - .52) = .28 / .48 = 7/12
    assert triage["agreement_pct"] == 80.0 and triage["labels"] == 10
    assert triage["kappa_exact"] == "7/12" and triage["kappa"] == 7 / 12
    assert triage["agreement_interval_pct"] == pytest.approx([100 * x for x in wilson(8, 10)])
    assert triage["notes"] == ["missed conflicts: 1 of 6 (16.7%) non-candidate pairs",
                               "confirmed: 3 of 4 (75.0%) candidates"]  # fmt: skip

    judging = stages["judging"]
    # 8 labels, 6 alike: 75%. Machine: yes 5, no 2, n/a 1; rater: yes 3, no 4, n/a 1
    # p_e = (5 * 3 + 2 * 4 + 1 * 1) / 64 = 3/8; kappa = (3/4 - 3/8) / (5/8) = 3/5
    assert judging["agreement_pct"] == 75.0 and judging["kappa_exact"] == "3/5"
    assert judging["units"] == 2 and judging["notes"] == ["2 trials / 8 labels"]
    # governs: machine y y y n, rater y n y n: 3/4; p_e = (3*2 + 1*2)/16 = 1/2: kappa 1/2
    assert judging["by_question"]["governs"]["agreement_pct"] == 75.0
    assert judging["by_question"]["governs"]["kappa_exact"] == "1/2"
    # complies: machine y n n/a y, rater y n n/a n: 3/4;
    # p_e = (2*1 + 1*2 + 1*1)/16 = 5/16; kappa = (12/16 - 5/16) / (11/16) = 7/11
    assert judging["by_question"]["complies"]["kappa_exact"] == "7/11"

    encoding = stages["encoding"]
    # the machine says "yes" throughout: 1 of 2 labelled agree, kappa 0, one left blank
    assert encoding["agreement_pct"] == 50.0 and encoding["kappa_exact"] == "0"
    assert encoding["unlabelled"] == 1 and encoding["questions"] == 3
    assert any("kappa is 0 or undefined by construction" in n for n in encoding["notes"])

    assert run(["audit", "score", str(audit), str(path)]) == 0
    table = capsys.readouterr().out
    assert "Triage (non-candidates)" in table and "80.0% (49.0-94.3)" in table
    assert "0.583 (" in table and "(1 questions unlabelled)" in table


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("id,label\ntriage-001,yes\nnope-9,yes\n", "labels.csv:3: PL001 unknown question id 'nope-9'"),
        ("id,label\ntriage-001,maybe\n", "labels.csv:2: PL001 label 'maybe' for triage-001 is not one of yes, no"),
        ("id,label\ntriage-001,yes\ntriage-001,no\n", "labels.csv:3: PL001 triage-001 is labelled twice"),
        ("question,answer\n", "labels.csv:1: PL001 the labels CSV needs the columns id and label"),
    ],
)  # fmt: skip
def test_bad_labels_are_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    audit, _ = _hand_made(tmp_path)
    (tmp_path / "labels.csv").write_text(body)
    assert run(["audit", "score", str(audit), str(tmp_path / "labels.csv")]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0].endswith(message) and "Traceback" not in err


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import os

    cwd, env = os.getcwd(), dict(os.environ)
    root = project(tmp_path_factory.mktemp("audit") / "p")
    try:
        code, run_dir, _ = probe_run(root, "run")
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
    assert code == 0
    return root / run_dir


def test_every_stage_has_units_both_ways(finished_run: Path) -> None:
    units = units_of(load_run(finished_run))
    strata = {stage: {u.stratum for u in us} for stage, us in units.items()}
    assert strata["extraction"] == {"extracted", "not extracted"}
    assert strata["triage"] >= {"candidate", "non-candidate, different surfaces"}
    assert {"tier 1, accepted", "tier 1, rejected"} <= strata["witness"]
    assert strata["judging"] == {"J", "E", "L"}
    # 8 rules: C(8, 2) = 28 pairs, 3 of them candidates
    assert len(units["triage"]) == 28
    assert sum(u.stratum == "candidate" for u in units["triage"]) == 3
    # refusals are not judged: 3 pairs x 3 answering subjects x 2 regimes x 2 samples
    assert len(units["judging"]) == 36 and all(len(u.questions) == 4 for u in units["judging"])


def test_stratified_sample_is_even_seeded_and_complete(finished_run: Path) -> None:
    units = units_of(load_run(finished_run))["triage"]
    sample = stratified(units, 9, seed=1, stage="triage")
    counts = {s: sum(u.stratum == s for u in sample) for s in {u.stratum for u in units}}
    # strata of 3, 1 and 24 pairs, 9 to draw: a third each, then the one-pair stratum's
    # unused share goes to the only stratum left open
    assert counts == {"candidate": 3, "non-candidate, shared surface": 1,
                      "non-candidate, different surfaces": 5}  # fmt: skip
    assert stratified(units, 9, seed=1, stage="triage") == sample
    assert stratified(units, 9, seed=2, stage="triage") != sample
    assert len(stratified(units, 1000, seed=0, stage="triage")) == len(units)


def test_export_is_blind_and_scores_back(
    finished_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a"
    assert run(["audit", "export", str(finished_run), "-o", str(out), "--per-stage", "12"]) == 0
    capsys.readouterr()
    rater = "".join(p.read_text() for p in (out / "rater").iterdir())
    key = [json.loads(line) for line in (out / "key.jsonl").read_text().splitlines()]
    # the rater sees no verdict, stratum, rationale or judge reason
    for word in ("machine", "stratum", "accepted", "rejected", "candidate", "rationale",
                 "reason"):  # fmt: skip
        assert word not in rater.lower(), word
    assert {r["stage"] for r in key} == {"extraction", "encoding", "triage", "witness", "judging"}
    design = json.loads((out / "audit.json").read_text())["stages"]
    assert design["judging"]["sampled"] == {"E": 4, "J": 4, "L": 4}
    # a second export refuses to overwrite the first
    assert run(["audit", "export", str(finished_run), "-o", str(out)]) == 2
    assert "already holds an audit" in capsys.readouterr().err
    # the rater agrees with the machine everywhere but one judging label
    rows = list(csv.DictReader((out / "rater" / "labels.csv").read_text().splitlines()))
    machine = {r["id"]: r["machine"] for r in key}
    flipped = next(r["id"] for r in key if r["stage"] == "judging" and r["machine"] == "yes")
    with (tmp_path / "labels.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for r in rows:
            w.writerow({**r, "label": "no" if r["id"] == flipped else machine[r["id"]]})
    assert run(["audit", "score", str(out), str(tmp_path / "labels.csv"), "-f", "json"]) == 0
    stages = {s["stage"]: s for s in json.loads(capsys.readouterr().out)["stages"]}
    assert stages["judging"]["labels"] == 48 and stages["judging"]["agree"] == 47
    assert stages["triage"]["agreement_pct"] == 100.0 and stages["triage"]["kappa"] == 1.0


def test_export_of_something_that_is_not_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["audit", "export", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path}: PL003 no manifest.json") and "Traceback" not in err
    assert run(["audit", "export", str(tmp_path), "--stages", "triage,vibes"]) == 2
    assert "invalid stage 'vibes'" in capsys.readouterr().err
