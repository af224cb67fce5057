"""Python policies: prompt strings in ``.py`` files, found with LibCST (never imported).

Taken: module- and class-level (annotated) assignments whose target name matches the
prompt-name pattern (default ``prompt|instruction|system``, case-insensitive) and whose
value is a string literal, an implicit concatenation of literals, or an f-string; any
literal of 200 characters or more that reads as rules, wherever it is (a constant named ``X_INSTR``,
an f-string built up in a function), but not a docstring or other bare string; and any
string literal on the line after a ``# promptlint: policy`` comment; and the ``content``
of chat message literals ``{"role": "system", "content": "..."}`` (or ``developer``),
anywhere in the file, such as ``messages = [...]`` inside a function. Escapes map to the
position of their backslash; in f-strings, ``{expr}`` stays as written (an opaque
placeholder) and the text is taken as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from promptlint.errors import InputError
from promptlint.load.align import align
from promptlint.load.literals import reads_as_policy
from promptlint.objects import Segment

if TYPE_CHECKING:
    import libcst as cst
    from libcst.metadata import CodePosition

    from promptlint.load.prompts import Use

__all__ = ["DEFAULT_NAME_PATTERN", "python_segments"]

DEFAULT_NAME_PATTERN = r"(?i)(prompt|instruction|system)"
_MARKER = re.compile(r"#\s*promptlint:\s*policy\b")
#: a string literal with its prefix, as the parse measures it: triple-quoted, or on one
#: line and long enough to be read as rules
_LITERAL = re.compile(
    r"[rRbBfFuU]{0,2}(?:(\"\"\"|''')[\s\S]*?\1|([\"'])(?:\\.|(?!\2)[^\\\n]){190,}\2)"
)


def python_segments(
    path: str, text: str, name_pattern: str = DEFAULT_NAME_PATTERN
) -> tuple[Segment, ...]:
    names = re.compile(name_pattern)
    marker_lines = {n for n, line in enumerate(text.splitlines(), 1) if _MARKER.search(line)}
    custom = name_pattern != DEFAULT_NAME_PATTERN  # may be anchored: no quick text filter
    if not (
        marker_lines
        or custom
        or names.search(text)
        or "developer" in text
        or any(reads_as_policy(m[0]) for m in _LITERAL.finditer(text))
    ):
        return ()  # nothing that could hold a prompt: skip parsing (libcst costs ~150 ms)
    import libcst as cst
    from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

    from promptlint.load.limits import check_python

    check_python(path, text)
    try:
        module = cst.parse_module(text)
    except RecursionError:
        raise InputError("Python nested too deeply to parse", path=path) from None
    except cst.ParserSyntaxError as exc:
        raise InputError(f"invalid Python: {exc.message}", path=path, line=exc.raw_line,
                         column=exc.raw_column + 1) from None  # fmt: skip
    wrapper = MetadataWrapper(module)
    positions = wrapper.resolve(PositionProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)

    def offset(pos: CodePosition) -> int:
        return starts[pos.line - 1] + pos.column

    def at_top(node: cst.CSTNode) -> bool:
        p = parents.get(node)
        while p is not None and not isinstance(p, cst.Module):
            if isinstance(p, (cst.FunctionDef, cst.Lambda)):
                return False
            p = parents.get(p)
        return True

    segments: list[Segment] = []
    seen: set[int] = set()

    def strings(node: cst.BaseExpression) -> list[cst.SimpleString | cst.FormattedString]:
        if isinstance(node, cst.ConcatenatedString):
            return strings(node.left) + strings(node.right)
        if isinstance(node, (cst.SimpleString, cst.FormattedString)):
            return [node]
        return []

    def add(node: cst.BaseExpression, origin: str) -> None:
        for lit in strings(node):
            if id(lit) in seen:
                continue
            seen.add(id(lit))
            seg = _literal_segment(
                lit, text, offset(positions[lit].start), offset(positions[lit].end), origin
            )
            if seg is not None and seg.text.strip():
                segments.append(seg)

    for node in _walk(wrapper.module):
        target_names: list[str] = []
        value: cst.BaseExpression | None = None
        if isinstance(node, cst.Assign):
            target_names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            value = node.value
        elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
            target_names, value = [node.target.value], node.value
        if value is not None and any(names.search(n) for n in target_names) and at_top(node):
            add(value, target_names[0])
        if isinstance(node, cst.Dict):
            content = _chat_content(node)
            if content is not None:
                add(content, f"line {positions[content].start.line}")
        if not isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            continue
        marked = positions[node].start.line - 1 in marker_lines
        # a long literal that reads as rules, but not a docstring or other bare string
        unnamed = (
            isinstance(node, (cst.SimpleString, cst.FormattedString))
            and id(node) not in seen
            and not isinstance(parent := parents.get(node), cst.Expr)
            and not (parent is not None and isinstance(parents.get(parent), cst.Expr))
            and reads_as_policy(text[offset(positions[node].start) : offset(positions[node].end)])
        )
        if marked or unnamed:
            add(node, f"line {positions[node].start.line}")
    segments.sort(key=lambda s: s.pieces[0][1] if s.pieces else 0)
    return _separate_prompts(wrapper.module, segments, positions, offset)


def _separate_prompts(
    module: cst.Module, segments: list[Segment], positions: Any, offset: Any
) -> tuple[Segment, ...]:
    """Name each segment's prompt when the file builds several independently
    (:mod:`promptlint.load.prompts`); the strings of one class are parts of one prompt
    (aider's main_system and system_reminder), its methods build their own."""
    import libcst as cst

    from promptlint.load.prompts import Owner, name_prompts

    owners: list[tuple[str, cst.CSTNode, bool]] = []  # (name, node, is a function)

    def named(stmt: cst.CSTNode, prefix: str) -> None:
        if isinstance(stmt, cst.ClassDef) and not prefix:
            for inner in stmt.body.body:
                named(inner, stmt.name.value + ".")
        elif isinstance(stmt, cst.FunctionDef):
            owners.append((prefix + stmt.name.value, stmt, True))
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                target = None
                if isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Name):
                    target = small.targets[0].target.value
                elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    target = small.target.value
                if target:
                    owners.append((prefix.rstrip(".") or target, stmt, False))

    for stmt in module.body:
        named(stmt, "")
    found = [
        Owner(name, function, offset(positions[node].start), offset(positions[node].end))
        for name, node, function in owners
    ]
    return name_prompts(found, [list(_uses(node)) for _, node, _ in owners], segments)


