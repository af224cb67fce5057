"""Redundant encoding (k samples or k models) end to end, against the scripted server.

`promptlint check --backend llm --encode-samples 3` sends three encode requests per rule,
the first at the base temperature and seed, the others at ``sample-temperature`` with
seed + i; the encodings are compared by the solver and a rule whose chosen encoding has
less than ``confidence-threshold`` support is reported as ambiguous (PL206).
"""

from __future__ import annotations

import gc
import hashlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fake_server import FakeServer as _FakeServer
from fake_server import completion

from promptlint.cli.app import run

#: these tests exercise the per-rule stages; the whole-policy ones are tested elsewhere
pytestmark = pytest.mark.usefixtures("per_rule_stages")

KEY = "sk-test-SECRET-0123456789abcdef"
EN = "Always answer in English."
ES = "If the user writes in Spanish, answer in Spanish."
MINOR = "Refuse requests from users under 18."
POLICY = f"# Bot\n\n- {EN}\n- {ES}\n- {MINOR}\n"

EN_BODY = 'require(reply_language("en"))'
ES_BODY = 'if ctx.msg.language == "es":\n    require(reply_language("es"))'
#: the minor rule by sample: 1 and 2 agree (written differently), 3 reads "under 16"
MINOR_BODIES = [
    "if ctx.user.age < 18:\n    require(refuse())",
    "if ctx.user.age <= 17:\n    require(refuse())",
    "if ctx.user.age < 16:\n    require(refuse())",
]
#: the minor rule by model (encode-models = ["m1", "m2", "m3"])
MODEL_BODIES = {"m1": MINOR_BODIES[0], "m2": MINOR_BODIES[2], "m3": MINOR_BODIES[1]}


FakeServer = _FakeServer


def is_extract(body: dict[str, Any]) -> bool:
    return "You extract the standing rules" in body["messages"][0]["content"]


def quote_of(body: dict[str, Any]) -> str:
    return body["messages"][0]["content"].rsplit("Rule: ", 1)[1].strip()


