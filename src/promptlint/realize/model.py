"""The model's part of realization: the witness verifier (for what code cannot check),
the tier-2 suffix writer and the tier-3 synthesizer, each one cached request."""

from __future__ import annotations

from typing import Any

from promptlint.llm.client import LLMClient, Ok, Request
from promptlint.llm.schemas import Suffix, Synthesized, WitnessCheck
from promptlint.llm.templates import template
from promptlint.witnessed import Pair

__all__ = ["ModelRealizer", "model_atoms"]

#: assignment keys code decides from the request text itself
_CODE_KEYS = ("msg.language", "msg.text", "msg.word_count")


def model_atoms(pair: Pair) -> list[tuple[str, Any]]:
    """The facts of the symbolic witness that the model verifier is asked about."""
    return [(k, v) for k, v in pair.assignment
            if k not in _CODE_KEYS and not k.startswith(("word_count(", "char_count(", "regex:",
                                                        "action."))]  # fmt: skip


def _atom_text(key: str, value: Any) -> str:
    kind, _, rest = key.partition(":")
    words = rest.replace("_", " ")
    if kind == "semantic":
        return f"the request is about / asks for: {words}" if value else f"NOT: {words}"
    if kind == "has_slot":
        return (
            f"the request gives the {words}" if value else f"the request does not give the {words}"
        )
    if rest:
        return f"{kind.replace('_', ' ')} {words}: {'yes' if value else 'no'}"
    return f"{key} = {value}"


class ModelRealizer:
    def __init__(self, client: LLMClient) -> None:
        self.client = client

    def _rules(self, pair: Pair) -> dict[str, str]:
        return {"earlier_quote": pair.earlier.quote, "earlier_gist": pair.earlier.gist,
                "later_quote": pair.later.quote, "later_gist": pair.later.gist,
                "scenario": pair.scenario}  # fmt: skip

    async def verify(self, pair: Pair, request: str) -> WitnessCheck | str:
        """The verifier's answer, or why there is none."""
        text, version = template("realize_verify")
        atoms = model_atoms(pair)
        listed = "\n".join(f"{i}. {_atom_text(k, v)}" for i, (k, v) in enumerate(atoms)) or "(none)"
        prompt = text.format(**self._rules(pair), atoms=listed, request=request)
        out = await self.client.complete(
            Request("realize", ({"role": "user", "content": prompt},), WitnessCheck, version)
        )
        return out.value if isinstance(out, Ok) else out.reason  # type: ignore[return-value]

    async def suffix(self, pair: Pair, seed: str, missing: str) -> Suffix | str:
        text, version = template("realize_suffix")
        prompt = text.format(**self._rules(pair), seed=seed, missing=missing or "(not said)")
        out = await self.client.complete(
            Request("realize", ({"role": "user", "content": prompt},), Suffix, version)
        )
        return out.value if isinstance(out, Ok) else out.reason  # type: ignore[return-value]

    async def synthesize(self, pair: Pair, variant: int, avoid: list[str]) -> Synthesized | str:
        text, version = template("realize_synthesize")
        shown = "\n".join(f"- {a}" for a in avoid) or "(none yet)"
        prompt = text.format(**self._rules(pair), variant=variant + 1, avoid=shown)
        out = await self.client.complete(
            Request("realize", ({"role": "user", "content": prompt},), Synthesized, version)
        )
        return out.value if isinstance(out, Ok) else out.reason  # type: ignore[return-value]
