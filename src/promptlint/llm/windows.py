"""Policy text for the whole-policy model stages (policy model, nomination): numbered by
the file's own lines, in overlapping windows so a long policy fits a request and no rule
is cut off from its neighbours at a window's edge."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from promptlint.objects import locate

__all__ = [
    "around",
    "focus_parts",
    "line_label",
    "numbered_lines",
    "numbered_windows",
    "pointed_text",
]

#: a rule that points at text after it: "send the acknowledgement below word for word"
#: a rule that points at the text after it: "the notice below", "as follows", or a rule
#: that ends in a colon ("paste this warning verbatim:")
_POINTS = re.compile(r"\b(?:below|as follows|the following)\b|:\s*$", re.I)
_SECTION_LINE = re.compile(r"^\s*(?:#{1,6}\s|</?[A-Za-z_][\w\-]*>\s*$)")
#: characters of pointed-at text shown with a rule
POINTED_CHARS = 1200


def numbered_lines(policy: Any) -> list[tuple[int, str]]:
    """(file line, ``  12| text``) for every line of the policy text, segments in order.

    Text lines that share one file line (a JSON string's escaped ``\\n``) are numbered
    ``7.1``, ``7.2``, ... so that a line range still names a part of the policy."""
    found: list[tuple[int, str]] = []
    for seg in policy.segments:
        offset = 0
        for raw in seg.text.splitlines(keepends=True):
            found.append((policy.line_col(seg.file_offset(offset))[0], raw.rstrip("\r\n")))
            offset += len(raw)
    shared = Counter(line for line, _ in found)
    seen: Counter[int] = Counter()
    lines: list[tuple[int, str]] = []
    for line, text in found:
        seen[line] += 1
        label = str(line) if shared[line] == 1 else f"{line}.{seen[line]}"
        lines.append((line, f"{label:>5}| {text}"))
    return lines


def line_label(numbered: str) -> str:
    """The number a line of :func:`numbered_lines` is shown with (``12`` or ``7.3``)."""
    return numbered.split("|", 1)[0].strip()


def _fill(lines: list[str], start: int, chars: int) -> tuple[int, int]:
    """(end, characters) of the window of whole lines from ``start`` that stays under
    ``chars``; at least one line, however long."""
    size, end = 0, start
    while end < len(lines) and (size + len(lines[end]) < chars or end == start):
        size += len(lines[end]) + 1
        end += 1
    return end, size


def _widen(texts: list[str], lo: int, hi: int, room: int) -> tuple[int, int]:
    """The lines ``[lo, hi)`` grown by whole lines, one before then one after, while
    ``room`` characters last."""
    while room > 0 and (lo > 0 or hi < len(texts)):
        if lo > 0:
            lo -= 1
            room -= len(texts[lo]) + 1
        if hi < len(texts) and room > 0:
            room -= len(texts[hi]) + 1
            hi += 1
    return lo, hi


def around(policy: Any, focus: tuple[int, ...], context_chars: int) -> str:
    """The whole numbered policy, or, past ``context_chars``, the lines around each of the
    ``focus`` file lines (an equal share each, in file order, ``...`` between)."""
    lines = numbered_lines(policy)
    texts = [text for _, text in lines]
    whole = "\n".join(texts)
    if len(whole) <= context_chars or not focus:
        return whole
    share = context_chars // len(focus)
    keep: set[int] = set()
    for line in focus:
        at = min(range(len(lines)), key=lambda i: abs(lines[i][0] - line))
        lo, hi = _widen(texts, at, at + 1, share - len(texts[at]))
        keep.update(range(lo, hi))
    out: list[str] = []
    for i in sorted(keep):
        if out and i - 1 not in keep:
            out.append("  ...")
        out.append(texts[i])
    return "\n".join(out)


def focus_parts(policy: Any, chars: int, context_chars: int) -> list[tuple[str, str, str]]:
    """(context, first line, last line) per consecutive part of about ``chars`` characters,
    the lines as :func:`numbered_lines` numbers them: every line is in exactly one part,
    and each part comes with the whole numbered policy as its context (or, past
    ``context_chars``, the lines around the part)."""
    lines = numbered_lines(policy)
    texts = [text for _, text in lines]
    whole = "\n".join(texts)
    out: list[tuple[str, str, str]] = []
    start = 0
    while start < len(lines):
        end, size = _fill(texts, start, chars)
        if len(whole) <= context_chars:
            context = whole
        else:  # as many lines either side of the part as the context holds
            lo, hi = _widen(texts, start, end, context_chars - size)
            context = "\n".join(texts[lo:hi])
        out.append((context, line_label(texts[start]), line_label(texts[end - 1])))
        start = end
    return out


def numbered_windows(policy: Any, chars: int) -> list[str]:
    """The policy text's lines as ``  12| text`` (segments in order, each line numbered
    by the file's line), in windows of about ``chars`` characters overlapping by a fifth."""
    lines = [text for _, text in numbered_lines(policy)]
    out: list[str] = []
    start = 0
    while start < len(lines):
        end, _ = _fill(lines, start, chars)
        out.append("\n".join(lines[start:end]))
        if end >= len(lines):
            break
        start = max(start + 1, end - max(1, (end - start) // 5))
    return out


#: "the complete Refund Policy text below": a text the rule names, under a heading of its own
_NAMED = re.compile(
    r"\bthe\s+(?:(?:complete|full|exact|entire|whole|following)\s+)?"
    r"(?P<name>[A-Z][\w'\u2019\-]*(?:\s+[A-Z][\w'\u2019\-]*){0,4})\s+"
    r"(?:(?:text|message|template|wording|script|notice|statement|block)\s+)?(?:below|that follows)\b"
)


def _titled_block(quote: str, after: list[str]) -> list[str] | None:
    """The lines under the heading that names the text a rule points at, or None."""
    m = _NAMED.search(quote)
    if m is None:
        return None
    name = m["name"].lower()
    for i, line in enumerate(after):
        if _SECTION_LINE.match(line) and name in line.lower():
            return after[i + 1 :]
    return None


def pointed_text(policy: Any, quote: str) -> str:
    """The text a rule points at ("the acknowledgement below"): the lines after it up to
    the next heading or section tag, at most :data:`POINTED_CHARS`; "" when the rule
    points at nothing or is not found."""
    found = locate(quote, [policy]) if _POINTS.search(quote) else None
    if found is None:
        return ""
    _, s_index, _, end = found
    # a rule ending in a colon introduces the block after it, not the rest of its section
    block = quote.rstrip().endswith(":")
    after = policy.segments[s_index].text[end:].split("\n")[1:]
    titled = _titled_block(quote, after)
    if titled is not None:  # "the complete Refund Policy text below": under its heading
        after = titled
    taken: list[str] = []
    size = 0
    for line in after:
        if _SECTION_LINE.match(line) and any(t.strip() for t in taken):
            break
        if block and not line.strip() and any(t.strip() for t in taken):
            break
        taken.append(line)
        size += len(line) + 1
        if size > POINTED_CHARS:
            break
    text = "\n".join(taken).strip()
    return text if len(text) <= POINTED_CHARS else text[:POINTED_CHARS] + " ..."
