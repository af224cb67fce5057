"""Policy text for the whole-policy model stages (policy model, nomination): numbered by
the file's own lines, in overlapping windows so a long policy fits a request and no rule
is cut off from its neighbours at a window's edge."""

from __future__ import annotations

from typing import Any

__all__ = ["numbered_windows"]


def numbered_windows(policy: Any, chars: int) -> list[str]:
    """The policy text's lines as ``  12| text`` (segments in order, each line numbered
    by the file's line), in windows of about ``chars`` characters overlapping by a fifth."""
    lines: list[str] = []
    for seg in policy.segments:
        offset = 0
        for raw in seg.text.splitlines(keepends=True):
            line_no = policy.line_col(seg.file_offset(offset))[0]
            lines.append(f"{line_no:5}| {raw.rstrip(chr(10)).rstrip(chr(13))}")
            offset += len(raw)
    out: list[str] = []
    start = 0
    while start < len(lines):
        size, end = 0, start
        while end < len(lines) and (size + len(lines[end]) < chars or end == start):
            size += len(lines[end]) + 1
            end += 1
        out.append("\n".join(lines[start:end]))
        if end >= len(lines):
            break
        start = max(start + 1, end - max(1, (end - start) // 5))
    return out
