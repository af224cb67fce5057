#!/usr/bin/env python3
"""Check the blind label files in labels/ against the prompt files in prompts/.

For every labels/<name>.expect.yaml:
  * prompts/<name> must exist (and every prompt must have a label file);
  * `source` must name repo, path, a 40-hex commit and a licence;
  * every entry in `expect` and `ok` must have an id, exactly two rules and two
    1-based line numbers; each quote, after collapsing whitespace runs to one
    space and ignoring case, must be a substring of its stated line;
  * `expect` entries also need `witness` and `why`; `ok` entries need `why`;
  * ids must be unique within a file.
Warnings (not failures): quotes longer than 100 characters, quotes that occur on
more than one line of the file, and files with fewer than 3 or more than 7 `ok`.

Exit status 0 when there are no errors.
"""

import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
# moved into the repository: prompts in tests/data/real_prompts/u, labels beside this file
PROMPTS = os.path.join(os.path.dirname(HERE), "real_prompts", "u")
LABELS = HERE
SUFFIX = ".expect.yaml"


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip().lower()


def main() -> int:
    errors, warnings = [], []
    prompts = sorted(os.listdir(PROMPTS))
    labels = sorted(f for f in os.listdir(LABELS) if f.endswith(SUFFIX))
    label_names = {f[: -len(SUFFIX)] for f in labels}
    for p in prompts:
        if p not in label_names:
            errors.append(f"{p}: no label file labels/{p}{SUFFIX}")
    totals = {}
    for lf in labels:
        name = lf[: -len(SUFFIX)]
        ppath = os.path.join(PROMPTS, name)
        if not os.path.exists(ppath):
            errors.append(f"{lf}: no prompt file prompts/{name}")
            continue
        with open(ppath, encoding="utf-8") as fh:
            text = fh.read()
        lines = text.split("\n")
        nlines = [norm(line) for line in lines]
        with open(os.path.join(LABELS, lf), encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        if not isinstance(data, dict):
            errors.append(f"{lf}: not a mapping")
            continue
        src = data.get("source") or {}
        for key in ("repo", "path", "commit", "license"):
            if not src.get(key):
                errors.append(f"{lf}: source.{key} missing")
        if src.get("commit") and not re.fullmatch(r"[0-9a-f]{40}", str(src["commit"])):
            errors.append(f"{lf}: source.commit is not 40 hex digits")
        seen_ids = set()
        counts = {}
        for section in ("expect", "ok"):
            items = data.get(section) or []
            if not isinstance(items, list):
                errors.append(f"{lf}: {section} is not a list")
                continue
            counts[section] = len(items)
            for i, it in enumerate(items):
                where = f"{lf}:{section}[{i}]"
                iid = it.get("id")
                if not iid:
                    errors.append(f"{where}: missing id")
                elif iid in seen_ids:
                    errors.append(f"{where}: duplicate id {iid}")
                seen_ids.add(iid)
                rules, lns = it.get("rules"), it.get("lines")
                if not (isinstance(rules, list) and len(rules) == 2):
                    errors.append(f"{where} ({iid}): rules must be a list of 2")
                    continue
                if not (
                    isinstance(lns, list) and len(lns) == 2 and all(isinstance(n, int) for n in lns)
                ):
                    errors.append(f"{where} ({iid}): lines must be a list of 2 integers")
                    continue
                need = ("witness", "why") if section == "expect" else ("why",)
                for k in need:
                    if not it.get(k):
                        errors.append(f"{where} ({iid}): missing {k}")
                for q, n in zip(rules, lns, strict=False):
                    nq = norm(str(q))
                    if not nq:
                        errors.append(f"{where} ({iid}): empty quote")
                        continue
                    if n < 1 or n > len(lines):
                        errors.append(f"{where} ({iid}): line {n} out of range (1..{len(lines)})")
                        continue
                    if nq not in nlines[n - 1]:
                        errors.append(
                            f"{where} ({iid}): quote not on line {n}: {q!r}\n    line {n}: {lines[n - 1].strip()[:160]!r}"
                        )
                    if len(nq) > 100:
                        warnings.append(f"{where} ({iid}): quote longer than 100 chars ({len(nq)})")
                    hits = [k + 1 for k, line in enumerate(nlines) if nq in line]
                    if len(hits) > 1:
                        warnings.append(f"{where} ({iid}): quote occurs on lines {hits}: {q!r}")
        if not (3 <= counts.get("ok", 0) <= 7):
            warnings.append(f"{lf}: {counts.get('ok', 0)} ok entries (3-7 wanted)")
        totals[name] = (counts.get("expect", 0), counts.get("ok", 0))
    for w in warnings:
        print("WARN ", w)
    for e in errors:
        print("ERROR", e)
    print()
    for name, (ne, no) in sorted(totals.items()):
        print(f"{name:45s} expect={ne} ok={no}")
    print(
        f"files={len(totals)} prompts={len(prompts)} expect_total={sum(v[0] for v in totals.values())} "
        f"ok_total={sum(v[1] for v in totals.values())} errors={len(errors)} warnings={len(warnings)}"
    )
    print("PASS" if not errors else "FAIL")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
