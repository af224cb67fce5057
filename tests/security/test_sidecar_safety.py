"""`promptlint encode` never loses hand-written work (issue 12)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptlint.cli.app import run

POLICY = "- Always answer in English.\n- Never use emoji.\n"


@pytest.fixture
def policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    p = tmp_path / "p.md"
    p.write_text(POLICY)
    assert run(["encode", "p.md"]) == 0
    return p


def test_a_sidecar_that_does_not_parse_is_not_rewritten(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    side = policy.with_name("p.md.pyrule")
    broken = side.read_text().replace("forbid(emoji())", "forbid(emoji()") + (
        "\n# my notes on r1: legal asked for this\n"
    )
    side.write_text(broken)
    capsys.readouterr()
    assert run(["encode", "p.md"]) == 2
    err = capsys.readouterr().err
    assert "p.md.pyrule:" in err and "PL002 the existing sidecar does not compile" in err
    assert side.read_text() == broken
    assert not side.with_name("p.md.pyrule.bak").exists()


def test_a_rewrite_keeps_a_backup_comments_and_manual_rules(
    policy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    side = policy.with_name("p.md.pyrule")
    text = side.read_text()
    text = text.replace('@rule("r2"', '# reviewed: emoji break the screen reader\n@rule("r2"')
    text += (
        '\n\n# written by hand\n@rule("h1", span="1-1")\ndef h1(ctx):\n'
        '    "Always answer in English."\n    # also in code blocks\n'
        '    require(reply_language("en"))\n'
    )
    side.write_text(text)
    policy.write_text("- Always answer in English, please.\n- Never use emoji.\n")
    assert run(["encode", "p.md"]) == 0
    new = side.read_text()
    assert side.with_name("p.md.pyrule.bak").read_text() == text
    assert '# reviewed: emoji break the screen reader\n@rule("r2"' in new
    assert '# written by hand\n@rule("h1", span="1-1")' in new
    assert "    # also in code blocks\n" in new
    # encoding again changes nothing and leaves the backup alone
    assert run(["encode", "p.md"]) == 0
    assert side.read_text() == new
    assert side.with_name("p.md.pyrule.bak").read_text() == text


def test_a_failed_write_leaves_the_sidecar_whole(
    policy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    side = policy.with_name("p.md.pyrule")
    before = side.read_text()
    policy.write_text("- Always answer in English.\n- Never use emoji.\n- Cite sources.\n")

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    capsys.readouterr()
    assert run(["encode", "p.md"]) == 2
    assert "p.md.pyrule: PL001 cannot write the sidecar: No space left on device" in (
        capsys.readouterr().err
    )
    assert side.read_text() == before
    assert [p.name for p in policy.parent.iterdir() if p.name.endswith(".tmp")] == []
