"""Tools for the tool-action harness: a user's manifest in OpenAI or MCP tool-list form,
or stub declarations synthesized from the tool names a policy's rules use; and the stubbed
observation every call gets."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from promptlint.errors import InputError

__all__ = ["load_manifest", "observation", "stub_tools", "tool_names"]

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
#: tools the harness declares for primitives that name no tool of their own
_GENERIC = {
    "run_shell": ("run_shell", "Run a shell command and return its output.",
                  {"command": {"type": "string", "description": "the command line"}}),
    "edit_file": ("edit_file", "Write new content to a file.",
                  {"path": {"type": "string"}, "content": {"type": "string"}}),
    "read_file": ("read_file", "Read a file.", {"path": {"type": "string"}}),
    "web_search": ("web_search", "Search the web.", {"query": {"type": "string"}}),
}  # fmt: skip


def _function(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function",
            "function": {"name": name, "description": description, "parameters": parameters}}  # fmt: skip


def load_manifest(path: str) -> tuple[dict[str, Any], ...]:
    """Tool declarations from a JSON file: an OpenAI ``tools`` list (``[{"type":
    "function", "function": {...}}]``, bare or under ``"tools"``) or an MCP ``tools/list``
    result (``{"tools": [{"name", "description", "inputSchema"}]}``)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("tool manifest not found", path=path) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"cannot read the tool manifest: {exc}", path=path) from None
    items = data.get("tools") if isinstance(data, dict) else data
    if isinstance(data, dict) and "result" in data and isinstance(data["result"], dict):
        items = data["result"].get("tools")  # a whole JSON-RPC response
    if not isinstance(items, list) or not items:
        raise InputError("a tool manifest is a non-empty list of tools, or {\"tools\": [...]}",
                         path=path)  # fmt: skip
    out = []
    for i, t in enumerate(items):
        if not isinstance(t, dict):
            raise InputError(f"tool {i + 1} is not an object", path=path)
        fn = t.get("function") if t.get("type") == "function" else None
        if isinstance(fn, dict):
            name, desc, params = fn.get("name"), fn.get("description", ""), fn.get("parameters")
        else:
            name, desc, params = t.get("name"), t.get("description", ""), t.get("inputSchema")
        if not isinstance(name, str) or not _NAME.match(name):
            raise InputError(f"tool {i + 1} has no valid name (letters, digits, _ and -)",
                             path=path)  # fmt: skip
        if not isinstance(params, dict):
            params = {"type": "object", "properties": {}}
        out.append(_function(name, str(desc or ""), params))
    return tuple(out)


def tool_names(primitives: Iterable[tuple[str, dict[str, Any]]]) -> list[str]:
    """Tool names to declare for the clauses ``(primitive, args)`` of a policy, in order."""
    names: list[str] = []
    for primitive, args in primitives:
        if primitive in ("use_tool", "tool_call"):
            raw = re.sub(r"[^A-Za-z0-9_-]+", "_", str(args.get("name", ""))).strip("_")[:64]
            if raw and "*" not in str(args.get("name", "")):
                names.append(raw)
        elif primitive in _GENERIC:
            names.append(primitive)
    return list(dict.fromkeys(names))


def stub_tools(names: Iterable[str]) -> tuple[dict[str, Any], ...]:
    """Declarations for tools known by name only: any JSON object is accepted."""
    out = []
    for name in names:
        if name in _GENERIC:
            fname, desc, props = _GENERIC[name]
            out.append(_function(fname, desc, {"type": "object", "properties": props}))
        else:
            out.append(_function(name, f"The {name.replace('_', ' ')} tool.",
                                 {"type": "object", "properties": {},
                                  "additionalProperties": True}))  # fmt: skip
    return tuple(out)


def observation(name: str, arguments: dict[str, Any]) -> str:
    """The stubbed result of a tool call: always success, never real data."""
    return json.dumps({"status": "ok", "tool": name,
                       "result": "stubbed observation: the call succeeded"})  # fmt: skip
