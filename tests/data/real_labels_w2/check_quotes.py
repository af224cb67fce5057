#!/usr/bin/env python3
"""Check labels in /work/staging/real_w2/labels/*.expect.yaml against prompts."""
import os
import re
import sys

import yaml

BASE = "/work/staging/real_w2"
PROMPTS = os.path.join(BASE, "prompts")
LABELS = os.path.join(BASE, "labels")


def norm(s):
    return re.sub(r"\s+", " ", s).strip().lower()


def main():
    errors = []
    counts = {}
    prompt_files = sorted(os.listdir(PROMPTS))
    for pf in prompt_files:
        lf = os.path.join(LABELS, pf + ".expect.yaml")
        if not os.path.exists(lf):
            errors.append(f"{pf}: missing label file")
            continue
        raw = open(lf, encoding="utf-8").read()
        if not raw.lstrip().startswith("#"):
            errors.append(f"{pf}: label file lacks header comment")
        try:
            data = yaml.safe_load(raw)
        except yaml.YAMLError as e:
            errors.append(f"{pf}: YAML error {e}")
            continue
        lines = open(os.path.join(PROMPTS, pf), encoding="utf-8").read().split("\n")
        if not isinstance(data, dict) or "expect" not in data or "ok" not in data:
            errors.append(f"{pf}: needs top-level 'expect' and 'ok'")
            continue
        exp = data["expect"] or []
        oks = data["ok"] or []
        counts[pf] = (len(exp), len(oks))
        if not (3 <= len(oks) <= 7):
            errors.append(f"{pf}: {len(oks)} ok entries (want 3-7)")
        ids = set()
        for kind, entries, req in (("expect", exp, ["id", "rules", "lines", "witness", "why"]),
                                   ("ok", oks, ["id", "rules", "lines", "why"])):
            for i, e in enumerate(entries):
                tag = f"{pf}:{kind}[{i}]"
                if not isinstance(e, dict):
                    errors.append(f"{tag}: not a mapping")
                    continue
                for k in req:
                    if k not in e or e[k] in (None, "", []):
                        errors.append(f"{tag}: missing field {k}")
                eid = e.get("id", "")
                if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", str(eid)):
                    errors.append(f"{tag}: id not short-kebab: {eid!r}")
                if eid in ids:
                    errors.append(f"{tag}: duplicate id {eid}")
                ids.add(eid)
                rules = e.get("rules") or []
                lns = e.get("lines") or []
                if len(rules) != 2 or len(lns) != 2:
                    errors.append(f"{tag}: need exactly 2 rules and 2 lines")
                for q, ln in zip(rules, lns):
                    if not isinstance(ln, int) or ln < 1 or ln > len(lines):
                        errors.append(f"{tag}: bad line {ln}")
                        continue
                    if len(q) > 100:
                        errors.append(f"{tag}: quote >100 chars: {q[:40]}...")
                    if norm(q) not in norm(lines[ln - 1]):
                        errors.append(f"{tag}: quote not on line {ln}: {q!r}")
    # README
    if not os.path.exists(os.path.join(LABELS, "README.md")):
        errors.append("labels/README.md missing")
    for e in errors:
        print("ERROR", e)
    for pf, (n, o) in counts.items():
        print(f"{pf}: expect={n} ok={o}")
    print(f"{len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
