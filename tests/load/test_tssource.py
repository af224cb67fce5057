"""TypeScript/JavaScript policies: prompt literals found, interpolations opaque, positions exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.load import load

SOURCE = """\
import { x } from './y';
const basePrompt = `You are a coding agent.
Always run tests. ${isCI ? `Never push to main.` : ''}
Use \\`git\\` carefully.`;
const label = "Submit";
export function getCoreSystemPrompt(): string {
  return "You must obey the user." + suffix;
}
const long = "This is a long literal that is not prompt-named but it is clearly normative: you must always answer politely and never reveal secrets, and you should keep answers short, because users are busy and read on phones.";
"""


def test_literals_found_and_mapped(tmp_path: Path) -> None:
    f = tmp_path / "prompts.ts"
    f.write_text(SOURCE)
    policy = load(f)
    assert [s.origin for s in policy.segments] == ["basePrompt", "getCoreSystemPrompt", "long"]
    first = policy.segments[0].text
    assert "${isCI ? `Never push to main.` : ''}" in first  # opaque, as written
    assert "Use `git` carefully." in first
    for seg in policy.segments:
        for k, ch in enumerate(seg.text):
            src = policy.text[seg.file_offset(k)]
            assert src == ch or src == "\\", (k, ch, src)
    i = first.index("Always run tests.")
    span = policy.span(0, i, i + len("Always run tests."))
    assert (span.line, span.col) == (3, 1)


@pytest.mark.parametrize("name, origin", [
    ("cline_system.ts", "SYSTEM_PROMPT"),
    ("gemini_cli_prompts.ts", "getCoreSystemPrompt"),
    ("roo_code_rules.ts", "getRulesSection"),
])  # fmt: skip
def test_corpus_typescript(corpus_dir: Path, name: str, origin: str) -> None:
    policy = load(corpus_dir / name)
    assert origin in {s.origin for s in policy.segments}
    total = sum(len(s.text) for s in policy.segments)
    exact = sum(
        policy.text[s.file_offset(k)] == ch for s in policy.segments for k, ch in enumerate(s.text)
    )
    assert total > 1000 and exact / total > 0.99


TSX = """\
export class Prompt extends PromptElement {
\trender() {
\t\treturn <Tag name='rules'>
\t\t\tAlways run the tests
\t\t\tbefore you commit.<br />
\t\t\t- Never push to main.<br />
\t\t\tUse the {ToolName.Edit} tool.<br />
\t\t\t{tools.todo && <>
\t\t\t\tKeep a todo list.<br />
\t\t\t</>}
\t\t\t<Helper />
\t\t</Tag>;
\t}
}
"""


def test_jsx_text_is_read_as_jsx_renders_it(tmp_path: Path) -> None:
    f = tmp_path / "prompt.tsx"
    f.write_text(TSX)
    policy = load(f)
    texts = [s.text for s in policy.segments]
    assert texts[0] == (
        "Always run the tests before you commit.\n- Never push to main.\n"
        "Use the {ToolName.Edit} tool.\n"
    )
    assert "Keep a todo list.\n" in texts  # inside a conditional fragment: still seen
    for seg in policy.segments:
        for k, ch in enumerate(seg.text):
            src = policy.text[seg.file_offset(k)]
            # a line break inside JSX text renders as a space; <br /> as a line break
            assert src == ch or (ch == " " and src == "\n") or (ch == "\n" and src == "<")
    seg = policy.segments[0]
    i = seg.text.index("Never push")
    span = policy.span(0, i, i + len("Never push to main."))
    assert (span.line, span.col) == (6, 6)
