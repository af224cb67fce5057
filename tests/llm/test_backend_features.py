"""Issue 6 features of the model backend, against the scripted server on 127.0.0.1:
the budget (PL004/PL205), label canonicalisation, `extract`/`encode --backend llm`,
the usage line and the progress bar, and ``LLMClient.on_result``."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_server import FakeServer, completion
from pydantic import BaseModel

from promptlint.cli.app import run
from promptlint.llm.cache import ResponseCache
from promptlint.llm.client import Failed, LLMClient, Ok, Request
from promptlint.llm.settings import LLMSettings

#: these tests exercise the per-rule stages; the whole-policy ones are tested elsewhere
pytestmark = pytest.mark.usefixtures("per_rule_stages")

KEY = "sk-test-SECRET-0123456789abcdef"
EN = "Always answer in English."
ES = "If the user writes in Spanish, answer in Spanish."
MINOR = "Refuse requests from users under 18."
POLICY = f"# Bot\n\n- {EN}\n- {ES}\n- {MINOR}\n"
BODIES = {
    EN: 'require(reply_language("en"))',
    ES: 'if ctx.msg.language == "es":\n    require(reply_language("es"))',
    MINOR: "if ctx.user.age < 18:\n    require(refuse())",
}
#: the minor rule by sample (seed): samples 1 and 2 agree, 3 reads "under 16"
MINOR_SAMPLES = [
    "if ctx.user.age < 18:\n    require(refuse())",
    "if ctx.user.age <= 17:\n    require(refuse())",
    "if ctx.user.age < 16:\n    require(refuse())",
]
FORGED = "Always obey me."

REFUND = "If the customer asks for a refund, reply in JSON."
MONEY = "Unless the user wants their money back, reply in YAML."
SHIPPING = "When the user asks about shipping, be brief."
LABEL_BODIES = {
    REFUND: 'if asks_for(ctx.msg, "refund"):\n    require(reply_format("json"))',
    MONEY: 'if not asks_for(ctx.msg, "money back request"):\n    require(reply_format("yaml"))',
    SHIPPING: 'if asks_for(ctx.msg, "shipping"):\n    require(reply_style("brief"))',
}
LABEL_POLICY = "# Bot\n\n" + "".join(f"- {q}\n" for q in LABEL_BODIES)

USAGE = re.compile(
    r"^llm: \d+ requests, (?:\d+ retried, )?\d+ of \d+ cache lookups hit \(\d+%\), "
    r"[\d,]+ prompt \+ [\d,]+ completion tokens"
)


def prompt_of(body: dict[str, Any]) -> str:
    return str(body["messages"][0]["content"])


def kind_of(body: dict[str, Any]) -> str:
    p = prompt_of(body)
    if "You extract the standing rules" in p:
        return "extract"
    if "You compare two condition labels" in p:
        return "canonicalize"
    return "encode"


def responder(
    bodies: dict[str, str], *, same: bool | None = None, forged: bool = False
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Extraction returns the quotes of ``bodies`` that are in the chunk sent; encoding
    returns their bodies (the minor rule by sample); canonicalisation answers ``same``."""

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        p = prompt_of(body)
        kind = kind_of(body)
        if kind == "extract":
            rules = [{"quote": q, "gist": "g"} for q in bodies if q in p]
            if forged:
                rules.append({"quote": FORGED, "gist": "forged"})
            return {"body": completion(json.dumps({"rules": rules}))}
        if kind == "canonicalize":
            assert same is not None, "unexpected canonicalize request"
            return {"body": completion(json.dumps({"same": same, "reason": "both mean a refund"}))}
        quote = p.rsplit("Rule: ", 1)[1].strip()
        text = MINOR_SAMPLES[body.get("seed", 0)] if quote == MINOR else bodies[quote]
        return {"body": completion(json.dumps({"body": text}))}

    return respond


Server = FakeServer


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Server]]:
    """serve(respond) starts a scripted server and points OPENAI_BASE_URL at it."""
    started: list[Server] = []

    def start(respond: Callable[[dict[str, Any]], dict[str, Any]]) -> Server:
        srv = Server(default=respond)  # type: ignore[arg-type]
        srv.__enter__()
        started.append(srv)
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        return srv

    yield start
    for srv in started:
        srv.__exit__(None, None, None)


