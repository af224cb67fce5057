"""Requests through the OpenAI Batch API (``--batch``).

The model client hands every chat completion it would have sent to a :class:`Batcher`.
Requests that arrive together (every stage issues all it can before it waits) are gathered
into one *wave*: written as JSONL with a ``custom_id`` per line (a hash of the request
body, so that the same request gets the same id after a restart), uploaded to
``/v1/files``, run with ``/v1/batches``, polled until the batch ends, and the output and
error files downloaded and mapped back by ``custom_id``. A line that did not run (the
batch expired or was cancelled) or failed transiently (429, 5xx) is retried by the client
in the next wave, as a failed request would be; other failed lines are failed requests.

The state of every batch (its id, files, the ids of its lines, and the downloaded
results) is kept as JSON in a folder (a probe run keeps it in its run directory), so that
a process started again after a restart polls the batches still running instead of
creating them anew, and takes the results already downloaded without asking again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["BatchLineError", "Batcher", "custom_id"]

#: batch states after which nothing more will run
_DONE = ("completed", "failed", "expired", "cancelled")
#: the HTTP statuses of a line that may succeed when sent again
_TRANSIENT = (408, 409, 429, 500, 502, 503, 504)


class BatchLineError(Exception):
    """A line of a batch that did not run or failed transiently: the client tries it
    again in the next wave."""


def custom_id(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "pl-" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:32]


@dataclass
class _Wave:
    bodies: dict[str, dict[str, Any]] = field(default_factory=dict)
    waiters: dict[str, list[asyncio.Future[bytes]]] = field(default_factory=dict)


class Batcher:
    """Gathers request bodies into batches of one endpoint and answers each with the raw
    body of its chat completion (bytes), or raises :class:`BatchLineError`, or returns
    an error message (str) for a line that failed for good."""

    def __init__(
        self,
        client: Any,
        state_dir: Path,
        *,
        poll_s: float = 30.0,
        settle_s: float = 0.2,
        window: str = "24h",
        max_lines: int = 50_000,
    ) -> None:
        self._client = client
        self.state_dir = state_dir
        self.poll_s = poll_s
        self.settle_s = settle_s
        self.window = window
        self.max_lines = max_lines
        self._wave = _Wave()
        self._flusher: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self._last_add = 0.0
        #: what this process did: batches created, batches taken over, polls, lines
        self.counts = {"batches": 0, "resumed": 0, "polls": 0, "lines": 0, "from_state": 0}

    # ------------------------------------------------------------------ state on disk

    def _records(self) -> list[dict[str, Any]]:
        if not self.state_dir.is_dir():
            return []
        out = []
        for path in sorted(self.state_dir.glob("batch-*.json")):
            try:
                out.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # a record cut off by a crash: its lines are simply sent again
        return out

    def _save(self, record: dict[str, Any]) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        path = self.state_dir / f"batch-{record['name']}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)

    # ------------------------------------------------------------------ requests

    async def send(self, body: dict[str, Any]) -> bytes | str:
        cid = custom_id(body)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bytes] = loop.create_future()
        self._wave.bodies[cid] = body
        self._wave.waiters.setdefault(cid, []).append(future)
        self._last_add = loop.time()
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_when_settled())
        try:
            return await future
        except _LineFailed as failed:
            return str(failed)

    async def _flush_when_settled(self) -> None:
        """Start a batch for the requests gathered once none has come for ``settle_s``;
        keep doing so while requests come (each batch runs in its own task)."""
        loop = asyncio.get_running_loop()
        while self._wave.bodies:
            await asyncio.sleep(self.settle_s)
            if loop.time() - self._last_add < self.settle_s:
                continue
            wave, self._wave = self._wave, _Wave()
            task = asyncio.create_task(self._run_guarded(wave))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _run_guarded(self, wave: _Wave) -> None:
        try:
            await self._run(wave)
        except Exception as exc:  # the endpoint failed as a whole: every waiter learns why
            for futures in wave.waiters.values():
                for f in futures:
                    if not f.done():
                        f.set_exception(_LineFailed(f"the batch failed: {_brief(exc)}"))

    async def _run(self, wave: _Wave) -> None:
        pending = dict(wave.bodies)
        jobs = []
        for record in self._records():
            mine = [cid for cid in record["ids"] if cid in pending]
            if not mine:
                continue
            if record.get("results") is None:
                # running, or ended before its results were kept: follow it to its end
                self.counts["resumed"] += 1
                jobs.append(self._follow(wave, record, mine))
            else:
                # lines that did not run or failed transiently go into a new batch
                mine = [cid for cid in mine if _final(record["results"].get(cid))]
                self.counts["from_state"] += len(mine)
                self._resolve(wave, record, mine)
            for cid in mine:
                pending.pop(cid, None)
        ids = sorted(pending)
        for start in range(0, len(ids), self.max_lines):
            chunk = ids[start : start + self.max_lines]
            jobs.append(self._create(wave, {cid: pending[cid] for cid in chunk}))
        await asyncio.gather(*jobs)

    async def _create(self, wave: _Wave, bodies: dict[str, dict[str, Any]]) -> None:
        lines = [json.dumps({"custom_id": cid, "method": "POST", "url": "/v1/chat/completions",
                             "body": body}, ensure_ascii=False) for cid, body in bodies.items()]  # fmt: skip
        data = ("\n".join(lines) + "\n").encode("utf-8")
        name = hashlib.sha256(data).hexdigest()[:16]
        uploaded = await self._client.files.create(file=(f"{name}.jsonl", data), purpose="batch")
        batch = await self._client.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions",
            completion_window=self.window,
        )  # fmt: skip
        self.counts["batches"] += 1
        self.counts["lines"] += len(bodies)
        record = {"name": name, "id": batch.id, "input_file_id": uploaded.id,
                  "status": batch.status, "ids": list(bodies), "results": None}  # fmt: skip
        self._save(record)
        await self._follow(wave, record, list(bodies))

    async def _follow(self, wave: _Wave, record: dict[str, Any], mine: list[str]) -> None:
        """Poll the batch until it ends, keep its results, answer its lines."""
        while True:
            batch = await self._client.batches.retrieve(record["id"])
            self.counts["polls"] += 1
            if batch.status != record["status"]:
                record["status"] = batch.status
                self._save(record)
            if batch.status in _DONE:
                break
            await asyncio.sleep(self.poll_s)
        results: dict[str, Any] = {}
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            content = await self._client.files.content(file_id)
            for line in content.content.decode("utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    results[row["custom_id"]] = {"response": row.get("response"),
                                                 "error": row.get("error")}  # fmt: skip
        if batch.status == "failed" and not results:
            errors = getattr(getattr(batch, "errors", None), "data", None) or []
            reason = "; ".join(str(getattr(e, "message", e)) for e in errors) or "no reason given"
            record["failure"] = f"the batch {record['id']} failed: {reason}"
        record["results"] = results
        self._save(record)
        self._resolve(wave, record, mine)

    def _resolve(self, wave: _Wave, record: dict[str, Any], ids: list[str]) -> None:
        for cid in ids:
            outcome = _outcome(record, record["results"].get(cid))
            for f in wave.waiters.get(cid, []):
                if f.done():
                    continue
                if isinstance(outcome, bytes):
                    f.set_result(outcome)
                else:
                    f.set_exception(outcome)


def _transient(row: dict[str, Any]) -> bool:
    status = (row.get("response") or {}).get("status_code")
    code = (row.get("error") or {}).get("code")
    return status in _TRANSIENT or (
        status is None and code in ("server_error", "rate_limit_exceeded", "batch_expired")
    )


def _final(row: dict[str, Any] | None) -> bool:
    """A kept result that answers its line for good (a success or a lasting failure)."""
    return row is not None and not _transient(row)


def _outcome(record: dict[str, Any], row: dict[str, Any] | None) -> bytes | Exception:
    if row is None:
        if record.get("failure"):
            return _LineFailed(record["failure"])
        return BatchLineError(f"the batch ended ({record['status']}) before this request ran")
    response = row.get("response") or {}
    if response.get("status_code") == 200:
        return json.dumps(response.get("body")).encode("utf-8")
    body = response.get("body")
    message = (body.get("error") or {}).get("message") if isinstance(body, dict) else None
    error = row.get("error") or {}
    text = f"HTTP {response.get('status_code') or error.get('code')}: {message or error.get('message') or 'no message'}"
    return BatchLineError(text) if _transient(row) else _LineFailed(text)


class _LineFailed(Exception):
    """A line that failed for good (the message is the reason)."""


def _brief(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]
