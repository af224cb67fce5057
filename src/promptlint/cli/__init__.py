"""Command-line interface: parse arguments, call the pipeline, pick a reporter, exit 0/1/2.

Each command lives in its own module and registers itself on the typer application of
:mod:`promptlint.cli.app`, which is imported on first use: `promptlint --version` answers
without it.
"""

from __future__ import annotations

import os
import sys

# typer builds pydantic adapters; pydantic's plugin discovery scans every installed
# package's entry points (~15 ms of start-up) for plugins this CLI never uses
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

__all__ = ["main", "run"]

_VERSION_FLAGS = (["--version"], ["-V"])


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args in _VERSION_FLAGS:
        import promptlint

        sys.stdout.write(f"promptlint {promptlint.__version__}\n")
        sys.exit(0)
    sys.exit(run(argv))


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code (see :func:`promptlint.cli.app.run`)."""
    from promptlint.cli.app import run as _run

    return _run(argv)
