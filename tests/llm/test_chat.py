"""Free-form chat requests (the subject models of `probe`): text, tool calls, refusals,
the cache, and the budget bound under concurrency."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fake_server import FakeServer

from promptlint.llm.cache import ResponseCache
from promptlint.llm.client import Chat, Failed, LLMClient, Reply
from promptlint.llm.settings import LLMSettings

KEY = "sk-test-SECRET-0123456789abcdef"
ASK = Chat("probe", ({"role": "system", "content": "Be brief."},
                     {"role": "user", "content": "hi"}))  # fmt: skip


def body(message: dict[str, Any], finish: str = "stop", tokens: int = 15) -> dict[str, Any]:
    return {"body": {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                     "choices": [{"index": 0, "finish_reason": finish,
                                  "message": {"role": "assistant", **message}}],
                     "usage": {"prompt_tokens": tokens - 5, "completion_tokens": 5,
                               "total_tokens": tokens}}}  # fmt: skip


def client(url: str, tmp_path: Path | None = None, **kw: object) -> LLMClient:
    settings = LLMSettings.from_config({"base-url": url, "max-retries": 2, **kw}, env={})
    cache = ResponseCache(tmp_path / "c.sqlite") if tmp_path else None
    return LLMClient(settings, env={"OPENAI_API_KEY": KEY}, cache=cache)


def run(c: LLMClient, *reqs: Chat) -> list[Reply | Failed]:
    async def go() -> list[Reply | Failed]:
        return list(await asyncio.gather(*(c.chat(r) for r in reqs)))

    out: list[Reply | Failed] = c.run(go())
    return out


def test_text_tool_calls_and_refusals_come_back_as_replies(tmp_path: Path) -> None:
    call = {"id": "c1", "type": "function",
            "function": {"name": "lookup_booking", "arguments": '{"ref": "AB1'}}  # fmt: skip
    script = [body({"content": "Hello"}), body({"content": None, "tool_calls": [call]}, "tool_calls"),
              body({"content": None, "refusal": "I can't help with that."}),
              body({"content": ""}, "content_filter")]  # fmt: skip
    tools = ({"type": "function", "function": {"name": "lookup_booking", "parameters": {}}},)
    with FakeServer(script) as srv:
        c = client(srv.url, concurrency=1)
        got = run(c, ASK, Chat("probe", ASK.messages, tools, sample=1), Chat("probe", ASK.messages, sample=2),
                  Chat("probe", ASK.messages, sample=3))  # fmt: skip
    text, tool, refused, filtered = got
    assert isinstance(text, Reply) and text.content == "Hello" and text.refusal is None
    assert isinstance(tool, Reply) and tool.tool_calls == (
        ("c1", "lookup_booking", '{"ref": "AB1'),
    )
    assert isinstance(refused, Reply) and refused.refusal == "I can't help with that."
    assert isinstance(filtered, Reply) and "content_filter" in (filtered.refusal or "")
    assert srv.requests[1]["tools"] == list(tools) and "tools" not in srv.requests[0]
    assert [r["seed"] for r in srv.requests] == [0, 1, 2, 3]


def test_a_second_identical_chat_is_answered_from_the_cache(tmp_path: Path) -> None:
    with FakeServer(default=body({"content": "Hello"})) as srv:
        first = run(client(srv.url, tmp_path), ASK)
        c = client(srv.url, tmp_path)
        second = run(c, ASK)
    assert len(srv.requests) == 1 and c.usage.requests == 0 and c.usage.cache_hits == 1
    assert isinstance(second[0], Reply) and second[0].cached and second[0].content == "Hello"
    assert isinstance(first[0], Reply) and not first[0].cached
    assert KEY not in (tmp_path / "c.sqlite").read_bytes().decode("utf-8", "replace")


def test_rate_limits_are_retried_then_reported() -> None:
    limited = {"status": 429, "body": {"error": {"message": "slow down"}},
               "headers": {"Retry-After": "0"}}  # fmt: skip
    with FakeServer([limited, body({"content": "ok"})], default=limited) as srv:
        c = client(srv.url, concurrency=1)
        ok, failed = run(c, ASK, Chat("probe", ASK.messages, sample=1))
    assert isinstance(ok, Reply) and ok.content == "ok"
    assert isinstance(failed, Failed) and failed.kind == "transient" and "429" in failed.reason
    assert c.usage.retries == 1 + 2 and len(srv.requests) == 2 + 3


def test_budget_is_exceeded_by_at_most_one_request_under_concurrency() -> None:
    # every response costs 15 tokens; 40 requests at concurrency 16 against 100 tokens
    with FakeServer(default={**body({"content": "ok"}), "delay": 0.01}) as srv:
        c = client(srv.url, concurrency=16, **{"budget-tokens": 100})
        got = run(c, *(Chat("probe", ASK.messages, sample=i) for i in range(40)))
    spent = c.usage.prompt_tokens + c.usage.completion_tokens
    sent = sum(isinstance(r, Reply) for r in got)
    assert 100 <= spent <= 100 + 15 and sent == len(srv.requests) == 7
    assert c.usage.skipped_for_budget == 40 - 7
    assert all(r.kind == "budget" for r in got if isinstance(r, Failed))
