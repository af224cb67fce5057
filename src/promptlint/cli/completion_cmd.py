"""``promptlint generate-shell-completion SHELL``: print a completion script (as ruff's
command of the same name), e.g. ``eval "$(promptlint generate-shell-completion bash)"``."""

from __future__ import annotations

import sys

import typer

from promptlint.cli.app import app
from promptlint.errors import ConfigError

__all__ = ["completion_command"]

_SHELLS = ("bash", "zsh", "fish", "pwsh")


@app.command("generate-shell-completion")
def completion_command(
    shell: str = typer.Argument(..., help="bash, zsh, fish or pwsh."),
) -> None:
    """Print the shell completion script for promptlint."""
    # typer's own scripts (the ones `--show-completion` prints for the detected shell)
    from typer._completion_shared import get_completion_script

    if shell not in _SHELLS:
        raise ConfigError(f"invalid shell {shell!r}; choose from {', '.join(_SHELLS)}")
    script = get_completion_script(
        prog_name="promptlint", complete_var="_PROMPTLINT_COMPLETE", shell=shell
    )
    sys.stdout.write(script + "\n")
