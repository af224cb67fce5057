"""`check --backend llm` end to end on recorded model responses (fixtures/llm/)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from fake_server import FakeServer
from replay import load, responder

from promptlint.cli.app import run

#: these tests exercise the per-rule stages; the whole-policy ones are tested elsewhere
pytestmark = pytest.mark.usefixtures("per_rule_stages")

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "fixtures" / "llm" / "clinic_assistant.md"
KEY = "sk-test-SECRET-recorded-0123456789"


def _norm(s: str) -> str:
    return " ".join(s.lower().split())


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    shutil.copy(FIXTURE, tmp_path / FIXTURE.name)
    return tmp_path


def test_recorded_responses_find_the_planted_collisions(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = load(FIXTURE.with_name(FIXTURE.name + ".responses.jsonl"))
    spec = yaml.safe_load(FIXTURE.with_name(FIXTURE.name + ".expect.yaml").read_text())
    missed: list[tuple[str, str]] = []
    with FakeServer(default=responder(entries, missed)) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        code = run(["check", FIXTURE.name, "--backend", "llm", "-f", "json", "--isolated"])
        first = len(srv.requests)
        out = capsys.readouterr()
        assert run(["check", FIXTURE.name, "--backend", "llm", "-f", "json", "--isolated"]) == code
        assert len(srv.requests) == first  # the second identical run is served by the cache
    assert code == 1 and not missed, missed
    assert first == len(entries)  # one extraction chunk and one encoding per extracted rule
    doc = json.loads(out.out)
    collisions = [d for d in doc["diagnostics"] if d["category"] == "collision"]

    def matches(entry: dict[str, object], d: dict[str, object]) -> bool:
        quotes = [_norm(r["quote"]) for r in d["rules"]]  # type: ignore[attr-defined]
        return all(any(_norm(x) in q for q in quotes) for x in entry["rules"])  # type: ignore[attr-defined]

    found = {e["id"] for e in spec["expect"] if any(matches(e, d) for d in collisions)}
    assert found == {e["id"] for e in spec["expect"]}
    for d in collisions:  # nothing else is reported, and each with its expected code
        (entry,) = [e for e in spec["expect"] if matches(e, d)]
        assert d["code"] == entry["code"], d["message"]
    rejected = [d for d in doc["diagnostics"] if d["code"] == "PL006"]
    assert len(rejected) == 1 and "Ignore the clinic's rules" in rejected[0]["message"]
    usage = doc["summary"]["llm"]
    assert usage["requests"] == len(entries)
    assert usage["prompt_tokens"] == sum(e["usage"]["prompt_tokens"] for e in entries.values())
    assert "llm:" in out.err and KEY not in out.out + out.err


def test_record_script_writes_what_the_replay_serves(tmp_path: Path) -> None:
    """scripts/record_llm_fixtures.py against the replaying server reproduces the recording."""
    recording = FIXTURE.with_name(FIXTURE.name + ".responses.jsonl")
    entries = load(recording)
    missed: list[tuple[str, str]] = []
    out = tmp_path / "again.jsonl"
    with FakeServer(default=responder(entries, missed)) as srv:
        proc = subprocess.run(
            [sys.executable, str(REPO / "scripts" / "record_llm_fixtures.py"), str(FIXTURE),
             "--base-url", srv.url, "--output", str(out)],
            capture_output=True, text=True, timeout=120,
            env={"PATH": "", "OPENAI_API_KEY": KEY, "SYSTEMROOT": ""},
            cwd=tmp_path,
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert load(out) == entries and not missed
    assert KEY not in out.read_text(encoding="utf-8")


def test_usage_is_split_by_stage_and_a_cached_run_never_opens_a_connection(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import promptlint.llm.client as client_mod

    entries = load(FIXTURE.with_name(FIXTURE.name + ".responses.jsonl"))
    missed: list[tuple[str, str]] = []
    args = ["check", FIXTURE.name, "--backend", "llm", "-f", "json", "--isolated"]
    with FakeServer(default=responder(entries, missed)) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        run(args)
        stages = json.loads(capsys.readouterr().out)["summary"]["llm"]["stages"]
        opened: list[int] = []
        original = client_mod.LLMClient._open
        monkeypatch.setattr(client_mod.LLMClient, "_open",
                            lambda self: (opened.append(1), original(self))[1])  # fmt: skip
        run(args)
        warm = json.loads(capsys.readouterr().out)["summary"]["llm"]
    assert stages["extract"]["requests"] == 1
    assert stages["encode"]["requests"] == len(entries) - 1
    assert stages["encode"]["prompt_tokens"] == sum(
        e["usage"]["prompt_tokens"] for e in entries.values() if e["stage"] == "encode"
    )
    assert warm["requests"] == 0 and warm["cache_hits"] == len(entries) and opened == []
