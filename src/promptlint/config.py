"""Configuration: ``[tool.promptlint]`` in ``pyproject.toml``, or ``promptlint.toml`` /
``.promptlint.toml`` (same keys, no table prefix). The closest file wins; there is no
merging between repository files. Unknown keys and wrong types are located errors.

Trust: the repository's file is written by whoever controls the repository, so it may
not route credentials. Whether a run is model-backed (``backend``), which endpoint
receives a key (``llm.base-url``) and which environment variable holds the key
(``llm.api-key-env``) come from the command line, the environment
(``PROMPTLINT_BACKEND``, ``PROMPTLINT_LLM_BASE_URL``, ``PROMPTLINT_LLM_API_KEY_ENV``) or
the user's own file (``$XDG_CONFIG_HOME/promptlint/config.toml``), whose
``allowed-base-urls`` / ``allowed-api-key-envs`` / ``allow-repo-backend`` may let a
repository choose. A repository value that is not allowed is dropped with a warning.
"""

from __future__ import annotations

import fnmatch
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from promptlint.errors import ConfigError

__all__ = [
    "POLICY_INCLUDE",
    "Config",
    "ConfigResolver",
    "ConfigWarning",
    "check_types",
    "extension_map",
    "find_config",
    "load_config",
    "locate",
    "matches_any",
    "relative_to_root",
    "user_config_path",
]

_FILES = (".promptlint.toml", "promptlint.toml", "pyproject.toml")
#: where policies usually live: what `promptlint init` writes as `include`, and what the
#: pre-commit hook (`--force-exclude`) lints when no `include` is configured
POLICY_INCLUDE = ("prompts/**", "*.prompt", "*.j2", "*.jinja", "*.jinja2", "*.pyrule")
#: a configuration file is a few kilobytes; anything far larger is not one
_MAX_CONFIG_BYTES = 1_000_000


@dataclass(frozen=True)
class ConfigWarning:
    """A configuration value that was read but not obeyed."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        loc = f"{self.path}:{self.line}" if self.line else self.path
        return f"{loc}: warning: PL003 {self.message}"


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
    exclude: tuple[str, ...] = (
        ".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".promptlint_cache",
        ".mypy_cache", ".ruff_cache", ".pytest_cache", "build", "dist", "site-packages",
    )  # fmt: skip
    policy_groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    backend: str = "offline"
    fallback: str | None = None
    fail_on: str = "warning"
    output_format: str = "full"
    max_file_bytes: int = 2_000_000
    yaml_keys: tuple[str, ...] = ()
    json_keys: tuple[str, ...] = ()
    python_name_regex: str = "(?i)(prompt|instruction|system)"
    #: custom extensions and the format each is read as: ``{"avanterules": "jinja"}``
    extension: dict[str, str] = field(default_factory=dict)
    solver_timeout_ms: int = 2000
    sidecars: bool = True
    #: where compiled encodings are cached (JSON; never executable); "" turns it off
    cache_dir: str = ".promptlint_cache"
    #: seconds one policy may take before it is reported (PL009) and skipped; None: no limit
    timeout_per_file: float | None = None
    #: rules analysed per policy file; the rest are reported (PL009), not analysed
    max_rules_per_file: int = 500
    llm: dict[str, Any] = field(default_factory=dict)
    #: ``promptlint probe``: ``subjects.NAME = {model, base-url, api-key-env, ...}``
    probe: dict[str, Any] = field(default_factory=dict)
    config_path: str | None = None
    #: values read but not obeyed (credential routing from a repository file)
    warnings: tuple[ConfigWarning, ...] = ()

    @classmethod
    def default(cls) -> Config:
        return cls()

    def base_dir(self) -> Path:
        """Relative cache paths start here: the configuration file's folder, else the cwd."""
        return Path(self.config_path).parent if self.config_path else Path.cwd()

    def root(self) -> Path:
        """The project root patterns are matched against (as :meth:`base_dir`, resolved)."""
        return self.base_dir().resolve()

    def with_overrides(self, **changes: Any) -> Config:
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


