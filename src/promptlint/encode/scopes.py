"""What a rule is scoped to besides its condition: the audience it names ("answers for
adults"), the output it is about ("push notifications", "SMS"), and "only use X for Y"."""

from __future__ import annotations

import re
from functools import cache

from promptlint import resources

__all__ = ["ONLY_AFTER", "ONLY_FOR", "audience", "output_scope", "section_scope"]


ONLY_FOR = re.compile(
    r"^(?:you\s+)?(?:(?:may|can|should|must|are allowed to|are permitted to)\s+)?only\s+"
    r"(?:ever\s+)?(?P<rest>(?:use|run|call|invoke|search|browse|contact|email|share|edit|"
    r"access|open|query)\b.+?)\s+(?:for|when|if|while|during|on)\s+(?P<cond>[^,;]+?)[.!]?$",
    re.I,
)
#: "output X again only to revise the plan": X is allowed for that purpose, not required
ONLY_AFTER = re.compile(
    r"^(?P<rest>(?!only\b)[\w`].+?)\s+only\s+(?P<kw>to|for|when|if|while|during|after|once|on)\s+"
    # a comma inside the condition ("after comprehensive, multi-angle research") but not
    # one that starts another demand (", then ...", ", and never ...")
    r"(?P<cond>(?:[^,;]|,(?!\s*(?:then|and|but|or|otherwise|else|so|always|never|do|don't|you)\b))+?)"
    r"[.!]?$",
    re.I,
)
_AUDIENCE = re.compile(
    r"\b(?:for|with|to)\s+(?:an?\s+|the\s+|every\s+|each\s+|all\s+|any\s+)?(?P<who>adults?|adult users|grown-ups|children|child|"
    r"kids?|minors?|teens?|teenagers?|young children)\b",
    re.I,
)


@cache
def _outputs() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the output as the rule's subject, the output named elsewhere in the rule)"""
    names = sorted(resources.lexicon_map("outputs"), key=len, reverse=True)
    forms = [f"{n[:-1]}ies|{n}" if n.endswith("y") else n for n in names]
    alternation = "|".join(
        re.escape(f).replace(r"\ ", r"[\s\-]+").replace(r"\|", "|") for f in forms
    )
    subject = re.compile(
        rf"^(?:(?:the|all|every|each|any|your|our)\s+)?(?P<lead>(?:[\w\-]+\s+){{0,3}}?)"
        rf"(?P<a>{alternation})(?:e?s)?\b",
        re.I,
    )
    elsewhere = re.compile(
        rf"\b(?:in|for|on|via|by)\s+(?:(?:the|all|every|each|any|your|an?)\s+)?(?P<b>{alternation})(?:e?s)?\b"
        # "Always format the final report as ...": the output written is the object
        rf"|^(?:(?:always|never|please|also)\s+)?(?:format|structure|write|draft|compose|produce|prepare|style|send|file|post|keep|limit|cap|make)\s+(?:(?:the|your|each|every|all|any|an?)\s+)?(?:[\w\-]+\s+){{0,3}}?(?P<c>{alternation})(?:e?s)?\b",
        re.I,
    )
    return subject, elsewhere


@cache
def _output_names() -> dict[str, str]:
    """Output phrase (spaces for hyphens) -> canonical output name."""
    return {re.sub(r"[\s\-]+", " ", k): v for k, v in resources.lexicon_map("outputs").items()}


@cache
def _not_subject_words() -> frozenset[str]:
    """Verbs: a word before an output's name that makes it an object, not the subject
    ("Cite the Summary Plan Description section" is about no summary)."""
    names = {w for n in resources.lexicon_map("outputs") for w in n.split()}
    return resources.lexicon()["verbs"] - names - {"text", "email", "post"}


#: a rule about the agent's replies: "Always reply to guests in ...", "Messages to drivers
#: must ...", "every troubleshooting answer"
_REPLY_NOUN = (
    r"(?:repl(?:y|ies)|responses?|answers?|messages?)\b"
    r"(?!\s+(?:templates?|ids?|logs?|history|queue)\b)"  # "message templates" are not replies
)
_REPLIES = re.compile(
    r"^(?:(?:always|never|please|only|also|then)\s+)?(?:(?:you\s+)?(?:must|should|shall|will)\s+"
    r"(?:not\s+|never\s+|always\s+)?)?(?:reply|respond)\b"
    rf"|^(?:(?:the|all|every|each|any|your|our)\s+)?(?:[\w\-]+\s+){{0,2}}?{_REPLY_NOUN}"
    rf"|\b(?:every|each|all|any)\s+(?:[\w\-]+\s+)?{_REPLY_NOUN}",
    re.I,
)


_REASON = re.compile(r"\s+(?:so that|so|because|since|in order to)\s|\s*[;(\u2014]", re.I)


def output_scope(text: str) -> list[str]:
    """The output a rule is about as conditions: ``ctx.env.output == "push_notification"``
    for one it names, and whether that is a reply (chat, voice, SMS) or a document the
    agent writes (a summary, a ticket, an email). A rule about the agent's replies
    ("Always reply to guests in ...") does not reach its documents."""
    # "... so it renders nicely in the PR comment": a reason names no output
    text = _REASON.split(text, maxsplit=1)[0]
    subject, elsewhere = _outputs()
    m = subject.match(text)
    if m is not None and not set(m["lead"].lower().split()) & _not_subject_words():
        said = m["a"]
    elif (m := elsewhere.search(text)) is not None:
        said = m["b"] or m["c"]
    else:
        return ['ctx.env.output_kind == "reply"'] if _REPLIES.search(text) else []
    said = re.sub(r"[\s\-]+", " ", said.lower())
    table = _output_names()
    name = table.get(said) or table.get(said[:-3] + "y" if said.endswith("ies") else said, said)
    name = name.replace(" ", "_")
    kind = "reply" if name in resources.lexicon()["reply_outputs"] else "document"
    return [f'ctx.env.output == "{name}"', f'ctx.env.output_kind == "{kind}"']


_SECTION = re.compile(
    r"(?<!except )\bin\s+the\s+(?P<name>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){0,3})\s+section\b"
)


def section_scope(text: str) -> str | None:
    """A named section a requirement is about ("list contributors in the Thanks
    section"), as the situation an exception may name ("except in the Thanks section")."""
    m = _SECTION.search(text)
    if m is None or re.search(r"\bexcept\b", text[: m.start()], re.I):
        return None
    return f"{m['name']} section"


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
