"""``promptlint audit export|score``: blind audit packets of a probe run for a human
rater, and the rater's agreement with the pipeline per stage (WIRE §5.5, Table 5)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from promptlint.cli.app import app
from promptlint.errors import ConfigError

__all__ = ["audit_app", "audit_export", "audit_score"]

audit_app = typer.Typer(
    help="Audit a probe run's decisions with a human rater.", no_args_is_help=True
)
app.add_typer(audit_app, name="audit")


@audit_app.command("export")
def audit_export(
    run_dir: Path = typer.Argument(..., help="A probe run directory."),
    out: Path = typer.Option(None, "--output-dir", "-o", help="Default: RUN_DIR/audit."),
    per_stage: int = typer.Option(
        80, "--per-stage", min=1, max=100_000, help="Units sampled per stage."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the stratified sample."),
    stages: str = typer.Option(
        "extraction,encoding,triage,witness,judging", "--stages", help="Stages to audit."
    ),
    force: bool = typer.Option(False, "--force", help="Replace an earlier export."),
) -> None:
    """Write blind packets (rater/) and the machine's answers (key.jsonl)."""
    from promptlint.audit import STAGES, units_of, write_packets
    from promptlint.pipeline.rundir import load_run

    wanted = [s.strip() for s in stages.split(",") if s.strip()]
    bad = [s for s in wanted if s not in STAGES]
    if bad or not wanted:
        raise ConfigError(f"invalid stage {bad[0] if bad else ''!r} for --stages; choose from "
                          f"{', '.join(STAGES)}")  # fmt: skip
    target = out if out is not None else run_dir / "audit"
    if (target / "key.jsonl").exists() and not force:
        raise ConfigError("the directory already holds an audit", path=str(target),
                          hint="pass --force to replace it, or -o for another directory")  # fmt: skip
    view = load_run(run_dir)
    files = write_packets(units_of(view), per_stage=per_stage, seed=seed, stages=wanted,
                          run_dir=str(run_dir))  # fmt: skip
    for rel, text in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    design = json.loads(files["audit.json"])["stages"]
    for stage, d in design.items():
        typer.echo(f"{stage}: {sum(d['sampled'].values())} of {sum(d['population'].values())} "
                   f"units ({', '.join(f'{k} {v}' for k, v in d['sampled'].items()) or '-'})")  # fmt: skip
    typer.echo(f"give {target / 'rater'} to the rater; keep {target / 'key.jsonl'} from them")


@audit_app.command("score")
def audit_score(
    audit_dir: Path = typer.Argument(..., help="The directory `audit export` wrote."),
    labels: Path = typer.Argument(..., help="The rater's labels: .csv (id,label) or .jsonl."),
    output_file: Path = typer.Option(
        None, "--output-file", "-o", help="Scores as JSON (default AUDIT_DIR/scores.json)."
    ),
    output_format: str = typer.Option("full", "--output-format", "-f", help="full or json."),
) -> None:
    """Agreement and Cohen's kappa per stage, with 95% intervals."""
    from promptlint.audit import read_key, read_labels, render_scores, score

    if output_format not in ("full", "json"):
        raise ConfigError(
            f"invalid value {output_format!r} for --output-format; choose from full, json"
        )
    key = read_key(audit_dir / "key.jsonl")
    scores = score(key, read_labels(labels, key))
    doc = {"version": 1, "labels": str(labels), "stages": [s.to_dict() for s in scores],
           "interval_methods": {"agreement": "Wilson score, 95%",
                                "kappa": "kappa +- 1.96 SE, SE of Fleiss, Cohen & Everitt "
                                         "(1969), clipped to [-1, 1]"}}  # fmt: skip
    text = json.dumps(doc, indent=2) + "\n"
    (output_file or audit_dir / "scores.json").write_text(text, encoding="utf-8")
    sys.stdout.write(text if output_format == "json" else render_scores(scores))
