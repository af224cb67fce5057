"""``promptlint check``: lint policies, report, exit 0 (clean) / 1 (findings) / 2 (error)."""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from promptlint.cli.app import app
from promptlint.cli.model_opts import (
    apply_model_options,
    config_warning_diagnostics,
    progress_for,
    usage_line,
)
from promptlint.errors import InputError, PromptlintError
from promptlint.files import read_text

if TYPE_CHECKING:
    from promptlint.config import Config

__all__ = ["check_command", "expand_paths"]

_POLICY_SUFFIXES = {
    ".md", ".markdown", ".txt", ".prompt", ".j2", ".jinja", ".jinja2", ".yaml", ".yml",
    ".json", ".py", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".pyrule",
}  # fmt: skip
_RANK = {"info": 0, "warning": 1, "error": 2}
#: seconds per policy of an offline run (model-backed runs have request deadlines instead)
_DEFAULT_TIMEOUT_S = 6.0


def expand_paths(paths: list[str], include: tuple[str, ...], exclude: tuple[str, ...]) -> list[str]:
    """Files are taken as given; directories are walked with the include/exclude globs."""
    out: list[str] = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            why = (
                "broken symbolic link or link loop"
                if p.is_symlink()
                else "no such file or directory"
            )
            raise InputError(why, path=raw, code="PL001")
        if not p.is_dir():  # files, and FIFOs or devices, which reading reports
            out.append(raw)
            continue
        found = []
        for root, dirs, files in os.walk(p):
            dirs[:] = sorted(d for d in dirs if not any(fnmatch.fnmatch(d, e) for e in exclude))
            for name in sorted(files):
                full = os.path.join(root, name)
                if any(fnmatch.fnmatch(name, e) or fnmatch.fnmatch(full, e) for e in exclude):
                    continue
                if any(fnmatch.fnmatch(name, i) for i in include):
                    found.append(full)
        # a sidecar beside its policy belongs to it
        given = set(found)
        found = [f for f in found if not (f.endswith(".pyrule") and f[:-7] in given)]
        if not found:
            raise InputError(
                f"directory contains no policy files (include globs: {', '.join(include)})",
                path=raw,
                code="PL001",
            )
        out.extend(found)
    return out


