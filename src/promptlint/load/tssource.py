"""TypeScript and JavaScript policies via tree-sitter (never executed).

Taken: string and template literals under a prompt-named variable, property, function or
method (default ``prompt|instruction|system|rules``), any literal of 200 characters or
more that reads as normative, and the text of JSX elements (prompt-tsx components), read
as JSX renders it. ``${...}`` interpolations are kept exactly as written: an
opaque placeholder whose text (nested literals included) maps one-to-one to the file, so
the rules inside conditional fragments are still seen. Escape sequences map to their
backslash.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from promptlint.load.branches import Arm
from promptlint.load.literals import NAME_PATTERN, reads_as_policy
from promptlint.objects import Segment

__all__ = ["DEFAULT_NAME_PATTERN", "ts_segments"]

DEFAULT_NAME_PATTERN = NAME_PATTERN
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "`": "`", "\\": "\\", "$": "$", '"': '"', "'": "'"}
_NAMED = {
    "variable_declarator": "name",
    "function_declaration": "name",
    "method_definition": "name",
    "pair": "key",
    "public_field_definition": "name",
    "assignment_expression": "left",
}


def _has_jsx(node: Any) -> bool:
    todo = [node]
    while todo:
        n = todo.pop()
        if n.type.startswith("jsx_") and n.type != "jsx_expression":
            return True
        todo.extend(n.children)
    return False


def _language(suffix: str) -> Any:
    import tree_sitter as ts

    if suffix in (".ts", ".mts", ".cts"):
        import tree_sitter_typescript as tst

        return ts.Language(tst.language_typescript())
    if suffix == ".tsx":
        import tree_sitter_typescript as tst

        return ts.Language(tst.language_tsx())
    import tree_sitter_javascript as tsj

    return ts.Language(tsj.language())


def ts_segments(
    path: str, text: str, suffix: str, name_pattern: str = DEFAULT_NAME_PATTERN
) -> tuple[tuple[Segment, ...], tuple[Arm, ...]]:
    """The file's policy text, and the arms of ``cond ? `...` : `...``` inside it."""
    import tree_sitter as ts

    from promptlint.load.limits import check_typescript

    check_typescript(path, text)
    names = re.compile(name_pattern)
    data = text.encode("utf-8")
    char_at = [0] * (len(data) + 1)
    b = 0
    for i, ch in enumerate(text):
        for _ in range(len(ch.encode("utf-8"))):
            char_at[b] = i
            b += 1
    char_at[len(data)] = len(text)
    tree = ts.Parser(_language(suffix)).parse(data)
    segments: list[Segment] = []

    def literal(node: Any, owner: str) -> Segment:
        parts: list[str] = []
        pieces: list[tuple[int, int, int]] = []
        pos = 0
        for child in node.children[1:-1]:  # inside the quotes or backticks
            start, end = char_at[child.start_byte], char_at[child.end_byte]
            if child.type == "escape_sequence":
                raw = text[start:end]
                value = _ESCAPES.get(raw[1:2], raw[1:]) if raw[1:2] not in "ux" else raw
                parts.append(value)
                pieces.append(
                    (pos, start, len(value)) if len(value) == end - start else (pos, start, 1)
                )
                pos += len(value)
                continue
            chunk = text[start:end]
            parts.append(chunk)
            pieces.append((pos, start, len(chunk)))
            pos += len(chunk)
        return Segment("".join(parts), tuple(pieces), owner)

    def jsx_runs(node: Any) -> tuple[list[Segment], list[Any]]:
        """The text of one JSX element as JSX renders it (each text line trimmed, lines
        joined by a space, ``<br />`` a line break, ``{expr}`` kept as written), one
        segment per run between nested elements; and the nested nodes to walk."""
        runs: list[Segment] = []
        nested: list[Any] = []
        parts: list[str] = []
        pieces: list[tuple[int, int, int]] = []
        pos = 0

        def add(value: str, start: int, length: int) -> None:
            nonlocal pos
            parts.append(value)
            pieces.append((pos, start, length))
            pos += len(value)

        def flush() -> None:
            nonlocal parts, pieces, pos
            if "".join(parts).strip():
                runs.append(Segment("".join(parts), tuple(pieces), "jsx"))
            parts, pieces, pos = [], [], 0

        for child in node.children:
            start, end = char_at[child.start_byte], char_at[child.end_byte]
            if child.type == "jsx_text":
                offset, joined = start, False
                lines = text[start:end].split("\n")
                for n, line in enumerate(lines):
                    # JSX trims a line's whitespace only where it meets a line break, and
                    # joins the lines of one text with a space
                    lead = len(line) - len(line.lstrip()) if n else 0
                    body = line[lead:].rstrip() if n < len(lines) - 1 else line[lead:]
                    if body.strip():
                        if joined:
                            add(" ", offset - 1, 1)
                        add(body, offset + lead, len(body))
                        joined = True
                    offset += len(line) + 1
            elif child.type == "jsx_self_closing_element" and re.match(
                r"<\s*br\b", text[start:end], re.I
            ):
                add("\n", start, 1)
            elif child.type == "jsx_expression" and not _has_jsx(child):
                add(text[start:end], start, end - start)
            elif child.type in ("jsx_opening_element", "jsx_closing_element"):
                continue
            else:
                flush()
                nested.append(child)
        flush()
        return runs, nested

    # each node carries the name its nearest naming ancestor gives it and whether it is
    # inside a ${...}: asking tree-sitter for parents is quadratic in the nesting depth
    stack: list[tuple[Any, str, bool]] = [(tree.root_node, "", False)]
    taken: list[Any] = []
    # `flag ? 'say X' : 'never say X'` outside a template picks one string as well
    ternaries: list[Any] = []
    while stack:
        node, owner, in_sub = stack.pop()
        if node.type == "ternary_expression" and not in_sub:
            ternaries.append(node)
        if node.type == "jsx_element":  # a prompt-tsx component: its text is the prompt
            runs, nested = jsx_runs(node)
            segments += runs
            stack.extend((c, owner, in_sub) for c in reversed(nested))
            continue
        if node.type in ("template_string", "string") and not in_sub:
            seg = literal(node, owner)
            if seg.text.strip() and (names.search(owner) or reads_as_policy(seg.text)):
                segments.append(seg)
                taken.append(node)
            continue
        field = _NAMED.get(node.type)
        if field:
            n = node.child_by_field_name(field)
            if n is not None:
                owner = data[n.start_byte : n.end_byte].decode("utf-8", "replace")
        in_sub = in_sub or node.type == "template_substitution"
        stack.extend((c, owner, in_sub) for c in reversed(node.children))
    segments.sort(key=lambda s: s.pieces[0][1] if s.pieces else 0)
    arms: list[Arm] = []

    def add_arms(node: Any) -> None:
        for k, f in enumerate(("consequence", "alternative")):
            arm = node.child_by_field_name(f)
            if arm is not None:
                arms.append((char_at[arm.start_byte], char_at[arm.end_byte], node.start_byte, k))

    # the walk above stops at every string, so these and the ones inside prompts are apart
    for node in ternaries:
        add_arms(node)
    todo = list(taken)
    while todo:
        node = todo.pop()
        if node.type == "ternary_expression":
            add_arms(node)
        todo.extend(node.children)
    return _separate_prompts(tree.root_node, data, char_at, segments), tuple(sorted(arms))


