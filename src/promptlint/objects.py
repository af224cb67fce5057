"""Frozen objects that cross stage boundaries (DESIGN §1).

Every stage takes and returns these; none of them holds behaviour beyond small
derived views and ``to_dict``/``from_dict`` round-trips, so any intermediate
result can be written to disk and read back.

Positions are 1-based lines and 1-based columns with an exclusive end column,
in the coordinates of the file the user edits (ruff, SARIF and GitHub agree).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

__all__ = [
    "ENTRY_KINDS",
    "MAX_QUOTE",
    "RELATION_KINDS",
    "And",
    "Assumption",
    "Candidate",
    "Clause",
    "Compare",
    "Condition",
    "Const",
    "EncodedRule",
    "Entry",
    "Extract",
    "ListTerm",
    "Not",
    "Or",
    "OverlapQuestion",
    "Policy",
    "PolicyModel",
    "Pred",
    "Ref",
    "Relation",
    "RuleRecord",
    "Segment",
    "Sign",
    "Span",
    "Term",
    "TrueCond",
    "Verdict",
    "condition_from_dict",
    "condition_to_dict",
    "locate",
    "render_condition",
    "render_term",
    "term_from_dict",
    "term_to_dict",
]


# --------------------------------------------------------------------------- spans


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a file on disk."""

    #: path as given by the user (not resolved), so reports match what they typed
    path: str
    line: int
    col: int
    end_line: int
    #: exclusive
    end_col: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.col,
            "end_line": self.end_line,
            "end_column": self.end_col,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Span:
        return cls(d["path"], d["line"], d["column"], d["end_line"], d["end_column"])


