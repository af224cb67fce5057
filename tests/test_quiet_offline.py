"""The quiet offline contract: without a model reading the policy, a collision that rests
on a loose lexical overlap, or that pairs two rules of one decoded line, is held back as
info (PL109) with its reason, and never silently dropped. Hand-written pairs stand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.cli.app import run
from promptlint.pyrule import quote_sha

LOOSE = """# Research agent

- Don't waste tool calls verifying existence: just search for the thing directly.
- If the user wants a calendar event, don't just search: create the event.
"""

TWO_LINES = """# Outage desk

- Never use `broadcast`.
- For outages affecting more than 5,000 customers, notify every subscriber in the region with `broadcast`.
"""

ONE_LINE = (
    "# Outage desk\n\nNever use `broadcast`. For outages affecting more than 5,000 customers,"
    " notify every subscriber in the region with `broadcast`.\n"
)


def _check(path: Path, capsys) -> tuple[int, list[dict]]:  # type: ignore[no-untyped-def]
    code = run(["check", "--isolated", "--no-cache", "-f", "json", str(path)])
    return code, json.loads(capsys.readouterr().out)["diagnostics"]


def test_loose_overlap_is_held_back_with_its_reason(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.md").write_text(LOOSE, encoding="utf-8")
    code, diags = _check(tmp_path / "a.md", capsys)
    held = [d for d in diags if d["code"] == "PL109"]
    assert code == 0 and len(held) == 1, diags
    assert not [d for d in diags if d["code"] in ("PL101", "PL102", "PL103", "PL104")]
    d = held[0]
    assert d["severity"] == "info" and d["data"]["held_back"] == "PL102"
    assert d["data"]["reason"] == '"search" may not cover "search for the thing directly"'
    assert d["data"]["assumptions"][0]["reason"] == "loosely contained"
    assert [r["line"] for r in d["rules"]] == [3, 4]


def test_two_rules_of_one_line_are_held_back(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "one.md").write_text(ONE_LINE, encoding="utf-8")
    code, diags = _check(tmp_path / "one.md", capsys)
    assert code == 0
    assert [(d["code"], d["data"].get("reason")) for d in diags] == [
        ("PL109", "both rules are on one line")
    ]


def test_the_same_rules_on_two_lines_are_an_error(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "two.md").write_text(TWO_LINES, encoding="utf-8")
    code, diags = _check(tmp_path / "two.md", capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"]


def test_lines_of_a_json_string_are_lines_of_the_prompt(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    # the whole prompt is one line of the file, but two lines of the prompt
    policy = tmp_path / "d.json"
    policy.write_text(json.dumps({"messages": [{"role": "system", "content": TWO_LINES}]}))
    code, diags = _check(policy, capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"]
    assert diags[0]["rules"][0]["line"] == diags[0]["rules"][1]["line"] == 1


def test_hand_written_pairs_stand(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.md").write_text(LOOSE, encoding="utf-8")
    q1 = "Don't waste tool calls verifying existence: just search for the thing directly."
    q2 = "If the user wants a calendar event, don't just search: create the event."
    (tmp_path / "a.md.pyrule").write_text(
        f'@rule("r1", span="3-3", sha="{quote_sha(q1)}", origin="manual")\n'
        f'def r1(ctx):\n    "{q1}"\n    require(act("search for the thing directly"))\n\n\n'
        f'@rule("r2", span="4-4", sha="{quote_sha(q2)}", origin="manual")\n'
        f'def r2(ctx):\n    "{q2}"\n    forbid(act("search"))\n',
        encoding="utf-8",
    )
    code, diags = _check(tmp_path / "a.md", capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"], diags


def test_words_that_differ_only_in_inflection_need_no_assumption(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "g.md").write_text(
        "# Git\n\n- Never create new branches.\n"
        "- When triggered on an issue, always create a new branch.\n",
        encoding="utf-8",
    )
    code, diags = _check(tmp_path / "g.md", capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"]
    assert diags[0]["data"]["assumptions"] == []


ONLY_WHEN = "# Agent\n\n- Only call `end_turn` when the task is complete or you are blocked.\n"


def test_a_witness_denying_and_asserting_kindred_situations_is_held_back(
    tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    # "not (task complete or blocked)" and "have completed the request" are only words
    # offline: the one may be the other, so the finding is not vouched for
    (tmp_path / "k.md").write_text(
        ONLY_WHEN + "- When you have completed the request, call `end_turn`.\n", encoding="utf-8"
    )
    code, diags = _check(tmp_path / "k.md", capsys)
    assert code == 0 and [d["code"] for d in diags] == ["PL109"], diags
    assert diags[0]["data"]["reason"] == (
        'the witness needs "task complete or blocked" false and "have completed request" true,'
        ' which share "completed"'
    )


def test_a_witness_over_unrelated_situations_stands(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "u.md").write_text(
        ONLY_WHEN + "- When the user says goodbye, call `end_turn`.\n", encoding="utf-8"
    )
    code, diags = _check(tmp_path / "u.md", capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"], diags


@pytest.mark.parametrize(
    ("prohibition", "narrowing"),
    [
        ("Never cite the same source more than once.", "the same source"),
        ("Do not cite sources that are not in the sources section.", "that are not"),
        ("Do not share one customer's prices with another customer.", "another"),
    ],
)
def test_a_narrowed_prohibition_is_held_back(
    tmp_path: Path, capsys, prohibition, narrowing
) -> None:  # type: ignore[no-untyped-def]
    # offline the clause forbids the whole kind ("cite", "disclose prices"): the narrowing is lost
    required = "Always cite your sources." if "cite" in prohibition else "Quote prices in GBP."
    (tmp_path / "c.md").write_text(
        f"# Answers\n\n- {required}\n- {prohibition}\n", encoding="utf-8"
    )
    code, diags = _check(tmp_path / "c.md", capsys)
    assert code == 0 and [d["code"] for d in diags] == ["PL109"], diags
    assert diags[0]["data"]["reason"] == (
        f'the prohibition is narrowed ("{narrowing}"): it may not forbid what the other'
        " rule requires"
    )


def test_a_whole_prohibition_stands(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "w.md").write_text(
        "# Answers\n\n- Always cite your sources.\n- Never cite sources.\n", encoding="utf-8"
    )
    code, diags = _check(tmp_path / "w.md", capsys)
    assert code == 1 and [d["code"] for d in diags] == ["PL102"], diags
