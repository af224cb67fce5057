#!/usr/bin/env python3
"""Check the label files in this folder against the prompt files in ../prompts.

For every labels/<file>.expect.yaml it checks:
  * line 1 is the header comment
      "# <file>: genuine hard conflicts, labelled by reading (blind: no tool output seen)"
  * line 2 is a further comment line (which text one model call sees)
  * required fields: source.{repo,path,commit,license}; expect/ok lists whose
    items have id, rules (2 quotes), lines (2 ints); expect items also witness
    and why, ok items also why
  * source.commit is 40 hex digits; source.license is an allowed SPDX id
  * ids are kebab-case and unique within the file (expect and ok together)
  * each quote is at most 100 characters and occurs on its stated 1-based line
    of prompts/<file> (whitespace collapsed, case ignored)
  * warns (does not fail) when a quote also occurs on other lines

Exit status 0 when there are no errors.  Usage: python3 labels/check_quotes.py
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
PROMPTS = HERE.parent / "prompts"
ALLOWED_LICENSES = {
    "MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "MPL-2.0",
}
HEADER_TAIL = ": genuine hard conflicts, labelled by reading (blind: no tool output seen)"
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
HEX40 = re.compile(r"^[0-9a-f]{40}$")
MAX_QUOTE = 100


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def check_file(label: Path, errors: list[str], warnings: list[str]) -> tuple[int, int]:
    name = label.name[: -len(".expect.yaml")]
    def err(msg: str) -> None:
        errors.append(f"{label.name}: {msg}")
    def warn(msg: str) -> None:
        warnings.append(f"{label.name}: {msg}")

    raw = label.read_text(encoding="utf-8")
    head = raw.splitlines()
    if not head or head[0] != f"# {name}{HEADER_TAIL}":
        err("line 1 is not the required header comment")
    if len(head) < 2 or not head[1].startswith("#") or len(head[1].strip("# ")) < 10:
        err("line 2 must be a comment saying which text one model call sees")

    prompt = PROMPTS / name
    if not prompt.is_file():
        err(f"prompt file prompts/{name} not found")
        return 0, 0
    plines = prompt.read_text(encoding="utf-8").splitlines()
    nlines = [norm(l) for l in plines]

    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        err(f"YAML does not parse: {exc}")
        return 0, 0
    if not isinstance(data, dict):
        err("top level is not a mapping")
        return 0, 0

    src = data.get("source")
    if not isinstance(src, dict):
        err("missing source mapping")
    else:
        for key in ("repo", "path", "commit", "license"):
            if not src.get(key):
                err(f"source.{key} missing")
        if src.get("commit") and not HEX40.match(str(src["commit"])):
            err("source.commit is not 40 lowercase hex digits")
        if src.get("license") and src["license"] not in ALLOWED_LICENSES:
            err(f"source.license {src['license']!r} not allowed")
        if src.get("repo") and not re.match(r"^[^/\s]+/[^/\s]+$", str(src["repo"])):
            err("source.repo is not owner/name")

    seen: set[str] = set()
    counts = []
    for section, needed in (("expect", ("witness", "why")), ("ok", ("why",))):
        items = data.get(section)
        if items is None:
            items = []
        if not isinstance(items, list):
            err(f"{section} is not a list")
            counts.append(0)
            continue
        counts.append(len(items))
        for i, item in enumerate(items):
            where = f"{section}[{i}]"
            if not isinstance(item, dict):
                err(f"{where} is not a mapping")
                continue
            iid = item.get("id")
            if not iid or not isinstance(iid, str) or not KEBAB.match(iid):
                err(f"{where} id {iid!r} is not kebab-case")
            elif iid in seen:
                err(f"{where} id {iid!r} is not unique")
            else:
                seen.add(iid)
            where = f"{section} {iid}"
            for key in needed:
                if not isinstance(item.get(key), str) or not item[key].strip():
                    err(f"{where}: {key} missing or empty")
            rules, lines = item.get("rules"), item.get("lines")
            if not (isinstance(rules, list) and len(rules) == 2 and all(isinstance(r, str) and r.strip() for r in rules)):
                err(f"{where}: rules must be a list of two non-empty quotes")
                continue
            if not (isinstance(lines, list) and len(lines) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in lines)):
                err(f"{where}: lines must be a list of two integers")
                continue
            for quote, ln in zip(rules, lines):
                q = norm(quote)
                if len(quote) > MAX_QUOTE:
                    err(f"{where}: quote longer than {MAX_QUOTE} chars: {quote[:40]!r}...")
                if not 1 <= ln <= len(plines):
                    err(f"{where}: line {ln} outside 1..{len(plines)}")
                    continue
                if q not in nlines[ln - 1]:
                    hits = [n + 1 for n, l in enumerate(nlines) if q in l]
                    err(f"{where}: quote not on line {ln}: {quote!r} (found on {hits or 'no line'})")
                    continue
                others = [n + 1 for n, l in enumerate(nlines) if q in l and n + 1 != ln]
                if others:
                    warn(f"{where}: quote on line {ln} also occurs on lines {others}: {quote[:50]!r}")
    return counts[0], counts[1]


def main() -> int:
    errors: list[str] = []
    warnings: list[str] = []
    labels = sorted(HERE.glob("*.expect.yaml"))
    if not labels:
        print("no label files found")
        return 1
    prompts = {p.name for p in PROMPTS.iterdir() if p.is_file()}
    labelled = {l.name[: -len(".expect.yaml")] for l in labels}
    for missing in sorted(prompts - labelled):
        errors.append(f"prompts/{missing}: no label file")
    total_e = total_o = 0
    for label in labels:
        e, o = check_file(label, errors, warnings)
        total_e += e
        total_o += o
        print(f"{label.name}: expect={e} ok={o}")
    for w in warnings:
        print("WARNING", w)
    for e in errors:
        print("ERROR", e)
    print(f"{len(labels)} files, {total_e} expect, {total_o} ok, {len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
