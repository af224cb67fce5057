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
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from promptlint.llm.batch import Batcher, BatchLineError
from promptlint.llm.cache import ResponseCache
from promptlint.llm.settings import LLMSettings, redact

__all__ = ["Chat", "Failed", "LLMClient", "Ok", "Reply", "Request", "Usage"]

#: completion tokens reserved for a request before it is sent
_COMPLETION_ESTIMATE = 256


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
    #: answers without ``usage``, budgeted by estimate
    estimated: int = 0
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
        batch_dir: Path | None = None,
    ) -> None:
        self.settings = settings
        #: where the state of ``--batch`` batches is kept (a run directory, or the cache's)
        self.batch_dir = batch_dir or Path(settings.cache_path).parent / "batches"
        self._batcher: Batcher | None = None
        self._key = settings.api_key(env)
        self._http_client = http_client
        self._client: Any = None
        self.cache = cache
        self.usage = Usage()
        #: called with every finished request (cache hits included), e.g. to drive a progress bar
        self.on_result: Callable[[Request, Ok | Failed], None] | None = None
        self._sem: asyncio.Semaphore | None = None
        self._budget_changed: asyncio.Condition | None = None
        self._held_tokens = 0
        self._held_usd = 0.0

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
        # with batches the provider schedules: every request joins the next batch
        self._sem = asyncio.Semaphore(
            1_000_000 if self.settings.batch else self.settings.concurrency
        )
        self._budget_changed = asyncio.Condition()
        if self.settings.batch:
            self._batcher = Batcher(self._client, self.batch_dir,
                                    poll_s=self.settings.batch_poll_s)  # fmt: skip

    # ------------------------------------------------------------------ budget

    def _over_budget(self) -> bool:
        s, u = self.settings, self.usage
        tokens = u.prompt_tokens + u.completion_tokens
        return bool(
            (s.budget_tokens is not None and tokens >= s.budget_tokens)
            or (s.budget_usd is not None and u.cost_usd >= s.budget_usd)
        )

    def _account(self, model: str, prompt: int, completion: int) -> None:
        self.usage.prompt_tokens += prompt
        self.usage.completion_tokens += completion
        price = self.settings.prices.get(model)
        if price:
            self.usage.cost_usd += (
                prompt * price.get("input", 0) + completion * price.get("output", 0)
            ) / 1e6

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
        if not use_cache:
            return await self._send(req, model)
        assert self.cache is not None
        self.usage.cache_lookups += 1
        # a claim on the key makes concurrent runs (and identical requests of this run)
        # wait for one answer instead of each sending the request
        ttl = self.settings.timeout_s * (self.settings.max_retries + 2) + 10
        while True:
            hit = self.cache.get(key_request)
            if hit is not None:
                try:
                    value = req.schema.model_validate(hit)
                except ValidationError:
                    break  # a stale entry from an older schema: ask again
                self.usage.cache_hits += 1
                self.usage.stage(req.stage)["cache_hits"] += 1
                return Ok(value, cached=True)
            token = self.cache.claim(key_request, ttl)
            if token is not None:
                if self.cache.get(key_request) is None:
                    break
                # another run answered it between our look-up and our claim
                self.cache.release(key_request, token)
                continue
            await asyncio.sleep(0.05)
        else:  # pragma: no cover - the loop only leaves by break or return
            token = None
        try:
            result = await self._send(req, model)
            if isinstance(result, Ok):
                self.cache.put(
                    key_request,
                    result.value.model_dump(mode="json"),
                    stage=req.stage,
                    prompt_tokens=result.prompt_tokens,
                    completion_tokens=result.completion_tokens,
                )
            return result
        finally:
            if token is not None:
                self.cache.release(key_request, token)

    async def _send(self, req: Request, model: str) -> Ok | Failed:
        if self._client is None or self._sem is None:
            self._open()
        assert self._sem is not None
        async with self._sem:
            # checked once a slot is free, so requests queued behind the budget stop too
            if self._over_budget():
                self.usage.skipped_for_budget += 1
                return Failed("budget reached before this request", "budget")
            return await self._with_repair(req, model)

    async def _with_repair(self, req: Request, model: str) -> Ok | Failed:
        messages = list(req.messages)
        outcome = await self._call(messages, req, model)
        if isinstance(outcome, tuple):  # invalid output: one repair attempt showing the error
            text, error = outcome
            messages += [
                {"role": "assistant", "content": text[:4000]},
                {"role": "user", "content": "Your answer was not valid: "
                 f"{error[:500]}. Reply again with JSON only, matching the schema."},
            ]  # fmt: skip
            outcome = await self._call(messages, req, model)
            if isinstance(outcome, tuple):
                return Failed(
                    f"invalid output after one repair: {outcome[1][:300]}", "invalid-output"
                )
        return outcome

    # ------------------------------------------------------------------ budget reservation

    def _estimate(self, messages: list[dict[str, Any]], model: str) -> tuple[int, float]:
        """Tokens and dollars a request may use, before it is sent (about 4 characters a
        token, plus as many completion tokens as a structured answer usually needs). A chat
        message may carry no text (a tool call) or a list of parts: its JSON is counted."""
        chars = sum(
            len(m["content"]) if isinstance(m.get("content"), str) else len(json.dumps(m))
            for m in messages
        )
        prompt = chars // 4 + 8 * len(messages)
        completion = _COMPLETION_ESTIMATE
        price = self.settings.prices.get(model) or {}
        usd = (prompt * price.get("input", 0) + completion * price.get("output", 0)) / 1e6
        return prompt + completion, usd

    async def _reserve(self, tokens: int, usd: float) -> bool:
        """Hold ``tokens``/``usd`` of the budget for one request; False when the budget
        cannot cover it. Requests in flight count with their estimate until they finish,
        so concurrency cannot overshoot; one request may run alone on what is left."""
        s = self.settings
        if s.budget_tokens is None and s.budget_usd is None:
            return True
        if self._budget_changed is None:
            self._budget_changed = asyncio.Condition()
        async with self._budget_changed:
            while True:
                if self._over_budget():
                    return False
                u = self.usage
                fits = (
                    s.budget_tokens is None
                    or u.prompt_tokens + u.completion_tokens + self._held_tokens + tokens
                    <= s.budget_tokens
                ) and (s.budget_usd is None or u.cost_usd + self._held_usd + usd <= s.budget_usd)
                if fits or (self._held_tokens == 0 and self._held_usd == 0):
                    self._held_tokens += tokens
                    self._held_usd += usd
                    return True
                await self._budget_changed.wait()

    async def _settle(self, tokens: int, usd: float) -> None:
        if self._budget_changed is None:
            return
        async with self._budget_changed:
            self._held_tokens -= tokens
            self._held_usd -= usd
            self._budget_changed.notify_all()

    # ------------------------------------------------------------------ one HTTP request

    async def _call(
        self, messages: list[dict[str, str]], req: Request, model: str
    ) -> Ok | Failed | tuple[str, str]:
        schema = req.schema
        temperature, seed = self._sampling(req)
        extra = {"response_format": {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()},
        }}  # fmt: skip
        sent = await self._send_body(model, messages, temperature, seed, extra, req.stage)
        if isinstance(sent, Failed):
            return sent
        data, p, c = sent
        text, finish = _content(data)
        if finish == "length":
            return text, "the output was cut off (finish_reason=length); answer more briefly"
        try:
            return Ok(schema.model_validate(json.loads(text)), False, p, c)
        except (json.JSONDecodeError, ValidationError) as exc:
            return text, _brief(exc)
        except RecursionError:
            return text, "the JSON is nested too deeply"

    async def _send_body(
        self,
        model: str,
        messages: list[dict[str, Any]],
        temperature: float,
        seed: int | None,
        extra: dict[str, Any],
        stage: str,
    ) -> tuple[dict[str, Any], int, int] | Failed:
        """One chat completion (the parsed body and its tokens), with the budget reserved
        before each attempt, retries on 429, 5xx, timeouts and connection errors, and a
        deadline on the whole request."""
        import openai

        est_tokens, est_usd = self._estimate(messages, model)
        for attempt in range(self.settings.max_retries + 1):
            if not await self._reserve(est_tokens, est_usd):
                self.usage.skipped_for_budget += 1
                return Failed("budget reached before this request", "budget")
            self.usage.attempts += 1
            try:
                try:
                    # the SDK's timeout bounds each read; this bounds the whole request (a
                    # batch has its own completion window)
                    async with asyncio.timeout(None if self._batcher else self.settings.timeout_s):
                        raw = await self._post(model, messages, temperature, seed, extra)
                except TimeoutError:
                    raise openai.APITimeoutError(request=_REQUEST) from None
                if isinstance(raw, Failed):
                    await self._settle(est_tokens, est_usd)
                    return raw
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError, openai.ConflictError,
                    BatchLineError) as exc:  # fmt: skip
                await self._settle(est_tokens, est_usd)
                if attempt == self.settings.max_retries:
                    return Failed(self._describe(exc), "transient")
                self.usage.retries += 1
                await asyncio.sleep(self._delay(exc, attempt))
                continue
            except openai.APIStatusError as exc:
                await self._settle(est_tokens, est_usd)
                return Failed(self._describe(exc), "fatal")
            except BaseException:
                await self._settle(est_tokens, est_usd)
                raise
            self.usage.requests += 1
            parsed = _parse_completion(raw)
            if isinstance(parsed, Failed):
                # what the endpoint sent is unknown: count the estimate against the budget
                self._account(model, est_tokens - _COMPLETION_ESTIMATE, _COMPLETION_ESTIMATE)
                await self._settle(est_tokens, est_usd)
                return parsed
            data, usage = parsed
            if usage is None:  # no ``usage`` in the answer: budget by estimate
                self.usage.estimated += 1
                p, c = est_tokens - _COMPLETION_ESTIMATE, len(_content(data)[0]) // 4 + 1
            else:
                p, c = usage
            self._account(model, p, c)
            await self._settle(est_tokens, est_usd)
            per = self.usage.stage(stage)
            per["requests"] += 1
            per["prompt_tokens"] += p
            per["completion_tokens"] += c
            return data, p, c
        return Failed("no attempt was made", "fatal")  # pragma: no cover - loop always returns

    async def _post(
        self,
        model: str,
        messages: list[dict[str, Any]],
        temperature: float,
        seed: int | None,
        extra: dict[str, Any],
    ) -> bytes | Failed:
        """The raw body of one chat completion, read up to ``max-response-bytes``."""
        import openai

        if self._batcher is not None:
            body: dict[str, Any] = {"model": model, "messages": messages,
                                    "temperature": temperature, **extra}  # fmt: skip
            if seed is not None:
                body["seed"] = seed
            answer = await self._batcher.send(body)
            return answer if isinstance(answer, bytes) else Failed(answer, "fatal")
        cap = self.settings.max_response_bytes
        too_big = Failed(f"the endpoint's answer is over the {cap:,}-byte limit "
                         "(llm.max-response-bytes)", "fatal")  # fmt: skip
        async with self._client.chat.completions.with_streaming_response.create(
            model=model,
            messages=messages,
            temperature=temperature,
            seed=openai.NOT_GIVEN if seed is None else seed,
            **extra,
        ) as response:
            length = response.headers.get("content-length")
            if length is not None and length.isdigit() and int(length) > cap:
                return too_big
            chunks: list[bytes] = []
            size = 0
            async for chunk in response.iter_bytes():
                size += len(chunk)
                if size > cap:
                    return too_big
                chunks.append(chunk)
            return b"".join(chunks)

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
        extra: dict[str, Any] = {"tools": list(req.tools)} if req.tools else {}
        async with self._sem:
            sent = await self._send_body(model, list(req.messages), temperature, seed, extra,
                                         req.stage)  # fmt: skip
        if isinstance(sent, Failed):
            self.usage.errors.append(sent.reason)
            return sent
        reply = _reply(*sent)
        if use_cache:
            self.cache.put(key, reply.to_dict(), stage=req.stage,  # type: ignore[union-attr]
                           prompt_tokens=reply.prompt_tokens,
                           completion_tokens=reply.completion_tokens)  # fmt: skip
        return reply

    async def aclose(self) -> None:
        """Close the connection pool (not an injected HTTP client, which is the caller's)."""
        if self._client is not None and self._http_client is None:
            await self._client.close()
        self._client = self._sem = self._batcher = None

    def _delay(self, exc: Any, attempt: int) -> float:
        if isinstance(exc, BatchLineError):
            return 0.0  # the next batch is the wait
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
                self._client = self._sem = self._budget_changed = self._batcher = None

        return asyncio.run(go())


