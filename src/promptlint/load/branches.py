"""Exclusive branches of a template: the arms of a Jinja ``{% if %}`` / ``{% elif %}`` /
``{% else %}`` block, and of a TypeScript ternary (``cond ? `...` : `...``` inside a prompt,
or ``flag ? 'say X' : 'never say X'`` anywhere in the file). A
rendered prompt holds one arm of each, so rules in two arms of one branch never apply
together. Arms are ``(file_start, file_end, branch, arm)``, ``branch`` numbering the
file's branching points."""

from __future__ import annotations

import re

__all__ = ["Arm", "jinja_arms"]

Arm = tuple[int, int, int, int]

_TAG = re.compile(r"\{%-?\s*(if|elif|else|endif)\b[^%]*?-?%\}")


def jinja_arms(text: str) -> tuple[Arm, ...]:
    """The arms of every ``{% if %}`` block with more than one arm (an ``if`` alone is
    not exclusive with the text around it). Unbalanced tags are left unread."""
    if "{%" not in text:
        return ()
    out: list[Arm] = []
    stack: list[tuple[int, int, list[Arm]]] = []  # (branch, arm start, arms so far)
    branch = 0
    for m in _TAG.finditer(text):
        kind = m[1]
        if kind == "if":
            stack.append((branch, m.end(), []))
            branch += 1
        elif not stack:
            return ()
        elif kind in ("elif", "else"):
            b, start, arms = stack[-1]
            arms.append((start, m.start(), b, len(arms)))
            stack[-1] = (b, m.end(), arms)
        else:
            b, start, arms = stack.pop()
            if arms:
                out += [*arms, (start, m.start(), b, len(arms))]
    return tuple(sorted(out)) if not stack else ()
