"""``promptlint model POLICY``: the policy model `check` uses, printed or stored."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from promptlint.cli.app import app

__all__ = ["model_command"]


@app.command("model")
def model_command(
    file: str = typer.Argument(..., help="A policy file."),
    write: bool = typer.Option(
        False, "--write", "-w", help="Store it as <file>.model.yaml beside the policy."
    ),
    refresh: bool = typer.Option(
        False, "--refresh", help="Build it afresh even if <file>.model.yaml exists."
    ),
    backend: str = typer.Option(
        None, "--backend", help="offline (default: the policy's own words) or llm."
    ),
    config: str = typer.Option(None, "--config", help="Use this configuration file."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
) -> None:
    """Print the policy model: the policy's tools, commands, paths, outputs, information,
    actions, situations and events, and the relations between them."""
    from promptlint.cli.model_opts import apply_model_options
    from promptlint.config import load_config
    from promptlint.pipeline import policy_model_of
    from promptlint.policymodel import dump, model_path

    cfg = apply_model_options(load_config(Path(file), Path(config) if config else None, isolated), backend=backend,
                              fallback=None)  # fmt: skip
    model, diagnostics = policy_model_of(file, cfg, stored=not refresh)
    for d in diagnostics:
        typer.echo(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}", err=True)
    text = dump(model)
    if not write:
        sys.stdout.write(text)
        return
    target = Path(model_path(file))
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    typer.echo(f"wrote {target} ({len(model.entries)} entries, {len(model.relations)} relations)")
