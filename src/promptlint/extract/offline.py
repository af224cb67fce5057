"""Deterministic rule extraction (DESIGN §3, WIRE App. B).

Policy text is cut into blocks — list items and prose paragraphs — after masking what
is never a rule (code fences, headings, HTML comments, Jinja statements and comments,
lines holding only an XML-ish section tag, table rows). Each block is split into
sentences; a sentence is kept when it is normative: a deontic marker (must, never,
always, do not, should, only, avoid, ensure ...) or an imperative verb at the start of
its main clause. The quote is the exact source text of the sentence; its span is mapped
back to the file through the segment's offset map.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from promptlint.objects import Policy, RuleRecord

if TYPE_CHECKING:
    from promptlint.extract import Extraction

__all__ = ["OfflineExtractor", "context_at", "is_normative", "make_gist", "sentences"]

_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+\S|^[ \t]*(=+|-+)[ \t]*$")
_TAG_LINE = re.compile(r"^[ \t]*</?[A-Za-z_][\w\-]*(\s[^>]*)?>[ \t]*$")
_TABLE = re.compile(r"^[ \t]*\|")
_ITEM = re.compile(r"^([ \t]*)([-*+•]|\d{1,3}[.)])[ \t]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]*_`]*\s+(?=[\"'(\[*_`]*[A-Z0-9])")
_ABBREV = re.compile(r"\b(e\.g|i\.e|etc|vs|cf|approx|incl|Mr|Ms|Mrs|Dr|No|St|Mt|Jr|Sr)\.$", re.I)

_DEONTIC = re.compile(
    r"\b(must|mustn't|never|always|do not|don't|does not|should|shouldn't|shall|only|avoid|"
    r"ensure|make sure|under no circumstances|required|requires|prohibited|forbidden|"
    r"not allowed|are not permitted|is not permitted|important|cannot|can't|may not|"
    r"refrain|prefer|no more than|at least|at most|instead of)\b",
    re.I,
)


def _imperative(word: str) -> bool:
    from promptlint.resources import lexicon

    return word in lexicon()["verbs"]


_CONDITION_START = re.compile(
    r"^(if|when|whenever|unless|once|before|after|while|during|in case|for|where|as soon as|"
    r"only if|except when|otherwise|every time|each time|any time|anytime|in|on|at|upon|"
    r"with|without|as|given|whether)\b",
    re.I,
)
#: a short line with no sentence punctuation, alone above a paragraph: a heading in a
#: plain-text prompt ("VOICE", "Sign-off")
_TEXT_HEADING = re.compile(r"^[ \t]*[A-Z][\w&/'\- ]{0,40}$")
_NOT_RULES = re.compile(r"^(for example|e\.g\.|example|note that|here is|here are|this is)\b", re.I)
_MARKUP = re.compile(r"^[\s*_`>\"'(\[]+")
#: a section of samples, not rules: "## Examples", "<example>", "Sample conversation"
_EXAMPLES = re.compile(
    r"^(?:good\s+and\s+bad\s+|worked\s+|sample\s+|few[-\s]shot\s+)?(?:examples?|samples?|"
    r"(?:sample|example)\s+(?:conversations?|dialogues?|interactions?|exchanges?|replies|"
    r"responses?|outputs?|transcripts?))\b",
    re.I,
)
#: a line of a sample transcript: "User: ...", "Good: ...", "Assistant: ..."
_SPEAKER = re.compile(
    r"^(?:user|human|assistant|ai|agent|bot|customer|caller|visitor|model|good|bad|better|"
    r"worse|correct|incorrect|wrong|right|q|a)\s*(?:\(\w+\))?:\s",
    re.I,
)


@dataclass(frozen=True, slots=True)
class _Block:
    segment: int
    start: int
    end: int
    #: the list item marker was at start; lead-in text of the list, if any
    lead_in: str = ""


def _blank_spans(text: str, delimiters: tuple[tuple[str, str], ...]) -> str:
    """Spaces (newlines kept) over every ``open ... close`` span, leftmost first, as
    ``re.sub("open.*?close", ..., flags=re.S)`` would, in linear time: that pattern scans
    to the end of the text from every unclosed ``open`` (``<!-- <!-- <!-- ...``)."""
    out: list[str] = []
    i = 0
    while True:
        found = [(a, o, c) for o, c in delimiters if (a := text.find(o, i)) >= 0]
        if not found:
            break
        a, o, c = min(found)
        b = text.find(c, a + len(o))
        if b < 0:
            # no close after this open: none after any later open of this kind either
            delimiters = tuple(d for d in delimiters if d[0] != o)
            if not delimiters:
                break
            continue
        b += len(c)
        out.append(text[i:a])
        out.append(re.sub(r"[^\n]", " ", text[a:b]))
        i = b
    out.append(text[i:])
    return "".join(out)


def _mask(text: str) -> str:
    """Replace what is never a rule by spaces, keeping every offset."""

    text = _blank_spans(text, (("<!--", "-->"),))
    text = _blank_spans(text, (("{%", "%}"), ("{#", "#}")))
    out = []
    fenced = False
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        body = line.rstrip("\r\n")
        above = lines[n - 1].strip() if n else ""
        below = lines[n + 1].strip() if n + 1 < len(lines) else ""
        if (
            not fenced
            and _TEXT_HEADING.match(body)
            and len(body.split()) <= 4
            and not above
            and below
            and not _ITEM.match(below)
        ):
            out.append(" " * len(body) + line[len(body) :])
            continue
        if _FENCE.match(body):
            fenced = not fenced
            out.append(" " * len(body) + line[len(body) :])
            continue
        if fenced or _HEADING.match(body) or _TAG_LINE.match(body) or _TABLE.match(body):
            out.append(" " * len(body) + line[len(body) :])
            continue
        if body.startswith(("    ", "\t")) and not _ITEM.match(body) and not body.strip():
            out.append(line)
            continue
        out.append(line)
    return "".join(out)


def _blocks(masked: str, segment: int) -> Iterator[_Block]:
    """List items and prose paragraphs, as offsets into the segment text."""
    pos = 0
    cur_start: int | None = None
    cur_end = 0
    lead_in = ""
    last_prose = ""
    item_mode = False
    for line in masked.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        line_start, pos = pos, pos + len(line)
        if not body.strip():
            if cur_start is not None:
                yield _Block(segment, cur_start, cur_end, lead_in if item_mode else "")
                if not item_mode:
                    last_prose = masked[cur_start:cur_end]
                cur_start = None
            continue
        m = _ITEM.match(body)
        if m:
            if cur_start is not None:
                yield _Block(segment, cur_start, cur_end, lead_in if item_mode else "")
                if not item_mode:
                    last_prose = masked[cur_start:cur_end]
            if cur_start is None or not item_mode:
                last = re.split(r"(?<=[.!?])\s+", last_prose.strip())[-1]
                lead_in = last if last.endswith(":") else ""
            cur_start = line_start + m.end()
            cur_end = line_start + len(body)
            item_mode = True
            continue
        if cur_start is None:
            cur_start = line_start + (len(body) - len(body.lstrip()))
            item_mode = False
            lead_in = ""
        cur_end = line_start + len(body)
    if cur_start is not None:
        yield _Block(segment, cur_start, cur_end, lead_in if item_mode else "")


def sentences(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Sentence spans inside ``text[start:end]`` (offsets into ``text``)."""
    chunk = text[start:end]
    cut = 0
    for m in _SENTENCE_END.finditer(chunk):
        before = chunk[cut : m.start()]
        if _ABBREV.search(before):
            continue
        if before.count('"') % 2 or before.count("\u201c") > before.count("\u201d"):
            continue  # inside a quotation: 'end with "Questions? Call us."'

        yield start + cut, start + m.start() + len(m.group(0).rstrip())
        cut = m.end()
    if chunk[cut:].strip():
        yield start + cut, end


