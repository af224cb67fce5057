"""The output formats. Each takes a Report and returns the text to write."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import promptlint
from promptlint.diagnostics import Diagnostic, Report, RuleRef, Severity
from promptlint.diagnostics.registry import CODES, get
from promptlint.diagnostics.wording import collision_help, rule_name

if TYPE_CHECKING:
    from rich.text import Text

#: the width help and witness lines are wrapped to, so findings read at 80 columns
WIDTH = 80

__all__ = [
    "WIDTH",
    "Styled",
    "code_counts",
    "concise_text",
    "dump_json",
    "fingerprint",
    "full_text",
    "help_text",
    "policy_counts",
    "render_code_statistics",
    "render_concise",
    "render_full",
    "render_github",
    "render_json",
    "render_junit",
    "render_sarif",
    "render_statistics",
    "wrap",
]


def fingerprint(d: Diagnostic) -> str:
    """Stable across line moves: code, path and the whitespace-normalised rule quotes."""
    quotes = sorted(" ".join(r.quote.split()) for r in d.rules) or [d.message]
    raw = "\0".join([d.code, _shown_path(d.path, os.getcwd()), *quotes])
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


@lru_cache(maxsize=256)
def _shown_path(path: str, cwd: str) -> str:
    # resolving a path touches the file system; a large report has thousands of findings per file
    resolved = Path(path).resolve()
    try:  # relative to the working directory, so a baseline survives another checkout
        return resolved.relative_to(Path(cwd)).as_posix()
    except ValueError:
        return resolved.as_posix()


def dump_json(doc: Any) -> str:
    """``json.dumps(doc, indent=2, ensure_ascii=False)`` plus a newline, at C speed.

    The standard library's encoder falls back to pure Python whenever ``indent`` is set,
    which made JSON encoding most of a 2,000-rule policy's run.
    """
    import orjson

    return orjson.dumps(doc, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE).decode()


def policy_counts(report: Report) -> str | None:
    """``2 policies: 41 rules found, 38 encoded (93%)``; None when nothing was extracted."""
    found = [f for f in report.files if f.extracted is not None]
    if not report.files:
        return None
    n = len(report.files)
    head = f"{n} polic{'ies' if n != 1 else 'y'} checked"
    if not found:
        return head + "."
    extracted = sum(f.extracted or 0 for f in found)
    encoded = sum(f.encoded or 0 for f in found)
    if not extracted:
        return f"{head}: no rules found."
    share = f" ({encoded / extracted:.0%})" if encoded != extracted else ""
    return (
        f"{head}: {extracted} rule{'s' if extracted != 1 else ''} found, {encoded} encoded{share}."
    )


def _summary(report: Report) -> str:
    n = len(report.diagnostics)
    if not n:
        return "All checks passed!"
    by = {s: sum(1 for d in report.diagnostics if d.severity is s) for s in Severity}
    parts = [f"{by[s]} {s.value}{'s' if by[s] != 1 else ''}" for s in reversed(Severity) if by[s]]
    return f"Found {n} finding{'s' if n != 1 else ''} ({', '.join(parts)})."


_SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow",
                   Severity.INFO: "bold cyan"}  # fmt: skip
_GUTTER = "bold blue"


class Styled:
    """Text with style names, built in pieces: what ``rich.text.Text`` is to these
    reporters, at the cost of a list append per piece.

    ``Text.append`` does tens of operations per piece, which made building the text report
    of a policy with ~90,000 findings take longer than finding them; rich is used only to
    colour a terminal (:meth:`to_rich`).
    """

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: list[tuple[str, str | None]] = []

    def append(self, text: str, style: str | None = None) -> None:
        self._parts.append((text, style))

    @property
    def plain(self) -> str:
        """The text without styles, with the control codes rich strips (bell, backspace,
        vertical tab, form feed, carriage return) removed as ``Text.plain`` would."""
        from rich.control import strip_control_codes

        return strip_control_codes("".join(t for t, _ in self._parts))

    def to_rich(self) -> Text:
        from rich.text import Text

        text = Text()
        for piece, style in self._parts:
            text.append(piece, style=style)
        return text


def _text() -> Styled:
    return Styled()


def _tail(report: Report, out: Styled, quiet: bool) -> None:
    if quiet:
        return
    counts = policy_counts(report)
    if counts:
        out.append(counts + "\n", style="dim")
    summary = _summary(report)
    out.append(summary + "\n", style="bold green" if not report.diagnostics else "bold")


def concise_text(report: Report, *, quiet: bool = False) -> Styled:
    out = _text()
    for d in report.diagnostics:
        out.append(f"{d.path}:{d.line}:{d.column}:", style="bold")
        out.append(" ")
        out.append(d.code, style=_SEVERITY_STYLE[d.severity])
        out.append(f" {d.message}\n")
    _tail(report, out, quiet)
    return out


def render_concise(report: Report, *, quiet: bool = False, **_: Any) -> str:
    return concise_text(report, quiet=quiet).plain


def _frame(
    out: Styled, ref: RuleRef, source: str | None, marker: str, label: str, arrow: str, style: str
) -> None:
    out.append(f" {arrow} ", style=_GUTTER)
    out.append(f"{ref.path}:{ref.line}:{ref.column}\n")
    if source is None:
        if ref.quote:
            out.append("   | ", style=_GUTTER)
            out.append(f"{ref.quote}\n")
        return
    lines = _source_lines(source)
    last = min(ref.end_line, ref.line + 5)
    width = len(str(last))
    pad = " " * (width + 1)
    room = max(40, WIDTH - len(pad) - 2)
    start = ref.column - 1
    span = max(1, ref.end_column - ref.column)
    # a long line (a JSON string holding a whole prompt) is shown around the span only
    lo = 0
    if ref.end_line == ref.line:
        line_text = lines[ref.line - 1] if 0 < ref.line <= len(lines) else ""
        if len(line_text) > _LONG:
            lo = max(0, min(start - 8, len(line_text) - room + 3))
    out.append(pad + "|\n", style=_GUTTER)
    for n in range(ref.line, last + 1):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        out.append(f"{n:>{width}} | ", style=_GUTTER)
        out.append(_clip(text, lo, room) + "\n")
    if ref.end_line == ref.line:
        if lo:
            start = start - lo + 3
        if len(line_text) > _LONG:
            span = max(1, min(span, room - start - 3))
    else:
        # under the last line shown: from its text's start to where the span ends
        tail = lines[last - 1] if 0 < last <= len(lines) else ""
        start = len(tail) - len(tail.lstrip())
        end = ref.end_column - 1 if last == ref.end_line else len(tail.rstrip())
        span = max(1, end - start)
    out.append(pad + "| ", style=_GUTTER)
    out.append(" " * start)
    out.append(marker * span, style=style)
    if len(pad) + 2 + start + span + 1 + len(label) <= WIDTH:
        out.append(f" {label}\n", style=style)
    else:
        out.append("\n")
        out.append(pad + "| ", style=_GUTTER)
        out.append(" " * min(start, WIDTH // 2) + label + "\n", style=style)


#: a source line longer than this is shown in part (a prose line a little over the width
#: is shown whole, as it is)
_LONG = 2 * WIDTH


def _clip(text: str, lo: int, room: int) -> str:
    """``text`` from ``lo`` in at most ``room`` characters, "..." where it was cut; a line
    of at most ``_LONG`` characters whole."""
    if len(text) <= _LONG:
        return text
    head = "..." if lo else ""
    cut = text[lo : lo + room - len(head)]
    if lo + len(cut) < len(text):
        cut = cut[:-3] + "..."
    return head + cut


@lru_cache(maxsize=16)
def _source_lines(source: str) -> tuple[str, ...]:
    # split once per file, not once per finding: a large policy has tens of thousands
    return tuple(source.expandtabs(4).splitlines())


def help_text(d: Diagnostic) -> str | None:
    """What to change: for a collision, written for its two rules; otherwise the code's
    "How to fix" text, whole."""
    written = collision_help(d)
    if written is not None:
        return written
    if d.code not in CODES:
        return None
    fix = CODES[d.code].section("How to fix")
    return " ".join(fix.split()) or None


_MUNGE = dict.fromkeys(map(ord, "\t\n\x0b\x0c\r "), ord(" "))


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``textwrap.wrap(text, width, initial_indent=..., subsequent_indent=...,
    break_on_hyphens=False, break_long_words=False)``, line for line, in a fraction of the
    time: each line's break is found with one search instead of word by word.
    """
    text = text.expandtabs(8).translate(_MUNGE)
    lines: list[str] = []
    pos, n = 0, len(text)
    while pos < n:
        indent = subsequent_indent if lines else initial_indent
        room = width - len(indent)
        if lines and text[pos] == " ":  # spaces that open a line after the first are dropped
            pos = n - len(text[pos:].lstrip(" "))
            if pos >= n:
                break
        end = pos + room
        if room <= 0:
            cut = pos
        elif end >= n:
            cut = n
        elif (text[end - 1] == " ") != (text[end] == " "):
            cut = end  # the limit falls between a word and a space
        elif text[end] == " ":
            cut = pos + len(text[pos:end].rstrip(" "))  # before the run of spaces
        else:
            cut = text.rfind(" ", pos, end) + 1 or pos  # after the last space that fits
        if cut == pos:  # nothing fits: the next word (or run of spaces) stands alone
            if text[pos] == " ":
                cut = n - len(text[pos:].lstrip(" "))
            else:
                space = text.find(" ", pos)
                cut = n if space < 0 else space
        line = text[pos:cut].rstrip(" ")
        if line:
            lines.append(indent + line)
        pos = cut
    return lines