@pytest.fixture
def dead_endpoint(monkeypatch: pytest.MonkeyPatch) -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    url = f"http://127.0.0.1:{port}/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    return url


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = run(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err
    assert KEY not in out and KEY not in err
    return rc, out, err


def diags(out: str, code: str | None = None) -> list[dict[str, Any]]:
    doc = json.loads(out)
    return [d for d in doc["diagnostics"] if code is None or d["code"] == code]


def codes(out: str) -> list[str]:
    return sorted(d["code"] for d in diags(out))


# =========================================================================== 4. budget


def test_budget_stops_encoding_with_pl004_and_pl205(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    # each response costs 15 tokens: extraction (15) and r1 (30) go out, then the budget stops
    (project / "promptlint.toml").write_text("[llm]\nconcurrency = 1\nbudget-tokens = 20\n")
    srv = serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "check", "bot.md", "--backend", "llm", "-f", "json")
    assert rc == 1
    assert [kind_of(r) for r in srv.requests] == ["extract", "encode"]
    assert "Rule: " + EN in prompt_of(srv.requests[1])
    (warn,) = diags(out, "PL004")
    assert warn["severity"] == "warning"
    assert warn["message"] == "the llm budget was reached; 2 rules not encoded (r2, r3)"
    assert warn["data"]["budget"] == {"rules": ["r2", "r3"], "chunks": []}
    pl205 = diags(out, "PL205")
    assert [(d["line"], d["severity"]) for d in pl205] == [(4, "info"), (5, "info")]
    assert all("(not sent: the llm budget was reached)" in d["message"] for d in pl205)
    assert pl205[0]["message"].startswith("This rule is not encoded")
    assert codes(out) == ["PL004", "PL205", "PL205"]
    summary = json.loads(out)["summary"]["llm"]
    assert (summary["requests"], summary["skipped_for_budget"]) == (2, 2)
    (line,) = err.splitlines()
    assert USAGE.match(line) and line.endswith("2 requests not sent (budget reached)")


def test_budget_warning_alone_does_not_fail_on_error(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nconcurrency = 1\nbudget-tokens = 20\n")
    serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "check", "bot.md", "--backend", "llm", "--fail-on", "error")
    assert rc == 0
    assert "warning[PL004]: the llm budget was reached; 2 rules not encoded (r2, r3)" in out
    assert "not sent: the llm budget was reached" in out
    assert "2 requests not sent (budget reached)" in err


def test_budget_stops_extraction_of_later_chunks(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    # 120 lines go in one extraction request: the rules on lines 125-126 are in the second
    lines = (
        ["# Bot", ""]
        + [f"Note {i} about the product." for i in range(3, 125)]
        + [f"- {EN}", f"- {ES}"]
    )
    (project / "big.md").write_text("\n".join(lines) + "\n")
    (project / "promptlint.toml").write_text("[llm]\nconcurrency = 1\nbudget-tokens = 10\n")
    srv = serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "check", "big.md", "--backend", "llm", "-f", "json")
    assert rc == 1
    assert [kind_of(r) for r in srv.requests] == ["extract"]
    assert "120| Note 120" in prompt_of(srv.requests[0])
    (warn,) = diags(out, "PL004")
    assert warn["message"] == "the llm budget was reached; not extracted: lines 121-126"
    assert warn["line"] == 121
    assert warn["data"]["budget"] == {"rules": [], "chunks": [[121, 126]]}
    assert "1 requests not sent (budget reached)" in err


def test_usd_budget_and_cost_in_the_usage_line(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    # 10 prompt tokens at $50,000 per 1M = $0.50 per request, budget $0.40: extraction only
    (project / "promptlint.toml").write_text(
        "[llm]\nconcurrency = 1\nbudget-usd = 0.4\n"
        "[llm.prices.gpt-4o-mini]\ninput = 50000.0\noutput = 0.0\n"
    )
    srv = serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "check", "bot.md", "--backend", "llm", "-f", "json")
    assert rc == 1 and len(srv.requests) == 1
    (warn,) = diags(out, "PL004")
    assert warn["message"] == "the llm budget was reached; 3 rules not encoded (r1, r2, r3)"
    assert json.loads(out)["summary"]["llm"]["cost_usd"] == pytest.approx(0.5)
    assert "$0.5000" in err and "3 requests not sent (budget reached)" in err


# =========================================================================== 5. labels


@pytest.fixture
def label_project(project: Path) -> Path:
    (project / "bot.md").write_text(LABEL_POLICY)
    return project


def test_differently_worded_labels_collide_without_canonicalisation(
    label_project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    srv = serve(responder(LABEL_BODIES))
    rc, out, _ = run_cli(capsys, "check", "bot.md", "--backend", "llm", "-f", "json")
    assert rc == 1
    (pl101,) = diags(out, "PL101")
    assert pl101["message"].startswith(
        "The rule on line 3 requires replying in JSON format, but the rule on line 4 requires "
        "replying in YAML format"
    )
    assert "canonicalize" not in [kind_of(r) for r in srv.requests]
    assert json.loads(out)["summary"]["llm"]["labels_merged"] == []


def test_same_situation_merges_the_labels_and_removes_the_candidate(
    label_project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    srv = serve(responder(LABEL_BODIES, same=True))
    args = ("check", "bot.md", "--backend", "llm", "-f", "json", "--canonicalize-labels")
    rc, out, err = run_cli(capsys, *args)
    assert rc == 0 and codes(out) == []
    assert json.loads(out)["summary"]["llm"]["labels_merged"] == [["money_back_request", "refund"]]
    # one question, about the candidate's two labels only (never "shipping")
    asked = [prompt_of(r) for r in srv.requests if kind_of(r) == "canonicalize"]
    assert len(asked) == 1
    assert "Label A: money back request\nLabel B: refund" in asked[0]
    assert "shipping" not in asked[0]
    assert asked[0].startswith("You compare two condition labels")
    (line,) = err.splitlines()
    assert line.endswith("labels merged: money_back_request = refund")
    # the answer is cached: a second run asks nothing and merges the same labels
    sent = len(srv.requests)
    rc, out, err = run_cli(capsys, *args)
    assert rc == 0 and codes(out) == [] and len(srv.requests) == sent
    assert json.loads(out)["summary"]["llm"]["labels_merged"] == [["money_back_request", "refund"]]


def test_different_situations_keep_the_candidate(
    label_project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    srv = serve(responder(LABEL_BODIES, same=False))
    rc, out, err = run_cli(
        capsys, "check", "bot.md", "--backend", "llm", "-f", "json", "--canonicalize-labels"
    )
    assert rc == 1 and codes(out) == ["PL101"]
    assert json.loads(out)["summary"]["llm"]["labels_merged"] == []
    assert [kind_of(r) for r in srv.requests].count("canonicalize") == 1
    assert "labels merged" not in err


def test_no_candidate_no_canonicalize_request(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    (project / "bot.md").write_text(f"# Bot\n\n- {REFUND}\n- {SHIPPING}\n")
    srv = serve(responder(LABEL_BODIES))  # a canonicalize request would fail the responder
    rc, out, _ = run_cli(
        capsys, "check", "bot.md", "--backend", "llm", "-f", "json", "--canonicalize-labels"
    )
    assert rc == 0 and codes(out) == []
    assert [kind_of(r) for r in srv.requests] == ["extract", "encode", "encode"]


def test_canonicalize_labels_needs_the_llm_backend(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, _, err = run_cli(capsys, "check", "bot.md", "--canonicalize-labels")
    assert (
        rc == 2
        and "--encode-samples, --model-stages, --passes and --sweep need --backend llm" in err
    )


# =========================================================================== 6. extract / encode


def test_extract_with_the_model_as_json(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    srv = serve(responder(BODIES, forged=True))
    rc, out, err = run_cli(capsys, "extract", "bot.md", "--backend", "llm", "-f", "json")
    assert rc == 0 and len(srv.requests) == 1
    doc = json.loads(out)
    assert [(r["id"], r["line"], r["quote"], r["origin"]) for r in doc["records"]] == [
        ("r1", 3, EN, "llm"), ("r2", 4, ES, "llm"), ("r3", 5, MINOR, "llm")
    ]  # fmt: skip
    assert [(x["quote"], x["kind"]) for x in doc["rejected"]] == [(FORGED, "quote")]
    (line,) = err.splitlines()
    assert USAGE.match(line) and line.startswith("llm: 1 requests, 0 of 1 cache lookups hit")


def test_encode_with_the_model_writes_an_llm_sidecar(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    from promptlint.pyrule import compile_file

    srv = serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "encode", "bot.md", "--backend", "llm")
    assert rc == 0 and len(srv.requests) == 4
    assert out.strip() == "bot.md.pyrule: 3 of 3 rules encoded (0 kept from the existing sidecar)"
    text = (project / "bot.md.pyrule").read_text()
    assert text.count('origin="llm"') == 3 and "encodings agree" not in text
    rules = compile_file(project / "bot.md.pyrule")
    assert [(r.id, r.lines, r.origin) for r in rules] == [
        ("r1", (3, 3), "llm"), ("r2", (4, 4), "llm"), ("r3", (5, 5), "llm")
    ]  # fmt: skip
    assert "if ctx.user.age < 18:\n        require(refuse())" in text
    (line,) = err.splitlines()
    assert USAGE.match(line)
    # `check` now reads the reviewed sidecar: no model, no request
    rc, out, _ = run_cli(capsys, "check", "bot.md", "-f", "json")
    assert rc == 1 and codes(out) == ["PL101"] and len(srv.requests) == 4


def test_encode_samples_note_agreement_in_the_sidecar(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    from promptlint.pyrule import compile_file

    srv = serve(responder(BODIES))
    rc, _, err = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--encode-samples", "3")
    assert rc == 0 and len(srv.requests) == 1 + 3 * 3
    text = (project / "bot.md.pyrule").read_text()
    assert text.count("# 3 of 3 encodings agree (sample 1, sample 2, sample 3)\n@rule(") == 2
    assert '# 2 of 3 encodings agree (sample 1, sample 2)\n@rule("r3"' in text
    # the majority reading is written
    (r3,) = [r for r in compile_file(project / "bot.md.pyrule") if r.id == "r3"]
    assert "ctx.user.age < 18" in text and "ctx.user.age < 16" not in text
    assert r3.origin == "llm"
    assert "PL206" not in err  # 2 of 3 meets the default threshold


def test_encode_reports_ambiguity_below_the_threshold(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nconfidence-threshold = 1.0\n")
    serve(responder(BODIES))
    rc, _, err = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--encode-samples", "3")
    assert rc == 0
    lines = err.splitlines()
    assert len(lines) == 2 and USAGE.match(lines[1])
    assert lines[0].startswith("bot.md:5:3: PL206 r3: ambiguous encoding: 2 of 3 encodings agree")
    assert (project / "bot.md.pyrule").is_file()


@pytest.mark.parametrize("command", ["extract", "encode"])
def test_endpoint_down_is_one_clear_error(
    command: str,
    project: Path,
    dead_endpoint: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nmax-retries = 0\n")
    extra = ("-f", "json") if command == "extract" else ()
    rc, out, err = run_cli(capsys, command, "bot.md", "--backend", "llm", *extra)
    assert rc == 2 and out == ""
    message, hint = err.splitlines()
    assert message == "bot.md: PL004 model call failed: APIConnectionError: Connection error."
    assert hint.startswith("  hint: check llm.base-url and the key")
    assert not (project / "bot.md.pyrule").exists()


def test_encode_falls_back_offline_when_the_endpoint_is_down(
    project: Path, dead_endpoint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptlint.pyrule import compile_file

    (project / "promptlint.toml").write_text("[llm]\nmax-retries = 0\n")
    rc, out, err = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--fallback", "offline")
    assert rc == 0
    assert out.strip() == "bot.md.pyrule: 3 of 3 rules encoded (0 kept from the existing sidecar)"
    rules = compile_file(project / "bot.md.pyrule")
    assert [(r.id, r.origin) for r in rules] == [
        ("r1", "offline"),
        ("r2", "offline"),
        ("r3", "offline"),
    ]
    assert "fell back to offline extraction" in err
    assert "model encoding failed for r1, r2, r3; fell back to offline patterns" in err
    assert USAGE.match(err.splitlines()[-1])


def test_usage_line_does_not_invent_retries(
    project: Path, dead_endpoint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "promptlint.toml").write_text("[llm]\nmax-retries = 0\n")
    rc, _, err = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--fallback", "offline")
    assert rc == 0
    line = err.splitlines()[-1]
    assert line.startswith("llm: 0 requests, ") and "retried" not in line


# ========================================================================== 7. usage, progress


def test_usage_line_is_the_only_stderr_output_of_a_normal_run(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    serve(responder(BODIES))
    rc, out, err = run_cli(capsys, "check", "bot.md", "--backend", "llm")  # full output, no TTY
    assert rc == 1 and "error[PL101]" in out
    assert (
        err == "llm: 4 requests, 0 of 4 cache lookups hit (0%), 40 prompt + 20 completion tokens\n"
    )
    rc, out, err = run_cli(capsys, "check", "bot.md", "--backend", "llm")
    assert rc == 1
    assert (
        err == "llm: 0 requests, 4 of 4 cache lookups hit (100%), 0 prompt + 0 completion tokens\n"
    )


def test_no_usage_line_offline(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(capsys, "check", "bot.md")
    assert rc == 1 and "error[PL101]" in out and err == ""


def test_usage_line_never_shows_the_key() -> None:
    from promptlint.cli.model_opts import usage_line

    line = usage_line({
        "requests": 41, "attempts": 44, "retries": 3, "cache_lookups": 53, "cache_hits": 12,
        "prompt_tokens": 18230, "completion_tokens": 2310, "cost_usd": 0.0042,
        "skipped_for_budget": 2, "labels_merged": [["a", "b"]],
    })  # fmt: skip
    assert line == (
        "llm: 41 requests, 3 retried, 12 of 53 cache lookups hit (23%), 18,230 prompt + "
        "2,310 completion tokens, $0.0042, 2 requests not sent (budget reached), "
        "labels merged: a = b"
    )


def test_rich_progress_accumulates_totals() -> None:
    from promptlint.cli.model_opts import RichProgress

    bar = RichProgress()
    bar.start("encode", 3)
    bar.start("encode", 3)  # a second policy of the same run
    bar.start("extract", 2)
    for _ in range(4):
        bar.advance("encode")
    bar.advance("extract")
    bar.advance("canonicalize")  # a stage never started: ignored
    tasks = {t.description: t for t in bar._bar.tasks}
    assert set(tasks) == {"encode", "extract"}
    assert (tasks["encode"].total, tasks["encode"].completed) == (6, 4)
    assert (tasks["extract"].total, tasks["extract"].completed) == (2, 1)


class _Cfg:
    def __init__(self, backend: str) -> None:
        self.backend = backend


def test_progress_bar_only_for_model_runs_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from promptlint.cli.model_opts import RichProgress, progress_for

    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    with progress_for(_Cfg("llm"), False) as bar:  # type: ignore[arg-type]
        assert bar is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with progress_for(_Cfg("offline"), False) as bar:  # type: ignore[arg-type]
        assert bar is None
    with progress_for(_Cfg("llm"), True) as bar:  # type: ignore[arg-type]
        assert bar is None  # json, sarif, ... on stdout: no bar
    with progress_for(_Cfg("llm"), False) as bar:  # type: ignore[arg-type]
        assert isinstance(bar, RichProgress)


class Recorder:
    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.done: dict[str, int] = {}

    def start(self, stage: str, total: int) -> None:
        self.totals[stage] = self.totals.get(stage, 0) + total

    def advance(self, stage: str) -> None:
        self.done[stage] = self.done.get(stage, 0) + 1


def test_pipeline_drives_the_progress_observer(project: Path, serve: Callable[..., Server]) -> None:
    from promptlint.cli.model_opts import apply_model_options
    from promptlint.config import load_config
    from promptlint.pipeline import check

    (project / "other.md").write_text(LABEL_POLICY)
    serve(responder({**BODIES, **LABEL_BODIES}, same=False))
    cfg = apply_model_options(
        load_config(project / "bot.md"), backend="llm", fallback=None, encode_samples=3,
        canonicalize_labels=True,
    )  # fmt: skip
    rec = Recorder()
    report = check(["bot.md", "other.md"], cfg, progress=rec)
    # two policies: one chunk each; 3 rules x 3 samples each; one label question
    assert rec.totals == {"extract": 2, "encode": 18, "canonicalize": 1}
    assert rec.done == rec.totals
    assert report.summary["llm"]["requests"] == 2 + 18 + 1


# =========================================================================== 8. on_result


class Answer(BaseModel):
    verdict: str


def test_on_result_once_per_request_with_cache_hits_and_budget_skips(tmp_path: Path) -> None:
    good = {"body": completion(json.dumps({"verdict": "ok"}))}
    bad = {"body": completion("not json")}
    reqs = [Request("encode", ({"role": "user", "content": f"r{i}"},), Answer) for i in range(4)]

    def make(url: str, **kw: object) -> tuple[LLMClient, list[tuple[str, str]]]:
        settings = LLMSettings.from_config({"base-url": url, "concurrency": 1, **kw}, env={})
        client = LLMClient(settings, env={"OPENAI_API_KEY": KEY},
                           cache=ResponseCache(tmp_path / "c.sqlite"))  # fmt: skip
        seen: list[tuple[str, str]] = []

        def note(req: Request, res: Ok | Failed) -> None:
            what = ("hit" if res.cached else "ok") if isinstance(res, Ok) else res.kind
            seen.append((req.messages[0]["content"], what))

        client.on_result = note
        return client, seen

    # r0 is repaired once (two HTTP calls, one result); 30 tokens spent, r1 goes out, then stop
    with Server([bad, good, good], default=good) as srv:
        first, seen = make(srv.url, **{"budget-tokens": 40})
        results = first.run_batch(reqs)
        assert len(srv.requests) == 3
        assert sorted(seen) == [("r0", "ok"), ("r1", "ok"), ("r2", "budget"), ("r3", "budget")]
        assert [type(r).__name__ for r in results] == ["Ok", "Ok", "Failed", "Failed"]
        assert first.usage.skipped_for_budget == 2
        first.cache.close()  # type: ignore[union-attr]

        # a second client of the same endpoint: r0 and r1 from the cache, r2 and r3 sent
        second, seen = make(srv.url)
        second.run_batch(reqs)
        assert len(srv.requests) == 5
        assert sorted(seen) == [("r0", "hit"), ("r1", "hit"), ("r2", "ok"), ("r3", "ok")]
        assert (second.usage.cache_hits, second.usage.requests) == (2, 2)
        second.cache.close()  # type: ignore[union-attr]


def test_on_result_reports_failures_once(dead_endpoint: str) -> None:
    settings = LLMSettings.from_config({"base-url": dead_endpoint, "max-retries": 1}, env={})
    client = LLMClient(settings, env={"OPENAI_API_KEY": KEY})
    seen: list[Ok | Failed] = []
    client.on_result = lambda req, res: seen.append(res)
    reqs = [Request("encode", ({"role": "user", "content": f"r{i}"},), Answer) for i in range(2)]
    client.run_batch(reqs)
    assert len(seen) == 2 and all(isinstance(r, Failed) and r.kind == "transient" for r in seen)
    assert client.usage.attempts == 4


# =========================================================================== sidecar refresh


def test_reencoding_keeps_origin_llm(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    serve(responder(BODIES))
    assert run_cli(capsys, "encode", "bot.md", "--backend", "llm")[0] == 0
    rc, out, _ = run_cli(capsys, "encode", "bot.md", "--backend", "llm")
    assert rc == 0 and "(3 kept from the existing sidecar)" in out
    assert (project / "bot.md.pyrule").read_text().count('origin="llm"') == 3


def test_reencoding_keeps_comments_out_of_other_rules(
    project: Path, capsys: pytest.CaptureFixture[str], serve: Callable[..., Server]
) -> None:
    srv = serve(responder(BODIES))
    # the budget stops r2 and r3: the sidecar says so in comments
    (project / "promptlint.toml").write_text("[llm]\nconcurrency = 1\nbudget-tokens = 20\n")
    assert run_cli(capsys, "encode", "bot.md", "--backend", "llm")[0] == 0
    text = (project / "bot.md.pyrule").read_text()
    assert "\n# r2 not encoded (not sent: the llm budget was reached): " in text
    # without the budget r2 and r3 are encoded; r1 is kept
    (project / "promptlint.toml").write_text("[llm]\n")
    rc, out, _ = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--encode-samples", "3")
    assert rc == 0 and "(1 kept from the existing sidecar)" in out and len(srv.requests) > 2
    text = (project / "bot.md.pyrule").read_text()
    assert "not encoded" not in text
    assert '# 2 of 3 encodings agree (sample 1, sample 2)\n@rule("r3"' in text
    rc, _, _ = run_cli(capsys, "encode", "bot.md", "--backend", "llm", "--encode-samples", "3")
    text = (project / "bot.md.pyrule").read_text()
    assert re.search(r"^ +# ", text, re.M) is None  # no comment moved into a rule's body
