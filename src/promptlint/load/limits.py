"""Limits that keep the parsers on inputs they survive, checked in one linear pass
before the parser runs. Each is a located ``InputError``."""

from __future__ import annotations

import io
import re
import tokenize
from typing import Any

from promptlint.errors import InputError

__all__ = [
    "MAX_PY_DEPTH",
    "MAX_TREE_DEPTH",
    "MAX_TS_DEPTH",
    "MAX_YAML_NODES",
    "check_json",
    "check_python",
    "check_surrogates",
    "check_typescript",
    "check_yaml",
]

#: YAML/JSON nesting (real prompt files nest a handful of levels)
MAX_TREE_DEPTH = 100
#: nodes a YAML document may expand to through aliases
MAX_YAML_NODES = 100_000
#: Python's own parser stops at 200 nested brackets; libcst's native parser crashes near 2000
MAX_PY_DEPTH = 200
#: tree-sitter slows down sharply on tens of thousands of nested brackets
MAX_TS_DEPTH = 500

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")", "]", "}"}


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _too_deep(path: str, text: str, offset: int, limit: int, what: str) -> InputError:
    line, col = _line_col(text, offset)
    return InputError(
        f"{what} nested more than {limit} levels deep",
        path=path,
        line=line,
        column=col,
        hint="promptlint does not parse input nested this deeply",
    )


def _bracket_depth(text: str, quotes: str, limit: int) -> int | None:
    """Offset where bracket nesting outside quoted strings first exceeds ``limit``."""
    depth = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in quotes:
            i += 1
            while i < n and text[i] != ch:
                i += 2 if text[i] == "\\" else 1
        elif ch in _OPEN:
            depth += 1
            if depth > limit:
                return i
        elif ch in _CLOSE:
            depth = max(depth - 1, 0)
        i += 1
    return None


def check_json(path: str, text: str) -> None:
    at = _bracket_depth(text, '"', MAX_TREE_DEPTH)
    if at is not None:
        raise _too_deep(path, text, at, MAX_TREE_DEPTH, "JSON")


def check_typescript(path: str, text: str) -> None:
    at = _bracket_depth(text, "\"'`", MAX_TS_DEPTH)
    if at is not None:
        raise _too_deep(path, text, at, MAX_TS_DEPTH, "brackets")


def check_python(path: str, text: str) -> None:
    """Bracket depth by Python's own tokenizer (strings and comments are single tokens)."""
    depth = 0
    lines = text.splitlines(keepends=True)
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type != tokenize.OP:
                continue
            if tok.string in _OPEN:
                depth += 1
                if depth > MAX_PY_DEPTH:
                    row, col = tok.start
                    offset = sum(len(x) for x in lines[: row - 1]) + col
                    raise _too_deep(path, text, offset, MAX_PY_DEPTH, "brackets")
            elif tok.string in _CLOSE:
                depth = max(depth - 1, 0)
    except (tokenize.TokenError, SyntaxError):
        return  # the parser reports the syntax error itself


def check_yaml(path: str, text: str) -> None:
    """Nesting depth, alias expansion and recursive aliases, from the event stream (the
    parser is iterative; only composing and walking recurse)."""
    import yaml

    depth = 0
    size = 0
    open_anchors: list[tuple[str | None, int]] = []
    sizes: dict[str, int] = {}

    def fail(message: str, mark: Any) -> InputError:
        return InputError(message, path=path, line=mark.line + 1, column=mark.column + 1)

    try:
        for ev in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_TREE_DEPTH:
                    raise _too_deep(path, text, ev.start_mark.index, MAX_TREE_DEPTH, "YAML")
                open_anchors.append((ev.anchor, size))
                size += 1
            elif isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
                anchor, start = open_anchors.pop()
                if anchor is not None:
                    sizes[anchor] = size - start
            elif isinstance(ev, yaml.ScalarEvent):
                size += 1
                if ev.anchor is not None:
                    sizes[ev.anchor] = 1
            elif isinstance(ev, yaml.AliasEvent):
                if any(a == ev.anchor for a, _ in open_anchors):
                    raise fail(f"recursive alias *{ev.anchor} (refers to a node that holds it)",
                               ev.start_mark)  # fmt: skip
                size += sizes.get(ev.anchor or "", 1)
            if size > MAX_YAML_NODES:
                raise fail(f"aliases expand the document to over {MAX_YAML_NODES:,} nodes",
                           ev.start_mark)  # fmt: skip
    except yaml.YAMLError:
        return  # the loader reports the syntax error itself


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|\\U0000[dD][89a-fA-F]")


def check_surrogates(path: str, file_text: str, texts: Any) -> None:
    """A string escape that decodes to a lone surrogate is not text (it cannot be written
    as UTF-8 in any output)."""
    for t in texts:
        try:
            t.encode("utf-8")
        except UnicodeEncodeError:
            m = _SURROGATE_ESCAPE.search(file_text)
            line, col = _line_col(file_text, m.start()) if m else (None, None)
            raise InputError(
                f"a string decodes to a lone surrogate{f' ({m[0]})' if m else ''}, which is "
                "not text",
                path=path,
                line=line,
                column=col,
            ) from None
