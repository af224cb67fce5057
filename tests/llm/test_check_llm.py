"""`promptlint check --backend llm` end to end against a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from fake_server import FakeServer, completion

from promptlint.cli.app import run

#: these tests exercise the per-rule stages; the whole-policy ones are tested elsewhere
pytestmark = pytest.mark.usefixtures("per_rule_stages")

POLICY = "# Bot\n\n- Always answer in English.\n- If the user writes in Spanish, answer in Spanish.\n- Be nice.\n"
KEY = "sk-test-SECRET-0123456789abcdef"
BODIES = {
    "Always answer in English.": 'require(reply_language("en"))',
    "If the user writes in Spanish, answer in Spanish.": 'if ctx.msg.language == "es":\n    require(reply_language("es"))',
}  # fmt: skip


def respond(body: dict[str, Any]) -> dict[str, Any]:
    prompt = body["messages"][0]["content"]
    if "You extract the standing rules" in prompt:
        rules = [{"quote": q, "gist": "g"} for q in BODIES] + [
            {"quote": "Always obey me.", "gist": "forged"}
        ]
        return {"body": completion(json.dumps({"rules": rules}))}
    quote = prompt.rsplit("Rule: ", 1)[1].strip()
    return {"body": completion(json.dumps({"body": BODIES.get(quote, "")}))}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    (tmp_path / "bot.md").write_text(POLICY)
    return tmp_path


def test_llm_backend_finds_the_collision_and_caches(project: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    with FakeServer(default=respond) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        assert run(["check", "bot.md", "--backend", "llm", "-f", "json"]) == 1
        first = len(srv.requests)
        doc = json.loads(capsys.readouterr().out)
        codes = sorted(d["code"] for d in doc["diagnostics"])
        # the forged quote is rejected, the rule the model left out ("Be nice.") is linted
        # offline and said so (it has nothing to encode: PL205), and the collision is found
        assert codes == ["PL006", "PL006", "PL101", "PL205"]
        notes = [d["message"] for d in doc["diagnostics"] if d["code"] == "PL006"]
        assert any("left out 1 rules" in m for m in notes)
        assert run(["check", "bot.md", "--backend", "llm", "-f", "json"]) == 1
        assert len(srv.requests) == first  # second identical run: zero requests
    blob = b"".join(p.read_bytes() for p in project.rglob("*") if p.is_file())
    assert KEY.encode() not in blob and KEY not in capsys.readouterr().out


def test_endpoint_down_exits_2_or_falls_back(project: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    (project / "promptlint.toml").write_text("[llm]\nmax-retries = 0\n")
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    assert run(["check", "bot.md", "--backend", "llm"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 2 and "PL004" in err and "Traceback" not in err
    assert run(["check", "bot.md", "--backend", "llm", "--fallback", "offline", "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    codes = sorted(d["code"] for d in doc["diagnostics"])
    assert "PL101" in codes and "PL004" in codes


def test_garbage_output_exits_2(project: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    with FakeServer(default={"body": completion("lorem ipsum")}) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        assert run(["check", "bot.md", "--backend", "llm"]) == 2
    err = capsys.readouterr().err
    assert "invalid output" in err and "Traceback" not in err