def _uses(node: cst.CSTNode) -> Iterator[Use]:
    """The names a definition uses: called or not (``f()``, ``self.f()``), and in which
    arms of ``if``/``else`` statements and expressions."""
    import libcst as cst

    from promptlint.load.prompts import Use

    todo: list[tuple[cst.CSTNode, tuple[tuple[int, int], ...]]] = [(node, ())]
    while todo:
        child, arms = todo.pop()
        if isinstance(child, cst.Call):
            func = child.func
            if isinstance(func, cst.Name):
                yield Use(func.value, True, arms)
            elif isinstance(func, cst.Attribute):
                yield Use(func.attr.value, True, arms)
        elif isinstance(child, cst.Name):
            yield Use(child.value, False, arms)
        elif isinstance(child, cst.Attribute):
            yield Use(child.attr.value, False, arms)
        if isinstance(child, (cst.If, cst.IfExp)):
            at = id(child)
            todo.append((child.test, arms))
            todo.append((child.body, (*arms, (at, 0))))
            if child.orelse is not None:
                todo.append((child.orelse, (*arms, (at, 1))))
            continue
        todo.extend((c, arms) for c in child.children)


def _chat_content(node: cst.Dict) -> cst.BaseExpression | None:
    """The ``content`` of a chat message literal ``{"role": "system", "content": ...}``
    (role ``system`` or ``developer``), wherever it is written."""
    import libcst as cst

    role: object = None
    content: cst.BaseExpression | None = None
    for el in node.elements:
        if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
            continue
        key = el.key.evaluated_value
        if key == "role" and isinstance(el.value, cst.SimpleString):
            role = el.value.evaluated_value
        elif key == "content":
            content = el.value
    return content if role in ("system", "developer") else None


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _literal_segment(
    lit: cst.SimpleString | cst.FormattedString, text: str, start: int, end: int, origin: str
) -> Segment | None:
    import libcst as cst

    source = text[start:end]
    prefix = re.match(r"[a-zA-Z]*", source).group(0)  # type: ignore[union-attr]
    if "b" in prefix.lower():
        return None
    quote = (
        '"""'
        if source[len(prefix) :].startswith('"""')
        else "'''"
        if source[len(prefix) :].startswith("'''")
        else source[len(prefix)]
    )
    body_start, body_end = start + len(prefix) + len(quote), end - len(quote)
    if isinstance(lit, cst.FormattedString):
        body = text[body_start:body_end]  # as written: {expr} stays an opaque placeholder
        return Segment(body, ((0, body_start, len(body)),), origin)
    value = lit.evaluated_value
    if not isinstance(value, str):
        return None
    pieces = align(value, text, body_start, body_end, escapes="r" not in prefix.lower())
    return Segment(value, pieces, origin)
