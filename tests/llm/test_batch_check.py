"""`check --backend llm --batch`: extraction and encoding through the Batch API give the
findings of the direct run; a batch the endpoint rejects is a failed request, said so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fake_batch import BatchServer
from test_check_llm import KEY, POLICY, respond

from promptlint.cli.app import run

pytestmark = pytest.mark.usefixtures("per_rule_stages")


def _check(tmp: Path, url: str, capsys: pytest.CaptureFixture[str], *extra: str) -> Any:
    (tmp / "promptlint.toml").write_text("[llm]\nbatch-poll-s = 0.05\nmax-retries = 2\n")
    code = run(["check", "bot.md", "--backend", "llm", "-f", "json", *extra])
    return code, json.loads(capsys.readouterr().out)


def _findings(doc: dict[str, Any]) -> list[tuple[str, str]]:
    return sorted((d["code"], d["message"]) for d in doc["diagnostics"])


def test_extraction_and_encoding_in_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    found = {}
    for mode, extra in (("direct", ()), ("batch", ("--batch",))):
        work = tmp_path / mode
        work.mkdir()
        (work / "bot.md").write_text(POLICY)
        monkeypatch.chdir(work)
        with BatchServer(respond, plan={2: {"fail": 1}}) as srv:
            monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
            code, doc = _check(work, srv.url, capsys, *extra)
        assert code == 1
        found[mode] = _findings(doc)
        if mode == "batch":
            # one batch for the extraction, then one for the rules' encodings, and one
            # for the encoding line that failed
            assert srv.direct == [] and len(srv.created) == 3
            assert len(srv.failed_once) == 1
            assert list((work / ".promptlint_cache" / "batches").glob("batch-*.json"))
        else:
            assert srv.created == []
    assert found["batch"] == found["direct"] and ("PL101" in {c for c, _ in found["batch"]})


def test_a_rejected_batch_is_a_failed_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bot.md").write_text(POLICY)
    plan = {n: {"reject": "the input file is not valid JSONL"} for n in range(1, 5)}
    with BatchServer(respond, plan=plan) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        (tmp_path / "promptlint.toml").write_text("[llm]\nbatch-poll-s = 0.05\n")
        assert run(["check", "bot.md", "--backend", "llm", "--batch"]) == 2
    err = capsys.readouterr().err
    assert "the batch batch-1 failed: the input file is not valid JSONL" in err
    assert "Traceback" not in err and len(srv.created) == 1


def test_batch_without_a_model_backend_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bot.md").write_text(POLICY)
    assert run(["check", "bot.md", "--batch"]) == 2
    assert "--batch sends model requests: use it with --backend llm" in capsys.readouterr().err
