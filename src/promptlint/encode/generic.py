"""Hard clauses no phrase pattern reads, as a generic action or topic.

"Never reset a password through chat" becomes ``forbid(act("reset password through
chat"))``; "always state the adult dose" becomes ``require(disclose("adult dose"))`` (verbs
of telling and showing share one topic surface). Triage compares them by stemmed content
words, so a prohibition collides with a requirement whose words contain its core.
"""

from __future__ import annotations

import re

from promptlint.resources import lexicon

__all__ = ["encode_generic"]


_NEG_LEAD = re.compile(
    r"^(?:(?:you|we|the agent|the assistant|agents?)\s+)?(?:must not|mustn't|should not|"
    r"shouldn't|may not|cannot|can't|can not|do not|don't|does not|will not|won't|never|"
    r"no longer|under no circumstances(?:\s+(?:should|may|will|can|must)\s+(?:you|the agent))?|"
    r"at no point(?:\s+(?:should|may|will|can|must)\s+(?:you|the agent))?|"
    r"refrain from|avoid|stop|refuse to|decline to|you are not allowed to|you are not permitted to|"
    r"it is (?:forbidden|prohibited|not allowed) to)\b\s*",
    re.I,
)
_POS_LEAD = re.compile(
    r"^(?:(?:you|we|the agent|the assistant)\s+)?(?:must|always|shall|will always|need to|"
    r"needs to|have to|has to|are required to|is required to|it is (?:mandatory|required|"
    r"essential|important) (?:that you |to )|make sure (?:to|that you|you)|be sure to|"
    r"ensure (?:that )?you|remember to|also|then|please|immediately|first|still|ever|"
    r"only ever|right away|instead|just|simply|now|directly|actually)\b\s*",
    re.I,
)
_SOFT_LEAD = re.compile(
    r"^(?:(?:you\s+)?(?:should|may|might|could|can)|try to|feel free to)\b\s*", re.I
)
_TAIL = re.compile(
    r"\s+(?:so that|so|because|since|in order to|to make sure|to ensure|as this|as it|"
    r"otherwise|unless|then|no matter|regardless|when|whenever|if|while|once|until)\b.*$|\s*[,;:(\u2014\u2013].*$|\s+-\s.*$",
    re.I,
)
#: verbs too general to stand for an action without their object
_GENERIC_VERBS = frozenset({"do", "make", "get", "go", "let", "take", "have", "work", "try",
                            "handle", "treat", "act", "continue"})  # fmt: skip
#: verbs whose action is their object ("use it" says nothing without what "it" is)
_BY_OBJECT = frozenset({"use", "add", "include", "put", "place"})
#: states, not actions: "be concise", "stay calm" are not compared as actions
_STATE_VERBS = frozenset({"be", "keep", "stay", "remain", "seem", "feel", "become"})


_QUESTIONS_ABOUT = re.compile(
    r"^(?:answer|address|field|handle|take|respond to)\s+(?:any\s+)?questions?\s+"
    r"(?:about|on|regarding|related to|concerning)\s+",
    re.I,
)
_SUBJECT_MODAL = re.compile(
    r"^(?:(?:every|each|all|any|the|your|our|an?)\s+)?(?:[\w\-']+\s+){0,4}?(?:must|should|shall|has to|"
    r"have to|needs? to|will)\s+(?P<neg>not\s+|never\s+)?(?:always\s+)?(?!be\b|have\b)(?P<rest>[a-z].*)$",
    re.I,
)
_PASSIVE = re.compile(
    r"\b(?:must|should|shall|will|are to|is to)\s+(?P<neg>not\s+|never\s+)?(?:always\s+)?be\s+"
    r"(?:given|told|shown|sent|provided(?:\s+with)?|offered|informed of)\s+(?P<obj>\S.*)$",
    re.I,
)
_THIS_PROMPT = re.compile(
    r"(?:\b(?:in|from|of)|^)\s+(?:this|the|your|these)\s+(?:system\s+)?(?:prompt|instructions)\b",
    re.I,
)
#: a term to use: 'say "Early Decision"', 'call it "the Plan"'
_WORDING = re.compile(
    r"^\s*(?:always\s+|instead\s+|please\s+)?(?:say|write|use|call\s+(?:it|them))\s+"
    r"(?:the\s+(?:words?|term|phrase|name)\s+)?[\"“'][^\"”']{1,40}[\"”']\s*[.!]?\s*$",
    re.I,
)
_CODE_LEAD = re.compile(r"\s*`?[\w.]*_[\w.]*`?\s*\(|\s*`?\w+\(")


def _words(text: str) -> list[str]:
    # "do not file it yourself": a reflexive adds nothing to the action
    return [
        w for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9_'\-]*", text) if w.lower() not in _REFLEXIVE
    ]


