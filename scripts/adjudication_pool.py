"""Build a blind adjudication pool: every labelled conflict, 15 sampled labelled look-alikes
and every collision `check --backend llm --model-stages nominate --sweep` reports that no
label names, shuffled and numbered, grouped by policy file into two item files for two
adjudicators, with the key (where each pair came from) kept apart.

    PROMPTLINT_LLM_REPLAY=fixtures/recorded/session17.answers.jsonl \
        python scripts/adjudication_pool.py OUT_DIR [NAME:POLICY_DIR:LABEL_DIR[+LABEL_DIR]...]

Without sets, the three real sets of session 11. With sets, every label folder given for a
set is pooled (a second labelling of the same prompts), a pair two folders label is one
item, and the reports of one reading are pooled with the sweep's.
"""

import json
import random
import sys
from collections import Counter
from pathlib import Path

import yaml
from score import collisions, matches, run_check

random.seed(11)
REPO = Path(__file__).resolve().parents[1]
OUT = Path(sys.argv[1])
OUT.mkdir(parents=True, exist_ok=True)
sets = [
    ("corpus", REPO.parent / "shared" / "corpus", [REPO / "tests/data/corpus_labels"]),
    ("extra", REPO / "tests/data/real_prompts", [REPO / "tests/data/real_labels"]),
    ("new", REPO / "tests/data/real_prompts/new", [REPO / "tests/data/real_labels_new"]),
]
runs = [["--sweep"]]
if len(sys.argv) > 2:
    sets = [(n, Path(p), [Path(x) for x in ls.split("+")])
            for n, p, ls in (a.split(":") for a in sys.argv[2:])]  # fmt: skip
    runs = [[], ["--sweep"]]
items = []
oks = []
for name, pdir, ldirs in sets:
    for lab in sorted(ldirs[0].glob("*.expect.yaml")):
        pol = pdir / lab.name.removesuffix(".expect.yaml")
        if not pol.is_file() or pol.suffix == ".go":
            continue
        expect = []
        for ldir in ldirs:
            spec = yaml.safe_load((ldir / lab.name).read_text()) or {}
            for key, into in (("expect", items), ("ok", oks)):
                for e in spec.get(key) or []:
                    if key == "expect" and any(matches(x["rules"], tuple(e["rules"])) or
                                               matches(e["rules"], tuple(x["rules"]))
                                               for x in expect):  # fmt: skip
                        continue  # the other labelling's pair
                    if key == "expect":
                        expect.append(e)
                    into.append({"file": str(pol), "a": e["rules"][0], "b": e["rules"][1],
                                 "lines": e.get("lines"), "kind": f"labelled-{key}",
                                 "set": name, "labels": ldir.name})  # fmt: skip
        seen: list[tuple[str, str]] = []
        for run in runs:
            args = ["--backend", "llm", "--model-stages", "nominate", *run]
            doc = json.loads(run_check(pol, args).stdout)
            for d in collisions(doc):
                q = (d["rules"][0]["quote"], d["rules"][1]["quote"])
                if q in seen or q[::-1] in seen:
                    continue
                seen.append(q)
                if any(matches(e["rules"], q) for e in expect):
                    continue
                items.append(
                    {
                        "file": str(pol),
                        "a": q[0],
                        "b": q[1],
                        "lines": [d["rules"][0]["line"], d["rules"][1]["line"]],
                        "kind": "reported-unlabelled",
                        "set": name,
                        "source": d["data"].get("source", "triage"),
                    }
                )
random.shuffle(oks)
items += oks[:15]
random.shuffle(items)
for i, it in enumerate(items, 1):
    it["id"] = f"P{i:03d}"
(OUT / "key.json").write_text(json.dumps(items, indent=1, ensure_ascii=False))
by_file = {}
for it in items:
    by_file.setdefault(it["file"], []).append(it)
files = sorted(by_file, key=lambda f: -len(by_file[f]))
halves = [[], []]
load = [0, 0]
for f in files:
    i = load.index(min(load))
    halves[i].append(f)
    load[i] += len(by_file[f]) + 3
for h, fs in enumerate(halves):
    lines = []
    for f in fs:
        lines.append(f"## Policy file: {f}\n")
        for it in sorted(by_file[f], key=lambda x: x["id"]):
            ln = it.get("lines") or ["?", "?"]
            lines.append(
                f'- {it["id"]}: rule A (line {ln[0]}): "{" ".join(it["a"].split())}"\n  rule B (line {ln[1]}): "{" ".join(it["b"].split())}"\n'
            )
        lines.append("")
    (OUT / f"items_{h}.md").write_text("\n".join(lines))
print(Counter(it["kind"] for it in items), load)
