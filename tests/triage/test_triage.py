from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.pyrule import compile_file, compile_text, format_rule_text
from promptlint.triage import triage


def rules(*bodies: str) -> str:
    return "\n".join(
        format_rule_text(f"r{i}", None, None, f"rule {i}", body.strip("\n").splitlines())
        for i, body in enumerate(bodies, 1)
    )


def test_support_bot_matches_expected(shared_dir: Path) -> None:
    ex = shared_dir / "examples" / "pyrule"
    expected = json.loads((ex / "support_bot.expected.json").read_text())
    result = triage(compile_file(ex / "support_bot.pyrule"))
    assert (result.rules, result.clauses, result.comparisons) == (
        expected["rules"],
        expected["clauses"],
        expected["comparisons"],
    )
    got = {(c.rules, c.surface.split(":")[0]) for c in result.candidates}
    assert got == {(tuple(c["rules"]), c["surface"]) for c in expected["candidates"]}
    pairs = {p for c in result.candidates for p in c.clause_pairs}
    for non in expected["not_candidates"]:
        a, b = non["clauses"]
        assert (a, b) not in pairs and (b, a) not in pairs, non["why"]
    assert not result.incomplete
    r5r6 = next(c for c in result.candidates if c.rules == ("r5", "r6"))
    assert dict(r5r6.assignment) == {
        "has_slot:booking_reference": True,
        "semantic:ambiguous_request": True,
        "tool_available:crm_lookup": False,
    }
    assert "the tool crm_lookup is not available" in r5r6.scenario


def test_comparisons_exclude_pairs_inside_one_rule() -> None:
    text = rules(
        "require(emoji())\nrequire(web_search())", "forbid(emoji())", "require(cite_sources())"
    )
    result = triage(compile_text(text))
    assert result.clauses == 4
    assert result.comparisons == 6 - 1
    assert [c.rules for c in result.candidates] == [("r1", "r2")]


def test_candidates_lift_clause_pairs_to_rule_pairs() -> None:
    text = rules(
        "require(emoji())\nrequire(cite_sources())", "forbid(emoji())\nforbid(cite_sources())"
    )
    (cand,) = triage(compile_text(text)).candidates
    assert cand.rules == ("r1", "r2")
    assert set(cand.clause_pairs) == {("r1#0", "r2#0"), ("r1#1", "r2#1")}


def test_solver_unknown_is_reported_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    from promptlint.triage import solver

    def unknown(self: object, formulas: list[object], variables: dict[str, object]) -> object:
        return solver.Unknown("timeout", "(check-sat)")

    monkeypatch.setattr(solver.Solver, "check", unknown)
    text = rules(
        'if regex(ctx.msg, "refund"):\n    require(reply_format("json"))',
        'if not contains(ctx.msg, "urgent"):\n    require(reply_format("plain_text"))',
    )
    result = triage(compile_text(text))
    assert not result.candidates
    (inc,) = result.incomplete
    assert (inc.rules, inc.reason, inc.smt2) == (("r1", "r2"), "timeout", "(check-sat)")


def test_real_timeout_yields_unknown_or_decision() -> None:
    """A tiny timeout on a string-heavy query never crashes and never silently drops."""
    text = rules(
        'if regex(ctx.msg, "^(a|b)*abab(a|b)*$") and contains(ctx.msg, "bbbbbbbbba"):\n'
        '    require(reply_case("lower"))',
        'if regex(ctx.msg, "^(ab)*$"):\n    require(reply_case("upper"))',
    )
    result = triage(compile_text(text), timeout_ms=1)
    assert len(result.candidates) + len(result.incomplete) <= 1
    assert result.solver_checks >= 1


def test_quality_findings() -> None:
    text = rules(
        'if ctx.user.age < 18 and ctx.user.age >= 18:\n    require(reply_style("formal"))',
        'require(reply_format("json"))\nrequire(reply_format("plain_text"))',
        "forbid(emoji())",
        "forbid(emoji())",
    )
    q = {f.kind: f for f in triage(compile_text(text)).quality}
    assert q["dead-clause"].clauses == ("r1#0",)
    assert q["self-collision"].rules == ("r2",)
    assert q["duplicate-clause"].rules == ("r3", "r4")


def test_trivial_pairs_do_not_import_z3(tmp_path: Path) -> None:
    f = tmp_path / "p.pyrule"
    f.write_text(
        rules(
            'require(reply_language("en"))',
            'if ctx.msg.language == "es":\n    require(reply_language("es"))',
        )
    )
    code = (
        "import sys\nfrom promptlint.pyrule import compile_file\nfrom promptlint.triage import triage\n"
        f"r = triage(compile_file({str(f)!r}))\n"
        "print(len(r.candidates), r.solver_checks, r.trivial_decisions, 'z3' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "0", "1", "False"]


def test_a_text_to_give_word_for_word_is_at_least_as_long_as_it_is() -> None:
    notice = "We have logged your complaint and will reply within eight weeks at the latest."
    cap = 'require(reply_length("words", "<", 10))'
    long_text = rules(cap, f'require(reply_contains("{notice}"))')
    (cand,) = triage(compile_text(long_text)).candidates
    assert cand.rules == ("r1", "r2")
    chars = rules(
        'require(reply_length("characters", "<=", 60))', f'require(reply_contains("{notice}"))'
    )
    assert [c.rules for c in triage(compile_text(chars)).candidates] == [("r1", "r2")]
    short = rules(cap, 'require(reply_contains("Ticket logged."))')
    assert triage(compile_text(short)).candidates == ()


def test_a_text_to_give_word_for_word_has_at_least_its_sentences() -> None:
    notice = (
        "You may complain to the regulator. In the EU, e.g. to the authority of your country. "
        "We reply within one month. This may be extended by 2.5 months."
    )
    cap = 'require(reply_length("sentences", "<=", 3))'
    (cand,) = triage(compile_text(rules(cap, f'require(reply_contains("{notice}"))'))).candidates
    assert cand.rules == ("r1", "r2")  # four sentences ("e.g." and "2.5" end none)
    four = 'require(reply_length("sentences", "<=", 4))'
    assert (
        triage(compile_text(rules(four, f'require(reply_contains("{notice}"))'))).candidates == ()
    )
