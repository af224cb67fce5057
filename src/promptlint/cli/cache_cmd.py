"""``promptlint cache info|clear``: the compile cache and the model response cache."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from promptlint.cli.app import app

__all__ = ["cache_app", "cache_clear", "cache_info"]

cache_app = typer.Typer(
    help="Inspect or clear the caches (compiled encodings, model answers).", no_args_is_help=True
)
app.add_typer(cache_app, name="cache")


def _cache_path(config: Path | None) -> Path:
    from promptlint.config import load_config
    from promptlint.llm.settings import LLMSettings

    cfg = load_config(Path.cwd(), config)
    settings = LLMSettings.from_config(cfg.llm)
    return cfg.base_dir() / settings.cache_path


def _compiled(config: Path | None) -> list[Path]:
    from promptlint.config import load_config

    cfg = load_config(Path.cwd(), config)
    folder = cfg.base_dir() / (cfg.cache_dir or ".promptlint_cache") / "pyrule"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _open(path: Path) -> Any:
    """The response cache; a corrupt file is moved aside (and said so) rather than fatal."""
    from promptlint.llm.cache import ResponseCache

    cache = ResponseCache(path)
    note = cache.recovery_note()
    if note is not None:
        typer.echo(note, err=True)
    return cache


@cache_app.command("info")
def cache_info(config: Path = typer.Option(None, "--config")) -> None:
    """Where the cache is and how many responses it holds."""
    compiled = _compiled(config)
    typer.echo(f"compiled encodings: {len(compiled)} files")
    path = _cache_path(config)
    if not path.exists():
        typer.echo(f"{path}: no cache yet")
        return
    cache = _open(path)
    typer.echo(f"{path}: {cache.stats()['entries']} responses")
    cache.close()


@cache_app.command("clear")
def cache_clear(config: Path = typer.Option(None, "--config")) -> None:
    """Delete every cached compiled encoding and model response."""
    compiled = _compiled(config)
    for f in compiled:
        f.unlink(missing_ok=True)
    typer.echo(f"compiled encodings: cleared {len(compiled)} files")
    path = _cache_path(config)
    if not path.exists():
        typer.echo(f"{path}: nothing to clear")
        return
    cache = _open(path)
    n = cache.clear()
    cache.close()
    typer.echo(f"{path}: cleared {n} responses")