_LEAD_WORDS = frozenset(
    {"please", "also", "then", "and", "but", "so", "first", "just", "now", "still", "again",
     "instead"}
)  # fmt: skip


def _first_word(s: str) -> str:
    s = _MARKUP.sub("", s)
    while m := re.match(r"(\w+),?\s+", s):
        word = m[1].lower()
        adverb = word.endswith("ly") and not _imperative(word)  # "immediately", not "reply"
        if not (adverb or word in _LEAD_WORDS):
            break
        s = s[m.end() :]
    m = re.match(r"[A-Za-z][A-Za-z'\-]*", s)
    return m.group(0).lower() if m else ""


def is_normative(sentence: str) -> bool:
    s = " ".join(sentence.split())
    plain = _MARKUP.sub("", s)
    if len(plain.split()) < 2 or plain.endswith("?") or _NOT_RULES.match(plain):
        return False
    if _SPEAKER.match(plain):
        return False  # a line of a sample transcript
    if re.search(r"[{}\[\]]", plain) and plain.count('"') >= 4:
        return False  # a JSON or code example, not prose
    if re.search(r"\s(?:->|=>|→)\s", plain):
        return False  # an example mapping ('"Commit the change" -> add files and commit')
    if _DEONTIC.search(plain):
        return True
    if _imperative(_first_word(plain)):
        return True
    label = re.match(r"[A-Z][\w&'\- ]{0,40}:\s+(?=\S)", plain)
    if label and _imperative(_first_word(plain[label.end() :])):
        return True  # "Hollis Foundation: put the Budget section first"
    for part in re.split(r"\s[-\u2013\u2014]{1,2}\s", plain)[1:]:
        if _imperative(_first_word(part)):
            return True  # "Finally, you are an agent - please keep going until ..."
    if "," in plain:
        # an introductory phrase, then an instruction: "In every booking confirmation,
        # mention ..."; "When X happens, post ..."
        parts = plain.split(",")
        for i in range(1, min(len(parts), 4)):
            head = ",".join(parts[:i])
            if len(head.split()) <= 25 and _imperative(_first_word(parts[i])):
                return bool(_CONDITION_START.match(plain)) or i == 1
    return False


