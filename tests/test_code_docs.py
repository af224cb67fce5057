"""Every code is documented in fixed sections, and its Example triggers its own code."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from promptlint.cli.app import run
from promptlint.diagnostics.registry import CODES, SECTIONS

REPO = Path(__file__).resolve().parents[1]
# the scripted OpenAI-compatible server the model-backed Examples run against
sys.path.insert(0, str(REPO / "tests" / "llm"))
#: codes whose Example cannot be forced from the example alone
NOT_RUNNABLE = {
    "PL005": "a solver timeout cannot be forced deterministically from an example",
    "PL009": "a deadline cannot be forced deterministically (tests/security/test_limits.py)",
    "PL105": "needs a model's nomination (tests/llm/test_policy_model_stages.py runs it)",
    "PL106": "needs a model's vetting answer (tests/llm/test_vetting.py runs it)",
    "PL108": "needs a model's reading (tests/llm/test_unnamed_offline.py runs it)",
}
#: codes whose Example runs the model backend, against a scripted server on 127.0.0.1
MODEL_BACKED = {"PL004", "PL006", "PL206"}


@pytest.mark.parametrize("code", list(CODES))
def test_sections_in_order(code: str) -> None:
    doc = CODES[code].doc
    positions = [doc.find(f"## {s}\n") for s in SECTIONS]
    assert all(p >= 0 for p in positions), f"{code} misses a section"
    assert positions == sorted(positions), f"{code} sections out of order"
    for s in SECTIONS:
        assert CODES[code].section(s), f"{code}: empty section {s}"
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", CODES[code].name)


def _blocks(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for lang, body in re.findall(r"```(\w+)\n(.*?)```", text, re.S):
        out.setdefault(lang, body)
    return out


def _model(blocks: dict[str, str]) -> Any:
    """A scripted model for an Example: extraction returns each bullet of the markdown
    block (or the json block's ``rules``); encoding returns the json block's
    ``encodings`` by sample (the request's seed)."""
    from fake_server import completion

    scripted = json.loads(blocks.get("json") or "{}")
    bullets = re.findall(r"^- (.+)$", blocks.get("markdown", ""), re.M)

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        prompt = body["messages"][0]["content"]
        if "You extract the standing rules" in prompt:
            rules = scripted.get("rules") or [{"quote": b, "gist": b} for b in bullets]
            return {"body": completion(json.dumps({"rules": rules}))}
        encodings = scripted.get("encodings") or ['require(reply_language("en"))']
        sample = max(0, (body.get("seed") or 0))
        return {"body": completion(json.dumps({"body": encodings[sample % len(encodings)]}))}

    return respond


@pytest.mark.parametrize("code", list(CODES))
def test_example_triggers_its_code(
    code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if code in NOT_RUNNABLE:
        pytest.xfail(NOT_RUNNABLE[code])
    blocks = _blocks(CODES[code].section("Example"))
    policy = tmp_path / "policy.md"
    if code in MODEL_BACKED:
        _run_model_example(code, blocks, tmp_path, capsys, monkeypatch)
        return
    if "markdown" in blocks:
        policy.write_text(blocks["markdown"], encoding="utf-8")
        if "python" in blocks:
            (tmp_path / "policy.md.pyrule").write_text(blocks["python"], encoding="utf-8")
        args = ["check", str(policy)]
    elif "py" in blocks:  # a Python source holding prompts, not PyRule
        target = tmp_path / "prompts.py"
        target.write_text(blocks["py"], encoding="utf-8")
        args = ["check", str(target)]
    elif "python" in blocks:
        target = tmp_path / "example.pyrule"
        target.write_text(blocks["python"], encoding="utf-8")
        args = ["check", str(target)]
    elif "toml" in blocks:
        (tmp_path / "promptlint.toml").write_text(blocks["toml"], encoding="utf-8")
        policy.write_text("Be kind.\n", encoding="utf-8")
        args = ["check", str(policy)]
    else:
        command = shlex.split(blocks["text"].strip().splitlines()[0])
        assert command[0] == "promptlint"
        args = [a if a.startswith("-") or a == "check" else str(tmp_path / a) for a in command[1:]]
    run([*args, "--output-format", "json", "--fail-on", "info"])
    out = capsys.readouterr()
    found = set(re.findall(r"\bPL\d{3}\b", out.err))
    if out.out.strip():
        found |= {d["code"] for d in json.loads(out.out)["diagnostics"]}
    assert code in found, f"{code} example produced {sorted(found)}: {out.err}"


def _run_model_example(
    code: str,
    blocks: dict[str, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    from fake_server import FakeServer

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-example-0123456789")
    (tmp_path / "policy.md").write_text(blocks.get("markdown", "- Be kind.\n"), encoding="utf-8")
    (tmp_path / "promptlint.toml").write_text(
        blocks.get("toml", "") + ("\n" if "[llm]" in blocks.get("toml", "") else "\n[llm]\n")
        + "max-retries = 0\n", encoding="utf-8",
    )  # fmt: skip
    args = [
        "check",
        "policy.md",
        "--backend",
        "llm",
        "--output-format",
        "json",
        "--fail-on",
        "info",
    ]
    if "text" in blocks:  # the endpoint is down: a port nobody listens on
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
        run(args)
        out = capsys.readouterr()
    else:
        with FakeServer(default=_model(blocks)) as srv:
            monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
            run(args)
            out = capsys.readouterr()
    found = set(re.findall(r"\bPL\d{3}\b", out.err))
    if out.out.strip():
        found |= {d["code"] for d in json.loads(out.out)["diagnostics"]}
    assert code in found, f"{code} example produced {sorted(found)}: {out.err}"


def test_generated_pages_are_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("gen", REPO / "scripts" / "gen_code_docs.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    for path, text in gen.pages().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"run scripts/gen_code_docs.py ({path.name})"
        )
