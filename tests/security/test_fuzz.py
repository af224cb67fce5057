"""Hypothesis fuzzing of the loaders, the extractor, the offline encoder, triage and the
configuration: the only outcomes are a report or a located ``PromptlintError``, quickly.

Bounded so the suite stays fast; ``PROMPTLINT_FUZZ_EXAMPLES=2000`` runs a longer fuzz.
A failing input hypothesis finds goes into tests/regressions/ with its expectation.
"""

from __future__ import annotations

import os
import re
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from promptlint.config import Config, load_config
from promptlint.errors import ConfigError, PromptlintError
from promptlint.pipeline import check
from promptlint.triage.surfaces import glob_match

EXAMPLES = int(os.environ.get("PROMPTLINT_FUZZ_EXAMPLES", "25"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
#: one example may take this long (the inputs are small; pathological ones are the point)
BUDGET_S = 5.0

WORDS = ["Always", "Never", "must", "do not", "answer", "in", "English", "Spanish", "the",
         "user", "and", "or", ",", ".", "\n", "- ", "* ", "1. ", "#", "`", "if", "unless",
         "run", "`rm -rf *`", "edit", "src/**/*.py", "*a*a*b", "(", ")", "[", "]", "{", "}",
         "\"", "'", ":", "&a", "*a", "<<", "!", "é", "\u200b", "\t", "    ", "only", "JSON",
         "Markdown", "emoji", "ask", "refuse", "${x}", "\\", "```", "<!-- promptlint: ignore -->"]  # fmt: skip

text_st = st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=60).map(" ".join)
nested_st = st.builds(
    lambda o, c, n, inner: o * n + inner + c * n,
    st.sampled_from(["[", "{", "(", "- ", "  - ", "not "]),
    st.sampled_from(["]", "}", ")", "", "", ""]),
    st.integers(0, 400),
    text_st,
)


def _wrap(fmt: str, body: str) -> str:
    if fmt == "yaml":
        return "system: |\n" + "".join(f"  {line}\n" for line in body.splitlines() or [""])
    if fmt == "json":
        import json

        return json.dumps({"system": body})
    if fmt == "py":
        return f"SYSTEM_PROMPT = {body!r}\n"
    if fmt == "ts":
        return "const systemPrompt = `" + body.replace("`", "'") + "`;\n"
    return body


def _lint(path: Path) -> None:
    t0 = time.monotonic()
    try:
        check([str(path)], Config())
    except PromptlintError as err:
        assert err.path is not None or err.code != "PL000", str(err)
    took = time.monotonic() - t0
    assert took < BUDGET_S, f"{path.name} took {took:.1f} s"


@pytest.mark.parametrize("fmt", ["md", "yaml", "json", "py", "ts"])
@FUZZ
@given(body=text_st | nested_st)
def test_policy_text_in_every_format(fmt: str, body: str, tmp_path: Path) -> None:
    path = tmp_path / f"policy.{fmt}"
    path.write_text(_wrap(fmt, body), encoding="utf-8", errors="surrogatepass")
    _lint(path)


@pytest.mark.parametrize("fmt", ["yaml", "json", "py", "ts", "pyrule"])
@FUZZ
@given(raw=text_st | nested_st)
def test_raw_structured_files(fmt: str, raw: str, tmp_path: Path) -> None:
    path = tmp_path / f"policy.{fmt}"
    path.write_text(raw, encoding="utf-8", errors="surrogatepass")
    _lint(path)


KEYS: dict[str, Any] = {
    "select": ["PL1"], "ignore": ["PL2"], "per-file-ignores": {"*.md": ["PL1"]},
    "include": ["*.md"], "exclude": [".git"], "policy-groups": {"g": ["a.md"]},
    "backend": "offline", "fallback": "offline", "fail-on": "info", "output-format": "json",
    "max-file-bytes": 100, "solver-timeout-ms": 10, "sidecars": True, "cache-dir": "",
    "timeout-per-file": 1.5, "max-rules-per-file": 3, "llm": {"concurrency": 2},
}  # fmt: skip
values_st = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _toml(value: Any) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()
                               if v is not None) + "}"  # fmt: skip
    return '""'


@FUZZ
@given(key=st.sampled_from(sorted(KEYS)) | st.text(min_size=1, max_size=6), value=values_st)
def test_configuration_values(key: str, value: Any, tmp_path: Path) -> None:
    import json

    if value is None:
        value = ""
    text = f"{json.dumps(key)} = {_toml(value)}\n"
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # not TOML: tomllib's own error path is tested elsewhere
    (tmp_path / "promptlint.toml").write_text(text, encoding="utf-8")
    try:
        cfg = load_config(tmp_path)
        from promptlint.cli.model_opts import apply_model_options

        apply_model_options(cfg, backend=None, fallback=None)
    except ConfigError as err:
        assert err.path is not None and str(err).startswith(str(tmp_path)), str(err)
        assert "\n" not in err.message


@FUZZ
@given(
    glob=st.text(alphabet="ab/*", max_size=12),
    text=st.text(alphabet="ab/", max_size=12),
    path=st.booleans(),
)
def test_glob_match_agrees_with_a_regular_expression(glob: str, text: str, path: bool) -> None:
    parts = re.split(r"(\*\*|\*)", glob) if path else re.split(r"(\*)", glob)
    star = "[^/]*" if path else ".*"
    oracle = "".join(".*" if p == "**" else star if p == "*" else re.escape(p) for p in parts)
    assert glob_match(glob, text, path=path) == (re.fullmatch(oracle, text) is not None)


def test_glob_match_is_linear() -> None:
    t0 = time.monotonic()
    assert not glob_match("src/" + "*a" * 30 + "*b", "src/" + "a" * 5000 + "c", path=True)
    assert time.monotonic() - t0 < 2
