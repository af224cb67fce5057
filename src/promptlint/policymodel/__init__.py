"""The policy model (LRG §3.1): the policy's own typed vocabulary, built before rules are
encoded and shared by all of them.

Offline it comes from the policy's own words (tools it names, commands and paths it
quotes); with a model endpoint a model reads the whole policy and adds entries,
descriptions, aliases and relations, merged over the offline ones. :func:`resolve` maps
encoded clauses onto entries (aliases to canonical names, "use the X tool" to the tool),
so that rules worded differently meet on one surface; triage turns relations into facts.
The model is a reviewable artifact kept beside the policy (``<file>.model.yaml``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from promptlint.objects import (
    ENTRY_KINDS,
    RELATION_KINDS,
    Clause,
    Const,
    EncodedRule,
    Entry,
    PolicyModel,
    RuleRecord,
)

__all__ = [
    "MODEL_SUFFIX",
    "build_offline",
    "dump",
    "load_model",
    "merge",
    "model_path",
    "resolve",
    "validate",
]

MODEL_SUFFIX = ".model.yaml"

# "the TodoWrite tool", "the `bash` tool", "the read_file or write_file tools"
# linear on any text: a name starts only where a name cannot continue (not at each "-" of
# "a-b-c-..."), and at most 20 coordinated names (an unbounded list is tried again from
# every word of a long comma-separated sentence that does not end in "tools")
_NAMED_TOOL = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:the\s+)?`?([A-Za-z][A-Za-z0-9_\-]*)`?(?:\s*(?:,|or|and|/)\s*`?([A-Za-z][A-Za-z0-9_\-]*)`?){0,20}"
    r"\s+tools?\b"
)
_COORD = re.compile(r"`?([A-Za-z][A-Za-z0-9_\-]*)`?")
_BACKTICKED_ID = re.compile(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)`")
_NOT_NAMES = frozenset({"the", "a", "an", "this", "that", "these", "those", "any", "all", "other",
                       "your", "our", "my", "its", "their", "available", "following", "same",
                       "appropriate", "relevant", "right", "specialized", "search", "each",
                       "multiple", "several", "some", "no", "such", "provided", "given", "new",
                       "and", "or", "use", "using", "with", "of", "to", "by", "via"})  # fmt: skip


def model_path(policy_path: str) -> str:
    return policy_path + MODEL_SUFFIX


def _tool_names(text: str) -> list[str]:
    names: list[str] = []
    for m in _NAMED_TOOL.finditer(text):
        chunk = m.group(0)
        chunk = re.sub(r"\s+tools?\b$", "", chunk)
        for word in _COORD.findall(chunk):
            if word.lower() in _NOT_NAMES or (word.islower() and "_" not in word):
                continue
            names.append(word)
    names += _BACKTICKED_ID.findall(text)
    return names


def build_offline(records: Sequence[RuleRecord], text: str = "") -> PolicyModel:
    """Entries the policy's own words name: tools ("the TodoWrite tool", backticked
    identifiers such as `read_file`). Deterministic; no relations are guessed."""
    seen: dict[str, Entry] = {}
    for name in _tool_names(text or "\n".join(r.quote for r in records)):
        key = name.lower()
        if key not in seen:
            seen[key] = Entry("tool", name, "a tool the policy names")
    return PolicyModel(tuple(seen.values()), (), "offline")


def merge(base: PolicyModel, extra: PolicyModel) -> PolicyModel:
    """``extra`` (a model-built policy model) over ``base``: entries with the same
    kind and name (ignoring case) are one entry with both alias lists."""
    entries: dict[tuple[str, str], Entry] = {(e.kind, e.name.lower()): e for e in base.entries}
    for e in extra.entries:
        key = (e.kind, e.name.lower())
        old = entries.get(key)
        if old is None:
            entries[key] = e
        else:
            aliases = tuple(dict.fromkeys((*old.aliases, *e.aliases)))
            entries[key] = replace(e, aliases=aliases, description=e.description or old.description)
    relations = tuple(dict.fromkeys((*base.relations, *extra.relations)))
    origin = extra.origin if extra.entries or extra.relations else base.origin
    return PolicyModel(tuple(entries.values()), relations, origin)


def validate(model: PolicyModel) -> tuple[PolicyModel, list[str]]:
    """Drop entries and relations that do not fit the schema; say what was dropped."""
    problems: list[str] = []
    entries = []
    for e in model.entries:
        if e.kind not in ENTRY_KINDS or not e.name.strip():
            problems.append(f"entry {e.kind}:{e.name!r}: unknown kind or empty name")
            continue
        entries.append(e)
    refs = {e.ref.lower() for e in entries}
    relations = []
    for r in model.relations:
        if r.kind not in RELATION_KINDS:
            problems.append(f"relation {r.kind} {r.source} -> {r.target}: unknown relation")
            continue
        missing = [x for x in (r.source, r.target) if x.lower() not in refs]
        if missing:
            problems.append(f"relation {r.kind} {r.source} -> {r.target}: no entry {missing[0]}")
            continue
        relations.append(r)
    return replace(model, entries=tuple(entries), relations=tuple(relations)), problems


# --------------------------------------------------------------------------- resolve


def _norm(text: str) -> str:
    return re.sub(r"[\s_\-`]+", " ", text.strip().lower()).strip()


_USE_TOOL = re.compile(r"^(?:use|call|invoke|run)\s+(?:the\s+)?(.+?)(?:\s+tools?)?$")


def resolve(rules: Iterable[EncodedRule], model: PolicyModel | None) -> list[EncodedRule]:
    """Encoded rules with their open values mapped onto the policy model's entries."""
    rules = list(rules)
    if model is None or not model.entries:
        return rules
    from promptlint.pyrule.vocabulary import load_vocabulary

    vocab = load_vocabulary()
    canon: dict[tuple[str, str], str] = {}
    for e in model.entries:
        for name in (e.name, *e.aliases):
            canon[(e.kind, _norm(name))] = e.name
    tools = {k[1]: v for k, v in canon.items() if k[0] == "tool"}
    kind_of = {"use_tool": "tool", "tool_call": "tool", "run_shell": "command",
               "edit_file": "path", "read_file": "path", "disclose": "information",
               "act": "action", "trace_contains": "event"}  # fmt: skip

    def one(c: Clause) -> Clause:
        if not c.args or not isinstance(c.args[0][1], Const):
            return c
        value = c.args[0][1].value
        if not isinstance(value, str):
            return c
        if c.primitive == "act" and (m := _USE_TOOL.match(_norm(value))) and m[1] in tools:
            primitive, new = "use_tool", tools[m[1]]  # "never use the TodoWrite tool"
        else:
            kind = kind_of.get(c.primitive)
            name = canon.get((kind, _norm(value))) if kind else None
            if name is None or name == value:
                return c
            primitive, new = c.primitive, name
        spec = vocab.primitives[primitive]
        args = ((spec.params[0].name, Const(new)), *c.args[1:])
        if primitive != c.primitive:
            args = ((spec.params[0].name, Const(new)),)
        return replace(c, primitive=primitive, args=args, surface=vocab.surface_key(spec, args))

    out = []
    for r in rules:
        clauses = tuple(one(c) for c in r.clauses)
        out.append(r if clauses == r.clauses else replace(r, clauses=clauses))
    return out


# --------------------------------------------------------------------------- files


def dump(model: PolicyModel) -> str:
    import yaml

    head = (
        "# promptlint policy model: the policy's own vocabulary (entries and relations).\n"
        "# Review it like code; `promptlint check` maps rules onto these entries.\n"
    )
    body: str = yaml.safe_dump(model.to_dict(), sort_keys=False, allow_unicode=True, width=100)
    return head + body


def load_model(path: str | Path) -> PolicyModel:
    """A stored policy model; a located :class:`~promptlint.errors.InputError` if broken."""
    import yaml

    from promptlint.errors import InputError

    text = Path(path).read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text) or {}
        if not isinstance(data, dict):
            raise TypeError("not a mapping")
        return PolicyModel.from_dict(data)
    except (yaml.YAMLError, TypeError, KeyError, ValueError) as err:
        raise InputError(f"the policy model does not load: {err}", path=str(path)) from err