def _wrapped(out: Styled, head: str, body: str, style: str) -> None:
    lines = wrap(body, WIDTH, " " * len(head), " " * len(head))
    for i, line in enumerate(lines):
        if i == 0:
            out.append(head, style=style)
            out.append(line[len(head) :] + "\n")
        else:
            out.append(line + "\n")


def full_text(report: Report, *, quiet: bool = False) -> Styled:
    out = _text()
    for d in report.diagnostics:
        name = CODES[d.code].name if d.code in CODES else ""
        sev = _SEVERITY_STYLE[d.severity]
        head = f"{d.severity.value}[{d.code}]"
        body = d.message + (f" ({name})" if name else "")
        lines = wrap(body, WIDTH - len(head) - 2) or [""]
        out.append(head, style=sev)
        out.append(": ")
        for i, line in enumerate(lines):
            if i:
                out.append(" " * (len(head) + 2))
            out.append(line + "\n", style="bold")
        if d.rules:
            first = d.rules[0]
            label = "this rule" if len(d.rules) > 1 else "here"
            _frame(out, first, report.sources.get(first.path), "^", label, "-->", sev)
            for other in d.rules[1:]:
                label = "conflicting rule" if d.category.value == "collision" else "and this one"
                _frame(out, other, report.sources.get(other.path), "-", label, ":::", _GUTTER)
        else:
            ref = RuleRef("-", d.path, d.line, d.end_line, "", d.column, d.end_column)
            _frame(out, ref, report.sources.get(d.path), "^", "here", "-->", sev)
        if d.witness and d.witness.get("scenario"):
            _wrapped(out, "  = witness: ", d.witness["scenario"], _GUTTER)
        if d.data.get("exception"):
            note = (f'line {d.data.get("exception_line")} may settle this: '
                    f'"{d.data["exception"]}" (vetting)')  # fmt: skip
            _wrapped(out, "  = note: ", note, _GUTTER)
        hint = help_text(d)
        if hint:
            _wrapped(out, "  = help: ", hint, _GUTTER)
        out.append("\n")
    _tail(report, out, quiet)
    return out


