"""Blind audit packets: a stratified, seeded sample of each stage's units written for a
rater (evidence and questions, never the machine's answer) and a key kept apart."""

from __future__ import annotations

import csv
import io
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from promptlint.audit.units import STAGES, Unit

__all__ = ["question_id", "stratified", "write_packets"]

#: section titles the rater reads: they name what is shown, never what the machine decided
_RATER_TITLES = {"extraction": "Policy text", "encoding": "Rule encodings",
                 "triage": "Rule pairs", "witness": "Test requests",
                 "judging": "Assistant responses"}  # fmt: skip


def stratified(units: Sequence[Unit], n: int, seed: int, stage: str) -> list[Unit]:
    """``n`` units (all when fewer) spread evenly over the strata: each stratum gets an
    equal share, and what a small stratum cannot fill goes to the others. Within a stratum
    the units are drawn at random with ``seed``; the sample is then shuffled, so that
    strata are interleaved in the packet."""
    rng = random.Random(f"{seed}:{stage}")
    strata: dict[str, list[Unit]] = {}
    for u in sorted(units, key=lambda u: u.source):
        strata.setdefault(u.stratum, []).append(u)
    for name in sorted(strata):
        rng.shuffle(strata[name])
    alloc = dict.fromkeys(strata, 0)
    remaining = min(n, len(units))
    open_ = sorted(strata)
    while remaining > 0 and open_:
        share = max(1, remaining // len(open_))
        for name in list(open_):
            take = min(share, len(strata[name]) - alloc[name], remaining)
            alloc[name] += take
            remaining -= take
            if alloc[name] == len(strata[name]):
                open_.remove(name)
            if remaining == 0:
                break
    picked = [u for name in sorted(strata) for u in strata[name][: alloc[name]]]
    rng.shuffle(picked)
    return picked


def question_id(unit_id: str, name: str) -> str:
    return unit_id if name == "label" else f"{unit_id}.{name}"


def write_packets(
    units: dict[str, list[Unit]], *, per_stage: int, seed: int, stages: Sequence[str],
    run_dir: str,
) -> dict[str, str]:  # fmt: skip
    """The audit directory's files, by relative path: ``rater/`` is what the rater gets
    (``packets.md``, ``packets.jsonl``, ``labels.csv``); ``key.jsonl`` holds the machine's
    answers and the strata; ``audit.json`` the sample's design."""
    md = io.StringIO()
    md.write("# Audit packets\n\nAnswer every question from the evidence shown; write your "
             "answer in the `label` column of `labels.csv` (or as JSONL lines "
             '`{"id": ..., "label": ...}`). Each question lists its allowed answers.\n')  # fmt: skip
    jsonl: list[str] = []
    key: list[str] = []
    rows: list[list[str]] = []
    design: dict[str, Any] = {"version": 1, "run_dir": run_dir, "seed": seed,
                              "per_stage": per_stage, "stages": {}}  # fmt: skip
    for stage in STAGES:
        if stage not in stages:
            continue
        sample = stratified(units.get(stage, []), per_stage, seed, stage)
        design["stages"][stage] = {
            "population": dict(sorted(Counter(u.stratum for u in units.get(stage, [])).items())),
            "sampled": dict(sorted(Counter(u.stratum for u in sample).items())),
        }
        md.write(f"\n## {_RATER_TITLES[stage]}\n")
        if not sample:
            md.write("\nNothing to audit in this run.\n")
        for i, unit in enumerate(sample, 1):
            uid = f"{stage}-{i:03d}"
            md.write(f"\n### {uid}\n\n")
            for title, text in unit.evidence:
                md.write(f"**{title}**\n\n```text\n{text}\n```\n\n")
            for q in unit.questions:
                qid = question_id(uid, q.name)
                md.write(f"- `{qid}`: {q.text} ({' / '.join(q.choices)})\n")
                rows.append([qid, stage, q.text, "|".join(q.choices), "", ""])
                key.append(json.dumps({"id": qid, "stage": stage, "unit": uid,
                                       "question": q.name, "stratum": unit.stratum,
                                       "source": unit.source, "choices": list(q.choices),
                                       "machine": q.machine}, ensure_ascii=False))  # fmt: skip
            jsonl.append(json.dumps({
                "id": uid, "stage": stage, "evidence": dict(unit.evidence),
                "questions": [{"id": question_id(uid, q.name), "text": q.text,
                               "choices": list(q.choices)} for q in unit.questions],
            }, ensure_ascii=False))  # fmt: skip
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["id", "stage", "question", "choices", "label", "note"])
    writer.writerows(rows)
    return {
        "rater/packets.md": md.getvalue(),
        "rater/packets.jsonl": "".join(line + "\n" for line in jsonl),
        "rater/labels.csv": table.getvalue(),
        "key.jsonl": "".join(line + "\n" for line in key),
        "audit.json": json.dumps(design, indent=2) + "\n",
    }
