"""With a model, a collision of the offline encoder that no reading named is encoded again,
jointly, by the model: it stands when that encoding collides (or when the request failed,
which is reported), and is set aside as PL108 when it does not. A pair a reading named is
not asked about again."""

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


def _answer(prompt: str, *, refund_collides: bool = True) -> dict:
    if "review an LLM agent" in prompt:  # the reading names only the language pair
        return {"pairs": [{"quote_a": "Always answer in English.",
                           "quote_b": "If the customer writes in Spanish, answer in Spanish.",
                           "situation": "a Spanish message", "reason": "two languages"}]}  # fmt: skip
    assert "encode two rules" in prompt, prompt[:200]
    # the pair the reading named is not encoded again
    assert "Always answer in English" not in prompt.split("Rule A (", 1)[1]
    if "120 words" in prompt:
        cap = 'require(reply_length("words", "<", 80))'
        need = 'if semantic(ctx.msg, "refund_decision"):\n    require(reply_length("words", ">=", 120))'
        return {"body_a": cap, "body_b": need if refund_collides else "",
                "entries": [], "relations": []}  # fmt: skip
    # the two question rules, read together: the clarifying question is for requests
    # without a booking reference
    return {"body_a": 'if semantic(ctx.msg, "booking_reference_given"):\n    forbid(ask_clarify())',
            "body_b": 'if semantic(ctx.msg, "ambiguous_request") and not '
                      'semantic(ctx.msg, "booking_reference_given"):\n    require(ask_clarify())',
            "entries": [], "relations": []}  # fmt: skip


def _record(pending: Path, answers: Path, *, reading_only: bool = False, **kw: bool) -> list[str]:
    """Answer the pending requests (only the reading's with ``reading_only``: the joint
    requests asked while the reading had no answer are dropped)."""
    asked = []
    with answers.open("a", encoding="utf-8") as out:
        for f in sorted(pending.glob("*.md")):
            text = f.read_text(encoding="utf-8")
            if reading_only and "review an LLM agent" not in text:
                f.unlink()
                continue
            asked.append(text)
            out.write(json.dumps({"key": f.stem, "response": _answer(text, **kw)}) + "\n")
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


def test_offline_collisions_no_reading_named_are_encoded_jointly(
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
    assert len(_record(pending, answers, reading_only=True)) == 1
    run(args)
    capsys.readouterr()
    asked = _record(pending, answers)
    assert len(asked) == 2  # the two collisions the reading did not name, not the third
    # the offline witness is no reviewer's suspicion: the rules are encoded as they are
    assert not any("Situation a reviewer suspects" in t for t in asked)
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    assert not list(pending.glob("*.md"))
    after = _collisions(doc)
    assert after["Always/If"]["code"] == "PL101"  # named by the reading: stands as it was
    assert "joint_encoding" not in after["Always/If"]["data"]
    assert after["Keep/When"]["code"] == "PL103"
    assert after["Keep/When"]["data"]["joint_encoding"] == "collides"
    assert after["Keep/When"]["data"]["joint_assumptions"] == []  # it relied on nothing
    q = after["Do/If"]
    assert q["code"] == "PL108" and q["severity"] == "info"
    assert q["data"]["set_aside"] == "PL102"
    assert "no situation in which the joint encodings collide" in q["message"]


def test_a_joint_encoding_without_a_hard_clause_sets_the_collision_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args, answers, pending = _setup(tmp_path, monkeypatch)
    for reading_only in (True, False):
        run(args)
        capsys.readouterr()
        _record(pending, answers, reading_only=reading_only, refund_collides=False)
    run(args)
    refund = _collisions(json.loads(capsys.readouterr().out))["Keep/When"]
    assert refund["code"] == "PL108" and refund["data"]["set_aside"] == "PL103"


def test_a_failed_joint_request_leaves_the_collision_standing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args, answers, pending = _setup(tmp_path, monkeypatch)
    run(args)
    capsys.readouterr()
    _record(pending, answers, reading_only=True)  # the joint requests stay unanswered
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    found = _collisions(doc)
    assert {found[k]["code"] for k in ("Always/If", "Keep/When", "Do/If")} == {
        "PL101", "PL102", "PL103"}  # fmt: skip
    assert found["Do/If"]["data"]["joint_encoding"].startswith("not checked:")
    (problem,) = [d for d in doc["diagnostics"] if d["code"] == "PL004"]
    assert "joint encoding" in problem["message"] or "request" in problem["message"]


def test_hand_written_encodings_are_not_rechecked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    root = Path(__file__).resolve().parents[2] / "examples"
    args, answers, pending = _setup(tmp_path, monkeypatch)
    shutil.copy(root / "support_bot.md", tmp_path / "bot.md")
    shutil.copy(root / "support_bot.md.pyrule", tmp_path / "bot.md.pyrule")
    monkeypatch.chdir(tmp_path)
    args = ["check", "--no-cache", "bot.md", *ARGS]
    run(args)
    capsys.readouterr()
    assert len(_record(pending, answers)) == 1  # the reading, and no joint request
    assert run(args) == 1
    capsys.readouterr()
    assert not list(pending.glob("*.md"))
