"""Rules read in context, the policy model, relations as solver facts, the overlap judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.encode import get_encoder
from promptlint.extract import get_extractor
from promptlint.load import load
from promptlint.objects import Entry, PolicyModel, Relation
from promptlint.pipeline.common import compile_outcomes
from promptlint.policymodel import build_offline, dump, load_model, merge, resolve, validate
from promptlint.pyrule import compile_text
from promptlint.triage import Verdict, triage

POLICY = """# Git

When the user asks you to create a new git commit, follow these steps:

1. Run git status to see changes.
2. NEVER use the TodoWrite or Task tools.

# Tasks

- Always use the TodoWrite tool to plan and track tasks.

<SECURITY>
Never do the following:
- push to main
- run rm -rf
</SECURITY>
"""


def _records(tmp_path: Path) -> tuple[object, list]:
    f = tmp_path / "agent.md"
    f.write_text(POLICY, encoding="utf-8")
    policy = load(str(f))
    return policy, list(get_extractor().extract([policy]).records)


def test_records_carry_section_and_governing_lead_in(tmp_path: Path) -> None:
    _, recs = _records(tmp_path)
    by_quote = {r.quote: r for r in recs}
    todo = by_quote["NEVER use the TodoWrite or Task tools."]
    assert todo.section == ("Git",)
    assert todo.lead_in == (
        "When the user asks you to create a new git commit, follow these steps:",
    )
    assert todo.in_context().startswith("When the user asks you to create a new git commit, NEVER")
    # a lead-in of an earlier section does not govern a list of a later one
    assert by_quote["Always use the TodoWrite tool to plan and track tasks."].lead_in == ()
    # a forceful lead-in gives its items force; the lead-in itself is no rule
    push = by_quote["push to main"]
    assert push.section == ("Tasks", "SECURITY")
    assert push.in_context() == "Never push to main"
    assert "must not push to main" in push.gist
    assert "Never do the following:" not in by_quote


def test_lead_in_condition_and_coordinated_tools_find_the_conflict(tmp_path: Path) -> None:
    _, recs = _records(tmp_path)
    model = build_offline(recs, POLICY)
    assert {e.name for e in model.entries} >= {"TodoWrite", "Task"}
    rules = [r for r, _ in compile_outcomes(list(get_encoder().encode(recs)), recs, "p", [])]
    rules = resolve(rules, model)
    (cand,) = triage(rules, model=model).candidates
    quotes = {r.id: r.quote for r in rules}
    assert "TodoWrite or Task" in quotes[cand.rules[0]] and "Always use" in quotes[cand.rules[1]]
    assert "commit" in cand.scenario
    # without the section's lead-in the two rules never meet
    plain = [r for r in recs]
    object.__setattr__(plain[1], "lead_in", ())
    rules2 = [r for r, _ in compile_outcomes(list(get_encoder().encode(plain)), plain, "p", [])]
    cands = triage(resolve(rules2, model), model=model).candidates
    assert all(c.assignment == () or "commit" not in c.scenario for c in cands)


def _rules(text: str) -> list:
    return list(compile_text(text, "<t>"))


RESTART = """
@rule("r1", span="1-1")
def r1(ctx):
    "Never restart services."
    forbid(act("restart services"))

@rule("r2", span="2-2")
def r2(ctx):
    "After a deploy, run systemctl restart nginx."
    if semantic(ctx.env, "after_deploy"):
        require(run_shell("systemctl restart nginx"))
"""


def test_is_a_relation_lets_a_described_action_meet_a_concrete_command() -> None:
    rules = _rules(RESTART)
    assert triage(rules).candidates == ()
    model = PolicyModel(
        (Entry("command", "systemctl restart *"), Entry("action", "restart services")),
        (Relation("is_a", "command:systemctl restart *", "action:restart services"),),
    )
    (cand,) = triage(rules, model=model).candidates
    assert cand.rules == ("r1", "r2")
    (why,) = cand.assumptions
    assert why.kind == "relation" and why.source == "policy-model"
    assert "restart services" in why.text()


EXCLUSIVE = """
@rule("r1", span="1-1")
def r1(ctx):
    "In plan mode, never edit files."
    if semantic(ctx.env, "plan_mode"):
        forbid(edit_file("**"))

