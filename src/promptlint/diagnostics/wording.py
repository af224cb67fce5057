"""Findings in plain English: what a clause asks for, the situation in which two rules
collide, and the help line written for one pair of rules.

The internal names of the pipeline (``r1#0``, ``ctx.env.output_kind``, primitive
spellings such as ``reply_language(es)``) never reach a message through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from promptlint.languages import NAME_OF

if TYPE_CHECKING:
    from promptlint.diagnostics import Diagnostic, RuleRef

__all__ = ["collision_help", "phrase", "plain_scenario", "rule_name", "signed_phrase"]

_FORMATS = {"json": "JSON", "markdown": "Markdown", "yaml": "YAML", "html": "HTML",
            "xml": "XML", "csv": "CSV", "plain": "plain text", "plain_text": "plain text"}  # fmt: skip
_OPS = {"<": "fewer than", "<=": "at most", "==": "exactly", ">=": "at least", ">": "more than"}
_VERBS = {"require": "requires", "forbid": "forbids", "prefer": "prefers", "avoid": "avoids",
          "permit": "permits"}  # fmt: skip


def _words(value: object) -> str:
    return str(value).replace("_", " ").strip()


def _quoted(value: object) -> str:
    return f'"{value}"'


def phrase(primitive: str, args: Mapping[str, Any]) -> str:
    """What a clause is about, as a noun phrase: ``replying in Spanish``."""
    values = [v for v in args.values() if v not in ("*", "**", None)]
    first = values[0] if values else None
    if primitive == "reply_language":
        return f"replying in {NAME_OF.get(str(first), str(first))}"
    if primitive == "reply_format":
        return f"replying in {_FORMATS.get(str(first).lower(), _words(first))} format"
    if primitive == "reply_case":
        return f"replying in {_words(first)} case"
    if primitive in ("reply_length", "question_count"):
        op = _OPS.get(str(args.get("op")), str(args.get("op")))
        n = args.get("n")
        if primitive == "question_count":
            return f"asking {op} {n} question{'s' if n != 1 else ''} in a reply"
        return f"replies of {op} {n} {_words(args.get('unit', ''))}"
    simple = {
        "reply_style": lambda: f"a {_words(first)} style",
        "reply_contains": lambda: f"replies that contain {_quoted(first)}",
        "reply_starts_with": lambda: f"starting replies with {_quoted(first)}",
        "reply_ends_with": lambda: f"ending replies with {_quoted(first)}",
        "use_tool": lambda: f"using the {_words(first)} tool",
        "tool_call": lambda: f"calling {_words(first)}",
        "run_shell": lambda: f"running `{first}`",
        "read_file": lambda: f"reading {first}",
        "edit_file": lambda: f"editing {first}",
        "disclose": lambda: f"disclosing {_words(first)}",
        "withhold": lambda: f"withholding {_words(first)}",
        "act": lambda: f'the action "{_words(first)}"',
    }
    if primitive in simple and first is not None:
        return simple[primitive]()
    if primitive == "section_order" and len(values) >= 2:
        return f"putting {_words(values[0])} before {_words(values[1])}"
    bare = {
        "emoji": "emoji", "cite_sources": "citing sources", "web_search": "searching the web",
        "refuse": "refusing", "answer": "answering", "ask_clarify": "asking a clarifying question",
        "end_turn": "ending the turn",
    }  # fmt: skip
    if primitive in bare:
        return bare[primitive]
    shown = ", ".join(_words(v) for v in values)
    return f"{_words(primitive)} ({shown})" if shown else _words(primitive)


def signed_phrase(sign: str, primitive: str, args: Mapping[str, Any]) -> str:
    """``requires replying in Spanish``, ``forbids emoji``."""
    return f"{_VERBS.get(sign, sign)} {phrase(primitive, args)}"


def rule_name(ref: RuleRef) -> str:
    """How a message names a rule: by its line (``the rule on line 9``)."""
    if ref.line == ref.end_line:
        return f"the rule on line {ref.line}"
    return f"the rule on lines {ref.line}-{ref.end_line}"


_SUBS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    # the language code the solver picked, kept in JSON's witness.assignment
    (re.compile(r" \(ctx\.[\w.]+ = [^)]*\)"), ""),
    (re.compile(r"\bctx\.env\.output_kind = reply\b"), "the agent is writing a reply"),
    (re.compile(r"\bctx\.env\.output_kind = document\b"), "the agent is writing a document"),
    (re.compile(r"\bctx\.env\.output = (\w+)"), lambda m: f"the agent is writing {_article(m[1])}"),
    (
        re.compile(r"\bthe request is (not )?about (\w+(?: \w+)*? (?:request|question|message))\b"),
        lambda m: f"the request is {m[1] or ''}{_article(m[2])}",
    ),
    (
        re.compile(r"\bctx\.(?:msg|env|user|trace)\.(\w+) is (true|false)\b"),
        lambda m: f"{_words(m[1])} is {'the case' if m[2] == 'true' else 'not the case'}",
    ),
    (
        re.compile(r"\bctx\.msg\.(\w+) = ([^,]+)"),
        lambda m: f"the message's {_words(m[1])} is {m[2]}",
    ),
    (re.compile(r"\bctx\.env\.(\w+) = ([^,]+)"), lambda m: f"the {_words(m[1])} is {m[2]}"),
    (re.compile(r"\bctx\.user\.(\w+) = ([^,]+)"), lambda m: f"the user's {_words(m[1])} is {m[2]}"),
    (re.compile(r"\bctx\.(\w+)\.(\w+)"), lambda m: _words(m[2])),
    (re.compile(r"\bctx\.(\w+) is"), lambda m: f"the {_words(m[1])} is"),
]


def _article(name: str) -> str:
    words = _words(name)
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def plain_scenario(text: str) -> str:
    """The solver's situation in plain English: no ``ctx.`` paths, no label echoes."""
    for pattern, repl in _SUBS:
        text = pattern.sub(repl, text)
    return " ".join(text.split())


