"""The realize, probe and judge stages alone, with injected fake models (no server)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from promptlint.errors import InputError
from promptlint.judge import judge_trial
from promptlint.llm.client import Chat, Failed, Reply
from promptlint.llm.schemas import (
    AtomVerdict,
    JudgeAnswer,
    JudgeRule,
    Suffix,
    Synthesized,
    WitnessCheck,
)
from promptlint.objects import Clause, Compare, Const, Pred, Ref, TrueCond
from promptlint.probe import Subject, TrialSpec, load_manifest, run_trial, stub_tools, tool_names
from promptlint.realize import Seed, SeedIndex, load_seeds, query_terms, realize_pair
from promptlint.witnessed import Pair, PairRule, Trial, Witness

SPANISH = "Hola, quiero saber si puedo cambiar la fecha de mi vuelo a Madrid la próxima semana."


def clause(
    rule: str, i: int, sign: str, primitive: str, activation: Any = None, **args: Any
) -> Clause:
    return Clause(rule, i, activation or TrueCond(), sign, primitive,  # type: ignore[arg-type]
                  tuple((k, Const(v)) for k, v in args.items()), primitive)  # fmt: skip


ES = Compare("==", Ref(("msg", "language")), Const("es"))
AMBIGUOUS = Pred("semantic", (Ref(("msg",)), Const("ambiguous_request")))


def lang_pair() -> Pair:
    r1 = PairRule(
        "r1",
        "Always answer in English.",
        "g1",
        "bot.md",
        8,
        3,
        (clause("r1", 0, "require", "reply_language", language="en"),),
        ("r1#0",),
    )
    r2 = PairRule("r2", "If the customer writes in Spanish, answer in Spanish.", "g2", "bot.md",
                  9, 3, (clause("r2", 0, "require", "reply_language", ES, language="es"),),
                  ("r2#0",))  # fmt: skip
    return Pair(
        "bot.md",
        r1,
        r2,
        "PL101",
        "reply_language",
        "exclusive-values",
        (("msg.language", "es"),),
        "the user writes in Spanish",
    )


def question_pair() -> Pair:
    r6 = PairRule("r6", "Ask no questions.", "g6", "bot.md", 23, 1,
                  (clause("r6", 0, "require", "question_count", op="<=", n=0),), ("r6#0",))  # fmt: skip
    r7 = PairRule("r7", "If ambiguous, ask.", "g7", "bot.md", 26, 1,
                  (clause("r7", 0, "require", "ask_clarify", AMBIGUOUS),), ("r7#0",))  # fmt: skip
    return Pair(
        "bot.md",
        r6,
        r7,
        "PL102",
        "ask_clarify",
        "require-forbid",
        (("semantic:ambiguous_request", True),),
        "the request is ambiguous",
    )


class FakeRealizer:
    """Accepts requests that contain ``accept``; counts its calls."""

    def __init__(self, accept: str = "", synth: str = SPANISH, fail: bool = False) -> None:
        self.accept, self.synth, self.fail = accept, synth, fail
        self.calls: list[str] = []

    async def verify(self, pair: Pair, request: str) -> WitnessCheck | str:
        self.calls.append("verify")
        if self.fail:
            return "HTTP 500: down"
        ok = self.accept in request
        return WitnessCheck(concrete=ok, earlier_governs=ok, later_governs=ok,
                            atoms=[AtomVerdict(id=0, holds=ok)], rationale="ok" if ok else "lacks it")  # fmt: skip

    async def suffix(self, pair: Pair, seed: str, missing: str) -> Suffix | str:
        self.calls.append("suffix")
        return Suffix(suffix=f"{self.accept} please.", rationale="adds it")

    async def synthesize(self, pair: Pair, variant: int, avoid: list[str]) -> Synthesized | str:
        self.calls.append("synthesize")
        return Synthesized(request=f"{self.synth} ({variant})" if avoid else self.synth,
                           rationale="made")  # fmt: skip


def go(coro: Any) -> Any:
    return asyncio.run(coro)


# --------------------------------------------------------------------------- realize


def test_code_rejects_a_wrong_language_without_asking_the_model() -> None:
    model = FakeRealizer()
    index = SeedIndex([Seed("s1", "Please reply in Spanish language about my trip to Spain.")])
    got = go(realize_pair(lang_pair(), 1, model, index))
    assert [w.tier for w in got.witnesses] == [3] and got.witnesses[0].text == SPANISH
    first = got.attempts[0]
    assert first.tier == 1 and first.by_code and not first.accepted
    assert "msg.language" in first.rationale
    # seed, seed + suffix both English: rejected by code; then one synthesis, one verify
    assert model.calls == ["suffix", "synthesize", "verify"]
    assert dict(got.witnesses[0].code_checks)["msg.language"] is True


def test_tiers_one_and_two_keep_the_seed_verbatim() -> None:
    model = FakeRealizer(accept="AB123")
    index = SeedIndex([Seed("a", "My ambiguous request about booking AB123"),
                       Seed("b", "An ambiguous request with nothing else")])  # fmt: skip
    got = go(realize_pair(question_pair(), 2, model, index))
    assert sorted((w.seed_id, w.tier) for w in got.witnesses) == [("a", 1), ("b", 2)]
    w2 = next(w for w in got.witnesses if w.tier == 2)
    assert w2.seed == "An ambiguous request with nothing else" and w2.suffix == "AB123 please."
    assert w2.text == f"{w2.seed} {w2.suffix}" and got.unrealized is None
    assert dict(w2.scores)["atom:semantic:ambiguous_request"] == 1.0


def test_a_pair_without_enough_witnesses_is_unrealized_with_the_reason() -> None:
    got = go(realize_pair(question_pair(), 1, FakeRealizer(accept="never"), None))
    assert got.witnesses == () and got.unrealized is not None
    assert got.unrealized.tried == 3 and "accepted 0 of 3" in got.unrealized.reason
    failed = go(realize_pair(question_pair(), 1, FakeRealizer(fail=True), None))
    assert failed.unrealized is not None and "HTTP 500" in failed.unrealized.reason


def test_query_terms_come_from_the_assignment_and_the_colliding_arguments() -> None:
    terms = query_terms(lang_pair())
    assert {"spanish", "español", "reply", "language", "en", "es"} <= set(terms)
    assert {"ambiguous", "request", "ask", "clarify"} <= set(query_terms(question_pair()))


def test_seed_files(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    f.write_text('{"id": "a", "text": "hi there"}\n\n'
                 '{"messages": [{"role": "system", "content": "x"}, {"role": "user", "content": "yo sk-abcdefghijklmnop"}]}\n')  # fmt: skip
    seeds = load_seeds(str(f))
    assert [(s.id, s.text) for s in seeds] == [("a", "hi there"), ("line3", "yo ***")]
    f.write_text('{"id": "a", "text": "x"}\n{"id": "a", "text": "y"}\n')
    with pytest.raises(InputError, match="duplicate seed id") as err:
        load_seeds(str(f))
    assert err.value.line == 2
    f.write_text('{"title": "no text"}\n')
    with pytest.raises(InputError, match="a seed needs a request"):
        load_seeds(str(f))


# --------------------------------------------------------------------------- probe


class FakeSubject:
    def __init__(self, replies: list[Reply | Failed]) -> None:
        self.replies = replies
        self.requests: list[Chat] = []

    async def chat(self, req: Chat) -> Reply | Failed:
        self.requests.append(req)
        return self.replies.pop(0)


TOOLS = stub_tools(["lookup_booking"])
WITNESS = Witness("bot.md::r1::r2", 0, SPANISH, 3)


def spec(subject: FakeSubject, regime: str = "TAH", max_steps: int = 2) -> TrialSpec:
    return TrialSpec(WITNESS, "POLICY", Subject("m", subject, "model-id", 0.5), regime, 1,
                     TOOLS if regime == "TAH" else (), max_steps)  # fmt: skip


def call(args: str = '{"ref": "X"}', name: str = "lookup_booking") -> Reply:
    return Reply("", (("c1", name, args),), finish_reason="tool_calls")


def test_tah_records_the_trace_and_feeds_stubbed_observations_back() -> None:
    subject = FakeSubject([call(), Reply("Done.")])
    t = go(run_trial(spec(subject)))
    assert (
        t.status == "ok"
        and t.response == "Done."
        and [s.name for s in t.trace] == ["lookup_booking"]
    )
    second = subject.requests[1]
    assert second.messages[-1]["role"] == "tool" and "stubbed" in second.messages[-1]["content"]
    assert second.messages[-2]["tool_calls"][0]["function"]["name"] == "lookup_booking"
    assert second.tools == TOOLS and second.sample == 1 and second.temperature == 0.5
    assert second.messages[0] == {"role": "system", "content": "POLICY"}


@pytest.mark.parametrize(
    ("replies", "status", "reason"),
    [
        ([Reply("", refusal="no")], "refused", "no"),
        ([call("{bad")], "malformed", "not a JSON object"),
        ([call("[1]")], "malformed", "not a JSON object"),
        ([call(name="rm_rf")], "malformed", "not a declared tool"),
        ([call(), call(), call()], "step-limit", "after 2 rounds"),
        ([Failed("HTTP 429: slow", "transient")], "failed", "transient: HTTP 429"),
    ],
)
def test_what_did_not_complete_gets_a_status_and_a_reason(
    replies: list[Reply | Failed], status: str, reason: str
) -> None:
    t = go(run_trial(spec(FakeSubject(list(replies)))))
    assert t.status == status and reason in t.reason


def test_pot_declares_no_tools_and_makes_one_request() -> None:
    subject = FakeSubject([Reply("Hi")])
    t = go(run_trial(spec(subject, "POT")))
    assert t.status == "ok" and len(subject.requests) == 1 and subject.requests[0].tools == ()


def test_tool_manifests_in_openai_and_mcp_form(tmp_path: Path) -> None:
    oa = tmp_path / "oa.json"
    oa.write_text(json.dumps([{"type": "function", "function": {
        "name": "search", "description": "d", "parameters": {"type": "object"}}}]))  # fmt: skip
    mcp = tmp_path / "mcp.json"
    mcp.write_text(
        json.dumps({"result": {"tools": [{"name": "read", "inputSchema": {"type": "object"}}]}})
    )
    assert load_manifest(str(oa))[0]["function"]["name"] == "search"
    assert load_manifest(str(mcp))[0]["function"] == {
        "name": "read", "description": "", "parameters": {"type": "object"}}  # fmt: skip
    (tmp_path / "e.json").write_text("[]")
    with pytest.raises(InputError, match="non-empty list"):
        load_manifest(str(tmp_path / "e.json"))


def test_stub_tools_come_from_the_rules() -> None:
    names = tool_names([("use_tool", {"name": "lookup booking"}), ("run_shell", {}),
                        ("reply_language", {"language": "en"}), ("use_tool", {"name": "x*"})])  # fmt: skip
    assert names == ["lookup_booking", "run_shell"]
    shell = stub_tools(names)[1]["function"]
    assert shell["parameters"]["properties"]["command"]["type"] == "string"


# --------------------------------------------------------------------------- judge


class FakeJudge:
    def __init__(self, answers: list[tuple[bool, bool]], fail: bool = False) -> None:
        self.answers, self.fail = answers, fail
        self.calls = 0

    async def judge(self, pair: Pair, witness: Witness, trial: Trial,
                    decided: str) -> tuple[list[JudgeAnswer], list[str]]:  # fmt: skip
        self.calls += 1
        if self.fail:
            return [], ["HTTP 500"]
        rule = {"governs": True, "judgeable": True, "rationale": "r"}
        return [JudgeAnswer(earlier=JudgeRule(**rule, complies=e), later=JudgeRule(**rule, complies=lt))
                for e, lt in self.answers], []  # fmt: skip


def trial(response: str, pair: Pair) -> Trial:
    return Trial(pair.key, 0, "m", "POT", 0, "ok", response)


def test_code_decides_without_asking_the_model() -> None:
    judge = FakeJudge([(False, False)])
    t = go(judge_trial(trial("Hello, your booking is confirmed for next Monday.", lang_pair()),
                       lang_pair(), WITNESS, judge))  # fmt: skip
    assert judge.calls == 0
    assert (t.earlier.complies, t.later.complies) == (True, False)  # type: ignore[union-attr]
    assert t.earlier.source == "code"  # type: ignore[union-attr]


def test_the_code_verdict_wins_and_k_judges_vote() -> None:
    pair = question_pair()
    w = Witness(
        pair.key,
        0,
        "I want to change something?",
        3,
        scores=(("atom:semantic:ambiguous_request", 1.0),),
    )
    judge = FakeJudge([(True, True), (True, False), (True, True)])
    t = go(judge_trial(trial("Which date? And which route?", pair), pair, w, judge))
    assert judge.calls == 1
    # two questions: code says r6 is violated, whatever the judges said
    assert t.earlier.complies is False and t.earlier.source == "code"  # type: ignore[union-attr]
    # ask_clarify is the model's: 2 of 3 judges say it was followed
    assert t.later.complies is True and t.later.agreement == pytest.approx(2 / 3)  # type: ignore[union-attr]


def test_a_failed_judge_leaves_the_rule_unjudgeable_with_the_reason() -> None:
    pair = question_pair()
    w = Witness(pair.key, 0, "x", 3, scores=(("atom:semantic:ambiguous_request", 1.0),))
    t = go(judge_trial(trial("Fine.", pair), pair, w, FakeJudge([], fail=True)))
    assert t.later is not None and not t.later.judgeable and "HTTP 500" in t.later.reason
    no_judge = go(judge_trial(trial("Fine.", pair), pair, w, None))
    assert no_judge.later is not None and "no model judge" in no_judge.later.reason


def test_a_rule_whose_situation_no_longer_holds_does_not_govern() -> None:
    pair = question_pair()
    w = Witness(pair.key, 0, "x", 3, scores=(("atom:semantic:ambiguous_request", 0.0),))
    t = go(judge_trial(trial("Fine.", pair), pair, w, FakeJudge([(True, True)])))
    assert t.later is not None and t.later.governs is False


def test_unfinished_trials_are_not_judged() -> None:
    t = Trial("p", 0, "m", "POT", 0, "refused", reason="no")
    assert go(judge_trial(t, lang_pair(), WITNESS, FakeJudge([]))) == t
