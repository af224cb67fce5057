"""The one OpenAI-compatible client: bounded concurrency, retries, structured output,
token accounting, a response cache and a budget. ``openai`` is imported here only.

Every request returns a value — :class:`Ok` or :class:`Failed` — never an exception, so a
batch always reports what it could not do. The SDK's own retries are off: this client
retries 429, 5xx, timeouts and connection errors itself, honouring ``Retry-After``, so it
can count attempts and stop at the budget.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from promptlint.llm.cache import ResponseCache
from promptlint.llm.settings import LLMSettings, redact

__all__ = ["Chat", "Failed", "LLMClient", "Ok", "Reply", "Request", "Usage"]


@dataclass(frozen=True)
class Request:
    stage: str
    messages: tuple[dict[str, str], ...]
    schema: type[BaseModel]
    #: version of the prompt template that produced the messages (part of the cache key)
    template: str = ""
    #: redundant sampling: sample ``i > 0`` is drawn at ``sample_temperature`` with seed + i
    sample: int = 0
    #: a model other than the stage's (redundant encoding with k models)
    model: str | None = None


@dataclass(frozen=True)
class Chat:
    """A free-form chat request, as a subject model receives it: any roles, tool calls in
    the history, native tools declared. The answer is a :class:`Reply`, not a schema."""

    stage: str
    messages: tuple[dict[str, Any], ...]
    #: OpenAI tool declarations (``{"type": "function", "function": {...}}``)
    tools: tuple[dict[str, Any], ...] = ()
    model: str | None = None
    #: sample index: part of the cache key, and the seed offset
    sample: int = 0
    #: None: the settings' temperature
    temperature: float | None = None


@dataclass(frozen=True)
class Reply:
    content: str
    #: (call id, tool name, arguments as sent: a JSON text, possibly malformed)
    tool_calls: tuple[tuple[str, str, str], ...] = ()
    #: a provider refusal (the message's ``refusal``, or finish_reason ``content_filter``)
    refusal: str | None = None
    finish_reason: str = "stop"
    cached: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"content": self.content, "tool_calls": [list(c) for c in self.tool_calls],
                "refusal": self.refusal, "finish_reason": self.finish_reason}  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, cached: bool = False) -> Reply:
        return cls(d["content"], tuple(tuple(c) for c in d["tool_calls"]),
                   d.get("refusal"), d.get("finish_reason", "stop"), cached)  # fmt: skip


@dataclass(frozen=True)
class Ok:
    value: BaseModel
    cached: bool
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class Failed:
    reason: str
    #: "budget" | "transient" | "invalid-output" | "fatal"
    kind: str


@dataclass
class Usage:
    requests: int = 0
    attempts: int = 0
    #: attempts made again after a 429, 5xx, timeout or connection error
    retries: int = 0
    cache_lookups: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    skipped_for_budget: int = 0
    errors: list[str] = field(default_factory=list)
    #: stage -> {"requests", "cache_hits", "prompt_tokens", "completion_tokens"}
    by_stage: dict[str, dict[str, int]] = field(default_factory=dict)

    def stage(self, name: str) -> dict[str, int]:
        return self.by_stage.setdefault(
            name, {"requests": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0}
        )


class LLMClient:
    def __init__(
        self,
        settings: LLMSettings,
        *,
        http_client: Any = None,
        env: dict[str, str] | None = None,
        cache: ResponseCache | None = None,
    ) -> None:
        self.settings = settings
        self._key = settings.api_key(env)
        self._http_client = http_client
        self._client: Any = None
        self.cache = cache
        self.usage = Usage()
        #: called with every finished request (cache hits included), e.g. to drive a progress bar
        self.on_result: Callable[[Request, Ok | Failed], None] | None = None
        self._sem: asyncio.Semaphore | None = None
        self._cond: asyncio.Condition | None = None
        self._in_flight = 0
        #: the largest finished request so far (tokens, USD): the estimate of the next one
        self._largest = (0, 0.0)

    def _open(self) -> None:
        """A connection pool and a semaphore for the current event loop."""
        from openai import AsyncOpenAI

        self._client = AsyncOpenAI(
            base_url=self.settings.base_url,
            api_key=self._key,
            max_retries=0,
            timeout=self.settings.timeout_s,
            http_client=self._http_client,
        )
        self._sem = asyncio.Semaphore(self.settings.concurrency)
        self._cond = asyncio.Condition()

    # ------------------------------------------------------------------ budget

    def _over_budget(self) -> bool:
        s, u = self.settings, self.usage
        tokens = u.prompt_tokens + u.completion_tokens
        return bool(
            (s.budget_tokens is not None and tokens >= s.budget_tokens)
            or (s.budget_usd is not None and u.cost_usd >= s.budget_usd)
        )

    def _account(self, model: str, prompt: int, completion: int, meter: list[float]) -> None:
        self.usage.prompt_tokens += prompt
        self.usage.completion_tokens += completion
        meter[0] += prompt + completion
        price = self.settings.prices.get(model)
        if price:
            cost = (prompt * price.get("input", 0) + completion * price.get("output", 0)) / 1e6
            self.usage.cost_usd += cost
            meter[1] += cost

    def _fits(self) -> bool:
        """Whether one more request, as large as the largest so far, fits in the budget
        beside those in flight."""
        s, u = self.settings, self.usage
        n = self._in_flight + 1
        tokens, cost = self._largest
        if s.budget_tokens is not None and (
            tokens == 0 or u.prompt_tokens + u.completion_tokens + n * tokens > s.budget_tokens
        ):
            return False
        return s.budget_usd is None or (cost > 0 and u.cost_usd + n * cost <= s.budget_usd)

    async def _admit(self) -> bool:
        """Wait until a request may be sent; False once the budget is spent.

        Requests run concurrently only while the spend so far plus, for each request in
        flight and the new one, the largest request seen stays within the budget; nearer
        the budget they go one at a time, so the budget is exceeded by at most the last
        request (as long as no request is larger than the largest seen before it).
        """
        s = self.settings
        if s.budget_tokens is None and s.budget_usd is None:
            self._in_flight += 1
            return True
        assert self._cond is not None
        async with self._cond:
            while True:
                if self._over_budget():
                    return False
                if self._in_flight == 0 or self._fits():
                    self._in_flight += 1
                    return True
                await self._cond.wait()

    async def _release(self, meter: list[float]) -> None:
        self._largest = (max(self._largest[0], int(meter[0])), max(self._largest[1], meter[1]))
        self._in_flight -= 1
        if self._cond is not None:
            async with self._cond:
                self._cond.notify_all()

    # ------------------------------------------------------------------ one request

    def _sampling(self, req: Request) -> tuple[float, int | None]:
        s = self.settings
        if req.sample == 0:
            return s.temperature, s.seed
        return s.sample_temperature, None if s.seed is None else s.seed + req.sample

    def _cache_request(self, req: Request, model: str) -> dict[str, Any]:
        temperature, seed = self._sampling(req)
        return {
            "base_url": self.settings.base_url or "",
            "model": model,
            "messages": list(req.messages),
            "temperature": temperature,
            "seed": seed,
            "schema": req.schema.model_json_schema(),
            "template": req.template,
        }

    async def complete(self, req: Request) -> Ok | Failed:
        result = await self._complete(req)
        if isinstance(result, Failed):
            self.usage.errors.append(result.reason)
        if self.on_result is not None:
            self.on_result(req, result)
        return result

    async def _complete(self, req: Request) -> Ok | Failed:
        model = req.model or self.settings.model_for(req.stage)
        key_request = self._cache_request(req, model)
        use_cache = self.cache is not None and self.settings.cache
        if use_cache:
            self.usage.cache_lookups += 1
            hit = self.cache.get(key_request)  # type: ignore[union-attr]
            if hit is not None:
                self.usage.cache_hits += 1
                self.usage.stage(req.stage)["cache_hits"] += 1
                return Ok(req.schema.model_validate(hit), cached=True)
        if self._client is None or self._sem is None:
            self._open()
        assert self._sem is not None
        async with self._sem:
            # checked once a slot is free, so requests queued behind the budget stop too
            if not await self._admit():
                self.usage.skipped_for_budget += 1
                return Failed("budget reached before this request", "budget")
            meter = [0.0, 0.0]
            try:
                result = await self._with_repair(req, model, meter)
            finally:
                await self._release(meter)
        if isinstance(result, Ok) and use_cache:
            self.cache.put(  # type: ignore[union-attr]
                key_request,
                result.value.model_dump(mode="json"),
                stage=req.stage,
                prompt_tokens=result.prompt_tokens,
                completion_tokens=result.completion_tokens,
            )
        return result

    async def _with_repair(self, req: Request, model: str, meter: list[float]) -> Ok | Failed:
        messages = list(req.messages)
        outcome = await self._call(messages, req, model, meter)
        if isinstance(outcome, tuple):  # invalid output: one repair attempt showing the error
            text, error = outcome
            messages += [
                {"role": "assistant", "content": text[:4000]},
                {"role": "user", "content": "Your answer was not valid: "
                 f"{error[:500]}. Reply again with JSON only, matching the schema."},
            ]  # fmt: skip
            outcome = await self._call(messages, req, model, meter)
            if isinstance(outcome, tuple):
                return Failed(
                    f"invalid output after one repair: {outcome[1][:300]}", "invalid-output"
                )
        return outcome

    async def _call(
        self, messages: list[dict[str, str]], req: Request, model: str, meter: list[float]
    ) -> Ok | Failed | tuple[str, str]:
        schema = req.schema
        temperature, seed = self._sampling(req)
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()},
        }
        body = {"model": model, "messages": messages, "temperature": temperature,
                "response_format": response_format}  # fmt: skip
        resp = await self._post(body, seed, req.stage, meter)
        if isinstance(resp, Failed):
            return resp
        p, c = _tokens(resp)
        choice = resp.choices[0] if resp.choices else None
        text = (choice.message.content or "") if choice else ""
        if choice is not None and choice.finish_reason == "length":
            return text, "the output was cut off (finish_reason=length); answer more briefly"
        try:
            return Ok(schema.model_validate(json.loads(text)), False, p, c)
        except (json.JSONDecodeError, ValidationError) as exc:
            return text, str(exc)

    async def _post(
        self, body: dict[str, Any], seed: int | None, stage: str, meter: list[float]
    ) -> Any:
        """One chat completion with retries on 429, 5xx, timeouts and connection errors;
        the response, or :class:`Failed`. Tokens are accounted to ``stage`` and ``meter``."""
        import openai

        for attempt in range(self.settings.max_retries + 1):
            self.usage.attempts += 1
            try:
                resp = await self._client.chat.completions.create(
                    **body, seed=openai.NOT_GIVEN if seed is None else seed
                )
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError, openai.ConflictError) as exc:  # fmt: skip
                if attempt == self.settings.max_retries:
                    return Failed(self._describe(exc), "transient")
                self.usage.retries += 1
                await asyncio.sleep(self._delay(exc, attempt))
                continue
            except openai.APIStatusError as exc:
                return Failed(self._describe(exc), "fatal")
            self.usage.requests += 1
            p, c = _tokens(resp)
            self._account(body["model"], p, c, meter)
            per = self.usage.stage(stage)
            per["requests"] += 1
            per["prompt_tokens"] += p
            per["completion_tokens"] += c
            return resp
        return Failed("no attempt was made", "fatal")  # pragma: no cover - loop always returns

    # ------------------------------------------------------------------ free-form chat

    def _chat_sampling(self, req: Chat) -> tuple[float, int | None]:
        s = self.settings
        temperature = s.temperature if req.temperature is None else req.temperature
        return temperature, None if s.seed is None else s.seed + req.sample

    def _chat_key(self, req: Chat, model: str) -> dict[str, Any]:
        temperature, seed = self._chat_sampling(req)
        return {"base_url": self.settings.base_url or "", "model": model, "kind": "chat",
                "messages": list(req.messages), "tools": list(req.tools),
                "temperature": temperature, "seed": seed, "sample": req.sample}  # fmt: skip

    async def chat(self, req: Chat) -> Reply | Failed:
        """A free-form completion (text, tool calls or a refusal); cached, budgeted and
        retried like :meth:`complete`, never raises."""
        model = req.model or self.settings.model
        key = self._chat_key(req, model)
        use_cache = self.cache is not None and self.settings.cache
        if use_cache:
            self.usage.cache_lookups += 1
            hit = self.cache.get(key)  # type: ignore[union-attr]
            if hit is not None:
                self.usage.cache_hits += 1
                self.usage.stage(req.stage)["cache_hits"] += 1
                return Reply.from_dict(hit, cached=True)
        if self._client is None or self._sem is None:
            self._open()
        assert self._sem is not None
        temperature, seed = self._chat_sampling(req)
        body: dict[str, Any] = {"model": model, "messages": list(req.messages),
                                "temperature": temperature}  # fmt: skip
        if req.tools:
            body["tools"] = list(req.tools)
        async with self._sem:
            if not await self._admit():
                self.usage.skipped_for_budget += 1
                failed = Failed("budget reached before this request", "budget")
                self.usage.errors.append(failed.reason)
                return failed
            meter = [0.0, 0.0]
            try:
                resp = await self._post(body, seed, req.stage, meter)
            finally:
                await self._release(meter)
        if isinstance(resp, Failed):
            self.usage.errors.append(resp.reason)
            return resp
        reply = _reply(resp)
        if use_cache:
            self.cache.put(key, reply.to_dict(), stage=req.stage,  # type: ignore[union-attr]
                           prompt_tokens=reply.prompt_tokens,
                           completion_tokens=reply.completion_tokens)  # fmt: skip
        return reply

    def _delay(self, exc: Any, attempt: int) -> float:
        headers = getattr(getattr(exc, "response", None), "headers", None) or {}
        for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            value = headers.get(name)
            if value:
                try:
                    return min(float(str(value)) * scale, 60.0)
                except ValueError:
                    pass
        return min(0.25 * 2.0**attempt, 8.0) * (0.5 + random.random() / 2)

    def _describe(self, exc: Any) -> str:
        status = getattr(exc, "status_code", None)
        head = f"HTTP {status}" if status else type(exc).__name__
        return redact(f"{head}: {exc}", self._key)

    async def aclose(self) -> None:
        """Close the connection pool (not an injected HTTP client, which is the caller's)."""
        if self._client is not None and self._http_client is None:
            await self._client.close()
        self._client = self._sem = self._cond = None

    # ------------------------------------------------------------------ batches

    async def complete_all(self, requests: Sequence[Request]) -> list[Ok | Failed]:
        return list(await asyncio.gather(*(self.complete(r) for r in requests)))

    def run_batch(self, requests: Sequence[Request]) -> list[Ok | Failed]:
        """Synchronous facade for the CLI."""
        results: list[Ok | Failed] = self.run(self.complete_all(requests))
        return results

    def run(self, coro: Any) -> Any:
        """Run a coroutine that uses this client, then close the connection pool."""

        async def go() -> Any:
            # the connection pool (and ``import openai``) waits for the first cache miss,
            # so a run answered from the cache never pays for them
            try:
                return await coro
            finally:
                if self._client is not None and self._http_client is None:
                    await self._client.close()  # an injected client belongs to the caller
                self._client = self._sem = None

        return asyncio.run(go())


def _tokens(resp: Any) -> tuple[int, int]:
    usage = getattr(resp, "usage", None)
    return (usage.prompt_tokens, usage.completion_tokens) if usage else (0, 0)


def _reply(resp: Any) -> Reply:
    p, c = _tokens(resp)
    choice = resp.choices[0] if resp.choices else None
    if choice is None:
        return Reply("", (), "the response had no choices", "error", False, p, c)
    msg = choice.message
    calls = []
    for i, call in enumerate(msg.tool_calls or ()):
        fn = getattr(call, "function", None)
        calls.append((str(getattr(call, "id", "") or f"call_{i}"),
                      str(getattr(fn, "name", "") or ""),
                      str(getattr(fn, "arguments", "") or "")))  # fmt: skip
    refusal = getattr(msg, "refusal", None)
    finish = str(choice.finish_reason or "stop")
    if refusal is None and finish == "content_filter":
        refusal = "the provider filtered the response (finish_reason=content_filter)"
    return Reply(msg.content or "", tuple(calls), refusal, finish, False, p, c)
