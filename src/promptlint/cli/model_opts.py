"""What the commands with a model backend share: options, the progress bar, the usage line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from promptlint.errors import ConfigError

if TYPE_CHECKING:
    from promptlint.config import Config

__all__ = [
    "RichProgress",
    "apply_model_options",
    "config_warning_diagnostics",
    "model_client_installed",
    "print_config_warnings",
    "progress_for",
    "usage_line",
]


def model_client_installed() -> bool:
    """Whether the ``llm`` extra (the openai package) is installed; nothing is imported."""
    import importlib.util

    try:
        return importlib.util.find_spec("openai") is not None
    except (ImportError, ValueError):
        return False


#: characters of policy per sweep request when ``--sweep`` is given without llm.sweep-chars
DEFAULT_SWEEP_CHARS = 6000


def apply_model_options(
    cfg: Config,
    *,
    backend: str | None,
    fallback: str | None,
    no_cache: bool = False,
    canonicalize_labels: bool = False,
    encode_samples: int | None = None,
    model_stages: str | None = None,
    passes: int | None = None,
    batch: bool = False,
    sweep: bool = False,
) -> Config:
    """Fold the model-related CLI flags into the configuration, validating them."""
    cfg = cfg.with_overrides(backend=backend)
    if cfg.backend not in ("offline", "llm"):
        raise ConfigError(f"invalid value {cfg.backend!r} for --backend; choose from offline, llm")
    if cfg.backend == "llm" and not model_client_installed():
        raise ConfigError(
            "--backend llm needs the model client (openai), which is not installed",
            hint="pip install 'promptlint-wire[llm]' (or drop --backend llm to lint offline)",
        )
    if fallback is not None:
        if fallback != "offline":
            raise ConfigError(f"invalid --fallback {fallback!r}; the only fallback is offline")
        cfg = cfg.with_overrides(fallback=fallback)
    llm = dict(cfg.llm)
    if no_cache:
        llm["cache"] = False
        cfg = cfg.with_overrides(cache_dir="")
    if canonicalize_labels:
        llm["canonicalize-labels"] = True
    if batch:
        if cfg.backend != "llm":
            raise ConfigError("--batch sends model requests: use it with --backend llm")
        llm["batch"] = True
    if encode_samples is not None:
        llm["encode-samples"] = encode_samples
    if model_stages is not None:
        from promptlint.llm.settings import CHECK_STAGES

        stages = [s.strip() for s in model_stages.split(",") if s.strip()]
        unknown = [s for s in stages if s not in CHECK_STAGES]
        if unknown:
            raise ConfigError(f"unknown model stage {unknown[0]!r} for --model-stages; "
                              f"choose from {', '.join(CHECK_STAGES)}")  # fmt: skip
        llm["stages"] = stages
    if passes is not None:
        llm["passes"] = passes
    if sweep and not llm.get("sweep-chars", llm.get("sweep_chars")):
        llm["sweep-chars"] = DEFAULT_SWEEP_CHARS
    extras = canonicalize_labels or encode_samples is not None or model_stages or passes or sweep
    if cfg.backend != "llm" and extras:
        raise ConfigError(
            "--canonicalize-labels, --encode-samples, --model-stages, --passes and --sweep "
            "need --backend llm",
            hint="the offline backend never calls a model",
        )
    _check_llm_table(cfg, llm)
    return cfg.with_overrides(llm=llm)


def _check_llm_table(cfg: Config, llm: dict[str, Any]) -> None:
    """Wrong types in ``[llm]`` are located errors even when the run is offline."""
    import re

    from promptlint.config import locate
    from promptlint.llm.settings import LLMSettings

    try:
        LLMSettings.from_config(llm, env={})
    except ConfigError as err:
        if err.path is not None:
            raise
        m = re.match(r"(?:unknown llm setting ')?(?:llm\.)?([\w-]+)", err.message)
        path, line = locate(cfg, m[1]) if m else (None, None)
        raise ConfigError(err.message, path=path, line=line, hint=err.hint) from None


def print_config_warnings(cfg: Config) -> None:
    """Configuration values that were not obeyed, one line each on stderr."""
    for w in cfg.warnings:
        sys.stderr.write(f"{w}\n")


def config_warning_diagnostics(cfg: Config) -> list[Any]:
    """The same, as PL003 warnings, so that ``--fail-on warning`` fails the run."""
    from promptlint.diagnostics import Category, Diagnostic, Severity

    return [
        Diagnostic(
            code="PL003", category=Category.INPUT, severity=Severity.WARNING, message=w.message,
            path=w.path, line=w.line or 1, column=1, end_line=w.line or 1, end_column=2,
        )
        for w in cfg.warnings
    ]  # fmt: skip


class RichProgress:
    """A rich progress bar on stderr, one task per model stage (units: chunks, encodings)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._bar = Progress(
            TextColumn("{task.description:>12}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._tasks: dict[str, Any] = {}

    def start(self, stage: str, total: int) -> None:
        task = self._tasks.get(stage)
        if task is None:
            self._tasks[stage] = self._bar.add_task(stage, total=total)
        else:  # a later policy of the same run: the stage grows
            self._bar.update(task, total=(self._bar.tasks[task].total or 0) + total)

    def advance(self, stage: str) -> None:
        task = self._tasks.get(stage)
        if task is not None:
            self._bar.advance(task)

    def __enter__(self) -> RichProgress:
        self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.stop()


@contextmanager
def progress_for(cfg: Config, machine_output: bool) -> Iterator[RichProgress | None]:
    """A progress bar for model-backed runs on a terminal; None otherwise."""
    if cfg.backend != "llm" or machine_output or not sys.stderr.isatty():
        yield None
        return
    with RichProgress() as bar:
        yield bar


def usage_line(usage: dict[str, Any]) -> str:
    """``llm: 41 requests, 12 of 53 cache lookups hit (23%), 18,230 + 2,310 tokens, $0.0042``."""
    lookups, hits = usage.get("cache_lookups", 0), usage.get("cache_hits", 0)
    parts = [f"{usage.get('requests', 0)} requests"]
    if usage.get("retries"):
        parts.append(f"{usage['retries']} retried")
    if lookups:
        parts.append(f"{hits} of {lookups} cache lookups hit ({hits / lookups:.0%})")
    parts.append(
        f"{usage.get('prompt_tokens', 0):,} prompt + {usage.get('completion_tokens', 0):,} "
        "completion tokens"
    )
    if usage.get("cost_usd"):
        parts.append(f"${usage['cost_usd']:.4f}")
    if usage.get("skipped_for_budget"):
        parts.append(f"{usage['skipped_for_budget']} requests not sent (budget reached)")
    if usage.get("labels_merged"):
        merged = ", ".join(" = ".join(p) for p in usage["labels_merged"])
        parts.append(f"labels merged: {merged}")
    return "llm: " + ", ".join(parts)
