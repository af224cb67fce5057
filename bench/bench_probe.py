"""Throughput of the probe stage against a fake server with a fixed latency (issue 14).

The real ``promptlint.probe.probe`` runs ``--trials`` policy-only trials (distinct samples
of one witness, so no request is answered from the cache) through the real ``LLMClient``
with a fresh SQLite cache, at each ``--concurrency``, against ``bench/fake_openai.py`` on
127.0.0.1, which sleeps ``--latency-ms`` per call and answers with a fixed reply. The
latency-bound ideal is ``min(concurrency, trials) / latency`` requests per second.

Nothing leaves the machine: the server binds 127.0.0.1, and the loops are bounded.

Usage: python bench/bench_probe.py [--trials 64] [--latency-ms 100] [--concurrency 1 4 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_openai import FakeOpenAI  # noqa: E402

os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"
REPLY = "Thanks for reaching out. Your booking is confirmed and nothing else is needed."


def responder(stage: str, body: dict[str, Any]) -> str:
    return REPLY


def one(url: str, concurrency: int, trials: int) -> dict[str, Any]:
    from promptlint.llm.cache import ResponseCache
    from promptlint.llm.client import LLMClient
    from promptlint.llm.settings import LLMSettings
    from promptlint.probe import Subject, TrialSpec, probe
    from promptlint.witnessed import Witness

    with tempfile.TemporaryDirectory() as tmp:
        settings = LLMSettings.from_config(
            {"base-url": url, "concurrency": concurrency, "model": "subject"}, env={}
        )
        client = LLMClient(settings, cache=ResponseCache(Path(tmp) / "c.sqlite"), env={})
        subject = Subject("subject", client, "subject")
        witness = Witness("bench::r1::r2", 0, "Hola, necesito cambiar mi reserva.", 3)
        specs = [TrialSpec(witness, "Always answer in English.", subject, "POT", i)
                 for i in range(trials)]  # fmt: skip

        async def go() -> list[Any]:
            try:
                return await probe(specs)
            finally:
                await client.aclose()

        t0 = time.perf_counter()
        done = asyncio.run(go())
        wall = time.perf_counter() - t0
    ok = sum(t.status == "ok" for t in done)
    return {"wall": wall, "ok": ok, "requests": client.usage.requests}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=64)
    ap.add_argument("--latency-ms", type=float, default=100.0)
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 4, 16])
    args = ap.parse_args()
    latency = args.latency_ms / 1000
    print(
        "| concurrency | trials | wall s | requests/s | ideal requests/s | of ideal | max in flight |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    with FakeOpenAI(responder, latency_s=latency) as srv:
        for c in args.concurrency:
            srv.reset()
            r = one(srv.url, c, args.trials)
            assert r["ok"] == args.trials == r["requests"], r
            rps = r["requests"] / r["wall"]
            ideal = min(c, args.trials) / latency
            print(f"| {c} | {args.trials} | {r['wall']:.2f} | {rps:.1f} | {ideal:.1f} | "
                  f"{rps / ideal:.0%} | {srv.stats()['max_in_flight']} |")  # fmt: skip


if __name__ == "__main__":
    main()
