"""Recorded answers: a transport that answers chat requests from a file, by content hash,
and never opens a connection.

``PROMPTLINT_LLM_REPLAY=answers.jsonl`` makes every model request of a run look up its
answer there (one JSON object a line: ``{"key": ..., "stage": ..., "response": {...}}``).
A request with no recorded answer fails like an unreachable endpoint (reported, never
dropped) and, with ``PROMPTLINT_LLM_PENDING=DIR``, is written to ``DIR/<key>.md`` with its
prompt and the schema of the answer it expects, so that someone can answer it from the
request alone. Used to measure the model-backed path without an endpoint, and to make a
model-backed CI run reproducible.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import httpx

__all__ = ["REPLAY_URL", "ReplayTransport", "load_answers", "request_key"]

#: the URL a replayed run's client is given; nothing is ever sent there
REPLAY_URL = "http://replay.invalid/v1"


def request_key(body: dict[str, Any]) -> str:
    """Content hash of what decides an answer: the messages and the answer's schema."""
    fmt = body.get("response_format") or {}
    schema = (fmt.get("json_schema") or {}).get("name", "")
    canon = json.dumps({"messages": body.get("messages", []), "schema": schema},
                       sort_keys=True, ensure_ascii=False)  # fmt: skip
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:20]


def load_answers(path: Path) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                answers[entry["key"]] = entry["response"]
    return answers


class ReplayTransport(httpx.AsyncBaseTransport):
    def __init__(self, answers: Path, pending: Path | None = None) -> None:
        self.answers = load_answers(answers)
        self.pending = pending
        #: keys asked for that had no answer, in order
        self.missing: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content or b"{}")
        key = request_key(body)
        if key in self.answers:
            content = json.dumps(self.answers[key], ensure_ascii=False)
            return httpx.Response(200, json=_completion(content, body.get("model", "replay")))
        self.missing.append(key)
        if self.pending is not None:
            self._write_pending(key, body)
        return httpx.Response(404, json={"error": {"message": f"no recorded answer for {key}"}})

    def _write_pending(self, key: str, body: dict[str, Any]) -> None:
        assert self.pending is not None
        self.pending.mkdir(parents=True, exist_ok=True)
        fmt = (body.get("response_format") or {}).get("json_schema") or {}
        parts = [f"<!-- key: {key} -->"]
        for m in body.get("messages", []):
            parts.append(f"## {m.get('role', 'user')}\n\n{m.get('content', '')}")
        parts.append("## answer schema (reply with one JSON object of this schema)\n\n"
                     + json.dumps(fmt.get("schema", {}), indent=1))  # fmt: skip
        (self.pending / f"{key}.md").write_text("\n\n".join(parts) + "\n", encoding="utf-8")


def _completion(content: str, model: str) -> dict[str, Any]:
    return {
        "id": "replay", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }  # fmt: skip
