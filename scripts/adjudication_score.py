"""Score `check --backend llm --model-stages nominate [--sweep]` against a blind adjudication.

    PROMPTLINT_LLM_REPLAY=fixtures/recorded/session11.answers.jsonl \
        python scripts/adjudication_score.py tests/data/adjudication_s11 [--sweep]

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
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

CODES = ("PL101", "PL102", "PL103", "PL104")


def _norm(s: str) -> str:
    return " ".join(s.lower().split())


def _match(pair: tuple[str, str], quotes: tuple[str, str]) -> bool:
    a, b = _norm(pair[0]), _norm(pair[1])
    qa, qb = _norm(quotes[0]), _norm(quotes[1])
    return (a in qa and b in qb) or (a in qb and b in qa)


def main(folder: Path, extra: list[str]) -> None:
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
        proc = subprocess.run(
            [sys.executable, "-m", "promptlint", "check", "--isolated", "--no-cache", "-f",
             "json", "--backend", "llm", "--model-stages", "nominate", *extra, path],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        reports = [(d["rules"][0]["quote"], d["rules"][1]["quote"])
                   for d in json.loads(proc.stdout)["diagnostics"]
                   if d["code"] in CODES and len(d["rules"]) == 2]  # fmt: skip
        for q in reports:
            r["reported"] += 1
            labelled = [it for it in items if it["kind"] == "labelled-expect"
                        and _match((it["a"], it["b"]), q)]  # fmt: skip
            judged = [it for it in items if it["kind"] == "reported-unlabelled"
                      and _match((it["a"], it["b"]), q)]  # fmt: skip
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
                hit = any(_match((it["a"], it["b"]), q) for q in reports)
                r["expect"] += 1
                r["expect_found"] += hit
                if genuine[it["id"]]:
                    r["adj_expect"] += 1
                    r["adj_expect_found"] += hit
    for name, r in res.items():
        print(name, dict(r))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
