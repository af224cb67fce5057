"""The offline encoder: rule records -> PyRule, from phrase patterns kept as data.

A rule's text is split into an optional leading condition ("If X, ..."), clauses joined
by ";" or "and", and an "otherwise" branch. Each clause is matched against the
consequent patterns of ``rules/patterns/consequents.yaml``; its sign comes from its
wording (never/do not -> forbid, prefer/try to -> soft). Conditions are matched against
``rules/patterns/conditions.yaml`` and otherwise become semantic atoms with canonical
labels. A hard clause no pattern reads gets a generic ``act``/``disclose`` clause
(:mod:`.generic`); the cutting into clauses is :mod:`.clauses`, the audiences and outputs a
rule is scoped to :mod:`.scopes`. A rule nothing covers is
:class:`~promptlint.encode.Unencoded`, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from promptlint import resources
from promptlint.encode.clauses import (
    LEADING,
    TRAILING,
    negate,
    negating,
    split_clauses,
    split_rule,
    unbold,
)
from promptlint.encode.generic import encode_generic
from promptlint.encode.scopes import (
    ONLY_AFTER,
    ONLY_FOR,
    audience,
    output_scope,
    section_scope,
)
from promptlint.languages import CODE_OF
from promptlint.objects import RuleRecord
from promptlint.pyrule import collapse_ws, format_rule_text
from promptlint.pyrule.labels import canonical_label

__all__ = ["OfflineEncoder", "encode_any", "encode_clause", "encode_condition"]

LANGUAGES = CODE_OF
NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "a hundred": 100, "a single": 1,
}  # fmt: skip
_OPS = {
    "under": "<", "fewer than": "<", "less than": "<", "below": "<", "shorter than": "<",
    "no more than": "<=", "not more than": "<=", "at most": "<=", "maximum of": "<=",
    "max": "<=", "maximum": "<=", "up to": "<=", "within": "<=",
    "at least": ">=", "no fewer than": ">=", "no less than": ">=", "a minimum of": ">=",
    "minimum of": ">=", "more than": ">", "over": ">", "longer than": ">",
    "no longer than": "<=", "not exceeding": "<=", "not to exceed": "<=", "a maximum of": "<=",
    "at the most": "<=", "or fewer": "<=", "or less": "<=", "or shorter": "<=", "or under": "<=",
    "tops": "<=", "at minimum": ">=", "at the least": ">=", "or more": ">=", "or longer": ">=",
    "minimum": ">=", "exactly": "==",
}  # fmt: skip
_FORMATS = {
    "json": "json", "yaml": "yaml", "xml": "xml", "html": "html", "csv": "csv",
    "markdown": "markdown", "plain text": "plain_text", "table": "table", "tables": "table",
    "numbered list": "numbered_list", "numbered lists": "numbered_list",
    "code block": "code_block", "code blocks": "code_block", "headings": "heading",
    "markdown table": "table", "markdown tables": "table", "markdown formatting": "markdown",
    "formatting": "markdown", "bold text": "markdown", "asterisks": "markdown",
    "bullet symbols": "bullet_list", "bullets": "bullet_list", "lists": "bullet_list",
    "list": "bullet_list", "prose": "plain_text", "plain prose": "plain_text",
    "bulleted list": "bullet_list", "bulleted lists": "bullet_list", "bullet list": "bullet_list",
    "json object": "json", "json array": "json", "numbered checklist": "numbered_list",
    "numbered checklists": "numbered_list", "checklist": "bullet_list",
    "bulleted checklist": "bullet_list", "bulleted checklists": "bullet_list", "checklists": "bullet_list", "bold": "markdown", "italics": "markdown",
    "bold or italics": "markdown", "code fence": "code_block", "markup": "markdown", "code or markup": "markdown",
    "plain english": "plain_text", "plain-english": "plain_text", "xml tags": "xml",
    "html tags": "html", "html or xml tags": "html",
    "code fences": "code_block", "markdown code fences": "code_block",
    "fenced code blocks": "code_block", "backticks": "code_block",
}  # fmt: skip
_CATEGORIES = {
    "system prompt": "system_prompt", "instructions": "system_prompt",
    "internal tool": "internal_tools", "internal tools": "internal_tools",
    "price": "prices", "prices": "prices", "pricing": "prices",
    "personal data": "personal_data", "personal information": "personal_data",
    "api key": "secrets", "api keys": "secrets", "secret": "secrets", "secrets": "secrets",
    "credentials": "secrets",
}  # fmt: skip
_MARKS = {"comma": ",", "exclamation mark": "!", "exclamation point": "!", "semicolon": ";",
          "em dash": "—", "colon": ":", "question mark": "?", "dot": ".", "full stop": ".",
          "period": ".", "ellipse": "...", "ellipsi": "..."}  # fmt: skip

_NEGATION = re.compile(
    r"\b(never|do not|don't|does not|must not|mustn't|should not|shouldn't|cannot|can't|"
    r"may not|avoid|refrain from|under no circumstances|no longer|not)\b",
    re.I,
)
_SOFT = re.compile(
    r"\b(prefer|preferably|try to|where possible|if possible|whenever possible|ideally|"
    r"generally|usually|typically|consider|if you can|when possible|feel free|"
    r"you can(?! only)|you may(?! only)|"
    r"you are able to|you are welcome to|it is fine to|it is ok to|it's ok to|optionally|"
    # the agent judges when: "use bullet points if appropriate"
    r"(?:if|when|where|as) (?:appropriate|helpful|useful)|by default|"
    # how often, not whether: "use them sparingly", "most headings should not have one"
    r"sparingly|rarely|seldom|most \w+ (?:should|must|do|does|need) not)\b",
    re.I,
)
#: verbs that leave something out: "omit the emoji" forbids it ("never omit it" requires)
_OMIT = re.compile(r"\b(?:omit|omits|omitting|leave out|leaves out|exclude|excludes)\b", re.I)
#: "choose emojis that fit": which ones, when there are any; not that there are
_CHOOSE = re.compile(r"^\s*(?:\w+\s+)?(?:choose|pick|select)\s+(?:the\s+|your\s+|an?\s+)?$", re.I)
_WHICH_ONES = re.compile(r"\s+(?:that|which|whose)\b", re.I)
#: "no markdown, no tables", "without emoji": a negation right before what a pattern read
_REASON = re.compile(
    r"\s+(?:since|because|so that|given that|so (?:you|they|we|it|the \w+) can)\s", re.I
)
_CONSEQUENCE = re.compile(r",\s*(?:and\s+)?(?:so|therefore|thus|hence)\s+", re.I)


def _soft(clause: str) -> bool:
    """Softly worded, not counting its reason ("... since editors consider them lazy")."""
    return bool(_SOFT.search(_REASON.split(clause, maxsplit=1)[0]))


_NO_BEFORE = re.compile(
    r"(?<!/)\b(?:no|without|zero|free of|not a single|not any)\s+"
    # "no formatting, links or emoji": the negation carries over a list
    r"(?:[\w\-]+(?:\s+[\w\-]+)?\s*(?:,\s*(?:or\s+|and\s+|nor\s+)?|\s+or\s+|\s+and\s+|\s+nor\s+))*"
    r"(?:\w+\s+){0,1}$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class _Pattern:
    id: str
    regex: re.Pattern[str]
    emit: str
    sign: str | None
    skip_if: re.Pattern[str] | None
    raw: dict[str, Any]
    #: more calls emitted with the same sign ("end with a question" also asks one)
    also: tuple[str, ...] = ()
    #: after a quoted match, further quoted items of a list are read too
    repeat_quotes: bool = False
    #: what the pattern reads is incidental (an instrument): the clause's action is read too
    additive: bool = False
    #: ``also`` calls apply to prohibitions too (a list: "never reveal X or Y")
    also_any_sign: bool = False
    #: a prohibition is not read when this follows the match ("never use run_shell to
    #: install packages" forbids a purpose, not the tool)
    purpose_after: re.Pattern[str] | None = None


@cache
def consequent_patterns() -> tuple[_Pattern, ...]:
    return _load("consequents.yaml", "patterns")


@cache
def condition_patterns() -> tuple[_Pattern, ...]:
    return _load("conditions.yaml", "conditions")


def _load(name: str, key: str) -> tuple[_Pattern, ...]:
    data = resources.read_yaml("rules", f"patterns/{name}")
    out = []
    for p in data[key]:
        out.append(
            _Pattern(
                p["id"],
                re.compile(p["regex"], re.I),
                p["emit"],
                p.get("sign"),
                re.compile(p["skip_if"], re.I) if p.get("skip_if") else None,
                p,
                tuple([p["also"]] if isinstance(p.get("also"), str) else p.get("also") or ()),
                bool(p.get("repeat_quotes", False)),
                bool(p.get("additive", False)),
                bool(p.get("also_any_sign", False)),
                re.compile(p["purpose_after"], re.I) if p.get("purpose_after") else None,
            )
        )
    return tuple(out)


def _fill(template: str, m: re.Match[str] | _Fake) -> str | None:
    def one(spec: re.Match[str]) -> str:
        name, _, conv = spec.group(1).partition(":")
        found = m.groupdict()
        key = next((k for k in (name, *(f"{name}{i}" for i in (2, 3, 4))) if found.get(k)), None)
        value = found[key] if key else None
        if value is None:
            if conv == "qnum":
                return "1"
            if conv == "limop":
                return "<="
            raise KeyError(name)
        v = value.strip().lower()
        if conv == "lang":
            return LANGUAGES[v]
        if conv == "num":
            return str(NUMBERS.get(v, v))
        if conv == "qnum":
            return str(NUMBERS.get(v, v)) if v else "1"
        if conv == "op":
            return _OPS[v]
        if conv == "limop":
            return _OPS.get(v, "<=")
        if conv == "qop":
            return {"more than": ">", "at most": "<=", "no more than": "<=", "only": "<=",
                    "at least": ">=", "no fewer than": ">=", "a minimum of": ">=",
                    "a single": "<=", "just": "<=", "exactly": "=="}[v]  # fmt: skip
        if conv == "unit":
            v = "characters" if v == "chars" else v
            unit = v.replace("bullet points", "bullets").replace("bullet point", "bullets")
            return unit if unit.endswith("s") else unit + "s"
        if conv == "style":
            return {"casually": "casual", "informally": "casual", "formally": "formal",
                    "playfully": "playful"}[v]  # fmt: skip
        if conv == "mdtable":  # "a markdown table" is markdown too
            return "markdown"
        if conv == "urls":  # "a source link" is a URL: the group only has to be there
            return ""
        if conv == "format2":  # the second format a word stands for: "lists" -> numbered
            if v in ("lists", "list"):
                return "numbered_list"
            if v in ("markdown", "markdown syntax", "markdown formatting"):
                return "code_block"  # no markdown is no fenced code block either
            raise KeyError(name)
        if conv == "format":
            if v in _FORMATS:
                return _FORMATS[v]
            key = re.sub(r"bullet(?:ed)?(?: point)?(?: list)?s?", "bullet_list", v)
            return _FORMATS.get(key, key.replace(" ", "_"))
        if conv == "case":
            return {"lowercase": "lower", "lower case": "lower", "lower-case": "lower",
                    "uppercase": "upper", "upper case": "upper", "upper-case": "upper",
                    "capital letters": "upper", "all caps": "upper", "all-caps": "upper",
                    "block capitals": "upper", "title case": "title",
                    "sentence case": "sentence"}[v]  # fmt: skip
        if conv == "category":
            v = re.sub(r"^(this|the|your|these)\s+", "", v)
            return _CATEGORIES.get(v, canonical_label(v))
        if conv in ("glob", "notglob") and _is_alternation(v, m, key or name):
            raise KeyError(name)
        if conv == "glob":
            v = v.rstrip(".,;:").lstrip("/")
            if (
                "/" in v
                and not v.endswith("/")
                and "." not in v.rsplit("/", 1)[-1]
                and "*" not in v
            ):
                v += "/"  # "including modules/shared": a folder
            return v + "**" if v.endswith("/") else v
        if conv == "notglob":  # "only edit files under X": every path but those
            v = v.rstrip(".,;:")
            return "!" + (v + "**" if v.endswith("/") else v)
        if conv == "mark":
            return _MARKS[re.sub(r"s$", "", v)]
        if conv == "role":
            return "admin" if v == "administrator" else v.replace(" ", "_")
        if conv == "lower":
            return v.replace('"', "'")
        if conv == "langslot":
            return {"target": "target_language", "preferred": "language", "own": "language"}.get(
                v, "native_language"
            )
        if conv == "slot":
            from promptlint.pyrule.labels import normalize_label

            slot = normalize_label(v)
            if not re.fullmatch(r"[a-z][a-z0-9_]*", slot):
                raise KeyError(name)
            return slot
        return value.strip().replace('"', "'")

    try:
        return re.sub(r"\{([a-z0-9_:]+)\}", one, template)
    except KeyError:
        return None


def encode_condition(phrase: str) -> str:
    """A PyRule condition for an English condition phrase."""
    p = collapse_ws(phrase).strip(" .,:;*_")
    for pat in condition_patterns():
        m = pat.regex.search(p)
        if m:
            filled = _fill(pat.emit, m)
            if filled is not None:
                return filled
    return f'semantic(ctx.msg, "{canonical_label(p)}")'


def encode_clause(clause: str) -> list[str]:
    """Signed PyRule calls for one clause, e.g. ``['forbid(emoji())']``."""
    return list(_encode_clause(clause)[0])


def encode_any(clause: str) -> list[str]:
    """The pattern calls of a clause, else (or, after an instrument, also) its generic
    ``act``/``disclose`` call."""
    if _NO_NEED.search(clause):
        return []  # "you do not need to show the changes" permits, it does not forbid
    found, additive = _encode_clause(clause)
    calls = list(found) + _read_only_commands(clause)
    if not calls or additive:
        # the generic reader sees only a leading "should"/"try to"; "use them sparingly" too
        soft = _soften if _soft(clause) else str
        calls += [g for c in encode_generic(clause) if (g := soft(c)) not in calls]
    return calls


#: an action named only as the time of another: "before pushing", "after deploying"
_WHEN_DOING = re.compile(r"\b(?:before|after|until)\s+$", re.I)
_NO_NEED = re.compile(
    r"^\s*(?:(?:you|we|the agent|the assistant)\s+)?(?:(?:do|does)\s+not|don't|doesn't|need\s+not|"
    r"needn't)\s+(?:need|have)\s+to\b|^\s*(?:there is\s+)?no need to\b|\bnot (?:required|necessary) to\b",
    re.I,
)
_READ_ONLY = re.compile(
    r"\bread[\s-]only\s+(?:(?P<tool>[\w.\-]+)\s+)?(?:shell\s+|terminal\s+|cli\s+)?commands?\b"
    r"|\bcommands?\s+that\s+(?:\w+\s+)?(?:modify|modifies|change|changes|write|writes|alter|"
    r"alters|mutate|mutates|delete|deletes)\b",
    re.I,
)
_ONLY = re.compile(r"\b(?:only|stick to|limit yourself to|restrict yourself to|strictly)\b", re.I)


def _read_only_commands(clause: str) -> list[str]:
    """ "Only run read-only (git) commands" and "never run commands that modify anything":
    a prohibition of the state-changing commands of ``rules/lexicon.yaml``, one ``{a,b}``
    glob."""
    m = _READ_ONLY.search(clause)
    if m is None:
        return []
    before = clause[: m.start()]
    if not (_ONLY.search(before) if m["tool"] is not None or "read" in m[0].lower()
            else _NEGATION.search(before)):  # fmt: skip
        return []
    globs = sorted(resources.lexicon()["mutating_commands"])
    tool = (m["tool"] or "").lower()
    if tool and any(g.startswith(tool + " ") for g in globs):
        globs = [g for g in globs if g.startswith(tool + " ")]
    sign = "avoid" if _soft(clause) else "forbid"
    return [f'{sign}(run_shell("{{{",".join(globs)}}}"))']


#: a tool or command named with one of its settings: "`move_tool` with `drag=true`"
_WITH_SETTING = re.compile(r"\bwith\s+`?[\w.\-]+\s*[=:]\s*`?[\w\-]", re.I)
_QUOTED = re.compile(r'"[^"]{1,200}"|\u201c[^\u201d]{1,200}\u201d')


def _quoted(clause: str) -> list[tuple[int, int]]:
    """Spans of the double-quoted phrases of a clause."""
    return (
        [m.span() for m in _QUOTED.finditer(clause)] if '"' in clause or "\u201c" in clause else []
    )


# cached because a clause split at "when"/"unless" is read whole and in part more than once
@lru_cache(maxsize=4096)
def _encode_clause(clause: str) -> tuple[tuple[str, ...], bool]:
    out: list[str] = []
    #: (start, end, primitive) of what patterns read: a later pattern of the same primitive
    #: does not read those words again ("answer in English" is one language rule)
    taken: list[tuple[int, int, str]] = []
    only_additive = True
    quoted = _quoted(clause)
    for pat in consequent_patterns():
        if pat.skip_if is not None and pat.skip_if.search(clause):
            continue
        prim = re.match(r"[a-z_]+", pat.emit)[0]  # type: ignore[index]
        for m in pat.regex.finditer(clause):
            if any(m.start() < b and a < m.end() and p == prim for a, b, p in taken):
                continue  # a more specific pattern already read these words
            if _WHEN_DOING.search(clause, 0, m.start()) and re.match(r"\w+ing\b", m[0]):
                continue  # "never ask before pushing commits": when, not what
            if _CHOOSE.match(clause[: m.start()]) and _WHICH_ONES.match(clause, m.end()):
                continue
            if any(a < m.start() and m.end() <= b for a, b in quoted):
                continue  # 'overrides such as "use emoji in responses"' mention, not ask
            taken.append((*m.span(), prim))
            sign = _sign_of(clause, m, pat)
            purpose = pat.purpose_after
            if sign in ("forbid", "avoid") and purpose and purpose.match(clause, m.end()):
                continue
            # "end with a question" also asks one; "never end with a question" does not
            extra = pat.also if sign in ("require", "prefer") or pat.also_any_sign else ()
            calls = [c for c in (_fill(t, m) for t in (pat.emit, *extra)) if c]
            listed = m.groupdict().get("text") or ""
            words = [] if re.search(r"[.!?]", listed) else _WORD_LIST.split(listed)
            if pat.repeat_quotes and len(words) > 1 and all(len(w.split()) <= 3 for w in words):
                # one list of words: "unless, while, when", "authentic, traditional, or homemade"
                calls = [c for w in words if w.strip()
                         for c in [_fill(pat.emit, _Fake(w.strip()))] if c]  # fmt: skip
            if pat.repeat_quotes:
                calls += _more_quoted(pat.emit, clause, m.end(), taken, prim)
            if not calls:
                continue
            only_additive = only_additive and pat.additive
            for call in calls:
                stmt = f"{sign}({call})"
                if stmt not in out:
                    out.append(stmt)
    # "each blurb should be 40 to 80 words" is read as a part's length: not the reply's too
    parts = {b.group(1) for c in out if (b := _PART_BOUND.search(c))}
    out = [c for c in out if not ((b := _REPLY_BOUND.search(c)) and b.group(1) in parts)]
    return tuple(out), bool(out) and only_additive


_SOFT_RULE = re.compile(
    r"^\s*(?:(?:you\s+)?(?:should\s+)?try to|where possible|if possible|ideally|preferably|"
    r"generally|whenever possible|as far as possible)\b",
    re.I,
)
_SOFTER = {"require": "prefer", "forbid": "avoid"}


def _soften(call: str) -> str:
    sign, _, rest = call.partition("(")
    return f"{_SOFTER.get(sign, sign)}({rest}"


_PART_BOUND = re.compile(r'part_length\("[^"]*", ("\w+", "[<>=]+", \d+)\)')
_REPLY_BOUND = re.compile(r'reply_length\(("\w+", "[<>=]+", \d+)\)')


def _sign_of(clause: str, m: re.Match[str], pat: _Pattern) -> str:
    # "..., which cannot render markdown, so write in plain text": a negation before the
    # consequence belongs to the reason
    cut = max((b.end() for b in _CONSEQUENCE.finditer(clause, 0, m.end())), default=0)
    before = clause[cut : m.start()]
    if pat.sign is not None:  # the pattern's own words carry the sign ("no markdown")
        sign = (
            {"forbid": "require"}.get(pat.sign, pat.sign) if _NEGATION.search(before) else pat.sign
        )
        if _soft(clause):
            sign = _SOFTER[sign]
        return sign
    # the words up to the match's last one: "with no formatting, links" negates "links"
    inside = clause[cut : m.start() + len(m.group(0).rstrip().rsplit(" ", 1)[0])] + " "
    omit = _OMIT.search(before)
    if omit:  # "omit X" forbids X; "never omit X" requires it
        before = before[: omit.start()]
    negated = omit is not None
    negated ^= (
        bool(_NEGATION.search(before))
        or bool(_NO_BEFORE.search(before))
        or (" " in m.group(0).strip() and bool(_NO_BEFORE.search(inside)))
        or bool(
            re.match(
                r"\s*(never|no)\b(?!\s+(more|fewer|less|longer)\b)",
                clause[max(m.start(), cut) :],
                re.I,
            )
        )
    )
    soft = _soft(clause)
    if soft:
        return "avoid" if negated else "prefer"
    return "forbid" if negated else "require"


_WORD_LIST = re.compile(r"\s*,\s*(?:or\s+|and\s+|nor\s+)?|\s+(?:or|and|nor)\s+(?=\S+$)")


# "locate/find", "closed/merged PRs", "content/data": words offered as alternatives, not
# a path, unless the text quotes it or its first part names a usual folder (the lexicon's).
_ALTERNATION = re.compile(r"[a-z]+(?:/[a-z]+)+")


def _is_alternation(value: str, m: re.Match[str] | _Fake, name: str) -> bool:
    v = value.rstrip(".,;:")
    if not _ALTERNATION.fullmatch(v) or v.split("/", 1)[0] in resources.lexicon()["folders"]:
        return False
    if isinstance(m, re.Match):
        start = m.start(name)
        if start > 0 and m.string[start - 1] in "`'\"":
            return False
    return True


class _Fake:
    """A stand-in match whose only group is ``text`` (an item of a quoted list)."""

    def __init__(self, text: str) -> None:
        self._text = text

    def groupdict(self) -> dict[str, str]:
        return {"text": self._text}


_LIST_QUOTE = re.compile(r'\s*(?:,|,?\s*(?:or|and|nor))\s+["“](?P<text>[^"”]{1,40})["”]')


def _more_quoted(
    emit: str, clause: str, pos: int, taken: list[tuple[int, int, str]], prim: str
) -> list[str]:
    """The further items of a quoted list: ``"a", "b" or "c"``."""
    out = []
    while m := _LIST_QUOTE.match(clause, pos):
        taken.append((*m.span(), prim))
        if filled := _fill(emit, m):
            out.append(filled)
        pos = m.end()
    return out


#: longer "rules" are paragraphs the extractor could not split; they are reported unencoded
MAX_RULE_CHARS = 2000


class OfflineEncoder:
    """Deterministic, pattern-based encoder."""

    def encode(self, records: Sequence[RuleRecord]) -> tuple[Any, ...]:
        return tuple(self.encode_one(r) for r in records)

    def encode_one(self, record: RuleRecord) -> Any:
        from promptlint.encode import Encoding, Unencoded

        raw = record.in_context()
        if len(raw) > MAX_RULE_CHARS:
            # the phrase patterns (and unbold's quote pairing) are not all linear in the
            # length of a rule
            return Unencoded(
                record.id, f"too long to encode offline ({len(raw):,} characters; the patterns "
                f"read rules of up to {MAX_RULE_CHARS:,})"
            )  # fmt: skip
        # "1,200 words" is one number
        text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", unbold(raw).strip())
        text = _aside_exceptions(text)
        kw, main, cond, otherwise = split_rule(text)
        base: list[str] = []
        if cond is not None:
            base.append(_guard(cond, kw))
        named = audience(text)  # also in the condition: "For adult users who ask, ..."
        if named and not any("ctx.user.age" in b for b in base):
            base.append(named)
        base += output_scope(main)
        section = section_scope(main)
        if section and cond is None:
            base.append(encode_condition(section))
        body: list[str] = []
        soft_rule = bool(_SOFT_RULE.match(main))
        for clause in split_clauses(main):
            if not clause.strip() or _DESCRIPTION.match(clause):
                continue
            own = list(base)
            lead = LEADING.match(clause.strip())
            if lead:  # "Large homes: for homes over 3,000 square feet, always ..."
                own.append(_guard(lead["cond"], lead["kw"]))
                clause = lead["rest"]
            if w := _WITHOUT_FIRST.match(clause.strip()):
                # "never merge without first running the tests": run them, then merge
                clause = f"{w['rest']} only after {w['cond']}"
            only = not _READ_ONLY.search(clause) and (
                ONLY_FOR.match(clause.strip()) or ONLY_AFTER.match(clause.strip())
            )
            if only and _WITH_SETTING.search(only["rest"]):
                only = None  # "use move_tool with drag=true only for ...": that setting only
            restricted = only and [
                "forbid(" + c.removeprefix("require(") for c in encode_any(only["rest"])
                if c.startswith("require(")
            ]  # fmt: skip
            if only and restricted:
                step = _agent_step(only, restricted)
                if step:  # "comment only after confirming the issue": confirm first, then
                    body += _block(own, [step])
                    continue
                if _DISCRETION.fullmatch(only["cond"].strip()):
                    # "load resources only when needed": when is the agent's judgement
                    restricted = [_soften(c) for c in restricted]
                # "only use web search for recent claims": forbidden for everything else
                body += _block([*own, negate(encode_condition(only["cond"]))], restricted)
                continue
            t = TRAILING.match(clause.strip())
            if t and _split_trailing(clause, t["rest"]):
                own.append(_guard(t["cond"], t["kw"]))
                calls = encode_any(t["rest"])
            else:
                calls = encode_any(clause)
            if soft_rule:  # "Try to keep it light and avoid lists": both are preferences
                calls = [_soften(c) for c in calls]
            body += _block(own, calls)
        if otherwise and base:
            body += _block([negate(" and ".join(base))], encode_clause(otherwise))
        if not any(
            line.lstrip().startswith(("require(", "forbid(", "prefer(", "avoid(")) for line in body
        ):
            return Unencoded(record.id, "no encoder pattern matches this rule")
        lines = (record.span.line, record.span.end_line)
        pyrule = format_rule_text(record.id, lines, None, record.quote, body, origin="offline")
        return Encoding(record.id, pyrule, "offline")


#: a condition that leaves the call to the agent: "only when needed", "only if necessary"
_DISCRETION = re.compile(
    r"(?:it\s+is\s+|they\s+are\s+|truly\s+|really\s+|strictly\s+|absolutely\s+)?"
    r"(?:needed|necessary|required|appropriate|relevant|useful|helpful|warranted|justified|"
    r"applicable|beneficial|essential|possible)(?:\s+(?:during|for|in|to)\s+[\w\s]+)?",
    re.I,
)
#: "never X without first <doing Y>": the agent's own step, before X
_WITHOUT_FIRST = re.compile(
    r"^(?:never|do not|don't|must not|you must not|you must never|you should never)\s+"
    r"(?P<rest>.+?),?\s+without\s+first\s+(?P<cond>(?!(?:being|getting|having)\b)[a-z]{3,}ing\b.+?)"
    r"[.!]?$",
    re.I,
)
#: a step the agent takes itself: "after confirming the target issue", "once you have read it"
_AGENT_STEP = re.compile(
    r"(?:you(?:'ve|\s+have)\s+(?:\w+ly\s+)?(?P<done>[a-z]+ed)\b|"
    r"(?!(?:being|receiving|getting|having|hearing)\b)(?P<doing>[a-z]{3,}ing)\b)",
    re.I,
)


def _agent_step(only: re.Match[str], restricted: list[str]) -> str | None:
    """``trace_order`` for "X only after/once <the agent's own step>": the agent can take
    the step first, so the rule orders the two and forbids nothing outright ("apply only
    after the staging apply has succeeded" waits on an outcome, and stays a prohibition)."""
    kw = (only.groupdict().get("kw") or "").lower()
    if kw not in ("after", "once") or not _AGENT_STEP.match(only["cond"].strip()):
        return None
    acts = [m[1] for c in restricted if (m := re.match(r'forbid\(act\("([^"]+)"\)\)$', c))]
    if len(acts) != 1:
        return None
    first, second = canonical_label(only["cond"]), canonical_label(acts[0])
    return f'require(trace_order("{first}", "{second}"))'


_ASIDE = re.compile(r"\s*\((?P<body>[^()]*)\)")
_ASIDE_EXCEPTION = re.compile(r"^(?:unless|except(?: when| if)?|other than|apart from)\s", re.I)
_ASIDE_EXCEPTIVE = re.compile(r"\b(?:beyond|except|other than|apart from|unless)\b", re.I)


def _aside_exceptions(text: str) -> str:
    """An exception in brackets is read as one ("run arbitrary commands (unless allowed)"
    -> "... unless allowed"); an aside that only mentions one ("perform branch operations
    (no merges, or anything beyond pushing commits)") is dropped, so that what it allows
    is not read as part of what the rule forbids."""

    def one(m: re.Match[str]) -> str:
        body = m["body"].strip()
        if _ASIDE_EXCEPTION.match(body):
            return " " + body
        return "" if _ASIDE_EXCEPTIVE.search(body) else m[0]

    return _ASIDE.sub(one, text)


def _guard(cond: str, kw: str | None) -> str:
    """The condition a keyword introduces: "if C" -> C, "unless C" -> not C."""
    c = encode_condition(cond)
    return negate(c) if negating(kw or "") else c


#: a statement about other people, not an instruction: "many families write to us in
#: Spanish"
_DESCRIPTION = re.compile(
    r"^\s*(?:many|most|some|few|several|lots of|a lot of|plenty of)\s+(?:of\s+)?(?:our\s+|the\s+)?"
    r"[a-z\-]+s\s+(?!(?:must|should|shall|need|needs|may|will|have to|are to)\b)[a-z]+\b",
    re.I,
)
#: a purpose or reason clause: a condition after it belongs to it, not to the rule
#: ("ticket it now, so the fare is not lost while they decide")
_PURPOSE_CLAUSE = re.compile(r"(?:,\s*|\s)(?:so that|so|because|since|in order to)\s", re.I)


def _split_trailing(clause: str, rest: str) -> bool:
    """Read "X when C" as a condition only if X keeps what the whole clause says
    ("Include keyword unless in your response" is a keyword, not a condition)."""
    if _PURPOSE_CLAUSE.search(rest):
        return False
    whole, head = encode_clause(clause), encode_clause(rest)
    if head:
        return set(head) >= set(whole)
    return not whole and bool(encode_generic(rest))


def _block(conds: list[str], calls: list[str]) -> list[str]:
    if not calls:
        return []
    if not conds:
        return calls
    return [f"if {' and '.join(conds)}:", *("    " + c for c in calls)]
