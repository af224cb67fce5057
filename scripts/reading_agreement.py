"""Score the pairs that both the one-reading and the sweep's recorded nomination answers
name (the same two lines), taken as they are (no solver), against labelled conflicts.

    python scripts/reading_agreement.py ANSWERS.jsonl POLICY_DIR:LABEL_DIR [...]

Matching is scripts/score.py's looser one (by quote or line).
"""

from __future__ import annotations

import sys
from pathlib import Path

import direct_reading as dr
import yaml
from score import placed

from promptlint.config import Config
from promptlint.llm.replay import load_answers
from promptlint.load import load


def _named(answers: dict, policy: object, sweep: bool) -> list[tuple[dict, dict]]:
    pairs, _ = dr.named_pairs(answers, policy, 1, sweep)
    return [(dr._at(policy, a), dr._at(policy, b)) for a, b in pairs]


def _overlap(a: dict, b: dict) -> bool:
    return bool(
        a["line"] and b["line"] and a["line"] <= b["end_line"] and b["line"] <= a["end_line"]
    )


def _same(x: tuple[dict, dict], y: tuple[dict, dict]) -> bool:
    return (_overlap(x[0], y[0]) and _overlap(x[1], y[1])) or (
        _overlap(x[0], y[1]) and _overlap(x[1], y[0])
    )


def main(answers_path: Path, sets: list[str]) -> None:
    answers = load_answers(answers_path)
    keys = tuple(Config().yaml_keys) + tuple(Config().json_keys)
    for pair in sets:
        policy_dir, label_dir = (Path(x) for x in pair.split(":"))
        labelled = found = reported = true = 0
        for label in sorted(label_dir.glob("*.expect.yaml")):
            f = policy_dir / label.name.removesuffix(".expect.yaml")
            expect = (yaml.safe_load(label.read_text("utf-8")) or {}).get("expect") or []
            try:
                policy = load(str(f), keys=keys)
            except Exception as err:
                print(f"{f.name}: not loaded ({err})")
                continue
            one, swept = _named(answers, policy, False), _named(answers, policy, True)
            both = [x for x in one if any(_same(x, y) for y in swept)]
            labelled += len(expect)
            reported += len(both)
            found += sum(any(placed(e, r) for r in both) for e in expect)
            true += sum(any(placed(e, r) for e in expect) for r in both)
        print(f"{pair}: labelled {labelled} found {found} reported {reported} true {true}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
