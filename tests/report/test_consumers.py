"""Reports as their readers see them: a terminal at 80 columns (colour, full help, plain
English), and real consumers of SARIF, JUnit and GitHub annotations."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from promptlint.cli.app import run
from promptlint.config import Config
from promptlint.pipeline import check
from promptlint.report import FORMATS

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "support_bot.md"
SCHEMA = Path(__file__).resolve().parents[1] / "data" / "sarif-schema-2.1.0.json"
#: what a finding must not show a reader: rule and clause ids, PyRule spellings, ctx paths
INTERNAL = re.compile(r"\br\d+(#\d+)?\b|\bctx\.|reply_language\(|reply_length\(|ask_clarify\(")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository-like folder with the example policy and a clean policy."""
    (tmp_path / "prompts").mkdir()
    shutil.copy(EXAMPLE, tmp_path / "prompts" / "agent.md")
    shutil.copy(EXAMPLE.with_suffix(".md.pyrule"), tmp_path / "prompts" / "agent.md.pyrule")
    (tmp_path / "prompts" / "clean.md").write_text("- Never use emoji.\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --------------------------------------------------------------------------- terminal


def test_full_output_reads_at_80_columns_without_internal_names(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", "prompts/agent.md"]) == 1
    out = capsys.readouterr().out
    source = (project / "prompts" / "agent.md").read_text().splitlines()
    for line in out.splitlines():
        if re.match(r"\s*\d+ \| ", line):  # a quoted source line stays as written
            continue
        assert len(line) <= 80, line
        assert not INTERNAL.search(line), line
    # "the request is about ambiguous request" read as English
    words = " ".join(out.split())
    assert "the request is an ambiguous request" in words and "about ambiguous" not in words
    assert len(source) > 20


def test_help_is_whole_and_written_for_the_pair(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", "prompts/agent.md", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    helps = {d["code"]: d["help"] for d in doc["diagnostics"]}
    lang = helps["PL101"]
    # both rules quoted, located, and a concrete rewrite of one of them
    assert lang.startswith('Line 8 ("Always answer in English.") and line 9 ')
    assert '("If the customer writes in Spanish, answer in Spanish.")' in lang
    assert '"Always answer in English, unless the user writes in Spanish."' in lang
    assert lang.endswith("or delete one of them.")
    # a length conflict is not told about languages
    assert "80 words" in helps["PL103"] and "Spanish" not in helps["PL103"]
    assert len(set(helps.values())) == 3
    # the terminal shows the same text, wrapped, not cut after its first sentence
    assert run(["check", "prompts/agent.md"]) == 1
    out = capsys.readouterr().out
    block = out[out.index("= help:") :].split("\n\n")[0]
    assert " ".join(block.replace("= help:", "").split()) == lang


def test_a_multi_line_rule_is_underlined_under_its_last_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", "prompts/agent.md", "--select", "PL102"]) == 1
    lines = capsys.readouterr().out.splitlines()
    i = lines.index("24 | booking reference is given.")
    assert lines[i + 1] == "   | " + "^" * len("booking reference is given.") + " this rule"
    # an indented continuation line: the underline starts under its text
    p = project / "prompts" / "indented.md"
    p.write_text(
        "- Always answer in English.\n- If the user writes in Spanish,\n    answer in Spanish.\n"
    )
    assert run(["check", str(p), "--select", "PL101"]) == 1
    lines = capsys.readouterr().out.splitlines()
    i = lines.index("3 |     answer in Spanish.")
    assert lines[i + 1] == "  |     " + "-" * len("answer in Spanish.") + " conflicting rule"


@pytest.mark.parametrize(
    "env, colour",
    [({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False), ({}, False)],
    ids=["force", "no-color-wins", "not-a-terminal"],
)
def test_colour_on_a_terminal_honours_no_color_and_force_color(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    colour: bool,
) -> None:
    for name in ("FORCE_COLOR", "NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert run(["check", "prompts/agent.md"]) == 1
    out = capsys.readouterr().out
    assert ("\x1b[1;31m" in out) is colour  # bold red: error[PL101]
    assert re.sub(r"\x1b\[[0-9;]*m", "", out).count("error[PL1") == 3
    # files and machine formats never carry escapes
    assert run(["check", "prompts/agent.md", "-o", "out.txt"]) == 1
    assert "\x1b[" not in (project / "out.txt").read_text()


# --------------------------------------------------------------------------- SARIF


def test_sarif_validates_against_the_official_schema(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import jsonschema

    assert run(["check", "prompts", "-f", "sarif"]) == 1
    doc = json.loads(capsys.readouterr().out)
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema).validate(doc)
    (run_,) = doc["runs"]
    for rule in run_["tool"]["driver"]["rules"]:
        assert rule["helpUri"].endswith(f"/docs/codes/{rule['id']}.md")
        assert (REPO / "docs" / "codes" / f"{rule['id']}.md").is_file()
    uris = {
        loc["physicalLocation"]["artifactLocation"]["uri"]
        for res in run_["results"]
        for loc in res["locations"] + res.get("relatedLocations", [])
    }
    # not a git repository here: relative to the working directory
    assert uris == {"prompts/agent.md"}
    base = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == project.resolve().as_uri() + "/"


def test_sarif_paths_are_relative_to_the_repository_root(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    monkeypatch.chdir(project / "prompts")
    assert run(["check", "agent.md", "-f", "sarif"]) == 1
    (run_,) = json.loads(capsys.readouterr().out)["runs"]
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run_["results"]
    }
    assert uris == {"prompts/agent.md"}


# --------------------------------------------------------------------------- JUnit


def test_junit_totals_agree_with_the_suites(project: Path) -> None:
    from junitparser import Failure, JUnitXml

    report = check(["prompts/agent.md", "prompts/clean.md"], Config())
    out = project / "junit.xml"
    out.write_text(FORMATS["junit"](report))
    xml = JUnitXml.fromfile(str(out))
    suites = list(xml)
    assert [s.name for s in suites] == ["prompts/agent.md", "prompts/clean.md"]
    assert [(s.tests, s.failures) for s in suites] == [(3, 3), (1, 0)]
    top = xml._elem  # the <testsuites> element as written
    assert int(top.get("tests")) == sum(s.tests for s in suites) == 4
    assert int(top.get("failures")) == sum(s.failures for s in suites) == 3
    failed = [c for s in suites for c in s if any(isinstance(r, Failure) for r in c.result)]
    assert len(failed) == 3 and all(c.classname == "prompts/agent.md" for c in failed)
    xml.update_statistics()  # junitparser recomputes the totals from the cases
    assert (xml.tests, xml.failures) == (4, 3)


# --------------------------------------------------------------------------- GitHub


def _runner_parse(line: str) -> tuple[str, dict[str, str], str] | None:
    """A workflow command as the GitHub Actions runner reads it (actions/runner,
    src/Runner.Common/ActionCommand.cs, TryParseV2): ``::name k=v,k=v::data`` with
    ``%25 %0D %0A`` unescaped in data and additionally ``%3A %2C`` in property values."""
    if not line.startswith("::"):
        return None
    end = line.find("::", 2)
    if end < 0:
        return None
    head, data = line[2:end], line[end + 2 :]
    name, _, props_text = head.partition(" ")

    def unescape(s: str, prop: bool) -> str:
        s = s.replace("%0D", "\r").replace("%0A", "\n")
        if prop:
            s = s.replace("%3A", ":").replace("%2C", ",")
        return s.replace("%25", "%")

    props: dict[str, str] = {}
    for pair in filter(None, props_text.split(",")):
        key, sep, value = pair.partition("=")
        assert sep, f"property without '=': {pair!r}"
        props[key] = unescape(value, prop=True)
    return name, props, unescape(data, prop=False)


def _annotation_ok(props: dict[str, str]) -> None:
    """The runner's checks on an annotation's location (IssueCommandExtension)."""
    line, end_line = int(props["line"]), int(props.get("endLine", props["line"]))
    assert 1 <= line <= end_line
    if "endColumn" in props:
        assert line == end_line, "endColumn is only valid on a single line"
        assert int(props["col"]) <= int(props["endColumn"])


def test_github_annotations_parse_as_the_runner_reads_them(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tricky = project / "prompts" / "tricky, name: 100%.md"
    shutil.copy(EXAMPLE, tricky)
    shutil.copy(EXAMPLE.with_suffix(".md.pyrule"), Path(f"{tricky}.pyrule"))
    assert run(["check", "prompts", "-f", "github"]) == 1
    commands = [_runner_parse(line) for line in capsys.readouterr().out.splitlines()]
    assert commands and all(c is not None for c in commands)
    files = set()
    for name, props, data in commands:  # type: ignore[misc]
        assert name == "error" and props["title"].startswith("promptlint (PL1")
        _annotation_ok(props)
        files.add(props["file"])
        assert data.startswith(f"{props['file']}:{props['line']}:")
    assert files == {"prompts/agent.md", "prompts/tricky, name: 100%.md"}


def test_a_duplicate_is_told_as_a_duplicate(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = project / "prompts" / "dup.md"
    p.write_text("- Never use emoji.\n- Do not use emoji.\n")
    assert run(["check", str(p), "--fail-on", "info"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "info[PL203]" in out and "- and this one" in out and "conflicting" not in out
    assert 'Line 1 ("Never use emoji.") and line 2 ("Do not use emoji.") ask for the same' in out


def test_a_self_conflicting_rule_is_told_in_words(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = project / "prompts" / "dead.pyrule"
    p.write_text(
        '@rule("r1")\ndef r1(ctx):\n    "Be formal, and never be formal."\n'
        '    require(reply_style("formal"))\n    forbid(reply_style("formal"))\n'
    )
    assert run(["check", str(p), "-f", "json"]) == 1
    (d,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert d["code"] == "PL202" and not INTERNAL.search(d["message"]), d["message"]
    assert d["message"].startswith("The rule on line 1 ")
