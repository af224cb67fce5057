"""Model backend settings from ``[tool.promptlint.llm]``, the environment and the CLI.

The API key is never a setting: only the *name* of the environment variable that holds
it is, and :meth:`LLMSettings.api_key` reads it when a client is built.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from promptlint.errors import ConfigError

__all__ = ["CHECK_STAGES", "STAGES", "LLMSettings", "redact"]

STAGES = ("extract", "encode", "canonicalize", "policy_model", "overlap", "nominate",
          "joint_encode", "vet", "realize", "judge")  # fmt: skip
#: the model-backed stages of `check`, each of which can be left out with `llm.stages`
CHECK_STAGES = ("extract", "encode", "policy-model", "overlap", "nominate", "vet")
#: the stages `check --backend llm` runs unless ``llm.stages`` or ``--model-stages`` says
DEFAULT_STAGES = CHECK_STAGES


@dataclass(frozen=True)
class LLMSettings:
    base_url: str | None = None
    #: name of the environment variable holding the key (never the key itself)
    api_key_env: str = "OPENAI_API_KEY"
    model: str = "gpt-4o-mini"
    #: per-stage model overrides, e.g. {"encode": "gpt-4o"}
    models: dict[str, str] = field(default_factory=dict)
    concurrency: int = 8
    timeout_s: float = 60.0
    max_retries: int = 4
    budget_tokens: int | None = None
    budget_usd: float | None = None
    #: model -> {"input": USD per 1M tokens, "output": USD per 1M tokens}
    prices: dict[str, dict[str, float]] = field(default_factory=dict)
    temperature: float = 0.0
    seed: int | None = 0
    cache: bool = True
    cache_path: str = ".promptlint_cache/llm.sqlite"
    #: redundant encoding: k samples of the encode model, or one encoding per listed model
    encode_samples: int = 1
    encode_models: tuple[str, ...] = ()
    #: temperature of samples after the first (the first uses ``temperature``)
    sample_temperature: float = 0.7
    #: below this share of agreeing encodings a rule is reported as ambiguous (PL206)
    confidence_threshold: float = 0.67
    #: ask the model whether differently worded condition labels mean the same situation
    canonicalize_labels: bool = False
    repair_attempts: int = 2
    #: a larger answer is a failed request, never read into memory
    max_response_bytes: int = 1_000_000
    #: which model-backed stages `check` runs (the others run offline)
    stages: tuple[str, ...] = CHECK_STAGES
    #: nomination passes over the policy (each an independent reading)
    passes: int = 1
    #: characters of policy text per request of the whole-policy stages (overlapping windows)
    window_chars: int = 24000
    #: nominate by sweeping: one request per part of about this many characters, each with
    #: the whole policy as context (0: one reading per window)
    sweep_chars: int = 0
    #: the most policy text a sweep request carries as context
    context_chars: int = 160000
    #: send requests through the Batch API (``/v1/files`` + ``/v1/batches``)
    batch: bool = False
    #: seconds between two polls of a running batch
    batch_poll_s: float = 30.0

    @property
    def redundancy(self) -> int:
        """How many encodings each rule gets."""
        return len(self.encode_models) or self.encode_samples

    def model_for(self, stage: str) -> str:
        if stage not in STAGES:
            raise ValueError(f"unknown stage {stage!r}")
        return self.models.get(stage, self.model)

    def api_key(self, env: Mapping[str, str] | None = None) -> str:
        """The key from the named variable; a local server gets a placeholder."""
        value = (env if env is not None else os.environ).get(self.api_key_env, "")
        if value:
            return value
        if self.base_url and ("127.0.0.1" in self.base_url or "localhost" in self.base_url):
            return "local-no-key"
        raise ConfigError(
            f"no API key: the environment variable {self.api_key_env} is empty",
            hint="set it, or name another variable with llm.api-key-env",
        )

    @classmethod
    def from_config(
        cls,
        table: Mapping[str, Any],
        env: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> LLMSettings:
        env = env if env is not None else os.environ
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        if env.get("OPENAI_BASE_URL"):
            values["base_url"] = env["OPENAI_BASE_URL"]
        for raw_key, value in {**dict(table), **dict(overrides or {})}.items():
            key = raw_key.replace("-", "_")
            if key == "api_key":
                raise ConfigError(
                    "llm.api-key is not accepted: keys do not belong in configuration files",
                    hint="put the key in an environment variable and name it with llm.api-key-env",
                )
            if key not in known:
                raise ConfigError(f"unknown llm setting {raw_key!r}")
            if key in ("encode_models", "stages") and isinstance(value, list):
                value = tuple(value)
            problem = _type_problem(key, value)
            if problem is not None:
                raise ConfigError(f"llm.{key.replace('_', '-')}{problem}")
            values[key] = value
        values.setdefault("stages", DEFAULT_STAGES)
        s = cls(**values)
        s._validate()
        return s

    def _validate(self) -> None:
        checks = [
            (
                1 <= self.concurrency <= 1024,
                "llm.concurrency must be at least 1 (and at most 1024)",
            ),
            (self.max_response_bytes > 0, "llm.max-response-bytes must be positive"),
            (self.timeout_s > 0, "llm.timeout-s must be positive"),
            (self.batch_poll_s > 0, "llm.batch-poll-s must be positive"),
            (0 <= self.max_retries <= 20, "llm.max-retries must be between 0 and 20"),
            (
                self.budget_tokens is None or self.budget_tokens > 0,
                "llm.budget-tokens must be positive",
            ),
            (self.budget_usd is None or self.budget_usd > 0, "llm.budget-usd must be positive"),
            (self.encode_samples >= 1, "llm.encode-samples must be at least 1"),
            (
                isinstance(self.encode_models, tuple)
                and all(isinstance(m, str) and m for m in self.encode_models),
                "llm.encode-models must be a list of model names",
            ),
            (0 <= self.sample_temperature <= 2, "llm.sample-temperature must be in [0, 2]"),
            (0 < self.confidence_threshold <= 1, "llm.confidence-threshold must be in (0, 1]"),
            (
                isinstance(self.stages, tuple) and all(s in CHECK_STAGES for s in self.stages),
                f"llm.stages must be a list among {', '.join(CHECK_STAGES)}",
            ),
            (
                isinstance(self.passes, int) and 1 <= self.passes <= 10,
                "llm.passes must be between 1 and 10",
            ),
            (
                isinstance(self.window_chars, int) and self.window_chars >= 2000,
                "llm.window-chars must be at least 2000",
            ),
            (
                isinstance(self.sweep_chars, int)
                and (self.sweep_chars == 0 or self.sweep_chars >= 1000),
                "llm.sweep-chars must be 0 (no sweep) or at least 1000",
            ),
            (
                isinstance(self.context_chars, int) and self.context_chars >= 2000,
                "llm.context-chars must be at least 2000",
            ),
            (
                all(s in STAGES for s in self.models),
                f"llm.models keys must be among {', '.join(STAGES)}",
            ),
        ]
        for ok, message in checks:
            if not ok:
                raise ConfigError(message)

    def __repr__(self) -> str:  # the key never appears, but say where it would come from
        return f"LLMSettings(base_url={self.base_url!r}, model={self.model!r}, api_key_env={self.api_key_env!r})"


_WORDS = {
    "int_type": "an integer",
    "float_type": "a number",
    "string_type": "a string",
    "bool_type": "true or false",
    "tuple_type": "an array",
    "dict_type": "a table",
}


def _type_problem(key: str, value: Any) -> str | None:
    """Why ``value`` does not fit the field ``key`` (strictly: "8" is not an integer)."""
    from typing import get_type_hints

    from pydantic import TypeAdapter, ValidationError

    hint = get_type_hints(LLMSettings)[key]
    try:
        TypeAdapter(hint).validate_python(value, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = "".join(f"[{p!r}]" for p in err["loc"] if not isinstance(p, str) or p != "")
        expected = _WORDS.get(err["type"], err["msg"].removeprefix("Input should be ").lower())
        got = type(err["input"]).__name__
        return f"{where} must be {expected}, got {got} {err['input']!r}"[:300]
    except RecursionError:
        return " is nested too deeply"
    return None


_SECRET = re.compile(r"(sk-[A-Za-z0-9_\-]{8,}|Bearer\s+[A-Za-z0-9._\-]{8,})")


def redact(text: str, *secrets: str) -> str:
    """Remove the given secrets and anything that looks like an API key or bearer token."""
    for s in secrets:
        if s:
            text = text.replace(s, "***")
    return _SECRET.sub("***", text)
