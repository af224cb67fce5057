"""Score `promptlint check` against labelled conflicts.

    python scripts/score.py POLICY_DIR LABEL_DIR [--backend llm --model-stages ...]

Each policy ``POLICY_DIR/F`` with a label file ``LABEL_DIR/F.expect.yaml`` is checked
(``--isolated --no-cache``, extra arguments passed on) and scored as
tests/policy_scoring.py does: a reported collision (PL101-PL104, at any severity) matches a
labelled pair when each rule's quote contains one of the pair's substrings. Recall =
labelled pairs found / labelled; precision = reported collisions matching a label /
reported collisions. PL105 (nominated, not confirmed) is not a reported collision.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import yaml

CODES = ("PL101", "PL102", "PL103", "PL104")


def _norm(s: str) -> str:
    return " ".join(s.lower().split())


def matches(rules: Sequence[str], quotes: tuple[str, str]) -> bool:
    """A reported pair's two quotes contain a labelled pair's two substrings, in either order
    (whitespace collapsed, case ignored). Also used by the other scoring scripts."""
    a, b = (_norm(x) for x in rules)
    qa, qb = (_norm(q) for q in quotes)
    return (a in qa and b in qb) or (a in qb and b in qa)


def _match(entry: dict, quotes: tuple[str, str]) -> bool:
    return matches(entry["rules"], quotes)


def _loose(s: str) -> str:
    return _norm(s.replace("\\", ""))


def placed(entry: dict, rules: Sequence[dict]) -> bool:
    """The looser match printed beside the strict one: each labelled rule is one of the two
    reported rules by its quote (either quote inside the other, escapes ignored; a
    reported quote of 20 characters or more) or, where the label gives lines, by a line
    the reported rule spans. One rule stated twice in a prompt, quoted from the other
    place, still counts as missed."""

    def same(i: int, rule: dict) -> bool:
        want, got = _loose(entry["rules"][i]), _loose(rule["quote"])
        if want in got or (len(got) >= 20 and got in want):
            return True
        lines = entry.get("lines") or ()
        return len(lines) == 2 and rule["line"] <= lines[i] <= rule.get("end_line", rule["line"])

    a, b = rules
    return (same(0, a) and same(1, b)) or (same(0, b) and same(1, a))


def run_check(policy: Path | str, extra: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """``promptlint check --isolated --no-cache -f json POLICY EXTRA...`` as a process."""
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "check", "--isolated", "--no-cache",
         "-f", "json", str(policy), *extra],
        capture_output=True, text=True, check=False,
    )  # fmt: skip


def collisions(doc: dict) -> list[dict]:
    """The reported collisions of a JSON report (PL101-PL104, two rules each)."""
    return [d for d in doc["diagnostics"] if d["code"] in CODES and len(d["rules"]) == 2]


def main(policy_dir: Path, label_dir: Path, extra: list[str]) -> None:
    tot = {"expected": 0, "found": 0, "reported": 0, "tp": 0, "found_placed": 0, "tp_placed": 0}
    for label in sorted(label_dir.glob("*.expect.yaml")):
        policy = policy_dir / label.name.removesuffix(".expect.yaml")
        if not policy.is_file():
            print(f"  (missing {policy})")
            continue
        spec = yaml.safe_load(label.read_text("utf-8")) or {}
        expect = spec.get("expect") or []
        proc = run_check(policy, extra)
        try:
            doc = json.loads(proc.stdout)
        except json.JSONDecodeError:
            print(f"{policy.name}: exit {proc.returncode}: {proc.stderr.strip()[:200]}")
            continue
        found = [(d["rules"][0]["quote"], d["rules"][1]["quote"]) for d in collisions(doc)]
        hit = sum(any(_match(e, q) for q in found) for e in expect)
        tp = sum(any(_match(e, q) for e in expect) for q in found)
        reported = [d["rules"] for d in collisions(doc)]
        tot["found_placed"] += sum(any(placed(e, r) for r in reported) for e in expect)
        tot["tp_placed"] += sum(any(placed(e, r) for e in expect) for r in reported)
        tot["expected"] += len(expect)
        tot["found"] += hit
        tot["reported"] += len(found)
        tot["tp"] += tp
        print(f"{policy.name:40s} labelled {len(expect):2d} found {hit:2d} reported {len(found):2d} "
              f"true {tp:2d}")  # fmt: skip
        for q in found:
            if not any(_match(e, q) for e in expect):
                print(f"    unlabelled: {_norm(q[0])[:70]!r} / {_norm(q[1])[:70]!r}")
        for e in expect:
            if not any(_match(e, q) for q in found):
                print(f"    missed: {e.get('id') or ' / '.join(e['rules'])}")
    r = tot["found"] / tot["expected"] if tot["expected"] else 1.0
    p = tot["tp"] / tot["reported"] if tot["reported"] else 1.0
    print(f"TOTAL labelled {tot['expected']} found {tot['found']} reported {tot['reported']} "
          f"true {tot['tp']}: recall {r:.2f} precision {p:.2f}")  # fmt: skip
    r = tot["found_placed"] / tot["expected"] if tot["expected"] else 1.0
    p = tot["tp_placed"] / tot["reported"] if tot["reported"] else 1.0
    print(f"  by quote or line: found {tot['found_placed']} true {tot['tp_placed']}: "
          f"recall {r:.2f} precision {p:.2f}")  # fmt: skip


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:])
