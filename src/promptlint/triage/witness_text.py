"""Symbolic witness -> structured English, by templates (no model)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from promptlint.languages import NAME_OF

__all__ = ["LANGUAGES", "render_assignment"]

LANGUAGES = NAME_OF


def _words(label: str) -> str:
    return label.replace("_", " ")


#: verbs a condition label may start with ("ask_for_report"); nouns that are also verbs
#: ("refund_explanation", "report_outage") are left out on purpose
_USER_VERBS = frozenset(
    [
        "ask",
        "want",
        "need",
        "mention",
        "say",
        "write",
        "describe",
        "tell",
        "share",
        "upload",
        "send",
        "use",
        "complain",
        "type",
        "paste",
        "provide",
        "give",
        "try",
        "express",
        "threaten",
        "admit",
        "claim",
        "insist",
        "agree",
        "confirm",
    ]
)


def _semantic(label: str, value: bool) -> str:
    """``ask_for_report`` -> "the user asks for report"; ``billing`` -> "the request is
    about billing" (labels keep content words only, so the text stays telegraphic)."""
    words = label.split("_")
    head, rest = words[0], " ".join(words[1:])
    past = head.endswith("ed") and (head[:-2] in _USER_VERBS or head[:-1] in _USER_VERBS)
    if rest and (head in _USER_VERBS or past):
        if past:
            return f"the user {head} {rest}" if value else f"the user has not {head} {rest}"
        if not value:
            return f"the user does not {head} {rest}"
        return f"the user {head}s {rest}" if not head.endswith("s") else f"the user {head} {rest}"
    return f"the request is {'' if value else 'not '}about {_words(label)}"


def _one(key: str, value: Any) -> str | None:
    kind, _, rest = key.partition(":")
    if kind == "semantic":
        return _semantic(rest, bool(value))
    if kind == "has_slot":
        return f"the message {'gives' if value else 'does not give'} the {_words(rest)}"
    if kind == "tool_available":
        return f"the tool {rest} is {'' if value else 'not '}available"
    if kind == "file_exists":
        return f"the file {rest} {'exists' if value else 'does not exist'}"
    if kind == "permission_granted":
        return f"permission {rest} is {'' if value else 'not '}granted"
    if kind == "trace_has":
        return f"the trace {'has' if value else 'does not have'} {rest}"
    if kind == "regex":
        return f"the message {'matches' if value else 'does not match'} /{rest}/"
    if key.startswith("action.glob"):
        return f"the action targets {value!r}"
    if key == "msg.text":
        return f"the message reads {value!r}" if value else None
    if key.endswith(".language") and isinstance(value, str):
        name = LANGUAGES.get(value)
        who = "the user writes" if key.startswith("msg.") else f"ctx.{key} is"
        if not name:  # the solver's pick of "some other language" ('' or a made-up code)
            return f"{who} in another language"
        return f"{who} in {name} (ctx.{key} = {value})"
    if key == "user.age":
        return f"the user is {value} years old (ctx.user.age = {value})"
    if key.startswith("word_count("):
        return f"the message has {value} words"
    if isinstance(value, bool):
        return f"ctx.{key} is {'true' if value else 'false'}"
    return f"ctx.{key} = {value}"


def render_assignment(assignment: Sequence[tuple[str, Any]]) -> str:
    parts = [p for k, v in assignment if (p := _one(k, v))]
    if not parts:
        return "in every situation (both rules apply unconditionally)"
    return ", and ".join(parts)