def _short(quote: str, limit: int = 60) -> str:
    q = " ".join(quote.split())
    if len(q) <= limit:
        return q
    return q[: limit - 3].rsplit(" ", 1)[0].rstrip(",;:") + " ..."


def _lines(ref: RuleRef) -> str:
    return f"line {ref.line}" if ref.line == ref.end_line else f"lines {ref.line}-{ref.end_line}"


def collision_help(d: Diagnostic) -> str | None:
    """The help line for a collision, a duplicate or a self-conflicting rule, written for
    its rules; None for other codes (their documented fix applies as it is)."""
    if d.code == "PL203" and len(d.rules) >= 2:
        a, b = d.rules[0], d.rules[1]
        return (
            f'{_lines(a).capitalize()} ("{_short(a.quote)}") and {_lines(b)} '
            f'("{_short(b.quote)}") ask for the same thing: keep one of them.'
        )
    if d.code == "PL202" and d.rules:
        a = d.rules[0]
        return (
            f'The rule on {_lines(a)} ("{_short(a.quote)}") demands two incompatible '
            "things: split it into two rules that say when each applies, or remove one half."
        )
    if d.category.value != "collision" or len(d.rules) < 2 or d.code == "PL106":
        return None  # a collision set aside by vetting: its documented fix applies
    a, b = d.rules[0], d.rules[1]
    scenario = (d.witness or {}).get("scenario") or ""
    # "the agent is writing a reply" is what a reply rule is about: no exception to write
    parts = [p for p in scenario.split(", and ") if p != "the agent is writing a reply"]
    scenario = ", and ".join(parts)
    always = not scenario or scenario.startswith("in every situation")
    when = "" if always else f" when {scenario}"
    both = f'{_lines(a).capitalize()} ("{_short(a.quote)}") and {_lines(b)} ("{_short(b.quote)}")'
    whole = " ".join(a.quote.split()).rstrip(" .;:")
    if always:
        rewrite = "delete one of them, or say in one rule when it does not apply"
    elif len(whole) <= 70:
        word = "except when" if d.code == "PL103" else "unless"
        rewrite = (
            f'add the exception to {_lines(a)}, e.g. "{whole}, {word} {scenario}.", '
            "or delete one of them"
        )
    else:
        rewrite = f"add the exception ({scenario}) to {_lines(a)}, or delete one of them"
    if d.code == "PL103":
        return f"{both} set limits that cannot both be met{when}. Make the limits overlap, or {rewrite}."
    if d.code == "PL104":
        return f"{both} ask for opposite orders{when}. Keep one order: {rewrite}."
    return f"{both} cannot both be followed{when}. Say which one wins: {rewrite}."
