"""The model-backed stages of `check` on recorded answers: pending requests are written
for answering, answers replay by content hash, nominated pairs are encoded jointly and
confirmed by the solver (source "nomination") or reported as PL105, and failures warn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.cli.app import run

POLICY = """# Support

- Keep every answer under 50 words.
- When a customer disputes a charge, walk them through every line of the invoice.
- Be friendly.
"""

STAGES = ["--backend", "llm", "--model-stages", "policy-model,overlap,nominate"]


def _answer(prompt: str) -> dict:
    if "build the vocabulary" in prompt:
        return {
            "entries": [
                {
                    "kind": "situation",
                    "name": "customer disputes a charge",
                    "description": "",
                    "aliases": [],
                }
            ],
            "relations": [],
        }
    if "review an LLM agent" in prompt:
        return {"pairs": [
            {"quote_a": "Keep every answer under 50 words.",
             "quote_b": "When a customer disputes a charge, walk them through every line of the invoice.",
             "situation": "a long invoice is disputed", "reason": "cap vs content"},
            {"quote_a": "Be friendly.", "quote_b": "Keep every answer under 50 words.",
             "situation": "any", "reason": "none really"},
            {"quote_a": "Always reply in French.", "quote_b": "Be friendly.",
             "situation": "s", "reason": "a quote the policy does not have"},
        ]}  # fmt: skip
    if "encode two rules" in prompt and "Be friendly" in prompt:
        return {"body_a": 'prefer(reply_style("friendly"))',
                "body_b": 'require(reply_length("words", "<", 50))',
                "entries": [], "relations": []}  # fmt: skip
    if "encode two rules" in prompt:
        return {"body_a": 'require(reply_length("words", "<", 50))',
                "body_b": 'if semantic(ctx.msg, "customer_disputes_charge"):\n'
                          '    require(reply_length("words", ">=", 120))',
                "entries": [], "relations": []}  # fmt: skip
    if "check one finding" in prompt:
        return {"reason": "none", "rule": "", "evidence": "", "explanation": ""}
    raise AssertionError(prompt[:200])


def _record(pending: Path, answers: Path) -> int:
    lines = []
    for f in sorted(pending.glob("*.md")):
        text = f.read_text(encoding="utf-8")
        lines.append(json.dumps({"key": f.stem, "response": _answer(text)}))
        f.unlink()
    with answers.open("a", encoding="utf-8") as out:
        out.write("".join(line + "\n" for line in lines))
    return len(lines)


def test_recorded_nomination_confirms_one_pair_and_reports_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    policy = tmp_path / "bot.md"
    policy.write_text(POLICY, encoding="utf-8")
    answers, pending = tmp_path / "answers.jsonl", tmp_path / "pending"
    answers.write_text("", encoding="utf-8")
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(answers))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    args = ["check", "--isolated", "--no-cache", "-f", "json", str(policy), *STAGES]

    # round 1: nothing recorded; the model stages fail with a warning, never silently
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {d["code"] for d in doc["diagnostics"]} - {"PL205"} == {"PL004"}
    assert _record(pending, answers) == 2  # the policy model and the nomination
    # round 2: the joint encodings of the two located pairs are asked for
    run(args)
    capsys.readouterr()
    assert _record(pending, answers) == 2
    # round 3: everything replays; no request is left unanswered
    code = run(args)
    doc = json.loads(capsys.readouterr().out)
    assert not pending.exists() or not list(pending.glob("*.md"))
    assert code == 1
    by_code: dict[str, list] = {}
    for d in doc["diagnostics"]:
        by_code.setdefault(d["code"], []).append(d)
    (found,) = by_code["PL103"]
    assert found["data"]["source"] == "nomination"
    assert "50 words" in found["rules"][0]["quote"] and "invoice" in found["rules"][1]["quote"]
    (unconfirmed,) = by_code["PL105"]
    assert unconfirmed["severity"] == "info" and "not confirmed" in unconfirmed["message"]
    (rejected,) = by_code["PL006"]
    assert "Always reply in French" in rejected["message"]


def test_replay_never_opens_a_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    def refuse(*a: object, **k: object) -> None:
        raise AssertionError("a connection was opened")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    policy = tmp_path / "bot.md"
    policy.write_text(POLICY, encoding="utf-8")
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(tmp_path / "none.jsonl"))
    run(["check", "--isolated", "--no-cache", str(policy), *STAGES])
    assert "PL004" in capsys.readouterr().out


def test_all_model_stages_against_a_server_and_a_second_run_makes_no_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fake_server import FakeServer, completion

    def respond(body: dict) -> dict:
        prompt = body["messages"][0]["content"]
        if "You extract the standing rules" in prompt:
            quotes = [line[2:] for line in POLICY.splitlines() if line.startswith("- ")]
            return {"body": completion(json.dumps({"rules": [{"quote": q, "gist": "g"}
                                                             for q in quotes]}))}  # fmt: skip
        if "PyRule function body" in prompt:
            return {"body": completion(json.dumps({"body": ""}))}
        return {"body": completion(json.dumps(_answer(prompt)))}

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789abcdef")
    monkeypatch.delenv("PROMPTLINT_LLM_REPLAY", raising=False)
    (tmp_path / "bot.md").write_text(POLICY, encoding="utf-8")
    with FakeServer(default=respond) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        assert run(["check", "bot.md", "--backend", "llm", "-f", "json"]) == 1
        first = len(srv.requests)
        doc = json.loads(capsys.readouterr().out)
        assert any(d["code"] == "PL103" and d["data"]["source"] == "nomination"
                   for d in doc["diagnostics"])  # fmt: skip
        assert first >= 4  # extraction, encodings, policy model, nomination, joint encodings
        assert run(["check", "bot.md", "--backend", "llm", "-f", "json"]) == 1
        assert len(srv.requests) == first  # the second identical run: zero requests
        assert json.loads(capsys.readouterr().out)["diagnostics"] == doc["diagnostics"]


def test_each_further_reading_asks_with_its_own_focus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    policy = tmp_path / "bot.md"
    policy.write_text(POLICY, encoding="utf-8")
    pending = tmp_path / "pending"
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(tmp_path / "none.jsonl"))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    run(["check", "--isolated", "--no-cache", str(policy), "--backend", "llm",
         "--model-stages", "nominate", "--passes", "3"])  # fmt: skip
    capsys.readouterr()
    texts = sorted(f.read_text("utf-8") for f in pending.glob("*.md"))
    assert len(texts) == 3  # one request per reading, none answered from another
    assert sum("This is reading" in t for t in texts) == 2
    assert any("reading 2 of the policy: look especially at tools" in t for t in texts)


def _long_policy(n: int) -> str:
    lines = ["# Support", ""]
    for i in range(n):
        lines.append(f"- Rule {i}: always mention the order number {i} when the topic is {i}.")
    lines.insert(3, "- Keep every answer under 50 words.")
    lines.append(
        "- When a customer disputes a charge, walk them through every line of the invoice."
    )
    return "\n".join(lines) + "\n"


def test_sweep_parts_cover_every_line_once_each_with_the_whole_policy(tmp_path: Path) -> None:
    from promptlint.llm.windows import focus_parts
    from promptlint.load import load

    f = tmp_path / "bot.md"
    f.write_text(_long_policy(120), encoding="utf-8")
    policy = load(str(f))
    parts = focus_parts(policy, 1500, 160000)
    assert len(parts) > 3
    covered = [n for _, first, last in parts for n in range(int(first), int(last) + 1)]
    assert covered == list(range(1, len(f.read_text().splitlines()) + 1))
    assert all("Keep every answer under 50 words" in ctx and "disputes a charge" in ctx
               for ctx, _, _ in parts)  # fmt: skip
    small = focus_parts(policy, 1500, 3000)  # past context-chars: the lines around the part
    assert all(len(ctx) <= 3000 + 200 for ctx, _, _ in small)
    assert all(f"{first:>5}| " in ctx for ctx, first, _ in small)


def test_lines_of_a_json_string_are_numbered_apart(tmp_path: Path) -> None:
    """A chat payload keeps the prompt on one file line: its text lines are 7.1, 7.2, ...,
    so that each sweep part still names its own lines."""
    from promptlint.llm.windows import focus_parts, numbered_lines
    from promptlint.load import load

    f = tmp_path / "chat.json"
    f.write_text(json.dumps({"messages": [{"role": "system", "content": _long_policy(120)}]}))
    policy = load(str(f))
    labels = [text.split("|")[0].strip() for _, text in numbered_lines(policy)]
    assert labels[:3] == ["1.1", "1.2", "1.3"] and len(set(labels)) == len(labels)
    parts = focus_parts(policy, 1500, 160000)
    assert len(parts) > 3 and len({(first, last) for _, first, last in parts}) == len(parts)
    assert parts[0][1] == "1.1" and parts[-1][2] == labels[-1]


def test_sweep_asks_once_per_part_and_finds_a_pair_across_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    policy = tmp_path / "bot.md"
    policy.write_text(_long_policy(120), encoding="utf-8")
    (tmp_path / "promptlint.toml").write_text("[llm]\nsweep-chars = 1500\n", encoding="utf-8")
    pending = tmp_path / "pending"
    answers = tmp_path / "answers.jsonl"
    answers.write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(answers))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    args = ["check", "--no-cache", "bot.md", "--backend", "llm", "--model-stages", "nominate",
            "--sweep", "-f", "json"]  # fmt: skip
    run(args)
    capsys.readouterr()
    texts = sorted(f.read_text("utf-8") for f in pending.glob("*.md"))
    assert len(texts) > 3 and all("one part of a sweep" in t for t in texts)
    heads = [t.split("on lines ", 1)[1].split(",", 1)[0] for t in texts]
    assert len(set(heads)) == len(texts)  # each request its own part
    # the part holding the cap names the pair; the last part's rule is far away
    lines = []
    for f in sorted(pending.glob("*.md")):
        text = f.read_text("utf-8")
        first = int(text.split("on lines ", 1)[1].split(" ", 1)[0])
        pairs = _answer(text)["pairs"][:1] if first == 1 else []
        lines.append(json.dumps({"key": f.stem, "response": {"pairs": pairs}}))
        f.unlink()
    answers.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    run(args)
    capsys.readouterr()
    encodings = list(pending.glob("*.md"))
    assert len(encodings) == 1 and "encode two rules" in encodings[0].read_text("utf-8")
    _record(pending, answers)
    assert run(args) == 1
    doc = json.loads(capsys.readouterr().out)
    found = [d for d in doc["diagnostics"] if d["data"].get("source") == "nomination"]
    assert len(found) == 1 and {r["line"] for r in found[0]["rules"]} == {4, 124}


def test_a_rule_pointing_at_text_below_carries_it_into_its_joint_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptlint.llm.windows import pointed_text
    from promptlint.load import load

    ack = " ".join(["We are sorry and we have logged your complaint."] * 4)
    text = (
        "# Bank\n\n## Style\n- Keep every reply under 20 words.\n\n## Complaints\n"
        "When a customer complains, send the acknowledgement below word for word.\n\n"
        f"> {ack}\n\n## Cases\n- Always file a case.\n"
    )
    f = tmp_path / "bank.md"
    f.write_text(text, encoding="utf-8")
    policy = load(str(f))
    assert pointed_text(policy, "send the acknowledgement below word for word.") == f"> {ack}"
    assert pointed_text(policy, "Keep every reply under 20 words.") == ""

    nomination = {"pairs": [{"quote_a": "Keep every reply under 20 words.",
                             "quote_b": "send the acknowledgement below word for word.",
                             "situation": "a complaint", "reason": "the text is long"}]}  # fmt: skip
    body = _joint_request(f, nomination, monkeypatch, capsys)
    assert "the text it points at (after it in the policy):\n    | > We are sorry" in body
    rules = body.split("Rule A (", 1)[1]
    assert rules.count("the text it points at") == 1  # the reply cap points at nothing
    assert "Always file a case" not in body.split("Rule B")[1].split("Return")[0]


def test_a_rule_ending_in_a_colon_points_at_the_block_after_it(tmp_path: Path) -> None:
    from promptlint.llm.windows import pointed_text
    from promptlint.load import load

    welcome = '"Wipe your boots, stranger. Rooms are five silver and the cat is not for sale."'
    f = tmp_path / "npc.md"
    f.write_text(
        "# Inn\n\nGreet every new guest with the welcome, exactly as written:\n\n"
        f"{welcome}\n\nOn the first visit only, give one free mug of ale.\n",
        encoding="utf-8",
    )
    policy = load(str(f))
    rule = "Greet every new guest with the welcome, exactly as written:"
    assert pointed_text(policy, rule) == welcome  # the next block, not the rest
    assert pointed_text(policy, "On the first visit only, give one free mug of ale.") == ""


def test_a_rule_naming_a_titled_text_below_points_at_the_block_under_that_title(
    tmp_path: Path,
) -> None:
    from promptlint.llm.windows import pointed_text
    from promptlint.load import load

    policy_text = "Tickets are non-refundable once scanned. Credits expire at season end."
    f = tmp_path / "ski.md"
    f.write_text(
        "# Resort\n\n### Vouchers\n"
        "- Every refund reply must include the complete Refund Policy text below, word for word.\n"
        "- Season pass refunds are never handled in chat.\n\n"
        f"#### Refund Policy (quote exactly)\n\n> {policy_text}\n\n## Style\n- Be brief.\n",
        encoding="utf-8",
    )
    policy = load(str(f))
    rule = "Every refund reply must include the complete Refund Policy text below, word for word."
    assert pointed_text(policy, rule) == f"> {policy_text}"  # not the next bullet


def test_two_named_lines_extraction_did_not_take_are_two_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "router.md"
    f.write_text(
        "# Router\n\nRoutes:\n\n- 'rewrite': the user clearly asked for a change to the draft.\n"
        "- 'reply': the user surely wants no change at all.\n",
        encoding="utf-8",
    )
    nomination = {"pairs": [{"quote_a": "- 'rewrite': the user clearly asked for a change to the draft.",
                             "quote_b": "- 'reply': the user surely wants no change at all.",
                             "situation": "an unclear message", "reason": "no route fits"}]}  # fmt: skip
    # not dropped as "one rule": n1 and n2
    body = _joint_request(f, nomination, monkeypatch, capsys).split("Rule A (", 1)[1]
    assert body.startswith("n1,") and "Rule B (n2," in body


def _joint_request(
    f: Path, nomination: dict, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """The one joint-encoding request ``check`` asks for ``f`` once its nomination request
    is answered with ``nomination``."""
    answers, pending = f.parent / "answers.jsonl", f.parent / "pending"
    answers.write_text("", encoding="utf-8")
    monkeypatch.setenv("PROMPTLINT_LLM_REPLAY", str(answers))
    monkeypatch.setenv("PROMPTLINT_LLM_PENDING", str(pending))
    args = ["check", "--isolated", "--no-cache", "-f", "json", str(f),
            "--backend", "llm", "--model-stages", "nominate"]  # fmt: skip
    run(args)
    capsys.readouterr()
    (request,) = pending.glob("*.md")
    answers.write_text(json.dumps({"key": request.stem, "response": nomination}) + "\n")
    request.unlink()
    run(args)
    capsys.readouterr()
    (joint,) = pending.glob("*.md")
    return joint.read_text(encoding="utf-8")