@app.command("check")
def check_command(
    paths: list[str] = typer.Argument(None, help="Policy files or directories (default: .)."),
    output_format: str = typer.Option(
        None,
        "--output-format",
        "-f",
        envvar="PROMPTLINT_OUTPUT_FORMAT",
        help="full, concise, json, sarif, github or junit.",
    ),
    output_file: Path = typer.Option(None, "--output-file", "-o", envvar="PROMPTLINT_OUTPUT_FILE"),
    select: list[str] = typer.Option(None, "--select", help="Codes or prefixes to report."),
    extend_select: list[str] = typer.Option(None, "--extend-select"),
    ignore: list[str] = typer.Option(None, "--ignore", help="Codes or prefixes to skip."),
    fail_on: str = typer.Option(None, "--fail-on", help="error, warning or info."),
    exit_zero: bool = typer.Option(False, "--exit-zero", help="Exit 0 even with findings."),
    statistics: bool = typer.Option(False, "--statistics", help="Print WIRE Table 1 counts."),
    config: Path = typer.Option(None, "--config", help="A promptlint.toml or pyproject.toml."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
    baseline: Path = typer.Option(None, "--baseline", help="Ignore findings recorded in FILE."),
    write_baseline: bool = typer.Option(
        False, "--write-baseline", help="Record findings in --baseline."
    ),
    policy_group: bool = typer.Option(
        False, "--policy-group", help="Lint all files as one policy."
    ),
    backend: str = typer.Option(None, "--backend", help="offline (default) or llm."),
    fallback: str = typer.Option(
        None,
        "--fallback",
        help="With --backend llm: use offline extraction/encoding if the model fails.",
    ),
    no_cache: bool = typer.Option(
        False,
        "--no-cache",
        help="Neither read nor write the caches (compiled encodings, model answers).",
    ),
    canonicalize_labels: bool = typer.Option(
        False,
        "--canonicalize-labels",
        help="With --backend llm: ask the model which condition labels mean the same.",
    ),
    encode_samples: int = typer.Option(
        None,
        "--encode-samples",
        min=1,
        help="With --backend llm: encode each rule K times and check agreement (PL206).",
    ),
    model_stages: str = typer.Option(
        None,
        "--model-stages",
        help="With --backend llm: the model-backed stages to run, comma-separated, among "
        "extract, encode, policy-model, overlap, nominate (default: all).",
    ),
    passes: int = typer.Option(
        None,
        "--passes",
        min=1,
        max=10,
        help="With --backend llm: read the policy this many times when nominating pairs.",
    ),
    diff_base: str = typer.Option(
        None, "--diff-base", help="Report only findings new since this git revision."
    ),
    no_suppressions: bool = typer.Option(
        False, "--ignore-suppressions", help="Report findings even where a comment suppresses them."
    ),
    timeout_per_file: float = typer.Option(
        None,
        "--timeout-per-file",
        min=0,
        help="Stop analysing a policy after SECONDS and report it (PL009); 0: no deadline. "
        "Default 6 offline, none with --backend llm.",
    ),
) -> None:
    """Find rules that demand incompatible things in the same situation.

    Offline: no network connection unless you choose --backend llm (a repo's config cannot).
    """
    from promptlint.config import load_config
    from promptlint.diagnostics import Report, Severity
    from promptlint.diagnostics.registry import select as select_codes
    from promptlint.errors import ConfigError
    from promptlint.pipeline import check
    from promptlint.report import get_reporter, render_statistics
    from promptlint.report.formats import fingerprint

    paths = paths or ["."]
    cfg = load_config(Path(paths[0]), config, isolated)
    cfg = cfg.with_overrides(
        output_format=output_format,
        fail_on=fail_on,
        select=tuple(select) if select else None,
        extend_select=tuple(extend_select) if extend_select else None,
        ignore=tuple(ignore) if ignore else None,
    )
    for name, value, choices in (
        (
            "--output-format",
            cfg.output_format,
            ("full", "concise", "json", "sarif", "github", "junit"),
        ),
        ("--fail-on", cfg.fail_on, ("error", "warning", "info")),
    ):
        if value not in choices:
            raise ConfigError(
                f"invalid value {value!r} for {name}; choose from {', '.join(choices)}"
            )
    cfg = apply_model_options(
        cfg,
        backend=backend,
        fallback=fallback,
        no_cache=no_cache,
        canonicalize_labels=canonicalize_labels,
        encode_samples=encode_samples,
        model_stages=model_stages,
        passes=passes,
    )
    if timeout_per_file is not None:
        cfg = cfg.with_overrides(timeout_per_file=timeout_per_file)
    elif cfg.timeout_per_file is None and cfg.backend != "llm":
        cfg = cfg.with_overrides(timeout_per_file=_DEFAULT_TIMEOUT_S)
    files = expand_paths(list(paths), cfg.include, cfg.exclude)
    if policy_group:
        cfg = cfg.with_overrides(policy_groups={**cfg.policy_groups, "cli": tuple(files)})
    errors: list[PromptlintError] = []
    with progress_for(cfg, cfg.output_format not in ("full", "concise")) as bar:
        report = check(files, cfg, progress=bar, errors=errors)
    warned = config_warning_diagnostics(cfg)
    if warned:
        sources = dict(report.sources)
        for w in cfg.warnings:
            sources.setdefault(w.path, Path(w.path).read_text(encoding="utf-8", errors="replace"))
        report = Report(
            report.files,
            tuple(sorted((*report.diagnostics, *warned), key=lambda d: d.sort_key())),
            sources,
            report.summary,
        )
    if "llm" in report.summary:
        sys.stderr.write(usage_line(report.summary["llm"]) + "\n")

    wanted = select_codes(cfg.select) | select_codes(cfg.extend_select)
    dropped = select_codes(cfg.ignore)
    kept = []
    for d in report.diagnostics:
        if d.code not in wanted or d.code in dropped:
            continue
        if any(
            fnmatch.fnmatch(d.path, pat) and d.code in select_codes(codes)
            for pat, codes in cfg.per_file_ignores.items()
        ):
            continue
        kept.append(d)
    summary = dict(report.summary)
    if not no_suppressions:
        from promptlint.diagnostics.suppression import apply_suppressions

        kept, summary["suppressed"] = apply_suppressions(kept, report.sources)
        kept = [d for d in kept if d.code in wanted and d.code not in dropped]
    if diff_base is not None:
        old = _base_fingerprints(diff_base, files, cfg)
        before = len(kept)
        kept = [d for d in kept if fingerprint(d) not in old]
        summary["unchanged_since_base"] = before - len(kept)
    if baseline is not None:
        if baseline.is_dir():
            raise ConfigError("--baseline is a directory; give a file", path=str(baseline))
        if write_baseline:
            _write(
                baseline,
                json.dumps(
                    {"version": 1, "fingerprints": sorted({fingerprint(d) for d in kept})}, indent=2
                )
                + "\n",
                "--baseline",
            )
        elif baseline.exists():
            try:
                known = set(json.loads(read_text(baseline, max_bytes=50_000_000))["fingerprints"])
            except (ValueError, KeyError, TypeError, RecursionError):
                raise InputError("not a promptlint baseline file", path=str(baseline)) from None
            before = len(kept)
            kept = [d for d in kept if fingerprint(d) not in known]
            summary["baselined"] = before - len(kept)
        else:
            raise InputError(
                "baseline file not found",
                path=str(baseline),
                hint="create it with --write-baseline",
            )
    report = Report(report.files, tuple(kept), report.sources, summary)

    text = get_reporter(cfg.output_format)(report)
    if statistics and cfg.output_format in ("full", "concise"):
        text = render_statistics(report) + text
    if errors and not kept and cfg.output_format in ("full", "concise"):
        text = ""  # not "All checks passed!": some files were not checked at all
    if output_file is not None:
        _write(output_file, text, "--output-file")
    else:
        sys.stdout.write(text)
    if errors:  # the other files were linted and reported; these could not be
        for err in errors:
            sys.stderr.write(f"{err}\n" + (f"  hint: {err.hint}\n" if err.hint else ""))
        raise typer.Exit(2)
    threshold = _RANK[cfg.fail_on]
    failing = [d for d in kept if _RANK[d.severity.value] >= threshold]
    assert all(isinstance(d.severity, Severity) for d in kept)
    raise typer.Exit(0 if exit_zero or not failing else 1)


def _write(path: Path, text: str, option: str) -> None:
    """Write a report or baseline, or say in one line why it cannot be written."""
    from promptlint.errors import ConfigError

    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ConfigError(
            f"{option}: cannot write {path}: {exc.strerror or exc}", path=str(path)
        ) from None


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=60)


