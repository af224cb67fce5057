"""Encoding: rule records -> PyRule text (DESIGN §4), offline from phrase patterns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from promptlint.errors import ConfigError

__all__ = ["EncodeOutcome", "Encoder", "Encoding", "Unencoded", "Variants", "get_encoder"]


@dataclass(frozen=True, slots=True)
class Encoding:
    record_id: str
    #: one complete ``@rule(...)`` function
    pyrule: str
    #: "offline" | "llm"
    origin: str
    confidence: float | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Unencoded:
    record_id: str
    reason: str
    #: "" (nothing fits), "failed" (the model call failed), "budget" (not sent: budget
    #: reached), "invalid" (the model's encoding did not compile)
    kind: str = ""


EncodeOutcome = Encoding | Unencoded


@dataclass(frozen=True, slots=True)
class Variants:
    """Redundant encodings of one rule (k samples or k models), before one is chosen."""

    record_id: str
    outcomes: tuple[EncodeOutcome, ...]
    #: what produced each outcome: "sample 1", "model gpt-4o", ...
    sources: tuple[str, ...]


class Encoder(Protocol):
    def encode(self, records: Sequence[Any]) -> tuple[EncodeOutcome, ...]: ...


def get_encoder(kind: str = "offline", **options: Any) -> Encoder:
    if kind == "offline":
        from promptlint.encode.offline import OfflineEncoder

        return OfflineEncoder()
    if kind == "llm":
        from promptlint.encode.llm import LLMEncoder

        return LLMEncoder(options["client"], options.get("progress"), options.get("model"),
                          options.get("records", ()))  # fmt: skip
    raise ConfigError(f"unknown encoder {kind!r}", hint="use offline or llm")
