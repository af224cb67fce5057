"""PyRule: the restricted normal form rules are encoded in (DESIGN §4).

Parse with Lark, compile to :class:`~promptlint.objects.EncodedRule` values; nothing in
a ``.pyrule`` file is ever executed or imported.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from promptlint.errors import PyRuleError
from promptlint.objects import EncodedRule
from promptlint.pyrule.render import render_clause, render_condition_english

__all__ = [
    "collapse_ws",
    "compile_file",
    "compile_text",
    "format_rule_text",
    "quote_sha",
    "render_clause",
    "render_condition_english",
    "rule_sha_matches",
]


def collapse_ws(text: str) -> str:
    """Every run of whitespace becomes one space; ends are stripped."""
    return re.sub(r"\s+", " ", text).strip()


def quote_sha(quote: str) -> str:
    """First 8 hex digits of the SHA-256 of the whitespace-collapsed quote (UTF-8)."""
    return hashlib.sha256(collapse_ws(quote).encode("utf-8")).hexdigest()[:8]


def rule_sha_matches(rule: EncodedRule) -> bool:
    """Whether the declared ``sha=`` still matches the docstring (True when none is declared)."""
    return rule.sha is None or rule.sha == quote_sha(rule.quote)


def compile_text(text: str, path: str = "<string>") -> tuple[EncodedRule, ...]:
    """Compile PyRule source; raise a located :class:`PyRuleError` on the first error."""
    if "\x00" in text:
        raise PyRuleError("file contains NUL bytes; is it binary?", path=path, line=1, column=1)
    _check_depth(text, path)
    try:
        return _compile(text, path)
    except RecursionError:
        raise PyRuleError(
            "a condition is nested too deeply to compile", path=path, line=1, column=1
        ) from None


#: brackets plus ``not`` on one line; far beyond any real rule, far below Python's stack
MAX_CONDITION_DEPTH = 100
_DEPTH_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\bnot\b|[()\[\]]')


def _check_depth(text: str, path: str) -> None:
    """Nesting the recursive compiler would not survive is a located error, up front."""
    depth = 0
    for n, line in enumerate(text.splitlines(), 1):
        nots = 0
        for m in _DEPTH_TOKEN.finditer(line):
            tok = m[0]
            if tok == "not":
                nots += 1
            elif tok in "([":
                depth += 1
            elif tok in ")]":
                depth = max(depth - 1, 0)
            else:
                continue
            if depth + nots > MAX_CONDITION_DEPTH:
                raise PyRuleError(
                    f"a condition is nested more than {MAX_CONDITION_DEPTH} levels deep",
                    path=path,
                    line=n,
                    column=m.start() + 1,
                    hint="write the condition flat: not not x is x",
                )


def _compile(text: str, path: str) -> tuple[EncodedRule, ...]:
    # lark is imported here, not at the top: a run whose sidecars are all in the compile
    # cache never parses, and pays nothing for it
    from lark.exceptions import UnexpectedInput
    from lark.indenter import DedentError

    from promptlint.pyrule.compiler import compile_tree
    from promptlint.pyrule.parser import parse
    from promptlint.pyrule.syntax_errors import syntax_error

    try:
        tree = parse(text)
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, path) from None
    except DedentError as exc:
        line = _dedent_line(text, str(exc))
        raise PyRuleError(
            "indentation does not match any outer block",
            path=path,
            line=line,
            column=1,
            hint="use the same indentation (4 spaces) for every statement of a block",
        ) from None
    try:
        return compile_tree(tree, text, path)
    except PyRuleError:
        return compile_tree(parse(text, positions=True), text, path)  # to locate the error


def _dedent_line(text: str, message: str) -> int:
    m = re.search(r"Unexpected dedent to column (\d+)", message)
    if m:
        col = int(m[1])
        indents = [0]
        for i, line in enumerate(text.splitlines(), 1):
            stripped = line.lstrip(" \t")
            if not stripped or stripped.startswith("#"):
                continue
            indent = len(line) - len(stripped)
            if indent == col and col not in indents:
                return i
            if indent > indents[-1]:
                indents.append(indent)
            else:
                while indents and indents[-1] > indent:
                    indents.pop()
    return 1


def compile_file(path: str | Path) -> tuple[EncodedRule, ...]:
    """Read a ``.pyrule`` file (UTF-8) and compile it."""
    from promptlint.files import read_text

    return compile_text(read_text(path), str(path))


def _py_string(s: str) -> str:
    """A double-quoted Python string literal for ``s`` that PyRule decodes back to ``s``."""
    out = s.replace("\\", "\\\\").replace('"', '\\"')
    out = out.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{out}"'


def format_rule_text(
    rule_id: str,
    span: tuple[int, int] | None,
    sha: str | None,
    quote: str,
    body_lines: list[str],
    origin: str | None = None,
) -> str:
    """One complete ``@rule`` function. ``body_lines`` are unindented PyRule statements
    (nested blocks carry their own extra indentation)."""
    args = [_py_string(rule_id)]
    if span is not None:
        args.append(f'span="{span[0]}-{span[1]}"')
    args.append(f'sha="{sha or quote_sha(quote)}"')
    if origin is not None:
        args.append(f'origin="{origin}"')
    lines = [
        f"@rule({', '.join(args)})",
        f"def {rule_id}(ctx):",
        "    " + _py_string(collapse_ws(quote)),
    ]
    lines += ["    " + b for b in (body_lines or ["pass"])]
    return "\n".join(lines) + "\n"
