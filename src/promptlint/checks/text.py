"""Counts, formats, case and other surface facts of a reply, as code can decide them
(Divide-Verify-Refine, IFEval). Code blocks are left out of prose counts and of the case
and punctuation checks; each function says what it counts.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable

__all__ = [
    "FORMAT_CHECKS",
    "bullets",
    "count",
    "has_emoji",
    "is_case",
    "lines",
    "paragraphs",
    "prose",
    "questions",
    "sentences",
    "words",
]

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_INLINE = re.compile(r"`[^`\n]*`")
_WORD = re.compile(r"[^\W_]+(?:['\u2019\-][^\W_]+)*", re.U)
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S", re.M)
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f])[\"'\u201d\u2019)\]]*\s+|\n\s*\n")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code."""
    return _INLINE.sub(" ", _FENCE.sub(" ", text))


def words(text: str) -> int:
    """Words of the prose: runs of letters or digits, with inner apostrophes and hyphens."""
    return len(_WORD.findall(prose(text)))


def sentences(text: str) -> int:
    """Sentences of the prose: pieces ending in . ! ? (or a blank line) with a word in them."""
    parts = _SENTENCE_END.split(prose(text).strip())
    return sum(1 for p in parts if _WORD.search(p))


def paragraphs(text: str) -> int:
    """Blocks separated by blank lines (or markdown rules ``***``), as IFEval counts them."""
    blocks = re.split(r"\n\s*\n|^\s*\*\*\*\s*$", text.strip(), flags=re.M)
    return sum(1 for b in blocks if b.strip())


def lines(text: str) -> int:
    """Non-empty lines."""
    return sum(1 for ln in text.splitlines() if ln.strip())


def bullets(text: str) -> int:
    """List items: lines starting with -, *, +, • or a number and . or )."""
    return len(_BULLET.findall(prose(text)))


def questions(text: str) -> int:
    """Questions asked: runs of question marks in the prose (``??`` is one question)."""
    return len(re.findall(r"[?\uff1f]+", prose(text)))


def count(unit: str, text: str) -> int:
    """The reply's length in ``unit``: words, sentences, paragraphs, lines, bullets, characters."""
    if unit == "characters":
        return len(text.strip())
    return {"words": words, "sentences": sentences, "paragraphs": paragraphs,
            "lines": lines, "bullets": bullets}[unit](text)  # fmt: skip


def has_emoji(text: str) -> bool:
    """Any pictographic emoji (symbols of Unicode category So in the emoji blocks, flags)."""
    for ch in text:
        cp = ord(ch)
        if 0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x1F1E6 <= cp <= 0x1F1FF:
            return True
        if cp in (0x2B50, 0x2B55, 0x231A, 0x231B, 0x23F0, 0x23F3, 0x2934, 0x2935, 0x3030):
            return True
    return False


def _letters(text: str) -> str:
    return "".join(ch for ch in prose(text) if unicodedata.category(ch).startswith("L"))


def is_case(case: str, text: str) -> bool | None:
    """Whether the prose is in ``case`` (lower, upper, title, sentence); None without
    cased letters."""
    letters = _letters(text)
    if not any(ch.lower() != ch.upper() for ch in letters):
        return None
    body = prose(text)
    if case == "lower":
        return body == body.lower()
    if case == "upper":
        return body == body.upper()
    ws = _WORD.findall(body)
    if case == "title":
        small = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the",
                 "to", "with"}  # fmt: skip
        return all(w[0].isupper() or w in small or not w[0].isalpha() for w in ws)
    if case == "sentence":
        starts = [s.strip() for s in _SENTENCE_END.split(body.strip()) if s.strip()]
        heads = [next((c for c in s if c.isalpha()), "") for s in starts]
        return all(h.isupper() or not h for h in heads) and body != body.upper()
    raise ValueError(f"unknown case {case!r}")


# --------------------------------------------------------------------------- formats


def _unfence(text: str) -> str:
    """A reply that is one fenced block is judged by the block's content."""
    m = re.fullmatch(r"\s*```[\w-]*\n(.*?)\n?```\s*", text, re.S)
    return m.group(1) if m else text


def _json(text: str) -> bool:
    try:
        json.loads(_unfence(text))
    except ValueError:
        return False
    return True


def _yaml(text: str) -> bool:
    import yaml

    try:
        value = yaml.safe_load(_unfence(text))
    except yaml.YAMLError:
        return False
    return isinstance(value, (dict, list))


def _xml(text: str) -> bool:
    import xml.etree.ElementTree as ET  # parses only; entities are not expanded from outside

    try:
        ET.fromstring(_unfence(text).strip())
    except ET.ParseError:
        return False
    return True


_TABLE = re.compile(r"^\s*\|?.*\|.*\n\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$", re.M)
_HEADING = re.compile(r"^#{1,6}\s+\S", re.M)
_MARKDOWN = re.compile(
    r"^#{1,6}\s+\S|^\s*(?:[-*+]|\d+\.)\s+\S|\*\*[^*\n]+\*\*|__[^_\n]+__|\[[^\]\n]+\]\([^)\s]+\)|^```|^>\s",
    re.M,
)
_HTML = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>.*?</\1>", re.S)


def _csv(text: str) -> bool:
    rows = [r for r in _unfence(text).strip().splitlines() if r.strip()]
    if len(rows) < 2:
        return False
    commas = {r.count(",") for r in rows}
    return len(commas) == 1 and commas.pop() >= 1


#: format -> whether the reply is (json, yaml, xml, csv) or contains (the rest) that format
FORMAT_CHECKS: dict[str, Callable[[str], bool]] = {
    "json": _json,
    "yaml": _yaml,
    "xml": _xml,
    "csv": _csv,
    "html": lambda t: _HTML.search(t) is not None,
    "markdown": lambda t: _MARKDOWN.search(t) is not None or _TABLE.search(t) is not None,
    "plain_text": lambda t: (
        _MARKDOWN.search(t) is None and _TABLE.search(t) is None and _HTML.search(t) is None
    ),
    "table": lambda t: _TABLE.search(t) is not None,
    "bullet_list": lambda t: re.search(r"^\s*[-*+•]\s+\S", prose(t), re.M) is not None,
    "numbered_list": lambda t: re.search(r"^\s*\d+[.)]\s+\S", prose(t), re.M) is not None,
    "code_block": lambda t: re.search(r"^\s*(```|~~~)", t, re.M) is not None,
    "heading": lambda t: _HEADING.search(prose(t)) is not None,
}
