"""The deterministic verifiers on IFEval's own instruction phrasings and GPT-4 outputs
(fixtures/ifeval/: twelve lines copied verbatim from IFEval's released responses).

Each case names the IFEval instruction, the PyRule clause promptlint encodes it as, and
the verdict IFEval's definition gives for that response, labelled by reading it (IFEval's
per-response results are not in its released data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.judge import Response, verify
from promptlint.objects import Clause, Const, TrueCond

DATA = Path(__file__).resolve().parents[2] / "fixtures" / "ifeval" / "gpt4_responses.jsonl"
ROWS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]

# line, IFEval instruction id, sign, primitive, arguments, followed under IFEval's definition
CASES = [
    (0, "change_case:english_lowercase", "require", "reply_case", {"case": "lower"}, True),
    (0, "language:response_language", "require", "reply_language", {"language": "en"}, True),
    (1, "detectable_format:number_bullet_lists", "require", "reply_length",
     {"unit": "bullets", "op": "==", "n": 3}, True),
    (1, "punctuation:no_comma (applied to this output)", "forbid", "punctuation", {"mark": ","}, False),
    (2, "change_case:english_capital", "require", "reply_case", {"case": "upper"}, False),
    (3, "change_case:english_lowercase", "require", "reply_case", {"case": "lower"}, False),
    (4, "detectable_format:json_format", "require", "reply_format", {"format": "json"}, True),
    (5, "length_constraints:number_paragraphs", "require", "reply_length",
     {"unit": "paragraphs", "op": "==", "n": 2}, True),
    (6, "detectable_format:json_format", "require", "reply_format", {"format": "json"}, True),
    (6, "change_case:english_lowercase (applied to this output)", "require", "reply_case",
     {"case": "lower"}, False),
    (7, "combination:two_responses (the separator)", "require", "reply_contains",
     {"text": "******"}, True),
    (8, "punctuation:no_comma", "forbid", "punctuation", {"mark": ","}, True),
    (9, "language:response_language", "require", "reply_language", {"language": "kn"}, True),
    (10, "change_case:english_lowercase", "require", "reply_case", {"case": "lower"}, True),
    (11, "startend:end_checker", "require", "reply_ends_with",
     {"text": "Can I get my money back for the classes I missed?"}, True),
    (11, "detectable_format:json_format (applied to this output)", "require", "reply_format",
     {"format": "json"}, False),
]  # fmt: skip


@pytest.mark.parametrize(("line", "instruction", "sign", "primitive", "args", "followed"), CASES,
                         ids=[f"{c[0]}-{c[1].split()[0]}" for c in CASES])  # fmt: skip
def test_verifier_agrees_with_ifeval(
    line: int, instruction: str, sign: str, primitive: str, args: dict[str, object],
    followed: bool,
) -> None:  # fmt: skip
    clause = Clause("r1", 0, TrueCond(), sign, primitive,  # type: ignore[arg-type]
                    tuple((k, Const(v)) for k, v in args.items()), primitive)  # type: ignore[arg-type]  # fmt: skip
    got = verify(clause, Response(ROWS[line]["response"]))
    assert got.holds is followed, (instruction, got.detail)


def test_the_fixture_holds_ifevals_prompts() -> None:
    assert len(ROWS) == 12 and all(set(r) == {"prompt", "response"} for r in ROWS)
    assert "all lowercase letters" in ROWS[3]["prompt"]
