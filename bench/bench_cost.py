"""The cost model of docs/benchmarks.md, checked against a counted run (issue 15).

Runs ``promptlint probe`` on examples/support_bot.md against the tests' scripted server on
127.0.0.1 (``tests/probe/scripted.py``), counts every request the server received by
kind, and compares the counts with what :func:`predict` computes from the run's own
objects (attempts, trials, labels). Prompt tokens are estimated as characters / 4 of the
messages sent (the fake server's ``usage`` is a constant). Then ``check --backend llm``
(extraction and encoding) on the same policy, counted the same way.

Nothing leaves the machine: the server binds 127.0.0.1.

Usage: python bench/bench_cost.py [--samples 2] [--models earlier,later,both]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests" / "llm"), str(REPO / "tests" / "probe")]


def kind(body: dict[str, Any]) -> str:
    """What a request is, from its prompt."""
    first = body["messages"][0]
    if first["role"] == "system":
        return "subject"
    text = first["content"]
    for prefix, name in (("You verify a candidate", "verify"), ("You extend a seed", "suffix"),
                         ("You write one realistic", "synthesize"),
                         ("You judge what an AI", "judge"),
                         ("You extract the standing", "extract")):  # fmt: skip
        if text.startswith(prefix):
            return name
    return "encode" if "Rule: " in text else "other"


def tokens(body: dict[str, Any]) -> int:
    chars = sum(len(str(m.get("content") or "")) for m in body["messages"])
    chars += len(json.dumps(body.get("tools") or []))
    return chars // 4


def predict(doc: dict[str, Any], judges: int) -> dict[str, int]:
    """Requests per kind implied by the run's objects: every verifier attempt not decided
    by code, every tier-2 (suffix) and tier-3 (synthesized) attempt, one subject request
    per round of each trial (a round per tool call here, plus the final answer unless the
    trial ended on a call: a malformed one, or the step limit), and
    ``judges`` requests per trial a model label was needed for, asked once for identical
    (request, response, trace): the response cache answers the repeats."""
    attempts = doc["attempts"]
    trials = doc["trials"]
    model_judged = [t for t in trials if t["status"] == "ok" and any(
        "model" in (t[side] or {}).get("source", "") for side in ("earlier", "later"))]  # fmt: skip
    return {
        "verify": sum(not a["by_code"] for a in attempts),
        "suffix": sum(a["tier"] == 2 for a in attempts),
        "synthesize": sum(a["tier"] == 3 for a in attempts),
        "subject": sum(
            max(1, len(t["trace"]) + (t["status"] not in ("malformed", "step-limit")))
            for t in trials
            if t["status"] != "failed"
        ),
        "judge": judges
        * len(
            {(t["pair"], t["witness"], t["response"], json.dumps(t["trace"])) for t in model_judged}
        ),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--models", default="earlier,later,both")
    ap.add_argument("--judges", type=int, default=1)
    args = ap.parse_args()

    from fake_server import FakeServer
    from rundirs import probe_run, project, use_endpoint
    from test_check_llm import respond

    from promptlint.cli import run

    tmp = Path(tempfile.mkdtemp(prefix="promptlint-cost-"))
    root = project(tmp / "p")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code, _, srv = probe_run(root, "run", args.models, "--samples", str(args.samples),
                                 "--judges", str(args.judges), "-o", "out.json")  # fmt: skip
    assert code == 0, code
    doc = json.loads((root / "out.json").read_text())
    counted = Counter(kind(b) for b in srv.requests)
    toks: dict[str, list[int]] = {}
    for b in srv.requests:
        toks.setdefault(kind(b), []).append(tokens(b))
    expected = predict(doc, args.judges)
    pairs, witnesses, trials = len(doc["pairs"]), len(doc["witnesses"]), len(doc["trials"])
    models = len(args.models.split(","))
    print(f"probe: {pairs} pairs, {witnesses} witnesses, {models} models, 2 regimes, "
          f"{args.samples} samples -> {trials} trials; policy "
          f"{len((REPO / 'examples' / 'support_bot.md').read_text()) // 4} tokens (chars/4)")  # fmt: skip
    print("| request | predicted | counted | mean prompt tokens (chars/4) |")
    print("|---|---:|---:|---:|")
    for k in ("verify", "suffix", "synthesize", "subject", "judge"):
        mean = sum(toks.get(k, [0])) / max(1, len(toks.get(k, [])))
        print(f"| {k} | {expected[k]} | {counted.get(k, 0)} | {mean:.0f} |")
    print(f"| all | {sum(expected.values())} | {len(srv.requests)} | |")

    os.chdir(root)
    (root / "promptlint.toml").write_text('[llm]\nstages = ["extract", "encode"]\n')
    (root / "plain.md").write_text(
        "# Bot\n\n- Always answer in English.\n- If the user writes in Spanish, answer in "
        "Spanish.\n- Be nice.\n"
    )
    with FakeServer(default=respond) as check_srv, contextlib.redirect_stdout(out):
        use_endpoint(root, check_srv.url)
        run(["check", "plain.md", "--backend", "llm", "-f", "json"])
    counted = Counter(kind(b) for b in check_srv.requests)
    print(f"check --backend llm (extract, encode) on a 3-line policy: {dict(counted)}")


if __name__ == "__main__":
    main()
