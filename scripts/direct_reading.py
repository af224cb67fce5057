"""Score a direct model reading: the pairs the recorded nomination answers name, taken as
they are (no joint encoding, no solver), against labelled conflicts.

    python scripts/direct_reading.py ANSWERS.jsonl POLICY_DIR LABEL_DIR [PASSES | sweep]
        [--extension EXT:FORMAT ...]

This is the baseline the issue sets: a strong model reading each whole policy once and
naming its conflicting rules. Pairs are matched like scripts/score.py matches findings.
With ``sweep``, the pairs the sweep's requests name (``check --sweep``), taken as they are.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from score import matches, placed

from promptlint.config import Config
from promptlint.llm.replay import load_answers, request_key
from promptlint.llm.templates import template
from promptlint.llm.windows import numbered_windows
from promptlint.load import load
from promptlint.nominate import _lens


def _match(entry: dict, a: str, b: str) -> bool:
    return matches(entry["rules"], (a, b))


def _requests(policy: object, passes: int, sweep: bool) -> list[str]:
    """The nomination prompts `check` sends for ``policy``."""
    if sweep:
        from promptlint.cli.model_opts import DEFAULT_SWEEP_CHARS
        from promptlint.llm.settings import LLMSettings
        from promptlint.llm.windows import focus_parts

        text, _ = template("nominate_sweep")
        parts = focus_parts(policy, DEFAULT_SWEEP_CHARS, LLMSettings().context_chars)
        return [text.format(policy=c, first=a, last=b) for c, a, b in parts]
    text, _ = template("nominate")
    return [text.format(policy=w) + _lens(n)
            for w in numbered_windows(policy, 24000) for n in range(passes)]  # fmt: skip


def named_pairs(
    answers: dict, policy: object, passes: int, sweep: bool
) -> tuple[list[tuple[str, str]], int]:
    """The quote pairs the recorded answers to ``policy``'s nomination requests name, and
    how many requests have no recorded answer."""
    pairs: list[tuple[str, str]] = []
    missing = 0
    for content in _requests(policy, passes, sweep):
        body = {"messages": [{"role": "user", "content": content}],
                "response_format": {"json_schema": {"name": "Nominations"}}}  # fmt: skip
        got = answers.get(request_key(body))
        if got is None:
            missing += 1
            continue
        pairs += [(p["quote_a"], p["quote_b"]) for p in got["pairs"]]
    return pairs, missing


def main(answers_path: Path, policy_dir: Path, label_dir: Path, passes: int = 1,
         sweep: bool = False, extension: dict[str, str] | None = None) -> None:  # fmt: skip
    answers = load_answers(answers_path)
    exp = found = reported = tp = 0
    loose = [0, 0]
    for label in sorted(label_dir.glob("*.expect.yaml")):
        f = policy_dir / label.name.removesuffix(".expect.yaml")
        if not f.is_file():
            continue
        expect = (yaml.safe_load(label.read_text("utf-8")) or {}).get("expect") or []
        try:
            keys = tuple(Config().yaml_keys) + tuple(Config().json_keys)
            policy = load(str(f), keys=keys, extension=extension)
        except Exception as err:
            print(f"{f.name}: not loaded ({err})")
            continue
        pairs, missing = named_pairs(answers, policy, passes, sweep)
        if missing:
            print(f"{f.name}: {missing} window(s) with no recorded answer")
        hit = sum(any(_match(e, a, b) for a, b in pairs) for e in expect)
        good = sum(any(_match(e, a, b) for e in expect) for a, b in pairs)
        where = [(_at(policy, a), _at(policy, b)) for a, b in pairs]
        loose[0] += sum(any(placed(e, r) for r in where) for e in expect)
        loose[1] += sum(any(placed(e, r) for e in expect) for r in where)
        exp, found, reported, tp = exp + len(expect), found + hit, reported + len(pairs), tp + good
        print(
            f"{f.name:40s} labelled {len(expect):2d} named {len(pairs):2d} found {hit:2d} true {good:2d}"
        )
    r = found / exp if exp else 1.0
    p = tp / reported if reported else 1.0
    print(
        f"TOTAL labelled {exp} found {found} named {reported} true {tp}: recall {r:.2f} precision {p:.2f}"
    )
    r = loose[0] / exp if exp else 1.0
    p = loose[1] / reported if reported else 1.0
    print(f"  by quote or line: found {loose[0]} true {loose[1]}: recall {r:.2f} precision {p:.2f}")


def _at(policy: object, quote: str) -> dict:
    """A named quote with the lines it spans in the file (none when it is not there)."""
    from promptlint.objects import locate

    at = locate(quote, [policy])
    if at is None:
        return {"quote": quote, "line": 0, "end_line": 0}
    _, s, a, b = at
    span = policy.span(s, a, b)  # type: ignore[attr-defined]
    return {"quote": quote, "line": span.line, "end_line": span.end_line}


if __name__ == "__main__":
    args = sys.argv[1:]
    ext = dict(args.pop(i + 1).split(":", 1) for i in range(len(args) - 2, -1, -1)
               if args[i] == "--extension")  # fmt: skip
    args = [a for a in args if a != "--extension"]
    extra = args[3] if len(args) > 3 else "1"
    main(Path(args[0]), Path(args[1]), Path(args[2]),
         1 if extra == "sweep" else int(extra), extra == "sweep", ext or None)  # fmt: skip
