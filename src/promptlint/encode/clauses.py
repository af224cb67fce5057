"""Cutting a rule into a leading condition, independent clauses and an "otherwise" branch."""

from __future__ import annotations

import re
from functools import cache

from promptlint.resources import lexicon

__all__ = [
    "CLAUSE_SPLIT",
    "LEADING",
    "PURPOSE",
    "TRAILING",
    "negate",
    "negating",
    "split_clauses",
    "split_rule",
    "unbold",
]


LEADING = re.compile(
    r"^(?P<kw>if|when|whenever|once|in case|unless|only if|for|while|during|every time|each time|"
    r"any time|after|before|until|as soon as|upon|in|on|at|with|without|outside|during)\s+"
    r"(?!(?:all|any)\s+(?:times?|cases?|points?)\b|(?<=at\s)(?:least|most|once|first)\b)(?P<cond>(?:`[^`]*`|[^,`])+?)(?:,|:(?=\s))\s*(?P<rest>.+)$",
    re.I,
)
#: an opening purpose or universal phrase that restricts nothing: "To confirm identity,
#: always ...", "At all times, ..."
PURPOSE = re.compile(
    r"^(?:(?:in order |so as )?to\s+[a-z][^,]{0,80}|(?:at|in)\s+(?:all|any)\s+(?:times?|cases?)),\s*"
    r"(?P<rest>.+)$",
    re.I,
)
#: condition words that mean "when not": "unless C", "outside C", "without C"
_NEGATING = frozenset({"unless", "outside", "without", "until"})


def negating(kw: str) -> bool:
    return kw.lower() in _NEGATING or kw.lower().startswith("except")


TRAILING = re.compile(
    # "even if asked" concedes, it does not condition
    r"^(?P<rest>.+?)(?<!\beven)(?<!\beven,),?\s+(?P<kw>when|whenever|if|unless|until|only if|in case|while|during|"
    r"except(?:\s+(?:on|in|for|when|if|during|at|with|where))?|"
    # "do not use the billing tool for guests who have not logged in": whom it is for
    r"for(?=\s+(?:\w+\s+)?(?:users?|customers?|guests?|members?|people|visitors?|patients?|"
    r"students?|employees?|callers?|accounts?|anyone|those|clients?)\s+(?:who|that|whose|without)\b))\s+"
    r"(?P<cond>[^,;]+?)[.!]?$",
    re.I,
)
CLAUSE_SPLIT = re.compile(
    r",\s+so\s+(?=(?:never|do not|don't|always|avoid|only)\b)|\s*;\s*|\s+[-\u2013\u2014]\s+|,?\s+(?:and\s+)?instead(?!\s+of\b),?\s+|,?\s+(?:and|but)\s+(?=(?:never|do not|don't|"
    r"always|avoid|use|keep|ask|answer|respond|reply|include|cite|run|write|give|put|start|end|"
    r"refuse|make)\b)",
    re.I,
)
_OTHERWISE = re.compile(r"[;,.]\s*(?:otherwise|else)\b[,:]?\s*", re.I)


@cache
def _and_verb() -> re.Pattern[str]:
    verbs = "|".join(sorted(lexicon()["verbs"], key=len, reverse=True))
    return re.compile(
        rf",?\s+(?:and|but|then|and then|, then)\s+(?=(?:also\s+|always\s+|never\s+)?(?:{verbs})\b)",
        re.I,
    )


def split_clauses(main: str) -> list[str]:
    """Independent prescriptions of one rule: cut at ";", at "instead", at "and/but/then"
    before a verb, and at a colon outside quotes ("plain text only: no markdown")."""
    parts: list[str] = []
    # a self-correction ("share salary data... no, never share it") retracts what precedes it
    main = re.split(
        r"(?:\.\.\.|\u2026|\s[\u2014\u2013-])\s*(?:no|actually|correction)[,:]\s*", main, flags=re.I
    )[-1]
    for piece in CLAUSE_SPLIT.split(main):
        if not piece or not piece.strip():
            continue
        for sub in _split_colon(piece):
            parts += [p for p in _and_verb().split(sub) if p and p.strip()]
    return parts


def _split_colon(text: str) -> list[str]:
    out, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch in '"“”':
            quoted = not quoted if ch == '"' else ch == "“"
        elif (
            ch == ":"
            and not quoted
            and text[i + 1 : i + 2] == " "
            and not re.match(r"\s*(?:[\"“`']|1[.)]\s)", text[i + 1 :])
            # "in this order: A, B", "the following words: ..." introduce what follows
            and not re.search(
                r"\b(?:order|following|follows|format|template|structure|options|choices|with|"
                r"(?:must|should|shall) (?:always )?be|phrase|sentence|line|words?|greeting|tagline|"
                r"slogan|disclaimer|sign-off|signature|footer|reminder|(?:template|format|layout)\s+for\s+"
                r"(?:your|the|every|each)\s+(?:response|reply|answer|output))\s*$",
                text[:i],
                re.I,
            )
        ):
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


def split_rule(text: str) -> tuple[str | None, str, str | None, str | None]:
    """(leading keyword, main text, leading condition, otherwise text)."""
    main, otherwise = text, None
    parts = _OTHERWISE.split(text, maxsplit=1)
    if len(parts) == 2:
        main, otherwise = parts
    if p := PURPOSE.match(main):
        main = p["rest"]
    m = LEADING.match(main)
    if m:
        return m["kw"].lower(), m["rest"], m["cond"], otherwise
    return None, main, None, otherwise


def negate(cond: str) -> str:
    return (
        f"not ({cond})"
        if " and " in cond or " or " in cond or "==" in cond or "<" in cond or ">" in cond
        else f"not {cond}"
    )


def unbold(text: str) -> str:
    """Drop markdown emphasis markers ("**Never** ...") outside quoted text, where they are
    part of what the rule requires ('reply in the format "**Timer:** mm:ss"')."""
    parts = re.split(r'("[^"]*"|“[^”]*”)', text)
    return "".join(p if i % 2 else p.replace("**", "") for i, p in enumerate(parts))