_TYPES: dict[str, str] = {
    "select": "list", "extend-select": "list", "ignore": "list",
    "per-file-ignores": "dict[list]", "include": "list", "exclude": "list",
    "policy-groups": "dict[list]", "backend": "str", "fallback": "str", "fail-on": "str",
    "output-format": "str", "max-file-bytes": "int", "yaml-keys": "list", "json-keys": "list",
    "python-name-regex": "str", "extension": "dict", "solver-timeout-ms": "int",
    "sidecars": "bool",
    "cache-dir": "str", "timeout-per-file": "number", "max-rules-per-file": "int",
    "llm": "dict", "probe": "dict",
}  # fmt: skip
#: keys only the user's own configuration file knows
_USER_TYPES: dict[str, str] = {
    "allowed-base-urls": "list", "allowed-api-key-envs": "list", "allow-repo-backend": "bool",
}  # fmt: skip
_CHOICES = {
    "backend": ("offline", "llm"),
    "fallback": ("offline",),
    "fail-on": ("error", "warning", "info"),
    "output-format": ("full", "concise", "json", "sarif", "github", "junit"),
}
_POSITIVE = ("max-file-bytes", "solver-timeout-ms", "max-rules-per-file")
_ENV = {
    "PROMPTLINT_BACKEND": "backend",
    "PROMPTLINT_LLM_BASE_URL": "llm.base-url",
    "PROMPTLINT_LLM_API_KEY_ENV": "llm.api-key-env",
}


