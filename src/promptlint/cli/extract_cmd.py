"""``promptlint extract FILE``: print the rule records found in a policy."""

from __future__ import annotations

import json
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
from promptlint.errors import ConfigError

__all__ = ["extract_command"]


@app.command("extract")
def extract_command(
    files: list[str] = typer.Argument(..., help="Policy files (several = one policy group)."),
    output_format: str = typer.Option("text", "--output-format", "-f", help="text or json."),
    backend: str = typer.Option(None, "--backend", help="offline (default) or llm."),
    no_cache: bool = typer.Option(False, "--no-cache", help="With --backend llm: no cache."),
    config: Path = typer.Option(None, "--config", help="A promptlint.toml or pyproject.toml."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
) -> None:
    """Print the prescriptive rules promptlint finds in a policy, with their spans."""
    from promptlint.config import load_config
    from promptlint.errors import BackendError
    from promptlint.extract import get_extractor, verify_quotes
    from promptlint.load import load

    if output_format not in ("text", "json"):
        raise ConfigError(f"invalid --output-format {output_format!r}; choose text or json")
    cfg = load_config(Path(files[0]), config, isolated)
    print_config_warnings(cfg)
    cfg = apply_model_options(cfg, backend=backend, fallback=None, no_cache=no_cache)
    policies = [load(f, extension=cfg.extension) for f in files]
    client = None
    if cfg.backend == "llm":
        from promptlint.pipeline import make_client

        client = make_client(cfg)
        with progress_for(cfg, output_format == "json") as bar:
            extracted = get_extractor("llm", client=client, progress=bar).extract(policies)
        failed = [r for r in extracted.rejected if r.kind == "failed"]
        if failed:
            raise BackendError(failed[0].reason, path=failed[0].path,
                               hint="check llm.base-url and the key")  # fmt: skip
    else:
        extracted = get_extractor("offline").extract(policies)
    result = verify_quotes(extracted, policies)
    if client is not None:
        from promptlint.pipeline import usage_of

        sys.stderr.write(usage_line(usage_of(client)) + "\n")
    if output_format == "json":
        doc = {
            "records": [r.to_dict() for r in result.records],
            "rejected": [
                {"quote": x.quote, "reason": x.reason, "path": x.path, "line": x.line,
                 "kind": x.kind}
                for x in result.rejected
            ],
        }  # fmt: skip
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        return
    for r in result.records:
        s = r.span
        quote = " ".join(r.quote.split())
        typer.echo(f'{r.id:4} {s.path}:{s.line}:{s.col}-{s.end_line}:{s.end_col}  "{quote}"')
        typer.echo(f"     {r.gist}")
    for x in result.rejected:
        where = f"{x.path}:{x.line}" if x.line else x.path
        typer.echo(f'rejected {where}: {x.reason}: "{" ".join(x.quote.split())[:80]}"')
    typer.echo(f"{len(result.records)} rules, {len(result.rejected)} rejected")
