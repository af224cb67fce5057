"""With a model, a collision of the offline encoder that no reading of the policy named is
set aside as PL108 (and asked nothing more): the reading decides which pairs conflict, the
solver whether they collide. It stands when the reading failed (which is reported), and
when both rules are encoded by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.cli.app import run

POLICY = """# Support

## Language

- Always answer in English.
- If the customer writes in Spanish, answer in Spanish.

## Style

- Keep every answer under 80 words.

## Refunds

When you explain a refund decision, give at least 120 words of detail.

## Questions

Do not ask questions at all when the booking reference is given.

If the request is ambiguous, ask a clarifying question before acting.
"""

ARGS = ["--backend", "llm", "--model-stages", "nominate", "-f", "json"]


def _answer(prompt: str) -> dict:
    assert "review an LLM agent" in prompt, prompt[:200]  # a reading, nothing else
    # the reading names only the language pair, which the offline encoder found too
    return {"pairs": [{"quote_a": "Always answer in English.",
                       "quote_b": "If the customer writes in Spanish, answer in Spanish.",
                       "situation": "a Spanish message", "reason": "two languages"}]}  # fmt: skip


def _record(pending: Path, answers: Path) -> list[str]:
    asked = []
    with answers.open("a", encoding="utf-8") as out:
        for f in sorted(pending.glob("*.md")):
            text = f.read_text(encoding="utf-8")
            asked.append(text)
            out.write(json.dumps({"key": f.stem, "response": _answer(text)}) + "\n")
            f.unlink()
    return asked


def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], Path, Path]:
    policy = tmp_path / "bot.md"
    policy.write_text(POLICY, encoding="utf-8")
    answers, pending = tmp_path / "answers.jsonl", tmp_path / "pending"
    answers.write_text("", encoding="utf-8")
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(answers))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    return ["check", "--isolated", "--no-cache", str(policy), *ARGS], answers, pending


def _collisions(doc: dict) -> dict[str, dict]:
    return {d["rules"][0]["quote"].split()[0] + "/" + d["rules"][1]["quote"].split()[0]: d
            for d in doc["diagnostics"] if len(d.get("rules", ())) == 2}  # fmt: skip


def test_offline_collisions_no_reading_named_are_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args, answers, pending = _setup(tmp_path, monkeypatch)
    # offline alone: three collisions, all errors
    offline = [a for a in args if a not in ARGS[:4]]
    assert run(offline) == 1
    before = _collisions(json.loads(capsys.readouterr().out))
    assert sorted(d["code"] for d in before.values()) == ["PL101", "PL102", "PL103"]

    run(args)
    capsys.readouterr()
    assert len(_record(pending, answers)) == 1  # one reading; no request about the others
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    assert not list(pending.glob("*.md"))
    after = _collisions(doc)
    assert after["Always/If"]["code"] == "PL101"  # named by the reading: stands as it was
    assert "set_aside" not in after["Always/If"]["data"]
    for key, code in (("Keep/When", "PL103"), ("Do/If", "PL102")):
        d = after[key]
        assert d["code"] == "PL108" and d["severity"] == "info"
        assert d["data"]["set_aside"] == code
        assert d["message"].startswith("No reading of the policy names this pair: ")
        assert d["message"].endswith(before[key]["message"][1:])


def test_a_failed_reading_leaves_the_collisions_standing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args, _answers, pending = _setup(tmp_path, monkeypatch)
    assert run(args) == 1  # the reading is not answered
    doc = json.loads(capsys.readouterr().out)
    assert len(list(pending.glob("*.md"))) == 1
    found = _collisions(doc)
    assert sorted(found[k]["code"] for k in ("Always/If", "Keep/When", "Do/If")) == [
        "PL101", "PL102", "PL103"]  # fmt: skip
    (problem,) = [d for d in doc["diagnostics"] if d["code"] == "PL004"]
    assert "nomination" in problem["message"]


def test_hand_written_encodings_are_not_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    root = Path(__file__).resolve().parents[2] / "examples"
    args, answers, pending = _setup(tmp_path, monkeypatch)
    shutil.copy(root / "support_bot.md", tmp_path / "bot.md")
    shutil.copy(root / "support_bot.md.pyrule", tmp_path / "bot.md.pyrule")
    monkeypatch.chdir(tmp_path)
    args = ["check", "--no-cache", "bot.md", "--backend", "llm", "--model-stages", "nominate",
            "-f", "json"]  # fmt: skip
    assert run([a for a in args if a not in ARGS[:4]]) == 1
    offline = _collisions(json.loads(capsys.readouterr().out))
    assert offline and all(
        d["code"] in ("PL101", "PL102", "PL103", "PL104") for d in offline.values()
    )
    run(args)
    capsys.readouterr()
    assert len(_record(pending, answers)) == 1
    assert run(args) == 1
    after = _collisions(json.loads(capsys.readouterr().out))
    assert {k: d["code"] for k, d in after.items()} == {k: d["code"] for k, d in offline.items()}