def render_full(report: Report, *, quiet: bool = False, **_: Any) -> str:
    return full_text(report, quiet=quiet).plain


def code_counts(report: Report) -> list[dict[str, Any]]:
    """Findings per code, most frequent first (as ruff's ``--statistics``)."""
    counts: dict[str, int] = {}
    for d in report.diagnostics:
        counts[d.code] = counts.get(d.code, 0) + 1
    return [
        {"code": code, "name": CODES[code].name if code in CODES else None, "count": n}
        for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def render_code_statistics(report: Report, **_: Any) -> str:
    rows = code_counts(report)
    if not rows:
        return ""
    width = max(len(str(r["count"])) for r in rows)
    return "".join(f"{r['count']:>{width}}\t{r['code']}\t{r['name'] or ''}\n" for r in rows)


def render_json(
    report: Report, *, statistics: bool = False, pipeline_stats: bool = False, **_: Any
) -> str:
    doc: dict[str, Any] = {
        "version": 1,
        "files": [f.to_dict() for f in report.files],
        "diagnostics": [
            {
                **d.to_dict(),
                "name": CODES[d.code].name if d.code in CODES else None,
                "url": CODES[d.code].url if d.code in CODES else None,
                "help": help_text(d),
                "fingerprint": fingerprint(d),
            }
            for d in report.diagnostics
        ],
        "summary": report.summary,
    }
    if statistics:
        doc["statistics"] = code_counts(report)
    if pipeline_stats:
        doc["pipeline"] = [_pipeline_row(f) for f in report.files]
    return dump_json(doc)


def _pipeline_row(f: Any) -> dict[str, Any]:
    return {
        "path": f.path, "extracted": f.extracted, "encoded": f.encoded, "rules": f.rules,
        "clauses": f.clauses, "comparisons": f.comparisons, "candidates": f.candidates,
        "yield": round(f.yield_, 6),
        "coverage": round(f.coverage, 4) if f.coverage is not None else None,
    }  # fmt: skip


_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _region(line: int, col: int, end_line: int, end_col: int) -> dict[str, int]:
    return {"startLine": line, "startColumn": col, "endLine": end_line,
            "endColumn": max(end_col, col + 1) if end_line == line else end_col}  # fmt: skip


def _uri(path: str, root: Path) -> str:
    """Relative to ``root`` (the repository) in POSIX form; outside it, a file:// URI."""
    full = Path(os.path.abspath(path))
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        return full.as_uri()


def _artifact(path: str, root: Path) -> dict[str, str]:
    uri = _uri(path, root)
    return {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": "%SRCROOT%"}


def render_sarif(report: Report, *, root: Path | None = None, **_: Any) -> str:
    root = Path(os.path.abspath(root or Path.cwd()))
    used = sorted({d.code for d in report.diagnostics} | set())
    rules = []
    for code in used:
        c = get(code)
        rules.append(
            {
                "id": code,
                "name": c.name,
                "shortDescription": {"text": c.summary},
                "fullDescription": {"text": c.section("What it finds")},
                "help": {"text": c.section("How to fix"), "markdown": c.doc},
                "helpUri": c.url,
                "defaultConfiguration": {"level": _SARIF_LEVEL[c.severity]},
                "properties": {"tags": ["prompt-policy", c.category.value]},
            }
        )
    index = {code: i for i, code in enumerate(used)}
    results = []
    for d in report.diagnostics:
        msg = d.message
        related = []
        for i, r in enumerate(d.rules[1:], start=1):
            msg += f" (see [{rule_name(r)}]({i}))"
            related.append(
                {
                    "id": i,
                    "message": {"text": f"{rule_name(r)}: {r.quote[:200]}"},
                    "physicalLocation": {
                        "artifactLocation": _artifact(r.path, root),
                        "region": _region(r.line, r.column, r.end_line, r.end_column),
                    },
                }
            )
        result: dict[str, Any] = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _SARIF_LEVEL[d.severity],
            "message": {"text": msg},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": _artifact(d.path, root),
                        "region": _region(d.line, d.column, d.end_line, d.end_column),
                    }
                }
            ],
            "partialFingerprints": {"promptlint/v1": fingerprint(d)},
        }
        if related:
            result["relatedLocations"] = related
        results.append(result)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "promptlint", "semanticVersion": promptlint.__version__,
                                "informationUri": "https://github.com/promptlint/promptlint-wire",
                                "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri() + "/"}},
            "results": results,
        }],
    }  # fmt: skip
    return dump_json(doc)