_REFLEXIVE = frozenset({"yourself", "yourselves", "themselves", "itself", "himself", "herself"})


_MONEY = re.compile(
    r"[$€£¥]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:dollars|euros|pounds|usd|eur|gbp|cents)\b", re.I
)
#: an addressee before what is told: "an owner that ...", "them how ..."
_ADDRESSEE_THEN = re.compile(
    r"^\s*(?:to\s+)?(?:(?:an?|the|your|our|their|this|any|every|each)\s+)?[\w\-]+(?:\s+[\w\-]+)?"
    r"\s+(?=(?:that|how|whether|what|why|which|who|where|when|about)\b)",
    re.I,
)
#: where the object of a prohibition ends: a relative or subordinate clause
_SUBORDINATE = re.compile(
    r"\s+(?:so that|so|because|since|in order to|no matter|regardless|that|which|who|whom|"
    r"whose|where|when|whenever|if|unless|until|as|once|while|even|otherwise|instead)\b|"
    # "never give an explanation, only the code": what follows is the exception
    r",\s*(?:only|just|but|except|apart from|other than|beyond)\b|"
    # "never use X, particularly in Y": where, not another object ("especially Z" is one)
    r",\s*(?:particularly|especially|notably)\s+(?:in|within|inside|on|at|for|when|during|if)\b|"
    r"\s*[;:(\u2014\u2013]|\s+-\s",
    re.I,
)


#: a relative clause right after a prohibition's object: it says which of them
_RESTRICTIVE = re.compile(r"\s+(?:that|which|who|whom|whose)\b", re.I)

#: a prohibition restricted by what it leaves out
_EXCEPTIVE = re.compile(r"\b(?:other than|except|apart from|besides|excluding|save for|else but)\b",
                        re.I)  # fmt: skip

#: a prohibition of one way of doing something, which the object's core would lose
_MANNER = re.compile(
    r"\b(?:in\s+(?:one|a\s+single)\s+\w+|(?:all\s+)?at\s+once|at\s+the\s+same\s+time|"
    r"simultaneously|in\s+parallel|together\s+with|alongside|without\s+(?:a\s+|any\s+)?limit|"
    r"more\s+than\s+(?:once|twice)|repeatedly|in\s+a\s+row|back[\s-]to[\s-]back)\b",
    re.I,
)

_DETERMINERS = frozenset({"the", "a", "an", "any", "their", "our", "your", "out", "back", "about"})
_PREPOSITIONS = frozenset({"by", "via", "through", "over", "in", "on", "to", "for", "of", "with",
                           "at", "from", "into"})  # fmt: skip
#: where a prohibition's object goes ("no period after citations"): it stays in the topic
_PLACES = frozenset({"after", "before", "between", "around"})
#: a time is not a place: "after 9 pm", "before pushing", "after hours"
_TIME = re.compile(
    r"\d|\w+ing$|(?:midnight|noon|hours|dark|lunch|today|tomorrow|\w+day|weekends?|"
    r"business|office|work|close|closing)$",
    re.I,
)
#: channels a prohibition may name ("never send it by email"): they stay in its topic
#: ("chat" is not one: it is where an assistant's replies go anyway)
_CHANNELS = frozenset({"email", "e-mail", "emails", "sms", "text", "texts", "phone",
                       "slack", "dm", "dms", "mail", "post", "letter", "fax", "writing",
                       "voicemail", "public", "social"})  # fmt: skip


#: parts of a reply or document a prohibition may be limited to
_PARTS = frozenset({"summary", "title", "headline", "heading", "headings", "subject",
                    "intro", "introduction", "conclusion", "footer", "header", "signature",
                    "caption", "abstract", "preview", "greeting", "key", "field", "column",
                    "description", "blurb", "outro"})  # fmt: skip


def _addressee(words: list[str]) -> bool:
    """Do these words (after "to") name a person: "the user", "them", "customers"?"""
    people = lexicon()["recipients"] - _DETERMINERS
    lowered = [w.lower() for w in words]
    if lowered and lowered[0] in _DETERMINERS:
        lowered = lowered[1:]
    return bool(lowered) and lowered[0] in people


#: "use this tool": an action on something named elsewhere, no topic to compare
_DEICTIC = frozenset({"this", "that", "these", "those"})
#: "do not retry it": the action itself is what is compared
_PRONOUNS = frozenset({"it", "them"})
#: words that open an object phrase without being its topic ("them", "how", "exactly")
_LEAD_WORDS = frozenset({"how", "what", "which", "why", "whether", "that", "exactly", "through",
                         "who", "where"})  # fmt: skip


def _skip_lead(
    words: list[str], extra: frozenset[str] = frozenset(), *, people: bool = True
) -> list[str]:
    """The words after leading recipients and wh-words ("them how X" -> "X"); with
    ``people=False`` only determiners ("call the supervisor": the person is the object)."""
    skip = (lexicon()["recipients"] if people else _DETERMINERS) | _LEAD_WORDS | extra
    i = 0
    while i < len(words) and words[i].lower() in skip:
        i += 1
    return words[i:]