def _base_fingerprints(rev: str, files: list[str], cfg: Config) -> set[str]:
    """Fingerprints of the findings the same files had at ``rev``."""
    from dataclasses import replace

    from promptlint.errors import ConfigError, PromptlintError
    from promptlint.pipeline import check
    from promptlint.report.formats import fingerprint

    here = Path(files[0]).resolve().parent
    top_proc = _git(["rev-parse", "--show-toplevel"], here)
    if top_proc.returncode != 0:
        raise ConfigError("--diff-base needs the files to be inside a git repository")
    top = Path(top_proc.stdout.decode().strip())
    if _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], top).returncode != 0:
        raise ConfigError(f"--diff-base: unknown git revision {rev!r}")
    with tempfile.TemporaryDirectory(prefix="promptlint-base-") as tmp:
        mapping: dict[str, str] = {}
        base_files: list[str] = []
        for f in files:
            rel = Path(f).resolve().relative_to(top).as_posix()
            for name in (rel, rel + ".pyrule"):
                shown = _git(["show", f"{rev}:{name}"], top)
                if shown.returncode != 0:
                    continue
                dest = Path(tmp) / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(shown.stdout)
                mapping[str(dest)] = f if name == rel else f + ".pyrule"
            if str(Path(tmp) / rel) in mapping:
                base_files.append(str(Path(tmp) / rel))
        if not base_files:
            return set()
        try:
            report = check(base_files, cfg)
        except PromptlintError:
            return set()  # the old version did not lint at all: every finding is new
        return {
            fingerprint(replace(d, path=mapping.get(d.path, d.path))) for d in report.diagnostics
        }
