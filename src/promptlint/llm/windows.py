"""Policy text for the whole-policy model stages (policy model, nomination): numbered by
the file's own lines, in overlapping windows so a long policy fits a request and no rule
is cut off from its neighbours at a window's edge."""

from __future__ import annotations

from typing import Any

__all__ = ["numbered_windows"]


def numbered_windows(policy: Any, chars: int) -> list[str]:
    """Each segment's lines as ``  12| text``, in windows of about ``chars`` characters
    that overlap by a fifth."""
    out: list[str] = []
    for index, seg in enumerate(policy.segments):
        lines: list[str] = []
        offset = 0
        for raw in seg.text.splitlines(keepends=True):
            line_no = policy.line_col(seg.file_offset(offset))[0]
            lines.append(f"{line_no:5}| {raw.rstrip(chr(10)).rstrip(chr(13))}")
            offset += len(raw)
        if not lines:
            continue
        start = 0
        while start < len(lines):
            size, end = 0, start
            while end < len(lines) and (size + len(lines[end]) < chars or end == start):
                size += len(lines[end]) + 1
                end += 1
            out.append("\n".join(lines[start:end]))
            if end >= len(lines):
                break
            back = max(1, (end - start) // 5)
            start = max(start + 1, end - back)
        del index
    return out
