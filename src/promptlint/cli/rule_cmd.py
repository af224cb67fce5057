"""``promptlint rule CODE`` / ``promptlint rule --all``: explain diagnostic codes."""

from __future__ import annotations

import json
import sys

import typer

from promptlint.cli.app import app
from promptlint.errors import PromptlintError

__all__ = ["rule_command"]


@app.command("rule")
def rule_command(
    code: str = typer.Argument(None, help="A code such as PL101."),
    all_: bool = typer.Option(False, "--all", help="Explain every code."),
    output_format: str = typer.Option("text", "--output-format", "-f", help="text or json."),
) -> None:
    """Explain a diagnostic code (or all of them)."""
    from promptlint.diagnostics.registry import CODES, get

    if output_format not in ("text", "json"):
        raise PromptlintError(f"invalid --output-format {output_format!r}; choose text or json")
    if all_:
        codes = list(CODES.values())
    elif code:
        try:
            codes = [get(code)]
        except KeyError:
            raise PromptlintError(
                f"unknown code {code!r}", hint="`promptlint rule --all` lists every code"
            ) from None
    else:
        raise PromptlintError("give a code such as PL101, or --all")
    if output_format == "json":
        items = [
            {
                "code": c.code,
                "name": c.name,
                "category": c.category.value,
                "severity": c.severity.value,
                "summary": c.summary,
                "url": c.url,
                "explanation": c.doc,
            }
            for c in codes
        ]
        sys.stdout.write(json.dumps(items if all_ else items[0], indent=2) + "\n")
        return
    for c in codes:
        sys.stdout.write(
            f"# {c.name} ({c.code})\n\n{c.summary} Category: {c.category.value}; "
            f"default severity: {c.severity.value}.\n\n{c.doc}\nDocumentation: {c.url}\n\n"
        )