def make_gist(sentence: str, lead_in: str = "") -> str:
    """``when C, the agent must (not) B`` from the sentence by templates."""
    s = _MARKUP.sub("", " ".join(sentence.split())).rstrip(".;: ")
    condition = ""
    m = _CONDITION_START.match(s)
    if m and "," in s:
        condition, s = (x.strip() for x in s.split(",", 1))
    elif lead_in and _CONDITION_START.match(lead_in.strip().lower()):
        # only a lead-in that states a situation is a condition ("When billing:"), not a
        # label ("Rules:", "Important:")
        condition = lead_in.rstrip(":").strip()
    condition = re.sub(r"^(if|when|whenever)\s+", "", condition, flags=re.I)
    negative = re.match(r"^(never|do not|don't|must not|should not|avoid)\b\s*", s, re.I)
    if negative:
        s = s[negative.end() :]
    s = re.sub(
        r"^(always|you must|you should|please|make sure to|ensure you)\s+", "", s, flags=re.I
    )
    modal = "must not" if negative else "must"
    body = f"the agent {modal} {s[:1].lower() + s[1:]}" if s else f"the agent {modal} comply"
    return f"when {condition[:1].lower() + condition[1:]}, {body}" if condition else body


_SITUATION = re.compile(
    r"^(?:if|when|whenever|before|after|while|during|once|upon|in case|as soon as|for any|"
    r"for every|for each)\b",
    re.I,
)
_MD_HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$")
_OPEN_TAG = re.compile(r"^[ \t]*<([A-Za-z_][\w\-]*)(?:\s[^>]*)?>[ \t]*$")
_CLOSE_TAG = re.compile(r"^[ \t]*</([A-Za-z_][\w\-]*)>[ \t]*$")


@dataclass(frozen=True, slots=True)
class _Section:
    start: int
    path: tuple[str, ...]
    #: the heading itself when it states a situation ("## When deploying")
    situation: str = ""


def _sections(text: str, masked: str) -> list[_Section]:
    """Where each section starts and the headings above it (markdown headings by level,
    XML-style tags by nesting, plain-text headings the masking found)."""
    out = [_Section(0, ())]
    stack: list[tuple[int, str]] = []  # (level, title); tags are level 0 and nest
    pos = 0
    for line, mline in zip(
        text.splitlines(keepends=True), masked.splitlines(keepends=True), strict=False
    ):
        start, pos = pos, pos + len(line)
        body = line.rstrip("\r\n")
        title = ""
        if m := _MD_HEADING.match(body):
            level, title = len(m[1]), m[2].strip("*_ ")
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
        elif m := _CLOSE_TAG.match(body):
            names = [t for lv, t in stack if lv == 0]
            if m[1] in names:
                while stack and stack[-1] != (0, m[1]):
                    stack.pop()
                stack.pop()
            else:
                continue
        elif m := _OPEN_TAG.match(body):
            stack.append((0, m[1]))
            title = m[1]
        elif body.strip() and not mline.strip() and _TEXT_HEADING.match(body):
            while stack and stack[-1][0] >= 7:
                stack.pop()
            title = body.strip()
            stack.append((7, title))
        else:
            continue
        situation = title if _SITUATION.match(title) else ""
        out.append(_Section(start, tuple(t for _, t in stack), situation))
    return out