# --------------------------------------------------------------------------- policy


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of policy text taken from a file, with a map back to the file.

    ``pieces`` holds ``(segment_offset, file_offset, length)`` runs, sorted by
    segment offset, each mapping ``length`` characters of ``text`` one-to-one onto
    the file's characters. Characters not covered by a piece (an unescaped
    ``\\n`` inside a Python string, a placeholder standing for ``${expr}``) map to
    the file offset where the preceding piece ends.
    """

    text: str
    pieces: tuple[tuple[int, int, int], ...]
    #: where the text came from inside the file: "" for a whole text file,
    #: "system_template" or "messages[0].content" for structured files,
    #: "main_system" for a Python assignment
    origin: str = ""
    #: which of a file's separate prompts the text belongs to ("" when the file holds one):
    #: a Python file's functions that build prompts independently of each other
    prompt: str = ""

    def file_offset(self, seg_offset: int) -> int:
        """File character offset of the character at ``seg_offset`` of ``text``."""
        if not self.pieces:
            return 0
        starts = [p[0] for p in self.pieces]
        i = bisect.bisect_right(starts, seg_offset) - 1
        if i < 0:
            return self.pieces[0][1]
        s, f, n = self.pieces[i]
        if seg_offset < s + n:
            return f + (seg_offset - s)
        return f + n

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "pieces": [list(p) for p in self.pieces], "origin": self.origin}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Segment:
        return cls(d["text"], tuple(tuple(p) for p in d["pieces"]), d.get("origin", ""))


@dataclass(frozen=True, slots=True)
class Policy:
    """One policy file as loaded: the file's text and the policy text inside it."""

    path: str
    #: the whole file as decoded, used for code frames and location mapping
    text: str
    #: "markdown", "text", "jinja", "yaml", "json", "python", "typescript", "pyrule"
    format: str
    segments: tuple[Segment, ...]
    #: exclusive arms of template branches, ``(file_start, file_end, branch, arm)``: rules
    #: in two arms of one branch are never in one rendered prompt
    arms: tuple[tuple[int, int, int, int], ...] = ()
    _line_starts: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._line_starts:
            starts = [0]
            for i, ch in enumerate(self.text):
                if ch == "\n":
                    starts.append(i + 1)
            object.__setattr__(self, "_line_starts", tuple(starts))

    def arms_at(self, line: int, col: int) -> dict[int, int]:
        """Branch -> arm of the template branches the text at ``line:col`` sits in."""
        if not self.arms:
            return {}
        at = self.offset(line, col)
        return {b: arm for start, end, b, arm in self.arms if start <= at < end}

    def offset(self, line: int, col: int) -> int:
        """File character offset of 1-based ``line:col`` (a line past the end: the last)."""
        return self._line_starts[min(line, len(self._line_starts)) - 1] + col - 1

    def line_col(self, file_offset: int) -> tuple[int, int]:
        """1-based (line, column) of a file character offset."""
        i = bisect.bisect_right(self._line_starts, file_offset) - 1
        return i + 1, file_offset - self._line_starts[i] + 1

    def span(self, segment_index: int, start: int, end: int) -> Span:
        """File span of ``segments[segment_index].text[start:end]``."""
        seg = self.segments[segment_index]
        line, col = self.line_col(seg.file_offset(start))
        last = max(start, end - 1)
        end_line, end_col = self.line_col(seg.file_offset(last))
        return Span(self.path, line, col, end_line, end_col + (1 if end > start else 0))

    def line_text(self, line: int) -> str:
        """The text of a 1-based line of the file, without its newline."""
        if line < 1 or line > len(self._line_starts):
            return ""
        start = self._line_starts[line - 1]
        end = self.text.find("\n", start)
        return self.text[start : end if end >= 0 else len(self.text)]

    @property
    def line_count(self) -> int:
        return len(self._line_starts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "text": self.text,
            "format": self.format,
            "segments": [s.to_dict() for s in self.segments],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Policy:
        return cls(
            d["path"], d["text"], d["format"], tuple(Segment.from_dict(s) for s in d["segments"])
        )


_SITUATION_LEAD = __import__("re").compile(
    r"^(?:if|when|whenever|before|after|while|during|once|upon|in case|as soon as)\b", 2
)
#: the force a lead-in gives the items under it
_FORCE_LEAD = __import__("re").compile(
    r"\b(?:you (?:must|should) never|you must not|you should not|never|do not|don't|must not|"
    r"always|you must|must|(?:what )?you (?:cannot|can't|can not|may not|are not allowed to) do)\b",
    2,
)


def _decap(text: str) -> str:
    """Lower-case a leading capital unless the first word is in capitals ("NEVER")."""
    word = text.split(" ", 1)[0]
    return text if word.isupper() and len(word) > 1 else text[:1].lower() + text[1:]


@dataclass(frozen=True, slots=True)
class RuleRecord:
    """A prescriptive span of a policy (WIRE App. B)."""

    #: policy-local id, ``r1``.. in source order
    id: str
    span: Span
    #: exact source text of the span (verified verbatim against the source)
    quote: str
    #: "when C, the agent must / must not B"
    gist: str
    #: "offline" or "llm"
    origin: str = "offline"
    #: headings (and XML-style section tags) the rule sits under, outermost first
    section: tuple[str, ...] = ()
    #: the sentence that governs the rule from outside its own text, nearest first: a
    #: list's lead-in ("Never do the following:"), then a section's opening situation
    #: ("When the user asks you to create a commit, follow these steps:")
    lead_in: tuple[str, ...] = ()

    def in_context(self) -> str:
        """The rule as its context states it, for encoders: a section's or lead-in's
        situation becomes its condition, a lead-in's force its force ("Never do the
        following:" over "- push to main" is "Never push to main"). The quote is unchanged.
        """
        import re

        text = " ".join(self.quote.split())
        for sentence in self.lead_in:
            s = " ".join(sentence.split())
            if _SITUATION_LEAD.match(s):
                situation = s.split(",", 1)[0] if "," in s else s.rstrip(":")
                text = f"{situation.rstrip(':')}, {_decap(text)}"
            elif (m := _FORCE_LEAD.search(s)) and not _FORCE_LEAD.search(self.quote):
                force = re.sub(r"(?i)^(you )", "", m[0])
                if re.search(r"(?i)\b(?:cannot|can't|can not|may not|not allowed)\b", force):
                    force = "never"  # "What you cannot do:" lists what is forbidden
                text = f"{force.capitalize()} {_decap(text)}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            **self.span.to_dict(),
            "quote": self.quote,
            "gist": self.gist,
            "origin": self.origin,
            "section": list(self.section),
            "lead_in": list(self.lead_in),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleRecord:
        return cls(
            d["id"], Span.from_dict(d), d["quote"], d["gist"], d.get("origin", "offline"),
            tuple(d.get("section", ())), tuple(d.get("lead_in", ())),
        )  # fmt: skip


# --------------------------------------------------------------------------- conditions

Scalar: TypeAlias = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class Const:
    value: Scalar


@dataclass(frozen=True, slots=True)
class Ref:
    """An attribute path under ``ctx``: ``ctx.msg.language`` is ``("msg", "language")``."""

    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ListTerm:
    items: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Extract:
    """A whitelisted extractor applied to terms, e.g. ``word_count(ctx.msg)``."""

    name: str
    args: tuple[Term, ...]


Term: TypeAlias = Const | Ref | ListTerm | Extract


@dataclass(frozen=True, slots=True)
class TrueCond:
    pass


@dataclass(frozen=True, slots=True)
class Pred:
    """A whitelisted predicate call: ``asks_for(ctx.msg, "refund_explanation")``."""

    name: str
    args: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Compare:
    """``left op right`` with op in ``== != < <= > >= in not_in``."""

    op: str
    left: Term
    right: Term


@dataclass(frozen=True, slots=True)
class Not:
    item: Condition


@dataclass(frozen=True, slots=True)
class And:
    items: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Or:
    items: tuple[Condition, ...]


Condition: TypeAlias = TrueCond | Pred | Compare | Not | And | Or

Sign = Literal["require", "forbid", "prefer", "avoid", "permit"]


def render_term(t: Term) -> str:
    if isinstance(t, Const):
        return repr(t.value) if not isinstance(t.value, str) else '"' + t.value + '"'
    if isinstance(t, Ref):
        return "ctx." + ".".join(t.path) if t.path else "ctx"
    if isinstance(t, ListTerm):
        return "[" + ", ".join(render_term(i) for i in t.items) + "]"
    return f"{t.name}(" + ", ".join(render_term(a) for a in t.args) + ")"


def render_condition(c: Condition) -> str:
    """Print a condition in PyRule syntax (stable: used in JSON and goldens)."""
    if isinstance(c, TrueCond):
        return "True"
    if isinstance(c, Pred):
        return f"{c.name}(" + ", ".join(render_term(a) for a in c.args) + ")"
    if isinstance(c, Compare):
        op = "not in" if c.op == "not_in" else c.op
        return f"{render_term(c.left)} {op} {render_term(c.right)}"
    if isinstance(c, Not):
        inner = render_condition(c.item)
        return f"not ({inner})" if isinstance(c.item, (And, Or, Compare)) else f"not {inner}"
    sep = " and " if isinstance(c, And) else " or "
    parts = []
    for item in c.items:
        s = render_condition(item)
        parts.append(f"({s})" if isinstance(item, (And, Or)) else s)
    return sep.join(parts)


def term_to_dict(t: Term) -> Any:
    if isinstance(t, Const):
        return {"const": t.value}
    if isinstance(t, Ref):
        return {"ref": list(t.path)}
    if isinstance(t, ListTerm):
        return {"list": [term_to_dict(i) for i in t.items]}
    return {"extract": t.name, "args": [term_to_dict(a) for a in t.args]}


def term_from_dict(d: Any) -> Term:
    if "const" in d:
        return Const(d["const"])
    if "ref" in d:
        return Ref(tuple(d["ref"]))
    if "list" in d:
        return ListTerm(tuple(term_from_dict(i) for i in d["list"]))
    return Extract(d["extract"], tuple(term_from_dict(a) for a in d["args"]))


def condition_to_dict(c: Condition) -> Any:
    if isinstance(c, TrueCond):
        return True
    if isinstance(c, Pred):
        return {"pred": c.name, "args": [term_to_dict(a) for a in c.args]}
    if isinstance(c, Compare):
        return {"cmp": c.op, "left": term_to_dict(c.left), "right": term_to_dict(c.right)}
    if isinstance(c, Not):
        return {"not": condition_to_dict(c.item)}
    key = "and" if isinstance(c, And) else "or"
    return {key: [condition_to_dict(i) for i in c.items]}


def condition_from_dict(d: Any) -> Condition:
    if d is True:
        return TrueCond()
    if "pred" in d:
        return Pred(d["pred"], tuple(term_from_dict(a) for a in d["args"]))
    if "cmp" in d:
        return Compare(d["cmp"], term_from_dict(d["left"]), term_from_dict(d["right"]))
    if "not" in d:
        return Not(condition_from_dict(d["not"]))
    if "and" in d:
        return And(tuple(condition_from_dict(i) for i in d["and"]))
    return Or(tuple(condition_from_dict(i) for i in d["or"]))


# --------------------------------------------------------------------------- clauses


@dataclass(frozen=True, slots=True)
class Clause:
    """One atomic signed constraint (WIRE eq. 4)."""

    #: source rule id, e.g. ``r13``
    rule: str
    #: position among the rule's clauses, so ``id`` is ``r13#2``
    index: int
    activation: Condition
    sign: Sign
    #: canonical primitive after alias resolution (``withhold`` -> ``disclose``)
    primitive: str
    #: named arguments in declaration order, defaults filled in
    args: tuple[tuple[str, Term], ...]
    #: projected decision surface key, e.g. ``reply_length:words``
    surface: str
    #: location of the signed call in the .pyrule file (None when built in memory)
    pyrule_span: Span | None = None
    #: for a clause triage derives from another (a required text implies its punctuation):
    #: what it stands for, e.g. ``punctuation(!)``; the id becomes ``r4#0>punctuation(!)``
    derived: str = ""

    @property
    def id(self) -> str:
        base = f"{self.rule}#{self.index}"
        return f"{base}>{self.derived}" if self.derived else base

    @property
    def hard(self) -> bool:
        return self.sign in ("require", "forbid")

    def arg(self, name: str) -> Term | None:
        for k, v in self.args:
            if k == name:
                return v
        return None

    def args_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self.args:
            out[k] = v.value if isinstance(v, Const) else render_term(v)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rule": self.rule,
            "sign": self.sign,
            "primitive": self.primitive,
            "args": self.args_dict(),
            "surface": self.surface,
            "activation": render_condition(self.activation),
            "activation_ast": condition_to_dict(self.activation),
            "args_ast": [[k, term_to_dict(v)] for k, v in self.args],
            "pyrule_span": self.pyrule_span.to_dict() if self.pyrule_span else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Clause:
        rule, _, rest = d["id"].partition("#")
        index, _, derived = rest.partition(">")
        return cls(
            rule=rule,
            index=int(index),
            activation=condition_from_dict(d["activation_ast"]),
            sign=d["sign"],
            primitive=d["primitive"],
            args=tuple((k, term_from_dict(v)) for k, v in d["args_ast"]),
            surface=d["surface"],
            pyrule_span=Span.from_dict(d["pyrule_span"]) if d.get("pyrule_span") else None,
            derived=derived,
        )


@dataclass(frozen=True, slots=True)
class EncodedRule:
    """A compiled ``@rule`` function: its metadata and its clauses."""

    id: str
    #: the docstring, i.e. the source quote with whitespace runs collapsed
    quote: str
    #: ``(first, last)`` source line, from ``span="42-44"``; None if not given
    lines: tuple[int, int] | None
    #: first 8 hex digits of sha256(quote), from ``sha="..."``; None if not given
    sha: str | None
    clauses: tuple[Clause, ...]
    #: location of the decorator in the .pyrule file
    pyrule_span: Span | None = None
    #: "offline", "llm", "manual"; from ``origin="..."`` in the decorator
    origin: str = "manual"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "quote": self.quote,
            "lines": list(self.lines) if self.lines else None,
            "sha": self.sha,
            "origin": self.origin,
            "clauses": [c.to_dict() for c in self.clauses],
            "pyrule_span": self.pyrule_span.to_dict() if self.pyrule_span else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EncodedRule:
        return cls(
            id=d["id"],
            quote=d["quote"],
            lines=tuple(d["lines"]) if d.get("lines") else None,
            sha=d.get("sha"),
            clauses=tuple(Clause.from_dict(c) for c in d["clauses"]),
            pyrule_span=Span.from_dict(d["pyrule_span"]) if d.get("pyrule_span") else None,
            origin=d.get("origin", "manual"),
        )


# --------------------------------------------------------------------------- triage


@dataclass(frozen=True, slots=True)
class Candidate:
    """An encoded hard-collision candidate: a source-rule pair (WIRE eq. 7)."""

    #: the two rule ids, earlier rule first (source order)
    rules: tuple[str, str]
    #: colliding clause id pairs, e.g. (("r1#0", "r2#0"),)
    clause_pairs: tuple[tuple[str, str], ...]
    surface: str
    #: "exclusive-values", "require-forbid", "disjoint-ranges", "order", ...
    kind: str
    #: symbolic witness: variable -> value, e.g. {"msg.language": "es"}
    assignment: tuple[tuple[str, Scalar], ...]
    #: structured-English rendering of the assignment
    scenario: str
    #: what the witness assumes beyond the encodings: overlaps an overlap judge asserted
    #: between two open values, and policy-model relations a clause was derived through
    assumptions: tuple[Assumption, ...] = ()
    #: "triage" (found by comparing encodings) or "nomination" (a pair a model suspected,
    #: encoded jointly and confirmed by the solver)
    source: str = "triage"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": list(self.rules),
            "clause_pairs": [list(p) for p in self.clause_pairs],
            "surface": self.surface,
            "kind": self.kind,
            "witness": {"assignment": dict(self.assignment), "scenario": self.scenario},
            "assumptions": [a.to_dict() for a in self.assumptions],
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class Assumption:
    """One thing a finding relies on that the encodings alone do not say."""

    #: "overlap" (a judge said two open values can denote the same behaviour) or
    #: "relation" (a policy-model edge, e.g. ``run_shell(systemctl restart *)`` is-a
    #: ``act(restart services)``)
    kind: str
    left: str
    right: str
    #: who said so: "lexical", "model", "policy-model"
    source: str
    reason: str = ""

    def text(self) -> str:
        if self.kind == "overlap":
            return f'"{self.left}" and "{self.right}" can denote the same thing ({self.source})'
        return f"{self.left} {self.reason or 'is a kind of'} {self.right} ({self.source})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "left": self.left, "right": self.right,
                "source": self.source, "reason": self.reason}  # fmt: skip


