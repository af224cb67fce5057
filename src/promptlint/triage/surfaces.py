"""Surface bucketing, sign gates and value-level collision tests. Pure Python, no z3.

A clause pair reaches the solver only if both clauses project to the same decision
surface, come from different rules, pass the hard-sign gate, and their arguments can
collide. Argument collisions that are decidable from constants are decided here;
only context-valued arguments (``reply_language(ctx.msg.language)``) and globs are
left to the solver as :class:`Deferred` values.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from promptlint.objects import Clause, Const, Ref, Term
from promptlint.pyrule.labels import SEMANTIC_PREDICATES
from promptlint.pyrule.vocabulary import PrimitiveSpec, Vocabulary

__all__ = [
    "REQUIRE_REQUIRE_MODES",
    "Deferred",
    "bucket",
    "comparisons",
    "glob_alternatives",
    "glob_match",
    "hard_gate",
    "implied",
    "literal",
    "numeric_interval",
    "pairs_in_buckets",
    "topic_words",
    "value_collision",
]

#: comparison modes on which two requirements can exclude each other
REQUIRE_REQUIRE_MODES = frozenset(
    {
        "exclusive",
        "exclusive_case",
        "exclusive_groups",
        "exclusive_topic",
        "numeric",
        "ordering",
        "prefix",
        "suffix",
    }
)


@dataclass(frozen=True, slots=True)
class Deferred:
    """A collision condition the solver must decide.

    ``kind`` is ``"neq"`` / ``"eq"`` (a context slot against a constant or another slot)
    or ``"glob_path_in"`` / ``"glob_command_in"`` (every match of the required pattern
    ``left`` must also match the forbidden pattern ``right``; decided on its own, since it
    does not depend on the situation).
    """

    kind: str
    left: Term
    right: Term


def bucket(clauses: Sequence[Clause]) -> dict[str, list[Clause]]:
    out: dict[str, list[Clause]] = defaultdict(list)
    for c in clauses:
        out[c.surface].append(c)
    return out


def comparisons(clauses: Sequence[Clause]) -> int:
    """C(clauses, 2) minus the pairs inside one source rule (WIRE Table 1)."""
    n = len(clauses)
    per_rule: dict[str, int] = defaultdict(int)
    for c in clauses:
        per_rule[c.rule] += 1
    return n * (n - 1) // 2 - sum(k * (k - 1) // 2 for k in per_rule.values())


def pairs_in_buckets(
    buckets: dict[str, list[Clause]], *, same_rule: bool
) -> Iterator[tuple[Clause, Clause]]:
    """Clause pairs sharing a surface: across rules, or (``same_rule``) inside one rule."""
    for members in buckets.values():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if (a.rule == b.rule) == same_rule:
                    yield a, b


def hard_gate(a: Clause, b: Clause, spec: PrimitiveSpec) -> bool:
    """Keep require/forbid pairs and require/require pairs on exclusive surfaces."""
    if not (a.hard and b.hard):
        return False
    if a.sign == "forbid" and b.sign == "forbid":
        return False
    if a.sign == "require" and b.sign == "require":
        return spec.compare in REQUIRE_REQUIRE_MODES
    return True


def _value(clause: Clause, spec: PrimitiveSpec, vocab: Vocabulary | None = None) -> Term:
    if vocab is not None:
        spec = vocab.primitives[clause.primitive]
    if spec.value is not None:
        return Const(spec.value)
    return clause.args[0][1] if clause.args else Const(None)


def _norm(v: object) -> str:
    return re.sub(r"\s+", " ", str(v).strip().lower())


def _const(t: Term) -> str | None:
    return _norm(t.value) if isinstance(t, Const) and t.value is not None else None


def numeric_interval(clause: Clause) -> tuple[float, float]:
    """The closed integer interval ``[lo, hi]`` a count constraint allows."""
    op = clause.args_dict()["op"]
    n = int(clause.args_dict()["n"])
    inf = float("inf")
    return {
        "<": (0.0, n - 1.0),
        "<=": (0.0, float(n)),
        "==": (float(n), float(n)),
        ">=": (float(n), inf),
        ">": (n + 1.0, inf),
    }[op]


def _subset(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] > a[1] or (b[0] <= a[0] and a[1] <= b[1])


def value_collision(
    a: Clause, b: Clause, spec: PrimitiveSpec, vocab: Vocabulary
) -> bool | Deferred:
    """Whether the two signed calls can never both be honoured, for any response.

    Returns a bool when decidable from constants, else a :class:`Deferred` condition.
    """
    rr = a.sign == "require" and b.sign == "require"
    req, other = (a, b) if a.sign == "require" else (b, a)
    mode = spec.compare
    if mode == "event":
        return True  # the surface key already holds every comparable argument
    if mode == "set":
        ta, tb = _const(_value(a, spec)), _const(_value(b, spec))
        if ta is None or tb is None:
            return False
        # a required text that contains a forbidden one (as whole words) cannot be honoured
        tr, tf = (ta, tb) if a is req else (tb, ta)
        return tr == tf or bool(re.search(rf"(?<!\w){re.escape(tf)}(?!\w)", tr))
    if mode == "exclusive_case":  # part_case(part, case): the part is the surface key
        ca, cb = (_const(dict(c.args).get("case", Const(None))) for c in (a, b))
        if ca is None or cb is None:
            return False
        return ca != cb if rr else ca == cb
    if mode == "exclusive_topic":
        ta, tb = _const(_value(a, spec)), _const(_value(b, spec))
        if ta is None or tb is None:
            return False
        wa, wb = topic_words(ta), topic_words(tb)
        if not wa or not wb:
            return ta == tb and not rr  # nothing to compare but the words themselves
        same = wa <= wb or wb <= wa
        return not same if rr else same
    if mode == "topic":
        # "never give the final answer" vs "show the worked solution with the final answer":
        # the forbidden topic's content words all occur in the required one
        vr, vf = _const(_value(req, spec)), _const(_value(other, spec))
        if vr is None or vf is None:
            return False
        tr, tf = vr, vf
        if spec.name == "act":  # the same verb, and its object within the other's
            vr, _, tr = tr.partition(" ")
            vf, _, tf = tf.partition(" ")
            if topic_words(vr) != topic_words(vf) and not (vf == "use" and vr in _USES):
                return False
            if not tf:
                return True  # a prohibited action whatever its object ("never apologize")
        return _topic_covered(tf, tr) or (
            spec.name == "disclose" and _qualifier_in_situation(tf, tr, req)
        )
    if mode in ("exclusive", "exclusive_groups"):
        va, vb = _value(a, spec, vocab), _value(b, spec, vocab)
        ca, cb = _const(va), _const(vb)
        if ca is None or cb is None:
            if isinstance(va, Ref) or isinstance(vb, Ref):
                return Deferred("neq" if rr else "eq", va, vb)
            return False
        if not rr:
            return ca == cb
        if ca == cb:
            return False
        if mode == "exclusive_groups":
            return any(ca in g and cb in g for g in vocab.style_exclusive_groups)
        if spec.name == "reply_format":
            return not any(ca in g and cb in g for g in vocab.format_compatible)
        return True
    if mode == "numeric":
        ia, ib = numeric_interval(a), numeric_interval(b)
        if rr:
            return max(ia[0], ib[0]) > min(ia[1], ib[1])
        # every value the requirement allows is one the prohibition rules out
        return _subset(numeric_interval(req), numeric_interval(other))
    if mode == "ordering":
        (fa, sa), (fb, sb) = (tuple(_const(v) for _, v in c.args[:2]) for c in (a, b))
        if rr:
            return fa == sb and sa == fb and fa != sa
        return fa == fb and sa == sb
    if mode in ("prefix", "suffix"):
        ta, tb = _const(_value(a, spec)), _const(_value(b, spec))
        if ta is None or tb is None:
            return False
        fits = str.startswith if mode == "prefix" else str.endswith
        if rr:
            return not (fits(ta, tb) or fits(tb, ta))
        pr, pf = _const(_value(req, spec)), _const(_value(other, spec))
        return bool(pr is not None and pf is not None and fits(pr, pf))
    if mode in ("glob_path", "glob_command"):
        # the agent must run/edit something matching the required glob and nothing
        # matching the forbidden one: a collision only if every match of the first is
        # also a match of the second (``pytest*`` inside ``*``; not ``*`` inside ``git push*``)
        gr, gf = _const(_value(req, spec)), _const(_value(other, spec))
        if gr is None or gf is None:
            return False
        wild = {"*", "**"}
        if gf in wild or gr == gf:
            return True
        if gr in wild:
            return False
        if not any(ch in g for g in (gr, gf) for ch in "*?!"):
            return False
        return Deferred(mode + "_in", Const(gr), Const(gf))
    return False


def glob_match(glob: str, text: str, *, path: bool) -> bool:
    """Does ``text`` match the whole glob? ``*`` (within one segment for paths), ``**``
    (across segments) and literal characters; ``?``, ``[`` and ``{`` are literal here.

    A set-of-states simulation, O(len(glob) x len(text)): ``*a*a*a...b`` cannot make it
    backtrack the way a regular-expression engine does.
    """
    tokens: list[str] = []
    i = 0
    while i < len(glob):
        if glob.startswith("**", i) and path:
            tokens.append("**")
            i += 2
        elif glob[i] == "*":
            tokens.append("*" if path else "**")
            i += 1
        else:
            tokens.append(glob[i])
            i += 1
    end = len(tokens)

    def closure(states: set[int]) -> set[int]:
        out = set(states)
        for s in sorted(states):
            while s < end and tokens[s] in ("*", "**"):  # a star may match nothing
                s += 1
                out.add(s)
        return out

    states = closure({0})
    for ch in text:
        nxt: set[int] = set()
        for s in states:
            if s == end:
                continue
            t = tokens[s]
            if t == "**" or (t == "*" and ch != "/"):
                nxt.add(s)
            elif t == ch:
                nxt.add(s + 1)
        if not nxt:
            return False
        states = closure(nxt)
    return end in states


def glob_alternatives(glob: str) -> list[str]:
    """The alternatives of a whole-glob ``{a*,b*}`` (one glob for a set of commands), else
    the glob itself."""
    if glob.startswith("{") and glob.endswith("}") and "," in glob:
        return [g.strip() for g in glob[1:-1].split(",")]
    return [glob]


_STOP = frozenset([  # words that carry no topic
    "a", "an", "the", "this", "that", "these", "those", "any", "all", "every", "each", "some",
    "our", "your", "their", "its", "my", "his", "her", "them", "they", "it", "you", "we", "us",
    "me", "him", "to", "of", "for", "with", "in", "on", "at", "by", "from", "into", "onto",
    "about", "as", "or", "and", "nor", "but", "so", "than", "then", "yourself", "themselves",
    "itself", "anything", "anyone", "anybody", "something", "information", "info", "way",
    "ways", "kind", "sort", "type",
    # modal verbs: "a director will reach out" is not about wills
    "will", "would", "shall", "should", "can", "could", "might", "must",
    # how it is said, not what: "read the number aloud", "repeat it back", "word for word"
    "aloud", "loud", "back", "out", "directly", "verbatim", "explicitly", "plainly", "clearly",
    "again",
    # the form of what is told, not its topic: "advice on supplements" is about supplements
    "advice", "instructions", "instruction", "guidance", "tips", "help", "amount", "amounts",
])  # fmt: skip
#: a possessor names whose it is, not what: "the caller's phone number" is a phone number
_POSSESSOR = re.compile(r"\b[\w\-]+(?:'s|s')(?=\s)")


@cache
def _stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def _content_words(text: str) -> list[str]:
    """The words of a topic or action phrase that carry its topic, unstemmed."""
    text = _POSSESSOR.sub(" ", text.lower().replace("\u2019", "'") + " ")
    words = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.replace("_", " "))
    return [w for w in words if w not in _STOP]


@cache
def topic_words(text: str) -> frozenset[str]:
    """Stemmed content words of a topic or action phrase (``system_prompt`` -> system, prompt)."""
    return frozenset(_stemmer().stemWords(_content_words(text)))


def _topic_covered(forbidden: str, required: str) -> bool:
    """Every content word of the forbidden topic is in the required one, but for loose
    modifiers ("generated", "internal", "full") when the head noun (the last word) is."""
    if forbidden == required:
        return True  # no stemming needed (nor its import)
    wf, wr = topic_words(forbidden), topic_words(required)
    if not wf:
        return False
    missing = wf - wr
    if not missing:
        return True
    head = _head(forbidden)
    return head is not None and head in wr and missing <= _loose()


_QUALIFIER = re.compile(r"\s+(?:to|for)\s+(?:an?|the|any|each|every)\s+", re.I)


def _qualifier_in_situation(forbidden: str, required: str, req: Clause) -> bool:
    """ "Never give the final answer to a homework problem" against "if a student has made
    three attempts at a problem, show the worked solution with the final answer": what
    the topic is for ("a homework problem") is named by the situation of the requirement."""
    short, _, qualifier = _QUALIFIER.sub("\0", forbidden, count=1).partition("\0")
    if not qualifier or not _topic_covered(short, required):
        return False
    return bool(topic_words(qualifier) & topic_words(" ".join(_labels(req.activation))))


def _labels(cond: object) -> Iterator[str]:
    """The semantic labels a condition mentions."""
    from promptlint.objects import And, Not, Or, Pred

    if isinstance(cond, (And, Or)):
        for item in cond.items:
            yield from _labels(item)
    elif isinstance(cond, Not):
        yield from _labels(cond.item)
    elif isinstance(cond, Pred) and cond.name in SEMANTIC_PREDICATES and len(cond.args) > 1:
        label = cond.args[1]
        if isinstance(label, Const) and isinstance(label.value, str):
            yield label.value


def _head(text: str) -> str | None:
    words = _content_words(text)
    return _stemmer().stemWord(words[-1]) if words else None


@cache
def _verbs() -> frozenset[str]:
    from promptlint.resources import lexicon

    return lexicon()["verbs"]


@cache
def _loose() -> frozenset[str]:
    from promptlint.resources import lexicon

    return frozenset(_stemmer().stemWords(sorted(lexicon().get("loose_modifiers", ()))))


_MARKS = ",!?;:."
_EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")


def implied(c: Clause, vocab: Vocabulary) -> list[Clause]:
    """Clauses a required clause implies: a required literal text its punctuation marks,
    letter case, emoji, its length and (for a required start or end) that the reply
    contains it; a count its bounds in other units; a list two lines; a tool named for an
    action that action."""
    if c.sign != "require":
        return []
    if c.primitive == "reply_length":
        return _implied_lengths(c, vocab)

    def make(sign: str, primitive: str, value: str | None) -> Clause:
        params = vocab.primitives[primitive].params[:1]
        args = tuple((p.name, Const(value)) for p in params) if value is not None else ()
        shown = f"{primitive}({value})" if value is not None else f"{primitive}()"
        return _derive(c, vocab, sign, primitive, args, shown)

    if c.primitive == "question_count":
        # at least one question in the reply is asking the user something
        args = c.args_dict()
        n, op = args.get("n"), args.get("op")
        if isinstance(n, int) and ((op in (">=", "==") and n >= 1) or (op == ">" and n >= 0)):
            spec = vocab.primitives["ask_clarify"]
            ask_args = tuple(
                (p.name, Const(p.default)) for p in spec.params if p.default is not None
            )
            return [_derive(c, vocab, "require", "ask_clarify", ask_args, "ask_clarify()")]
        return []
    first = c.args[0][1].value if c.args and isinstance(c.args[0][1], Const) else None
    if c.primitive == "use_tool":
        if not isinstance(first, str):
            return []
        words = re.sub(r"[\s\-]", "_", first.lower()).split("_")
        if _SHELL_TOOL.search("_".join(words)):
            return [make("require", "run_shell", "*")]  # "run the tests with run_shell"
        if len(words) > 1 and words[0] in _verbs():
            # calling `issue_refund` issues a refund ("do not issue refunds yourself")
            return [make("require", "act", " ".join(words))]
        return []
    if c.primitive == "reply_format":
        if first not in _MULTILINE:
            return []
        # a list or a table takes at least two lines
        two_lines: tuple[tuple[str, Term], ...] = (
            ("unit", Const("lines")), ("op", Const(">=")), ("n", Const(2))
        )  # fmt: skip
        return [_derive(c, vocab, "require", "reply_length", two_lines, "reply_length(lines >= 2)")]
    if c.primitive not in _TEXTUAL or not isinstance(first, str) or not first.strip():
        return []
    raw = first
    out = [make("require", "punctuation", m) for m in _MARKS if m in raw]
    if " " in raw.strip():
        out.append(make("require", "whitespace", None))
    letters = [ch for ch in raw if ch.isalpha()]
    # a fixed opening or ending is written as given; a required word may be in any case
    if c.primitive != "reply_contains" and any(ch.isupper() for ch in letters):
        out.append(make("forbid", "reply_case", "lower"))
    if c.primitive != "reply_contains" and any(ch.islower() for ch in letters):
        out.append(make("forbid", "reply_case", "upper"))
    if _EMOJI.search(raw):
        out.append(make("require", "emoji", None))
    if _MARKDOWN.search(raw):
        out.append(make("require", "reply_format", "markdown"))
    # a text to give word for word is at least as long as it is
    counts = (("words", len(raw.split())), ("characters", len(raw.strip())),
              ("sentences", len(_SENTENCE_END.findall(raw.strip()))))  # fmt: skip
    for unit, count in counts:
        if count > 1:
            at_least = (("unit", Const(unit)), ("op", Const(">=")), ("n", Const(count)))
            shown = f"reply_length({unit} >= {count})"
            out.append(_derive(c, vocab, "require", "reply_length", at_least, shown))
    if c.primitive != "reply_contains":
        out.append(make("require", "reply_contains", raw))
        if c.primitive == "reply_ends_with":
            # a fixed ending is what comes last, as a described one is ("the permit number")
            out.append(make("require", "last_section", raw.lower()))
    return out


_TEXTUAL = ("reply_starts_with", "reply_ends_with", "reply_contains")
#: where a sentence of a required text ends: a stop before a capital or the end (so
#: "e.g. the fee" and "3.5 mm" are not counted; a text is never counted longer than it is)
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s+[\"'(\[]?[A-Z]|\s*$)")
#: putting X in is using X: "never use romaji" forbids "add romaji under each sentence"
_USES = frozenset({"add", "insert", "put", "include", "write", "append", "type", "employ",
                   "apply", "sprinkle", "place"})  # fmt: skip
_MULTILINE = frozenset({"numbered_list", "bullet_list", "table"})
_SHELL_TOOL = re.compile(r"(?:^|_)(?:shell|bash|sh|zsh|terminal|exec|execute|cmd|command)(?:$|_)")
#: markdown markup in a required text: **bold**, __bold__, `code`, [link](url), a heading
_MARKDOWN = re.compile(r"\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\[[^\]]+\]\([^)]+\)|^#{1,6}\s", re.M)
#: a reply with at least n of the first unit has at least n of each second unit
_AT_LEAST = {"paragraphs": ("sentences", "lines", "words"), "sentences": ("words",),
             "bullets": ("lines",), "lines": ("characters",), "words": ("characters",)}  # fmt: skip
#: a reply with at most n of the first unit has at most n of each second unit
_AT_MOST = {"words": ("sentences", "paragraphs", "lines", "bullets"),
            "sentences": ("paragraphs",), "lines": ("bullets", "paragraphs")}  # fmt: skip


def _derive(
    c: Clause,
    vocab: Vocabulary,
    sign: str,
    primitive: str,
    args: tuple[tuple[str, Term], ...],
    shown: str,
) -> Clause:
    """A clause ``c`` implies, on its own surface; ``shown`` is how reports name it."""
    return replace(
        c,
        sign=sign,  # type: ignore[arg-type]
        primitive=primitive,
        args=args,
        surface=vocab.surface_key(vocab.primitives[primitive], args),
        derived=("not " if sign == "forbid" else "") + shown,
    )


def _implied_lengths(c: Clause, vocab: Vocabulary) -> list[Clause]:
    """Counts in one unit bound counts in another: four paragraphs are at least four
    sentences; at most 20 words are at most 20 sentences."""
    args = c.args_dict()
    unit, op, n = args.get("unit"), args.get("op"), args.get("n")
    if not isinstance(n, int) or not isinstance(unit, str):
        return []
    out = []
    bounds = []
    if op in (">=", ">", "=="):
        bounds += [(u, ">=", n + (op == ">")) for u in _AT_LEAST.get(unit, ())]
    if op in ("<=", "<", "=="):
        bounds += [(u, "<=", n - (op == "<")) for u in _AT_MOST.get(unit, ())]
    for u, o, k in bounds:
        new_args = (("unit", Const(u)), ("op", Const(o)), ("n", Const(k)))
        out.append(
            _derive(c, vocab, c.sign, "reply_length", new_args, f"reply_length({u} {o} {k})")
        )
    return out


_ENV = {"tool_available", "file_exists", "permission_granted", "trace_has"}


def literal(c: object) -> tuple[str, object] | None:
    """``(key, value)`` if ``c`` is a literal the pure-Python decision understands
    (the same keys :mod:`promptlint.triage.lowering` gives its atoms), else None."""
    from promptlint.objects import Compare, Not, Pred
    from promptlint.pyrule.labels import canonical_label

    positive = True
    if isinstance(c, Not):
        c, positive = c.item, False
    if isinstance(c, Pred):
        args = [a.value if isinstance(a, Const) else None for a in c.args]
        if c.name in SEMANTIC_PREDICATES:
            return f"semantic:{canonical_label(str(args[1]))}", positive
        if c.name == "has_slot":
            return f"has_slot:{canonical_label(str(args[1]))}", positive
        if c.name in _ENV:
            return f"{c.name}:{str(args[0]).strip().lower()}", positive
        return None
    if (
        positive
        and isinstance(c, Compare)
        and c.op == "=="
        and isinstance(c.left, Ref)
        and isinstance(c.right, Const)
        and c.right.value is not None
    ):
        v = c.right.value
        return ".".join(c.left.path), v if isinstance(v, (bool, int)) else _norm(v)
    return None