def _core(words: list[str], *, skip_to: bool = False, people: bool = True) -> list[str]:
    """The head of an object phrase: leading recipients and wh-words skipped, cut at the
    first preposition or conjunction ("a password through chat" -> "password")."""
    lex = lexicon()
    # "talk to the user about X": the addressee is not the topic
    rest = _skip_lead(words, frozenset({"if", "to", "with"} if skip_to else {"if"}), people=people)
    out = []
    for j, w in enumerate(rest):
        low = w.lower()
        nxt = [x.lower() for x in rest[j + 1 : j + 3]]
        article = bool(nxt) and nxt[0] in ("a", "an", "the")
        channel = nxt[1:2] if article else nxt[:1]
        if low in _PREPOSITIONS and channel and channel[0] in _CHANNELS:
            out += rest[j : j + (3 if article else 2)]
            break  # "send the password by email": the channel is what is prohibited
        if low == "in" and channel and channel[0] in _PARTS:
            out += rest[j : j + (3 if article else 2)]
            break  # "never mention sponsors in the summary": only there
        universal = bool(nxt) and nxt[0] in ("any", "all", "every", "anyone", "anything")
        if low in _PREPOSITIONS and universal and nxt[1:2] != ["of"]:
            break  # "a price for any vehicle": a universal qualifier restricts nothing
        if out and _is_place(low, nxt[:1]):
            # "no period after citations": only there (a time, "after pushing", is not a place)
            out += [low, *(x for x in rest[j + 1 :] if x.lower() not in _DETERMINERS)]
            break
        if low in lex["object_stops"]:
            break
        if low == "to" and _addressee(rest[j + 1 : j + 3]):
            break  # "show the SQL to the user": the addressee is not part of the topic
        out.append(w)
    return out


def _is_place(word: str, following: list[str]) -> bool:
    """Does ``word`` (lower case) open a place before ``following``'s first word ("after
    citations"), not a time ("after 9 pm", "before pushing")?"""
    return word in _PLACES and bool(following) and not _TIME.match(following[0])


def _place_of(words: list[str]) -> list[str]:
    """The place phrase ending a prohibition's object ("after citations"), or []."""
    low = [w.lower() for w in words]
    for j in range(1, len(low)):
        if _is_place(low[j], low[j + 1 : j + 2]):
            return words[j:]
    return []


def _label(words: list[str]) -> str:
    return " ".join(w.lower().strip("'") for w in words).replace('"', "'")


#: the object of a requirement is a list: "the full name, date of birth, and phone number"
_LAST_ITEM = re.compile(r"\s(?:and|or)\s+[^,]")
_LIST_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def _is_list(text: str) -> bool:
    """``a, b, and c`` / ``a, b or c``: non-empty comma-separated items, the last after
    "and" or "or". Checked piecewise: one regular expression for the whole backtracks
    exponentially in the number of items."""
    *items, last = text.split(",")
    return bool(items) and all(items) and _LAST_ITEM.search(last) is not None


def _required_objects(rest: str, content: bool) -> list[list[str]]:
    """The object phrases of a requirement: up to a subordinate clause or comma, but a
    list after a verb of telling is read whole, one object per item."""
    whole = _skip_lead(_words(_TAIL.sub("", rest)), people=content)
    if content:
        head = _TAIL.sub("", rest.replace(",", "\0")).replace("\0", ",")
        if "," in head and _is_list(head.strip()):
            items = [_skip_lead(_words(i)) for i in _LIST_SPLIT.split(head.strip())]
            if all(items) and not any(i[0].lower() in lexicon()["verbs"] for i in items[1:]):
                return items
    return [whole] if whole else []


