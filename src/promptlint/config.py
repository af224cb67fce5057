"""Configuration: ``[tool.promptlint]`` in ``pyproject.toml``, or ``promptlint.toml`` /
``.promptlint.toml`` (same keys, no table prefix). The closest file wins; there is no
merging. Unknown keys and wrong types are located errors.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError

__all__ = ["Config", "find_config", "load_config"]

_FILES = (".promptlint.toml", "promptlint.toml", "pyproject.toml")


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] = ("ALL",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    include: tuple[str, ...] = (
        "*.md", "*.txt", "*.prompt", "*.j2", "*.jinja", "*.jinja2", "*.yaml", "*.yml", "*.json",
        "*.py", "*.ts", "*.tsx", "*.js", "*.mjs",
        "*.pyrule",
    )  # fmt: skip
    exclude: tuple[str, ...] = (".git", ".venv", "venv", "node_modules", "__pycache__", ".tox")
    policy_groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    backend: str = "offline"
    fallback: str | None = None
    fail_on: str = "warning"
    output_format: str = "full"
    max_file_bytes: int = 2_000_000
    yaml_keys: tuple[str, ...] = ()
    json_keys: tuple[str, ...] = ()
    python_name_regex: str = "(?i)(prompt|instruction|system)"
    solver_timeout_ms: int = 2000
    sidecars: bool = True
    #: where compiled encodings are cached (JSON; never executable); "" turns it off
    cache_dir: str = ".promptlint_cache"
    llm: dict[str, Any] = field(default_factory=dict)
    #: ``promptlint probe``: ``subjects.NAME = {model, base-url, api-key-env, ...}``
    probe: dict[str, Any] = field(default_factory=dict)
    config_path: str | None = None

    @classmethod
    def default(cls) -> Config:
        return cls()

    def base_dir(self) -> Path:
        """Relative cache paths start here: the configuration file's folder, else the cwd."""
        return Path(self.config_path).parent if self.config_path else Path.cwd()

    def with_overrides(self, **changes: Any) -> Config:
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


_TYPES: dict[str, type | tuple[type, ...]] = {
    "select": list, "extend-select": list, "ignore": list, "per-file-ignores": dict,
    "include": list, "exclude": list, "policy-groups": dict, "backend": str, "fallback": str,
    "fail-on": str, "output-format": str, "max-file-bytes": int, "yaml-keys": list,
    "json-keys": list, "python-name-regex": str, "solver-timeout-ms": int, "sidecars": bool,
    "cache-dir": str, "llm": dict, "probe": dict,
}  # fmt: skip
_CHOICES = {
    "backend": ("offline", "llm"),
    "fallback": ("offline",),
    "fail-on": ("error", "warning", "info"),
    "output-format": ("full", "concise", "json", "sarif", "github", "junit"),
}


def find_config(start: Path) -> Path | None:
    """The closest config file at or above ``start`` (a pyproject needs [tool.promptlint])."""
    cur = start.resolve()
    if cur.is_file():
        cur = cur.parent
    for d in (cur, *cur.parents):
        for name in _FILES:
            p = d / name
            if not p.is_file():
                continue
            if name == "pyproject.toml":
                try:
                    data = tomllib.loads(p.read_text(encoding="utf-8"))
                except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError):
                    continue
                if "promptlint" not in data.get("tool", {}):
                    continue
            return p
    return None


def _line_of(text: str, key: str) -> int | None:
    m = re.search(rf"^\s*{re.escape(key)}\s*=", text, re.M)
    if m is None:
        m = re.search(rf"^\s*\[[^\]]*{re.escape(key)}\]", text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else None


def load_config(
    start: Path | None = None, explicit: Path | None = None, isolated: bool = False
) -> Config:
    if isolated:
        return Config()
    path = explicit if explicit is not None else find_config(start or Path.cwd())
    if path is None:
        return Config()
    if not path.is_file():
        raise ConfigError("config file not found", path=str(path))
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        raise ConfigError(
            f"invalid TOML: {exc}",
            path=str(path),
            line=int(m[1]) if m else None,
            column=int(m[2]) if m else None,
        ) from None
    table = data.get("tool", {}).get("promptlint", {}) if path.name == "pyproject.toml" else data
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Config)}
    for key, value in table.items():
        line = _line_of(text, key)
        if key not in _TYPES:
            import difflib

            close = difflib.get_close_matches(key.replace("_", "-"), list(_TYPES), n=1)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else f"known keys: {', '.join(sorted(_TYPES))}"
            )
            raise ConfigError(f"unknown key {key!r}", path=str(path), line=line, hint=hint)
        expected = _TYPES[key]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ConfigError(
                f"{key!r} must be a {getattr(expected, '__name__', expected)}, got {type(value).__name__}",
                path=str(path),
                line=line,
            )
        if key in _CHOICES and value not in _CHOICES[key]:
            raise ConfigError(
                f"{key!r} must be one of {', '.join(_CHOICES[key])}, got {value!r}",
                path=str(path),
                line=line,
            )
        attr = key.replace("-", "_")
        assert attr in known
        if isinstance(value, list):
            value = tuple(str(v) for v in value)
        elif key in ("per-file-ignores", "policy-groups") and isinstance(value, dict):
            base = path.parent
            value = {
                k: tuple(str(base / x) if key == "policy-groups" else str(x) for x in v)
                for k, v in value.items()
            }
        values[attr] = value
    return Config(**values, config_path=str(path))
