#!/usr/bin/env python3
"""Check every labels/<file>.expect.yaml against prompts/<file>.

Checks, per label file:
  * the prompt file prompts/<file> exists;
  * `source` has repo (owner/name), path, a 40-hex commit and an allowed licence;
  * `expect` and `ok` are lists (may be empty);
  * every entry has a kebab-case `id`, unique within the file (expect + ok);
  * every entry has exactly two `rules` and two `lines` (1-based ints in range) and a `why`;
  * every `expect` entry also has a `witness`;
  * every quote is at most 100 characters and, after collapsing whitespace and
    ignoring case, is a substring of the stated line of the prompt file.
Quotes that occur on more than one line of the file are reported as warnings
(not errors). Exit status is 1 if there is any error.

Usage: python3 labels/check_quotes.py            (from the real_v folder or anywhere)
"""
import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# moved into the repository: prompts in tests/data/real_prompts/v, labels beside this file
PROMPTS = ROOT / "real_prompts" / "v"
ALLOWED_LICENSES = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause"}
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
HEX40 = re.compile(r"^[0-9a-f]{40}$")


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip().lower()


def check_file(label_path: Path):
    errors, warnings = [], []
    name = label_path.name[: -len(".expect.yaml")]
    prompt_path = PROMPTS / name
    if not prompt_path.is_file():
        return [f"{label_path.name}: prompt file prompts/{name} not found"], [], 0, 0
    lines = prompt_path.read_bytes().decode("utf-8").split("\n")
    nlines = [norm(l) for l in lines]
    try:
        data = yaml.safe_load(label_path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        return [f"{label_path.name}: YAML error: {e}"], [], 0, 0
    if not isinstance(data, dict):
        return [f"{label_path.name}: top level is not a mapping"], [], 0, 0

    src = data.get("source")
    if not isinstance(src, dict):
        errors.append(f"{label_path.name}: missing source mapping")
    else:
        for key in ("repo", "path", "commit", "license"):
            if not src.get(key):
                errors.append(f"{label_path.name}: source.{key} missing")
        if src.get("repo") and not re.match(r"^[^/\s]+/[^/\s]+$", str(src["repo"])):
            errors.append(f"{label_path.name}: source.repo not owner/name: {src['repo']}")
        if src.get("commit") and not HEX40.match(str(src["commit"])):
            errors.append(f"{label_path.name}: source.commit is not 40 lowercase hex: {src['commit']}")
        if src.get("license") and src["license"] not in ALLOWED_LICENSES:
            errors.append(f"{label_path.name}: source.license {src['license']!r} not allowed")

    seen_ids = set()
    n_expect = n_ok = 0
    for section in ("expect", "ok"):
        entries = data.get(section)
        if entries is None:
            entries = []
        if not isinstance(entries, list):
            errors.append(f"{label_path.name}: {section} is not a list")
            continue
        for i, ent in enumerate(entries):
            where = f"{label_path.name}:{section}[{i}]"
            if not isinstance(ent, dict):
                errors.append(f"{where}: entry is not a mapping")
                continue
            eid = ent.get("id")
            if not eid or not KEBAB.match(str(eid)):
                errors.append(f"{where}: bad or missing id {eid!r}")
            elif eid in seen_ids:
                errors.append(f"{where}: duplicate id {eid!r}")
            else:
                seen_ids.add(eid)
            where = f"{label_path.name}:{section}:{eid}"
            required = ["rules", "lines", "why"] + (["witness"] if section == "expect" else [])
            for key in required:
                if not ent.get(key):
                    errors.append(f"{where}: missing {key}")
            rules, lns = ent.get("rules"), ent.get("lines")
            if not (isinstance(rules, list) and len(rules) == 2 and all(isinstance(r, str) for r in rules)):
                errors.append(f"{where}: rules must be a list of two strings")
                continue
            if not (isinstance(lns, list) and len(lns) == 2 and all(isinstance(n, int) for n in lns)):
                errors.append(f"{where}: lines must be a list of two integers")
                continue
            for quote, ln in zip(rules, lns):
                if len(quote) > 100:
                    errors.append(f"{where}: quote longer than 100 chars ({len(quote)}): {quote!r}")
                if not (1 <= ln <= len(lines)):
                    errors.append(f"{where}: line {ln} out of range 1..{len(lines)}")
                    continue
                q = norm(quote)
                if not q:
                    errors.append(f"{where}: empty quote")
                    continue
                if q not in nlines[ln - 1]:
                    hits = [k + 1 for k, l in enumerate(nlines) if q in l]
                    errors.append(
                        f"{where}: quote not on line {ln}: {quote!r}"
                        + (f" (found on line(s) {hits})" if hits else " (not found anywhere)")
                    )
                else:
                    hits = [k + 1 for k, l in enumerate(nlines) if q in l]
                    if len(hits) > 1:
                        warnings.append(f"{where}: quote occurs on several lines {hits}: {quote!r}")
            if section == "expect":
                n_expect += 1
            else:
                n_ok += 1
    return errors, warnings, n_expect, n_ok


def main() -> int:
    label_files = sorted(HERE.glob("*.expect.yaml"))
    if not label_files:
        print("no label files found")
        return 1
    total_err = total_warn = total_expect = total_ok = 0
    for lf in label_files:
        errs, warns, ne, no = check_file(lf)
        total_err += len(errs)
        total_warn += len(warns)
        total_expect += ne
        total_ok += no
        print(f"{lf.name}: {ne} expect, {no} ok, {len(errs)} error(s), {len(warns)} warning(s)")
        for e in errs:
            print("  ERROR  " + e)
        for w in warns:
            print("  warn   " + w)
    print(f"\n{len(label_files)} label files, {total_expect} expect, {total_ok} ok, "
          f"{total_err} errors, {total_warn} warnings")
    return 1 if total_err else 0


if __name__ == "__main__":
    sys.exit(main())
