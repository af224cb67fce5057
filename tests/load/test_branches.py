"""Exclusive template branches: arms of a Jinja if/elif/else and of a TypeScript ternary
inside a prompt; rules in two arms of one branch are not paired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.cli.app import run
from promptlint.load import load
from promptlint.load.branches import jinja_arms

_RULES = "Always answer in English, never share prices, and keep every reply under fifty words. "


def test_jinja_arms_of_each_branch_with_more_than_one_arm() -> None:
    text = (
        "A\n{% if x %}B{% elif y %}C{%- else -%}D{% endif %}\n"
        "{% if z %}E{% if w %}F{% else %}G{% endif %}{% endif %}\n"
    )
    arms = jinja_arms(text)
    spans = [(text[a:b], branch, arm) for a, b, branch, arm in arms]
    assert spans == [("B", 0, 0), ("C", 0, 1), ("D", 0, 2), ("F", 2, 0), ("G", 2, 1)]
    assert jinja_arms("{% if x %}A{% else %}B") == ()  # unbalanced: not read
    assert jinja_arms("{% endif %}") == ()


def test_ternary_arms_inside_a_prompt_and_functions_picked_by_a_switch(tmp_path: Path) -> None:
    source = (
        "const fast = () => `"
        + _RULES * 3
        + "${isLite ? 'Reply in one line.' : 'Reply in full.'}`;\n"
        "const deep = () => `" + _RULES * 3 + "`;\n"
        "const extra = () => `" + _RULES * 3 + "`;\n"
        "export const pick = (mode: string) => {\n"
        "  switch (mode) {\n    case 'fast':\n      return fast();\n"
        "    default:\n      return deep();\n  }\n};\n"
    )
    path = tmp_path / "prompts.ts"
    path.write_text(source, encoding="utf-8")
    policy = load(str(path))
    # fast and deep are alternatives; extra may be sent with either
    assert [s.prompt for s in policy.segments] == ["fast", "deep", ""]
    shown = sorted(policy.text[a:b] for a, b, _, _ in policy.arms)
    assert shown == ["'Reply in full.'", "'Reply in one line.'"]
    line = source.splitlines()[0]
    one, full = line.index("Reply in one"), line.index("Reply in full")
    assert policy.arms_at(1, one + 1) != policy.arms_at(1, full + 1)
    assert policy.arms_at(2, 1) == {}


@pytest.mark.parametrize("suffix", [".j2", ".md"])
def test_rules_in_two_arms_of_a_branch_are_not_paired(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"bot{suffix}"
    path.write_text(
        "# Bot\n\n{% if spanish %}\n- Always answer in Spanish.\n{% else %}\n"
        "- Always answer in French.\n{% endif %}\n\n- Always answer in German.\n",
        encoding="utf-8",
    )
    assert run(["check", "--isolated", "--no-cache", "-f", "json", str(path)]) == 1
    doc = json.loads(capsys.readouterr().out)
    pairs = sorted(
        (d["rules"][0]["line"], d["rules"][1]["line"])
        for d in doc["diagnostics"] if d["code"] == "PL101"
    )  # fmt: skip
    assert pairs == [(4, 9), (6, 9)]  # each arm against the text outside, never each other
    (note,) = [d for d in doc["diagnostics"] if d["code"] == "PL107"]
    assert note["data"] == {"branches": True, "set_aside": 1}


def test_a_ternary_between_two_strings_outside_a_template_is_a_branch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # opencommit's `config.OCO_DESCRIPTION ? 'Add a short description ...' : "Don't add any
    # descriptions ..."`: a setting picks one of the two strings, never both
    path = tmp_path / "prompts.ts"
    path.write_text(
        "const languageInstruction = () =>\n  config.FRENCH\n"
        "    ? 'Always reply in French.'\n    : \"Always reply in English.\";\n\n"
        "export const SYSTEM_PROMPT = `You are a support agent.\n${languageInstruction()}`;\n",
        encoding="utf-8",
    )
    assert run(["check", "--isolated", "--no-cache", "-f", "json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in doc["diagnostics"]] == ["PL107"]
    assert doc["diagnostics"][0]["data"] == {"branches": True, "set_aside": 1}
