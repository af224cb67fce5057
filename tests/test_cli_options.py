"""Every option of `check` does what it says or is refused with exit 2 and one line
(issue 13): selection, configuration per file, paths, outputs, stdin, watch."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from promptlint.cli.app import run

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "support_bot.md"
#: two rules the offline encoder reads and that collide, and one it cannot read
PLAIN = (
    "- Always answer in English.\n"
    "- If the user writes in Spanish, answer in Spanish.\n"
    "- Always be a good colleague.\n"
)


def _codes(out: str) -> list[str]:
    return sorted(d["code"] for d in json.loads(out)["diagnostics"])


def _copy_policy(folder: Path, name: str = "support_bot.md") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLE, folder / name)
    shutil.copy(EXAMPLE.with_suffix(".md.pyrule"), folder / f"{name}.pyrule")
    return folder / name


# --------------------------------------------------------------------------- selection


def test_select_and_ignore_take_comma_lists(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", str(policy), "-f", "json", "--select", "PL101,PL102"]) == 1
    assert _codes(capsys.readouterr().out) == ["PL101", "PL102"]
    assert run(["check", str(policy), "-f", "json", "--ignore", "PL101,PL103"]) == 1
    assert _codes(capsys.readouterr().out) == ["PL102"]
    assert run(["check", str(policy), "--ignore", "PL101, PL102,PL103"]) == 0
    capsys.readouterr()
    args = ["check", str(policy), "-f", "json", "--select", "PL103", "--extend-select", "pl101"]
    assert run(args) == 1
    assert _codes(capsys.readouterr().out) == ["PL101", "PL103"]


@pytest.mark.parametrize(
    "args, shown",
    [
        (["--select", "PL9"], "'PL9' for --select"),
        (["--select", "PL101,PL102X"], "'PL102X' for --select"),
        (["--ignore", "PL205,PL077"], "'PL077' for --ignore"),
        (["--extend-select", "E501"], "'E501' for --extend-select"),
        (["--exit-zero", "--select", "PL9"], "'PL9' for --select"),
    ],
)
def test_unknown_codes_are_refused(
    policy: Path, capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    assert run(["check", str(policy), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert shown in captured.err.splitlines()[0] and "Traceback" not in captured.err


def test_unknown_codes_in_the_configuration_are_refused(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = policy.parent / "promptlint.toml"
    cfg.write_text('ignore = ["PL1", "PL900"]\n')
    assert run(["check", str(policy)]) == 2
    assert f"'PL900' for ignore in {cfg}" in capsys.readouterr().err
    cfg.write_text('[per-file-ignores]\n"*.md" = ["XX1"]\n')
    assert run(["check", str(policy)]) == 2
    assert "'XX1' for per-file-ignores" in capsys.readouterr().err


# --------------------------------------------------------------------------- configuration


def test_the_closest_configuration_applies_to_each_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a = _copy_policy(tmp_path / "a")
    b = _copy_policy(tmp_path / "b")
    (tmp_path / "a" / "promptlint.toml").write_text('ignore = ["PL1"]\n')
    monkeypatch.chdir(tmp_path)
    outputs = []
    for order in ([a, b], [b, a]):
        assert run(["check", *map(str, order), "-f", "json"]) == 1
        doc = json.loads(capsys.readouterr().out)
        outputs.append(sorted((d["path"], d["code"]) for d in doc["diagnostics"]))
    assert outputs[0] == outputs[1]
    assert {p for p, _ in outputs[0]} == {str(b)}


@pytest.mark.parametrize(
    "cwd, args",
    [
        ("", ["./prompts/agent.md"]),
        ("", ["prompts/agent.md"]),
        ("", []),
        ("", ["."]),
        ("prompts", ["agent.md"]),
    ],
    ids=["dot-slash", "relative", "bare", "dot", "from-subfolder"],
)
def test_per_file_ignores_match_relative_to_the_project_root(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cwd: str,
    args: list[str],
) -> None:
    _copy_policy(tmp_path / "prompts", "agent.md")
    (tmp_path / "promptlint.toml").write_text(
        'include = ["prompts/*.md"]\n[per-file-ignores]\n"prompts/*.md" = ["PL101", "PL103"]\n'
    )
    monkeypatch.chdir(tmp_path / cwd)
    assert run(["check", *args, "-f", "json"]) == 1
    assert _codes(capsys.readouterr().out) == ["PL102"]


def test_include_globs_select_the_files_of_a_bare_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy_policy(tmp_path / "prompts", "agent.md")
    (tmp_path / "README.md").write_text(PLAIN)
    (tmp_path / "promptlint.toml").write_text('include = ["prompts/**"]\n')
    monkeypatch.chdir(tmp_path)
    assert run(["check", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {d["path"] for d in doc["diagnostics"]} == {os.path.join("prompts", "agent.md")}


# --------------------------------------------------------------------------- extensions


def test_an_extension_is_read_as_the_format_it_is_mapped_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    policy = tmp_path / "agent.avanterules"
    policy.write_text("{% if mode %}Hello {{ name }}.{% endif %}\n" + PLAIN, encoding="utf-8")
    assert run(["check", "--isolated", str(policy)]) == 2
    err = capsys.readouterr().err
    assert "unsupported policy file type '.avanterules'" in err and "--extension" in err
    args = ["check", "--isolated", "-f", "json", str(policy)]
    assert run([*args, "--extension", "avanterules:jinja"]) == 1
    assert _codes(capsys.readouterr().out) == ["PL101", "PL205"]
    # standard input, named by its extension
    stdin = io.StringIO(policy.read_text(encoding="utf-8"))
    stdin.buffer = io.BytesIO(stdin.getvalue().encode())  # type: ignore[misc]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdin", stdin)
        code = run(["check", "--isolated", "-f", "json", "-", "--stdin-filename",
                    "agent.avanterules", "--extension", ".AvanteRules:jinja"])  # fmt: skip
    assert code == 1 and _codes(capsys.readouterr().out) == ["PL101", "PL205"]


@pytest.mark.parametrize("value", ["avanterules", "avanterules:cobol", ":jinja"])
def test_a_bad_extension_mapping_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    (tmp_path / "a.md").write_text(PLAIN)
    assert run(["check", "--isolated", str(tmp_path / "a.md"), "--extension", value]) == 2
    err = capsys.readouterr().err
    assert "--extension" in err and len(err.strip().splitlines()) <= 2


def test_a_mapped_extension_is_found_in_folders_from_the_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "agent.avanterules").write_text(PLAIN)
    (tmp_path / "promptlint.toml").write_text('extension = {avanterules = "markdown"}\n')
    monkeypatch.chdir(tmp_path)
    assert run(["check", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {d["path"] for d in doc["diagnostics"]} == {os.path.join("rules", "agent.avanterules")}
    (tmp_path / "promptlint.toml").write_text('extension = {avanterules = "cobol"}\n')
    assert run(["check"]) == 2
    err = capsys.readouterr().err
    assert "promptlint.toml:1" in err and "'cobol'" in err


def test_extract_and_encode_read_a_mapped_extension_from_the_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "agent.avanterules").write_text(PLAIN)
    (tmp_path / "promptlint.toml").write_text('extension = {avanterules = "markdown"}\n')
    monkeypatch.chdir(tmp_path)
    assert run(["extract", "agent.avanterules", "-f", "json"]) == 0
    assert "Always answer in English." in capsys.readouterr().out
    assert run(["encode", "agent.avanterules"]) == 0
    assert "reply_language" in (tmp_path / "agent.avanterules.pyrule").read_text()


# --------------------------------------------------------------------------- paths


def test_the_same_file_given_twice_is_linted_once(
    policy: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(policy.parent)
    assert run(["check", policy.name, f"./{policy.name}", str(policy), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["files"]) == 1 and len(doc["diagnostics"]) == 3


def test_exclude_and_force_exclude(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy_policy(tmp_path / "prompts")
    _copy_policy(tmp_path / "legacy")
    monkeypatch.chdir(tmp_path)
    assert run(["check", ".", "--exclude", "legacy", "-f", "json"]) == 1
    assert {d["path"].split(os.sep)[-2] for d in json.loads(capsys.readouterr().out)["diagnostics"]} == {"prompts"}  # fmt: skip
    # a file named on the command line is linted even if excluded, unless --force-exclude
    legacy = os.path.join("legacy", "support_bot.md")
    assert run(["check", legacy, "--exclude", "legacy", "-f", "concise"]) == 1
    capsys.readouterr()
    assert run(["check", legacy, "--extend-exclude", "legacy", "--force-exclude"]) == 0
    assert capsys.readouterr().out == ""


def test_force_exclude_keeps_only_included_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy_policy(tmp_path / "prompts", "agent.md")
    (tmp_path / "README.md").write_text(PLAIN)
    (tmp_path / "notes.rst").write_text("x\n")
    (tmp_path / "promptlint.toml").write_text('include = ["prompts/**"]\n')
    monkeypatch.chdir(tmp_path)
    files = ["README.md", "notes.rst", "prompts/agent.md", "prompts/agent.md.pyrule"]
    assert run(["check", "--force-exclude", "-f", "json", *files]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == ["prompts/agent.md"]
    assert run(["check", "--force-exclude", "README.md", "notes.rst"]) == 0


# --------------------------------------------------------------------------- outputs


def test_output_file_in_a_missing_folder_is_created(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = policy.parent / "reports" / "deep" / "out.json"
    assert run(["check", str(policy), "-f", "json", "-o", str(target)]) == 1
    assert len(json.loads(target.read_text())["diagnostics"]) == 3
    assert capsys.readouterr().out == ""
    blocked = policy.parent / "support_bot.md" / "out.json"  # a file where a folder must go
    assert run(["check", str(policy), "-o", str(blocked)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "cannot write" in err


def test_write_baseline_exits_zero(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = policy.parent / "ci" / "baseline.json"
    assert run(["check", str(policy), "--baseline", str(base), "--write-baseline"]) == 0
    assert len(json.loads(base.read_text())["fingerprints"]) == 3
    assert run(["check", str(policy), "--baseline", str(base)]) == 0
    assert run(["check", str(policy), "--write-baseline"]) == 2
    assert "--write-baseline needs --baseline" in capsys.readouterr().err


def test_quiet_prints_the_findings_and_nothing_else(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", str(policy), "-f", "concise", "--quiet"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(" PL1" in line for line in lines)
    assert run(["check", str(policy), "-q", "--ignore", "PL1"]) == 0
    assert capsys.readouterr().out == ""


def test_statistics_count_findings_per_code_and_json_carries_them(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", str(policy), "--statistics", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["statistics"] == [
        {"code": "PL101", "name": "conflicting-values", "count": 1},
        {"code": "PL102", "name": "required-and-forbidden", "count": 1},
        {"code": "PL103", "name": "incompatible-bounds", "count": 1},
    ]
    assert run(["check", str(policy), "--pipeline-stats", "-f", "json"]) == 1
    (row,) = json.loads(capsys.readouterr().out)["pipeline"]
    assert (row["extracted"], row["rules"], row["candidates"]) == (8, 8, 3)


def test_summaries_count_the_rules_found_beside_the_encoded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "p.md"
    p.write_text(PLAIN)
    assert run(["check", str(p), "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert "1 policy checked: 3 rules found, 2 encoded (67%)" in out
    # a large JSON file whose prompt is under keys promptlint does not read: the summary
    # says how little was found instead of a bare "All checks passed!"
    big = tmp_path / "agent.json"
    big.write_text(json.dumps({"system": "Never use emoji.", "notes": ["Always reply."] * 2000}))
    assert run(["check", str(big)]) == 0
    assert "1 policy checked: 1 rule found, 1 encoded." in capsys.readouterr().out


# --------------------------------------------------------------------------- input


@pytest.mark.parametrize(
    "name, data, message, where",
    [
        ("bin.md", b"\x00\x01abc", "binary file", ":1:1:"),
        ("latin.md", "a\ncaf\xe9\n".encode("latin-1"), "not valid UTF-8", ":2:4:"),
        ("big.md", b"x" * 2_100_000, "over the", ":1:1:"),
        ("bad.json", b'{"system": "x",\n  "a": }', "invalid JSON", ":2:8:"),
        ("bad.yaml", b"system: [unclosed\n", "invalid YAML", ":2:1:"),
        ("bad.py", b"SYSTEM_PROMPT = (\n", "invalid Python", ":"),
    ],
)
def test_a_file_that_cannot_be_read_is_a_finding_and_the_rest_is_linted(
    policy: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    data: bytes,
    message: str,
    where: str,
) -> None:
    bad = policy.parent / name
    bad.write_bytes(data)
    assert run(["check", str(bad), str(policy), "-f", "concise"]) == 1
    out = capsys.readouterr().out
    (line,) = [x for x in out.splitlines() if x.startswith(str(bad))]
    assert f"{bad}{where}" in line and " PL001 " in line and message in line
    assert out.count(" PL1") == 3
    # unreadable files cannot be de-selected, as ruff's syntax errors
    assert run(["check", str(bad), "--select", "PL1", "--exit-zero", "-f", "json"]) == 0
    assert _codes(capsys.readouterr().out) == ["PL001"]


def test_stdin_with_a_filename(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "promptlint.toml").write_text('[per-file-ignores]\n"legacy/*" = ["PL1"]\n')
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PLAIN.encode())))
    assert run(["check", "-", "--stdin-filename", "prompts/p.md", "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("prompts/p.md:1:3: PL101 ")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PLAIN.encode())))
    assert run(["check", "-", "--stdin-filename", "legacy/p.md", "-f", "concise"]) == 0
    assert run(["check", "-"]) == 2
    assert "needs --stdin-filename" in capsys.readouterr().err


def test_backend_llm_without_the_extra_is_one_line_exit_2(
    policy: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)  # as if the extra were not installed
    assert run(["check", str(policy), "--backend", "llm"]) == 2
    err = capsys.readouterr().err
    assert "needs the model client" in err.splitlines()[0] and "promptlint-wire[llm]" in err
    assert "Traceback" not in err


def test_the_offline_install_does_not_need_openai() -> None:
    import tomllib

    meta = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    names = {d.split(">")[0].split("[")[0].strip() for d in meta["dependencies"]}
    assert not names & {"openai", "httpx"}
    assert any(d.startswith("openai") for d in meta["optional-dependencies"]["llm"])


def test_shell_completion(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["generate-shell-completion", "bash"]) == 0
    assert "_PROMPTLINT_COMPLETE" in capsys.readouterr().out
    assert run(["generate-shell-completion", "tcsh"]) == 2
    env = {**os.environ, "_PROMPTLINT_COMPLETE": "complete_bash",
           "COMP_WORDS": "promptlint check --output-fo", "COMP_CWORD": "2"}  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint"], env=env, capture_output=True, text=True, timeout=60
    )
    assert "--output-format" in proc.stdout.split()


@pytest.mark.slow
def test_watch_runs_again_when_a_file_changes(policy: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "promptlint", "check", "--watch", str(policy), "-f", "concise"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None

        def until(marker: str) -> str:
            seen = ""
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                line = proc.stdout.readline()  # type: ignore[union-attr]
                seen += line
                if marker in line:
                    return seen
            raise AssertionError(f"no {marker!r} in {seen!r}")

        assert "Found 3 findings" in until("Watching for file changes.")
        time.sleep(1.1)  # a new modification time
        policy.write_text(policy.read_text() + "\nNever use emoji.\n")
        assert "9 rules found" in until("Watching for file changes.")
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_non_policies_pass_even_without_a_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text(
        "# App\n\nSuppress with `<!-- promptlint: ignore[PL101] reason -->`.\n"
    )
    (tmp_path / "tsconfig.json").write_text('{\n  // strict\n  "compilerOptions": {"a": 1,},\n}\n')
    (tmp_path / "deployment.yaml").write_text(
        'metadata:\n  name: {{ include "app.fullname" . }}\n  {{- if .Values.x }}\n  x: 1\n  {{- end }}\n'
    )
    args = ["check", "--force-exclude", "README.md", "tsconfig.json", "deployment.yaml"]
    assert run(args) == 0, capsys.readouterr()
    assert capsys.readouterr().out == ""
    # what `promptlint init` would select is linted
    _copy_policy(tmp_path / "prompts")
    assert run([*args, "prompts/support_bot.md", "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("prompts/support_bot.md:8:3: PL101 ") and "README" not in out


def test_python_name_regex_and_sidecars_keys_work(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = policy.parent / "bot.py"
    bot.write_text(f"RULES = {PLAIN!r}\n")
    assert run(["check", str(bot), "-f", "json"]) == 0  # RULES is not a prompt name
    capsys.readouterr()
    cfg = policy.parent / "promptlint.toml"
    cfg.write_text('python-name-regex = "^RULES$"\n')
    assert run(["check", str(bot), "-f", "json"]) == 1
    assert "PL101" in _codes(capsys.readouterr().out)
    cfg.write_text('python-name-regex = "(unclosed"\n')
    assert run(["check", str(bot)]) == 2
    assert "python-name-regex in" in capsys.readouterr().err
    # sidecars = false: the reviewed encoding is not read, the text is encoded offline
    side = policy.with_suffix(".md.pyrule")
    side.write_text(side.read_text().replace('require(reply_language("en"))', "pass_ = 1"))
    cfg.write_text("sidecars = false\n")
    assert run(["check", str(policy), "-f", "json"]) == 1
    assert "PL002" not in _codes(capsys.readouterr().out)


@pytest.mark.parametrize(
    "args, shown",
    [
        (["check", "p.md", "--encode-samples", "0"], "Invalid value for '--encode-samples'"),
        (["check", "--no-such-flag"], "No such option: --no-such-flag"),
        (["lint"], "No such command 'lint'"),
    ],
)
def test_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    assert run(args) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"promptlint: {shown}" or err[0].startswith(f"promptlint: {shown}")
    assert len(err) == 2 and err[1].startswith("  hint: see 'promptlint")


@pytest.mark.parametrize(
    "args, shown",
    [
        (["--statistics", "-f", "sarif"], "--statistics prints a table"),
        (["--pipeline-stats", "-f", "github"], "--pipeline-stats prints a table"),
        (["--stdin-filename", "x.md"], "--stdin-filename names standard input"),
        (["--config", "missing.toml"], "config file not found"),
        (["--fail-on", "fatal"], "invalid value 'fatal' for --fail-on"),
        (["--output-format", "xml"], "invalid value 'xml' for --output-format"),
    ],
)
def test_options_that_cannot_apply_are_refused(
    policy: Path, capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    assert run(["check", str(policy), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and shown in captured.err.splitlines()[0]


def test_rule_pages_have_stable_urls(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rule", "--all", "-f", "json"]) == 0
    for item in json.loads(capsys.readouterr().out):
        assert item["url"].endswith(f"/docs/codes/{item['code']}.md")
        assert (REPO / "docs" / "codes" / f"{item['code']}.md").is_file()


def test_excluded_names_count_only_below_the_folder_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "build" / "proj"  # "build" is excluded by default
    _copy_policy(project)
    _copy_policy(project / "node_modules" / "pkg")
    _copy_policy(project / ".promptlint_cache")
    monkeypatch.chdir(tmp_path.parent)
    assert run(["check", str(project), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == [str(project / "support_bot.md")]


def test_force_exclude_without_configured_include_lints_what_init_selects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.promptlint]\nselect = ["PL1"]\n')
    (tmp_path / "README.md").write_text(PLAIN)
    _copy_policy(tmp_path / "prompts")
    args = ["check", "--force-exclude", "-f", "json", "README.md", "prompts/support_bot.md"]
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == ["prompts/support_bot.md"]
    # named by hand without --force-exclude, a README is linted as asked
    assert run(["check", "README.md", "-f", "concise"]) == 1
    assert capsys.readouterr().out.startswith("README.md:1:3: PL101 ")
