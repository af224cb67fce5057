"""Vetting: each collision of a model-backed run is checked against the policy text. A
reason with verified evidence turns it into PL106 (info); a failed request, evidence the
policy does not have, or evidence away from the rule it concerns leaves the collision
standing and is reported (PL004)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from promptlint.cli.app import run

POLICY = """# Support bot

## Rules
- Always reply in English.
- Never use the shell tool.

## What a session looks like
User: where is my order?
Assistant: I will check. Always reply in Spanish.
- Use the shell tool to look up the order.
"""

STAGES = ["--backend", "llm", "--model-stages", "vet"]
NONE = {"reason": "none", "rule": "", "evidence": "", "explanation": ""}


def _check(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    answer: Callable[[str], dict | str | None],
) -> tuple[int, dict[str, list[dict]]]:
    """Run once to collect the vetting requests, answer them, run again on the answers."""
    policy = tmp_path / "bot.md"
    policy.write_text(POLICY, encoding="utf-8")
    answers, pending = tmp_path / "answers.jsonl", tmp_path / "pending"
    answers.write_text("", encoding="utf-8")
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(answers))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    args = ["check", "--isolated", "--no-cache", "-f", "json", str(policy), *STAGES]
    run(args)
    capsys.readouterr()
    lines = []
    for f in sorted(pending.glob("*.md")):
        response = answer(f.read_text(encoding="utf-8"))
        if response is not None:
            lines.append(json.dumps({"key": f.stem, "response": response}))
        f.unlink()
    answers.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    code = run(args)
    by_code: dict[str, list[dict]] = {}
    for d in json.loads(capsys.readouterr().out)["diagnostics"]:
        by_code.setdefault(d["code"], []).append(d)
    return code, by_code


def _is_spanish_pair(request: str) -> bool:
    return 'Rule B, line 9: "Always reply in Spanish."' in request


def test_an_example_with_its_marker_quoted_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(request: str) -> dict:
        if _is_spanish_pair(request):
            return {"reason": "example", "rule": "B", "evidence": "## What a session looks like",
                    "explanation": "line 9 is a sample reply"}  # fmt: skip
        return NONE

    code, by_code = _check(tmp_path, monkeypatch, capsys, answer)
    (aside,) = by_code["PL106"]
    assert aside["severity"] == "info"
    assert aside["data"]["set_aside"] == "PL101" and aside["data"]["vetted"] == "example"
    assert aside["data"]["evidence_line"] == 7
    assert "the rule on line 9 is an example" in aside["message"]
    assert [r["line"] for r in aside["rules"]] == [4, 9]  # both rules still shown
    (kept,) = by_code["PL102"]  # answered "none": stands, and says it was vetted
    assert kept["data"]["vetted"] == "kept"
    assert "PL101" not in by_code and "PL004" not in by_code
    assert code == 1
    assert "Read the quoted evidence" in aside["help"]  # not "say which one wins"


def test_every_collision_set_aside_leaves_an_info_only_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(request: str) -> dict:
        rule = "B"
        return {"reason": "example", "rule": rule, "evidence": "## What a session looks like",
                "explanation": "sample"}  # fmt: skip

    code, by_code = _check(tmp_path, monkeypatch, capsys, answer)
    assert len(by_code["PL106"]) == 2 and set(by_code) == {"PL106"}
    assert code == 0  # info does not fail a CI gate at the default --fail-on


@pytest.mark.parametrize(
    ("response", "problem"),
    [
        ({"reason": "exception", "rule": "", "evidence": "English wins over Spanish.",
          "explanation": "x"}, "evidence not found in the policy"),
        # a hedge must belong to the rule it softens, not sit anywhere in the policy
        ({"reason": "soft", "rule": "A", "evidence": "where is my order?",
          "explanation": "x"}, 'evidence for "soft" is on line 8'),
        ({"reason": "example", "rule": "", "evidence": "## What a session looks like",
          "explanation": "x"}, "does not say which rule"),
        ("{not json", "request failed"),
        (None, "request failed"),  # no answer at all
    ],
)  # fmt: skip
def test_an_answer_that_cannot_be_used_leaves_the_collision_and_is_reported(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    response: dict | str | None,
    problem: str,
) -> None:
    def answer(request: str) -> dict | str | None:
        return response if _is_spanish_pair(request) else NONE

    code, by_code = _check(tmp_path, monkeypatch, capsys, answer)
    assert "PL106" not in by_code
    (stands,) = by_code["PL101"]
    assert "vetted" not in stands["data"]  # it was not vetted, and does not claim it
    (warning,) = by_code["PL004"]
    assert warning["message"].startswith("vetting: line 4: ") and problem in warning["message"]
    assert code == 1


def test_around_keeps_the_lines_of_both_rules_of_a_long_policy(tmp_path: Path) -> None:
    from promptlint.llm.windows import around
    from promptlint.load import load

    f = tmp_path / "long.md"
    f.write_text("".join(f"- rule number {i} says something.\n" for i in range(1, 2001)))
    policy = load(str(f))
    whole = around(policy, (10, 1900), 10**7)
    assert whole.count("\n") == 1999
    text = around(policy, (10, 1900), 4000)
    assert len(text) <= 4000 + 200
    assert "   10| - rule number 10 " in text and " 1900| - rule number 1900 " in text
    assert "  ..." in text and " 1000| " not in text


def test_a_stated_exception_is_shown_but_the_collision_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(request: str) -> dict:
        if _is_spanish_pair(request):
            return {"reason": "exception", "rule": "", "evidence": "User: where is my order?",
                    "explanation": "x"}  # fmt: skip
        return NONE

    code, by_code = _check(tmp_path, monkeypatch, capsys, answer)
    (stands,) = by_code["PL101"]
    assert stands["severity"] == "error" and stands["data"]["vetted"] == "kept"
    assert stands["data"]["exception_line"] == 8
    assert "PL106" not in by_code and code == 1
    run(["check", "--isolated", "--no-cache", str(tmp_path / "bot.md"), *STAGES])
    assert '= note: line 8 may settle this: "User: where is my order?"' in capsys.readouterr().out
