"""Policy sources: read a policy file into a :class:`~promptlint.objects.Policy`.

Text formats (markdown, plain text, prompt files, Jinja templates) are one segment that
maps one-to-one onto the file. Every failure to read is a located ``InputError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from promptlint.errors import InputError
from promptlint.files import effective_suffix, read_text
from promptlint.objects import Policy, Segment

__all__ = ["STRUCTURED_SUFFIXES", "TEXT_SUFFIXES", "TS_SUFFIXES", "load", "read_text"]

TEXT_SUFFIXES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".prompt": "text",
    ".j2": "jinja",
    ".jinja": "jinja",
    ".jinja2": "jinja",
}


TS_SUFFIXES = {".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"}
STRUCTURED_SUFFIXES = {".yaml": "yaml", ".yml": "yaml", ".json": "json"}


def load(
    path: str | Path,
    *,
    max_bytes: int = 2_000_000,
    keys: tuple[str, ...] = (),
    python_names: str | None = None,
    extension: Mapping[str, str] | None = None,
) -> Policy:
    """Read a policy file. ``keys`` overrides the prompt keys searched in YAML/JSON,
    ``python_names`` the pattern of prompt variable names in Python, ``extension`` maps
    custom extensions to the format they are read as."""
    from promptlint.load.limits import check_surrogates

    try:
        suffix = effective_suffix(path, extension)
        policy = _load(path, suffix, max_bytes=max_bytes, keys=keys, python_names=python_names)
    except RecursionError:
        # e.g. thousands of implicitly concatenated strings: a tree deeper than a walk of it
        raise InputError(
            "the file's syntax tree is nested too deeply to analyse", path=str(path)
        ) from None
    check_surrogates(policy.path, policy.text, (s.text for s in policy.segments))
    return policy


def _load(
    path: str | Path,
    suffix: str,
    *,
    max_bytes: int,
    keys: tuple[str, ...],
    python_names: str | None,
) -> Policy:
    import dataclasses

    from promptlint.load.branches import jinja_arms

    policy = _read(path, suffix, max_bytes=max_bytes, keys=keys, python_names=python_names)
    arms = policy.arms or jinja_arms(policy.text)
    return dataclasses.replace(policy, arms=arms) if arms != policy.arms else policy


def _read(
    path: str | Path,
    suffix: str,
    *,
    max_bytes: int,
    keys: tuple[str, ...],
    python_names: str | None,
) -> Policy:
    shown = str(path)
    if suffix in STRUCTURED_SUFFIXES:
        from promptlint.load.structured import DEFAULT_KEYS, structured_segments

        fmt = STRUCTURED_SUFFIXES[suffix]
        text = read_text(path, max_bytes=max_bytes)
        segments = structured_segments(shown, text, fmt, keys or DEFAULT_KEYS)
        return Policy(shown, text, fmt, segments)
    if suffix == ".py":
        from promptlint.load.pysource import DEFAULT_NAME_PATTERN, python_segments

        text = read_text(path, max_bytes=max_bytes)
        segments = python_segments(shown, text, python_names or DEFAULT_NAME_PATTERN)
        return Policy(shown, text, "python", segments)
    if suffix in TS_SUFFIXES:
        from promptlint.load.tssource import ts_segments

        text = read_text(path, max_bytes=max_bytes)
        segments, arms = ts_segments(shown, text, suffix)
        return Policy(shown, text, "typescript", segments, arms)
    text_fmt = TEXT_SUFFIXES.get(suffix)
    if text_fmt is None:
        raise InputError(
            f"unsupported policy file type {Path(path).suffix or '(none)'!r}",
            path=shown,
            hint="supported: "
            + ", ".join(sorted({**TEXT_SUFFIXES, **STRUCTURED_SUFFIXES}.keys() | TS_SUFFIXES))
            + ", .py, .pyrule; to read another extension as one of them, map it"
            " (--extension EXT:FORMAT, or `extension` in the configuration)",
        )
    text = read_text(path, max_bytes=max_bytes)
    segments = (Segment(text, ((0, 0, len(text)),)),) if text else ()
    return Policy(shown, text, text_fmt, segments)