# --------------------------------------------------------------------------- overlap judge


@dataclass(frozen=True, slots=True)
class Verdict:
    """An overlap judge's answer: can the two values denote the same behaviour?"""

    holds: bool
    #: "lexical", "model", ...
    source: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class OverlapQuestion:
    """Two open values on one surface that collide if they can denote the same thing,
    which no judge has decided yet (the pipeline asks a model, then triages again)."""

    surface: str
    #: the forbidden (or first) value, then the required (or second) one
    left: str
    right: str
    rules: tuple[str, str]


# --------------------------------------------------------------------------- policy model

#: the kinds of a policy model's entries (the policy's own typed vocabulary)
ENTRY_KINDS = ("tool", "command", "path", "output", "information", "action", "situation",
               "event")  # fmt: skip
#: relations between entries: ``is_a`` (a kind of / part of), ``implies`` (doing or being
#: the one is doing or being the other), ``excludes`` (cannot hold together)
RELATION_KINDS = ("is_a", "implies", "excludes")


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    #: canonical name: a tool as the policy spells it, a command or path glob, a short
    #: lower-case phrase for the rest ("restart services", "user asks to commit")
    name: str
    description: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def ref(self) -> str:
        return f"{self.kind}:{self.name}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.description:
            out["description"] = self.description
        if self.aliases:
            out["aliases"] = list(self.aliases)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Entry:
        return cls(str(d["kind"]), str(d["name"]), str(d.get("description", "")),
                   tuple(str(a) for a in d.get("aliases", ())))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Relation:
    kind: str
    #: entry refs, ``kind:name``
    source: str
    target: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "source": self.source, "target": self.target}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Relation:
        return cls(str(d["kind"]), str(d["source"]), str(d["target"]))


