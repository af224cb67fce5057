"""Deterministic verifiers: what a reply or an action trace does, decided by code where code
can (Divide-Verify-Refine §3, IFEval). A PyRule clause maps to one check through its
primitive and arguments; :func:`observe` says whether the behaviour the primitive names
happened, :func:`verify` whether the clause was complied with. ``None`` means code cannot
decide, and the model judge is asked instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from promptlint.checks import command_matches, identify_language, path_matches
from promptlint.checks import text as tx
from promptlint.objects import Clause, Const
from promptlint.witnessed import ToolStep

__all__ = ["CODE_PRIMITIVES", "Observation", "Response", "observe", "verify"]


@dataclass(frozen=True, slots=True)
class Response:
    """What a subject produced: the final reply and, in the tool harness, the trace."""

    text: str
    trace: tuple[ToolStep, ...] = ()
    #: tools were declared (TAH): only then does a missing call say anything
    harness: bool = False


@dataclass(frozen=True, slots=True)
class Observation:
    #: whether the named behaviour happened (for :func:`observe`) or the clause was
    #: complied with (for :func:`verify`); None when code cannot decide
    holds: bool | None
    detail: str


#: primitives some code check decides (tool primitives only in the tool harness)
CODE_PRIMITIVES = frozenset({
    "reply_language", "reply_length", "question_count", "reply_format", "reply_case", "emoji",
    "punctuation", "reply_contains", "reply_starts_with", "reply_ends_with", "include_urls",
    "whitespace", "repeated_words", "use_tool", "tool_call", "run_shell", "edit_file",
    "read_file", "web_search", "trace_contains", "trace_order",
})  # fmt: skip

_SHELL = re.compile(r"shell|bash|terminal|exec|command|run_cmd|console|powershell", re.I)
_EDIT = re.compile(
    r"write|edit|patch|create_file|replace|insert|save|delete_file|remove_file|move", re.I
)
_READ = re.compile(r"read|view|open|cat|get_file|show_file|list_dir|ls\b", re.I)
_SEARCH = re.compile(r"search|browse|web|google|bing", re.I)
_CMD_KEYS = ("command", "cmd", "script", "commands", "shell_command", "input")
_PATH_KEYS = ("path", "file_path", "filepath", "file", "filename", "target_file", "target",
              "paths", "files")  # fmt: skip
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\+\+\+ b/(.+)$", re.M)
_OPS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
        ">=": lambda a, b: a >= b, ">": lambda a, b: a > b}  # fmt: skip


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _strip_edges(text: str) -> str:
    return text.strip().strip("\"'\u201c\u201d\u2018\u2019*_` ").strip()


def _commands(step: ToolStep) -> list[str]:
    if not _SHELL.search(step.name):
        return []
    args = step.args()
    out = []
    for k in _CMD_KEYS:
        v = args.get(k)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list):
            out.append(" ".join(str(x) for x in v))
    return out


def _paths(step: ToolStep, pattern: re.Pattern[str]) -> list[str]:
    if not pattern.search(step.name):
        return []
    args = step.args()
    out: list[str] = []
    for k in _PATH_KEYS:
        v = args.get(k)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list):
            out += [str(x) for x in v]
    for v in args.values():
        if isinstance(v, str):
            out += [a or b for a, b in _PATCH_FILE.findall(v)]
    return out


def _name_matches(glob: str, name: str) -> bool:
    return glob.lower() == name.lower() or command_matches(glob.lower(), name.lower())


def observe(primitive: str, args: dict[str, Any], r: Response) -> Observation:
    """Whether the reply or trace does what ``primitive(args)`` names."""
    text = r.text
    if primitive == "reply_language":
        want = str(args.get("language", "")).lower()
        guess = identify_language(text)
        if guess.language is None:
            return Observation(None, guess.reason)
        return Observation(guess.language == want,
                           f"reply identified as {guess.language} ({guess.confidence:.2f})")  # fmt: skip
    if primitive == "reply_length":
        unit, op, n = str(args["unit"]), str(args["op"]), int(args["n"])
        got = tx.count(unit, text)
        return Observation(_OPS[op](got, n), f"{got} {unit}")
    if primitive == "question_count":
        op, n = str(args["op"]), int(args["n"])
        got = tx.questions(text)
        return Observation(_OPS[op](got, n), f"{got} questions")
    if primitive == "reply_format":
        fmt = str(args["format"])
        check = tx.FORMAT_CHECKS.get(fmt)
        if check is None:
            return Observation(None, f"no check for format {fmt}")
        ok = check(text)
        return Observation(ok, f"{'is' if ok else 'is not'} {fmt}")
    if primitive == "reply_case":
        case = tx.is_case(str(args["case"]), text)
        return Observation(
            case, "no cased letters" if case is None else f"case {args['case']}: {case}"
        )
    if primitive == "emoji":
        ok = tx.has_emoji(text)
        return Observation(ok, "has emoji" if ok else "no emoji")
    if primitive == "punctuation":
        mark = str(args.get("mark", ""))
        ok = bool(mark) and mark in tx.prose(text)
        return Observation(ok, f"{mark!r} {'present' if ok else 'absent'}")
    if primitive == "reply_contains":
        needle = _norm(str(args["text"]))
        ok = needle in _norm(text)
        return Observation(ok, f"{args['text']!r} {'present' if ok else 'absent'}")
    if primitive in ("reply_starts_with", "reply_ends_with"):
        needle = _norm(_strip_edges(str(args["text"])))
        body = _norm(_strip_edges(text))
        ok = body.startswith(needle) if primitive == "reply_starts_with" else body.endswith(needle)
        return Observation(ok, f"{'starts' if primitive == 'reply_starts_with' else 'ends'} "
                               f"with {args['text']!r}: {ok}")  # fmt: skip
    if primitive == "include_urls":
        ok = re.search(r"https?://\S+", text) is not None
        return Observation(ok, "has a URL" if ok else "no URL")
    if primitive == "whitespace":
        ok = re.search(r"\s", text.strip()) is not None
        return Observation(ok, f"whitespace {'present' if ok else 'absent'}")
    if primitive == "repeated_words":
        ws = [w.lower() for w in re.findall(r"[^\W_]+", tx.prose(text))]
        ok = len(ws) != len(set(ws))
        return Observation(ok, f"repeated words {'present' if ok else 'absent'}")
    return _observe_trace(primitive, args, r)


def _observe_trace(primitive: str, args: dict[str, Any], r: Response) -> Observation:
    if primitive not in CODE_PRIMITIVES:
        return Observation(None, f"{primitive} is not decidable by code")
    if not r.harness:
        return Observation(None, "no tools were declared (policy-only turn)")
    names = [s.name for s in r.trace]
    if primitive in ("use_tool", "tool_call"):
        name = str(args.get("name", ""))
        arg_glob = str(args.get("args", "*"))
        calls = [s for s in r.trace if _name_matches(name, s.name)
                 and (arg_glob == "*" or command_matches(arg_glob, s.arguments))]  # fmt: skip
        return Observation(bool(calls), f"{name} called {len(calls)} times")
    if primitive == "trace_contains":
        event = str(args.get("event", ""))
        ok = any(_name_matches(event, n) for n in names)
        return Observation(ok, f"{event} {'in' if ok else 'not in'} the trace")
    if primitive == "trace_order":
        first, second = str(args["first"]), str(args["second"])
        i = next((k for k, n in enumerate(names) if _name_matches(first, n)), None)
        j = next((k for k, n in enumerate(names) if _name_matches(second, n)), None)
        if i is None or j is None:
            return Observation(None, "one of the two events is not in the trace")
        return Observation(i < j, f"{first} at step {i + 1}, {second} at step {j + 1}")
    if primitive == "web_search":
        ok = any(_SEARCH.search(n) for n in names)
        return Observation(ok, f"web search {'called' if ok else 'not called'}")
    if primitive == "run_shell":
        glob = str(args.get("command_glob", "*"))
        cmds = [c for s in r.trace for c in _commands(s)]
        hits = [c for c in cmds if command_matches(glob, c)]
        return Observation(bool(hits), f"{len(hits)} of {len(cmds)} shell commands match {glob!r}")
    glob = str(args.get("path_glob", "**"))
    pattern = _EDIT if primitive == "edit_file" else _READ
    paths = [p for s in r.trace for p in _paths(s, pattern)]
    hits = [p for p in paths if path_matches(glob, p)]
    verb = "edited" if primitive == "edit_file" else "read"
    return Observation(bool(hits), f"{len(hits)} of {len(paths)} files {verb} match {glob!r}")


def verify(clause: Clause, r: Response) -> Observation:
    """Whether ``r`` complies with a hard clause (require: it happened; forbid: it did not)."""
    if not clause.hard:
        return Observation(None, f"{clause.sign} is a soft preference")
    if any(not isinstance(v, Const) for _, v in clause.args):
        return Observation(None, "an argument is not a constant")
    seen = observe(clause.primitive, clause.args_dict(), r)
    if seen.holds is None:
        return seen
    return Observation(seen.holds if clause.sign == "require" else not seen.holds, seen.detail)
