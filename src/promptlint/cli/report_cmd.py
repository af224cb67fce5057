"""``promptlint report RUN_DIR -o report.html``: a probe run as one self-contained page."""

from __future__ import annotations

from pathlib import Path

import typer

from promptlint.cli.app import app

__all__ = ["report_command"]


@app.command("report")
def report_command(
    run_dir: Path = typer.Argument(..., help="A probe run directory."),
    output_file: Path = typer.Option(
        Path("report.html"), "--output-file", "-o", help="Where the page is written."
    ),
) -> None:
    """Write the HTML report of a probe run (needs the report extra: matplotlib)."""
    from promptlint.cli.check_cmd import _write
    from promptlint.pipeline.htmlreport import render_run_html

    _write(output_file, render_run_html(run_dir))
    typer.echo(f"wrote {output_file}", err=True)
