"""The typer application and the error boundary every command runs inside."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer

import promptlint
from promptlint.errors import PromptlintError

__all__ = ["app", "fail", "run"]

app = typer.Typer(
    name="promptlint",
    help="Find rules in a prompt policy that demand incompatible things in the same situation.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"promptlint {promptlint.__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        "-V",
        callback=_version,
        is_eager=True,
        help="Print the version and exit.",
    ),
) -> None:
    """promptlint: static analysis for LLM prompt policies (WIRE pipeline)."""


def fail(err: PromptlintError) -> NoReturn:
    """Print one clear line (plus an optional hint) on stderr and exit 2."""
    sys.stderr.write(f"{err}\n")
    if err.hint:
        sys.stderr.write(f"  hint: {err.hint}\n")
    raise SystemExit(2)


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code. Never lets a traceback reach the user."""
    from typer.exceptions import TyperException

    from promptlint.cli import commands as _commands  # noqa: F401  (registers the commands)

    try:
        result = app(args=argv, prog_name="promptlint", standalone_mode=False)
        return result if isinstance(result, int) else 0
    except TyperException as usage:  # a usage error: one line, exit 2 (as click's own)
        exc: Exception = usage
        message = getattr(exc, "format_message", lambda: str(exc))()
        ctx = getattr(exc, "ctx", None)
        if message.strip():  # empty when the help was shown instead (no arguments)
            sys.stderr.write(f"promptlint: {message}\n")
            if ctx is not None:
                sys.stderr.write(f"  hint: see '{ctx.command_path} --help'\n")
        return int(getattr(exc, "exit_code", 2))
    except PromptlintError as err:
        try:
            fail(err)
        except SystemExit as exit_:
            return int(exit_.code or 0)
    except SystemExit as exit_:
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:
        sys.stderr.write("promptlint: interrupted\n")
        return 130
    except Exception as exc:  # the last line of defence: one line, exit 2
        if os.environ.get("PROMPTLINT_DEBUG"):
            raise
        sys.stderr.write(
            f"promptlint: internal error: {type(exc).__name__}: {exc} "
            "(set PROMPTLINT_DEBUG=1 for a traceback)\n"
        )
        return 2
