"""`promptlint check` end to end: formats, exit codes, bad input, config, baseline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.cli.app import run

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "support_bot.md"


def test_json_contract(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy), "--output-format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == 1
    (f,) = doc["files"]
    assert {k: f[k] for k in ("rules", "clauses", "comparisons", "candidates")} == {
        "rules": 8,
        "clauses": 12,
        "comparisons": 62,
        "candidates": 3,
    }
    codes = sorted(d["code"] for d in doc["diagnostics"])
    assert codes == ["PL101", "PL102", "PL103"]
    lang = next(d for d in doc["diagnostics"] if d["code"] == "PL101")
    for key in ("code", "category", "severity", "message", "path", "line", "column",
                "end_line", "end_column", "surface", "rules", "witness"):  # fmt: skip
        assert key in lang
    assert lang["category"] == "collision" and lang["surface"] == "reply_language"
    assert [(r["id"], r["line"]) for r in lang["rules"]] == [("r1", 8), ("r2", 9)]
    assert lang["rules"][1]["quote"] == "If the customer writes in Spanish, answer in Spanish."
    assert lang["witness"]["assignment"] == {"msg.language": "es"}
    assert (lang["line"], lang["column"], lang["end_column"]) == (8, 3, 28)


def test_full_output_frames_both_rules(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy)]) == 1
    out = capsys.readouterr().out
    assert "error[PL101]" in out
    assert "8 | - Always answer in English." in out
    assert "9 | - If the customer writes in Spanish, answer in Spanish." in out
    assert "= witness: the user writes in Spanish\n" in out
    assert out.rstrip().endswith("Found 3 findings (3 errors).")


def test_a_long_line_is_framed_around_the_rule_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a JSON chat payload keeps the whole prompt on one line of the file
    filler = "Intro sentence number one. " * 40
    content = f"{filler}\n- Always answer in English.\n- Always answer in French.\n"
    f = tmp_path / "chat.json"
    f.write_text(json.dumps({"messages": [{"role": "system", "content": content}]}))
    assert run(["check", "--isolated", str(f)]) == 1
    out = capsys.readouterr().out
    frames = [line for line in out.splitlines() if line.startswith("1 | ")]
    assert frames and all(len(line) <= 80 for line in frames)
    first = frames[0]
    assert first.startswith("1 | ...") and "- Always answer in English." in first
    caret = next(line for line in out.splitlines() if "^" in line)
    col = caret.index("^")
    assert first[col:].startswith("Always answer in English.")


def test_concise_and_statistics(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy), "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert f"{policy}:8:3: PL101 The rule on line 8 requires replying in English" in out
    # --statistics: findings per code, as ruff prints them
    assert run(["check", str(policy), "--statistics"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "1\tPL101\tconflicting-values",
        "1\tPL102\trequired-and-forbidden",
        "1\tPL103\tincompatible-bounds",
    ]
    # the WIRE pipeline table has its own flag
    assert run(["check", str(policy), "-f", "concise", "--pipeline-stats"]) == 1
    out = capsys.readouterr().out
    assert "found  rules  clauses" in out.splitlines()[0] and " PL101 " in out


def test_sarif_structure(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy), "-f", "sarif"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    (run_,) = doc["runs"]
    rule_ids = [r["id"] for r in run_["tool"]["driver"]["rules"]]
    for r in run_["tool"]["driver"]["rules"]:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"]
    for res in run_["results"]:
        assert res["ruleId"] in rule_ids and res["message"]["text"]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["endColumn"] > region["startColumn"] - 1
        (rel,) = res["relatedLocations"]
        assert f"]({rel['id']})" in res["message"]["text"]


def test_github_and_junit(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy), "-f", "github"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(line.startswith("::error file=") for line in lines)
    assert run(["check", str(policy), "-f", "junit"]) == 1
    import xml.etree.ElementTree as ET

    root = ET.fromstring(capsys.readouterr().out)
    assert root.get("failures") == "3"


def test_exit_codes_and_selection(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(policy), "--exit-zero"]) == 0
    assert run(["check", str(policy), "--ignore", "PL1"]) == 0
    assert run(["check", str(policy), "--select", "PL103", "-f", "json"]) == 1
    capsys.readouterr()
    assert run(["check", str(policy), "--select", "PL103", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in doc["diagnostics"]] == ["PL103"]
    assert run(["check", str(policy), "--output-format", "nope"]) == 2


def test_config_file_and_unknown_key(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = policy.parent / "promptlint.toml"
    cfg.write_text('ignore = ["PL101", "PL102"]\n')
    assert run(["check", str(policy), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in doc["diagnostics"]] == ["PL103"]
    cfg.write_text('ignore = ["PL101"]\nselec = ["PL1"]\n')
    assert run(["check", str(policy)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{cfg}:2: PL003 unknown key 'selec'")
    assert "did you mean 'select'?" in err


def test_baseline_keeps_old_findings_out(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = policy.parent / "baseline.json"
    assert (
        run(["check", str(policy), "--baseline", str(base), "--write-baseline", "--exit-zero"]) == 0
    )
    # move every rule down two lines: fingerprints survive line moves
    text = policy.read_text()
    policy.write_text("\n\n" + text)
    side = policy.with_suffix(".md.pyrule")
    import re

    side.write_text(re.sub(r'span="(\d+)-(\d+)"',
                           lambda m: f'span="{int(m[1]) + 2}-{int(m[2]) + 2}"', side.read_text()))  # fmt: skip
    capsys.readouterr()
    assert run(["check", str(policy), "--baseline", str(base)]) == 0
    # a new conflict appears: only it fails the run
    policy.write_text(policy.read_text() + "\nAlways use emoji.\n")
    n = policy.read_text().count("\n")
    side.write_text(
        side.read_text()
        + f'\n@rule("r9", span="{n}-{n}")\ndef r9(ctx):\n    "Always use emoji."\n    require(emoji())\n'
    )
    assert run(["check", str(policy), "--baseline", str(base), "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert out.count(" PL1") == 1 and f"line {n} requires emoji" in out


def test_stale_and_broken_sidecars(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    policy.write_text(
        policy.read_text().replace("Always answer in English.", "Always answer in French.")
    )
    assert run(["check", str(policy), "-f", "concise"]) == 1
    out = capsys.readouterr().out
    assert "PL204 r1: the encoding is stale" in out
    # the changed rule is re-encoded from the source, so its new collision is found
    assert (
        "PL101 The rule on line 8 requires replying in French, but the rule on line 9 requires replying in Spanish"
        in out
    )
    side = policy.with_suffix(".md.pyrule")
    side.write_text(side.read_text().replace("require(emoji", "require(emoj", 1) + "\nrequire(x(\n")
    assert run(["check", str(policy), "-f", "concise"]) == 1
    assert " PL002 the encoding does not compile" in capsys.readouterr().out


def test_policy_without_sidecar_is_encoded_offline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared_dir: Path
) -> None:
    p = tmp_path / "p.md"
    p.write_text("Always answer in English.\n\nAlways be a good colleague.\n")
    assert run(["check", str(p), "-f", "concise"]) == 0
    out = capsys.readouterr().out
    assert (
        'PL205 This rule is not encoded (no encoder pattern matches this rule): "Always be a' in out
    )
    assert "r1" not in out
    # the shared example, with no sidecar at all: the three planted collisions
    src = shared_dir / "examples" / "pyrule" / "support_bot.md"
    (tmp_path / "sb.md").write_text(src.read_text())
    assert run(["check", str(tmp_path / "sb.md"), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    pairs = sorted(
        (d["code"], d["rules"][0]["id"], d["rules"][1]["id"]) for d in doc["diagnostics"]
    )
    assert pairs == [("PL101", "r1", "r2"), ("PL102", "r5", "r6"), ("PL103", "r3", "r4")]
    assert doc["files"][0]["coverage"] == 1.0


def test_encode_writes_a_sidecar_that_keeps_hand_edits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "p.md"
    p.write_text("- Always answer in English.\n- Never use emoji.\n")
    assert run(["encode", str(p)]) == 0
    side = tmp_path / "p.md.pyrule"
    text = side.read_text()
    assert 'require(reply_language("en"))' in text and "forbid(emoji())" in text
    side.write_text(text.replace("forbid(emoji())", "avoid(emoji())"))  # a reviewer's edit
    p.write_text("- Always answer in English, please.\n- Never use emoji.\n- Cite your sources.\n")
    assert run(["encode", str(p)]) == 0
    assert "3 of 3 rules encoded (1 kept from the existing sidecar)" in capsys.readouterr().out
    text = side.read_text()
    assert "avoid(emoji())" in text and "require(cite_sources())" in text
    assert '@rule("r2", span="2-2"' in text


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda d: d / "missing.md", "no such file"),
        (
            lambda d: (d / "empty_dir").mkdir() or d / "empty_dir",
            "directory contains no policy files",
        ),
        (lambda d: (d / "a.docx").write_text("x") and d / "a.docx", "unsupported policy file type"),
    ],
    ids=["missing", "empty-dir", "unsupported"],
)
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: object, message: str
) -> None:
    target = setup(tmp_path)  # type: ignore[operator]
    assert run(["check", str(target)]) == 2
    err = capsys.readouterr().err
    assert message in err.splitlines()[0]
    assert "Traceback" not in err


def test_empty_policy_is_clean(tmp_path: Path) -> None:
    (tmp_path / "e.md").write_text("")
    (tmp_path / "e.md.pyrule").write_text("")
    assert run(["check", str(tmp_path / "e.md")]) == 0


def test_readme_command_runs_installed(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint", "check", str(EXAMPLE), "-f", "concise"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.count(" PL1") == 3


def test_yaml_policy_with_sidecar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "agent.yaml"
    p.write_text(
        "model: x\nagent:\n  system_prompt: |\n    Always answer in English.\n"
        "    If the user writes in German, answer in German.\n"
    )
    (tmp_path / "agent.yaml.pyrule").write_text(
        '@rule("r1", span="4-4")\ndef r1(ctx):\n    "Always answer in English."\n'
        '    require(reply_language("en"))\n\n'
        '@rule("r2", span="5-5")\ndef r2(ctx):\n    "If the user writes in German, answer in German."\n'
        '    if ctx.msg.language == "de":\n        require(reply_language("de"))\n'
    )
    assert run(["check", str(p), "-f", "json"]) == 1
    (d,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert (d["code"], d["line"], d["column"]) == ("PL101", 4, 5)
    assert d["witness"]["scenario"].startswith("the user writes in German")
    (tmp_path / "ci.yaml").write_text("jobs:\n  test:\n    runs-on: ubuntu\n")
    assert run(["check", str(tmp_path / "ci.yaml"), "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []


def test_policy_group_links_rules_across_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "system.md"
    b = tmp_path / "tools.md"
    a.write_text("- Always answer in English.\n")
    b.write_text("- If the user writes in German, answer in German.\n")
    # separate policies: no finding (the partner rule is in another file)
    assert run(["check", str(a), str(b), "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []
    # one policy: the cross-file collision, each rule located in its own file
    assert run(["check", str(a), str(b), "--policy-group", "-f", "json"]) == 1
    (d,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert d["code"] == "PL101"
    assert [(r["path"], r["line"]) for r in d["rules"]] == [(str(a), 1), (str(b), 1)]
    # the same group from the configuration file
    (tmp_path / "promptlint.toml").write_text('[policy-groups]\nbot = ["system.md", "tools.md"]\n')
    assert run(["check", str(tmp_path), "-f", "json"]) == 1
    assert [d["code"] for d in json.loads(capsys.readouterr().out)["diagnostics"]] == ["PL101"]


def test_uncoloured_text_is_what_rich_would_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without colour the text report is written as plain text, not rendered by rich span
    by span: byte for byte what printing it through rich gives, control codes included."""
    import io

    from rich.console import Console

    from promptlint.report.formats import full_text

    monkeypatch.chdir(tmp_path)
    f = tmp_path / "p.md"
    f.write_text("- Always answer in English.\x07\n- Always answer in French.\x1b[2J\n")
    monkeypatch.setenv("NO_COLOR", "1")
    run(["check", "--no-cache", str(f)])
    out = capsys.readouterr().out
    assert "answer in French" in out

    captured: list[object] = []
    import promptlint.report as report

    def keep(*a: object, **k: object) -> object:
        captured.append(full_text(*a, **k))
        return captured[-1]

    monkeypatch.setitem(report.STYLED, "full", keep)
    buf = io.StringIO()
    run(["check", "--no-cache", str(f)])
    assert capsys.readouterr().out == out
    Console(file=buf, soft_wrap=True, highlight=False, markup=False, emoji=False,
            no_color=True).print(captured[0].to_rich(), end="")  # type: ignore[attr-defined]  # fmt: skip
    assert buf.getvalue() == out
