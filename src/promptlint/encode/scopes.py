"""What a rule is scoped to besides its condition: the audience it names ("answers for
adults"), the output it is about ("push notifications", "SMS"), and "only use X for Y"."""

from __future__ import annotations

import re
from functools import cache

from promptlint import resources

__all__ = ["ONLY_AFTER", "ONLY_FOR", "audience", "output_scope"]


ONLY_FOR = re.compile(
    r"^(?:you\s+)?(?:(?:may|can|should|must|are allowed to|are permitted to)\s+)?only\s+"
    r"(?:ever\s+)?(?P<rest>(?:use|run|call|invoke|search|browse|contact|email|share|edit|"
    r"access|open|query)\b.+?)\s+(?:for|when|if|while|during|on)\s+(?P<cond>[^,;]+?)[.!]?$",
    re.I,
)
#: "output X again only to revise the plan": X is allowed for that purpose, not required
ONLY_AFTER = re.compile(
    r"^(?P<rest>(?!only\b)[\w`].+?)\s+only\s+(?P<kw>to|for|when|if|while|during|after|once|on)\s+"
    r"(?P<cond>[^,;]+?)[.!]?$",
    re.I,
)
_AUDIENCE = re.compile(
    r"\b(?:for|with|to)\s+(?:an?\s+|the\s+)?(?P<who>adults?|adult users|grown-ups|children|child|"
    r"kids?|minors?|teens?|teenagers?|young children)\b",
    re.I,
)


@cache
def _outputs() -> re.Pattern[str]:
    names = sorted(resources.lexicon_map("outputs"), key=len, reverse=True)
    forms = [f"{n[:-1]}ies|{n}" if n.endswith("y") else n for n in names]
    alternation = "|".join(
        re.escape(f).replace(r"\ ", r"[\s\-]+").replace(r"\|", "|") for f in forms
    )
    subject = r"^(?:(?:the|all|every|each|any|your|our)\s+)?(?:[\w\-]+\s+){0,3}?"
    return re.compile(
        rf"{subject}(?P<a>{alternation})(?:e?s)?\b|\b(?:in|for|on|via|by)\s+(?:(?:the|all|every|each|any|your|an?)\s+)?(?P<b>{alternation})(?:e?s)?\b",
        re.I,
    )


def output_scope(text: str) -> str | None:
    """The output a rule is about, if it names one other than the chat reply, as a
    condition: ``ctx.env.output == "push_notification"``."""
    m = _outputs().search(text)
    if m is None:
        return None
    said = re.sub(r"[\s\-]+", " ", (m["a"] or m["b"]).lower())
    table = {re.sub(r"[\s\-]+", " ", k): v for k, v in resources.lexicon_map("outputs").items()}
    name = table.get(said) or table.get(said[:-3] + "y" if said.endswith("ies") else said, said)
    return f'ctx.env.output == "{name.replace(" ", "_")}"'


def audience(text: str) -> str | None:
    """An audience named inside the rule ("answers for adults", "with a child") as an age
    condition, so rules for children and for adults exclude each other."""
    m = _AUDIENCE.search(text)
    if m is None:
        return None
    return (
        "ctx.user.age >= 18"
        if m["who"].lower().startswith(("adult", "grown"))
        else "ctx.user.age < 18"
    )