def _gh_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(s: str) -> str:
    return _gh_data(s).replace(":", "%3A").replace(",", "%2C")


def render_github(report: Report, **_: Any) -> str:
    level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    out = []
    for d in report.diagnostics:
        msg = d.message
        for r in d.rules[1:]:
            msg += f" (conflicts with {r.path}:{r.line})"
        props = f"file={_gh_prop(d.path)},line={d.line},col={d.column},endLine={d.end_line},"
        if d.end_line == d.line:
            props += f"endColumn={max(d.end_column, d.column + 1)},"
        props += f"title={_gh_prop(f'promptlint ({d.code})')}"
        out.append(
            f"::{level[d.severity]} {props}::{_gh_data(f'{d.path}:{d.line}:{d.column}: {d.code} {msg}')}"
        )
    return "\n".join(out) + ("\n" if out else "")


def render_junit(report: Report, **_: Any) -> str:
    from xml.sax.saxutils import escape, quoteattr  # only junit needs it (it imports urllib)

    by_file: dict[str, list[Diagnostic]] = {}
    for f in report.files:
        by_file.setdefault(f.path, [])
    for d in report.diagnostics:
        by_file.setdefault(d.path, []).append(d)
    # a clean file is one passing test case, so every suite has at least one
    tests = sum(max(1, len(diags)) for diags in by_file.values())
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuites name="promptlint" tests="{tests}" '
             f'failures="{len(report.diagnostics)}" errors="0">']  # fmt: skip
    for path, diags in by_file.items():
        parts.append(f'  <testsuite name={quoteattr(path)} tests="{max(1, len(diags))}" '
                     f'failures="{len(diags)}" errors="0" skipped="0">')  # fmt: skip
        if not diags:
            parts.append(f'    <testcase name="promptlint" classname={quoteattr(path)}/>')
        for d in diags:
            name = quoteattr(f"{d.code} {path}:{d.line}:{d.column}")
            parts.append(f"    <testcase name={name} classname={quoteattr(path)}>")
            parts.append(f"      <failure message={quoteattr(d.message)} type={quoteattr(d.code)}>"
                         f"{escape(d.message)}</failure>")  # fmt: skip
            parts.append("    </testcase>")
        parts.append("  </testsuite>")
    parts.append("</testsuites>")
    return "\n".join(parts) + "\n"


def render_statistics(report: Report) -> str:
    """The WIRE pipeline table (``--pipeline-stats``): counts per policy."""
    head = (f"{'policy':36} {'found':>6} {'rules':>6} {'clauses':>8} {'pairs':>8} "
            f"{'cand.':>6} {'yield%':>7} {'coverage':>9}")  # fmt: skip
    rows = [head]
    for f in report.files:
        cov = f"{f.coverage:.0%}" if f.coverage is not None else "-"
        found = str(f.extracted) if f.extracted is not None else "-"
        rows.append(f"{f.path[-36:]:36} {found:>6} {f.rules:>6} {f.clauses:>8} "
                    f"{f.comparisons:>8} {f.candidates:>6} {100 * f.yield_:>7.2f} {cov:>9}")  # fmt: skip
    return "\n".join(rows) + "\n"
