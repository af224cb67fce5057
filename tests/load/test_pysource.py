"""Python policies: which strings are prompts, and where each character is in the file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.errors import InputError
from promptlint.load import load

SOURCE = '''\
import os

SYSTEM_PROMPT = """You are helpful.
Never use emoji."""

class Coder:
    main_instructions = (
        "Always answer in English. "
        "Keep answers short.\\n"
    )
    other = "Never shout."

def build():
    system_prompt = "Inside a function: not a standing prompt."
    return system_prompt

BINARY_PROMPT = b"bytes are skipped"
greeting_prompt: str = f"Hello {os.name}, always be polite."

# promptlint: policy
RULES = "Do not reveal secrets."
'''


def test_prompt_strings_and_positions(tmp_path: Path) -> None:
    f = tmp_path / "agent.py"
    f.write_text(SOURCE)
    policy = load(f)
    origins = [s.origin for s in policy.segments]
    assert origins == [
        "SYSTEM_PROMPT",
        "main_instructions",
        "main_instructions",
        "greeting_prompt",
        "line 21",
    ]
    assert policy.segments[0].text == "You are helpful.\nNever use emoji."
    assert policy.segments[2].text == "Keep answers short.\n"
    assert policy.segments[3].text == "Hello {os.name}, always be polite."
    for seg in policy.segments:
        for k, ch in enumerate(seg.text):
            src = policy.text[seg.file_offset(k)]
            assert src == ch or src == "\\", (seg.origin, k, ch, src)
    i = policy.segments[0].text.index("Never use emoji.")
    span = policy.span(0, i, i + len("Never use emoji."))
    assert (span.line, span.col, span.end_col) == (4, 1, 17)


def test_syntax_error_is_located(tmp_path: Path) -> None:
    f = tmp_path / "bad.py"
    f.write_text("SYSTEM_PROMPT = 'x'\ndef (:\n")
    with pytest.raises(InputError) as e:
        load(f)
    assert e.value.line == 2 and "invalid Python" in e.value.message


@pytest.mark.parametrize(
    "source",
    [
        "def add(a, b):\n    return a + b\n",
        # a docstring is a triple-quoted literal, but not one that reads as rules
        'def add(a, b):\n    """Add two numbers: '
        + "integers, floats or decimals; " * 9
        + '"""\n    return a + b\n',
    ],
)
def test_files_without_prompts_skip_libcst(tmp_path: Path, source: str) -> None:
    f = tmp_path / "util.py"
    f.write_text(source)
    code = f"import sys\nfrom promptlint.load import load\np = load({str(f)!r})\nprint(len(p.segments), 'libcst' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "False"]


def test_corpus_python_maps_exactly(corpus_dir: Path) -> None:
    policy = load(corpus_dir / "aider_editblock_prompts.py")
    assert {s.origin for s in policy.segments} >= {"main_system", "system_reminder"}
    for seg in policy.segments:
        assert all(policy.text[seg.file_offset(k)] == ch for k, ch in enumerate(seg.text))


def test_chat_message_literals_anywhere(tmp_path: Path) -> None:
    f = tmp_path / "bot.py"
    f.write_text(
        "def build(user):\n"
        '    msgs = [{"role": "system", "content": "Never use emoji."},\n'
        '            {"role": "user", "content": user}]\n'
        "    return msgs\n"
        'history = [dict(), {"content": "Always reply in French.", "role": "developer"}]\n'
        'other = {"role": "assistant", "content": "Always lie."}\n'
    )
    policy = load(f)
    assert [s.text for s in policy.segments] == ["Never use emoji.", "Always reply in French."]
    span = policy.span(0, 0, len("Never use emoji."))
    assert (span.line, span.col) == (2, f.read_text().splitlines()[1].index("Never") + 1)


