"""The compile cache: JSON clauses of a `.pyrule` file, keyed by its path and text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.cli.app import run

RULES = """@rule("r1", span="1-1")
def r1(ctx):
    "Always answer in English."
    require(reply_language("en"))

@rule("r2", span="2-2")
def r2(ctx):
    "If the user writes in Spanish, answer in Spanish."
    if ctx.msg.language == "es":
        require(reply_language("es"))
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "promptlint.toml").write_text("fail-on = 'error'\n")
    (tmp_path / "bot.pyrule").write_text(RULES)
    return tmp_path


def _cached(project: Path) -> list[Path]:
    return sorted((project / ".promptlint_cache" / "pyrule").glob("*.json"))


def test_second_run_reads_the_cache(project: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert run(["check", "bot.pyrule", "-f", "json"]) == 1
    first = json.loads(capsys.readouterr().out)
    (entry,) = _cached(project)
    assert [r["id"] for r in json.loads(entry.read_text())] == ["r1", "r2"]
    assert (project / ".promptlint_cache" / ".gitignore").read_text().endswith("*\n")

    import promptlint.pyrule as pyrule

    def boom(*a: object, **k: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(pyrule, "compile_text", boom)
    assert run(["check", "bot.pyrule", "-f", "json"]) == 1
    again = json.loads(capsys.readouterr().out)
    assert again["diagnostics"] == first["diagnostics"]


def test_a_changed_file_is_compiled_again(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["check", "bot.pyrule", "-f", "json"])
    (project / "bot.pyrule").write_text(RULES.replace('"es"', '"fr"').replace("Spanish", "French"))
    capsys.readouterr()
    assert run(["check", "bot.pyrule", "-f", "json"]) == 1
    (finding,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert "replying in French" in finding["message"]
    assert len(_cached(project)) == 2


def test_a_broken_file_is_never_cached(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "bot.pyrule").write_text(RULES.replace('require(reply_language("en"))', "import os"))
    for _ in range(2):
        assert run(["check", "bot.pyrule", "-f", "concise"]) == 1
        assert "bot.pyrule:4:" in capsys.readouterr().out
    assert _cached(project) == []


def test_no_cache_writes_nothing_and_a_damaged_entry_is_ignored(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", "bot.pyrule", "--no-cache"]) == 1
    assert not (project / ".promptlint_cache").exists()
    run(["check", "bot.pyrule"])
    (entry,) = _cached(project)
    entry.write_text("{not json")
    capsys.readouterr()
    assert run(["check", "bot.pyrule", "-f", "json"]) == 1
    assert {d["code"] for d in json.loads(capsys.readouterr().out)["diagnostics"]} == {"PL101"}
    assert json.loads(entry.read_text())[0]["id"] == "r1"  # rewritten


def test_cache_clear_removes_compiled_entries(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["check", "bot.pyrule"])
    assert len(_cached(project)) == 1
    capsys.readouterr()
    assert run(["cache", "clear"]) == 0
    assert "cleared 1 files" in capsys.readouterr().out
    assert _cached(project) == []


POLICY = """# Support bot

- Always answer in English.
- If the user writes in Spanish, answer in Spanish.
- You must always be mindful of the weather on Jupiter.
"""


def _encoded(project: Path) -> list[Path]:
    return sorted((project / ".promptlint_cache" / "encoded").glob("*.json"))


def test_a_policy_without_sidecar_is_encoded_once(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "bot.md").write_text(POLICY)
    run(["check", "bot.md", "-f", "json"])
    first = json.loads(capsys.readouterr().out)
    assert {d["code"] for d in first["diagnostics"]} >= {"PL205"}  # unencoded: kept in the cache
    (entry,) = _encoded(project)
    assert all(isinstance(e, list) and len(e) == 3 for e in json.loads(entry.read_text()))

    import promptlint.encode as encode

    def boom(*a: object, **k: object) -> None:
        raise AssertionError("encoded again")

    monkeypatch.setattr(encode, "get_encoder", boom)
    run(["check", "bot.md", "-f", "json"])
    again = json.loads(capsys.readouterr().out)
    assert again["diagnostics"] == first["diagnostics"]

    (project / "bot.md").write_text(POLICY.replace("Spanish", "French"))
    assert run(["check", "bot.md", "-f", "json"]) == 2  # a changed policy is encoded again
    assert "encoded again" in capsys.readouterr().err


def test_no_cache_encodes_without_writing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "bot.md").write_text(POLICY)
    run(["check", "bot.md", "--no-cache", "-f", "json"])
    assert json.loads(capsys.readouterr().out)["diagnostics"]
    assert _encoded(project) == []
