"""Seed requests from a JSONL file of real user turns (``--seeds``).

One JSON object a line with the request under ``text`` (or ``prompt``, ``request``,
``input``, ``content``), or a ``messages`` list whose first user message is the request;
``id`` is optional (the line number otherwise). A line that is not such an object is a
located input error; blank lines are skipped. Credentials found in a seed are redacted
before it can reach a witness, a log or a report.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from promptlint.errors import InputError
from promptlint.llm.settings import redact

__all__ = ["Seed", "load_seeds"]

_TEXT_KEYS = ("text", "prompt", "request", "input", "content")


@dataclass(frozen=True, slots=True)
class Seed:
    id: str
    text: str


def _text_of(obj: dict[str, object]) -> str | None:
    for key in _TEXT_KEYS:
        value = obj.get(key)
        if isinstance(value, str) and value.strip():
            return value
    messages = obj.get("messages")
    if isinstance(messages, list):
        for m in messages:
            if (
                isinstance(m, dict)
                and m.get("role") == "user"
                and isinstance(m.get("content"), str)
            ):
                return str(m["content"])
    return None


def load_seeds(path: str) -> list[Seed]:
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("seed file not found", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the seed file: {exc}", path=path) from None
    seeds: list[Seed] = []
    seen: set[str] = set()
    for n, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise InputError(f"not a JSON object: {exc.args[0]}", path=path, line=n) from None
        text = _text_of(obj) if isinstance(obj, dict) else None
        if text is None:
            raise InputError(
                "a seed needs a request under text, prompt, request, input, content or "
                "messages[].content (role user)",
                path=path,
                line=n,
            )
        sid = str(obj.get("id", f"line{n}"))
        if sid in seen:
            raise InputError(f"duplicate seed id {sid!r}", path=path, line=n)
        seen.add(sid)
        seeds.append(Seed(sid, redact(text)))
    return seeds