class _PlaceholderRequest:
    """``openai.APITimeoutError`` wants a request; the deadline has no httpx request."""

    method = "POST"
    url = "chat/completions"


_REQUEST: Any = _PlaceholderRequest()


def _parse_completion(raw: bytes) -> tuple[dict[str, Any], tuple[int, int] | None] | Failed:
    """(the completion's JSON body, (prompt, completion) tokens or None), or a failure
    saying what the endpoint sent instead of a chat completion."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        head = raw[:60].decode("utf-8", "replace").strip()
        kind = "an HTML page" if head.lower().startswith(("<!doctype", "<html")) else "not JSON"
        if not raw.strip():
            kind = "an empty body"
        return Failed(
            f"the endpoint answered with {kind}, not a chat completion (is llm.base-url an "
            f"OpenAI-compatible /v1 endpoint?): {head!r}",
            "fatal",
        )
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list):
        return Failed("the endpoint's answer is not a chat completion (no choices)", "fatal")
    usage = data.get("usage")
    tokens: tuple[int, int] | None = None
    if isinstance(usage, dict):
        p, c = usage.get("prompt_tokens"), usage.get("completion_tokens")
        if isinstance(p, int) and isinstance(c, int) and p >= 0 and c >= 0:
            tokens = (p, c)
    return data, tokens


def _message(data: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The first choice's message and finish reason (empty when malformed)."""
    choices = data.get("choices") or []
    choice = choices[0] if choices and isinstance(choices[0], dict) else {}
    message = choice.get("message")
    finish = choice.get("finish_reason")
    return (message if isinstance(message, dict) else {}), (
        finish if isinstance(finish, str) else None
    )