def user_config_path(env: Mapping[str, str] | None = None) -> Path:
    """The user's own configuration file (never inside a repository by default)."""
    env = env if env is not None else os.environ
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".config")
    return Path(base) / "promptlint" / "config.toml"


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
    m = re.search(rf"^\s*\"?{re.escape(key)}\"?\s*=", text, re.M)
    if m is None:
        m = re.search(rf"^\s*\[[^\]\n]*{re.escape(key)}\]", text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else None


def locate(cfg: Config, key: str) -> tuple[str | None, int | None]:
    """The configuration file and line where ``key`` is set, as far as can be told."""
    if not cfg.config_path:
        return None, None
    try:
        text = Path(cfg.config_path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return cfg.config_path, None
    return cfg.config_path, _line_of(text, key)


def _toml_type(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


_WORDS = {
    "str": "a string",
    "int": "an integer",
    "number": "a number",
    "bool": "true or false",
    "list": "an array of strings",
    "dict": "a table",
    "dict[list]": "a table of arrays of strings",
}


def check_types(key: str, value: Any, kind: str) -> str | None:
    """What is wrong with ``value`` as a ``kind`` (see ``_WORDS``), or None."""
    ok: bool
    if kind == "str":
        ok = isinstance(value, str)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "list":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    elif kind == "dict":
        ok = isinstance(value, dict)
    elif kind == "dict[list]":
        if isinstance(value, dict):
            for k, v in value.items():
                if not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
                    return f"{key}.{k!r} must be an array of strings, got {_toml_type(v)}"
            return None
        ok = False
    else:  # pragma: no cover - the tables above name every kind
        raise AssertionError(kind)
    if ok:
        return None
    if kind == "list" and isinstance(value, list):
        bad = next(v for v in value if not isinstance(v, str))
        return f"{key!r} must be {_WORDS[kind]}, got an array holding {_toml_type(bad)}"
    return f"{key!r} must be {_WORDS[kind]}, got {_toml_type(value)}"


def _read_table(path: Path, *, user: bool = False) -> tuple[dict[str, Any], str]:
    shown = str(path)
    try:
        with open(path, "rb") as f:
            data = f.read(_MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"cannot read config file: {exc.strerror or exc}", path=shown) from None
    if len(data) > _MAX_CONFIG_BYTES:
        raise ConfigError(f"config file is over {_MAX_CONFIG_BYTES:,} bytes", path=shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ConfigError(
            f"config file is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
            path=shown,
            line=line,
            hint="TOML files are UTF-8; save it as UTF-8",
        ) from None
    try:
        parsed = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        raise ConfigError(
            f"invalid TOML: {exc}"
            if not isinstance(exc, RecursionError)
            else "invalid TOML: nested too deeply",
            path=shown,
            line=int(m[1]) if m else None,
            column=int(m[2]) if m else None,
        ) from None
    if path.name == "pyproject.toml" and not user:
        table = parsed.get("tool", {}).get("promptlint", {})
        if not isinstance(table, dict):
            raise ConfigError("[tool.promptlint] must be a table", path=shown)
        return table, text
    return parsed, text


def _validate(table: Mapping[str, Any], path: Path, text: str, *, user: bool) -> dict[str, Any]:
    """Typed Config fields from one file's table (relative paths resolved to its folder)."""
    types = {**_TYPES, **_USER_TYPES} if user else _TYPES
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Config)}
    for key, value in table.items():
        line = _line_of(text, key)
        if key not in types:
            import difflib

            close = difflib.get_close_matches(key.replace("_", "-"), list(types), n=1)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else f"known keys: {', '.join(sorted(types))}"
                if key not in _USER_TYPES
                else f"this key belongs in the user's own configuration file ({user_config_path()})"
            )
            raise ConfigError(f"unknown key {key!r}", path=str(path), line=line, hint=hint)
        problem = check_types(key, value, types[key])
        if problem is not None:
            if types[key] == "dict[list]" and isinstance(value, dict):
                bad = next(k for k, v in value.items() if check_types(k, v, "list"))
                line = _line_of(text, bad) or line
            raise ConfigError(problem, path=str(path), line=line)
        if key in _CHOICES and value not in _CHOICES[key]:
            raise ConfigError(
                f"{key!r} must be one of {', '.join(_CHOICES[key])}, got {value!r}",
                path=str(path),
                line=line,
            )
        if key in _POSITIVE and not value > 0:
            raise ConfigError(f"{key!r} must be positive, got {value!r}", path=str(path), line=line)
        if key == "timeout-per-file" and not value >= 0:
            raise ConfigError(
                f"{key!r} must be 0 (no deadline) or more, got {value!r}", path=str(path), line=line
            )
        if key == "extension":
            value = extension_map(value, "extension", path=str(path), line=line)
        attr = key.replace("-", "_")
        if isinstance(value, list):
            value = tuple(value)
        elif key in ("per-file-ignores", "policy-groups"):
            base = path.parent
            value = {
                k: tuple(str(base / x) if key == "policy-groups" else x for x in v)
                for k, v in value.items()
            }
        values[attr if attr in known else key] = value
    return values


def extension_map(
    table: Mapping[str, Any], name: str, *, path: str | None = None, line: int | None = None
) -> dict[str, str]:
    """``{ext: format}``, each extension lowercased and without its dot; an unknown format
    is a ConfigError (``name``: the option or key it came from)."""
    from promptlint.files import EXTENSION_FORMATS

    out = {}
    for ext, fmt in table.items():
        if fmt not in EXTENSION_FORMATS or not str(ext).strip(". "):
            raise ConfigError(
                f"{name}: cannot read {ext!r} files as {fmt!r}",
                path=path,
                line=line,
                hint=f"an extension and one of: {', '.join(EXTENSION_FORMATS)}",
            )
        out[str(ext).lower().lstrip(".")] = fmt
    return out


def _dashed(table: Mapping[str, Any]) -> dict[str, Any]:
    return {k.replace("_", "-"): v for k, v in table.items()}


def load_config(
    start: Path | None = None,
    explicit: Path | None = None,
    isolated: bool = False,
    *,
    env: Mapping[str, str] | None = None,
) -> Config:
    """The configuration of a run: the user's file, then the repository's (within what
    it may decide), then the environment. ``isolated`` reads no file."""
    env = env if env is not None else os.environ
    values: dict[str, Any] = {}
    llm: dict[str, Any] = {}
    warnings: list[ConfigWarning] = []
    allowed_urls: tuple[str, ...] = ()
    allowed_envs: tuple[str, ...] = ()
    repo_backend = False
    if not isolated:
        user_path = user_config_path(env)
        if user_path.is_file():
            table, text = _read_table(user_path, user=True)
            user = _validate(table, user_path, text, user=True)
            allowed_urls = user.pop("allowed-base-urls", ())
            allowed_envs = user.pop("allowed-api-key-envs", ())
            repo_backend = bool(user.pop("allow-repo-backend", False))
            llm.update(_dashed(user.pop("llm", {})))
            values.update(user)
    path: Path | None = None
    if not isolated:
        path = explicit if explicit is not None else find_config(start or Path.cwd())
    if path is not None:
        if not path.is_file():
            raise ConfigError(
                "config file not found" if not path.exists() else "config path is not a file",
                path=str(path),
            )
        table, text = _read_table(path)
        repo = _validate(table, path, text, user=False)

        def refuse(key: str, value: Any, how: str) -> None:
            warnings.append(ConfigWarning(
                str(path), _line_of(text, key.rsplit(".", 1)[-1]),
                f"{key} = {value!r} in a repository configuration is ignored: {how}",
            ))  # fmt: skip

        if repo.get("backend") == "llm" and not repo_backend:
            refuse("backend", "llm", "a repository may not make a run model-backed; pass "
                   "--backend llm or set PROMPTLINT_BACKEND=llm")  # fmt: skip
            del repo["backend"]
        repo_llm = _dashed(repo.pop("llm", {}))
        for name in list(repo_llm):
            value = repo_llm[name]
            if name == "base-url" and value not in allowed_urls:
                refuse("llm.base-url", value, "a repository may not choose where requests (and "
                       "the key) go; set PROMPTLINT_LLM_BASE_URL, or list it in allowed-base-urls "
                       f"in {user_config_path(env)}")  # fmt: skip
                del repo_llm[name]
            elif name == "api-key-env" and value not in allowed_envs:
                refuse("llm.api-key-env", value, "a repository may not choose which "
                       "environment variable is sent as the key; set PROMPTLINT_LLM_API_KEY_ENV, "
                       f"or list it in allowed-api-key-envs in {user_config_path(env)}")  # fmt: skip
                del repo_llm[name]
        # a probe subject is an endpoint and a key variable too: the same boundary
        subjects = (repo.get("probe") or {}).get("subjects") or {}
        for subject, spec in subjects.items() if isinstance(subjects, dict) else ():
            if not isinstance(spec, dict):
                continue
            for name in list(spec):
                value = spec[name]
                if name in ("base-url", "base_url") and value not in allowed_urls:
                    refuse(f"probe.subjects.{subject}.base-url", value, "a repository may not "
                           "choose where requests (and the key) go; list it in "
                           f"allowed-base-urls in {user_config_path(env)}")  # fmt: skip
                    del spec[name]
                elif name in ("api-key-env", "api_key_env") and value not in allowed_envs:
                    refuse(f"probe.subjects.{subject}.api-key-env", value, "a repository may "
                           "not choose which environment variable is sent as a key; list it "
                           f"in allowed-api-key-envs in {user_config_path(env)}")  # fmt: skip
                    del spec[name]
        # a repository's caches stay inside it: a cache path elsewhere could name (and,
        # were it not a cache, move aside) any file of the user's
        base = path.parent.resolve()
        for key, table_ in (("llm.cache-path", repo_llm), ("cache-dir", repo)):
            name = key.removeprefix("llm.")
            attr = name.replace("-", "_") if table_ is repo else name
            value = table_.get(attr)
            if value and not (base / value).resolve().is_relative_to(base):
                refuse(key, value, "a repository's caches stay inside the repository; set "
                       f"it in {user_config_path(env)}")  # fmt: skip
                del table_[attr]
        llm.update(repo_llm)
        values.update(repo)
        values["config_path"] = str(path)
    for var, key in _ENV.items():
        value = env.get(var)
        if not value:
            continue
        if key == "backend":
            if value not in _CHOICES["backend"]:
                raise ConfigError(f"{var}={value!r}: choose from {', '.join(_CHOICES['backend'])}")
            values["backend"] = value
        else:
            llm[key.removeprefix("llm.")] = value
    return Config(**values, llm=llm, warnings=tuple(warnings))


def relative_to_root(path: str | Path, root: Path) -> str:
    """``path`` relative to ``root`` in POSIX form (``./prompts/x.yaml`` -> ``prompts/x.yaml``);
    a path outside ``root`` stays absolute."""
    full = Path(os.path.abspath(path))
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        return full.as_posix()


def _matches(rel: str, pattern: str) -> bool:
    pattern = pattern.strip()
    while pattern.startswith("./"):
        pattern = pattern[2:]
    pattern = pattern.rstrip("/")
    if not pattern:
        return False
    parts = rel.split("/")
    if "/" not in pattern:
        # like .gitignore: a bare name or glob matches any component of the path
        return any(fnmatch.fnmatchcase(part, pattern) for part in parts)
    if fnmatch.fnmatchcase(rel, pattern):
        return True
    # a pattern naming a folder covers everything under it
    return any(fnmatch.fnmatchcase("/".join(parts[:n]), pattern) for n in range(1, len(parts)))


def matches_any(
    path: str | Path, patterns: Iterable[str], root: Path, base: Path | None = None
) -> bool:
    """Whether ``path`` matches one of ``patterns``, read relative to ``root`` (the
    configuration's folder). ``*`` matches across ``/`` (as in ruff's globs); a pattern
    without ``/`` matches any single folder or file name, so ``node_modules`` and ``*.md``
    work at any depth, but only below ``base`` (the folder named on the command line) and
    ``root``; a folder pattern covers the files below it."""
    rel = relative_to_root(path, root)
    if rel.startswith("/"):
        rel = Path(path).name
    below = rel
    if base is not None:
        under = relative_to_root(path, Path(os.path.abspath(base)))
        if not under.startswith("/") and len(under) < len(below):
            below = under
    for pattern in patterns:
        bare = "/" not in pattern.strip().removeprefix("./").rstrip("/")
        if _matches(below if bare else rel, pattern):
            return True
    return False


class ConfigResolver:
    """The configuration for each file: ``--config`` for all files, nothing with
    ``--isolated``, otherwise the closest configuration above the file (as ruff does).

    ``adjust`` applies the command line's overrides to every configuration found.
    """

    def __init__(
        self,
        explicit: Path | None = None,
        isolated: bool = False,
        adjust: Callable[[Config], Config] | None = None,
    ) -> None:
        self._explicit = explicit
        self._isolated = isolated
        self._adjust = adjust or (lambda c: c)
        self._by_dir: dict[Path, Config] = {}
        self._by_file: dict[str | None, Config] = {}

    def _load(self, config_path: Path | None, start: Path | None = None) -> Config:
        """``config_path`` None: no repository file above ``start`` (the user's file and
        the environment still apply, as in :func:`load_config`)."""
        key = str(config_path) if config_path is not None else None
        if key not in self._by_file:
            if self._isolated:
                loaded = load_config(isolated=True)
            elif config_path is None:
                loaded = load_config(start=start or Path.cwd())
            else:
                loaded = load_config(explicit=config_path)
            self._by_file[key] = self._adjust(loaded)
        return self._by_file[key]

    def for_path(self, path: str | Path) -> Config:
        if self._isolated:
            return self._load(None)
        if self._explicit is not None:
            return self._load(self._explicit)
        p = Path(os.path.abspath(path))
        folder = p if p.is_dir() else p.parent
        if folder not in self._by_dir:
            self._by_dir[folder] = self._load(find_config(folder), folder)
        return self._by_dir[folder]

    def global_config(self, paths: Iterable[str | Path]) -> Config:
        """Settings for the whole run (output format, fail level, backend): ``--config``,
        else the closest configuration to the working directory, else the one shared
        by every given path, else the defaults."""
        if self._isolated or self._explicit is not None:
            return self.for_path(Path.cwd())
        here = find_config(Path.cwd())
        if here is not None:
            return self._load(here)
        found = {self.for_path(p).config_path for p in paths}
        shared = found.pop() if len(found) == 1 else None
        return self._load(Path(shared) if shared is not None else None)