def _lead_ins(
    masked: str, blocks: list[_Block], sections: list[_Section]
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Block start -> (section path, governing sentences nearest first).

    A section is governed by a heading that states a situation, or by its first
    paragraph when that opens with one and introduces what follows with a colon
    ("When the user asks you to create a new git commit, follow these steps:").
    """
    import bisect

    starts = [s.start for s in sections]
    governing: dict[int, str] = {}
    out: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for b in blocks:
        i = bisect.bisect_right(starts, b.start) - 1
        sec = sections[i]
        if b.lead_in and b.lead_in not in masked[sec.start : b.start]:
            b = replace(b, lead_in="")  # the lead-in of a list in an earlier section
        if i not in governing:
            governing[i] = sec.situation
            if not b.lead_in:
                first = " ".join(masked[b.start : b.end].split())
                if _SITUATION.match(first) and first.endswith(":") and not sec.situation:
                    governing[i] = first
        own = [b.lead_in] if b.lead_in else []
        if governing[i] and governing[i] not in own:
            own.append(governing[i])
        out[b.start] = (sec.path, tuple(own))
    return out


class OfflineExtractor:
    """Rule records from policy text, deterministically."""

    def extract(self, policies: Sequence[Policy]) -> Extraction:
        from promptlint.extract import Extraction

        records: list[RuleRecord] = []
        for policy in policies:
            for index, seg in enumerate(policy.segments):
                masked = _mask(seg.text)
                blocks = list(_blocks(masked, index))
                context = _lead_ins(masked, blocks, _sections(seg.text, masked))
                lead_ins = {" ".join(b.lead_in.split()) for b in blocks if b.lead_in}
                for block in blocks:
                    section, lead_in = context[block.start]
                    if any(_EXAMPLES.match(title) for title in section):
                        continue
                    for a, b in sentences(masked, block.start, block.end):
                        text = masked[a:b]
                        lead = len(text) - len(text.lstrip())
                        a += lead
                        b = a + len(text.strip())
                        if b <= a:
                            continue
                        if not is_normative(masked[a:b]) and not _governed_item(
                            masked[a:b], block.lead_in
                        ):
                            continue
                        if (
                            _CAPABILITY_LEAD.search(block.lead_in)
                            and not _DEONTIC.search(masked[a:b])
                            and not _SITUATION.match(masked[a:b].lstrip("-*• "))
                        ):
                            continue  # "What you can do: - answer questions": a permission
                        sentence = " ".join(masked[a:b].split())
                        if sentence.endswith(":") and (
                            _SITUATION.match(sentence) or sentence in lead_ins
                        ):
                            continue  # a lead-in: it governs the rules under it
                        record = RuleRecord(
                            id=f"r{len(records) + 1}",
                            span=policy.span(index, a, b),
                            quote=seg.text[a:b],
                            gist="",
                            section=section,
                            lead_in=lead_in,
                        )
                        records.append(replace(record, gist=make_gist(record.in_context())))
        return Extraction(tuple(records), ())


def context_at(
    policy: Policy, segment: int, offset: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(section path, governing sentences) of the text at ``offset`` of a segment, as
    extraction gives its records: for a span extraction did not take as a rule (a rule a
    model names that reads as no rule on its own, "that the ledger is under the floor;")."""
    import bisect

    text = policy.segments[segment].text
    masked = _mask(text)
    blocks = list(_blocks(masked, segment))
    context = _lead_ins(masked, blocks, _sections(text, masked))
    i = bisect.bisect_right([b.start for b in blocks], offset) - 1
    return context[blocks[i].start] if i >= 0 else ((), ())


def _situation_of(lead_in: Sequence[str]) -> str:
    """The situation the governing sentences state, for the gist."""
    for sentence in lead_in:
        if _SITUATION.match(sentence):
            return sentence.split(",", 1)[0] if "," in sentence else sentence
    return ""


#: a lead-in that gives its list items force: "Never do the following:", "You must:"
_FORCEFUL_LEAD = re.compile(
    r"\b(must|never|always|do not|don't|should|shall|avoid|under no circumstances|required|"
    r"forbidden|not allowed|prohibited)\b",
    re.I,
)


#: a lead-in that lists what the agent is able to do: its items permit, they do not require
_CAPABILITY_LEAD = re.compile(
    r"^\W*(?:what\s+you\s+can\s+do|you\s+can|you\s+are\s+able\s+to|you\s+may|"
    r"(?:your\s+)?capabilities|things\s+you\s+can\s+do)\b[^:]{0,30}:\s*$",
    re.I,
)


def _governed_item(item: str, lead_in: str) -> bool:
    """A list item with no force of its own, under a lead-in that gives it force."""
    words = _MARKUP.sub("", item).split()
    return bool(lead_in) and len(words) >= 2 and bool(_FORCEFUL_LEAD.search(lead_in))