#: arms of a branching statement or expression: the child (or field) each arm is
_BRANCHES = {"if_statement": ("consequence", "alternative"),
             "ternary_expression": ("consequence", "alternative")}  # fmt: skip


def _separate_prompts(
    root: Any, data: bytes, char_at: list[int], segments: list[Segment]
) -> tuple[Segment, ...]:
    """Name each segment's prompt when the file picks one of several prompts to send
    (:mod:`promptlint.load.prompts`): top-level functions (declarations and arrow
    functions) and constants, linked by use; a class is one constant."""
    from promptlint.load.prompts import Owner, name_prompts

    owners: list[Owner] = []
    nodes: list[Any] = []
    for stmt in root.children:
        decl = stmt.child_by_field_name("declaration") if stmt.type == "export_statement" else stmt
        if decl is None:
            continue
        found: list[tuple[Any, bool]] = []
        if decl.type in ("function_declaration", "generator_function_declaration"):
            found.append((decl, True))
        elif decl.type in ("lexical_declaration", "variable_declaration"):
            for d in decl.children:
                if d.type == "variable_declarator":
                    value = d.child_by_field_name("value")
                    kind = value.type if value is not None else ""
                    found.append((d, kind in ("arrow_function", "function_expression",
                                              "function")))  # fmt: skip
        elif decl.type in ("class_declaration", "abstract_class_declaration"):
            found.append((decl, False))
        for node, function in found:
            name = node.child_by_field_name("name")
            if name is None:
                continue
            owners.append(Owner(data[name.start_byte : name.end_byte].decode("utf-8", "replace"),
                                function, char_at[stmt.start_byte], char_at[stmt.end_byte]))  # fmt: skip
            nodes.append(node)
    # functions that build parts of one call are common (a system prompt and the
    # instructions of the user turn): only alternatives the file picks between are apart
    return name_prompts(owners, [list(_uses(n, data)) for n in nodes], segments,
                        alternatives_only=True)  # fmt: skip


def _uses(node: Any, data: bytes) -> Iterator[Any]:
    """The names a definition uses: called or not, and in which arms of ``if``/``else``,
    ``switch`` cases and ``?:`` they sit."""
    from promptlint.load.prompts import Use

    todo: list[tuple[Any, tuple[tuple[int, int], ...]]] = [(node, ())]
    while todo:
        n, arms = todo.pop()
        if (
            n.type == "identifier"
            and n.parent is not None
            and n.parent.type != "variable_declarator"
        ):
            parent = n.parent
            called = (
                parent.type == "call_expression" and parent.child_by_field_name("function") == n
            )
            yield Use(data[n.start_byte : n.end_byte].decode("utf-8", "replace"), called, arms)
        fields = _BRANCHES.get(n.type)
        for i, child in enumerate(n.children):
            arm = arms
            if fields is not None:
                for k, f in enumerate(fields):
                    if child == n.child_by_field_name(f):
                        arm = (*arms, (n.id, k))
            elif n.type == "switch_body" and child.type in ("switch_case", "switch_default"):
                arm = (*arms, (n.id, i))
            todo.append((child, arm))
