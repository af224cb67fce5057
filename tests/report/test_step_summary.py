"""The GitHub step summary of `check`: a verdict line and one row per finding with both
rules' lines, table-safe; appended to $GITHUB_STEP_SUMMARY or written to --step-summary."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from promptlint.cli import run
from promptlint.diagnostics import Category, Diagnostic, Report, RuleRef, Severity
from promptlint.report.summary import MAX_ROWS, check_summary

REPO = Path(__file__).resolve().parents[2]


def test_check_writes_a_step_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO / "examples" / "support_bot.md", tmp_path / "bot.md")
    gh = tmp_path / "gh.md"
    gh.write_text("before\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(gh))
    assert run(["check", "bot.md", "--isolated", "-f", "concise"]) == 1
    text = gh.read_text()
    assert text.startswith("before\n## promptlint check\n")
    assert "1 policy: **3 findings at or above `warning`**" in text
    assert "| error | PL101 | bot.md:8 and line 9 | " in text
    out = tmp_path / "summary.md"
    assert run(["check", "bot.md", "--isolated", "--step-summary", str(out), "-f", "json"]) == 1
    assert out.read_text().startswith("## promptlint check\n")
    assert gh.read_text() == text  # --step-summary replaces the environment's file
    capsys.readouterr()


def test_cells_are_escaped_and_long_tables_say_what_they_leave_out() -> None:
    ref = RuleRef("r1", "p.md", 3, 3, "x")
    d = Diagnostic("PL101", Category.COLLISION, Severity.ERROR,
                   "a | b <script>\nc", "p.md", 3, rules=(ref, RuleRef("r2", "q.md", 9, 9, "y")))  # fmt: skip
    text = check_summary(Report((), (d,) * (MAX_ROWS + 5)), failing=1, fail_on="warning")
    assert "| error | PL101 | p.md:3 and q.md:9 | a \\| b &lt;script&gt; c |" in text
    assert text.count("| error |") == MAX_ROWS
    assert "5 more rows not shown (see the job log)." in text