@rule("r2", span="2-2")
def r2(ctx):
    "In act mode, edit the files you need."
    if semantic(ctx.env, "act_mode"):
        require(edit_file("src/**"))
"""


def test_excludes_relation_between_situations_removes_the_candidate() -> None:
    rules = _rules(EXCLUSIVE)
    assert len(triage(rules).candidates) == 1
    model = PolicyModel(
        (Entry("situation", "plan mode"), Entry("situation", "act mode")),
        (Relation("excludes", "situation:plan mode", "situation:act mode"),),
    )
    assert triage(rules, model=model).candidates == ()


OVERLAP = """
@rule("r1", span="1-1")
def r1(ctx):
    "Never share other passengers' details."
    forbid(disclose("other passengers details"))

@rule("r2", span="2-2")
def r2(ctx):
    "Read back all passenger names on the booking."
    require(disclose("all passenger names"))
"""


class _Judge:
    def __init__(self, holds: bool | None) -> None:
        self.holds = holds
        self.asked: list[tuple[str, str, str]] = []

    def overlap(self, surface: str, left: str, right: str) -> Verdict | None:
        self.asked.append((surface, left, right))
        return None if self.holds is None else Verdict(self.holds, "model", "names are details")


def test_open_values_go_to_the_judge_and_its_overlap_is_named() -> None:
    rules = _rules(OVERLAP)
    offline = triage(rules)
    assert offline.candidates == ()
    (q,) = offline.questions  # left open, reported, not dropped
    assert (q.left, q.right) == ("other passengers details", "all passenger names")
    assert triage(rules, judge=_Judge(False)).candidates == ()
    judge = _Judge(True)
    (cand,) = triage(rules, judge=judge).candidates
    assert judge.asked
    (why,) = cand.assumptions
    assert (why.kind, why.source) == ("overlap", "model")
    assert cand.to_dict()["assumptions"][0]["left"] == "other passengers details"


def test_policy_model_round_trips_merges_and_validates(tmp_path: Path) -> None:
    a = PolicyModel((Entry("tool", "TodoWrite", "", ("todo",)),), ())
    b = PolicyModel(
        (Entry("tool", "todowrite", "the todo tool", ("todo list",)), Entry("bogus", "x")),
        (Relation("is_a", "tool:todowrite", "action:plan"), Relation("likes", "a", "b")),
        "llm",
    )
    merged, problems = validate(merge(a, b))
    assert [e.aliases for e in merged.entries] == [("todo", "todo list")]
    assert merged.relations == () and len(problems) == 3
    f = tmp_path / "m.yaml"
    f.write_text(dump(merged), encoding="utf-8")
    assert load_model(f) == merged


def test_model_command_prints_and_stores_and_check_skips_the_stored_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptlint.cli.app import run

    f = tmp_path / "agent.md"
    f.write_text(POLICY, encoding="utf-8")
    assert run(["model", str(f), "--isolated"]) == 0
    assert "name: TodoWrite" in capsys.readouterr().out
    assert run(["model", str(f), "--isolated", "--write"]) == 0
    stored = tmp_path / "agent.md.model.yaml"
    capsys.readouterr()
    assert stored.is_file()
    assert run(["check", str(tmp_path), "--isolated", "--no-cache", "-f", "json"]) == 1
    import json

    doc = json.loads(capsys.readouterr().out)
    assert [x["path"] for x in doc["files"]] == [str(f)]  # the model file is no policy


def test_a_finding_through_a_relation_is_reported_in_words(tmp_path: Path) -> None:
    from promptlint.diagnostics import RuleRef
    from promptlint.pipeline.common import triage_diagnostics

    rules = _rules(RESTART)
    model = PolicyModel(
        (Entry("command", "systemctl restart *"), Entry("action", "restart services")),
        (Relation("is_a", "command:systemctl restart *", "action:restart services"),),
    )
    result = triage(rules, model=model)
    refs = {r.id: RuleRef(r.id, "p.md", i + 1, i + 1, r.quote, 1, 2) for i, r in enumerate(rules)}
    (d,) = triage_diagnostics(result, rules, refs, primary_path="p.md")
    assert '(so it requires the action "restart services")' in d.message
    assert "policy-model" in d.message


ONLY_MEANS = """
@rule("r1", span="1-1")
def r1(ctx):
    "If a pod is crash-looping, delete it."
    if semantic(ctx.env, "pod_crash_looping"):
        require(act("delete pod"))

