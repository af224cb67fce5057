"""``promptlint check``: lint policies, report, exit 0 (clean) / 1 (findings) / 2 (error).

Each file is linted with the configuration closest to it (as ruff does); the settings of
the whole run (output format, fail level, backend) come from ``--config``, else the
configuration closest to the working directory, else the one all given files share.
A file that exists but cannot be read or parsed is a PL001 finding on that file (exit 1,
like ruff's E902) and the other files are still linted; a path that does not exist, an
unknown code or a bad option value is a usage error (exit 2).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from promptlint.cli.app import app
from promptlint.cli.model_opts import (
    apply_model_options,
    config_warning_diagnostics,
    progress_for,
    usage_line,
)
from promptlint.errors import ConfigError, InputError, PromptlintError
from promptlint.files import effective_suffix

if TYPE_CHECKING:
    from promptlint.config import Config, ConfigResolver
    from promptlint.diagnostics import Diagnostic, Report

__all__ = ["POLICY_SUFFIXES", "CheckOptions", "check_command", "expand_paths", "run_check"]

POLICY_SUFFIXES = frozenset({
    ".md", ".markdown", ".txt", ".prompt", ".j2", ".jinja", ".jinja2", ".yaml", ".yml",
    ".json", ".py", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".pyrule",
})  # fmt: skip
_RANK = {"info": 0, "warning": 1, "error": 2}
#: seconds per policy of an offline run (model-backed runs have request deadlines instead)
_DEFAULT_TIMEOUT_S = 6.0
_FORMATS = ("full", "concise", "json", "sarif", "github", "junit")


def _wanted(
    path: Path, cfg: Config, root: Path, base: Path | None = None, *, forced: bool = False
) -> bool:
    from promptlint.config import POLICY_INCLUDE, Config, matches_any

    include = cfg.include
    if forced and include == Config.include:
        # no `include` configured: the hook lints only what `promptlint init` would
        # select, never a README, a tsconfig.json or a Helm chart
        include = POLICY_INCLUDE
    mapped = path.suffix.lower()[1:] in cfg.extension
    return (
        effective_suffix(path, cfg.extension) in POLICY_SUFFIXES
        and (mapped or matches_any(path, include, root, base))
        and not matches_any(path, cfg.exclude, root, base)
    )


def expand_paths(
    paths: list[str], resolver: ConfigResolver, *, force_exclude: bool = False
) -> list[str]:
    """Files are taken as given (unless ``force_exclude``: then they must match their
    configuration's include globs and no exclude glob); directories are walked with the
    closest configuration's globs. The same file given twice is linted once."""
    from promptlint.config import matches_any

    out: list[str] = []
    seen: set[str] = set()

    def add(path: str) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            out.append(path)

    for raw in paths:
        p = Path(raw)
        if not p.exists():
            why = (
                "broken symbolic link or link loop"
                if p.is_symlink()
                else "no such file or directory"
            )
            raise InputError(why, path=raw, code="PL001")
        cfg = resolver.for_path(p)
        root = cfg.root()
        if p.is_file() and raw.endswith(".pyrule") and Path(raw[: -len(".pyrule")]).is_file():
            # a changed sidecar is checked against its policy
            raw = raw[: -len(".pyrule")]
            p = Path(raw)
        if not p.is_dir():  # files, and FIFOs or devices, which reading reports
            if force_exclude:
                if _wanted(p, cfg, root, forced=True):
                    add(raw)
            elif effective_suffix(p, cfg.extension) not in POLICY_SUFFIXES:
                raise InputError(
                    f"unsupported policy file type {p.suffix or '(none)'!r}",
                    path=raw,
                    hint="supported: " + ", ".join(sorted(POLICY_SUFFIXES)) + "; to read "
                    "another extension as one of them, map it (--extension EXT:FORMAT)",
                )
            else:
                add(raw)
            continue
        if force_exclude and matches_any(p, cfg.exclude, root):
            continue
        found = []
        for dirpath, dirs, files in os.walk(p):
            here = resolver.for_path(Path(dirpath) / "_")
            here_root = here.root()
            dirs[:] = sorted(
                d for d in dirs if not matches_any(Path(dirpath) / d, here.exclude, here_root, p)
            )
            for name in sorted(files):
                full = Path(dirpath) / name
                if _wanted(full, here, here_root, p, forced=force_exclude):
                    found.append(str(full))
        # a sidecar beside its policy belongs to it
        given = set(found)
        found = [f for f in found if not (f.endswith(".pyrule") and f[:-7] in given)]
        if not found and not force_exclude:
            raise InputError(
                f"directory contains no policy files (include globs: {', '.join(cfg.include)})",
                path=raw,
                code="PL001",
            )
        for f in found:
            add(f)
    return out


@dataclass(frozen=True)
class CheckOptions:
    """The command line of one ``check`` run."""

    paths: tuple[str, ...] = (".",)
    output_format: str | None = None
    output_file: Path | None = None
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    extend_ignore: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    extend_exclude: tuple[str, ...] | None = None
    force_exclude: bool = False
    fail_on: str | None = None
    exit_zero: bool = False
    statistics: bool = False
    pipeline_stats: bool = False
    quiet: bool = False
    config: Path | None = None
    isolated: bool = False
    baseline: Path | None = None
    write_baseline: bool = False
    policy_group: bool = False
    backend: str | None = None
    fallback: str | None = None
    no_cache: bool = False
    batch: bool = False
    canonicalize_labels: bool = False
    encode_samples: int | None = None
    model_stages: str | None = None
    passes: int | None = None
    sweep: bool = False
    diff_base: str | None = None
    no_suppressions: bool = False
    stdin_filename: str | None = None
    timeout_per_file: float | None = None
    step_summary: Path | None = None
    extension: tuple[str, ...] | None = None


def _extensions(values: tuple[str, ...]) -> dict[str, str]:
    """``--extension avanterules:jinja`` (repeatable, or comma-separated)."""
    from promptlint.config import extension_map

    pairs = {}
    for value in values:
        ext, sep, fmt = value.partition(":")
        if not sep:
            raise ConfigError(
                f"--extension {value!r}: expected EXT:FORMAT",
                hint="e.g. --extension avanterules:jinja",
            )
        pairs[ext.strip()] = fmt.strip()
    return extension_map(pairs, "--extension")


def _comma(values: list[str] | None) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(v.strip() for value in values for v in value.split(",") if v.strip())


@app.command("check")
def check_command(
    paths: list[str] = typer.Argument(
        None, help="Policy files or directories (default: .); - reads standard input."
    ),
    output_format: str = typer.Option(
        None,
        "--output-format",
        "-f",
        envvar="PROMPTLINT_OUTPUT_FORMAT",
        help="full, concise, json, sarif, github or junit.",
    ),
    output_file: Path = typer.Option(
        None,
        "--output-file",
        "-o",
        envvar="PROMPTLINT_OUTPUT_FILE",
        help="Write the report here (folders are created).",
    ),
    select: list[str] = typer.Option(
        None, "--select", help="Codes or prefixes to report, comma-separated (PL101,PL2)."
    ),
    extend_select: list[str] = typer.Option(
        None, "--extend-select", help="Codes or prefixes to report in addition to --select."
    ),
    ignore: list[str] = typer.Option(
        None, "--ignore", help="Codes or prefixes to skip, comma-separated."
    ),
    extend_ignore: list[str] = typer.Option(
        None, "--extend-ignore", help="Codes or prefixes to skip in addition to the config's."
    ),
    exclude: list[str] = typer.Option(
        None, "--exclude", help="Globs of files and folders to skip (replaces the config's)."
    ),
    extend_exclude: list[str] = typer.Option(
        None, "--extend-exclude", help="Globs to skip in addition to the config's exclude."
    ),
    force_exclude: bool = typer.Option(
        False,
        "--force-exclude",
        help="Apply include/exclude to files named on the command line too (for pre-commit).",
    ),
    stdin_filename: str = typer.Option(
        None, "--stdin-filename", help="The name of the file read from standard input (-)."
    ),
    extension: list[str] = typer.Option(
        None,
        "--extension",
        help="Read files of an extension as a known format, EXT:FORMAT (avanterules:jinja); "
        "formats: markdown, text, jinja, yaml, json, python, typescript.",
    ),
    fail_on: str = typer.Option(None, "--fail-on", help="error, warning or info."),
    exit_zero: bool = typer.Option(
        False, "--exit-zero", "-e", help="Exit 0 even with findings (2 still means an error)."
    ),
    statistics: bool = typer.Option(
        False, "--statistics", help="Print the number of findings per code instead of them."
    ),
    pipeline_stats: bool = typer.Option(
        False, "--pipeline-stats", help="Also print the WIRE pipeline counts per policy."
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Print the findings and nothing else (no summary)."
    ),
    watch: bool = typer.Option(
        False, "--watch", "-w", help="Re-run whenever a checked file changes (Ctrl-C stops)."
    ),
    config: Path = typer.Option(None, "--config", help="A promptlint.toml or pyproject.toml."),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore configuration files."),
    baseline: Path = typer.Option(None, "--baseline", help="Ignore findings recorded in FILE."),
    write_baseline: bool = typer.Option(
        False, "--write-baseline", help="Record the findings in --baseline and exit 0."
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
    batch: bool = typer.Option(
        False,
        "--batch",
        help="With --backend llm: send every model request through the OpenAI Batch API.",
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
        "extract, encode, policy-model, overlap, nominate, vet (default: all).",
    ),
    passes: int = typer.Option(
        None,
        "--passes",
        min=1,
        max=10,
        help="With --backend llm: read the policy this many times when nominating pairs.",
    ),
    sweep: bool = typer.Option(
        False,
        "--sweep",
        help="With --backend llm: nominate pairs by sweeping the policy part by part, each "
        "part's rules checked against the whole policy (one request per part, "
        "llm.sweep-chars characters each, 6000 by default).",
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
    step_summary: Path = typer.Option(
        None,
        "--step-summary",
        help="Write a markdown summary here (default: append to $GITHUB_STEP_SUMMARY if set).",
    ),
) -> None:
    """Find rules that demand incompatible things in the same situation.

    Offline: no network connection unless you choose --backend llm (a repo's config cannot).
    """
    opts = CheckOptions(
        paths=tuple(paths or (".",)),
        output_format=output_format,
        output_file=output_file,
        select=_comma(select),
        extend_select=_comma(extend_select),
        ignore=_comma(ignore),
        extend_ignore=_comma(extend_ignore),
        exclude=_comma(exclude),
        extend_exclude=_comma(extend_exclude),
        force_exclude=force_exclude,
        fail_on=fail_on,
        exit_zero=exit_zero,
        statistics=statistics,
        pipeline_stats=pipeline_stats,
        quiet=quiet,
        config=config,
        isolated=isolated,
        baseline=baseline,
        write_baseline=write_baseline,
        policy_group=policy_group,
        backend=backend,
        fallback=fallback,
        no_cache=no_cache,
        batch=batch,
        canonicalize_labels=canonicalize_labels,
        encode_samples=encode_samples,
        model_stages=model_stages,
        passes=passes,
        sweep=sweep,
        diff_base=diff_base,
        no_suppressions=no_suppressions,
        stdin_filename=stdin_filename,
        timeout_per_file=timeout_per_file,
        step_summary=step_summary,
        extension=_comma(extension),
    )
    if write_baseline and baseline is None:
        raise ConfigError("--write-baseline needs --baseline FILE")
    if watch:
        if "-" in opts.paths:
            raise ConfigError("--watch cannot read standard input")
        _watch(opts)
    raise typer.Exit(run_check(opts))


def _adjuster(opts: CheckOptions) -> Any:
    """The command line's overrides, applied to every configuration found; codes in the
    configuration and on the command line are checked here."""
    from promptlint.diagnostics.registry import parse_selectors

    def adjust(cfg: Config) -> Config:
        where = f" in {cfg.config_path}" if cfg.config_path else ""
        try:
            re.compile(cfg.python_name_regex)
        except re.error as exc:
            raise ConfigError(
                f"python-name-regex{where} is not a regular expression: {exc}"
            ) from None
        cfg = replace(
            cfg,
            select=parse_selectors(cfg.select, f"select{where}"),
            extend_select=parse_selectors(cfg.extend_select, f"extend-select{where}"),
            ignore=parse_selectors(cfg.ignore, f"ignore{where}"),
            per_file_ignores={
                pat: parse_selectors(codes, f"per-file-ignores{where}")
                for pat, codes in cfg.per_file_ignores.items()
            },
        )
        if opts.select is not None:
            cfg = replace(cfg, select=parse_selectors(opts.select, "--select"))
        if opts.extend_select is not None:
            more = parse_selectors(opts.extend_select, "--extend-select")
            cfg = replace(cfg, extend_select=cfg.extend_select + more)
        if opts.ignore is not None:
            cfg = replace(cfg, ignore=parse_selectors(opts.ignore, "--ignore"))
        if opts.extend_ignore is not None:
            more = parse_selectors(opts.extend_ignore, "--extend-ignore")
            cfg = replace(cfg, ignore=cfg.ignore + more)
        if opts.extension is not None:
            cfg = replace(cfg, extension={**cfg.extension, **_extensions(opts.extension)})
        if opts.exclude is not None:
            cfg = replace(cfg, exclude=opts.exclude)
        if opts.extend_exclude is not None:
            cfg = replace(cfg, exclude=cfg.exclude + opts.extend_exclude)
        cfg = cfg.with_overrides(output_format=opts.output_format, fail_on=opts.fail_on)
        for name, value, choices in (
            ("--output-format", cfg.output_format, _FORMATS),
            ("--fail-on", cfg.fail_on, ("error", "warning", "info")),
        ):
            if value not in choices:
                raise ConfigError(
                    f"invalid value {value!r} for {name}; choose from {', '.join(choices)}"
                )
        if opts.timeout_per_file is not None:
            cfg = cfg.with_overrides(timeout_per_file=opts.timeout_per_file)
        elif cfg.timeout_per_file is None and (opts.backend or cfg.backend) != "llm":
            cfg = cfg.with_overrides(timeout_per_file=_DEFAULT_TIMEOUT_S)
        return apply_model_options(
            cfg,
            backend=opts.backend,
            fallback=opts.fallback,
            no_cache=opts.no_cache,
            batch=opts.batch,
            canonicalize_labels=opts.canonicalize_labels,
            encode_samples=opts.encode_samples,
            model_stages=opts.model_stages,
            passes=opts.passes,
            sweep=opts.sweep,
        )

    return adjust


def run_check(opts: CheckOptions) -> int:
    """One run of ``check``; returns the exit code (usage errors raise PromptlintError)."""
    from promptlint.config import ConfigResolver

    resolver = ConfigResolver(opts.config, opts.isolated, _adjuster(opts))
    if opts.stdin_filename is not None and "-" not in opts.paths:
        raise ConfigError("--stdin-filename names standard input: give - as the path")
    if "-" in opts.paths:
        return _check_stdin(opts, resolver)
    files = expand_paths(list(opts.paths), resolver, force_exclude=opts.force_exclude)
    if not files:
        return 0  # --force-exclude left nothing to lint (pre-commit passed no policy)
    gcfg = resolver.global_config(files)
    report = _lint(files, resolver, gcfg, opts)
    return _finish(report, files, gcfg, opts)


def _check_stdin(opts: CheckOptions, resolver: ConfigResolver) -> int:
    if opts.paths != ("-",):
        raise ConfigError("- (standard input) cannot be combined with other paths")
    if not opts.stdin_filename:
        raise ConfigError(
            "reading standard input needs --stdin-filename NAME",
            hint="the name's suffix says how to read it (.md, .yaml, .py ...)",
        )
    name = opts.stdin_filename
    gcfg = resolver.for_path(name)
    if effective_suffix(name, gcfg.extension) not in POLICY_SUFFIXES - {".pyrule"}:
        raise ConfigError(f"--stdin-filename {name!r}: unsupported policy file type")
    if opts.force_exclude and not _wanted(Path(name), gcfg, gcfg.root(), forced=True):
        return 0  # excluded, as ruff does with --force-exclude
    data = sys.stdin.buffer.read()
    with tempfile.TemporaryDirectory(prefix="promptlint-stdin-") as tmp:
        temp = Path(tmp) / Path(name).name
        temp.write_bytes(data)
        # encodings belong to the file on disk: read its sidecar if there is one
        side = Path(name + ".pyrule")
        if side.is_file():
            Path(str(temp) + ".pyrule").write_bytes(side.read_bytes())

        class _Fixed:
            def for_path(self, path: str | Path) -> Config:
                return gcfg

        names = {str(temp): name, str(temp) + ".pyrule": name + ".pyrule"}
        report = _lint([str(temp)], _Fixed(), gcfg, replace(opts, diff_base=None), names)
    return _finish(report, [name], gcfg, opts)


def _renamed(report: Report, names: dict[str, str]) -> Report:
    from promptlint.diagnostics import Report

    def ref(r: Any) -> Any:
        return replace(r, path=names.get(r.path, r.path))

    diags = tuple(
        replace(d, path=names.get(d.path, d.path), rules=tuple(ref(r) for r in d.rules))
        for d in report.diagnostics
    )
    files = tuple(replace(f, path=names.get(f.path, f.path)) for f in report.files)
    sources = {names.get(k, k): v for k, v in report.sources.items()}
    return Report(files, diags, sources, report.summary)


def _lint(
    files: list[str],
    resolver: Any,
    gcfg: Config,
    opts: CheckOptions,
    names: dict[str, str] | None = None,
) -> Report:
    """Lint each file with its own configuration; filter by that configuration's codes.
    ``names`` renames paths (a temporary copy of standard input) before filtering."""
    from promptlint.diagnostics import Diagnostic, Report
    from promptlint.pipeline import check

    by_cfg: dict[int, tuple[Config, list[str]]] = {}
    for f in files:
        cfg = resolver.for_path(f)
        by_cfg.setdefault(id(cfg), (cfg, []))[1].append(f)
    if opts.policy_group and len(by_cfg) > 1:
        raise ConfigError("--policy-group: the files have different configurations")
    stats: list[Any] = []
    kept: list[Diagnostic] = []
    sources: dict[str, str] = {}
    summary: dict[str, Any] = {}
    with progress_for(gcfg, gcfg.output_format not in ("full", "concise")) as bar:
        for cfg, members in by_cfg.values():
            if opts.policy_group:
                cfg = cfg.with_overrides(policy_groups={**cfg.policy_groups, "cli": tuple(members)})
            errors: list[PromptlintError] = []
            report = check(members, cfg, progress=bar, errors=errors)
            report = _with_findings(report, errors, config_warning_diagnostics(cfg), cfg)
            if names:
                report = _renamed(report, names)
            stats += report.files
            sources.update(report.sources)
            for k, v in report.summary.items():
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    summary[k] = summary.get(k, 0) + v
                else:
                    summary.setdefault(k, v)
            found, suppressed = _filtered(report, cfg, opts)
            kept += found
            summary["suppressed"] = summary.get("suppressed", 0) + suppressed
    kept.sort(key=Diagnostic.sort_key)
    return Report(tuple(stats), tuple(kept), sources, summary)


def _with_findings(
    report: Report, errors: list[PromptlintError], warned: list[Diagnostic], cfg: Config
) -> Report:
    """Files that could not be read or parsed, as findings on them (PL001, PL002 for a
    .pyrule file: exit 1, like ruff's E902), and configuration values that were not
    obeyed (PL003 warnings)."""
    from promptlint.diagnostics import Category, Diagnostic, FileStats, Report, Severity
    from promptlint.files import read_text

    found = list(report.diagnostics) + warned
    sources = dict(report.sources)
    stats = list(report.files)
    for err in errors:
        path = err.path or "-"
        line, col = err.line or 1, err.column or 1
        message = err.message + (f" ({err.hint})" if err.hint else "")
        found.append(Diagnostic(err.code, Category.INPUT, Severity.ERROR, message, path,
                                line, col, line, col + 1))  # fmt: skip
        stats.append(FileStats(path=path))
        # an unreadable file has no code frame
        with contextlib.suppress(PromptlintError, OSError):
            sources.setdefault(path, read_text(path, max_bytes=cfg.max_file_bytes))
    for w in cfg.warnings:
        with contextlib.suppress(PromptlintError, OSError):
            sources.setdefault(w.path, read_text(w.path))
    found.sort(key=Diagnostic.sort_key)
    return Report(tuple(stats), tuple(found), sources, report.summary)


def _filtered(report: Report, cfg: Config, opts: CheckOptions) -> tuple[list[Diagnostic], int]:
    """select / ignore / per-file-ignores (relative to the configuration's folder), then
    inline suppressions. A file that cannot be read or parsed is always reported."""
    from promptlint.config import matches_any
    from promptlint.diagnostics.registry import select as select_codes

    wanted = select_codes(cfg.select) | select_codes(cfg.extend_select)
    dropped = select_codes(cfg.ignore)
    root = cfg.root()
    per_file = [(pat, select_codes(codes)) for pat, codes in cfg.per_file_ignores.items()]

    def keep(d: Diagnostic) -> bool:
        if d.code == "PL001":
            return True
        if d.code not in wanted or d.code in dropped:
            return False
        return not any(
            d.code in codes and matches_any(d.path, [pat], root) for pat, codes in per_file
        )

    kept = [d for d in report.diagnostics if keep(d)]
    if opts.no_suppressions:
        return kept, 0
    from promptlint.diagnostics.suppression import apply_suppressions

    kept, suppressed = apply_suppressions(kept, report.sources)
    return [d for d in kept if keep(d)], suppressed


def _finish(report: Report, files: list[str], gcfg: Config, opts: CheckOptions) -> int:
    from promptlint.diagnostics import Report
    from promptlint.report.formats import fingerprint

    for flag, on in (("--statistics", opts.statistics), ("--pipeline-stats", opts.pipeline_stats)):
        if on and gcfg.output_format not in ("full", "concise", "json"):
            raise ConfigError(
                f"{flag} prints a table: use it with --output-format full, concise or json"
            )

    if "llm" in report.summary:
        sys.stderr.write(usage_line(report.summary["llm"]) + "\n")
    kept = list(report.diagnostics)
    summary = dict(report.summary)
    if opts.diff_base is not None and files:
        old = _base_fingerprints(opts.diff_base, files, gcfg)
        before = len(kept)
        kept = [d for d in kept if fingerprint(d) not in old]
        summary["unchanged_since_base"] = before - len(kept)
    if opts.baseline is not None and opts.baseline.is_dir():
        raise ConfigError("--baseline is a directory; give a file", path=str(opts.baseline))
    if opts.baseline is not None and opts.write_baseline:
        _write(
            opts.baseline,
            json.dumps(
                {"version": 1, "fingerprints": sorted({fingerprint(d) for d in kept})}, indent=2
            )
            + "\n",
            "--baseline",
        )
        if not opts.quiet:
            sys.stderr.write(f"wrote {len(kept)} findings to the baseline {opts.baseline}\n")
        return 0
    if opts.baseline is not None:
        if not opts.baseline.is_file():
            raise InputError(
                "baseline file not found",
                path=str(opts.baseline),
                hint="create it with --write-baseline",
            )
        from promptlint.files import read_text

        try:
            known = set(json.loads(read_text(opts.baseline, max_bytes=50_000_000))["fingerprints"])
        except (ValueError, KeyError, TypeError, RecursionError):
            raise InputError("not a promptlint baseline file", path=str(opts.baseline)) from None
        before = len(kept)
        kept = [d for d in kept if fingerprint(d) not in known]
        summary["baselined"] = before - len(kept)
    report = Report(report.files, tuple(kept), report.sources, summary)
    _emit(report, gcfg, opts)
    threshold = _RANK[gcfg.fail_on]
    failing = [d for d in kept if _RANK[d.severity.value] >= threshold]
    if opts.step_summary is not None or os.environ.get("GITHUB_STEP_SUMMARY"):
        from promptlint.pipeline.gates import write_step_summary
        from promptlint.report.summary import check_summary

        text = check_summary(report, failing=len(failing), fail_on=gcfg.fail_on)
        write_step_summary(text, opts.step_summary)
    return 0 if opts.exit_zero or not failing else 1


def _write(path: Path, text: str, option: str = "--output-file") -> None:
    """Write a report or baseline (creating its folder), or say in one line why not."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ConfigError(
            f"{option}: cannot write {path}: {exc.strerror or exc}", path=str(path)
        ) from None


def _repo_root() -> Path:
    proc = _git(["rev-parse", "--show-toplevel"], Path.cwd())
    if proc.returncode == 0 and proc.stdout.strip():
        return Path(proc.stdout.decode().strip())
    return Path.cwd()


def _emit(report: Report, gcfg: Config, opts: CheckOptions) -> None:
    from promptlint.report import STYLED, get_reporter, render_code_statistics, render_statistics

    fmt = gcfg.output_format
    human = fmt in ("full", "concise")
    if opts.statistics and human:
        text = render_code_statistics(report)
        if opts.pipeline_stats:
            text = render_statistics(report) + text
        _out(text, opts)
        return
    kwargs: dict[str, Any] = {"quiet": opts.quiet}
    if fmt == "json":
        kwargs.update(statistics=opts.statistics, pipeline_stats=opts.pipeline_stats)
    if fmt == "sarif":
        kwargs["root"] = _repo_root()
    head = render_statistics(report) if opts.pipeline_stats and human else ""
    if human and opts.output_file is None:
        from rich.console import Console

        # rich honours NO_COLOR and FORCE_COLOR, and colours only a terminal
        console = Console(file=sys.stdout, soft_wrap=True, highlight=False, markup=False,
                          emoji=False)  # fmt: skip
        if head:
            sys.stdout.write(head)
            sys.stdout.flush()
        styled = STYLED[fmt](report, quiet=opts.quiet)
        if console.color_system is None:
            # what console.print writes without colour, without rendering span by span
            # (quadratic-looking on tens of thousands of findings)
            sys.stdout.write(styled.plain)
            return
        console.print(styled.to_rich(), end="")
        return
    _out(head + get_reporter(fmt)(report, **kwargs), opts)


def _out(text: str, opts: CheckOptions) -> None:
    if opts.output_file is not None:
        _write(opts.output_file, text)
    else:
        sys.stdout.write(text)


def _snapshot(opts: CheckOptions) -> dict[str, float]:
    """Modification times of everything a run reads: policies, sidecars, configurations."""
    from promptlint.config import ConfigResolver, find_config

    resolver = ConfigResolver(opts.config, opts.isolated)
    try:
        files = expand_paths(list(opts.paths), resolver, force_exclude=opts.force_exclude)
    except InputError:
        files = []
    seen: dict[str, float] = {}
    for f in files:
        for p in (f, f + ".pyrule"):
            try:
                seen[p] = os.stat(p).st_mtime
            except OSError:
                continue
        found = opts.config or find_config(Path(f))
        if found is not None and found.is_file():
            seen[str(found)] = os.stat(found).st_mtime
    return seen


def _watch(opts: CheckOptions, interval: float = 0.5) -> None:
    """Run, then poll the files' modification times and run again on each change."""
    from promptlint.cli.app import fail
    from promptlint.errors import PromptlintError

    last: dict[str, float] | None = None
    while True:
        now = _snapshot(opts)
        if now != last:
            last = now
            sys.stdout.write(f"[{time.strftime('%H:%M:%S')}] Checking...\n")
            try:
                run_check(opts)
            except PromptlintError as err:
                with contextlib.suppress(SystemExit):
                    fail(err)
            sys.stdout.write("Watching for file changes.\n")
            sys.stdout.flush()
        time.sleep(interval)


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=60)


def _base_fingerprints(rev: str, files: list[str], cfg: Config) -> set[str]:
    """Fingerprints of the findings the same files had at ``rev``."""
    from promptlint.errors import PromptlintError
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
