"""The hook, installed by the real pre-commit tool, fails on a conflicting prompt and
passes on a clean one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "support_bot.md"


def _pre_commit() -> str:
    exe = shutil.which("pre-commit") or str(Path(sys.executable).parent / "pre-commit")
    if not Path(exe).exists():
        pytest.skip("pre-commit is not installed")
    return exe


@pytest.mark.slow
def test_hook_fails_on_conflict_and_passes_when_clean(tmp_path: Path) -> None:
    exe = _pre_commit()
    work = tmp_path / "work"
    work.mkdir()
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
    }  # fmt: skip

    def sh(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, timeout=900)

    sh("git", "init", "-q")
    # no configuration: the hook lints what `promptlint init` would select (prompts/**)
    prompts = work / "prompts"
    prompts.mkdir()
    shutil.copy(EXAMPLE, prompts / "agent.md")
    shutil.copy(EXAMPLE.with_suffix(".md.pyrule"), prompts / "agent.md.pyrule")
    sh("git", "add", ".")
    failing = sh(exe, "try-repo", str(REPO), "promptlint", "--all-files")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "PL101" in failing.stdout and "Failed" in failing.stdout

    # the author writes the exception into the rule and re-encodes it
    text = (prompts / "agent.md").read_text()
    (prompts / "agent.md").write_text(
        text.replace("- Always answer in English.", "- Answer in English.")
    )
    side = (prompts / "agent.md.pyrule").read_text()
    start = side.index('@rule("r1"')
    end = side.index('@rule("r2"')
    side = (
        side[:start]
        + (
            '@rule("r1", span="8-8")\ndef r1(ctx):\n    "Answer in English."\n'
            '    if not ctx.msg.language == "es":\n        require(reply_language("en"))\n\n\n'
        )
        + side[end:]
    )
    side = side.replace(
        'require(reply_length("words", "<", 80))', 'prefer(reply_length("words", "<", 80))'
    )
    side = side.replace("forbid(ask_clarify())", "prefer(ask_clarify())")
    (prompts / "agent.md.pyrule").write_text(side)
    sh("git", "add", ".")
    passing = sh(exe, "try-repo", str(REPO), "promptlint", "--all-files")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout


@pytest.mark.slow
def test_hook_blocks_a_conflicting_policy_and_nothing_else(tmp_path: Path) -> None:
    """The published hook, installed by the real pre-commit in a scratch repository as a
    local hook (offline: the hook's own settings, run by the promptlint on PATH)."""
    import yaml

    exe = _pre_commit()
    work = tmp_path / "work"
    work.mkdir()
    bin_dir = Path(sys.executable).parent
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
    }  # fmt: skip

    def sh(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, timeout=300)

    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    local = {k: hook[k] for k in ("id", "name", "entry", "types", "files", "require_serial")}
    config = {"repos": [{"repo": "local", "hooks": [{**local, "language": "system"}]}]}
    (work / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    assert sh("git", "init", "-q").returncode == 0
    assert sh(str(bin_dir / "promptlint"), "init", "--include", "prompts/**").returncode == 0
    assert sh(exe, "install").returncode == 0
    sh("git", "add", ".")
    assert sh("git", "commit", "-qm", "config").returncode == 0

    # not policies: a README with rule-like prose and a suppression example in code, a
    # JSONC tsconfig.json and a Helm template
    (work / "README.md").write_text(
        "# App\n\nAlways run the tests. Never run the tests.\n\n"
        "Suppress with `<!-- promptlint: ignore[PL101] reason -->`.\n"
    )
    (work / "tsconfig.json").write_text(
        '{\n  // strict mode\n  "compilerOptions": {"strict": true,},\n}\n'
    )
    (work / "charts" / "app" / "templates").mkdir(parents=True)
    (work / "charts" / "app" / "templates" / "deployment.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n"
        '  name: {{ include "app.fullname" . }}\nspec:\n'
        "  {{- if .Values.replicas }}\n  replicas: {{ .Values.replicas }}\n  {{- end }}\n"
    )
    sh("git", "add", ".")
    other = sh("git", "commit", "-qm", "docs and config")
    assert other.returncode == 0, other.stdout + other.stderr

    # a policy whose rules collide: blocked, with a message a person can act on
    (work / "prompts").mkdir()
    shutil.copy(EXAMPLE, work / "prompts" / "agent.md")
    sh("git", "add", ".")
    blocked = sh("git", "commit", "-qm", "agent policy")
    out = blocked.stdout + blocked.stderr
    assert blocked.returncode == 1, out
    assert "promptlint" in out and "Failed" in out
    assert "prompts/agent.md:8:3: PL101 The rule on line 8 requires replying in English" in out
    assert "Traceback" not in out and "internal error" not in out
    assert sh("git", "log", "--format=%s", "-1").stdout.strip() == "docs and config"
