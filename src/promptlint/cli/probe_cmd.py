"""``promptlint probe``: realize each collision as concrete requests, run subject models on
them, judge the trials and print resolution profiles (WIRE §3.3-4.5)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from promptlint.cli.app import app
from promptlint.errors import ConfigError

__all__ = ["probe_command"]


def _csv(value: str, name: str) -> list[str]:
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise ConfigError(f"{name} needs at least one value")
    return items


@app.command("probe")
def probe_command(
    paths: list[str] = typer.Argument(..., help="Policy files or directories."),
    models: str = typer.Option(
        ...,
        "--models",
        help="Subject models, comma-separated; each may have its own "
        "[probe.subjects.NAME] table (model, base-url, api-key-env, ...).",
    ),
    samples: int = typer.Option(1, "--samples", min=1, max=100, help="Samples per witness."),
    temperature: float = typer.Option(0.0, "--temperature", min=0.0, max=2.0),
    witnesses: int = typer.Option(1, "--witnesses", min=1, max=50, help="Witnesses per pair."),
    seeds: Path = typer.Option(
        None, "--seeds", help="JSONL of real user requests to retrieve from."
    ),
    regimes: str = typer.Option("pot", "--regimes", help="pot, tah or pot,tah."),
    tools: Path = typer.Option(
        None, "--tools", help="Tool manifest (OpenAI or MCP tool list) for the TAH regime."
    ),
    judges: int = typer.Option(
        1, "--judges", min=0, max=9, help="Model judges per trial (0: code verifiers only)."
    ),
    max_steps: int = typer.Option(4, "--max-steps", min=1, max=20, help="TAH tool rounds."),
    run_dir: Path = typer.Option(None, "--run-dir", help="Where the run is stored."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --run-dir."),
    concurrency: int = typer.Option(
        None, "--concurrency", min=1, max=256, help="Requests in flight per endpoint."
    ),
    no_cache: bool = typer.Option(
        False, "--no-cache", help="Keep model answers in the run directory only."
    ),
    batch: bool = typer.Option(
        False, "--batch", help="Send every request through the OpenAI Batch API."
    ),
    output_format: str = typer.Option("full", "--output-format", "-f", help="full or json."),
    output_file: Path = typer.Option(None, "--output-file", "-o"),
    fail_under_joint: float = typer.Option(
        None,
        "--fail-under-joint",
        min=0.0,
        max=1.0,
        help="Exit 1 when a pooled profile's joint compliance J is below this share.",
    ),
    baseline: Path = typer.Option(
        None,
        "--baseline",
        help="An earlier run directory: exit 1 when a J share dropped beyond the 95% intervals.",
    ),
    html: Path = typer.Option(None, "--html", help="Also write the run's HTML report here."),
    step_summary: Path = typer.Option(
        None,
        "--step-summary",
        help="Write a markdown summary here (default: append to $GITHUB_STEP_SUMMARY if set).",
    ),
    config: Path = typer.Option(None, "--config", help="A promptlint.toml or pyproject.toml."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
) -> None:
    """Probe subject models on each collision and report how they resolve it."""
    from promptlint.cli.check_cmd import expand_paths
    from promptlint.cli.model_opts import RichProgress
    from promptlint.config import load_config
    from promptlint.pipeline.probe import ProbeOptions, run_probe, subject_specs
    from promptlint.report.probe import render_probe_json, render_probe_table

    if output_format not in ("full", "json"):
        raise ConfigError(
            f"invalid value {output_format!r} for --output-format; choose from full, json"
        )
    wanted = [r.upper() for r in _csv(regimes, "--regimes")]
    bad = [r for r in wanted if r not in ("POT", "TAH")]
    if bad:
        raise ConfigError(f"invalid regime {bad[0].lower()!r} for --regimes; choose from pot, tah")
    cfg = load_config(Path(paths[0]), config, isolated)
    if concurrency is not None:
        cfg = cfg.with_overrides(llm={**cfg.llm, "concurrency": concurrency})
    if no_cache:
        cfg = cfg.with_overrides(llm={**cfg.llm, "cache": False})
    if batch:
        cfg = cfg.with_overrides(llm={**cfg.llm, "batch": True})
    from promptlint.config import ConfigResolver

    files = expand_paths(list(paths), ConfigResolver(config, isolated))
    subjects = subject_specs(list(dict.fromkeys(_csv(models, "--models"))), cfg)
    if concurrency is not None:
        subjects = tuple(
            type(s)(s.name, {**s.settings, "concurrency": concurrency}) for s in subjects
        )
    options = ProbeOptions(
        subjects=subjects, samples=samples, temperature=temperature, witnesses=witnesses,
        regimes=tuple(dict.fromkeys(wanted)), judges=judges,
        seeds=str(seeds) if seeds else None, tools=str(tools) if tools else None,
        max_steps=max_steps, run_dir=str(run_dir) if run_dir else None, resume=resume,
    )  # fmt: skip
    if baseline is not None:
        from promptlint.pipeline.rundir import load_run

        load_run(baseline)  # a bad baseline fails before any request
    if output_format == "full" and sys.stderr.isatty():
        with RichProgress() as bar:
            report, result = run_probe(files, cfg, options, progress=bar)
    else:
        report, result = run_probe(files, cfg, options)
    from promptlint.pipeline.gates import probe_gates, write_step_summary
    from promptlint.report.summary import probe_summary

    gated = fail_under_joint is not None or baseline is not None
    gates = probe_gates(result, fail_under_joint=fail_under_joint, baseline=baseline)
    if output_format == "json":
        text = render_probe_json(report, result, gates if gated else None)
    else:
        text = render_probe_table(result)
        text += "".join(f"gate failed: {g['gate']} {g['policy']} {g['model']} {g['regime']} "
                        f"{g['cell']}: {g['detail']}\n" for g in gates if g["failed"])  # fmt: skip
    from promptlint.cli.check_cmd import _write

    if output_file is not None:
        _write(output_file, text)
    else:
        sys.stdout.write(text)
    write_step_summary(probe_summary(result, gates), step_summary)
    if html is not None:
        if "run_dir" in result.summary:
            from promptlint.pipeline.htmlreport import render_run_html

            _write(html, render_run_html(Path(result.summary["run_dir"])))
        else:
            sys.stderr.write(f"--html: nothing was probed, no report written to {html}\n")
    raise typer.Exit(1 if any(g["failed"] for g in gates) else 0)
