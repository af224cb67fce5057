"""Drive a model-backed `check` on recorded answers (``promptlint.llm.replay``).

    python scripts/recorded_run.py pending ANSWERS_DIR PENDING_DIR POLICY...
        run `check --backend llm` on each policy with the answers recorded so far; every
        request without an answer is written to PENDING_DIR/<key>.md
    python scripts/recorded_run.py pack ANSWERS_DIR OUT.jsonl
        collect ANSWERS_DIR/<key>.json (one JSON answer each, written from the request
        alone) into the JSONL file the replay transport reads

Answers are keyed by the content hash of the request, so a changed prompt template or
policy text asks again instead of replaying a stale answer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PASSES = os.environ.get("PROMPTLINT_RECORD_PASSES", "1")
STAGES = os.environ.get("PROMPTLINT_RECORD_STAGES", "policy-model,overlap,nominate")
#: "1": nominate with --sweep
SWEEP = ["--sweep"] if os.environ.get("PROMPTLINT_RECORD_SWEEP") == "1" else []


def pack(answers: Path, out: Path) -> int:
    lines = []
    for f in sorted(answers.glob("*.json")):
        lines.append(json.dumps({"key": f.stem, "response": json.loads(f.read_text("utf-8"))},
                                ensure_ascii=False))  # fmt: skip
    out.write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
    return len(lines)


def pending(answers: Path, pending_dir: Path, policies: list[str]) -> None:
    jsonl = answers.with_suffix(".jsonl")
    n = pack(answers, jsonl)
    env = {**os.environ, "PROMPTLINT_LLM_REPLAY": str(jsonl.resolve()),
           "PROMPTLINT_LLM_PENDING": str(pending_dir.resolve())}  # fmt: skip
    for p in policies:
        subprocess.run(
            [sys.executable, "-m", "promptlint", "check", "--isolated", "--no-cache",
             "--backend", "llm", "--model-stages", STAGES, "--passes", PASSES, *SWEEP,
             "-f", "json", "-o", os.devnull, p],
            env=env, check=False,
        )  # fmt: skip
    print(f"{n} answers; {len(list(pending_dir.glob('*.md')))} pending in {pending_dir}")


if __name__ == "__main__":
    cmd, *rest = sys.argv[1:]
    if cmd == "pack":
        print(pack(Path(rest[0]), Path(rest[1])), "answers packed")
    else:
        pending(Path(rest[0]), Path(rest[1]), rest[2:])
