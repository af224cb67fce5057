"""A repository's configuration may not route credentials, and the default ``check`` never
opens a network connection (issue 12)."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))

from fake_server import FakeServer, completion

from promptlint.cli.app import run
from promptlint.config import load_config

POLICY = (
    "# Bot\n\n- Always answer in English.\n- If the user writes in Spanish, answer in Spanish.\n"
)
SECRET = "ghp_SECRETTOKEN0123456789"
HOSTILE = (
    'backend = "llm"\n'
    "[llm]\n"
    'base-url = "http://attacker.example/v1"\n'
    'api-key-env = "GITHUB_TOKEN"\n'
)


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every attempt to connect is recorded and refused."""
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args)
        raise NetworkUsed(f"network connection attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    return attempts


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GITHUB_TOKEN", SECRET)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    (tmp_path / "bot.md").write_text(POLICY)
    return tmp_path


def test_the_guard_itself_catches_a_connection(no_network: list[Any]) -> None:
    with pytest.raises(NetworkUsed):
        socket.create_connection(("127.0.0.1", 9))
    assert no_network


def test_default_check_opens_no_connection(
    repo: Path, no_network: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", "bot.md"]) == 1
    assert "PL101" in capsys.readouterr().out
    assert no_network == []


def test_hostile_repository_config_is_not_obeyed(
    repo: Path, no_network: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "promptlint.toml").write_text(HOSTILE)
    rc = run(["check", "bot.md", "-f", "concise"])
    out, err = capsys.readouterr()
    assert no_network == []
    assert "internal error" not in err and SECRET not in out + err
    # the refusal is a located warning, so the default --fail-on warning fails the run
    assert rc == 1
    assert (
        "promptlint.toml:1:1: PL003 backend = 'llm' in a repository configuration is ignored" in out
    )
    assert "promptlint.toml:3:1: PL003 llm.base-url" in out
    assert "promptlint.toml:4:1: PL003 llm.api-key-env" in out
    assert "llm:" not in err  # no usage line: no model was used


def test_hostile_pyproject_and_explicit_config_are_repository_configs(
    repo: Path, no_network: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text(
        "[tool.promptlint]\n" + HOSTILE.replace("[llm]", "[tool.promptlint.llm]")
    )
    cfg = load_config(repo / "bot.md")
    assert cfg.backend == "offline" and "base-url" not in cfg.llm and "api-key-env" not in cfg.llm
    (repo / "other.toml").write_text(HOSTILE)
    cfg = load_config(repo, explicit=repo / "other.toml")
    assert cfg.backend == "offline" and cfg.llm == {}
    assert len(cfg.warnings) == 3


def test_hostile_config_cannot_make_extract_or_encode_model_backed(
    repo: Path, no_network: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "promptlint.toml").write_text(HOSTILE)
    assert run(["extract", "bot.md"]) == 0
    assert run(["encode", "bot.md", "--stdout"]) == 0
    err = capsys.readouterr().err
    assert "PL003 backend = 'llm' in a repository configuration is ignored" in err
    assert no_network == []


def _respond(body: dict[str, Any]) -> dict[str, Any]:
    prompt = body["messages"][0]["content"]
    if "You extract the standing rules" in prompt:
        return {"body": completion(json.dumps({"rules": []}))}
    return {"body": completion(json.dumps({"body": ""}))}


def test_user_choices_come_from_the_environment(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "promptlint.toml").write_text(HOSTILE)
    monkeypatch.setenv("MY_KEY", "sk-mine-0123456789")
    with FakeServer(default=_respond) as srv:
        monkeypatch.setenv("PROMPTLINT_BACKEND", "llm")
        monkeypatch.setenv("PROMPTLINT_LLM_BASE_URL", srv.url)
        monkeypatch.setenv("PROMPTLINT_LLM_API_KEY_ENV", "MY_KEY")
        run(["check", "bot.md", "-f", "json"])
        assert srv.requests, "the run the user asked for is model-backed"
        auth = {h.get("authorization") for h in srv.headers}
    assert auth == {"Bearer sk-mine-0123456789"}
    assert SECRET not in capsys.readouterr().out


def test_user_config_allow_list_lets_a_repository_choose(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    xdg = tmp_path / "xdg"
    (xdg / "promptlint").mkdir(parents=True)
    (xdg / "promptlint" / "config.toml").write_text(
        'allowed-base-urls = ["http://127.0.0.1:8000/v1"]\n'
        'allowed-api-key-envs = ["TEAM_KEY"]\nallow-repo-backend = true\n'
        "[llm]\nconcurrency = 2\n"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(xdg))
    (repo / "promptlint.toml").write_text(
        'backend = "llm"\n[llm]\nbase-url = "http://127.0.0.1:8000/v1"\n'
        'api-key-env = "TEAM_KEY"\nmodel = "m"\n'
    )
    cfg = load_config(repo)
    assert cfg.backend == "llm" and cfg.warnings == ()
    assert cfg.llm == {"concurrency": 2, "base-url": "http://127.0.0.1:8000/v1",
                       "api-key-env": "TEAM_KEY", "model": "m"}  # fmt: skip
    (repo / "promptlint.toml").write_text(HOSTILE)
    cfg = load_config(repo)
    assert cfg.llm == {"concurrency": 2} and len(cfg.warnings) == 2


def test_user_only_keys_are_refused_in_a_repository(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "promptlint.toml").write_text('allowed-base-urls = ["http://attacker.example/v1"]\n')
    assert run(["check", "bot.md"]) == 2
    err = capsys.readouterr().err
    assert "promptlint.toml:1: PL003 unknown key 'allowed-base-urls'" in err
    assert "user's own configuration file" in err


def test_isolated_reads_no_file_but_the_environment(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "promptlint.toml").write_text(HOSTILE)
    monkeypatch.setenv("PROMPTLINT_BACKEND", "llm")
    cfg = load_config(repo, isolated=True)
    assert cfg.backend == "llm" and cfg.warnings == () and cfg.llm == {}


def test_a_repository_cache_stays_inside_the_repository(repo: Path) -> None:
    (repo / "promptlint.toml").write_text(
        'cache-dir = "../elsewhere"\n[llm]\ncache-path = "/home/someone/.bashrc"\n'
    )
    cfg = load_config(repo)
    assert cfg.cache_dir == ".promptlint_cache" and "cache-path" not in cfg.llm
    assert sorted(w.line or 0 for w in cfg.warnings) == [1, 3]
    (repo / "promptlint.toml").write_text('cache-dir = "build/cache"\n[llm]\ncache-path = "c.db"\n')
    cfg = load_config(repo)
    assert cfg.cache_dir == "build/cache" and cfg.llm["cache-path"] == "c.db" and not cfg.warnings


def test_the_model_cache_is_not_written_through_a_symlink(tmp_path: Path) -> None:
    from promptlint.errors import ConfigError
    from promptlint.llm.cache import ResponseCache

    target = tmp_path / "precious.txt"
    target.write_text("mine")
    (tmp_path / "llm.sqlite").symlink_to(target)
    with pytest.raises(ConfigError, match="symbolic link"):
        ResponseCache(tmp_path / "llm.sqlite")
    assert target.read_text() == "mine"


def test_a_repository_cannot_route_a_probe_subject(repo: Path) -> None:
    (repo / "promptlint.toml").write_text(
        "[probe.subjects.victim]\nmodel = 'm'\nbase-url = 'http://attacker.invalid/v1'\n"
        "api-key-env = 'GITHUB_TOKEN'\n"
    )
    cfg = load_config(repo / "bot.md")
    assert cfg.probe["subjects"]["victim"] == {"model": "m"}
    assert [w.message.split(" = ")[0] for w in cfg.warnings] == [
        "probe.subjects.victim.base-url", "probe.subjects.victim.api-key-env"]  # fmt: skip
