"""Three-valued evaluation of a PyRule activation on concrete facts: True, False, or None
when code cannot tell (a semantic label nobody has judged, a language too short to
identify). Connectives follow Kleene's logic, so a known False decides an ``and``.

Text predicates and ``ctx.msg`` slots are read from the message itself; semantic labels,
slots and environment atoms come from ``Facts.assignment`` (keys as triage writes them:
``semantic:refund_explanation``, ``has_slot:booking_reference``, ``trace_has:x``); trace
and tool atoms from the recorded trace and the declared tools when those are known.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from promptlint.checks.globs import command_matches
from promptlint.checks.language import identify_language
from promptlint.checks.text import words
from promptlint.objects import (
    And,
    Compare,
    Condition,
    Const,
    ListTerm,
    Not,
    Or,
    Pred,
    Ref,
    Scalar,
    Term,
    TrueCond,
)
from promptlint.pyrule.labels import SEMANTIC_PREDICATES, canonical_label

__all__ = ["Facts", "atom_key", "evaluate"]


@dataclass(frozen=True)
class Facts:
    #: the user turn, or None when unknown
    msg: str | None = None
    #: atoms established by someone else (a verifier, the symbolic witness)
    assignment: Mapping[str, Scalar] = field(default_factory=dict)
    #: names of the tool calls and events of the trace, in order; None when unknown
    trace: tuple[str, ...] | None = None
    #: tools declared to the model; None when unknown
    tools: tuple[str, ...] | None = None


def atom_key(p: Pred) -> str | None:
    """The assignment key of an atomic predicate, as triage's lowering names it."""
    args = [a.value if isinstance(a, Const) else None for a in p.args]
    if p.name in SEMANTIC_PREDICATES and len(args) > 1 and args[1] is not None:
        return f"semantic:{canonical_label(str(args[1]))}"
    if p.name == "has_slot" and len(args) > 1 and args[1] is not None:
        return f"has_slot:{canonical_label(str(args[1]))}"
    if p.name in ("tool_available", "file_exists", "permission_granted", "trace_has") and args:
        return f"{p.name}:{str(args[0]).strip().lower()}"
    if p.name == "regex" and len(args) > 1:
        return f"regex:{args[1]}"
    return None


def _bool(value: Scalar | None) -> bool | None:
    return None if value is None else bool(value)


def evaluate(cond: Condition, facts: Facts) -> bool | None:
    if isinstance(cond, TrueCond):
        return True
    if isinstance(cond, Not):
        inner = evaluate(cond.item, facts)
        return None if inner is None else not inner
    if isinstance(cond, And):
        values = [evaluate(i, facts) for i in cond.items]
        if False in values:
            return False
        return None if None in values else True
    if isinstance(cond, Or):
        values = [evaluate(i, facts) for i in cond.items]
        if True in values:
            return True
        return None if None in values else False
    if isinstance(cond, Pred):
        return _predicate(cond, facts)
    return _compare(cond, facts)


def _on_message(p: Pred) -> bool:
    target = p.args[0] if p.args else None
    return isinstance(target, Ref) and target.path[:1] == ("msg",)


def _predicate(p: Pred, facts: Facts) -> bool | None:
    key = atom_key(p)
    given = _bool(facts.assignment.get(key)) if key else None
    if p.name in ("contains", "exact_text", "regex") and _on_message(p) and facts.msg is not None:
        text = str(p.args[1].value) if isinstance(p.args[1], Const) else ""
        msg = facts.msg
        if p.name == "contains":
            return text.lower() in msg.lower()
        if p.name == "exact_text":
            return msg.strip().lower() == text.strip().lower()
        try:
            return re.search(text, msg) is not None
        except re.error:
            return given
    if p.name == "trace_has" and facts.trace is not None and isinstance(p.args[0], Const):
        event = str(p.args[0].value)
        return any(command_matches(event, e) or e == event for e in facts.trace)
    if p.name == "tool_available" and facts.tools is not None and isinstance(p.args[0], Const):
        return str(p.args[0].value) in facts.tools
    return given


def _term(t: Term, facts: Facts) -> Any:
    if isinstance(t, Const):
        return t.value
    if isinstance(t, ListTerm):
        return None
    if isinstance(t, Ref):
        key = ".".join(t.path)
        if key == "msg.language" and facts.msg is not None:
            guess = identify_language(facts.msg)
            if guess.language is not None:
                return guess.language
        if key == "msg.text" and facts.msg is not None:
            return facts.msg
        if key == "msg.word_count" and facts.msg is not None:
            return words(facts.msg)
        return facts.assignment.get(key)
    root = t.args[0] if t.args else None
    on_msg = isinstance(root, Ref) and root.path[:1] == ("msg",)
    if on_msg and facts.msg is not None:
        if t.name == "word_count":
            return words(facts.msg)
        if t.name == "char_count":
            return len(facts.msg)
        if t.name == "detect_language":
            return identify_language(facts.msg).language
    name = ".".join(root.path) if isinstance(root, Ref) else "msg"
    return facts.assignment.get(f"{t.name}({name})")


def _compare(c: Compare, facts: Facts) -> bool | None:
    left = _term(c.left, facts)
    if left is None:
        return None
    if c.op in ("in", "not_in"):
        if not isinstance(c.right, ListTerm):
            return None
        items = [_term(i, facts) for i in c.right.items]
        member = any(_same(left, i) for i in items if i is not None)
        if not member and None in items:
            return None
        return member if c.op == "in" else not member
    right = _term(c.right, facts)
    if right is None:
        return None
    if c.op == "==":
        return _same(left, right)
    if c.op == "!=":
        return not _same(left, right)
    try:
        a, b = float(left), float(right)
    except (TypeError, ValueError):
        return None
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}.get(c.op)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    if isinstance(a, (int, float)) and isinstance(b, str) and b.lstrip("-").isdigit():
        return a == int(b)
    if isinstance(b, (int, float)) and isinstance(a, str) and a.lstrip("-").isdigit():
        return b == int(a)
    return bool(a == b)
