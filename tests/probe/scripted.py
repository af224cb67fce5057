"""Scripted models for the probe tests: the helper model (witness verifier, suffix writer,
synthesizer, judge) and subject models whose behaviour is known in advance.

Subjects (the request's ``model``), on the three pairs of examples/support_bot.md:

- ``earlier``: complies with the earlier rule only (in the tool harness it first calls
  ``lookup_booking``, then answers);
- ``later``: complies with the later rule only;
- ``both``: complies with both where one reply can (the question pair, as the judge reads
  it), otherwise with the earlier rule;
- ``refuses``: a provider refusal every time;
- ``malformed``: a tool call whose arguments are not JSON, every time;
- ``ratelimited``: answers every request with 429 once, then like ``earlier``.

Which pair a request is about is read from the witness: a refund (length pair), a booking
reference (question pair), else the Spanish request (language pair). The judge reads the
``[earlier]`` / ``[later]`` / ``[both]`` marker of the reply it is shown.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

SEEDS = [
    {
        "id": "s1",
        "text": "Why was my refund for booking AB123 denied? Please explain the decision.",
    },
    {"id": "s2", "text": "I need to change my booking."},
    {"id": "s3", "text": "Can I bring my dog on the flight?"},
]
SPANISH = "Hola, quiero saber si puedo cambiar la fecha de mi vuelo a Madrid la próxima semana."
SUFFIX = "My booking reference is AB123, but I am not sure whether to change the date or the route."

EN_SHORT = "Thanks for reaching out. I have checked your booking and everything is in order now."
ES_REPLY = ("Gracias por escribirnos. He revisado su reserva y puede cambiar la fecha de su "
            "vuelo sin coste adicional esta semana.")  # fmt: skip
EN_LONG = " ".join(["Our refund team reviewed your booking carefully against the fare rules."] * 12)
C_EARLIER = "I have your booking reference AB123 and I will update the date for you now."
C_LATER = "Before I change anything, which date would you like instead?"
C_BOTH = "I have your booking reference AB123; I will keep the route and move the date."

#: the profile each subject implies on each pair, as a cell
EXPECTED = {
    "earlier": {"lang": "E", "length": "E", "question": "E"},
    "later": {"lang": "L", "length": "L", "question": "L"},
    "both": {"lang": "E", "length": "E", "question": "J"},
    "ratelimited": {"lang": "E", "length": "E", "question": "E"},
}


def completion(message: dict[str, Any], finish: str = "stop") -> dict[str, Any]:
    return {"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", **message}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}  # fmt: skip


def answer(obj: dict[str, Any]) -> dict[str, Any]:
    return {"body": completion({"content": json.dumps(obj)})}


def pair_of(text: str) -> str:
    if "refund" in text.lower():
        return "length"
    if "reference" in text.lower() or "AB123" in text:
        return "question"
    return "lang"


def _between(prompt: str, head: str) -> str:
    m = re.search(re.escape(head) + r"\s*<<<\n(.*?)\n>>>", prompt, re.S)
    return m.group(1) if m else ""


def helper(prompt: str) -> dict[str, Any]:
    if prompt.startswith("You verify a candidate test request"):
        request = _between(prompt, "Candidate request:")
        atoms = len(re.findall(r"^\d+\. ", prompt.split("Facts of the scenario:")[1], re.M))
        ok = True
        if "booking reference" in prompt.split("Scenario in which")[1].split("\n")[0]:
            ok = "AB123" in request and "not sure" in request
        return answer({"concrete": ok, "earlier_governs": ok, "later_governs": ok,
                       "atoms": [{"id": i, "holds": ok} for i in range(atoms)],
                       "rationale": "fits" if ok else "no booking reference and nothing ambiguous"})  # fmt: skip
    if prompt.startswith("You extend a seed request"):
        return answer({"suffix": SUFFIX, "rationale": "adds the reference and the ambiguity"})
    if prompt.startswith("You write one realistic test request"):
        return answer({"request": SPANISH, "rationale": "a Spanish request"})
    if prompt.startswith("You judge what an AI assistant did"):
        reply = _between(prompt, "Assistant's final response:")
        e = "[earlier]" in reply or "[both]" in reply
        lt = "[later]" in reply or "[both]" in reply
        rule = {"governs": True, "judgeable": True, "rationale": "read from the reply"}
        return answer({"earlier": {**rule, "complies": e}, "later": {**rule, "complies": lt}})
    raise AssertionError(f"unexpected helper prompt: {prompt[:80]}")


def subject(model: str, messages: list[dict[str, Any]], tools: list[Any]) -> dict[str, Any]:
    witness = next(m["content"] for m in messages if m["role"] == "user")
    which = pair_of(witness)
    if model == "refuses":
        return {"body": completion({"content": None, "refusal": "I can't help with that."})}
    if model == "malformed":
        call = {"id": "c1", "type": "function",
                "function": {"name": "lookup_booking", "arguments": '{"ref": "AB1'}}  # fmt: skip
        return {"body": completion({"content": None, "tool_calls": [call]}, "tool_calls")}
    if (
        model in ("earlier", "ratelimited")
        and tools
        and not any(m["role"] == "tool" for m in messages)
    ):
        call = {"id": "c1", "type": "function",
                "function": {"name": "lookup_booking", "arguments": '{"ref": "AB123"}'}}  # fmt: skip
        return {"body": completion({"content": None, "tool_calls": [call]}, "tool_calls")}
    cell = EXPECTED[model][which]
    text = {
        ("lang", "E"): EN_SHORT, ("lang", "L"): ES_REPLY,
        ("length", "E"): EN_SHORT, ("length", "L"): EN_LONG,
        ("question", "E"): C_EARLIER, ("question", "L"): C_LATER, ("question", "J"): C_BOTH,
    }[(which, cell)]  # fmt: skip
    marker = {"E": "[earlier]", "L": "[later]", "J": "[both]"}[cell]
    return {"body": completion({"content": f"{marker} {text}"})}


class Script:
    """The fake server's responder (thread-safe): helper requests carry one user message,
    subject requests a system message with the policy."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body["messages"]
        if messages[0]["role"] != "system":
            out = helper(messages[0]["content"])
        else:
            model = body["model"]
            if model == "ratelimited":
                key = json.dumps([messages, body.get("tools"), body.get("seed")], sort_keys=True)
                with self._lock:
                    first = key not in self._seen
                    self._seen.add(key)
                if first:
                    return {"status": 429, "body": {"error": {"message": "slow down"}},
                            "headers": {"Retry-After": "0"}}  # fmt: skip
            out = subject(model, messages, body.get("tools") or [])
        return {**out, "delay": self.delay} if self.delay else out
