#!/usr/bin/env python3
"""Check the label files in this folder against the prompt files in ../prompts.

For every labels/<file>.expect.yaml:
  * first line is a header "# source: <owner/repo> <path> @ <40-hex commit>, licence <id>"
  * the prompt file ../prompts/<file> exists
  * top-level keys are exactly `expect` and `ok`, both lists (expect may be empty)
  * 5-10 `ok` entries
  * each entry has a unique `id`, `rules` (2 strings), `lines` (2 positive ints);
    expect entries also need `witness` and `why`, ok entries need `why`
  * each quote is a single line, <= 100 characters, and is a verbatim substring
    of the stated line (1-based) of the prompt file, read as raw text
Exit status 0 when everything passes.
"""
import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
PROMPTS = HERE.parent / "prompts"
HEADER = re.compile(
    r"^# source: (?P<repo>[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+) (?P<path>\S+) @ "
    r"(?P<commit>[0-9a-f]{40}), licence (?P<lic>[A-Za-z0-9.+-]+)\s*$"
)


def check_file(label: Path) -> list[str]:
    errs = []
    name = label.name[: -len(".expect.yaml")]
    prompt = PROMPTS / name
    text = label.read_text(encoding="utf-8")
    first = text.splitlines()[0] if text else ""
    if not HEADER.match(first):
        errs.append(f"{label.name}: bad header: {first!r}")
    if not prompt.is_file():
        return errs + [f"{label.name}: no prompt file {prompt}"]
    # keep raw text; split on \n only (files use LF) so line numbers match editors
    plines = prompt.read_bytes().decode("utf-8").split("\n")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        return errs + [f"{label.name}: YAML error: {e}"]
    if not isinstance(data, dict) or set(data) != {"expect", "ok"}:
        return errs + [f"{label.name}: top-level keys must be exactly expect, ok"]
    ids = set()
    for section in ("expect", "ok"):
        entries = data[section] or []
        if not isinstance(entries, list):
            errs.append(f"{label.name}: {section} must be a list")
            continue
        if section == "ok" and not 5 <= len(entries) <= 10:
            errs.append(f"{label.name}: ok has {len(entries)} entries (need 5-10)")
        need = {"id", "rules", "lines", "why"} | ({"witness"} if section == "expect" else set())
        for i, e in enumerate(entries):
            where = f"{label.name}:{section}[{i}]"
            if not isinstance(e, dict):
                errs.append(f"{where}: not a mapping")
                continue
            missing = need - set(e)
            extra = set(e) - need
            if missing:
                errs.append(f"{where}: missing {sorted(missing)}")
            if extra:
                errs.append(f"{where}: unexpected keys {sorted(extra)}")
            eid = e.get("id")
            if not isinstance(eid, str) or not eid:
                errs.append(f"{where}: bad id")
            elif eid in ids:
                errs.append(f"{where}: duplicate id {eid}")
            else:
                ids.add(eid)
            for k in ("why", "witness"):
                if k in e and (not isinstance(e[k], str) or not e[k].strip()):
                    errs.append(f"{where}: empty {k}")
            rules, lines = e.get("rules"), e.get("lines")
            if not (isinstance(rules, list) and len(rules) == 2 and all(isinstance(r, str) for r in rules)):
                errs.append(f"{where}: rules must be 2 strings")
                continue
            if not (isinstance(lines, list) and len(lines) == 2 and all(isinstance(n, int) and n > 0 for n in lines)):
                errs.append(f"{where}: lines must be 2 positive ints")
                continue
            for q, n in zip(rules, lines):
                if "\n" in q:
                    errs.append(f"{where}: quote spans lines: {q!r}")
                if len(q) > 100:
                    errs.append(f"{where}: quote longer than 100 chars ({len(q)}): {q!r}")
                if not q.strip():
                    errs.append(f"{where}: empty quote")
                if n > len(plines):
                    errs.append(f"{where}: line {n} beyond end of {name}")
                elif q not in plines[n - 1]:
                    hits = [j + 1 for j, l in enumerate(plines) if q in l]
                    errs.append(f"{where}: quote not on line {n} (found on {hits}): {q!r}")
    return errs


def main() -> int:
    labels = sorted(HERE.glob("*.expect.yaml"))
    prompts = sorted(p.name for p in PROMPTS.iterdir() if p.is_file())
    errs = []
    for p in prompts:
        if not (HERE / f"{p}.expect.yaml").is_file():
            errs.append(f"no label file for prompt {p}")
    n_expect = n_ok = 0
    for label in labels:
        errs += check_file(label)
        try:
            d = yaml.safe_load(label.read_text(encoding="utf-8")) or {}
            n_expect += len(d.get("expect") or [])
            n_ok += len(d.get("ok") or [])
        except Exception:
            pass
    for e in errs:
        print("ERROR", e)
    print(f"{len(labels)} label files, {n_expect} expect entries, {n_ok} ok entries, {len(errs)} errors")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
