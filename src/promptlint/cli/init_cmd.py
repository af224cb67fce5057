"""``promptlint init``: write a commented starter ``promptlint.toml``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from promptlint.cli.app import app
from promptlint.config import POLICY_INCLUDE
from promptlint.errors import PromptlintError

__all__ = ["DEFAULT_INCLUDE", "STARTER", "init_command"]

DEFAULT_INCLUDE = POLICY_INCLUDE

STARTER = """\
# promptlint configuration. The closest promptlint.toml (or [tool.promptlint] in
# pyproject.toml) above a linted file applies to it; globs are read relative to this
# file's folder; unknown keys are errors.

# Which files are policies. `promptlint check` with no path, a folder, or the pre-commit
# hook (`--force-exclude`) lints only these; a README, a tsconfig.json or a Helm chart is
# left alone unless a pattern names it. `*` crosses folders; a pattern without `/`
# matches a name at any depth.
include = {include}
exclude = [".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".promptlint_cache",
           ".mypy_cache", ".ruff_cache", ".pytest_cache", "build", "dist", "site-packages"]

# Codes to report: full codes or prefixes ("PL1" = every collision), or "ALL".
select = ["ALL"]
# ignore = ["PL203"]

# Fail (exit 1) on findings at or above this severity: error, warning or info.
fail-on = "warning"

# Output: full, concise, json, sarif, github or junit.
output-format = "full"

# Files linted as one policy (their rules can collide with each other).
# [policy-groups]
# support = ["prompts/system.md", "prompts/tools.md"]

# Codes to skip for some files (globs relative to this file's folder).
# [per-file-ignores]
# "prompts/legacy/*" = ["PL203"]
"""


@app.command("init")
def init_command(
    path: Path = typer.Argument(Path("promptlint.toml"), help="Where to write the file."),
    include: list[str] = typer.Option(
        None,
        "--include",
        help="Globs of the policy files (repeat or comma-separate); "
        f"default: {', '.join(DEFAULT_INCLUDE)}.",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a commented starter configuration that names the policy files."""
    if path.exists() and not force:
        raise PromptlintError("already exists; pass --force to overwrite", path=str(path))
    globs = [g.strip() for v in include or () for g in v.split(",") if g.strip()]
    listed = "[" + ", ".join(json.dumps(g) for g in globs or DEFAULT_INCLUDE) + "]"
    path.write_text(STARTER.format(include=listed), encoding="utf-8")
    typer.echo(f"wrote {path}")
