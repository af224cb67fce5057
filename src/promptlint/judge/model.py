"""The model judge: labels for what code cannot decide, from the rules' quotes and gists,
the request, the response and the trace; ``k`` independent judgements by majority."""

from __future__ import annotations

import asyncio

from promptlint.llm.client import LLMClient, Ok, Request
from promptlint.llm.schemas import JudgeAnswer
from promptlint.llm.templates import template
from promptlint.witnessed import Pair, Trial, Witness

__all__ = ["ModelJudge"]


class ModelJudge:
    def __init__(self, client: LLMClient, k: int = 1) -> None:
        self.client = client
        self.k = k

    async def judge(
        self, pair: Pair, witness: Witness, trial: Trial, decided: str
    ) -> tuple[list[JudgeAnswer], list[str]]:
        """The answers of ``k`` judges, and the reasons of those that gave none."""
        text, version = template("judge")
        trace = "\n".join(f"{i + 1}. {s.name}({s.arguments}) -> {s.observation}"
                          for i, s in enumerate(trial.trace)) or "(none)"  # fmt: skip
        prompt = text.format(
            earlier_quote=pair.earlier.quote, earlier_gist=pair.earlier.gist,
            later_quote=pair.later.quote, later_gist=pair.later.gist,
            request=witness.text, trace=trace, response=trial.response or "(empty)",
            decided=decided or "(none)",
        )  # fmt: skip
        reqs = [Request("judge", ({"role": "user", "content": prompt},), JudgeAnswer, version,
                        sample=i) for i in range(self.k)]  # fmt: skip
        outs = await asyncio.gather(*(self.client.complete(r) for r in reqs))
        answers = [o.value for o in outs if isinstance(o, Ok)]
        problems = [o.reason for o in outs if not isinstance(o, Ok)]
        return answers, problems  # type: ignore[return-value]
