"""Which string literals of a source file are prompt text without a prompt-like name."""

from __future__ import annotations

import re

__all__ = ["LONG_LITERAL", "NAME_PATTERN", "reads_as_policy"]

#: the default pattern of names (variables, keys, functions) that hold prompt text
NAME_PATTERN = r"(?i)(prompt|instruction|system|rules)"
#: a literal this long that reads as rules is taken whatever it is called
LONG_LITERAL = 200
_NORMATIVE = re.compile(
    r"\b(must|never|always|do not|don't|should|only|avoid|ensure|important)\b", re.I
)


def reads_as_policy(text: str) -> bool:
    """A long text with the words of rules: "…you must never…"."""
    return len(text) >= LONG_LITERAL and _NORMATIVE.search(text) is not None