@dataclass(frozen=True, slots=True)
class PolicyModel:
    """The policy's typed vocabulary, built before its rules are encoded (LRG §3.1):
    entries with descriptions and aliases, and the relations between them. Encoders map
    rule wording onto entries; triage turns relations into solver facts."""

    entries: tuple[Entry, ...] = ()
    relations: tuple[Relation, ...] = ()
    #: "offline" or "llm" (a model-built one merged over the offline one)
    origin: str = "offline"
    version: int = 1

    def entry(self, ref: str) -> Entry | None:
        for e in self.entries:
            if e.ref == ref:
                return e
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "origin": self.origin,
            "entries": [e.to_dict() for e in self.entries],
            "relations": [r.to_dict() for r in self.relations],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PolicyModel:
        return cls(
            tuple(Entry.from_dict(e) for e in d.get("entries") or ()),
            tuple(Relation.from_dict(r) for r in d.get("relations") or ()),
            str(d.get("origin", "offline")),
            int(d.get("version", 1)),
        )


#: a quote longer than this is not one rule
MAX_QUOTE = 1200


def locate(quote: str, policies: Sequence[Policy]) -> tuple[int, int, int, int] | None:
    """(policy, segment, start, end) of a quote a model gave, in the policy text, matching
    runs of whitespace loosely (a model may join a rule's lines); None if it is not there."""
    words = quote.split()
    if not words or len(quote) > MAX_QUOTE:
        return None
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words))
    for p_index, policy in enumerate(policies):
        for s_index, seg in enumerate(policy.segments):
            m = pattern.search(seg.text)
            if m:
                return p_index, s_index, m.start(), m.end()
    return None
