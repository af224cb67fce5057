"""Count a model-backed run's reported collisions by where they came from, true or not.

    python scripts/by_source.py POLICY_DIR:LABEL_DIR [...] -- [check arguments]

Each reported collision (PL101-PL104) is counted under its source: "nomination" (a pair a
reading named, confirmed by the solver), "triage" (an offline collision), or "recheck"
(an offline collision no reading named, re-encoded jointly by the model and confirmed:
Design A, which commits before 3ebc769 ran), and as true when it matches a label
(scripts/score.py's strict match). The false ones that are not nominations are listed.
Session 15's count (docs/evaluation.md) ran at cdf607f with
`-- --backend llm --model-stages nominate` and the recorded answers replayed.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import yaml
from score import collisions, matches, run_check


def main(sets: list[str], extra: list[str]) -> None:
    for pair in sets:
        policy_dir, label_dir = (Path(x) for x in pair.split(":"))
        counts: Counter[tuple[str, bool]] = Counter()
        for label in sorted(label_dir.glob("*.expect.yaml")):
            policy = policy_dir / label.name.removesuffix(".expect.yaml")
            expect = (yaml.safe_load(label.read_text("utf-8")) or {}).get("expect") or []
            proc = run_check(policy, extra)
            try:
                doc = json.loads(proc.stdout)
            except json.JSONDecodeError:
                print(f"  {policy.name}: exit {proc.returncode}: {proc.stderr.strip()[:200]}")
                continue
            for d in collisions(doc):
                quotes = (d["rules"][0]["quote"], d["rules"][1]["quote"])
                true = any(matches(e["rules"], quotes) for e in expect)
                source = d.get("data", {}).get("source", "")
                if source == "triage" and d["data"].get("joint_encoding") == "collides":
                    source = "recheck"
                counts[source, true] += 1
                if source != "nomination" and not true:
                    print(f"  {policy.name} {source}: {quotes[0][:60]!r} / {quotes[1][:60]!r}")
        print(pair, dict(sorted(counts.items())))


if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    main(args[:cut], args[cut + 1 :])