def _content(data: dict[str, Any]) -> tuple[str, str | None]:
    message, finish = _message(data)
    content = message.get("content")
    return (content if isinstance(content, str) else ""), finish


def _reply(data: dict[str, Any], p: int, c: int) -> Reply:
    """A free-form answer: text, tool calls as sent, a provider refusal."""
    if not data.get("choices"):
        return Reply("", (), "the response had no choices", "error", False, p, c)
    message, finish = _message(data)
    calls = []
    for i, call in enumerate(message.get("tool_calls") or ()):
        fn = call.get("function") if isinstance(call, dict) else None
        fn = fn if isinstance(fn, dict) else {}
        calls.append((str(call.get("id") or f"call_{i}") if isinstance(call, dict) else f"call_{i}",
                      str(fn.get("name") or ""), str(fn.get("arguments") or "")))  # fmt: skip
    refusal = message.get("refusal")
    refusal = refusal if isinstance(refusal, str) else None
    finish = finish or "stop"
    if refusal is None and finish == "content_filter":
        refusal = "the provider filtered the response (finish_reason=content_filter)"
    content = message.get("content")
    return Reply(content if isinstance(content, str) else "", tuple(calls), refusal, finish,
                 False, p, c)  # fmt: skip


def _brief(exc: Exception) -> str:
    """One line saying why an answer does not fit its schema."""
    if isinstance(exc, ValidationError):
        parts = [
            f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}" for e in exc.errors()
        ]
        more = f" (and {len(parts) - 3} more)" if len(parts) > 3 else ""
        return "; ".join(parts[:3]) + more
    return " ".join(str(exc).split())
