#!/usr/bin/env python3
"""Check every label file in this folder against its prompt in ../prompts/.

For each labels/<file>.expect.yaml it checks:
  * the prompt ../prompts/<file> exists;
  * the header comment (first two lines start with '#', the first names the file);
  * source: repo (owner/name), path, commit (40 hex), license (MIT, Apache-2.0, BSD-*);
  * expect / ok are lists; every entry has id, rules (2 strings), lines (2 ints),
    and why; expect entries also have witness;
  * ids are kebab-case and unique within the file (across expect and ok);
  * every quote is at most 100 characters and is a substring of its stated
    1-based line (whitespace collapsed, case ignored);
  * (warning only) a quote that occurs on more than one line of the file.

Prints one line per problem and a summary; exit status 1 if any error.
Usage: python3 check_quotes.py [labels_dir]
"""
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ALLOWED_LICENSES = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause"}
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
HEX40 = re.compile(r"^[0-9a-f]{40}$")
REPO_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$")


def norm(s):
    return re.sub(r"\s+", " ", s).strip().lower()


def check_file(label_path, prompts_dir):
    errors, warnings = [], []
    name = os.path.basename(label_path)
    prompt_name = name[: -len(".expect.yaml")]
    prompt_path = os.path.join(prompts_dir, prompt_name)
    if not os.path.isfile(prompt_path):
        return [f"{name}: prompt file {prompt_name} not found"], warnings, 0, 0
    with open(prompt_path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    nlines = [norm(line) for line in lines]

    with open(label_path, encoding="utf-8") as fh:
        raw = fh.read()
    head = raw.split("\n")[:2]
    if len(head) < 2 or not all(h.startswith("#") for h in head):
        errors.append(f"{name}: first two lines must be '#' header comments")
    elif prompt_name not in head[0]:
        errors.append(f"{name}: first header line does not name {prompt_name}")

    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        return [f"{name}: YAML error: {exc}"], warnings, 0, 0
    if not isinstance(data, dict):
        return [f"{name}: top level is not a mapping"], warnings, 0, 0

    src = data.get("source")
    if not isinstance(src, dict):
        errors.append(f"{name}: missing source mapping")
    else:
        for key in ("repo", "path", "commit", "license"):
            if not src.get(key):
                errors.append(f"{name}: source.{key} missing")
        if src.get("repo") and not REPO_RE.match(str(src["repo"])):
            errors.append(f"{name}: source.repo {src['repo']!r} is not owner/name")
        if src.get("commit") and not HEX40.match(str(src["commit"])):
            errors.append(f"{name}: source.commit {src['commit']!r} is not 40 lowercase hex")
        if src.get("license") and src["license"] not in ALLOWED_LICENSES:
            errors.append(f"{name}: source.license {src['license']!r} not allowed")

    seen_ids = set()
    counts = {}
    for section in ("expect", "ok"):
        entries = data.get(section)
        if entries is None:
            entries = []
        if not isinstance(entries, list):
            errors.append(f"{name}: {section} is not a list")
            continue
        counts[section] = len(entries)
        for i, ent in enumerate(entries):
            where = f"{name}: {section}[{i}]"
            if not isinstance(ent, dict):
                errors.append(f"{where}: not a mapping")
                continue
            eid = ent.get("id")
            where = f"{name}: {section}[{i}] ({eid})"
            if not isinstance(eid, str) or not ID_RE.match(eid):
                errors.append(f"{where}: id missing or not kebab-case")
            elif eid in seen_ids:
                errors.append(f"{where}: duplicate id")
            else:
                seen_ids.add(eid)
            req = ["id", "rules", "lines", "why"] + (["witness"] if section == "expect" else [])
            for key in req:
                if key not in ent or ent[key] in (None, "", []):
                    errors.append(f"{where}: missing {key}")
            rules, lns = ent.get("rules"), ent.get("lines")
            if not (isinstance(rules, list) and len(rules) == 2 and all(isinstance(r, str) for r in rules)):
                errors.append(f"{where}: rules must be a list of 2 strings")
                continue
            if not (isinstance(lns, list) and len(lns) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in lns)):
                errors.append(f"{where}: lines must be a list of 2 integers")
                continue
            for quote, ln in zip(rules, lns):
                if len(quote) > 100:
                    errors.append(f"{where}: quote longer than 100 chars: {quote[:40]!r}...")
                if not 1 <= ln <= len(lines):
                    errors.append(f"{where}: line {ln} out of range 1..{len(lines)}")
                    continue
                nq = norm(quote)
                if not nq:
                    errors.append(f"{where}: empty quote")
                    continue
                if nq not in nlines[ln - 1]:
                    hits = [j + 1 for j, l in enumerate(nlines) if nq in l]
                    hint = f" (found on line(s) {hits})" if hits else " (not found on any single line)"
                    errors.append(f"{where}: quote {quote!r} not on line {ln}{hint}")
                else:
                    hits = [j + 1 for j, l in enumerate(nlines) if nq in l]
                    if len(hits) > 1:
                        warnings.append(f"{where}: quote {quote!r} occurs on lines {hits}")
    return errors, warnings, counts.get("expect", 0), counts.get("ok", 0)


def main():
    labels_dir = sys.argv[1] if len(sys.argv) > 1 else HERE
    prompts_dir = os.path.join(os.path.dirname(os.path.abspath(labels_dir)), "prompts")
    files = sorted(f for f in os.listdir(labels_dir) if f.endswith(".expect.yaml"))
    total_err, total_warn = 0, 0
    for f in files:
        errs, warns, ne, no = check_file(os.path.join(labels_dir, f), prompts_dir)
        for e in errs:
            print("ERROR", e)
        for w in warns:
            print("WARN ", w)
        print(f"checked {f}: expect={ne} ok={no} errors={len(errs)} warnings={len(warns)}")
        total_err += len(errs)
        total_warn += len(warns)
    missing = sorted(set(os.listdir(prompts_dir)) - {f[: -len('.expect.yaml')] for f in files})
    for m in missing:
        print("ERROR prompt without label file:", m)
        total_err += 1
    print(f"{len(files)} label files, {total_err} errors, {total_warn} warnings")
    sys.exit(1 if total_err else 0)


if __name__ == "__main__":
    main()
