"""The behaviour gates of `probe` (``--fail-under-joint``, ``--baseline``) and the step
summary both `check` and `probe` write for GitHub Actions."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError
from promptlint.pipeline.profile_links import norm_quote
from promptlint.witnessed import ProbeResult

__all__ = ["probe_gates", "write_step_summary"]


def _quotes(result: ProbeResult) -> dict[str, tuple[str, str]]:
    return {p.key: (norm_quote(p.earlier.quote), norm_quote(p.later.quote)) for p in result.pairs}


def probe_gates(
    result: ProbeResult, *, fail_under_joint: float | None, baseline: Path | None
) -> list[dict[str, Any]]:
    """Every checked cell of the gates asked for, failed or not."""
    from promptlint.profiles.gates import compare, joint_floor

    gates = []
    if fail_under_joint is not None:
        gates += joint_floor(result.profiles, fail_under_joint)
    if baseline is not None:
        from promptlint.pipeline.rundir import load_run

        old = load_run(baseline).result
        gates += compare(old.profiles, result.profiles, _quotes(result), _quotes(old))
    return [g.to_dict() for g in gates]


def write_step_summary(text: str, path: Path | None) -> None:
    """To ``path`` (replaced), else appended to ``$GITHUB_STEP_SUMMARY`` when it is set."""
    env = os.environ.get("GITHUB_STEP_SUMMARY")
    target, mode = (path, "w") if path is not None else (Path(env) if env else None, "a")
    if target is None:
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, mode, encoding="utf-8") as f:
            f.write(text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise ConfigError(f"cannot write the step summary: {exc.strerror or exc}",
                          path=str(target)) from None  # fmt: skip
