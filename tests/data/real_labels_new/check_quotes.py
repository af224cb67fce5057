"""Check the blind labels: every quote must occur on its stated line of the prompt file.

A quote matches a line when it is a substring of it after collapsing whitespace runs to one
space and ignoring case. Run: python tests/data/real_labels_new/check_quotes.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
PROMPTS = HERE.parent / "real_prompts" / "new"
SUFFIX = ".expect.yaml"


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def check(label: Path) -> list[str]:
    errors: list[str] = []
    name = label.name[: -len(SUFFIX)]
    prompt = PROMPTS / name
    if not prompt.is_file():
        return [f"{label.name}: no prompt file {prompt}"]
    lines = prompt.read_text(encoding="utf-8").splitlines()
    data = yaml.safe_load(label.read_text(encoding="utf-8"))
    if set(data) != {"source", "expect", "ok"}:
        errors.append(f"{label.name}: top-level keys {sorted(data)}")
    for key in ("repo", "path", "commit", "license"):
        if key not in data["source"]:
            errors.append(f"{label.name}: source lacks {key}")
    if not re.fullmatch(r"[0-9a-f]{40}", str(data["source"].get("commit", ""))):
        errors.append(f"{label.name}: commit is not 40 hex")
    ids: set[str] = set()
    for section, needed in (("expect", {"witness", "why"}), ("ok", {"why"})):
        for item in data[section] or []:
            where = f"{label.name} {section}/{item.get('id')}"
            if item.get("id") in ids:
                errors.append(f"{where}: duplicate id")
            ids.add(item.get("id"))
            missing = ({"id", "rules", "lines"} | needed) - set(item)
            if missing:
                errors.append(f"{where}: missing {sorted(missing)}")
                continue
            if len(item["rules"]) != 2 or len(item["lines"]) != 2:
                errors.append(f"{where}: needs two rules and two lines")
                continue
            for quote, lineno in zip(item["rules"], item["lines"], strict=True):
                if not 1 <= lineno <= len(lines):
                    errors.append(f"{where}: line {lineno} out of range")
                elif norm(quote) not in norm(lines[lineno - 1]):
                    errors.append(f"{where}: {quote!r} not on line {lineno}")
                if len(quote.split()) < 4:
                    errors.append(f"{where}: quote {quote!r} is short")
    return errors


def main() -> int:
    labels = sorted(HERE.glob("*" + SUFFIX))
    prompts = sorted(p.name for p in PROMPTS.iterdir())
    errors = [e for label in labels for e in check(label)]
    unlabelled = set(prompts) - {p.name[: -len(SUFFIX)] for p in labels}
    errors += [f"{name}: no label file" for name in sorted(unlabelled)]
    for e in errors:
        print(e)
    print(f"{len(labels)} label files, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
