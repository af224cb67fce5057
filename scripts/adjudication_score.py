"""Score `check --backend llm --model-stages nominate [--sweep]` against a blind adjudication.

    PROMPTLINT_LLM_REPLAY=fixtures/recorded/session17.answers.jsonl \
        python scripts/adjudication_score.py tests/data/adjudication_s11 [--sweep] \
        [--model-stages nominate,vet]

The folder holds ``key.json`` (the pooled pairs: every labelled conflict, sampled labelled
look-alikes and the unlabelled reports, with where each came from; written by
``scripts/adjudication_pool.py``) and ``verdicts_*.jsonl`` (the adjudicators' verdicts, given
without knowing where a pair came from). Per set it prints: reports; reports that are
labelled; reports that are labelled or judged genuine ("union"); reports the adjudicators
judged genuine ("adj_true"); labelled conflicts and how many were found; and the same for
the labelled conflicts the adjudicators confirmed.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from score import collisions, matches, run_check


def main(folder: Path, extra: list[str]) -> None:
    stages = [] if "--model-stages" in extra else ["--model-stages", "nominate"]
    extra = ["--backend", "llm", *stages, *extra]
    key = json.loads((folder / "key.json").read_text("utf-8"))
    genuine: dict[str, bool] = {}
    for f in sorted(folder.glob("verdicts_*.jsonl")):
        for line in f.read_text("utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                genuine[d["id"]] = d["verdict"] == "conflict"
    res: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for path in sorted({it["file"] for it in key}):
        items = [it for it in key if it["file"] == path]
        r = res[items[0]["set"]]
        doc = json.loads(run_check(path, extra).stdout)
        reports = [(d["rules"][0]["quote"], d["rules"][1]["quote"]) for d in collisions(doc)]
        for q in reports:
            r["reported"] += 1
            labelled = [it for it in items if it["kind"] == "labelled-expect"
                        and matches((it["a"], it["b"]), q)]  # fmt: skip
            judged = [it for it in items if it["kind"] == "reported-unlabelled"
                      and matches((it["a"], it["b"]), q)]  # fmt: skip
            if labelled:
                r["labelled"] += 1
                r["union"] += 1
                r["adj_true"] += genuine[labelled[0]["id"]]
            elif judged:
                r["union"] += genuine[judged[0]["id"]]
                r["adj_true"] += genuine[judged[0]["id"]]
            else:
                r["not_judged"] += 1
        for it in items:
            if it["kind"] == "labelled-expect":
                hit = any(matches((it["a"], it["b"]), q) for q in reports)
                r["expect"] += 1
                r["expect_found"] += hit
                if genuine[it["id"]]:
                    r["adj_expect"] += 1
                    r["adj_expect_found"] += hit
    for name, r in res.items():
        print(name, dict(r))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
