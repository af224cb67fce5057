"""Reporters: turn a :class:`~promptlint.diagnostics.Report` into text.

Machine formats (json, sarif, github, junit) are built as plain strings, never through
rich, so no markup or wrapping can corrupt them. ``full`` and ``concise`` are also
available with their styles (:data:`STYLED`, :class:`~promptlint.report.formats.Styled`),
for colour on a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from promptlint.report.formats import (
    code_counts,
    concise_text,
    full_text,
    help_text,
    policy_counts,
    render_code_statistics,
    render_concise,
    render_full,
    render_github,
    render_json,
    render_junit,
    render_sarif,
    render_statistics,
)

__all__ = [
    "FORMATS",
    "STYLED",
    "code_counts",
    "get_reporter",
    "help_text",
    "policy_counts",
    "render_code_statistics",
    "render_statistics",
]

FORMATS: dict[str, Callable[..., str]] = {
    "full": render_full,
    "concise": render_concise,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
    "junit": render_junit,
}

#: the human formats as rich Text (styles for a terminal; ``.plain`` for a file)
STYLED: dict[str, Callable[..., Any]] = {"full": full_text, "concise": concise_text}


def get_reporter(fmt: str) -> Callable[..., str]:
    return FORMATS[fmt]
