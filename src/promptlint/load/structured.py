"""YAML and JSON policies: string values under prompt-like keys, mapped back to the file.

Values are found under the configured keys at any depth, and as ``content`` of chat
``messages`` whose ``role`` is ``system`` or ``developer``; a value is a string, a list
of strings, or a list of text parts (``[{"type": "text", "text": "..."}]``, as chat and
Anthropic-style APIs write them). Each becomes one segment whose
``origin`` is the dotted key path (``agent.system_prompt``, ``messages[0].content``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Literal, TypeAlias, Union

import yaml

from promptlint.errors import InputError
from promptlint.load.align import align
from promptlint.load.literals import NAME_PATTERN, reads_as_policy
from promptlint.objects import Segment

__all__ = ["DEFAULT_KEYS", "structured_segments"]

DEFAULT_KEYS = (
    "system", "system_prompt", "system_message", "systemprompt", "instructions", "instruction",
    "system_template", "instance_template", "prompt", "developer", "developer_message",
)  # fmt: skip


_DEFAULT = frozenset(DEFAULT_KEYS)
#: a key named like a prompt holds one when its text is long and reads as rules
_NAMED = re.compile(NAME_PATTERN)


def _walk(
    node: yaml.Node, path: str, keys: frozenset[str]
) -> Iterator[tuple[str, yaml.ScalarNode]]:
    if isinstance(node, yaml.MappingNode):
        pairs = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
        role = pairs.get("role")
        is_chat = isinstance(role, yaml.ScalarNode) and role.value in ("system", "developer")
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                continue
            sub = f"{path}.{k.value}" if path else str(k.value)
            text = isinstance(v, yaml.ScalarNode) and v.tag.endswith(":str")
            wanted = str(k.value).lower() in keys or (is_chat and k.value == "content")
            # "PROMPT_AGENTIC_TOOLS: |", "SHELL_INSTRUCTIONS: |"
            wanted = wanted or (
                text and keys == _DEFAULT and bool(_NAMED.search(str(k.value)))
                and reads_as_policy(v.value)
            )  # fmt: skip
            if wanted and text:
                yield sub, v
            elif wanted and isinstance(v, yaml.SequenceNode):
                # a list of texts, or of parts: [{"type": "text", "text": "..."}]
                for i, item in enumerate(v.value):
                    if isinstance(item, yaml.ScalarNode) and item.tag.endswith(":str"):
                        yield f"{sub}[{i}]", item
                    elif isinstance(item, yaml.MappingNode):
                        for pk, pv in item.value:
                            if (
                                isinstance(pk, yaml.ScalarNode)
                                and pk.value == "text"
                                and isinstance(pv, yaml.ScalarNode)
                                and pv.tag.endswith(":str")
                            ):
                                yield f"{sub}[{i}].text", pv
            else:
                yield from _walk(v, sub, keys)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from _walk(item, f"{path}[{i}]", keys)


def structured_segments(
    path: str, text: str, fmt: str, keys: Sequence[str] = DEFAULT_KEYS
) -> tuple[Segment, ...]:
    from promptlint.load.limits import check_json, check_yaml

    if fmt == "json":
        check_json(path, text)
        try:
            # numbers stay text: a 5000-digit integer is not worth converting
            json.loads(text, parse_int=str, parse_float=str, parse_constant=str)
        except (json.JSONDecodeError, RecursionError) as exc:
            if isinstance(exc, RecursionError):
                raise InputError("JSON nested too deeply", path=path) from None
            # JSON with comments and trailing commas (tsconfig.json, VS Code settings):
            # blanked to spaces of the same length, so offsets still point into the file
            plain = _blank_jsonc(text)
            try:
                json.loads(plain)
            except (json.JSONDecodeError, RecursionError):
                raise InputError(f"invalid JSON: {exc.msg}", path=path, line=exc.lineno,
                                 column=exc.colno) from None  # fmt: skip
            text = plain
        return _json_segments(text, frozenset(k.lower() for k in keys))
    check_yaml(path, text)
    try:
        # the pure-Python loader: libyaml's marks drift on characters outside the BMP
        docs = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as exc:
        # a Go/Helm or Jinja template: its {{ ... }} / {% ... %} actions are blanked
        # (same length, so offsets still hold) and the YAML around them is read
        blanked = _blank_template(text) if "{{" in text or "{%" in text else None
        try:
            if blanked is None:
                raise
            docs = list(yaml.compose_all(blanked, Loader=yaml.SafeLoader))
            text = blanked
        except yaml.YAMLError:
            mark = getattr(exc, "problem_mark", None)
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            raise InputError(
                f"invalid {fmt.upper()}: {problem}",
                path=path,
                line=mark.line + 1 if mark else None,
                column=mark.column + 1 if mark else None,
            ) from None
    wanted = frozenset(k.lower() for k in keys)
    segments = []
    for n, doc in enumerate(docs):
        if doc is None:
            continue
        for origin, node in _walk(doc, f"[{n}]" if len(docs) > 1 else "", wanted):
            value = node.value
            if not value.strip():
                continue
            start, stop = node.start_mark.index, node.end_mark.index
            if node.style in ('"', "'"):
                start, stop = start + 1, stop - 1  # inside the quotes
            if node.style in ("|", ">"):
                # skip the block header (`|`, `>-`, `|2` ...): content starts on the next line
                start = text.find("\n", start) + 1 or start
            pieces = align(value, text, start, stop, escapes=node.style == '"')
            segments.append(Segment(value, pieces, origin))
    return tuple(segments)


_JSONC_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/', re.S)
_JSONC_COMMA = re.compile(r'"(?:[^"\\\n]|\\.)*"|,(?=\s*[}\]])')
_TEMPLATE_ACTION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")


def _spaces(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m[0])


def _blank_jsonc(text: str) -> str:
    """Comments and trailing commas replaced by spaces; strings left alone."""
    for token in (_JSONC_COMMENT, _JSONC_COMMA):
        text = token.sub(lambda m: m[0] if m[0].startswith('"') else _spaces(m), text)
    return text


def _blank_template(text: str) -> str:
    return _TEMPLATE_ACTION.sub(_spaces, text)


# A JSON value as ``_json_value`` parses it, tagged by kind; strings keep their span.
_JsonStr: TypeAlias = tuple[Literal["str"], str, int, int]
_JsonNode: TypeAlias = Union[
    "tuple[Literal['obj'], list[tuple[str, _JsonNode]]]",
    "tuple[Literal['arr'], list[_JsonNode]]",
    _JsonStr,
    "tuple[Literal['lit'], object]",
]


_DECODER = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)


def _json_value(text: str, i: int) -> tuple[_JsonNode, int]:
    """Parse the JSON value at ``i``: strings come back as ``(value, start, end)``."""
    dec = _DECODER
    while text[i] in " \t\r\n":
        i += 1
    ch = text[i]
    if ch == "{":
        items: list[tuple[str, _JsonNode]] = []
        i += 1
        while True:
            while text[i] in " \t\r\n,":
                i += 1
            if text[i] == "}":
                return ("obj", items), i + 1
            # raw_decode at a '"' is json.decoder.scanstring(text, i + 1), which typeshed lacks
            key: str
            key, i = dec.raw_decode(text, i)
            while text[i] in " \t\r\n:":
                i += 1
            value, i = _json_value(text, i)
            items.append((key, value))
    if ch == "[":
        elems: list[_JsonNode] = []
        i += 1
        while True:
            while text[i] in " \t\r\n,":
                i += 1
            if text[i] == "]":
                return ("arr", elems), i + 1
            elem, i = _json_value(text, i)
            elems.append(elem)
    if ch == '"':
        string: str
        string, end = dec.raw_decode(text, i)
        return ("str", string, i + 1, end - 1), end
    literal, end = dec.raw_decode(text, i)
    return ("lit", literal), end


def _json_walk(node: _JsonNode, path: str, keys: frozenset[str]) -> Iterator[tuple[str, _JsonStr]]:
    if node[0] == "obj":
        items = dict(node[1])
        role = items.get("role")
        chat = isinstance(role, tuple) and role[0] == "str" and role[1] in ("system", "developer")
        for key, value in node[1]:
            sub = f"{path}.{key}" if path else key
            wanted = key.lower() in keys or (chat and key == "content")
            if wanted and value[0] == "str":
                yield sub, value
            elif wanted and value[0] == "arr":
                # a list of texts, or of parts: [{"type": "text", "text": "..."}]
                for i, item in enumerate(value[1]):
                    if item[0] == "str":
                        yield f"{sub}[{i}]", item
                    elif item[0] == "obj":
                        for pk, pv in item[1]:
                            if pk == "text" and pv[0] == "str":
                                yield f"{sub}[{i}].text", pv
            else:
                yield from _json_walk(value, sub, keys)
    elif node[0] == "arr":
        for n, item in enumerate(node[1]):
            yield from _json_walk(item, f"{path}[{n}]", keys)


def _json_segments(text: str, keys: frozenset[str]) -> tuple[Segment, ...]:
    root, _ = _json_value(text, 0)
    out = []
    for origin, (_, value, start, end) in _json_walk(root, "", keys):
        if value.strip():
            out.append(Segment(value, align(value, text, start, end, escapes=True), origin))
    return tuple(out)
