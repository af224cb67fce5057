"""The recipes of docs/ci.md run as written: the GitHub Actions workflow's commands
against a scratch repository (network steps skipped), and the pre-commit configurations
validated by pre-commit itself."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "ci.md"
EXAMPLE = REPO / "examples" / "support_bot.md"
SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"
BIN = Path(sys.executable).parent


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DOC.read_text(), re.S)


def _workflow(name: str = "promptlint") -> dict[str, object]:
    (text,) = [b for b in _blocks("yaml") if f"\nname: {name}\n" in b]
    doc = yaml.safe_load(text)
    assert isinstance(doc, dict)
    return doc


def _expand(command: str, context: dict[str, str]) -> str:
    """``${{ a || 'b' }}`` as GitHub evaluates it, for the names the recipe uses."""

    def one(m: re.Match[str]) -> str:
        for alt in m[1].split("||"):
            alt = alt.strip()
            value = alt.strip("'") if alt.startswith("'") else context.get(alt, "")
            if value:
                return value
        return ""

    return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", one, command)


def _needs_network(step: dict[str, object]) -> bool:
    run = str(step.get("run", ""))
    return "uses" in step or "git+https://" in run or "pip install" in run


def _sh(cmd: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-e", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def scratch(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A clone of a repository whose main branch has a clean policy, a README and a
    tsconfig.json, with ``origin/main`` as GitHub's checkout has it."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip
    origin, work = tmp_path / "origin.git", tmp_path / "work"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(origin)], check=True)
    subprocess.run(["git", "clone", "-q", str(origin), str(work)], check=True, env=env)
    (work / "prompts").mkdir()
    text = EXAMPLE.read_text().replace("- Always answer in English.\n", "")
    (work / "prompts" / "agent.md").write_text(text.split("## Style")[0])
    (work / "README.md").write_text("# App\n\nAlways run the tests. Never run them twice.\n")
    (work / "tsconfig.json").write_text(
        '{\n  // strict\n  "compilerOptions": {"strict": true,},\n}\n'
    )
    (init,) = [
        line for b in _blocks("bash") for line in b.splitlines() if "promptlint init" in line
    ]
    assert _sh(init.split("#")[0], work, env).returncode == 0
    for cmd in ("git add -A", "git commit -qm base", "git push -q origin HEAD:main",
                "git checkout -qb feature"):  # fmt: skip
        assert _sh(cmd, work, env).returncode == 0, cmd
    return work, env


@pytest.mark.slow
def test_the_github_workflow_runs_as_written(scratch: tuple[Path, dict[str, str]]) -> None:
    import jsonschema

    work, env = scratch
    steps = _workflow()["jobs"]["promptlint"]["steps"]  # type: ignore[index]
    commands = [_expand(str(s["run"]), {"github.base_ref": "main"})
                for s in steps if not _needs_network(s)]  # fmt: skip
    assert len(commands) == 2, commands
    sarif_step, gate_step = commands

    # nothing new on the branch yet: both steps pass
    assert _sh(sarif_step, work, env).returncode == 0
    assert _sh(gate_step, work, env).returncode == 0

    # the change under review adds a rule that collides with an existing one
    agent = work / "prompts" / "agent.md"
    agent.write_text(agent.read_text() + "\n- Always answer in English.\n")
    assert _sh("git commit -qam 'English only'", work, env).returncode == 0
    sarif = _sh(sarif_step, work, env)
    assert sarif.returncode == 0, sarif.stderr  # --exit-zero: the upload still happens
    doc = json.loads((work / "reports" / "promptlint.sarif").read_text())
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text())).validate(doc)
    results = doc["runs"][0]["results"]
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results} == {
        "prompts/agent.md"
    }
    gate = _sh(gate_step, work, env)
    assert gate.returncode == 1, gate.stdout + gate.stderr
    annotations = gate.stdout.splitlines()
    assert annotations and all(a.startswith("::error file=prompts/agent.md,") for a in annotations)
    assert any("PL101" in a for a in annotations)
    # README and tsconfig.json are not policies here: never mentioned
    assert "README" not in gate.stdout + sarif.stdout and "tsconfig" not in gate.stdout


def test_the_documented_pre_commit_configurations_are_valid(tmp_path: Path) -> None:
    configs = [b for b in _blocks("yaml") if b.lstrip().startswith(("repos:", "# .pre-commit"))]
    assert len(configs) == 2
    exe = shutil.which("pre-commit", path=str(BIN)) or shutil.which("pre-commit")
    if exe is None:
        pytest.skip("pre-commit is not installed")
    for n, text in enumerate(configs):
        f = tmp_path / f"config{n}.yaml"
        f.write_text(text)
        proc = subprocess.run([exe, "validate-config", str(f)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    hooks = tmp_path / "hooks.yaml"
    shutil.copy(REPO / ".pre-commit-hooks.yaml", hooks)
    proc = subprocess.run([exe, "validate-manifest", str(hooks)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # what the local variant runs is what the published hook runs
    local = yaml.safe_load(configs[1])["repos"][0]["hooks"][0]
    (published,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert local["entry"] == published["entry"]


def test_docs_install_from_the_repository_never_from_an_unpublished_name() -> None:
    for path in (DOC, REPO / "README.md"):
        text = path.read_text()
        for line in text.splitlines():
            if "pip install" in line:  # from the repository or a local clone, never by name
                assert re.search(r"git\+https://|pip install \.|pip install \"\.|/path/to", line), (
                    line
                )
        assert not re.search(r"rev: v\d", text)  # no tag has been published
        assert "git+https://github.com/promptlint/promptlint-wire" in text
    readme = (REPO / "README.md").read_text()
    head = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    assert head == (
        'pip install . && promptlint check examples/support_bot.md\npip install ".[test]" && '
        "python -m pytest\n"
    )
    assert readme.index(".pre-commit-config.yaml") < readme.index("## Status")


def test_readme_shows_the_output_the_example_gives(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from promptlint.cli.app import run

    monkeypatch.chdir(REPO)
    assert run(["check", "examples/support_bot.md"]) == 1
    first = capsys.readouterr().out.split("\n\n")[0]
    shown = (REPO / "README.md").read_text().split("```text\n", 1)[1].split("```", 1)[0]
    assert shown == first + "\n"


@pytest.mark.slow
def test_the_nightly_probe_step_runs_as_written(tmp_path: Path) -> None:
    """The probe step of the nightly workflow, against the scripted model server: the
    first night has no baseline and fails the joint floor; the next one compares."""
    sys.path[:0] = [str(REPO / "tests" / "llm"), str(REPO / "tests" / "probe")]
    from fake_server import FakeServer
    from rundirs import Aliased
    from scripted import SEEDS

    steps = _workflow("promptlint-probe")["jobs"]["probe"]["steps"]  # type: ignore[index]
    (probe_step,) = [s for s in steps if "promptlint probe" in str(s.get("run", ""))]
    (keep_step,) = [s for s in steps if "cp -r runs/nightly baseline" in str(s.get("run", ""))]
    work = tmp_path / "work"
    (work / "prompts").mkdir(parents=True)
    shutil.copy(EXAMPLE, work / "prompts" / "agent.md")
    shutil.copy(REPO / "examples" / "support_bot.md.pyrule", work / "prompts" / "agent.md.pyrule")
    (work / "prompts" / "seeds.jsonl").write_text("".join(json.dumps(s) + "\n" for s in SEEDS))
    summary = tmp_path / "summary.md"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
           "OPENAI_API_KEY": "sk-test-nightly", "GITHUB_STEP_SUMMARY": str(summary),
           "XDG_CONFIG_HOME": str(tmp_path / "no-user-config")}  # fmt: skip
    env.pop("OPENAI_BASE_URL", None)
    with FakeServer(default=Aliased({"gpt-4o-mini": "both"})) as srv:
        env["PROMPTLINT_LLM_BASE_URL"] = srv.url
        first = _sh(str(probe_step["run"]), work, env)
    # the subject follows both rules on one pair of three: pooled J 3/9 < 0.6
    assert first.returncode == 1, first.stderr
    report = json.loads((work / "reports" / "probe.json").read_text())
    assert {g["gate"] for g in report["gates"]} == {"joint-floor"}
    assert "| FAIL | joint-floor | prompts/agent.md | gpt-4o-mini | POT | pooled |" in (
        summary.read_text()
    )
    # the next night: the kept run is the baseline (a passing run would have been kept;
    # the step is run by hand here), and a fresh checkout has no response cache
    assert _sh(str(keep_step["run"]), work, env).returncode == 0
    shutil.rmtree(work / "runs" / "nightly")
    shutil.rmtree(work / ".promptlint_cache")
    with FakeServer(default=Aliased({"gpt-4o-mini": "both"})) as srv:
        env["PROMPTLINT_LLM_BASE_URL"] = srv.url
        second = _sh(str(probe_step["run"]), work, env)
    assert second.returncode == 1, second.stderr
    gates = json.loads((work / "reports" / "probe.json").read_text())["gates"]
    baseline = [g for g in gates if g["gate"] == "baseline"]
    assert baseline and not any(g["failed"] for g in baseline)
    assert all(g["detail"].startswith("within the intervals") for g in baseline)
    assert "sk-test-nightly" not in "".join(
        p.read_text(errors="replace") for p in (work / "runs").rglob("*") if p.is_file()
    )