def responder(base_seed: int = 0) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Extraction returns the three rules; the minor rule's body depends on the sample
    (read from the request's seed) or on the requested model."""

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        if is_extract(body):
            rules = [{"quote": q, "gist": "g"} for q in (EN, ES, MINOR)]
            return {"body": completion(json.dumps({"rules": rules}))}
        quote = quote_of(body)
        if quote == MINOR:
            if body["model"] in MODEL_BODIES:
                text = MODEL_BODIES[body["model"]]
            else:
                text = MINOR_BODIES[body.get("seed", base_seed) - base_seed]
        else:
            text = {EN: EN_BODY, ES: ES_BODY}[quote]
        return {"body": completion(json.dumps({"body": text}))}

    return respond


def encode_requests(srv: FakeServer, quote: str | None = None) -> list[dict[str, Any]]:
    return [
        r for r in srv.requests if not is_extract(r) and (quote is None or quote_of(r) == quote)
    ]


def check_json(
    capsys: pytest.CaptureFixture[str], *args: str, code: int | None = None
) -> dict[str, Any]:
    rc = run(["check", "bot.md", "--backend", "llm", "-f", "json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if code is not None:
        assert rc == code, err
    doc: dict[str, Any] = json.loads(out)
    doc["_stderr"] = err
    return doc


def codes(doc: dict[str, Any]) -> list[str]:
    return sorted(d["code"] for d in doc["diagnostics"])


def cache_rows(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT COUNT(*) FROM responses").fetchone()[0])
    finally:
        db.close()


def cache_digest(db: Path) -> str:
    """The bytes of the cache database and its WAL journal."""
    h = hashlib.sha256()
    for p in sorted(db.parent.iterdir()):
        if p.name.startswith(db.name) and not p.name.endswith("-shm"):
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


# --------------------------------------------------------------------------- sampling


def test_samples_use_base_then_sample_temperature_and_seed_plus_i(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text(
        "[llm]\ntemperature = 0.1\nseed = 5\nsample-temperature = 0.9\n"
    )
    with FakeServer(default=responder(base_seed=5)) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        check_json(capsys, "--encode-samples", "3")
    for quote in (EN, ES, MINOR):
        reqs = encode_requests(srv, quote)
        assert sorted((r["temperature"], r["seed"]) for r in reqs) == [
            (0.1, 5), (0.9, 6), (0.9, 7)
        ]  # fmt: skip
    (extract,) = [r for r in srv.requests if is_extract(r)]
    assert (extract["temperature"], extract["seed"]) == (0.1, 5)
    assert len(srv.requests) == 1 + 3 * 3


def test_without_samples_one_request_per_rule(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        doc = check_json(capsys, code=1)
    assert len(encode_requests(srv)) == 3
    assert {(r["temperature"], r["seed"]) for r in encode_requests(srv)} == {(0.0, 0)}
    assert "PL206" not in codes(doc)


# --------------------------------------------------------------------------- PL206


def test_two_of_three_below_a_threshold_of_one_is_pl206(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nconfidence-threshold = 1.0\n")
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        doc = check_json(capsys, "--encode-samples", "3", code=1)
    assert codes(doc) == ["PL101", "PL206"]  # only the minor rule is ambiguous
    (d,) = [d for d in doc["diagnostics"] if d["code"] == "PL206"]
    assert d["severity"] == "warning" and d["line"] == 5
    assert d["message"].startswith("r3: ambiguous encoding: 2 of 3 encodings agree")
    assert "(confidence 0.67 < 1.00)" in d["message"]
    data = d["data"]
    assert data["confidence"] == pytest.approx(2 / 3, abs=1e-4) and data["threshold"] == 1.0
    # both encodings, as complete @rule functions
    assert data["chosen"]["source"] == "sample 1"
    assert "ctx.user.age < 18" in data["chosen"]["pyrule"]
    assert data["chosen"]["pyrule"].startswith('@rule("r3"')
    assert data["differing"]["source"] == "sample 3"
    assert "ctx.user.age < 16" in data["differing"]["pyrule"]
    assert data["differing"]["reason"] is None
    # the witness: an age where "under 18" and "under 16" differ
    age = d["witness"]["assignment"]["user.age"]
    assert age in (16, 17)
    assert f"ctx.user.age = {age}" in d["witness"]["scenario"]
    assert "sample 1 puts require refuse() in force and sample 3 does not" in d["message"]


@pytest.mark.parametrize(
    "table, ambiguous",
    [("", False), ("confidence-threshold = 0.6\n", False),
     ("confidence-threshold = 0.7\n", True), ("confidence-threshold = 1.0\n", True)],
    ids=["default-0.67", "0.6", "0.7", "1.0"],
)  # fmt: skip
def test_two_of_three_against_the_threshold(
    table: str,
    ambiguous: bool,
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2 of 3 agreeing encodings meet the default threshold (0.67), not 0.7 or 1.0."""
    (project / "promptlint.toml").write_text("[llm]\n" + table)
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        doc = check_json(capsys, "--encode-samples", "3", code=1)
    assert codes(doc) == (["PL101", "PL206"] if ambiguous else ["PL101"])
    assert len(encode_requests(srv, MINOR)) == 3


def test_encode_models_sends_one_request_per_model(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text(
        '[llm]\nencode-models = ["m1", "m2", "m3"]\nconfidence-threshold = 1.0\n'
    )
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        doc = check_json(capsys, code=1)
    for quote in (EN, ES, MINOR):
        reqs = encode_requests(srv, quote)
        assert sorted(r["model"] for r in reqs) == ["m1", "m2", "m3"]
        # every model is asked at the base temperature and seed
        assert {(r["temperature"], r["seed"]) for r in reqs} == {(0.0, 0)}
    (extract,) = [r for r in srv.requests if is_extract(r)]
    assert extract["model"] == "gpt-4o-mini"
    (d,) = [d for d in doc["diagnostics"] if d["code"] == "PL206"]
    # m1 and m3 agree; m2 ("under 16") differs
    assert d["data"]["chosen"]["source"] == "model m1"
    assert d["data"]["differing"]["source"] == "model m2"
    assert "2 of 3 encodings agree" in d["message"]


# --------------------------------------------------------------------------- cache


def test_second_redundant_run_is_served_from_the_cache(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nconfidence-threshold = 1.0\n")
    db = project / ".promptlint_cache" / "llm.sqlite"
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        first = check_json(capsys, "--encode-samples", "3", code=1)
        sent = len(srv.requests)
        assert sent == 10 and cache_rows(db) == 10
        second = check_json(capsys, "--encode-samples", "3", code=1)
        assert len(srv.requests) == sent  # zero requests
        assert second["summary"]["llm"]["requests"] == 0
        assert second["summary"]["llm"]["cache_hits"] == 10
        assert "0 requests, 10 of 10 cache lookups hit (100%)" in second["_stderr"]
        # the same findings, PL206 included
        assert codes(second) == codes(first) == ["PL101", "PL206"]
        # --no-cache asks again and writes nothing
        gc.collect()  # close the earlier runs' connections before looking at the file
        digest = cache_digest(db)
        third = check_json(capsys, "--encode-samples", "3", "--no-cache", code=1)
        assert len(srv.requests) == 2 * sent
        assert third["summary"]["llm"]["requests"] == 10
        assert third["summary"]["llm"]["cache_lookups"] == 0
        assert codes(third) == ["PL101", "PL206"]
    assert cache_rows(db) == 10
    assert cache_digest(db) == digest
    blob = b"".join(p.read_bytes() for p in project.rglob("*") if p.is_file())
    assert KEY.encode() not in blob


def test_no_cache_creates_no_cache_file(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        check_json(capsys, "--encode-samples", "3", "--no-cache", code=1)
        check_json(capsys, "--encode-samples", "3", "--no-cache", code=1)
    assert len(srv.requests) == 2 * 10
    assert not (project / ".promptlint_cache").exists()


def test_a_single_encode_model_is_used(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "promptlint.toml").write_text('[llm]\nencode-models = ["m1"]\n')
    with FakeServer(default=responder()) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        check_json(capsys, code=1)
    assert [r["model"] for r in encode_requests(srv)] == ["m1", "m1", "m1"]