def encode_generic(clause: str) -> list[str]:
    """A signed ``disclose(topic)`` or ``act(verb phrase)`` for a hard clause no pattern reads.

    Prohibitions keep the core of each listed object ("never reset a password through
    chat" -> ``act("reset password")``); requirements keep the whole object up to a
    subordinate clause, so a prohibition collides with a requirement that contains it.
    """
    if _CODE_LEAD.match(clause):
        return []  # "read_file(path), write_file(path) ...": a list of code, not a rule
    if _WORDING.match(clause):
        return []  # 'say "Early Decision"': which words to use, not what to tell
    text = re.sub(r"[`*_\"“”]", " ", clause).strip()
    negated = soft = False
    for _ in range(4):
        m = _NEG_LEAD.match(text)
        if m and m.end():
            negated, text = True, text[m.end() :]
            continue
        m = _POS_LEAD.match(text) or _SOFT_LEAD.match(text)
        if m and m.end():
            soft = soft or bool(_SOFT_LEAD.match(text))
            text = text[m.end() :]
            continue
        break
    # "answer questions about salary" is telling about salary
    text = _QUESTIONS_ABOUT.sub("discuss ", text)
    if not negated and (s := _SUBJECT_MODAL.match(text)):  # "Every summary must list X"
        negated = bool(s["neg"])
        text = s["rest"]
    if p := _PASSIVE.search(text):  # "candidates must be given the salary range"
        negated = negated or bool(p["neg"])
        text = "tell " + p["obj"]
    words = _words(text)
    lex = lexicon()
    if not words or words[0].lower() not in lex["verbs"]:
        return []
    verb, rest = words[0].lower(), text[text.lower().find(words[0].lower()) + len(words[0]) :]
    if verb in _STATE_VERBS:
        return []
    content = verb in lex["content_verbs"]
    primitive = "disclose" if content else "act"
    sign = ("avoid" if soft else "forbid") if negated else ("prefer" if soft else "require")
    out: list[str] = []
    if negated:
        if content:
            rest = _ADDRESSEE_THEN.sub("", rest, count=1)
        cut = _SUBORDINATE.split(rest, maxsplit=1)[0]
        if _EXCEPTIVE.search(cut):
            return []  # "never book travel for anyone other than X": X is allowed
        if _words(cut) and "," not in cut and _RESTRICTIVE.match(rest[len(cut) :]):
            # "never schedule tasks that can run now": only those tasks (after a list,
            # "..., including abstracts that they could paste", it restricts the last item)
            return []
        if _MANNER.search(cut):
            return []  # "never write whole scripts in one step": only that way is forbidden
        items = [
            _words(i)
            for i in re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+|\s+nor\s+|\s+and\s+(?=\w+\s)", cut)
        ]
        place = _place_of(items[-1]) if len(items) > 1 else []
        owner: list[str] = []
        for n, item_words in enumerate(items):
            if place and n < len(items) - 1 and item_words and not _place_of(item_words):
                item_words = [*item_words, *place]  # "no period or punctuation after X"
            item_verb = verb
            following = items[n + 1] if n + 1 < len(items) else []
            if (
                len(item_words) == 1
                and item_words[0].lower() in lex["verbs"]
                and len(following) > 1
                and following[0].lower() in lex["verbs"]
            ):
                continue  # "display or repeat X": the object comes with the last verb
            if n and item_words and item_words[0].lower() in lex["verbs"] and len(item_words) > 1:
                # "or describe X"; not the first item: "discuss drop rates" is one object
                item_verb, item_words = item_words[0].lower(), item_words[1:]
            core = _core(
                item_words,
                skip_to=item_verb in lex["content_verbs"],
                people=item_verb in lex["content_verbs"],
            )
            if not core:
                continue
            if n and item_words[0].lower() in ("their", "its") and owner:
                core = [*owner, *core]  # "other tenants, their units": the other tenants' units
            if not n:
                owner = core
            item_content = item_verb in lex["content_verbs"]
            if not item_content and core[0].lower() in _DEICTIC:
                continue
            if not item_content and core[0].lower() in _PRONOUNS:
                if len(item_words) > 1:
                    continue  # "don't call it together with X": a qualified act on a referent
                core = []
            prim = "disclose" if item_content else "act"
            phrase = _label(core) if item_content else f"{item_verb} {_label(core)}".strip()
            if not item_content and item_verb in _GENERIC_VERBS and len(core) < 2:
                continue
            out.append(f'{sign}({prim}("{phrase}"))')
        if not out and not content and verb not in _GENERIC_VERBS and not _words(cut):
            # "Don't apologize", "Never speculate": the action itself, whatever its object
            out.append(f'{sign}(act("{verb}"))')
    else:
        if content:  # "tell an owner that X", "explain to them how X"
            rest = _ADDRESSEE_THEN.sub("", rest, count=1)
        for obj in _required_objects(rest, content):
            if (not content and obj[0].lower() in _DEICTIC) or (
                content and obj[0].lower() in _PRONOUNS
            ):
                continue  # "use this tool", "read it before ...": nothing named to compare
            if not content and obj[0].lower() in _PRONOUNS:
                if verb in _GENERIC_VERBS or verb in _BY_OBJECT:
                    continue  # "use them sparingly": what is used is named elsewhere
                obj = []
            phrase = _label(obj) if content else f"{verb} {_label(obj)}".strip()
            out.append(f'{sign}({primitive}("{phrase}"))')
            if content and _THIS_PROMPT.search(" " + rest):  # "the steps listed in this prompt"
                out.append(f'{sign}(disclose("system_prompt"))')
            if _MONEY.search(rest):  # "tell them the exam fee is $185" states a price
                out.append(f'{sign}(disclose("prices"))')
    return list(dict.fromkeys(out))
