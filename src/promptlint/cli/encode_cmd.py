"""``promptlint encode FILE``: write the reviewable ``<file>.pyrule`` sidecar encoding."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from promptlint.cli.app import app
from promptlint.cli.model_opts import (
    apply_model_options,
    print_config_warnings,
    progress_for,
    usage_line,
)

__all__ = ["encode_command"]


@app.command("encode")
def encode_command(
    files: list[str] = typer.Argument(..., help="Policy files."),
    stdout: bool = typer.Option(False, "--stdout", help="Print instead of writing the sidecar."),
    backend: str = typer.Option(None, "--backend", help="offline (default) or llm."),
    fallback: str = typer.Option(
        None, "--fallback", help="With --backend llm: encode offline where the model fails."
    ),
    no_cache: bool = typer.Option(False, "--no-cache", help="With --backend llm: no cache."),
    encode_samples: int = typer.Option(
        None, "--encode-samples", min=1, help="With --backend llm: K encodings per rule."
    ),
    config: Path = typer.Option(None, "--config", help="A promptlint.toml or pyproject.toml."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
) -> None:
    """Encode a policy's rules as PyRule into <file>.pyrule (rules already there are kept)."""
    from promptlint.config import load_config
    from promptlint.encode import Encoding, get_encoder
    from promptlint.encode.sidecar import encode_with_sidecar, sidecar_path
    from promptlint.extract import get_extractor
    from promptlint.load import load

    cfg = load_config(Path(files[0]), config, isolated)
    print_config_warnings(cfg)
    cfg = apply_model_options(
        cfg, backend=backend, fallback=fallback, no_cache=no_cache, encode_samples=encode_samples
    )
    model = None
    with progress_for(cfg, stdout) as bar:
        for f in files:
            policy = load(f, extension=cfg.extension)
            if cfg.backend == "llm":
                from promptlint.pipeline import ModelBackend

                model = model or ModelBackend(cfg, progress=bar)
                records = model.extract(policy)
                encoder = model.encoder_for(f)
            else:
                records = get_extractor("offline").extract([policy]).records
                encoder = get_encoder("offline")
            result = encode_with_sidecar(records, f, encoder, write=not stdout)
            if stdout:
                typer.echo(result.text, nl=False)
                continue
            done = sum(isinstance(o, Encoding) for o in result.outcomes)
            typer.echo(
                f"{sidecar_path(f)}: {done} of {len(records)} rules encoded "
                f"({len(result.reused)} kept from the existing sidecar)"
            )
    if model is not None:
        for line in model.messages():
            sys.stderr.write(line + "\n")
        sys.stderr.write(usage_line(model.usage()) + "\n")
