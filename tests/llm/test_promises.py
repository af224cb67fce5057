"""The model backend keeps its word (issue 12): a deadline per request, budgets that hold
under concurrency and without ``usage``, a response size cap, answers that are not chat
completions, failures that fail the run, one request per key across runs, a corrupt cache."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fake_server import FakeServer, completion
from pydantic import BaseModel

from promptlint.cli.app import run
from promptlint.llm.cache import ResponseCache, request_key
from promptlint.llm.client import Failed, LLMClient, Ok, Request
from promptlint.llm.settings import LLMSettings

KEY = "sk-test-SECRET-0123456789abcdef"
POLICY = (
    "# Bot\n\n- Always answer in English.\n- If the user writes in Spanish, answer in Spanish.\n"
)


class Answer(BaseModel):
    verdict: str


GOOD = completion(json.dumps({"verdict": "ok"}))


def reqs(n: int) -> list[Request]:
    return [
        Request("encode", ({"role": "user", "content": f"rule {i}"},), Answer) for i in range(n)
    ]


def make(url: str, tmp_path: Path | None = None, **kw: Any) -> LLMClient:
    settings = LLMSettings.from_config({"base-url": url, "max-retries": 0, **kw}, env={})
    cache = ResponseCache(tmp_path / "c.sqlite") if tmp_path is not None else None
    return LLMClient(settings, env={"OPENAI_API_KEY": KEY}, cache=cache)


def test_a_trickling_answer_hits_the_overall_deadline() -> None:
    # one byte every 0.2 s for 100 bytes: each read is quick, the whole takes 20 s
    with FakeServer(default={"trickle": (0.2, 100)}) as srv:
        c = make(srv.url, **{"timeout-s": 1.0})
        t0 = time.monotonic()
        (res,) = c.run_batch(reqs(1))
        took = time.monotonic() - t0
    assert isinstance(res, Failed) and res.kind == "transient" and "Timeout" in res.reason
    assert took < 5


def test_budget_holds_under_concurrency() -> None:
    with FakeServer(default={"body": GOOD, "delay": 0.2}) as srv:
        c = make(srv.url, concurrency=8, **{"budget-tokens": 20})
        results = c.run_batch(reqs(9))
    # the first request reserves its estimate; the rest wait for it, then one more may
    # run alone on what is left (before: 9 requests, 135 tokens)
    assert len(srv.requests) == 2
    assert sum(isinstance(r, Ok) for r in results) == 2
    assert c.usage.skipped_for_budget == 7


def test_an_answer_without_usage_is_budgeted_by_estimate() -> None:
    no_usage = {k: v for k, v in GOOD.items() if k != "usage"}
    with FakeServer(default={"body": no_usage}) as srv:
        c = make(srv.url, concurrency=1, **{"budget-tokens": 30})
        results = c.run_batch(reqs(5))
    # each answer counts about 14 tokens (before: 0, so all 5 were sent)
    assert len(srv.requests) == 3 and all(isinstance(r, Ok) for r in results[:3])
    assert c.usage.estimated == 3 and c.usage.prompt_tokens > 0
    assert c.usage.skipped_for_budget == 2


def test_an_oversized_answer_is_refused() -> None:
    huge = completion(json.dumps({"verdict": "x" * 3_000_000}))
    with FakeServer(default={"body": huge}) as srv:
        (res,) = make(srv.url).run_batch(reqs(1))
        (small,) = make(srv.url, **{"max-response-bytes": 10_000_000}).run_batch(reqs(1))
    assert isinstance(res, Failed) and "1,000,000-byte limit" in res.reason
    assert isinstance(small, Ok)


@pytest.mark.parametrize(
    "body, says",
    [("<!DOCTYPE html><html><body>Login</body></html>", "an HTML page"), ("", "an empty body")],
)
def test_an_answer_that_is_not_a_chat_completion_is_a_failure(body: str, says: str) -> None:
    with FakeServer(default={"body": body, "content_type": "text/html"}) as srv:
        (res,) = make(srv.url).run_batch(reqs(1))
    assert isinstance(res, Failed) and res.kind == "fatal" and says in res.reason


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    (tmp_path / "bot.md").write_text(POLICY)
    return tmp_path


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = run(list(argv))
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err and KEY not in out + err
    return rc, out, err


def test_html_on_200_is_a_reported_backend_failure(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = {"body": "<html><body>captive portal</body></html>", "content_type": "text/html"}
    with FakeServer(default=page) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        rc, _, err = _cli(capsys, "check", "bot.md", "--backend", "llm")
    assert rc == 2 and "PL004" in err and "HTML page" in err


@pytest.mark.parametrize("content", ["", "{}"])
def test_empty_model_answers_fail_the_default_run(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, content: str
) -> None:
    with FakeServer(default={"body": completion(content)}) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        rc, out, err = _cli(capsys, "check", "bot.md", "--backend", "llm", "-f", "concise",
                            "--fallback", "offline")  # fmt: skip
    assert rc == 1, out + err
    assert "PL004" in out


def test_fallback_against_a_dead_endpoint_is_a_warning(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    (project / "promptlint.toml").write_text("[llm]\nmax-retries = 0\n")
    (project / "bot.md").write_text("# Bot\n\n- Be nice.\n")  # offline: no finding at all
    rc, out, _ = _cli(capsys, "check", "bot.md", "--backend", "llm", "--fallback", "offline",
                      "-f", "json")  # fmt: skip
    doc = json.loads(out)
    severities = {d["code"]: d["severity"] for d in doc["diagnostics"]}
    assert severities.get("PL004") == "warning"
    assert rc == 1


def _one_run(url: str, folder: str, out: Any) -> None:
    c = make(url, Path(folder), concurrency=4)
    out.put([type(r).__name__ for r in c.run_batch(reqs(4))])


def test_two_runs_on_one_cache_send_each_request_once(tmp_path: Path) -> None:
    with FakeServer(default={"body": GOOD, "delay": 0.5}) as srv:
        ctx = multiprocessing.get_context("fork")
        q = ctx.Queue()
        procs = [ctx.Process(target=_one_run, args=(srv.url, str(tmp_path), q)) for _ in range(2)]
        for p in procs:
            p.start()
        outcomes = [q.get(timeout=30) for _ in procs]
        for p in procs:
            p.join(timeout=30)
    assert outcomes == [["Ok"] * 4, ["Ok"] * 4]
    assert len(srv.requests) == 4


def test_identical_requests_in_one_run_are_sent_once(tmp_path: Path) -> None:
    with FakeServer(default={"body": GOOD, "delay": 0.2}) as srv:
        c = make(srv.url, tmp_path, concurrency=4)
        results = c.run_batch(reqs(1) * 3)
    assert all(isinstance(r, Ok) for r in results) and len(srv.requests) == 1
    assert c.usage.cache_hits == 2


def test_a_corrupt_cache_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    cache = ResponseCache(path)
    assert cache.recovered is not None and cache.recovered.read_bytes().startswith(b"this is")
    assert cache.stats()["entries"] == 0
    cache.put({"model": "m"}, {"verdict": "ok"})
    assert cache.get({"model": "m"}) == {"verdict": "ok"}
    cache.close()
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM responses").fetchone() == (1,)


def test_cache_commands_survive_a_corrupt_cache(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = project / ".promptlint_cache" / "llm.sqlite"
    path.parent.mkdir()
    for command in ("info", "clear"):
        path.write_bytes(b"\x00garbage" * 512)
        rc, out, err = _cli(capsys, "cache", command)
        assert rc == 0, err
        assert "corrupt" in out + err and "moved aside" in out + err
    assert len(list(path.parent.glob("llm.sqlite.corrupt-*"))) >= 1


def test_check_reports_a_corrupt_cache(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = project / ".promptlint_cache" / "llm.sqlite"
    path.parent.mkdir()
    path.write_bytes(b"garbage" * 512)

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        if "You extract the standing rules" in body["messages"][0]["content"]:
            return {"body": completion(json.dumps({"rules": []}))}
        return {"body": completion(json.dumps({"body": ""}))}

    with FakeServer(default=respond) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        rc, out, err = _cli(capsys, "check", "bot.md", "--backend", "llm", "-f", "concise")
    assert rc == 1 and "corrupt" in out + err and "moved aside" in out + err


def test_a_cache_path_that_is_a_directory_is_a_config_error(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text('[llm]\ncache-path = "."\n')
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    rc, _, err = _cli(capsys, "check", "bot.md", "--backend", "llm")
    assert rc == 2 and "PL003" in err and "directory" in err
    rc, _, err = _cli(capsys, "cache", "info")
    assert rc == 2 and "directory" in err


def test_a_claim_of_a_killed_run_lapses_at_once(tmp_path: Path) -> None:
    import subprocess

    cache = ResponseCache(tmp_path / "c.sqlite")
    dead = subprocess.Popen(["true"])
    dead.wait()
    cache._db.execute("INSERT INTO pending VALUES (?, ?, ?)",
                      (request_key({"model": "m"}), f"{dead.pid}-x", time.time()))  # fmt: skip
    assert cache.claim({"model": "m"}, ttl=600) is not None  # not left waiting 600 s
    mine = cache.claim({"model": "n"}, ttl=600)
    assert mine is not None and cache.claim({"model": "n"}, ttl=600) is None  # a live claim