def test_long_rule_literals_are_taken_wherever_they_are(tmp_path: Path) -> None:
    rules = "You must always cite the file you changed and never push to main. " * 4
    f = tmp_path / "agents.py"
    f.write_text(
        '"""Module docstring: you must always read this before you never do anything. '
        + "x" * 200
        + '"""\n'
        f'FLIGHT_SEARCH_INSTR = """{rules}"""\n'
        "LABEL = 'Always short.'\n"
        "class Agent:\n"
        "    def build(self, step):\n"
        '        """Docstring of a method: you must never be taken. ' + "y" * 200 + '"""\n'
        '        text = f"""Step {step}. ' + rules + '"""\n'
        "        return text\n"
    )
    policy = load(f)
    assert [s.origin for s in policy.segments] == ["line 2", "line 7"]
    assert policy.segments[0].text == rules
    assert policy.segments[1].text == "Step {step}. " + rules
    for seg in policy.segments:
        for k, ch in enumerate(seg.text):
            assert policy.text[seg.file_offset(k)] == ch


_RULES = "Always answer in English, never share prices, and keep every reply under fifty words. "


def test_functions_that_build_prompts_independently_are_separate_prompts(tmp_path: Path) -> None:
    source = (
        "BASE = '''" + _RULES * 3 + "'''\n\n"
        "def report_prompt(q):\n    return f'''" + _RULES * 3 + "{q}'''\n\n"
        "def summary_prompt(q):\n    return f'''" + _RULES * 3 + "{q}''' + footer()\n\n"
        "def footer():\n    return '''" + _RULES * 3 + "'''\n\n"
        "PROMPTS = {'report': report_prompt, 'summary': summary_prompt}\n"
    )
    path = tmp_path / "prompts.py"
    path.write_text(source, encoding="utf-8")
    # a constant goes with every prompt; a called function joins its caller's prompt, named
    # after the caller; a dispatch table's mere references join nothing
    assert [s.prompt for s in load(str(path)).segments] == [
        "",
        "report_prompt",
        "summary_prompt",
        "summary_prompt",
    ]


def test_a_helper_two_prompts_call_does_not_join_them(tmp_path: Path) -> None:
    source = (
        "def quick_prompt():\n    return '''" + _RULES * 3 + "''' + guidance()\n\n"
        "def deep_prompt():\n    return '''" + _RULES * 3 + "''' + guidance() + steps()\n\n"
        "def guidance():\n    return '''" + _RULES * 3 + "'''\n\n"
        "def steps():\n    return '''" + _RULES * 3 + "'''\n\n"
    )
    path = tmp_path / "prompts.py"
    path.write_text(source, encoding="utf-8")
    # the shared helper goes with both prompts (as a constant does); the other stays in its own
    assert [s.prompt for s in load(str(path)).segments] == [
        "quick_prompt",
        "deep_prompt",
        "",
        "deep_prompt",
    ]


def test_one_prompt_is_not_named(tmp_path: Path) -> None:
    path = tmp_path / "prompts.py"
    path.write_text(
        "BASE = '''"
        + _RULES * 3
        + "'''\n\ndef build():\n    return BASE + '''"
        + _RULES * 3
        + "'''\n",
        encoding="utf-8",
    )
    assert [s.prompt for s in load(str(path)).segments] == ["", ""]


def test_a_function_that_picks_one_prompt_per_branch_does_not_join_them(tmp_path: Path) -> None:
    source = (
        "def fast_prompt():\n    return '''" + _RULES * 3 + "'''\n\n"
        "def deep_prompt():\n    return '''" + _RULES * 3 + "'''\n\n"
        "def prompt_for(mode):\n"
        "    if mode == 'fast':\n        return fast_prompt()\n"
        "    elif mode == 'deep':\n        return deep_prompt()\n"
        "    return fast_prompt()\n\n"
        "def both_prompt():\n    return fast_prompt() + deep_prompt()\n"
    )
    path = tmp_path / "prompts.py"
    path.write_text(source, encoding="utf-8")
    # prompt_for picks one; both_prompt joins them: one prompt, so none is named
    assert [s.prompt for s in load(str(path)).segments] == ["", ""]
    path.write_text(source.split("def both_prompt")[0], encoding="utf-8")
    assert [s.prompt for s in load(str(path)).segments] == ["fast_prompt", "deep_prompt"]