@rule("r2", span="2-2")
def r2(ctx):
    "Never run kubectl delete."
    forbid(run_shell("kubectl delete *"))
"""


def test_a_required_action_with_one_named_means_requires_that_means() -> None:
    rules = _rules(ONLY_MEANS)
    one = PolicyModel(
        (Entry("command", "kubectl delete pod *"), Entry("action", "delete pod")),
        (Relation("is_a", "command:kubectl delete pod *", "action:delete pod"),),
    )
    (cand,) = triage(rules, model=one).candidates
    assert [a.reason for a in cand.assumptions] == ["is done only by"]
    two = PolicyModel(
        (*one.entries, Entry("tool", "k8s_api")),
        (*one.relations, Relation("is_a", "tool:k8s_api", "action:delete pod")),
    )
    assert triage(rules, model=two).candidates == ()  # another way exists: no collision


VOUCHERS = """
@rule("r1", span="1-1")
def r1(ctx):
    "Over three hours late: a $15 voucher."
    if semantic(ctx.env, "delay_over_three_hours"):
        require(act("issue $15 meal voucher"))

@rule("r2", span="2-2")
def r2(ctx):
    "Over two hours late: a $12 voucher."
    if semantic(ctx.env, "delay_over_two_hours"):
        require(act("issue $12 meal voucher"))
"""


def test_requiring_one_of_two_excluding_things_forbids_the_other() -> None:
    rules = _rules(VOUCHERS)
    assert triage(rules).candidates == ()
    model = PolicyModel(
        (Entry("action", "issue $15 meal voucher"), Entry("action", "issue $12 meal voucher")),
        (Relation("excludes", "action:issue $15 meal voucher", "action:issue $12 meal voucher"),),
    )
    (cand,) = triage(rules, model=model).candidates
    assert cand.rules == ("r1", "r2")
    assert all(a.reason == "excludes" for a in cand.assumptions)


ORDERS = """
@rule("r1", span="1-1")
def r1(ctx):
    "Verify the customer's identity before you act on any card."
    require(trace_order("verify_identity", "act_on_card"))

@rule("r2", span="2-2")
def r2(ctx):
    "If a card is stolen, freeze it first, before anything else."
    if semantic(ctx.msg, "card_stolen"):
        require(trace_order("freeze_card", "verify_identity"))
"""


def test_an_order_before_every_kind_of_event_meets_the_converse_order_of_one_kind() -> None:
    rules = _rules(ORDERS)
    assert triage(rules).candidates == ()
    model = PolicyModel(
        (Entry("action", "freeze_card"), Entry("action", "act_on_card")),
        (Relation("is_a", "action:freeze_card", "action:act_on_card"),),
    )
    (cand,) = triage(rules, model=model).candidates
    assert cand.rules == ("r1", "r2")
    (why,) = cand.assumptions
    assert why.kind == "relation" and "freeze_card" in why.text() and "act_on_card" in why.text()
    # the edge the other way (every card action is a freeze) says nothing about this order
    backwards = PolicyModel(model.entries,
                            (Relation("is_a", "action:act_on_card", "action:freeze_card"),))  # fmt: skip
    assert triage(rules, model=backwards).candidates == ()
